"""The PettingZoo environment: every seat an agent, taking turns (see :func:`aec_env`)."""

from __future__ import annotations

from typing import Any

from gymnasium import spaces
from pettingzoo import AECEnv

from tilegames._core.rules import Rules, Seat
from tilegames.envs._common import Table, agent_name

RENDER_MODES = ("ansi",)


class TilegamesAEC(AECEnv):  # type: ignore[misc]  # pettingzoo ships no type hints
    """A tilegames game as a PettingZoo AEC environment (build one with :func:`aec_env`).

    Agents are ``"player_0"`` .. ``"player_{n-1}"``, one per seat. In a game
    where several seats may move at once (Aztack's speed stack) the seats that
    may move take turns in seat order, each move applied as it comes: the
    turn-based view of the race that an agent gets.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo reads it from the class)
        "render_modes": list(RENDER_MODES),
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(self, table: Table, render_mode: str | None = None) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            msg = f"render_mode {render_mode!r} is not offered; use one of {RENDER_MODES}"
            raise ValueError(msg)
        self.table = table
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"tilegames_{table.rules.name}_v0"}
        self.possible_agents = [agent_name(seat) for seat in range(table.players)]
        self._seat = {name: seat for seat, name in enumerate(self.possible_agents)}
        self.observation_spaces = dict.fromkeys(self.possible_agents, table.observation_space)
        self.action_spaces = dict.fromkeys(self.possible_agents, table.action_space)
        self.state_: Any = None
        self._cache: dict[Seat, dict[str, Any]] = {}

    @property
    def rules(self) -> Rules[Any, Any]:
        """The game's rules."""
        return self.table.rules

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """Every agent's observation space: a dict of the game's parts and the action mask."""
        return self.table.observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """Every agent's action space: ``Discrete(size)`` of the game's numbering."""
        return self.table.action_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game; the same seed gives the same game and the same trajectory."""
        if seed is not None:
            self.table.seed(seed)
            for number, agent in enumerate(self.possible_agents):
                self.action_spaces[agent].seed(seed + number)
        self.state_ = self.table.fresh()
        self.agents = list(self.possible_agents)
        self.rewards = {agent: self.table.zero() for agent in self.agents}
        self._cumulative_rewards = {agent: self.table.zero() for agent in self.agents}
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._cache = {}
        self.agent_selection = self._next_agent(self.table.players - 1)

    def _next_agent(self, last: Seat) -> str:
        """The agent to act: the first seat to move after ``last`` in seat order."""
        seats = self.rules.to_move(self.state_)
        players = self.table.players
        if not seats:
            return self.possible_agents[(last + 1) % players]
        if len(seats) == 1:
            return self.possible_agents[seats[0]]
        return self.possible_agents[min(seats, key=lambda seat: (seat - last - 1) % players)]

    def observe(self, agent: str) -> dict[str, Any]:
        """The agent's observation of the present position, built from its seat's view only."""
        seat = self._seat[agent]
        found = self._cache.get(seat)
        if found is None:
            moves = self.table.moves(self.state_, seat)
            found = self._cache[seat] = self.table.observe(self.state_, seat, moves)
        return found

    def step(self, action: Any) -> None:
        """Play the selected agent's action.

        An action that is not legal (outside the mask) ends the game: its agent
        gets -1 and the others 0, as PettingZoo's ``TerminateIllegalWrapper`` does.
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        table, state, seat = self.table, self.state_, self._seat[agent]
        cached = self._cache.get(seat)
        mask = (
            cached["action_mask"]
            if cached is not None
            else table.mask(state, table.moves(state, seat))
        )
        move = table.legal_move(state, seat, action, mask)
        self._cache = {}
        if move is None:
            self._cumulative_rewards[agent] = table.zero()
            self.rewards = {name: table.zero() for name in self.agents}
            self.rewards[agent] = table.zero() - 1.0
            self.terminations = dict.fromkeys(self.agents, True)
            self.infos[agent] = {"illegal_action": action}
            self.agent_selection = self._next_agent(seat)
            self._accumulate_rewards()
            return
        outcome = table.reward == "outcome"
        before = [] if outcome else table.points(state)
        state = table.rules.apply(state, move)
        state = self.state_ = table.settle(state, table.seeds)
        over = table.rules.is_over(state)
        self.agent_selection = self._next_agent(seat)
        if outcome and not over:
            # The common step: nothing gained by anyone, so the dicts are kept as they are.
            rewards = self.rewards
            for name in rewards:
                rewards[name] = 0.0
            self._cumulative_rewards[agent] = 0.0
            return
        self._cumulative_rewards[agent] = table.zero()
        gains = table.gains(before, state)
        self.rewards = {name: gains[self._seat[name]] for name in self.agents}
        if over:
            self.terminations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The text picture of the whole position (``render_mode="ansi"``), else ``None``."""
        if self.render_mode != "ansi" or self.state_ is None:
            return None
        return str(self.state_)

    def close(self) -> None:
        """Nothing to release."""
