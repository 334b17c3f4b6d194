"""Tests for :mod:`tilegames.records`: both formats round-trip, replay, and every refusal."""

from __future__ import annotations

import contextlib
import json
import re
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import texts
import tilegames
import toy_game
from tiers import examples
from tilegames import CHANCE, Outcome, check_options, polygon
from tilegames._core import rules as core_rules
from tilegames.errors import (
    ConfigurationError,
    InvalidStateError,
    RecordError,
    UnknownGameError,
    WrongTypeError,
)
from tilegames.records import Record, dumps, loads, record_of, replay
from tilegames.serialize import MAX_SAFE_INT, from_dict, to_dict

GAMES = tilegames.names()
FORMATS = ("text", "json")
DATA = Path(__file__).parent / "data" / "records"
_RESERVED = {"Game", "Players", "Seed", "Result", "Scores", "Reason", "Mode"}
_SETTINGS = settings(
    max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


def _one_line(text: str) -> bool:
    return text.splitlines() in ([], [text])


_TAG_NAMES = st.from_regex(
    r"[A-Za-z]([A-Za-z0-9 _.-]{0,10}[A-Za-z0-9_.-])?", fullmatch=True, alphabet=texts.CHARACTERS
).filter(lambda name: name not in _RESERVED and not name.startswith("Option "))
_TAG_VALUES = texts.text(max_size=20).filter(lambda text: _one_line(text) and text == text.strip())
_COMMENTS = texts.text(max_size=20).filter(_one_line)


@st.composite
def played(
    draw: st.DrawFn, *, explicit: bool = False, games: tuple[str, ...] = GAMES
) -> tuple[Record, list[Any]]:
    """A random record of any game, with the states its moves pass through."""
    name = draw(st.sampled_from(games), label="game")
    rules = tilegames.get(name)
    setup = draw(st.sampled_from(rules.setups), label="setup")
    options = dict(setup.kwargs)
    players = options.pop("players")
    seed = None if explicit else draw(st.integers(-(2**70), 2**70), label="seed")
    if explicit:
        options["chance"] = "explicit"
    state = rules.new_game(players=players, seed=seed, **options)
    states = [state]
    moves: list[Any] = []
    to_end = draw(st.booleans(), label="play to the end")
    length = 10_000 if to_end else draw(st.integers(0, 12), label="moves")
    while len(moves) < length and not rules.is_over(state):
        listed = rules.legal_moves(state)
        move = listed[draw(st.integers(0, len(listed) - 1))]
        moves.append(rules.format_move(move) if draw(st.booleans()) else move)
        state = rules.apply(state, move)
        states.append(state)
    tags = draw(st.lists(st.tuples(_TAG_NAMES, _TAG_VALUES), max_size=4), label="tags")
    comments = draw(
        st.lists(st.tuples(st.integers(0, len(moves)), _COMMENTS), max_size=4), label="comments"
    )
    record = record_of(
        name, moves, players=players, seed=seed, tags=tags, comments=comments, **options
    )
    return record, states


class TestRoundTrip:
    """Any game's random record survives both formats exactly."""

    @_SETTINGS
    @given(played(), st.sampled_from(FORMATS))
    def test_loads_dumps(self, drawn: tuple[Record, list[Any]], format: str) -> None:
        """loads(dumps(record)) is the record, and dumps of that gives the same text."""
        record, _ = drawn
        text = dumps(record, format)
        again = loads(text)
        assert again == record
        assert dumps(again, format) == text

    @_SETTINGS
    @given(played())
    def test_across_formats(self, drawn: tuple[Record, list[Any]]) -> None:
        """JSON read back and written as text gives the text written directly, and back."""
        record, _ = drawn
        assert dumps(loads(dumps(record, "json")), "text") == dumps(record, "text")
        assert dumps(loads(dumps(record, "text")), "json") == dumps(record, "json")

    @_SETTINGS
    @given(played())
    def test_replay_gives_the_states(self, drawn: tuple[Record, list[Any]]) -> None:
        """replay gives the states of playing the moves, read back from text too."""
        record, states = drawn
        assert replay(record) == states
        assert replay(loads(dumps(record))) == states
        rules = tilegames.get(record.game)
        assert record.result == rules.outcome(states[-1])

    @pytest.mark.parametrize("name", GAMES)
    def test_explicit_chance(self, name: str) -> None:
        """An explicit-chance game's record holds the outcomes among its moves and replays."""
        rules = tilegames.get(name)

        @settings(_SETTINGS, max_examples=examples(25, everyday=5))
        @given(played(explicit=True, games=(name,)))
        def check(drawn: tuple[Record, list[Any]]) -> None:
            record, states = drawn
            assert dict(record.options)["chance"] == "explicit"
            for format in FORMATS:
                assert loads(dumps(record, format)) == record
            assert replay(record) == states

        check()
        chance_steps = []
        state = rules.new_game(players=rules.setups[0].players, chance="explicit")
        moves: list[Any] = []
        while not rules.is_over(state) and len(moves) < 200:
            if rules.to_move(state) == (CHANCE,):
                chance_steps.append(len(moves) + 1)
            move = rules.legal_moves(state)[0]
            moves.append(move)
            state = rules.apply(state, move)
        record = record_of(name, moves, players=rules.setups[0].players, chance="explicit")
        assert record.seed is None
        assert replay(loads(dumps(record)))[-1] == state


class TestPlayersOfARecord:
    """record_of's ``players``: a whole number, and a bool is none."""

    @pytest.mark.parametrize(("players", "shown"), [(True, "True"), ("2", "'2'"), (2.0, "2.0")])
    def test_not_a_whole_number(self, players: object, shown: str) -> None:
        """A bool, a string or a float for players is refused, showing it."""
        with pytest.raises(ConfigurationError) as raised:
            record_of("axio-rota", [], players=players, seed=1)  # type: ignore[arg-type]
        assert str(raised.value) == f"players is a whole number, not {shown}"


class TestScoresLine:
    """The text format's ``Scores:`` line: bare numbers for tracks of several colours."""

    def test_tracks_of_two_colours_are_bare_numbers(self) -> None:
        """Two tracks a seat read ``3 12``; one keeps its brackets, ``(3)``; none is ``()``."""
        two = Outcome(scores=((3, 12), (5, 7)), ranking=[{1}, {0}], game="axio-rota")
        one = Outcome(scores=((3,), ()), ranking=[{1}, {0}], game="axio-rota")
        for outcome, line in ((two, "Scores: 3 12; 5 7"), (one, "Scores: (3); ()")):
            record = Record(game="axio-rota", players=2, seed=1, moves=(), result=outcome)
            text = dumps(record)
            assert line in text.splitlines()
            assert loads(text) == record


class TestFormats:
    """The two formats, as the docs page describes them."""

    def test_text_layout(self) -> None:
        """Header, options as JSON, tags, a blank line, numbered moves, comments after '#'."""
        record = record_of(
            "axio-rota",
            ["-1,-2:1"],
            players=2,
            seed=7,
            tags={"Event": "Club night", "Seat 0": "Ada"},
            comments=[(1, "a green point"), (0, "opening"), (1, "second note")],
        )
        assert dumps(record) == (
            "tilegames record 1\n"
            "Game: axio-rota\n"
            "Players: 2\n"
            "Seed: 7\n"
            "Event: Club night\n"
            "Seat 0: Ada\n"
            "\n"
            "# opening\n"
            "1. -1,-2:1  # a green point\n"
            "# second note\n"
        )

    def test_json_layout(self) -> None:
        """One field a line, in a fixed order; comments sorted by the move they follow."""
        record = record_of(
            "axio-rota", ["-1,-2:1"], players=2, seed=7, comments=[(1, "b"), (0, "a")]
        )
        assert json.loads(dumps(record, "json")) == {
            "format": "tilegames-record",
            "version": 2,
            "game": "axio-rota",
            "players": 2,
            "seed": 7,
            "options": {},
            "tags": [],
            "moves": ["-1,-2:1"],
            "comments": [[0, "a"], [1, "b"]],
            "result": None,
        }
        assert dumps(record, "json").count("\n") == 12

    def test_options_written_as_json(self) -> None:
        """An option's value is JSON in the text header, and a list reads back as a tuple."""
        record = record_of("aztack", [], players=2, seed=1, mode="speed")
        assert 'Option mode: "speed"\n' in dumps(record)
        assert loads(dumps(record)).kwargs == {"players": 2, "seed": 1, "mode": "speed"}

    def test_hand_written_text_is_lenient(self) -> None:
        """Spaces around names and values, blank lines and comment lines are all accepted."""
        text = (
            "tilegames record 1\n"
            "Game:axio-rota\n"
            "  Players :  2\n"
            "Seed: 7\n"
            "\n"
            "# before the first move\n"
            "\n"
            "   1.   -1,-2:1   #a comment\n"
        )
        record = loads(text)
        assert record.moves == ("-1,-2:1",)
        assert record.comments == ((0, "before the first move"), (1, "a comment"))
        assert loads(text.encode()) == record

    def test_short_tuple_scores(self) -> None:
        """A one-number or empty tuple score is written in brackets, so it stays a tuple."""
        result = tilegames.Outcome(scores=[(5,), ()], ranking=[{0}, {1}], game="axio-rota")
        record = Record("axio-rota", 2, (), seed=1, result=result)
        text = dumps(record)
        assert "Scores: (5); ()\n" in text
        assert loads(text) == record

    def test_dumps_refuses_unknown_format(self) -> None:
        """Only 'text' and 'json' are formats."""
        record = record_of("polygon", [], players=2, seed=1)
        with pytest.raises(ConfigurationError, match="'text' or 'json'"):
            dumps(record, "pgn")

    def test_wrong_types(self) -> None:
        """dumps and replay take a Record; loads takes str or bytes."""
        with pytest.raises(WrongTypeError):
            dumps("record")  # type: ignore[arg-type]
        with pytest.raises(WrongTypeError):
            replay({"game": "polygon"})  # type: ignore[arg-type]
        with pytest.raises(WrongTypeError):
            loads(42)  # type: ignore[arg-type]


# ---------------------------------------------------------------------------
# Errors
# ---------------------------------------------------------------------------

# axio-rota, seed 7: the display is the 2x2 square at columns -1..0, rows -1..0.
_HEADER = "tilegames record 1\nGame: axio-rota\nPlayers: 2\nSeed: 7\n\n"


class TestMoveErrors:
    """Errors name the first bad move: its number, its text, the reason with the rule id."""

    def test_illegal_third_move(self) -> None:
        """Move 3 on the cell move 1 took names move 3, its text and ROTA-11."""
        record = loads(_HEADER + "1. -1,-2:1\n2. -1,-3:0\n3. -1,-2:0\n4. 0,-2:0\n")
        with pytest.raises(RecordError) as caught:
            replay(record)
        assert caught.value.number == 3
        assert caught.value.move == "-1,-2:0"
        message = str(caught.value)
        assert message.startswith("move 3 (-1,-2:0): ")
        assert "ROTA-11" in message

    def test_unreadable_move(self) -> None:
        """A move that is not notation is named with the parser's reason."""
        record = loads(_HEADER + "1. -1,-2:1\n2. hello\n")
        with pytest.raises(RecordError, match=r"^move 2 \(hello\): ") as caught:
            replay(record)
        assert caught.value.number == 2

    def test_record_of_checks_moves(self) -> None:
        """record_of replays as it builds: the same error for the same move."""
        with pytest.raises(RecordError, match="ROTA-11") as caught:
            record_of("axio-rota", ["-1,-2:1", "-1,-3:0", "-1,-2:0"], players=2, seed=7)
        assert (caught.value.number, caught.value.move) == (3, "-1,-2:0")

    def test_move_after_the_end(self) -> None:
        """A move after the game ended is refused by number."""
        rules = tilegames.get("axio-rota")
        state = rules.new_game(players=1, seed=3)
        moves: list[Any] = []
        while not rules.is_over(state):
            moves.append(rules.format_move(rules.legal_moves(state)[0]))
            state = rules.apply(state, rules.legal_moves(state)[0])
        text = dumps(record_of("axio-rota", moves, players=1, seed=3))
        text += f"{len(moves) + 1}. {moves[-1]}\n"
        with pytest.raises(RecordError) as caught:
            replay(
                loads(
                    text.replace("Result:", "X-Result:")
                    .replace("Scores:", "X-Scores:")
                    .replace("Reason:", "X-Reason:")
                )
            )
        assert caught.value.number == len(moves) + 1

    def test_wrong_result(self) -> None:
        """A result the moves do not lead to is refused, showing both."""
        text = _HEADER.replace("\n\n", "\nResult: 1 > 0\nScores: 1; 0\n\n") + "1. -1,-2:1\n"
        with pytest.raises(RecordError, match="not the end of its moves") as caught:
            replay(loads(text))
        said = str(caught.value)
        assert said.startswith("the record's result (1 > 0, scores 1; 0, reason ")
        assert said.endswith(") is not the end of its moves (none: the game is not over)")

    def test_bad_setup(self) -> None:
        """A setup new_game refuses is a RecordError at replay; an option the game does not
        take is one when the record is read, with the message new_game gives."""
        with pytest.raises(RecordError, match="setup") as caught:
            replay(loads(_HEADER.replace("Players: 2", "Players: 9")))
        assert str(caught.value).startswith(
            "the record's setup players=9, seed=7 cannot start a game of AXIO Rota: "
        )
        with pytest.raises(RecordError, match=r"^AXIO Rota has no option 'colour' \(its options"):
            loads(_HEADER.replace("Seed: 7", "Seed: 7\nOption colour: 3"))

    @pytest.mark.parametrize("format", ["text", "json"])
    def test_options_checked_when_read(self, format: str) -> None:
        """A record whose option the game declares but not with that value is refused by
        loads (not first by replay), in either format, with the message record_of gives."""
        record = record_of("aztack", [], players=2, seed=1, mode="speed")
        text = dumps(record, format)
        assert loads(text) == record
        bad = text.replace("speed", "fast")
        with pytest.raises(ConfigurationError) as made:
            record_of("aztack", [], players=2, seed=1, mode="fast")
        with pytest.raises(RecordError) as read:
            loads(bad)
        assert (
            str(read.value)
            == str(made.value)
            == ("mode must be one of 'turns', 'speed', not 'fast'")
        )
        unknown = text.replace("speed", "fast").replace('"aztack"', '"chess"')
        unknown = unknown.replace("Game: aztack", "Game: chess")
        assert loads(unknown).options == (("mode", "fast"),)  # no declaration to check against

    def test_unknown_game(self) -> None:
        """A game that is not registered is an UnknownGameError at replay, not at loads."""
        record = loads(_HEADER.replace("axio-rota", "chess"))
        with pytest.raises(UnknownGameError):
            replay(record)


class TestRecordOfRefuses:
    """record_of refuses what a record cannot hold."""

    def test_seeded_game_needs_seed(self) -> None:
        """A seeded game without a seed cannot be replayed, so it is refused."""
        with pytest.raises(ConfigurationError, match="seed"):
            record_of("polygon", [], players=2)

    @pytest.mark.parametrize(
        "tags",
        [
            {"Game": "x"},
            {"Result": "x"},
            {"Option x": "1"},
            {"9lives": "x"},
            {"Event ": "x"},
            {"Ev:ent": "x"},
            {"Event": " x"},
            {"Event": "two\nlines"},
            {"Event": "two\u2028lines"},
        ],
    )
    def test_bad_tags(self, tags: dict[str, str]) -> None:
        """Reserved names, bad names and values that would not read back are refused."""
        with pytest.raises(ConfigurationError):
            record_of("polygon", [], players=2, seed=1, tags=tags)

    @pytest.mark.parametrize("comment", [(2, "after a move not played"), (-1, "x"), (0, "a\rb")])
    def test_bad_comments(self, comment: tuple[int, str]) -> None:
        """A comment must follow a move of the record and be one line."""
        with pytest.raises(ConfigurationError):
            record_of("polygon", ["1@0,-1"], players=2, seed=1, comments=[comment])

    def test_bad_options(self) -> None:
        """An option value the game's declaration does not take is refused with its message."""
        with pytest.raises(ConfigurationError, match=r"^tiles: tile 0 1 is not a tile value"):
            record_of("polygon", [], players=2, seed=1, tiles={1: 2})
        with pytest.raises(ConfigurationError, match="digits"):
            record_of("polygon", [], players=2, seed=10**40)


class TestLoadsRefuses:
    """loads refuses a malformed record with a RecordError naming what is wrong."""

    @pytest.mark.parametrize(
        ("text", "match"),
        [
            ("", "starts with 'tilegames record 1'"),
            ("tilegames record 2\nGame: polygon\nPlayers: 2\n", "version '2'"),
            ("tilegames record one\n", "version 'one'"),
            ("PGN\n", "starts with"),
            ("tilegames record 1\nGame: polygon\n", "no Players"),
            ("tilegames record 1\nPlayers: 2\n", "no Game"),
            ("tilegames record 1\nGame: polygon\nPlayers: two\n", "whole number"),
            (
                "tilegames record 1\nGame: polygon\nGame: axio\nPlayers: 2\n",
                "line 3: Game is given twice",
            ),
            ("tilegames record 1\nGame: polygon\nPlayers: 2\nSeed: 1\nSeed: 2\n", "given twice"),
            ("tilegames record 1\nGame: polygon\nPlayers: 2\nno colon\n", "line 4: a header line"),
            ("tilegames record 1\nGame: polygon\nPlayers: 2\nOption x: {\n", "not JSON"),
            (
                "tilegames record 1\nGame: polygon\nPlayers: 2\nOption x: 1.5\n",
                "cannot be written",
            ),
            ("tilegames record 1\nGame: polygon\nPlayers: 2\nOption seed: 1\n", "option's name"),
            ("tilegames record 1\nGame: polygon\nPlayers: 2\nOption x: 1\nOption x: 2\n", "twice"),
            ("tilegames record 1\nGame: polygon\nPlayers: 2\nResult: 0 > 1\n", "no Scores"),
            ("tilegames record 1\nGame: polygon\nPlayers: 2\nScores: 1; 2\n", "no Result"),
            (
                "tilegames record 1\nGame: polygon\nPlayers: 2\nResult: 0 > 0\nScores: 1; 2\n",
                "bad result",
            ),
            (
                "tilegames record 1\nGame: polygon\nPlayers: 2\nResult: 0\nScores: 1\n",
                "1 scores for 2",
            ),
            (
                "tilegames record 1\nGame: polygon\nPlayers: 2\nResult: 0 > x\nScores: 1; 2\n",
                "Result is places",
            ),
            (
                "tilegames record 1\nGame: polygon\nPlayers: 2\nResult: 0 > 1\nScores: 1; \n",
                "Scores",
            ),
            (
                "tilegames record 1\nGame: polygon\nPlayers: 2\nResult: 0 > 1\nScores: (5; 3\n",
                "Scores",
            ),
            (
                "tilegames record 1\nGame: polygon\nPlayers: 2\nResult: 0 > 1\nScores: 5); 3\n",
                "Scores",
            ),
            (
                "tilegames record 1\nGame: polygon\nPlayers: 2\n\n2. 1@0,-1\n",
                "line 5: expected move 1",
            ),
            (
                "tilegames record 1\nGame: polygon\nPlayers: 2\n\n1. 1@0,-1 1@1,-1\n",
                "expected move 1",
            ),
            ("tilegames record 1\nGame: polygon\nPlayers: 2\n\n1.\n", "expected move 1"),
            (
                "tilegames record 1\nGame: polygon\nPlayers: 2\n\n" + "9" * 5000 + ". x\n",
                "expected",
            ),
            (
                "tilegames record 1\nGame: polygon\nPlayers: 2\nSeed: " + "9" * 41 + "\n",
                "whole number",
            ),
        ],
    )
    def test_bad_text(self, text: str, match: str) -> None:
        """Each malformed text names its fault."""
        with pytest.raises(RecordError, match=match):
            loads(text)

    def _document(self, **changes: Any) -> dict[str, Any]:
        record = record_of("polygon", ["1@0,-1"], players=2, seed=1, tags={"Event": "x"})
        document: dict[str, Any] = json.loads(dumps(record, "json"))
        document.update(changes)
        return document

    @pytest.mark.parametrize(
        ("changes", "match"),
        [
            ({"format": "tilegames-state"}, "not a tilegames-record"),
            ({"version": 3}, "version 3"),
            ({"version": 0}, "version 0"),
            ({"version": True}, "version True"),
            ({"version": 1.0}, "version 1.0"),
            ({"players": "2"}, "players is a whole number"),
            ({"players": 2.0}, "players is a whole number"),
            ({"seed": True}, "seed is a whole number"),
            ({"seed": 10**41}, "digits"),
            ({"game": 7}, "game"),
            ({"game": "axio\nrota"}, "one line"),
            ({"options": []}, "options is an object"),
            ({"options": {"mode": {"a": 1}}}, "cannot be written"),
            ({"options": {"bad name": 1}}, "option's name"),
            ({"moves": "1@0,-1"}, "moves must be a list"),
            ({"moves": [1]}, "list of strings"),
            ({"moves": ["1@0, -1"]}, "no spaces"),
            ({"moves": ["1@0,-1#"]}, "no spaces"),
            ({"moves": [""]}, "no spaces"),
            ({"tags": {"Event": "x"}}, "tags must be a list"),
            ({"tags": [["Event"]]}, "pairs"),
            ({"tags": [["Players", "3"]]}, "written by the record"),
            ({"tags": [[1, "x"]]}, "tag's name"),
            ({"comments": [[2, "x"]]}, "after move 0..1"),
            ({"comments": [[True, "x"]]}, "after move 0..1"),
            ({"comments": [[0, 5]]}, "must be a str"),
            ({"result": {"scores": [1, 2]}}, "result is null or an object"),
            (
                {"result": {"scores": [1, True], "ranking": [[0], [1]], "reason": "", "mode": ""}},
                "scores are ints",
            ),
            (
                {"result": {"scores": [1, 2], "ranking": [[0], [True]], "reason": "", "mode": ""}},
                "ranking",
            ),
            (
                {"result": {"scores": [1, 2], "ranking": [[0]], "reason": "", "mode": ""}},
                "bad result",
            ),
            (
                {"result": {"scores": [1, 2], "ranking": [[0], [1]], "reason": 3, "mode": ""}},
                "reason must be a str",
            ),
            (
                {
                    "result": {
                        "scores": [1, 2],
                        "ranking": [[0], [1]],
                        "reason": "a\nb",
                        "mode": "",
                    }
                },
                "one line",
            ),
        ],
    )
    def test_bad_json(self, changes: dict[str, Any], match: str) -> None:
        """Each malformed JSON field names its fault."""
        with pytest.raises(RecordError, match=match):
            loads(json.dumps(self._document(**changes)))

    def test_json_extra_and_missing_keys(self) -> None:
        """A JSON record has exactly its keys: one more or one less is refused."""
        document = self._document()
        with pytest.raises(RecordError, match="exactly the keys"):
            loads(json.dumps({**document, "date": "today"}))
        del document["comments"]
        with pytest.raises(RecordError, match="exactly the keys"):
            loads(json.dumps(document))

    @pytest.mark.parametrize(
        "text",
        [
            "{",
            "[]",
            "[1]",
            "{}",
            '{"a": 1, "a": 2}',
            '{"format": NaN}',
            "[" * 100_000,
            "{" + " " * 10,
        ],
    )
    def test_not_a_json_record(self, text: str) -> None:
        """Broken JSON, a key twice, NaN and deep nesting are RecordErrors."""
        with pytest.raises(RecordError):
            loads(text)

    def test_too_long(self) -> None:
        """A text over max_chars is refused before it is read."""
        with pytest.raises(RecordError, match="over the limit of 10"):
            loads("tilegames record 1\n", max_chars=10)

    def test_bytes_not_utf8(self) -> None:
        """Bytes must be UTF-8."""
        with pytest.raises(RecordError, match="UTF-8"):
            loads(b"\xff\xfe")


def _golden_text() -> str:
    return (DATA / "polygon.txt").read_text(encoding="utf-8")


class TestFuzz:
    """loads refuses anything malformed with a RecordError, never another exception."""

    @settings(max_examples=examples(300), deadline=None)
    @given(texts.text())
    def test_any_text(self, text: str) -> None:
        """Any string is a Record or a RecordError."""
        try:
            result = loads(text)
        except RecordError:
            return
        assert isinstance(result, Record)

    @settings(max_examples=examples(300), deadline=None)
    @given(st.binary())
    def test_any_bytes(self, data: bytes) -> None:
        """Any bytes are a Record or a RecordError."""
        with contextlib.suppress(RecordError):
            loads(data)

    @settings(max_examples=examples(300), deadline=None)
    @given(
        st.sampled_from(["polygon.txt", "polygon.json", "axio.txt", "axio.json"]),
        st.lists(
            st.tuples(st.integers(0, 10**6), st.integers(0, 3), texts.text(max_size=3)),
            min_size=1,
            max_size=4,
        ),
    )
    def test_edited_records(self, file: str, edits: list[tuple[int, int, str]]) -> None:
        """A golden record with characters cut and inserted is a Record or a RecordError.

        A Record read from it is written back and read again to the same Record.
        """
        text = (DATA / file).read_text(encoding="utf-8")
        for place, cut, insert in edits:
            place %= len(text) + 1
            text = text[:place] + insert + text[place + cut :]
        try:
            record = loads(text)
        except RecordError:
            return
        for format in FORMATS:
            assert loads(dumps(record, format)) == record
        with contextlib.suppress(RecordError, UnknownGameError):
            replay(record)

    @settings(max_examples=examples(200), deadline=None)
    @given(
        st.recursive(
            st.none() | st.booleans() | st.integers() | texts.text(max_size=5),
            lambda inner: (
                st.lists(inner, max_size=3)
                | st.dictionaries(texts.text(max_size=8), inner, max_size=3)
            ),
            max_leaves=8,
        ),
        st.sampled_from(
            [
                "format",
                "version",
                "game",
                "players",
                "seed",
                "options",
                "tags",
                "moves",
                "comments",
                "result",
            ]
        ),
    )
    def test_json_fields(self, value: object, field: str) -> None:
        """Any JSON value in any field of a JSON record is a Record or a RecordError."""
        document = json.loads((DATA / "polygon.json").read_text(encoding="utf-8"))
        document[field] = value
        try:
            record = loads(json.dumps(document))
        except RecordError:
            return
        assert loads(dumps(record, "json")) == record
        assert loads(dumps(record, "text")) == record


# Field values of a Record: some a record can hold, some it cannot (wrong type or shape).
_ANY_SCALAR = st.one_of(
    st.none(), st.booleans(), st.integers(-(10**41), 10**41), st.floats(), texts.text(max_size=4)
)
_FIELD_VALUES: dict[str, st.SearchStrategy[Any]] = {
    "game": st.one_of(st.sampled_from([*GAMES, "", " axio", "a\nb", "no-such-game"]), _ANY_SCALAR),
    "players": st.one_of(st.integers(-3, 6), _ANY_SCALAR),
    "seed": st.one_of(st.integers(-(2**70), 2**70), _ANY_SCALAR),
    "moves": st.one_of(
        st.lists(st.sampled_from(["1,2:3", "?", "a b", "#1", "", "x\ny", "R"]), max_size=4),
        st.lists(_ANY_SCALAR, max_size=3),
        _ANY_SCALAR,
    ),
    "options": st.one_of(
        st.dictionaries(
            st.one_of(st.sampled_from(["mode", "chance", "seed", "9x", "a b"]), _ANY_SCALAR),
            st.one_of(_ANY_SCALAR, st.lists(_ANY_SCALAR, max_size=2)),
            max_size=3,
        ),
        st.lists(st.tuples(_ANY_SCALAR, _ANY_SCALAR), max_size=2),
        _ANY_SCALAR,
    ),
    "tags": st.one_of(
        st.lists(st.tuples(st.one_of(_TAG_NAMES, _ANY_SCALAR), _ANY_SCALAR), max_size=3),
        st.lists(_ANY_SCALAR, max_size=2),
        _ANY_SCALAR,
    ),
    "comments": st.one_of(
        st.lists(st.tuples(st.one_of(st.integers(-1, 5), _ANY_SCALAR), _ANY_SCALAR), max_size=3),
        st.lists(_ANY_SCALAR, max_size=2),
        _ANY_SCALAR,
    ),
    "result": st.one_of(
        _ANY_SCALAR,
        st.builds(
            lambda scores, reason, game, mode: tilegames.Outcome(
                scores=scores,
                ranking=[set(range(len(scores)))],
                reason=reason,
                game=game,
                mode=mode,
            ),
            st.lists(
                st.one_of(_ANY_SCALAR, st.tuples(st.integers(0, 20), st.integers(0, 20))),
                min_size=1,
                max_size=4,
            ),
            texts.text(max_size=4),
            st.sampled_from([*GAMES, ""]),
            texts.text(max_size=4),
        ),
    ),
}
_A_RECORD: dict[str, Any] = {"game": "polygon", "players": 2, "seed": 3, "moves": ("1@0,-1",)}
_NOTATION = st.from_regex(r"[A-Za-z0-9,:@?/+-]{1,8}", fullmatch=True, alphabet=texts.CHARACTERS)
_OPTION_VALUE = st.one_of(
    st.none(), st.booleans(), st.integers(-MAX_SAFE_INT, MAX_SAFE_INT), texts.text(max_size=4)
)


@st.composite
def record_fields(draw: st.DrawFn) -> dict[str, Any]:
    """The fields of a record a game could have written, then up to two of them spoiled."""
    game = draw(st.sampled_from(GAMES))
    players = draw(st.integers(1, 6))
    moves = draw(st.lists(_NOTATION, max_size=4))
    scores = st.one_of(
        st.integers(-MAX_SAFE_INT, MAX_SAFE_INT), st.tuples(st.integers(0, 9), st.integers(0, 9))
    )
    fields = {
        "game": game,
        "players": players,
        "moves": moves,
        "seed": draw(st.none() | st.integers(-(10**39), 10**39)),
        "options": draw(
            st.dictionaries(
                st.from_regex(r"[a-z_]{1,6}", fullmatch=True, alphabet=texts.CHARACTERS).filter(
                    lambda name: name not in ("players", "seed")
                ),
                st.one_of(_OPTION_VALUE, st.lists(_OPTION_VALUE, max_size=2)),
                max_size=2,
            )
        ),
        "tags": draw(st.lists(st.tuples(_TAG_NAMES, _TAG_VALUES), max_size=2)),
        "comments": draw(st.lists(st.tuples(st.integers(0, len(moves)), _COMMENTS), max_size=2)),
        "result": draw(
            st.none()
            | st.builds(
                lambda scores, order, reason, mode: tilegames.Outcome(
                    scores=scores,
                    ranking=[{seat} for seat in order],
                    reason=reason,
                    game=game,
                    mode=mode,
                ),
                st.lists(scores, min_size=players, max_size=players),
                st.permutations(range(players)),
                _TAG_VALUES,
                _TAG_VALUES,
            )
        ),
    }
    for field in draw(st.lists(st.sampled_from(sorted(_FIELD_VALUES)), max_size=2)):
        fields[field] = draw(_FIELD_VALUES[field], label=f"spoiled {field}")
    return fields


def _refusal_of_options(record: Record) -> str | None:
    """What check_options says of a registered game's record's options, if it refuses them."""
    if record.game not in tilegames.names():
        return None
    try:
        check_options(tilegames.get(record.game), record.options)
    except ConfigurationError as error:
        return str(error)
    return None


class TestRecordFields:
    """A Record is checked when it is made: what dumps writes, loads reads back equal."""

    @settings(max_examples=examples(150, everyday=40), deadline=None)
    @given(record_fields())
    def test_made_is_written_and_read_back(self, fields: dict[str, Any]) -> None:
        """Any fields: WrongTypeError or ConfigurationError, or a record both formats keep,
        but for options its game does not take, which loads refuses with their message."""
        try:
            record = Record(**fields)
        except (WrongTypeError, ConfigurationError):
            return
        event("made")
        hash(record)  # a record is a value: every field is immutable
        refused = _refusal_of_options(record)
        if refused is not None:
            event("options not the game's")
            for format in FORMATS:
                with pytest.raises(RecordError) as read:
                    loads(dumps(record, format))
                assert str(read.value) == refused
            return
        for format in FORMATS:
            assert loads(dumps(record, format)) == record

    @pytest.mark.parametrize("result", [5, "1 > 0", 1.5, ("win",), {"scores": [1, 2]}])
    def test_a_result_that_is_no_outcome(self, result: object) -> None:
        """A result is an Outcome or None (dumps once failed on these with AttributeError)."""
        with pytest.raises(WrongTypeError, match="Outcome"):
            Record(**_A_RECORD, result=result)  # type: ignore[arg-type]

    def test_a_result_of_another_game_or_seat_count(self) -> None:
        """The result names the record's game and has one score a seat, as loads reads it."""
        outcome = tilegames.Outcome(scores=(1, 2), ranking=[{1}, {0}], game="polygon")
        assert Record(**_A_RECORD, result=outcome).result == outcome
        for other in (
            attrs.evolve(outcome, game="axio"),
            attrs.evolve(outcome, game=""),
            tilegames.Outcome(scores=(1, 2, 3), ranking=[{2}, {1}, {0}], game="polygon"),
            attrs.evolve(outcome, reason="two\nlines"),
            attrs.evolve(outcome, scores=(1.5, 2)),  # type: ignore[arg-type]
        ):
            with pytest.raises(ConfigurationError):
                Record(**_A_RECORD, result=other)

    @pytest.mark.parametrize(
        ("field", "value"),
        [("moves", None), ("moves", "1@0,-1"), ("tags", 5), ("comments", None), ("options", 3)],
    )
    def test_fields_that_are_no_iterables(self, field: str, value: object) -> None:
        """A None move list (or a bare string of moves): WrongTypeError, not a plain TypeError."""
        with pytest.raises(WrongTypeError, match=field):
            Record(**{**_A_RECORD, field: value})

    @pytest.mark.parametrize(
        ("field", "value"),
        [
            ("tags", [("Event",)]),
            ("tags", ["ab"]),
            ("tags", [("Event", "x", "y")]),
            ("comments", [(1,)]),
            ("comments", ["0x"]),
            ("options", [("mode",)]),
        ],
    )
    def test_items_that_are_no_pairs(self, field: str, value: object) -> None:
        """A tag, comment or option is a (name, value) pair: a two-letter string is not one."""
        with pytest.raises(WrongTypeError, match="pair"):
            Record(**{**_A_RECORD, field: value})

    @pytest.mark.parametrize("game", ["", " polygon", "polygon\n", 5, None])
    def test_a_game_that_is_no_name(self, game: object) -> None:
        """The game is a one-line registry name, never empty (a text record needs a Game line)."""
        with pytest.raises((ConfigurationError, WrongTypeError), match="game"):
            Record(**{**_A_RECORD, "game": game})

    def test_a_move_that_does_not_parse_names_the_parser_reason(self) -> None:
        """A move text the game's notation refuses: the RecordError names move 1 and gives the
        parser's reason, as parse_move words it."""
        state = tilegames.get("polygon").new_game(players=2, seed=1)
        with pytest.raises(tilegames.NotationError) as parsed:
            tilegames.get("polygon").parse_move("zz", state)
        with pytest.raises(RecordError) as refused:
            record_of("polygon", ["zz"], players=2, seed=1)
        assert str(refused.value) == f"move 1 (zz): {parsed.value}"

    def test_a_result_without_its_game_is_named_for_the_record(self) -> None:
        """A game of one's own whose outcome leaves ``game`` empty: record_of names the result
        for the record's game, so the record is one that loads reads back."""

        def nameless(state: Any) -> tilegames.Outcome | None:
            result = toy_game.RULES.outcome(state)
            return None if result is None else attrs.evolve(result, game="")

        rules = attrs.evolve(toy_game.RULES, name="toy-nameless", outcome=nameless)
        tilegames.register(rules, replace=True)
        try:
            # The first mover fills the top row, the other two cells below: TOY-3.
            moves = ["0,0", "0,1", "1,0", "1,1", "2,0"]
            record = record_of("toy-nameless", moves, players=2, seed=1)
            assert record.result is not None
            assert record.result.game == "toy-nameless"
            first = rules.to_move(rules.new_game(players=2, seed=1))[0]
            assert record.result.winners == {first}  # the seat that played the top row
            for format in FORMATS:
                assert loads(dumps(record, format)) == record
        finally:
            core_rules._REGISTRY.pop("toy-nameless", None)
            core_rules._OWNERS.clear()

    def test_options_that_new_game_refuses_with_a_type_error(self) -> None:
        """A game of one's own whose ``new_game`` takes any option and passes it on: an option
        it then refuses with a TypeError is a ConfigurationError naming the game, the options
        given and new_game's reason."""

        def passing_on(players: int = 2, *, seed: int | None = None, **options: Any) -> Any:
            return toy_game.new_game(players, seed=seed, **options)

        with pytest.raises(TypeError) as direct:
            toy_game.new_game(2, seed=1, colour="red", size=3)  # type: ignore[call-arg]
        rules = attrs.evolve(toy_game.RULES, name="toy-passing", new_game=passing_on)
        tilegames.register(rules, replace=True)
        try:
            with pytest.raises(ConfigurationError) as refused:
                record_of("toy-passing", [], players=2, seed=1, size=3, colour="red")
        finally:
            core_rules._REGISTRY.pop("toy-passing", None)
            core_rules._OWNERS.clear()
        assert str(refused.value) == (
            f"toy-passing cannot start with the options colour='red', size=3: {direct.value}"
        )

    def test_at_most_100000_moves(self) -> None:
        """A record holds 100,000 moves, not one more (loads and record_of say the same)."""
        moves = ("1@0,-1",) * 100_000
        assert len(Record(**{**_A_RECORD, "moves": moves}).moves) == 100_000
        with pytest.raises(ConfigurationError, match="at most 100,000 moves"):
            Record(**{**_A_RECORD, "moves": (*moves, "1@0,-1")})

    def test_numbers_of_at_most_40_digits(self) -> None:
        """A seed has at most 40 digits: 10**40 - 1 is kept, 10**40 not."""
        for number in (10**40 - 1, -(10**40) + 1):
            record = Record(**{**_A_RECORD, "seed": number})
            assert loads(dumps(record)) == record
        for number in (10**40, -(10**40)):
            with pytest.raises(ConfigurationError, match="40 digits"):
                Record(**{**_A_RECORD, "seed": number})

    def test_other_numbers_within_what_javascript_reads(self) -> None:
        """Players, an option and a score are within 2**53 - 1 either way, as a document's
        numbers: one past is refused when made and when read, with serialize's message."""
        unknown = {**_A_RECORD, "game": "my-game"}  # options no declaration checks
        outcome = tilegames.Outcome(scores=(MAX_SAFE_INT, 0), ranking=[{0}, {1}], game="polygon")
        at = [
            Record(**{**unknown, "players": MAX_SAFE_INT}),
            Record(**{**unknown, "options": {"size": -MAX_SAFE_INT}}),
            Record(**{**_A_RECORD, "result": outcome}),
        ]
        for record in at:
            for format in FORMATS:
                assert loads(dumps(record, format)) == record
        past = MAX_SAFE_INT + 1
        over_outcome = attrs.evolve(outcome, scores=(past, 0))
        cases = [
            ("players", past, {**unknown, "players": past}),
            ("options.size", -past, {**unknown, "options": {"size": -past}}),
            ("result.scores", past, {**_A_RECORD, "result": over_outcome}),
        ]
        for path, number, fields in cases:
            with pytest.raises(ConfigurationError) as made:
                Record(**fields)
            document = {**to_dict(polygon.Place("3", None)), "data": {"tile": "3"}}
            document["data"]["space"] = [number, 0]
            with pytest.raises(InvalidStateError) as read:
                from_dict(document, polygon.Place)
            assert str(read.value).startswith("Place.space[0]: ")
            assert str(made.value) == str(read.value).replace("Place.space[0]", path, 1)
        written = json.loads(dumps(at[0], "json"))
        written["players"] = past
        with pytest.raises(RecordError, match=r"^players: 9007199254740992 is out of range"):
            loads(json.dumps(written))
        text = dumps(at[2])
        assert f"Scores: {MAX_SAFE_INT}; 0" in text
        with pytest.raises(RecordError, match=r"^result\.scores: 9007199254740992 is out of"):
            loads(text.replace(f"Scores: {MAX_SAFE_INT}; 0", f"Scores: {past}; 0"))

    def test_a_bad_move_is_named_by_its_number(self) -> None:
        """The first move that is no move in notation is named by its number, from 1."""
        with pytest.raises(ConfigurationError, match=r"^move 2 is a move in notation"):
            Record(**{**_A_RECORD, "moves": ("1@0,-1", "1 @0,-1")})

    def test_an_option_given_twice(self) -> None:
        """An option is given once: two values for one name cannot both start the game."""
        with pytest.raises(ConfigurationError, match="given twice"):
            Record(**{**_A_RECORD, "options": [("scoring", "a"), ("scoring", "b")]})

    @pytest.mark.parametrize(
        "value", [5, -MAX_SAFE_INT, MAX_SAFE_INT, (1, "a", None, True), [2, [3]]]
    )
    def test_option_values_a_record_can_hold(self, value: Any) -> None:
        """Ints within 2**53 - 1, strings, booleans, None and lists of them are kept (a game
        that is not registered: no declaration says which values its options take)."""
        record = Record(**{**_A_RECORD, "game": "my-game", "options": {"scoring": value}})
        for format in FORMATS:
            assert loads(dumps(record, format)) == record

    @pytest.mark.parametrize(
        ("value", "message"),
        [
            (MAX_SAFE_INT + 1, "options.scoring: 9007199254740992 is out of range"),
            ((1, -MAX_SAFE_INT - 1), "options.scoring: -9007199254740992 is out of range"),
            (1.5, "option scoring"),
            ({"a": 1}, "option scoring"),
            ((1, 2.5), "option scoring"),
        ],
    )
    def test_option_values_a_record_cannot_hold(self, value: Any, message: str) -> None:
        """An int past 2**53 - 1, a float or a mapping is refused, inside a list too."""
        with pytest.raises(ConfigurationError, match=re.escape(message)):
            Record(**{**_A_RECORD, "game": "my-game", "options": {"scoring": value}})

    def test_options_sorted_by_name(self) -> None:
        """Options are kept sorted by name, whatever the order given and their values."""
        record = Record(**{**_A_RECORD, "options": {"scoring": "1", "board": "2"}})
        assert record.options == (("board", "2"), ("scoring", "1"))

    @pytest.mark.parametrize("players", [None, "2", 2.0, True])
    def test_record_of_players_that_is_no_number(self, players: object) -> None:
        """record_of(players=None) is refused: its record could not be read back."""
        with pytest.raises(ConfigurationError, match="players"):
            record_of("polygon", [], players=players, seed=1)  # type: ignore[arg-type]

    @pytest.mark.parametrize("name", GAMES)
    def test_record_of_an_option_the_game_does_not_take(self, name: str) -> None:
        """An unknown option is the ConfigurationError the docstring promises, naming it."""
        title = tilegames.get(name).title
        with pytest.raises(ConfigurationError, match=rf"^{title} has no option 'no_such_option' "):
            record_of(name, [], players=2, seed=1, no_such_option=3)

    @pytest.mark.parametrize(("moves", "comments"), [(None, ()), ([], None), (5, ()), ([], 5)])
    def test_record_of_moves_or_comments_that_are_no_iterables(
        self, moves: object, comments: object
    ) -> None:
        """record_of with a None move list or None comments: WrongTypeError."""
        with pytest.raises(WrongTypeError, match=r"moves|comments"):
            record_of("polygon", moves, players=2, seed=1, comments=comments)  # type: ignore[arg-type]

    def test_loads_max_chars_none_is_the_default(self) -> None:
        """max_chars=None reads with the default limit, as serialize.from_json does."""
        text = dumps(Record(**_A_RECORD))
        assert loads(text, max_chars=None) == loads(text)
        with pytest.raises(RecordError, match="over the limit"):
            loads(text, max_chars=10)

    @pytest.mark.parametrize("max_chars", ["100", 1.5, True, [100]])
    def test_loads_max_chars_that_is_no_int(self, max_chars: object) -> None:
        """A max_chars that is not an int: WrongTypeError; a negative one: ConfigurationError."""
        text = dumps(Record(**_A_RECORD))
        with pytest.raises(WrongTypeError, match="max_chars"):
            loads(text, max_chars=max_chars)  # type: ignore[arg-type]
        with pytest.raises(ConfigurationError, match="max_chars"):
            loads(text, max_chars=-1)


# Scores after the golden games, worked out by hand from the rules (the comments in
# each file say which corners, lines or groupings score) and the starting position.
_GOLDEN: dict[str, dict[str, Any]] = {
    # AXIO-9: blue +1 (move 1), orange +1 (move 2), green +1 (move 3). Colours R G B O Y P.
    "axio": {"moves": 3, "tracks": ((0, 1, 1, 0, 0, 0), (0, 0, 0, 1, 0, 0)), "to_move": (1,)},
    # ROTA-12: green +1 then blue +2 for seat 0; blue +1, orange +1 for seat 1. R G B O P.
    "axio-rota": {"moves": 3, "tracks": ((0, 1, 2, 0, 0), (0, 0, 1, 1, 0)), "to_move": (1,)},
    # AZT-12/13: seat 0 placed two stones and discarded one (12 - 3), seat 1 placed one.
    "aztack": {"moves": 3, "stones": (9, 11), "to_move": (1,)},
    # POLY-13/14: 1-2-3 scores 20 for seat 0; 2-3-5 scores nothing for seat 1.
    "polygon": {"moves": 4, "totals": (20, 0), "to_move": (0,)},
}


class TestGolden:
    """The golden records in tests/data/records/: one short hand-chosen game per game."""

    def test_one_per_game(self) -> None:
        """Every registered game has a text and a JSON golden record, and nothing else is there."""
        assert sorted(path.name for path in DATA.iterdir()) == sorted(
            f"{name}.{ext}" for name in GAMES for ext in ("txt", "json")
        )
        assert sorted(_GOLDEN) == sorted(GAMES)

    @pytest.mark.parametrize("name", GAMES)
    @pytest.mark.parametrize("ext", ["txt", "json"])
    def test_replays_to_hand_worked_scores(self, name: str, ext: str) -> None:
        """The record replays; its last state has the scores worked out by hand."""
        record = loads((DATA / f"{name}.{ext}").read_bytes())
        facts = _GOLDEN[name]
        assert record.game == name
        assert len(record.moves) == facts["moves"]
        assert dict(record.tags)["Event"] == "Golden record (tests)"
        assert record.comments
        states = replay(record)
        assert len(states) == facts["moves"] + 1
        last = states[-1]
        rules = tilegames.get(name)
        assert rules.to_move(last) == facts["to_move"]
        assert not rules.is_over(last)
        if "tracks" in facts:
            assert last.tracks == facts["tracks"]
        if "totals" in facts:
            assert last.totals == facts["totals"]
        if "stones" in facts:
            assert tuple(len(supply) for supply in last.supplies) == facts["stones"]

    @pytest.mark.parametrize("name", GAMES)
    @pytest.mark.parametrize("format", FORMATS)
    def test_dumps_gives_the_file_back(self, name: str, format: str) -> None:
        """dumps writes each golden file back byte for byte, from either file."""
        ext = "txt" if format == "text" else "json"
        expected = (DATA / f"{name}.{ext}").read_bytes()
        for source in ("txt", "json"):
            record = loads((DATA / f"{name}.{source}").read_text(encoding="utf-8"))
            assert dumps(record, format).encode("utf-8") == expected


class TestJavaScriptSafeSeeds:
    """JSON records of version 2 hold no number beyond 2**53 - 1; version 1 still loads."""

    BIG = 2**64 - 1  # the largest seed; JavaScript would read 18446744073709552000

    def test_a_big_seed_is_written_as_digits(self) -> None:
        """The seed over 2**53 - 1 is a string; 2**53 - 1 itself stays a number."""
        record = record_of("polygon", [], players=2, seed=self.BIG)
        document = json.loads(dumps(record, "json"))
        assert document["version"] == 2
        assert document["seed"] == "18446744073709551615"
        assert loads(dumps(record, "json")) == record
        edge = record_of("polygon", [], players=2, seed=2**53 - 1)
        assert json.loads(dumps(edge, "json"))["seed"] == 9007199254740991

    def test_version_1_reads_the_number(self) -> None:
        """A version-1 record with its 64-bit seed as a number loads as it always did."""
        record = record_of("polygon", [], players=2, seed=self.BIG)
        document = json.loads(dumps(record, "json"))
        document.update(version=1, seed=self.BIG)
        assert loads(json.dumps(document)) == record

    @pytest.mark.parametrize("sign", ["", "-"])
    def test_a_seed_of_digits_has_at_most_40(self, sign: str) -> None:
        """Forty digits load; forty-one, or thousands (past what int() reads), are refused."""
        document = json.loads(dumps(record_of("polygon", [], players=2, seed=1), "json"))
        document["seed"] = sign + "9" * 40
        assert loads(json.dumps(document)).seed == int(sign + "9" * 40)
        for digits in (41, 5000):
            document["seed"] = sign + "1" * digits
            with pytest.raises(RecordError, match=r"^seed has at most 40 digits, not '-?1111"):
                loads(json.dumps(document))

    @pytest.mark.parametrize(
        "seed", ["12", "-12", "018446744073709551615", "+18446744073709551615", "1e30", ""]
    )
    def test_version_2_refuses(self, seed: object) -> None:
        """A small seed as text, or text that is no plain run of digits."""
        document = json.loads(dumps(record_of("polygon", [], players=2, seed=1), "json"))
        document["seed"] = seed
        with pytest.raises(RecordError, match="seed"):
            loads(json.dumps(document))
