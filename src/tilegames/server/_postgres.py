"""Rooms in PostgreSQL, shared by several server processes: :class:`PostgresStore`.

The same :class:`~tilegames.server.Store` as the embedded SQLite file, over
`psycopg 3 <https://www.psycopg.org/psycopg3/>`_ (the ``postgres`` extra:
``pip install "tilegames[server,postgres]"``). Several server processes
(``tilegames serve --workers N --db postgresql://...``) keep their rooms in one
database:

* each accepted move is a row whose key is (room, move number), written in
  the transaction that moves the room's turn on: of two processes racing the
  same move, one commits and the other is told the turn is stored (409);
* every write sends a notification (PostgreSQL's ``LISTEN``/``NOTIFY``) on
  the channel :data:`CHANNEL`, whose payload is the room's id; each process
  listens (:meth:`PostgresStore.changes`) and brings its copy of that room up
  to date, so a client connected to any process gets every live update.
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import AsyncGenerator, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, Final

from tilegames._core.extras import optional_imports
from tilegames.server._store import (
    StoredRoom,
    StoreError,
    shown_url,
    stored_room,
)

with optional_imports("tilegames.server.PostgresStore", "postgres", "psycopg"):
    import psycopg
    from psycopg import errors as pg_errors

__all__ = ["CHANNEL", "PostgresStore"]

CHANNEL: Final = "tilegames_rooms"
"""The notification channel: each write to a room sends its id there."""

_SCHEMA: Final = (
    """CREATE TABLE IF NOT EXISTS rooms (
        room TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        players INTEGER NOT NULL,
        options TEXT NOT NULL,
        seed TEXT NOT NULL,
        created DOUBLE PRECISION NOT NULL,
        turn INTEGER NOT NULL DEFAULT 0,
        over BOOLEAN NOT NULL DEFAULT FALSE,
        bot_moves BOOLEAN
    )""",
    """CREATE TABLE IF NOT EXISTS seats (
        room TEXT NOT NULL REFERENCES rooms(room),
        seat INTEGER NOT NULL,
        name TEXT NOT NULL,
        bot TEXT,
        token_hash TEXT,
        PRIMARY KEY (room, seat)
    )""",
    """CREATE TABLE IF NOT EXISTS moves (
        room TEXT NOT NULL REFERENCES rooms(room),
        turn INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        move TEXT NOT NULL,
        words TEXT,
        PRIMARY KEY (room, turn)
    )""",
    "CREATE INDEX IF NOT EXISTS rooms_unfinished ON rooms (created) WHERE NOT over",
)
_SCHEMA_LOCK: Final = 0x7469_6C65  # the advisory lock held while the tables are made ("tile")


class PostgresStore:
    """A :class:`~tilegames.server.Store` in a PostgreSQL database, for one process or many.

    The tables are the SQLite store's (``rooms``, ``seats``, ``moves``),
    created on first use. A move is committed (and so durable, as PostgreSQL
    commits are) when :meth:`add_move` returns; a process killed at any time
    loses no answered move. One connection serves the event loop and the
    threads that load rooms, one transaction at a time; a connection lost
    between two calls (the database restarted, say) is opened again on the
    next call.

    Args:
        url: a libpq connection string or URL, such as
            ``postgresql://user:password@host/dbname`` or
            ``postgresql:///tilegames?host=/run/postgresql``.

    Raises:
        StoreError: when the database cannot be reached or its tables made
            (the message names the URL, its password hidden).
    """

    def __init__(self, url: str) -> None:
        self.url = url
        self._lock = threading.Lock()
        try:
            self._db = self._connect()
            with self._db.transaction():
                self._db.execute("SELECT pg_advisory_xact_lock(%s)", (_SCHEMA_LOCK,))
                for statement in _SCHEMA:  # processes starting together: one at a time
                    self._db.execute(statement)
        except psycopg.Error as error:
            reason = " ".join(str(error).split())
            raise StoreError(f"database {shown_url(url)}: {reason}") from None

    def _connect(self) -> psycopg.Connection[Any]:
        return psycopg.connect(self.url, autocommit=True)

    @contextmanager
    def _transaction(self) -> Iterator[psycopg.Connection[Any]]:
        """A transaction on the connection, under the lock, opened again first if it was lost."""
        with self._lock:
            if self._db.closed or self._db.broken:
                self._db = self._connect()
            with self._db.transaction():
                yield self._db

    def create(self, room: StoredRoom, bot_moves: bool | None = None) -> None:
        """Keep a new room and its seats, in one transaction."""
        with self._transaction() as db:
            db.execute(
                "INSERT INTO rooms (room, game, players, options, seed, created, bot_moves) "
                "VALUES (%s, %s, %s, %s, %s, %s, %s)",
                (
                    room.room,
                    room.game,
                    room.players,
                    json.dumps(room.options, sort_keys=True),
                    str(room.seed),
                    time.time(),
                    bot_moves,
                ),
            )
            with db.cursor() as cursor:
                cursor.executemany(
                    "INSERT INTO seats (room, seat, name, bot, token_hash) "
                    "VALUES (%s, %s, %s, %s, %s)",
                    [(room.room, s.seat, s.name, s.bot, s.token_hash) for s in room.seats],
                )

    def load(self, room: str) -> StoredRoom | None:
        """The room, its seats, its moves and their words (read in one transaction), or ``None``.

        Raises:
            ValueError: for a room whose seed or options are not what was stored.
        """
        with self._transaction() as db:
            row = db.execute(
                "SELECT game, players, options, seed FROM rooms WHERE room = %s", (room,)
            ).fetchone()
            if row is None:
                return None
            seats = db.execute(
                "SELECT seat, name, bot, token_hash FROM seats WHERE room = %s ORDER BY seat",
                (room,),
            ).fetchall()
            moves = db.execute(
                "SELECT move, seat, words FROM moves WHERE room = %s ORDER BY turn", (room,)
            ).fetchall()
        return stored_room(room, row, seats, moves)

    def take_seat(self, room: str, seat: int, name: str, token_hash: str) -> bool:
        """Give the seat away if no one holds it and no bot plays it (every process told)."""
        with self._transaction() as db:
            taken = db.execute(
                "UPDATE seats SET name = %s, token_hash = %s WHERE room = %s AND seat = %s "
                "AND bot IS NULL AND token_hash IS NULL",
                (name, token_hash, room, seat),
            )
            if taken.rowcount == 1:
                db.execute("SELECT pg_notify(%s, %s)", (CHANNEL, room))
        return taken.rowcount == 1

    def add_move(
        self,
        room: str,
        turn: int,
        seat: int,
        move: str,
        over: bool,
        words: str | None = None,
        bot_moves: bool | None = None,
    ) -> bool:
        """Keep move number ``turn`` if the room is at that turn, in one transaction.

        The room's row is locked while its turn moves on, so that of two
        processes racing the same turn exactly one commits; the other waits
        for the lock, finds the turn gone and is answered ``False``.
        """
        try:
            with self._transaction() as db:
                moved = db.execute(
                    "UPDATE rooms SET turn = %s, over = %s, bot_moves = %s "
                    "WHERE room = %s AND turn = %s",
                    (turn + 1, over, bot_moves, room, turn),
                )
                if moved.rowcount != 1:
                    return False
                db.execute(
                    "INSERT INTO moves (room, turn, seat, move, words) "
                    "VALUES (%s, %s, %s, %s, %s)",
                    (room, turn, seat, move, words),
                )
                db.execute("SELECT pg_notify(%s, %s)", (CHANNEL, room))
        except pg_errors.UniqueViolation:  # that turn is stored already: another move won
            return False
        return True

    def keep_words(self, room: str, words: Sequence[str]) -> None:
        """Fill in the words of the room's first moves (those stored without them)."""
        with self._transaction() as db, db.cursor() as cursor:
            cursor.executemany(
                "UPDATE moves SET words = %s WHERE room = %s AND turn = %s AND words IS NULL",
                [(text, room, turn) for turn, text in enumerate(words)],
            )

    def bots_to_move(self) -> list[str]:
        """The rooms where a bot may move, oldest first (one query, no game replayed)."""
        with self._transaction() as db:
            rows = db.execute(
                "SELECT room FROM rooms WHERE NOT over AND (bot_moves OR (bot_moves IS NULL "
                "AND EXISTS (SELECT 1 FROM seats WHERE seats.room = rooms.room "
                "AND seats.bot IS NOT NULL))) ORDER BY created"
            ).fetchall()
        return [room for (room,) in rows]

    def unfinished(self) -> list[str]:
        """The rooms not over, oldest first."""
        with self._transaction() as db:
            rows = db.execute("SELECT room FROM rooms WHERE NOT over ORDER BY created").fetchall()
        return [room for (room,) in rows]

    def version(self, room: str) -> tuple[int, int] | None:
        """The room's turn and how many of its seats people hold, or ``None`` (one query)."""
        with self._transaction() as db:
            row = db.execute(
                "SELECT turn, (SELECT count(*) FROM seats WHERE seats.room = rooms.room "
                "AND token_hash IS NOT NULL) FROM rooms WHERE room = %s",
                (room,),
            ).fetchone()
        return None if row is None else (row[0], row[1])

    def close(self) -> None:
        """Close the connection."""
        with self._lock:
            self._db.close()

    async def changes(self) -> AsyncGenerator[str, None]:
        """The id of each room that another process changed (a move, a seat), as it commits.

        A change made through this store's own connection is not given.

        Listens on its own connection; a lost connection is opened again
        (after a pause), and then ``""`` is given once: changes may have been
        missed meanwhile, every room should be read again.
        """
        pause = 0.1
        while True:
            try:
                listener = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
            except psycopg.OperationalError:
                await asyncio.sleep(pause)
                pause = min(pause * 2, 5.0)
                continue
            try:
                async with listener:
                    await listener.execute(f"LISTEN {CHANNEL}")
                    if pause > 0.1:  # a reconnection: what was missed is unknown
                        yield ""
                    pause = 0.1
                    async for notice in listener.notifies():
                        if notice.pid != self._db.info.backend_pid:  # not this store's
                            yield notice.payload
            except psycopg.OperationalError:
                pause = 0.2
                await asyncio.sleep(pause)
