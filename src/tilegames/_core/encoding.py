"""Fixed integer actions and plain-array observations: what learning code needs of a game.

A game that offers an :class:`Encoding` (as ``encoding`` in its
:class:`~tilegames.GameRules`) numbers every move any position of a setup
can have, once and for all: ``action_of(position, move)`` is the move's
integer in ``0 .. size(position) - 1`` and ``move_of(position, action, seat)``
gives the move back. The numbering depends on the setup (the player count,
the mode, a custom set), never on the moves legal right now, so a learner's
output layer has one fixed width. :mod:`tilegames.envs` builds the
PettingZoo, Gymnasium and OpenSpiel environments on it.

Observations are plain Python, so that the rules stay free of numpy:
``observe(view)`` maps each named part (``"board"``, ``"rack"``, ...) to
its shape and its values, flat, in row-major order. :mod:`tilegames.envs`
turns each into a ``numpy`` array; only what the seat of the view may see
goes in, since the encoder reads nothing but the view (a game's optional
fast path, :attr:`Encoding.observe_state`, reads the state's fields that
the view shows, and gives the same values).

>>> part = Part((2, 3), [1, 0, 0, 0, 0, 1])
>>> part.shape, part.values
((2, 3), [1, 0, 0, 0, 0, 1])
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, Union

import attrs

from tilegames._core.bits import iter_bits
from tilegames._core.rules import Seat

__all__ = ["Bits", "Block", "Encoding", "Part"]


@attrs.frozen
class Bits:
    """The bases ``i * stride`` for each set bit ``i`` of ``mask``, ascending: a block's bases.

    A game whose legal moves are a bit set of places times some choices
    hands its bit set over as it is, and numpy unpacks it in one go.

    >>> list(Bits(0b1010, 36))
    [36, 108]
    """

    mask: int
    """The set bits, as an int (bit ``i`` for base ``i * stride``)."""
    stride: int
    """The actions between one base and the next."""

    def __iter__(self) -> Iterator[int]:
        """The bases, ascending."""
        stride = self.stride
        return (bit * stride for bit in iter_bits(self.mask))

    def __len__(self) -> int:
        """The number of bases: the number of set bits."""
        return self.mask.bit_count()


Block = tuple[Union[Sequence[int], Bits], Sequence[int]]  # noqa: UP007 (a runtime alias on 3.10)
"""``(bases, offsets)``: the actions ``base + offset``, by base then by offset."""


@attrs.frozen
class Part:
    """One named array of an observation: its shape and its values, flat in row-major order.

    With ``onehot``, the values are categories instead, one per column: the
    array is ``shape == (categories, len(values))``, 1 in row ``values[i]`` of
    column ``i`` and 0 elsewhere (a value outside ``0 .. categories - 1``, such
    as -1 for an empty cell, sets no 1). A board of colours travels this way
    as one number per cell.

    >>> Part((3, 2), [2, -1], onehot=True).dense()
    [0, 0, 0, 0, 1, 0]
    """

    shape: tuple[int, ...]
    """The array's shape, for example ``(6, 91)`` for six colour planes over 91 cells."""
    values: Sequence[float]
    """The ``prod(shape)`` values (ints or floats), the last axis varying fastest; with
    :attr:`onehot`, one category per column."""
    onehot: bool = False
    """Whether :attr:`values` are categories to expand into one-hot rows (see above)."""

    def problem(self) -> str:
        """Why the values do not fill the shape, or ``""`` (not checked on the hot path).

        >>> Part((2, 2), [1, 2, 3]).problem()
        'an observation part of shape (2, 2) needs 4 values, not 3'
        """
        if self.onehot:
            if len(self.shape) != 2 or self.shape[1] != len(self.values):
                return f"a one-hot part of shape {self.shape} needs {self.shape[-1]} categories"
            return ""
        size = math.prod(self.shape)
        if len(self.values) != size:
            return (
                f"an observation part of shape {self.shape} needs {size} values, "
                f"not {len(self.values)}"
            )
        return ""

    def dense(self) -> list[float]:
        """The ``prod(shape)`` values, the one-hot rows expanded."""
        if not self.onehot:
            return list(self.values)
        rows, columns = self.shape
        result: list[float] = [0] * (rows * columns)
        for column, row in enumerate(self.values):
            if 0 <= row < rows:
                result[int(row) * columns + column] = 1
        return result


@attrs.frozen
class Encoding:
    """A game's fixed action numbering and observation layout (see the module docs).

    Each field is a function of the game's positions: ``position`` is a
    state, a view, or a :class:`~tilegames.Setup` (the numbering is the
    same for every position of a setup). A game documents the layout of its
    actions and observations in its ``_encoding`` module.
    """

    size: Callable[[Any], int]
    """``size(position)``: the number of actions of the setup, every move of any position."""
    action_of: Callable[[Any, Any], int]
    """``action_of(position, move)``: the move's action, ``0 .. size - 1``.

    Raises :class:`ValueError` for a move that no position of the setup can have.
    """
    move_of: Callable[[Any, int, Seat], Any]
    """``move_of(position, action, seat)``: the move of ``seat`` that the action stands for.

    The inverse of ``action_of``; ``seat`` matters only in a game whose
    moves carry their seat (in the others any seat gives the same move).
    Raises :class:`ValueError` for an action out of range or one that
    names no move in this position (a rack slot that is empty, say).
    """
    observe: Callable[[Any], Mapping[str, Part]]
    """``observe(view)``: the observation of the view's seat, part by part, in a fixed order."""
    points: Callable[[Any, Seat], tuple[int, ...]]
    """``points(view, seat)``: the seat's score so far, one number per colour track or one in all.

    Its change from step to step is the ``"score"`` reward of :mod:`tilegames.envs`
    (summed), and per colour the ``"colours"`` reward of the AXIO games.
    """
    observe_state: Callable[[Any, Seat], Sequence[Sequence[float]]] | None = None
    """Optional fast path of :attr:`observe`: ``observe_state(state, seat)``, the parts' values.

    The :attr:`Part.values` of ``observe(view(state, seat))``, in the same
    order (as any sequences of the same numbers), read from the state
    without building the view or the parts. It reads only what the view
    shows, so that two states that differ in what the seat cannot see give
    the same values (tested); the parts' names, shapes and kinds are those
    of ``observe``. ``None``: :mod:`tilegames.envs` builds the view and
    reads :attr:`observe`.
    """
    move_in: Callable[[Any, Sequence[Any], int], Any] | None = None
    """Optional fast path of :attr:`move_of`: the move of an action, taken from the legal moves.

    ``move_in(state, moves, action)``, where ``moves`` are the legal moves of
    a seat in ``state``, gives the move of ``moves`` whose action is
    ``action``, as ``moves`` holds it (an item of the list, equal to
    ``move_of(state, action, seat)``), so that ``apply`` may know it for one
    that the list made. ``None`` when no move of ``moves`` has that action,
    or when it cannot tell: :mod:`tilegames.envs` then reads the mask and
    calls :attr:`move_of`.
    """
    legal_actions: Callable[[Any, Sequence[Any]], list[Block]] | None = None
    """Optional fast path: the actions of ``legal_moves(state)``, given the state and them.

    It returns them as blocks, in the order of the moves: a block ``(bases,
    offsets)`` stands for the actions ``base + offset`` for each base, then
    each offset (so that numpy can add them up in one go:
    :func:`numpy.add.outer`). ``None``: :mod:`tilegames.envs` maps each move
    with :attr:`action_of`.
    """

    @classmethod
    def collect(cls, namespace: Mapping[str, Any]) -> Encoding:
        """The encoding of the functions a game's ``_encoding`` module defines by these names.

        Every field is taken from ``namespace`` (``globals()``) by its name;
        the optional ones default to ``None`` where the module has no such
        function.

        Raises:
            TypeError: naming a required function the namespace lacks.
        """
        fields = attrs.fields(cls)
        required = [f.name for f in fields if f.default is attrs.NOTHING]
        missing = [name for name in required if name not in namespace]
        if missing:
            msg = f"the encoding defines no {', '.join(missing)}"
            raise TypeError(msg)
        return cls(**{f.name: namespace[f.name] for f in fields if f.name in namespace})

    def blocks(self, position: Any, moves: Sequence[Any]) -> list[Block]:
        """The actions of ``moves`` as blocks (see :attr:`legal_actions`)."""
        if self.legal_actions is not None:
            return self.legal_actions(position, moves)
        action_of = self.action_of
        return [((0,), [action_of(position, move) for move in moves])]

    def actions(self, position: Any, moves: Sequence[Any]) -> list[int]:
        """The actions of ``moves`` in ``position``, in order, through the fast path if any."""
        return [
            base + offset
            for bases, offsets in self.blocks(position, moves)
            for base in bases
            for offset in offsets
        ]
