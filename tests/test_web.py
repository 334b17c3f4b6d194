"""The web example's JSON API (examples/web/server.py), served on a loopback port."""

from __future__ import annotations

import http.client
import importlib.util
import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

import tilegames
from tilegames import InvalidStateError, axio_rota, polygon, records
from tilegames.serialize import from_dict, to_dict

SERVER_FILE = Path(__file__).resolve().parents[1] / "examples" / "web" / "server.py"


def _load_server() -> Any:
    spec = importlib.util.spec_from_file_location("tilegames_web_server", SERVER_FILE)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


web = _load_server()


@pytest.fixture(scope="module", autouse=True)
def _wired_choices() -> Iterator[None]:
    """Every game's choices in its Rules, as the games' faces give them once they import them."""
    from tilegames.axio._choices import choices as axio_choices
    from tilegames.axio_rota._choices import choices as rota_choices
    from tilegames.aztack._choices import choices as aztack_choices
    from tilegames.polygon._choices import choices as polygon_choices

    found = {
        "axio": axio_choices,
        "axio-rota": rota_choices,
        "aztack": aztack_choices,
        "polygon": polygon_choices,
    }
    before: dict[str, Any] = {name: tilegames.get(name) for name in found}
    for name, choices in found.items():
        if before[name].choices is None:
            tilegames.register(attrs.evolve(before[name], choices=choices), replace=True)
    yield
    for rules in before.values():
        tilegames.register(rules, replace=True)


class Client:
    """JSON requests to the test server."""

    def __init__(self, server: Any) -> None:
        self.server = server
        self.port = server.server_address[1]

    def request(
        self, method: str, path: str, body: Any = None, raw: bytes | None = None
    ) -> tuple[int, Any]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        try:
            payload = raw if raw is not None else (None if body is None else json.dumps(body))
            connection.request(method, path, body=payload)
            response = connection.getresponse()
            data = response.read()
            kind = response.getheader("Content-Type", "")
            return response.status, json.loads(data) if "json" in kind else data
        finally:
            connection.close()


@pytest.fixture(scope="module")
def client() -> Iterator[Client]:
    """A server on a free loopback port in a thread, shut down afterwards."""
    server = web.Server(("127.0.0.1", 0))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield Client(server)
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


def new_game(client: Client, game: str, seed: int = 4) -> dict[str, Any]:
    status, snapshot = client.request("POST", "/api/games", {"game": game, "seed": seed})
    assert status == 201, snapshot
    result: dict[str, Any] = snapshot
    return result


class TestReading:
    """The page, the list of games and a game's snapshot."""

    def test_page(self, client: Client) -> None:
        """``/`` serves the one HTML page."""
        status, page = client.request("GET", "/")
        assert status == 200
        assert b"<script>" in page
        assert b"/api/games" in page

    def test_games(self, client: Client) -> None:
        """Every registered game is listed with its title and player counts."""
        status, games = client.request("GET", "/api/games")
        assert status == 200
        assert {game["name"] for game in games} == {"axio", "axio-rota", "aztack", "polygon"}
        rota = next(game for game in games if game["name"] == "axio-rota")
        assert rota == {
            "name": "axio-rota",
            "title": "AXIO Rota",
            "players": [1, 2, 3, 4],
            "default": 2,
        }

    @pytest.mark.parametrize("game", ["axio", "axio-rota", "aztack", "polygon"])
    def test_snapshot(self, client: Client, game: str) -> None:
        """A new game's snapshot has seat 0's view as a document, the picture and the scores."""
        snapshot = new_game(client, game)
        assert snapshot["your_turn"] is True
        assert snapshot["view"]["type"] == "View"
        assert snapshot["view"]["data"]["seat"] == 0
        assert snapshot["svg"].startswith("<svg")
        assert len(snapshot["scores"]) == 2
        assert '"seed"' not in json.dumps(snapshot["view"])
        status, again = client.request("GET", f"/api/games/{snapshot['id']}")
        assert status == 200
        assert again == snapshot

    def test_hand_is_private(self, client: Client) -> None:
        """AXIO Rota: the snapshot shows seat 0's hand, not seat 1's."""
        snapshot = new_game(client, "axio-rota", seed=9)
        state = axio_rota.new_game(2, seed=9)
        hand, other = state.hands
        assert hand is not None
        assert other is not None
        assert snapshot["view"]["data"]["hand"] == list(hand)
        assert "hands" not in snapshot["view"]["data"]
        assert json.dumps(list(other)) not in json.dumps(snapshot["view"])

    def test_legal_moves(self, client: Client) -> None:
        """The moves are the rules' legal moves in the position the history leads to."""
        snapshot = new_game(client, "polygon", seed=7)
        status, moves = client.request("GET", f"/api/games/{snapshot['id']}/moves")
        assert status == 200
        state = polygon.new_game(2, seed=7)
        for written in snapshot["history"]:  # the bots' moves, if a bot started
            state = polygon.apply(state, polygon.parse_move(written, state))
        legal = polygon.legal_moves(state)
        assert [move["notation"] for move in moves] == [str(move) for move in legal]
        assert [from_dict(move["move"], polygon.Move) for move in moves] == list(legal)
        q, r = moves[0]["move"]["data"]["space"]
        assert moves[0]["cells"] == [f"{q},{r}"]


class TestPlaying:
    """Moves change the game; bad requests get a 4xx reason and change nothing."""

    @pytest.mark.parametrize("game", ["axio", "axio-rota", "aztack", "polygon"])
    def test_a_move_then_the_bots(self, client: Client, game: str) -> None:
        """A legal move is played, the bots answer, and it is seat 0's turn again (or the end)."""
        snapshot = new_game(client, game)
        _, moves = client.request("GET", f"/api/games/{snapshot['id']}/moves")
        status, after = client.request(
            "POST", f"/api/games/{snapshot['id']}/moves", {"move": moves[0]["move"]}
        )
        assert status == 200, after
        assert after["history"][len(snapshot["history"])] == moves[0]["notation"]
        assert after["your_turn"] or after["over"]  # the bots moved until seat 0's turn

    def test_notation(self, client: Client) -> None:
        """A move may be sent in the game's notation."""
        snapshot = new_game(client, "polygon", seed=7)
        _, moves = client.request("GET", f"/api/games/{snapshot['id']}/moves")
        status, after = client.request(
            "POST", f"/api/games/{snapshot['id']}/moves", {"notation": moves[-1]["notation"]}
        )
        assert status == 200
        assert moves[-1]["notation"] in after["history"]

    @pytest.mark.parametrize(
        ("body", "status", "reason"),
        [
            ({"notation": "3@9,9"}, 409, "(9, 9) is not a space of the radius-4 board (POLY-4)"),
            ({"notation": "nonsense"}, 400, "'nonsense' is not a move"),
            ({"notation": 5}, 400, "notation must be a string"),
            ({"move": {"format": "tilegames"}}, 400, "document: missing field"),
            (
                {"move": to_dict(axio_rota.Move((0, 0), 0))},
                400,
                "game: the document is of 'axio-rota', but a Move of 'polygon' was asked for",
            ),
            ({"move": 1, "notation": "x"}, 400, 'send {"move": DOCUMENT}'),
            ([], 400, 'send {"move": DOCUMENT}'),
        ],
    )
    def test_bad_moves_change_nothing(
        self, client: Client, body: Any, status: int, reason: str
    ) -> None:
        """Illegal or malformed moves are refused with the reason; the game is as it was."""
        snapshot = new_game(client, "polygon", seed=7)
        path = f"/api/games/{snapshot['id']}"
        answer, error = client.request("POST", path + "/moves", body)
        assert answer == status
        assert reason in error["error"]
        assert client.request("GET", path) == (200, snapshot)

    def test_not_json(self, client: Client) -> None:
        """A body that is not JSON is a 400."""
        snapshot = new_game(client, "axio-rota")
        status, error = client.request("POST", f"/api/games/{snapshot['id']}/moves", raw=b"{")
        assert status == 400
        assert error == {"error": "the body is not JSON"}

    def test_too_large(self, client: Client) -> None:
        """A body over the limit is a 413 and is not read."""
        snapshot = new_game(client, "axio-rota")
        status, error = client.request(
            "POST", f"/api/games/{snapshot['id']}/moves", raw=b" " * (web.MAX_BODY + 1)
        )
        assert status == 413
        assert "over" in error["error"]

    def test_out_of_turn(self, client: Client) -> None:
        """A move while seat 0 may not move is a 409, and changes nothing."""
        snapshot = new_game(client, "axio-rota", seed=3)
        game = client.server.store.get(snapshot["id"])
        _, moves = client.request("GET", f"/api/games/{snapshot['id']}/moves")
        state = axio_rota.apply(game.state, axio_rota.legal_moves(game.state)[0])
        assert axio_rota.to_move(state) == (1,)
        game.state = state  # as if seat 1 were a person still thinking
        status, error = client.request(
            "POST", f"/api/games/{snapshot['id']}/moves", {"move": moves[0]["move"]}
        )
        assert status == 409
        assert error == {"error": "it is not seat 0's turn"}
        assert game.state is state

    @pytest.mark.parametrize(
        ("body", "reason"),
        [
            ({"game": "chess"}, "game must be one of"),
            ({"game": "polygon", "players": 9}, "players must be one of [2, 3, 4]"),
            ({"game": "polygon", "seed": -1}, "seed must be an int"),
            ({"game": "polygon", "seed": True}, "seed must be an int"),
            ({"game": "polygon", "colour": "red"}, "unknown field 'colour'"),
            ("polygon", 'send a JSON object such as {"game": "axio"}'),
        ],
    )
    def test_bad_new_games(self, client: Client, body: Any, reason: str) -> None:
        """A new game that cannot be set up is a 400 with the reason."""
        status, error = client.request("POST", "/api/games", body)
        assert status == 400
        assert reason in error["error"]

    @pytest.mark.parametrize(
        ("method", "path", "status"),
        [
            ("GET", "/api/games/999", 404),
            ("GET", "/api/games/999/moves", 404),
            ("GET", "/elsewhere", 404),
            ("GET", "/api/games/1/other", 404),
            ("DELETE", "/api/games", 405),
            ("PUT", "/", 405),
        ],
    )
    def test_paths_and_methods(self, client: Client, method: str, path: str, status: int) -> None:
        """Unknown games and paths are 404s, wrong methods 405s, all with a JSON reason."""
        new_game(client, "axio-rota")
        answer, error = client.request(method, path)
        assert answer == status
        assert error["error"]


class TestNoBrokenGame:
    """A document that does not load never reaches the stored game."""

    def test_invalid_move_document(self) -> None:
        """The store refuses an invalid move document before touching the game."""
        store = web.Store()
        key = store.new({"game": "axio-rota", "seed": 2})
        game = store.get(key)
        before = game.state
        document = to_dict(axio_rota.Move((0, 0), 0))
        document["data"]["rotation"] = 9
        with pytest.raises(web.RequestError) as raised:
            store.play(game, {"move": document})
        assert raised.value.status == 400
        assert game.state is before
        with pytest.raises(InvalidStateError):
            from_dict(document, axio_rota.Move)


def walk(game: Any, picked: list[int]) -> list[str]:
    """The notation of every move below ``picked``, through the page's choices."""
    choice = web.choices(game, picked)
    if choice["move"] is not None and not choice["options"]:
        return [choice["move"]["notation"]]
    found = []
    for option in choice["options"]:
        found.extend(walk(game, [*picked, option["index"]]))
    return found


class TestChoices:
    """The page's choices: the game's parts of a move, drawn and in words."""

    @pytest.mark.parametrize("game", ["axio-rota", "aztack", "polygon"])
    def test_every_path_is_a_legal_move(self, game: str) -> None:
        """Walking every option reaches each legal move of the human exactly once."""
        store = web.Store()
        key = store.new({"game": game, "seed": 5})
        stored = store.get(key)
        legal = [move["notation"] for move in web.legal_moves(stored)]
        found = walk(stored, [])
        assert sorted(found) == sorted(legal)
        assert len(found) == len(set(found))

    def test_axio_tile_then_cells(self) -> None:
        """AXIO: a rack tile drawn as a picture, then its lower colour's cell, then the other."""
        store = web.Store()
        key = store.new({"game": "axio", "seed": 5})
        stored = store.get(key)
        first = web.choices(stored, [])
        assert first["kind"] == "tile"
        assert all(option["svg"].startswith("<svg") for option in first["options"])
        total = sum(option["count"] for option in first["options"])
        assert total == len(web.legal_moves(stored))
        tile = web.choices(stored, [0])
        assert tile["kind"] == "cell"
        assert tile["prompt"].startswith("Click a highlighted cell for the")
        assert tile["svg"].count('class="target"') == len(tile["options"])
        found = walk(stored, [0])
        assert len(found) == first["options"][0]["count"]

    def test_rotation_previews_with_scores(self) -> None:
        """AXIO Rota: after a cell, each rotation is a small picture with the score it makes."""
        store = web.Store()
        key = store.new({"game": "axio-rota", "seed": 1})
        stored = store.get(key)
        cells = web.choices(stored, [])
        assert cells["kind"] == "cell"
        index = next(o["index"] for o in cells["options"] if o["cell"] == "1,0")
        turns = web.choices(stored, [index])
        assert turns["kind"] == "rotation"
        assert [o["label"] for o in turns["options"]] == [
            "turned 0\u00b0",
            "turned 90\u00b0",
            "turned 180\u00b0",
            "turned 270\u00b0",
        ]
        assert all(o["svg"].startswith("<svg") for o in turns["options"])
        # By hand (seed 1, as in tests/test_render_choices.py): unturned, the green corner
        # meets green at the vertex (1, 0); turned twice nothing matches.
        assert turns["options"][0]["score"] == "+1 green"
        assert turns["options"][2]["score"] == "+0"
        done = web.choices(stored, [index, 0])
        assert done["move"]["notation"] == "1,0:0"
        laid = [line for line in done["svg"].splitlines() if 'data-cell="1,0"' in line]
        assert "preview" in laid[0]
        assert "scored" in laid[0]

    def test_bad_picked(self, client: Client) -> None:
        """An option number that is not offered, or not a number, is a 400."""
        snapshot = new_game(client, "polygon", seed=7)
        path = f"/api/games/{snapshot['id']}/choices"
        status, error = client.request("GET", path + "?picked=99")
        assert status == 400
        assert "option 99 is not offered at step 0" in error["error"]
        status, error = client.request("GET", path + "?picked=a")
        assert status == 400
        assert "picked must be option numbers" in error["error"]

    def test_labels_and_words(self) -> None:
        """Scores are labelled; bonus turns and swap decisions are said in words."""
        store = web.Store()
        key = store.new({"game": "axio", "seed": 1})
        stored = store.get(key)
        seats = web.snapshot(key, stored)["seats"]
        assert seats[0]["name"] == "You"
        assert seats[1]["name"] == "Bot 1"
        assert [t["label"] for t in seats[0]["tracks"]][:2] == ["red (circle)", "green (star)"]
        stored.state = attrs.evolve(stored.state, turn=6, bonuses=1)
        assert "Bonus turn: 1 more placement owed." in web.snapshot(key, stored)["status"]
        stored.state = attrs.evolve(stored.state, bonuses=0, deciding=True)
        assert "swap your rack or keep it" in web.snapshot(key, stored)["status"]
        assert web.choices(stored, [])["kind"] == "swap"
        aztack = store.get(store.new({"game": "aztack", "seed": 1}))
        assert web.snapshot("x", aztack)["meaning"] == "stones left, fewer is better"


class TestUndoAndRecord:
    """Undo replays the record without the last move; the record downloads as text."""

    def test_undo(self, client: Client) -> None:
        """A move and the bots' answers are taken back; the record replays the game."""
        snapshot = new_game(client, "axio-rota", seed=4)
        path = f"/api/games/{snapshot['id']}"
        assert snapshot["can_undo"] is False
        _, moves = client.request("GET", path + "/moves")
        _, after = client.request("POST", path + "/moves", {"move": moves[0]["move"]})
        assert after["can_undo"] is True
        assert [r["name"] for r in after["recent"]] == ["You", "Bot 1"]
        assert len(after["frames"]) == 1
        status, record = client.request("GET", path + "/record")
        assert status == 200
        loaded = records.loads(record["record"])
        assert list(loaded.moves) == after["history"]
        assert records.replay(loaded)[-1] == client.server.store.get(snapshot["id"]).state
        status, undone = client.request("POST", path + "/undo")
        assert status == 200
        assert undone["history"] == snapshot["history"]
        assert undone["view"] == snapshot["view"]
        status, error = client.request("POST", path + "/undo")
        assert status == 409
        assert "no move of yours" in error["error"]

    def test_end_panel(self) -> None:
        """A finished game shows the ranking, each seat's result and the reason."""
        store = web.Store()
        key = store.new({"game": "polygon", "seed": 3})
        stored = store.get(key)
        while not stored.rules.is_over(stored.state):
            move = web.legal_moves(stored)[0]["move"]
            store.play(stored, {"move": move})
        end = web.snapshot(key, stored)["end"]
        assert end["headline"] in ("You win!", "You lose.")
        assert {r["name"] for r in end["results"]} == {"You", "Bot 1"}
        assert end["reason"]
        assert end["places"][0]["place"] == 1
