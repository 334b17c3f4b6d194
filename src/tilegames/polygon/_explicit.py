"""Polygon's chance: the start-order draw, the die and a turn's draw, in both chance modes.

One function plays each random event in both modes: :func:`apply_outcome`
applies a drawn tile or a roll, :func:`end_turn` ends a turn and
:func:`next_turn` starts the next. A seeded game draws each outcome from its
seed in the same code and applies it at once (the start-order draw, tile
after tile from the shuffled bag's front, in the loop that takes an explicit
game's one tile; :func:`start_turn`, a turn's roll and tiles); an explicit
game (``chance="explicit"``) stops at each for the chance seat
(:data:`~tilegames.CHANCE`), as a table plays them:

1. the start-order draw (POLY-7), one :class:`~tilegames.polygon.Draw` per
   tile: every seat in seat order, then the tied seats again, round after
   round until one seat is highest alone. When a round ends tied and the bag
   holds fewer tiles than the tied seats need, every tile drawn so far goes
   back (a [decision]). The winner's tile goes on START, the others back;
2. each turn: the die (:class:`~tilegames.polygon.Roll`, POLY-9), then one
   :class:`~tilegames.polygon.Draw` per tile (two, or the one the bag holds,
   POLY-10); then the seat places them.

The explicit game's alone are the outcomes of a step and their
probabilities (:func:`chance_outcomes`, :func:`chance_moves`); an entered one
is checked with the moves (``_moves.check_move``). Every draw is uniform over the bag's contents
(kept in :data:`VALUES` order): a reshuffle is no step of its own. A roll
shows each symbol with probability 1/3; on the game's second turn, rolled
until it differs from the first turn's, each of the two others with 1/2.
Drawn tiles are shown face up (POLY-16): every seat sees every outcome.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Final

import attrs

from tilegames._core import rng
from tilegames._core.chance import uniform
from tilegames._core.rules import Seat
from tilegames.polygon._model import (
    DIE_FACES,
    DRAW,
    DRAWS,
    ORDER,
    PLAY,
    ROLL,
    ROLLS,
    STANDARD_SORTED,
    START_DRAW,
    AnyMove,
    Draw,
    Printing,
    Roll,
    Round,
    Scoring,
    State,
    Step,
    Symbol,
    Value,
    set_slot,
    sorted_values,
)
from tilegames.polygon._moves import highest, next_drawer, roll_symbols
from tilegames.polygon._tables import start_board

_THIRD: Final = Fraction(1, 3)
_HALF: Final = Fraction(1, 2)


# ---------------------------------------------------------------------------
# A new game and a new turn: where each mode resolves chance
# ---------------------------------------------------------------------------


def start_state(
    count: int,
    seed: int,
    bag: tuple[Value, ...],
    tiles: tuple[Value, ...] | None,
    scoring: Scoring | None,
    board: Printing | None,
    explicit: bool,
) -> State:
    """A game before its first random event: the start-order draw (POLY-7) is due.

    ``bag`` is a seeded game's shuffled set (drawn from the front) or an
    explicit game's contents in :data:`VALUES` order; ``tiles``, ``scoring``,
    ``board`` and ``explicit`` are kept in the state as by ``new_game``.
    """
    stacks, index = start_board(board, None)
    state = State(
        stacks=stacks,
        totals=(0,) * count,
        seat=0,
        turn=1,
        symbol=0,
        drawn=(),
        placed=(),
        bag=bag,
        seed=seed,
        tiles=tiles,
        scoring=scoring,
        board=board,
        explicit=explicit,
        step=START_DRAW,
    )
    set_slot(state, "_index", index)
    return state


def end_turn(
    state: State, points: int
) -> tuple[tuple[int, ...], Seat, int, Symbol, tuple[Value, ...], tuple[Value, ...], int, Step]:
    """The fields that change at a turn's end: the turn's ``points`` added, the next one started.

    The points go to the mover (POLY-13); the next seat rolls and draws
    (POLY-9, POLY-10), or in an explicit game waits for chance to; with the
    bag empty the game is over (POLY-15). Returns the totals, the seat, the
    turn, the symbol, the drawn tiles, the bag, the seed and the step.
    """
    seat, symbol, seed, bag = state.seat, state.symbol, state.seed, state.bag
    scores = state.totals
    if points:
        scores = (*scores[:seat], scores[seat] + points, *scores[seat + 1 :])
    turn = state.turn
    step = PLAY
    hand: tuple[Value, ...] = ()
    if bag:  # POLY-9, POLY-10: the next turn starts
        seat = (seat + 1) % len(scores)
        turn += 1
        symbol, seed, hand, bag, step = next_turn(state.explicit, symbol, seed, turn, bag)
    return scores, seat, turn, symbol, hand, bag, seed, step


def next_turn(
    explicit: bool, symbol: Symbol, seed: int, turn: int, bag: tuple[Value, ...]
) -> tuple[Symbol, int, tuple[Value, ...], tuple[Value, ...], Step]:
    """The start of turn ``turn`` (POLY-9, POLY-10), with the bag not empty.

    A seeded game rolls the die and draws the turn's tiles from its seed at
    once (:func:`start_turn`); an explicit game waits for chance's roll.
    ``symbol`` is the last turn's. Returns the turn's symbol, the seed, the
    drawn tiles, the bag left and the step due.
    """
    if explicit:
        return symbol, seed, (), bag, ROLL
    symbol, seed, hand, bag = start_turn(symbol, seed, turn, bag)
    return symbol, seed, hand, bag, PLAY


_FACES: Final = len(DIE_FACES)
_ROLL_LIMIT: Final = (1 << rng.SEED_BITS) // _FACES * _FACES
"""Draws at or above this are rejected, as by ``rng.randbelow(seed, 6)``."""


def start_turn(
    symbol: Symbol, seed: int, turn: int, bag: tuple[Value, ...]
) -> tuple[Symbol, int, tuple[Value, ...], tuple[Value, ...]]:
    """The start of a seeded game's turn ``turn`` (POLY-9, POLY-10): the die, then the draw.

    ``symbol`` is the last turn's. The die is rolled with
    ``rng.randbelow(seed, 6)`` (written out: its rejection bound is worked
    out once, and a roll starts every turn), on turn 2 again until it
    differs from ``symbol``. Two tiles are drawn from the bag, not empty
    (one if one is left). Returns the turn's symbol, the next seed, the
    drawn tiles in :data:`VALUES` order and the bag left.
    """
    first = symbol
    while True:
        value, seed = rng.next_u64(seed)
        if value >= _ROLL_LIMIT:  # randbelow's incomplete top block (1 chance in 2**62)
            continue
        symbol = DIE_FACES[value % _FACES]
        if turn != 2 or symbol != first:
            break
    if len(bag) == 1:
        return symbol, seed, bag, ()
    a, b = bag[0], bag[1]  # sorted_values, inline for two tiles
    return symbol, seed, (a, b) if ORDER[a] <= ORDER[b] else (b, a), bag[2:]


def _refilled(
    state: State,
    seed: int,
    bag: tuple[Value, ...],
    rounds: Sequence[Round],
    kept: Value | None = None,
) -> tuple[tuple[Value, ...], int]:
    """The bag and the seed once the start-order draw's tiles go back, but ``kept`` (POLY-7).

    The tiles go back that were drawn since the bag was last full. A seeded
    game reshuffles the bag from ``seed`` (the remaining tiles in their
    order, then the returned ones in the order drawn); an explicit game's
    bag is its contents: the whole set but ``kept``, in :data:`VALUES` order.
    """
    full = STANDARD_SORTED if state.tiles is None else state.tiles
    if state.explicit:
        if kept is None:
            return full, seed
        at = full.index(kept)
        return full[:at] + full[at + 1 :], seed
    drawn = [tile for draws in rounds for _, tile in draws]
    held = drawn[len(drawn) - (len(full) - len(bag)) :]
    if kept is not None:
        held.remove(kept)
    return rng.shuffled(seed, (*bag, *held))


# ---------------------------------------------------------------------------
# Applying an outcome: a drawn tile or a roll
# ---------------------------------------------------------------------------


def apply_outcome(state: State, outcome: Draw | Roll) -> State:
    """The state after a legal chance outcome (checked by ``_moves.check_move``)."""
    if isinstance(outcome, Roll):
        return _evolve(state, symbol=outcome.symbol, step=DRAW)
    tile = outcome.tile
    bag = state.bag
    at = bag.index(tile)  # a seeded game draws the front tile
    bag = bag[:at] + bag[at + 1 :]
    if state.step != START_DRAW:  # a turn's draw (POLY-10)
        drawn = sorted_values((*state.first_drawn, tile))
        if len(drawn) == 2 or not bag:
            return _evolve(state, bag=bag, drawn=drawn, first_drawn=(), step=PLAY)
        return _evolve(state, bag=bag, first_drawn=drawn)
    return _start_draw(state, tile, bag)


def _start_draw(state: State, tile: Value, bag: tuple[Value, ...]) -> State:
    """The start-order draw (POLY-7) from ``tile`` on; the first turn starts once it is decided.

    An explicit game's ``tile`` is chance's outcome, and the state then waits
    for the next one; a seeded game goes on drawing from the bag's front
    until the draw is decided, in this one loop.
    """
    rounds, seed = state.start_draw, state.seed
    seat, drawing = next_drawer(rounds, len(state.totals))
    draws: Round = ()  # the round being drawn
    if rounds and len(rounds[-1]) < len(drawing):
        rounds, draws = rounds[:-1], rounds[-1]
    while True:
        draws = (*draws, (seat, tile))
        if len(draws) == len(drawing):  # the round is complete
            tied = highest(draws)
            rounds, draws = (*rounds, draws), ()
            if len(tied) == 1:
                break
            drawing = tied
            if len(bag) < len(tied):  # the tie cannot be drawn out: every drawn tile goes back
                bag, seed = _refilled(state, seed, bag, rounds)
        if state.explicit:  # an explicit game waits for chance's next tile
            return _evolve(
                state, bag=bag, seed=seed, start_draw=(*rounds, draws) if draws else rounds
            )
        tile, bag = bag[0], bag[1:]
        seat = drawing[len(draws)]
    winner = tied[0]
    start_tile = dict(rounds[-1])[winner]
    bag, seed = _refilled(state, seed, bag, rounds, start_tile)
    symbol, seed, hand, bag, step = next_turn(state.explicit, state.symbol, seed, state.turn, bag)
    stacks, index = start_board(state.board, start_tile)
    after = State(  # by position, in declaration order, as in apply
        stacks,
        state.totals,
        winner,  # seat
        state.turn,
        symbol,
        hand,  # drawn
        state.placed,
        bag,
        seed,
        state.aside,
        rounds,  # start_draw
        state.tiles,
        state.scoring,
        state.board,
        state.explicit,
        step,
        state.first_drawn,
    )
    set_slot(after, "_index", index)
    return after


def _evolve(state: State, **changes: object) -> State:
    """``state`` with ``changes``, keeping its board index when the board is unchanged."""
    after = attrs.evolve(state, **changes)  # type: ignore[arg-type]
    if "stacks" not in changes:
        set_slot(after, "_index", state._index)
    return after


# ---------------------------------------------------------------------------
# An explicit game's steps: the outcomes and their probabilities
# ---------------------------------------------------------------------------


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
