"""Measure every game's speed through the public API; print moves/s and games/s.

Usage::

    python benchmarks/run.py                      # every registered game
    python benchmarks/run.py axio-rota --seconds 5

For each game and player count it reports

* ``games/s``: complete random games, ``legal_moves`` then ``apply`` for every
  move with a uniformly random choice each time (the figure the issues name);
* ``legal_moves/s`` and ``apply/s``: each function alone, each call timed as
  random games recorded beforehand are played again.

It runs on one core (a single process). Numbers vary with the machine; they
are printed, never asserted. The first line names the Python and says whether
the build is compiled (tilegames ships pure Python: see the development guide
for the figures behind that choice).
"""

from __future__ import annotations

import argparse
import platform
import random
import time
from collections.abc import Sequence
from typing import Any

import tilegames
from tilegames import Rules, Setup


def random_game(rules: Rules[Any, Any], setup: Setup, chooser: random.Random) -> int:
    """Play one complete random game; return the number of moves."""
    state = rules.new_game(**setup.kwargs, seed=chooser.getrandbits(64))
    legal_moves, apply, is_over = rules.legal_moves, rules.apply, rules.is_over
    count = 0
    while not is_over(state):
        moves = legal_moves(state)
        state = apply(state, moves[chooser.randrange(len(moves))])
        count += 1
    return count


def games_per_second(rules: Rules[Any, Any], setup: Setup, seconds: float) -> tuple[float, float]:
    """Complete random games per second, and the mean moves per game."""
    chooser = random.Random(1)
    games = moves = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds or games < 3:
        moves += random_game(rules, setup, chooser)
        games += 1
    return games / elapsed, moves / games


def record(rules: Rules[Any, Any], setup: Setup, games: int) -> list[tuple[int, list[int]]]:
    """Some random games, each as its seed and the positions of its moves in the listings."""
    chooser = random.Random(2)
    games_played = []
    for _ in range(games):
        seed = chooser.getrandbits(64)
        state = rules.new_game(**setup.kwargs, seed=seed)
        picks = []
        while not rules.is_over(state):
            moves = rules.legal_moves(state)
            picks.append(chooser.randrange(len(moves)))
            state = rules.apply(state, moves[picks[-1]])
        games_played.append((seed, picks))
    return games_played


def calls_per_second(
    games: list[tuple[int, list[int]]], rules: Rules[Any, Any], setup: Setup
) -> tuple[float, float]:
    """``legal_moves`` calls per second and ``apply`` calls per second over recorded games.

    The games are played again, each call timed on its own as a playout makes
    it: ``legal_moves`` (with ``len`` of its result) on a state just made by
    ``apply``, and ``apply`` on a move just picked from that listing. Timing
    states kept from an earlier run instead would time cache hits (AXIO Rota
    caches a state's legal moves) and the garbage collector.
    """
    legal_moves, apply, clock = rules.legal_moves, rules.apply, time.perf_counter
    listing = applying = 0.0
    calls = 0
    for seed, picks in games:
        state = rules.new_game(**setup.kwargs, seed=seed)
        for index in picks:
            start = clock()
            moves = legal_moves(state)
            len(moves)
            middle = clock()
            move = moves[index]
            resume = clock()
            state = apply(state, move)
            listing += middle - start
            applying += clock() - resume
        calls += len(picks)
    return calls / listing, calls / applying


def build() -> str:
    """What runs: the Python, and whether the rules are compiled or pure Python."""
    from tilegames.axio import _rules  # the compiled build would compile this module

    compiled = not _rules.__file__.endswith(".py") if _rules.__file__ else False
    kind = "compiled" if compiled else "pure Python"
    return (
        f"tilegames {tilegames.__version__}, {kind}, on {platform.python_implementation()} "
        f"{platform.python_version()} ({platform.machine()})"
    )


def main(argv: Sequence[str] | None = None) -> None:
    """Print the table for the named games (default: all)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="*", help="game names (default: every game)")
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    args = parser.parse_args(argv)
    print(build())
    print(
        f"{'game':12} {'setup':22} {'games/s':>9} {'moves/game':>10} "
        f"{'legal_moves/s':>14} {'apply/s':>10}"
    )
    for name in args.games or tilegames.names():
        rules = tilegames.get(name)
        for setup in rules.setups:
            rate, length = games_per_second(rules, setup, args.seconds)
            legal, applied = calls_per_second(record(rules, setup, 20), rules, setup)
            print(
                f"{name:12} {setup!s:22} {rate:9.0f} {length:10.1f} {legal:14.0f} {applied:10.0f}"
            )


if __name__ == "__main__":
    main()
