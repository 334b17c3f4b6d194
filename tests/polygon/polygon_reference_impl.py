"""Test helpers for Polygon: hand-built positions and slow, obvious references.

The references here are written straight from the rule text (POLY-1 ..
POLY-16) with plain coordinates and loops: which spaces share a corner of a
symbol (POLY-5, POLY-11), where a tile may go (POLY-11, POLY-12), the value
of a grouping (POLY-14) and the best turn score over every assignment of
groupings to placed tiles (POLY-13). They use nothing of the package but its
public names for values and its State class. The Polygon test files import
them from here (``position``, ``board_of``, ``slow_*``, the strategies).
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from pathlib import Path

from hypothesis import strategies as st

from tilegames import polygon
from tilegames.polygon import Move, State

Hex = tuple[int, int]

# The board of POLY-4 by brute force: every (q, r) within 4 steps of START.
BOARD: list[Hex] = sorted(
    ((q, r) for q in range(-4, 5) for r in range(-4, 5) if max(abs(q), abs(r), abs(q + r)) <= 4),
    key=lambda space: (space[1], space[0]),  # row by row, then west to east
)
# Printed tiles of POLY-4, written out: WILD 3 steps and X2 4 steps straight out of START.
PRINTED: dict[Hex, str] = {
    **dict.fromkeys([(3, 0), (3, -3), (0, -3), (-3, 0), (-3, 3), (0, 3)], "W"),
    **dict.fromkeys([(4, 0), (4, -4), (0, -4), (-4, 0), (-4, 4), (0, 4)], "X2"),
}
NUMBERS = ("1", "2", "3", "4", "5")
JOKERS = ("W", "X2", "X3")
ALL_VALUES = NUMBERS + JOKERS
DATA = Path(__file__).parent.parent / "data"


# ---------------------------------------------------------------------------
# Building positions by hand
# ---------------------------------------------------------------------------


def position(
    board: Mapping[Hex, str],
    *,
    symbol: int,
    drawn: Sequence[str],
    placed: Sequence[Hex] = (),
    totals: Sequence[int] = (0, 0),
    seat: int = 0,
    bag: Sequence[str] = ("1",) * 10,
    turn: int = 3,
    seed: int = 12345,
) -> State:
    """A state built by hand.

    ``board`` maps spaces to their played tiles, bottom to top, written
    ``"3/5"``; a printed space gets its printed tile below them. START must be
    listed (the start tile).
    """
    stacks = []
    for space in BOARD:
        played = tuple(board[space].split("/")) if space in board else ()
        stacks.append(((PRINTED[space],) if space in PRINTED else ()) + played)
    return State(
        stacks=tuple(stacks),
        totals=tuple(totals),
        seat=seat,
        turn=turn,
        symbol=symbol,
        drawn=tuple(sorted(drawn, key=ALL_VALUES.index)),
        placed=tuple(BOARD.index(space) for space in placed),
        bag=tuple(bag),
        seed=seed,
        aside=(),
        start_draw=(((0, "5"), (1, "3")),),
    )


def board_of(state: State | polygon.View) -> dict[Hex, tuple[str, ...]]:
    """The stacks by space, read through the public API."""
    return dict(polygon.stacks(state))


def notations(moves: Sequence[Move]) -> list[str]:
    return [polygon.format_move(move) for move in moves]


# ---------------------------------------------------------------------------
# The slow references
# ---------------------------------------------------------------------------


def corners_containing(space: Hex) -> list[tuple[int, list[Hex]]]:
    """Each corner {(a,b), (a+1,b), (a,b+1)} holding ``space``: its symbol and cells (POLY-5)."""
    found = []
    for a in range(space[0] - 1, space[0] + 1):
        for b in range(space[1] - 1, space[1] + 1):
            cells = [(a, b), (a + 1, b), (a, b + 1)]
            if space in cells:
                found.append(((a - b) % 3, cells))
    return found


def is_played(board: Mapping[Hex, tuple[str, ...]], space: Hex) -> bool:
    """Whether the space holds a played tile: more tiles than its printed one."""
    return len(board[space]) > (1 if space in PRINTED else 0)


def slow_shares_corner(board: Mapping[Hex, tuple[str, ...]], space: Hex, symbol: int) -> bool:
    """POLY-11: the space shares a corner of ``symbol`` with a played tile on the board."""
    for corner_symbol, cells in corners_containing(space):
        if corner_symbol != symbol:
            continue
        for other in cells:
            if other != space and other in board and is_played(board, other):
                return True
    return False


def slow_may_place(
    board: Mapping[Hex, tuple[str, ...]], space: Hex, tile: str, symbol: int
) -> bool:
    """POLY-11 and POLY-12 for one tile and one space."""
    stack = board[space]
    if not stack:
        return slow_shares_corner(board, space, symbol)
    if stack[-1] == tile:  # never on the same value; WILD never on WILD
        return False
    if is_played(board, space):
        return True
    return slow_shares_corner(board, space, symbol)  # a printed tile, reached or not


def slow_legal_moves(state: State) -> list[str]:
    """Every legal move in notation, in the documented order, from the rule text."""
    board = board_of(state)
    symbol = polygon.turn_symbol(state)
    moves: list[str] = []
    for tile in sorted(set(polygon.drawn(state)), key=ALL_VALUES.index):
        spaces = [s for s in BOARD if slow_may_place(board, s, tile, symbol)]
        moves += [f"{tile}@{q},{r}" for q, r in spaces] or [f"{tile}@-"]
    return moves


def slow_numbers_value(numbers: Sequence[int]) -> int:
    """Three numbers: three of a kind, or three consecutive in any order, else 0."""
    low, middle, high = sorted(numbers)
    if low == middle == high:
        return 10 * low
    runs = {(1, 2, 3): 20, (2, 3, 4): 25, (3, 4, 5): 30}
    return runs.get((low, middle, high), 0)


def slow_combination(values: Sequence[str]) -> int:
    """POLY-14 by trying every number for every WILD and X tile."""
    if list(values) == ["W", "W", "W"]:
        return 100
    options = [range(1, 6) if v in JOKERS else [int(v)] for v in values]
    base = max(slow_numbers_value(choice) for choice in itertools.product(*options))
    factor = 1
    for v in values:
        if v == "X2":
            factor = max(factor, 2)
        if v == "X3":
            factor = max(factor, 3)
    return base * factor


def slow_turn_score(
    board: Mapping[Hex, tuple[str, ...]], symbol: int, placed: Sequence[Hex]
) -> int:
    """POLY-13 by trying every assignment of groupings to the tiles placed this turn."""
    # A tile placed this turn is a top tile unless a later placement went on the same space.
    tops = [space for i, space in enumerate(placed) if space not in placed[i + 1 :]]
    options: list[list[tuple[tuple[Hex, ...], int] | None]] = []
    for space in tops:
        mine: list[tuple[tuple[Hex, ...], int] | None] = [None]
        for corner_symbol, cells in corners_containing(space):
            if corner_symbol != symbol or any(c not in board or not board[c] for c in cells):
                continue
            value = slow_combination([board[c][-1] for c in cells])
            if value:
                mine.append((tuple(sorted(cells)), value))
        options.append(mine)
    best = 0
    for assignment in itertools.product(*options):
        chosen = [pick for pick in assignment if pick is not None]
        groupings = [cells for cells, _ in chosen]
        if len(set(groupings)) == len(groupings):
            best = max(best, sum(value for _, value in chosen))
    return best


def read_table() -> dict[tuple[str, ...], int]:
    """The hand-written table of tests/data/polygon_combinations.txt, by sorted values."""
    table: dict[tuple[str, ...], int] = {}
    for line in (DATA / "polygon_combinations.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            *values, points = line.split()
            key = tuple(sorted(values, key=ALL_VALUES.index))
            assert key not in table, f"{key} is listed twice"
            table[key] = int(points)
    return table


# ---------------------------------------------------------------------------
# Random positions
# ---------------------------------------------------------------------------


@st.composite
def played_positions(draw: st.DrawFn) -> State:
    """A position reached by random legal play from a random seed and player count."""
    state = polygon.new_game(
        draw(st.integers(min_value=2, max_value=4)), seed=draw(st.integers(0, 2**64 - 1))
    )
    for _ in range(draw(st.integers(min_value=0, max_value=47))):
        if polygon.is_over(state):
            break
        moves = polygon.legal_moves(state)
        state = polygon.apply(state, moves[draw(st.integers(0, len(moves) - 1))])
    return state


@st.composite
def stack_values(draw: st.DrawFn, below: str | None) -> tuple[str, ...]:
    """Up to three played values, never one on a tile of its own value."""
    values: list[str] = []
    for _ in range(draw(st.integers(min_value=0, max_value=3))):
        previous = values[-1] if values else below
        values.append(draw(st.sampled_from([v for v in ALL_VALUES if v != previous])))
    return tuple(values)


@st.composite
def random_positions(draw: st.DrawFn) -> State:
    """A hand-made board filled at random, a random die symbol and one or two drawn tiles."""
    board: dict[Hex, str] = {}
    fill = draw(st.floats(min_value=0.05, max_value=1.0))
    for space in BOARD:
        if space != (0, 0) and draw(st.floats(0, 1)) > fill:
            continue
        played = draw(stack_values(PRINTED.get(space)))
        if space == (0, 0) and not played:
            played = (draw(st.sampled_from(ALL_VALUES)),)
        if played:
            board[space] = "/".join(played)
    drawn = draw(st.lists(st.sampled_from(ALL_VALUES), min_size=1, max_size=2))
    return position(
        board,
        symbol=draw(st.integers(0, 2)),
        drawn=drawn,
        bag=draw(st.lists(st.sampled_from(ALL_VALUES), max_size=4)),
        turn=draw(st.integers(1, 5)),
    )


positions = st.one_of(played_positions(), random_positions())
