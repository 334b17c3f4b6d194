"""Mutation testing of the rules, validation, chance, geometry, records, serialize and server code.

A small mutator built on :mod:`ast`, with no dependency beyond the test
extra (not run in CI). It makes one small fault at a time in a game's
``_moves.py``, ``_explicit.py`` (its explicit chance steps),
``_checks.py``, ``_validate.py`` or ``_rules.py``, the shared machinery
(``_core/``, its chance and generator code alone as ``chance``), a geometry
module, ``records``, ``serialize`` or the server (a flipped comparison,
a constant off by one, a dropped ``raise``...), writes it into a private copy
of the tree, runs the tests of that unit there, and reports which faults no
test noticed.

Usage (from the repository root)::

    python tools/mutation.py --unit aztack --sample 15 --seed 1
    python tools/mutation.py --unit polygon --module _validate --list
    python tools/mutation.py --unit records --unit chance --sample 12 --seed 28
    python tools/mutation.py --unit _core --unit serialize --unit server --unit geometry \
        --sample 12 --seed 46 --jobs 1
    python tools/mutation.py --unit axio --unit axio_rota --unit aztack --unit polygon \
        --module _explicit --sample 10 --seed 28 --jobs 2   # explicit chance, each game
    python tools/mutation.py --sample 8 --seed 27 --jobs 2 --tests cross   # 8 of each unit
    python tools/mutation.py --sample 8 --seed 27 --jobs 2 --tests cross --deep
    python tools/mutation.py --sample 8 --seed 27 --tests cross --tree ../old-checkout

The units are the four games (their ``_moves``, ``_explicit``, ``_checks``,
``_validate`` and ``_rules``; ``--module`` picks some), ``chance`` (``_core/chance.py`` and
``_core/rng.py``), ``_core`` (every module of ``src/tilegames/_core/``), the three
geometry modules (each alone, and together as ``geometry``), ``records``,
``serialize`` and ``server`` (``src/tilegames/server/``). A unit's modules are path
globs (``records.py``, ``records/*.py``, ``_records*.py``), so that a module split
into several keeps its unit. ``--deep`` runs the deep test tier
(``pytest --deep``) instead of the everyday one. ``--tree DIR`` runs the
tests of another checkout (``tests/``, ``docs/``, ``examples/``, its
``conftest.py`` and ``pyproject.toml``) against this checkout's ``src/``, so
that the same mutants judge two versions of the test suite.

The repository itself is never written to: ``src/``, ``tests/``, ``docs/``,
``examples/``, ``conftest.py`` and ``pyproject.toml`` are copied into a
temporary directory (one copy per job) and the mutants are written there.

Each mutant has a stable id, ``<path under src/tilegames>:<line>:<col>:<operator>``.
``line:col`` is where the mutated node starts or, for a binary operator or a
comparison, where its right operand starts. Mutants judged equivalent (no
test could tell them from the original) are listed in
``tools/mutation_equivalent.txt``, one id per line followed by the reason;
they are not run, and the score leaves them out:

    score = killed / (killed + survived + timeout)

Incompetent mutants (the module no longer compiles or imports, so no test
even starts) are counted but left out of the score. A timeout is counted
apart, and as not caught: a fault should fail an assertion, not hang.
"""

from __future__ import annotations

import argparse
import ast
import concurrent.futures
import copy
import dataclasses
import functools
import importlib.util
import os
import queue
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
"""The repository root: the tree that is copied, never written."""

EQUIVALENT_FILE = ROOT / "tools" / "mutation_equivalent.txt"
"""The mutants judged equivalent: ``<id> <reason>`` per line, ``#`` comments."""

GAMES = ("axio_rota", "axio", "aztack", "polygon")
"""The game packages under ``src/tilegames``."""

MODULES = ("_moves", "_explicit", "_checks", "_validate", "_rules")
"""The modules mutated in each game."""

KEYWORDS = {
    "axio_rota": "axio_rota or axio-rota",
    "axio": "axio and not axio_rota and not axio-rota",
    "aztack": "aztack",
    "polygon": "polygon",
}
"""The ``pytest -k`` expression that picks a game's tests out of the shared files."""


@dataclass(frozen=True)
class Unit:
    """What is mutated together, and the tests that should notice."""

    name: str
    """The unit's name on the command line: a game, ``geometry.square``, ``records``..."""
    patterns: tuple[str, ...]
    """The mutated modules: path globs from the repository root (``src/tilegames/records.py``,
    ``src/tilegames/records/*.py``...), so that a module split into several keeps its unit."""
    tests: tuple[str, ...]
    """The unit's own tests (the ``game`` selection): test folders, files, doctest modules."""
    keyword: str | None
    """The ``pytest -k`` expression that narrows the shared test files to the unit's tests
    (None: the unit's tests are run whole)."""

    @property
    def modules(self) -> tuple[str, ...]:
        """The mutated modules' paths from the repository root, found by :attr:`patterns`."""
        found = {
            path.relative_to(ROOT).as_posix()
            for pattern in self.patterns
            for path in ROOT.glob(pattern)
            if path.is_file() and "__pycache__" not in path.parts
        }
        return tuple(sorted(found))


def _game_tests(game: str) -> tuple[str, ...]:
    """The test modules of a game, its hand-built rules positions first.

    Named one by one (pytest would put a module given before its folder back in
    the folder's order): a fault that makes games endless (a seat passing for
    ever) then fails in the rules positions within a second instead of timing out.
    """
    first = f"tests/{game}/test_{game}_rules.py"
    rest = sorted(
        path.relative_to(ROOT).as_posix() for path in (ROOT / "tests" / game).glob("test_*.py")
    )
    return (first, *(path for path in rest if path != first))


def _game_unit(game: str) -> Unit:
    modules = tuple(f"src/tilegames/{game}/{module}.py" for module in MODULES)
    return Unit(
        game,
        modules,
        (
            *_game_tests(game),
            f"src/tilegames/{game}",
            "tests/test_limits.py",
            "tests/test_messages.py",
            "tests/test_wrong_types.py",
            "tests/test_arguments_hostile.py",
        ),
        KEYWORDS[game],
    )


def _split(name: str) -> tuple[str, ...]:
    """The paths a tooling module may have, whole or split.

    ``records.py``, ``records/*.py`` (a package), ``_records*.py`` (private
    parts beside it) and ``_records*/*.py``.
    """
    return (
        f"src/tilegames/{name}.py",
        f"src/tilegames/{name}/*.py",
        f"src/tilegames/_{name}*.py",
        f"src/tilegames/_{name}*/*.py",
    )


def _shared_unit(name: str, module: str, tests: tuple[str, ...], keyword: str) -> Unit:
    return Unit(name, (module,), (*tests, module), keyword)


UNITS = {
    unit.name: unit
    for unit in (
        *(_game_unit(game) for game in GAMES),
        _shared_unit(
            "geometry.square",
            "src/tilegames/geometry/square.py",
            ("tests/test_geometry_square.py", "tests/axio_rota"),
            "square or axio_rota or axio-rota",
        ),
        _shared_unit(
            "geometry.hexagon",
            "src/tilegames/geometry/hexagon.py",
            ("tests/test_geometry_hexagon.py", "tests/axio", "tests/polygon"),
            "hexagon or axio or polygon",
        ),
        _shared_unit(
            "geometry.pyramid",
            "src/tilegames/geometry/pyramid.py",
            ("tests/test_geometry_pyramid.py", "tests/aztack"),
            "pyramid or aztack",
        ),
        Unit(
            "geometry",
            ("src/tilegames/geometry/*.py",),
            (  # each module's own tests, then the games' rules built on them
                "tests/test_geometry_square.py",
                "tests/test_geometry_hexagon.py",
                "tests/test_geometry_pyramid.py",
                "src/tilegames/geometry",
                *(f"tests/{game}/test_{game}_rules.py" for game in GAMES),
                *(f"tests/{game}/test_{game}_reference.py" for game in GAMES),
            ),
            None,
        ),
        Unit(
            "chance",
            ("src/tilegames/_core/chance.py", "src/tilegames/_core/rng.py"),
            (  # the generator's tests first: a broken generator fails its pinned values fast
                "tests/test_rng.py",
                "tests/test_chance.py",
                "tests/test_golden_chance.py",
                "tests/test_arguments_hostile.py",
                *(f"tests/{game}/test_{game}_chance.py" for game in GAMES),
                "src/tilegames/_core/chance.py",
                "src/tilegames/_core/rng.py",
            ),
            "chance or rng or explicit or random",
        ),
        Unit(
            "_core",
            ("src/tilegames/_core/*.py",),
            (  # the shared machinery's own tests (the bit tables' bounded edges first, as a
                # faulty table would make later tests loop), then every game's limits and messages
                "tests/test_bits.py",
                "tests/test_core.py",
                "tests/test_rng.py",
                "tests/test_chance.py",
                "tests/test_tracks.py",
                "tests/test_choices.py",
                "tests/test_extras.py",
                "tests/test_limits.py",
                "tests/test_messages.py",
                "tests/test_wrong_types.py",
                "tests/test_arguments_hostile.py",
                "tests/test_golden_chance.py",
                "tests/test_text_boards.py",
                "tests/test_declared_options.py",
                "tests/test_declared_words.py",
                "tests/test_game_faces.py",
                "tests/test_render.py",
                "tests/test_render_choices.py",
                "tests/envs/test_encoding.py",
                "src/tilegames/_core",
            ),
            None,
        ),
        Unit(
            "records",
            _split("records"),
            (  # the pinned edges and messages first: they fail in a second, not after shrinking
                "tests/test_limits.py",
                "tests/test_messages.py",
                "tests/test_records.py",
                "tests/test_cli_records.py",
                "tests/test_arguments_hostile.py",
                "docs/guides/records.rst",
                *_split("records"),
            ),
            "record or replay",
        ),
        Unit(
            "serialize",
            _split("serialize"),
            (
                "tests/test_serialize.py",
                "tests/test_serialize_compiled.py",
                "tests/test_documents_hostile.py",
                "tests/test_public_view.py",
                "tests/test_limits.py",
                "tests/test_messages.py",
                "tests/test_schema.py",
                "tests/test_game_faces.py",
                "docs/api_frontend.rst",
                *_split("serialize"),
            ),
            None,
        ),
        Unit(
            "server",
            ("src/tilegames/server/*.py",),
            (
                "tests/test_server.py",
                "tests/test_server_page.py",
                "tests/test_server_store.py",
                "tests/test_server_traffic.py",
                "tests/test_server_damage.py",
                "tests/test_server_bots.py",
                "tests/test_openapi.py",
                "tests/test_limits.py",
                "tests/test_messages.py",
                "src/tilegames/server",
            ),
            None,
        ),
    )
}
"""Every unit, by name: the four games (their rules, checks and chance modules), chance,
``_core``, the geometry modules (each, and all three as ``geometry``), records, serialize
and the server."""

SELECTIONS = ("game", "conformance", "cross")
"""The test selections, each one wider than the one before.

``game``: the unit's own tests (for a game ``tests/<game>/``, the doctests
of the game package, and the limit, message, wrong-type and hostile-argument
tests); ``conformance``: and ``tests/test_conformance.py`` for the units
narrowed with ``-k`` (the games, a geometry module alone, chance, records:
the units without a keyword, ``_core``, ``geometry``, ``serialize`` and
``server``, name their own tests and run them whole); ``cross``: and every
other ``tests/test_*.py``; narrowed with ``-k`` to the unit's tests where
the unit has a keyword (for a geometry module, those of the games built on
it; for chance, the tests named for chance, rng, explicit or random; for
records, the tests named for records or replay).
"""

KILLED, SURVIVED, TIMEOUT, INCOMPETENT, EQUIVALENT = (
    "killed",
    "survived",
    "timeout",
    "incompetent",
    "equivalent",
)
STATUSES = (KILLED, SURVIVED, TIMEOUT, INCOMPETENT, EQUIVALENT)
"""The outcomes of a mutant, in the order the report lists them."""

_COMPARE_FLIPS: dict[type[ast.cmpop], type[ast.cmpop]] = {
    ast.Lt: ast.LtE,
    ast.LtE: ast.Lt,
    ast.Gt: ast.GtE,
    ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
}
_BINOP_FLIPS: dict[type[ast.operator], type[ast.operator]] = {ast.Add: ast.Sub, ast.Sub: ast.Add}
_BOOLOP_FLIPS: dict[type[ast.boolop], type[ast.boolop]] = {ast.And: ast.Or, ast.Or: ast.And}


@dataclass(frozen=True)
class Mutant:
    """One fault in one module: where it is, what it changes, and the text edit that makes it."""

    id: str
    """``<module path>:<line>:<col>:<operator>``, stable while the code above stays."""
    game: str
    """The unit, such as ``aztack`` or ``records``."""
    path: str
    """The module's path from the repository root."""
    line: int
    """The first line the mutant changes (1-based)."""
    before: str
    """The original source of the changed code, on one line."""
    after: str
    """The mutated source, on one line."""
    start: int
    """Where the text edit starts in the module's source (a character offset)."""
    end: int
    """Where the text edit ends."""
    text: str
    """The text that replaces ``source[start:end]``."""
    index: int
    """The position of the mutated node in ``ast.walk`` order, to check the edit."""
    new: ast.AST | None
    """The node put in its place, or None when an ``if`` body becomes ``pass``."""


@dataclass(frozen=True)
class Result:
    """What the tests made of one mutant."""

    mutant: Mutant
    status: str
    """One of :data:`STATUSES`."""
    seconds: float
    """Wall-clock time of its test run."""
    detail: str = ""
    """The first failing test, or why it was incompetent."""


# --- making mutants ---------------------------------------------------------


def _is_docstring(node: ast.stmt) -> bool:
    return (
        isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
    )


def _skipped_ids(tree: ast.Module) -> set[int]:
    """The ids of the nodes never mutated: annotations, ``__all__``, f-strings, docstrings."""
    skipped: list[ast.AST] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.AnnAssign | ast.arg) and node.annotation is not None:
            skipped.append(node.annotation)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.returns:
            skipped.append(node.returns)
        if isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and t.id == "__all__" for t in targets):
                skipped.append(node)
        if (
            isinstance(node, ast.JoinedStr)
            or (isinstance(node, ast.If) and _is_type_checking(node.test))
            or (isinstance(node, ast.Call) and _call_name(node) in {"TypeVar", "cast"})
        ):
            skipped.append(node)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            skipped.extend(stmt for stmt in node.body if _is_docstring(stmt))
    return {id(sub) for node in skipped for sub in ast.walk(node)}


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _call_name(node: ast.Call) -> str:
    func = node.func
    if isinstance(func, ast.Name):
        return func.id
    return func.attr if isinstance(func, ast.Attribute) else ""


def _const(value: int) -> ast.expr:
    if value < 0:
        return ast.UnaryOp(ast.USub(), ast.Constant(-value))
    return ast.Constant(value)


def _edits(node: ast.AST) -> Iterator[tuple[ast.AST, str, ast.AST]]:
    """Each mutation of ``node``: the node whose position names it, the operator, the new node."""
    if isinstance(node, ast.Compare):
        for index, op in enumerate(node.ops):
            flip = _COMPARE_FLIPS.get(type(op))
            if flip is not None:
                new = copy.deepcopy(node)
                new.ops[index] = flip()
                name = f"{type(op).__name__}->{flip.__name__}"
                yield node.comparators[index], name, new
    elif isinstance(node, ast.BinOp):
        binop = _BINOP_FLIPS.get(type(node.op))
        if binop is not None:
            new_bin = copy.deepcopy(node)
            new_bin.op = binop()
            yield node.right, f"{type(node.op).__name__}->{binop.__name__}", new_bin
    elif isinstance(node, ast.BoolOp):
        boolop = _BOOLOP_FLIPS[type(node.op)]
        new_bool = copy.deepcopy(node)
        new_bool.op = boolop()
        yield node.values[1], f"{type(node.op).__name__}->{boolop.__name__}", new_bool
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        yield node, "Not->drop", node.operand
    elif isinstance(node, ast.Constant) and type(node.value) is bool:
        yield node, f"{node.value}->{not node.value}", ast.Constant(not node.value)
    elif isinstance(node, ast.Constant) and type(node.value) is int:
        yield node, "int+1", _const(node.value + 1)
        yield node, "int-1", _const(node.value - 1)
    elif isinstance(node, ast.Call) and _call_name(node) == "range" and not node.keywords:
        names = ("stop",) if len(node.args) == 1 else ("start", "stop", "step")
        for index, (arg, name) in enumerate(zip(node.args, names, strict=False)):
            if isinstance(arg, ast.Constant) or name == "step":
                continue  # a constant bound is already an int+1 / int-1 mutant
            for sign, step in (("+1", ast.Add()), ("-1", ast.Sub())):
                new_call = copy.deepcopy(node)
                new_call.args[index] = ast.BinOp(copy.deepcopy(arg), step, ast.Constant(1))
                yield arg, f"range.{name}{sign}", new_call
    elif isinstance(node, ast.Return | ast.Raise):
        yield node, f"{type(node).__name__}->pass", ast.Pass()


def _span(lines: Sequence[str], node: ast.AST) -> tuple[int, int]:
    """The character offsets of ``node`` (an expression or statement) in ``"".join(lines)``."""
    if not isinstance(node, ast.expr | ast.stmt):
        raise TypeError(f"no position: {ast.dump(node)}")
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))
    # ast columns count UTF-8 bytes; convert them to characters.
    first = lines[node.lineno - 1].encode()[: node.col_offset].decode()
    end_lineno = node.end_lineno if node.end_lineno is not None else node.lineno
    end_col = node.end_col_offset if node.end_col_offset is not None else node.col_offset
    last = lines[end_lineno - 1].encode()[:end_col].decode()
    return starts[node.lineno - 1] + len(first), starts[end_lineno - 1] + len(last)


@functools.cache
def original_source(relative: str) -> str:
    """The module at ``relative``, read once: mutants, copies and restores all use this text.

    Others may edit the repository while a run lasts; reading each module once
    keeps every offset of every mutant true to the text it was made from.
    """
    return (ROOT / relative).read_text(encoding="utf-8")


def _one_line(text: str) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= 110 else flat[:107] + "..."


def mutants_of(unit: str, relative: str) -> list[Mutant]:
    """Every mutant of the module at ``relative`` (of the unit named ``unit``), in source order."""
    source = original_source(relative)
    lines = source.splitlines(keepends=True)
    tree = ast.parse(source)
    skipped = _skipped_ids(tree)
    found: list[Mutant] = []
    for index, node in enumerate(ast.walk(tree)):
        if id(node) in skipped:
            continue
        for where, name, new in _edits(node):
            start, end = _span(lines, node)
            before, after = _diff_line(source, start, end, ast.unparse(new))
            found.append(
                Mutant(
                    id=_id(relative, where, name),
                    game=unit,
                    path=relative,
                    line=getattr(node, "lineno", 1),
                    before=before,
                    after=after,
                    start=start,
                    end=end,
                    text=ast.unparse(new),
                    index=index,
                    new=new,
                )
            )
        if isinstance(node, ast.If) and not (
            len(node.body) == 1 and isinstance(node.body[0], ast.Pass)
        ):
            start, _ = _span(lines, node.body[0])
            _, end = _span(lines, node.body[-1])
            test = _one_line(ast.unparse(node.test))
            found.append(
                Mutant(
                    id=_id(relative, node, "If.body->pass"),
                    game=unit,
                    path=relative,
                    line=node.lineno,
                    before=_one_line(f"if {test}: {source[start:end]}"),
                    after=f"if {test}: pass",
                    start=start,
                    end=end,
                    text="pass",
                    index=index,
                    new=None,
                )
            )
    found.sort(key=lambda m: (m.line, m.start, m.id))
    seen: Counter[str] = Counter()
    result = []
    for mutant in found:  # two mutants with one place and operator are told apart by ~2, ~3
        seen[mutant.id] += 1
        if seen[mutant.id] > 1:
            mutant = dataclasses.replace(mutant, id=f"{mutant.id}~{seen[mutant.id]}")
        result.append(mutant)
    return result


def _diff_line(source: str, start: int, end: int, text: str) -> tuple[str, str]:
    """The one-line diff of an edit: its whole line before and after, or the node alone."""
    if "\n" in source[start:end]:
        return _one_line(source[start:end]), _one_line(text)
    first = source.rfind("\n", 0, start) + 1
    last = source.find("\n", end)
    last = len(source) if last < 0 else last
    return (
        _one_line(source[first:last]),
        _one_line(source[first:start] + text + source[end:last]),
    )


def _id(relative: str, where: ast.AST, name: str) -> str:
    module = relative.removeprefix("src/tilegames/")
    return f"{module}:{getattr(where, 'lineno', 1)}:{getattr(where, 'col_offset', 0)}:{name}"


def mutated_source(mutant: Mutant) -> str:
    """The whole module with the mutant in it.

    The mutant is a text edit, so the rest of the file (comments, layout, line
    numbers) stays as it was. The edit is checked against the same change made
    on the syntax tree; should they disagree (an operator precedence the edit
    did not foresee), the module is written from the tree instead.
    """
    source = original_source(mutant.path)
    edited = source[: mutant.start] + mutant.text + source[mutant.end :]
    expected = _swapped(ast.parse(source), mutant)
    try:
        if ast.dump(ast.parse(edited)) == ast.dump(expected):
            return edited
    except SyntaxError:
        pass
    return ast.unparse(expected) + "\n"


def _swapped(tree: ast.Module, mutant: Mutant) -> ast.Module:
    """``tree`` with the mutant's change made on the node at ``mutant.index``."""
    target = next(node for i, node in enumerate(ast.walk(tree)) if i == mutant.index)
    new = mutant.new

    class Swap(ast.NodeTransformer):
        def visit(self, node: ast.AST) -> ast.AST:
            if node is not target:
                visited: ast.AST = super().visit(node)
                return visited
            if isinstance(node, ast.If) and new is None:
                node.body = [ast.Pass()]
                return node
            return copy.deepcopy(new) if new is not None else node

    swapped = ast.fix_missing_locations(Swap().visit(tree))
    if not isinstance(swapped, ast.Module):
        raise TypeError("the module itself cannot be swapped")
    return swapped


# --- running the tests ------------------------------------------------------


def make_copy(into: Path, tree: Path = ROOT) -> Path:
    """Copy what the tests read into ``into``; return the copy's root.

    That is this checkout's ``src/``, and from ``tree`` (by default this
    checkout too) ``tests/``, ``docs/``, ``examples/``, ``conftest.py`` and
    ``pyproject.toml``.
    """
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".hypothesis", ".pytest_cache")
    shutil.copytree(ROOT / "src", into / "src", ignore=ignore)
    for name in ("tests", "docs", "examples"):
        shutil.copytree(tree / name, into / name, ignore=ignore)
    for name in ("pyproject.toml", "conftest.py"):
        if (tree / name).exists():
            shutil.copy2(tree / name, into / name)
    for unit in UNITS.values():
        for relative in unit.modules:
            (into / relative).write_text(original_source(relative), encoding="utf-8")
    with (into / "tests" / "conftest.py").open("a", encoding="utf-8") as conftest:
        conftest.write(_PROFILE)
    return into


_PROFILE = """

# Added by tools/mutation.py to its copy: the same examples for every mutant,
# and no example database, so that one mutant's failures never leak into the next.
# "mutation" keeps the examples of the everyday profile ("default"); "mutation-deep"
# those of the deep tier's profile, where the suite has one.
settings.register_profile(
    "mutation", settings.get_profile("default"), database=None, derandomize=True
)
try:
    settings.register_profile(
        "mutation-deep", settings.get_profile("deep"), database=None, derandomize=True
    )
except Exception:  # a suite without tiers: its one profile
    settings.register_profile(
        "mutation-deep", settings.get_profile("default"), database=None, derandomize=True
    )
"""


def pytest_command(game: str, selection: str, root: Path = ROOT, deep: bool = False) -> list[str]:
    """The pytest arguments, relative to a copy's root, that run the unit's selected tests.

    ``root`` is the tree whose ``tests/test_*.py`` files make the ``cross``
    selection; ``deep`` runs the deep tier.
    """
    unit = UNITS[game]
    paths = _existing(root, unit.tests)
    conformance = selection == "cross" or (selection == "conformance" and unit.keyword)
    if conformance and "tests/test_conformance.py" not in paths:
        paths.append("tests/test_conformance.py")
    if selection == "cross":
        paths += sorted(
            f"tests/{path.name}"
            for path in (root / "tests").glob("test_*.py")
            if f"tests/{path.name}" not in paths
        )
    plugins = ["-p", "no:cacheprovider"]
    if importlib.util.find_spec("xdist") is not None:
        plugins += ["-n", "0"]
    if importlib.util.find_spec("pytest_randomly") is not None:
        plugins += ["-p", "no:randomly"]
    if deep:
        tier = ["--deep", "--hypothesis-profile=mutation-deep"]
    else:
        tier = ["--hypothesis-profile=mutation"]
    return [
        sys.executable,
        "-m",
        "pytest",
        *paths,
        *(("-k", unit.keyword) if unit.keyword is not None else ()),
        *plugins,
        "-x",
        "-q",
        "--no-header",
        "--tb=line",
        *tier,
    ]


def _existing(root: Path, tests: Sequence[str]) -> list[str]:
    """The unit's test paths that exist under ``root``, a glob (``records/*.py``) expanded."""
    found: list[str] = []
    for entry in tests:
        if any(mark in entry for mark in "*?["):
            matched = sorted(
                path.relative_to(root).as_posix()
                for path in root.glob(entry)
                if "__pycache__" not in path.parts
            )
        else:
            matched = [entry] if (root / entry).exists() else []
        found += [path for path in matched if path not in found]
    return found


def _environment(root: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(root / "src")
    env["PYTHONDONTWRITEBYTECODE"] = "1"  # a stale .pyc must never stand in for a mutant
    env["PYTHONHASHSEED"] = "0"
    return env


def run_tests(
    root: Path, game: str, selection: str, timeout: float, deep: bool = False
) -> tuple[int | None, float, str]:
    """Run the selection in the copy at ``root`` (the deep tier with ``deep``).

    Returns:
        The exit code (None on a timeout), the seconds it took, and pytest's output.
    """
    started = time.perf_counter()
    with subprocess.Popen(
        pytest_command(game, selection, root, deep),
        cwd=root,
        env=_environment(root),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    ) as process:
        try:
            output, _ = process.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
            return None, time.perf_counter() - started, ""
    return process.returncode, time.perf_counter() - started, output


def _first_failure(output: str) -> str:
    for line in output.splitlines():
        if line.startswith(("FAILED ", "ERROR ")):
            return _one_line(line)
    lines = [line for line in output.splitlines() if line.strip()]
    return _one_line(lines[-1]) if lines else ""


def run_mutant(
    mutant: Mutant, root: Path, selection: str, timeout: float, deep: bool = False
) -> Result:
    """Write ``mutant`` into the copy at ``root``, run its unit's tests, restore the module."""
    target = root / mutant.path
    original = original_source(mutant.path)
    source = mutated_source(mutant)
    try:
        compile(source, str(target), "exec")
    except SyntaxError as error:
        return Result(mutant, INCOMPETENT, 0.0, f"does not compile: {error}")
    target.write_text(source, encoding="utf-8")
    try:
        code, seconds, output = run_tests(root, mutant.game, selection, timeout, deep)
        imports = code is None or code == 0 or _imports(root, mutant.path)
    finally:
        target.write_text(original, encoding="utf-8")
    if code is None:
        return Result(mutant, TIMEOUT, seconds, f"over {timeout:.0f} s")
    if code == 0:
        return Result(mutant, SURVIVED, seconds)
    if _COLLECTION_ERROR.search(output) and not imports:  # the game itself does not import
        return Result(mutant, INCOMPETENT, seconds, _first_failure(output))
    if code == 1:
        return Result(mutant, KILLED, seconds, _first_failure(output))
    return Result(mutant, KILLED, seconds, f"pytest exit {code}: {_first_failure(output)}")


def _imports(root: Path, relative: str) -> bool:
    """Whether the (mutated) module at ``relative`` imports in the copy at ``root``.

    A test module that fails while being collected, because a position it
    builds at import time now raises, has caught the fault: only a module
    that no longer imports at all makes a mutant incompetent.
    """
    env = {**os.environ, "PYTHONPATH": str(root / "src")}
    module = relative.removeprefix("src/").removesuffix(".py").replace("/", ".")
    command = [sys.executable, "-c", f"import {module}"]
    return subprocess.run(command, env=env, capture_output=True, check=False).returncode == 0


_COLLECTION_ERROR = re.compile(r"^ERROR [^\s:]+(\s|$)", re.MULTILINE)
"""pytest's summary line for a file that failed to import (a test's own error has ``::``)."""


# --- choosing, recording, reporting -----------------------------------------


def read_equivalent(path: Path = EQUIVALENT_FILE) -> dict[str, str]:
    """The equivalent mutants: id to reason."""
    if not path.exists():
        return {}
    found = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            mutant_id, _, reason = line.partition(" ")
            found[mutant_id] = reason.strip()
    return found


def choose(mutants: Sequence[Mutant], sample: int | None, seed: int) -> list[Mutant]:
    """``sample`` mutants drawn with ``seed`` (all when None), in source order."""
    if sample is None or sample >= len(mutants):
        return list(mutants)
    chosen = set(random.Random(seed).sample(range(len(mutants)), sample))
    return [mutant for index, mutant in enumerate(mutants) if index in chosen]


def score(results: Sequence[Result]) -> tuple[int, int]:
    """(killed, killed + survived + timeout): equivalent and incompetent mutants are left out."""
    counts = Counter(result.status for result in results)
    return counts[KILLED], counts[KILLED] + counts[SURVIVED] + counts[TIMEOUT]


def report(results: Sequence[Result], stale: Sequence[str]) -> str:
    """The per-module counts, the score, and one line per survivor and timeout."""
    by_module: dict[str, Counter[str]] = {}
    for result in results:
        by_module.setdefault(result.mutant.path, Counter())[result.status] += 1
    width = max([len(path) for path in by_module] + [6])
    lines = ["", f"{'module':<{width}}  " + "  ".join(f"{s:>11}" for s in STATUSES)]
    for path, counts in sorted(by_module.items()):
        lines.append(f"{path:<{width}}  " + "  ".join(f"{counts[s]:>11}" for s in STATUSES))
    killed, scored = score(results)
    percent = f"{100 * killed / scored:.1f}%" if scored else "n/a"
    ran = [result.seconds for result in results if result.seconds > 0]
    mean = sum(ran) / len(ran) if ran else 0.0
    lines += [
        "",
        f"score: {killed}/{scored} = {percent} killed "
        f"(of {len(results)} mutants; equivalent and incompetent left out)",
        f"time: {sum(ran):.0f} s of tests, {mean:.1f} s per mutant",
    ]
    for status in (SURVIVED, TIMEOUT):
        shown = [result for result in results if result.status == status]
        if shown:
            lines += ["", f"{status}: write a test that catches each, or list it as equivalent"]
        for result in shown:
            mutant = result.mutant
            lines += [f"  {mutant.id}", f"    - {mutant.before}", f"    + {mutant.after}"]
    if stale:
        lines += ["", "equivalent ids that match no mutant any more (code moved?):"]
        lines += [f"  {mutant_id}" for mutant_id in stale]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the mutants chosen by the command line; return the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--unit",
        "--game",
        dest="unit",
        choices=list(UNITS),
        action="append",
        help="default: every unit (the four games, chance, _core, geometry.square, "
        "geometry.hexagon, geometry.pyramid, geometry, records, serialize, server)",
    )
    parser.add_argument(
        "--module",
        choices=MODULES,
        action="append",
        help="a game's modules to mutate (default: all five)",
    )
    parser.add_argument(
        "--sample", type=int, help="run this many mutants of each unit, drawn at random"
    )
    parser.add_argument("--seed", type=int, default=0, help="the seed of the sample")
    parser.add_argument("--jobs", type=int, default=1, help="mutants run at once (one copy each)")
    parser.add_argument(
        "--tests",
        choices=SELECTIONS,
        default="conformance",
        help="game: the unit's own tests (for a game tests/<game>/ and its doctests); "
        "conformance (default): and test_conformance.py (for the units narrowed with -k); "
        "cross: and every tests/test_*.py; narrowed with -k to the unit's tests where the "
        "unit has a keyword",
    )
    parser.add_argument(
        "--deep", action="store_true", help="run the deep test tier (pytest --deep)"
    )
    parser.add_argument(
        "--tree",
        type=Path,
        default=ROOT,
        help="run the tests of this checkout (tests/, docs/, examples/, conftest.py, "
        "pyproject.toml) against this checkout's src/ (default: this checkout)",
    )
    parser.add_argument(
        "--timeout", type=float, help="seconds per mutant (default: 3 x the clean run + 30)"
    )
    parser.add_argument("--list", action="store_true", help="list the chosen mutants, run none")
    args = parser.parse_args(argv)
    units = [UNITS[name] for name in args.unit or UNITS]
    modules = args.module or list(MODULES)
    tree = args.tree.resolve()

    def mutated(unit: Unit) -> list[str]:
        """The unit's modules, a game's narrowed to ``--module``."""
        return [m for m in unit.modules if unit.name not in GAMES or Path(m).stem in modules]

    chosen = [
        mutant
        for unit in units
        for mutant in choose(
            [m for relative in mutated(unit) for m in mutants_of(unit.name, relative)],
            args.sample,
            args.seed,
        )
    ]
    equivalent = read_equivalent()
    known = {
        m.id
        for unit in UNITS.values()
        for path in unit.modules
        for m in mutants_of(unit.name, path)
    }
    stale = sorted(set(equivalent) - known)
    print(f"{len(known)} mutants in all, {len(chosen)} chosen", flush=True)
    if args.list:
        for mutant in chosen:
            print(f"{mutant.id}\n    - {mutant.before}\n    + {mutant.after}")
        return 0

    results = [Result(m, EQUIVALENT, 0.0, equivalent[m.id]) for m in chosen if m.id in equivalent]
    to_run = [mutant for mutant in chosen if mutant.id not in equivalent]
    with tempfile.TemporaryDirectory(prefix="tilegames-mutation-") as temporary:
        roots = [make_copy(Path(temporary) / f"job{n}", tree) for n in range(max(1, args.jobs))]
        timeouts = {}
        tier = "deep" if args.deep else "everyday"
        print(f"tests of {tree}, {tier} tier", flush=True)
        for game in sorted({mutant.game for mutant in to_run}):
            code, seconds, output = run_tests(roots[0], game, args.tests, 3600, args.deep)
            print(f"clean run of {game} ({args.tests}): {seconds:.1f} s", flush=True)
            if code != 0:
                print(output[-3000:])
                print(f"the unmutated tests of {game} fail: fix them first", file=sys.stderr)
                return 2
            timeouts[game] = args.timeout or 3 * seconds + 30
        free: queue.Queue[Path] = queue.Queue()
        for root in roots:
            free.put(root)

        def work(mutant: Mutant) -> Result:
            root = free.get()
            try:
                return run_mutant(mutant, root, args.tests, timeouts[mutant.game], args.deep)
            finally:
                free.put(root)

        with concurrent.futures.ThreadPoolExecutor(max_workers=len(roots)) as pool:
            for done, result in enumerate(pool.map(work, to_run), start=1):
                results.append(result)
                print(
                    f"[{done}/{len(to_run)}] {result.status:<11} {result.seconds:5.1f} s  "
                    f"{result.mutant.id}",
                    flush=True,
                )
    print(report(results, stale))
    return 0


if __name__ == "__main__":
    sys.exit(main())
