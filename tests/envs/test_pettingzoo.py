"""The PettingZoo environments pass PettingZoo's own test suite, for every game and setup."""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("numpy", reason="needs the rl extra")
pytest.importorskip("gymnasium", reason="needs the rl extra")
pytest.importorskip("pettingzoo", reason="needs the rl extra")

from pettingzoo.test import api_test, seed_test

import tilegames
from tiers import size
from tilegames._core.rules import Setup
from tilegames.agents import moves_for
from tilegames.envs import REWARDS, action_of, aec_env, move_of
from tilegames.envs._common import Table

# PettingZoo's classic games observe a dict ({"observation", "action_mask"}), as ours do,
# and its suite silences these two advisories for them by name; they are silenced here alone.
pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning"),
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably:UserWarning"),
]


def cases() -> list[tuple[str, Setup]]:
    return [(name, setup) for name in tilegames.names() for setup in tilegames.get(name).setups]


def env_of(name: str, setup: Setup, **kwargs: Any) -> Any:
    return aec_env(name, **setup.kwargs, **kwargs)


@pytest.mark.parametrize(("name", "setup"), cases(), ids=str)
def test_api_test(name: str, setup: Setup) -> None:
    """pettingzoo.test.api_test passes."""
    api_test(env_of(name, setup), num_cycles=300)


@pytest.mark.parametrize(("name", "setup"), cases(), ids=str)
def test_seed_test(name: str, setup: Setup) -> None:
    """pettingzoo.test.seed_test passes: the same seed gives the same trajectory."""
    seed_test(lambda: env_of(name, setup), num_cycles=100)


@pytest.mark.parametrize("reward", [reward for reward in REWARDS if reward != "colours"])
@pytest.mark.parametrize("name", tilegames.names())
def test_api_test_with_each_scalar_reward(name: str, reward: str) -> None:
    """api_test passes with each scalar reward scheme."""
    api_test(aec_env(name, reward=reward), num_cycles=100)


@pytest.mark.parametrize("name", ["axio", "axio-rota"])
def test_colour_rewards_add_up_to_the_score_rewards(name: str) -> None:
    """The per-colour rewards (momaland's vector view) sum to the score rewards, step by step."""
    by_colour, by_score = aec_env(name, reward="colours"), aec_env(name, reward="score")
    by_colour.reset(seed=6)
    by_score.reset(seed=6)
    for agent in by_colour.agent_iter():
        observation, vector, termination, truncation, _ = by_colour.last()
        _, scalar, *_ = by_score.last()
        assert by_score.agent_selection == agent
        assert vector.shape == (len(tilegames.get(name).new_game(seed=1).tracks[0]),)
        assert float(vector.sum()) == scalar
        action = None if termination or truncation else int(observation["action_mask"].argmax())
        by_colour.step(action)
        by_score.step(action)


@pytest.mark.parametrize(("name", "setup"), cases(), ids=str)
def test_mask_is_exactly_the_legal_moves(name: str, setup: Setup) -> None:
    """Every masked action maps to a listed move and back; every listed move is masked."""
    rules = tilegames.get(name)
    table = Table(name, setup.players, options=dict(setup.options))
    chooser = random.Random(name)
    visited = 0
    positions = size(everyday=15, deep=50)
    for game in range(1000):
        state = table.new_state(game)
        while not rules.is_over(state) and visited < positions:
            visited += 1
            for seat in range(setup.players):
                moves = moves_for(rules, state, seat)
                mask = table.observe(state, seat, moves)["action_mask"]
                masked = [int(action) for action in mask.nonzero()[0]]
                assert len(masked) == len(moves)
                assert {move_of(rules, state, action, seat) for action in masked} == set(moves)
                for move in moves:
                    assert mask[action_of(rules, state, move)] == 1
            seats = rules.to_move(state)
            moves = moves_for(rules, state, seats[chooser.randrange(len(seats))])
            state = rules.apply(state, moves[chooser.randrange(len(moves))])
        if visited >= positions:
            break


def test_outcome_rewards_sum_to_zero_and_rank_the_seats() -> None:
    """At the end of a random game the rewards are +1 for first, -1 for last, summing to 0."""
    env = aec_env("polygon", 3)
    env.reset(seed=4)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        totals[agent] += float(reward)
        if termination or truncation:
            env.step(None)
            continue
        env.step(int(observation["action_mask"].nonzero()[0][0]))
    assert sum(totals.values()) == pytest.approx(0.0)
    assert max(totals.values()) == 1.0
    assert min(totals.values()) == -1.0


@pytest.mark.parametrize(("name", "setup"), cases(), ids=str)
def test_outcome_rewards_step_by_step(name: str, setup: Setup) -> None:
    """Every step's rewards are the table's: 0 for all until the end, then by place.

    The environment keeps its reward dicts in place on the steps before the end.
    """
    env = env_of(name, setup)
    env.reset(seed=7)
    chooser = random.Random(7)
    while True:
        agent = env.agent_selection
        observation, _reward, termination, truncation, _ = env.last()
        if termination or truncation:
            break
        legal = observation["action_mask"].nonzero()[0]
        env.step(int(legal[chooser.randrange(len(legal))]))
        expected = env.table.final(env.state_)
        assert env.rewards == {
            other: expected[seat] for seat, other in enumerate(env.possible_agents)
        }
        assert set(env.rewards) == set(env.agents) == set(env._cumulative_rewards)
        if not any(env.terminations.values()):
            assert env._cumulative_rewards == dict.fromkeys(env.agents, 0.0)
        assert env._cumulative_rewards[agent] == env.rewards[agent]
    assert any(env.rewards.values()) or len(set(env.table.final(env.state_))) == 1


def test_observations_are_not_overwritten_by_later_steps() -> None:
    """An observation handed out stays as it was: later steps build new arrays."""
    env = aec_env("axio")
    env.reset(seed=2)
    kept = []
    for _ in range(6):
        observation, *_ = env.last()
        kept.append((observation, {k: v.copy() for k, v in observation["observation"].items()}))
        kept[-1][1]["action_mask"] = observation["action_mask"].copy()
        env.step(int(observation["action_mask"].nonzero()[0][-1]))
    for observation, copies in kept:
        assert (observation["action_mask"] == copies["action_mask"]).all()
        for part, values in observation["observation"].items():
            assert (values == copies[part]).all()


def test_an_illegal_action_loses() -> None:
    """An action outside the mask ends the game: -1 for the mover, 0 for the others."""
    env = aec_env("axio")
    env.reset(seed=1)
    observation = env.observe("player_0")
    illegal = int((observation["action_mask"] == 0).nonzero()[0][0])
    env.step(illegal)
    assert all(env.terminations.values())
    assert env.rewards == {"player_0": -1.0, "player_1": 0.0}


def test_render_ansi_is_the_text_board() -> None:
    """render_mode="ansi" renders the position's text picture; other modes are refused."""
    env = aec_env("aztack", render_mode="ansi")
    env.reset(seed=2)
    assert env.render() == str(env.state_)
    with pytest.raises(ValueError, match="rgb_array"):
        aec_env("aztack", render_mode="rgb_array")


@pytest.mark.parametrize("name", tilegames.names())
def test_explicit_chance_is_settled_inside(name: str) -> None:
    """With chance="explicit", the env plays chance's steps itself: the suite still passes."""
    api_test(aec_env(name, chance="explicit"), num_cycles=100)
    seed_test(lambda: aec_env(name, chance="explicit"), num_cycles=50)
    env = aec_env(name, chance="explicit")
    env.reset(seed=3)
    for agent in env.agent_iter(max_iter=60):
        assert agent in env.possible_agents
        observation, _, termination, truncation, _ = env.last()
        env.step(None if termination or truncation else int(observation["action_mask"].argmax()))
