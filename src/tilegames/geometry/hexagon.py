r"""Hexagons in axial coordinates: directions, areas, rings, rays and corners.

A hex is ``(q, r)``. The layout is pointy-topped: ``q`` grows to the right
(east) and ``r`` grows down to the right (south-east). The six directions are
numbered counter-clockwise from the east, and direction ``d`` is opposite
direction ``(d + 3) % 6``::

                  2 NW        1 NE
                 (0,-1)      (1,-1)
                      \      /
          3 W (-1,0) -- (q, r) -- (1,0) E 0
                      /      \
                 (-1,1)      (0,1)
                  4 SW        5 SE

The *area* of radius ``n`` is every hex within distance ``n`` of ``(0, 0)``;
its *ring* ``n`` is the hexes at distance exactly ``n``, and the ring's six
*corners* are ``n`` steps from the centre straight along each direction.

Three mutually adjacent hexes meet at a *corner* of the hex grid. There are
two kinds, anchored at the hex ``(q, r)``::

    down corner: (q, r), (q+1, r), (q, r+1)      (q,r) --- (q+1,r)
                                                        \   /
                                                       (q,r+1)

    up corner:   (q, r), (q+1, r), (q+1, r-1)          (q+1,r-1)
                                                        /   \
                                                  (q,r) --- (q+1,r)

Down corners carry a symbol class ``(q - r) % 3`` (:func:`corner_symbol`);
each hex touches exactly three down corners, one of each class.

For speed, :class:`HexArea` numbers the hexes of an area and precomputes
neighbour, ray, pair and corner tables indexed by number.
"""

from __future__ import annotations

import functools
import types
from collections.abc import Iterator, Mapping

import attrs

__all__ = [
    "DIRECTIONS",
    "DIRECTION_NAMES",
    "Direction",
    "Hex",
    "HexArea",
    "area",
    "corner_symbol",
    "distance",
    "down_corner",
    "down_corners_of",
    "hex_area",
    "length",
    "neighbour",
    "neighbours",
    "opposite",
    "ray",
    "ring",
    "ring_corners",
    "up_corner",
    "up_corners_of",
]

Hex = tuple[int, int]
"""A hex in axial coordinates ``(q, r)``."""
Direction = int
"""A direction number, 0..5, as in the drawing above."""

DIRECTIONS: tuple[Hex, Hex, Hex, Hex, Hex, Hex] = (
    (1, 0),  # 0 E
    (1, -1),  # 1 NE
    (0, -1),  # 2 NW
    (-1, 0),  # 3 W
    (-1, 1),  # 4 SW
    (0, 1),  # 5 SE
)
"""The steps to the six neighbours, counter-clockwise from the east."""

DIRECTION_NAMES: tuple[str, str, str, str, str, str] = ("E", "NE", "NW", "W", "SW", "SE")
"""Compass names of :data:`DIRECTIONS`, in the same order."""


def opposite(direction: Direction) -> Direction:
    """The direction pointing the other way.

    >>> opposite(0), opposite(4)
    (3, 1)
    """
    return (direction + 3) % 6


def neighbour(cell: Hex, direction: Direction) -> Hex:
    """The hex one step from ``cell`` in ``direction``.

    >>> neighbour((0, 0), 1)
    (1, -1)
    """
    dq, dr = DIRECTIONS[direction]
    return cell[0] + dq, cell[1] + dr


def neighbours(cell: Hex) -> tuple[Hex, ...]:
    """The six neighbours of ``cell`` in direction order."""
    q, r = cell
    return tuple((q + dq, r + dr) for dq, dr in DIRECTIONS)


def length(cell: Hex) -> int:
    """The distance from ``(0, 0)`` to ``cell``, in steps.

    >>> length((3, -1)), length((-2, -1))
    (3, 3)
    """
    q, r = cell
    return (abs(q) + abs(r) + abs(q + r)) // 2


def distance(a: Hex, b: Hex) -> int:
    """The number of steps between two hexes.

    >>> distance((0, 0), (2, -1))
    2
    """
    return length((a[0] - b[0], a[1] - b[1]))


def area(radius: int) -> tuple[Hex, ...]:
    """Every hex within ``radius`` steps of ``(0, 0)``, row by row (``r``, then ``q``).

    >>> len(area(5)), area(1)[:3]
    (91, ((0, -1), (1, -1), (-1, 0)))
    """
    if radius < 0:
        msg = f"radius must be >= 0, got {radius}"
        raise ValueError(msg)
    return tuple(
        (q, r)
        for r in range(-radius, radius + 1)
        for q in range(max(-radius, -radius - r), min(radius, radius - r) + 1)
    )


def ring_corners(radius: int) -> tuple[Hex, ...]:
    """The six corners of ring ``radius``, ``radius`` steps along each direction in order.

    >>> ring_corners(5)
    ((5, 0), (5, -5), (0, -5), (-5, 0), (-5, 5), (0, 5))
    """
    return tuple((radius * dq, radius * dr) for dq, dr in DIRECTIONS)


def ring(radius: int) -> tuple[Hex, ...]:
    """The hexes at distance exactly ``radius``, counter-clockwise from the east corner.

    >>> ring(1)
    ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
    >>> len(ring(3))
    18
    """
    if radius < 0:
        msg = f"radius must be >= 0, got {radius}"
        raise ValueError(msg)
    if radius == 0:
        return ((0, 0),)
    cells: list[Hex] = []
    cell = (radius, 0)
    for side in range(6):
        # From corner ``side`` to corner ``side + 1`` the walk goes two directions on.
        for _ in range(radius):
            cells.append(cell)
            cell = neighbour(cell, (side + 2) % 6)
    return tuple(cells)


def ray(cell: Hex, direction: Direction, radius: int) -> tuple[Hex, ...]:
    """The straight line of hexes from ``cell`` (excluded) in ``direction``, inside the area.

    >>> ray((3, 0), 0, 5)
    ((4, 0), (5, 0))

    Raises:
        ValueError: if ``cell`` lies outside the area.
    """
    if length(cell) > radius:
        msg = f"a ray starts inside the area: {cell} is outside radius {radius}"
        raise ValueError(msg)
    cells: list[Hex] = []
    for _ in range(2 * radius):  # a straight line crosses the area in at most 2 * radius steps
        cell = neighbour(cell, direction)
        if length(cell) > radius:
            break
        cells.append(cell)
    return tuple(cells)


def down_corner(cell: Hex) -> tuple[Hex, Hex, Hex]:
    """The down corner anchored at ``cell``: ``(q, r), (q+1, r), (q, r+1)``."""
    q, r = cell
    return (q, r), (q + 1, r), (q, r + 1)


def up_corner(cell: Hex) -> tuple[Hex, Hex, Hex]:
    """The up corner anchored at ``cell``: ``(q, r), (q+1, r), (q+1, r-1)``."""
    q, r = cell
    return (q, r), (q + 1, r), (q + 1, r - 1)


def corner_symbol(anchor: Hex) -> int:
    """The symbol class ``(q - r) % 3`` of the down corner anchored at ``anchor``.

    >>> corner_symbol((0, 0)), corner_symbol((2, 0)), corner_symbol((0, 2))
    (0, 2, 1)
    """
    return (anchor[0] - anchor[1]) % 3


def down_corners_of(cell: Hex) -> tuple[Hex, Hex, Hex]:
    """The anchors of the three down corners that ``cell`` belongs to.

    Their symbol classes are 0, 1 and 2 in some order.

    >>> sorted(corner_symbol(a) for a in down_corners_of((4, -7)))
    [0, 1, 2]
    """
    q, r = cell
    return (q, r), (q - 1, r), (q, r - 1)


def up_corners_of(cell: Hex) -> tuple[Hex, Hex, Hex]:
    """The anchors of the three up corners that ``cell`` belongs to."""
    q, r = cell
    return (q, r), (q - 1, r), (q - 1, r + 1)


@attrs.frozen(eq=False)
class HexArea:
    """The hexes of a radius-``radius`` area, numbered, with precomputed tables.

    Hex number ``i`` is ``cells[i]`` (the order of :func:`area`). Build one
    with :func:`hex_area`, which caches it.

    >>> board = hex_area(1)
    >>> board.size, board.cells[board.centre]
    (7, (0, 0))
    >>> [board.cells[i] for i in board.rays[board.centre][0]]
    [(1, 0)]
    """

    radius: int
    """The largest distance from the centre."""
    cells: tuple[Hex, ...]
    """The hexes, by number."""
    index: Mapping[Hex, int] = attrs.field(repr=False)
    """The number of each hex (a read-only mapping)."""
    neighbours: tuple[tuple[int, ...], ...] = attrs.field(repr=False)
    """Per hex, its neighbour's number in each direction, -1 off the area."""
    rays: tuple[tuple[tuple[int, ...], ...], ...] = attrs.field(repr=False)
    """Per hex and direction, the numbers along the straight line, nearest first."""
    pairs: tuple[tuple[int, int], ...] = attrs.field(repr=False)
    """Every pair of adjacent hexes ``(a, b)`` with ``a < b``, sorted."""
    down_corners: tuple[tuple[int, int, int], ...] = attrs.field(repr=False)
    """Every down corner whose three hexes lie inside, as numbers in anchor order."""
    down_corner_symbols: tuple[int, ...] = attrs.field(repr=False)
    """The symbol class of each entry of :attr:`down_corners`."""
    corners_of: tuple[tuple[int, ...], ...] = attrs.field(repr=False)
    """Per hex, the positions in :attr:`down_corners` of the corners it belongs to."""

    @property
    def size(self) -> int:
        """The number of hexes."""
        return len(self.cells)

    @property
    def centre(self) -> int:
        """The number of ``(0, 0)``."""
        return self.index[0, 0]

    def __contains__(self, cell: object) -> bool:
        """Whether ``cell`` is a hex of the area."""
        return cell in self.index

    def __iter__(self) -> Iterator[Hex]:
        """The hexes in number order."""
        return iter(self.cells)

    def __len__(self) -> int:
        """The number of hexes."""
        return len(self.cells)


def _neighbour_table(cells: tuple[Hex, ...], index: dict[Hex, int]) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(index.get(n, -1) for n in neighbours(cell)) for cell in cells)


def _ray_table(
    cells: tuple[Hex, ...], index: dict[Hex, int], radius: int
) -> tuple[tuple[tuple[int, ...], ...], ...]:
    return tuple(
        tuple(tuple(index[h] for h in ray(cell, d, radius)) for d in range(6)) for cell in cells
    )


def _pair_table(neighbour_table: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, int], ...]:
    return tuple(sorted((a, b) for a, row in enumerate(neighbour_table) for b in row if b > a))


def _corner_tables(
    cells: tuple[Hex, ...], index: dict[Hex, int]
) -> tuple[tuple[tuple[int, int, int], ...], tuple[int, ...], tuple[tuple[int, ...], ...]]:
    corners: list[tuple[int, int, int]] = []
    symbols: list[int] = []
    for cell in cells:
        a, b, c = down_corner(cell)
        if b in index and c in index:
            corners.append((index[a], index[b], index[c]))
            symbols.append(corner_symbol(cell))
    of: list[list[int]] = [[] for _ in cells]
    for position, members in enumerate(corners):
        for member in members:
            of[member].append(position)
    return tuple(corners), tuple(symbols), tuple(tuple(sorted(p)) for p in of)


@functools.lru_cache(maxsize=16)
def hex_area(radius: int) -> HexArea:
    """The :class:`HexArea` of the given radius, built once and cached.

    Raises:
        ValueError: if ``radius < 0``.
    """
    cells = area(radius)
    index = {cell: i for i, cell in enumerate(cells)}
    neighbour_table = _neighbour_table(cells, index)
    corners, symbols, corners_of = _corner_tables(cells, index)
    return HexArea(
        radius=radius,
        cells=cells,
        index=types.MappingProxyType(index),
        neighbours=neighbour_table,
        rays=_ray_table(cells, index, radius),
        pairs=_pair_table(neighbour_table),
        down_corners=corners,
        down_corner_symbols=symbols,
        corners_of=corners_of,
    )
