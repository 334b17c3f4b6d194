"""Measure JSON documents written and read per second, per game: views and states.

Usage::

    python benchmarks/serialize.py                  # every registered game
    python benchmarks/serialize.py polygon --seconds 2

For each game it plays a 2-player random game a few moves in (the same
moves every run) and times, on that position:

* ``view write/s`` and ``view read/s``: ``to_json`` of seat 0's view (what the
  server sends each seat after each move) and ``from_json`` of that text;
* ``state write/s`` and ``state read/s``: the same for the whole state.

Reading includes the game's own check of the value read
(:attr:`~tilegames.Rules.validate`), timed alone as ``validate/s`` so that
its share shows. Each figure is the best of several rounds of CPU time (the
process's, not the wall clock's), so other work on the machine moves it
less. Numbers vary with the machine; they are printed, never asserted. To
compare two checkouts, run this against each
(``PYTHONPATH=<checkout>/src python benchmarks/serialize.py``).
"""

from __future__ import annotations

import argparse
import functools
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

import tilegames
from tilegames import Rules
from tilegames.serialize import from_json, to_json


def position(rules: Rules[Any, Any], moves: int) -> Any:
    """A 2-player game's state after ``moves`` random moves (fewer if it ends first)."""
    chooser = random.Random(1)
    state = rules.new_game(players=2, seed=1)
    for _ in range(moves):
        legal = rules.legal_moves(state)
        if rules.is_over(state) or not legal:
            break
        state = rules.apply(state, legal[chooser.randrange(len(legal))])
    return state


def per_second(call: Callable[[], object], seconds: float) -> float:
    """How many calls a second of CPU time makes: the best of five rounds."""
    count = 1
    while True:  # a round long enough to time: a tenth of the time given, or more
        start = time.process_time()
        for _ in range(count):
            call()
        spent = time.process_time() - start
        if spent >= seconds / 10:
            break
        count *= 2
    best = spent
    for _ in range(4):
        start = time.process_time()
        for _ in range(count):
            call()
        best = min(best, time.process_time() - start)
    return count / best


def measure(rules: Rules[Any, Any], seconds: float, moves: int) -> dict[str, float]:
    """Documents written and read per second, for a view and a state of one position."""
    state = position(rules, moves)
    view = rules.view(state, 0)
    validate: Callable[[Any], object] = getattr(rules, "validate", None) or (lambda value: None)
    figures: dict[str, float] = {}
    for name, value in (("view", view), ("state", state)):
        text = to_json(value)
        kind = type(value)
        figures[f"{name} write/s"] = per_second(functools.partial(to_json, value), seconds)
        figures[f"{name} read/s"] = per_second(functools.partial(from_json, text, kind), seconds)
        figures[f"{name} validate/s"] = per_second(functools.partial(validate, value), seconds)
        figures[f"{name} chars"] = len(text)
    return figures


def main(argv: Sequence[str] | None = None) -> None:
    """Print the figures of each game asked for."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="*", help="registry names (default: every game)")
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU time per figure, about")
    parser.add_argument("--moves", type=int, default=12, help="random moves before measuring")
    args = parser.parse_args(argv)
    for name in args.games or tilegames.names():
        figures = measure(tilegames.get(name), args.seconds, args.moves)
        for what in ("view", "state"):
            validate = figures[f"{what} validate/s"]
            read = figures[f"{what} read/s"]
            print(
                f"{name:10s} {what:5s} {figures[f'{what} chars']:6.0f} chars  "
                f"write {figures[f'{what} write/s']:8.0f}/s  read {read:7.0f}/s  "
                f"(validate alone {validate:7.0f}/s: {read / validate:.0%} of a read)"
            )


if __name__ == "__main__":
    main()
