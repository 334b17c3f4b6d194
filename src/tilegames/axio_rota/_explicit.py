"""AXIO Rota's explicit chance (``new_game(chance="explicit")``): every tile turned up is a step.

In an explicit game :attr:`State.pool` holds, in the set's order, every tile
not identified yet (the start square still to lay, the stacks, the supply
and the hands drawn :data:`UNSEEN`), and :attr:`State.drawing` names the
draw chance owes next: the start square's next tile (ROTA-7), a seat's stack
top into its hand (ROTA-8, ROTA-16) or the supply's top tile for an extra
turn (ROTA-15). Here is only what explicit chance adds: the explicit start,
the chance step (its outcomes, their probabilities, applying one), naming an
unseen tile (a :class:`Reveal`, placed by the rules' one transition) and a
state drawn from a seat's view. A placement, seeded or explicit, goes
through ``apply`` alone, which leaves the draw it owes to chance here.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import cast

import attrs

from tilegames._core.chance import uniform
from tilegames._core.rng import Stream
from tilegames.axio_rota._model import (
    NO_POINTS,
    NOTHING,
    STACK,
    STACK_SIZE,
    STANDARD_TILES,
    START,
    START_TILES,
    SUPPLY,
    UNSEEN,
    AnyMove,
    Board,
    Draw,
    State,
    Tile,
    View,
    fast_reveal,
)
from tilegames.axio_rota._moves import (
    LegalMoves,
    holding,
    index_of,
    mover_of,
    turned_up,
    without,
)
from tilegames.axio_rota._tables import START_CELLS, turned_to

# ---------------------------------------------------------------------------
# The explicit start (ROTA-7 .. ROTA-9)
# ---------------------------------------------------------------------------


def start_state(chosen: tuple[Tile, ...], players: int) -> State:
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


def chance_moves(state: State) -> tuple[AnyMove, ...]:
    """The legal moves at a chance step, or of a seat holding an unseen tile."""
    pool = cast(tuple[Tile, ...], state.pool)
    if state.drawing:
        outcomes: list[AnyMove] = [Draw(tile) for tile in dict.fromkeys(pool)]
        if state.drawing == STACK:
            outcomes.append(UNSEEN)
        return tuple(outcomes)
    return tuple(
        fast_reveal(tile, move)  # the pool's tiles and listed placements: valid
        for tile in dict.fromkeys(pool)
        for move in LegalMoves(holding(state, tile))
    )


def outcomes(state: State) -> tuple[tuple[AnyMove, Fraction], ...]:
    """The public ``chance_outcomes`` of a state the rules made or checked."""
    pool = state.pool
    if pool is None or not state.drawing:
        return ()
    return tuple((Draw(tile), p) for tile, p in uniform(pool))


def apply_outcome(state: State, move: AnyMove) -> State:
    """Apply a checked chance outcome, a :class:`Draw` or :data:`UNSEEN`.

    The start square's tile is laid with its empty corner to the centre
    (ROTA-7); a hand or extra turn's tile goes where :func:`turned_up` puts
    it, as in a seeded game.
    """
    pool = cast(tuple[Tile, ...], state.pool)
    tile: Tile | None = None
    if type(move) is Draw:
        tile = move.tile
        pool = without(pool, tile)
    drawing = state.drawing
    if drawing != START:
        seat, counts, supply_count = state.seat, state.stack_counts, state.supply_count
        hands, following, extra_tile, extra_turns = turned_up(
            drawing, tile, seat, state.hands, state.extra_turns
        )
        unseen = 0
        if drawing == SUPPLY:
            supply_count -= 1
            drawing = NOTHING
        else:
            counts = (*counts[:seat], counts[seat] - 1, *counts[seat + 1 :])
            unseen = 1 << seat if tile is None else 0
            if not following or counts[seat] != STACK_SIZE - 1:  # else the deal goes on (ROTA-8)
                drawing = NOTHING
        after = attrs.evolve(
            state,
            hands=hands,
            seat=following,
            extra_tile=extra_tile,
            extra_turns=extra_turns,
            pool=pool,
            stack_counts=counts,
            supply_count=supply_count,
            drawing=drawing,
            unseen=state.unseen | unseen,
        )
        object.__setattr__(after, "_index", index_of(state))
        return after
    laid = len(state.display)
    start, centre = START_CELLS[laid]
    display = state.display | {(start, turned_to(cast(Tile, tile), centre))}
    after = attrs.evolve(
        state, display=display, pool=pool, drawing=START if laid + 1 < START_TILES else STACK
    )
    object.__setattr__(after, "_index", Board.build(display))
    return after


def dealt_in_order(
    pool: Sequence[Tile], sizes: Iterable[int]
) -> tuple[tuple[tuple[Tile, ...], ...], tuple[Tile, ...]]:
    """``pool`` dealt in its order: the stacks of ``sizes``, seat by seat, then the rest."""
    ends = (0, *itertools.accumulate(sizes))
    return tuple(tuple(pool[a:b]) for a, b in itertools.pairwise(ends)), tuple(pool[ends[-1] :])


def explicit_state(seen: View, stream: Stream) -> State:
    """An explicit state for an explicit view: the hidden hands drawn from the view's pool.

    The rest of the pool stays unidentified, face down for chance to turn up
    (so does the seat's own hand if it was drawn unseen); the state is one
    that ``seen`` cannot tell from the true one (:func:`determinize`).
    """
    pool = list(seen.pool or ())
    hands: list[Tile | None] = [None] * len(seen.tracks)
    if seen.seat is not None:
        hands[seen.seat] = seen.hand
    for seat in range(len(seen.tracks)):
        if seen.unseen >> seat & 1 and pool and seat != seen.seat:
            hands[seat] = pool.pop(stream.randbelow(len(pool)))
    mover = seen.drawer if seen.drawing else mover_of(seen)
    return State(
        display=seen.display,
        tracks=seen.tracks,
        hands=tuple(hands),
        stacks=((),) * len(seen.tracks),
        supply=(),
        seat=(seen.seat or 0) if mover is None else mover,
        extra_tile=seen.extra_tile,
        extra_turns=seen.extra_turns,
        tiles=seen.tiles,
        pool=tuple(pool),
        stack_counts=seen.stack_sizes,
        supply_count=seen.supply_size,
        drawing=seen.drawing,
        # its own hand drawn unseen stays so
        unseen=0 if seen.seat is None else seen.unseen & 1 << seen.seat,
    )
