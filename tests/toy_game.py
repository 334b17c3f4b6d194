"""Noughts and crosses on the square grid: a tiny game for testing the checker.

The seed decides which seat moves first, so the game has chance to replay.
Rules (ids TOY-n, cited in errors): TOY-1 the board is 3x3; TOY-2 a move puts
the mover's mark on an empty cell; TOY-3 three in a row wins; TOY-4 a full
board without a line is a draw.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from tilegames import (
    ConfigurationError,
    GameOverError,
    GameRules,
    IllegalMoveError,
    NotationError,
    Outcome,
    Setup,
)
from tilegames._core import rng
from tilegames.geometry import square

GRID = square.grid(3, 3)
EMPTY = -1


def _lines() -> tuple[tuple[int, int, int], ...]:
    rows = [tuple(GRID.cell(x, y) for x in range(3)) for y in range(3)]
    columns = [tuple(GRID.cell(x, y) for y in range(3)) for x in range(3)]
    diagonals = [
        tuple(GRID.cell(i, i) for i in range(3)),
        tuple(GRID.cell(2 - i, i) for i in range(3)),
    ]
    return tuple((a, b, c) for a, b, c in rows + columns + diagonals)


LINES = _lines()


@attrs.frozen
class State:
    board: tuple[int, ...]
    """Per cell number, the seat whose mark is there, or -1."""
    turn: int
    """The seat to move."""
    seed: int
    """The generator state (unused after setup, kept to test that views hide it)."""


@attrs.frozen
class View:
    board: tuple[int, ...]
    turn: int


@attrs.frozen
class Move:
    cell: tuple[int, int]
    """The cell ``(x, y)`` to mark."""

    def __str__(self) -> str:
        return format_move(self)


def new_game(players: int = 2, *, seed: int | None = None) -> State:
    if players != 2:
        msg = f"noughts and crosses is for 2 players, not {players}"
        raise ConfigurationError(msg)
    first, carried = rng.randbelow(rng.normalize_seed(seed), 2)
    return State(board=(EMPTY,) * GRID.size, turn=first, seed=carried)


def players(state: State) -> int:
    return 2


def winner(state: State) -> int | None:
    for a, b, c in LINES:
        if state.board[a] != EMPTY and state.board[a] == state.board[b] == state.board[c]:
            return state.board[a]
    return None


def is_over(state: State) -> bool:
    return winner(state) is not None or EMPTY not in state.board


def to_move(state: State) -> tuple[int, ...]:
    return () if is_over(state) else (state.turn,)


def legal_moves(state: State) -> Sequence[Move]:
    if is_over(state):
        return ()
    return tuple(Move(GRID.xy(i)) for i, mark in enumerate(state.board) if mark == EMPTY)


def why_illegal(state: State, move: Move) -> str | None:
    if is_over(state):
        return "the game is over"
    x, y = move.cell
    if not (0 <= x < 3 and 0 <= y < 3):
        return f"cell {move.cell} is off the 3x3 board (TOY-1)"
    if state.board[GRID.cell(x, y)] != EMPTY:
        return f"cell {move.cell} is taken (TOY-2)"
    return None


def apply(state: State, move: Move) -> State:
    reason = why_illegal(state, move)
    if reason is not None:
        error = GameOverError if is_over(state) else IllegalMoveError
        raise error(format_move(move), reason, turn=f"seat {state.turn} to move")
    board = list(state.board)
    board[GRID.cell(*move.cell)] = state.turn
    return attrs.evolve(state, board=tuple(board), turn=1 - state.turn)


def score_move(state: State, move: Move) -> int:
    return int(winner(apply(state, move)) is not None)


def outcome(state: State) -> Outcome | None:
    if not is_over(state):
        return None
    won = winner(state)
    if won is None:
        return Outcome(scores=(0, 0), ranking=[{0, 1}], reason="draw (TOY-4)")
    scores = tuple(int(seat == won) for seat in range(2))
    return Outcome(scores=scores, ranking=[{won}, {1 - won}], reason="three in a row (TOY-3)")


def view(state: State, seat: int) -> View:
    return View(board=state.board, turn=state.turn)


def format_move(move: Move) -> str:
    return f"{move.cell[0]},{move.cell[1]}"


def parse_move(text: str, state: State) -> Move:
    try:
        x, y = (int(part) for part in text.split(","))
    except ValueError:
        msg = f"expected 'x,y', got {text!r}"
        raise NotationError(msg) from None
    return Move((x, y))


RULES: GameRules[State, Move] = GameRules(
    name="toy",
    title="Noughts and crosses",
    setups=(Setup(2),),
    new_game=new_game,
    players=players,
    to_move=to_move,
    legal_moves=legal_moves,
    apply=apply,
    why_illegal=why_illegal,
    score_move=score_move,
    is_over=is_over,
    outcome=outcome,
    view=view,
    parse_move=parse_move,
    format_move=format_move,
)
