"""A small web frontend for every tilegames game: a JSON API and one static page.

Run it with ``python examples/web/server.py`` (``--port 8000``; the default 0
picks a free port) and open the address it prints. You play seat 0 against a
greedy bot in each other seat, for any of the registered games.

The server uses only the standard library (:mod:`http.server` and
:mod:`json`) and reaches the games only through :func:`tilegames.get`, the
game's :class:`~tilegames.Rules`, :mod:`tilegames.serialize` and
:mod:`tilegames.render`. The API:

``GET /api/games``
    The games: ``[{"name", "title", "players": [...]}]``.
``POST /api/games`` with ``{"game": NAME, "players": N, "seed": S}``
    Start a game (``players`` and ``seed`` optional); answers its snapshot.
``GET /api/games/ID``
    The snapshot: the human seat's view as a tilegames JSON document, the SVG
    picture with the legal target cells marked, whose turn it is, the scores,
    the moves played so far and, once over, the outcome document.
``GET /api/games/ID/moves``
    The human seat's legal moves: ``[{"index", "notation", "cells", "score", "move"}]``
    with ``move`` the move's JSON document; empty when it is not its turn.
``POST /api/games/ID/moves`` with ``{"move": DOCUMENT}`` or ``{"notation": TEXT}``
    Play a move for the human seat; the bots then move until it is the human's
    turn again or the game is over. Answers the new snapshot.

A malformed or illegal request gets a 4xx answer ``{"error": REASON}`` and
never changes the stored game: 400 for a body that is not the JSON asked for
(or a move document that does not load), 404 for an unknown game or path,
405 for a wrong method, 409 for a move the rules refuse or out of turn, 413
for a body over 64 KiB.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import threading
from collections.abc import Sequence
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Union

import attrs

import tilegames
from tilegames import serialize
from tilegames.agents import GreedyAgent, moves_for, score_value
from tilegames.render import cells_of, to_svg
from tilegames.rng import Stream, normalize_seed

HUMAN = 0
"""The seat the person plays; every other seat is a bot."""
MAX_BODY = 64 * 1024
"""The largest request body accepted, in bytes."""
PAGE = Path(__file__).with_name("index.html")


class RequestError(Exception):
    """A request that cannot be served: its status and the reason, sent as JSON."""

    def __init__(self, status: HTTPStatus, reason: str) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason


@attrs.define
class Game:
    """One game in play: the rules, the true state (never sent), and what was played."""

    rules: tilegames.Rules[Any, Any]
    state: Any
    stream: Stream
    history: list[str] = attrs.field(factory=list)
    last_move: Any = None


def _move_kind(rules: tilegames.Rules[Any, Any]) -> Any:
    """The game's move classes as one type (a union when several), for loading move documents."""
    return Union[tuple(rules.move_types)]  # noqa: UP007 (a union built at run time)


def _plain(score: Any) -> Any:
    """A score as JSON: numbers and tuples of numbers as they are, anything else as text."""
    if isinstance(score, bool) or not isinstance(score, (int, tuple)):
        return str(score)
    if isinstance(score, int):
        return int(score)
    return [_plain(part) for part in score]


class Store:
    """The games in play, by id, behind one lock."""

    def __init__(self) -> None:
        self._games: dict[str, Game] = {}
        self._ids = itertools.count(1)
        self.lock = threading.Lock()
        self.agent = GreedyAgent()

    def new(self, body: Any) -> str:
        """Start a game from a request body; return its id."""
        if not isinstance(body, dict):
            raise RequestError(
                HTTPStatus.BAD_REQUEST, 'send a JSON object such as {"game": "axio"}'
            )
        unknown = sorted(set(body) - {"game", "players", "seed"})
        if unknown:
            raise RequestError(HTTPStatus.BAD_REQUEST, f"unknown field {unknown[0]!r}")
        name = body.get("game")
        if not isinstance(name, str) or name not in tilegames.names():
            known = ", ".join(tilegames.names())
            raise RequestError(
                HTTPStatus.BAD_REQUEST, f"game must be one of {known}, not {name!r}"
            )
        rules = tilegames.get(name)
        players = body.get("players", rules.setups[0].players)
        seed = body.get("seed")
        allowed = sorted({setup.players for setup in rules.setups if not setup.options})
        if type(players) is not int or players not in allowed:
            raise RequestError(
                HTTPStatus.BAD_REQUEST,
                f"players must be one of {allowed} for {name}, not {players!r}",
            )
        if seed is not None and (type(seed) is not int or not 0 <= seed < 1 << 64):
            raise RequestError(HTTPStatus.BAD_REQUEST, "seed must be an int from 0 to 2**64 - 1")
        seed = normalize_seed(seed)
        game = Game(rules, rules.new_game(players, seed=seed), Stream(seed ^ 0x5EED))
        game.state, game.history, game.last_move = self._bots(
            rules, game.state, [], None, game.stream
        )
        with self.lock:
            key = str(next(self._ids))
            self._games[key] = game
        return key

    def get(self, key: str) -> Game:
        """The game with this id."""
        game = self._games.get(key)
        if game is None:
            raise RequestError(HTTPStatus.NOT_FOUND, f"no game with id {key!r}")
        return game

    def play(self, game: Game, body: Any) -> None:
        """Apply the human's move from a request body, then let the bots move."""
        rules = game.rules
        if not isinstance(body, dict) or len(body) != 1 or not {"move", "notation"} & set(body):
            raise RequestError(
                HTTPStatus.BAD_REQUEST, 'send {"move": DOCUMENT} or {"notation": TEXT}'
            )
        try:
            if "move" in body:
                move = serialize.from_dict(body["move"], _move_kind(rules))
            elif isinstance(body["notation"], str):
                move = rules.parse_move(body["notation"], game.state)
            else:
                raise RequestError(HTTPStatus.BAD_REQUEST, "notation must be a string")
        except tilegames.TilegamesError as error:
            raise RequestError(HTTPStatus.BAD_REQUEST, str(error)) from None
        if HUMAN not in rules.to_move(game.state):
            raise RequestError(HTTPStatus.CONFLICT, f"it is not seat {HUMAN}'s turn")
        if getattr(move, "seat", HUMAN) != HUMAN:
            raise RequestError(HTTPStatus.CONFLICT, f"you play seat {HUMAN}, not seat {move.seat}")
        reason = rules.why_illegal(game.state, move)
        if reason is not None:
            raise RequestError(HTTPStatus.CONFLICT, f"{rules.format_move(move)}: {reason}")
        # Work on copies and store them only when everything went through, so that a
        # failure half-way leaves the game as it was.
        state, history = rules.apply(game.state, move), [*game.history, rules.format_move(move)]
        state, history, last = self._bots(rules, state, history, move, game.stream)
        game.state, game.history, game.last_move = state, history, last

    def _bots(
        self,
        rules: tilegames.Rules[Any, Any],
        state: Any,
        history: list[str],
        last: Any,
        stream: Stream,
    ) -> tuple[Any, list[str], Any]:
        """Let the bots move until the human may move or the game is over."""
        while not rules.is_over(state):
            seats = rules.to_move(state)
            if HUMAN in seats:
                break
            seat = seats[0]
            moves = moves_for(rules, state, seat)
            if rules.determinize is None and type(rules.view(state, seat)) is not type(state):
                # A game that cannot yet sample a state from a view: rate the bot's own
                # moves on the true state (a move's score reads only what its seat sees).
                last = max(moves, key=lambda m: score_value(rules.score_move(state, m)))
            else:
                last = self.agent.choose(rules, seat, rules.view(state, seat), moves, stream)
            state = rules.apply(state, last)
            history = [*history, rules.format_move(last)]
        return state, history, last


def legal_moves(game: Game) -> list[dict[str, Any]]:
    """The human seat's legal moves, each with its notation, cells, score and document."""
    rules = game.rules
    return [
        {
            "index": index,
            "notation": rules.format_move(move),
            "cells": list(cells_of(move)),
            "score": _plain(rules.score_move(game.state, move)),
            "move": serialize.to_dict(move),
        }
        for index, move in enumerate(moves_for(rules, game.state, HUMAN))
    ]


def snapshot(key: str, game: Game) -> dict[str, Any]:
    """What the page needs to draw the game for the human seat (nothing hidden)."""
    rules = game.rules
    state = game.state
    view = rules.view(state, HUMAN)
    targets = {cell for move in moves_for(rules, state, HUMAN) for cell in cells_of(move)}
    outcome = rules.outcome(state)
    return {
        "id": key,
        "game": rules.name,
        "title": rules.title,
        "seat": HUMAN,
        "to_move": list(rules.to_move(state)),
        "your_turn": HUMAN in rules.to_move(state),
        "over": outcome is not None,
        "scores": [_plain(score) for score in _scores(view, outcome)],
        "history": game.history,
        "last_move": None if game.last_move is None else rules.format_move(game.last_move),
        "view": serialize.to_dict(view),
        "outcome": None if outcome is None else serialize.to_dict(outcome, game=rules.name),
        "svg": to_svg(
            view,
            last_move=game.last_move,
            targets=[_cell(key) for key in sorted(targets)],
        ),
    }


def _cell(key: str) -> tuple[int, int]:
    """The cell of a key ``"X,Y"`` (:func:`tilegames.render.cell_key`)."""
    x, y = key.split(",")
    return int(x), int(y)


def _scores(view: Any, outcome: Any) -> Sequence[Any]:
    """Each seat's score as the page shows it: the outcome's, else the view's tracks or totals.

    Aztack has no score until the end: the page shows the stones each seat holds.
    """
    if outcome is not None:
        return list(outcome.scores)
    for name in ("tracks", "totals"):
        if hasattr(view, name):
            return list(getattr(view, name))
    return [len(stones) for stones in getattr(view, "supplies", ())]


class Handler(BaseHTTPRequestHandler):
    """Serves the page and the JSON API of the server's :class:`Store`."""

    server: Server
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:
        """Stay quiet: the page polls nothing and errors are answered as JSON."""

    def do_GET(self) -> None:
        """Answer the page or an API read."""
        self._serve("GET")

    def do_POST(self) -> None:
        """Answer an API write."""
        self._serve("POST")

    def do_PUT(self) -> None:
        """Refuse: nothing is replaced."""
        self._serve("PUT")

    def do_DELETE(self) -> None:
        """Refuse: nothing is deleted."""
        self._serve("DELETE")

    def _serve(self, method: str) -> None:
        try:
            status, payload = self._route(method, self.path.split("?", 1)[0].rstrip("/") or "/")
        except RequestError as error:
            status, payload = error.status, {"error": error.reason}
        except Exception as error:  # a bug: answer it rather than drop the connection
            status, payload = HTTPStatus.INTERNAL_SERVER_ERROR, {"error": repr(error)}
        if isinstance(payload, bytes):
            self._send(status, payload, "text/html; charset=utf-8")
        else:
            self._send(status, json.dumps(payload).encode(), "application/json")

    def _send(self, status: HTTPStatus, body: bytes, kind: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body)

    def _body(self) -> Any:
        try:
            length = int(self.headers.get("Content-Length", "0"))
        except ValueError:
            raise RequestError(HTTPStatus.BAD_REQUEST, "Content-Length is not a number") from None
        if length > MAX_BODY:
            self.close_connection = True
            raise RequestError(
                HTTPStatus.REQUEST_ENTITY_TOO_LARGE, f"the body is over {MAX_BODY} bytes"
            )
        raw = self.rfile.read(max(length, 0))
        try:
            return json.loads(raw or b"null")
        except (ValueError, RecursionError):
            raise RequestError(HTTPStatus.BAD_REQUEST, "the body is not JSON") from None

    def _route(self, method: str, path: str) -> tuple[HTTPStatus, Any]:
        store = self.server.store
        parts = path.strip("/").split("/")
        if path in ("/", "/index.html"):
            self._only(method, "GET")
            return HTTPStatus.OK, PAGE.read_bytes()
        if parts[:2] != ["api", "games"] or len(parts) > 4:
            raise RequestError(HTTPStatus.NOT_FOUND, f"no such path: {path}")
        if len(parts) == 2:
            if method == "GET":
                return HTTPStatus.OK, [
                    {
                        "name": name,
                        "title": tilegames.get(name).title,
                        "players": sorted(
                            {s.players for s in tilegames.get(name).setups if not s.options}
                        ),
                    }
                    for name in tilegames.names()
                ]
            self._only(method, "POST")
            body = self._body()
            key = store.new(body)
            with store.lock:
                return HTTPStatus.CREATED, snapshot(key, store.get(key))
        key = parts[2]
        if len(parts) == 3:
            self._only(method, "GET")
            with store.lock:
                return HTTPStatus.OK, snapshot(key, store.get(key))
        if parts[3] != "moves":
            raise RequestError(HTTPStatus.NOT_FOUND, f"no such path: {path}")
        if method == "GET":
            with store.lock:
                return HTTPStatus.OK, legal_moves(store.get(key))
        self._only(method, "POST")
        body = self._body()
        with store.lock:
            game = store.get(key)
            store.play(game, body)
            return HTTPStatus.OK, snapshot(key, game)

    def _only(self, method: str, allowed: str) -> None:
        if method != allowed:
            raise RequestError(HTTPStatus.METHOD_NOT_ALLOWED, f"use {allowed} here, not {method}")


class Server(ThreadingHTTPServer):
    """The HTTP server with its store of games."""

    daemon_threads = True

    def __init__(self, address: tuple[str, int]) -> None:
        super().__init__(address, Handler)
        self.store = Store()


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Play tilegames in the browser.")
    parser.add_argument("--host", default="127.0.0.1", help="the address to listen on")
    parser.add_argument("--port", type=int, default=0, help="the port (0: a free one)")
    args = parser.parse_args(argv)
    server = Server((args.host, args.port))
    port = server.server_address[1]
    print(f"serving on http://{args.host}:{port}/", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main(sys.argv[1:])
