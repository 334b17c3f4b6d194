"""AXIO Rota's rules: setup, reading a state, legal moves, checking and applying, the result.

How it is fast: a state carries, besides its compared fields, a private
index of the display (:class:`~tilegames.axio_rota._model.Board`) keyed by
packed integers (:func:`tilegames.geometry.square.pack`), holding the colour
counts of every circle (with bits saying which cells around it hold a tile)
and, for every empty cell next to the display in reading order, which of its
corners touch a tile. ``apply`` updates it in a few dictionary and list steps
instead of rescanning the display (only the cells around a vertex new to the
display change), and :func:`legal_moves` returns a lazy :class:`LegalMoves`
sequence (in :mod:`~tilegames.axio_rota._moves`) whose length is a sum over a
small table and which finds a move without sorting.

A random playout's step also relies on: the legal moves listed once per state
(a cache beside the index); a move just picked from them applied without
being checked again; moves shared, one object per distinct move; scoring read
from per-tile tables and from the circles' counts taken while the index grows;
the start square laid and indexed from tables per tile and cell.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Final, NamedTuple, NoReturn, cast

from tilegames._core import checks, rng, tracks
from tilegames._core.bits import Mask
from tilegames._core.chance import CHANCE, EXPLICIT, chance_mode
from tilegames._core.checks import shown
from tilegames._core.errors import ConfigurationError, IllegalMoveError
from tilegames._core.refusal import Refusal, explain, illegal_move
from tilegames._core.rules import Outcome, Seat
from tilegames.axio_rota._chance import (
    _DRAWN,
    _apply_other,
    _chance_to_move,
    _check_other,
    _explicit_moves,
    _explicit_start,
    _explicit_view,
    _placed_explicit,
)
from tilegames.axio_rota._model import (
    COUNT_MASK,
    MAX_PLAYERS,
    NAME,
    NO_POINTS,
    ONE,
    SHIFT,
    STACK_SIZE,
    STAGES,
    START_TILES,
    TRACK_CAP,
    AnyMove,
    Board,
    Colour,
    CornerCounts,
    Draw,
    Move,
    Points,
    Reveal,
    Rotation,
    State,
    Tile,
    Unseen,
    View,
    all_at_cap_seat,
    ended,
)
from tilegames.axio_rota._moves import LegalMoves as LegalMoves
from tilegames.axio_rota._moves import _board as _board
from tilegames.axio_rota._moves import _placed
from tilegames.axio_rota._notation import format_tile
from tilegames.axio_rota._tables import (
    STANDARD_TILES,
    START_CELLS,
    TileInfo,
    tile_info,
)
from tilegames.axio_rota._validate import check_set
from tilegames.geometry import square
from tilegames.geometry.square import Cell, Packed

_STATE = "an AXIO Rota State"
_MOVE = "an AXIO Rota Move"
_MOVE_TYPES = (Move, Draw, Unseen, Reveal)


def _wrong_state(function: str, state: object) -> NoReturn:
    checks.wrong_type(f"axio_rota.{function}", _STATE, state)


def _wrong_move(function: str, move: object) -> NoReturn:
    checks.wrong_type(f"axio_rota.{function}", _MOVE, move, move=True)


# ---------------------------------------------------------------------------
# Setup (ROTA-7 .. ROTA-10)
# ---------------------------------------------------------------------------


def new_game(
    players: int = 2,
    *,
    seed: int | None = None,
    tiles: Iterable[Tile | str] | None = None,
    chance: str = "seeded",
) -> State:
    """Start a game: shuffle, lay the start square, deal the stacks (ROTA-7 .. ROTA-10).

    The shuffled tiles are dealt in order: 4 to the start square (in reading
    order, each with its empty corner, if any, turned to the centre; other
    tiles as they are listed), then 12 to each seat's stack in seat order, the
    rest to the general supply. Each seat then draws its stack's top tile.
    A custom set travels in the state (:attr:`State.tiles`).

    >>> state = new_game(players=3, seed=1)
    >>> stack_sizes(state), supply_size(state)
    ((11, 11, 11), 20)

    Args:
        players: the number of seats, 1 to 4; seat 0 starts.
        seed: the shuffle's seed; ``None`` draws a fresh one.
        tiles: a custom set instead of :data:`STANDARD_TILES`: each tile a
            4-tuple of colours (0..4) or ``None``, or a string such as
            ``"RGB."`` (see :func:`parse_tile`); at most one empty corner each
            (ROTA-2), and at least ``4 + 12 * players`` tiles.
        chance: ``"seeded"`` (the default): the shuffle comes from ``seed``;
            ``"explicit"``: every tile turned up is a chance step of its own
            (:func:`chance_outcomes`), starting with the start square's first
            tile; ``seed`` is then checked and kept for the record only.

    Returns:
        The state before seat 0's first placement, or in an explicit game
        the state before the first tile is turned up.

    Raises:
        ConfigurationError: if ``players`` is not 1..4, ``seed`` is not an int,
            or a tile (named by its index) or the set's size is not allowed.
    """
    if type(players) is not int or not 1 <= players <= MAX_PLAYERS:
        msg = f"AXIO Rota is for 1 to {MAX_PLAYERS} players, not {shown(players)}"
        raise ConfigurationError(msg)
    mode = chance_mode(chance)
    chosen = STANDARD_TILES if tiles is None else check_set(tiles, players)
    if tiles is not None:  # the standard set's tables are built at import
        for tile in chosen:
            tile_info(tile)
    if mode == EXPLICIT:
        rng.normalize_seed(seed)
        return _explicit_start(chosen, players)
    order, _ = rng.shuffled(rng.normalize_seed(seed), chosen)
    laid, board = _start_square(order[:START_TILES])
    display = frozenset(zip(_START.cells, laid, strict=True))
    dealt = order[START_TILES:]
    stacks = [dealt[STACK_SIZE * s : STACK_SIZE * (s + 1)] for s in range(players)]
    state = State(
        display=display,
        tracks=(NO_POINTS,) * players,
        hands=tuple([stack[0] for stack in stacks]),
        stacks=tuple([stack[1:] for stack in stacks]),
        supply=dealt[STACK_SIZE * players :],
        seat=0,
        tiles=None if tiles is None or chosen == STANDARD_TILES else chosen,
    )
    object.__setattr__(state, "_board", board)
    return state


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


_START: Final = _start_template()


_Laying = tuple[Tile, tuple[int, ...]]
"""A tile laid on one cell of the start square: its corners as laid (:func:`_turned_to`),
and what it adds to each circle of the square, in :attr:`_StartTemplate.circles` order."""

_LAYINGS: Final[tuple[dict[Tile, _Laying], ...]] = ({}, {}, {}, {})
"""Per cell of the start square, tile -> its :data:`_Laying`, made on first sight."""


def _laying(slot: int, tile: Tile) -> _Laying:
    """How ``tile`` lies on cell ``slot`` of the start square, what it adds to the circles."""
    laid = _turned_to(tile, START_CELLS[slot][1])
    one = ONE
    adds = [0] * 16
    adds[4 * slot : 4 * slot + 4] = [one[colour] for colour in laid]
    made = laid, tuple(sum(adds[corner] for corner in where) for _, _, where in _START.circles)
    _LAYINGS[slot][tile] = made
    return made


def _start_square(drawn: Sequence[Tile]) -> tuple[list[Tile], Board]:
    """The 4 tiles of the start square as laid (ROTA-7), and the square's index.

    The same as :func:`_turned_to` and ``Board.build``, from tables made once
    per tile and cell: the index is the template's, with the circles' counts
    summed from what each tile adds.
    """
    first, second, third, fourth = drawn
    layings = _LAYINGS
    laid_0, adds_0 = layings[0].get(first) or _laying(0, first)
    laid_1, adds_1 = layings[1].get(second) or _laying(1, second)
    laid_2, adds_2 = layings[2].get(third) or _laying(2, third)
    laid_3, adds_3 = layings[3].get(fourth) or _laying(3, fourth)
    summed = map(sum, zip(_START.held, adds_0, adds_1, adds_2, adds_3, strict=True))
    circles = dict(zip(_START.vertices, summed, strict=True))
    cell_0, cell_1, cell_2, cell_3 = _START.packed
    placed = (cell_3, laid_3, (cell_2, laid_2, (cell_1, laid_1, (cell_0, laid_0, None))))
    board = Board(placed, circles, _START.rim[:], _START.masks[:])
    return [laid_0, laid_1, laid_2, laid_3], board


def _turned_to(tile: Tile, centre: square.Corner) -> Tile:
    """The tile with its empty corner, if any, turned to corner ``centre`` (ROTA-7)."""
    if None not in tile:
        return tile
    return square.rotate(tile, centre - tile.index(None))


# ---------------------------------------------------------------------------
# Reading a state
# ---------------------------------------------------------------------------


def players(state: State) -> int:
    """The number of seats."""
    if type(state) is not State:
        _wrong_state("players", state)
    return len(state.tracks)


def tile_to_place(state: State) -> Tile | None:
    """The tile the seat to move places: the extra turn's supply tile, else its hand tile.

    ``None`` exactly when the game is over. The rotation of a :class:`Move`
    turns this tile as it is given here.
    """
    if type(state) is not State:
        _wrong_state("tile_to_place", state)
    _board(state)
    extra = state.extra_tile
    return extra if extra is not None else state.hands[state.seat]


def is_over(state: State) -> bool:
    """Whether the game has ended (ROTA-17 or ROTA-18).

    It has ended exactly when the seat to move has no tile to place: every
    stack has been played out, or a seat reached 12 in all five colours and
    the game stopped at once.
    """
    if type(state) is not State:
        _wrong_state("is_over", state)
    if state._board is None:
        _board(state)
    # ended(state), inline: it is asked before every move of a playout
    return (
        state.extra_tile is None
        and state.hands[state.seat] is None
        and not state.drawing
        and not state.unseen >> state.seat & 1
    )


def to_move(state: State) -> tuple[Seat, ...]:
    """The seat that may move, as a 1-tuple, or ``()`` once the game is over (ROTA-10).

    In an explicit game, ``(CHANCE,)`` while a tile is to be turned up (see
    :func:`chance_outcomes`).
    """
    if type(state) is not State:
        _wrong_state("to_move", state)
    if state._board is None:
        _board(state)
    if state.extra_tile is None and state.hands[state.seat] is None:
        if state.drawing:
            return (CHANCE,)
        return (state.seat,) if state.unseen >> state.seat & 1 else ()
    return (state.seat,)


def scores(state: State) -> tuple[Points, ...]:
    """Each seat's five score tracks, in :data:`COLOURS` order."""
    if type(state) is not State:
        _wrong_state("scores", state)
    return state.tracks


def hand(state: State, seat: Seat) -> Tile | None:
    """The tile in a seat's hand, or ``None`` (private to that seat, ROTA-22).

    Raises:
        SeatError: if the seat is not in the game (a ``ValueError``).
    """
    if type(state) is not State:
        _wrong_state("hand", state)
    _board(state)
    return state.hands[checks.check_seat(seat, len(state.tracks))]


def stack_sizes(state: State) -> tuple[int, ...]:
    """Per seat, the number of tiles left in its personal stack (public, ROTA-21)."""
    if type(state) is not State:
        _wrong_state("stack_sizes", state)
    if state.pool is not None:
        return state.stack_counts
    return tuple(map(len, state.stacks))


def supply_size(state: State) -> int:
    """The number of tiles left in the general supply (public, ROTA-21)."""
    if type(state) is not State:
        _wrong_state("supply_size", state)
    if state.pool is not None:
        return state.supply_count
    return len(state.supply)


def tiles_on_display(state: State | View) -> Mapping[Cell, Tile]:
    """Every placed tile by cell, the corners as they lie, clockwise from the top left.

    >>> placed = tiles_on_display(new_game(seed=3))
    >>> sorted(placed)
    [(-1, -1), (-1, 0), (0, -1), (0, 0)]
    """
    if type(state) is not State and type(state) is not View:
        checks.wrong_type("axio_rota.tiles_on_display", "an AXIO Rota State or View", state)
    return dict(state.display)


def view(state: State, seat: Seat) -> View:
    """What ``seat`` may see (ROTA-21, ROTA-22): the state without hidden parts.

    It holds the display, every track, the stack and supply sizes, whose turn
    it is, the public tile of an extra turn, the set, and the seat's own
    hand; never the order or content of a stack or the supply, nor another
    seat's hand.

    Raises:
        SeatError: if the seat is not in the game (a ``ValueError``).
    """
    if type(state) is not State:
        _wrong_state("view", state)
    if state._board is None:
        _board(state)
    if type(seat) is not int or not 0 <= seat < len(state.tracks):
        checks.check_seat(seat, len(state.tracks))  # raises, saying why
    if state.pool is not None:
        return _explicit_view(state, seat)
    # ended(state), for a seeded game (no chance step, no unseen tile), inline
    over = state.extra_tile is None and state.hands[state.seat] is None
    return View(
        seat=seat,
        to_move=() if over else (state.seat,),
        display=state.display,
        tracks=state.tracks,
        hand=state.hands[seat],
        stack_sizes=tuple(map(len, state.stacks)),
        supply_size=len(state.supply),
        extra_tile=state.extra_tile,
        extra_turns=state.extra_turns,
        tiles=state.tiles,
    )


# ---------------------------------------------------------------------------
# Legal moves
# ---------------------------------------------------------------------------


def legal_moves(state: State) -> Sequence[AnyMove]:
    """Every legal move of the seat to move, in the stable order of :class:`LegalMoves`.

    Empty once the game is over. Each distinct placement is listed once: a
    rotation giving the same corners as a smaller one is left out, and moves
    that differ only in the named colour are distinct (ROTA-13).

    In an explicit game, while chance is to move: a :class:`Draw` for each
    distinct tile of :attr:`State.pool` in the set's order (the outcomes of
    :func:`chance_outcomes`), then :data:`UNSEEN` at a draw into a hand. For
    a seat holding an unseen tile: a :class:`Reveal` for each distinct tile
    of the pool in the set's order, its placements in the order above.

    >>> from tilegames.axio_rota import parse_tile
    >>> moves = legal_moves(new_game(seed=5, tiles=[parse_tile("RGBO")] * 16, players=1))
    >>> len(moves)     # 8 cells around the start square, 4 rotations each
    32
    >>> str(moves[0])
    '-1,-2:0'
    """
    if type(state) is not State:
        _wrong_state("legal_moves", state)
    moves = state._legal
    if moves is None:
        if state.pool is not None and (state.drawing or state.unseen >> state.seat & 1):
            return _explicit_moves(state)
        moves = LegalMoves(state)
        object.__setattr__(state, "_legal", moves)  # a cache, like _board
    return moves


# ---------------------------------------------------------------------------
# Checking, scoring and applying a move
# ---------------------------------------------------------------------------


def _laid(state: State, move: Move) -> tuple[Packed, Tile]:
    """Check a move; return its packed cell and the corners it lays down.

    Raises:
        Refusal: at the first rule the move breaks.
    """
    cell, info = _checked(state, move)
    return cell, info.turned[move.rotation]


def _checked(state: State, move: Move) -> tuple[Packed, TileInfo]:
    """Check a move; return its packed cell and the tables of the tile it places.

    Raises:
        Refusal: at the first rule the move breaks.
    """
    board = state._board or _board(state)
    tile = state.extra_tile
    if tile is None:
        tile = state.hands[state.seat]
        if tile is None:
            if state.drawing:
                raise _chance_to_move(state)
            if state.unseen >> state.seat & 1:
                raise Refusal(
                    f"seat {state.seat} holds a tile drawn unseen: name it as you place it, "
                    "such as 'RGBO@1,0:0' (a Reveal)",
                    "ROTA-11",
                )
            raise Refusal("the game is over", _end_rule(state))
    return _placed(board, tile, move)


def _end_rule(state: State) -> str:
    return "ROTA-17" if all_at_cap_seat(state) is not None else "ROTA-18"


def _illegal(state: State, move: AnyMove, refusal: Refusal) -> IllegalMoveError:
    """The public error for a refused move: the game-over message said once."""
    if ended(state):
        return illegal_move(str(move), refusal, over=True)
    if state.drawing:
        return illegal_move(str(move), refusal, turn=f"chance to move ({_DRAWN[state.drawing]})")
    turn = f"seat {state.seat} to move"
    if state.extra_tile is not None:
        turn += f", extra turn with {format_tile(state.extra_tile)} from the supply"
    return illegal_move(str(move), refusal, turn=turn)


def why_illegal(state: State, move: AnyMove) -> str | None:
    """``None`` if ``move`` is legal, else the reason in words with the rule id.

    >>> state = new_game(seed=1)
    >>> why_illegal(state, Move((5, 5), 0))
    'cell (5, 5) shares no edge with a tile of the display (ROTA-11)'

    Raises:
        WrongTypeError: if ``move`` is not an AXIO Rota :class:`Move` (a
            string: read it with :func:`parse_move` first).
    """
    if type(state) is not State:
        _wrong_state("why_illegal", state)
    if type(move) not in _MOVE_TYPES:
        _wrong_move("why_illegal", move)
    try:
        if type(move) is Move:
            _laid(state, move)
        else:
            _check_other(state, move)
    except Refusal as refusal:
        return explain(refusal)
    return None


def _points(
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


def _scored(
    state: State, board: Board, cell: Packed, corners: Tile, named: Colour | None
) -> tuple[tuple[Points, ...], tuple[int, ...], tuple[Tile | None, ...], int]:
    """Score the seat's placement (ROTA-12, ROTA-14) on ``board``, the display of ``state``.

    Returns the tracks after it, the stages it reaches, the hands (the held
    tile gone unless the extra tile was placed) and the extra turns owed.
    """
    seat, hands = state.seat, state.hands
    points = _points(board.circles, cell, corners, named)
    all_tracks = state.tracks
    reached: tuple[int, ...] = ()
    if any(points):
        mine, reached = tracks.add_points(all_tracks[seat], points, stages=STAGES)
        all_tracks = (*all_tracks[:seat], cast(Points, mine), *all_tracks[seat + 1 :])
    if state.extra_tile is None:
        hands = (*hands[:seat], None, *hands[seat + 1 :])
    return all_tracks, reached, hands, state.extra_turns + len(reached)


def score_move(state: State, move: AnyMove) -> Points:
    """The points per colour the move would score (ROTA-12), before the cap of ROTA-14.

    Raises:
        IllegalMoveError: if the move is not legal (:class:`GameOverError` once over).
        WrongTypeError: if ``move`` is not an AXIO Rota :class:`Move`.
    """
    if type(state) is not State:
        _wrong_state("score_move", state)
    if type(move) is not Move:
        if type(move) not in _MOVE_TYPES:
            _wrong_move("score_move", move)
        try:
            placed = _check_other(state, move)
        except Refusal as refusal:
            raise _illegal(state, move, refusal) from None
        if placed is None:  # chance's outcome scores nothing
            return NO_POINTS
        held, cell, corners = placed
        return _points(_board(held).circles, cell, corners, cast(Reveal, move).move.named)
    cell, info = _placement(state, move)
    return _points(_board(state).circles, cell, info.turned[move.rotation], move.named)


def _placement(state: State, move: Move) -> tuple[Packed, TileInfo]:
    """The packed cell and tile tables of a placement: as picked from the legal moves, or checked.

    A move just picked from the state's own legal moves is legal, and not
    checked again; any other goes through :func:`_checked`.

    Raises:
        IllegalMoveError: if the move is not legal.
    """
    listed = state._legal
    picked = listed._picked if type(listed) is LegalMoves else None
    if picked is not None and picked[0] is move:
        return picked[1], picked[2]
    try:
        return _checked(state, move)
    except Refusal as refusal:
        raise _illegal(state, move, refusal) from None


def apply(state: State, move: AnyMove) -> State:
    """Play a move: place, score, take extra turns, draw (ROTA-11 .. ROTA-18).

    The scoring adds the points to the mover's tracks, capped at 12 (ROTA-14).
    Each colour that reaches 12 owes the mover an extra turn (ROTA-15): the
    returned state is then the same seat's extra turn with the supply's top
    tile as :attr:`State.extra_tile`. When no extra turn is owed, or the
    supply is empty (extra turns still owed then lapse), the mover draws its
    stack's top tile (ROTA-16) and the turn passes. Five tracks at 12 end the
    game at once (ROTA-17). In an explicit game each of these draws is left
    to chance (:func:`chance_outcomes`); applying a :class:`Draw`,
    :data:`UNSEEN` or a :class:`Reveal` is described there.

    Args:
        state: the state to move from; it is not changed.
        move: a legal move (see :func:`legal_moves`).

    Returns:
        The new state.

    Raises:
        GameOverError: if the game is over.
        IllegalMoveError: if the move is not legal; the message has the move in
            notation, the reason, the rule id and whose turn it is.
        WrongTypeError: if ``move`` is not an AXIO Rota :class:`Move` (a
            string: read it with :func:`parse_move` first).
    """
    if type(state) is not State:
        _wrong_state("apply", state)
    if type(move) is not Move:
        if type(move) not in _MOVE_TYPES:
            _wrong_move("apply", move)
        return _apply_other(state, move)
    cell, info = _placement(state, move)
    rotation = move.rotation
    corners = info.turned[rotation]
    if state.pool is not None:
        return _placed_explicit(state, state, cell, corners, move.named)
    board: Board = state._board  # type: ignore[assignment]  # built by _checked or legal_moves
    grown, before = board.grown(cell, corners, info.adds[rotation])
    seat, hands, stacks, supply = state.seat, state.hands, state.stacks, state.supply
    all_tracks = state.tracks
    mine, reached = _scored_onto(all_tracks[seat], before, info, rotation, move.named)
    if mine is not all_tracks[seat]:
        all_tracks = (*all_tracks[:seat], mine, *all_tracks[seat + 1 :])
    extra_turns = state.extra_turns + reached
    # The seat's hand after the placement: emptied, unless it placed an extra turn's tile.
    held = None if state.extra_tile is None else hands[seat]
    extra_tile: Tile | None = None
    if reached and all_tracks[seat] == _ALL_AT_CAP:  # ROTA-17: the game ends at once
        extra_turns = 0
    elif extra_turns and supply:  # ROTA-15: the next extra turn takes the supply's top tile
        extra_tile, supply = supply[0], supply[1:]
        extra_turns -= 1
    else:  # ROTA-16: draw, and the turn passes
        extra_turns = 0
        stack = stacks[seat]
        if stack:
            held = stack[0]
            stacks = (*stacks[:seat], stack[1:], *stacks[seat + 1 :])
        seat = (seat + 1) % len(hands)
    if held is not hands[state.seat]:
        mover = state.seat
        hands = (*hands[:mover], held, *hands[mover + 1 :])
    after = State(
        display=state.display | {(move.cell, corners)},
        tracks=all_tracks,
        hands=hands,
        stacks=stacks,
        supply=supply,
        seat=seat,
        extra_tile=extra_tile,
        extra_turns=extra_turns,
        tiles=state.tiles,
    )
    object.__setattr__(after, "_board", grown)
    return after


_ALL_AT_CAP: Points = (TRACK_CAP,) * 5
"""Five tracks at the cap: the immediate win of ROTA-17."""


def _scored_onto(
    mine: Points, before: CornerCounts, info: TileInfo, rotation: Rotation, named: Colour | None
) -> tuple[Points, int]:
    """Score a legal placement onto the mover's tracks (ROTA-12, ROTA-14), from tables.

    The fast path of ``apply``: the same as :func:`_points` then
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


# ---------------------------------------------------------------------------
# The result (ROTA-17 .. ROTA-20)
# ---------------------------------------------------------------------------


def outcome(state: State) -> Outcome | None:
    """The result once the game is over, else ``None``.

    Seats are ranked by their five scores sorted ascending, compared
    lexicographically, higher first; identical sorted scores share a place
    (ROTA-19). A seat that reached 12 in every colour has the best possible
    scores, so it ranks first alone (ROTA-17). The scores are each seat's
    tracks; in a solo game the score is the lowest track, 0..12 (ROTA-20).
    The outcome names its game (``game="axio-rota"``); AXIO Rota has no
    modes, so its ``mode`` is ``""``.
    """
    if type(state) is not State:
        _wrong_state("outcome", state)
    _board(state)
    if not ended(state):
        return None
    winner = all_at_cap_seat(state)
    if winner is not None:
        reason = f"ROTA-17: seat {winner} has all five colours at {TRACK_CAP} and wins at once"
    else:
        reason = f"ROTA-18: every player has placed all {STACK_SIZE} tiles of their stack"
    if len(state.tracks) == 1:
        return Outcome(
            scores=(min(state.tracks[0]),), ranking=[{0}], reason=reason, game=NAME, mode=""
        )
    return Outcome(
        scores=state.tracks,
        ranking=tracks.rank_lowest_colour(state.tracks),
        reason=reason,
        game=NAME,
        mode="",
    )
