"""Tests for the ``tilegames`` command.

The entry point's own tests run ``python -m tilegames`` in a real subprocess; the
others call the command in this process in the everyday tier and in a real
subprocess in the deep tier (``cli_support``).
"""

from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path

import pytest

import tilegames
from cli_support import in_subprocess, run_command
from tilegames import axio_rota, cli
from tilegames.agents import moves_for


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """``tilegames ARGS`` (in this process in the everyday tier: see ``cli_support``)."""
    return run_command(*args, cwd=cwd)


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
        result = in_subprocess("--version", cwd=tmp_path)
        assert result.returncode == 0
        assert result.stdout == f"tilegames {tilegames.__version__}\n"


class TestNoCommand:
    """``tilegames`` without a command."""

    def test_exit_2_with_help(self, tmp_path: Path) -> None:
        """It prints the usage on stderr, nothing on stdout, and exits 2."""
        result = in_subprocess(cwd=tmp_path)
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


def run_game(
    *args: str, cwd: Path, stdin: str | None = None, timeout: float = 60
) -> subprocess.CompletedProcess[str]:
    """``tilegames ARGS`` with the test games importable (toy_game:RULES, ...)."""
    return run_command(*args, cwd=cwd, stdin=stdin or "", timeout=timeout)


class TestHelp:
    """``--help`` for every command."""

    @pytest.mark.parametrize(
        ("command", "words"),
        [
            ("demo", ["GAME", "--agents", "--quiet", "--seed"]),
            ("play", ["GAME", "--players", "--seat", "--agents", "#N", "'?'"]),
            ("simulate", ["GAME", "--games", "--agents", "--jobs", "--dask", "--progress"]),
        ],
    )
    def test_describes_options(self, command: str, words: list[str], tmp_path: Path) -> None:
        """Each command's help exits 0 and names its arguments."""
        result = run(command, "--help", cwd=tmp_path)
        assert result.returncode == 0
        for word in words:
            assert word in result.stdout

    def test_one_flag_name_for_the_bots(self, tmp_path: Path) -> None:
        """demo, play and simulate all name their bots --agents; play's old --bots is hidden."""
        for command in ("demo", "play", "simulate"):
            assert "--agents A,B,..." in run(command, "--help", cwd=tmp_path).stdout
        assert "--bots" not in run("play", "--help", cwd=tmp_path).stdout

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
        script = (
            "help\nhello there\n5,5\n#99\n#\u00b9\n#" + "9" * 5000 + "\nmoves 2\n" + "#1\n" * 5
        )
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
        assert "There is no move #\u00b9: the list runs from #1 to #" in out  # a superscript one
        assert f"There is no move #{'9' * 5000}: the list runs" in out
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

    def test_hidden_hand_game(self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        """In high card the human sees its own hand, the hint and bots' plays.

        Called in this process (the everyday tier), the hint searches 200
        iterations rather than the command's 5,000 (a second of this game).
        """
        from tilegames.agents import analyse

        monkeypatch.setattr(
            "tilegames.cli._play.analyse",
            lambda *args, **named: analyse(*args, **{**named, "iterations": 200}),
        )
        script = "hint\n" + "#1\n" * 6
        result = run_game(
            "play",
            "test_agents_cards:RULES",
            "--seat",
            "1",
            "--agents",
            "mcts:20",
            "--seed",
            "2",
            cwd=tmp_path,
            stdin=script,
        )
        assert result.returncode == 0, result.stderr
        assert "Bots: seat 0: mcts(20)" in result.stdout
        assert re.search(r"best: \S+, wins \d+% of \d+ searches, scores \d", result.stdout)
        assert "seat 0 (mcts(20)) plays" in result.stdout
        assert "Game over" in result.stdout

    @pytest.mark.parametrize(
        ("args", "message"),
        [
            (["--seat", "2"], "--seat must be a seat of this 2-player game"),
            (["--agents", "nobody"], "no agent named 'nobody'"),
            (["--bots", "nobody"], "no agent named 'nobody'"),
            (["--option", "cards"], "an option is NAME=VALUE"),
            (["--option", "colour=\u00b9"], "has no option 'colour'"),  # not int()'s message
            (["--option", "colour=" + "9" * 5000], "has no option 'colour'"),
        ],
        ids=["seat", "agents", "bots", "option", "superscript", "digits"],
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
        # Progress goes to stderr even when it is not a terminal, ending in a final line.
        assert re.fullmatch(r"20/20 games in \d+\.\d s, [\d,.]+ games/s\n", result.stderr)

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


def play(argv: list[str], script: str, monkeypatch: pytest.MonkeyPatch) -> str:
    """Run ``tilegames play`` in this process with ``script`` as the typed input."""
    monkeypatch.setattr("sys.stdin", io.StringIO(script))
    stdout = io.StringIO()
    monkeypatch.setattr("sys.stdout", stdout)
    status = cli.main(["play", *argv])
    assert status == 0, stdout.getvalue()
    return stdout.getvalue()


class TestPlayNewcomer:
    """``play`` for a newcomer (issue 17): the same flag names, the notation on '?', the seat."""

    def test_agents_names_the_bots(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """``play axio --agents greedy`` works and the start says who is who."""
        out = play(["axio", "--agents", "random", "--seed", "4"], "quit\n", monkeypatch)
        lines = out.splitlines()
        assert lines[:2] == ["AXIO, 2 players. You are seat 0.", "Bots: seat 1: random."]
        assert "'help' (or '?')" in lines[2]
        assert "You left. Game abandoned." in out

    def test_bots_is_still_understood(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """The old --bots flag names the same bots."""
        out = play(["axio", "--bots", "random", "--seed", "4"], "quit\n", monkeypatch)
        assert "Bots: seat 1: random." in out

    @pytest.mark.parametrize("name", tilegames.names())
    def test_question_mark_shows_the_notation(
        self, name: str, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """'?' prints the commands, the board's legend and three moves written out."""
        rules = tilegames.get(name)
        state = rules.new_game(seed=5)
        seat = rules.to_move(state)[0]
        out = play([name, "--seat", str(seat), "--seed", "5"], "?\nquit\n", monkeypatch)
        help_text = out.split("> ?\n", 1)[1].split(f"seat {seat}> quit", 1)[0]
        assert "#N            the N-th move of the list" in help_text
        assert f"The notation of {rules.title} (as the board's legend says):" in help_text
        legend = str(rules.view(state, seat)).split("Legend:\n", 1)[1]
        assert legend in help_text
        own = f"{seat}:"
        written = [rules.format_move(m) for m in moves_for(rules, state, seat)[:3]]
        shown = [w.removeprefix(own) for w in written]
        assert f"For example: {', '.join(shown)}." in help_text
        assert len(help_text.splitlines()) <= 24  # one screen

    def test_aztack_fills_in_the_seat(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """In Aztack's turn game the person's moves are listed and typed without their seat."""
        rules = tilegames.get("aztack")
        state = rules.new_game(seed=6)
        first = rules.format_move(moves_for(rules, state, 0)[0])
        assert first.startswith("0:")
        out = play(["aztack", "--seed", "6"], f"{first[2:]}\nquit\n", monkeypatch)
        assert f"#1 {first[2:]} " in out
        assert f"#1 {first}" not in out
        assert f"You play {first}." in out
        assert f"Your seat is filled in: type {first[2:]} for {first}." not in out  # no '?'

    def test_aztack_full_notation_still_read(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """Typing the seat anyway plays the same move."""
        rules = tilegames.get("aztack")
        state = rules.new_game(seed=6)
        first = rules.format_move(moves_for(rules, state, 0)[0])
        out = play(["aztack", "--seed", "6"], f"{first}\nquit\n", monkeypatch)
        assert f"You play {first}." in out

    def test_aztack_help_says_the_seat_is_filled_in(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """'help' tells the person they may leave their seat out."""
        rules = tilegames.get("aztack")
        first = rules.format_move(moves_for(rules, rules.new_game(seed=6), 0)[0])
        out = play(["aztack", "--seed", "6"], "help\nquit\n", monkeypatch)
        assert f"Your seat is filled in: type {first[2:]} for {first}." in out

    def test_chance_steps_are_played_for_the_person(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """In an explicit-chance game chance's steps are drawn and said, then the person moves."""
        out = play(["axio", "--option", "chance=explicit", "--seed", "2"], "quit\n", monkeypatch)
        assert "chance gives +" in out
        assert "Your legal moves (" in out
