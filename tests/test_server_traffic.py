"""The server under traffic: bounded memory, limits answered 429/503, clean 4xx, security headers.

Idle rooms leave memory and come back from the store as they were; at most
``max_rooms`` are held; one client address creates at most
``rooms_per_minute`` rooms a minute; a bot seat key that is no seat number,
a binary or oversized WebSocket message and a body its client abandoned are
answered without a 500 or a traceback; every answer carries the security
headers, and the page's Content-Security-Policy allows exactly its own
inline scripts. One application serves the tests that need no setting of
their own.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import logging
import threading
import time
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from cli_support import in_process
from server_support import SERVER_MISSING, needs_server

pytestmark = needs_server

if not SERVER_MISSING:
    from starlette.testclient import TestClient

    from tilegames.server import MAX_BODY, _http, create_app

HEADERS = {"x-content-type-options": "nosniff", "referrer-policy": "no-referrer"}
API_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    database = tmp_path_factory.mktemp("traffic") / "rooms.sqlite3"
    app = create_app(database, bot_seconds=5.0, rooms_per_minute=10_000)
    with TestClient(app, raise_server_exceptions=False) as made:
        yield made


def _room(client: Any, **more: Any) -> str:
    body = {"game": "polygon", "players": 2, "seed": 3, **more}
    response = client.post("/api/rooms", json=body)
    assert response.status_code == 201, response.text
    room: str = response.json()["room"]
    return room


def _raw_post(app: Any, headers: list[tuple[bytes, bytes]], parts: list[Any]) -> list[Any]:
    """The messages the application sends for a POST /api/rooms with these raw headers.

    ``parts`` are the messages the client sends (its body, in pieces); then it is gone.
    """
    sent: list[Any] = []
    received = iter(parts)

    async def receive() -> Any:
        return next(received, {"type": "http.disconnect"})

    async def send(message: Any) -> None:
        sent.append(message)

    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": "/api/rooms",
        "raw_path": b"/api/rooms",
        "query_string": b"",
        "root_path": "",
        "headers": [(b"content-type", b"application/json"), *headers],
        "client": ("203.0.113.7", 5000),
        "server": ("testserver", 80),
        "state": {},
        "app": app,
    }
    asyncio.run(app(scope, receive, send))
    return sent


class _Scripts(HTMLParser):
    """The text of each inline ``<script>`` of a page, as a browser hashes it for CSP."""

    def __init__(self) -> None:
        super().__init__()
        self.scripts: list[str] = []
        self.inside = False
        self.handlers: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.inside = tag == "script" and not any(name == "src" for name, _ in attrs)
        if self.inside:
            self.scripts.append("")
        self.handlers += [name for name, _ in attrs if name.startswith("on")]

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self.inside = False

    def handle_data(self, data: str) -> None:
        if self.inside:
            self.scripts[-1] += data


class TestSecurityHeaders:
    """Every answer: nosniff, no referrer, a Content-Security-Policy; the page its own."""

    def test_every_kind_of_answer(self, client: Any, monkeypatch: pytest.MonkeyPatch) -> None:
        room = _room(client)
        answers = {
            "games": client.get("/api/games"),
            "snapshot": client.get(f"/api/rooms/{room}"),
            "picture": client.get(f"/api/rooms/{room}/picture"),
            "created": client.post("/api/rooms", json={"game": "axio"}),
            "400": client.post("/api/rooms", json={"game": "chess"}),
            "401": client.post(f"/api/rooms/{room}/moves", json={"move": "x", "turn": 0}),
            "404": client.get("/api/nothing"),
            "405": client.delete(f"/api/rooms/{room}"),
            "409": client.get(f"/api/rooms/{room}/record"),
            "413": client.post("/api/rooms", content=b"x" * (MAX_BODY + 1)),
        }
        monkeypatch.setattr("tilegames.server._page.games", lambda: 1 / 0)
        answers["500"] = client.get("/api/games")
        assert answers["500"].status_code == 500
        for name, answer in answers.items():
            for header, value in HEADERS.items():
                assert answer.headers[header] == value, name
            assert answer.headers["content-security-policy"] == API_POLICY, name

    def test_the_page(self, client: Any) -> None:
        """The page's inline scripts by their SHA-256, nothing inline else; no caching unseen."""
        page = client.get("/")
        assert page.status_code == 200
        for header, value in HEADERS.items():
            assert page.headers[header] == value
        assert page.headers["cache-control"] == "no-cache"
        parser = _Scripts()
        parser.feed(page.text)
        assert parser.scripts  # the page runs one inline script ...
        assert parser.handlers == []  # ... and no inline handler, which the policy forbids
        hashes = [
            "'sha256-" + base64.b64encode(hashlib.sha256(s.encode()).digest()).decode() + "'"
            for s in parser.scripts
        ]
        policy = dict(
            [*part.split(" ", 1), ""][:2]
            for part in page.headers["content-security-policy"].split("; ")
        )
        assert policy["default-src"] == "'none'"
        assert policy["script-src"] == " ".join(hashes)
        assert policy["connect-src"] == "'self'"
        assert policy["frame-ancestors"] == "'none'"
        assert "inline" not in policy["script-src"]
        assert "on" + "click=" not in page.text  # handlers written by the script, too


class TestCleanRefusals:
    """Requests that answered 500 or logged a traceback: each a clean 4xx or close code."""

    def test_a_bot_seat_of_5000_digits(self, client: Any) -> None:
        for key in ("9" * 5000, "1" * 4, "0" * 4 + "1"):
            response = client.post("/api/rooms", json={"game": "axio", "bots": {key: "random"}})
            assert response.status_code == 400
            assert "is not a seat 0..1" in response.json()["error"]
        made = client.post("/api/rooms", json={"game": "axio", "bots": {"001": "greedy"}})
        assert made.status_code == 201  # three digits, leading zeros: still seat 1
        assert made.json()["seats"][1]["bot"] == "greedy"

    def test_binary_message(self, client: Any) -> None:
        """The socket takes text: a binary message closes it with 1003."""
        room = _room(client)
        with client.websocket_connect(f"/api/rooms/{room}/live") as socket:
            socket.receive_json()
            socket.send_bytes(b"\x00\x01")
            message = socket.receive()
            assert message["type"] == "websocket.close"
            assert message["code"] == 1003
            assert "text" in message["reason"]

    def test_oversized_message(self, client: Any) -> None:
        """A message of MAX_BODY characters is read (and ignored); one more closes with 1009."""
        room = _room(client)
        tokens = [
            client.post(f"/api/rooms/{room}/seats/{s}", json={"name": "A"}).json()["token"]
            for s in (0, 1)
        ]
        with client.websocket_connect(f"/api/rooms/{room}/live") as socket:
            first = socket.receive_json()
            socket.send_text("x" * MAX_BODY)
            mover = first["to_move"][0]
            headers = {"Authorization": f"Bearer {tokens[mover]}"}
            legal = client.get(f"/api/rooms/{room}", headers=headers).json()["legal"]
            body = {"move": legal[0], "turn": first["turn"]}
            assert client.post(f"/api/rooms/{room}/moves", json=body, headers=headers).is_success
            assert socket.receive_json()["turn"] == first["turn"] + 1  # still listening
            socket.send_text("x" * (MAX_BODY + 1))
            message = socket.receive()
            assert message["type"] == "websocket.close"
            assert message["code"] == 1009

    def test_a_body_of_max_body_bytes(self, client: Any) -> None:
        """A body of exactly MAX_BODY bytes is read; one byte more is 413 (above)."""
        body = b'{"game": "axio", "seed": 3}'
        padded = body + b" " * (MAX_BODY - len(body))
        assert len(padded) == MAX_BODY
        made = client.post(
            "/api/rooms", content=padded, headers={"content-type": "application/json"}
        )
        assert made.status_code == 201, made.text

    @pytest.mark.parametrize(
        ("length", "status"),
        [
            (b"-5", 400),
            (b"1e3", 400),
            (b"\xb9", 400),  # superscript one in Latin-1: a digit to str.isdigit, not to int
            (b"\xd9\xa3", 400),  # an Arabic-Indic three, its UTF-8 bytes
            (b"MAX_BODY + 1", 413),  # (the extra may be missing when this list is made)
            (b"9" * 12, 413),
            (b"1" + b"0" * 12, 413),  # thirteen digits: over the limit too, not unreadable
            (b"9" * 5000, 413),  # more digits than int() reads from text
        ],
    )
    def test_content_length(self, client: Any, length: bytes, status: int) -> None:
        """A Content-Length of ASCII digits over MAX_BODY: 413; anything else but digits: 400."""
        if length == b"MAX_BODY + 1":
            length = str(MAX_BODY + 1).encode()
        whole = [{"type": "http.request", "body": b"{}", "more_body": False}]
        sent = _raw_post(client.app, [(b"content-length", length)], whole)
        assert sent[0]["type"] == "http.response.start"
        assert sent[0]["status"] == status
        said = sent[1]["body"].decode()
        if status == 400:
            assert said == '{"error":"Content-Length is not a number"}'
        else:
            assert said == f'{{"error":"the body is over {MAX_BODY} bytes"}}'

    def test_a_body_without_its_length(self, client: Any) -> None:
        """A body sent in pieces with no Content-Length is counted as it arrives: 413 past it."""
        piece = b" " * 4096
        count = -(-MAX_BODY // len(piece))  # MAX_BODY bytes at least, then one piece more
        parts = [{"type": "http.request", "body": piece, "more_body": True}] * count
        last = {"type": "http.request", "body": b'{"game": "axio"}', "more_body": False}
        sent = _raw_post(client.app, [], [*parts, last])
        assert sent[0]["status"] == 413
        assert sent[1]["body"].decode() == f'{{"error":"the body is over {MAX_BODY} bytes"}}'
        fits = [{"type": "http.request", "body": b"", "more_body": True}] * 3
        sent = _raw_post(client.app, [], [*fits, last])
        assert sent[0]["status"] == 201

    def test_abandoned_body(self, client: Any, caplog: pytest.LogCaptureFixture) -> None:
        """A client that leaves mid-body: answered 400 (to no one), nothing raised or logged."""
        caplog.set_level(logging.DEBUG)
        half = [{"type": "http.request", "body": b'{"game": "ax', "more_body": True}]
        sent = _raw_post(client.app, [(b"content-length", b"40")], half)
        assert sent[0]["type"] == "http.response.start"
        assert sent[0]["status"] == 400
        assert [r for r in caplog.records if r.levelno >= logging.WARNING] == []


class TestMemory:
    """Idle rooms leave memory and come back as they were; at most max_rooms are held."""

    def test_idle_rooms_leave_and_come_back(self, db: Path) -> None:
        with TestClient(create_app(db, idle_seconds=60)) as client:
            server = client.app.state.server
            idle, listened = _room(client), _room(client, seed=4)
            token = client.post(f"/api/rooms/{idle}/seats/0", json={"name": "A"}).json()["token"]
            mine = client.get(f"/api/rooms/{idle}", headers={"Authorization": f"Bearer {token}"})
            with client.websocket_connect(f"/api/rooms/{listened}/live") as socket:
                socket.receive_json()
                assert server.sweep(time.monotonic() + 30) == 0  # not idle for long enough
                assert server.sweep(time.monotonic() + 61) == 1  # the listened room stays
                assert set(server.rooms) == {listened}
            back = client.get(f"/api/rooms/{idle}", headers={"Authorization": f"Bearer {token}"})
            assert back.json() == mine.json()  # the same room, the token still holds the seat
            assert set(server.rooms) == {idle, listened}
            assert server.sweep(time.monotonic() + 61) == 2

    def test_most_rooms_held(self, db: Path) -> None:
        """Five rooms, three held: each answers as made; all three in use: 503, Retry-After."""
        with TestClient(create_app(db, max_rooms=3)) as client:
            server = client.app.state.server
            rooms = [_room(client, seed=seed) for seed in range(5)]
            assert len(server.rooms) == 3
            first = {room: client.get(f"/api/rooms/{room}").json() for room in rooms}
            assert len(server.rooms) == 3
            assert {room: client.get(f"/api/rooms/{room}").json() for room in rooms} == first
            with (
                client.websocket_connect(f"/api/rooms/{rooms[0]}/live") as one,
                client.websocket_connect(f"/api/rooms/{rooms[1]}/live") as two,
                client.websocket_connect(f"/api/rooms/{rooms[2]}/live") as three,
            ):
                for socket in (one, two, three):
                    socket.receive_json()
                for answer in (
                    client.post("/api/rooms", json={"game": "polygon"}),
                    client.get(f"/api/rooms/{rooms[4]}"),
                ):
                    assert answer.status_code == 503
                    assert answer.headers["retry-after"] == "60"
                    assert "most rooms in memory (3)" in answer.json()["error"]
            assert client.get(f"/api/rooms/{rooms[4]}").json() == first[rooms[4]]


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "rooms.sqlite3"


class TestSync:
    """sync: a room held here takes what another process stored, or leaves memory."""

    def test_kept_gone_or_not_held(self, db: Path) -> None:
        from tilegames.server._app import Server
        from tilegames.server._store import SQLiteStore

        async def scenario() -> None:
            server = Server(lambda: SQLiteStore(db), bot_seconds=5, bot_workers=1)
            server.start()
            try:
                room = await server.create({"game": "polygon", "seed": 3}, "203.0.113.1")
                store, loaded = server.store, []
                real_load = store.load

                def load(room_id: str) -> Any:
                    loaded.append(room_id)
                    return real_load(room_id) if room_id != "gone" else None

                store.load = load  # type: ignore[method-assign, assignment]
                await server.sync(room.room)  # nothing new: the same room stays
                assert server.rooms[room.room] is room
                await server.sync("not-held")  # a room not in memory is not read
                assert loaded == [room.room]
                server.rooms["gone"] = server.rooms.pop(room.room)
                await server.sync("gone")  # no longer in the store: it leaves memory
                assert "gone" not in server.rooms
                server.rooms["gone"] = room
                server.running = False
                await server.sync("gone")  # a closing server reads nothing
                assert loaded == [room.room, "gone"]
                server.running = True
            finally:
                await server.close()

        asyncio.run(scenario())


class TestClose:
    """Closing the server finishes the store's writes under way, then closes the store."""

    def test_a_write_under_way(self, db: Path) -> None:
        from tilegames.server._app import Server
        from tilegames.server._store import SQLiteStore

        finished: list[str] = []
        before = set(threading.enumerate())  # other tests' servers may be running
        ours: list[threading.Thread] = []

        def slow_write() -> None:
            ours.extend(set(threading.enumerate()) - before)
            time.sleep(0.3)  # still writing when close() is called
            finished.append("written")

        async def scenario() -> None:
            server = Server(lambda: SQLiteStore(db), bot_seconds=5, bot_workers=1)
            server.start()
            await server.create({"game": "polygon"}, "203.0.113.1")
            writing = asyncio.ensure_future(server.write(slow_write))
            await asyncio.sleep(0.05)
            await server.close()
            assert finished == ["written"]  # before close() returned
            assert server.writers is None
            await writing

        asyncio.run(scenario())
        writers = [thread for thread in ours if thread.name.startswith("tilegames-store")]
        assert writers
        assert not [thread.name for thread in writers if thread.is_alive()]


class TestRoomsPerMinute:
    """One address creates rooms_per_minute rooms a minute; more are answered 429."""

    def test_limit(self, db: Path) -> None:
        app = create_app(db, rooms_per_minute=3)
        with TestClient(app, client=("203.0.113.1", 4000)) as first:
            # another address's requests, on the same running application
            second = TestClient(app, client=("203.0.113.2", 4000))
            _room(first)
            assert first.post("/api/rooms", json={"game": "chess"}).status_code == 400
            _room(first)
            _room(first)  # three made: a refused body is not counted
            refused = first.post("/api/rooms", json={"game": "polygon"})
            assert refused.status_code == 429
            wait = int(refused.headers["retry-after"])
            assert 1 <= wait <= 60
            assert refused.json() == {
                "error": f"at most 3 rooms a minute from one address: try again in {wait} s"
            }
            _room(second)  # another address
            server = app.state.server
            later = time.monotonic() + 60
            server.creations.check("203.0.113.1", later)  # a minute on, it may again
            server.sweep(later)
            assert server.creations.times == {}  # and the addresses are forgotten

    def test_limit_of_creations_at_once(self, db: Path) -> None:
        """Rooms asked for at the same time by one address count as they are asked for."""
        from tilegames.server._app import Server
        from tilegames.server._rooms import Refused
        from tilegames.server._store import SQLiteStore

        async def scenario() -> list[object]:
            server = Server(
                lambda: SQLiteStore(db), bot_seconds=5, bot_workers=1, rooms_per_minute=3
            )
            server.start()
            try:
                body = {"game": "polygon"}
                asked = [server.create(body, "203.0.113.1") for _ in range(6)]
                return await asyncio.gather(*asked, return_exceptions=True)
            finally:
                await server.close()

        made = asyncio.run(scenario())
        refused = [answer for answer in made if isinstance(answer, Refused)]
        assert len(refused) == 3
        assert {answer.status for answer in refused} == {429}

    def test_no_limit(self) -> None:
        """0: no limit, and no address remembered."""
        creations = _http.Creations(0)
        for _ in range(100):
            creations.check("203.0.113.1", 0.0)
            creations.add("203.0.113.1", 0.0)
        assert creations.times == {}


class TestServeOptions:
    """tilegames serve's options for the limits: named in --help, checked."""

    def test_help(self, tmp_path: Path) -> None:
        result = in_process("serve", "--help", cwd=tmp_path)
        for option in ("--idle-seconds", "--max-rooms", "--rooms-per-minute"):
            assert option in result.stdout

    @pytest.mark.parametrize(
        ("option", "value", "reason"),
        [
            ("--max-rooms", "0", "0 is not above 0"),
            ("--idle-seconds", "-1", "-1 is not above 0"),
            ("--rooms-per-minute", "many", "'many' is not a number"),
            ("--idle-seconds", "nan", "nan is not above 0"),
        ],
    )
    def test_refused(self, tmp_path: Path, option: str, value: str, reason: str) -> None:
        result = in_process("serve", option, value, cwd=tmp_path)
        assert result.returncode == 2
        assert f"argument {option}: {reason}" in result.stderr
