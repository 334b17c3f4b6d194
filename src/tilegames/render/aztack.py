"""Aztack pictures: the pyramid seen from above, each cell's top half with its height."""

from __future__ import annotations

from typing import Final

from tilegames import aztack
from tilegames._core.svg import Drawing, cell_key

__all__ = ["draw", "move_cells"]

CELL: Final = 58.0
"""The side of a half-cell in user units."""
COLOURS: Final = ("#3a9d4a", "#f08a24", "#8d8d8d", "#2a6fce", "#d33434")
"""Fill per colour, in :data:`tilegames.aztack.COLOURS` order."""
GLYPHS: Final = ("\u273f", "\u2248", "\u03a8", "\u25b2")
"""A character per glyph: flower, water, deer (antlers), flint."""
_PANEL: Final = 330.0
_MARGIN: Final = 16.0
_LIFT: Final = 4.0  # each level of the pyramid is drawn this much higher and to the left


def move_cells(move: aztack.Move) -> tuple[tuple[int, int], ...]:
    """The two cells a placement covers, nothing for a pass."""
    return (move.first, move.second) if isinstance(move, aztack.Place) else ()


def _half(drawing: Drawing, x: float, y: float, size: float, half: tuple[int, int]) -> None:
    colour, glyph = half
    drawing.add("rect", x=x, y=y, width=size, height=size, fill=COLOURS[colour])
    drawing.add(
        "text",
        GLYPHS[glyph],
        x=x + size / 2,
        y=y + size * 0.66,
        font_size=size * 0.5,
        text_anchor="middle",
        fill="#fff",
    )


def draw(
    position: aztack.State | aztack.View,
    *,
    last_move: object | None,
    targets: list[tuple[int, int]],
) -> str:
    """The pyramid on the left; whose turn it is and every seat's stones on the right."""
    heights = aztack.heights(position)
    tops = aztack.tops(position)
    top_level = max(heights.values())
    lift = _LIFT * top_level
    width = aztack.WIDTH * CELL + 2 * _MARGIN + lift
    board_h = aztack.DEPTH * CELL + 2 * _MARGIN + lift
    seats = len(position.supplies)
    height = max(board_h + 30, 60 + 96 * seats)
    drawing = Drawing(width + _PANEL, height, title="Aztack")
    drawing.add("rect", x=0, y=0, width=width + _PANEL, height=height, fill="#efe8dc")

    def corner(cell: tuple[int, int]) -> tuple[float, float]:
        level = _LIFT * (heights[cell] - 1)
        return (
            _MARGIN + lift + cell[0] * CELL - level,
            _MARGIN + lift + cell[1] * CELL - level,
        )

    # Lower levels first, so that higher stones are drawn over them.
    by_stone: dict[int, list[tuple[int, int]]] = {}
    for cell in sorted(tops, key=lambda c: (heights[c], c[1], c[0])):
        by_stone.setdefault(tops[cell][0], []).append(cell)
    for stone, cells in sorted(by_stone.items(), key=lambda item: (heights[item[1][0]], item[0])):
        with drawing.group(class_="piece", data_stone=stone, data_height=heights[cells[0]]):
            for cell in cells:
                x, y = corner(cell)
                level = heights[cell]
                drawing.add(
                    "rect",
                    x=x + 3,
                    y=y + 3,
                    width=CELL,
                    height=CELL,
                    fill="#000",
                    fill_opacity=min(0.1 + 0.06 * level, 0.45),
                )
                _half(drawing, x, y, CELL, tops[cell][1:])
                drawing.add(
                    "text",
                    str(level),
                    class_="height",
                    x=x + 5,
                    y=y + 13,
                    font_size=11,
                    font_weight="bold",
                    fill="#fff",
                )
            xs = [corner(c)[0] for c in cells]
            ys = [corner(c)[1] for c in cells]
            drawing.add(
                "rect",
                x=min(xs),
                y=min(ys),
                width=max(xs) - min(xs) + CELL,
                height=max(ys) - min(ys) + CELL,
                rx=4,
                fill="none",
                stroke="#2b2118",
                stroke_width=2,
            )
    if isinstance(last_move, aztack.Place):
        for cell in (last_move.first, last_move.second):
            if cell in heights:
                x, y = corner(cell)
                drawing.add(
                    "rect",
                    class_="last-move",
                    x=x + 2,
                    y=y + 2,
                    width=CELL - 4,
                    height=CELL - 4,
                    fill="none",
                    stroke="#fff",
                    stroke_width=3,
                    stroke_dasharray="6,3",
                )
    for cell in targets:
        if cell in heights:
            x, y = corner(cell)
            drawing.add(
                "rect",
                class_="target",
                data_cell=cell_key(cell),
                x=x + 6,
                y=y + 6,
                width=CELL - 12,
                height=CELL - 12,
                rx=6,
                fill="#ffd54f",
                fill_opacity=0.5,
                stroke="#fff6c8",
                stroke_width=2,
                stroke_dasharray="4,3",
            )
    _panel(drawing, position, width)
    return drawing.text()


def _panel(drawing: Drawing, position: aztack.State | aztack.View, left: float) -> None:
    x, y = left + 8, 24.0
    moving = position.to_move if isinstance(position, aztack.View) else aztack.to_move(position)
    if not moving:
        drawing.add("text", "game over", x=x, y=y, font_size=14, font_weight="bold", fill="#b00")
    elif position.turn is None:
        drawing.add(
            "text", "speed stack: anyone who can place", x=x, y=y, font_size=13, fill="#222"
        )
    else:
        drawing.add(
            "text",
            f"seat {position.turn} to move",
            x=x,
            y=y,
            font_size=14,
            font_weight="bold",
            fill="#222",
        )
    y += 26
    for seat in range(len(position.supplies)):
        stones = aztack.supply(position, seat)
        marker = "  \u25b6" if seat in moving else ""
        drawing.add(
            "text",
            f"Seat {seat}: {len(stones)} stones{marker}",
            class_="score",
            data_seat=seat,
            data_score=len(stones),
            x=x,
            y=y,
            font_size=13,
            font_weight="bold",
            fill="#222",
        )
        for i, stone in enumerate(stones):
            sx = x + (i % 6) * 52
            sy = y + 8 + (i // 6) * 30
            for k, half in enumerate(stone.halves):
                _half(drawing, sx + k * 22, sy, 22, half)
            drawing.add(
                "rect",
                x=sx,
                y=sy,
                width=44,
                height=22,
                rx=2,
                fill="none",
                stroke="#2b2118",
                stroke_width=1,
            )
        y += 8 + 30 * ((len(stones) + 5) // 6) + 26
