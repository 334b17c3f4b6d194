"""AXIO Rota's errors a caller can catch: wrong types, bad seats, the game-over message."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from axio_rota_helpers import START, position

import tilegames
from tilegames import GameOverError, SeatError, WrongTypeError
from tilegames import axio_rota as rota
from tilegames._core import rng
from tilegames.axio_rota import Place

STATE = rota.new_game(players=2, seed=3)
VIEW = rota.view(STATE, 0)
MOVE = rota.legal_moves(STATE)[0]
OTHER_GAME = tilegames.get("polygon").new_game(seed=1)

# Every public function that takes a State, with the other arguments it needs.
TAKES_A_STATE: dict[str, Callable[[Any], object]] = {
    "players": rota.players,
    "to_move": rota.to_move,
    "legal_moves": rota.legal_moves,
    "is_over": rota.is_over,
    "outcome": rota.outcome,
    "scores": rota.scores,
    "stack_sizes": rota.stack_sizes,
    "supply_size": rota.supply_size,
    "tile_to_place": rota.tile_to_place,
    "apply": lambda s: rota.apply(s, MOVE),
    "why_illegal": lambda s: rota.why_illegal(s, MOVE),
    "score_move": lambda s: rota.score_move(s, MOVE),
    "evaluate": lambda s: rota.evaluate(s, MOVE, 0),
    "view": lambda s: rota.view(s, 0),
    "hand": lambda s: rota.hand(s, 0),
}
# Those that take a State or a View.
TAKES_A_POSITION: dict[str, Callable[[Any], object]] = {
    "tiles_on_display": rota.tiles_on_display,
    "render_text": rota.render_text,
}
# Those that take a move.
TAKES_A_MOVE: dict[str, Callable[[Any], object]] = {
    "apply": lambda m: rota.apply(STATE, m),
    "why_illegal": lambda m: rota.why_illegal(STATE, m),
    "score_move": lambda m: rota.score_move(STATE, m),
    "evaluate": lambda m: rota.evaluate(STATE, m, 0),
    "format_move": rota.format_move,
}


class TestWrongTypes:
    """A value of the wrong kind is a WrongTypeError (a TypeError) naming what was expected."""

    @pytest.mark.parametrize("name", sorted(TAKES_A_STATE))
    @pytest.mark.parametrize(
        "given", [OTHER_GAME, VIEW, None, "state"], ids=["polygon", "view", "none", "str"]
    )
    def test_state_functions(self, name: str, given: object) -> None:
        """Another game's State, a View, None or a string where a State is needed."""
        with pytest.raises(WrongTypeError, match=f"axio_rota.{name} expects an AXIO Rota State"):
            TAKES_A_STATE[name](given)

    @pytest.mark.parametrize("name", sorted(TAKES_A_POSITION))
    @pytest.mark.parametrize("given", [OTHER_GAME, None, MOVE], ids=["polygon", "none", "move"])
    def test_state_or_view_functions(self, name: str, given: object) -> None:
        """A State and a View are both accepted; anything else is refused."""
        TAKES_A_POSITION[name](STATE)
        TAKES_A_POSITION[name](VIEW)
        with pytest.raises(WrongTypeError, match=r"an AXIO Rota State or View"):
            TAKES_A_POSITION[name](given)

    @pytest.mark.parametrize("name", sorted(TAKES_A_MOVE))
    def test_a_string_points_at_parse_move(self, name: str) -> None:
        """A move written as text is refused with a pointer to parse_move."""
        with pytest.raises(WrongTypeError, match=r"read notation with axio_rota\.parse_move"):
            TAKES_A_MOVE[name](str(MOVE))

    @pytest.mark.parametrize("name", sorted(TAKES_A_MOVE))
    @pytest.mark.parametrize(
        "given", [None, (0, -2, 0), OTHER_GAME], ids=["none", "tuple", "state"]
    )
    def test_other_non_moves(self, name: str, given: object) -> None:
        """None, a tuple or a state where a move is needed."""
        with pytest.raises(WrongTypeError, match=r"expects an AXIO Rota move"):
            TAKES_A_MOVE[name](given)

    def test_why_illegal_still_answers_for_moves(self) -> None:
        """why_illegal keeps returning str | None for moves of the game."""
        assert rota.why_illegal(STATE, MOVE) is None
        assert rota.why_illegal(STATE, Place((9, 9), 0)) == (
            "cell (9, 9) shares no edge with a tile of the display (ROTA-11)"
        )

    def test_notation_functions(self) -> None:
        """parse_move/parse_tile want text, format_tile a tuple, parse_move a state of the game."""
        with pytest.raises(WrongTypeError, match=r"axio_rota.parse_move"):
            rota.parse_move(None)  # type: ignore[arg-type]
        with pytest.raises(WrongTypeError, match=r"AXIO Rota State, View or None"):
            rota.parse_move("0,-2:1", OTHER_GAME)
        assert rota.parse_move("0,-2:1", VIEW) == Place((0, -2), 1)
        with pytest.raises(WrongTypeError, match=r"axio_rota.parse_tile"):
            rota.parse_tile(7)  # type: ignore[arg-type]
        with pytest.raises(WrongTypeError, match=r"axio_rota.format_tile"):
            rota.format_tile("RGBO")  # type: ignore[arg-type]

    def test_determinize_and_validate(self) -> None:
        """determinize needs a View and a Stream; validate a value of this game."""
        with pytest.raises(WrongTypeError, match=r"an AXIO Rota View"):
            rota.determinize(STATE, rng.Stream(1))  # type: ignore[arg-type]
        with pytest.raises(WrongTypeError, match=r"a tilegames.rng.Stream"):
            rota.determinize(VIEW, 1)  # type: ignore[arg-type]
        with pytest.raises(WrongTypeError, match=r"axio_rota.validate"):
            rota.validate(OTHER_GAME)
        rota.validate(MOVE)

    def test_hand_made_garbage_is_an_invalid_state_not_a_crash(self) -> None:
        """A State with a seat out of range is an InvalidStateError, not an IndexError."""
        broken = position(START, hands=["RGBO"], seat=3)
        for function in (rota.is_over, rota.to_move, rota.legal_moves, rota.outcome):
            with pytest.raises(tilegames.InvalidStateError, match=r"State.seat: 3"):
                function(broken)


class TestSeats:
    """Seats are ints 0 .. players - 1: SeatError (a ValueError) otherwise."""

    @pytest.mark.parametrize("seat", [-1, 2, 5])
    def test_out_of_range(self, seat: int) -> None:
        """A seat not in a 2-player game is a SeatError for view, hand and evaluate."""
        for call in (
            lambda: rota.view(STATE, seat),
            lambda: rota.hand(STATE, seat),
            lambda: rota.evaluate(STATE, MOVE, seat),
        ):
            with pytest.raises(SeatError, match=f"seat {seat} is not in this game"):
                call()
            with pytest.raises(ValueError, match=r"seats 0..1"):
                call()

    @pytest.mark.parametrize("seat", ["0", None, 1.0, True])
    def test_not_an_int(self, seat: object) -> None:
        """A seat that is no int is a WrongTypeError (view takes None: the public view)."""
        if seat is not None:
            with pytest.raises(WrongTypeError, match=r"a seat is an int 0..1"):
                rota.view(STATE, seat)  # type: ignore[arg-type]
        with pytest.raises(WrongTypeError, match=r"a seat is an int 0..1"):
            rota.hand(STATE, seat)  # type: ignore[arg-type]

    def test_last_seat_accepted(self) -> None:
        """Seat 1, the last of two, is fine."""
        assert rota.view(STATE, 1).seat == 1
        assert rota.hand(STATE, 1) == STATE.hands[1]


class TestGameOverMessage:
    """Once over, the refusal says "the game is over" once, with the rule that ended it."""

    def test_every_stack_played(self) -> None:
        """ROTA-18: no turn text after the reason."""
        over = position(START, hands=[None])
        with pytest.raises(GameOverError) as caught:
            rota.apply(over, Place((1, 0), 0))
        assert str(caught.value) == "illegal move '1,0:0': the game is over (ROTA-18)"
        assert caught.value.turn == ""
        assert rota.why_illegal(over, Place((1, 0), 0)) == "the game is over (ROTA-18)"

    def test_five_twelves(self) -> None:
        """ROTA-17: a seat with every colour at 12 ended the game."""
        over = position(START, hands=[None, "RGBO"], tracks=[(12,) * 5, (0,) * 5])
        with pytest.raises(GameOverError) as caught:
            rota.score_move(over, Place((1, 0), 0))
        assert str(caught.value) == "illegal move '1,0:0': the game is over (ROTA-17)"

    def test_turn_text_while_playing(self) -> None:
        """Before the end, the message still says whose turn it is."""
        with pytest.raises(tilegames.IllegalMoveError) as caught:
            rota.apply(STATE, Place((9, 9), 0))
        assert str(caught.value).endswith("(ROTA-11); seat 0 to move")
