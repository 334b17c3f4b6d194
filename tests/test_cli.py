"""Tests for the ``tilegames`` command, run in real subprocesses."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import tilegames


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
