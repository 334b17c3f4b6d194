"""The server's OpenAPI 3.1 description (``GET /api/openapi.json``), built from the games.

Every endpoint, body, answer and status code of the HTTP API, with the
snapshot's ``view`` and ``outcome`` described by the JSON Schemas of
:func:`tilegames.serialize.json_schema`: one snapshot schema per registered
game (its ``game`` a constant), so a client generated from the description
knows each game's view field by field. The live WebSocket
(``/api/rooms/{room}/live``) is not HTTP: the description says where it is
and that each of its messages is a snapshot.
"""

from __future__ import annotations

import functools
import json
import re
from typing import Any, Final

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

import tilegames
from tilegames.serialize import MAX_SAFE_INT, json_schema

__all__ = ["answer", "openapi"]

_REF: Final = re.compile(r"^#/\$defs/(.+)$")

_ERROR_CODES: Final = {
    400: "the body or a query is not of the shape asked for (the reason says what)",
    401: "no token, or a token that holds no seat in this room",
    403: "the token's seat may not make this move now",
    404: "no such room, seat or path",
    405: "the path takes another method",
    409: "the request is too late or too early (a seat taken, a turn past, a game not over)",
    413: "the body is over 64 KiB",
    429: "too many rooms created from this address in a minute (see Retry-After)",
    503: "every room in memory is in use (see Retry-After)",
}


def _prefix(game: str) -> str:
    return "".join(word.capitalize() for word in game.replace("_", "-").split("-"))


_SHARED: Final = ("Int", "WideInt")
"""Definitions that every game's schemas hold alike: one component each, not one a game."""


def _named(name: str, prefix: str) -> str:
    """A game's definition's component name: ``PolygonView``; ``Int`` for a shared one."""
    return name if name in _SHARED else f"{prefix}{name}"


def _moved(schema: Any, prefix: str) -> Any:
    """A copy of a schema whose ``#/$defs/X`` references point at ``components/schemas``."""
    if isinstance(schema, dict):
        moved = {}
        for key, value in schema.items():
            if key == "$ref" and isinstance(value, str) and (match := _REF.match(value)):
                moved[key] = f"#/components/schemas/{_named(match[1], prefix)}"
            elif key not in ("$schema", "$defs"):
                moved[key] = _moved(value, prefix)
        return moved
    if isinstance(schema, list):
        return [_moved(item, prefix) for item in schema]
    return schema


def _component(schemas: dict[str, Any], game: str, kind: str) -> dict[str, Any]:
    """Add a game's schema of ``kind`` and its definitions to the components; a reference."""
    prefix = _prefix(game)
    schema = json_schema(game, kind)
    for name, definition in schema.get("$defs", {}).items():
        named = _named(name, prefix)
        schemas.setdefault(named, {**_moved(definition, prefix), "title": named})
    name = f"{prefix}{kind.capitalize()}Document"
    schemas[name] = _moved(schema, prefix)
    return _ref(name)


def _ref(name: str) -> dict[str, Any]:
    return {"$ref": f"#/components/schemas/{name}"}


def _snapshot(schemas: dict[str, Any], game: str) -> dict[str, Any]:
    """What a seat or a spectator may know of a room of ``game``."""
    title = tilegames.get(game).title
    return {
        "title": f"{_prefix(game)}Snapshot",
        "description": f"A room of {title}, as one seat (or a spectator) may know it.",
        "type": "object",
        "properties": {
            "room": {"type": "string", "description": "The room's id."},
            "game": {"const": game},
            "turn": {
                "type": "integer",
                "minimum": 0,
                "description": "The number of moves applied so far.",
            },
            "to_move": {
                "type": "array",
                "items": {"type": "integer"},
                "description": "The seats that may move now (rules.to_move): [] once over.",
            },
            "view": {
                **_component(schemas, game, "view"),
                "description": "The document of the seat's view (a spectator's: the public one).",
            },
            "legal": {
                "type": "array",
                "items": {"type": "string"},
                "description": "The seat's legal moves in notation when it may move, else [].",
            },
            "scores": {
                "type": "array",
                "items": {"anyOf": [{"type": "integer"}, {"type": "array", "items": {}}]},
                "description": "Each seat's score so far as the view shows it (the outcome's "
                "scores once over).",
            },
            "over": {"type": "boolean"},
            "outcome": {
                "anyOf": [{"type": "null"}, _component(schemas, game, "outcome")],
                "description": "The outcome document once the game is over, else null.",
            },
            "seats": {"type": "array", "items": _ref("Seat")},
            "history": {"type": "array", "items": _ref("Played")},
        },
        "required": [
            "room",
            "game",
            "turn",
            "to_move",
            "view",
            "legal",
            "scores",
            "over",
            "outcome",
            "seats",
            "history",
        ],
    }


def _answers(status: int, description: str, schema: dict[str, Any], *errors: int) -> Any:
    """The responses of an operation: its success with ``schema`` and its errors."""
    answers: dict[str, Any] = {
        str(status): {
            "description": description,
            "content": {"application/json": {"schema": schema}},
        }
    }
    for code in errors:
        answers[str(code)] = {"$ref": f"#/components/responses/Error{code}"}
    return answers


_ROOM_OPERATIONS: Final = ("readRoom", "takeSeat", "move", "record", "choices", "picture")
"""The operations on a room, which a new room's id leads to (OpenAPI links)."""


def _linked(answers: dict[str, Any], status: str) -> dict[str, Any]:
    """The answers, the room's id in ``status``'s body linked to every operation on a room."""
    answers[status]["links"] = {
        operation[0].upper() + operation[1:]: {
            "operationId": operation,
            "parameters": {"room": "$response.body#/room"},
        }
        for operation in _ROOM_OPERATIONS
    }
    return answers


def _body(schema: dict[str, Any]) -> dict[str, Any]:
    return {"required": True, "content": {"application/json": {"schema": schema}}}


_ROOM: Final = {
    "name": "room",
    "in": "path",
    "required": True,
    "description": "The room's id, as POST /api/rooms answered it.",
    "schema": {"type": "string"},
}

_SEATED: Final[list[dict[str, list[str]]]] = [{"bearer": []}]
_SEATED_OR_NOT: Final[list[dict[str, list[str]]]] = [{}, {"bearer": []}]


def _paths(snapshot: dict[str, Any]) -> dict[str, Any]:
    room = "/api/rooms/{room}"
    return {
        "/": {
            "get": {
                "operationId": "page",
                "summary": "The player's page",
                "responses": {
                    "200": {
                        "description": "The page (HTML)",
                        "content": {"text/html": {"schema": {"type": "string"}}},
                    }
                },
            }
        },
        "/api/openapi.json": {
            "get": {
                "operationId": "openapi",
                "summary": "This description",
                "responses": _answers(200, "OpenAPI 3.1", {"type": "object"}),
            }
        },
        "/api/games": {
            "get": {
                "operationId": "games",
                "summary": "The games and their setups",
                "responses": _answers(200, "Every game", {"type": "array", "items": _ref("Game")}),
            }
        },
        "/api/rooms": {
            "post": {
                "operationId": "createRoom",
                "summary": "Start a game in a new room",
                "requestBody": _body(_ref("NewRoom")),
                "responses": _linked(
                    _answers(201, "The room", _ref("Room"), 400, 413, 429, 503), "201"
                ),
            }
        },
        room: {
            "get": {
                "operationId": "readRoom",
                "summary": "The snapshot for whoever asks (a seat with its token, or a spectator)",
                "parameters": [_ROOM],
                "security": _SEATED_OR_NOT,
                "responses": _answers(200, "The snapshot", snapshot, 401, 404, 503),
            }
        },
        f"{room}/seats/{{seat}}": {
            "post": {
                "operationId": "takeSeat",
                "summary": "Take a seat: its token is the only proof of it",
                "parameters": [
                    _ROOM,
                    {
                        "name": "seat",
                        "in": "path",
                        "required": True,
                        "schema": {"type": "string", "pattern": "^[0-9]{1,3}$"},
                    },
                ],
                "requestBody": _body(_ref("SeatTaker")),
                "responses": _answers(200, "The seat", _ref("Token"), 400, 404, 409, 413, 503),
            }
        },
        f"{room}/moves": {
            "post": {
                "operationId": "move",
                "summary": "Make a move with a seat's token",
                "parameters": [_ROOM],
                "security": _SEATED,
                "requestBody": _body(_ref("MoveBody")),
                "responses": _answers(
                    200, "The new snapshot", snapshot, 400, 401, 403, 404, 409, 413, 503
                ),
            }
        },
        f"{room}/record": {
            "get": {
                "operationId": "record",
                "summary": "The game's record (text format) once the game is over",
                "parameters": [_ROOM],
                "responses": {
                    "200": {
                        "description": "The record, in the text format of tilegames.records",
                        "content": {"text/plain": {"schema": {"type": "string"}}},
                    },
                    **{
                        str(code): {"$ref": f"#/components/responses/Error{code}"}
                        for code in (404, 409, 503)
                    },
                },
            }
        },
        f"{room}/choices": {
            "get": {
                "operationId": "choices",
                "summary": "The next part of the seat's move to pick, with pictures (the page's)",
                "parameters": [
                    _ROOM,
                    {
                        "name": "picked",
                        "in": "query",
                        "required": False,
                        "description": "The options picked so far, by number: 0,3",
                        "schema": {"type": "string"},
                    },
                ],
                "security": _SEATED,
                "responses": _answers(200, "The choice", _ref("Choice"), 400, 401, 404, 409, 503),
            }
        },
        f"{room}/picture": {
            "get": {
                "operationId": "picture",
                "summary": "The SVG picture of the asker's view",
                "parameters": [_ROOM],
                "security": _SEATED_OR_NOT,
                "responses": {
                    "200": {
                        "description": "The picture",
                        "content": {"image/svg+xml": {"schema": {"type": "string"}}},
                    },
                    **{
                        str(code): {"$ref": f"#/components/responses/Error{code}"}
                        for code in (401, 404, 503)
                    },
                },
            }
        },
    }


def _new_room(schemas: dict[str, Any]) -> dict[str, Any]:
    """``POST /api/rooms``'s body: per game, the options a room may set, as records write them."""
    bodies = []
    for game in tilegames.names():
        rules = tilegames.get(game)
        record = json_schema(game, "record")
        prefix = _prefix(game)
        for name, definition in record.get("$defs", {}).items():
            named = _named(name, prefix)
            schemas.setdefault(named, {**_moved(definition, prefix), "title": named})
        options = _moved(record["properties"]["options"], prefix)
        for option in getattr(rules, "options", None) or ():
            if not option.room:
                options.get("properties", {}).pop(option.name, None)
        name = f"{prefix}NewRoom"
        schemas[name] = {
            "title": name,
            "description": f"A room of {rules.title}; every field but game may be left out.",
            "type": "object",
            "properties": {
                "game": {"const": game},
                "players": {"type": "integer", "description": "The number of seats."},
                "options": options,
                "seed": {
                    "anyOf": [
                        {"type": "null"},
                        {"type": "integer", "minimum": 0, "maximum": MAX_SAFE_INT},
                        {"type": "string", "pattern": "^[0-9]{1,20}$"},
                    ],
                    "description": "The seed of new_game, 0 to 2**64 - 1 (beyond 2**53 - 1 as "
                    "a string of its digits); drawn by the server when left out.",
                },
                "bots": {
                    "type": "object",
                    "description": 'Seats (as strings) to agents\' descriptions: {"1": "greedy"}.',
                    "additionalProperties": {"type": "string"},
                },
            },
            "required": ["game"],
            "additionalProperties": False,
        }
        bodies.append(_ref(name))
    return {"title": "NewRoom", "oneOf": bodies}


def _shared() -> dict[str, Any]:
    """The schemas shared by every game: errors, seats, tokens, bodies, choices."""
    return {
        "Error": {
            "type": "object",
            "properties": {"error": {"type": "string", "description": "The reason, in words."}},
            "required": ["error"],
        },
        "Seat": {
            "type": "object",
            "properties": {
                "seat": {"type": "integer"},
                "name": {"type": "string"},
                "bot": {"type": ["string", "null"], "description": "The bot's agent, or null."},
                "taken": {"type": "boolean"},
            },
            "required": ["seat", "name", "bot", "taken"],
        },
        "Played": {
            "type": "object",
            "description": "A move of the history: its seat, its notation, its words.",
            "properties": {
                "seat": {"type": "integer"},
                "move": {"type": "string"},
                "text": {"type": "string"},
            },
            "required": ["seat", "move", "text"],
        },
        "Room": {
            "type": "object",
            "properties": {
                "room": {"type": "string"},
                "game": {"type": "string"},
                "players": {"type": "integer"},
                "seats": {"type": "array", "items": _ref("Seat")},
            },
            "required": ["room", "game", "players", "seats"],
        },
        "SeatTaker": {
            "type": "object",
            "properties": {"name": {"type": "string", "description": "The player's name."}},
            "additionalProperties": False,
        },
        "Token": {
            "type": "object",
            "properties": {
                "seat": {"type": "integer"},
                "token": {"type": "string", "description": "Send it as Authorization: Bearer."},
            },
            "required": ["seat", "token"],
        },
        "MoveBody": {
            "type": "object",
            "properties": {
                "move": {"type": "string", "maxLength": 200, "description": "In notation."},
                "turn": {"type": "integer", "description": "The turn the move answers."},
            },
            "required": ["move", "turn"],
            "additionalProperties": False,
        },
        "Game": {
            "type": "object",
            "properties": {
                "name": {"type": "string"},
                "title": {"type": "string"},
                "setups": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "properties": {
                            "players": {"type": "integer"},
                            "options": {"type": "object"},
                            "label": {"type": "string"},
                        },
                        "required": ["players", "options", "label"],
                    },
                },
            },
            "required": ["name", "title", "setups"],
        },
        "Choice": {
            "type": "object",
            "description": "The next part of a move to pick (the game's choices), for the page.",
            "properties": {
                "kind": {"type": "string"},
                "prompt": {"type": "string"},
                "picked": {"type": "array", "items": {"type": "string"}},
                "options": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "properties": {
                            "index": {"type": "integer"},
                            "label": {"type": "string"},
                            "cell": {"type": ["string", "null"]},
                            "svg": {"type": ["string", "null"]},
                            "score": {
                                "type": ["string", "null"],
                                "description": "What the option scores, in words, when it "
                                "is one whole move.",
                            },
                            "count": {"type": "integer"},
                        },
                        "required": ["index", "label", "cell", "svg", "score", "count"],
                    },
                },
                "move": {
                    "anyOf": [
                        {"type": "null"},
                        {
                            "type": "object",
                            "properties": {
                                "notation": {"type": "string"},
                                "score": {"type": "string"},
                            },
                            "required": ["notation", "score"],
                        },
                    ]
                },
                "svg": {"type": "string"},
            },
            "required": ["kind", "prompt", "picked", "options", "move", "svg"],
        },
    }


@functools.cache
def _description() -> str:
    schemas = _shared()
    snapshots = {game: _snapshot(schemas, game) for game in tilegames.names()}
    for game, snapshot in snapshots.items():
        schemas[f"{_prefix(game)}Snapshot"] = snapshot
    schemas["Snapshot"] = {
        "title": "Snapshot",
        "description": "A room as one seat (or a spectator) may know it, of any game.",
        "oneOf": [_ref(f"{_prefix(game)}Snapshot") for game in snapshots],
    }
    schemas["NewRoom"] = _new_room(schemas)
    document = {
        "openapi": "3.1.0",
        "info": {
            "title": "tilegames server",
            "version": tilegames.__version__,
            "description": "Rooms of tile-laying games over HTTP. Besides these paths, "
            "GET /api/rooms/{room}/live is a WebSocket (the token as ?token=, none for a "
            "spectator): each text frame is one Snapshot, on connect and after every move. "
            'Every error answer is {"error": REASON}.',
        },
        "jsonSchemaDialect": "https://json-schema.org/draft/2020-12/schema",
        "paths": _paths(_ref("Snapshot")),
        "components": {
            "schemas": schemas,
            "responses": {
                f"Error{code}": {
                    "description": reason,
                    "content": {"application/json": {"schema": _ref("Error")}},
                }
                for code, reason in _ERROR_CODES.items()
            },
            "securitySchemes": {
                "bearer": {
                    "type": "http",
                    "scheme": "bearer",
                    "description": "The token of a seat, as POST .../seats/{seat} answered it.",
                }
            },
        },
    }
    return json.dumps(document)


def openapi() -> dict[str, Any]:
    """The server's OpenAPI 3.1 description, as a new dict (for ``GET /api/openapi.json``).

    Built once per process from the registered games.
    """
    result: dict[str, Any] = json.loads(_description())
    return result


async def answer(request: Request) -> Response:
    """``GET /api/openapi.json``."""
    return JSONResponse(openapi(), headers={"Cache-Control": "no-cache"})
