"""``tilegames simulate``: many games between bots, summed up."""

from __future__ import annotations

import argparse
import importlib
import os
from collections.abc import Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import contextmanager

from tilegames._core.errors import (
    ConfigurationError,
)
from tilegames.cli._common import (
    AGENT_NAMES,
    add_game_arguments,
    bots_of,
    new_game_options,
    resolve_game,
)
from tilegames.plot import check_plot_path, plot_simulation
from tilegames.simulate import simulate


@contextmanager
def _executor(jobs: int, dask_address: str | None) -> Iterator[Executor | None]:
    if dask_address is not None:
        try:
            distributed = importlib.import_module("distributed")  # an optional dependency
        except ImportError:
            msg = "--dask needs Dask: pip install 'tilegames[dask]'"
            raise ConfigurationError(msg) from None
        with distributed.Client(dask_address) as client:
            yield client.get_executor()
        return
    if jobs < 0:
        msg = f"--jobs must be 0 (one per core) or more, not {jobs}"
        raise ConfigurationError(msg)
    if jobs == 1:
        yield None
        return
    with ProcessPoolExecutor(max_workers=jobs or os.cpu_count()) as pool:
        yield pool


def run_simulate(args: argparse.Namespace) -> int:
    rules = resolve_game(args.game)
    options = new_game_options(rules, args.players, args.option)
    players = options.pop("players")
    agents = bots_of(args.agents)
    if args.games < 1:
        msg = f"--games must be at least 1, not {args.games}"
        raise ConfigurationError(msg)
    if args.plot is not None:
        try:
            check_plot_path(args.plot)  # before the games, not after them
        except ModuleNotFoundError as error:
            raise ConfigurationError(f"--plot: {error}") from None
    with _executor(args.jobs, args.dask) as executor:
        run = simulate(
            rules,
            agents,
            args.games,
            seed=args.seed,
            players=players,
            options=options,
            executor=executor,
            progress=args.progress,
        )
    print(run)
    if args.json is not None:
        run.write_json(args.json)
        print(f"\njson: {args.json}")
    if args.csv is not None:
        run.write_csv(args.csv)
        print(f"\ncsv: {args.csv}")
    if args.plot is not None:
        print(f"\nplot: {plot_simulation(run, args.plot)}")
    return 0


def add_simulate(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``simulate`` command and its arguments."""
    sim = commands.add_parser(
        "simulate",
        help="play many games between bots and print a summary",
        description="Play many complete games between bots, moving them round the table "
        "from game to game, and print win rates with 95% confidence intervals, scores, "
        "the seats' advantage and game lengths. The same seed gives the same games "
        "whatever --jobs says.",
    )
    add_game_arguments(sim)
    sim.add_argument("--games", type=int, default=100, metavar="N", help="games to play")
    sim.add_argument(
        "--agents",
        default="greedy,random",
        metavar="A,B,...",
        help=f"the agents compared ({AGENT_NAMES}; mcts:N for N iterations, mcts:Ts for "
        "T seconds a move, mcts:N:Ts for whichever ends first); "
        "by default one per seat, default: greedy,random",
    )
    sim.add_argument(
        "--jobs",
        type=int,
        default=1,
        metavar="J",
        help="worker processes (0: one per core); default: 1, in this process",
    )
    sim.add_argument(
        "--dask",
        default=None,
        metavar="ADDRESS",
        help="run on the Dask scheduler at ADDRESS instead (needs tilegames[dask])",
    )
    sim.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="report progress on standard error: games done, games per second and time "
        "left (a tqdm bar when installed), and a final line (default: on; --no-progress: off)",
    )
    sim.add_argument(
        "--json",
        default=None,
        metavar="FILE",
        help="also write every game and the summary as JSON to FILE",
    )
    sim.add_argument(
        "--csv",
        default=None,
        metavar="FILE",
        help="also write every game and the summary as one CSV table to FILE",
    )
    sim.add_argument(
        "--plot",
        default=None,
        metavar="FILE",
        help="also draw the score distributions and win rates into FILE, a .png or .svg "
        '(needs matplotlib: pip install "tilegames[plot]")',
    )
    sim.set_defaults(seed=0)
