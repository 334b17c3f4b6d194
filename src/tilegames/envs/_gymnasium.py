"""The Gymnasium environment: one seat learns against tilegames agents (see :func:`gym_env`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, SupportsFloat

import gymnasium
import numpy as np

from tilegames._core.rng import Stream
from tilegames._core.rules import Seat
from tilegames.agents import Agent, make_agent
from tilegames.envs._common import Table

RENDER_MODES = ("ansi",)


class TilegamesGym(gymnasium.Env[dict[str, Any], np.int64]):
    """A tilegames game as a single-agent Gymnasium environment (build one with :func:`gym_env`).

    The learner plays ``seat``; every other seat is played by ``opponent``, a
    :mod:`tilegames.agents` agent, between the learner's steps. An action
    outside the mask ends the episode as a loss: terminated, reward -1,
    ``info["illegal_action"]`` set; it never raises.
    """

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        table: Table,
        opponent: str | Agent = "random",
        seat: Seat = 0,
        render_mode: str | None = None,
    ) -> None:
        if render_mode is not None and render_mode not in RENDER_MODES:
            msg = f"render_mode {render_mode!r} is not offered; use one of {RENDER_MODES}"
            raise ValueError(msg)
        if not 0 <= seat < table.players:
            msg = f"the learner's seat must be 0..{table.players - 1}, not {seat}"
            raise ValueError(msg)
        self.table = table
        self.opponent = make_agent(opponent) if isinstance(opponent, str) else opponent
        self.seat = seat
        self.render_mode = render_mode
        self.observation_space = table.observation_space
        self.action_space = table.action_space
        self.state_: Any = None
        self.stream = Stream(0)
        self._mask: Any = None
        self._moves: Sequence[Any] | None = None
        """The learner's legal moves that :attr:`_mask` was made of."""

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """Start a new game and let the opponents move until the learner is to move."""
        super().reset(seed=seed)
        if seed is not None:
            self.table.seed(seed)
            self.action_space.seed(seed)
        self.stream = Stream(self.table.seeds.getrandbits(62))
        self.state_ = self.table.fresh()
        self._opponents_move()
        return self._observation(), {}

    def _observation(self) -> dict[str, Any]:
        moves = self._moves = self.table.moves(self.state_, self.seat)
        observation = self.table.observe(self.state_, self.seat, moves)
        self._mask = observation["action_mask"]
        return observation

    def _opponents_move(self, *, after_learner: bool = False) -> None:
        """Let the other seats play until the learner may move or the game is over.

        After a learner's move, each other seat that may move then makes one
        move first, in seat order: in a game where several seats may move at
        once (Aztack's speed stack) the opponents keep pace with the learner.
        """
        table, rules = self.table, self.table.rules
        state = self.state_
        if after_learner:
            for seat in range(table.players):
                if seat != self.seat and seat in rules.to_move(state):
                    state = self._opponent_move(state, seat)
        while True:
            seats = rules.to_move(state)
            if not seats or self.seat in seats:
                break
            state = self._opponent_move(state, seats[0])
        self.state_ = state

    def _opponent_move(self, state: Any, seat: Seat) -> Any:
        """The state after the opponent's move for ``seat`` (and any chance steps)."""
        table, rules = self.table, self.table.rules
        moves = table.moves(state, seat)
        move = self.opponent.choose(rules, seat, rules.view(state, seat), moves, self.stream)
        return table.settle(rules.apply(state, move), table.seeds)

    def step(
        self, action: np.int64 | int
    ) -> tuple[dict[str, Any], SupportsFloat, bool, bool, dict[str, Any]]:
        """Play the learner's action, then the opponents' moves (see the class docs)."""
        table, rules = self.table, self.table.rules
        move = table.legal_move(self.state_, self.seat, action, self._mask, self._moves)
        if move is None:
            observation = self._observation()
            return observation, -1.0, True, False, {"illegal_action": action}
        before = table.points(self.state_) if table.reward != "outcome" else []
        state = rules.apply(self.state_, move)
        self.state_ = table.settle(state, table.seeds)
        self._opponents_move(after_learner=True)
        reward = table.gains(before, self.state_)[self.seat]
        return self._observation(), reward, rules.is_over(self.state_), False, {}

    def render(self) -> str | None:
        """The text picture of the whole position (``render_mode="ansi"``), else ``None``."""
        if self.render_mode != "ansi" or self.state_ is None:
            return None
        return str(self.state_)
