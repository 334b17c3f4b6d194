"""Pointy-top hexagons in axial ``(q, r)`` coordinates, ``q`` east and ``r`` south-east."""

from __future__ import annotations

import math

from tilegames.render._svg import Point, points, regular_polygon

SQRT3 = math.sqrt(3)


def centre(cell: tuple[int, int], radius: float, origin: Point) -> Point:
    """The centre of hex ``(q, r)`` for hexes of ``radius`` (centre to corner)."""
    q, r = cell
    return origin[0] + radius * SQRT3 * (q + r / 2), origin[1] + radius * 1.5 * r


def corners(middle: Point, radius: float) -> list[Point]:
    """The six corners of a pointy-top hex, clockwise from the lower right (30 degrees)."""
    return regular_polygon(middle, radius, 6, 30)


def outline(middle: Point, radius: float) -> str:
    """The ``points`` attribute of a pointy-top hex of ``radius`` around ``middle``."""
    return points(corners(middle, radius))
