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

Besides the record, a store keeps two things worked out when a move is
made, so that a restart replays nothing it does not need: each move's
words (the history as players read it) and whether a bot may move next
(the rooms whose bots carry on by themselves after a restart).
"""

from __future__ import annotations

import itertools
import json
import re
import sqlite3
import threading
import time
from collections.abc import AsyncIterator, Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any, Final, Protocol, TypeVar, cast, runtime_checkable

import attrs

__all__ = [
    "SQLiteStore",
    "SharedStore",
    "Store",
    "StoreError",
    "StoredRoom",
    "StoredSeat",
    "open_store",
    "shown_url",
]

T = TypeVar("T")

_HEADER: Final = b"SQLite format 3\x00"
_VERSION: Final = 2
"""The schema's ``user_version``: 2 keeps each move's words and whether a bot moves next."""


class StoreError(Exception):
    """A database the server cannot use: the message names it and says what is wrong.

    Raised when a store is opened (``tilegames serve`` prints the message as
    one line and exits with status 1); never for one damaged room, which the
    server refuses alone.
    """


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
    movers: tuple[int, ...] = ()
    """The seat that made each move (empty: not kept, worked out from the moves)."""
    words: tuple[str, ...] = ()
    """The first moves in words, as the history shows them: all of them, or fewer
    when the database is older than the words (the server works out the rest once
    and gives them back to :meth:`Store.keep_words`)."""


class Store(Protocol):
    """What the server needs of a database: rooms, seats and moves, each write atomic.

    The server calls :meth:`load` and the writes (:meth:`create`,
    :meth:`take_seat`, :meth:`add_move`, :meth:`keep_words`) from worker
    threads, several at once (the event loop serves other requests while a
    write waits for the disk); a store serialises them as it needs. Each
    write is durable when it returns (the server answers a move only after
    :meth:`add_move` returned ``True``).

    Changed since the first server: :meth:`add_move` and :meth:`create` take
    the move's words and whether a bot moves next (``None``: not known, as
    in a database of the first server); :meth:`bots_to_move` (what a
    restart loads: only the rooms whose bots carry on) and :meth:`keep_words`
    are new; :meth:`load` and the writes run in worker threads, perhaps
    several at once.
    """

    def create(self, room: StoredRoom, bot_moves: bool | None = None) -> None:
        """Keep a new room, its seats and no moves; ``bot_moves``: a bot may move first."""
        ...

    def load(self, room: str) -> StoredRoom | None:
        """The room with this id, its seats, moves, movers and words, or ``None``.

        Raises:
            Exception: anything, for a room stored wrong (the server refuses
                that room alone and logs why).
        """
        ...

    def take_seat(self, room: str, seat: int, name: str, token_hash: str) -> bool:
        """Give a free person's seat to ``name``; ``False`` if it is taken or a bot's."""
        ...

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
        """Keep the room's move number ``turn`` (from 0); ``False`` if that turn is stored.

        ``words`` is the move as the history shows it; ``bot_moves`` says
        whether a bot may move next (``None`` for either: not known).
        """
        ...

    def keep_words(self, room: str, words: Sequence[str]) -> None:
        """Keep the words of the room's first moves, worked out for moves stored without them."""
        ...

    def bots_to_move(self) -> Sequence[str]:
        """The ids of the rooms where a bot may move: their bots carry on after a restart.

        Read without replaying any game (a start-up reads only this); a room
        stored without it is listed if it is not over and has a bot seat.
        """
        ...

    def unfinished(self) -> Sequence[str]:
        """The ids of the rooms whose game is not over (a start-up does not read them all)."""
        ...

    def close(self) -> None:
        """Release the database."""
        ...


@runtime_checkable
class SharedStore(Store, Protocol):
    """A :class:`Store` that several server processes share (PostgreSQL's).

    Each process holds its own copy of the rooms it serves: it follows the
    others' changes (:meth:`changes`) to tell its live clients, and checks a
    room's :meth:`version` before answering a request for it.
    """

    def changes(self) -> AsyncIterator[str]:
        """The id of each room another process changed, as it commits (``""``: any room)."""
        ...

    def version(self, room: str) -> tuple[int, int] | None:
        """The room's turn and the number of its seats people hold, or ``None``."""
        ...


def open_store(db: str | Path) -> Store:
    """The store a ``--db`` names: PostgreSQL for a ``postgresql://`` URL, else a SQLite file.

    A PostgreSQL database (:class:`~tilegames.server.PostgresStore`, the
    ``postgres`` extra) may be shared by several server processes; a SQLite
    file serves one.

    Raises:
        StoreError: for a database that cannot be used, naming it and the fault.
        ModuleNotFoundError: for a PostgreSQL URL without psycopg (naming the extra).
    """
    if is_postgres(db):
        from tilegames.server._postgres import PostgresStore  # psycopg: the postgres extra

        return PostgresStore(str(db))
    return SQLiteStore(db)


def shown_url(url: str) -> str:
    """A database URL as messages show it: its password hidden."""
    return re.sub(r"(://[^:/@?]*):[^@/?]*@", r"\1:***@", url)


def is_postgres(db: str | Path) -> bool:
    """Whether ``db`` is a PostgreSQL URL (``postgresql://...`` or ``postgres://...``)."""
    return isinstance(db, str) and db.startswith(("postgresql://", "postgres://"))


_SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
    room TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    players INTEGER NOT NULL,
    options TEXT NOT NULL,
    seed TEXT NOT NULL,
    created REAL NOT NULL,
    turn INTEGER NOT NULL DEFAULT 0,
    over INTEGER NOT NULL DEFAULT 0,
    bot_moves INTEGER
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
    words TEXT,
    PRIMARY KEY (room, turn)
);
CREATE INDEX IF NOT EXISTS unfinished ON rooms(over);
"""
# A database of the first server (user_version 0) gains the columns of version 2;
# NULL in them means "not kept yet".
_MIGRATION: Final = (("rooms", "bot_moves INTEGER"), ("moves", "words TEXT"))
_TABLES: Final = {
    "rooms": {"room", "game", "players", "options", "seed", "created", "turn", "over"},
    "seats": {"room", "seat", "name", "bot", "token_hash"},
    "moves": {"room", "turn", "seat", "move"},
}


def check_file(path: Path) -> None:
    """Refuse a file that cannot be a whole SQLite database, before SQLite opens it.

    A missing file is a new database. An existing one must start with
    SQLite's header, and be as long as its header says (a file truncated to
    0 bytes, or cut short, is refused rather than served as an empty or
    broken database). The length is not checked while a write-ahead log is
    pending (the log may hold the file's last pages until SQLite folds it in).

    Raises:
        StoreError: naming the file and what is wrong with it.
    """
    if not path.exists():
        return
    if path.is_dir():
        raise StoreError(f"database {path}: is a folder, not a file")
    size = path.stat().st_size
    if size == 0:
        raise StoreError(
            f"database {path}: the file is empty (0 bytes), not a tilegames database; "
            "move it away to start a new one"
        )
    with path.open("rb") as file:
        header = file.read(100)
    if not header.startswith(_HEADER):
        raise StoreError(f"database {path}: not an SQLite database (its first bytes differ)")
    if len(header) < 100:
        raise StoreError(f"database {path}: truncated to {size} bytes (the header alone is 100)")
    page = int.from_bytes(header[16:18], "big")
    page = 65536 if page == 1 else page
    pages = int.from_bytes(header[28:32], "big")
    pages_valid = header[92:96] == header[24:28]  # the count is written by SQLite 3.7.0+
    wal = Path(f"{path}-wal")
    pending = wal.exists() and wal.stat().st_size > 0
    if pages_valid and not pending and size < page * pages:
        raise StoreError(
            f"database {path}: truncated to {size} bytes, its header gives {page * pages}"
        )


class SQLiteStore:
    """A :class:`Store` in one SQLite file, created on first use (the embedded default).

    The database runs in WAL mode with ``synchronous=FULL``: a move is on
    disk when :meth:`add_move` returns, so killing the server (even with
    SIGKILL) or the machine loses nothing that was answered. Writes asked
    for by several threads at once share one transaction and one wait for
    the disk (a group commit): each returns once the group is committed, and
    a write that fails (a turn stored already) is undone alone. Seeds are kept
    as text (SQLite's integers are signed 64-bit). A database of an earlier
    version gains its new columns when opened.

    Args:
        path: the database file (``":memory:"`` for a throw-away one).

    Raises:
        StoreError: for a file that is not a whole tilegames database (empty,
            truncated, another kind of file or database) or cannot be opened.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        if self.path != ":memory:":
            check_file(Path(self.path))
        # One connection shared by the event loop's thread and the threads that
        # load rooms, one at a time under the lock; hence check_same_thread=False.
        self._lock = threading.Lock()
        self._writing = threading.Condition()
        self._waiting: list[_Write] = []
        """The writes asked for and not yet taken by a commit (:meth:`_grouped`)."""
        self._leading = False
        """A thread is committing a group of writes."""
        try:
            self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        except sqlite3.Error as error:
            raise StoreError(f"database {self.path}: {error}") from None
        try:
            self._open()
        except sqlite3.Error as error:
            self._db.close()
            raise StoreError(f"database {self.path}: {error}") from None
        except StoreError:
            self._db.close()
            raise

    def _open(self) -> None:
        db = self._db
        found = {
            name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type='table'")
        }
        if found and "rooms" not in found:
            shown = ", ".join(sorted(found)[:5])
            raise StoreError(
                f"database {self.path}: not a tilegames database (its tables: {shown})"
            )
        version = db.execute("PRAGMA user_version").fetchone()[0]
        for table, columns in _TABLES.items():
            if table in found:
                if version >= _VERSION:  # the columns a migration adds are there already
                    columns = columns | {c.split()[0] for t, c in _MIGRATION if t == table}
                have = {row[1] for row in db.execute(f"PRAGMA table_info({table})")}
                if not columns <= have:
                    missing = ", ".join(sorted(columns - have))
                    raise StoreError(
                        f"database {self.path}: not a tilegames database "
                        f"(table {table} lacks {missing})"
                    )
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=FULL")
        db.execute("PRAGMA foreign_keys=ON")
        if version > _VERSION:
            raise StoreError(
                f"database {self.path}: written by a newer tilegames (schema {version})"
            )
        with self._transaction():
            if found and version < _VERSION:
                for table, column in _MIGRATION:
                    have = {row[1] for row in db.execute(f"PRAGMA table_info({table})")}
                    if column.split()[0] not in have:
                        db.execute(f"ALTER TABLE {table} ADD COLUMN {column}")
            for statement in _SCHEMA.split(";"):
                if statement.strip():
                    db.execute(statement)
            db.execute(f"PRAGMA user_version = {_VERSION}")

    def create(self, room: StoredRoom, bot_moves: bool | None = None) -> None:
        """Keep a new room and its seats, in one transaction."""

        def write() -> None:
            self._db.execute(
                "INSERT INTO rooms (room, game, players, options, seed, created, bot_moves) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    room.room,
                    room.game,
                    room.players,
                    json.dumps(room.options, sort_keys=True),
                    str(room.seed),
                    time.time(),
                    None if bot_moves is None else int(bot_moves),
                ),
            )
            self._db.executemany(
                "INSERT INTO seats (room, seat, name, bot, token_hash) VALUES (?, ?, ?, ?, ?)",
                [(room.room, s.seat, s.name, s.bot, s.token_hash) for s in room.seats],
            )

        self._grouped(write)

    def load(self, room: str) -> StoredRoom | None:
        """The room, its seats, its moves and their words, or ``None``.

        Raises:
            ValueError: for a room whose seed or options are not what was stored.
        """
        with self._lock:
            row = self._db.execute(
                "SELECT game, players, options, seed FROM rooms WHERE room = ?", (room,)
            ).fetchone()
            if row is None:
                return None
            seats = self._db.execute(
                "SELECT seat, name, bot, token_hash FROM seats WHERE room = ? ORDER BY seat",
                (room,),
            ).fetchall()
            moves = self._db.execute(
                "SELECT move, seat, words FROM moves WHERE room = ? ORDER BY turn", (room,)
            ).fetchall()
        return stored_room(room, row, seats, moves)

    def take_seat(self, room: str, seat: int, name: str, token_hash: str) -> bool:
        """Give the seat away if no one holds it and no bot plays it."""

        def write() -> int:
            return self._db.execute(
                "UPDATE seats SET name = ?, token_hash = ? WHERE room = ? AND seat = ? "
                "AND bot IS NULL AND token_hash IS NULL",
                (name, token_hash, room, seat),
            ).rowcount

        return self._grouped(write) == 1

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
        """Keep move number ``turn``, its words and the room's progress, in one transaction."""

        def write() -> None:
            self._db.execute(
                "INSERT INTO moves (room, turn, seat, move, words) VALUES (?, ?, ?, ?, ?)",
                (room, turn, seat, move, words),
            )
            self._db.execute(
                "UPDATE rooms SET turn = ?, over = ?, bot_moves = ? WHERE room = ?",
                (turn + 1, int(over), None if bot_moves is None else int(bot_moves), room),
            )

        try:
            self._grouped(write)
        except sqlite3.IntegrityError:  # that turn is stored already: another move won
            return False
        return True

    def keep_words(self, room: str, words: Sequence[str]) -> None:
        """Fill in the words of the room's first moves (those stored without them)."""
        self._grouped(
            lambda: self._db.executemany(
                "UPDATE moves SET words = ? WHERE room = ? AND turn = ? AND words IS NULL",
                [(text, room, turn) for turn, text in enumerate(words)],
            )
        )

    def bots_to_move(self) -> list[str]:
        """The rooms where a bot may move, oldest first (one query, no game replayed)."""
        with self._lock:
            rows = self._db.execute(
                "SELECT room FROM rooms WHERE over = 0 AND (bot_moves = 1 OR (bot_moves IS NULL "
                "AND EXISTS (SELECT 1 FROM seats WHERE seats.room = rooms.room "
                "AND seats.bot IS NOT NULL))) ORDER BY created"
            ).fetchall()
        return [room for (room,) in rows]

    def unfinished(self) -> list[str]:
        """The rooms not over, oldest first."""
        with self._lock:
            rows = self._db.execute("SELECT room FROM rooms WHERE over = 0 ORDER BY created")
            return [room for (room,) in rows.fetchall()]

    def close(self) -> None:
        """Close the connection."""
        with self._lock:
            self._db.close()

    def _grouped(self, write: Callable[[], T]) -> T:
        """Run ``write`` in one transaction with the writes other threads ask for meanwhile.

        The first thread to ask leads: it takes every write waiting, runs
        each in a savepoint of its own (a write that fails is undone alone,
        and its error is raised in the thread that asked for it), and commits
        them together, with one wait for the disk; the threads that asked
        meanwhile wait for that commit, the next of them leading the next
        group. Each caller returns once its write is committed.
        """
        job = _Write(write)
        with self._writing:
            self._waiting.append(job)
            while not job.done and self._leading:
                self._writing.wait()
            lead = not job.done
            if lead:
                self._leading = True
                jobs, self._waiting = self._waiting, []
        if lead:
            try:
                self._commit(jobs)
            finally:
                with self._writing:
                    self._leading = False
                    self._writing.notify_all()
        if job.error is not None:
            raise job.error
        return cast(T, job.result)

    def _commit(self, jobs: list[_Write]) -> None:
        """Run the writes, each in its savepoint, and commit them all (each marked done).

        When the group is not committed (the commit fails, or the leading
        thread is interrupted), every write of it fails with the error.
        """
        db = self._db
        failure: BaseException | None = None
        try:
            with self._lock:
                db.execute("BEGIN IMMEDIATE")
                try:
                    for job in jobs:
                        db.execute("SAVEPOINT write")
                        try:
                            job.result = job.write()
                        except Exception as error:  # that write's alone: undone, raised to it
                            db.execute("ROLLBACK TO write")
                            job.error = error
                        db.execute("RELEASE write")
                    db.execute("COMMIT")
                except BaseException:
                    with suppress(sqlite3.Error):
                        db.execute("ROLLBACK")
                    raise
        except BaseException as error:
            failure = error
            if not isinstance(error, Exception):  # an interruption: the leading thread's own
                raise
        finally:
            for job in jobs:
                if failure is not None:  # nothing of the group was kept
                    job.error = job.error or _not_kept(failure)
                job.done = True

    @contextmanager
    def _transaction(self) -> Iterator[None]:
        """``BEGIN IMMEDIATE`` .. ``COMMIT``, or ``ROLLBACK`` on an error, under the lock."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")


def _not_kept(failure: BaseException) -> Exception:
    """The error a write of a group that was not committed fails with."""
    if isinstance(failure, Exception):
        return failure
    return sqlite3.OperationalError(f"not committed: {type(failure).__name__}")


class _Write:
    """A write waiting for its group's commit, and once done its result or its error."""

    __slots__ = ("done", "error", "result", "write")

    def __init__(self, write: Callable[[], Any]) -> None:
        self.write = write
        self.result: Any = None
        self.error: Exception | None = None
        self.done = False


def stored_room(
    room: str, row: Sequence[Any], seats: Sequence[Sequence[Any]], moves: Sequence[Sequence[Any]]
) -> StoredRoom:
    """A room from its stored rows (either store's): its own, its seats', its moves'.

    ``row`` is (game, players, options, seed), each seat (seat, name, bot,
    token hash), each move (move, seat, words); the words kept are those of
    the moves up to the first without them.

    Raises:
        ValueError: for a room whose seed or options are not what was stored.
    """
    game, players, options, seed = row
    words = list(itertools.takewhile(lambda text: text is not None, (m[2] for m in moves)))
    return StoredRoom(
        room=room,
        game=game,
        players=players,
        options=_options(options),
        seed=_stored_seed(seed),
        seats=tuple(StoredSeat(*seat) for seat in seats),
        moves=tuple(move for move, _seat, _words in moves),
        movers=tuple(seat for _move, seat, _words in moves),
        words=tuple(words),
    )


def _stored_seed(text: object) -> int:
    """A room's seed as stored: the digits of a number from 0 to 2**64 - 1."""
    if not (isinstance(text, str) and text.isascii() and text.isdigit() and len(text) <= 20):
        raise ValueError(f"its seed is stored as {str(text)[:30]!r}, not as digits")
    seed = int(text)
    if seed >= 1 << 64:
        raise ValueError("its seed is stored over 2**64 - 1")
    return seed


def _options(text: object) -> dict[str, Any]:
    """A room's options as stored: a JSON object."""
    try:
        options = json.loads(text) if isinstance(text, str) else None
    except ValueError:
        options = None
    if not isinstance(options, dict):
        raise ValueError("its options are not stored as a JSON object")
    return options
