"""Polygon's chance: the seeded start draw and die, and the steps of ``chance="explicit"``.

A seeded game (the default) draws from the seed its state carries:
:func:`draw_for_start` plays the start-order draw of ``new_game`` and
:func:`start_turn` rolls the die and draws the tiles of each later turn.

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

from collections.abc import Sequence
from fractions import Fraction
from typing import Final

from tilegames._core import rng
from tilegames._core.chance import uniform
from tilegames._core.checks import invalid
from tilegames._core.refusal import Refusal
from tilegames._core.rules import Seat
from tilegames.polygon._model import (
    DIE_FACES,
    DRAW,
    DRAWS,
    ORDER,
    PLAY,
    RANK,
    ROLL,
    ROLLS,
    SPACES,
    STANDARD_TILES,
    START_CELL,
    START_DRAW,
    SYMBOLS,
    Action,
    Draw,
    Move,
    Printing,
    Roll,
    Round,
    Scoring,
    State,
    Symbol,
    Value,
    View,
    printed_depth,
    printed_of,
    sorted_values,
)
from tilegames.polygon._moves import build_index
from tilegames.polygon._validate import _check_round, _check_set, _played

__all__ = [
    "apply_outcome",
    "chance_moves",
    "chance_outcomes",
    "check_outcome",
    "draw_for_start",
    "next_drawer",
    "start_state",
    "start_turn",
    "validate_start",
]

_STANDARD_SORTED: Final = sorted_values(STANDARD_TILES)
_THIRD: Final = Fraction(1, 3)
_HALF: Final = Fraction(1, 2)


def full_set(state: State) -> tuple[Value, ...]:
    """The state's whole set in :data:`VALUES` order."""
    return _STANDARD_SORTED if state.tiles is None else state.tiles


# ---------------------------------------------------------------------------
# A seeded game: the start-order draw (POLY-7) and the die (POLY-9) from the seed
# ---------------------------------------------------------------------------


def draw_for_start(
    stream: rng.Stream, bag: list[Value], count: int
) -> tuple[list[Value], tuple[Round, ...], Seat, Value]:
    """The start-order draw (POLY-7) from the shuffled ``bag``.

    Returns the bag afterwards (every drawn tile but the winner's back in,
    reshuffled), the rounds, the winning seat and its tile.
    """
    rounds: list[Round] = []
    drawing: list[Seat] = list(range(count))
    held: list[Value] = []  # every tile drawn and not yet returned
    while True:
        if len(bag) < len(drawing):  # the tie cannot be drawn out: start the draw again
            bag = list(stream.shuffled(bag + held))
            held = []
        drawn = bag[: len(drawing)]  # each drawing seat's tile, in seat order
        del bag[: len(drawing)]
        held.extend(drawn)
        draws = tuple(zip(drawing, drawn, strict=True))
        rounds.append(draws)
        best = max(map(RANK.__getitem__, drawn))
        drawing = [seat for seat, value in draws if RANK[value] == best]
        if len(drawing) == 1:
            break
    first = drawing[0]
    start_tile = dict(draws)[first]
    held.remove(start_tile)
    return list(stream.shuffled(bag + held)), tuple(rounds), first, start_tile


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
    printed = printed_of(board)
    stacks = tuple((printed[space],) if space in printed else () for space in SPACES)
    state = State(
        stacks=stacks,
        totals=(0,) * count,
        seat=0,
        turn=1,
        symbol=0,
        drawn=(),
        placed=(),
        bag=_STANDARD_SORTED if tiles is None else tiles,
        seed=seed,
        aside=(),
        start_draw=(),
        tiles=tiles,
        scoring=scoring,
        board=board,
        chance="explicit",
        step=START_DRAW,
    )
    object.__setattr__(state, "_index", build_index(stacks, printed_depth(state.board)))
    return state


def next_drawer(rounds: Sequence[Round], count: int) -> tuple[Seat, list[Seat]]:
    """The seat that draws next in an undecided start-order draw, and the seats of its round.

    Raises:
        ValueError: if the rounds already decide the draw.
    """
    drawing = list(range(count))
    for draws in rounds:
        if len(draws) < len(drawing):
            return drawing[len(draws)], drawing
        best = max(RANK[value] for _, value in draws)
        drawing = [seat for seat, value in draws if RANK[value] == best]
        if len(drawing) == 1:
            msg = "the start-order draw is decided"
            raise ValueError(msg)
    return drawing[0], drawing


def _roll_symbols(state: State) -> tuple[int, ...]:
    """The symbols the turn's roll may show: all three, or on turn 2 the two new ones."""
    if state.turn == 2:
        return tuple(symbol for symbol in range(len(SYMBOLS)) if symbol != state.symbol)
    return tuple(range(len(SYMBOLS)))


def chance_outcomes(state: State) -> tuple[tuple[Action, Fraction], ...]:
    """The outcomes of the chance step ``state`` waits for, with their probabilities.

    A draw: one :class:`Draw` per distinct tile in the bag, in :data:`VALUES`
    order, each with probability (its count in the bag) / (tiles in the
    bag). A roll: :class:`Roll` of each symbol, 1/3 each; on the game's second
    turn the two symbols other than the first turn's, 1/2 each. ``()`` when
    no chance step is due (a seat is to place, the game is over, or the game
    is seeded).
    """
    step = state.step
    if state.drawn or not step:
        return ()
    if step == ROLL:
        symbols = _roll_symbols(state)
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
        return tuple([ROLLS[symbol] for symbol in _roll_symbols(state)])
    try:
        draws = tuple(map(DRAWS.__getitem__, dict.fromkeys(state.bag)))
    except (KeyError, TypeError):  # not a bag of tile values: chance_outcomes raises as ever
        draws = ()
    if draws:
        return draws
    return tuple([outcome for outcome, _ in chance_outcomes(state)])  # type: ignore[misc]


def check_outcome(state: State, outcome: Action) -> None:
    """Refuse a chance outcome that cannot happen now, or a placement at a chance step.

    Raises:
        Refusal: saying why.
    """
    step = state.step
    at_chance = not state.drawn and step
    if isinstance(outcome, Move):
        # Only reached at a chance step (a seat's step checks moves in _moves).
        raise Refusal(f"chance is to move: {_waiting(state)}, not a placement", _rule(step))
    if not at_chance:
        if not state.drawn:
            raise Refusal(
                "the game is over: the bag ran out and its last turn is played", "POLY-15"
            )
        raise Refusal(
            f"seat {state.seat} is to place a drawn tile ({', '.join(state.drawn)}); a chance "
            "outcome is entered only when chance is to move (an explicit game's die roll or draw)",
            "POLY-10",
        )
    if isinstance(outcome, Roll):
        if step != ROLL:
            raise Refusal(f"chance is to move: {_waiting(state)}, not a die roll", _rule(step))
        allowed = _roll_symbols(state)
        if outcome.symbol not in allowed:
            raise Refusal(
                f"the die is rolled again until it differs from the first turn's "
                f"{SYMBOLS[state.symbol]}, so the roll of the game's second turn shows "
                f"{' or '.join(SYMBOLS[s] for s in allowed)}",
                "POLY-9",
            )
        return
    if step == ROLL:
        raise Refusal(f"chance is to move: {_waiting(state)}, not a draw", "POLY-9")
    tile = outcome.tile
    if tile not in state.bag:
        contents = " ".join(state.bag) or "nothing"
        raise Refusal(f"tile {tile} is not in the bag, which holds {contents}", _rule(step))


def _rule(step: str) -> str:
    return {START_DRAW: "POLY-7", ROLL: "POLY-9"}.get(step, "POLY-10")


def _waiting(state: State) -> str:
    """What chance is to do, in words."""
    step = state.step
    if step == START_DRAW:
        seat, _ = next_drawer(state.start_draw, len(state.totals))
        return f"seat {seat} draws a tile for the start order"
    if step == ROLL:
        return f"the die is rolled for turn {state.turn}"
    return f"a tile is drawn for turn {state.turn}"


def _without(bag: tuple[Value, ...], tile: Value) -> tuple[Value, ...]:
    """The bag's contents with one ``tile`` taken out."""
    at = bag.index(tile)
    return bag[:at] + bag[at + 1 :]


def apply_outcome(state: State, outcome: Draw | Roll) -> State:
    """The state after a legal chance outcome (checked by :func:`check_outcome`)."""
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
    best = max(RANK[value] for _, value in draws)
    tied = [seat for seat, value in draws if RANK[value] == best]
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
    object.__setattr__(after, "_index", build_index(stacks, printed_depth(state.board)))
    return after


def _evolve(state: State, **changes: object) -> State:
    """``state`` with ``changes``, keeping its board index when the board is unchanged."""
    fields = {
        "stacks": state.stacks,
        "totals": state.totals,
        "seat": state.seat,
        "turn": state.turn,
        "symbol": state.symbol,
        "drawn": state.drawn,
        "placed": state.placed,
        "bag": state.bag,
        "seed": state.seed,
        "aside": state.aside,
        "start_draw": state.start_draw,
        "tiles": state.tiles,
        "scoring": state.scoring,
        "board": state.board,
        "chance": state.chance,
        "step": state.step,
        "drawing": state.drawing,
    }
    fields.update(changes)
    after = State(**fields)  # type: ignore[arg-type]
    if "stacks" not in changes:
        object.__setattr__(after, "_index", state._index)
    return after


# ---------------------------------------------------------------------------
# validate: an explicit game during its start-order draw (POLY-7)
# ---------------------------------------------------------------------------


def check_start_rounds(where: str, rounds: object, count: int, set_size: int) -> list[Value]:
    """An undecided start-order draw of an explicit game (POLY-7); the tiles out of the bag.

    Rounds as in :func:`_check_start_draw`, the last one possibly unfinished
    and none decided; a round that ends tied when the bag holds fewer tiles
    than the tied seats need returns every drawn tile to the bag.
    """
    if type(rounds) is not tuple:
        raise invalid(where, "expected a tuple of rounds")
    drawing = list(range(count))
    held: list[Value] = []
    unfinished = False
    for number, given in enumerate(rounds):
        here = f"{where}[{number}]"
        if unfinished:
            raise invalid(here, "a round after an unfinished one (POLY-7)")
        if type(given) is not tuple or not 0 < len(given) <= len(drawing):
            raise invalid(here, f"expected 1 to {len(drawing)} (seat, tile) pairs")
        draws = _check_round(here, given, drawing[: len(given)])
        held.extend(value for _, value in draws)
        unfinished = len(draws) < len(drawing)
        if unfinished:
            continue
        best = max(RANK[value] for _, value in draws)
        drawing = [seat for seat, value in draws if RANK[value] == best]
        if len(drawing) == 1:
            raise invalid(
                here,
                f"seat {drawing[0]} won the draw, so its tile lies on START and the "
                "draw is over (POLY-7)",
            )
        if set_size - len(held) < len(drawing):  # the tie cannot be drawn out
            held = []
    return held


def validate_start(where: str, value: State | View, tiles: tuple[Value, ...], bag: str) -> None:
    """An explicit game during its start-order draw: nothing but the draw has happened."""
    if any(value.totals) or value.turn != 1 or value.symbol or value.aside:
        raise invalid(
            where,
            "the start-order draw is under way, so every total is 0, the turn 1, the "
            "symbol 0 and no tile is aside (POLY-7, POLY-8)",
        )
    if _played(value):
        raise invalid(f"{where}.stacks", "a played tile before the start-order draw ended")
    held = check_start_rounds(
        f"{where}.start_draw", value.start_draw, len(value.totals), len(tiles)
    )
    contents = value.bag if isinstance(value, State) else value.bag_contents
    _check_set(where, tiles, {"start_draw": held, bag: contents})
