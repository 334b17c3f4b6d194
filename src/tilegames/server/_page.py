"""What the player's page asks besides the API: the games, a move part by part, pictures.

The page knows no game's rules: it asks for the next part of a move to pick
(the game's :attr:`~tilegames.Rules.choices`), shows the options the server
answers (cells to click on the board, small pictures of tiles, stones and
rotations, words), and sends the move in notation once the player confirms
it. Pictures are drawn from the asking seat's view only.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any, Final

import attrs

import tilegames
from tilegames.agents import moves_for
from tilegames.render import cells_of, laid_svg, to_svg
from tilegames.server._rooms import Refused, Room
from tilegames.server._words import option_label, score_text, track_names

__all__ = ["choices", "games", "new_token", "picture", "score_text"]

TOKEN_BYTES: Final = 24
"""A seat token's random bytes: 192 bits, written in 32 URL-safe characters."""
_CELL_KINDS: Final = ("cell", "second_cell")
_PROMPTS: Final = {
    "tile": "Pick a tile.",
    "stone": "Pick a stone.",
    "cell": "Tap a highlighted cell.",
    "second_cell": "Tap a highlighted cell for the other half.",
    "rotation": "Pick how the tile is turned.",
    "colour": "Name a colour for the tile's empty corner.",
    "discard": "Bonus: you may discard one more stone (or none).",
    "swap": "Your rack shows none of your lowest colours: swap it or keep it.",
    "pass": "You cannot place a stone: pass.",
    "seat": "Pick the seat that moves.",
    "move": "Pick a move.",
    "done": "Check the move and confirm it.",
}


def new_token() -> str:
    """A fresh seat token (:data:`TOKEN_BYTES` random bytes, URL-safe)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def games() -> list[dict[str, Any]]:
    """Every registered game with its setups, for the page's form."""
    return [
        {
            "name": name,
            "title": tilegames.get(name).title,
            "setups": [
                {"players": setup.players, "options": dict(setup.options), "label": str(setup)}
                for setup in tilegames.get(name).setups
            ],
        }
        for name in tilegames.names()
    ]


@attrs.frozen
class _Flat:
    """A choice of whole moves, for a game that offers no ``choices``."""

    kind: str
    options: dict[str, tuple[Any, ...]]
    move: Any


def _choose(room: Room, seat: int, picked: Sequence[Any]) -> Any:
    rules, state = room.rules, room.state
    if rules.choices is not None:
        return rules.choices(state, tuple(picked), seat=seat)
    moves = list(moves_for(rules, state, seat))
    if not picked:
        return _Flat("move", {rules.format_move(m): (m,) for m in moves}, None)
    chosen = [m for m in moves if rules.format_move(m) == picked[0]]
    return _Flat("done", {}, chosen[0] if chosen else None)


def _numbers(text: str) -> list[int]:
    if not text:
        return []
    parts = text.split(",")
    if len(parts) > 8 or not all(p.isascii() and p.isdigit() and len(p) <= 5 for p in parts):
        raise Refused(400, f"picked must be option numbers such as 0,3, not {text[:40]!r}")
    return [int(part) for part in parts]


def choices(room: Room, seat: int, picked_text: str) -> dict[str, Any]:
    """The next part of the seat's move after the options picked (``"0,3"``), for the page.

    Raises:
        Refused: 409 when the seat may not move, 400 for an option not offered.
    """
    rules, state = room.rules, room.state
    if seat not in rules.to_move(state):
        raise Refused(409, f"seat {seat} is not to move")
    view = rules.view(state, seat)
    chosen: list[Any] = []
    labels: list[str] = []
    choice = _choose(room, seat, chosen)
    for number in _numbers(picked_text):
        options = list(choice.options)
        if not 0 <= number < len(options):
            raise Refused(400, f"option {number} is not offered ({len(options)} options)")
        chosen.append(options[number])
        moves = choice.options[options[number]]
        labels.append(option_label(rules, view, choice.kind, options[number], moves[0]))
        choice = _choose(room, seat, chosen)
    kind = choice.kind
    answer: dict[str, Any] = {
        "kind": kind,
        "prompt": _PROMPTS.get(kind, f"Pick the {kind}."),
        "picked": labels,
        "options": [],
        "move": None,
    }
    cells = []
    for index, (option, moves) in enumerate(choice.options.items()):
        is_cell = kind in _CELL_KINDS and isinstance(option, tuple)
        if is_cell:
            cells.append(option)
        drawn = (
            laid_svg(view, moves[0]) if kind in ("tile", "stone", "rotation", "colour") else None
        )
        answer["options"].append(
            {
                "index": index,
                "label": option_label(rules, view, kind, option, moves[0]),
                "cell": ",".join(map(str, option)) if is_cell else None,
                "svg": drawn,
                "score": _scored(rules, rules.score_move(state, moves[0]))
                if len(moves) == 1
                else None,
                "count": len(moves),
            }
        )
    recent = _recent(room)
    move = choice.move if kind == "done" or not choice.options else None
    if move is not None:
        answer["move"] = {
            "notation": rules.format_move(move),
            "score": _scored(rules, rules.score_move(state, move)),
        }
        answer["svg"] = to_svg(view, move=move, recent=recent)
    else:
        answer["svg"] = to_svg(view, targets=cells, recent=recent)
    return answer


def _scored(rules: tilegames.Rules[Any, Any], score: Any) -> str:
    """A score in words, its tracks named as the game declares them (``RULES.words``)."""
    tracks = track_names(rules, len(score)) if isinstance(score, tuple) else None
    return score_text(score, tracks)


def _recent(room: Room) -> list[Any]:
    """The last round of moves (one per seat), for the picture to mark."""
    return room.played[-room.players :]


def _cell(key: str) -> tuple[int, int]:
    """The cell of a key ``"X,Y"`` (:func:`tilegames.render.cell_key`)."""
    x, y = key.split(",")
    return int(x), int(y)


def picture(room: Room, seat: int | None) -> str:
    """The board as the seat (``None``: a spectator) sees it, the last round marked.

    The seat to move sees the cells its legal moves place on highlighted.
    """
    rules, state = room.rules, room.state
    view = rules.view(state, seat)
    targets = (
        set() if seat is None else {c for m in moves_for(rules, state, seat) for c in cells_of(m)}
    )
    cells = [_cell(key) for key in sorted(targets)]
    return to_svg(view, targets=cells, recent=_recent(room))
