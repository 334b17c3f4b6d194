"""What many games add up to: win rates, score statistics, the simulation and its tables."""

from __future__ import annotations

import csv
import json
import math
import os
import statistics
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import attrs

from tilegames._core.rules import Score, Seat, Setup
from tilegames.simulate._game import GameResult

_TIES = "* a first place shared by k seats counts as 1/k of a win for each of them"


_Z95 = 1.959963984540054  # the normal quantile for a two-sided 95% interval


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
