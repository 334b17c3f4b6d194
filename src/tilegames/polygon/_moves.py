"""Polygon's computations on a well-formed position: legal moves, the one move check, refusals.

:class:`LegalMoves` lists the moves lazily from a state's board index
(:data:`~tilegames.polygon._model.BoardIndex`: bit masks over the 61
spaces, :func:`~tilegames.polygon._tables.index_of`), and
:func:`check_move` is the one check of a move on a state checked already: a
placement (POLY-10, POLY-11, POLY-12, POLY-15) or, at an explicit game's
chance step, a chance outcome (POLY-7, POLY-9, POLY-10), raising a
:class:`~tilegames._core.refusal.Refusal`. The start-order draw's seats
(:func:`next_drawer`, :func:`highest`) and the symbols a roll may show
(:func:`roll_symbols`) are here too, read by the check, by chance
(:mod:`~tilegames.polygon._explicit`) and by validation alike.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Final, cast, overload

from tilegames._core import checks
from tilegames._core.bits import Mask, iter_bits
from tilegames._core.moves import LazyMoves
from tilegames._core.refusal import Refusal
from tilegames._core.rules import Seat
from tilegames.geometry.hexagon import Hex
from tilegames.polygon._model import (
    CELL,
    MOVES,
    RADIUS,
    RANK,
    ROLL,
    SPACES,
    START_DRAW,
    SYMBOLS,
    TITLE,
    WILD,
    X2,
    X3,
    AnyMove,
    BoardIndex,
    Cell,
    Place,
    Roll,
    Round,
    State,
    Value,
    places,
)
from tilegames.polygon._tables import index_of

_A_STATE: Final = f"a {TITLE} State"
DISCARD: Final[Cell] = -1
"""What the move check returns for a tile set aside; also its place in a row of :data:`MOVES`."""
_NOT_UNDER_WILD: Final = frozenset((WILD, X2, X3))
"""The tops a WILD may not cover (POLY-12, changed in spec v2)."""


_LOW_32: Final = (1 << 32) - 1
_LOW_16: Final = (1 << 16) - 1


def _byte_cells() -> tuple[tuple[int, ...], ...]:
    """For each byte value, the positions of its set bits, lowest first."""
    return tuple(tuple(bit for bit in range(8) if byte >> bit & 1) for byte in range(256))


_BYTE_CELLS: Final = _byte_cells()


def nth_cell(mask: Mask, n: int) -> Cell:
    """The ``n``-th (from 0) space of ``mask``, a mask of the 61 spaces; ``0 <= n < popcount``.

    :func:`~tilegames._core.bits.nth_bit` for a mask of at most 64 bits (the
    board has 61 spaces), a little faster: the population counts of the low
    32, then 16 bits say which half holds the space, then a table of the set
    bits of each byte reads it.
    """
    position = 0
    low = mask & _LOW_32
    count = low.bit_count()
    if n >= count:
        n -= count
        mask >>= 32
        position = 32
    else:
        mask = low
    low = mask & _LOW_16
    count = low.bit_count()
    if n >= count:
        n -= count
        mask >>= 16
        position += 16
    else:
        mask = low
    found = _BYTE_CELLS[mask & 0xFF]
    if n < len(found):
        return position + found[n]
    return position + 8 + _BYTE_CELLS[mask >> 8][n - len(found)]


class LegalMoves(LazyMoves[Place]):
    """The legal moves of a state, as a lazy sequence: moves are found when asked for.

    The order is stable: the distinct drawn tiles in :data:`VALUES` order
    (two equal drawn tiles are one choice), and for each the spaces where it
    may go in number order (:data:`SPACES`: row by row, west to east), or,
    for a tile with no legal place, its one discard (POLY-11).

    ``len()`` is a popcount per drawn tile; indexing finds the one space
    asked for and hands out its move from :data:`MOVES`; ``in`` checks one
    move without listing the moves.
    """

    __slots__ = ("_length", "_masks", "_rows", "_split", "_state")

    def __init__(self, state: State) -> None:
        """List the moves of ``state`` (errors as :meth:`tilegames.Rules.legal_moves`)."""
        if type(state) is not State:
            checks.wrong_type("polygon.legal_moves", _A_STATE, state)
        self._state = state
        hand = state.drawn
        if not hand:
            self._rows: tuple[tuple[Place, ...], ...] = ()  # per distinct drawn tile, its MOVES
            self._masks: tuple[Mask, ...] = ()  # per distinct drawn tile, its places
            self._split = self._length = 0  # _split: the first tile's number of moves
            return
        index = state._index
        if index is None:
            index = index_of(state)
        _, reaches, blocked = index
        reach = reaches[state.symbol]
        first = hand[0]
        a = reach & ~blocked[first]  # its places (see places(), inline)
        count = a.bit_count() or 1  # a tile with no place has its one discard
        if len(hand) == 2 and hand[1] != first:
            second = hand[1]
            b = reach & ~blocked[second]
            other = b.bit_count() or 1
            self._rows = (MOVES[first], MOVES[second])
            self._masks = (a, b)
            self._split = count
            self._length = count + other
        else:
            self._rows = (MOVES[first],)
            self._masks = (a,)
            self._split = self._length = count

    def __len__(self) -> int:
        """The number of legal moves."""
        return self._length

    @overload
    def __getitem__(self, index: int) -> Place: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Place, ...]: ...

    def __getitem__(self, index: int | slice) -> Place | tuple[Place, ...]:
        """The move at an index (the common case, an int in range, without detours)."""
        if type(index) is int and 0 <= index < self._length:
            split = self._split
            if index < split:
                row, mask = self._rows[0], self._masks[0]
            else:  # the second drawn tile's moves follow the first's
                index -= split
                row, mask = self._rows[1], self._masks[1]
            return row[nth_cell(mask, index)] if mask else row[DISCARD]
        return super().__getitem__(index)

    def _at(self, position: int) -> Place:
        """The move at a position in range (slices and negative indexes come here)."""
        return self[position]

    def __iter__(self) -> Iterator[Place]:
        """Every legal move, in order."""
        for row, mask in zip(self._rows, self._masks, strict=True):
            if not mask:
                yield row[DISCARD]
            for cell in iter_bits(mask):
                yield row[cell]

    def __contains__(self, move: object) -> bool:
        """Whether ``move`` is a legal move of the state (without listing the moves)."""
        if type(move) is not Place:
            return False
        state = self._state
        if listed_cell(state, move) is not None:
            return True
        try:
            check_move(state, move)
        except Refusal:
            return False
        return True


def listed_cell(state: object, move: object) -> Cell | None:
    """The space number of a placement on one of its tile's places, as ``legal_moves`` lists them.

    One bit test, the same that ``apply`` makes before it trusts a move;
    ``None`` for anything else (a discard, a chance outcome, a state not yet
    indexed, any illegal move or a value of another type), which then needs
    the full check. ``apply`` writes the test out inline: calling this costs
    it 2 to 3% of a random game.
    """
    if type(state) is not State or type(move) is not Place:
        return None
    index = state._index
    space = move.space
    if index is None or space is None:
        return None
    cell = CELL.get(space, DISCARD)
    tile = move.tile
    if cell < 0 or tile not in state.drawn or not places(index, state.symbol, tile) >> cell & 1:
        return None
    return cell


def check_move(state: State, move: AnyMove) -> Cell | None:
    """The one check of a move on a checked state: the space number a legal placement takes.

    -1 for a discard, ``None`` for a legal chance outcome. The game over
    first; then a placement at a seat's step, anything else as chance's move.

    Raises:
        Refusal: saying why the move or outcome is illegal.
    """
    hand = state.drawn
    if not hand and not state.step:
        raise Refusal("the game is over: the bag ran out and its last turn is played", "POLY-15")
    if type(move) is not Place or not hand:
        _check_outcome(state, move)  # a chance step (a placement is refused there)
        return None
    tile = move.tile
    if tile not in hand:
        raise Refusal(f"tile {tile} is not among the drawn tiles ({', '.join(hand)})", "POLY-10")
    index = cast(BoardIndex, state._index)  # indexed: by the hand-made check or LegalMoves
    _, reach, blocked = index
    allowed = reach[state.symbol] & ~blocked[tile]  # places(), inline
    space = move.space
    if space is None:
        if allowed:
            example = Place(tile, SPACES[nth_cell(allowed, 0)])
            reason = (
                f"tile {tile} can be placed ({allowed.bit_count()} legal places, such as "
                f"{example}); a tile is set aside only when it has no legal place"
            )
            raise Refusal(reason, "POLY-11")
        return DISCARD
    cell = CELL.get(space, -1)
    if cell < 0:
        raise Refusal(f"{space} is not a space of the radius-{RADIUS} board", "POLY-4")
    if allowed >> cell & 1:
        return cell
    raise _placement_refusal(state, index, tile, space, cell)


def _placement_refusal(
    state: State, index: BoardIndex, tile: Value, space: Hex, cell: Cell
) -> Refusal:
    """Why ``tile`` cannot go on ``space`` (POLY-11, POLY-12 of spec v2)."""
    symbol = SYMBOLS[state.symbol]
    stack = state.stacks[cell]
    if not stack:
        return Refusal(
            f"{space} is empty and shares no {symbol} corner with a played tile", "POLY-11"
        )
    top = stack[-1]
    if top == tile:
        return Refusal(f"{space} has {top} on top: never on a tile of the same value", "POLY-12")
    if tile == WILD and top in _NOT_UNDER_WILD:
        return Refusal(
            f"{space} has {top} on top: a WILD goes only on a number tile 1..5", "POLY-12"
        )
    played, _, _ = index
    what = "a played" if played >> cell & 1 else "its printed"
    return Refusal(
        f"{space} holds {what} {top}, which can be covered only when the space shares a "
        f"{symbol} corner with another space holding a played tile",
        "POLY-11",
    )


# ---------------------------------------------------------------------------
# Chance's move: the check of an outcome, and what the state says chance may do
# ---------------------------------------------------------------------------


def _check_outcome(state: State, outcome: AnyMove) -> None:
    """Refuse a chance outcome that cannot happen now, or a placement at a chance step.

    The game is not over (:func:`check_move` said so first).

    Raises:
        Refusal: saying why.
    """
    if state.drawn:  # a seat's step: no chance outcome is due
        raise Refusal(
            f"seat {state.seat} is to place a drawn tile ({', '.join(state.drawn)}); a chance "
            "outcome is entered only when chance is to move (an explicit game's die roll or draw)",
            "POLY-10",
        )
    step = state.step
    waiting, rule = _waiting(state)
    if isinstance(outcome, Place):
        raise Refusal(f"chance is to move: {waiting}, not a placement", rule)
    if isinstance(outcome, Roll):
        if step != ROLL:
            raise Refusal(f"chance is to move: {waiting}, not a die roll", rule)
        allowed = roll_symbols(state)
        if outcome.symbol not in allowed:
            raise Refusal(
                f"the die is rolled again until it differs from the first turn's "
                f"{SYMBOLS[state.symbol]}, so the roll of the game's second turn shows "
                f"{' or '.join(SYMBOLS[s] for s in allowed)}",
                "POLY-9",
            )
        return
    if step == ROLL:
        raise Refusal(f"chance is to move: {waiting}, not a draw", "POLY-9")
    tile = outcome.tile
    if tile not in state.bag:
        contents = " ".join(state.bag) or "nothing"
        raise Refusal(f"tile {tile} is not in the bag, which holds {contents}", rule)


def _waiting(state: State) -> tuple[str, str]:
    """What chance is to do at its step, in words, and the rule of that step."""
    step = state.step
    if step == START_DRAW:
        seat, _ = next_drawer(state.start_draw, len(state.totals))
        return f"seat {seat} draws a tile for the start order", "POLY-7"
    if step == ROLL:
        return f"the die is rolled for turn {state.turn}", "POLY-9"
    return f"a tile is drawn for turn {state.turn}", "POLY-10"


def roll_symbols(state: State) -> tuple[int, ...]:
    """The symbols the turn's roll may show: all three, or on turn 2 the two new ones."""
    if state.turn == 2:
        return tuple(symbol for symbol in range(len(SYMBOLS)) if symbol != state.symbol)
    return tuple(range(len(SYMBOLS)))


def highest(draws: Sequence[tuple[Seat, Value]]) -> list[Seat]:
    """The seats of a round of the start-order draw tied for its highest tile (POLY-7)."""
    best = max(RANK[value] for _, value in draws)
    return [seat for seat, value in draws if RANK[value] == best]


def next_drawer(rounds: Sequence[Round], count: int) -> tuple[Seat, list[Seat]]:
    """The seat that draws next in an undecided start-order draw, and the seats of its round.

    Only the last two rounds are read (a draw is played tile by tile, so the
    work stays linear in its length): the seats of a round are those tied in
    the round before, every seat in the first.

    Raises:
        ValueError: if the last round decides the draw.
    """
    drawing = highest(rounds[-2]) if len(rounds) > 1 else list(range(count))
    if rounds:
        draws = rounds[-1]
        if len(draws) < len(drawing):
            return drawing[len(draws)], drawing
        drawing = highest(draws)
        if len(drawing) == 1:
            msg = "the start-order draw is decided"
            raise ValueError(msg)
    return drawing[0], drawing
