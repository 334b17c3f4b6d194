"""The optional bulk writer ``Rules.format_moves``: the texts of ``format_move``, faster.

``format_moves(moves)`` must equal ``[format_move(move) for move in moves]``
for any sequence of a game's moves: a whole listing of ``legal_moves`` (the
server's use, where AXIO writes placements from pairs and tiles without
building them), a part of one, and moves of other kinds. The reference is
``format_move`` itself, move by move.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tilegames
from random_games import every_state
from server_support import needs_server
from tiers import examples
from tilegames import axio, rng
from tilegames.agents import make_agent

WRITERS = tuple(name for name in tilegames.names() if tilegames.get(name).format_moves is not None)
"""The registered games that give a bulk writer."""


def one_by_one(rules: tilegames.Rules[Any, Any], moves: Any) -> list[str]:
    return [rules.format_move(move) for move in moves]


@st.composite
def positions(draw: st.DrawFn, games: tuple[str, ...]) -> tuple[tilegames.Rules[Any, Any], Any]:
    """A position of a random game: any setup, seeded or explicit chance, a random move in."""
    rules = tilegames.get(draw(st.sampled_from(games)))
    setup = draw(st.sampled_from(rules.setups))
    options = dict(setup.options)
    if draw(st.booleans()) and "chance" in {option.name for option in rules.options or ()}:
        options["chance"] = "explicit"
    states = every_state(rules, setup.players, draw(st.integers(0, 2**32)), **options)
    return rules, states[draw(st.integers(0, len(states) - 1))]


class TestFormatMoves:
    """format_moves writes what format_move writes, move by move, in the same order."""

    def test_axio_gives_one(self) -> None:
        """AXIO, whose openings list 1,700 placements, has a bulk writer (the tests below run)."""
        assert "axio" in WRITERS
        assert tilegames.get("axio").format_moves is axio.format_moves

    @settings(max_examples=examples(100), deadline=None)
    @given(positions(WRITERS))
    def test_a_listing_of_legal_moves(self, position: tuple[Any, Any]) -> None:
        """Every legal move of a position: the whole listing as legal_moves gives it."""
        rules, state = position
        moves = rules.legal_moves(state)
        assert rules.format_moves(moves) == one_by_one(rules, moves)

    @settings(max_examples=examples(50), deadline=None)
    @given(positions(WRITERS), st.randoms(use_true_random=False))
    def test_any_sequence_of_moves(
        self, position: tuple[Any, Any], chooser: random.Random
    ) -> None:
        """A shuffled part of a listing, as a list or a tuple: the same texts in its order."""
        rules, state = position
        moves = list(rules.legal_moves(state))
        chosen = chooser.sample(moves, min(len(moves), 30))
        assert rules.format_moves(chosen) == one_by_one(rules, chosen)
        assert rules.format_moves(tuple(chosen)) == one_by_one(rules, chosen)
        assert rules.format_moves(()) == []

    def test_a_bonus_owed_ends_with_decline(self) -> None:
        """A listing with a bonus placement owed (AXIO-11) ends with ``decline``, as listed."""
        state = axio.new_game(2, seed=2)
        greedy, stream = make_agent("greedy"), rng.Stream(1)
        while not state.bonuses:
            moves = axio.legal_moves(state)
            seat = state.seat
            view = axio.view(state, seat)
            state = axio.apply(state, greedy.choose(axio.RULES, seat, view, moves, stream))
        moves = axio.legal_moves(state)
        written = axio.format_moves(moves)
        assert written[-1] == "decline"
        assert written == one_by_one(axio.RULES, moves)

    def test_a_move_of_another_game_is_refused(self) -> None:
        """An item that is no AXIO move is refused as format_move refuses it."""
        with pytest.raises(tilegames.WrongTypeError):
            axio.format_moves([axio.KEEP, "R0,0/B1,0"])  # type: ignore[list-item]

    def test_the_placements_name_colours_and_cells(self) -> None:
        """format_placements writes each tile on each pair, the first cell's colour first."""
        from tilegames.axio._notation import format_placements

        pairs = [((0, 0), (1, 0)), ((-7, 7), (-6, 7))]
        assert format_placements(pairs, [(0, 2), (5, 5)]) == [
            "R0,0/B1,0",
            "P0,0/P1,0",
            "R-7,7/B-6,7",
            "P-7,7/P-6,7",
        ]
        off_the_board = [((0, 12), (1, 12))]  # off the widest area: written all the same
        assert format_placements(off_the_board, [(1, 2)]) == ["G0,12/B1,12"]


@needs_server
class TestServerNotations:
    """The server's legal moves in notation: the game's bulk writer, or move by move."""

    @settings(max_examples=examples(25), deadline=None)
    @given(positions(tuple(tilegames.names())))
    def test_with_and_without_a_bulk_writer(self, position: tuple[Any, Any]) -> None:
        """With the game's format_moves and without it (written one by one): the same list."""
        from tilegames.server._rooms import notations

        rules, state = position
        moves = rules.legal_moves(state)
        expected = one_by_one(rules, moves)
        assert notations(rules, moves) == expected
        assert isinstance(rules, tilegames.GameRules)
        plain = attrs.evolve(rules, format_moves=None)
        assert notations(plain, moves) == expected
        assert notations(plain, moves) == expected  # written once, then remembered
