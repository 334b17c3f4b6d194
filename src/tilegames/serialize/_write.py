"""Writing: a state, move, view or outcome as a document."""

from __future__ import annotations

import functools
import json
import typing
from typing import Any

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
    WideInt,
    _fields,
    _optional,
    _rules_named,
    _shape,
    _type_name,
    game_of,
)


def _encode(value: Any, tp: Any, path: str) -> Any:
    """The JSON value of ``value``, declared as ``tp``."""
    if tp is Any or tp is object:
        msg = f"{path}: a field declared as {tp} cannot be written as JSON"
        raise TypeError(msg)
    kind, args = _shape(tp)
    if kind == _UNION:
        for option in args:
            if _matches(value, option):
                return _encode(value, option, path)
        msg = f"{path}: {value!r} is none of {_type_name(tp)}"
        raise TypeError(msg)
    if kind == _TUPLE:
        return _encode_items(value, tuple, args, path)
    if kind == _FROZENSET:
        return _encode_items(value, frozenset, args, path)
    if tp is _NONE_TYPE or value is None:
        return None
    if tp is int or tp is WideInt:
        return _encode_int(value, tp, path)
    if kind == _SCALAR:
        return value
    if kind == _FIELDS:
        return _encode_fields(value, path)
    if kind == _SEQUENCE:
        return [_encode(item, args, f"{path}[{i}]") for i, item in enumerate(value)]
    msg = f"{path}: cannot write a value declared as {_type_name(tp)} as JSON"
    raise TypeError(msg)


def _encode_int(value: int, tp: Any, path: str) -> int | str:
    """An int as a JSON number within what JavaScript reads exactly, or a wide one as digits.

    Raises:
        InvalidStateError: for an int that no document holds (reading would refuse it).
    """
    if -MAX_SAFE_INT <= value <= MAX_SAFE_INT:
        return value
    if tp is int:
        msg = (
            f"{path}: {value} is out of range: a document's numbers are ints within "
            "2**53 - 1 either way, which JavaScript reads exactly (a field that holds a "
            "64-bit number, such as a seed, is declared with "
            "attrs.field(metadata=tilegames._core.basics.WIDE_INT))"
        )
        raise InvalidStateError(msg)
    if not _INT_MIN <= value < _INT_LIMIT:
        raise InvalidStateError(f"{path}: {value} is out of range for a 64-bit number")
    return str(value)  # JavaScript would round it


def _encode_items(value: Any, origin: type, args: tuple[Any, ...], path: str) -> list[Any]:
    """A tuple (of one type, or of a type per place) or a frozenset, as a JSON array."""
    if origin is frozenset:
        items = [_encode(item, args[0], f"{path}[]") for item in value]
        return sorted(items, key=_sort_key)
    if len(args) == 2 and args[1] is Ellipsis:
        return [_encode(item, args[0], f"{path}[{i}]") for i, item in enumerate(value)]
    return [
        _encode(item, arg, f"{path}[{i}]")
        for i, (item, arg) in enumerate(zip(value, args, strict=True))
    ]


def _encode_fields(value: Any, path: str) -> dict[str, Any]:
    kind: type = type(value)
    optional = _optional(kind)
    return {
        name: _encode(getattr(value, name), tp, f"{path}.{name}")
        for name, _, tp in _fields(kind)
        if name not in optional or getattr(value, name) != optional[name]
    }


def _matches(value: object, tp: Any) -> bool:
    """Whether ``value`` is of the union member ``tp`` (by its outer type)."""
    if tp is _NONE_TYPE:
        return value is None
    origin = _outer(tp)
    if origin is int:
        return type(value) is int
    return isinstance(origin, type) and isinstance(value, origin)


@functools.cache
def _outer(tp: Any) -> Any:
    """A declared type's outer class (``tuple`` for ``tuple[int, int]``), worked out once."""
    return typing.get_origin(tp) or tp


def _sort_key(item: Any) -> str:
    return json.dumps(item, sort_keys=True, separators=(",", ":"))


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
    separators = (",", ":") if indent is None else (",", ": ")
    return json.dumps(to_dict(value, game=game), indent=indent, separators=separators)
