"""Polygon's legal moves: the board index, the one move check, and the lazy move list.

The state's index (:class:`~tilegames.polygon._model.BoardIndex`: bit masks
over the 61 spaces) is built here on first use and updated by
:func:`with_tile` for the one space a placement changes; :class:`LegalMoves`
lists the moves lazily from it, and :func:`check_move` says why one move is
illegal (POLY-10, POLY-11, POLY-12, POLY-15), raising a
:class:`~tilegames._core.refusal.Refusal`.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Final, overload

from tilegames._core import checks
from tilegames._core.bits import Mask, iter_bits, nth_bit
from tilegames._core.moves import LazyMoves
from tilegames._core.refusal import Refusal
from tilegames.geometry.hexagon import Hex
from tilegames.polygon._model import (
    CELL,
    RADIUS,
    SPACES,
    SYMBOLS,
    WILD,
    X2,
    X3,
    BoardIndex,
    Cell,
    Move,
    Stack,
    State,
    Value,
    fast_move,
    printed_depth,
)
from tilegames.polygon._tables import LINKS
from tilegames.polygon._validate import check_state

_A_STATE: Final = "a Polygon State"
DISCARD: Final[Cell] = -1
"""What the move check returns for a tile set aside."""
_NOT_UNDER_WILD: Final = frozenset((WILD, X2, X3))
"""The tops a WILD may not cover (POLY-12, changed in spec v2)."""

# ---------------------------------------------------------------------------
# The board index: bit masks over the spaces
# ---------------------------------------------------------------------------


def build_index(stacks: Sequence[Stack], depth: Sequence[int]) -> BoardIndex:
    """Index a board from scratch; ``depth`` gives each space's printed tiles (0 or 1)."""
    empty = played = printed = 0
    reach = [0, 0, 0]
    tops: dict[Value, Mask] = {}
    for cell, stack in enumerate(stacks):
        bit = 1 << cell
        if not stack:
            empty |= bit
            continue
        tops[stack[-1]] = tops.get(stack[-1], 0) | bit
        if len(stack) > depth[cell]:
            played |= bit
            for symbol, link in enumerate(LINKS[cell]):
                reach[symbol] |= link
        else:
            printed |= bit
    return BoardIndex(empty, played, printed, (reach[0], reach[1], reach[2]), tops)


def with_tile(index: BoardIndex, cell: Cell, below: Value | None, value: Value) -> BoardIndex:
    """A new index: ``index`` with a tile of ``value`` placed on ``cell`` over ``below``."""
    bit = 1 << cell
    tops = index.tops.copy()
    if below is not None:
        tops[below] ^= bit
    tops[value] = tops.get(value, 0) | bit
    if index.played & bit:
        return BoardIndex(index.empty, index.played, index.printed, index.reach, tops)
    r0, r1, r2 = index.reach
    l0, l1, l2 = LINKS[cell]
    return BoardIndex(
        index.empty & ~bit,
        index.played | bit,
        index.printed & ~bit,
        (r0 | l0, r1 | l1, r2 | l2),
        tops,
    )


def index_of(state: State) -> BoardIndex:
    """The state's board index, built on first use (for states not made by the rules).

    Raises:
        InvalidStateError: if such a state does not have the shape the rules rely on.
    """
    index = state._index
    if index is None:
        check_state(state)
        index = build_index(state.stacks, printed_depth(state.board))
        object.__setattr__(state, "_index", index)
    return index


class LegalMoves(LazyMoves[Move]):
    """The legal moves of a state, as a lazy sequence: moves are built when asked for.

    The order is stable: the distinct drawn tiles in :data:`VALUES` order
    (two equal drawn tiles are one choice), and for each the spaces where it
    may go in number order (:data:`SPACES`: row by row, west to east), or,
    for a tile with no legal place, its one discard (POLY-11).

    ``len()`` is a popcount per drawn tile; indexing finds the one space
    asked for; ``in`` checks one move without listing the moves.
    """

    __slots__ = ("_counts", "_length", "_masks", "_state", "_tiles")

    def __init__(self, state: State) -> None:
        """List the moves of ``state``.

        Raises:
            WrongTypeError: if ``state`` is not a Polygon State.
        """
        if type(state) is not State:
            checks.wrong_type("polygon.legal_moves", _A_STATE, state)
        self._state = state
        hand = state.drawn
        if not hand:
            self._tiles: tuple[Value, ...] = ()
            self._masks: tuple[Mask, ...] = ()
            self._counts: tuple[int, ...] = ()
            self._length = 0
            return
        index = index_of(state)
        symbol = state.symbol
        if len(hand) == 2 and hand[0] != hand[1]:
            first, second = hand
            a, b = index.places(symbol, first), index.places(symbol, second)
            self._tiles = hand
            self._masks = (a, b)
            self._counts = (a.bit_count() or 1, b.bit_count() or 1)
        else:
            a = index.places(symbol, hand[0])
            self._tiles = hand[:1]
            self._masks = (a,)
            self._counts = (a.bit_count() or 1,)
        self._length = sum(self._counts)

    def __len__(self) -> int:
        """The number of legal moves."""
        return self._length

    @overload
    def __getitem__(self, index: int) -> Move: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Move, ...]: ...

    def __getitem__(self, index: int | slice) -> Move | tuple[Move, ...]:
        """The move at an index (the common case, an int in range, without detours)."""
        if type(index) is int and 0 <= index < self._length:
            return self._at(index)
        return super().__getitem__(index)

    def _at(self, position: int) -> Move:
        for tile, mask, count in zip(self._tiles, self._masks, self._counts, strict=True):
            if position < count:
                return fast_move(tile, SPACES[nth_bit(mask, position)] if mask else None)
            position -= count
        raise IndexError(position)  # pragma: no cover (positions are checked by LazyMoves)

    def __iter__(self) -> Iterator[Move]:
        """Every legal move, in order."""
        for tile, mask in zip(self._tiles, self._masks, strict=True):
            if not mask:
                yield fast_move(tile, None)
            for cell in iter_bits(mask):
                yield fast_move(tile, SPACES[cell])

    def __contains__(self, move: object) -> bool:
        """Whether ``move`` is a legal move of the state (without listing the moves)."""
        if type(move) is not Move:
            return False
        try:
            check_move(self._state, move)
        except Refusal:
            return False
        return True


def check_move(state: State, move: Move) -> Cell:
    """The space number a legal move places on (-1 for a discard).

    Raises:
        Refusal: saying why the move is illegal.
    """
    hand = state.drawn
    if not hand:
        if state.step:  # an explicit game waits for chance
            from tilegames.polygon._chance import check_outcome  # late: _chance imports this

            check_outcome(state, move)
        raise Refusal("the game is over: the bag ran out and its last turn is played", "POLY-15")
    tile = move.tile
    if tile not in hand:
        raise Refusal(f"tile {tile} is not among the drawn tiles ({', '.join(hand)})", "POLY-10")
    index = index_of(state)
    places = index.places(state.symbol, tile)
    space = move.space
    if space is None:
        if places:
            example = Move(tile, SPACES[nth_bit(places, 0)])
            reason = (
                f"tile {tile} can be placed ({places.bit_count()} legal places, such as "
                f"{example}); a tile is set aside only when it has no legal place"
            )
            raise Refusal(reason, "POLY-11")
        return DISCARD
    cell = CELL.get(space, -1)
    if cell < 0:
        raise Refusal(f"{space} is not a space of the radius-{RADIUS} board", "POLY-4")
    if places >> cell & 1:
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
    what = "a played" if index.played >> cell & 1 else "its printed"
    return Refusal(
        f"{space} holds {what} {top}, which can be covered only when the space shares a "
        f"{symbol} corner with another space holding a played tile",
        "POLY-11",
    )
