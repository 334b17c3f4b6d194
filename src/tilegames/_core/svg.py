"""A small SVG writer: elements with attributes, numbers rounded so equal pictures are equal text.

Every game's ``_draw`` module builds its picture with it; the hex helpers at
the end serve the two hexagonal games.

>>> drawing = Drawing(20, 10, title="A & B")
>>> drawing.add("rect", x=0, y=0, width=20, height=10, fill="#fff")
>>> print(drawing.text())
<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10" viewBox="0 0 20 10" ...>
<title>A &amp; B</title>
<rect x="0" y="0" width="20" height="10" fill="#fff"/>
</svg>
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from html import escape

__all__ = [
    "LAST_MOVE_STYLE",
    "SQRT3",
    "TARGET_STYLE",
    "Drawing",
    "Point",
    "add_hex",
    "cell_key",
    "hex_centre",
    "hex_corners",
    "hex_outline",
    "inset",
    "number",
    "points",
    "regular_polygon",
    "star",
    "track_bars",
]

Point = tuple[float, float]
"""A point ``(x, y)`` in SVG user units, ``y`` down."""

TARGET_STYLE: dict[str, object] = {
    "fill": "#ffd54f",
    "fill_opacity": 0.4,
    "stroke": "#c79a00",
    "stroke_width": 1.5,
    "stroke_dasharray": "4,3",
}
"""How every picture marks a place to click (:meth:`Drawing.mark_target`)."""

LAST_MOVE_STYLE: dict[str, object] = {"fill": "none", "stroke": "#111", "stroke_width": 3}
"""How every picture outlines the cells of the last move (:meth:`Drawing.mark_last_move`)."""


def cell_key(cell: tuple[int, int]) -> str:
    """The key of a cell, space or hex in pictures and in ``cells_of``: ``"X,Y"``.

    >>> cell_key((3, -1))
    '3,-1'
    """
    return f"{cell[0]},{cell[1]}"


def number(value: float) -> str:
    """A coordinate written with at most two decimals and no trailing zeros.

    >>> number(3.0), number(1 / 3), number(-0.001)
    ('3', '0.33', '0')
    """
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def points(corners: Iterable[Point]) -> str:
    """The ``points`` attribute of a polygon: ``x,y x,y ...``."""
    return " ".join(f"{number(x)},{number(y)}" for x, y in corners)


def _attribute(name: str, value: object) -> str:
    key = name.rstrip("_").replace("_", "-")
    shown = number(value) if isinstance(value, float) else str(value)
    return f'{key}="{escape(shown, quote=True)}"'


class Drawing:
    """An SVG picture built element by element, in drawing order.

    Attribute names use ``_`` for ``-`` (``stroke_width``) and may end in
    ``_`` to dodge Python keywords (``class_``). Floats are rounded by
    :func:`number`.
    """

    def __init__(self, width: float, height: float, *, title: str = "") -> None:
        """Start a picture of ``width`` x ``height`` user units."""
        self.width = width
        self.height = height
        self._lines = [
            '<svg xmlns="http://www.w3.org/2000/svg" '
            f'width="{number(width)}" height="{number(height)}" '
            f'viewBox="0 0 {number(width)} {number(height)}" '
            'font-family="DejaVu Sans, Verdana, sans-serif">'
        ]
        if title:
            self._lines.append(f"<title>{escape(title, quote=False)}</title>")

    def mark_target(self, tag: str, cell: tuple[int, int], **shape: object) -> None:
        """Mark ``cell`` as a place to click: the ``target`` element of every game's picture.

        ``shape`` places the element (``points=`` for a polygon, ``x=``,
        ``y=``, ``width=``, ``height=`` for a rect), drawn a little inside the
        cell; the style is the same in every game.

        >>> drawing = Drawing(10, 10)
        >>> drawing.mark_target("rect", (0, 1), x=1, y=1, width=8, height=8)
        >>> print(drawing.text().splitlines()[1])
        <rect class="target" data-cell="0,1" x="1" y="1" width="8" height="8" fill="#ffd54f" ...
        """
        self._element(
            tag, None, {"class_": "target", "data_cell": cell_key(cell), **shape, **TARGET_STYLE}
        )

    def mark_last_move(self, tag: str, **shape: object) -> None:
        """Outline a cell of the last move (class ``last-move``), in every game's one style."""
        self._element(tag, None, {"class_": "last-move", **shape, **LAST_MOVE_STYLE})

    def add(self, tag: str, text: str | None = None, **attributes: object) -> None:
        """Add one element, with ``text`` inside it or empty."""
        self._element(tag, text, attributes)

    def heading(
        self,
        text: str,
        x: float,
        y: float,
        *,
        size: float = 14,
        fill: str = "#222",
        **marks: object,
    ) -> None:
        """Add a line of bold text beside the board (a seat, the turn, the end of the game).

        ``marks`` (``class_``, ``data_seat``, ...) come first in the element.

        >>> drawing = Drawing(10, 10)
        >>> drawing.heading("game over", 1, 2, size=13, fill="#b00")
        >>> print(drawing.text().splitlines()[1])
        <text x="1" y="2" font-size="13" font-weight="bold" fill="#b00">game over</text>
        """
        self.add("text", text, **marks, x=x, y=y, font_size=size, font_weight="bold", fill=fill)

    def note(self, text: str, x: float, y: float, *, size: float = 12, fill: str = "#333") -> None:
        """Add a line of plain text beside the board (the bag, the supply, a rack's size)."""
        self.add("text", text, x=x, y=y, font_size=size, fill=fill)

    def _element(self, tag: str, text: str | None, attributes: dict[str, object]) -> None:
        shown = "".join(" " + _attribute(k, v) for k, v in attributes.items() if v is not None)
        if text is None:
            self._lines.append(f"<{tag}{shown}/>")
        else:
            self._lines.append(f"<{tag}{shown}>{escape(text, quote=False)}</{tag}>")

    @contextmanager
    def group(self, **attributes: object) -> Iterator[None]:
        """Wrap the elements added inside the ``with`` block in a ``<g>``."""
        shown = "".join(" " + _attribute(k, v) for k, v in attributes.items() if v is not None)
        self._lines.append(f"<g{shown}>")
        yield
        self._lines.append("</g>")

    def text(self) -> str:
        """The finished SVG document."""
        return "\n".join([*self._lines, "</svg>"])


def regular_polygon(centre: Point, radius: float, sides: int, start: float) -> list[Point]:
    """The corners of a regular polygon, the first at ``start`` degrees (clockwise, y down)."""
    x, y = centre
    return [
        (
            x + radius * math.cos(math.radians(start + 360 * k / sides)),
            y + radius * math.sin(math.radians(start + 360 * k / sides)),
        )
        for k in range(sides)
    ]


def star(middle: Point, outer: float, inner: float) -> list[Point]:
    """The ten corners of a five-pointed star, the first point up, the notches ``inner`` away."""
    corners = []
    for k in range(10):
        reach = outer if k % 2 == 0 else inner
        angle = math.radians(-90 + 36 * k)
        corners.append((middle[0] + reach * math.cos(angle), middle[1] + reach * math.sin(angle)))
    return corners


def inset(corner: Point, side: float, by: float) -> dict[str, float]:
    """The ``x``, ``y``, ``width`` and ``height`` of a square at ``corner`` shrunk ``by`` a side.

    >>> inset((10, 20), 56, 3)
    {'x': 13, 'y': 23, 'width': 50, 'height': 50}
    """
    return {
        "x": corner[0] + by,
        "y": corner[1] + by,
        "width": side - 2 * by,
        "height": side - 2 * by,
    }


def track_bars(
    drawing: Drawing,
    x: float,
    y: float,
    seat: int,
    values: Sequence[int],
    colours: Iterable[str],
    cap: int,
    *,
    width: float = 14,
) -> None:
    """Draw a seat's score tracks as bars 40 high on the line ``y``, each with its value above.

    The bars form the seat's ``score`` group, its tracks in ``data-score``.
    """
    height = 40
    with drawing.group(class_="score", data_seat=seat, data_score=",".join(map(str, values))):
        for i, (value, colour) in enumerate(zip(values, colours, strict=True)):
            left = x + i * (width + 4)
            filled = height * min(value, cap) / cap
            drawing.add(
                "rect",
                x=left,
                y=y - height,
                width=width,
                height=height,
                fill="#eee",
                stroke="#999",
                stroke_width=0.5,
            )
            drawing.add("rect", x=left, y=y - filled, width=width, height=filled, fill=colour)
            drawing.add(
                "text",
                str(value),
                x=left + width / 2,
                y=y - height - 3,
                font_size=10,
                text_anchor="middle",
                fill="#333",
            )


# ---------------------------------------------------------------------------
# Pointy-top hexagons in axial (q, r) coordinates, q east and r south-east
# ---------------------------------------------------------------------------

SQRT3 = math.sqrt(3)


def hex_centre(cell: tuple[int, int], radius: float, origin: Point) -> Point:
    """The centre of hex ``(q, r)`` for hexes of ``radius`` (centre to corner)."""
    q, r = cell
    return origin[0] + radius * SQRT3 * (q + r / 2), origin[1] + radius * 1.5 * r


def hex_corners(middle: Point, radius: float) -> list[Point]:
    """The six corners of a pointy-top hex, clockwise from the lower right (30 degrees)."""
    return regular_polygon(middle, radius, 6, 30)


def hex_outline(middle: Point, radius: float) -> str:
    """The ``points`` attribute of a pointy-top hex of ``radius`` around ``middle``."""
    return points(hex_corners(middle, radius))


def add_hex(drawing: Drawing, middle: Point, radius: float, **style: object) -> None:
    """Add a pointy-top hex of ``radius`` around ``middle``, in ``style`` (``fill=``, ...)."""
    drawing.add("polygon", None, points=hex_outline(middle, radius), **style)
