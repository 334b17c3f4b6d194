"""Polygon pictures: hex tiles split into three rhombi, with their values and stack heights."""

from __future__ import annotations

import math
from typing import Final

from tilegames import polygon
from tilegames._core.svg import SQRT3, Drawing, Point, cell_key, points, regular_polygon
from tilegames._core.svg import hex_centre as centre
from tilegames._core.svg import hex_corners as corners
from tilegames._core.svg import hex_outline as outline
from tilegames.geometry import hexagon

__all__ = ["draw", "move_cells"]

RADIUS: Final = 27.0
"""A space's radius (centre to corner) in user units."""
SYMBOL_COLOURS: Final = ("#2f6fd6", "#d23a3a", "#e0a800")
"""Per symbol (blue circle, red diamond, gold star): its colour."""
_TINTS: Final = ("#c9dafa", "#f6cccc", "#f8e7a6")
_PANEL: Final = 220.0
_MARGIN: Final = 10.0


def move_cells(move: polygon.Move) -> tuple[tuple[int, int], ...]:
    """The space a move places on, or nothing for a tile set aside."""
    return () if move.space is None else (move.space,)


def _rhombus_angles(space: tuple[int, int]) -> list[tuple[int, float]]:
    """Per scoring corner of a space: its symbol and the angle of its hex corner.

    A space is the anchor ``(q, r)`` of the corner at its lower right (30
    degrees), the ``(q+1, r)`` of the one at its lower left (150 degrees) and
    the ``(q, r+1)`` of the one at its top (270 degrees) (POLY-5).
    """
    q, r = space
    angle = {(q, r): 30.0, (q - 1, r): 150.0, (q, r - 1): 270.0}
    return [(hexagon.corner_symbol(a), angle[a]) for a in hexagon.down_corners_of(space)]


def _symbol(drawing: Drawing, symbol: int, middle: Point, size: float) -> None:
    """The symbol's shape: a circle, a diamond or a star."""
    colour = SYMBOL_COLOURS[symbol]
    if symbol == polygon.CIRCLE:
        drawing.add("circle", cx=middle[0], cy=middle[1], r=size, fill=colour)
    elif symbol == polygon.DIAMOND:
        drawing.add(
            "polygon", points=points(regular_polygon(middle, size * 1.2, 4, -90)), fill=colour
        )
    else:
        star = []
        for k in range(10):
            reach = size * (1.3 if k % 2 == 0 else 0.55)
            angle = math.radians(-90 + 36 * k)
            star.append((middle[0] + reach * math.cos(angle), middle[1] + reach * math.sin(angle)))
        drawing.add("polygon", points=points(star), fill=colour)


def _tile(
    drawing: Drawing,
    space: tuple[int, int],
    middle: Point,
    radius: float,
    value: str,
    *,
    printed: bool = False,
    height: int = 1,
) -> None:
    """A tile: three rhombi in their symbols' tints, the value in the middle, the height."""
    ring = corners(middle, radius)  # ring[k] is at 30 + 60 k degrees
    for symbol, angle in _rhombus_angles(space):
        k = round((angle - 30) / 60)
        rhombus = [middle, ring[(k - 1) % 6], ring[k], ring[(k + 1) % 6]]
        drawing.add(
            "polygon", points=points(rhombus), fill=_TINTS[symbol], stroke="#fff", stroke_width=1
        )
        tip = ring[k]
        spot = (middle[0] + 0.62 * (tip[0] - middle[0]), middle[1] + 0.62 * (tip[1] - middle[1]))
        _symbol(drawing, symbol, spot, radius * 0.12)
    drawing.add(
        "polygon",
        points=points(ring),
        fill="none",
        stroke="#999" if printed else "#444",
        stroke_width=1.5,
        stroke_dasharray="4,3" if printed else None,
    )
    drawing.add(
        "circle",
        cx=middle[0],
        cy=middle[1],
        r=radius * 0.34,
        fill="#f1f1f1" if printed else "#fff",
        stroke="#444",
        stroke_width=0.8,
    )
    label = "W" if value == polygon.WILD else value
    drawing.add(
        "text",
        label,
        x=middle[0],
        y=middle[1] + radius * 0.13,
        font_size=radius * (0.36 if len(label) > 1 else 0.45),
        font_weight="bold",
        text_anchor="middle",
        fill="#888" if printed else "#111",
    )
    if height > 1:
        badge = (middle[0] + radius * 0.62, middle[1] - radius * 0.55)
        drawing.add(
            "circle", class_="height", cx=badge[0], cy=badge[1], r=radius * 0.24, fill="#333"
        )
        drawing.add(
            "text",
            str(height),
            x=badge[0],
            y=badge[1] + radius * 0.1,
            font_size=radius * 0.3,
            text_anchor="middle",
            fill="#fff",
        )


def draw(
    position: polygon.State | polygon.View,
    *,
    last_move: object | None,
    targets: list[tuple[int, int]],
) -> str:
    """The board on the left; the turn, the drawn tiles, the bag and the totals on the right."""
    span = polygon.RADIUS
    width = RADIUS * SQRT3 * (2 * span + 1) + 2 * _MARGIN
    height = RADIUS * (3 * span + 2) + 2 * _MARGIN
    origin = (width / 2, height / 2)
    drawing = Drawing(width + _PANEL, height, title="Polygon")
    drawing.add("rect", x=0, y=0, width=width + _PANEL, height=height, fill="#f7f4ec")
    board = polygon.stacks(position)
    depth = {space: int(space in polygon.PRINTED) for space in polygon.SPACES}
    for space in polygon.SPACES:
        middle = centre(space, RADIUS, origin)
        stack = board[space]
        if len(stack) > depth[space]:
            with drawing.group(class_="piece", data_cell=cell_key(space)):
                _tile(drawing, space, middle, RADIUS - 1, stack[-1], height=len(stack))
        elif stack:
            _tile(drawing, space, middle, RADIUS - 1, stack[-1], printed=True)
        else:
            drawing.add(
                "polygon",
                points=outline(middle, RADIUS - 1),
                fill="#e9e3d5",
                stroke="#c9c0ad",
                stroke_width=1,
            )
        if space == polygon.START:
            drawing.add(
                "polygon",
                points=outline(middle, RADIUS + 1),
                fill="none",
                stroke="#222",
                stroke_width=2.5,
            )
    placed_on = last_move.space if isinstance(last_move, polygon.Move) else None
    if placed_on is not None and placed_on in board:
        middle = centre(placed_on, RADIUS, origin)
        drawing.add(
            "polygon",
            class_="last-move",
            points=outline(middle, RADIUS - 2),
            fill="none",
            stroke="#111",
            stroke_width=3.5,
        )
    for space in targets:
        middle = centre(space, RADIUS, origin)
        drawing.add(
            "polygon",
            class_="target",
            data_cell=cell_key(space),
            points=outline(middle, RADIUS - 4),
            fill="#ffd54f",
            fill_opacity=0.45,
            stroke="#c79a00",
            stroke_width=1.5,
            stroke_dasharray="4,3",
        )
    _panel(drawing, position, width)
    return drawing.text()


def _panel(drawing: Drawing, position: polygon.State | polygon.View, left: float) -> None:
    x, y = left + 8, 26.0
    over = not position.drawn
    if over:
        drawing.add(
            "text",
            f"game over after turn {position.turn}",
            x=x,
            y=y,
            font_size=14,
            font_weight="bold",
            fill="#b00",
        )
    else:
        seat = position.to_move[0] if isinstance(position, polygon.View) else position.seat
        drawing.add(
            "text",
            f"Turn {position.turn}: seat {seat}",
            x=x,
            y=y,
            font_size=14,
            font_weight="bold",
            fill="#222",
        )
        y += 26
        drawing.add("text", "die:", x=x, y=y + 4, font_size=12, fill="#333")
        _symbol(drawing, position.symbol, (x + 44, y), 8)
        drawing.add(
            "text", polygon.SYMBOLS[position.symbol], x=x + 60, y=y + 4, font_size=12, fill="#333"
        )
        y += 22
        drawing.add("text", "drawn:", x=x, y=y + 4, font_size=12, fill="#333")
        for i, value in enumerate(position.drawn):
            _tile(drawing, polygon.START, (x + 70 + 50 * i, y + 14), 20, value)
        y += 40
    y += 14
    drawing.add(
        "text", f"bag: {polygon.bag_size(position)} tiles", x=x, y=y, font_size=12, fill="#333"
    )
    if position.aside:
        y += 18
        drawing.add(
            "text", f"set aside: {' '.join(position.aside)}", x=x, y=y, font_size=12, fill="#333"
        )
    y += 28
    for seat, total in enumerate(position.totals):
        marker = "  \u25b6" if not over and seat == _seat_to_move(position) else ""
        drawing.add(
            "text",
            f"Seat {seat}: {total}{marker}",
            class_="score",
            data_seat=seat,
            data_score=total,
            x=x,
            y=y,
            font_size=14,
            font_weight="bold",
            fill="#222",
        )
        y += 22


def _seat_to_move(position: polygon.State | polygon.View) -> int:
    if isinstance(position, polygon.View):
        return position.to_move[0] if position.to_move else -1
    return position.seat
