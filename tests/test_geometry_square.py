"""Tests for :mod:`tilegames.geometry.square`, against slow references written here."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tilegames.geometry import square
from tilegames.geometry.square import Cell, Vertex

coordinates = st.integers(min_value=-1000, max_value=1000)
cells = st.tuples(coordinates, coordinates)
# A small alphabet so that symmetric tiles (and repeated values) are common.
tiles = st.tuples(*[st.sampled_from("abc")] * 4)
sides = st.integers(min_value=1, max_value=12)

# x to the right, y down (module docstring): the four edge steps, by hand.
HAND_NORTH, HAND_EAST, HAND_SOUTH, HAND_WEST = (0, -1), (1, 0), (0, 1), (-1, 0)


def slow_corner_vertices(cell: Cell) -> list[Vertex]:
    """Corner vertices from the picture: vertex (x, y) is the top-left of cell (x, y)."""
    x, y = cell
    top_left = (x, y)
    top_right = (x + 1, y)  # the top-left vertex of the cell to the east
    bottom_right = (x + 1, y + 1)
    bottom_left = (x, y + 1)  # the top-left vertex of the cell to the south
    return [top_left, top_right, bottom_right, bottom_left]


def slow_quarter_turn(values: tuple[str, ...]) -> tuple[str, ...]:
    """One clockwise quarter turn: the value at corner i moves to corner i + 1."""
    turned = [""] * 4
    for i, value in enumerate(values):
        turned[(i + 1) % 4] = value
    return tuple(turned)


def slow_rotate(values: tuple[str, ...], quarter_turns: int) -> tuple[str, ...]:
    """``quarter_turns`` single quarter turns, one after another (``-1`` is three)."""
    for _ in range(quarter_turns % 4):
        values = slow_quarter_turn(values)
    return values


class TestDirections:
    """The edge directions and corner offsets match the drawing."""

    def test_directions_clockwise_from_north(self) -> None:
        """DIRECTIONS is north, east, south, west with y pointing down."""
        assert square.DIRECTIONS == (HAND_NORTH, HAND_EAST, HAND_SOUTH, HAND_WEST)
        assert (square.NORTH, square.EAST, square.SOUTH, square.WEST) == square.DIRECTIONS

    def test_opposite_directions_cancel(self) -> None:
        """Direction i and direction i + 2 add up to no move."""
        for i, (dx, dy) in enumerate(square.DIRECTIONS):
            ox, oy = square.DIRECTIONS[(i + 2) % 4]
            assert (dx + ox, dy + oy) == (0, 0)

    def test_directions_turn_clockwise(self) -> None:
        """Each direction is the previous one turned a quarter clockwise on screen (y down)."""
        for i, (dx, dy) in enumerate(square.DIRECTIONS):
            # A clockwise quarter turn on a y-down screen maps (dx, dy) to (-dy, dx).
            assert square.DIRECTIONS[(i + 1) % 4] == (-dy, dx)

    def test_corner_offsets_match_drawing(self) -> None:
        """The corners are top left, top right, bottom right, bottom left."""
        assert square.CORNER_OFFSETS == ((0, 0), (1, 0), (1, 1), (0, 1))

    def test_corner_offsets_turn_clockwise(self) -> None:
        """A clockwise quarter turn about the cell centre moves corner i to corner i + 1."""
        for i, (ox, oy) in enumerate(square.CORNER_OFFSETS):
            # Doubled coordinates keep the centre (1/2, 1/2) integral: it is (1, 1).
            dx, dy = 2 * ox - 1, 2 * oy - 1
            nx, ny = square.CORNER_OFFSETS[(i + 1) % 4]
            assert (-dy + 1, dx + 1) == (2 * nx, 2 * ny)


class TestNeighbours:
    """neighbours() steps once in each direction."""

    def test_origin(self) -> None:
        """The origin's neighbours are listed north, east, south, west."""
        assert square.neighbours((0, 0)) == ((0, -1), (1, 0), (0, 1), (-1, 0))

    @given(cells)
    def test_matches_direction_steps(self, cell: Cell) -> None:
        """Neighbour i is the cell plus DIRECTIONS[i]."""
        x, y = cell
        steps = (HAND_NORTH, HAND_EAST, HAND_SOUTH, HAND_WEST)
        assert square.neighbours(cell) == tuple((x + dx, y + dy) for dx, dy in steps)

    @given(cells)
    def test_neighbours_share_an_edge(self, cell: Cell) -> None:
        """Each neighbour shares exactly two corner vertices (one edge) with the cell."""
        own = set(slow_corner_vertices(cell))
        for other in square.neighbours(cell):
            assert len(own & set(slow_corner_vertices(other))) == 2


class TestCellCorners:
    """cell_corners() gives the corner vertices clockwise from the top left."""

    def test_example(self) -> None:
        """Cell (2, 5) has corners (2, 5), (3, 5), (3, 6), (2, 6)."""
        assert square.cell_corners((2, 5)) == ((2, 5), (3, 5), (3, 6), (2, 6))

    @given(cells)
    def test_matches_reference(self, cell: Cell) -> None:
        """The corners agree with the reference built from the picture."""
        assert list(square.cell_corners(cell)) == slow_corner_vertices(cell)

    @given(cells)
    def test_agrees_with_offsets(self, cell: Cell) -> None:
        """Corner i is the cell plus CORNER_OFFSETS[i]."""
        x, y = cell
        offsets = square.CORNER_OFFSETS
        assert square.cell_corners(cell) == tuple((x + dx, y + dy) for dx, dy in offsets)


class TestVertexCells:
    """vertex_cells() lists the four cells meeting at a vertex."""

    def test_origin(self) -> None:
        """The origin vertex is corner 0 of (0, 0), 1 of (-1, 0), 2 of (-1, -1), 3 of (0, -1)."""
        assert square.vertex_cells((0, 0)) == (
            ((0, 0), 0),
            ((-1, 0), 1),
            ((-1, -1), 2),
            ((0, -1), 3),
        )

    @given(cells)
    def test_matches_brute_force(self, vertex: Vertex) -> None:
        """The pairs are exactly the (cell, corner) whose corner vertex is this one."""
        vx, vy = vertex
        found = [
            ((x, y), corner)
            for x in range(vx - 2, vx + 3)
            for y in range(vy - 2, vy + 3)
            for corner, at in enumerate(slow_corner_vertices((x, y)))
            if at == vertex
        ]
        result = square.vertex_cells(vertex)
        assert sorted(result) == sorted(found)
        assert [corner for _, corner in result] == [0, 1, 2, 3]


class TestRotate:
    """rotate() turns corner values clockwise."""

    def test_examples(self) -> None:
        """A quarter turn moves a from corner 0 to corner 1; -1 equals 3."""
        assert square.rotate(("a", "b", "c", "d"), 1) == ("d", "a", "b", "c")
        assert square.rotate(("a", "b", "c", "d"), 2) == ("c", "d", "a", "b")
        assert square.rotate(("a", "b", "c", "d"), -1) == ("b", "c", "d", "a")

    @given(tiles, st.integers(min_value=-20, max_value=20))
    def test_matches_reference(self, tile: tuple[str, ...], k: int) -> None:
        """rotate(tile, k) equals k single quarter turns done one by one."""
        assert square.rotate(tile, k) == slow_rotate(tile, k)

    @given(tiles, st.integers(min_value=-20, max_value=20))
    def test_value_moves_to_corner_plus_k(self, tile: tuple[str, ...], k: int) -> None:
        """The value at corner i ends at corner (i + k) % 4."""
        turned = square.rotate(tile, k)
        for i in range(4):
            assert turned[(i + k) % 4] == tile[i]

    @given(tiles, st.integers(min_value=-20, max_value=20))
    def test_rotate_back_is_identity(self, tile: tuple[str, ...], k: int) -> None:
        """Turning by k and then by -k gives the tile back."""
        assert square.rotate(square.rotate(tile, k), -k) == tile

    @given(tiles)
    def test_four_quarter_turns_are_identity(self, tile: tuple[str, ...]) -> None:
        """Four single quarter turns give the tile back."""
        turned = tile
        for _ in range(4):
            turned = square.rotate(turned, 1)
        assert turned == tile

    @given(tiles, st.integers(-10, 10), st.integers(-10, 10))
    def test_turns_add_up(self, tile: tuple[str, ...], j: int, k: int) -> None:
        """Turning by j then by k is turning by j + k."""
        assert square.rotate(square.rotate(tile, j), k) == square.rotate(tile, j + k)

    def test_accepts_any_sequence(self) -> None:
        """A list or a string of four corners is turned into a tuple."""
        assert square.rotate([1, 2, 3, 4], 1) == (4, 1, 2, 3)
        assert square.rotate("wxyz", 3) == ("x", "y", "z", "w")

    @pytest.mark.parametrize("size", [0, 3, 5])
    def test_wrong_corner_count(self, size: int) -> None:
        """A sequence that is not four long is rejected with the count in the message."""
        with pytest.raises(ValueError, match=f"got {size}"):
            square.rotate(tuple(range(size)), 1)


class TestDistinctRotations:
    """distinct_rotations() lists each distinct orientation once."""

    @pytest.mark.parametrize(
        ("tile", "expected"),
        [
            ((1, 2, 3, 4), (0, 1, 2, 3)),  # no symmetry
            ((1, 2, 1, 2), (0, 1)),  # half-turn symmetry
            ((5, 5, 5, 5), (0,)),  # full symmetry
            ((1, 1, 2, 2), (0, 1, 2, 3)),  # two pairs side by side: no symmetry
            ((1, 1, 1, 2), (0, 1, 2, 3)),
        ],
    )
    def test_examples(self, tile: tuple[int, ...], expected: tuple[int, ...]) -> None:
        """Hand-worked symmetric and asymmetric tiles."""
        assert square.distinct_rotations(tile) == expected

    @given(tiles)
    def test_count_matches_distinct_tuples(self, tile: tuple[str, ...]) -> None:
        """There are as many entries as distinct turned tuples."""
        distinct = {slow_rotate(tile, k) for k in range(4)}
        assert len(square.distinct_rotations(tile)) == len(distinct)

    @given(tiles)
    def test_smallest_turn_of_each_orientation(self, tile: tuple[str, ...]) -> None:
        """Each distinct orientation appears once, under the smallest turn giving it."""
        expected: dict[tuple[str, ...], int] = {}
        for k in range(4):
            expected.setdefault(slow_rotate(tile, k), k)
        assert square.distinct_rotations(tile) == tuple(sorted(expected.values()))


class TestPacking:
    """pack/unpack: one int per cell or vertex, neighbours and corners as constant steps."""

    @given(cells)
    def test_unpack_inverts_pack(self, cell: Cell) -> None:
        """unpack(pack(x, y)) == (x, y) for every packable cell."""
        assert square.unpack(square.pack(*cell)) == cell

    @given(cells)
    def test_steps_are_additions(self, cell: Cell) -> None:
        """A neighbour and a corner's vertex are the packed cell plus a constant step."""
        x, y = cell
        packed = square.pack(x, y)
        for (dx, dy), step in zip(
            square.DIRECTIONS, square.packed_steps(square.DIRECTIONS), strict=True
        ):
            assert packed + step == square.pack(x + dx, y + dy)
        for vertex, step in zip(
            square.cell_corners(cell), square.PACKED_CORNER_STEPS, strict=True
        ):
            assert packed + step == square.pack(*vertex)

    def test_stride_and_reach(self) -> None:
        """One step down adds 2**15; cells within -16383..16382 are packable, one more is not."""
        assert square.PACK_STRIDE == 1 << 15
        assert square.pack(0, 1) - square.pack(0, 0) == 1 << 15
        assert square.PACK_REACH == 16382
        assert square.packable(16382, -16383)
        assert square.packable(-16383, 16382)
        assert not square.packable(16383, 0)
        assert not square.packable(0, -16384)

    def test_packed_ints_are_one_digit(self) -> None:
        """Every packable cell's corners pack to non-negative ints below 2**30."""
        for x, y in [(-16383, -16383), (16382, 16382), (-16383, 16382)]:
            for vx, vy in square.cell_corners((x, y)):
                assert 0 <= square.pack(vx, vy) < 1 << 30

    def test_around_table_by_hand(self) -> None:
        """The 8 surrounding cells in reading order, their shared corners drawn by hand.

        (-1,-1) shares its corner 2, (0,-1) its corners 2 and 3, (1,-1) its corner 3,
        (-1,0) its corners 1 and 2, (1,0) its corners 0 and 3, (-1,1) its corner 1,
        (0,1) its corners 0 and 1, (1,1) its corner 0.
        """
        stride = 1 << 15
        expected = [
            (-1 - stride, 0b0100, False),
            (-stride, 0b1100, True),
            (1 - stride, 0b1000, False),
            (-1, 0b0110, True),
            (1, 0b1001, True),
            (-1 + stride, 0b0010, False),
            (stride, 0b0011, True),
            (1 + stride, 0b0001, False),
        ]
        assert list(square.PACKED_AROUND) == expected


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
class TestGrid:
    """Grid numbers a rectangle and its tables agree with the coordinate functions (deprecated)."""

    @pytest.mark.filterwarnings("error::DeprecationWarning")
    def test_grid_is_deprecated(self) -> None:
        """grid() and Grid() warn on every use: no game uses them."""
        with pytest.warns(DeprecationWarning, match="deprecated"):
            g = square.grid(2, 2)
        with pytest.warns(DeprecationWarning, match="deprecated"):
            assert square.grid(2, 2) is g
        with pytest.warns(DeprecationWarning, match="deprecated"):
            square.Grid(1, 1, ((-1, -1, -1, -1),), ((0, 1, 3, 2),), ((),) * 4)

    @pytest.mark.filterwarnings("error::DeprecationWarning")
    def test_deprecation_points_at_the_caller(self) -> None:
        """The warnings of grid() and Grid() name the line that called them, not the library."""
        with pytest.warns(DeprecationWarning, match="deprecated") as by_function:
            square.grid(2, 2)
        with pytest.warns(DeprecationWarning, match="deprecated") as by_class:
            square.Grid(1, 1, ((-1, -1, -1, -1),), ((0, 1, 3, 2),), ((),) * 4)
        assert [w.filename for w in [*by_function, *by_class]] == [__file__, __file__]

    def test_xy_and_vertex_refuse_numbers_off_the_grid(self) -> None:
        """Cell numbers past the last cell and vertices outside the rectangle are errors."""
        g = square.grid(3, 2)
        assert g.xy(5) == (2, 1)
        assert g.vertex(3, 2) == 11
        with pytest.raises(ValueError, match="no cell 6"):
            g.xy(6)
        with pytest.raises(ValueError, match="off the"):
            g.vertex(4, 0)

    def test_docstring_example(self) -> None:
        """On a 3x2 grid cell (1, 1) is 4 and cell 0 has east 1, south 3, corners 0,1,5,4."""
        g = square.grid(3, 2)
        assert g.cell(1, 1) == 4
        assert g.xy(4) == (1, 1)
        assert g.neighbours[0] == (-1, 1, 3, -1)
        assert g.corner_vertices[0] == (0, 1, 5, 4)
        assert g.size == 6

    @given(sides, sides)
    def test_cell_numbers_row_by_row(self, width: int, height: int) -> None:
        """Cell (x, y) is y * width + x, and xy() inverts cell()."""
        g = square.grid(width, height)
        numbers = [g.cell(x, y) for y in range(height) for x in range(width)]
        assert numbers == list(range(width * height))
        assert [g.xy(n) for n in numbers] == [(x, y) for y in range(height) for x in range(width)]
        assert g.size == width * height

    @given(sides, sides)
    def test_neighbour_table(self, width: int, height: int) -> None:
        """Each table row is neighbours() numbered, with -1 off the grid."""
        g = square.grid(width, height)
        assert len(g.neighbours) == width * height
        for y in range(height):
            for x in range(width):
                expected = tuple(
                    ny * width + nx if 0 <= nx < width and 0 <= ny < height else -1
                    for nx, ny in ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y))
                )
                assert g.neighbours[y * width + x] == expected

    @given(sides, sides)
    def test_neighbour_table_is_symmetric(self, width: int, height: int) -> None:
        """If b is a's neighbour in direction i, a is b's in direction i + 2."""
        g = square.grid(width, height)
        for a, row in enumerate(g.neighbours):
            for i, b in enumerate(row):
                if b != -1:
                    assert g.neighbours[b][(i + 2) % 4] == a

    @given(sides, sides)
    def test_corner_table(self, width: int, height: int) -> None:
        """Each row is the cell's corner vertices, numbered y * (width + 1) + x."""
        g = square.grid(width, height)
        assert len(g.corner_vertices) == width * height
        for y in range(height):
            for x in range(width):
                expected = tuple(vy * (width + 1) + vx for vx, vy in slow_corner_vertices((x, y)))
                assert g.corner_vertices[y * width + x] == expected
                assert g.vertex(x, y) == y * (width + 1) + x

    @given(sides, sides)
    def test_vertex_table(self, width: int, height: int) -> None:
        """Each vertex lists every grid cell having a corner there, found by brute force."""
        g = square.grid(width, height)
        assert len(g.vertex_cells) == (width + 1) * (height + 1)
        found: dict[int, list[tuple[int, int]]] = {}
        for y in range(height):
            for x in range(width):
                for corner, (vx, vy) in enumerate(slow_corner_vertices((x, y))):
                    found.setdefault(vy * (width + 1) + vx, []).append((y * width + x, corner))
        for vertex, pairs in enumerate(g.vertex_cells):
            assert sorted(pairs) == sorted(found[vertex])
            corners = [corner for _, corner in pairs]
            assert corners == sorted(corners)

    @given(sides, sides)
    def test_tables_are_consistent(self, width: int, height: int) -> None:
        """Corner i of a cell lists that cell with corner i at its vertex."""
        g = square.grid(width, height)
        for cell, vertices in enumerate(g.corner_vertices):
            for corner, vertex in enumerate(vertices):
                assert (cell, corner) in g.vertex_cells[vertex]

    def test_vertex_counts_on_2x2(self) -> None:
        """On a 2x2 grid the centre vertex has four cells, an outer corner one, a side two."""
        g = square.grid(2, 2)
        assert g.vertex_cells[g.vertex(1, 1)] == ((3, 0), (2, 1), (0, 2), (1, 3))
        assert g.vertex_cells[g.vertex(0, 0)] == ((0, 0),)
        assert g.vertex_cells[g.vertex(1, 0)] == ((1, 0), (0, 1))

    @given(sides, sides, st.integers(-3, 15), st.integers(-3, 15))
    def test_cell_off_grid(self, width: int, height: int, x: int, y: int) -> None:
        """cell() raises ValueError exactly for coordinates off the grid."""
        g = square.grid(width, height)
        if 0 <= x < width and 0 <= y < height:
            assert g.cell(x, y) == y * width + x
        else:
            with pytest.raises(ValueError, match="off the"):
                g.cell(x, y)

    @pytest.mark.parametrize(("width", "height"), [(0, 3), (3, 0), (-1, 2)])
    def test_empty_grid_rejected(self, width: int, height: int) -> None:
        """A grid without cells cannot be built."""
        with pytest.raises(ValueError, match="at least one cell"):
            square.grid(width, height)

    def test_cached(self) -> None:
        """grid() returns the same object for the same size."""
        assert square.grid(4, 5) is square.grid(4, 5)
