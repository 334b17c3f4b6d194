"""Writing: a state, move, view or outcome as a document.

Each declared type is worked out once: :func:`_writer` turns it into a small function that
writes a value of that type, so writing a document interprets no type at any value. Where a
value is (``State.board[3]``) travels down as a :data:`~tilegames.serialize._format.Path`,
spelled out only when an error names it.
"""

from __future__ import annotations

import functools
import json
import operator
from collections.abc import Callable
from typing import Any, TypeAlias

import attrs

from tilegames._core.errors import InvalidStateError
from tilegames._core.rules import Outcome
from tilegames.serialize._format import (
    _FIELDS,
    _FROZENSET,
    _INT_LIMIT,
    _INT_MIN,
    _NONE_TYPE,
    _SCALAR,
    _SEQUENCE,
    _TUPLE,
    _UNION,
    FORMAT,
    MAX_SAFE_INT,
    VERSION,
    Path,
    WideInt,
    _all_plain,
    _all_plain_rows,
    _fields,
    _optional,
    _outer,
    _plain_rows,
    _plain_types,
    _rules_named,
    _shape,
    _type_name,
    game_of,
    path_text,
)

Writer: TypeAlias = Callable[[Any, Path], Any]
"""Writes a value declared as one type: ``writer(value, path)`` is its JSON value."""


def _encode(value: Any, tp: Any, path: Path) -> Any:
    """The JSON value of ``value``, declared as ``tp``."""
    return _writer(tp)(value, path)


@functools.cache
def _writer(tp: Any) -> Writer:
    """The function that writes a value declared as ``tp``, built once per type.

    A tuple, frozenset or union is written by the writers of its parts; an attrs class by
    the writer of the value's own class (:func:`_fields_writer`), looked up as it is
    written, so that a subclass writes its own fields and a class may hold itself.
    """
    if tp is Any or tp is object:
        return _refuser(f"a field declared as {tp} cannot be written as JSON", null=False)
    kind, args = _shape(tp)
    if kind == _UNION:
        return _union_writer(tp, args)
    if kind == _TUPLE:
        return _tuple_writer(args)
    if kind == _FROZENSET:
        return _frozenset_writer(args[0])
    if tp is _NONE_TYPE:
        return _write_null
    if tp is int or tp is WideInt:
        return _int_writer(tp)
    if kind == _SCALAR:
        return _write_as_is
    if kind == _FIELDS:
        return _write_fields
    if kind == _SEQUENCE:
        return _sequence_writer(args)
    return _refuser(f"cannot write a value declared as {_type_name(tp)} as JSON", null=True)


def _refuser(problem: str, *, null: bool) -> Writer:
    """A writer that refuses every value (``None`` too unless ``null``) with a TypeError."""

    def refuse(value: Any, path: Path) -> None:
        if null and value is None:
            return
        raise TypeError(f"{path_text(path)}: {problem}")

    return refuse


def _write_null(value: Any, path: Path) -> None:
    return None


def _write_as_is(value: Any, path: Path) -> Any:
    return value  # a string, a boolean or None


def _int_writer(tp: Any) -> Writer:
    """An int field's writer (``tp`` is ``int``, or :class:`WideInt` for a seed)."""

    def write(value: Any, path: Path) -> Any:
        if type(value) is int and -MAX_SAFE_INT <= value <= MAX_SAFE_INT:
            return value
        if value is None:
            return None
        return _encode_int(value, tp, path)

    return write


def _encode_int(value: int, tp: Any, path: Path) -> int | str:
    """An int as a JSON number within what JavaScript reads exactly, or a wide one as digits.

    Raises:
        InvalidStateError: for an int that no document holds (reading would refuse it).
    """
    if -MAX_SAFE_INT <= value <= MAX_SAFE_INT:
        return value
    if tp is int:
        msg = (
            f"{path_text(path)}: {value} is out of range: a document's numbers are ints "
            "within 2**53 - 1 either way, which JavaScript reads exactly (a field that holds "
            "a 64-bit number, such as a seed, is declared with "
            "attrs.field(metadata=tilegames._core.basics.WIDE_INT))"
        )
        raise InvalidStateError(msg)
    if not _INT_MIN <= value < _INT_LIMIT:
        msg = f"{path_text(path)}: {value} is out of range for a 64-bit number"
        raise InvalidStateError(msg)
    return str(value)  # JavaScript would round it


def _union_writer(tp: Any, members: tuple[Any, ...]) -> Writer:
    """Writes a value as the first member of the union ``tp`` it is an instance of."""
    options = [(_member_test(member), _writer(member)) for member in members]
    expected = _type_name(tp)

    def write(value: Any, path: Path) -> Any:
        for matches, write_member in options:
            if matches(value):
                return write_member(value, path)
        raise TypeError(f"{path_text(path)}: {value!r} is none of {expected}")

    return write


def _member_test(tp: Any) -> Callable[[object], bool]:
    """Whether a value is of the union member ``tp``, by its outer type (an int exactly)."""
    if tp is _NONE_TYPE:
        return lambda value: value is None
    origin = _outer(tp)
    if origin is int:
        return lambda value: type(value) is int
    if not isinstance(origin, type):
        return lambda value: False
    return lambda value: isinstance(value, origin)


def _tuple_writer(args: tuple[Any, ...]) -> Writer:
    """Writes a tuple of one type (``args == (X, ...)``) or of a type per place as an array.

    A tuple of plain values (see :func:`~tilegames.serialize._format._plain_types`), or of
    plain rows, is its own array; any other is written item by item, in a loop (see
    :func:`~tilegames.serialize._read._tuple_reader`).
    """
    if len(args) == 2 and args[1] is Ellipsis:
        item = _writer(args[0])
        plain = _plain_types(args[0])
        rows = _plain_rows(args[0])

        def write_items(value: Any, path: Path) -> list[Any]:
            if type(value) is tuple:
                if plain is not None and _all_plain(value, plain):
                    return list(value)
                if rows is not None and _all_plain_rows(value, tuple, *rows):
                    return list(map(list, value))
            items = []
            for i, each in enumerate(value):
                items.append(item(each, (path, i)))
            return items

        return write_items
    places = tuple(_writer(arg) for arg in args)
    plains = {_plain_types(arg) for arg in args}
    same = plains.pop() if len(plains) == 1 else None
    all_rows = {_plain_rows(arg) for arg in args}
    rows = all_rows.pop() if len(all_rows) == 1 else None

    def write_places(value: Any, path: Path) -> list[Any]:
        if type(value) is tuple and len(value) == len(places):
            if same is not None and _all_plain(value, same):
                return list(value)
            if rows is not None and _all_plain_rows(value, tuple, *rows):
                return list(map(list, value))
        items = []
        for i, (each, place) in enumerate(zip(value, places, strict=True)):
            items.append(place(each, (path, i)))
        return items

    return write_places


def _frozenset_writer(arg: Any) -> Writer:
    """Writes a frozenset as an array sorted by the JSON text of its items."""
    item = _writer(arg)

    def write(value: Any, path: Path) -> list[Any]:
        inside = (path, "[]")
        items = []
        for each in value:
            items.append(item(each, inside))
        items.sort(key=_sort_key)
        return items

    return write


def _sequence_writer(element: Any) -> Writer:
    """Writes a ``Sequence[X]`` subclass (such as a stone set) as an array of its items."""
    item = _writer(element)

    def write(value: Any, path: Path) -> list[Any] | None:
        if value is None:
            return None
        items = []
        for i, each in enumerate(value):
            items.append(item(each, (path, i)))
        return items

    return write


def _write_fields(value: Any, path: Path) -> dict[str, Any] | None:
    """Writes an attrs value as an object of its fields, as its own class declares them."""
    if value is None:
        return None
    kind: Any = type(value)
    return _fields_writer(kind)(value, path)


@functools.cache
def _fields_writer(kind: type) -> Callable[[Any, Path], dict[str, Any]]:
    """The writer of a value of the attrs class ``kind``, built at its first use.

    A field added after version 1 (``OPTIONAL``) is left out while it holds its default.
    """
    optional = _optional(kind)
    fields = [(name, f".{name}", _writer(tp)) for name, _, tp in _fields(kind)]
    get = operator.attrgetter(*(name for name, _, _ in fields)) if fields else None

    def write(value: Any, path: Path) -> dict[str, Any]:
        if get is None:
            return {}
        values = get(value) if len(fields) > 1 else (get(value),)
        written = {}
        for (name, key, write_field), field in zip(fields, values, strict=True):
            if name not in optional or field != optional[name]:
                written[name] = write_field(field, (path, key))
        return written

    return write


_SORT_ENCODER = json.JSONEncoder(sort_keys=True, separators=(",", ":"))
_COMPACT_ENCODER = json.JSONEncoder(separators=(",", ":"))
# The C encoder that _SORT_ENCODER.encode builds afresh for each value, built once (without
# the check for a list that holds itself: the items are lists the writers have just made).
_C_ENCODER: Any = getattr(json.encoder, "c_make_encoder", None)
_C_SORT_ENCODER: Any = _C_ENCODER and _C_ENCODER(
    None,
    _SORT_ENCODER.default,
    json.encoder.encode_basestring_ascii,
    None,
    ":",
    ",",
    True,
    False,
    True,
)


def _sort_key(item: Any) -> str:
    """An item's JSON text (keys sorted, no spaces): the order of a frozenset's items."""
    if _C_SORT_ENCODER is None:
        return _SORT_ENCODER.encode(item)
    return "".join(_C_SORT_ENCODER(item, 0))


def _encode_fields(value: Any, path: Path) -> dict[str, Any]:
    """The object of an attrs value's fields."""
    kind: Any = type(value)
    return _fields_writer(kind)(value, path)


def to_dict(value: object, *, game: str | None = None) -> dict[str, Any]:
    """The document of a state, move, view or outcome, as a JSON-ready dict.

    Args:
        value: an instance of one of a game's classes, or an
            :class:`~tilegames.Outcome`.
        game: the game's registry name; needed only for an outcome that does
            not name its game (one made by hand), checked against the value's
            game otherwise.

    Raises:
        TypeError: if the value is not of a class the format covers.
        InvalidStateError: if ``game`` is missing for an outcome or names
            another game than the value's.
    """
    kind = type(value)
    if not attrs.has(kind):
        msg = f"cannot write a {kind.__name__} as a tilegames document"
        raise TypeError(msg)
    if kind is Outcome:
        own = value.game  # type: ignore[attr-defined]
        if game is None and not own:
            msg = "this Outcome does not name its game: pass game=NAME to write it"
            raise InvalidStateError(msg)
        name = _rules_named(game if game is not None else own).name
        if own and own != name:
            msg = f"game: an Outcome of {own!r} cannot be written as one of {game!r}"
            raise InvalidStateError(msg)
    else:
        name = game_of(kind).name
        if game is not None and game != name:
            msg = f"game: a {kind.__name__} of {name!r} cannot be written as one of {game!r}"
            raise InvalidStateError(msg)
    data = _encode_fields(value, kind.__name__)
    if kind is Outcome:
        data.pop("game", None)  # the envelope names the game
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": name,
        "type": kind.__name__,
        "data": data,
    }


def to_json(value: object, *, game: str | None = None, indent: int | None = None) -> str:
    """The document of a state, move, view or outcome as JSON text (see :func:`to_dict`).

    Equal values give identical text. Without ``indent`` the text is compact
    (no spaces); with it, pretty-printed.

    >>> from tilegames import Outcome
    >>> to_json(Outcome(scores=(3, 5), ranking=[{1}, {0}], reason="POLY-15"), game="polygon")
    '{"format":"tilegames","version":2,"game":"polygon","type":"Outcome","data":{"scores":[3,5],"ranking":[[1],[0]],"reason":"POLY-15"}}'
    """
    if indent is None:
        return _COMPACT_ENCODER.encode(to_dict(value, game=game))
    return json.dumps(to_dict(value, game=game), indent=indent, separators=(",", ": "))
