"""Hostile arguments: notation and ``new_game`` options raise only documented errors.

Issue 13. Text to a parser, any value to a format helper and any value to a
``new_game`` option end in a result or in one of the library's errors
(:class:`~tilegames.NotationError`, :class:`~tilegames.WrongTypeError`,
:class:`~tilegames.ConfigurationError`); never in Python's own ``ValueError``
for a long number, an ``IndexError`` or a ``TypeError`` from inside.
Whatever a parser accepts, its formatter writes back to the same value.

The decisions tested here, documented on each game's page:

* a number in notation has at most 640 digits (the lowest limit
  :func:`sys.set_int_max_str_digits` accepts), so a longer one is a
  NotationError before ``int()`` sees it, whatever the interpreter's setting;
* notation is ASCII apart from whitespace: digits of other scripts (Arabic-Indic
  U+0661, fullwidth U+FF11) and other non-ASCII characters are refused, so a move has one
  spelling.
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import string
from collections.abc import Callable
from fractions import Fraction
from types import ModuleType
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import texts
import tilegames
from step_budget import step_budget
from tiers import examples
from tilegames import (
    ConfigurationError,
    NotationError,
    RecordError,
    UnknownGameError,
    WrongTypeError,
    axio,
    axio_rota,
    aztack,
    chance,
    polygon,
    records,
)
from tilegames.rng import Stream

DOCUMENTED = (NotationError, WrongTypeError, ConfigurationError)
"""The errors a hostile argument may raise."""

LIMIT = 640
"""The most digits a number in notation may have."""
AT_LIMIT = "9" * LIMIT
OVER_LIMIT = "9" * (LIMIT + 1)

MODULES: dict[str, ModuleType] = {
    "axio": axio,
    "axio-rota": axio_rota,
    "aztack": aztack,
    "polygon": polygon,
}
STATES: dict[str, Any] = {name: module.new_game(seed=5) for name, module in MODULES.items()}

# Each game's move text with one number replaced by ``n``, and where that
# number lands in the parsed move.
NUMBERED: dict[str, tuple[Callable[[str], str], Callable[[Any], int]]] = {
    "axio": (lambda n: f"R{n},0/B1,0", lambda m: max(q for q, _ in m.cells)),
    "axio-rota": (lambda n: f"{n},0:0", lambda m: m.cell[0]),
    "aztack": (lambda n: f"0:{n}@0,0/1,0", lambda m: m.stone),
    "polygon": (lambda n: f"3@{n},0", lambda m: m.space[0]),
}


class TestLongNumbers:
    """A number of more than 640 digits is a NotationError, not Python's ValueError."""

    @pytest.mark.parametrize("name", MODULES)
    def test_at_the_limit(self, name: str) -> None:
        """640 digits parse to that number and format back to the same text's move."""
        module, (write, read) = MODULES[name], NUMBERED[name]
        move = module.parse_move(write(AT_LIMIT), STATES[name])
        assert read(move) == 10**LIMIT - 1
        assert module.parse_move(module.format_move(move), STATES[name]) == move

    @pytest.mark.parametrize("name", MODULES)
    def test_one_digit_over(self, name: str) -> None:
        """641 digits are refused, saying the number is too long."""
        module, (write, _) = MODULES[name], NUMBERED[name]
        with pytest.raises(NotationError, match=r"too long: 641 digits.*at most 640"):
            module.parse_move(write(OVER_LIMIT), STATES[name])

    @pytest.mark.parametrize("name", MODULES)
    def test_over_pythons_own_limit(self, name: str) -> None:
        """5000 digits (over Python's 4300) are a NotationError, as in the issue."""
        module, (write, _) = MODULES[name], NUMBERED[name]
        with pytest.raises(NotationError, match="too long: 5000 digits"):
            module.parse_move(write("9" * 5000), STATES[name])

    def test_issue_example(self) -> None:
        """The issue's ``axio_rota.parse_move("9"*5000 + ",0:0")``."""
        with pytest.raises(NotationError, match="too long"):
            axio_rota.parse_move("9" * 5000 + ",0:0")

    def test_signs_and_zeros_count_as_written(self) -> None:
        """A sign is not a digit; leading zeros are."""
        negative = axio_rota.parse_move(f"-{AT_LIMIT},0:0")
        assert isinstance(negative, axio_rota.Place)
        assert negative.cell == (-(10**LIMIT - 1), 0)
        with pytest.raises(NotationError, match="641 digits"):
            axio_rota.parse_move(f"0{AT_LIMIT},0:0")
        zeros = axio_rota.parse_move(f"{'0' * (LIMIT - 1)}7,0:0")
        assert isinstance(zeros, axio_rota.Place)
        assert zeros.cell == (7, 0)

    def test_every_aztack_number_is_bounded(self) -> None:
        """Seat, stone, cells and discard are each refused over the limit."""
        texts = [
            f"{OVER_LIMIT}:1@0,0/1,0",
            f"0:1@{OVER_LIMIT},0/1,0",
            f"0:1@0,{OVER_LIMIT}/1,0",
            f"0:1@0,0/{OVER_LIMIT},0",
            f"0:1@0,0/1,{OVER_LIMIT}",
            f"0:1@0,0/1,0x{OVER_LIMIT}",
            f"{OVER_LIMIT}:pass",
        ]
        for text in texts:
            with pytest.raises(NotationError, match="641 digits"):
                aztack.parse_move(text)
        assert aztack.parse_move(f"{AT_LIMIT}:pass") == aztack.Pass(10**LIMIT - 1)

    def test_formatting_a_number_at_the_limit(self) -> None:
        """A move whose numbers have 640 digits is written; one of 641 is refused."""
        big, bigger = 10**LIMIT - 1, 10**LIMIT
        assert axio_rota.format_move(axio_rota.Place((big, 0), 0)) == f"{AT_LIMIT},0:0"
        assert polygon.format_move(polygon.Place("3", (0, -big))) == f"3@0,-{AT_LIMIT}"
        assert aztack.format_move(aztack.Pass(big)) == f"{AT_LIMIT}:pass"
        assert axio.format_move(axio.Place(((big, 0), (big, 1)), (0, 0))).startswith(
            f"R{AT_LIMIT},0/"
        )
        refused: list[Callable[[], str]] = [
            lambda: axio_rota.format_move(axio_rota.Place((bigger, 0), 0)),
            lambda: polygon.format_move(polygon.Place("3", (0, -bigger))),
            lambda: aztack.format_move(aztack.Pass(bigger)),
            lambda: aztack.format_move(aztack.Place(0, 1, (0, 0), (1, 0), bigger)),
            lambda: axio.format_move(axio.Place(((bigger, 0), (bigger, 1)), (0, 0))),
        ]
        for write in refused:
            with pytest.raises(NotationError, match="641 or more digits"):
                write()


UNICODE_TEXTS: dict[str, tuple[str, ...]] = {
    "axio": ("R\u0661,0/B1,0", "R1,0/B\uff10,0", "\u212aeep"),
    "axio-rota": ("\u0661,0:0", "0,\uff10:1", "0,0:0\u0280"),
    "aztack": ("0:\u0661@0,0/1,0", "\uff10:pass", "0:1@0,0/1,0\u0445"),
    "polygon": ("3@\u0661,0", "3@0,\u0967", "\u0445\u0032@-"),
}
"""Digits of other scripts (Arabic-Indic, fullwidth, Devanagari) and look-alike letters."""
ASCII_TEXTS: dict[str, str] = {
    "axio": "R1,0/B1,0",
    "axio-rota": "1,0:0",
    "aztack": "0:1@0,0/1,0",
    "polygon": "3@1,0",
}


class TestUnicode:
    """Notation is ASCII apart from whitespace: one spelling per move."""

    @pytest.mark.parametrize("name", MODULES)
    def test_non_ascii_refused(self, name: str) -> None:
        """Other scripts' digits and look-alikes are a NotationError naming the character."""
        for text in UNICODE_TEXTS[name]:
            with pytest.raises(NotationError, match=r"holds .* \(U\+[0-9A-F]{4}\).*ASCII"):
                MODULES[name].parse_move(text, STATES[name])

    @pytest.mark.parametrize("name", MODULES)
    def test_ascii_spelling_accepted(self, name: str) -> None:
        """The same move in ASCII digits parses (the issue's U+0661 written ``1``)."""
        module = MODULES[name]
        move = module.parse_move(ASCII_TEXTS[name], STATES[name])
        assert module.format_move(move).replace(" ", "") in {ASCII_TEXTS[name], "B1,0/R1,0"}

    def test_unicode_whitespace_is_whitespace(self) -> None:
        """Whitespace of any script is still ignored around the text."""
        assert axio_rota.parse_move("\u30001,0:0\u00a0") == axio_rota.Place((1, 0), 0)

    def test_tile_and_stone_parsers(self) -> None:
        """The tile and stone parsers refuse non-ASCII characters too."""
        for parse, text in (
            (axio.parse_tile, "R\u0299"),
            (axio_rota.parse_tile, "RG.\u0280"),
            (aztack.parse_stone, "Gf\u041ew"),
        ):
            with pytest.raises(NotationError, match="ASCII"):
                parse(text)


class TestIssueExamples:
    """The raw internal errors of the issue, now documented errors."""

    @pytest.mark.parametrize("value", ["", {}, None, (0,), (0, 1, 2), 5])
    def test_axio_format_tile(self, value: object) -> None:
        """``axio.format_tile`` of a non-pair is a WrongTypeError."""
        with pytest.raises(WrongTypeError, match=r"axio\.format_tile expects a tile"):
            axio.format_tile(value)  # type: ignore[arg-type]

    def test_format_tile_unhashable_colour(self) -> None:
        """A corner that is no colour (even an unhashable one) is written ``?``."""
        assert axio.format_tile(([], 0)) == "?R"  # type: ignore[arg-type]
        assert axio_rota.format_tile(({}, 0, None, True)) == "?R.?"  # type: ignore[arg-type]

    @pytest.mark.parametrize("parse", [axio.parse_tile, axio_rota.parse_tile, aztack.parse_stone])
    def test_parse_none(self, parse: Callable[[object], object]) -> None:
        """Parsing ``None`` is a WrongTypeError."""
        with pytest.raises(WrongTypeError):
            parse(None)

    @pytest.mark.parametrize(
        ("module", "option"),
        [(axio, "tiles"), (axio_rota, "tiles"), (aztack, "stones"), (polygon, "tiles")],
    )
    def test_set_option_not_iterable(self, module: ModuleType, option: str) -> None:
        """``new_game(tiles=5)`` is a ConfigurationError naming the option."""
        with pytest.raises(ConfigurationError, match=rf"^{option} must be a collection"):
            module.new_game(**{option: 5})

    @pytest.mark.parametrize("half", [(5, 0), (0, 4), (-1, 0), (99, 99)])
    def test_aztack_half_out_of_range(self, half: tuple[int, int]) -> None:
        """A colour over 0..4 or a glyph over 0..3 is a NotationError (still a ValueError)."""
        with pytest.raises(NotationError, match=r"format_half: half .* colour must be 0\.\.4"):
            aztack.format_half(half)
        with pytest.raises(NotationError, match=r"format_stone: half .* glyph 0\.\.3"):
            aztack.format_stone(((0, 0), half))

    def test_aztack_half_at_the_edges(self) -> None:
        """Colour 4 and glyph 3, the last of each, are written."""
        assert aztack.format_half((4, 3)) == "Rt"
        assert aztack.format_stone(((4, 3), (0, 0))) == "RtGf"


class TestEndlessSets:
    """A set option is read no further than one past the largest set."""

    def test_axio(self) -> None:
        """An endless ``tiles`` is refused as 1025 tiles; 1024 are accepted."""
        with pytest.raises(ConfigurationError, match="1025 tiles"):
            axio.new_game(tiles=itertools.repeat("RB"))
        assert axio.bag_size(axio.new_game(2, tiles=iter(["RB"] * 1024))) == 1024 - 12

    def test_aztack(self) -> None:
        """An endless ``stones`` is refused as 241 stones; 240 are accepted."""
        with pytest.raises(ConfigurationError, match="241 stones"):
            aztack.new_game(stones=itertools.cycle(aztack.STANDARD_STONES))
        standard = aztack.STANDARD_STONES
        state = aztack.new_game(2, stones=itertools.islice(itertools.cycle(standard), 240))
        assert len(state.stones) == 240


# ---------------------------------------------------------------------------
# Properties
# ---------------------------------------------------------------------------

_NOTATION_CHARACTERS = string.ascii_letters + string.digits + " ,:@/.+-x\t"
HOSTILE_NOTATION = st.one_of(
    texts.text(),
    st.text(alphabet=_NOTATION_CHARACTERS),
    st.text(alphabet=st.characters(categories=["Nd", "Cc", "Zs"])),
    st.lists(
        st.one_of(
            st.sampled_from([",", ":", "@", "/", "x", "-", "R", "B", "G", "f", "w", ".", "pass"]),
            st.integers(0, 5000).map(lambda n: "9" * n),
            st.integers(-(10**30), 10**30).map(str),
            st.characters(categories=["Nd", "Cc"]),
        ),
        max_size=12,
    ).map("".join),
)
"""Arbitrary text, and text built from notation's pieces, huge digit runs and stray characters."""

_VALUES = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-(2**70), 2**70),
        st.integers(min_value=10**700, max_value=10**4000),
        st.floats(),
        texts.text(max_size=8),
        st.binary(max_size=4),
    ),
    lambda inner: st.one_of(
        st.tuples(inner, inner),
        st.lists(inner, max_size=5),
        st.lists(inner, max_size=5).map(tuple),
        st.dictionaries(texts.text(max_size=3), inner, max_size=3),
    ),
    max_leaves=12,
)
"""Arbitrary Python values, nested a little.

Integers stay under 4,300 digits, which ``repr`` (and so every error
message) can show; longer ones are :class:`TestUnprintableIntegers`.
"""


class TestUnprintableIntegers:
    """An int of more than 4,300 digits has no ``repr``; messages must not need one."""

    def test_wrong_type_message(self) -> None:
        """``format_tile`` of a 5000-digit int is a WrongTypeError, not a ValueError."""
        with pytest.raises(WrongTypeError, match="an int of about 5000 digits"):
            axio.format_tile(10**5000)  # type: ignore[arg-type]

    @pytest.mark.parametrize(
        ("call", "shown"),
        [
            (lambda: axio.new_game(players=10**5000), "<an int of about 5000 digits>"),
            (lambda: axio.new_game(mode=10**5000), "<an int of about 5000 digits>"),  # type: ignore[arg-type]
            (lambda: tilegames.get("polygon").new_game([10**5000]), "a list that cannot be"),  # type: ignore[arg-type]
            (lambda: tilegames.get("aztack").new_game(seed=[10**5000]), "a list that cannot be"),  # type: ignore[arg-type]
        ],
    )
    def test_setup_messages(self, call: Any, shown: str) -> None:
        """new_game's refusals show an unprintable value by its kind, not by a crash."""
        with pytest.raises(ConfigurationError) as refused:
            call()
        assert shown in str(refused.value)

    def test_a_container_holding_one(self) -> None:
        """A tuple holding such an int is described by its type, the message still short."""
        with pytest.raises(WrongTypeError, match="a tuple that cannot be shown"):
            axio.legal_moves((10**5000,))  # type: ignore[arg-type]


@pytest.mark.parametrize("name", MODULES)
@given(text=HOSTILE_NOTATION)
def test_parse_move_hostile_text(name: str, text: str) -> None:
    """parse_move raises a NotationError or returns a move that round-trips."""
    module, state = MODULES[name], STATES[name]
    try:
        move = module.parse_move(text, state)
    except NotationError:
        return
    assert module.parse_move(module.format_move(move), state) == move


@pytest.mark.parametrize(
    ("parse", "write"),
    [
        (axio.parse_tile, axio.format_tile),
        (axio_rota.parse_tile, axio_rota.format_tile),
        (aztack.parse_stone, aztack.format_stone),
    ],
)
@given(text=HOSTILE_NOTATION)
def test_tile_parsers_hostile_text(
    parse: Callable[[str], Any], write: Callable[[Any], str], text: str
) -> None:
    """A tile or stone parser raises a NotationError or returns what it writes back."""
    try:
        value = parse(text)
    except NotationError:
        return
    assert parse(write(value)) == value


_WRITERS: dict[str, Callable[[Any], str]] = {
    "axio.format_tile": axio.format_tile,
    "axio.format_move": axio.format_move,
    "axio_rota.format_tile": axio_rota.format_tile,
    "axio_rota.format_move": axio_rota.format_move,
    "aztack.format_half": aztack.format_half,
    "aztack.format_stone": aztack.format_stone,
    "aztack.format_move": aztack.format_move,
    "polygon.format_move": polygon.format_move,
}
_READERS: dict[str, Callable[[Any], Any]] = {
    "axio.parse_tile": axio.parse_tile,
    "axio.parse_move": axio.parse_move,
    "axio_rota.parse_tile": axio_rota.parse_tile,
    "axio_rota.parse_move": axio_rota.parse_move,
    "aztack.parse_stone": aztack.parse_stone,
    "aztack.parse_move": aztack.parse_move,
    "polygon.parse_move": polygon.parse_move,
}


@pytest.mark.parametrize("name", _WRITERS)
@settings(max_examples=examples(30))
@given(value=_VALUES)
def test_format_helpers_any_value(name: str, value: object) -> None:
    """A format helper given any value returns text or raises a documented error."""
    try:
        written = _WRITERS[name](value)
    except DOCUMENTED:
        return
    assert type(written) is str


@pytest.mark.parametrize("name", _READERS)
@settings(max_examples=examples(30))
@given(value=_VALUES)
def test_parsers_any_value(name: str, value: object) -> None:
    """A parser given any value (not only text) raises only documented errors."""
    with contextlib.suppress(*DOCUMENTED):
        _READERS[name](value)


_OPTIONS: dict[str, tuple[ModuleType, tuple[str, ...]]] = {
    "axio": (axio, ("players", "seed", "mode", "tiles")),
    "axio-rota": (axio_rota, ("players", "seed", "tiles")),
    "aztack": (aztack, ("players", "seed", "mode", "stones")),
    "polygon": (polygon, ("players", "seed", "tiles", "scoring", "board")),
}


@pytest.mark.parametrize(
    ("name", "option"),
    [(name, option) for name, (_, options) in _OPTIONS.items() for option in options],
)
@settings(max_examples=examples(30))
@given(value=_VALUES)
def test_new_game_options_any_value(name: str, option: str, value: object) -> None:
    """``new_game`` given any value for one option starts a game or raises a documented error."""
    module = _OPTIONS[name][0]
    try:
        state = module.new_game(**{option: value})
    except DOCUMENTED:
        return
    assert module.validate(state) is None


_A_RECORD = records.Record(game="polygon", players=2, seed=3, moves=("1@0,-1",))
_EXPLICIT = polygon.new_game(players=2, chance="explicit")
_ONE: list[tuple[str, Fraction]] = [("a", Fraction(1))]
_CALLS: dict[str, Callable[[Any], object]] = {
    "Stream.randbelow(n)": lambda value: Stream(1).randbelow(value),
    "chance.uniform(pool)": lambda value: chance.uniform(value),
    "chance.sample(outcomes, _)": lambda value: chance.sample(value, Stream(1)),
    "chance.sample(_, stream)": lambda value: chance.sample(_ONE, value),
    "chance.sample([(_, p)], _)": lambda value: chance.sample([("a", value)], Stream(1)),
    "chance.settle(rules, _, _)": lambda value: chance.settle(value, _EXPLICIT, Stream(1)),
    "chance.settle(_, state, _)": lambda value: chance.settle(polygon.RULES, value, Stream(1)),
    "chance.settle(_, _, stream)": lambda value: chance.settle(polygon.RULES, _EXPLICIT, value),
    "records.loads(text)": lambda value: records.loads(value),
    "records.loads(_, max_chars)": lambda value: records.loads("x", max_chars=value),
    "records.dumps(record)": lambda value: records.dumps(value),
    "records.dumps(_, format)": lambda value: records.dumps(_A_RECORD, value),
    "records.replay(record)": lambda value: records.replay(value),
    "records.final_state(record)": lambda value: records.final_state(value),
    "records.record_of(game)": lambda value: records.record_of(value, [], players=2, seed=1),
    "records.record_of(_, moves)": lambda value: records.record_of(
        "polygon", value, players=2, seed=1
    ),
    "records.record_of(players)": lambda value: records.record_of("polygon", [], players=value),
    "records.record_of(seed)": lambda value: records.record_of(
        "polygon", [], players=2, seed=value
    ),
    "records.record_of(tags)": lambda value: records.record_of(
        "polygon", [], players=2, seed=1, tags=value
    ),
    "records.record_of(comments)": lambda value: records.record_of(
        "polygon", [], players=2, seed=1, comments=value
    ),
    **{
        f"Record({field})": functools.partial(
            lambda field, value: attrs.evolve(_A_RECORD, **{field: value}), field
        )
        for field in ("game", "players", "moves", "seed", "options", "tags", "comments", "result")
    },
}


@pytest.mark.parametrize("name", _CALLS)
@settings(max_examples=examples(30))
@given(value=_VALUES)
def test_chance_and_records_any_value(name: str, value: object) -> None:
    """The chance helpers and the records functions given any value for one argument return
    or raise one of the library's errors (never AttributeError, TypeError or a hang); a
    Record made is one that dumps writes and loads reads back equal."""
    try:
        with step_budget(2_000_000):
            result = _CALLS[name](value)
    except (*DOCUMENTED, RecordError, UnknownGameError):
        return
    if isinstance(result, records.Record):
        for format in ("text", "json"):
            assert records.loads(records.dumps(result, format)) == result
