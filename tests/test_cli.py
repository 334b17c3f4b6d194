"""Tests for the ``tilegames`` command, run in real subprocesses."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import tilegames
from tilegames import axio_rota


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run ``python -m tilegames ARGS`` and capture its output."""
    return subprocess.run(
        [sys.executable, "-m", "tilegames", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=60,
        check=False,
    )


# Registers a one-setup and a two-setup game, then runs the command's main().
REGISTER_AND_LIST = """
import sys
import tilegames
from tilegames.cli import main

def fake(name, title, setups):
    noop = lambda *args, **kwargs: None
    return tilegames.GameRules(
        name=name, title=title, setups=setups, new_game=noop, players=noop, to_move=noop,
        legal_moves=noop, apply=noop, why_illegal=noop, score_move=noop, is_over=noop,
        outcome=noop, view=noop, parse_move=noop, format_move=noop,
    )

tilegames.register(fake("zzz-solo", "Solo Test", (tilegames.Setup(1),)))
tilegames.register(
    fake("zzz-team", "Team Test", (tilegames.Setup(2), tilegames.Setup(4, {"mode": "team"})))
)
sys.exit(main(["games"]))
"""


class TestVersion:
    """``tilegames --version``."""

    def test_prints_version(self, tmp_path: Path) -> None:
        """It prints 'tilegames <version>' on stdout and exits 0."""
        result = run("--version", cwd=tmp_path)
        assert result.returncode == 0
        assert result.stdout == f"tilegames {tilegames.__version__}\n"


class TestNoCommand:
    """``tilegames`` without a command."""

    def test_exit_2_with_help(self, tmp_path: Path) -> None:
        """It prints the usage on stderr, nothing on stdout, and exits 2."""
        result = run(cwd=tmp_path)
        assert result.returncode == 2
        assert result.stdout == ""
        assert result.stderr.startswith("usage: tilegames")
        assert "games" in result.stderr

    def test_unknown_command(self, tmp_path: Path) -> None:
        """An unknown command is a usage error (exit 2) naming the bad choice."""
        result = run("frobnicate", cwd=tmp_path)
        assert result.returncode == 2
        assert "frobnicate" in result.stderr


class TestGames:
    """``tilegames games``."""

    def test_lists_every_registered_game(self, tmp_path: Path) -> None:
        """It exits 0 with one line per game of names(), in order, each naming its title."""
        result = run("games", cwd=tmp_path)
        assert result.returncode == 0
        assert result.stderr == ""
        lines = result.stdout.splitlines()
        assert [line.split()[0] for line in lines] == list(tilegames.names())
        for name, line in zip(tilegames.names(), lines, strict=True):
            assert tilegames.get(name).title in line

    def test_line_format(self, tmp_path: Path) -> None:
        """Each line is the name, the title and the setups in brackets, separated by '; '."""
        result = subprocess.run(
            [sys.executable, "-c", REGISTER_AND_LIST],
            capture_output=True,
            text=True,
            cwd=tmp_path,
            timeout=60,
            check=False,
        )
        assert result.returncode == 0, result.stderr
        lines = result.stdout.splitlines()
        solo = f"{'zzz-solo':12} Solo Test (1 player)"
        team = f"{'zzz-team':12} Team Test (2 players; 4 players, mode=team)"
        assert solo in lines
        assert team in lines
        assert lines.index(solo) < lines.index(team)  # sorted by name

    def test_help(self, tmp_path: Path) -> None:
        """``games --help`` describes the command and exits 0."""
        result = run("games", "--help", cwd=tmp_path)
        assert result.returncode == 0
        assert "List the games." in result.stdout


TESTS = Path(__file__).parent


def run_game(
    *args: str, cwd: Path, stdin: str | None = None, timeout: float = 60
) -> subprocess.CompletedProcess[str]:
    """Run ``python -m tilegames ARGS`` with the test games importable (toy_game:RULES, ...)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(TESTS), *sys.path[1:]])}
    return subprocess.run(
        [sys.executable, "-m", "tilegames", *args],
        input=stdin if stdin is not None else "",
        capture_output=True,
        text=True,
        cwd=cwd,
        env=env,
        timeout=timeout,
        check=False,
    )


class TestHelp:
    """``--help`` for every command."""

    @pytest.mark.parametrize(
        ("command", "words"),
        [
            ("demo", ["GAME", "--agents", "--quiet", "--seed"]),
            ("play", ["GAME", "--players", "--seat", "--bots", "#N"]),
            ("simulate", ["GAME", "--games", "--agents", "--jobs", "--dask", "--progress"]),
        ],
    )
    def test_describes_options(self, command: str, words: list[str], tmp_path: Path) -> None:
        """Each command's help exits 0 and names its arguments."""
        result = run(command, "--help", cwd=tmp_path)
        assert result.returncode == 0
        for word in words:
            assert word in result.stdout

    def test_top_level_lists_commands(self, tmp_path: Path) -> None:
        """``tilegames --help`` names every command."""
        result = run("--help", cwd=tmp_path)
        assert result.returncode == 0
        for command in ("games", "demo", "play", "simulate"):
            assert command in result.stdout


class TestPlay:
    """``tilegames play``: a human at one seat against bots, through stdin."""

    def test_scripted_game(self, tmp_path: Path) -> None:
        """Garbage, an illegal move and a bad number are explained; legal moves finish the game."""
        script = "help\nhello there\n5,5\n#99\nmoves 2\n" + "#1\n" * 5
        result = run_game("play", "toy_game:RULES", "--seed", "3", cwd=tmp_path, stdin=script)
        assert result.returncode == 0, result.stderr
        out = result.stdout
        assert result.stderr == ""
        assert "You are seat 0" in out
        assert "Bots: seat 1: greedy" in out
        assert "#N" in out  # the help text
        assert "Cannot read 'hello there' as a move: expected 'x,y'" in out
        assert "'5,5' is not allowed: cell (5, 5) is off the 3x3 board (TOY-1)" in out
        assert "There is no move #99" in out
        assert "Your moves containing '2'" in out
        assert "Game over" in out
        assert "Traceback" not in out

    def test_taken_cell_is_explained(self, tmp_path: Path) -> None:
        """A move on a taken cell is refused with the game's reason, then play goes on."""
        # Seed 12: the greedy bot moves first and, of its equal moves, draws 0,0.
        script = "0,0\nquit\n"
        result = run_game("play", "toy_game:RULES", "--seed", "12", cwd=tmp_path, stdin=script)
        assert result.returncode == 0
        assert "'0,0' is not allowed: cell (0, 0) is taken (TOY-2)" in result.stdout
        assert "You left. Game abandoned." in result.stdout

    def test_end_of_input(self, tmp_path: Path) -> None:
        """Input that ends mid-game abandons it with status 1, no traceback."""
        result = run_game("play", "toy_game:RULES", "--seed", "1", cwd=tmp_path, stdin="")
        assert result.returncode == 1
        assert "The input ended before the game did." in result.stdout
        assert "Traceback" not in result.stdout + result.stderr

    def test_hidden_hand_game(self, tmp_path: Path) -> None:
        """In high card the human sees its own hand, the hint and bots' plays."""
        script = "hint\n" + "#1\n" * 6
        result = run_game(
            "play",
            "test_agents_cards:RULES",
            "--seat",
            "1",
            "--bots",
            "mcts:20",
            "--seed",
            "2",
            cwd=tmp_path,
            stdin=script,
        )
        assert result.returncode == 0, result.stderr
        assert "Bots: seat 0: mcts(20)" in result.stdout
        assert "A greedy player would play" in result.stdout
        assert "seat 0 (mcts(20)) plays" in result.stdout
        assert "Game over" in result.stdout

    @pytest.mark.parametrize(
        ("args", "message"),
        [
            (["--seat", "2"], "--seat must be a seat of this 2-player game"),
            (["--bots", "nobody"], "no agent named 'nobody'"),
            (["--option", "cards"], "an option is NAME=VALUE"),
        ],
    )
    def test_bad_arguments(self, args: list[str], message: str, tmp_path: Path) -> None:
        """Bad arguments are errors with status 2 and a message, no traceback."""
        result = run_game("play", "test_agents_cards:RULES", *args, cwd=tmp_path)
        assert result.returncode == 2
        assert message in result.stderr
        assert "Traceback" not in result.stderr

    def test_unknown_game_reference(self, tmp_path: Path) -> None:
        """A module:attribute that does not load is a clean error."""
        result = run_game("play", "no_such_module:RULES", cwd=tmp_path)
        assert result.returncode == 2
        assert "cannot load the game 'no_such_module:RULES'" in result.stderr


class TestSimulateCommand:
    """``tilegames simulate``."""

    def test_prints_summary(self, tmp_path: Path) -> None:
        """The summary names the agents, the seats and the game lengths."""
        result = run_game(
            "simulate",
            "toy_game:RULES",
            "--games",
            "20",
            "--agents",
            "greedy,random",
            "--seed",
            "3",
            cwd=tmp_path,
        )
        assert result.returncode == 0, result.stderr
        out = result.stdout
        assert out.startswith("Noughts and crosses, 2 players: 20 games")
        assert "0: greedy" in out
        assert "1: random" in out
        assert "95% CI" in out
        assert "moves per game:" in out
        assert result.stderr == ""  # no progress bar: stderr is not a terminal

    def test_jobs_do_not_change_results(self, tmp_path: Path) -> None:
        """Two worker processes print exactly what one process prints."""
        args = [
            "simulate",
            "test_agents_cards:RULES",
            "--games",
            "12",
            "--agents",
            "mcts:10,greedy",
            "--seed",
            "8",
        ]
        one = run_game(*args, cwd=tmp_path)
        two = run_game(*args, "--jobs", "2", cwd=tmp_path)
        assert one.returncode == two.returncode == 0, two.stderr
        assert one.stdout == two.stdout

    def test_options_and_players(self, tmp_path: Path) -> None:
        """--players and --option reach new_game: the game refuses three seats of five cards."""
        result = run_game(
            "simulate",
            "test_agents_cards:RULES",
            "--players",
            "3",
            "--option",
            "cards=5",
            cwd=tmp_path,
        )
        assert result.returncode == 2
        assert "not 3 of 5" in result.stderr

    @pytest.mark.parametrize(
        ("args", "message"),
        [
            (["--games", "0"], "--games must be at least 1"),
            (["--jobs", "-1"], "--jobs must be 0"),
            (["--agents", ","], "name at least one agent"),
            (["--agents", "mcts:abc"], "only mcts takes an argument"),
        ],
    )
    def test_bad_arguments(self, args: list[str], message: str, tmp_path: Path) -> None:
        """Bad arguments are errors with status 2 and a message."""
        result = run_game("simulate", "toy_game:RULES", *args, cwd=tmp_path)
        assert result.returncode == 2
        assert message in result.stderr


class TestPlayRealGame:
    """``tilegames play`` on a built-in game with hidden tiles."""

    def test_axio_rota_session(self, tmp_path: Path) -> None:
        """The board and legal moves are shown; bad input is explained; quitting is clean."""
        state = axio_rota.new_game(players=2, seed=3)
        far = axio_rota.parse_move("40,40:0", state)
        reason = axio_rota.why_illegal(state, far)
        assert reason is not None
        script = "rubbish\n40,40:0\n#1\nboard\nquit\n"
        result = run_game("play", "axio-rota", "--seed", "3", cwd=tmp_path, stdin=script)
        assert result.returncode == 0, result.stderr
        out = result.stdout
        assert "AXIO Rota, 2 players. You are seat 0." in out
        assert out.count("Your legal moves (") >= 2
        assert "Cannot read 'rubbish' as a move" in out
        assert f"'40,40:0' is not allowed: {reason}" in out
        assert "seat 1 (greedy) plays" in out
        assert "You left. Game abandoned." in out
        assert "Traceback" not in out + result.stderr
