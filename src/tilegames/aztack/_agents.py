"""Aztack for agents: a rating of moves, and the state behind a view."""

from __future__ import annotations

from typing import Final

from tilegames._core import rng
from tilegames._core.chance import CHANCE
from tilegames._core.checks import check_seat, wrong_type
from tilegames._core.memo import LastOf
from tilegames._core.rules import Seat
from tilegames.aztack._model import (
    A_MOVE,
    A_STATE,
    CHANCE_TYPES,
    MOVE_TYPES,
    NAME,
    STANDARD_STONES,
    TITLE,
    Match,
    Move,
    State,
    View,
)
from tilegames.aztack._rules import score_move

_SHED: Final = {Match.NONE: 0.0, Match.COLOUR: 1.0, Match.GLYPH: 1.0, Match.BOTH: 2.0}
"""Per match of a move, the stones it sheds from the supply."""


def evaluate(state: State, move: Move, seat: Seat) -> float:
    """How good ``move`` looks for ``seat`` right now: the stones it sheds from the supply.

    The fewest stones win (AZT-16): a placement sheds one, a placement that
    matches both colour and glyph two (with its bonus discard, AZT-13), a
    pass none, and a chance outcome of an explicit game's setup none (for any
    seat, :data:`~tilegames.CHANCE` included).

    Arguments, result and errors as :meth:`tilegames.Rules.evaluate`.

    >>> from tilegames.aztack import legal_moves, new_game
    >>> state = new_game(seed=2)
    >>> sorted({evaluate(state, m, 0) for m in legal_moves(state)}) in ([1.0], [1.0, 2.0])
    True
    """
    if type(state) is not State:
        wrong_type(f"{NAME}.evaluate", A_STATE, state)
    if type(move) not in MOVE_TYPES and type(move) not in CHANCE_TYPES:
        wrong_type(f"{NAME}.evaluate", A_MOVE, move, move=True)
    if seat != CHANCE or type(move) in MOVE_TYPES:  # chance may rate its own outcomes too
        check_seat(seat, len(state.supplies))
    return _SHED[score_move(state, move)]  # a chance outcome matches NONE: it sheds nothing


def determinize(seen: View, stream: rng.Stream) -> State:
    """The state behind ``seen``, for agents' search.

    Aztack hides nothing that a state holds (AZT-20): after setup there is
    no chance, the supplies lie face up, and a view carries the game's set
    when it is a custom one (:attr:`View.stones`). So the state is rebuilt
    exactly; ``stream`` is not used. (Which stones lie covered and which are
    out of play is hidden, but no state records it.) The view of an explicit
    game gives an explicit state, also during its setup (the bag is what is
    neither laid nor dealt).

    Arguments, result and errors as :meth:`tilegames.Rules.determinize`.

    >>> from tilegames.aztack import new_game, view
    >>> state = new_game(seed=4)
    >>> determinize(view(state, 0), rng.Stream(1)) == state
    True
    """
    if type(seen) is not View:
        wrong_type(f"{NAME}.determinize", f"an {TITLE} View", seen)
    cached = _last_state.get(seen)
    if cached is not None:  # a search samples one view many times: the same state each time
        return cached
    return _last_state.put(
        seen,
        State(
            stones=STANDARD_STONES if seen.stones is None else seen.stones,
            pyramid=seen.pyramid,
            faces=seen.faces,
            supplies=tuple(tuple(stone.id for stone in held) for held in seen.supplies),
            whose_turn=seen.whose_turn,
            last_placed=seen.last_placed,
            explicit=seen.explicit,
        ),
    )


_last_state: Final = LastOf[View, State]()
"""The last view determinized and its state, which is also every later sample of it."""
