"""The Starlette application: the HTTP API, the live WebSocket, the bots and the page."""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Final, cast

import attrs
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

import tilegames
from tilegames import serialize
from tilegames._core import rng
from tilegames.agents import Agent, MCTSAgent, make_agent, moves_for
from tilegames.server import _page
from tilegames.server._rooms import (
    Refused,
    Room,
    check_move_body,
    check_name,
    hash_token,
    new_room,
    room_from,
    seat_number,
    seats_of,
    snapshot,
)
from tilegames.server._store import SQLiteStore, Store

__all__ = ["BOT_CLOCK_SHARE", "MAX_BODY", "Server", "bounded", "create_app"]

MAX_BODY: Final = 64 * 1024
"""The largest request body accepted, in bytes (a larger one is answered 413)."""
BOT_CLOCK_SHARE: Final = 0.8
"""The share of the server's time limit a searching bot's clock is given (the rest: margin)."""
_ROOM_ID: Final = re.compile(r"[A-Za-z0-9_-]{1,64}\Z")
_QUEUE_LIMIT: Final = 64  # snapshots waiting for a slow WebSocket client before it is dropped
_PAGE: Final = "index.html"


def _page_path() -> Path:
    """The player's page: shipped in the package, or ``examples/web/`` in a source checkout."""
    shipped = Path(__file__).with_name(_PAGE)
    if shipped.is_file():
        return shipped
    return Path(__file__).resolve().parents[3] / "examples" / "web" / _PAGE


def _error(status: int, reason: str) -> JSONResponse:
    return JSONResponse(
        {"error": reason}, status_code=status, headers={"Cache-Control": "no-store"}
    )


def _answer(data: Any, status: int = 200) -> JSONResponse:
    return JSONResponse(data, status_code=status, headers={"Cache-Control": "no-store"})


class _Listener:
    """One WebSocket client: its seat and the snapshots waiting to be sent to it."""

    def __init__(self, socket: WebSocket, seat: int | None) -> None:
        self.socket = socket
        self.seat = seat
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()


class Server:
    """The rooms in play, the store behind them, the bots and the live clients.

    Every method runs on the event loop's thread; the rules and the store are
    called without an ``await`` between reading a room and writing it, so
    moves on one room are serialised (the second of two on the same turn is
    answered 409).
    """

    def __init__(
        self, open_store: Callable[[], Store], *, bot_seconds: float, bot_workers: int
    ) -> None:
        self.open_store = open_store
        self.store: Store = _Closed()
        self.bot_seconds = bot_seconds
        self.rooms: dict[str, Room] = {}
        self.listeners: dict[str, set[_Listener]] = {}
        self.workers = bot_workers
        self.bots = ThreadPoolExecutor(bot_workers, thread_name_prefix="tilegames-bot")
        self.tasks: set[asyncio.Task[None]] = set()
        self.running = False

    # Rooms ----------------------------------------------------------------

    def room(self, room: str) -> Room:
        """The room with this id, loaded from the store on first use.

        Raises:
            Refused: 404 for an unknown room.
        """
        found = self.rooms.get(room)
        if found is not None:
            return found
        stored = self.store.load(room) if _ROOM_ID.match(room) else None
        if stored is None:
            raise Refused(404, "no such room")
        found = self.rooms[room] = room_from(stored)
        return found

    def create(self, body: object) -> Room:
        """Start a room from a request body, keep it, and let its bots begin."""
        stored = new_room(body)
        self.store.create(stored)
        room = self.rooms[stored.room] = room_from(stored)
        self.wake_bots(room)
        return room

    def take_seat(self, room: Room, seat: int, name: str) -> str:
        """Give a free seat to a person; its token."""
        token = _page.new_token()
        digest = hash_token(token)
        if not self.store.take_seat(room.room, seat, name, digest):
            raise Refused(
                409, f"seat {seat} is taken" + (" by a bot" if room.seats[seat].bot else "")
            )
        old = room.seats[seat]
        room.seats[seat] = type(old)(seat, name, None, digest)
        self.broadcast(room)
        return token

    def commit(self, room: Room, seat: int, text: str) -> None:
        """Apply a seat's move, store it, then tell every client and wake the bots.

        Raises:
            Refused: as :meth:`Room.play`, or 409 if the store has the turn already.
        """
        move, state = room.play(seat, text)
        notation = room.rules.format_move(move)
        over = room.rules.is_over(state)
        if not self.store.add_move(room.room, room.turn, seat, notation, over):
            raise Refused(409, f"turn {room.turn} was taken by another move")
        room.state = state
        room.moves.append(notation)
        room.movers.append(seat)
        room.played.append(move)
        self.broadcast(room)
        self.wake_bots(room)

    # Live clients -----------------------------------------------------------

    def broadcast(self, room: Room) -> None:
        """Queue a snapshot for every client of the room, each for its own seat."""
        made: dict[int | None, str] = {}
        for listener in list(self.listeners.get(room.room, ())):
            if listener.seat not in made:
                made[listener.seat] = json.dumps(snapshot(room, listener.seat))
            if listener.queue.qsize() >= _QUEUE_LIMIT:
                listener.queue.put_nowait(None)  # too slow: the sender closes it
                self.listeners[room.room].discard(listener)
                continue
            listener.queue.put_nowait(made[listener.seat])

    async def live(self, socket: WebSocket) -> None:
        """Serve one WebSocket client: a snapshot now and after every move."""
        await socket.accept()
        try:
            room = self.room(socket.path_params["room"])
            token = socket.query_params.get("token")
            seat = room.seat_of(token)
            if token is not None and seat is None:
                raise Refused(401, "that token holds no seat in this room")
        except Refused as refused:
            await socket.close(code=4000 + refused.status, reason=refused.reason)
            return
        listener = _Listener(socket, seat)
        self.listeners.setdefault(room.room, set()).add(listener)
        listener.queue.put_nowait(json.dumps(snapshot(room, seat)))
        sender = asyncio.ensure_future(self._send(listener))
        try:
            while True:  # the client says nothing the server needs; wait for it to leave
                await socket.receive_text()
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            self.listeners.get(room.room, set()).discard(listener)
            sender.cancel()

    async def _send(self, listener: _Listener) -> None:
        with contextlib.suppress(Exception):
            while (text := await listener.queue.get()) is not None:
                await listener.socket.send_text(text)
            await listener.socket.close(code=1008, reason="too slow to read the updates")

    # Bots -------------------------------------------------------------------

    def wake_bots(self, room: Room) -> None:
        """Start a bot's turn if a bot seat may move and none of the room's bots is thinking."""
        if room.bot_busy or room.bot_to_move() is None:
            return
        room.bot_busy = True
        task = asyncio.ensure_future(self._bot_turn(room))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _bot_turn(self, room: Room) -> None:
        """One bot move, chosen in a worker thread within the time limit, then committed."""
        try:
            seat = room.bot_to_move()
            if seat is None:
                return
            turn, rules, state = room.turn, room.rules, room.state
            moves = moves_for(rules, state, seat)
            spec = room.seats[seat].bot or "random"
            stream = rng.Stream(rng.derive(room.seed, "bot", turn))
            agent = bounded(make_agent(spec), self.bot_seconds)
            view = rules.view(state, seat)
            move = await self._think(room, agent.choose, rules, seat, view, moves, stream)
            if move is None:  # over its time (or failed): a random legal move instead
                move = moves[rng.Stream(rng.derive(room.seed, "late", turn)).randbelow(len(moves))]
            if self.running and room.turn == turn:  # nobody moved meanwhile (speed games)
                with contextlib.suppress(Refused):
                    self.commit(room, seat, rules.format_move(move))
        finally:
            room.bot_busy = False
        if self.running:
            self.wake_bots(room)

    async def _think(self, room: Room, choose: Callable[..., Any], *arguments: Any) -> Any:
        """The bot's choice, or ``None`` when it is not made within the time limit.

        A thread cannot be stopped from outside: a bot over its time keeps its
        thread until it returns, and until then the room's next bot move is a
        random one at once, so that one room never holds more than one thread.
        """
        if room.late_bot is not None and not room.late_bot.done():
            return None
        future = self.bots.submit(choose, *arguments)
        try:
            return await asyncio.wait_for(asyncio.wrap_future(future), self.bot_seconds)
        except Exception:  # over its time (the thread goes on), or the agent failed
            room.late_bot = future
            return None

    def start(self) -> None:
        """Open the store; the bots of every unfinished room carry on (after a restart too)."""
        self.store = self.open_store()
        self.running = True
        self.bots = ThreadPoolExecutor(self.workers, thread_name_prefix="tilegames-bot")
        for room in self.store.unfinished():
            self.wake_bots(self.room(room))

    async def close(self) -> None:
        """Stop the bots and close the store."""
        self.running = False
        for task in list(self.tasks):
            task.cancel()
        self.bots.shutdown(wait=False, cancel_futures=True)
        self.store.close()
        self.store = _Closed()
        self.rooms.clear()


class _Closed:
    """The store of a server that is not running: every call says so."""

    def __getattr__(self, name: str) -> Any:
        msg = "the server is not running: start the application (its lifespan) first"
        raise RuntimeError(msg)


def bounded(agent: Agent, seconds: float) -> Agent:
    """The agent, its clock (if it has one) cut to ``seconds`` less a margin.

    An MCTS bot of many iterations, or of a longer time than the server
    allows, stops its search in time, so that its thread is free again when
    the move is due (a thread cannot be stopped from outside).
    """
    if not isinstance(agent, MCTSAgent):
        return agent
    limit = seconds * BOT_CLOCK_SHARE
    if agent.seconds is not None and agent.seconds <= limit:
        return agent
    return attrs.evolve(agent, seconds=limit)


async def _body(request: Request) -> Any:
    """The request's JSON body, read up to :data:`MAX_BODY` bytes.

    Raises:
        Refused: 413 for a larger body (by its Content-Length or as it arrives),
            400 for one that is not JSON (NaN, Infinity and repeated keys are not).
    """
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or len(length) > 12):
        raise Refused(400, "Content-Length is not a number")
    if length is not None and int(length) > MAX_BODY:
        raise Refused(413, f"the body is over {MAX_BODY} bytes")
    data = bytearray()
    async for chunk in request.stream():
        data += chunk
        if len(data) > MAX_BODY:
            raise Refused(413, f"the body is over {MAX_BODY} bytes")
    try:
        body = json.loads(
            bytes(data) or b"null", parse_constant=_no_constant, object_pairs_hook=_no_repeats
        )
        serialize.check_size(body, serialize.MAX_DEPTH, 10_000)
    except (ValueError, RecursionError, tilegames.TilegamesError):
        raise Refused(400, "the body is not a JSON document of the shape asked for") from None
    return body


def _no_repeats(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object whose keys are all different (a repeated key is read no way)."""
    result = dict(pairs)
    if len(result) != len(pairs):
        msg = "a key is repeated"
        raise ValueError(msg)
    return result


def _no_constant(name: str) -> Any:
    msg = f"{name} is not JSON"
    raise ValueError(msg)


def _token(request: Request) -> str | None:
    """The token of ``Authorization: Bearer TOKEN``, or ``None`` without the header."""
    header = request.headers.get("authorization")
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    return token.strip() if scheme.lower() == "bearer" else ""


def _seat(room: Room, request: Request) -> int | None:
    """The seat the request's token holds; ``None`` for no token (a spectator).

    Raises:
        Refused: 401 for a token that holds no seat of this room.
    """
    token = _token(request)
    if token is None:
        return None
    seat = room.seat_of(token)
    if seat is None:
        raise Refused(401, "that token holds no seat in this room")
    return seat


def _routes(server: Server) -> list[Any]:
    async def page(request: Request) -> Response:
        return HTMLResponse(_page_path().read_text(encoding="utf-8"))

    async def games(request: Request) -> Response:
        return _answer(_page.games())

    async def create(request: Request) -> Response:
        room = server.create(await _body(request))
        return _answer(
            {
                "room": room.room,
                "game": room.rules.name,
                "players": room.players,
                "seats": seats_of(room),
            },
            201,
        )

    async def read(request: Request) -> Response:
        room = server.room(request.path_params["room"])
        return _answer(snapshot(room, _seat(room, request)))

    async def seat(request: Request) -> Response:
        body = await _body(request)
        room = server.room(request.path_params["room"])
        number = seat_number(request.path_params["seat"], room.players)
        name = check_name(body)
        return _answer({"seat": number, "token": server.take_seat(room, number, name)})

    async def move(request: Request) -> Response:
        body = await _body(request)
        text, turn = check_move_body(body)
        room = server.room(request.path_params["room"])
        token = _token(request)
        mover = None if token is None else room.seat_of(token)
        if mover is None:
            raise Refused(401, "send Authorization: Bearer TOKEN, the token of your seat here")
        if mover not in room.rules.to_move(room.state):
            raise Refused(403, f"seat {mover} is not to move")
        if turn != room.turn:
            raise Refused(409, f"turn {turn} is past: the room is at turn {room.turn}")
        server.commit(room, mover, text)
        return _answer(snapshot(room, mover))

    async def record(request: Request) -> Response:
        room = server.room(request.path_params["room"])
        if not room.rules.is_over(room.state):
            raise Refused(409, "the record (it holds the seed) is given once the game is over")
        return PlainTextResponse(room.record(), headers={"Cache-Control": "no-store"})

    async def choices(request: Request) -> Response:
        room = server.room(request.path_params["room"])
        mover = _seat(room, request)
        if mover is None:
            raise Refused(401, "send Authorization: Bearer TOKEN, the token of your seat here")
        return _answer(_page.choices(room, mover, request.query_params.get("picked", "")))

    async def picture(request: Request) -> Response:
        room = server.room(request.path_params["room"])
        svg = _page.picture(room, _seat(room, request))
        return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "no-store"})

    return [
        Route("/", page, methods=["GET"]),
        Route("/api/games", games, methods=["GET"]),
        Route("/api/rooms", create, methods=["POST"]),
        Route("/api/rooms/{room}", read, methods=["GET"]),
        Route("/api/rooms/{room}/seats/{seat}", seat, methods=["POST"]),
        Route("/api/rooms/{room}/moves", move, methods=["POST"]),
        Route("/api/rooms/{room}/record", record, methods=["GET"]),
        Route("/api/rooms/{room}/choices", choices, methods=["GET"]),
        Route("/api/rooms/{room}/picture", picture, methods=["GET"]),
        WebSocketRoute("/api/rooms/{room}/live", server.live),
    ]


def create_app(
    db: str | Path = "tilegames.sqlite3",
    *,
    store: Store | None = None,
    bot_seconds: float = 10.0,
    bot_workers: int = 2,
) -> Starlette:
    """The tilegames server as an ASGI application (run it with uvicorn).

    Args:
        db: the SQLite database file, created on first start; ignored with ``store``.
        store: another :class:`~tilegames.server.Store` to keep the rooms in.
        bot_seconds: the time a bot may think about one move. A searching
            bot's clock is cut to :data:`BOT_CLOCK_SHARE` of it (see
            :func:`bounded`); a bot still over it plays a random legal move
            instead, and so do the room's next bot moves while its thread is
            still busy.
        bot_workers: the threads the bots think in (shared by every room).

    Returns:
        A Starlette application; ``app.state.server`` is its :class:`Server`.
        The store is opened when the application starts (the SQLite file is
        created then) and closed when it stops.
    """
    server = Server(
        (lambda: store) if store is not None else (lambda: SQLiteStore(db)),
        bot_seconds=bot_seconds,
        bot_workers=bot_workers,
    )

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        server.start()
        try:
            yield
        finally:
            await server.close()

    async def refused(request: Request, error: Exception) -> Response:
        refusal = cast(Refused, error)
        return _error(refusal.status, refusal.reason)

    async def http_error(request: Request, error: Exception) -> Response:
        failure = cast(HTTPException, error)
        return _error(failure.status_code, str(failure.detail))

    async def crashed(request: Request, error: Exception) -> Response:
        return _error(500, "the server failed on this request")

    app = Starlette(
        routes=_routes(server),
        lifespan=lifespan,
        exception_handlers={Refused: refused, HTTPException: http_error, Exception: crashed},
    )
    app.state.server = server
    return app
