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
from fractions import Fraction
from typing import Final, cast

from tilegames._core import checks, rng, tracks
from tilegames._core.chance import EXPLICIT, chance_mode
from tilegames._core.checks import check_players
from tilegames._core.options import CHANCE_OPTION, Option
from tilegames._core.refusal import Refusal, explain
from tilegames._core.rules import Outcome, Seat
from tilegames.axio_rota._checks import check_set, read_tiles, wrong_move, wrong_state
from tilegames.axio_rota._explicit import (
    apply_outcome,
    chance_moves,
    outcomes,
    start_state,
)
from tilegames.axio_rota._model import (
    MAX_PLAYERS,
    MOVE_TYPES,
    NAME,
    NO_POINTS,
    NOTHING,
    STACK,
    STACK_SIZE,
    STANDARD_TILES,
    START_TILES,
    SUPPLY,
    TITLE,
    TRACK_CAP,
    AnyMove,
    Board,
    Place,
    Points,
    Reveal,
    State,
    Tile,
    View,
)
from tilegames.axio_rota._moves import (
    ALL_AT_CAP,
    LegalMoves,
    all_at_cap_seat,
    check_explicit_move,
    checked_placement,
    ended,
    illegal,
    index_of,
    movers,
    placement_points,
    scored_onto,
    turned_up,
    view_of,
)
from tilegames.axio_rota._notation import format_tile
from tilegames.axio_rota._tables import START_TEMPLATE, TileInfo, start_square, tile_info
from tilegames.axio_rota._validate import check_hand_made
from tilegames.geometry.square import Cell, Packed


def _entry(function: str, state: State) -> None:
    """The entry checks off the hot path: a State, checked if the rules did not make it."""
    if type(state) is not State:
        wrong_state(function, state)
    if state._index is None:
        check_hand_made(state)


def _check_arguments(function: str, state: State, move: object) -> None:
    """The entry checks off the hot path: a State and a move; a state the rules did not make."""
    if type(state) is not State:
        wrong_state(function, state)
    if type(move) not in MOVE_TYPES:
        wrong_move(function, move)
    if state._index is None:
        check_hand_made(state)


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
        chance: ``"explicit"``: every tile turned up is a chance step of its
            own (:func:`chance_outcomes`), so the game starts before the start
            square's first tile is turned up; ``seed`` is then checked only.

    Result and errors as :meth:`tilegames.Rules.new_game`.
    """
    check_players(TITLE, players, 1, MAX_PLAYERS)
    mode = chance_mode(chance)
    chosen = STANDARD_TILES if tiles is None else check_set(tiles, players)
    if tiles is not None:  # the standard set's tables are built at import
        for tile in chosen:
            tile_info(tile)
    if mode == EXPLICIT:
        rng.normalize_seed(seed)
        return start_state(chosen, players)
    order, _ = rng.shuffled(rng.normalize_seed(seed), chosen)
    laid, board = start_square(order[:START_TILES])
    display = frozenset(zip(START_TEMPLATE.cells, laid, strict=True))
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
    object.__setattr__(state, "_index", board)
    return state


def written_tiles(tiles: object) -> tuple[str, ...]:
    """A custom set as records write it: each tile's corner letters (``"RGB."``), in order.

    >>> written_tiles([(0, 1, 2, None), "rrgg"])
    ('RGB.', 'RRGG')

    Raises:
        ConfigurationError: as :func:`new_game` raises it for a tile that is not one.
    """
    return tuple(format_tile(tile) for tile in read_tiles(tiles))


OPTIONS: Final = (
    Option(
        "tiles",
        tuple[str, ...],
        None,
        "a custom set instead of the standard one: each tile four corner letters ('RGB.', "
        "at most one empty corner), at least 4 + 12 per player; None: the standard set",
        written=written_tiles,
    ),
    CHANCE_OPTION,
)
"""The options of :func:`new_game`, declared (:attr:`tilegames.Rules.options`)."""


# ---------------------------------------------------------------------------
# Reading a state
# ---------------------------------------------------------------------------


def players(state: State) -> int:
    """The number of seats."""
    if type(state) is not State:
        wrong_state("players", state)
    return len(state.tracks)


def tile_to_place(state: State) -> Tile | None:
    """The tile the seat to move places: the extra turn's supply tile, else its hand tile.

    ``None`` exactly when the game is over. The rotation of a :class:`Place`
    turns this tile as it is given here.
    """
    _entry("tile_to_place", state)
    extra = state.extra_tile
    return extra if extra is not None else state.hands[state.seat]


def is_over(state: State) -> bool:
    """Whether the game has ended (ROTA-17 or ROTA-18).

    It has ended exactly when the seat to move has no tile to place: every
    stack has been played out, or a seat reached 12 in all five colours and
    the game stopped at once.
    """
    if type(state) is not State:
        wrong_state("is_over", state)
    if state._index is None:
        check_hand_made(state)
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
        wrong_state("to_move", state)
    if state._index is None:
        check_hand_made(state)
    return movers(state)


def scores(state: State) -> tuple[Points, ...]:
    """Each seat's five score tracks, in :data:`COLOURS` order."""
    if type(state) is not State:
        wrong_state("scores", state)
    return state.tracks


def hand(state: State, seat: Seat) -> Tile | None:
    """The tile in a seat's hand, or ``None`` (private to that seat, ROTA-22).

    Raises:
        SeatError: if the seat is not in the game (a ``ValueError``).
    """
    _entry("hand", state)
    return state.hands[checks.check_seat(seat, len(state.tracks))]


def stack_sizes(state: State) -> tuple[int, ...]:
    """Per seat, the number of tiles left in its personal stack (public, ROTA-21)."""
    if type(state) is not State:
        wrong_state("stack_sizes", state)
    if state.explicit:
        return state.stack_counts
    return tuple(map(len, state.stacks))


def supply_size(state: State) -> int:
    """The number of tiles left in the general supply (public, ROTA-21)."""
    if type(state) is not State:
        wrong_state("supply_size", state)
    if state.explicit:
        return state.supply_count
    return len(state.supply)


def tiles_on_display(state: State | View) -> Mapping[Cell, Tile]:
    """Every placed tile by cell, the corners as they lie, clockwise from the top left.

    >>> placed = tiles_on_display(new_game(seed=3))
    >>> sorted(placed)
    [(-1, -1), (-1, 0), (0, -1), (0, 0)]
    """
    if type(state) is not State and type(state) is not View:
        checks.wrong_type("axio_rota.tiles_on_display", f"an {TITLE} State or View", state)
    return dict(state.display)


def view(state: State, seat: Seat | None) -> View:
    """What ``seat`` may see (ROTA-21, ROTA-22): the state without hidden parts.

    It holds the display, every track, the stack and supply sizes, whose turn
    it is, the public tile of an extra turn, the set, and the seat's own
    hand; never the order or content of a stack or the supply, nor another
    seat's hand. ``seat=None`` gives the public view, an onlooker's: no hand
    at all.

    Arguments, result and errors as :meth:`tilegames.Rules.view`.
    """
    _entry("view", state)
    if seat is not None and (type(seat) is not int or not 0 <= seat < len(state.tracks)):
        checks.check_seat(seat, len(state.tracks), public=True)  # raises, saying why
    return view_of(state, seat)


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
        wrong_state("legal_moves", state)
    moves = state._legal
    if moves is None:
        if state._index is None:
            check_hand_made(state)
        if state.pool is not None and (state.drawing or state.unseen >> state.seat & 1):
            return chance_moves(state)
        moves = LegalMoves(state)
        object.__setattr__(state, "_legal", moves)  # a cache, like the index
    return moves


# ---------------------------------------------------------------------------
# Checking, scoring and applying a move
# ---------------------------------------------------------------------------


def why_illegal(state: State, move: AnyMove) -> str | None:
    """``None`` if ``move`` is legal, else the reason in words with the rule id.

    >>> state = new_game(seed=1)
    >>> why_illegal(state, Place((5, 5), 0))
    'cell (5, 5) shares no edge with a tile of the display (ROTA-11)'

    Arguments, result and errors as :meth:`tilegames.Rules.why_illegal`.
    """
    _check_arguments("why_illegal", state, move)
    try:
        if type(move) is Place:
            checked_placement(state, move)
        else:
            check_explicit_move(state, move)
    except Refusal as refusal:
        return explain(refusal)
    return None


def score_move(state: State, move: AnyMove) -> Points:
    """The points per colour the move would score (ROTA-12), before the cap of ROTA-14.

    Arguments, result and errors as :meth:`tilegames.Rules.score_move`.
    """
    checked = _checked("score_move", state, move)
    if checked is None:  # chance's outcome scores nothing
        return NO_POINTS
    state, cell, info, placed = checked
    circles = index_of(state).circles
    return placement_points(circles, cell, info.turned[placed.rotation], placed.named)


def _checked(
    function: str, state: State, move: AnyMove
) -> tuple[State, Packed, TileInfo, Place] | None:
    """Check a move up front: ``None`` for chance's outcome, else the placement to make.

    The placement is the state (holding the tile a :class:`Reveal` names),
    the packed cell, the tile's tables and the :class:`Place`. A move just
    picked from the state's own legal moves is legal and not checked again;
    any other is checked after the arguments' kinds and, for a state the rules
    did not make, the state.

    Raises:
        IllegalMoveError: if the move is not legal.
    """
    if type(state) is State:
        listed = state._legal
        picked = listed._picked if type(listed) is LegalMoves else None
        if picked is not None and picked[0] is move:
            return state, picked[1], picked[2], picked[0]
    _check_arguments(function, state, move)
    try:
        if type(move) is Place:
            return state, *checked_placement(state, move), move
        revealed = check_explicit_move(state, move)
    except Refusal as refusal:
        raise illegal(state, move, refusal) from None
    return None if revealed is None else (*revealed, cast(Reveal, move).move)


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

    Arguments, result and errors as :meth:`tilegames.Rules.apply`.
    """
    checked = _checked("apply", state, move)
    if checked is None:  # chance's outcome
        return apply_outcome(state, move)
    state, cell, info, placed = checked  # a Reveal: the seat holds the tile named
    # The one transition of both chance modes: place the tile, score it, then make the
    # draw it owes (a seeded game's shuffle dealt that tile) or leave it to chance.
    rotation = placed.rotation
    corners = info.turned[rotation]
    board = cast(Board, state._index)  # indexed by legal_moves or by _checked
    grown, before = board.grown(cell, corners, info.adds[rotation])
    seat, hands, stacks, supply = state.seat, state.hands, state.stacks, state.supply
    all_tracks = state.tracks
    mine, reached = scored_onto(all_tracks[seat], before, info, rotation, placed.named)
    if mine is not all_tracks[seat]:
        all_tracks = (*all_tracks[:seat], mine, *all_tracks[seat + 1 :])
    extra_turns = state.extra_turns + reached
    pool = state.pool
    owed = NOTHING
    if reached and mine == ALL_AT_CAP:  # ROTA-17: the game ends at once
        extra_turns = 0
    elif extra_turns and (supply or state.supply_count):  # ROTA-15: an extra turn
        owed = SUPPLY
    else:  # ROTA-16: the seat draws its stack's top tile, and the turn passes
        extra_turns = 0
        if stacks[seat] or (pool is not None and state.stack_counts[seat]):
            owed = STACK
        else:
            seat = (seat + 1) % len(hands)
    extra_tile = None
    if owed and pool is None:  # seeded: the tile owed is the one the shuffle put on top
        if owed == SUPPLY:
            tile, supply = supply[0], supply[1:]
        else:
            stack = stacks[seat]
            tile = stack[0]
            stacks = (*stacks[:seat], stack[1:], *stacks[seat + 1 :])
        hands, seat, extra_tile, extra_turns = turned_up(owed, tile, seat, hands, extra_turns)
        owed = NOTHING  # explicit: chance is to turn it up (State.drawing)
    if hands is state.hands and state.extra_tile is None:  # the hand tile placed, none drawn
        mover = state.seat
        hands = (*hands[:mover], None, *hands[mover + 1 :])
    # By position, in declaration order: keywords cost a good part of the call.
    after = State(
        state.display | {(placed.cell, corners)},
        all_tracks,
        hands,
        stacks,
        supply,
        seat,
        extra_tile,
        extra_turns,
        state.tiles,
        pool,
        state.stack_counts,
        state.supply_count,
        owed,  # drawing
        state.unseen,
    )
    object.__setattr__(after, "_index", grown)
    return after


def chance_outcomes(state: State) -> tuple[tuple[AnyMove, Fraction], ...]:
    """The tiles chance may turn up next, each with its exact probability.

    In an explicit game (``new_game(chance="explicit")``) waiting for a draw
    (:attr:`State.drawing`): a :class:`Draw` for each distinct tile of
    :attr:`State.pool`, in the set's order, with probability its copies over
    the pool's size. The start square, the stacks and the supply were dealt
    from one shuffle, and a hand tile drawn :data:`UNSEEN` is as unknown as a
    face-down one, so every tile not identified yet is equally likely to be
    the next one turned up. ``()`` at any other step, and always in a seeded
    game. :data:`UNSEEN` is a legal move at a draw into a hand but never an
    outcome here.

    >>> from tilegames.axio_rota import new_game, parse_tile
    >>> state = new_game(1, tiles=["RGBO"] * 13 + ["RGB."] * 3, chance="explicit")
    >>> [(str(draw), str(p)) for draw, p in chance_outcomes(state)]
    [('+RGBO', '13/16'), ('+RGB.', '3/16')]
    """
    if type(state) is not State:
        wrong_state("chance_outcomes", state)
    if state._index is None:  # a state the rules did not make
        check_hand_made(state)
    return outcomes(state)


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
    _entry("outcome", state)
    if not ended(state):
        return None
    winner = all_at_cap_seat(state)
    if winner is not None:
        reason = f"ROTA-17: seat {winner} has all five colours at {TRACK_CAP} and wins at once"
    else:
        reason = f"ROTA-18: every player has placed all {STACK_SIZE} tiles of their stack"
    solo = min if len(state.tracks) == 1 else None  # ROTA-20: the lowest track
    return tracks.lowest_colour_outcome(state.tracks, reason, game=NAME, mode="", solo=solo)
