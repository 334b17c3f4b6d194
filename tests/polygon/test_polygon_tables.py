"""The scoring table and the printed board as data (POLY-4, POLY-14, new in spec v2).

Every expected value is worked out by hand from the rules: a table is the
points of each of the 120 multisets of three values; a board is the spaces
with a printed WILD or X tile. Both are options of ``new_game``, validated,
carried in the state and the view, written to JSON under ``scoring`` and
``board``, and shown in the pictures. Also here: what a loaded state can be
told to break of POLY-11 and POLY-12 from its final board.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import attrs
import pytest
from polygon_reference_impl import BOARD, TRIPLES, position

from tilegames import ConfigurationError, InvalidStateError, polygon
from tilegames._core import rng
from tilegames.polygon import CIRCLE, Place
from tilegames.serialize import from_dict, from_json, to_dict, to_json

JSON_V1 = Path(__file__).parent.parent / "data" / "json_v1"
ZEROS: dict[str, int] = {"-".join(triple): 0 for triple in TRIPLES}
"""A complete table in which nothing scores, written by hand from the 120 multisets."""


def with_rows(**rows: int) -> dict[str, int]:
    """ZEROS with some rows changed; keyword ``r3_3_3=7`` is the row 3-3-3."""
    table = dict(ZEROS)
    for name, points in rows.items():
        table[name[1:].replace("_", "-")] = points
    return table


def play(state: polygon.State, *texts: str) -> polygon.State:
    for text in texts:
        state = polygon.apply(state, polygon.parse_move(text, state))
    return state


class TestScoringOption:
    """new_game(scoring=...): a complete table, validated, used for every grouping (POLY-14)."""

    def test_a_table_scores_the_turn(self) -> None:
        """3-3-3 worth 7: two 3s completing START's circle corner score 7."""
        triples = dict.fromkeys(TRIPLES, 0) | {("3", "3", "3"): 7}
        state = position({(0, 0): "3"}, symbol=CIRCLE, drawn=["3", "3"], scoring=triples)
        assert polygon.score_move(play(state, "3@1,0"), Place("3", (0, 1))) == 7
        assert polygon.totals(play(state, "3@1,0", "3@0,1")) == (7, 0)

    def test_explicit_rows_are_the_rules(self) -> None:
        """In a complete table a WILD row is what it says: 3-3-W is 0 unless written."""
        only = dict.fromkeys(TRIPLES, 0) | {("3", "3", "3"): 7}
        state = position({(0, 0): "3", (1, 0): "3"}, symbol=CIRCLE, drawn=["W"], scoring=only)
        assert polygon.score_move(state, Place("W", (0, 1))) == 0
        # The card form fills the WILD row in: a WILD stands for a 3, so 7.
        card = dict(polygon.scoring_table({"3-3-3": 7}, three_wild=0))
        assert card["3-3-W"] == 7
        assert card["3-3-X2"] == 14  # X2 stands for a 3 and doubles
        assert card["W-W-W"] == 0

    def test_new_game_carries_the_table(self) -> None:
        """The state and the view keep the table in its written form and order."""
        table = with_rows(r1_1_1=5, rW_W_W=60)
        state = polygon.new_game(2, seed=3, scoring=table)
        assert state.scoring is not None
        assert len(state.scoring) == 120
        assert state.scoring[0] == ("1-1-1", 5)
        assert dict(state.scoring)["W-W-W"] == 60
        assert polygon.view(state, 1).scoring == state.scoring
        assert polygon.scoring_of(state)["W-W-W"] == 60
        assert polygon.combination_value(["1", "1", "1"], scoring=table) == 5
        assert polygon.combination_value(["1", "1", "1"]) == 10

    def test_spec_table_is_written_as_none(self) -> None:
        """Giving the spec's own table leaves the state as without it."""
        state = polygon.new_game(2, seed=3, scoring=dict(polygon.STANDARD_SCORING))
        assert state.scoring is None
        assert state == polygon.new_game(2, seed=3)

    def test_rows_in_any_form(self) -> None:
        """Pairs or a mapping; a combination in any order and case, or as three values."""
        rows: list[tuple[Any, int]] = [(tuple(key.split("-")), 0) for key in ZEROS]
        rows[0] = ("1 1 1", 10)
        rows[-1] = ("x3-X3-x3", 3)
        state = polygon.new_game(2, seed=3, scoring=rows)
        assert state.scoring is not None
        assert state.scoring[0] == ("1-1-1", 10)
        assert state.scoring[-1] == ("X3-X3-X3", 3)
        shuffled = {key: points for key, points in ZEROS.items() if key != "2-3-4"}
        shuffled["4-2-3"] = 9
        assert polygon.new_game(2, seed=3, scoring=shuffled).scoring == (
            polygon.new_game(2, seed=3, scoring=with_rows(r2_3_4=9)).scoring
        )

    @pytest.mark.parametrize(("points", "legal"), [(0, True), (1000, True), (1001, False)])
    def test_points_limit(self, points: int, legal: bool) -> None:
        """Points run from 0 to MAX_POINTS (1000): 1000 is accepted, 1001 refused."""
        table = with_rows(r5_5_5=points)
        if legal:
            assert dict(polygon.new_game(seed=1, scoring=table).scoring or ())["5-5-5"] == points
        else:
            with pytest.raises(ConfigurationError, match="5-5-5 is worth 1001"):
                polygon.new_game(seed=1, scoring=table)

    @pytest.mark.parametrize(
        ("change", "words"),
        [
            ({"5-5-5": -1}, "5-5-5 is worth -1; points are an int from 0 to 1000"),
            ({"5-5-5": True}, "5-5-5 is worth True"),
            ({"5-5-5": 5.0}, "5-5-5 is worth 5.0"),
            ({"5-5-6": 1}, "'5-5-6' is not a combination of three tile values"),
            ({"5-5": 1}, "'5-5' is not a combination"),
            ({"5-5-5-5": 1}, "'5-5-5-5' is not a combination"),
        ],
    )
    def test_bad_rows(self, change: dict[str, object], words: str) -> None:
        """A row with bad points or a bad combination is refused, naming it."""
        with pytest.raises(ConfigurationError, match=re.escape(words)):
            polygon.new_game(seed=1, scoring={**ZEROS, **change})

    def test_incomplete_table(self) -> None:
        """One row short of 120 is refused, naming the missing row; all 120 are accepted."""
        short = dict(ZEROS)
        del short["2-W-X3"]
        with pytest.raises(
            ConfigurationError,
            match=re.escape("the table is incomplete: 1 of the 120 combinations of three values "
                            "are missing, such as 2-W-X3"),
        ):  # fmt: skip
            polygon.new_game(seed=1, scoring=short)
        assert polygon.new_game(seed=1, scoring=ZEROS).scoring == tuple(ZEROS.items())

    def test_row_given_twice(self) -> None:
        """The same multiset written twice, in two orders, is refused."""
        rows = [*ZEROS.items(), ("3-2-1", 5)]
        with pytest.raises(ConfigurationError, match="the combination 1-2-3 is given twice"):
            polygon.new_game(seed=1, scoring=rows)

    @pytest.mark.parametrize("given", ["1-1-1", 7, [("1-1-1",)]])
    def test_not_a_table(self, given: object) -> None:
        """A string, a number or rows that are not pairs are refused."""
        with pytest.raises(ConfigurationError, match="scoring"):
            polygon.new_game(seed=1, scoring=given)

    def test_card_refuses_wild_rows(self) -> None:
        """scoring_table takes numbers only: the WILD and X rows follow from the rules."""
        with pytest.raises(ConfigurationError, match="1-1-W holds a WILD or an X tile"):
            polygon.scoring_table({"1-1-W": 10})
        with pytest.raises(ConfigurationError, match="W-W-W is worth 1001"):
            polygon.scoring_table({}, three_wild=1001)
        assert dict(polygon.scoring_table({}, three_wild=1000))["W-W-W"] == 1000


class TestBoardOption:
    """new_game(board=...): the printed tiles as data, validated, drawn (POLY-4, POLY-14)."""

    def test_printed_tiles_are_laid(self) -> None:
        """An X3 on (1,1) and a W on (4,0): the stacks start with them; nothing else printed."""
        state = polygon.new_game(2, seed=5, board={(4, 0): "w", (1, 1): "X3"})
        assert state.board == (((4, 0), "W"), ((1, 1), "X3"))  # in space-number order
        stacks = polygon.stacks(state)
        assert stacks[(1, 1)] == ("X3",)
        assert stacks[(4, 0)] == ("W",)
        assert stacks[(3, 0)] == ()  # a printed WILD of the standard board
        assert polygon.printed_tiles(state) == {(1, 1): "X3", (4, 0): "W"}
        assert polygon.view(state, 0).board == state.board

    def test_printed_x3_is_covered_only_when_reached(self) -> None:
        """A printed tile counts as a tile to stack on, not as a played partner (POLY-11)."""
        # START's circle corner {(0,0), (1,0), (0,1)}: a 4 on (1,0) makes START and (0,1)
        # open; the printed X3 on (1,1) lies in (1,0)'s diamond corner, not its circle one.
        printed = {(1, 1): "X3"}
        state = position({(0, 0): "3", (1, 0): "4"}, symbol=CIRCLE, drawn=["5"], printed=printed)
        assert polygon.why_illegal(state, Place("5", (1, 1))) is not None
        diamond = attrs.evolve(state, symbol=polygon.DIAMOND)
        assert polygon.why_illegal(diamond, Place("5", (1, 1))) is None
        assert polygon.why_illegal(diamond, Place("X3", (1, 1))) is not None
        # (3,0) holds nothing on this board: it is an empty space like any other.
        assert polygon.stacks(state)[(3, 0)] == ()

    def test_no_printed_tiles(self) -> None:
        """An empty board prints nothing; the standard board given is written as None."""
        empty = polygon.new_game(2, seed=5, board={})
        assert empty.board == ()
        assert all(
            stack == () for space, stack in polygon.stacks(empty).items() if space != (0, 0)
        )
        standard = polygon.new_game(2, seed=5, board=polygon.STANDARD_BOARD)
        assert standard.board is None
        assert standard == polygon.new_game(2, seed=5)

    @pytest.mark.parametrize(
        ("board", "words"),
        [
            ({(5, 0): "W"}, "(5, 0) is outside the radius-4 board (POLY-4)"),
            ({(2, 3): "W"}, "(2, 3) is outside the radius-4 board (POLY-4)"),
            ({(0, 0): "X2"}, "(0, 0) is START, where the start tile lies"),
            ({(1, 0): "3"}, "the tile printed on (1, 0) is '3'; a printed tile is a WILD or an X"),
            ({(1, 0): None}, "the tile printed on (1, 0) is None"),
            ({(1, 0, 0): "W"}, "(1, 0, 0) is not a space (q, r) of two ints"),
            ([((1, 0), "W"), ((1, 0), "X2")], "(1, 0) is given twice"),
            ("W", "board must be printed tiles such as"),
            ([((1, 0),)], "board: ((1, 0),) is not a pair"),
        ],
    )
    def test_bad_boards(self, board: object, words: str) -> None:
        """Printed tiles off the board, on START, of a number value, or given twice are refused."""
        with pytest.raises(ConfigurationError, match=re.escape(words)):
            polygon.new_game(seed=1, board=board)

    def test_board_edge(self) -> None:
        """(4, 0) and (-4, 4) lie on the rim of the radius-4 board: accepted."""
        state = polygon.new_game(seed=1, board=[((4, 0), "X3"), ((-4, 4), "X3")])
        assert state.board == (((4, 0), "X3"), ((-4, 4), "X3"))

    def test_pictures_show_the_carried_board(self) -> None:
        """The text shows the printed X3 in lower case; the SVG draws one printed tile."""
        state = polygon.new_game(2, seed=5, board={(1, 1): "X3"})
        text = polygon.render_text(state)
        assert " x3 " in text
        assert " w " not in text
        assert " x2 " not in text
        picture = polygon.draw(state, last_move=None, targets=[])
        assert picture.count('stroke-dasharray="4,3"') == 1  # printed tiles are dashed
        standard = polygon.draw(polygon.new_game(2, seed=5), last_move=None, targets=[])
        assert standard.count('stroke-dasharray="4,3"') == 12


class TestCarried:
    """The table and the board travel in states, views and JSON (keys ``scoring``, ``board``)."""

    def custom(self) -> polygon.State:
        table = polygon.scoring_table({"1-1-1": 1, "2-3-4": 40}, three_wild=70)
        return polygon.new_game(3, seed=9, scoring=table, board={(2, -1): "X3", (-3, 3): "W"})

    def test_json_round_trip(self) -> None:
        """A custom game's states, views and finished state load back equal."""
        state = self.custom()
        data = to_dict(state)["data"]
        assert data["board"] == [[[2, -1], "X3"], [[-3, 3], "W"]]
        assert data["scoring"][0] == ["1-1-1", 1]
        assert len(data["scoring"]) == 120
        chooser = rng.Stream(4)
        while not polygon.is_over(state):
            assert from_json(to_json(state), polygon.State) == state
            seen = polygon.view(state, 2)
            assert from_json(to_json(seen), polygon.View) == seen
            moves = polygon.legal_moves(state)
            state = polygon.apply(state, moves[chooser.randbelow(len(moves))])
        assert from_json(to_json(state), polygon.State) == state
        assert state.scoring == self.custom().scoring

    def test_standard_game_writes_neither_key(self) -> None:
        """The defaults are left out, so documents of the standard game are as before."""
        data = to_dict(polygon.new_game(2, seed=1))["data"]
        assert "scoring" not in data
        assert "board" not in data

    def test_determinize_keeps_them(self) -> None:
        """A sampled state has the view's table and board."""
        state = self.custom()
        seen = polygon.view(state, 0)
        sample = polygon.determinize(seen, rng.Stream(3))
        assert (sample.scoring, sample.board) == (state.scoring, state.board)
        assert polygon.view(sample, 0) == seen

    @pytest.mark.parametrize(
        ("field", "value", "words"),
        [
            ("scoring", polygon.STANDARD_SCORING, "State.scoring: the spec's own is written as"),
            ("scoring", polygon.STANDARD_SCORING[:-1], "State.scoring: scoring: the table is"),
            ("scoring", tuple(reversed(polygon.STANDARD_SCORING)), "not in their written form"),
            ("scoring", [("1-1-1", 10)], "State.scoring: expected a tuple of rows"),
            ("board", polygon.STANDARD_BOARD, "State.board: the spec's own is written as null"),
            ("board", (((0, 0), "W"),), "State.board: board: (0, 0) is START"),
            ("board", (((2, 0), "W"), ((1, 0), "W")), "not in their written form"),
        ],
    )  # fmt: skip
    def test_carried_values_checked(self, field: str, value: Any, words: str) -> None:
        """A carried table or board must be complete, valid, written as new_game writes it."""
        state = polygon.new_game(2, seed=1)
        with pytest.raises(InvalidStateError, match=re.escape(words)):
            polygon.validate(attrs.evolve(state, **{field: value}))

    def test_board_must_match_the_stacks(self) -> None:
        """A carried board whose printed tile is not at the bottom of its stack is refused."""
        state = polygon.new_game(2, seed=1, board={(1, 1): "X3"})
        wrong = attrs.evolve(state, board=(((1, 2), "X3"),))
        with pytest.raises(InvalidStateError, match=re.escape("must start with its printed X3")):
            polygon.validate(wrong)


class TestLoadedHistory:
    """What a final board tells of POLY-11 and POLY-12 (spec v2), for loaded states."""

    def test_wild_on_an_x_tile_is_refused(self) -> None:
        """A WILD on a printed X2 (legal in spec v1) is refused naming POLY-12 and spec v2."""
        written = json.loads((JSON_V1 / "polygon-state.json").read_text())
        stacks, bag = written["data"]["stacks"], written["data"]["bag"]
        assert stacks[0] == ["X2"]  # (0, -4), a printed X2
        bag.remove("W")
        stacks[0] = ["X2", "W"]
        with pytest.raises(
            InvalidStateError,
            match=re.escape("State.stacks[0] (space 0,-4): a WILD lies on X2: a WILD goes only "
                            "on a number tile 1..5 (POLY-12, changed in spec v2)"),
        ):  # fmt: skip
            from_dict(written, polygon.State)

    def test_wild_on_a_number_is_accepted(self) -> None:
        """The v1 document's WILD on the played 2 at (-1, 1) is legal in spec v2: it loads."""
        written = json.loads((JSON_V1 / "polygon-state.json").read_text())
        cell = BOARD.index((-1, 1))
        assert written["data"]["stacks"][cell] == ["2", "W"]
        assert polygon.stacks(from_dict(written, polygon.State))[(-1, 1)] == ("2", "W")

    def test_every_v1_document_still_loads(self) -> None:
        """The first release's Polygon documents load under spec v2 and write back the same.

        The same but for the format's version, now 2, and the 64-bit seed, which
        version 2 writes as a string of its digits (JavaScript-safe).
        """
        for path in sorted(JSON_V1.glob("polygon-*.json")):
            kind = {"state": polygon.State, "view": polygon.View, "move": polygon.Place}.get(
                path.stem.removeprefix("polygon-")
            )
            if kind is None:
                continue
            text = path.read_text()
            old = json.loads(text)
            old["version"] = 2
            if "seed" in old["data"]:
                old["data"]["seed"] = str(old["data"]["seed"])  # 17511437125486709727
            if old["type"] == "Move":  # the placement's former name: read, deprecated
                old["type"] = "Place"
                with pytest.warns(DeprecationWarning, match="'Move'"):
                    assert json.loads(to_json(from_json(text, kind))) == old
                continue
            assert json.loads(to_json(from_json(text, kind))) == old

    def test_played_tiles_join_start(self) -> None:
        """A played tile cut off from START is refused (POLY-11); one in its corner loads."""
        # The first drawn tile placed this turn, by the circle (the counters agree).
        state = attrs.evolve(polygon.new_game(2, seed=1), symbol=polygon.CIRCLE)
        tile, rest = state.drawn[0], state.drawn[1:]
        near = dict(polygon.stacks(state))
        near[(1, 0)] = (tile,)  # in START's circle corner {(0,0), (1,0), (0,1)}
        polygon.validate(
            attrs.evolve(
                state,
                stacks=tuple(near[s] for s in polygon.SPACES),
                drawn=rest,
                placed=(polygon.SPACES.index((1, 0)),),
            )
        )
        far = dict(polygon.stacks(state))
        far[(2, 0)] = (tile,)  # its corners hold (1,0), (1,1), (3,0), (2,1), (2,-1), (3,-1)
        apart = attrs.evolve(
            state,
            stacks=tuple(far[s] for s in polygon.SPACES),
            drawn=rest,
            placed=(polygon.SPACES.index((2, 0)),),
        )
        with pytest.raises(
            InvalidStateError,
            match=re.escape("1 played spaces, such as (2, 0), share no corner with the played "
                            "tiles around START"),
        ):  # fmt: skip
            polygon.validate(apart)
