"""Tables built once at import, by named functions: one set per playing area, and the tiles."""

from __future__ import annotations

import functools
import itertools
import operator
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Final, cast

from tilegames._core.bits import Mask, mask_of
from tilegames.axio._model import (
    AREA_RADIUS,
    COLOURS,
    EMPTY,
    STAGES,
    START_CELLS,
    Cell,
    Colour,
    PairIndex,
    Tile,
)
from tilegames.geometry import hexagon
from tilegames.geometry.hexagon import Hex

Ray = tuple[Cell, ...]
"""The cells met stepping from a cell in one direction, nearest first."""

Near = Callable[[tuple[int, ...]], tuple[int, ...]]
"""A function of a board (:attr:`State.cells`) giving the colours on some of its cells."""


class Geometry:
    """Tables of one playing area, indexed by cell number and pair number; built once.

    A *pair* is two adjacent cells of the area, numbered as in
    :attr:`~tilegames.geometry.hexagon.HexArea.pairs` (sorted, so in reading
    order of the first cell, then of the second). Sets of pairs are masks:
    bit ``i`` stands for pair ``i``.
    """

    __slots__ = (
        "area",
        "cell_pairs",
        "initial_cells",
        "initial_empty",
        "near",
        "pair_cells",
        "pair_hexes",
        "pair_keeps",
        "pair_of",
        "radius",
        "rays",
        "start",
        "start_near",
        "start_neighbours",
        "start_pairs",
    )

    def __init__(self, radius: int) -> None:
        area = hexagon.hex_area(radius)
        self.area = area
        self.radius = radius
        self.pair_cells: tuple[tuple[Cell, Cell], ...] = area.pairs
        """Per pair, its two cell numbers, smaller first."""
        self.pair_hexes: tuple[tuple[Hex, Hex], ...] = tuple(
            (area.cells[a], area.cells[b]) for a, b in area.pairs
        )
        """Per pair, its two hexes in reading order (the form of ``Place.cells``)."""
        self.pair_of: dict[tuple[Hex, Hex], PairIndex] = {
            hexes: i for i, hexes in enumerate(self.pair_hexes)
        }
        """The pair number of two hexes in reading order."""
        self.cell_pairs: tuple[Mask, ...] = _cell_pairs(area)
        """Per cell, the set of pairs it belongs to."""
        self.pair_keeps: tuple[Mask, ...] = tuple(
            ~(self.cell_pairs[a] | self.cell_pairs[b]) for a, b in area.pairs
        )
        """Per pair, the complement of the pairs sharing a cell with it: ``empty &
        pair_keeps[i]`` is the set of empty pairs once pair ``i`` is filled (a negative
        int: ``~`` sets every higher bit, which ``&`` with a mask ignores)."""
        self.rays: tuple[tuple[tuple[Ray, ...], tuple[Ray, ...]], ...] = tuple(
            (_rays_but(area, a, b), _rays_but(area, b, a)) for a, b in area.pairs
        )
        """Per pair, for each of its two cells, the five rays not pointing at the other."""
        self.near: tuple[tuple[Near, Near], ...] = tuple(
            (_near(rays_a), _near(rays_b)) for rays_a, rays_b in self.rays
        )
        """Per pair, for each of its two cells, :func:`_reader` of the first cells of its
        rays: the colours next to it (but on its twin) in one call, to skip rays that
        cannot score."""
        self.start: tuple[Cell, ...] = tuple(area.index[cell] for cell, _ in START_CELLS)
        """The cell numbers of the start cells, in ``START_CELLS`` order."""
        self.start_neighbours: tuple[tuple[Cell, ...], ...] = tuple(
            tuple(n for n in area.neighbours[s] if n >= 0) for s in self.start
        )
        """Per start cell, its neighbours inside the area."""
        self.start_near: tuple[Near, ...] = tuple(map(_reader, self.start_neighbours))
        """Per start cell, :func:`_reader` of its neighbours: their colours in one call."""
        self.start_pairs: tuple[Mask, ...] = tuple(
            _union(self.cell_pairs[n] for n in near) for near in self.start_neighbours
        )
        """Per start cell, the pairs with a cell next to it (AXIO-8)."""
        cells = [EMPTY] * area.size
        for number, (_, colour) in zip(self.start, START_CELLS, strict=True):
            cells[number] = colour
        self.initial_cells: tuple[int, ...] = tuple(cells)
        """The board before the first placement: the start cells only (AXIO-4)."""
        self.initial_empty: Mask = empty_pairs(self, self.initial_cells)
        """The set of empty pairs of :attr:`initial_cells`."""


def _cell_pairs(area: hexagon.HexArea) -> tuple[Mask, ...]:
    return tuple(
        mask_of(i for i, pair in enumerate(area.pairs) if cell in pair)
        for cell in range(area.size)
    )


def _rays_but(area: hexagon.HexArea, cell: Cell, twin: Cell) -> tuple[Ray, ...]:
    """The rays of ``cell`` in the five directions other than the one to ``twin`` (AXIO-9)."""
    towards = area.neighbours[cell].index(twin)
    return tuple(area.rays[cell][d] for d in range(6) if d != towards)


def _near(rays: tuple[Ray, ...]) -> Near:
    """:func:`_reader` of the first cells of the rays: a hex's neighbours but its twin.

    A hex's line points (AXIO-9) are 0 unless one of them has its colour.
    """
    return _reader([ray[0] for ray in rays if ray])


def _reader(numbers: Sequence[Cell]) -> Near:
    """A function of a board giving the colours on the cells ``numbers``, as a tuple.

    ``itemgetter`` reads them all in one call. (``itemgetter`` of one item
    would return the item itself, not a tuple: a lone cell is read twice.)
    """
    if not numbers:
        return _no_cells
    return cast(Near, operator.itemgetter(*numbers, *numbers[:1]))


def _no_cells(cells: tuple[int, ...]) -> tuple[int, ...]:
    return ()


def _union(masks: Iterable[Mask]) -> Mask:
    return functools.reduce(operator.or_, masks, 0)


def empty_pairs(geometry: Geometry, cells: Sequence[int]) -> Mask:
    """The set of pairs whose two cells are empty, computed from scratch."""
    return mask_of(
        i
        for i, (a, b) in enumerate(geometry.pair_cells)
        if cells[a] == EMPTY and cells[b] == EMPTY
    )


GEOMETRY_BY_RADIUS: Final[Mapping[int, Geometry]] = {
    radius: Geometry(radius) for radius in sorted(set(AREA_RADIUS.values()))
}
"""Playing-area radius (AXIO-3) -> its tables (5, 6, 7)."""
GEOMETRY: Final[Mapping[int, Geometry]] = {g.area.size: g for g in GEOMETRY_BY_RADIUS.values()}
"""Number of cells of a playing area -> its tables: a board's length says its area."""


TILE_OF: Final[Mapping[tuple[Colour, Colour], Tile]] = {
    (a, b): (min(a, b), max(a, b)) for a, b in itertools.product(range(len(COLOURS)), repeat=2)
}
"""Two colours in either order -> the tile showing them."""
TILES: Final[frozenset[Tile]] = frozenset(TILE_OF.values())
"""The 21 tiles: every pair of colours, lower first."""


def _ways(tile: Tile) -> tuple[tuple[Colour, Colour], ...]:
    """The ways to lay a tile on a pair: its colours on (first cell, second cell)."""
    low, high = tile
    return ((low, high),) if low == high else ((low, high), (high, low))


_WAYS: Final[Mapping[Tile, tuple[tuple[Colour, Colour], ...]]] = {
    tile: _ways(tile) for tile in sorted(TILES)
}
"""Per tile, the ways to lay it on a pair (a double one way)."""


def _ways_by_number() -> tuple[tuple[tuple[Colour, Colour], ...], ...]:
    """:data:`_WAYS` by tile number ``6 * low + high`` (``()`` for numbers of no tile)."""
    table: list[tuple[tuple[Colour, Colour], ...]] = [()] * (len(COLOURS) * len(COLOURS))
    for (low, high), ways in _WAYS.items():
        table[len(COLOURS) * low + high] = ways
    return tuple(table)


WAYS_BY_NUMBER: Final[tuple[tuple[tuple[Colour, Colour], ...], ...]] = _ways_by_number()
"""Per tile number ``6 * low + high``, the ways to lay the tile (as :data:`_WAYS`)."""


def _max_gain() -> int:
    """The most points one placement can score for one colour: both hexes, five full rays each."""
    longest = max(
        len(ray)
        for geometry in GEOMETRY_BY_RADIUS.values()
        for both in geometry.rays
        for rays in both
        for ray in rays
    )
    return 2 * 5 * longest


def _track_steps(stages: tuple[int, ...]) -> tuple[tuple[tuple[int, int], ...], ...]:
    """``[before][gained]`` -> ``(after, reached)`` for one track, as ``add_points`` moves it.

    The points stop at the first stage above ``before``; a track at the final
    cap gains nothing; ``reached`` is 1 when the track stops at a stage (a
    bonus is owed, AXIO-11), else 0. ``gained`` runs from 0 to the most one
    placement can score, ``before`` from 0 to the final cap.
    """
    width = _max_gain() + 1
    rows = []
    for before in range(stages[-1] + 1):
        stage = next((s for s in stages if s > before), None)
        if stage is None:  # at the final cap: nothing moves
            rows.append(((before, 0),) * width)
            continue
        short = stage - before  # fewer points than this stop short of the stage
        below = [(before + gained, 0) for gained in range(short)]
        rows.append((*below, *[(stage, 1)] * (width - short)))
    return tuple(rows)


TRACK_STEPS: Final[Mapping[str, tuple[tuple[tuple[int, int], ...], ...]]] = {
    mode: _track_steps(stages) for mode, stages in STAGES.items()
}
"""Per mode, :func:`_track_steps` of its stages (AXIO-10, AXIO-18, AXIO-20)."""
