"""Slow, obvious references for Polygon, compared with the fast code on many positions.

The references live in ``polygon_reference_impl.py``, written straight from
the rule text of spec v2; here they meet the fast code: the combination
table and the tables built from a card (POLY-14), the legal moves in both
directions with ``apply`` (POLY-11, POLY-12), golden move and discard counts
along seeded games, and the best turn score of POLY-13 under each state's
own table and board.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from polygon_reference_impl import (
    ALL_VALUES,
    BOARD,
    BOARDS,
    DATA,
    FULL_X2,
    GOLDEN_GAMES,
    NUMBERS,
    TRIPLES,
    board_of,
    notations,
    positions,
    random_seeds,
    read_table,
    slow_combination,
    slow_legal_moves,
    slow_turn_score,
    state_table,
)

from tiers import examples, size
from tilegames import IllegalMoveError, polygon
from tilegames._core import rng
from tilegames.polygon import Place, State

ON_POSITIONS = settings(max_examples=examples(40, everyday=5))
"""Properties over random positions: 40 examples under ``--deep``, 5 in the everyday tier."""


def placements(state: State) -> polygon.LegalMoves:
    """``legal_moves`` where a seat is to move: placements only, never chance's Draw or Roll."""
    moves = polygon.legal_moves(state)
    assert isinstance(moves, polygon.LegalMoves), moves
    return moves


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

    def test_standard_scoring_is_the_hand_table(self) -> None:
        """STANDARD_SCORING, the data form of the spec's table, row by row (POLY-14)."""
        table = read_table()
        expected = tuple(("-".join(triple), table[triple]) for triple in TRIPLES)
        assert expected == polygon.STANDARD_SCORING

    def test_card_of_the_spec_gives_the_spec_table(self) -> None:
        """scoring_table from the spec's number combinations and 100 is the spec's table."""
        card = {"1-1-1": 10, "2-2-2": 20, "3-3-3": 30, "4-4-4": 40, "5-5-5": 50}
        card.update({"1-2-3": 20, "2-3-4": 25, "3-4-5": 30})
        assert polygon.scoring_table(card, three_wild=100) == polygon.STANDARD_SCORING

    @given(
        st.dictionaries(
            st.sampled_from([t for t in TRIPLES if set(t) <= set(NUMBERS)]),
            st.integers(0, 1000),
        ),
        st.integers(0, 1000),
    )
    def test_any_card_expands_as_the_reference(
        self, card: dict[tuple[str, str, str], int], three_wild: int
    ) -> None:
        """Every row of a table built from a card is the brute-force value under its rules."""

        def numbers(choice: Sequence[int]) -> int:
            low, middle, high = sorted(str(n) for n in choice)
            return card.get((low, middle, high), 0)

        written = {"-".join(triple): points for triple, points in card.items()}
        table = dict(polygon.scoring_table(written, three_wild=three_wild))
        for triple in TRIPLES:
            assert table["-".join(triple)] == slow_combination(triple, numbers, three_wild)


class TestLegalMovesReference:
    """legal_moves against the slow enumerator, and both directions with apply (POLY-11, 12)."""

    @ON_POSITIONS
    @given(positions)
    def test_same_moves_in_the_same_order(self, state: State) -> None:
        """The fast list equals the reference list, move for move."""
        assert notations(placements(state)) == slow_legal_moves(state)

    @ON_POSITIONS
    @given(positions)
    def test_every_candidate_agrees_with_the_list(self, state: State) -> None:
        """Every tile on every space, and every discard, is accepted exactly when listed."""
        listed = set(notations(placements(state)))
        tiles = set(polygon.drawn(state)) | {"3", "W"}
        candidates = [Place(t, s) for t in tiles for s in [*BOARD, None, (5, 0)]]
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
        """The fast legal_moves gives the stored count at every step of every stored game.

        The stored number of discards (POLY-11) is also what the fast code sets
        aside: with spec v2 a tile finds no place in real games, not only in theory.
        """
        games = []
        all_discards = 0
        for line in (DATA / "polygon_counts.txt").read_text().splitlines():
            if line.startswith("#") or not line.strip():
                continue
            head, _, tail = line.partition(":")
            listed, _, discarded = tail.partition("|")
            players_text, seed_text, board = head.split()
            players, seed = int(players_text), int(seed_text)
            expected = [int(count) for count in listed.split()]
            state = polygon.new_game(players, seed=seed, board=BOARDS[board])
            counts = []
            while not polygon.is_over(state):
                moves = polygon.legal_moves(state)
                counts.append(len(moves))
                state = polygon.apply(state, moves[(7 * len(counts) - 7) % len(moves)])
            assert counts == expected, (players, seed, board)
            assert len(state.aside) == int(discarded), (players, seed, board)
            all_discards += len(state.aside)
            games.append((players, seed, board))
        assert games == GOLDEN_GAMES
        assert all_discards > 0


class TestDiscardsInRandomGames:
    """The discard path of POLY-11 over many random games, checked against the reference."""

    @staticmethod
    def play(board: dict[tuple[int, int], str] | None, games: int) -> int:
        """Random games; every list with a discard equals the reference's; the discards."""
        discards = 0
        for seed in random_seeds(games):
            state = polygon.new_game(2 + seed % 3, seed=seed, board=board)
            chooser = rng.Stream(seed)
            while not polygon.is_over(state):
                moves = placements(state)
                listed = notations(moves)
                if any(text.endswith("@-") for text in listed):
                    assert listed == slow_legal_moves(state)
                move = moves[chooser.randbelow(len(moves))]
                if move.space is None:
                    discards += 1
                    before = len(state.aside)
                    state = polygon.apply(state, move)
                    assert len(state.aside) == before + 1
                else:
                    state = polygon.apply(state, move)
        return discards

    def test_discards_on_a_fully_printed_board(self) -> None:
        """With an X2 printed everywhere, WILD and X2 tiles are set aside in real games."""
        assert self.play(FULL_X2, 60) >= 10

    def test_standard_games(self) -> None:
        """Standard random games: a discard is listed only when the reference lists it.

        60 games under ``--deep``, 20 in the everyday tier.
        """
        self.play(None, size(everyday=20, deep=60))


class TestTurnScoreReference:
    """The turn score against the reference over every assignment (POLY-13)."""

    @ON_POSITIONS
    @given(positions, st.data())
    def test_turn_end_adds_the_reference_score(self, state: State, data: st.DataObject) -> None:
        """Playing out the turn adds to the mover's total the reference's best score."""
        if polygon.is_over(state):
            return
        seat, symbol = polygon.to_move(state)[0], polygon.turn_symbol(state)
        before = polygon.totals(state)[seat]
        spaces = list(polygon.placed(state))
        while True:
            moves = placements(state)
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
        expected = slow_turn_score(board_of(after), symbol, spaces, state_table(state))
        assert polygon.totals(after)[seat] - before == expected
        assert predicted == expected

    @ON_POSITIONS
    @given(positions, st.data())
    def test_score_move_is_the_reference_score_now(
        self, state: State, data: st.DataObject
    ) -> None:
        """score_move of any legal move is the reference score of the turn ending with it."""
        if polygon.is_over(state):
            return
        moves = placements(state)
        move = moves[data.draw(st.integers(0, len(moves) - 1))]
        board = board_of(state)
        spaces = [*polygon.placed(state)]
        if move.space is not None:
            board[move.space] = (*board[move.space], move.tile)
            spaces.append(move.space)
        expected = slow_turn_score(board, polygon.turn_symbol(state), spaces, state_table(state))
        assert polygon.score_move(state, move) == expected
