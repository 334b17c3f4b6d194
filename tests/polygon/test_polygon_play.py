"""Polygon over whole games: random games, the invariants checked at every move.

The common contract of every game (``tilegames.testing.check_rules``) runs in
``tests/test_conformance.py``; here the Polygon-specific invariants are
checked cheaply at every move.
"""

from __future__ import annotations

from collections import Counter

import pytest
from polygon_reference_impl import PRINTED, board_of

from tiers import size
from tilegames import polygon
from tilegames._core import rng
from tilegames.polygon import State


def tiles_in(state: State) -> Counter[str]:
    """Every tile of the game's set, wherever it is, printed tiles left out."""
    counts: Counter[str] = Counter()
    for space, stack in board_of(state).items():
        counts.update(stack[1:] if space in PRINTED else stack)
    counts.update(state.bag)
    counts.update(polygon.drawn(state))
    counts.update(state.aside)
    return counts


def check_game(players: int, seed: int, tiles: tuple[str, ...] | None = None) -> int:
    """Play one random game, checking the invariants at each move; return its turns."""
    state = polygon.new_game(players, seed=seed, tiles=tiles)
    chooser = rng.Stream(rng.derive(seed, "choices"))
    expected = Counter(polygon.STANDARD_TILES if tiles is None else tiles)
    assert tiles_in(state) == expected
    while not polygon.is_over(state):
        seat = polygon.to_move(state)
        moves = polygon.legal_moves(state)
        move = moves[chooser.randbelow(len(moves))]
        assert polygon.why_illegal(state, move) is None
        before = polygon.totals(state)
        ending = len(polygon.drawn(state)) == 1
        points = polygon.score_move(state, move)
        after = polygon.apply(state, move)
        totals = polygon.totals(after)
        gained = [new - old for new, old in zip(totals, before, strict=True)]
        if ending:
            assert gained == [points if s == seat[0] else 0 for s in range(players)]
            if not polygon.is_over(after):
                assert polygon.to_move(after) == ((seat[0] + 1) % players,)
                assert polygon.placed(after) == ()
        else:
            assert gained == [0] * players
            assert polygon.to_move(after) == seat
        assert tiles_in(after) == expected
        state = after
    assert polygon.bag_size(state) == 0
    assert polygon.to_move(state) == ()
    result = polygon.outcome(state)
    assert result is not None
    assert result.scores == polygon.totals(state)
    assert max(result.scores) == result.scores[min(result.winners)]
    return state.turn


class TestRandomGames:
    """Random games with 2, 3 and 4 players: thousands under ``--deep``."""

    @pytest.mark.parametrize("players", [2, 3, 4])
    def test_invariants(self, players: int) -> None:
        """Tiles are kept, only the turn's end scores, seats rotate, 24 turns, the best wins.

        60 games per seat count in the deep tier, 20 in the everyday tier.
        """
        for seed in range(size(everyday=20, deep=60)):
            assert check_game(players, seed) == 24

    def test_custom_set_with_discards(self) -> None:
        """A small set that forces discards keeps the invariants: 83 tiles after the start one.

        20 games in the deep tier, 6 in the everyday tier.
        """
        tiles = ("2", "1", "1", "1", "1", "W") * 14
        for seed in range(size(everyday=6, deep=20)):
            assert check_game(3, seed, tiles) == 42
