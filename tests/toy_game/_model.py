"""Names, the move, the state and the view of noughts and crosses."""

from __future__ import annotations

from typing import Final

import attrs

from tilegames._core.basics import WIDE_INT

Cell = int
"""A cell number, ``3 * y + x``, for the cell ``(x, y)`` of the 3x3 board."""

EMPTY: Final = -1
"""The mark of an empty cell."""


class _Board:
    """The 3x3 board's cells: ``cell(x, y)`` numbers a cell, ``xy(number)`` names it."""

    size: Final = 9

    @staticmethod
    def cell(x: int, y: int) -> Cell:
        return 3 * y + x

    @staticmethod
    def xy(cell: Cell) -> tuple[int, int]:
        return cell % 3, cell // 3


GRID: Final = _Board()


def _lines() -> tuple[tuple[Cell, Cell, Cell], ...]:
    rows = [tuple(GRID.cell(x, y) for x in range(3)) for y in range(3)]
    columns = [tuple(GRID.cell(x, y) for y in range(3)) for x in range(3)]
    diagonals = [
        tuple(GRID.cell(i, i) for i in range(3)),
        tuple(GRID.cell(2 - i, i) for i in range(3)),
    ]
    return tuple((a, b, c) for a, b, c in rows + columns + diagonals)


LINES: Final = _lines()


@attrs.frozen
class State:
    board: tuple[int, ...]
    """Per cell number, the seat whose mark is there, or -1."""
    turn: int
    """The seat to move."""
    seed: int = attrs.field(metadata=WIDE_INT)
    """The generator state (unused after setup, kept to test that views hide it): 64 bits,
    so marked ``WIDE_INT`` for JSON (a string of digits beyond 2**53 - 1)."""


@attrs.frozen
class View:
    board: tuple[int, ...]
    turn: int


@attrs.frozen
class Move:
    cell: tuple[int, int]
    """The cell ``(x, y)`` to mark."""

    def __str__(self) -> str:
        return f"{self.cell[0]},{self.cell[1]}"
