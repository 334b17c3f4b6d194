"""The :class:`~tilegames.server.Store` contract, the same tests for every store.

SQLite (the embedded default) runs in both tiers; PostgreSQL runs against a
real server that tests/postgres_support.py starts, in the deep tier (it skips,
saying why, where PostgreSQL cannot be had). The contract is the protocol's
docstrings: a room comes back as it was kept, a seat is given once, a move
number is kept once (of racing writers exactly one wins), finished rooms
leave :meth:`~tilegames.server.Store.unfinished`, and nothing is lost when
the store is opened again.
"""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from postgres_support import postgres_server, postgres_url
from server_support import SERVER_MISSING, needs_server
from tiers import DEEP

if TYPE_CHECKING or not SERVER_MISSING:
    from tilegames.server._store import SQLiteStore, Store, StoredRoom, StoredSeat

pytestmark = needs_server

__all__ = ["postgres_server", "postgres_url"]  # fixtures, used by name

Opener = Callable[[], "Store"]


@pytest.fixture(params=["sqlite", "postgres"] if DEEP else ["sqlite"])
def opener(request: pytest.FixtureRequest, tmp_path: Path) -> Opener:
    """A function that opens the store under test (a new connection each call, one database)."""
    if request.param == "sqlite":
        path = tmp_path / "rooms.sqlite3"
        return lambda: SQLiteStore(path)
    url = request.getfixturevalue("postgres_url")
    from tilegames.server._postgres import PostgresStore

    return lambda: PostgresStore(url)


@pytest.fixture
def store(opener: Opener) -> Iterator[Store]:
    opened = opener()
    try:
        yield opened
    finally:
        opened.close()


def _room(room: str = "r1", players: int = 3, seed: int = 7, **options: Any) -> StoredRoom:
    seats = (
        StoredSeat(0, "", None, None),
        StoredSeat(1, "greedy", "greedy", None),
        StoredSeat(2, "", None, None),
    )[:players]
    return StoredRoom(room, "axio", players, dict(options), seed, seats)


def _same(found: StoredRoom | None, expected: StoredRoom) -> None:
    assert found == expected
    assert found.options == expected.options  # not part of ==


@needs_server
@pytest.mark.parametrize(
    ("url", "shown"),
    [
        (
            "postgresql://ann:s3cret@db.example:5432/rooms",
            "postgresql://ann:***@db.example:5432/rooms",
        ),
        ("postgres://ann:p%40ss@db.example/rooms", "postgres://ann:***@db.example/rooms"),
        ("postgresql://ann@db.example/rooms", "postgresql://ann@db.example/rooms"),
        (
            "postgresql://db.example/rooms?sslmode=require",
            "postgresql://db.example/rooms?sslmode=require",
        ),
        ("rooms.sqlite3", "rooms.sqlite3"),
    ],
)
def test_a_database_as_messages_name_it(url: str, shown: str) -> None:
    """A URL's password never reaches a message (or a log); the rest of the URL does."""
    from tilegames.server._store import shown_url

    assert shown_url(url) == shown


class TestRooms:
    """create and load."""

    def test_a_room_comes_back_as_kept(self, store: Store) -> None:
        """Setup, options, seats, and no moves yet."""
        kept = _room(options_list=[1, [2, "x"]], flag=True, text="é")
        store.create(kept)
        _same(store.load("r1"), kept)

    def test_unknown_room(self, store: Store) -> None:
        """An id never kept: None."""
        store.create(_room())
        assert store.load("r2") is None
        assert store.load("") is None

    @pytest.mark.parametrize("seed", [0, 1, 2**63 - 1, 2**63, 2**64 - 1])
    def test_seeds_of_64_bits(self, store: Store, seed: int) -> None:
        """Every seed from 0 to 2**64 - 1 comes back exactly (past a signed 64-bit integer too)."""
        store.create(_room(seed=seed))
        found = store.load("r1")
        assert found is not None
        assert found.seed == seed

    def test_a_room_id_twice(self, store: Store) -> None:
        """A second room with the same id is refused, and the first is unchanged."""
        store.create(_room())
        with pytest.raises(Exception):  # noqa: B017 (each database its own error)
            store.create(_room(seed=99))
        found = store.load("r1")
        assert found is not None
        assert found.seed == 7


class TestSeats:
    """take_seat: a person's free seat is given once."""

    def test_a_free_seat_once(self, store: Store) -> None:
        store.create(_room())
        assert store.take_seat("r1", 0, "Ann", "a" * 64)
        assert not store.take_seat("r1", 0, "Bob", "b" * 64)
        found = store.load("r1")
        assert found is not None
        assert found.seats[0] == StoredSeat(0, "Ann", None, "a" * 64)
        assert found.seats[2] == StoredSeat(2, "", None, None)

    def test_a_bots_seat_is_never_given(self, store: Store) -> None:
        store.create(_room())
        assert not store.take_seat("r1", 1, "Ann", "a" * 64)
        found = store.load("r1")
        assert found is not None
        assert found.seats[1] == StoredSeat(1, "greedy", "greedy", None)

    def test_no_such_seat_or_room(self, store: Store) -> None:
        store.create(_room())
        assert not store.take_seat("r1", 3, "Ann", "a" * 64)
        assert not store.take_seat("r2", 0, "Ann", "a" * 64)


class TestMoves:
    """add_move: each move number once, in order; over rooms leave unfinished()."""

    def test_moves_in_order(self, store: Store) -> None:
        store.create(_room())
        assert store.add_move("r1", 0, 0, "m0", False)
        assert store.add_move("r1", 1, 1, "m1", False)
        assert store.add_move("r1", 2, 2, "m2", False)
        found = store.load("r1")
        assert found is not None
        assert found.moves == ("m0", "m1", "m2")

    def test_a_turn_kept_once(self, store: Store) -> None:
        """The second move of turn 0 is refused and changes nothing."""
        store.create(_room())
        assert store.add_move("r1", 0, 0, "first", False)
        assert not store.add_move("r1", 0, 0, "second", True)
        found = store.load("r1")
        assert found is not None
        assert found.moves == ("first",)
        assert store.unfinished() == ["r1"]  # the refused move's "over" not kept

    def test_rooms_apart(self, store: Store) -> None:
        store.create(_room("a"))
        store.create(_room("b"))
        assert store.add_move("a", 0, 0, "x", False)
        assert store.add_move("b", 0, 0, "y", False)
        assert [store.load(r).moves for r in "ab"] == [("x",), ("y",)]  # type: ignore[union-attr]

    def test_unfinished_oldest_first(self, store: Store) -> None:
        for room in ("c", "a", "b"):
            store.create(_room(room))
        assert list(store.unfinished()) == ["c", "a", "b"]
        assert store.add_move("a", 0, 0, "last", True)
        assert list(store.unfinished()) == ["c", "b"]


class TestWordsAndBots:
    """What a move keeps besides its notation: its seat, its words, whether a bot moves next."""

    def test_movers_and_words(self, store: Store) -> None:
        store.create(_room())
        assert store.add_move("r1", 0, 2, "m0", False, "Ann plays m0", True)
        assert store.add_move("r1", 1, 1, "m1", False, "the bot plays m1", False)
        found = store.load("r1")
        assert found is not None
        assert (found.moves, found.movers) == (("m0", "m1"), (2, 1))
        assert found.words == ("Ann plays m0", "the bot plays m1")

    def test_words_kept_later(self, store: Store) -> None:
        """Moves stored without words: the words given up to the first one missing, then kept."""
        store.create(_room())
        assert store.add_move("r1", 0, 0, "m0", False, "w0")
        assert store.add_move("r1", 1, 1, "m1", False)
        assert store.add_move("r1", 2, 2, "m2", False, "w2")
        found = store.load("r1")
        assert found is not None
        assert found.words == ("w0",)
        store.keep_words("r1", ["other", "w1", "w2 again"])  # only the missing one is written
        found = store.load("r1")
        assert found is not None
        assert found.words == ("w0", "w1", "w2")

    def test_bots_to_move(self, store: Store) -> None:
        """Listed: a bot may move (said, or not said and a bot seat), and the game not over."""
        store.create(_room("yes"), True)
        store.create(_room("no"), False)
        store.create(_room("unsaid"))  # seat 1 is a bot's
        store.create(_room("people", players=1))  # no bot seat, nothing said
        store.create(_room("over"), True)
        assert list(store.bots_to_move()) == ["yes", "unsaid", "over"]
        assert store.add_move("over", 0, 0, "m0", True, "w", True)
        assert store.add_move("yes", 0, 1, "m0", False, "w", False)
        assert store.add_move("no", 0, 0, "m0", False, "w", True)
        assert list(store.bots_to_move()) == ["no", "unsaid"]


class TestAcrossConnections:
    """Two connections on one database, as two server processes hold."""

    def test_kept_after_closing(self, opener: Opener) -> None:
        """Everything answered is there when the store is opened again."""
        first = opener()
        first.create(_room())
        assert first.take_seat("r1", 0, "Ann", "a" * 64)
        assert first.add_move("r1", 0, 0, "m0", False)
        first.close()
        again = opener()
        try:
            found = again.load("r1")
            assert found is not None
            assert found.moves == ("m0",)
            assert found.seats[0].token_hash == "a" * 64
        finally:
            again.close()

    def test_racing_writers(self, opener: Opener) -> None:
        """Eight connections write turn 0 and then the same seat at once: one of each wins."""
        stores = [opener() for _ in range(8)]
        try:
            stores[0].create(_room())
            start = threading.Barrier(len(stores))
            moved: list[bool] = [False] * len(stores)
            seated: list[bool] = [False] * len(stores)

            def write(number: int) -> None:
                start.wait()
                moved[number] = stores[number].add_move("r1", 0, 0, f"m{number}", False)
                seated[number] = stores[number].take_seat("r1", 0, f"P{number}", f"{number}" * 64)

            threads = [threading.Thread(target=write, args=(n,)) for n in range(len(stores))]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(timeout=30)
            assert moved.count(True) == 1
            assert seated.count(True) == 1
            found = stores[1].load("r1")
            assert found is not None
            assert found.moves == (f"m{moved.index(True)}",)
            assert found.seats[0].name == f"P{seated.index(True)}"
        finally:
            for opened in stores:
                opened.close()


class TestThreads:
    """One store written from many threads at once, as the server writes (each in a thread)."""

    def test_writes_of_many_threads(self, store: Store) -> None:
        """Sixteen threads move their own rooms and race one room's turn 0 at once.

        Every write answered ``True`` is kept and in order, the racing writes
        leave exactly one move, and a refused write undoes nothing of the
        writes committed with it.
        """
        threads = 16
        rooms = [f"r{number}" for number in range(threads)]
        for room in [*rooms, "race"]:
            store.create(_room(room))
        start = threading.Barrier(threads)
        kept: list[list[bool]] = [[] for _ in range(threads)]
        raced: list[bool] = [False] * threads

        def write(number: int) -> None:
            start.wait()
            for turn in range(4):
                kept[number].append(
                    store.add_move(rooms[number], turn, 0, f"m{number}.{turn}", False)
                )
            raced[number] = store.add_move("race", 0, 0, f"m{number}", False)
            for turn in range(4, 6):
                kept[number].append(
                    store.add_move(rooms[number], turn, 0, f"m{number}.{turn}", False)
                )

        running = [threading.Thread(target=write, args=(n,)) for n in range(threads)]
        for thread in running:
            thread.start()
        for thread in running:
            thread.join(timeout=60)
        assert kept == [[True] * 6] * threads
        assert raced.count(True) == 1
        for number, room in enumerate(rooms):
            found = store.load(room)
            assert found is not None
            assert found.moves == tuple(f"m{number}.{turn}" for turn in range(6))
        race = store.load("race")
        assert race is not None
        assert race.moves == (f"m{raced.index(True)}",)


class _FailingCommit:
    """A SQLite connection whose ``COMMIT`` fails (a full disk, say)."""

    def __init__(self, db: Any) -> None:
        self.db = db

    def execute(self, sql: str, *args: Any) -> Any:
        if sql == "COMMIT":
            msg = "database or disk is full"
            raise sqlite3.OperationalError(msg)
        return self.db.execute(sql, *args)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.db, name)


def test_a_group_not_committed(tmp_path: Path) -> None:
    """A SQLite commit that fails fails every write of its group, and keeps none of them."""
    store = SQLiteStore(tmp_path / "rooms.sqlite3")
    try:
        store.create(_room())
        real = store._db
        store._db = _FailingCommit(real)  # type: ignore[assignment]
        with pytest.raises(sqlite3.OperationalError, match="disk is full"):
            store.add_move("r1", 0, 0, "m0", False)
        store._db = real
        found = store.load("r1")
        assert found is not None
        assert found.moves == ()
        assert store.add_move("r1", 0, 0, "m0", False)  # the store goes on
    finally:
        store.close()


class TestNotifications:
    """PostgreSQL only: every process hears of each change to a room, and reads its version."""

    def test_version(self, postgres_url: str) -> None:
        """A room's turn and the seats people hold, as any connection stored them."""
        from tilegames.server._postgres import PostgresStore

        writer, reader = PostgresStore(postgres_url), PostgresStore(postgres_url)
        try:
            assert reader.version("r1") is None
            writer.create(_room())
            assert reader.version("r1") == (0, 0)
            assert writer.take_seat("r1", 2, "Ann", "a" * 64)
            assert writer.add_move("r1", 0, 0, "m0", False)
            assert writer.add_move("r1", 1, 0, "m1", False)
            assert reader.version("r1") == (2, 1)
        finally:
            writer.close()
            reader.close()

    def test_postgres_here(self, postgres_url: str) -> None:
        """PostgreSQL can be had (else every PostgreSQL test skips, and this one says why)."""
        from tilegames.server._postgres import PostgresStore

        store = PostgresStore(postgres_url)
        store.close()

    def test_changes_of_another_connection(self, postgres_url: str) -> None:
        """A seat taken and a move stored are heard by another store; its own are not."""
        from tilegames.server._postgres import PostgresStore

        writer, reader = PostgresStore(postgres_url), PostgresStore(postgres_url)

        def listeners() -> set[int]:
            """The server processes whose connection last ran a LISTEN (idle, listening)."""
            import psycopg

            with psycopg.connect(postgres_url, autocommit=True) as probe:
                found = probe.execute(
                    "SELECT pid FROM pg_stat_activity WHERE query LIKE 'LISTEN %'"
                ).fetchall()
            return {pid for (pid,) in found}

        async def heard() -> list[str]:
            before = listeners()
            changes = reader.changes()
            first = asyncio.ensure_future(changes.__anext__())
            for _ in range(2000):  # until the reader's connection listens (at most 20 s)
                if listeners() - before:
                    break
                await asyncio.sleep(0.01)
            else:
                raise AssertionError("the reader did not listen within 20 s")
            writer.create(_room())  # a new room is no change to any process's rooms
            assert writer.take_seat("r1", 0, "Ann", "a" * 64)
            assert not writer.take_seat("r1", 0, "Bob", "b" * 64)  # no change: no notice
            assert writer.add_move("r1", 0, 0, "m0", False)
            assert reader.add_move("r1", 1, 1, "m1", False)  # the reader's own: not given
            got = [await asyncio.wait_for(first, 10)]
            got.append(await asyncio.wait_for(changes.__anext__(), 10))
            with pytest.raises(asyncio.TimeoutError):
                await asyncio.wait_for(changes.__anext__(), 0.5)
            await changes.aclose()
            return got

        try:
            assert asyncio.run(heard()) == ["r1", "r1"]
        finally:
            writer.close()
            reader.close()
