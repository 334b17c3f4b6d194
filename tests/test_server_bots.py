"""The bots' worker processes (``tilegames.server._bots.BotPool``) on their own.

A move comes back in notation with its words, as the server would work them
out itself; an agent over its time is stopped (its process killed, another
started) and the answer is ``None``; an agent that fails gives ``None`` and
keeps its worker. One pool for the module (its fork server starts once).
"""

from __future__ import annotations

import asyncio
import os
import threading
from collections.abc import Iterator
from typing import Any

import pytest

import tilegames
from server_support import SERVER_MISSING, needs_server
from sleeper import Failing, Sleeper
from tilegames._core import rng
from tilegames.agents import make_agent, moves_for

if not SERVER_MISSING:
    from tilegames.server._bots import BotPool, default_size
    from tilegames.server._words import move_words

pytestmark = needs_server


@pytest.fixture(scope="module")
def loop() -> Iterator[asyncio.AbstractEventLoop]:
    running = asyncio.new_event_loop()
    try:
        yield running
    finally:
        running.close()


@pytest.fixture(scope="module")
def pool(loop: asyncio.AbstractEventLoop) -> Iterator[BotPool]:
    made = BotPool(1)
    try:
        yield made
    finally:
        made.close()


_NO_WORKER = 10.0
"""Seconds past a move's time limit after which a pool is taken to have no worker left."""


def _choose(
    loop: asyncio.AbstractEventLoop, pool: BotPool, agent: Any, seconds: float = 30.0
) -> Any:
    rules = tilegames.get("aztack")
    state = rules.new_game(2, seed=5)
    chosen = pool.choose(rules, state, rules.to_move(state)[0], agent, rng.Stream(1), seconds)
    # a pool that no longer has a worker fails here, instead of waiting for ever
    return loop.run_until_complete(asyncio.wait_for(chosen, seconds + _NO_WORKER))


class TestBotPool:
    """Moves chosen in worker processes, each within its time."""

    def test_a_move_and_its_words(self, loop: asyncio.AbstractEventLoop, pool: BotPool) -> None:
        """The agent's own choice (its first legal move), with the words the server would give."""
        rules = tilegames.get("aztack")
        state = rules.new_game(2, seed=5)
        seat = rules.to_move(state)[0]
        first = moves_for(rules, state, seat)[0]
        assert _choose(loop, pool, Sleeper(0.0)) == (
            rules.format_move(first),
            move_words(rules, state, first, seat, rules.apply(state, first)),
        )

    def test_a_search_is_legal(self, loop: asyncio.AbstractEventLoop, pool: BotPool) -> None:
        rules = tilegames.get("aztack")
        state = rules.new_game(2, seed=5)
        text, _words = _choose(loop, pool, make_agent("mcts:50"))
        assert rules.why_illegal(state, rules.parse_move(text, state)) is None

    def test_over_its_time(self, loop: asyncio.AbstractEventLoop, pool: BotPool) -> None:
        """An agent that ignores the clock: None once the time is up, its process killed."""
        _choose(loop, pool, Sleeper(0.0))  # the worker is up
        (worker,) = pool._workers
        replaced = pool.replaced
        assert _choose(loop, pool, Sleeper(30.0), seconds=0.2) is None
        assert pool.replaced == replaced + 1
        worker.process.join(5)
        assert not worker.process.is_alive()
        assert _choose(loop, pool, Sleeper(0.0)) is not None  # a new worker serves

    def test_words_too_slow(
        self, loop: asyncio.AbstractEventLoop, pool: BotPool, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """The move without its words (the server works them out); the worker is replaced."""
        from tilegames.server import _bots

        rules = tilegames.get("aztack")
        state = rules.new_game(2, seed=5)
        first = moves_for(rules, state, rules.to_move(state)[0])[0]
        _choose(loop, pool, Sleeper(0.0))  # the worker is up
        (worker,) = pool._workers
        replaced = pool.replaced
        monkeypatch.setattr(_bots, "_WORDS_SECONDS", 0.0)  # no time at all for the words
        assert _choose(loop, pool, Sleeper(0.0)) == (rules.format_move(first), None)
        assert pool.replaced == replaced + 1
        assert pool._workers.isdisjoint({worker})
        monkeypatch.undo()
        assert _choose(loop, pool, Sleeper(0.0)) is not None  # a new worker serves
        assert len(pool._workers) == 1

    def test_a_failing_agent(self, loop: asyncio.AbstractEventLoop, pool: BotPool) -> None:
        """None, and the worker stays (it did nothing wrong but answer)."""
        replaced = pool.replaced
        assert _choose(loop, pool, Failing()) is None
        assert pool.replaced == replaced
        assert _choose(loop, pool, Sleeper(0.0)) is not None

    def test_arguments_that_do_not_travel(
        self, loop: asyncio.AbstractEventLoop, pool: BotPool
    ) -> None:
        """An agent that does not pickle (a lambda inside it): None at once."""
        assert _choose(loop, pool, Sleeper(lambda: 0)) is None  # type: ignore[arg-type]
        assert _choose(loop, pool, Sleeper(0.0)) is not None


def test_workers_start_off_the_event_loop(
    loop: asyncio.AbstractEventLoop, pool: BotPool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A worker process starts in a thread, never on the loop that answers requests.

    The first start also starts the fork server, which imports every game: on
    the loop, it held every request of the server for a second or more.
    """
    from tilegames.server import _bots

    threads: list[int] = []

    class Recorded(_bots._Worker):
        def __init__(self, context: Any) -> None:
            threads.append(threading.get_ident())
            super().__init__(context)

    monkeypatch.setattr(_bots, "_Worker", Recorded)
    fresh = BotPool(1)
    try:
        assert _choose(loop, fresh, Sleeper(0.0)) is not None
    finally:
        fresh.close()
    assert threads
    assert threading.get_ident() not in threads


def test_workers_that_never_start(
    loop: asyncio.AbstractEventLoop, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each worker dies before it is ready: three starts a place, then every move is None."""
    from tilegames.server import _bots

    starts: list[int] = []

    class Stillborn(_bots._Worker):
        def __init__(self, context: Any) -> None:
            starts.append(1)
            super().__init__(context)

        async def receive(self) -> tuple[str, str]:
            return "closed", "it died at once"

    monkeypatch.setattr(_bots, "_Worker", Stillborn)
    fresh = BotPool(1)
    try:
        assert _choose(loop, fresh, Sleeper(0.0)) is None
        assert len(starts) == 3
        assert fresh.broken == "the bots' worker processes do not start (it died at once)"
        assert _choose(loop, fresh, Sleeper(0.0)) is None  # at once: no start tried again
        assert len(starts) == 3
    finally:
        fresh.close()


def test_spawn_where_there_is_no_fork_server(monkeypatch: pytest.MonkeyPatch) -> None:
    """Workers come from a fork server where the platform has one, else they are spawned."""
    import multiprocessing

    from tilegames.server import _bots

    if "forkserver" in multiprocessing.get_all_start_methods():  # Linux and macOS
        assert _bots._context().get_start_method() == "forkserver"
    monkeypatch.setattr(multiprocessing, "get_all_start_methods", lambda: ["spawn"])
    assert _bots._context().get_start_method() == "spawn"  # Windows has only spawn


def test_sized_to_the_machine() -> None:
    """One worker per core the process may use; at least one."""
    expected = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    assert default_size() == expected
    assert BotPool().size == expected
    with pytest.raises(ValueError, match="at least one process"):
        BotPool(0)


class _Instant:
    """A pool whose bot plays its first legal move at once."""

    async def choose(self, rules: Any, state: Any, seat: int, *_: Any) -> tuple[str, None]:
        return rules.format_move(moves_for(rules, state, seat)[0]), None

    def close(self) -> None:
        pass


class _Late:
    """A pool whose every bot is past its time: no move comes back."""

    async def choose(self, *_: Any) -> None:
        return None

    def close(self) -> None:
        pass


def test_a_late_bot_plays_a_random_move_drawn_from_the_rooms_seed(tmp_path: Any) -> None:
    """A bot over its time plays a random legal move instead, drawn from the room's seed.

    Two rooms of the same seed play the same moves; a room of another seed, others.
    """
    from tilegames.server._app import Server
    from tilegames.server._store import SQLiteStore

    async def scenario(seed: int) -> list[str]:
        server = Server(
            lambda: SQLiteStore(tmp_path / f"{seed}.sqlite3"), bot_seconds=5, bot_workers=1
        )
        server.start()
        server.bots.close()
        server.bots = _Late()  # type: ignore[assignment]
        try:
            body = {"game": "axio", "seed": seed, "bots": {"0": "greedy", "1": "greedy"}}
            room = await server.create(body, "here")
            for _ in range(500):
                if room.turn >= 8:
                    break
                await asyncio.sleep(0.01)
            return list(room.moves[:8])
        finally:
            await server.close()

    first, again, other = (asyncio.run(scenario(seed)) for seed in (11, 11, 12))
    assert len(first) == 8
    assert first == again
    assert other != first
    rules = tilegames.get("axio")
    state = rules.new_game(2, seed=11)
    firsts = 0
    for text in first:  # each one legal where it was played, and not always the first listed
        move = rules.parse_move(text, state)
        assert rules.why_illegal(state, move) is None
        firsts += move == moves_for(rules, state, rules.to_move(state)[0])[0]
        state = rules.apply(state, move)
    assert firsts < len(first)


def test_a_bot_carries_on_after_losing_a_race_to_a_person(tmp_path: Any) -> None:
    """A speed game: a person's move and the bot's are written at once; the bot moves again.

    Both moves answer turn 0 and are stored at the same time (the writes run
    in threads); the person's is kept, the bot's refused. The bot, whose turn
    the person's move left to it, still makes the next move.
    """
    from tilegames.server._app import Server
    from tilegames.server._store import SQLiteStore

    async def scenario() -> list[int]:
        server = Server(lambda: SQLiteStore(tmp_path / "r.sqlite3"), bot_seconds=5, bot_workers=1)
        server.start()
        server.bots.close()
        server.bots = _Instant()  # type: ignore[assignment]
        plain = server.write
        person_stored = asyncio.Event()

        async def slow(write: Any, *args: Any) -> Any:
            if write != server.store.add_move or args[1] != 0:
                return await plain(write, *args)
            if args[2] == 0:  # the person's move for turn 0: stored first
                try:
                    return await plain(write, *args)
                finally:
                    person_stored.set()
            await asyncio.wait_for(person_stored.wait(), 30)  # the bot's, after it
            return await plain(write, *args)

        server.write = slow  # type: ignore[method-assign]
        try:
            body = {"game": "aztack", "options": {"mode": "speed"}, "bots": {"1": "random"}}
            room = await server.create(body, "here")
            await server.take_seat(room, 0, "Ann")
            assert room.bot_busy  # the bot's move is on its way
            rules = room.rules
            await server.commit(room, 0, rules.format_move(moves_for(rules, room.state, 0)[0]))
            for _ in range(200):
                if room.turn >= 2:
                    break
                await asyncio.sleep(0.01)
            return room.movers
        finally:
            await server.close()

    movers = asyncio.run(scenario())
    assert movers[:2] == [0, 1]
