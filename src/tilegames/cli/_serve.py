"""``tilegames serve``: the game server for frontends."""

from __future__ import annotations

import argparse
import sys


def run_serve(args: argparse.Namespace) -> int:
    """``tilegames serve``: run the server until interrupted."""
    try:
        from tilegames.server import serve  # the server extra: imported only here
    except ModuleNotFoundError as error:
        print(f"tilegames: error: {error}", file=sys.stderr)
        return 2
    serve(args.host, args.port, args.db)
    return 0


def add_serve(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``serve`` command and its arguments."""
    serve = commands.add_parser(
        "serve",
        help="run the game server for frontends (needs tilegames[server])",
        description="Run the game server: rooms that players join from their own browsers, "
        "live updates, bots, and every game kept in a SQLite database (created on first "
        'start). Needs the server extra: pip install "tilegames[server]".',
    )
    serve.add_argument("--host", default="127.0.0.1", help="the address to listen on")
    serve.add_argument("--port", type=int, default=8000, help="the port (0: a free one)")
    serve.add_argument("--db", default="tilegames.sqlite3", help="the SQLite database file")
