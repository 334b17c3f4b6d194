r"""A pyramid of domino stones on a grid of half-cells.

Each stone covers two orthogonally adjacent *cells* (one per half). The base
is two rows of stones lying across their rows, so a default ``6 x 4`` grid of
cells, ``x`` along the rows and ``y`` across them::

            x:  0    1    2    3    4    5
          y 0  +----+----+----+----+----+----+
               | s0 | s1 | s2 | s3 | s4 | s5 |     first row: stone in column x
          y 1  |    |    |    |    |    |    |     covers (x, 0) and (x, 1)
               +----+----+----+----+----+----+
          y 2  | s6 | s7 | s8 | s9 | s10| s11|     second row: stone in column x
          y 3  |    |    |    |    |    |    |     covers (x, 2) and (x, 3)
               +----+----+----+----+----+----+

Cell ``(x, y)`` has number ``y * width + x``. Every cell has a *height* (how
many stones lie on it; each base stone gives 1) and a *top*: the id of the
stone lying highest on it, or :data:`NO_STONE` on an empty cell.

A *spot* is where a new stone may lie: two orthogonally adjacent cells (along
or across the rows) of the same height, at least 1 (the stone lies flat), whose
tops are two different stones (it bridges them). A stone never overhangs the
grid. Spots are ``(a, b)`` cell-number pairs with ``a < b``; the stone's first
half may go on either cell, which is for the game to say.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

import attrs

__all__ = [
    "BASE_DEPTH",
    "BASE_WIDTH",
    "NO_STONE",
    "Pyramid",
    "Spot",
    "adjacent_pairs",
    "base",
    "is_spot",
    "place",
    "spots",
]

Spot = tuple[int, int]
"""Two adjacent cell numbers ``(a, b)`` with ``a < b``."""

NO_STONE = -1
"""The top of a cell with no stone on it."""

BASE_WIDTH = 6
"""Stones per base row (the ``x`` extent of the default grid)."""
BASE_DEPTH = 4
"""Cells across the two base rows (the ``y`` extent of the default grid)."""


@functools.lru_cache(maxsize=16)
def adjacent_pairs(width: int, depth: int) -> tuple[Spot, ...]:
    """Every pair of orthogonally adjacent cells ``(a, b)``, ``a < b``, sorted.

    >>> adjacent_pairs(2, 2)
    ((0, 1), (0, 2), (1, 3), (2, 3))
    """
    pairs: list[Spot] = []
    for y in range(depth):
        for x in range(width):
            a = y * width + x
            if x + 1 < width:
                pairs.append((a, a + 1))
            if y + 1 < depth:
                pairs.append((a, a + width))
    return tuple(sorted(pairs))


def cell_number(x: int, y: int, width: int, depth: int) -> int:
    """The number of cell ``(x, y)`` of a ``width`` x ``depth`` grid: ``y * width + x``.

    Also :meth:`tilegames.geometry.square.Grid.cell`'s, the deprecated grid's.

    Raises:
        ValueError: if the cell is off the grid.
    """
    if not (0 <= x < width and 0 <= y < depth):
        msg = f"cell ({x}, {y}) is off the {width}x{depth} grid"
        raise ValueError(msg)
    return y * width + x


@attrs.frozen
class Pyramid:
    """Heights and top stones of every cell of a ``width`` x ``depth`` grid."""

    width: int
    """Cells along the rows (``x``)."""
    depth: int
    """Cells across the rows (``y``)."""
    heights: tuple[int, ...]
    """Per cell number, how many stones lie on it."""
    tops: tuple[int, ...]
    """Per cell number, the id of the highest stone on it, or :data:`NO_STONE`."""

    def __attrs_post_init__(self) -> None:
        """Check the table sizes and that empty cells are exactly those of height 0."""
        size = self.width * self.depth
        if len(self.heights) != size or len(self.tops) != size:
            msg = f"a {self.width}x{self.depth} pyramid needs {size} heights and tops"
            raise ValueError(msg)
        if min(self.heights, default=1) > 0 and NO_STONE not in self.tops:
            return  # every cell holds a stone: the common case once the base is laid
        for cell, (height, top) in enumerate(zip(self.heights, self.tops, strict=True)):
            if height < 0 or (height == 0) != (top == NO_STONE):
                msg = f"cell {self.xy(cell)}: height {height} with top {top}"
                raise ValueError(msg)

    def cell(self, x: int, y: int) -> int:
        """The number of cell ``(x, y)``.

        Raises:
            ValueError: if the cell is off the grid.
        """
        return cell_number(x, y, self.width, self.depth)

    def xy(self, cell: int) -> tuple[int, int]:
        """The coordinates ``(x, y)`` of a cell number."""
        y, x = divmod(cell, self.width)
        return x, y


def base(stones: Sequence[int], width: int = BASE_WIDTH, depth: int = BASE_DEPTH) -> Pyramid:
    """Lay the base: stone ids row by row, each across its row (the drawing above).

    ``stones[x]`` covers ``(x, 0)`` and ``(x, 1)``, ``stones[width + x]`` covers
    ``(x, 2)`` and ``(x, 3)``, and so on for deeper grids.

    >>> p = base(range(12))
    >>> p.tops[p.cell(4, 1)], p.tops[p.cell(4, 2)], set(p.heights)
    (4, 10, {1})

    Raises:
        ValueError: if ``depth`` is odd or the number of stones is not ``width * depth / 2``.
    """
    if depth % 2 or len(stones) * 2 != width * depth:
        msg = f"a {width}x{depth} base needs an even depth and {width * depth // 2} stones"
        raise ValueError(msg)
    tops = [NO_STONE] * (width * depth)
    for i, stone in enumerate(stones):
        row, x = divmod(i, width)
        tops[2 * row * width + x] = stone
        tops[(2 * row + 1) * width + x] = stone
    return Pyramid(width=width, depth=depth, heights=(1,) * (width * depth), tops=tuple(tops))


def is_spot(pyramid: Pyramid, a: int, b: int) -> bool:
    """Whether cells ``a`` and ``b`` form a spot (adjacent, level, bridging two stones)."""
    heights, tops = pyramid.heights, pyramid.tops
    return (
        (min(a, b), max(a, b)) in _pair_set(pyramid.width, pyramid.depth)
        and heights[a] == heights[b] > 0
        and tops[a] != tops[b]
    )


@functools.lru_cache(maxsize=16)
def _pair_set(width: int, depth: int) -> frozenset[Spot]:
    return frozenset(adjacent_pairs(width, depth))


def spots(pyramid: Pyramid) -> tuple[Spot, ...]:
    """Every spot of the pyramid, in :func:`adjacent_pairs` order.

    >>> len(spots(base(range(12))))    # 5 along each of the 4 lines, 6 across the seam
    26
    """
    heights, tops = pyramid.heights, pyramid.tops
    return tuple(
        (a, b)
        for a, b in adjacent_pairs(pyramid.width, pyramid.depth)
        if heights[a] == heights[b] > 0 and tops[a] != tops[b]
    )


def place(pyramid: Pyramid, spot: Spot, stone: int) -> Pyramid:
    """Lay ``stone`` on a spot: both cells rise by one and show the stone on top.

    Raises:
        ValueError: if the cells are not a spot, or the stone id is negative.
    """
    a, b = spot
    if stone < 0:
        msg = f"stone ids are >= 0, got {stone}"
        raise ValueError(msg)
    if not is_spot(pyramid, a, b):
        msg = (
            f"cells {pyramid.xy(a)} and {pyramid.xy(b)} are not a spot: they must be adjacent, "
            "of equal height and under two different stones"
        )
        raise ValueError(msg)
    heights = list(pyramid.heights)
    tops = list(pyramid.tops)
    heights[a] += 1
    heights[b] += 1
    tops[a] = tops[b] = stone
    return attrs.evolve(pyramid, heights=tuple(heights), tops=tuple(tops))
