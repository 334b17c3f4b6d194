"""The fast path of AXIO Rota's rules against the plain versions it replaces.

``apply`` trusts a move just picked from the state's own legal moves, scores
from the tile's tables and the circles' counts taken as the board grows, and
``new_game`` indexes the start square from a template; each is checked here
against the obvious way, over the positions of seeded random games.
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from axio_rota_helpers import positions

from tiers import size
from tilegames import IllegalMoveError, serialize
from tilegames import axio_rota as rota
from tilegames._core import tracks
from tilegames.axio_rota import Place
from tilegames.axio_rota._model import STANDARD_TILES, Board
from tilegames.axio_rota._moves import checked_placement as _checked
from tilegames.axio_rota._moves import placement_points as _points
from tilegames.axio_rota._moves import scored_onto as _scored_onto
from tilegames.axio_rota._tables import tile_info

SEEDS = range(size(everyday=2, deep=12))
"""The seeded random games whose positions each check walks: 12 under ``--deep``, 2 everyday."""


def board_dicts(board: Board) -> tuple[dict[int, object], dict[int, int], dict[int, int]]:
    """The board's three dictionaries, as plain values."""
    return dict(board.cells), dict(board.circles), dict(board.frontier)


class TestScoring:
    """_scored_onto (tables, counts before) against _points then tracks.add_points."""

    @pytest.mark.parametrize("players", [1, 2, 4])
    def test_every_legal_move_of_random_positions(self, players: int) -> None:
        """Same tracks and the same number of colours reaching 12, for every legal move."""
        for seed in SEEDS:
            for state in positions(players, seed)[:-1:3]:
                board = state._index
                assert board is not None
                mine = state.tracks[state.seat]
                for move in rota.legal_moves(state):
                    assert isinstance(move, Place)
                    cell, info = _checked(state, move)
                    corners = info.turned[move.rotation]
                    points = _points(board.circles, cell, corners, move.named)
                    expected, reached = tracks.add_points(mine, points, stages=(12,))
                    grown, before = board.grown(cell, corners, info.adds[move.rotation])
                    assert _scored_onto(mine, before, info, move.rotation, move.named) == (
                        expected,
                        len(reached),
                    )
                    assert board_dicts(grown) == board_dicts(board.with_tile(cell, corners))

    def test_tracks_near_the_cap(self) -> None:
        """Points past 12 are lost; a colour already at 12 reaches nothing again."""
        info = tile_info((0, 0, 0, 0))
        one_red = 1  # a circle with one red corner
        before = (one_red, one_red, one_red, one_red)
        assert _scored_onto((12, 11, 0, 0, 0), before, info, 0, None) == ((12, 11, 0, 0, 0), 0)
        assert _scored_onto((9, 0, 0, 0, 0), before, info, 0, None) == ((12, 0, 0, 0, 0), 1)
        assert _scored_onto((7, 0, 0, 0, 0), before, info, 0, None) == ((11, 0, 0, 0, 0), 0)
        assert _scored_onto((7, 0, 0, 0, 0), (0, 0, 0, 0), info, 0, None) == (
            (7, 0, 0, 0, 0),
            0,
        )


class TestTrustedMoves:
    """A move picked from the state's legal moves is applied without being checked again."""

    @pytest.mark.parametrize("players", [1, 3])
    def test_picked_and_equal_moves_give_the_same_state(self, players: int) -> None:
        """Applying the picked move or an equal, newly built one gives the same JSON."""
        for seed in SEEDS:
            chooser = random.Random(seed)
            for state in positions(players, seed)[:-1]:
                moves = rota.legal_moves(state)
                picked = moves[chooser.randrange(len(moves))]
                assert isinstance(picked, Place)
                copy = Place(picked.cell, picked.rotation, picked.named)
                fresh = attrs.evolve(state)  # no cache: the checked path
                fast = rota.apply(state, picked)
                assert fast == rota.apply(fresh, copy)
                assert serialize.to_json(fast) == serialize.to_json(rota.apply(fresh, copy))

    @pytest.mark.parametrize("players", [2, 4])
    def test_picked_and_equal_moves_score_the_same(self, players: int) -> None:
        """score_move of the picked move, or of an equal one on an uncached state: the same."""
        for seed in SEEDS:
            for state in positions(players, seed)[:-1]:
                moves = rota.legal_moves(state)
                for position in range(0, len(moves), max(1, len(moves) // 6)):
                    picked = moves[position]
                    assert isinstance(picked, Place)
                    copy = Place(picked.cell, picked.rotation, picked.named)
                    expected = rota.score_move(attrs.evolve(state), copy)
                    assert rota.score_move(state, picked) == expected

    @pytest.mark.parametrize("function", [rota.apply, rota.score_move], ids=["apply", "score"])
    def test_a_move_picked_elsewhere_is_still_checked(self, function: Callable[..., Any]) -> None:
        """A move listed for one state is refused by another where it is illegal."""
        state = rota.new_game(2, seed=4)
        move = rota.legal_moves(state)[0]
        after = rota.apply(state, move)
        rota.legal_moves(after)[0]  # after's list has picked a move of its own
        with pytest.raises(IllegalMoveError, match="ROTA-11"):
            function(after, move)  # its cell is taken now

    def test_a_pick_does_not_let_other_moves_through(self) -> None:
        """After a pick, an illegal move gets the same refusal as before it."""
        state = rota.new_game(2, seed=9)
        bad = Place((7, 7), 0)
        with pytest.raises(IllegalMoveError) as before:
            rota.apply(state, bad)
        rota.legal_moves(state)[3]
        with pytest.raises(IllegalMoveError) as after:
            rota.apply(state, bad)
        assert str(before.value) == str(after.value)


class TestLegalMovesCache:
    """legal_moves is worked out once per state and kept out of its value."""

    def test_same_sequence_twice(self) -> None:
        """The second call returns the sequence of the first."""
        state = rota.new_game(3, seed=2)
        assert rota.legal_moves(state) is rota.legal_moves(state)

    def test_not_in_equality_repr_or_pickle(self) -> None:
        """A state with listed moves equals, pickles and prints like one without."""
        state = rota.new_game(2, seed=5)
        fresh = attrs.evolve(state)
        listed = rota.legal_moves(state)
        listed[len(listed) - 1]
        assert state == fresh
        assert hash(state) == hash(fresh)
        assert repr(state) == repr(fresh)
        assert "_legal" not in repr(state)
        loaded = pickle.loads(pickle.dumps(state))
        assert loaded._legal is None
        assert list(rota.legal_moves(loaded)) == list(listed)

    @pytest.mark.parametrize("players", [1, 2, 4])
    def test_length_indexing_and_iteration_agree(self, players: int) -> None:
        """len() (a product when the tile has no empty corner) matches the moves listed."""
        for seed in SEEDS[:4]:
            for state in positions(players, seed)[::2]:
                moves = rota.legal_moves(state)
                listed = list(moves)
                assert len(moves) == len(listed)
                assert [moves[i] for i in range(len(moves))] == listed

    def test_count_at_matches_counts(self) -> None:
        """The list-backed count_at reads the counts table."""
        for tile in STANDARD_TILES:
            info = tile_info(tile)
            assert [info.count_at(mask) for mask in range(16)] == list(info.counts)


class TestStartBoard:
    """new_game indexes the start square from a template."""

    @pytest.mark.parametrize("players", [1, 2, 3, 4])
    def test_same_index_as_built_from_the_display(self, players: int) -> None:
        """The template board equals Board.build of the start display."""
        for seed in range(40):
            state = rota.new_game(players, seed=seed)
            board = state._index
            assert board is not None
            assert board_dicts(board) == board_dicts(Board.build(state.display))
