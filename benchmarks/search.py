"""Measure the search: MCTS iterations per second in every game, and where they go.

Usage::

    python benchmarks/search.py                    # every game, 12 positions each
    python benchmarks/search.py axio --positions 30 --profile
    python benchmarks/search.py aztack --set horizon=2 --set playout_choices=1

The positions come from 2-player games between two greedy players, seeded, so
every run and every version of the library searches the same positions (a
move is taken as a position with probability 0.15 when it has a choice). The
agent is ``MCTSAgent()`` at its default settings (or as ``--set name=value``
changes them): its iterations divided by
the CPU seconds of its ``choose`` calls give iterations/s. With ``--profile``
the functions that took the most time are printed too. Numbers vary with the
machine; they are printed, never asserted.
"""

from __future__ import annotations

import argparse
import cProfile
import platform
import pstats
import random
import time
from collections.abc import Sequence
from typing import Any

import tilegames
from tilegames import Rules
from tilegames.agents import GreedyAgent, MCTSAgent, moves_for, sample_state
from tilegames.chance import settle
from tilegames.rng import Stream

Position = tuple[Any, int, Sequence[Any]]
"""A state, the seat to decide and its legal moves."""


def positions(rules: Rules[Any, Any], count: int) -> list[Position]:
    """``count`` positions with a choice, from seeded greedy-against-greedy games."""
    chooser = random.Random(3)
    greedy = GreedyAgent()
    found: list[Position] = []
    while len(found) < count:
        state = rules.new_game(2, seed=chooser.getrandbits(64))
        while not rules.is_over(state) and len(found) < count:
            seat = rules.to_move(state)[0]
            moves = moves_for(rules, state, seat)
            if len(moves) > 1 and chooser.random() < 0.15:
                found.append((state, seat, moves))
            view = rules.view(state, seat)
            move = greedy.choose(rules, seat, view, moves, Stream(chooser.getrandbits(64)))
            state = settle(rules, rules.apply(state, move), Stream(chooser.getrandbits(64)))
    return found


def iterations_per_second(
    rules: Rules[Any, Any], agent: MCTSAgent, found: list[Position]
) -> tuple[float, float]:
    """Iterations per CPU second over the positions, and CPU milliseconds per decision."""
    start = time.process_time()
    for index, (state, seat, moves) in enumerate(found):
        agent.choose(rules, seat, rules.view(state, seat), moves, Stream(index))
    elapsed = time.process_time() - start
    iterations = agent.iterations or 0
    return iterations * len(found) / elapsed, 1000 * elapsed / len(found)


def main(argv: Sequence[str] | None = None) -> None:
    """Print iterations/s per game (and a profile with ``--profile``)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="*", help="game names (default: every game)")
    parser.add_argument("--positions", type=int, default=12, help="positions searched per game")
    parser.add_argument("--profile", action="store_true", help="print the costliest functions")
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="an MCTSAgent setting other than its default (repeatable; VALUE None, int or float)",
    )
    args = parser.parse_args(argv)
    agent = MCTSAgent(**dict(_setting(text) for text in args.set))
    print(f"{agent!r} on {platform.python_implementation()} {platform.python_version()}")
    print(f"{'game':12} {'iterations/s':>12} {'ms/decision':>12}")
    for name in args.games or tilegames.names():
        rules = tilegames.get(name)
        found = positions(rules, args.positions)
        sample_state(rules, rules.view(*found[0][:2]), Stream(0))  # warm the imports
        profiler = cProfile.Profile() if args.profile else None
        if profiler is not None:
            profiler.enable()
        rate, milliseconds = iterations_per_second(rules, agent, found)
        if profiler is not None:
            profiler.disable()
        print(f"{name:12} {rate:12.0f} {milliseconds:12.1f}")
        if profiler is not None:
            pstats.Stats(profiler).sort_stats("tottime").print_stats(15)


def _setting(text: str) -> tuple[str, Any]:
    """``"horizon=2"`` as ``("horizon", 2)``; ``None``, integers and floats are read as such."""
    name, _, value = text.partition("=")
    if value == "None":
        return name, None
    return name, float(value) if "." in value else int(value)


if __name__ == "__main__":
    main()
