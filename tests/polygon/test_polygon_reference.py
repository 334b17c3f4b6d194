"""Slow, obvious references for Polygon, compared with the fast code on many positions.

The references live in ``polygon_reference_impl.py``, written straight from
the rule text; here they meet the fast code: the combination table, the
legal moves in both directions with ``apply``, golden move counts along
seeded games, and the best turn score of POLY-13.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st
from polygon_reference_impl import (
    ALL_VALUES,
    BOARD,
    DATA,
    board_of,
    notations,
    positions,
    read_table,
    slow_combination,
    slow_legal_moves,
    slow_turn_score,
)

from tilegames import IllegalMoveError, polygon
from tilegames.polygon import Move, State

# ---------------------------------------------------------------------------
# The comparisons
# ---------------------------------------------------------------------------


class TestCombinationReference:
    """combination_value against the hand table and the brute-force reference (POLY-14)."""

    def test_table_covers_every_multiset_once(self) -> None:
        """The hand table lists each of the 120 multisets of three values exactly once."""
        table = read_table()
        expected = set(itertools.combinations_with_replacement(ALL_VALUES, 3))
        assert set(table) == expected
        assert len(table) == 120

    def test_every_ordered_triple_matches_the_table(self) -> None:
        """All 512 ordered triples score as their multiset in the hand table."""
        table = read_table()
        for triple in itertools.product(ALL_VALUES, repeat=3):
            key = tuple(sorted(triple, key=ALL_VALUES.index))
            assert polygon.combination_value(triple) == table[key], triple

    def test_brute_force_agrees_with_the_table(self) -> None:
        """The slow reference and the hand table agree on every multiset."""
        for values, points in read_table().items():
            assert slow_combination(values) == points, values


class TestLegalMovesReference:
    """legal_moves against the slow enumerator, and both directions with apply (POLY-11, 12)."""

    @given(positions)
    def test_same_moves_in_the_same_order(self, state: State) -> None:
        """The fast list equals the reference list, move for move."""
        assert notations(polygon.legal_moves(state)) == slow_legal_moves(state)

    @given(positions)
    def test_every_candidate_agrees_with_the_list(self, state: State) -> None:
        """Every tile on every space, and every discard, is accepted exactly when listed."""
        listed = set(notations(polygon.legal_moves(state)))
        tiles = set(polygon.drawn(state)) | {"3", "W"}
        candidates = [Move(t, s) for t in tiles for s in [*BOARD, None, (5, 0)]]
        for move in candidates:
            legal = polygon.format_move(move) in listed
            reason = polygon.why_illegal(state, move)
            assert (reason is None) == legal, (move, reason)
            assert (move in polygon.legal_moves(state)) == legal
            if legal:
                polygon.apply(state, move)
            else:
                with pytest.raises(IllegalMoveError):
                    polygon.apply(state, move)


class TestGoldenCounts:
    """Move counts along seeded games, stored by the reference (tests/data/polygon_counts.txt)."""

    def test_counts_replay(self) -> None:
        """The fast legal_moves gives the stored count at every step of every stored game."""
        games = 0
        for line in (DATA / "polygon_counts.txt").read_text().splitlines():
            if line.startswith("#") or not line.strip():
                continue
            head, _, tail = line.partition(":")
            players, seed = map(int, head.split())
            expected = [int(count) for count in tail.split()]
            state = polygon.new_game(players, seed=seed)
            counts = []
            while not polygon.is_over(state):
                moves = polygon.legal_moves(state)
                counts.append(len(moves))
                state = polygon.apply(state, moves[(7 * len(counts) - 7) % len(moves)])
            assert counts == expected, (players, seed)
            games += 1
        assert games == 12


class TestTurnScoreReference:
    """The turn score against the reference over every assignment (POLY-13)."""

    @given(positions, st.data())
    def test_turn_end_adds_the_reference_score(self, state: State, data: st.DataObject) -> None:
        """Playing out the turn adds to the mover's total the reference's best score."""
        if polygon.is_over(state):
            return
        seat, symbol = polygon.to_move(state)[0], polygon.turn_symbol(state)
        before = polygon.totals(state)[seat]
        spaces = list(polygon.placed(state))
        while True:
            moves = polygon.legal_moves(state)
            move = moves[data.draw(st.integers(0, len(moves) - 1))]
            last = len(polygon.drawn(state)) == 1
            predicted = polygon.score_move(state, move)
            if move.space is not None:
                spaces.append(move.space)
            after = polygon.apply(state, move)
            if last:
                break
            state = after
        # The next turn has placed nothing yet: its board is the board the turn left.
        expected = slow_turn_score(board_of(after), symbol, spaces)
        assert polygon.totals(after)[seat] - before == expected
        assert predicted == expected

    @given(positions, st.data())
    def test_score_move_is_the_reference_score_now(
        self, state: State, data: st.DataObject
    ) -> None:
        """score_move of any legal move is the reference score of the turn ending with it."""
        if polygon.is_over(state):
            return
        moves = polygon.legal_moves(state)
        move = moves[data.draw(st.integers(0, len(moves) - 1))]
        board = board_of(state)
        spaces = [*polygon.placed(state)]
        if move.space is not None:
            board[move.space] = (*board[move.space], move.tile)
            spaces.append(move.space)
        expected = slow_turn_score(board, polygon.turn_symbol(state), spaces)
        assert polygon.score_move(state, move) == expected
