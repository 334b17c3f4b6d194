"""Play agents against each other as ``tilegames simulate`` does, the frozen search among them.

Usage::

    python benchmarks/strength.py axio --agents mcts:0.25s,frozen:0.25s --games 60 --jobs 2
    python benchmarks/strength.py polygon --agents mcts:300,greedy --games 100

The agents are written as on the command line (``mcts:0.25s``, ``mcts:0.25s:w2``,
``greedy``...), plus ``frozen``, ``frozen:N``, ``frozen:Ts`` and ``frozen:N:Ts``:
the MCTS agent of the code before the search-strength work
(:mod:`frozen_mcts`, kept outside the package). The games, seeds, seat rotation
and summary are those of ``tilegames simulate GAME --agents ... --games N
--jobs J --seed S`` (the same :func:`tilegames.simulate.simulate` call), so a
row without ``frozen`` gives the same games as the command line. After the
summary it prints each search agent's mean iterations a move (over every
decision with a choice), and with ``--json`` writes the simulation as
``tilegames simulate --json`` does.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import attrs

sys.path.insert(0, str(Path(__file__).resolve().parent))

import frozen_mcts

import tilegames
from tilegames.agents import Agent, MCTSAgent, make_agent
from tilegames.rng import Stream
from tilegames.simulate import simulate


def frozen_agent(spec: str) -> frozen_mcts.FrozenMCTSAgent:
    """``frozen``, ``frozen:300``, ``frozen:0.25s`` or ``frozen:300:0.25s``."""
    iterations: int | None = None
    seconds: float | None = None
    for part in spec.split(":")[1:]:
        if part.endswith("s"):
            seconds = float(part[:-1])
        else:
            iterations = int(part)
    if iterations is None and seconds is None:
        return frozen_mcts.FrozenMCTSAgent()
    return frozen_mcts.FrozenMCTSAgent(iterations=iterations, seconds=seconds)


@attrs.frozen
class Counted:
    """An agent that plays as ``agent`` and logs the iterations of each search to ``log``."""

    agent: Any
    log: str

    @property
    def name(self) -> str:
        """The agent's own name."""
        return str(self.agent.name)

    def choose(
        self, rules: Any, seat: int, view: Any, moves: Sequence[Any], stream: Stream
    ) -> Any:
        """The agent's move; its iterations appended to the log when it searched."""
        search = getattr(self.agent, "search", None)
        if search is not None:
            result = search(rules, seat, view, moves, stream)
            move, iterations = result.move, result.iterations
        elif isinstance(self.agent, frozen_mcts.FrozenMCTSAgent):
            before = frozen_mcts.ITERATIONS[0]
            move = self.agent.choose(rules, seat, view, moves, stream)
            iterations = frozen_mcts.ITERATIONS[0] - before
        else:
            return self.agent.choose(rules, seat, view, moves, stream)
        if len(moves) > 1:
            with open(self.log, "a", encoding="utf-8") as out:
                out.write(f"{self.name}\t{iterations}\n")
        return move


def main(argv: Sequence[str] | None = None) -> None:
    """Play the games, print the summary and the iterations a move."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game")
    parser.add_argument("--agents", required=True, help="comma-separated agent descriptions")
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--json", default=None, help="write the simulation as JSON here")
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="an MCTSAgent setting for every mcts agent (repeatable; VALUE None, int or float)",
    )
    args = parser.parse_args(argv)
    settings = dict(_setting(text) for text in args.set)
    rules = tilegames.get(args.game)
    with tempfile.TemporaryDirectory() as folder:
        log = os.path.join(folder, "iterations.tsv")
        agents: list[Agent] = []
        for spec in args.agents.split(","):
            inner = frozen_agent(spec) if spec.startswith("frozen") else make_agent(spec)
            if settings and isinstance(inner, MCTSAgent):
                inner = attrs.evolve(inner, **settings)
            agents.append(Counted(inner, log))
        executor = ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None
        try:
            run = simulate(
                rules, agents, args.games, seed=args.seed, executor=executor, progress=False
            )
        finally:
            if executor is not None:
                executor.shutdown()
        counts: dict[str, list[int]] = {}
        if os.path.exists(log):
            for line in Path(log).read_text(encoding="utf-8").splitlines():
                name, _, number = line.partition("\t")
                counts.setdefault(name, []).append(int(number))
    print(run)
    for name, numbers in counts.items():
        mean = sum(numbers) / len(numbers)
        print(f"{name}: {mean:.0f} iterations a move ({len(numbers)} moves)")
    if args.json is not None:
        run.write_json(args.json)


def _setting(text: str) -> tuple[str, Any]:
    """``"horizon=2"`` as ``("horizon", 2)``; ``None``, integers and floats are read as such."""
    name, _, value = text.partition("=")
    if value == "None":
        return name, None
    return name, float(value) if "." in value else int(value)


if __name__ == "__main__":
    main()
