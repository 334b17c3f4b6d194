"""AXIO Rota's fixed actions and observations for :mod:`tilegames.envs` (see ``_core.encoding``).

The display has no edge, but it grows by one tile per placement from the
2 x 2 start square, so a game with ``T`` tiles (60 in the standard set)
places at most ``K = T - 4`` of them and every placement lies on a cell
``(x, y)`` with ``dx + dy <= K``, where ``dx`` is ``x`` for ``x >= 0`` and
``-1 - x`` otherwise (the distance in cells from the start square), and
``dy`` likewise. These ``2 (K + 1) (K + 2)`` cells (6612 for the standard
set), numbered in reading order (``y``, then ``x``), give the actions:

``(cell * 4 + rotation) * 6 + named``
    :class:`Place` on that cell with that rotation (0..3), ``named`` 0 for
    no named colour and ``1 + colour`` for a named one (ROTA-12).

That is ``24 * 2 (K + 1) (K + 2)`` actions, 158688 for the standard set,
for every player count; most are never legal, and a learner is expected to
use the action mask.

Observation parts; seats are counted from the viewer (index 0 is its own):

``tiles`` (T, 7)
    the placed tiles in reading order of their cells, one row each:
    ``1, x, y`` and the four corners (colour 0..4, -1 for the empty corner);
    rows past the last placed tile are all 0.
``hand`` (4, 6), ``extra_tile`` (4, 6)
    the seat's hand tile and the supply tile of an extra turn, per corner a
    one-hot of its colour (column 5: the empty corner); all 0 for no tile.
``tracks`` (players, 5)
    every seat's five score tracks.
``stack_sizes`` (players,), ``to_move`` (players,)
    the tiles left in each seat's stack; 1 for the seat to move.
``phase`` (2,)
    the supply's size and the extra turns still owed.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any, Final

from tilegames._core.encoding import Block, Encoding, Part
from tilegames._core.rules import Seat, Setup
from tilegames.axio_rota._model import (
    COLOURS,
    STANDARD_TILES,
    START_TILES,
    TITLE,
    Colour,
    Place,
    Tile,
    View,
)
from tilegames.axio_rota._moves import LegalMoves
from tilegames.geometry.square import Cell, unpack

WAYS: Final = 4 * (1 + len(COLOURS))
"""Actions per cell: four rotations times no name or one of the five colours."""


@functools.lru_cache(maxsize=8)
def _cells_for(reach: int) -> tuple[tuple[Cell, ...], dict[Cell, int]]:
    """The cells a game of ``reach`` placements can reach, in reading order, and their numbers."""

    def distance(z: int) -> int:
        return z if z >= 0 else -1 - z

    span = range(-1 - reach, reach + 1)
    cells = tuple((x, y) for y in span for x in span if distance(x) + distance(y) <= reach)
    return cells, {cell: i for i, cell in enumerate(cells)}


def _tile_count(position: Any) -> int:
    tiles = dict(position.options).get("tiles") if isinstance(position, Setup) else position.tiles
    return len(STANDARD_TILES if tiles is None else tiles)


def _table(position: Any) -> tuple[tuple[Cell, ...], dict[Cell, int]]:
    return _cells_for(max(_tile_count(position) - START_TILES, 0))


def _offset(rotation: int, named: Colour | None) -> int:
    """The action of a placement on cell 0 (a cell's actions start at ``cell * WAYS``)."""
    return rotation * 6 + (0 if named is None else 1 + named)


def size(position: Any) -> int:
    """The number of actions of the position's set (see the module docs)."""
    cells, _ = _table(position)
    return len(cells) * WAYS


def action_of(position: Any, move: Place) -> int:
    """The action of a move (see the module docs)."""
    if type(move) is not Place:
        msg = f"not an {TITLE} move: {move!r}"
        raise ValueError(msg)
    _, index = _table(position)
    cell = index.get(move.cell, -1)
    if cell < 0:
        msg = f"move {move} lies farther from the start square than any game of this set can reach"
        raise ValueError(msg)
    return cell * WAYS + _offset(move.rotation, move.named)


def move_of(position: Any, action: int, seat: Seat = 0) -> Place:
    """The move of an action (see the module docs)."""
    cells, _ = _table(position)
    if type(action) is not int or not 0 <= action < len(cells) * WAYS:
        last = len(cells) * WAYS - 1
        msg = f"an {TITLE} action here is an int 0..{last}, not {action!r}"
        raise ValueError(msg)
    spot, named = divmod(action, 6)
    cell, rotation = divmod(spot, 4)
    return Place(cells[cell], rotation, None if named == 0 else named - 1)


def legal_actions(state: Any, moves: Sequence[Place]) -> list[Block]:
    """The actions of the legal moves, in their order, a block per cell.

    The trick: :class:`LegalMoves` lists, per frontier cell in reading order,
    the choices of its tile for that cell's touching corners; each cell's
    actions are its first action plus the choices' offsets, so no move is
    made. Any other sequence of moves is read move by move.
    """
    _, index = _table(state)
    if type(moves) is LegalMoves:
        info = moves._info
        if info is None:
            return []
        frontier, choices = moves._frontier, info.choices
        offsets: dict[int, list[int]] = {}
        blocks: list[Block] = []
        for cell in moves._sorted():
            mask = frontier[cell]
            found = offsets.get(mask)
            if found is None:
                found = offsets[mask] = [_offset(*choice) for choice in choices[mask]]
            blocks.append(((index[unpack(cell)] * WAYS,), found))
        return blocks
    return [((0,), [index[m.cell] * WAYS + _offset(m.rotation, m.named) for m in moves])]


def _corners(tile: Tile | None) -> list[int]:
    values = [0] * 24
    if tile is not None:
        for corner, colour in enumerate(tile):
            values[corner * 6 + (5 if colour is None else colour)] = 1
    return values


def observe(view: View) -> Mapping[str, Part]:
    """The observation of the view's seat (see the module docs)."""
    total = _tile_count(view)
    rows: list[int] = []
    for (x, y), tile in sorted(view.display, key=lambda item: (item[0][1], item[0][0])):
        rows += (1, x, y, *(-1 if c is None else c for c in tile))
    rows += [0] * (7 * total - len(rows))
    players = len(view.tracks)
    first = view.seat or 0  # the public view (seat None) is seen from seat 0's side
    seats = [(first + i) % players for i in range(players)]
    movers = view.to_move
    return {
        "tiles": Part((total, 7), rows),
        "hand": Part((4, 6), _corners(view.hand)),
        "extra_tile": Part((4, 6), _corners(view.extra_tile)),
        "tracks": Part((players, len(COLOURS)), [p for s in seats for p in view.tracks[s]]),
        "stack_sizes": Part((players,), [view.stack_sizes[s] for s in seats]),
        "to_move": Part((players,), [int(s in movers) for s in seats]),
        "phase": Part((2,), [view.supply_size, view.extra_turns]),
    }


def points(view: View, seat: Seat) -> tuple[int, ...]:
    """The seat's five score tracks, in ROTA-1 order."""
    return tuple(view.tracks[seat])


encoding: Final = Encoding.collect(globals())
"""AXIO Rota's :class:`~tilegames._core.encoding.Encoding`."""
