"""A tiny Aztack bot: what a frontend or bot author writes with tilegames.

Seat 0 plays greedily: it prefers a bonus placement (both colours and both
glyphs match, AZT-13), then discards its stone that fits the fewest spots,
the one least likely ever to be placed. Seat 1 plays uniformly at random.
Then the same bot plays a round of the speed stack, where every seat that
can place may move. Run it with::

    python examples/aztack_bot.py
"""

from __future__ import annotations

import random
from collections import Counter

from tilegames import aztack
from tilegames.aztack import Match, Move, Place, State

WORDS = {  # what score_move says a move matches, in words for the log
    Match.NONE: "pass",
    Match.COLOUR: "both colours match",
    Match.GLYPH: "both glyphs match",
    Match.BOTH: "colours and glyphs match: bonus",
}


def fits(state: State) -> Counter[int]:
    """How many placements each stone has now, by stone id (discards not counted)."""
    return Counter(
        move.stone
        for move in aztack.legal_moves(state)
        if isinstance(move, Place) and move.discard is None
    )


def greedy(state: State, seat: int) -> Move:
    """The seat's best move: the best match, then the discard of its least useful stone."""
    moves = [move for move in aztack.legal_moves(state) if move.seat == seat]
    counts = fits(state)

    def value(move: Move) -> tuple[Match, int]:
        match = aztack.score_move(state, move)  # COLOUR < GLYPH < BOTH (the bonus)
        if isinstance(move, Place) and move.discard is not None:
            return match, 100 - counts[move.discard]  # discard what fits the fewest spots
        return match, 0

    return max(moves, key=value)


def play_turns() -> None:
    """One seeded turn game: greedy seat 0 against random seat 1."""
    state = aztack.new_game(players=2, seed=2024)  # the seed fixes the deal
    chooser = random.Random(2024)  # and this the random player's choices
    print(state, end="\n\n")  # the pyramid from above, and both supplies
    turn = 0
    while not aztack.is_over(state):
        (seat,) = aztack.to_move(state)  # in the turn game, one seat at a time
        if seat == 0:
            move = greedy(state, seat)
        else:
            moves = aztack.legal_moves(state)  # a lazy sequence: cheap to index
            move = moves[chooser.randrange(len(moves))]
        match = aztack.score_move(state, move)  # what the move matches, or NONE for a pass
        turn += 1
        print(f"{turn:2}. {move}  ({WORDS[match]})")
        state = aztack.apply(state, move)  # a new state; the old one is unchanged

    print()
    print(state)
    result = aztack.outcome(state)
    assert result is not None  # the game is over
    print(result.reason)
    print("stones left:", dict(enumerate(result.scores)))


def play_speed() -> None:
    """One seeded speed stack: at each step a random seat among those that can place moves."""
    state = aztack.new_game(players=3, seed=7, mode="speed")
    chooser = random.Random(7)
    placements = 0
    while not aztack.is_over(state):
        seat = chooser.choice(aztack.to_move(state))  # every seat that can place may move
        state = aztack.apply(state, greedy(state, seat))  # moves carry their seat
        placements += 1
    result = aztack.outcome(state)
    assert result is not None
    print(f"\nspeed stack, 3 players: {placements} placements; {result.reason}")


if __name__ == "__main__":
    play_turns()
    play_speed()
