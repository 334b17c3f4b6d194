"""JSON Schemas (draft 2020-12) of every document, generated from what reading checks.

A document's schema is built from the same declarations :func:`from_dict`
reads: the attrs fields of the game's classes (each described by the
docstring under it) (:func:`_fields`, the
``OPTIONAL`` and ``WIDE_INT`` metadata) and the type table of
:func:`_shape`. No game's schema is written by hand: a field added to a
class is in its schema at once. A record's schema is built from the
record format's constants (``RECORD_*``), which :mod:`tilegames.records`
reads too.

What a schema cannot say is the game's logic (a tile that is not in the set,
a score over its cap, a ranking that leaves a seat out): ``validate`` and
the constructors refuse those when a document is read.
"""

from __future__ import annotations

import ast
import copy
import functools
import inspect
import itertools
import re
import textwrap
from collections.abc import Hashable
from typing import Any, Final, cast

import attrs

import tilegames
from tilegames._core.basics import Outcome
from tilegames._core.errors import ConfigurationError, WrongTypeError
from tilegames._core.rules import GameRules, Rules
from tilegames._shown import shown
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
    RECORD_FORMAT,
    RECORD_MAX_DIGITS,
    RECORD_MAX_MOVES,
    RECORD_NOT_OPTIONS,
    RECORD_OPTION_NAME,
    RECORD_RESERVED_TAGS,
    RECORD_TAG_NAME,
    RECORD_VERSION,
    VERSION,
    WideInt,
    _fields,
    _optional,
    _shape,
)

DRAFT: Final = "https://json-schema.org/draft/2020-12/schema"
"""The ``$schema`` of every schema: JSON Schema draft 2020-12."""

KINDS: Final = ("state", "view", "move", "outcome", "record")
"""The kinds of document :func:`json_schema` describes."""

_END: Final = "$(?!\\n)"
"""The end of the text: ``$`` alone also matches before a last newline in Python's ``re``."""

_LINE_BREAKS: Final = "\\n\\r\\x0b\\x0c\\x1c\\x1d\\x1e\\x85\\u2028\\u2029"
"""Every character at which Python's ``str.splitlines`` breaks a line."""


def _whole(pattern: str) -> str:
    """A regular expression that the whole text must match (in Python and in JavaScript)."""
    return f"^(?:{pattern}){_END}"


def _group(pattern: str) -> str:
    return f"(?:{pattern})" if "|" in pattern else pattern


def _same_width(low: str, high: str) -> str:
    """A pattern of the decimal numbers ``low .. high``, both of the same number of digits."""
    if low == high:
        return low
    rest = len(low) - 1
    if low[0] == high[0]:
        return low[0] + _group(_same_width(low[1:], high[1:]))
    tail = f"[0-9]{{{rest}}}" if rest else ""
    if low[1:] == "0" * rest and high[1:] == "9" * rest:
        return f"[{low[0]}-{high[0]}]{tail}"
    parts = [low[0] + _group(_same_width(low[1:], "9" * rest))]
    if int(high[0]) - int(low[0]) > 1:
        parts.append(f"[{int(low[0]) + 1}-{int(high[0]) - 1}]{tail}")
    parts.append(high[0] + _group(_same_width("0" * rest, high[1:])))
    return "|".join(parts)


def digits_between(low: int, high: int) -> str:
    r"""A regular expression of the decimal digits of every int ``low .. high`` (``0 < low``).

    No leading zeros, no sign; anchor it to use it (:func:`_whole`).

    >>> import re
    >>> pattern = re.compile("(?:" + digits_between(95, 1203) + r")\Z")
    >>> [n for n in (94, 95, 999, 1000, 1203, 1204) if pattern.match(str(n))]
    [95, 999, 1000, 1203]
    """
    parts = []
    while low <= high:
        top = min(high, 10 ** len(str(low)) - 1)
        parts.append(_same_width(str(low), str(top)))
        low = top + 1
    return "|".join(parts)


INT: Final = {"type": "integer", "minimum": -MAX_SAFE_INT, "maximum": MAX_SAFE_INT}
"""An int of a document: a JSON number that JavaScript reads exactly."""

_BIG_SEED: Final = _whole(
    f"-{_group(digits_between(MAX_SAFE_INT + 1, -_INT_MIN))}"
    f"|{digits_between(MAX_SAFE_INT + 1, _INT_LIMIT - 1)}"
)

WIDE: Final = {
    "anyOf": [
        INT,
        {
            "type": "string",
            "pattern": _BIG_SEED,
            "description": "A 64-bit int beyond 2**53 - 1 either way, as its decimal digits.",
        },
    ]
}
"""A ``WIDE_INT`` field (a seed): a safe number, or a 64-bit int beyond as its digits."""


_INT_DEFS: Final = {
    "Int": {
        "title": "Int",
        "description": "An int: a JSON number within 2**53 - 1 either way (exact in JavaScript).",
        **INT,
    },
    "WideInt": {
        "title": "WideInt",
        "description": "A 64-bit int (a seed): a safe number, or beyond 2**53 - 1 its digits.",
        **WIDE,
    },
}
"""The ints of the documents, each defined once in a schema's ``$defs``."""


_ROLE: Final = re.compile(r":[a-z]+:`(~?)([^`]+)`")


def _article(name: str) -> str:
    """``"an"`` before a name that starts with a vowel (``an Outcome``), else ``"a"``."""
    return "an" if name[:1].lower() in "aeiou" else "a"


def _describe(kind: type) -> str:
    """The first paragraph of a class's docstring, on one line, as plain text."""
    return _plain(inspect.getdoc(kind) or kind.__name__)


@functools.cache
def _field_docs(kind: type) -> dict[str, str]:
    """The docstring under each field of a class, by field name (``{}`` without its source)."""
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(kind)))
    except (OSError, TypeError, SyntaxError):
        return {}
    found = tree.body[0] if tree.body else None
    body = found.body if isinstance(found, ast.ClassDef) else []
    docs = {}
    for field, after in itertools.pairwise(body):
        if (
            isinstance(field, ast.AnnAssign)
            and isinstance(field.target, ast.Name)
            and isinstance(after, ast.Expr)
            and isinstance(after.value, ast.Constant)
            and isinstance(after.value.value, str)
        ):
            docs[field.target.id] = _plain(after.value.value)
    return docs


def _plain(doc: str) -> str:
    """A docstring's first paragraph on one line, its Sphinx roles as plain names."""
    text = " ".join(inspect.cleandoc(doc).split("\n\n")[0].split())
    text = _ROLE.sub(lambda m: m[2].rsplit(".", 1)[-1] if m[1] else m[2], text)
    return text.replace("``", "`")


class _Builder:
    """Builds the schemas of the values of one game, with a ``$defs`` entry per attrs class."""

    def __init__(self, game: str) -> None:
        self.game = game
        self.defs: dict[str, Any] = {}

    def of(self, tp: Any) -> dict[str, Any]:
        """The schema of a value declared as ``tp`` (as :func:`_decode` reads it)."""
        kind, args = _shape(tp)
        if kind == _UNION:
            return {"anyOf": [self.of(option) for option in args]}
        if kind == _TUPLE:
            if len(args) == 2 and args[1] is Ellipsis:
                return {"type": "array", "items": self.of(args[0])}
            return {
                "type": "array",
                "prefixItems": [self.of(arg) for arg in args],
                "items": False,
                "minItems": len(args),
            }
        if kind == _FROZENSET:
            return {"type": "array", "items": self.of(args[0]), "uniqueItems": True}
        if kind == _SCALAR:
            if tp is _NONE_TYPE:
                return {"type": "null"}
            if tp is int or tp is WideInt:
                name = "Int" if tp is int else "WideInt"
                self.defs.setdefault(name, _INT_DEFS[name])
                return {"$ref": f"#/$defs/{name}"}
            return {"type": {str: "string", bool: "boolean"}[tp]}
        if kind == _FIELDS:
            return self.ref(tp)
        if kind == _SEQUENCE:
            return {"type": "array", "items": self.of(args)}
        msg = f"a value declared as {tp} has no JSON form"
        raise TypeError(msg)

    def ref(self, kind: type) -> dict[str, Any]:
        """A reference to the schema of an attrs class's fields, added to ``$defs`` once."""
        name = kind.__name__
        if name not in self.defs:
            self.defs[name] = {}  # a class that holds itself refers to its own entry
            self.defs[name] = self.fields(kind)
        return {"$ref": f"#/$defs/{name}"}

    def fields(self, kind: type) -> dict[str, Any]:
        """The object of a class's fields: each declared, those not optional required."""
        optional = _optional(kind)
        docs = _field_docs(kind)
        properties = {
            name: {**self.of(tp), **({"description": docs[name]} if name in docs else {})}
            for name, _, tp in _fields(kind)
        }
        if kind is Outcome:  # the envelope names the game; the data may say it again
            properties["game"] = {"enum": ["", self.game]}
        return {
            "title": kind.__name__,
            "description": _describe(kind),
            "type": "object",
            "properties": properties,
            "required": [name for name in properties if name not in optional],
            "additionalProperties": False,
        }

    def document(self, kind: type) -> dict[str, Any]:
        """The envelope of a document holding a value of ``kind``."""
        return {
            "title": f"{kind.__name__}Document",
            "description": f"a document holding {_article(kind.__name__)} {kind.__name__}: "
            f"{_describe(kind)}",
            "type": "object",
            "properties": {
                "format": {"const": FORMAT},
                "version": {"const": VERSION},
                "game": {"const": self.game},
                "type": {"const": kind.__name__},
                "data": self.ref(kind),
            },
            "required": ["format", "version", "game", "type", "data"],
            "additionalProperties": False,
        }


def _rules_of(game: object) -> Rules[Any, Any]:
    if isinstance(game, str):
        return tilegames.get(game)
    if isinstance(game, GameRules):
        return game
    msg = f"json_schema: game is a registry name or a game's RULES, not {shown(game)}"
    raise WrongTypeError(msg)


def _classes(rules: Rules[Any, Any], kind: str) -> list[type]:
    """The classes whose documents a schema of ``kind`` covers, in the game's order."""
    if kind == "state":
        found = [rules.state_type]
    elif kind == "view":
        found = [rules.view_type or rules.state_type]
    elif kind == "move":
        found = list(rules.move_types)
    else:
        found = [Outcome]
    classes = [option for option in found if option is not None and attrs.has(option)]
    if not classes:
        msg = f"{rules.name} declares no class for its {kind} documents"
        raise TypeError(msg)
    return classes


_TITLES: Final = {
    "state": "State",
    "view": "View",
    "move": "Move",
    "outcome": "Outcome",
    "record": "Record",
}


def _title(rules: Rules[Any, Any], kind: str) -> str:
    """``PolygonMoveDocument``, ``AxioRotaViewDocument``: the name a generator gives the type."""
    words = "".join(word.capitalize() for word in rules.name.replace("_", "-").split("-"))
    return f"{words}{_TITLES[kind]}Document"


@functools.cache
def _built(game: Hashable, kind: str) -> dict[str, Any]:
    rules = cast("Rules[Any, Any]", game)
    if kind == "record":
        return _record_schema(rules)
    builder = _Builder(rules.name)
    documents = [builder.document(option) for option in _classes(rules, kind)]
    schema: dict[str, Any] = {"$schema": DRAFT, "title": _title(rules, kind)}
    if len(documents) == 1:
        schema.update({key: value for key, value in documents[0].items() if key != "title"})
        schema["description"] = f"{rules.title}: {documents[0]['description']}"
    else:
        for document in documents:
            builder.defs[document["title"]] = document
        names = ", ".join(document["title"].removesuffix("Document") for document in documents)
        schema["description"] = f"{rules.title}: a document holding a move ({names})"
        schema["oneOf"] = [{"$ref": f"#/$defs/{document['title']}"} for document in documents]
    schema["$defs"] = builder.defs
    return schema


def json_schema(game: str | Rules[Any, Any], kind: str) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a kind of document of a game.

    ``kind`` is ``"state"``, ``"view"`` (a seat's view and the public one
    alike: ``seat`` is an int or ``null``), ``"move"`` (every move class of
    the game, chance outcomes included), ``"outcome"`` or ``"record"`` (the
    JSON form of :mod:`tilegames.records`). Every document that
    :func:`to_json` (or :func:`tilegames.records.dumps` with ``json=True``)
    writes for the game validates; a document that validates is one that
    loading reads, unless the game's logic refuses it (a tile not in the
    set, a score over its cap: what ``validate`` checks).

    Ints are JSON numbers within ``±(2**53 - 1)``, which JavaScript reads
    exactly; a seed beyond that is a string of its digits.

    >>> from tilegames.serialize import json_schema
    >>> schema = json_schema("polygon", "move")
    >>> schema["$schema"], schema["title"]
    ('https://json-schema.org/draft/2020-12/schema', 'PolygonMoveDocument')
    >>> schema["$defs"]["Roll"]["properties"]["symbol"]["$ref"]
    '#/$defs/Int'
    >>> schema["$defs"]["Roll"]["properties"]["symbol"]["description"]
    'The symbol rolled: 0 blue circle, 1 red diamond, 2 gold star.'
    >>> schema["$defs"]["Int"]["maximum"] == 2**53 - 1
    True

    Args:
        game: a registry name (:func:`tilegames.names`) or a game's ``RULES``.
        kind: one of :data:`KINDS`.

    Returns:
        A new dict each call, ready for :func:`json.dumps`.

    Raises:
        UnknownGameError: if no game has the name.
        ConfigurationError: if ``kind`` is not one of :data:`KINDS`.
        WrongTypeError: if ``game`` or ``kind`` is of the wrong type.
    """
    rules = _rules_of(game)
    if type(kind) is not str:
        msg = f"json_schema: kind is one of {', '.join(KINDS)}, not {shown(kind)}"
        raise WrongTypeError(msg)
    if kind not in KINDS:
        msg = f"json_schema: kind is one of {', '.join(KINDS)}, not {kind!r}"
        raise ConfigurationError(msg)
    return copy.deepcopy(_built(cast("Hashable", rules), kind))


# ---------------------------------------------------------------------------
# Records
# ---------------------------------------------------------------------------


def _line(*, strip: bool) -> dict[str, Any]:
    """A one-line string; with ``strip``, one that neither starts nor ends with a space."""
    patterns = [_whole(f"[^{_LINE_BREAKS}]*")]
    if strip:
        patterns.append(_whole("(?:\\S(?:[\\s\\S]*\\S)?)?"))
    return {"type": "string", "allOf": [{"pattern": pattern} for pattern in patterns]}


def _record_schema(rules: Rules[Any, Any]) -> dict[str, Any]:
    big = digits_between(MAX_SAFE_INT + 1, 10**RECORD_MAX_DIGITS - 1)
    seed = {
        "anyOf": [
            {"type": "null"},
            INT,
            {
                "type": "string",
                "pattern": _whole(f"-?{_group(big)}"),
                "description": "A seed beyond 2**53 - 1 either way, as its decimal digits.",
            },
        ]
    }
    builder = _Builder(rules.name)
    options = _options(builder, rules)
    tag = {
        "type": "array",
        "prefixItems": [
            {
                "type": "string",
                "pattern": _whole(RECORD_TAG_NAME),
                "not": {
                    "anyOf": [
                        {"enum": sorted(RECORD_RESERVED_TAGS)},
                        {"pattern": "^Option "},
                    ]
                },
            },
            _line(strip=True),
        ],
        "items": False,
        "minItems": 2,
    }
    comment = {
        "type": "array",
        "prefixItems": [{**INT, "minimum": 0}, _line(strip=False)],
        "items": False,
        "minItems": 2,
    }
    result = {
        "title": "RecordResult",
        "description": "The outcome of the game, when it was over.",
        "type": "object",
        "properties": {
            "scores": {
                "type": "array",
                "minItems": 1,
                "items": {"anyOf": [INT, {"type": "array", "items": INT}]},
            },
            "ranking": {
                "type": "array",
                "items": {"type": "array", "minItems": 1, "items": INT},
            },
            "reason": _line(strip=True),
            "mode": _line(strip=True),
        },
        "required": ["scores", "ranking", "reason", "mode"],
        "additionalProperties": False,
    }
    properties: dict[str, Any] = {
        "format": {"const": RECORD_FORMAT},
        "version": {"const": RECORD_VERSION},
        "game": {"const": rules.name},
        "players": INT,
        "seed": seed,
        "options": options,
        "tags": {"type": "array", "items": tag},
        "moves": {
            "type": "array",
            "maxItems": RECORD_MAX_MOVES,
            "items": {"type": "string", "pattern": _whole("[^\\s#]+")},
        },
        "comments": {"type": "array", "items": comment},
        "result": {"anyOf": [{"type": "null"}, {"$ref": "#/$defs/RecordResult"}]},
    }
    return {
        "$schema": DRAFT,
        "title": _title(rules, "record"),
        "description": f"{rules.title}: the record of a game, in the JSON form of records.",
        "type": "object",
        "properties": properties,
        "required": list(properties),
        "additionalProperties": False,
        "$defs": {**builder.defs, "RecordResult": result},
    }


def _options(builder: _Builder, rules: Rules[Any, Any]) -> dict[str, Any]:
    """The schema of a record's options: the game's declared options, each by its written type.

    A game that declares no options (``rules.options`` is ``None``) gets any
    option a record can hold: JSON's scalars and arrays of them.
    """
    declared = getattr(rules, "options", None)
    if declared is None:
        builder.defs["OptionValue"] = {
            "anyOf": [
                {"type": ["null", "string", "boolean"]},
                INT,
                {"type": "array", "items": {"$ref": "#/$defs/OptionValue"}},
            ]
        }
        not_options = "|".join(sorted(RECORD_NOT_OPTIONS))
        return {
            "type": "object",
            "description": "The further keyword options of new_game, by name.",
            "propertyNames": {
                "pattern": _whole(RECORD_OPTION_NAME),
                "not": {"pattern": _whole(not_options)},
            },
            "additionalProperties": {"$ref": "#/$defs/OptionValue"},
        }
    return {
        "type": "object",
        "description": f"The options of {rules.title}'s new_game given, by name.",
        "properties": {option.name: _option(builder, option) for option in declared},
        "additionalProperties": False,
    }


def _option(builder: _Builder, option: Any) -> dict[str, Any]:
    """One declared option's written form: its type or its choices, ``null`` for no default."""
    if option.choices is not None:
        schema: dict[str, Any] = {"enum": list(option.choices)}
    else:
        schema = builder.of(option.type)
    if option.default is None:
        schema = {"anyOf": [schema, {"type": "null"}]}
    schema["description"] = option.doc
    if option.default is None or type(option.default) in (str, bool, int):
        schema["default"] = option.default
    return schema
