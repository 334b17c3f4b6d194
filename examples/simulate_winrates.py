"""Win rates of MCTS, greedy and random players in every game, as a reStructuredText table.

The table in docs/guides/agents.rst was made with::

    python examples/simulate_winrates.py --games 400 --iterations 300 --jobs 2

Without arguments it plays a handful of games, quickly (CI runs every example).

With ``--foresight`` every agent is shown the whole true state instead of its
view: the hidden tiles, and the future draws and die rolls that a seeded state
carries. No fair player sees that; it measures how much of a game is luck, as
the agents guide does for AXIO Rota and Polygon::

    python examples/simulate_winrates.py --pairing mcts-greedy --games 400 \
        --iterations 300 --foresight --game axio-rota --game polygon
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import nullcontext
from typing import Any

import attrs

import tilegames
from tilegames.agents import Agent, GreedyAgent, MCTSAgent, RandomAgent
from tilegames.simulate import simulate

PAIRINGS = ("mcts-greedy", "mcts-random", "greedy-random")
"""The pairings this script can play, by name: the first agent's win rate is reported."""


def matchups(iterations: int, pairings: list[str]) -> list[tuple[Agent, Agent]]:
    """The pairs played, in the order of :data:`PAIRINGS`."""
    mcts = MCTSAgent(iterations=iterations)
    agents = {"mcts": mcts, "greedy": GreedyAgent(), "random": RandomAgent()}
    chosen = [name for name in PAIRINGS if name in pairings]
    return [(agents[name.split("-")[0]], agents[name.split("-")[1]]) for name in chosen]


def whole_state(state: Any, seat: int | None) -> Any:
    """A "view" that is the whole state, future draws included (for ``--foresight``)."""
    return state


def with_foresight(rules: tilegames.Rules[Any, Any]) -> tilegames.Rules[Any, Any]:
    """The game's rules, but every seat's view is the whole true state."""
    if not isinstance(rules, tilegames.GameRules):
        raise SystemExit(f"--foresight needs a game defined with GameRules, not {rules!r}")
    return attrs.evolve(rules, view=whole_state, determinize=None)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2, help="games per pairing and game")
    parser.add_argument("--iterations", type=int, default=20, help="MCTS iterations per move")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument(
        "--pairing", action="append", choices=PAIRINGS, help="only this pairing (repeatable)"
    )
    parser.add_argument(
        "--foresight", action="store_true", help="show the agents the whole true state (luck)"
    )
    args = parser.parse_args()
    pool = ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None
    rows: list[tuple[str, ...]] = []
    with pool if pool is not None else nullcontext():
        executor: Executor | None = pool
        for name in args.game or tilegames.names():
            rules = tilegames.get(name)
            seen = " (foresight)" if args.foresight else ""
            if args.foresight:
                rules = with_foresight(tilegames.get(name))
            elif rules.determinize is None:  # hidden tiles that agents cannot sample yet
                print(f"{rules.title}: skipped, its rules have no determinize")
                continue
            for first, second in matchups(args.iterations, args.pairing or list(PAIRINGS)):
                start = time.perf_counter()
                run = simulate(
                    rules,
                    [first, second],
                    args.games,
                    seed=args.seed,
                    players=2,
                    executor=executor,
                )
                seconds = time.perf_counter() - start
                agent = run.summary.agents[0]
                low, high = agent.interval
                rows.append(
                    (
                        rules.title,
                        f"{first.name}{seen} vs {second.name}",
                        str(args.games),
                        f"{100 * agent.win_rate:.1f}%",
                        f"{100 * low:.0f}-{100 * high:.0f}%",
                        f"{run.summary.lengths.mean:.1f}",
                        " vs ".join(f"{a.scores.mean:.1f}" for a in run.summary.agents),
                        f"{seconds:.0f}",
                    )
                )
    header: tuple[str, ...] = ("game", "pairing", "games", "first wins", "95% CI", "moves")
    header += ("mean scores", "seconds")
    print(rst_table(header, rows))


def rst_table(header: tuple[str, ...], rows: list[tuple[str, ...]]) -> str:
    """A reStructuredText simple table."""
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    rule = "  ".join("=" * width for width in widths)

    def line(row: tuple[str, ...]) -> str:
        cells = (cell.ljust(width) for cell, width in zip(row, widths, strict=True))
        return "  ".join(cells).rstrip()

    return "\n".join([rule, line(header), rule, *map(line, rows), rule])


if __name__ == "__main__":
    main()
