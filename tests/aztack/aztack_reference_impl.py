"""A slow, obvious Aztack written straight from the rule text, for the tests to check against.

The reference knows nothing of :mod:`tilegames.aztack` beyond the public
readers ``heights``, ``tops`` and ``supply`` (to start from a position) and
the stone halves of the set. Its position is a plain dictionary of cells; its
moves are plain tuples ``(seat, stone, first cell, second cell, discard)`` or
``(seat, "pass")``. Every rule is spelled out over all pairs of cells and every
stone, with no tables.

Run as a script, it writes ``tests/data/aztack_perft.txt`` (the perft counts
of :mod:`test_aztack_perft`) with this enumerator::

    python tests/aztack/aztack_reference_impl.py
"""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path
from typing import Union

from tilegames import aztack

RefCell = tuple[int, int]
RefHalf = tuple[int, int]  # (colour, glyph)
RefPlace = tuple[int, int, RefCell, RefCell, Union[int, None]]  # noqa: UP007
RefPass = tuple[int, str]
RefMove = Union[RefPlace, RefPass]  # noqa: UP007

CELLS = [(x, y) for y in range(4) for x in range(6)]  # AZT-4: x 0..5 along the rows, y 0..3


@dataclasses.dataclass
class RefPosition:
    """A position as the rules describe it."""

    halves: dict[int, tuple[RefHalf, RefHalf]]
    """Every stone id in play -> its first and second half (AZT-2)."""
    height: dict[RefCell, int]
    """AZT-5: per cell, the number of stones on it."""
    top: dict[RefCell, tuple[int, RefHalf]]
    """AZT-5: per cell, the stone on top and its half showing there."""
    hands: list[list[int]]
    """Per seat, the ids of the stones it holds (AZT-10)."""
    turn: int | None
    """The seat to move (AZT-11), or None in the speed stack (AZT-17)."""
    order: list[int]
    """Per seat, when it last placed (1 for the first placement of the line), 0 if never."""
    placements: int = 0
    """How many stones were placed so far."""

    def copy(self) -> RefPosition:
        return RefPosition(
            halves=self.halves,
            height=dict(self.height),
            top=dict(self.top),
            hands=[list(hand) for hand in self.hands],
            turn=self.turn,
            order=list(self.order),
            placements=self.placements,
        )


def from_state(state: aztack.State) -> RefPosition:
    """Read a position through the public API."""
    count = aztack.players(state)
    halves = {stone.id: stone.halves for stone in state.stones}
    tops = aztack.tops(state)
    return RefPosition(
        halves=halves,
        height=dict(aztack.heights(state)),
        top={cell: (stone, (colour, glyph)) for cell, (stone, colour, glyph) in tops.items()},
        hands=[[stone.id for stone in aztack.supply(state, seat)] for seat in range(count)],
        turn=state.whose_turn,
        order=list(state.last_placed),
        placements=max(state.last_placed),
    )


def side_by_side(p: RefCell, q: RefCell) -> bool:
    """AZT-6: orthogonally adjacent, along or across the rows."""
    return abs(p[0] - q[0]) + abs(p[1] - q[1]) == 1


def is_spot(pos: RefPosition, p: RefCell, q: RefCell) -> bool:
    """AZT-6: adjacent cells of the same height whose tops are two different stones."""
    return side_by_side(p, q) and pos.height[p] == pos.height[q] and pos.top[p][0] != pos.top[q][0]


def matches(stone: tuple[RefHalf, RefHalf], under: tuple[RefHalf, RefHalf]) -> tuple[bool, bool]:
    """AZT-12: (both colours match, both glyphs match), half by half."""
    (c1, g1), (c2, g2) = stone
    (d1, h1), (d2, h2) = under
    return c1 == d1 and c2 == d2, g1 == h1 and g2 == h2


def placements(pos: RefPosition, seat: int) -> list[RefPlace]:
    """Every placement of a seat (AZT-6, AZT-7, AZT-12, AZT-13), over all cells and stones.

    The stone's first half goes on ``p``, the second on ``q``: every ordered
    pair is tried, so both orientations are (AZT-7). A stone with two halves
    alike lies the same either way round, so it is listed with ``p`` first in
    reading order only; of alike stones in one hand, only the lowest id is
    listed, to place and to discard (one physical choice). The standard set
    has neither.
    """
    found: list[RefPlace] = []
    hand = pos.hands[seat]
    for p in CELLS:
        for q in CELLS:
            if not is_spot(pos, p, q):
                continue
            for stone in hand:
                if not first_alike(pos, stone, hand):
                    continue
                halves = pos.halves[stone]
                if halves[0] == halves[1] and CELLS.index(p) > CELLS.index(q):
                    continue
                colours, glyphs = matches(halves, (pos.top[p][1], pos.top[q][1]))
                if not (colours or glyphs):
                    continue
                found.append((seat, stone, p, q, None))
                if colours and glyphs:  # AZT-13: and may discard one other stone
                    others = [other for other in hand if other != stone]
                    found.extend(
                        (seat, stone, p, q, other)
                        for other in others
                        if first_alike(pos, other, others)
                    )
    return found


def first_alike(pos: RefPosition, stone: int, among: list[int]) -> bool:
    """Whether no stone of ``among`` with a lower id has the same halves, either way round."""
    return not any(
        other < stone and sorted(pos.halves[other]) == sorted(pos.halves[stone]) for other in among
    )


def can_place(pos: RefPosition, seat: int) -> bool:
    return bool(placements(pos, seat))


def is_over(pos: RefPosition) -> bool:
    """AZT-15/AZT-18: a supply is empty; AZT-16/AZT-18: nobody can place."""
    if any(not hand for hand in pos.hands):
        return True
    return not any(can_place(pos, seat) for seat in range(len(pos.hands)))


def moves(pos: RefPosition) -> list[RefMove]:
    """AZT-12 .. AZT-14 in turns, AZT-17 in the speed stack."""
    if is_over(pos):
        return []
    if pos.turn is None:
        return [m for seat in range(len(pos.hands)) for m in placements(pos, seat)]
    mine: list[RefMove] = list(placements(pos, pos.turn))
    return mine or [(pos.turn, "pass")]


def play(pos: RefPosition, move: RefMove) -> RefPosition:
    """Lay the stone (both cells rise, its halves on top), take it and the discard away."""
    after = pos.copy()
    seat = move[0]
    if len(move) == 5:
        _, stone, p, q, discard = move
        first, second = pos.halves[stone]
        after.height[p] += 1
        after.height[q] += 1
        after.top[p] = (stone, first)
        after.top[q] = (stone, second)
        after.hands[seat].remove(stone)
        if discard is not None:
            after.hands[seat].remove(discard)
        after.placements += 1
        after.order[seat] = after.placements
    if pos.turn is not None:
        after.turn = (seat + 1) % len(pos.hands)
    return after


def winners(pos: RefPosition) -> set[int]:
    """AZT-15 .. AZT-16 in turns, AZT-18 in the speed stack."""
    seats = range(len(pos.hands))
    empty = [seat for seat in seats if not pos.hands[seat]]
    if empty:
        return set(empty)
    if pos.turn is None:
        latest = max(pos.order)
        if latest == 0:
            return set(seats)
        return {seat for seat in seats if pos.order[seat] == latest}
    fewest = min(len(hand) for hand in pos.hands)
    tied = [seat for seat in seats if len(pos.hands[seat]) == fewest]
    latest = max(pos.order[seat] for seat in tied)
    if latest == 0:
        return set(tied)
    return {seat for seat in tied if pos.order[seat] == latest}


def perft(pos: RefPosition, depth: int) -> int:
    """The number of move sequences of ``depth`` moves from ``pos``."""
    if depth == 0:
        return 1
    listed = moves(pos)
    if depth == 1:
        return len(listed)
    return sum(perft(play(pos, move), depth - 1) for move in listed)


def as_tuple(move: aztack.Move) -> RefMove:
    """A fast-code move as a reference tuple."""
    if isinstance(move, aztack.Place):
        return (move.seat, move.stone, move.first, move.second, move.discard)
    return (move.seat, "pass")


# The perft positions: (seed, players, mode, depth).
PERFT_POSITIONS = [
    (1, 2, "turns", 3),
    (2, 2, "turns", 3),
    (3, 3, "turns", 3),
    (4, 4, "turns", 3),
    (5, 2, "speed", 3),
    (6, 3, "speed", 3),
    (7, 4, "speed", 2),
]
PERFT_FILE = Path(__file__).parent.parent / "data" / "aztack_perft.txt"


def write_perft() -> None:
    """Compute the perft counts with this reference and write them to PERFT_FILE."""
    lines = [
        "# Aztack perft: the number of move sequences of depth 1, 2, 3 from the start",
        "# positions of aztack.new_game(players=..., seed=..., mode=...).",
        "# Produced by the slow reference enumerator of tests/aztack/aztack_reference_impl.py,",
        "# written from AZT-6, AZT-7, AZT-12 .. AZT-17: it reads the start position through",
        "# aztack.heights, tops and supply (and the state's stones, turn and last_placed),",
        "# then enumerates and plays moves with its own code, never the module's generator.",
        "# Regenerate with: python tests/aztack/aztack_reference_impl.py",
        "# Columns: seed players mode perft(1) perft(2) [perft(3)]",
    ]
    for seed, count, mode, depth in PERFT_POSITIONS:
        start = from_state(aztack.new_game(players=count, seed=seed, mode=mode))
        counts = [perft(start, d) for d in range(1, depth + 1)]
        lines.append(" ".join(map(str, [seed, count, mode, *counts])))
        print(lines[-1], flush=True)
    PERFT_FILE.write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    write_perft()
    sys.exit(0)
