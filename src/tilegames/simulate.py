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

import csv
import importlib
import json
import math
import os
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import Executor, Future, as_completed
from pathlib import Path
from typing import Any, Protocol, TextIO

import attrs

from tilegames._core import rng
from tilegames._core.chance import CHANCE, settle
from tilegames._core.extras import optional_imports
from tilegames._core.rules import Outcome, Rules, Score, Seat, Setup
from tilegames.agents import Agent, moves_for

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

Progress = Callable[[int, int], None]
"""``progress(done, total)``: told the number of games finished so far, after each batch."""

_TIES = "* a first place shared by k seats counts as 1/k of a win for each of them"
_Z95 = 1.959963984540054  # the normal quantile for a two-sided 95% interval


# ---------------------------------------------------------------------------
# One game
# ---------------------------------------------------------------------------


@attrs.frozen
class GameResult:
    """One finished game of a simulation."""

    index: int
    """The game's number in the simulation, from 0."""
    seed: int
    """The seed given to ``new_game``; the agents' streams derive from it too."""
    agents: tuple[int, ...]
    """Per seat, the index (in the simulation's list of agents) of the agent playing it."""
    outcome: Outcome
    """The game's result."""
    moves: int
    """The number of moves played."""

    def seat_of(self, agent: int) -> Seat:
        """The seat that agent number ``agent`` played."""
        return self.agents.index(agent)


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a simulation with master seed ``seed``.

    >>> game_seed(1, 0) == game_seed(1, 0) != game_seed(1, 1)
    True
    """
    return rng.derive(seed, "simulate", "game", index)


def play_game(
    rules: Rules[Any, Any],
    agents: Sequence[Agent],
    *,
    seed: int,
    options: Mapping[str, Any] | None = None,
    index: int = 0,
    seats: Sequence[int] | None = None,
    max_moves: int = 100_000,
) -> GameResult:
    """Play one complete game; ``agents[seats[s]]`` plays seat ``s``.

    Each agent sees only its seat's view and draws from its own stream,
    derived from ``seed`` and its seat. When several seats may move at once,
    the one to act is drawn from another stream of the same seed. In a game
    started with ``chance="explicit"`` (pass it in ``options``), chance's
    steps are sampled by their probabilities from a third stream of the seed;
    they are not counted as moves.

    Args:
        rules: the game.
        agents: the agents, one per seat unless ``seats`` says otherwise.
        seed: the seed for ``new_game`` and the agents' streams.
        options: further keyword arguments for ``new_game`` (variants).
        index: the game's number, kept in the result.
        seats: per seat, the index of its agent (by default seat ``s`` plays ``agents[s]``).
        max_moves: the most moves before the game counts as endless.

    Raises:
        RuntimeError: if the game does not end within ``max_moves`` moves.
        IllegalMoveError: if an agent chooses a move that is not legal.
    """
    players = len(seats) if seats is not None else len(agents)
    playing = tuple(seats) if seats is not None else tuple(range(players))
    state = rules.new_game(players, seed=seed, **dict(options or {}))
    streams = [rng.Stream(rng.derive(seed, "agent", seat)) for seat in range(players)]
    turns = rng.Stream(rng.derive(seed, "turns"))
    chance = rng.Stream(rng.derive(seed, "chance"))
    moves = 0
    while not rules.is_over(state):
        if moves >= max_moves:
            msg = f"{rules.name}: game {index} (seed {seed}) did not end within {max_moves} moves"
            raise RuntimeError(msg)
        to_move = rules.to_move(state)
        if to_move == (CHANCE,):  # an explicit game: chance's step, by its probabilities
            state = settle(rules, state, chance)
            continue
        seat = to_move[0] if len(to_move) == 1 else to_move[turns.randbelow(len(to_move))]
        legal = moves_for(rules, state, seat)
        agent = agents[playing[seat]]
        move = agent.choose(rules, seat, rules.view(state, seat), legal, streams[seat])
        state = rules.apply(state, move)
        moves += 1
    outcome = rules.outcome(state)
    if outcome is None:  # pragma: no cover - the contract says otherwise
        msg = f"{rules.name}: the game is over but has no outcome"
        raise RuntimeError(msg)
    return GameResult(index=index, seed=seed, agents=playing, outcome=outcome, moves=moves)


def _play_batch(
    rules: Rules[Any, Any],
    agents: Sequence[Agent],
    players: int,
    options: Mapping[str, Any],
    seed: int,
    indices: Sequence[int],
    rotate: bool,
    max_moves: int,
) -> list[GameResult]:
    """Play games by number: what one executor task runs."""
    results = []
    for index in indices:
        shift = index % len(agents) if rotate else 0
        seats = [(seat + shift) % len(agents) for seat in range(players)]
        results.append(
            play_game(
                rules,
                agents,
                seed=game_seed(seed, index),
                options=options,
                index=index,
                seats=seats,
                max_moves=max_moves,
            )
        )
    return results


# ---------------------------------------------------------------------------
# Summaries
# ---------------------------------------------------------------------------


def wilson_interval(successes: float, trials: int, z: float = _Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default).

    >>> low, high = wilson_interval(50, 100)
    >>> round(low, 3), round(high, 3)
    (0.404, 0.596)
    >>> wilson_interval(0, 0)
    (0.0, 1.0)
    """
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def scalar_score(score: Score) -> float:
    """One number for a score: itself, or the lowest entry of a per-colour score.

    The AXIO games rank players by their lowest colour first.

    >>> scalar_score(7), scalar_score((9, 4, 12))
    (7.0, 4.0)
    """
    if isinstance(score, tuple):
        return float(min(score)) if score else 0.0
    return float(score)


@attrs.frozen
class Stats:
    """The distribution of a number over games."""

    count: int
    """How many values."""
    mean: float
    """Their mean (0 when there are none)."""
    stdev: float
    """Their sample standard deviation (0 for fewer than two)."""
    minimum: float
    """The smallest."""
    median: float
    """The median."""
    maximum: float
    """The largest."""

    @classmethod
    def of(cls, values: Iterable[float]) -> Stats:
        """Summarise the values.

        >>> Stats.of([3, 1, 2]).median
        2.0
        """
        data = sorted(float(value) for value in values)
        if not data:
            return cls(0, 0.0, 0.0, 0.0, 0.0, 0.0)
        stdev = statistics.stdev(data) if len(data) > 1 else 0.0
        return cls(
            len(data), statistics.fmean(data), stdev, data[0], statistics.median(data), data[-1]
        )

    def __str__(self) -> str:
        """``mean (min..max)``."""
        return f"{_number(self.mean)} ({_number(self.minimum)}..{_number(self.maximum)})"


@attrs.frozen
class AgentSummary:
    """How one agent did over a simulation."""

    index: int
    """The agent's index in the simulation's list."""
    name: str
    """The agent's name."""
    games: int
    """Games it played."""
    wins: float
    """Games it won; a first place shared by ``k`` seats counts ``1/k``."""
    win_rate: float
    """``wins / games``."""
    interval: tuple[float, float]
    """The 95% Wilson interval of the win rate."""
    mean_place: float
    """Its mean place (1 is first; tied seats share the place)."""
    scores: Stats
    """Its final scores, as :func:`scalar_score` numbers."""


@attrs.frozen
class SeatSummary:
    """How one seat did, whoever played it: the seats' advantage."""

    seat: Seat
    """The seat."""
    wins: float
    """Games it won (shared first places count a fraction)."""
    win_rate: float
    """``wins / games``."""
    interval: tuple[float, float]
    """The 95% Wilson interval of the win rate."""
    scores: Stats
    """Its final scores, as :func:`scalar_score` numbers."""


@attrs.frozen
class Summary:
    """The figures of a simulation; ``str()`` gives them as a table."""

    title: str
    """The game and setup, for the table's heading."""
    games: int
    """Games played."""
    agents: tuple[AgentSummary, ...]
    """Per agent, in the order given."""
    seats: tuple[SeatSummary, ...]
    """Per seat."""
    lengths: Stats
    """Moves per game."""

    def __str__(self) -> str:
        """The summary as a plain-text table."""
        rows = [("agent", "games", "wins*", "win rate*", "95% CI", "mean place", "score")]
        for agent in self.agents:
            rows.append(
                (
                    f"{agent.index}: {agent.name}",
                    str(agent.games),
                    _number(agent.wins),
                    _percent(agent.win_rate),
                    f"{_percent(agent.interval[0])}-{_percent(agent.interval[1])}",
                    f"{agent.mean_place:.2f}",
                    str(agent.scores),
                )
            )
        lines = [f"{self.title}: {self.games} games", "", *_table(rows), _TIES, ""]
        seat_rows = [("seat", "wins*", "win rate*", "95% CI", "score")]
        for seat in self.seats:
            seat_rows.append(
                (
                    str(seat.seat),
                    _number(seat.wins),
                    _percent(seat.win_rate),
                    f"{_percent(seat.interval[0])}-{_percent(seat.interval[1])}",
                    str(seat.scores),
                )
            )
        lines += [*_table(seat_rows), "", f"moves per game: {self.lengths}"]
        return "\n".join(lines)


def summarize(
    results: Sequence[GameResult], names: Sequence[str], title: str = "simulation"
) -> Summary:
    """Sum up games: per agent (named by ``names``, by index) and per seat."""
    players = len(results[0].agents) if results else 0
    agent_wins = [0.0] * len(names)
    agent_games = [0] * len(names)
    agent_places: list[list[int]] = [[] for _ in names]
    agent_scores: list[list[float]] = [[] for _ in names]
    seat_wins = [0.0] * players
    seat_scores: list[list[float]] = [[] for _ in range(players)]
    for result in results:
        winners = result.outcome.winners
        for seat, agent in enumerate(result.agents):
            share = 1 / len(winners) if seat in winners else 0.0
            score = scalar_score(result.outcome.scores[seat])
            agent_games[agent] += 1
            agent_wins[agent] += share
            agent_places[agent].append(result.outcome.place(seat))
            agent_scores[agent].append(score)
            seat_wins[seat] += share
            seat_scores[seat].append(score)
    agents = tuple(
        AgentSummary(
            index=i,
            name=name,
            games=agent_games[i],
            wins=agent_wins[i],
            win_rate=agent_wins[i] / agent_games[i] if agent_games[i] else 0.0,
            interval=wilson_interval(agent_wins[i], agent_games[i]),
            mean_place=statistics.fmean(agent_places[i]) if agent_places[i] else 0.0,
            scores=Stats.of(agent_scores[i]),
        )
        for i, name in enumerate(names)
    )
    seats = tuple(
        SeatSummary(
            seat=seat,
            wins=seat_wins[seat],
            win_rate=seat_wins[seat] / len(results),
            interval=wilson_interval(seat_wins[seat], len(results)),
            scores=Stats.of(seat_scores[seat]),
        )
        for seat in range(players)
    )
    return Summary(
        title=title,
        games=len(results),
        agents=agents,
        seats=seats,
        lengths=Stats.of(result.moves for result in results),
    )


@attrs.frozen
class Simulation:
    """What :func:`simulate` returns: every game and the summary; ``str()`` is the summary."""

    game: str
    """The game's registry name."""
    setup: Setup
    """The player count and options played."""
    seed: int
    """The master seed."""
    agents: tuple[str, ...]
    """The agents' names, by index."""
    games: tuple[GameResult, ...]
    """Every game, by index."""
    summary: Summary
    """The figures."""

    def to_dict(self) -> dict[str, Any]:
        """Every game and the summary as plain JSON values (see :meth:`write_json`).

        Safe for JavaScript's ``JSON.parse``: a seed beyond ``2**53 - 1`` (the
        per-game seeds are 64-bit) is a string of its digits, as in every
        tilegames document (:data:`tilegames.serialize.MAX_SAFE_INT`).

        Per game: its index, seed, the agent playing each seat, the scores (a
        number, or a list per colour), the 1-based places (tied seats share
        one) and the number of moves. The summary gives per agent and per
        seat the wins (a first place shared by ``k`` seats counts ``1/k``),
        the win rate with its 95% Wilson interval, the mean place and the
        scores' distribution.
        """
        summary = self.summary
        return {
            "game": self.game,
            "players": self.setup.players,
            "options": {key: _plain(value) for key, value in self.setup.options},
            "seed": _js_safe(self.seed),
            "agents": list(self.agents),
            "games": [
                {
                    "index": result.index,
                    "seed": _js_safe(result.seed),
                    "agents": [self.agents[agent] for agent in result.agents],
                    "scores": [_plain(score) for score in result.outcome.scores],
                    "places": [result.outcome.place(seat) for seat in range(len(result.agents))],
                    "moves": result.moves,
                }
                for result in self.games
            ],
            "summary": {
                "games": summary.games,
                "ties": _TIES[2:],
                "agents": [
                    {
                        "index": agent.index,
                        "name": agent.name,
                        "games": agent.games,
                        "wins": agent.wins,
                        "win_rate": agent.win_rate,
                        "interval": list(agent.interval),
                        "mean_place": agent.mean_place,
                        "scores": attrs.asdict(agent.scores),
                    }
                    for agent in summary.agents
                ],
                "seats": [
                    {
                        "seat": seat.seat,
                        "wins": seat.wins,
                        "win_rate": seat.win_rate,
                        "interval": list(seat.interval),
                        "scores": attrs.asdict(seat.scores),
                    }
                    for seat in summary.seats
                ],
                "moves_per_game": attrs.asdict(summary.lengths),
            },
        }

    def write_json(self, path: str | os.PathLike[str]) -> None:
        """Write :meth:`to_dict` as a JSON file (``tilegames simulate --json FILE``)."""
        Path(path).write_text(json.dumps(self.to_dict(), indent=1) + "\n", encoding="utf-8")

    def write_csv(self, path: str | os.PathLike[str]) -> None:
        """Write the games and the summary as one CSV table (``tilegames simulate --csv FILE``).

        Each row has a ``kind``: ``game`` rows (one per seat of each game:
        ``game``, ``seed``, ``seat``, ``agent``, ``score``, ``place``,
        ``moves``; a per-colour score is written as its lowest colour, as
        ranked, with every colour in ``score_detail``), then ``agent`` rows
        (``agent``, ``games``, ``wins``, ``win_rate``, ``ci_low``, ``ci_high``,
        ``mean_place``, ``score``: the mean) and ``seat`` rows. Wins count a
        shared first place as ``1/k``.
        """
        columns: tuple[str, ...] = ("kind", "game", "seed", "seat", "agent", "score")
        columns += ("score_detail", "place", "moves", "games", "wins", "win_rate", "ci_low")
        columns += ("ci_high", "mean_place")
        with Path(path).open("w", newline="", encoding="utf-8") as file:
            writer = csv.DictWriter(file, fieldnames=columns, restval="")
            writer.writeheader()
            for result in self.games:
                for seat, index in enumerate(result.agents):
                    score = result.outcome.scores[seat]
                    detail = " ".join(map(str, score)) if isinstance(score, tuple) else ""
                    writer.writerow(
                        {
                            "kind": "game",
                            "game": result.index,
                            "seed": result.seed,
                            "seat": seat,
                            "agent": self.agents[index],
                            "score": _number(scalar_score(score)),
                            "score_detail": detail,
                            "place": result.outcome.place(seat),
                            "moves": result.moves,
                        }
                    )
            for summed in self.summary.agents:
                writer.writerow(
                    {
                        "kind": "agent",
                        "agent": summed.name,
                        "games": summed.games,
                        "wins": _number(summed.wins),
                        "win_rate": f"{summed.win_rate:.4f}",
                        "ci_low": f"{summed.interval[0]:.4f}",
                        "ci_high": f"{summed.interval[1]:.4f}",
                        "mean_place": f"{summed.mean_place:.4f}",
                        "score": f"{summed.scores.mean:.4f}",
                    }
                )
            for by_seat in self.summary.seats:
                writer.writerow(
                    {
                        "kind": "seat",
                        "seat": by_seat.seat,
                        "games": self.summary.games,
                        "wins": _number(by_seat.wins),
                        "win_rate": f"{by_seat.win_rate:.4f}",
                        "ci_low": f"{by_seat.interval[0]:.4f}",
                        "ci_high": f"{by_seat.interval[1]:.4f}",
                        "score": f"{by_seat.scores.mean:.4f}",
                    }
                )

    def __str__(self) -> str:
        """The summary table."""
        return str(self.summary)


def _js_safe(seed: int) -> int | str:
    """A seed as JavaScript reads it exactly: beyond 2**53 - 1, the string of its digits."""
    return str(seed) if abs(seed) > (1 << 53) - 1 else seed


def _plain(value: Any) -> Any:
    """A JSON value: tuples become lists."""
    return [_plain(item) for item in value] if isinstance(value, tuple) else value


# ---------------------------------------------------------------------------
# Many games
# ---------------------------------------------------------------------------


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


# ---------------------------------------------------------------------------
# Progress
# ---------------------------------------------------------------------------


class _Bar(Protocol):
    def update(self, n: float | None = 1) -> bool | None: ...

    def close(self) -> None: ...


class _TqdmProgress:
    """A tqdm bar on standard error, moved to the number of games done."""

    def __init__(self, total: int) -> None:
        with optional_imports("the progress bar", "progress", "tqdm"):
            tqdm = importlib.import_module("tqdm").tqdm  # else a plain counter: see _reporter

        self.bar: _Bar = tqdm(total=total, unit="game", file=sys.stderr, leave=False)
        self.done = 0
        self.total = total
        self.start = time.monotonic()

    def __call__(self, done: int, total: int) -> None:
        self.bar.update(done - self.done)
        self.done = done

    def close(self) -> None:
        self.bar.close()
        sys.stderr.write(_final_line(self.done, self.total, time.monotonic() - self.start) + "\n")
        sys.stderr.flush()


class _TextProgress:
    """Progress as lines of text: games done of total, games per second, time left.

    On a terminal the line is rewritten in place a few times a second; in a
    log (standard error not a terminal) a new line is written at most every
    ``every`` seconds, so that long runs show they are alive without
    flooding. :meth:`close` always writes the final line.
    """

    def __init__(
        self,
        stream: TextIO,
        *,
        clock: Callable[[], float] = time.monotonic,
        every: float | None = None,
    ) -> None:
        self.stream = stream
        self.clock = clock
        self.tty = bool(getattr(stream, "isatty", lambda: False)())
        self.every = every if every is not None else (0.2 if self.tty else 10.0)
        self.start = self.last = clock()
        self.done = 0
        self.total = 0

    def __call__(self, done: int, total: int) -> None:
        self.done, self.total = done, total
        now = self.clock()
        if done >= total or now - self.last < self.every:
            return
        self.last = now
        elapsed = now - self.start
        rate = done / elapsed if elapsed > 0 else 0.0
        line = f"{done}/{total} games, {_rate(rate)} games/s"
        if rate > 0:
            line += f", about {_duration((total - done) / rate)} left"
        self.write(line)

    def write(self, line: str) -> None:
        if self.tty:
            self.stream.write(f"\r{line}\x1b[K")
        else:
            self.stream.write(f"{line}\n")
        self.stream.flush()

    def close(self) -> None:
        self.write(_final_line(self.done, self.total, self.clock() - self.start))
        if self.tty:
            self.stream.write("\n")
            self.stream.flush()


def _final_line(done: int, total: int, elapsed: float) -> str:
    rate = done / elapsed if elapsed > 0 else 0.0
    return f"{done}/{total} games in {_duration(elapsed)}, {_rate(rate)} games/s"


def _rate(rate: float) -> str:
    return f"{rate:.3g}" if rate < 100 else f"{rate:,.0f}"


def _duration(seconds: float) -> str:
    if seconds < 60:
        return f"{seconds:.1f} s"
    minutes, rest = divmod(round(seconds), 60)
    if minutes < 60:
        return f"{minutes} min {rest:02d} s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes:02d} min"


def _reporter(progress: bool | Progress | None, total: int) -> Progress:
    if callable(progress):
        return progress
    if progress is None:
        progress = sys.stderr.isatty()
    if not progress:
        return _silent
    if sys.stderr.isatty():  # a bar redrawn in place; in a log, a line now and then
        try:
            return _TqdmProgress(total)
        except ImportError:
            pass
    return _TextProgress(sys.stderr)


def _silent(done: int, total: int) -> None:
    """Report nothing."""


def _close(report: Progress) -> None:
    if isinstance(report, (_TqdmProgress, _TextProgress)):
        report.close()


# ---------------------------------------------------------------------------
# Table formatting
# ---------------------------------------------------------------------------


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


def _percent(value: float) -> str:
    return f"{100 * value:.1f}%"


def _table(rows: Sequence[Sequence[str]]) -> list[str]:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = []
    for row in rows:
        cells = [
            cell.ljust(width) if i == 0 else cell.rjust(width)
            for i, (cell, width) in enumerate(zip(row, widths, strict=True))
        ]
        lines.append("  ".join(cells).rstrip())
    return lines
