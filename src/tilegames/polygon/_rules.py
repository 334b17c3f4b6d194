"""Polygon's rules: setup, reading a state, legal moves, checking, scoring, applying, result.

How it is fast: the state caches a private index of the board
(:data:`~tilegames.polygon._model.BoardIndex`) made of bit masks over the
61 spaces (the played spaces, the spaces each symbol reaches, the spaces
each value may not cover). The legal places of a tile are two mask
operations, :func:`legal_moves` is a lazy sequence over those masks that
hands out moves from a table, and :func:`apply` accepts a move on one of
them with one bit test, then updates the masks for the one space that
changed and builds the next State in one call, by position. A new game
starts from a cached board and index per START tile.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from itertools import islice
from typing import Final, cast

from tilegames._core import checks, rng
from tilegames._core.chance import CHANCE, EXPLICIT, SEEDED, chance_mode
from tilegames._core.checks import check_players, shown
from tilegames._core.errors import NotationError
from tilegames._core.options import CHANCE_OPTION, Option
from tilegames._core.refusal import Refusal, explain, illegal_move
from tilegames._core.rules import Outcome, Seat, rank_by
from tilegames.geometry.hexagon import Hex
from tilegames.polygon._checks import (
    check_numbers,
    check_printing,
    check_scoring,
    check_set,
    read_values,
)
from tilegames.polygon._explicit import apply_outcome, chance_moves, end_turn, start_state
from tilegames.polygon._explicit import chance_outcomes as _chance_outcomes
from tilegames.polygon._model import (
    CELL,
    DRAWS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NAME,
    ORDER,
    PLAY,
    RANK,
    SPACES,
    STANDARD_BOARD,
    STANDARD_SORTED,
    STANDARD_TILES,
    START_DRAW,
    SYMBOLS,
    TITLE,
    VALUES,
    AnyMove,
    BoardIndex,
    Cell,
    Draw,
    Place,
    Roll,
    Round,
    Scoring,
    Stack,
    State,
    Symbol,
    Value,
    View,
    bag_contents,
    printed_of,
    set_slot,
    sorted_values,
)
from tilegames.polygon._moves import DISCARD, LegalMoves, check_move, listed_cell
from tilegames.polygon._tables import (
    COMBINATION,
    STANDARD_SCORING,
    combination_table,
    expand_scoring,
    turn_score,
    with_tile,
)
from tilegames.polygon._validate import check_hand_made

_A_STATE: Final = f"a {TITLE} State"
_EITHER: Final = f"a {TITLE} State or View"
_A_MOVE: Final = f"a {TITLE} move (Place, Draw or Roll)"


def _position(function: str, state: object, kinds: tuple[type, ...] = (State, View)) -> None:
    """Refuse a ``state`` of none of ``kinds`` with the WrongTypeError of ``function``."""
    if type(state) not in kinds:
        checks.wrong_type(f"polygon.{function}", _EITHER if View in kinds else _A_STATE, state)


# ---------------------------------------------------------------------------
# Setup (POLY-7, POLY-8) and the start of a turn (POLY-9, POLY-10)
# ---------------------------------------------------------------------------


def new_game(
    players: int = 2,
    *,
    seed: int | None = None,
    tiles: Iterable[Value] | None = None,
    scoring: object = None,
    board: object = None,
    chance: str = "seeded",
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
        scoring: a complete scoring table instead of the spec's
            (:data:`STANDARD_SCORING`, POLY-14): the points of every one of the
            120 combinations of three values, as a mapping ``{"1-1-1": 10,
            ...}`` or ``(combination, points)`` pairs; a combination is
            written ``"2-3-4"`` (any order, any case) or as three values.
            :func:`scoring_table` builds one from the number combinations of
            a card with the WILD and X rules. The state keeps it
            (:attr:`State.scoring`).
        board: the printed tiles instead of :data:`STANDARD_BOARD` (POLY-4):
            a mapping ``{(q, r): "W", ...}`` or ``((q, r), value)`` pairs, each
            value a WILD or X tile (``"W"``, ``"X2"``, ``"X3"``), on spaces of
            the board other than START; ``{}`` prints none. The state keeps it
            (:attr:`State.board`).
        chance: ``"seeded"`` (the default): the shuffles, the start draw, the
            rolls and the draws come from ``seed``. ``"explicit"``: each is a
            step of the chance seat (:data:`~tilegames.CHANCE`), entered with
            :func:`apply` as a :class:`Draw` or :class:`Roll` (see
            :func:`chance_outcomes`); ``seed`` then seeds nothing and is kept
            for the record.

    Returns:
        The state at the first placement of the first turn; in an explicit
        game, the state before the start-order draw's first tile.

    Raises:
        ConfigurationError: if ``players`` is not 2..4, ``seed`` is not an int,
            the set, the table or the board is not allowed, or ``chance`` is
            not ``"seeded"`` or ``"explicit"``.
    """
    mode = chance_mode(chance)
    count = check_players(TITLE, players, MIN_PLAYERS, MAX_PLAYERS)
    chosen = STANDARD_TILES if tiles is None else check_set(tiles, count)
    carried = None if tiles is None else sorted_values(chosen)
    carried = None if carried == STANDARD_SORTED else carried
    table = None if scoring is None else check_scoring(scoring)
    table = None if table == STANDARD_SCORING else table
    printing = None if board is None else check_printing(board)
    printing = None if printing == STANDARD_BOARD else printing
    if mode == EXPLICIT:  # nothing is drawn from the seed: kept as given, 0 when none
        kept, bag = rng.normalize_seed(0 if seed is None else seed), sorted_values(chosen)
    else:
        bag, kept = rng.shuffled(rng.normalize_seed(seed), chosen)
    state = start_state(count, kept, bag, carried, table, printing, mode == EXPLICIT)
    if mode == SEEDED:  # the seed draws the start order: from the bag's front, to the end
        state = apply_outcome(state, DRAWS[bag[0]])
    return state


OPTIONS: Final = (
    Option(
        "tiles",
        tuple[str, ...],
        None,
        "a custom set instead of the standard one: tile values ('1' .. '5', 'W', 'X2', 'X3'), "
        "at least one per player; None: the standard set (POLY-2)",
        written=read_values,
    ),
    Option(
        "scoring",
        tuple[tuple[str, int], ...],
        None,
        "a complete scoring table instead of the spec's: the points of each of the 120 "
        "combinations, as a mapping {'1-1-1': 10, ...} or pairs; None: the spec's (POLY-14)",
        written=check_scoring,
    ),
    Option(
        "board",
        tuple[tuple[tuple[int, int], str], ...],
        None,
        "the printed tiles instead of the standard board: a mapping {(q, r): 'W', ...} or "
        "pairs, each a WILD or an X tile off START; {} prints none; None: the standard (POLY-4)",
        written=check_printing,
    ),
    CHANCE_OPTION,
)
"""The options of :func:`new_game`, declared (:attr:`tilegames.Rules.options`)."""


# ---------------------------------------------------------------------------
# Reading a state
# ---------------------------------------------------------------------------


def players(state: State) -> int:
    """The number of seats."""
    _position("players", state, (State,))
    return len(state.totals)


def is_over(state: State) -> bool:
    """Whether the game has ended: the turn in which the bag ran out is over (POLY-15)."""
    if type(state) is not State:
        checks.wrong_type("polygon.is_over", _A_STATE, state)
    return not state.drawn and not state.step


def to_move(state: State) -> tuple[Seat, ...]:
    """The seat whose turn it is, as a 1-tuple, or ``()`` once the game is over.

    At a chance step of an explicit game: ``(CHANCE,)``.
    """
    if type(state) is not State:
        checks.wrong_type("polygon.to_move", _A_STATE, state)
    if state.drawn:
        return (state.seat,)
    return (CHANCE,) if state.step else ()


def totals(state: State | View) -> tuple[int, ...]:
    """Every seat's running total, by seat (POLY-8)."""
    _position("totals", state)
    return state.totals


def turn_symbol(state: State | View) -> Symbol:
    """This turn's die symbol (:data:`SYMBOLS` gives its name); the last turn's once over."""
    _position("turn_symbol", state)
    return state.symbol


def drawn(state: State | View) -> tuple[Value, ...]:
    """The tiles drawn this turn and not yet placed, in :data:`VALUES` order (public)."""
    _position("drawn", state)
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
        check_hand_made(state)  # a hand-made state is checked before its numbers are read
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
    _position("stacks", state)
    return dict(zip(SPACES, state.stacks, strict=True))


def start_draw(state: State | View) -> tuple[Round, ...]:
    """The start-order draw (POLY-7): per round, the ``(seat, tile)`` pairs drawn."""
    _position("start_draw", state)
    return state.start_draw


def starter(state: State | View) -> Seat:
    """The seat that won the start-order draw and played the first turn (POLY-7).

    Raises:
        InvalidStateError: for a hand-made state or view without a start-order draw,
            or an explicit game's during the draw.
    """
    _position("starter", state)
    where = f"{type(state).__name__}.start_draw"
    if not state.start_draw:
        raise checks.invalid(where, "expected at least one round of draws (POLY-7)")
    if state.step == START_DRAW:
        raise checks.invalid(where, "the start-order draw is under way: no seat has won it yet")
    return max(state.start_draw[-1], key=lambda pair: RANK[pair[1]])[0]


def view(state: State, seat: Seat | None) -> View:
    """What ``seat`` may see (POLY-16): the state without the bag's order and the seed.

    Every seat sees the same, and so does an onlooker (``seat=None``, the
    public view): the board, the totals, the die, the drawn tiles and the
    bag's contents (every tile of the set not in sight), in :data:`VALUES`
    order.

    Arguments, result and errors as :meth:`tilegames.Rules.view`.
    """
    _position("view", state, (State,))
    if seat is not None:
        checks.check_seat(seat, len(state.totals), public=True)
    if state._index is None:
        check_hand_made(state)  # a hand-made state is checked before it is shown
    return View(  # by position, in declaration order, as in apply
        seat,
        to_move(state),
        state.stacks,
        state.totals,
        state.turn,
        state.symbol,
        state.drawn,
        state.placed,
        len(state.bag),  # bag_size
        bag_contents(state.bag),
        state.aside,
        state.start_draw,
        state.tiles,
        state.scoring,
        state.board,
        state.explicit,
        state.step,
        state.first_drawn,
    )


# ---------------------------------------------------------------------------
# Legal moves
# ---------------------------------------------------------------------------


def legal_moves(state: State) -> LegalMoves | tuple[Draw | Roll, ...]:
    """Every legal move of the seat to move, in the stable order of :class:`LegalMoves`.

    Empty once the game is over. At a chance step of an explicit game: the
    outcomes of :func:`chance_outcomes`, in its order (each distinct tile in
    the bag once, in :data:`VALUES` order, or the die's symbols in symbol order).

    >>> state = new_game(seed=7)
    >>> moves = legal_moves(state)
    >>> len(moves), str(moves[0]), str(moves[-1])
    (4, '2@1,0', '4@0,1')

    Arguments, result and errors as :meth:`tilegames.Rules.legal_moves`.
    """
    if type(state) is State:
        if state._index is None:
            check_hand_made(state)  # a hand-made state is checked before it is read
        if not state.drawn and state.step:
            return chance_moves(state)
    return LegalMoves(state)


def chance_outcomes(state: State) -> tuple[tuple[AnyMove, Fraction], ...]:
    """The outcomes of the chance step ``state`` waits for, each once, with its probability.

    ``()`` unless the state is at a chance step of an explicit game
    (``to_move(state) == (CHANCE,)``), so always ``()`` in a seeded game.
    A draw (the start-order draw's, POLY-7, or a turn's, POLY-10) gives one
    :class:`Draw` per distinct tile in the bag, in :data:`VALUES` order, with
    probability (its count in the bag) / (tiles in the bag); a roll
    (POLY-9) gives a :class:`Roll` per symbol, 1/3 each, or on the game's
    second turn the two symbols other than the first turn's, 1/2 each.

    >>> state = new_game(tiles=["1", "1", "1", "W"], chance="explicit")
    >>> [(str(draw), str(p)) for draw, p in chance_outcomes(state)]
    [('+1', '3/4'), ('+W', '1/4')]

    Arguments, result and errors as :attr:`tilegames.Rules.chance_outcomes`.
    """
    _position("chance_outcomes", state, (State,))
    check_hand_made(state)  # a hand-made state is checked before it is read
    return _chance_outcomes(state)


# ---------------------------------------------------------------------------
# Checking, scoring and applying a move
# ---------------------------------------------------------------------------


def _check(function: str, state: State, move: AnyMove) -> Cell | None:
    """The entry checks, then the move check: the cell of a legal move, ``None`` for an outcome.

    Raises:
        Refusal: saying why the move or chance outcome is illegal.
    """
    if type(state) is not State:
        checks.wrong_type(function, _A_STATE, state)
    placing = type(move) is Place
    if not placing and type(move) is not Draw and type(move) is not Roll:
        checks.wrong_type(function, _A_MOVE, move, move=True)
    hand = state.drawn
    if state._index is None and (not placing or (hand and cast(Place, move).tile in hand)):
        check_hand_made(state)  # a hand-made state is checked before its board is read
    return check_move(state, move)


def _checked(function: str, state: State, move: AnyMove) -> Cell | None:
    """The checks of ``apply`` and ``score_move`` off their quick paths; a legal move's cell.

    ``None`` for a legal chance outcome. The error names the game over once,
    else whose turn it is.
    """
    try:
        return _check(function, state, move)
    except Refusal as refusal:
        if state.drawn:
            turn = (
                f"turn {state.turn}, seat {state.seat} to move, die {SYMBOLS[state.symbol]}, "
                f"drawn {' '.join(state.drawn)}"
            )
        elif state.step:
            turn = f"turn {state.turn}, chance to move ({state.step} step of an explicit game)"
        else:
            raise illegal_move(str(move), refusal, over=True) from None
        raise illegal_move(str(move), refusal, turn=turn) from None


def why_illegal(state: State, move: AnyMove) -> str | None:
    """``None`` if ``move`` is legal, else the reason in words with the rule id.

    >>> state = new_game(seed=7)
    >>> print(why_illegal(state, Place("2", (0, 0))))
    (0, 0) holds a played 4, which can be covered only when the space shares a blue circle
    corner with another space holding a played tile (POLY-11)

    Arguments, result and errors as :meth:`tilegames.Rules.why_illegal`.
    """
    try:
        _check("polygon.why_illegal", state, move)
    except Refusal as refusal:
        return explain(refusal)
    return None


def score_move(state: State, move: AnyMove) -> int:
    """The turn's score (POLY-13) if this move were the turn's last placement.

    It counts the groupings of the turn's symbol holding a tile placed this
    turn, this move's tile included, with the state's scoring table; a
    discard scores the placements made so far. The score is added to the
    total only at the end of the turn. A chance outcome scores 0.

    Arguments, result and errors as :meth:`tilegames.Rules.score_move`.
    """
    cell = listed_cell(state, move)
    if cell is None:  # not a placement as legal_moves lists them: the full check
        cell = _checked("polygon.score_move", state, move)
        if cell is None or type(move) is not Place:
            return 0
    table = combination_table(state.scoring)
    if cell == DISCARD:
        return turn_score(state.stacks, state.symbol, state.placed, table)
    board = state.stacks
    tile = cast(Place, move).tile  # a placement here: a discard and chance returned above
    board = (*board[:cell], (*board[cell], tile), *board[cell + 1 :])
    return turn_score(board, state.symbol, (*state.placed, cell), table)


def apply(state: State, move: AnyMove) -> State:
    """Play a move: place (or set aside) a drawn tile; at the turn's end score and go on.

    After the last drawn tile the turn is scored (POLY-13) and added to the
    mover's total. If the bag is empty the game is over (POLY-15); otherwise
    the next seat's turn starts inside this call: the die is rolled from the
    state's seed (on the game's second turn until it differs from the first
    turn's symbol, POLY-9) and two tiles are drawn (one if one is left,
    POLY-10). In an explicit game the next turn waits for chance instead:
    its roll and draws are outcomes (:class:`Roll`, :class:`Draw`) applied
    one by one.

    Arguments, result and errors as :meth:`tilegames.Rules.apply`.
    """
    cell: Cell | None = None
    index: BoardIndex | None = None
    if type(state) is State and type(move) is Place:  # the quick path: one bit test
        tile = move.tile
        hand = state.drawn
        index = state._index
        space = move.space
        cell = DISCARD if space is None else CELL.get(space, DISCARD)  # DISCARD: off the board too
        if (
            index is None
            or cell < 0
            or tile not in hand
            or not (index[1][state.symbol] & ~index[2][tile]) >> cell & 1  # places(), inline
        ):
            cell = None
    if cell is None or index is None:
        # Not a placement on one of the tile's places, as legal_moves lists them: a
        # discard, a hand-made state's first move, a chance outcome or an illegal
        # move. The one full check, then a chance outcome's step.
        cell = _checked("polygon.apply", state, move)
        if cell is None:
            return apply_outcome(state, cast(Draw | Roll, move))
        tile, hand = cast(Place, move).tile, state.drawn
        index = cast(BoardIndex, state._index)  # the check built it
    rest = hand[1:] if hand[0] == tile else hand[:1]
    board = state.stacks
    aside = state.aside
    placements = state.placed
    if cell == DISCARD:
        aside = (*aside, tile)
    else:
        stack = board[cell]
        spaces = list(board)  # a list and back: the cheapest copy of a 61-tuple with one change
        spaces[cell] = (*stack, tile)
        board = tuple(spaces)
        index = with_tile(index, cell, stack[-1] if stack else None, tile)
        placements = (*placements, cell)
    if rest:  # the turn goes on with the other drawn tile
        totals, seat, turn, symbol, bag, seed, step = (
            state.totals,
            state.seat,
            state.turn,
            state.symbol,
            state.bag,
            state.seed,
            PLAY,  # a seat is placing
        )
    else:  # the turn is scored (POLY-13), and the next one starts
        table = COMBINATION if state.scoring is None else combination_table(state.scoring)
        points = turn_score(board, state.symbol, placements, table)
        totals, seat, turn, symbol, rest, bag, seed, step = end_turn(state, points)
        placements = ()
    # The State's fields are given by position, in declaration order (test_polygon_speed
    # checks the order): keywords would cost a third of the call on the hot path.
    after = State(
        board,
        totals,
        seat,
        turn,
        symbol,
        rest,  # drawn
        placements,
        bag,
        seed,
        aside,
        state.start_draw,
        state.tiles,
        state.scoring,
        state.board,
        state.explicit,
        step,
        (),  # first_drawn
    )
    set_slot(after, "_index", index)
    return after


# ---------------------------------------------------------------------------
# The result (POLY-15) and the value of a grouping (POLY-14)
# ---------------------------------------------------------------------------


def outcome(state: State) -> Outcome | None:
    """The result once the game is over, else ``None``.

    The scores are the totals; the highest total wins and equal totals share
    their place (POLY-15). The outcome names its game (``"polygon"``); its
    mode is ``""``, since Polygon has no modes.

    Arguments, result and errors as :meth:`tilegames.Rules.outcome`.
    """
    _position("outcome", state, (State,))
    if state.drawn or state.step:
        return None
    return Outcome(
        scores=state.totals,
        ranking=rank_by(state.totals),
        reason="POLY-15: the bag ran out and the turn that emptied it is played",
        game=NAME,
        mode="",
    )


def combination_value(values: Iterable[Value], *, scoring: object = None) -> int:
    """The points of a grouping of three tile values (POLY-14); 0 when they make no combination.

    With the spec's table (the default): three of a kind ``n`` is worth
    ``10 * n``; a run 1-2-3, 2-3-4 or 3-4-5 is worth 20, 25 or 30; three
    WILD are worth 100. A WILD stands for any number, as does an X tile,
    which also multiplies the value by its factor (with several X tiles, only
    the highest factor counts).

    >>> combination_value(["3", "3", "3"]), combination_value(["4", "2", "3"])
    (30, 25)
    >>> combination_value(["W", "W", "W"]), combination_value(["1", "W", "X2"])
    (100, 40)
    >>> combination_value(["1", "2", "5"])
    0

    Args:
        values: three tile values, in any order.
        scoring: a complete table in any form ``new_game(scoring=...)``
            takes, or ``None`` for the spec's.

    Raises:
        ConfigurationError: if ``scoring`` is not a complete table.
        NotationError: if a value is not one of :data:`VALUES`, or there are
            not exactly three values (an endless iterable is read no further
            than a fourth).
        WrongTypeError: if ``values`` is not a collection, or is one string.
    """
    if not isinstance(values, Iterable) or isinstance(values, (str, bytes)):
        checks.wrong_type("polygon.combination_value", "three tile values", values)
    given = tuple(islice(values, 4))
    if len(given) != 3:
        count = "more than 3" if len(given) > 3 else str(len(given))
        msg = (
            f"polygon.combination_value: a grouping has three tiles, not {count}: "
            f"{shown(given)} (POLY-6, POLY-14)"
        )
        raise NotationError(msg)
    for value in given:
        if type(value) is not str or value not in ORDER:
            msg = f"{value!r} is not a tile value; values are {', '.join(VALUES)}"
            raise NotationError(msg)
    a, b, c = given
    if scoring is None:
        return COMBINATION[a, b, c]
    return combination_table(check_scoring(scoring))[a, b, c]


def scoring_table(combinations: object, *, three_wild: int = 100) -> Scoring:
    """A complete scoring table from the number combinations of a card, with the WILD and X rules.

    This is the form an owner of the printed game fills in from the card in
    the box: the points of each combination of three numbers that scores
    (any other scores 0), and of three WILD. The rows with a WILD or an X
    tile follow from the rules of POLY-14: a WILD or X tile stands for any
    number 1..5, chosen for the best value; the highest X factor multiplies
    it; an X is not a WILD for three WILD. The result can be given to
    :func:`new_game` as it is, or edited row by row first for a card whose
    WILD or X rules differ.

    >>> table = scoring_table({"1-1-1": 10, "2-2-2": 20, "1-2-3": 15}, three_wild=60)
    >>> len(table), dict(table)["1-2-W"], dict(table)["2-2-X3"], dict(table)["W-W-W"]
    (120, 15, 60, 60)

    Args:
        combinations: the scoring combinations of three numbers, as a mapping
            ``{"2-3-4": 25, ...}`` or ``(combination, points)`` pairs.
        three_wild: the points of three WILD tiles.

    Returns:
        The complete table, in the form of :attr:`State.scoring`.

    Raises:
        ConfigurationError: for a combination that is not three numbers or is
            given twice, or points that are not an int from 0 to
            :data:`MAX_POINTS`.
    """
    numbers = check_numbers(combinations, three_wild)
    return expand_scoring(numbers, three_wild)


def printed_tiles(state: State | View) -> Mapping[Hex, Value]:
    """The board's printed tiles by space (POLY-4): the state's own, else the spec's.

    >>> printed_tiles(new_game(seed=1, board={(1, 1): "x3"}))
    {(1, 1): 'X3'}
    """
    _position("printed_tiles", state)
    return dict(printed_of(state.board))


def scoring_of(state: State | View) -> Mapping[str, int]:
    """The game's scoring table (POLY-14) by combination: the state's own, else the spec's.

    >>> scoring_of(new_game(seed=1))["2-3-4"]
    25
    """
    _position("scoring_of", state)
    return dict(STANDARD_SCORING if state.scoring is None else state.scoring)
