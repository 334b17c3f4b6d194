"""Game records: save a whole game, read it back, replay it move by move.

A :class:`Record` is what a person needs to play a game again: the game, its
setup (players and options), how chance was resolved (the seed of a seeded
game, or the outcomes among the moves of an explicit one), every move in the
game's notation, free tags (seat names, date, event, site, ...), comments
and the result. It is written in one of two formats, both versioned and
round-tripping exactly:

``"text"``
    For people, in the spirit of PGN: a first line ``tilegames record 1``,
    header lines ``Name: value``, a blank line, then one numbered move per
    line; ``#`` starts a comment that runs to the end of the line.

``"json"``
    For programs: one JSON object, checked as strictly as
    :mod:`tilegames.serialize` checks a state, and as safe for JavaScript's
    ``JSON.parse``: a seed beyond ``2**53 - 1`` is a string of its digits.

>>> from tilegames import records
>>> record = records.record_of("axio-rota", ["-1,-2:1"], players=2, seed=7,
...                            tags={"Event": "Club night"})
>>> print(records.dumps(record), end="")
tilegames record 1
Game: axio-rota
Players: 2
Seed: 7
Event: Club night
<BLANKLINE>
1. -1,-2:1
>>> records.loads(records.dumps(record, format="json")) == record
True
>>> len(records.replay(record))  # the first state and one per move
2
>>> record  # a repr to paste back: the fields that are not at their defaults
Record(game='axio-rota', players=2, seed=7, moves=('-1,-2:1',), tags=(('Event', 'Club night'),))

Errors name the first bad move by number, its text and the reason with the
rule id (:class:`RecordError`).
"""

from __future__ import annotations

import json
from typing import Final

from tilegames._core.checks import shown, wrong_type
from tilegames._core.errors import ConfigurationError, RecordError, WrongTypeError
from tilegames.records import _json, _text
from tilegames.records._json import _from_json, _to_json
from tilegames.records._record import Record, final_state, record_of, replay
from tilegames.records._text import _from_text, _to_text
from tilegames.serialize import MAX_DOCUMENT_CHARS

__all__ = [
    "FORMAT",
    "TEXT_VERSION",
    "VERSION",
    "VERSIONS",
    "Record",
    "dumps",
    "final_state",
    "loads",
    "record_of",
    "replay",
]


FORMAT: Final = _json.FORMAT
"""The ``format`` of a JSON record."""

VERSION: Final = _json.VERSION
"""The version of the JSON format written; loading accepts every one of :data:`VERSIONS`.

Version 2 writes a seed beyond ``2**53 - 1`` (:data:`tilegames.serialize.MAX_SAFE_INT`)
as a string of its digits, which JavaScript reads without rounding; version 1
wrote it as a number.
"""

VERSIONS: Final = _json.VERSIONS
"""The versions of the JSON format that :func:`loads` reads."""

TEXT_VERSION: Final = _text.TEXT_VERSION
"""The version of the text format (its first line); loading accepts this version only."""


def dumps(record: Record, format: str = "text") -> str:
    """Write a record as text for people (``"text"``) or as JSON (``"json"``).

    Raises:
        ConfigurationError: for another format name.
    """
    if type(record) is not Record:
        wrong_type("records.dumps", "a Record", record)
    if format == "json":
        # One line per field, each value compact: short enough to read, diff and mail.
        fields = [
            f" {json.dumps(key)}: {json.dumps(value)}" for key, value in _to_json(record).items()
        ]
        return "{\n" + ",\n".join(fields) + "\n}\n"
    if format == "text":
        return _to_text(record)
    msg = f"format is 'text' or 'json', not {shown(format)}"
    raise ConfigurationError(msg)


def loads(
    text: str | bytes,
    *,
    max_chars: int | None = MAX_DOCUMENT_CHARS,
) -> Record:
    """Read a record written by :func:`dumps` or by hand, in either format (recognised).

    The moves are not played (:func:`replay` does that); the header, the move
    numbers and the shape of every field are checked, and the options of a
    registered game against its declaration (with the message ``new_game``
    and :func:`record_of` give). A text starting with
    ``{`` or ``[`` is read as JSON, any other as the text format.

    Args:
        text: the record, as ``str`` or UTF-8 ``bytes``.
        max_chars: how long the text may be, checked before it is parsed
            (``None``: the default, as :func:`tilegames.serialize.from_json`).

    Raises:
        RecordError: naming the line or field that is wrong; for any ``str``
            or ``bytes`` that is not a record, never another exception.
        WrongTypeError: if ``text`` is neither ``str`` nor ``bytes``, or
            ``max_chars`` is not an int.
        ConfigurationError: if ``max_chars`` is negative.
    """
    if max_chars is None:
        max_chars = MAX_DOCUMENT_CHARS
    elif isinstance(max_chars, bool) or not isinstance(max_chars, int):
        raise WrongTypeError(f"max_chars must be an int or None, got {shown(max_chars)}")
    elif max_chars < 0:
        raise ConfigurationError(f"max_chars must not be negative, got {max_chars}")
    if isinstance(text, (bytes, bytearray)):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as error:
            raise RecordError(f"a record is UTF-8 text: {error}") from None
    if not isinstance(text, str):
        raise WrongTypeError(f"loads expects a str, got {shown(text)}")
    if len(text) > max_chars:
        msg = f"the record has {len(text):,} characters, over the limit of {max_chars:,}"
        msg += " (max_chars= sets another)"
        raise RecordError(msg)
    if text.lstrip().startswith(("{", "[")):
        return _from_json(text)
    return _from_text(text)
