"""Load on ``tilegames serve``: many rooms at once, two clients each, as fast as they can or paced.

Starts the server as users do (``python -m tilegames serve --port 0``, on a
fresh SQLite file in a temporary folder, with no limit on the rooms one
address creates), opens rooms cycling through the games, and gives each two
clients: each takes a seat, listens on the live WebSocket and, whenever a
snapshot says its seat is to move, answers with a random legal move over
HTTP. Two modes:

* as fast as they can (the default): ``--rooms`` rooms play to the end of
  their games; it reports moves per second, the p50 and p99 latency of a
  move (the POST answered), the server's memory, the error answers (there
  should be none), and whether every room's record replays to the final
  state the server shows;
* paced like people (``--pace 2``): each seat waits a random time before it
  moves, 2 s on average (exponentially distributed), so that each room makes
  a move every 2 s or so; a room whose game ends starts another. It runs for
  ``--seconds`` and reports the same figures. With ``--find``, it runs with
  more and more rooms (``--steps``) and reports the largest number of rooms
  with a p99 move latency of at most ``--p99`` milliseconds (100) and no
  error.

A dropped connection (HTTP or WebSocket) is opened again and counted, not
fatal; a move whose answer was lost is looked up again. Each run also gives
the server's CPU time a move (the figure that bounds the moves a second one
process serves, whatever else the machine runs) and the load average;
``--profile FILE`` runs the server under cProfile and writes its statistics
to ``FILE`` (read them with :mod:`pstats`).

    python benchmarks/server_load.py --rooms 200
    python benchmarks/server_load.py --pace 2 --rooms 300 --seconds 60
    python benchmarks/server_load.py --pace 2 --find --steps 50,100,200,400,700,1000

``--workers N --db postgresql://...`` runs the server that way instead.
Loopback only; needs the server extra (the WebSocket client is the
``websockets`` package that uvicorn serves with; uvloop runs the clients'
event loop when it is installed, as it runs the server's). Not a test:
nothing is asserted about speed.

The clients are lean, so that the machine's cores go to the server: each
client keeps one HTTP/1.1 connection open (keep-alive) and writes its
requests and reads the answers itself (an answer by its ``Content-Length``),
asks for no WebSocket compression, and reads of each snapshot only what it
moves by. They measure what they did before with a general HTTP client (a
pool of connections), at a third of its CPU time a move.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Coroutine
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import urlsplit

from websockets.asyncio.client import connect
from websockets.exceptions import WebSocketException

import tilegames
from tilegames import records
from tilegames.serialize import to_json

GAMES = ("axio", "axio-rota", "aztack", "polygon")
T = TypeVar("T")


class DroppedError(ConnectionError):
    """The HTTP connection closed or broke before the whole answer came."""


_DROPPED = (OSError, EOFError, WebSocketException, asyncio.TimeoutError)
_IDLE = 4.0  # seconds a client's connection is used again after its last request


class Answer:
    """An HTTP answer: its status and its body."""

    __slots__ = ("body", "status_code")

    def __init__(self, status_code: int, body: bytes) -> None:
        self.status_code = status_code
        self.body = body

    @property
    def text(self) -> str:
        return self.body.decode()

    def json(self) -> Any:
        return json.loads(self.body)


class Link:
    """One client's HTTP/1.1 connection to the server, kept open, one request at a time.

    Opened on first use, and again after it drops, the server closes it, or
    it has been idle for :data:`_IDLE` (uvicorn closes a connection idle for
    5 s: a request sent as it does would be lost). A request is written in one
    piece; the answer's head is read in one piece, and its body by its
    ``Content-Length`` (every answer of the server carries one).
    """

    def __init__(self, base: str) -> None:
        parts = urlsplit(base)
        self.host = parts.hostname or "127.0.0.1"
        self.port = parts.port or 80
        self.head = f"Host: {parts.netloc}\r\n"
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.used = 0.0
        """When the last request was sent (:func:`time.monotonic`)."""

    async def request(
        self, method: str, path: str, body: Any = None, token: str | None = None
    ) -> Answer:
        """Send a request (a JSON body, a bearer token) and read its answer.

        Raises:
            DroppedError: the connection broke first (it is opened anew next time).
        """
        now = time.monotonic()
        if self.reader is not None and (self.reader.at_eof() or now - self.used > _IDLE):
            self.close()  # closed by the server, or about to be: a new one, as browsers do
        self.used = now
        if self.reader is None or self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        reader, writer = self.reader, self.writer
        head = f"{method} {path} HTTP/1.1\r\n{self.head}"
        if token is not None:
            head += f"Authorization: Bearer {token}\r\n"
        data = b""
        if body is not None:
            data = json.dumps(body).encode()
            head += f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n"
        try:
            writer.write((head + "\r\n").encode() + data)
            lines = (await reader.readuntil(b"\r\n\r\n")).split(b"\r\n")
            status = int(lines[0].split(b" ", 2)[1])
            length, close = 0, False
            for line in lines[1:]:
                name, _, value = line.partition(b":")
                name = name.lower()
                if name == b"content-length":
                    length = int(value)
                elif name == b"connection":
                    close = value.strip().lower() == b"close"
            answer = Answer(status, await reader.readexactly(length))
        except (OSError, EOFError, asyncio.LimitOverrunError, ValueError, IndexError) as error:
            self.close()
            raise DroppedError(f"{method} {path}: {type(error).__name__}: {error}") from None
        if close:
            self.close()
        return answer

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


class Totals:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.errors: list[str] = []
        self.retries = 0
        self.finals: dict[str, tuple[int, dict[str, Any]]] = {}
        self.measuring = True
        self.stop = False
        self.cpu = 0.0
        """The server's CPU seconds (user and system) while measuring (Linux; 0: not known)."""
        self.clients_cpu = 0.0
        """The load generator's own CPU seconds while measuring (its clients share one loop)."""


async def request(
    link: Link,
    totals: Totals,
    method: str,
    path: str,
    body: Any = None,
    token: str | None = None,
) -> Answer:
    """An HTTP request, sent again (and counted) when its connection drops."""
    for attempt in range(10):
        try:
            return await link.request(method, path, body, token)
        except _DROPPED:
            totals.retries += 1
            await asyncio.sleep(0.1 * (attempt + 1))
    raise RuntimeError(f"{method} {path}: the connection dropped ten times")


async def player(
    link: Link,
    base: str,
    room: str,
    seat: int,
    token: str,
    totals: Totals,
    seed: int,
    pace: float | None,
) -> None:
    """One client: listen for snapshots, move whenever this seat may (after a pause if paced)."""
    chooser = random.Random(seed)
    url = base.replace("http", "ws") + f"/api/rooms/{room}/live?token={token}"
    path = f"/api/rooms/{room}/moves"
    while not totals.stop:
        try:
            async with connect(url, max_size=2**24, open_timeout=60, compression=None) as socket:
                async for text in socket:
                    snapshot = json.loads(text)
                    if snapshot["over"]:
                        totals.finals[room] = (seat, snapshot)
                        return
                    if seat not in snapshot["to_move"] or not snapshot["legal"]:
                        continue
                    if pace is not None:
                        await asyncio.sleep(chooser.expovariate(1 / pace))
                    move = chooser.choice(snapshot["legal"])
                    body = {"move": move, "turn": snapshot["turn"]}
                    started = time.perf_counter()
                    answer = await request(link, totals, "POST", path, body, token)
                    took = time.perf_counter() - started
                    if totals.measuring:
                        totals.latencies.append(took)
                    if answer.status_code == 409 and "is past" in answer.text:
                        continue  # sent again after a dropped connection: the first one counted
                    if answer.status_code != 200 and totals.measuring:
                        totals.errors.append(f"{room}: {answer.status_code} {answer.text[:100]}")
        except _DROPPED:
            totals.retries += 1
            await asyncio.sleep(0.2)


async def room_pair(
    base: str,
    number: int,
    totals: Totals,
    pace: float | None,
    games: tuple[str, ...] = GAMES,
) -> tuple[str, str, int]:
    """A room of two clients played to its end; paced rooms start another while the run lasts.

    Each client has its own connection (the first also makes the room and takes the seats).
    """
    links = [Link(base), Link(base)]
    try:
        while True:
            game = games[number % len(games)]
            body = {"game": game, "players": 2, "seed": number}
            made = (await request(links[0], totals, "POST", "/api/rooms", body)).json()
            room = made["room"]
            tokens = []
            for seat in (0, 1):
                path = f"/api/rooms/{room}/seats/{seat}"
                answer = await request(links[0], totals, "POST", path, {"name": f"p{seat}"})
                tokens.append(answer.json()["token"])
            await asyncio.gather(
                *(
                    player(
                        links[seat],
                        base,
                        room,
                        seat,
                        tokens[seat],
                        totals,
                        number * 2 + seat,
                        pace,
                    )
                    for seat in (0, 1)
                )
            )
            if pace is None or totals.stop:
                return room, game, number
            number += 1_000_003  # another seed, the same game
    finally:
        for link in links:
            link.close()


def cpu_seconds(pid: int | None) -> float:
    """The CPU time a process has used so far, user and system (Linux; 0 if unknown)."""
    if pid is None:
        return 0.0
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def memory(pid: int) -> dict[str, str]:
    """The server's resident memory now and at its peak (Linux)."""
    found = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(("VmHWM:", "VmRSS:")):
            name, value = line.split(":", 1)
            found[name] = value.strip()
    return found


async def check_records(link: Link, totals: Totals, made: list[tuple[str, str, int]]) -> None:
    """Every finished room's record replays to the final state its client was shown."""
    failures = 0
    for room, game, _number in made:
        if room not in totals.finals:
            continue
        text = (await request(link, totals, "GET", f"/api/rooms/{room}/record")).text
        final = records.final_state(records.loads(text))
        seat, shown = totals.finals[room]
        if json.loads(to_json(tilegames.get(game).view(final, seat))) != shown["view"]:
            failures += 1
    if failures:
        totals.errors.append(f"{failures} records do not replay to the final state")


async def run(args: argparse.Namespace, base: str, rooms: int, totals: Totals) -> float:
    """Play; the seconds measured."""
    if args.pace is None:
        started, used, own = time.perf_counter(), cpu_seconds(args.pid), time.process_time()
        made = await asyncio.gather(
            *(room_pair(base, n, totals, None, args.games) for n in range(rooms))
        )
        seconds = time.perf_counter() - started
        totals.cpu = cpu_seconds(args.pid) - used
        totals.clients_cpu = time.process_time() - own
        link = Link(base)
        try:
            await check_records(link, totals, made)
        finally:
            link.close()
        return seconds
    totals.measuring = False
    tasks = [
        asyncio.ensure_future(room_pair(base, n, totals, args.pace, args.games))
        for n in range(rooms)
    ]
    await asyncio.sleep(min(args.seconds / 3, 2 * args.pace + rooms / 100))  # all started
    totals.measuring = True
    started, used, own = time.perf_counter(), cpu_seconds(args.pid), time.process_time()
    await asyncio.sleep(args.seconds)
    seconds = time.perf_counter() - started
    totals.cpu = cpu_seconds(args.pid) - used
    totals.clients_cpu = time.process_time() - own
    totals.measuring = False
    totals.stop = True
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return seconds


def run_loop(job: Coroutine[Any, Any, T]) -> T:
    """Run the clients on uvloop's event loop when it is installed (as uvicorn runs the server)."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(job)
    return uvloop.run(job)


def start_server(args: argparse.Namespace, folder: str) -> tuple[subprocess.Popen[str], str]:
    db = args.db or str(Path(folder) / "load.sqlite3")
    command = [sys.executable, "-m", "tilegames", "serve", "--port", "0", "--db", db]
    if args.profile is not None:  # the server under cProfile: its statistics written as it stops
        command[1:1] = ["-m", "cProfile", "-o", args.profile]
    command += ["--rooms-per-minute", "0", "--max-rooms", str(max(2000, 3 * args.most))]
    if args.workers > 1:
        command += ["--workers", str(args.workers)]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    line = process.stdout.readline()
    base = line.split(" on ", 1)[1].split("/ ", 1)[0]
    time.sleep(0.5 if args.workers == 1 else 5.0)
    return process, base


def one_run(args: argparse.Namespace, rooms: int) -> dict[str, Any]:
    if args.base is not None:  # a server started by hand
        args.pid = None
        totals = Totals()
        seconds = run_loop(run(args, args.base, rooms, totals))
        used: dict[str, str] = {}
    else:
        seconds, totals, used = _started(args, rooms)
    ordered = sorted(totals.latencies) or [0.0]
    return {
        "rooms": rooms,
        "moves": len(totals.latencies),
        "seconds": seconds,
        "p50": statistics.median(ordered) * 1000,
        "p99": ordered[int(0.99 * (len(ordered) - 1))] * 1000,
        "memory": used,
        "errors": totals.errors,
        "retries": totals.retries,
        "finished": len(totals.finals),
        "cpu": totals.cpu,
        "clients_cpu": totals.clients_cpu,
    }


def _started(args: argparse.Namespace, rooms: int) -> tuple[float, Totals, dict[str, str]]:
    with tempfile.TemporaryDirectory() as folder:
        process, base = start_server(args, folder)
        args.pid = process.pid if args.workers == 1 else None
        try:
            totals = Totals()
            seconds = run_loop(run(args, base, rooms, totals))
            used = memory(process.pid)
        finally:  # SIGINT under cProfile: it writes its statistics on KeyboardInterrupt
            process.send_signal(signal.SIGINT if args.profile else signal.SIGTERM)
            process.wait(timeout=30)
    return seconds, totals, used


def report(args: argparse.Namespace, found: dict[str, Any]) -> None:
    moves, seconds = found["moves"], found["seconds"]
    mode = "as fast as they can" if args.pace is None else f"paced, a move every {args.pace} s"
    print(f"rooms: {found['rooms']} of {', '.join(args.games)} ({mode}; 2 clients each)")
    print(f"moves: {moves} in {seconds:.1f} s: {moves / seconds:.0f} moves/s")
    print(f"move latency: p50 {found['p50']:.1f} ms, p99 {found['p99']:.1f} ms")
    if found["cpu"] and moves:
        print(
            f"server CPU: {found['cpu']:.1f} s, {found['cpu'] / seconds:.0%} of one core, "
            f"{1000 * found['cpu'] / moves:.1f} ms a move; the clients: "
            f"{found['clients_cpu'] / seconds:.0%} of one core, "
            f"{1000 * found['clients_cpu'] / moves:.1f} ms a move"
        )
    print(f"load average: {' '.join(Path('/proc/loadavg').read_text().split()[:3])}")
    print(
        f"server memory: {found['memory'].get('VmRSS', '?')} resident at the end, "
        f"{found['memory'].get('VmHWM', '?')} at the peak (the first process)"
    )
    print(f"games finished: {found['finished']}")
    print(
        f"error answers: {len(found['errors'])}; dropped connections opened again: "
        f"{found['retries']}"
    )
    for error in found["errors"][:10]:
        print("  " + error)
    if args.pace is None:
        print("records replay to the final states:", "yes" if not found["errors"] else "see above")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=200)
    parser.add_argument("--pace", type=float, default=None, help="seconds between a room's moves")
    parser.add_argument("--seconds", type=float, default=60.0, help="a paced run's length")
    parser.add_argument("--find", action="store_true", help="paced: the most rooms held")
    parser.add_argument("--steps", default="50,100,200,300,400,600,800,1000")
    parser.add_argument("--p99", type=float, default=100.0, help="--find's bound, in ms")
    parser.add_argument("--db", default=None, help="a PostgreSQL URL (default: a SQLite file)")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--base", default=None, help="a server already running, its address")
    parser.add_argument("--games", default=",".join(GAMES), help="the rooms' games, in turn")
    parser.add_argument(
        "--profile", default=None, help="run the server under cProfile, its statistics here"
    )
    args = parser.parse_args()
    args.games = tuple(args.games.split(","))
    steps = [int(step) for step in args.steps.split(",")] if args.find else [args.rooms]
    args.most = max(steps)
    if args.find and args.pace is None:
        parser.error("--find needs --pace")
    held = None
    for rooms in steps:
        found = one_run(args, rooms)
        report(args, found)
        print(flush=True)
        if not args.find:
            return
        if found["p99"] > args.p99 or found["errors"]:
            break
        held = rooms
    print(f"most rooms held with p99 <= {args.p99:.0f} ms and no error: {held}")


if __name__ == "__main__":
    main()
