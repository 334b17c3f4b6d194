"""Polygon's fast paths against their plain versions: caches, tables and the hot loop.

The rules keep a private index of the board in each state, hand out moves
from a table, cache a view's bag contents and the start of a game, and
build states by position. Each test here compares one of these with the
obvious way of computing the same thing.
"""

from __future__ import annotations

import random

import attrs
import pytest

import splitmix
from random_games import every_state
from tiers import size
from tilegames import CHANCE, IllegalMoveError, InvalidStateError, polygon
from tilegames._core import rng
from tilegames._core.bits import nth_bit
from tilegames.polygon import Draw, Place, Roll, State, View
from tilegames.polygon._explicit import chance_moves, chance_outcomes, start_turn
from tilegames.polygon._model import (
    DIE_FACES,
    DRAWS,
    MOVES,
    ROLLS,
    SPACES,
    VALUES,
    BoardIndex,
    bag_contents,
    places,
    sorted_values,
)
from tilegames.polygon._moves import nth_cell
from tilegames.polygon._tables import (
    CORNERS,
    GROUP,
    LINKS,
    build_index,
    combination_table,
    printed_depth,
    start_board,
    turn_score,
)


def plain_index(state: State) -> BoardIndex:
    """The board index of ``state`` computed space by space from its stacks."""
    depth = printed_depth(state.board)
    played = 0
    reach = [0, 0, 0]
    blocked = dict.fromkeys(VALUES, 0)
    for cell, stack in enumerate(state.stacks):
        if not stack:
            continue
        top = stack[-1]
        for value in VALUES:
            if value == top or (value == "W" and top in ("W", "X2", "X3")):  # POLY-12
                blocked[value] |= 1 << cell
        if len(stack) > depth[cell]:
            played |= 1 << cell
            for symbol in range(3):
                reach[symbol] |= LINKS[cell][symbol]
    return played, (reach[0], reach[1], reach[2]), blocked


def plain_turn_score(board: tuple[tuple[str, ...], ...], symbol: int, cells: list[int]) -> int:
    """POLY-13 the slow way: each distinct grouping of a placed tile, scored once."""
    positions = {GROUP[cell][symbol] for cell in cells} - {-1}
    table = combination_table(None)
    total = 0
    for position in positions:
        stacks = [board[cell] for cell in CORNERS[position]]
        if all(stacks):
            total += table[stacks[0][-1], stacks[1][-1], stacks[2][-1]]
    return total


def plain_start_turn(
    symbol: int, seed: int, turn: int, bag: tuple[str, ...]
) -> tuple[int, int, tuple[str, ...], tuple[str, ...]]:
    """POLY-9 and POLY-10 the plain way: rng.randbelow for the die, then two tiles sorted."""
    first = symbol
    face, seed = rng.randbelow(seed, len(DIE_FACES))
    symbol = DIE_FACES[face]
    while turn == 2 and symbol == first:
        face, seed = rng.randbelow(seed, len(DIE_FACES))
        symbol = DIE_FACES[face]
    take = min(2, len(bag))
    return symbol, seed, sorted_values(bag[:take]), bag[take:]


def seed_drawing(value: int) -> int:
    """The seed whose next SplitMix64 draw is ``value``: the generator's steps undone."""
    seed = splitmix.seed_drawing(value)
    assert rng.next_u64(seed)[0] == value
    return seed


def random_states(players: int, seed: int, chance: str = "seeded") -> list[State]:
    """Every state of one random game, chance steps included in an explicit game."""
    return every_state(polygon.RULES, players, seed, chance=chance)


class TestCachedIndex:
    """The index a state carries agrees with one computed from its stacks."""

    @pytest.mark.parametrize("players", [2, 3, 4])
    @pytest.mark.parametrize("chance", ["seeded", "explicit"])
    def test_index_along_games(self, players: int, chance: str) -> None:
        """At every state of random games (five per case, two in the everyday tier), the
        carried index is the plain one."""
        for seed in range(size(everyday=2, deep=5)):
            for state in random_states(players, seed, chance):
                assert state._index is not None
                assert state._index == plain_index(state)
                assert build_index(state.stacks, printed_depth(state.board)) == plain_index(state)

    def test_loaded_state_builds_its_index(self) -> None:
        """A state without its cache (as after unpickling) gets the same index and moves."""
        state = random_states(3, 11)[20]
        bare = State(**{f.name: getattr(state, f.name) for f in attrs.fields(State) if f.init})
        assert bare._index is None
        assert list(polygon.legal_moves(bare)) == list(polygon.legal_moves(state))
        assert bare._index == state._index

    def test_start_board_is_shared_and_right(self) -> None:
        """Games started alike share the first stacks and index, equal to a fresh build."""
        state = polygon.new_game(2, seed=5)
        start_tile = state.stacks[SPACES.index((0, 0))][0]
        stacks, index = start_board(None, start_tile)
        assert stacks == state.stacks
        assert index == plain_index(state)
        again = polygon.new_game(2, seed=5)
        assert again.stacks is state.stacks
        assert again._index is state._index


class TestTables:
    """Tables built once against the values they stand for."""

    def test_moves_table(self) -> None:
        """MOVES holds each tile's placement on every space, by number, then its discard."""
        for value in VALUES:
            row = MOVES[value]
            assert row[:-1] == tuple(Place(value, space) for space in SPACES)
            assert row[-1] == Place(value, None)

    def test_nth_cell_is_nth_bit(self) -> None:
        """nth_cell finds the same space as the shared nth_bit, for masks of the 61 spaces."""
        chooser = random.Random(3)
        for _ in range(2000):
            mask = chooser.getrandbits(len(SPACES)) & chooser.getrandbits(len(SPACES))
            for n in range(mask.bit_count()):
                assert nth_cell(mask, n) == nth_bit(mask, n)
        full = (1 << len(SPACES)) - 1
        assert [nth_cell(full, n) for n in range(len(SPACES))] == list(range(len(SPACES)))

    def test_start_turn_is_randbelow(self) -> None:
        """The written-out die and draw give rng.randbelow's rolls and sorted_values' tiles."""
        chooser = random.Random(4)
        seeds = [0, 1, (1 << 64) - 1, *(chooser.getrandbits(64) for _ in range(1500))]
        seeds += [seed_drawing((1 << 64) - 1 - k) for k in range(4)]  # the rejected draws
        bags = [("3",), ("W", "1"), ("1", "W"), ("X3", "2", "2", "5")]
        for seed in seeds:
            for turn in (2, 3):
                for bag in bags:
                    symbol = seed % 3
                    expected = plain_start_turn(symbol, seed, turn, bag)
                    assert start_turn(symbol, seed, turn, bag) == expected

    def test_bag_contents(self) -> None:
        """A view's bag contents are the bag sorted, whatever the cache holds."""
        for state in random_states(2, 9):
            assert bag_contents(state.bag) == sorted_values(state.bag)
            assert polygon.view(state, 0).bag_contents == sorted_values(state.bag)


class TestHotPath:
    """The hand-tuned code of apply against plain computations."""

    def test_state_fields_in_declaration_order(self) -> None:
        """apply builds States by position: their fields must keep this order."""
        names = [field.name for field in attrs.fields(State)]
        assert names == [
            "stacks",
            "totals",
            "seat",
            "turn",
            "symbol",
            "drawn",
            "placed",
            "bag",
            "seed",
            "aside",
            "start_draw",
            "tiles",
            "scoring",
            "board",
            "explicit",
            "step",
            "first_drawn",
            "_index",
        ]

    def test_view_fields_in_declaration_order(self) -> None:
        """view builds Views by position: each field holds what its name says."""
        state = random_states(4, 2)[9]
        shared = ["stacks", "totals", "turn", "symbol", "drawn", "placed", "aside"]
        shared += ["start_draw", "tiles", "scoring", "board", "explicit", "step", "first_drawn"]
        expected = {
            "seat": 2,
            "to_move": polygon.to_move(state),
            "bag_size": len(state.bag),
            "bag_contents": sorted_values(state.bag),
            **{name: getattr(state, name) for name in shared},
        }
        shown = polygon.view(state, 2)
        assert {field.name: getattr(shown, field.name) for field in attrs.fields(View)} == expected

    def test_turn_score_reference(self) -> None:
        """turn_score scores each grouping once, as the set-based reference does."""
        chooser = random.Random(6)
        for state in random_states(2, 13) + random_states(3, 14):
            for symbol in range(3):
                cells = [chooser.randrange(len(SPACES)) for _ in range(chooser.randrange(5))]
                if cells and chooser.random() < 0.3:
                    cells.append(cells[0])  # a cell twice: one grouping, scored once
                expected = plain_turn_score(state.stacks, symbol, cells)
                assert turn_score(state.stacks, symbol, cells) == expected

    def test_apply_refuses_what_places_refuse(self) -> None:
        """Every placement of a drawn tile applies exactly when it is on one of its places."""
        for state in random_states(2, 21)[:-1:3]:
            assert state._index is not None
            for tile in set(state.drawn):
                allowed = places(state._index, state.symbol, tile)
                for cell, space in enumerate(SPACES):
                    move = Place(tile, space)
                    legal = polygon.why_illegal(state, move) is None
                    assert legal == bool(allowed >> cell & 1)
                    if legal:
                        polygon.apply(state, move)
                    else:
                        with pytest.raises(IllegalMoveError):
                            polygon.apply(state, move)


class TestChanceMoves:
    """legal_moves at a chance step: chance_outcomes' outcomes, from tables."""

    @pytest.mark.parametrize("players", [2, 3, 4])
    def test_same_outcomes_along_games(self, players: int) -> None:
        """At every chance step of explicit games, the moves are the outcomes, in order."""
        for seed in range(4):
            for state in random_states(players, seed, "explicit"):
                outcomes = tuple(outcome for outcome, _ in polygon.chance_outcomes(state))
                if polygon.to_move(state) == (CHANCE,):
                    assert outcomes
                    assert tuple(polygon.legal_moves(state)) == outcomes

    def test_tables(self) -> None:
        """DRAWS and ROLLS hold the outcome of each value and each symbol."""
        assert {value: Draw(value) for value in VALUES} == DRAWS
        assert tuple(Roll(symbol) for symbol in range(3)) == ROLLS

    def test_first_appearance_order(self) -> None:
        """Draws follow the bag's first appearances, as the outcomes do, even unsorted.

        The rules refuse such a bag in a state made by hand (an explicit bag is
        sorted); the tables' builder is asked directly.
        """
        state = polygon.new_game(tiles=["1", "1", "1", "W", "X2"], chance="explicit")
        state = attrs.evolve(state, bag=("W", "1", "X2", "1", "1"))  # not a valid state
        expected = tuple(outcome for outcome, _ in chance_outcomes(state))
        assert chance_moves(state) == expected == (Draw("W"), Draw("1"), Draw("X2"))
        with pytest.raises(InvalidStateError, match="VALUES order"):
            polygon.legal_moves(state)

    def test_no_tiles_in_the_bag(self) -> None:
        """A draw step with an empty bag (no valid state has one) is refused (POLY-15)."""
        state = polygon.new_game(tiles=["1", "1", "W"], chance="explicit")
        with pytest.raises(InvalidStateError) as refused:
            polygon.legal_moves(attrs.evolve(state, bag=()))
        assert str(refused.value) == (
            "State.step: 'start' with an empty bag: the game ended with the turn that "
            "emptied it (POLY-15)"
        )


class TestListedPlacements:
    """score_move and ``in`` trust a placement on one of its tile's places after one bit test."""

    def test_score_move_and_in_agree_with_the_rules(self) -> None:
        """Every placement of a drawn tile: ``in`` exactly when legal, scored as POLY-13 says."""
        for state in random_states(3, 22)[:-1:3]:
            legal_moves = polygon.legal_moves(state)
            for tile in set(state.drawn):
                for cell, space in enumerate(SPACES):
                    move = Place(tile, space)
                    legal = polygon.why_illegal(state, move) is None
                    assert (move in legal_moves) == legal
                    if not legal:
                        with pytest.raises(IllegalMoveError):
                            polygon.score_move(state, move)
                        continue
                    board = list(state.stacks)
                    board[cell] = (*board[cell], tile)
                    cells = [*state.placed, cell]
                    expected = plain_turn_score(tuple(board), state.symbol, cells)
                    assert polygon.score_move(state, move) == expected

    def test_a_listed_move_is_checked_in_another_state(self) -> None:
        """A placement listed for one state is refused where its tile was not drawn."""
        state = random_states(2, 23)[0]
        move = polygon.legal_moves(state)[0]
        assert type(move) is Place
        other = attrs.evolve(state, drawn=tuple(v for v in VALUES if v != move.tile)[:1])
        with pytest.raises(IllegalMoveError, match="POLY-10"):
            polygon.score_move(other, move)
        assert move not in polygon.legal_moves(other)
