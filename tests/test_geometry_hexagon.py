"""Tests for :mod:`tilegames.geometry.hexagon`, against slow references written here."""

from __future__ import annotations

import functools
import itertools
import math
from collections import deque

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tilegames.geometry import hexagon
from tilegames.geometry.hexagon import Hex

# The six steps read off the module's drawing (pointy top, q east, r south-east),
# counter-clockwise from the east: E, NE, NW, W, SW, SE.
STEPS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))

small = st.integers(min_value=-6, max_value=6)
small_hexes = st.tuples(small, small)
wide = st.integers(min_value=-10_000, max_value=10_000)
wide_hexes = st.tuples(wide, wide)
directions = st.integers(min_value=0, max_value=5)
radii = st.integers(min_value=0, max_value=8)

REFERENCE_RADIUS = 30


def step(cell: Hex, d: int, times: int = 1) -> Hex:
    """The hex ``times`` steps from ``cell`` along STEPS[d]."""
    return cell[0] + times * STEPS[d][0], cell[1] + times * STEPS[d][1]


def slow_adjacent(a: Hex, b: Hex) -> bool:
    """Whether one neighbour step leads from a to b."""
    return any(step(a, d) == b for d in range(6))


def bfs_distance(a: Hex, b: Hex) -> int:
    """The number of neighbour steps from a to b, by breadth-first search."""
    seen = {a}
    queue = deque([(a, 0)])
    while queue:
        cell, dist = queue.popleft()
        if cell == b:
            return dist
        for d in range(6):
            nxt = step(cell, d)
            if nxt not in seen:
                seen.add(nxt)
                queue.append((nxt, dist + 1))
    raise AssertionError("unreachable: the hex grid is connected")  # pragma: no cover


@functools.cache
def bfs_ball(radius: int) -> dict[Hex, int]:
    """Every hex within ``radius`` steps of the origin, with its BFS distance."""
    dist = {(0, 0): 0}
    queue = deque([(0, 0)])
    while queue:
        cell = queue.popleft()
        if dist[cell] == radius:
            continue
        for d in range(6):
            nxt = step(cell, d)
            if nxt not in dist:
                dist[nxt] = dist[cell] + 1
                queue.append(nxt)
    return dist


def slow_area(radius: int) -> list[Hex]:
    """The hexes of a big square kept when their BFS distance is at most ``radius``."""
    ball = bfs_ball(REFERENCE_RADIUS)
    return [
        (q, r)
        for r in range(-radius - 2, radius + 3)
        for q in range(-radius - 2, radius + 3)
        if ball[q, r] <= radius
    ]


def slow_ray(cell: Hex, d: int, inside: set[Hex]) -> list[Hex]:
    """Step from ``cell`` along direction d while the hexes are in ``inside``."""
    cells = []
    cell = step(cell, d)
    while cell in inside:
        cells.append(cell)
        cell = step(cell, d)
    return cells


def slow_triangles(cells: list[Hex]) -> set[frozenset[Hex]]:
    """Every set of three mutually adjacent hexes among ``cells``, by brute force."""
    inside = set(cells)
    found: set[frozenset[Hex]] = set()
    for a in cells:
        for b in (step(a, d) for d in range(6)):
            for c in (step(a, d) for d in range(6)):
                if b in inside and c in inside and b != c and slow_adjacent(b, c):
                    found.add(frozenset((a, b, c)))
    return found


def is_down_triangle(triangle: frozenset[Hex]) -> bool:
    """Whether the triangle is {(q, r), (q+1, r), (q, r+1)} (POLY-5) for one of its hexes."""
    return any({a, (a[0] + 1, a[1]), (a[0], a[1] + 1)} == triangle for a in triangle)


def pixel(cell: Hex) -> tuple[float, float]:
    """The centre of a pointy-top hex with y pointing up (q east, r south-east)."""
    q, r = cell
    return math.sqrt(3) * (q + r / 2), -1.5 * r


class TestDirections:
    """The direction constants, names and opposite()."""

    def test_match_drawing(self) -> None:
        """DIRECTIONS are E, NE, NW, W, SW, SE as drawn."""
        assert hexagon.DIRECTIONS == STEPS
        assert hexagon.DIRECTION_NAMES == ("E", "NE", "NW", "W", "SW", "SE")

    def test_counter_clockwise_sixty_degrees_apart(self) -> None:
        """On screen, direction d points 60*d degrees counter-clockwise from the east."""
        for d, direction in enumerate(hexagon.DIRECTIONS):
            x, y = pixel(direction)
            assert math.hypot(x, y) == pytest.approx(math.sqrt(3))
            angle = math.degrees(math.atan2(y, x)) % 360
            assert angle == pytest.approx(60 * d)

    @given(directions)
    def test_opposite_cancels(self, d: int) -> None:
        """A direction and its opposite add up to no move, and opposite is an involution."""
        o = hexagon.opposite(d)
        assert 0 <= o < 6
        assert o != d
        (dq, dr), (oq, or_) = hexagon.DIRECTIONS[d], hexagon.DIRECTIONS[o]
        assert (dq + oq, dr + or_) == (0, 0)
        assert hexagon.opposite(o) == d

    def test_opposite_examples(self) -> None:
        """E is opposite W, SW opposite NE."""
        assert hexagon.opposite(0) == 3
        assert hexagon.opposite(4) == 1


class TestNeighbours:
    """neighbour() and neighbours() take single steps."""

    @given(wide_hexes, directions)
    def test_neighbour_is_one_step(self, cell: Hex, d: int) -> None:
        """neighbour(cell, d) is cell plus the step of direction d."""
        assert hexagon.neighbour(cell, d) == step(cell, d)

    @given(wide_hexes)
    def test_neighbours_in_direction_order(self, cell: Hex) -> None:
        """neighbours() lists the six steps in direction order."""
        assert hexagon.neighbours(cell) == tuple(step(cell, d) for d in range(6))

    @given(small_hexes)
    def test_neighbours_at_distance_one(self, cell: Hex) -> None:
        """Every neighbour is one BFS step away and the six are distinct."""
        around = hexagon.neighbours(cell)
        assert len(set(around)) == 6
        assert all(bfs_distance(cell, n) == 1 for n in around)


class TestDistance:
    """length() and distance() agree with breadth-first search."""

    def test_examples(self) -> None:
        """Hand-counted distances."""
        assert hexagon.length((0, 0)) == 0
        assert hexagon.length((3, -1)) == 3  # 2 steps E, 1 step NE
        assert hexagon.length((-2, -1)) == 3  # 2 steps W, 1 step NW
        assert hexagon.length((2, 2)) == 4  # 2 steps E, 2 steps SE
        assert hexagon.distance((0, 0), (2, -1)) == 2

    def test_length_every_hex_within_reference_radius(self) -> None:
        """length() equals the BFS distance for every hex within 30 steps."""
        for cell, dist in bfs_ball(REFERENCE_RADIUS).items():
            assert hexagon.length(cell) == dist

    @given(small_hexes, small_hexes)
    def test_distance_matches_bfs(self, a: Hex, b: Hex) -> None:
        """distance(a, b) equals the BFS distance from a to b."""
        assert hexagon.distance(a, b) == bfs_distance(a, b)

    @given(wide_hexes, wide_hexes)
    def test_distance_symmetric(self, a: Hex, b: Hex) -> None:
        """distance is symmetric and zero only between equal hexes."""
        assert hexagon.distance(a, b) == hexagon.distance(b, a)
        assert (hexagon.distance(a, b) == 0) == (a == b)

    @given(wide_hexes, directions, st.integers(min_value=0, max_value=1000))
    def test_straight_line_distance(self, cell: Hex, d: int, n: int) -> None:
        """n steps in one direction is distance n."""
        assert hexagon.distance(cell, step(cell, d, n)) == n

    @given(wide_hexes, wide_hexes, wide_hexes)
    def test_triangle_inequality(self, a: Hex, b: Hex, c: Hex) -> None:
        """Going through a third hex is never shorter."""
        assert hexagon.distance(a, c) <= hexagon.distance(a, b) + hexagon.distance(b, c)


class TestArea:
    """area() is every hex within the radius, row by row."""

    @pytest.mark.parametrize(
        ("radius", "size"),
        [(0, 1), (1, 7), (2, 19), (4, 61), (5, 91), (6, 127), (7, 169)],
    )
    def test_sizes(self, radius: int, size: int) -> None:
        """Board sizes of AXIO-3 (91, 127, 169) and POLY-4 (61)."""
        assert len(hexagon.area(radius)) == size

    def test_radius_one(self) -> None:
        """The radius-1 area in row order, written out by hand."""
        assert hexagon.area(1) == ((0, -1), (1, -1), (-1, 0), (0, 0), (1, 0), (-1, 1), (0, 1))

    @given(radii)
    def test_matches_filtered_square(self, radius: int) -> None:
        """area(n) is a big square filtered by BFS distance <= n, ordered by r then q."""
        assert list(hexagon.area(radius)) == slow_area(radius)

    def test_negative_radius(self) -> None:
        """A negative radius is rejected."""
        with pytest.raises(ValueError, match="radius"):
            hexagon.area(-1)


class TestRing:
    """ring() and ring_corners()."""

    def test_ring_one(self) -> None:
        """Ring 1 is the six neighbours of the centre in direction order."""
        assert hexagon.ring(1) == ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))

    def test_ring_zero(self) -> None:
        """Ring 0 is the centre alone."""
        assert hexagon.ring(0) == ((0, 0),)

    @given(st.integers(min_value=1, max_value=REFERENCE_RADIUS))
    def test_ring_properties(self, n: int) -> None:
        """Ring n has 6n distinct hexes at BFS distance n, consecutive ones adjacent."""
        cells = hexagon.ring(n)
        ball = bfs_ball(REFERENCE_RADIUS)
        assert len(cells) == 6 * n
        assert len(set(cells)) == 6 * n
        assert all(ball[cell] == n for cell in cells)
        for a, b in zip(cells, cells[1:] + cells[:1], strict=True):
            assert slow_adjacent(a, b)

    @given(st.integers(min_value=1, max_value=REFERENCE_RADIUS))
    def test_ring_is_all_hexes_at_distance(self, n: int) -> None:
        """Ring n holds every hex at BFS distance exactly n."""
        expected = {cell for cell, dist in bfs_ball(REFERENCE_RADIUS).items() if dist == n}
        assert set(hexagon.ring(n)) == expected

    @given(st.integers(min_value=1, max_value=REFERENCE_RADIUS))
    def test_ring_goes_counter_clockwise_from_east(self, n: int) -> None:
        """The ring starts at the east corner and passes the corners in direction order."""
        cells = hexagon.ring(n)
        assert [cells[k * n] for k in range(6)] == [step((0, 0), d, n) for d in range(6)]

    def test_start_cells_axio_4(self) -> None:
        """The radius-5 corners (AXIO-4 start cells) are 5 steps along each direction."""
        assert hexagon.ring_corners(5) == ((5, 0), (5, -5), (0, -5), (-5, 0), (-5, 5), (0, 5))
        assert all(bfs_distance((0, 0), c) == 5 for c in hexagon.ring_corners(5))

    @given(st.integers(min_value=0, max_value=REFERENCE_RADIUS))
    def test_corners_on_ring(self, n: int) -> None:
        """ring_corners(n) are n steps along each direction."""
        assert hexagon.ring_corners(n) == tuple(step((0, 0), d, n) for d in range(6))

    def test_negative_radius(self) -> None:
        """A negative radius is rejected."""
        with pytest.raises(ValueError, match="radius"):
            hexagon.ring(-2)


class TestRay:
    """ray() walks a straight line inside an area."""

    def test_example(self) -> None:
        """From (3, 0) going east inside radius 5: (4, 0), (5, 0)."""
        assert hexagon.ray((3, 0), 0, 5) == ((4, 0), (5, 0))

    def test_from_edge_outward(self) -> None:
        """From an edge hex pointing outward the ray is empty."""
        assert hexagon.ray((5, 0), 0, 5) == ()

    @given(small_hexes, directions, radii)
    def test_matches_stepping(self, cell: Hex, d: int, radius: int) -> None:
        """The ray is the hexes met stepping along d while inside the filtered square."""
        inside = set(slow_area(radius))
        if cell in inside:
            assert list(hexagon.ray(cell, d, radius)) == slow_ray(cell, d, inside)

    @given(small_hexes, directions, radii)
    def test_straight_and_inside(self, cell: Hex, d: int, radius: int) -> None:
        """Hex k of the ray is k steps along d, within the radius; the next is outside."""
        if cell not in set(slow_area(radius)):
            with pytest.raises(ValueError, match="outside"):
                hexagon.ray(cell, d, radius)
            return
        line = hexagon.ray(cell, d, radius)
        for k, h in enumerate(line, start=1):
            assert h == step(cell, d, k)
            assert bfs_ball(REFERENCE_RADIUS)[h] <= radius
        beyond = step(cell, d, len(line) + 1)
        assert bfs_distance((0, 0), beyond) > radius


class TestCorners:
    """Down and up corners and the symbol classes of POLY-5."""

    def test_down_corner_example(self) -> None:
        """The down corner at (0, 0) is (0, 0), (1, 0), (0, 1)."""
        assert hexagon.down_corner((0, 0)) == ((0, 0), (1, 0), (0, 1))

    def test_up_corner_example(self) -> None:
        """The up corner at (0, 0) is (0, 0), (1, 0), (1, -1)."""
        assert hexagon.up_corner((0, 0)) == ((0, 0), (1, 0), (1, -1))

    def test_symbol_examples(self) -> None:
        """(q - r) mod 3 worked by hand."""
        assert hexagon.corner_symbol((0, 0)) == 0
        assert hexagon.corner_symbol((1, 0)) == 1
        assert hexagon.corner_symbol((2, 0)) == 2
        assert hexagon.corner_symbol((0, 1)) == 2
        assert hexagon.corner_symbol((0, 2)) == 1
        assert hexagon.corner_symbol((-4, 3)) == 2  # -7 mod 3

    @given(wide_hexes)
    def test_corners_are_mutually_adjacent(self, anchor: Hex) -> None:
        """The three hexes of either kind of corner are pairwise adjacent."""
        for corner in (hexagon.down_corner(anchor), hexagon.up_corner(anchor)):
            for a, b in itertools.combinations(corner, 2):
                assert slow_adjacent(a, b)

    @given(small_hexes)
    def test_six_triangles_split_into_down_and_up(self, cell: Hex) -> None:
        """Of the six triangles around a hex, three are its down corners, three its up corners."""
        near = [(cell[0] + dq, cell[1] + dr) for dq in range(-1, 2) for dr in range(-1, 2)]
        around = {t for t in slow_triangles(near) if cell in t}
        assert len(around) == 6
        down = {t for t in around if is_down_triangle(t)}
        assert {frozenset(hexagon.down_corner(a)) for a in hexagon.down_corners_of(cell)} == down
        assert {frozenset(hexagon.up_corner(a)) for a in hexagon.up_corners_of(cell)} == (
            around - down
        )

    @given(wide_hexes)
    def test_three_down_corners_one_of_each_symbol(self, cell: Hex) -> None:
        """POLY-5: each hex touches three down corners with symbols 0, 1 and 2."""
        anchors = hexagon.down_corners_of(cell)
        assert all(cell in hexagon.down_corner(a) for a in anchors)
        assert sorted((a[0] - a[1]) % 3 for a in anchors) == [0, 1, 2]
        assert sorted(hexagon.corner_symbol(a) for a in anchors) == [0, 1, 2]

    @given(wide_hexes)
    def test_up_corners_of_contain_cell(self, cell: Hex) -> None:
        """Each anchor listed by up_corners_of has the cell in its up corner."""
        anchors = hexagon.up_corners_of(cell)
        assert len(set(anchors)) == 3
        assert all(cell in hexagon.up_corner(a) for a in anchors)


class TestHexArea:
    """HexArea's tables agree with the slow references."""

    @given(radii)
    def test_cells_and_index(self, radius: int) -> None:
        """cells is the area in row order and index is its inverse."""
        board = hexagon.hex_area(radius)
        assert list(board.cells) == slow_area(radius)
        assert board.radius == radius
        assert board.size == len(board) == len(board.cells)
        assert all(board.index[cell] == i for i, cell in enumerate(board.cells))
        assert len(board.index) == board.size
        assert board.cells[board.centre] == (0, 0)
        assert list(board) == list(board.cells)

    @given(radii, small_hexes)
    def test_contains(self, radius: int, cell: Hex) -> None:
        """A hex is in the area exactly when its BFS distance is within the radius."""
        board = hexagon.hex_area(radius)
        assert (cell in board) == (bfs_ball(REFERENCE_RADIUS)[cell] <= radius)

    @given(radii)
    def test_neighbour_table(self, radius: int) -> None:
        """Entry d of a hex is its step-d neighbour's number, or -1 outside."""
        board = hexagon.hex_area(radius)
        number = {cell: i for i, cell in enumerate(slow_area(radius))}
        for i, cell in enumerate(board.cells):
            expected = tuple(number.get(step(cell, d), -1) for d in range(6))
            assert board.neighbours[i] == expected

    @given(radii)
    def test_ray_table(self, radius: int) -> None:
        """Ray d of a hex is the numbers met stepping along d inside the area."""
        board = hexagon.hex_area(radius)
        number = {cell: i for i, cell in enumerate(slow_area(radius))}
        for i, cell in enumerate(board.cells):
            for d in range(6):
                expected = [number[h] for h in slow_ray(cell, d, set(number))]
                assert list(board.rays[i][d]) == expected

    @given(st.integers(min_value=0, max_value=5))
    def test_pairs_every_adjacent_pair_once(self, radius: int) -> None:
        """pairs lists each adjacent pair once, found by brute force over all pairs."""
        board = hexagon.hex_area(radius)
        inside = slow_area(radius)
        expected = [
            (i, j)
            for i, j in itertools.combinations(range(len(inside)), 2)
            if bfs_ball(REFERENCE_RADIUS)[inside[j][0] - inside[i][0], inside[j][1] - inside[i][1]]
            == 1
        ]
        assert list(board.pairs) == expected

    @pytest.mark.parametrize(("radius", "count"), [(0, 0), (1, 12), (2, 42), (5, 240)])
    def test_pair_counts(self, radius: int, count: int) -> None:
        """Hand counts: 6 spokes and 6 ring edges on radius 1; 3n(3n + 1) in general."""
        assert len(hexagon.hex_area(radius).pairs) == count

    @given(radii)
    def test_down_corners_match_triangles(self, radius: int) -> None:
        """down_corners are the down triangles inside the area, anchored in number order."""
        board = hexagon.hex_area(radius)
        inside = slow_area(radius)
        triangles = {t for t in slow_triangles(inside) if is_down_triangle(t)}
        listed = [tuple(board.cells[i] for i in corner) for corner in board.down_corners]
        assert {frozenset(c) for c in listed} == triangles
        assert len(listed) == len(triangles)
        for a, b, c in listed:
            assert b == (a[0] + 1, a[1])
            assert c == (a[0], a[1] + 1)
        anchors = [board.index[a] for a, _, _ in listed]
        assert anchors == sorted(anchors)

    @pytest.mark.parametrize("radius", [1, 2, 4, 7])
    def test_down_corner_count(self, radius: int) -> None:
        """A hexagon of side n holds 6n^2 unit triangles, half of them down: 3n^2."""
        assert len(hexagon.hex_area(radius).down_corners) == 3 * radius * radius

    @given(radii)
    def test_down_corner_symbols(self, radius: int) -> None:
        """Each listed corner carries the POLY-5 symbol (q - r) mod 3 of its anchor."""
        board = hexagon.hex_area(radius)
        assert len(board.down_corner_symbols) == len(board.down_corners)
        for corner, symbol in zip(board.down_corners, board.down_corner_symbols, strict=True):
            q, r = board.cells[corner[0]]
            assert symbol == (q - r) % 3

    @given(radii)
    def test_corners_of(self, radius: int) -> None:
        """corners_of lists the positions of the corners containing each hex, sorted."""
        board = hexagon.hex_area(radius)
        assert len(board.corners_of) == board.size
        for i, positions in enumerate(board.corners_of):
            expected = [p for p, corner in enumerate(board.down_corners) if i in corner]
            assert list(positions) == expected

    @given(st.integers(min_value=1, max_value=8))
    def test_inner_hexes_touch_all_three_symbols(self, radius: int) -> None:
        """A hex not on the outer ring belongs to three corners with symbols 0, 1, 2."""
        board = hexagon.hex_area(radius)
        for i, cell in enumerate(board.cells):
            if bfs_ball(REFERENCE_RADIUS)[cell] < radius:
                symbols = sorted(board.down_corner_symbols[p] for p in board.corners_of[i])
                assert symbols == [0, 1, 2]

    def test_docstring_example(self) -> None:
        """Radius 1: 7 hexes, centre (0, 0), the centre's east ray is just (1, 0)."""
        board = hexagon.hex_area(1)
        assert board.size == 7
        assert board.cells[board.centre] == (0, 0)
        assert [board.cells[i] for i in board.rays[board.centre][0]] == [(1, 0)]

    def test_cached(self) -> None:
        """hex_area() returns the same object for the same radius."""
        assert hexagon.hex_area(3) is hexagon.hex_area(3)

    def test_negative_radius(self) -> None:
        """A negative radius is rejected."""
        with pytest.raises(ValueError, match="radius"):
            hexagon.hex_area(-1)


class TestAreaRepr:
    """A HexArea's repr: its radius and cells, not its tables (hundreds of numbers)."""

    def test_repr_shows_radius_and_cells_only(self) -> None:
        """The smallest area reads back as its radius and its seven hexes, nothing more."""
        area = hexagon.hex_area(1)
        assert len(area.cells) == 7
        assert repr(area) == f"HexArea(radius=1, cells={area.cells!r})"
