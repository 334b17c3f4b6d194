"""Aztack's entry points: wrong types, bad seats, the end, round trips, outcomes, RULES."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import tilegames
from tilegames import GameOverError, SeatError, WrongTypeError, aztack, polygon, serialize
from tilegames._core import rng
from tilegames.aztack import Pass, Place

STATE = aztack.new_game(seed=3)
VIEW = aztack.view(STATE, 0)
MOVE = aztack.legal_moves(STATE)[0]
OTHER = polygon.new_game(seed=1)  # a State of another game

# Each public function that takes a State, called with ``value`` in its place.
NEEDS_STATE: dict[str, Callable[[Any], object]] = {
    "players": aztack.players,
    "mode": aztack.mode,
    "is_over": aztack.is_over,
    "to_move": aztack.to_move,
    "legal_moves": aztack.legal_moves,
    "stones_left": aztack.stones_left,
    "outcome": aztack.outcome,
    "view": lambda value: aztack.view(value, 0),
    "can_place": lambda value: aztack.can_place(value, 0),
    "apply": lambda value: aztack.apply(value, MOVE),
    "why_illegal": lambda value: aztack.why_illegal(value, MOVE),
    "score_move": lambda value: aztack.score_move(value, MOVE),
    "evaluate": lambda value: aztack.evaluate(value, MOVE, 0),
}
# Each public function that takes a State or a View.
NEEDS_POSITION: dict[str, Callable[[Any], object]] = {
    "supply": lambda value: aztack.supply(value, 0),
    "heights": aztack.heights,
    "tops": aztack.tops,
    "render_text": aztack.render_text,
}
# Each public function that takes a move.
NEEDS_MOVE: dict[str, Callable[[Any], object]] = {
    "apply": lambda value: aztack.apply(STATE, value),
    "why_illegal": lambda value: aztack.why_illegal(STATE, value),
    "score_move": lambda value: aztack.score_move(STATE, value),
    "evaluate": lambda value: aztack.evaluate(STATE, value, 0),
    "format_move": aztack.format_move,
}


class TestWrongTypes:
    @pytest.mark.parametrize("name", sorted(NEEDS_STATE))
    @pytest.mark.parametrize(
        "value", [OTHER, VIEW, "state", None], ids=["other-game", "view", "text", "none"]
    )
    def test_state_functions(self, name: str, value: object) -> None:
        """Another game's State, a View, text or None where a State is needed: WrongTypeError."""
        with pytest.raises(WrongTypeError, match=rf"aztack\.{name} expects an Aztack State"):
            NEEDS_STATE[name](value)

    @pytest.mark.parametrize("name", sorted(NEEDS_POSITION))
    @pytest.mark.parametrize("value", [OTHER, "state", None, 3], ids=repr)
    def test_position_functions(self, name: str, value: object) -> None:
        """A State or a View is accepted; anything else is a WrongTypeError."""
        NEEDS_POSITION[name](STATE)
        NEEDS_POSITION[name](VIEW)
        with pytest.raises(WrongTypeError, match="an Aztack State or View"):
            NEEDS_POSITION[name](value)

    @pytest.mark.parametrize("name", sorted(NEEDS_MOVE))
    def test_move_functions(self, name: str) -> None:
        """Text where a move is needed points at parse_move; None or a State is refused too."""
        with pytest.raises(WrongTypeError, match=r"aztack\.parse_move"):
            NEEDS_MOVE[name](str(MOVE))
        for value in (None, STATE, aztack.Move):
            with pytest.raises(WrongTypeError, match="Place or Pass"):
                NEEDS_MOVE[name](value)

    def test_other_functions(self) -> None:
        """determinize, validate, the parsers and writers refuse values of the wrong kind."""
        with pytest.raises(WrongTypeError, match="an Aztack View"):
            aztack.determinize(STATE, rng.Stream(1))  # type: ignore[arg-type]
        with pytest.raises(WrongTypeError, match=r"aztack\.validate"):
            aztack.validate(OTHER)  # type: ignore[arg-type]
        with pytest.raises(WrongTypeError):
            aztack.parse_stone(None)  # type: ignore[arg-type]
        with pytest.raises(WrongTypeError):
            aztack.parse_move("0:pass", OTHER)  # type: ignore[arg-type]
        with pytest.raises(WrongTypeError):
            aztack.format_stone("GfOw")  # type: ignore[arg-type]
        with pytest.raises(WrongTypeError):
            aztack.format_half(None)  # type: ignore[arg-type]
        with pytest.raises(WrongTypeError):
            aztack.RULES.draw(None, last_move=None, targets=[])  # type: ignore[misc]

    def test_a_view_reads_its_seat(self) -> None:
        """parse_move takes the seat to move from a view too."""
        assert aztack.parse_move("5@1,0/0,0", VIEW) == Place(0, 5, (1, 0), (0, 0))


class TestSeats:
    @pytest.mark.parametrize("seat", [-1, 2, 9])
    def test_out_of_range(self, seat: int) -> None:
        """A seat outside 0..players - 1 raises SeatError (a ValueError)."""
        for call in (aztack.view, aztack.can_place, aztack.supply):
            with pytest.raises(SeatError, match=f"seat {seat} is not in this game"):
                call(STATE, seat)
        with pytest.raises(SeatError):
            aztack.supply(VIEW, seat)
        with pytest.raises(SeatError):
            aztack.evaluate(STATE, MOVE, seat)

    def test_not_an_int(self) -> None:
        """A seat that is no int is a WrongTypeError."""
        with pytest.raises(WrongTypeError, match="a seat is an int"):
            aztack.view(STATE, "0")  # type: ignore[arg-type]
        with pytest.raises(WrongTypeError):
            aztack.can_place(STATE, None)  # type: ignore[arg-type]

    def test_a_move_of_a_bad_seat_is_illegal(self) -> None:
        """A move of the game naming a seat not in it is an illegal move, not a type error."""
        assert aztack.why_illegal(STATE, Pass(5)) == "seat 5 is not in this 2-player game"


class TestTheEnd:
    def test_game_over_said_once(self) -> None:
        """AZT-15: after the end, apply and score_move say 'the game is over' once, no turn."""
        state = STATE
        while not aztack.is_over(state):
            state = aztack.apply(state, aztack.legal_moves(state)[0])
        for call in (aztack.apply, aztack.score_move):
            with pytest.raises(GameOverError) as refused:
                call(state, Pass(0))
            message = str(refused.value)
            assert message.count("the game is over") == 1
            assert refused.value.turn == ""
            assert message.startswith("illegal move '0:pass': the game is over (AZT-1")
        assert aztack.why_illegal(state, Pass(0)) in (
            "the game is over (AZT-15)",
            "the game is over (AZT-16)",
        )


class TestWholeGame:
    @pytest.mark.parametrize("mode", aztack.MODES)
    @pytest.mark.parametrize("players", [2, 3, 4])
    def test_round_trip_of_every_option(self, mode: str, players: int) -> None:
        """A state started with every option (custom set, mode, players) round-trips as JSON."""
        custom = ["RtRt"] * 12 + [str(stone) for stone in aztack.STANDARD_STONES][: 12 * players]
        custom += ["GfGf", "OfOf", "YfYf", "BfBf"]
        state = aztack.new_game(players=players, seed=5, mode=mode, stones=custom)
        state = aztack.apply(state, aztack.legal_moves(state)[0])
        back = serialize.from_json(serialize.to_json(state), aztack.State)
        assert back == state
        assert aztack.mode(back) == mode
        assert [str(stone) for stone in back.stones] == custom
        seen = aztack.view(state, 1)
        assert seen.stones == state.stones
        assert serialize.from_json(serialize.to_json(seen), aztack.View) == seen

    def test_standard_view_leaves_the_set_out(self) -> None:
        """A view of a standard game carries no set, and its document names none."""
        assert VIEW.stones is None
        assert '"stones"' not in serialize.to_json(VIEW)

    @pytest.mark.parametrize("mode", aztack.MODES)
    def test_outcome_names_game_and_mode(self, mode: str) -> None:
        """outcome() says which game it ends and in which mode."""
        state = aztack.new_game(seed=2, mode=mode)
        while not aztack.is_over(state):
            state = aztack.apply(state, aztack.legal_moves(state)[-1])
        result = aztack.outcome(state)
        assert result is not None
        assert (result.game, result.mode) == ("aztack", mode)
        assert tilegames.game_of(result) is aztack.RULES
        aztack.validate(result)

    def test_outcome_checked_by_its_mode(self) -> None:
        """With a mode, the ranking must be the mode's; without one, only the scores count."""
        turns = tilegames.Outcome(scores=(3, 1), ranking=[{0}, {1}], game="aztack", mode="turns")
        with pytest.raises(tilegames.InvalidStateError, match="AZT-16"):
            aztack.validate(turns)
        speed = tilegames.Outcome(scores=(3, 1), ranking=[{0}, {1}], game="aztack", mode="speed")
        aztack.validate(speed)  # the last to place wins, whatever it holds (AZT-18)
        emptied = tilegames.Outcome(scores=(0, 1), ranking=[{1}, {0}], mode="speed")
        with pytest.raises(tilegames.InvalidStateError, match="AZT-15"):
            aztack.validate(emptied)
        aztack.validate(tilegames.Outcome(scores=(3, 1), ranking=[{0}, {1}]))  # no mode


class TestRules:
    def test_rules_name_the_types_and_pictures(self) -> None:
        """RULES names the State, View and move classes, and draws pictures."""
        rules = aztack.RULES
        assert (rules.state_type, rules.view_type) == (aztack.State, aztack.View)
        assert set(rules.move_types) == {Place, Pass, aztack.Lay, aztack.Deal}
        assert rules.move_cells is not None
        assert rules.move_cells(Place(0, 3, (1, 0), (1, 1))) == ((1, 0), (1, 1))
        assert rules.move_cells(Pass(1)) == ()
        assert rules.draw is not None
        assert rules.draw(STATE, last_move=None, targets=[]).startswith("<svg")
