"""Golden documents of explicit-chance games: the chance seat's value and the chance fields.

``tests/data/json/<game>-chance-state.json`` holds the hand-built position of
tests/golden_chance_positions.py (an explicit game, chance to move) and
``<game>-chance-view.json`` one seat's view of it, whose ``to_move`` is
``[-1]``: the public value of :data:`tilegames.CHANCE`, which a saved view
or a frontend reads. The files were written once from these values with
``to_json(value, game=name, indent=1)`` and read by hand against the
positions' docstrings (the chance fields, the pool or bag, the sizes), as
the other golden documents (tests/test_serialize.py).
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

import tilegames
from golden_chance_positions import CHANCE_PARTS, golden_chance
from tilegames import CHANCE, axio, axio_rota, aztack, polygon
from tilegames.serialize import from_json, to_json

DATA = Path(__file__).parent / "data" / "json"
GAMES = {"axio-rota": axio_rota, "axio": axio, "aztack": aztack, "polygon": polygon}


def chance_values(name: str) -> dict[str, Any]:
    """Per part of a game's chance documents, the value made from its hand-built position."""
    position = golden_chance(name)
    seen = tilegames.get(name).view(position.state, position.seat)
    return {"chance-state": position.state, "chance-view": seen}


def chance_kinds(name: str) -> dict[str, Any]:
    """Per part of a game's chance documents, the class it loads as."""
    module = GAMES[name]
    return {"chance-state": module.State, "chance-view": module.View}


def test_chance_is_minus_one() -> None:
    """The chance seat is the int -1, as OpenSpiel's chance player (the documents rely on it)."""
    assert tilegames.CHANCE == -1
    assert type(tilegames.CHANCE) is int
    assert tilegames.chance.CHANCE is tilegames.CHANCE


class TestGoldenChanceFiles:
    """Each game's explicit-chance documents pin the chance fields and the chance seat."""

    @pytest.mark.parametrize("name", sorted(GAMES))
    def test_positions_are_legal(self, name: str) -> None:
        """Each position validates, waits for chance, and offers the outcomes counted by hand."""
        module = GAMES[name]
        rules = tilegames.get(name)
        position = golden_chance(name)
        state = position.state
        for value in chance_values(name).values():
            module.validate(value)
        assert rules.to_move(state) == (CHANCE,) == (-1,)
        assert not rules.is_over(state)
        assert rules.outcome(state) is None
        outcomes = module.chance_outcomes(state)
        assert outcomes == position.outcomes
        assert sum(p for _, p in outcomes) == Fraction(1)
        moves = list(rules.legal_moves(state))
        assert moves[: len(outcomes)] == [move for move, _ in outcomes]
        assert moves[len(outcomes) :] == ([module.UNSEEN] if position.unseen else [])
        assert rules.to_move(rules.apply(state, position.outcome)) == position.then

    @pytest.mark.parametrize("name", sorted(GAMES))
    def test_view_facts(self, name: str) -> None:
        """The kept view shows chance to move and the public sizes worked out by hand."""
        position = golden_chance(name)
        seen = chance_values(name)["chance-view"]
        assert seen.seat == position.seat
        for field, expected in position.view_facts.items():
            assert getattr(seen, field) == expected, field

    @pytest.mark.parametrize("name", sorted(GAMES))
    def test_documents_unchanged(self, name: str) -> None:
        """Today's documents of the same values are the stored text, byte for byte, both ways."""
        kinds = chance_kinds(name)
        for part, value in chance_values(name).items():
            stored = (DATA / f"{name}-{part}.json").read_text()
            assert to_json(value, game=name, indent=1) + "\n" == stored, part
            loaded = from_json(stored, kinds[part])
            assert loaded == value
            assert to_json(loaded, game=name, indent=1) + "\n" == stored, part

    @pytest.mark.parametrize("name", sorted(GAMES))
    def test_stored_chance_seat(self, name: str) -> None:
        """The stored view says ``"to_move": [-1]``; the stored state loads with chance to move."""
        rules = tilegames.get(name)
        view_text = (DATA / f"{name}-chance-view.json").read_text()
        assert json.loads(view_text)["data"]["to_move"] == [-1]
        assert from_json(view_text, chance_kinds(name)["chance-view"]).to_move == (-1,)
        state_text = (DATA / f"{name}-chance-state.json").read_text()
        state = from_json(state_text, chance_kinds(name)["chance-state"])
        assert rules.to_move(state) == (-1,)

    def test_every_game_has_its_chance_documents(self) -> None:
        """A state and a view document of an explicit game for each of the four games."""
        found = {path.name for path in DATA.glob("*-chance-*.json")}
        assert found == {f"{name}-{part}.json" for name in GAMES for part in CHANCE_PARTS}
