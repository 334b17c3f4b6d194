"""Polygon's explicit chance: the steps of ``chance="explicit"``.

(A seeded game draws from the seed its state carries: its start-order draw
and die are ``_moves.draw_for_start`` and ``_moves.start_turn``.)

In an explicit game every random event is a step of the chance seat
(:data:`~tilegames.CHANCE`), in the order a table plays them:

1. the start-order draw (POLY-7), one :class:`~tilegames.polygon.Draw` per
   tile: every seat in seat order, then the tied seats again, in seat order,
   round after round until one seat is highest alone. When a round ends tied
   and the bag holds fewer tiles than the tied seats need, every tile drawn
   so far goes back into the bag at once (the seeded game's [decision]).
   The winner's tile goes on START and every other drawn tile back into the
   bag;
2. each turn: the die (:class:`~tilegames.polygon.Roll`, POLY-9), then the
   turn's tiles, one :class:`~tilegames.polygon.Draw` each (two, or the one
   the bag holds, POLY-10); then the seat places them.

Every draw is uniform over the bag's contents: a reshuffle (after the start
draw, or when a tied round cannot be drawn out) changes nothing about the
next draw, so it is no step of its own. A roll shows each symbol with
probability 1/3 (two faces of six each); on the game's second turn the die is
rolled until it differs from the first turn's symbol, and the roll that
stands is one step, each of the two other symbols with probability 1/2.

Drawn tiles are shown face up (POLY-16), so Polygon has no unseen draw: every
seat, and a scorekeeper, sees every outcome.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Final

import attrs

from tilegames._core.chance import uniform
from tilegames.polygon._model import (
    DRAW,
    DRAWS,
    PLAY,
    ROLL,
    ROLLS,
    STANDARD_SORTED,
    START_CELL,
    START_DRAW,
    AnyMove,
    Draw,
    Printing,
    Roll,
    Scoring,
    State,
    Value,
    printed_depth,
    set_slot,
    sorted_values,
)
from tilegames.polygon._moves import highest, next_drawer, roll_symbols
from tilegames.polygon._tables import build_index, printed_stacks

_THIRD: Final = Fraction(1, 3)
_HALF: Final = Fraction(1, 2)


def full_set(state: State) -> tuple[Value, ...]:
    """The state's whole set in :data:`VALUES` order."""
    return STANDARD_SORTED if state.tiles is None else state.tiles


# ---------------------------------------------------------------------------
# An explicit game: chance's steps
# ---------------------------------------------------------------------------


def start_state(
    count: int,
    seed: int,
    tiles: tuple[Value, ...] | None,
    scoring: Scoring | None,
    board: Printing | None,
) -> State:
    """The state of an explicit game before its first random event: the start-order draw.

    ``tiles``, ``scoring`` and ``board`` are kept in the state as by ``new_game``.
    """
    stacks = tuple(printed_stacks(board))
    state = State(
        stacks=stacks,
        totals=(0,) * count,
        seat=0,
        turn=1,
        symbol=0,
        drawn=(),
        placed=(),
        bag=STANDARD_SORTED if tiles is None else tiles,
        seed=seed,
        tiles=tiles,
        scoring=scoring,
        board=board,
        chance="explicit",
        step=START_DRAW,
    )
    set_slot(state, "_index", build_index(stacks, printed_depth(state.board)))
    return state


def chance_outcomes(state: State) -> tuple[tuple[AnyMove, Fraction], ...]:
    """The outcomes of the chance step ``state`` waits for, with their probabilities.

    As the public ``chance_outcomes`` says (it checks a hand-made state first).
    """
    step = state.step
    if state.drawn or not step:
        return ()
    if step == ROLL:
        symbols = roll_symbols(state)
        chance = _HALF if len(symbols) == 2 else _THIRD
        return tuple((Roll(symbol), chance) for symbol in symbols)
    return tuple((Draw(tile), p) for tile, p in uniform(state.bag))


def chance_moves(state: State) -> tuple[Draw | Roll, ...]:
    """The outcomes of :func:`chance_outcomes` without their probabilities: ``legal_moves``.

    The same outcomes in the same order (a draw per distinct tile in the
    bag, by first appearance; a roll per allowed symbol), taken from
    :data:`DRAWS` and :data:`ROLLS` without working out a Fraction each.
    Called by ``legal_moves`` at a chance step only (a step is set and no
    start-order tile is waiting).
    """
    if state.step == ROLL:
        return tuple([ROLLS[symbol] for symbol in roll_symbols(state)])
    try:
        draws = tuple(map(DRAWS.__getitem__, dict.fromkeys(state.bag)))
    except (KeyError, TypeError):  # not a bag of tile values: chance_outcomes raises as ever
        draws = ()
    if draws:
        return draws
    return tuple([outcome for outcome, _ in chance_outcomes(state)])  # type: ignore[misc]


def _without(bag: tuple[Value, ...], tile: Value) -> tuple[Value, ...]:
    """The bag's contents with one ``tile`` taken out."""
    at = bag.index(tile)
    return bag[:at] + bag[at + 1 :]


def apply_outcome(state: State, outcome: Draw | Roll) -> State:
    """The state after a legal chance outcome (checked by ``_moves.check_outcome``)."""
    if isinstance(outcome, Roll):
        return _evolve(state, symbol=outcome.symbol, step=DRAW)
    tile = outcome.tile
    bag = _without(state.bag, tile)
    if state.step == START_DRAW:
        return _start_draw(state, tile, bag)
    drawing = sorted_values((*state.drawing, tile))
    if len(drawing) == 2 or not bag:
        return _evolve(state, bag=bag, drawn=drawing, drawing=(), step=PLAY)
    return _evolve(state, bag=bag, drawing=drawing)


def _start_draw(state: State, tile: Value, bag: tuple[Value, ...]) -> State:
    """One tile of the start-order draw (POLY-7)."""
    rounds = state.start_draw
    count = len(state.totals)
    seat, drawing = next_drawer(rounds, count)
    if rounds and len(rounds[-1]) < len(drawing):
        rounds = (*rounds[:-1], (*rounds[-1], (seat, tile)))
    else:
        rounds = (*rounds, ((seat, tile),))
    draws = rounds[-1]
    if len(draws) < len(drawing):
        return _evolve(state, bag=bag, start_draw=rounds)
    tied = highest(draws)
    if len(tied) > 1:
        if len(bag) < len(tied):  # the tie cannot be drawn out: every drawn tile goes back
            bag = full_set(state)
        return _evolve(state, bag=bag, start_draw=rounds)
    winner = tied[0]
    start_tile = dict(draws)[winner]
    stacks = state.stacks
    stacks = (*stacks[:START_CELL], (start_tile,), *stacks[START_CELL + 1 :])
    after = _evolve(
        state,
        stacks=stacks,
        bag=_without(full_set(state), start_tile),
        start_draw=rounds,
        seat=winner,
        step=ROLL,
    )
    set_slot(after, "_index", build_index(stacks, printed_depth(state.board)))
    return after


def _evolve(state: State, **changes: object) -> State:
    """``state`` with ``changes``, keeping its board index when the board is unchanged."""
    after = attrs.evolve(state, **changes)  # type: ignore[arg-type]
    if "stacks" not in changes:
        set_slot(after, "_index", state._index)
    return after
