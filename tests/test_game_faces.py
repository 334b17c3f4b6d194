"""One name, one meaning (issue 44, item 3): a name games' faces share is one kind of thing.

The faces of all games are compared: a public name that two games or more
export (``Move``, ``State``, ``Place``, ``Draw``, ``legal_moves``, ...) must
be the same kind of thing in each (a class, a union of classes, a function,
a constant of one type), and so must a field that two games' ``State`` (or
``View``) have (``turn``, ``seat``, ``drawing``, ...): an int in one and an
optional seat in another, or text in one and tiles in another, is two
meanings under one name. ``RULES`` is typed ``GameRules[State, Move]`` in
every face.

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
    ("State", "turn"): "as View.turn",
    ("State", "drawing"): (
        "AXIO Rota's drawing names where chance draws from (text), Polygon's holds tiles: "
        "one of them is to be renamed"
    ),
    ("View", "drawing"): "as State.drawing",
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
    """A field's declared type, read as its kind: a seat or a colour is an int here.

    Only the outer kind counts (``tuple``, ``int``, ``str``, optional or not):
    each game's set holds its own pieces.
    """
    text = annotation if isinstance(annotation, str) else getattr(annotation, "__name__", "")
    text = _SEAT_ALIASES.sub("int", str(text)).replace(" ", "")
    optional = "|None" in text
    outer = text.replace("|None", "").split("[", 1)[0]
    return f"optional {outer}" if optional else outer


def differences() -> set[tuple[str, str]]:
    """Every shared name (and shared State or View field) whose kind differs between games."""
    found: set[tuple[str, str]] = set()
    faces = {game: face(game) for game in GAMES}
    names = {name for module in faces.values() for name in module.__all__}
    for name in names:
        kinds = {kind_of(getattr(m, name)) for m in faces.values() if name in m.__all__}
        if len(kinds) > 1:
            found.add(("face", name))
    for cls in ("State", "View"):
        fields = [
            {f.name: field_kind(f.type) for f in attrs.fields(getattr(module, cls))}
            for module in faces.values()
        ]
        for name in {n for each in fields for n in each if not n.startswith("_")}:
            if len({each[name] for each in fields if name in each}) > 1:
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
    assert field_kind("tuple[Tile, ...]") == field_kind("tuple[Value, ...]") != field_kind("str")
