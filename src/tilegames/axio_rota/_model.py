"""AXIO Rota's names and values: colours, tiles, sizes, moves, the display index, states, views."""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Iterable, Mapping
from typing import Final

import attrs

from tilegames._core import chance
from tilegames._core.basics import formerly, formerly_named, warn_renamed
from tilegames._core.bits import Mask
from tilegames._core.checks import is_int_pair
from tilegames._core.moves import LazyMoves
from tilegames._core.rules import OPTIONAL, Seat
from tilegames._core.state import CachedState, Drawable, summary
from tilegames.geometry import square
from tilegames.geometry.square import Cell, Packed

# ---------------------------------------------------------------------------
# Names: the game, colours, tiles, sizes
# ---------------------------------------------------------------------------

NAME: Final = "axio-rota"
"""The registry name (:func:`tilegames.get`)."""
TITLE: Final = "AXIO Rota"
"""The game's name for people."""

Colour = int
"""A colour: an index into :data:`COLOURS` (0 red .. 4 purple)."""

RED: Final[Colour] = 0
"""Red, colour 0 (``R``)."""
GREEN: Final[Colour] = 1
"""Green, colour 1 (``G``)."""
BLUE: Final[Colour] = 2
"""Blue, colour 2 (``B``)."""
ORANGE: Final[Colour] = 3
"""Orange, colour 3 (``O``)."""
PURPLE: Final[Colour] = 4
"""Purple, colour 4 (``P``)."""

COLOURS: Final = ("red", "green", "blue", "orange", "purple")
"""The five colours in the order of ROTA-1; a colour is its index here."""

COLOUR_LETTERS: Final = "RGBOP"
"""One letter per colour, in :data:`COLOURS` order; ``.`` stands for an empty corner."""

Tile = tuple[Colour | None, Colour | None, Colour | None, Colour | None]
"""A tile's four corners clockwise from the top left: a colour each, ``None`` if empty (ROTA-2)."""

Points = tuple[int, int, int, int, int]
"""Points (or track values) per colour, in :data:`COLOURS` order."""

Rotation = int
"""Quarter turns clockwise, 0..3 (ROTA-6)."""

TRACK_CAP: Final = 12
"""The top of every score track (ROTA-4, ROTA-14)."""

STACK_SIZE: Final = 12
"""Tiles in each player's personal stack at setup (ROTA-8)."""

MAX_PLAYERS: Final = 4
START_TILES: Final = 4  # the 2x2 square (ROTA-7)
MAX_TILES: Final = 4096  # the largest custom set: its display stays within packed reach
STAGES: Final = (TRACK_CAP,)
NO_POINTS: Final[Points] = (0, 0, 0, 0, 0)
LETTER: Final[Mapping[Colour | None, str]] = {None: ".", **dict(enumerate(COLOUR_LETTERS))}
"""The letter of a corner: a colour's initial, ``.`` for empty."""


def _standard_tiles() -> tuple[Tile, ...]:
    """Build the reconstructed 60-tile set of ROTA-3 (a [decision] of the spec).

    * 30 tiles with four different colours: for each missing colour, the
      lowest remaining colour at the top left and the other three in every
      order (the 6 arrangements up to rotation);
    * 20 tiles with one empty corner: for each colour triple ``a < b < c``,
      the empty corner at the top left followed clockwise by ``a, b, c``, and
      its mirror image, followed by ``c, b, a``;
    * 10 tiles ``(a, b, a, b)``: the pairs ``{c, c+1}`` then ``{c, c+2}``
      for each colour ``c`` (mod 5), lower colour first.
    """
    colours = range(len(COLOURS))
    four: list[Tile] = []
    for missing in colours:
        first, *others = (c for c in colours if c != missing)
        for b, c, d in itertools.permutations(others):
            four.append((first, b, c, d))
    three: list[Tile] = []
    for a, b, c in itertools.combinations(colours, 3):
        three.append((None, a, b, c))
        three.append((None, c, b, a))
    two: list[Tile] = []
    for step in (1, 2):
        for c in colours:
            low, high = sorted((c, (c + step) % len(COLOURS)))
            two.append((low, high, low, high))
    return (*four, *three, *two)


STANDARD_TILES: Final[tuple[Tile, ...]] = _standard_tiles()
"""The 60 tiles of the standard set (ROTA-3), as data.

Every colour is on exactly 44 corners and 20 corners are empty:

>>> len(STANDARD_TILES), sum(tile.count(None) for tile in STANDARD_TILES)
(60, 20)
>>> [sum(tile.count(c) for tile in STANDARD_TILES) for c in range(5)]
[44, 44, 44, 44, 44]
"""


def tile_problem(tile: object) -> str:
    """Why ``tile`` is not a valid tile of ROTA-2, or ``""``."""
    if type(tile) is not tuple or len(tile) != 4:
        return "a tile is a tuple of 4 corners"
    for corner in tile:
        if corner is not None and (type(corner) is not int or not 0 <= corner < len(COLOURS)):
            return f"corner {corner!r} is neither a colour 0..4 nor None"
    if tile.count(None) > 1:
        return f"it has {tile.count(None)} empty corners; a tile has at most one"
    return ""


def _check_field_tile(move: str, tile: object) -> None:
    """Refuse a move's ``tile`` field that is no tile (ROTA-2), naming the move."""
    problem = tile_problem(tile)
    if problem:
        msg = f"{move}'s tile must be a tile: {problem} (ROTA-2), not {tile!r}"
        raise TypeError(msg)


# ---------------------------------------------------------------------------
# Moves
# ---------------------------------------------------------------------------


@formerly_named("Move")  # its name before Move was the union of every move
@attrs.frozen
class Place:
    """Place the tile to be placed on ``cell``, turned ``rotation`` quarter turns clockwise.

    The tile is the hand tile, or during an extra turn the tile drawn from the
    general supply (see :func:`tile_to_place`). ``named`` is the colour named
    for the tile's empty corner (ROTA-12); a move names one exactly when that
    corner, after turning, touches another tile (ROTA-13).

    Construction checks the shape of the fields only; whether the move is
    legal depends on the state (:func:`why_illegal`).

    >>> move = Place((1, -1), 3, BLUE)
    >>> str(move)
    '1,-1:3B'

    .. versionchanged:: 0.1.0 named ``Place``; it was ``Move``, which is now the union of
       every move (a document of type ``"Move"`` still loads, deprecated).

    Raises:
        TypeError: if a field has the wrong type.
        ValueError: if the rotation is not 0..3 or the named colour not 0..4.
    """

    cell: Cell
    """The empty cell ``(x, y)`` to place the tile on."""
    rotation: Rotation
    """Quarter turns clockwise (0..3) applied to the tile as it is held (ROTA-6)."""
    named: Colour | None = None
    """The colour named for the empty corner (ROTA-12, ROTA-13), or ``None``."""

    def __attrs_post_init__(self) -> None:
        """Refuse fields that cannot describe a placement."""
        cell, rotation, named = self.cell, self.rotation, self.named
        if not is_int_pair(cell):
            msg = f"a move's cell must be a tuple (x, y) of two ints, not {cell!r}"
            raise TypeError(msg)
        if type(rotation) is not int or not 0 <= rotation <= 3:
            msg = f"a move's rotation must be an int 0..3 (quarter turns), not {rotation!r}"
            raise (ValueError if type(rotation) is int else TypeError)(msg)
        if named is not None and (type(named) is not int or not 0 <= named < len(COLOURS)):
            msg = f"a named colour must be None or an int 0..4 ({COLOUR_LETTERS}), not {named!r}"
            raise (ValueError if type(named) is int else TypeError)(msg)

    def __str__(self) -> str:
        """The move in notation (see :func:`format_move`)."""
        x, y = self.cell
        named = "" if self.named is None else COLOUR_LETTERS[self.named]
        return f"{x},{y}:{self.rotation}{named}"


@attrs.frozen
class Draw:
    """Chance's outcome in an explicit game: ``tile`` is the face-down tile turned up.

    One physical event: the next start-square tile (ROTA-7), a seat's draw
    from its stack into its hand (ROTA-8, ROTA-16) or the supply tile of an
    extra turn (ROTA-15). ``tile`` is written as the game's set lists it.
    Written ``+`` and the tile, such as ``+RGB.``.

    >>> str(Draw((0, 1, 2, None)))
    '+RGB.'

    Raises:
        TypeError: if ``tile`` is not a valid tile (ROTA-2).
    """

    tile: Tile
    """The tile drawn, its corners as the set lists them."""

    def __attrs_post_init__(self) -> None:
        """Refuse a value that is no tile."""
        _check_field_tile("a draw", self.tile)

    def __str__(self) -> str:
        """``+`` and the tile's 4 letters."""
        return "+" + "".join(LETTER[corner] for corner in self.tile)


@attrs.frozen
class Unseen(chance.Unseen):
    """A hand draw entered without naming the tile (``?``): a companion app cannot see it.

    Legal at a draw from a seat's stack into its hand (ROTA-8, ROTA-16) in an
    explicit game, beside the :class:`Draw` outcomes, but never one of
    :func:`chance_outcomes`. The seat then holds an unidentified tile; it
    names it when it places it, with a :class:`Reveal`.
    """

    def __str__(self) -> str:
        """``?``."""
        return "?"


UNSEEN: Final = Unseen()
"""The one :class:`Unseen` outcome."""


@attrs.frozen
class Reveal:
    """Place an unidentified hand tile, naming it: ``tile`` placed as ``move`` says.

    The move of a seat whose hand draw was entered as :data:`UNSEEN`; legal
    when ``tile`` is one of the tiles it could hold (:attr:`State.pool`) and
    ``move`` is a legal placement of it. Written tile ``@`` move, such as
    ``RGBO@1,-1:3``.

    >>> str(Reveal((0, 1, 2, 3), Place((1, -1), 3)))
    'RGBO@1,-1:3'

    Raises:
        TypeError: if ``tile`` is no tile or ``move`` no :class:`Place`.
    """

    tile: Tile
    """The hand tile, its corners as the set lists them; the move turns it."""
    move: Place
    """The placement, as for a known hand tile."""

    def __attrs_post_init__(self) -> None:
        """Refuse fields that cannot describe a placement."""
        _check_field_tile("a reveal", self.tile)
        if type(self.move) is not Place:
            msg = f"a reveal's move must be an {TITLE} Place, not {self.move!r}"
            raise TypeError(msg)

    def __str__(self) -> str:
        """The tile's letters, ``@``, the move."""
        return "".join(LETTER[corner] for corner in self.tile) + "@" + str(self.move)


def fast_reveal(tile: Tile, move: Place) -> Reveal:
    """A Reveal built without the checks of ``__init__``: both fields are known to be valid.

    Used only for the listed moves of a seat holding an unseen tile, where
    ``tile`` comes from the checked pool and ``move`` from
    ``LegalMoves`` (as AXIO's ``fast_place``).
    """
    reveal = object.__new__(Reveal)
    object.__setattr__(reveal, "tile", tile)
    object.__setattr__(reveal, "move", move)
    return reveal


Move = Place | Draw | Unseen | Reveal
"""Every move of AXIO Rota: a :class:`Place`, in an explicit game chance's :class:`Draw`
or :data:`UNSEEN`, and the :class:`Reveal` of a hand tile drawn unseen;
``isinstance(x, Move)`` works.

.. versionchanged:: 0.1.0
   ``Move`` is the union of the move classes, as every game's ``Move`` is; the
   placement class it named is :class:`Place`.
"""
AnyMove = Move
"""The same union as ``Move`` (its name before ``Move`` was the union in every game)."""
MOVE_TYPES: Final = (Place, Draw, Unseen, Reveal)
"""Every concrete move class."""

NOTHING: Final = ""
""":attr:`State.drawing` when no chance step is pending."""
START: Final = "start"
"""The next start-square tile is turned up (ROTA-7)."""
STACK: Final = "stack"
"""The seat to move draws its stack's top tile into its hand (ROTA-8, ROTA-16)."""
SUPPLY: Final = "supply"
"""The seat to move draws the supply's top tile for an extra turn (ROTA-15)."""
DRAWINGS: Final = (NOTHING, START, STACK, SUPPLY)


# ---------------------------------------------------------------------------
# The display index: packed cells, circles and the frontier
# ---------------------------------------------------------------------------

# A circle's colour counts are packed 3 bits per colour (at most 4 corners meet).
COUNT_BITS: Final = 3
COUNT_MASK: Final = (1 << COUNT_BITS) - 1
SHIFT: Final = tuple(COUNT_BITS * colour for colour in range(len(COLOURS)))
"""Per colour, where its count sits in a circle's packed counts."""
ONE: Final[Mapping[Colour | None, int]] = {None: 0, **{c: 1 << s for c, s in enumerate(SHIFT)}}
"""What one corner adds to its circle's packed counts (an empty corner adds nothing)."""
HELD: Final = tuple(1 << (COUNT_BITS * len(COLOURS) + corner) for corner in range(4))
"""Per corner ``j``, the bit above the colour counts that a tile sets in the circle at its
corner ``j``: a circle's value also says which of the four cells around it hold a tile."""

Counts = int
"""A circle's colour counts, :data:`COUNT_BITS` bits per colour, and its :data:`HELD` bits."""
CornerCounts = tuple[Counts, Counts, Counts, Counts]
"""The counts of a cell's four circles, corners 0..3."""

_STEP_0, _STEP_1, _STEP_2, _STEP_3 = square.PACKED_CORNER_STEPS

Placed = tuple[Packed, Tile, "Placed | None"]
"""The tiles of a display as a chain, the last placed first: ``(cell, corners, the rest)``.

Each board links its tile to the chain of the board it grew from, so that a
placement shares the display's tiles instead of copying them."""


_Diagonal = tuple[Packed, Mask, int]
_Edge = tuple[Packed, Mask, int, int, int, Packed, int, Packed, int]


def _split_around() -> tuple[tuple[_Diagonal, ...], tuple[_Edge, ...]]:
    """The cells around a cell: the 4 diagonal ones, then the 4 edge ones.

    Each as ``(packed step, corners shared, ...)`` from
    :data:`~tilegames.geometry.square.PACKED_AROUND`, in reading order. A
    diagonal one adds the corner ``k`` of the centre cell at its shared
    vertex; an edge one the two corners ``k``, ``l`` of the centre cell on the
    shared edge, the :data:`HELD` bit that the edge cell, if it holds a
    tile, sets in the circle at ``k``, and its two far corners (off the
    shared edge), each as ``(packed step from the centre cell to its vertex,
    corner)``::

        north: k 0, l 1, its corner 3 | west: k 0, l 3, its corner 1
        east:  k 1, l 2, its corner 0 | south: k 2, l 3, its corner 1
    """
    corners = square.PACKED_CORNER_STEPS

    def shared(step: Packed) -> list[tuple[int, int]]:
        """``(centre's corner, its corner)`` pairs on the same vertex, in order."""
        return [(k, j) for k in range(4) for j in range(4) if corners[k] == step + corners[j]]

    diagonal = tuple(
        (step, bits, shared(step)[0][0]) for step, bits, edge in square.PACKED_AROUND if not edge
    )
    edge = tuple(
        (step, bits, first[0], second[0], HELD[first[1]], *far[0], *far[1])
        for step, bits, is_edge in square.PACKED_AROUND
        if is_edge
        for first, second in [shared(step)]
        for far in [[(step + corners[j], j) for j in range(4) if not bits >> j & 1]]
    )
    return diagonal, edge


_DIAGONAL, _EDGE = _split_around()


def corner_adds(corners: Tile) -> tuple[int, int, int, int]:
    """What each corner of a tile adds to its circle: its colour's count, its :data:`HELD` bit."""
    one = ONE
    return (
        one[corners[0]] | HELD[0],
        one[corners[1]] | HELD[1],
        one[corners[2]] | HELD[2],
        one[corners[3]] | HELD[3],
    )


class Board:
    """The index of a display, for fast lookups; built once, then never changed.

    Keyed by cells and vertices packed by :func:`~tilegames.geometry.square.pack`.
    ``apply`` builds the next board by copying the circles' dictionary and the
    frontier's two lists (C-level copies of at most a few hundred entries),
    linking the tile to the shared chain of placed tiles, and adding the tile.
    The frontier is kept sorted, in reading order, so that the legal moves
    need not sort it; a cell is found in it by bisection.
    """

    __slots__ = ("circles", "masks", "placed", "rim")

    placed: Placed | None
    """The display's tiles as a :data:`Placed` chain, the last placed first."""
    circles: dict[Packed, Counts]
    """Packed vertex -> colour counts of the corners there and the :data:`HELD` bits of
    the cells around it holding a tile (a key for every vertex touched)."""
    rim: list[Packed]
    """The frontier: every packed empty cell sharing an edge with the display, in
    increasing order (which is reading order)."""
    masks: list[Mask]
    """Per cell of :attr:`rim`, the 4-bit mask of its corners that touch a tile (bit
    ``j`` for corner ``j``)."""

    def __init__(
        self,
        placed: Placed | None,
        circles: dict[Packed, Counts],
        rim: list[Packed],
        masks: list[Mask],
    ) -> None:
        self.placed = placed
        self.circles = circles
        self.rim = rim
        self.masks = masks

    @property
    def cells(self) -> dict[Packed, Tile]:
        """Packed cell -> the corners of the tile lying there (built from :attr:`placed`)."""
        cells: dict[Packed, Tile] = {}
        link = self.placed
        while link is not None:
            cell, corners, link = link
            cells[cell] = corners
        return cells

    @property
    def frontier(self) -> dict[Packed, Mask]:
        """Packed frontier cell -> its touching corners (from :attr:`rim` and :attr:`masks`)."""
        return dict(zip(self.rim, self.masks, strict=True))

    def mask(self, cell: Packed) -> Mask | None:
        """The touching corners of ``cell`` if it is in the frontier, else ``None``."""
        rim = self.rim
        index = bisect.bisect_left(rim, cell)
        if index < len(rim) and rim[index] == cell:
            return self.masks[index]
        return None

    def holds(self, cell: Packed) -> bool:
        """Whether a tile lies on ``cell``."""
        return bool(self.circles.get(cell + _STEP_0, 0) & HELD[0])

    @classmethod
    def build(cls, display: Iterable[tuple[Cell, Tile]]) -> Board:
        """Index a display from scratch."""
        board = cls(None, {}, [], [])
        for (x, y), corners in display:
            board.add(square.pack(x, y), corners)
        return board

    def with_tile(
        self, cell: Packed, corners: Tile, adds: tuple[int, int, int, int] | None = None
    ) -> Board:
        """A new board: this one plus a tile (the cell must be in the frontier).

        ``adds`` is what each corner adds to its circle (:func:`corner_adds`), if
        the caller has it from a table (:attr:`TileInfo.adds`).
        """
        return self.grown(cell, corners, adds)[0]

    def grown(
        self, cell: Packed, corners: Tile, adds: tuple[int, int, int, int] | None = None
    ) -> tuple[Board, CornerCounts]:
        """:meth:`with_tile`, and the counts of the tile's four circles before it came.

        Scoring (ROTA-12) reads those counts; they are at hand here, where the
        circles are updated, so the caller need not look them up again.
        """
        board = Board(self.placed, self.circles.copy(), self.rim[:], self.masks[:])
        return board, board.add(cell, corners, adds)

    def add(
        self, cell: Packed, corners: Tile, adds: tuple[int, int, int, int] | None = None
    ) -> CornerCounts:
        """Add a tile in place; only for a board that nobody else holds yet.

        Returns the counts of the tile's four circles (corners 0..3) before it.
        """
        circles, rim, masks = self.circles, self.rim, self.masks
        self.placed = (cell, corners, self.placed)
        find = bisect.bisect_left
        index = find(rim, cell)
        if index < len(rim) and rim[index] == cell:
            del rim[index], masks[index]
        if adds is None:
            adds = corner_adds(corners)
        # The four circles, unrolled; every vertex touched gets a key, even under a gap.
        get = circles.get
        vertex = cell + _STEP_0
        circles[vertex] = (before_0 := get(vertex, 0)) + adds[0]
        vertex = cell + _STEP_1
        circles[vertex] = (before_1 := get(vertex, 0)) + adds[1]
        vertex = cell + _STEP_2
        circles[vertex] = (before_2 := get(vertex, 0)) + adds[2]
        vertex = cell + _STEP_3
        circles[vertex] = (before_3 := get(vertex, 0)) + adds[3]
        before = before_0, before_1, before_2, before_3
        # Only a vertex new to the display (its circle was 0: no HELD bit) changes the masks
        # of the cells around it. A diagonal cell in the frontier gains that corner; an empty
        # edge cell joins the frontier (whether an edge cell holds a tile is a HELD bit of a
        # circle on the shared edge), or gains the new corners if it is there already.
        for step, bits, mine in _DIAGONAL:
            if not before[mine]:
                near = cell + step
                index = find(rim, near)
                if index < len(rim) and rim[index] == near:
                    masks[index] |= bits
        for step, bits, mine, other, held, far_1, corner_1, far_2, corner_2 in _EDGE:
            circle = before[mine]
            if circle & held:
                continue
            near = cell + step
            index = find(rim, near)
            if index < len(rim) and rim[index] == near:
                if not circle or not before[other]:  # a new corner on the shared edge
                    masks[index] |= bits
            else:  # a new frontier cell: its shared corners, and its far ones
                rim.insert(index, near)
                masks.insert(
                    index,
                    bits
                    | (cell + far_1 in circles) << corner_1
                    | (cell + far_2 in circles) << corner_2,
                )
        return before

    def touching(self, cell: Packed) -> Mask:
        """The 4-bit mask of the corners of ``cell`` whose vertex a tile touches."""
        circles = self.circles
        return (
            (cell + _STEP_0 in circles)
            | (cell + _STEP_1 in circles) << 1
            | (cell + _STEP_2 in circles) << 2
            | (cell + _STEP_3 in circles) << 3
        )


# ---------------------------------------------------------------------------
# States and views
# ---------------------------------------------------------------------------


@attrs.frozen(repr=False, getstate_setstate=False)
class State(CachedState):
    """A position of AXIO Rota: everything, hidden parts included.

    States are immutable and compare, hash and pickle by value; build the first
    with :func:`new_game` and the next with :func:`apply`. ``str(state)`` is
    the plain-text picture of :func:`render_text`; ``repr(state)`` is one
    line, ``<axio-rota State: 2 players, 4 tiles on the board, seat 0 to move>``.

    The fields below are the whole game, the set it is played with included.
    A state also caches a private index of the display for speed; it is not
    compared, hashed or pickled, and is rebuilt from :attr:`display` when
    missing; likewise its legal moves, once listed.
    """

    display: frozenset[tuple[Cell, Tile]]
    """Every placed tile as a ``(cell, corners)`` pair, the corners as they lie (turned)."""
    tracks: tuple[Points, ...]
    """Per seat, the five score tracks in :data:`COLOURS` order, each 0..12 (ROTA-4)."""
    hands: tuple[Tile | None, ...]
    """Per seat, the tile in hand (private to its owner, ROTA-22), or ``None``.

    A seat's hand is empty from its placement until its draw at the end of its
    turn (ROTA-16), and for good once its stack is used up.
    """
    stacks: tuple[tuple[Tile, ...], ...]
    """Per seat, the tiles left in its personal stack, top first (hidden, ROTA-22)."""
    supply: tuple[Tile, ...]
    """The general supply, top first (hidden, ROTA-22)."""
    seat: Seat
    """The seat whose turn it is (ROTA-10); meaningless once the game is over."""
    extra_tile: Tile | None = None
    """During an extra turn (ROTA-15), the tile drawn from the supply to place; else ``None``.

    It is public once drawn (ROTA-21).
    """
    extra_turns: int = 0
    """Extra turns the seat to move is still owed after the current one (ROTA-15)."""
    tiles: tuple[Tile, ...] | None = attrs.field(default=None, metadata=OPTIONAL)
    """The custom set the game was started with (``new_game(tiles=...)``), as dealt from
    before the shuffle; ``None`` for the standard set :data:`STANDARD_TILES`.

    .. versionadded:: 0.1.0
    """
    pool: tuple[Tile, ...] | None = attrs.field(default=None, metadata=OPTIONAL)
    """In an explicit game (``new_game(chance="explicit")``), the tiles not identified yet,
    in the set's order: those face down (start square still to lay, stacks, supply) and
    the hand tiles drawn :data:`UNSEEN`. ``None`` in a seeded game.

    .. versionadded:: 0.1.0
    """
    stack_counts: tuple[int, ...] = attrs.field(default=(), metadata=OPTIONAL)
    """In an explicit game, per seat, the tiles left face down in its stack (then
    :attr:`stacks` is empty); ``()`` in a seeded game.

    .. versionadded:: 0.1.0
    """
    supply_count: int = attrs.field(default=0, metadata=OPTIONAL)
    """In an explicit game, the tiles left face down in the supply (then :attr:`supply`
    is empty); 0 in a seeded game.

    .. versionadded:: 0.1.0
    """
    drawing: str = attrs.field(default=NOTHING, metadata=OPTIONAL)
    """The chance step the explicit game waits for: ``""`` (none), ``"start"`` (the next
    start-square tile), ``"stack"`` (the seat to move draws its hand tile) or ``"supply"``
    (the seat to move draws its extra turn's tile).

    .. versionadded:: 0.1.0
    """
    unseen: int = attrs.field(default=0, metadata=OPTIONAL)
    """Bit ``s`` set: seat ``s`` holds a hand tile drawn :data:`UNSEEN` (its
    :attr:`hands` entry is then ``None``; the tile is one of :attr:`pool`).

    .. versionadded:: 0.1.0
    """
    _index: Board | None = attrs.field(default=None, init=False, eq=False, repr=False)
    """Cache: the index of :attr:`display` (:class:`Board`), built on first use."""
    _legal: LazyMoves[Place] | None = attrs.field(default=None, init=False, eq=False, repr=False)
    """Cache: the state's :class:`~tilegames.axio_rota.LegalMoves`, once asked for (it
    also remembers the last move it handed out, which ``apply`` then need not check)."""

    def __str__(self) -> str:
        """The plain-text picture of the display and the scores (:func:`render_text`)."""
        from tilegames.axio_rota._draw import render_text  # here: _draw imports this module

        return render_text(self)

    def __repr__(self) -> str:
        """One line: the seats, the tiles on the board, explicit chance, who moves."""
        return summary(self, len(self.tracks), _facts(self.display, self.explicit))

    @property
    def explicit(self) -> bool:
        """Whether chance is explicit (``new_game(chance="explicit")``); ``False`` if seeded.

        In an explicit game each draw is a step of its own (:attr:`drawing`).
        The game's chance mode, as every game's ``State.explicit`` answers it. It is
        not a field of its own: an explicit game is one with a :attr:`pool` (the
        tiles not identified yet), so a document holds it as ``"pool"``.

        .. versionadded:: 0.1.0
        """
        return self.pool is not None


@attrs.frozen(repr=False)
class View(Drawable):
    """What one seat may see of a state (ROTA-21, ROTA-22): built by :func:`view`.

    No stack or supply content or order, no other seat's hand. ``str(view)``
    is the same picture as for a state, plus the seat's own hand.
    """

    seat: Seat | None
    """The seat this view is for; ``None`` in the public view (an onlooker's)."""
    to_move: tuple[Seat, ...]
    """The seats that may move now: ``(seat,)``, or ``()`` once the game is over."""
    display: frozenset[tuple[Cell, Tile]]
    """Every placed tile, as in :attr:`State.display`."""
    tracks: tuple[Points, ...]
    """Every seat's score tracks, as in :attr:`State.tracks`."""
    hand: Tile | None
    """This seat's own hand tile, or ``None`` (always in the public view)."""
    stack_sizes: tuple[int, ...]
    """Per seat, the number of tiles left in its stack."""
    supply_size: int
    """The number of tiles in the general supply."""
    extra_tile: Tile | None
    """The supply tile of an extra turn in progress (public once drawn), or ``None``."""
    extra_turns: int
    """Further extra turns owed to the seat to move."""
    drawer: Seat = attrs.field(default=0, metadata=formerly("turn", optional=True))
    """While chance is to move (:attr:`drawing`), the seat whose turn it is (the seat
    that draws, for ``"stack"`` and ``"supply"``: :attr:`State.seat`); else 0.

    .. versionadded:: 0.1.0
    .. versionchanged:: 0.1.0 named ``drawer``, as AXIO's :attr:`tilegames.axio.View.drawer`;
       it was ``turn``, which in AXIO and Polygon is a turn's number (``View.turn``
       still reads it, deprecated, and a document holding ``"turn"`` still loads,
       deprecated).
    """
    tiles: tuple[Tile, ...] | None = attrs.field(default=None, metadata=OPTIONAL)
    """The game's custom set (public: it is the box's content), or ``None`` for the standard one.

    .. versionadded:: 0.1.0
    """
    pool: tuple[Tile, ...] | None = attrs.field(default=None, metadata=OPTIONAL)
    """In an explicit game, the tiles this seat cannot identify, in the set's order: the
    state's :attr:`State.pool` and the other seats' hand tiles. ``None`` in a seeded game.

    .. versionadded:: 0.1.0
    """
    drawing: str = attrs.field(default=NOTHING, metadata=OPTIONAL)
    """The chance step pending, as :attr:`State.drawing` (then :attr:`to_move` is
    ``(CHANCE,)``).

    .. versionadded:: 0.1.0
    """
    unseen: int = attrs.field(default=0, metadata=OPTIONAL)
    """In an explicit game, bit ``s`` set: seat ``s`` holds a hand tile this view does not
    show (another seat's, or its own drawn :data:`UNSEEN`).

    .. versionadded:: 0.1.0
    """

    def __str__(self) -> str:
        """The plain-text picture (:func:`render_text`)."""
        from tilegames.axio_rota._draw import render_text  # here: _draw imports this module

        return render_text(self)

    def __repr__(self) -> str:
        """One line, as a state's, naming the seat the view is for."""
        facts = _facts(self.display, self.explicit)
        return summary(self, len(self.tracks), facts, seat=self.seat, to_move=self.to_move)

    @property
    def explicit(self) -> bool:
        """Whether chance is explicit, as :attr:`State.explicit` (public).

        The view has a :attr:`pool` exactly then.

        .. versionadded:: 0.1.0
        """
        return self.pool is not None

    @property
    def turn(self) -> Seat:
        """Deprecated: :attr:`drawer` (``turn`` goes in the next release)."""
        warn_renamed("axio_rota.View.turn", "View.drawer")
        return self.drawer


def _facts(display: frozenset[tuple[Cell, Tile]], explicit: bool) -> list[str]:
    """What a state's or view's repr says besides the seats and who moves."""
    facts = ["explicit chance"] if explicit else []
    return [*facts, f"{len(display)} tiles on the board"]
