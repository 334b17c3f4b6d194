"""Perft for Aztack: move sequence counts of the fast generator against stored counts.

``tests/data/aztack_perft.txt`` holds, for seeded start positions, the number
of move sequences of depth 1, 2 (and 3) as counted by the slow reference
enumerator of :mod:`aztack_reference_impl` (AZT-6, AZT-12 .. AZT-14,
AZT-17), never by the code under test. On a mismatch the test names the
first moves whose subtree counts differ, as python-chess's perft does.

The everyday tier checks every stored position to depth 2 with the fast
generator (to depth 3 only the one with the fewest sequences of depth 2) and
to depth 1 with the reference; ``--deep`` checks every stored count with the
fast generator and perft(2) with the reference too.
"""

from __future__ import annotations

from pathlib import Path

import aztack_reference_impl as reference
import pytest

from tiers import size
from tilegames import aztack

DATA = Path(__file__).parent.parent / "data" / "aztack_perft.txt"


def read_data() -> list[tuple[int, int, str, tuple[int, ...]]]:
    rows = []
    for line in DATA.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        seed, count, mode, *counts = line.split()
        rows.append((int(seed), int(count), mode, tuple(map(int, counts))))
    return rows


ROWS = read_data()
CHEAPEST_PERFT3 = min((row for row in ROWS if len(row[3]) == 3), key=lambda row: row[3][1])
"""The stored position whose perft(3) the fast generator counts quickest."""
REFERENCE_DEPTH = size(everyday=1, deep=2)
"""The deepest stored count the reference counts again (perft(2) takes it seconds)."""


def fast_perft(state: aztack.State, depth: int) -> int:
    """The number of move sequences of ``depth`` moves, with legal_moves and apply."""
    listed = aztack.legal_moves(state)
    if depth == 1:
        return len(listed)
    return sum(fast_perft(aztack.apply(state, move), depth - 1) for move in listed)


def divide(state: aztack.State, depth: int) -> list[str]:
    """Per first move, the fast and reference counts of the subtree where they differ."""
    start = reference.from_state(state)
    problems = []
    for move in aztack.legal_moves(state):
        fast = fast_perft(aztack.apply(state, move), depth - 1) if depth > 1 else 1
        slow = reference.perft(reference.play(start, reference.as_tuple(move)), depth - 1)
        if fast != slow:
            problems.append(f"{move}: fast {fast}, reference {slow}")
    return problems


class TestPerft:
    def test_data_covers_both_modes_and_every_player_count(self) -> None:
        """The stored positions include 2, 3 and 4 players in turns and in the speed stack."""
        assert {(count, mode) for _, count, mode, _ in ROWS} == {
            (count, mode) for count in (2, 3, 4) for mode in aztack.MODES
        }
        assert any(len(counts) == 3 for *_, counts in ROWS)

    @pytest.mark.parametrize(("seed", "count", "mode", "counts"), ROWS)
    def test_fast_generator_matches_stored_counts(
        self, seed: int, count: int, mode: str, counts: tuple[int, ...]
    ) -> None:
        """perft(1..3) of legal_moves/apply equals the reference's stored counts.

        The everyday tier stops at perft(2), but for CHEAPEST_PERFT3.
        """
        cheapest = (seed, count, mode, counts) == CHEAPEST_PERFT3
        deepest = size(everyday=3 if cheapest else 2, deep=3)
        state = aztack.new_game(players=count, seed=seed, mode=mode)
        for depth, expected in enumerate(counts[:deepest], start=1):
            found = fast_perft(state, depth)
            assert found == expected, (depth, divide(state, depth)[:10])

    @pytest.mark.parametrize(("seed", "count", "mode", "counts"), ROWS)
    def test_reference_reproduces_shallow_counts(
        self, seed: int, count: int, mode: str, counts: tuple[int, ...]
    ) -> None:
        """The slow enumerator gives the stored shallow counts again (the data is its).

        The everyday tier counts perft(1) only.
        """
        start = reference.from_state(aztack.new_game(players=count, seed=seed, mode=mode))
        deepest = REFERENCE_DEPTH if counts[0] < 150 else 1  # perft(2) of the widest takes seconds
        depths = tuple(range(1, deepest + 1))
        assert [reference.perft(start, depth) for depth in depths] == list(counts[: len(depths)])
