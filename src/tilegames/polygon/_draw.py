"""Polygon's pictures: the SVG board of hex tiles split into three rhombi, and the plain text.

:func:`draw` is what :func:`tilegames.render.to_svg` calls (through
``RULES.draw``); :func:`render_text` is ``str(state)``.
"""

from __future__ import annotations

from typing import Final

import attrs

from tilegames._core import checks
from tilegames._core.chance import CHANCE
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
)
from tilegames._core.svg import hex_centre as centre
from tilegames._core.svg import hex_corners as corners
from tilegames._core.svg import hex_outline as outline
from tilegames._core.words import Words
from tilegames.geometry import hexagon
from tilegames.geometry.hexagon import Hex
from tilegames.polygon._model import (
    CELL,
    CIRCLE,
    DIAMOND,
    ORDER,
    RADIUS,
    SPACES,
    START,
    START_CELL,
    SYMBOLS,
    TITLE,
    WILD,
    AnyMove,
    Place,
    Stack,
    State,
    Symbol,
    View,
)
from tilegames.polygon._rules import bag_size, to_move
from tilegames.polygon._tables import CORNERS, GROUP, combination_table, printed_depth

SPACE_RADIUS: Final = 27.0
"""A space's radius (centre to corner) in SVG user units."""
SYMBOL_COLOURS: Final = ("#2f6fd6", "#d23a3a", "#e0a800")
"""Per symbol (blue circle, red diamond, gold star): its colour."""
_TINTS: Final = ("#c9dafa", "#f6cccc", "#f8e7a6")
_PANEL: Final = 220.0
_MARGIN: Final = 10.0
_WIDTH: Final = 6  # characters per space in a row of the text; rows are shifted by half of it


def _seat_to_move(position: State | View) -> int:
    """The seat to move, or -1 once the game is over."""
    if isinstance(position, View):
        return position.to_move[0] if position.to_move else -1
    return position.seat if position.drawn else -1


# ---------------------------------------------------------------------------
# The SVG picture
# ---------------------------------------------------------------------------


def move_cells(move: AnyMove) -> tuple[Hex, ...]:
    """The space a move places on; nothing for a tile set aside or a chance outcome."""
    return (move.space,) if type(move) is Place and move.space is not None else ()


def _rhombus_angles(space: Hex) -> list[tuple[Symbol, float]]:
    """Per scoring corner of a space: its symbol and the angle of its hex corner.

    A space is the anchor ``(q, r)`` of the corner at its lower right (30
    degrees), the ``(q+1, r)`` of the one at its lower left (150 degrees) and
    the ``(q, r+1)`` of the one at its top (270 degrees) (POLY-5).
    """
    q, r = space
    angle = {(q, r): 30.0, (q - 1, r): 150.0, (q, r - 1): 270.0}
    return [(hexagon.corner_symbol(a), angle[a]) for a in hexagon.down_corners_of(space)]


def _symbol(drawing: Drawing, symbol: Symbol, middle: Point, size: float) -> None:
    """The symbol's shape: a circle, a diamond or a star."""
    colour = SYMBOL_COLOURS[symbol]
    if symbol == CIRCLE:
        drawing.add("circle", cx=middle[0], cy=middle[1], r=size, fill=colour)
    elif symbol == DIAMOND:
        drawing.add(
            "polygon", points=points(regular_polygon(middle, size * 1.2, 4, -90)), fill=colour
        )
    else:
        drawing.add("polygon", points=points(star(middle, size * 1.3, size * 0.55)), fill=colour)


def _rhombi(drawing: Drawing, space: Hex, middle: Point, ring: list[Point], radius: float) -> None:
    """A tile's three rhombi in their symbols' tints, each with its symbol."""
    for symbol, angle in _rhombus_angles(space):
        k = round((angle - 30) / 60)
        rhombus = [middle, ring[(k - 1) % 6], ring[k], ring[(k + 1) % 6]]
        drawing.add(
            "polygon", points=points(rhombus), fill=_TINTS[symbol], stroke="#fff", stroke_width=1
        )
        tip = ring[k]
        spot = (middle[0] + 0.62 * (tip[0] - middle[0]), middle[1] + 0.62 * (tip[1] - middle[1]))
        _symbol(drawing, symbol, spot, radius * 0.12)


def _height(drawing: Drawing, middle: Point, radius: float, height: int) -> None:
    """The badge with a stack's height."""
    badge = (middle[0] + radius * 0.62, middle[1] - radius * 0.55)
    drawing.add("circle", class_="height", cx=badge[0], cy=badge[1], r=radius * 0.24, fill="#333")
    drawing.add(
        "text",
        str(height),
        x=badge[0],
        y=badge[1] + radius * 0.1,
        font_size=radius * 0.3,
        text_anchor="middle",
        fill="#fff",
    )


def _tile(
    drawing: Drawing,
    space: Hex,
    middle: Point,
    radius: float,
    value: str,
    *,
    printed: bool = False,
    height: int = 1,
) -> None:
    """A tile: three rhombi in their symbols' tints, the value in the middle, the height."""
    ring = corners(middle, radius)  # ring[k] is at 30 + 60 k degrees
    _rhombi(drawing, space, middle, ring, radius)
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
    label = "W" if value == WILD else value
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
        _height(drawing, middle, radius, height)


def _space(drawing: Drawing, space: Hex, stack: Stack, middle: Point, depth: int) -> None:
    """One space: its top tile (played or printed, ``depth`` printed) or the empty hex."""
    cell = CELL[space]
    if len(stack) > depth:
        with drawing.group(class_="piece", data_cell=cell_key(space)):
            _tile(drawing, space, middle, SPACE_RADIUS - 1, stack[-1], height=len(stack))
    elif stack:
        _tile(drawing, space, middle, SPACE_RADIUS - 1, stack[-1], printed=True)
    else:
        add_hex(
            drawing, middle, SPACE_RADIUS - 1, fill="#e9e3d5", stroke="#c9c0ad", stroke_width=1
        )
    if cell == START_CELL:
        add_hex(drawing, middle, SPACE_RADIUS + 1, fill="none", stroke="#222", stroke_width=2.5)


def _marks(drawing: Drawing, origin: Point, last_move: object, targets: list[Hex]) -> None:
    """The outline of the last move's space and the clickable targets."""
    placed_on = last_move.space if isinstance(last_move, Place) else None
    if placed_on is not None and placed_on in CELL:
        middle = centre(placed_on, SPACE_RADIUS, origin)
        drawing.mark_last_move("polygon", points=outline(middle, SPACE_RADIUS - 2))
    for space in targets:
        middle = centre(space, SPACE_RADIUS, origin)
        drawing.mark_target("polygon", space, points=outline(middle, SPACE_RADIUS - 4))


def draw(position: State | View, *, last_move: object | None, targets: list[Hex]) -> str:
    """The board on the left; the turn, the drawn tiles, the bag and the totals on the right.

    Arguments, result and errors as :meth:`tilegames.Rules.draw`.
    """
    if type(position) is not State and type(position) is not View:
        checks.wrong_type("polygon.draw", f"a {TITLE} State or View", position)
    width = SPACE_RADIUS * SQRT3 * (2 * RADIUS + 1) + 2 * _MARGIN
    height = SPACE_RADIUS * (3 * RADIUS + 2) + 2 * _MARGIN
    origin = (width / 2, height / 2)
    drawing = Drawing(width + _PANEL, height, title=TITLE)
    drawing.add("rect", x=0, y=0, width=width + _PANEL, height=height, fill="#f7f4ec")
    depths = printed_depth(position.board)  # the printed tiles of the position's own board
    for space, stack, depth in zip(SPACES, position.stacks, depths, strict=True):
        _space(drawing, space, stack, centre(space, SPACE_RADIUS, origin), depth)
    _marks(drawing, origin, last_move, targets)
    _panel(drawing, position, width)
    return drawing.text()


def _turn_lines(drawing: Drawing, position: State | View, x: float, y: float) -> float:
    """The seat to move, the die and the drawn tiles; return the next line's height."""
    drawing.heading(f"Turn {position.turn}: seat {_seat_to_move(position)}", x, y)
    y += 26
    drawing.note("die:", x, y + 4)
    _symbol(drawing, position.symbol, (x + 44, y), 8)
    drawing.note(SYMBOLS[position.symbol], x + 60, y + 4)
    y += 22
    drawing.note("drawn:", x, y + 4)
    for i, value in enumerate(position.drawn):
        _tile(drawing, START, (x + 70 + 50 * i, y + 14), 20, value)
    return y + 40


def _panel(drawing: Drawing, position: State | View, left: float) -> None:
    x, y = left + 8, 26.0
    over = not position.drawn
    if over:
        drawing.heading(f"game over after turn {position.turn}", x, y, fill="#b00")
    else:
        y = _turn_lines(drawing, position, x, y)
    y += 14
    drawing.note(f"bag: {bag_size(position)} tiles", x, y)
    if position.aside:
        y += 18
        drawing.note(f"set aside: {' '.join(position.aside)}", x, y)
    y += 28
    mover = _seat_to_move(position)
    for seat, total in enumerate(position.totals):
        marker = "  \u25b6" if seat == mover else ""
        label = f"Seat {seat}: {total}{marker}"
        drawing.heading(label, x, y, class_="score", data_seat=seat, data_score=total)
        y += 22


# ---------------------------------------------------------------------------
# The plain-text picture
# ---------------------------------------------------------------------------


def _token(stack: Stack, depth: int) -> str:
    """A stack in at most 5 characters: ``.`` empty, ``w``/``x2`` printed, else top[:height]."""
    if not stack:
        return "."
    if len(stack) == depth:
        return stack[0].lower()
    return stack[-1] if len(stack) == 1 else f"{stack[-1]}:{len(stack)}"


def _board_lines(board: tuple[Stack, ...], depths: tuple[int, ...]) -> list[str]:
    """The rows of the board, each shifted half a space from the one above."""
    lines = ["r"]
    width = 3 + _WIDTH * (2 * RADIUS + 1)
    for r in range(-RADIUS, RADIUS + 1):
        first = max(-RADIUS, -RADIUS - r)
        last = min(RADIUS, RADIUS - r)
        indent = (2 * first + r + 2 * RADIUS) * _WIDTH // 2
        row = "".join(
            f"{_token(board[CELL[q, r]], depths[CELL[q, r]]):^{_WIDTH}}"
            for q in range(first, last + 1)
        )
        lines.append(f"{r:>2} {' ' * indent}{row}".ljust(width) + f"q={first}..{last}")
    return lines


def render_text(position: State | View) -> str:
    """Draw the board, then the turn, the drawn tiles, the bag and the totals.

    Each space shows ``.`` when empty, its printed tile in lower case (``w``,
    ``x2``) until covered, else its top tile followed by ``:height`` when the
    stack holds more than one tile (printed tile included). Row ``r`` runs
    west to east from the ``q`` given on its right; each row is shifted half a
    space from the one above, as on the board. A chance step of an
    explicit-chance game says what chance decides. The ``Legend:`` at the end
    explains the symbols and the move notation.

    >>> from tilegames import polygon
    >>> state = polygon.new_game(seed=7)
    >>> state = polygon.apply(state, polygon.parse_move("2@1,0", state))
    >>> print(render_text(state))
    r
    -4               x2    .     .     .     x2              q=0..4
    -3            .     w     .     .     w     .            q=-1..4
    -2         .     .     .     .     .     .     .         q=-2..4
    -1      .     .     .     .     .     .     .     .      q=-3..4
     0   x2    w     .     .     4     2     .     w     x2  q=-4..4
     1      .     .     .     .     .     .     .     .      q=-4..3
     2         .     .     .     .     .     .     .         q=-4..2
     3            .     w     .     .     w     .            q=-4..1
     4               x2    .     .     .     x2              q=-4..0
    turn 1: seat 1 to move, die blue circle, drawn 4
    placed this turn: 1,0
    bag: 46 tiles
    totals: seat 0: 0, seat 1: 0
    Legend:
      1..5 numbers, W wild, X2 X3 multipliers; lower case: printed on the board;
      :h a stack h tiles high (X3:2: an X3 on one more tile). Row r on the left,
      q on the right: a row's first space has the first q, the next q+1, ...
      A move V@q,r lays tile V on space q,r; V@- sets it aside.

    Raises:
        WrongTypeError: if ``position`` is not a Polygon State or View.
    """
    if type(position) is not State and type(position) is not View:
        checks.wrong_type("polygon.render_text", f"a {TITLE} State or View", position)
    lines = _board_lines(position.stacks, printed_depth(position.board))
    if not position.drawn:
        lines.append(f"game over after turn {position.turn} (POLY-15)")
    else:
        lines.append(
            f"turn {position.turn}: seat {_seat_to_move(position)} to move, "
            f"die {SYMBOLS[position.symbol]}, drawn {' '.join(position.drawn)}"
        )
        if position.placed:
            spaces = ", ".join(f"{SPACES[cell][0]},{SPACES[cell][1]}" for cell in position.placed)
            lines.append(f"placed this turn: {spaces}")
    lines.append(f"bag: {bag_size(position)} tiles")
    if position.aside:
        lines.append(f"set aside: {' '.join(position.aside)}")
    lines.append(
        "totals: " + ", ".join(f"seat {s}: {total}" for s, total in enumerate(position.totals))
    )
    moving = position.to_move if isinstance(position, View) else to_move(position)
    if moving == (CHANCE,):
        lines.append("Chance: the die or the tiles drawn (enter what chance gives)")
    return with_legend(lines, WORDS.legend)


_LEGEND: Final = """\
1..5 numbers, W wild, X2 X3 multipliers; lower case: printed on the board;
:h a stack h tiles high (X3:2: an X3 on one more tile). Row r on the left,
q on the right: a row's first space has the first q, the next q+1, ...
A move V@q,r lays tile V on space q,r; V@- sets it aside.
"""


# ---------------------------------------------------------------------------
# Pictures for choosing a move (issue 18): one tile, a move laid, what it scores
# ---------------------------------------------------------------------------


def draw_piece(piece: str, *, rotation: int = 0, size: float = 48.0) -> str:
    """One tile of value ``piece`` (``"3"``, ``"W"``, ``"X2"``), as SVG; ``rotation`` is ignored.

    A Polygon tile looks the same every way round: its three rhombi are the
    board's symbols, not the tile's.

    >>> draw_piece("X2").count("X2") >= 1
    True
    """
    if type(piece) is not str or piece not in ORDER:
        checks.wrong_type("polygon.draw_piece", f"a {TITLE} tile value such as '3' or 'W'", piece)
    radius = size / 2
    drawing = Drawing(size * SQRT3 / 2 + 4, size + 4, title=piece)
    _tile(drawing, START, (size * SQRT3 / 4 + 2, size / 2 + 2), radius, piece)
    return drawing.text()


def placed_view(position: View, move: Place) -> View:
    """The view with the move's tile laid on its space and nothing else changed."""
    if type(move) is not Place or move.space is None:
        return position
    cell = CELL[move.space]
    stacks = list(position.stacks)
    stacks[cell] = (*stacks[cell], move.tile)
    drawn = list(position.drawn)
    if move.tile in drawn:
        drawn.remove(move.tile)
    return attrs.evolve(
        position, stacks=tuple(stacks), drawn=tuple(drawn), placed=(*position.placed, cell)
    )


def scored_marks(position: State | View, move: Place) -> tuple[str, ...]:
    """The groupings of the turn's symbol that score with this move (POLY-13).

    Returned as the ``data-cell`` attributes of the three spaces of each.
    """
    if type(move) is not Place:
        return ()
    board = list(position.stacks)
    placed = list(position.placed)
    if move.space is not None:
        cell = CELL[move.space]
        board[cell] = (*board[cell], move.tile)
        placed.append(cell)
    table = combination_table(position.scoring)
    found: list[int] = []
    for group in dict.fromkeys(GROUP[cell][position.symbol] for cell in placed):
        if group < 0:
            continue
        spaces = CORNERS[group]
        tops = [board[space][-1] for space in spaces if board[space]]
        if len(tops) == 3 and table[tops[0], tops[1], tops[2]] > 0:
            found.extend(spaces)
    return tuple(f'data-cell="{cell_key(SPACES[cell])}"' for cell in dict.fromkeys(found))


def laid_piece(position: State | View, move: Place, *, size: float = 48.0) -> str | None:
    """The tile a move places (or sets aside)."""
    if type(move) is not Place:
        return None
    return draw_piece(move.tile, size=size)


def piece_name(position: State | View, move: Place) -> str:
    """The tile a move places or sets aside, its value as its picture's title (``"X2"``)."""
    return move.tile if type(move) is Place else ""


WORDS: Final = Words(
    letters=(("W", "wild"),),
    colours=SYMBOLS,
    tracks=(),
    score="points",
    pieces=("tile",),
    cells=("cell",),
    legend=_LEGEND,
    piece=piece_name,
)
"""The game's words (``RULES.words``): its die symbols, tiles, cells and legend."""


pictures = Pictures(
    piece=draw_piece,
    placed=placed_view,
    scored=scored_marks,
    laid=laid_piece,
)
"""Pieces, previews and highlights for :mod:`tilegames.render` (``RULES.pictures``)."""
