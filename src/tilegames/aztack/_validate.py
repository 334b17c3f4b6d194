"""Aztack's one validator: states, views, moves and outcomes made outside the rules.

:func:`validate` checks a value loaded from a document: a state's fields
(``_checks.py``) and what a game could have reached, in either chance mode;
a view by the same parts, against the set it carries; a move or an outcome
on its own. :func:`check_hand_made` is what every function checks of a
state that the rules did not make.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

from tilegames._core.bits import mask_of
from tilegames._core.chance import CHANCE
from tilegames._core.checks import invalid, wrong_type
from tilegames._core.rules import Outcome
from tilegames.aztack._checks import (
    check_grid,
    check_held,
    check_reached,
    check_seats,
    check_set,
    check_state_fields,
    check_tops,
)
from tilegames.aztack._model import (
    BASE_STONES,
    DEPTH,
    MAX_PLAYERS,
    MAX_STONES,
    MIN_PLAYERS,
    MODES,
    NAME,
    STANDARD_STONES,
    SUPPLY_SIZE,
    TITLE,
    WIDTH,
    Deal,
    Index,
    Lay,
    Move,
    Pass,
    Place,
    SetInfo,
    State,
    StoneId,
    StoneSet,
    View,
)
from tilegames.aztack._tables import (
    ADJACENT,
    BASE_SLOTS,
    CELL_XY,
    NUMBER,
    base_ok,
    full_index,
    set_info,
    setting_up,
)
from tilegames.geometry.pyramid import Pyramid

# ---------------------------------------------------------------------------
# The turn and the setup, read of a state or a view
# ---------------------------------------------------------------------------


_DEALT_AFTER_THE_BASE: Final = "stones are dealt only once the base is laid (AZT-10)"
"""The refusal of a supply dealt before the base is laid, by validate and the rules alike."""


class _Play(NamedTuple):
    """What the turn and setup checks read of a state or a view (``kind`` names which)."""

    kind: str
    info: SetInfo
    grid: Pyramid
    faces: Sequence[int]
    supplies: Sequence[Sequence[StoneId]]
    turn: int | None
    last: Sequence[int]


def _check_turn(play: _Play) -> Index:
    """The turn agrees with the passes since the latest placement (AZT-11, AZT-14, AZT-15).

    In the turn game the turn goes to the next seat after a placement, and a
    seat passes only while it cannot place and someone can (AZT-14); nothing
    changes on a pass. So the seats from the one after the latest placer
    (seat 0 before any placement) up to the seat to move have all passed:
    none of them can place now, and none passed if the game is over. Returns
    the index of the position, for the checks that read it.
    """
    kind, info, grid, faces, supplies, turn, last = play
    index = full_index(info, tuple(map(mask_of, supplies)), grid, faces)
    if turn is None:
        return index
    count = len(supplies)
    latest = max(last)
    seat = (last.index(latest) + 1) % count if latest else 0
    passed = []
    while seat != turn:
        passed.append(seat)
        seat = (seat + 1) % count
    if passed and index.over:
        raise invalid(
            f"{kind}.whose_turn",
            f"seat {turn} to move, but seats {passed} passed after the game was over (AZT-14)",
        )
    could = [seat for seat in passed if seat in index.movers]
    if could:
        raise invalid(
            f"{kind}.whose_turn",
            f"seat {turn} to move, so seats {passed} passed since the latest placement, but "
            f"seat {could[0]} can place and may not pass (AZT-14)",
        )
    return index


def _check_setup(play: _Play) -> None:
    """An explicit game being set up (AZT-8 .. AZT-10): a base laid in order, then a deal.

    The base stones are laid row by row, column by column: the first ``n``
    base places hold a stone each (height 1 on both its cells), the others
    are empty (height 0, face 0). Until the base is laid nothing is dealt;
    a laid base has every colour on two stones (AZT-9, else it would have
    been laid again); seats are dealt in order, so a seat holds stones only
    when every seat before it holds twelve. Nobody has placed, and the turn
    is seat 0's (or ``None`` in the speed stack).
    """
    kind, info, grid, faces, supplies, turn, last = play
    heights = grid.heights
    laid = 0
    for slot, (near, far) in enumerate(BASE_SLOTS):
        pair = (heights[near], heights[far])
        if pair == (1, 1) and laid == slot:
            laid += 1
            if grid.tops[near] != grid.tops[far]:
                raise invalid(
                    f"{kind}.pyramid.tops",
                    f"base place {slot} at {CELL_XY[near]} holds stones {grid.tops[near]} and "
                    f"{grid.tops[far]}, but a base stone covers both its cells (AZT-4, AZT-8)",
                )
        elif pair != (0, 0):
            raise invalid(
                f"{kind}.pyramid",
                f"base place {slot} at {CELL_XY[near]}: heights {pair}, after {laid} places laid; "
                "the base is laid in order, row by row, one whole stone a place (AZT-4, AZT-8)",
            )
        elif faces[near] or faces[far]:
            raise invalid(f"{kind}.faces", f"empty base place {slot} shows a face (expected 0)")
    if any(last):
        raise invalid(f"{kind}.last_placed", "nobody places before the setup is done")
    if turn not in (0, None):
        raise invalid(f"{kind}.whose_turn", f"seat 0 starts (AZT-11), not seat {turn}")
    sizes = [len(held) for held in supplies]
    if laid < BASE_STONES and any(sizes):
        raise invalid(f"{kind}.supplies", _DEALT_AFTER_THE_BASE)
    if laid == BASE_STONES and not base_ok(info, set(grid.tops)):
        raise invalid(
            f"{kind}.pyramid",
            "a colour is on fewer than 2 base stones: such a base is laid again (AZT-9)",
        )
    for seat, size in enumerate(sizes):
        if size > SUPPLY_SIZE:
            raise invalid(
                f"{kind}.supplies[{seat}]",
                f"{size} stones, but a seat is dealt {SUPPLY_SIZE} (AZT-10)",
            )
    for seat in range(1, len(sizes)):
        if sizes[seat] and sizes[seat - 1] < SUPPLY_SIZE:
            raise invalid(
                f"{kind}.supplies[{seat}]",
                f"seat {seat} holds stones while seat {seat - 1} has {sizes[seat - 1]} of its "
                f"{SUPPLY_SIZE}: seats are dealt in order (AZT-10)",
            )
    check_set(info.stones, len(sizes), f"{kind}.stones")


# ---------------------------------------------------------------------------
# States, views, outcomes
# ---------------------------------------------------------------------------


def check_hand_made(state: State) -> State:
    """Check what every function needs of a state that the rules did not make; return it.

    Its fields' shapes (:func:`~tilegames.aztack._checks.check_state_fields`),
    and no stone dealt before an explicit game's base is laid. The rules call
    it on a state whose index slot is empty, before the index is built.

    Raises:
        InvalidStateError: naming the field and the problem.
    """
    grid = check_state_fields(state)
    if state.explicit and 0 in grid.heights and any(state.supplies):
        raise invalid("State.supplies", _DEALT_AFTER_THE_BASE)
    return state


def _check_state(state: State) -> None:
    """A state's fields, and what a game could have reached (in either chance mode)."""
    grid = check_state_fields(state)
    info = set_info(state.stones)
    play = _Play(
        "State", info, grid, state.faces, state.supplies, state.whose_turn, state.last_placed
    )
    if setting_up(state.explicit, grid.heights, state.supplies, state.last_placed):
        _check_setup(play)
    else:
        check_reached("State", state.stones, grid, state.supplies, state.last_placed)
        _check_turn(play)


def _view_ids(seen: View, stones: StoneSet) -> tuple[tuple[StoneId, ...], ...]:
    """The ids of the stones in each supply of a view, each stone checked against the set."""
    supplies: list[tuple[StoneId, ...]] = []
    for seat, held in enumerate(seen.supplies):
        field = f"View.supplies[{seat}]"
        if type(held) is not tuple:
            raise invalid(field, "expected a tuple of Stone")
        for stone in held:
            if not (0 <= getattr(stone, "id", -1) < len(stones) and stones[stone.id] == stone):
                raise invalid(field, f"{stone!r} is not a stone of the game's set")
        supplies.append(tuple(stone.id for stone in held))
    return tuple(supplies)


def _check_view(seen: View) -> None:
    """A view passes the checks of a state on what it shows, against the set it carries."""
    count = check_seats("View", seen.supplies, seen.last_placed, seen.whose_turn)
    if type(seen.explicit) is not bool:
        raise invalid("View.explicit", f"expected True or False, got {seen.explicit!r}")
    grid = check_grid("View", seen.pyramid, seen.faces, partial=seen.explicit)
    if seen.mode not in MODES or (seen.mode == "speed") != (seen.whose_turn is None):
        raise invalid("View.mode", f"{seen.mode!r} does not agree with turn {seen.whose_turn!r}")
    if seen.seat is not None and (type(seen.seat) is not int or not 0 <= seen.seat < count):
        raise invalid("View.seat", f"{seen.seat!r} is not a seat 0..{count - 1} or None")
    moving = seen.to_move
    if seen.stones is not None and not isinstance(seen.stones, StoneSet):
        raise invalid("View.stones", f"expected a StoneSet or None, got {seen.stones!r}")
    stones = STANDARD_STONES if seen.stones is None else seen.stones
    during_setup = setting_up(seen.explicit, grid.heights, seen.supplies, seen.last_placed)
    if during_setup and moving != (CHANCE,):
        raise invalid("View.to_move", f"{moving!r}, but chance is to move: (-1,)")
    if not during_setup and (
        type(moving) is not tuple
        or list(moving) != sorted(set(moving))
        or not set(moving) <= set(range(count))
    ):
        raise invalid("View.to_move", f"{moving!r} must be distinct seats, ascending")
    check_tops("View", stones, grid, seen.faces)
    supplies = _view_ids(seen, stones)
    check_held("View", stones, supplies, grid)
    info = set_info(stones)
    play = _Play("View", info, grid, seen.faces, supplies, seen.whose_turn, seen.last_placed)
    if during_setup:
        _check_setup(play)
        return
    check_reached("View", stones, grid, supplies, seen.last_placed)
    index = _check_turn(play)
    expected = (
        () if index.over else index.movers if seen.whose_turn is None else (seen.whose_turn,)
    )
    if moving != expected:
        raise invalid("View.to_move", f"{moving!r}, but the seats that may move are {expected}")


def _check_outcome(result: Outcome) -> None:
    """2 to 4 scores of 0..12 stones; with a mode, a ranking that the mode's rules give.

    An outcome that names no mode (a document written before outcomes did)
    is checked by its scores only.
    """
    scores = result.scores
    if not MIN_PLAYERS <= len(scores) <= MAX_PLAYERS or any(
        type(n) is not int or not 0 <= n <= SUPPLY_SIZE for n in scores
    ):
        raise invalid("Outcome.scores", f"expected 2 to 4 stone counts 0..12, got {scores!r}")
    if result.game not in ("", NAME):
        raise invalid("Outcome.game", f"{result.game!r} is not {NAME!r}")
    if result.mode == "":
        return
    if result.mode not in MODES:
        raise invalid("Outcome.mode", f"{result.mode!r} is not one of {MODES}")
    _check_ranking(result, [n for n in scores if isinstance(n, int)])  # all are ints


def _check_ranking(result: Outcome, left: list[int]) -> None:
    """The ranking that the outcome's mode gives for these stones left (AZT-15, AZT-16)."""
    emptied = [seat for seat, n in enumerate(left) if n == 0]
    if emptied and (len(emptied) > 1 or result.winners != {emptied[0]}):
        raise invalid("Outcome.ranking", "the seat that emptied its supply wins alone (AZT-15)")
    if result.mode == "turns":
        most = [max(left[seat] for seat in place) for place in result.ranking]
        fewest = [min(left[seat] for seat in place) for place in result.ranking]
        if any(low < high for high, low in zip(most, fewest[1:], strict=False)):
            raise invalid("Outcome.ranking", "fewer stones left rank higher (AZT-16)")


def validate(value: State | View | Outcome | Move) -> None:
    """Check a state, view or outcome made outside the rules, for example loaded from JSON.

    A state passes when its fields have the right shapes (as every function
    needs) and the game could have reached it: at most 12 stones per supply,
    the base stones side by side where nothing covers them (AZT-4), as many
    stones in play as the set holds, placement numbers that count the
    placements on the pyramid (the latest is their number), heights and tops
    that are a stack of whole stones each bridging two of the level below
    (AZT-4 .. AZT-6), stones left that agree with each seat's placements and
    bonus discards (AZT-10, AZT-13; a supply empties only on the latest
    placement, AZT-15; checked when the set is large enough to deal), and a
    turn that only seats unable to place have passed on to (AZT-14). A view
    passes the same checks on what it shows, against the set it carries (the
    standard set when it carries none), its mode agreeing with its turn and
    its ``to_move`` with the position. An outcome needs 2 to 4 scores
    of 0 to 12 stones and, when it names its mode, a ranking that mode gives
    (the seat that emptied its supply first alone; in the turn game, fewer
    stones ranked higher). A move passes when some game could see it: a seat
    0..3 (chance's for :class:`Lay` and :class:`Deal`), stone ids below 240,
    and a :class:`Place` on two adjacent cells of the base whose discard, if
    any, is another stone. A state or view during the setup of an explicit
    game passes when the base is laid in order, one whole stone a place, the
    supplies dealt in seat order, at most 12 each, and its set can finish the
    setup. :mod:`tilegames.serialize` calls this on everything it loads.

    >>> import attrs
    >>> from tilegames.aztack import new_game
    >>> state = new_game(seed=2)
    >>> validate(state)
    >>> validate(attrs.evolve(state, last_placed=(0, 3)))
    Traceback (most recent call last):
    ...
    tilegames.errors.InvalidStateError: State.last_placed: placement 3 of 0 made so far

    Arguments and errors as :attr:`tilegames.Rules.validate`.
    """
    if isinstance(value, State):
        _check_state(value)
    elif isinstance(value, View):
        _check_view(value)
    elif isinstance(value, Outcome):
        _check_outcome(value)
    elif isinstance(value, (Place, Pass, Lay, Deal)):
        _check_move(value)
    else:
        wrong_type(f"{NAME}.validate", f"an {TITLE} State, View, move or Outcome", value)


def _check_move(move: Place | Pass | Lay | Deal) -> None:
    """A move names a seat 0..3; a placement stone ids of the largest set and two cells.

    The cells are adjacent cells of the base (AZT-6) and a bonus discard is
    another stone than the one placed (AZT-13). Whether the seat holds the
    stones and the cells fit is for ``why_illegal`` to say: a move alone
    does not know its game.
    """
    kind = type(move).__name__
    if isinstance(move, (Lay, Deal)):
        if move.seat != CHANCE:
            raise invalid(f"{kind}.seat", f"a chance outcome's seat is {CHANCE}, not {move.seat}")
        if not 0 <= move.stone < MAX_STONES:
            raise invalid(f"{kind}.stone", f"{move.stone} is not a stone id 0..{MAX_STONES - 1}")
        return
    if not 0 <= move.seat < MAX_PLAYERS:
        raise invalid(f"{kind}.seat", f"{move.seat} is not a seat 0..{MAX_PLAYERS - 1}")
    if not isinstance(move, Place):
        return
    for field, stone in (("stone", move.stone), ("discard", move.discard)):
        if stone is not None and not 0 <= stone < MAX_STONES:
            raise invalid(f"Place.{field}", f"{stone} is not a stone id 0..{MAX_STONES - 1}")
    for field, cell in (("first", move.first), ("second", move.second)):
        if cell not in CELL_XY:
            raise invalid(f"Place.{field}", f"{cell} is not a cell of the {WIDTH}x{DEPTH} base")
    if (NUMBER[move.first], NUMBER[move.second]) not in ADJACENT:
        raise invalid(
            "Place.second",
            f"{move.second} is not next to {move.first}, but a stone covers two orthogonally "
            "adjacent cells (AZT-6)",
        )
    if move.discard == move.stone:
        raise invalid(
            "Place.discard",
            f"stone {move.stone} is the one placed, but the bonus discards another of the "
            "seat's stones (AZT-13)",
        )
