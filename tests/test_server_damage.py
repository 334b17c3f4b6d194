"""The server's start-up and its database: damage contained, no room read before it is asked for.

A database the server cannot read stops ``tilegames serve`` with one line
naming the file and the fault, before it prints that it serves; one damaged
room is refused alone (500 with ``{"error": ...}``, logged once with its id)
while every other room serves; a start-up reads no room but those whose bot
is to move, whatever the number of rooms stored; a room is read and replayed
in a worker thread, its history's words read from the store, not worked out
again. Rooms are stored here through :class:`~tilegames.server.SQLiteStore`
from games the library plays, never through the server under test.
"""

from __future__ import annotations

import contextlib
import logging
import random
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any, ClassVar

import pytest

import tilegames
from cli_support import in_process
from server_support import SERVER_MISSING, expected_snapshot, needs_server, replayed
from tiers import size

pytestmark = needs_server

if not SERVER_MISSING:
    from starlette.testclient import TestClient

    from tilegames.server import (
        SQLiteStore,
        StoredRoom,
        StoredSeat,
        StoreError,
        _app,
        _rooms,
        create_app,
    )
    from tilegames.server._words import move_words

GAME = "axio-rota"
PERSON = "P0"


def _moves(seed: int, count: int) -> list[tuple[int, str, Any, Any]]:
    """The first ``count`` moves of a random game: (seat, notation, move, state before)."""
    rules = tilegames.get(GAME)
    state = rules.new_game(2, seed=seed)
    chooser = random.Random(seed)
    played = []
    for _ in range(count):
        move = chooser.choice(list(rules.legal_moves(state)))
        seat = rules.to_move(state)[0]
        played.append((seat, rules.format_move(move), move, state))
        state = rules.apply(state, move)
    return played


def _store_room(
    store: Any, room: str, seed: int, count: int, bots: dict[int, str] | None = None
) -> list[tuple[int, str]]:
    """A room of two seats (seat 0 a person, others as ``bots``) and its first moves, stored."""
    bots = bots or {}
    seats = tuple(
        StoredSeat(seat, bots.get(seat, PERSON if seat == 0 else ""), bots.get(seat), None)
        for seat in range(2)
    )
    rules = tilegames.get(GAME)
    played = _moves(seed, count)
    final = replayed(GAME, 2, seed, [text for _, text, _, _ in played])
    store.create(StoredRoom(room, GAME, 2, {}, seed, seats), None)
    for turn, (seat, text, move, before) in enumerate(played):
        after = rules.apply(before, move)
        words = move_words(rules, before, move, seat, after)
        last = turn == len(played) - 1
        waiting = last and any(s in bots for s in rules.to_move(final))
        assert store.add_move(room, turn, seat, text, False, words, waiting)
    return [(seat, text) for seat, text, _, _ in played]


def _quick_store(path: Path) -> Any:
    """The SQLite store, writing without waiting for the disk (the tests' rooms are made fast)."""
    store = SQLiteStore(path)
    store._db.execute("PRAGMA synchronous=OFF")
    return store


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "rooms.sqlite3"


def _serve(path: Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    """``tilegames serve --db PATH`` (in this process: it returns at once on a bad database)."""
    return in_process("serve", "--port", "0", "--db", str(path), cwd=cwd)


def _sqlite_file(path: Path, rooms: int = 3) -> bytes:
    store = _quick_store(path)
    for number in range(rooms):
        _store_room(store, f"room{number}", number, 4)
    store._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    store.close()
    return path.read_bytes()


class TestDamagedDatabase:
    """A file the server cannot use: one line naming it and the fault, status 1, nothing served."""

    def _refused(self, path: Path, tmp_path: Path, fault: str) -> None:
        result = _serve(path, tmp_path)
        assert result.returncode == 1
        assert result.stdout == ""  # "serving on" is never printed
        assert result.stderr.count("\n") == 1, result.stderr  # one line, no traceback
        assert result.stderr.startswith(f"tilegames: error: database {path}: ")
        assert fault in result.stderr, result.stderr

    def test_not_a_database(self, db: Path, tmp_path: Path) -> None:
        db.write_bytes(b"these are not the rooms you are looking for\n" * 100)
        self._refused(db, tmp_path, "not an SQLite database")

    def test_empty_file(self, db: Path, tmp_path: Path) -> None:
        """A file cut to 0 bytes is not served as a new, empty database."""
        _sqlite_file(db)
        db.write_bytes(b"")
        self._refused(db, tmp_path, "empty (0 bytes)")

    def test_truncated_file(self, db: Path, tmp_path: Path) -> None:
        whole = _sqlite_file(db, rooms=20)
        assert len(whole) > 8192
        db.write_bytes(whole[: len(whole) // 2])
        self._refused(db, tmp_path, f"truncated to {len(whole) // 2} bytes")

    def test_header_only(self, db: Path, tmp_path: Path) -> None:
        db.write_bytes(_sqlite_file(db)[:50])
        self._refused(db, tmp_path, "truncated to 50 bytes")

    def test_pages_damaged(self, db: Path, tmp_path: Path) -> None:
        """The header whole, the schema's page overwritten: SQLite's own word for it."""
        whole = bytearray(_sqlite_file(db))
        whole[100:4096] = b"\xa5" * (4096 - 100)
        db.write_bytes(bytes(whole))
        self._refused(db, tmp_path, "malformed")

    def test_another_database(self, db: Path, tmp_path: Path) -> None:
        with contextlib.closing(sqlite3.connect(db)) as other, other:
            other.execute("CREATE TABLE recipes (name TEXT)")
        self._refused(db, tmp_path, "not a tilegames database (its tables: recipes)")

    def test_a_column_lost(self, db: Path, tmp_path: Path) -> None:
        """A database of this schema version without a column of that version: refused.

        Refused when opened, not served with every room then refused as damaged.
        """
        if sqlite3.sqlite_version_info < (3, 35):  # pragma: no cover - older SQLite
            pytest.skip(f"SQLite {sqlite3.sqlite_version} cannot drop a column")
        _sqlite_file(db)
        _damage(db, "ALTER TABLE moves DROP COLUMN words")
        with pytest.raises(
            StoreError, match=r"not a tilegames database \(table moves lacks words\)"
        ):
            SQLiteStore(db)
        self._refused(db, tmp_path, "not a tilegames database (table moves lacks words)")

    def test_a_folder(self, tmp_path: Path) -> None:
        folder = tmp_path / "rooms"
        folder.mkdir()
        self._refused(folder, tmp_path, "is a folder")

    @pytest.mark.deep_only("starts a real server process")
    def test_as_a_user_runs_it(self, db: Path, tmp_path: Path) -> None:
        """A real ``python -m tilegames serve``: one line on standard error, status 1."""
        db.write_bytes(b"")
        result = subprocess.run(
            [sys.executable, "-m", "tilegames", "serve", "--port", "0", "--db", str(db)],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert result.returncode == 1
        assert result.stdout == ""
        assert result.stderr.splitlines() == [
            f"tilegames: error: database {db}: the file is empty (0 bytes), not a tilegames "
            "database; move it away to start a new one"
        ]

    def test_a_new_file_is_made(self, db: Path) -> None:
        """A path where no file is: a new database (and the store opens it again)."""
        SQLiteStore(db).close()
        store = SQLiteStore(db)
        assert store.unfinished() == []
        store.close()
        assert db.stat().st_size > 0
        db.write_bytes(b"")
        with pytest.raises(StoreError, match=r"the file is empty \(0 bytes\)"):
            SQLiteStore(db)


def _damage(path: Path, sql: str, *parameters: Any) -> None:
    with contextlib.closing(sqlite3.connect(path)) as raw, raw:
        raw.execute(sql, parameters)
    raw.close()


class TestDamagedRooms:
    """One room stored wrong is refused alone; every other room serves."""

    DAMAGE: ClassVar[dict[str, tuple[str]]] = {
        "seed-as-text": ("UPDATE rooms SET seed = 'forty-two' WHERE room = ?",),
        "seed-over": ("UPDATE rooms SET seed = '18446744073709551616' WHERE room = ?",),
        "options": ("UPDATE rooms SET options = '{\"mode\": ' WHERE room = ?",),
        "options-refused": ("UPDATE rooms SET options = '{\"colours\": 99}' WHERE room = ?",),
        "game": ("UPDATE rooms SET game = 'chess' WHERE room = ?",),
        "notation": ("UPDATE moves SET move = 'zz:9' WHERE room = ? AND turn = 2",),
        "seat": ("UPDATE moves SET seat = 1 - seat WHERE room = ? AND turn = 0",),
        "players": ("UPDATE rooms SET players = 3 WHERE room = ?",),
    }

    @pytest.fixture
    def stored(self, db: Path) -> dict[str, list[tuple[int, str]]]:
        store = _quick_store(db)
        rooms = {name: _store_room(store, name, 5, 4) for name in ("good", *self.DAMAGE, "replay")}
        rooms["bots"] = _store_room(store, "bots", 6, 3, bots={1: "random"})
        rooms["edge"] = _store_room(store, "edge", (1 << 64) - 1, 3)  # the largest seed
        store.close()
        for name, (sql,) in self.DAMAGE.items():
            _damage(db, sql, name)
        # a move that reads but does not replay: the first move again, on a taken cell
        first = rooms["replay"][0][1]
        _damage(db, "UPDATE moves SET move = ? WHERE room = 'replay' AND turn = 2", first)
        _damage(db, "UPDATE rooms SET seed = 'x' WHERE room = 'bots'")  # a bot's room, damaged
        return rooms

    def test_each_refused_alone(
        self, db: Path, stored: dict[str, Any], caplog: pytest.LogCaptureFixture
    ) -> None:
        """500 with the reason in words, logged once with the room's id; the good room serves."""
        caplog.set_level(logging.ERROR, logger="tilegames.server")
        with TestClient(create_app(db), raise_server_exceptions=False) as client:
            good = client.get("/api/rooms/good")
            assert good.status_code == 200
            state = replayed(GAME, 2, 5, [text for _, text in stored["good"]])
            seats = [
                {"seat": 0, "name": PERSON, "bot": None, "taken": False},
                {"seat": 1, "name": "", "bot": None, "taken": False},
            ]
            assert good.json() == expected_snapshot(
                "good", GAME, state, None, stored["good"], seats
            )
            for name in (*self.DAMAGE, "replay", "bots"):
                for _ in range(2):  # asked twice: refused twice, logged once
                    answer = client.get(f"/api/rooms/{name}")
                    assert answer.status_code == 500, (name, answer.text)
                    assert answer.json() == {"error": _app._DAMAGED}
                with client.websocket_connect(f"/api/rooms/{name}/live") as socket:
                    assert socket.receive()["code"] == 4500
            assert client.get("/api/rooms/good").json() == good.json()
            assert client.get("/api/rooms/edge").status_code == 200
        logged = [r.getMessage() for r in caplog.records if r.name == "tilegames.server"]
        for name in (*self.DAMAGE, "replay", "bots"):
            mine = [line for line in logged if line.startswith(f"room {name} is damaged")]
            assert len(mine) == 1, (name, logged)
        reasons = {
            name: next(x for x in logged if x.startswith(f"room {name} "))
            for name in (*self.DAMAGE, "replay")
        }
        assert "forty-two" in reasons["seed-as-text"]
        assert reasons["seed-over"].endswith("its seed is stored over 2**64 - 1")
        assert "options" in reasons["options"]
        assert '"chess" is not registered' in reasons["game"]
        assert "move 2" in reasons["notation"]
        assert "does not read" in reasons["notation"]
        assert "move 2" in reasons["replay"]
        assert "against the rules" in reasons["replay"]
        assert "move 0" in reasons["seat"]
        assert "stored as seat" in reasons["seat"]
        assert "seats do not match" in reasons["players"]
        assert "cannot start" in reasons["options-refused"]


def _rooms_at_start(
    db: Path, count: int, waiting_bots: bool = True
) -> tuple[list[str], list[str]]:
    """``count`` unfinished rooms: a tenth with a bot seat, the rest people's; their ids.

    The bot rooms' ids are given when their bot is to move (they resume at a
    start), and with ``waiting_bots=False`` no bot is to move in any room.
    """
    store = _quick_store(db)
    rules = tilegames.get(GAME)
    waiting, people = [], []
    for number in range(count):
        if number % 10 == 0:
            moves = [text for _, text, _, _ in _moves(number, 3)]
            bot_to_move = 1 in rules.to_move(replayed(GAME, 2, number, moves))
            if bot_to_move == waiting_bots:  # seat 1's bot is to move, or not, as asked
                name = f"bot{number}"
                _store_room(store, name, number, 3, bots={1: "random"})
                if bot_to_move:
                    waiting.append(name)
                    continue
        name = f"person{number}"
        _store_room(store, name, number, 4)
        people.append(name)
    store.close()
    return waiting, people


def _wait(predicate: Any, seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while not predicate():
        assert time.monotonic() < deadline, "not in time"
        time.sleep(0.01)


class TestStartUp:
    """A start-up reads only the rooms whose bot is to move; any other room when asked for."""

    def test_rooms_read_when_asked_for(self, db: Path) -> None:
        waiting, people = _rooms_at_start(db, size(everyday=20, deep=300))
        assert waiting
        assert people
        with TestClient(create_app(db)) as client:
            server = client.app.state.server
            assert client.get("/api/games").status_code == 200

            def moved() -> bool:  # each waiting room read, and its bot moved by itself
                with contextlib.suppress(RuntimeError, KeyError):  # the loop changes the rooms
                    return all(server.rooms[name].turn >= 4 for name in waiting)
                return False

            _wait(moved)
            assert set(server.rooms) == set(waiting)  # no other room was read
            answer = client.get(f"/api/rooms/{people[0]}")
            assert answer.status_code == 200
            assert answer.json()["turn"] == 4
            assert set(server.rooms) == {*waiting, people[0]}

    def test_words_read_not_worked_out(self, db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        """A room's history comes from the stored words: loading works out none again."""
        store = _quick_store(db)
        played = _store_room(store, "kept", 3, 6)
        store.close()
        with TestClient(create_app(db)) as client:
            before = client.get("/api/rooms/kept").json()["history"]
        assert [(entry["seat"], entry["move"]) for entry in before] == played

        def no_words(*arguments: Any) -> str:
            raise AssertionError("words worked out again")

        monkeypatch.setattr(_rooms, "move_words", no_words)
        with TestClient(create_app(db)) as client:
            assert client.get("/api/rooms/kept").json()["history"] == before

    def test_words_kept_with_each_move(self, db: Path) -> None:
        """The words of a move made through the server are stored with it, as the history shows."""
        with TestClient(create_app(db)) as client:
            room = client.post("/api/rooms", json={"game": "polygon", "seed": 4}).json()["room"]
            tokens = [
                client.post(f"/api/rooms/{room}/seats/{s}", json={"name": "A"}).json()["token"]
                for s in (0, 1)
            ]
            for _ in range(3):
                snapshot = client.get(f"/api/rooms/{room}").json()
                mover = snapshot["to_move"][0]
                legal = client.get(
                    f"/api/rooms/{room}", headers={"Authorization": f"Bearer {tokens[mover]}"}
                ).json()["legal"]
                body = {"move": legal[0], "turn": snapshot["turn"]}
                headers = {"Authorization": f"Bearer {tokens[mover]}"}
                assert client.post(
                    f"/api/rooms/{room}/moves", json=body, headers=headers
                ).is_success
            history = client.get(f"/api/rooms/{room}").json()["history"]
        with contextlib.closing(sqlite3.connect(db)) as raw, raw:
            rows = raw.execute(
                "SELECT seat, move, words FROM moves WHERE room = ? ORDER BY turn", (room,)
            ).fetchall()
        assert [{"seat": s, "move": m, "text": w} for s, m, w in rows] == history

    def test_loading_is_off_the_event_loop(
        self, db: Path, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """While room A is being read, room B answers: A's replay holds no request of B's."""
        store = _quick_store(db)
        _store_room(store, "a", 1, 4)
        _store_room(store, "b", 2, 4)
        store.close()
        release, entered = threading.Event(), threading.Event()
        replay = _rooms.room_from

        def slow(stored: Any) -> Any:
            if stored.room == "a":
                entered.set()
                assert release.wait(20)
            return replay(stored)

        monkeypatch.setattr(_app, "room_from", slow)
        with TestClient(create_app(db)) as client:
            answers: list[int] = []
            first = threading.Thread(
                target=lambda: answers.append(client.get("/api/rooms/a").status_code)
            )
            second = threading.Thread(  # asks for A too: waits for the same load
                target=lambda: answers.append(client.get("/api/rooms/a").status_code)
            )
            first.start()
            assert entered.wait(20)
            second.start()
            for _ in range(3):
                assert client.get("/api/rooms/b").status_code == 200  # while A is read
                assert client.get("/api/games").status_code == 200
            assert answers == []
            release.set()
            first.join(20)
            second.join(20)
            assert answers == [200, 200]


def _old_database(path: Path, rooms: int) -> list[list[tuple[int, str]]]:
    """A database as the first server wrote it: no words, no bot flag, user_version 0."""
    with contextlib.closing(sqlite3.connect(path)) as raw, raw:
        raw.executescript(
            """
            CREATE TABLE rooms (room TEXT PRIMARY KEY, game TEXT NOT NULL,
                players INTEGER NOT NULL, options TEXT NOT NULL, seed TEXT NOT NULL,
                created REAL NOT NULL, turn INTEGER NOT NULL DEFAULT 0,
                over INTEGER NOT NULL DEFAULT 0);
            CREATE TABLE seats (room TEXT NOT NULL REFERENCES rooms(room),
                seat INTEGER NOT NULL, name TEXT NOT NULL, bot TEXT, token_hash TEXT,
                PRIMARY KEY (room, seat));
            CREATE TABLE moves (room TEXT NOT NULL REFERENCES rooms(room),
                turn INTEGER NOT NULL, seat INTEGER NOT NULL, move TEXT NOT NULL,
                PRIMARY KEY (room, turn));
            CREATE INDEX unfinished ON rooms(over);
            """
        )
        games = []
        for number in range(rooms):
            played = _moves(number, 3)
            raw.execute(
                "INSERT INTO rooms VALUES (?, ?, 2, '{}', ?, ?, 3, 0)",
                (f"old{number}", GAME, str(number), float(number)),
            )
            bot = "random" if number == 0 else None
            raw.execute("INSERT INTO seats VALUES (?, 0, ?, NULL, NULL)", (f"old{number}", PERSON))
            raw.execute(
                "INSERT INTO seats VALUES (?, 1, ?, ?, NULL)", (f"old{number}", bot or "", bot)
            )
            for turn, (seat, text, _, _) in enumerate(played):
                raw.execute(
                    "INSERT INTO moves VALUES (?, ?, ?, ?)", (f"old{number}", turn, seat, text)
                )
            games.append([(seat, text) for seat, text, _, _ in played])
    raw.close()
    return games


class TestOldDatabase:
    """A database of the first server: its columns added, each room's words worked out once."""

    def test_migrated(self, db: Path) -> None:
        games = _old_database(db, 3)
        store = SQLiteStore(db)
        assert store.bots_to_move() == ["old0"]  # the room with a bot seat, not over
        loaded = store.load("old1")
        assert loaded is not None
        assert loaded.words == ()
        assert loaded.moves == tuple(text for _, text in games[1])
        store.close()
        with TestClient(create_app(db)) as client:
            history = client.get("/api/rooms/old1").json()["history"]
        with contextlib.closing(sqlite3.connect(db)) as raw, raw:
            assert raw.execute("PRAGMA user_version").fetchone() == (2,)
            words = [
                w
                for (w,) in raw.execute(
                    "SELECT words FROM moves WHERE room = 'old1' ORDER BY turn"
                )
            ]
            untouched = raw.execute(
                "SELECT count(*) FROM moves WHERE room = 'old2' AND words IS NULL"
            ).fetchone()
        raw.close()
        assert words == [entry["text"] for entry in history]
        assert untouched == (3,)  # a room not asked for is not read


def _first_answers(db: Path, room: str | None) -> float:
    """Seconds from the line ``tilegames serve`` prints once its database is open to its
    first answers: ``GET /api/games``, then ``room``'s snapshot (a stored room, read then)."""
    from test_server_process import Process

    process = Process.__new__(Process)
    process.db = db
    process.popen = subprocess.Popen(
        [sys.executable, "-m", "tilegames", "serve", "--port", "0", "--db", str(db)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.popen.stdout is not None
        line = process.popen.stdout.readline()
        started = time.monotonic()
        process.port = int(line.split("127.0.0.1:")[1].split("/")[0])
        process.wait_ready()
        if room is not None:
            status, snapshot = process.request("GET", f"/api/rooms/{room}")
            assert status == 200
            assert snapshot["turn"] == 4
        return time.monotonic() - started
    finally:
        process.stop()


@pytest.mark.deep_only("1,000 stored rooms and real server processes")
def test_a_thousand_rooms_start_in_time(db: Path, tmp_path: Path) -> None:
    """``tilegames serve`` answers within 2 s of its start with 1,000 unfinished rooms stored.

    The start is the line it prints once the database is open (Python's own
    start and the imports before it take the same time whatever is stored).
    On a machine so busy that a server with no room stored takes longer than
    1.5 s to answer, the bound is that time and half a second more: the
    rooms stored may add no more. Some of the rooms have a bot seat,
    none of them to move (the rooms that resume are TestStartUp's): the
    first bot move of a server starts its worker processes.
    """
    waiting, people = _rooms_at_start(db, 1000, waiting_bots=False)
    assert waiting == []
    empty = _first_answers(tmp_path / "empty.sqlite3", None)
    elapsed = _first_answers(db, people[-1])
    assert elapsed < max(2.0, empty + 0.5), f"{elapsed:.2f} s ({empty:.2f} s with no room)"
