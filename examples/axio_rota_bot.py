"""A tiny AXIO Rota bot: what a frontend or bot author writes with tilegames.

Seat 0 plays greedily for its weakest colours (the game ranks players by their
lowest track, ROTA-19); seat 1 plays uniformly at random. Run it with::

    python examples/axio_rota_bot.py
"""

from __future__ import annotations

import random

from tilegames import axio_rota as rota
from tilegames.axio_rota import Place, State


def value(state: State, move: Place) -> tuple[int, ...]:
    """How good a move is for the mover: its tracks after the move, lowest first.

    Comparing these tuples prefers raising the lowest colour, then the next
    lowest, exactly as the final ranking compares players (ROTA-19).
    """
    (seat,) = rota.to_move(state)
    tracks = rota.scores(state)[seat]
    points = rota.score_move(state, move)  # per colour, before the cap of 12
    return tuple(sorted(min(rota.TRACK_CAP, t + p) for t, p in zip(tracks, points, strict=True)))


def placements(state: State) -> list[Place]:
    """The legal moves of the seat to move: its hand tile's placements.

    ``legal_moves`` also lists chance's outcomes (``Draw``, ``Unseen``, ``Reveal``)
    in a ``chance="explicit"`` game; this seeded game has none.
    """
    return [move for move in rota.legal_moves(state) if isinstance(move, Place)]


def greedy(state: State) -> Place:
    """The legal move with the best value (the first of equals, in listing order)."""
    return max(placements(state), key=lambda move: value(state, move))


def main() -> None:
    """Play one seeded game, greedy seat 0 against random seat 1, and print it."""
    state = rota.new_game(players=2, seed=2024)  # the seed fixes the shuffle
    chooser = random.Random(2024)  # and this the random player's choices
    turns = 0
    while not rota.is_over(state):
        (seat,) = rota.to_move(state)  # one seat moves at a time
        if seat == 0:
            move = greedy(state)
        else:
            moves = placements(state)
            move = moves[chooser.randrange(len(moves))]
        extra = " (extra turn)" if state.extra_tile is not None else ""
        if turns < 6:
            points = rota.score_move(state, move)
            print(f"seat {seat} plays {move}{extra}, scoring {points}")
        state = rota.apply(state, move)  # a new state; the old one is unchanged
        turns += 1

    print(f"... {turns} placements in all\n")
    print(state)  # the display and the tracks, as text
    result = rota.outcome(state)
    assert result is not None  # the game is over
    print(result.reason)
    for place, seats in enumerate(result.ranking, start=1):
        for seat in sorted(seats):
            print(f"{place}. seat {seat}: lowest first {sorted(rota.scores(state)[seat])}")


if __name__ == "__main__":
    main()
