"""Tests of AXIO's fast path against the plain versions it replaces.

The hot path of a random game uses tables and shortcuts: a table of track
moves instead of ``add_points``, a faster search for the n-th pair, a
neighbour lookup that skips rays that cannot score, choices looked up by
tile number, positional construction of states and views, the usual turn
passing inline in ``_place``, and a memo that lets ``apply`` skip checking a
move ``legal_moves`` just built. Each is compared here with the obvious
version, and the memo is shown to trust only the moves of its own state.
"""

from __future__ import annotations

import itertools
import random
from typing import cast

import attrs
import pytest

from tilegames import Setup, axio
from tilegames._core.tracks import add_points
from tilegames.axio import Place, State, View
from tilegames.axio._model import LISTED as _LISTED
from tilegames.axio._model import STAGES as _STAGES
from tilegames.axio._model import STANDARD_TILES
from tilegames.axio._moves import _choices
from tilegames.axio._moves import checked_move as _checked
from tilegames.axio._moves import scored_tracks as _scored
from tilegames.axio._rules import _after_placement
from tilegames.axio._tables import _WAYS
from tilegames.axio._tables import GEOMETRY as _GEOMETRY
from tilegames.axio._tables import GEOMETRY_BY_RADIUS as _GEOMETRY_BY_RADIUS
from tilegames.axio._tables import TRACK_STEPS as _TRACK_STEPS
from tilegames.errors import IllegalMoveError

SETUPS = axio.RULES.setups


def random_states(setup: Setup, games: int, seed: int) -> list[State]:
    """Every state of some seeded random games of a setup."""
    chooser = random.Random(seed)
    states = []
    for _ in range(games):
        state = axio.new_game(**setup.kwargs, seed=chooser.getrandbits(64))
        states.append(state)
        while not axio.is_over(state):
            moves = axio.legal_moves(state)
            state = axio.apply(state, moves[chooser.randrange(len(moves))])
            states.append(state)
    return states


class TestPositionalConstruction:
    """The hot path builds states and views by position: the field order must hold."""

    def test_state_field_order(self) -> None:
        """State's first twelve fields are in the order ``_after_placement`` passes them."""
        names = [field.name for field in attrs.fields(State) if field.init]
        assert names[:12] == [
            "mode",
            "cells",
            "tracks",
            "racks",
            "bag",
            "seat",
            "turn",
            "bonuses",
            "deciding",
            "revealed",
            "seed",
            "tiles",
        ]

    def test_view_field_order(self) -> None:
        """View's fields are in the order ``view`` passes them."""
        names = [field.name for field in attrs.fields(View) if field.init]
        assert names == [
            "seat",
            "mode",
            "to_move",
            "cells",
            "tracks",
            "rack",
            "rack_sizes",
            "bag_size",
            "turn",
            "bonuses",
            "deciding",
            "revealed",
            "tiles",
            "explicit",
            "draws",
            "drawer",
            "unknown",
        ]


class TestTables:
    """The tables agree with the plain computations they stand for."""

    @pytest.mark.parametrize("mode", sorted(_STAGES))
    def test_track_steps_are_add_points(self, mode: str) -> None:
        """Every entry of a mode's track table is what add_points does to one colour."""
        stages = _STAGES[mode]
        steps = _TRACK_STEPS[mode]
        assert len(steps) == stages[-1] + 1
        for before, row in enumerate(steps):
            for gained, step in enumerate(row):
                points = (gained, 0, 0, 0, 0, 0)
                new, reached = add_points((before, 0, 0, 0, 0, 0), points, stages=stages)
                assert step == (new[0], len(reached)), (before, gained)

    def test_track_steps_cover_every_score(self) -> None:
        """The table is wide enough for the most a placement can score: ten full rays."""
        longest = max(
            len(ray)
            for geometry in _GEOMETRY_BY_RADIUS.values()
            for both in geometry.rays
            for rays in both
            for ray in rays
        )
        assert all(len(row) > 10 * longest for rows in _TRACK_STEPS.values() for row in rows)

    @pytest.mark.parametrize("radius", sorted(_GEOMETRY_BY_RADIUS))
    def test_pair_keeps(self, radius: int) -> None:
        """``empty & pair_keeps[i]`` drops exactly the pairs sharing a cell with pair ``i``."""
        geometry = _GEOMETRY_BY_RADIUS[radius]
        everything = (1 << len(geometry.pair_cells)) - 1
        for pair, (a, b) in enumerate(geometry.pair_cells):
            touching = geometry.cell_pairs[a] | geometry.cell_pairs[b]
            assert everything & geometry.pair_keeps[pair] == everything & ~touching

    @pytest.mark.parametrize("radius", sorted(_GEOMETRY_BY_RADIUS))
    def test_near_reads_the_first_cell_of_each_ray(self, radius: int) -> None:
        """The neighbour lookup gives the colours on the first cell of every ray."""
        geometry = _GEOMETRY_BY_RADIUS[radius]
        chooser = random.Random(radius)
        board = tuple(chooser.randrange(-1, 6) for _ in range(geometry.area.size))
        for near, rays in zip(geometry.near, geometry.rays, strict=True):
            for lookup, side in zip(near, rays, strict=True):
                firsts = [board[ray[0]] for ray in side if ray]
                assert sorted(set(lookup(board))) == sorted(set(firsts))


class TestChoices:
    """The choices of a rack, by tile number, are those of its distinct tiles in order."""

    @staticmethod
    def reference(held: tuple[axio.Tile, ...]) -> tuple[tuple[int, int], ...]:
        """The plain version: the ways of each distinct tile, in rack order."""
        return tuple(way for tile in dict.fromkeys(held) for way in _WAYS[tile])

    def test_every_small_rack(self) -> None:
        """Every sorted rack of up to three tiles."""
        kinds = sorted(set(STANDARD_TILES))
        for size in range(4):
            for held in itertools.combinations_with_replacement(kinds, size):
                assert _choices(held) == self.reference(held)

    def test_random_full_racks(self) -> None:
        """Random racks of six tiles from the standard set."""
        chooser = random.Random(3)
        for _ in range(2000):
            held = tuple(sorted(chooser.sample(STANDARD_TILES, 6)))
            assert _choices(held) == self.reference(held)


class TestListedMoveMemo:
    """``apply`` trusts a placement without checking it only if its own state listed it."""

    @pytest.mark.parametrize("setup", SETUPS, ids=str)
    def test_listed_and_fresh_moves_agree(self, setup: Setup) -> None:
        """A listed move and an equal fresh one give the same state, in every setup."""
        for state in random_states(setup, 3, 11)[::3]:
            moves = axio.legal_moves(state)
            for position in range(0, len(moves), max(1, len(moves) // 7)):
                listed = moves[position]
                fresh = Place(listed.cells, listed.colours) if type(listed) is Place else listed
                assert axio.apply(state, listed) == axio.apply(state, fresh)

    def test_a_move_listed_for_another_state_is_checked(self) -> None:
        """A move listed by one state is refused by another where it is illegal."""
        state = axio.new_game(players=2, seed=4)
        move = axio.legal_moves(state)[0]
        after = axio.apply(state, move)
        assert move not in axio.legal_moves(after)  # its cells are filled now
        with pytest.raises(IllegalMoveError, match="AXIO-7"):
            axio.apply(after, move)

    def test_the_memo_is_the_last_move_built(self) -> None:
        """An earlier listed move is checked the usual way and still applies."""
        state = axio.new_game(players=3, seed=9)
        moves = axio.legal_moves(state)
        first, last = moves[0], moves[len(moves) - 1]
        assert isinstance(first, Place)
        assert isinstance(last, Place)
        assert axio.apply(state, first) == axio.apply(state, Place(first.cells, first.colours))
        assert axio.apply(state, last) == axio.apply(state, Place(last.cells, last.colours))

    def test_the_memo_names_the_state(self) -> None:
        """A move listed by one state is checked when applied to an equal copy of that state."""
        state = axio.new_game(players=2, seed=6)
        copy = attrs.evolve(state)  # equal, but not the state that listed the move
        move = axio.legal_moves(state)[5]
        assert copy == state
        assert copy is not state
        assert axio.apply(copy, move) == axio.apply(state, move)
        assert _LISTED.last is not None
        assert _LISTED.last[0] is state

    def test_another_listing_replaces_the_memo(self) -> None:
        """Listing a move of another state in between: the earlier move is checked, and applies."""
        state = axio.new_game(players=4, seed=2)
        other = axio.new_game(players=4, seed=3)
        move = axio.legal_moves(state)[7]
        assert isinstance(move, Place)
        axio.legal_moves(other)[7]
        assert _LISTED.last is not None
        assert _LISTED.last[0] is other
        assert axio.apply(state, move) == axio.apply(state, Place(move.cells, move.colours))

    def test_a_listed_move_legal_in_another_state(self) -> None:
        """A move listed by one state and legal in another gives there what a fresh move gives."""
        state = axio.new_game(players=2, seed=8)
        moves = axio.legal_moves(state)
        move = moves[len(moves) - 1]
        assert isinstance(move, Place)
        later = axio.apply(state, axio.legal_moves(state)[0])
        fresh = Place(move.cells, move.colours)
        if fresh in axio.legal_moves(later):
            assert axio.apply(later, move) == axio.apply(later, fresh)
        else:
            with pytest.raises(IllegalMoveError):
                axio.apply(later, move)

    @pytest.mark.parametrize("setup", SETUPS, ids=str)
    def test_score_move_of_the_listed_move(self, setup: Setup) -> None:
        """score_move trusts the placement just listed and scores it as an equal copy."""
        for state in random_states(setup, 2, 22):
            if axio.is_over(state):
                continue
            moves = axio.legal_moves(state)
            for position in range(0, len(moves), max(1, len(moves) // 7)):
                move = moves[position]  # the memo: this state, this move
                if not isinstance(move, Place):
                    continue
                copy = Place(move.cells, move.colours)
                assert axio.score_move(state, move) == axio.score_move(state, copy)

    def test_score_move_checks_the_listed_move_in_another_state(self) -> None:
        """A placement listed by one state is refused by score_move where its cells are taken."""
        state = axio.new_game(players=2, seed=4)
        move = axio.legal_moves(state)[0]
        assert isinstance(move, Place)
        after = axio.apply(state, Place(move.cells, move.colours))
        assert _LISTED.last is not None
        assert _LISTED.last[0] is state  # the memo: the first state and the move
        assert _LISTED.last[1] is move
        with pytest.raises(IllegalMoveError, match="AXIO-7"):
            axio.score_move(after, move)


def plain_after_placement(state: State, move: Place) -> State:
    """The state after a placement by the general ``_after_placement`` only (no inline case)."""
    pair, first, second = cast("tuple[int, int, int]", _checked(state, move))
    points = axio.score_move(state, move)
    geometry = _GEOMETRY[len(state.cells)]
    owner = state.seat % 2 if state.mode == "team" else state.seat
    gained = (points[first], 0) if first == second else (points[first], points[second])
    tracks, reached = _scored(state.tracks, owner, first, gained[0], second, gained[1], state.mode)
    cells = list(state.cells)
    a, b = geometry.pair_cells[pair]
    cells[a], cells[b] = first, second
    empty = cast("tuple[int, bool]", state._index)[0] & geometry.pair_keeps[pair]
    held = list(state.racks[state.seat])
    held.remove((min(first, second), max(first, second)))
    return _after_placement(state, tuple(cells), tracks, owner, held, empty, reached)


class TestInlineTurnPassing:
    """``_place`` passes the turn inline in the usual cases; ``_after_placement`` does it all."""

    @pytest.mark.parametrize("setup", SETUPS, ids=str)
    def test_inline_and_general_agree(self, setup: Setup) -> None:
        """Every placement of some random games: the same state and index both ways."""
        inline = 0
        for state in random_states(setup, 4, 21):
            if axio.is_over(state) or state.deciding:
                continue
            moves = axio.legal_moves(state)
            for position in range(0, len(moves), max(1, len(moves) // 5)):
                move = moves[position]
                if type(move) is not Place:
                    continue
                after = axio.apply(state, move)
                plain = plain_after_placement(state, move)
                assert after == plain
                assert after._index == plain._index
                inline += not after.bonuses and not after.deciding and not state.bonuses
        assert inline > 50

    def test_solo_last_tile(self) -> None:
        """Solo: placing with an empty bag ends the game (AXIO-21), the turn not counted."""
        state = axio.new_game(players=1, seed=4, tiles=["RG", "BO", "YP", "RB"])
        while state.bag or state.bonuses:
            assert not axio.is_over(state)
            move = axio.legal_moves(state)[0]
            assert type(move) is Place
            after = axio.apply(state, move)
            assert after == plain_after_placement(state, move)
            state = after
        move = axio.legal_moves(state)[0]
        assert type(move) is Place
        after = axio.apply(state, move)
        assert after == plain_after_placement(state, move)
        assert axio.is_over(after)
        assert after.turn == state.turn
        assert after.racks == ((),)
