"""Test helpers for Polygon: hand-built positions and slow, obvious references.

The references here are written straight from the rule text of spec v2
(POLY-1 .. POLY-16) with plain coordinates and loops: which spaces share a
corner of a symbol (POLY-5, POLY-11), where a tile may go (POLY-11 and
POLY-12 as changed in spec v2: every placement, stacking included, needs a
corner of the turn's symbol shared with another space holding a played
tile; a WILD goes only on a number), the value of a grouping under a
scoring table (POLY-14) and the best turn score over every assignment of
groupings to placed tiles (POLY-13). They use nothing of the package but its
public names for values, its State class and its public readers. The Polygon
test files import them from here (``position``, ``board_of``, ``slow_*``,
the strategies). Run this file to write ``tests/data/polygon_counts.txt``
again from the reference.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from hypothesis import strategies as st

from tilegames import polygon
from tilegames.polygon import Place, State

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
# Every multiset of three values, written out by a loop of our own, in VALUES order.
TRIPLES: list[tuple[str, str, str]] = [
    (a, b, c)
    for i, a in enumerate(ALL_VALUES)
    for j, b in enumerate(ALL_VALUES)
    for c in ALL_VALUES[j:]
    if j >= i
]


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
    printed: Mapping[Hex, str] | None = None,
    scoring: Mapping[tuple[str, str, str], int] | None = None,
) -> State:
    """A state built by hand.

    ``board`` maps spaces to their played tiles, bottom to top, written
    ``"3/5"``; a printed space gets its printed tile below them. START must be
    listed (the start tile). ``printed`` replaces the printed tiles of POLY-4
    (the state then carries them); ``scoring`` gives a complete table by
    multiset of values in VALUES order (the state then carries it).
    """
    printing = PRINTED if printed is None else printed
    stacks = []
    for space in BOARD:
        played = tuple(board[space].split("/")) if space in board else ()
        stacks.append(((printing[space],) if space in printing else ()) + played)
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
        board=None if printed is None else carried_board(printed),
        scoring=None if scoring is None else carried_scoring(scoring),
    )


def carried_board(printed: Mapping[Hex, str]) -> tuple[tuple[Hex, str], ...] | None:
    """The State.board form of printed tiles: pairs in space-number order; None if standard."""
    if dict(printed) == PRINTED:
        return None
    return tuple((space, printed[space]) for space in BOARD if space in printed)


def carried_scoring(
    table: Mapping[tuple[str, str, str], int],
) -> tuple[tuple[str, int], ...]:
    """The State.scoring form of a table: '1-2-3' rows in the order of TRIPLES."""
    return tuple(("-".join(triple), table[triple]) for triple in TRIPLES)


def board_of(state: State | polygon.View) -> dict[Hex, tuple[str, ...]]:
    """The stacks by space, read through the public API."""
    return dict(polygon.stacks(state))


def notations(moves: Sequence[Place]) -> list[str]:
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


def is_played(
    board: Mapping[Hex, tuple[str, ...]], space: Hex, printed: Mapping[Hex, str]
) -> bool:
    """Whether the space holds a played tile: more tiles than its printed one."""
    return len(board[space]) > (1 if space in printed else 0)


def slow_shares_corner(
    board: Mapping[Hex, tuple[str, ...]], space: Hex, symbol: int, printed: Mapping[Hex, str]
) -> bool:
    """POLY-11: the space shares a ``symbol`` corner with another space holding a played tile."""
    for corner_symbol, cells in corners_containing(space):
        if corner_symbol != symbol:
            continue
        for other in cells:
            if other != space and other in board and is_played(board, other, printed):
                return True
    return False


def slow_may_place(
    board: Mapping[Hex, tuple[str, ...]],
    space: Hex,
    tile: str,
    symbol: int,
    printed: Mapping[Hex, str],
) -> bool:
    """POLY-11 and POLY-12 (spec v2) for one tile and one space.

    Empty or not, the space must share a corner of the turn's symbol with
    another space holding a played tile; on a stack, never the same value,
    and a WILD only on a number tile 1..5.
    """
    stack = board[space]
    if stack and stack[-1] == tile:
        return False
    if stack and tile == "W" and stack[-1] not in NUMBERS:
        return False
    return slow_shares_corner(board, space, symbol, printed)


def slow_legal_moves(state: State) -> list[str]:
    """Every legal move in notation, in the documented order, from the rule text."""
    board = board_of(state)
    printed = dict(polygon.printed_tiles(state))
    symbol = polygon.turn_symbol(state)
    moves: list[str] = []
    for tile in sorted(set(polygon.drawn(state)), key=ALL_VALUES.index):
        spaces = [s for s in BOARD if slow_may_place(board, s, tile, symbol, printed)]
        moves += [f"{tile}@{q},{r}" for q, r in spaces] or [f"{tile}@-"]
    return moves


def slow_numbers_value(numbers: Sequence[int]) -> int:
    """Three numbers: three of a kind, or three consecutive in any order, else 0."""
    low, middle, high = sorted(numbers)
    if low == middle == high:
        return 10 * low
    runs = {(1, 2, 3): 20, (2, 3, 4): 25, (3, 4, 5): 30}
    return runs.get((low, middle, high), 0)


def slow_combination(
    values: Sequence[str],
    numbers: Callable[[Sequence[int]], int] = slow_numbers_value,
    three_wild: int = 100,
) -> int:
    """POLY-14 by trying every number for every WILD and X tile.

    ``numbers`` values three numbers (the spec's by default) and three WILD
    are worth ``three_wild``: the rules of a card, as the spec states them.
    """
    if list(values) == ["W", "W", "W"]:
        return three_wild
    options = [range(1, 6) if v in JOKERS else [int(v)] for v in values]
    base = max(numbers(choice) for choice in itertools.product(*options))
    factor = 1
    for v in values:
        if v == "X2":
            factor = max(factor, 2)
        if v == "X3":
            factor = max(factor, 3)
    return base * factor


Table = Callable[[Sequence[str]], int]
"""The value of three top values: a scoring table as the references use it."""


def table_lookup(table: Mapping[tuple[str, str, str], int]) -> Table:
    """A complete table by multiset, as a function of three values in any order."""

    def value(values: Sequence[str]) -> int:
        a, b, c = sorted(values, key=ALL_VALUES.index)
        return table[a, b, c]

    return value


def slow_turn_score(
    board: Mapping[Hex, tuple[str, ...]],
    symbol: int,
    placed: Sequence[Hex],
    value: Table = slow_combination,
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
            points = value([board[c][-1] for c in cells])
            if points:
                mine.append((tuple(sorted(cells)), points))
        options.append(mine)
    best = 0
    for assignment in itertools.product(*options):
        chosen = [pick for pick in assignment if pick is not None]
        groupings = [cells for cells, _ in chosen]
        if len(set(groupings)) == len(groupings):
            best = max(best, sum(points for _, points in chosen))
    return best


def state_table(state: State | polygon.View) -> Table:
    """The state's scoring table, read through the public API."""
    rows = polygon.scoring_of(state)
    return table_lookup({triple: rows["-".join(triple)] for triple in TRIPLES})


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
def printings(draw: st.DrawFn) -> dict[Hex, str]:
    """Printed tiles on random spaces other than START (POLY-4, POLY-14 data)."""
    spaces = draw(st.sets(st.sampled_from([s for s in BOARD if s != (0, 0)]), max_size=20))
    return {space: draw(st.sampled_from(JOKERS)) for space in sorted(spaces)}


@st.composite
def tables(draw: st.DrawFn) -> dict[tuple[str, str, str], int]:
    """A complete table of random points, most rows 0 (POLY-14 data)."""
    points = st.one_of(st.just(0), st.integers(0, 1000))
    return {triple: draw(points) for triple in TRIPLES}


@st.composite
def played_positions(draw: st.DrawFn) -> State:
    """A position reached by random legal play from a random seed and player count."""
    custom = draw(st.booleans())
    state = polygon.new_game(
        draw(st.integers(min_value=2, max_value=4)),
        seed=draw(st.integers(0, 2**64 - 1)),
        board=draw(printings()) if custom else None,
        scoring=[("-".join(t), p) for t, p in draw(tables()).items()] if custom else None,
    )
    for _ in range(draw(st.integers(min_value=0, max_value=47))):
        if polygon.is_over(state):
            break
        moves = polygon.legal_moves(state)
        state = polygon.apply(state, moves[draw(st.integers(0, len(moves) - 1))])
    return state


@st.composite
def stack_values(draw: st.DrawFn, below: str | None) -> tuple[str, ...]:
    """Up to three played values, never one on its own value, a WILD only on a number."""
    values: list[str] = []
    for _ in range(draw(st.integers(min_value=0, max_value=3))):
        previous = values[-1] if values else below
        allowed = [v for v in ALL_VALUES if v != previous]
        if previous in JOKERS:
            allowed = [v for v in allowed if v != "W"]
        values.append(draw(st.sampled_from(allowed)))
    return tuple(values)


@st.composite
def random_positions(draw: st.DrawFn) -> State:
    """A hand-made board filled at random, a random die symbol and one or two drawn tiles."""
    printed = draw(st.one_of(st.just(PRINTED), printings()))
    board: dict[Hex, str] = {}
    fill = draw(st.floats(min_value=0.05, max_value=1.0))
    for space in BOARD:
        if space != (0, 0) and draw(st.floats(0, 1)) > fill:
            continue
        played = draw(stack_values(printed.get(space)))
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
        printed=printed,
        scoring=draw(st.one_of(st.none(), tables())),
    )


positions = st.one_of(played_positions(), random_positions())


# ---------------------------------------------------------------------------
# Golden counts, written by the reference only
# ---------------------------------------------------------------------------

FULL_X2: dict[Hex, str] = {space: "X2" for space in BOARD if space != (0, 0)}
"""A board printed with an X2 on every space but START (POLY-14's board as data).

Every space a tile can reach holds a tile from the start, so a WILD (never
on an X tile) and an X2 (never on its own value) often have no place: the
discard of POLY-11 in real games.
"""
BOARDS: dict[str, dict[Hex, str] | None] = {"standard": None, "x2": FULL_X2}
"""The boards of the golden games, by the name written in the counts file."""

GOLDEN_GAMES = [(players, seed, "standard") for players in (2, 3, 4) for seed in range(4)] + [
    (players, seed, "x2") for players in (2, 3, 4) for seed in range(6)
]
"""The (players, seed, board) of the games in tests/data/polygon_counts.txt."""


def reference_game(players: int, seed: int, board: str) -> tuple[list[int], int]:
    """The reference's move count before each move of a seeded game, and its discards.

    The moves come from ``slow_legal_moves``; the one played is the entry
    at ``(7 * step) mod count``. The die and the draws are the game's own
    (``polygon.apply`` carries the seed), so the counts test the move lists.
    """
    state = polygon.new_game(players, seed=seed, board=BOARDS[board])
    counts: list[int] = []
    discards = 0
    while not polygon.is_over(state):
        moves = slow_legal_moves(state)
        chosen = moves[(7 * len(counts)) % len(moves)]
        counts.append(len(moves))
        discards += chosen.endswith("@-")
        state = polygon.apply(state, polygon.parse_move(chosen, state))
    return counts, discards


def write_golden_counts() -> None:
    """Write tests/data/polygon_counts.txt from the reference."""
    lines = [
        "# Polygon (spec v2): legal move counts along seeded games, from the slow reference",
        "# enumerator of tests/polygon/polygon_reference_impl.py (slow_legal_moves), not from",
        "# the module; written by running that file. Each line: players seed board (standard,",
        "# or x2: an X2 printed on every space but START), then the count before each move;",
        "# the move played is the reference list's entry at index (7 * step) mod count,",
        "# step = 0, 1, ...; after '|' the number of those moves that set a tile aside (POLY-11).",
    ]
    for players, seed, board in GOLDEN_GAMES:
        counts, discards = reference_game(players, seed, board)
        lines.append(f"{players} {seed} {board}: {' '.join(map(str, counts))} | {discards}")
    (DATA / "polygon_counts.txt").write_text("\n".join(lines) + "\n")


def random_seeds(count: int, seed: int = 2026) -> list[int]:
    """Seeds for seeded loops of random games."""
    chooser = random.Random(seed)
    return [chooser.randrange(2**64) for _ in range(count)]


if __name__ == "__main__":
    write_golden_counts()
