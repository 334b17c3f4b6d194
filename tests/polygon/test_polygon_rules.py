"""Tests for tilegames.polygon built by hand from the rules (POLY-1 .. POLY-16).

Positions are written out space by space and every expected move list and
score is worked out from the rule text in the comments. The geometry used
throughout, from POLY-5 (scoring corner {(q,r), (q+1,r), (q,r+1)} has symbol
(q - r) mod 3; 0 circle, 1 diamond, 2 star):

* START (0,0) is in the circle corner {(0,0),(1,0),(0,1)}, the diamond corner
  {(0,-1),(1,-1),(0,0)} and the star corner {(-1,0),(0,0),(-1,1)};
* (1,0) is in the diamond corner {(1,0),(2,0),(1,1)} and the star corner
  {(1,-1),(2,-1),(1,0)};
* the printed WILD (3,0) is in the circle corner {(3,0),(4,0),(3,1)} (with the
  printed X2 (4,0)), the star corner {(2,0),(3,0),(2,1)} and the diamond corner
  {(3,-1),(4,-1),(3,0)};
* {(2,-1),(3,-1),(2,0)} is a circle corner (anchor (2,-1): 3 mod 3 = 0).
"""

from __future__ import annotations

import itertools
import pickle
import re

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st
from polygon_reference_impl import BOARD, board_of, notations, position

import tilegames
from tilegames import (
    ConfigurationError,
    GameOverError,
    IllegalMoveError,
    InvalidStateError,
    NotationError,
    SeatError,
    WrongTypeError,
    polygon,
)
from tilegames._core import rng
from tilegames.polygon import CIRCLE, DIAMOND, STAR, Place, State

# The start-order draw of POLY-7, lowest first, written from the rule text.
DRAW_ORDER = ["1", "2", "3", "4", "5", "X2", "X3", "W"]


def placements(state: State) -> polygon.LegalMoves:
    """``legal_moves`` where a seat is to move: placements only, never chance's Draw or Roll."""
    moves = polygon.legal_moves(state)
    assert isinstance(moves, polygon.LegalMoves), moves
    return moves


def play(state: State, *texts: str) -> State:
    """Apply moves written in notation."""
    for text in texts:
        state = polygon.apply(state, polygon.parse_move(text, state))
    return state


def random_game(seed: int, players: int = 2) -> list[State]:
    """The states of a random game, first to last."""
    state = polygon.new_game(players, seed=seed)
    states = [state]
    chooser = rng.Stream(seed + 1)
    while not polygon.is_over(state):
        moves = polygon.legal_moves(state)
        state = polygon.apply(state, moves[chooser.randbelow(len(moves))])
        states.append(state)
    return states


class TestComponents:
    """The tiles, the die and the board (POLY-1 .. POLY-4)."""

    def test_standard_set(self) -> None:
        """POLY-2: 49 tiles, 8 of each number, 5 WILD, 2 X2, 2 X3."""
        tiles = polygon.STANDARD_TILES
        assert len(tiles) == 49
        assert {v: tiles.count(v) for v in set(tiles)} == {
            "1": 8, "2": 8, "3": 8, "4": 8, "5": 8, "W": 5, "X2": 2, "X3": 2,
        }  # fmt: skip

    def test_die_has_two_faces_of_each_symbol(self) -> None:
        """POLY-3: six faces, two per symbol."""
        assert sorted(polygon.DIE_FACES) == [0, 0, 1, 1, 2, 2]
        assert polygon.SYMBOLS == ("blue circle", "red diamond", "gold star")

    def test_board_has_61_spaces_with_printed_tiles(self) -> None:
        """POLY-4: radius 4, WILD on ring 3's corners, X2 on ring 4's, nothing else printed."""
        board = board_of(polygon.new_game(seed=1))
        assert sorted(board) == sorted(BOARD)
        assert len(board) == 61
        printed = {space: stack for space, stack in board.items() if space != (0, 0) and stack}
        assert printed == {
            (3, 0): ("W",), (3, -3): ("W",), (0, -3): ("W",),
            (-3, 0): ("W",), (-3, 3): ("W",), (0, 3): ("W",),
            (4, 0): ("X2",), (4, -4): ("X2",), (0, -4): ("X2",),
            (-4, 0): ("X2",), (-4, 4): ("X2",), (0, 4): ("X2",),
        }  # fmt: skip

    def test_spaces_are_numbered_row_by_row(self) -> None:
        """SPACES lists the board by rows r, then west to east, as the move order says."""
        assert list(polygon.SPACES) == BOARD

    def test_custom_set(self) -> None:
        """POLY-2: a set is data; values are read case-insensitively."""
        state = polygon.new_game(seed=3, tiles=["w", "1", "x3", "2", "2"])
        tiles = [
            *polygon.drawn(state),
            *state.bag,
            *[t for stack in board_of(state).values() for t in stack],
        ]
        printed = ["W"] * 6 + ["X2"] * 6
        for tile in printed:
            tiles.remove(tile)
        assert sorted(tiles) == sorted(["W", "1", "X3", "2", "2"])

    @pytest.mark.parametrize(
        ("tiles", "words"),
        [
            (["1", "7"], "'7' is not a tile value"),
            (["1", 2], "2 is not a tile value"),
            (["1"], "needs one tile per player"),
            (["3", "3", "3"], "could never break"),
            ("12W", "not one string"),
            (12, "not 12"),
        ],
    )
    def test_bad_sets_are_refused(self, tiles: list[str], words: str) -> None:
        """A set with an unknown value, too few tiles or a draw that cannot end is refused."""
        with pytest.raises(ConfigurationError, match=re.escape(words)):
            polygon.new_game(2, seed=1, tiles=tiles)

    @pytest.mark.parametrize("players", [1, 5, 0, True, "2", 2.0])
    def test_bad_player_counts_are_refused(self, players: object) -> None:
        """Polygon is for 2 to 4 players."""
        with pytest.raises(ConfigurationError, match="2 to 4 players"):
            polygon.new_game(players, seed=1)  # type: ignore[arg-type]

    def test_registered(self) -> None:
        """tilegames.get('polygon') is this module's RULES, with 2, 3 and 4 players."""
        rules = tilegames.get("polygon")
        assert rules is polygon.RULES
        assert [setup.players for setup in rules.setups] == [2, 3, 4]


class TestCombinations:
    """combination_value on the seed's examples and bad input (POLY-14)."""

    @pytest.mark.parametrize(
        ("values", "points"),
        [
            (["1", "1", "1"], 10),  # the seed: three 1s are worth 10
            (["3", "3", "3"], 30),  # three 3s are worth 30
            (["2", "3", "4"], 25),  # 2, 3, 4 is worth 25
            (["4", "2", "3"], 25),  # in any order
            (["W", "W", "W"], 100),  # three WILD
            (["W", "4", "4"], 40),  # WILD as a 4
            (["X2", "4", "4"], 80),  # X2 as a 4, doubled
            (["X2", "X3", "1"], 60),  # 1-2-3 with X3 only: 20 * 3
            (["1", "2", "4"], 0),
        ],
    )
    def test_examples(self, values: list[str], points: int) -> None:
        """The seed's examples and a few read off POLY-14."""
        assert polygon.combination_value(values) == points

    def test_bad_values(self) -> None:
        """An unknown value is a NotationError; a count other than 3 a ValueError."""
        with pytest.raises(NotationError, match="'6' is not a tile value"):
            polygon.combination_value(["1", "2", "6"])
        with pytest.raises(ValueError, match="three tiles, not 2"):
            polygon.combination_value(["1", "2"])


class TestStartDraw:
    """The start-order draw and the START tile (POLY-7)."""

    @pytest.mark.parametrize("seed", range(4))
    def test_higher_tile_starts(self, seed: int) -> None:
        """For each pair of ranks, the seat that drew the higher starts with it on START."""
        for i, low in enumerate(DRAW_ORDER):
            for high in DRAW_ORDER[i + 1 :]:
                state = polygon.new_game(2, seed=seed, tiles=[low, high])
                (draws,) = polygon.start_draw(state)
                winner = next(seat for seat, tile in draws if tile == high)
                assert polygon.starter(state) == winner
                assert polygon.to_move(state) == (winner,)
                assert board_of(state)[(0, 0)] == (high,)
                assert polygon.drawn(state) == (low,)  # the other tile went back
                assert polygon.bag_size(state) == 0

    @pytest.mark.parametrize("seed", range(30))
    def test_ties_draw_again(self, seed: int) -> None:
        """Only the seats tied for highest draw again, until one is highest alone."""
        state = polygon.new_game(3, seed=seed, tiles=["4", "4", "4", "2", "1", "4"])
        rounds = polygon.start_draw(state)
        assert [seat for seat, _ in rounds[0]] == [0, 1, 2]
        for before, after in itertools.pairwise(rounds):
            best = max(DRAW_ORDER.index(tile) for _, tile in before)
            tied = [seat for seat, tile in before if DRAW_ORDER.index(tile) == best]
            assert len(tied) > 1
            assert [seat for seat, _ in after] == tied
        last = rounds[-1]
        best = max(DRAW_ORDER.index(tile) for _, tile in last)
        winners = [(seat, tile) for seat, tile in last if DRAW_ORDER.index(tile) == best]
        assert len(winners) == 1
        assert polygon.starter(state) == winners[0][0]
        assert board_of(state)[(0, 0)] == (winners[0][1],)

    def test_a_tie_happens_and_breaks(self) -> None:
        """Among many seeds some draws need a second round (a set with four 4s and 3 seats)."""
        rounds = [
            len(polygon.start_draw(polygon.new_game(3, seed=s, tiles=["4"] * 4 + ["1", "2"])))
            for s in range(40)
        ]
        assert max(rounds) > 1

    @pytest.mark.parametrize("players", [2, 3, 4])
    def test_tiles_are_kept(self, players: int) -> None:
        """Every tile is on START, in the bag or drawn: the other drawn tiles went back."""
        for seed in range(20):
            state = polygon.new_game(players, seed=seed)
            start = board_of(state)[(0, 0)]
            assert len(start) == 1
            kept = sorted([*start, *state.bag, *polygon.drawn(state)])
            assert kept == sorted(polygon.STANDARD_TILES)

    def test_same_seed_same_game_other_seed_other_bag(self) -> None:
        """The seed fixes the shuffle; another seed gives another bag order."""
        assert polygon.new_game(seed=5) == polygon.new_game(seed=5)
        assert polygon.new_game(seed=5).bag != polygon.new_game(seed=6).bag


class TestDie:
    """The die roll at the start of each turn (POLY-9)."""

    def test_second_turn_differs_from_the_first(self) -> None:
        """The second player's first roll is never the first player's first roll."""
        for seed in range(150):
            state = polygon.new_game(3, seed=seed)
            first = polygon.turn_symbol(state)
            moves = polygon.legal_moves(state)
            state = polygon.apply(state, moves[0])
            state = polygon.apply(state, polygon.legal_moves(state)[0])
            assert state.turn == 2
            assert polygon.turn_symbol(state) != first

    def test_later_turns_may_repeat(self) -> None:
        """From the third turn on, a roll may repeat the previous one; every symbol occurs."""
        repeats = 0
        seen: set[int] = set()
        for seed in range(60):
            symbols = []
            for state in random_game(seed)[::2]:  # two placements per turn
                if not polygon.is_over(state):
                    symbols.append(polygon.turn_symbol(state))
            seen.update(symbols)
            repeats += sum(a == b for a, b in itertools.pairwise(symbols[1:]))
        assert seen == {CIRCLE, DIAMOND, STAR}
        assert repeats > 0

    def test_roll_comes_from_the_state_seed(self) -> None:
        """Ending a turn in the same position with other seeds rolls other symbols."""
        base = position({(0, 0): "3"}, symbol=CIRCLE, drawn=["4"], turn=5)
        rolled = {
            polygon.turn_symbol(play(attrs.evolve(base, seed=seed), "4@1,0")) for seed in range(30)
        }
        assert rolled == {CIRCLE, DIAMOND, STAR}
        again = {polygon.turn_symbol(play(base, "4@1,0")) for _ in range(5)}
        assert len(again) == 1


class TestTurnOrder:
    """Play passes in seat order from the starter (POLY-7, POLY-10)."""

    @pytest.mark.parametrize("seed", range(8))
    def test_seats_follow_the_starter(self, seed: int) -> None:
        """With 4 seats, turn t belongs to seat (starter + t - 1) mod 4, two moves each."""
        states = random_game(seed, players=4)
        first = polygon.starter(states[0])
        for number, state in enumerate(states[:-1]):
            turn = number // 2 + 1
            assert state.turn == turn
            assert polygon.to_move(state) == ((first + turn - 1) % 4,)


class TestDraw:
    """Two tiles drawn per turn, one if one is left (POLY-10)."""

    def test_two_tiles_per_turn(self) -> None:
        """The game starts with 2 drawn and 46 in the bag; the next turn draws 2 more."""
        state = polygon.new_game(seed=11)
        assert len(polygon.drawn(state)) == 2
        assert polygon.bag_size(state) == 46
        state = polygon.apply(state, polygon.legal_moves(state)[0])
        assert len(polygon.drawn(state)) == 1
        assert polygon.bag_size(state) == 46
        state = polygon.apply(state, polygon.legal_moves(state)[0])
        assert len(polygon.drawn(state)) == 2
        assert polygon.bag_size(state) == 44

    def test_one_tile_when_one_is_left(self) -> None:
        """A set of 4: the start tile, then turns drawing 2 and 1; then the game ends (POLY-15)."""
        state = polygon.new_game(2, seed=2, tiles=["1", "2", "3", "4"])
        assert (len(polygon.drawn(state)), polygon.bag_size(state)) == (2, 1)
        state = polygon.apply(state, polygon.legal_moves(state)[0])
        state = polygon.apply(state, polygon.legal_moves(state)[0])
        assert (len(polygon.drawn(state)), polygon.bag_size(state)) == (1, 0)
        assert state.turn == 2
        state = polygon.apply(state, polygon.legal_moves(state)[0])
        assert polygon.is_over(state)
        assert polygon.to_move(state) == ()

    def test_equal_drawn_tiles_are_one_choice(self) -> None:
        """Two drawn 5s list each place once."""
        state = position({(0, 0): "3", (1, 0): "4"}, symbol=CIRCLE, drawn=["5", "5"])
        assert notations(placements(state)) == ["5@0,0", "5@1,0", "5@0,1"]


class TestPlacement:
    """Where a tile may go (POLY-11, POLY-12, as changed in spec v2)."""

    @pytest.mark.parametrize(
        ("symbol", "expected"),
        [
            (CIRCLE, ["5@1,0", "5@0,1"]),
            (DIAMOND, ["5@0,-1", "5@1,-1"]),
            (STAR, ["5@-1,0", "5@-1,1"]),
        ],
    )
    def test_start_tile_opens_its_corner(self, symbol: int, expected: list[str]) -> None:
        """The START tile is played: it opens its corner of the turn's symbol (POLY-11).

        Alone on the board it cannot be stacked on: its corner holds no other
        played tile (spec v2).
        """
        state = position({(0, 0): "3"}, symbol=symbol, drawn=["5"])
        assert notations(placements(state)) == expected

    def test_issue_example_seed_7(self) -> None:
        """new_game(players=2, seed=7): v1 listed 2@0,0; spec v2 forbids it (POLY-11).

        By hand: START holds a 4, the die shows the circle and the drawn tiles
        are 2 and 4. START's circle corner is {(0,0), (1,0), (0,1)} (anchor
        (0,0), 0 - 0 = 0); (1,0) and (0,1) are empty and no other tile is
        played, so START shares its circle corner with no other played tile
        and cannot be stacked on. The two tiles may go on (1,0) or (0,1) only.
        """
        state = polygon.new_game(players=2, seed=7)
        assert polygon.stacks(state)[(0, 0)] == ("4",)
        assert polygon.turn_symbol(state) == CIRCLE
        assert polygon.drawn(state) == ("2", "4")
        assert notations(placements(state)) == ["2@1,0", "2@0,1", "4@1,0", "4@0,1"]
        assert polygon.why_illegal(state, Place("2", (0, 0))) == (
            "(0, 0) holds a played 4, which can be covered only when the space shares a blue "
            "circle corner with another space holding a played tile (POLY-11)"
        )
        with pytest.raises(IllegalMoveError, match="POLY-11"):
            play(state, "2@0,0")

    def test_never_on_the_same_value(self) -> None:
        """A 3 does not go on the START 3, reached through the 4 on (1,0) (POLY-12)."""
        state = position({(0, 0): "3", (1, 0): "4"}, symbol=CIRCLE, drawn=["3"])
        assert notations(placements(state)) == ["3@1,0", "3@0,1"]
        reason = polygon.why_illegal(state, Place("3", (0, 0)))
        assert reason == "(0, 0) has 3 on top: never on a tile of the same value (POLY-12)"

    def test_two_drawn_tiles_in_value_order(self) -> None:
        """Moves list the 5's places, then the WILD's; a WILD goes on a number."""
        state = position({(0, 0): "3", (1, 0): "4"}, symbol=CIRCLE, drawn=["W", "5"])
        assert notations(placements(state)) == [
            "5@0,0", "5@1,0", "5@0,1", "W@0,0", "W@1,0", "W@0,1",
        ]  # fmt: skip

    def test_stacking_needs_the_turns_symbol(self) -> None:
        """Spec v2: a played tile takes another only through a corner of the turn's symbol.

        START (3) and the 4 on (1,0) share the circle corner {(0,0), (1,0), (0,1)}:
        on a circle turn each is stacked on. On a star turn START's star corner
        {(-1,0), (0,0), (-1,1)} and the 4's star corner {(1,-1), (2,-1), (1,0)}
        hold no other played tile: only the four empty spaces are open.
        """
        board = {(0, 0): "3", (1, 0): "4"}
        circle = position(board, symbol=CIRCLE, drawn=["5"])
        assert notations(placements(circle)) == ["5@0,0", "5@1,0", "5@0,1"]
        star = position(board, symbol=STAR, drawn=["5"])
        assert notations(placements(star)) == ["5@1,-1", "5@2,-1", "5@-1,0", "5@-1,1"]
        assert polygon.why_illegal(star, Place("5", (1, 0))) == (
            "(1, 0) holds a played 4, which can be covered only when the space shares a gold "
            "star corner with another space holding a played tile (POLY-11)"
        )

    def test_stacking_on_a_tile_placed_this_turn(self) -> None:
        """The turn's first tile, once played, is a partner: START can then be stacked on."""
        state = position({(0, 0): "3"}, symbol=CIRCLE, drawn=["4", "5"])
        assert Place("5", (0, 0)) not in polygon.legal_moves(state)
        middle = play(state, "4@1,0")
        assert notations(placements(middle)) == ["5@0,0", "5@1,0", "5@0,1"]

    def test_empty_space_needs_a_corner_of_the_turns_symbol(self) -> None:
        """(1,1) touches the 4 on (1,0) by a diamond corner, not a circle one."""
        board = {(0, 0): "3", (1, 0): "4"}
        circle = position(board, symbol=CIRCLE, drawn=["5"])
        assert polygon.why_illegal(circle, Place("5", (1, 1))) == (
            "(1, 1) is empty and shares no blue circle corner with a played tile (POLY-11)"
        )
        diamond = position(board, symbol=DIAMOND, drawn=["5"])
        assert polygon.why_illegal(diamond, Place("5", (1, 1))) is None

    def test_printed_tile_covered_only_when_reached(self) -> None:
        """The printed WILD (3,0) shares a star corner with the 2 on (2,0), no circle one."""
        board = {(0, 0): "3", (1, 0): "4", (2, 0): "2"}
        star = position(board, symbol=STAR, drawn=["5"])
        assert polygon.why_illegal(star, Place("5", (3, 0))) is None
        circle = position(board, symbol=CIRCLE, drawn=["5"])
        assert polygon.why_illegal(circle, Place("5", (3, 0))) == (
            "(3, 0) holds its printed W, which can be covered only when the space shares a "
            "blue circle corner with another space holding a played tile (POLY-11)"
        )

    def test_wild_never_on_wild(self) -> None:
        """A WILD does not cover the printed WILD, even when reached (POLY-12)."""
        state = position({(0, 0): "3", (2, 0): "2"}, symbol=STAR, drawn=["W"])
        assert polygon.why_illegal(state, Place("W", (3, 0))) == (
            "(3, 0) has W on top: never on a tile of the same value (POLY-12)"
        )

    def test_wild_only_on_a_number(self) -> None:
        """Spec v2: a WILD goes on a number 1..5 (START's 3) but not on a played X3 (POLY-12)."""
        state = position({(0, 0): "3", (1, 0): "X3"}, symbol=CIRCLE, drawn=["W", "5"])
        assert notations(placements(state)) == [
            "5@0,0", "5@1,0", "5@0,1", "W@0,0", "W@0,1",
        ]  # fmt: skip
        assert polygon.why_illegal(state, Place("W", (1, 0))) == (
            "(1, 0) has X3 on top: a WILD goes only on a number tile 1..5 (POLY-12)"
        )

    @pytest.mark.parametrize(("tile", "legal"), [("1", True), ("5", True), ("W", False)])
    def test_wild_not_on_a_printed_x2(self, tile: str, legal: bool) -> None:
        """The printed X2 (4,0), reached through the 5 covering (3,0): numbers yes, WILD no."""
        board = {(0, 0): "3", (2, 0): "2", (3, 0): "5"}
        state = position(board, symbol=CIRCLE, drawn=[tile])
        reason = polygon.why_illegal(state, Place(tile, (4, 0)))
        if legal:
            assert reason is None
        else:
            assert (
                reason == "(4, 0) has X2 on top: a WILD goes only on a number tile 1..5 (POLY-12)"
            )

    def test_covered_printed_tile_is_played(self) -> None:
        """Once a 5 covers the printed WILD (3,0), it is a played tile that opens its corners."""
        # Circle turn. START opens (1,0) and (0,1); the 2 on (2,0) opens (2,-1) and (3,-1);
        # the 5 on (3,0) opens its circle partners (3,1) and the printed X2 (4,0). No played
        # tile shares its circle corner with another played tile, so none is stacked on.
        state = position({(0, 0): "3", (2, 0): "2", (3, 0): "5"}, symbol=CIRCLE, drawn=["1"])
        assert notations(placements(state)) == [
            "1@2,-1", "1@3,-1",
            "1@1,0", "1@4,0",
            "1@0,1", "1@3,1",
        ]  # fmt: skip
        assert board_of(state)[(3, 0)] == ("W", "5")

    def test_rim_corner_joins_the_two_spaces_on_the_board(self) -> None:
        """[decision] The circle corner {(4,-2), (5,-2), (4,-1)}, half off the board, links."""
        board = {(0, 0): "3", (4, -2): "1"}
        circle = position(board, symbol=CIRCLE, drawn=["5"])
        assert polygon.why_illegal(circle, Place("5", (4, -1))) is None
        # (4,-1)'s diamond and star corners hold only printed tiles and empty spaces.
        for symbol in (DIAMOND, STAR):
            other = position(board, symbol=symbol, drawn=["5"])
            assert polygon.why_illegal(other, Place("5", (4, -1))) is not None

    def test_discard_only_without_a_place(self) -> None:
        """A 3 with every reached top a 3 is set aside; the 4 may not be (POLY-11)."""
        # Circle turn: the only circle corner with played tiles is START's, all 3s.
        board = {(0, 0): "3", (1, 0): "3", (0, 1): "3"}
        state = position(board, symbol=CIRCLE, drawn=["3", "4"])
        assert notations(placements(state)) == ["3@-", "4@0,0", "4@1,0", "4@0,1"]
        reason = polygon.why_illegal(state, Place("4", None))
        assert reason is not None
        assert reason.endswith("set aside only when it has no legal place (POLY-11)")
        after = play(state, "3@-")
        assert after.aside == ("3",)
        assert polygon.drawn(after) == ("4",)
        assert polygon.placed(after) == ()
        assert board_of(after) == board_of(state)

    def test_a_discard_is_in_the_moves_exactly_when_listed(self) -> None:
        """POLY-11: ``in`` finds the 3's discard (no place left), not the 4's (it has places)."""
        board = {(0, 0): "3", (1, 0): "3", (0, 1): "3"}
        moves = polygon.legal_moves(position(board, symbol=CIRCLE, drawn=["3", "4"]))
        assert Place("3", None) in moves
        assert Place("4", None) not in moves
        assert Place("3", (1, 0)) not in moves  # a 3 never on a 3 (POLY-12)

    def test_discard_when_every_reached_top_is_a_wild_or_x(self) -> None:
        """Spec v2: START X2, X3 on (1,0), W on (0,1), circle turn: a drawn WILD is set aside.

        The three fill START's circle corner, so every space open on a circle
        turn is one of them (each shares the corner with the other two); their
        tops are X2, X3 and W, and a WILD goes only on a number (POLY-12). A 4
        may go on any of them. (Spec v1 let a WILD cover an X tile.)
        """
        board = {(0, 0): "X2", (1, 0): "X3", (0, 1): "W"}
        state = position(board, symbol=CIRCLE, drawn=["W", "4"])
        assert notations(placements(state)) == ["4@0,0", "4@1,0", "4@0,1", "W@-"]
        assert polygon.score_move(state, Place("W", None)) == 0
        after = play(state, "W@-")
        assert after.aside == ("W",)

    def test_discard_in_a_real_game_on_a_printed_board(self) -> None:
        """new_game(seed=23) with an X2 printed on every space but START: both tiles set aside.

        By hand: START holds a 5, the die shows the star, the drawn tiles are W
        and X2. START's star corner {(-1,0), (0,0), (-1,1)} is the only one
        with a played tile; its partners hold printed X2s, START has no played
        partner. The WILD may not cover an X tile and the X2 not its own value
        (POLY-12): neither has a place, and each is set aside in turn (POLY-11).
        """
        printed = {space: "X2" for space in BOARD if space != (0, 0)}
        state = polygon.new_game(2, seed=23, board=printed)
        assert polygon.stacks(state)[(0, 0)] == ("5",)
        assert polygon.turn_symbol(state) == STAR
        assert polygon.drawn(state) == ("W", "X2")
        assert notations(placements(state)) == ["W@-", "X2@-"]
        after = play(state, "W@-", "X2@-")
        assert after.aside == ("W", "X2")
        assert polygon.to_move(after) != polygon.to_move(state)
        assert polygon.totals(after) == (0, 0)

    def test_full_board_sets_tiles_aside(self) -> None:
        """With a 2 and eighty 1s, at most 61 1s find a space: at least 19 are set aside."""
        state = polygon.new_game(2, seed=8, tiles=["2"] + ["1"] * 80)
        assert board_of(state)[(0, 0)] == ("2",)  # the only tile that can win the draw
        placements = 0
        while not polygon.is_over(state):
            move = polygon.legal_moves(state)[0]
            assert isinstance(move, Place)  # a seeded game: a seat is always to move
            placements += move.space is not None
            state = polygon.apply(state, move)
        assert placements <= 61
        assert len(state.aside) == 80 - placements >= 19
        assert set(state.aside) == {"1"}


class TestTurnScoring:
    """The turn's score (POLY-13) on positions built by hand."""

    def test_one_grouping_needing_both_tiles(self) -> None:
        """3 on (1,0) and 3 on (0,1) complete START's circle corner: 3-3-3 = 30, once."""
        state = position({(0, 0): "3"}, symbol=CIRCLE, drawn=["3", "3"], totals=(5, 7))
        assert polygon.score_move(state, Place("3", (1, 0))) == 0
        middle = play(state, "3@1,0")
        assert polygon.totals(middle) == (5, 7)
        assert polygon.score_move(middle, Place("3", (0, 1))) == 30
        after = play(middle, "3@0,1")
        assert polygon.totals(after) == (35, 7)
        assert polygon.to_move(after) == (1,)

    @pytest.mark.parametrize("order", [("1@0,1", "5@2,0"), ("5@2,0", "1@0,1")])
    def test_each_tile_its_own_grouping(self, order: tuple[str, str]) -> None:
        """1-1-1 at START's circle corner (10) plus 5-5-5 at {(2,-1),(3,-1),(2,0)} (50)."""
        board = {(0, 0): "1", (1, 0): "1", (2, -1): "5", (3, -1): "5"}
        state = position(board, symbol=CIRCLE, drawn=["1", "5"])
        assert polygon.totals(play(state, *order)) == (60, 0)

    def test_covered_tile_is_not_credited(self) -> None:
        """A 4 stacked on this turn's 3 at (0,1) leaves 3-3-4: no combination, 0."""
        board = {(0, 0): "3", (1, 0): "3", (2, -1): "2", (3, -1): "1"}
        state = position(board, symbol=CIRCLE, drawn=["3", "4"])
        middle = play(state, "3@0,1")
        assert polygon.score_move(middle, Place("4", (0, 1))) == 0
        assert polygon.score_move(middle, Place("4", (0, 0))) == 0  # 4-3-3 at START's corner
        # On the far 2, whose circle corner {(2,-1), (3,-1), (2,0)} is incomplete, the 3's
        # grouping stays: 30.
        assert polygon.score_move(middle, Place("4", (2, -1))) == 30
        assert polygon.totals(play(middle, "4@0,1")) == (0, 0)

    def test_wild_completes_a_run(self) -> None:
        """2, 4 and a WILD make 2-3-4: 25."""
        state = position({(0, 0): "2", (1, 0): "4"}, symbol=CIRCLE, drawn=["W"])
        assert polygon.totals(play(state, "W@0,1")) == (25, 0)

    def test_printed_wild_is_a_member(self) -> None:
        """Star corner {(2,0), (3,0), (2,1)}: 4, printed WILD, 4 = 40; the 1 adds 0."""
        # The 4 on (2,1) shares the star corner with the 4 on (2,0); the 1 goes on the
        # empty (-1,0) of START's star corner.
        state = position({(0, 0): "3", (2, 0): "4"}, symbol=STAR, drawn=["4", "1"])
        assert polygon.totals(play(state, "4@2,1", "1@-1,0")) == (40, 0)

    def test_printed_x2_doubles(self) -> None:
        """A 5 on (3,1), open through the 5 covering the printed WILD (3,0): 100 (POLY-14)."""
        # Circle corner {(3,0), (4,0), (3,1)}: the 2 on the printed WILD (3,0) is a played
        # tile, so (3,1) is open; its members are 2, printed X2 and the 5: no combination.
        # With a 5 on (3,0) instead: 5, X2 (any number, doubling) and 5 = 5-5-5 doubled = 100.
        board = {(0, 0): "3", (2, 0): "4", (3, 0): "5"}
        state = position(board, symbol=CIRCLE, drawn=["5"])
        assert polygon.score_move(state, Place("5", (3, 1))) == 100
        other = position({(0, 0): "3", (2, 0): "4", (3, 0): "2"}, symbol=CIRCLE, drawn=["5"])
        assert polygon.score_move(other, Place("5", (3, 1))) == 0

    def test_highest_factor_only(self) -> None:
        """X2, X3 and a 5: 5-5-5 = 50, tripled, not multiplied by 6: 150."""
        state = position({(0, 0): "X2", (1, 0): "X3"}, symbol=CIRCLE, drawn=["5"])
        assert polygon.score_move(state, Place("5", (0, 1))) == 150

    def test_only_the_turns_symbol_scores(self) -> None:
        """A 3 on (1,0) completes the star corner 3-3-3, which scores only on a star turn."""
        board = {(0, 0): "3", (1, -1): "3", (2, -1): "3"}
        circle = position(board, symbol=CIRCLE, drawn=["3"])
        assert polygon.score_move(circle, Place("3", (1, 0))) == 0
        star = position(board, symbol=STAR, drawn=["3"])
        assert polygon.score_move(star, Place("3", (1, 0))) == 30

    def test_no_combination_no_points(self) -> None:
        """1, 2 and 5 make nothing."""
        state = position({(0, 0): "1", (1, 0): "2"}, symbol=CIRCLE, drawn=["5"])
        assert polygon.score_move(state, Place("5", (0, 1))) == 0

    def test_half_corner_on_the_rim_never_scores(self) -> None:
        """Two 1s in the rim corner {(4,-2), (5,-2), (4,-1)}: no third space, no grouping."""
        state = position({(0, 0): "3", (4, -2): "1"}, symbol=CIRCLE, drawn=["1"])
        assert polygon.score_move(state, Place("1", (4, -1))) == 0

    def test_discard_scores_the_placements_so_far(self) -> None:
        """Setting the second tile aside ends the turn with the first tile's grouping."""
        board = {(0, 0): "3", (1, 0): "3"}
        state = position(board, symbol=CIRCLE, drawn=["3", "3"])
        middle = play(state, "3@0,1")
        # The other 3: every reached top is now a 3, so it is set aside.
        assert notations(placements(middle)) == ["3@-"]
        assert polygon.score_move(middle, Place("3", None)) == 30
        assert polygon.totals(play(middle, "3@-")) == (30, 0)


class TestEnd:
    """The end of the game and its result (POLY-15)."""

    def test_standard_game_has_48_moves(self) -> None:
        """48 tiles after the start tile, each placed or set aside once: 24 turns."""
        for seed in range(5):
            states = random_game(seed, players=2 + seed % 3)
            assert len(states) - 1 == 48
            assert states[-1].turn == 24
            assert polygon.bag_size(states[-1]) == 0

    def test_outcome_ranks_by_total_and_shares_ties(self) -> None:
        """Highest total first; equal totals share their place."""
        state = attrs.evolve(
            position({(0, 0): "3"}, symbol=CIRCLE, drawn=[], bag=[]), totals=(30, 50, 30)
        )
        assert polygon.is_over(state)
        result = polygon.outcome(state)
        assert result is not None
        assert result.scores == (30, 50, 30)
        assert result.ranking == (frozenset({1}), frozenset({0, 2}))
        assert result.winners == frozenset({1})
        assert "POLY-15" in result.reason

    def test_no_outcome_before_the_end(self) -> None:
        """outcome is None while tiles are left to place."""
        assert polygon.outcome(polygon.new_game(seed=2)) is None

    def test_moves_after_the_end_are_refused(self) -> None:
        """After the end no move is listed and any move raises GameOverError."""
        final = random_game(4)[-1]
        assert len(polygon.legal_moves(final)) == 0
        with pytest.raises(GameOverError, match="POLY-15"):
            polygon.apply(final, Place("3", (0, 1)))


class TestView:
    """What a seat sees (POLY-16)."""

    def test_hidden_parts_do_not_change_the_view(self) -> None:
        """Two states differing only in the bag's order and the seed give equal views."""
        state = polygon.new_game(seed=21)
        other = attrs.evolve(state, bag=tuple(reversed(state.bag)), seed=state.seed ^ 0xFFFF)
        assert other != state
        for seat in (0, 1):
            assert polygon.view(state, seat) == polygon.view(other, seat)

    def test_public_parts_are_shown(self) -> None:
        """The view holds the board, totals, die, drawn tiles and the bag's size, no bag."""
        state = polygon.new_game(seed=21)
        seen = polygon.view(state, 1)
        assert polygon.stacks(seen) == polygon.stacks(state)
        assert polygon.drawn(seen) == polygon.drawn(state)
        assert polygon.turn_symbol(seen) == polygon.turn_symbol(state)
        assert polygon.bag_size(seen) == 46
        assert seen.to_move == polygon.to_move(state)
        names = {field.name for field in attrs.fields(polygon.View)}
        assert "bag" not in names
        assert "seed" not in names

    def test_bag_contents_are_public_in_value_order(self) -> None:
        """The view lists which tiles are in the bag, in value order, not their order."""
        state = polygon.new_game(seed=21)
        seen = polygon.view(state, 0)
        assert list(seen.bag_contents) == sorted(state.bag, key=polygon.VALUES.index)
        assert seen.bag_size == len(seen.bag_contents)

    @pytest.mark.parametrize("seed", range(6))
    def test_determinize_is_consistent_with_the_view(self, seed: int) -> None:
        """A sampled state has the same view, the same moves, and the bag's tiles reordered."""
        for state in random_game(seed, players=2 + seed % 3)[::7]:
            for seat in range(polygon.players(state)):
                seen = polygon.view(state, seat)
                sample = polygon.determinize(seen, rng.Stream(seed))
                assert polygon.view(sample, seat) == seen
                assert sorted(sample.bag) == sorted(state.bag)
                assert list(polygon.legal_moves(sample)) == list(polygon.legal_moves(state))
                assert polygon.determinize(seen, rng.Stream(seed)) == sample

    def test_determinize_samples_the_hidden_parts(self) -> None:
        """Different streams give different bag orders and seeds."""
        seen = polygon.view(polygon.new_game(seed=3), 1)
        samples = [polygon.determinize(seen, rng.Stream(n)) for n in range(5)]
        assert len({sample.bag for sample in samples}) == 5
        assert len({sample.seed for sample in samples}) == 5

    def test_bad_seat(self) -> None:
        """A seat outside the game is a SeatError (a ValueError)."""
        with pytest.raises(SeatError, match=re.escape("seat 2 is not in this game (seats 0..1)")):
            polygon.view(polygon.new_game(seed=1), 2)


class TestNotation:
    """V@Q,R and V@- round-trip."""

    @given(
        st.sampled_from(polygon.VALUES),
        st.none() | st.tuples(st.integers(-99, 99), st.integers(-99, 99)),
    )
    def test_round_trip(self, tile: str, space: tuple[int, int] | None) -> None:
        """parse_move(format_move(m)) == m, and str(m) is the notation."""
        move = Place(tile, space)
        assert polygon.parse_move(polygon.format_move(move)) == move
        assert str(move) == polygon.format_move(move)

    def test_forms(self) -> None:
        """Lower case letters and spaces around the parts are accepted."""
        assert polygon.parse_move(" w @ -3 , 2 ") == Place("W", (-3, 2))
        assert polygon.parse_move("x3@-") == Place("X3", None)
        assert polygon.format_move(Place("2", (0, -4))) == "2@0,-4"

    @pytest.mark.parametrize("text", ["", "3", "3@", "3@1", "7@0,0", "3@a,b", "@0,0", "3@0,0,1"])
    def test_bad_text(self, text: str) -> None:
        """Text that is not a move is a NotationError."""
        with pytest.raises(NotationError):
            polygon.parse_move(text)

    def test_not_a_string(self) -> None:
        """A non-string is a NotationError too."""
        with pytest.raises(NotationError):
            polygon.parse_move(3)  # type: ignore[arg-type]


class TestErrors:
    """Refusals name the move, the rule and the turn."""

    def test_illegal_move_error_parts(self) -> None:
        """An off-board space: POLY-4, with the move's notation and whose turn it is."""
        state = position({(0, 0): "3"}, symbol=CIRCLE, drawn=["5", "W"], seat=1, totals=(0, 0))
        with pytest.raises(IllegalMoveError) as caught:
            polygon.apply(state, Place("5", (5, 0)))
        error = caught.value
        assert error.move == "5@5,0"
        assert error.rule == "POLY-4"
        assert error.turn == "turn 3, seat 1 to move, die blue circle, drawn 5 W"
        assert "(5, 0) is not a space of the radius-4 board" in str(error)

    def test_tile_not_drawn(self) -> None:
        """Placing a value that was not drawn breaks POLY-10."""
        state = position({(0, 0): "3"}, symbol=CIRCLE, drawn=["5"])
        assert polygon.why_illegal(state, Place("4", (1, 0))) == (
            "tile 4 is not among the drawn tiles (5) (POLY-10)"
        )

    def test_not_a_move(self) -> None:
        """Text where a Place is needed is a WrongTypeError pointing at parse_move."""
        state = polygon.new_game(seed=1)
        with pytest.raises(WrongTypeError, match=r"polygon.parse_move\(text, state\)"):
            polygon.apply(state, "3@0,1")  # type: ignore[arg-type]
        text: object = "3@0,1"
        assert text not in polygon.legal_moves(state)

    @pytest.mark.parametrize(
        ("tile", "space", "error"),
        [
            (3, (0, 0), TypeError),
            ("7", (0, 0), ValueError),
            ("3", [0, 0], TypeError),
            ("3", (0, 0.5), TypeError),
            ("3", (0,), TypeError),
        ],
    )
    def test_bad_move_fields(self, tile: object, space: object, error: type[Exception]) -> None:
        """A Place whose fields cannot describe a placement is refused when built."""
        with pytest.raises(error):
            Place(tile, space)  # type: ignore[arg-type]

    def test_refusal_leaves_the_state(self) -> None:
        """A refused move changes nothing."""
        state = position({(0, 0): "3"}, symbol=CIRCLE, drawn=["5"])
        copy = pickle.loads(pickle.dumps(state))
        with pytest.raises(IllegalMoveError):
            polygon.apply(state, Place("5", (2, 2)))
        assert state == copy


class TestState:
    """States are values: they compare, hash and pickle; hand-made ones are checked."""

    def test_pickle_round_trip_keeps_the_moves(self) -> None:
        """A state read back from pickle equals the original and lists the same moves."""
        state = random_game(3)[17]
        back = pickle.loads(pickle.dumps(state))
        assert back == state
        assert hash(back) == hash(state)
        assert list(polygon.legal_moves(back)) == list(polygon.legal_moves(state))

    def test_legal_moves_of_a_hand_made_state_built_directly(self) -> None:
        """polygon.LegalMoves of a state made by hand lists the moves the rules' state lists."""
        state = random_game(3)[17]
        made = State(**{f.name: getattr(state, f.name) for f in attrs.fields(State) if f.init})
        assert made._index is None  # not made by the rules: its index is not kept yet
        assert list(polygon.LegalMoves(made)) == list(polygon.legal_moves(state))

    def test_apply_does_not_change_its_argument(self) -> None:
        """The state given to apply is unchanged afterwards."""
        state = polygon.new_game(seed=9)
        copy = pickle.loads(pickle.dumps(state))
        polygon.apply(state, polygon.legal_moves(state)[1])
        assert state == copy

    @pytest.mark.parametrize(
        ("change", "words"),
        [
            ({"stacks": ((),) * 60}, "State.stacks: expected a tuple of 61 stacks"),
            ({"symbol": 3}, "State.symbol: 3 is not a symbol 0..2"),
            ({"drawn": ("9",)}, "State.drawn[0]: '9' is not one of 1, 2, 3, 4, 5, W, X2, X3"),
        ],
    )
    def test_invalid_hand_made_state(self, change: dict[str, object], words: str) -> None:
        """A malformed state is an InvalidStateError when first used."""
        state = attrs.evolve(polygon.new_game(seed=1), **change)  # type: ignore[arg-type]
        with pytest.raises(InvalidStateError, match=re.escape(words)):
            polygon.legal_moves(state)

    def test_stack_on_its_own_value_is_invalid(self) -> None:
        """A stack with a tile on one of its own value breaks POLY-12."""
        with pytest.raises(InvalidStateError, match="3 lies on a tile of its own value"):
            polygon.legal_moves(position({(0, 0): "3/3"}, symbol=CIRCLE, drawn=["5"]))

    def test_printed_space_must_keep_its_tile(self) -> None:
        """A printed space whose bottom is not its printed tile is invalid."""
        state = position({(0, 0): "3"}, symbol=CIRCLE, drawn=["5"])
        stacks = list(state.stacks)
        stacks[BOARD.index((3, 0))] = ("5",)
        with pytest.raises(InvalidStateError, match="must start with its printed W"):
            polygon.legal_moves(attrs.evolve(state, stacks=tuple(stacks)))


class TestRender:
    """The plain-text picture: stack tops and heights."""

    def test_tokens(self) -> None:
        """Row 0: printed X2 and W in lower case, a 5 on a 3 at START, a 4 on the printed W."""
        state = position({(0, 0): "3/5", (3, 0): "4"}, symbol=STAR, drawn=["1", "X3"])
        lines = str(state).splitlines()
        row = next(line for line in lines if line.startswith(" 0 "))
        assert row.split() == ["0", "x2", "w", ".", ".", "5:2", ".", ".", "4:2", "x2", "q=-4..4"]
        assert "turn 3: seat 0 to move, die gold star, drawn 1 X3" in lines
        assert "totals: seat 0: 0, seat 1: 0" in lines

    def test_view_renders_the_same_board(self) -> None:
        """str(view) is the state's picture (there is nothing hidden on the board)."""
        state = random_game(6)[20]
        assert str(polygon.view(state, 0)) == str(state)

    def test_game_over_line(self) -> None:
        """A finished game says so with its rule id."""
        final = random_game(7)[-1]
        assert "game over after turn 24 (POLY-15)" in str(final)
