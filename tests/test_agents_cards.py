"""High card (``tests/high_card.py``) against the contract, and its determinization.

A tiny card game with hidden hands, used to test agents; checked here as a
game of the library must be checked.
"""

from __future__ import annotations

import attrs
import pytest

from high_card import (
    RULES,
    Move,
    determinize,
    new_game,
    reached,
    score_move,
    view,
)
from tilegames import rng
from tilegames.testing import check_rules


class TestHighCard:
    """The test game itself keeps the contract."""

    def test_conforms(self) -> None:
        """check_rules finds no breach in every setup."""
        report = check_rules(RULES, games=12, seed=3)
        assert report.games == 12

    def test_scores_only_a_higher_card(self) -> None:
        """A card scores its number on an empty table or over a lower card, else nothing."""
        state = attrs.evolve(new_game(seed=1), table=(5,))
        assert score_move(state, Move(7)) == 7
        assert score_move(state, Move(3)) == 0
        assert score_move(attrs.evolve(state, table=()), Move(3)) == 3


class TestDeterminize:
    """High card's determinize samples states consistent with the view."""

    @pytest.mark.parametrize("moves", [0, 3, 6])
    def test_consistent_with_the_view(self, moves: int) -> None:
        """Every sample looks the same as the truth from the seat: view(sample) == view."""
        state = reached(seed=5, moves=moves, players=3)
        for seat in range(3):
            seen = view(state, seat)
            stream = rng.Stream(seat)
            for _ in range(20):
                sample = determinize(seen, stream)
                assert view(sample, seat) == seen
                every = sorted(
                    [*sample.deck, *sample.table, *(c for h in sample.hands for c in h)]
                )
                assert every == list(range(1, 10))

    def test_reads_only_the_view(self) -> None:
        """Two deals that differ only in hidden cards give the same samples from the same seed."""
        state = reached(seed=2, moves=2)
        seen = view(state, 0)
        other_hand = tuple(sorted(state.deck[:2]))
        swapped = attrs.evolve(
            state,
            hands=(state.hands[0], other_hand),
            deck=tuple(sorted(state.hands[1] + state.deck[2:])),
        )
        assert swapped != state
        assert view(swapped, 0) == seen
        assert determinize(view(swapped, 0), rng.Stream(9)) == determinize(seen, rng.Stream(9))
