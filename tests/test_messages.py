"""The wording of the library's answers, where the wording is the contract: whole messages.

One test class per kind of error (wrong type, bad notation, illegal move,
invalid document, record error, the server's refusal), each asserting the
whole text of at least one message with ``==``. The expected texts are
written from the documented shapes (the games' pages, the records and
frontend guides, :func:`tilegames._core.checks.wrong_type`): a wrong-type
error names the function, what it expects, and which game the value given
belongs to; an illegal move names the move, the reason with its rule id,
and whose turn it is; a refusal of the server names the move and the rule.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from server_support import SERVER_MISSING, needs_server
from tilegames import (
    ConfigurationError,
    IllegalMoveError,
    InvalidStateError,
    NotationError,
    Outcome,
    RecordError,
    SeatError,
    WrongTypeError,
    axio,
    axio_rota,
    aztack,
    polygon,
    records,
)
from tilegames.serialize import from_json, to_json

if not SERVER_MISSING:
    from starlette.testclient import TestClient

    from tilegames.server import create_app

ROTA = axio_rota.new_game(2, seed=7)
AXIO = axio.new_game(2, seed=7)
AZTACK = aztack.new_game(2, seed=7)
POLYGON = polygon.new_game(2, seed=7)


def _message(error: type[Exception], call: Callable[[], object]) -> str:
    with pytest.raises(error) as raised:
        call()
    return str(raised.value)


class TestWrongType:
    """A value of the wrong kind: the function, what it expects, and whose the value is."""

    def test_a_state_of_another_game(self) -> None:
        """An AXIO Rota state given to AXIO names the game it belongs to, as the registry does."""
        wrong: Any = ROTA
        assert _message(WrongTypeError, lambda: axio.legal_moves(wrong)) == (
            "axio.legal_moves expects an AXIO State, got a State of AXIO Rota"
        )

    def test_a_move_of_another_game(self) -> None:
        """A Polygon move given to Aztack's apply names Polygon."""
        move: Any = polygon.legal_moves(POLYGON)[0]
        assert _message(WrongTypeError, lambda: aztack.apply(AZTACK, move)) == (
            "aztack.apply expects an Aztack move (Place or Pass), got a Place of Polygon"
        )

    def test_notation_where_a_move_is_needed(self) -> None:
        """A string is pointed at parse_move."""
        text: Any = "1,0:0"
        assert _message(WrongTypeError, lambda: axio_rota.apply(ROTA, text)) == (
            "axio_rota.apply expects an AXIO Rota move (Place, Draw, Unseen or Reveal), "
            "got a str ('1,0:0'); "
            "read notation with axio_rota.parse_move(text, state) first"
        )

    def test_a_seat_of_the_wrong_type(self) -> None:
        """view's seat: an int of the game's seats, or None for the public view."""
        seat: Any = "0"
        assert _message(WrongTypeError, lambda: polygon.view(POLYGON, seat)) == (
            "a seat is an int 0..1 (or None, the public view), got a str ('0')"
        )

    def test_a_seat_where_no_public_view_is_asked(self) -> None:
        """can_place's seat: an int of the game's seats, and None is not offered."""
        seat: Any = "0"
        assert _message(WrongTypeError, lambda: aztack.can_place(AZTACK, seat)) == (
            "a seat is an int 0..1, got a str ('0')"
        )

    def test_a_value_of_the_library_but_of_no_game(self) -> None:
        """An Outcome where a state is needed is named by its class alone (the library's own)."""
        result: Any = Outcome(scores=(1, 2), ranking=[{1}, {0}], reason="AXIO-15")
        assert _message(WrongTypeError, lambda: axio.legal_moves(result)) == (
            "axio.legal_moves expects an AXIO State, got Outcome"
        )


class TestBadNotation:
    """Text that is no move: what is wrong with it and how to write it."""

    def test_a_rotation_out_of_range(self) -> None:
        """AXIO Rota's rotation is one digit 0..3 right after the ':'."""
        assert _message(NotationError, lambda: axio_rota.parse_move("3,1:7")) == (
            "the rotation in '3,1:7' must be one digit 0..3 (quarter turns clockwise) "
            "right after the ':', not '7'"
        )

    def test_no_aztack_move(self) -> None:
        """Aztack's message shows the shape of a move."""
        assert _message(NotationError, lambda: aztack.parse_move("7@1,1-2,1")) == (
            "'7@1,1-2,1' is not an Aztack move: write S:N@X,Y/X,Y (seat, stone, first "
            "cell, second cell), ...xD to discard, or S:pass"
        )

    def test_a_number_too_long(self) -> None:
        """641 digits: the first 12, the text (its repr cut at 40), the count, the limit."""
        text = "1" * 641 + ",0:0"
        assert _message(NotationError, lambda: axio_rota.parse_move(text)) == (
            f"the number {'1' * 12}... in {repr(text)[:40]} is too long: 641 digits, "
            "and a number in notation has at most 640"
        )


class TestIllegalMove:
    """A move the rules refuse: the move, the reason and rule id, and whose turn it is."""

    def test_axio_rota(self) -> None:
        """ROTA-11: a tile must share an edge with the display."""
        assert _message(
            IllegalMoveError, lambda: axio_rota.apply(ROTA, axio_rota.Place((9, 9), 0))
        ) == (
            "illegal move '9,9:0': cell (9, 9) shares no edge with a tile of the display "
            "(ROTA-11); seat 0 to move"
        )

    def test_why_illegal_gives_the_same_reason(self) -> None:
        """why_illegal: the reason alone, with the rule id."""
        assert axio_rota.why_illegal(ROTA, axio_rota.Place((9, 9), 0)) == (
            "cell (9, 9) shares no edge with a tile of the display (ROTA-11)"
        )

    def test_a_seat_out_of_range(self) -> None:
        """A seat that is not in the game is a SeatError naming the seats."""
        assert _message(SeatError, lambda: axio.view(AXIO, 2)) == (
            "seat 2 is not in this game (seats 0..1)"
        )


class TestInvalidDocument:
    """A document that is not exactly a valid value: the field, what it should be, the value."""

    def test_a_field_of_the_wrong_type(self) -> None:
        """A rotation written as a string."""
        text = (
            '{"format":"tilegames","version":2,"game":"axio-rota","type":"Place",'
            '"data":{"cell":[1,-1],"rotation":"3","named":null}}'
        )
        assert _message(InvalidStateError, lambda: from_json(text, axio_rota.Place)) == (
            'Place.rotation: expected an int, got "3"'
        )

    def test_a_seat_out_of_range(self) -> None:
        """A state whose seat to move is not a seat of the game."""
        saved = to_json(ROTA).replace('"seat":0', '"seat":7')
        assert _message(InvalidStateError, lambda: from_json(saved, axio_rota.State)) == (
            "State.seat: 7 is not a seat of this 2-player game"
        )

    def test_a_configuration(self) -> None:
        """A set too small to deal names its size, the need and the rules."""
        assert _message(ConfigurationError, lambda: aztack.new_game(2, stones=())) == (
            "a set of 0 stones cannot be dealt to 2 players: the base takes 12 and each "
            "supply 12, so at least 36 stones are needed (and at most 240) (AZT-8, AZT-10)"
        )


class TestRecordError:
    """A record that cannot be read or replayed: the line, or the move and its rule."""

    def test_a_version_not_read(self) -> None:
        """The first line names a version this tilegames does not read."""
        text = "tilegames record 9\nGame: polygon\nPlayers: 2\n"
        assert _message(RecordError, lambda: records.loads(text)) == (
            "line 1: a record of version '9': this tilegames reads version 1"
        )

    def test_a_move_the_rules_refuse(self) -> None:
        """replay names the first bad move: its number, its text, the reason and rule."""
        record = records.loads(
            "tilegames record 1\nGame: axio-rota\nPlayers: 2\nSeed: 7\n\n1. 9,9:0\n"
        )
        with pytest.raises(RecordError) as raised:
            records.replay(record)
        assert str(raised.value) == (
            "move 1 (9,9:0): cell (9, 9) shares no edge with a tile of the display (ROTA-11)"
        )
        assert (raised.value.number, raised.value.move) == (1, "9,9:0")

    def test_a_json_result_of_other_keys(self) -> None:
        """A JSON record's result has exactly scores, ranking, reason and mode: read with
        them, refused with one more, saying what it must be."""
        result = Outcome(scores=(3, 5), ranking=[{1}, {0}], reason="POLY-15", game="polygon")
        record = records.Record(game="polygon", players=2, seed=3, moves=[], result=result)
        text = records.dumps(record, format="json")
        assert records.loads(text) == record
        document = json.loads(text)
        document["result"]["extra"] = 1
        assert _message(RecordError, lambda: records.loads(json.dumps(document))) == (
            "result is null or an object with scores, ranking, reason and mode"
        )


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Any:
    database: Path = tmp_path_factory.mktemp("messages") / "rooms.sqlite3"
    with TestClient(create_app(database, bot_seconds=5.0)) as made:
        yield made


@needs_server
class TestRefusal:
    """The server's refusals: the status and the whole reason."""

    def _seated(self, client: Any) -> tuple[str, dict[str, str]]:
        body = {"game": "axio-rota", "players": 2, "seed": 7}
        room: str = client.post("/api/rooms", json=body).json()["room"]
        token = client.post(f"/api/rooms/{room}/seats/0", json={"name": "Ann"}).json()["token"]
        return f"/api/rooms/{room}/moves", {"Authorization": f"Bearer {token}"}

    def test_a_move_the_rules_refuse(self, client: Any) -> None:
        """409: the move as sent, then the reason with its rule id."""
        path, auth = self._seated(client)
        response = client.post(path, json={"move": "9,9:0", "turn": 0}, headers=auth)
        assert response.status_code == 409
        assert response.json() == {
            "error": "9,9:0: cell (9, 9) shares no edge with a tile of the display (ROTA-11)"
        }

    def test_notation_that_does_not_parse(self, client: Any) -> None:
        """400: the text, the game's title, and the notation's own message."""
        path, auth = self._seated(client)
        response = client.post(path, json={"move": "3,1:7", "turn": 0}, headers=auth)
        assert response.status_code == 400
        assert response.json() == {
            "error": "'3,1:7' is not a move of AXIO Rota: the rotation in '3,1:7' must be one "
            "digit 0..3 (quarter turns clockwise) right after the ':', not '7'"
        }

    def test_a_stale_turn(self, client: Any) -> None:
        """409: the turn answered and the room's turn."""
        path, auth = self._seated(client)
        response = client.post(path, json={"move": "9,9:0", "turn": 3}, headers=auth)
        assert response.status_code == 409
        assert response.json() == {"error": "turn 3 is past: the room is at turn 0"}
