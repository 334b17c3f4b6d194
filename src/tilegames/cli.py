"""The ``tilegames`` command (also ``python -m tilegames``)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

import tilegames

__all__ = ["main"]


def _build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tilegames",
        description="Exact, fast, typed rules engines for tile-laying board games.",
    )
    parser.add_argument(
        "--version", action="version", version=f"tilegames {tilegames.__version__}"
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    commands.add_parser("games", help="list the games", description="List the games.")
    return parser


def _games() -> int:
    for name in tilegames.names():
        rules = tilegames.get(name)
        setups = "; ".join(str(setup) for setup in rules.setups)
        print(f"{name:12} {rules.title} ({setups})")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    parser = _build_parser()
    args = parser.parse_args(argv)
    if args.command == "games":
        return _games()
    parser.print_help(sys.stderr)
    return 2
