"""The bots' worker processes: each bot move chosen in a process of its own, within its time.

A searching bot holds the interpreter while it thinks: in the server's own
process, every other room would wait. :class:`BotPool` keeps a few worker
processes (one per core by default) and gives each bot move to an idle one.
A move is given its time limit from the moment a worker starts on it (and
:data:`ROUND_TRIP` more for the trip); a worker still thinking when the time
is up is killed and replaced by a new one, and the move is ``None`` (the
server then plays the seat's move as documented in
:func:`tilegames.server.create_app`: a random legal move).

The rules, the true state, the agent and its random stream travel to the
worker by :mod:`pickle` (states, moves and agents are attrs values that
pickle; a game's rules pickle by reference to its module); the worker
answers with the move's notation. A game whose rules cannot travel (a game
registered in a script's ``__main__``, say) gets ``None`` every time, and so
random moves: register it from an importable module.

Workers come from a fork server (where the platform has one) that has
imported tilegames and every registered game already, so that a replacement
is ready in milliseconds, not after a second of imports.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any, Final

import tilegames
from tilegames.agents import Agent, moves_for
from tilegames.server._words import move_words

__all__ = ["NICENESS", "ROUND_TRIP", "BotPool", "default_size"]

NICENESS: Final = 10
"""How much lower the workers' scheduling priority is than the server's (``os.nice``)."""

ROUND_TRIP: Final = 0.1
"""Seconds a worker is given past a move's time limit for the trip there and back (the
pickled state, scheduling on a busy machine) before it is killed."""

_log = logging.getLogger("tilegames.server")
_WORDS_SECONDS: Final = 30.0  # the longest a worker may take over a chosen move's words


def default_size() -> int:
    """The number of worker processes sized to the machine: one per core it may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # no sched_getaffinity (macOS, Windows)
        return max(1, os.cpu_count() or 1)


def _work(connection: Connection) -> None:
    """A worker process: answer each ``(rules, state, seat, agent, stream)`` with a notation.

    The move's words for the history follow in a second message (worked out
    here too, not in the server's process: an AXIO move's take tens of
    milliseconds). It runs at a lower priority (:data:`NICENESS`), so that
    the server's own process answers first when the cores are busy with bots.
    """
    with contextlib.suppress(AttributeError, OSError):  # no os.nice (Windows)
        os.nice(NICENESS)
    connection.send(("ready", ""))
    while True:
        try:
            rules, state, seat, agent, stream = connection.recv()
        except (EOFError, OSError):  # the server is gone
            return
        try:
            moves = moves_for(rules, state, seat)
            move = agent.choose(rules, seat, rules.view(state, seat), moves, stream)
            connection.send(("move", rules.format_move(move)))
        except Exception as error:  # the agent failed: the server plays for it
            connection.send(("error", f"{type(error).__name__}: {error}"))
            continue
        try:
            words: str | None = move_words(rules, state, move, seat, rules.apply(state, move))
        except Exception:  # the server works them out itself
            words = None
        connection.send(("words", words))


def _context() -> multiprocessing.context.BaseContext:
    """A fork server that has imported every registered game, or spawn where there is none."""
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    modules = {"tilegames.agents", __name__}
    for name in tilegames.names():
        module = getattr(tilegames.get(name).new_game, "__module__", None)
        if module and module != "__main__":
            modules.add(module)
    context.set_forkserver_preload(sorted(modules))
    return context


class _Worker:
    """One worker process and the server's end of its pipe."""

    def __init__(self, context: multiprocessing.context.BaseContext) -> None:
        self.connection, theirs = multiprocessing.Pipe()
        self.process: BaseProcess = context.Process(  # type: ignore[attr-defined]
            target=_work, args=(theirs,), name="tilegames-bot", daemon=True
        )
        self.process.start()
        theirs.close()

    async def receive(self) -> tuple[str, str]:
        """The worker's next message (``("closed", ...)`` when it has died)."""
        loop = asyncio.get_running_loop()
        answer: asyncio.Future[tuple[str, str]] = loop.create_future()
        descriptor = self.connection.fileno()

        def readable() -> None:
            loop.remove_reader(descriptor)
            if answer.done():
                return
            try:
                answer.set_result(self.connection.recv())
            except (EOFError, OSError) as error:
                answer.set_result(("closed", str(error)))

        loop.add_reader(descriptor, readable)
        try:
            return await answer
        finally:
            loop.remove_reader(descriptor)

    def kill(self, wait: float = 0.0) -> None:
        """Kill the process (reaped by the next start, or after ``wait`` seconds at most)."""
        with contextlib.suppress(OSError, ValueError):
            self.process.kill()
            if wait:
                self.process.join(wait)
        with contextlib.suppress(OSError):
            self.connection.close()


def _kill_once_made(started: asyncio.Future[_Worker]) -> None:
    """Kill the worker a cancelled start made (if it made one)."""
    if not started.cancelled() and started.exception() is None:
        started.result().kill()


class BotPool:
    """Worker processes that choose bot moves, each within its time limit.

    Processes start when the first move is asked for. A move waits for an
    idle worker (first come, first served), then has ``seconds`` to be
    chosen. Used from one event loop. A worker that dies before it is ready
    is started again, up to three times the pool's size in a row; then the
    pool is :attr:`broken` and every move is ``None`` at once.

    Args:
        size: the number of worker processes (``None``: :func:`default_size`).
    """

    def __init__(self, size: int | None = None) -> None:
        self.size = default_size() if size is None else size
        if self.size < 1:
            msg = f"a bot pool needs at least one process, not {self.size}"
            raise ValueError(msg)
        self._idle: asyncio.Queue[_Worker | None] | None = None
        self._workers: set[_Worker] = set()
        self._starting: set[asyncio.Task[None]] = set()
        self._context: multiprocessing.context.BaseContext | None = None
        self.replaced = 0
        """The workers killed for overrunning their time or replaced after dying."""
        self.broken: str | None = None
        """Why no worker can start (then every move is ``None`` at once), or ``None``."""
        self._failures = 0

    async def choose(
        self,
        rules: tilegames.Rules[Any, Any],
        state: Any,
        seat: int,
        agent: Agent,
        stream: Any,
        seconds: float,
    ) -> tuple[str, str | None] | None:
        """The agent's move and its words, or ``None`` when it is not chosen in ``seconds``.

        The move is in the game's notation; its words (for the history, as
        :func:`~tilegames.server._words.move_words` gives them) are ``None``
        when the worker could not work them out. ``None`` too when the agent
        fails or its arguments cannot travel to a worker (logged).
        """
        if self._idle is None:
            self._idle = asyncio.Queue()
            for _ in range(self.size):
                self._start()
        worker = await self._idle.get()
        if worker is None:  # no worker can start: say so to the next one waiting too
            self._idle.put_nowait(None)
            return None
        try:
            worker.connection.send((rules, state, seat, agent, stream))
        except Exception as error:  # it does not pickle (or the worker died)
            _log.warning("a bot move could not be sent to a worker: %s", error)
            self._replace(worker)
            return None
        try:
            kind, text = await asyncio.wait_for(worker.receive(), seconds + ROUND_TRIP)
        except asyncio.TimeoutError:  # over its time: the worker is killed, a new one started
            self._replace(worker)
            return None
        except BaseException:  # cancelled (the server stops): the worker's answer is lost
            self._replace(worker)
            raise
        if kind != "move":
            if kind == "closed":
                self._replace(worker)
            else:
                self._idle.put_nowait(worker)
            _log.warning("a bot failed to choose a move: %s", text)
            return None
        try:
            kind, words = await asyncio.wait_for(worker.receive(), _WORDS_SECONDS)
        except asyncio.TimeoutError:  # too slow: the server works them out
            self._replace(worker)
            return text, None
        except BaseException:  # cancelled (the server stops)
            self._replace(worker)
            raise
        if kind != "words":
            self._replace(worker)
            return text, None
        self._idle.put_nowait(worker)
        return text, words

    def _start(self) -> None:
        """Start a worker; it joins the idle ones once it says it is ready."""
        task = asyncio.ensure_future(self._started())
        self._starting.add(task)
        task.add_done_callback(self._starting.discard)

    async def _started(self) -> None:
        """Start a worker process in a thread, off the event loop, then wait for it.

        The first start also starts the fork server, which imports every game
        (a second or more): the loop answers other requests meanwhile. A start
        cancelled by :meth:`close` kills its worker once the thread has made it.
        """
        if self._context is None:
            self._context = _context()
        started = asyncio.get_running_loop().run_in_executor(None, _Worker, self._context)
        try:
            worker = await asyncio.shield(started)
        except asyncio.CancelledError:
            started.add_done_callback(_kill_once_made)
            raise
        self._workers.add(worker)
        await self._ready(worker)

    async def _ready(self, worker: _Worker) -> None:
        kind, text = await worker.receive()
        if self._idle is None:
            return
        if kind == "ready":
            self._failures = 0
            self._idle.put_nowait(worker)
            return
        self._workers.discard(worker)
        worker.kill()
        self._failures += 1
        if self._failures < 3 * self.size:
            self._start()
            return
        self.broken = f"the bots' worker processes do not start ({text or 'no reason given'})"
        _log.error("%s: every bot move is a random one", self.broken)
        self._idle.put_nowait(None)

    def _replace(self, worker: _Worker) -> None:
        self.replaced += 1
        self._workers.discard(worker)
        worker.kill()
        if self._idle is not None:
            self._start()

    def close(self) -> None:
        """Kill every worker (a move being chosen is lost)."""
        for task in list(self._starting):
            task.cancel()
        for worker in list(self._workers):
            worker.kill(wait=1.0)
        self._workers.clear()
        self._idle = None
