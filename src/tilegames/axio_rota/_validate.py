"""Checking AXIO Rota values made outside the rules: hand-made states, loaded documents.

One path: :func:`~tilegames.axio_rota._checks.check_state` is what every
state must pass before the fast path indexes it (the shapes, types and ranges
it relies on); :func:`validate` runs it and then the checks of a reachable
game (the start square, the set, the turn order), an explicit game's as the
seeded game it stands for.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import cast

import attrs

from tilegames._core import checks, tracks
from tilegames._core.chance import CHANCE
from tilegames._core.errors import InvalidStateError
from tilegames._core.rng import Stream
from tilegames._core.rules import Outcome, Seat
from tilegames._core.tracks import check_ranking
from tilegames.axio_rota._checks import (
    check_bits,
    check_count,
    check_drawing,
    check_extra_shape,
    check_placed,
    check_pool_size,
    check_seat_number,
    check_seat_tracks,
    check_set,
    check_set_field,
    check_set_order,
    check_state,
    check_tile,
    check_tiles,
    in_reading_order,
    take_tiles,
)
from tilegames.axio_rota._explicit import dealt_in_order, explicit_state
from tilegames.axio_rota._model import (
    COLOURS,
    MOVE_TYPES,
    NAME,
    STACK,
    STACK_SIZE,
    STANDARD_TILES,
    START,
    START_TILES,
    SUPPLY,
    TITLE,
    TRACK_CAP,
    AnyMove,
    Points,
    State,
    Tile,
    View,
)
from tilegames.axio_rota._moves import all_at_cap_seat, ended, index_of, view_of
from tilegames.axio_rota._notation import format_tile
from tilegames.axio_rota._tables import START_CELLS, canonical, turned_to
from tilegames.geometry import square
from tilegames.geometry.square import Cell

_invalid = checks.invalid


def check_hand_made(state: State) -> None:
    """Check a state the rules did not make (no index yet) and index it: never checked again.

    Raises:
        InvalidStateError: naming the field and the problem.
    """
    check_state(state)
    index_of(state)


def _check_joined(where: str, placed: dict[Cell, Tile]) -> None:
    """The start square is laid (ROTA-7) and every tile is joined to it edge to edge (ROTA-11)."""
    missing = [cell for cell, _ in START_CELLS if cell not in placed]
    if missing:
        raise _invalid(where, f"the start square's cell {missing[0]} is empty (ROTA-7)")
    reached = {cell for cell, _ in START_CELLS}
    frontier = list(reached)
    while frontier:
        for near in square.neighbours(frontier.pop()):
            if near in placed and near not in reached:
                reached.add(near)
                frontier.append(near)
    if len(reached) != len(placed):
        cell = min(set(placed) - reached, key=lambda xy: xy[::-1])
        raise _invalid(
            where, f"the tile on {cell} is not joined edge to edge to the rest (ROTA-11)"
        )


def _check_extra_earned(where: str, extra_turns: int, extra_tile: object, track: Points) -> None:
    """An extra turn is owed for each colour at 12 (ROTA-15), one at a time from the supply."""
    if extra_tile is None and extra_turns:
        raise _invalid(
            f"{where}.extra_turns",
            f"{extra_turns} extra turns are owed but no extra turn is in progress (ROTA-15)",
        )
    earned = track.count(TRACK_CAP)
    if extra_turns + (extra_tile is not None) > earned:
        raise _invalid(
            f"{where}.extra_turns",
            f"{extra_turns + 1} extra turns for a seat with {earned} colours at {TRACK_CAP}; "
            "each colour earns one (ROTA-15)",
        )


# ---------------------------------------------------------------------------
# States
# ---------------------------------------------------------------------------


def _check_stack_heights(state: State) -> None:
    for s, stack in enumerate(state.stacks):
        held = int(state.hands[s] is not None)
        if len(stack) + held > STACK_SIZE:
            raise _invalid(
                f"State.stacks[{s}]",
                f"{len(stack)} tiles in the stack and {held} in hand: a seat is "
                f"dealt {STACK_SIZE} (ROTA-8)",
            )


def _check_state_set(state: State, placed: dict[Cell, Tile], the_set: Sequence[Tile]) -> None:
    """Every tile of the set exactly once across the game (ROTA-3, ROTA-9)."""
    extra = [] if state.extra_tile is None else [state.extra_tile]
    counts = checks.count(canonical(tile) for tile in the_set)
    take_tiles("State.display", counts, in_reading_order(placed))
    take_tiles("State.hands", counts, [held for held in state.hands if held is not None])
    for s, stack in enumerate(state.stacks):
        take_tiles(f"State.stacks[{s}]", counts, stack)
    take_tiles("State.supply", counts, state.supply)
    take_tiles("State.extra_tile", counts, extra)
    left = sum(counts.values())
    if left:
        missing = next(tile for tile, n in counts.items() if n)
        raise _invalid(
            "State",
            f"{left} tiles of the set are nowhere, such as {format_tile(missing)} (ROTA-3)",
        )


def _check_winner(where: str, winner: Seat | None, mover: Seat | None) -> None:
    """A seat with all five colours at 12 ended the game at once, on its own move (ROTA-17)."""
    if winner is not None and winner != mover:
        raise _invalid(
            where,
            f"seat {winner} has all five colours at {TRACK_CAP}, so the game is over and "
            "it was the last to move (ROTA-17)",
        )


# ---------------------------------------------------------------------------
# Counters shared by states and views: turns, the supply, extra turns, points
# ---------------------------------------------------------------------------


def _check_rounds(
    where: str, sizes: Sequence[int], held: Sequence[int | None], mover: Seat, started: bool
) -> list[int]:
    """Seats place in turn from seat 0 (ROTA-10): the stacks agree with whose turn it is.

    A seat has placed ``12 - stack - hand`` tiles of its own (ROTA-8,
    ROTA-16). Seats before the mover (and the mover itself once it has
    placed, during an extra turn or after winning) have placed one more than
    the seats after it. ``held`` is 1 or 0 per seat, or ``None`` where a view
    does not show it; return it worked out in full.

    Raises:
        InvalidStateError: naming the first seat whose count is out of turn.
    """
    if held[mover] is not None and held[mover] == started:
        problem = "holds a tile after placing" if started else "holds no tile to place"
        raise _invalid(
            f"{where}[{mover}]",
            f"seat {mover} is to move but {problem}: a seat places its hand tile, then takes "
            "its extra turns, then draws (ROTA-15, ROTA-16)",
        )
    own = STACK_SIZE - sizes[mover] - (held[mover] or 0)
    if own < started:
        raise _invalid(
            f"{where}[{mover}]",
            f"seat {mover} is in an extra turn but has placed no tile of its stack (ROTA-15)",
        )
    base = own - started
    cut = mover + started
    result: list[int] = []
    for s, size in enumerate(sizes):
        expected = base + (s < cut)
        given = held[s]
        holds = STACK_SIZE - size - expected if given is None else given
        if holds not in (0, 1) or STACK_SIZE - size - holds != expected:
            raise _invalid(
                f"{where}[{s}]",
                f"seat {s} has {size} tiles in its stack and {holds} in hand, and seat {mover} "
                f"to move has placed {own}: seats place in turn from seat 0, so seat {s} should "
                f"have placed {expected} (ROTA-10, ROTA-16)",
            )
        if holds == 0 and size and s != mover:
            raise _invalid(
                f"{where}[{s}]",
                "the seat holds no tile but its stack is not used up; it draws at the end of "
                "its turn (ROTA-16)",
            )
        result.append(holds)
    return result


def _check_over(where: str, sizes: Sequence[int], held: Sequence[int | None]) -> None:
    """A game over without a ROTA-17 winner has every stack and hand used up (ROTA-18)."""
    for s, size in enumerate(sizes):
        if held[s]:
            raise _invalid(
                f"{where}[{s}]",
                f"the game is over but seat {s} still holds a tile to place (ROTA-18)",
            )
        if size:
            raise _invalid(
                f"{where}[{s}]",
                f"the game is over but seat {s} has {size} tiles in its stack; without a seat "
                f"at {TRACK_CAP} in all five colours it ends when every stack is used (ROTA-18)",
            )


def _check_supply_used(
    where: str,
    all_tracks: Sequence[Points],
    supply: int,
    extra_turns: int,
    full: int,
    winner: bool,
) -> None:
    """Every supply tile drawn was an extra turn earned by a colour at 12 (ROTA-15).

    While the supply lasts, every colour at 12 has had its extra turn or is
    owed it, unless the game ended at once (ROTA-17).
    """
    drawn = full - supply
    earned = sum(track.count(TRACK_CAP) for track in all_tracks)
    if drawn + extra_turns > earned or (supply and not winner and drawn + extra_turns < earned):
        raise _invalid(
            where,
            f"{drawn} tiles drawn from a supply of {full} and {extra_turns} extra turns owed, "
            f"but {earned} colours are at {TRACK_CAP}: each earns one extra turn from the "
            "supply while it lasts (ROTA-15)",
        )


def _check_points(
    where: str, all_tracks: Sequence[Points], placed: Sequence[int], extras: int
) -> None:
    """A placed tile scores at most 12 points: 3 per corner (ROTA-12)."""
    for s, track in enumerate(all_tracks):
        most = 12 * (placed[s] + extras)
        if sum(track) > most:
            raise _invalid(
                f"{where}[{s}]",
                f"{sum(track)} points from at most {placed[s] + extras} placed tiles; a tile "
                "scores at most 12, 3 per corner (ROTA-12)",
            )


def _check_counters(
    position: State | View,
    sizes: Sequence[int],
    held: Sequence[int | None],
    mover: Seat | None,
    supply: int,
    the_set: Sequence[Tile],
) -> list[int]:
    """The counts of a state or view agree with each other; return who holds a tile.

    ``mover`` is ``None`` once the game is over without a winner; ``supply``
    is the supply's size and ``the_set`` the set the game was dealt from.
    """
    where, all_tracks, extra_turns = type(position).__name__, position.tracks, position.extra_turns
    extra = position.extra_tile is not None
    full = len(the_set) - START_TILES - STACK_SIZE * len(all_tracks)  # the supply at the deal
    stacks = f"{where}.stacks" if where == "State" else f"{where}.stack_sizes"
    if supply + extra > full:
        field = f"{where}.supply" if where == "State" else f"{where}.supply_size"
        raise _invalid(
            field, f"{supply + extra} tiles left of a supply of {full} at the deal (ROTA-9)"
        )
    winner = any(tracks.all_at(track, TRACK_CAP) for track in all_tracks)
    if mover is None:
        _check_over(stacks, sizes, held)
        holds = [0] * len(sizes)
    else:
        holds = _check_rounds(stacks, sizes, held, mover, extra or winner)
    _check_supply_used(where, all_tracks, supply, extra_turns, full, winner)
    placed = [STACK_SIZE - size - h for size, h in zip(sizes, holds, strict=True)]
    _check_points(f"{where}.tracks", all_tracks, placed, full - supply - extra)
    return holds


# ---------------------------------------------------------------------------
# Explicit states: checked as the seeded state they stand for
# ---------------------------------------------------------------------------


def _resolved(state: State) -> State:
    """The seeded state an explicit one stands for: the pending draw made, the pool dealt.

    The tiles of the pool go, in its order, to the hands drawn unseen, the
    start square still to lay, the pending draw, the stacks and the supply;
    the validator then checks that state as a seeded one.

    Raises:
        InvalidStateError: if the pool does not hold the tiles still unidentified,
            or the pending draw is not the one the rules would wait for.
    """
    pool = list(cast(tuple[Tile, ...], state.pool))
    start_left = START_TILES - len(state.display) if state.drawing == START else 0
    check_pool_size(
        "State", len(pool), start_left, state.stack_counts, state.supply_count, state.unseen
    )
    pool.reverse()  # pop from the front
    hands = list(state.hands)
    for s in range(len(hands)):
        if state.unseen >> s & 1:
            hands[s] = pool.pop()
    display = set(state.display)
    drawing = state.drawing
    if drawing == START:
        _lay_start(state, display, pool, start_left)
        drawing = STACK
    sizes = list(state.stack_counts)
    seat, extra_tile, extra_turns = state.seat, state.extra_tile, state.extra_turns
    supply = state.supply_count
    if drawing == STACK:
        seat = _draw_hand(state, hands, sizes, pool)
    elif drawing == SUPPLY:
        if extra_tile is not None or hands[seat] is not None or not supply or extra_turns < 1:
            raise _invalid(
                "State.drawing",
                f"seat {seat} draws from the supply only when it is owed an extra turn, has "
                "placed its tile and the supply is not empty (ROTA-15)",
            )
        extra_tile, supply, extra_turns = pool.pop(), supply - 1, extra_turns - 1
    pool.reverse()
    stacks, rest = dealt_in_order(pool, sizes)
    return State(
        display=frozenset(display),
        tracks=state.tracks,
        hands=tuple(hands),
        stacks=stacks,
        supply=rest,
        seat=seat,
        extra_tile=extra_tile,
        extra_turns=extra_turns,
        tiles=state.tiles,
    )


def _lay_start(state: State, display: set[tuple[Cell, Tile]], pool: list[Tile], left: int) -> None:
    """Lay the start square's ``left`` tiles still face down, from the end of ``pool`` (ROTA-7)."""
    laid = {cell for cell, _ in display}
    expected = {cell for cell, _ in START_CELLS[: len(display)]}
    if left <= 0 or laid != expected or any(map(any, state.tracks)) or state.seat:
        raise _invalid(
            "State.drawing",
            "the start square is laid first, tile by tile in reading order, before any "
            "draw or placement (ROTA-7)",
        )
    for cell, centre in START_CELLS[len(display) :]:
        display.add((cell, turned_to(pool.pop(), centre)))


def _draw_hand(state: State, hands: list[Tile | None], sizes: list[int], pool: list[Tile]) -> Seat:
    """Make the pending draw into a hand (ROTA-8, ROTA-16); return the seat to move after it.

    At the deal (the seat's stack still full) the seat and the later ones
    draw in seat order, and seat 0 moves next.
    """
    seat = state.seat
    if state.extra_tile is not None or hands[seat] is not None or not sizes[seat]:
        raise _invalid(
            "State.drawing",
            f"seat {seat} draws from its stack only with no tile to place and tiles in its "
            "stack (ROTA-8, ROTA-16)",
        )
    if sizes[seat] == STACK_SIZE:  # the deal: this seat and the later ones draw
        for s in range(seat, len(hands)):
            if sizes[s] != STACK_SIZE or hands[s] is not None:
                raise _invalid(
                    f"State.stack_counts[{s}]",
                    "at the deal the seats draw their hands in seat order (ROTA-8)",
                )
            hands[s] = pool.pop()
            sizes[s] -= 1
        return 0
    if state.extra_turns:
        raise _invalid(
            "State.extra_turns", "a seat draws its hand tile after its extra turns (ROTA-16)"
        )
    hands[seat] = pool.pop()
    sizes[seat] -= 1
    return (seat + 1) % len(hands)


def _validate_state(state: State, fallback: Sequence[Tile]) -> None:
    placed = check_state(state)
    the_set = fallback if state.tiles is None else state.tiles
    if state.pool is not None:
        check_set_order("State.pool", state.pool, the_set)
        state = _resolved(state)
        placed = check_state(state)
    _check_joined("State.display", placed)
    _check_stack_heights(state)
    _check_extra_earned("State", state.extra_turns, state.extra_tile, state.tracks[state.seat])
    _check_state_set(state, placed, the_set)
    winner = all_at_cap_seat(state)
    over = ended(state) and winner is None
    _check_winner("State.tracks", winner, state.seat if ended(state) else None)
    _check_counters(
        state,
        [len(stack) for stack in state.stacks],
        [int(held is not None) for held in state.hands],
        None if over else state.seat,
        len(state.supply),
        the_set,
    )


# ---------------------------------------------------------------------------
# Views
# ---------------------------------------------------------------------------


def _check_view_shape(seen: View) -> int:
    """The view's fields have the types and ranges of a game; return the number of seats."""
    count = check_seat_tracks("View.tracks", seen.tracks)
    if seen.seat is not None:  # None: the public view, which shows no hand
        check_seat_number("View.seat", seen.seat, count)
    elif seen.hand is not None:
        raise _invalid("View.hand", "the public view (seat None) shows no hand")
    if type(seen.to_move) is not tuple or len(seen.to_move) > 1:
        raise _invalid("View.to_move", f"{seen.to_move!r} is not () or (seat,)")
    if seen.drawing:
        if seen.to_move != (CHANCE,):
            raise _invalid(
                "View.to_move", f"chance draws, so it is ({CHANCE},), not {seen.to_move}"
            )
    else:
        for moving in seen.to_move:
            check_seat_number("View.to_move", moving, count)
    sizes = seen.stack_sizes
    if type(sizes) is not tuple:
        raise _invalid("View.stack_sizes", "expected a tuple of sizes")
    check_count("View.stack_sizes", len(sizes), count)
    top = STACK_SIZE if seen.explicit else STACK_SIZE - 1  # an explicit view can show the deal
    for s, size in enumerate(sizes):
        checks.check_int(f"View.stack_sizes[{s}]", size, 0, top)
    checks.check_int("View.supply_size", seen.supply_size)
    check_extra_shape("View", seen.extra_turns, seen.extra_tile)
    if seen.hand is not None:
        check_tile("View.hand", seen.hand)
    check_seat_number("View.drawer", seen.drawer, count)
    check_drawing("View.drawing", seen.drawing)
    check_bits("View.unseen", seen.unseen, count)
    if seen.pool is None:
        if seen.drawing or seen.unseen or seen.drawer:
            raise _invalid(
                "View.pool",
                "drawing, unseen and drawer belong to a view of an explicit game (pool set)",
            )
    else:
        check_tiles("View.pool", seen.pool)
    return count


def _validate_view(seen: View, fallback: Sequence[Tile]) -> None:
    count = _check_view_shape(seen)
    check_set_field("View.tiles", seen.tiles, count)
    placed = check_placed("View.display", seen.display)
    the_set = fallback if seen.tiles is None else seen.tiles
    if seen.explicit:
        _validate_explicit_view(seen, the_set)
        return
    _check_joined("View.display", placed)
    track = seen.tracks[seen.to_move[0]] if seen.to_move else (TRACK_CAP,) * len(COLOURS)
    _check_extra_earned("View", seen.extra_turns, seen.extra_tile, cast(Points, track))
    extra = seen.extra_tile is not None
    if extra and not seen.to_move:
        raise _invalid("View.extra_tile", "an extra turn is in progress in a finished game")
    winner = all_at_cap_seat(seen)
    _check_winner("View.tracks", winner, None if seen.to_move else winner)
    mover = seen.to_move[0] if seen.to_move else winner
    held: list[int | None] = [None] * count
    if mover is not None:  # the mover holds its tile until it places it
        held[mover] = int(not extra and winner is None)
    if seen.seat is not None:
        held[seen.seat] = int(seen.hand is not None)
    holds = _check_counters(seen, seen.stack_sizes, held, mover, seen.supply_size, the_set)
    counts = checks.count(canonical(tile) for tile in the_set)
    take_tiles("View.display", counts, in_reading_order(placed))
    take_tiles("View.hand", counts, [] if seen.hand is None else [seen.hand])
    take_tiles("View.extra_tile", counts, [] if seen.extra_tile is None else [seen.extra_tile])
    others = sum(holds) - (0 if seen.seat is None else holds[seen.seat])
    hidden = sum(seen.stack_sizes) + seen.supply_size + others
    unseen = sum(counts.values())
    if hidden != unseen:
        raise _invalid(
            "View.supply_size",
            f"the stacks, the supply and {others} other hands hold {hidden} tiles, but "
            f"{unseen} tiles of the set are out of sight (ROTA-3, ROTA-9)",
        )


def _validate_explicit_view(seen: View, the_set: Sequence[Tile]) -> None:
    """An explicit view passes if a valid explicit state drawn from it shows exactly it."""
    pool = cast(tuple[Tile, ...], seen.pool)
    check_set_order("View.pool", pool, the_set)
    start_left = START_TILES - len(seen.display) if seen.drawing == START else 0
    check_pool_size("View", len(pool), start_left, seen.stack_sizes, seen.supply_size, seen.unseen)
    if seen.seat is not None and seen.unseen >> seen.seat & 1 and seen.hand is not None:
        raise _invalid("View.unseen", "the seat's own hand is shown, so it is not unseen")
    state = explicit_state(seen, Stream(0))
    try:
        _validate_state(state, the_set)
    except InvalidStateError as error:
        raise _invalid("View", f"no game shows this view: {error}") from None
    shown_view = view_of(state, seen.seat)
    if shown_view != seen:
        wrong = next(
            f.name
            for f in attrs.fields(View)
            if getattr(seen, f.name) != getattr(shown_view, f.name)
        )
        raise _invalid(
            f"View.{wrong}",
            "does not agree with the rest of the view (whose turn, who holds a hidden tile)",
        )


# ---------------------------------------------------------------------------
# Outcomes
# ---------------------------------------------------------------------------


def _validate_outcome(result: Outcome) -> None:
    if result.game not in ("", NAME):
        raise _invalid("Outcome.game", f"{result.game!r} is not {NAME!r}")
    if result.mode:
        raise _invalid("Outcome.mode", f"{TITLE} has no modes, not {result.mode!r}")
    scores = result.scores
    if len(scores) == 1:  # solo (ROTA-20): the score is the lowest track
        (score,) = scores
        if type(score) is not int or not 0 <= score <= TRACK_CAP:
            raise _invalid("Outcome.scores[0]", f"a solo score is 0..{TRACK_CAP}, not {score!r}")
        return
    check_seat_tracks("Outcome.scores", scores)  # and the seat count
    check_ranking(result.ranking, cast(tuple[Points, ...], scores), "ROTA-19")


# ---------------------------------------------------------------------------
# The entry point
# ---------------------------------------------------------------------------


def validate(
    value: State | View | Outcome | AnyMove, *, tiles: Iterable[Tile | str] | None = None
) -> None:
    """Check a state, view or outcome made outside the rules, for example loaded from JSON.

    A state passes when the game could have reached it: one to four seats,
    tracks within 0..12, each cell holding one valid tile, the start square
    laid and every tile joined to it edge to edge, every tile of its set
    (:attr:`State.tiles`, or :data:`STANDARD_TILES`) exactly once across the
    display, the hands, the stacks and the supply (tiles on the display in
    any rotation), stacks no taller than a deal, stacks and hands that agree
    with whose turn it is (seats place in turn from seat 0) and with the end
    of the game, one supply tile drawn per colour at 12 while the supply
    lasts, and at most 12 points per tile placed. A view passes the same
    checks, the hands it does not show worked out from the stack sizes, and
    its hidden tiles must number exactly what the set leaves; an
    outcome needs its scores on the tracks and the places that ROTA-19 gives
    them (one score, the lowest track, in a solo game). A move is checked by
    its constructor, so any :class:`Place` passes (and any :class:`Draw`,
    :class:`Reveal` or :data:`UNSEEN`).

    A state of an explicit game must also list in :attr:`State.pool`, in the
    set's order, exactly the tiles it has not identified (the start square
    still to lay, the stacks, the supply and the hands drawn unseen), and
    wait for the draw the rules call for next; it is then checked as the
    seeded state it stands for (the draw made, the pool dealt in order). A
    view of an explicit game passes if it is the view of a valid state drawn
    from it by :func:`determinize`.
    :mod:`tilegames.serialize` calls this on everything it loads.

    >>> import attrs
    >>> from tilegames import axio_rota as rota
    >>> state = rota.new_game(seed=2)
    >>> validate(state)
    >>> validate(attrs.evolve(state, tracks=((0, 0, 13, 0, 0), (0,) * 5)))
    Traceback (most recent call last):
    ...
    tilegames.errors.InvalidStateError: State.tracks[0][2]: 13 is off the track: ...

    Arguments and errors as :attr:`tilegames.Rules.validate`; ``tiles`` is the game's custom
    set, for a state or view that does not carry its set (one written before states carried
    it): a value's own :attr:`~State.tiles` comes first, and one that is no set of valid
    tiles is a ConfigurationError.
    """
    kind = type(value)
    fallback = STANDARD_TILES if tiles is None else check_set(tiles, 1)
    if kind is State:
        _validate_state(cast(State, value), fallback)
    elif kind is View:
        _validate_view(cast(View, value), fallback)
    elif kind is Outcome:
        _validate_outcome(cast(Outcome, value))
    elif kind not in MOVE_TYPES:
        checks.wrong_type("axio_rota.validate", f"an {TITLE} State, View, Place or Outcome", value)
