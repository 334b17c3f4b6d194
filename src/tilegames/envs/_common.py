"""What the environments share: a game and setup, its spaces, observations, masks and rewards."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Final

import numpy as np
from gymnasium import spaces

from tilegames._core.chance import CHANCE, settle
from tilegames._core.encoding import Bits, Encoding
from tilegames._core.errors import ConfigurationError
from tilegames._core.rules import Rules, Seat, Setup, get
from tilegames.agents import moves_for, rewards
from tilegames.rng import Stream

REWARDS: Final = ("outcome", "score", "colours")
"""The reward schemes: at the end by place, the score gained per step, per colour track."""
_ROWS: Final = np.arange(256, dtype=np.intp)[:, None]  # the row numbers of one-hot parts
BOUND: Final = 1e6
"""The bound of every observation part's box (the values are small integers)."""


def encoding_of(rules: Rules[Any, Any]) -> Encoding:
    """The game's :class:`~tilegames._core.encoding.Encoding`, ``rules.encoding``.

    Raises:
        ConfigurationError: if the game offers no encoding.
    """
    found = rules.encoding
    if not isinstance(found, Encoding):
        msg = f"the game {rules.name!r} offers no encoding of actions and observations"
        raise ConfigurationError(msg)
    return found


def agent_name(seat: Seat) -> str:
    """The PettingZoo agent name of a seat: ``"player_0"`` for seat 0."""
    return f"player_{seat}"


class Table:
    """One game and setup, with the numbering, the spaces and a seeded source of games.

    Args:
        game: a registry name (``"axio-rota"``) or a game's rules.
        players: the number of seats.
        reward: ``"outcome"``, ``"score"`` or ``"colours"`` (see :mod:`tilegames.envs`).
        options: further keyword arguments of the game's ``new_game`` (``mode="team"``).
    """

    def __init__(
        self,
        game: str | Rules[Any, Any],
        players: int,
        reward: str = "outcome",
        options: Mapping[str, Any] | None = None,
    ) -> None:
        self.rules: Rules[Any, Any] = get(game) if isinstance(game, str) else game
        self.encoding = encoding_of(self.rules)
        self.options = dict(options or {})
        self.players = players
        self.setup = Setup(players, self.options)
        if reward not in REWARDS:
            msg = f"no reward scheme {reward!r}; known: {', '.join(REWARDS)}"
            raise ConfigurationError(msg)
        self.reward = reward
        first = self.new_state(0)
        self.size = self.encoding.size(first)
        parts = self.encoding.observe(self.rules.view(first, 0))
        shapes = {name: part.shape for name, part in parts.items()}
        self.shapes = shapes
        self._rows: dict[tuple[int, ...], np.ndarray[Any, np.dtype[np.int8]]] = {}
        self.colours = len(self.encoding.points(first, 0))
        if reward == "colours" and self.colours < 2:
            msg = f"{self.rules.name} has no colour tracks: use reward 'outcome' or 'score'"
            raise ConfigurationError(msg)
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Dict(
                    {
                        name: spaces.Box(-BOUND, BOUND, shape, dtype=np.float32)
                        for name, shape in shapes.items()
                    }
                ),
                "action_mask": spaces.Box(0, 1, (self.size,), dtype=np.int8),
            }
        )
        self.action_space = spaces.Discrete(self.size)
        self.seeds = random.Random()

    def seed(self, seed: int | None) -> None:
        """Restart the source of game seeds (``None``: from the operating system)."""
        self.seeds = random.Random(seed)

    def new_state(self, seed: int) -> Any:
        """A new game from ``seed``, any opening chance steps settled from the same seed."""
        state = self.rules.new_game(self.players, seed=seed, **self.options)
        return self.settle(state, random.Random(seed))

    def fresh(self) -> Any:
        """A new game from the next seed of :meth:`seed`'s source."""
        return self.new_state(self.seeds.getrandbits(62))

    def settle(self, state: Any, seeds: random.Random) -> Any:
        """Play any chance steps from a seed drawn from ``seeds`` (a seeded game has none)."""
        if self.rules.to_move(state) != (CHANCE,):
            return state
        return settle(self.rules, state, Stream(seeds.getrandbits(62)))

    def moves(self, state: Any, seat: Seat) -> Sequence[Any]:
        """The seat's legal moves (none unless it may move now)."""
        return moves_for(self.rules, state, seat)

    def mask(self, state: Any, moves: Sequence[Any]) -> np.ndarray[Any, np.dtype[np.int8]]:
        """The action mask of ``moves``: 1 exactly at their actions."""
        mask = np.zeros(self.size, dtype=np.int8)
        if moves:
            for bases, offsets in self.encoding.blocks(state, moves):
                if isinstance(bases, Bits):
                    self._mask_bits(mask, bases, offsets)
                elif len(bases) == 1:
                    mask[np.asarray(offsets, dtype=np.intp) + bases[0]] = 1
                else:
                    mask[np.add.outer(bases, offsets).ravel()] = 1
        return mask

    def _mask_bits(self, mask: np.ndarray[Any, Any], bases: Bits, offsets: Sequence[int]) -> None:
        """Set the block of a bit set of bases (the trick: unpack the int's bytes with numpy).

        Each base's row is then row 0 or row 1 of a two-row table (nothing, or
        the offsets), taken straight into the mask; the table is kept per offsets,
        since a rack's ways come back from step to step.
        """
        if not bases.mask:
            return
        count = bases.mask.bit_length()
        raw = np.frombuffer(bases.mask.to_bytes((count + 7) // 8, "little"), dtype=np.uint8)
        bits = np.unpackbits(raw, count=count, bitorder="little")
        width = bases.stride
        key = (width, *offsets)
        table = self._rows.get(key)
        if table is None:
            if len(self._rows) >= 4096:
                self._rows.clear()
            table = self._rows[key] = np.zeros((2, width), dtype=np.int8)
            table[1, list(offsets)] = 1
        np.take(table, bits, axis=0, out=mask[: count * width].reshape(count, width), mode="clip")

    def legal_move(self, state: Any, seat: Seat, action: Any, mask: Any) -> Any | None:
        """The legal move of ``action`` by ``seat``, read through ``mask``; ``None`` if illegal.

        Anything but an integer in range with a 1 in the mask is illegal.
        """
        kind = type(action)
        if kind is not int:
            if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
                return None
            action = int(action)
        if not 0 <= action < self.size or not mask[action]:
            return None
        return self.encoding.move_of(state, action, seat)

    def observe(self, state: Any, seat: Seat, moves: Sequence[Any]) -> dict[str, Any]:
        """The seat's observation: ``{"observation": {...}, "action_mask": ...}``."""
        parts = self.encoding.observe(self.rules.view(state, seat))
        flat: list[float] = []
        for part in parts.values():
            if not part.onehot:
                flat += part.values
        values = np.array(flat, dtype=np.float32)  # one conversion, then a view per part
        observation = {}
        start = 0
        for name, part in parts.items():
            if part.onehot:  # the trick: compare the categories with the row numbers
                categories = np.array(part.values, dtype=np.intp)
                observation[name] = (categories == _ROWS[: part.shape[0]]).astype(np.float32)
            else:
                end = start + len(part.values)
                observation[name] = values[start:end].reshape(part.shape)
                start = end
        return {"observation": observation, "action_mask": self.mask(state, moves)}

    def points(self, state: Any) -> list[tuple[int, ...]]:
        """Every seat's points (see :attr:`Encoding.points`)."""
        points = self.encoding.points
        return [points(state, seat) for seat in range(self.players)]

    def gains(self, before: Sequence[tuple[int, ...]], state: Any) -> list[Any]:
        """Per seat, the reward of the step from ``before`` (points) to ``state``."""
        after = self.points(state)
        if self.reward == "score":
            return [float(sum(a) - sum(b)) for a, b in zip(after, before, strict=True)]
        if self.reward == "colours":
            return [
                np.asarray(a, dtype=np.float32) - np.asarray(b, dtype=np.float32)
                for a, b in zip(after, before, strict=True)
            ]
        return self.final(state)

    def final(self, state: Any) -> list[Any]:
        """Per seat, the ``"outcome"`` reward: 0 until the end, then by place from 1 to -1."""
        outcome = self.rules.outcome(state)
        if outcome is None:
            return [0.0] * self.players
        return [2.0 * share - 1.0 for share in rewards(outcome)]

    def zero(self) -> Any:
        """A reward of nothing: ``0.0``, or zeros per colour."""
        if self.reward == "colours":
            return np.zeros(self.colours, dtype=np.float32)
        return 0.0
