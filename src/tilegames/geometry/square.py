r"""The square grid: cells, edge neighbours, corners (grid vertices), rotations.

Coordinates are integers, ``x`` to the right and ``y`` down. The grid vertex
``(x, y)`` is the top-left corner of cell ``(x, y)``. A cell's four corners
are numbered clockwise from the top left, and its edge neighbours clockwise
from the north::

        vertex (x, y)        vertex (x+1, y)
               0 ------- N ------- 1
               |       (0,-1)      |
        (-1,0) W    cell (x, y)    E (1,0)
               |       (0,1)       |
               3 ------- S ------- 2
        vertex (x, y+1)      vertex (x+1, y+1)

Four cells meet at a vertex; each touches it with a different corner::

        cell (x-1, y-1) | cell (x, y-1)
           corner 2     |    corner 3
        ----------- vertex (x, y) -----------
           corner 1     |    corner 0
        cell (x-1, y)   | cell (x, y)

Turning a tile a quarter turn clockwise moves the value at corner ``i`` to
corner ``i + 1`` (mod 4): see :func:`rotate`.

For speed on an unbounded grid, a cell or vertex ``(x, y)`` is *packed*
into one int (:func:`pack`): a cell and the vertex at its top-left corner
share a number, so a neighbour, a corner's vertex or a surrounding cell is
the packed cell plus a constant step (:data:`PACKED_CORNER_STEPS`,
:data:`PACKED_AROUND`)::

        packed (x, y) = (y + PACK_ORIGIN) * PACK_STRIDE + (x + PACK_ORIGIN)

        x + 1  ->  + 1              y + 1  ->  + PACK_STRIDE

.. deprecated:: 0.1.0
   :class:`Grid` and :func:`grid` (a bounded rectangle numbered from 0) are
   used by no game; use the packed coordinates instead.
"""

from __future__ import annotations

import functools
import warnings
from collections.abc import Callable, Iterable, Sequence
from typing import Final, TypeVar

import attrs

from tilegames.geometry.pyramid import cell_number

__all__ = [
    "CORNER_OFFSETS",
    "DIRECTIONS",
    "EAST",
    "NORTH",
    "PACKED_AROUND",
    "PACKED_CORNER_STEPS",
    "PACK_ORIGIN",
    "PACK_REACH",
    "PACK_STRIDE",
    "SOUTH",
    "WEST",
    "Cell",
    "Corner",
    "Grid",
    "Packed",
    "Vertex",
    "cell_corners",
    "distinct_rotations",
    "grid",
    "neighbours",
    "pack",
    "packable",
    "packed_steps",
    "rotate",
    "unpack",
    "vertex_cells",
]

T = TypeVar("T")

Cell = tuple[int, int]
"""A cell ``(x, y)``: ``x`` to the right, ``y`` down."""
Vertex = tuple[int, int]
"""A grid vertex ``(x, y)``: the top-left corner of cell ``(x, y)``."""
Corner = int
"""A corner of a cell: 0 top left, 1 top right, 2 bottom right, 3 bottom left."""

NORTH: Cell = (0, -1)
"""The step to the neighbour above (direction 0)."""
EAST: Cell = (1, 0)
"""The step to the neighbour on the right (direction 1)."""
SOUTH: Cell = (0, 1)
"""The step to the neighbour below (direction 2)."""
WEST: Cell = (-1, 0)
"""The step to the neighbour on the left (direction 3)."""
DIRECTIONS: tuple[Cell, Cell, Cell, Cell] = (NORTH, EAST, SOUTH, WEST)
"""The edge directions clockwise from the north (the drawing above)."""

CORNER_OFFSETS: tuple[Vertex, Vertex, Vertex, Vertex] = ((0, 0), (1, 0), (1, 1), (0, 1))
"""The vertex of corner ``i`` of cell ``(x, y)`` is ``(x, y)`` plus ``CORNER_OFFSETS[i]``."""


def neighbours(cell: Cell) -> tuple[Cell, Cell, Cell, Cell]:
    """The four cells sharing an edge with ``cell``, in :data:`DIRECTIONS` order.

    >>> neighbours((0, 0))
    ((0, -1), (1, 0), (0, 1), (-1, 0))
    """
    x, y = cell
    return (x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)


def cell_corners(cell: Cell) -> tuple[Vertex, Vertex, Vertex, Vertex]:
    """The grid vertices of the cell's corners, clockwise from the top left.

    >>> cell_corners((2, 5))
    ((2, 5), (3, 5), (3, 6), (2, 6))
    """
    x, y = cell
    return (x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1)


def vertex_cells(vertex: Vertex) -> tuple[tuple[Cell, Corner], ...]:
    """The four cells that meet at a vertex, each with its corner there.

    Listed in corner order: the cell touching with corner 0 first.

    >>> vertex_cells((0, 0))
    (((0, 0), 0), ((-1, 0), 1), ((-1, -1), 2), ((0, -1), 3))
    """
    x, y = vertex
    return (((x, y), 0), ((x - 1, y), 1), ((x - 1, y - 1), 2), ((x, y - 1), 3))


def rotate(corners: Sequence[T], quarter_turns: int) -> tuple[T, T, T, T]:
    """Turn a tile's four corner values clockwise by ``quarter_turns`` quarter turns.

    The value at corner ``i`` moves to corner ``(i + quarter_turns) % 4``.

    >>> rotate(("a", "b", "c", "d"), 1)
    ('d', 'a', 'b', 'c')
    >>> rotate(("a", "b", "c", "d"), -1) == rotate(("a", "b", "c", "d"), 3)
    True
    """
    if len(corners) != 4:
        msg = f"a square tile has 4 corners, got {len(corners)}"
        raise ValueError(msg)
    k = quarter_turns % 4
    return (corners[-k % 4], corners[(1 - k) % 4], corners[(2 - k) % 4], corners[(3 - k) % 4])


def distinct_rotations(corners: Sequence[T]) -> tuple[int, ...]:
    """The quarter turns (0..3) that give distinct corner tuples, smallest first.

    A tile with symmetry is listed once per distinct result:

    >>> distinct_rotations((1, 2, 3, 4))
    (0, 1, 2, 3)
    >>> distinct_rotations((1, 2, 1, 2))
    (0, 1)
    >>> distinct_rotations((5, 5, 5, 5))
    (0,)
    """
    seen: set[tuple[T, ...]] = set()
    result: list[int] = []
    for k in range(4):
        turned = rotate(corners, k)
        if turned not in seen:
            seen.add(turned)
            result.append(k)
    return tuple(result)


# ---------------------------------------------------------------------------
# Packed coordinates: a cell or vertex as one int, steps as additions
# ---------------------------------------------------------------------------

Packed = int
"""A cell or vertex ``(x, y)`` packed into one int by :func:`pack`."""

PACK_STRIDE: Final = 1 << 15
"""What one step down (``y + 1``) adds to a packed cell; one step right adds 1."""
PACK_ORIGIN: Final = 1 << 14
"""The offset added to ``x`` and ``y`` so that packed coordinates are never negative."""
PACK_REACH: Final = PACK_ORIGIN - 2
"""The largest ``x`` or ``y`` of a :func:`packable` cell (the smallest is ``-PACK_REACH - 1``).

Packed ints stay below ``2**30`` (one CPython digit, the fastest to hash and
add), which bounds the coordinates; a cell within reach has all its edge
neighbours, surrounding cells and corner vertices packable too.
"""
_PACK_BASE: Final = PACK_ORIGIN * PACK_STRIDE + PACK_ORIGIN


def pack(x: int, y: int) -> Packed:
    """The packed number of cell (or vertex) ``(x, y)``; see :func:`packable` for the range.

    >>> pack(0, 0) - pack(-1, 0), pack(0, 1) - pack(0, 0) == PACK_STRIDE
    (1, True)
    >>> unpack(pack(-3, 7))
    (-3, 7)
    """
    return y * PACK_STRIDE + x + _PACK_BASE


def unpack(packed: Packed) -> Cell:
    """The cell ``(x, y)`` of a packed number (the inverse of :func:`pack`)."""
    row, column = divmod(packed, PACK_STRIDE)
    return column - PACK_ORIGIN, row - PACK_ORIGIN


def packable(x: int, y: int) -> bool:
    """Whether cell ``(x, y)`` and every cell and vertex around it pack into distinct ints.

    >>> packable(PACK_REACH, -PACK_REACH - 1), packable(PACK_REACH + 1, 0)
    (True, False)
    """
    return -PACK_ORIGIN < x < PACK_ORIGIN - 1 and -PACK_ORIGIN < y < PACK_ORIGIN - 1


def packed_steps(offsets: Iterable[tuple[int, int]]) -> tuple[int, ...]:
    """The packed steps of ``(dx, dy)`` offsets: ``pack(x + dx, y + dy) - pack(x, y)``.

    >>> packed_steps([(1, 0), (0, -1)]) == (1, -PACK_STRIDE)
    True
    """
    return tuple(dx + dy * PACK_STRIDE for dx, dy in offsets)


PACKED_CORNER_STEPS: Final = packed_steps(CORNER_OFFSETS)
"""From a packed cell to the packed vertices of its corners 0..3 (:data:`CORNER_OFFSETS`)."""


def _around_table() -> tuple[tuple[int, int, bool], ...]:
    """The 8 cells around a cell in reading order: packed step, shared corners, edge or not.

    A surrounding cell's corner ``j`` lies on a corner of the centre cell
    when its vertex is one of the centre's four: the shared edge's two
    corners for the 4 edge neighbours, one corner for the 4 diagonal ones::

        (-1,-1) corner 2 | (0,-1) corners 3, 2 | (1,-1) corner 3
        (-1, 0) corners 1, 2 |   centre    | (1, 0) corners 0, 3
        (-1, 1) corner 1 | (0, 1) corners 0, 1 | (1, 1) corner 0
    """
    mine = set(cell_corners((0, 0)))
    table = []
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            if (dx, dy) == (0, 0):
                continue
            corners = cell_corners((dx, dy))
            shared = sum(1 << j for j, vertex in enumerate(corners) if vertex in mine)
            table.append((dx + dy * PACK_STRIDE, shared, (dx, dy) in DIRECTIONS))
    return tuple(table)


PACKED_AROUND: Final = _around_table()
"""Per surrounding cell (reading order): ``(packed step, mask of its corners on the centre
cell's corners (bit j for corner j), shares an edge)``.

>>> [(mask, edge) for _, mask, edge in PACKED_AROUND[:2]]
[(4, False), (12, True)]
"""


# ---------------------------------------------------------------------------
# A bounded, numbered rectangle (deprecated)
# ---------------------------------------------------------------------------

_GRID_DEPRECATED: Final = (
    "square.Grid and square.grid() are deprecated and used by no game; "
    "use the packed coordinates (square.pack, square.PACKED_CORNER_STEPS) instead"
)


@attrs.frozen(eq=False)
class Grid:
    """A ``width`` x ``height`` rectangle of cells with precomputed tables.

    .. deprecated:: 0.1.0
       No game uses it: AXIO Rota's display is unbounded and works on
       packed coordinates (:func:`pack`). Building one (directly or with
       :func:`grid`) warns with a :class:`DeprecationWarning`.

    Cell ``(x, y)`` has number ``y * width + x``; vertex ``(x, y)`` (for
    ``0 <= x <= width``, ``0 <= y <= height``) has number
    ``y * (width + 1) + x``. Tables are tuples indexed by these numbers.
    Build one with :func:`grid`, which caches it.
    """

    width: int
    """Cells per row."""
    height: int
    """Rows."""
    neighbours: tuple[tuple[int, int, int, int], ...]
    """Per cell, its edge neighbours in :data:`DIRECTIONS` order; -1 off the grid."""
    corner_vertices: tuple[tuple[int, int, int, int], ...]
    """Per cell, the numbers of its four corner vertices, clockwise from the top left."""
    vertex_cells: tuple[tuple[tuple[int, Corner], ...], ...]
    """Per vertex, the ``(cell, corner)`` pairs of the grid's cells that meet there."""

    def __attrs_post_init__(self) -> None:
        """Warn that the class is deprecated."""
        warnings.warn(_GRID_DEPRECATED, DeprecationWarning, stacklevel=3)

    @property
    def size(self) -> int:
        """The number of cells."""
        return self.width * self.height

    def cell(self, x: int, y: int) -> int:
        """The number of cell ``(x, y)``.

        Raises:
            ValueError: if the cell is off the grid.
        """
        return cell_number(x, y, self.width, self.height)

    def xy(self, number: int) -> Cell:
        """The coordinates of cell ``number``.

        Raises:
            ValueError: if there is no such cell.
        """
        if not 0 <= number < self.size:
            msg = f"no cell {number} on the {self.width}x{self.height} grid"
            raise ValueError(msg)
        y, x = divmod(number, self.width)
        return x, y

    def vertex(self, x: int, y: int) -> int:
        """The number of vertex ``(x, y)``.

        Raises:
            ValueError: if the vertex is not a corner of a cell of the grid.
        """
        if not (0 <= x <= self.width and 0 <= y <= self.height):
            msg = f"vertex ({x}, {y}) is off the {self.width}x{self.height} grid"
            raise ValueError(msg)
        return y * (self.width + 1) + x


def _neighbour_table(width: int, height: int) -> tuple[tuple[int, int, int, int], ...]:
    def number(cell: Cell) -> int:
        x, y = cell
        return y * width + x if 0 <= x < width and 0 <= y < height else -1

    return _per_cell(width, height, neighbours, number)


def _corner_table(width: int, height: int) -> tuple[tuple[int, int, int, int], ...]:
    def number(vertex: Vertex) -> int:
        x, y = vertex
        return y * (width + 1) + x

    return _per_cell(width, height, cell_corners, number)


def _per_cell(
    width: int,
    height: int,
    four: Callable[[Cell], tuple[Cell, Cell, Cell, Cell]],
    number: Callable[[Cell], int],
) -> tuple[tuple[int, int, int, int], ...]:
    """Per cell in reading order, the numbers of the four points ``four`` gives for it."""
    table = []
    for y in range(height):
        for x in range(width):
            a, b, c, d = four((x, y))
            table.append((number(a), number(b), number(c), number(d)))
    return tuple(table)


def _vertex_table(width: int, height: int) -> tuple[tuple[tuple[int, Corner], ...], ...]:
    return tuple(
        tuple(
            (cy * width + cx, corner)
            for (cx, cy), corner in vertex_cells((x, y))
            if 0 <= cx < width and 0 <= cy < height
        )
        for y in range(height + 1)
        for x in range(width + 1)
    )


def grid(width: int, height: int) -> Grid:
    """The :class:`Grid` of ``width`` x ``height`` cells, built once and cached.

    .. deprecated:: 0.1.0
       Warns with a :class:`DeprecationWarning` on every call; see :class:`Grid`.

    Raises:
        ValueError: if a side is smaller than 1.
    """
    warnings.warn(_GRID_DEPRECATED, DeprecationWarning, stacklevel=2)
    return _grid(width, height)


@functools.lru_cache(maxsize=16)
def _grid(width: int, height: int) -> Grid:
    if width < 1 or height < 1:
        msg = f"a grid needs at least one cell, not {width}x{height}"
        raise ValueError(msg)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return Grid(
            width=width,
            height=height,
            neighbours=_neighbour_table(width, height),
            corner_vertices=_corner_table(width, height),
            vertex_cells=_vertex_table(width, height),
        )
