"""Tests for :mod:`tilegames._core.tracks` on the worked examples of the rules."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tilegames._core import tracks
from tilegames._core.tracks import Tracks

ROTA = (12,)  # ROTA-14: one cap at 12
TEAM = (18, 36)  # AXIO-18: stop at 18 for the scoring, later on to 36

stage_sets = st.sampled_from([ROTA, (18,), TEAM])


@st.composite
def scorings(draw: st.DrawFn) -> tuple[tuple[int, ...], Tracks, list[int]]:
    """Stages, tracks within the final cap, and one scoring's points, for 1-6 colours."""
    stages = draw(stage_sets)
    colours = draw(st.integers(min_value=1, max_value=6))
    values = draw(st.lists(st.integers(0, stages[-1]), min_size=colours, max_size=colours))
    points = draw(st.lists(st.integers(0, 40), min_size=colours, max_size=colours))
    return stages, tuple(values), points


def slow_add(value: int, points: int, stages: tuple[int, ...]) -> tuple[int, bool]:
    """Move a pawn one space per point; it stops for this scoring on the first stage it lands on.

    Returns the new value and whether it landed on a stage.
    """
    for _ in range(points):
        if value == stages[-1]:
            return value, False  # already at the final cap: every point is lost
        value += 1
        if value in stages:
            return value, True  # the rest of this scoring's points are lost
    return value, False


class TestAddPoints:
    """add_points() caps, stages and reports bonuses."""

    def test_rota_cap_with_loss(self) -> None:
        """ROTA-14/15: red at 11 scores +3, ends at 12 with 2 lost and earns a bonus."""
        assert tracks.add_points((11, 0, 0, 0, 0), (3, 0, 0, 0, 0), stages=ROTA) == (
            (12, 0, 0, 0, 0),
            (0,),
        )

    def test_rota_no_second_bonus_at_cap(self) -> None:
        """ROTA-15: a colour already at 12 gains nothing and earns no second extra turn."""
        assert tracks.add_points((12, 4), (2, 1), stages=ROTA) == ((12, 5), ())

    def test_axio_cap(self) -> None:
        """AXIO worked example: red at 16 scores +4, ends at 18 with 2 lost, one bonus."""
        assert tracks.add_points((16, 3, 0, 0, 0, 0), (4, 0, 0, 0, 0, 0), stages=(18,)) == (
            (18, 3, 0, 0, 0, 0),
            (0,),
        )

    def test_team_worked_example(self) -> None:
        """AXIO-18: red at 16 gains 5 -> 18 (3 lost), bonus; later +3 -> 21, no bonus."""
        first, reached = tracks.add_points((16, 0, 0, 0, 0, 0), (5, 0, 0, 0, 0, 0), stages=TEAM)
        assert first == (18, 0, 0, 0, 0, 0)
        assert reached == (0,)
        later, reached = tracks.add_points(first, (3, 0, 0, 0, 0, 0), stages=TEAM)
        assert later == (21, 0, 0, 0, 0, 0)
        assert reached == ()

    def test_team_second_stage(self) -> None:
        """AXIO-18: reaching 36 earns another bonus; past 36 points are lost."""
        assert tracks.add_points((33, 17), (9, 1), stages=TEAM) == ((36, 18), (0, 1))
        assert tracks.add_points((36, 18), (5, 0), stages=TEAM) == ((36, 18), ())

    def test_team_first_stage_from_zero(self) -> None:
        """A huge scoring from 0 still stops at 18 for this scoring."""
        assert tracks.add_points((0,), (40,), stages=TEAM) == ((18,), (0,))

    def test_reports_every_colour_reaching_in_order(self) -> None:
        """All colours reaching a stage in one scoring are reported, in colour order."""
        result = tracks.add_points((10, 12, 11, 5, 9), (2, 3, 1, 1, 7), stages=ROTA)
        assert result == ((12, 12, 12, 6, 12), (0, 2, 4))

    def test_zero_points_never_reach(self) -> None:
        """A colour scoring nothing is not reported even if it sits at a stage."""
        assert tracks.add_points((18, 36), (0, 0), stages=TEAM) == ((18, 36), ())

    def test_length_mismatch(self) -> None:
        """Points for a different number of colours are rejected."""
        with pytest.raises(ValueError, match="3 colours given to 2 tracks"):
            tracks.add_points((1, 2), (1, 1, 1), stages=ROTA)

    def test_negative_points(self) -> None:
        """Negative points are rejected, naming the colour."""
        with pytest.raises(ValueError, match="negative points -1 for colour 1"):
            tracks.add_points((1, 2), (0, -1), stages=ROTA)

    @given(scorings())
    def test_matches_pawn_reference(self, case: tuple[tuple[int, ...], Tracks, list[int]]) -> None:
        """Every colour moves as a pawn stepping one space per point would."""
        stages, values, points = case
        new, reached = tracks.add_points(values, points, stages=stages)
        expected = [slow_add(v, p, stages) for v, p in zip(values, points, strict=True)]
        assert new == tuple(v for v, _ in expected)
        assert reached == tuple(c for c, (_, hit) in enumerate(expected) if hit)

    @given(scorings())
    def test_never_down_never_past_cap(
        self, case: tuple[tuple[int, ...], Tracks, list[int]]
    ) -> None:
        """Tracks never go down, never pass the final cap, and reached colours sit on a stage."""
        stages, values, points = case
        new, reached = tracks.add_points(values, points, stages=stages)
        assert all(b <= a <= stages[-1] for b, a in zip(values, new, strict=True))
        assert all(new[c] in stages and values[c] < new[c] for c in reached)

    @given(scorings())
    def test_input_untouched(self, case: tuple[tuple[int, ...], Tracks, list[int]]) -> None:
        """The tracks passed in are not changed (tuples in, tuples out)."""
        stages, values, points = case
        before = tuple(values)
        new, reached = tracks.add_points(values, points, stages=stages)
        assert values == before
        assert isinstance(new, tuple)
        assert isinstance(reached, tuple)


class TestAllAt:
    """all_at() spots the immediate win."""

    def test_examples(self) -> None:
        """All five at 12 is a win; one at 11 is not."""
        assert tracks.all_at((12, 12, 12, 12, 12), 12)
        assert not tracks.all_at((12, 12, 11, 12, 12), 12)
        assert tracks.all_at((36,) * 6, 36)
        assert not tracks.all_at((18,) * 6, 36)


class TestLowestFirst:
    """lowest_first() sorts the scores ascending."""

    def test_example(self) -> None:
        """(9, 7, 10, 8, 9) becomes (7, 8, 9, 9, 10)."""
        assert tracks.lowest_first((9, 7, 10, 8, 9)) == (7, 8, 9, 9, 10)


class TestRankLowestColour:
    """rank_lowest_colour() implements ROTA-19 and AXIO-16."""

    def test_rota_19_example(self) -> None:
        """ROTA worked example: (7, 8, 9, 9, 10) loses to (7, 9, 9, 10, 10)."""
        assert tracks.rank_lowest_colour([(7, 8, 9, 9, 10), (7, 9, 9, 10, 10)]) == (
            frozenset({1}),
            frozenset({0}),
        )

    def test_rota_19_colours_do_not_matter(self) -> None:
        """Scores in a different colour order rank the same."""
        assert tracks.rank_lowest_colour([(10, 9, 8, 9, 7), (10, 9, 7, 10, 9)]) == (
            frozenset({1}),
            frozenset({0}),
        )

    def test_axio_16_three_players(self) -> None:
        """AXIO tie-break: A lowest 10; B and C lowest 9, then 12 and 14 vs 12 and 13: A, B, C."""
        a = (12, 10, 15, 11, 16, 13)  # sorted: 10, 11, 12, 13, 15, 16
        b = (14, 9, 12, 15, 16, 17)  # sorted: 9, 12, 14, 15, 16, 17
        c = (13, 18, 18, 12, 9, 18)  # sorted: 9, 12, 13, 18, 18, 18
        # Seats listed C, A, B so that the answer is not the input order.
        assert tracks.rank_lowest_colour([c, a, b]) == (
            frozenset({1}),
            frozenset({2}),
            frozenset({0}),
        )

    def test_identical_sorted_scores_share(self) -> None:
        """Players whose sorted scores are identical share the place."""
        assert tracks.rank_lowest_colour([(5, 6, 7), (7, 5, 6), (4, 9, 9)]) == (
            frozenset({0, 1}),
            frozenset({2}),
        )

    @given(st.lists(st.tuples(*[st.integers(0, 3)] * 3), min_size=1, max_size=5))
    def test_pairwise_reference(self, all_tracks: list[Tracks]) -> None:
        """Seat s is above seat t exactly when its sorted scores are lexicographically higher."""
        ranking = tracks.rank_lowest_colour(all_tracks)
        place = {seat: i for i, group in enumerate(ranking) for seat in group}
        assert sorted(place) == list(range(len(all_tracks)))
        for s, t in itertools.permutations(range(len(all_tracks)), 2):
            key_s, key_t = sorted(all_tracks[s]), sorted(all_tracks[t])
            assert (place[s] < place[t]) == (key_s > key_t)
            assert (place[s] == place[t]) == (key_s == key_t)


class TestRatePoints:
    """rate_points: the fall of the squared distance to the final cap, over it, plus bonuses."""

    def test_two_stages_measure_to_the_last(self) -> None:
        """Team tracks (AXIO-18): stages 18 and 36; distances are to 36, the final cap.

        17 + 3 stops at the stage 18 (add_points caps it there), which earns the bonus:
        ((36 - 17)**2 - (36 - 18)**2) / 36 + 4 = 37 / 36 + 4. Past the first stage,
        20 + 5 = 25 earns no bonus: (16**2 - 11**2) / 36 = 135 / 36.
        """
        rated = tracks.rate_points((0, 17), (0, 3), stages=(18, 36), bonus=4)
        assert rated == pytest.approx(37 / 36 + 4)
        rated = tracks.rate_points((20, 0), (5, 0), stages=(18, 36), bonus=4)
        assert rated == pytest.approx(135 / 36)
