"""A learning loop without torch: a tabular learner against tilegames' random agent.

The Gymnasium environment of Polygon (``tilegames.envs.gym_env``) gives the
learner seat 0 against a random opponent. The learner keeps one number per
action, the average result of the games in which it played it, and plays the
best-rated legal action (the mask says which are legal), exploring at random
now and then. It is a bandit over Polygon's 496 placements, the state left
aside: a baseline to beat, and the shape of any learning loop on these
environments (reset, read the mask, step, learn from the reward).

Needs the rl extra: ``pip install "tilegames[rl]"``. Run it with
``python examples/rl_random_baseline.py``.
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np

from tilegames.envs import gym_env

GAMES = 300
EXPLORE = 0.2


Env = gymnasium.Env[dict[str, Any], np.int64]
Table = np.ndarray[Any, np.dtype[np.float64]]


def play(env: Env, values: Table, counts: Table, chooser: random.Random) -> float:
    """Play one game, then credit each action played with its result; return the result."""
    observation, _ = env.reset(seed=chooser.getrandbits(31))
    played: list[int] = []
    reward = 0.0
    terminated = False
    while not terminated:
        legal = np.flatnonzero(observation["action_mask"])
        if chooser.random() < EXPLORE:
            action = int(legal[chooser.randrange(len(legal))])
        else:
            action = int(legal[np.argmax(values[legal])])
        played.append(action)
        observation, step_reward, terminated, _, _ = env.step(np.int64(action))
        reward = float(step_reward)
    for action in played:  # each action played gets the game's result (+1 win .. -1 loss)
        counts[action] += 1
        values[action] += (reward - values[action]) / counts[action]
    return reward


def main() -> None:
    env = gym_env("polygon", opponent="random")
    size = int(env.table.size)
    values, counts = np.zeros(size), np.zeros(size)
    chooser = random.Random(2026)
    results = [play(env, values, counts, chooser) for _ in range(GAMES)]
    early, late = results[: GAMES // 3], results[-GAMES // 3 :]
    print(f"mean reward, first {len(early)} games: {np.mean(early):+.2f}")
    print(f"mean reward, last {len(late)} games:  {np.mean(late):+.2f}")
    print(f"actions tried: {int((counts > 0).sum())} of {size}")


if __name__ == "__main__":
    main()
