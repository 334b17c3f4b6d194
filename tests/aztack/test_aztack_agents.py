"""Aztack's evaluate and determinize, and the agents playing it."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tilegames import aztack
from tilegames._core import rng
from tilegames.agents import GreedyAgent, MCTSAgent, RandomAgent
from tilegames.simulate import simulate
from tilegames.testing.strategies import states

SOME = settings(max_examples=25, suppress_health_check=[HealthCheck.too_slow])


def out_of_play(state: aztack.State) -> list[int]:
    """The ids of the stones in no supply and never placed, at the start of a game."""
    used = set(state.pyramid.tops) | {s for held in state.supplies for s in held}
    return [i for i in range(len(state.stones)) if i not in used]


class TestDeterminize:
    """determinize(view, stream) gives a state the seat cannot tell from the truth."""

    @SOME
    @given(states(aztack.RULES, max_moves=30), st.integers(0, 2**32))
    def test_consistent_with_every_view(self, state: aztack.State, seed: int) -> None:
        """Each seat's sample passes validate, shows it its view and offers the same moves."""
        for seat in range(aztack.players(state)):
            seen = aztack.view(state, seat)
            sample = aztack.determinize(seen, rng.Stream(seed))
            aztack.validate(sample)
            assert aztack.view(sample, seat) == seen
            assert list(aztack.legal_moves(sample)) == list(aztack.legal_moves(state))
            assert aztack.outcome(sample) == aztack.outcome(state)

    @SOME
    @given(st.integers(0, 2**32), st.integers(0, 2**32), st.sampled_from([2, 3]))
    def test_rebuilds_the_true_state(self, game: int, seed: int, players: int) -> None:
        """AZT-20: nothing a state holds is hidden, so the sample is the state itself."""
        state = aztack.new_game(players=players, seed=game)
        assert aztack.determinize(aztack.view(state, 1), rng.Stream(seed)) == state

    def test_the_same_view_gives_the_same_state(self) -> None:
        """A search samples a view many times: the one state, equal to the true one."""
        state = aztack.new_game(players=3, seed=6)
        seen = aztack.view(state, 2)
        first = aztack.determinize(seen, rng.Stream(1))
        assert aztack.determinize(seen, rng.Stream(2)) is first
        assert first == state
        other = aztack.view(state, 0)  # another view: its own state, equal again
        assert aztack.determinize(other, rng.Stream(1)) is not first
        assert aztack.determinize(other, rng.Stream(1)) == state

    def test_rebuilds_a_custom_set(self) -> None:
        """A custom set travels in the view, so its state comes back whole."""
        custom = [*aztack.STANDARD_STONES][:40]
        state = aztack.new_game(players=2, seed=3, stones=custom, mode="speed")
        seen = aztack.view(state, 0)
        assert seen.stones == state.stones
        assert aztack.determinize(seen, rng.Stream(0)) == state

    def test_out_of_play_stones_are_named_nowhere(self) -> None:
        """AZT-20: a view of a standard game lists no stone out of play."""
        state = aztack.new_game(seed=5)
        seen = aztack.view(state, 0)
        shown = {s.id for held in seen.supplies for s in held} | set(seen.pyramid.tops)
        assert seen.stones is None
        assert not shown & set(out_of_play(state))


class TestEvaluate:
    """evaluate() counts the stones a move sheds."""

    def test_shed_stones(self) -> None:
        """A placement sheds one stone, a bonus placement with its discard two."""
        seen = set()
        for seed in range(10):
            state = aztack.new_game(seed=seed)
            for move in aztack.legal_moves(state):
                match = aztack.score_move(state, move)
                expected = 2.0 if match == aztack.Match.BOTH else 1.0
                assert aztack.evaluate(state, move, 0) == expected
                seen.add(expected)
        assert seen == {1.0, 2.0}

    def test_bundled(self) -> None:
        """RULES carries evaluate and determinize for generic code."""
        assert aztack.RULES.evaluate is aztack.evaluate
        assert aztack.RULES.determinize is aztack.determinize


class TestAgentsPlay:
    """The agents play Aztack through its rules, the speed stack included."""

    def test_greedy_beats_random(self) -> None:
        """Greedy wins more of 30 games than random."""
        run = simulate(aztack.RULES, [GreedyAgent(), RandomAgent()], 30, seed=4)
        assert run.summary.agents[0].wins > run.summary.agents[1].wins

    def test_speed_stack(self) -> None:
        """In the speed stack each acting seat plays its own moves to the end."""
        run = simulate(
            aztack.RULES,
            [MCTSAgent(iterations=8), GreedyAgent()],
            4,
            seed=1,
            options={"mode": "speed"},
        )
        assert all(game.outcome.reason for game in run.games)
