"""``tilegames schema``: the JSON Schema of a kind of document of a game."""

from __future__ import annotations

import argparse
import json

from tilegames.cli._common import GAME_HELP, resolve_game
from tilegames.serialize import SCHEMA_KINDS, json_schema


def run_schema(args: argparse.Namespace) -> int:
    schema = json_schema(resolve_game(args.game), args.kind)
    print(json.dumps(schema, indent=2, ensure_ascii=False))
    return 0


def add_schema(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``schema`` command and its arguments."""
    schema = commands.add_parser(
        "schema",
        help="print the JSON Schema of a kind of document of a game",
        description="Print the JSON Schema (draft 2020-12) of a kind of document of the "
        "game, generated from the classes tilegames reads: its states, views (a seat's and "
        "the public one), moves, outcomes, or its records in JSON.",
    )
    schema.add_argument("game", metavar="GAME", help=GAME_HELP)
    schema.add_argument(
        "kind", metavar="KIND", choices=SCHEMA_KINDS, help=f"one of {', '.join(SCHEMA_KINDS)}"
    )
