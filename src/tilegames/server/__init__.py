"""A game server for frontends: rooms, seats, live views, nothing lost (``tilegames serve``).

Needs the ``server`` extra (``pip install "tilegames[server]"``: Starlette and
uvicorn with its WebSocket support). Every registered game is served through
its :class:`~tilegames.Rules`, so a game you register is served too.

* :func:`create_app` builds the ASGI application (Starlette);
* :func:`serve` runs it with uvicorn, as ``tilegames serve`` does;
* :class:`Store` is what the server needs of a database, and
  :class:`SQLiteStore` the embedded default (one SQLite file, standard library).

The HTTP API, the WebSocket and the deployment notes are in the frontend
guide ("A game server for frontends").
"""

from __future__ import annotations

import socket
import sys
from pathlib import Path
from typing import TextIO

from tilegames._core.extras import optional_imports
from tilegames.server._store import SQLiteStore, Store, StoredRoom, StoredSeat, StoreError

with optional_imports("tilegames.server", "server", "starlette", "uvicorn"):
    import starlette  # noqa: F401 (checked here: the extra is installed)
    import uvicorn

from tilegames.server._app import MAX_BODY, Server, create_app

__all__ = [
    "MAX_BODY",
    "SQLiteStore",
    "Server",
    "Store",
    "StoreError",
    "StoredRoom",
    "StoredSeat",
    "create_app",
    "serve",
]


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str | Path = "tilegames.sqlite3",
    *,
    out: TextIO | None = None,
    idle_seconds: float = 900.0,
    max_rooms: int = 2000,
    rooms_per_minute: int = 60,
) -> None:
    """Run the server until interrupted, printing its address first.

    The database is opened first: a file that is no whole tilegames database
    stops it before anything is printed or served.

    Args:
        host: the address to listen on (``127.0.0.1``: this machine only).
        port: the port; ``0`` picks a free one (the address printed names it).
        db: the SQLite database file, created on first start.
        out: where the address is printed (standard output by default).
        idle_seconds: when an idle room leaves memory, as :func:`create_app` takes it.
        max_rooms: the most rooms held in memory, as :func:`create_app` takes it.
        rooms_per_minute: the rooms one address creates a minute, as :func:`create_app`.

    Raises:
        StoreError: for a database that cannot be used, naming it and the fault.
    """
    store = SQLiteStore(db)
    listener = socket.create_server((host, port), reuse_port=False)
    bound = listener.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    print(
        f"tilegames serving on http://{shown}:{bound}/ (database {db})",
        file=out or sys.stdout,
        flush=True,
    )
    app = create_app(
        store=store,
        idle_seconds=idle_seconds,
        max_rooms=max_rooms,
        rooms_per_minute=rooms_per_minute,
    )
    config = uvicorn.Config(app, log_level="warning", ws_max_size=MAX_BODY)
    uvicorn.Server(config).run(sockets=[listener])
