"""Polygon's rules: setup, reading a state, legal moves, checking, scoring, applying, result.

How it is fast: the state caches a private index of the board
(:class:`~tilegames.polygon._model.BoardIndex`) made of bit masks over the
61 spaces (empty, played, printed, the spaces each symbol reaches, the
spaces per top value). The legal places of a tile are a few mask
operations, :func:`legal_moves` is a lazy sequence over those masks, and
:func:`apply` updates the masks for the one space that changed.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Final, overload

from tilegames._core import checks, rng
from tilegames._core.bits import Mask, iter_bits, nth_bit
from tilegames._core.errors import ConfigurationError, IllegalMoveError, NotationError
from tilegames._core.moves import LazyMoves
from tilegames._core.refusal import Refusal, explain, illegal_move
from tilegames._core.rules import Outcome, Seat, rank_by
from tilegames.geometry.hexagon import Hex
from tilegames.polygon._model import (
    CELL,
    DIE_FACES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NAME,
    ORDER,
    PRINTED,
    PRINTED_DEPTH,
    RADIUS,
    RANK,
    SPACES,
    STANDARD_TILES,
    START_CELL,
    SYMBOLS,
    VALUES,
    WILD,
    BoardIndex,
    Cell,
    Draw,
    Move,
    Stack,
    State,
    Symbol,
    Value,
    View,
    fast_move,
    sorted_values,
)
from tilegames.polygon._tables import COMBINATION, CORNERS, GROUP, LINKS
from tilegames.polygon._validate import check_set, check_state

_A_STATE: Final = "a Polygon State"
_EITHER: Final = "a Polygon State or View"
_A_MOVE: Final = "a Polygon Move"
_STANDARD_SORTED: Final = sorted_values(STANDARD_TILES)
_DISCARD: Final[Cell] = -1
"""What the move check returns for a tile set aside."""

# ---------------------------------------------------------------------------
# The board index: bit masks over the spaces
# ---------------------------------------------------------------------------


def build_index(stacks: Sequence[Stack]) -> BoardIndex:
    """Index a board from scratch."""
    empty = played = printed = 0
    reach = [0, 0, 0]
    tops: dict[Value, Mask] = {}
    for cell, stack in enumerate(stacks):
        bit = 1 << cell
        if not stack:
            empty |= bit
            continue
        tops[stack[-1]] = tops.get(stack[-1], 0) | bit
        if len(stack) > PRINTED_DEPTH[cell]:
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
        index = build_index(state.stacks)
        object.__setattr__(state, "_index", index)
    return index


# ---------------------------------------------------------------------------
# Setup (POLY-7, POLY-8) and the start of a turn (POLY-9, POLY-10)
# ---------------------------------------------------------------------------


def _check_players(players: object) -> int:
    if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        msg = f"Polygon is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players!r}"
        raise ConfigurationError(msg)
    return players


def _draw_for_start(
    stream: rng.Stream, bag: list[Value], count: int
) -> tuple[list[Value], tuple[Draw, ...], Seat, Value]:
    """The start-order draw (POLY-7) from the shuffled ``bag``.

    Returns the bag afterwards (every drawn tile but the winner's back in,
    reshuffled), the rounds, the winning seat and its tile.
    """
    rounds: list[Draw] = []
    drawing: list[Seat] = list(range(count))
    held: list[Value] = []  # every tile drawn and not yet returned
    while True:
        if len(bag) < len(drawing):  # the tie cannot be drawn out: start the draw again
            bag = list(stream.shuffled(bag + held))
            held = []
        draws = tuple((seat, bag[i]) for i, seat in enumerate(drawing))
        del bag[: len(drawing)]
        held.extend(value for _, value in draws)
        rounds.append(draws)
        best = max(RANK[value] for _, value in draws)
        drawing = [seat for seat, value in draws if RANK[value] == best]
        if len(drawing) == 1:
            break
    first = drawing[0]
    start_tile = next(value for seat, value in draws if seat == first)
    held.remove(start_tile)
    return list(stream.shuffled(bag + held)), tuple(rounds), first, start_tile


def new_game(
    players: int = 2,
    *,
    seed: int | None = None,
    tiles: Iterable[Value] | None = None,
) -> State:
    """Start a game: the start-order draw, the START tile, then the first turn's roll and draw.

    The tiles are shuffled into the bag. Each seat draws one tile in seat
    order; the seats tied for the highest (WILD, then X3, then X2, then the
    numbers by value) draw again, in seat order, until one is highest alone
    (POLY-7). Should the bag hold fewer tiles than the tied seats need, every
    tile drawn so far goes back, the bag is reshuffled and the tied seats
    draw again (a [decision]). The winner's last tile goes on START, every
    other drawn tile back into the bag, and the bag is reshuffled. The winner
    starts: it rolls the die and draws two tiles (POLY-9, POLY-10).

    >>> state = new_game(players=3, seed=1)
    >>> players(state), bag_size(state), len(drawn(state))
    (3, 46, 2)

    Args:
        players: the number of seats, 2 to 4. Seats are places at the table in
            the order of play; the draw decides which of them starts.
        seed: the seed of the shuffles and die rolls; ``None`` draws a fresh one.
        tiles: a custom set instead of :data:`STANDARD_TILES`: values of
            :data:`VALUES` (case is ignored), at least one per player, with at
            least two different draw ranks so that the start draw can end.
            The state keeps it (:attr:`State.tiles`).

    Returns:
        The state at the first placement of the first turn.

    Raises:
        ConfigurationError: if ``players`` is not 2..4, ``seed`` is not an int,
            or the set is not allowed.
    """
    count = _check_players(players)
    chosen = STANDARD_TILES if tiles is None else check_set(tiles, count)
    carried = None if tiles is None else sorted_values(chosen)
    stream = rng.Stream(rng.normalize_seed(seed))
    bag, rounds, first, start_tile = _draw_for_start(stream, list(stream.shuffled(chosen)), count)
    stacks = [(PRINTED[space],) if space in PRINTED else () for space in SPACES]
    stacks[START_CELL] = (start_tile,)
    symbol = DIE_FACES[stream.randbelow(len(DIE_FACES))]
    take = min(2, len(bag))
    state = State(
        stacks=tuple(stacks),
        totals=(0,) * count,
        seat=first,
        turn=1,
        symbol=symbol,
        drawn=sorted_values(bag[:take]),
        placed=(),
        bag=tuple(bag[take:]),
        seed=stream.seed,
        aside=(),
        start_draw=rounds,
        tiles=None if carried == _STANDARD_SORTED else carried,
    )
    object.__setattr__(state, "_index", build_index(state.stacks))
    return state


def _roll(seed: int) -> tuple[Symbol, int]:
    """Roll the die (POLY-3, POLY-9): the face's symbol and the next seed."""
    face, seed = rng.randbelow(seed, len(DIE_FACES))
    return DIE_FACES[face], seed


# ---------------------------------------------------------------------------
# Reading a state
# ---------------------------------------------------------------------------


def players(state: State) -> int:
    """The number of seats."""
    if type(state) is not State:
        checks.wrong_type("polygon.players", _A_STATE, state)
    return len(state.totals)


def is_over(state: State) -> bool:
    """Whether the game has ended: the turn in which the bag ran out is over (POLY-15)."""
    if type(state) is not State:
        checks.wrong_type("polygon.is_over", _A_STATE, state)
    return not state.drawn


def to_move(state: State) -> tuple[Seat, ...]:
    """The seat whose turn it is, as a 1-tuple, or ``()`` once the game is over."""
    if type(state) is not State:
        checks.wrong_type("polygon.to_move", _A_STATE, state)
    return (state.seat,) if state.drawn else ()


def totals(state: State | View) -> tuple[int, ...]:
    """Every seat's running total, by seat (POLY-8)."""
    if type(state) is not State and type(state) is not View:
        checks.wrong_type("polygon.totals", _EITHER, state)
    return state.totals


def turn_symbol(state: State | View) -> Symbol:
    """This turn's die symbol (:data:`SYMBOLS` gives its name); the last turn's once over."""
    if type(state) is not State and type(state) is not View:
        checks.wrong_type("polygon.turn_symbol", _EITHER, state)
    return state.symbol


def drawn(state: State | View) -> tuple[Value, ...]:
    """The tiles drawn this turn and not yet placed, in :data:`VALUES` order (public)."""
    if type(state) is not State and type(state) is not View:
        checks.wrong_type("polygon.drawn", _EITHER, state)
    return state.drawn


def bag_size(state: State | View) -> int:
    """The number of tiles left in the bag."""
    if type(state) is View:
        return state.bag_size
    if type(state) is not State:
        checks.wrong_type("polygon.bag_size", _EITHER, state)
    return len(state.bag)


def placed(state: State | View) -> tuple[Hex, ...]:
    """The spaces where tiles were placed this turn, in order."""
    if type(state) is State:
        index_of(state)  # a hand-made state is checked before its numbers are read
    elif type(state) is not View:
        checks.wrong_type("polygon.placed", _EITHER, state)
    return tuple(SPACES[cell] for cell in state.placed)


def stacks(state: State | View) -> Mapping[Hex, Stack]:
    """Every space ``(q, r)`` with its stack, bottom to top, printed tiles included.

    Empty spaces map to ``()``. Values are written as in :data:`VALUES`.

    >>> board = stacks(new_game(seed=3))
    >>> len(board), board[(0, 4)], board[(1, 1)]
    (61, ('X2',), ())
    """
    if type(state) is not State and type(state) is not View:
        checks.wrong_type("polygon.stacks", _EITHER, state)
    return dict(zip(SPACES, state.stacks, strict=True))


def start_draw(state: State | View) -> tuple[Draw, ...]:
    """The start-order draw (POLY-7): per round, the ``(seat, tile)`` pairs drawn."""
    if type(state) is not State and type(state) is not View:
        checks.wrong_type("polygon.start_draw", _EITHER, state)
    return state.start_draw


def starter(state: State | View) -> Seat:
    """The seat that won the start-order draw and played the first turn (POLY-7).

    Raises:
        InvalidStateError: for a hand-made state or view without a start-order draw.
    """
    if type(state) is not State and type(state) is not View:
        checks.wrong_type("polygon.starter", _EITHER, state)
    if not state.start_draw:
        where = f"{type(state).__name__}.start_draw"
        raise checks.invalid(where, "expected at least one round of draws (POLY-7)")
    return max(state.start_draw[-1], key=lambda pair: RANK[pair[1]])[0]


def view(state: State, seat: Seat) -> View:
    """What ``seat`` may see (POLY-16): the state without the bag's order and the seed.

    Every seat sees the same: the board, the totals, the die, the drawn tiles
    and the bag's contents (every tile of the set not in sight), in
    :data:`VALUES` order.

    Raises:
        WrongTypeError: if ``state`` is not a Polygon State or ``seat`` not an int.
        SeatError: if the seat is not in the game (a ``ValueError``).
    """
    if type(state) is not State:
        checks.wrong_type("polygon.view", _A_STATE, state)
    checks.check_seat(seat, len(state.totals))
    index_of(state)
    return View(
        seat=seat,
        to_move=(state.seat,) if state.drawn else (),
        stacks=state.stacks,
        totals=state.totals,
        turn=state.turn,
        symbol=state.symbol,
        drawn=state.drawn,
        placed=state.placed,
        bag_size=len(state.bag),
        bag_contents=sorted_values(state.bag),
        aside=state.aside,
        start_draw=state.start_draw,
        tiles=state.tiles,
    )


# ---------------------------------------------------------------------------
# Legal moves
# ---------------------------------------------------------------------------


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
            _check_move(self._state, move)
        except Refusal:
            return False
        return True


def legal_moves(state: State) -> LegalMoves:
    """Every legal move of the seat to move, in the stable order of :class:`LegalMoves`.

    Empty once the game is over.

    >>> state = new_game(seed=7)
    >>> moves = legal_moves(state)
    >>> len(moves), str(moves[0]), str(moves[-1])
    (5, '2@0,0', '4@0,1')

    Raises:
        WrongTypeError: if ``state`` is not a Polygon State.
    """
    return LegalMoves(state)


# ---------------------------------------------------------------------------
# Checking, scoring and applying a move
# ---------------------------------------------------------------------------


def _check_move(state: State, move: Move) -> Cell:
    """The space number a legal move places on (-1 for a discard).

    Raises:
        Refusal: saying why the move is illegal.
    """
    hand = state.drawn
    if not hand:
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
        return _DISCARD
    cell = CELL.get(space, -1)
    if cell < 0:
        raise Refusal(f"{space} is not a space of the radius-{RADIUS} board", "POLY-4")
    if places >> cell & 1:
        return cell
    raise _placement_refusal(state, index, tile, space, cell)


def _placement_refusal(
    state: State, index: BoardIndex, tile: Value, space: Hex, cell: Cell
) -> Refusal:
    """Why ``tile`` cannot go on ``space`` (POLY-11, POLY-12)."""
    symbol = SYMBOLS[state.symbol]
    stack = state.stacks[cell]
    if not stack:
        return Refusal(
            f"{space} is empty and shares no {symbol} corner with a played tile", "POLY-11"
        )
    top = stack[-1]
    if top == tile:
        kind = "WILD never goes on WILD" if tile == WILD else "never on a tile of the same value"
        return Refusal(f"{space} has {top} on top: {kind}", "POLY-12")
    if not index.played >> cell & 1:  # pragma: no branch (the only case left)
        return Refusal(
            f"{space} holds its printed {top}, which can be covered only when it shares a "
            f"{symbol} corner with a played tile",
            "POLY-11",
        )
    return Refusal(f"{space} cannot take {tile}", "POLY-11")  # pragma: no cover


def _illegal(state: State, move: Move, refusal: Refusal) -> IllegalMoveError:
    """The error of ``apply`` and ``score_move``: the game-over reason once, else the turn."""
    if not state.drawn:
        return illegal_move(str(move), refusal, over=True)
    turn = (
        f"turn {state.turn}, seat {state.seat} to move, die {SYMBOLS[state.symbol]}, "
        f"drawn {' '.join(state.drawn)}"
    )
    return illegal_move(str(move), refusal, turn=turn)


def _checked(function: str, state: State, move: Move) -> Cell:
    """The entry checks of ``score_move`` (``apply`` has them inline); the cell of a legal move."""
    if type(state) is not State:
        checks.wrong_type(function, _A_STATE, state)
    if type(move) is not Move:
        checks.wrong_type(function, _A_MOVE, move, move=True)
    try:
        return _check_move(state, move)
    except Refusal as refusal:
        raise _illegal(state, move, refusal) from None


def why_illegal(state: State, move: Move) -> str | None:
    """``None`` if ``move`` is legal, else the reason in words with the rule id.

    >>> state = new_game(seed=7)
    >>> print(why_illegal(state, Move("2", (4, 0))))
    (4, 0) holds its printed X2, which can be covered only when it shares a
    blue circle corner with a played tile (POLY-11)

    Raises:
        WrongTypeError: if ``state`` is not a Polygon State or ``move`` not a Polygon Move.
    """
    if type(state) is not State:
        checks.wrong_type("polygon.why_illegal", _A_STATE, state)
    if type(move) is not Move:
        checks.wrong_type("polygon.why_illegal", _A_MOVE, move, move=True)
    try:
        _check_move(state, move)
    except Refusal as refusal:
        return explain(refusal)
    return None


def turn_score(board: tuple[Stack, ...], symbol: Symbol, cells: Iterable[Cell]) -> int:
    """POLY-13: the groupings of ``symbol`` holding a tile placed on ``cells`` this turn.

    The top of each of ``cells`` is a tile placed this turn. Each space lies
    in exactly one scoring corner of each symbol (POLY-5), so each placed
    tile can be credited with one grouping only, and the best assignment of
    POLY-13 simply scores every such grouping once.
    """
    total = 0
    for position in {GROUP[cell][symbol] for cell in cells}:
        if position < 0:
            continue
        a, b, c = CORNERS[position]
        sa, sb, sc = board[a], board[b], board[c]
        if sa and sb and sc:
            total += COMBINATION[sa[-1], sb[-1], sc[-1]]
    return total


def score_move(state: State, move: Move) -> int:
    """The turn's score (POLY-13) if this move were the turn's last placement.

    It counts the groupings of the turn's symbol holding a tile placed this
    turn, this move's tile included; a discard scores the placements made so
    far. The score is added to the total only at the end of the turn.

    Raises:
        IllegalMoveError: if the move is not legal.
        WrongTypeError: if ``state`` is not a Polygon State or ``move`` not a Polygon Move.
    """
    cell = _checked("polygon.score_move", state, move)
    if cell == _DISCARD:
        return turn_score(state.stacks, state.symbol, state.placed)
    board = state.stacks
    board = (*board[:cell], (*board[cell], move.tile), *board[cell + 1 :])
    return turn_score(board, state.symbol, (*state.placed, cell))


def _wrong_arguments(function: str, state: object, move: object) -> None:
    """Raise the WrongTypeError for whichever of a state and a move is of the wrong kind."""
    if type(state) is not State:
        checks.wrong_type(function, _A_STATE, state)
    checks.wrong_type(function, _A_MOVE, move, move=True)


def apply(state: State, move: Move) -> State:
    """Play a move: place (or set aside) a drawn tile; at the turn's end score and go on.

    After the last drawn tile the turn is scored (POLY-13) and added to the
    mover's total. If the bag is empty the game is over (POLY-15); otherwise
    the next seat's turn starts inside this call: the die is rolled from the
    state's seed (on the game's second turn until it differs from the first
    turn's symbol, POLY-9) and two tiles are drawn (one if one is left,
    POLY-10).

    Args:
        state: the state to move from; it is not changed.
        move: a legal move (see :func:`legal_moves`).

    Returns:
        The new state.

    Raises:
        GameOverError: if the game is over.
        IllegalMoveError: if the move is not legal; the message has the move in
            notation, the reason, the rule id and whose turn it is.
        WrongTypeError: if ``state`` is not a Polygon State or ``move`` not a
            Polygon Move (read text with :func:`~tilegames.polygon.parse_move`).
    """
    if type(state) is not State or type(move) is not Move:  # one branch on the hot path
        _wrong_arguments("polygon.apply", state, move)
    try:
        cell = _check_move(state, move)
    except Refusal as refusal:
        raise _illegal(state, move, refusal) from None
    tile = move.tile
    hand = state.drawn
    rest = hand[1:] if hand[0] == tile else hand[:1]
    board = state.stacks
    index = index_of(state)
    aside = state.aside
    placements = state.placed
    if cell == _DISCARD:
        aside = (*aside, tile)
    else:
        stack = board[cell]
        board = (*board[:cell], (*stack, tile), *board[cell + 1 :])
        index = with_tile(index, cell, stack[-1] if stack else None, tile)
        placements = (*placements, cell)
    if rest:  # the turn goes on with the other drawn tile
        after = State(
            stacks=board,
            totals=state.totals,
            seat=state.seat,
            turn=state.turn,
            symbol=state.symbol,
            drawn=rest,
            placed=placements,
            bag=state.bag,
            seed=state.seed,
            aside=aside,
            start_draw=state.start_draw,
            tiles=state.tiles,
        )
        object.__setattr__(after, "_index", index)
        return after
    seat, symbol, seed, bag = state.seat, state.symbol, state.seed, state.bag
    scores = state.totals
    points = turn_score(board, symbol, placements)
    if points:
        scores = (*scores[:seat], scores[seat] + points, *scores[seat + 1 :])
    turn = state.turn
    if bag:  # POLY-9, POLY-10: the next turn starts
        first = symbol
        symbol, seed = _roll(seed)
        if turn == 1:
            while symbol == first:
                symbol, seed = _roll(seed)
        take = 2 if len(bag) > 1 else 1
        rest = sorted_values(bag[:take])
        bag = bag[take:]
        seat = (seat + 1) % len(scores)
        turn += 1
    after = State(
        stacks=board,
        totals=scores,
        seat=seat,
        turn=turn,
        symbol=symbol,
        drawn=rest,
        placed=(),
        bag=bag,
        seed=seed,
        aside=aside,
        start_draw=state.start_draw,
        tiles=state.tiles,
    )
    object.__setattr__(after, "_index", index)
    return after


# ---------------------------------------------------------------------------
# The result (POLY-15) and the value of a grouping (POLY-14)
# ---------------------------------------------------------------------------


def outcome(state: State) -> Outcome | None:
    """The result once the game is over, else ``None``.

    The scores are the totals; the highest total wins and equal totals share
    their place (POLY-15). The outcome names its game (``"polygon"``); its
    mode is ``""``, since Polygon has no modes.

    Raises:
        WrongTypeError: if ``state`` is not a Polygon State.
    """
    if type(state) is not State:
        checks.wrong_type("polygon.outcome", _A_STATE, state)
    if state.drawn:
        return None
    return Outcome(
        scores=state.totals,
        ranking=rank_by(state.totals),
        reason="POLY-15: the bag ran out and the turn that emptied it is played",
        game=NAME,
        mode="",
    )


def combination_value(values: Iterable[Value]) -> int:
    """The points of a grouping of three tile values (POLY-14); 0 when they make no combination.

    Three of a kind ``n`` is worth ``10 * n``; a run 1-2-3, 2-3-4 or 3-4-5 is
    worth 20, 25 or 30; three WILD are worth 100. A WILD stands for any
    number, as does an X tile, which also multiplies the value by its factor
    (with several X tiles, only the highest factor counts).

    >>> combination_value(["3", "3", "3"]), combination_value(["4", "2", "3"])
    (30, 25)
    >>> combination_value(["W", "W", "W"]), combination_value(["1", "W", "X2"])
    (100, 40)
    >>> combination_value(["1", "2", "5"])
    0

    Raises:
        NotationError: if a value is not one of :data:`VALUES`.
        ValueError: if there are not exactly three values.
        WrongTypeError: if ``values`` is not a collection.
    """
    if not isinstance(values, Iterable):
        checks.wrong_type("polygon.combination_value", "three tile values", values)
    given = tuple(values)
    if len(given) != 3:
        msg = f"a grouping has three tiles, not {len(given)}: {given!r}"
        raise ValueError(msg)
    for value in given:
        if type(value) is not str or value not in ORDER:
            msg = f"{value!r} is not a tile value; values are {', '.join(VALUES)}"
            raise NotationError(msg)
    a, b, c = given
    return COMBINATION[a, b, c]
