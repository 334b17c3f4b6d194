"""A move in words, as players read it: its parts as a person picks them, and what it scored.

Nothing here names a game. The parts come from the game's
:attr:`~tilegames.Rules.choices` (the path from the position before the move
down to the move), the names of colours, tracks and pieces from the game's
declared :attr:`~tilegames.Rules.words` (:class:`~tilegames.Words`), and the
points from :meth:`~tilegames.Rules.score_move`. A move whose game offers
none of these is written in notation. Nothing reads a game's printed text
board or pictures.

Every word is of the move itself (what it lays, where, turned how) or of its
score: nothing a seat's view hides from another seat once the move is made.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Any, Final

import tilegames
from tilegames._core.choices import move_path
from tilegames._core.words import Words

__all__ = [
    "label",
    "move_words",
    "option_label",
    "score_text",
    "track_names",
]

_NO_WORDS: Final = Words()
"""The words of a game that declares none: every piece and colour in notation."""
_NONE: Final = object()
_SCORELESS: Final = ("pass", "swap", "seat")


def words_of(rules: tilegames.Rules[Any, Any]) -> Words:
    """The game's declared words, or none (a game of one's own may declare none)."""
    words = getattr(rules, "words", None)
    return words if isinstance(words, Words) else _NO_WORDS


def track_names(rules: tilegames.Rules[Any, Any], count: int) -> list[str] | None:
    """The names of a score's ``count`` tracks, as the game declares them, or ``None``.

    >>> track_names(tilegames.get("axio-rota"), 5)
    ['red', 'green', 'blue', 'orange', 'purple']
    >>> track_names(tilegames.get("axio-rota"), 2) is None
    True
    """
    tracks = words_of(rules).tracks
    return list(tracks) if tracks and len(tracks) == count else None


def score_text(score: Any, tracks: Sequence[str] | None = None) -> str:
    """A move's score in words: ``+4``, ``+2 +0 +1`` per track (``+2 red +1 blue``), or its word.

    >>> score_text(4), score_text((2, 0, 1)), score_text((2, 0, 1), ["red", "green", "blue"])
    ('+4', '+2 +0 +1', '+2 red +1 blue')
    >>> score_text((0, 0), ["red", "green"])
    'no points'
    """
    if isinstance(score, enum.Enum):  # a placement that matches one kind or another
        return f"matches {str(score.name).lower()}" if score.value else "no match"
    if isinstance(score, bool) or not isinstance(score, (int, tuple)):
        return str(score)
    if isinstance(score, int):
        return f"+{score}" if score >= 0 else str(score)
    if tracks is None or len(tracks) != len(score):
        return " ".join(f"+{points}" for points in score)
    scored = [f"+{points} {name}" for points, name in zip(score, tracks, strict=True) if points]
    return " ".join(scored) or "no points"


def label(kind: str, option: Any, words: Words = _NO_WORDS) -> str:
    """An option of a part of a move, as the page's buttons and "picked" line show it."""
    if (kind in words.cells or kind in ("cell", "second_cell")) and isinstance(option, tuple):
        return ",".join(map(str, option))
    if kind == "rotation" and isinstance(option, int):
        return f"turned {option * 90}\u00b0"
    if kind == "discard":
        return "discard nothing" if option is None else f"discard stone {option}"
    return "none" if option is None else str(option)


def option_label(
    rules: tilegames.Rules[Any, Any], view: Any, kind: str, option: Any, move: Any
) -> str:
    """An option as a person reads it: a tile or stone by its name, a colour by its word.

    ``move`` is a move the option leads to, from ``view``: the piece it lays
    names a piece option.
    """
    words = words_of(rules)
    if kind in words.pieces and words.piece is not None:
        short = words.piece(view, move)
        if short and words.spelt(short) != short:
            return words.spelt(short)
    if kind == "colour" and isinstance(option, int) and 0 <= option < len(words.colours):
        return words.colours[option]
    return label(kind, option, words)


def _phrase(kind: str, option: Any, piece: str, words: Words) -> str:
    """A part of a played move in words (``""`` for a part that says nothing)."""
    if kind in words.pieces:
        return "declined the bonus placement" if option == "decline" else piece
    if kind == "cell":
        return "at " + label(kind, option, words) if isinstance(option, tuple) else f"set {option}"
    if kind == "second_cell":
        return "and " + label(kind, option, words)
    if kind == "colour" and isinstance(option, int) and 0 <= option < len(words.colours):
        return f"naming {words.colours[option]}"
    if kind == "colour":
        return f"naming colour {option}"
    if kind == "discard":
        return "" if option is None else f"discarding stone {option}"
    if kind == "swap":
        return "swapped the rack" if option == "swap" else "kept the rack"
    if kind == "pass":
        return "passed"
    if kind == "seat":
        return ""
    return label(kind, option, words)


def _path(
    rules: tilegames.Rules[Any, Any], state: Any, move: Any, seat: int | None
) -> Sequence[tuple[str, Any]] | None:
    """The parts of ``move`` as the game's choices offer them, or ``None`` if not found.

    Worked out from the move alone (:func:`~tilegames._core.choices.move_path`)
    when the game's choices tell how; else found by walking ``choices``, which
    lists every legal move (a game of one's own).
    """
    if rules.choices is None:
        return None
    parts = move_path(rules.choices, move)
    return _walked(rules, state, move, seat) if parts is None else parts


def _walked(
    rules: tilegames.Rules[Any, Any], state: Any, move: Any, seat: int | None
) -> list[tuple[str, Any]] | None:
    """The parts of ``move`` found by walking the game's choices from ``state``."""
    assert rules.choices is not None
    picked: list[Any] = []
    parts: list[tuple[str, Any]] = []
    choice = rules.choices(state, (), seat=seat)
    while choice.options:
        option = next((o for o, moves in choice.options.items() if move in moves), _NONE)
        if option is _NONE:
            return None
        parts.append((choice.kind, option))
        picked.append(option)
        choice = rules.choices(state, tuple(picked), seat=seat)
    return parts if choice.move == move else None


def move_words(
    rules: tilegames.Rules[Any, Any], state: Any, move: Any, seat: int, after: Any = None
) -> str:
    """The legal ``move`` of ``seat`` in ``state`` (before it is made), in words.

    For example ``red/green at 1,-5 and 2,-5, +2 red`` (AXIO), or ``wild at
    2,0, the turn so far +25`` (Polygon, where a turn's points count when it
    ends). ``after`` is the state the move leads to (worked out when not
    given). Falls back on the notation for parts the game's choices do not
    give.
    """
    view = rules.view(state, seat)
    words = words_of(rules)
    score = rules.score_move(state, move)
    tracks = track_names(rules, len(score)) if isinstance(score, tuple) else None
    movers = rules.to_move(state)
    path = _path(rules, state, move, seat if seat in movers and len(movers) > 1 else None)
    said = rules.format_move(move) if path is None else _said(words, view, move, path)
    if path is not None and all(k in _SCORELESS or o == "decline" for k, o in path):
        return said  # a pass, a swap, a bonus declined: nothing laid, nothing scored
    if score == 0 and type(score) is int:
        return f"{said}, no points"
    points = score_text(score, tracks)
    after = rules.apply(state, move) if after is None else after
    if rules.to_move(after) == movers and _running(rules, after) == _running(rules, state):
        return f"{said}, the turn so far {points}"  # the seat goes on, no score counted yet
    return f"{said}, {points}"


def _said(words: Words, view: Any, move: Any, path: Sequence[tuple[str, Any]]) -> str:
    """The parts of a move in words, the piece it lays named."""
    lays = words.piece is not None and any(k in words.pieces for k, _ in path)
    short = words.piece(view, move) if lays and words.piece is not None else ""
    piece = words.spelt(short)
    parts = [_phrase(k, o, _piece(k, o, short, piece, words), words) for k, o in path]
    return " ".join(part for part in parts if part)


def _running(rules: tilegames.Rules[Any, Any], state: Any) -> Any:
    """The scores so far as the public view shows them: score tracks or totals."""
    view = rules.view(state, None)
    return getattr(view, "tracks", None), getattr(view, "totals", None)


def _piece(kind: str, option: Any, short: str, name: str, words: Words) -> str:
    """The piece a move lays: its name in words, or the kind and its short name (``tile 3``)."""
    if not short:
        return f"{kind} {label(kind, option, words)}"
    return name if name != short else f"{kind} {short}"
