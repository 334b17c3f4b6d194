"""Reading: a document checked to its last field and built back into a value.

Each declared type is worked out once: :func:`_reader` turns it into a small function that
reads a value of that type, so reading a document interprets no type at any value. Where a
value is (``State.board[3]``) travels down as a :data:`~tilegames.serialize._format.Path`,
spelled out only when a refusal names it. Before any of that, :func:`check_size` measures
the document against the limits, in one quick pass when it is within them.
"""

from __future__ import annotations

import collections
import functools
import json
import typing
from collections.abc import Callable
from typing import Any, TypeAlias, cast, overload

import attrs

from tilegames._core.basics import former_names, warn_renamed
from tilegames._core.errors import InvalidStateError, WrongTypeError
from tilegames._core.rules import Outcome, Rules
from tilegames._core.rules import game_of as _game_of
from tilegames._shown import scalar_text
from tilegames._shown import shown as _shown
from tilegames.serialize._format import (
    _BIG_INT,
    _ENVELOPE,
    _FIELDS,
    _FROZENSET,
    _INT_LIMIT,
    _INT_MIN,
    _NONE_TYPE,
    _SCALAR,
    _SEQUENCE,
    _TUPLE,
    _UNION,
    _VERSION_READ,
    FORMAT,
    MAX_DEPTH,
    MAX_DOCUMENT_CHARS,
    MAX_ENTRIES,
    MAX_SAFE_INT,
    VERSIONS,
    Path,
    T,
    WideInt,
    _all_plain,
    _all_plain_rows,
    _fields,
    _former_values,
    _is_union,
    _optional,
    _plain_rows,
    _plain_types,
    _renamed,
    _rules_named,
    _shape,
    _type_name,
    game_of,
    out_of_range,
    path_text,
)
from tilegames.serialize._write import _encode

Reader: TypeAlias = Callable[[Any, Path], Any]
"""Reads a value declared as one type: ``reader(data, path)`` is the value ``data`` stands for."""


def _fail(path: Path, problem: str) -> InvalidStateError:
    return InvalidStateError(f"{path_text(path)}: {problem}")


def _decode(data: Any, tp: Any, path: Path) -> Any:
    """The value of type ``tp`` that the JSON value ``data`` stands for, checked strictly."""
    return _reader(tp)(data, path)


@functools.cache
def _reader(tp: Any) -> Reader:
    """The function that reads a value declared as ``tp``, built once per type."""
    kind, args = _shape(tp)
    if kind == _UNION:
        return _union_reader(tp, args)
    if kind == _TUPLE:
        return _tuple_reader(args)
    if kind == _FROZENSET:
        return _frozenset_reader(args[0])
    if kind == _SCALAR:
        return _scalar_reader(tp)
    if kind == _FIELDS:
        return _class_reader(tp) if tp in _BEING_BUILT else _fields_reader(tp)
    if kind == _SEQUENCE:
        return _sequence_reader(tp, args)
    problem = f"a value declared as {_type_name(tp)} cannot be read from JSON"

    def refuse(data: Any, path: Path) -> Any:
        raise TypeError(f"{path_text(path)}: {problem}")

    return refuse


def _union_reader(tp: Any, members: tuple[Any, ...]) -> Reader:
    """Reads the first member of the union ``tp`` that the data reads as.

    If only one member (other than ``None``) could, its refusal is the union's; else the
    refusal names the union.
    """
    nullable = _NONE_TYPE in members
    options = [_reader(member) for member in members if member is not _NONE_TYPE]
    expected = _type_name(tp)
    if len(options) == 1:
        return _optional_reader(options[0], expected, nullable=nullable)

    def read(data: Any, path: Path) -> Any:
        if data is None:
            if nullable:
                return None
            raise _fail(path, f"expected {expected}, got null")
        problems = []
        for option in options:
            try:
                return option(data, path)
            except InvalidStateError as error:
                problems.append(str(error))
        if len(problems) == 1:
            raise InvalidStateError(problems[0])
        raise _fail(path, f"expected {expected}, got {_shown(data)}")

    return read


def _optional_reader(option: Reader, expected: str, *, nullable: bool) -> Reader:
    """Reads a union of one type with ``None`` (``X | None``): ``null``, or what ``X`` reads."""

    def read(data: Any, path: Path) -> Any:
        if data is None:
            if nullable:
                return None
            raise _fail(path, f"expected {expected}, got null")
        try:
            return option(data, path)
        except InvalidStateError as error:
            problem = str(error)
        raise InvalidStateError(problem)  # as a union of several members says it

    return read


def _tuple_reader(args: tuple[Any, ...]) -> Reader:
    """Reads a tuple of one type (``args == (X, ...)``) or of a type per place.

    An array of plain values (see :func:`~tilegames.serialize._format._plain_types`), or
    of plain rows, is taken as it is after one look at its items; any other is read item
    by item, in a loop (before Python 3.12 a comprehension is a call of its own, which a
    short array feels).
    """
    if len(args) == 2 and args[1] is Ellipsis:
        item = _reader(args[0])
        plain = _plain_types(args[0])
        rows = _plain_rows(args[0])

        def read_items(data: Any, path: Path) -> tuple[Any, ...]:
            if type(data) is not list:
                raise _fail(path, f"expected an array, got {_shown(data)}")
            if plain is not None and _all_plain(data, plain):
                return tuple(data)
            if rows is not None and _all_plain_rows(data, list, *rows):
                return tuple(map(tuple, data))
            items = []
            for i, each in enumerate(data):
                items.append(item(each, (path, i)))
            return tuple(items)

        return read_items
    places = tuple(enumerate(_reader(arg) for arg in args))
    plains = {_plain_types(arg) for arg in args}
    same = plains.pop() if len(plains) == 1 else None
    all_rows = {_plain_rows(arg) for arg in args}
    rows = all_rows.pop() if len(all_rows) == 1 else None

    def read_places(data: Any, path: Path) -> tuple[Any, ...]:
        if type(data) is not list:
            raise _fail(path, f"expected an array, got {_shown(data)}")
        if len(data) != len(places):
            raise _fail(path, f"expected an array of {len(places)} items, got {len(data)}")
        if same is not None and _all_plain(data, same):
            return tuple(data)
        if rows is not None and _all_plain_rows(data, list, *rows):
            return tuple(map(tuple, data))
        items = []
        for i, place in places:
            items.append(place(data[i], (path, i)))
        return tuple(items)

    return read_places


def _frozenset_reader(arg: Any) -> Reader:
    """Reads a frozenset from an array whose items are all different."""
    item = _reader(arg)
    plain = _plain_types(arg)

    def read(data: Any, path: Path) -> frozenset[Any]:
        if type(data) is not list:
            raise _fail(path, f"expected an array, got {_shown(data)}")
        if plain is not None and _all_plain(data, plain):
            items = data
        else:
            items = []
            for i, each in enumerate(data):
                items.append(item(each, (path, i)))
        result = frozenset(items)
        if len(result) != len(items):
            counts = collections.Counter(items)
            twice = next(item for item, count in counts.items() if count > 1)
            raise _fail(path, f"{_shown(_encode(twice, arg, path))} appears twice")
        return result

    return read


def _scalar_reader(tp: Any) -> Reader:
    """Reads ``null``, a 64-bit int, a string or a boolean, of exactly that JSON type."""
    if tp is _NONE_TYPE:
        return _read_null
    if tp is WideInt:
        return _wide_int
    if tp is int:
        return _read_int
    expected = _type_name(tp)

    def read(data: Any, path: Path) -> Any:
        if type(data) is not tp:
            raise _fail(path, f"expected {expected}, got {_shown(data)}")
        return data

    return read


def _read_null(data: Any, path: Path) -> None:
    if data is not None:
        raise _fail(path, f"expected null, got {_shown(data)}")


def _read_int(data: Any, path: Path) -> int:
    """An int within :data:`MAX_SAFE_INT` either way."""
    if type(data) is not int:
        raise _fail(path, f"expected an int, got {_shown(data)}")
    if not -MAX_SAFE_INT <= data <= MAX_SAFE_INT:
        raise InvalidStateError(out_of_range(path_text(path), data))
    return data


def _wide_int(data: Any, path: Path) -> int:
    """A 64-bit int (a seed): a number, or (version 2) digits beyond :data:`MAX_SAFE_INT`."""
    if type(data) is str and _VERSION_READ.get() >= 2:
        return _big_int(data, path)
    if type(data) is not int:
        raise _fail(path, f"expected an int, got {_shown(data)}")
    if not _INT_MIN <= data < _INT_LIMIT:
        raise _fail(path, f"{_shown(data)} is out of range for a 64-bit number")
    return data


def _big_int(data: str, path: Path) -> int:
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


def _sequence_reader(kind: Any, element: Any) -> Reader:
    """Reads a ``Sequence[X]`` subclass (such as a stone set) from an array of its items."""
    read_items = _tuple_reader((element, ...))

    def read(data: Any, path: Path) -> Any:
        return _construct(kind, path, read_items(data, path))

    return read


_BEING_BUILT: set[type] = set()  # the classes whose readers are being built


def _class_reader(kind: type) -> Reader:
    """Reads an object of ``kind``'s fields, for a field of ``kind`` inside ``kind`` itself.

    ``kind``'s reader is being built (:func:`_fields_reader`): it is looked up at each read.
    """

    def read(data: Any, path: Path) -> Any:
        return _fields_reader(kind)(data, path)

    return read


def _decode_fields(data: Any, kind: type, path: Path) -> Any:
    """The value of the attrs class ``kind`` that the object ``data`` holds the fields of."""
    return _fields_reader(kind)(data, path)


@functools.cache
def _fields_reader(kind: type) -> Reader:
    """The reader of an object of the attrs class ``kind``'s fields, built at its first use.

    Every field must be there but one added after version 1 (``OPTIONAL``), which takes
    its default; a field under its former name (``formerly``) reads with a warning.
    """
    renamed = _renamed(kind)
    fields = _fields(kind)
    names = [name for name, _, _ in fields]
    everything = frozenset(names)
    optional = _optional(kind)
    _BEING_BUILT.add(kind)
    try:
        readers = [(name, keyword, f".{name}", _reader(tp)) for name, keyword, tp in fields]
    finally:
        _BEING_BUILT.discard(kind)

    def read(data: Any, path: Path) -> Any:
        if type(data) is not dict:
            raise _fail(path, f"expected an object of {kind.__name__} fields, got {_shown(data)}")
        if renamed and not renamed.keys().isdisjoint(data):
            data = _new_names(data, renamed, kind, path)
        arguments = {}
        if data.keys() == everything:
            for name, keyword, key, read_field in readers:
                arguments[keyword] = read_field(data[name], (path, key))
            return _construct(kind, path, **arguments)
        _check_names(data, kind, names, optional, path)
        for name, keyword, key, read_field in readers:
            if name in data:
                arguments[keyword] = read_field(data[name], (path, key))
        return _construct(kind, path, **arguments)

    return read


def _check_names(
    data: dict[str, Any], kind: type, names: list[str], optional: dict[str, Any], path: Path
) -> None:
    """Refuse an object with a field ``kind`` lacks, or without one it needs."""
    unknown = [key for key in data if key not in names]
    if unknown:
        known = f"the fields are {', '.join(names)}" if names else f"a {kind.__name__} has none"
        raise _fail(path, f"unknown field {unknown[0]!r} ({known})")
    missing = [name for name in names if name not in data and name not in optional]
    if missing:
        raise _fail(path, f"missing field {missing[0]!r}")


def _new_names(
    data: dict[str, Any], renamed: dict[str, str], kind: type, path: Path
) -> dict[str, Any]:
    """``data`` with each field held under a former name moved to its new one (deprecated).

    A field whose values changed with its name (``formerly(..., values=...)``)
    has its former value replaced by the new one; another value is refused.
    """
    for old, new in renamed.items():
        if old in data and new in data:
            raise _fail(path, f"both {old!r} and {new!r}: {old!r} is the former name of {new!r}")
    for old, new in renamed.items():
        if old in data:
            warn_renamed(f"a {kind.__name__} document's field {old!r}", repr(new), stacklevel=2)
    moved = {renamed.get(key, key): value for key, value in data.items()}
    for old, values in _former_values(kind).items():
        if old in data:
            moved[renamed[old]] = _former_value(data[old], values, (path, f".{old}"))
    return moved


def _former_value(data: Any, values: dict[Any, Any], path: Path) -> Any:
    """What a field holds now for the value ``data`` it held under its former name.

    ``values`` maps each former value to the new one; a value must be of the
    former value's JSON type too (``1`` is not ``true``).
    """
    for old, new in values.items():
        if type(data) is type(old) and data == old:
            return new
    expected = " or ".join(_shown(old) for old in values)
    raise _fail(path, f"expected {expected}, got {_shown(data)}")


def _construct(kind: Any, path: Path, *args: Any, **kwargs: Any) -> Any:
    """``kind(*args, **kwargs)``; a TypeError or ValueError it raises, as a refusal at ``path``."""
    try:
        return kind(*args, **kwargs)
    except (TypeError, ValueError) as error:
        if isinstance(error, InvalidStateError):
            raise
        raise _fail(path, str(error)) from None


def _accepted(kind: Any) -> dict[str, type]:
    """The classes a document may name when ``kind`` is asked for, by name.

    The class itself, each member of a union, and their attrs subclasses
    that a registered game owns.
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


def _formerly(accepted: dict[str, type], name: str) -> type | None:
    """The accepted class whose former name ``name`` is, if any (deprecated: it warns)."""
    for kind in accepted.values():
        if name in former_names(kind):
            warn_renamed(f"the document type {name!r}", repr(kind.__name__), stacklevel=2)
            return kind
    return None


def _owned(kind: type) -> bool:
    try:
        _game_of(kind)
    except WrongTypeError:
        return False
    return True


def check_size(document: object, max_depth: int, max_entries: int) -> None:
    """Refuse a document nested deeper than ``max_depth`` or holding over ``max_entries`` values.

    Loops, never recursion: a hostile document costs at most about ``max_entries`` steps,
    whatever its depth or size (a document built in Python that contains itself is only
    ever too deep). A document within both limits takes one quick pass
    (:func:`_within_limits`); one past a limit, a second that finds where (:func:`_refuse_size`).
    """
    if not _within_limits(document, max_depth, max_entries):
        _refuse_size(document, max_depth, max_entries)


_CONTAINERS = frozenset({dict, list})
_ENVELOPE_FIELDS = frozenset(_ENVELOPE)


def _within_limits(document: object, max_depth: int, max_entries: int) -> bool:
    """Whether a document is within both limits, looked at one level of nesting at a time.

    It stops as soon as it has seen too many values or too deep a level.
    """
    level: list[Any] = [document] if type(document) in _CONTAINERS else []
    depth = entries = 1
    while level:
        if depth > max_depth:
            return False
        below: list[Any] = []
        for container in level:
            entries += len(container)
            if entries > max_entries:
                return False
            values = container.values() if type(container) is dict else container
            if not _CONTAINERS.isdisjoint(map(type, values)):  # most arrays hold no array
                for value in values:
                    if type(value) in _CONTAINERS:
                        below.append(value)
        level = below
        depth += 1
    return True


def _refuse_size(document: object, max_depth: int, max_entries: int) -> None:
    """Raise the refusal of a document past a limit, naming the first value found past it.

    A loop over a stack: it looks at each value once and stops at the first value past a
    limit, so it costs at most ``max_entries + 1`` steps.
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


def _surely_within(text: str, max_depth: int, max_entries: int) -> bool:
    """Whether the document that ``text`` parses as is within both limits, by its characters.

    A value nested ``d`` deep is inside ``d`` opening brackets, and every value but the
    document is an item of an array or object, one of ``n`` items holding ``n - 1``
    commas: a text with at most ``max_depth`` opening brackets, and at most
    ``max_entries - 1`` brackets and commas together, is within both (brackets and commas
    in strings only make the counts larger). Counting takes a few microseconds where
    :func:`check_size` takes tens; False means "perhaps not", and it measures the document.
    """
    openers = text.count("[") + text.count("{")
    return openers <= max_depth and 1 + text.count(",") + openers <= max_entries


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
            ``aztack.MoveBase`` accepts any of its classes), or
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
    return _read_document(document, kind, max_depth, max_entries, None)


def _read_document(
    document: Any, kind: Any, max_depth: int | None, max_entries: int | None, text: str | None
) -> Any:
    """:func:`from_dict`, for a document parsed from ``text`` if that is given."""
    accepted = _accepted(kind)
    depth = _limit("max_depth", max_depth, MAX_DEPTH)
    entries = _limit("max_entries", max_entries, MAX_ENTRIES)
    if text is None or not _surely_within(text, depth, entries):
        check_size(document, depth, entries)
    version = _envelope(document)
    rules = _rules_named(document["game"])
    name = document["type"]
    chosen = _chosen(accepted, rules, name)
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


def _envelope(document: Any) -> int:
    """The version of a document whose envelope (format, version, fields) is readable."""
    if type(document) is not dict:
        raise _fail("document", f"expected a JSON object, got {_shown(document)}")
    if document.keys() != _ENVELOPE_FIELDS:
        unknown = [key for key in document if key not in _ENVELOPE]
        if unknown:
            raise _fail(
                "document",
                f"unknown field {unknown[0]!r} (the fields are {', '.join(_ENVELOPE)})",
            )
        missing = [key for key in _ENVELOPE if key not in document]
        raise _fail("document", f"missing field {missing[0]!r}")
    if document["format"] != FORMAT:
        raise _fail("format", f"expected {FORMAT!r}, got {_shown(document['format'])}")
    version = document["version"]
    if type(version) is not int or version not in VERSIONS:
        known = " and ".join(map(str, VERSIONS))
        raise _fail("version", f"this tilegames reads versions {known}, not {_shown(version)}")
    return version


def _chosen(accepted: dict[str, type], rules: Rules[Any, Any], name: object) -> type:
    """The class a document's ``"type"`` names, among those asked for, of the document's game."""
    chosen = accepted.get(name) if type(name) is str else None
    if chosen is None and type(name) is str:
        chosen = _formerly(accepted, name)
    if chosen is None:
        expected = " or ".join(repr(n) for n in sorted(accepted))
        raise _fail("type", f"expected {expected}, got {_shown(name)}")
    if chosen is not Outcome and game_of(chosen).name != rules.name:
        raise _fail(
            "game",
            f"the document is of {rules.name!r}, but a {name} of {game_of(chosen).name!r} "
            "was asked for",
        )
    return chosen


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
    >>> from tilegames.serialize import to_json
    >>> text = to_json(axio_rota.Place((1, -1), 3, axio_rota.BLUE))
    >>> from_json(text, axio_rota.Move, max_chars=50)
    Traceback (most recent call last):
    ...
    tilegames.errors.InvalidStateError: document: 114 characters is more than 50 (the limit ...
    >>> from_json(text, axio_rota.Move, max_chars=114)
    Place(cell=(1, -1), rotation=3, named=2)

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
        document: Any = _parse(text)
    except RecursionError:
        msg = f"nested too deeply for the JSON parser (MAX_DEPTH is {MAX_DEPTH} levels)"
        raise _fail("document", msg) from None
    except (ValueError, TypeError) as error:
        if isinstance(error, InvalidStateError):
            raise
        raise _fail("document", f"not JSON: {error}") from None
    return _read_document(
        document, kind, max_depth, max_entries, text if type(text) is str else None
    )


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
    result = dict(pairs)
    if len(result) == len(pairs):
        return result
    seen: set[str] = set()
    for key, _ in pairs:
        if key in seen:
            raise _fail("document", f"the key {key!r} appears twice in one object")
        seen.add(key)
    return result  # not reached: some key appears twice


_DECODER = json.JSONDecoder(parse_constant=_refuse_constant, object_pairs_hook=_unique_keys)


def _parse(text: str | bytes) -> Any:
    """The JSON value of ``text``, as :func:`json.loads` with the hooks above reads it."""
    if type(text) is str and not text.startswith("\ufeff"):
        return _DECODER.decode(text)  # what json.loads does, but for building a decoder
    return json.loads(text, parse_constant=_refuse_constant, object_pairs_hook=_unique_keys)
