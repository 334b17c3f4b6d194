"""serialize's compiled writers and readers, checked against slow, obvious ones kept here.

``tilegames.serialize`` builds, once per declared type, a function that writes
a value of that type and one that reads it, with shortcuts for tuples of plain
values (ints, strings, booleans, ``None``). The versions below interpret the
declared type afresh at every value and build every path as they go, as
serialize once did: for each declared type, value and JSON value, both give
the same document or value, or the same error with the same message (its path
included).
"""

from __future__ import annotations

import functools
import json
import types
import typing
from collections.abc import Callable
from typing import Any, Union

import attrs
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import texts
from tiers import examples
from tilegames import InvalidStateError, axio
from tilegames._shown import shown
from tilegames.aztack import StoneSet
from tilegames.serialize import MAX_SAFE_INT, _read, _write, check_size, from_json

NoneType = type(None)

TYPES: list[Any] = [
    int,
    str,
    bool,
    int | None,
    int | str,
    tuple[int, ...],
    tuple[str, ...],
    tuple[bool, ...],
    tuple[int, int],
    tuple[int | None, int | None, int | None],
    tuple[tuple[int, int], ...],
    tuple[tuple[str, ...], ...],
    tuple[tuple[int | None, int | None], ...],
    tuple[tuple[int, int], str],
    tuple[tuple[int, int], tuple[int, int]],
    tuple[tuple[tuple[int, str], ...], ...],
    tuple[int, ...] | None,
    frozenset[int],
    frozenset[tuple[int, int]],
    frozenset[tuple[tuple[int, int], tuple[int | None, int | None]]],
]
"""Declared types of the kinds the games' fields have, plain and not."""

NAMES = {NoneType: "null", int: "an int", str: "a string", bool: "a boolean"}


def type_name(tp: Any) -> str:
    """How a message names a declared type."""
    return NAMES.get(tp) or str(tp).replace("typing.", "")


def is_union(tp: Any) -> bool:
    return typing.get_origin(tp) in (Union, types.UnionType)


def slow_read(data: Any, tp: Any, path: str) -> Any:
    """The value of ``tp`` that ``data`` stands for, the type interpreted at every value."""
    args = typing.get_args(tp)
    if is_union(tp):
        if data is None:
            if NoneType in args:
                return None
            raise InvalidStateError(f"{path}: expected {type_name(tp)}, got null")
        problems = []
        for option in args:
            if option is not NoneType:
                try:
                    return slow_read(data, option, path)
                except InvalidStateError as error:
                    problems.append(str(error))
        if len(problems) == 1:
            raise InvalidStateError(problems[0])
        raise InvalidStateError(f"{path}: expected {type_name(tp)}, got {shown(data)}")
    origin = typing.get_origin(tp)
    if origin in (tuple, frozenset):
        if type(data) is not list:
            raise InvalidStateError(f"{path}: expected an array, got {shown(data)}")
        if origin is frozenset or args[1:] == (Ellipsis,):
            places = [args[0]] * len(data)
        elif len(data) != len(args):
            problem = f"expected an array of {len(args)} items, got {len(data)}"
            raise InvalidStateError(f"{path}: {problem}")
        else:
            places = list(args)
        pairs = enumerate(zip(data, places, strict=True))
        items = [slow_read(item, place, f"{path}[{i}]") for i, (item, place) in pairs]
        if origin is tuple:
            return tuple(items)
        if len(set(items)) != len(items):
            twice = next(item for item in items if items.count(item) > 1)
            written = shown(slow_write(twice, args[0], path))
            raise InvalidStateError(f"{path}: {written} appears twice")
        return frozenset(items)
    if tp is NoneType:
        if data is not None:
            raise InvalidStateError(f"{path}: expected null, got {shown(data)}")
        return None
    if type(data) is not tp:
        raise InvalidStateError(f"{path}: expected {type_name(tp)}, got {shown(data)}")
    if tp is int and not -MAX_SAFE_INT <= data <= MAX_SAFE_INT:
        raise InvalidStateError(
            f"{path}: {shown(data)} is out of range: a document's numbers are ints within "
            "2**53 - 1 either way, which JavaScript reads exactly"
        )
    return data


def slow_write(value: Any, tp: Any, path: str) -> Any:
    """The JSON value of ``value``, declared as ``tp``, the type interpreted at every value."""
    args = typing.get_args(tp)
    if is_union(tp):
        for option in args:
            outer = typing.get_origin(option) or option
            if option is NoneType:
                matches = value is None
            elif outer is int:
                matches = type(value) is int
            else:
                matches = isinstance(value, outer)
            if matches:
                return slow_write(value, option, path)
        raise TypeError(f"{path}: {value!r} is none of {type_name(tp)}")
    origin = typing.get_origin(tp)
    if origin is frozenset:
        items = [slow_write(item, args[0], f"{path}[]") for item in value]
        return sorted(items, key=lambda item: json.dumps(item, separators=(",", ":")))
    if origin is tuple:
        if args[1:] == (Ellipsis,):
            return [slow_write(item, args[0], f"{path}[{i}]") for i, item in enumerate(value)]
        pairs = enumerate(zip(value, args, strict=True))
        return [slow_write(item, place, f"{path}[{i}]") for i, (item, place) in pairs]
    if value is None or tp is NoneType:
        return None
    if tp is int and not -MAX_SAFE_INT <= value <= MAX_SAFE_INT:
        raise InvalidStateError(
            f"{path}: {value} is out of range: a document's numbers are ints within "
            "2**53 - 1 either way, which JavaScript reads exactly (a field that holds a "
            "64-bit number, such as a seed, is declared with "
            "attrs.field(metadata=tilegames._core.basics.WIDE_INT))"
        )
    return value


ODD = st.sampled_from(
    [None, True, False, 0, -1, 1.5, "", "7", MAX_SAFE_INT, MAX_SAFE_INT + 1, -MAX_SAFE_INT - 1]
)
"""Values that are often of the wrong type or out of range."""


def json_for(tp: Any) -> st.SearchStrategy[Any]:
    """JSON values that mostly read as ``tp``, with wrong ones at every level."""
    args = typing.get_args(tp)
    if is_union(tp):
        return st.one_of(*(json_for(option) for option in args))
    origin = typing.get_origin(tp)
    if origin is frozenset or args[1:] == (Ellipsis,):
        each = json_for(args[0])  # past 8 items the readers take a quick path: both lengths
        items = st.one_of(st.lists(each, max_size=5), st.lists(each, min_size=9, max_size=10))
    elif origin is tuple:
        items = st.tuples(*(json_for(arg) for arg in args)).map(list)
    else:
        plain = {
            NoneType: st.none(),
            int: st.integers(-MAX_SAFE_INT - 2, MAX_SAFE_INT + 2),
            bool: st.booleans(),
            str: texts.text(max_size=3),
        }
        return st.one_of(plain[tp], plain[tp], plain[tp], ODD)
    return st.one_of(items, items, items, ODD, st.lists(ODD, max_size=3))


def value_for(tp: Any) -> st.SearchStrategy[Any]:
    """Python values that mostly are of ``tp``, with odd ones at every level."""
    args = typing.get_args(tp)
    if is_union(tp):
        return st.one_of(*(value_for(option) for option in args))
    origin = typing.get_origin(tp)
    if origin is frozenset:
        return st.one_of(st.frozensets(value_for(args[0]), max_size=5), ODD)
    if origin is tuple:
        if args[1:] == (Ellipsis,):
            each = value_for(args[0])
            lists = st.one_of(st.lists(each, max_size=5), st.lists(each, min_size=9, max_size=10))
            items = lists.map(tuple)
        else:
            items = st.tuples(*(value_for(arg) for arg in args))
        return st.one_of(items, items, items, ODD)
    return json_for(tp).filter(lambda value: type(value) is not list)


def outcome(call: Callable[[], Any]) -> tuple[str, ...]:
    """What a call gives: its result, with every type shown, or its error and message."""
    try:
        result = call()
    except (InvalidStateError, TypeError, ValueError) as error:
        return type(error).__name__, str(error)
    return ("value", repr(typed(result)))


def typed(value: Any) -> Any:
    """A value with every part's type beside it, a frozenset's items in a fixed order."""
    if isinstance(value, frozenset):
        return ("frozenset", sorted((typed(item) for item in value), key=repr))
    if isinstance(value, (tuple, list)):
        return (type(value).__name__, [typed(item) for item in value])
    return (type(value).__name__, value)


@pytest.mark.parametrize("tp", TYPES, ids=str)
@settings(max_examples=examples(40, everyday=8), deadline=None)
@given(data=st.data())
def test_reading_agrees_with_the_slow_reader(tp: Any, data: st.DataObject) -> None:
    """Every JSON value reads as the slow reader reads it, or is refused with its message."""
    document = data.draw(json_for(tp))
    compiled = outcome(lambda: _read._decode(document, tp, "State.field"))
    assert compiled == outcome(lambda: slow_read(document, tp, "State.field"))


@pytest.mark.parametrize("tp", TYPES, ids=str)
@settings(max_examples=examples(40, everyday=8), deadline=None)
@given(data=st.data())
def test_writing_agrees_with_the_slow_writer(tp: Any, data: st.DataObject) -> None:
    """Every value writes as the slow writer writes it, or is refused with its message."""
    value = data.draw(value_for(tp))
    compiled = outcome(lambda: _write._encode(value, tp, "State.field"))
    assert compiled == outcome(lambda: slow_write(value, tp, "State.field"))


@attrs.frozen
class Branch:
    """A class with a field of its own class: its writer and reader are built once."""

    label: str
    children: tuple[Branch, ...]


class TestAClassThatHoldsItself:
    """A class may hold values of its own class, at any depth."""

    TREE = Branch("a", (Branch("b", ()), Branch("c", (Branch("d", ()),))))
    DATA: typing.ClassVar = {
        "label": "a",
        "children": [
            {"label": "b", "children": []},
            {"label": "c", "children": [{"label": "d", "children": []}]},
        ],
    }

    def test_it_writes_and_reads_back(self) -> None:
        """The tree is written as nested objects and read back equal."""
        assert _write._encode(self.TREE, Branch, "Branch") == self.DATA
        assert _read._decode_fields(self.DATA, Branch, "Branch") == self.TREE

    def test_a_refusal_deep_inside_names_the_path(self) -> None:
        """A wrong value three levels down is refused with its whole path."""
        data = json.loads(json.dumps(self.DATA))
        data["children"][1]["children"][0]["label"] = 4
        with pytest.raises(InvalidStateError) as error:
            _read._decode_fields(data, Branch, "Branch")
        assert str(error.value) == "Branch.children[1].children[0].label: expected a string, got 4"


BRACKETY = st.text(alphabet='[]{},:"\\ ab', max_size=4)
"""Strings full of the characters that count in a JSON text's brackets and commas."""

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-9, 9) | BRACKETY,
    lambda inside: st.lists(inside, max_size=3) | st.dictionaries(BRACKETY, inside, max_size=3),
    max_leaves=12,
)
"""Any JSON value, its strings full of brackets and quotes."""


@settings(max_examples=examples(200, everyday=60), deadline=None)
@example(document=[0], indent=None, max_depth=1, max_entries=1)  # 2 values: one too many
@example(document=[0], indent=None, max_depth=1, max_entries=2)  # exactly the limit
@example(document=[[]], indent=None, max_depth=1, max_entries=9)  # 2 deep: one too deep
@example(document=[[]], indent=None, max_depth=2, max_entries=9)  # exactly the limit
@given(
    document=JSON,
    indent=st.sampled_from([None, 1]),
    max_depth=st.integers(0, 6),
    max_entries=st.integers(0, 30),
)
def test_from_json_refuses_for_size_what_check_size_refuses(
    document: Any, indent: int | None, max_depth: int, max_entries: int
) -> None:
    """A text too deep or too big is refused as ``check_size`` refuses its document, and only it.

    ``from_json`` spares a short text the walk over its document, by counting its brackets
    and commas; this checks that the count never lets through what the walk would refuse.
    """
    text = json.dumps(document, indent=indent)
    try:
        check_size(document, max_depth, max_entries)
    except InvalidStateError as error:
        expected: str | None = str(error)
    else:
        expected = None
    refused = None
    try:
        from_json(text, axio.State, max_depth=max_depth, max_entries=max_entries)
    except InvalidStateError as error:
        refused = str(error)
    size_refusal = refused if refused is not None and "max_" in refused else None
    assert size_refusal == expected


class TestNull:
    """``None`` is written as ``null`` in any field, as the slow writer writes it; ``null`` reads
    back only where ``None`` is declared."""

    @pytest.mark.parametrize("tp", [int, str, StoneSet, Branch, float], ids=str)
    def test_none_is_written_as_null_whatever_the_field_declares(self, tp: Any) -> None:
        """None in a field of an int, a string, a sequence class, an attrs class, or even of a
        type documents do not hold, is written as null."""
        assert _write._encode(None, tp, "State.field") is None
        assert slow_write(None, tp, "State.field") is None

    def test_a_field_declared_none_reads_null_and_nothing_else(self) -> None:
        """A field declared ``None`` reads null as None, and refuses any other value as the
        slow reader does, saying null was expected."""
        assert _read._decode(None, NoneType, "State.field") is None
        others: tuple[Any, ...] = (0, False, "", [])
        for data in others:
            refused = outcome(functools.partial(_read._decode, data, NoneType, "State.field"))
            assert refused == outcome(functools.partial(slow_read, data, NoneType, "State.field"))
        with pytest.raises(InvalidStateError) as error:
            _read._decode(0, NoneType, "State.field")
        assert str(error.value) == "State.field: expected null, got 0"
        with pytest.raises(InvalidStateError) as error:
            _read._decode(None, int, "State.field")
        assert str(error.value) == "State.field: expected an int, got null"


@attrs.frozen
class Mark:
    """A class whose fields are not declared in the order of their names."""

    z: int
    a: str


def test_without_the_c_encoder_a_set_is_in_the_same_order(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without json's C encoder (an interpreter without its speedups), a frozenset's items are
    in the same order: by their compact JSON text, keys sorted (``\\u00e9`` before ``a``)."""
    marks = frozenset({Mark(1, "b"), Mark(3, "a"), Mark(2, "é")})
    expected = [{"z": 2, "a": "é"}, {"z": 3, "a": "a"}, {"z": 1, "a": "b"}]
    assert _write._encode(marks, frozenset[Mark], "State.marks") == expected
    monkeypatch.setattr(_write, "_C_SORT_ENCODER", None)
    assert _write._encode(marks, frozenset[Mark], "State.marks") == expected
