"""Polygon's one validator, its argument checks, and a state that knows its whole game.

Expected values are worked out by hand from the rules: the standard set has
49 tiles (POLY-2), two to four seats play (POLY-7), the game ends when the
bag runs out (POLY-15), and only the order of the bag and the seed are
hidden (POLY-16).
"""

from __future__ import annotations

import json
import pickle
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest
from polygon_reference_impl import position

from tilegames import (
    GameOverError,
    InvalidStateError,
    NotationError,
    Outcome,
    SeatError,
    WrongTypeError,
    axio_rota,
    polygon,
)
from tilegames._core import rng
from tilegames.polygon import CIRCLE, Place, State, View
from tilegames.polygon._model import sorted_values
from tilegames.polygon._validate import check_state
from tilegames.serialize import from_json, to_json

JSON = Path(__file__).parent.parent / "data" / "json"
# A set of 20 tiles: the 1s can never win the start draw against the W.
CUSTOM = ("1",) * 12 + ("2",) * 4 + ("W", "X3", "X3", "5")


def final_state(seed: int = 4, tiles: tuple[str, ...] | None = None) -> State:
    """The last state of a game played by always taking the first legal move."""
    state = polygon.new_game(2, seed=seed, tiles=tiles)
    while not polygon.is_over(state):
        state = polygon.apply(state, polygon.legal_moves(state)[0])
    return state


# ---------------------------------------------------------------------------
# Wrong types at every entry point
# ---------------------------------------------------------------------------

STATE_ONLY: dict[str, Callable[[Any], object]] = {
    "players": polygon.players,
    "is_over": polygon.is_over,
    "to_move": polygon.to_move,
    "legal_moves": polygon.legal_moves,
    "outcome": polygon.outcome,
    "view": lambda state: polygon.view(state, 0),
    "apply": lambda state: polygon.apply(state, Place("3", (0, 1))),
    "why_illegal": lambda state: polygon.why_illegal(state, Place("3", (0, 1))),
    "score_move": lambda state: polygon.score_move(state, Place("3", (0, 1))),
    "evaluate": lambda state: polygon.evaluate(state, Place("3", (0, 1)), 0),
}
STATE_OR_VIEW: dict[str, Callable[[Any], object]] = {
    "totals": polygon.totals,
    "turn_symbol": polygon.turn_symbol,
    "drawn": polygon.drawn,
    "bag_size": polygon.bag_size,
    "placed": polygon.placed,
    "stacks": polygon.stacks,
    "start_draw": polygon.start_draw,
    "starter": polygon.starter,
    "render_text": polygon.render_text,
    "parse_move": lambda state: polygon.parse_move("3@0,1", state),
}
MOVE_TAKING: dict[str, Callable[[State, Any], object]] = {
    "apply": polygon.apply,
    "why_illegal": polygon.why_illegal,
    "score_move": polygon.score_move,
    "evaluate": lambda state, move: polygon.evaluate(state, move, 0),
}


def others() -> list[object]:
    """Values that are no Polygon State or View: another game's state, text, None."""
    return [axio_rota.new_game(seed=1), "state", None, 7]


class TestWrongTypes:
    """Every public function names what it expected (WrongTypeError, a TypeError)."""

    @pytest.mark.parametrize("name", sorted(STATE_ONLY))
    def test_state_functions(self, name: str) -> None:
        """Another game's State, a View, a string or None where a State is needed."""
        state = polygon.new_game(seed=1)
        for value in [*others(), polygon.view(state, 0)]:
            with pytest.raises(WrongTypeError, match="expects a Polygon State"):
                STATE_ONLY[name](value)

    @pytest.mark.parametrize("name", sorted(STATE_OR_VIEW))
    def test_state_or_view_functions(self, name: str) -> None:
        """A View is accepted where a State or View is; another game's State is not."""
        state = polygon.new_game(seed=1)
        STATE_OR_VIEW[name](polygon.view(state, 0))
        for value in others():
            if name == "parse_move" and value is None:
                continue  # parse_move needs no state
            with pytest.raises(WrongTypeError, match=f"polygon.{name} expects a Polygon State"):
                STATE_OR_VIEW[name](value)

    @pytest.mark.parametrize("name", sorted(MOVE_TAKING))
    def test_move_functions(self, name: str) -> None:
        """Text, None or another game's move where a Polygon move is needed."""
        state = polygon.new_game(seed=1)
        rota = axio_rota.new_game(seed=1)
        for value in ["3@0,1", None, axio_rota.legal_moves(rota)[0]]:
            with pytest.raises(WrongTypeError, match="expects a Polygon move"):
                MOVE_TAKING[name](state, value)

    def test_text_points_at_parse_move(self) -> None:
        """A move written as text is read with parse_move first."""
        state = polygon.new_game(seed=1)
        with pytest.raises(WrongTypeError) as raised:
            polygon.apply(state, "3@0,1")  # type: ignore[arg-type]
        assert str(raised.value) == (
            "polygon.apply expects a Polygon move (Place, Draw or Roll), got a str ('3@0,1'); "
            "read notation with polygon.parse_move(text, state) first"
        )

    def test_format_move_and_determinize(self) -> None:
        """format_move wants a Place, determinize a View and a Stream."""
        state = polygon.new_game(seed=1)
        with pytest.raises(
            WrongTypeError, match=re.escape("polygon.format_move expects a Polygon move")
        ):
            polygon.format_move("3@0,1")  # type: ignore[arg-type]
        with pytest.raises(
            WrongTypeError, match=re.escape("polygon.determinize expects a Polygon View")
        ):
            polygon.determinize(state, rng.Stream(1))  # type: ignore[arg-type]
        with pytest.raises(WrongTypeError, match=re.escape("a tilegames.rng.Stream")):
            polygon.determinize(polygon.view(state, 0), 1)  # type: ignore[arg-type]

    def test_validate_and_combination_value(self) -> None:
        """validate refuses another game's value; combination_value a non-collection."""
        with pytest.raises(WrongTypeError, match=re.escape("polygon.validate expects")):
            polygon.validate(axio_rota.new_game(seed=1))  # type: ignore[arg-type]
        with pytest.raises(WrongTypeError, match="three tile values"):
            polygon.combination_value(None)  # type: ignore[arg-type]

    def test_membership_of_a_non_move_is_false(self) -> None:
        """``in`` answers False for text or None rather than raising."""
        moves = polygon.legal_moves(polygon.new_game(seed=1))
        for value in ("3@0,1", None):
            thing: object = value
            assert thing not in moves

    def test_rules_name_the_classes(self) -> None:
        """RULES says which classes are Polygon's (chance outcomes too), and carries pictures."""
        rules = polygon.RULES
        owned = (State, View, (Place, polygon.Draw, polygon.Roll))
        assert (rules.state_type, rules.view_type, rules.move_types) == owned
        assert rules.draw is not None
        assert rules.move_cells is not None
        assert rules.move_cells(Place("W", (0, -3))) == ((0, -3),)
        assert rules.move_cells(Place("W", None)) == ()


class TestSeats:
    """Seats are ints 0 .. players - 1 (SeatError, a ValueError, otherwise)."""

    @pytest.mark.parametrize("players", [2, 3, 4])
    def test_edges(self, players: int) -> None:
        """The last seat is accepted; one more, or -1, is refused."""
        state = polygon.new_game(players, seed=2)
        assert polygon.view(state, players - 1).seat == players - 1
        for seat in (players, -1):
            with pytest.raises(SeatError, match=f"seats 0..{players - 1}"):
                polygon.view(state, seat)

    def test_not_an_int(self) -> None:
        """A seat given as text or a bool is a WrongTypeError (None is the public view)."""
        state = polygon.new_game(seed=2)
        for seat in ("0", True, 1.0):
            with pytest.raises(WrongTypeError, match=re.escape("a seat is an int 0..1")):
                polygon.view(state, seat)  # type: ignore[arg-type]

    def test_evaluate_checks_the_seat(self) -> None:
        """evaluate rates a move for a seat of the game only."""
        state = polygon.new_game(seed=2)
        move = polygon.legal_moves(state)[0]
        with pytest.raises(SeatError):
            polygon.evaluate(state, move, 2)


class TestGameOver:
    """After the end (POLY-15) a move is refused, and the message says so once."""

    def test_message_said_once(self) -> None:
        """The reason names the end; no turn text repeats it."""
        final = final_state()
        with pytest.raises(GameOverError) as raised:
            polygon.apply(final, Place("3", (0, 1)))
        error = raised.value
        assert str(error) == (
            "illegal move '3@0,1': the game is over: the bag ran out and its last turn is "
            "played (POLY-15)"
        )
        assert error.turn == ""
        assert str(error).count("over") == 1
        assert polygon.why_illegal(final, Place("3", (0, 1))) == (
            "the game is over: the bag ran out and its last turn is played (POLY-15)"
        )

    def test_score_move_after_the_end(self) -> None:
        """score_move refuses the same way."""
        with pytest.raises(GameOverError, match="POLY-15"):
            polygon.score_move(final_state(), Place("W", None))


class TestWholeGame:
    """A state carries every option of new_game, so it round-trips (JSON, pickle)."""

    @pytest.mark.parametrize("players", [2, 3, 4])
    def test_custom_set_round_trips(self, players: int) -> None:
        """A custom set travels in the state and its view, through JSON and validate."""
        state = polygon.new_game(players, seed=5, tiles=list(CUSTOM))
        assert state.tiles == sorted_values(CUSTOM)
        for step in range(6):
            assert from_json(to_json(state), State) == state
            seen = polygon.view(state, 0)
            assert seen.tiles == state.tiles
            assert from_json(to_json(seen), View) == seen
            assert polygon.determinize(seen, rng.Stream(step)).tiles == state.tiles
            assert pickle.loads(pickle.dumps(state)) == state
            state = polygon.apply(state, polygon.legal_moves(state)[0])

    def test_custom_set_case_and_order_do_not_matter(self) -> None:
        """The set is kept as a multiset in VALUES order; lower case is read as upper."""
        lower = polygon.new_game(seed=5, tiles=["w", "1", "x3", "2", "2"])
        assert lower.tiles == ("1", "2", "2", "W", "X3")

    def test_standard_set_is_left_out(self) -> None:
        """The standard set, even written out, is carried as None and not written."""
        state = polygon.new_game(seed=5, tiles=polygon.STANDARD_TILES)
        assert state.tiles is None
        assert state == polygon.new_game(seed=5)
        assert '"tiles"' not in to_json(state)
        assert from_json(to_json(state), State) == state

    def test_finished_custom_game_round_trips(self) -> None:
        """The last state and its outcome of a custom game load back equal."""
        final = final_state(seed=3, tiles=CUSTOM)
        assert from_json(to_json(final), State) == final
        result = polygon.outcome(final)
        assert result is not None
        assert from_json(to_json(result), Outcome) == result

    @pytest.mark.parametrize(
        ("name", "kind"),
        [("state", State), ("view", View), ("outcome", Outcome), ("move", Place)],
        ids=["State", "View", "Outcome", "Place"],
    )
    def test_old_documents_load(self, name: str, kind: type) -> None:
        """The golden documents written before the new fields still load and validate.

        The placement's document names its class by its former name, ``"Move"``: it
        loads, with a deprecation warning.
        """
        text = (JSON.parent / "json_v1" / f"polygon-{name}.json").read_text()
        if kind is Place:
            assert json.loads(text)["type"] == "Move"
            with pytest.warns(DeprecationWarning, match="'Move' is deprecated: it is 'Place'"):
                loaded: Any = from_json(text, kind)
        else:
            loaded = from_json(text, kind)
        polygon.validate(loaded)
        assert getattr(loaded, "tiles", None) is None

    def test_outcome_names_game_and_mode(self) -> None:
        """outcome() carries the game's name and an empty mode (Polygon has none)."""
        result = polygon.outcome(final_state())
        assert result is not None
        assert (result.game, result.mode) == ("polygon", "")


class TestValidate:
    """One validator: the guard of hand-made states and the check of loaded ones."""

    def test_custom_state_checked_against_its_set(self) -> None:
        """A custom state validates with no extra argument; a tile not in its set is refused."""
        state = polygon.new_game(seed=5, tiles=CUSTOM)
        polygon.validate(state)
        other = attrs.evolve(state, bag=("4", *state.bag[1:]))
        with pytest.raises(InvalidStateError, match=r"State.bag\[0\]: tile 4 is not in the set"):
            polygon.validate(other)

    def test_tiles_keyword_for_old_documents(self) -> None:
        """A state without its set can still be checked against a set given by hand."""
        state = attrs.evolve(polygon.new_game(seed=5, tiles=CUSTOM), tiles=None)
        with pytest.raises(InvalidStateError, match="appears more often than the set"):
            polygon.validate(state)
        polygon.validate(state, tiles=CUSTOM)

    @pytest.mark.parametrize(
        ("tiles", "words"),
        [
            (sorted_values(polygon.STANDARD_TILES), "written as null"),
            (("W", "1", "1"), "in VALUES order"),
            (("1", "1", "1"), "could never break"),
            (("1", "W"), None),
        ],
    )
    def test_carried_set(self, tiles: tuple[str, ...], words: str | None) -> None:
        """The carried set is a sorted, playable set other than the standard one."""
        state = position({(0, 0): "3"}, symbol=CIRCLE, drawn=["5"])
        changed = attrs.evolve(state, tiles=tiles)
        if words is None:
            check_state(changed)
        else:
            with pytest.raises(InvalidStateError, match=f"State.tiles: .*{words}"):
                check_state(changed)

    def test_hand_made_seat_edges(self) -> None:
        """The last seat of a hand-made state is accepted; one more is refused when first used."""
        state = position({(0, 0): "3"}, symbol=CIRCLE, drawn=["5"], seat=1)
        assert len(polygon.legal_moves(state)) == 2  # (1, 0) and (0, 1), START's circle partners
        beyond = position({(0, 0): "3"}, symbol=CIRCLE, drawn=["5"], seat=2)
        with pytest.raises(InvalidStateError, match=re.escape("State.seat: 2 is not an int 0..1")):
            polygon.legal_moves(beyond)

    def test_hand_made_turn_edges(self) -> None:
        """Two tiles to a turn: one placed and one drawn is accepted, one more refused."""
        board = {(0, 0): "3", (1, 0): "4"}
        state = position(board, symbol=CIRCLE, drawn=["5"], placed=[(1, 0)])
        assert len(polygon.legal_moves(state)) > 0
        over = position(board, symbol=CIRCLE, drawn=["5", "1"], placed=[(1, 0)])
        with pytest.raises(InvalidStateError, match="1 placed and 2 drawn: a turn has 2 tiles"):
            polygon.legal_moves(over)

    @pytest.mark.parametrize(
        ("change", "words"),
        [
            ({"game": "axio"}, "Outcome.game: 'axio' is not 'polygon'"),
            ({"mode": "team"}, "Outcome.mode: 'team': Polygon has no modes"),
            ({"game": ""}, None),  # a document written before outcomes named their game
        ],
    )
    def test_outcome_game_and_mode(self, change: dict[str, str], words: str | None) -> None:
        """An outcome is Polygon's, with no mode; one without a game is checked as before."""
        result = polygon.outcome(final_state())
        assert result is not None
        changed = attrs.evolve(result, **change)  # type: ignore[arg-type]
        if words is None:
            polygon.validate(changed)
        else:
            with pytest.raises(InvalidStateError, match=re.escape(words)):
                polygon.validate(changed)

    def test_starter_of_a_state_without_draw(self) -> None:
        """A hand-made state with no start-order draw is refused, not an IndexError."""
        state = attrs.evolve(polygon.new_game(seed=1), start_draw=())
        with pytest.raises(InvalidStateError, match=re.escape("State.start_draw")):
            polygon.starter(state)


class TestEdges:
    """Checks at their edges: the last seat's view, the start draw, a grouping's reading."""

    def test_the_last_seats_view_is_valid(self) -> None:
        """A view of the highest seat number (players - 1) validates; one past it is no seat."""
        state = polygon.new_game(4, seed=3)
        polygon.validate(polygon.view(state, 3))  # raises if refused
        with pytest.raises(InvalidStateError) as raised:
            polygon.validate(attrs.evolve(polygon.view(state, 3), seat=4))
        assert str(raised.value) == "View.seat: 4 is not an int 0..3"
        with pytest.raises(InvalidStateError) as raised:
            polygon.validate(attrs.evolve(polygon.view(state, 0), seat=-1))
        assert str(raised.value) == "View.seat: -1 is not an int 0..3"

    def test_a_played_tile_during_the_start_draw(self) -> None:
        """POLY-7: no tile is played before the start-order draw has ended."""
        state = polygon.new_game(3, chance="explicit")
        stacks = list(state.stacks)
        stacks[1] = ("3",)
        bag = list(state.bag)
        bag.remove("3")
        changed = attrs.evolve(state, stacks=tuple(stacks), bag=tuple(bag))
        with pytest.raises(InvalidStateError) as raised:
            polygon.validate(changed)
        assert str(raised.value) == "State.stacks: a played tile before the start-order draw ended"

    def test_a_grouping_reads_no_further_than_a_fourth_tile(self) -> None:
        """combination_value takes at most four values of an iterator, then says too many."""
        values = iter(["1", "1", "1", "1", "2", "3"])
        with pytest.raises(NotationError) as raised:
            polygon.combination_value(values)
        assert str(raised.value) == (
            "polygon.combination_value: a grouping has three tiles, not more than 3: "
            "('1', '1', '1', '1') (POLY-6, POLY-14)"
        )
        assert next(values) == "2"
