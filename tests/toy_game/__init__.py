"""Noughts and crosses: a tiny game of one's own, written as a tilegames game package.

It serves the tests as a game that tilegames does not know (the conformance
checker, agents, JSON, pictures, simulate and the command line must work
with it once it is registered), and the "How to add a game" guide walks
through it. The seed decides which seat moves first, so the game has chance
to replay.

Rules (ids TOY-n, cited in errors): TOY-1 the board is 3x3; TOY-2 a move puts
the mover's mark on an empty cell; TOY-3 three in a row wins; TOY-4 a full
board without a line is a draw.
"""

from __future__ import annotations

from tilegames import GameRules, Setup
from toy_game._agents import determinize
from toy_game._draw import draw as draw
from toy_game._draw import move_cells as move_cells
from toy_game._model import EMPTY, GRID, LINES, Move, State, View
from toy_game._rules import (
    apply,
    format_move,
    is_over,
    legal_moves,
    new_game,
    outcome,
    parse_move,
    players,
    score_move,
    to_move,
    view,
    why_illegal,
    winner,
)

__all__ = [
    "EMPTY",
    "GRID",
    "LINES",
    "RULES",
    "Move",
    "State",
    "View",
    "apply",
    "determinize",
    "format_move",
    "is_over",
    "legal_moves",
    "new_game",
    "outcome",
    "parse_move",
    "players",
    "score_move",
    "to_move",
    "view",
    "why_illegal",
    "winner",
]

RULES: GameRules[State, Move] = GameRules.collect(
    globals(), "toy", "Noughts and crosses", (Setup(2),), move_types=(Move,)
)
