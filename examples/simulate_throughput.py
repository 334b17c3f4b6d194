"""Games per second of a simulation in this process, in a process pool and on Dask.

The figures in docs/guides/scaling.rst were made with::

    python examples/simulate_throughput.py --games 400

Without arguments it plays a few games each way, quickly (CI runs every
example). Dask is skipped when it is not installed (``tilegames[dask]``).
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import time
from concurrent.futures import Executor, ProcessPoolExecutor

import tilegames
from tilegames.agents import GreedyAgent, RandomAgent
from tilegames.simulate import Simulation, simulate


def timed(
    rules: tilegames.Rules[object, object], games: int, executor: Executor | None
) -> tuple[float, Simulation]:
    start = time.perf_counter()
    run = simulate(rules, [GreedyAgent(), RandomAgent()], games, seed=5, executor=executor)
    return time.perf_counter() - start, run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--game", default="polygon")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    rules = tilegames.get(args.game)
    rows = []
    seconds, reference = timed(rules, args.games, None)
    rows.append(("in this process", seconds))
    started = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        seconds, run = timed(rules, args.games, pool)
    rows.append((f"ProcessPoolExecutor({args.workers})", seconds))
    rows.append(("  the same, with starting the pool", time.perf_counter() - started))
    if run.games != reference.games:
        raise SystemExit("the process pool played other games")
    if importlib.util.find_spec("distributed") is not None:
        distributed = importlib.import_module("distributed")
        started = time.perf_counter()
        with (
            distributed.LocalCluster(
                n_workers=args.workers,
                threads_per_worker=1,
                dashboard_address=None,
                host="127.0.0.1",
            ) as cluster,
            distributed.Client(cluster) as client,
        ):
            seconds, run = timed(rules, args.games, client.get_executor())
        rows.append((f"Dask LocalCluster({args.workers} processes)", seconds))
        rows.append(("  the same, with starting the cluster", time.perf_counter() - started))
        if run.games != reference.games:
            raise SystemExit("Dask played other games")
    print(f"{rules.title}, greedy against random, {args.games} games")
    for label, seconds in rows:
        print(f"  {label:40} {seconds:6.2f} s  {args.games / seconds:7.0f} games/s")


if __name__ == "__main__":
    main()
