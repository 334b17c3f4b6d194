"""Aztack's names and values: colours, glyphs, stones, moves, states and views.

Everything here is data: the small named things (colours, glyphs, half
kinds, cells, :data:`NAME` and :data:`TITLE`), the stone classes and the
standard set (AZT-1 .. AZT-3), the move classes and their union
:data:`AnyMove`, the tables of a stone set (``SetInfo``), and :class:`State` and
:class:`View` with the private index a state caches for the move generator
(built in ``_tables.py``). It imports no other module of the game.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator, Sequence
from typing import Final, cast, overload

import attrs

from tilegames._core.basics import formerly, warn_renamed
from tilegames._core.bits import Mask, mask_of
from tilegames._core.chance import CHANCE
from tilegames._core.checks import is_int_pair
from tilegames._core.rules import OPTIONAL, Seat
from tilegames._core.state import CachedState, Drawable, summary
from tilegames.geometry import pyramid
from tilegames.geometry.pyramid import Pyramid

# ---------------------------------------------------------------------------
# Names: colours, glyphs, halves, cells, sizes
# ---------------------------------------------------------------------------

Colour = int
"""A colour: an index into :data:`COLOURS` (0 green .. 4 red), AZT-1."""
Glyph = int
"""A glyph: an index into :data:`GLYPHS` (0 flower .. 3 flint), AZT-1."""
Half = tuple[Colour, Glyph]
"""One half of a stone: its colour and its glyph (AZT-2)."""
Kind = int
"""A half as one number, ``glyph * 5 + colour`` (0..19): the 20 kinds of AZT-3."""
StoneId = int
"""A stone's number: its index in the game's set (:attr:`Stone.id`)."""
Cell = int
"""A cell's number, ``y * 6 + x`` (:mod:`tilegames.geometry.pyramid`)."""
XY = tuple[int, int]
"""A cell as ``(x, y)``: ``x`` along the rows (0..5), ``y`` across them (0..3)."""

GREEN: Final[Colour] = 0
"""Green, colour 0 (``G``)."""
ORANGE: Final[Colour] = 1
"""Orange, colour 1 (``O``)."""
GREY: Final[Colour] = 2
"""Grey, colour 2 (``Y``)."""
BLUE: Final[Colour] = 3
"""Blue, colour 3 (``B``)."""
RED: Final[Colour] = 4
"""Red, colour 4 (``R``)."""

FLOWER: Final[Glyph] = 0
"""The flower, glyph 0 (``f``)."""
WATER: Final[Glyph] = 1
"""Water, glyph 1 (``w``)."""
DEER: Final[Glyph] = 2
"""The deer, glyph 2 (``d``)."""
FLINT: Final[Glyph] = 3
"""Flint, glyph 3 (``t``)."""

COLOURS: Final = ("green", "orange", "grey", "blue", "red")
"""The five colours in the order of AZT-1; a colour is its index here."""
GLYPHS: Final = ("flower", "water", "deer", "flint")
"""The four glyphs in the order of AZT-1; a glyph is its index here."""

COLOUR_LETTERS: Final = "GOYBR"
"""One capital per colour, in :data:`COLOURS` order (``Y`` for grey: there is no yellow)."""
GLYPH_LETTERS: Final = "fwdt"
"""One small letter per glyph, in :data:`GLYPHS` order (``t`` for flint)."""

WIDTH: Final = pyramid.BASE_WIDTH
"""Cells along the rows (``x``): six base stones per row (AZT-4)."""
DEPTH: Final = pyramid.BASE_DEPTH
"""Cells across the two base rows (``y``), AZT-4."""
BASE_STONES: Final = WIDTH * DEPTH // 2
"""Stones in the base of the pyramid: two rows of six (AZT-4, AZT-8)."""
SUPPLY_SIZE: Final = 12
"""Stones each player draws at setup (AZT-10)."""
MIN_PLAYERS: Final = 2
"""The fewest seats in a game."""
MAX_PLAYERS: Final = 4
"""The most seats in a game."""
MODES: Final = ("turns", "speed")
"""The two ways to play: in turns (AZT-11 .. AZT-16) or the speed stack (AZT-17 .. AZT-19)."""

KINDS: Final = len(COLOURS) * len(GLYPHS)  # 20 half kinds, kind = glyph * 5 + colour (AZT-3)
MAX_STONES: Final = 240  # the largest custom set (keeps the AZT-9 reshuffle quick)
CELLS: Final = WIDTH * DEPTH
PAIRS: Final = pyramid.adjacent_pairs(WIDTH, DEPTH)
"""The 38 pairs of adjacent cells ``(a, b)``, ``a < b``, in the order moves are listed."""
NAME: Final = "aztack"
"""The game's registry name (:func:`tilegames.get`), also in its outcomes."""
TITLE: Final = "Aztack"
"""The game's name in words, for people."""


def kind_of(half: Half) -> Kind:
    colour, glyph = half
    return glyph * len(COLOURS) + colour


def half_of(kind: Kind) -> Half:
    glyph, colour = divmod(kind, len(COLOURS))
    return colour, glyph


class Match(enum.IntFlag):
    """What a placement matches (AZT-12, AZT-13): the value of :func:`score_move`.

    A flag: ``BOTH`` is ``COLOUR | GLYPH`` and earns the bonus discard.
    Ordered as ints, so ``max(moves, key=...)`` prefers the bonus.

    >>> (Match.COLOUR | Match.GLYPH) is Match.BOTH, int(Match.GLYPH)
    (True, 2)
    """

    NONE = 0
    """A pass: nothing is placed."""
    COLOUR = 1
    """Both colours match the halves beneath."""
    GLYPH = 2
    """Both glyphs match the halves beneath."""
    BOTH = 3
    """Both colours and both glyphs match: the bonus (AZT-13)."""


# ---------------------------------------------------------------------------
# Stones and the standard set (AZT-2, AZT-3)
# ---------------------------------------------------------------------------


def check_half(value: object) -> Half:
    """The value as a half, or raise TypeError/ValueError saying why it is not one."""
    if type(value) is not tuple or len(value) != 2 or any(type(v) is not int for v in value):
        msg = f"a half is a tuple (colour, glyph) of two ints, not {value!r}"
        raise TypeError(msg)
    colour, glyph = value
    if not (0 <= colour < len(COLOURS) and 0 <= glyph < len(GLYPHS)):
        msg = f"half {value!r}: colour must be 0..4 and glyph 0..3"
        raise ValueError(msg)
    return colour, glyph


def check_halves(value: object) -> tuple[Half, Half]:
    if type(value) is not tuple or len(value) != 2:
        msg = f"a stone's halves are a tuple of two (colour, glyph) pairs, not {value!r}"
        raise TypeError(msg)
    return check_half(value[0]), check_half(value[1])


@attrs.frozen
class Stone:
    """A domino stone: two square halves, each a colour and a glyph (AZT-2).

    ``str(stone)`` writes its halves as in :func:`format_stone`.

    >>> stone = STANDARD_STONES[1]
    >>> stone.id, stone.halves, str(stone)
    (1, ((0, 0), (0, 1)), 'GfGw')

    Raises:
        TypeError: if a field has the wrong type.
        ValueError: if a colour is not 0..4, a glyph not 0..3 or the id negative.
    """

    id: StoneId
    """The stone's number: its index in the game's set (:attr:`State.stones`)."""
    halves: tuple[Half, Half] = attrs.field(converter=check_halves)
    """The first and the second half, each ``(colour, glyph)``."""

    def __attrs_post_init__(self) -> None:
        """Refuse an id that is not a non-negative int."""
        if type(self.id) is not int or self.id < 0:
            msg = f"a stone's id is an int >= 0, not {self.id!r}"
            raise (ValueError if type(self.id) is int else TypeError)(msg)

    @property
    def colours(self) -> tuple[Colour, Colour]:
        """The colours of the first and second half."""
        return self.halves[0][0], self.halves[1][0]

    @property
    def glyphs(self) -> tuple[Glyph, Glyph]:
        """The glyphs of the first and second half."""
        return self.halves[0][1], self.halves[1][1]

    def __str__(self) -> str:
        """The halves in notation, such as ``'GfOw'`` (:func:`format_stone`)."""
        from tilegames.aztack._notation import format_stone  # (a cycle: it reads this module)

        return format_stone(self.halves)

    def __copy__(self) -> Stone:
        """A stone is an immutable value: a copy is the stone itself."""
        return self

    def __deepcopy__(self, memo: object) -> Stone:
        """A stone is an immutable value: a deep copy is the stone itself."""
        return self


class StoneSet(Sequence[Stone]):
    """A stone set: an immutable sequence of :class:`Stone`, stone ``i`` at index ``i``.

    It compares by value, hashes once (a state's hash does not rehash 60
    stones), pickles as its stones, and copies as itself (it is immutable).

    >>> stones = StoneSet([Stone(0, ((GREEN, FLOWER), (RED, DEER)))])
    >>> len(stones), str(stones[0]), stones == StoneSet(list(stones))
    (1, 'GfRd', True)

    Raises:
        ValueError: if a stone's id is not its index.
    """

    # No __slots__: tools that walk a value's fields and slots (such as the
    # conformance checker looking for seeds) see a set as one opaque value.

    def __init__(self, stones: Iterable[Stone]) -> None:
        """Hold the stones; ``stones[i].id`` must be ``i``."""
        held = tuple(stones)
        for index, stone in enumerate(held):
            if not isinstance(stone, Stone) or stone.id != index:
                msg = f"stone {index} of a set must be a Stone with id {index}, not {stone!r}"
                raise ValueError(msg)
        self._stones = held
        self._hash = hash(held)

    def __len__(self) -> int:
        """The number of stones."""
        return len(self._stones)

    @overload
    def __getitem__(self, index: int) -> Stone: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Stone, ...]: ...

    def __getitem__(self, index: int | slice) -> Stone | tuple[Stone, ...]:
        """The stone with id ``index`` (or a tuple of stones for a slice)."""
        return self._stones[index]

    def __iter__(self) -> Iterator[Stone]:
        """The stones by id."""
        return iter(self._stones)

    def __eq__(self, other: object) -> bool:
        """Sets are equal when they hold the same stones in the same order."""
        if self is other:
            return True
        if not isinstance(other, StoneSet):
            return NotImplemented
        return self._hash == other._hash and self._stones == other._stones

    def __hash__(self) -> int:
        """The hash of the stones, computed once."""
        return self._hash

    def __repr__(self) -> str:
        """The stones in notation."""
        return f"StoneSet({' '.join(map(str, self._stones))!r})"

    def __reduce__(self) -> tuple[object, ...]:
        """Pickle as the stones."""
        return StoneSet, (self._stones,)

    def __copy__(self) -> StoneSet:
        """An immutable value: the copy is the set itself."""
        return self

    def __deepcopy__(self, memo: object) -> StoneSet:
        """An immutable value: the copy is the set itself."""
        return self


def _standard_stones() -> StoneSet:
    """Build the 60 stones of AZT-3 (a [decision] of the spec).

    For every half kind ``k`` (``glyph * 5 + colour``) and every offset ``d``
    of (1, 5, 12), the stone ``(k, (k + d) mod 20)``, listed by ``k`` then
    ``d``: stone ``3 * k + i`` is the one with the ``i``-th offset.
    """
    stones: list[Stone] = []
    for kind in range(KINDS):
        for offset in (1, 5, 12):
            halves = (half_of(kind), half_of((kind + offset) % KINDS))
            stones.append(Stone(len(stones), halves))
    return StoneSet(stones)


STANDARD_STONES: Final[StoneSet] = _standard_stones()
"""The 60 stones of the standard set (AZT-3), as data; a stone's id is its index.

Each of the 20 half kinds is on exactly 6 halves, and no two stones are alike:

>>> from collections import Counter
>>> len(STANDARD_STONES), set(Counter(h for s in STANDARD_STONES for h in s.halves).values())
(60, {6})
>>> len({frozenset(s.halves) for s in STANDARD_STONES})
60
"""


# ---------------------------------------------------------------------------
# Moves
# ---------------------------------------------------------------------------


def _check_int(value: object, what: str, *, optional: bool = False) -> None:
    if (value is None and optional) or type(value) is int:
        return
    expected = "an int or None" if optional else "an int"
    msg = f"a move's {what} must be {expected}, not {value!r}"
    raise TypeError(msg)


def _check_cell(value: object, what: str) -> None:
    if not is_int_pair(value):
        msg = f"a move's {what} cell must be a tuple (x, y) of two ints, not {value!r}"
        raise TypeError(msg)


@attrs.frozen
class MoveBase:
    """What every move of Aztack has: the ``seat`` that makes it, and its notation.

    The base class of :class:`Place` and :class:`Pass`, and of the chance
    outcomes :class:`Lay` and :class:`Deal` of an explicit game's setup;
    never made itself. ``str(move)`` is its notation (:func:`format_move`).
    The moves themselves are ``Move``, their union, as in every game.

    .. versionchanged:: 0.1.0 named ``MoveBase``; ``Move`` is the union of the
       move classes, as every game's ``Move`` is (issue 44).

    Raises:
        TypeError: if the seat is not an int, or on ``MoveBase(...)`` itself.
    """

    seat: Seat
    """The seat making the move: the seat to move, or in the speed stack any seat (AZT-17)."""

    def __attrs_post_init__(self) -> None:
        """Refuse a seat that is not an int, and a bare MoveBase."""
        if type(self) is MoveBase:
            msg = "MoveBase is the base of Place and Pass; make one of those"
            raise TypeError(msg)
        _check_int(self.seat, "seat")

    def __str__(self) -> str:
        """The move in notation (see :func:`format_move`)."""
        from tilegames.aztack._notation import format_move  # (a cycle: it reads this module)

        return format_move(cast("Move", self))


@attrs.frozen
class Place(MoveBase):
    """Seat ``seat`` lays stone ``stone``: its first half on ``first``, its second on ``second``.

    The order of the two cells is the stone's orientation (AZT-7). With the
    bonus (AZT-13) the move may also discard one of the seat's other stones.

    Construction checks the types of the fields only; whether the move is
    legal depends on the state (:func:`why_illegal`).

    >>> move = Place(0, 17, (2, 0), (2, 1), discard=40)
    >>> str(move)
    '0:17@2,0/2,1x40'

    Raises:
        TypeError: if a field has the wrong type.
    """

    stone: StoneId
    """The id of the stone laid, one of the seat's (:func:`supply`)."""
    first: XY
    """The cell ``(x, y)`` under the stone's first half."""
    second: XY
    """The cell ``(x, y)`` under the stone's second half, next to ``first``."""
    discard: StoneId | None = None
    """With the bonus (AZT-13), the id of another of the seat's stones to discard, or ``None``."""

    def __attrs_post_init__(self) -> None:
        """Refuse fields of the wrong type."""
        discard = self.discard
        if (
            type(self.seat) is type(self.stone) is int
            and (discard is None or type(discard) is int)
            and is_int_pair(self.first)
            and is_int_pair(self.second)
        ):
            return  # the common case in one test; the checks below say what is wrong
        _check_int(self.seat, "seat")
        _check_int(self.stone, "stone")
        _check_cell(self.first, "first")
        _check_cell(self.second, "second")
        _check_int(self.discard, "discard", optional=True)


@attrs.frozen
class Pass(MoveBase):
    """Seat ``seat`` passes: allowed only when it cannot place (AZT-14); never in the speed stack.

    >>> str(Pass(1))
    '1:pass'

    Raises:
        TypeError: if the seat is not an int.
    """


def _check_flag(value: object, what: str) -> None:
    if type(value) is not bool:
        msg = f"a move's {what} must be a bool, not {value!r}"
        raise TypeError(msg)


@attrs.frozen
class Lay(MoveBase):
    """Chance lays the next base stone (AZT-8): stone ``stone``, turned round if ``turned``.

    An outcome of a chance step of a game started with ``chance="explicit"``
    (:func:`new_game`): the base is laid row by row, column by column (the
    stone of column ``x`` of row ``r`` on cells ``(x, 2r)`` and ``(x, 2r + 1)``).
    Unturned, the stone's first half lies on ``(x, 2r)`` and its second on
    ``(x, 2r + 1)``; turned, the other way round. Its seat is always
    :data:`~tilegames.CHANCE`.

    >>> str(Lay(17)), str(Lay(17, turned=True))
    ('lay:17', 'lay:17r')

    Raises:
        TypeError: if ``stone`` is not an int or ``turned`` not a bool.
    """

    seat: Seat = attrs.field(default=CHANCE, init=False)
    """Always :data:`~tilegames.CHANCE` (``-1``): chance makes the move."""
    stone: StoneId
    """The id of the stone laid."""
    turned: bool = False
    """Whether its second half lies on the row's first cell ``(x, 2r)``."""

    def __attrs_post_init__(self) -> None:
        """Refuse fields of the wrong type."""
        _check_int(self.stone, "stone")
        _check_flag(self.turned, "turned")


@attrs.frozen
class Deal(MoveBase):
    """Chance deals stone ``stone`` to the seat being dealt (AZT-10).

    An outcome of a chance step of a game started with ``chance="explicit"``
    (:func:`new_game`): once the base is laid, seat 0 gets its twelve stones
    one by one, then seat 1, and so on. Its seat is always
    :data:`~tilegames.CHANCE`; the seat dealt to is the state's.

    >>> str(Deal(40))
    'deal:40'

    Raises:
        TypeError: if ``stone`` is not an int.
    """

    seat: Seat = attrs.field(default=CHANCE, init=False)
    """Always :data:`~tilegames.CHANCE` (``-1``): chance makes the move."""
    stone: StoneId
    """The id of the stone dealt."""

    def __attrs_post_init__(self) -> None:
        """Refuse a stone that is not an int."""
        _check_int(self.stone, "stone")


MOVE_TYPES: Final = (Place, Pass)
"""The concrete move classes of the seats: a move argument is one of them exactly."""
CHANCE_TYPES: Final = (Lay, Deal)
"""The chance outcomes of an explicit game (AZT-8 .. AZT-10)."""

Move = Place | Pass | Lay | Deal
"""Every move of Aztack: the seats' :class:`Place` and :class:`Pass`, chance's :class:`Lay`
and :class:`Deal` (the outcomes of an explicit game's setup); ``isinstance(x, Move)`` works."""

AnyMove = Move
"""The same union as ``Move`` (its name before ``Move`` was the union in every game)."""

# What the entry points expect, for their WrongTypeError messages.
A_STATE: Final = f"an {TITLE} State"
A_POSITION: Final = f"an {TITLE} State or View"
A_MOVE: Final = f"an {TITLE} move (Place or Pass)"  # Lay and Deal too, at chance steps


# ---------------------------------------------------------------------------
# The tables of a stone set: which stones fit on which pair of halves
# ---------------------------------------------------------------------------


class SetInfo:
    """The tables of one stone set, built once per set.

    ``fit[a * 20 + b]`` is the bitmask (bit ``i`` for stone ``i``) of the
    stones whose first half may cover a half of kind ``a`` and second half a
    half of kind ``b``: both colours or both glyphs match (AZT-12);
    ``exact[...]`` those whose halves are exactly ``a`` and ``b`` (both
    colours and both glyphs, the bonus of AZT-13).
    """

    # No __slots__ here or in Index: tools that walk a state's values through
    # its fields and slots (the conformance checker's search for seeds) then
    # stop at these caches instead of visiting hundreds of table entries.

    stones: StoneSet
    kinds: tuple[tuple[Kind, Kind], ...]
    """Per stone, the kinds of its first and second half."""
    fit: tuple[Mask, ...]
    exact: tuple[Mask, ...]
    doubles: Mask
    """Bitmask of the stones whose two halves are alike: turned round they lie the same."""
    twin: tuple[StoneId, ...]
    """Per stone, the lowest id of a stone alike (same halves, either way round)."""
    twins: bool
    """Whether any two stones of the set are alike."""
    colours: tuple[Mask, ...]
    """Per stone, the bitmask of the colours on it."""
    by_id: tuple[Stone, ...]
    """The stones by id, as a plain tuple (for ``map(by_id.__getitem__, ids)``)."""
    places: dict[int, Place]
    """The placements without a discard handed out so far, by ``((seat * shift + stone) * 24
    + first cell) * 24 + second cell``: moves are values, so the move generator builds each
    one once per set (at most 4 seats x stones x 76 ways to lie) instead of once a state."""
    shift: int
    """The number of stones: a spot's masks hold its second orientation this many bits up."""
    masks: tuple[tuple[Mask, Mask, Mask], ...]
    """Per pair of faces ``fa * 20 + fb``, the masks of a spot on them (all of :data:`Spot`
    but its cells)."""
    spots: list[Spot | None]
    """The spot table: the spot of pair ``p`` with faces ``fa``, ``fb`` (on its cells
    ``a < b``) at ``p * 400 + fa * 20 + fb``; ``None`` until first needed (:meth:`spot`)."""

    def __init__(self, stones: StoneSet) -> None:
        self.stones = stones
        self.kinds = tuple((kind_of(s.halves[0]), kind_of(s.halves[1])) for s in stones)
        by_colours = [0] * len(COLOURS) ** 2
        by_glyphs = [0] * len(GLYPHS) ** 2
        exact = [0] * KINDS**2
        for bit, ((c1, g1), (c2, g2)) in enumerate(s.halves for s in stones):
            by_colours[c1 * len(COLOURS) + c2] |= 1 << bit
            by_glyphs[g1 * len(GLYPHS) + g2] |= 1 << bit
            exact[kind_of((c1, g1)) * KINDS + kind_of((c2, g2))] |= 1 << bit
        fit = []
        for a in range(KINDS):
            (ca, ga) = half_of(a)
            for b in range(KINDS):
                (cb, gb) = half_of(b)
                fit.append(by_colours[ca * len(COLOURS) + cb] | by_glyphs[ga * len(GLYPHS) + gb])
        self.fit = tuple(fit)
        self.exact = tuple(exact)
        self.doubles = mask_of(i for i, (k1, k2) in enumerate(self.kinds) if k1 == k2)
        first: dict[frozenset[Kind], StoneId] = {}
        self.twin = tuple(first.setdefault(frozenset(k), i) for i, k in enumerate(self.kinds))
        self.twins = len(first) < len(stones)
        self.colours = tuple((1 << c1) | (1 << c2) for c1, c2 in (s.colours for s in stones))
        self.by_id = tuple(stones)
        self.shift = len(stones)
        self.places = {}
        self.masks = self._spot_masks()
        self.spots = [None] * (len(PAIRS) * KINDS * KINDS)

    def spot(self, key: int) -> Spot:
        """The spot table's entry ``key`` (see :attr:`spots`), built on first use."""
        found = self.spots[key]
        if found is None:
            pair, faces = divmod(key, KINDS * KINDS)
            found = self.spots[key] = PAIRS[pair] + self.masks[faces]
        return found

    def _spot_masks(self) -> tuple[tuple[Mask, Mask, Mask], ...]:
        """Per pair of faces ``fa * 20 + fb``, the masks of a spot (:data:`Spot`) on them."""
        turnable = ~self.doubles
        shift = self.shift
        found = []
        for fa in range(KINDS):
            for fb in range(KINDS):
                ab, ba = fa * KINDS + fb, fb * KINDS + fa
                fab, fba = self.fit[ab], self.fit[ba] & turnable
                xab, xba = self.exact[ab], self.exact[ba] & turnable
                found.append((fab | fba << shift, xab | xba << shift, fab | fba))
        return tuple(found)


# ---------------------------------------------------------------------------
# The index a state caches: spots with their masks, supplies as bitmasks
# ---------------------------------------------------------------------------

Spot = tuple[Cell, Cell, Mask, Mask, Mask]
"""A spot as ``(a, b, fit, exact, reach)``: its cells ``a < b`` and the masks of the
stones that fit on it (AZT-12), that earn the bonus (AZT-13), and that fit one
way or the other.

``fit`` and ``exact`` hold both orientations in one int: bit ``i`` for stone
``i`` laid first half on ``a``, bit ``shift + i`` (:attr:`SetInfo.shift`, the
size of the set) for it laid first half on ``b``. The second orientation
leaves out the doubles: turned round, a double lies as it does the first way
(AZT-7). ``reach`` is a plain mask of stones: the two orientations or'ed (a
double fits one way exactly when it fits the other)."""


class Index:
    """What the move generator needs about a state; one per state, its tables never changed.

    Besides the tables, it keeps two caches that the functions fill on first
    use (:attr:`picked`, :attr:`shown`). An index is never shared by two
    states, so these caches belong to its state alone.
    """

    info: SetInfo
    masks: tuple[Mask, ...]
    """Per seat, the bitmask of the stones it holds."""
    cells: tuple[Spot | None, ...]
    """Per pair of adjacent cells (in ``PAIRS`` order), its spot, or ``None`` if it is none."""
    spots: list[Spot]
    """Every spot (AZT-6), in cell-pair order, with its masks: :attr:`cells` without ``None``."""
    movers: tuple[Seat, ...]
    """The seats holding a stone that fits somewhere (they can place), ascending."""
    over: bool
    """Whether the game has ended (AZT-15, AZT-16, AZT-18)."""

    def __init__(
        self, info: SetInfo, masks: tuple[Mask, ...], cells: tuple[Spot | None, ...]
    ) -> None:
        """The index of a state whose setup is done, from its spots per pair of cells.

        Built by ``full_index`` and ``placed_index`` (in ``_tables.py``).
        """
        self.info = info
        self.masks = masks
        self.cells = cells
        spots: list[Spot] = list(filter(None, cells))  # a spot is a non-empty tuple
        movers = []
        for seat, mask in enumerate(masks):
            for spot in spots:  # a seat that can place usually can on one of the first spots
                if spot[4] & mask:
                    movers.append(seat)
                    break
        self.spots = spots
        self.movers = tuple(movers)
        self.over = not movers or not all(masks)

    setup = False
    """Whether chance is to move (the setup of an explicit game): then ``over`` is also set."""

    # The caches, filled on first use (class attributes are the empty defaults).
    picked: AnyMove | None = None
    """The move that ``legal_moves(state)[i]`` built last: legal here, so ``apply`` trusts it."""
    shown: tuple[tuple[Stone, ...], ...] | None = None
    """Per seat, its stones (for :func:`~tilegames.aztack.view`)."""


# ---------------------------------------------------------------------------
# States and views
# ---------------------------------------------------------------------------


@attrs.frozen(repr=False, getstate_setstate=False)
class State(CachedState):
    """A position of Aztack: everything there is to know (the game hides nothing, AZT-20).

    States are immutable and compare, hash and pickle by value; build the
    first with :func:`new_game` and the next with :func:`apply`. ``str(state)``
    is the plain-text picture of :func:`render_text`; ``repr(state)`` is one
    line, ``<aztack State: 2 players, 0 stones placed, seat 0 to move>``.

    The fields below are the whole game. A state also caches a private index
    (its spots and the bitmasks of the supplies) for speed; it is not compared,
    hashed or pickled, and it is rebuilt, and the fields checked, when missing.
    """

    stones: StoneSet
    """The game's stone set, by id (:data:`STANDARD_STONES` unless a custom set was given).

    It includes the stones out of play (AZT-10).
    """
    pyramid: Pyramid
    """The 6 x 4 grid: per cell number ``y * 6 + x``, its height and the id of its top stone."""
    faces: tuple[Kind, ...]
    """Per cell number, the half on top as a kind ``glyph * 5 + colour`` (AZT-5)."""
    supplies: tuple[tuple[StoneId, ...], ...]
    """Per seat, the ids of the stones it holds, ascending (face up, AZT-10)."""
    whose_turn: Seat | None = attrs.field(metadata=formerly("turn"))
    """Turn game: the seat whose turn it is (AZT-11). Speed stack: ``None`` (no turns, AZT-17)."""
    last_placed: tuple[int, ...]
    """Per seat, the number of the placement it made last (1 for the game's first), or 0.

    Only the order matters: a higher number is a more recent placement
    (the tie-break of AZT-16 and the result of AZT-18).
    """
    explicit: bool = attrs.field(default=False, metadata=OPTIONAL)
    """Whether the game was started with ``chance="explicit"`` (:func:`new_game`).

    Its setup is then a chain of chance steps: while the base is being laid
    (cells of height 0, whose top is :data:`~tilegames.geometry.pyramid.NO_STONE`
    and whose face is 0) or the supplies dealt (before any placement, a
    supply holding fewer than twelve stones), chance is to move. Added after
    version 1 of the JSON format: a document without it is a seeded game.
    """
    _index: Index | None = attrs.field(default=None, init=False, eq=False, repr=False)

    def __str__(self) -> str:
        """The plain-text picture of the pyramid and the supplies (:func:`render_text`)."""
        from tilegames.aztack._draw import render_text  # (a cycle: it reads this module)

        return render_text(self)

    def __repr__(self) -> str:
        """One line: the seats, the speed stack, explicit chance, the placements, who moves."""
        mode = MODES[self.whose_turn is None]  # the speed stack has no turns
        return summary(self, len(self.supplies), _facts(mode, self.explicit, self.last_placed))

    @property
    def turn(self) -> Seat | None:
        """Deprecated: :attr:`whose_turn`, named ``turn`` before ``turn`` meant a turn's number."""
        warn_renamed("aztack.State.turn", "State.whose_turn")
        return self.whose_turn


@attrs.frozen(repr=False)
class View(Drawable):
    """What a seat may see (AZT-10, AZT-20): the pyramid and every supply, face up.

    Built by :func:`view`. ``str(view)`` is the same picture as for a state.
    The game hides nothing but the order of the stones out of play (AZT-20):
    a view lists no stone out of play, and carries the game's set only when
    it is a custom one (the standard set is :data:`STANDARD_STONES`).
    """

    seat: Seat | None
    """The seat this view is for; ``None`` in the public view (an onlooker's)."""
    mode: str
    """``"turns"`` or ``"speed"`` (:data:`MODES`)."""
    to_move: tuple[Seat, ...]
    """The seats that may move now, as :func:`to_move`."""
    pyramid: Pyramid
    """Heights and top stone ids, as in :attr:`State.pyramid`."""
    faces: tuple[Kind, ...]
    """The top half kind per cell, as in :attr:`State.faces`."""
    supplies: tuple[tuple[Stone, ...], ...]
    """Per seat, the stones it holds, ascending by id (all face up)."""
    whose_turn: Seat | None = attrs.field(metadata=formerly("turn"))
    """The seat whose turn it is, or ``None`` in the speed stack (:attr:`State.whose_turn`)."""
    last_placed: tuple[int, ...]
    """Per seat, the number of its most recent placement, as in :attr:`State.last_placed`."""
    stones: StoneSet | None = attrs.field(default=None, metadata=OPTIONAL)
    """The game's custom stone set (:attr:`State.stones`), or ``None`` for the standard set.

    Added after version 1 of the JSON format: a document without it is a view
    of a game with :data:`STANDARD_STONES`.
    """
    explicit: bool = attrs.field(default=False, metadata=OPTIONAL)
    """Whether the game was started with ``chance="explicit"`` (:attr:`State.explicit`).

    During its setup the view shows the base laid so far and the supplies
    dealt so far (everything is face up, AZT-10) and :attr:`to_move` is
    ``(CHANCE,)``.
    """

    def __str__(self) -> str:
        """The plain-text picture (:func:`render_text`)."""
        from tilegames.aztack._draw import render_text  # (a cycle: it reads this module)

        return render_text(self)

    def __repr__(self) -> str:
        """One line, as a state's, naming the seat the view is for."""
        facts = _facts(self.mode, self.explicit, self.last_placed)
        return summary(self, len(self.supplies), facts, seat=self.seat, to_move=self.to_move)

    @property
    def turn(self) -> Seat | None:
        """Deprecated: :attr:`whose_turn` (``turn`` goes in the next release)."""
        warn_renamed("aztack.View.turn", "View.whose_turn")
        return self.whose_turn


def _facts(mode: str, explicit: bool, last_placed: tuple[int, ...]) -> list[str]:
    """What a state's or view's repr says besides the seats and who moves."""
    facts = [] if mode == MODES[0] else [f"{mode} mode"]
    if explicit:
        facts.append("explicit chance")
    return [*facts, f"{max(last_placed, default=0)} stones placed"]
