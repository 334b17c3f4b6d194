"""The action numbering and the observations of every game, without numpy or any framework.

Random games visit thousands of positions per game and setup; at each one
the numbering must be a bijection between the legal moves and their actions,
and actions outside them must name no legal move.
"""

from __future__ import annotations

import importlib
import importlib.util
import random
import sys
from collections.abc import Iterator
from typing import Any

import pytest

import tilegames
from tiers import size
from tilegames._core.encoding import Encoding
from tilegames._core.rules import Rules, Setup
from tilegames.agents import moves_for
from tilegames.rng import Stream

POSITIONS = size(everyday=6, deep=50)
"""Positions visited per game and setup (100 in the deep tier)."""

SIZES = {
    ("axio", Setup(2)): 8643,
    ("axio", Setup(3)): 12315,
    ("axio", Setup(4)): 16635,
    ("axio", Setup(4, {"mode": "team"})): 16635,
    ("axio", Setup(1, {"mode": "solo"})): 8643,
    ("axio-rota", Setup(1)): 158688,
    ("axio-rota", Setup(2)): 158688,
    ("axio-rota", Setup(3)): 158688,
    ("axio-rota", Setup(4)): 158688,
    ("aztack", Setup(2)): 11857,
    ("aztack", Setup(3)): 11857,
    ("aztack", Setup(4)): 11857,
    ("aztack", Setup(2, {"mode": "speed"})): 11857,
    ("aztack", Setup(3, {"mode": "speed"})): 11857,
    ("aztack", Setup(4, {"mode": "speed"})): 11857,
    ("polygon", Setup(2)): 496,
    ("polygon", Setup(3)): 496,
    ("polygon", Setup(4)): 496,
}
"""Action counts, worked out by hand from each game's layout (see its ``_encoding`` docs):
AXIO 36 per adjacent pair (240, 342, 462 pairs at radius 5, 6, 7) plus swap, keep and
decline; AXIO Rota 24 per cell within 56 steps of the start square (2 * 57 * 58 cells);
Aztack 12 slots * 76 ordered pairs * 13 discards plus pass; Polygon 8 values * 62 places."""


def encoding_of(rules: Rules[Any, Any]) -> Encoding:
    """The game's encoding, as its Rules offer it."""
    assert isinstance(rules.encoding, Encoding)
    return rules.encoding


def cases() -> list[tuple[str, Setup]]:
    return [(name, setup) for name in tilegames.names() for setup in tilegames.get(name).setups]


def positions(rules: Rules[Any, Any], setup: Setup, count: int) -> Iterator[tuple[int, Any]]:
    """``count`` positions (seat to look from, state) of random games, never a finished one."""
    chooser = random.Random(f"{rules.name} {setup}")
    seen = 0
    game = 0
    while True:
        state = rules.new_game(seed=game, **setup.kwargs)
        game += 1
        while not rules.is_over(state):
            seats = rules.to_move(state)
            seat = seats[chooser.randrange(len(seats))]
            yield seat, state
            seen += 1
            if seen >= count:
                return
            moves = moves_for(rules, state, seat)
            state = rules.apply(state, moves[chooser.randrange(len(moves))])


@pytest.mark.parametrize(("name", "setup"), cases(), ids=str)
def test_sizes_are_the_worked_out_counts(name: str, setup: Setup) -> None:
    """Each setup has the documented number of actions, from its setup and from its states."""
    rules = tilegames.get(name)
    encoding = encoding_of(rules)
    assert encoding.size(setup) == SIZES[name, setup]
    assert encoding.size(rules.new_game(seed=1, **setup.kwargs)) == SIZES[name, setup]


def test_every_setup_has_a_worked_out_size() -> None:
    """No game or setup is missing from SIZES."""
    assert set(SIZES) == set(cases())


@pytest.mark.parametrize(("name", "setup"), cases(), ids=str)
def test_legal_moves_and_their_actions_are_a_bijection(name: str, setup: Setup) -> None:
    """Every listed move has one action in range, distinct, that maps back to it, both ways."""
    rules = tilegames.get(name)
    encoding = encoding_of(rules)
    size = encoding.size(setup)
    probe = random.Random(name)
    for seat, state in positions(rules, setup, POSITIONS):
        moves = moves_for(rules, state, seat)
        assert moves, f"{name}: seat {seat} to move has no move"
        actions = [encoding.action_of(state, move) for move in moves]
        assert encoding.actions(state, moves) == actions  # the fast path agrees
        assert all(0 <= action < size for action in actions)
        assert len(set(actions)) == len(actions), "two legal moves share an action"
        legal = set(moves)
        for action, move in zip(actions, moves, strict=True):
            back = encoding.move_of(state, action, seat)
            assert back == move
            assert back in legal
        masked = set(actions)
        for _ in range(8):
            action = probe.randrange(size)
            if action in masked:
                continue
            try:
                move = encoding.move_of(state, action, seat)
            except ValueError:
                continue
            assert move not in legal, f"unmasked action {action} is the legal move {move}"
            assert encoding.action_of(state, move) == action


@pytest.mark.parametrize("name", tilegames.names())
def test_actions_out_of_range_are_refused(name: str) -> None:
    """move_of refuses -1, the size and a non-int; action_of refuses a foreign value."""
    rules = tilegames.get(name)
    encoding = encoding_of(rules)
    state = rules.new_game(seed=2)
    for action in (-1, encoding.size(state)):
        with pytest.raises(ValueError, match="action"):
            encoding.move_of(state, action, 0)
    with pytest.raises(ValueError, match="action"):
        encoding.move_of(state, "3", 0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="move"):
        encoding.action_of(state, object())


@pytest.mark.parametrize(("name", "setup"), cases(), ids=str)
def test_observations_see_only_the_view(name: str, setup: Setup) -> None:
    """A state resampled from what a seat sees gives that seat the same observation."""
    rules = tilegames.get(name)
    encoding = encoding_of(rules)
    determinize = rules.determinize
    assert determinize is not None
    differed = 0
    for number, (seat, state) in enumerate(positions(rules, setup, size(everyday=30, deep=200))):
        view = rules.view(state, seat)
        other = determinize(view, Stream(number))
        differed += other != state
        assert rules.view(other, seat) == view
        assert encoding.observe(rules.view(other, seat)) == encoding.observe(view)
    if name != "aztack":  # Aztack hides only the order of the stones out of play
        assert differed > 0, "no resampled state differed: the test shows nothing"


@pytest.mark.parametrize(("name", "setup"), cases(), ids=str)
def test_observation_parts_fill_their_shapes(name: str, setup: Setup) -> None:
    """Every part has as many values as its shape, the same shapes all game long."""
    rules = tilegames.get(name)
    encoding = encoding_of(rules)
    shapes = None
    for seat, state in positions(rules, setup, size(everyday=40, deep=100)):
        parts = encoding.observe(rules.view(state, seat))
        found = {key: part.shape for key, part in parts.items()}
        assert not [part.problem() for part in parts.values() if part.problem()]
        assert shapes is None or found == shapes
        shapes = found


def test_a_part_that_does_not_fill_its_shape() -> None:
    """problem() says why: values for a plain part, one category per column for a one-hot one."""
    from tilegames._core.encoding import Part

    assert Part((2, 3), [0] * 6).problem() == ""
    assert Part((2, 3), [0] * 5).problem() == (
        "an observation part of shape (2, 3) needs 6 values, not 5"
    )
    assert Part((3, 2), [2, -1], onehot=True).problem() == ""
    for short in ([2], [2, -1, 0]):
        assert Part((3, 2), short, onehot=True).problem() == (
            "a one-hot part of shape (3, 2) needs 2 categories"
        )
    assert Part((6,), [1, 2], onehot=True).problem() == (
        "a one-hot part of shape (6,) needs 6 categories"
    )


@pytest.mark.parametrize("missing", ["numpy", "gymnasium", "pettingzoo"])
def test_envs_without_the_extra_say_what_to_install(
    missing: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Importing tilegames.envs without a package of the rl extra fails in one line naming it.

    Where other packages of the extra are not installed either (the runs that
    install only the test extra), the message may name one of those instead.
    """
    rl = ("numpy", "gymnasium", "pettingzoo")
    absent = {missing} | {name for name in rl if importlib.util.find_spec(name) is None}
    monkeypatch.setitem(sys.modules, missing, None)  # as if not installed
    for name in [name for name in sys.modules if name.startswith("tilegames.envs")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.delattr(tilegames, "envs", raising=False)
    with pytest.raises(ModuleNotFoundError) as caught:
        importlib.import_module("tilegames.envs")
    message = str(caught.value)
    assert "\n" not in message
    named = [name for name in rl if f"needs {name}," in message]
    assert len(named) == 1
    assert named[0] in absent
    assert message.endswith('pip install "tilegames[rl]"')


def test_collect_takes_the_functions_by_name_and_names_a_missing_one() -> None:
    """Encoding.collect takes each field from the namespace; the optional ones may be absent."""

    def size(position: Any) -> int:
        return 1

    namespace: dict[str, Any] = {
        "size": size,
        "action_of": size,
        "move_of": size,
        "observe": size,
        "points": size,
    }
    made = Encoding.collect(namespace)
    assert made.size is size
    assert made.observe_state is None
    assert made.legal_actions is None
    del namespace["points"]
    with pytest.raises(TypeError, match="the encoding defines no points"):
        Encoding.collect(namespace)
