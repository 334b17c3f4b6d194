"""The OpenSpiel games pass OpenSpiel's own checks, for every game and setup."""

from __future__ import annotations

import pickle
import random
import sys
from fractions import Fraction
from typing import Any

import pytest

pytest.importorskip("numpy", reason="needs the rl extra")
pytest.importorskip("gymnasium", reason="needs the rl extra")
pytest.importorskip("pyspiel", reason="needs the openspiel extra")

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

import tilegames
from tilegames._core.errors import ConfigurationError
from tilegames._core.rules import Setup
from tilegames.envs import action_of, openspiel_game
from tilegames.envs._openspiel import TilegamesState, chance_moves, game_name


def cases() -> list[tuple[str, Setup]]:
    return [(name, setup) for name in tilegames.names() for setup in tilegames.get(name).setups]


def game_of(name: str, setup: Setup) -> Any:
    return openspiel_game(name, **setup.kwargs)


def play_randomly(game: Any, seed: int) -> list[TilegamesState]:
    """Every state of one game, chance sampled by its probabilities, seats at random."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    states = [state]
    while not state.is_terminal():
        if state.is_chance_node():
            actions, chances = zip(*state.chance_outcomes(), strict=True)
            action = rng.choices(actions, chances)[0]
        else:
            action = rng.choice(state.legal_actions())
        state = state.child(action)
        states.append(state)
    return states


@pytest.mark.parametrize(("name", "setup"), cases(), ids=str)
def test_random_sim_test(name: str, setup: Setup) -> None:
    """pyspiel.random_sim_test passes, with serialization."""
    pyspiel.random_sim_test(game_of(name, setup), num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("name", tilegames.names())
def test_mcts_bot_plays_a_complete_game(name: str) -> None:
    """OpenSpiel's MCTS bot plays every seat of a whole game, chance sampled."""
    game = openspiel_game(name)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = mcts.MCTSBot(game, 2.0, 4, evaluator, random_state=np.random.RandomState(1))
    rng = np.random.RandomState(2)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, chances = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=chances)))
        else:
            state.apply_action(bot.step(state))
    returns = state.returns()
    assert len(returns) == 2
    assert sum(returns) == 0
    assert set(returns) <= {-1.0, 0.0, 1.0}


@pytest.mark.parametrize(("name", "setup"), cases(), ids=str)
def test_chance_probabilities_are_the_games_fractions(name: str, setup: Setup) -> None:
    """At every chance node, the outcomes are the game's, each with float(its Fraction)."""
    rules = tilegames.get(name)
    assert rules.chance_outcomes is not None
    game = game_of(name, setup)
    seen = 0
    action_of: dict[Any, int] = {}
    for state in play_randomly(game, seed=5):
        if not state.is_chance_node():
            assert state.chance_outcomes() == [] or state.is_terminal()
            continue
        if not action_of:  # the setup's numbering of its chance outcomes, by action
            listed = chance_moves(rules, state.node.spec.first)
            action_of = {move: action for action, move in enumerate(listed)}
            assert len(action_of) == len(listed)  # each outcome once
        exact = rules.chance_outcomes(state.position)
        assert sum(p for _, p in exact) == Fraction(1)
        expected = sorted((action_of[move], float(p)) for move, p in exact)
        assert state.chance_outcomes() == expected
        for action, _ in state.chance_outcomes():
            assert state.move(action) in dict(exact)
        seen += 1
    assert seen > 0


@pytest.mark.parametrize(("name", "setup"), cases(), ids=str)
def test_actions_and_moves_map_both_ways(name: str, setup: Setup) -> None:
    """Each legal action names a legal move whose action it is, and each legal move has one."""
    rules = tilegames.get(name)
    assert rules.chance_outcomes is not None
    game = game_of(name, setup)
    for state in play_randomly(game, seed=11)[::3]:
        if state.is_terminal():
            continue
        position = state.position
        if state.is_chance_node():
            outcomes = state.node.spec.outcome_action
            for move, _ in rules.chance_outcomes(position):
                assert state.move(outcomes[move]) == move
            continue
        seat = state.current_player()
        actions = state.legal_actions()
        moves = [state.move(action) for action in actions]
        assert all(rules.why_illegal(position, move) is None for move in moves)
        assert [action_of(rules, position, move) for move in moves] == actions
        assert actions == sorted(set(actions))
        assert all(0 <= action < game.num_distinct_actions() for action in actions)
        assert state.action_to_string(seat, actions[0]) == rules.format_move(moves[0])


def test_aztack_chance_actions_cover_every_stone_both_ways() -> None:
    """Aztack's chance actions number each stone laid unturned and turned, then dealt.

    The first chance step alone (the first base stone) has two outcomes per
    stone, more than the stones: the bound is every stone with each
    orientation, plus each deal.
    """
    game = openspiel_game("aztack")
    stones = len(tilegames.get("aztack").new_game(2, seed=0).stones)
    first = game.new_initial_state()
    assert len(first.chance_outcomes()) > stones
    assert game.max_chance_outcomes() == 3 * stones
    assert all(0 <= action < 3 * stones for action, _ in first.chance_outcomes())


def test_chance_actions_out_of_range_are_refused() -> None:
    """A chance action past the fixed list names nothing."""
    state = openspiel_game("polygon").new_initial_state()
    with pytest.raises(ValueError, match="out of range"):
        state.move(11)


@pytest.mark.parametrize("name", tilegames.names())
def test_loadable_by_name_with_parameters(name: str) -> None:
    """pyspiel.load_game finds each game by its short name, with players and mode."""
    rules = tilegames.get(name)
    setup = rules.setups[-1]
    openspiel_game(name)
    params: dict[str, Any] = {"players": setup.players, **dict(setup.options)}
    loaded = pyspiel.load_game(game_name(rules), params)
    assert loaded.num_players() == setup.players
    assert str(loaded) == str(game_of(name, setup))
    assert game_name(rules) == "python_tilegames_" + name.replace("-", "_")


def test_speed_stack_is_sequential_seat_after_seat() -> None:
    """Aztack's speed stack: the seats that may move act in turn, after the last mover."""
    game = openspiel_game("aztack", players=3, mode="speed")
    assert game.get_type().dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    rules = tilegames.get("aztack")
    movers_seen = 0
    for state in play_randomly(game, seed=3):
        seats = rules.to_move(state.position)
        if len(seats) > 1:
            movers_seen += 1
            last = state.node.last
            expected = min(seats, key=lambda seat: (seat - last - 1) % 3)
            assert state.current_player() == expected
    assert movers_seen > 0


def test_pickle_and_serialize_round_trip() -> None:
    """A game and a state survive pickle and OpenSpiel's serialization, mid-game."""
    game = openspiel_game("axio", players=3)
    assert str(pickle.loads(pickle.dumps(game))) == str(game)
    state = play_randomly(game, seed=2)[60]
    again = pickle.loads(pickle.dumps(state))
    assert str(again) == str(state)
    assert again.history() == state.history()
    new_game, copy = pyspiel.deserialize_game_and_state(
        pyspiel.serialize_game_and_state(game, state)
    )
    assert str(new_game) == str(game)
    assert str(copy) == str(state)
    assert copy.legal_actions() == state.legal_actions()


def test_observations_are_the_seats_views() -> None:
    """Observation tensors come from the seat's view; the information state adds own actions."""
    game = openspiel_game("axio-rota")
    state = play_randomly(game, seed=4)[20]
    assert len(state.observation_tensor(0)) == game.observation_tensor_size()
    assert state.information_state_tensor(1) == state.observation_tensor(1)
    text = state.information_state_string(0)
    assert text.startswith(state.observation_string(0))
    assert "own actions:" in text
    assert state.observation_string(0) != state.observation_string(1)


def test_solo_returns_one_and_is_general_sum() -> None:
    """A lone player gets +1 at the end, in a general-sum game type."""
    game = openspiel_game("axio", players=1, mode="solo")
    assert game.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert play_randomly(game, seed=1)[-1].returns() == [1.0]


def test_options_other_than_mode_are_refused() -> None:
    """openspiel_game takes only players and mode: OpenSpiel loads a game from its parameters."""
    with pytest.raises(ConfigurationError, match="players and mode"):
        openspiel_game("axio", tiles=["RB"] * 12)


def test_without_open_spiel_the_message_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    """openspiel_game without open_spiel fails in one line naming the openspiel extra."""
    monkeypatch.setitem(sys.modules, "pyspiel", None)
    monkeypatch.delitem(sys.modules, "tilegames.envs._openspiel")
    with pytest.raises(ModuleNotFoundError) as caught:
        openspiel_game("axio")
    message = str(caught.value)
    assert "\n" not in message
    assert message.endswith('pip install "tilegames[openspiel]"')
