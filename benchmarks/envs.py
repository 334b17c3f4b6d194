"""Measure the learning environments: steps/s with random masked actions, observations every step.

Usage::

    python benchmarks/envs.py                    # every game and setup, and momaland if installed
    python benchmarks/envs.py axio --seconds 5
    python benchmarks/envs.py axio --profile     # and the top of a cProfile of AXIO 2 players
    python benchmarks/envs.py axio --repeat 5    # the median of 5 runs of each setup
    python benchmarks/envs.py axio --split       # and the time of a step's three parts

For each game and setup it runs the PettingZoo AEC environment
(:func:`tilegames.envs.aec_env`) the way a learner does: ``env.last()``
(which builds the observation and the action mask), a random action among
the masked ones, ``env.step``; finished games are reset. It reports steps/s
and games/s (with ``--repeat``, the median of the runs). When ``momaland``
is installed (``pip install momaland``), it runs momaland's Ingenious
environment (``moingenious_v0``, 2 players, the AXIO rules) the same way in
the same run, for comparison.

It runs on one core (a single process) and counts CPU time
(:func:`time.process_time`), so that other work on a shared machine skews
the figures less; the clock is read between games (reading it is a system
call, which would cost a fast environment a few per cent if read at every
step). Numbers vary with the machine; they are printed, never asserted.
"""

from __future__ import annotations

import argparse
import cProfile
import functools
import pstats
import random
import time
from typing import Any

import tilegames
from tilegames.envs import aec_env


def run(env: Any, seconds: float, seed: int = 1) -> tuple[float, float]:
    """Steps/s and games/s of random masked play in an AEC env for about ``seconds``."""
    chooser = random.Random(seed)
    env.reset(seed=seed)
    steps = games = 0
    clock = time.process_time  # a system call (about 0.5 us): read between games, not steps
    start = clock()
    while (elapsed := clock() - start) < seconds or games < 2:
        while env.agents:  # one game, to its end
            observation, _, termination, truncation, _ = env.last()
            if termination or truncation:
                env.step(None)
                continue
            # an int8 mask of 0 and 1, read as bools: the indices of its 1s, one picked at random
            legal = observation["action_mask"].view(bool).nonzero()[0]
            env.step(int(legal[chooser.randrange(len(legal))]))
            steps += 1
        games += 1
        env.reset(seed=chooser.getrandbits(31))
    return steps / elapsed, games / elapsed


def split(env: Any, seconds: float, seed: int = 1) -> dict[str, float]:
    """Microseconds per step of ``env.last()``, the pick and ``env.step``, as :func:`run` plays."""
    chooser = random.Random(seed)
    env.reset(seed=seed)
    spent = dict.fromkeys(("env.last()", "pick", "env.step"), 0.0)
    steps = 0
    clock = time.perf_counter
    start = time.process_time()
    while time.process_time() - start < seconds or steps == 0:
        before = clock()
        observation, _, termination, truncation, _ = env.last()
        last = clock()
        if termination or truncation:
            env.step(None)
            if not env.agents:
                env.reset(seed=chooser.getrandbits(31))
            continue
        legal = observation["action_mask"].view(bool).nonzero()[0]
        action = int(legal[chooser.randrange(len(legal))])
        picked = clock()
        env.step(action)
        spent["env.step"] += clock() - picked
        spent["pick"] += picked - last
        spent["env.last()"] += last - before
        steps += 1
    return {part: total / steps * 1e6 for part, total in spent.items()}


def median_run(make: Any, seconds: float, repeat: int) -> tuple[float, float]:
    """The median steps/s and games/s of ``repeat`` runs, each of a fresh env from ``make()``."""
    runs = sorted(run(make(), seconds) for _ in range(max(1, repeat)))
    return runs[len(runs) // 2]


def momaland_env() -> Any | None:
    """momaland's Ingenious env (AXIO's rules, 2 players), or ``None`` if not installed."""
    try:
        from momaland.envs.ingenious import moingenious_v0
    except ImportError:
        return None
    return moingenious_v0.env()  # its defaults: 2 players, 6 colours, 6 tiles in hand


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="registry names (default: every game)")
    parser.add_argument("--seconds", type=float, default=3.0, help="time per setup")
    parser.add_argument("--repeat", type=int, default=1, help="runs per setup (the median)")
    parser.add_argument("--profile", action="store_true", help="profile AXIO, 2 players")
    parser.add_argument(
        "--split", action="store_true", help="time env.last(), the pick and env.step (AXIO)"
    )
    arguments = parser.parse_args()
    print(f"{'environment':<40} {'steps/s':>10} {'games/s':>9}")
    for name in arguments.games or tilegames.names():
        for setup in tilegames.get(name).setups:
            steps, games = median_run(
                functools.partial(aec_env, name, **setup.kwargs),
                arguments.seconds,
                arguments.repeat,
            )
            print(f"{name + ' (' + str(setup) + ')':<40} {steps:>10.0f} {games:>9.1f}")
    if momaland_env() is None:
        print("momaland moingenious_v0: not installed (pip install momaland)")
    else:
        steps, games = median_run(momaland_env, arguments.seconds, arguments.repeat)
        print(f"{'momaland moingenious_v0 (2 players)':<40} {steps:>10.0f} {games:>9.1f}")
    if arguments.split:
        parts = split(aec_env("axio"), arguments.seconds)
        times = ", ".join(f"{part} {spent:.1f} us" for part, spent in parts.items())
        print(f"AXIO (2 players), per step: {times}")
    if arguments.profile:
        env = aec_env("axio")
        profile = cProfile.Profile()
        profile.runcall(run, env, arguments.seconds)
        pstats.Stats(profile).sort_stats("tottime").print_stats(15)


if __name__ == "__main__":
    main()
