"""The game server's HTTP API and WebSocket through Starlette's ASGI test client.

Every status code of the contract (issue 30), for every game: rooms, seats,
snapshots, moves in their check order, records, the live WebSocket, bots,
and a restart on the same database. Expected answers are worked out from
the library (``new_game`` with the room's seed, then the moves played), see
tests/server_support.py.
"""

from __future__ import annotations

import contextlib
import json
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

import tilegames
from document_mutations import mutate, mutations
from server_support import SERVER_MISSING, expected_snapshot, needs_server, replayed
from sleeper import Sleeper
from test_arguments_hostile import (
    AT_LIMIT,
    HOSTILE_NOTATION,
    NUMBERED,
    OVER_LIMIT,
    UNICODE_TEXTS,
)
from test_documents_hostile import WRONG_VALUES, text_mutations
from tiers import DEEP, examples, size
from tilegames import records
from tilegames.agents import make_agent, mover, moves_for
from tilegames.render import cells_of, to_svg
from tilegames.serialize import MAX_DEPTH

pytestmark = needs_server

if not SERVER_MISSING:
    from starlette.testclient import TestClient

    from tilegames.server import MAX_BODY, create_app
    from tilegames.server._rooms import MAX_MOVE, new_room

GAMES = ("axio", "axio-rota", "aztack", "polygon")


class Table:
    """A client of one server, with the room it made and the tokens it holds."""

    def __init__(self, client: Any) -> None:
        self.client = client

    def room(self, game: str, players: int = 2, seed: int = 7, **more: Any) -> dict[str, Any]:
        response = self.client.post(
            "/api/rooms", json={"game": game, "players": players, "seed": seed, **more}
        )
        assert response.status_code == 201, response.text
        room: dict[str, Any] = response.json()
        return room

    def join(self, room: str, seat: int, name: str = "Ann") -> str:
        response = self.client.post(f"/api/rooms/{room}/seats/{seat}", json={"name": name})
        assert response.status_code == 200, response.text
        assert response.json()["seat"] == seat
        token: str = response.json()["token"]
        return token

    def snapshot(self, room: str, token: str | None = None) -> dict[str, Any]:
        response = self.client.get(f"/api/rooms/{room}", headers=_auth(token))
        assert response.status_code == 200, response.text
        result: dict[str, Any] = response.json()
        return result

    def move(self, room: str, token: str | None, move: str, turn: int) -> Any:
        return self.client.post(
            f"/api/rooms/{room}/moves", json={"move": move, "turn": turn}, headers=_auth(token)
        )


def _auth(token: str | None) -> dict[str, str]:
    return {} if token is None else {"Authorization": f"Bearer {token}"}


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "rooms.sqlite3"


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Table]:
    """One server for the module's tests (each makes rooms of its own), no limit on creations."""
    database = tmp_path_factory.mktemp("server") / "rooms.sqlite3"
    with TestClient(create_app(database, bot_seconds=5.0, rooms_per_minute=0)) as client:
        yield Table(client)


def _seats(names: dict[int, str], bots: dict[int, str], players: int) -> list[dict[str, Any]]:
    return [
        {
            "seat": s,
            "name": bots.get(s, names.get(s, "")),
            "bot": bots.get(s),
            "taken": s in names or s in bots,
        }
        for s in range(players)
    ]


def _setups() -> list[tuple[str, Any]]:
    """Every setup of every game (teams, solo and speed included)."""
    return [(name, setup) for name in GAMES for setup in tilegames.get(name).setups]


def play_whole_game(
    table: Table, game: str, players: int, seed: int, options: dict[str, Any] | None = None
) -> None:
    """Seats join, play random legal moves to the end; every answer is checked."""
    rules = tilegames.get(game)
    options = options or {}
    room = table.room(game, players, seed, options=options)["room"]
    tokens = [table.join(room, seat, f"P{seat}") for seat in range(players)]
    names = {seat: f"P{seat}" for seat in range(players)}
    history: list[tuple[int, str]] = []
    chooser = random.Random(seed)
    state = rules.new_game(players, seed=seed, **options)
    while not rules.is_over(state):
        seat = rules.to_move(state)[0]
        snapshot = table.snapshot(room, tokens[seat])
        assert snapshot == expected_snapshot(
            room, game, state, seat, history, _seats(names, {}, players)
        )
        text = chooser.choice(snapshot["legal"])
        answer = table.move(room, tokens[seat], text, len(history))
        assert answer.status_code == 200, answer.text
        history.append((seat, text))
        state = replayed(game, players, seed, [t for _, t in history], **options)
        assert answer.json() == expected_snapshot(
            room, game, state, seat, history, _seats(names, {}, players)
        )
    spectator = table.snapshot(room)
    assert spectator == expected_snapshot(
        room, game, state, None, history, _seats(names, {}, players)
    )
    text = table.client.get(f"/api/rooms/{room}/record")
    assert text.status_code == 200
    record = records.loads(text.text)
    assert (record.seed, record.players) == (seed, players)
    assert records.final_state(record) == state
    assert dict(record.tags) == {f"Seat {seat}": name for seat, name in names.items()}


class TestRooms:
    """POST /api/rooms, the seats, and the first snapshot of every game."""

    @pytest.mark.parametrize("game", GAMES)
    def test_new_room(self, table: Table, game: str) -> None:
        """201 with the room, the game and the seats; the game is new_game(players, seed)."""
        made = table.room(game, 2, seed=11, bots={"1": "random"})
        assert made["game"] == game
        assert made["players"] == 2
        assert made["seats"] == _seats({}, {1: "random"}, 2)
        assert len(made["room"]) >= 22  # 16 random bytes
        state = tilegames.get(game).new_game(2, seed=11)
        token = table.join(made["room"], 0)
        assert len(token) >= 22  # at least 128 bits, URL-safe
        mine = table.snapshot(made["room"], token)
        seats = _seats({0: "Ann"}, {1: "random"}, 2)
        # seat 0 moves first in every game's two-player setup; the bot waits
        assert mine == expected_snapshot(made["room"], game, state, 0, [], seats)
        spectator = table.snapshot(made["room"])
        assert spectator == expected_snapshot(made["room"], game, state, None, [], seats)

    def test_defaults_and_a_drawn_seed(self, table: Table) -> None:
        """Only the game given: its default player count, a seed drawn by the server."""
        made = table.client.post("/api/rooms", json={"game": "polygon"}).json()
        assert made["players"] == tilegames.get("polygon").setups[0].players
        other = table.client.post("/api/rooms", json={"game": "polygon"}).json()
        assert made["room"] != other["room"]

    def test_a_drawn_seed_is_a_64_bit_number(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """The seed the server draws is 64 bits: the largest it can draw, 2**64 - 1, starts
        the game (a room's seed is a 64-bit number)."""
        monkeypatch.setattr("secrets.randbits", lambda bits: (1 << bits) - 1)
        made = new_room({"game": "polygon"})
        assert made.seed == 2**64 - 1

    def test_options(self, table: Table) -> None:
        """Options go to new_game: an Aztack speed game lets both seats move (AZT-20)."""
        made = table.room("aztack", 2, seed=3, options={"mode": "speed"})
        state = tilegames.get("aztack").new_game(2, seed=3, mode="speed")
        snapshot = table.snapshot(made["room"])
        assert snapshot["to_move"] == [0, 1]
        assert (
            snapshot["view"]["data"]
            == json.loads(
                json.dumps(expected_snapshot(made["room"], "aztack", state, None, [], [])["view"])
            )["data"]
        )

    def test_a_64_bit_seed_as_digits(self, table: Table) -> None:
        """JavaScript sends a seed over 2**53 - 1 as a string of digits."""
        made = table.room("axio", 2, seed="18446744073709551615")  # type: ignore[arg-type]
        state = tilegames.get("axio").new_game(2, seed=2**64 - 1)
        assert (
            table.snapshot(made["room"])["view"]
            == expected_snapshot(made["room"], "axio", state, None, [], [])["view"]
        )

    @pytest.mark.parametrize(
        ("body", "reason"),
        [
            ([], "send a JSON object"),
            ({}, "game must be one of"),
            ({"game": "chess"}, "game must be one of"),
            ({"game": "axio", "players": 9}, "cannot start that game"),
            ({"game": "axio", "players": "2"}, "players must be a whole number"),
            ({"game": "axio", "players": True}, "players must be a whole number"),
            ({"game": "axio", "seed": -1}, "seed must be"),
            ({"game": "axio", "seed": 2**64}, "seed must be"),
            ({"game": "axio", "seed": 1.5}, "seed must be"),
            ({"game": "axio", "options": {"mode": "chess"}}, "cannot start that game"),
            ({"game": "axio", "options": {"colour": 3}}, "cannot start that game"),
            ({"game": "axio", "options": {"chance": "explicit"}}, "a room's game is seeded"),
            ({"game": "axio", "options": []}, "options must be an object"),
            ({"game": "axio", "bots": {"2": "greedy"}}, 'bots: "2" is not a seat'),
            ({"game": "axio", "bots": {"x": "greedy"}}, "is not a seat"),
            ({"game": "axio", "bots": {"1": "wizard"}}, "no agent named 'wizard'"),
            ({"game": "axio", "bots": ["greedy"]}, "bots must map seats"),
            ({"game": "axio", "rules": "mine"}, "unknown field 'rules'"),
        ],
    )
    def test_bad_rooms(self, table: Table, body: Any, reason: str) -> None:
        """400 with the reason for each wrong field; no room is made."""
        response = table.client.post("/api/rooms", json=body)
        assert response.status_code == 400
        assert reason in response.json()["error"]
        assert set(response.json()) == {"error"}

    def test_seats(self, table: Table) -> None:
        """200 and a token for a free seat; 409 taken or a bot's; 404 no seat; 400 bad name."""
        room = table.room("axio-rota", 3, bots={"2": "greedy"})["room"]
        first = table.join(room, 0)
        cases = [
            ("0", {"name": "Bob"}, 409),
            ("2", {"name": "Bob"}, 409),
            ("3", {"name": "Bob"}, 404),
            ("-1", {"name": "Bob"}, 404),
            ("x", {"name": "Bob"}, 404),
            ("1", {"name": 7}, 400),
            ("1", {"name": "x" * 41}, 400),
            ("1", {"name": "a\nb"}, 400),
            ("1", {"nom": "Bob"}, 400),
            ("1", [], 400),
        ]
        for seat, body, status in cases:
            response = table.client.post(f"/api/rooms/{room}/seats/{seat}", json=body)
            assert response.status_code == status, (seat, body, response.text)
            assert set(response.json()) == {"error"}
        second = table.join(room, 1, "Bob")
        assert second != first
        assert table.snapshot(room)["seats"] == _seats({0: "Ann", 1: "Bob"}, {2: "greedy"}, 3)

    def test_unknown_room(self, table: Table) -> None:
        """404 for a room that does not exist, on every path."""
        for method, path in [
            ("GET", "/api/rooms/nosuchroom"),
            ("GET", "/api/rooms/nosuchroom/record"),
            ("POST", "/api/rooms/nosuchroom/seats/0"),
            ("GET", "/api/rooms/" + "x" * 300),
        ]:
            response = table.client.request(method, path, json={"name": "A"})
            assert response.status_code == 404
            assert set(response.json()) == {"error"}

    def test_paths_and_methods(self, table: Table) -> None:
        """404 for an unknown path, 405 for a wrong method, both as {"error": ...}."""
        room = table.room("polygon")["room"]
        for method, path, status in [
            ("GET", "/api/nothing", 404),
            ("DELETE", f"/api/rooms/{room}", 405),
            ("GET", f"/api/rooms/{room}/moves", 405),
            ("PUT", "/api/rooms", 405),
        ]:
            response = table.client.request(method, path)
            assert response.status_code == status
            assert set(response.json()) == {"error"}

    def test_page_and_games(self, table: Table) -> None:
        """The player's page at / and the games it offers."""
        page = table.client.get("/")
        assert page.status_code == 200
        assert page.text.startswith("<!DOCTYPE html>")
        assert "/api/rooms/" in page.text  # the player's page of examples/web/
        games = table.client.get("/api/games").json()
        assert [game["name"] for game in games] == sorted(GAMES)


class TestMoves:
    """POST /api/rooms/{room}/moves: every refusal, in the contract's order."""

    @pytest.fixture
    def room(self, table: Table) -> tuple[str, list[str]]:
        made = table.room("axio-rota", 2, seed=5)["room"]
        return made, [table.join(made, 0), table.join(made, 1, "Bob")]

    def test_a_move_of_another_seat(self, table: Table) -> None:
        """Aztack's speed stack: both seats move at once (AZT-17); a move names its seat."""
        name = table.room("aztack", 2, seed=3, options={"mode": "speed"})["room"]
        zero = table.join(name, 0)
        table.join(name, 1, "Bob")
        rules = tilegames.get("aztack")
        state = rules.new_game(2, seed=3, mode="speed")
        theirs = next(
            text
            for move in rules.legal_moves(state)
            if (text := rules.format_move(move)).startswith("1:")
        )
        answer = table.move(name, zero, theirs, 0)
        assert answer.status_code == 403
        assert answer.json() == {"error": f"{theirs} is a move of seat 1, and you hold seat 0"}

    def test_refusals(self, table: Table, room: tuple[str, list[str]]) -> None:
        """413, 400, 401, 403, 409 (turn), 400 (notation), 409 (rules): each changes nothing."""
        name, (zero, one) = room
        state = tilegames.get("axio-rota").new_game(2, seed=5)
        legal = table.snapshot(name, zero)["legal"]
        path = f"/api/rooms/{name}/moves"
        other = table.room("axio-rota", 2, seed=5)["room"]
        foreign = table.join(other, 0)
        big = json.dumps({"move": "x" * MAX_BODY, "turn": 0})
        cases: list[tuple[dict[str, Any], int, str]] = [
            ({"content": big, "headers": _auth(zero)}, 413, "over 65536 bytes"),
            ({"content": b"{", "headers": _auth(zero)}, 400, "not a JSON document"),
            ({"json": {"move": legal[0]}, "headers": _auth(zero)}, 400, "send {"),
            ({"json": {"move": legal[0], "turn": "0"}}, 400, "send {"),
            ({"json": {"move": 5, "turn": 0}}, 400, "send {"),
            ({"json": {"move": legal[0], "turn": 0, "x": 1}}, 400, "send {"),
            ({"json": {"move": legal[0], "turn": 0}}, 401, "Bearer"),
            ({"json": {"move": legal[0], "turn": 0}, "headers": _auth("nope")}, 401, "Bearer"),
            ({"json": {"move": legal[0], "turn": 0}, "headers": _auth(foreign)}, 401, "Bearer"),
            (
                {"json": {"move": legal[0], "turn": 0}, "headers": {"Authorization": zero}},
                401,
                "Bearer",
            ),
            ({"json": {"move": legal[0], "turn": 0}, "headers": _auth(one)}, 403, "seat 1 is not"),
            ({"json": {"move": legal[0], "turn": 1}, "headers": _auth(zero)}, 409, "turn 1"),
            ({"json": {"move": "5,5", "turn": 0}, "headers": _auth(zero)}, 400, "not a move"),
            ({"json": {"move": "9,9:0", "turn": 0}, "headers": _auth(zero)}, 409, "ROTA-"),
        ]
        for request, status, reason in cases:
            response = table.client.post(path, **request)
            assert response.status_code == status, (request, response.text)
            assert set(response.json()) == {"error"}
            assert reason in response.json()["error"], response.json()
        assert table.snapshot(name) == expected_snapshot(
            name, "axio-rota", state, None, [], _seats({0: "Ann", 1: "Bob"}, {}, 2)
        )
        assert table.move(name, zero, legal[0], 0).status_code == 200

    def test_order(self, table: Table, room: tuple[str, list[str]]) -> None:
        """Two faults at once: the earlier check of the contract answers."""
        name, (_, one) = room
        path = f"/api/rooms/{name}/moves"
        big = json.dumps({"move": "x" * MAX_BODY, "turn": 9})
        assert table.client.post(path, content=big).status_code == 413  # and no token
        assert table.client.post(path, content=b"[]").status_code == 400  # and no token
        bad = {"move": "nonsense", "turn": 9}
        assert table.client.post(path, json=bad).status_code == 401  # not to move, stale
        assert table.move(name, one, "nonsense", 9).status_code == 403  # stale, bad notation

    def test_a_stale_turn_loses(self, table: Table, room: tuple[str, list[str]]) -> None:
        """Two answers to the same turn: the first wins, the second gets 409."""
        name, (zero, _) = room
        legal = table.snapshot(name, zero)["legal"]
        assert table.move(name, zero, legal[0], 0).status_code == 200
        late = table.move(name, zero, legal[1], 0)
        assert late.status_code in (403, 409)  # seat 1 moves now (ROTA-16): 403 comes first

    def test_record_only_once_over(self, table: Table, room: tuple[str, list[str]]) -> None:
        """409 before the end: a record carries the seed."""
        response = table.client.get(f"/api/rooms/{room[0]}/record")
        assert response.status_code == 409
        assert "seed" in response.json()["error"]


class TestWholeGames:
    """Two seats play whole games over HTTP; every answer is exactly the seat's."""

    @pytest.mark.parametrize("game", GAMES[: size(everyday=1, deep=2)])
    def test_play_to_the_end(self, table: Table, game: str) -> None:
        play_whole_game(table, game, 2, seed=21)

    @pytest.mark.deep_only("every setup of every game, played to the end over HTTP")
    @pytest.mark.parametrize("setup", _setups(), ids=lambda s: f"{s[0]}-{s[1]}")
    def test_every_setup(self, table: Table, setup: Any) -> None:
        """Teams, solo and speed too: every answer to every seat is that seat's."""
        game, chosen = setup
        options = dict(chosen.options)
        play_whole_game(table, game, chosen.players, seed=chosen.players, options=options)


class TestLive:
    """GET /api/rooms/{room}/live: a snapshot on connect and after every move, per seat."""

    def test_messages(self, table: Table) -> None:
        """The seat, the other seat and a spectator each get their own snapshot."""
        room = table.room("axio", 2, seed=9)["room"]
        tokens = [table.join(room, 0), table.join(room, 1, "Bob")]
        seats = _seats({0: "Ann", 1: "Bob"}, {}, 2)
        client = table.client
        with (
            client.websocket_connect(f"/api/rooms/{room}/live?token={tokens[0]}") as mine,
            client.websocket_connect(f"/api/rooms/{room}/live?token={tokens[1]}") as theirs,
            client.websocket_connect(f"/api/rooms/{room}/live") as watcher,
        ):
            state = tilegames.get("axio").new_game(2, seed=9)
            sockets = ((mine, 0), (theirs, 1), (watcher, None))
            for socket, seat in sockets:
                assert socket.receive_json() == expected_snapshot(
                    room, "axio", state, seat, [], seats
                )
            legal = table.snapshot(room, tokens[0])["legal"]
            assert table.move(room, tokens[0], legal[3], 0).status_code == 200
            state = replayed("axio", 2, 9, [legal[3]])
            for socket, seat in sockets:
                message = json.loads(socket.receive_text())  # one text frame, the snapshot itself
                assert message == expected_snapshot(
                    room, "axio", state, seat, [(0, legal[3])], seats
                )

    def test_refused(self, table: Table) -> None:
        """A token of no seat here closes with 4401, an unknown room with 4404."""
        room = table.room("polygon")["room"]
        other = table.room("polygon")["room"]
        token = table.join(other, 0)
        for path, code in [
            (f"/api/rooms/{room}/live?token={token}", 4401),
            ("/api/rooms/nosuch/live", 4404),
        ]:
            with table.client.websocket_connect(path) as socket:
                message = socket.receive()
                assert message["type"] == "websocket.close"
                assert message["code"] == code


def _wait_over(table: Table, room: str, seconds: float = 20.0) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        snapshot = table.snapshot(room)
        if snapshot["over"]:
            return snapshot
        time.sleep(0.02)
    raise AssertionError("the bots did not finish the game")


class TestBots:
    """Bot seats move by themselves, at the start and after every human move."""

    def test_bots_play_a_whole_game(self, table: Table) -> None:
        """Every seat a bot: the game ends by itself, and the record replays to its end."""
        room = table.room("axio-rota", 2, seed=4, bots={"0": "random", "1": "greedy"})["room"]
        final = _wait_over(table, room)
        record = records.loads(table.client.get(f"/api/rooms/{room}/record").text)
        state = records.final_state(record)
        assert final["view"] == expected_snapshot(room, "axio-rota", state, None, [], [])["view"]
        assert [entry["move"] for entry in final["history"]] == list(record.moves)
        assert {entry["seat"] for entry in final["history"]} == {0, 1}

    def test_bot_answers_a_person(self, table: Table) -> None:
        """After a person's move the bot seat moves, and it is the person's turn again."""
        room = table.room("polygon", 2, seed=8, bots={"1": "greedy"})["room"]
        token = table.join(room, 0)
        deadline = time.monotonic() + 10
        while table.snapshot(room)["to_move"] != [0] and time.monotonic() < deadline:
            time.sleep(0.02)  # the bot may open the game (POLY-8's start-order draw)
        mine = table.snapshot(room, token)
        assert table.move(room, token, mine["legal"][0], mine["turn"]).status_code == 200
        while table.snapshot(room)["to_move"] != [0] and time.monotonic() < deadline:
            time.sleep(0.02)
        snapshot = table.snapshot(room, token)
        assert snapshot["to_move"] == [0]
        assert {entry["seat"] for entry in snapshot["history"]} == {0, 1}


class TestPageEndpoints:
    """GET .../choices (a move part by part) and GET .../picture (the seat's board)."""

    def _room(self, table: Table, game: str, seed: int = 4) -> tuple[str, list[str], Any]:
        rules = tilegames.get(game)
        room = table.room(game, 2, seed=seed)["room"]
        tokens = [table.join(room, seat, f"P{seat}") for seat in (0, 1)]
        return room, tokens, rules.new_game(2, seed=seed)

    def _choices(self, table: Table, room: str, token: str | None, picked: str) -> Any:
        return table.client.get(
            f"/api/rooms/{room}/choices", params={"picked": picked}, headers=_auth(token)
        )

    @pytest.mark.parametrize("game", GAMES)
    def test_every_walk_ends_in_a_legal_move(self, table: Table, game: str) -> None:
        """The first options share out the legal moves; random walks end in one of them."""
        room, tokens, state = self._room(table, game)
        rules = tilegames.get(game)
        seat = rules.to_move(state)[0]
        legal = {rules.format_move(m) for m in moves_for(rules, state, seat)}
        first = self._choices(table, room, tokens[seat], "")
        assert first.status_code == 200, first.text
        assert sum(option["count"] for option in first.json()["options"]) == len(legal)
        chooser = random.Random(game)
        reached = set()
        for _ in range(size(everyday=6, deep=40)):
            picked: list[int] = []
            answer = first.json()
            while answer["move"] is None:
                assert answer["options"], answer  # never a dead end
                picked.append(chooser.randrange(len(answer["options"])))
                text = ",".join(map(str, picked))
                response = self._choices(table, room, tokens[seat], text)
                assert response.status_code == 200, response.text
                answer = response.json()
                assert len(answer["picked"]) == len(picked)
            assert answer["move"]["notation"] in legal
            reached.add(answer["move"]["notation"])
        assert reached  # and the room did not move: choices only ask
        assert table.snapshot(room)["turn"] == 0

    def test_refusals(self, table: Table) -> None:
        """No token 401, a seat not to move 409, an option not offered or bad text 400."""
        room, tokens, state = self._room(table, "axio")
        seat = tilegames.get("axio").to_move(state)[0]
        cases = [
            (None, "", 401),
            (tokens[1 - seat], "", 409),
            (tokens[seat], "999", 400),
            (tokens[seat], "0,x", 400),
            (tokens[seat], "-1", 400),
            (tokens[seat], ",".join(["0"] * 20), 400),
            (tokens[seat], "9" * 40, 400),
        ]
        for token, picked, status in cases:
            answer = self._choices(table, room, token, picked)
            assert answer.status_code == status, (picked, answer.text)
            assert set(answer.json()) == {"error"}

    @pytest.mark.parametrize("game", GAMES)
    def test_pictures_are_of_the_seats_view(self, table: Table, game: str) -> None:
        """A seat's picture is its view with its target cells; a spectator's the public view."""
        room, tokens, state = self._room(table, game)
        rules = tilegames.get(game)
        seat = rules.to_move(state)[0]
        targets = sorted({c for m in moves_for(rules, state, seat) for c in cells_of(m)})
        cells = [(int(key.split(",")[0]), int(key.split(",")[1])) for key in targets]
        for token, who, marked in [(tokens[seat], seat, cells), (None, None, [])]:
            answer = table.client.get(f"/api/rooms/{room}/picture", headers=_auth(token))
            assert answer.status_code == 200
            assert answer.headers["content-type"].startswith("image/svg+xml")
            assert answer.text == to_svg(rules.view(state, who), targets=marked)
        answer = table.client.get(f"/api/rooms/{room}/picture", headers=_auth("x" * 32))
        assert answer.status_code == 401


class TestBotTime:
    """A bot's time limit holds whatever the agent is asked to do."""

    def _legal_history(self, game: str, seed: int, history: list[dict[str, Any]]) -> None:
        rules = tilegames.get(game)
        state = rules.new_game(2, seed=seed)
        for entry in history:  # each move was legal where it was played
            move = rules.parse_move(entry["move"], state)
            assert rules.why_illegal(state, move) is None
            state = rules.apply(state, move)

    def test_a_search_without_a_clock_moves_in_time(self, db: Path) -> None:
        """mcts:1000000 would think for minutes: its clock is cut to the server's limit."""
        with TestClient(create_app(db, bot_seconds=0.5)) as client:
            table = Table(client)
            bots = {"0": "mcts:1000000", "1": "mcts:90s"}
            room = table.room("axio-rota", 2, seed=3, bots=bots)["room"]
            started = time.monotonic()
            while table.snapshot(room)["turn"] < size(everyday=2, deep=4):
                assert time.monotonic() - started < 20, "the bots did not move in time"
                time.sleep(0.02)
            self._legal_history("axio-rota", 3, table.snapshot(room)["history"])
            assert client.app.state.server.bots.replaced == 0  # every move the bot's own, in time

    @pytest.mark.deep_only(
        "four slow moves at 1 s and two rooms; the everyday tier kills a worker over its time"
        " in tests/test_server_bots.py"
    )
    def test_a_bot_over_its_time(self, db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        """An agent past the limit is stopped: a random legal move instead; other rooms play on.

        The slow room's agent ignores every clock (30 s a move): each of its
        moves is a random legal one made in time, and the worker process it
        thought in is killed and replaced. The other room's agent answers at
        once with its first legal move, so its history shows that its own bot
        chose every move (a fallback is a random move) while the slow room
        went on. The time limit (1 s) leaves the fast agent's moves room on a
        busy machine, where the workers (at a lower priority than everything
        else) may wait half a second for a core; a fast move over its time
        would be a random one too. The bounds (20 s) leave a slow or busy
        machine room for the worker processes' restarts and stay below what
        waiting for the slow agent would take (30 s for one move).
        """
        agents = {"greedy": Sleeper(30.0), "random": Sleeper(0.0)}
        monkeypatch.setattr(
            "tilegames.server._app.make_agent", lambda spec: agents.get(spec) or make_agent(spec)
        )
        with TestClient(create_app(db, bot_seconds=1.0, bot_workers=2)) as client:
            table = Table(client)
            server = client.app.state.server
            warm = table.room("aztack", 2, seed=4, bots={"0": "random", "1": "random"})["room"]
            _wait_over(table, warm)  # the worker processes are up (their first start is slow)
            replaced = server.bots.replaced
            started = time.monotonic()
            slow = table.room("aztack", 2, seed=5, bots={"0": "greedy", "1": "greedy"})["room"]
            while len(table.snapshot(slow)["history"]) < 4:  # random moves, each in time
                assert time.monotonic() - started < 20, "the slow room did not move in time"
                time.sleep(0.02)
            fast = table.room("aztack", 2, seed=6, bots={"0": "random", "1": "random"})["room"]
            _wait_over(table, fast)
            assert time.monotonic() - started < 20  # before the slow agent's first answer
            assert server.bots.replaced >= replaced + 4  # a worker killed for each slow move
            self._legal_history("aztack", 5, table.snapshot(slow)["history"])
            rules = tilegames.get("aztack")
            state = rules.new_game(2, seed=6)
            for number, entry in enumerate(table.snapshot(fast)["history"]):
                first = moves_for(rules, state, entry["seat"])[0]
                assert entry["move"] == rules.format_move(first), (  # the bot's own choice
                    f"the fast room's move {number} was not its bot's"
                    f" ({server.bots.replaced - replaced} workers replaced)"
                )
                state = rules.apply(state, first)

    def test_no_bot_in_several_processes(self, table: Table) -> None:
        """A room's bot searches in one process: mcts:...:w2 is refused."""
        answer = table.client.post(
            "/api/rooms", json={"game": "axio", "bots": {"1": "mcts:0.2s:w2"}}
        )
        assert answer.status_code == 400
        assert "one process" in answer.json()["error"]


class TestRestart:
    """The application stopped and started on the same database: nothing lost."""

    def test_same_rooms_tokens_and_bots(self, db: Path) -> None:
        with TestClient(create_app(db)) as client:
            table = Table(client)
            room = table.room("axio-rota", 2, seed=6)["room"]
            token = table.join(room, 0)
            legal = table.snapshot(room, token)["legal"]
            assert table.move(room, token, legal[2], 0).status_code == 200
            before = table.snapshot(room, token)
            bots = table.room("aztack", 2, seed=2, bots={"0": "random", "1": "random"})["room"]
        with TestClient(create_app(db)) as client:
            table = Table(client)
            assert table.snapshot(room, token) == before
            assert table.move(room, token, legal[0], 1).status_code == 403  # seat 1's turn
            assert (
                table.client.post(f"/api/rooms/{room}/seats/0", json={"name": "X"}).status_code
                == 409
            )
            _wait_over(table, bots)  # the bots carried on


def _expected_status(rules: Any, state: Any, turn: int, body: Any) -> int:
    """The status the contract gives a move body from the seat to move, from the library alone.

    The checks in the issue's order: the body's shape (a move of at most 200
    characters, an int turn), the turn, the notation, then the rules.
    """
    if (
        not isinstance(body, dict)
        or set(body) != {"move", "turn"}
        or not isinstance(body["move"], str)
        or type(body["turn"]) is not int
        or len(body["move"]) > MAX_MOVE
    ):
        return 400
    if body["turn"] != turn:
        return 409
    try:
        move = rules.parse_move(body["move"], state)
    except ValueError:  # NotationError, and InvalidStateError for a move of another shape
        return 400
    return 200 if rules.why_illegal(state, move) is None else 409


def _no_repeats(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    if len({key for key, _ in pairs}) != len(pairs):
        raise ValueError("a repeated key")
    return dict(pairs)


def _refuse_constant(name: str) -> Any:
    raise ValueError(name)


def _strict(raw: bytes) -> Any:
    """A raw body as strict JSON reads it (None when it is not JSON: a 400).

    NaN, Infinity and repeated keys are not JSON; nor is nesting deeper than
    the library's documents allow.
    """
    try:
        body = json.loads(raw, parse_constant=_refuse_constant, object_pairs_hook=_no_repeats)
    except (ValueError, RecursionError):
        return None
    depth, node = 0, [body]
    while node:  # the deepest nesting, level by level
        depth += 1
        node = [
            c
            for n in node
            if isinstance(n, (list, dict))
            for c in (n.values() if isinstance(n, dict) else n)
        ]
    return None if depth > MAX_DEPTH else body


class _Hostile:
    """One room of a game, a seat that is to move, and the state the library says it holds."""

    def __init__(self, table: Table, game: str) -> None:
        self.table, self.game = table, game
        self.rules = tilegames.get(game)
        self.new_room()

    def new_room(self) -> None:
        """A fresh room (when the accepted moves have played a game to its end)."""
        self.state = self.rules.new_game(2, seed=5)
        self.room = self.table.room(self.game, 2, seed=5)["room"]
        self.tokens = [self.table.join(self.room, seat, f"P{seat}") for seat in (0, 1)]
        self.turn = 0

    def send(self, body: Any, raw: bytes | None = None) -> None:
        """Send a move body (as Python's json writes it, NaN included) or raw bytes.

        The answer is the one :func:`_expected_status` gives the body as strict
        JSON reads it.
        """
        if self.rules.is_over(self.state):
            self.new_room()
        seat = self.rules.to_move(self.state)[0]
        if raw is None:
            raw = json.dumps(body).encode()
        answer = self.table.client.post(
            f"/api/rooms/{self.room}/moves",
            content=raw,
            headers={
                "Authorization": f"Bearer {self.tokens[seat]}",
                "Content-Type": "application/json",
            },
        )
        sent = _strict(raw)
        expected = _expected_status(self.rules, self.state, self.turn, sent)
        assert answer.status_code == expected, (body, raw, answer.text)
        if expected == 200:
            self.state = self.rules.apply(
                self.state, self.rules.parse_move(sent["move"], self.state)
            )
            self.turn += 1
        else:
            assert set(answer.json()) == {"error"}
        snapshot = self.table.snapshot(self.room)  # the room holds exactly what was accepted
        assert snapshot["turn"] == self.turn
        assert (
            snapshot["view"]
            == expected_snapshot(self.room, self.game, self.state, None, [], [])["view"]
        )


_HOSTILE_SETTINGS = settings(
    max_examples=examples(50, everyday=20),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


class TestHostileInput:
    """The hostile-input tests' notation and documents, sent to the server as moves.

    The corpus is theirs (tests/test_arguments_hostile.py for notation,
    tests/test_documents_hostile.py and tests/document_mutations.py for
    documents): every answer is the one the contract gives, worked out from
    the library, a 4xx leaves the room as it was, and nothing is a 500.
    """

    @pytest.mark.parametrize("game", GAMES)
    def test_notation(self, table: Table, game: str) -> None:
        """Other scripts' digits, numbers at and over the digit limit, and arbitrary text."""
        hostile = _Hostile(table, game)
        numbered = NUMBERED[game][0]
        for text in (
            *UNICODE_TEXTS[game],
            numbered(AT_LIMIT),
            numbered(OVER_LIMIT),
            numbered("9" * 190),
        ):
            hostile.send({"move": text, "turn": hostile.turn})

        @_HOSTILE_SETTINGS
        @given(text=HOSTILE_NOTATION)
        def any_text(text: str) -> None:
            hostile.send({"move": text, "turn": hostile.turn})

        any_text()

    @pytest.mark.parametrize("game", GAMES)
    def test_bodies(self, table: Table, game: str) -> None:
        """A legal move's body with each field of each wrong type, then randomly changed."""
        hostile = _Hostile(table, game)
        legal = hostile.table.snapshot(hostile.room, hostile.tokens[0])["legal"]
        base = {"move": (legal or ["x"])[0], "turn": 0}
        for field in ("move", "turn"):
            for value in WRONG_VALUES:
                hostile.send({**base, field: value})

        @_HOSTILE_SETTINGS
        @given(change=mutations())
        def changed(change: Any) -> None:
            if hostile.rules.is_over(hostile.state):
                hostile.new_room()
            seat = hostile.rules.to_move(hostile.state)[0]
            moves = list(moves_for(hostile.rules, hostile.state, seat))
            body: dict[str, Any] = {
                "move": hostile.rules.format_move(moves[-1]),
                "turn": hostile.turn,
            }
            document = {"data": body}  # mutate changes a document's data
            mutate(document, change)
            hostile.send(document["data"])

        changed()

    def test_raw_texts(self, table: Table) -> None:
        """The documents tests' broken texts (huge numbers, NaN, repeated keys, cuts), and more."""
        hostile = _Hostile(table, "axio-rota")
        legal = table.snapshot(hostile.room, hostile.tokens[0])["legal"][0]
        text = json.dumps({"move": legal, "turn": 0})
        for changed in text_mutations(text, seed=3):
            hostile.send(None, raw=changed.encode())
        for raw in (
            b"\xff\xfe",
            b"[" * (MAX_DEPTH + 5),
            b'{"move": NaN, "turn": 0}',
            b'{"move": "x", "move": "%s", "turn": 0}' % legal.encode(),  # which move is meant?
            b'{"move": "%s", "turn": 0, "turn": 0}' % legal.encode(),
        ):
            hostile.send(None, raw=raw)
        hostile.send({"move": legal, "turn": 0})  # and the move itself is still accepted
        assert hostile.turn == 1

    @pytest.mark.parametrize(
        "header",
        ["", "Bearer", "Bearer ", "bearer x", "Basic eDp5", "Bearer " + "A" * 43, "Bearer \t x"],
    )
    def test_headers(self, table: Table, header: str) -> None:
        """A token that holds no seat here is a 401 and changes nothing."""
        hostile = _Hostile(table, "polygon")
        seat = hostile.rules.to_move(hostile.state)[0]
        other = table.room("polygon", 2, seed=5)["room"]
        for value in (header, f"Bearer {table.join(other, seat)}"):
            legal = table.snapshot(hostile.room, hostile.tokens[seat])["legal"]
            answer = table.client.post(
                f"/api/rooms/{hostile.room}/moves",
                json={"move": legal[0], "turn": 0},
                headers={"Authorization": value},
            )
            assert answer.status_code == 401
            assert set(answer.json()) == {"error"}
            assert table.snapshot(hostile.room)["turn"] == 0


# The everyday tier listens to two setups whose secrets differ in kind: AXIO
# teams (four racks, two per team, each seat's own) and Aztack's speed stack
# (several seats move at once); --deep listens to every setup of up to three
# players and to the team game (four seats: a fourth seat's secrets are a third's).
_LISTENED = (
    [(n, s) for n, s in _setups() if s.players <= 3 or "team" in str(s)]
    if DEEP
    else [
        (n, s)
        for n, s in _setups()
        if (n, str(s)) in {("axio", "4 players, mode=team"), ("aztack", "2 players, mode=speed")}
    ]
)


class TestSecrecy:
    """Every WebSocket message of a whole game is exactly what view gives its seat."""

    @pytest.mark.parametrize("setup", _LISTENED, ids=lambda s: f"{s[0]}-{s[1]}")
    def test_every_message(self, table: Table, setup: tuple[str, Any]) -> None:
        """Every seat and a spectator listen through a random game; each message is checked.

        Each seat's messages equal ``view`` of that seat, so none carries
        another seat's hidden tiles, and the spectator's equal the public view.
        """
        game, chosen = setup
        rules = tilegames.get(game)
        players, options = chosen.players, dict(chosen.options)
        room = table.room(game, players, seed=31, options=options)["room"]
        names = {seat: f"P{seat}" for seat in range(players)}
        tokens = [table.join(room, seat, names[seat]) for seat in range(players)]
        seats = _seats(names, {}, players)
        client = table.client
        chooser = random.Random(f"{game} {chosen}")
        history: list[tuple[int, str]] = []
        state = rules.new_game(players, seed=31, **options)
        with contextlib.ExitStack() as stack:
            sockets = [
                (
                    stack.enter_context(
                        client.websocket_connect(f"/api/rooms/{room}/live{query}")
                    ),
                    seat,
                )
                for query, seat in [(f"?token={t}", s) for s, t in enumerate(tokens)]
                + [("", None)]
            ]
            while True:
                for socket, seat in sockets:
                    expected = expected_snapshot(room, game, state, seat, history, seats)
                    assert socket.receive_json() == expected
                if rules.is_over(state):
                    break
                move = chooser.choice(list(rules.legal_moves(state)))
                seat = mover(rules, state, move)
                text = rules.format_move(move)
                assert table.move(room, tokens[seat], text, len(history)).status_code == 200
                history.append((seat, text))
                state = rules.apply(state, move)
                assert state == replayed(game, players, 31, [t for _, t in history], **options)


def test_settle_collector() -> None:
    """A server process's collector: what lives at start frozen, young objects less often."""
    import gc

    from tilegames.server import _COLLECTOR_THRESHOLD, _settle_collector

    threshold = gc.get_threshold()
    try:
        gc.set_threshold(700, *threshold[1:])
        _settle_collector()
        assert gc.get_freeze_count() > 0
        assert gc.get_threshold() == (_COLLECTOR_THRESHOLD, *threshold[1:])
    finally:
        gc.unfreeze()
        gc.set_threshold(*threshold)
