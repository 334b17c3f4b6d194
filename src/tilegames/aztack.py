r"""Aztack: domino stones stacked into a pyramid, matching colours or glyphs.

The rules are ``shared/rules/aztack.md``; every rule id quoted here
(``AZT-1`` .. ``AZT-20``) is a rule of that page. In short: twelve stones lie
face up as the base of a pyramid; each player holds twelve stones, face up.
In turn, a player lays one stone flat across two different stones below it so
that both colours, or both glyphs, match the halves it covers; matching both
colours *and* both glyphs lets the player discard a stone as well. Whoever
empties their supply first wins; if everybody is stuck, the fewest stones win.
In the *speed stack* variant there are no turns: anybody who can place may.

A game is a chain of immutable :class:`State` values::

    >>> from tilegames import aztack
    >>> state = aztack.new_game(players=2, seed=7)
    >>> aztack.to_move(state)
    (0,)
    >>> moves = aztack.legal_moves(state)
    >>> after = aztack.apply(state, moves[0])
    >>> aztack.to_move(after), aztack.stones_left(after)
    ((1,), (11, 12))

Coordinates are those of :mod:`tilegames.geometry.pyramid`: cell ``(x, y)``,
``x`` along the rows (0..5) and ``y`` across them (0..3); cell number
``y * 6 + x``. Each base stone lies across its row::

            x:  0     1     2     3     4     5
          y 0 +-----+-----+-----+-----+-----+-----+
              |  first row: the stone in column x |
          y 1 |  covers (x, 0) and (x, 1)         |
              +-----+-----+-----+-----+-----+-----+
          y 2 |  second row: (x, 2) and (x, 3)    |
          y 3 |                                   |
              +-----+-----+-----+-----+-----+-----+

A new stone covers two orthogonally adjacent cells, along a row (``(x, y)``
and ``(x + 1, y)``) or across (``(x, y)`` and ``(x, y + 1)``). A
:class:`Place` move names the stone, the cell under its first half and the
cell under its second half: the order of the two cells is the orientation.

How it is fast: the halves of a stone are numbered as 20 *kinds*
(``glyph * 5 + colour``), and for every pair of kinds a stone may cover, a
table built once per stone set holds the bitmask of the stones (by id) that
fit there and of those that earn the bonus. A state caches the list of its
spots with those masks; a seat's placements on a spot are then one ``&`` with
the bitmask of its supply, and :func:`legal_moves` is a lazy sequence whose
length is a sum of bit counts.
"""

from __future__ import annotations

import bisect
import enum
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Final, overload

import attrs

from tilegames._core import rng
from tilegames._core.errors import (
    ConfigurationError,
    GameOverError,
    IllegalMoveError,
    InvalidStateError,
    NotationError,
)
from tilegames._core.moves import LazyMoves
from tilegames._core.rules import GameRules, Outcome, Seat, Setup, rank_by
from tilegames._core.state import CachedState, Drawable
from tilegames.geometry import pyramid
from tilegames.geometry.pyramid import Pyramid

__all__ = [
    "BASE_STONES",
    "BLUE",
    "COLOURS",
    "COLOUR_LETTERS",
    "DEER",
    "FLINT",
    "FLOWER",
    "GLYPHS",
    "GLYPH_LETTERS",
    "GREEN",
    "GREY",
    "MODES",
    "ORANGE",
    "RED",
    "RULES",
    "STANDARD_STONES",
    "DEPTH",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "SUPPLY_SIZE",
    "WATER",
    "WIDTH",
    "Colour",
    "Glyph",
    "Half",
    "LegalMoves",
    "Match",
    "Move",
    "Pass",
    "Place",
    "State",
    "Stone",
    "StoneSet",
    "View",
    "apply",
    "can_place",
    "determinize",
    "evaluate",
    "format_half",
    "format_move",
    "format_stone",
    "heights",
    "is_over",
    "legal_moves",
    "mode",
    "new_game",
    "outcome",
    "parse_move",
    "parse_stone",
    "players",
    "render_text",
    "score_move",
    "stones_left",
    "supply",
    "to_move",
    "tops",
    "validate",
    "view",
    "why_illegal",
]

# ---------------------------------------------------------------------------
# Names: colours, glyphs, halves, cells, sizes
# ---------------------------------------------------------------------------

Colour = int
"""A colour: an index into :data:`COLOURS` (0 green .. 4 red), AZT-1."""
Glyph = int
"""A glyph: an index into :data:`GLYPHS` (0 flower .. 3 flint), AZT-1."""
Half = tuple[Colour, Glyph]
"""One half of a stone: its colour and its glyph (AZT-2)."""

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

_KINDS: Final = len(COLOURS) * len(GLYPHS)  # 20 half kinds, kind = glyph * 5 + colour (AZT-3)
_MAX_STONES: Final = 240  # the largest custom set (keeps the AZT-9 reshuffle quick)
_CELLS: Final = WIDTH * DEPTH


def _kind(half: Half) -> int:
    colour, glyph = half
    return glyph * len(COLOURS) + colour


def _half(kind: int) -> Half:
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


def _check_half(value: object) -> Half:
    """The value as a half, or raise TypeError/ValueError saying why it is not one."""
    if type(value) is not tuple or len(value) != 2 or any(type(v) is not int for v in value):
        msg = f"a half is a tuple (colour, glyph) of two ints, not {value!r}"
        raise TypeError(msg)
    colour, glyph = value
    if not (0 <= colour < len(COLOURS) and 0 <= glyph < len(GLYPHS)):
        msg = f"half {value!r}: colour must be 0..4 and glyph 0..3"
        raise ValueError(msg)
    return colour, glyph


def _check_halves(value: object) -> tuple[Half, Half]:
    if type(value) is not tuple or len(value) != 2:
        msg = f"a stone's halves are a tuple of two (colour, glyph) pairs, not {value!r}"
        raise TypeError(msg)
    return _check_half(value[0]), _check_half(value[1])


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

    id: int
    """The stone's number: its index in the game's set (:attr:`State.stones`)."""
    halves: tuple[Half, Half] = attrs.field(converter=_check_halves)
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
    for kind in range(_KINDS):
        for offset in (1, 5, 12):
            halves = (_half(kind), _half((kind + offset) % _KINDS))
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


def format_half(half: Half) -> str:
    """A half as its colour capital and glyph letter.

    >>> format_half((GREY, FLINT))
    'Yt'
    """
    colour, glyph = half
    return COLOUR_LETTERS[colour] + GLYPH_LETTERS[glyph]


def format_stone(stone: Stone | tuple[Half, Half]) -> str:
    """A stone (or a pair of halves) as four letters: first half, then second.

    >>> format_stone(((GREEN, FLOWER), (ORANGE, WATER)))
    'GfOw'
    """
    first, second = stone.halves if isinstance(stone, Stone) else stone
    return format_half(first) + format_half(second)


_STONE_TEXT = re.compile(r"([GOYBR])([fwdt])([GOYBR])([fwdt])")


def parse_stone(text: str) -> tuple[Half, Half]:
    """Read a stone's halves written as by :func:`format_stone`.

    >>> parse_stone("GfOw")
    ((0, 0), (1, 1))

    Raises:
        NotationError: if the text is not a colour capital and glyph letter, twice.
    """
    found = _STONE_TEXT.fullmatch(text.strip()) if isinstance(text, str) else None
    if found is None:
        msg = (
            f"a stone is written as two halves, each a colour of {COLOUR_LETTERS} and a glyph "
            f"of {GLYPH_LETTERS}, such as 'GfOw', not {text!r}"
        )
        raise NotationError(msg)
    c1, g1, c2, g2 = found.groups()
    return (
        (COLOUR_LETTERS.index(c1), GLYPH_LETTERS.index(g1)),
        (COLOUR_LETTERS.index(c2), GLYPH_LETTERS.index(g2)),
    )


# ---------------------------------------------------------------------------
# Cells and spots (AZT-4 .. AZT-6)
# ---------------------------------------------------------------------------


def _cell_coordinates() -> tuple[tuple[int, int], ...]:
    """Cell number -> ``(x, y)``, numbers in reading order (``y * WIDTH + x``)."""
    return tuple((cell % WIDTH, cell // WIDTH) for cell in range(_CELLS))


_XY: Final = _cell_coordinates()
_NUMBER: Final[Mapping[tuple[int, int], int]] = {xy: cell for cell, xy in enumerate(_XY)}
_PAIRS: Final = pyramid.adjacent_pairs(WIDTH, DEPTH)
"""The 38 pairs of adjacent cells ``(a, b)``, ``a < b``, in the order moves are listed."""
_ADJACENT: Final = frozenset(_PAIRS) | frozenset((b, a) for a, b in _PAIRS)


# ---------------------------------------------------------------------------
# Per-set tables: which stones fit on which pair of halves
# ---------------------------------------------------------------------------


class _Set:
    """The tables of one stone set, built once per set.

    ``fit[a * 20 + b]`` is the bitmask (bit ``i`` for stone ``i``) of the
    stones whose first half may cover a half of kind ``a`` and second half a
    half of kind ``b``: both colours or both glyphs match (AZT-12);
    ``exact[...]`` those whose halves are exactly ``a`` and ``b`` (both
    colours and both glyphs, the bonus of AZT-13).
    """

    # No __slots__ here or in _Index: tools that walk a state's values through
    # its fields and slots (the conformance checker's search for seeds) then
    # stop at these caches instead of visiting hundreds of table entries.

    stones: StoneSet
    kinds: tuple[tuple[int, int], ...]
    """Per stone, the kinds of its first and second half."""
    fit: tuple[int, ...]
    exact: tuple[int, ...]
    doubles: int
    """Bitmask of the stones whose two halves are alike: turned round they lie the same."""
    twin: tuple[int, ...]
    """Per stone, the lowest id of a stone alike (same halves, either way round)."""
    twins: bool
    """Whether any two stones of the set are alike."""
    colours: tuple[int, ...]
    """Per stone, the bitmask of the colours on it."""

    def __init__(self, stones: StoneSet) -> None:
        self.stones = stones
        self.kinds = tuple((_kind(s.halves[0]), _kind(s.halves[1])) for s in stones)
        by_colours = [0] * len(COLOURS) ** 2
        by_glyphs = [0] * len(GLYPHS) ** 2
        exact = [0] * _KINDS**2
        for bit, ((c1, g1), (c2, g2)) in enumerate(s.halves for s in stones):
            by_colours[c1 * len(COLOURS) + c2] |= 1 << bit
            by_glyphs[g1 * len(GLYPHS) + g2] |= 1 << bit
            exact[_kind((c1, g1)) * _KINDS + _kind((c2, g2))] |= 1 << bit
        fit = []
        for a in range(_KINDS):
            (ca, ga) = _half(a)
            for b in range(_KINDS):
                (cb, gb) = _half(b)
                fit.append(by_colours[ca * len(COLOURS) + cb] | by_glyphs[ga * len(GLYPHS) + gb])
        self.fit = tuple(fit)
        self.exact = tuple(exact)
        self.doubles = sum(1 << i for i, (k1, k2) in enumerate(self.kinds) if k1 == k2)
        first: dict[frozenset[int], int] = {}
        self.twin = tuple(first.setdefault(frozenset(k), i) for i, k in enumerate(self.kinds))
        self.twins = len(first) < len(stones)
        self.colours = tuple((1 << c1) | (1 << c2) for c1, c2 in (s.colours for s in stones))


_SETS: dict[StoneSet, _Set] = {}
"""Stone set -> its tables; the standard set's are built at import."""


def _set_info(stones: StoneSet) -> _Set:
    info = _SETS.get(stones)
    if info is None:
        if len(_SETS) > 64:  # a bound for programs that make many custom sets
            _SETS.clear()
        info = _SETS[stones] = _Set(stones)
    return info


_STANDARD: Final = _set_info(STANDARD_STONES)


# ---------------------------------------------------------------------------
# Moves, states and views
# ---------------------------------------------------------------------------


def _check_int(value: object, what: str, *, optional: bool = False) -> None:
    if (value is None and optional) or type(value) is int:
        return
    expected = "an int or None" if optional else "an int"
    msg = f"a move's {what} must be {expected}, not {value!r}"
    raise TypeError(msg)


def _check_cell(value: object, what: str) -> None:
    if type(value) is not tuple or len(value) != 2 or any(type(v) is not int for v in value):
        msg = f"a move's {what} cell must be a tuple (x, y) of two ints, not {value!r}"
        raise TypeError(msg)


@attrs.frozen
class Move:
    """A move of Aztack, made by ``seat``: a :class:`Place` or a :class:`Pass`.

    The base class of both, never made itself. ``str(move)`` is its notation
    (:func:`format_move`).

    Raises:
        TypeError: if the seat is not an int, or on ``Move(...)`` itself.
    """

    seat: Seat
    """The seat making the move: the seat to move, or in the speed stack any seat (AZT-17)."""

    def __attrs_post_init__(self) -> None:
        """Refuse a seat that is not an int, and a bare Move."""
        if type(self) is Move:
            msg = "Move is the base of Place and Pass; make one of those"
            raise TypeError(msg)
        _check_int(self.seat, "seat")

    def __str__(self) -> str:
        """The move in notation (see :func:`format_move`)."""
        return format_move(self)


@attrs.frozen
class Place(Move):
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

    stone: int
    """The id of the stone laid, one of the seat's (:func:`supply`)."""
    first: tuple[int, int]
    """The cell ``(x, y)`` under the stone's first half."""
    second: tuple[int, int]
    """The cell ``(x, y)`` under the stone's second half, next to ``first``."""
    discard: int | None = None
    """With the bonus (AZT-13), the id of another of the seat's stones to discard, or ``None``."""

    def __attrs_post_init__(self) -> None:
        """Refuse fields of the wrong type."""
        _check_int(self.seat, "seat")
        _check_int(self.stone, "stone")
        _check_cell(self.first, "first")
        _check_cell(self.second, "second")
        _check_int(self.discard, "discard", optional=True)


@attrs.frozen
class Pass(Move):
    """Seat ``seat`` passes: allowed only when it cannot place (AZT-14); never in the speed stack.

    >>> str(Pass(1))
    '1:pass'

    Raises:
        TypeError: if the seat is not an int.
    """


@attrs.frozen(getstate_setstate=False)
class State(CachedState):
    """A position of Aztack: everything there is to know (the game hides nothing, AZT-20).

    States are immutable and compare, hash and pickle by value; build the
    first with :func:`new_game` and the next with :func:`apply`. ``str(state)``
    is the plain-text picture of :func:`render_text`.

    The fields below are the whole game. A state also caches a private index
    (its spots and the bitmasks of the supplies) for speed; it is not compared,
    hashed or pickled, and it is rebuilt, and the fields checked, when missing.
    """

    stones: StoneSet
    """The game's stone set, by id (:data:`STANDARD_STONES` unless a custom set was given).

    It includes the stones out of play (AZT-10), which no :class:`View` shows.
    """
    pyramid: Pyramid
    """The 6 x 4 grid: per cell number ``y * 6 + x``, its height and the id of its top stone."""
    faces: tuple[int, ...]
    """Per cell number, the half on top as a kind ``glyph * 5 + colour`` (AZT-5)."""
    supplies: tuple[tuple[int, ...], ...]
    """Per seat, the ids of the stones it holds, ascending (face up, AZT-10)."""
    turn: Seat | None
    """Turn game: the seat whose turn it is (AZT-11). Speed stack: ``None`` (no turns, AZT-17)."""
    last_placed: tuple[int, ...]
    """Per seat, the number of the placement it made last (1 for the game's first), or 0.

    Only the order matters: a higher number is a more recent placement
    (the tie-break of AZT-16 and the result of AZT-18).
    """
    _index: _Index | None = attrs.field(default=None, init=False, eq=False, repr=False)

    def __str__(self) -> str:
        """The plain-text picture of the pyramid and the supplies (:func:`render_text`)."""
        return render_text(self)


@attrs.frozen
class View(Drawable):
    """What a seat may see (AZT-10, AZT-20): everything but the stones out of play.

    Built by :func:`view`. ``str(view)`` is the same picture as for a state.
    """

    seat: Seat
    """The seat this view is for."""
    mode: str
    """``"turns"`` or ``"speed"`` (:data:`MODES`)."""
    to_move: tuple[Seat, ...]
    """The seats that may move now, as :func:`to_move`."""
    pyramid: Pyramid
    """Heights and top stone ids, as in :attr:`State.pyramid`."""
    faces: tuple[int, ...]
    """The top half kind per cell, as in :attr:`State.faces`."""
    supplies: tuple[tuple[Stone, ...], ...]
    """Per seat, the stones it holds, ascending by id (all face up)."""
    turn: Seat | None
    """The seat whose turn it is, or ``None`` in the speed stack."""
    last_placed: tuple[int, ...]
    """Per seat, the number of its most recent placement, as in :attr:`State.last_placed`."""

    def __str__(self) -> str:
        """The plain-text picture (:func:`render_text`)."""
        return render_text(self)


# ---------------------------------------------------------------------------
# The index: spots with their masks, supplies as bitmasks
# ---------------------------------------------------------------------------

_Spot = tuple[int, int, int, int, int, int]
"""A spot as ``(a, b, fit_ab, fit_ba, exact_ab, exact_ba)``: the cells ``a < b`` and
the masks of the stones that fit, and that earn the bonus, first half on ``a``
(``_ab``) or first half on ``b`` (``_ba``)."""


class _Index:
    """What the move generator needs about a state; built once, never changed."""

    info: _Set
    masks: tuple[int, ...]
    """Per seat, the bitmask of the stones it holds."""
    spots: list[_Spot]
    """Every spot (AZT-6), in :data:`_PAIRS` order, with its masks."""
    reach: int
    """The bitmask of every stone that fits some spot one way or the other."""
    movers: tuple[Seat, ...]
    """The seats holding a stone that fits somewhere (they can place), ascending."""
    over: bool
    """Whether the game has ended (AZT-15, AZT-16, AZT-18)."""

    def __init__(
        self, info: _Set, masks: tuple[int, ...], grid: Pyramid, faces: Sequence[int]
    ) -> None:
        self.info = info
        self.masks = masks
        fit, exact = info.fit, info.exact
        spots: list[_Spot] = []
        reach = 0
        for a, b in pyramid.spots(grid):
            ab = faces[a] * _KINDS + faces[b]
            ba = faces[b] * _KINDS + faces[a]
            fab, fba = fit[ab], fit[ba]
            reach |= fab | fba
            spots.append((a, b, fab, fba, exact[ab], exact[ba]))
        self.spots = spots
        self.reach = reach
        self.movers = tuple(seat for seat, mask in enumerate(masks) if mask & reach)
        self.over = not self.movers or not all(masks)


def _index(state: State) -> _Index:
    """The state's index, built (and the state checked) on first use."""
    index = state._index
    if index is None:
        info = _check_state(state)
        masks = tuple(_mask(held) for held in state.supplies)
        index = _Index(info, masks, state.pyramid, state.faces)
        object.__setattr__(state, "_index", index)
    return index


def _mask(stones: Iterable[int]) -> int:
    mask = 0
    for stone in stones:
        mask |= 1 << stone
    return mask


def _bits(mask: int) -> Iterator[int]:
    """The set bits of a mask, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _bad(field: str, problem: str) -> InvalidStateError:
    return InvalidStateError(f"{field}: {problem}")


def _check_state(state: State) -> _Set:
    """Check the shape of a state not made by this module; return its set's tables.

    This is what every function needs to work on a hand-built state (the
    fields' types and sizes, supplies apart from the tops, tops showing
    halves of their stones); :func:`validate` checks more.

    Raises:
        InvalidStateError: naming the field and the problem.
    """
    stones = state.stones
    if not isinstance(stones, StoneSet):
        raise _bad("State.stones", f"expected a StoneSet, got {type(stones).__name__}")
    count = _check_seats("State", state.supplies, state.last_placed, state.turn)
    grid = _check_grid("State", state.pyramid, state.faces)
    if any(not 0 <= top < len(stones) for top in grid.tops):
        raise _bad("State.pyramid.tops", f"a stone id is not in the set of {len(stones)}")
    seen: set[int] = set()
    for seat in range(count):
        held = state.supplies[seat]
        field = f"State.supplies[{seat}]"
        if type(held) is not tuple or any(type(s) is not int for s in held):
            raise _bad(field, f"expected a tuple of stone ids, got {held!r}")
        if list(held) != sorted(set(held)) or any(not 0 <= s < len(stones) for s in held):
            raise _bad(field, f"{held!r} must be distinct ids of the set, ascending")
        if seen & set(held) or set(held) & set(grid.tops):
            raise _bad(field, "holds a stone that is also elsewhere (another supply or a top)")
        seen |= set(held)
    showing: dict[int, list[int]] = {}
    for cell, top in enumerate(grid.tops):
        showing.setdefault(top, []).append(cell)
    for top, cells in showing.items():
        kinds = _kinds_of(stones[top])
        shown = sorted(state.faces[cell] for cell in cells)
        if len(cells) > 2 or (len(cells) == 2 and tuple(cells) not in _ADJACENT):
            raise _bad("State.pyramid.tops", f"stone {top} on cells {[_XY[c] for c in cells]}")
        if (len(cells) == 2 and shown != sorted(kinds)) or not set(shown) <= set(kinds):
            raise _bad("State.faces", f"stone {top} does not have the halves its cells show")
    return _set_info(stones)


def _check_seats(kind: str, supplies: object, last_placed: object, turn: object) -> int:
    """Check the per-seat fields; return the number of seats."""
    if type(supplies) is not tuple or not MIN_PLAYERS <= len(supplies) <= MAX_PLAYERS:
        raise _bad(f"{kind}.supplies", "expected one supply for each of 2 to 4 seats")
    count = len(supplies)
    if (
        type(last_placed) is not tuple
        or len(last_placed) != count
        or any(type(n) is not int or n < 0 for n in last_placed)
    ):
        raise _bad(f"{kind}.last_placed", f"expected {count} ints >= 0, got {last_placed!r}")
    if turn is not None and (type(turn) is not int or not 0 <= turn < count):
        raise _bad(f"{kind}.turn", f"{turn!r} is neither None nor a seat 0..{count - 1}")
    return count


def _check_grid(kind: str, grid: object, faces: object) -> Pyramid:
    """Check the pyramid and the faces of a state or view."""
    if not isinstance(grid, Pyramid) or (grid.width, grid.depth) != (WIDTH, DEPTH):
        raise _bad(f"{kind}.pyramid", f"expected a {WIDTH}x{DEPTH} Pyramid")
    if min(grid.heights) < 1:
        raise _bad(f"{kind}.pyramid.heights", "every cell has the base under it (AZT-4)")
    if type(faces) is not tuple or len(faces) != _CELLS:
        raise _bad(f"{kind}.faces", f"expected a tuple of {_CELLS} half kinds")
    if any(type(f) is not int or not 0 <= f < _KINDS for f in faces):
        raise _bad(f"{kind}.faces", "half kinds are ints 0..19 (glyph * 5 + colour)")
    return grid


def validate(value: State | View | Outcome | Move) -> None:
    """Check a state, view or outcome made outside the rules, for example loaded from JSON.

    A state passes when its fields have the right shapes (as every function
    needs) and the game could have reached it: at most 12 stones per supply,
    the base stones side by side where nothing covers them (AZT-4), as many
    stones in play as the set holds, and placement numbers that count the
    placements on the pyramid. A view passes the same checks on what it
    shows, its mode agreeing with its turn; an outcome needs 2 to 4 scores of
    0 to 12 stones. A move is checked by its constructor, so any
    :class:`Place` or :class:`Pass` passes. :mod:`tilegames.serialize` calls
    this on everything it loads.

    >>> state = new_game(seed=2)
    >>> validate(state)
    >>> validate(attrs.evolve(state, last_placed=(0, 3)))
    Traceback (most recent call last):
    ...
    tilegames._core.errors.InvalidStateError: State.last_placed: placement 3 of 0 made so far

    Raises:
        InvalidStateError: naming the field and the problem.
    """
    if isinstance(value, State):
        _check_state(value)
        _check_reachable("State", value.pyramid, value.supplies, value.last_placed)
        stones_in_play = BASE_STONES + _placed(value.pyramid) + sum(map(len, value.supplies))
        if stones_in_play > len(value.stones):
            raise _bad("State.stones", f"{stones_in_play} stones in play, the set has fewer")
    elif isinstance(value, View):
        _validate_view(value)
    elif isinstance(value, Outcome):
        scores = value.scores
        if not MIN_PLAYERS <= len(scores) <= MAX_PLAYERS or any(
            type(n) is not int or not 0 <= n <= SUPPLY_SIZE for n in scores
        ):
            raise _bad("Outcome.scores", f"expected 2 to 4 stone counts 0..12, got {scores!r}")


def _placed(grid: Pyramid) -> int:
    """How many stones were placed on the base: each raises two cells by one."""
    return (sum(grid.heights) - _CELLS) // 2


def _check_reachable(
    kind: str, grid: Pyramid, supplies: Sequence[Sequence[object]], last: Sequence[int]
) -> None:
    if (sum(grid.heights) - _CELLS) % 2:
        raise _bad(f"{kind}.pyramid.heights", "each stone raises two cells: the sum is odd")
    for seat, held in enumerate(supplies):
        if len(held) > SUPPLY_SIZE:
            raise _bad(f"{kind}.supplies[{seat}]", f"{len(held)} stones; a seat draws 12")
    for row in range(DEPTH // 2):
        for x in range(WIDTH):
            near, far = 2 * row * WIDTH + x, (2 * row + 1) * WIDTH + x
            uncovered = grid.heights[near] == grid.heights[far] == 1
            if uncovered and grid.tops[near] != grid.tops[far]:
                raise _bad(f"{kind}.pyramid.tops", f"base stone at {_XY[near]} is split (AZT-4)")
    placed = _placed(grid)
    made = [n for n in last if n]
    if len(set(made)) != len(made) or any(n > placed for n in made):
        worst = max(made, default=0)
        raise _bad(f"{kind}.last_placed", f"placement {worst} of {placed} made so far")


def _validate_view(seen: View) -> None:
    count = _check_seats("View", seen.supplies, seen.last_placed, seen.turn)
    grid = _check_grid("View", seen.pyramid, seen.faces)
    if seen.mode not in MODES or (seen.mode == "speed") != (seen.turn is None):
        raise _bad("View.mode", f"{seen.mode!r} does not agree with turn {seen.turn!r}")
    if type(seen.seat) is not int or not 0 <= seen.seat < count:
        raise _bad("View.seat", f"{seen.seat!r} is not a seat 0..{count - 1}")
    if list(seen.to_move) != sorted(set(seen.to_move)) or not set(seen.to_move) <= set(
        range(count)
    ):
        raise _bad("View.to_move", f"{seen.to_move!r} must be distinct seats, ascending")
    ids: list[int] = []
    for seat, held in enumerate(seen.supplies):
        if type(held) is not tuple or not all(isinstance(s, Stone) for s in held):
            raise _bad(f"View.supplies[{seat}]", "expected a tuple of Stone")
        ids.extend(stone.id for stone in held)
    if len(set(ids)) != len(ids) or set(ids) & set(grid.tops):
        raise _bad("View.supplies", "a stone is in two supplies, or in a supply and on top")
    _check_reachable("View", grid, seen.supplies, seen.last_placed)


def _kinds_of(stone: Stone) -> tuple[int, int]:
    return _kind(stone.halves[0]), _kind(stone.halves[1])


# ---------------------------------------------------------------------------
# Setup (AZT-8 .. AZT-11)
# ---------------------------------------------------------------------------


def new_game(
    players: int = 2,
    *,
    seed: int | None = None,
    mode: str = "turns",
    stones: Iterable[Stone | tuple[Half, Half] | str] | None = None,
) -> State:
    """Start a game: shuffle, lay the base, deal twelve stones to each seat (AZT-8 .. AZT-11).

    The stones are shuffled and the first twelve laid as the base, row by
    row (:func:`tilegames.geometry.pyramid.base`); if some colour is on fewer
    than two of them (AZT-9), everything is reshuffled and a new base laid,
    until it holds. Each base stone is then turned at random (AZT-8). The
    next twelve stones go to seat 0, the next twelve to seat 1, and so on;
    the rest are out of play (AZT-10).

    >>> state = new_game(players=3, seed=1)
    >>> stones_left(state), sorted(set(heights(state).values()))
    ((12, 12, 12), [1])

    Args:
        players: the number of seats, 2 to 4; seat 0 starts (AZT-11).
        seed: the shuffle's seed; ``None`` draws a fresh one. No chance is
            left after setup (AZT-20), so the state keeps no seed.
        mode: ``"turns"`` for the turn game or ``"speed"`` for the speed
            stack (AZT-17).
        stones: a custom set instead of :data:`STANDARD_STONES`: each stone a
            :class:`Stone` (its halves are taken), a pair of ``(colour,
            glyph)`` halves, or a string such as ``"GfOw"``
            (:func:`parse_stone`). Ids are given by position. The set needs
            at least ``12 + 12 * players`` stones (at most 240), and every
            colour on at least two stones so that AZT-9 can be met.

    Returns:
        The state before the first placement.

    Raises:
        ConfigurationError: if ``players``, ``mode``, ``seed`` or the set is
            not allowed (a bad stone is named by its index).
    """
    count = _check_players(players)
    if mode not in MODES:
        msg = f"mode must be one of {MODES}, not {mode!r}"
        raise ConfigurationError(msg)
    info = _STANDARD if stones is None else _set_info(_check_stones(stones, count))
    stream = rng.Stream(rng.normalize_seed(seed))
    colours = info.colours
    while True:  # AZT-9 by rejection: every valid base is equally likely
        order = stream.shuffled(range(len(info.stones)))
        counts = [0] * len(COLOURS)
        for stone in order[:BASE_STONES]:
            for colour in _COLOUR_SETS[colours[stone]]:
                counts[colour] += 1
        if min(counts) >= 2:
            break
    turned = stream.randbelow(1 << BASE_STONES)  # bit i: base stone i lies second half first
    base = pyramid.base(order[:BASE_STONES], WIDTH, DEPTH)
    faces = [0] * _CELLS
    for i, stone in enumerate(order[:BASE_STONES]):
        row, x = divmod(i, WIDTH)
        near, far = 2 * row * WIDTH + x, (2 * row + 1) * WIDTH + x
        k1, k2 = info.kinds[stone]
        if turned >> i & 1:
            k1, k2 = k2, k1
        faces[near], faces[far] = k1, k2
    dealt = order[BASE_STONES:]
    supplies = tuple(
        tuple(sorted(dealt[SUPPLY_SIZE * seat : SUPPLY_SIZE * (seat + 1)]))
        for seat in range(count)
    )
    state = State(
        stones=info.stones,
        pyramid=base,
        faces=tuple(faces),
        supplies=supplies,
        turn=0 if mode == "turns" else None,
        last_placed=(0,) * count,
    )
    masks = tuple(_mask(held) for held in supplies)
    index = _Index(info, masks, base, state.faces)
    object.__setattr__(state, "_index", index)
    return state


def _colour_sets() -> tuple[tuple[Colour, ...], ...]:
    """Colour bitmask -> the colours in it."""
    return tuple(
        tuple(c for c in range(len(COLOURS)) if mask >> c & 1) for mask in range(1 << len(COLOURS))
    )


_COLOUR_SETS: Final = _colour_sets()


def _check_players(players: object) -> int:
    if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        msg = f"Aztack is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players!r}"
        raise ConfigurationError(msg)
    return players


def _check_stones(stones: Iterable[Stone | tuple[Half, Half] | str], players: int) -> StoneSet:
    if isinstance(stones, (str, bytes)):
        msg = "stones must be a collection of stones, not one string"
        raise ConfigurationError(msg)
    result: list[Stone] = []
    for index, given in enumerate(stones):
        try:
            if isinstance(given, Stone):
                halves: object = given.halves
            elif isinstance(given, str):
                halves = parse_stone(given)
            else:
                halves = tuple(tuple(h) for h in given)
            result.append(Stone(index, _check_halves(halves)))
        except (TypeError, ValueError) as error:
            msg = f"stone {index} {given!r} is not a stone: {error} (AZT-2)"
            raise ConfigurationError(msg) from None
    need = BASE_STONES + SUPPLY_SIZE * players
    if not need <= len(result) <= _MAX_STONES:
        msg = (
            f"a set of {len(result)} stones cannot be dealt to {players} players: the base "
            f"takes {BASE_STONES} and each supply {SUPPLY_SIZE}, so at least {need} stones "
            f"are needed (and at most {_MAX_STONES}) (AZT-8, AZT-10)"
        )
        raise ConfigurationError(msg)
    for colour, name in enumerate(COLOURS):
        having = sum(1 for s in result if colour in s.colours)
        if having < 2:
            msg = (
                f"{name} is on {having} stone(s) of the set; the base needs every colour on "
                "at least 2 stones (AZT-9)"
            )
            raise ConfigurationError(msg)
    return StoneSet(result)


# ---------------------------------------------------------------------------
# Reading a state
# ---------------------------------------------------------------------------


def players(state: State) -> int:
    """The number of seats."""
    return len(state.supplies)


def mode(state: State) -> str:
    """``"turns"`` for the turn game, ``"speed"`` for the speed stack."""
    return MODES[state.turn is None]


def is_over(state: State) -> bool:
    """Whether the game has ended.

    It has ended when a seat's supply is empty (AZT-15, AZT-18) or when no
    seat holds a stone that fits anywhere (AZT-16, AZT-18).
    """
    return _index(state).over


def to_move(state: State) -> tuple[Seat, ...]:
    """The seats that may move now; ``()`` once the game is over.

    Turn game: the seat whose turn it is (AZT-11), also when its only move is
    a pass (AZT-14). Speed stack: every seat that can place (AZT-17).
    """
    index = _index(state)
    if index.over:
        return ()
    turn = state.turn
    return index.movers if turn is None else (turn,)


def can_place(state: State, seat: Seat) -> bool:
    """Whether ``seat`` holds a stone that fits on some spot now (before the end).

    Raises:
        ValueError: if the seat is not in the game.
    """
    _check_seat(state, seat)
    index = _index(state)
    return not index.over and seat in index.movers


def stones_left(state: State) -> tuple[int, ...]:
    """Per seat, the number of stones it still holds (fewest wins, AZT-16)."""
    return tuple(map(len, state.supplies))


def supply(state: State | View, seat: Seat) -> tuple[Stone, ...]:
    """The stones a seat holds, ascending by id (face up: public, AZT-10).

    >>> [str(stone) for stone in supply(new_game(seed=2), 1)][:3]
    ['GfOf', 'GfGw', 'OfYf']

    Raises:
        ValueError: if the seat is not in the game.
    """
    if isinstance(state, View):
        _check_seat_count(len(state.supplies), seat)
        return state.supplies[seat]
    _check_seat(state, seat)
    stones = state.stones
    return tuple(stones[i] for i in state.supplies[seat])


def heights(state: State | View) -> Mapping[tuple[int, int], int]:
    """Per cell ``(x, y)``, its height: the number of stones on it (AZT-5).

    >>> heights(new_game(seed=1))[(0, 0)]
    1
    """
    return dict(zip(_XY, state.pyramid.heights, strict=True))


def tops(state: State | View) -> Mapping[tuple[int, int], tuple[int, Colour, Glyph]]:
    """Per cell ``(x, y)``, its top half as ``(stone id, colour, glyph)`` (AZT-5).

    Colours and glyphs are indices in the orders of AZT-1 (:data:`COLOURS`,
    :data:`GLYPHS`).
    """
    return {
        xy: (top, *_half(face))
        for xy, top, face in zip(_XY, state.pyramid.tops, state.faces, strict=True)
    }


def _check_seat(state: State, seat: Seat) -> None:
    _check_seat_count(len(state.supplies), seat)


def _check_seat_count(count: int, seat: Seat) -> None:
    if type(seat) is not int or not 0 <= seat < count:
        msg = f"seat {seat!r} is not in this {count}-player game"
        raise ValueError(msg)


def view(state: State, seat: Seat) -> View:
    """What ``seat`` may see: everything except the stones out of play (AZT-20).

    Every seat sees the same; only :attr:`View.seat` differs.

    Raises:
        ValueError: if the seat is not in the game.
    """
    _check_seat(state, seat)
    stones = state.stones
    return View(
        seat=seat,
        mode=mode(state),
        to_move=to_move(state),
        pyramid=state.pyramid,
        faces=state.faces,
        supplies=tuple(tuple(stones[i] for i in held) for held in state.supplies),
        turn=state.turn,
        last_placed=state.last_placed,
    )


# ---------------------------------------------------------------------------
# Legal moves
# ---------------------------------------------------------------------------


class _Hand:
    """One seat's stones, as the move generator uses them."""

    __slots__ = ("held", "info", "listed", "rest")

    def __init__(self, info: _Set, held: tuple[int, ...]) -> None:
        self.info = info
        self.held = held
        self.listed = _mask(_canonical(info, held)) if info.twins else _mask(held)
        """The stones whose placements are listed: one of each alike group (the lowest id)."""
        self.rest = len(held) - 1
        """How many discards a bonus placement offers (when no two stones are alike)."""

    def discards(self, stone: int) -> tuple[int, ...]:
        """The stones that may be discarded after placing ``stone`` with the bonus, ascending."""
        others = tuple(s for s in self.held if s != stone)
        return _canonical(self.info, others) if self.info.twins else others

    def bonus_count(self, bonus: int) -> int:
        """The moves of the bonus stones in ``bonus``: each without a discard, or with one."""
        if not self.info.twins:
            return bonus.bit_count() * (self.rest + 1)
        return sum(1 + len(self.discards(stone)) for stone in _bits(bonus))


def _canonical(info: _Set, held: Iterable[int]) -> tuple[int, ...]:
    """Of each group of alike stones among ``held``, the lowest id (``held`` ascending)."""
    seen: set[int] = set()
    result = []
    twin = info.twin
    for stone in held:
        if twin[stone] not in seen:
            seen.add(twin[stone])
            result.append(stone)
    return tuple(result)


_Group = tuple[int, int, int, int, int]
"""``(seat, first cell, second cell, stones, bonus stones)``: the moves on one spot, one way."""


class LegalMoves(LazyMoves[Move]):
    """The legal moves of a state, as a lazy sequence: moves are built when asked for.

    The order is stable:

    1. by seat (only the speed stack lists several seats);
    2. by spot, in reading order of its cells ``(a, b)`` with ``a < b`` by
       cell number ``y * 6 + x`` (the order of
       :func:`tilegames.geometry.pyramid.adjacent_pairs`);
    3. by orientation: the stone's first half on ``a``, then on ``b``;
    4. by stone id;
    5. by discard: none first, then each stone that may go, by id (AZT-13).

    A turn-game seat that cannot place has the one move :class:`Pass` (AZT-14).

    ``len()`` is a sum of bit counts over the spots; indexing finds the spot
    by bisection and walks at most one seat's stones.
    """

    __slots__ = ("_ends", "_groups", "_hands", "_only", "_state")

    def __init__(self, state: State) -> None:
        """List the moves of ``state``."""
        self._state = state
        index = _index(state)
        self._only: Pass | None = None
        self._groups: list[_Group] = []
        self._ends: list[int] = []
        self._hands: dict[Seat, _Hand] = {}
        if index.over:
            return
        turn = state.turn
        if turn is not None and turn not in index.movers:
            self._only = Pass(turn)
            return
        seats = index.movers if turn is None else (turn,)
        groups, ends = self._groups, self._ends
        doubles = index.info.doubles
        total = 0
        for seat in seats:
            hand = self._hands[seat] = _Hand(index.info, state.supplies[seat])
            held = hand.listed
            turnable = held & ~doubles  # a double turned round is the same placement (AZT-7)
            for a, b, fab, fba, xab, xba in index.spots:
                stones = fab & held
                if stones:
                    bonus = xab & stones
                    total += stones.bit_count()
                    if bonus:
                        total += hand.bonus_count(bonus) - bonus.bit_count()
                    groups.append((seat, a, b, stones, bonus))
                    ends.append(total)
                stones = fba & turnable
                if stones:
                    bonus = xba & stones
                    total += stones.bit_count()
                    if bonus:
                        total += hand.bonus_count(bonus) - bonus.bit_count()
                    groups.append((seat, b, a, stones, bonus))
                    ends.append(total)

    def __len__(self) -> int:
        """The number of legal moves."""
        if self._only is not None:
            return 1
        ends = self._ends
        return ends[-1] if ends else 0

    def _at(self, position: int) -> Move:
        only = self._only
        if only is not None:
            return only
        ends = self._ends
        slot = bisect.bisect_right(ends, position)
        seat, first, second, stones, bonus = self._groups[slot]
        offset = position - (ends[slot - 1] if slot else 0)
        hand = self._hands[seat]
        for stone in _bits(stones):
            if bonus >> stone & 1:
                choices = hand.discards(stone)
                if offset <= len(choices):
                    discard = choices[offset - 1] if offset else None
                    return Place(seat, stone, _XY[first], _XY[second], discard)
                offset -= len(choices) + 1
            elif offset:
                offset -= 1
            else:
                return Place(seat, stone, _XY[first], _XY[second])
        raise AssertionError(position)  # pragma: no cover (the counts add up)

    def __iter__(self) -> Iterator[Move]:
        """Every legal move, in order."""
        if self._only is not None:
            yield self._only
            return
        for seat, first, second, stones, bonus in self._groups:
            hand = self._hands[seat]
            one, two = _XY[first], _XY[second]
            for stone in _bits(stones):
                yield Place(seat, stone, one, two)
                if bonus >> stone & 1:
                    for discard in hand.discards(stone):
                        yield Place(seat, stone, one, two, discard)

    def __contains__(self, move: object) -> bool:
        """Whether ``move`` is a legal move of the state (without listing the moves)."""
        return isinstance(move, (Place, Pass)) and _problem(self._state, move) is None


def legal_moves(state: State) -> LegalMoves:
    """Every legal move, in the stable order of :class:`LegalMoves`; empty once over.

    Each distinct placement is listed once: a stone whose halves are alike is
    not listed turned round, and of stones alike in a supply (possible only in
    a custom set) only the lowest id is listed, to place and to discard.

    >>> state = new_game(seed=3)
    >>> moves = legal_moves(state)
    >>> len(moves), str(moves[0])
    (76, '0:5@1,0/0,0')
    """
    return LegalMoves(state)


# ---------------------------------------------------------------------------
# Checking, scoring and applying a move
# ---------------------------------------------------------------------------

_Problem = tuple[str, str]
"""Why a move is illegal: ``(reason, rule id)``."""


def _problem(state: State, move: object) -> _Problem | None:
    """Why ``move`` is illegal in ``state``, or ``None`` if it is legal.

    The one check behind :func:`why_illegal`, :func:`apply`, :func:`score_move`
    and ``in`` :func:`legal_moves`.
    """
    index = _index(state)
    if index.over:
        return "the game is over", _end_rule(state)
    if not isinstance(move, (Place, Pass)):
        return f"{move!r} is a {type(move).__name__}, not an Aztack Place or Pass", ""
    seat, count, turn = move.seat, len(state.supplies), state.turn
    if not 0 <= seat < count:
        return f"seat {seat} is not in this {count}-player game", ""
    if turn is not None and seat != turn:
        return f"it is seat {turn}'s turn, not seat {seat}'s", "AZT-11"
    if isinstance(move, Pass):
        if turn is None:
            return "there is no passing in the speed stack", "AZT-17"
        if seat in index.movers:
            return f"seat {seat} can place a stone, so it may not pass", "AZT-14"
        return None
    return _placement_problem(state, index, move)


def _placement_problem(state: State, index: _Index, move: Place) -> _Problem | None:
    seat, stone = move.seat, move.stone
    held = state.supplies[seat]
    if stone < 0 or not index.masks[seat] >> stone & 1:
        return f"stone {stone} is not one of seat {seat}'s stones {list(held)}", "AZT-12"
    for cell in (move.first, move.second):
        if cell not in _NUMBER:
            return f"cell {cell} is off the {WIDTH}x{DEPTH} grid of the base", "AZT-6"
    a, b = _NUMBER[move.first], _NUMBER[move.second]
    if (a, b) not in _ADJACENT:
        return f"cells {move.first} and {move.second} are not side by side", "AZT-6"
    grid = state.pyramid
    ha, hb = grid.heights[a], grid.heights[b]
    if ha != hb:
        return (
            f"cells {move.first} and {move.second} have heights {ha} and {hb}: "
            "the stone would not lie flat"
        ), "AZT-6"
    if grid.tops[a] == grid.tops[b]:
        return (
            f"cells {move.first} and {move.second} both show stone {grid.tops[a]}: "
            "a stone must bridge two different stones"
        ), "AZT-6"
    info = index.info
    k1, k2 = info.kinds[stone]
    fa, fb = state.faces[a], state.faces[b]
    found = _match(k1, k2, fa, fb)
    if not found:
        return _mismatch(stone, k1, k2, fa, fb), "AZT-12"
    if a > b and info.doubles >> stone & 1:
        return (
            f"stone {stone} {format_stone(info.stones[stone])} has two halves alike: "
            f"turned round it lies the same, the move {_with(move, b, a)}"
        ), "AZT-7"
    if info.twins:
        listed = _canonical(info, held)
        if stone not in listed:
            alike = next(s for s in listed if info.twin[s] == info.twin[stone])
            return (
                f"stone {stone} is alike to stone {alike} of the same supply; "
                f"that placement is the move with stone {alike}"
            ), "AZT-2"
    discard = move.discard
    if discard is None:
        return None
    if found != Match.BOTH:
        return (
            f"only a placement matching both colours and both glyphs may discard; "
            f"this one matches {'colours' if found == Match.COLOUR else 'glyphs'} only"
        ), "AZT-13"
    if discard == stone:
        return f"stone {stone} cannot be placed and discarded at once", "AZT-13"
    if discard < 0 or not index.masks[seat] >> discard & 1:
        return f"stone {discard} is not one of seat {seat}'s stones {list(held)}", "AZT-13"
    if info.twins and discard not in _Hand(info, held).discards(stone):
        return (
            f"stone {discard} is alike to a lower stone of the same supply; "
            "discard that one instead (the same choice)"
        ), "AZT-13"
    return None


def _with(move: Place, first: int, second: int) -> str:
    return format_move(attrs.evolve(move, first=_XY[first], second=_XY[second]))


def _match(k1: int, k2: int, fa: int, fb: int) -> Match:
    """What stone halves ``k1, k2`` match on faces ``fa, fb`` (AZT-12, AZT-13)."""
    colours = len(COLOURS)
    found = Match.NONE
    if k1 % colours == fa % colours and k2 % colours == fb % colours:
        found |= Match.COLOUR
    if k1 // colours == fa // colours and k2 // colours == fb // colours:
        found |= Match.GLYPH
    return found


def _mismatch(stone: int, k1: int, k2: int, fa: int, fb: int) -> str:
    laid = format_half(_half(k1)) + format_half(_half(k2))
    below = f"{format_half(_half(fa))} and {format_half(_half(fb))}"
    colours = len(COLOURS)
    first = (k1 % colours == fa % colours, k1 // colours == fa // colours)
    second = (k2 % colours == fb % colours, k2 // colours == fb // colours)
    if (first[0] and second[1]) or (first[1] and second[0]):
        return (
            f"stone {stone} {laid} on {below} matches one half by colour and the other by "
            "glyph only; both colours or both glyphs must match"
        )
    return f"stone {stone} {laid} on {below} matches neither both colours nor both glyphs"


def _end_rule(state: State) -> str:
    if not all(state.supplies):
        return "AZT-18" if state.turn is None else "AZT-15"
    return "AZT-18" if state.turn is None else "AZT-16"


def _turn_text(state: State) -> str:
    index = _index(state)
    if index.over:
        return "the game is over"
    if state.turn is None:
        seats = ", ".join(map(str, index.movers))
        return f"speed stack: seats {seats} can place"
    return f"seat {state.turn} to move"


def _refusal(state: State, move: object, problem: _Problem) -> IllegalMoveError:
    reason, rule = problem
    kind = GameOverError if _index(state).over else IllegalMoveError
    written = format_move(move) if isinstance(move, (Place, Pass)) else repr(move)
    return kind(written, reason, rule=rule, turn=_turn_text(state))


def why_illegal(state: State, move: Move) -> str | None:
    """``None`` if ``move`` is legal, else the reason in words with the rule id.

    >>> state = new_game(seed=1)
    >>> why_illegal(state, Place(0, 3, (0, 0), (0, 1)))
    "stone 3 is not one of seat 0's stones [...] (AZT-12)"
    """
    problem = _problem(state, move)
    if problem is None:
        return None
    reason, rule = problem
    return f"{reason} ({rule})" if rule else reason


def score_move(state: State, move: Move) -> Match:
    """What a legal move matches: ``COLOUR``, ``GLYPH`` or ``BOTH`` (bonus); ``NONE`` for a pass.

    Raises:
        IllegalMoveError: if the move is not legal.
    """
    problem = _problem(state, move)
    if problem is not None:
        raise _refusal(state, move, problem)
    if not isinstance(move, Place):  # a legal pass
        return Match.NONE
    k1, k2 = _index(state).info.kinds[move.stone]
    a, b = _NUMBER[move.first], _NUMBER[move.second]
    return _match(k1, k2, state.faces[a], state.faces[b])


def apply(state: State, move: Move) -> State:
    """Play a move (AZT-12 .. AZT-19).

    A placement lays the stone (both cells rise by one and show its halves)
    and takes it, and the discard if any, out of the seat's supply; the turn
    then passes to the next seat (AZT-11). A pass only passes the turn. The
    game ends by itself when a supply is empty or nobody can place
    (:func:`is_over`).

    Args:
        state: the state to move from; it is not changed.
        move: a legal move (see :func:`legal_moves`).

    Returns:
        The new state.

    Raises:
        GameOverError: if the game is over.
        IllegalMoveError: if the move is not legal; the message has the move in
            notation, the reason, the rule id and whose turn it is.
    """
    problem = _problem(state, move)
    if problem is not None:
        raise _refusal(state, move, problem)
    index = _index(state)
    turn = state.turn
    count = len(state.supplies)
    if not isinstance(move, Place):  # a legal pass
        after = attrs.evolve(state, turn=(move.seat + 1) % count)
        object.__setattr__(after, "_index", index)  # nothing on the table changed
        return after
    seat, stone, discard = move.seat, move.stone, move.discard
    a, b = _NUMBER[move.first], _NUMBER[move.second]
    grid = pyramid.place(state.pyramid, (a, b), stone)
    faces = list(state.faces)
    faces[a], faces[b] = index.info.kinds[stone]
    gone = 1 << stone if discard is None else (1 << stone) | (1 << discard)
    held = tuple(s for s in state.supplies[seat] if not gone >> s & 1)
    supplies = (*state.supplies[:seat], held, *state.supplies[seat + 1 :])
    masks = (*index.masks[:seat], index.masks[seat] & ~gone, *index.masks[seat + 1 :])
    last = state.last_placed
    last = (*last[:seat], max(last) + 1, *last[seat + 1 :])
    after = State(
        stones=state.stones,
        pyramid=grid,
        faces=tuple(faces),
        supplies=supplies,
        turn=None if turn is None else (seat + 1) % count,
        last_placed=last,
    )
    object.__setattr__(after, "_index", _Index(index.info, masks, grid, faces))
    return after


# ---------------------------------------------------------------------------
# The result (AZT-15, AZT-16, AZT-18)
# ---------------------------------------------------------------------------


def outcome(state: State) -> Outcome | None:
    """The result once the game is over, else ``None``.

    The scores are the stones each seat has left (lower is better).

    Turn game: the seats are ranked by stones left, fewest first; among
    seats with equally many, the one that placed most recently ranks higher;
    seats that never placed and have equally many share a place (AZT-16). A
    seat that emptied its supply has none left, so it ranks first alone
    (AZT-15).

    Speed stack: the seats are ranked by their last placement, most recent
    first; seats that never placed share the last place, or the only place
    if nobody did (AZT-18).
    """
    if not _index(state).over:
        return None
    left = stones_left(state)
    last = state.last_placed
    if state.turn is None:
        ranking = rank_by(last)
    else:
        keys = [(n, -placed) for n, placed in zip(left, last, strict=True)]
        ranking = rank_by(keys, higher_is_better=False)
    winners = sorted(ranking[0])
    who = f"seat {winners[0]}" if len(winners) == 1 else "seats " + ", ".join(map(str, winners))
    rule = _end_rule(state)
    if 0 in left:
        reason = f"{rule}: seat {left.index(0)} has placed or discarded its last stone and wins"
    elif not any(last):
        reason = f"{rule}: nobody can place and nobody has placed; {who} share the win"
    elif state.turn is None:
        reason = f"{rule}: nobody can place; {who} placed last and wins"
    else:
        tied = [seat for seat, n in enumerate(left) if n == min(left)]
        fewest = f"{min(left)} stone" + ("" if min(left) == 1 else "s")
        reason = f"{rule}: nobody can place; {who} with {fewest} left"
        if len(tied) > 1:
            reason += f", of seats {', '.join(map(str, tied))}, placed most recently"
        reason += " and wins" if len(winners) == 1 else " and share the win"
    return Outcome(scores=left, ranking=ranking, reason=reason)


# ---------------------------------------------------------------------------
# Notation
# ---------------------------------------------------------------------------


def format_move(move: Move) -> str:
    """Write a move as ``S:N@X,Y/X,Y`` or ``S:N@X,Y/X,YxD``, or a pass as ``S:pass``.

    ``S`` is the seat, ``N`` the stone's id, then the cell under its first
    half and the cell under its second half, and ``D`` the id of the stone
    discarded with the bonus, if any.

    >>> format_move(Place(1, 17, (2, 0), (3, 0)))
    '1:17@2,0/3,0'
    >>> format_move(Place(0, 5, (4, 3), (4, 2), discard=41))
    '0:5@4,3/4,2x41'
    >>> format_move(Pass(2))
    '2:pass'
    """
    if not isinstance(move, Place):
        return f"{move.seat}:pass"
    (x1, y1), (x2, y2) = move.first, move.second
    discard = "" if move.discard is None else f"x{move.discard}"
    return f"{move.seat}:{move.stone}@{x1},{y1}/{x2},{y2}{discard}"


_NUMBER_TEXT = r"[+-]?\d+"
_PLACE_TEXT = re.compile(
    rf"(?:(?P<seat>{_NUMBER_TEXT}):)?(?P<stone>{_NUMBER_TEXT})@"
    rf"(?P<x1>{_NUMBER_TEXT}),(?P<y1>{_NUMBER_TEXT})/(?P<x2>{_NUMBER_TEXT}),(?P<y2>{_NUMBER_TEXT})"
    rf"(?:x(?P<discard>{_NUMBER_TEXT}))?"
)
_PASS_TEXT = re.compile(rf"(?:(?P<seat>{_NUMBER_TEXT}):)?pass")


def parse_move(text: str, state: State | None = None) -> Move:
    """Read a move written as by :func:`format_move`.

    Spaces are ignored and ``pass``/``x`` may be in capitals. In the turn
    game the seat may be left out (``17@2,0/3,0``): it is then the seat to
    move of ``state``. Whether the move is legal is for :func:`why_illegal`.

    >>> parse_move("1:17@2,0/3,0")
    Place(seat=1, stone=17, first=(2, 0), second=(3, 0), discard=None)
    >>> parse_move(" 0 : 5 @ 4,3 / 4,2 X41 ") == Place(0, 5, (4, 3), (4, 2), 41)
    True

    Raises:
        NotationError: if the text is not a move, or leaves the seat out where
            there is no single seat to move.
    """
    form = "write S:N@X,Y/X,Y (seat, stone, first cell, second cell), ...xD to discard, or S:pass"
    if not isinstance(text, str):  # a caller without type checks
        msg = f"a move is written as text, not {type(text).__name__} {text!r}: {form}"  # type: ignore[unreachable]
        raise NotationError(msg)
    written = "".join(text.split()).lower()
    found = _PLACE_TEXT.fullmatch(written) or _PASS_TEXT.fullmatch(written)
    if found is None:
        msg = f"{text!r} is not an Aztack move: {form}"
        raise NotationError(msg)
    parts = found.groupdict()
    seat_text = parts.pop("seat")
    if seat_text is not None:
        seat = int(seat_text)
    elif isinstance(state, State) and state.turn is not None:
        seat = state.turn
    else:
        msg = f"{text!r} does not name its seat: in the speed stack moves name it ({form})"
        raise NotationError(msg)
    if "stone" not in parts:
        return Pass(seat)
    discard = parts["discard"]
    return Place(
        seat,
        int(parts["stone"]),
        (int(parts["x1"]), int(parts["y1"])),
        (int(parts["x2"]), int(parts["y2"])),
        None if discard is None else int(discard),
    )


# ---------------------------------------------------------------------------
# Plain-text picture
# ---------------------------------------------------------------------------


def render_text(position: State | View) -> str:
    """Draw the pyramid from above, then each seat's stones and who may move.

    Each cell shows its height and its top half (colour capital, glyph
    letter, :data:`COLOUR_LETTERS` and :data:`GLYPH_LETTERS`). Lines are drawn
    between cells whose top halves belong to different stones, so each
    visible stone shows as a box of one or two cells. Below, each seat's
    stones as ``id:halves``.

    >>> print(render_text(new_game(seed=4)))
         0    1    2    3    4    5
       +----+----+----+----+----+----+
     0 |1Yw |1Bt |1Gf |1Rd |1Ow |1Ot |
       +    +    +    +    +    +    +
     1 |1Yf |1Ow |1Yd |1Rt |1Yw |1Bw |
       +----+----+----+----+----+----+
     2 |1Gd |1Rw |1Rd |1Gt |1Of |1Ot |
       +    +    +    +    +    +    +
     3 |1Od |1Gd |1Gt |1Bf |1Rw |1Yt |
       +----+----+----+----+----+----+
    seat 0: 12 stones, to move
      0:GfOf 1:GfGw 6:YfBf 8:YfRd 17:GwYt 22:YwYd
      32:GdYf 39:BdRd 40:BdBt 51:YtBt 53:YtRw 54:BtRt
    seat 1: 12 stones
      4:OfOw 9:BfRf 10:BfBw 12:RfGw 13:RfRw 14:RfOt
      21:YwBw 26:BwGf 38:YdRf 49:OtOf 55:BtBf 57:RtGf
    """
    grid = position.pyramid
    levels, top_ids, faces = grid.heights, grid.tops, position.faces
    lines = [("   " + "".join(f"  {x}  " for x in range(WIDTH))).rstrip()]

    def border(y: int) -> str:  # the line above row y
        parts = []
        for x in range(WIDTH):
            cell = y * WIDTH + x
            split = y in (0, DEPTH) or top_ids[cell] != top_ids[cell - WIDTH]
            parts.append("----" if split else "    ")
        return "   +" + "+".join(parts) + "+"

    for y in range(DEPTH):
        lines.append(border(y))
        row = []
        for x in range(WIDTH):
            cell = y * WIDTH + x
            if x:
                row.append("|" if top_ids[cell] != top_ids[cell - 1] else " ")
            row.append(f"{levels[cell]}{format_half(_half(faces[cell]))} ")
        lines.append(f"{y:>2} |" + "".join(row) + "|")
    lines.append(border(DEPTH))
    if isinstance(position, View):
        held = position.supplies
        moving, turn = position.to_move, position.turn
    else:
        held = tuple(supply(position, seat) for seat in range(players(position)))
        moving, turn = to_move(position), position.turn
    for seat, stones in enumerate(held):
        line = f"seat {seat}: {len(stones)} stone{'' if len(stones) == 1 else 's'}"
        if seat in moving:
            line += ", to move" if turn is not None else ", can place"
        lines.append(line)
        listed = [f"{stone.id}:{stone}" for stone in stones]
        lines.extend("  " + " ".join(listed[i : i + 6]) for i in range(0, len(listed), 6))
    if not moving:
        lines.append("game over")
    return "\n".join(lines)


# ---------------------------------------------------------------------------
# For agents: a rating of moves and states sampled from a view
# ---------------------------------------------------------------------------

_SHED: Final = {Match.NONE: 0.0, Match.COLOUR: 1.0, Match.GLYPH: 1.0, Match.BOTH: 2.0}


def evaluate(state: State, move: Move, seat: Seat) -> float:
    """How good ``move`` looks for ``seat`` right now: the stones it sheds from the supply.

    The fewest stones win (AZT-16): a placement sheds one, a placement that
    matches both colour and glyph two (with its bonus discard, AZT-13), a
    pass none. The agents of :mod:`tilegames.agents` use it through :data:`RULES`.

    >>> state = new_game(seed=2)
    >>> sorted({evaluate(state, m, 0) for m in legal_moves(state)}) in ([1.0], [1.0, 2.0])
    True
    """
    return _SHED[score_move(state, move)]


def determinize(seen: View, stream: rng.Stream) -> State:
    """A state that ``seen`` cannot tell from the true one, for agents' search.

    After setup there is no chance left (AZT-20) and the supplies lie face
    up, so only stones no one can see are sampled: the unseen halves of the
    stones in the pyramid and the stones out of play are dealt from the
    halves of the standard set (AZT-3) that are not in view, shuffled from
    ``stream``. The view does not show a custom set; its unseen stones are
    then guessed from the standard set. What can be played next depends only
    on what is seen, so every sample offers the same moves.

    >>> state = new_game(seed=4)
    >>> sample = determinize(view(state, 0), rng.Stream(1))
    >>> view(sample, 0) == view(state, 0), list(legal_moves(sample)) == list(legal_moves(state))
    (True, True)
    """
    known: dict[int, Stone] = {stone.id: stone for held in seen.supplies for stone in held}
    shown: dict[int, list[int]] = {}
    tops = seen.pyramid.tops
    for cell, top in enumerate(tops):
        if seen.pyramid.heights[cell] > 0:
            shown.setdefault(top, []).append(seen.faces[cell])
    in_play = BASE_STONES + _placed(seen.pyramid) + len(known)
    size = max(len(STANDARD_STONES), in_play, 1 + max([*known, *shown], default=0))
    unseen = [_kind(half) for stone in STANDARD_STONES for half in stone.halves]
    for stone in known.values():
        for half in stone.halves:
            _discard(unseen, _kind(half))
    for kinds in shown.values():
        for kind in kinds:
            _discard(unseen, kind)
    pool = list(stream.shuffled(unseen))

    def draw() -> int:
        return pool.pop() if pool else stream.randbelow(_KINDS)

    stones = []
    for stone_id in range(size):
        if stone_id in known:
            stones.append(known[stone_id])
            continue
        kinds = list(shown.get(stone_id, ()))
        while len(kinds) < 2:
            kinds.append(draw())
        stones.append(Stone(stone_id, (_half(kinds[0]), _half(kinds[1]))))
    return State(
        stones=StoneSet(stones),
        pyramid=seen.pyramid,
        faces=seen.faces,
        supplies=tuple(tuple(stone.id for stone in held) for held in seen.supplies),
        turn=seen.turn,
        last_placed=seen.last_placed,
    )


def _discard(kinds: list[int], kind: int) -> None:
    """Take one ``kind`` out of ``kinds``, if there is one."""
    if kind in kinds:
        kinds.remove(kind)


# ---------------------------------------------------------------------------
# The bundle for generic code
# ---------------------------------------------------------------------------

RULES: Final[GameRules[State, Move]] = GameRules(
    name="aztack",
    title="Aztack",
    setups=(
        Setup(2),
        Setup(3),
        Setup(4),
        Setup(2, {"mode": "speed"}),
        Setup(3, {"mode": "speed"}),
        Setup(4, {"mode": "speed"}),
    ),
    new_game=new_game,
    players=players,
    to_move=to_move,
    legal_moves=legal_moves,
    apply=apply,
    why_illegal=why_illegal,
    score_move=score_move,
    is_over=is_over,
    outcome=outcome,
    view=view,
    parse_move=parse_move,
    format_move=format_move,
    validate=validate,
    evaluate=evaluate,
    determinize=determinize,
)
"""This module's functions as a :class:`~tilegames.Rules`; also ``tilegames.get("aztack")``."""
