"""AXIO's evaluate and determinize, and the agents playing it."""

from __future__ import annotations

from collections import Counter
from typing import cast

import attrs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tilegames import axio
from tilegames._core import rng
from tilegames.agents import GreedyAgent, MCTSAgent, RandomAgent
from tilegames.simulate import simulate
from tilegames.testing.strategies import states

SOME = settings(max_examples=20, suppress_health_check=[HealthCheck.too_slow])


def hidden_shuffled(state: axio.State, seat: int, seed: int) -> axio.State:
    """The state with the tiles hidden from ``seat`` (other racks, the bag) dealt again."""
    others = [s for s in range(len(state.racks)) if s != seat]
    hidden = [t for s in others for t in state.racks[s]] + list(state.bag)
    pool = list(rng.shuffled(seed, hidden)[0])
    racks = list(state.racks)
    for s in others:
        racks[s] = tuple(sorted(pool[: len(state.racks[s])]))
        del pool[: len(state.racks[s])]
    return attrs.evolve(state, racks=tuple(racks), bag=tuple(pool), seed=seed)


class TestDeterminize:
    """determinize(view, stream) samples states the seat cannot tell from the truth."""

    @SOME
    @given(states(axio.RULES, max_moves=80), st.integers(0, 2**32))
    def test_consistent_with_every_view(self, state: axio.State, seed: int) -> None:
        """Each seat's sample passes validate, shows it its view, and offers the same moves."""
        for seat in range(axio.players(state)):
            seen = axio.view(state, seat)
            sample = axio.determinize(seen, rng.Stream(seed))
            axio.validate(sample)  # the board's colours are made of the tiles not elsewhere
            assert axio.view(sample, seat) == seen
            assert axio.is_over(sample) == axio.is_over(state)
            if seat in axio.to_move(state):
                assert list(axio.legal_moves(sample)) == list(axio.legal_moves(state))

    @SOME
    @given(states(axio.RULES, max_moves=60), st.integers(0, 2**32), st.integers(0, 2**32))
    def test_never_reads_hidden_tiles(self, state: axio.State, seed: int, deal: int) -> None:
        """A state that differs only in tiles hidden from seat 0 gives the very same samples."""
        other = hidden_shuffled(state, 0, deal)
        assert axio.view(other, 0) == axio.view(state, 0)
        ours = axio.determinize(axio.view(state, 0), rng.Stream(seed))
        assert axio.determinize(axio.view(other, 0), rng.Stream(seed)) == ours

    def test_hidden_tiles_come_from_the_set(self) -> None:
        """Early in a game, racks and bag hold the tiles of the set not in view."""
        state = axio.new_game(players=2, seed=3)
        sample = axio.determinize(axio.view(state, 0), rng.Stream(4))
        held = Counter([*sample.racks[1], *sample.bag])
        assert held == Counter(axio.STANDARD_TILES) - Counter(state.racks[0])
        assert sample.racks[1] != state.racks[1] or sample.bag != state.bag


class TestEvaluate:
    """evaluate() weighs points towards the lowest colours and rewards reaching a cap."""

    def scoring_move(self) -> tuple[axio.State, axio.Place, int, int]:
        """A first move that scores in exactly one colour: (state, move, colour, points)."""
        state = axio.new_game(seed=2)
        for move in axio.legal_moves(state):
            points = axio.score_move(state, move)
            colours = [c for c, p in enumerate(points) if p]
            if len(colours) == 1:
                return state, cast(axio.Place, move), colours[0], points[colours[0]]
        raise AssertionError("no one-colour move")

    def with_track(self, state: axio.State, colour: int, value: int) -> axio.State:
        tracks = cast(axio.Points, tuple(value if c == colour else 9 for c in range(6)))
        return attrs.evolve(state, tracks=(tracks, state.tracks[1]))

    def test_low_tracks_count_more(self) -> None:
        """p points at distance d from 18 rate (d^2 - (d-p)^2) / 18."""
        state, move, colour, points = self.scoring_move()
        for track in (0, 4, 8):
            rated = axio.evaluate(self.with_track(state, colour, track), move, 0)
            assert rated == ((18 - track) ** 2 - (18 - track - points) ** 2) / 18

    def test_reaching_the_cap(self) -> None:
        """Points that reach 18 are capped there and add 6 for the bonus placement."""
        state, move, colour, points = self.scoring_move()
        rated = axio.evaluate(self.with_track(state, colour, 18 - points), move, 0)
        assert rated == points**2 / 18 + 6
        assert axio.evaluate(self.with_track(state, colour, 18), move, 0) == 0

    def test_swap_choice_rates_nothing(self) -> None:
        """Swapping or keeping scores no points."""
        stream = rng.Stream(5)
        state = axio.new_game(seed=2)
        while not state.deciding:
            if axio.is_over(state):
                state = axio.new_game(seed=stream.randbelow(1000))
            moves = axio.legal_moves(state)
            state = axio.apply(state, moves[stream.randbelow(len(moves))])
        seat = state.seat
        assert axio.evaluate(state, axio.SWAP, seat) == axio.evaluate(state, axio.KEEP, seat) == 0

    def test_bundled(self) -> None:
        """RULES carries evaluate and determinize for generic code."""
        assert axio.RULES.evaluate is axio.evaluate
        assert axio.RULES.determinize is axio.determinize


class TestAgentsPlay:
    """The agents play AXIO through its rules."""

    def test_greedy_beats_random(self) -> None:
        """Greedy wins most of 10 games against random."""
        run = simulate(axio.RULES, [GreedyAgent(), RandomAgent()], 10, seed=4)
        assert run.summary.agents[0].win_rate > 0.75

    def test_mcts_in_the_team_game(self) -> None:
        """A small MCTS plays a complete team game with partners."""
        run = simulate(
            axio.RULES,
            [MCTSAgent(iterations=4), RandomAgent()],
            1,
            seed=2,
            players=4,
            options={"mode": "team"},
        )
        assert len(run.games[0].outcome.scores) == 4
