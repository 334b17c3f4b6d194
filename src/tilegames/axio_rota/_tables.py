"""AXIO Rota's tables, built once at import by named functions: the start square, per tile."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final, NamedTuple, cast

from tilegames._core.bits import Mask
from tilegames.axio_rota._model import (
    COLOURS,
    ONE,
    SHIFT,
    STANDARD_TILES,
    Board,
    Colour,
    Rotation,
    Tile,
    corner_adds,
)
from tilegames.geometry import square
from tilegames.geometry.square import Cell, Packed

# ---------------------------------------------------------------------------
# The start square (ROTA-7)
# ---------------------------------------------------------------------------


START_CELLS: Final = tuple(sorted(square.vertex_cells((0, 0)), key=lambda pair: pair[0][::-1]))
"""The 2x2 start square (ROTA-7): ``(cell, corner at the centre)`` in reading order.

>>> START_CELLS
(((-1, -1), 2), ((0, -1), 3), ((-1, 0), 1), ((0, 0), 0))
"""


class _StartTemplate(NamedTuple):
    """What the start square's index (ROTA-7) is, whatever tiles are laid on it."""

    cells: tuple[Cell, ...]
    """The 4 cells, in :data:`START_CELLS` order."""
    packed: tuple[Packed, ...]
    """The same, packed."""
    rim: list[Packed]
    """The 8 cells sharing an edge with the square, in reading order."""
    masks: list[Mask]
    """Their touching corners."""
    vertices: tuple[Packed, ...]
    """The 9 vertices of the square, in the order of :attr:`circles`."""
    held: tuple[int, ...]
    """Their :data:`~tilegames.axio_rota._model.HELD` bits, in the same order."""
    circles: tuple[tuple[Packed, int, tuple[int, ...]], ...]
    """Per vertex of the square (9): the :data:`~tilegames.axio_rota._model.HELD` bits of
    the cells around it, and the corners meeting there, as indices into the 16 corners of
    the 4 tiles laid (``4 * tile + corner``)."""


_NO_COLOURS: Final[Tile] = cast(Tile, (None, None, None, None))  # adds only HELD bits


def _start_template() -> _StartTemplate:
    """The start square's index without its colours: the frontier does not depend on them."""
    cells = tuple(cell for cell, _ in START_CELLS)
    packed = tuple(square.pack(x, y) for x, y in cells)
    blank = Board.build((cell, _NO_COLOURS) for cell in cells)
    meeting: dict[Packed, list[int]] = {}
    for index, cell in enumerate(packed):
        for corner, step in enumerate(square.PACKED_CORNER_STEPS):
            meeting.setdefault(cell + step, []).append(4 * index + corner)
    circles = tuple(
        (vertex, blank.circles[vertex], tuple(where)) for vertex, where in meeting.items()
    )
    vertices = tuple(vertex for vertex, _, _ in circles)
    held = tuple(bits for _, bits, _ in circles)
    return _StartTemplate(cells, packed, blank.rim, blank.masks, vertices, held, circles)


START_TEMPLATE: Final = _start_template()


_Laying = tuple[Tile, tuple[int, ...]]
"""A tile laid on one cell of the start square: its corners as laid (:func:`turned_to`),
and what it adds to each circle of the square, in :attr:`_StartTemplate.circles` order."""

_LAYINGS: Final[tuple[dict[Tile, _Laying], ...]] = ({}, {}, {}, {})
"""Per cell of the start square, tile -> its :data:`_Laying`, made on first sight."""


def _laying(slot: int, tile: Tile) -> _Laying:
    """How ``tile`` lies on cell ``slot`` of the start square, what it adds to the circles."""
    laid = turned_to(tile, START_CELLS[slot][1])
    one = ONE
    adds = [0] * 16
    adds[4 * slot : 4 * slot + 4] = [one[colour] for colour in laid]
    made = (
        laid,
        tuple(sum(adds[corner] for corner in where) for _, _, where in START_TEMPLATE.circles),
    )
    _LAYINGS[slot][tile] = made
    return made


def start_square(drawn: Sequence[Tile]) -> tuple[list[Tile], Board]:
    """The 4 tiles of the start square as laid (ROTA-7), and the square's index.

    The same as :func:`turned_to` and ``Board.build``, from tables made once
    per tile and cell: the index is the template's, with the circles' counts
    summed from what each tile adds.
    """
    first, second, third, fourth = drawn
    layings = _LAYINGS
    laid_0, adds_0 = layings[0].get(first) or _laying(0, first)
    laid_1, adds_1 = layings[1].get(second) or _laying(1, second)
    laid_2, adds_2 = layings[2].get(third) or _laying(2, third)
    laid_3, adds_3 = layings[3].get(fourth) or _laying(3, fourth)
    summed = map(sum, zip(START_TEMPLATE.held, adds_0, adds_1, adds_2, adds_3, strict=True))
    circles = dict(zip(START_TEMPLATE.vertices, summed, strict=True))
    cell_0, cell_1, cell_2, cell_3 = START_TEMPLATE.packed
    placed = (cell_3, laid_3, (cell_2, laid_2, (cell_1, laid_1, (cell_0, laid_0, None))))
    board = Board(placed, circles, START_TEMPLATE.rim[:], START_TEMPLATE.masks[:])
    return [laid_0, laid_1, laid_2, laid_3], board


def turned_to(tile: Tile, centre: square.Corner) -> Tile:
    """The tile with its empty corner, if any, turned to corner ``centre`` (ROTA-7)."""
    if None not in tile:
        return tile
    return square.rotate(tile, centre - tile.index(None))


# ---------------------------------------------------------------------------
# Per-tile tables: rotations and the moves at a cell, by corner mask
# ---------------------------------------------------------------------------

Choice = tuple[Rotation, Colour | None]
"""A ``(rotation, named)`` pair: the part of a move that is not the cell."""
_NAMEABLE: Final[tuple[Colour | None, ...]] = tuple(range(len(COLOURS)))
_CORNER_MASKS: Final = range(16)  # every 4-bit mask of a cell's touching corners


class TileInfo(NamedTuple):
    """What the move generator needs to know about one tile."""

    turned: tuple[Tile, ...]
    """The corners after 0, 1, 2, 3 quarter turns."""
    rotations: tuple[Rotation, ...]
    """The quarter turns giving distinct corners, smallest first (the ones listed)."""
    same_as: tuple[Rotation, ...]
    """Per quarter turn, the listed quarter turn giving the same corners."""
    empty: int
    """The index of the empty corner (before turning), or -1."""
    choices: tuple[tuple[Choice, ...], ...]
    """Per 4-bit corner mask of a cell, its ``(rotation, named)`` choices in listing order."""
    counts: tuple[int, ...]
    """Per 4-bit corner mask, ``len(choices[mask])``."""
    count_at: Callable[[Mask], int]
    """``counts[mask]`` as a function, for ``map``: the ``__getitem__`` of a private list
    copy of :attr:`counts` (a list's is a plain method, several times faster to call
    than a tuple's slot wrapper)."""
    adds: tuple[tuple[int, int, int, int], ...]
    """Per quarter turn, what each corner (0..3) of the turned tile adds to the packed
    colour counts of its circle (``ONE[colour]``; 0 for the empty corner) with the corner's
    ``HELD`` bit (:func:`~tilegames.axio_rota._model.corner_adds`)."""
    scoring: tuple[tuple[tuple[int, Colour, int], ...], ...]
    """Per quarter turn, for each coloured corner of the turned tile: the corner (0..3),
    its colour, and where that colour's count sits in a circle's counts (``SHIFT``)."""
    gaps: tuple[int, ...]
    """Per quarter turn, the corner (0..3) where the turned tile's empty corner lies (a
    named colour scores there), or -1 if the tile has none."""


def _choices(rotations: tuple[Rotation, ...], empty: int, mask: Mask) -> tuple[Choice, ...]:
    """The choices at a cell whose touching corners are ``mask``: a name where the gap touches."""
    return tuple(
        (k, named)
        for k in rotations
        for named in (_NAMEABLE if empty >= 0 and mask >> ((empty + k) % 4) & 1 else (None,))
    )


def _scoring(corners: Tile) -> tuple[tuple[int, Colour, int], ...]:
    """Per coloured corner: its index, its colour, its count's shift in a circle."""
    return tuple(
        (corner, colour, SHIFT[colour])
        for corner, colour in enumerate(corners)
        if colour is not None
    )


def _gap(corners: Tile) -> int:
    return corners.index(None) if None in corners else -1


def _tile_info(tile: Tile) -> TileInfo:
    turned = tuple(square.rotate(tile, k) for k in range(4))
    rotations = square.distinct_rotations(tile)
    empty = _gap(tile)
    choices = tuple(_choices(rotations, empty, mask) for mask in _CORNER_MASKS)
    return TileInfo(
        turned=turned,
        rotations=rotations,
        same_as=tuple(turned.index(turned[k]) for k in range(4)),
        empty=empty,
        choices=choices,
        counts=tuple(map(len, choices)),
        count_at=list(map(len, choices)).__getitem__,
        adds=tuple(map(corner_adds, turned)),
        scoring=tuple(map(_scoring, turned)),
        gaps=tuple(map(_gap, turned)),
    )


_TILES: Final = {tile: _tile_info(tile) for tile in STANDARD_TILES}
"""Tile -> its tables: the standard set's built at import, any other tile's on first sight."""


def tile_info(tile: Tile) -> TileInfo:
    """The tables of a (valid) tile, built on first sight."""
    info = _TILES.get(tile)
    if info is None:
        info = _TILES[tile] = _tile_info(tile)
    return info


# ---------------------------------------------------------------------------
# Tiles up to rotation
# ---------------------------------------------------------------------------


def _canonical_turn(tile: Tile) -> Tile:
    turns = [square.rotate(tile, k) for k in range(4)]
    return min(turns, key=lambda t: tuple(-1 if c is None else c for c in t))


_CANONICAL: Final = {
    square.rotate(tile, k): _canonical_turn(tile) for tile in STANDARD_TILES for k in range(4)
}
"""Every rotation of every standard tile, mapped to its least rotation."""


def canonical(tile: Tile) -> Tile:
    """The tile turned to its least rotation, so that turned copies compare equal."""
    return _CANONICAL.get(tile) or _canonical_turn(tile)
