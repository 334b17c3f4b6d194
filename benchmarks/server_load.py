"""Load on ``tilegames serve``: many rooms at once, two clients each, to the end of every game.

Starts the server as users do (``python -m tilegames serve --port 0``, on a
fresh SQLite file in a temporary folder), opens ``--rooms`` rooms cycling
through the games, and gives each two clients: each takes a seat, listens
on the live WebSocket and, whenever a snapshot says its seat is to move,
answers with a random legal move over HTTP. It reports moves per second,
the p50 and p99 latency of a move (the POST answered), the server's memory
(peak resident set), the error answers (there should be none), and whether
every room's record replays to the final state the server shows.

    python benchmarks/server_load.py --rooms 200

Loopback only; needs the server extra and httpx2 (the dev extra). Not a test: nothing is
asserted about speed.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx2 as httpx  # the dev extra's HTTP client (Starlette's test client takes it too)
from websockets.asyncio.client import connect

import tilegames
from tilegames import records
from tilegames.serialize import to_json

GAMES = ("axio", "axio-rota", "aztack", "polygon")


class Totals:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.errors: list[str] = []
        self.finals: dict[str, tuple[int, dict[str, Any]]] = {}


async def player(
    http: httpx.AsyncClient, base: str, room: str, seat: int, token: str, totals: Totals, seed: int
) -> None:
    """One client: listen for snapshots, move whenever this seat may."""
    chooser = random.Random(seed)
    url = base.replace("http", "ws") + f"/api/rooms/{room}/live?token={token}"
    async with connect(url, max_size=2**24, open_timeout=60) as socket:
        async for text in socket:
            snapshot = json.loads(text)
            if snapshot["over"]:
                totals.finals[room] = (seat, snapshot)
                return
            if seat not in snapshot["to_move"] or not snapshot["legal"]:
                continue
            move = chooser.choice(snapshot["legal"])
            started = time.perf_counter()
            answer = await http.post(
                f"/api/rooms/{room}/moves",
                json={"move": move, "turn": snapshot["turn"]},
                headers={"Authorization": f"Bearer {token}"},
            )
            totals.latencies.append(time.perf_counter() - started)
            if answer.status_code != 200:
                totals.errors.append(f"{room}: {answer.status_code} {answer.text[:100]}")


async def room_pair(
    http: httpx.AsyncClient, base: str, number: int, totals: Totals
) -> tuple[str, str, int]:
    game = GAMES[number % len(GAMES)]
    made = (
        await http.post("/api/rooms", json={"game": game, "players": 2, "seed": number})
    ).json()
    room = made["room"]
    tokens = [
        (await http.post(f"/api/rooms/{room}/seats/{seat}", json={"name": f"p{seat}"})).json()[
            "token"
        ]
        for seat in (0, 1)
    ]
    await asyncio.gather(
        *(
            player(http, base, room, seat, tokens[seat], totals, number * 2 + seat)
            for seat in (0, 1)
        )
    )
    return room, game, number


def peak_memory(pid: int) -> str:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return line.split(":", 1)[1].strip()
    return "unknown"


async def run(base: str, rooms: int, totals: Totals) -> list[tuple[str, str, int]]:
    limits = httpx.Limits(max_connections=400, max_keepalive_connections=400)
    async with httpx.AsyncClient(base_url=base, limits=limits, timeout=60) as http:
        made = await asyncio.gather(*(room_pair(http, base, n, totals) for n in range(rooms)))
        checked = []
        for room, game, number in made:
            text = (await http.get(f"/api/rooms/{room}/record")).text
            checked.append((room, game, number, text))
    failures = []
    for room, game, _number, text in checked:
        final = records.final_state(records.loads(text))
        seat, shown = totals.finals[room]
        if json.loads(to_json(tilegames.get(game).view(final, seat))) != shown["view"]:
            failures.append(room)
    if failures:
        totals.errors.append(f"{len(failures)} records do not replay to the final state")
    return [(room, game, number) for room, game, number, _ in checked]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=200)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "load.sqlite3"
        process = subprocess.Popen(
            [sys.executable, "-m", "tilegames", "serve", "--port", "0", "--db", str(db)],
            stdout=subprocess.PIPE,
            text=True,
        )
        try:
            assert process.stdout is not None
            line = process.stdout.readline()
            base = line.split(" on ", 1)[1].split("/ ", 1)[0]
            time.sleep(0.5)
            totals = Totals()
            started = time.perf_counter()
            asyncio.run(run(base, args.rooms, totals))
            seconds = time.perf_counter() - started
            memory = peak_memory(process.pid)
        finally:
            process.terminate()
            process.wait(timeout=10)
    moves = len(totals.latencies)
    ordered = sorted(totals.latencies)
    print(f"rooms: {args.rooms} (2 clients each, HTTP moves, WebSocket updates)")
    print(f"moves: {moves} in {seconds:.1f} s: {moves / seconds:.0f} moves/s")
    print(
        f"move latency: p50 {statistics.median(ordered) * 1000:.1f} ms, "
        f"p99 {ordered[int(0.99 * (moves - 1))] * 1000:.1f} ms"
    )
    print(f"server memory (peak resident): {memory}")
    print(f"games finished: {len(totals.finals)} of {args.rooms}")
    print(f"error answers: {len(totals.errors)}")
    for error in totals.errors[:10]:
        print("  " + error)
    print("records replay to the final states:", "yes" if not totals.errors else "see above")


if __name__ == "__main__":
    main()
