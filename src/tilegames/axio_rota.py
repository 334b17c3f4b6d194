r"""AXIO Rota: square tiles whose coloured corners meet in circles.

The rules are ``shared/rules/axio-rota.md``; every rule id quoted here
(``ROTA-1`` .. ``ROTA-22``) is a rule of that page. In short: players take
turns placing the tile in their hand next to the display, score each corner
of it for the matching colour symbols of the other tiles meeting at that
corner's grid vertex (its *circle*), and earn an extra turn (AXIO!) for each
colour that reaches 12. The player whose lowest colour is highest wins.

A game is a chain of immutable :class:`State` values::

    >>> from tilegames import axio_rota as rota
    >>> state = rota.new_game(players=2, seed=7)
    >>> rota.to_move(state)
    (0,)
    >>> moves = rota.legal_moves(state)
    >>> after = rota.apply(state, moves[0])
    >>> rota.to_move(after)
    (1,)

Coordinates are those of :mod:`tilegames.geometry.square`: cell ``(x, y)``
with ``x`` to the right and ``y`` down, and a tile's corners numbered
clockwise from the top left. The start square covers the four cells around
grid vertex ``(0, 0)``::

          x = -1    x = 0
        +-------+-------+
        | 0   1 | 0   1 |   y = -1
        | 3   2 | 3   2 |
        +-------(0,0)---+          the centre vertex (0, 0)
        | 0   1 | 0   1 |   y = 0
        | 3   2 | 3   2 |
        +-------+-------+

How it is fast: the state carries, besides its compared fields, a private
index of the display (:class:`_Board`) keyed by *packed* integers (a cell and
the grid vertex at its top-left corner share one number), holding the colour
counts of every circle and, for every empty cell next to the display, which
of its corners touch a tile. ``apply`` updates it in a few dictionary steps
instead of rescanning the display, and :func:`legal_moves` returns a lazy
:class:`LegalMoves` sequence whose length is a sum over a small table.
"""

from __future__ import annotations

import bisect
import itertools
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Final, NamedTuple, cast

import attrs

from tilegames._core import rng, tracks
from tilegames._core.errors import (
    ConfigurationError,
    GameOverError,
    IllegalMoveError,
    InvalidStateError,
    NotationError,
)
from tilegames._core.moves import LazyMoves
from tilegames._core.rules import GameRules, Outcome, Seat, Setup
from tilegames._core.state import CachedState, Drawable
from tilegames.geometry import square
from tilegames.geometry.square import Cell

__all__ = [
    "BLUE",
    "COLOURS",
    "COLOUR_LETTERS",
    "GREEN",
    "ORANGE",
    "PURPLE",
    "RED",
    "RULES",
    "STACK_SIZE",
    "STANDARD_TILES",
    "START_CELLS",
    "TRACK_CAP",
    "Colour",
    "LegalMoves",
    "Move",
    "Points",
    "State",
    "Tile",
    "View",
    "apply",
    "determinize",
    "evaluate",
    "format_move",
    "format_tile",
    "hand",
    "is_over",
    "legal_moves",
    "new_game",
    "outcome",
    "parse_move",
    "parse_tile",
    "players",
    "render_text",
    "score_move",
    "scores",
    "stack_sizes",
    "supply_size",
    "tile_to_place",
    "tiles_on_display",
    "to_move",
    "validate",
    "view",
    "why_illegal",
]

# ---------------------------------------------------------------------------
# Names: colours, tiles, sizes
# ---------------------------------------------------------------------------

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

TRACK_CAP: Final = 12
"""The top of every score track (ROTA-4, ROTA-14)."""

STACK_SIZE: Final = 12
"""Tiles in each player's personal stack at setup (ROTA-8)."""

_MAX_PLAYERS: Final = 4
_START_TILES: Final = 4  # the 2x2 square (ROTA-7)
_MAX_TILES: Final = 4096  # the largest custom set; see _pack for why there is a limit
_STAGES: Final = (TRACK_CAP,)
_ALL_AT_CAP: Final[Points] = (TRACK_CAP,) * 5
_NO_POINTS: Final[Points] = (0,) * 5
_LETTER: Final[Mapping[Colour | None, str]] = {None: ".", **dict(enumerate(COLOUR_LETTERS))}


# ---------------------------------------------------------------------------
# The standard set (ROTA-3)
# ---------------------------------------------------------------------------


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


# ---------------------------------------------------------------------------
# Moves, states and views
# ---------------------------------------------------------------------------


@attrs.frozen
class Move:
    """Place the tile to be placed on ``cell``, turned ``rotation`` quarter turns clockwise.

    The tile is the hand tile, or during an extra turn the tile drawn from the
    general supply (see :func:`tile_to_place`). ``named`` is the colour named
    for the tile's empty corner (ROTA-12); a move names one exactly when that
    corner, after turning, touches another tile (ROTA-13).

    Construction checks the shape of the fields only; whether the move is
    legal depends on the state (:func:`why_illegal`).

    >>> move = Move((1, -1), 3, BLUE)
    >>> str(move)
    '1,-1:3B'

    Raises:
        TypeError: if a field has the wrong type.
        ValueError: if the rotation is not 0..3 or the named colour not 0..4.
    """

    cell: Cell
    """The empty cell ``(x, y)`` to place the tile on."""
    rotation: int
    """Quarter turns clockwise (0..3) applied to the tile as it is held (ROTA-6)."""
    named: Colour | None = None
    """The colour named for the empty corner (ROTA-12, ROTA-13), or ``None``."""

    def __attrs_post_init__(self) -> None:
        """Refuse fields that cannot describe a placement."""
        cell, rotation, named = self.cell, self.rotation, self.named
        if (
            type(cell) is not tuple
            or len(cell) != 2
            or type(cell[0]) is not int
            or type(cell[1]) is not int
        ):
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
        return format_move(self)


@attrs.frozen(getstate_setstate=False)
class State(CachedState):
    """A position of AXIO Rota: everything, hidden parts included.

    States are immutable and compare, hash and pickle by value; build the first
    with :func:`new_game` and the next with :func:`apply`. ``str(state)`` is
    the plain-text picture of :func:`render_text`.

    The fields below are the whole game. A state also caches a private index
    of the display for speed; it is not compared, hashed or pickled, and is
    rebuilt from :attr:`display` when missing.
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
    _board: _Board | None = attrs.field(default=None, init=False, eq=False, repr=False)

    def __str__(self) -> str:
        """The plain-text picture of the display and the scores (:func:`render_text`)."""
        return render_text(self)


@attrs.frozen
class View(Drawable):
    """What one seat may see of a state (ROTA-21, ROTA-22): built by :func:`view`.

    No stack or supply content or order, no other seat's hand. ``str(view)``
    is the same picture as for a state, plus the seat's own hand.
    """

    seat: Seat
    """The seat this view is for."""
    to_move: tuple[Seat, ...]
    """The seats that may move now: ``(seat,)``, or ``()`` once the game is over."""
    display: frozenset[tuple[Cell, Tile]]
    """Every placed tile, as in :attr:`State.display`."""
    tracks: tuple[Points, ...]
    """Every seat's score tracks, as in :attr:`State.tracks`."""
    hand: Tile | None
    """This seat's own hand tile, or ``None``."""
    stack_sizes: tuple[int, ...]
    """Per seat, the number of tiles left in its stack."""
    supply_size: int
    """The number of tiles in the general supply."""
    extra_tile: Tile | None
    """The supply tile of an extra turn in progress (public once drawn), or ``None``."""
    extra_turns: int
    """Further extra turns owed to the seat to move."""

    def __str__(self) -> str:
        """The plain-text picture (:func:`render_text`)."""
        return render_text(self)


# ---------------------------------------------------------------------------
# The display index: packed cells, circles and the frontier
# ---------------------------------------------------------------------------

# A cell (x, y) is packed into one int, and grid vertex (x, y) -- the top-left
# corner of cell (x, y) -- into the same int, so that neighbours and corner
# vertices are additions of constant steps. Packed ints stay below 2**30 (one
# CPython digit, the fastest to hash); that bounds coordinates to +-16383,
# which a display of at most _MAX_TILES tiles around the origin never reaches.
_STRIDE: Final = 1 << 15
_ORIGIN: Final = 1 << 14
_BASE: Final = _ORIGIN * _STRIDE + _ORIGIN


def _pack(x: int, y: int) -> int:
    return y * _STRIDE + x + _BASE


def _unpack(packed: int) -> Cell:
    row, column = divmod(packed, _STRIDE)
    return column - _ORIGIN, row - _ORIGIN


def _in_range(x: int, y: int) -> bool:
    return -_ORIGIN < x < _ORIGIN - 1 and -_ORIGIN < y < _ORIGIN - 1


def _steps(offsets: Iterable[tuple[int, int]]) -> tuple[int, ...]:
    """Packed steps for ``(dx, dy)`` offsets: ``_pack(x + dx, y + dy) - _pack(x, y)``."""
    return tuple(dx + dy * _STRIDE for dx, dy in offsets)


_CORNER_STEPS: Final = _steps(square.CORNER_OFFSETS)
"""From a packed cell to the packed vertices of its corners 0..3."""


def _touch_table() -> tuple[tuple[int, int, bool], ...]:
    """For each of the 8 cells around a cell: its step, the corner bits it shares, edge or not.

    Placing a tile on cell ``c`` makes corner ``j`` of a surrounding cell ``n``
    touch a tile when corner ``j``'s vertex is one of ``c``'s corners: the
    shared edge's two corners for the 4 edge neighbours, one corner for the 4
    diagonal ones.
    """
    mine = set(square.cell_corners((0, 0)))
    table = []
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            theirs = square.cell_corners((dx, dy))
            bits = sum(1 << j for j, vertex in enumerate(theirs) if vertex in mine)
            if (dx, dy) != (0, 0):
                table.append((dx + dy * _STRIDE, bits, (dx, dy) in square.DIRECTIONS))
    return tuple(table)


_TOUCH: Final = _touch_table()
_STEP_0, _STEP_1, _STEP_2, _STEP_3 = _CORNER_STEPS

# A circle's colour counts are packed 3 bits per colour (at most 4 corners meet).
_COUNT_BITS: Final = 3
_COUNT_MASK: Final = (1 << _COUNT_BITS) - 1
_SHIFT: Final = tuple(_COUNT_BITS * colour for colour in range(len(COLOURS)))
_ONE: Final[Mapping[Colour | None, int]] = {None: 0, **{c: 1 << s for c, s in enumerate(_SHIFT)}}
"""What one corner adds to its circle's packed counts (an empty corner adds nothing)."""


class _Board:
    """The index of a display, for fast lookups; built once, then never changed.

    ``apply`` builds the next board by copying the three dictionaries (a
    C-level copy of at most a few hundred entries) and adding one tile.
    """

    __slots__ = ("cells", "circles", "frontier")

    cells: dict[int, Tile]
    """Packed cell -> the corners of the tile lying there."""
    circles: dict[int, int]
    """Packed vertex -> colour counts of the corners there (a key for every vertex touched)."""
    frontier: dict[int, int]
    """Packed empty cell sharing an edge with the display -> 4-bit mask of its corners
    that touch a tile (bit ``j`` for corner ``j``)."""

    def __init__(
        self, cells: dict[int, Tile], circles: dict[int, int], frontier: dict[int, int]
    ) -> None:
        self.cells = cells
        self.circles = circles
        self.frontier = frontier

    @classmethod
    def build(cls, display: Iterable[tuple[Cell, Tile]]) -> _Board:
        """Index a display from scratch."""
        board = cls({}, {}, {})
        for (x, y), corners in display:
            board.add(_pack(x, y), corners)
        return board

    def with_tile(self, cell: int, corners: Tile) -> _Board:
        """A new board: this one plus a tile (the cell must be in the frontier)."""
        board = _Board(self.cells.copy(), self.circles.copy(), self.frontier.copy())
        board.add(cell, corners)
        return board

    def add(self, cell: int, corners: Tile) -> None:
        """Add a tile in place; only for a board that nobody else holds yet."""
        cells, circles, frontier = self.cells, self.circles, self.frontier
        cells[cell] = corners
        frontier.pop(cell, None)
        one = _ONE
        for step, colour in zip(_CORNER_STEPS, corners, strict=True):
            vertex = cell + step
            circles[vertex] = circles.get(vertex, 0) + one[colour]
        for step, bits, edge in _TOUCH:
            near = cell + step
            if near in frontier:
                frontier[near] |= bits
            elif edge and near not in cells:
                frontier[near] = self.touching(near)

    def touching(self, cell: int) -> int:
        """The 4-bit mask of the corners of ``cell`` whose vertex a tile touches."""
        circles = self.circles
        return (
            (cell + _STEP_0 in circles)
            | (cell + _STEP_1 in circles) << 1
            | (cell + _STEP_2 in circles) << 2
            | (cell + _STEP_3 in circles) << 3
        )


def _board(state: State) -> _Board:
    """The state's display index, built on first use (for states not made by ``apply``)."""
    board = state._board
    if board is None:
        _check_extent(state)
        board = _Board.build(state.display)
        object.__setattr__(state, "_board", board)
    return board


def _check_extent(state: State) -> None:
    """Refuse a hand-made state whose display could grow past the packed coordinates."""
    left = len(state.supply) + sum(map(len, state.stacks)) + len(state.hands) + 1
    reach = max((max(abs(x), abs(y)) for (x, y), _ in state.display), default=0)
    if reach + left + 1 >= _ORIGIN - 1:
        msg = (
            f"the display reaches coordinate {reach} with {left} tiles still to place; "
            f"cells must stay within +-{_ORIGIN - 2}"
        )
        raise InvalidStateError(msg)


# ---------------------------------------------------------------------------
# Per-tile tables: rotations and the moves at a cell, by corner mask
# ---------------------------------------------------------------------------

_Choice = tuple[int, Colour | None]
"""A ``(rotation, named)`` pair: the part of a move that is not the cell."""
_NAMEABLE: Final[tuple[Colour | None, ...]] = tuple(range(len(COLOURS)))


class _TileInfo(NamedTuple):
    """What the move generator needs to know about one tile."""

    turned: tuple[Tile, ...]
    """The corners after 0, 1, 2, 3 quarter turns."""
    rotations: tuple[int, ...]
    """The quarter turns giving distinct corners, smallest first (the ones listed)."""
    same_as: tuple[int, ...]
    """Per quarter turn, the listed quarter turn giving the same corners."""
    empty: int
    """The index of the empty corner (before turning), or -1."""
    choices: tuple[tuple[_Choice, ...], ...]
    """Per 4-bit corner mask of a cell, its ``(rotation, named)`` choices in listing order."""
    counts: tuple[int, ...]
    """Per 4-bit corner mask, ``len(choices[mask])``."""


def _tile_info(tile: Tile) -> _TileInfo:
    turned = tuple(square.rotate(tile, k) for k in range(4))
    rotations = square.distinct_rotations(tile)
    same_as = tuple(turned.index(turned[k]) for k in range(4))
    empty = tile.index(None) if None in tile else -1
    masks = range(16)
    if empty < 0:
        fixed = tuple((k, None) for k in rotations)
        choices: tuple[tuple[_Choice, ...], ...] = (fixed,) * len(masks)
    else:
        choices = tuple(
            tuple(
                (k, named)
                for k in rotations
                for named in (_NAMEABLE if mask >> ((empty + k) % 4) & 1 else (None,))
            )
            for mask in masks
        )
    return _TileInfo(
        turned=turned,
        rotations=rotations,
        same_as=same_as,
        empty=empty,
        choices=choices,
        counts=tuple(map(len, choices)),
    )


_TILES: dict[Tile, _TileInfo] = {tile: _tile_info(tile) for tile in STANDARD_TILES}
"""Tile -> its tables: the standard set's built at import, any other tile's on first sight."""


def _info(tile: Tile) -> _TileInfo:
    try:
        return _TILES[tile]
    except KeyError:
        problem = _tile_problem(tile)
        if problem:
            msg = f"tile {tile!r} in the state is not a tile: {problem} (ROTA-2)"
            raise InvalidStateError(msg) from None
        info = _TILES[tile] = _tile_info(tile)
        return info


def _tile_problem(tile: object) -> str:
    """Why ``tile`` is not a valid tile of ROTA-2, or ``""``."""
    if type(tile) is not tuple or len(tile) != 4:
        return "a tile is a tuple of 4 corners"
    for corner in tile:
        if corner is not None and (type(corner) is not int or not 0 <= corner < len(COLOURS)):
            return f"corner {corner!r} is neither a colour 0..4 nor None"
    if tile.count(None) > 1:
        return f"it has {tile.count(None)} empty corners; a tile has at most one"
    return ""


# ---------------------------------------------------------------------------
# Setup (ROTA-7 .. ROTA-10)
# ---------------------------------------------------------------------------


def _start_cells() -> tuple[tuple[Cell, square.Corner], ...]:
    """The cells around vertex (0, 0) in reading order, each with its corner at the centre."""
    return tuple(sorted(square.vertex_cells((0, 0)), key=lambda pair: pair[0][::-1]))


START_CELLS: Final = _start_cells()
"""The 2x2 start square (ROTA-7): ``(cell, corner at the centre)`` in reading order.

>>> START_CELLS
(((-1, -1), 2), ((0, -1), 3), ((-1, 0), 1), ((0, 0), 0))
"""


def new_game(
    players: int = 2,
    *,
    seed: int | None = None,
    tiles: Iterable[Tile | str] | None = None,
) -> State:
    """Start a game: shuffle, lay the start square, deal the stacks (ROTA-7 .. ROTA-10).

    The shuffled tiles are dealt in order: 4 to the start square (in reading
    order, each with its empty corner, if any, turned to the centre; other
    tiles as they are listed), then 12 to each seat's stack in seat order, the
    rest to the general supply. Each seat then draws its stack's top tile.

    >>> state = new_game(players=3, seed=1)
    >>> stack_sizes(state), supply_size(state)
    ((11, 11, 11), 20)

    Args:
        players: the number of seats, 1 to 4; seat 0 starts.
        seed: the shuffle's seed; ``None`` draws a fresh one.
        tiles: a custom set instead of :data:`STANDARD_TILES`: each tile a
            4-tuple of colours (0..4) or ``None``, or a string such as
            ``"RGB."`` (see :func:`parse_tile`); at most one empty corner each
            (ROTA-2), and at least ``4 + 12 * players`` tiles.

    Returns:
        The state before seat 0's first placement.

    Raises:
        ConfigurationError: if ``players`` is not 1..4, ``seed`` is not an int,
            or a tile (named by its index) or the set's size is not allowed.
    """
    count = _check_players(players)
    chosen = STANDARD_TILES if tiles is None else _check_tiles(tiles, count)
    order, _ = rng.shuffled(rng.normalize_seed(seed), chosen)
    display = frozenset(
        (cell, _turned_to(tile, centre))
        for (cell, centre), tile in zip(START_CELLS, order[:_START_TILES], strict=True)
    )
    dealt = order[_START_TILES:]
    stacks = tuple(dealt[STACK_SIZE * s : STACK_SIZE * (s + 1)] for s in range(count))
    state = State(
        display=display,
        tracks=(_NO_POINTS,) * count,
        hands=tuple(stack[0] for stack in stacks),
        stacks=tuple(stack[1:] for stack in stacks),
        supply=dealt[STACK_SIZE * count :],
        seat=0,
    )
    object.__setattr__(state, "_board", _Board.build(display))
    return state


def _turned_to(tile: Tile, centre: square.Corner) -> Tile:
    """The tile with its empty corner, if any, turned to corner ``centre`` (ROTA-7)."""
    if None not in tile:
        return tile
    return square.rotate(tile, centre - tile.index(None))


def _check_players(players: object) -> int:
    if type(players) is not int or not 1 <= players <= _MAX_PLAYERS:
        msg = f"AXIO Rota is for 1 to {_MAX_PLAYERS} players, not {players!r}"
        raise ConfigurationError(msg)
    return players


def _check_tiles(tiles: Iterable[Tile | str], players: int) -> tuple[Tile, ...]:
    if isinstance(tiles, (str, bytes)):
        msg = "tiles must be a collection of tiles, not one string"
        raise ConfigurationError(msg)
    result: list[Tile] = []
    for index, given in enumerate(tiles):
        tile: object = given
        if isinstance(given, str):
            try:
                tile = parse_tile(given)
            except NotationError as error:
                msg = f"tile {index} {given!r} is not a tile: {error} (ROTA-2)"
                raise ConfigurationError(msg) from None
        elif isinstance(given, Sequence):
            tile = tuple(given)
        problem = _tile_problem(tile)
        if problem:
            msg = f"tile {index} {given!r} is not allowed: {problem} (ROTA-2)"
            raise ConfigurationError(msg)
        result.append(cast(Tile, tile))
    need = _START_TILES + STACK_SIZE * players
    if not need <= len(result) <= _MAX_TILES:
        msg = (
            f"a set of {len(result)} tiles cannot be dealt to {players} player(s): the start "
            f"square takes {_START_TILES} and each stack {STACK_SIZE}, so at least {need} "
            f"tiles are needed (and at most {_MAX_TILES}) (ROTA-7, ROTA-8)"
        )
        raise ConfigurationError(msg)
    for tile in result:
        _info(tile)
    return tuple(result)


# ---------------------------------------------------------------------------
# Reading a state
# ---------------------------------------------------------------------------


def players(state: State) -> int:
    """The number of seats."""
    return len(state.tracks)


def tile_to_place(state: State) -> Tile | None:
    """The tile the seat to move places: the extra turn's supply tile, else its hand tile.

    ``None`` exactly when the game is over. The rotation of a :class:`Move`
    turns this tile as it is given here.
    """
    extra = state.extra_tile
    return extra if extra is not None else state.hands[state.seat]


def is_over(state: State) -> bool:
    """Whether the game has ended (ROTA-17 or ROTA-18).

    It has ended exactly when the seat to move has no tile to place: every
    stack has been played out, or a seat reached 12 in all five colours and
    the game stopped at once.
    """
    return state.extra_tile is None and state.hands[state.seat] is None


def to_move(state: State) -> tuple[Seat, ...]:
    """The seat that may move, as a 1-tuple, or ``()`` once the game is over (ROTA-10)."""
    return () if is_over(state) else (state.seat,)


def scores(state: State) -> tuple[Points, ...]:
    """Each seat's five score tracks, in :data:`COLOURS` order."""
    return state.tracks


def hand(state: State, seat: Seat) -> Tile | None:
    """The tile in a seat's hand, or ``None`` (private to that seat, ROTA-22).

    Raises:
        ValueError: if the seat is not in the game.
    """
    _check_seat(state, seat)
    return state.hands[seat]


def stack_sizes(state: State) -> tuple[int, ...]:
    """Per seat, the number of tiles left in its personal stack (public, ROTA-21)."""
    return tuple(map(len, state.stacks))


def supply_size(state: State) -> int:
    """The number of tiles left in the general supply (public, ROTA-21)."""
    return len(state.supply)


def tiles_on_display(state: State | View) -> Mapping[Cell, Tile]:
    """Every placed tile by cell, the corners as they lie, clockwise from the top left.

    >>> placed = tiles_on_display(new_game(seed=3))
    >>> sorted(placed)
    [(-1, -1), (-1, 0), (0, -1), (0, 0)]
    """
    return dict(state.display)


def _check_seat(state: State, seat: Seat) -> None:
    if type(seat) is not int or not 0 <= seat < len(state.tracks):
        msg = f"seat {seat!r} is not in this {len(state.tracks)}-player game"
        raise ValueError(msg)


def view(state: State, seat: Seat) -> View:
    """What ``seat`` may see (ROTA-21, ROTA-22): the state without hidden parts.

    It holds the display, every track, the stack and supply sizes, whose turn
    it is, the public tile of an extra turn, and the seat's own hand; never
    the order or content of a stack or the supply, nor another seat's hand.

    Raises:
        ValueError: if the seat is not in the game.
    """
    _check_seat(state, seat)
    return View(
        seat=seat,
        to_move=to_move(state),
        display=state.display,
        tracks=state.tracks,
        hand=state.hands[seat],
        stack_sizes=stack_sizes(state),
        supply_size=len(state.supply),
        extra_tile=state.extra_tile,
        extra_turns=state.extra_turns,
    )


# ---------------------------------------------------------------------------
# Legal moves
# ---------------------------------------------------------------------------


class LegalMoves(LazyMoves[Move]):
    """The legal moves of a state, as a lazy sequence: moves are built when asked for.

    The order is stable: cells in reading order (top row first, left to
    right), then the rotation (0..3, each listed only if it gives different
    corners from the smaller ones), then the named colour (``None``, or red,
    green, blue, orange, purple when the empty corner touches another tile).

    ``len()`` is a sum over the frontier of a small per-tile table; indexing
    sorts the frontier once. ``in`` checks one move without listing them.
    """

    __slots__ = ("_cells", "_ends", "_frontier", "_info", "_length", "_state")

    def __init__(self, state: State) -> None:
        """List the moves of ``state``."""
        tile = tile_to_place(state)
        self._state = state
        self._info = None if tile is None else _info(tile)
        self._frontier = _board(state).frontier if tile is not None else {}
        self._cells: list[int] | None = None
        self._ends: list[int] | None = None
        self._length = -1

    def __len__(self) -> int:
        """The number of legal moves."""
        if self._length < 0:
            info = self._info
            self._length = (
                0 if info is None else sum(map(info.counts.__getitem__, self._frontier.values()))
            )
        return self._length

    def _at(self, position: int) -> Move:
        """The move at ``position``: find its cell, then its choice at that cell."""
        info = cast(_TileInfo, self._info)  # there are moves, so there is a tile
        cells = self._sorted()
        if info.empty < 0:  # the same choices at every cell: no need to add up counts
            slot, offset = divmod(position, len(info.rotations))
            return Move(_unpack(cells[slot]), info.rotations[offset])
        ends = self._ends
        if ends is None:
            counts, frontier = info.counts, self._frontier
            ends = self._ends = list(itertools.accumulate(counts[frontier[c]] for c in cells))
        slot = bisect.bisect_right(ends, position)
        offset = position - (ends[slot - 1] if slot else 0)
        rotation, named = info.choices[self._frontier[cells[slot]]][offset]
        return Move(_unpack(cells[slot]), rotation, named)

    def __iter__(self) -> Iterator[Move]:
        """Every legal move, in order."""
        info = self._info
        if info is None:
            return
        frontier = self._frontier
        for cell in self._sorted():
            xy = _unpack(cell)
            for rotation, named in info.choices[frontier[cell]]:
                yield Move(xy, rotation, named)

    def __contains__(self, move: object) -> bool:
        """Whether ``move`` is a legal move of the state (without listing the moves)."""
        return isinstance(move, Move) and _problem(self._state, move) is None

    def _sorted(self) -> list[int]:
        cells = self._cells
        if cells is None:
            cells = self._cells = sorted(self._frontier)
        return cells


def legal_moves(state: State) -> LegalMoves:
    """Every legal move of the seat to move, in the stable order of :class:`LegalMoves`.

    Empty once the game is over. Each distinct placement is listed once: a
    rotation giving the same corners as a smaller one is left out, and moves
    that differ only in the named colour are distinct (ROTA-13).

    >>> from tilegames.axio_rota import parse_tile
    >>> moves = legal_moves(new_game(seed=5, tiles=[parse_tile("RGBO")] * 16, players=1))
    >>> len(moves)     # 8 cells around the start square, 4 rotations each
    32
    >>> str(moves[0])
    '-1,-2:0'
    """
    return LegalMoves(state)


# ---------------------------------------------------------------------------
# Checking, scoring and applying a move
# ---------------------------------------------------------------------------

_Problem = tuple[str, str]
"""Why a move is illegal: ``(reason, rule id)``."""


def _problem(state: State, move: object) -> _Problem | None:
    """Why ``move`` is illegal in ``state``, or ``None`` if it is legal."""
    tile = tile_to_place(state)
    if tile is None:
        return "the game is over", _end_rule(state)
    if not isinstance(move, Move):
        return f"{move!r} is a {type(move).__name__}, not an AXIO Rota Move", ""
    x, y = move.cell
    board = _board(state)
    cell = _pack(x, y) if _in_range(x, y) else None
    mask = board.frontier.get(cell) if cell is not None else None
    if mask is None:
        return _placement_problem(board, move.cell, cell), "ROTA-11"
    info = _info(tile)
    rotation = move.rotation
    if info.same_as[rotation] != rotation:
        listed = info.same_as[rotation]
        return (
            f"turning {format_tile(tile)} by {rotation} gives the same corners as by "
            f"{listed}; that placement is the move with rotation {listed}"
        ), "ROTA-6"
    named = move.named
    if info.empty < 0:
        if named is not None:
            return f"{format_tile(tile)} has no empty corner to name a colour for", "ROTA-13"
        return None
    corner = (info.empty + rotation) % 4
    if mask >> corner & 1:
        if named is None:
            return (
                f"the empty corner of {format_tile(tile)} lands on corner {corner}, which "
                f"touches another tile: name a colour for it ({COLOUR_LETTERS})"
            ), "ROTA-13"
    elif named is not None:
        return (
            f"the empty corner of {format_tile(tile)} lands on corner {corner}, which touches "
            "no other tile, so no colour is named for it"
        ), "ROTA-13"
    return None


def _placement_problem(board: _Board, xy: Cell, cell: int | None) -> str:
    """Why a cell outside the frontier cannot take the tile (ROTA-11)."""
    if cell is not None and cell in board.cells:
        return f"cell {xy} already holds {format_tile(board.cells[cell])}"
    if cell is not None and board.touching(cell):
        return f"cell {xy} touches the display only at a corner; a tile must share an edge"
    return f"cell {xy} shares no edge with a tile of the display"


def _end_rule(state: State) -> str:
    return "ROTA-17" if _all_at_cap_seat(state) is not None else "ROTA-18"


def _all_at_cap_seat(state: State) -> Seat | None:
    """The seat with all five tracks at 12, if any (ROTA-17)."""
    return next((s for s, t in enumerate(state.tracks) if t == _ALL_AT_CAP), None)


def _turn_text(state: State) -> str:
    if is_over(state):
        return "the game is over"
    text = f"seat {state.seat} to move"
    if state.extra_tile is not None:
        text += f", extra turn with {format_tile(state.extra_tile)} from the supply"
    return text


def _refusal(state: State, move: object, problem: _Problem) -> IllegalMoveError:
    reason, rule = problem
    kind = GameOverError if is_over(state) else IllegalMoveError
    written = format_move(move) if isinstance(move, Move) else repr(move)
    return kind(written, reason, rule=rule, turn=_turn_text(state))


def why_illegal(state: State, move: Move) -> str | None:
    """``None`` if ``move`` is legal, else the reason in words with the rule id.

    >>> state = new_game(seed=1)
    >>> why_illegal(state, Move((5, 5), 0))
    'cell (5, 5) shares no edge with a tile of the display (ROTA-11)'
    """
    problem = _problem(state, move)
    if problem is None:
        return None
    reason, rule = problem
    return f"{reason} ({rule})" if rule else reason


def _points(circles: Mapping[int, int], cell: int, corners: Tile, named: Colour | None) -> Points:
    """ROTA-12: per colour, the matching corners of the other tiles at each corner's circle."""
    points = [0, 0, 0, 0, 0]
    for step, colour in zip(_CORNER_STEPS, corners, strict=True):
        if colour is None:
            colour = named
            if colour is None:
                continue
        counts = circles.get(cell + step)
        if counts:
            points[colour] += counts >> _SHIFT[colour] & _COUNT_MASK
    red, green, blue, orange, purple = points
    return red, green, blue, orange, purple


def score_move(state: State, move: Move) -> Points:
    """The points per colour the move would score (ROTA-12), before the cap of ROTA-14.

    Raises:
        IllegalMoveError: if the move is not legal.
    """
    cell, corners = _laid(state, move)
    return _points(_board(state).circles, cell, corners, move.named)


def _laid(state: State, move: Move) -> tuple[int, Tile]:
    """Check a move; return its packed cell and the corners it lays down.

    Raises:
        IllegalMoveError: if the move is not legal.
    """
    problem = _problem(state, move)
    if problem is not None:
        raise _refusal(state, move, problem)
    tile = cast(Tile, tile_to_place(state))  # a legal move implies a tile to place
    x, y = move.cell
    return _pack(x, y), _info(tile).turned[move.rotation]


def apply(state: State, move: Move) -> State:
    """Play a move: place, score, take extra turns, draw (ROTA-11 .. ROTA-18).

    The scoring adds the points to the mover's tracks, capped at 12 (ROTA-14).
    Each colour that reaches 12 owes the mover an extra turn (ROTA-15): the
    returned state is then the same seat's extra turn with the supply's top
    tile as :attr:`State.extra_tile`. When no extra turn is owed, or the
    supply is empty (extra turns still owed then lapse), the mover draws its
    stack's top tile (ROTA-16) and the turn passes. Five tracks at 12 end the
    game at once (ROTA-17).

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
    cell, corners = _laid(state, move)
    seat, extra, hands = state.seat, state.extra_tile, state.hands
    board = _board(state)
    points = _points(board.circles, cell, corners, move.named)
    all_tracks = state.tracks
    reached: tuple[int, ...] = ()
    if any(points):
        mine, reached = tracks.add_points(all_tracks[seat], points, stages=_STAGES)
        all_tracks = (*all_tracks[:seat], cast(Points, mine), *all_tracks[seat + 1 :])
    if extra is None:
        hands = (*hands[:seat], None, *hands[seat + 1 :])
    stacks, supply = state.stacks, state.supply
    extra_tile: Tile | None = None
    extra_turns = state.extra_turns + len(reached)
    if reached and all_tracks[seat] == _ALL_AT_CAP:  # ROTA-17: the game ends at once
        extra_turns = 0
    elif extra_turns and supply:  # ROTA-15: the next extra turn takes the supply's top tile
        extra_tile, supply = supply[0], supply[1:]
        extra_turns -= 1
    else:  # ROTA-16: draw, and the turn passes
        extra_turns = 0
        stack = stacks[seat]
        if stack:
            hands = (*hands[:seat], stack[0], *hands[seat + 1 :])
            stacks = (*stacks[:seat], stack[1:], *stacks[seat + 1 :])
        seat = (seat + 1) % len(hands)
    after = State(
        display=state.display | {(move.cell, corners)},
        tracks=all_tracks,
        hands=hands,
        stacks=stacks,
        supply=supply,
        seat=seat,
        extra_tile=extra_tile,
        extra_turns=extra_turns,
    )
    object.__setattr__(after, "_board", board.with_tile(cell, corners))
    return after


# ---------------------------------------------------------------------------
# The result (ROTA-17 .. ROTA-20)
# ---------------------------------------------------------------------------


def outcome(state: State) -> Outcome | None:
    """The result once the game is over, else ``None``.

    Seats are ranked by their five scores sorted ascending, compared
    lexicographically, higher first; identical sorted scores share a place
    (ROTA-19). A seat that reached 12 in every colour has the best possible
    scores, so it ranks first alone (ROTA-17). The scores are each seat's
    tracks; in a solo game the score is the lowest track, 0..12 (ROTA-20).
    """
    if not is_over(state):
        return None
    winner = _all_at_cap_seat(state)
    if winner is not None:
        reason = f"ROTA-17: seat {winner} has all five colours at {TRACK_CAP} and wins at once"
    else:
        reason = f"ROTA-18: every player has placed all {STACK_SIZE} tiles of their stack"
    if len(state.tracks) == 1:
        return Outcome(scores=(min(state.tracks[0]),), ranking=[{0}], reason=reason)
    return Outcome(
        scores=state.tracks, ranking=tracks.rank_lowest_colour(state.tracks), reason=reason
    )


# ---------------------------------------------------------------------------
# Notation
# ---------------------------------------------------------------------------


def format_tile(tile: Tile) -> str:
    """A tile as 4 letters, clockwise from the top left, ``.`` for the empty corner.

    >>> format_tile((RED, GREEN, None, PURPLE))
    'RG.P'
    """
    return "".join(_LETTER.get(corner, "?") for corner in tile)


def parse_tile(text: str) -> Tile:
    """Read a tile written as by :func:`format_tile` (letters in any case).

    >>> parse_tile("rg.p")
    (0, 1, None, 4)

    Raises:
        NotationError: if the text is not 4 letters of ``RGBOP.``, or has more
            than one empty corner (ROTA-2).
    """
    written = text.strip().upper()
    if len(written) != 4 or any(letter not in COLOUR_LETTERS + "." for letter in written):
        msg = (
            f"a tile is 4 letters of {COLOUR_LETTERS} or '.' (empty), clockwise from the "
            f"top left, such as 'RGB.', not {text!r}"
        )
        raise NotationError(msg)
    if written.count(".") > 1:
        msg = f"tile {text!r} has {written.count('.')} empty corners; a tile has at most one"
        raise NotationError(msg)
    a, b, c, d = (None if letter == "." else COLOUR_LETTERS.index(letter) for letter in written)
    return a, b, c, d


def format_move(move: Move) -> str:
    """Write a move as ``X,Y:R`` or ``X,Y:RC``: the cell, the rotation, the named colour.

    ``R`` is the number of quarter turns clockwise (0..3) and ``C`` the letter
    of the named colour (:data:`COLOUR_LETTERS`), written only when a colour
    is named.

    >>> format_move(Move((0, -2), 1))
    '0,-2:1'
    >>> format_move(Move((-3, 1), 0, ORANGE))
    '-3,1:0O'
    """
    x, y = move.cell
    named = "" if move.named is None else COLOUR_LETTERS[move.named]
    return f"{x},{y}:{move.rotation}{named}"


_INTEGER = re.compile(r"[+-]?\d+")


def parse_move(text: str, state: State | None = None) -> Move:
    """Read a move written as by :func:`format_move`.

    Spaces around the text are ignored and the colour letter may be lower
    case. The notation needs no context; ``state`` is accepted for the common
    API (:class:`~tilegames.Rules`). Whether the move is legal is for
    :func:`why_illegal` to say.

    >>> parse_move("0,-2:1")
    Move(cell=(0, -2), rotation=1, named=None)
    >>> parse_move(" -3,1:0o ") == Move((-3, 1), 0, ORANGE)
    True

    Raises:
        NotationError: saying which part of the text is wrong.
    """
    written = text.strip() if isinstance(text, str) else None
    form = "write X,Y:R or X,Y:RC, for example '0,-2:1' or '1,0:3B'"
    if not written:
        msg = f"{text!r} is not a move: {form}"
        raise NotationError(msg)
    place, colon, turn = written.partition(":")
    if not colon:
        msg = f"{text!r} has no ':' between the cell and the rotation: {form}"
        raise NotationError(msg)
    xs, comma, ys = place.partition(",")
    if not comma or not _INTEGER.fullmatch(xs) or not _INTEGER.fullmatch(ys):
        msg = f"the cell {place!r} in {text!r} must be two integers X,Y such as '0,-2'"
        raise NotationError(msg)
    if not turn or turn[0] not in "0123":
        msg = (
            f"the rotation in {text!r} must be one digit 0..3 (quarter turns clockwise) "
            f"right after the ':', not {turn[:1]!r}"
        )
        raise NotationError(msg)
    letter = turn[1:].upper()
    if len(letter) > 1 or (letter and letter not in COLOUR_LETTERS):
        msg = (
            f"after the rotation, {text!r} may only name a colour with one letter of "
            f"{COLOUR_LETTERS}, not {turn[1:]!r}"
        )
        raise NotationError(msg)
    named = COLOUR_LETTERS.index(letter) if letter else None
    return Move((int(xs), int(ys)), int(turn[0]), named)


# ---------------------------------------------------------------------------
# Plain-text picture
# ---------------------------------------------------------------------------


def render_text(position: State | View) -> str:
    """Draw the display as a grid of tiles, then the scores and whose turn it is.

    Each tile shows its four corner letters (``.`` for empty) in a 2x2 block:
    top left and top right on the first line, bottom left and bottom right on
    the second. Column numbers are ``x``, row numbers ``y``. A view also shows
    its seat's hand.

    A game of 16 tiles ``GG.B``: the start square has their empty corners
    turned to the centre (ROTA-7).

    >>> state = new_game(seed=0, tiles=["GG.B"] * 16, players=1)
    >>> print(render_text(state))
         -1  0
        +--+--+
     -1 |GG|BG|
        |B.|.G|
        +--+--+
      0 |G.|.B|
        |GB|GG|
        +--+--+
             R  G  B  O  P  stack
    seat 0   0  0  0  0  0     11  to move
    supply: 0 tiles
    """
    placed = dict(position.display)
    xs = [x for x, _ in placed]
    ys = [y for _, y in placed]
    columns = range(min(xs), max(xs) + 1)
    border = "    " + "+--" * len(columns) + "+"
    lines = ["    " + "".join(f"{x:>3}" for x in columns), border]
    for y in range(min(ys), max(ys) + 1):
        top, bottom = [], []
        for x in columns:
            tile = placed.get((x, y))
            if tile is None:
                top.append("  ")
                bottom.append("  ")
            else:
                top.append(_LETTER[tile[0]] + _LETTER[tile[1]])
                bottom.append(_LETTER[tile[3]] + _LETTER[tile[2]])
        lines += [f"{y:>3} |" + "|".join(top) + "|", "    |" + "|".join(bottom) + "|", border]
    if isinstance(position, View):
        sizes, supply, moving = position.stack_sizes, position.supply_size, position.to_move
    else:
        sizes, supply, moving = stack_sizes(position), len(position.supply), to_move(position)
    lines.append("         " + "  ".join(COLOUR_LETTERS) + "  stack")
    for seat, (track, size) in enumerate(zip(position.tracks, sizes, strict=True)):
        row = f"seat {seat} " + "".join(f"{value:>3}" for value in track) + f"{size:>7}"
        lines.append(row + ("  to move" if seat in moving else ""))
    lines.append(f"supply: {supply} tiles")
    if position.extra_tile is not None:
        more = f"; {position.extra_turns} more owed" if position.extra_turns else ""
        lines.append(f"extra turn with {format_tile(position.extra_tile)} from the supply{more}")
    if not moving:
        lines.append("game over")
    if isinstance(position, View):
        held = "nothing" if position.hand is None else format_tile(position.hand)
        lines.append(f"seat {position.seat} holds {held}")
    return "\n".join(lines)


# ---------------------------------------------------------------------------
# For agents: a rating of moves and states sampled from a view
# ---------------------------------------------------------------------------


def evaluate(state: State, move: Move, seat: Seat) -> float:
    """How good ``move`` looks for ``seat`` right now: points weighed towards the lowest colours.

    A player is ranked by the lowest colour first (ROTA-19), so a point counts
    for more on a low track: the rating is the fall, over the five colours, of
    the squared distance to 12 (divided by 12), plus 4 for every colour the
    move brings to 12 (each earns an extra turn, ROTA-15). Greedy play and the
    MCTS agent of :mod:`tilegames.agents` use it through :data:`RULES`.

    >>> state = new_game(seed=1)
    >>> move = legal_moves(state)[0]
    >>> evaluate(state, move, 0) >= 0
    True
    """
    before = state.tracks[seat]
    points = score_move(state, move)
    value = 0.0
    for old, gained in zip(before, points, strict=True):
        new = min(TRACK_CAP, old + gained)
        value += ((TRACK_CAP - old) ** 2 - (TRACK_CAP - new) ** 2) / TRACK_CAP
        if new == TRACK_CAP > old:
            value += 4
    return value


def _canonical(tile: Tile) -> Tile:
    """The tile turned to its least rotation, so that turned copies compare equal."""
    turns = [square.rotate(tile, k) for k in range(4)]
    return min(turns, key=lambda t: tuple(-1 if c is None else c for c in t))


def _canonical_table() -> dict[Tile, Tile]:
    """Every rotation of every standard tile, mapped to its :func:`_canonical` form."""
    return {square.rotate(tile, k): _canonical(tile) for tile in STANDARD_TILES for k in range(4)}


_CANONICAL: Final = _canonical_table()


def _holds_tile(seen: View, seat: Seat) -> bool:
    """Whether ``seat`` holds a hand tile, worked out from what ``seen`` shows.

    A seat draws a new tile at the end of each turn while its stack lasts
    (ROTA-16); seats take turns in order from seat 0, so a seat with an empty
    stack still holds its last tile until its turn in the final round comes.
    """
    if seat == seen.seat:
        return seen.hand is not None
    sizes = seen.stack_sizes
    if not seen.to_move:
        return False
    current = seen.to_move[0]
    if seat == current:
        return seen.extra_tile is None
    if sizes[seat] > 0:
        return True
    return seat > current or any(size > 0 for size in sizes)


def determinize(seen: View, stream: rng.Stream) -> State:
    """A state that ``seen`` cannot tell from the true one, the hidden tiles dealt at random.

    The display, tracks, turn and the seat's own hand are copied from the
    view; the tiles it has not seen (the standard set of ROTA-3 less those
    on the display, in its hand and drawn for an extra turn) are shuffled
    from ``stream`` and dealt to the other seats' hands, the stacks and the
    supply in the sizes the view shows. The view does not show a custom set;
    its unseen tiles are then guessed from the standard set. Only the view is
    read, so a search built on this cannot peek at hidden tiles.

    >>> state = new_game(players=2, seed=4)
    >>> sample = determinize(view(state, 0), rng.Stream(1))
    >>> view(sample, 0) == view(state, 0)
    True
    """
    unseen: dict[Tile, list[Tile]] = {}
    for tile in STANDARD_TILES:
        unseen.setdefault(_CANONICAL[tile], []).append(tile)
    visible = [corners for _, corners in seen.display]
    visible += [tile for tile in (seen.hand, seen.extra_tile) if tile is not None]
    for tile in visible:
        copies = unseen.get(_CANONICAL.get(tile) or _canonical(tile))
        if copies:
            copies.pop()
    holders = [s for s in range(len(seen.tracks)) if s != seen.seat and _holds_tile(seen, s)]
    needed = sum(seen.stack_sizes) + seen.supply_size + len(holders)
    pool = list(stream.shuffled(tile for copies in unseen.values() for tile in copies))
    while len(pool) < needed:  # a custom set larger than what is left of the standard one
        pool.append(stream.choice(STANDARD_TILES))
    hands: list[Tile | None] = [None] * len(seen.tracks)
    hands[seen.seat] = seen.hand
    for seat in holders:
        hands[seat] = pool.pop()
    stacks = []
    for size in seen.stack_sizes:
        stacks.append(tuple(pool[:size]))
        del pool[:size]
    current = seen.to_move[0] if seen.to_move else seen.seat
    return State(
        display=seen.display,
        tracks=seen.tracks,
        hands=tuple(hands),
        stacks=tuple(stacks),
        supply=tuple(pool[: seen.supply_size]),
        seat=current,
        extra_tile=seen.extra_tile,
        extra_turns=seen.extra_turns,
    )


# ---------------------------------------------------------------------------
# Checking a state, view or outcome made outside the rules (from JSON, by hand)
# ---------------------------------------------------------------------------


def _invalid(where: str, problem: str) -> InvalidStateError:
    return InvalidStateError(f"{where}: {problem}")


def _check_count(where: str, count: int, players: int) -> None:
    if count != players:
        raise _invalid(where, f"{count} entries for {players} seats (one per seat)")


def _check_a_tile(where: str, tile: object) -> Tile:
    problem = _tile_problem(tile)
    if problem:
        raise _invalid(where, f"{tile!r} is not a tile: {problem} (ROTA-2)")
    return cast(Tile, tile)


def _check_tracks(where: str, all_tracks: object) -> int:
    """Check the score tracks; return the number of seats."""
    if type(all_tracks) is not tuple or not 1 <= len(all_tracks) <= _MAX_PLAYERS:
        count = len(all_tracks) if type(all_tracks) is tuple else all_tracks
        raise _invalid(where, f"{count!r} seats; AXIO Rota is for 1 to {_MAX_PLAYERS} players")
    for seat, track in enumerate(all_tracks):
        if type(track) is not tuple or len(track) != len(COLOURS):
            raise _invalid(f"{where}[{seat}]", f"{track!r} is not 5 track values (ROTA-4)")
        for colour, value in enumerate(track):
            if type(value) is not int or not 0 <= value <= TRACK_CAP:
                raise _invalid(
                    f"{where}[{seat}][{colour}]",
                    f"{value!r} is off the track: tracks run 0..{TRACK_CAP} (ROTA-4, ROTA-14)",
                )
    return len(all_tracks)


def _check_display(where: str, display: object) -> list[Tile]:
    """Check the display's cells, tiles, start square and connection; return its tiles."""
    if type(display) is not frozenset:
        raise _invalid(where, "the display is a frozenset of (cell, tile) pairs")
    placed: dict[Cell, Tile] = {}
    for entry in display:
        if type(entry) is not tuple or len(entry) != 2:
            raise _invalid(where, f"{entry!r} is not a (cell, tile) pair")
        cell, tile = entry
        if (
            type(cell) is not tuple
            or len(cell) != 2
            or any(type(c) is not int or not _in_range(c, c) for c in cell)
        ):
            raise _invalid(where, f"cell {cell!r} is not (x, y) within +-{_ORIGIN - 2}")
        if cell in placed:
            raise _invalid(where, f"cell {cell} holds two tiles")
        placed[cell] = _check_a_tile(f"{where} at {cell}", tile)
    missing = [cell for cell, _ in START_CELLS if cell not in placed]
    if missing:
        raise _invalid(where, f"the start square's cell {missing[0]} is empty (ROTA-7)")
    reached = {cell for cell, _ in START_CELLS}
    frontier = list(reached)
    while frontier:
        for near in square.neighbours(frontier.pop()):
            if near in placed and near not in reached:
                reached.add(near)
                frontier.append(near)
    if len(reached) != len(placed):
        cell = min(set(placed) - reached, key=lambda xy: xy[::-1])
        raise _invalid(
            where, f"the tile on {cell} is not joined edge to edge to the rest (ROTA-11)"
        )
    return list(placed.values())


def _check_seat_number(where: str, seat: object, count: int) -> Seat:
    if type(seat) is not int or not 0 <= seat < count:
        raise _invalid(where, f"{seat!r} is not a seat of this {count}-player game")
    return seat


def _check_extra(where: str, extra_turns: object, extra_tile: object, track: Points) -> None:
    """An extra turn is owed for each colour at 12 (ROTA-15), one at a time from the supply."""
    if type(extra_turns) is not int or extra_turns < 0:
        raise _invalid(f"{where}.extra_turns", f"{extra_turns!r} is not a count of extra turns")
    if extra_tile is not None:
        _check_a_tile(f"{where}.extra_tile", extra_tile)
    elif extra_turns:
        raise _invalid(
            f"{where}.extra_turns",
            f"{extra_turns} extra turns are owed but no extra turn is in progress (ROTA-15)",
        )
    earned = track.count(TRACK_CAP)
    if extra_turns + (extra_tile is not None) > earned:
        raise _invalid(
            f"{where}.extra_turns",
            f"{extra_turns + 1} extra turns for a seat with {earned} colours at {TRACK_CAP}; "
            "each colour earns one (ROTA-15)",
        )


def _set_counts(tiles: Iterable[Tile | str] | None) -> dict[Tile, int]:
    """The set's tiles by canonical form, each with its number of copies."""
    chosen = STANDARD_TILES if tiles is None else _check_tiles(tiles, 1)
    counts: dict[Tile, int] = {}
    for tile in chosen:
        key = _canonical(tile)
        counts[key] = counts.get(key, 0) + 1
    return counts


def _take_tiles(where: str, counts: dict[Tile, int], tiles: Iterable[Tile]) -> None:
    """Take each tile from the set's counts; a tile not left there is an error."""
    for tile in tiles:
        key = _canonical(tile)
        left = counts.get(key, 0)
        if not left:
            problem = (
                "appears more often than the set holds it"
                if key in counts
                else ("is not in the set")
            )
            raise _invalid(where, f"tile {format_tile(tile)} {problem} (ROTA-3)")
        counts[key] = left - 1


def _validate_state(state: State, tiles: Iterable[Tile | str] | None) -> None:
    count = _check_tracks("State.tracks", state.tracks)
    for name in ("hands", "stacks"):
        value = getattr(state, name)
        if type(value) is not tuple:
            raise _invalid(f"State.{name}", "expected a tuple with one entry per seat")
        _check_count(f"State.{name}", len(value), count)
    if type(state.supply) is not tuple:
        raise _invalid("State.supply", "expected a tuple of tiles")
    seat = _check_seat_number("State.seat", state.seat, count)
    on_display = _check_display("State.display", state.display)
    hands: list[Tile] = []
    for s, held in enumerate(state.hands):
        if held is not None:
            hands.append(_check_a_tile(f"State.hands[{s}]", held))
    stacked: list[Tile] = []
    for s, stack in enumerate(state.stacks):
        if type(stack) is not tuple:
            raise _invalid(f"State.stacks[{s}]", "expected a tuple of tiles")
        if len(stack) + (state.hands[s] is not None) > STACK_SIZE:
            raise _invalid(
                f"State.stacks[{s}]",
                f"{len(stack)} tiles in the stack and {int(state.hands[s] is not None)} in "
                f"hand: a seat is "
                f"dealt {STACK_SIZE} (ROTA-8)",
            )
        stacked += [_check_a_tile(f"State.stacks[{s}][{i}]", t) for i, t in enumerate(stack)]
    supply = [_check_a_tile(f"State.supply[{i}]", t) for i, t in enumerate(state.supply)]
    _check_extra("State", state.extra_turns, state.extra_tile, state.tracks[seat])
    extra = [] if state.extra_tile is None else [state.extra_tile]
    counts = _set_counts(tiles)
    total = sum(counts.values())
    if len(supply) + len(extra) > total - _START_TILES - STACK_SIZE * count:
        raise _invalid(
            "State.supply",
            f"{len(supply) + len(extra)} tiles left of a supply of "
            f"{total - _START_TILES - STACK_SIZE * count} (ROTA-9)",
        )
    _take_tiles("State", counts, [*on_display, *hands, *stacked, *supply, *extra])
    left = sum(counts.values())
    if left:
        missing = next(tile for tile, n in counts.items() if n)
        raise _invalid(
            "State",
            f"{left} tiles of the set are nowhere, such as {format_tile(missing)} (ROTA-3)",
        )
    _check_turn_order(state, count, seat)


def _check_turn_order(state: State, count: int, seat: Seat) -> None:
    """The hands agree with whose turn it is and with the end of the game (ROTA-15..18)."""
    winner = _all_at_cap_seat(state)
    if state.extra_tile is not None and state.hands[seat] is not None:
        raise _invalid(
            "State.hands",
            f"seat {seat} holds a tile during an extra turn; it draws only afterwards (ROTA-16)",
        )
    for s in range(count):
        if s != seat and state.hands[s] is None and state.stacks[s]:
            raise _invalid(
                f"State.hands[{s}]",
                "the seat holds no tile but its stack is not used up; it draws at the end of "
                "its turn (ROTA-16)",
            )
    if winner is not None:
        if winner != seat or not is_over(state):
            raise _invalid(
                "State.tracks",
                f"seat {winner} has all five colours at {TRACK_CAP}, so the game is over and "
                "it was the last to move (ROTA-17)",
            )
        return
    if is_over(state) and any(hand is not None for hand in state.hands):
        raise _invalid(
            "State.hands", "the seat to move holds no tile but others still do (ROTA-18)"
        )


def _validate_view(seen: View, tiles: Iterable[Tile | str] | None) -> None:
    count = _check_tracks("View.tracks", seen.tracks)
    seat = _check_seat_number("View.seat", seen.seat, count)
    del seat
    if type(seen.to_move) is not tuple or len(seen.to_move) > 1:
        raise _invalid("View.to_move", f"{seen.to_move!r} is not () or (seat,)")
    for moving in seen.to_move:
        _check_seat_number("View.to_move", moving, count)
    on_display = _check_display("View.display", seen.display)
    sizes = seen.stack_sizes
    if type(sizes) is not tuple:
        raise _invalid("View.stack_sizes", "expected a tuple of sizes")
    _check_count("View.stack_sizes", len(sizes), count)
    for s, size in enumerate(sizes):
        if type(size) is not int or not 0 <= size < STACK_SIZE:
            raise _invalid(f"View.stack_sizes[{s}]", f"{size!r} is not 0..{STACK_SIZE - 1}")
    if type(seen.supply_size) is not int or seen.supply_size < 0:
        raise _invalid("View.supply_size", f"{seen.supply_size!r} is not a size")
    track = seen.tracks[seen.to_move[0]] if seen.to_move else _ALL_AT_CAP
    _check_extra("View", seen.extra_turns, seen.extra_tile, track)
    if seen.extra_tile is not None and not seen.to_move:
        raise _invalid("View.extra_tile", "an extra turn is in progress in a finished game")
    held = [] if seen.hand is None else [_check_a_tile("View.hand", seen.hand)]
    extra = [] if seen.extra_tile is None else [seen.extra_tile]
    counts = _set_counts(tiles)
    _take_tiles("View", counts, [*on_display, *held, *extra])
    unseen = sum(counts.values()) - sum(sizes) - seen.supply_size
    if not 0 <= unseen <= count - 1:
        raise _invalid(
            "View.supply_size",
            f"the stacks and the supply hold {sum(sizes) + seen.supply_size} tiles, but "
            f"{sum(counts.values())} of the set are out of sight (other hands hold at most "
            f"{count - 1})",
        )


def _validate_outcome(result: Outcome) -> None:
    scores = result.scores
    if not 1 <= len(scores) <= _MAX_PLAYERS:
        raise _invalid(
            "Outcome.scores", f"{len(scores)} seats; AXIO Rota is for 1 to {_MAX_PLAYERS} players"
        )
    if len(scores) == 1:
        (score,) = scores
        if type(score) is not int or not 0 <= score <= TRACK_CAP:
            raise _invalid("Outcome.scores[0]", f"a solo score is 0..{TRACK_CAP}, not {score!r}")
        return
    checked = cast(tuple[Points, ...], scores)
    _check_tracks("Outcome.scores", checked)
    if result.ranking != tracks.rank_lowest_colour(checked):
        raise _invalid(
            "Outcome.ranking",
            "the places do not follow the scores: lowest colour first, then the next (ROTA-19)",
        )


def validate(
    value: State | View | Outcome | Move, *, tiles: Iterable[Tile | str] | None = None
) -> None:
    """Check a state, view or outcome made outside the rules, for example loaded from JSON.

    A state passes when the game could have reached it: one to four seats,
    tracks within 0..12, each cell holding one valid tile, the start square
    laid and every tile joined to it edge to edge, every tile of the set
    (:data:`STANDARD_TILES`, or ``tiles``) exactly once across the display,
    the hands, the stacks and the supply (tiles on the display in any
    rotation), stacks no taller than a deal, extra turns earned by colours at
    12, and hands that agree with whose turn it is and with the end of the
    game. A view passes the same checks on what it shows; an outcome needs
    its scores on the tracks and the places that ROTA-19 gives them. A move
    is checked by its constructor, so any :class:`Move` passes.
    :mod:`tilegames.serialize` calls this on everything it loads.

    >>> state = new_game(seed=2)
    >>> validate(state)
    >>> validate(attrs.evolve(state, tracks=((0, 0, 13, 0, 0), (0,) * 5)))
    Traceback (most recent call last):
    ...
    tilegames._core.errors.InvalidStateError: State.tracks[0][2]: 13 is off the track: ...

    Args:
        value: what to check.
        tiles: the game's custom set, if it was not started with the standard one.

    Raises:
        InvalidStateError: naming the field and the problem.
    """
    if isinstance(value, State):
        _validate_state(value, tiles)
        _check_extent(value)
    elif isinstance(value, View):
        _validate_view(value, tiles)
    elif isinstance(value, Outcome):
        _validate_outcome(value)


# ---------------------------------------------------------------------------
# The bundle for generic code
# ---------------------------------------------------------------------------

RULES: Final[GameRules[State, Move]] = GameRules(
    name="axio-rota",
    title="AXIO Rota",
    setups=(Setup(2), Setup(1), Setup(3), Setup(4)),
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
    evaluate=evaluate,
    determinize=determinize,
    validate=validate,
)
"""This module's functions as a :class:`~tilegames.Rules`; also ``tilegames.get("axio-rota")``."""
