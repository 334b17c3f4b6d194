"""AXIO pictures: the hexagonal board with its six start symbols, placed hexes and the tracks."""

from __future__ import annotations

import math
from typing import Final

from tilegames import axio
from tilegames._core.svg import (
    SQRT3,
    Drawing,
    Point,
    cell_key,
    points,
    regular_polygon,
    track_bars,
)
from tilegames._core.svg import hex_centre as centre
from tilegames._core.svg import hex_outline as outline

__all__ = ["draw", "move_cells"]

RADIUS: Final = 19.0
"""A cell's radius (centre to corner) in user units."""
COLOURS: Final = ("#d7263d", "#2e9e44", "#1f6fd1", "#f28c28", "#e8c20c", "#7b3fa8")
"""Fill per colour, in :data:`tilegames.axio.COLOURS` order."""
_PANEL: Final = 250.0
_MARGIN: Final = 10.0


def move_cells(move: axio.Move) -> tuple[tuple[int, int], ...]:
    """The two cells of a placement, nothing for a swap choice."""
    return move.cells if isinstance(move, axio.Place) else ()


def _symbol(drawing: Drawing, colour: int, middle: Point, size: float) -> None:
    """Each colour's symbol in white: circle, star, hexagon, sun, triangle, diamond."""
    if colour == 0:
        drawing.add("circle", cx=middle[0], cy=middle[1], r=size * 0.75, fill="#fff")
    elif colour == 3:
        drawing.add("circle", cx=middle[0], cy=middle[1], r=size * 0.5, fill="#fff")
        for k in range(8):
            a = math.radians(45 * k)
            drawing.add(
                "line",
                x1=middle[0] + size * 0.65 * math.cos(a),
                y1=middle[1] + size * 0.65 * math.sin(a),
                x2=middle[0] + size * math.cos(a),
                y2=middle[1] + size * math.sin(a),
                stroke="#fff",
                stroke_width=1.5,
            )
    elif colour == 1:
        star = [
            (
                middle[0]
                + size * (1 if k % 2 == 0 else 0.45) * math.cos(math.radians(-90 + 36 * k)),
                middle[1]
                + size * (1 if k % 2 == 0 else 0.45) * math.sin(math.radians(-90 + 36 * k)),
            )
            for k in range(10)
        ]
        drawing.add("polygon", points=points(star), fill="#fff")
    else:
        sides, start = {2: (6, 0.0), 4: (3, -90.0), 5: (4, 0.0)}[colour]
        drawing.add(
            "polygon", points=points(regular_polygon(middle, size, sides, start)), fill="#fff"
        )


def _hex(drawing: Drawing, middle: Point, colour: int, radius: float) -> None:
    drawing.add(
        "polygon",
        points=outline(middle, radius),
        fill=COLOURS[colour],
        stroke="#fff",
        stroke_width=1.5,
    )
    _symbol(drawing, colour, middle, radius * 0.48)


def draw(
    position: axio.State | axio.View,
    *,
    last_move: object | None,
    targets: list[tuple[int, int]],
) -> str:
    """The playing area on the left; tracks, racks and the bag on the right."""
    area = axio.playing_area(position)
    span = max(max(abs(q), abs(r), abs(q + r)) for q, r in area)
    width = RADIUS * SQRT3 * (2 * span + 1) + 2 * _MARGIN
    height = RADIUS * (3 * span + 2) + 2 * _MARGIN
    origin = (width / 2, height / 2)
    seats = len(axio.scores(position))
    total_height = max(height, 90 + 76 * seats + 110)
    drawing = Drawing(width + _PANEL, total_height, title="AXIO")
    drawing.add("rect", x=0, y=0, width=width + _PANEL, height=total_height, fill="#f4efe4")
    starts = dict(axio.START_CELLS)
    for cell, colour in zip(area, position.cells, strict=True):
        middle = centre(cell, RADIUS, origin)
        if cell in starts:
            with drawing.group(class_="start", data_cell=cell_key(cell)):
                _hex(drawing, middle, starts[cell], RADIUS - 1)
                drawing.add(
                    "polygon",
                    points=outline(middle, RADIUS - 3),
                    fill="none",
                    stroke="#222",
                    stroke_width=2,
                )
        elif colour != axio.EMPTY:
            with drawing.group(class_="piece", data_cell=cell_key(cell)):
                _hex(drawing, middle, colour, RADIUS - 1)
        else:
            drawing.add(
                "polygon",
                points=outline(middle, RADIUS - 1),
                fill="#e2dac8",
                stroke="#cfc5b0",
                stroke_width=1,
            )
    if isinstance(last_move, axio.Place):
        for cell in last_move.cells:
            middle = centre(cell, RADIUS, origin)
            drawing.add(
                "polygon",
                class_="last-move",
                points=outline(middle, RADIUS - 2),
                fill="none",
                stroke="#111",
                stroke_width=3,
            )
    for cell in targets:
        middle = centre(cell, RADIUS, origin)
        drawing.add(
            "polygon",
            class_="target",
            data_cell=cell_key(cell),
            points=outline(middle, RADIUS - 3),
            fill="#ffd54f",
            fill_opacity=0.3,
            stroke="#c79a00",
            stroke_width=1.5,
            stroke_dasharray="4,3",
        )
    _panel(drawing, position, width)
    return drawing.text()


def _tile(drawing: Drawing, x: float, y: float, tile: axio.Tile) -> None:
    """A two-hex tile, lying flat."""
    size = 11.0
    for i, colour in enumerate(tile):
        _hex(drawing, (x + i * size * SQRT3, y), colour, size)


def _panel(drawing: Drawing, position: axio.State | axio.View, left: float) -> None:
    x, y = left + 8, 22.0
    if isinstance(position, axio.View):
        moving, sizes, bag = position.to_move, position.rack_sizes, position.bag_size
    else:
        moving = axio.to_move(position)
        sizes, bag = axio.rack_sizes(position), axio.bag_size(position)
    cap = axio.TEAM_CAP if position.mode != "standard" else axio.TRACK_CAP
    for seat, track in enumerate(axio.scores(position)):
        team = f" (team {'AB'[seat % 2]})" if position.mode == "team" else ""
        label = f"Seat {seat}{team}" + ("  \u25b6 to move" if seat in moving else "")
        drawing.add(
            "text", label, class_="seat", x=x, y=y, font_size=13, font_weight="bold", fill="#222"
        )
        drawing.add("text", f"rack {sizes[seat]}", x=x + 190, y=y + 54, font_size=11, fill="#555")
        with drawing.group(class_="score", data_seat=seat, data_score=",".join(map(str, track))):
            track_bars(drawing, x, y + 58, track, COLOURS, cap, width=16)
        y += 76
    drawing.add("text", f"bag: {bag} tiles", x=x, y=y, font_size=12, fill="#333")
    if not moving:
        y += 20
        drawing.add("text", "game over", x=x, y=y, font_size=13, font_weight="bold", fill="#b00")
    if position.bonuses:
        y += 20
        drawing.add(
            "text", f"bonus placements: {position.bonuses}", x=x, y=y, font_size=12, fill="#333"
        )
    if position.deciding:
        y += 20
        drawing.add("text", "swap the rack or keep it?", x=x, y=y, font_size=12, fill="#333")
    if isinstance(position, axio.View):
        y += 24
        drawing.add("text", f"seat {position.seat}'s rack:", x=x, y=y, font_size=12, fill="#333")
        for i, tile in enumerate(position.rack):
            _tile(drawing, x + 12 + (i % 3) * 70, y + 22 + (i // 3) * 28, tile)
