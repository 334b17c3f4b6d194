"""The server's OpenAPI 3.1 description (GET /api/openapi.json) against the server itself.

The description is valid (``openapi-spec-validator``), names every HTTP route
of the application with its methods and no other, and the answers of a game
played through the API conform to it: status codes listed, bodies valid
under their schemas (the snapshot's view and outcome under the JSON Schemas
of ``serialize.json_schema``). In the deep tier ``schemathesis`` generates
requests from the description against a live ``tilegames serve``: no answer
is a 5xx, and every answer conforms.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from server_support import SERVER_MISSING, needs_server
from tilegames import polygon

pytestmark = needs_server

jsonschema = pytest.importorskip("jsonschema", reason="jsonschema is in the test extra")

if not SERVER_MISSING:
    from starlette.routing import Route
    from starlette.testclient import TestClient

    from tilegames.server import create_app


@pytest.fixture
def client(tmp_path: Path) -> Iterator[Any]:
    with TestClient(create_app(tmp_path / "rooms.sqlite3", bot_seconds=5.0)) as client:
        yield client


def description(client: Any) -> dict[str, Any]:
    answer = client.get("/api/openapi.json")
    assert answer.status_code == 200
    assert answer.headers["content-type"] == "application/json"
    document: dict[str, Any] = answer.json()
    return document


def conforms(document: dict[str, Any], path: str, method: str, answer: Any) -> None:
    """The answer's status is listed for the operation, and its JSON body valid under it."""
    responses = document["paths"][path][method]["responses"]
    listed = responses.get(str(answer.status_code))
    assert listed is not None, (path, method, answer.status_code, answer.text)
    if "$ref" in listed:
        listed = document["components"]["responses"][listed["$ref"].rsplit("/", 1)[-1]]
    (kind,) = listed["content"]
    assert answer.headers["content-type"].split(";")[0] == kind
    if kind != "application/json":
        return
    schema = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        **listed["content"][kind]["schema"],
        "components": document["components"],
    }
    found = [
        error.message[:300]
        for error in jsonschema.Draft202012Validator(schema).iter_errors(answer.json())
    ]
    assert not found, (path, method, found)


def request_validator(document: dict[str, Any], path: str, method: str) -> Any:
    """A validator of the operation's JSON request body, as the description gives it."""
    schema = document["paths"][path][method]["requestBody"]["content"]["application/json"]
    return jsonschema.Draft202012Validator(
        {
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            **schema["schema"],
            "components": document["components"],
        }
    )


class TestDescription:
    @pytest.mark.deep_only("openapi-spec-validator takes 4 s to load and check the description")
    def test_valid_openapi_3_1(self, client: Any) -> None:
        """The description is OpenAPI 3.1, valid under openapi-spec-validator."""
        validator = pytest.importorskip(
            "openapi_spec_validator", reason="openapi-spec-validator is in the dev extra"
        )
        document = description(client)
        assert document["openapi"].startswith("3.1")
        validator.validate(document)

    def test_every_route_described(self, client: Any) -> None:
        """Each HTTP route of the application is a path with its methods, and nothing more."""
        document = description(client)
        routes = {
            route.path: {method.lower() for method in route.methods or ()} - {"head"}
            for route in client.app.routes
            if isinstance(route, Route)
        }
        described = {path: set(operations) for path, operations in document["paths"].items()}
        assert described == routes

    def test_views_and_outcomes_are_the_games_schemas(self, client: Any) -> None:
        """A game's snapshot describes its view and outcome by serialize's JSON Schemas."""
        from tilegames.serialize import json_schema

        schemas = description(client)["components"]["schemas"]
        snapshot = schemas["PolygonSnapshot"]["properties"]
        assert snapshot["view"]["$ref"] == "#/components/schemas/PolygonViewDocument"
        view = json_schema("polygon", "view")
        assert (
            schemas["PolygonView"]["properties"].keys()
            == view["$defs"]["View"]["properties"].keys()
        )
        assert (
            snapshot["outcome"]["anyOf"][1]["$ref"]
            == "#/components/schemas/PolygonOutcomeDocument"
        )


class TestRequests:
    def test_new_rooms(self, client: Any) -> None:
        """A room of each game as the server makes it is a NewRoom; one it refuses is not."""
        validator = request_validator(description(client), "/api/rooms", "post")
        made: list[dict[str, object]] = [
            {"game": "axio"},
            {"game": "axio", "players": 4, "options": {"mode": "team"}},
            {"game": "axio-rota", "seed": "18446744073709551615"},
            {"game": "aztack", "options": {"mode": "speed"}},
            {"game": "polygon", "players": 2, "seed": 3, "bots": {"1": "random"}},
        ]
        refused: list[dict[str, object]] = [
            {"game": "chess"},
            {"players": 2},
            {"game": "axio", "colour": 1},
            {"game": "polygon", "seed": -1},
        ]
        for body in made:
            assert validator.is_valid(body), body
            assert client.post("/api/rooms", json=body).status_code == 201, body
        for body in refused:
            assert not validator.is_valid(body), body
            assert client.post("/api/rooms", json=body).status_code == 400, body


class TestAnswers:
    def test_a_game_through_the_api(self, client: Any) -> None:
        """Create a room, take a seat, read, move, fail: every answer as described."""
        document = description(client)
        made = client.post(
            "/api/rooms",
            json={"game": "polygon", "players": 2, "seed": 3, "bots": {"1": "random"}},
        )
        conforms(document, "/api/rooms", "post", made)
        room = made.json()["room"]
        seat = client.post(f"/api/rooms/{room}/seats/0", json={"name": "Ann"})
        conforms(document, "/api/rooms/{room}/seats/{seat}", "post", seat)
        auth = {"Authorization": f"Bearer {seat.json()['token']}"}
        for headers in (auth, {}):
            read = client.get(f"/api/rooms/{room}", headers=headers)
            conforms(document, "/api/rooms/{room}", "get", read)
        snapshot = read.json()
        state = polygon.new_game(2, seed=3)
        move = polygon.format_move(polygon.legal_moves(state)[0])
        moved = client.post(
            f"/api/rooms/{room}/moves", json={"move": move, "turn": snapshot["turn"]}, headers=auth
        )
        conforms(document, "/api/rooms/{room}/moves", "post", moved)
        assert moved.json()["view"]["type"] == "View"
        again = client.post(
            f"/api/rooms/{room}/moves", json={"move": move, "turn": 0}, headers=auth
        )
        conforms(document, "/api/rooms/{room}/moves", "post", again)
        assert again.status_code in (403, 409)
        for path, method, answer in (
            ("/api/rooms/{room}/record", "get", client.get(f"/api/rooms/{room}/record")),
            (
                "/api/rooms/{room}/choices",
                "get",
                client.get(f"/api/rooms/{room}/choices", headers=auth),
            ),
            ("/api/rooms/{room}/picture", "get", client.get(f"/api/rooms/{room}/picture")),
            ("/api/rooms/{room}", "get", client.get("/api/rooms/nothing-here")),
            ("/api/games", "get", client.get("/api/games")),
            ("/api/rooms", "post", client.post("/api/rooms", json={"game": "chess"})),
        ):
            conforms(document, path, method, answer)
        wrong = client.delete(f"/api/rooms/{room}")  # a method no path takes: the shared 405
        assert wrong.status_code == 405
        listed = document["components"]["responses"]["Error405"]
        assert listed["description"] == "the path takes another method"
        assert set(wrong.json()) == {"error"}
        stranger = {"Authorization": "Bearer " + "x" * 32}
        for tail in ("", "/record", "/choices", "/picture"):  # every GET of a room
            missing = client.get(f"/api/rooms/nothing-here{tail}")
            assert missing.status_code == 404
            conforms(document, f"/api/rooms/{{room}}{tail}", "get", missing)
            if tail != "/record":  # a record is public
                refused = client.get(f"/api/rooms/{room}{tail}", headers=stranger)
                assert refused.status_code == 401
                conforms(document, f"/api/rooms/{{room}}{tail}", "get", refused)


def test_every_request_of_a_room_when_memory_is_full(tmp_path: Path) -> None:
    """Each room read or written while every room in memory is in use: 503, as described."""
    with TestClient(create_app(tmp_path / "rooms.sqlite3", max_rooms=1)) as client:
        document = description(client)
        made = [client.post("/api/rooms", json={"game": "polygon", "seed": s}) for s in (1, 2)]
        listened, other = (answer.json()["room"] for answer in made)
        with client.websocket_connect(f"/api/rooms/{listened}/live") as socket:
            socket.receive_json()
            for tail in ("", "/record", "/choices", "/picture"):
                busy = client.get(f"/api/rooms/{other}{tail}")
                assert busy.status_code == 503, tail
                conforms(document, f"/api/rooms/{{room}}{tail}", "get", busy)
            for path, body in (
                ("/seats/{seat}", {"name": "Ann"}),
                ("/moves", {"move": "swap", "turn": 0}),
            ):
                busy = client.post(f"/api/rooms/{other}{path.replace('{seat}', '0')}", json=body)
                assert busy.status_code == 503, path
                conforms(document, f"/api/rooms/{{room}}{path}", "post", busy)
            busy = client.post("/api/rooms", json={"game": "polygon"})
            assert busy.status_code == 503
            conforms(document, "/api/rooms", "post", busy)


# ---------------------------------------------------------------------------
# schemathesis, deep tier
# ---------------------------------------------------------------------------

SCHEMATHESIS = importlib.util.find_spec("schemathesis") is not None


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """A real ``tilegames serve`` on a free port, for the module's tests."""
    from test_server_process import Process

    process = Process(tmp_path_factory.mktemp("openapi") / "rooms.sqlite3")
    try:
        yield process
    finally:
        process.stop()


@pytest.mark.deep_only("schemathesis against a live server")
@pytest.mark.skipif(
    not SCHEMATHESIS, reason='schemathesis is in the dev extra: pip install "tilegames[dev]"'
)
def test_schemathesis(live: Any) -> None:
    """Requests made from the description: no 5xx, and every answer as described.

    ``schemathesis run`` with every check but one: a request valid under the
    description may still be refused (400) for a rule of the game that no schema says
    (a player count the game does not take, a custom set it refuses, a bot for a seat
    past the last), so the check that every such request is accepted is left out. It
    runs in its own process, as its pytest plugin is not loaded (pyproject's
    ``-p no:schemathesis``): importing it changes how Hypothesis reports other tests'
    failures.
    """
    url = f"http://127.0.0.1:{live.port}/api/openapi.json"
    command = [sys.executable, "-m", "schemathesis.cli", "run", url, "--checks", "all"]
    command += ["--exclude-checks", "positive_data_acceptance", "--max-examples", "25"]
    command += ["--workers", "1", "--generation-deterministic"]
    done = subprocess.run(
        command, capture_output=True, text=True, timeout=1200, check=False, cwd=live.db.parent
    )
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
    print(done.stdout[-1500:])  # its summary: operations, test cases, checks (with -s)
