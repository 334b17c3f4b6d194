"""Polygon's tables, built once at import by named functions (POLY-5, POLY-6, POLY-11, POLY-14).

* :data:`LINKS`: per space and symbol, the spaces sharing a corner of that
  symbol with it (where a played tile opens the board, POLY-11);
* :data:`CORNERS` and :data:`GROUP`: the scoring corners with all three
  spaces on the board, and per space and symbol the one it lies in (POLY-5,
  POLY-6);
* :data:`COMBINATION`: the value of every ordered triple of tile values (POLY-14).
"""

from __future__ import annotations

from typing import Final

from tilegames._core.bits import Mask
from tilegames.geometry import hexagon
from tilegames.polygon._model import (
    BOARD,
    CELL,
    FACTOR,
    SPACES,
    VALUES,
    WILD,
    X2,
    X3,
    Cell,
    Value,
)

Triple = tuple[Value, Value, Value]
"""The top values of a grouping's three spaces."""


def _link_table() -> tuple[tuple[Mask, Mask, Mask], ...]:
    """Per space and symbol, the mask of the spaces sharing a corner of that symbol with it.

    Two neighbouring spaces share exactly one down corner, so the six
    neighbours fall into three pairs by symbol. A corner whose third space is
    off the board still joins the two on it: their rhombi of that symbol touch
    along their common edge (a [decision], see the docs page).
    """
    table: list[tuple[Mask, Mask, Mask]] = []
    for space in SPACES:
        masks = [0, 0, 0]
        for anchor in hexagon.down_corners_of(space):
            for other in hexagon.down_corner(anchor):
                if other != space and other in CELL:
                    masks[hexagon.corner_symbol(anchor)] |= 1 << CELL[other]
        table.append((masks[0], masks[1], masks[2]))
    return tuple(table)


LINKS: Final = _link_table()
"""Per space number and symbol, the :data:`~tilegames._core.bits.Mask` of the spaces it links."""

CORNERS: Final[tuple[tuple[Cell, Cell, Cell], ...]] = BOARD.down_corners
"""The scoring corners whose three spaces are on the board, as space numbers."""


def _group_table() -> tuple[tuple[int, int, int], ...]:
    """Per space and symbol, the position in :data:`CORNERS` of its scoring corner, or -1.

    A scoring corner counts only when its three spaces are all on the board
    (POLY-6); each space has at most one per symbol (POLY-5).
    """
    table = [[-1, -1, -1] for _ in SPACES]
    for position, members in enumerate(CORNERS):
        symbol = BOARD.down_corner_symbols[position]
        for cell in members:
            table[cell][symbol] = position
    return tuple((a, b, c) for a, b, c in table)


GROUP: Final = _group_table()
"""Per space number and symbol, its scoring corner's position in :data:`CORNERS`, or -1."""


def _number_value(a: int, b: int, c: int) -> int:
    """The value of three numbers: three of a kind or a run, else 0 (POLY-14)."""
    low, middle, high = sorted((a, b, c))
    if low == high:
        return 10 * low
    if middle == low + 1 and high == low + 2:
        return 15 + 5 * low  # 1-2-3 = 20, 2-3-4 = 25, 3-4-5 = 30
    return 0


def _best_value(values: Triple) -> int:
    """POLY-14 straight from the text: try every number for each WILD and X tile."""
    if values == (WILD, WILD, WILD):
        return 100
    choices = [range(1, 6) if value in (WILD, X2, X3) else (int(value),) for value in values]
    base = max(_number_value(a, b, c) for a in choices[0] for b in choices[1] for c in choices[2])
    factor = max((FACTOR.get(value, 1) for value in values), default=1)
    return base * factor


def _combination_table() -> dict[Triple, int]:
    """The value of every ordered triple of tile values."""
    return {(a, b, c): _best_value((a, b, c)) for a in VALUES for b in VALUES for c in VALUES}


COMBINATION: Final = _combination_table()
"""The points of every ordered triple of tile values (POLY-14)."""
