"""The caches a state keeps for speed agree with what they stand for.

A state's index is carried from state to state by ``apply`` (only the pairs
of cells a placement touches are looked at again), ``view`` works out the
supplies' stones once per state, and ``apply`` trusts the move that
``legal_moves`` built last instead of checking it again. Each is checked
here against the plain way: an index rebuilt from the fields, and the full
move check.

The index is followed along seven games per setup under ``--deep`` (six
seeds and a set of alike stones), three in the everyday tier (two seeds and
the alike set).
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Iterator

import attrs
import pytest

from tiers import size
from tilegames import IllegalMoveError, aztack
from tilegames.aztack import Pass, Place, State

SETUPS = [(players, mode) for mode in aztack.MODES for players in (2, 3, 4)]
SEEDS = size(everyday=2, deep=6)
"""Random games of the standard set per setup."""

# A custom set of few half kinds: alike stones and doubles are common (AZT-2, AZT-7),
# and the first ten stones put every colour on two stones (AZT-9).
EVERY_COLOUR = ["GfOf", "YfBf", "RfGf", "OwYw", "BwRw"] * 2
ALIKE = EVERY_COLOUR + ["GfGf", "GfRf", "RfGf", "GwGw", "RwRf", "GtGf", "RfRf", "GfGw"] * 7


def states(seed: int, players: int, mode: str, stones: list[str] | None = None) -> Iterator[State]:
    """Every state of one random game, the last one over."""
    chooser = random.Random(seed)
    state = aztack.new_game(players, seed=seed, mode=mode, stones=stones)
    yield state
    while not aztack.is_over(state):
        moves = aztack.legal_moves(state)
        state = aztack.apply(state, moves[chooser.randrange(len(moves))])
        yield state


def rebuilt(state: State) -> State:
    """The same state without its caches (a pickle keeps the fields only)."""
    again: State = pickle.loads(pickle.dumps(state))
    assert again._index is None
    return again


def games() -> Iterator[tuple[int, int, str, list[str] | None]]:
    for players, mode in SETUPS:
        for seed in range(SEEDS):
            yield seed, players, mode, None
        yield 100, players, mode, ALIKE


class TestCarriedIndex:
    @pytest.mark.parametrize(("seed", "players", "mode", "stones"), list(games()))
    def test_carried_index_is_the_rebuilt_one(
        self, seed: int, players: int, mode: str, stones: list[str] | None
    ) -> None:
        """After each move the index apply made equals one built from the fields."""
        for state in states(seed, players, mode, stones):
            carried, fresh = state._index, aztack.legal_moves(rebuilt(state))._index
            assert carried is not None
            assert carried.masks == fresh.masks
            assert carried.cells == fresh.cells
            assert carried.spots == fresh.spots
            assert carried.movers == fresh.movers
            assert carried.over == fresh.over

    @pytest.mark.parametrize(("seed", "players", "mode", "stones"), list(games()))
    def test_moves_by_index_are_the_moves_in_order(
        self, seed: int, players: int, mode: str, stones: list[str] | None
    ) -> None:
        """moves[i] for every i is the iteration, on the state and on its rebuilt copy."""
        for state in states(seed, players, mode, stones):
            moves = aztack.legal_moves(state)
            listed = list(moves)
            assert [moves[i] for i in range(len(moves))] == listed
            assert list(aztack.legal_moves(rebuilt(state))) == listed

    def test_views_share_the_stones_not_the_seat(self) -> None:
        """Every seat's view shows the same supplies; each view names its own seat."""
        state = aztack.new_game(3, seed=4)
        views = [aztack.view(state, seat) for seat in range(3)]
        assert [view.seat for view in views] == [0, 1, 2]
        assert all(view.supplies == views[0].supplies for view in views)
        assert views[1] == aztack.view(rebuilt(state), 1)


def a_pass() -> tuple[State, Pass]:
    """A turn-game state whose seat to move must pass, and that pass (AZT-14)."""
    for seed in range(500):
        for state in states(seed, 2, "turns"):
            moves = aztack.legal_moves(state)
            if len(moves) == 1 and type(moves[0]) is Pass and not aztack.is_over(state):
                return state, moves[0]
    raise AssertionError("no pass in 500 games")  # pragma: no cover


class TestTrustedMove:
    def test_picked_and_equal_moves_give_the_same_state(self) -> None:
        """Applying the move legal_moves built, or an equal copy of it, gives equal states."""
        for state in states(3, 3, "turns"):
            if aztack.is_over(state):
                break
            moves = aztack.legal_moves(state)
            move = moves[len(moves) // 2]
            copy = attrs.evolve(move)
            assert copy == move
            assert copy is not move
            assert aztack.apply(state, move) == aztack.apply(state, copy)

    def test_a_picked_placement_is_checked_in_another_state(self) -> None:
        """A placement built for one state is refused in the next, as an equal copy is."""
        state = aztack.new_game(2, seed=8)
        move = aztack.legal_moves(state)[0]
        assert type(move) is Place
        after = aztack.apply(state, move)
        again = attrs.evolve(after, whose_turn=move.seat)  # the same seat to move again
        with pytest.raises(IllegalMoveError) as picked:
            aztack.apply(again, move)
        with pytest.raises(IllegalMoveError) as copied:
            aztack.apply(again, attrs.evolve(move))
        assert str(picked.value) == str(copied.value)
        assert "AZT-12" in str(picked.value)

    def test_picked_and_equal_moves_score_the_same(self) -> None:
        """score_move trusts the move legal_moves built last; an equal copy is checked."""
        for state in states(4, 2, "speed"):
            if aztack.is_over(state):
                break
            moves = aztack.legal_moves(state)
            for position in range(0, len(moves), 3):
                move = moves[position]  # built now: the listing's picked move
                expected = aztack.score_move(state, attrs.evolve(move))
                assert aztack.score_move(state, move) == expected

    def test_a_picked_placement_is_scored_only_where_it_is_legal(self) -> None:
        """A placement built for one state is refused by score_move in the next, as a copy is."""
        state = aztack.new_game(2, seed=8)
        move = aztack.legal_moves(state)[0]
        after = aztack.apply(state, move)
        again = attrs.evolve(after, whose_turn=move.seat)
        with pytest.raises(IllegalMoveError, match="AZT-12"):
            aztack.score_move(again, move)

    def test_a_pass_is_checked_after_the_turn_moved_on(self) -> None:
        """After a pass the state has its own index: the same Pass again is refused (AZT-11)."""
        state, move = a_pass()
        after = aztack.apply(state, move)
        assert after._index is not state._index
        with pytest.raises(IllegalMoveError, match="AZT-11"):
            aztack.apply(after, move)
