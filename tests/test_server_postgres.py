"""``tilegames serve --workers N --db postgresql://...``: several processes, one database.

Against a real PostgreSQL server (tests/postgres_support.py, deep tier). The
server runs as users run it, with two worker processes on one port; each
plain HTTP request opens a new connection, so requests land on either
process. Checked: every live WebSocket client, whichever process it is
connected to, gets a snapshot of every turn; of many clients racing one move
exactly one is answered 200; a worker killed with SIGKILL loses no accepted
move, the other serves meanwhile and a new one is started; and refusals on
the command line (``--workers`` on SQLite) are one clear line.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import tilegames
from postgres_support import postgres_server, postgres_url
from server_support import needs_server, replayed
from test_server_process import Process
from tilegames import records

pytestmark = needs_server

__all__ = ["postgres_server", "postgres_url"]  # fixtures, used by name

_SERVE = (sys.executable, "-m", "tilegames", "serve", "--port", "0")


class Workers(Process):
    """``tilegames serve --workers N`` on a PostgreSQL database."""

    def __init__(self, url: str, workers: int = 2) -> None:
        self.db = Path("postgres")
        self.popen = subprocess.Popen(
            [*_SERVE, "--db", url, "--workers", str(workers)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert self.popen.stdout is not None
        line = self.popen.stdout.readline()
        assert line.startswith("tilegames serving on http://127.0.0.1:"), line
        assert f"{workers} processes" in line
        self.port = int(line.split("127.0.0.1:")[1].split("/")[0])
        self.wait_ready()
        deadline = time.monotonic() + 30
        while len(self.workers()) < workers:  # every worker up
            assert time.monotonic() < deadline, "the workers did not start"
            time.sleep(0.05)

    def workers(self) -> list[int]:
        """The process ids of the server's worker processes (its children serving requests)."""
        pid = self.popen.pid
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
        found = []
        for child in children:
            try:
                command = Path(f"/proc/{child}/cmdline").read_bytes()
            except OSError:
                continue
            if b"spawn_main" in command:
                found.append(int(child))
        return found


@pytest.fixture
def workers(postgres_url: str) -> Iterator[Workers]:
    server = Workers(postgres_url)
    try:
        yield server
    finally:
        server.stop()


def _room(server: Workers, game: str, seed: int, **more: Any) -> tuple[str, list[str]]:
    status, made = server.request(
        "POST", "/api/rooms", {"game": game, "players": 2, "seed": seed, **more}
    )
    assert status == 201, made
    room = made["room"]
    tokens = []
    for seat, held in enumerate(made["seats"]):
        if not held["taken"]:
            status, answer = server.request(
                "POST", f"/api/rooms/{room}/seats/{seat}", {"name": f"P{seat}"}
            )
            assert status == 200, answer
            tokens.append(answer["token"])
    return room, tokens


def _mover(server: Workers, room: str, tokens: list[str]) -> tuple[int, dict[str, Any]]:
    """The seat to move and its snapshot (any process may answer: each knows every move)."""
    snapshot = server.request("GET", f"/api/rooms/{room}", token=tokens[0])[1]
    seat = snapshot["to_move"][0]
    if seat != 0:
        snapshot = server.request("GET", f"/api/rooms/{room}", token=tokens[seat])[1]
    return seat, snapshot


class TestWorkers:
    """Two processes on one PostgreSQL database."""

    def test_every_listener_gets_every_turn(self, workers: Workers) -> None:
        """Six live clients (on either process) each get the snapshot of every turn, in order."""
        from websockets.sync.client import connect

        room, tokens = _room(workers, "axio-rota", seed=4)
        url = f"ws://127.0.0.1:{workers.port}/api/rooms/{room}/live"
        with contextlib.ExitStack() as stack:
            sockets = [stack.enter_context(connect(url)) for _ in range(6)]
            for socket in sockets:
                assert json.loads(socket.recv(timeout=10))["turn"] == 0
            chooser = random.Random(4)
            for turn in range(12):
                seat, snapshot = _mover(workers, room, tokens)
                assert snapshot["turn"] == turn
                body = {"move": chooser.choice(snapshot["legal"]), "turn": turn}
                path = f"/api/rooms/{room}/moves"
                status, answer = workers.request("POST", path, body, tokens[seat])
                assert status == 200, answer
            for socket in sockets:
                turns = [json.loads(socket.recv(timeout=10))["turn"] for _ in range(12)]
                assert turns == list(range(1, 13))

    def test_a_race_has_one_winner(self, workers: Workers) -> None:
        """Sixteen clients send the first move at once, over both processes: one 200, 409s."""
        room, tokens = _room(workers, "aztack", seed=3, options={"mode": "speed"})
        legal = workers.request("GET", f"/api/rooms/{room}", token=tokens[0])[1]["legal"]
        answers: list[int] = []
        start = threading.Barrier(16)

        def send(number: int) -> None:
            start.wait()
            body = {"move": legal[number % 4], "turn": 0}
            answers.append(workers.request("POST", f"/api/rooms/{room}/moves", body, tokens[0])[0])

        threads = [threading.Thread(target=send, args=(n,)) for n in range(16)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=30)
        assert sorted(answers) == [200] + [409] * 15
        for _ in range(6):  # whichever process answers, one move was kept
            snapshot = workers.request("GET", f"/api/rooms/{room}")[1]
            assert snapshot["turn"] == 1
            assert snapshot["history"][0]["move"] in legal[:4]

    def test_sigkill_of_a_worker(self, workers: Workers) -> None:
        """A worker killed mid-game: no accepted move lost, the game (with a bot) ends, replays."""
        game, seed = "axio", 9
        room, tokens = _room(workers, game, seed, bots={"1": "random"})
        token = tokens[0]
        chooser = random.Random(seed)
        accepted: list[str] = []
        killed = False
        deadline = time.monotonic() + 120
        while True:
            assert time.monotonic() < deadline, "the game did not end"
            try:
                status, snapshot = workers.request("GET", f"/api/rooms/{room}", token=token)
            except (OSError, http.client.HTTPException):  # met the killed worker: ask again
                continue
            assert status == 200, snapshot
            assert [entry["move"] for entry in snapshot["history"]][: len(accepted)] == accepted
            if snapshot["over"]:
                break
            if 0 not in snapshot["to_move"]:
                time.sleep(0.02)
                continue
            move = chooser.choice(snapshot["legal"])
            body = {"move": move, "turn": snapshot["turn"]}
            try:
                status, answer = workers.request("POST", f"/api/rooms/{room}/moves", body, token)
            except (OSError, http.client.HTTPException):  # met the killed worker: look again
                continue
            assert status == 200, answer
            accepted = [entry["move"] for entry in answer["history"]]
            if not killed and snapshot["turn"] >= 10:
                os.kill(workers.workers()[0], signal.SIGKILL)
                killed = True
        assert killed
        history = [entry["move"] for entry in snapshot["history"]]
        status, text = workers.request("GET", f"/api/rooms/{room}/record")
        assert status == 200
        final = records.final_state(records.loads(text))
        assert replayed(game, 2, seed, history) == final
        assert tilegames.get(game).is_over(final)
        deadline = time.monotonic() + 30
        while len(workers.workers()) < 2:  # the killed worker was started again
            assert time.monotonic() < deadline, "no worker took the killed one's place"
            time.sleep(0.1)


class TestCommandLine:
    """What tilegames serve refuses, in one line."""

    def test_workers_on_sqlite(self, tmp_path: Path) -> None:
        """Several processes on a SQLite file: refused before anything is served."""
        done = subprocess.run(
            [*_SERVE, "--db", str(tmp_path / "x.sqlite3"), "--workers", "2"],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert done.returncode == 2
        assert done.stdout == ""
        assert done.stderr.strip().splitlines() == [
            "tilegames: error: --workers 2: several server processes need a PostgreSQL "
            "database (--db postgresql://...); a SQLite file is served by one process"
        ]
        assert not (tmp_path / "x.sqlite3").exists()

    def test_no_postgres_there(self, tmp_path: Path) -> None:
        """A PostgreSQL URL that reaches no server: one line naming it (no password), status 1."""
        url = f"postgresql://me:secret@/nowhere?host={tmp_path}&connect_timeout=5"
        done = subprocess.run(
            [*_SERVE, "--db", url],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert done.returncode == 1
        assert done.stdout == ""
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1
        assert lines[0].startswith("tilegames: error: database postgresql://me:***@/nowhere")
        assert "secret" not in done.stderr
