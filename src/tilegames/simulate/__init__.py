"""Many complete games between agents, on any :class:`concurrent.futures.Executor`.

:func:`simulate` plays games and sums them up: win rates with confidence
intervals, score distributions, game lengths and the seats' advantage.

>>> import tilegames
>>> from tilegames.agents import RandomAgent
>>> from tilegames.simulate import simulate
>>> run = simulate(tilegames.get("axio-rota"), [RandomAgent(), RandomAgent()], 4, seed=1)
>>> len(run.games), run.summary.games
(4, 4)

Each game gets its own child seed from the master seed, and each seat's
agent its own random stream from the game's, so the results are the same
whichever executor runs the games and in whatever order they finish: in
this process (the default), in a :class:`~concurrent.futures.ProcessPoolExecutor`
for every core, or on a Dask cluster through ``Client.get_executor()``.
Agents, rules and results travel to and from workers by pickle: the game
and the agents must be importable there.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from concurrent.futures import Executor, Future, as_completed
from typing import Any

from tilegames._core import rng
from tilegames._core.rules import Rules, Setup
from tilegames.agents import Agent
from tilegames.simulate._game import GameResult, _play_batch, game_seed, play_game
from tilegames.simulate._progress import Progress, _close, _reporter
from tilegames.simulate._summary import (
    AgentSummary,
    SeatSummary,
    Simulation,
    Stats,
    Summary,
    scalar_score,
    summarize,
    wilson_interval,
)

__all__ = [
    "AgentSummary",
    "GameResult",
    "Progress",
    "SeatSummary",
    "Simulation",
    "Stats",
    "Summary",
    "game_seed",
    "play_game",
    "scalar_score",
    "simulate",
    "summarize",
    "wilson_interval",
]


def simulate(
    rules: Rules[Any, Any],
    agents: Sequence[Agent],
    games: int,
    *,
    seed: int,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    executor: Executor | None = None,
    progress: bool | Progress | None = None,
    rotate: bool = True,
    batch: int | None = None,
    max_moves: int = 100_000,
) -> Simulation:
    """Play ``games`` complete games between agents and sum them up.

    Game ``i`` is started from :func:`game_seed` ``(seed, i)``; with ``rotate``
    the agents move round the table by one seat each game (seat ``s`` of game
    ``i`` is played by agent ``(s + i) % len(agents)``), so that with a
    multiple of ``len(agents)`` games every agent plays every seat equally.

    Args:
        rules: the game.
        agents: the agents; by default one per seat.
        games: how many games to play.
        seed: the master seed (any integer).
        players: the number of seats, by default ``len(agents)``; more seats
            than agents reuse them round the table.
        options: further keyword arguments for ``new_game`` (variants).
        executor: where to run the games: ``None`` for this process, or any
            :class:`concurrent.futures.Executor` (a process pool, a Dask
            ``Client.get_executor()``, ...).
        progress: ``True`` for progress on standard error (on a terminal a
            tqdm bar when installed, else a line rewritten in place; in a log
            a line of games done, games per second and time left every 10
            seconds; always a final line with games done and games per
            second), ``False`` for none, ``None`` for progress only when
            standard error is a terminal; or a function called as
            ``progress(done, total)``.
        rotate: move the agents round the table from game to game.
        batch: games per executor task, by default about a sixtieth of them
            (at most 50), so that workers stay busy without many round trips.
        max_moves: the most moves a game may take.

    Returns:
        Every game and the summary.

    Raises:
        ValueError: for no agents, fewer than one game, or a bad batch size.
    """
    if not agents:
        msg = "simulate needs at least one agent"
        raise ValueError(msg)
    if games < 1:
        msg = f"simulate needs at least one game, not {games}"
        raise ValueError(msg)
    seats = players if players is not None else len(agents)
    size = batch if batch is not None else max(1, min(50, games // 60))
    if size < 1:
        msg = f"batch must be at least 1, not {batch}"
        raise ValueError(msg)
    chosen = dict(options or {})
    setup = Setup(seats, chosen)
    master = rng.normalize_seed(seed)
    chunks = [range(start, min(games, start + size)) for start in range(0, games, size)]
    report = _reporter(progress, games)
    args = (rules, tuple(agents), seats, chosen, master)
    results: list[GameResult] = []
    try:
        if executor is None:
            for chunk in chunks:
                results += _play_batch(*args, chunk, rotate, max_moves)
                report(len(results), games)
        else:
            futures: list[Future[list[GameResult]]] = [
                executor.submit(_play_batch, *args, chunk, rotate, max_moves) for chunk in chunks
            ]
            try:
                for future in as_completed(futures):
                    results += future.result()
                    report(len(results), games)
            finally:
                for future in futures:
                    future.cancel()
    finally:
        _close(report)
    results.sort(key=lambda result: result.index)
    names = tuple(agent.name for agent in agents)
    title = f"{rules.title}, {setup}"
    return Simulation(
        game=rules.name,
        setup=setup,
        seed=master,
        agents=names,
        games=tuple(results),
        summary=summarize(results, names, title),
    )
