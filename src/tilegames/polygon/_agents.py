"""What Polygon offers agents: a move's rating, and states sampled from a view."""

from __future__ import annotations

from typing import Final

from tilegames._core import checks, rng
from tilegames._core.memo import LastOf
from tilegames._core.rules import Seat
from tilegames.polygon._model import (
    START_DRAW,
    TITLE,
    AnyMove,
    BoardIndex,
    Place,
    State,
    View,
    set_slot,
)
from tilegames.polygon._rules import score_move, starter
from tilegames.polygon._tables import combination_table, index_of, turn_score
from tilegames.polygon._validate import check_state


def evaluate(state: State, move: AnyMove, seat: Seat) -> float:
    """How much ``move`` adds to the turn's score (POLY-13): what greedy play and search rate.

    It is :func:`~tilegames.polygon.score_move` less the score of the turn's
    placements so far, so that the ratings of a turn's two placements add up
    to the turn's score, and it orders a state's moves as ``score_move`` does.

    Arguments, result and errors as :meth:`tilegames.Rules.evaluate`.

    >>> from tilegames import polygon
    >>> state = polygon.new_game(seed=2)
    >>> [evaluate(state, m, 0) for m in polygon.legal_moves(state)] == [
    ...     polygon.score_move(state, m) for m in polygon.legal_moves(state)]
    True
    """
    points = score_move(state, move)  # checks the state's and the move's types
    checks.check_seat(seat, len(state.totals))
    if type(move) is not Place:
        return 0.0
    if not state.placed:  # the turn's first placement: nothing placed this turn scores yet
        return float(points)
    table = combination_table(state.scoring)
    return float(points - turn_score(state.stacks, state.symbol, state.placed, table))


def determinize(seen: View, stream: rng.Stream) -> State:
    """A state that the seat of ``seen`` cannot tell from the true one, for agents' search.

    Everything visible is as in the view (the scoring table and the printed
    board included); the hidden parts are drawn from
    ``stream``: the bag's order (a shuffle of :attr:`View.bag_contents`) and
    the seed of the die rolls to come. ``view(determinize(seen, stream),
    seen.seat) == seen``. A view of an explicit game gives an explicit state,
    whose bag is its contents in :data:`~tilegames.polygon.VALUES` order (chance
    decides the order of the draws there).

    Arguments, result and errors as :meth:`tilegames.Rules.determinize`.

    >>> from tilegames import polygon
    >>> state = polygon.new_game(seed=4)
    >>> sample = determinize(polygon.view(state, 0), rng.Stream(1))
    >>> polygon.view(sample, 0) == polygon.view(state, 0), sorted(sample.bag) == sorted(state.bag)
    (True, True)
    """
    if type(seen) is not View:
        checks.wrong_type("polygon.determinize", f"a {TITLE} View", seen)
    if not isinstance(stream, rng.Stream):
        checks.wrong_type("polygon.determinize", "a tilegames.rng.Stream", stream)
    explicit = seen.explicit
    bag = seen.bag_contents if explicit else stream.shuffled(seen.bag_contents)
    seed = stream.randbelow(1 << rng.SEED_BITS)
    starting = explicit and seen.step == START_DRAW  # no seat has won the start draw yet
    state = State(
        stacks=seen.stacks,
        totals=seen.totals,
        seat=0 if starting else (starter(seen) + seen.turn - 1) % len(seen.totals),
        turn=seen.turn,
        symbol=seen.symbol,
        drawn=seen.drawn,
        placed=seen.placed,
        bag=bag,
        seed=seed,
        aside=seen.aside,
        start_draw=seen.start_draw,
        tiles=seen.tiles,
        scoring=seen.scoring,
        board=seen.board,
        explicit=explicit,
        step=seen.step,
        first_drawn=seen.first_drawn,
    )
    # A search samples one view many times. The samples differ only in the bag's order
    # and the seed, so the first is checked as any state the rules did not make and
    # the rest share its board index (an index never changes).
    index = _last_index.get(seen)
    if index is not None:
        set_slot(state, "_index", index)
    else:
        check_state(state)
        _last_index.put(seen, index_of(state))
    return state


_last_index: Final = LastOf[View, BoardIndex]()
"""The last view sampled and the board index of its samples (see :func:`determinize`)."""
