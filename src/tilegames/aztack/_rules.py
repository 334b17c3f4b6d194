"""Aztack's rules: setup, reading a state, legal moves, checking and applying, the result.

Every public function checks its arguments' types first (one ``type(x) is``
test each, raising :class:`~tilegames.WrongTypeError`) and seats with
:func:`~tilegames._core.checks.check_seat`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Final

from tilegames._core import rng
from tilegames._core.bits import mask_of
from tilegames._core.chance import EXPLICIT, chance_mode
from tilegames._core.checks import bounded_set, check_players, check_seat, wrong_type
from tilegames._core.errors import ConfigurationError, IllegalMoveError
from tilegames._core.options import CHANCE_OPTION, Option
from tilegames._core.refusal import Refusal, explain, illegal_move
from tilegames._core.rules import Outcome, Seat, rank_by
from tilegames.aztack._checks import check_set
from tilegames.aztack._explicit import ChanceMoves, Outcomes, outcomes
from tilegames.aztack._model import (
    A_MOVE,
    A_POSITION,
    A_STATE,
    BASE_STONES,
    CELLS,
    CHANCE_TYPES,
    DEPTH,
    MAX_PLAYERS,
    MAX_STONES,
    MIN_PLAYERS,
    MODES,
    MOVE_TYPES,
    NAME,
    STANDARD_STONES,
    SUPPLY_SIZE,
    TITLE,
    WIDTH,
    XY,
    AnyMove,
    Colour,
    Deal,
    Glyph,
    Half,
    Index,
    Kind,
    Lay,
    Match,
    Move,
    Place,
    SetInfo,
    State,
    Stone,
    StoneId,
    StoneSet,
    View,
    check_halves,
    half_of,
)
from tilegames.aztack._moves import (
    LegalMoves,
    check,
    end_rule,
    listed_match,
    seats_to_move,
)
from tilegames.aztack._notation import format_move, format_stone, parse_stone
from tilegames.aztack._tables import (
    BASE_SLOTS,
    CELL_XY,
    NUMBER,
    PAIR_NUMBER,
    STANDARD,
    base_index,
    base_ok,
    index_of,
    passed_index,
    placed_index,
    setup_index,
)
from tilegames.aztack._validate import check_hand_made
from tilegames.geometry.pyramid import NO_STONE, Pyramid

# ---------------------------------------------------------------------------
# Setup (AZT-8 .. AZT-11)
# ---------------------------------------------------------------------------


def new_game(
    players: int = 2,
    *,
    seed: int | None = None,
    mode: str = "turns",
    stones: Iterable[Stone | tuple[Half, Half] | str] | None = None,
    chance: str = "seeded",
) -> State:
    """Start a game: shuffle, lay the base, deal twelve stones to each seat (AZT-8 .. AZT-11).

    The stones are shuffled and the first twelve laid as the base, row by
    row (:func:`tilegames.geometry.pyramid.base`); if some colour is on fewer
    than two of them (AZT-9), everything is reshuffled and a new base laid,
    until it holds. Each base stone is then turned at random (AZT-8). The
    next twelve stones go to seat 0, the next twelve to seat 1, and so on;
    the rest are out of play (AZT-10).

    >>> state = new_game(players=3, seed=1)
    >>> stones_left(state), sorted(set(heights(state).values()))
    ((12, 12, 12), [1])

    Args:
        players: the number of seats, 2 to 4; seat 0 starts (AZT-11).
        seed: the shuffle's seed; ``None`` draws a fresh one. No chance is
            left after setup (AZT-20), so the state keeps no seed.
        mode: ``"turns"`` for the turn game or ``"speed"`` for the speed
            stack (AZT-17).
        stones: a custom set instead of :data:`STANDARD_STONES`: each stone a
            :class:`Stone` (its halves are taken), a pair of ``(colour,
            glyph)`` halves, or a string such as ``"GfOw"``
            (:func:`parse_stone`). Ids are given by position. The set needs
            at least ``12 + 12 * players`` stones (at most 240), and every
            colour on at least two stones so that AZT-9 can be met.
        chance: ``"seeded"`` (the default: the seed shuffles) or
            ``"explicit"``: nothing is shuffled, the state starts before the
            first base stone is laid and every stone laid or dealt is a step
            of chance (:func:`chance_outcomes`, :class:`Lay`, :class:`Deal`);
            ``seed`` is then checked but decides nothing.

    Returns:
        The state before the first placement.

    Raises:
        ConfigurationError: if ``players``, ``mode``, ``seed``, ``chance`` or
            the set is not allowed (a bad stone is named by its index).
    """
    count = check_players(TITLE, players, MIN_PLAYERS, MAX_PLAYERS)
    if type(mode) is not str or mode not in MODES:
        _MODE.check(mode)  # refuses it, with the declared choices
    explicit = chance_mode(chance) == EXPLICIT
    info = STANDARD if stones is None else check_set(_check_stones(stones), count)
    stream = rng.Stream(rng.normalize_seed(seed))
    turn, nobody = (0 if mode == "turns" else None), (0,) * count
    if explicit:  # chance is to move: each stone laid or dealt is an outcome (chance_outcomes)
        return _table(info, _EMPTY, _NO_FACES, ((),) * count, turn, nobody, True)
    # Seeded: what those outcomes would enter is drawn from the seed and set out at once.
    order = _shuffle(info, stream)
    turned = stream.randbelow(1 << BASE_STONES)  # bit i: base stone i lies second half first
    base, dealt = order[:BASE_STONES], order[BASE_STONES : BASE_STONES + SUPPLY_SIZE * count]
    grid, faces, supplies = _set_out(info, _EMPTY, _NO_FACES, ((),) * count, base, turned, dealt)
    return _table(info, grid, faces, supplies, turn, nobody, False)


def written_stones(stones: object) -> tuple[str, ...]:
    """A custom set as records write it: each stone's halves (``"GfOw"``), in order.

    >>> written_stones(["GfOw", ((1, 2), (0, 0))])
    ('GfOw', 'OdGf')

    Raises:
        ConfigurationError: as :func:`new_game` raises it for a stone that is not one.
    """
    return tuple(format_stone(stone) for stone in _check_stones(stones))


_MODE: Final = Option(
    "mode",
    str,
    "turns",
    "'turns': seats take turns; 'speed': the speed stack, anybody who can place may (AZT-17)",
    choices=MODES,
)
OPTIONS: Final = (
    _MODE,
    Option(
        "stones",
        tuple[str, ...],
        None,
        "a custom set instead of the standard one: each stone two halves of a colour and a "
        "glyph letter ('GfOw'), at least 12 + 12 per player; None: the standard set",
        written=written_stones,
    ),
    CHANCE_OPTION,
)
"""The options of :func:`new_game`, declared (:attr:`tilegames.Rules.options`)."""


def _shuffle(info: SetInfo, stream: rng.Stream) -> list[StoneId]:
    """The stones shuffled until the first twelve hold every colour twice (AZT-8, AZT-9).

    Rejection: every valid base is equally likely.
    """
    while True:
        order = stream.shuffled(range(len(info.stones)))
        if base_ok(info, order[:BASE_STONES]):
            return list(order)


_EMPTY: Final = Pyramid(WIDTH, DEPTH, (0,) * CELLS, (NO_STONE,) * CELLS)
"""The grid before the first base stone is laid."""

_NO_FACES: Final = (0,) * CELLS
"""The faces of :data:`_EMPTY`."""

_Table = tuple[Pyramid, tuple[Kind, ...], tuple[tuple[StoneId, ...], ...]]
"""What the setup changes: the grid, the faces and the supplies."""


def _set_out(
    info: SetInfo,
    grid: Pyramid,
    faces: Sequence[Kind],
    supplies: Sequence[tuple[StoneId, ...]],
    base: Sequence[StoneId],
    turned: int,
    dealt: Sequence[StoneId],
) -> _Table:
    """The table with ``base`` laid next (bit i of ``turned``: stone i turned), ``dealt`` dealt.

    The one step of the setup (AZT-8 .. AZT-10): a seeded game takes it once
    with all that its seed drew, an explicit game once an outcome (a
    :class:`Lay` lays one base stone, a :class:`Deal` deals one). Base stones
    go to the next places of the base, row by row (the order of
    :func:`tilegames.geometry.pyramid.base`), first half on the place's first
    cell unless turned. Each stone dealt goes to the first seat holding
    fewer than twelve, its supply kept ascending.
    """
    given = list(supplies)
    at = 0  # the first of the stones dealt not yet given to a seat
    for seat, held in enumerate(given):
        room = SUPPLY_SIZE - len(held)
        if room and at < len(dealt):
            given[seat] = tuple(sorted((*held, *dealt[at : at + room])))
            at += room
    heights, tops, shown = list(grid.heights), list(grid.tops), list(faces)
    kinds = info.kinds
    laid = 0  # the first place still to lay (one outcome lays one stone, a seed all twelve)
    while laid < BASE_STONES and heights[BASE_SLOTS[laid][0]]:
        laid += 1
    for (near, far), stone in zip(BASE_SLOTS[laid : laid + len(base)], base, strict=True):
        heights[near] = heights[far] = 1
        tops[near] = tops[far] = stone
        k1, k2 = kinds[stone]
        shown[near], shown[far] = (k2, k1) if turned & 1 else (k1, k2)
        turned >>= 1
    return Pyramid(WIDTH, DEPTH, tuple(heights), tuple(tops)), tuple(shown), tuple(given)


def _table(
    info: SetInfo,
    grid: Pyramid,
    faces: tuple[Kind, ...],
    supplies: tuple[tuple[StoneId, ...], ...],
    turn: int | None,
    last: tuple[int, ...],
    explicit: bool,
) -> State:
    """The state of a table being set up, or just set up, with its index (built by position)."""
    state = State(info.stones, grid, faces, supplies, turn, last, explicit)
    masks = tuple([mask_of(held) for held in supplies])
    # A seeded table is set out at once; an explicit one when its base and supplies are full.
    done = not explicit or (0 not in grid.heights and min(map(len, supplies)) == SUPPLY_SIZE)
    index = base_index(info, masks, faces) if done else setup_index(info, masks)
    object.__setattr__(state, "_index", index)
    return state


def _check_stones(stones: object) -> StoneSet:
    """The stones given to :func:`new_game` as a set, each one read and checked (AZT-2)."""
    result: list[Stone] = []
    # Read no further than one stone past the largest set: an endless iterable
    # is then refused by the size check instead of filling memory.
    for index, given in enumerate(bounded_set("stones", stones, MAX_STONES, "('GfOw', ...)")):
        try:
            if isinstance(given, Stone):
                halves: object = given.halves
            elif isinstance(given, str):
                halves = parse_stone(given)
            else:
                halves = tuple(tuple(h) for h in given)
            result.append(Stone(index, check_halves(halves)))
        except (TypeError, ValueError) as error:
            msg = f"stone {index} {given!r} is not a stone: {error} (AZT-2)"
            raise ConfigurationError(msg) from None
    return StoneSet(result)


# ---------------------------------------------------------------------------
# Reading a state
# ---------------------------------------------------------------------------


def _indexed(function: str, state: State) -> Index:
    """The entry check of ``function`` (the state's type); the state's index.

    The index of a state that the rules did not make is built once the state
    is checked (:func:`~tilegames.aztack._validate.check_hand_made`).
    """
    if type(state) is not State:
        wrong_type(f"{NAME}.{function}", A_STATE, state)
    if state._index is None:
        check_hand_made(state)
    return index_of(state)


def players(state: State) -> int:
    """The number of seats."""
    if type(state) is not State:
        wrong_type(f"{NAME}.players", A_STATE, state)
    return len(state.supplies)


def mode(state: State) -> str:
    """``"turns"`` for the turn game, ``"speed"`` for the speed stack."""
    if type(state) is not State:
        wrong_type(f"{NAME}.mode", A_STATE, state)
    return MODES[state.whose_turn is None]


def is_over(state: State) -> bool:
    """Whether the game has ended.

    It has ended when a seat's supply is empty (AZT-15, AZT-18) or when no
    seat holds a stone that fits anywhere (AZT-16, AZT-18).
    """
    index = state._index if type(state) is State else None  # the slot first: every step
    index = index or _indexed("is_over", state)
    return index.over and not index.setup


def to_move(state: State) -> tuple[Seat, ...]:
    """The seats that may move now; ``()`` once the game is over.

    Turn game: the seat whose turn it is (AZT-11), also when its only move is
    a pass (AZT-14). Speed stack: every seat that can place (AZT-17). While
    an explicit game is set up: ``(CHANCE,)`` (:func:`chance_outcomes`).
    """
    index = state._index if type(state) is State else None  # the slot first: every step
    return seats_to_move(index or _indexed("to_move", state), state.whose_turn)


def can_place(state: State, seat: Seat) -> bool:
    """Whether ``seat`` holds a stone that fits on some spot now (before the end).

    Raises:
        SeatError: if the seat is not in the game.
    """
    index = _indexed("can_place", state)
    check_seat(seat, len(state.supplies))
    return not index.over and seat in index.movers


def stones_left(state: State) -> tuple[int, ...]:
    """Per seat, the number of stones it still holds (fewest wins, AZT-16)."""
    if type(state) is not State:
        wrong_type(f"{NAME}.stones_left", A_STATE, state)
    return tuple(map(len, state.supplies))


def supply(state: State | View, seat: Seat) -> tuple[Stone, ...]:
    """The stones a seat holds, ascending by id (face up: public, AZT-10).

    >>> [str(stone) for stone in supply(new_game(seed=2), 1)][:3]
    ['GfOf', 'GfGw', 'OfYf']

    Raises:
        SeatError: if the seat is not in the game.
    """
    if type(state) is View:
        return state.supplies[check_seat(seat, len(state.supplies))]
    if type(state) is not State:
        wrong_type(f"{NAME}.supply", A_POSITION, state)
    stones = state.stones
    return tuple(stones[i] for i in state.supplies[check_seat(seat, len(state.supplies))])


def heights(state: State | View) -> Mapping[XY, int]:
    """Per cell ``(x, y)``, its height: the number of stones on it (AZT-5).

    >>> heights(new_game(seed=1))[(0, 0)]
    1
    """
    if type(state) is not State and type(state) is not View:
        wrong_type(f"{NAME}.heights", A_POSITION, state)
    return dict(zip(CELL_XY, state.pyramid.heights, strict=True))


def tops(state: State | View) -> Mapping[XY, tuple[StoneId, Colour, Glyph]]:
    """Per cell ``(x, y)``, its top half as ``(stone id, colour, glyph)`` (AZT-5).

    Colours and glyphs are indices in the orders of AZT-1 (:data:`COLOURS`,
    :data:`GLYPHS`).
    """
    if type(state) is not State and type(state) is not View:
        wrong_type(f"{NAME}.tops", A_POSITION, state)
    return {
        xy: (top, *half_of(face))
        for xy, top, face in zip(CELL_XY, state.pyramid.tops, state.faces, strict=True)
    }


def view(state: State, seat: Seat | None) -> View:
    """What ``seat`` may see: the pyramid and every supply (AZT-10, AZT-20).

    Every seat sees the same, and so does an onlooker (``seat=None``, the
    public view); only :attr:`View.seat` differs. A custom set travels in the
    view (:attr:`View.stones`); the standard set does not.

    Arguments, result and errors as :meth:`tilegames.Rules.view`.
    """
    index = _indexed("view", state)
    if seat is not None:
        check_seat(seat, len(state.supplies), public=True)
    shown = index.shown
    if shown is None:  # every seat's view shows the same stones: work them out once a state
        by_id = index.info.by_id.__getitem__
        shown = index.shown = tuple([tuple(map(by_id, held)) for held in state.supplies])
    stones = state.stones
    custom = stones is not STANDARD_STONES and stones != STANDARD_STONES
    return View(
        seat=seat,
        mode=MODES[state.whose_turn is None],
        to_move=seats_to_move(index, state.whose_turn),
        pyramid=state.pyramid,
        faces=state.faces,
        supplies=shown,
        whose_turn=state.whose_turn,
        last_placed=state.last_placed,
        stones=stones if custom else None,
        explicit=state.explicit,
    )


# ---------------------------------------------------------------------------
# Legal moves
# ---------------------------------------------------------------------------


def legal_moves(state: State) -> LegalMoves:
    """Every legal move, in the stable order of :class:`LegalMoves`; empty once over.

    At a chance step of an explicit game (its setup), the outcomes of
    :func:`chance_outcomes`, in that order (a :class:`ChanceMoves`).

    Each distinct placement is listed once: a stone whose halves are alike is
    not listed turned round, and of stones alike in a supply (possible only in
    a custom set) only the lowest id is listed, to place and to discard.

    >>> state = new_game(seed=3)
    >>> moves = legal_moves(state)
    >>> len(moves), str(moves[0])
    (76, '0:5@1,0/0,0')
    """
    index = state._index if type(state) is State else None  # the slot first: every step
    index = index or _indexed("legal_moves", state)
    if index.setup:
        return ChanceMoves(state, index)
    return LegalMoves(state, index)


def chance_outcomes(state: State) -> Outcomes:
    """The outcomes of the chance step ``state`` waits for, with their exact probabilities.

    ``()`` unless chance is to move (always in a seeded game). While the base
    is laid (AZT-8): each stone in the bag, by id, unturned then turned,
    each ``1 / (2 * n)`` for a bag of ``n`` (a stone with two halves alike
    is not listed turned and has ``1 / n``). While the stones are dealt
    (AZT-10): each stone in the bag, by id, ``1 / n``. Stones alike in a
    custom set are one outcome, the lowest id, with their summed chance.

    >>> first = chance_outcomes(new_game(seed=1, chance="explicit"))
    >>> len(first), str(first[0][0]), first[0][1]
    (120, 'lay:0', Fraction(1, 120))

    Arguments, result and errors as :attr:`tilegames.Rules.chance_outcomes`.
    """
    index = _indexed("chance_outcomes", state)
    return outcomes(state, index.info) if index.setup else ()


# ---------------------------------------------------------------------------
# Checking, scoring and applying a move
# ---------------------------------------------------------------------------


def _refused(state: State, index: Index, move: Move, refusal: Refusal) -> IllegalMoveError:
    """The error for a refused move; once the game is over, without the turn."""
    if index.setup:
        return illegal_move(format_move(move), refusal, turn="chance to move")
    if index.over:
        turn = ""
    elif state.whose_turn is None:
        turn = f"speed stack: seats {', '.join(map(str, index.movers))} can place"
    else:
        turn = f"seat {state.whose_turn} to move"
    return illegal_move(format_move(move), refusal, turn=turn, over=index.over)


def _move_of(function: str, move: Move) -> AnyMove:
    """``move``, if it is a move or a chance outcome of Aztack; else raise WrongTypeError."""
    if type(move) not in MOVE_TYPES and type(move) not in CHANCE_TYPES:
        wrong_type(f"{NAME}.{function}", A_MOVE, move, move=True)
    return move  # one of the four types of Move, by the test above


def why_illegal(state: State, move: Move) -> str | None:
    """``None`` if ``move`` is legal, else the reason in words with the rule id.

    >>> state = new_game(seed=1)
    >>> why_illegal(state, Place(0, 3, (0, 0), (0, 1)))
    "stone 3 is not one of seat 0's stones [...] (AZT-12)"

    Arguments, result and errors as :meth:`tilegames.Rules.why_illegal`.
    """
    index = _indexed("why_illegal", state)
    checked = _move_of("why_illegal", move)
    try:
        check(state, index, checked)
    except Refusal as refusal:
        return explain(refusal)
    return None


def score_move(state: State, move: Move) -> Match:
    """What a legal move matches: ``COLOUR``, ``GLYPH`` or ``BOTH`` (bonus); ``NONE`` for a pass.

    Arguments, result and errors as :meth:`tilegames.Rules.score_move`.
    """
    index = _indexed("score_move", state)
    if move is index.picked:  # the move legal_moves(state) built last is legal: no check
        return listed_match(state, index, move)
    try:
        return check(state, index, _move_of("score_move", move))
    except Refusal as refusal:
        raise _refused(state, index, move, refusal) from None


def apply(state: State, move: Move) -> State:
    """Play a move (AZT-12 .. AZT-19).

    A placement lays the stone (both cells rise by one and show its halves)
    and takes it, and the discard if any, out of the seat's supply; the turn
    then passes to the next seat (AZT-11). A pass only passes the turn. The
    game ends by itself when a supply is empty or nobody can place
    (:func:`is_over`).

    Arguments, result and errors as :meth:`tilegames.Rules.apply`.
    """
    index = state._index if type(state) is State else None  # the slot first: every step
    if index is not None and move is index.picked and type(move) is Place:
        return _place(state, index, move)  # built by legal_moves(state): legal, no check
    index = index or _indexed("apply", state)
    checked = move if move is index.picked and move is not None else _move_of("apply", move)
    if checked is not index.picked:  # a move that legal_moves(state) built is legal: no check
        try:
            check(state, index, checked)
        except Refusal as refusal:
            raise _refused(state, index, move, refusal) from None
    if type(checked) is Place:
        return _place(state, index, checked)
    if isinstance(checked, Lay):  # an outcome of an explicit game's setup: its next step
        base, turned, dealt = [checked.stone], int(checked.turned), []
    elif isinstance(checked, Deal):
        base, turned, dealt = [], 0, [checked.stone]
    else:  # a legal pass: nothing on the table changes
        after = State(
            state.stones,
            state.pyramid,
            state.faces,
            state.supplies,
            (checked.seat + 1) % len(state.supplies),  # turn
            state.last_placed,
            state.explicit,
        )
        object.__setattr__(after, "_index", passed_index(index))
        return after
    info = index.info
    grid, faces, supplies = _set_out(
        info, state.pyramid, state.faces, state.supplies, base, turned, dealt
    )
    if base and 0 not in grid.heights and not base_ok(info, set(grid.tops)):
        grid, faces = _EMPTY, _NO_FACES  # AZT-9: back into the bag, laid again (a seed draws none)
    return _table(info, grid, faces, supplies, state.whose_turn, state.last_placed, state.explicit)


def _place(state: State, index: Index, move: Place) -> State:
    """The state after a legal placement: the stone laid and taken out of the supply."""
    seat, stone, discard = move.seat, move.stone, move.discard
    a, b = NUMBER[move.first], NUMBER[move.second]
    grid = state.pyramid
    # The stone lies on two level cells (a spot): both rise to one more and show it.
    heights, tops = list(grid.heights), list(grid.tops)
    heights[a] = heights[b] = heights[a] + 1
    tops[a] = tops[b] = stone
    faces = list(state.faces)
    faces[a], faces[b] = index.info.kinds[stone]
    supplies = state.supplies
    held = supplies[seat]
    gone = 1 << stone
    at = held.index(stone)
    held = held[:at] + held[at + 1 :]
    if discard is not None:
        gone |= 1 << discard
        at = held.index(discard)
        held = held[:at] + held[at + 1 :]
    masks = index.masks
    last = state.last_placed
    # Positional arguments, in field order: a quarter quicker than keywords on this hot path.
    after = State(
        state.stones,
        Pyramid(grid.width, grid.depth, tuple(heights), tuple(tops)),
        tuple(faces),
        (*supplies[:seat], held, *supplies[seat + 1 :]),  # supplies
        None if state.whose_turn is None else (seat + 1) % len(supplies),  # turn
        (*last[:seat], max(last) + 1, *last[seat + 1 :]),  # last_placed
        state.explicit,
    )
    masks = (*masks[:seat], masks[seat] & ~gone, *masks[seat + 1 :])
    pair = PAIR_NUMBER[a * CELLS + b]
    object.__setattr__(after, "_index", placed_index(index, masks, heights, tops, faces, pair))
    return after


# ---------------------------------------------------------------------------
# The result (AZT-15, AZT-16, AZT-18)
# ---------------------------------------------------------------------------


def outcome(state: State) -> Outcome | None:
    """The result once the game is over, else ``None``.

    The scores are the stones each seat has left (lower is better).

    Turn game: the seats are ranked by stones left, fewest first; among
    seats with equally many, the one that placed most recently ranks higher;
    seats that never placed and have equally many share a place (AZT-16). A
    seat that emptied its supply has none left, so it ranks first alone
    (AZT-15).

    Speed stack: the seats are ranked by their last placement, most recent
    first; seats that never placed share the last place, or the only place
    if nobody did (AZT-18).
    """
    index = _indexed("outcome", state)
    if not index.over or index.setup:
        return None
    left = stones_left(state)
    last = state.last_placed
    if state.whose_turn is None:
        ranking = rank_by(last)
    else:
        keys = [(n, -placed) for n, placed in zip(left, last, strict=True)]
        ranking = rank_by(keys, higher_is_better=False)
    winners = sorted(ranking[0])
    who = f"seat {winners[0]}" if len(winners) == 1 else "seats " + ", ".join(map(str, winners))
    rule = end_rule(state)
    if 0 in left:
        reason = f"{rule}: seat {left.index(0)} has placed or discarded its last stone and wins"
    elif not any(last):
        reason = f"{rule}: nobody can place and nobody has placed; {who} share the win"
    elif state.whose_turn is None:
        reason = f"{rule}: nobody can place; {who} placed last and wins"
    else:
        tied = [seat for seat, n in enumerate(left) if n == min(left)]
        fewest = f"{min(left)} stone" + ("" if min(left) == 1 else "s")
        reason = f"{rule}: nobody can place; {who} has the fewest stones left ({fewest})"
        if len(tied) > 1:
            ties = ", ".join(map(str, tied[:-1])) + f" and {tied[-1]}"
            reason = (
                f"{rule}: nobody can place; seats {ties} have the fewest stones left "
                f"({fewest} each) and {who} placed most recently"
            )
        reason += " and wins" if len(winners) == 1 else " and share the win"
    return Outcome(
        scores=left,
        ranking=ranking,
        reason=reason,
        game=NAME,
        mode=MODES[state.whose_turn is None],
    )
