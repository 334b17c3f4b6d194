"""What the environments share: a game and setup, its spaces, observations, masks and rewards."""

from __future__ import annotations

import random
import struct
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

import numpy as np
from gymnasium import spaces

from tilegames._core.chance import CHANCE, settle
from tilegames._core.encoding import Bits, Encoding, Part
from tilegames._core.errors import ConfigurationError
from tilegames._core.rng import Stream
from tilegames._core.rules import Rules, Seat, Setup, get
from tilegames.agents import moves_for, rewards

REWARDS: Final = ("outcome", "score", "colours")
"""The reward schemes: at the end by place, the score gained per step, per colour track."""
_DIGITS: Final = bytes.maketrans(b"01", b"\0\1")
"""Binary digits to bits: ``b"0"`` to 0 and ``b"1"`` to 1."""
_INT8: Final = np.dtype(np.int8)
_UINT8: Final = np.dtype(np.uint8)
_INT64: Final = np.dtype(np.int64)
_FLOAT32: Final = np.dtype(np.float32)
_SMALL: Final = 127
"""The most categories a one-hot part may have to be looked up in a table (see _Layout)."""
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
        self._layout = _Layout(parts)
        self._arrays = self._layout.arrays
        self._values: Callable[[Any, Seat], Sequence[Sequence[float]]] = (
            self.encoding.observe_state or _values_of(self.rules.view, self.encoding.observe)
        )
        self._move_in = self.encoding.move_in
        self._blocks = self.encoding.legal_actions or self.encoding.blocks
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
        if self.rules.to_move(state) != (CHANCE,):  # a seeded game: no source needed
            return state
        return self.settle(state, random.Random(seed))

    def fresh(self) -> Any:
        """A new game from the next seed of :meth:`seed`'s source."""
        return self.new_state(self.seeds.getrandbits(62))

    def settle(self, state: Any, seeds: random.Random) -> Any:
        """Play any chance steps from a seed drawn from ``seeds`` (a seeded game has none)."""
        if self.rules.to_move(state) != (CHANCE,):
            return state
        return settle(self.rules, state, Stream(seeds.getrandbits(62)))

    def moves(self, state: Any, seat: Seat, seats: Sequence[Seat] | None = None) -> Sequence[Any]:
        """The seat's legal moves (none unless it may move now).

        ``seats``: ``rules.to_move(state)``, when the caller knows it already.
        """
        if seats is None or len(seats) != 1:
            return moves_for(self.rules, state, seat)
        return self.rules.legal_moves(state) if seats[0] == seat else ()

    def mask(self, state: Any, moves: Sequence[Any]) -> np.ndarray[Any, np.dtype[np.int8]]:
        """The action mask of ``moves``: 1 exactly at their actions.

        A first block whose bases are a bit set makes the mask in one numpy
        call (see :meth:`_mask_bits`); the other blocks with one base each
        are gathered into one list of actions, set in one call; several
        bases at once are added up by numpy.
        """
        if not moves:
            return np.zeros(self.size, dtype=np.int8)
        blocks = self._blocks(state, moves)
        bases, offsets = blocks[0] if blocks else ((), ())
        if type(bases) is Bits and bases.mask:
            mask = self._mask_bits(bases, offsets)
            if len(blocks) == 1:  # AXIO's placements: the whole mask
                return mask
            blocks = blocks[1:]
        else:
            mask = np.zeros(self.size, dtype=np.int8)
        actions: list[int] = []
        for bases, offsets in blocks:
            if isinstance(bases, Bits):
                actions += [base + offset for base in bases for offset in offsets]
            elif len(bases) == 1:
                base = bases[0]
                if base:
                    actions += [base + offset for offset in offsets]
                else:
                    actions += offsets
            else:
                mask[np.add.outer(bases, offsets).ravel()] = 1
        if actions:
            mask.put(actions, 1)
        return mask

    def _mask_bits(self, bases: Bits, offsets: Sequence[int]) -> np.ndarray[Any, Any]:
        """A mask of the block of a bit set of bases (the trick: the int's binary digits).

        ``bin`` spells the bits, reversed to put bit 0 first, one byte per
        base, turned into 0 or 1 and padded to a row per ``stride`` actions
        of the mask; each row is then row 0 or row 1 of a two-row table
        (nothing, or the offsets), taken by numpy in one call. The table is
        made afresh (a rack's ways seldom come back).
        """
        width = bases.stride
        rows = -(-self.size // width)
        bits = bin(bases.mask)[:1:-1].encode().ljust(rows, b"0").translate(_DIGITS)
        if len(bits) > rows:
            msg = f"a bit set of bases past the {self.size} actions: {bases}"
            raise IndexError(msg)
        row = bytearray(width)
        for offset in offsets:
            row[offset] = 1
        table = np.ndarray((2, width), _INT8, bytes(width) + row)
        taken = table.take(np.ndarray((len(bits),), _UINT8, bits), axis=0, mode="clip")
        mask: np.ndarray[Any, Any] = np.ndarray((self.size,), _INT8, taken)
        return mask

    def legal_move(
        self,
        state: Any,
        seat: Seat,
        action: Any,
        mask: Any,
        moves: Sequence[Any] | None = None,
    ) -> Any | None:
        """The legal move of ``action`` by ``seat``, read through ``mask``; ``None`` if illegal.

        Anything but an integer in range with a 1 in the mask is illegal.
        Given ``moves``, the seat's legal moves that ``mask`` was made of, the
        move is taken from them where the game's encoding can (``move_in``):
        a move found there is legal without reading the mask.
        """
        kind = type(action)
        if kind is not int:
            if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
                return None
            action = int(action)
        if not 0 <= action < self.size:
            return None
        if moves is not None and self._move_in is not None:
            move = self._move_in(state, moves, action)
            if move is not None:  # one of the moves: legal, its 1 in the mask
                return move
        if not mask[action]:
            return None
        return self.encoding.move_of(state, action, seat)

    def observe(self, state: Any, seat: Seat, moves: Sequence[Any]) -> dict[str, Any]:
        """The seat's observation: ``{"observation": {...}, "action_mask": ...}``.

        Built from what the seat's view shows only: ``observe(rules.view(state,
        seat))``, or the encoding's ``observe_state``; fresh arrays each time.
        """
        arrays = self._arrays(self._values(state, seat))
        return {"observation": arrays, "action_mask": self.mask(state, moves)}

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


def _values_of(
    view: Callable[[Any, Seat], Any], observe: Callable[[Any], Mapping[str, Part]]
) -> Callable[[Any, Seat], list[Any]]:
    """``observe_state`` the plain way: each part's values, from the view."""

    def values(state: Any, seat: Seat) -> list[Any]:
        return [part.values for part in observe(view(state, seat)).values()]

    return values


class _Layout:
    """How one setup's parts become arrays: a part per name, each a float32 array of its shape.

    The trick: the plain parts' values go through one :mod:`struct` call as
    64-bit ints, each one-hot part's categories through one as bytes (-128
    to 127), and numpy reads the results in place. Each plain
    part is a view of one float32 copy of the ints (made by ``np.ndarray`` in
    one call); each one-hot part is the columns of its table taken at its
    categories, the table the identity and then 128 zero columns, so that a
    category out of range (-1 for an empty cell, wrapping to the end) sets no
    1 (a part with more than 127 categories compares instead). Values that
    do not pack (floats, a category past a byte) take the plain way,
    :meth:`plain`. :attr:`arrays` is written out for the parts, once.
    """

    def __init__(self, parts: Mapping[str, Part]) -> None:
        self.names = tuple(parts)
        self.shapes = [part.shape for part in parts.values()]
        self.onehot = {name for name, part in parts.items() if part.onehot}
        self.arrays = self._compile(parts)
        """``arrays(values)``: the parts' arrays of their values, fresh, shared with no one."""

    def _compile(
        self, parts: Mapping[str, Part]
    ) -> Callable[[Sequence[Sequence[float]]], dict[str, Any]]:
        """The function :attr:`arrays`, written out for these parts.

        One ``pack(*v1, *v2, ...)`` of the plain parts' values and one per
        one-hot part (a tuple of categories goes to it as it is), then one
        dict display of the parts in order: no loop and no list at each step
        (the trick of attrs and dataclasses, code made once per layout and
        run at every step).
        """
        names = list(parts)
        plain = [i for i, name in enumerate(names) if not parts[name].onehot]
        count = sum(len(parts[names[i]].values) for i in plain)
        namespace: dict[str, Any] = {
            "ndarray": np.ndarray,
            "INT8": _INT8,
            "INT64": _INT64,
            "FLOAT32": _FLOAT32,
            "struct_error": struct.error,
            "plain": self.plain,
            "pack": struct.Struct(f"<{count}q").pack,
        }
        packs, items = [], {}
        offset = 0
        for i in plain:  # a slice for a flat part, else a view made by np.ndarray in one call
            shape, size = parts[names[i]].shape, len(parts[names[i]].values)
            if len(shape) == 1:
                items[i] = f"floats[{offset}:{offset + size}]"
            else:
                items[i] = f"ndarray({shape!r}, FLOAT32, floats, {offset * _FLOAT32.itemsize})"
            offset += size
        for i, name in enumerate(names):
            if not parts[name].onehot:
                continue
            categories, columns = parts[name].shape
            if categories <= _SMALL:  # a byte per category, looked up
                namespace[f"pack{i}"] = struct.Struct(f"<{columns}b").pack
                table: np.ndarray[Any, Any] = np.zeros(
                    (categories, categories + _SMALL + 1), dtype=np.float32
                )
                table[:, :categories] = np.eye(categories, dtype=np.float32)
                items[i] = f"t{i}.take(ndarray(({columns},), INT8, h{i}), axis=1)"
            else:  # compared with the row numbers
                namespace[f"pack{i}"] = struct.Struct(f"<{columns}q").pack
                table = np.arange(categories, dtype=np.int64)[:, None]
                items[i] = f"(ndarray(({columns},), INT64, h{i}) == t{i}).astype(FLOAT32)"
            namespace[f"t{i}"] = table
            packs.append(f"        h{i} = pack{i}(*v{i})")
        unpacked = ", ".join(f"v{i}" for i in range(len(names)))
        arguments = ", ".join(f"*v{i}" for i in plain)
        display = ", ".join(f"{name!r}: {items[i]}" for i, name in enumerate(names))
        lines = [
            "def arrays(values):",
            f"    ({unpacked}{',' if names else ''}) = values",
            "    try:",
            f"        packed = pack({arguments})",
            *packs,
            "    except struct_error:  # a float, a big int, a category past a byte",
            "        return plain(values)",
            f"    floats = ndarray(({count},), INT64, packed).astype(FLOAT32)",
            f"    return {{{display}}}",
        ]
        exec("\n".join(lines), namespace)  # our own code, made from the parts' shapes
        function: Callable[[Sequence[Sequence[float]]], dict[str, Any]] = namespace["arrays"]
        return function

    def plain(self, values: Sequence[Sequence[float]]) -> dict[str, Any]:
        """The arrays the plain way: a float32 array per part, the one-hot rows compared."""
        observation = {}
        for name, shape, part in zip(self.names, self.shapes, values, strict=True):
            if name in self.onehot:
                categories = np.array(part, dtype=np.intp)
                rows = np.arange(shape[0], dtype=np.intp)[:, None]
                observation[name] = (categories == rows).astype(np.float32)
            else:
                observation[name] = np.array(part, dtype=np.float32).reshape(shape)
        return observation
