"""The record itself: its fields and their checks, building one, playing it back."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final, cast

import attrs

from tilegames._core.checks import shown, wrong_type
from tilegames._core.errors import (
    ConfigurationError,
    IllegalMoveError,
    RecordError,
    TilegamesError,
    WrongTypeError,
)
from tilegames._core.memo import LastOf
from tilegames._core.names import player_name
from tilegames._core.options import check_options
from tilegames._core.rules import (
    Options,
    Outcome,
    Rules,
    get,
    names,
    new_game_kwargs,
    sorted_options,
)
from tilegames.serialize import (
    MAX_DEPTH,
    MAX_ENTRIES,
    MAX_SAFE_INT,
    check_size,
)
from tilegames.serialize._format import (
    RECORD_MAX_DIGITS,
    RECORD_MAX_MOVES,
    RECORD_NOT_OPTIONS,
    RECORD_OPTION_NAME,
    RECORD_RESERVED_TAGS,
    RECORD_TAG_NAME,
    out_of_range,
)

_RESERVED: Final = RECORD_RESERVED_TAGS


_TAG_NAME: Final = re.compile(RECORD_TAG_NAME + r"\Z")


_OPTION_NAME: Final = re.compile(RECORD_OPTION_NAME + r"\Z")


_NOT_OPTIONS: Final = RECORD_NOT_OPTIONS


_SEAT_TAG: Final = re.compile(r"Seat [0-9]+\Z")


_MAX_MOVES: Final = RECORD_MAX_MOVES


_MAX_DIGITS: Final = RECORD_MAX_DIGITS


OptionValue = Any
"""An option's value: JSON's scalars (str, int, bool, ``None``) and tuples of them."""


def _iterable(value: object, what: str) -> Iterable[Any]:
    """``value`` if it is an iterable other than a string, else a :class:`WrongTypeError`."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise WrongTypeError(f"{what} must be an iterable, not {shown(value)}")
    return value


def _pair(item: object, what: str) -> tuple[Any, Any]:
    if not isinstance(item, (tuple, list)) or len(item) != 2:
        raise WrongTypeError(f"{what} is a pair, not {shown(item)}")
    return item[0], item[1]


def _to_pairs(items: Mapping[str, Any] | Iterable[tuple[str, Any]]) -> tuple[tuple[str, Any], ...]:
    pairs = items.items() if isinstance(items, Mapping) else _iterable(items, "tags")
    return tuple(_pair(pair, "a tag (name, value)") for pair in pairs)


def _to_moves(items: Iterable[str]) -> tuple[str, ...]:
    return tuple(_iterable(items, "moves"))


def _to_options(
    items: Mapping[str, Any] | Iterable[tuple[str, Any]],
) -> Options:
    pairs = items.items() if isinstance(items, Mapping) else _iterable(items, "options")
    named = (_pair(pair, "an option (name, value)") for pair in pairs)
    # A list becomes a tuple, as loads reads it; a name that is no str is refused after.
    options = ((name, _tupled(value)) for name, value in named)
    return sorted_options(options)


def _to_comments(items: Iterable[tuple[int, str]]) -> tuple[tuple[int, str], ...]:
    # Stable by move: the text format groups comments by the move they follow.
    pairs = [_pair(item, "a comment (after, text)") for item in _iterable(items, "comments")]
    return tuple(sorted(pairs, key=lambda pair: pair[0] if type(pair[0]) is int else -1))


def _check_game(record: Record, attribute: Any, game: Any) -> None:
    _check_text("the game", game)
    if not game:
        raise ConfigurationError("the game is a registry name, not ''")


def _check_whole(record: Record, attribute: Any, value: Any) -> None:
    """``players``: a whole number within ``2**53 - 1``; ``seed``: one of at most 40 digits."""
    if value is None and attribute.name == "seed":
        return
    if isinstance(value, bool) or not isinstance(value, int):
        raise ConfigurationError(f"{attribute.name} is a whole number, not {shown(value)}")
    if attribute.name == "seed":
        _check_number(attribute.name, value)
    else:
        _check_safe(attribute.name, value)


def _check_moves(record: Record, attribute: Any, moves: tuple[object, ...]) -> None:
    if len(moves) > _MAX_MOVES:
        raise ConfigurationError(f"a record holds at most {_MAX_MOVES:,} moves")
    for number, move in enumerate(moves, start=1):
        if not isinstance(move, str) or move.split() != [move] or "#" in move:
            msg = f"move {number} is a move in notation (no spaces, no '#'), not {shown(move)}"
            raise ConfigurationError(msg)


def _check_options(
    record: object, attribute: object, options: tuple[tuple[Any, Any], ...]
) -> None:
    names = [_check_option_name(key) for key, _ in options]
    if len(set(names)) != len(names):
        raise ConfigurationError(f"an option is given twice: {', '.join(names)}")
    for key, value in options:
        _check_option(key, value)


def _check_tags(record: Record, attribute: Any, tags: tuple[tuple[Any, Any], ...]) -> None:
    for key, value in tags:
        _check_tag(key, value)


def _check_comments(record: Record, attribute: Any, comments: tuple[tuple[Any, Any], ...]) -> None:
    for index, note in comments:
        _check_comment(index, note, len(record.moves))


def _check_result(record: Record, attribute: Any, result: object) -> None:
    """A result is an :class:`Outcome` of this game, one score a seat, that a record can write."""
    if result is None:
        return
    if not isinstance(result, Outcome):
        raise WrongTypeError(f"a record's result is an Outcome or None, not {shown(result)}")
    if len(result.scores) != record.players:
        msg = f"the result has {len(result.scores)} scores for {record.players} players"
        raise ConfigurationError(msg)
    if result.game != record.game:
        msg = f"the result is of the game {shown(result.game)}, the record of {shown(record.game)}"
        raise ConfigurationError(msg)
    for score in result.scores:
        parts = score if isinstance(score, tuple) else (score,)
        if not all(type(part) is int for part in parts):
            msg = f"a result's scores are ints or tuples of ints, not {shown(result.scores)}"
            raise ConfigurationError(msg)
        for part in parts:
            _check_safe("result.scores", part)
    _check_text("a result's reason", result.reason)
    _check_text("a result's mode", result.mode)


@attrs.frozen
class Record:
    """A whole game: setup, chance, moves, tags, comments and result.

    Build one with :func:`record_of` (which checks every move) or
    :func:`loads`; play it back with :func:`replay`. Its repr is a call that
    builds an equal record, with the fields that are not at their defaults
    (pasted back, it needs :class:`Record`, and :class:`~tilegames.Outcome`
    for a result).

    Every field is checked when a record is made, as :func:`loads` checks
    what it reads, so that what :func:`dumps` writes, :func:`loads` reads
    back equal; :func:`loads` also checks the options of a registered game
    against its declaration (as :func:`record_of` does), which a record made
    here leaves to them. The moves are not played (:func:`replay` does that).

    Raises:
        WrongTypeError: for a field of the wrong type (``moves`` that are
            not an iterable, a result that is not an :class:`~tilegames.Outcome`,
            ...).
        ConfigurationError: for a field a record cannot hold: a game that
            is not a one-line name, ``players`` or ``seed`` that is no whole
            number, a seed of more than 40 digits or another number (the
            players, an option, a score) past ``2**53 - 1`` either way (the
            message :mod:`tilegames.serialize` gives), a move with a space
            or ``#``, a badly formed option, tag
            or comment, a comment after a move that is not there, or a
            result that is not this game's with one score a seat.
    """

    game: str = attrs.field(validator=_check_game)
    """The registry name of the game (:func:`tilegames.get`)."""
    players: int = attrs.field(validator=_check_whole)
    """The number of seats."""
    moves: tuple[str, ...] = attrs.field(converter=_to_moves, validator=_check_moves)
    """Every move in the game's notation, chance outcomes included in an explicit game."""
    seed: int | None = attrs.field(default=None, validator=_check_whole)
    """The seed given to ``new_game``: needed to replay a seeded game, optional if explicit."""
    options: Options = attrs.field(default=(), converter=_to_options, validator=_check_options)
    """The further keyword options of ``new_game`` (``mode``, ``chance``, ...), sorted by name."""
    tags: tuple[tuple[str, str], ...] = attrs.field(
        default=(), converter=_to_pairs, validator=_check_tags
    )
    """Free tags as ``(name, value)`` pairs in order: ``Event``, ``Date``, ``Seat 0``, ..."""
    comments: tuple[tuple[int, str], ...] = attrs.field(
        default=(), converter=_to_comments, validator=_check_comments
    )
    """Comments as ``(after, text)``: after move number ``after`` (0: before the first move).

    Kept in the order of the moves they follow (the order given among the
    comments after one move).
    """
    result: Outcome | None = attrs.field(default=None, validator=_check_result)
    """The outcome when the game was over, else ``None``."""

    @property
    def kwargs(self) -> dict[str, Any]:
        """The keyword arguments of ``new_game`` that start this game."""
        return new_game_kwargs(self.players, self.options, seed=self.seed)

    def __repr__(self) -> str:
        """``Record(game='polygon', players=2, seed=0, moves=(...))``: fields not at defaults."""
        fields = [f"game={self.game!r}", f"players={self.players!r}"]
        fields += [f"{name}={getattr(self, name)!r}" for name in _REPR_FIRST if _shown(self, name)]
        fields.append(f"moves={self.moves!r}")
        fields += [f"{name}={getattr(self, name)!r}" for name in _REPR_LAST if _shown(self, name)]
        return f"Record({', '.join(fields)})"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        """Print as :func:`repr` in IPython and in Hypothesis's reports (not field by field)."""
        printer.text(repr(self))


_REPR_FIRST: Final = ("seed", "options")
"""The fields a record's repr writes before its moves, when not at their defaults."""


_REPR_LAST: Final = ("tags", "comments", "result")
"""The fields a record's repr writes after its moves, when not at their defaults."""


def _shown(record: Record, name: str) -> bool:
    """Whether the repr writes the field: its value is not its default."""
    field = getattr(attrs.fields(Record), name)
    return bool(getattr(record, name) != field.default)


def _check_option_name(name: object) -> str:
    if not isinstance(name, str) or not _OPTION_NAME.match(name) or name in _NOT_OPTIONS:
        msg = (
            f"an option's name is a keyword of new_game other than players and seed "
            f"(letters, digits and '_'), not {shown(name)}"
        )
        raise ConfigurationError(msg)
    return name


def _check_option(name: str, value: object) -> None:
    if value is None or isinstance(value, (str, bool)):
        return
    if isinstance(value, int):
        _check_safe(f"options.{name}", value)
        return
    if isinstance(value, (tuple, list)):
        for item in value:
            _check_option(name, item)
        return
    msg = (
        f"option {name}={shown(value)} cannot be written in a record: "
        "options are strings, ints, booleans, None and tuples of them"
    )
    raise ConfigurationError(msg)


def _check_text(what: str, text: object, *, strip: bool = True) -> None:
    """A one-line string; with ``strip``, also without whitespace at either end."""
    if not isinstance(text, str):
        raise WrongTypeError(f"{what} must be a str, got {shown(text)}")
    if text.splitlines() not in ([], [text]):  # any line break: \n, \r, \x85, \u2028, ...
        raise ConfigurationError(f"{what} must be one line, got {shown(text)}")
    if strip and text != text.strip():
        raise ConfigurationError(f"{what} must not start or end with a space, got {shown(text)}")


def _check_number(what: str, value: int) -> None:
    """A seed: at most :data:`_MAX_DIGITS` digits (a big one is written as its digits)."""
    if abs(value) >= 10**_MAX_DIGITS:
        msg = f"{what} has at most {_MAX_DIGITS} digits, not {shown(value)}"
        raise ConfigurationError(msg)


def _check_safe(what: str, value: int) -> None:
    """Any other number: within ``2**53 - 1`` either way, as a document's (serialize's message)."""
    if not -MAX_SAFE_INT <= value <= MAX_SAFE_INT:
        raise ConfigurationError(out_of_range(what, value))


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
        tags: free tags, such as ``{"Event": "Club night", "Seat 0": "Ada"}``;
            a ``Seat N`` tag is a player's name, as
            :func:`tilegames._core.names.player_name` keeps one (printable,
            at most 40 characters, no space at either end).
        comments: ``(after, text)`` pairs, as :attr:`Record.comments`.
        options: further keyword options of ``new_game``, in any form it
            takes; the record keeps each in its written form, as
            :func:`tilegames.check_options` gives it (a Polygon
            ``scoring={"1-1-1": 10, ...}`` as ``(("1-1-1", 10), ...)``), so
            that every game ``new_game`` starts has a record that loads back.

    Raises:
        RecordError: naming the first move that is not legal, with the reason.
        ConfigurationError: for ``players`` that is not a whole number, a
            seeded game without a seed, a reserved or badly formed tag, a tag
            value or comment of more than one line, a comment after a move
            that was not played, an option the game does not declare or a
            value it does not take (the message :func:`tilegames.check_options`
            gives, the server's too) or a record cannot hold; and as
            ``new_game`` raises it for a bad setup.
        WrongTypeError: for ``moves``, ``tags`` or ``comments`` that are not
            an iterable (a string is not one), or a tag or comment that is
            not a pair.
    """
    rules = get(game)
    if isinstance(players, bool) or not isinstance(players, int):
        raise ConfigurationError(f"players is a whole number, not {shown(players)}")
    if options.get("chance", "seeded") == "seeded" and seed is None:
        msg = "a seeded game's record needs its seed: pass seed= (or play with chance='explicit')"
        raise ConfigurationError(msg)
    # Each option in its written form (JSON's scalars and tuples), as loads reads it back.
    checked_options = _to_options(check_options(rules, options))
    _check_options(None, None, checked_options)
    pairs = _to_pairs(tags or {})
    for key, value in pairs:
        _check_tag(key, value)
    notes = _to_comments(comments)
    played = _iterable(moves, "moves")
    texts: list[str] = []
    try:
        state = rules.new_game(players=players, seed=seed, **dict(checked_options))
    except TilegamesError:
        raise
    except TypeError as error:  # an option this game's new_game does not take
        setup = _setup_text_of(checked_options)
        msg = f"{rules.name} cannot start with the options {setup}: {error}"
        raise ConfigurationError(msg) from None
    for number, move in enumerate(played, start=1):
        if number > _MAX_MOVES:
            raise RecordError(f"a record holds at most {_MAX_MOVES:,} moves")
        state, text = _play(rules, state, move, number)
        texts.append(text)
    return Record(  # checks the comments' places against the moves played
        game=rules.name,
        players=players,
        moves=tuple(texts),
        seed=seed,
        options=checked_options,
        tags=pairs,
        comments=notes,
        result=_result_of(rules, state),
    )


def _setup_text_of(options: Iterable[tuple[str, Any]]) -> str:
    return ", ".join(f"{key}={value!r}" for key, value in options)


def _result_of(rules: Rules[Any, Any], state: Any) -> Outcome | None:
    """The outcome of ``state``, naming the game (as a record reads it back)."""
    result = rules.outcome(state)
    if result is not None and result.game != rules.name:
        result = attrs.evolve(result, game=rules.name)
    return result


def _play(rules: Rules[Any, Any], state: Any, move: object, number: int) -> tuple[Any, str]:
    """Apply move ``number`` (a value or its text); the next state and the move's text."""
    if isinstance(move, str):
        text = move
        try:
            move = rules.parse_move(move, state)
        except TilegamesError as error:  # NotationError, or a parser that sees the game over
            raise RecordError(str(error), number=number, move=text) from None
    else:
        try:
            text = rules.format_move(move)
        except TilegamesError as error:
            raise RecordError(str(error), number=number, move=shown(move)) from None
    try:  # apply checks the move itself: no why_illegal first
        return rules.apply(state, move), rules.format_move(move)
    except IllegalMoveError as error:  # the reason as why_illegal words it
        reason = f"{error.reason} ({error.rule})" if error.rule else error.reason
    except TilegamesError as error:  # pragma: no cover - another error of a game's own
        reason = str(error)
    raise RecordError(reason, number=number, move=text)


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
    if _SEAT_TAG.match(key):  # a seat's player: a name as the server keeps one
        try:
            player_name(value)
        except ConfigurationError as error:
            raise ConfigurationError(f"tag {key!r}: {error}") from None


def _check_comment(index: object, text: object, moves: int) -> None:
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index <= moves:
        msg = f"a comment comes after move 0..{moves}, not {shown(index)}"
        raise ConfigurationError(msg)
    _check_text("a comment", text, strip=False)


def replay(record: Record) -> list[Any]:
    """Every state of the game: the first, then one after each move.

    Raises:
        RecordError: naming the first move that is not legal (its number, its
            text and the reason with the rule id), a setup ``new_game``
            refuses, or a result that is not the one the moves lead to.
        UnknownGameError: if the game is not registered.
    """
    if type(record) is not Record:
        wrong_type("records.replay", "a Record", record)
    rules = get(record.game)
    try:  # the options as record_of and the server check them, then new_game's own checks
        check_options(rules, record.options)
        states = [rules.new_game(**record.kwargs)]
    except (TilegamesError, TypeError) as error:  # TypeError: an option new_game does not take
        setup = _setup_text(record)
        msg = f"the record's setup {setup} cannot start a game of {rules.title}: {error}"
        raise RecordError(msg) from None
    for number, text in enumerate(record.moves, start=1):
        states.append(_play(rules, states[-1], text, number)[0])
    reached = _result_of(rules, states[-1])
    if record.result is not None and reached != record.result:
        msg = (
            f"the record's result ({_result_text(record.result)}) is not the end of its moves "
            f"({_result_text(reached)})"
        )
        raise RecordError(msg)
    return states


def final_state(record: Record) -> Any:
    """The state a record's moves lead to: the last of :func:`replay`.

    :func:`tilegames.testing.strategies.states` draws its states as
    ``final_state(Record(...))``, so that Hypothesis reports a failing
    state as the short game that reaches it, ready to paste and replay.

    >>> from tilegames import records
    >>> record = records.Record(game="polygon", players=2, seed=3, moves=["2@0,1"])
    >>> state = records.final_state(record)
    >>> state
    <polygon State: 2 players, turn 1, seat 0 to move>
    >>> state == records.replay(record)[-1]
    True

    Raises:
        RecordError: as :func:`replay` raises it.
        UnknownGameError: if the game is not registered.
    """
    reached = _REACHED.get(record)
    return reached if reached is not None else replay(record)[-1]


_REACHED: Final = LastOf[Record, Any]()
"""The state reached by the game last written down by :func:`_played`, by its record."""


def _played(
    rules: Rules[Any, Any],
    players: int,
    seed: int,
    options: Iterable[tuple[str, Any]],
    moves: Iterable[Any],
    state: Any,
) -> Record:
    """The record of a game just played to ``state`` (:func:`_written`), kept for it.

    Until another game is written down here, :func:`final_state` returns
    ``state`` for this record without replaying it.
    :func:`tilegames.testing.strategies.states` writes down each game it
    plays this way.
    """
    record = _written(rules, players, seed, options, moves)
    _REACHED.put(record, state)
    return record


def _written(
    rules: Rules[Any, Any],
    players: int,
    seed: int,
    options: Iterable[tuple[str, Any]],
    moves: Iterable[Any],
) -> Record:
    """The record of a game played from ``new_game`` with these arguments, moves as values.

    It is checked as :func:`loads` checks a record, not replayed.

    Raises:
        RecordError: for an option a record cannot hold, or a move whose
            text a record cannot hold.
    """
    texts = tuple(rules.format_move(move) for move in moves)
    return _checked(rules.name, players, seed, tuple(options), (), (), texts, None)


def _setup_text(record: Record) -> str:
    options = "".join(f", {key}={value!r}" for key, value in record.options)
    return f"players={record.players}, seed={record.seed}{options}"


def _result_text(outcome: Outcome | None) -> str:
    if outcome is None:
        return "none: the game is not over"
    scores = "; ".join(_score_text(score) for score in outcome.scores)
    return f"{_ranking_text(outcome)}, scores {scores}, reason {outcome.reason!r}"


def _score_text(score: object) -> str:
    if isinstance(score, tuple):
        # Bare numbers for a track of several colours; (n) and () keep a short tuple a tuple.
        words = " ".join(str(part) for part in score)
        return words if len(score) > 1 else f"({words})"
    return str(score)


def _ranking_text(outcome: Outcome) -> str:
    return " > ".join(" = ".join(str(seat) for seat in sorted(place)) for place in outcome.ranking)


def _json(text: str, what: str) -> Any:
    """Parse JSON strictly (no NaN, no key twice) within the size limits of serialize."""
    try:
        document = json.loads(
            text, parse_constant=_refuse_constant, object_pairs_hook=_unique_keys
        )
        check_size(document, MAX_DEPTH, MAX_ENTRIES)
    except RecordError:
        raise
    except (ValueError, RecursionError) as error:
        raise RecordError(f"{what} is not JSON: {error}") from None
    return document


def _refuse_constant(name: str) -> Any:
    raise RecordError(f"{name} is not a JSON number")


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise RecordError(f"the key {key!r} appears twice in one JSON object")
        result[key] = value
    return result


def _tupled(value: Any) -> Any:
    return tuple(_tupled(item) for item in value) if isinstance(value, list) else value


def _outcome(
    scores: list[Any], ranking: list[Any], reason: object, mode: object, game: object
) -> Outcome:
    """The result read; its fields are checked as a :class:`Record`'s result when it is made."""
    if not all(
        isinstance(place, list) and all(type(seat) is int for seat in place) for place in ranking
    ):
        raise RecordError(f"a result's ranking is a list of places of seats, got {shown(ranking)}")
    try:
        return Outcome(
            scores=scores,
            ranking=ranking,
            reason=cast("str", reason),
            game=cast("str", game),
            mode=cast("str", mode),
        )
    except (ValueError, TypeError) as error:
        raise RecordError(f"a bad result: {error}") from None


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
    """The record of these fields, each checked (not the moves: :func:`replay` plays them).

    The options of a registered game are checked against its declaration
    (:func:`tilegames.check_options`), as :func:`record_of` and the server
    check them: a record is refused when read, not when replayed, for an
    option its game does not take.

    Raises:
        RecordError: naming the field that a :class:`Record` cannot hold, or
            the option the game does not take (with ``new_game``'s message).
    """
    try:
        record = Record(
            game=cast("str", game),
            players=cast("int", players),
            moves=moves,
            seed=cast("int | None", seed),
            options=options,
            tags=tags,
            comments=comments,
            result=result,
        )
        if record.options and record.game in names():
            check_options(get(record.game), record.options)
    except (ConfigurationError, WrongTypeError) as error:
        raise RecordError(str(error)) from None
    return record
