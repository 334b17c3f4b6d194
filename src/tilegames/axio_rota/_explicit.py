"""AXIO Rota's explicit chance (``new_game(chance="explicit")``): every tile turned up is a step.

In an explicit game :attr:`State.pool` holds, in the set's order, every tile
not identified yet (the start square still to lay, the stacks, the supply
and the hands drawn :data:`UNSEEN`), and :attr:`State.drawing` names the
draw chance owes next: the start square's next tile (ROTA-7), a seat's stack
top into its hand (ROTA-8, ROTA-16) or the supply's top tile for an extra
turn (ROTA-15). Here are the chance steps (:func:`chance_outcomes`, applying
a :class:`Draw`, :data:`UNSEEN` or a :class:`Reveal`), the explicit start,
a seat's view of an explicit game, and the checks of explicit states and
views. The rules and the validator import this module; it reaches back into
them only inside functions.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import cast

import attrs

from tilegames._core import checks, tracks
from tilegames._core.chance import uniform
from tilegames._core.errors import InvalidStateError
from tilegames._core.refusal import Refusal
from tilegames._core.rules import Seat
from tilegames.axio_rota._model import (
    DRAWINGS,
    MAX_TILES,
    NO_POINTS,
    NOTHING,
    STACK,
    STACK_SIZE,
    START,
    START_TILES,
    SUPPLY,
    TRACK_CAP,
    UNSEEN,
    AnyMove,
    Board,
    Colour,
    Draw,
    Reveal,
    State,
    Tile,
    View,
    ended,
)
from tilegames.axio_rota._notation import format_tile
from tilegames.axio_rota._tables import STANDARD_TILES, START_CELLS, canonical
from tilegames.geometry import square
from tilegames.geometry.square import Packed

_invalid = checks.invalid


# ---------------------------------------------------------------------------
# The explicit start (ROTA-7 .. ROTA-9)
# ---------------------------------------------------------------------------


def _explicit_start(chosen: tuple[Tile, ...], players: int) -> State:
    """The state of an explicit game before its first tile is turned up (ROTA-7 .. ROTA-9).

    Nothing is dealt yet: the whole set is the pool, every stack and the
    supply are counted full, and chance turns up the start square's first tile.
    """
    return State(
        display=frozenset(),
        tracks=(NO_POINTS,) * players,
        hands=(None,) * players,
        stacks=((),) * players,
        supply=(),
        seat=0,
        tiles=None if chosen == STANDARD_TILES else chosen,
        pool=chosen,
        stack_counts=(STACK_SIZE,) * players,
        supply_count=len(chosen) - START_TILES - STACK_SIZE * players,
        drawing=START,
    )


# ---------------------------------------------------------------------------
# Chance steps: tiles turned up, drawn unseen and revealed
# ---------------------------------------------------------------------------


_DRAWN: Mapping[str, str] = {
    START: "the next tile of the start square is turned up",
    STACK: "the seat draws its stack's top tile into its hand",
    SUPPLY: "the seat draws the supply's top tile for an extra turn",
}


def _draw_rule(state: State) -> str:
    drawing = state.drawing
    if drawing == START:
        return "ROTA-7"
    if drawing == SUPPLY:
        return "ROTA-15"
    return "ROTA-8" if state.stack_counts[state.seat] == STACK_SIZE else "ROTA-16"


def _chance_to_move(state: State) -> Refusal:
    return Refusal(
        f"chance is to move: {_DRAWN[state.drawing]}; enter the tile turned up, such as '+RGBO'",
        _draw_rule(state),
    )


def _distinct(pool: Iterable[Tile]) -> list[Tile]:
    """Each tile of ``pool`` once, in the order of first appearance."""
    return list(dict.fromkeys(pool))


def _without(pool: tuple[Tile, ...], tile: Tile) -> tuple[Tile, ...]:
    """``pool`` less one copy of ``tile`` (the first), the order kept."""
    at = pool.index(tile)
    return (*pool[:at], *pool[at + 1 :])


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


def _not_in_pool(state: State, tile: Tile) -> Refusal:
    pool = cast(tuple[Tile, ...], state.pool)
    rule = _draw_rule(state) if state.drawing else "ROTA-11"
    same = next((t for t in pool if canonical(t) == canonical(tile)), None)
    hint = (
        f"; write it as the set lists it, {format_tile(same)}"
        if same is not None
        else ", nor a tile of the set turned"
    )
    return Refusal(
        f"tile {format_tile(tile)} is not in the bag: it is none of the {len(pool)} tiles "
        f"still face down or drawn unseen{hint}",
        rule,
    )


def _holding(state: State, tile: Tile) -> State:
    """The state with the seat to move holding ``tile``, named from the pool."""
    from tilegames.axio_rota._rules import _board  # late: import cycle

    seat = state.seat
    held = attrs.evolve(
        state,
        hands=(*state.hands[:seat], tile, *state.hands[seat + 1 :]),
        pool=_without(cast(tuple[Tile, ...], state.pool), tile),
        unseen=state.unseen & ~(1 << seat),
    )
    object.__setattr__(held, "_board", _board(state))
    return held


def _check_other(state: State, move: AnyMove) -> tuple[State, Packed, Tile] | None:
    """Check a chance outcome (return ``None``) or a :class:`Reveal` (return its placement).

    Raises:
        Refusal: at the first rule the move breaks.
    """
    from tilegames.axio_rota._rules import _board, _end_rule, _laid  # late: import cycle

    _board(state)
    pool = state.pool
    if pool is None:
        raise Refusal(
            f"{move} belongs to an explicit game (new_game(chance='explicit')); this game "
            "draws its tiles from its seed",
            "ROTA-7",
        )
    if type(move) is Reveal:
        if state.drawing:
            raise _chance_to_move(state)
        if ended(state):
            raise Refusal("the game is over", _end_rule(state))
        if state.extra_tile is not None or not state.unseen >> state.seat & 1:
            raise Refusal(
                f"seat {state.seat} places a tile that is known; play the placement without "
                f"naming a tile, such as '{move.move}'",
                "ROTA-11",
            )
        if move.tile not in pool:
            raise _not_in_pool(state, move.tile)
        held = _holding(state, move.tile)
        cell, corners = _laid(held, move.move)
        return held, cell, corners
    if not state.drawing:
        if ended(state):
            raise Refusal("the game is over", _end_rule(state))
        raise Refusal(
            f"seat {state.seat} is to move, not chance: no tile is being turned up", "ROTA-10"
        )
    if type(move) is Draw:
        if move.tile not in pool:
            raise _not_in_pool(state, move.tile)
    elif state.drawing != STACK:
        raise Refusal(
            f"only a draw into a hand may be entered unseen; here {_DRAWN[state.drawing]}, "
            "face up for everyone (ROTA-21)",
            "ROTA-22",
        )
    return None


def _explicit_moves(state: State) -> tuple[AnyMove, ...]:
    """The legal moves at a chance step, or of a seat holding an unseen tile."""
    from tilegames.axio_rota._rules import LegalMoves  # late: import cycle

    pool = cast(tuple[Tile, ...], state.pool)
    if state.drawing:
        outcomes: list[AnyMove] = [Draw(tile) for tile in _distinct(pool)]
        if state.drawing == STACK:
            outcomes.append(UNSEEN)
        return tuple(outcomes)
    return tuple(
        Reveal(tile, move)
        for tile in _distinct(pool)
        for move in LegalMoves(_holding(state, tile))
    )


def _placed_explicit(
    state: State, held: State, cell: Packed, corners: Tile, named: Colour | None
) -> State:
    """Score a placement in an explicit game; leave every draw after it to chance."""
    from tilegames.axio_rota._rules import _board, _scored  # late: import cycle

    seat = held.seat
    board = _board(held)
    all_tracks, reached, hands, extra_turns = _scored(held, board, cell, corners, named)
    drawing = NOTHING
    if reached and tracks.all_at(all_tracks[seat], TRACK_CAP):  # ROTA-17
        extra_turns = 0
    elif extra_turns and held.supply_count:  # ROTA-15: chance turns up the supply's top tile
        drawing = SUPPLY
    else:  # ROTA-16: chance gives the seat its stack's top tile, or the turn passes
        extra_turns = 0
        if held.stack_counts[seat]:
            drawing = STACK
        else:
            seat = (seat + 1) % len(hands)
    display = held.display | {(square.unpack(cell), corners)}
    after = attrs.evolve(
        held,
        display=display,
        tracks=all_tracks,
        hands=hands,
        seat=seat,
        extra_tile=None,
        extra_turns=extra_turns,
        drawing=drawing,
    )
    object.__setattr__(after, "_board", board.with_tile(cell, corners))
    return after


def _apply_other(state: State, move: AnyMove) -> State:
    """Apply a chance outcome or a :class:`Reveal` (see :func:`chance_outcomes`)."""
    from tilegames.axio_rota._rules import _board, _illegal, _turned_to  # late: import cycle

    try:
        placed = _check_other(state, move)
    except Refusal as refusal:
        raise _illegal(state, move, refusal) from None
    if placed is not None:
        held, cell, corners = placed
        return _placed_explicit(state, held, cell, corners, cast(Reveal, move).move.named)
    pool = cast(tuple[Tile, ...], state.pool)
    tile: Tile | None = None
    if type(move) is Draw:
        tile = move.tile
        pool = _without(pool, tile)
    seat, drawing = state.seat, state.drawing
    board = _board(state)
    if drawing == START:
        laid = len(state.display)
        start, centre = START_CELLS[laid]
        display = state.display | {(start, _turned_to(cast(Tile, tile), centre))}
        after = attrs.evolve(
            state,
            display=display,
            pool=pool,
            drawing=START if laid + 1 < START_TILES else STACK,
        )
        object.__setattr__(after, "_board", Board.build(display))
        return after
    if drawing == SUPPLY:
        after = attrs.evolve(
            state,
            pool=pool,
            extra_tile=tile,
            supply_count=state.supply_count - 1,
            extra_turns=state.extra_turns - 1,
            drawing=NOTHING,
        )
    else:
        counts = state.stack_counts
        dealing = counts[seat] == STACK_SIZE  # ROTA-8: the deal, seat after seat
        unseen = state.unseen | (1 << seat if tile is None else 0)
        hands = (*state.hands[:seat], tile, *state.hands[seat + 1 :])
        following = seat + 1
        if following == len(hands) or not dealing:
            following %= len(hands)
            drawing = NOTHING
        after = attrs.evolve(
            state,
            hands=hands,
            seat=following,
            pool=pool,
            stack_counts=(*counts[:seat], counts[seat] - 1, *counts[seat + 1 :]),
            drawing=drawing,
            unseen=unseen,
        )
    object.__setattr__(after, "_board", board)
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
    from tilegames.axio_rota._rules import _board, _wrong_state  # late: import cycle

    if type(state) is not State:
        _wrong_state("chance_outcomes", state)
    _board(state)
    pool = state.pool
    if pool is None or not state.drawing:
        return ()
    return tuple((Draw(tile), p) for tile, p in uniform(pool))


def _explicit_view(state: State, seat: Seat) -> View:
    """:func:`view` of an explicit game: other hands join the tiles the seat cannot identify."""
    from tilegames.axio_rota._rules import to_move  # late: import cycle

    the_set = STANDARD_TILES if state.tiles is None else state.tiles
    hands = state.hands
    others = [held for s, held in enumerate(hands) if s != seat and held is not None]
    unseen = state.unseen & (1 << seat)
    for s, held in enumerate(hands):
        if s != seat and (held is not None or state.unseen >> s & 1):
            unseen |= 1 << s
    return View(
        seat=seat,
        to_move=to_move(state),
        display=state.display,
        tracks=state.tracks,
        hand=hands[seat],
        stack_sizes=state.stack_counts,
        supply_size=state.supply_count,
        extra_tile=state.extra_tile,
        extra_turns=state.extra_turns,
        turn=state.seat if state.drawing else 0,
        tiles=state.tiles,
        pool=_in_set_order(the_set, (*cast(tuple[Tile, ...], state.pool), *others)),
        drawing=state.drawing,
        unseen=unseen,
    )


# ---------------------------------------------------------------------------
# Checking explicit states and views
# ---------------------------------------------------------------------------


def _check_bits(where: str, bits: object, count: int) -> int:
    return checks.check_int(where, bits, 0, (1 << count) - 1)


def _check_explicit_shape(state: State, count: int) -> None:
    """The fields of an explicit game: set exactly when :attr:`State.pool` is."""
    from tilegames.axio_rota._validate import _check_count, _check_tiles  # late: import cycle

    if state.pool is None:
        if state.stack_counts != () or state.supply_count != 0 or state.drawing or state.unseen:
            raise _invalid(
                "State.pool",
                "stack_counts, supply_count, drawing and unseen belong to an explicit game, "
                "whose pool is set; a seeded game keeps them at their defaults",
            )
        return
    _check_tiles("State.pool", state.pool)
    counts = state.stack_counts
    if type(counts) is not tuple:
        raise _invalid("State.stack_counts", "expected a tuple with one entry per seat")
    _check_count("State.stack_counts", len(counts), count)
    for s, size in enumerate(counts):
        checks.check_int(f"State.stack_counts[{s}]", size, 0, STACK_SIZE)
    checks.check_int("State.supply_count", state.supply_count, 0, MAX_TILES)
    if state.drawing not in DRAWINGS or type(state.drawing) is not str:
        raise _invalid("State.drawing", f"{state.drawing!r} is not one of {DRAWINGS}")
    unseen = _check_bits("State.unseen", state.unseen, count)
    for s in range(count):
        if unseen >> s & 1 and state.hands[s] is not None:
            raise _invalid(
                f"State.unseen[{s}]",
                f"seat {s} holds a known tile, so it holds no tile drawn unseen (ROTA-22)",
            )
    if any(state.stacks) or state.supply:
        raise _invalid(
            "State.stacks",
            "an explicit game keeps its face-down tiles in its pool; stacks and supply are empty",
        )


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
    count = len(state.tracks)
    drawing = state.drawing
    start_left = START_TILES - len(state.display) if drawing == START else 0
    _check_pool_size(
        "State", len(pool), start_left, state.stack_counts, state.supply_count, state.unseen
    )
    pool.reverse()  # pop from the front
    hands = list(state.hands)
    for s in range(count):
        if state.unseen >> s & 1:
            hands[s] = pool.pop()
    display = set(state.display)
    sizes = list(state.stack_counts)
    seat, extra_tile, extra_turns, supply = (
        state.seat,
        state.extra_tile,
        state.extra_turns,
        state.supply_count,
    )
    if drawing == START:
        laid = {cell for cell, _ in display}
        expected = {cell for cell, _ in START_CELLS[: len(display)]}
        if start_left <= 0 or laid != expected or any(map(any, state.tracks)) or seat:
            raise _invalid(
                "State.drawing",
                "the start square is laid first, tile by tile in reading order, before any "
                "draw or placement (ROTA-7)",
            )
        for cell, centre in START_CELLS[len(display) :]:
            drawn = pool.pop()
            if None in drawn:
                drawn = square.rotate(drawn, centre - drawn.index(None))
            display.add((cell, drawn))
        drawing = STACK
    if drawing == STACK:
        if extra_tile is not None or hands[seat] is not None or not sizes[seat]:
            raise _invalid(
                "State.drawing",
                f"seat {seat} draws from its stack only with no tile to place and tiles in its "
                "stack (ROTA-8, ROTA-16)",
            )
        if sizes[seat] == STACK_SIZE:  # the deal: this seat and the later ones draw
            for s in range(seat, count):
                if sizes[s] != STACK_SIZE or hands[s] is not None:
                    raise _invalid(
                        f"State.stack_counts[{s}]",
                        "at the deal the seats draw their hands in seat order (ROTA-8)",
                    )
                hands[s] = pool.pop()
                sizes[s] -= 1
            seat = 0
        else:
            if extra_turns:
                raise _invalid(
                    "State.extra_turns",
                    "a seat draws its hand tile after its extra turns (ROTA-16)",
                )
            hands[seat] = pool.pop()
            sizes[seat] -= 1
            seat = (seat + 1) % count
    elif drawing == SUPPLY:
        if extra_tile is not None or hands[seat] is not None or not supply or extra_turns < 1:
            raise _invalid(
                "State.drawing",
                f"seat {seat} draws from the supply only when it is owed an extra turn, has "
                "placed its tile and the supply is not empty (ROTA-15)",
            )
        extra_tile = pool.pop()
        supply -= 1
        extra_turns -= 1
    pool.reverse()
    stacks = []
    for size in sizes:
        stacks.append(tuple(pool[:size]))
        del pool[:size]
    return State(
        display=frozenset(display),
        tracks=state.tracks,
        hands=tuple(hands),
        stacks=tuple(stacks),
        supply=tuple(pool),
        seat=seat,
        extra_tile=extra_tile,
        extra_turns=extra_turns,
        tiles=state.tiles,
    )


def _check_pool_size(
    owner: str, size: int, start_left: int, stacks: Sequence[int], supply: int, unseen: int
) -> None:
    """Refuse the pool of a ``"State"`` or ``"View"`` that does not hold the tiles out of sight.

    Those are the start tiles still to lay, the stacks, the supply and the
    hands drawn unseen (ROTA-3, ROTA-9); ``size`` is the pool's length.
    """
    need = start_left + sum(stacks) + supply + unseen.bit_count()
    if size != need:
        if owner == "State":
            tiles, hands = "unidentified", "hands drawn unseen"
        else:
            tiles, hands = "out of sight", "hidden hands"
        raise _invalid(
            f"{owner}.pool",
            f"{size} tiles {tiles}, but {start_left} start tiles to lay, "
            f"{sum(stacks)} in the stacks, {supply} in the supply and "
            f"{unseen.bit_count()} {hands} make {need} (ROTA-3, ROTA-9)",
        )


def _validate_explicit_view(seen: View, the_set: Sequence[Tile]) -> None:
    """An explicit view passes if a valid explicit state drawn from it shows exactly it."""
    from tilegames._core.rng import Stream
    from tilegames.axio_rota._agents import determinize  # here: _agents imports the rules
    from tilegames.axio_rota._rules import view
    from tilegames.axio_rota._validate import _check_set_order, _validate_state

    pool = cast(tuple[Tile, ...], seen.pool)
    _check_set_order("View.pool", pool, the_set)
    start_left = START_TILES - len(seen.display) if seen.drawing == START else 0
    _check_pool_size(
        "View", len(pool), start_left, seen.stack_sizes, seen.supply_size, seen.unseen
    )
    if seen.unseen >> seen.seat & 1 and seen.hand is not None:
        raise _invalid("View.unseen", "the seat's own hand is shown, so it is not unseen")
    state = determinize(seen, Stream(0))
    try:
        _validate_state(state, the_set)
    except InvalidStateError as error:
        raise _invalid("View", f"no game shows this view: {error}") from None
    if view(state, seen.seat) != seen:
        shown_view = view(state, seen.seat)
        wrong = next(
            f.name
            for f in attrs.fields(View)
            if getattr(seen, f.name) != getattr(shown_view, f.name)
        )
        raise _invalid(
            f"View.{wrong}",
            "does not agree with the rest of the view (whose turn, who holds a hidden tile)",
        )
