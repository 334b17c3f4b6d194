"""Play a fixed number of random 2-player games of one game: the playout benchmark for A/B runs.

Usage::

    python benchmarks/playouts.py axio --games 300

It plays the games of :func:`run.random_game` (``legal_moves`` then ``apply``
with a uniform random pick, the seeds drawn from ``--seed``), so the same
arguments play the same games on every checkout whose rules agree, and
prints the games, the moves and the CPU seconds the process spent. To
compare two checkouts, run it alternately against each
(``PYTHONPATH=<checkout>/src python benchmarks/playouts.py ...``) and quote
the medians of the CPU time.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence

from run import random_game

import tilegames


def main(argv: Sequence[str] | None = None) -> None:
    """Play the games and print what they took."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game", help="the game's registry name")
    parser.add_argument("--games", type=int, default=200, help="how many games")
    parser.add_argument("--seed", type=int, default=1, help="the seed of the games' seeds")
    args = parser.parse_args(argv)
    rules = tilegames.get(args.game)
    setup = next(s for s in rules.setups if s.players == 2)
    chooser = random.Random(args.seed)
    start = time.process_time()
    moves = sum(random_game(rules, setup, chooser) for _ in range(args.games))
    seconds = time.process_time() - start
    print(f"{args.game}: {args.games} games, {moves} moves, {seconds:.3f} s CPU")


if __name__ == "__main__":
    main()
