"""The Starlette application: the HTTP API, the live WebSocket, the bots and the page."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import re
import sys
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Final, TypeVar, cast

import attrs
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.types import ASGIApp
from starlette.websockets import WebSocket, WebSocketDisconnect

from tilegames._core import rng
from tilegames.agents import Agent, MCTSAgent, make_agent, moves_for
from tilegames.server import _openapi, _page
from tilegames.server._bots import BotPool
from tilegames.server._http import MAX_BODY, Creations, SecurityHeaders, page_policy, read_body
from tilegames.server._rooms import (
    Refused,
    Room,
    catch_up,
    check_move_body,
    check_name,
    hash_token,
    new_room,
    room_from,
    seat_number,
    seats_of,
)
from tilegames.server._store import SharedStore, Store, open_store

__all__ = ["BOT_CLOCK_SHARE", "MAX_BODY", "Server", "bounded", "create_app"]

BOT_CLOCK_SHARE: Final = 0.8
"""The share of the server's time limit a searching bot's clock is given (the rest: margin)."""
SWITCH_INTERVAL: Final = 0.001
"""The longest a thread holds the interpreter while the event loop waits for it, in seconds."""
_ROOM_ID: Final = re.compile(r"[A-Za-z0-9_-]{1,64}\Z")
_BUSY_RETRY: Final = 60  # seconds a client is told to wait when every room in memory is in use
_log = logging.getLogger("tilegames.server")
_QUEUE_LIMIT: Final = 64  # snapshots waiting for a slow WebSocket client before it is dropped
_PAGE: Final = "index.html"
_TAKE_OVER: Final = 5.0  # seconds past the bot's time before another process moves it
_WRITERS: Final = 64  # threads that write to the store (a SQLite store commits them in groups)
T = TypeVar("T")


def _page_path() -> Path:
    """The player's page: shipped in the package, or ``examples/web/`` in a source checkout."""
    shipped = Path(__file__).with_name(_PAGE)
    if shipped.is_file():
        return shipped
    return Path(__file__).resolve().parents[3] / "examples" / "web" / _PAGE


def _error(status: int, reason: str, retry_after: int | None = None) -> JSONResponse:
    headers = {"Cache-Control": "no-store"}
    if retry_after is not None:
        headers["Retry-After"] = str(retry_after)
    return JSONResponse({"error": reason}, status_code=status, headers=headers)


def _answer(data: Any, status: int = 200) -> JSONResponse:
    return JSONResponse(data, status_code=status, headers={"Cache-Control": "no-store"})


def _shown(room: Room, seat: int | None) -> Response:
    """The seat's snapshot of the room (its JSON text made once a turn, shared)."""
    text = room.snapshot_text(seat)
    return Response(text, media_type="application/json", headers={"Cache-Control": "no-store"})


class _Listener:
    """One WebSocket client: its seat and the snapshots waiting to be sent to it."""

    def __init__(self, socket: WebSocket, seat: int | None) -> None:
        self.socket = socket
        self.seat = seat
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()


class Server:
    """The rooms in play, the store behind them, the bots and the live clients.

    Every method runs on the event loop's thread but the store's writes,
    which run in threads (:meth:`write`) while the loop serves other
    requests: of two moves for the same turn the store keeps one, and the
    other is answered 409; a room is changed in memory only once its write
    is kept. A room is read from the store and replayed in a worker
    thread the first time it is asked for (the loop serves other rooms
    meanwhile), and leaves memory again when idle.
    """

    def __init__(
        self,
        open_store: Callable[[], Store],
        *,
        bot_seconds: float,
        bot_workers: int | None,
        idle_seconds: float = 900.0,
        max_rooms: int = 2000,
        rooms_per_minute: int = 60,
    ) -> None:
        self.open_store = open_store
        self.store: Store = _Closed()
        self.bot_seconds = bot_seconds
        self.rooms: OrderedDict[str, Room] = OrderedDict()
        """The rooms in memory, the least recently asked for first."""
        self.loading: dict[str, asyncio.Future[Room | None]] = {}
        self.damaged: dict[str, str] = {}
        """The rooms found damaged in the store, and why (each refused, logged once)."""
        self.idle_seconds = idle_seconds
        self.max_rooms = max_rooms
        self.creations = Creations(rooms_per_minute)
        self.listeners: dict[str, set[_Listener]] = {}
        self.workers = bot_workers
        self.bots = BotPool(bot_workers)
        self.writers: ThreadPoolExecutor | None = None
        """The threads the store's writes run in (the event loop serves meanwhile)."""
        self.tasks: set[asyncio.Task[None]] = set()
        self.running = False
        self.following = False
        """The store is shared with other processes: their changes are followed."""

    # Rooms ----------------------------------------------------------------

    async def room(self, room: str) -> Room:
        """The room with this id, read from the store and replayed on first use.

        The reading and the replay run in a worker thread; requests for the
        same room meanwhile wait for the same load.

        Raises:
            Refused: 404 for an unknown room, 500 for a room damaged in the store,
                503 when every room in memory is in use.
        """
        found = self.rooms.get(room)
        if found is None:
            if room in self.damaged:
                raise Refused(500, _DAMAGED)
            if not _ROOM_ID.match(room):
                raise Refused(404, "no such room")
            loading = self.loading.get(room)
            if loading is None:
                loading = self.loading[room] = asyncio.ensure_future(self._load(room))
                loading.add_done_callback(lambda _: self.loading.pop(room, None))
            found = await asyncio.shield(loading)
            if found is None:
                if room in self.damaged:
                    raise Refused(500, _DAMAGED)
                raise Refused(404, "no such room")
        else:
            self.rooms.move_to_end(room)
            if self.following:
                found = await self._fresh(found)
        found.used = time.monotonic()
        return found

    async def _load(self, room: str) -> Room | None:
        """Read and replay a room in a worker thread; ``None`` if unknown or damaged."""
        store = self.store
        try:
            stored, found = await asyncio.to_thread(_read, store, room)
        except Exception as error:  # anything wrong in one room is that room's alone
            reason = (
                str(error) if type(error) is ValueError else f"{type(error).__name__}: {error}"
            )
            self.damaged[room] = reason
            _log.error("room %s is damaged in the database and is not served: %s", room, reason)
            return None
        if found is None or stored is None:
            return None
        if room in self.rooms:  # made meanwhile (not by this process's creation: ids are new)
            return self.rooms[room]
        self._admit(found)
        if len(stored.words) < len(found.words):  # a database older than the kept words
            found.writing += 1
            try:
                await self.write(store.keep_words, room, found.words)
            finally:
                found.writing -= 1
        return found

    def _admit(self, room: Room) -> None:
        """Keep a room in memory, making way for it if memory holds the most rooms allowed.

        Raises:
            Refused: 503 when no room in memory may leave (each has listeners or a bot
                thinking).
        """
        while len(self.rooms) >= self.max_rooms:
            idle = next((r for r in self.rooms.values() if self._may_leave(r)), None)
            if idle is None:
                raise Refused(
                    503,
                    f"the server holds its most rooms in memory ({self.max_rooms}), all in use",
                    retry_after=_BUSY_RETRY,
                )
            del self.rooms[idle.room]
        room.used = time.monotonic()
        self.rooms[room.room] = room

    def _may_leave(self, room: Room) -> bool:
        """No one listens to the room, none of its bots is thinking, nothing is being written."""
        return not self.listeners.get(room.room) and not room.bot_busy and not room.writing

    def sweep(self, now: float | None = None) -> int:
        """Let the rooms idle for longer than :attr:`idle_seconds` leave memory; how many left.

        They come back from the store when next asked for. Addresses that made
        no room in the last minute are forgotten too.
        """
        now = time.monotonic() if now is None else now
        idle = [
            r.room
            for r in self.rooms.values()
            if r.used <= now - self.idle_seconds and self._may_leave(r)
        ]
        for room in idle:
            del self.rooms[room]
        self.creations.forget(now)
        return len(idle)

    async def _sweeping(self) -> None:
        while True:
            await asyncio.sleep(max(0.01, min(self.idle_seconds / 4, 30.0)))
            self.sweep()

    async def _resume(self) -> None:
        """Load, one after the other, the rooms where a bot may move, and wake their bots."""
        for room in self.store.bots_to_move():
            with contextlib.suppress(Refused):
                self.wake_bots(await self.room(room))

    async def write(self, write: Callable[..., T], *args: Any) -> T:
        """A write to the store, run in a thread: the event loop serves meanwhile.

        A SQLite commit waits for the disk (milliseconds); the writes that
        wait together are committed together (:class:`~tilegames.server.SQLiteStore`).
        """
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.writers, functools.partial(write, *args))

    async def create(self, body: object, address: str) -> Room:
        """Start a room from a request body, keep it, and let its bots begin.

        Raises:
            Refused: 400 for a body that asks for no room :func:`new_room` makes,
                429 for an address over its rooms a minute, 503 when memory holds
                the most rooms allowed, all in use.
        """
        now = time.monotonic()
        self.creations.check(address, now)
        stored = new_room(body)
        room = room_from(stored)
        self._admit(room)
        self.creations.add(address, now)  # counted before the write: creations at once too
        room.writing += 1
        try:
            await self.write(self.store.create, stored, room.bot_to_move() is not None)
        except BaseException:  # not kept: not served either
            self.rooms.pop(room.room, None)
            raise
        finally:
            room.writing -= 1
        self.wake_bots(room)
        return room

    async def take_seat(self, room: Room, seat: int, name: str) -> str:
        """Give a free seat to a person; its token."""
        token = _page.new_token()
        digest = hash_token(token)
        room.writing += 1
        try:
            taken = await self.write(self.store.take_seat, room.room, seat, name, digest)
        finally:
            room.writing -= 1
        if not taken:
            raise Refused(
                409, f"seat {seat} is taken" + (" by a bot" if room.seats[seat].bot else "")
            )
        old = room.seats[seat]
        room.seats[seat] = type(old)(seat, name, None, digest)
        self.broadcast(room)
        return token

    async def commit(self, room: Room, seat: int, text: str, words: str | None = None) -> None:
        """Apply a seat's move, store it, then tell every client and wake the bots.

        ``words``: the move's words for the history, when they are known already
        (a bot's, worked out in its worker process); else worked out here.
        The store's write runs in a thread: of two moves for the same turn
        meanwhile, the store keeps one and the other is refused.

        Raises:
            Refused: as :meth:`Room.play`, or 409 if the store has the turn already.
        """
        turn = room.turn
        move, state = room.play(seat, text)
        notation = room.rules.format_move(move)
        over = room.rules.is_over(state)
        if words is None:
            words = room.words_for(move, seat, state)
        bots = not over and room.bot_to_move(state) is not None
        add = self.store.add_move
        room.writing += 1
        try:
            kept = await self.write(add, room.room, turn, seat, notation, over, words, bots)
        finally:
            room.writing -= 1
        if not kept:
            if self.following:  # another process's move: take it
                self._spawn(self.sync(room.room))
            raise Refused(409, f"turn {turn} was taken by another move")
        if room.turn == turn:  # else taken from the store meanwhile (another process's view)
            room.advance(move, notation, seat, state, words)
            self.broadcast(room)
        self.wake_bots(room)

    # Live clients -----------------------------------------------------------

    def broadcast(self, room: Room) -> None:
        """Queue a snapshot for every client of the room, each for its own seat."""
        for listener in list(self.listeners.get(room.room, ())):
            if listener.queue.qsize() >= _QUEUE_LIMIT:
                listener.queue.put_nowait(None)  # too slow: the sender closes it
                self.listeners[room.room].discard(listener)
                continue
            listener.queue.put_nowait(room.snapshot_text(listener.seat))

    async def live(self, socket: WebSocket) -> None:
        """Serve one WebSocket client: a snapshot now and after every move."""
        await socket.accept()
        try:
            room = await self.room(socket.path_params["room"])
            token = socket.query_params.get("token")
            seat = room.seat_of(token)
            if token is not None and seat is None:
                raise Refused(401, "that token holds no seat in this room")
        except Refused as refused:
            await socket.close(code=4000 + refused.status, reason=refused.reason)
            return
        listener = _Listener(socket, seat)
        self.listeners.setdefault(room.room, set()).add(listener)
        listener.queue.put_nowait(room.snapshot_text(seat))
        sender = asyncio.ensure_future(self._send(listener))
        try:
            while True:  # the client says nothing the server needs; wait for it to leave
                message = await socket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                if message.get("bytes") is not None:
                    await socket.close(code=1003, reason="this socket takes text messages only")
                    break
                if len(message.get("text") or "") > MAX_BODY:
                    await socket.close(code=1009, reason=f"a message is at most {MAX_BODY} bytes")
                    break
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
        """One bot move, chosen in a worker process within the time limit, then committed."""
        lost = False
        try:
            seat = room.bot_to_move()
            if seat is None:
                return
            turn, rules, state = room.turn, room.rules, room.state
            spec = room.seats[seat].bot or "random"
            stream = rng.Stream(rng.derive(room.seed, "bot", turn))
            agent = bounded(make_agent(spec), self.bot_seconds)
            chosen = await self.bots.choose(rules, state, seat, agent, stream, self.bot_seconds)
            if chosen is None:  # over its time (or failed): a random legal move instead
                moves = moves_for(rules, state, seat)
                late = rng.Stream(rng.derive(room.seed, "late", turn))
                chosen = rules.format_move(moves[late.randbelow(len(moves))]), None
            if self.running and room.turn == turn:  # nobody moved meanwhile (speed games)
                try:
                    await self.commit(room, seat, *chosen)
                except Refused:  # the turn was stored meanwhile
                    # by another process (its bots carry on), unless this room has moved
                    # on: a person's move here won, whose bots' turn was left to this one
                    lost = room.turn == turn
        finally:
            room.bot_busy = False
        if self.running and not lost:
            self.wake_bots(room)

    def _spawn(self, job: Any) -> None:
        """Run a coroutine as a task of the server (cancelled when it stops)."""
        task = asyncio.ensure_future(job)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    # Other processes (a store several share) ----------------------------------

    async def _follow(self) -> None:
        """Bring the rooms in memory up to date as other processes change them."""
        async for changed in cast(SharedStore, self.store).changes():
            for room in [changed] if changed else list(self.rooms):  # "": every room
                if room in self.rooms:
                    await self.sync(room)

    async def _fresh(self, room: Room) -> Room:
        """The room as the shared store has it now (another process may have moved it on)."""
        version = cast(SharedStore, self.store).version(room.room)
        if version == (room.turn, _taken(room)):
            return room
        await self.sync(room.room)
        return self.rooms.get(room.room) or await self.room(room.room)

    async def sync(self, room_id: str) -> None:
        """Take the moves and seats that another process stored in a room held in memory.

        The live clients of the room here are sent the new snapshot; a room
        whose store no longer matches it leaves memory (read anew when next
        asked for). A bot to move next is moved by the process that stored the
        move, or here when that one has not done it in its time (it may have
        died).
        """
        if room_id not in self.rooms or not self.running:
            return
        try:
            stored = await asyncio.to_thread(self.store.load, room_id)
        except Exception:  # read again, and refused as damaged, when next asked for
            stored = None
        room = self.rooms.get(room_id)
        if room is None:
            return
        try:
            changed = stored is not None and catch_up(room, stored, lambda: self.broadcast(room))
        except ValueError as error:
            _log.warning("room %s left memory: %s", room_id, error)
            self.rooms.pop(room_id, None)
            return
        if stored is None:
            self.rooms.pop(room_id, None)
        elif changed:
            self._watch(room)

    def _watch(self, room: Room) -> None:
        """Move the room's bot here if it is still to move once its time is well past."""
        if room.bot_to_move() is None:
            return
        turn = room.turn

        def check() -> None:
            if self.running and self.rooms.get(room.room) is room and room.turn == turn:
                self._spawn(self._take_over(room, turn))

        asyncio.get_running_loop().call_later(self.bot_seconds + _TAKE_OVER, check)

    async def _take_over(self, room: Room, turn: int) -> None:
        await self.sync(room.room)
        if self.rooms.get(room.room) is room and room.turn == turn:
            self.wake_bots(room)

    def start(self) -> None:
        """Open the store, and answer at once: no room is read yet.

        The rooms where a bot may move are loaded one after the other in the
        background, and their bots carry on (after a restart too); every
        other room is loaded when first asked for. The interpreter's switch
        interval is cut to :data:`SWITCH_INTERVAL` at most: a room replayed
        in its thread then gives the event loop its turn within a millisecond,
        not five, so that the other rooms' requests hardly wait for it.
        """
        sys.setswitchinterval(min(sys.getswitchinterval(), SWITCH_INTERVAL))
        self.store = self.open_store()
        self.running = True
        self.bots = BotPool(self.workers)
        self.writers = ThreadPoolExecutor(_WRITERS, thread_name_prefix="tilegames-store")
        self.following = isinstance(self.store, SharedStore)
        self._spawn(self._resume())
        self._spawn(self._sweeping())
        if self.following:
            self._spawn(self._follow())

    async def close(self) -> None:
        """Stop the bots and close the store."""
        self.running = False
        for task in list(self.tasks):
            task.cancel()
        for loading in list(self.loading.values()):
            with contextlib.suppress(BaseException):
                await loading  # a room being read: let its thread finish with the store
        self.bots.close()
        if self.writers is not None:  # the writes under way are finished first
            self.writers.shutdown(wait=True)
            self.writers = None
        self.store.close()
        self.store = _Closed()
        self.rooms.clear()


_DAMAGED: Final = (
    "this room is damaged in the server's database and cannot be served "
    "(the server's log says what is wrong with it)"
)


def _read(store: Store, room: str) -> tuple[Any, Room | None]:
    """A room read from the store and replayed (in a worker thread): ``(stored, room)``."""
    stored = store.load(room)
    return stored, None if stored is None else room_from(stored)


def _taken(room: Room) -> int:
    """The number of the room's seats that a person holds."""
    return sum(seat.token_hash is not None for seat in room.seats)


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
        text = _page_path().read_text(encoding="utf-8")
        return HTMLResponse(
            text,
            headers={"Content-Security-Policy": page_policy(text), "Cache-Control": "no-cache"},
        )

    async def games(request: Request) -> Response:
        return _answer(_page.games())

    async def create(request: Request) -> Response:
        address = request.client.host if request.client else ""
        server.creations.check(address, time.monotonic())  # before reading the body
        room = await server.create(await read_body(request), address)
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
        room = await server.room(request.path_params["room"])
        return _shown(room, _seat(room, request))

    async def seat(request: Request) -> Response:
        body = await read_body(request)
        room = await server.room(request.path_params["room"])
        number = seat_number(request.path_params["seat"], room.players)
        name = check_name(body)
        return _answer({"seat": number, "token": await server.take_seat(room, number, name)})

    async def move(request: Request) -> Response:
        body = await read_body(request)
        text, turn = check_move_body(body)
        room = await server.room(request.path_params["room"])
        token = _token(request)
        mover = None if token is None else room.seat_of(token)
        if mover is None:
            raise Refused(401, "send Authorization: Bearer TOKEN, the token of your seat here")
        if mover not in room.rules.to_move(room.state):
            raise Refused(403, f"seat {mover} is not to move")
        if turn != room.turn:
            raise Refused(409, f"turn {turn} is past: the room is at turn {room.turn}")
        await server.commit(room, mover, text)
        return _shown(room, mover)

    async def record(request: Request) -> Response:
        room = await server.room(request.path_params["room"])
        if not room.rules.is_over(room.state):
            raise Refused(409, "the record (it holds the seed) is given once the game is over")
        return PlainTextResponse(room.record(), headers={"Cache-Control": "no-store"})

    async def choices(request: Request) -> Response:
        room = await server.room(request.path_params["room"])
        mover = _seat(room, request)
        if mover is None:
            raise Refused(401, "send Authorization: Bearer TOKEN, the token of your seat here")
        return _answer(_page.choices(room, mover, request.query_params.get("picked", "")))

    async def picture(request: Request) -> Response:
        room = await server.room(request.path_params["room"])
        svg = _page.picture(room, _seat(room, request))
        return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "no-store"})

    return [
        Route("/", page, methods=["GET"]),
        Route("/api/openapi.json", _openapi.answer, methods=["GET"]),
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


class _Application(Starlette):
    """Starlette with the security headers outside everything, its error pages included."""

    def build_middleware_stack(self) -> ASGIApp:
        return SecurityHeaders(super().build_middleware_stack())


def create_app(
    db: str | Path = "tilegames.sqlite3",
    *,
    store: Store | None = None,
    bot_seconds: float = 10.0,
    bot_workers: int | None = None,
    idle_seconds: float = 900.0,
    max_rooms: int = 2000,
    rooms_per_minute: int = 60,
) -> Starlette:
    """The tilegames server as an ASGI application (run it with uvicorn).

    Args:
        db: the SQLite database file, created on first start, or a PostgreSQL URL
            (``postgresql://...``: :class:`~tilegames.server.PostgresStore`, which
            several server processes may share); ignored with ``store``.
        store: another :class:`~tilegames.server.Store` to keep the rooms in.
        bot_seconds: the time a bot may think about one move. A searching
            bot's clock is cut to :data:`BOT_CLOCK_SHARE` of it (see
            :func:`bounded`); a bot still thinking when the time is up is
            stopped (its worker process killed and replaced) and its seat
            plays a random legal move instead (drawn from the room's seed).
        bot_workers: the worker processes the bots think in, shared by every
            room (``None``: one per core of the machine); see
            :class:`~tilegames.server._bots.BotPool`.
        idle_seconds: a room nobody asked for in this time leaves memory (it is
            read from the store again when next asked for); a room with live
            listeners or a bot thinking stays.
        max_rooms: the most rooms held in memory: the least recently used idle
            room leaves to make way for another; when every room is in use, a
            room to load or create is answered 503 with ``Retry-After``.
        rooms_per_minute: the most rooms one client address creates in a
            minute; more are answered 429 with ``Retry-After`` (``0``: no limit).
            Behind a proxy, the address is the one the proxy forwards
            (uvicorn's ``--forwarded-allow-ips``).

    Returns:
        A Starlette application; ``app.state.server`` is its :class:`Server`.
        The store is opened when the application starts (the SQLite file is
        created then; a file that is no tilegames database raises
        :class:`~tilegames.server.StoreError`) and closed when it stops. The
        application answers at once whatever the number of rooms stored.
    """
    server = Server(
        (lambda: store) if store is not None else (lambda: open_store(db)),
        bot_seconds=bot_seconds,
        bot_workers=bot_workers,
        idle_seconds=idle_seconds,
        max_rooms=max_rooms,
        rooms_per_minute=rooms_per_minute,
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
        return _error(refusal.status, refusal.reason, refusal.retry_after)

    async def http_error(request: Request, error: Exception) -> Response:
        failure = cast(HTTPException, error)
        answer = _error(failure.status_code, str(failure.detail))
        answer.headers.update(failure.headers or {})  # a 405's Allow (RFC 9110)
        return answer

    async def crashed(request: Request, error: Exception) -> Response:
        return _error(500, "the server failed on this request")

    app = _Application(
        routes=_routes(server),
        lifespan=lifespan,
        exception_handlers={Refused: refused, HTTPException: http_error, Exception: crashed},
    )
    app.state.server = server
    return app
