"""Polygon over whole games: the conformance checker and thousands of random games.

``check_rules`` checks the whole contract at every step but costs about a
tenth of a second per game (deep copies, pickles, views); the invariant run
below plays thousands of games and checks the Polygon-specific invariants
cheaply at every move.
"""

from __future__ import annotations

from collections import Counter

import pytest

from test_polygon_reference import BOARD, PRINTED, board_of
from tilegames import Setup, polygon
from tilegames._core import rng
from tilegames.polygon import Move, State
from tilegames.testing import check_rules


def candidates(state: State) -> list[Move]:
    """Every drawn tile (and a WILD) on every space, plus the discards: mostly illegal."""
    tiles = {*polygon.drawn(state), "W"}
    return [Move(tile, space) for tile in sorted(tiles) for space in [*BOARD, None]]


class TestConformance:
    """tilegames.testing.check_rules on every setup."""

    @pytest.mark.parametrize("setup", polygon.RULES.setups, ids=str)
    def test_check_rules(self, setup: Setup) -> None:
        """Random games keep the whole contract at every step."""
        report = check_rules(
            polygon.RULES,
            games=20,
            seed=2026,
            setups=[setup],
            legal_samples=2,
            illegal_samples=4,
            candidates=candidates,
        )
        assert report.games == 20
        assert report.moves == 20 * 48

    def test_check_rules_custom_set(self) -> None:
        """A small custom set with discards keeps the contract too."""
        custom = Setup(3, {"tiles": ("2", "1", "1", "1", "1", "W") * 14})
        report = check_rules(polygon.RULES, games=4, seed=7, setups=[custom])
        assert report.moves == 4 * 83


def tiles_in(state: State) -> Counter[str]:
    """Every tile of the game's set, wherever it is, printed tiles left out."""
    counts: Counter[str] = Counter()
    for space, stack in board_of(state).items():
        counts.update(stack[1:] if space in PRINTED else stack)
    counts.update(state.bag)
    counts.update(polygon.drawn(state))
    counts.update(state.aside)
    return counts


def check_game(players: int, seed: int) -> int:
    """Play one random game, checking the invariants at each move; return its turns."""
    state = polygon.new_game(players, seed=seed)
    chooser = rng.Stream(rng.derive(seed, "choices"))
    expected = Counter(polygon.STANDARD_TILES)
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
    """Thousands of random games with 2, 3 and 4 players."""

    @pytest.mark.parametrize("players", [2, 3, 4])
    def test_invariants(self, players: int) -> None:
        """Tiles are kept, only the turn's end scores, seats rotate, 24 turns, the best wins."""
        for seed in range(700):
            assert check_game(players, seed) == 24
