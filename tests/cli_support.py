"""Running the ``tilegames`` command in the tests: in this process, or in a real one.

A real ``python -m tilegames`` costs a third of a second to start, and the
command-line tests start about a hundred. The everyday tier therefore calls
:func:`tilegames.cli.main` in this process, with the same arguments, the same
typed-in standard input and the same working directory, and captures what it
prints and the status it returns (argparse's own exits included). The deep
tier runs every one of them in a real subprocess, as a user would, and the
tests of the entry point itself (``--version``, no command) always do.
"""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
from pathlib import Path

import tiers
from tilegames.cli import main

TESTS = Path(__file__).parent
"""This folder: its modules (``toy_game``, ``test_agents_cards``...) are games to load."""


class _Input(io.StringIO):
    """Typed-in standard input: not a terminal, like a pipe."""

    def isatty(self) -> bool:
        return False


def in_subprocess(
    *args: str, cwd: Path, stdin: str = "", timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    """Run ``python -m tilegames ARGS`` in a new process, with the test games importable."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(TESTS), *sys.path[1:]])}
    return subprocess.run(
        [sys.executable, "-m", "tilegames", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=cwd,
        env=env,
        timeout=timeout,
        check=False,
    )


def in_process(*args: str, cwd: Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """Call ``tilegames.cli.main(ARGS)`` here, as ``python -m tilegames ARGS`` would run it."""
    out, err = io.StringIO(), io.StringIO()
    here = Path.cwd()
    saved_stdin = sys.stdin
    sys.stdin = _Input(stdin)
    os.chdir(cwd)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                status = main(list(args))
            except SystemExit as exit_:  # argparse's usage errors and --help
                code = exit_.code
                if code is None or isinstance(code, int):
                    status = code or 0
                else:  # sys.exit("message"): Python prints it and exits 1
                    print(code, file=sys.stderr)
                    status = 1
    finally:
        os.chdir(here)
        sys.stdin = saved_stdin
    return subprocess.CompletedProcess(
        ["tilegames", *args], status, stdout=out.getvalue(), stderr=err.getvalue()
    )


def run_command(
    *args: str, cwd: Path, stdin: str = "", timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    """``tilegames ARGS``: in this process in the everyday tier, in a subprocess with --deep."""
    if tiers.DEEP:
        return in_subprocess(*args, cwd=cwd, stdin=stdin, timeout=timeout)
    return in_process(*args, cwd=cwd, stdin=stdin)
