"""AXIO Rota's pictures: the SVG drawing (square tiles whose corners meet in circles) and text."""

from __future__ import annotations

from typing import Final

import attrs

from tilegames._core import checks
from tilegames._core.chance import CHANCE
from tilegames._core.notation import with_legend
from tilegames._core.rules import Pictures
from tilegames._core.svg import Drawing, cell_key, inset, number, track_bars
from tilegames._core.words import Words
from tilegames.axio_rota._model import (
    COLOUR_LETTERS,
    COLOURS,
    LETTER,
    TITLE,
    TRACK_CAP,
    Colour,
    Place,
    State,
    Tile,
    View,
    tile_problem,
)
from tilegames.axio_rota._notation import format_tile
from tilegames.axio_rota._rules import to_move
from tilegames.geometry import square
from tilegames.geometry.square import Cell, Corner

CELL: Final = 56.0
"""The side of a tile in user units."""
FILLS: Final = ("#d7263d", "#2e9e44", "#1f6fd1", "#f28c28", "#7b3fa8")
"""Fill per colour, in :data:`~tilegames.axio_rota.COLOURS` order."""
_HAND_TILE: Final = 36.0  # the side of the extra-turn and hand tiles in the panel
_PANEL: Final = 230.0
_MARGIN: Final = 12.0
_SEAT_HEIGHT: Final = 78

# Per corner (0 top left, clockwise): where its quarter circle starts on the
# horizontal edge and ends on the vertical edge, in radii (y points down).
_ARC_START: Final = ((1, 0), (0, 1), (-1, 0), (0, -1))
_ARC_END: Final = ((0, 1), (-1, 0), (0, -1), (1, 0))


def move_cells(move: Place) -> tuple[Cell, ...]:
    """The one cell a move places on."""
    return (move.cell,)


def _public(position: State | View) -> tuple[tuple[int, ...], int, tuple[int, ...]]:
    """The stack sizes, the supply size and the seats to move, from a state or a view."""
    if isinstance(position, View):
        return position.stack_sizes, position.supply_size, position.to_move
    return tuple(map(len, position.stacks)), len(position.supply), to_move(position)


def _corner(
    drawing: Drawing, left: float, top: float, corner: Corner, colour: Colour | None, size: float
) -> None:
    """A quarter circle in corner ``corner`` (0 top left, clockwise) of a tile."""
    vx = left + (size if corner in (1, 2) else 0)
    vy = top + (size if corner in (2, 3) else 0)
    r = 0.4 * size
    (sx, sy), (ex, ey) = _ARC_START[corner], _ARC_END[corner]
    path = (
        f"M{number(vx)},{number(vy)} L{number(vx + sx * r)},{number(vy + sy * r)} "
        f"A{number(r)},{number(r)} 0 0 1 {number(vx + ex * r)},{number(vy + ey * r)} Z"
    )
    if colour is None:
        drawing.add(
            "path", d=path, fill="#fff", stroke="#aaa", stroke_width=1, stroke_dasharray="3,2"
        )
    else:
        drawing.add("path", d=path, fill=FILLS[colour])


def _tile(drawing: Drawing, left: float, top: float, tile: Tile, size: float) -> None:
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


def draw(position: State | View, *, last_move: object | None, targets: list[Cell]) -> str:
    """The display on the left, the seats' tracks, stacks and the supply on the right.

    Arguments, result and errors as :meth:`tilegames.Rules.draw`.
    """
    if type(position) is not State and type(position) is not View:
        checks.wrong_type("axio_rota.draw", f"an {TITLE} State or View", position)
    placed = dict(position.display)
    last = last_move.cell if type(last_move) is Place else None
    shown = [*placed, *targets, *([last] if last else [])] or [(0, 0)]  # before the start square
    xs = [x for x, _ in shown]
    ys = [y for _, y in shown]
    low_x, low_y = min(xs), min(ys)
    board_w = (max(xs) - low_x + 1) * CELL + 2 * _MARGIN
    board_h = (max(ys) - low_y + 1) * CELL + 2 * _MARGIN
    height = max(board_h, 120 + _SEAT_HEIGHT * len(position.tracks))
    drawing = Drawing(board_w + _PANEL, height, title=TITLE)
    drawing.add("rect", x=0, y=0, width=board_w + _PANEL, height=height, fill="#fbf8f2")

    def corner_of(cell: Cell) -> tuple[float, float]:
        return _MARGIN + (cell[0] - low_x) * CELL, _MARGIN + (cell[1] - low_y) * CELL

    for cell in sorted(placed, key=lambda c: c[::-1]):
        left, top = corner_of(cell)
        with drawing.group(class_="piece", data_cell=cell_key(cell)):
            _tile(drawing, left, top, placed[cell], CELL)
    if last is not None:
        drawing.mark_last_move("rect", **inset(corner_of(last), CELL, 1.5))
    for cell in targets:
        drawing.mark_target("rect", cell, **inset(corner_of(cell), CELL, 3), rx=4)
    _panel(drawing, position, board_w)
    return drawing.text()


def _panel(drawing: Drawing, position: State | View, left: float) -> None:
    sizes, supply, moving = _public(position)
    x = left + 10
    y = 24.0
    for seat, (track, size) in enumerate(zip(position.tracks, sizes, strict=True)):
        label = f"Seat {seat}" + ("  \u25b6 to move" if seat in moving else "")
        drawing.heading(label, x, y, size=13, class_="seat")
        drawing.note(f"stack {size}", x + 118, y + 54, size=11, fill="#555")
        track_bars(drawing, x, y + 58, seat, track, FILLS, TRACK_CAP)
        y += _SEAT_HEIGHT
    drawing.note(f"supply: {supply} tiles", x, y)
    y += 10
    if not moving:
        drawing.heading("game over", x, y + 16, size=13, fill="#b00")
        y += 24
    if position.extra_tile is not None:
        drawing.note("extra turn with", x, y + 16)
        _tile(drawing, x + 100, y + 2, position.extra_tile, _HAND_TILE)
        y += 44
    if isinstance(position, View) and position.hand is not None:
        drawing.note(f"seat {position.seat} holds", x, y + 16)
        _tile(drawing, x + 100, y + 2, position.hand, _HAND_TILE)


def render_text(position: State | View) -> str:
    """Draw the display as a grid of tiles, then the scores and whose turn it is.

    Each tile shows its four corner letters (``.`` for empty) in a 2x2 block:
    top left and top right on the first line, bottom left and bottom right on
    the second. Column numbers are ``x``, row numbers ``y``. A view also shows
    its seat's hand. A solo game shows its score, the lowest track (ROTA-20);
    a chance step of an explicit-chance game says what chance decides. The
    ``Legend:`` at the end explains the letters and the move notation.

    A game of 16 tiles ``GG.B``: the start square has their empty corners
    turned to the centre (ROTA-7).

    >>> from tilegames.axio_rota import new_game
    >>> state = new_game(seed=0, tiles=["GG.B"] * 16, players=1)
    >>> print(render_text(state))
         -1  0
        +--+--+
     -1 |GG|BG|
        |B.|.G|
        +--+--+
      0 |G.|.B|
        |GB|GG|
        +--+--+
             R  G  B  O  P  stack
    seat 0   0  0  0  0  0     11  to move
    supply: 0 tiles
    solo score: 0 (the lowest track, ROTA-20)
    Legend:
      a tile is 2x2 corner letters: top left, top right / bottom left, bottom right
      R red, G green, B blue, O orange, P purple, . the empty corner
      a move x,y:tC lays the tile on column x, row y, turned t quarter turns
      clockwise; C (when asked) is the colour named for its empty corner

    Raises:
        WrongTypeError: if ``position`` is not an AXIO Rota state or view.
    """
    if type(position) is not State and type(position) is not View:
        checks.wrong_type("axio_rota.render_text", f"an {TITLE} State or View", position)
    lines = [*_text_display(dict(position.display)), *_text_status(position)]
    return with_legend(lines, WORDS.legend)


_LEGEND: Final = """\
a tile is 2x2 corner letters: top left, top right / bottom left, bottom right
R red, G green, B blue, O orange, P purple, . the empty corner
a move x,y:tC lays the tile on column x, row y, turned t quarter turns
clockwise; C (when asked) is the colour named for its empty corner
"""


def _text_display(placed: dict[Cell, Tile]) -> list[str]:
    """The display as rows of 2x2 letter blocks, with the column and row numbers."""
    if not placed:  # before chance has laid the start square (explicit chance)
        return ["(no tile on the display yet)"]
    columns = range(min(x for x, _ in placed), max(x for x, _ in placed) + 1)
    rows = range(min(y for _, y in placed), max(y for _, y in placed) + 1)
    border = "    " + "+--" * len(columns) + "+"
    lines = ["    " + "".join(f"{x:>3}" for x in columns), border]
    for y in rows:
        tiles = [placed.get((x, y)) for x in columns]
        top = ["  " if t is None else LETTER[t[0]] + LETTER[t[1]] for t in tiles]
        bottom = ["  " if t is None else LETTER[t[3]] + LETTER[t[2]] for t in tiles]
        lines += [f"{y:>3} |" + "|".join(top) + "|", "    |" + "|".join(bottom) + "|", border]
    return lines


def solo_words(score: int) -> str:
    """A solo score in words: the lowest track's points (ROTA-20)."""
    return f"{score} (the lowest track, ROTA-20)"


def _text_status(position: State | View) -> list[str]:
    """The tracks and stacks per seat, the supply, an extra turn, the end, a view's hand."""
    sizes, supply, moving = _public(position)
    lines = ["         " + "  ".join(COLOUR_LETTERS) + "  stack"]
    for seat, (track, size) in enumerate(zip(position.tracks, sizes, strict=True)):
        row = f"seat {seat} " + "".join(f"{value:>3}" for value in track) + f"{size:>7}"
        lines.append(row + ("  to move" if seat in moving else ""))
    lines.append(f"supply: {supply} tiles")
    if len(position.tracks) == 1:
        lines.append(f"solo score: {solo_words(min(position.tracks[0]))}")
    if position.extra_tile is not None:
        more = f"; {position.extra_turns} more owed" if position.extra_turns else ""
        lines.append(f"extra turn with {format_tile(position.extra_tile)} from the supply{more}")
    if moving == (CHANCE,):
        lines.append("Chance: the next tile drawn (enter the tile chance gives)")
    if not moving:
        lines.append("game over")
    if isinstance(position, View) and position.seat is not None:
        held = "nothing" if position.hand is None else format_tile(position.hand)
        lines.append(f"seat {position.seat} holds {held}")
    return lines


# ---------------------------------------------------------------------------
# Pictures for choosing a move (issue 18): one tile, a move laid, what it scores
# ---------------------------------------------------------------------------


def draw_piece(
    piece: Tile, *, rotation: int = 0, size: float = 48.0, named: Colour | None = None
) -> str:
    """One tile turned ``rotation`` quarter turns clockwise, as SVG (for rack and previews).

    ``named`` fills the empty corner with the colour named for it (ROTA-12).

    >>> draw_piece((0, 1, 2, None), rotation=1).count("<path")
    4
    """
    problem = tile_problem(piece)
    if problem:
        checks.wrong_type("axio_rota.draw_piece", f"an {TITLE} tile ({problem})", piece)
    if type(rotation) is not int or not 0 <= rotation <= 3:
        checks.wrong_type("axio_rota.draw_piece", "a rotation 0..3", rotation)
    corners = square.rotate(piece, rotation)
    if named is not None:
        corners = tuple(named if c is None else c for c in corners)  # type: ignore[assignment]
    drawing = Drawing(size + 4, size + 4, title=f"{format_tile(piece)} turned {rotation}")
    _tile(drawing, 2, 2, corners, size)
    return drawing.text()


def _to_lay(position: State | View) -> Tile | None:
    """The tile the seat to move lays: the extra turn's tile, else its hand tile."""
    if position.extra_tile is not None:
        return position.extra_tile
    return position.hand if isinstance(position, View) else position.hands[position.seat]


def placed_view(position: View, move: Place) -> View:
    """The view with the move's tile laid on the display and nothing else changed."""
    tile = _to_lay(position)
    if type(move) is not Place or tile is None:
        return position
    corners = square.rotate(tile, move.rotation)
    return attrs.evolve(position, display=position.display | {(move.cell, corners)})


def scored_marks(position: State | View, move: Place) -> tuple[str, ...]:
    """The pieces a move scores with (ROTA-12): the tiles whose corners match at its circles.

    Returned as ``data-cell`` attributes of the pieces, the move's own cell included.
    """
    tile = _to_lay(position) if type(move) is Place else None
    if tile is None:
        return ()
    placed = dict(position.display)
    corners = square.rotate(tile, move.rotation)
    found: set[Cell] = set()
    for vertex, colour in zip(square.cell_corners(move.cell), corners, strict=True):
        wanted = move.named if colour is None else colour
        for other, corner in square.vertex_cells(vertex):
            if other != move.cell and other in placed and placed[other][corner] == wanted:
                found.update((other, move.cell))
    return tuple(f'data-cell="{cell_key(cell)}"' for cell in sorted(found, key=lambda c: c[::-1]))


def laid_piece(position: State | View, move: Place, *, size: float = 48.0) -> str | None:
    """The tile a move lays, turned as it lies and its empty corner in the named colour."""
    tile = _to_lay(position) if type(move) is Place else None
    if tile is None:
        return None
    return draw_piece(tile, rotation=move.rotation, size=size, named=move.named)


def piece_name(position: State | View, move: Place) -> str:
    """The tile a move lays, its corners as its picture's title starts (``".PGR"``), or ``""``."""
    tile = _to_lay(position) if type(move) is Place else None
    return "" if tile is None else format_tile(tile)


WORDS: Final = Words(
    letters=tuple(zip(COLOUR_LETTERS, COLOURS, strict=True)),
    colours=COLOURS,
    tracks=COLOURS,
    pieces=(),
    cells=("cell",),
    legend=_LEGEND,
    piece=piece_name,
    solo=solo_words,
)
"""The game's words (``RULES.words``): its colours, tracks, cells, legend and solo score."""


pictures = Pictures(
    piece=draw_piece,
    placed=placed_view,
    scored=scored_marks,
    laid=laid_piece,
)
"""Pieces, previews and highlights for :mod:`tilegames.render` (``RULES.pictures``)."""
