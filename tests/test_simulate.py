"""Tests for tilegames.simulate: one game, many games on any executor, and the summary."""

from __future__ import annotations

import io
import math
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

import attrs
import pytest

import high_card as cards
import toy_game
from tilegames import GameRules, Outcome
from tilegames.agents import Agent, GreedyAgent, MCTSAgent, RandomAgent
from tilegames.rng import Stream
from tilegames.simulate import (
    GameResult,
    Stats,
    game_seed,
    play_game,
    scalar_score,
    simulate,
    summarize,
    wilson_interval,
)


@attrs.frozen
class Recorder(Agent):
    """An agent that plays randomly and keeps what it was shown (in this process only)."""

    shown: list[tuple[int, Any, int]] = attrs.field(factory=list, eq=False)

    @property
    def name(self) -> str:
        return "recorder"

    def choose(
        self, rules: Any, seat: int, view: Any, moves: Sequence[Any], stream: Stream
    ) -> Any:
        self.shown.append((seat, view, len(moves)))
        return moves[stream.randbelow(len(moves))]


class TestPlayGame:
    """play_game() plays one complete game between agents."""

    def test_agents_see_only_views(self) -> None:
        """Each agent is shown its own seat's view, never the state, and the seat's moves."""
        recorder = Recorder()
        result = play_game(cards.RULES, [recorder, recorder], seed=4)
        assert result.moves == len(recorder.shown) == 9
        for seat, view, count in recorder.shown:
            assert isinstance(view, cards.View)
            assert view.seat == seat
            assert count == len(view.hand)

    def test_same_seed_same_game(self) -> None:
        """The seed fixes the deal and every agent's choices."""
        agents = [RandomAgent(), GreedyAgent()]
        assert play_game(cards.RULES, agents, seed=9) == play_game(cards.RULES, agents, seed=9)
        results = {play_game(cards.RULES, agents, seed=s).outcome for s in range(8)}
        assert len(results) > 1

    def test_seats_map_agents(self) -> None:
        """seats=(1, 0) puts the second agent in seat 0."""
        first, second = Recorder(), Recorder()
        result = play_game(cards.RULES, [first, second], seed=1, seats=(1, 0))
        assert result.agents == (1, 0)
        assert {seat for seat, _, _ in second.shown} == {0}
        assert result.seat_of(1) == 0

    def test_options_reach_new_game(self) -> None:
        """options are passed to new_game: five cards make a shorter game."""
        result = play_game(cards.RULES, [RandomAgent()] * 2, seed=1, options={"cards": 5})
        assert result.moves == 5

    def test_endless_game(self) -> None:
        """A game longer than max_moves is an error naming the game and seed."""
        with pytest.raises(RuntimeError, match="did not end within 3 moves"):
            play_game(cards.RULES, [RandomAgent()] * 2, seed=1, max_moves=3)

    def test_several_seats_to_move(self) -> None:
        """When several seats may move, the acting seat is drawn and gets only its moves."""
        rules = speed_rules()
        recorder = Recorder()
        result = play_game(rules, [recorder, recorder], seed=5)
        assert result.moves == 4
        acting = [seat for seat, _, _ in recorder.shown]
        assert set(acting) <= {0, 1}
        assert all(count == 1 for _, _, count in recorder.shown)


@attrs.frozen
class Race:
    """A race: each seat may take a step whenever it likes; two steps each end it."""

    steps: tuple[int, int] = (0, 0)


@attrs.frozen
class Step:
    seat: int


def speed_rules() -> GameRules[Any, Any]:
    """A two-seat game where both seats may move at once (moves carry their seat)."""

    def to_move(race: Race) -> tuple[int, ...]:
        return tuple(seat for seat in (0, 1) if race.steps[seat] < 2)

    def legal(race: Race) -> tuple[Step, ...]:
        return tuple(Step(seat) for seat in to_move(race))

    def step(race: Race, move: Step) -> Race:
        steps = list(race.steps)
        steps[move.seat] += 1
        return Race((steps[0], steps[1]))

    def outcome(race: Race) -> Outcome | None:
        return Outcome(scores=(2, 2), ranking=[{0, 1}]) if not to_move(race) else None

    rules: GameRules[Any, Any] = toy_game.RULES
    return attrs.evolve(
        rules,
        new_game=lambda players, seed: Race(),
        players=lambda race: 2,
        to_move=to_move,
        legal_moves=legal,
        apply=step,
        is_over=lambda race: not to_move(race),
        outcome=outcome,
        view=lambda race, seat: race,
    )


class TestSimulate:
    """simulate() plays many games, reproducibly, on any executor."""

    def test_results_by_index(self) -> None:
        """Games come back numbered 0..N-1 with the seeds derived from the master seed."""
        run = simulate(cards.RULES, [RandomAgent(), GreedyAgent()], 10, seed=6)
        assert [game.index for game in run.games] == list(range(10))
        assert [game.seed for game in run.games] == [game_seed(6, i) for i in range(10)]
        assert run.agents == ("random", "greedy")
        assert run.game == "high-card"
        assert str(run.setup) == "2 players"

    def test_agents_rotate(self) -> None:
        """Agents move round the table: game i has agent (s + i) % n in seat s."""
        run = simulate(cards.RULES, [RandomAgent()] * 3, 6, seed=1)
        assert [game.agents for game in run.games[:3]] == [(0, 1, 2), (1, 2, 0), (2, 0, 1)]
        fixed = simulate(cards.RULES, [RandomAgent()] * 3, 3, seed=1, rotate=False)
        assert {game.agents for game in fixed.games} == {(0, 1, 2)}

    def test_more_seats_than_agents(self) -> None:
        """players=3 with two agents reuses them round the table."""
        run = simulate(cards.RULES, [RandomAgent(), GreedyAgent()], 4, seed=1, players=3)
        assert run.games[0].agents == (0, 1, 0)
        assert sum(agent.games for agent in run.summary.agents) == 12

    def test_batch_size_does_not_change_results(self) -> None:
        """Games are the same whether played one per task or all in one."""
        agents = [MCTSAgent(iterations=8), RandomAgent()]
        with ThreadPoolExecutor(2) as pool:
            one = simulate(cards.RULES, agents, 6, seed=2, batch=1, executor=pool)
        six = simulate(cards.RULES, agents, 6, seed=2, batch=6)
        assert one.games == six.games

    def test_process_pool_gives_the_in_process_results(self) -> None:
        """Two worker processes play exactly the games of the in-process run."""
        agents = [MCTSAgent(iterations=10), GreedyAgent()]
        here = simulate(cards.RULES, agents, 12, seed=7)
        with ProcessPoolExecutor(max_workers=2) as pool:
            there = simulate(cards.RULES, agents, 12, seed=7, executor=pool, batch=3)
        assert there.games == here.games
        assert there.summary == here.summary

    def test_different_seeds_differ(self) -> None:
        """Another master seed gives other games."""
        agents = [RandomAgent(), RandomAgent()]
        a = simulate(cards.RULES, agents, 5, seed=1)
        b = simulate(cards.RULES, agents, 5, seed=2)
        assert [g.outcome for g in a.games] != [g.outcome for g in b.games]

    def test_progress_callback(self) -> None:
        """A progress function hears the count of finished games after each batch."""
        calls: list[tuple[int, int]] = []
        simulate(
            cards.RULES,
            [RandomAgent()] * 2,
            7,
            seed=1,
            batch=3,
            progress=lambda done, total: calls.append((done, total)),
        )
        assert calls == [(3, 7), (6, 7), (7, 7)]

    def test_progress_bar_on_request(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """progress=True draws a bar (tqdm, or a plain counter without it) on stderr."""
        err = io.StringIO()
        monkeypatch.setattr(sys, "stderr", err)
        simulate(cards.RULES, [RandomAgent()] * 2, 4, seed=1, batch=2, progress=True)
        assert "/4" in err.getvalue()

    def test_silent_when_not_a_terminal(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """By default nothing is written when stderr is not a terminal."""
        err = io.StringIO()
        monkeypatch.setattr(sys, "stderr", err)
        simulate(cards.RULES, [RandomAgent()] * 2, 4, seed=1)
        assert err.getvalue() == ""

    @pytest.mark.parametrize(
        ("agents", "games", "batch", "message"),
        [((), 3, None, "at least one agent"), ((RandomAgent(),), 0, None, "at least one game")],
    )
    def test_refuses(
        self, agents: tuple[Any, ...], games: int, batch: int | None, message: str
    ) -> None:
        """No agents or no games is a ValueError."""
        with pytest.raises(ValueError, match=message):
            simulate(cards.RULES, agents, games, seed=1, batch=batch)

    def test_bad_batch(self) -> None:
        """A batch size below 1 is refused."""
        with pytest.raises(ValueError, match="batch"):
            simulate(cards.RULES, [RandomAgent()] * 2, 3, seed=1, batch=0)

    def test_worker_error_reaches_the_caller(self) -> None:
        """An exception in a game propagates out of simulate."""
        with ThreadPoolExecutor(2) as pool, pytest.raises(RuntimeError, match="did not end"):
            simulate(cards.RULES, [RandomAgent()] * 2, 4, seed=1, max_moves=2, executor=pool)


class TestWilsonInterval:
    """wilson_interval() against values computed by hand from the formula."""

    def test_known_values(self) -> None:
        """8 of 10: centre (0.8 + z^2/20)/(1 + z^2/10), half-width from the same formula."""
        z = 1.959963984540054
        n, p = 10, 0.8
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        low, high = wilson_interval(8, 10)
        assert low == pytest.approx(centre - half)
        assert high == pytest.approx(centre + half)
        assert (round(low, 4), round(high, 4)) == (0.4902, 0.9433)  # published tables

    def test_bounds(self) -> None:
        """All wins and no wins stay within 0..1 and include the observed rate."""
        assert wilson_interval(20, 20)[1] == pytest.approx(1.0)
        assert wilson_interval(0, 20)[0] == pytest.approx(0.0)
        assert wilson_interval(0, 20)[1] > 0


class TestSummary:
    """summarize() and Stats over hand-made results."""

    def results(self) -> list[GameResult]:
        """Three games of two agents: agent 0 wins one, ties one, loses one."""
        win = Outcome(scores=(5, 3), ranking=[{0}, {1}])
        tie = Outcome(scores=(4, 4), ranking=[{0, 1}])
        loss = Outcome(scores=((1, 2), (3, 4)), ranking=[{1}, {0}])
        return [
            GameResult(index=0, seed=1, agents=(0, 1), outcome=win, moves=10),
            GameResult(index=1, seed=2, agents=(1, 0), outcome=tie, moves=12),
            GameResult(index=2, seed=3, agents=(0, 1), outcome=loss, moves=14),
        ]

    def test_per_agent(self) -> None:
        """Wins count ties as halves; places and scores are per agent."""
        summary = summarize(self.results(), ["a", "b"], "test")
        a, b = summary.agents
        assert (a.games, a.wins, b.wins) == (3, 1.5, 1.5)
        assert a.win_rate == pytest.approx(0.5)
        assert a.mean_place == pytest.approx((1 + 1 + 2) / 3)
        assert a.scores.mean == pytest.approx((5 + 4 + 1) / 3)  # a tuple counts its lowest
        assert b.scores.maximum == 4

    def test_per_seat(self) -> None:
        """Seat 0 won the first game and shared the second."""
        seat0, seat1 = summarize(self.results(), ["a", "b"]).seats
        assert (seat0.wins, seat1.wins) == (1.5, 1.5)
        assert seat0.interval == wilson_interval(1.5, 3)

    def test_lengths_and_table(self) -> None:
        """Game lengths are summarised and the table names the agents and seats."""
        summary = summarize(self.results(), ["alpha", "beta"], "Test game")
        assert summary.lengths == Stats.of([10, 12, 14])
        text = str(summary)
        assert text.startswith("Test game: 3 games")
        assert "0: alpha" in text
        assert "1: beta" in text
        assert "moves per game: 12 (10..14)" in text

    def test_stats(self) -> None:
        """Stats of a few values and of none."""
        stats = Stats.of([2, 4, 4, 4, 5, 5, 7, 9])
        assert (stats.mean, stats.median, stats.minimum, stats.maximum) == (5, 4.5, 2, 9)
        assert stats.stdev == pytest.approx(2.138, abs=1e-3)
        assert Stats.of([]).count == 0

    def test_scalar_score(self) -> None:
        """A number is itself; a per-colour score is its lowest colour."""
        assert scalar_score(3) == 3.0
        assert scalar_score((5, 2, 9)) == 2.0
