"""AXIO's pictures: the SVG board with its six start symbols, placed hexes and tracks, and text."""

from __future__ import annotations

import math
from typing import Final

import attrs

from tilegames._core.chance import CHANCE
from tilegames._core.checks import wrong_type
from tilegames._core.notation import with_legend
from tilegames._core.rules import Pictures
from tilegames._core.svg import (
    SQRT3,
    Drawing,
    Point,
    add_hex,
    cell_key,
    points,
    regular_polygon,
    star,
    track_bars,
)
from tilegames._core.svg import hex_centre as centre
from tilegames._core.svg import hex_outline as outline
from tilegames._core.words import Words
from tilegames.axio._model import (
    A_POSITION,
    COLOUR_LETTERS,
    EMPTY,
    FINAL,
    SOLO,
    START_CELLS,
    TEAM,
    TITLE,
    AnyMove,
    Place,
    State,
    Tile,
    View,
)
from tilegames.axio._model import COLOURS as COLOUR_WORDS
from tilegames.axio._notation import format_tile
from tilegames.axio._rules import board, playing_area, scores, solo_score, to_move
from tilegames.axio._tables import GEOMETRY
from tilegames.geometry import hexagon
from tilegames.geometry.hexagon import Hex

RADIUS: Final = 19.0
"""A cell's radius (centre to corner) in user units."""
COLOURS: Final = ("#d7263d", "#2e9e44", "#1f6fd1", "#f28c28", "#e8c20c", "#7b3fa8")
"""Fill per colour, in :data:`tilegames.axio.COLOURS` order."""
_PANEL: Final = 250.0
_MARGIN: Final = 10.0


def move_cells(move: AnyMove) -> tuple[Hex, ...]:
    """The two cells of a placement, nothing for a swap choice or a decline."""
    return move.cells if type(move) is Place else ()


def _counts(position: State | View) -> tuple[tuple[int, ...], int, tuple[int, ...]]:
    """The rack sizes, the bag size and the seats to move, from a state or a view."""
    if type(position) is View:
        return position.rack_sizes, position.bag_size, position.to_move
    state: State = position  # type: ignore[assignment]
    return tuple(map(len, state.racks)), len(state.bag), to_move(state)


# ---------------------------------------------------------------------------
# Plain text
# ---------------------------------------------------------------------------


def _board_lines(position: State | View) -> list[str]:
    """Offset rows of colour letters, ``.`` for empty, lower case for a start cell."""
    geometry = GEOMETRY[len(position.cells)]
    radius = geometry.radius
    starts = set(geometry.start)
    lines = ["  r"]
    number = 0
    for r in range(-radius, radius + 1):
        letters = []
        for _ in range(2 * radius + 1 - abs(r)):
            colour = position.cells[number]
            letter = "." if colour == EMPTY else COLOUR_LETTERS[colour]
            letters.append(letter.lower() if number in starts else letter)
            number += 1
        row = f"{r:>3} " + " " * abs(r) + " ".join(letters)
        first, last = max(-radius, -radius - r), min(radius, radius - r)
        lines.append(f"{row:<{4 * radius + 7}}q={first}..{last}")
    return lines


def render_text(position: State | View) -> str:
    """Draw the board as offset rows of colour letters, then the scores and whose turn it is.

    Each row ``r`` lists its cells from west to east, one letter per hex
    (``.`` for an empty cell, lower case for a printed start cell), shifted
    half a hex per row as the hexes lie. Row ``r`` is numbered on the left and
    its ``q`` range given on the right: its first cell has ``q = max(-R, -R -
    r)`` for the area's radius ``R``, and ``q`` grows by one per cell. A view
    also shows its seat's rack; a chance step of an explicit-chance game says
    what chance decides. The ``Legend:`` at the end explains the letters and
    the move notation.

    >>> from tilegames.axio import new_game
    >>> print(render_text(new_game(players=2, seed=0)))
      r
     -5      b . . . . g          q=0..5
     -4     . . . . . . .         q=-1..5
     -3    . . . . . . . .        q=-2..5
     -2   . . . . . . . . .       q=-3..5
     -1  . . . . . . . . . .      q=-4..5
      0 o . . . . . . . . . r     q=-5..5
      1  . . . . . . . . . .      q=-5..4
      2   . . . . . . . . .       q=-5..3
      3    . . . . . . . .        q=-5..2
      4     . . . . . . .         q=-5..1
      5      y . . . . p          q=-5..0
              R  G  B  O  Y  P  rack
    seat 0    0  0  0  0  0  0     6  to move
    seat 1    0  0  0  0  0  0     6
    bag: 108 tiles
    Legend:
      R red, G green, B blue, O orange, Y yellow, P purple, . empty;
      lower case: a printed start symbol. Row r on the left, q on the right:
      a row's first cell has the first q, the next q+1, and so on.
      A move Cq,r/Cq,r lays a tile's colour C on cell q,r and its other half
      on the neighbouring cell; swap, keep and decline are written as words.

    Raises:
        WrongTypeError: if ``position`` is not an AXIO State or View.
    """
    if type(position) is not State and type(position) is not View:
        wrong_type("axio.render_text", A_POSITION, position)
    lines = _board_lines(position)
    sizes, bag, moving = _counts(position)
    lines.append("          " + "  ".join(COLOUR_LETTERS) + "  rack")
    team = position.mode == TEAM
    for seat, (track, size) in enumerate(zip(scores(position), sizes, strict=True)):
        name = f"seat {seat}" + (f" {'AB'[seat % 2]}" if team else "  ")
        row = name + "".join(f"{value:>3}" for value in track) + f"{size:>6}"
        lines.append(row + ("  to move" if seat in moving else ""))
    lines.append(f"bag: {bag} tiles")
    lines.extend(_status_lines(position, moving))
    return with_legend(lines, WORDS.legend)


_LEGEND: Final = """\
R red, G green, B blue, O orange, Y yellow, P purple, . empty;
lower case: a printed start symbol. Row r on the left, q on the right:
a row's first cell has the first q, the next q+1, and so on.
A move Cq,r/Cq,r lays a tile's colour C on cell q,r and its other half
on the neighbouring cell; swap, keep and decline are written as words.
"""


def solo_words(score: int) -> str:
    """A solo score in words: six digits, two for each of the three lowest tracks (AXIO-21)."""
    return f"{score:06d} (the three lowest tracks, two digits each, AXIO-21)"


def _status_lines(position: State | View, moving: tuple[int, ...]) -> list[str]:
    """The lines under the scores: bonuses, the swap, revealed tiles, solo score, the end."""
    lines = []
    if position.bonuses:
        lines.append(f"bonus placement or decline ({position.bonuses} owed, AXIO-11)")
    if position.deciding and moving:
        lines.append(f"seat {moving[0]} chooses: swap or keep (AXIO-12)")
    if position.revealed:
        shown = " ".join(map(format_tile, position.revealed))
        lines.append(f"swapped and returned to the bag: {shown}")
    if position.mode == SOLO:
        lines.append(f"solo score: {solo_words(solo_score(position.tracks[0]))}")
    if moving == (CHANCE,):
        lines.append("Chance: the next tile drawn from the bag (enter the tile chance gives)")
    if not moving:
        lines.append("game over")
    if type(position) is View and position.seat is not None:
        held = " ".join(map(format_tile, position.rack)) or "nothing"
        lines.append(f"seat {position.seat} holds {held}")
    return lines


# ---------------------------------------------------------------------------
# SVG
# ---------------------------------------------------------------------------


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
        drawing.add("polygon", points=points(star(middle, size, size * 0.45)), fill="#fff")
    else:
        sides, start = {2: (6, 0.0), 4: (3, -90.0), 5: (4, 0.0)}[colour]
        drawing.add(
            "polygon", points=points(regular_polygon(middle, size, sides, start)), fill="#fff"
        )


def _hex(drawing: Drawing, middle: Point, colour: int, radius: float) -> None:
    add_hex(drawing, middle, radius, fill=COLOURS[colour], stroke="#fff", stroke_width=1.5)
    _symbol(drawing, colour, middle, radius * 0.48)


def _cell(drawing: Drawing, cell: Hex, colour: int, middle: Point, start: int | None) -> None:
    """One cell: a start cell with its symbol and ring, a placed hex, or an empty cell."""
    if start is not None:
        with drawing.group(class_="start", data_cell=cell_key(cell)):
            _hex(drawing, middle, start, RADIUS - 1)
            add_hex(drawing, middle, RADIUS - 3, fill="none", stroke="#222", stroke_width=2)
    elif colour != EMPTY:
        with drawing.group(class_="piece", data_cell=cell_key(cell)):
            _hex(drawing, middle, colour, RADIUS - 1)
    else:
        add_hex(drawing, middle, RADIUS - 1, fill="#e2dac8", stroke="#cfc5b0", stroke_width=1)


def draw(position: State | View, *, last_move: object | None, targets: list[Hex]) -> str:
    """The playing area on the left; tracks, racks and the bag on the right."""
    area = playing_area(position)
    span = max(map(hexagon.length, area))
    width = RADIUS * SQRT3 * (2 * span + 1) + 2 * _MARGIN
    height = RADIUS * (3 * span + 2) + 2 * _MARGIN
    origin = (width / 2, height / 2)
    seats = len(scores(position))
    total_height = max(height, 90 + 76 * seats + 110)
    drawing = Drawing(width + _PANEL, total_height, title=TITLE)
    drawing.add("rect", x=0, y=0, width=width + _PANEL, height=total_height, fill="#f4efe4")
    starts = dict(START_CELLS)
    for cell, colour in zip(area, position.cells, strict=True):
        _cell(drawing, cell, colour, centre(cell, RADIUS, origin), starts.get(cell))
    if type(last_move) is Place:
        for cell in last_move.cells:
            drawing.mark_last_move(
                "polygon", points=outline(centre(cell, RADIUS, origin), RADIUS - 2)
            )
    for cell in targets:
        drawing.mark_target(
            "polygon", cell, points=outline(centre(cell, RADIUS, origin), RADIUS - 3)
        )
    _panel(drawing, position, width)
    return drawing.text()


def _tile(drawing: Drawing, x: float, y: float, tile: Tile) -> None:
    """A two-hex tile, lying flat."""
    size = 11.0
    for i, colour in enumerate(tile):
        _hex(drawing, (x + i * size * SQRT3, y), colour, size)


def _panel(drawing: Drawing, position: State | View, left: float) -> None:
    x, y = left + 8, 22.0
    sizes, bag, moving = _counts(position)
    cap = FINAL[position.mode]
    for seat, track in enumerate(scores(position)):
        team = f" (team {'AB'[seat % 2]})" if position.mode == TEAM else ""
        label = f"Seat {seat}{team}" + ("  \u25b6 to move" if seat in moving else "")
        drawing.heading(label, x, y, size=13, class_="seat")
        drawing.note(f"rack {sizes[seat]}", x + 190, y + 54, size=11, fill="#555")
        track_bars(drawing, x, y + 58, seat, track, COLOURS, cap, width=16)
        y += 76
    drawing.note(f"bag: {bag} tiles", x, y)
    if not moving:
        y += 20
        drawing.heading("game over", x, y, size=13, fill="#b00")
    if position.bonuses:
        y += 20
        drawing.note(f"bonus placements: {position.bonuses}", x, y)
    if position.deciding:
        y += 20
        drawing.note("swap the rack or keep it?", x, y)
    if type(position) is View and position.seat is not None:
        y += 24
        drawing.note(f"seat {position.seat}'s rack:", x, y)
        for i, tile in enumerate(position.rack):
            _tile(drawing, x + 12 + (i % 3) * 70, y + 22 + (i // 3) * 28, tile)


# ---------------------------------------------------------------------------
# Pictures for choosing a move (issue 18): one tile, a move laid, what it scores
# ---------------------------------------------------------------------------


def draw_piece(piece: Tile, *, rotation: int = 0, size: float = 48.0) -> str:
    """One tile, its first half turned ``rotation`` sixths of a turn from the second, as SVG.

    Rotation 0 lies flat with the first colour on the left; each step turns
    the tile 60 degrees clockwise about its first half.

    >>> draw_piece((0, 5)).count("<polygon") >= 2
    True
    """
    if (
        type(piece) is not tuple
        or len(piece) != 2
        or not all(type(c) is int and 0 <= c < len(COLOURS) for c in piece)
    ):
        wrong_type("axio.draw_piece", f"an {TITLE} tile (two colours 0..5)", piece)
    if type(rotation) is not int or not 0 <= rotation <= 5:
        wrong_type("axio.draw_piece", "a rotation 0..5", rotation)
    radius = size / 4
    angle = math.radians(60 * rotation)
    step = radius * SQRT3
    first = (size / 2 - step / 2 * math.cos(angle), size / 2 - step / 2 * math.sin(angle))
    second = (first[0] + step * math.cos(angle), first[1] + step * math.sin(angle))
    drawing = Drawing(size, size, title=f"{format_tile(piece)}")
    _hex(drawing, first, piece[0], radius)
    _hex(drawing, second, piece[1], radius)
    return drawing.text()


def placed_view(position: View, move: AnyMove) -> View:
    """The view with the move's tile laid on the board and nothing else changed."""
    if type(move) is not Place:
        return position
    cells = list(position.cells)
    number = {cell: i for i, cell in enumerate(playing_area(position))}
    for cell, colour in zip(move.cells, move.colours, strict=True):
        cells[number[cell]] = colour
    return attrs.evolve(position, cells=tuple(cells))


def scored_marks(position: State | View, move: AnyMove) -> tuple[str, ...]:
    """The pieces a placement scores with (AXIO-9): the lines of its colours from each half.

    Returned as ``data-cell`` attributes: each cell of a scoring line, and the
    halves that score.
    """
    if type(move) is not Place:
        return ()
    colours = board(position)
    found: list[Hex] = []
    for cell, colour, twin in zip(move.cells, move.colours, move.cells[::-1], strict=True):
        line: list[Hex] = []
        for dq, dr in hexagon.DIRECTIONS:
            near = (cell[0] + dq, cell[1] + dr)
            while near != twin and colours.get(near) == colour:
                line.append(near)
                near = (near[0] + dq, near[1] + dr)
        if line:
            found.extend((cell, *line))
    return tuple(f'data-cell="{cell_key(cell)}"' for cell in dict.fromkeys(found))


def laid_piece(position: State | View, move: AnyMove, *, size: float = 48.0) -> str | None:
    """The tile a placement lays (its lower colour first), or ``None`` for any other move."""
    if type(move) is not Place:
        return None
    low, high = sorted(move.colours)
    return draw_piece((low, high), size=size)


def piece_name(position: State | View, move: AnyMove) -> str:
    """The tile a placement lays, lower colour first, as its picture's title (``"RY"``).

    ``""`` for a move that lays no tile.
    """
    if type(move) is not Place:
        return ""
    low, high = sorted(move.colours)
    return format_tile((low, high))


WORDS: Final = Words(
    letters=tuple(zip(COLOUR_LETTERS, COLOUR_WORDS, strict=True)),
    colours=COLOUR_WORDS,
    tracks=COLOUR_WORDS,
    pieces=("tile",),
    cells=("cell", "second_cell"),
    legend=_LEGEND,
    piece=piece_name,
    solo=solo_words,
)
"""The game's words (``RULES.words``): colours, tracks, pieces, cells, legend and solo score."""


pictures = Pictures(
    piece=draw_piece,
    placed=placed_view,
    scored=scored_marks,
    laid=laid_piece,
)
"""Pieces, previews and highlights for :mod:`tilegames.render` (``RULES.pictures``)."""
