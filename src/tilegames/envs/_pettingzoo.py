"""The PettingZoo environment: every seat an agent, taking turns (see :func:`aec_env`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gymnasium import spaces
from pettingzoo import AECEnv

from tilegames._core.chance import CHANCE
from tilegames._core.rules import Rules, Seat
from tilegames.envs._common import Table, agent_name

RENDER_MODES = ("ansi",)
CHANCE_ONLY = (CHANCE,)


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
        self._seats: tuple[Seat, ...] = ()
        """The seats that may move in :attr:`state_`."""
        self._cache: dict[Seat, tuple[dict[str, Any], Sequence[Any]]] = {}
        """Per seat, the observation of the present position and the legal moves it masks."""

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
            # seed + number for each agent's space; a space shared by several agents (as they
            # are, by default) is seeded once, with its last agent's seed, as if it were each time
            spaces = {id(self.action_spaces[a]): a for a in self.possible_agents}
            for number, agent in enumerate(self.possible_agents):
                if spaces[id(self.action_spaces[agent])] == agent:
                    self.action_spaces[agent].seed(seed + number)
        self.state_ = self.table.fresh()
        self._seats = self.rules.to_move(self.state_)
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
        seats = self._seats
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
            table, state = self.table, self.state_
            moves = table.moves(state, seat, self._seats)
            found = self._cache[seat] = (table.observe(state, seat, moves), moves)
        return found[0]

    def last(self, observe: bool = True) -> tuple[Any, Any, bool, bool, dict[str, Any]]:
        """The selected agent's observation, cumulative reward, ends and info (as AECEnv's)."""
        agent = self.agent_selection
        return (
            self.observe(agent) if observe else None,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

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
        if cached is None:
            moves = table.moves(state, seat)
            mask = table.mask(state, moves)
        else:
            mask, moves = cached[0]["action_mask"], cached[1]
        move = table.legal_move(state, seat, action, mask, moves)
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
        rules, outcome = table.rules, table.reward == "outcome"
        before = [] if outcome else table.points(state)
        state = rules.apply(state, move)
        seats = rules.to_move(state)
        if seats == CHANCE_ONLY:
            state = table.settle(state, table.seeds)
            seats = rules.to_move(state)
        self.state_, self._seats = state, seats
        over = not seats  # no seat to move exactly when the game is over
        self.agent_selection = (
            self.possible_agents[seats[0]] if len(seats) == 1 else self._next_agent(seat)
        )
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
