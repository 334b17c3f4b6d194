"""Where rooms are kept: the :class:`Store` interface and its SQLite implementation.

The server keeps every room in a :class:`Store`: the room's setup (game,
players, options, seed), its seats (name, bot, the hash of the seat's
token) and every accepted move, in order. A room's state is never stored:
it is the room's game replayed from its seed and moves, so that what is
stored is exactly a game record. :class:`SQLiteStore` is the embedded
default (the standard library's :mod:`sqlite3`, one file); a deployment
that outgrows one server process writes another class with the same
methods (over PostgreSQL, say) and passes it to
:func:`tilegames.server.create_app`.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

import attrs

__all__ = ["SQLiteStore", "Store", "StoredRoom", "StoredSeat"]


@attrs.frozen
class StoredSeat:
    """One seat of a stored room."""

    seat: int
    """The seat number, ``0 .. players - 1``."""
    name: str
    """The player's name, the bot's description, or ``""`` while the seat is free."""
    bot: str | None
    """The bot's :func:`tilegames.agents.make_agent` description, or ``None`` for a person."""
    token_hash: str | None
    """The SHA-256 hex digest of the seat's token once a person took it, else ``None``."""


@attrs.frozen
class StoredRoom:
    """A room as a :class:`Store` keeps it: its setup, its seats and its moves."""

    room: str
    """The room's id (unguessable, from :mod:`secrets`)."""
    game: str
    """The game's registry name."""
    players: int
    """The number of seats."""
    options: dict[str, Any] = attrs.field(eq=False)
    """The keyword options of ``new_game``, as JSON values."""
    seed: int
    """The seed given to ``new_game`` (a 64-bit number; never sent to a client)."""
    seats: tuple[StoredSeat, ...]
    """Every seat, by number."""
    moves: tuple[str, ...] = ()
    """Every accepted move in the game's notation, in order."""


class Store(Protocol):
    """What the server needs of a database: rooms, seats and moves, each write atomic.

    Every method may be called only from the server's event loop thread,
    one at a time; each write is durable when it returns (the server answers
    a move only after :meth:`add_move` returned ``True``).
    """

    def create(self, room: StoredRoom) -> None:
        """Keep a new room, its seats and no moves."""
        ...

    def load(self, room: str) -> StoredRoom | None:
        """The room with this id, its seats and moves, or ``None``."""
        ...

    def take_seat(self, room: str, seat: int, name: str, token_hash: str) -> bool:
        """Give a free person's seat to ``name``; ``False`` if it is taken or a bot's."""
        ...

    def add_move(self, room: str, turn: int, seat: int, move: str, over: bool) -> bool:
        """Keep the room's move number ``turn`` (from 0); ``False`` if that turn is stored."""
        ...

    def unfinished(self) -> Sequence[str]:
        """The ids of the rooms whose game is not over (their bots carry on after a restart)."""
        ...

    def close(self) -> None:
        """Release the database."""
        ...


_SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
    room TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    players INTEGER NOT NULL,
    options TEXT NOT NULL,
    seed TEXT NOT NULL,
    created REAL NOT NULL,
    turn INTEGER NOT NULL DEFAULT 0,
    over INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS seats (
    room TEXT NOT NULL REFERENCES rooms(room),
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    bot TEXT,
    token_hash TEXT,
    PRIMARY KEY (room, seat)
);
CREATE TABLE IF NOT EXISTS moves (
    room TEXT NOT NULL REFERENCES rooms(room),
    turn INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    move TEXT NOT NULL,
    PRIMARY KEY (room, turn)
);
CREATE INDEX IF NOT EXISTS unfinished ON rooms(over);
"""


class SQLiteStore:
    """A :class:`Store` in one SQLite file, created on first use (the embedded default).

    The database runs in WAL mode with ``synchronous=FULL``: a move is on
    disk when :meth:`add_move` returns, so killing the server (even with
    SIGKILL) or the machine loses nothing that was answered. Seeds are kept
    as text (SQLite's integers are signed 64-bit).

    Args:
        path: the database file (``":memory:"`` for a throw-away one).
    """

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        # One connection, used by the event loop's thread only (the server's rule);
        # created here, perhaps in another thread, hence check_same_thread=False.
        self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(_SCHEMA)

    def create(self, room: StoredRoom) -> None:
        """Keep a new room and its seats, in one transaction."""
        with self._transaction():
            self._db.execute(
                "INSERT INTO rooms (room, game, players, options, seed, created) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (
                    room.room,
                    room.game,
                    room.players,
                    json.dumps(room.options, sort_keys=True),
                    str(room.seed),
                    time.time(),
                ),
            )
            self._db.executemany(
                "INSERT INTO seats (room, seat, name, bot, token_hash) VALUES (?, ?, ?, ?, ?)",
                [(room.room, s.seat, s.name, s.bot, s.token_hash) for s in room.seats],
            )

    def load(self, room: str) -> StoredRoom | None:
        """The room, its seats and its moves, or ``None``."""
        row = self._db.execute(
            "SELECT game, players, options, seed FROM rooms WHERE room = ?", (room,)
        ).fetchone()
        if row is None:
            return None
        game, players, options, seed = row
        seats = self._db.execute(
            "SELECT seat, name, bot, token_hash FROM seats WHERE room = ? ORDER BY seat", (room,)
        ).fetchall()
        moves = self._db.execute(
            "SELECT move FROM moves WHERE room = ? ORDER BY turn", (room,)
        ).fetchall()
        return StoredRoom(
            room=room,
            game=game,
            players=players,
            options=json.loads(options),
            seed=int(seed),
            seats=tuple(StoredSeat(*seat) for seat in seats),
            moves=tuple(move for (move,) in moves),
        )

    def take_seat(self, room: str, seat: int, name: str, token_hash: str) -> bool:
        """Give the seat away if no one holds it and no bot plays it."""
        with self._transaction():
            taken = self._db.execute(
                "UPDATE seats SET name = ?, token_hash = ? WHERE room = ? AND seat = ? "
                "AND bot IS NULL AND token_hash IS NULL",
                (name, token_hash, room, seat),
            )
        return taken.rowcount == 1

    def add_move(self, room: str, turn: int, seat: int, move: str, over: bool) -> bool:
        """Keep move number ``turn`` and the room's progress, in one transaction."""
        try:
            with self._transaction():
                self._db.execute(
                    "INSERT INTO moves (room, turn, seat, move) VALUES (?, ?, ?, ?)",
                    (room, turn, seat, move),
                )
                self._db.execute(
                    "UPDATE rooms SET turn = ?, over = ? WHERE room = ?",
                    (turn + 1, int(over), room),
                )
        except sqlite3.IntegrityError:  # that turn is stored already: another move won
            return False
        return True

    def unfinished(self) -> list[str]:
        """The rooms not over, oldest first."""
        rows = self._db.execute("SELECT room FROM rooms WHERE over = 0 ORDER BY created")
        return [room for (room,) in rows.fetchall()]

    def close(self) -> None:
        """Close the connection."""
        self._db.close()

    def _transaction(self) -> _Transaction:
        return _Transaction(self._db)


class _Transaction:
    """``BEGIN IMMEDIATE`` .. ``COMMIT``, or ``ROLLBACK`` on an error."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    def __enter__(self) -> None:
        self._db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: object, error: object, trace: object) -> None:
        self._db.execute("COMMIT" if kind is None else "ROLLBACK")
