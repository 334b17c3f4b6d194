"""Helpers of the server tests: skipping without the extra, and the expected answers.

The expected snapshot of a seat is worked out here from the library alone
(the room's game replayed from its seed and the moves the test played), never
from the server's code.
"""

from __future__ import annotations

import importlib.util
import json
from collections.abc import Sequence
from typing import Any

import pytest

import tilegames
from tilegames.agents import moves_for
from tilegames.serialize import to_json

SERVER_MISSING = not (
    all(importlib.util.find_spec(name) for name in ("starlette", "uvicorn"))
    # Starlette's test client takes httpx2, or httpx where httpx2 is missing
    and any(importlib.util.find_spec(name) for name in ("httpx2", "httpx"))
)
needs_server = pytest.mark.skipif(
    SERVER_MISSING,
    reason='the server tests need the server extra: pip install "tilegames[server]" httpx2',
)


class _SomeWords:
    """Equal to any non-empty text: a history entry's words.

    The words themselves are checked by hand, and checked to hide nothing, in
    tests/test_server_page.py; the tests here check every other part of a
    snapshot exactly.
    """

    def __eq__(self, other: object) -> bool:
        return isinstance(other, str) and bool(other.strip())

    def __hash__(self) -> int:
        return 0

    def __repr__(self) -> str:
        return "<some words>"


WORDS: Any = _SomeWords()
"""Stands for a history entry's ``text`` in an expected snapshot."""


def replayed(game: str, players: int, seed: int, moves: Sequence[str], **options: Any) -> Any:
    """The state a room's game reaches: ``new_game`` with the seed, then the moves."""
    rules = tilegames.get(game)
    state = rules.new_game(players, seed=seed, **options)
    for text in moves:
        state = rules.apply(state, rules.parse_move(text, state))
    return state


def expected_view(game: str, state: Any, seat: int | None) -> dict[str, Any]:
    """The view document a seat (``None``: a spectator) must be sent."""
    result: dict[str, Any] = json.loads(to_json(tilegames.get(game).view(state, seat)))
    return result


def _plain(value: Any) -> Any:
    return [_plain(item) for item in value] if isinstance(value, tuple) else value


def expected_scores(game: str, state: Any) -> list[Any]:
    """The scores a snapshot shows: the outcome's, else the seat-independent running scores.

    AXIO and AXIO Rota: the score tracks; Polygon: the totals; Aztack: the
    stones each seat still holds (it has no score until the end).
    """
    rules = tilegames.get(game)
    outcome = rules.outcome(state)
    if outcome is not None:
        return [_plain(score) for score in outcome.scores]
    view = rules.view(state, None)
    if game in ("axio", "axio-rota"):
        return [_plain(track) for track in view.tracks]
    if game == "polygon":
        return list(view.totals)
    return [len(supply) for supply in view.supplies]


def expected_snapshot(
    room: str,
    game: str,
    state: Any,
    seat: int | None,
    history: Sequence[tuple[int, str]],
    seats: list[dict[str, Any]],
) -> dict[str, Any]:
    """The whole snapshot a seat (``None``: a spectator) must get, field by field.

    Every field is a function of ``view(state, seat)`` and of what the whole
    table saw (the moves played, the seats' names): nothing else can leak.
    """
    rules = tilegames.get(game)
    outcome = rules.outcome(state)
    legal = [] if seat is None else [rules.format_move(m) for m in moves_for(rules, state, seat)]
    return {
        "room": room,
        "game": game,
        "turn": len(history),
        "to_move": list(rules.to_move(state)),
        "view": expected_view(game, state, seat),
        "legal": legal,
        "scores": expected_scores(game, state),
        "over": outcome is not None,
        "outcome": None if outcome is None else json.loads(to_json(outcome)),
        "seats": seats,
        "history": [{"seat": mover, "move": text, "text": WORDS} for mover, text in history],
    }
