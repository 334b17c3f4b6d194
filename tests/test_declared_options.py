"""Options and names declared once (issue 44, item 1): every layer reads the one declaration.

Each game's ``RULES.options`` lists the keywords of its ``new_game``; records,
the server's ``POST /api/rooms`` and :func:`tilegames.check_options` read
them, so that every form of an option that a game's page documents either
starts a game whose record loads back, or is refused by every layer with
new_game's own message. The forms below are those the games' ``new_game``
docstrings document; the expected values come from those docstrings, not
from the code under test.
"""

from __future__ import annotations

import inspect
import json
import time
import types
import typing
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

import high_card
import tilegames
from cli_support import in_process
from server_support import SERVER_MISSING, needs_server
from tiers import size
from tilegames import ConfigurationError, GameRules, Option, check_options, polygon, records
from tilegames.records import dumps, loads, record_of, replay
from tilegames.rng import Stream

if not SERVER_MISSING:
    from starlette.testclient import TestClient

    from tilegames.server import create_app

GAMES = ("axio", "axio-rota", "aztack", "polygon")

_STONES = [
    "GfOw", "GwOd", "GdOt", "GtOf", "OfYw", "OwYd", "OdYt", "OtYf", "YfBw", "YwBd", "YdBt",
    "YtBf", "BfRw", "BwRd", "BdRt", "BtRf", "RfGw", "RwGd", "RdGt", "RtGf",
]  # fmt: skip
"""Stones of every colour pair, each colour on eight: written as aztack.parse_stone reads them."""

_PLUS_ONE = {key: points + 1 for key, points in polygon.STANDARD_SCORING}
"""A complete scoring table as the documented mapping ``{"1-1-1": 10, ...}``, one point more."""

_SMALL_POLYGON = ["1", "2", "3", "4", "5", "w"]
"""A small Polygon set (values in either case, POLY-2): its games end after a few moves."""

FORMS: tuple[tuple[str, int, dict[str, Any]], ...] = (
    # The forms of the bug report first: a mapping scoring table, an empty board mapping.
    ("polygon", 2, {"tiles": _SMALL_POLYGON, "scoring": _PLUS_ONE}),
    ("polygon", 2, {"tiles": _SMALL_POLYGON, "board": {}}),
    ("polygon", 3, {"tiles": _SMALL_POLYGON, "scoring": [[k, v] for k, v in _PLUS_ONE.items()]}),
    ("polygon", 2, {"tiles": _SMALL_POLYGON, "board": [[[1, -1], "x3"], [[0, 2], "W"]]}),
    ("axio", 2, {"tiles": ["RB", "gy", [0, 0], [5, 2]] * 3}),
    ("axio", 4, {"mode": "team", "tiles": ["RB"] * 24}),
    ("axio", 1, {"mode": "solo", "tiles": ["OP", "YY"]}),
    ("axio", 3, {"mode": None, "tiles": ["RG"] * 18}),
    ("axio-rota", 1, {"tiles": ["RGB.", "rrgg", [0, 1, 2, 3], [4, None, 4, 4]] * 4}),
    ("axio-rota", 2, {"tiles": ["PPOO"] * 28}),
    ("aztack", 2, {"mode": "speed", "stones": _STONES * 2}),
    ("aztack", 2, {"stones": [[[0, 0], [1, 1]], *_STONES[1:], *_STONES[:16]]}),
    ("aztack", 3, {"mode": "turns", "stones": _STONES * 3}),
)
"""Every documented form of every option, each in a setup that ends after a few moves."""


def _ids(form: tuple[str, int, dict[str, Any]]) -> str:
    game, players, options = form
    return f"{game}-{players}-{'-'.join(options)}"


def _library_form(options: dict[str, Any]) -> dict[str, Any]:
    """The options as a Python caller gives them: JSON's arrays as tuples, keys kept."""

    def tupled(value: Any) -> Any:
        if isinstance(value, list):
            return tuple(tupled(item) for item in value)
        if isinstance(value, dict):
            return {key: tupled(item) for key, item in value.items()}
        return value

    return {name: tupled(value) for name, value in options.items()}


def _of_type(value: object, kind: Any) -> bool:
    """Whether ``value`` is of the declared type (str, int, bool, tuple[...] and unions)."""
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if origin in (typing.Union, types.UnionType):
        return any(_of_type(value, arg) for arg in args)
    if origin is tuple:
        if not isinstance(value, tuple):
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(_of_type(item, args[0]) for item in value)
        return len(value) == len(args) and all(map(_of_type, value, args))
    return type(value) is kind


class TestDeclarations:
    """Each game declares the options of its new_game, and only those."""

    @pytest.mark.parametrize("game", GAMES)
    def test_the_options_are_new_games_keywords(self, game: str) -> None:
        """Names and defaults are new_game's keyword-only parameters besides the seed."""
        rules = tilegames.get(game)
        assert rules.options is not None
        parameters = inspect.signature(rules.new_game).parameters.values()
        keywords = {p.name: p.default for p in parameters if p.kind is p.KEYWORD_ONLY}
        del keywords["seed"]
        assert {option.name: option.default for option in rules.options} == keywords
        assert all(option.doc and "\n" not in option.doc for option in rules.options)

    @pytest.mark.parametrize("game", GAMES)
    def test_defaults_and_setups_are_allowed_values(self, game: str) -> None:
        """The default and every setup's option check as themselves, of the declared type."""
        rules = tilegames.get(game)
        for option in rules.options or ():
            assert option.check(option.default) == option.default
            for allowed in option.choices or ():
                assert _of_type(option.check(allowed), option.type)
        for setup in rules.setups:
            assert check_options(rules, setup.options) == setup.options

    def test_collect_refuses_an_option_new_game_lacks(self) -> None:
        """An option new_game lacks, or a setup's option not declared: refused when bundled."""
        rules = tilegames.get("aztack")
        extra = Option("speedy", bool, False, "not a keyword of new_game")
        namespace = {name: getattr(rules, name) for name in ("new_game", "players", "to_move")}
        namespace.update(
            {
                name: getattr(rules, name)
                for name in (
                    "legal_moves", "apply", "why_illegal", "score_move", "is_over", "outcome",
                    "view", "parse_move", "format_move",
                )
            }
        )  # fmt: skip
        with pytest.raises(TypeError, match="are not the keywords of its new_game"):
            GameRules.collect(
                namespace, "x", "X", rules.setups, options=(*(rules.options or ()), extra)
            )
        with pytest.raises(TypeError, match="are not the keywords of its new_game"):
            GameRules.collect(namespace, "x", "X", rules.setups, options=(rules.options or ())[1:])
        speedy = tilegames.Setup(2, {"speedy": True})
        with pytest.raises(TypeError) as undeclared:
            GameRules.collect(namespace, "x", "X", (*rules.setups, speedy), options=rules.options)
        assert str(undeclared.value) == (
            f"x's setup {speedy} has an option it does not declare: speedy"
        )


class TestWrittenForm:
    """check_options gives the written form: the same game, JSON's values, read back as it is."""

    @pytest.mark.parametrize("form", FORMS, ids=_ids)
    def test_the_written_form_starts_the_same_game(
        self, form: tuple[str, int, dict[str, Any]]
    ) -> None:
        """new_game of the written form equals new_game of the form given, seed for seed."""
        game, players, given = form
        rules = tilegames.get(game)
        options = _library_form(given)
        written = check_options(rules, options)
        declared = {option.name: option for option in rules.options or ()}
        for name, value in written:
            assert _of_type(value, declared[name].type) or value is None, (name, value)
            assert json.loads(json.dumps(value)) == _listed(value)  # JSON's values only
        assert check_options(rules, written) == written  # the written form reads as itself
        for seed in (1, 2):
            assert rules.new_game(players, seed=seed, **dict(written)) == rules.new_game(
                players, seed=seed, **options
            )

    @pytest.mark.parametrize("form", FORMS, ids=_ids)
    def test_every_form_round_trips_through_a_record(
        self, form: tuple[str, int, dict[str, Any]]
    ) -> None:
        """A few random moves, the record in both formats, replayed to the same state."""
        game, players, given = form
        rules = tilegames.get(game)
        options = _library_form(given)
        state = rules.new_game(players, seed=5, **options)
        stream, moves = Stream(3), list[Any]()
        while not rules.is_over(state) and len(moves) < 6:
            legal = rules.legal_moves(state)
            move = legal[stream.randbelow(len(legal))]
            moves.append(move)
            state = rules.apply(state, move)
        record = record_of(game, moves, players=players, seed=5, **options)
        assert record.options == check_options(rules, options)
        for text in (dumps(record), dumps(record, "json")):
            assert loads(text) == record
            assert replay(loads(text))[-1] == state

    def test_the_bug_report_polygon_mapping_forms(self) -> None:
        """The documented mapping forms are written as pairs, in the table's and board's order."""
        rules = tilegames.get("polygon")
        written = dict(check_options(rules, {"scoring": _PLUS_ONE, "board": {}}))
        assert written["board"] == ()
        assert written["scoring"][:2] == (("1-1-1", 11), ("1-1-2", 1))  # POLY-14's first rows
        assert len(written["scoring"]) == 120


_REFUSED: tuple[tuple[str, dict[str, Any], str], ...] = (
    ("axio", {"mode": "chess"}, "mode must be one of 'standard', 'team', 'solo' or None"),
    ("axio", {"tiles": ["RZ"]}, "tile 0 'RZ' is not"),
    ("axio-rota", {"tiles": "RGB."}, "tiles must be a collection of tiles, not one string"),
    ("aztack", {"mode": "fast"}, "mode must be one of 'turns', 'speed', not 'fast'"),
    ("aztack", {"stones": ["GfOx"]}, "stone 0 'GfOx' is not a stone"),
    ("polygon", {"scoring": {"1-1-1": 10}}, "scoring: the table is incomplete"),
    ("polygon", {"board": {"0,1": "W"}}, "board:"),
    ("polygon", {"chance": "sometimes"}, "chance must be 'seeded' or 'explicit'"),
)
"""A value refused, and the start of the message new_game gives for it."""


class TestOneMessage:
    """A refused option has one message: new_game's, in check_options, records and the server."""

    @pytest.mark.parametrize(("game", "options", "start"), _REFUSED)
    def test_new_game_check_options_and_records_agree(
        self, game: str, options: dict[str, Any], start: str
    ) -> None:
        rules = tilegames.get(game)
        with pytest.raises(ConfigurationError) as by_new_game:
            rules.new_game(seed=1, **options)
        message = str(by_new_game.value)
        assert message.startswith(start)
        with pytest.raises(ConfigurationError) as by_check:
            check_options(rules, options)
        assert str(by_check.value) == message
        with pytest.raises(ConfigurationError) as by_record:
            record_of(game, [], players=rules.setups[0].players, seed=1, **options)
        assert str(by_record.value) == message

    @pytest.mark.parametrize("game", GAMES)
    def test_explicit_chance_is_a_records_option_not_a_rooms(self, game: str) -> None:
        """check_options takes ``chance="explicit"`` (a record keeps it); for a room, not."""
        rules = tilegames.get(game)
        assert check_options(rules, {"chance": "explicit"}) == (("chance", "explicit"),)
        with pytest.raises(ConfigurationError, match="chance"):
            check_options(rules, {"chance": "explicit"}, room=True)
        assert check_options(rules, {"chance": "seeded"}, room=True) == (("chance", "seeded"),)

    @pytest.mark.parametrize("game", GAMES)
    def test_an_option_the_game_does_not_declare(self, game: str) -> None:
        """check_options and record_of name it and the options there are."""
        rules = tilegames.get(game)
        names = ", ".join(sorted(option.name for option in rules.options or ()))
        expected = f"{rules.title} has no option 'colour' (its options: {names})"
        with pytest.raises(ConfigurationError) as by_check:
            check_options(rules, {"colour": 3})
        assert str(by_check.value) == expected
        with pytest.raises(ConfigurationError) as by_record:
            record_of(game, [], players=rules.setups[0].players, seed=1, colour=3)
        assert str(by_record.value) == expected

    def test_a_game_that_declares_no_options(self) -> None:
        """Its options are taken as given, but for a name its new_game does not take."""
        rules = high_card.RULES
        assert rules.options is None
        assert check_options(rules, {"cards": 12}) == (("cards", 12),)
        expected = "High card has no option 'colour' (its options: cards)"
        with pytest.raises(ConfigurationError) as by_check:
            check_options(rules, {"colour": 3})
        assert str(by_check.value) == expected

        def new_game(players: int = 2, *, seed: int | None = None, **options: Any) -> Any:
            return rules.new_game(players, seed=seed)

        anything = attrs.evolve(rules, new_game=new_game)
        assert check_options(anything, {"colour": 3}) == (("colour", 3),)  # takes **options
        unread = attrs.evolve(rules, new_game=max)  # a builtin: no signature to read
        assert check_options(unread, {"colour": 3}) == (("colour", 3),)

    def test_an_option_given_twice(self) -> None:
        """As pairs, a name may come twice: refused, whichever game."""
        for rules in (tilegames.get("axio"), high_card.RULES):
            with pytest.raises(ConfigurationError) as twice:
                check_options(rules, [("mode", "team"), ("mode", "team")])
            assert str(twice.value) == "the option 'mode' is given twice"

    def test_a_value_of_another_kind(self) -> None:
        """A declared option without a reader or choices takes a str, an int or a bool."""
        cards = Option("cards", int, 10, "cards dealt to each seat")
        assert cards.check(12) == 12
        with pytest.raises(ConfigurationError) as refused:
            cards.check([12])
        assert str(refused.value) == "cards must be an int, not [12]"
        name = Option("name", str, "", "what the table is called")
        with pytest.raises(ConfigurationError) as refused:
            name.check({"a": 1})
        assert str(refused.value) == "name must be a str, not {'a': 1}"

    def test_a_record_of_undeclared_options_does_not_replay(self) -> None:
        """A loaded record's options are checked as record_of checks them, when replayed."""
        text = "tilegames record 1\nGame: polygon\nPlayers: 2\nSeed: 1\nOption colour: 3\n\n"
        with pytest.raises(tilegames.RecordError, match="Polygon has no option 'colour'"):
            replay(loads(text))


def _listed(value: Any) -> Any:
    return [_listed(item) for item in value] if isinstance(value, tuple) else value


@pytest.fixture
def client(tmp_path: Path) -> Iterator[Any]:
    with TestClient(create_app(tmp_path / "rooms.sqlite3", bot_seconds=5.0)) as made:
        yield made


def _played_by_bots(client: Any, body: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """A room of bots made from ``body``, waited for until over: its id and last snapshot."""
    answer = client.post("/api/rooms", json=body)
    assert answer.status_code == 201, answer.text
    room: str = answer.json()["room"]
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        snapshot: dict[str, Any] = client.get(f"/api/rooms/{room}").json()
        if snapshot["over"]:
            return room, snapshot
        time.sleep(0.01)
    raise AssertionError("the bots did not finish the game")


@needs_server
class TestServer:
    """POST /api/rooms reads the declaration: a room of any documented form has a record."""

    @pytest.mark.parametrize("form", FORMS[: size(everyday=3, deep=len(FORMS))], ids=_ids)
    def test_every_form_plays_to_the_end_and_its_record_loads(
        self, client: Any, form: tuple[str, int, dict[str, Any]]
    ) -> None:
        """Bots play the room to its end; GET .../record answers 200 and replays to the end."""
        game, players, options = form
        bots = {str(seat): "random" for seat in range(players)}
        body = {"game": game, "players": players, "seed": 9, "options": options, "bots": bots}
        room, final = _played_by_bots(client, body)
        answer = client.get(f"/api/rooms/{room}/record")
        assert answer.status_code == 200, answer.text
        record = loads(answer.text)
        assert record.options == check_options(tilegames.get(game), _library_form(options))
        assert list(record.moves) == [entry["move"] for entry in final["history"]]
        state = records.final_state(record)
        assert tilegames.get(game).is_over(state)

    @pytest.mark.parametrize(("game", "options", "start"), _REFUSED)
    def test_a_refused_option_has_new_games_message(
        self, client: Any, game: str, options: dict[str, Any], start: str
    ) -> None:
        """400, and the reason holds the message new_game gives."""
        rules = tilegames.get(game)
        with pytest.raises(ConfigurationError) as by_new_game:
            rules.new_game(seed=1, **_library_form(options))
        answer = client.post("/api/rooms", json={"game": game, "options": options})
        assert answer.status_code == 400
        expected = f"{rules.title} cannot start that game: {by_new_game.value}"
        assert answer.json()["error"] == expected

    def test_explicit_chance_is_refused_and_seeded_taken(self, client: Any) -> None:
        """A room's game is seeded: chance='seeded' is taken as the default, 'explicit' refused."""
        made = client.post("/api/rooms", json={"game": "aztack", "options": {"chance": "seeded"}})
        assert made.status_code == 201
        refused = client.post(
            "/api/rooms", json={"game": "aztack", "options": {"chance": "explicit"}}
        )
        assert refused.status_code == 400
        assert "a room's game is seeded" in refused.json()["error"]


@needs_server
class TestNames:
    """Seat and bot names follow one rule: stripped at the ends, then printable, 0..40 long."""

    def test_bot_descriptions_with_spaces_around_play_and_record(self, client: Any) -> None:
        """The bug report's " greedy " and "random\\n": the room plays, and its record loads."""
        body = {
            "game": "polygon",
            "players": 2,
            "seed": 4,
            "options": {"tiles": _SMALL_POLYGON},
            "bots": {"0": " greedy ", "1": "random\n"},
        }
        room, final = _played_by_bots(client, body)
        assert [seat["name"] for seat in final["seats"]] == ["greedy", "random"]
        answer = client.get(f"/api/rooms/{room}/record")
        assert answer.status_code == 200, answer.text
        assert dict(loads(answer.text).tags)["Seat 1"] == "random"

    @pytest.mark.parametrize(
        ("name", "kept"),
        [("  Ada ", "Ada"), ("Bob\n", "Bob"), (" " + "x" * 40, "x" * 40), ("", "player")],
    )
    def test_a_players_name_kept(self, client: Any, name: str, kept: str) -> None:
        """A name is kept stripped; none at all is "player"."""
        room = client.post("/api/rooms", json={"game": "aztack", "seed": 1}).json()["room"]
        assert client.post(f"/api/rooms/{room}/seats/0", json={"name": name}).status_code == 200
        assert client.get(f"/api/rooms/{room}").json()["seats"][0]["name"] == kept

    @pytest.mark.parametrize("name", ["x" * 41, "a\nb", "tab\there", 7])
    def test_a_name_refused_by_the_server_and_by_records(self, client: Any, name: object) -> None:
        """Over 40 characters or a control character inside: 400, and no record holds it."""
        room = client.post("/api/rooms", json={"game": "aztack", "seed": 1}).json()["room"]
        assert client.post(f"/api/rooms/{room}/seats/0", json={"name": name}).status_code == 400
        with pytest.raises((ConfigurationError, tilegames.WrongTypeError)):
            record_of("aztack", [], players=2, seed=1, tags={"Seat 0": name})  # type: ignore[arg-type]
        bots = {"1": name}
        answer = client.post("/api/rooms", json={"game": "aztack", "seed": 1, "bots": bots})
        assert answer.status_code == 400


class TestCommandLine:
    """--option values are read as the game declares them, and checked as records check them."""

    def test_a_list_a_mapping_and_a_record(self, tmp_path: Path) -> None:
        """A comma-separated set and a JSON mapping start the game; its record loads back."""
        saved = tmp_path / "game.json"
        result = in_process(
            "demo", "polygon", "--option", "tiles=1,2,3,w", "--option", "board={}",
            "--seed", "3", "--record", str(saved), cwd=tmp_path,
        )  # fmt: skip
        assert result.returncode == 0, result.stderr
        record = loads(saved.read_text())
        assert record.options == (("board", ()), ("tiles", ("1", "2", "3", "W")))
        assert tilegames.get("polygon").is_over(records.final_state(record))

    def test_a_refused_value_has_new_games_message(self, tmp_path: Path) -> None:
        """The error is new_game's own message, status 2."""
        with pytest.raises(ConfigurationError) as by_new_game:
            tilegames.get("aztack").new_game(mode="fast")
        result = in_process("demo", "aztack", "--option", "mode=fast", cwd=tmp_path)
        assert result.returncode == 2
        assert f"error: {by_new_game.value}" in result.stderr
