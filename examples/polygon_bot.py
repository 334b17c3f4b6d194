"""A greedy Polygon bot against a random one, through the public API.

What a frontend or bot author does with ``tilegames.polygon``: start a seeded
game, read whose turn it is, the die and the drawn tiles, list the legal
moves, pick one (here: the move with the best ``score_move``), apply it, and
at the end read the totals and the outcome.

Run it with ``python examples/polygon_bot.py``.
"""

from __future__ import annotations

import random

from tilegames import polygon
from tilegames.polygon import Place, State

GREEDY, RANDOM = 0, 1  # the seats' players


def placements(state: State) -> list[Place]:
    """The legal moves of the seat to move: place a drawn tile, or set it aside.

    ``legal_moves`` also lists chance's outcomes (a ``Draw`` or a ``Roll``) when
    chance is to move in a ``chance="explicit"`` game; this seeded game has none.
    """
    return [move for move in polygon.legal_moves(state) if isinstance(move, Place)]


def greedy_move(state: State) -> Place:
    """The legal move with the best ``score_move``; the first such move on ties.

    ``score_move`` is what the turn would score if this placement ended it.
    On the turn's first placement that is the points of this tile alone; a
    stronger bot would weigh both drawn tiles together.
    """
    return max(placements(state), key=lambda move: polygon.score_move(state, move))


def main() -> None:
    state = polygon.new_game(players=2, seed=2026)
    # The start-order draw decided who starts (POLY-7); its tile lies on START.
    print(f"seat {polygon.starter(state)} won the start draw: {polygon.start_draw(state)}")
    chooser = random.Random(7)

    while not polygon.is_over(state):
        (seat,) = polygon.to_move(state)
        symbol = polygon.SYMBOLS[polygon.turn_symbol(state)]
        if seat == GREEDY:
            move = greedy_move(state)
        else:
            moves = placements(state)
            move = moves[chooser.randrange(len(moves))]
        # Moves travel as text, for example to a browser: V@Q,R places a tile, V@- sets it aside.
        text = polygon.format_move(move)
        assert polygon.parse_move(text, state) == move
        last = len(polygon.drawn(state)) == 1  # this placement ends the turn
        points = polygon.score_move(state, move)
        state = polygon.apply(state, move)
        if last and points:
            print(f"seat {seat} ({symbol}) played {text} and scored {points}")

    # The final board: stack tops with their heights, printed tiles in lower case.
    print(state)
    result = polygon.outcome(state)
    assert result is not None
    print(f"totals {result.scores}; winners {sorted(result.winners)} ({result.reason})")
    # What a player's screen may show: everything but the bag's order and the seed.
    screen = polygon.view(state, GREEDY)
    print(f"seat {GREEDY} sees {polygon.bag_size(screen)} tiles in the bag and {screen.aside}")


if __name__ == "__main__":
    main()
