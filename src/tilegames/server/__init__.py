"""A game server for frontends: rooms, seats, live views, nothing lost (``tilegames serve``).

Needs the ``server`` extra (``pip install "tilegames[server]"``: Starlette and
uvicorn with its WebSocket support). Every registered game is served through
its :class:`~tilegames.Rules`, so a game you register is served too.

* :func:`create_app` builds the ASGI application (Starlette);
* :func:`serve` runs it with uvicorn, as ``tilegames serve`` does;
* :class:`Store` is what the server needs of a database, and
  :class:`SQLiteStore` the embedded default (one SQLite file, standard library);
  :class:`PostgresStore` keeps the rooms in PostgreSQL, for several server
  processes (``tilegames serve --workers N``; the ``postgres`` extra).

The HTTP API, the WebSocket and the deployment notes are in the frontend
guide ("A game server for frontends").
"""

from __future__ import annotations

import functools
import gc
import inspect
import socket
import sys
from pathlib import Path
from typing import Any, Final, TextIO

import tilegames
from tilegames._core.extras import optional_imports
from tilegames.server._store import (
    SharedStore,
    SQLiteStore,
    Store,
    StoredRoom,
    StoredSeat,
    StoreError,
    is_postgres,
    open_store,
    shown_url,
)

with optional_imports("tilegames.server", "server", "starlette", "uvicorn"):
    import starlette  # noqa: F401 (checked here: the extra is installed)
    import uvicorn

from tilegames.server._app import MAX_BODY, Server, create_app
from tilegames.server._bots import default_size

__all__ = [
    "MAX_BODY",
    "PostgresStore",
    "SQLiteStore",
    "Server",
    "SharedStore",
    "Store",
    "StoreError",
    "StoredRoom",
    "StoredSeat",
    "create_app",
    "open_store",
    "serve",
]


def __getattr__(name: str) -> Any:
    """:class:`PostgresStore`, imported when first asked for (psycopg: the ``postgres`` extra)."""
    if name == "PostgresStore":
        from tilegames.server._postgres import PostgresStore

        return PostgresStore
    msg = f"module {__name__!r} has no attribute {name!r}"
    raise AttributeError(msg)


_UVICORN: Final[dict[str, Any]] = {
    "log_level": "warning",
    "ws_max_size": MAX_BODY,
    "ws_per_message_deflate": False,
}
"""uvicorn's settings for ``tilegames serve``. The live snapshots go uncompressed (no
permessage-deflate): deflating the snapshot of an AXIO seat to move (14 kB, its legal
moves) took 0.8 ms of CPU, and deflating every client's frames a tenth of the server's CPU
time a move (paced rooms: 2.7 ms a move without, 3.0 with); the answer to a move carries
the same text uncompressed anyway, and people moving every few seconds get a few kB/s."""

_COLLECTOR_THRESHOLD: Final = 20_000
"""The allocations between two collections of the youngest generation in a server process."""


def _settle_collector() -> None:
    """Set the garbage collector of a server process for short pauses (``tilegames serve``).

    Everything alive once the games are imported (modules, the games'
    tables) is moved out of the collector's reach (:func:`gc.freeze`), so
    that a full collection no longer walks it, and the youngest generation
    is collected every ``_COLLECTOR_THRESHOLD`` allocations rather than
    700: fewer, cheaper pauses of the event loop (a full collection of a
    busy server took up to 70 ms). Called by :func:`serve` in the processes it
    runs, not by :func:`create_app` (the collector is the whole process's).
    """
    for name in tilegames.names():
        tilegames.get(name)
    gc.collect()
    gc.freeze()
    young, middle, old = gc.get_threshold()
    gc.set_threshold(max(young, _COLLECTOR_THRESHOLD), middle, old)


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str | Path = "tilegames.sqlite3",
    *,
    out: TextIO | None = None,
    idle_seconds: float = 900.0,
    max_rooms: int = 2000,
    rooms_per_minute: int = 60,
    workers: int = 1,
) -> None:
    """Run the server until interrupted, printing its address first.

    The database is opened first: a file that is no whole tilegames database
    stops it before anything is printed or served.

    Args:
        host: the address to listen on (``127.0.0.1``: this machine only).
        port: the port; ``0`` picks a free one (the address printed names it).
        db: the SQLite database file, created on first start, or a PostgreSQL
            URL (``postgresql://user:password@host/dbname``, the ``postgres`` extra).
        out: where the address is printed (standard output by default).
        idle_seconds: when an idle room leaves memory, as :func:`create_app` takes it.
        max_rooms: the most rooms held in memory, as :func:`create_app` takes it.
        rooms_per_minute: the rooms one address creates a minute, as :func:`create_app`.
        workers: the server processes, all on one listening socket (uvicorn's
            workers) and one PostgreSQL database; a worker that dies is started
            again. The bots' worker processes are shared out among them.

    Raises:
        StoreError: for a database that cannot be used, naming it and the fault.
        ValueError: for ``workers`` above 1 on a SQLite file (one process only).
    """
    if workers < 1 or (workers > 1 and not is_postgres(db)):
        msg = (
            f"--workers {workers}: several server processes need a PostgreSQL database "
            "(--db postgresql://...); a SQLite file is served by one process"
            if workers > 1
            else f"--workers {workers}: at least one server process"
        )
        raise ValueError(msg)
    store = open_store(db)
    listener = socket.create_server((host, port), reuse_port=False)
    bound = listener.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    described = shown_url(str(db)) if is_postgres(db) else db
    processes = f", {workers} processes" if workers > 1 else ""
    print(
        f"tilegames serving on http://{shown}:{bound}/ (database {described}{processes})",
        file=out or sys.stdout,
        flush=True,
    )
    if workers > 1:
        store.close()  # each worker opens its own
        _serve_workers(
            listener,
            workers,
            functools.partial(
                _settled_app,
                str(db),
                idle_seconds=idle_seconds,
                max_rooms=max_rooms,
                rooms_per_minute=rooms_per_minute,
                bot_workers=max(1, default_size() // workers),
            ),
        )
        return
    app = create_app(
        store=store,
        idle_seconds=idle_seconds,
        max_rooms=max_rooms,
        rooms_per_minute=rooms_per_minute,
    )
    _settle_collector()
    config = uvicorn.Config(app, **_UVICORN)
    uvicorn.Server(config).run(sockets=[listener])


def _settled_app(db: str, **options: Any) -> Any:
    """A worker process's application (:func:`create_app`), its garbage collector settled."""
    _settle_collector()
    return create_app(db, **options)


def _serve_workers(listener: socket.socket, workers: int, factory: Any) -> None:
    """Run ``workers`` uvicorn processes on one socket, each building its application."""
    from uvicorn.supervisors import Multiprocess

    config = uvicorn.Config(factory, factory=True, workers=workers, **_UVICORN)
    if "target" in inspect.signature(Multiprocess).parameters:  # uvicorn before 0.33 or so
        supervisor = Multiprocess(  # type: ignore[call-arg, unused-ignore]
            config, target=uvicorn.Server(config).run, sockets=[listener]
        )
    else:
        supervisor = Multiprocess(config, sockets=[listener])
    supervisor.run()
