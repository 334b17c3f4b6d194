"""AXIO Rota's evaluate and determinize, and the agents playing it."""

from __future__ import annotations

from collections import Counter
from typing import cast

import attrs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shared_samples import check_samples_share_a_right_index
from tiers import size
from tilegames import axio_rota as rota
from tilegames._core import rng
from tilegames.agents import GreedyAgent, MCTSAgent, RandomAgent
from tilegames.simulate import simulate
from tilegames.testing.strategies import states

SOME = settings(max_examples=25, suppress_health_check=[HealthCheck.too_slow])


def canonical(tile: rota.Tile) -> tuple[int | None, ...]:
    """A tile's least rotation, written out again here."""
    turns = [tile[-k:] + tile[:-k] if k else tile for k in range(4)]
    return min(turns, key=lambda t: tuple(-1 if c is None else c for c in t))


def every_tile(state: rota.State) -> Counter[tuple[int | None, ...]]:
    """Every tile of a state, wherever it is, up to rotation."""
    tiles = [corners for _, corners in state.display]
    tiles += [t for t in state.hands if t is not None]
    tiles += [t for stack in state.stacks for t in stack] + list(state.supply)
    tiles += [state.extra_tile] if state.extra_tile is not None else []
    return Counter(canonical(tile) for tile in tiles)


def hidden_shuffled(state: rota.State, seat: int, seed: int) -> rota.State:
    """The state with every tile hidden from ``seat`` dealt again in another order."""
    others = [s for s, tile in enumerate(state.hands) if s != seat and tile is not None]
    hidden = [cast(rota.Tile, state.hands[s]) for s in others]
    hidden += [t for stack in state.stacks for t in stack]
    hidden += list(state.supply)
    order, _ = rng.shuffled(seed, hidden)
    pool = list(order)
    hands: list[rota.Tile | None] = list(state.hands)
    for s in others:
        hands[s] = pool.pop()
    stacks: list[tuple[rota.Tile, ...]] = []
    for stack in state.stacks:
        stacks.append(tuple(pool[: len(stack)]))
        del pool[: len(stack)]
    return attrs.evolve(state, hands=tuple(hands), stacks=tuple(stacks), supply=tuple(pool))


class TestDeterminize:
    """determinize(view, stream) samples states the seat cannot tell from the truth."""

    @SOME
    @given(states(rota.RULES, max_moves=60), st.integers(0, 2**32))
    def test_consistent_with_every_view(self, state: rota.State, seed: int) -> None:
        """Each seat's sample shows that seat its view, holds the whole set, and moves alike."""
        for seat in range(rota.players(state)):
            seen = rota.view(state, seat)
            sample = rota.determinize(seen, rng.Stream(seed))
            assert rota.view(sample, seat) == seen
            assert every_tile(sample) == every_tile(state)
            assert [h is None for h in sample.hands] == [h is None for h in state.hands]
            assert rota.is_over(sample) == rota.is_over(state)
            if seat in rota.to_move(state):
                assert set(rota.legal_moves(sample)) == set(rota.legal_moves(state))

    @SOME
    @given(states(rota.RULES, max_moves=40), st.integers(0, 2**32), st.integers(0, 2**32))
    def test_never_reads_hidden_tiles(self, state: rota.State, seed: int, deal: int) -> None:
        """A state that differs only in tiles hidden from the seat gives the very same samples."""
        other = hidden_shuffled(state, 0, deal)
        assert rota.view(other, 0) == rota.view(state, 0)
        ours = rota.determinize(rota.view(state, 0), rng.Stream(seed))
        theirs = rota.determinize(rota.view(other, 0), rng.Stream(seed))
        assert ours == theirs

    @SOME
    @given(
        states(rota.RULES, max_moves=60), st.lists(st.integers(0, 2**32), min_size=3, max_size=6)
    )
    def test_samples_of_one_view_share_a_right_index(
        self, state: rota.State, seeds: list[int]
    ) -> None:
        """The samples of one view share one index, the one built from scratch."""
        check_samples_share_a_right_index(rota.RULES, rota.view(state, 0), seeds, "_index")

    def test_samples_vary(self) -> None:
        """Different streams deal the hidden tiles differently."""
        seen = rota.view(rota.new_game(players=3, seed=8), 1)
        samples = {rota.determinize(seen, rng.Stream(n)).supply for n in range(5)}
        assert len(samples) == 5


class TestEvaluate:
    """evaluate() weighs points towards the lowest colours and rewards reaching 12."""

    def one_colour_move(self) -> tuple[rota.State, rota.Place, int, int]:
        """A first-turn move that scores in exactly one colour: (state, move, colour, points)."""
        state = rota.new_game(seed=3)
        for move in rota.legal_moves(state):
            points = rota.score_move(state, move)
            scoring = [c for c, p in enumerate(points) if p]
            if len(scoring) == 1:
                assert isinstance(move, rota.Place)
                return state, move, scoring[0], points[scoring[0]]
        raise AssertionError("no one-colour move in this game")

    def test_low_track_counts_more(self) -> None:
        """Points p rate (d^2 - (d-p)^2) / 12 at distance d from 12: more when d is larger."""
        state, move, colour, points = self.one_colour_move()
        for track in (0, 3, 6):
            tracks = cast(rota.Points, tuple(track if c == colour else 6 for c in range(5)))
            placed = attrs.evolve(state, tracks=(tracks, state.tracks[1]))
            expected = ((12 - track) ** 2 - (12 - track - points) ** 2) / 12
            assert rota.evaluate(placed, move, 0) == expected

    def test_reaching_twelve_earns_the_bonus(self) -> None:
        """Points that reach 12 add 4 for the extra turn; on a full track they are worth 0."""
        state, move, colour, points = self.one_colour_move()
        track = 12 - points
        tracks = cast(rota.Points, tuple(track if c == colour else 0 for c in range(5)))
        placed = attrs.evolve(state, tracks=(tracks, state.tracks[1]))
        assert rota.evaluate(placed, move, 0) == points**2 / 12 + 4
        capped = cast(rota.Points, tuple(12 if c == colour else 0 for c in range(5)))
        full = attrs.evolve(state, tracks=(capped, state.tracks[1]))
        assert rota.evaluate(full, move, 0) == 0

    def test_bundled(self) -> None:
        """RULES carries evaluate and determinize for generic code."""
        assert rota.RULES.evaluate is rota.evaluate
        assert rota.RULES.determinize is rota.determinize


class TestAgentsPlay:
    """The agents play AXIO Rota through its rules."""

    def test_greedy_beats_random(self) -> None:
        """Greedy wins most of 20 games against random."""
        run = simulate(rota.RULES, [GreedyAgent(), RandomAgent()], 20, seed=4)
        assert run.summary.agents[0].win_rate > 0.75

    def test_mcts_plays_three_players(self) -> None:
        """A small MCTS plays complete three-player games (3 under ``--deep``, 1 everyday)."""
        games = size(everyday=1, deep=3)
        run = simulate(
            rota.RULES, [MCTSAgent(iterations=8), RandomAgent()], games, seed=2, players=3
        )
        assert len(run.games) == games
        assert all(game.moves >= 36 for game in run.games)
