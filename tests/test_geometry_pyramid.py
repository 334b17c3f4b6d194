"""Tests for :mod:`tilegames.geometry.pyramid`, against brute force over cell coordinates."""

from __future__ import annotations

import pickle

import attrs
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from tilegames.geometry import pyramid
from tilegames.geometry.pyramid import NO_STONE, Pyramid, Spot

widths = st.integers(min_value=1, max_value=7)
depths = st.sampled_from([2, 4, 6])


def xy(cell: int, width: int) -> tuple[int, int]:
    """Cell number to coordinates: number = y * width + x (module docstring)."""
    return cell % width, cell // width


def slow_adjacent_pairs(width: int, depth: int) -> list[Spot]:
    """Every pair of cells one step apart along x or y, over all pairs of cells."""
    size = width * depth
    pairs = []
    for a in range(size):
        for b in range(a + 1, size):
            (ax, ay), (bx, by) = xy(a, width), xy(b, width)
            if abs(ax - bx) + abs(ay - by) == 1:
                pairs.append((a, b))
    return pairs


def slow_spots(p: Pyramid) -> list[Spot]:
    """AZT-6 by brute force: adjacent by x/y, same height >= 1, different top stones."""
    return [
        (a, b)
        for a, b in slow_adjacent_pairs(p.width, p.depth)
        if p.heights[a] == p.heights[b] >= 1 and p.tops[a] != p.tops[b]
    ]


@st.composite
def pyramids(draw: st.DrawFn) -> tuple[Pyramid, int]:
    """A pyramid grown from a base by legal placements, and how many stones it holds."""
    width, depth = draw(widths), draw(depths)
    count = width * depth // 2
    stones = draw(st.permutations(range(count)))
    p = pyramid.base(stones, width, depth)
    for _ in range(draw(st.integers(min_value=0, max_value=12))):
        available = slow_spots(p)
        if not available:
            break
        a, b = draw(st.sampled_from(available))
        if draw(st.booleans()):
            a, b = b, a
        p = pyramid.place(p, (a, b), count)
        count += 1
    return p, count


class TestAdjacentPairs:
    """adjacent_pairs() lists orthogonal neighbours."""

    def test_two_by_two(self) -> None:
        """Cells 0 1 / 2 3: four pairs, no diagonals."""
        assert pyramid.adjacent_pairs(2, 2) == ((0, 1), (0, 2), (1, 3), (2, 3))

    @given(widths, st.integers(min_value=1, max_value=7))
    def test_matches_brute_force(self, width: int, depth: int) -> None:
        """The pairs are exactly the cells at x/y distance 1, a < b, sorted."""
        assert list(pyramid.adjacent_pairs(width, depth)) == slow_adjacent_pairs(width, depth)

    def test_default_grid_count(self) -> None:
        """The 6x4 grid has 5*4 pairs along rows and 6*3 across: 38."""
        assert len(pyramid.adjacent_pairs(6, 4)) == 38


class TestBase:
    """base() lays the two rows of AZT-4."""

    def test_default_layout(self) -> None:
        """AZT-4: stone x covers (x, 0), (x, 1); stone 6 + x covers (x, 2), (x, 3)."""
        p = pyramid.base([10 * i for i in range(12)])
        assert (p.width, p.depth) == (6, 4) == (pyramid.BASE_WIDTH, pyramid.BASE_DEPTH)
        for x in range(6):
            assert p.tops[0 * 6 + x] == p.tops[1 * 6 + x] == 10 * x
            assert p.tops[2 * 6 + x] == p.tops[3 * 6 + x] == 10 * (6 + x)
        assert p.heights == (1,) * 24

    def test_docstring_example(self) -> None:
        """Cell (4, 1) shows stone 4 and cell (4, 2) stone 10."""
        p = pyramid.base(range(12))
        assert p.tops[p.cell(4, 1)] == 4
        assert p.tops[p.cell(4, 2)] == 10

    @given(widths, depths)
    def test_every_stone_covers_two_cells_across_its_row(self, width: int, depth: int) -> None:
        """Each base stone lies on exactly two cells, at (x, 2k) and (x, 2k + 1)."""
        count = width * depth // 2
        p = pyramid.base(range(count), width, depth)
        for stone in range(count):
            covered = [xy(c, width) for c, top in enumerate(p.tops) if top == stone]
            row, x = divmod(stone, width)
            assert covered == [(x, 2 * row), (x, 2 * row + 1)]
        assert set(p.heights) == {1}

    @pytest.mark.parametrize(
        ("count", "width", "depth"), [(11, 6, 4), (13, 6, 4), (9, 6, 3), (0, 6, 4)]
    )
    def test_wrong_shape_rejected(self, count: int, width: int, depth: int) -> None:
        """A wrong number of stones or an odd depth is rejected."""
        with pytest.raises(ValueError, match="base needs"):
            pyramid.base(range(count), width, depth)


class TestPyramidValidation:
    """Pyramid checks its tables on construction."""

    def test_wrong_length(self) -> None:
        """Tables of the wrong size are rejected."""
        with pytest.raises(ValueError, match="needs 4"):
            Pyramid(width=2, depth=2, heights=(1, 1, 1), tops=(0, 0, 1))

    def test_height_without_top(self) -> None:
        """A cell with stones on it must have a top stone."""
        with pytest.raises(ValueError, match="height 1 with top -1"):
            Pyramid(width=2, depth=1, heights=(1, 1), tops=(0, NO_STONE))

    def test_top_without_height(self) -> None:
        """An empty cell has no top stone."""
        with pytest.raises(ValueError, match="height 0 with top 3"):
            Pyramid(width=2, depth=1, heights=(0, 1), tops=(3, 0))

    def test_negative_height(self) -> None:
        """Heights are never negative."""
        with pytest.raises(ValueError, match="height -1"):
            Pyramid(width=2, depth=1, heights=(-1, 1), tops=(3, 0))

    def test_empty_cells_allowed(self) -> None:
        """Height 0 with NO_STONE is a valid empty cell."""
        p = Pyramid(width=2, depth=1, heights=(0, 0), tops=(NO_STONE, NO_STONE))
        assert pyramid.spots(p) == ()

    def test_cell_at_and_one_step_over_each_edge(self) -> None:
        """The corner cells of a 3x2 grid are numbered; one step past any edge raises."""
        p = Pyramid(width=3, depth=2, heights=(0,) * 6, tops=(NO_STONE,) * 6)
        assert [p.cell(0, 0), p.cell(2, 0), p.cell(0, 1), p.cell(2, 1)] == [0, 2, 3, 5]
        for x, y in ((-1, 0), (3, 0), (0, -1), (0, 2), (-1, -1), (3, 2)):
            with pytest.raises(ValueError, match=rf"cell \({x}, {y}\) is off the 3x2 grid"):
                p.cell(x, y)

    @given(widths, st.integers(min_value=1, max_value=6), st.integers(-2, 8), st.integers(-2, 8))
    def test_cell_and_xy(self, width: int, depth: int, x: int, y: int) -> None:
        """cell() numbers y * width + x and xy() inverts it; off-grid cells raise."""
        p = Pyramid(
            width=width,
            depth=depth,
            heights=(0,) * (width * depth),
            tops=(NO_STONE,) * (width * depth),
        )
        if 0 <= x < width and 0 <= y < depth:
            assert p.cell(x, y) == y * width + x
            assert p.xy(p.cell(x, y)) == (x, y)
        else:
            with pytest.raises(ValueError, match="off the"):
                p.cell(x, y)


class TestSpots:
    """spots() and is_spot() follow AZT-6."""

    def test_base_spot_count(self) -> None:
        """The 6x4 base has 5 spots along each of 4 lines plus 6 across the seam: 26."""
        p = pyramid.base(range(12))
        found = pyramid.spots(p)
        assert len(found) == 26
        across = [(a, b) for a, b in found if b - a == 6]
        assert across == [(6 + x, 12 + x) for x in range(6)]  # rows y = 1 and y = 2

    def test_same_stone_is_not_a_spot(self) -> None:
        """The two cells under one base stone cannot be bridged."""
        p = pyramid.base(range(12))
        assert not pyramid.is_spot(p, p.cell(0, 0), p.cell(0, 1))

    def test_diagonal_is_not_a_spot(self) -> None:
        """Diagonal cells are not adjacent."""
        p = pyramid.base(range(12))
        assert not pyramid.is_spot(p, p.cell(0, 1), p.cell(1, 2))

    def test_row_wrap_is_not_a_spot(self) -> None:
        """The last cell of a row and the first of the next are not adjacent."""
        p = pyramid.base(range(12))
        assert not pyramid.is_spot(p, p.cell(5, 1), p.cell(0, 2))

    def test_different_heights_not_a_spot(self) -> None:
        """A stone must lie flat: cells of heights 2 and 1 are not a spot."""
        p = pyramid.place(pyramid.base(range(12)), (0, 1), 12)
        assert p.heights[1] == 2
        assert p.heights[2] == 1
        assert not pyramid.is_spot(p, 1, 2)

    @given(pyramids())
    def test_spots_match_brute_force(self, grown: tuple[Pyramid, int]) -> None:
        """spots() equals the brute-force search over every pair of cells."""
        p, _ = grown
        assert list(pyramid.spots(p)) == slow_spots(p)

    @given(pyramids(), st.data())
    def test_is_spot_agrees_with_spots(
        self, grown: tuple[Pyramid, int], data: st.DataObject
    ) -> None:
        """is_spot(a, b) and is_spot(b, a) hold exactly for the listed spots."""
        p, _ = grown
        size = p.width * p.depth
        a = data.draw(st.integers(0, size - 1))
        b = data.draw(st.integers(0, size - 1))
        expected = (min(a, b), max(a, b)) in set(slow_spots(p))
        assert pyramid.is_spot(p, a, b) == expected
        assert pyramid.is_spot(p, b, a) == expected


class TestPlace:
    """place() lays a stone on a spot."""

    @given(pyramids(), st.data())
    def test_place_raises_both_cells(
        self, grown: tuple[Pyramid, int], data: st.DataObject
    ) -> None:
        """Both cells gain one level and show the stone; nothing else changes."""
        p, stone = grown
        available = slow_spots(p)
        assume(available)
        a, b = data.draw(st.sampled_from(available))
        after = pyramid.place(p, (b, a) if data.draw(st.booleans()) else (a, b), stone)
        for cell in range(p.width * p.depth):
            if cell in (a, b):
                assert after.heights[cell] == p.heights[cell] + 1
                assert after.tops[cell] == stone
            else:
                assert after.heights[cell] == p.heights[cell]
                assert after.tops[cell] == p.tops[cell]
        assert not pyramid.is_spot(after, a, b)

    def test_stone_ids_start_at_zero(self) -> None:
        """Stone 0 is laid; -1 is no stone id."""
        p = pyramid.base((1, 2), 2, 2)  # two stones side by side: spots across them
        (a, b), *_ = slow_spots(p)
        after = pyramid.place(p, (a, b), 0)
        assert (after.tops[a], after.tops[b]) == (0, 0)
        with pytest.raises(ValueError, match=r"stone ids are >= 0, got -1"):
            pyramid.place(p, (a, b), -1)

    @given(pyramids())
    def test_heights_count_the_stones(self, grown: tuple[Pyramid, int]) -> None:
        """The heights add up to two cells per stone laid."""
        p, count = grown
        assert sum(p.heights) == 2 * count

    @given(pyramids())
    def test_tops_are_visible_stones(self, grown: tuple[Pyramid, int]) -> None:
        """A top stone shows on one cell (half covered) or two cells of equal height."""
        p, count = grown
        for stone in set(p.tops):
            assert 0 <= stone < count
            cells = [c for c, top in enumerate(p.tops) if top == stone]
            assert 1 <= len(cells) <= 2
            assert len({p.heights[c] for c in cells}) == 1

    def test_original_untouched(self) -> None:
        """place() returns a new pyramid and leaves its argument as it was."""
        p = pyramid.base(range(12))
        before = (p.heights, p.tops)
        after = pyramid.place(p, (0, 1), 12)  # cells (0, 0) and (1, 0)
        assert (p.heights, p.tops) == before
        assert after != p
        assert after.tops[:2] == (12, 12)

    def test_second_level_spot(self) -> None:
        """Two stones side by side at level 2 form a spot at level 2, bridged at level 3."""
        p = pyramid.base(range(12))
        p = pyramid.place(p, (0, 1), 12)  # cells (0, 0), (1, 0)
        p = pyramid.place(p, (6, 7), 13)  # cells (0, 1), (1, 1)
        assert pyramid.is_spot(p, 0, 6)  # (0, 0) under 12, (0, 1) under 13, both height 2
        p = pyramid.place(p, (6, 0), 14)
        assert p.heights[0] == p.heights[6] == 3

    def test_not_a_spot_rejected(self) -> None:
        """Placing on the two cells of one stone raises, naming the cells."""
        p = pyramid.base(range(12))
        with pytest.raises(ValueError, match=r"\(0, 0\) and \(0, 1\) are not a spot"):
            pyramid.place(p, (0, 6), 12)

    def test_off_grid_rejected(self) -> None:
        """Cell numbers outside the grid are not a spot."""
        p = pyramid.base(range(12))
        with pytest.raises(ValueError, match="not a spot"):
            pyramid.place(p, (23, 24), 12)

    def test_negative_stone_rejected(self) -> None:
        """Stone ids are never negative (NO_STONE is -1)."""
        p = pyramid.base(range(12))
        with pytest.raises(ValueError, match="stone ids"):
            pyramid.place(p, (0, 1), NO_STONE)


class TestValueSemantics:
    """Pyramids are frozen values."""

    def test_frozen(self) -> None:
        """Fields cannot be assigned."""
        p = pyramid.base(range(12))
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            p.width = 3  # type: ignore[misc]

    def test_equal_and_hashable(self) -> None:
        """Equal tables give equal pyramids with equal hashes, and they pickle."""
        a, b = pyramid.base(range(12)), pyramid.base(list(range(12)))
        assert a == b
        assert hash(a) == hash(b)
        assert pickle.loads(pickle.dumps(a)) == a
