"""AXIO Rota pictures: square tiles whose coloured corners meet in circles."""

from __future__ import annotations

from typing import Final

from tilegames import axio_rota as rota
from tilegames._core.svg import Drawing, cell_key, number, track_bars

__all__ = ["draw", "move_cells"]

CELL: Final = 56.0
"""The side of a tile in user units."""
COLOURS: Final = ("#d7263d", "#2e9e44", "#1f6fd1", "#f28c28", "#7b3fa8")
"""Fill per colour, in :data:`tilegames.axio_rota.COLOURS` order."""
_RADIUS: Final = 0.4 * CELL  # a corner's quarter circle
_PANEL: Final = 230.0
_MARGIN: Final = 12.0


def move_cells(move: rota.Move) -> tuple[tuple[int, int], ...]:
    """The one cell a move places on."""
    return (move.cell,)


def _corner(
    drawing: Drawing, left: float, top: float, corner: int, colour: int | None, size: float
) -> None:
    """A quarter circle in corner ``corner`` (0 top left, clockwise) of a tile."""
    vx = left + (size if corner in (1, 2) else 0)
    vy = top + (size if corner in (2, 3) else 0)
    r = 0.4 * size
    # Start on the horizontal edge, sweep clockwise to the vertical edge (y points down).
    start = {0: (r, 0.0), 1: (0.0, r), 2: (-r, 0.0), 3: (0.0, -r)}[corner]
    end = {0: (0.0, r), 1: (-r, 0.0), 2: (0.0, -r), 3: (r, 0.0)}[corner]
    path = (
        f"M{number(vx)},{number(vy)} L{number(vx + start[0])},{number(vy + start[1])} "
        f"A{number(r)},{number(r)} 0 0 1 {number(vx + end[0])},{number(vy + end[1])} Z"
    )
    if colour is None:
        drawing.add(
            "path", d=path, fill="#fff", stroke="#aaa", stroke_width=1, stroke_dasharray="3,2"
        )
    else:
        drawing.add("path", d=path, fill=COLOURS[colour])


def _tile(drawing: Drawing, left: float, top: float, tile: rota.Tile, size: float) -> None:
    drawing.add(
        "rect",
        x=left,
        y=top,
        width=size,
        height=size,
        rx=3,
        fill="#f6f1e7",
        stroke="#6b6357",
        stroke_width=1,
    )
    for corner, colour in enumerate(tile):
        _corner(drawing, left, top, corner, colour, size)


def draw(
    position: rota.State | rota.View,
    *,
    last_move: object | None,
    targets: list[tuple[int, int]],
) -> str:
    """The display on the left, the seats' tracks, stacks and the supply on the right."""
    placed = rota.tiles_on_display(position)
    last = last_move.cell if isinstance(last_move, rota.Move) else None
    shown = [*placed, *targets, *([last] if last else [])]
    xs = [x for x, _ in shown]
    ys = [y for _, y in shown]
    low_x, low_y = min(xs), min(ys)
    board_w = (max(xs) - low_x + 1) * CELL + 2 * _MARGIN
    board_h = (max(ys) - low_y + 1) * CELL + 2 * _MARGIN
    seats = len(position.tracks)
    height = max(board_h, 120 + 78 * seats)
    drawing = Drawing(board_w + _PANEL, height, title="AXIO Rota")
    drawing.add("rect", x=0, y=0, width=board_w + _PANEL, height=height, fill="#fbf8f2")

    def corner_of(cell: tuple[int, int]) -> tuple[float, float]:
        return _MARGIN + (cell[0] - low_x) * CELL, _MARGIN + (cell[1] - low_y) * CELL

    for cell in sorted(placed, key=lambda c: c[::-1]):
        left, top = corner_of(cell)
        with drawing.group(class_="piece", data_cell=cell_key(cell)):
            _tile(drawing, left, top, placed[cell], CELL)
    if last is not None:
        left, top = corner_of(last)
        drawing.add(
            "rect",
            class_="last-move",
            x=left + 1.5,
            y=top + 1.5,
            width=CELL - 3,
            height=CELL - 3,
            fill="none",
            stroke="#111",
            stroke_width=3,
        )
    for cell in targets:
        left, top = corner_of(cell)
        drawing.add(
            "rect",
            class_="target",
            data_cell=cell_key(cell),
            x=left + 3,
            y=top + 3,
            width=CELL - 6,
            height=CELL - 6,
            rx=4,
            fill="#ffd54f",
            fill_opacity=0.35,
            stroke="#c79a00",
            stroke_dasharray="4,3",
        )
    _panel(drawing, position, board_w)
    return drawing.text()


def _panel(drawing: Drawing, position: rota.State | rota.View, left: float) -> None:
    if isinstance(position, rota.View):
        sizes, supply, moving = position.stack_sizes, position.supply_size, position.to_move
    else:
        sizes = rota.stack_sizes(position)
        supply, moving = rota.supply_size(position), rota.to_move(position)
    x = left + 10
    y = 24.0
    for seat, (track, size) in enumerate(zip(position.tracks, sizes, strict=True)):
        label = f"Seat {seat}" + ("  \u25b6 to move" if seat in moving else "")
        drawing.add(
            "text", label, class_="seat", x=x, y=y, font_size=13, font_weight="bold", fill="#222"
        )
        drawing.add("text", f"stack {size}", x=x + 118, y=y + 54, font_size=11, fill="#555")
        with drawing.group(class_="score", data_seat=seat, data_score=",".join(map(str, track))):
            track_bars(drawing, x, y + 58, track, COLOURS, rota.TRACK_CAP)
        y += 78
    drawing.add("text", f"supply: {supply} tiles", x=x, y=y, font_size=12, fill="#333")
    y += 10
    if not moving:
        drawing.add(
            "text", "game over", x=x, y=y + 16, font_size=13, font_weight="bold", fill="#b00"
        )
        y += 24
    if position.extra_tile is not None:
        drawing.add("text", "extra turn with", x=x, y=y + 16, font_size=12, fill="#333")
        _tile(drawing, x + 100, y + 2, position.extra_tile, 36)
        y += 44
    if isinstance(position, rota.View) and position.hand is not None:
        drawing.add(
            "text", f"seat {position.seat} holds", x=x, y=y + 16, font_size=12, fill="#333"
        )
        _tile(drawing, x + 100, y + 2, position.hand, 36)
