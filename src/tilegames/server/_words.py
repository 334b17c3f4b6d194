"""A move in words, as players read it: its parts as a person picks them, and what it scored.

Nothing here names a game. The parts come from the game's
:attr:`~tilegames.Rules.choices` (the path from the position before the move
down to the move), the names of colours and symbols from the legend of the
game's own text board (``R red, G green``, as ``str(view)`` prints it), the
name of a tile or stone from the title of the picture the game draws of it,
and the points from :meth:`~tilegames.Rules.score_move`. A move whose game
offers none of these is written in notation.

Every word is of the move itself (what it lays, where, turned how) or of its
score: nothing a seat's view hides from another seat once the move is made.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Sequence
from typing import Any, Final

import tilegames
from tilegames.render import laid_svg

__all__ = [
    "label",
    "move_words",
    "names",
    "option_label",
    "piece_name",
    "score_text",
    "track_names",
]

CELL_KINDS: Final = ("cell", "second_cell")
PIECE_KINDS: Final = ("tile", "stone")
# One letter, a space, one word, then a comma, semicolon, full stop, bracket or the end:
# the "R red, G green" pairs of a text board's legend.
_PAIR: Final = re.compile(r"(?<![\w.,'@:/])([A-Za-z]) ([a-z]+)(?=\s*[,;.)]|\s\(|\s*$)")
_TITLE: Final = re.compile(r"<title>([^<]*)</title>")
_NONE: Final = object()
_SCORELESS: Final = ("pass", "swap", "seat")


def names(board: str) -> dict[str, str]:
    r"""The letters a text board's legend names (``"R red, G green"``): letter to word.

    >>> names("a board\nLegend:\n  R red, G green; f flower (1Rf: a red flower)")
    {'R': 'red', 'G': 'green', 'f': 'flower'}
    """
    lines = board.splitlines()
    if "Legend:" not in lines:
        return {}
    legend = "\n".join(lines[lines.index("Legend:") + 1 :])
    found: dict[str, str] = {}
    for letter, word in _PAIR.findall(legend):
        found.setdefault(letter, word)
    return found


def track_names(board: str, count: int) -> list[str] | None:
    r"""The names of a score's ``count`` tracks: the board's score columns (``R G B``) in words.

    >>> track_names("   R  G  rack\nseat 0  1  2  6\nLegend:\n  R red, G green.", 2)
    ['red', 'green']
    >>> track_names("no columns here", 2) is None
    True
    """
    named = names(board)
    for line in board.splitlines():
        letters = line.split()[:count]
        if len(letters) == count and all(len(w) == 1 and w.isupper() for w in letters):
            return [named.get(letter, letter) for letter in letters]
    return None


def piece_name(title: str, named: dict[str, str]) -> str:
    """A piece's short name (a picture's title such as ``RG`` or ``OfOw``) in words.

    A capital starts a part (a hex, a half), lower-case letters add to it;
    a name with a letter the legend does not name stays as it is.

    >>> named = {"R": "red", "G": "green", "O": "orange", "f": "flower", "w": "water"}
    >>> piece_name("RG", named), piece_name("OfOw", named), piece_name("X2", named)
    ('red/green', 'orange flower/orange water', 'X2')
    """
    if not title or not all(letter in named for letter in title):
        return title
    parts: list[list[str]] = []
    for letter in title:
        if letter.isupper() or not parts:
            parts.append([])
        parts[-1].append(named[letter])
    return "/".join(" ".join(words) for words in parts)


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


def label(kind: str, option: Any) -> str:
    """An option of a part of a move, as the page's buttons and "picked" line show it."""
    if kind in CELL_KINDS and isinstance(option, tuple):
        return ",".join(map(str, option))
    if kind == "rotation" and isinstance(option, int):
        return f"turned {option * 90}\u00b0"
    if kind == "discard":
        return "discard nothing" if option is None else f"discard stone {option}"
    return "none" if option is None else str(option)


def option_label(kind: str, option: Any, drawn: str | None, board: str, points: int = 0) -> str:
    """An option as a person reads it: a tile or stone by its name, a colour by its word.

    ``drawn`` is the picture of the piece the option lays (its title names
    it), ``board`` the asking seat's text board, ``points`` the number of
    score tracks (the colours, in order).
    """
    found = _TITLE.search(drawn or "") if kind in PIECE_KINDS else None
    if found:
        name = piece_name(found.group(1), names(board))
        if name != found.group(1):
            return name
    colours = track_names(board, points) if kind == "colour" and points else None
    if colours and isinstance(option, int) and 0 <= option < len(colours):
        return colours[option]
    return label(kind, option)


def _phrase(kind: str, option: Any, piece: str, colours: Sequence[str] | None) -> str:
    """A part of a played move in words (``""`` for a part that says nothing)."""
    if kind in PIECE_KINDS:
        return "declined the bonus placement" if option == "decline" else piece
    if kind == "cell":
        return "at " + label(kind, option) if isinstance(option, tuple) else f"set {option}"
    if kind == "second_cell":
        return "and " + label(kind, option)
    if kind == "colour" and isinstance(option, int) and colours and 0 <= option < len(colours):
        return f"naming {colours[option]}"
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
    return label(kind, option)


def _path(
    rules: tilegames.Rules[Any, Any], state: Any, move: Any, seat: int | None
) -> list[tuple[str, Any]] | None:
    """The parts of ``move`` as the game's choices offer them, or ``None`` if not found."""
    if rules.choices is None:
        return None
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
    board = str(view)
    score = rules.score_move(state, move)
    colours = track_names(board, len(score)) if isinstance(score, tuple) else None
    movers = rules.to_move(state)
    path = _path(rules, state, move, seat if seat in movers and len(movers) > 1 else None)
    said = rules.format_move(move) if path is None else _said(view, board, move, path, colours)
    if path is not None and all(k in _SCORELESS or o == "decline" for k, o in path):
        return said  # a pass, a swap, a bonus declined: nothing laid, nothing scored
    if score == 0 and type(score) is int:
        return f"{said}, no points"
    points = score_text(score, colours)
    after = rules.apply(state, move) if after is None else after
    if rules.to_move(after) == movers and _running(rules, after) == _running(rules, state):
        return f"{said}, the turn so far {points}"  # the seat goes on, no score counted yet
    return f"{said}, {points}"


def _said(
    view: Any,
    board: str,
    move: Any,
    path: Sequence[tuple[str, Any]],
    colours: Sequence[str] | None,
) -> str:
    """The parts of a move in words, the piece it lays named."""
    drawn = laid_svg(view, move) if any(k in PIECE_KINDS for k, _ in path) else None
    found = _TITLE.search(drawn or "")
    title = found.group(1) if found else ""
    piece = piece_name(title, names(board))
    words = [_phrase(k, o, _piece(k, o, title, piece), colours) for k, o in path]
    return " ".join(word for word in words if word)


def _running(rules: tilegames.Rules[Any, Any], state: Any) -> Any:
    """The scores so far as the public view shows them: score tracks or totals."""
    view = rules.view(state, None)
    return getattr(view, "tracks", None), getattr(view, "totals", None)


def _piece(kind: str, option: Any, title: str, name: str) -> str:
    """The piece a move lays: its name in words, or the kind and its short name (``tile 3``)."""
    if not title:
        return f"{kind} {label(kind, option)}"
    return name if name != title else f"{kind} {title}"
