"""Polygon's evaluate and determinize, and the agents playing it."""

from __future__ import annotations

import attrs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shared_samples import check_samples_share_a_right_index
from tiers import examples
from tilegames import polygon
from tilegames._core import rng
from tilegames._mcts import _Search
from tilegames.agents import GreedyAgent, MCTSAgent, RandomAgent
from tilegames.simulate import simulate
from tilegames.testing.strategies import states

SOME = settings(
    max_examples=examples(25, everyday=10), suppress_health_check=[HealthCheck.too_slow]
)
"""25 examples under ``--deep``, 10 in the everyday tier."""


class TestDeterminize:
    """determinize(view, stream) samples states the seat cannot tell from the truth."""

    @SOME
    @given(states(polygon.RULES, max_moves=60), st.integers(0, 2**32))
    def test_consistent_with_every_view(self, state: polygon.State, seed: int) -> None:
        """Each seat's sample shows it its view, holds the same bag, and offers the same moves."""
        for seat in range(polygon.players(state)):
            seen = polygon.view(state, seat)
            sample = polygon.determinize(seen, rng.Stream(seed))
            assert polygon.view(sample, seat) == seen
            assert sorted(sample.bag) == sorted(state.bag)
            assert list(polygon.legal_moves(sample)) == list(polygon.legal_moves(state))

    @SOME
    @given(states(polygon.RULES, max_moves=40), st.integers(0, 2**32))
    def test_never_reads_hidden_tiles(self, state: polygon.State, seed: int) -> None:
        """A state with the bag in another order and another seed gives the very same samples."""
        other = attrs.evolve(state, bag=tuple(reversed(state.bag)), seed=state.seed ^ 0xFFFF)
        assert polygon.view(other, 0) == polygon.view(state, 0)
        ours = polygon.determinize(polygon.view(state, 0), rng.Stream(seed))
        assert polygon.determinize(polygon.view(other, 0), rng.Stream(seed)) == ours

    @SOME
    @given(
        states(polygon.RULES, max_moves=60),
        st.lists(st.integers(0, 2**32), min_size=3, max_size=6),
    )
    def test_samples_of_one_view_share_a_right_index(
        self, state: polygon.State, seeds: list[int]
    ) -> None:
        """The samples of one view share one index, the one built from scratch."""
        check_samples_share_a_right_index(polygon.RULES, polygon.view(state, 0), seeds, "_index")


class TestEvaluate:
    """evaluate() is what a placement adds to the turn's score."""

    def test_a_turns_ratings_add_up_to_its_score(self) -> None:
        """Over whole turns, the ratings of the placements sum to the totals gained."""
        state = polygon.new_game(seed=6)
        for _ in range(12):
            seat = polygon.to_move(state)[0]
            rated = 0.0
            before = polygon.totals(state)[seat]
            while polygon.to_move(state) == (seat,) and not polygon.is_over(state):
                moves = polygon.legal_moves(state)
                move = moves[len(moves) // 2]
                rated += polygon.evaluate(state, move, seat)
                state = polygon.apply(state, move)
                if polygon.totals(state)[seat] != before:
                    break
            assert polygon.totals(state)[seat] - before == rated

    def test_orders_moves_as_score_move(self) -> None:
        """Within one state, evaluate and score_move differ by the same amount for every move."""
        state = polygon.new_game(seed=3)
        state = polygon.apply(state, polygon.legal_moves(state)[0])
        moves = polygon.legal_moves(state)
        gaps = {polygon.score_move(state, m) - polygon.evaluate(state, m, 0) for m in moves}
        assert len(gaps) == 1

    def test_bundled(self) -> None:
        """RULES carries evaluate and determinize for generic code."""
        assert polygon.RULES.evaluate is polygon.evaluate
        assert polygon.RULES.determinize is polygon.determinize


class TestFollowUps:
    """MCTS rates a turn's first placement with the best second one (POLY-10, POLY-13)."""

    @SOME
    @given(states(polygon.RULES, max_moves=60), st.integers(0, 2**32))
    def test_a_first_placement_is_rated_as_its_best_turn(
        self, state: polygon.State, seed: int
    ) -> None:
        """Rating plus follow-up is the most the turn can add to the total through that move."""
        while state.placed or len(state.drawn) != 2:  # on to a turn's first placement
            if polygon.is_over(state):
                state = polygon.new_game(seed=seed % 1000)
            else:
                state = polygon.apply(state, polygon.legal_moves(state)[0])
        seat = polygon.to_move(state)[0]
        before = polygon.totals(state)[seat]
        search = _Search(
            MCTSAgent()._settings(polygon.RULES), polygon.RULES, polygon.evaluate, rng.Stream(seed)
        )
        for move in polygon.legal_moves(state):
            after = polygon.apply(state, move)
            best_turn = max(
                polygon.totals(polygon.apply(after, second))[seat] - before
                for second in polygon.legal_moves(after)
            )
            rated = polygon.evaluate(state, move, seat) + search.follow_up(state, seat, move)
            assert rated == best_turn

    def test_the_second_placement_has_none(self) -> None:
        """After the second placement the next seat rolls: no follow-up."""
        state = polygon.new_game(seed=5)
        seat = polygon.to_move(state)[0]
        state = polygon.apply(state, polygon.legal_moves(state)[0])
        search = _Search(
            MCTSAgent()._settings(polygon.RULES), polygon.RULES, polygon.evaluate, rng.Stream(0)
        )
        assert polygon.to_move(state) == (seat,)
        for move in polygon.legal_moves(state):
            assert search.follow_up(state, seat, move) == 0.0


class TestAgentsPlay:
    """The agents play Polygon through its rules."""

    def test_greedy_beats_random(self) -> None:
        """Greedy wins most of 20 games against random."""
        run = simulate(polygon.RULES, [GreedyAgent(), RandomAgent()], 20, seed=4)
        assert run.summary.agents[0].win_rate > 0.75
