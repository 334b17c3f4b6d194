"""score_move tells what a turn adds to the mover's total when the move ends the turn (POLY-13).

The rule: a turn's score is added to the total at the end of the turn (after
its last placement or set-aside tile). So for every legal move that ends the
turn, ``score_move`` must equal what ``apply`` adds to the mover's total:
placements and tiles set aside alike. Checked over whole random games: six
per case under ``--deep``, two in the everyday tier.
"""

from __future__ import annotations

import random

import pytest

from tiers import size
from tilegames import polygon


def ends_the_turn(before: polygon.State, after: polygon.State) -> bool:
    return after.turn != before.turn or polygon.is_over(after)


# A tile is set aside only when it has no legal place ([decision] of POLY-11): with
# the standard set the board never fills; a set of 81 tiles (the board has 61
# spaces) fills it, so the last turns set tiles aside.
SETS = [None, ("2", *["1"] * 80)]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("tiles", SETS, ids=["standard", "2+80x1"])
def test_score_move_is_what_the_turn_adds(players: int, tiles: tuple[str, ...] | None) -> None:
    checked = {"placed": 0, "aside": 0}
    for seed in range(size(everyday=2, deep=6)):
        state = polygon.new_game(players, seed=seed, tiles=tiles)
        pick = random.Random(seed)
        while not polygon.is_over(state):
            moves = list(polygon.legal_moves(state))
            mover = state.seat
            for move in moves:
                after = polygon.apply(state, move)
                if not ends_the_turn(state, after):
                    continue
                gained = after.totals[mover] - state.totals[mover]
                assert polygon.score_move(state, move) == gained, polygon.format_move(move)
                assert isinstance(move, polygon.Place)
                checked["aside" if move.space is None else "placed"] += 1
            state = polygon.apply(state, pick.choice(moves))
    assert checked["placed"] > 100
    # a full board sets tiles aside, so that branch of score_move is met too
    assert (checked["aside"] > 0) == (tiles is not None)
