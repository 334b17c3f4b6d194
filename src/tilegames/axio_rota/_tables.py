"""AXIO Rota's tables, built once at import by named functions: the set, the start, per tile."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Final, NamedTuple

from tilegames._core.bits import Mask
from tilegames.axio_rota._model import COLOURS, SHIFT, Colour, Rotation, Tile, corner_adds
from tilegames.geometry import square
from tilegames.geometry.square import Cell

# ---------------------------------------------------------------------------
# The standard set (ROTA-3) and the start square (ROTA-7)
# ---------------------------------------------------------------------------


def _standard_tiles() -> tuple[Tile, ...]:
    """Build the reconstructed 60-tile set of ROTA-3 (a [decision] of the spec).

    * 30 tiles with four different colours: for each missing colour, the
      lowest remaining colour at the top left and the other three in every
      order (the 6 arrangements up to rotation);
    * 20 tiles with one empty corner: for each colour triple ``a < b < c``,
      the empty corner at the top left followed clockwise by ``a, b, c``, and
      its mirror image, followed by ``c, b, a``;
    * 10 tiles ``(a, b, a, b)``: the pairs ``{c, c+1}`` then ``{c, c+2}``
      for each colour ``c`` (mod 5), lower colour first.
    """
    colours = range(len(COLOURS))
    four: list[Tile] = []
    for missing in colours:
        first, *others = (c for c in colours if c != missing)
        for b, c, d in itertools.permutations(others):
            four.append((first, b, c, d))
    three: list[Tile] = []
    for a, b, c in itertools.combinations(colours, 3):
        three.append((None, a, b, c))
        three.append((None, c, b, a))
    two: list[Tile] = []
    for step in (1, 2):
        for c in colours:
            low, high = sorted((c, (c + step) % len(COLOURS)))
            two.append((low, high, low, high))
    return (*four, *three, *two)


STANDARD_TILES: Final[tuple[Tile, ...]] = _standard_tiles()
"""The 60 tiles of the standard set (ROTA-3), as data.

Every colour is on exactly 44 corners and 20 corners are empty:

>>> len(STANDARD_TILES), sum(tile.count(None) for tile in STANDARD_TILES)
(60, 20)
>>> [sum(tile.count(c) for tile in STANDARD_TILES) for c in range(5)]
[44, 44, 44, 44, 44]
"""


def _start_cells() -> tuple[tuple[Cell, square.Corner], ...]:
    """The cells around vertex (0, 0) in reading order, each with its corner at the centre."""
    return tuple(sorted(square.vertex_cells((0, 0)), key=lambda pair: pair[0][::-1]))


START_CELLS: Final = _start_cells()
"""The 2x2 start square (ROTA-7): ``(cell, corner at the centre)`` in reading order.

>>> START_CELLS
(((-1, -1), 2), ((0, -1), 3), ((-1, 0), 1), ((0, 0), 0))
"""


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
    """The index of the empty corner, or -1."""
    return corners.index(None) if None in corners else -1


def _tile_info(tile: Tile) -> TileInfo:
    turned = tuple(square.rotate(tile, k) for k in range(4))
    rotations = square.distinct_rotations(tile)
    empty = tile.index(None) if None in tile else -1
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


def _standard_infos() -> dict[Tile, TileInfo]:
    return {tile: _tile_info(tile) for tile in STANDARD_TILES}


_TILES: Final = _standard_infos()
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


def _canonical_table() -> dict[Tile, Tile]:
    """Every rotation of every standard tile, mapped to its least rotation."""
    return {
        square.rotate(tile, k): _canonical_turn(tile) for tile in STANDARD_TILES for k in range(4)
    }


_CANONICAL: Final = _canonical_table()


def canonical(tile: Tile) -> Tile:
    """The tile turned to its least rotation, so that turned copies compare equal."""
    return _CANONICAL.get(tile) or _canonical_turn(tile)
