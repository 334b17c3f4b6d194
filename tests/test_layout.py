"""The package's arrows point one way, between packages and inside each game.

Read from the source with :mod:`ast`, so a stray import fails here before it
tangles the layout:

* ``_core`` and ``geometry`` import nothing above them, a game imports only
  ``_core``, ``geometry`` and itself, and no tool names a game module;
* every game package has the same modules, in the order of :data:`ORDER`
  (the development guide's table of a game's modules, checked against it
  here), and each module imports only modules before it: at the top, under
  ``TYPE_CHECKING`` or inside a function alike. The one exception is a
  display method of ``_model`` (a state prints its board, a move its
  notation), which may import ``_draw`` or ``_notation`` when it runs;
* library code reaches errors, the generator and the chance helpers through
  ``_core``; ``tilegames.errors``, ``tilegames.rng`` and ``tilegames.chance``
  are the public homes, for users;
* no module of ``src/`` is over 800 lines (:data:`MAX_LINES`), none ranks
  below A on maintainability and no function ranks D or worse on
  cyclomatic complexity (radon, the ``lint`` extra; deep tier).
"""

from __future__ import annotations

import ast
import functools
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "tilegames"
GAMES = ("axio", "axio_rota", "aztack", "polygon")
TOOLS = (
    "serialize",
    "records",
    "plot.py",
    "render",
    "agents.py",
    "simulate",
    "testing",
    "cli",
    "envs",
)

ORDER: tuple[tuple[str, ...], ...] = (
    ("_model",),
    ("_tables",),
    ("_notation",),
    ("_checks",),
    ("_moves",),
    ("_explicit",),
    ("_validate",),
    ("_rules",),
    ("_agents", "_draw", "_encoding", "_choices"),
    ("__init__",),
)
"""A game's modules, bottom first; modules of one row never import each other."""

RANK = {module: rank for rank, row in enumerate(ORDER) for module in row}
DISPLAY = {"__str__", "__repr__", "__format__", "_repr_svg_", "_repr_html_"}
"""The methods of ``_model`` that may import ``_draw`` or ``_notation`` when called."""

MAX_LINES = 800


@functools.cache
def parsed(path: Path) -> ast.Module:
    """A file's syntax tree, parsed once for all the tests of a run."""
    return ast.parse(path.read_text())


@functools.cache
def import_nodes(path: Path) -> tuple[ast.Import | ast.ImportFrom, ...]:
    """Every import statement of a file, at any depth (inside functions too)."""
    return tuple(
        node for node in ast.walk(parsed(path)) if isinstance(node, (ast.Import, ast.ImportFrom))
    )


def imports(path: Path) -> set[str]:
    """Every tilegames module a file imports (``from tilegames import x`` counts as x)."""
    found: set[str] = set()
    for node in import_nodes(path):
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


def module_of(path: Path) -> str:
    """The dotted name of a file under src/."""
    parts = path.relative_to(SRC.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def targets(path: Path, node: ast.Import | ast.ImportFrom) -> Iterator[str]:
    """The absolute names an import statement of ``path`` reaches, relative ones resolved."""
    if isinstance(node, ast.Import):
        yield from (alias.name for alias in node.names)
        return
    package = module_of(path).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    if node.level:
        base = package[: len(package) - node.level + 1]
        module = ".".join([*base, node.module] if node.module else base)
    else:
        module = node.module or ""
    yield module
    yield from (f"{module}.{alias.name}" for alias in node.names)


def sibling_imports(game: str, path: Path) -> Iterator[tuple[str, str | None, int]]:
    """Each module of ``game`` that ``path`` imports: (module, enclosing function, line)."""
    prefix = f"tilegames.{game}."

    def walk(node: ast.AST, function: str | None) -> Iterator[tuple[str, str | None, int]]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                reached = {
                    name[len(prefix) :].split(".")[0] if name.startswith(prefix) else "__init__"
                    for name in targets(path, child)
                    if name.startswith(prefix) or name == f"tilegames.{game}"
                }
                yield from ((module, function, child.lineno) for module in sorted(reached))
            inner = (
                child.name if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) else None
            )
            yield from walk(child, inner or function)

    yield from walk(parsed(path), None)


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
    allowed = ("tilegames._core", "tilegames.geometry")
    for path in files(game):
        for name in imports(path):
            own = name == f"tilegames.{game}" or name.startswith(f"tilegames.{game}.")
            assert own or name.startswith(allowed), f"{path.relative_to(SRC)} imports {name}"


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


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_the_modules_of_the_table(game: str) -> None:
    """Each game has exactly the modules of ORDER."""
    modules = {path.stem for path in files(game)}
    assert modules == set(RANK), (
        f"{game} lacks {sorted(set(RANK) - modules)}, has extra {sorted(modules - set(RANK))}"
    )


def test_no_module_is_over_800_lines() -> None:
    """Every module under src/ (games, _core, geometry, tools) stays within MAX_LINES."""
    long = [
        f"{path.relative_to(SRC)} has {lines} lines"
        for path in files(".")
        if (lines := len(path.read_text().splitlines())) > MAX_LINES
    ]
    assert not long, "\n".join(long)


@pytest.mark.deep_only("radon reads every module for 6 s")
def test_every_module_ranks_a_and_no_function_d() -> None:
    """radon: each module's maintainability index ranks A, each function C or better."""
    pytest.importorskip("radon", reason="radon comes with the lint extra")
    from radon.complexity import cc_rank, cc_visit
    from radon.metrics import mi_rank, mi_visit

    found = []
    for path in files("."):
        code = path.read_text()
        if (rank := mi_rank(mi_visit(code, multi=True))) != "A":
            found.append(f"{path.relative_to(SRC)}: maintainability rank {rank}")
        found += [
            f"{path.relative_to(SRC)}: {block.name} ranks {cc_rank(block.complexity)}"
            for block in cc_visit(code)
            if cc_rank(block.complexity) not in "ABC"
        ]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("game", GAMES)
def test_each_module_imports_only_modules_before_it(game: str) -> None:
    """Top-level, TYPE_CHECKING and function-local imports all point down the table."""
    wrong = []
    for path in files(game):
        for module, function, line in sibling_imports(game, path):
            where = f"{game}/{path.name}:{line} imports {module}"
            if function is not None and not (
                path.stem == "_model" and function in DISPLAY and module in ("_draw", "_notation")
            ):
                wrong.append(f"{where} inside {function}()")
            elif function is None and RANK.get(module, 99) >= RANK.get(path.stem, -1):
                wrong.append(where)
    assert not wrong, "\n".join(wrong)


def test_the_guide_lists_the_modules_in_this_order() -> None:
    """The development guide's table of a game's modules is ORDER, row by row."""
    text = (ROOT / "docs" / "development.rst").read_text()
    table = text.split(".. _game-modules:", 1)[1].split("\n\n\n", 1)[0]
    rows = [
        tuple(re.findall(r"``(_\w+|__init__)``", line.split("|")[1]))
        for line in table.splitlines()
        if line.startswith("|") and "``" in line.split("|")[1]
    ]
    assert tuple(rows) == ORDER


ONE_DOOR = {"errors": "_core.errors", "rng": "_core.rng", "chance": "_core.chance"}
PUBLIC_HOMES = {SRC / "errors.py", SRC / "rng.py", SRC / "chance.py", SRC / "__init__.py"}


def test_library_code_reaches_errors_rng_and_chance_through_core() -> None:
    """Inside src, ``tilegames.errors``/``rng``/``chance`` are imported only by their homes."""
    wrong = []
    for path in files("."):
        if path in PUBLIC_HOMES:
            continue
        for node in import_nodes(path):
            for name in targets(path, node):
                if name.removeprefix("tilegames.") in ONE_DOOR:
                    wrong.append(f"{path.relative_to(SRC)}:{node.lineno} imports {name}")
    assert not wrong, "\n".join(wrong)


def test_the_one_door_test_sees_every_spelling() -> None:
    """Absolute, ``from tilegames import``, dotted and relative spellings all resolve."""
    path = SRC / "render" / "_probe.py"
    spellings = {
        "import tilegames.rng": "tilegames.rng",
        "from tilegames import chance": "tilegames.chance",
        "from tilegames.errors import RulesError": "tilegames.errors",
        "from .. import rng": "tilegames.rng",
        "from ..chance import sample": "tilegames.chance",
    }
    for source, expected in spellings.items():
        (node,) = ast.parse(source).body
        assert isinstance(node, (ast.Import, ast.ImportFrom))
        assert expected in set(targets(path, node)), source
