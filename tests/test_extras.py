"""Optional parts used without their extra say, in one line, what to install.

Each test blocks a dependency the way a machine without it would see it: a
``None`` in ``sys.modules`` makes ``import`` fail with ``ModuleNotFoundError``.
"""

from __future__ import annotations

import importlib
import sys

import pytest

import tilegames
import tilegames.testing
from tilegames._core.extras import install_command, missing_extra, optional_imports
from tilegames.cli import main
from tilegames.errors import ConfigurationError
from tilegames.simulate import simulate

STRATEGIES = "tilegames.testing.strategies"


def block(monkeypatch: pytest.MonkeyPatch, *modules: str) -> None:
    """Make ``modules`` unimportable, as if they were not installed."""
    for module in modules:
        monkeypatch.setitem(sys.modules, module, None)


def forget_strategies(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the next import of the strategies module run it again (restored afterwards)."""
    monkeypatch.delitem(sys.modules, STRATEGIES, raising=False)
    monkeypatch.delattr(tilegames.testing, "strategies", raising=False)


def assert_one_line(message: str, feature: str, module: str, extra: str) -> None:
    assert "\n" not in message
    assert feature in message
    assert f"needs {module}" in message
    assert message.endswith(f'pip install "tilegames[{extra}]"')


class TestHelper:
    def test_install_command(self) -> None:
        """The command quotes the requirement with double quotes, which every shell takes."""
        assert install_command("plot") == 'pip install "tilegames[plot]"'

    def test_missing_extra_is_module_not_found(self) -> None:
        """The error stays a ModuleNotFoundError (an ImportError) naming the module."""
        error = missing_extra("plotting", "plot", "matplotlib")
        assert isinstance(error, ModuleNotFoundError)
        assert error.name == "matplotlib"
        assert_one_line(str(error), "plotting", "matplotlib", "plot")

    def test_translates_a_listed_module(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """A missing listed module (or a submodule of one) becomes the one-line message."""
        block(monkeypatch, "some_dependency")
        with (
            pytest.raises(ModuleNotFoundError) as caught,
            optional_imports("a feature", "plot", "some_dependency"),
        ):
            importlib.import_module("some_dependency.sub")
        assert_one_line(str(caught.value), "a feature", "some_dependency", "plot")
        assert isinstance(caught.value.__cause__, ModuleNotFoundError)

    def test_other_import_errors_pass_through(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """A missing module the extra does not provide is reported unchanged."""
        block(monkeypatch, "another_module")
        with (
            pytest.raises(ModuleNotFoundError, match="another_module") as caught,
            optional_imports("a feature", "plot", "some_dependency"),
        ):
            importlib.import_module("another_module")
        assert "pip install" not in str(caught.value)


class TestHypothesis:
    def test_import_strategies(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """Importing tilegames.testing.strategies without hypothesis names the test extra."""
        block(monkeypatch, "hypothesis", "hypothesis.strategies", "hypothesis.stateful")
        forget_strategies(monkeypatch)
        with pytest.raises(ModuleNotFoundError) as caught:
            importlib.import_module(STRATEGIES)
        assert caught.value.name == "hypothesis"
        assert_one_line(str(caught.value), STRATEGIES, "hypothesis", "test")
        assert STRATEGIES not in sys.modules

    def test_strategy_from_testing(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """A strategy asked for through tilegames.testing says the same."""
        block(monkeypatch, "hypothesis")
        forget_strategies(monkeypatch)
        with pytest.raises(ModuleNotFoundError, match=r'pip install "tilegames\[test\]"$'):
            from tilegames.testing import states  # noqa: F401

    def test_checker_needs_no_hypothesis(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """check_rules works without hypothesis."""
        block(monkeypatch, "hypothesis")
        forget_strategies(monkeypatch)
        report = tilegames.testing.check_rules(tilegames.get("axio-rota"), games=1, seed=1)
        assert report.games == 1


class TestProgress:
    def test_falls_back_to_a_counter(
        self, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """Without tqdm a progress bar asked for becomes a plain counter; the games still run."""
        block(monkeypatch, "tqdm")
        rules = tilegames.get("axio-rota")
        from tilegames.agents import RandomAgent

        run = simulate(rules, [RandomAgent(), RandomAgent()], 2, seed=1, progress=True)
        assert run.summary.games == 2
        assert "2/2 games" in capsys.readouterr().err

    def test_bar_names_the_extra(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """The tqdm bar itself, built without tqdm, names the progress extra."""
        from tilegames.simulate._progress import _TqdmProgress

        block(monkeypatch, "tqdm")
        with pytest.raises(ModuleNotFoundError) as caught:
            _TqdmProgress(3)
        assert_one_line(str(caught.value), "progress bar", "tqdm", "progress")


class TestPlot:
    def test_plot_module(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """tilegames.plot imports without matplotlib, and drawing names the plot extra."""
        block(monkeypatch, "matplotlib")
        from tilegames.plot import check_plot_path

        with pytest.raises(ModuleNotFoundError) as caught:
            check_plot_path("out.png")
        assert_one_line(str(caught.value), "plotting", "matplotlib", "plot")

    def test_suffix_checked_first(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """A wrong suffix is reported as such, matplotlib or not."""
        block(monkeypatch, "matplotlib")
        from tilegames.plot import check_plot_path

        with pytest.raises(ConfigurationError, match=r"\.png or \.svg"):
            check_plot_path("out.jpg")

    def test_command(
        self, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """``simulate --plot`` without matplotlib fails at once, in one line, before any game."""
        block(monkeypatch, "matplotlib")
        status = main(["simulate", "axio-rota", "--games", "2", "--plot", "out.svg"])
        captured = capsys.readouterr()
        assert status == 2
        assert captured.out == ""
        (line,) = captured.err.splitlines()
        assert line.startswith("tilegames: error: --plot:")
        assert line.endswith('pip install "tilegames[plot]"')


class TestDask:
    def test_command(
        self, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """``simulate --dask`` without Dask fails in one line naming the dask extra."""
        block(monkeypatch, "distributed", "dask")
        status = main(["simulate", "axio-rota", "--games", "1", "--dask", "tcp://127.0.0.1:1"])
        captured = capsys.readouterr()
        assert status == 2
        (line,) = captured.err.splitlines()
        assert "pip install" in line
        assert "tilegames[dask]" in line


class TestServer:
    def test_command(
        self, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """``tilegames serve`` without Starlette says, in one line, which extra to install."""
        block(monkeypatch, "starlette", "uvicorn")
        for name in [m for m in sys.modules if m.startswith("tilegames.server")]:
            monkeypatch.delitem(sys.modules, name)
        monkeypatch.delattr(tilegames, "server", raising=False)
        status = main(["serve", "--port", "0"])
        captured = capsys.readouterr()
        assert status == 2
        assert captured.out == ""
        (line,) = captured.err.splitlines()
        assert line.startswith("tilegames: error: tilegames.server needs starlette")
        assert line.endswith('pip install "tilegames[server]"')
