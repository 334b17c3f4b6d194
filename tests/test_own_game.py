"""A game of one's own, registered with ``register()``, gets every tool of tilegames.

The toy game (``tests/toy_game/``, noughts and crosses written as a game
package) is unknown to tilegames until the fixture registers it. Nothing in
tilegames names it: JSON, pictures, agents, simulate, the command line and
the conformance checker find it through its :class:`~tilegames.GameRules`.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from typing import Any, Literal

import attrs
import pytest

import tilegames
import toy_game
from tilegames import serialize
from tilegames._core import rules as core_rules
from tilegames._core.basics import WIDE_INT
from tilegames.agents import GreedyAgent, RandomAgent, make_agent
from tilegames.cli import main
from tilegames.render import cells_of, to_svg
from tilegames.simulate import simulate
from tilegames.testing import check_rules


@pytest.fixture(autouse=True)
def registered() -> Iterator[None]:
    """Register the toy game for one test, and remove it afterwards."""
    tilegames.register(toy_game.RULES, replace=True)
    yield
    core_rules._REGISTRY.pop("toy", None)
    core_rules._OWNERS.clear()


def finished() -> toy_game.State:
    """x x x / o o . / . . . : seat 0 has three in a row (TOY-3)."""
    board = [toy_game.EMPTY] * 9
    for x in range(3):
        board[toy_game.GRID.cell(x, 0)] = 0
    for x in range(2):
        board[toy_game.GRID.cell(x, 1)] = 1
    return toy_game.State(board=tuple(board), turn=1, seed=5)


class TestRegistry:
    def test_found_by_name_and_by_value(self) -> None:
        """get() and game_of() find the registered game, for its states, views and moves."""
        state = toy_game.new_game(seed=1)
        assert tilegames.get("toy") is toy_game.RULES
        assert "toy" in tilegames.names()
        assert tilegames.game_of(state) is toy_game.RULES
        assert tilegames.game_of(toy_game.view(state, 0)) is toy_game.RULES
        assert tilegames.game_of(toy_game.Move((0, 0))) is toy_game.RULES
        assert tilegames.game_of(toy_game.outcome(finished())) is toy_game.RULES

    def test_unregistered_value_is_a_wrong_type(self) -> None:
        """A value no registered game owns is a WrongTypeError (also a TypeError)."""
        with pytest.raises(tilegames.WrongTypeError, match="not a state, view or move"):
            tilegames.game_of(object())
        with pytest.raises(TypeError):
            to_svg(42)


class TestTools:
    def test_json_round_trips(self) -> None:
        """States, views, moves and the outcome save and load, the outcome on its own."""
        state = toy_game.apply(toy_game.new_game(seed=3), toy_game.Move((1, 1)))
        values = [state, toy_game.view(state, 1), toy_game.Move((2, 0))]
        for value in values:
            text = serialize.to_json(value)
            assert '"game":"toy"' in text
            assert serialize.from_json(text, type(value)) == value
        result = toy_game.outcome(finished())
        assert result is not None
        text = serialize.to_json(result)
        assert serialize.from_json(text, tilegames.Outcome) == result

    def test_picture_and_cells(self) -> None:
        """to_svg and cells_of use the game's own draw and move_cells."""
        state = finished()
        picture = to_svg(state, targets=[(2, 1), None], last_move=toy_game.Move((2, 0)))
        assert picture.startswith("<svg")
        assert picture.count('class="piece"') == 5
        assert picture.count('class="target"') == 1
        assert cells_of(toy_game.Move((2, 1))) == ("2,1",)

    def test_agents_play_it(self) -> None:
        """The greedy agent takes the winning cell; the random one picks a legal move."""
        board = list(finished().board)
        board[toy_game.GRID.cell(2, 0)] = toy_game.EMPTY
        state = toy_game.State(board=tuple(board), turn=0, seed=1)
        moves = toy_game.legal_moves(state)
        stream = tilegames.rng.Stream(4)
        chosen = GreedyAgent().choose(toy_game.RULES, 0, state, moves, stream)
        assert chosen == toy_game.Move((2, 0))
        assert RandomAgent().choose(toy_game.RULES, 0, state, moves, stream) in moves
        assert make_agent("random").name

    def test_simulate_plays_it(self) -> None:
        """simulate plays complete games of it and counts every one."""
        result = simulate(toy_game.RULES, [RandomAgent(), GreedyAgent()], 6, seed=2)
        assert len(result.games) == 6
        assert result.game == "toy"
        assert all(game.outcome.scores in {(0, 0), (1, 0), (0, 1)} for game in result.games)

    def test_command_line_plays_it(self, capsys: pytest.CaptureFixture[str]) -> None:
        """`tilegames games` lists it and `tilegames demo toy` plays it to the end."""
        assert main(["games"]) == 0
        assert "toy" in capsys.readouterr().out
        assert main(["demo", "toy", "--seed", "3"]) == 0
        out = capsys.readouterr().out
        assert "Noughts and crosses" in out

    def test_conformance_checker_passes(self) -> None:
        """check_rules passes on it like on the games of the library."""
        report = check_rules(toy_game.RULES, games=20, seed=1)
        assert report.games == 20


@attrs.frozen
class _Loose:
    """A state class with a field of no declared JSON type."""

    anything: Any


class TestUndeclaredFields:
    """A registered game's class with a field declared ``Any`` is refused when written."""

    def test_a_field_declared_any_cannot_be_written(self) -> None:
        """serialize names the field and its declaration instead of guessing a JSON value."""
        tilegames.register(attrs.evolve(toy_game.RULES, name="zz-loose", state_type=_Loose))
        try:
            with pytest.raises(TypeError) as raised:
                serialize.to_dict(_Loose(anything=1))
            with pytest.raises(TypeError) as raised_none:  # None is no JSON guess either
                serialize.to_dict(_Loose(anything=None))
        finally:
            core_rules._REGISTRY.pop("zz-loose", None)
            core_rules._OWNERS.clear()
        said = "_Loose.anything: a field declared as typing.Any cannot be written as JSON"
        assert str(raised.value) == said
        assert str(raised_none.value) == said


@contextlib.contextmanager
def _state_class(kind: type) -> Iterator[None]:
    """The toy game registered again, as ``zz-own`` with ``kind`` for its states, in a block."""
    tilegames.register(attrs.evolve(toy_game.RULES, name="zz-own", state_type=kind))
    try:
        yield
    finally:
        core_rules._REGISTRY.pop("zz-own", None)
        core_rules._OWNERS.clear()


def _document(kind: type, data: dict[str, Any]) -> dict[str, Any]:
    """A document of ``zz-own`` holding ``data`` as the fields of a ``kind``."""
    return {
        "format": serialize.FORMAT,
        "version": serialize.VERSION,
        "game": "zz-own",
        "type": kind.__name__,
        "data": data,
    }


class _Counts(dict[str, int]):
    """A mapping class: a kind of value no document holds."""


@attrs.frozen
class _Tallied:
    """A state class with a field of a mapping class."""

    counts: _Counts


@attrs.frozen
class _WideName:
    """A state class with a string field marked as holding a 64-bit int."""

    seed: str = attrs.field(metadata=WIDE_INT)


@attrs.frozen
class _Paced:
    """A state class with a field of a Literal or None."""

    pace: Literal["fast", "slow"] | None


class TestFieldsDocumentsDoNotHold:
    """A registered game's class with a field of a type no document holds is refused, naming
    the field, when written and when read."""

    def test_a_field_of_a_mapping_class(self) -> None:
        """A field declared as a dict subclass is neither written nor read as JSON."""
        with _state_class(_Tallied), pytest.raises(TypeError) as written:
            serialize.to_dict(_Tallied(_Counts(a=1)))
        assert str(written.value) == (
            "_Tallied.counts: cannot write a value declared as _Counts as JSON"
        )
        document = _document(_Tallied, {"counts": {"a": 1}})
        with _state_class(_Tallied), pytest.raises(TypeError) as read:
            serialize.from_dict(document, _Tallied)
        assert str(read.value) == (
            "_Tallied.counts: a value declared as _Counts cannot be read from JSON"
        )

    def test_wide_int_only_on_an_int_field(self) -> None:
        """``WIDE_INT`` marks an int field (a seed); on a string field it is refused, naming the
        field and its type."""
        expected = "_WideName.seed: only an int field may be WIDE_INT, not <class 'str'>"
        with _state_class(_WideName), pytest.raises(TypeError) as written:
            serialize.to_dict(_WideName("7"))
        assert str(written.value) == expected
        document = _document(_WideName, {"seed": "7"})
        with _state_class(_WideName), pytest.raises(TypeError) as read:
            serialize.from_dict(document, _WideName)
        assert str(read.value) == expected

    def test_a_union_member_that_is_no_class(self) -> None:
        """A Literal in a union takes no value: its value is refused as none of the union (the
        field named), and None, the union's other member, is written as null."""
        with _state_class(_Paced):
            assert serialize.to_dict(_Paced(None))["data"] == {"pace": None}
            with pytest.raises(TypeError) as raised:
                serialize.to_dict(_Paced("fast"))
        assert re.fullmatch(
            r"_Paced\.pace: 'fast' is none of \S*Literal\['fast', 'slow'\]\S*( \| None)?",
            str(raised.value),
        ), raised.value
