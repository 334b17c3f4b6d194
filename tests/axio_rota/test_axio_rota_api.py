"""The AXIO Rota API around the rules: notation, views, the move sequence, errors, pictures."""

from __future__ import annotations

import copy
import pickle
import re

import attrs
import pytest
from axio_rota_helpers import START, play, position, tile
from hypothesis import given
from hypothesis import strategies as st

import tilegames
from tilegames import (
    GameOverError,
    IllegalMoveError,
    InvalidStateError,
    NotationError,
    WrongTypeError,
)
from tilegames import axio_rota as rota
from tilegames.axio_rota import LegalMoves, Place, View

coordinates = st.integers(min_value=-(10**6), max_value=10**6)
moves = st.builds(
    Place,
    st.tuples(coordinates, coordinates),
    st.integers(min_value=0, max_value=3),
    st.none() | st.integers(min_value=0, max_value=4),
)


class TestNotation:
    """format_move / parse_move: X,Y:R[C]."""

    @pytest.mark.parametrize(
        ("move", "text"),
        [
            (Place((0, -2), 1), "0,-2:1"),
            (Place((-3, 1), 0, 3), "-3,1:0O"),
            (Place((12, 40), 3, 0), "12,40:3R"),
            (Place((0, 0), 2, 4), "0,0:2P"),
            (Place((-1, -1), 0, 1), "-1,-1:0G"),
            (Place((5, 0), 1, 2), "5,0:1B"),
        ],
    )
    def test_examples(self, move: Place, text: str) -> None:
        """The cell, a colon, the quarter turns, the named colour's letter if any."""
        assert rota.format_move(move) == text
        assert str(move) == text
        assert rota.parse_move(text) == move

    def test_spaces_and_lower_case_accepted(self) -> None:
        """Surrounding spaces are ignored; the colour letter may be lower case."""
        assert rota.parse_move("  7,-8:2g\n") == Place((7, -8), 2, 1)
        assert rota.parse_move("+1,2:0") == Place((1, 2), 0)

    @pytest.mark.parametrize(
        ("text", "says"),
        [
            ("", "not a move"),
            ("   ", "not a move"),
            ("0,0", "no ':'"),
            ("0:1", "two integers"),
            ("a,b:1", "two integers"),
            ("1,2,3:1", "two integers"),
            ("0.5,1:1", "two integers"),
            ("0,0:", "one digit 0..3"),
            ("0,0:4", "one digit 0..3"),
            ("0,0:R", "one digit 0..3"),
            ("0,0:1X", "one letter of RGBOP"),
            ("0,0:1RG", "one letter of RGBOP"),
            ("0,0:12", "one letter of RGBOP"),
            ("0,0 :1", "two integers"),
        ],
    )
    def test_errors_say_what_is_wrong(self, text: str, says: str) -> None:
        """A NotationError names the faulty part and shows the expected form."""
        with pytest.raises(NotationError, match=re.escape(says)):
            rota.parse_move(text)

    @given(moves)
    def test_parse_inverts_format(self, move: Place) -> None:
        """parse_move(format_move(m)) == m for every move."""
        assert rota.parse_move(rota.format_move(move), None) == move

    @given(moves)
    def test_format_inverts_parse_of_written_moves(self, move: Place) -> None:
        """format_move(parse_move(t)) gives back any text written in the canonical form."""
        text = rota.format_move(move)
        assert rota.format_move(rota.parse_move(text)) == text
        assert rota.format_move(rota.parse_move(text.lower())) == text

    @given(moves)
    def test_str_is_format_move(self, move: Place) -> None:
        """str(move) is the notation."""
        assert str(move) == rota.format_move(move)

    def test_parse_move_takes_the_state_for_the_common_api(self) -> None:
        """RULES.parse_move(text, state) reads the same move."""
        state = rota.new_game(seed=1)
        assert rota.RULES.parse_move("1,0:2", state) == Place((1, 0), 2)

    @pytest.mark.parametrize("text", ["RGBO", "rgb.", ".OPG", "PPPP"])
    def test_tile_notation_round_trips(self, text: str) -> None:
        """parse_tile / format_tile: 4 letters clockwise from the top left."""
        assert rota.format_tile(rota.parse_tile(text)) == text.upper()
        assert rota.parse_tile(text) == tile(text.upper())

    @pytest.mark.parametrize("text", ["RGB", "RGBOP", "RG.X", "..RG", ""])
    def test_bad_tile_notation(self, text: str) -> None:
        """A tile is 4 letters with at most one '.'."""
        with pytest.raises(NotationError):
            rota.parse_tile(text)


class TestMoveValues:
    """Place is a frozen value; its constructor refuses shapes that are not placements."""

    def test_value_semantics(self) -> None:
        """Moves compare, hash and pickle by value."""
        move = Place((1, 2), 3, 4)
        assert move == Place((1, 2), 3, 4)
        assert hash(move) == hash(Place((1, 2), 3, 4))
        assert pickle.loads(pickle.dumps(move)) == move
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            move.rotation = 0  # type: ignore[misc]

    @pytest.mark.parametrize(
        ("fields", "error"),
        [
            (((0, 0), 4, None), ValueError),
            (((0, 0), -1, None), ValueError),
            (((0, 0), 0, 5), ValueError),
            (((0, 0), 0, -1), ValueError),
            (((0, 0), 1.0, None), TypeError),
            (((0, 0), True, None), TypeError),
            (((0, 0), 0, "R"), TypeError),
            (([0, 0], 0, None), TypeError),
            (((0, 0, 0), 0, None), TypeError),
            (((0, True), 0, None), TypeError),
        ],
    )
    def test_bad_fields_refused(self, fields: tuple[object, object, object], error: type) -> None:
        """Rotations are 0..3, colours 0..4 or None, cells a tuple of two ints."""
        with pytest.raises(error):
            Place(*fields)  # type: ignore[arg-type]


class TestLegalMovesSequence:
    """legal_moves is a lazy, stable, indexable Sequence."""

    def test_is_a_lazy_sequence(self) -> None:
        """It is a LegalMoves (a tilegames.LazyMoves), not a list."""
        listed = rota.legal_moves(rota.new_game(seed=2))
        assert isinstance(listed, LegalMoves)
        assert isinstance(listed, tilegames.LazyMoves)
        assert repr(listed) == f"<LegalMoves: {len(listed)} moves>"

    def test_documented_order(self) -> None:
        """Cells in reading order, then rotation, then no name or R, G, B, O, P."""
        for seed in range(6):
            state = play(rota.new_game(2, seed=seed), seed * 3)
            listed = list(rota.legal_moves(state))

            def key(m: rota.AnyMove) -> tuple[int, int, int, int]:
                assert isinstance(m, Place)
                return (m.cell[1], m.cell[0], m.rotation, -1 if m.named is None else m.named)

            assert listed == sorted(listed, key=key)
            assert len(set(listed)) == len(listed)

    def test_indexing_iteration_and_len_agree(self) -> None:
        """moves[i] is the i-th move iterated, negative indices count from the end."""
        for seed, hand in enumerate(["RGBO", "RG.B", "RGRG", "PPPP"]):
            state = play(rota.new_game(1, seed=seed, tiles=[hand] * 16), 5)
            listed = rota.legal_moves(state)
            as_list = list(listed)
            assert len(as_list) == len(listed)
            assert [listed[i] for i in range(len(listed))] == as_list
            assert [listed[-i] for i in range(1, len(listed) + 1)] == as_list[::-1]
            assert listed[2:9:3] == tuple(as_list[2:9:3])
            assert listed[::-1] == tuple(reversed(as_list))

    def test_index_out_of_range(self) -> None:
        """Indexing past either end raises IndexError."""
        listed = rota.legal_moves(position(START))
        assert len(listed) == 32
        with pytest.raises(IndexError):
            listed[32]
        with pytest.raises(IndexError):
            listed[-33]

    def test_contains_answers_for_listed_and_other_moves(self) -> None:
        """``in`` is true for listed moves only, and false for things that are not moves."""
        listed = rota.legal_moves(position(START, hands=["RG.B"]))
        for move in listed:
            assert move in listed
        assert Place((1, 1), 0) not in listed  # corner contact only
        assert Place((0, 0), 0) not in listed  # occupied
        not_moves: list[object] = ["1,0:0", None, (1, 0, 0)]
        for thing in not_moves:
            assert thing not in listed

    def test_empty_once_over(self) -> None:
        """A finished game has no legal moves."""
        over = position({(0, 0): "RRRR"}, hands=[None])
        assert len(rota.legal_moves(over)) == 0
        assert list(rota.legal_moves(over)) == []
        assert Place((1, 0), 0) not in rota.legal_moves(over)


class TestApplyContract:
    """apply: a new state out, the old one untouched, illegal moves refused with evidence."""

    def test_apply_leaves_its_input_unchanged(self) -> None:
        """apply never mutates the state it is given."""
        state = play(rota.new_game(2, seed=4), 7)
        before_pickle = pickle.dumps(state)
        before = copy.deepcopy(state)
        for move in list(rota.legal_moves(state))[:20]:
            rota.apply(state, move)
        assert state == before
        assert pickle.dumps(state) == before_pickle

    def test_refusal_carries_move_reason_rule_and_turn(self) -> None:
        """IllegalMoveError: the move in notation, the reason, the rule id, whose turn."""
        state = position(START, hands=["RGBO", "PPPP"], seat=1)
        move = Place((1, 1), 2)
        with pytest.raises(IllegalMoveError) as caught:
            rota.apply(state, move)
        error = caught.value
        assert error.move == "1,1:2"
        assert error.rule == "ROTA-11"
        assert (
            error.reason
            == "cell (1, 1) touches the display only at a corner; a tile must share an edge"
        )
        assert error.turn == "seat 1 to move"
        assert str(error) == f"illegal move '1,1:2': {error.reason} (ROTA-11); seat 1 to move"
        assert rota.why_illegal(state, move) == f"{error.reason} (ROTA-11)"

    def test_refusal_during_an_extra_turn_names_the_tile(self) -> None:
        """The turn text says that an extra turn is being played, and with which tile."""
        state = position({(0, 0): "RRRR"}, hands=[None], extra_tile="GGB.")
        with pytest.raises(IllegalMoveError, match=r"seat 0 to move, extra turn with GGB\."):
            rota.apply(state, Place((0, 0), 0))

    def test_illegal_state_untouched(self) -> None:
        """A refused move leaves the state as it was."""
        state = play(rota.new_game(3, seed=8), 4)
        before = copy.deepcopy(state)
        with pytest.raises(IllegalMoveError):
            rota.apply(state, Place((100, 100), 0))
        assert state == before

    def test_game_over_error_after_the_end(self) -> None:
        """GameOverError (an IllegalMoveError) for any move once the game has ended."""
        over = position({(0, 0): "RRRR"}, hands=[None])
        with pytest.raises(GameOverError, match="ROTA-18"):
            rota.apply(over, Place((1, 0), 0))
        with pytest.raises(GameOverError):
            rota.score_move(over, Place((1, 0), 0))

    def test_not_a_move(self) -> None:
        """Something that is not a Place is a WrongTypeError (a TypeError), not crashed on."""
        state = rota.new_game(seed=1)
        with pytest.raises(WrongTypeError, match=r"read notation with axio_rota\.parse_move"):
            rota.why_illegal(state, "1,0:0")  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="expects an AXIO Rota move"):
            rota.apply(state, (1, 0, 0))  # type: ignore[arg-type]

    def test_score_move_refuses_illegal_moves(self) -> None:
        """score_move scores legal moves only."""
        with pytest.raises(IllegalMoveError, match="ROTA-11"):
            rota.score_move(rota.new_game(seed=1), Place((9, 9), 0))


class TestStateValues:
    """States are frozen values: equality, hashing, pickling, the private index rebuilt."""

    def test_pickle_round_trip_and_rebuilt_index(self) -> None:
        """A pickled state comes back equal, and its moves are the same."""
        state = play(rota.new_game(4, seed=6), 10)
        back = pickle.loads(pickle.dumps(state))
        assert back == state
        assert hash(back) == hash(state)
        assert list(rota.legal_moves(back)) == list(rota.legal_moves(state))

    def test_state_built_from_its_fields_plays_the_same(self) -> None:
        """A state rebuilt field by field (no cached index) lists and scores the same."""
        state = play(rota.new_game(2, seed=12), 9)
        fresh = attrs.evolve(state)
        assert fresh == state
        assert list(rota.legal_moves(fresh)) == list(rota.legal_moves(state))
        for move in list(rota.legal_moves(state))[::7]:
            assert rota.score_move(fresh, move) == rota.score_move(state, move)
            assert rota.apply(fresh, move) == rota.apply(state, move)

    def test_frozen(self) -> None:
        """Fields cannot be assigned."""
        state = rota.new_game(seed=1)
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            state.seat = 1  # type: ignore[misc]

    def test_cache_is_not_part_of_the_value(self) -> None:
        """Two equal states are equal whether or not their index was built."""
        state = play(rota.new_game(2, seed=3), 3)
        assert attrs.evolve(state) == state
        assert "_index" not in repr(state)


class TestHandMadeStates:
    """States built field by field are checked when first used."""

    def test_tile_breaking_rota_2_is_an_invalid_state(self) -> None:
        """A hand tile with two empty corners is refused when the moves are asked for."""
        state = attrs.evolve(position(START), hands=((0, None, None, 1),))
        with pytest.raises(InvalidStateError, match="ROTA-2"):
            len(rota.legal_moves(state))

    def test_display_beyond_the_coordinate_range_is_an_invalid_state(self) -> None:
        """Cells far beyond anything a game reaches are refused, not mis-indexed."""
        state = position({(16_380, 0): "RRRR"})
        with pytest.raises(InvalidStateError, match="within"):
            rota.legal_moves(state)

    def test_tile_to_place_and_players(self) -> None:
        """The tile to place is the hand tile, or the extra turn's tile; None at the end."""
        assert rota.tile_to_place(position(START, hands=["RG.B"])) == tile("RG.B")
        extra = position(START, hands=[None, "PPPP"], extra_tile="OOOO")
        assert rota.tile_to_place(extra) == tile("OOOO")
        assert rota.players(extra) == 2
        assert rota.tile_to_place(position(START, hands=[None])) is None


class TestView:
    """ROTA-21, ROTA-22: what a seat may see."""

    def test_view_holds_the_public_parts_and_the_own_hand(self) -> None:
        """A view has the display, tracks, sizes, whose turn, and the seat's own hand."""
        state = play(rota.new_game(3, seed=21), 4)
        seen = rota.view(state, 2)
        assert isinstance(seen, View)
        assert seen.seat == 2
        assert seen.display == state.display
        assert seen.tracks == state.tracks
        assert seen.hand == state.hands[2]
        assert seen.stack_sizes == tuple(len(s) for s in state.stacks)
        assert seen.supply_size == len(state.supply)
        assert seen.to_move == rota.to_move(state)

    def test_view_has_no_hidden_field(self) -> None:
        """No stack or supply contents and no other hand are fields of a view."""
        names = {field.name for field in attrs.fields(View)}
        assert names.isdisjoint({"stacks", "supply", "hands", "seed"})

    def test_states_differing_only_in_hidden_parts_look_the_same(self) -> None:
        """ROTA-22: other hands, stack order and contents, supply order are not visible."""
        one = position(
            START,
            hands=["RGBO", "PPPP", "GGGG"],
            stacks=[["RRRR", "BBBB"], ["OOOO"], ["GGGG", "RGB."]],
            supply=["R.GB", "PPOO", "GGBB"],
            seat=1,
        )
        other = position(
            START,
            hands=["RGBO", "RG.B", "BOBO"],
            stacks=[["BBBB", "OGOG"], ["RRRR"], ["RGB.", "PPPP"]],
            supply=["GGBB", "OOOO", "B.RG"],
            seat=1,
        )
        assert one != other
        assert rota.view(one, 0) == rota.view(other, 0)
        assert rota.view(one, 1) != rota.view(other, 1)  # seat 1's own hand differs

    def test_bad_seat(self) -> None:
        """Asking for a seat that is not in the game is an error."""
        state = rota.new_game(2, seed=1)
        with pytest.raises(ValueError, match="seat 2"):
            rota.view(state, 2)
        with pytest.raises(ValueError, match="seat -1"):
            rota.hand(state, -1)


def _above_legend(text: str) -> str:
    """A text board without its legend, which always comes last."""
    board, legend, _ = text.partition("\nLegend:\n")
    assert legend, "every text board ends with its legend"
    return board


class TestRendering:
    """render_text and str(state): the display grid and the scores."""

    def test_picture_of_a_hand_built_position(self) -> None:
        """Tiles as 2x2 letter blocks, x across, y down; tracks per seat; whose turn."""
        state = position(
            {(0, 0): "RGBO", (1, 0): "PP.G", (0, 1): "BOBO"},
            hands=["RRRR", "GGGG"],
            tracks=[(1, 2, 3, 4, 5), (12, 0, 0, 0, 10)],
            stacks=[["RRRR"], []],
            supply=["GGGG", "GGGG"],
            seat=1,
        )
        expected = "\n".join(
            [
                "      0  1",
                "    +--+--+",
                "  0 |RG|PP|",
                "    |OB|G.|",
                "    +--+--+",
                "  1 |BO|  |",
                "    |OB|  |",
                "    +--+--+",
                "         R  G  B  O  P  stack",
                "seat 0   1  2  3  4  5      1",
                "seat 1  12  0  0  0 10      0  to move",
                "supply: 2 tiles",
                "Legend:",
                "  a tile is 2x2 corner letters: top left, top right / bottom left, bottom right",
                "  R red, G green, B blue, O orange, P purple, . the empty corner",
                "  a move x,y:tC lays the tile on column x, row y, turned t quarter turns",
                "  clockwise; C (when asked) is the colour named for its empty corner",
            ]
        )
        assert rota.render_text(state) == expected
        assert str(state) == expected

    def test_extra_turn_and_end_lines(self) -> None:
        """An extra turn in progress and the end of the game are said in words."""
        extra = position({(-2, -1): ".RGB"}, hands=[None], extra_tile="PPPP", extra_turns=1)
        text = rota.render_text(extra)
        assert "-2" in text.splitlines()[0]
        assert text.splitlines()[2] == " -1 |.R|"
        assert text.splitlines()[3] == "    |BG|"
        assert _above_legend(text).endswith(
            "supply: 0 tiles\nsolo score: 0 (the lowest track, ROTA-20)\n"
            "extra turn with PPPP from the supply; 1 more owed"
        )
        over = position({(0, 0): "RRRR"}, hands=[None])
        assert _above_legend(rota.render_text(over)).endswith("game over")

    def test_view_picture_shows_the_own_hand(self) -> None:
        """A view's picture adds the seat's hand, and nobody else's."""
        state = position(START, hands=["RG.B", "PPPP"])
        text = str(rota.view(state, 0))
        assert _above_legend(text).endswith("seat 0 holds RG.B")
        assert "PPPP" not in text


class TestRules:
    """RULES bundles the module for generic code; the registry finds it."""

    def test_registered(self) -> None:
        """tilegames.get('axio-rota') is the module's RULES."""
        assert "axio-rota" in tilegames.names()
        assert tilegames.get("axio-rota") is rota.RULES
        assert rota.RULES.title == "AXIO Rota"
        assert [s.players for s in rota.RULES.setups] == [2, 1, 3, 4]

    def test_bundle_functions(self) -> None:
        """The bundle's functions are the module's."""
        assert rota.RULES.apply is rota.apply
        assert rota.RULES.legal_moves is rota.legal_moves
        assert rota.RULES.new_game is rota.new_game
        assert rota.RULES.format_move is rota.format_move
