"""The Gymnasium environments pass Gymnasium's own environment checker, for every game."""

from __future__ import annotations

import pytest

pytest.importorskip("numpy", reason="needs the rl extra")
pytest.importorskip("gymnasium", reason="needs the rl extra")
pytest.importorskip("pettingzoo", reason="needs the rl extra")

import gymnasium
from gymnasium.utils.env_checker import check_env

import tilegames
from tilegames._core.rules import Setup
from tilegames.envs import gym_env


def cases() -> list[tuple[str, Setup]]:
    return [(name, setup) for name in tilegames.names() for setup in tilegames.get(name).setups]


@pytest.mark.parametrize(("name", "setup"), cases(), ids=str)
def test_check_env(name: str, setup: Setup) -> None:
    """gymnasium.utils.env_checker.check_env passes (made by id, so it checks rendering too)."""
    env = gymnasium.make(f"tilegames/{name}-v0", **setup.kwargs)
    check_env(env.unwrapped)


@pytest.mark.parametrize("opponent", ["random", "greedy", "mcts:5"])
def test_opponents_by_name(opponent: str) -> None:
    """Any agent name of tilegames.agents plays the other seats, to the end of the game."""
    env = gym_env("polygon", opponent=opponent, players=3, seat=1)
    observation, _ = env.reset(seed=2)
    terminated = False
    while not terminated:
        action = int(observation["action_mask"].nonzero()[0][-1])
        observation, reward, terminated, truncated, _ = env.step(action)
        assert not truncated
    assert reward in (-1.0, 0.0, 1.0)
    assert env.table.rules.is_over(env.state_)


def test_an_illegal_action_is_a_loss_not_an_error() -> None:
    """An action outside the mask terminates the episode with reward -1."""
    env = gym_env("axio-rota")
    observation, _ = env.reset(seed=1)
    illegal = int((observation["action_mask"] == 0).nonzero()[0][0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert info == {"illegal_action": illegal}


def test_same_seed_same_episode() -> None:
    """reset(seed=...) replays the same game, opponents included."""

    def episode() -> list[int]:
        env = gym_env("aztack", players=3)
        observation, _ = env.reset(seed=9)
        actions: list[int] = []
        terminated = False
        while not terminated:
            action = int(observation["action_mask"].nonzero()[0][0])
            actions.append(action)
            observation, _, terminated, _, _ = env.step(action)
        return actions

    assert episode() == episode()


def test_opponents_keep_pace_in_the_speed_stack() -> None:
    """In Aztack's speed stack the opponents move after each learner move, not never."""
    env = gym_env("aztack", players=3, mode="speed")
    observation, _ = env.reset(seed=5)
    held = [len(supply) for supply in env.state_.supplies]
    observation, *_ = env.step(int(observation["action_mask"].nonzero()[0][0]))
    after = [len(supply) for supply in env.state_.supplies]
    assert all(a < b for a, b in zip(after, held, strict=True)), (held, after)
