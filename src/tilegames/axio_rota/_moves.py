"""AXIO Rota's rules on a well-formed position: the index, legal moves, refusals, scoring, the end.

Nothing here checks a state: the callers in :mod:`~tilegames.axio_rota._rules`
check one they did not make before it gets here. :func:`index_of` builds and
caches a state's display index (:class:`~tilegames.axio_rota._model.Board`);
:class:`LegalMoves` lists a state's placements without building them;
:func:`_placed` checks one placement against the index, saying which rule it
breaks; :func:`scored_onto` is the fast path's scoring.
"""

from __future__ import annotations

import bisect
import functools
import itertools
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import cast, overload

import attrs

from tilegames._core.chance import CHANCE
from tilegames._core.errors import IllegalMoveError
from tilegames._core.moves import LazyMoves
from tilegames._core.refusal import Refusal, illegal_move
from tilegames._core.rules import Seat
from tilegames.axio_rota._model import (
    COLOUR_LETTERS,
    COUNT_MASK,
    SHIFT,
    STACK,
    STACK_SIZE,
    STANDARD_TILES,
    START,
    SUPPLY,
    TRACK_CAP,
    AnyMove,
    Board,
    Colour,
    CornerCounts,
    Draw,
    Place,
    Points,
    Reveal,
    Rotation,
    State,
    Tile,
    View,
)
from tilegames.axio_rota._notation import format_tile
from tilegames.axio_rota._tables import TileInfo, canonical, tile_info
from tilegames.geometry import square
from tilegames.geometry.square import Cell, Packed


def index_of(state: State) -> Board:
    """The state's display index, built on first use and cached in the state (no check)."""
    board = state._index
    if board is None:
        board = Board.build(state.display)
        object.__setattr__(state, "_index", board)
    return board


@functools.lru_cache(maxsize=1 << 16)
def _move(cell: Packed, rotation: Rotation, named: Colour | None) -> Place:
    """The :class:`Place` on packed ``cell``: one shared object per distinct move.

    Moves are immutable values, so the move generator hands out the same
    object each time instead of building (and checking) a new one per pick.
    The cache is bounded; a move dropped from it is simply built again.
    """
    return Place(square.unpack(cell), rotation, named)


class LegalMoves(LazyMoves[Place]):
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
        board = state._index or index_of(state)
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
        self._picked: tuple[Place, Packed, TileInfo] | None = None

    @property
    def _frontier(self) -> dict[Packed, int]:
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
    def __getitem__(self, index: int) -> Place: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Place, ...]: ...

    def __getitem__(self, index: int | slice) -> Place | tuple[Place, ...]:
        """As :meth:`LazyMoves.__getitem__`, with the common case (an int in range) first."""
        length = self._length
        if length < 0:
            length = len(self)
        if type(index) is int and 0 <= index < length:
            return self._at(index)
        return super().__getitem__(index)

    def _at(self, position: int) -> Place:
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

    def __iter__(self) -> Iterator[Place]:
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
        if type(move) is not Place or self._tile is None:
            return False
        try:
            _placed(self._board, self._tile, move)
        except Refusal:
            return False
        return True

    def _sorted(self) -> list[Packed]:
        return self._cells


Problem = tuple[str, str]
"""Why a move is illegal: the reason in words and the rule id, as a :class:`Refusal` holds them."""


def _placed(board: Board, tile: Tile, move: Place) -> tuple[Packed, TileInfo]:
    """Check placing ``tile`` as ``move`` says on ``board`` (ROTA-6, ROTA-11, ROTA-13).

    The cell must share an edge with the display (ROTA-11), the rotation be
    the first of those giving the same corners (ROTA-6), and a colour be named
    exactly when the empty corner, turned, touches a tile (ROTA-13).

    Returns:
        The packed cell and the tile's tables.

    Raises:
        Refusal: at the first rule the placement breaks.
    """
    x, y = move.cell
    cell = square.pack(x, y) if square.packable(x, y) else None
    mask = None if cell is None else board.mask(cell)
    info = tile_info(tile)
    rotation, named = move.rotation, move.named
    listed = info.same_as[rotation]
    corner = (info.empty + rotation) % 4  # where the empty corner lands, if the tile has one
    problem: Problem | None = None
    if mask is None:
        problem = _cell_problem(board, move.cell, cell), "ROTA-11"
    elif listed != rotation:
        problem = (
            f"turning {format_tile(tile)} by {rotation} gives the same corners as by "
            f"{listed}; that placement is the move with rotation {listed}",
            "ROTA-6",
        )
    elif info.empty < 0:
        if named is not None:
            problem = f"{format_tile(tile)} has no empty corner to name a colour for", "ROTA-13"
    elif mask >> corner & 1:
        if named is None:
            problem = (
                f"the empty corner of {format_tile(tile)} lands on corner {corner}, which "
                f"touches another tile: name a colour for it ({COLOUR_LETTERS})",
                "ROTA-13",
            )
    elif named is not None:
        problem = (
            f"the empty corner of {format_tile(tile)} lands on corner {corner}, which touches "
            "no other tile, so no colour is named for it",
            "ROTA-13",
        )
    if problem is not None:
        raise Refusal(*problem)
    return cast(Packed, cell), info


def _cell_problem(board: Board, xy: Cell, cell: Packed | None) -> str:
    """Why a cell outside the frontier cannot take the tile (ROTA-11)."""
    if cell is not None and board.holds(cell):
        return f"cell {xy} already holds {format_tile(board.cells[cell])}"
    if cell is not None and board.touching(cell):
        return f"cell {xy} touches the display only at a corner; a tile must share an edge"
    return f"cell {xy} shares no edge with a tile of the display"


def checked_placement(state: State, move: Place) -> tuple[Packed, TileInfo]:
    """Check a move; return its packed cell and the tables of the tile it places.

    Raises:
        Refusal: at the first rule the move breaks.
    """
    board = state._index or index_of(state)
    tile = state.extra_tile
    if tile is None:
        tile = state.hands[state.seat]
        if tile is None:  # no tile known: chance to move, the game over, or an unseen tile
            problem = placing_problem(state) or (
                f"seat {state.seat} holds a tile drawn unseen: name it as you place it, "
                "such as 'RGBO@1,0:0' (a Reveal)",
                "ROTA-11",
            )
            raise Refusal(*problem)
    return _placed(board, tile, move)


def placing_problem(state: State) -> Problem | None:
    """Why no placement is legal now: chance is to move, or the game is over; else ``None``."""
    if state.drawing:
        return _chance_to_move(state)
    if ended(state):
        return "the game is over", end_rule(state)
    return None


def end_rule(state: State) -> str:
    return "ROTA-17" if all_at_cap_seat(state) is not None else "ROTA-18"


def illegal(state: State, move: AnyMove, refusal: Refusal) -> IllegalMoveError:
    """The public error for a refused move: the game-over message said once."""
    if ended(state):
        return illegal_move(str(move), refusal, over=True)
    if state.drawing:
        return illegal_move(str(move), refusal, turn=f"chance to move ({DRAWN[state.drawing]})")
    turn = f"seat {state.seat} to move"
    if state.extra_tile is not None:
        turn += f", extra turn with {format_tile(state.extra_tile)} from the supply"
    return illegal_move(str(move), refusal, turn=turn)


DRAWN: Mapping[str, str] = {
    START: "the next tile of the start square is turned up",
    STACK: "the seat draws its stack's top tile into its hand",
    SUPPLY: "the seat draws the supply's top tile for an extra turn",
}


def draw_rule(state: State) -> str:
    drawing = state.drawing
    if drawing == START:
        return "ROTA-7"
    if drawing == SUPPLY:
        return "ROTA-15"
    return "ROTA-8" if state.stack_counts[state.seat] == STACK_SIZE else "ROTA-16"


def _chance_to_move(state: State) -> Problem:
    return (
        f"chance is to move: {DRAWN[state.drawing]}; enter the tile turned up, such as '+RGBO'",
        draw_rule(state),
    )


def without(pool: tuple[Tile, ...], tile: Tile) -> tuple[Tile, ...]:
    """``pool`` less one copy of ``tile`` (the first), the order kept."""
    at = pool.index(tile)
    return (*pool[:at], *pool[at + 1 :])


def _not_in_pool(state: State, tile: Tile) -> Problem:
    pool = cast(tuple[Tile, ...], state.pool)
    rule = draw_rule(state) if state.drawing else "ROTA-11"
    same = next((t for t in pool if canonical(t) == canonical(tile)), None)
    hint = (
        f"; write it as the set lists it, {format_tile(same)}"
        if same is not None
        else ", nor a tile of the set turned"
    )
    return (
        f"tile {format_tile(tile)} is not in the bag: it is none of the {len(pool)} tiles "
        f"still face down or drawn unseen{hint}",
        rule,
    )


def holding(state: State, tile: Tile) -> State:
    """The state with the seat to move holding ``tile``, named from the pool."""
    seat = state.seat
    held = attrs.evolve(
        state,
        hands=(*state.hands[:seat], tile, *state.hands[seat + 1 :]),
        pool=without(cast(tuple[Tile, ...], state.pool), tile),
        unseen=state.unseen & ~(1 << seat),
    )
    object.__setattr__(held, "_index", index_of(state))
    return held


def check_explicit_move(state: State, move: AnyMove) -> tuple[State, Packed, TileInfo] | None:
    """Check a chance outcome (return ``None``) or a :class:`Reveal`.

    A :class:`Reveal` returns the state with the seat holding the tile named,
    the packed cell and the tile's tables (as :func:`checked_placement`):
    the rules then place the tile as any other.

    Raises:
        Refusal: at the first rule the move breaks.
    """
    pool = state.pool
    problem: Problem | None = None
    if pool is None:
        problem = (
            f"{move} belongs to an explicit game (new_game(chance='explicit')); this game "
            "draws its tiles from its seed",
            "ROTA-7",
        )
    elif type(move) is Reveal:
        problem = placing_problem(state)
        if problem is None and (
            state.extra_tile is not None or not state.unseen >> state.seat & 1
        ):
            problem = (
                f"seat {state.seat} places a tile that is known; play the placement without "
                f"naming a tile, such as '{move.move}'",
                "ROTA-11",
            )
        if problem is None and move.tile not in pool:
            problem = _not_in_pool(state, move.tile)
        if problem is None:
            held = holding(state, move.tile)
            return (held, *checked_placement(held, move.move))
    elif not state.drawing:
        if ended(state):
            problem = "the game is over", end_rule(state)
        else:
            problem = (
                f"seat {state.seat} is to move, not chance: no tile is being turned up",
                "ROTA-10",
            )
    elif type(move) is Draw:
        if move.tile not in pool:
            problem = _not_in_pool(state, move.tile)
    elif state.drawing != STACK:
        problem = (
            f"only a draw into a hand may be entered unseen; here {DRAWN[state.drawing]}, "
            "face up for everyone (ROTA-21)",
            "ROTA-22",
        )
    if problem is not None:
        raise Refusal(*problem)
    return None


def placement_points(
    circles: Mapping[Packed, int], cell: Packed, corners: Tile, named: Colour | None
) -> Points:
    """ROTA-12: per colour, the matching corners of the other tiles at each corner's circle."""
    points = [0, 0, 0, 0, 0]
    for step, colour in zip(square.PACKED_CORNER_STEPS, corners, strict=True):
        if colour is None:
            colour = named
            if colour is None:
                continue
        counts = circles.get(cell + step)
        if counts:
            points[colour] += counts >> SHIFT[colour] & COUNT_MASK
    red, green, blue, orange, purple = points
    return red, green, blue, orange, purple


def scored_onto(
    mine: Points, before: CornerCounts, info: TileInfo, rotation: Rotation, named: Colour | None
) -> tuple[Points, int]:
    """Score a legal placement onto the mover's tracks (ROTA-12, ROTA-14), from tables.

    The fast path of ``apply``: the same as :func:`placement_points` then
    ``tracks.add_points(mine, points, stages=STAGES)``, reading the counts of
    the tile's circles from ``before`` (taken as the board grew) and which
    corner scores for which colour from the tile's tables. Capping once at
    the end is the same as capping each addition, as points are never negative.

    Args:
        mine: the mover's tracks.
        before: the counts of the four circles (corners 0..3) without the tile.
        info: the tile's tables.
        rotation: the quarter turns of the placement.
        named: the colour named for the empty corner, or ``None``; not ``None``
            only if the turned tile's empty corner touches a tile.

    Returns:
        The new tracks (``mine`` itself if the placement scores nothing) and
        the number of colours that reached 12 (each owes an extra turn, ROTA-15).
    """
    gained: list[int] | None = None
    for corner, colour, shift in info.scoring[rotation]:
        matched = before[corner] >> shift & COUNT_MASK
        if matched:
            if gained is None:
                gained = list(mine)
            gained[colour] += matched
    if named is not None:  # the empty corner scores for the colour named (ROTA-12)
        matched = before[info.gaps[rotation]] >> SHIFT[named] & COUNT_MASK
        if matched:
            if gained is None:
                gained = list(mine)
            gained[named] += matched
    if gained is None:
        return mine, 0
    reached = 0
    for colour, value in enumerate(gained):
        if value >= TRACK_CAP:
            gained[colour] = TRACK_CAP
            reached += mine[colour] < TRACK_CAP
    red, green, blue, orange, purple = gained
    return (red, green, blue, orange, purple), reached


def turned_up(
    owed: str, tile: Tile | None, seat: Seat, hands: tuple[Tile | None, ...], extra_turns: int
) -> tuple[tuple[Tile | None, ...], Seat, Tile | None, int]:
    """The hands, seat to move, extra turn's tile and extra turns owed once the tile is drawn.

    An extra turn's tile from the supply (ROTA-15); a hand tile from the stack, then the
    turn passes (ROTA-16). In either chance mode.
    """
    if owed == SUPPLY:
        return hands, seat, tile, extra_turns - 1
    return (*hands[:seat], tile, *hands[seat + 1 :]), (seat + 1) % len(hands), None, extra_turns


def ended(state: State) -> bool:
    """Whether the game is over: the seat to move has no tile to place (ROTA-17, ROTA-18).

    In an explicit game, not while chance is to move or the seat holds an unseen tile.
    """
    return (
        state.extra_tile is None
        and state.hands[state.seat] is None
        and not state.drawing
        and not state.unseen >> state.seat & 1
    )


ALL_AT_CAP: Points = (TRACK_CAP,) * 5
"""Five tracks at the cap: the immediate win of ROTA-17."""


def all_at_cap_seat(position: State | View) -> Seat | None:
    """The seat with all five tracks at 12, if any (ROTA-17)."""
    return next((s for s, t in enumerate(position.tracks) if t == ALL_AT_CAP), None)


def movers(state: State) -> tuple[Seat, ...]:
    """The seats that may move: the seat to move, ``(CHANCE,)`` at a draw, ``()`` once over."""
    if state.extra_tile is None and state.hands[state.seat] is None:
        if state.drawing:
            return (CHANCE,)
        return (state.seat,) if state.unseen >> state.seat & 1 else ()
    return (state.seat,)


def mover_of(seen: View) -> Seat | None:
    """The seat to move, or once the game is over the seat that won it by ROTA-17, else None."""
    if seen.to_move:
        return seen.to_move[0]
    return all_at_cap_seat(seen)


def _in_set_order(the_set: Sequence[Tile], tiles: Iterable[Tile]) -> tuple[Tile, ...]:
    """The multiset ``tiles`` listed in the order of ``the_set`` (strays last)."""
    counts: dict[Tile, int] = {}
    for tile in tiles:
        counts[tile] = counts.get(tile, 0) + 1
    ordered: list[Tile] = []
    for tile in the_set:
        if counts.get(tile):
            counts[tile] -= 1
            ordered.append(tile)
    ordered.extend(tile for tile, n in counts.items() for _ in range(n))
    return tuple(ordered)


def view_of(state: State, seat: Seat | None) -> View:
    """What ``seat`` may see of a well-formed state (:func:`view` checks, then calls this).

    In an explicit game, the other seats' hand tiles join the tiles the seat
    cannot identify (:attr:`View.pool`) and are marked in :attr:`View.unseen`.
    """
    hands, pool, unseen = state.hands, state.pool, 0
    explicit = pool is not None
    if explicit:
        the_set = STANDARD_TILES if state.tiles is None else state.tiles
        others = [held for s, held in enumerate(hands) if s != seat and held is not None]
        pool = _in_set_order(the_set, (*cast(tuple[Tile, ...], pool), *others))
        unseen = 0 if seat is None else state.unseen & (1 << seat)
        for s, held in enumerate(hands):
            if s != seat and (held is not None or state.unseen >> s & 1):
                unseen |= 1 << s
    return View(
        seat=seat,
        to_move=movers(state),
        display=state.display,
        tracks=state.tracks,
        hand=None if seat is None else hands[seat],
        stack_sizes=state.stack_counts if explicit else tuple(map(len, state.stacks)),
        supply_size=state.supply_count if explicit else len(state.supply),
        extra_tile=state.extra_tile,
        extra_turns=state.extra_turns,
        drawer=state.seat if state.drawing else 0,
        tiles=state.tiles,
        pool=pool,
        drawing=state.drawing,
        unseen=unseen,
    )
