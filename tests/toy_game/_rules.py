"""The rules of noughts and crosses (TOY-1 .. TOY-4), as pure functions."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from tilegames import ConfigurationError, NotationError, Outcome
from tilegames._core.checks import check_seat, wrong_type
from tilegames._core.refusal import Refusal, explain, illegal_move
from tilegames.rng import normalize_seed, randbelow
from toy_game._model import EMPTY, GRID, LINES, Move, State, View


def new_game(players: int = 2, *, seed: int | None = None) -> State:
    if players != 2:
        msg = f"noughts and crosses is for 2 players, not {players}"
        raise ConfigurationError(msg)
    first, carried = randbelow(normalize_seed(seed), 2)
    return State(board=(EMPTY,) * GRID.size, turn=first, seed=carried)


def _checked(state: object, function: str) -> State:
    if type(state) is not State:
        wrong_type(f"toy_game.{function}", "a toy_game State", state)
    return state


def players(state: State) -> int:
    _checked(state, "players")
    return 2


def winner(state: State) -> int | None:
    for a, b, c in LINES:
        if state.board[a] != EMPTY and state.board[a] == state.board[b] == state.board[c]:
            return state.board[a]
    return None


def is_over(state: State) -> bool:
    _checked(state, "is_over")
    return winner(state) is not None or EMPTY not in state.board


def to_move(state: State) -> tuple[int, ...]:
    return () if is_over(state) else (state.turn,)


def legal_moves(state: State) -> Sequence[Move]:
    if is_over(state):
        return ()
    return tuple(Move(GRID.xy(i)) for i, mark in enumerate(state.board) if mark == EMPTY)


def _check_move(state: State, move: Move) -> None:
    """Raise the :class:`Refusal` of an illegal move."""
    if is_over(state):
        raise Refusal("the game is over", "TOY-3")
    x, y = move.cell
    if not (0 <= x < 3 and 0 <= y < 3):
        raise Refusal(f"cell {move.cell} is off the 3x3 board", "TOY-1")
    if state.board[GRID.cell(x, y)] != EMPTY:
        raise Refusal(f"cell {move.cell} is taken", "TOY-2")


def why_illegal(state: State, move: Move) -> str | None:
    _checked(state, "why_illegal")
    if type(move) is not Move:
        wrong_type("toy_game.why_illegal", "a toy_game Move", move, move=True)
    try:
        _check_move(state, move)
    except Refusal as refusal:
        return explain(refusal)
    return None


def apply(state: State, move: Move) -> State:
    _checked(state, "apply")
    if type(move) is not Move:
        wrong_type("toy_game.apply", "a toy_game Move", move, move=True)
    try:
        _check_move(state, move)
    except Refusal as refusal:
        over = is_over(state)
        raise illegal_move(
            format_move(move), refusal, turn=f"seat {state.turn} to move", over=over
        ) from None
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
        return Outcome(scores=(0, 0), ranking=[{0, 1}], reason="draw (TOY-4)", game="toy")
    scores = tuple(int(seat == won) for seat in range(2))
    return Outcome(
        scores=scores, ranking=[{won}, {1 - won}], reason="three in a row (TOY-3)", game="toy"
    )


def view(state: State, seat: int | None) -> View:
    if seat is not None:  # None: the public view, the same in a game that hides nothing
        check_seat(seat, players(state))
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
