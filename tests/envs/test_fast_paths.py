"""The environments' fast paths give what the plain way gives, on many positions of every setup.

The plain way is built here, independently of :mod:`tilegames.envs`: each
part of ``encoding.observe(rules.view(state, seat))`` expanded by
:meth:`Part.dense` into a float32 array of its shape, and a mask set move by
move through ``action_of``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import attrs
import pytest

pytest.importorskip("numpy", reason="needs the rl extra")
pytest.importorskip("gymnasium", reason="needs the rl extra")

import numpy as np

import tilegames
from tiers import size
from tilegames._core.encoding import Encoding, Part
from tilegames._core.rules import GameRules, Setup
from tilegames.agents import moves_for
from tilegames.envs._common import Table, _Layout
from tilegames.rng import Stream

POSITIONS = size(everyday=25, deep=60)
"""Positions visited per game and setup."""


def cases() -> list[tuple[str, Setup]]:
    """Every game and setup, and each game's default setup with explicit chance."""
    found = [(name, setup) for name in tilegames.names() for setup in tilegames.get(name).setups]
    explicit = [(name, Setup(2, {"chance": "explicit"})) for name in tilegames.names()]
    return found + explicit


def cases_with(path: str) -> list[tuple[str, Setup]]:
    """The cases of the games whose encoding offers the fast path ``path``."""
    return [
        (name, setup)
        for name, setup in cases()
        if getattr(tilegames.get(name).encoding, path) is not None
    ]


def positions(table: Table, count: int) -> Iterator[Any]:
    """``count`` states of random games, settled, finished ones included."""
    rules = table.rules
    chooser = random.Random(f"{rules.name} {table.setup}")
    seen = game = 0
    while True:
        state = table.new_state(game)
        game += 1
        while True:
            yield state
            seen += 1
            if seen >= count:
                return
            seats = rules.to_move(state)
            if not seats:
                break
            moves = moves_for(rules, state, seats[chooser.randrange(len(seats))])
            state = rules.apply(state, moves[chooser.randrange(len(moves))])
            state = table.settle(state, chooser)


def plain_observation(table: Table, state: Any, seat: int) -> dict[str, Any]:
    """The seat's observation parts the plain way: each part's dense values, reshaped."""
    parts = table.encoding.observe(table.rules.view(state, seat))
    return {
        name: np.array(part.dense(), dtype=np.float32).reshape(part.shape)
        for name, part in parts.items()
    }


def plain_mask(table: Table, state: Any, moves: Any) -> Any:
    """The action mask the plain way: 1 at each move's ``action_of``."""
    mask = np.zeros(table.size, dtype=np.int8)
    for move in moves:
        mask[table.encoding.action_of(state, move)] = 1
    return mask


@pytest.mark.parametrize(("name", "setup"), cases(), ids=str)
def test_observations_and_masks_are_the_plain_ones(name: str, setup: Setup) -> None:
    """Every seat's observation and mask, at every position, equal the plain build."""
    table = Table(name, setup.players, options=dict(setup.options))
    for state in positions(table, POSITIONS):
        for seat in range(setup.players):
            moves = table.moves(state, seat)
            found = table.observe(state, seat, moves)
            expected = plain_observation(table, state, seat)
            assert list(found["observation"]) == list(expected)
            for part, array in found["observation"].items():
                assert array.dtype == np.float32
                assert array.shape == expected[part].shape == table.shapes[part]
                assert array.flags.writeable
                assert (array == expected[part]).all(), part
            mask = found["action_mask"]
            assert mask.dtype == np.int8
            assert mask.shape == (table.size,)
            assert mask.flags.writeable
            assert (mask == plain_mask(table, state, moves)).all()


@pytest.mark.parametrize(("name", "setup"), cases_with("observe_state"), ids=str)
def test_observe_state_gives_the_values_of_the_view(name: str, setup: Setup) -> None:
    """A game's ``observe_state`` gives the values of ``observe(view)``, part by part."""
    table = Table(name, setup.players, options=dict(setup.options))
    fast = table.encoding.observe_state
    assert fast is not None
    for state in positions(table, POSITIONS):
        for seat in range(setup.players):
            parts = table.encoding.observe(table.rules.view(state, seat))
            values = fast(state, seat)
            assert [list(part) for part in values] == [list(p.values) for p in parts.values()]


@pytest.mark.parametrize(("name", "setup"), cases_with("move_in"), ids=str)
def test_move_in_gives_the_listed_move(name: str, setup: Setup) -> None:
    """``move_in`` gives, for each legal move's action, that very move of the list, or None."""
    table = Table(name, setup.players, options=dict(setup.options))
    move_in = table.encoding.move_in
    assert move_in is not None
    probe = random.Random(name)
    found = 0
    for state in positions(table, POSITIONS):
        for seat in table.rules.to_move(state):
            if seat < 0:
                continue
            moves = table.moves(state, seat)
            listed = set(moves)
            actions = {table.encoding.action_of(state, move) for move in moves}
            for index in sorted({probe.randrange(len(moves)) for _ in range(4)}):
                move = moves[index]
                taken = move_in(state, moves, table.encoding.action_of(state, move))
                if taken is not None:
                    found += 1
                    assert taken == move
                    assert taken in listed
                    # applied straight after (as the env does): the state of the plain move
                    assert table.rules.apply(state, taken) == table.rules.apply(state, move)
            for _ in range(8):
                action = probe.randrange(table.size)
                if action not in actions:
                    assert move_in(state, moves, action) is None
    assert found > 0, "move_in never gave a move: the test shows nothing"


@pytest.mark.parametrize(("name", "setup"), cases(), ids=str)
def test_observations_see_only_the_view(name: str, setup: Setup) -> None:
    """A state resampled from what a seat sees gives that seat the same arrays, fast path too."""
    table = Table(name, setup.players, options=dict(setup.options))
    rules = table.rules
    determinize = rules.determinize
    assert determinize is not None
    for number, state in enumerate(positions(table, 60)):
        for seat in range(setup.players):
            other = determinize(rules.view(state, seat), Stream(number))
            seen = table.observe(state, seat, ())["observation"]
            again = table.observe(other, seat, ())["observation"]
            for part, array in seen.items():
                assert (array == again[part]).all(), part


def test_observations_share_no_memory() -> None:
    """Two observations, of the same position too, share no array memory: each is fresh."""
    table = Table("axio", 2)
    state = table.new_state(3)
    moves = table.moves(state, 0)
    first, second = table.observe(state, 0, moves), table.observe(state, 0, moves)
    arrays = [*first["observation"].values(), first["action_mask"]]
    others = [*second["observation"].values(), second["action_mask"]]
    assert not any(np.shares_memory(a, b) for a in arrays for b in others)


@pytest.mark.parametrize("categories", [3, 127, 128, 300])
def test_layout_gives_what_part_dense_says_for_any_values(categories: int) -> None:
    """Floats, big ints and categories out of range give the arrays that Part.dense says."""
    parts = {
        "values": Part((2,), [1, 2]),
        "board": Part((categories, 4), [0, 2, -1, 7], onehot=True),
        "more": Part((1, 3), [0, 0, 0]),
    }
    converter = _Layout(parts)
    given: list[list[list[float]]] = [
        [[1, 2], [0, 2, -1, 7], [4, 5, 6]],
        [[1.5, 2], [0, 2, -1, 7], [4, 5, 6]],
        [[2**70, 2], [0, 2, -1, 7], [4, 5, 6]],
        [[1, 2], [10**6, 2, -(10**6), 1], [4, 5, 6]],
        [[1, 2], [127, 128, -128, -129], [4, 5, 6]],
        [[1, 2], [categories - 1, categories, -categories, 255], [-4, 5, 6]],
        [[True, False], [0, 2, -600, -515], [4, 5, 6]],
    ]
    for values in given:
        arrays = converter.arrays(values)
        assert list(arrays) == list(parts)
        for (name, part), part_values in zip(parts.items(), values, strict=True):
            dense = Part(part.shape, part_values, onehot=part.onehot).dense()
            expected = np.array(dense, dtype=np.float32).reshape(part.shape)
            assert arrays[name].dtype == np.float32
            assert arrays[name].shape == part.shape
            assert (arrays[name] == expected).all(), (name, part_values)


def test_a_game_without_fast_paths_gets_the_plain_observation() -> None:
    """An encoding with none of the optional fast paths gives the same observations and masks."""
    rules = tilegames.get("axio")
    assert isinstance(rules, GameRules)
    encoding = rules.encoding
    assert isinstance(encoding, Encoding)
    plain = Encoding(
        size=encoding.size,
        action_of=encoding.action_of,
        move_of=encoding.move_of,
        observe=encoding.observe,
        points=encoding.points,
    )
    table = Table(attrs.evolve(rules, encoding=plain), 2)
    for state in positions(table, 60):
        for seat in range(2):
            moves = table.moves(state, seat)
            found = table.observe(state, seat, moves)
            expected = plain_observation(table, state, seat)
            assert all((found["observation"][p] == expected[p]).all() for p in expected)
            assert (found["action_mask"] == plain_mask(table, state, moves)).all()
            for move in moves[:3]:
                action = plain.action_of(state, move)
                assert table.legal_move(state, seat, action, found["action_mask"], moves) == move


def test_axio_offers_the_fast_paths() -> None:
    """AXIO, the game the speed target is set on, has both fast paths (so the tests above run)."""
    assert ("axio", Setup(2)) in cases_with("observe_state")
    assert ("axio", Setup(2)) in cases_with("move_in")
