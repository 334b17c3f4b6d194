"""The picture of noughts and crosses: a 3x3 grid of marks, drawn with tilegames' SVG writer."""

from __future__ import annotations

from tilegames._core.svg import Drawing, cell_key
from toy_game._model import EMPTY, GRID, Move, State, View

SIZE = 40


def move_cells(move: Move) -> tuple[tuple[int, int], ...]:
    """The one cell a move marks."""
    return (move.cell,)


def draw(position: State | View, *, last_move: Move | None, targets: list[tuple[int, int]]) -> str:
    """The board: an ``x`` for seat 0, an ``o`` for seat 1, clickable targets outlined."""
    drawing = Drawing(3 * SIZE, 3 * SIZE, title="Noughts and crosses")
    for number, mark in enumerate(position.board):
        x, y = GRID.xy(number)
        left, top = x * SIZE, y * SIZE
        drawing.add("rect", x=left, y=top, width=SIZE, height=SIZE, fill="#fff", stroke="#333")
        if mark != EMPTY:
            drawing.add(
                "text",
                "xo"[mark],
                x=x * SIZE + SIZE / 2,
                y=y * SIZE + SIZE * 0.7,
                class_="piece",
                text_anchor="middle",
                font_size=SIZE * 0.6,
            )
    for x, y in targets:
        drawing.add(
            "rect",
            x=x * SIZE + 2,
            y=y * SIZE + 2,
            width=SIZE - 4,
            height=SIZE - 4,
            fill="none",
            stroke="#1f6fd1",
            class_="target",
            data_cell=cell_key((x, y)),
        )
    if last_move is not None:
        x, y = last_move.cell
        drawing.add(
            "rect", x=x * SIZE, y=y * SIZE, width=SIZE, height=SIZE, fill="none", stroke="#d7263d"
        )
    return drawing.text()
