"""Polygon's tables, built once at import by named functions (POLY-5, POLY-6, POLY-11, POLY-14).

* :data:`LINKS`: per space and symbol, the spaces sharing a corner of that
  symbol with it (where a played tile opens the board, POLY-11);
* :data:`CORNERS` and :data:`GROUP`: the scoring corners with all three
  spaces on the board, and per space and symbol the one it lies in (POLY-5,
  POLY-6); :data:`CORNER_OF`, the same in one lookup;
* :data:`COMBINATION`: the value of every ordered triple of tile values (POLY-14),
  and :func:`combination_table`, the same for any scoring table, cached;
* :data:`STANDARD_SCORING`: the spec's table as data, built by :func:`expand_scoring`
  from the values of the number combinations and the WILD and X rules;
* :func:`turn_score`: a turn's groupings scored with these tables (POLY-13);
* a state's board index (:data:`~tilegames.polygon._model.BoardIndex`):
  :func:`index_of` gets it, built on first use by :func:`build_index` from scratch
  (:func:`printed_depth` says which tiles of a stack are printed);
  :func:`with_tile` updates it for the one space a placement changes, and
  :func:`start_board` gives a new game's board and index, cached.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Final

from tilegames._core.bits import Mask
from tilegames.geometry import hexagon
from tilegames.polygon._model import (
    BOARD,
    CELL,
    COMBINATIONS,
    FACTOR,
    PRINTED_DEPTH,
    SPACES,
    START_CELL,
    VALUES,
    WILD,
    X2,
    X3,
    X_TILES,
    BoardIndex,
    Cell,
    Combination,
    Printing,
    Scoring,
    Stack,
    State,
    Symbol,
    Value,
    combination_key,
    printed_of,
    set_slot,
)

Triple = tuple[Value, Value, Value]
"""The top values of a grouping's three spaces."""


def _link_table() -> tuple[tuple[Mask, Mask, Mask], ...]:
    """Per space and symbol, the mask of the spaces sharing a corner of that symbol with it.

    Two neighbouring spaces share exactly one down corner, so the six
    neighbours fall into three pairs by symbol. A corner whose third space is
    off the board still joins the two on it: their rhombi of that symbol touch
    along their common edge (a [decision], see the docs page).
    """
    table: list[tuple[Mask, Mask, Mask]] = []
    for space in SPACES:
        masks = [0, 0, 0]
        for anchor in hexagon.down_corners_of(space):
            for other in hexagon.down_corner(anchor):
                if other != space and other in CELL:
                    masks[hexagon.corner_symbol(anchor)] |= 1 << CELL[other]
        table.append((masks[0], masks[1], masks[2]))
    return tuple(table)


LINKS: Final = _link_table()
"""Per space number and symbol, the :data:`~tilegames._core.bits.Mask` of the spaces it links."""

CORNERS: Final[tuple[tuple[Cell, Cell, Cell], ...]] = BOARD.down_corners
"""The scoring corners whose three spaces are on the board, as space numbers."""


def _group_table() -> tuple[tuple[int, int, int], ...]:
    """Per space and symbol, the position in :data:`CORNERS` of its scoring corner, or -1.

    A scoring corner counts only when its three spaces are all on the board
    (POLY-6); each space has at most one per symbol (POLY-5).
    """
    table = [[-1, -1, -1] for _ in SPACES]
    for position, members in enumerate(CORNERS):
        symbol = BOARD.down_corner_symbols[position]
        for cell in members:
            table[cell][symbol] = position
    return tuple((a, b, c) for a, b, c in table)


GROUP: Final = _group_table()
"""Per space number and symbol, its scoring corner's position in :data:`CORNERS`, or -1."""


def _corner_table() -> tuple[tuple[tuple[Cell, Cell, Cell] | None, ...], ...]:
    """Per symbol and space, the spaces of its scoring corner (:data:`GROUP`), or ``None``."""
    return tuple(
        tuple(None if group[symbol] < 0 else CORNERS[group[symbol]] for group in GROUP)
        for symbol in range(3)
    )


CORNER_OF: Final = _corner_table()
"""Per symbol, then per space number, the three spaces of its scoring corner, or ``None``.

:data:`GROUP` and :data:`CORNERS` in one lookup, for scoring a turn.
"""


def _number_value(a: int, b: int, c: int) -> int:
    """The value of three numbers: three of a kind or a run, else 0 (POLY-14)."""
    low, middle, high = sorted((a, b, c))
    if low == high:
        return 10 * low
    if middle == low + 1 and high == low + 2:
        return 15 + 5 * low  # 1-2-3 = 20, 2-3-4 = 25, 3-4-5 = 30
    return 0


def _rule_value(values: Triple, numbers: Callable[[int, int, int], int], three_wild: int) -> int:
    """POLY-14 straight from the text: try every number for each WILD and X tile.

    ``numbers`` gives the value of three numbers; three WILD are worth
    ``three_wild``; a WILD or X tile stands for any number 1..5, chosen for
    the best value, and the highest X factor multiplies it.
    """
    if values == (WILD, WILD, WILD):
        return three_wild
    choices = [range(1, 6) if value in (WILD, X2, X3) else (int(value),) for value in values]
    base = max(numbers(a, b, c) for a, b, c in itertools.product(*choices))
    factor = max((FACTOR.get(value, 1) for value in values), default=1)
    return base * factor


def _best_value(values: Triple) -> int:
    """The spec's value of three tile values (POLY-14)."""
    return _rule_value(values, _number_value, 100)


def _combination_table() -> dict[Triple, int]:
    """The value of every ordered triple of tile values."""
    return {(a, b, c): _best_value((a, b, c)) for a in VALUES for b in VALUES for c in VALUES}


COMBINATION: Final = _combination_table()
"""The points of every ordered triple of tile values (POLY-14)."""


def expand_scoring(numbers: Mapping[Combination, int], three_wild: int) -> Scoring:
    """A complete table from the values of the number combinations and the WILD and X rules.

    ``numbers`` maps combinations of three numbers (in :data:`VALUES` order)
    to their points; a combination it leaves out scores 0.
    """

    def value_of(a: int, b: int, c: int) -> int:
        low, middle, high = sorted((a, b, c))
        return numbers.get((str(low), str(middle), str(high)), 0)

    return tuple(
        (combination_key(values), _rule_value(values, value_of, three_wild))
        for values in COMBINATIONS
    )


STANDARD_SCORING: Final[Scoring] = tuple(
    (combination_key(values), _best_value(values)) for values in COMBINATIONS
)
"""The spec's scoring table (POLY-14) in the data form of ``new_game(scoring=...)``.

>>> STANDARD_SCORING[0], dict(STANDARD_SCORING)["2-3-4"], dict(STANDARD_SCORING)["W-W-W"]
(('1-1-1', 10), 25, 100)
"""


@functools.lru_cache(maxsize=64)
def combination_table(scoring: Scoring | None) -> Mapping[Triple, int]:
    """The points of every ordered triple of tile values under a table (``None``: the spec's).

    Built once per table and cached, so that scoring stays a dict lookup.
    """
    if scoring is None:
        return COMBINATION
    points = dict(scoring)
    return {
        (a, b, c): points[combination_key((a, b, c))]
        for a in VALUES
        for b in VALUES
        for c in VALUES
    }


def turn_score(
    board: tuple[Stack, ...],
    symbol: Symbol,
    cells: Iterable[Cell],
    table: Mapping[Triple, int] = COMBINATION,
) -> int:
    """POLY-13: the groupings of ``symbol`` holding a tile placed on ``cells`` this turn.

    The top of each of ``cells`` is a tile placed this turn. Each space lies
    in exactly one scoring corner of each symbol (POLY-5), so each placed
    tile can be credited with one grouping only, and the best assignment of
    POLY-13 simply scores every such grouping once. ``table`` gives the
    points of three top values (:func:`~tilegames.polygon._tables.combination_table`).
    """
    total = 0
    corners = CORNER_OF[symbol]
    seen: list[tuple[Cell, Cell, Cell]] = []  # a turn places two tiles: a list beats a set
    for cell in cells:
        corner = corners[cell]
        if corner is None or corner in seen:
            continue
        seen.append(corner)
        a, b, c = corner
        sa, sb, sc = board[a], board[b], board[c]
        if sa and sb and sc:
            total += table[sa[-1], sb[-1], sc[-1]]
    return total


# ---------------------------------------------------------------------------
# The board index: bit masks over the spaces
# ---------------------------------------------------------------------------


@functools.lru_cache(maxsize=64)
def printed_depth(board: Printing | None) -> tuple[int, ...]:
    """Per space number, how many tiles at the bottom of its stack are printed, for a board.

    ``None`` is the standard board (:data:`PRINTED_DEPTH`); cached per board.
    """
    if board is None:
        return PRINTED_DEPTH
    printed = {space for space, _ in board}
    return tuple(int(space in printed) for space in SPACES)


def index_of(state: State) -> BoardIndex:
    """The state's board index, built and kept on first use (for states not made by the rules).

    It builds without checking: the rules check a state they did not make
    (``_validate.check_hand_made``) before they first read its board.
    """
    index = state._index
    if index is None:
        index = build_index(state.stacks, printed_depth(state.board))
        set_slot(state, "_index", index)
    return index


def build_index(stacks: Sequence[Stack], depth: Sequence[int]) -> BoardIndex:
    """Index a board from scratch; ``depth`` gives each space's printed tiles (0 or 1)."""
    played = 0
    reach = [0, 0, 0]
    blocked: dict[Value, Mask] = dict.fromkeys(VALUES, 0)
    for cell, stack in enumerate(stacks):
        if not stack:
            continue
        bit = 1 << cell
        top = stack[-1]
        blocked[top] |= bit
        if top in X_TILES:
            blocked[WILD] |= bit
        if len(stack) > depth[cell]:
            played |= bit
            for symbol, link in enumerate(LINKS[cell]):
                reach[symbol] |= link
    return played, (reach[0], reach[1], reach[2]), blocked


def with_tile(index: BoardIndex, cell: Cell, below: Value | None, value: Value) -> BoardIndex:
    """A new index: ``index`` with a tile of ``value`` placed on ``cell`` over ``below``."""
    played, reach, blocked = index
    bit = 1 << cell
    blocked = blocked.copy()
    if below is not None:  # the old top no longer blocks its value, nor a WILD if an X
        blocked[below] ^= bit
        if below in X_TILES:
            blocked[WILD] ^= bit
    blocked[value] |= bit
    if value in X_TILES:
        blocked[WILD] |= bit
    if played & bit:  # a stack that was played on already: nobody newly reached
        return played, reach, blocked
    r0, r1, r2 = reach
    l0, l1, l2 = LINKS[cell]
    return played | bit, (r0 | l0, r1 | l1, r2 | l2), blocked


def printed_stacks(board: Printing | None) -> list[Stack]:
    """A board's stacks before any tile is played: its printed tiles (``None``: the standard)."""
    printed = printed_of(board)
    return [(printed[space],) if space in printed else () for space in SPACES]


@functools.lru_cache(maxsize=64)
def start_board(
    board: Printing | None, start_tile: Value | None
) -> tuple[tuple[Stack, ...], BoardIndex]:
    """The stacks and the index of a new game: its printed tiles and START tile.

    ``board`` is the state's :attr:`~State.board` (``None``: the standard
    one); ``start_tile`` ``None`` leaves START empty, as during the
    start-order draw. Cached per board and START tile: both results are
    immutable, so every game started alike shares them.
    """
    stacks = printed_stacks(board)
    if start_tile is not None:
        stacks[START_CELL] = (start_tile,)
    return tuple(stacks), build_index(stacks, printed_depth(board))
