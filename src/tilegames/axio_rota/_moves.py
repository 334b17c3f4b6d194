"""AXIO Rota's move generator: the display index of a state, the lazy legal moves, placements.

Split from :mod:`tilegames.axio_rota._rules` (which re-exports what it
uses): :class:`LegalMoves` lists a state's placements without building them,
and :func:`_placed` checks one placement against a display index
(:class:`~tilegames.axio_rota._model.Board`), saying which rule it breaks.
"""

from __future__ import annotations

import bisect
import functools
import itertools
from collections.abc import Iterator
from typing import overload

from tilegames._core.moves import LazyMoves
from tilegames._core.refusal import Refusal
from tilegames.axio_rota._model import (
    COLOUR_LETTERS,
    Board,
    Colour,
    Move,
    Rotation,
    State,
    Tile,
)
from tilegames.axio_rota._notation import format_tile
from tilegames.axio_rota._tables import TileInfo, tile_info
from tilegames.axio_rota._validate import check_state
from tilegames.geometry import square
from tilegames.geometry.square import Cell, Packed


def _board(state: State) -> Board:
    """The state's display index, built on first use (after :func:`check_state`)."""
    board = state._board
    if board is None:
        check_state(state)
        board = Board.build(state.display)
        object.__setattr__(state, "_board", board)
    return board


@functools.lru_cache(maxsize=1 << 16)
def _move(cell: Packed, rotation: Rotation, named: Colour | None) -> Move:
    """The :class:`Move` on packed ``cell``: one shared object per distinct move.

    Moves are immutable values, so the move generator hands out the same
    object each time instead of building (and checking) a new one per pick.
    The cache is bounded; a move dropped from it is simply built again.
    """
    return Move(square.unpack(cell), rotation, named)


class LegalMoves(LazyMoves[Move]):
    """The legal moves of a state, as a lazy sequence: moves are built when asked for.

    The order is stable: cells in reading order (top row first, left to
    right), then the rotation (0..3, each listed only if it gives different
    corners from the smaller ones), then the named colour (``None``, or red,
    green, blue, orange, purple when the empty corner touches another tile).

    ``len()`` is a sum over the frontier of a small per-tile table; the
    frontier is kept in reading order by the display index, so indexing need
    not sort it. ``in`` checks one move without listing them.
    The last move handed out by indexing is remembered with its packed cell
    and its tile's tables, so that :func:`apply` knows it legal without
    checking it again.
    """

    __slots__ = (
        "_board",
        "_cells",
        "_ends",
        "_info",
        "_length",
        "_masks",
        "_picked",
        "_tile",
    )

    def __init__(self, state: State) -> None:
        """List the moves of ``state``."""
        board = state._board or _board(state)
        extra = state.extra_tile
        tile = extra if extra is not None else state.hands[state.seat]
        self._board = board
        self._tile = tile
        if tile is None:
            self._info = None
            self._cells: list[Packed] = []
            self._masks: list[int] = []
        else:
            self._info = tile_info(tile)
            self._cells = board.rim  # the board never changes: shared, not copied
            self._masks = board.masks
        self._ends: list[int] | None = None
        self._length = -1
        self._picked: tuple[Move, Packed, TileInfo] | None = None

    @property
    def _frontier(self) -> dict[Packed, int]:
        """Packed frontier cell -> its mask of touching corners."""
        return dict(zip(self._cells, self._masks, strict=True))

    def __len__(self) -> int:
        """The number of legal moves."""
        length = self._length
        if length < 0:
            info = self._info
            if info is None:
                length = 0
            elif info.empty < 0:  # no empty corner: the same choices at every cell
                length = len(self._cells) * len(info.rotations)
            else:
                length = sum(map(info.count_at, self._masks))
            self._length = length
        return length

    @overload
    def __getitem__(self, index: int) -> Move: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Move, ...]: ...

    def __getitem__(self, index: int | slice) -> Move | tuple[Move, ...]:
        """As :meth:`LazyMoves.__getitem__`, with the common case (an int in range) first."""
        length = self._length
        if length < 0:
            length = len(self)
        if type(index) is int and 0 <= index < length:
            return self._at(index)
        return super().__getitem__(index)

    def _at(self, position: int) -> Move:
        """The move at ``position``: find its cell, then its choice at that cell."""
        info: TileInfo = self._info  # type: ignore[assignment]  # there are moves: a tile
        if info.empty < 0:  # the same choices at every cell: no need to add up counts
            slot, offset = divmod(position, len(info.rotations))
            cell = self._cells[slot]
            move = _move(cell, info.rotations[offset], None)
        else:
            ends = self._ends
            if ends is None:  # where each cell's moves end, cells in reading order
                ends = self._ends = list(itertools.accumulate(map(info.count_at, self._masks)))
            slot = bisect.bisect_right(ends, position)
            offset = position - (ends[slot - 1] if slot else 0)
            cell = self._cells[slot]
            rotation, named = info.choices[self._masks[slot]][offset]
            move = _move(cell, rotation, named)
        self._picked = (move, cell, info)
        return move

    def __iter__(self) -> Iterator[Move]:
        """Every legal move, in order."""
        info = self._info
        if info is None:
            return
        choices = info.choices
        for cell, mask in zip(self._cells, self._masks, strict=True):
            for rotation, named in choices[mask]:
                yield _move(cell, rotation, named)

    def __contains__(self, move: object) -> bool:
        """Whether ``move`` is a legal move of the state (without listing the moves)."""
        if type(move) is not Move or self._tile is None:
            return False
        try:
            _placed(self._board, self._tile, move)
        except Refusal:
            return False
        return True

    def _sorted(self) -> list[Packed]:
        """The frontier's packed cells in reading order."""
        return self._cells


def _placed(board: Board, tile: Tile, move: Move) -> tuple[Packed, TileInfo]:
    """Check placing ``tile`` as ``move`` says on ``board`` (ROTA-6, ROTA-11, ROTA-13).

    Returns:
        The packed cell and the tile's tables.

    Raises:
        Refusal: at the first rule the placement breaks.
    """
    x, y = move.cell
    if not square.packable(x, y):
        raise Refusal(_placement_problem(board, move.cell, None), "ROTA-11")
    cell = square.pack(x, y)
    mask = board.mask(cell)
    if mask is None:
        raise Refusal(_placement_problem(board, move.cell, cell), "ROTA-11")
    info = tile_info(tile)
    rotation = move.rotation
    listed = info.same_as[rotation]
    if listed != rotation:
        raise Refusal(
            f"turning {format_tile(tile)} by {rotation} gives the same corners as by "
            f"{listed}; that placement is the move with rotation {listed}",
            "ROTA-6",
        )
    if info.empty >= 0 or move.named is not None:
        _check_named(tile, info, mask, move)
    return cell, info


def _check_named(tile: Tile, info: TileInfo, mask: int, move: Move) -> None:
    """A colour is named exactly when the empty corner, turned, touches a tile (ROTA-13)."""
    named = move.named
    if info.empty < 0:
        raise Refusal(f"{format_tile(tile)} has no empty corner to name a colour for", "ROTA-13")
    corner = (info.empty + move.rotation) % 4
    if mask >> corner & 1:
        if named is None:
            raise Refusal(
                f"the empty corner of {format_tile(tile)} lands on corner {corner}, which "
                f"touches another tile: name a colour for it ({COLOUR_LETTERS})",
                "ROTA-13",
            )
    elif named is not None:
        raise Refusal(
            f"the empty corner of {format_tile(tile)} lands on corner {corner}, which touches "
            "no other tile, so no colour is named for it",
            "ROTA-13",
        )


def _placement_problem(board: Board, xy: Cell, cell: Packed | None) -> str:
    """Why a cell outside the frontier cannot take the tile (ROTA-11)."""
    if cell is not None and board.holds(cell):
        return f"cell {xy} already holds {format_tile(board.cells[cell])}"
    if cell is not None and board.touching(cell):
        return f"cell {xy} touches the display only at a corner; a tile must share an edge"
    return f"cell {xy} shares no edge with a tile of the display"
