"""Hostile documents (issue 13): only InvalidStateError escapes loading, in bounded work.

A seeded corpus of documents made from real positions of every game (a
state, a view, a move and an outcome; and from an explicit-chance game, a
state and a view at a chance step and a chance outcome), each changed in the
ways a hostile
sender would: every field given a value of each wrong type, values nested at
and over the depth limit, arrays at and over the size limit, huge ints,
floats, NaN and duplicate keys in the text. Hypothesis adds random values at
random places. Each changed document is either refused with
:class:`~tilegames.InvalidStateError` (a ``ValueError``) or loads to a value
that plays on.
"""

from __future__ import annotations

import copy
import functools
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import texts
import tilegames
from document_mutations import mutate, mutations
from serialize_documents import positions
from tiers import examples, size
from tilegames import CHANCE, InvalidStateError, Outcome, axio, axio_rota, aztack, polygon
from tilegames.rng import Stream
from tilegames.serialize import MAX_DEPTH, MAX_ENTRIES, from_dict, from_json, to_dict, to_json

GAMES = {"axio-rota": axio_rota, "axio": axio, "aztack": aztack, "polygon": polygon}

WRONG_VALUES: tuple[Any, ...] = (
    None,
    True,
    -1,
    2**64,
    -(2**63) - 1,
    1.0,
    float("inf"),
    "",
    "x",
    [],
    [0, 0, 0],
    {},
    {"x": 1},
)
"""Values of every JSON type (and out-of-range ints) put in place of each field."""

WRONG_STRIDE = size(everyday=6, deep=2)
"""Each field gets every other wrong value in the deep tier, every sixth in the everyday tier,
in turn (field ``n`` the values ``n % 6``, ``n % 6 + 6``, ... everyday), so that each value
still meets fields of every document."""


KEYS = ("State", "View", "Move", "Outcome", "Explicit State", "Explicit View", "Chance Move")
"""The documents of each game: a seeded game's, and an explicit game's at a chance step."""

ENTRY_KEYS = KEYS[:: size(everyday=5, deep=1)]  # everyday: a seeded state, an explicit view
"""The documents brought to MAX_ENTRIES values: every one in the deep tier; a state, an
outcome and a chance move (a third, each kind of value) in the everyday tier, where each
costs two documents of 50,000 values."""

MOVE_KINDS = {"axio-rota": axio_rota.AnyMove, "axio": axio.Move, "aztack": aztack.Move}
MOVE_KINDS["polygon"] = polygon.Action
"""Each game's class (or union) of every move, chance's outcomes among them."""


def real_values(name: str, seed: int) -> dict[str, Any]:
    """A state some way into a game of ``name``, its seat-0 view, the move made and the outcome.

    And the same from an explicit game (``chance="explicit"``): a state where
    chance is to move, some way in, its seat-0 view and an outcome chance may
    apply there.
    """
    rules = tilegames.get(name)
    middle = last = move = None
    for number, (state, made) in enumerate(positions(name, seed)):
        if number == 9:
            middle, move = state, made
        last = state
    assert middle is not None
    assert move is not None
    assert last is not None
    outcome = rules.outcome(last)
    assert outcome is not None
    explicit = explicit_chance_step(name, seed)
    listed = rules.legal_moves(explicit)
    return {
        "State": middle,
        "View": rules.view(middle, 0),
        "Move": move,
        "Outcome": outcome,
        "Explicit State": explicit,
        "Explicit View": rules.view(explicit, 0),
        "Chance Move": listed[len(listed) // 2],
    }


def explicit_chance_step(name: str, seed: int) -> Any:
    """The first state of a random explicit game, after move 9, at which chance is to move."""
    rules = tilegames.get(name)
    setup = rules.setups[seed % len(rules.setups)]
    state = rules.new_game(**setup.kwargs, chance="explicit")
    stream = Stream(seed)
    number = 0
    while number < 9 or rules.to_move(state) != (CHANCE,):
        listed = rules.legal_moves(state)
        assert listed, "the game waits for chance again before it ends"
        state = rules.apply(state, listed[stream.randbelow(len(listed))])
        number += 1
    return state


def kind_of(name: str, key: str) -> Any:
    """The class to load a document of ``key`` (State, View, Move, Outcome...) of ``name``."""
    if key == "Outcome":
        return Outcome
    if key == "Chance Move":
        return MOVE_KINDS[name]
    return getattr(GAMES[name], key.removeprefix("Explicit "))


@pytest.fixture(scope="module")
def corpus() -> dict[str, dict[str, Any]]:
    """Real values of every game, from seed 3."""
    return {name: real_values(name, 3) for name in GAMES}


def field_paths(data: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """The path of every object member inside ``data`` (the fields, and fields of fields)."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield (*prefix, key)
            yield from field_paths(value, (*prefix, key))
    elif isinstance(data, list) and data:
        yield from field_paths(data[0], (*prefix, 0))  # the first item stands for the rest


def replaced(document: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    """A copy of ``document`` with ``data`` at ``path`` set to ``value``."""
    changed = copy.deepcopy(document)
    target = changed["data"]
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return changed


def plays_on(name: str, value: Any, base: dict[str, Any]) -> None:
    """A value that loaded is one the rules can use: it writes back equal, and play goes on."""
    rules = tilegames.get(name)
    kind = type(value)
    assert from_json(to_json(value), kind) == value
    state = value
    if kind is GAMES[name].View:
        determinize = rules.determinize
        assert determinize is not None
        state = determinize(value, Stream(1))
    if kind is Outcome:
        assert value.winners <= frozenset(range(len(value.scores)))
        return
    if kind not in (GAMES[name].State, GAMES[name].View):  # a move: judged against the position
        reason = rules.why_illegal(base["State"], value)
        assert reason is None or isinstance(reason, str)
        return
    moves = rules.legal_moves(state)
    assert rules.is_over(state) == (len(moves) == 0)
    if moves:
        rules.apply(state, moves[0])


def load_or_refuse(name: str, document: Any, kind: Any, base: dict[str, Any]) -> str | None:
    """Load ``document`` both ways; the error text if refused, else check the value plays on."""
    try:
        text = json.dumps(document)
    except (TypeError, ValueError):
        text = None
    try:
        value = from_dict(document, kind)
    except InvalidStateError as error:
        if text is not None:  # the text says the same
            with pytest.raises(InvalidStateError):
                from_json(text, kind)
        return str(error)
    plays_on(name, value, base)
    if text is not None:
        assert from_json(text, kind) == value
    return None


def test_the_one_error_is_a_value_error() -> None:
    """InvalidStateError, the one error loading raises, is a ValueError."""
    assert issubclass(InvalidStateError, ValueError)


class TestWrongTypes:
    """Each field of each real document, given a value of each wrong type, is refused or plays."""

    @pytest.mark.parametrize("name", sorted(GAMES))
    @pytest.mark.parametrize("key", KEYS)
    def test_every_field(self, corpus: dict[str, dict[str, Any]], name: str, key: str) -> None:
        """No exception but InvalidStateError, for every field and every wrong value (a fourth of
        them per field, in turn, in the everyday tier)."""
        base = corpus[name]
        document = to_dict(base[key], game=name)
        paths = list(field_paths(document["data"]))
        assert paths, "every document has fields"
        refusals = 0
        for number, path in enumerate(paths):
            for value in WRONG_VALUES[number % WRONG_STRIDE :: WRONG_STRIDE]:
                refusals += (
                    load_or_refuse(name, replaced(document, path, value), kind_of(name, key), base)
                    is not None
                )
        assert refusals > 0

    @pytest.mark.parametrize("name", sorted(GAMES))
    @pytest.mark.parametrize("key", KEYS)
    def test_envelope(self, corpus: dict[str, dict[str, Any]], name: str, key: str) -> None:
        """Each member of the envelope given each wrong value is refused, naming the member."""
        document = to_dict(corpus[name][key], game=name)
        for member in ("format", "version", "game", "type"):
            for value in WRONG_VALUES:
                changed = {**document, member: value}
                with pytest.raises(InvalidStateError, match=f"^{member}: "):
                    from_dict(changed, kind_of(name, key))


def nested(depth: int, leaf: Any = 0) -> Any:
    """``leaf`` inside ``depth`` arrays, built by a loop."""
    for _ in range(depth):
        leaf = [leaf]
    return leaf


class TestLimits:
    """Deep and huge documents of every game are refused by the limits, before any field."""

    @pytest.mark.parametrize("name", sorted(GAMES))
    @pytest.mark.parametrize("key", KEYS)
    def test_depth_at_and_over(
        self, corpus: dict[str, dict[str, Any]], name: str, key: str
    ) -> None:
        """A first field nested to MAX_DEPTH reaches the field checks; one more level does not.

        The document is depth 1 and ``data`` depth 2, so the field's value nested
        in MAX_DEPTH - 2 arrays makes the document exactly MAX_DEPTH deep.
        """
        document = to_dict(corpus[name][key], game=name)
        first = next(iter(document["data"]))
        kind = kind_of(name, key)
        for depth, refused_by_limit in ((MAX_DEPTH - 2, False), (MAX_DEPTH - 1, True)):
            changed = replaced(document, (first,), nested(depth))
            with pytest.raises(InvalidStateError) as from_data:
                from_dict(changed, kind)
            with pytest.raises(InvalidStateError) as from_text:
                from_json(json.dumps(changed), kind)
            for raised in (from_data, from_text):
                message = str(raised.value)
                assert message.startswith(f"document: data.{first}") == refused_by_limit, message
                assert ("MAX_DEPTH" in message) == refused_by_limit, message

    @pytest.mark.parametrize("name", sorted(GAMES))
    @pytest.mark.parametrize("key", ENTRY_KEYS)
    def test_entries_at_and_over(
        self, corpus: dict[str, dict[str, Any]], name: str, key: str
    ) -> None:
        """A first field made an array that brings the document to MAX_ENTRIES values reaches
        the field checks; one item more is refused by the count."""
        document = to_dict(corpus[name][key], game=name)
        first = next(iter(document["data"]))
        kind = kind_of(name, key)
        emptied = replaced(document, (first,), [])
        size = count_values(emptied)
        for items, refused_by_limit in (
            (MAX_ENTRIES - size, False),
            (MAX_ENTRIES - size + 1, True),
        ):
            changed = replaced(emptied, (first,), [0] * items)
            assert count_values(changed) == MAX_ENTRIES + refused_by_limit
            with pytest.raises(InvalidStateError) as raised:
                from_dict(changed, kind)
            message = str(raised.value)
            assert ("MAX_ENTRIES" in message) == refused_by_limit, message

    def test_wide_and_deep_in_text(self) -> None:
        """Texts the parser reads, or fails on, are InvalidStateErrors naming the document."""
        texts = [
            "[" * 100_000 + "]" * 100_000,
            '{"format": ' + "[" * 990 + "]" * 990 + "}",
            "[" + "0," * 300_000 + "0]",
            " " * 1_000_001,
        ]
        for text in texts:
            with pytest.raises(InvalidStateError, match=r"^document: "):
                from_json(text, polygon.Place)


def count_values(document: Any) -> int:
    """The values in a document, counted by a plain walk (the reference for MAX_ENTRIES)."""
    if isinstance(document, dict):
        return 1 + sum(count_values(value) for value in document.values())
    if isinstance(document, list):
        return 1 + sum(count_values(value) for value in document)
    return 1


def text_mutations(text: str, seed: int) -> Iterator[str]:
    """Changed JSON texts: numbers made huge, floats or NaN, a key repeated, a cut."""
    generator = random.Random(seed)
    digits = [i for i, char in enumerate(text) if char.isdigit()]
    for replacement in ("9" * 5000, "1.0", "1e400", "NaN", "-Infinity", "-0", "1E2"):
        where = generator.choice(digits)
        yield text[:where] + replacement + text[where + 1 :]
    yield text.replace('"data":{', '"data":{"format":1,', 1).replace("{", '{"a":1,"a":2,', 1)
    yield text[: generator.randrange(len(text))]
    yield text.replace(",", ",,", 1)


class TestTexts:
    """Changed texts of real documents are refused or load, never another error."""

    @pytest.mark.parametrize("name", sorted(GAMES))
    @pytest.mark.parametrize("seed", range(4))
    def test_seeded(self, corpus: dict[str, dict[str, Any]], name: str, seed: int) -> None:
        """Every mutation of every document of the game."""
        base = corpus[name]
        for key in KEYS:
            kind = kind_of(name, key)
            for text in text_mutations(to_json(base[key], game=name), seed):
                try:
                    value = from_json(text, kind)
                except InvalidStateError:
                    continue
                plays_on(name, value, base)


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()
    | texts.text(max_size=5)
    | st.sampled_from(["W", "X2", "B", "State", "Place"]),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(texts.text(max_size=3), inner, max_size=3)
    ),
    max_leaves=8,
)


class TestRandomValues:
    """Hypothesis: any JSON value at any field of any document, and any text, is safe."""

    @pytest.mark.parametrize("name", sorted(GAMES))
    @settings(
        max_examples=40,
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )
    @given(
        key=st.sampled_from(KEYS),
        where=st.integers(0, 10**6),
        value=JSON_VALUES,
    )
    def test_value_anywhere(
        self, corpus: dict[str, dict[str, Any]], name: str, key: str, where: int, value: Any
    ) -> None:
        """Refused with InvalidStateError, or loaded to a value that plays on."""
        document = to_dict(corpus[name][key], game=name)
        paths = list(field_paths(document["data"]))
        load_or_refuse(
            name,
            replaced(document, paths[where % len(paths)], value),
            kind_of(name, key),
            corpus[name],
        )

    @settings(max_examples=examples(100), deadline=None)
    @given(text=texts.text(max_size=200) | st.binary(max_size=200))
    def test_any_text(self, text: str | bytes) -> None:
        """Arbitrary text or bytes are refused with InvalidStateError."""
        with pytest.raises(InvalidStateError):
            from_json(text, axio_rota.Place)

    @settings(max_examples=examples(100), deadline=None)
    @given(document=JSON_VALUES)
    def test_any_document(self, document: Any) -> None:
        """Arbitrary parsed values are refused with InvalidStateError."""
        with pytest.raises(InvalidStateError):
            from_dict(document, aztack.Move)


@functools.cache
def listed_moves(name: str) -> tuple[tuple[Any, Any], ...]:
    """Moves of every class of game ``name``, each with the state that listed it.

    From the first steps of a seeded and an explicit game of every setup: the
    seats' moves, and chance's outcomes at the chance steps (draws, unseen
    draws, rolls, base stones laid and stones dealt), at most 12 of a class.
    """
    rules = tilegames.get(name)
    found: dict[type, list[tuple[Any, Any]]] = {}
    for setup in rules.setups:
        for chance in ("seeded", "explicit"):
            state = rules.new_game(**setup.kwargs, seed=2, chance=chance)
            stream = Stream(2)
            for _ in range(size(everyday=40, deep=120)):
                if rules.is_over(state):
                    break
                legal = rules.legal_moves(state)
                for move in (legal[0], legal[len(legal) // 2], legal[len(legal) - 1]):
                    listed = found.setdefault(type(move), [])
                    if len(listed) < 12:
                        listed.append((move, state))
                state = rules.apply(state, legal[stream.randbelow(len(legal))])
    return tuple(pair for pairs in found.values() for pair in pairs)


def int_paths(data: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """The path of every int inside ``data`` (booleans left out)."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield from int_paths(value, (*prefix, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from int_paths(value, (*prefix, index))
    elif type(data) is int:
        yield prefix


NUMBERS = st.integers(-3, 260) | st.integers(-(2**63), 2**64 - 1)
"""Ints a document may hold: mostly near the games' ranges, some anywhere in 64 bits."""


class TestMoveNotation:
    """Every move document that loads is a move some game could see: its notation reads back."""

    @pytest.mark.parametrize("name", sorted(GAMES))
    @settings(
        max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow]
    )
    @given(
        pick=st.integers(0, 10**6),
        where=st.integers(0, 10**6),
        number=NUMBERS,
        changes=st.lists(mutations(), max_size=2),
    )
    def test_a_loaded_move_reads_back(
        self, name: str, pick: int, where: int, number: int, changes: list[Any]
    ) -> None:
        """A move document with a number changed (and other changes) is refused, or loads to a
        move whose notation parses back to the same move and whose document loads back."""
        rules = tilegames.get(name)
        moves = listed_moves(name)
        move, state = moves[pick % len(moves)]
        kind = type(move)
        written = to_dict(move)
        paths = list(int_paths(written["data"]))
        if paths:
            written = replaced(written, paths[where % len(paths)], number)
        for change in changes:
            mutate(written, change)
        try:
            loaded = from_dict(written, kind)
        except InvalidStateError:
            event("refused")
            return
        event("loaded")
        text = rules.format_move(loaded)
        assert str(loaded) == text
        assert rules.parse_move(text, state) == loaded
        assert from_json(to_json(loaded), kind) == loaded

    @pytest.mark.parametrize("name", sorted(GAMES))
    def test_every_listed_move_reads_back(self, name: str) -> None:
        """Each move listed in real games, chance's outcomes included, reads back as itself."""
        rules = tilegames.get(name)
        for move, state in listed_moves(name):
            assert rules.parse_move(rules.format_move(move), state) == move
            assert from_json(to_json(move), type(move)) == move
