"""Thinking bots against other rooms' answers: the latency of a GET while many bots search.

Starts the server as users do (``python -m tilegames serve --port 0``, a
fresh SQLite file in a temporary folder), opens ``--rooms`` rooms of four
MCTS bots each (AXIO, four players, ``--bot`` for every seat), which think
one move after another for as long as the run lasts, and one more room of
people. A client then reads that room (``GET /api/rooms/ID``) ``--rate``
times a second for ``--seconds`` seconds, one request at a time on one
keep-alive connection, and the script reports the p50, p99 and worst
latency of those reads, with the bot moves made meanwhile.

    python benchmarks/server_bots.py --rooms 20 --seconds 30

``--src PATH`` runs the server from another source tree (an older version
of ``src/``, to compare). Loopback only; needs the server extra and httpx2
(the dev extra). Not a test: nothing is asserted about speed.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx2 as httpx  # the dev extra's HTTP client (Starlette's test client takes it too)


def start(db: Path, src: str | None) -> tuple[subprocess.Popen[str], str]:
    env = dict(os.environ)
    if src is not None:
        env["PYTHONPATH"] = src
    process = subprocess.Popen(
        [sys.executable, "-m", "tilegames", "serve", "--port", "0", "--db", str(db)],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    return process, line.split(" on ", 1)[1].split("/ ", 1)[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=20, help="rooms of four bots")
    parser.add_argument("--bot", default="mcts:1s", help="every bot's agent")
    parser.add_argument("--seconds", type=float, default=30.0, help="how long reads are timed")
    parser.add_argument("--rate", type=float, default=20.0, help="reads a second")
    parser.add_argument("--src", default=None, help="run the server from this source tree")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        process, base = start(Path(folder) / "bots.sqlite3", args.src)
        try:
            with httpx.Client(base_url=base, timeout=60) as http:
                deadline = time.monotonic() + 30
                while True:
                    try:
                        if http.get("/api/games").status_code == 200:
                            break
                    except httpx.TransportError:
                        pass
                    assert time.monotonic() < deadline, "the server did not start"
                    time.sleep(0.1)
                bots = {str(seat): args.bot for seat in range(4)}
                rooms = [
                    http.post(
                        "/api/rooms",
                        json={"game": "axio", "players": 4, "seed": n, "bots": bots},
                    ).json()["room"]
                    for n in range(args.rooms)
                ]
                quiet = http.post("/api/rooms", json={"game": "axio", "seed": 99}).json()["room"]
                time.sleep(3.0)  # every bot room thinking, the worker processes started
                turns = sum(http.get(f"/api/rooms/{r}").json()["turn"] for r in rooms)
                latencies = []
                started = time.monotonic()
                pause = 1.0 / args.rate
                while time.monotonic() - started < args.seconds:
                    asked = time.perf_counter()
                    answer = http.get(f"/api/rooms/{quiet}")
                    latencies.append(time.perf_counter() - asked)
                    assert answer.status_code == 200, answer.text
                    time.sleep(max(0.0, pause - (time.perf_counter() - asked)))
                moved = sum(http.get(f"/api/rooms/{r}").json()["turn"] for r in rooms) - turns
        finally:
            process.terminate()
            process.wait(timeout=30)
    ordered = sorted(latencies)
    print(f"bot rooms: {args.rooms} x 4 {args.bot} bots (AXIO); server from {args.src or 'src'}")
    print(f"reads of another room: {len(ordered)} in {args.seconds:.0f} s")
    print(
        f"latency: p50 {statistics.median(ordered) * 1000:.1f} ms, "
        f"p99 {ordered[int(0.99 * (len(ordered) - 1))] * 1000:.1f} ms, "
        f"worst {ordered[-1] * 1000:.1f} ms"
    )
    print(f"bot moves made meanwhile: {moved}")


if __name__ == "__main__":
    main()
