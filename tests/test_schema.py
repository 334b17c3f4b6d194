"""The JSON Schemas of serialize.json_schema against the documents tilegames writes and reads.

Every document a random game writes (states, a view for each seat and the
public one, moves, the outcome, the JSON record) validates under its schema
(draft 2020-12, checked with ``jsonschema``). Then tampered documents: each
that the schema accepts is one that loading reads, or refuses only for a
rule of the game that no schema says (``validate`` and the constructors: a
tile not in the set, a score over its cap, a ranking that leaves a seat out);
each that loading reads, the schema accepts (but a seed written as a number
beyond 2**53 - 1, which reading still takes). Both kinds are counted.
"""

from __future__ import annotations

import copy
import json
import random
import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from unittest import mock

import attrs
import pytest

import tilegames
import toy_game
from cli_support import run_command
from random_games import every_state
from tiers import DEEP, size
from tilegames import (
    ConfigurationError,
    InvalidStateError,
    RecordError,
    WrongTypeError,
    axio,
    check_options,
    polygon,
    records,
)
from tilegames.serialize import (
    MAX_SAFE_INT,
    SCHEMA_KINDS,
    _format,
    _read,
    from_dict,
    json_schema,
    to_dict,
)
from tilegames.serialize._schema import digits_between

jsonschema = pytest.importorskip("jsonschema", reason="jsonschema is in the test extra")

GAMES = ("axio-rota", "axio", "aztack", "polygon")
DOCUMENTS = ("state", "view", "move", "outcome")

_VALIDATORS: dict[tuple[str, str], Any] = {}


def inlined(schema: dict[str, Any]) -> dict[str, Any]:
    """The same schema with each reference to its ``$defs`` written out where it is used.

    It accepts exactly what the schema accepts (a reference that leads back to
    itself stays a reference); ``jsonschema`` validates it about twice as fast,
    as it no longer looks a reference up at every value.
    """
    defs: dict[str, Any] = schema.get("$defs", {})
    prefix = "#/$defs/"

    def walk(node: Any, within: frozenset[str]) -> Any:
        if isinstance(node, list):
            return [walk(value, within) for value in node]
        if not isinstance(node, dict):
            return node
        reference = node.get("$ref")
        if isinstance(reference, str) and reference.startswith(prefix):
            name = reference[len(prefix) :]
            if name in within:
                return node
            target = walk(defs[name], within | {name})
            rest = {key: walk(value, within) for key, value in node.items() if key != "$ref"}
            if set(rest) <= {"description", "title"}:  # words only: nothing to validate
                return {**target, **rest}
            return {**rest, "allOf": [target]}
        return {
            key: value if key == "$defs" else walk(value, within) for key, value in node.items()
        }

    return dict(walk(schema, frozenset()))


def validator(game: str, kind: str) -> Any:
    """The validator of a game's schema of ``kind``, made once (its references written out)."""
    if (game, kind) not in _VALIDATORS:
        schema = json_schema(game, kind)
        jsonschema.Draft202012Validator.check_schema(schema)
        _VALIDATORS[game, kind] = jsonschema.Draft202012Validator(inlined(schema))
    return _VALIDATORS[game, kind]


def errors(game: str, kind: str, document: Any) -> list[str]:
    return [
        f"{'/'.join(map(str, error.absolute_path))}: {error.message}"
        for error in validator(game, kind).iter_errors(document)
    ]


def setups(game: str) -> list[tuple[int, dict[str, Any]]]:
    """Every declared setup and an explicit-chance game, as (players, options)."""
    rules = tilegames.get(game)
    found = [(setup.players, dict(setup.options)) for setup in rules.setups]
    found.append((rules.setups[0].players, {"chance": "explicit"}))
    return found


def written(
    game: str, players: int, options: dict[str, Any], seed: int, every: int
) -> Iterator[tuple[str, dict[str, Any]]]:
    """The documents of one random game: each ``every``-th state, its views, every move, the
    outcome and the JSON record, as ``(kind, document)``."""
    rules = tilegames.get(game)
    states = every_state(rules, players, seed, **options)
    for number, state in enumerate(states):
        if number % every == 0 or number == len(states) - 1:
            yield "state", to_dict(state)
            for seat in (*range(rules.players(state)), None):
                yield "view", to_dict(rules.view(state, seat))
    moves = []
    chooser = random.Random(seed)  # every_state's choices, again
    for state in states[:-1]:
        listed = rules.legal_moves(state)
        moves.append(listed[chooser.randrange(len(listed))])
    for move in moves[:: max(1, every // 4)]:
        yield "move", to_dict(move)
    outcome = rules.outcome(states[-1])
    assert outcome is not None
    yield "outcome", to_dict(outcome)
    record = records.record_of(game, moves, players=players, seed=seed, **options)
    yield "record", json.loads(records.dumps(record, format="json"))


def played(game: str, games: int, every: int) -> list[tuple[str, dict[str, Any]]]:
    found: list[tuple[str, dict[str, Any]]] = []
    for index, (players, options) in enumerate(setups(game)[:games]):
        found += written(game, players, options, seed=100 + index, every=every)
    return found


class TestSchemas:
    @pytest.mark.parametrize("game", GAMES)
    @pytest.mark.parametrize("kind", SCHEMA_KINDS)
    def test_valid_draft_2020_12(self, game: str, kind: str) -> None:
        """Each schema is a valid draft 2020-12 schema naming its draft, and JSON itself."""
        schema = json_schema(game, kind)
        assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
        jsonschema.Draft202012Validator.check_schema(schema)
        assert json.loads(json.dumps(schema)) == schema

    def test_one_field_one_property(self) -> None:
        """A class's schema lists exactly its fields, and requires those that are not optional."""
        schema = json_schema("polygon", "state")
        state = schema["$defs"]["State"]
        fields = [field.name for field in polygon.State.__attrs_attrs__ if field.init]
        assert list(state["properties"]) == fields
        assert "tiles" not in state["required"]
        assert "seed" in state["required"]
        assert state["additionalProperties"] is False

    def test_a_new_copy_each_call(self) -> None:
        """Changing a schema returned changes no later one."""
        json_schema("aztack", "move")["$defs"].clear()
        assert json_schema("aztack", "move")["$defs"]

    def test_words_from_the_docstrings(self) -> None:
        """Descriptions are the classes' first paragraphs, roles and literals as plain text."""
        assert json_schema("axio", "state")["description"] == (
            "AXIO: a document holding a State: "
            "A position of AXIO: everything, hidden parts included."
        )
        assert json_schema("axio", "outcome")["description"] == (
            "AXIO: a document holding an Outcome: The result of a finished game."
        )
        # :func:`~tilegames.polygon.view`: the last part of the name alone
        assert json_schema("polygon", "view")["$defs"]["View"]["description"] == (
            "What any seat may see of a state (POLY-16): built by view."
        )
        fields = json_schema("axio", "view")["$defs"]["View"]["properties"]
        # :attr:`State.mode`, without a tilde: the name as written
        assert fields["mode"]["description"] == "The variant, as in State.mode."
        assert fields["seat"]["description"] == (
            "The seat this view is for; `None` in the public view (an onlooker's)."
        )

    def test_rules_or_name(self) -> None:
        """A game's RULES gives the same schema as its name."""
        assert json_schema(axio.RULES, "view") == json_schema("axio", "view")

    def test_refuses(self) -> None:
        """An unknown kind or game, or a kind that is no string, is refused, naming the kinds."""
        with pytest.raises(ConfigurationError, match="state, view, move, outcome, record"):
            json_schema("axio", "States")
        with pytest.raises(WrongTypeError, match="kind is one of"):
            json_schema("axio", 3)  # type: ignore[arg-type]
        with pytest.raises(WrongTypeError, match="registry name"):
            json_schema(3, "state")  # type: ignore[arg-type]
        with pytest.raises(tilegames.UnknownGameError):
            json_schema("chess", "state")


class TestGamesOfOnesOwn:
    """The schemas of a game of one's own: made from its classes as they are declared."""

    def test_a_field_of_a_type_with_no_json_form(self) -> None:
        """A field of a type no document holds (a float) has no schema: it is refused."""
        floating = attrs.make_class("Floating", {"ratio": attrs.field(type=float)})
        rules = attrs.evolve(toy_game.RULES, name="zz-floating", state_type=floating)
        with pytest.raises(TypeError) as raised:
            json_schema(rules, "state")
        assert str(raised.value) == "a value declared as <class 'float'> has no JSON form"

    def test_a_kind_the_game_declares_no_class_for(self) -> None:
        """A game without move classes, or whose state is no attrs class, has no schema of
        that kind of document."""
        moveless = attrs.evolve(toy_game.RULES, name="zz-moveless", move_types=())
        with pytest.raises(TypeError) as raised:
            json_schema(moveless, "move")
        assert str(raised.value) == "zz-moveless declares no class for its move documents"
        plain = attrs.evolve(toy_game.RULES, name="zz-plain", state_type=dict, view_type=None)
        for kind in ("state", "view"):
            with pytest.raises(TypeError) as raised:
                json_schema(plain, kind)
            assert str(raised.value) == f"zz-plain declares no class for its {kind} documents"

    def test_a_class_without_source_has_fields_without_words(self) -> None:
        """A class made without source (``attrs.make_class``) has its fields in the schema,
        with no description, as no docstring stands below them."""
        made = attrs.make_class("Made", {"turn": attrs.field(type=int)})
        rules = attrs.evolve(toy_game.RULES, name="zz-made", state_type=made)
        fields = json_schema(rules, "state")["$defs"]["Made"]
        assert fields["properties"] == {"turn": {"$ref": "#/$defs/Int"}}
        assert fields["required"] == ["turn"]

    def test_record_options_of_a_game_that_declares_none(self) -> None:
        """A game that declares no options: a record's options are any names a record takes
        (not ``players`` or ``seed``) with JSON's scalars and arrays of them, as loading
        reads them; an object, a fraction or an int past 2**53 - 1 is refused by both."""
        rules = attrs.evolve(toy_game.RULES, name="zz-optionless", options=None)
        schema = json_schema(rules, "record")
        check = jsonschema.Draft202012Validator(schema)
        options = {"size": 3, "fast": False, "name": "x", "none": None, "rows": [[1, "a"], []]}
        record = records.Record("zz-optionless", 2, (), seed=1, options=options)
        document = json.loads(records.dumps(record, format="json"))
        assert not list(check.iter_errors(document))
        assert records.loads(json.dumps(document)) == record
        for name, value in [
            ("seed", 1),
            ("players", 2),
            ("2x", 1),
            ("size", {"a": 1}),
            ("size", 1.5),
            ("size", MAX_SAFE_INT + 1),
            ("size", [-MAX_SAFE_INT - 1]),
        ]:
            changed = {**document, "options": {name: value}}
            assert list(check.iter_errors(changed)), (name, value)
            with pytest.raises(RecordError):
                records.loads(json.dumps(changed))
        options_schema = schema["properties"]["options"]
        assert options_schema["description"] == "The further keyword options of new_game, by name."


class TestCommand:
    """``tilegames schema GAME KIND`` prints the schema."""

    def test_prints_the_schema(self, tmp_path: Path) -> None:
        """The output is the JSON of json_schema(GAME, KIND)."""
        done = run_command("schema", "aztack", "outcome", cwd=tmp_path)
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout) == json_schema("aztack", "outcome")

    def test_refuses_an_unknown_kind_or_game(self, tmp_path: Path) -> None:
        """A kind that is none of the five, or a game not registered, is an error (status 2)."""
        done = run_command("schema", "aztack", "states", cwd=tmp_path)
        assert done.returncode == 2
        assert "invalid choice: 'states'" in done.stderr
        done = run_command("schema", "chess", "state", cwd=tmp_path)
        assert done.returncode == 2
        assert "chess" in done.stderr


class TestInts:
    """Ints are bounded to what JavaScript reads exactly; a seed beyond is its digits."""

    def test_int_bounds(self) -> None:
        """2**53 - 1 either way validates; one past does not."""
        document = to_dict(polygon.Roll(1))
        for value, valid in ((MAX_SAFE_INT, True), (-MAX_SAFE_INT, True), (2**53, False)):
            document["data"]["symbol"] = value
            assert (not errors("polygon", "move", document)) is valid

    @pytest.mark.parametrize(
        ("seed", "valid"),
        [
            (str(2**53), True),
            (str(2**64 - 1), True),
            (str(-(2**63)), True),
            (str(2**53 - 1), False),  # a safe int is a number, never digits
            (str(2**64), False),
            (str(-(2**63) - 1), False),
            ("0" + str(2**60), False),
            (str(2**60) + "\n", False),
            (2**53 - 1, True),
            (2**53, False),  # JavaScript would round it (reading still takes it)
        ],
    )
    def test_seed(self, seed: object, valid: bool) -> None:
        """A seed's digits are valid exactly for a 64-bit int beyond 2**53 - 1."""
        document = to_dict(polygon.new_game(2, seed=1))
        document["data"]["seed"] = seed
        assert (not errors("polygon", "state", document)) == valid

    @pytest.mark.parametrize(
        ("seed", "valid"),
        [
            (str(2**53), True),  # one past the safe ints: its digits
            (str(-(2**53)), True),
            (str(10**40 - 1), True),  # 40 digits, the most a record's seed has
            ("-" + str(10**40 - 1), True),
            (str(2**53 - 1), False),  # a safe int is a number, never digits
            (str(-(2**53 - 1)), False),
            (str(10**40), False),
            (2**53 - 1, True),
            (None, True),
        ],
    )
    def test_record_seed(self, seed: object, valid: bool) -> None:
        """A record's seed is null, a safe int, or the digits of one beyond, up to 40 digits."""
        document = json.loads(
            records.dumps(records.record_of("polygon", [], players=2, seed=1), format="json")
        )
        document["seed"] = seed
        assert (not errors("polygon", "record", document)) == valid

    def test_record_seed_beyond_safe_ints_is_written_as_valid_digits(self) -> None:
        """A record written with a seed of 2**53 holds its digits, which the schema accepts."""
        record = records.record_of("polygon", [], players=2, seed=2**53)
        document = json.loads(records.dumps(record, format="json"))
        assert document["seed"] == str(2**53)
        assert not errors("polygon", "record", document)

    @pytest.mark.parametrize(("low", "high"), [(1, 9), (7, 1234), (95, 1203), (10, 10), (99, 100)])
    def test_digits_between(self, low: int, high: int) -> None:
        """The pattern matches exactly the ints low..high, without leading zeros."""
        pattern = re.compile(f"(?:{digits_between(low, high)})\\Z")
        for number in range(max(1, low - 50), high + 50):
            assert bool(pattern.match(str(number))) == (low <= number <= high), number
        assert not pattern.match("0" + str(low))

    def test_digits_between_64_bits(self) -> None:
        """At the ends of the seeds' range and around powers of ten."""
        low, high = 2**53, 2**64 - 1
        pattern = re.compile(f"(?:{digits_between(low, high)})\\Z")
        edges = [low, high, 10**16, 10**19, 10**17 - 1, 2**63]
        for edge in edges:
            for number in (edge - 1, edge, edge + 1):
                assert bool(pattern.match(str(number))) == (low <= number <= high), number


def _finished_record() -> dict[str, Any]:
    """The JSON record of a short Polygon game played to its end, with a tag and a comment."""
    tiles = ["1", "2", "3", "4", "5", "W"]
    state = polygon.new_game(2, seed=4, tiles=tiles)
    moves = []
    while not polygon.is_over(state):
        moves.append(polygon.legal_moves(state)[0])
        state = polygon.apply(state, moves[-1])
    record = records.record_of(
        "polygon",
        moves,
        players=2,
        seed=4,
        tiles=tiles,
        tags={"Event": "club night"},
        comments=[(1, " kept as typed ")],
    )
    document: dict[str, Any] = json.loads(records.dumps(record, format="json"))
    return document


class TestRecordShapes:
    """A record's tags and comments are pairs, and a result's texts are stripped one-liners,
    as loading reads them: what the schema refuses here, loading refuses too."""

    @pytest.mark.parametrize(
        ("part", "change"),
        [
            ("tag", lambda d: d["tags"][0].append("third")),
            ("tag", lambda d: d["tags"][0].pop()),
            ("comment", lambda d: d["comments"][0].append("third")),
            ("comment", lambda d: d["comments"][0].pop()),
            ("mode", lambda d: d["result"].update(mode=" team")),
            ("mode", lambda d: d["result"].update(mode="team ")),
            ("reason", lambda d: d["result"].update(reason="POLY-15 ")),
        ],
        ids=[
            "tag-of-three",
            "tag-of-one",
            "comment-of-three",
            "comment-of-one",
            "mode-spaced-before",
            "mode-spaced-after",
            "reason",
        ],
    )
    def test_refused(self, part: str, change: Any) -> None:
        """One item past a pair or short of one, or a space at an end of a result's text."""
        document = _finished_record()
        assert not errors("polygon", "record", document)
        change(document)
        assert errors("polygon", "record", document), part
        with pytest.raises(RecordError):
            records.loads(json.dumps(document))

    def test_accepted_at_the_edges(self) -> None:
        """A comment keeps its spaces; an empty mode is no mode; pairs are accepted."""
        document = _finished_record()
        assert document["comments"] == [[1, " kept as typed "]]
        assert document["result"]["mode"] == ""
        document["result"]["mode"] = "team"
        assert not errors("polygon", "record", document)


class TestWritten:
    """Every document a random game writes validates."""

    @pytest.mark.parametrize("game", GAMES)
    def test_every_document_validates(self, game: str) -> None:
        """States, views of every seat and the public one, moves, outcomes, records."""
        documents = played(game, games=size(everyday=1, deep=3), every=size(everyday=25, deep=3))
        kinds = Counter(kind for kind, _ in documents)
        assert set(kinds) == set(SCHEMA_KINDS)
        for kind, document in documents:
            assert not errors(game, kind, document), (kind, errors(game, kind, document))


# ---------------------------------------------------------------------------
# Tampered documents
# ---------------------------------------------------------------------------

VALUES: tuple[Any, ...] = (
    None,
    True,
    False,
    0,
    1,
    -1,
    2,
    5,
    61,
    MAX_SAFE_INT,
    2**53,
    -(2**53),
    2**64,
    "W",
    "X2",
    "5",
    "",
    "x",
    " x",
    "x\n",
    str(2**60),
    "123",
    1.5,
    [],
    [0],
    [0, 0],
    [None],
    ["W", "5"],
    [[0, 0]],
    {},
    {"x": 1},
)
"""What a tampered document gets in place of a value or beside it."""


def _containers(node: Any, found: list[Any]) -> list[Any]:
    if isinstance(node, (list, dict)):
        found.append(node)
        for child in node.values() if isinstance(node, dict) else node:
            _containers(child, found)
    return found


def tamper(document: dict[str, Any], chooser: random.Random) -> dict[str, Any]:
    """A copy with one to three changes: replace, drop, add, repeat, swap or nudge a value."""
    changed = copy.deepcopy(document)
    for _ in range(chooser.choice((1, 1, 2, 3))):
        containers = _containers(changed, [])
        target = chooser.choice(
            containers[1:] if len(containers) > 1 and chooser.random() < 0.9 else containers
        )
        keys = list(target) if isinstance(target, dict) else list(range(len(target)))
        value = copy.deepcopy(chooser.choice(VALUES))
        how = chooser.choice(
            ("replace", "replace", "drop", "add", "repeat", "swap", "nudge", "nudge")
        )
        if not keys:
            if isinstance(target, list):
                target.append(value)
            else:
                target[chooser.choice(("x", "seat", "tiles"))] = value
            continue
        key = chooser.choice(keys)
        if how == "nudge" and type(target[key]) is int:
            target[key] += chooser.choice((-1, 1))
        elif how == "swap" and isinstance(target, list):
            other = chooser.randrange(len(target))
            target[key], target[other] = target[other], target[key]
        elif how == "drop":
            del target[key]
        elif how == "add":
            if isinstance(target, dict):
                target[chooser.choice(("extra", "seat", "tiles", "game", "mode"))] = value
            else:
                target.insert(chooser.randrange(len(target) + 1), value)
        elif how == "repeat" and isinstance(target, list):
            target.append(copy.deepcopy(target[key]))
        else:
            target[key] = value
    return changed


_KIND_CLASS = {"state": "state_type", "view": "view_type"}


def _class_of(game: str, kind: str) -> Any:
    rules = tilegames.get(game)
    if kind == "move":
        return _moves(rules)
    if kind == "outcome":
        return tilegames.Outcome
    return getattr(rules, _KIND_CLASS[kind])


def _moves(rules: Any) -> Any:
    """A class or union ``from_dict`` accepts every move class of the game as."""
    union = rules.move_types[0]
    for kind in rules.move_types[1:]:
        union = union | kind
    return union


def _fields_only(document: dict[str, Any], cls: Any) -> None:
    """Read the document's fields as serialize's type table says, building nothing.

    Raises InvalidStateError for a field whose JSON is not of its declared type: what the
    schema must have refused.
    """
    accepted = _read._accepted(cls)
    chosen = accepted[document["type"]]

    def built(kind: Any, path: str, *args: Any, **kwargs: Any) -> Any:
        return (kind, args, tuple(sorted(kwargs.items())))

    token = _format._VERSION_READ.set(document["version"])
    try:
        with mock.patch.object(_read, "_construct", built):
            _read._decode_fields(document["data"], chosen, document["type"])
    finally:
        _format._VERSION_READ.reset(token)


def _beyond_the_schema(document: Any) -> bool:
    """Whether a loaded document says what the schema leaves out on purpose.

    A document of version 1 (the schemas describe version 2, which is written), or a
    number beyond 2**53 - 1, which JavaScript would round: a seed written as a number
    (reading still takes it; a record's seed has up to 40 digits).
    """
    if isinstance(document, dict) and document.get("version") == 1:
        return True
    pending = [document]
    while pending:
        value = pending.pop()
        if isinstance(value, dict):
            pending.extend(value.values())
        elif isinstance(value, list):
            pending.extend(value)
        elif type(value) is int and abs(value) > MAX_SAFE_INT:
            return True
    return False


def _options_only(game: str, document: Any) -> bool:
    """Whether the schema refuses a record for its options alone.

    The schema holds the options the game declares (``rules.options``), each of its
    written type; loading a record checks them against the game as ``new_game`` does,
    which takes some values in a form the schema does not describe.
    """
    found = list(validator(game, "record").iter_errors(document))
    return bool(found) and all(list(error.absolute_path)[:1] == ["options"] for error in found)


def _load_record(document: Any) -> None:
    records.loads(json.dumps(document))


def _options_refused(game: str, document: Any, error: Exception) -> bool:
    """Whether loading refused a record for an option the game's declaration refuses.

    The schema says each declared option's written type, not every rule of its
    value (a scoring table's rows, a set's tiles): loading says those, as
    ``new_game`` does.
    """
    options = document.get("options") if isinstance(document, dict) else None
    if not isinstance(options, dict):
        return False
    try:
        check_options(tilegames.get(game), [(k, _tupled(v)) for k, v in options.items()])
    except ConfigurationError as refused:
        return str(refused) == str(error)
    return False


def _tupled(value: Any) -> Any:
    return tuple(_tupled(item) for item in value) if isinstance(value, list) else value


RECORD_RULES = (
    "a comment comes after move",  # after a move that is there: the moves' count
    "scores for",  # one score a seat: the players' count
    "must place each of the",  # the ranking places every seat once
    "an outcome needs at least one seat",
    "seeded game's record needs",
)
"""What record loading checks that a schema cannot say: relations between two fields."""


def compare(game: str, count: int, seed: int) -> Counter[str]:
    """Tamper ``count`` documents of the game and compare the schema with loading."""
    chooser = random.Random(seed)
    pool = played(game, games=size(everyday=1, deep=3), every=size(everyday=20, deep=3))
    counts: Counter[str] = Counter()
    for _ in range(count):
        kind, original = chooser.choice(pool)
        document = tamper(original, chooser)
        valid = validator(game, kind).is_valid(document)  # stops at a first error
        try:
            if kind == "record":
                _load_record(document)
            else:
                from_dict(document, _class_of(game, kind))
        except (InvalidStateError, RecordError) as error:
            if not valid:
                counts["refused by both"] += 1
                continue
            if kind == "record":
                if not any(words in str(error) for words in RECORD_RULES) and not (
                    _options_refused(game, document, error)
                ):
                    pytest.fail(f"the schema accepts {document}, loading refuses it: {error}")
            else:
                try:
                    _fields_only(document, _class_of(game, kind))
                except InvalidStateError as shape:  # the schema let a wrong shape through
                    pytest.fail(f"the schema accepts {document}, reading refuses it: {shape}")
            counts["accepted, refused by a rule of the game"] += 1
            continue
        if valid:
            counts["accepted and loaded"] += 1
        elif _beyond_the_schema(document):
            counts["loaded, refused by the schema (version 1, or a number past 2**53)"] += 1
        elif kind == "record" and _options_only(game, document):
            counts["loaded, its options refused by the schema only"] += 1
        else:
            problems = errors(game, kind, document)
            pytest.fail(f"reading loads {document}, the schema refuses it: {problems}")
    return counts


TAMPERED = size(everyday=50, deep=1000)
"""Tampered documents per game."""


@pytest.mark.parametrize("game", GAMES)
def test_tampered_documents(game: str, record_property: Any) -> None:
    """A tampered document the schema accepts loads, or is refused by a rule of the game only;
    one that loads, the schema accepts."""
    counts = compare(game, TAMPERED, seed=sum(map(ord, game)))
    record_property("counts", dict(counts))
    print(f"\n{game}: {TAMPERED} tampered documents: {dict(sorted(counts.items()))}")
    assert sum(counts.values()) == TAMPERED
    if DEEP:  # enough of each kind for the comparison to say something
        assert counts["accepted and loaded"] > 0
        assert counts["accepted, refused by a rule of the game"] > 0


@pytest.mark.parametrize("game", GAMES)
def test_inlined_schemas_accept_what_the_schemas_accept(game: str) -> None:
    """The written-out schemas the tests validate with decide every document as the schemas
    themselves do: written documents and tampered ones, valid and not."""
    chooser = random.Random(game)
    pool = played(game, games=1, every=size(everyday=25, deep=5))
    plain = {kind: jsonschema.Draft202012Validator(json_schema(game, kind)) for kind, _ in pool}
    for number in range(size(everyday=20, deep=100)):
        kind, original = chooser.choice(pool)
        document = original if number % 4 == 0 else tamper(original, chooser)
        assert plain[kind].is_valid(document) == validator(game, kind).is_valid(document), document
