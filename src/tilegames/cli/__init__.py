"""The ``tilegames`` command (also ``python -m tilegames``).

* ``tilegames games`` lists the games;
* ``tilegames demo GAME`` plays a complete game between bots and prints it;
* ``tilegames play GAME`` plays a game in the terminal against bots
  (``--save FILE`` keeps its record, ``--load FILE`` resumes one);
* ``tilegames replay FILE`` prints a game record move by move;
* ``tilegames simulate GAME`` plays many games between bots and prints a summary;
* ``tilegames schema GAME KIND`` prints the JSON Schema of a kind of document.

``GAME`` is a registered name (see ``tilegames games``) or, for a game of
your own, an import reference ``package.module:RULES``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

import tilegames
from tilegames._core.errors import TilegamesError
from tilegames.cli._demo import add_demo, run_demo
from tilegames.cli._play import add_play, run_play
from tilegames.cli._replay import add_replay, run_replay
from tilegames.cli._schema import add_schema, run_schema
from tilegames.cli._serve import add_serve, run_serve
from tilegames.cli._simulate import add_simulate, run_simulate

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
    for add in (add_demo, add_play, add_replay, add_simulate, add_serve, add_schema):
        add(commands)
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
    commands = {
        "demo": run_demo,
        "play": run_play,
        "replay": run_replay,
        "simulate": run_simulate,
        "serve": run_serve,
        "schema": run_schema,
    }
    try:
        if args.command == "games":
            return _games()
        if args.command in commands:
            return commands[args.command](args)
    except (TilegamesError, ValueError) as error:
        print(f"tilegames: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\ntilegames: interrupted", file=sys.stderr)
        return 130
    parser.print_help(sys.stderr)
    return 2
