"""Rooms at rest: ``tilegames serve``'s start-up, a room's first load, its memory.

Three measures, each on a real ``python -m tilegames serve`` over a SQLite
file prepared in a temporary folder:

* ``start``: the time from the line the server prints once its database is
  open to its first answers (``GET /api/games``, then one stored room), with
  ``--stored`` unfinished rooms stored (a tenth with a bot to move) and with
  none;
* ``load``: the latency of ``GET`` of a room B, again and again, while a room
  A of a whole AXIO game (stored without its history's words, as a database
  of the first server keeps it: the slowest load there is) is read for the
  first time;
* ``memory``: the server's resident memory before and after ``--rooms``
  rooms are created (each read once by a spectator, so that it holds its
  snapshot), with the default ``--max-rooms`` and with room for all.

    python benchmarks/server_rooms.py start load memory --stored 1000 --rooms 10000

Loopback only; needs the server extra. Not a test: nothing is asserted.
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import tilegames
from tilegames.server import SQLiteStore, StoredRoom, StoredSeat
from tilegames.server._words import move_words

GAMES = ("axio", "axio-rota", "aztack", "polygon")


class Served:
    """A ``tilegames serve`` process on a free port, and requests to it."""

    def __init__(self, db: Path, *options: str) -> None:
        self.popen = subprocess.Popen(
            [sys.executable, "-m", "tilegames", "serve", "--port", "0", "--db", str(db), *options],
            stdout=subprocess.PIPE,
            text=True,
        )
        assert self.popen.stdout is not None
        line = self.popen.stdout.readline()
        self.started = time.monotonic()
        self.port = int(line.split("127.0.0.1:")[1].split("/")[0])
        self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)

    def get(self, path: str, connection: http.client.HTTPConnection | None = None) -> Any:
        connection = connection or self.connection
        connection.request("GET", path)
        response = connection.getresponse()
        return response.status, json.loads(response.read())

    def post(self, path: str, body: Any) -> Any:
        self.connection.request(
            "POST", path, body=json.dumps(body), headers={"Content-Type": "application/json"}
        )
        response = self.connection.getresponse()
        return response.status, json.loads(response.read())

    def first_answer(self) -> float:
        """Seconds from the printed line to the first answer."""
        while True:
            try:
                self.get("/api/games")
                return time.monotonic() - self.started
            except OSError:
                self.connection.close()
                time.sleep(0.005)

    def memory(self) -> int:
        """The resident memory, in KiB."""
        status = Path(f"/proc/{self.popen.pid}/status").read_text()
        return int(next(x for x in status.splitlines() if x.startswith("VmRSS")).split()[1])

    def stop(self) -> None:
        self.connection.close()
        self.popen.terminate()
        self.popen.wait(10)
        if self.popen.stdout is not None:
            self.popen.stdout.close()


def _game(game: str, seed: int, moves: int | None) -> list[tuple[int, str, Any, Any]]:
    rules = tilegames.get(game)
    state = rules.new_game(2, seed=seed)
    chooser = random.Random(seed)
    played: list[tuple[int, str, Any, Any]] = []
    while not rules.is_over(state) and (moves is None or len(played) < moves):
        move = chooser.choice(list(rules.legal_moves(state)))
        played.append((rules.to_move(state)[0], rules.format_move(move), move, state))
        state = rules.apply(state, move)
    return played


def _store(db: Path, count: int, words: bool = True) -> list[str]:
    """``count`` unfinished AXIO Rota rooms of 4 moves, a tenth with a bot seat; their ids."""
    store = SQLiteStore(db)
    store._db.execute("PRAGMA synchronous=OFF")  # prepared fast; the server writes as ever
    rules = tilegames.get("axio-rota")
    rooms = []
    for number in range(count):
        bot = "random" if number % 10 == 0 else None
        seats = (StoredSeat(0, "P0", None, None), StoredSeat(1, bot or "", bot, None))
        room = f"room{number}"
        store.create(StoredRoom(room, "axio-rota", 2, {}, number, seats), None)
        for turn, (seat, text, move, before) in enumerate(_game("axio-rota", number, 4)):
            after = rules.apply(before, move)
            said = move_words(rules, before, move, seat, after) if words else None
            store.add_move(room, turn, seat, text, False, said, None)
        rooms.append(room)
    store.close()
    return rooms


def start(stored: int) -> None:
    for count in (0, stored):
        with tempfile.TemporaryDirectory() as folder:
            db = Path(folder) / "rooms.sqlite3"
            rooms = _store(db, count) if count else []
            served = Served(db)
            try:
                first = served.first_answer()
                room = time.monotonic()
                if rooms:
                    assert served.get(f"/api/rooms/{rooms[-1]}")[0] == 200
                ready = time.monotonic() - served.started
                print(
                    f"start, {count:5} rooms stored: first answer {first:.3f} s, "
                    f"a stored room answered {ready:.3f} s after the start "
                    f"(its load {time.monotonic() - room:.3f} s)"
                )
            finally:
                served.stop()


def load(repeats: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "rooms.sqlite3"
        _store(db, 1)
        store = SQLiteStore(db)
        played = _game("axio", 3, None)
        seats = (StoredSeat(0, "P0", None, None), StoredSeat(1, "P1", None, None))
        store.create(StoredRoom("long", "axio", 2, {}, 3, seats), False)
        for turn, (seat, text, _move, _before) in enumerate(played):
            store.add_move("long", turn, seat, text, False, None, False)  # no words
        store.close()
        print(f"load: room A, an AXIO game of {len(played)} moves stored without words")
        for attempt in range(2 * repeats):
            kept = attempt % 2 == 1  # the words the previous attempt worked out and kept
            if not kept:
                with sqlite3.connect(db) as raw:  # without its words again
                    raw.execute("UPDATE moves SET words = NULL WHERE room = 'long'")
                raw.close()
            served = Served(db)
            try:
                served.first_answer()
                assert served.get("/api/rooms/room0")[0] == 200
                quiet = []
                for _ in range(50):
                    began = time.monotonic()
                    served.get("/api/rooms/room0")
                    quiet.append(time.monotonic() - began)
                done = threading.Event()
                took: list[float] = []

                def read_a(
                    served: Served = served, took: list[float] = took, done: Any = done
                ) -> None:
                    other = http.client.HTTPConnection("127.0.0.1", served.port, timeout=60)
                    began = time.monotonic()
                    served.get("/api/rooms/long", other)
                    took.append(time.monotonic() - began)
                    other.close()
                    done.set()

                thread = threading.Thread(target=read_a)
                thread.start()
                during = []
                while not done.is_set():
                    began = time.monotonic()
                    served.get("/api/rooms/room0")
                    during.append(time.monotonic() - began)
                thread.join()
                print(
                    f"  {'words kept' if kept else 'no words  '}: A loaded in {took[0]:.3f} s; "
                    "GET of room B "
                    f"meanwhile: {len(during)} answers, p50 {statistics.median(during) * 1000:.1f}"
                    f" ms, max {max(during) * 1000:.1f} ms "
                    f"(no load: p50 {statistics.median(quiet) * 1000:.1f} ms, "
                    f"max {max(quiet) * 1000:.1f} ms)"
                )
            finally:
                served.stop()


def memory(rooms: int) -> None:
    for options in ((), ("--max-rooms", str(rooms))):
        with tempfile.TemporaryDirectory(
            dir="/dev/shm" if Path("/dev/shm").is_dir() else None
        ) as d:
            served = Served(Path(d) / "rooms.sqlite3", "--rooms-per-minute", "0", *options)
            try:
                served.first_answer()
                before = served.memory()
                began = time.monotonic()
                for number in range(rooms):
                    game = GAMES[number % len(GAMES)]
                    status, made = served.post("/api/rooms", {"game": game, "seed": number})
                    assert status == 201, made
                    assert served.get(f"/api/rooms/{made['room']}")[0] == 200
                after = served.memory()
                shown = " ".join(options) or "the default --max-rooms (2000)"
                print(
                    f"memory, {rooms} rooms made and read, {shown}: {before / 1024:.1f} MiB "
                    f"before, {after / 1024:.1f} MiB after "
                    f"({(after - before) / rooms:.1f} KiB a room made; "
                    f"{time.monotonic() - began:.0f} s)"
                )
            finally:
                served.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("measures", nargs="+", choices=["start", "load", "memory"])
    parser.add_argument("--stored", type=int, default=1000, help="rooms stored for 'start'")
    parser.add_argument("--rooms", type=int, default=10_000, help="rooms made for 'memory'")
    parser.add_argument("--repeats", type=int, default=3, help="attempts of 'load'")
    args = parser.parse_args()
    for measure in args.measures:
        if measure == "start":
            start(args.stored)
        elif measure == "load":
            load(args.repeats)
        else:
            memory(args.rooms)


if __name__ == "__main__":
    main()
