"""What agents need of noughts and crosses: a state sampled from a view."""

from __future__ import annotations

from tilegames.rng import Stream
from toy_game._model import State, View


def determinize(seen: View, stream: Stream) -> State:
    """The toy game hides only its spent seed: the view is the whole position."""
    return State(board=seen.board, turn=seen.turn, seed=stream.randbelow(1 << 32))
