"""The JSON format, for programs: writing a record and reading one back."""

from __future__ import annotations

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
    OptionValue,
    Record,
    _checked,
    _json,
    _outcome,
    _tupled,
)
from tilegames.serialize import (
    MAX_SAFE_INT,
)
from tilegames.serialize._format import RECORD_FORMAT, RECORD_VERSION, RECORD_VERSIONS

# Public as tilegames.records.FORMAT, VERSION and VERSIONS, documented there.
FORMAT: Final = RECORD_FORMAT


VERSION: Final = RECORD_VERSION


VERSIONS: Final = RECORD_VERSIONS


def _to_json(record: Record) -> dict[str, Any]:
    result = None
    if record.result is not None:
        result = {
            "scores": [list(s) if isinstance(s, tuple) else s for s in record.result.scores],
            "ranking": [sorted(place) for place in record.result.ranking],
            "reason": record.result.reason,
            "mode": record.result.mode,
        }
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": record.game,
        "players": record.players,
        "seed": _safe(record.seed),
        "options": {key: _json_value(value) for key, value in record.options},
        "tags": [[key, value] for key, value in record.tags],
        "moves": list(record.moves),
        "comments": [[index, text] for index, text in record.comments],
        "result": result,
    }


def _safe(seed: int | None) -> int | str | None:
    """A seed as version 2 writes it: beyond 2**53 - 1, the string of its digits."""
    return str(seed) if seed is not None and abs(seed) > MAX_SAFE_INT else seed


def _read_seed(seed: object, version: int) -> object:
    """The seed of a JSON record of ``version``: version 2 writes a big one as digits."""
    if version < 2 or type(seed) is not str:
        return seed  # a number, checked as ever (a big one is read exactly)
    digits = seed.removeprefix("-")
    if len(digits) > _MAX_DIGITS:  # refused before int() reads it (it refuses 4,301 digits)
        raise RecordError(f"seed has at most {_MAX_DIGITS} digits, not {shown(seed)}")
    if (
        not digits.isascii()
        or not digits.isdigit()
        or digits[0] == "0"
        or int(digits) <= MAX_SAFE_INT
    ):
        msg = f"seed is a whole number (as digits only beyond 2**53 - 1), not {shown(seed)}"
        raise RecordError(msg)
    return int(seed)


def _json_value(value: OptionValue) -> Any:
    return [_json_value(item) for item in value] if isinstance(value, tuple) else value


def _from_json(text: str) -> Record:
    document = _json(text, "a JSON record")
    fields: tuple[str, ...] = ("format", "version", "game", "players", "seed", "options")
    fields += ("tags", "moves", "comments", "result")
    if not isinstance(document, dict) or sorted(document) != sorted(fields):
        keys = shown(sorted(document)) if isinstance(document, dict) else "not an object"
        msg = f"a JSON record is an object with exactly the keys {', '.join(fields)}; got {keys}"
        raise RecordError(msg)
    if document["format"] != FORMAT:
        raise RecordError(f"not a {FORMAT} document: format {shown(document['format'])}")
    version = document["version"]
    if type(version) is not int or version not in VERSIONS:
        known = " and ".join(map(str, VERSIONS))
        msg = f"a {FORMAT} of version {shown(version)}: this tilegames reads versions {known}"
        raise RecordError(msg)
    options = document["options"]
    moves = document["moves"]
    tags = document["tags"]
    comments = document["comments"]
    if not isinstance(options, dict) or not all(
        isinstance(m, str) for m in _listed(moves, "moves")
    ):
        raise RecordError("options is an object and moves a list of strings")
    if not all(isinstance(t, list) and len(t) == 2 for t in _listed(tags, "tags")):
        raise RecordError("tags is a list of [name, value] pairs")
    if not all(isinstance(c, list) and len(c) == 2 for c in _listed(comments, "comments")):
        raise RecordError("comments is a list of [after, text] pairs")
    return _checked(
        document["game"],
        document["players"],
        _read_seed(document["seed"], version),
        [(key, _tupled(value)) for key, value in options.items()],
        [(key, value) for key, value in tags],
        [(index, note) for index, note in comments],
        moves,
        _json_result(document["result"], document["game"]),
    )


def _listed(value: object, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise RecordError(f"{what} must be a list, got {shown(value)}")
    return value


def _json_result(data: object, game: object) -> Outcome | None:
    if data is None:
        return None
    if not isinstance(data, dict) or sorted(data) != ["mode", "ranking", "reason", "scores"]:
        raise RecordError("result is null or an object with scores, ranking, reason and mode")
    scores = [_tupled(score) for score in _listed(data["scores"], "result.scores")]
    ranking = _listed(data["ranking"], "result.ranking")
    return _outcome(scores, ranking, data["reason"], data["mode"], game)
