"""Aztack's pictures: the plain text of ``str(state)`` and the SVG of :func:`draw`.

Both show the pyramid from above (each cell's height and top half) and every
seat's stones; the SVG is what :func:`tilegames.render.to_svg` draws for a
state or view, through :data:`RULES`.
"""

from __future__ import annotations

from typing import Final

import attrs

from tilegames._core.chance import CHANCE
from tilegames._core.checks import wrong_type
from tilegames._core.notation import with_legend
from tilegames._core.rules import Pictures
from tilegames._core.svg import Drawing, inset
from tilegames._core.words import Words
from tilegames.aztack._model import (
    A_POSITION,
    COLOUR_LETTERS,
    DEPTH,
    GLYPH_LETTERS,
    NAME,
    STANDARD_STONES,
    TITLE,
    WIDTH,
    XY,
    Half,
    Kind,
    Match,
    Move,
    Place,
    State,
    Stone,
    View,
    check_halves,
    half_of,
)
from tilegames.aztack._model import COLOURS as COLOUR_WORDS
from tilegames.aztack._model import GLYPHS as GLYPH_WORDS
from tilegames.aztack._moves import match_of
from tilegames.aztack._notation import format_half
from tilegames.aztack._rules import heights, supply, to_move, tops
from tilegames.aztack._tables import NUMBER
from tilegames.geometry import pyramid

# ---------------------------------------------------------------------------
# Plain-text picture
# ---------------------------------------------------------------------------


def render_text(position: State | View) -> str:
    """Draw the pyramid from above, then each seat's stones and who may move.

    Each cell shows its height and its top half (colour capital, glyph
    letter, :data:`COLOUR_LETTERS` and :data:`GLYPH_LETTERS`). Lines are drawn
    between cells whose top halves belong to different stones, so each
    visible stone shows as a box of one or two cells. Columns ``x`` run
    across the top, rows ``y`` down the left. Below, each seat's stones as
    ``id:halves``; a chance step of an explicit-chance game says what chance
    decides. The ``Legend:`` at the end explains the symbols and the move
    notation.

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
    Legend:
      a cell shows its height, then the colour and glyph of the half on top:
      G green, O orange, Y grey, B blue, R red; f flower, w water, d deer,
      t flint (1Yt: height 1, a grey flint). Columns x across, rows y down.
      A move S:N@x,y/x,y: seat S lays stone N, first half over cell x,y, second
      over the other; xD after it discards stone D (bonus); S:pass passes.
    """
    if type(position) is not State and type(position) is not View:
        wrong_type(f"{NAME}.render_text", A_POSITION, position)
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
            top = format_half(half_of(faces[cell])) if levels[cell] else "  "  # 0: nothing laid
            row.append(f"{levels[cell]}{top} ")
        lines.append(f"{y:>2} |" + "".join(row) + "|")
    lines.append(border(DEPTH))
    if isinstance(position, View):
        held = position.supplies
        moving, turn = position.to_move, position.whose_turn
    else:
        held = tuple(supply(position, seat) for seat in range(len(position.supplies)))
        moving, turn = to_move(position), position.whose_turn
    for seat, stones in enumerate(held):
        line = f"seat {seat}: {len(stones)} stone{'' if len(stones) == 1 else 's'}"
        if seat in moving:
            line += ", to move" if turn is not None else ", can place"
        lines.append(line)
        listed = [f"{stone.id}:{stone}" for stone in stones]
        lines.extend("  " + " ".join(listed[i : i + 6]) for i in range(0, len(listed), 6))
    if moving == (CHANCE,):
        lines.append("Chance: the next base stone laid or stone dealt (enter what chance gives)")
    if not moving:
        lines.append("game over")
    return with_legend(lines, WORDS.legend)


_LEGEND: Final = """\
a cell shows its height, then the colour and glyph of the half on top:
G green, O orange, Y grey, B blue, R red; f flower, w water, d deer,
t flint (1Yt: height 1, a grey flint). Columns x across, rows y down.
A move S:N@x,y/x,y: seat S lays stone N, first half over cell x,y, second
over the other; xD after it discards stone D (bonus); S:pass passes.
"""


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


def draw(position: State | View, *, last_move: object | None, targets: list[XY]) -> str:
    """The pyramid on the left; whose turn it is and every seat's stones on the right."""
    if type(position) is not State and type(position) is not View:
        wrong_type(f"{NAME}.draw", A_POSITION, position)
    levels = heights(position)
    top = tops(position)
    top_level = max(levels.values())
    lift = _LIFT * top_level
    width = WIDTH * CELL + 2 * _MARGIN + lift
    board_h = DEPTH * CELL + 2 * _MARGIN + lift
    seats = len(position.supplies)
    height = max(board_h + 30, 60 + 96 * seats)
    drawing = Drawing(width + _PANEL, height, title=TITLE)
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
                drawing.mark_last_move("rect", **inset(corner(cell), CELL, 2))
    for cell in targets:
        if cell in levels:
            drawing.mark_target("rect", cell, **inset(corner(cell), CELL, 6), rx=6)
    _panel(drawing, position, width)
    return drawing.text()


def _panel(drawing: Drawing, position: State | View, left: float) -> None:
    x, y = left + 8, 24.0
    moving = position.to_move if isinstance(position, View) else to_move(position)
    if not moving:
        drawing.heading("game over", x, y, fill="#b00")
    elif position.whose_turn is None:
        drawing.note("speed stack: anyone who can place", x, y, size=13, fill="#222")
    else:
        drawing.heading(f"seat {position.whose_turn} to move", x, y)
    y += 26
    for seat in range(len(position.supplies)):
        stones = supply(position, seat)
        marker = "  \u25b6" if seat in moving else ""
        drawing.heading(
            f"Seat {seat}: {len(stones)} stones{marker}",
            x,
            y,
            size=13,
            class_="score",
            data_seat=seat,
            data_score=len(stones),
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


# ---------------------------------------------------------------------------
# Pictures for choosing a move (issue 18): one stone, a move laid, what it scores
# ---------------------------------------------------------------------------


def draw_piece(piece: object, *, rotation: int = 0, size: float = 48.0) -> str:
    """One stone (a :class:`Stone` or its two halves) in an orientation, as SVG.

    Rotation 0 lies along a row with the first half on the left; 1 across,
    the first half on top; 2 and 3 the same turned round (the first half
    right, or below).

    >>> from tilegames.aztack._model import STANDARD_STONES
    >>> draw_piece(STANDARD_STONES[0], rotation=1).count("<rect")
    3
    """
    try:
        halves = check_halves(piece.halves if isinstance(piece, Stone) else piece)
    except (TypeError, ValueError):
        wrong_type(f"{NAME}.draw_piece", f"an {TITLE} Stone or two (colour, glyph) halves", piece)
    if type(rotation) is not int or not 0 <= rotation <= 3:
        wrong_type(f"{NAME}.draw_piece", "a rotation 0..3", rotation)
    half = size / 2
    across = rotation % 2 == 1
    width, height = (half, size) if across else (size, half)
    spots = [(0.0, 0.0), (0.0, half) if across else (half, 0.0)]
    if rotation >= 2:
        spots.reverse()
    drawing = Drawing(
        width + 4, height + 4, title=f"{format_half(halves[0])}{format_half(halves[1])}"
    )
    for (x, y), part in zip(spots, halves, strict=True):
        _draw_half(drawing, x + 2, y + 2, half, part)
    drawing.add(
        "rect",
        x=2,
        y=2,
        width=width,
        height=height,
        rx=3,
        fill="none",
        stroke="#2b2118",
        stroke_width=2,
    )
    return drawing.text()


def placed_view(position: View, move: Move) -> View:
    """The view with the move's stone laid on the pyramid and nothing else changed."""
    if type(move) is not Place:
        return position
    stones = position.stones if position.stones is not None else STANDARD_STONES
    a, b = NUMBER[move.first], NUMBER[move.second]
    faces: list[Kind] = list(position.faces)
    for cell, (colour, glyph) in zip((a, b), stones[move.stone].halves, strict=True):
        faces[cell] = glyph * 5 + colour
    grid = pyramid.place(position.pyramid, (a, b), move.stone)
    return attrs.evolve(position, pyramid=grid, faces=tuple(faces))


def scored_marks(position: State | View, move: Move) -> tuple[str, ...]:
    """The stone a placement lays, when it matches a colour or a glyph below (AZT-12).

    Returned as the ``data-stone`` attribute of the piece.
    """
    if type(move) is not Place:
        return ()
    stones = position.stones if position.stones is not None else STANDARD_STONES
    (c1, g1), (c2, g2) = stones[move.stone].halves
    faces = position.faces
    found = match_of(
        g1 * 5 + c1, g2 * 5 + c2, faces[NUMBER[move.first]], faces[NUMBER[move.second]]
    )
    return (f'data-stone="{move.stone}"',) if found != Match.NONE else ()


def move_marks(move: Move) -> tuple[str, ...]:
    """The piece a move lays, as its ``data-stone`` attribute (``()`` for a pass)."""
    return (f'data-stone="{move.stone}"',) if type(move) is Place else ()


def laid_piece(position: State | View, move: Move, *, size: float = 48.0) -> str | None:
    """The stone a placement lays, in its orientation on the cells, or ``None`` for a pass."""
    if type(move) is not Place:
        return None
    stones = position.stones if position.stones is not None else STANDARD_STONES
    dx, dy = move.second[0] - move.first[0], move.second[1] - move.first[1]
    rotation = {(1, 0): 0, (0, 1): 1, (-1, 0): 2, (0, -1): 3}.get((dx, dy), 0)
    return draw_piece(stones[move.stone], rotation=rotation, size=size)


def piece_name(position: State | View, move: Move) -> str:
    """The stone a placement lays, its halves as its picture's title (``"OfBd"``); else ``""``."""
    if type(move) is not Place:
        return ""
    stones = position.stones if position.stones is not None else STANDARD_STONES
    first, second = stones[move.stone].halves
    return f"{format_half(first)}{format_half(second)}"


WORDS: Final = Words(
    letters=(
        *zip(COLOUR_LETTERS, COLOUR_WORDS, strict=True),
        *zip(GLYPH_LETTERS, GLYPH_WORDS, strict=True),
    ),
    colours=COLOUR_WORDS,
    tracks=(),
    score="stones left",
    lower_is_better=True,
    pieces=("stone",),
    cells=("cell", "second_cell"),
    legend=_LEGEND,
    piece=piece_name,
)
"""The game's words (``RULES.words``): its colours and glyphs, stones, cells and legend."""


pictures = Pictures(
    piece=draw_piece,
    placed=placed_view,
    scored=scored_marks,
    laid=laid_piece,
    marks=move_marks,
)
"""Pieces, previews and highlights for :mod:`tilegames.render` (``RULES.pictures``)."""
