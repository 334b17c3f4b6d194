"""What the commands share: the game, its options, the bots, records on disk, a game's end."""

from __future__ import annotations

import argparse
import importlib
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import tilegames
from tilegames._core import rng
from tilegames._core.chance import sample
from tilegames._core.errors import (
    ConfigurationError,
    RecordError,
    UnknownGameError,
)
from tilegames._core.notation import is_digits
from tilegames._core.options import Option, check_options
from tilegames._core.rules import Outcome, Rules
from tilegames._core.words import Words
from tilegames.agents import AGENTS, Agent, make_agent
from tilegames.records import Record, dumps, loads, record_of

GAME_HELP = "the game: a name from 'tilegames games', or package.module:RULES"


AGENT_NAMES = ", ".join(sorted(AGENTS))


def add_game_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", metavar="GAME", help=GAME_HELP)
    parser.add_argument("--players", type=int, default=None, help="number of players")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help=(
            "a variant option for the game (for example mode=team, or tiles=RB,GY,... for a "
            "list of strings, or a JSON value); the game's page lists them; repeatable"
        ),
    )
    parser.add_argument("--seed", type=int, default=None, help="seed for the game and players")


def resolve_game(reference: str) -> Rules[Any, Any]:
    """A registered name, or ``package.module:ATTRIBUTE`` naming a game's rules."""
    if ":" not in reference:
        return tilegames.get(reference)
    module_name, _, attribute = reference.partition(":")
    try:
        rules: Rules[Any, Any] = getattr(importlib.import_module(module_name), attribute)
    except (ImportError, AttributeError, ValueError) as error:
        msg = f"cannot load the game {reference!r}: {error}"
        raise UnknownGameError(msg) from None
    return rules


def new_game_options(
    rules: Rules[Any, Any], players: int | None, pairs: Sequence[str]
) -> dict[str, Any]:
    """The ``new_game`` keywords: the first setup with that many players, then ``--option``.

    Each ``--option`` value is read as the game declares the option
    (:attr:`~tilegames.Rules.options`): text for a text option, ``true`` or
    ``false`` for a yes-no one, a comma-separated list or a JSON value for a
    list; the options are then checked as records and the server check them
    (:func:`tilegames.check_options`), and given in their written form.

    Raises:
        ConfigurationError: for a pair that is not ``NAME=VALUE``, a value
            that does not read, or an option the game refuses.
    """
    setups = rules.setups
    setup = next((s for s in setups if players is None or s.players == players), None)
    options: dict[str, Any] = dict(setup.kwargs) if setup is not None else {}
    if players is not None:
        options["players"] = players
    options.setdefault("players", setups[0].players if setups else 2)
    for pair in pairs:
        name, equals, value = pair.partition("=")
        if not equals or not name:
            msg = f"an option is NAME=VALUE, not {pair!r}"
            raise ConfigurationError(msg)
        declared = {option.name: option for option in getattr(rules, "options", None) or ()}
        options[name] = _option_value(declared.get(name), name, value)
    players = options.pop("players")
    return {"players": players, **dict(check_options(rules, options))}


def _option_value(option: Option | None, name: str, text: str) -> Any:
    """An ``--option`` value read as the game declares its option (undeclared: text or int)."""
    kind = None if option is None else option.type
    if text.startswith(("[", "{")) or kind not in (None, str, int, bool, tuple[str, ...]):
        try:
            return json.loads(text)
        except ValueError:
            msg = f'option {name} is a JSON value here, such as ["RB", "GY"], not {text!r}'
            raise ConfigurationError(msg) from None
    if text == "null" and option is not None and option.default is None:
        return None
    if kind is bool and text in ("true", "false"):
        return text == "true"
    if kind == tuple[str, ...]:
        return tuple(part.strip() for part in text.split(","))
    whole = kind in (None, int) and is_digits(text.removeprefix("-"))  # not "¹"
    return int(text) if whole else text


def bots_of(text: str) -> list[Agent]:
    specs = [spec for spec in text.split(",") if spec.strip()]
    if not specs:
        msg = f"name at least one agent ({AGENT_NAMES})"
        raise ConfigurationError(msg)
    return [make_agent(spec) for spec in specs]


def format_outcome(result: Outcome, words: Words | None = None) -> str:
    """The end of a game in words: the reason, the ranking, the winners or a solo result.

    ``words`` are the game's (``RULES.words``): a solo score is said as they
    say it, and a score made of several numbers (one per track) is printed
    under the letters of its tracks.
    """
    lines = [f"Game over: {result.reason}" if result.reason else "Game over."]
    if len(result.scores) == 1:
        (number,) = result.scores
        solo = words.solo if words is not None else None
        score = solo(number) if solo is not None and isinstance(number, int) else str(number)
        lines.append(f"Result: a solo score of {score}; a solo game has no winner")
        return "\n".join(lines)
    rows = [
        (f"  {number}. seat {seat}", " (shared)" if len(place) > 1 else "", result.scores[seat])
        for number, place in enumerate(result.ranking, start=1)
        for seat in sorted(place)
    ]
    tracks = [score for _, _, score in rows if isinstance(score, tuple)]
    if len(tracks) == len(rows):
        width = max(len(label) for label, _, _ in rows) + 1
        headers = _track_letters(words, len(tracks[0]))
        if headers:
            lines.append(" " * width + "".join(f"{header:>3}" for header in headers))
        for (label, shared, _), track in zip(rows, tracks, strict=True):
            lines.append(label.ljust(width) + "".join(f"{v:>3}" for v in track) + shared)
    else:
        lines += [f"{label}{shared}: {score}" for label, shared, score in rows]
    winners = ", ".join(f"seat {seat}" for seat in sorted(result.winners))
    lines.append(f"Winner{'s' if len(result.winners) > 1 else ''}: {winners}")
    return "\n".join(lines)


def _track_letters(words: Words | None, count: int) -> list[str]:
    """The letters of a score's ``count`` tracks (``R G B ...``), as the game declares them."""
    if words is None or len(words.tracks) != count:
        return []
    return [words.letter(track) for track in words.tracks]


def legend_lines(rules: Rules[Any, Any]) -> list[str]:
    """The game's declared legend as its text board prints it (``Legend:`` first), or none."""
    words: Words | None = getattr(rules, "words", None)
    if words is None or not words.legend:
        return []
    return ["Legend:", *("  " + line for line in words.legend.splitlines())]


def final_board(board: str, rules: Rules[Any, Any], *, legend: bool = True) -> str:
    """A text board followed by the result: its own ``game over`` line left out.

    Without ``legend``, the game's declared legend is left off its end.
    """
    shown = legend_lines(rules)
    lines = [line for line in board.splitlines() if not line.startswith("game over")]
    if shown and not legend and lines[-len(shown) :] == shown:
        lines = lines[: len(lines) - len(shown)]
    return "\n".join(lines)


def chance_move(rules: Rules[Any, Any], state: Any, stream: rng.Stream) -> Any:
    """What chance gives at a chance step: drawn with its probability, else any legal outcome."""
    outcomes = rules.chance_outcomes(state) if rules.chance_outcomes is not None else ()
    if outcomes:
        return sample(outcomes, stream)
    legal = rules.legal_moves(state)
    return legal[stream.randbelow(len(legal))]


def record_of_game(
    rules: Rules[Any, Any],
    options: dict[str, Any],
    seed: int,
    moves: Sequence[Any],
    tags: dict[str, str],
) -> Record:
    """The record of a game the command played (a game given as module:RULES is registered)."""
    if rules.name not in tilegames.names():
        tilegames.register(rules)
    setup = dict(options)
    players = setup.pop("players")
    return record_of(rules.name, moves, players=players, seed=seed, tags=tags, **setup)


def write_record(path: str, record: Record) -> None:
    text = dumps(record, "json" if path.endswith(".json") else "text")
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as error:
        msg = f"cannot write the record to {path}: {error.strerror or error}"
        raise ConfigurationError(msg) from None


def read_record(path: str) -> Record:
    try:
        data = Path(path).read_bytes()
    except OSError as error:
        msg = f"cannot read the record {path}: {error.strerror or error}"
        raise RecordError(msg) from None
    try:
        return loads(data)
    except RecordError as error:
        raise RecordError(f"{path}: {error}") from None
