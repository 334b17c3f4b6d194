r"""Polygon: hex tiles on a hex board, a die of symbols, and groupings of three.

The rules are ``shared/rules/polygon.md``; every rule id quoted here
(``POLY-1`` .. ``POLY-16``) is a rule of that page, and each ``[decision]``
of it is listed on the documentation page. In short: each turn the player
rolls the die for a symbol (blue circle, red diamond or gold star), draws two
tiles and places them one at a time next to tiles in play through a corner of
that symbol, or stacks them on other tiles. Three tiles meeting at a corner of
the turn's symbol form a *grouping*; a grouping whose values make a
combination (three of a kind, a run, three WILD, with WILD and X tiles as any
number) scores. The highest total when the bag runs out wins.

A game is a chain of immutable :class:`State` values; the die roll and the
draw happen inside :func:`apply` at the end of each turn, from the seed the
state carries::

    >>> from tilegames import polygon
    >>> state = polygon.new_game(players=2, seed=7)
    >>> polygon.to_move(state), polygon.drawn(state)
    ((1,), ('2', '4'))
    >>> moves = polygon.legal_moves(state)
    >>> after = polygon.apply(state, moves[0])
    >>> polygon.drawn(after)
    ('4',)

The board is the radius-4 area of :mod:`tilegames.geometry.hexagon` (61
spaces, numbered row by row as :data:`SPACES`). A space is ``(q, r)``
in axial coordinates, ``q`` to the east and ``r`` to the south-east. Three
spaces ``(q, r), (q+1, r), (q, r+1)`` meet at a *scoring corner* of symbol
``(q - r) % 3`` (POLY-5)::

        (q,r) --- (q+1,r)         each space touches three scoring corners,
             \   /                one of each symbol; two neighbouring spaces
            (q,r+1)               share exactly one of them

How it is fast: the state caches a private index of the board (``_Index``)
made of bit masks over the 61 spaces (empty, played, printed, the spaces each
symbol reaches, the spaces per top value). The legal places of a tile are a
few mask operations, :func:`legal_moves` is a lazy sequence over those masks,
and :func:`apply` updates the masks for the one space that changed.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Final

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
from tilegames.geometry import hexagon
from tilegames.geometry.hexagon import Hex

__all__ = [
    "Symbol",
    "CIRCLE",
    "DIAMOND",
    "STAR",
    "SYMBOLS",
    "DIE_FACES",
    "Value",
    "WILD",
    "X2",
    "X3",
    "VALUES",
    "MIN_PLAYERS",
    "MAX_PLAYERS",
    "RADIUS",
    "SPACES",
    "START",
    "PRINTED",
    "STANDARD_TILES",
    "combination_value",
    "Move",
    "State",
    "View",
    "new_game",
    "players",
    "is_over",
    "to_move",
    "totals",
    "turn_symbol",
    "drawn",
    "bag_size",
    "placed",
    "stacks",
    "start_draw",
    "starter",
    "view",
    "determinize",
    "evaluate",
    "LegalMoves",
    "legal_moves",
    "why_illegal",
    "score_move",
    "apply",
    "outcome",
    "format_move",
    "parse_move",
    "render_text",
    "validate",
    "RULES",
]

# ---------------------------------------------------------------------------
# Names: symbols, values, the board
# ---------------------------------------------------------------------------

Symbol = int
"""A symbol: an index into :data:`SYMBOLS` (0 blue circle, 1 red diamond, 2 gold star)."""

CIRCLE: Final[Symbol] = 0
"""The blue circle."""
DIAMOND: Final[Symbol] = 1
"""The red diamond."""
STAR: Final[Symbol] = 2
"""The gold star."""

SYMBOLS: Final = ("blue circle", "red diamond", "gold star")
"""The three symbols with their colours (POLY-1); a symbol is its index here."""

DIE_FACES: Final[tuple[Symbol, ...]] = (CIRCLE, CIRCLE, DIAMOND, DIAMOND, STAR, STAR)
"""The six faces of the die, two of each symbol (POLY-3)."""

Value = str
"""A tile's value as written: ``"1"`` .. ``"5"``, ``"W"`` (WILD), ``"X2"`` or ``"X3"``."""

WILD: Final[Value] = "W"
"""The WILD tile: any number, and three of them make 100 (POLY-14)."""
X2: Final[Value] = "X2"
"""The doubling tile: any number, and the grouping's value times 2 (POLY-14)."""
X3: Final[Value] = "X3"
"""The tripling tile: any number, and the grouping's value times 3 (POLY-14)."""

VALUES: Final[tuple[Value, ...]] = ("1", "2", "3", "4", "5", WILD, X2, X3)
"""Every tile value (POLY-2), in the order used to list drawn tiles and moves."""

_ORDER: Final[Mapping[Value, int]] = {value: i for i, value in enumerate(VALUES)}
_RANK: Final[Mapping[Value, int]] = {
    "1": 1,
    "2": 2,
    "3": 3,
    "4": 4,
    "5": 5,
    X2: 6,
    X3: 7,
    WILD: 8,
}
"""The start-order draw (POLY-7): WILD beats X3 beats X2 beats every number."""
_FACTOR: Final[Mapping[Value, int]] = {X2: 2, X3: 3}

MIN_PLAYERS: Final = 2
"""The fewest seats of a game."""
MAX_PLAYERS: Final = 4
"""The most seats of a game."""
RADIUS: Final = 4
"""The board is the hexagon of this radius around START (POLY-4)."""
_MAX_TILES: Final = 4096  # the largest custom set accepted

_BOARD: Final = hexagon.hex_area(RADIUS)

SPACES: Final[tuple[Hex, ...]] = _BOARD.cells
"""The 61 spaces ``(q, r)`` by number: row by row (``r``), then west to east (``q``).

A :class:`State` indexes its stacks by these numbers; moves are listed in this order.

>>> len(SPACES), SPACES[0], SPACES[30]
(61, (0, -4), (0, 0))
"""

_CELL: Final[Mapping[Hex, int]] = _BOARD.index
_SIZE: Final = len(SPACES)

START: Final[Hex] = (0, 0)
"""The START space at the centre, where the start tile lies (POLY-4, POLY-7)."""
_START_CELL: Final = _CELL[START]


def _printed_spaces() -> dict[Hex, Value]:
    """The printed tiles of POLY-4: WILD on ring 3's corners, X2 on ring 4's corners."""
    printed = dict.fromkeys(hexagon.ring_corners(3), WILD)
    printed.update(dict.fromkeys(hexagon.ring_corners(4), X2))
    return printed


PRINTED: Final[Mapping[Hex, Value]] = _printed_spaces()
"""The spaces with a printed tile and its value (POLY-4, a [decision] of the spec).

>>> sorted(space for space, value in PRINTED.items() if value == "W")
[(-3, 0), (-3, 3), (0, -3), (0, 3), (3, -3), (3, 0)]
"""

_PRINTED_CELLS: Final = tuple(_CELL[space] for space in PRINTED)
_PRINTED_MASK: Final = sum(1 << cell for cell in _PRINTED_CELLS)
_PRINTED_DEPTH: Final = tuple(int(space in PRINTED) for space in SPACES)
"""Per space, how many tiles at the bottom of its stack are printed (0 or 1)."""


def _standard_tiles() -> tuple[Value, ...]:
    """The 49 tiles of POLY-2 (a [decision]): 8 of each number, 5 WILD, 2 X2, 2 X3."""
    numbers = tuple(value for value in VALUES[:5] for _ in range(8))
    return (*numbers, *(WILD,) * 5, *(X2,) * 2, *(X3,) * 2)


STANDARD_TILES: Final[tuple[Value, ...]] = _standard_tiles()
"""The 49 tiles of the standard set (POLY-2), as data.

>>> len(STANDARD_TILES), STANDARD_TILES.count("3"), STANDARD_TILES.count("W")
(49, 8, 5)
"""


# ---------------------------------------------------------------------------
# Geometry tables (POLY-5, POLY-6, POLY-11)
# ---------------------------------------------------------------------------


def _link_table() -> tuple[tuple[int, int, int], ...]:
    """Per space and symbol, the mask of the spaces sharing a corner of that symbol with it.

    Two neighbouring spaces share exactly one down corner, so the six
    neighbours fall into three pairs by symbol. A corner whose third space is
    off the board still joins the two on it: their rhombi of that symbol touch
    along their common edge (a [decision], see the docs page).
    """
    table: list[tuple[int, int, int]] = []
    for space in SPACES:
        masks = [0, 0, 0]
        for anchor in hexagon.down_corners_of(space):
            for other in hexagon.down_corner(anchor):
                if other != space and other in _CELL:
                    masks[hexagon.corner_symbol(anchor)] |= 1 << _CELL[other]
        table.append((masks[0], masks[1], masks[2]))
    return tuple(table)


_LINKS: Final = _link_table()


def _group_table() -> tuple[tuple[int, int, int], ...]:
    """Per space and symbol, the position in :data:`_CORNERS` of its scoring corner, or -1.

    A scoring corner counts only when its three spaces are all on the board
    (POLY-6); each space has at most one per symbol (POLY-5).
    """
    table = [[-1, -1, -1] for _ in SPACES]
    for position, members in enumerate(_BOARD.down_corners):
        symbol = _BOARD.down_corner_symbols[position]
        for cell in members:
            table[cell][symbol] = position
    return tuple((a, b, c) for a, b, c in table)


_CORNERS: Final = _BOARD.down_corners
_GROUP: Final = _group_table()


def _byte_positions() -> tuple[tuple[int, ...], ...]:
    """For each byte value, the positions of its set bits, lowest first."""
    return tuple(tuple(bit for bit in range(8) if byte >> bit & 1) for byte in range(256))


_BYTE_POSITIONS: Final = _byte_positions()


def _nth_bit(mask: int, n: int) -> int:
    """The position of the ``n``-th lowest set bit of ``mask`` (which has more than ``n``)."""
    base = 0
    while True:
        positions = _BYTE_POSITIONS[mask & 0xFF]
        if n < len(positions):
            return base + positions[n]
        n -= len(positions)
        mask >>= 8
        base += 8


def _bits(mask: int) -> list[int]:
    """The positions of the set bits of ``mask``, lowest first."""
    result: list[int] = []
    base = 0
    while mask:
        result.extend(base + bit for bit in _BYTE_POSITIONS[mask & 0xFF])
        mask >>= 8
        base += 8
    return result


# ---------------------------------------------------------------------------
# Combinations (POLY-14)
# ---------------------------------------------------------------------------


def _number_value(a: int, b: int, c: int) -> int:
    """The value of three numbers: three of a kind or a run, else 0 (POLY-14)."""
    low, middle, high = sorted((a, b, c))
    if low == high:
        return 10 * low
    if middle == low + 1 and high == low + 2:
        return 15 + 5 * low  # 1-2-3 = 20, 2-3-4 = 25, 3-4-5 = 30
    return 0


def _best_value(values: tuple[Value, Value, Value]) -> int:
    """POLY-14 straight from the text: try every number for each WILD and X tile."""
    if values == (WILD, WILD, WILD):
        return 100
    choices = [range(1, 6) if value in (WILD, X2, X3) else (int(value),) for value in values]
    base = max(_number_value(a, b, c) for a in choices[0] for b in choices[1] for c in choices[2])
    factor = max((_FACTOR.get(value, 1) for value in values), default=1)
    return base * factor


def _combination_table() -> dict[tuple[Value, Value, Value], int]:
    """The value of every ordered triple of tile values."""
    return {(a, b, c): _best_value((a, b, c)) for a in VALUES for b in VALUES for c in VALUES}


_COMBINATION: Final = _combination_table()


def combination_value(values: Iterable[Value]) -> int:
    """The points of a grouping of three tile values (POLY-14); 0 when they make no combination.

    Three of a kind ``n`` is worth ``10 * n``; a run 1-2-3, 2-3-4 or 3-4-5 is
    worth 20, 25 or 30; three WILD are worth 100. A WILD stands for any
    number, as does an X tile, which also multiplies the value by its factor
    (with several X tiles, only the highest factor counts).

    >>> combination_value(["3", "3", "3"]), combination_value(["4", "2", "3"])
    (30, 25)
    >>> combination_value(["W", "W", "W"]), combination_value(["1", "W", "X2"])
    (100, 40)
    >>> combination_value(["1", "2", "5"])
    0

    Raises:
        NotationError: if a value is not one of :data:`VALUES`.
        ValueError: if there are not exactly three values.
    """
    given = tuple(values)
    if len(given) != 3:
        msg = f"a grouping has three tiles, not {len(given)}: {given!r}"
        raise ValueError(msg)
    for value in given:
        if value not in _ORDER:
            msg = f"{value!r} is not a tile value; values are {', '.join(VALUES)}"
            raise NotationError(msg)
    a, b, c = given
    return _COMBINATION[a, b, c]


# ---------------------------------------------------------------------------
# Moves, states and views
# ---------------------------------------------------------------------------


@attrs.frozen
class Move:
    """Place one of the drawn tiles on a space, or set it aside.

    ``tile`` names which drawn tile is placed (the player chooses the order,
    POLY-10). ``space`` is where it goes: an empty space or the top of a
    stack; ``None`` sets the tile aside, allowed only when it has no legal
    place (POLY-11).

    Construction checks the shape of the fields only; whether the move is
    legal depends on the state (:func:`why_illegal`).

    >>> str(Move("X2", (1, -2))), str(Move("3", None))
    ('X2@1,-2', '3@-')

    Raises:
        TypeError: if a field has the wrong type.
        ValueError: if the tile is not one of :data:`VALUES`.
    """

    tile: Value
    """The value of the drawn tile to place, one of :data:`VALUES`."""
    space: Hex | None
    """The space ``(q, r)`` to place it on, or ``None`` to set it aside."""

    def __attrs_post_init__(self) -> None:
        """Refuse fields that cannot describe a placement."""
        tile, space = self.tile, self.space
        if type(tile) is not str:
            msg = f"a move's tile must be a value string such as '3' or 'W', not {tile!r}"
            raise TypeError(msg)
        if tile not in _ORDER:
            msg = f"a move's tile must be one of {', '.join(VALUES)}, not {tile!r}"
            raise ValueError(msg)
        if space is not None and (
            type(space) is not tuple
            or len(space) != 2
            or type(space[0]) is not int
            or type(space[1]) is not int
        ):
            msg = f"a move's space must be a tuple (q, r) of two ints or None, not {space!r}"
            raise TypeError(msg)

    def __str__(self) -> str:
        """The move in notation (see :func:`format_move`)."""
        return format_move(self)


@attrs.frozen(getstate_setstate=False)
class State(CachedState):
    """A position of Polygon: everything, hidden parts included.

    States are immutable and compare, hash and pickle by value; build the
    first with :func:`new_game` and the next with :func:`apply`. A state is
    always inside a turn (the die rolled, the tiles drawn) until the game is
    over. ``str(state)`` is the plain-text picture of :func:`render_text`.

    The fields below are the whole game. A state also caches a private index
    of the board for speed; it is not compared, hashed or pickled, and is
    rebuilt from :attr:`stacks` when missing.
    """

    stacks: tuple[tuple[Value, ...], ...]
    """Per space number (see :data:`SPACES`), its stack bottom to top, printed tile included.

    An empty space has ``()``; a printed space starts as ``("W",)`` or
    ``("X2",)`` and the START space as ``(start tile,)``. Only the top counts
    (POLY-12).
    """
    totals: tuple[int, ...]
    """Per seat, the running total (POLY-8)."""
    seat: Seat
    """The seat whose turn it is; once the game is over, the seat that played the last turn."""
    turn: int
    """The number of the current turn, 1 for the first (the last turn's once over)."""
    symbol: Symbol
    """This turn's die symbol (POLY-9); the last turn's once the game is over."""
    drawn: tuple[Value, ...]
    """The drawn tiles not yet placed this turn, in :data:`VALUES` order (public, POLY-16).

    Empty exactly when the game is over.
    """
    placed: tuple[int, ...]
    """The space numbers where tiles were placed this turn, in order (discards leave none)."""
    bag: tuple[Value, ...]
    """The tiles still in the bag, the next to be drawn first (hidden, POLY-16)."""
    seed: int
    """The generator state for the next die roll (hidden)."""
    aside: tuple[Value, ...] = ()
    """Tiles set aside unplayed because they had no legal place (POLY-11), in order."""
    start_draw: tuple[tuple[tuple[Seat, Value], ...], ...] = ()
    """The start-order draw (POLY-7): per round, the ``(seat, tile)`` drawn, in seat order.

    Every seat draws in the first round; only the seats tied for highest draw
    in the next. The last round has a single highest tile: its seat starts,
    and that tile lies on START.
    """
    _index: _Index | None = attrs.field(default=None, init=False, eq=False, repr=False)

    def __str__(self) -> str:
        """The plain-text picture of the board and the totals (:func:`render_text`)."""
        return render_text(self)


@attrs.frozen
class View(Drawable):
    """What any seat may see of a state (POLY-16): built by :func:`view`.

    Everything but the bag's order and the seed: the board, the totals, the
    die, the drawn tiles and which tiles are left in the bag. ``str(view)`` is
    the same picture as for a state; :func:`determinize` samples a state from
    it.
    """

    seat: Seat
    """The seat this view is for."""
    to_move: tuple[Seat, ...]
    """The seats that may move now: ``(seat to move,)``, or ``()`` once the game is over."""
    stacks: tuple[tuple[Value, ...], ...]
    """Every stack, as in :attr:`State.stacks`."""
    totals: tuple[int, ...]
    """Every seat's running total."""
    turn: int
    """The number of the current turn, as in :attr:`State.turn`."""
    symbol: Symbol
    """This turn's die symbol."""
    drawn: tuple[Value, ...]
    """The drawn tiles not yet placed, as in :attr:`State.drawn`."""
    placed: tuple[int, ...]
    """The space numbers placed on this turn, as in :attr:`State.placed`."""
    bag_size: int
    """The number of tiles in the bag."""
    bag_contents: tuple[Value, ...]
    """The tiles in the bag, in :data:`VALUES` order: which they are is public (every
    tile of the set not in sight), the order they will be drawn in is not."""
    aside: tuple[Value, ...]
    """The tiles set aside, as in :attr:`State.aside`."""
    start_draw: tuple[tuple[tuple[Seat, Value], ...], ...]
    """The start-order draw, as in :attr:`State.start_draw`."""

    def __str__(self) -> str:
        """The plain-text picture (:func:`render_text`)."""
        return render_text(self)


# ---------------------------------------------------------------------------
# The board index: bit masks over the spaces
# ---------------------------------------------------------------------------


class _Index:
    """Bit masks over the space numbers, for fast legal places; never changed once built.

    Bit ``n`` of a mask stands for space number ``n``.
    """

    __slots__ = ("empty", "played", "printed", "reach", "tops")

    empty: int
    """Spaces with no tile at all."""
    played: int
    """Spaces whose top tile is a played tile (the START tile included)."""
    printed: int
    """Spaces whose top tile is their printed tile (not yet covered)."""
    reach: tuple[int, int, int]
    """Per symbol, the spaces sharing a corner of that symbol with a played tile."""
    tops: dict[Value, int]
    """Per value, the spaces whose top tile has that value."""

    def __init__(
        self,
        empty: int,
        played: int,
        printed: int,
        reach: tuple[int, int, int],
        tops: dict[Value, int],
    ) -> None:
        self.empty = empty
        self.played = played
        self.printed = printed
        self.reach = reach
        self.tops = tops

    @classmethod
    def build(cls, stacks: Sequence[tuple[Value, ...]]) -> _Index:
        """Index a board from scratch."""
        empty = played = printed = 0
        reach = [0, 0, 0]
        tops: dict[Value, int] = {}
        for cell, stack in enumerate(stacks):
            bit = 1 << cell
            if not stack:
                empty |= bit
                continue
            tops[stack[-1]] = tops.get(stack[-1], 0) | bit
            if len(stack) > _PRINTED_DEPTH[cell]:
                played |= bit
                for symbol, link in enumerate(_LINKS[cell]):
                    reach[symbol] |= link
            else:
                printed |= bit
        return cls(empty, played, printed, (reach[0], reach[1], reach[2]), tops)

    def places(self, symbol: Symbol, value: Value) -> int:
        """The mask of the spaces where a tile of ``value`` may go this turn (POLY-11, POLY-12)."""
        reach = self.reach[symbol]
        covered = self.played | (self.printed & reach)
        return (self.empty & reach) | (covered & ~self.tops.get(value, 0))

    def with_tile(self, cell: int, below: Value | None, value: Value) -> _Index:
        """A new index: this one with a tile of ``value`` placed on ``cell`` over ``below``."""
        bit = 1 << cell
        tops = self.tops.copy()
        if below is not None:
            tops[below] ^= bit
        tops[value] = tops.get(value, 0) | bit
        if self.played & bit:
            return _Index(self.empty, self.played, self.printed, self.reach, tops)
        r0, r1, r2 = self.reach
        l0, l1, l2 = _LINKS[cell]
        return _Index(
            self.empty & ~bit,
            self.played | bit,
            self.printed & ~bit,
            (r0 | l0, r1 | l1, r2 | l2),
            tops,
        )


def _index(state: State) -> _Index:
    """The state's board index, built on first use (for states not made by ``apply``)."""
    index = state._index
    if index is None:
        _check_state(state)
        index = _Index.build(state.stacks)
        object.__setattr__(state, "_index", index)
    return index


def _check_state(state: State) -> None:
    """Refuse a hand-made state that breaks the shape the rules rely on."""
    problems: list[str] = []
    if type(state.stacks) is not tuple or len(state.stacks) != _SIZE:
        problems.append(f"stacks must be a tuple of {_SIZE} stacks, one per space")
    else:
        for cell, stack in enumerate(state.stacks):
            space = SPACES[cell]
            if type(stack) is not tuple or any(value not in _ORDER for value in stack):
                problems.append(f"the stack on {space} is not a tuple of values: {stack!r}")
            elif space in PRINTED and (not stack or stack[0] != PRINTED[space]):
                problems.append(f"the stack on {space} must start with its printed tile")
            elif any(a == b for a, b in itertools.pairwise(stack)):
                problems.append(f"the stack on {space} has a tile on one of its own value")
        if not state.stacks[_START_CELL]:
            problems.append("START holds no tile")
    if type(state.symbol) is not int or not 0 <= state.symbol < len(SYMBOLS):
        problems.append(f"symbol {state.symbol!r} is not 0..2")
    for name in ("drawn", "bag", "aside"):
        values = getattr(state, name)
        if type(values) is not tuple or any(value not in _ORDER for value in values):
            problems.append(f"{name} must be a tuple of values, not {values!r}")
    if type(state.drawn) is tuple and len(state.drawn) > 2:
        problems.append(f"at most two tiles are drawn, not {len(state.drawn)}")
    if any(type(cell) is not int or not 0 <= cell < _SIZE for cell in state.placed):
        problems.append(f"placed must hold space numbers 0..{_SIZE - 1}, not {state.placed!r}")
    if type(state.seat) is not int or not 0 <= state.seat < len(state.totals):
        problems.append(f"seat {state.seat!r} is not in a game of {len(state.totals)}")
    if problems:
        raise InvalidStateError("invalid Polygon state: " + "; ".join(problems))


# ---------------------------------------------------------------------------
# Setup (POLY-7, POLY-8) and the start of a turn (POLY-9, POLY-10)
# ---------------------------------------------------------------------------


def new_game(
    players: int = 2,
    *,
    seed: int | None = None,
    tiles: Iterable[Value] | None = None,
) -> State:
    """Start a game: the start-order draw, the START tile, then the first turn's roll and draw.

    The tiles are shuffled into the bag. Each seat draws one tile in seat
    order; the seats tied for the highest (WILD, then X3, then X2, then the
    numbers by value) draw again, in seat order, until one is highest alone
    (POLY-7). Should the bag hold fewer tiles than the tied seats need, every
    tile drawn so far goes back, the bag is reshuffled and the tied seats
    draw again (a [decision]). The winner's last tile goes on START, every
    other drawn tile back into the bag, and the bag is reshuffled. The winner
    starts: it rolls the die and draws two tiles (POLY-9, POLY-10).

    >>> state = new_game(players=3, seed=1)
    >>> players(state), bag_size(state), len(drawn(state))
    (3, 46, 2)

    Args:
        players: the number of seats, 2 to 4. Seats are places at the table in
            the order of play; the draw decides which of them starts.
        seed: the seed of the shuffles and die rolls; ``None`` draws a fresh one.
        tiles: a custom set instead of :data:`STANDARD_TILES`: values of
            :data:`VALUES` (case is ignored), at least one per player, with at
            least two different draw ranks so that the start draw can end.

    Returns:
        The state at the first placement of the first turn.

    Raises:
        ConfigurationError: if ``players`` is not 2..4, ``seed`` is not an int,
            or the set is not allowed.
    """
    count = _check_players(players)
    chosen = STANDARD_TILES if tiles is None else _check_tiles(tiles, count)
    stream = rng.Stream(rng.normalize_seed(seed))
    bag = list(stream.shuffled(chosen))
    rounds: list[tuple[tuple[Seat, Value], ...]] = []
    drawing: list[Seat] = list(range(count))
    held: list[Value] = []  # every tile drawn and not yet returned
    while True:
        if len(bag) < len(drawing):  # the tie cannot be drawn out: start the draw again
            bag = list(stream.shuffled(bag + held))
            held = []
        draws = tuple((seat, bag[i]) for i, seat in enumerate(drawing))
        del bag[: len(drawing)]
        held.extend(value for _, value in draws)
        rounds.append(draws)
        best = max(_RANK[value] for _, value in draws)
        drawing = [seat for seat, value in draws if _RANK[value] == best]
        if len(drawing) == 1:
            break
    first = drawing[0]
    start_tile = next(value for seat, value in draws if seat == first)
    held.remove(start_tile)
    bag = list(stream.shuffled(bag + held))
    stacks = [(PRINTED[space],) if space in PRINTED else () for space in SPACES]
    stacks[_START_CELL] = (start_tile,)
    symbol = DIE_FACES[stream.randbelow(len(DIE_FACES))]
    take = min(2, len(bag))
    state = State(
        stacks=tuple(stacks),
        totals=(0,) * count,
        seat=first,
        turn=1,
        symbol=symbol,
        drawn=_sorted_values(bag[:take]),
        placed=(),
        bag=tuple(bag[take:]),
        seed=stream.seed,
        aside=(),
        start_draw=tuple(rounds),
    )
    object.__setattr__(state, "_index", _Index.build(state.stacks))
    return state


def _sorted_values(values: Sequence[Value]) -> tuple[Value, ...]:
    """Drawn tiles in :data:`VALUES` order (one or two tiles)."""
    if len(values) == 2:
        a, b = values
        return (a, b) if _ORDER[a] <= _ORDER[b] else (b, a)
    return tuple(values)


def _check_players(players: object) -> int:
    if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        msg = f"Polygon is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players!r}"
        raise ConfigurationError(msg)
    return players


def _check_tiles(tiles: Iterable[Value], players: int) -> tuple[Value, ...]:
    if isinstance(tiles, (str, bytes)):
        msg = "tiles must be a collection of values such as ['1', 'W', 'X2'], not one string"
        raise ConfigurationError(msg)
    try:
        given_tiles = list(tiles)
    except TypeError:
        msg = f"tiles must be a collection of values such as ['1', 'W', 'X2'], not {tiles!r}"
        raise ConfigurationError(msg) from None
    result: list[Value] = []
    for position, given in enumerate(given_tiles):
        value = given.strip().upper() if isinstance(given, str) else None
        if value not in _ORDER:
            msg = (
                f"tile {position} {given!r} is not a tile value; values are "
                f"{', '.join(VALUES)} (POLY-2)"
            )
            raise ConfigurationError(msg)
        result.append(value)
    if not players <= len(result) <= _MAX_TILES:
        msg = (
            f"a set of {len(result)} tiles does not fit {players} players: the start draw "
            f"needs one tile per player (and at most {_MAX_TILES} tiles are allowed) (POLY-7)"
        )
        raise ConfigurationError(msg)
    if len({_RANK[value] for value in result}) < 2:
        msg = (
            f"every tile of the set ranks the same in the start draw ({result[0]}), so the "
            "players' tie could never break; give at least two different values (POLY-7)"
        )
        raise ConfigurationError(msg)
    return tuple(result)


def _roll(seed: int) -> tuple[Symbol, int]:
    """Roll the die (POLY-3, POLY-9): the face's symbol and the next seed."""
    face, seed = rng.randbelow(seed, len(DIE_FACES))
    return DIE_FACES[face], seed


# ---------------------------------------------------------------------------
# Reading a state
# ---------------------------------------------------------------------------


def players(state: State) -> int:
    """The number of seats."""
    return len(state.totals)


def is_over(state: State) -> bool:
    """Whether the game has ended: the turn in which the bag ran out is over (POLY-15)."""
    return not state.drawn


def to_move(state: State) -> tuple[Seat, ...]:
    """The seat whose turn it is, as a 1-tuple, or ``()`` once the game is over."""
    return (state.seat,) if state.drawn else ()


def totals(state: State | View) -> tuple[int, ...]:
    """Every seat's running total, by seat (POLY-8)."""
    return state.totals


def turn_symbol(state: State | View) -> Symbol:
    """This turn's die symbol (:data:`SYMBOLS` gives its name); the last turn's once over."""
    return state.symbol


def drawn(state: State | View) -> tuple[Value, ...]:
    """The tiles drawn this turn and not yet placed, in :data:`VALUES` order (public)."""
    return state.drawn


def bag_size(state: State | View) -> int:
    """The number of tiles left in the bag."""
    return state.bag_size if isinstance(state, View) else len(state.bag)


def placed(state: State | View) -> tuple[Hex, ...]:
    """The spaces where tiles were placed this turn, in order."""
    return tuple(SPACES[cell] for cell in state.placed)


def stacks(state: State | View) -> Mapping[Hex, tuple[Value, ...]]:
    """Every space ``(q, r)`` with its stack, bottom to top, printed tiles included.

    Empty spaces map to ``()``. Values are written as in :data:`VALUES`.

    >>> board = stacks(new_game(seed=3))
    >>> len(board), board[(0, 4)], board[(1, 1)]
    (61, ('X2',), ())
    """
    return dict(zip(SPACES, state.stacks, strict=True))


def start_draw(state: State | View) -> tuple[tuple[tuple[Seat, Value], ...], ...]:
    """The start-order draw (POLY-7): per round, the ``(seat, tile)`` pairs drawn."""
    return state.start_draw


def starter(state: State | View) -> Seat:
    """The seat that won the start-order draw and played the first turn (POLY-7)."""
    last = state.start_draw[-1]
    return max(last, key=lambda pair: _RANK[pair[1]])[0]


def _check_seat(state: State, seat: Seat) -> None:
    if type(seat) is not int or not 0 <= seat < len(state.totals):
        msg = f"seat {seat!r} is not in this {len(state.totals)}-player game"
        raise ValueError(msg)


def view(state: State, seat: Seat) -> View:
    """What ``seat`` may see (POLY-16): the state without the bag's order and the seed.

    Every seat sees the same: the board, the totals, the die, the drawn tiles
    and the bag's contents (every tile of the set not in sight), in
    :data:`VALUES` order.

    Raises:
        ValueError: if the seat is not in the game.
    """
    _check_seat(state, seat)
    return View(
        seat=seat,
        to_move=to_move(state),
        stacks=state.stacks,
        totals=state.totals,
        turn=state.turn,
        symbol=state.symbol,
        drawn=state.drawn,
        placed=state.placed,
        bag_size=len(state.bag),
        bag_contents=tuple(sorted(state.bag, key=_ORDER.__getitem__)),
        aside=state.aside,
        start_draw=state.start_draw,
    )


def determinize(seen: View, stream: rng.Stream) -> State:
    """A state that the seat of ``seen`` cannot tell from the true one, for agents' search.

    Everything visible is as in the view; the hidden parts are drawn from
    ``stream``: the bag's order (a shuffle of :attr:`View.bag_contents`) and
    the seed of the die rolls to come. ``view(determinize(seen, stream),
    seen.seat) == seen``.

    >>> state = new_game(seed=4)
    >>> sample = determinize(view(state, 0), rng.Stream(1))
    >>> view(sample, 0) == view(state, 0), sorted(sample.bag) == sorted(state.bag)
    (True, True)
    """
    bag = stream.shuffled(seen.bag_contents)
    seed = stream.randbelow(1 << rng.SEED_BITS)
    return State(
        stacks=seen.stacks,
        totals=seen.totals,
        seat=(starter(seen) + seen.turn - 1) % len(seen.totals),
        turn=seen.turn,
        symbol=seen.symbol,
        drawn=seen.drawn,
        placed=seen.placed,
        bag=bag,
        seed=seed,
        aside=seen.aside,
        start_draw=seen.start_draw,
    )


def evaluate(state: State, move: Move, seat: Seat) -> float:
    """How much ``move`` adds to the turn's score (POLY-13): what greedy play and search rate.

    It is :func:`score_move` less the score of the turn's placements so far,
    so that the ratings of a turn's two placements add up to the turn's
    score, and it orders a state's moves as :func:`score_move` does.
    The agents of :mod:`tilegames.agents` use it through :data:`RULES`.

    >>> state = new_game(seed=2)
    >>> [evaluate(state, m, 0) for m in legal_moves(state)] == [
    ...     score_move(state, m) for m in legal_moves(state)]
    True
    """
    return float(score_move(state, move) - _turn_score(state.stacks, state.symbol, state.placed))


# ---------------------------------------------------------------------------
# Legal moves
# ---------------------------------------------------------------------------


class LegalMoves(LazyMoves[Move]):
    """The legal moves of a state, as a lazy sequence: moves are built when asked for.

    The order is stable: the distinct drawn tiles in :data:`VALUES` order
    (two equal drawn tiles are one choice), and for each the spaces where it
    may go in number order (:data:`SPACES`: row by row, west to east), or,
    for a tile with no legal place, its one discard (POLY-11).

    ``len()`` is a popcount per drawn tile; indexing finds the one space
    asked for; ``in`` checks one move without listing the moves.
    """

    __slots__ = ("_counts", "_masks", "_state", "_tiles")

    def __init__(self, state: State) -> None:
        """List the moves of ``state``."""
        self._state = state
        hand = state.drawn
        if not hand:
            self._tiles: tuple[Value, ...] = ()
            self._masks: tuple[int, ...] = ()
            self._counts: tuple[int, ...] = ()
            return
        index = _index(state)
        symbol = state.symbol
        if len(hand) == 2 and hand[0] != hand[1]:
            first, second = hand
            a, b = index.places(symbol, first), index.places(symbol, second)
            self._tiles = hand
            self._masks = (a, b)
            self._counts = (a.bit_count() or 1, b.bit_count() or 1)
        else:
            a = index.places(symbol, hand[0])
            self._tiles = hand[:1]
            self._masks = (a,)
            self._counts = (a.bit_count() or 1,)

    def __len__(self) -> int:
        """The number of legal moves."""
        return sum(self._counts)

    def _at(self, position: int) -> Move:
        for tile, mask, count in zip(self._tiles, self._masks, self._counts, strict=True):
            if position < count:
                return Move(tile, SPACES[_nth_bit(mask, position)] if mask else None)
            position -= count
        raise IndexError(position)  # pragma: no cover (positions are checked by LazyMoves)

    def __iter__(self) -> Iterator[Move]:
        """Every legal move, in order."""
        for tile, mask in zip(self._tiles, self._masks, strict=True):
            if not mask:
                yield Move(tile, None)
            for cell in _bits(mask):
                yield Move(tile, SPACES[cell])

    def __contains__(self, move: object) -> bool:
        """Whether ``move`` is a legal move of the state (without listing the moves)."""
        return isinstance(move, Move) and type(_judge(self._state, move)) is int


def legal_moves(state: State) -> LegalMoves:
    """Every legal move of the seat to move, in the stable order of :class:`LegalMoves`.

    Empty once the game is over.

    >>> state = new_game(seed=7)
    >>> moves = legal_moves(state)
    >>> len(moves), str(moves[0]), str(moves[-1])
    (5, '2@0,0', '4@0,1')
    """
    return LegalMoves(state)


# ---------------------------------------------------------------------------
# Checking, scoring and applying a move
# ---------------------------------------------------------------------------

_Problem = tuple[str, str]
"""Why a move is illegal: ``(reason, rule id)``."""
_DISCARD: Final = -1


def _judge(state: State, move: object) -> int | _Problem:
    """The space number a legal move places on (-1 for a discard), or why it is illegal."""
    hand = state.drawn
    if not hand:
        return "the game is over: the bag ran out and its last turn is played", "POLY-15"
    if type(move) is not Move:
        return f"{move!r} is a {type(move).__name__}, not a Polygon Move", ""
    tile = move.tile
    if tile not in hand:
        return f"tile {tile} is not among the drawn tiles ({', '.join(hand)})", "POLY-10"
    index = _index(state)
    places = index.places(state.symbol, tile)
    space = move.space
    if space is None:
        if places:
            return (
                f"tile {tile} can be placed ({places.bit_count()} legal places, such as "
                f"{format_move(Move(tile, SPACES[_nth_bit(places, 0)]))}); a tile is set "
                "aside only when it has no legal place"
            ), "POLY-11"
        return _DISCARD
    cell = _CELL.get(space, -1)
    if cell < 0:
        return f"{space} is not a space of the radius-{RADIUS} board", "POLY-4"
    if places >> cell & 1:
        return cell
    return _placement_problem(state, index, tile, space, cell)


def _placement_problem(
    state: State, index: _Index, tile: Value, space: Hex, cell: int
) -> _Problem:
    """Why ``tile`` cannot go on ``space`` (POLY-11, POLY-12)."""
    symbol = SYMBOLS[state.symbol]
    stack = state.stacks[cell]
    if not stack:
        return f"{space} is empty and shares no {symbol} corner with a played tile", "POLY-11"
    top = stack[-1]
    if top == tile:
        kind = "WILD never goes on WILD" if tile == WILD else "never on a tile of the same value"
        return f"{space} has {top} on top: {kind}", "POLY-12"
    if not index.played >> cell & 1:  # pragma: no branch (the only case left)
        return (
            f"{space} holds its printed {top}, which can be covered only when it shares a "
            f"{symbol} corner with a played tile"
        ), "POLY-11"
    return f"{space} cannot take {tile}", "POLY-11"  # pragma: no cover


def _turn_text(state: State) -> str:
    if not state.drawn:
        return "the game is over"
    return (
        f"turn {state.turn}, seat {state.seat} to move, die {SYMBOLS[state.symbol]}, "
        f"drawn {' '.join(state.drawn)}"
    )


def _refusal(state: State, move: object, problem: _Problem) -> IllegalMoveError:
    reason, rule = problem
    kind = GameOverError if not state.drawn else IllegalMoveError
    written = format_move(move) if isinstance(move, Move) else repr(move)
    return kind(written, reason, rule=rule, turn=_turn_text(state))


def why_illegal(state: State, move: Move) -> str | None:
    """``None`` if ``move`` is legal, else the reason in words with the rule id.

    >>> state = new_game(seed=7)
    >>> print(why_illegal(state, Move("2", (4, 0))))
    (4, 0) holds its printed X2, which can be covered only when it shares a
    blue circle corner with a played tile (POLY-11)
    """
    judged = _judge(state, move)
    if type(judged) is int:
        return None
    reason, rule = judged  # type: ignore[misc]
    return f"{reason} ({rule})" if rule else reason


def _checked(state: State, move: Move) -> int:
    """The space number of a legal move (-1 for a discard); raises if it is illegal."""
    judged = _judge(state, move)
    if type(judged) is not int:
        raise _refusal(state, move, judged)  # type: ignore[arg-type]
    return judged


def _turn_score(board: tuple[tuple[Value, ...], ...], symbol: Symbol, cells: Iterable[int]) -> int:
    """POLY-13: the groupings of ``symbol`` holding a tile placed on ``cells`` this turn.

    The top of each of ``cells`` is a tile placed this turn. Each space lies
    in exactly one scoring corner of each symbol (POLY-5), so each placed
    tile can be credited with one grouping only, and the best assignment of
    POLY-13 simply scores every such grouping once.
    """
    total = 0
    for position in {_GROUP[cell][symbol] for cell in cells}:
        if position < 0:
            continue
        a, b, c = _CORNERS[position]
        sa, sb, sc = board[a], board[b], board[c]
        if sa and sb and sc:
            total += _COMBINATION[sa[-1], sb[-1], sc[-1]]
    return total


def score_move(state: State, move: Move) -> int:
    """The turn's score (POLY-13) if this move were the turn's last placement.

    It counts the groupings of the turn's symbol holding a tile placed this
    turn, this move's tile included; a discard scores the placements made so
    far. The score is added to the total only at the end of the turn.

    Raises:
        IllegalMoveError: if the move is not legal.
    """
    cell = _checked(state, move)
    if cell == _DISCARD:
        return _turn_score(state.stacks, state.symbol, state.placed)
    board = state.stacks
    board = (*board[:cell], (*board[cell], move.tile), *board[cell + 1 :])
    return _turn_score(board, state.symbol, (*state.placed, cell))


def apply(state: State, move: Move) -> State:
    """Play a move: place (or set aside) a drawn tile; at the turn's end score and go on.

    After the last drawn tile the turn is scored (POLY-13) and added to the
    mover's total. If the bag is empty the game is over (POLY-15); otherwise
    the next seat's turn starts inside this call: the die is rolled from the
    state's seed (on the game's second turn until it differs from the first
    turn's symbol, POLY-9) and two tiles are drawn (one if one is left,
    POLY-10).

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
    cell = _checked(state, move)
    tile = move.tile
    hand = state.drawn
    rest = hand[1:] if hand[0] == tile else hand[:1]
    board = state.stacks
    index = _index(state)
    aside = state.aside
    placements = state.placed
    if cell == _DISCARD:
        aside = (*aside, tile)
    else:
        stack = board[cell]
        board = (*board[:cell], (*stack, tile), *board[cell + 1 :])
        index = index.with_tile(cell, stack[-1] if stack else None, tile)
        placements = (*placements, cell)
    if rest:  # the turn goes on with the other drawn tile
        after = State(
            stacks=board,
            totals=state.totals,
            seat=state.seat,
            turn=state.turn,
            symbol=state.symbol,
            drawn=rest,
            placed=placements,
            bag=state.bag,
            seed=state.seed,
            aside=aside,
            start_draw=state.start_draw,
        )
        object.__setattr__(after, "_index", index)
        return after
    seat, symbol, seed, bag = state.seat, state.symbol, state.seed, state.bag
    scores = state.totals
    points = _turn_score(board, symbol, placements)
    if points:
        scores = (*scores[:seat], scores[seat] + points, *scores[seat + 1 :])
    turn = state.turn
    if bag:  # POLY-9, POLY-10: the next turn starts
        first = symbol
        symbol, seed = _roll(seed)
        if turn == 1:
            while symbol == first:
                symbol, seed = _roll(seed)
        take = 2 if len(bag) > 1 else 1
        rest = _sorted_values(bag[:take])
        bag = bag[take:]
        seat = (seat + 1) % len(scores)
        turn += 1
    after = State(
        stacks=board,
        totals=scores,
        seat=seat,
        turn=turn,
        symbol=symbol,
        drawn=rest,
        placed=(),
        bag=bag,
        seed=seed,
        aside=aside,
        start_draw=state.start_draw,
    )
    object.__setattr__(after, "_index", index)
    return after


# ---------------------------------------------------------------------------
# The result (POLY-15)
# ---------------------------------------------------------------------------


def outcome(state: State) -> Outcome | None:
    """The result once the game is over, else ``None``.

    The scores are the totals; the highest total wins and equal totals share
    their place (POLY-15).
    """
    if state.drawn:
        return None
    return Outcome(
        scores=state.totals,
        ranking=rank_by(state.totals),
        reason="POLY-15: the bag ran out and the turn that emptied it is played",
    )


# ---------------------------------------------------------------------------
# Notation
# ---------------------------------------------------------------------------


def format_move(move: Move) -> str:
    """Write a move as ``V@Q,R`` (place tile ``V`` on space ``(Q, R)``) or ``V@-`` (set aside).

    >>> format_move(Move("W", (-2, 3))), format_move(Move("X3", None))
    ('W@-2,3', 'X3@-')
    """
    space = move.space
    if space is None:
        return f"{move.tile}@-"
    return f"{move.tile}@{space[0]},{space[1]}"


_MOVE_TEXT = re.compile(r"\s*([^@\s]+)\s*@\s*(?:(-)|([+-]?\d+)\s*,\s*([+-]?\d+))\s*")


def parse_move(text: str, state: State | None = None) -> Move:
    """Read a move written as by :func:`format_move`; letters may be lower case.

    The notation needs no context; ``state`` is accepted for the common API
    (:class:`~tilegames.Rules`). Whether the move is legal is for
    :func:`why_illegal` to say.

    >>> parse_move("x2@1,-2")
    Move(tile='X2', space=(1, -2))
    >>> parse_move(" 4@- ")
    Move(tile='4', space=None)

    Raises:
        NotationError: saying which part of the text is wrong.
    """
    form = "write V@Q,R or V@-, for example '3@1,-2', 'W@0,1' or 'X2@-'"
    found = _MOVE_TEXT.fullmatch(text) if isinstance(text, str) else None
    if found is None:
        msg = f"{text!r} is not a move: {form}"
        raise NotationError(msg)
    written, aside, q, r = found.groups()
    tile = written.upper()
    if tile not in _ORDER:
        msg = f"{written!r} in {text!r} is not a tile value; values are {', '.join(VALUES)}"
        raise NotationError(msg)
    return Move(tile, None if aside else (int(q), int(r)))


# ---------------------------------------------------------------------------
# Plain-text picture
# ---------------------------------------------------------------------------

_WIDTH: Final = 6  # characters per space in a row; rows are shifted by half of it


def _token(stack: tuple[Value, ...], cell: int) -> str:
    """A stack in at most 5 characters: ``.`` empty, ``w``/``x2`` printed, else top[:height]."""
    if not stack:
        return "."
    if len(stack) == _PRINTED_DEPTH[cell]:
        return stack[0].lower()
    return stack[-1] if len(stack) == 1 else f"{stack[-1]}:{len(stack)}"


def render_text(position: State | View) -> str:
    """Draw the board, then the turn, the drawn tiles, the bag and the totals.

    Each space shows ``.`` when empty, its printed tile in lower case (``w``,
    ``x2``) until covered, else its top tile followed by ``:height`` when the
    stack holds more than one tile (printed tile included). Row ``r`` runs
    west to east from the ``q`` given on its right; each row is shifted half a
    space from the one above, as on the board.

    >>> state = new_game(seed=7)
    >>> state = apply(state, parse_move("2@1,0", state))
    >>> print(render_text(state))
    r
    -4               x2    .     .     .     x2              q=0..4
    -3            .     w     .     .     w     .            q=-1..4
    -2         .     .     .     .     .     .     .         q=-2..4
    -1      .     .     .     .     .     .     .     .      q=-3..4
     0   x2    w     .     .     4     2     .     w     x2  q=-4..4
     1      .     .     .     .     .     .     .     .      q=-4..3
     2         .     .     .     .     .     .     .         q=-4..2
     3            .     w     .     .     w     .            q=-4..1
     4               x2    .     .     .     x2              q=-4..0
    turn 1: seat 1 to move, die blue circle, drawn 4
    placed this turn: 1,0
    bag: 46 tiles
    totals: seat 0: 0, seat 1: 0
    """
    board = position.stacks
    lines = ["r"]
    width = 3 + _WIDTH * (2 * RADIUS + 1)
    for r in range(-RADIUS, RADIUS + 1):
        first = max(-RADIUS, -RADIUS - r)
        last = min(RADIUS, RADIUS - r)
        indent = (2 * first + r + 2 * RADIUS) * _WIDTH // 2
        row = "".join(
            f"{_token(board[_CELL[q, r]], _CELL[q, r]):^{_WIDTH}}" for q in range(first, last + 1)
        )
        lines.append(f"{r:>2} {' ' * indent}{row}".ljust(width) + f"q={first}..{last}")
    symbol = SYMBOLS[position.symbol]
    over = not position.drawn
    seat = position.to_move[0] if isinstance(position, View) and not over else None
    if isinstance(position, State):
        seat = position.seat
    if over:
        lines.append(f"game over after turn {position.turn} (POLY-15)")
    else:
        lines.append(
            f"turn {position.turn}: seat {seat} to move, die {symbol}, "
            f"drawn {' '.join(position.drawn)}"
        )
        if position.placed:
            spaces = ", ".join(f"{SPACES[cell][0]},{SPACES[cell][1]}" for cell in position.placed)
            lines.append(f"placed this turn: {spaces}")
    lines.append(f"bag: {bag_size(position)} tiles")
    if position.aside:
        lines.append(f"set aside: {' '.join(position.aside)}")
    lines.append(
        "totals: " + ", ".join(f"seat {s}: {total}" for s, total in enumerate(position.totals))
    )
    return "\n".join(lines)


# ---------------------------------------------------------------------------
# Checking a state, view or outcome made outside the rules (from JSON, by hand)
# ---------------------------------------------------------------------------


def _invalid(where: str, problem: str) -> InvalidStateError:
    return InvalidStateError(f"{where}: {problem}")


def _check_totals(where: str, values: object) -> int:
    """Check the totals; return the number of seats."""
    if type(values) is not tuple or not MIN_PLAYERS <= len(values) <= MAX_PLAYERS:
        count = len(values) if type(values) is tuple else values
        raise _invalid(
            where, f"{count!r} seats; Polygon is for {MIN_PLAYERS} to {MAX_PLAYERS} players"
        )
    for seat, total in enumerate(values):
        if type(total) is not int or total < 0:
            raise _invalid(f"{where}[{seat}]", f"{total!r} is not a total of points (POLY-8)")
    return len(values)


def _check_values(where: str, values: object) -> tuple[Value, ...]:
    if type(values) is not tuple:
        raise _invalid(where, "expected a tuple of tile values")
    for i, value in enumerate(values):
        if value not in _ORDER or type(value) is not str:
            raise _invalid(f"{where}[{i}]", f"{value!r} is not one of {', '.join(VALUES)}")
    return values


def _check_board(where: str, board: object) -> list[Value]:
    """Check the stacks (POLY-4, POLY-12); return their played tiles, printed ones left out."""
    if type(board) is not tuple or len(board) != _SIZE:
        raise _invalid(where, f"expected a tuple of {_SIZE} stacks, one per space")
    played: list[Value] = []
    for cell, stack in enumerate(board):
        space = SPACES[cell]
        here = f"{where}[{cell}] (space {space[0]},{space[1]})"
        values = _check_values(here, stack)
        if space in PRINTED and (not values or values[0] != PRINTED[space]):
            raise _invalid(
                here, f"the stack must start with its printed {PRINTED[space]} (POLY-4)"
            )
        for below, above in itertools.pairwise(values):
            if below == above:
                raise _invalid(here, f"{above} lies on a tile of its own value (POLY-12)")
        played.extend(values[_PRINTED_DEPTH[cell] :])
    if not board[_START_CELL]:
        raise _invalid(where, "START holds no tile (POLY-7)")
    return played


def _check_start_draw(where: str, rounds: object, count: int, start_tile: Value) -> Seat:
    """Check the start-order draw (POLY-7); return the seat that won it."""
    if type(rounds) is not tuple or not rounds:
        raise _invalid(where, "expected at least one round of draws")
    drawing = list(range(count))
    winner = -1
    for number, draws in enumerate(rounds):
        here = f"{where}[{number}]"
        if winner >= 0:
            raise _invalid(here, "a round after the draw was decided")
        if type(draws) is not tuple or any(
            type(pair) is not tuple or len(pair) != 2 for pair in draws
        ):
            raise _invalid(here, "expected a tuple of (seat, tile) pairs")
        seats = [seat for seat, _ in draws]
        if seats != drawing:
            raise _invalid(here, f"seats {seats} drew; {drawing} should have (POLY-7)")
        values = _check_values(here, tuple(value for _, value in draws))
        best = max(_RANK[value] for value in values)
        drawing = [seat for seat, value in draws if _RANK[value] == best]
        if len(drawing) == 1:
            winner = drawing[0]
            if dict(draws)[winner] != start_tile:
                raise _invalid(
                    here, f"seat {winner} won the draw, so its tile lies on START (POLY-7)"
                )
    if winner < 0:
        raise _invalid(where, "the draw ends with seats still tied (POLY-7)")
    return winner


def _check_turn(where: str, turn: object, symbol: object) -> int:
    if type(turn) is not int or turn < 1:
        raise _invalid(f"{where}.turn", f"{turn!r} is not a turn number (from 1)")
    if type(symbol) is not int or not 0 <= symbol < len(SYMBOLS):
        raise _invalid(f"{where}.symbol", f"{symbol!r} is not a symbol 0..{len(SYMBOLS) - 1}")
    return turn


def _check_placed(
    where: str, placed: object, drawn: tuple[Value, ...], board: tuple[tuple[Value, ...], ...]
) -> None:
    if type(placed) is not tuple:
        raise _invalid(where, "expected a tuple of space numbers")
    for cell in placed:
        if type(cell) is not int or not 0 <= cell < _SIZE:
            raise _invalid(where, f"{cell!r} is not a space number 0..{_SIZE - 1}")
        if len(board[cell]) <= _PRINTED_DEPTH[cell]:
            raise _invalid(where, f"space {SPACES[cell]} holds no played tile (POLY-10)")
    if len(placed) + len(drawn) > 2:
        raise _invalid(where, f"{len(placed)} placed and {len(drawn)} drawn: a turn has 2 tiles")


def _check_set(where: str, tiles: Iterable[Value] | None, seen: Iterable[Value]) -> None:
    """Every tile of the set is in sight or in the bag exactly once (POLY-2)."""
    counts: dict[Value, int] = {}
    for value in STANDARD_TILES if tiles is None else _check_tiles(tiles, MIN_PLAYERS):
        counts[value] = counts.get(value, 0) + 1
    for value in seen:
        if not counts.get(value):
            raise _invalid(
                where, f"tile {value} appears more often than the set holds it (POLY-2)"
            )
        counts[value] -= 1
    left = sum(counts.values())
    if left:
        missing = next(value for value, n in counts.items() if n)
        raise _invalid(where, f"{left} tiles of the set are nowhere, such as {missing} (POLY-2)")


def _check_progress(where: str, drawn: tuple[Value, ...], bag_size: int) -> None:
    if not drawn and bag_size:
        raise _invalid(f"{where}.drawn", "no tile is drawn but the bag is not empty (POLY-10)")


def _validate_state(state: State, tiles: Iterable[Value] | None) -> None:
    count = _check_totals("State.totals", state.totals)
    played = _check_board("State.stacks", state.stacks)
    drawn = _check_values("State.drawn", state.drawn)
    bag = _check_values("State.bag", state.bag)
    aside = _check_values("State.aside", state.aside)
    if len(drawn) > 2 or drawn != _sorted_values(drawn):
        raise _invalid("State.drawn", "one or two tiles, in VALUES order (POLY-10)")
    turn = _check_turn("State", state.turn, state.symbol)
    _check_placed("State.placed", state.placed, drawn, state.stacks)
    if type(state.seed) is not int or not 0 <= state.seed < 1 << rng.SEED_BITS:
        raise _invalid("State.seed", f"{state.seed!r} is not a {rng.SEED_BITS}-bit seed")
    first = _check_start_draw(
        "State.start_draw", state.start_draw, count, state.stacks[_START_CELL][0]
    )
    if state.seat != (first + turn - 1) % count or type(state.seat) is not int:
        raise _invalid(
            "State.seat",
            f"{state.seat!r} cannot play turn {turn}: seat {first} started, and seats take "
            "turns in order (POLY-8)",
        )
    _check_progress("State", drawn, len(bag))
    _check_set("State", tiles, [*played, *drawn, *bag, *aside])


def _validate_view(seen: View, tiles: Iterable[Value] | None) -> None:
    count = _check_totals("View.totals", seen.totals)
    if type(seen.seat) is not int or not 0 <= seen.seat < count:
        raise _invalid("View.seat", f"{seen.seat!r} is not a seat of this {count}-player game")
    played = _check_board("View.stacks", seen.stacks)
    drawn = _check_values("View.drawn", seen.drawn)
    contents = _check_values("View.bag_contents", seen.bag_contents)
    aside = _check_values("View.aside", seen.aside)
    if len(drawn) > 2 or drawn != _sorted_values(drawn):
        raise _invalid("View.drawn", "one or two tiles, in VALUES order (POLY-10)")
    if list(contents) != sorted(contents, key=_ORDER.__getitem__):
        raise _invalid("View.bag_contents", "the tiles are listed in VALUES order")
    if seen.bag_size != len(contents):
        raise _invalid(
            "View.bag_size", f"{seen.bag_size!r} tiles, but the contents list {len(contents)}"
        )
    turn = _check_turn("View", seen.turn, seen.symbol)
    _check_placed("View.placed", seen.placed, drawn, seen.stacks)
    first = _check_start_draw(
        "View.start_draw", seen.start_draw, count, seen.stacks[_START_CELL][0]
    )
    expected = ((first + turn - 1) % count,) if drawn else ()
    if seen.to_move != expected:
        raise _invalid("View.to_move", f"{seen.to_move!r}, but the turn says {expected} (POLY-8)")
    _check_progress("View", drawn, len(contents))
    _check_set("View", tiles, [*played, *drawn, *contents, *aside])


def _validate_outcome(result: Outcome) -> None:
    scores = _check_totals("Outcome.scores", result.scores)
    del scores
    if result.ranking != rank_by(result.scores):
        raise _invalid("Outcome.ranking", "the places do not follow the totals (POLY-15)")


def validate(
    value: State | View | Outcome | Move, *, tiles: Iterable[Value] | None = None
) -> None:
    """Check a state, view or outcome made outside the rules, for example loaded from JSON.

    A state passes when the game could have reached it: two to four seats
    with totals of at least 0, 61 stacks with the printed tiles at the bottom
    and never a tile on one of its own value, a tile on START, a start-order
    draw that picks the seat of the START tile, a seat to move that follows
    from it and the turn number, at most two tiles to a turn, and every tile
    of the set (:data:`STANDARD_TILES`, or ``tiles``) exactly once across the
    board, the drawn tiles, the bag and the tiles set aside. A view passes
    the same checks on what it shows; an outcome needs the places that
    POLY-15 gives its totals. A move is checked by its constructor, so any
    :class:`Move` passes. :mod:`tilegames.serialize` calls this on everything
    it loads.

    >>> state = new_game(seed=2)
    >>> validate(state)
    >>> validate(attrs.evolve(state, bag=state.bag[1:]))
    Traceback (most recent call last):
    ...
    tilegames._core.errors.InvalidStateError: State: 1 tiles of the set are nowhere, such as ...

    Args:
        value: what to check.
        tiles: the game's custom set, if it was not started with the standard one.

    Raises:
        InvalidStateError: naming the field and the problem.
    """
    if isinstance(value, State):
        _validate_state(value, tiles)
        _check_state(value)
    elif isinstance(value, View):
        _validate_view(value, tiles)
    elif isinstance(value, Outcome):
        _validate_outcome(value)


# ---------------------------------------------------------------------------
# The bundle for generic code
# ---------------------------------------------------------------------------

RULES: Final[GameRules[State, Move]] = GameRules(
    name="polygon",
    title="Polygon",
    setups=(Setup(2), Setup(3), Setup(4)),
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
"""This module's functions as a :class:`~tilegames.Rules`; also ``tilegames.get("polygon")``."""
