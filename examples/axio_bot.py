"""A tiny AXIO (Ingenious) bot: what a frontend or bot author writes with tilegames.

Seat 0 plays greedily for its weakest colours (the game ranks players by their
lowest track, AXIO-16), makes every bonus placement it earns and swaps whenever
a swap is offered; seat 1 plays uniformly at random, so it sometimes declines
a bonus placement (AXIO-11). Run it with::

    python examples/axio_bot.py
"""

from __future__ import annotations

import random

from tilegames import axio
from tilegames.axio import Move, State


def value(state: State, move: Move) -> tuple[int, ...]:
    """How good a move is for the mover: its tracks after the move, lowest first.

    Comparing these tuples prefers raising the lowest colour, then the next
    lowest, exactly as the final ranking compares players (AXIO-16).
    """
    (seat,) = axio.to_move(state)
    tracks = axio.scores(state)[seat]
    points = axio.score_move(state, move)  # per colour, before the cap of 18
    return tuple(sorted(min(axio.TRACK_CAP, t + p) for t, p in zip(tracks, points, strict=True)))


def greedy(state: State) -> Move:
    """The best move: swap when offered, else the placement with the best value.

    A placement never lowers a track, so a bonus placement is never worse than
    declining it (``axio.DECLINE``, listed last): the bot never declines.
    """
    moves = axio.legal_moves(state)  # a lazy sequence: moves are built as they are read
    if state.deciding:  # after the placements: the choice of AXIO-12 is keep or swap
        return axio.SWAP
    placements = [move for move in moves if move != axio.DECLINE]
    return max(placements, key=lambda move: value(state, move))


def main() -> None:
    """Play one seeded game, greedy seat 0 against random seat 1, and print it."""
    state = axio.new_game(players=2, seed=2024)  # the seed fixes the shuffle
    chooser = random.Random(2024)  # and this the random player's choices
    print("seat 0 holds", " ".join(map(axio.format_tile, axio.rack(state, 0))))
    moves_made = 0
    while not axio.is_over(state):
        (seat,) = axio.to_move(state)  # one seat moves at a time
        if seat == 0:
            move = greedy(state)
        else:
            moves = axio.legal_moves(state)
            move = moves[chooser.randrange(len(moves))]  # cheap: builds one move
        if moves_made < 6 or state.bonuses or isinstance(move, axio.SwapChoice):
            note = " (bonus placement)" if state.bonuses else ""
            if move == axio.DECLINE:
                note = " (a bonus placement declined)"
            print(f"seat {seat} plays {move}{note}, scoring {axio.score_move(state, move)}")
        state = axio.apply(state, move)  # a new state; the old one is unchanged
        moves_made += 1

    print(f"... {moves_made} moves in all\n")
    print(state)  # the board and the tracks, as text
    result = axio.outcome(state)
    assert result is not None  # the game is over
    print(result.reason)
    for place, seats in enumerate(result.ranking, start=1):
        for seat in sorted(seats):
            print(f"{place}. seat {seat}: lowest first {sorted(axio.scores(state)[seat])}")


if __name__ == "__main__":
    main()
