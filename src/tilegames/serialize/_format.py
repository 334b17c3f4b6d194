"""The format's constants, and what a class's declared fields and types say about writing it."""

from __future__ import annotations

import contextvars
import functools
import re
import types
import typing
from collections.abc import Collection, Sequence
from typing import Any, Final, TypeAlias, TypeVar, Union, cast

import attrs

import tilegames
from tilegames._core.errors import InvalidStateError, TilegamesError, WrongTypeError
from tilegames._core.rules import Rules
from tilegames._core.rules import game_of as _game_of
from tilegames._shown import shown as _shown

# Public in tilegames.serialize (FORMAT .. MAX_DOCUMENT_CHARS), documented there.
FORMAT: Final = "tilegames"
VERSION: Final = 2
VERSIONS: Final = (1, 2)
MAX_SAFE_INT: Final = (1 << 53) - 1
MAX_DEPTH: Final = 64
MAX_ENTRIES: Final = 50_000
MAX_DOCUMENT_CHARS: Final = 1_000_000
T = TypeVar("T")
_ENVELOPE: Final = ("format", "version", "game", "type", "data")
_INT_MIN: Final = -(1 << 63)
_INT_LIMIT: Final = 1 << 64  # ints must fit 64 bits: seeds are unsigned 64-bit numbers
_NONE_TYPE: Final = type(None)
_BIG_INT: Final = re.compile(r"-?[1-9][0-9]{15,19}\Z")  # the digits of a 64-bit int past 2**53


# The JSON form of a game's record (tilegames.records, which reads and writes it): here,
# beside the documents' format, so that serialize's JSON Schemas describe records too.
RECORD_FORMAT: Final = "tilegames-record"
RECORD_VERSION: Final = 2
RECORD_VERSIONS: Final = (1, 2)
RECORD_RESERVED_TAGS: Final = frozenset(
    {"Game", "Players", "Seed", "Result", "Scores", "Reason", "Mode"}
)
RECORD_TAG_NAME: Final = r"[A-Za-z]([A-Za-z0-9 _.-]*[A-Za-z0-9_.-])?"
"""A tag's name, as a regular expression (matched whole)."""
RECORD_OPTION_NAME: Final = r"[A-Za-z_][A-Za-z0-9_]*"
"""An option's name, as a regular expression (matched whole)."""
RECORD_NOT_OPTIONS: Final = frozenset({"players", "seed"})  # fields of their own
RECORD_MAX_MOVES: Final = 100_000
RECORD_MAX_DIGITS: Final = 40  # a seed in a record; its other numbers are within MAX_SAFE_INT


def out_of_range(path: str, value: int) -> str:
    """The refusal of an int past :data:`MAX_SAFE_INT` either way where a document holds a number.

    Reading a document says it, and so do records for their numbers but the seed.
    """
    return (
        f"{path}: {_shown(value)} is out of range: a document's numbers are ints within "
        "2**53 - 1 either way, which JavaScript reads exactly"
    )


_VERSION_READ: contextvars.ContextVar[int] = contextvars.ContextVar("version", default=VERSION)


def game_of(kind: type) -> Rules[Any, Any]:
    """The registered game that owns the class ``kind`` (see :func:`tilegames.game_of`).

    >>> from tilegames import polygon
    >>> game_of(polygon.State).name
    'polygon'

    Raises:
        InvalidStateError: if no registered game owns it.
    """
    try:
        return _game_of(kind)
    except WrongTypeError:
        msg = f"{getattr(kind, '__name__', kind)!r} is not a class of a registered game"
        raise InvalidStateError(msg) from None


def _rules_named(name: object) -> Rules[Any, Any]:
    if type(name) is not str:
        msg = f"game: expected a game's name, got {_shown(name)}"
        raise InvalidStateError(msg)
    try:
        return tilegames.get(name)
    except TilegamesError:
        known = ", ".join(tilegames.names())
        msg = f"game: no game named {name!r}; known games: {known}"
        raise InvalidStateError(msg) from None


class WideInt:
    """The type serialize reads for an int field marked ``WIDE_INT`` (a seed): any 64-bit int.

    Such an int beyond :data:`MAX_SAFE_INT` either way is written as a string
    of its decimal digits; every other int is a JSON number within
    ``-MAX_SAFE_INT .. MAX_SAFE_INT``.
    """


@functools.cache
def _fields(kind: type) -> tuple[tuple[str, str, Any], ...]:
    """The ``(name, constructor keyword, type)`` of each field an attrs class is built from.

    The type of an int field marked ``WIDE_INT`` is :class:`WideInt`.
    """
    hints = typing.get_type_hints(kind)
    return tuple(
        (field.name, field.alias or field.name, _declared(kind, field, hints[field.name]))
        for field in attrs.fields(kind)
        if field.init
    )


def _declared(kind: type, field: attrs.Attribute[Any], tp: Any) -> Any:
    """A field's type as documents hold it: its annotation, or :class:`WideInt`."""
    if not field.metadata.get("wide_int"):
        return tp
    if tp is not int:
        msg = f"{kind.__name__}.{field.name}: only an int field may be WIDE_INT, not {tp}"
        raise TypeError(msg)
    return WideInt


@functools.cache
def _optional(kind: type) -> dict[str, Any]:
    """The fields added after version 1 (``OPTIONAL`` metadata), with their defaults.

    Such a field is left out of a document while it holds its default, and a
    document without it loads with the default.
    """
    return {
        field.name: field.default
        for field in attrs.fields(kind)
        if field.init and field.metadata.get("optional")
    }


@functools.cache
def _renamed(kind: type) -> dict[str, str]:
    """The fields renamed (``formerly`` metadata): each former name, with the field's name.

    A document may still hold such a field under its former name for one
    release (deprecated: reading it warns); it is written under the new one.
    """
    return {
        field.metadata["formerly"]: field.name
        for field in attrs.fields(kind)
        if field.init and "formerly" in field.metadata
    }


@functools.cache
def _former_values(kind: type) -> dict[str, dict[Any, Any]]:
    """The renamed fields whose values changed too: each former name, with its value mapping.

    The mapping (``formerly(..., values=...)``) gives, for each value the field
    held under its former name, the value it holds now; a document holding the
    former name with any other value is refused.
    """
    return {
        field.metadata["formerly"]: field.metadata["formerly_values"]
        for field in attrs.fields(kind)
        if field.init and "formerly_values" in field.metadata
    }


def _is_union(tp: Any) -> bool:
    return typing.get_origin(tp) in (Union, types.UnionType)


_UNION, _TUPLE, _FROZENSET, _SCALAR, _FIELDS, _SEQUENCE, _OTHER = range(7)


@functools.cache
def _shape(tp: Any) -> tuple[int, Any]:
    """What a declared type is, worked out once per type: a kind and its arguments.

    ``(_UNION, members)``, ``(_TUPLE, args)``, ``(_FROZENSET, args)``,
    ``(_SCALAR, None)`` (None, int, str, bool), ``(_FIELDS, None)`` (an attrs
    class), ``(_SEQUENCE, element)`` (a ``Sequence[X]`` subclass), else
    ``(_OTHER, None)``.
    """
    if _is_union(tp):
        return _UNION, typing.get_args(tp)
    origin = typing.get_origin(tp)
    if origin is tuple:
        return _TUPLE, typing.get_args(tp)
    if origin is frozenset:
        return _FROZENSET, typing.get_args(tp)
    if tp is _NONE_TYPE or tp in (int, str, bool, WideInt):
        return _SCALAR, None
    if isinstance(tp, type) and attrs.has(tp):
        return _FIELDS, None
    element = _element_type(tp) if isinstance(tp, type) else None
    if element is not None:
        return _SEQUENCE, element
    return _OTHER, None


@functools.cache
def _outer(tp: Any) -> Any:
    """A declared type's outer class (``tuple`` for ``tuple[int, int]``), worked out once."""
    return typing.get_origin(tp) or tp


def _element_type(kind: type) -> Any | None:
    """For a ``Sequence[X]`` subclass other than a tuple (such as a stone set), ``X``."""
    for base in getattr(kind, "__orig_bases__", ()):
        if typing.get_origin(base) is Sequence:
            (element,) = typing.get_args(base)
            return element
    return None


Path: TypeAlias = "str | tuple[Path, str | int]"
"""Where a value is in a document, spelled out (:func:`path_text`) only when an error names it.

The class's name at the top (``"State"``), else ``(parent, key)``: an int key is an item's
index (``[3]``), a string key is written as it is (``".colour"`` for a field, ``"[]"`` for
an item of a set). Writing and reading pass it down unspelled: a tuple of two costs less
than the text ``State.board[3].colour`` at every value.
"""


def path_text(path: Path) -> str:
    """The text of a :data:`Path`, such as ``State.board[3].colour``."""
    keys: list[str] = []
    while type(path) is tuple:
        path, key = path
        keys.append(f"[{key}]" if type(key) is int else cast("str", key))
    return cast("str", path) + "".join(reversed(keys))


@functools.cache
def _plain_types(tp: Any) -> frozenset[type] | None:
    """The JSON types a value declared as ``tp`` is written and read as itself, if any.

    A value of ``None``, ``int``, ``str`` or ``bool`` (or a union of them) that is exactly
    of one of these types (an int within :data:`MAX_SAFE_INT`) is its own JSON value: a
    tuple of such values is written as ``list(value)`` and read as ``tuple(data)``, after
    one quick look at its items (:func:`_all_plain`). ``None`` for every other type.
    """
    if tp in (_NONE_TYPE, int, str, bool):
        return frozenset({tp})
    if _is_union(tp):
        members = [_plain_types(member) for member in typing.get_args(tp)]
        if all(members):
            return frozenset().union(*cast("list[frozenset[type]]", members))
    return None


@functools.cache
def _plain_rows(tp: Any) -> tuple[frozenset[type], int | None] | None:
    """For a tuple of plain values (a *row*), the types its items may be and its length.

    The length is ``None`` for a tuple of one type (``tuple[str, ...]``); a tuple of a
    type per place (``tuple[int, int]``) is a row when every place takes the same plain
    types. A tuple of rows is written as ``list(map(list, value))`` and read as
    ``tuple(map(tuple, data))`` after one look at each row (:func:`_all_plain_rows`).
    """
    if typing.get_origin(tp) is not tuple:
        return None
    args = typing.get_args(tp)
    if len(args) == 2 and args[1] is Ellipsis:
        plain = _plain_types(args[0])
        return None if plain is None else (plain, None)
    plains = {_plain_types(arg) for arg in args}
    if len(plains) != 1 or None in plains:
        return None
    return cast("frozenset[type]", plains.pop()), len(args)


def _all_plain_rows(
    rows: Collection[Any],
    row_type: type[Collection[Any]],
    types: frozenset[type],
    length: int | None,
) -> bool:
    """Whether each row is a ``row_type`` (of ``length`` items, if given) of plain items."""
    for row in rows:
        if type(row) is not row_type or not _all_plain(row, types):
            return False
        if length is not None and len(row) != length:
            return False
    return True


def _all_plain(items: Collection[Any], types: frozenset[type]) -> bool:
    """Whether each item is exactly of one of ``types`` (see :func:`_plain_types`)."""
    if len(items) > 8:  # a loop in C pays for setting it up past a few items
        if not types.issuperset(map(type, items)):
            return False
        if int not in types:
            return True
        if len(types) == 1:
            return bool(min(items) >= -MAX_SAFE_INT and max(items) <= MAX_SAFE_INT)
    for item in items:
        kind = type(item)
        if kind is int:
            if int not in types or not -MAX_SAFE_INT <= item <= MAX_SAFE_INT:
                return False
        elif kind not in types:
            return False
    return True


def _type_name(tp: Any) -> str:
    if tp is _NONE_TYPE:
        return "null"
    if isinstance(tp, type) and not typing.get_args(tp):
        names = {int: "an int", WideInt: "an int", str: "a string", bool: "a boolean"}
        return names.get(tp, tp.__name__)
    return str(tp).replace("typing.", "")
