"""The package's arrows point one way: games -> geometry and _core; tools -> games via Rules.

Read from the source with :mod:`ast`, so a stray import fails here before it
tangles the layout: ``_core`` and ``geometry`` import nothing above them, a
game imports only ``_core``, ``geometry`` and itself, and no tool names a
game module.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "tilegames"
GAMES = ("axio", "axio_rota", "aztack", "polygon")
TOOLS = (
    "serialize.py",
    "records.py",
    "plot.py",
    "render",
    "agents.py",
    "simulate.py",
    "testing",
    "cli.py",
    "envs",
)


def imports(path: Path) -> set[str]:
    """Every tilegames module a file imports (``from tilegames import x`` counts as x)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            if node.module == "tilegames":
                found.update(f"tilegames.{alias.name}" for alias in node.names)
    return {name for name in found if name.split(".")[0] == "tilegames"}


def files(*parts: str) -> list[Path]:
    """The Python files of a module or package under src/tilegames."""
    place = SRC.joinpath(*parts)
    return sorted(place.rglob("*.py")) if place.is_dir() else [place]


@pytest.mark.parametrize("layer", ["_core", "geometry"])
def test_bottom_layers_import_nothing_above(layer: str) -> None:
    """_core and geometry import only _core (and geometry its own modules)."""
    allowed = (
        ("tilegames._core",) if layer == "_core" else ("tilegames._core", "tilegames.geometry")
    )
    for path in files(layer):
        for name in imports(path):
            assert name.startswith(allowed), f"{path.relative_to(SRC)} imports {name}"


@pytest.mark.parametrize("game", GAMES)
def test_games_import_only_the_bottom_and_themselves(game: str) -> None:
    """A game package imports _core, geometry and its own modules, never a tool or another game."""
    allowed = ("tilegames._core", "tilegames.geometry", f"tilegames.{game}.", f"tilegames.{game}")
    for path in files(game):
        for name in imports(path):
            own = name == f"tilegames.{game}" or name.startswith(f"tilegames.{game}.")
            assert own or name.startswith(allowed[:2]), f"{path.relative_to(SRC)} imports {name}"


@pytest.mark.parametrize("tool", TOOLS)
def test_tools_never_name_a_game(tool: str) -> None:
    """Tools reach games through the registry and Rules, never by importing a game module."""
    for path in files(tool):
        for name in imports(path):
            parts = name.split(".")
            assert len(parts) < 2 or parts[1] not in GAMES, (
                f"{path.relative_to(SRC)} imports {name}"
            )
            source = path.read_text()
            assert "__module__ ==" not in source
            assert "__module__ !=" not in source


def test_every_game_is_a_package_with_the_same_cut() -> None:
    """Each game has the same private modules, so a reader who knows one knows all."""
    cut = {"__init__", "_model", "_tables", "_rules", "_notation", "_validate", "_agents", "_draw"}
    cut |= {"_choices", "_encoding"}
    for game in GAMES:
        modules = {path.stem for path in files(game)}
        assert cut <= modules, f"{game} lacks {sorted(cut - modules)}"
        extra = modules - cut - {"_moves", "_chance"}
        assert not extra, f"{game} has {sorted(extra)}"
        for path in files(game):
            lines = len(path.read_text().splitlines())
            assert lines <= 800, f"{path.relative_to(SRC)} has {lines} lines"
