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

from tilegames import CHANCE, InvalidStateError
from tilegames.serialize import from_dict, to_dict, to_json

GAMES = ("axio", "axio_rota", "aztack", "polygon")
SRC = Path(__file__).resolve().parents[1] / "src" / "tilegames"

PENDING: dict[tuple[str, str], str] = {}
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


def test_turn_is_a_turns_number_wherever_a_game_has_it() -> None:
    """``State.turn`` and ``View.turn`` are declared ``int`` (a turn's number), never a seat.

    The comparison reads a seat as an int, so it cannot tell a seat named ``turn``
    (Aztack's and AXIO Rota's view's were) from a number: the declaration can.
    """
    having = []
    for game in GAMES:
        for cls in ("State", "View"):
            declared = {f.name: f.type for f in attrs.fields(getattr(face(game), cls))}
            if "turn" in declared:
                having.append((game, cls))
                assert declared["turn"] in ("int", int), (game, cls, declared["turn"])
    assert {game for game, _ in having} == {"axio", "polygon"}


def test_the_comparison_sees_a_difference() -> None:
    """A class where the others have a union, an optional seat where they have an int."""
    assert kind_of(int | str) == "union"
    assert kind_of(int) == "class"
    assert kind_of(len) == "function"
    assert field_kind("Seat | None") != field_kind("int")
    assert field_kind("Seat") == field_kind("int")
    assert field_kind("tuple[Tile, ...]") == field_kind("tuple[Value, ...]") != field_kind("str")


@pytest.mark.parametrize("game", GAMES)
def test_every_state_and_view_answer_explicit(game: str) -> None:
    """``explicit`` is a bool on every State and View: True exactly in an explicit game.

    One name for the chance mode in every game (issue 43): a game started with
    ``chance="explicit"`` answers ``True`` from its first state on, through
    its chance steps and its seats' moves, and in every seat's view and the
    onlookers'; a seeded game answers ``False`` throughout.
    """
    module = face(game)
    for chance, expected in (("seeded", False), ("explicit", True)):
        state = module.new_game(players=2, seed=4, chance=chance)
        seats_moved = 0
        while seats_moved < 3 and not module.is_over(state):  # chance's steps, then seats'
            for value in (state, *(module.view(state, seat) for seat in (0, 1, None))):
                assert type(value.explicit) is bool, (game, chance, type(value).__name__)
                assert value.explicit is expected, (game, chance, type(value).__name__)
            seats_moved += module.to_move(state) != (CHANCE,)
            state = module.apply(state, module.legal_moves(state)[0])
        assert seats_moved == 3


def test_explicit_is_a_field_or_tells_the_data() -> None:
    """Where ``explicit`` is a field it is declared a bool, optional (a seeded document omits it).

    AXIO Rota's answers from its data (``pool`` is set exactly in an explicit
    game), so that no document of it says the mode twice.
    """
    for game in GAMES:
        for cls in ("State", "View"):
            kind = getattr(face(game), cls)
            declared = {f.name: f for f in attrs.fields(kind)}
            if game == "axio_rota":
                assert "explicit" not in declared
                assert isinstance(inspect.getattr_static(kind, "explicit"), property)
                continue
            field = declared["explicit"]
            assert field.type in ("bool", bool), (game, cls)
            assert field.default is False
            assert field.metadata.get("optional"), (game, cls)
        assert '"explicit"' not in to_json(face(game).new_game(players=2, seed=4))


# ---------------------------------------------------------------------------
# The names renamed for one meaning: read for one release, deprecated
# ---------------------------------------------------------------------------


def _explicit_rota_view() -> Any:
    """A view of an explicit AXIO Rota game at a seat's draw: ``drawer`` is that seat."""
    rota = face("axio_rota")
    state = rota.new_game(players=2, seed=3, chance="explicit")
    while rota.to_move(state) == (CHANCE,) or not rota.to_move(state):
        state = rota.apply(state, rota.legal_moves(state)[0])
    state = rota.apply(state, rota.legal_moves(state)[0])  # seat 0 places, then draws
    while state.drawing != "stack" or state.seat == 0:
        state = rota.apply(state, rota.legal_moves(state)[0])
    return rota.view(state, 0)


def _polygon_first_drawn() -> Any:
    """A Polygon state of an explicit game whose turn has its first tile drawn, not its second."""
    polygon = face("polygon")
    state = polygon.new_game(players=2, seed=5, chance="explicit")
    while not state.first_drawn:
        state = polygon.apply(state, polygon.legal_moves(state)[0])
    return state


class TestFormerNames:
    """A renamed class or field still reads for one release, with a DeprecationWarning."""

    @pytest.mark.parametrize("game", ["axio_rota", "polygon"])
    def test_a_placement_document_of_type_move_loads(self, game: str) -> None:
        """``"type": "Move"`` (the placement's former name) loads as a Place, warning."""
        module = face(game)
        move = next(
            m for m in module.legal_moves(module.new_game(seed=1)) if type(m) is module.Place
        )
        written = to_dict(move)
        assert written["type"] == "Place"
        old = {**written, "type": "Move"}
        for kind in (module.Move, module.Place):
            with pytest.warns(DeprecationWarning, match="'Move' is deprecated: it is 'Place'"):
                assert from_dict(old, kind) == move

    def test_a_former_class_name_of_another_class_is_no_alias(self) -> None:
        """Aztack never named a class Move in documents: ``"Move"`` is refused there."""
        aztack = face("aztack")
        written = {**to_dict(aztack.Pass(0)), "type": "Move"}
        with pytest.raises(InvalidStateError, match='got "Move"'):
            from_dict(written, aztack.Move)

    @pytest.mark.parametrize("kind", ["State", "View"])
    def test_aztack_turn_reads_as_whose_turn(self, kind: str) -> None:
        """An Aztack document holding ``"turn"`` loads with it as ``whose_turn``, warning."""
        aztack = face("aztack")
        state = aztack.apply(
            aztack.new_game(seed=2), aztack.legal_moves(aztack.new_game(seed=2))[0]
        )
        value = state if kind == "State" else aztack.view(state, 0)
        assert value.whose_turn == 1
        _reads_former_name(value, getattr(aztack, kind), "whose_turn", "turn")

    def test_both_names_at_once_are_refused(self) -> None:
        """A document holding the field under both names is refused: which one is meant?"""
        aztack = face("aztack")
        written = to_dict(aztack.new_game(seed=2))
        both = {**written, "data": {**written["data"], "turn": 0}}
        with pytest.raises(InvalidStateError, match="both 'turn' and 'whose_turn'"):
            from_dict(both, aztack.State)

    def test_axio_rota_view_turn_reads_as_drawer(self) -> None:
        """An AXIO Rota view holding ``"turn"`` (the seat that draws) loads as ``drawer``."""
        seen = _explicit_rota_view()
        assert seen.drawer == 1  # seat 1 draws its hand tile, and the view shows it
        _reads_former_name(seen, face("axio_rota").View, "drawer", "turn")

    @pytest.mark.parametrize("kind", ["State", "View"])
    def test_polygon_drawing_reads_as_first_drawn(self, kind: str) -> None:
        """A Polygon document holding ``"drawing"`` loads with it as ``first_drawn``."""
        polygon = face("polygon")
        state = _polygon_first_drawn()
        value = state if kind == "State" else polygon.view(state, 0)
        assert len(value.first_drawn) == 1
        _reads_former_name(value, getattr(polygon, kind), "first_drawn", "drawing")

    @pytest.mark.parametrize("kind", ["State", "View"])
    @pytest.mark.parametrize(("chance", "explicit"), [("explicit", True), ("seeded", False)])
    def test_polygon_chance_reads_as_explicit(
        self, kind: str, chance: str, explicit: bool
    ) -> None:
        """A Polygon document holding ``"chance"`` (``"explicit"``, ``"seeded"``) loads as a bool.

        The field's type changed with its name: the former text reads as the bool.
        """
        polygon = face("polygon")
        state = polygon.new_game(players=2, seed=5, chance=chance)
        value = state if kind == "State" else polygon.view(state, 0)
        assert value.explicit is explicit
        written = to_dict(value)
        data = {key: item for key, item in written["data"].items() if key != "explicit"}
        former = {**written, "data": {**data, "chance": chance}}
        with pytest.warns(
            DeprecationWarning, match="field 'chance' is deprecated: it is 'explicit'"
        ):
            back = from_dict(former, getattr(polygon, kind))
        assert back == value
        assert back.explicit is explicit

    @pytest.mark.parametrize(
        "wrong", ["random", "", "Explicit", True, False, 1, None, ["explicit"]]
    )
    def test_polygon_chance_of_another_value_is_refused(self, wrong: object) -> None:
        """Only the two former values read: the mode's other words, a bool or a number do not."""
        polygon = face("polygon")
        written = to_dict(polygon.new_game(players=2, seed=5, chance="explicit"))
        data = {key: item for key, item in written["data"].items() if key != "explicit"}
        former = {**written, "data": {**data, "chance": wrong}}
        with (
            pytest.warns(DeprecationWarning, match="field 'chance' is deprecated"),
            pytest.raises(
                InvalidStateError, match=r'^State\.chance: expected "seeded" or "explicit", got'
            ),
        ):
            from_dict(former, polygon.State)

    @pytest.mark.parametrize("chance", ["explicit", "seeded"])
    def test_polygon_chance_and_explicit_at_once_are_refused(self, chance: str) -> None:
        """A Polygon document holding both ``"chance"`` and ``"explicit"`` is refused."""
        polygon = face("polygon")
        written = to_dict(polygon.new_game(players=2, seed=5, chance="explicit"))
        both = {**written, "data": {**written["data"], "chance": chance}}
        with pytest.raises(InvalidStateError, match="both 'chance' and 'explicit'"):
            from_dict(both, polygon.State)

    def test_the_former_value_mapping_is_read_only_under_the_former_name(self) -> None:
        """``"explicit": "explicit"`` is a wrong value of the new field, not a former one."""
        polygon = face("polygon")
        written = to_dict(polygon.new_game(players=2, seed=5, chance="explicit"))
        wrong = {**written, "data": {**written["data"], "explicit": "explicit"}}
        with pytest.raises(InvalidStateError, match=r"State\.explicit: expected a bool"):
            from_dict(wrong, polygon.State)

    def test_the_old_attributes_warn_and_read_the_new(self) -> None:
        """``turn`` (Aztack, AXIO Rota's view) and ``drawing`` (Polygon) warn, then answer."""
        aztack = face("aztack")
        state = aztack.new_game(seed=2)
        seen = _explicit_rota_view()
        drawn = _polygon_first_drawn()
        polygon = face("polygon")
        cases = [
            (state, "turn", "whose_turn"),
            (aztack.view(state, 1), "turn", "whose_turn"),
            (seen, "turn", "drawer"),
            (drawn, "drawing", "first_drawn"),
            (polygon.view(drawn, 1), "drawing", "first_drawn"),
        ]
        for value, old, new in cases:
            with pytest.warns(DeprecationWarning, match=f"{old} is deprecated: it is .*{new}"):
                assert getattr(value, old) == getattr(value, new)

    def test_polygon_chance_attribute_warns_and_answers_the_mode(self) -> None:
        """``State.chance`` and ``View.chance`` warn, then answer the mode in words."""
        polygon = face("polygon")
        for chance in ("explicit", "seeded"):
            state = polygon.new_game(players=2, seed=5, chance=chance)
            for value in (state, polygon.view(state, 1), polygon.view(state, None)):
                name = type(value).__name__
                with pytest.warns(
                    DeprecationWarning,
                    match=f"polygon.{name}.chance is deprecated: it is {name}.explicit",
                ):
                    assert value.chance == chance

    def test_new_documents_write_the_new_names(self) -> None:
        """No document written today holds a former name."""
        aztack = face("aztack")
        assert '"whose_turn":0' in to_json(aztack.new_game(seed=2))
        assert '"turn"' not in to_json(aztack.view(aztack.new_game(seed=2), 0))
        assert '"drawer":1' in to_json(_explicit_rota_view())
        assert '"first_drawn":[' in to_json(_polygon_first_drawn())
        assert '"drawing"' not in to_json(_polygon_first_drawn())
        assert '"explicit":true' in to_json(_polygon_first_drawn())
        assert '"chance"' not in to_json(_polygon_first_drawn())


def _renamed_key(data: dict[str, Any], new: str, old: str) -> dict[str, Any]:
    """``data`` with the key ``new`` written as ``old``, in the same place."""
    assert new in data
    return {old if key == new else key: value for key, value in data.items()}


def _reads_former_name(value: Any, kind: type, new: str, old: str) -> None:
    """``value``'s document with its field ``new`` written as ``old`` loads back equal, warning."""
    written = to_dict(value)
    former = {**written, "data": _renamed_key(written["data"], new, old)}
    with pytest.warns(DeprecationWarning, match=f"field '{old}' is deprecated: it is '{new}'"):
        assert from_dict(former, kind) == value
