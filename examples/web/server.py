"""A small web frontend for every tilegames game: a JSON API and one static page.

Run it with ``python examples/web/server.py`` (``--port 8000``; the default 0
picks a free port) and open the address it prints. You play seat 0 against a
greedy bot in each other seat, for any of the registered games.

The server uses only the standard library (:mod:`http.server` and
:mod:`json`) and reaches the games only through :func:`tilegames.get`, the
game's :class:`~tilegames.Rules`, :mod:`tilegames.serialize` and
:mod:`tilegames.render`. The API:

``GET /api/games``
    The games: ``[{"name", "title", "players": [...], "default"}]`` (the
    default player count).
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
``GET /api/games/ID/choices?picked=I,J,...``
    The next part of a move to pick, after the options at positions ``I``,
    ``J``, ... of the steps before (the game's ``choices``, see
    :attr:`tilegames.Rules.choices`): ``{"kind", "prompt", "picked", "options",
    "svg", "move"}``. Each option has its ``index``, ``label``, ``cell`` (a
    cell to click on the board, or ``null``), ``svg`` (the tile or stone as it
    would lie, or ``null``), ``score`` (when it leads to one move) and
    ``count`` (the moves it leads to). Once a move is complete, ``move`` has
    its ``notation``, ``score`` and document, and ``svg`` shows it laid with
    what it scores highlighted, for a confirm step.
``POST /api/games/ID/undo``
    Take back the human's last move and the bots' answers (the game is
    replayed from its record without them). Answers the snapshot.
``GET /api/games/ID/record``
    The game's record in the text format of :mod:`tilegames.records`.

A malformed or illegal request gets a 4xx answer ``{"error": REASON}`` and
never changes the stored game: 400 for a body that is not the JSON asked for
(or a move document that does not load), 404 for an unknown game or path,
405 for a wrong method, 409 for a move the rules refuse or out of turn, 413
for a body over 64 KiB.
"""

from __future__ import annotations

import argparse
import enum
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
from tilegames import records, serialize
from tilegames.agents import GreedyAgent, moves_for, score_value
from tilegames.render import cells_of, laid_svg, to_svg
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
    players: int = 2
    seed: int = 0
    played: list[Any] = attrs.field(factory=list)
    """Every move so far, in order (the record's moves)."""
    seats: list[int] = attrs.field(factory=list)
    """The seat that made each move of :attr:`played`."""
    recent: list[tuple[int, Any]] = attrs.field(factory=list)
    """``(seat, move)`` of every move since the human's previous turn, the human's first."""
    frames: list[dict[str, Any]] = attrs.field(factory=list)
    """The bots' last moves one after another: their seat, notation and the picture after."""


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
        game.players, game.seed = players, seed
        self._bots(game)
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
        # Work on a copy and store it only when everything went through, so that a
        # failure half-way leaves the game as it was.
        after = attrs.evolve(
            game,
            state=rules.apply(game.state, move),
            history=[*game.history, rules.format_move(move)],
            played=[*game.played, move],
            seats=[*game.seats, HUMAN],
            recent=[(HUMAN, move)],
            last_move=move,
            frames=[],
        )
        self._bots(after)
        for field in attrs.fields(Game):
            setattr(game, field.name, getattr(after, field.name))

    def undo(self, game: Game) -> None:
        """Take back the human's last move and the moves after it, replaying the record."""
        rules = game.rules
        mine = [i for i, seat in enumerate(game.seats) if seat == HUMAN]
        if not mine:
            raise RequestError(HTTPStatus.CONFLICT, "there is no move of yours to take back")
        keep = game.played[: mine[-1]]
        record = records.record_of(rules.name, keep, players=game.players, seed=game.seed)
        states = records.replay(record)
        game.state, game.played, game.seats = states[-1], list(keep), game.seats[: len(keep)]
        game.history = [rules.format_move(move) for move in keep]
        game.last_move = keep[-1] if keep else None
        game.recent, game.frames = [], []

    def record(self, game: Game) -> str:
        """The game's record as text (:func:`tilegames.records.dumps`)."""
        rules = game.rules
        record = records.record_of(
            rules.name,
            game.played,
            players=game.players,
            seed=game.seed,
            tags={"Seat 0": "you", **{f"Seat {s}": "greedy bot" for s in range(1, game.players)}},
        )
        return records.dumps(record)

    def _bots(self, game: Game) -> None:
        """Let the bots move until the human may move or the game is over."""
        rules, state, stream = game.rules, game.state, game.stream
        while not rules.is_over(state):
            seats = rules.to_move(state)
            if HUMAN in seats:
                break
            seat = seats[0]
            moves = moves_for(rules, state, seat)
            if rules.determinize is None and type(rules.view(state, seat)) is not type(state):
                # A game that cannot yet sample a state from a view: rate the bot's own
                # moves on the true state (a move's score reads only what its seat sees).
                move = max(moves, key=lambda m: score_value(rules.score_move(state, m)))
            else:
                move = self.agent.choose(rules, seat, rules.view(state, seat), moves, stream)
            state = rules.apply(state, move)
            game.history = [*game.history, rules.format_move(move)]
            game.played = [*game.played, move]
            game.seats = [*game.seats, seat]
            game.recent = [*game.recent, (seat, move)]
            game.last_move = move
            game.frames = [
                *game.frames,
                {
                    "seat": seat,
                    "notation": rules.format_move(move),
                    "svg": to_svg(rules.view(state, HUMAN), recent=[move]),
                },
            ]
        game.state = state


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


TRACKS: dict[str, tuple[str, ...]] = {
    "axio": (
        "red (circle)",
        "green (star)",
        "blue (hexagon)",
        "orange (sun)",
        "yellow (triangle)",
        "purple (diamond)",
    ),
    "axio-rota": ("red", "green", "blue", "orange", "purple"),
}
"""The names (and printed symbols) of each game's score tracks, for labels."""
MEANING: dict[str, str] = {
    "axio": "score tracks: your lowest colour counts",
    "axio-rota": "score tracks: your lowest colour counts",
    "aztack": "stones left, fewer is better",
    "polygon": "points",
}
"""What a seat's score means, per game."""
PROMPTS: dict[str, str] = {
    "tile": "Pick a tile from your rack.",
    "stone": "Pick a stone from your supply.",
    "cell": "Click a highlighted cell.",
    "second_cell": "Click a highlighted cell for the other half.",
    "rotation": "Pick how the tile is turned.",
    "colour": "Name a colour for the tile's empty corner.",
    "discard": "Bonus: you may discard one more stone (or none).",
    "swap": "Your rack shows none of your lowest colours: swap it or keep it.",
    "pass": "You cannot place a stone: pass.",
    "seat": "Pick the seat that moves.",
    "outcome": "Enter what chance gave.",
    "move": "Pick a move.",
    "done": "Check the move and confirm it.",
}
"""What the page asks for each kind of part (:attr:`tilegames.Choice.kind`)."""
CELL_KINDS = ("cell", "second_cell")


def _prompt(name: str, kind: str, chosen: Sequence[Any]) -> str:
    """What the page asks for a part, in the words of the game."""
    if name == "polygon" and kind == "tile":
        return "Pick which of the drawn tiles to place."
    if name == "polygon" and kind == "cell":
        return "Click a highlighted space (or set the tile aside when offered)."
    if name == "axio" and kind in CELL_KINDS and chosen and isinstance(chosen[0], tuple):
        colour = chosen[0][0 if kind == "cell" else 1]
        which = TRACKS["axio"][colour].split()[0]
        return f"Click a highlighted cell for the {which} half."
    if name == "aztack" and kind in CELL_KINDS:
        half = "first" if kind == "cell" else "second"
        return f"Click a highlighted cell for the stone's {half} half."
    return PROMPTS.get(kind, f"Pick the {kind}.")


def seat_name(seat: int) -> str:
    """How the page names a seat."""
    return "You" if seat == HUMAN else f"Bot {seat}"


def score_text(name: str, score: Any) -> str:
    """A move's score in words: ``+2 red, +1 blue``, ``+4``, or the game's own text."""
    if isinstance(score, enum.Enum):  # Aztack: what a placement matches
        return f"matches {score.name.lower()}" if score.value else "no match"
    if isinstance(score, bool) or not isinstance(score, (int, tuple)):
        return str(score)
    if isinstance(score, int):
        return f"+{score}" if score >= 0 else str(score)
    tracks = TRACKS.get(name, ())
    parts = [
        f"+{points} {tracks[i].split()[0] if i < len(tracks) else f'track {i}'}"
        for i, points in enumerate(score)
        if points
    ]
    return ", ".join(parts) or "+0"


def _seats(game: Game, view: Any, outcome: Any) -> list[dict[str, Any]]:
    """Each seat's name, score and its labelled parts."""
    name = game.rules.name
    tracks = TRACKS.get(name, ())
    seats = []
    for seat, score in enumerate(_scores(view, outcome)):
        entry: dict[str, Any] = {"seat": seat, "name": seat_name(seat), "you": seat == HUMAN}
        if isinstance(score, tuple):
            entry["tracks"] = [
                {"label": tracks[i] if i < len(tracks) else f"track {i}", "value": value}
                for i, value in enumerate(score)
            ]
        else:
            entry["value"] = _plain(score)
        seats.append(entry)
    return seats


def _status(game: Game, view: Any, outcome: Any) -> str:
    """Whose turn it is and what is special about it, in words."""
    rules = game.rules
    if outcome is not None:
        return "Game over."
    movers = rules.to_move(game.state)
    if HUMAN not in movers:
        return "Waiting for " + ", ".join(seat_name(seat) for seat in movers) + "."
    words = "Your turn (seat 0)."
    bonuses = getattr(view, "bonuses", 0)
    if bonuses:
        words += f" Bonus turn: {bonuses} more placement{'s' if bonuses > 1 else ''} owed."
    if getattr(view, "deciding", False):
        words += " Decide: swap your rack or keep it."
    if getattr(view, "extra_tile", None) is not None:
        words += " Extra turn: place the tile drawn from the supply."
    return words


def _end(game: Game, outcome: Any) -> dict[str, Any] | None:
    """The end-of-game panel: the ranking, each seat's result and the reason."""
    if outcome is None:
        return None
    places = [
        {"place": place, "seats": [seat_name(seat) for seat in sorted(seats)]}
        for place, seats in enumerate(outcome.ranking, start=1)
    ]
    results = [
        {"name": seat_name(seat), "place": outcome.place(seat), "score": _plain(score)}
        for seat, score in enumerate(outcome.scores)
    ]
    won = HUMAN in outcome.winners
    return {
        "headline": "You win!" if won else "You lose.",
        "places": places,
        "results": results,
        "reason": outcome.reason,
        "meaning": MEANING.get(game.rules.name, "score"),
    }


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
        "seats": _seats(game, view, outcome),
        "meaning": MEANING.get(rules.name, "score"),
        "status": _status(game, view, outcome),
        "end": _end(game, outcome),
        "history": game.history,
        "recent": [
            {"seat": seat, "name": seat_name(seat), "notation": rules.format_move(move)}
            for seat, move in game.recent
        ],
        "frames": game.frames,
        "can_undo": HUMAN in game.seats,
        "stepwise": rules.choices is not None,
        "last_move": None if game.last_move is None else rules.format_move(game.last_move),
        "view": serialize.to_dict(view),
        "outcome": None if outcome is None else serialize.to_dict(outcome, game=rules.name),
        "svg": to_svg(
            view,
            targets=[_cell(key) for key in sorted(targets)],
            recent=[move for _, move in game.recent],
        ),
    }


def _picked(query: str) -> list[int]:
    """The option indexes of ``?picked=I,J,...``."""
    for part in query.split("&"):
        name, _, value = part.partition("=")
        if name == "picked" and value:
            try:
                return [int(text) for text in value.split(",")]
            except ValueError:
                raise RequestError(
                    HTTPStatus.BAD_REQUEST, f"picked must be option numbers such as 0,3: {value!r}"
                ) from None
    return []


def _choose(rules: tilegames.Rules[Any, Any], state: Any, picked: Sequence[Any]) -> Any:
    """The game's choice after ``picked``, or one step of whole moves for a game without one."""
    if rules.choices is not None:
        return rules.choices(state, tuple(picked), seat=HUMAN)
    moves = list(moves_for(rules, state, HUMAN))
    if not picked:
        return _Flat("move", {rules.format_move(m): (m,) for m in moves}, None)
    chosen = [m for m in moves if rules.format_move(m) == picked[0]]
    return _Flat("done", {}, chosen[0] if chosen else None)


@attrs.frozen
class _Flat:
    """A choice of whole moves, for a game that offers no ``choices``."""

    kind: str
    options: dict[str, tuple[Any, ...]]
    move: Any


def _label(name: str, kind: str, option: Any) -> str:
    """An option in words."""
    if kind in CELL_KINDS and isinstance(option, tuple):
        return ",".join(map(str, option))
    if kind == "rotation":
        return f"turned {option * 90}\u00b0"
    if kind == "colour" and isinstance(option, int):
        tracks = TRACKS.get(name, ())
        return tracks[option] if option < len(tracks) else str(option)
    if kind == "discard" and option is None:
        return "discard nothing"
    if kind == "discard":
        return f"discard stone {option}"
    if option is None:
        return "none"
    return str(option)


def choices(game: Game, picked: list[int]) -> dict[str, Any]:
    """The next part of the human's move to pick, with everything the page shows for it."""
    rules, state = game.rules, game.state
    if HUMAN not in rules.to_move(state):
        raise RequestError(HTTPStatus.CONFLICT, f"it is not seat {HUMAN}'s turn")
    view = rules.view(state, HUMAN)
    chosen: list[Any] = []
    labels: list[str] = []
    choice = _choose(rules, state, chosen)
    for number in picked:
        options = list(choice.options)
        if not 0 <= number < len(options):
            raise RequestError(
                HTTPStatus.BAD_REQUEST,
                f"option {number} is not offered at step {len(chosen)} ({len(options)} options)",
            )
        chosen.append(options[number])
        labels.append(_label(rules.name, choice.kind, options[number]))
        choice = _choose(rules, state, chosen)
    kind = choice.kind
    recent = [move for _, move in game.recent]
    answer: dict[str, Any] = {
        "kind": kind,
        "prompt": _prompt(rules.name, kind, chosen),
        "picked": labels,
        "options": [],
        "move": None,
    }
    cells = []
    for index, (option, moves) in enumerate(choice.options.items()):
        is_cell = kind in CELL_KINDS and isinstance(option, tuple)
        if is_cell:
            cells.append(option)
        drawn = None
        if kind in ("tile", "stone", "rotation", "colour"):
            drawn = laid_svg(view, moves[0])
        answer["options"].append(
            {
                "index": index,
                "label": _label(rules.name, kind, option),
                "cell": ",".join(map(str, option)) if is_cell else None,
                "svg": drawn,
                "score": score_text(rules.name, rules.score_move(state, moves[0]))
                if len(moves) == 1
                else None,
                "count": len(moves),
            }
        )
    move = choice.move if kind == "done" or len(choice.options) == 0 else None
    if move is not None:
        answer["move"] = {
            "notation": rules.format_move(move),
            "score": score_text(rules.name, rules.score_move(state, move)),
            "move": serialize.to_dict(move),
        }
        answer["svg"] = to_svg(state, move=move, recent=recent)
    else:
        answer["svg"] = to_svg(view, targets=cells, recent=recent)
    return answer


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
            path, _, query = self.path.partition("?")
            status, payload = self._route(method, path.rstrip("/") or "/", query)
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

    def _route(self, method: str, path: str, query: str = "") -> tuple[HTTPStatus, Any]:
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
                        "default": tilegames.get(name).setups[0].players,
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
        if parts[3] == "choices":
            self._only(method, "GET")
            with store.lock:
                return HTTPStatus.OK, choices(store.get(key), _picked(query))
        if parts[3] == "undo":
            self._only(method, "POST")
            with store.lock:
                game = store.get(key)
                store.undo(game)
                return HTTPStatus.OK, snapshot(key, game)
        if parts[3] == "record":
            self._only(method, "GET")
            with store.lock:
                game = store.get(key)
                name = f"{game.rules.name}-{key}.txt"
                return HTTPStatus.OK, {"record": store.record(game), "filename": name}
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
