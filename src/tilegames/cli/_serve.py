"""``tilegames serve``: the game server for frontends."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any


def run_serve(args: argparse.Namespace) -> int:
    """``tilegames serve``: run the server until interrupted."""
    try:
        from tilegames.server import StoreError, serve  # the server extra: imported only here
    except ModuleNotFoundError as error:
        print(f"tilegames: error: {error}", file=sys.stderr)
        return 2
    try:
        serve(
            args.host,
            args.port,
            args.db,
            idle_seconds=args.idle_seconds,
            max_rooms=args.max_rooms,
            rooms_per_minute=args.rooms_per_minute,
            workers=args.workers,
        )
    except StoreError as error:
        print(f"tilegames: error: {error}", file=sys.stderr)
        return 1
    except ValueError as error:  # --workers above 1 on a SQLite file
        print(f"tilegames: error: {error}", file=sys.stderr)
        return 2
    except ModuleNotFoundError as error:  # a PostgreSQL URL without psycopg
        print(f"tilegames: error: {error}", file=sys.stderr)
        return 2
    return 0


def add_serve(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``serve`` command and its arguments."""
    serve = commands.add_parser(
        "serve",
        help="run the game server for frontends (needs tilegames[server])",
        description="Run the game server: rooms that players join from their own browsers, "
        "live updates, bots, and every game kept in a SQLite database (created on first "
        "start) or in PostgreSQL, where several server processes may share it. Needs the "
        'server extra: pip install "tilegames[server]" (and "tilegames[server,postgres]" '
        "for PostgreSQL).",
    )
    serve.add_argument("--host", default="127.0.0.1", help="the address to listen on")
    serve.add_argument("--port", type=int, default=8000, help="the port (0: a free one)")
    serve.add_argument(
        "--db",
        default="tilegames.sqlite3",
        help="the SQLite database file, or a PostgreSQL URL such as "
        "postgresql://user:password@host/dbname (default: %(default)s)",
    )
    serve.add_argument(
        "--workers",
        type=_positive(int),
        default=1,
        help="the server processes on one port; above 1 needs a PostgreSQL --db "
        "(default: %(default)s)",
    )
    serve.add_argument(
        "--idle-seconds",
        type=_positive(float),
        default=900.0,
        help="a room nobody asked for in this time leaves memory, read again when asked "
        "for (default: %(default)s)",
    )
    serve.add_argument(
        "--max-rooms",
        type=_positive(int),
        default=2000,
        help="the most rooms held in memory; idle ones leave to make way (default: %(default)s)",
    )
    serve.add_argument(
        "--rooms-per-minute",
        type=_positive(int, zero=True),
        default=60,
        help="the most rooms one client address creates in a minute, 0 for no limit "
        "(default: %(default)s)",
    )


def _positive(kind: type[float] | type[int], zero: bool = False) -> Callable[[str], Any]:
    """An argparse type: a number above 0 (or from 0, with ``zero``)."""

    def read(text: str) -> Any:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
        if value < 0 or (value == 0 and not zero) or value != value:
            raise argparse.ArgumentTypeError(f"{text} is not above 0")
        return value

    return read
