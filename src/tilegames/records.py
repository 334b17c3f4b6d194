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
    :mod:`tilegames.serialize` checks a state.

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

Errors name the first bad move by number, its text and the reason with the
rule id (:class:`RecordError`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

import attrs

from tilegames._core.checks import shown, wrong_type
from tilegames._core.errors import (
    ConfigurationError,
    IllegalMoveError,
    NotationError,
    RecordError,
    TilegamesError,
    WrongTypeError,
)
from tilegames._core.rules import Outcome, Rules, get
from tilegames.serialize import MAX_DEPTH, MAX_DOCUMENT_CHARS, MAX_ENTRIES, check_size

__all__ = [
    "FORMAT",
    "VERSION",
    "Record",
    "RecordError",
    "dumps",
    "loads",
    "record_of",
    "replay",
]

FORMAT: Final = "tilegames-record"
"""The ``format`` of a JSON record."""

VERSION: Final = 1
"""The version of both formats written; loading accepts this version only."""

_TEXT_FIRST_LINE: Final = f"tilegames record {VERSION}"
_RESERVED: Final = frozenset({"Game", "Players", "Seed", "Result", "Scores", "Reason", "Mode"})
_TAG_NAME: Final = re.compile(r"[A-Za-z][A-Za-z0-9 _.-]*\Z")
_MOVE_LINE: Final = re.compile(r"(\d+)\.\s+(\S+)\s*\Z")
_MAX_MOVES: Final = 100_000

OptionValue = Any
"""An option's value: JSON's scalars (str, int, bool, ``None``) and tuples of them."""


def _to_pairs(items: Mapping[str, Any] | Iterable[tuple[str, Any]]) -> tuple[tuple[str, Any], ...]:
    pairs = items.items() if isinstance(items, Mapping) else items
    return tuple((key, value) for key, value in pairs)


def _to_moves(items: Iterable[str]) -> tuple[str, ...]:
    return tuple(items)


def _to_comments(items: Iterable[tuple[int, str]]) -> tuple[tuple[int, str], ...]:
    return tuple((index, text) for index, text in items)


@attrs.frozen
class Record:
    """A whole game: setup, chance, moves, tags, comments and result.

    Build one with :func:`record_of` (which checks every move) or
    :func:`loads`; play it back with :func:`replay`.
    """

    game: str
    """The registry name of the game (:func:`tilegames.get`)."""
    players: int
    """The number of seats."""
    moves: tuple[str, ...] = attrs.field(converter=_to_moves)
    """Every move in the game's notation, chance outcomes included in an explicit game."""
    seed: int | None = None
    """The seed given to ``new_game``: needed to replay a seeded game, optional if explicit."""
    options: tuple[tuple[str, OptionValue], ...] = attrs.field(default=(), converter=_to_pairs)
    """The further keyword options of ``new_game`` (``mode``, ``chance``, ...), sorted by name."""
    tags: tuple[tuple[str, str], ...] = attrs.field(default=(), converter=_to_pairs)
    """Free tags as ``(name, value)`` pairs in order: ``Event``, ``Date``, ``Seat 0``, ..."""
    comments: tuple[tuple[int, str], ...] = attrs.field(default=(), converter=_to_comments)
    """Comments as ``(after, text)``: after move number ``after`` (0: before the first move)."""
    result: Outcome | None = None
    """The outcome when the game was over, else ``None``."""

    @property
    def kwargs(self) -> dict[str, Any]:
        """The keyword arguments of ``new_game`` that start this game."""
        return {"players": self.players, "seed": self.seed, **dict(self.options)}


def _fail(message: str) -> RecordError:
    return RecordError(message)


def _check_option(name: str, value: object) -> OptionValue:
    if value is None or isinstance(value, (str, int, bool)):
        return value
    if isinstance(value, (tuple, list)):
        return tuple(_check_option(name, item) for item in value)
    msg = (
        f"option {name}={shown(value)} cannot be written in a record: "
        "options are strings, ints, booleans, None and tuples of them"
    )
    raise ConfigurationError(msg)


def _check_text(what: str, text: object) -> str:
    if not isinstance(text, str):
        raise WrongTypeError(f"{what} must be a str, got {shown(text)}")
    if "\n" in text or "\r" in text:
        raise ConfigurationError(f"{what} must be one line, got {shown(text)}")
    return text


def record_of(
    game: str,
    moves: Iterable[object],
    *,
    players: int,
    seed: int | None = None,
    tags: Mapping[str, str] | Iterable[tuple[str, str]] | None = None,
    comments: Iterable[tuple[int, str]] = (),
    **options: Any,
) -> Record:
    """The record of a game: its setup and the moves played, checked by replaying them.

    Args:
        game: a registry name, such as ``"axio"``.
        moves: the moves played, as move values or as text in the game's
            notation; in an explicit game (``chance="explicit"``) the chance
            outcomes are among them.
        players: the number of seats.
        seed: the seed given to ``new_game``; a seeded game cannot be
            replayed without it.
        tags: free tags, such as ``{"Event": "Club night", "Seat 0": "Ada"}``.
        comments: ``(after, text)`` pairs, as :attr:`Record.comments`.
        options: further keyword options of ``new_game``.

    Raises:
        RecordError: naming the first move that is not legal, with the reason.
        ConfigurationError: for a seeded game without a seed, a reserved or
            badly formed tag, or an option a record cannot hold.
    """
    rules = get(game)
    if options.get("chance", "seeded") == "seeded" and seed is None:
        msg = "a seeded game's record needs its seed: pass seed= (or play with chance='explicit')"
        raise ConfigurationError(msg)
    checked_options = tuple(
        sorted((key, _check_option(key, value)) for key, value in options.items())
    )
    pairs = _to_pairs(tags or {})
    for key, value in pairs:
        _check_tag(key, value)
    notes = _to_comments(comments)
    texts: list[str] = []
    state = rules.new_game(players=players, seed=seed, **dict(checked_options))
    for number, move in enumerate(moves, start=1):
        if number > _MAX_MOVES:
            raise _fail(f"a record holds at most {_MAX_MOVES:,} moves")
        state, text = _play(rules, state, move, number)
        texts.append(text)
    for index, text in notes:
        _check_comment(index, text, len(texts))
    return Record(
        game=rules.name,
        players=players,
        moves=tuple(texts),
        seed=seed,
        options=checked_options,
        tags=pairs,
        comments=notes,
        result=rules.outcome(state),
    )


def _play(rules: Rules[Any, Any], state: Any, move: object, number: int) -> tuple[Any, str]:
    """Apply move ``number`` (a value or its text); the next state and the move's text."""
    if isinstance(move, str):
        text = move
        try:
            move = rules.parse_move(move, state)
        except NotationError as error:
            raise RecordError(str(error), number=number, move=text) from None
    else:
        try:
            text = rules.format_move(move)
        except TilegamesError as error:
            raise RecordError(str(error), number=number, move=shown(move)) from None
    reason = rules.why_illegal(state, move)
    if reason is not None:
        raise RecordError(reason, number=number, move=text)
    try:
        return rules.apply(state, move), rules.format_move(move)
    except IllegalMoveError as error:  # pragma: no cover - why_illegal said it was legal
        raise RecordError(str(error), number=number, move=text) from None


def _check_tag(key: object, value: object) -> None:
    if not isinstance(key, str) or not _TAG_NAME.match(key) or key.startswith("Option "):
        msg = (
            f"a tag's name is letters, digits, spaces, '_', '.' and '-', starting with a "
            f"letter, not {shown(key)}"
        )
        raise ConfigurationError(msg)
    if key in _RESERVED:
        msg = f"{key!r} is written by the record itself, not as a free tag"
        raise ConfigurationError(msg)
    _check_text(f"tag {key!r}", value)


def _check_comment(index: object, text: object, moves: int) -> None:
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index <= moves:
        msg = f"a comment comes after move 0..{moves}, not {shown(index)}"
        raise ConfigurationError(msg)
    _check_text("a comment", text)


def replay(record: Record) -> list[Any]:
    """Every state of the game: the first, then one after each move.

    Raises:
        RecordError: naming the first move that is not legal (its number, its
            text and the reason with the rule id), or a result that is not
            the one the moves lead to.
        UnknownGameError: if the game is not registered.
    """
    if type(record) is not Record:
        wrong_type("records.replay", "a Record", record)
    rules = get(record.game)
    states = [rules.new_game(**record.kwargs)]
    for number, text in enumerate(record.moves, start=1):
        states.append(_play(rules, states[-1], text, number)[0])
    if record.result is not None and rules.outcome(states[-1]) != record.result:
        msg = (
            f"the record's result {_ranking_text(record.result)} is not the end of its moves "
            f"({_ranking_text(rules.outcome(states[-1]))})"
        )
        raise RecordError(msg)
    return states


# ---------------------------------------------------------------------------
# Writing
# ---------------------------------------------------------------------------


def dumps(record: Record, format: str = "text") -> str:
    """Write a record as text for people (``"text"``) or as JSON (``"json"``).

    Raises:
        ConfigurationError: for another format name.
    """
    if type(record) is not Record:
        wrong_type("records.dumps", "a Record", record)
    if format == "json":
        return json.dumps(_to_json(record), indent=1) + "\n"
    if format == "text":
        return _to_text(record)
    msg = f"format is 'text' or 'json', not {shown(format)}"
    raise ConfigurationError(msg)


def _score_text(score: object) -> str:
    if isinstance(score, tuple):
        return " ".join(str(part) for part in score)
    return str(score)


def _ranking_text(outcome: Outcome | None) -> str:
    if outcome is None:
        return "none: the game is not over"
    return " > ".join(" = ".join(str(seat) for seat in sorted(place)) for place in outcome.ranking)


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
        "seed": record.seed,
        "options": {key: _json_value(value) for key, value in record.options},
        "tags": [[key, value] for key, value in record.tags],
        "moves": list(record.moves),
        "comments": [[index, text] for index, text in record.comments],
        "result": result,
    }


def _json_value(value: OptionValue) -> Any:
    return [_json_value(item) for item in value] if isinstance(value, tuple) else value


# ---------------------------------------------------------------------------
# Reading
# ---------------------------------------------------------------------------


def loads(
    text: str | bytes,
    *,
    max_chars: int = MAX_DOCUMENT_CHARS,
) -> Record:
    """Read a record written by :func:`dumps` or by hand, in either format (recognised).

    The moves are not played (:func:`replay` does that); the header, the move
    numbers and the shape of every field are checked.

    Raises:
        RecordError: naming the line or field that is wrong.
    """
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
    if text.lstrip().startswith("{"):
        return _from_json(text)
    return _from_text(text)


def _from_json(text: str) -> Record:
    try:
        document = json.loads(text)
        check_size(document, MAX_DEPTH, MAX_ENTRIES)
    except (ValueError, RecursionError) as error:
        raise RecordError(f"not a JSON record: {error}") from None
    fields: tuple[str, ...] = ("format", "version", "game", "players", "seed", "options")
    fields += ("tags", "moves", "comments", "result")
    if not isinstance(document, dict) or sorted(document) != sorted(fields):
        raise RecordError(f"a JSON record is an object with exactly the keys {', '.join(fields)}")
    if document["format"] != FORMAT or document["version"] != VERSION:
        msg = f"not a {FORMAT} version {VERSION} document: format {shown(document['format'])}, "
        msg += f"version {shown(document['version'])}"
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
        document["seed"],
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


def _tupled(value: Any) -> Any:
    return tuple(_tupled(item) for item in value) if isinstance(value, list) else value


def _json_result(data: object, game: object) -> Outcome | None:
    if data is None:
        return None
    if not isinstance(data, dict) or sorted(data) != ["mode", "ranking", "reason", "scores"]:
        raise RecordError("result is null or an object with scores, ranking, reason and mode")
    scores = [_tupled(score) for score in _listed(data["scores"], "result.scores")]
    ranking = _listed(data["ranking"], "result.ranking")
    return _outcome(scores, ranking, data["reason"], data["mode"], game)


def _outcome(
    scores: list[Any], ranking: list[Any], reason: object, mode: object, game: object
) -> Outcome:
    def is_score(value: object) -> bool:
        if isinstance(value, tuple):
            return all(is_score(part) and not isinstance(part, tuple) for part in value)
        return isinstance(value, int) and not isinstance(value, bool)

    if not all(is_score(score) for score in scores) or not isinstance(reason, str):
        raise RecordError(f"a result's scores are ints or lists of ints, got {shown(scores)}")
    if not isinstance(mode, str) or not isinstance(game, str):
        raise RecordError(f"a result's mode is a string, got {shown(mode)}")
    if not all(isinstance(place, list) for place in ranking):
        raise RecordError(f"a result's ranking is a list of places, got {shown(ranking)}")
    try:
        return Outcome(scores=scores, ranking=ranking, reason=reason, game=game, mode=mode)
    except (ValueError, TypeError) as error:
        raise RecordError(f"a bad result: {error}") from None


def _from_text(text: str) -> Record:
    lines = text.splitlines()
    if not lines or lines[0].strip() != _TEXT_FIRST_LINE:
        first = shown(lines[0]) if lines else "nothing"
        raise RecordError(f"line 1: a text record starts with {_TEXT_FIRST_LINE!r}, not {first}")
    header: dict[str, str] = {}
    options: list[tuple[str, Any]] = []
    tags: list[tuple[str, str]] = []
    number = 1
    for number, line in enumerate(lines[1:], start=2):
        if not line.strip():
            break
        key, colon, value = line.partition(":")
        if not colon:
            raise RecordError(f"line {number}: a header line is 'Name: value', not {shown(line)}")
        key, value = key.strip(), value.strip()
        if key.startswith("Option "):
            try:
                options.append((key[len("Option ") :].strip(), _tupled(json.loads(value))))
            except ValueError:
                raise RecordError(
                    f"line {number}: an option's value is JSON, not {shown(value)}"
                ) from None
        elif key in _RESERVED:
            if key in header:
                raise RecordError(f"line {number}: {key} is given twice")
            header[key] = value
        else:
            tags.append((key, value))
    else:
        number = len(lines) + 1
    moves: list[str] = []
    comments: list[tuple[int, str]] = []
    start = number
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
    for key in ("Game", "Players"):
        if key not in header:
            raise RecordError(f"the header has no {key}: line")
    players = _int(header["Players"], "Players")
    seed = _int(header["Seed"], "Seed") if "Seed" in header else None
    result = None
    if "Result" in header:
        result = _text_result(header, header["Game"])
    return _checked(header["Game"], players, seed, options, tags, comments, moves, result)


def _int(text: str, what: str) -> int:
    if not re.fullmatch(r"-?[0-9]{1,40}", text):
        raise RecordError(f"{what} is a whole number, not {shown(text)}")
    return int(text)


def _text_result(header: dict[str, str], game: str) -> Outcome:
    try:
        ranking = [
            [int(seat) for seat in place.split("=")] for place in header["Result"].split(">")
        ]
        scores: list[Any] = []
        for part in header.get("Scores", "").split(";"):
            numbers = tuple(int(word) for word in part.split())
            scores.append(numbers[0] if len(numbers) == 1 else numbers)
    except ValueError:
        msg = "Result is places such as '1 > 0 = 2' and Scores numbers split by ';', not "
        msg += f"{shown(header['Result'])}"
        raise RecordError(msg) from None
    return _outcome(scores, ranking, header.get("Reason", ""), header.get("Mode", ""), game)


def _checked(
    game: object,
    players: object,
    seed: object,
    options: Sequence[tuple[Any, Any]],
    tags: Sequence[tuple[Any, Any]],
    comments: Sequence[tuple[Any, Any]],
    moves: Sequence[Any],
    result: Outcome | None,
) -> Record:
    """Check the shape of every field (not the rules: :func:`replay` does that)."""
    if not isinstance(game, str):
        raise RecordError(f"the game is a registry name, not {shown(game)}")
    for what, value in (("players", players), ("seed", seed)):
        if isinstance(value, bool) or not (
            isinstance(value, int) or (what == "seed" and value is None)
        ):
            raise RecordError(f"{what} is a whole number, not {shown(value)}")
    if len(moves) > _MAX_MOVES:
        raise RecordError(f"a record holds at most {_MAX_MOVES:,} moves")
    try:
        for key, value in options:
            if not isinstance(key, str):
                raise ConfigurationError(f"an option's name is a string, not {shown(key)}")
            _check_option(key, value)
        for key, value in tags:
            _check_tag(key, value)
        for index, note in comments:
            _check_comment(index, note, len(moves))
    except (ConfigurationError, WrongTypeError) as error:
        raise RecordError(str(error)) from None
    for number, move in enumerate(moves, start=1):
        if not isinstance(move, str) or not move or move != move.strip() or "#" in move:
            raise RecordError(f"move {number} is a move in notation, not {shown(move)}")
    assert isinstance(players, int)
    assert seed is None or isinstance(seed, int)
    return Record(
        game=game,
        players=players,
        moves=tuple(moves),
        seed=seed,
        options=tuple(sorted(options)),
        tags=tuple(tags),
        comments=tuple(comments),
        result=result,
    )
