"""Aztack's pictures: the plain text of ``str(state)`` and the SVG of :func:`draw`.

Both show the pyramid from above (each cell's height and top half) and every
seat's stones; the SVG is what :func:`tilegames.render.to_svg` draws for a
state or view, through :data:`RULES`.
"""

from __future__ import annotations

from typing import Final

from tilegames._core.checks import wrong_type
from tilegames._core.svg import Drawing, cell_key
from tilegames.aztack._model import (
    _A_POSITION,
    DEPTH,
    WIDTH,
    XY,
    Half,
    Move,
    Place,
    State,
    View,
    _half,
)
from tilegames.aztack._notation import format_half
from tilegames.aztack._rules import heights, supply, to_move, tops

# ---------------------------------------------------------------------------
# Plain-text picture
# ---------------------------------------------------------------------------


def render_text(position: State | View) -> str:
    """Draw the pyramid from above, then each seat's stones and who may move.

    Each cell shows its height and its top half (colour capital, glyph
    letter, :data:`COLOUR_LETTERS` and :data:`GLYPH_LETTERS`). Lines are drawn
    between cells whose top halves belong to different stones, so each
    visible stone shows as a box of one or two cells. Below, each seat's
    stones as ``id:halves``.

    >>> from tilegames.aztack import new_game
    >>> print(render_text(new_game(seed=4)))
         0    1    2    3    4    5
       +----+----+----+----+----+----+
     0 |1Yw |1Bt |1Gf |1Rd |1Ow |1Ot |
       +    +    +    +    +    +    +
     1 |1Yf |1Ow |1Yd |1Rt |1Yw |1Bw |
       +----+----+----+----+----+----+
     2 |1Gd |1Rw |1Rd |1Gt |1Of |1Ot |
       +    +    +    +    +    +    +
     3 |1Od |1Gd |1Gt |1Bf |1Rw |1Yt |
       +----+----+----+----+----+----+
    seat 0: 12 stones, to move
      0:GfOf 1:GfGw 6:YfBf 8:YfRd 17:GwYt 22:YwYd
      32:GdYf 39:BdRd 40:BdBt 51:YtBt 53:YtRw 54:BtRt
    seat 1: 12 stones
      4:OfOw 9:BfRf 10:BfBw 12:RfGw 13:RfRw 14:RfOt
      21:YwBw 26:BwGf 38:YdRf 49:OtOf 55:BtBf 57:RtGf
    """
    if type(position) is not State and type(position) is not View:
        wrong_type("aztack.render_text", _A_POSITION, position)
    grid = position.pyramid
    levels, top_ids, faces = grid.heights, grid.tops, position.faces
    lines = [("   " + "".join(f"  {x}  " for x in range(WIDTH))).rstrip()]

    def border(y: int) -> str:  # the line above row y
        parts = []
        for x in range(WIDTH):
            cell = y * WIDTH + x
            split = y in (0, DEPTH) or top_ids[cell] != top_ids[cell - WIDTH]
            parts.append("----" if split else "    ")
        return "   +" + "+".join(parts) + "+"

    for y in range(DEPTH):
        lines.append(border(y))
        row = []
        for x in range(WIDTH):
            cell = y * WIDTH + x
            if x:
                row.append("|" if top_ids[cell] != top_ids[cell - 1] else " ")
            row.append(f"{levels[cell]}{format_half(_half(faces[cell]))} ")
        lines.append(f"{y:>2} |" + "".join(row) + "|")
    lines.append(border(DEPTH))
    if isinstance(position, View):
        held = position.supplies
        moving, turn = position.to_move, position.turn
    else:
        held = tuple(supply(position, seat) for seat in range(len(position.supplies)))
        moving, turn = to_move(position), position.turn
    for seat, stones in enumerate(held):
        line = f"seat {seat}: {len(stones)} stone{'' if len(stones) == 1 else 's'}"
        if seat in moving:
            line += ", to move" if turn is not None else ", can place"
        lines.append(line)
        listed = [f"{stone.id}:{stone}" for stone in stones]
        lines.extend("  " + " ".join(listed[i : i + 6]) for i in range(0, len(listed), 6))
    if not moving:
        lines.append("game over")
    return "\n".join(lines)


# ---------------------------------------------------------------------------
# The SVG picture
# ---------------------------------------------------------------------------

CELL: Final = 58.0
"""The side of a half-cell in user units."""
COLOURS: Final = ("#3a9d4a", "#f08a24", "#8d8d8d", "#2a6fce", "#d33434")
"""Fill per colour, in :data:`tilegames.aztack.COLOURS` order."""
GLYPHS: Final = ("\u273f", "\u2248", "\u03a8", "\u25b2")
"""A character per glyph: flower, water, deer (antlers), flint."""
_PANEL: Final = 330.0
_MARGIN: Final = 16.0
_LIFT: Final = 4.0  # each level of the pyramid is drawn this much higher and to the left


def move_cells(move: Move) -> tuple[XY, ...]:
    """The two cells a placement covers, nothing for a pass."""
    return (move.first, move.second) if type(move) is Place else ()


def _draw_half(drawing: Drawing, x: float, y: float, size: float, half: Half) -> None:
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
    position: State | View,
    *,
    last_move: object | None,
    targets: list[XY],
) -> str:
    """The pyramid on the left; whose turn it is and every seat's stones on the right."""
    if type(position) is not State and type(position) is not View:
        wrong_type("aztack.draw", _A_POSITION, position)
    levels = heights(position)
    top = tops(position)
    top_level = max(levels.values())
    lift = _LIFT * top_level
    width = WIDTH * CELL + 2 * _MARGIN + lift
    board_h = DEPTH * CELL + 2 * _MARGIN + lift
    seats = len(position.supplies)
    height = max(board_h + 30, 60 + 96 * seats)
    drawing = Drawing(width + _PANEL, height, title="Aztack")
    drawing.add("rect", x=0, y=0, width=width + _PANEL, height=height, fill="#efe8dc")

    def corner(cell: tuple[int, int]) -> tuple[float, float]:
        level = _LIFT * (levels[cell] - 1)
        return (
            _MARGIN + lift + cell[0] * CELL - level,
            _MARGIN + lift + cell[1] * CELL - level,
        )

    # Lower levels first, so that higher stones are drawn over them.
    by_stone: dict[int, list[tuple[int, int]]] = {}
    for cell in sorted(top, key=lambda c: (levels[c], c[1], c[0])):
        by_stone.setdefault(top[cell][0], []).append(cell)
    for stone, cells in sorted(by_stone.items(), key=lambda item: (levels[item[1][0]], item[0])):
        with drawing.group(class_="piece", data_stone=stone, data_height=levels[cells[0]]):
            for cell in cells:
                x, y = corner(cell)
                level = levels[cell]
                drawing.add(
                    "rect",
                    x=x + 3,
                    y=y + 3,
                    width=CELL,
                    height=CELL,
                    fill="#000",
                    fill_opacity=min(0.1 + 0.06 * level, 0.45),
                )
                _draw_half(drawing, x, y, CELL, top[cell][1:])
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
    if isinstance(last_move, Place):
        for cell in (last_move.first, last_move.second):
            if cell in levels:
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
        if cell in levels:
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


def _panel(drawing: Drawing, position: State | View, left: float) -> None:
    x, y = left + 8, 24.0
    moving = position.to_move if isinstance(position, View) else to_move(position)
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
        stones = supply(position, seat)
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
                _draw_half(drawing, sx + k * 22, sy, 22, half)
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
