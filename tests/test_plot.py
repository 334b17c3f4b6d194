"""Tests for tilegames.plot and ``tilegames simulate --plot``: the picture of a simulation."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("matplotlib", reason="needs the plot extra (matplotlib)")

import tilegames
from tilegames.agents import GreedyAgent, RandomAgent
from tilegames.cli import main
from tilegames.errors import ConfigurationError
from tilegames.plot import check_plot_path, plot_simulation, scores_by_agent
from tilegames.simulate import Simulation, simulate

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def run() -> Simulation:
    """A small simulation: three agents round a two-seat table."""
    agents = [GreedyAgent(), RandomAgent(), RandomAgent()]
    return simulate(tilegames.get("axio-rota"), agents, 6, seed=5, players=2)


class TestPlotSimulation:
    def test_writes_png(self, run: Simulation, tmp_path: Path) -> None:
        """A .png path gets a PNG file, and the path written is returned."""
        path = tmp_path / "run.png"
        assert plot_simulation(run, path) == path
        assert path.read_bytes().startswith(PNG_SIGNATURE)

    def test_writes_svg(self, run: Simulation, tmp_path: Path) -> None:
        """A .svg path (given as a str) gets an SVG naming the game and every agent."""
        path = tmp_path / "run.svg"
        plot_simulation(run, str(path))
        text = path.read_text(encoding="utf-8")
        assert text.lstrip().startswith("<?xml")
        assert "<svg" in text
        assert "AXIO Rota" in text
        for label in ("0: greedy", "1: random", "2: random"):
            assert label in text

    def test_svg_is_reproducible(self, run: Simulation, tmp_path: Path) -> None:
        """The same simulation gives the same SVG bytes: no date, no random ids."""
        first, second = tmp_path / "a.svg", tmp_path / "b.svg"
        plot_simulation(run, first)
        plot_simulation(run, second)
        assert first.read_bytes() == second.read_bytes()

    @pytest.mark.parametrize("name", ["run.pdf", "run", "run.svg.txt"])
    def test_other_suffix_refused(self, run: Simulation, tmp_path: Path, name: str) -> None:
        """Only .png and .svg are written; anything else is refused and no file appears."""
        with pytest.raises(ConfigurationError, match=r"\.png or \.svg"):
            plot_simulation(run, tmp_path / name)
        assert list(tmp_path.iterdir()) == []

    def test_suffix_case_ignored(self) -> None:
        """The format is read from the suffix whatever its case."""
        assert check_plot_path("RUN.PNG") == "png"
        assert check_plot_path("run.Svg") == "svg"


class TestScoresByAgent:
    def test_agrees_with_summary(self, run: Simulation) -> None:
        """Each agent's plotted scores are the games and mean of the summary."""
        scores = scores_by_agent(run)
        assert len(scores) == len(run.agents)
        for values, agent in zip(scores, run.summary.agents, strict=True):
            assert len(values) == agent.games == agent.scores.count
            assert sum(values) / len(values) == pytest.approx(agent.scores.mean)


class TestSimulateCommandPlot:
    def test_writes_file(self, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        """``simulate --plot FILE`` prints the summary, then writes the plot and names it."""
        path = tmp_path / "sim.png"
        status = main(
            ["simulate", "axio-rota", "--games", "2", "--seed", "1", "--plot", str(path)]
        )
        out = capsys.readouterr().out
        assert status == 0
        assert "win rate" in out
        assert out.rstrip().endswith(f"plot: {path}")
        assert path.read_bytes().startswith(PNG_SIGNATURE)

    def test_bad_suffix_before_games(
        self, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """A --plot file that is not .png or .svg is refused before any game is played."""
        status = main(["simulate", "axio-rota", "--games", "2", "--plot", str(tmp_path / "x.gif")])
        captured = capsys.readouterr()
        assert status == 2
        assert captured.out == ""
        assert ".png or .svg" in captured.err
