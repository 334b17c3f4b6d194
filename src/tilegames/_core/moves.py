"""A base class for lazy legal-move sequences.

Random play and search pick one move out of hundreds or thousands; building
every move object first would cost more than the pick. A game's
``legal_moves`` therefore returns a :class:`LazyMoves` subclass that knows its
length cheaply and builds a move only when it is indexed or iterated, like
python-chess's legal move generator.

A subclass implements ``__len__`` and ``_at`` (the move at a position known to
be in range), and usually ``__iter__`` and ``__contains__`` faster than the
defaults here.

>>> class Evens(LazyMoves[int]):
...     __slots__ = ("_n",)
...     def __init__(self, n: int) -> None:
...         self._n = n
...     def __len__(self) -> int:
...         return self._n
...     def _at(self, position: int) -> int:
...         return 2 * position
>>> moves = Evens(5)
>>> moves[-1], moves[1:3], 4 in moves, 3 in moves, len(moves)
(8, (2, 4), True, False, 5)
>>> moves
<Evens: 5 moves>
"""

from __future__ import annotations

import operator
from collections.abc import Iterator, Sequence
from typing import TypeVar, overload

__all__ = ["LazyMoves"]

MoveT = TypeVar("MoveT")


class LazyMoves(Sequence[MoveT]):
    """A read-only sequence of moves that builds each move only when asked for."""

    __slots__ = ()

    def __len__(self) -> int:
        """The number of moves (to be computed without building them)."""
        raise NotImplementedError

    def _at(self, position: int) -> MoveT:
        """Build the move at ``position``, ``0 <= position < len(self)``."""
        raise NotImplementedError

    @overload
    def __getitem__(self, index: int) -> MoveT: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[MoveT, ...]: ...

    def __getitem__(self, index: int | slice) -> MoveT | tuple[MoveT, ...]:
        """The move at an index (negative counts from the end), or a tuple for a slice.

        Raises:
            IndexError: if the index is out of range.
        """
        length = len(self)
        if type(index) is int and 0 <= index < length:  # the common case, first
            return self._at(index)
        if isinstance(index, slice):
            return tuple(self._at(i) for i in range(*index.indices(length)))
        position = operator.index(index)
        if position < 0:
            position += length
        if not 0 <= position < length:
            msg = f"legal move index {index} out of range for {length} moves"
            raise IndexError(msg)
        return self._at(position)

    def __iter__(self) -> Iterator[MoveT]:
        """Every move, in order."""
        return map(self._at, range(len(self)))

    def __contains__(self, move: object) -> bool:
        """Whether ``move`` is one of the moves (subclasses answer without listing)."""
        return any(move == listed for listed in self)

    def __repr__(self) -> str:
        """Say how many moves there are rather than listing them."""
        return f"<{type(self).__name__}: {len(self)} moves>"
