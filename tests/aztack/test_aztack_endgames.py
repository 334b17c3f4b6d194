"""Every line of play from small hand-built Aztack positions, checked against the rules.

Two players hold two or three stones each on a base of standard stones; the
search follows every legal move to the end of the game and checks, at every
position of every line, the pass rule (AZT-14), the end (AZT-15, AZT-16,
AZT-18) and, at the end, the winners, with the slow reference of
:mod:`aztack_reference_impl` played along the same line (it remembers who
placed last from the line itself). Positions reached by several lines are
checked once; the number of complete lines is counted over the tree.

The everyday tier searches two of the positions ("three each, C" and "two
each", which between them meet every rule the last test asks for); ``--deep``
searches all four.
"""

from __future__ import annotations

import collections
import functools

import aztack_reference_impl as reference
import pytest
from aztack_positions import build

from tiers import DEEP
from tilegames import aztack


class Search:
    """Walks every line from a position; counts lines and what happened on them."""

    def __init__(self) -> None:
        self.lines: dict[aztack.State, int] = {}
        self.seen = collections.Counter[str]()

    def run(self, state: aztack.State) -> int:
        return self.visit(state, reference.from_state(state))

    def visit(self, state: aztack.State, pos: reference.RefPosition) -> int:
        known = self.lines.get(state)
        if known is not None:
            return known
        listed = list(aztack.legal_moves(state))
        expected = reference.moves(pos)
        assert sorted(map(reference.as_tuple, listed), key=repr) == sorted(expected, key=repr)
        over = reference.is_over(pos)
        assert aztack.is_over(state) == over
        if over:
            count = 1
            self.check_end(state, pos)
        else:
            self.check_turn(state, pos, listed)
            count = sum(
                self.visit(
                    aztack.apply(state, move), reference.play(pos, reference.as_tuple(move))
                )
                for move in listed
            )
        self.lines[state] = count
        return count

    def check_turn(
        self, state: aztack.State, pos: reference.RefPosition, listed: list[aztack.Move]
    ) -> None:
        """AZT-14: a pass is the only move exactly when the seat to move cannot place."""
        seats = range(len(pos.hands))
        if pos.turn is None:  # AZT-17: every seat that can place may move; nobody passes
            movers = tuple(seat for seat in seats if reference.can_place(pos, seat))
            assert aztack.to_move(state) == movers
            assert not any(isinstance(move, aztack.Pass) for move in listed)
            return
        assert aztack.to_move(state) == (pos.turn,)
        if reference.can_place(pos, pos.turn):
            assert aztack.why_illegal(state, aztack.Pass(pos.turn)) is not None
        else:
            assert listed == [aztack.Pass(pos.turn)]
            self.seen["pass"] += 1

    def check_end(self, state: aztack.State, pos: reference.RefPosition) -> None:
        """AZT-15, AZT-16, AZT-18: the winners and the rule named in the reason."""
        result = aztack.outcome(state)
        assert result is not None
        assert aztack.to_move(state) == ()
        assert set(result.winners) == reference.winners(pos)
        left = [len(hand) for hand in pos.hands]
        if 0 in left:
            rule = "AZT-18" if pos.turn is None else "AZT-15"
            self.seen["emptied"] += 1
        elif pos.turn is None:
            rule = "AZT-18"
            self.seen["stuck"] += 1
            (winner,) = result.winners
            if left[winner] > min(left):
                self.seen["last placer with more stones"] += 1
        else:
            rule = "AZT-16"
            self.seen["stuck"] += 1
            if left.count(min(left)) > 1:
                self.seen["tie on fewest"] += 1
        assert result.reason.startswith(rule)


POSITIONS = {
    "three each, A": ([24, 37, 57], [20, 35, 54]),
    "three each, B": ([31, 35, 41], [50, 56, 28]),
    "three each, C": ([56, 46, 16], [45, 57, 42]),
    "two each": ([16, 44], [58, 40]),
}
SEARCHED = sorted(POSITIONS) if DEEP else ["three each, C", "two each"]
"""The positions searched in this tier (the two "three each" A and B take seconds)."""


@functools.cache
def searched(name: str, mode: str) -> tuple[int, Search]:
    """The number of lines from a position, and the search that walked them (once per run)."""
    search = Search()
    return search.run(build(POSITIONS[name], mode=mode)), search


class TestEveryLine:
    @pytest.mark.parametrize("name", SEARCHED)
    def test_turn_game(self, name: str) -> None:
        """AZT-14 .. AZT-16 hold on every line of the turn game from the position."""
        lines, search = searched(name, "turns")
        assert lines > 10
        assert search.seen["emptied"] > 0
        assert search.seen["stuck"] > 0

    @pytest.mark.parametrize("name", SEARCHED)
    def test_speed_stack(self, name: str) -> None:
        """AZT-17, AZT-18 hold on every line of the speed stack from the position."""
        lines, search = searched(name, "speed")
        assert lines > 10
        assert search.seen["emptied"] > 0

    def test_every_rule_is_exercised(self) -> None:
        """The searches meet passes, both ends, ties on fewest and AZT-18's last placer."""
        turns = sum((searched(name, "turns")[1].seen for name in SEARCHED), collections.Counter())
        speed = sum((searched(name, "speed")[1].seen for name in SEARCHED), collections.Counter())
        assert turns["pass"] > 0
        assert turns["tie on fewest"] > 0
        assert turns["stuck"] > turns["tie on fewest"]
        assert speed["stuck"] > 0
        assert speed["last placer with more stones"] > 0

    def test_nobody_can_place_from_the_start(self) -> None:
        """AZT-16: stones that fit nowhere end the game at once, and both seats share the win."""
        state = build([[14, 42], [57, 59]])
        search = Search()
        assert search.run(state) == 1
        result = aztack.outcome(state)
        assert result is not None
        assert result.winners == {0, 1}
