"""Every limit a user can reach, tested at its edge: accepted at it, refused one past it.

One test class per row of the table of limits in the development guide
(docs/development.rst, "Limits"), in its order. Each class has a test at the
limit (accepted) and one just past it (refused with the documented error,
or, for the limits that are no refusals, the documented other behaviour).
The values are the documented ones, written out here, not read from the
code, so that a limit changed by one fails a test. All are small and fast:
the everyday tier runs them whole.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Iterator
from types import ModuleType
from typing import Any

import attrs
import pytest

import tilegames
import toy_game
from server_support import SERVER_MISSING, needs_server
from tilegames import (
    ConfigurationError,
    InvalidStateError,
    NotationError,
    RecordError,
    Words,
    axio,
    axio_rota,
    aztack,
    polygon,
    records,
    serialize,
)
from tilegames._core import rules as core_rules
from tilegames.agents import MCTSAgent, RandomAgent
from tilegames.serialize import from_json, to_json

if not SERVER_MISSING:
    from starlette.testclient import TestClient

    from tilegames.server import create_app
    from tilegames.server._app import _Listener, bounded
    from tilegames.server._words import option_label

CHARS = 1_000_000
"""serialize.MAX_DOCUMENT_CHARS, and the default of records.loads(max_chars=)."""
DEPTH = 64
"""serialize.MAX_DEPTH: the document object is at depth 1."""
ENTRIES = 50_000
"""serialize.MAX_ENTRIES: every value counts, the document object included."""
DIGITS = 640
"""The most digits of a number in notation (_core/notation.MAX_DIGITS)."""
RECORD_DIGITS = 40
"""The most digits of a seed in a record."""
RECORD_MOVES = 100_000
"""The most moves a record holds."""
BODY = 65_536
"""The largest request body of the server, in bytes (server.MAX_BODY, 64 KiB)."""
BODY_ENTRIES = 10_000
"""The most values in a request body (the document object included)."""
NAME = 40
"""The longest player name, and the longest bot description, in characters."""
MOVE = 200
"""The longest move text the server reads (MAX_MOVE)."""
QUEUE = 64
"""The snapshots that may wait for a slow WebSocket client before it is dropped."""
SHOWN = 60
"""The evidence a document's error message shows, in characters."""
SHORT = 40
"""The evidence a server refusal shows, in characters."""

_MOVE_TEXT = (
    '{"format":"tilegames","version":2,"game":"axio-rota","type":"Place",'
    '"data":{"cell":[%s,0],"rotation":%s,"named":null}}'
)


def _nested(depth: int) -> Any:
    """``depth`` arrays, one inside the other, around a 0."""
    value: Any = 0
    for _ in range(depth):
        value = [value]
    return value


# --- documents (serialize) ---------------------------------------------------


class TestDocumentChars:
    """from_json reads a text of MAX_DOCUMENT_CHARS characters (1,000,000), not one more."""

    STATE = axio_rota.new_game(2, seed=1)

    def _padded(self, size: int) -> str:
        text = to_json(self.STATE)
        return text + " " * (size - len(text))

    def test_at_the_limit(self) -> None:
        """1,000,000 characters (a state and spaces) read back as the state."""
        assert from_json(self._padded(CHARS), axio_rota.State) == self.STATE

    def test_one_past(self) -> None:
        """1,000,001 characters are refused, naming the limit and its keyword."""
        with pytest.raises(InvalidStateError) as error:
            from_json(self._padded(CHARS + 1), axio_rota.State)
        assert str(error.value) == (
            "document: 1000001 characters is more than 1000000 (the limit is "
            "MAX_DOCUMENT_CHARS = 1000000 unless max_chars= says otherwise); pass a larger "
            "max_chars= to from_json to read a document this long"
        )

    def test_bytes_are_counted(self) -> None:
        """Bytes count one by one: 1,000,000 read, 1,000,001 refused."""
        assert from_json(self._padded(CHARS).encode(), axio_rota.State) == self.STATE
        with pytest.raises(InvalidStateError, match="1000001 characters is more than 1000000"):
            from_json(self._padded(CHARS + 1).encode(), axio_rota.State)


class TestDocumentDepth:
    """Values nest MAX_DEPTH (64) deep at most: the document object is depth 1."""

    def test_at_the_limit(self) -> None:
        """64 arrays one inside the other pass the size check."""
        serialize.check_size(_nested(DEPTH), serialize.MAX_DEPTH, serialize.MAX_ENTRIES)

    def test_one_past(self) -> None:
        """65 are refused, saying where and naming the limit."""
        with pytest.raises(InvalidStateError, match=r"nests deeper than 64 levels \(the limit is"):
            serialize.check_size(_nested(DEPTH + 1), serialize.MAX_DEPTH, serialize.MAX_ENTRIES)

    def test_from_json_at_and_past(self) -> None:
        """from_json: a move document is 3 deep, read with max_depth=3, refused with 2."""
        text = _MOVE_TEXT % (1, 3)
        assert from_json(text, axio_rota.Place, max_depth=3) == axio_rota.Place((1, 0), 3, None)
        with pytest.raises(InvalidStateError, match="nests deeper than 2 levels"):
            from_json(text, axio_rota.Place, max_depth=2)
        with pytest.raises(InvalidStateError, match="nests deeper than 64 levels"):
            from_json("[" * (DEPTH + 1) + "]" * (DEPTH + 1), axio_rota.Place)


class TestDocumentEntries:
    """A document holds MAX_ENTRIES (50,000) values at most, the document object included."""

    def test_at_the_limit(self) -> None:
        """An array of 49,999 numbers is 50,000 values: it passes."""
        serialize.check_size([0] * (ENTRIES - 1), serialize.MAX_DEPTH, serialize.MAX_ENTRIES)

    def test_one_past(self) -> None:
        """50,001 values are refused, naming the limit and its keyword."""
        with pytest.raises(InvalidStateError, match="more than 50000 values"):
            serialize.check_size([0] * ENTRIES, serialize.MAX_DEPTH, serialize.MAX_ENTRIES)

    def test_from_json_at_and_past(self) -> None:
        """A move document holds 11 values: read with max_entries=11, refused with 10."""
        text = _MOVE_TEXT % (1, 3)
        assert from_json(text, axio_rota.Place, max_entries=11).rotation == 3
        with pytest.raises(InvalidStateError, match="more than 10 values"):
            from_json(text, axio_rota.Place, max_entries=10)


class TestDocumentInts:
    """An int in a document is a number within 2**53 - 1 either way (what JavaScript reads
    exactly); a seed (a field marked WIDE_INT) is any 64-bit int, -2**63 to 2**64 - 1,
    written beyond 2**53 - 1 as a string of its digits."""

    @pytest.mark.parametrize("value", [2**53 - 1, -(2**53 - 1)])
    def test_at_the_limit(self, value: int) -> None:
        """The largest and the smallest int that is no seed read back, written as numbers."""
        move = axio_rota.Place((value, 0), 0, None)
        assert json.loads(to_json(move))["data"]["cell"] == [value, 0]
        assert from_json(to_json(move), axio_rota.Place) == move
        assert from_json(_MOVE_TEXT % (value, 0), axio_rota.Place) == move

    @pytest.mark.parametrize("value", [2**53, -(2**53)])
    def test_one_past(self, value: int) -> None:
        """One past either end is refused as out of range, read as a number or written."""
        with pytest.raises(InvalidStateError) as error:
            from_json(_MOVE_TEXT % (value, 0), axio_rota.Place)
        assert str(error.value) == (
            f"Place.cell[0]: {value} is out of range: a document's numbers are ints within "
            "2**53 - 1 either way, which JavaScript reads exactly"
        )
        with pytest.raises(InvalidStateError, match=r"^Place\.cell\[0\]: .* is out of range"):
            to_json(axio_rota.Place((value, 0), 0, None))
        with pytest.raises(InvalidStateError, match=r"^Place\.cell\[0\]: expected an int"):
            from_json(_MOVE_TEXT % (f'"{value}"', 0), axio_rota.Place)

    @pytest.mark.parametrize("seed", [2**64 - 1, -(2**63)])
    def test_a_seed_at_the_limit(self, seed: int) -> None:
        """The largest and the smallest seed read back, as digits and as a number."""
        state = attrs.evolve(axio.new_game(players=2, seed=1), seed=seed)
        text = to_json(state)
        assert f'"seed":"{seed}"' in text
        state_of = serialize._read._decode_fields  # the fields alone: validate wants seeds >= 0
        for written in (text, text.replace(f'"seed":"{seed}"', f'"seed":{seed}')):
            assert state_of(json.loads(written)["data"], axio.State, "State").seed == seed

    @pytest.mark.parametrize("seed", [2**64, -(2**63) - 1])
    def test_a_seed_one_past(self, seed: int) -> None:
        """One past either end is refused as out of range, written or read."""
        state = attrs.evolve(axio.new_game(players=2, seed=1), seed=seed)
        message = f"State.seed: {seed} is out of range for a 64-bit number"
        with pytest.raises(InvalidStateError) as error:
            to_json(state)
        assert str(error.value) == message
        text = to_json(attrs.evolve(state, seed=2**60)).replace(f'"{2**60}"', f'"{seed}"')
        with pytest.raises(InvalidStateError) as error:
            from_json(text, axio.State)
        assert (
            str(error.value)
            == f"State.seed: {json.dumps(str(seed))} is out of range for a 64-bit number"
        )

    def test_safe_seeds_are_numbers(self) -> None:
        """A seed of 2**53 - 1 is written as a number, 2**53 as a string of digits."""
        state = axio.new_game(players=2, seed=1)
        safe = json.loads(to_json(attrs.evolve(state, seed=2**53 - 1)))
        assert safe["data"]["seed"] == 2**53 - 1
        big = json.loads(to_json(attrs.evolve(state, seed=2**53)))
        assert big["data"]["seed"] == str(2**53)
        for value in (2**53 - 1, 1):  # a safe int written as digits is refused
            text = to_json(attrs.evolve(state, seed=2**60)).replace(f'"{2**60}"', f'"{value}"')
            with pytest.raises(InvalidStateError, match=r"expected an int"):
                from_json(text, axio.State)


class TestEvidence:
    """A document's error shows the wrong value as JSON text of at most 60 characters."""

    def _message(self, text: str) -> str:
        with pytest.raises(InvalidStateError) as error:
            from_json(_MOVE_TEXT % (1, json.dumps(text)), axio_rota.Place)
        return str(error.value)

    def test_at_the_limit(self) -> None:
        """A string of 58 characters is 60 in JSON: shown whole."""
        assert self._message("x" * (SHOWN - 2)) == (
            f'Place.rotation: expected an int, got "{"x" * (SHOWN - 2)}"'
        )

    def test_one_past(self) -> None:
        """59 characters are cut to 57 and '...'."""
        assert self._message("x" * (SHOWN - 1)) == (
            f'Place.rotation: expected an int, got "{"x" * (SHOWN - 4)}...'
        )


# --- notation ----------------------------------------------------------------


_MODULES: dict[str, ModuleType] = {
    "axio": axio,
    "axio-rota": axio_rota,
    "aztack": aztack,
    "polygon": polygon,
}
_TEXTS: dict[str, Callable[[str], str]] = {
    "axio": lambda n: f"B1,0/R{n},0",
    "axio-rota": lambda n: f"{n},0:0",
    "aztack": lambda n: f"0:{n}@0,0/1,0",
    "polygon": lambda n: f"3@{n},0",
}


class TestNotationDigits:
    """A number in notation has at most 640 digits, read or written, in every game."""

    @pytest.mark.parametrize("game", sorted(_MODULES))
    def test_read_at_the_limit(self, game: str) -> None:
        """640 digits parse, and the move writes back to 640 digits."""
        module = _MODULES[game]
        move = module.parse_move(_TEXTS[game]("9" * DIGITS))
        assert module.format_move(move) == _TEXTS[game]("9" * DIGITS)

    @pytest.mark.parametrize("game", sorted(_MODULES))
    def test_read_one_past(self, game: str) -> None:
        """641 digits are a NotationError before int() sees them."""
        module = _MODULES[game]
        with pytest.raises(NotationError, match=r"too long: 641 digits.* at most 640"):
            module.parse_move(_TEXTS[game]("9" * (DIGITS + 1)))

    def test_write_at_and_past(self) -> None:
        """A move holding 10**640 - 1 is written; 10**640 (641 digits) cannot be."""
        assert len(axio_rota.format_move(axio_rota.Place((10**DIGITS - 1, 0), 0, None))) == 644
        assert len(polygon.format_move(polygon.Place("3", (10**DIGITS - 1, 0)))) == 644
        with pytest.raises(NotationError, match="of 641 or more digits cannot be written"):
            axio_rota.format_move(axio_rota.Place((10**DIGITS, 0), 0, None))
        with pytest.raises(NotationError, match="of 641 or more digits cannot be written"):
            polygon.format_move(polygon.Place("3", (0, -(10**DIGITS))))


# --- records -----------------------------------------------------------------

_RECORD: dict[str, Any] = {"game": "polygon", "players": 2, "seed": 3, "moves": ("1@0,-1",)}


class TestRecordDigits:
    """A seed in a record has at most 40 digits (its other numbers stay within 2**53 - 1)."""

    @pytest.mark.parametrize("seed", [10**RECORD_DIGITS - 1, -(10**RECORD_DIGITS) + 1])
    def test_at_the_limit(self, seed: int) -> None:
        """40 digits are kept, and read back from either format."""
        record = records.Record(**{**_RECORD, "seed": seed})
        assert records.loads(records.dumps(record)) == record
        assert records.loads(records.dumps(record, "json")) == record

    @pytest.mark.parametrize("seed", [10**RECORD_DIGITS, -(10**RECORD_DIGITS)])
    def test_one_past(self, seed: int) -> None:
        """41 digits are refused when the record is made and when it is read."""
        with pytest.raises(ConfigurationError, match=r"^seed has at most 40 digits, not -?1000"):
            records.Record(**{**_RECORD, "seed": seed})
        text = records.dumps(records.Record(**_RECORD)).replace("Seed: 3", f"Seed: {seed}")
        with pytest.raises(RecordError, match="is a whole number, not"):
            records.loads(text)


class TestRecordMoves:
    """A record holds at most 100,000 moves."""

    def test_at_the_limit(self) -> None:
        """100,000 moves are kept."""
        moves = ("1@0,-1",) * RECORD_MOVES
        assert len(records.Record(**{**_RECORD, "moves": moves}).moves) == RECORD_MOVES

    def test_one_past(self) -> None:
        """100,001 are refused."""
        moves = ("1@0,-1",) * (RECORD_MOVES + 1)
        with pytest.raises(ConfigurationError) as error:
            records.Record(**{**_RECORD, "moves": moves})
        assert str(error.value) == "a record holds at most 100,000 moves"

    def test_record_of_plays_no_move_past_it(self) -> None:
        """record_of plays 100,000 moves and refuses the next one, before it is played, with a
        RecordError: a game of one's own whose move changes nothing, played without end."""
        rules = attrs.evolve(toy_game.RULES, name="zz-endless", apply=lambda state, move: state)
        taken = 0

        def endless() -> Iterator[toy_game.Move]:
            nonlocal taken
            while taken <= RECORD_MOVES + 1:  # one more than record_of should ever take
                taken += 1
                yield toy_game.Move((0, 0))

        tilegames.register(rules, replace=True)
        try:
            with pytest.raises(RecordError) as error:
                records.record_of("zz-endless", endless(), players=2, seed=1)
        finally:
            core_rules._REGISTRY.pop("zz-endless", None)
            core_rules._OWNERS.clear()
        assert str(error.value) == "a record holds at most 100,000 moves"
        assert taken == RECORD_MOVES + 1


class TestRecordChars:
    """records.loads reads a text of 1,000,000 characters by default, not one more."""

    RECORD = records.Record(**_RECORD)

    def _padded(self, size: int) -> str:
        text = records.dumps(self.RECORD)
        return text + "\n" * (size - len(text))

    def test_at_the_limit(self) -> None:
        """1,000,000 characters (the record and empty lines) read back."""
        assert records.loads(self._padded(CHARS)) == self.RECORD

    def test_one_past(self) -> None:
        """1,000,001 are refused before they are parsed."""
        with pytest.raises(RecordError) as error:
            records.loads(self._padded(CHARS + 1))
        assert str(error.value) == (
            "the record has 1,000,001 characters, over the limit of 1,000,000 "
            "(max_chars= sets another)"
        )


# --- component sets ----------------------------------------------------------


_SETS: dict[str, tuple[Callable[[int], object], int, str]] = {
    "axio-rota": (
        lambda n: axio_rota.new_game(1, seed=1, tiles=["RGBO"] * n),
        4096,
        "a set of more than 4096 tiles",
    ),
    "axio": (
        lambda n: axio.new_game(2, seed=1, tiles=["RB"] * n),
        1024,
        "a set of 1025 tiles cannot fill the racks",
    ),
    "aztack": (
        lambda n: aztack.new_game(2, seed=1, stones=(tuple(aztack.STANDARD_STONES) * 5)[:n]),
        240,
        "a set of 241 stones cannot be dealt",
    ),
    "polygon": (
        lambda n: polygon.new_game(2, seed=1, tiles=["1"] * (n - 1) + ["W"]),
        4096,
        "a set of 4097 tiles does not fit 2 players",
    ),
}


class TestSets:
    """The largest custom set each game starts with; one more is refused."""

    @pytest.mark.parametrize("game", sorted(_SETS))
    def test_at_the_limit(self, game: str) -> None:
        start, most, _ = _SETS[game]
        assert start(most) is not None

    @pytest.mark.parametrize("game", sorted(_SETS))
    def test_one_past(self, game: str) -> None:
        start, most, reason = _SETS[game]
        with pytest.raises(ConfigurationError, match=reason):
            start(most + 1)

    def test_polygon_points(self) -> None:
        """Polygon's scoring: a combination is worth 0 to 1000 points."""
        for points in (0, 1000):
            scoring = {**dict(polygon.STANDARD_SCORING), "5-5-5": points}
            assert (
                dict(polygon.new_game(2, seed=1, scoring=scoring).scoring or ())["5-5-5"] == points
            )
        with pytest.raises(ConfigurationError, match="5-5-5 is worth 1001; points are an int"):
            polygon.new_game(2, seed=1, scoring={**dict(polygon.STANDARD_SCORING), "5-5-5": 1001})


# --- the server ----------------------------------------------------------------


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    database = tmp_path_factory.mktemp("limits") / "rooms.sqlite3"
    with TestClient(create_app(database, bot_seconds=5.0)) as made:
        yield made


def _room(client: Any, **more: Any) -> str:
    body = {"game": "polygon", "players": 2, "seed": 3, **more}
    response = client.post("/api/rooms", json=body)
    assert response.status_code == 201, response.text
    room: str = response.json()["room"]
    return room


def _refusal(response: Any, status: int) -> str:
    assert response.status_code == status, response.text
    reason: str = response.json()["error"]
    return reason


@needs_server
class TestServerBody:
    """A request body is at most 64 KiB (65,536 bytes), holding at most 10,000 values."""

    def _name_body(self, size: int) -> bytes:
        body = b'{"name": "Ann"}'
        return body[:-1] + b" " * (size - len(body)) + b"}"

    def test_at_the_limit(self, client: Any) -> None:
        """A seat's body of 65,536 bytes is read."""
        room = _room(client)
        response = client.post(f"/api/rooms/{room}/seats/0", content=self._name_body(BODY))
        assert response.status_code == 200, response.text

    def test_one_past(self, client: Any) -> None:
        """65,537 bytes are answered 413."""
        room = _room(client)
        response = client.post(f"/api/rooms/{room}/seats/0", content=self._name_body(BODY + 1))
        assert _refusal(response, 413) == "the body is over 65536 bytes"

    def test_values_at_and_past(self, client: Any) -> None:
        """10,000 values reach the shape check; 10,001 are not read at all."""
        path = f"/api/rooms/{_room(client)}/seats/0"
        at = client.post(path, json=[0] * (BODY_ENTRIES - 1))
        assert _refusal(at, 400) == 'send {"name": TEXT}'
        past = client.post(path, json=[0] * BODY_ENTRIES)
        assert _refusal(past, 400) == "the body is not a JSON document of the shape asked for"

    def test_depth_at_and_past(self, client: Any) -> None:
        """64 levels reach the shape check; 65 are not read."""
        path = f"/api/rooms/{_room(client)}/seats/0"
        assert _refusal(client.post(path, json=_nested(DEPTH)), 400) == 'send {"name": TEXT}'
        past = client.post(path, json=_nested(DEPTH + 1))
        assert _refusal(past, 400) == "the body is not a JSON document of the shape asked for"


@needs_server
class TestServerName:
    """A player's name, and a bot's description, are at most 40 characters."""

    def test_at_the_limit(self, client: Any) -> None:
        room = _room(client)
        response = client.post(f"/api/rooms/{room}/seats/0", json={"name": "n" * NAME})
        assert response.status_code == 200, response.text
        seats = client.get(f"/api/rooms/{room}").json()["seats"]
        assert seats[0]["name"] == "n" * NAME

    def test_one_past(self, client: Any) -> None:
        room = _room(client)
        response = client.post(f"/api/rooms/{room}/seats/0", json={"name": "n" * (NAME + 1)})
        assert _refusal(response, 400) == "name must be printable text of at most 40 characters"

    def test_bot_at_and_past(self, client: Any) -> None:
        """A bot of 40 characters takes its seat; one of 41 is refused."""
        spec = "mcts:" + "1" * (NAME - 5)
        assert len(spec) == NAME
        room = _room(client, bots={"1": spec})  # seat 0 moves first: the bot never thinks
        assert client.get(f"/api/rooms/{room}").json()["seats"][1]["bot"] == spec
        body = {"game": "polygon", "players": 2, "bots": {"1": spec + "1"}}
        response = client.post("/api/rooms", json=body)
        assert _refusal(response, 400) == "bots: seat 1's agent must be a short description"


@needs_server
class TestServerMove:
    """A move text is read up to 200 characters (MAX_MOVE)."""

    def _setup(self, client: Any) -> tuple[str, str, str]:
        room = _room(client)
        token = client.post(f"/api/rooms/{room}/seats/0", json={"name": "Ann"}).json()["token"]
        legal: str = client.get(f"/api/rooms/{room}", headers=_bearer(token)).json()["legal"][0]
        return room, token, legal

    def test_at_the_limit(self, client: Any) -> None:
        """A legal move written with leading zeros to 200 characters is played."""
        room, token, legal = self._setup(client)
        value, _, space = legal.partition("@")
        text = f"{value}@{'0' * (MOVE - len(legal))}{space}"
        assert len(text) == MOVE
        body = {"move": text, "turn": 0}
        response = client.post(f"/api/rooms/{room}/moves", json=body, headers=_bearer(token))
        assert response.status_code == 200, response.text
        assert response.json()["history"][0]["move"] == legal

    def test_one_past(self, client: Any) -> None:
        """201 characters are refused before the notation is read."""
        room, token, legal = self._setup(client)
        value, _, space = legal.partition("@")
        text = f"{value}@{'0' * (MOVE + 1 - len(legal))}{space}"
        body = {"move": text, "turn": 0}
        response = client.post(f"/api/rooms/{room}/moves", json=body, headers=_bearer(token))
        assert _refusal(response, 400) == (
            'send {"move": NOTATION, "turn": T}, T the turn the move answers'
        )


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@needs_server
class TestServerSeed:
    """A room's seed is 0 to 2**64 - 1, as a number or as a string of digits."""

    @pytest.mark.parametrize("seed", [2**64 - 1, str(2**64 - 1), 0])
    def test_at_the_limit(self, client: Any, seed: Any) -> None:
        assert _room(client, seed=seed)

    @pytest.mark.parametrize("seed", [2**64, str(2**64), -1])
    def test_one_past(self, client: Any, seed: Any) -> None:
        response = client.post("/api/rooms", json={"game": "polygon", "seed": seed})
        assert _refusal(response, 400) == (
            "seed must be a whole number from 0 to 2**64 - 1 (digits as a string)"
        )


@needs_server
class TestServerSeat:
    """A seat in a path is 0 to players - 1."""

    def test_at_and_past(self, client: Any) -> None:
        room = _room(client)
        response = client.post(f"/api/rooms/{room}/seats/1", json={"name": "Bob"})
        assert response.status_code == 200, response.text
        past = client.post(f"/api/rooms/{room}/seats/2", json={"name": "Cy"})
        assert _refusal(past, 404) == 'no seat "2" in this room (seats 0..1)'


@needs_server
class TestServerEvidence:
    """A refusal shows the wrong value as JSON text of at most 40 characters."""

    def test_at_and_past(self, client: Any) -> None:
        at = "g" * (SHORT - 2)  # 40 characters in JSON
        response = client.post("/api/rooms", json={"game": at})
        assert _refusal(response, 400).endswith(f', not "{at}"')
        past = client.post("/api/rooms", json={"game": at + "g"})
        assert _refusal(past, 400).endswith(f', not "{"g" * (SHORT - 4)}...')


class _Socket:
    """A WebSocket client that takes what it is sent, and its close."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.closed: tuple[int, str] | None = None

    async def send_text(self, text: str) -> None:
        self.sent.append(text)

    async def close(self, code: int, reason: str) -> None:
        self.closed = (code, reason)


@needs_server
class TestServerQueue:
    """64 snapshots may wait for a slow WebSocket client; the 65th drops it."""

    def _listening(self, client: Any) -> tuple[Any, Any, Any, _Socket]:
        server = client.app.state.server
        room = server.rooms[_room(client)]
        socket = _Socket()
        listener = _Listener(socket, None)  # type: ignore[arg-type]
        server.listeners.setdefault(room.room, set()).add(listener)
        return server, room, listener, socket

    def test_at_the_limit(self, client: Any) -> None:
        """64 waiting snapshots: the client still listens, and gets all 64."""
        server, room, listener, socket = self._listening(client)
        for _ in range(QUEUE):
            server.broadcast(room)
        assert listener in server.listeners[room.room]
        assert listener.queue.qsize() == QUEUE
        listener.queue.put_nowait(None)  # the end, so that the sender returns
        asyncio.run(server._send(listener))
        assert len(socket.sent) == QUEUE
        server.listeners[room.room].discard(listener)

    def test_one_past(self, client: Any) -> None:
        """A 65th snapshot closes the client (1008) after the 64 it has not read."""
        server, room, listener, socket = self._listening(client)
        for _ in range(QUEUE + 1):
            server.broadcast(room)
        assert listener not in server.listeners[room.room]
        asyncio.run(server._send(listener))
        assert len(socket.sent) == QUEUE
        assert socket.closed == (1008, "too slow to read the updates")


@needs_server
class TestBotClock:
    """A searching bot's clock is cut to 80% of the server's time a move (BOT_CLOCK_SHARE)."""

    def test_at_the_limit(self) -> None:
        """A clock of exactly 80% is kept; a bot with no clock is left as it is."""
        agent = MCTSAgent(seconds=4.0)
        assert bounded(agent, 5.0) is agent
        assert bounded(RandomAgent(), 5.0) == RandomAgent()

    def test_one_past(self) -> None:
        """A longer clock, or none, is cut to 80%."""
        for agent in (MCTSAgent(seconds=4.001), MCTSAgent(iterations=10**6)):
            cut = bounded(agent, 5.0)
            assert isinstance(cut, MCTSAgent)
            assert cut.seconds == 4.0


@needs_server
class TestHistoryNames:
    """The history's words are the names a game declares (``RULES.words``), of any length."""

    def test_at_the_limit(self) -> None:
        """Every letter declared: a piece of those letters is named in words, several too."""
        named = Words(letters=(("R", "red"), ("B", "blue"), ("G", "light green")))
        assert named.spelt("RB") == "red/blue"
        assert named.spelt("RG") == "red/light green"

    def test_one_past(self) -> None:
        """One letter not declared: the piece keeps its short name."""
        named = Words(letters=(("R", "red"), ("B", "blue")))
        assert named.spelt("RG") == "RG"

    def test_colour_options(self) -> None:
        """A colour option 0 to colours - 1 is named by its declared word; -1 and n are not."""
        game: Any = tilegames.get("axio-rota")
        rules = attrs.evolve(game, words=Words(colours=("red", "green")))
        shown = [option_label(rules, None, "colour", option, None) for option in (-1, 0, 1, 2)]
        assert shown == ["-1", "red", "green", "2"]
