"""Documents of real positions for the serialize tests of every game: play, write, refuse."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import tilegames
from tilegames import InvalidStateError
from tilegames.rng import Stream
from tilegames.serialize import from_dict, to_dict

__all__ = ["document", "positions", "refused"]


def positions(name: str, seed: int, players: int | None = None) -> Iterator[tuple[Any, Any]]:
    """Every state of a random game of ``name`` from ``seed``, with the move that led there."""
    rules = tilegames.get(name)
    count = players if players is not None else rules.setups[seed % len(rules.setups)].players
    state = rules.new_game(count, seed=seed)
    stream = Stream(seed)
    move = None
    while True:
        yield state, move
        if rules.is_over(state):
            return
        moves = rules.legal_moves(state)
        move = moves[stream.randbelow(len(moves))]
        state = rules.apply(state, move)


def document(
    name: str, seed: int, step: int, players: int | None = None
) -> tuple[Any, dict[str, Any]]:
    """A state some way into a random game, with its document."""
    found = None
    for number, (position, _) in enumerate(positions(name, seed, players)):
        found = position
        if number == step:
            break
    return found, to_dict(found)


def refused(written: dict[str, Any], kind: Any, message: str) -> None:
    """Loading ``written`` as ``kind`` must fail with ``message`` in the error."""
    with pytest.raises(InvalidStateError) as raised:
        from_dict(written, kind)
    assert message in str(raised.value)
