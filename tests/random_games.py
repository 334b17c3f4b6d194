"""Every state of one seeded random game: positions for tests of any game."""

from __future__ import annotations

import random
from typing import Any

from tilegames import Rules


def every_state(rules: Rules[Any, Any], players: int, seed: int, **options: Any) -> list[Any]:
    """Every state of one game of ``rules``, the last (over) included.

    The game is ``new_game(players, seed=seed, **options)``, each move (a
    chance outcome too, in an explicit game) picked from its legal moves by
    ``random.Random(seed)``.
    """
    chooser = random.Random(seed)
    state = rules.new_game(players, seed=seed, **options)
    states = [state]
    while not rules.is_over(state):
        moves = rules.legal_moves(state)
        state = rules.apply(state, moves[chooser.randrange(len(moves))])
        states.append(state)
    return states
