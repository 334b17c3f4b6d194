"""The text format, for people: writing a record and reading one back."""

from __future__ import annotations

import json
import re
from typing import Any, Final

from tilegames._core.checks import shown
from tilegames._core.errors import (
    RecordError,
)
from tilegames._core.rules import (
    Outcome,
)
from tilegames.records._record import (
    _MAX_DIGITS,
    _RESERVED,
    Record,
    _checked,
    _json,
    _outcome,
    _ranking_text,
    _score_text,
    _tupled,
)

TEXT_VERSION: Final = 1  # public as tilegames.records.TEXT_VERSION, documented there


_TEXT_FIRST_LINE: Final = f"tilegames record {TEXT_VERSION}"


_MOVE_LINE: Final = re.compile(r"([0-9]{1,7})\.\s+(\S+)\s*\Z")


_FIRST_LINE: Final = re.compile(r"tilegames record (\S{1,40})\Z")


def _to_text(record: Record) -> str:
    lines = [_TEXT_FIRST_LINE, f"Game: {record.game}", f"Players: {record.players}"]
    if record.seed is not None:
        lines.append(f"Seed: {record.seed}")
    lines += [f"Option {key}: {json.dumps(value)}" for key, value in record.options]
    lines += [f"{key}: {value}" for key, value in record.tags]
    if record.result is not None:
        lines.append(f"Result: {_ranking_text(record.result)}")
        lines.append("Scores: " + "; ".join(_score_text(s) for s in record.result.scores))
        if record.result.reason:
            lines.append(f"Reason: {record.result.reason}")
        if record.result.mode:
            lines.append(f"Mode: {record.result.mode}")
    lines.append("")
    after: dict[int, list[str]] = {}
    for index, text in record.comments:
        after.setdefault(index, []).append(text)
    lines += [f"# {text}" for text in after.get(0, ())]
    for number, move in enumerate(record.moves, start=1):
        notes = after.get(number, [])
        lines.append(f"{number}. {move}" + (f"  # {notes[0]}" if notes else ""))
        lines += [f"# {text}" for text in notes[1:]]
    return "\n".join(lines) + "\n"


def _from_text(text: str) -> Record:
    lines = text.splitlines()
    _check_first_line(lines)
    header, options, tags, number = _read_header(lines)
    moves, comments = _read_moves(lines, number)
    for key in ("Game", "Players"):
        if key not in header:
            raise RecordError(f"the header has no {key}: line")
    for key in ("Scores", "Reason", "Mode"):
        if key in header and "Result" not in header:
            raise RecordError(f"the header has a {key}: line but no Result: line")
    players = _int(header["Players"], "Players")
    seed = _int(header["Seed"], "Seed") if "Seed" in header else None
    result = _text_result(header, header["Game"]) if "Result" in header else None
    return _checked(header["Game"], players, seed, options, tags, comments, moves, result)


def _check_first_line(lines: list[str]) -> None:
    first = _FIRST_LINE.match(lines[0].strip()) if lines else None
    if first is not None and first[1] != str(TEXT_VERSION):
        msg = f"line 1: a record of version {shown(first[1])}: this tilegames reads version "
        raise RecordError(msg + str(TEXT_VERSION))
    if first is None:
        found = shown(lines[0]) if lines else "nothing"
        raise RecordError(f"line 1: a text record starts with {_TEXT_FIRST_LINE!r}, not {found}")


def _read_header(
    lines: list[str],
) -> tuple[dict[str, str], list[tuple[str, Any]], list[tuple[str, str]], int]:
    """The header lines up to the first blank one: reserved keys, options, tags, last line read."""
    header: dict[str, str] = {}
    options: list[tuple[str, Any]] = []
    tags: list[tuple[str, str]] = []
    number = 1
    for number, line in enumerate(lines[1:], start=2):
        if not line.strip():
            return header, options, tags, number
        key, colon, value = line.partition(":")
        if not colon:
            raise RecordError(f"line {number}: a header line is 'Name: value', not {shown(line)}")
        key, value = key.strip(), value.strip()
        if key.startswith("Option "):
            name = key[len("Option ") :].strip()
            if any(name == seen for seen, _ in options):
                raise RecordError(f"line {number}: the option {name} is given twice")
            options.append((name, _tupled(_json(value, f"line {number}: the option's value"))))
        elif key in _RESERVED:
            if key in header:
                raise RecordError(f"line {number}: {key} is given twice")
            header[key] = value
        else:
            tags.append((key, value))
    return header, options, tags, len(lines) + 1


def _read_moves(lines: list[str], start: int) -> tuple[list[str], list[tuple[int, str]]]:
    """The numbered moves from line ``start + 1`` on, and the comments after them."""
    moves: list[str] = []
    comments: list[tuple[int, str]] = []
    for number, line in enumerate(lines[start:], start=start + 1):
        body, hash_mark, note = line.partition("#")
        body = body.strip()
        if body:
            match = _MOVE_LINE.match(body)
            if match is None or int(match[1]) != len(moves) + 1:
                expected = len(moves) + 1
                msg = f"line {number}: expected move {expected} as '{expected}. <move>', "
                raise RecordError(msg + f"not {shown(line)}")
            moves.append(match[2])
        if hash_mark:
            comments.append((len(moves), note[1:] if note.startswith(" ") else note))
    return moves, comments


def _int(text: str, what: str) -> int:
    if not re.fullmatch(rf"-?[0-9]{{1,{_MAX_DIGITS}}}", text):
        raise RecordError(f"{what} is a whole number, not {shown(text)}")
    return int(text)


def _text_result(header: dict[str, str], game: str) -> Outcome:
    if "Scores" not in header:
        raise RecordError("the header has a Result: line but no Scores: line")
    try:
        ranking = [
            [_int(seat.strip(), "a seat") for seat in place.split("=")]
            for place in header["Result"].split(">")
        ]
        scores = [_text_score(part.strip()) for part in header["Scores"].split(";")]
    except RecordError as error:
        msg = "Result is places such as '1 > 0 = 2' and Scores is one score a seat split by "
        msg += f"';' (a score: a number, or numbers split by spaces): {error}"
        raise RecordError(msg) from None
    return _outcome(scores, ranking, header.get("Reason", ""), header.get("Mode", ""), game)


def _text_score(text: str) -> Any:
    """A score as :func:`_score_text` writes it: ``5``, ``3 0 2``, ``(5)`` or ``()``."""
    bracketed = text.startswith("(") and text.endswith(")")
    words = text[1:-1].split() if bracketed else text.split()
    numbers = tuple(_int(word, "a score") for word in words)
    if not bracketed and len(numbers) == 1:
        return numbers[0]
    if not bracketed and not numbers:
        raise RecordError("a score is a number, or numbers split by spaces; not empty")
    return numbers
