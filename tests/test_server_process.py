"""``tilegames serve`` as a real uvicorn process on a free loopback port.

The contract end to end over real sockets: concurrent moves on one room
(one wins, the other gets 409), the live WebSocket, hostile requests, and
SIGKILL in the middle of a game: started again on the same database, every
room is there with the same state and tokens, bots carry on, and the game
played to the end replays from its record to the server's final state. The
everyday tier kills one game's server; ``--deep`` every game's.
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
from server_support import WORDS, expected_snapshot, needs_server, replayed
from tilegames import records

pytestmark = needs_server


class Process:
    """A running ``tilegames serve`` and plain HTTP requests to it."""

    def __init__(self, db: Path) -> None:
        self.db = db
        self.popen = subprocess.Popen(
            [sys.executable, "-m", "tilegames", "serve", "--port", "0", "--db", str(db)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert self.popen.stdout is not None
        line = self.popen.stdout.readline()  # "tilegames serving on http://127.0.0.1:PORT/ ..."
        assert line.startswith("tilegames serving on http://127.0.0.1:"), line
        self.port = int(line.split("127.0.0.1:")[1].split("/")[0])
        self.wait_ready()

    def wait_ready(self) -> None:
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError):
                if self.request("GET", "/api/games")[0] == 200:
                    return
            time.sleep(0.05)
        raise AssertionError("the server did not start")

    def request(
        self,
        method: str,
        path: str,
        body: Any = None,
        token: str | None = None,
        raw: bytes | None = None,
        headers: dict[str, str] | None = None,
    ) -> tuple[int, Any]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        try:
            sent = dict(headers or {})
            if token is not None:
                sent["Authorization"] = f"Bearer {token}"
            payload = raw if raw is not None else None if body is None else json.dumps(body)
            connection.request(method, path, body=payload, headers=sent)
            response = connection.getresponse()
            data = response.read()
            kind = response.getheader("Content-Type", "")
            return response.status, json.loads(data) if "json" in kind else data.decode()
        finally:
            connection.close()

    def kill(self) -> None:
        self.popen.send_signal(signal.SIGKILL)
        self.popen.wait(timeout=10)
        self.close_pipes()

    def stop(self) -> None:
        if self.popen.poll() is None:
            self.popen.terminate()
            try:
                self.popen.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.popen.kill()
                self.popen.wait(timeout=10)
        self.close_pipes()

    def close_pipes(self) -> None:
        for pipe in (self.popen.stdout, self.popen.stderr):
            if pipe is not None:
                pipe.close()


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "rooms.sqlite3"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Process]:
    """One server for the tests of TestProcess (each starting costs most of a second)."""
    process = Process(tmp_path_factory.mktemp("server") / "rooms.sqlite3")
    try:
        yield process
    finally:
        process.stop()


def _seats(players: int, bots: dict[int, str]) -> list[dict[str, Any]]:
    return [
        {
            "seat": s,
            "name": bots.get(s, f"P{s}"),
            "bot": bots.get(s),
            "taken": True,
        }
        for s in range(players)
    ]


def _until(server: Process, room: str, token: str, seat: int) -> dict[str, Any]:
    """The seat's snapshot once the seat may move or the game is over (the bots moved)."""
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        status, snapshot = server.request("GET", f"/api/rooms/{room}", token=token)
        assert status == 200
        if snapshot["over"] or seat in snapshot["to_move"]:
            result: dict[str, Any] = snapshot
            return result
        time.sleep(0.02)
    raise AssertionError("the bot did not move")


def kill_and_finish(db: Path, game: str, seed: int) -> None:
    """Seat 0 a person, seat 1 a bot: SIGKILL half way, start again, play to the end."""
    rules = tilegames.get(game)
    server = Process(db)
    try:
        status, made = server.request(
            "POST",
            "/api/rooms",
            {"game": game, "players": 2, "seed": seed, "bots": {"1": "random"}},
        )
        assert status == 201
        room = made["room"]
        status, seat = server.request("POST", f"/api/rooms/{room}/seats/0", {"name": "P0"})
        token = seat["token"]
        chooser = random.Random(seed)
        halfway = len(_play_to_end(rules, seed)) // 2
        snapshot = _until(server, room, token, 0)
        while snapshot["turn"] < halfway and not snapshot["over"]:
            move = chooser.choice(snapshot["legal"])
            status, _ = server.request(
                "POST", f"/api/rooms/{room}/moves", {"move": move, "turn": snapshot["turn"]}, token
            )
            assert status == 200
            snapshot = _until(server, room, token, 0)
        before = snapshot
        server.kill()
        server = Process(db)
        status, after = server.request("GET", f"/api/rooms/{room}", token=token)
        assert status == 200
        assert after == before  # the same state, and the token still holds seat 0
        snapshot = after
        while not snapshot["over"]:
            move = chooser.choice(snapshot["legal"])
            status, answer = server.request(
                "POST", f"/api/rooms/{room}/moves", {"move": move, "turn": snapshot["turn"]}, token
            )
            assert status == 200, answer
            snapshot = _until(server, room, token, 0)
        status, text = server.request("GET", f"/api/rooms/{room}/record")
        assert status == 200
        final = records.final_state(records.loads(text))
        history = [(entry["seat"], entry["move"]) for entry in snapshot["history"]]
        assert replayed(game, 2, seed, [m for _, m in history]) == final
        assert snapshot == expected_snapshot(
            room, game, final, 0, history, _seats(2, {1: "random"})
        )
    finally:
        server.stop()


def _play_to_end(rules: Any, seed: int) -> list[Any]:
    """A random game's moves, for its length (about where half way is)."""
    state = rules.new_game(2, seed=seed)
    moves = []
    chooser = random.Random(seed)
    while not rules.is_over(state):
        move = chooser.choice(list(rules.legal_moves(state)))
        moves.append(move)
        state = rules.apply(state, move)
    return moves


class TestProcess:
    """The server as users run it."""

    def test_concurrent_moves(self, server: Process) -> None:
        """Both seats of a speed game send four moves each for turn 0 at once: one 200, 409s.

        In Aztack's speed stack every seat may move at any time (AZT-20), so each
        loser is still to move and is refused for the stale turn alone.
        """
        body = {"game": "aztack", "seed": 3, "options": {"mode": "speed"}}
        _status, made = server.request("POST", "/api/rooms", body)
        room = made["room"]
        tokens = [
            server.request("POST", f"/api/rooms/{room}/seats/{s}", {"name": f"P{s}"})[1]["token"]
            for s in (0, 1)
        ]
        legal = [server.request("GET", f"/api/rooms/{room}", token=t)[1]["legal"] for t in tokens]
        answers: list[int] = []
        start = threading.Barrier(8)

        def send(seat: int, move: str) -> None:
            start.wait()
            path = f"/api/rooms/{room}/moves"
            answers.append(
                server.request("POST", path, {"move": move, "turn": 0}, tokens[seat])[0]
            )

        threads = [
            threading.Thread(target=send, args=(s, legal[s][i])) for s in (0, 1) for i in range(4)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=20)
        assert sorted(answers) == [200] + [409] * 7
        snapshot = server.request("GET", f"/api/rooms/{room}")[1]
        assert snapshot["turn"] == 1
        assert snapshot["history"][0]["move"] in legal[0][:4] + legal[1][:4]

    def test_hostile_requests(self, server: Process) -> None:
        """Malformed bodies, notation and headers get 4xx; the server keeps serving."""
        status, made = server.request("POST", "/api/rooms", {"game": "axio-rota", "seed": 2})
        room = made["room"]
        token = server.request("POST", f"/api/rooms/{room}/seats/0", {"name": "P0"})[1]["token"]
        path = f"/api/rooms/{room}/moves"
        hostile: list[dict[str, Any]] = [
            {"raw": b"\xff\xfe\x00"},
            {"raw": b"[" * 100_000},
            {"raw": b'{"move": NaN, "turn": 0}'},
            {"raw": b'{"move": "1,1:0", "move": "1,1:1", "turn": 0}'},
            {"raw": b'{"move": "1,1:0", "turn": 1e400}'},
            {"raw": b'{"move": "1,1:0", "turn": ' + b"9" * 5000 + b"}"},
            {"raw": b"x" * (65 * 1024)},
            {"body": {"move": "\u0000" * 10, "turn": 0}, "token": token},
            {"body": {"move": "1," * 90, "turn": 0}, "token": token},
            {"body": {"move": "-1,-2:9", "turn": 0}, "token": token},
            {"body": {"move": "-1,-2:0", "turn": 0}, "headers": {"Authorization": "Bearer"}},
            {"body": {"move": "-1,-2:0", "turn": 0}, "headers": {"Authorization": "Basic eDp5"}},
            {"body": {"move": "-1,-2:0", "turn": 0}, "headers": {"Authorization": "x" * 8000}},
            {"body": {"move": "-1,-2:0", "turn": 0}, "headers": {"Content-Type": "text/plain"}},
        ]
        for request in hostile:
            status, answer = server.request("POST", path, **request)
            assert 400 <= status < 500, (request, answer)
            assert set(answer) == {"error"}
        for raw in (b"{", b"[]", b'{"game": ["axio"]}', b'{"game": "axio", "players": 1e9}'):
            status, answer = server.request("POST", "/api/rooms", raw=raw)
            assert status == 400
        status, answer = server.request(
            "POST", "/api/rooms", raw=b"{}", headers={"Content-Length": "-5"}
        )
        assert 400 <= status < 500
        status, snapshot = server.request("GET", f"/api/rooms/{room}", token=token)
        assert status == 200
        assert snapshot["turn"] == 0
        rules = tilegames.get("axio-rota")
        assert snapshot["legal"] == [
            rules.format_move(m) for m in rules.legal_moves(rules.new_game(2, seed=2))
        ]

    def test_websocket(self, server: Process) -> None:
        """A spectator's live socket gets a snapshot on connect and after a move.

        Its frames go uncompressed though the client offers permessage-deflate
        (the frontend guide's capacity: deflating cost more than it saved).
        """
        from websockets.sync.client import connect

        _status, made = server.request("POST", "/api/rooms", {"game": "polygon", "seed": 1})
        room = made["room"]
        tokens = [
            server.request("POST", f"/api/rooms/{room}/seats/{s}", {"name": f"P{s}"})[1]["token"]
            for s in (0, 1)
        ]
        with connect(f"ws://127.0.0.1:{server.port}/api/rooms/{room}/live") as socket:
            assert socket.protocol.extensions == []
            first = json.loads(socket.recv(timeout=10))
            assert first["legal"] == []
            assert first["view"]["data"]["seat"] is None
            mover = first["to_move"][0]
            mine = server.request("GET", f"/api/rooms/{room}", token=tokens[mover])[1]
            body = {"move": mine["legal"][0], "turn": mine["turn"]}
            assert (
                server.request("POST", f"/api/rooms/{room}/moves", body, tokens[mover])[0] == 200
            )
            second = json.loads(socket.recv(timeout=10))
            assert second["turn"] == mine["turn"] + 1
            assert second["history"][-1] == {
                "seat": mover,
                "move": mine["legal"][0],
                "text": WORDS,
            }


@pytest.mark.parametrize("game", ["axio-rota"])
def test_sigkill_and_restart(db: Path, game: str) -> None:
    """SIGKILL half way, start again on the same database, play to the end (one game: the
    damage and store tests replay every game's stored moves)."""
    kill_and_finish(db, game, seed=13)


def test_runs_as_a_module() -> None:
    """``python -m tilegames serve --help`` names the options."""
    out = subprocess.run(
        [sys.executable, "-m", "tilegames", "serve", "--help"],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ},
    ).stdout
    assert "--db" in out
    assert "--port" in out
