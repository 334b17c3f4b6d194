"""JSON for every state, move, view and outcome of every game: versioned, strict, safe.

Every document is one JSON object, an *envelope* around the value::

    {"format": "tilegames", "version": 2, "game": "axio-rota", "type": "Move",
     "data": {"cell": [1, -1], "rotation": 3, "named": 2}}

``format`` and ``version`` say what the document is (:data:`FORMAT`,
:data:`VERSION`); ``game`` is the registry name of the game
(:func:`tilegames.get`); ``type`` is the name of the class in the game's module
(``"State"``, ``"View"``, ``"Move"``, ``"Place"`` ...) or ``"Outcome"``;
``data`` holds the class's fields, named as the attributes are. The fields of
a class are written as their declared types say: an int or a string as itself,
``None`` as ``null``, a tuple as an array, a frozenset as an array sorted by
the JSON text of its items, an attrs class as an object of its fields.
Every document is safe for JavaScript's ``JSON.parse``: an int beyond
:data:`MAX_SAFE_INT` (``2**53 - 1``) either way, which a browser would
silently round (a 64-bit seed), is written as a string of its decimal digits
(``"seed": "12345678901234567890"``), and only such an int. The
documentation page "JSON and pictures for frontends" lists the fields of
every class; golden files in ``tests/data/json/`` pin the format.

>>> from tilegames import axio_rota
>>> from tilegames.serialize import from_json, to_json
>>> move = axio_rota.Move((1, -1), 3, axio_rota.BLUE)
>>> text = to_json(move)
>>> text
'{"format":"tilegames","version":2,"game":"axio-rota","type":"Move","data":{"cell":[1,-1],"rotation":3,"named":2}}'
>>> from_json(text, axio_rota.Move) == move
True

Loading is strict: the envelope and every field must be exactly as written
here (no unknown or missing field, no ``true`` for a number, no ``1.0`` for an
int), constructors refuse bad moves, and the game's
:attr:`~tilegames.Rules.validate` refuses a state, view or outcome that the
game could not reach: out-of-range coordinates, a tile that appears twice or
is not in the set, a score over its cap, a player count the game does not
allow. Every such problem is an :class:`~tilegames.InvalidStateError` naming
the field:

>>> from_json('{"format":"tilegames","version":2,"game":"axio-rota","type":"Move",'
...           '"data":{"cell":[1,-1],"rotation":"3","named":null}}', axio_rota.Move)
Traceback (most recent call last):
...
tilegames.errors.InvalidStateError: Move.rotation: expected an int, got "3"

Nothing is evaluated or unpickled: a document only ever becomes the classes
it names, through their constructors. Before any field is read, a document
is measured without recursion against three limits, each far above any
document the games write and each adjustable per call: at most
:data:`MAX_DOCUMENT_CHARS` characters of text (``max_chars=``), values
nested at most :data:`MAX_DEPTH` deep (``max_depth=``) and at most
:data:`MAX_ENTRIES` values in all (``max_entries=``); a document over one is
refused at once with an :class:`~tilegames.InvalidStateError` naming the
limit and the keyword that raises it. A view (``rules.view(state, seat)``)
holds only what its seat may see, so its JSON is what a frontend may send to
that seat.
"""

from __future__ import annotations

import collections
import contextvars
import functools
import json
import re
import types
import typing
from collections.abc import Sequence
from typing import Any, Final, TypeVar, Union, cast, overload

import attrs

import tilegames
from tilegames._core.errors import InvalidStateError, TilegamesError, WrongTypeError
from tilegames._core.rules import Outcome, Rules
from tilegames._core.rules import game_of as _game_of
from tilegames._shown import scalar_text
from tilegames._shown import shown as _shown

__all__ = [
    "FORMAT",
    "MAX_DEPTH",
    "MAX_DOCUMENT_CHARS",
    "MAX_ENTRIES",
    "MAX_SAFE_INT",
    "VERSION",
    "VERSIONS",
    "check_size",
    "from_dict",
    "from_json",
    "game_of",
    "to_dict",
    "to_json",
]

FORMAT: Final = "tilegames"
"""The ``format`` of every document."""

VERSION: Final = 2
"""The ``version`` of the format written; loading accepts every one of :data:`VERSIONS`.

A change that makes old documents load differently or not at all raises it.
Version 2 writes an int beyond :data:`MAX_SAFE_INT` as a string of its
digits; version 1 wrote it as a JSON number, which JavaScript rounds.
"""

VERSIONS: Final = (1, 2)
"""The versions :func:`from_json` reads: a version-1 document loads as it always did."""

MAX_SAFE_INT: Final = (1 << 53) - 1
"""The largest int JavaScript's numbers hold exactly (``Number.MAX_SAFE_INTEGER``).

A document of version 2 writes an int beyond it (or below ``-MAX_SAFE_INT``)
as a string of its decimal digits, and reads such a string back as the int;
a smaller int is always a JSON number (a string of its digits is refused).
Reading also takes a big int written as a number, as Python's JSON parser
reads it exactly.
"""

MAX_DEPTH: Final = 64
"""How deep the values of a document may nest, by default (``max_depth=`` sets another).

The document object is at depth 1 and each array or object inside adds one:
``{"data": {"cell": [1, -1]}}`` nests 3 deep. The games write documents at
most 7 deep; the JSON parser itself gives up near 1000.
"""

MAX_ENTRIES: Final = 50_000
"""How many values a document may hold in all, by default (``max_entries=`` sets another).

Every object, array, number, string, boolean and ``null`` counts once, the
document object included: the AXIO Rota move
``{"format": ..., "version": ..., "game": ..., "type": ..., "data":
{"cell": [1, -1], "rotation": 3, "named": 2}}`` holds 11. A state of the
standard sets holds under 1,000; one of the largest custom sets the games
allow (4,096 Polygon tiles, in the set and in the bag) 8,292.
"""

MAX_DOCUMENT_CHARS: Final = 1_000_000
"""How long the text given to :func:`from_json` may be, by default (``max_chars=`` sets another).

Counted in characters for ``str`` and in bytes for ``bytes``. The games'
documents take a few kilobytes; a Polygon state with a custom set of the
largest size (4,096 tiles) takes 35,283 characters, 93,489 pretty-printed.
"""

T = TypeVar("T")

_ENVELOPE: Final = ("format", "version", "game", "type", "data")
_INT_MIN: Final = -(1 << 63)
_INT_LIMIT: Final = 1 << 64  # ints must fit 64 bits: seeds are unsigned 64-bit numbers
_NONE_TYPE: Final = type(None)
_BIG_INT: Final = re.compile(r"-?[1-9][0-9]{15,19}\Z")  # the digits of a 64-bit int past 2**53
_VERSION_READ: contextvars.ContextVar[int] = contextvars.ContextVar("version", default=VERSION)


# ---------------------------------------------------------------------------
# Which game a class belongs to
# ---------------------------------------------------------------------------


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


# ---------------------------------------------------------------------------
# Types: what the declared annotations say
# ---------------------------------------------------------------------------


@functools.cache
def _fields(kind: type) -> tuple[tuple[str, str, Any], ...]:
    """The ``(name, constructor keyword, type)`` of each field an attrs class is built from."""
    hints = typing.get_type_hints(kind)
    return tuple(
        (field.name, field.alias or field.name, hints[field.name])
        for field in attrs.fields(kind)
        if field.init
    )


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
    if tp is _NONE_TYPE or tp in (int, str, bool):
        return _SCALAR, None
    if isinstance(tp, type) and attrs.has(tp):
        return _FIELDS, None
    element = _element_type(tp) if isinstance(tp, type) else None
    if element is not None:
        return _SEQUENCE, element
    return _OTHER, None


def _element_type(kind: type) -> Any | None:
    """For a ``Sequence[X]`` subclass other than a tuple (such as a stone set), ``X``."""
    for base in getattr(kind, "__orig_bases__", ()):
        if typing.get_origin(base) is Sequence:
            (element,) = typing.get_args(base)
            return element
    return None


def _type_name(tp: Any) -> str:
    if tp is _NONE_TYPE:
        return "null"
    if isinstance(tp, type) and not typing.get_args(tp):
        return {int: "an int", str: "a string", bool: "a boolean"}.get(tp, tp.__name__)
    return str(tp).replace("typing.", "")


# ---------------------------------------------------------------------------
# Writing
# ---------------------------------------------------------------------------


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
    if tp is int and not -MAX_SAFE_INT <= value <= MAX_SAFE_INT:
        return str(value)  # JavaScript would round it
    if kind == _SCALAR:
        return value
    if kind == _FIELDS:
        return _encode_fields(value, path)
    if kind == _SEQUENCE:
        return [_encode(item, args, f"{path}[{i}]") for i, item in enumerate(value)]
    msg = f"{path}: cannot write a value declared as {_type_name(tp)} as JSON"
    raise TypeError(msg)


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


# ---------------------------------------------------------------------------
# Reading
# ---------------------------------------------------------------------------


def _fail(path: str, problem: str) -> InvalidStateError:
    return InvalidStateError(f"{path}: {problem}")


def _decode(data: Any, tp: Any, path: str) -> Any:
    """The value of type ``tp`` that the JSON value ``data`` stands for, checked strictly."""
    kind, args = _shape(tp)
    if kind == _UNION:
        return _decode_union(data, tp, path)
    if kind == _TUPLE:
        return _decode_tuple(data, args, path)
    if kind == _FROZENSET:
        return _decode_frozenset(data, args[0], path)
    if kind == _SCALAR:
        return _decode_scalar(data, tp, path)
    if kind == _FIELDS:
        return _decode_fields(data, tp, path)
    if kind == _SEQUENCE:
        items = _decode_tuple(data, (args, ...), path)
        return _construct(tp, path, items)
    msg = f"{path}: a value declared as {_type_name(tp)} cannot be read from JSON"
    raise TypeError(msg)


def _decode_union(data: Any, tp: Any, path: str) -> Any:
    """The first member of the union ``tp`` that ``data`` reads as."""
    options = _shape(tp)[1]
    if data is None:
        if _NONE_TYPE in options:
            return None
        raise _fail(path, f"expected {_type_name(tp)}, got null")
    problems = []
    for option in options:
        if option is _NONE_TYPE:
            continue
        try:
            return _decode(data, option, path)
        except InvalidStateError as error:
            problems.append(str(error))
    if len(problems) == 1:
        raise InvalidStateError(problems[0])
    raise _fail(path, f"expected {_type_name(tp)}, got {_shown(data)}")


def _decode_tuple(data: Any, args: tuple[Any, ...], path: str) -> tuple[Any, ...]:
    """A tuple of one type (``args == (X, ...)``) or of a type per place."""
    if type(data) is not list:
        raise _fail(path, f"expected an array, got {_shown(data)}")
    if len(args) == 2 and args[1] is Ellipsis:
        return tuple(_decode(item, args[0], f"{path}[{i}]") for i, item in enumerate(data))
    if len(data) != len(args):
        raise _fail(path, f"expected an array of {len(args)} items, got {len(data)}")
    return tuple(
        _decode(item, arg, f"{path}[{i}]")
        for i, (item, arg) in enumerate(zip(data, args, strict=True))
    )


def _decode_frozenset(data: Any, arg: Any, path: str) -> frozenset[Any]:
    """A frozenset from an array whose items are all different."""
    if type(data) is not list:
        raise _fail(path, f"expected an array, got {_shown(data)}")
    items = [_decode(item, arg, f"{path}[{i}]") for i, item in enumerate(data)]
    result = frozenset(items)
    if len(result) != len(items):
        counts = collections.Counter(items)
        twice = next(item for item, count in counts.items() if count > 1)
        raise _fail(path, f"{_shown(_encode(twice, arg, path))} appears twice")
    return result


def _decode_scalar(data: Any, tp: Any, path: str) -> Any:
    """``null``, a 64-bit int, a string or a boolean, of exactly that JSON type."""
    if tp is _NONE_TYPE:
        if data is not None:
            raise _fail(path, f"expected null, got {_shown(data)}")
        return None
    if tp is int and type(data) is str and _VERSION_READ.get() >= 2:
        return _big_int(data, path)
    if type(data) is not tp:
        raise _fail(path, f"expected {_type_name(tp)}, got {_shown(data)}")
    if tp is int and not _INT_MIN <= data < _INT_LIMIT:
        raise _fail(path, f"{_shown(data)} is out of range for a 64-bit number")
    return data


def _big_int(data: str, path: str) -> int:
    """An int written as digits (version 2): one beyond :data:`MAX_SAFE_INT`, within 64 bits."""
    if not _BIG_INT.match(data):
        raise _fail(path, f"expected an int, got {_shown(data)}")
    value = int(data)
    if -MAX_SAFE_INT <= value <= MAX_SAFE_INT:
        raise _fail(
            path,
            f"expected an int, got {_shown(data)} (only an int beyond 2**53 - 1 is written as "
            "a string of its digits)",
        )
    if not _INT_MIN <= value < _INT_LIMIT:
        raise _fail(path, f"{_shown(data)} is out of range for a 64-bit number")
    return value


def _decode_fields(data: Any, kind: type, path: str) -> Any:
    if type(data) is not dict:
        raise _fail(path, f"expected an object of {kind.__name__} fields, got {_shown(data)}")
    fields = _fields(kind)
    names = [name for name, _, _ in fields]
    unknown = [key for key in data if key not in names]
    if unknown:
        known = f"the fields are {', '.join(names)}" if names else f"a {kind.__name__} has none"
        raise _fail(path, f"unknown field {unknown[0]!r} ({known})")
    optional = _optional(kind)
    missing = [name for name in names if name not in data and name not in optional]
    if missing:
        raise _fail(path, f"missing field {missing[0]!r}")
    arguments = {
        keyword: _decode(data[name], tp, f"{path}.{name}")
        for name, keyword, tp in fields
        if name in data
    }
    return _construct(kind, path, **arguments)


def _construct(kind: Any, path: str, *args: Any, **kwargs: Any) -> Any:
    try:
        return kind(*args, **kwargs)
    except (TypeError, ValueError) as error:
        if isinstance(error, InvalidStateError):
            raise
        raise _fail(path, str(error)) from None


def _accepted(kind: Any) -> dict[str, type]:
    """The classes a document may name when ``kind`` is asked for, by name.

    The class itself, each member of a union, and their attrs subclasses
    that a registered game owns (``aztack.Move`` accepts ``Place`` and ``Pass``).
    """
    options = typing.get_args(kind) if _is_union(kind) else (kind,)
    found: dict[str, type] = {}
    for option in options:
        if not isinstance(option, type):
            continue
        pending = [option]
        while pending:
            current = pending.pop()
            if attrs.has(current) and (current is Outcome or _owned(current)):
                found.setdefault(current.__name__, current)
            pending.extend(current.__subclasses__())
    if not found:
        msg = f"{kind!r} is not a class that tilegames documents hold"
        raise TypeError(msg)
    return found


def _owned(kind: type) -> bool:
    try:
        _game_of(kind)
    except WrongTypeError:
        return False
    return True


def check_size(document: object, max_depth: int, max_entries: int) -> None:
    """Refuse a document nested deeper than ``max_depth`` or holding over ``max_entries`` values.

    A loop over a stack, never recursion: it looks at each value once and
    stops at the first value past a limit, so a hostile document costs at
    most ``max_entries + 1`` steps, whatever its depth or size (a document
    built in Python that contains itself is only ever too deep).
    """
    # Each entry: the value, its depth, and where it is as (key, parent's place).
    pending: list[tuple[object, int, tuple[Any, ...] | None]] = [(document, 1, None)]
    entries = 1  # the values seen or waiting in ``pending``
    while pending:
        value, depth, place = pending.pop()
        kind = type(value)
        if kind is not dict and kind is not list:
            continue
        if depth > max_depth:
            msg = (
                f"{_place_text(place)} nests deeper than {max_depth} levels (the limit is "
                f"MAX_DEPTH = {MAX_DEPTH} unless max_depth= says otherwise); pass a larger "
                "max_depth= to from_json or from_dict to read a document this deep"
            )
            raise _fail("document", msg)
        container = cast("dict[Any, Any] | list[Any]", value)
        entries += len(container)  # counted before they are stacked: the stack stays small
        if entries > max_entries:
            msg = (
                f"more than {max_entries} values (the limit is MAX_ENTRIES = {MAX_ENTRIES} "
                "unless max_entries= says otherwise); pass a larger max_entries= to "
                "from_json or from_dict to read a document this big"
            )
            raise _fail("document", msg)
        items = container.items() if type(container) is dict else enumerate(container)
        pending.extend((item, depth + 1, (key, place)) for key, item in items)


def _place_text(place: tuple[Any, ...] | None) -> str:
    """Where a value is in a document, such as ``data.cell[0][0]``, from ``(key, parent)``."""
    keys = []
    while place is not None:
        key, place = place
        keys.append(key)
    text = "".join(
        f"[{key}]" if type(key) is int else f".{scalar_text(key, 30).strip(chr(34))}"
        for key in reversed(keys)
    )
    return text[1:] if text.startswith(".") else text or "the document"


@overload
def from_dict(
    document: Any, kind: type[T], *, max_depth: int | None = None, max_entries: int | None = None
) -> T: ...


@overload
def from_dict(
    document: Any, kind: Any, *, max_depth: int | None = None, max_entries: int | None = None
) -> Any: ...


def from_dict(
    document: Any, kind: Any, *, max_depth: int | None = None, max_entries: int | None = None
) -> Any:
    """Read a document (a parsed JSON object) as a value of ``kind``, checking everything.

    Args:
        document: the envelope, as :func:`to_dict` writes it.
        kind: the class expected: a game's ``State``, ``View`` or move class
            (a union such as ``axio.Move`` or a base class such as
            ``aztack.Move`` accepts any of its classes), or
            :class:`~tilegames.Outcome`.
        max_depth: how deep values may nest (default :data:`MAX_DEPTH`).
        max_entries: how many values the document may hold (default
            :data:`MAX_ENTRIES`).

    Returns:
        A value that the game's rules accept, equal to the one written.

    Raises:
        InvalidStateError: naming the field and the problem, for any document
            that is not exactly a valid value of ``kind``; naming the limit,
            before any field is read, for one over ``max_depth`` or
            ``max_entries``.
        TypeError: if ``kind`` is not a class that documents hold.
        WrongTypeError: if a limit is neither an int nor ``None``.
    """
    accepted = _accepted(kind)
    check_size(
        document,
        _limit("max_depth", max_depth, MAX_DEPTH),
        _limit("max_entries", max_entries, MAX_ENTRIES),
    )
    if type(document) is not dict:
        raise _fail("document", f"expected a JSON object, got {_shown(document)}")
    unknown = [key for key in document if key not in _ENVELOPE]
    if unknown:
        raise _fail(
            "document", f"unknown field {unknown[0]!r} (the fields are {', '.join(_ENVELOPE)})"
        )
    missing = [key for key in _ENVELOPE if key not in document]
    if missing:
        raise _fail("document", f"missing field {missing[0]!r}")
    if document["format"] != FORMAT:
        raise _fail("format", f"expected {FORMAT!r}, got {_shown(document['format'])}")
    version = document["version"]
    if type(version) is not int or version not in VERSIONS:
        known = " and ".join(map(str, VERSIONS))
        raise _fail("version", f"this tilegames reads versions {known}, not {_shown(version)}")
    rules = _rules_named(document["game"])
    name = document["type"]
    chosen = accepted.get(name) if type(name) is str else None
    if chosen is None:
        expected = " or ".join(repr(n) for n in sorted(accepted))
        raise _fail("type", f"expected {expected}, got {_shown(name)}")
    if chosen is not Outcome and game_of(chosen).name != rules.name:
        raise _fail(
            "game",
            f"the document is of {rules.name!r}, but a {name} of {game_of(chosen).name!r} "
            "was asked for",
        )
    token = _VERSION_READ.set(version)
    try:
        value = _decode_fields(document["data"], chosen, name)
    finally:
        _VERSION_READ.reset(token)
    if chosen is Outcome:
        if not value.game:
            value = attrs.evolve(value, game=rules.name)
        elif value.game != rules.name:
            raise _fail("Outcome.game", f"{value.game!r} differs from the document's game")
    validate = getattr(rules, "validate", None)
    if validate is not None:
        validate(value)
    return value


@overload
def from_json(
    text: str | bytes,
    kind: type[T],
    *,
    max_chars: int | None = None,
    max_depth: int | None = None,
    max_entries: int | None = None,
) -> T: ...


@overload
def from_json(
    text: str | bytes,
    kind: Any,
    *,
    max_chars: int | None = None,
    max_depth: int | None = None,
    max_entries: int | None = None,
) -> Any: ...


def from_json(
    text: str | bytes,
    kind: Any,
    *,
    max_chars: int | None = None,
    max_depth: int | None = None,
    max_entries: int | None = None,
) -> Any:
    """Read JSON text as a value of ``kind`` (see :func:`from_dict`).

    A document for a game that needs more room than the defaults (a huge
    custom set) passes larger limits:

    >>> from tilegames import axio_rota
    >>> text = to_json(axio_rota.Move((1, -1), 3, axio_rota.BLUE))
    >>> from_json(text, axio_rota.Move, max_chars=50)
    Traceback (most recent call last):
    ...
    tilegames.errors.InvalidStateError: document: 113 characters is more than 50 (the limit ...
    >>> from_json(text, axio_rota.Move, max_chars=113)
    Move(cell=(1, -1), rotation=3, named=2)

    Args:
        text: the JSON text, as ``str`` or as UTF-8 ``bytes``.
        kind: the class expected (see :func:`from_dict`).
        max_chars: how long the text may be (default :data:`MAX_DOCUMENT_CHARS`),
            checked before it is parsed.
        max_depth: how deep values may nest (default :data:`MAX_DEPTH`).
        max_entries: how many values the document may hold (default
            :data:`MAX_ENTRIES`).

    Raises:
        InvalidStateError: if the text is not JSON, is over a limit, or is not
            a valid document of ``kind``.
        WrongTypeError: if a limit is neither an int nor ``None``.
    """
    chars = _limit("max_chars", max_chars, MAX_DOCUMENT_CHARS)
    if isinstance(text, (str, bytes, bytearray)) and len(text) > chars:
        msg = (
            f"{len(text)} characters is more than {chars} (the limit is MAX_DOCUMENT_CHARS = "
            f"{MAX_DOCUMENT_CHARS} unless max_chars= says otherwise); pass a larger "
            "max_chars= to from_json to read a document this long"
        )
        raise _fail("document", msg)
    try:
        document: Any = json.loads(
            text, parse_constant=_refuse_constant, object_pairs_hook=_unique_keys
        )
    except RecursionError:
        msg = f"nested too deeply for the JSON parser (MAX_DEPTH is {MAX_DEPTH} levels)"
        raise _fail("document", msg) from None
    except (ValueError, TypeError) as error:
        if isinstance(error, InvalidStateError):
            raise
        raise _fail("document", f"not JSON: {error}") from None
    return from_dict(document, kind, max_depth=max_depth, max_entries=max_entries)


def _limit(name: str, value: object, default: int) -> int:
    """A ``max_...`` argument: ``None`` for the default, else an int.

    Raises:
        WrongTypeError: naming the argument, for anything else (a bool too).
    """
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int):
        raise WrongTypeError(f"{name} must be an int or None, got {_shown(value)}")
    return value


def _refuse_constant(name: str) -> Any:
    raise _fail("document", f"{name} is not a JSON number")


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise _fail("document", f"the key {key!r} appears twice in one object")
        result[key] = value
    return result
