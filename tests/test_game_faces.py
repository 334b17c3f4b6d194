"""One name, one meaning (issue 44, item 3): a name every game's face exports is one kind of thing.

The faces of all games are compared: a public name that every game exports
(``Move``, ``State``, ``View``, ``legal_moves``, ...) must be the same kind
of thing in each (a class, a union of classes, a function, a constant of
one type), and so must a field that every game's ``State`` (or ``View``)
has (``turn``, ``seat``, ...): an int in one and an optional seat in
another is two meanings under one name. ``RULES`` is typed
``GameRules[State, Move]`` in every face.

The differences still to resolve are listed in :data:`PENDING`, each with
why; the test fails on any other difference, and on a listed one that is
gone (so that the list only shrinks).
"""

from __future__ import annotations

import ast
import importlib
import inspect
import re
import types
import typing
from pathlib import Path
from typing import Any

import attrs
import pytest

GAMES = ("axio", "axio_rota", "aztack", "polygon")
SRC = Path(__file__).resolve().parents[1] / "src" / "tilegames"

PENDING: dict[tuple[str, str], str] = {
    ("face", "Move"): (
        "AXIO Rota's and Polygon's Move is still their placement class (AXIO's and Aztack's "
        "is the union of every move): the placement class is to be renamed Place"
    ),
    ("View", "turn"): (
        "Aztack's turn is the seat to move (None in the speed stack), the others' a number: "
        "Aztack's field is to get a name of its own"
    ),
    ("RULES", "axio_rota"): "typed GameRules[State, AnyMove] until its Move is the union",
    ("RULES", "polygon"): "typed GameRules[State, AnyMove] until its Move is the union",
}
"""The differences known and not yet resolved, with why."""


def face(game: str) -> Any:
    return importlib.import_module(f"tilegames.{game}")


def kind_of(value: object) -> str:
    """What kind of thing a public name is: class, union, function, or a constant's type."""
    if isinstance(value, types.UnionType) or typing.get_origin(value) is typing.Union:
        return "union"
    if isinstance(value, type):
        return "class"
    if inspect.isfunction(value) or inspect.isbuiltin(value):
        return "function"
    return f"a {type(value).__name__}"


_SEAT_ALIASES = re.compile(r"\b(Seat|Colour|Symbol)\b")


def field_kind(annotation: object) -> str:
    """A field's declared type, read as its kind: a seat or a colour is an int here."""
    text = annotation if isinstance(annotation, str) else getattr(annotation, "__name__", "")
    text = _SEAT_ALIASES.sub("int", str(text)).replace(" ", "")
    return "optional " + text.replace("|None", "") if "|None" in text else text


def differences() -> set[tuple[str, str]]:
    """Every shared name (and shared State or View field) whose kind differs between games."""
    found: set[tuple[str, str]] = set()
    faces = {game: face(game) for game in GAMES}
    shared = set.intersection(*(set(module.__all__) for module in faces.values()))
    for name in shared:
        if len({kind_of(getattr(module, name)) for module in faces.values()}) > 1:
            found.add(("face", name))
    for cls in ("State", "View"):
        fields = {
            game: {f.name: f.type for f in attrs.fields(getattr(module, cls))}
            for game, module in faces.items()
        }
        common = set.intersection(*(set(names) for names in fields.values()))
        for name in {n for n in common if not n.startswith("_")}:
            if len({field_kind(fields[game][name]) for game in GAMES}) > 1:
                found.add((cls, name))
    for game in GAMES:
        if rules_annotation(game) != "Final[GameRules[State, Move]]":
            found.add(("RULES", game))
    return found


def rules_annotation(game: str) -> str:
    """How the face annotates ``RULES``, read from its source."""
    tree = ast.parse((SRC / game / "__init__.py").read_text())
    for node in tree.body:
        if (
            isinstance(node, ast.AnnAssign)
            and isinstance(node.target, ast.Name)
            and node.target.id == "RULES"
        ):
            return ast.unparse(node.annotation)
    return ""


def test_a_shared_name_is_one_kind_of_thing() -> None:
    """Only the pending differences remain: none new, none listed that is gone."""
    found = differences()
    new = sorted(found - set(PENDING))
    gone = sorted(set(PENDING) - found)
    assert not new, f"shared names of different kinds in different games: {new}"
    assert not gone, f"resolved, to be taken off PENDING: {gone}"


@pytest.mark.parametrize("game", GAMES)
def test_move_is_a_union_or_pending(game: str) -> None:
    """Where Move is the union, it is the union of the game's move classes, every one."""
    move = face(game).Move
    if kind_of(move) != "union":
        assert ("face", "Move") in PENDING
        return
    assert set(typing.get_args(move)) == set(face(game).RULES.move_types)


def test_the_comparison_sees_a_difference() -> None:
    """A class where the others have a union, an optional seat where they have an int."""
    assert kind_of(int | str) == "union"
    assert kind_of(int) == "class"
    assert kind_of(len) == "function"
    assert field_kind("Seat | None") != field_kind("int")
    assert field_kind("Seat") == field_kind("int")
