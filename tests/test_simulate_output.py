"""Simulations that show they are alive: progress lines, JSON and CSV results, MCTS time budgets.

No test reads the real clock: progress and time budgets run on a fake clock
that advances by a fixed step on every reading.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest

import toy_game
from tilegames import ConfigurationError, _mcts
from tilegames.agents import GreedyAgent, MCTSAgent, RandomAgent, make_agent
from tilegames.cli import main
from tilegames.rng import Stream
from tilegames.simulate import simulate
from tilegames.simulate._progress import _TextProgress


class FakeClock:
    """A clock that moves on by ``step`` seconds each time it is read."""

    def __init__(self, step: float) -> None:
        self.now = 0.0
        self.step = step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


class Log(io.StringIO):
    """A stream that is not a terminal (as a CI log)."""

    def isatty(self) -> bool:
        return False


class Terminal(io.StringIO):
    """A stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


class TestProgressLines:
    def test_a_log_gets_a_line_every_ten_seconds_and_a_final_line(self) -> None:
        """4 s per game: lines after games 3 (12 s), 6 (24 s) and 9 (36 s); then the final line."""
        log = Log()
        report = _TextProgress(log, clock=FakeClock(4.0))  # the start reads the clock once
        for done in range(1, 11):
            report(done, 10)
        report.close()
        lines = log.getvalue().splitlines()
        # Clock readings: start 4; game n read at 4 + 4n; a line once 10 s passed since the last.
        assert lines == [
            "3/10 games, 0.25 games/s, about 28.0 s left",
            "6/10 games, 0.25 games/s, about 16.0 s left",
            "9/10 games, 0.25 games/s, about 4.0 s left",
            "10/10 games in 44.0 s, 0.227 games/s",
        ]

    def test_a_short_run_prints_only_the_final_line(self) -> None:
        log = Log()
        report = _TextProgress(log, clock=FakeClock(0.001))
        for done in range(1, 6):
            report(done, 5)
        report.close()
        # start at 0.001 s, five reports, the final reading at 0.007: 5 games in 0.006 s
        assert log.getvalue() == "5/5 games in 0.0 s, 833 games/s\n"

    def test_a_terminal_line_is_rewritten_in_place(self) -> None:
        terminal = Terminal()
        report = _TextProgress(terminal, clock=FakeClock(0.5))
        report(1, 4)
        report.close()
        text = terminal.getvalue()
        # start 0.5, the report at 1.0 (0.5 s for 1 game), the final reading at 1.5
        assert text.startswith("\r1/4 games, 2 games/s, about 1.5 s left\x1b[K")
        assert text.endswith("\r1/4 games in 1.0 s, 1 games/s\x1b[K\n")
        assert text.count("\n") == 1

    def test_long_times_read_in_minutes_and_hours(self) -> None:
        log = Log()
        report = _TextProgress(log, clock=FakeClock(3600.0))
        report(1, 3)
        report.close()
        assert log.getvalue().splitlines() == [
            "1/3 games, 0.000278 games/s, about 2 h 00 min left",
            "1/3 games in 2 h 00 min, 0.000139 games/s",
        ]


@pytest.fixture
def run() -> Any:
    """Six games of noughts and crosses, greedy against random."""
    return simulate(toy_game.RULES, [GreedyAgent(), RandomAgent()], 6, seed=4, progress=False)


class TestResultFiles:
    def test_json_holds_every_game_and_the_summary(self, run: Any, tmp_path: Path) -> None:
        path = tmp_path / "run.json"
        run.write_json(path)
        data = json.loads(path.read_text())
        assert data["game"] == toy_game.RULES.name
        assert data["players"] == 2
        assert data["agents"] == ["greedy", "random"]
        assert [game["index"] for game in data["games"]] == list(range(6))
        for game, result in zip(data["games"], run.games, strict=True):
            # JavaScript-safe: a 64-bit seed beyond 2**53 - 1 is a string of its digits
            assert game["seed"] == (str(result.seed) if result.seed > 2**53 - 1 else result.seed)
            # agents rotate round the table: game i seats agent (s + i) % 2 at seat s
            assert game["agents"] == [
                ["greedy", "random"][(s + game["index"]) % 2] for s in (0, 1)
            ]
            assert game["scores"] == list(result.outcome.scores)
            assert game["places"] == [result.outcome.place(seat) for seat in (0, 1)]
        summary = data["summary"]
        assert summary["games"] == 6
        assert "1/k" in summary["ties"]
        for agent, summed in zip(summary["agents"], run.summary.agents, strict=True):
            assert agent["wins"] == summed.wins
            assert agent["interval"] == list(summed.interval)
            assert agent["interval"][0] <= agent["win_rate"] <= agent["interval"][1]
        # wins by seat add up to the games that were not shared, plus shares
        assert sum(seat["wins"] for seat in summary["seats"]) == pytest.approx(6.0)

    def test_csv_is_one_table(self, run: Any, tmp_path: Path) -> None:
        path = tmp_path / "run.csv"
        run.write_csv(path)
        with path.open(newline="") as file:
            rows = list(csv.DictReader(file))
        kinds = [row["kind"] for row in rows]
        assert kinds == ["game"] * 12 + ["agent"] * 2 + ["seat"] * 2
        places = {(row["game"], row["seat"]): row["place"] for row in rows[:12]}
        for result in run.games:
            for seat in (0, 1):
                assert places[str(result.index), str(seat)] == str(result.outcome.place(seat))
        greedy = rows[12]
        assert greedy["agent"] == "greedy"
        assert float(greedy["ci_low"]) <= float(greedy["win_rate"]) <= float(greedy["ci_high"])

    def test_the_command_writes_both(self, tmp_path: Path, capsys: Any) -> None:
        json_path, csv_path = tmp_path / "r.json", tmp_path / "r.csv"
        status = main(
            [
                "simulate",
                "toy_game:RULES",
                "--games",
                "4",
                "--seed",
                "2",
                "--json",
                str(json_path),
                "--csv",
                str(csv_path),
            ]
        )
        assert status == 0
        out, err = capsys.readouterr()
        assert "wins*" in out
        assert "a first place shared by k seats counts as 1/k" in out
        assert err.startswith("4/4 games in ")
        assert len(json.loads(json_path.read_text())["games"]) == 4
        assert len(csv_path.read_text().splitlines()) == 1 + 4 * 2 + 2 + 2


class TestTimeBudget:
    def count_iterations(
        self, monkeypatch: pytest.MonkeyPatch, agent: MCTSAgent, step: float
    ) -> int:
        """Iterations one decision of ``agent`` runs on a clock moving ``step`` s per reading."""
        # By dotted name: ``time`` is not in tilegames.agents.__all__, so mypy refuses the
        # attribute; this patches the same ``time.monotonic`` the agents module reads.
        monkeypatch.setattr("tilegames.agents.time.monotonic", FakeClock(step))
        calls = []
        original = _mcts._Search.iterate

        def counted(search: Any, *args: Any) -> None:
            calls.append(1)
            original(search, *args)

        monkeypatch.setattr(_mcts._Search, "iterate", counted)
        rules = toy_game.RULES
        state = rules.new_game(2, seed=1)
        agent.choose(rules, 0, rules.view(state, 0), rules.legal_moves(state), Stream(1))
        return len(calls)

    def test_iterations_alone_run_exactly(self, monkeypatch: pytest.MonkeyPatch) -> None:
        assert self.count_iterations(monkeypatch, MCTSAgent(iterations=7), step=100.0) == 7

    def test_seconds_alone(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """The deadline is 1.0 + 1.5; the reading 2.0 lets iteration 2 run, 3.0 stops the third."""
        agent = MCTSAgent(iterations=None, seconds=1.5)
        assert self.count_iterations(monkeypatch, agent, step=1.0) == 2

    def test_whichever_ends_first(self, monkeypatch: pytest.MonkeyPatch) -> None:
        assert self.count_iterations(monkeypatch, MCTSAgent(iterations=3, seconds=50), 1.0) == 3
        assert self.count_iterations(monkeypatch, MCTSAgent(iterations=30, seconds=1.5), 1.0) == 2

    def test_names_and_specs(self) -> None:
        assert MCTSAgent(iterations=None, seconds=2).name == "mcts(2s)"
        assert make_agent("mcts:2s") == MCTSAgent(iterations=None, seconds=2.0)
        assert make_agent("mcts:400:0.5s") == MCTSAgent(iterations=400, seconds=0.5)
        for bad in ("mcts:0s", "mcts:abc", "mcts:1.5.5s", "mcts:2s:3s", "mcts:-1s"):
            with pytest.raises(ConfigurationError, match="only mcts takes an argument"):
                make_agent(bad)

    def test_needs_a_limit(self) -> None:
        with pytest.raises(ValueError, match="iterations, seconds or both"):
            MCTSAgent(iterations=None)
        with pytest.raises(ValueError, match="seconds must be None or a positive number"):
            MCTSAgent(seconds=0)


def test_json_numbers_are_javascript_safe(run: Any, tmp_path: Path) -> None:
    """No number in the file is beyond 2**53 - 1, which JavaScript's JSON.parse would round."""
    path = tmp_path / "run.json"
    run.write_json(path)
    numbers: list[int] = []

    def ints(value: Any) -> None:
        if isinstance(value, dict):
            for item in value.values():
                ints(item)
        elif isinstance(value, list):
            for item in value:
                ints(item)
        elif type(value) is int:
            numbers.append(value)

    data = json.loads(path.read_text())
    ints(data)
    assert numbers
    assert all(abs(n) <= 2**53 - 1 for n in numbers)
    assert any(type(game["seed"]) is str for game in data["games"])  # 64-bit seeds: digits
    assert [int(game["seed"]) for game in data["games"]] == [g.seed for g in run.games]
