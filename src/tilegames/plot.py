"""Pictures of what :func:`tilegames.simulate.simulate` measured (needs matplotlib).

:func:`plot_simulation` draws a simulation in one figure of two panels: each
agent's final scores as a box plot over its games, and each agent's win rate
with its 95% Wilson interval, against the even share of one game in
``players``. It writes a PNG or an SVG file; ``tilegames simulate GAME
--plot FILE`` does the same from the command line.

matplotlib comes with the ``plot`` extra (``pip install "tilegames[plot]"``);
this module imports it only when it draws, and says so when it is missing.

.. code-block:: python

    import tilegames
    from tilegames.agents import GreedyAgent, RandomAgent
    from tilegames.plot import plot_simulation
    from tilegames.simulate import simulate

    run = simulate(tilegames.get("axio-rota"), [GreedyAgent(), RandomAgent()], 100, seed=1)
    plot_simulation(run, "axio-rota.svg")
"""

from __future__ import annotations

import os
from pathlib import Path

from tilegames._core.errors import ConfigurationError
from tilegames._core.extras import optional_imports
from tilegames.simulate import Simulation, scalar_score

__all__ = ["FORMATS", "check_plot_path", "plot_simulation", "scores_by_agent"]

FORMATS = ("png", "svg")
"""The file formats :func:`plot_simulation` writes, named by the file's suffix."""

_FEATURE = "plotting a simulation"


def check_plot_path(path: str | os.PathLike[str]) -> str:
    """Check that ``path`` names a file :func:`plot_simulation` can write, and that it can draw.

    Call it before a long simulation to fail at once rather than at the end.

    Args:
        path: the file to write; its suffix chooses the format.

    Returns:
        The format: ``"png"`` or ``"svg"``.

    Raises:
        ConfigurationError: for a suffix other than ``.png`` or ``.svg``.
        ModuleNotFoundError: without matplotlib; the message says which extra to install.
    """
    fmt = Path(path).suffix.lower().lstrip(".")
    if fmt not in FORMATS:
        msg = f"cannot plot to {os.fspath(path)!r}: the file must end in .png or .svg"
        raise ConfigurationError(msg)
    with optional_imports(_FEATURE, "plot", "matplotlib"):
        import matplotlib  # noqa: F401
    return fmt


def scores_by_agent(run: Simulation) -> tuple[tuple[float, ...], ...]:
    """Each agent's final scores, by agent index, in game order.

    A per-colour score counts its lowest colour (:func:`~tilegames.simulate.scalar_score`),
    as in the summary.
    """
    scores: list[list[float]] = [[] for _ in run.agents]
    for game in run.games:
        for seat, agent in enumerate(game.agents):
            scores[agent].append(scalar_score(game.outcome.scores[seat]))
    return tuple(tuple(values) for values in scores)


def plot_simulation(run: Simulation, path: str | os.PathLike[str]) -> Path:
    """Draw the score distributions and win rates of a simulation into a PNG or SVG file.

    The left panel shows each agent's final scores as a box plot (the box
    holds the middle half of its games, the line is the median, the triangle
    the mean; a per-colour score counts its lowest colour); the right panel
    each agent's win rate (a shared first place counts a fraction) with its
    95% interval, and a dashed line at the even share, one game in
    ``players``. The file is the same for the same simulation: an SVG carries no
    date and no random ids.

    Args:
        run: what :func:`~tilegames.simulate.simulate` returned.
        path: the file to write, ending in ``.png`` or ``.svg``.

    Returns:
        The path written.

    Raises:
        ConfigurationError: for a suffix other than ``.png`` or ``.svg``.
        ModuleNotFoundError: without matplotlib; the message says which extra to install.
    """
    fmt = check_plot_path(path)
    with optional_imports(_FEATURE, "plot", "matplotlib"):
        import matplotlib as mpl
        from matplotlib.figure import Figure
        from matplotlib.ticker import PercentFormatter

    labels = [f"{agent.index}: {agent.name}" for agent in run.summary.agents]
    positions = list(range(1, len(labels) + 1))
    # An SVG with no random ids and its text kept as text: small, and the same every time.
    with mpl.rc_context({"svg.hashsalt": "tilegames", "svg.fonttype": "none", "font.size": 9}):
        figure = Figure(figsize=(3.0 + 1.2 * len(labels), 3.6), layout="constrained")
        scores_axes, wins_axes = figure.subplots(1, 2)
        scores_axes.boxplot(
            [list(values) for values in scores_by_agent(run)],
            positions=positions,
            widths=0.5,
            showmeans=True,
        )
        scores_axes.set_title("final scores")
        rates = [agent.win_rate for agent in run.summary.agents]
        below = [agent.win_rate - agent.interval[0] for agent in run.summary.agents]
        above = [agent.interval[1] - agent.win_rate for agent in run.summary.agents]
        wins_axes.errorbar(positions, rates, yerr=[below, above], fmt="o", capsize=4)
        wins_axes.axhline(1 / run.setup.players, color="grey", linestyle="--", linewidth=1)
        wins_axes.set_ylim(-0.03, 1.03)  # a rate of 0 or 1 shows its whole marker
        wins_axes.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
        wins_axes.set_title("win rate, 95% interval")
        for axes in (scores_axes, wins_axes):
            axes.set_xticks(positions, labels)
            axes.set_xlim(0.4, len(labels) + 0.6)
            axes.grid(axis="y", alpha=0.3)
        figure.suptitle(f"{run.summary.title}: {run.summary.games} games")
        metadata = {"Date": None} if fmt == "svg" else {"Software": None}
        figure.savefig(path, format=fmt, metadata=metadata, dpi=100)
    return Path(path)
