"""AXIO Rota rules, checked on positions built by hand from its rules page.

Every expected value here is worked out by hand from the rule it cites (the
circles and their corners are spelled out next to each position); none is
copied from the engine's output.
"""

from __future__ import annotations

import itertools

import pytest
from axio_rota_helpers import (
    AROUND_START,
    FULL_RED,
    NO_POINTS,
    RED_RED_BLUE,
    START,
    B,
    G,
    O,
    P,
    R,
    placements,
    position,
    same_up_to_rotation,
    tile,
)

from tilegames import ConfigurationError, GameOverError, IllegalMoveError
from tilegames import axio_rota as rota
from tilegames._core import rng
from tilegames.axio_rota import Place, Tile


class TestStandardSet:
    """ROTA-2, ROTA-3: the reconstructed 60-tile set."""

    def test_sixty_tiles_each_with_at_most_one_empty_corner(self) -> None:
        """ROTA-2: 60 tiles of 4 corners, each a colour 0..4 or empty, at most one empty."""
        assert len(rota.STANDARD_TILES) == 60
        for t in rota.STANDARD_TILES:
            assert len(t) == 4
            assert all(c is None or c in range(5) for c in t)
            assert t.count(None) <= 1

    def test_every_colour_on_44_corners_and_20_empty(self) -> None:
        """ROTA-3: each colour on exactly 44 corners; 20 corners are empty."""
        corners = [c for t in rota.STANDARD_TILES for c in t]
        assert [corners.count(colour) for colour in (R, G, B, O, P)] == [44] * 5
        assert corners.count(None) == 20

    def test_thirty_four_colour_tiles_are_every_arrangement_once(self) -> None:
        """ROTA-3: every arrangement of 4 different colours up to rotation, once each."""
        four = [t for t in rota.STANDARD_TILES if None not in t and len(set(t)) == 4]
        assert len(four) == 30
        # All orders of every 4 of the 5 colours, grouped by rotation: 5 x 4! / 4 = 30.
        classes: list[Tile] = []
        for a, b, c, d in itertools.permutations(range(5), 4):
            if not any(same_up_to_rotation(k, (a, b, c, d)) for k in classes):
                classes.append((a, b, c, d))
        assert len(classes) == 30
        for arrangement in classes:
            matches = [t for t in four if same_up_to_rotation(t, arrangement)]
            assert len(matches) == 1, arrangement

    def test_twenty_tiles_with_one_empty_corner_both_cyclic_orders(self) -> None:
        """ROTA-3: per colour triple, two tiles with an empty corner, opposite cyclic orders."""
        empty = [t for t in rota.STANDARD_TILES if None in t]
        assert len(empty) == 20
        for triple in itertools.combinations(range(5), 3):
            tiles = [t for t in empty if {c for c in t if c is not None} == set(triple)]
            assert len(tiles) == 2, triple
            clockwise = []
            for t in tiles:
                start = t.index(None)
                clockwise.append(tuple(t[(start + i) % 4] for i in range(1, 4)))
            # Read clockwise from the empty corner, one tile's colours are the other's reversed.
            first, second = clockwise
            assert tuple(reversed(first)) == second
            cyclic = {first[i:] + first[:i] for i in range(3)}
            assert second not in cyclic

    def test_empty_corner_tiles_follow_the_documented_layout(self) -> None:
        """ROTA-3 [decision]: the empty corner at the top left, then a<b<c or c>b>a clockwise."""
        empty = [t for t in rota.STANDARD_TILES if None in t]
        expected = []
        for a, b, c in itertools.combinations(range(5), 3):
            expected += [(None, a, b, c), (None, c, b, a)]
        assert empty == expected

    def test_ten_two_colour_tiles_on_opposite_corners(self) -> None:
        """ROTA-3: (a, b, a, b) for the pairs {c, c+1} and {c, c+2} of every colour c."""
        two = [t for t in rota.STANDARD_TILES if None not in t and len(set(t)) == 2]
        assert len(two) == 10
        for t in two:
            assert t[0] == t[2]
            assert t[1] == t[3]
            assert t[0] != t[1]
        pairs = {frozenset((t[0], t[1])) for t in two}
        expected = {frozenset((c, (c + 1) % 5)) for c in range(5)}
        expected |= {frozenset((c, (c + 2) % 5)) for c in range(5)}
        assert pairs == expected
        assert len(expected) == 10

    def test_no_two_tiles_alike_up_to_rotation(self) -> None:
        """ROTA-3: the 60 tiles are all different, even turned."""
        tiles = rota.STANDARD_TILES
        for i, j in itertools.combinations(range(len(tiles)), 2):
            assert not same_up_to_rotation(tiles[i], tiles[j])


class TestSetup:
    """ROTA-7 .. ROTA-10: the start square, the stacks, the hands, the supply."""

    @pytest.mark.parametrize(("players", "supply"), [(1, 44), (2, 32), (3, 20), (4, 8)])
    def test_supply_and_stack_sizes(self, players: int, supply: int) -> None:
        """ROTA-8, ROTA-9: 12 tiles per seat (11 in the stack, 1 in hand), the rest in supply."""
        state = rota.new_game(players, seed=players)
        assert rota.supply_size(state) == supply == 60 - 4 - 12 * players
        assert rota.stack_sizes(state) == (11,) * players
        assert all(rota.hand(state, seat) is not None for seat in range(players))
        assert rota.players(state) == players
        assert rota.scores(state) == (NO_POINTS,) * players

    def test_start_square_is_the_four_cells_around_the_origin(self) -> None:
        """ROTA-7: four tiles face up in a 2x2 square (around vertex (0, 0) here)."""
        state = rota.new_game(seed=11)
        assert set(rota.tiles_on_display(state)) == {(-1, -1), (0, -1), (-1, 0), (0, 0)}

    def test_empty_corners_turned_to_the_centre(self) -> None:
        """ROTA-7: a start tile with an empty corner points it to the centre of the square."""
        tiles = [tile("RG.B"), tile(".OPG"), tile("B.RO"), tile("GPO.")] * 4
        for seed in range(10):
            placed = rota.tiles_on_display(rota.new_game(1, seed=seed, tiles=tiles))
            # The corner of each cell at vertex (0, 0), from the drawing in geometry.square.
            assert placed[(-1, -1)][2] is None
            assert placed[(0, -1)][3] is None
            assert placed[(-1, 0)][1] is None
            assert placed[(0, 0)][0] is None
            for t in placed.values():
                assert any(same_up_to_rotation(t, given) for given in tiles)

    def test_every_tile_is_dealt_exactly_once(self) -> None:
        """ROTA-7 .. ROTA-9: display, hands, stacks and supply hold the whole set once."""
        for players in (1, 2, 3, 4):
            state = rota.new_game(players, seed=100 + players)
            dealt = [*state.supply, *(t for s in state.stacks for t in s)]
            dealt += [h for h in state.hands if h is not None]
            remaining = list(rota.STANDARD_TILES)
            for t in dealt:
                remaining.remove(t)  # stacks, hands and supply hold tiles as listed
            for t in rota.tiles_on_display(state).values():
                match = next(r for r in remaining if same_up_to_rotation(r, t))
                remaining.remove(match)
            assert remaining == []

    def test_deal_follows_the_seeded_shuffle(self) -> None:
        """ROTA-7 .. ROTA-9: the shuffle's order goes to the square, then stack by stack."""
        seed = 2024
        order, _ = rng.shuffled(seed, rota.STANDARD_TILES)
        state = rota.new_game(3, seed=seed)
        placed = rota.tiles_on_display(state)
        for cell, dealt in zip([(-1, -1), (0, -1), (-1, 0), (0, 0)], order[:4], strict=True):
            assert same_up_to_rotation(dealt, placed[cell])
            if None not in dealt:
                assert placed[cell] == dealt  # [decision] full tiles lie as listed
        for seat in range(3):
            stack = order[4 + 12 * seat : 16 + 12 * seat]
            assert state.hands[seat] == stack[0]
            assert state.stacks[seat] == stack[1:]
        assert state.supply == order[40:]

    def test_same_seed_same_game_and_seeds_differ(self) -> None:
        """Chance lives in the seed: equal seeds give equal states, others differ."""
        assert rota.new_game(2, seed=5) == rota.new_game(2, seed=5)
        assert len({rota.new_game(2, seed=s) for s in range(10)}) == 10

    def test_seat_zero_starts_and_turns_pass_in_seat_order(self) -> None:
        """ROTA-10: seat 0 moves first, then 1, 2, 0, ... (without extra turns)."""
        state = rota.new_game(3, seed=3, tiles=["RRRR"] * 40)  # supply 0: no extra turns
        seen = []
        while not rota.is_over(state):
            seen.append(rota.to_move(state))
            state = rota.apply(state, rota.legal_moves(state)[0])
        assert seen == [(0,), (1,), (2,)] * 12

    @pytest.mark.parametrize("players", [0, 5, -1, True, 2.0, "2", None])
    def test_player_count_refused(self, players: object) -> None:
        """AXIO Rota is for 1 to 4 players."""
        with pytest.raises(ConfigurationError, match="1 to 4 players"):
            rota.new_game(players)  # type: ignore[arg-type]

    def test_seed_must_be_an_int(self) -> None:
        """A seed that is not an int is a configuration error."""
        with pytest.raises(ConfigurationError, match="seed"):
            rota.new_game(seed="7")  # type: ignore[arg-type]


class TestCustomSets:
    """ROTA-2, ROTA-3: new_game(tiles=...) with another set obeying ROTA-2."""

    def test_custom_set_is_used(self) -> None:
        """A custom set is shuffled and dealt instead of the standard one."""
        tiles = ["RRRR"] * 10 + ["GGG."] * 10
        state = rota.new_game(1, seed=1, tiles=tiles)
        held = {*state.supply, *state.stacks[0], state.hands[0]}
        assert held <= {tile("RRRR"), tile("GGG.")}
        assert rota.supply_size(state) == 20 - 16

    def test_tuples_lists_and_letters_are_accepted(self) -> None:
        """Tiles may be tuples, lists or 4-letter strings."""
        tiles: list[object] = [(R, G, B, None), [O, O, P, P], "rgbo"] * 6
        state = rota.new_game(1, seed=3, tiles=tiles)  # type: ignore[arg-type]
        for t in (*state.supply, *state.stacks[0]):
            assert t in {(R, G, B, None), (O, O, P, P), (R, G, B, O)}
            assert type(t) is tuple

    @pytest.mark.parametrize(
        ("bad", "problem"),
        [
            ((R, None, B, None), "2 empty corners"),
            ((None, None, None, None), "4 empty corners"),
            ((R, G, B), "4 corners"),
            ((R, G, B, O, P), "4 corners"),
            ((R, G, B, 5), "corner 5"),
            ((R, G, B, -1), "corner -1"),
            ((R, G, B, True), "corner True"),
            ((R, G, B, 1.0), "corner 1.0"),
            ("RGX.", "not a tile"),
            ("R..G", "not a tile"),
            (7, "4 corners"),
        ],
    )
    def test_bad_tile_named_by_index(self, bad: object, problem: str) -> None:
        """ROTA-2: a tile with two empty corners or a bad corner is refused, by index."""
        tiles: list[object] = ["RGBO"] * 20
        tiles.insert(13, bad)
        with pytest.raises(ConfigurationError, match="ROTA-2") as caught:
            rota.new_game(1, tiles=tiles)  # type: ignore[arg-type]
        assert "tile 13" in str(caught.value)
        assert problem in str(caught.value)

    @pytest.mark.parametrize(("players", "need"), [(1, 16), (2, 28), (3, 40), (4, 52)])
    def test_too_few_tiles(self, players: int, need: int) -> None:
        """ROTA-7, ROTA-8: the square takes 4 tiles and each stack 12."""
        with pytest.raises(ConfigurationError, match=f"at least {need} tiles"):
            rota.new_game(players, tiles=["RGBO"] * (need - 1))
        assert rota.supply_size(rota.new_game(players, tiles=["RGBO"] * need)) == 0

    def test_one_string_is_not_a_set(self) -> None:
        """A single string is refused rather than read as 4 one-letter tiles."""
        with pytest.raises(ConfigurationError, match="not one string"):
            rota.new_game(1, tiles="RGBO")


class TestPlacement:
    """ROTA-5, ROTA-6, ROTA-11: where and how a tile may go."""

    def test_cells_sharing_an_edge(self) -> None:
        """ROTA-11: the legal cells are exactly the empty cells edge-adjacent to the display."""
        state = position(START, hands=["RGBO"])
        assert {m.cell for m in placements(state)} == AROUND_START

    def test_four_rotations_of_a_tile_without_symmetry(self) -> None:
        """ROTA-6: four different corners give four rotations per cell: 8 x 4 moves."""
        state = position(START, hands=["RGBO"])
        moves = placements(state)
        assert len(moves) == 32
        assert {m.rotation for m in moves if m.cell == (1, 0)} == {0, 1, 2, 3}
        assert all(m.named is None for m in moves)

    def test_symmetric_tiles_listed_once_per_distinct_rotation(self) -> None:
        """ROTA-6: (a, b, a, b) has 2 distinct rotations, (a, a, a, a) only 1."""
        assert len(rota.legal_moves(position(START, hands=["RGRG"]))) == 8 * 2
        assert len(rota.legal_moves(position(START, hands=["PPPP"]))) == 8

    def test_rotation_giving_the_same_corners_is_refused(self) -> None:
        """ROTA-6: a half turn of R G R G is the same placement as no turn: listed as 0."""
        state = position(START, hands=["RGRG"])
        assert rota.why_illegal(state, Place((1, 0), 0)) is None
        assert rota.why_illegal(state, Place((1, 0), 1)) is None
        reason = rota.why_illegal(state, Place((1, 0), 2))
        assert reason is not None
        assert "ROTA-6" in reason
        assert "rotation 0" in reason
        with pytest.raises(IllegalMoveError, match="rotation 1"):
            rota.apply(state, Place((1, 0), 3))

    def test_corner_contact_is_not_enough(self) -> None:
        """ROTA-11: a cell touching the display only at a corner is refused."""
        state = position(START)
        for corner_cell in [(1, 1), (-2, -2), (1, -2), (-2, 1)]:
            reason = rota.why_illegal(state, Place(corner_cell, 0))
            assert reason is not None
            assert "only at a corner" in reason
            assert "ROTA-11" in reason

    def test_occupied_cell_refused(self) -> None:
        """ROTA-11: a tile goes on an empty cell."""
        state = position(START)
        reason = rota.why_illegal(state, Place((0, 0), 0))
        assert reason is not None
        assert "already holds" in reason
        assert "ROTA-11" in reason

    def test_far_cell_refused(self) -> None:
        """ROTA-11: a cell with no edge on the display is refused, however far."""
        state = position(START)
        for far in [(5, 5), (0, 3), (10**9, 0), (-(10**12), 4)]:
            reason = rota.why_illegal(state, Place(far, 0))
            assert reason is not None
            assert "shares no edge" in reason
            assert "ROTA-11" in reason

    def test_placement_lies_turned(self) -> None:
        """ROTA-6: a quarter turn clockwise moves the colour at corner i to corner i + 1."""
        state = position({(0, 0): "RGBO"}, hands=["RGBP"])
        after = rota.apply(state, Place((1, 0), 1))
        assert rota.tiles_on_display(after)[(1, 0)] == tile("PRGB")

    def test_single_tile_display_has_four_cells(self) -> None:
        """ROTA-11: around one tile, the four edge neighbours."""
        state = position({(3, 7): "RGBO"}, hands=["PPPP"])
        assert [m.cell for m in placements(state)] == [(3, 6), (2, 7), (4, 7), (3, 8)]


class TestScoring:
    """ROTA-12: each corner of the placed tile scores in its circle."""

    def test_worked_example_red_red_blue_placed_red(self) -> None:
        """Worked example: other corners red, red, blue; placed corner red -> red +2."""
        state = position(RED_RED_BLUE, hands=["ROGP"])
        assert rota.score_move(state, Place((0, 0), 0)) == (2, 0, 0, 0, 0)

    def test_worked_example_empty_corner_named(self) -> None:
        """Worked example: same circle, placed corner empty: name red -> +2, blue -> +1."""
        state = position(RED_RED_BLUE, hands=[".OGP"])
        assert rota.score_move(state, Place((0, 0), 0, R)) == (2, 0, 0, 0, 0)
        assert rota.score_move(state, Place((0, 0), 0, B)) == (0, 0, 1, 0, 0)
        assert rota.score_move(state, Place((0, 0), 0, G)) == NO_POINTS
        assert rota.score_move(state, Place((0, 0), 0, O)) == NO_POINTS
        assert rota.score_move(state, Place((0, 0), 0, P)) == NO_POINTS

    def test_worked_example_only_an_empty_corner_in_the_circle(self) -> None:
        """Worked example: the only other corner is empty -> 0 for any colour or name.

        Cell (0, -1) is "RRR.": its corner 3 (empty) is at vertex (0, 0) and its
        corner 2 (red) at vertex (1, 0), where the new tile puts its corner 1 (G).
        """
        display = {(0, -1): "RRR."}
        for letter in "RGBOP":
            state = position(display, hands=[letter + "GGG"])
            assert rota.score_move(state, Place((0, 0), 0)) == NO_POINTS
        named = position(display, hands=[".GGG"])
        for colour in (R, G, B, O, P):
            assert rota.score_move(named, Place((0, 0), 0, colour)) == NO_POINTS

    def test_empty_display_corner_never_matches_even_a_named_one(self) -> None:
        """ROTA-12: empty corners already in the display never match, named or not."""
        # Vertex (0, 0): "RRR." at (0, -1) shows empty, "GGRG" at (-1, -1) shows red.
        state = position({(0, -1): "RRR.", (-1, -1): "GGRG"}, hands=[".GGG"])
        assert rota.score_move(state, Place((0, 0), 0, R)) == (1, 0, 0, 0, 0)

    def test_corner_without_other_tiles_scores_nothing(self) -> None:
        """ROTA-12: beside one red tile, only the two shared corners score: red +2."""
        state = position({(0, 0): "RRRR"}, hands=["RRRR"])
        assert rota.score_move(state, Place((1, 0), 0)) == (2, 0, 0, 0, 0)

    def test_three_matches_in_one_circle(self) -> None:
        """ROTA-12: a full circle of four reds gives the placed red corner 3 points."""
        display = {(-1, -1): "GGRG", (0, -1): "BBGR", (-1, 0): "ORGO"}
        state = position(display, hands=["ROGP"])
        assert rota.score_move(state, Place((0, 0), 0)) == (3, 0, 0, 0, 0)

    def test_points_of_several_corners_and_colours_add_up(self) -> None:
        """ROTA-12: each corner separately; the results of all four corners are added.

        "RGGB" on (0, 0), not turned: corner 0 (R) meets
        R, R, B -> red 2; corner 1 (G) meets G at vertex (1, 0) -> green 1;
        corner 3 (B) meets G at vertex (0, 1) -> 0; corner 2 meets nothing.
        """
        state = position(RED_RED_BLUE, hands=["RGGB"])
        assert rota.score_move(state, Place((0, 0), 0)) == (2, 1, 0, 0, 0)

    def test_score_added_to_the_movers_tracks(self) -> None:
        """ROTA-14: the points go to the seat that moved, nobody else."""
        state = position(RED_RED_BLUE, hands=["ROGP", "PPPP"], seat=0)
        after = rota.apply(state, Place((0, 0), 0))
        assert rota.scores(after) == ((2, 0, 0, 0, 0), NO_POINTS)


class TestNaming:
    """ROTA-12, ROTA-13: naming a colour for the placed tile's empty corner."""

    def test_name_required_where_the_empty_corner_touches(self) -> None:
        """ROTA-13: an empty corner touching another tile must be named."""
        state = position(RED_RED_BLUE, hands=[".OGP"])
        reason = rota.why_illegal(state, Place((0, 0), 0))
        assert reason is not None
        assert "name a colour" in reason
        assert "ROTA-13" in reason

    def test_no_name_where_the_empty_corner_touches_nothing(self) -> None:
        """ROTA-13: an empty corner touching no tile names no colour.

        Beside "RRRR" at (0, 0), cell (1, 0) touches with its corners 0 and 3;
        ".RRR" turned once puts its empty corner at corner 1: nothing there.
        """
        state = position({(0, 0): "RRRR"}, hands=[".RRR"])
        assert rota.why_illegal(state, Place((1, 0), 1)) is None
        reason = rota.why_illegal(state, Place((1, 0), 1, R))
        assert reason is not None
        assert "no colour is named" in reason
        assert "ROTA-13" in reason

    def test_tile_without_empty_corner_names_nothing(self) -> None:
        """ROTA-13: naming needs an empty corner on the placed tile."""
        state = position({(0, 0): "RRRR"}, hands=["RRRR"])
        reason = rota.why_illegal(state, Place((1, 0), 0, G))
        assert reason is not None
        assert "no empty corner" in reason
        assert "ROTA-13" in reason

    def test_each_name_is_a_distinct_move(self) -> None:
        """ROTA-13: at cell (1, 0) beside one tile, ".RRR" has 5 + 1 + 1 + 5 moves.

        Corners 0 and 3 of cell (1, 0) touch; the empty corner lands on corner
        k after k quarter turns: named for k = 0 and k = 3.
        """
        state = position({(0, 0): "GGGG"}, hands=[".RRR"])
        at_cell = [m for m in placements(state) if m.cell == (1, 0)]
        expected = [Place((1, 0), 0, c) for c in (R, G, B, O, P)]
        expected += [Place((1, 0), 1), Place((1, 0), 2)]
        expected += [Place((1, 0), 3, c) for c in (R, G, B, O, P)]
        assert at_cell == expected

    def test_moves_around_the_start_square_with_an_empty_corner(self) -> None:
        """ROTA-13: each of the 8 cells has 2 touching corners: 2 x 5 + 2 x 1 = 12 moves."""
        assert len(rota.legal_moves(position(START, hands=["RGB."]))) == 8 * 12

    def test_name_lasts_for_the_scoring_only(self) -> None:
        """ROTA-12: the named corner stays empty in the display and never matches later.

        Seat 0 puts ".GGG" on (1, 0) beside "RRRR", naming red for the empty
        corner 0 at vertex (1, 0): red +1. Seat 1's "RRRR" on (1, -1) then has
        its corner 3 at vertex (1, 0): the red corner of (0, 0) matches, the
        empty corner named red before does not: red +1, not +2.
        """
        state = position({(0, 0): "RRRR"}, hands=[".GGG", "RRRR"])
        assert rota.score_move(state, Place((1, 0), 0, R)) == (1, 0, 0, 0, 0)
        after = rota.apply(state, Place((1, 0), 0, R))
        assert rota.tiles_on_display(after)[(1, 0)] == tile(".GGG")
        assert rota.to_move(after) == (1,)
        assert rota.score_move(after, Place((1, -1), 0)) == (1, 0, 0, 0, 0)


class TestTracksAndExtraTurns:
    """ROTA-14 .. ROTA-16: the cap of 12, extra turns, the draw."""

    def test_worked_example_red_11_plus_3(self) -> None:
        """Worked example: red at 11 scores +3 -> red 12, 2 points lost, one extra turn."""
        state = position(
            FULL_RED,
            hands=["ROGP"],
            tracks=[(11, 5, 5, 5, 5)],
            stacks=[["GGGG"]],
            supply=["PPPP", "OOOO"],
        )
        assert rota.score_move(state, Place((0, 0), 0)) == (3, 0, 0, 0, 0)  # before the cap
        after = rota.apply(state, Place((0, 0), 0))
        assert rota.scores(after) == ((12, 5, 5, 5, 5),)
        assert after.extra_tile == tile("PPPP")
        assert after.extra_turns == 0
        assert rota.supply_size(after) == 1
        assert rota.to_move(after) == (0,)
        assert rota.tile_to_place(after) == tile("PPPP")

    def test_track_capped_without_reaching_twice(self) -> None:
        """ROTA-14, ROTA-15: a colour at 12 gains nothing and earns no second extra turn."""
        state = position(
            FULL_RED,
            hands=["ROGP", "BBBB"],
            tracks=[(12, 0, 0, 0, 0), NO_POINTS],
            stacks=[["GGGG"], []],
            supply=["PPPP"],
        )
        after = rota.apply(state, Place((0, 0), 0))
        assert rota.scores(after)[0] == (12, 0, 0, 0, 0)
        assert after.extra_tile is None
        assert rota.to_move(after) == (1,)

    def test_two_colours_at_once_earn_two_extra_turns(self) -> None:
        """ROTA-15: red and green reach 12 in one scoring: two extra turns, one at a time.

        Beside "GRGG" at (0, 0), "RBBG" on (1, 0) puts R on "GRGG"'s corner 1 (R)
        and G on its corner 2 (G): red +1, green +1.
        """
        state = position(
            {(0, 0): "GRGG"},
            hands=["RBBG", "OOOO"],
            tracks=[(11, 11, 0, 0, 0), NO_POINTS],
            stacks=[["BOBO", "OBOB"], ["OOOO"]],
            supply=["PPPP", "PPPP", "BBBB"],
        )
        first = rota.apply(state, Place((1, 0), 0))
        assert rota.scores(first)[0] == (12, 12, 0, 0, 0)
        assert (first.extra_tile, first.extra_turns) == (tile("PPPP"), 1)
        assert rota.to_move(first) == (0,)
        assert first.hands[0] is None
        assert first.stacks[0] == (tile("BOBO"), tile("OBOB"))
        second = rota.apply(first, Place((2, 0), 0))
        assert (second.extra_tile, second.extra_turns) == (tile("PPPP"), 0)
        assert second.hands[0] is None
        assert second.supply == (tile("BBBB"),)
        # The second PPPP beside the first scores purple 2; purple is at 0: no new turn.
        third = rota.apply(second, Place((3, 0), 0))
        assert rota.scores(third)[0] == (12, 12, 0, 0, 2)
        assert third.extra_tile is None
        # ROTA-16: only now the draw, and the turn passes.
        assert third.hands[0] == tile("BOBO")
        assert third.stacks[0] == (tile("OBOB"),)
        assert rota.to_move(third) == (1,)
        assert rota.tiles_on_display(third)[(2, 0)] == tile("PPPP")

    def test_extra_turns_chain(self) -> None:
        """ROTA-15: an extra turn that brings another colour to 12 earns another."""
        state = position(
            {(0, 0): "PPPP"},
            hands=[None, "OOOO"],
            tracks=[(12, 0, 0, 0, 11), NO_POINTS],
            stacks=[["GGGG"], []],
            supply=["BBBB", "RRRR"],
            extra_tile="PPPP",
            extra_turns=0,
        )
        after = rota.apply(state, Place((1, 0), 0))  # purple +2 -> 12
        assert rota.scores(after)[0] == (12, 0, 0, 0, 12)
        assert (after.extra_tile, after.extra_turns) == (tile("BBBB"), 0)
        assert after.hands[0] is None

    def test_no_extra_turn_while_the_supply_is_empty(self) -> None:
        """ROTA-15: with the general supply empty, reaching 12 earns nothing; then the draw."""
        state = position(
            FULL_RED,
            hands=["ROGP", "OOOO"],
            tracks=[(11, 0, 0, 0, 0), NO_POINTS],
            stacks=[["GGGG"], []],
            supply=[],
        )
        after = rota.apply(state, Place((0, 0), 0))
        assert rota.scores(after)[0] == (12, 0, 0, 0, 0)
        assert after.extra_tile is None
        assert after.extra_turns == 0
        assert after.hands[0] == tile("GGGG")
        assert rota.to_move(after) == (1,)

    def test_owed_extra_turns_lapse_when_the_supply_runs_out(self) -> None:
        """ROTA-15 [decision]: two owed, one tile in supply: one extra turn, then the draw."""
        state = position(
            {(0, 0): "GRGG"},
            hands=["RBBG", "OOOO"],
            tracks=[(11, 11, 0, 0, 0), NO_POINTS],
            stacks=[["BOBO"], []],
            supply=["PPPP"],
        )
        first = rota.apply(state, Place((1, 0), 0))
        assert (first.extra_tile, first.extra_turns) == (tile("PPPP"), 1)
        assert first.supply == ()
        second = rota.apply(first, Place((2, 0), 0))
        assert second.extra_tile is None
        assert second.extra_turns == 0
        assert second.hands[0] == tile("BOBO")
        assert rota.to_move(second) == (1,)

    def test_extra_turn_places_the_drawn_tile_which_is_public(self) -> None:
        """ROTA-15, ROTA-21: the supply tile is the one placed, and everyone sees it."""
        state = position(
            {(0, 0): "GGGG"},
            hands=[None, "OOOO"],
            stacks=[["RRRR"], []],
            supply=[],
            extra_tile="B.BB",
        )
        # Around one tile: 4 cells with 2 touching corners each: 4 x (2 x 5 + 2) moves.
        moves = rota.legal_moves(state)
        assert len(moves) == 4 * 12
        assert rota.view(state, 1).extra_tile == tile("B.BB")
        after = rota.apply(state, Place((1, 0), 1))  # empty corner on corner 2: no name
        assert rota.tiles_on_display(after)[(1, 0)] == tile("BB.B")

    def test_draw_at_the_end_of_a_plain_turn(self) -> None:
        """ROTA-16: the mover draws its stack's top tile; the turn passes."""
        state = position(
            {(0, 0): "GGGG"},
            hands=["OOOO", "PPPP"],
            stacks=[["RRRR", "BBBB"], ["GGGG"]],
        )
        after = rota.apply(state, Place((1, 0), 0))
        assert after.hands == (tile("RRRR"), tile("PPPP"))
        assert after.stacks == ((tile("BBBB"),), (tile("GGGG"),))
        assert rota.to_move(after) == (1,)


class TestEnd:
    """ROTA-17 .. ROTA-20: the end of the game and the result."""

    def test_five_twelves_win_at_once(self) -> None:
        """ROTA-17: the fifth colour at 12 ends the game at once, extra turns and stacks left."""
        state = position(
            {(0, 0): "PPPP"},
            hands=["PRRR", "OOOO"],
            tracks=[(12, 12, 12, 12, 11), (3, 3, 3, 3, 3)],
            stacks=[["GGGG"], ["GGGG"]],
            supply=["BBBB", "BBBB"],
        )
        after = rota.apply(state, Place((1, 0), 0))  # purple +1 -> all five at 12
        assert rota.is_over(after)
        assert rota.to_move(after) == ()
        assert len(rota.legal_moves(after)) == 0
        # purple reaching 12 earns an extra turn (ROTA-15), but the game ends first:
        # no tile is drawn from the supply and no extra turn is owed
        assert after.extra_tile is None
        assert after.extra_turns == 0
        assert after.supply == state.supply
        result = rota.outcome(after)
        assert result is not None
        assert result.winners == frozenset({0})
        assert result.ranking == (frozenset({0}), frozenset({1}))
        assert result.reason.startswith("ROTA-17")
        with pytest.raises(GameOverError, match="ROTA-17"):
            rota.apply(after, Place((2, 0), 0))
        assert rota.why_illegal(after, Place((2, 0), 0)) == "the game is over (ROTA-17)"

    def test_game_ends_when_every_stack_is_played(self) -> None:
        """ROTA-18: with no supply (no extra turns), exactly 12 placements per seat."""
        for players in (1, 2, 3, 4):
            state = rota.new_game(players, seed=players, tiles=["RG.B"] * (4 + 12 * players))
            placements = 0
            while not rota.is_over(state):
                assert rota.outcome(state) is None
                state = rota.apply(state, rota.legal_moves(state)[-1])
                placements += 1
            assert placements == 12 * players
            result = rota.outcome(state)
            assert result is not None
            assert result.reason.startswith("ROTA-18")

    def test_standard_game_plays_every_stack_and_supply_tiles_only_in_extra_turns(self) -> None:
        """ROTA-15, ROTA-18: a full game places 4 + 24 tiles plus one per extra turn."""
        state = rota.new_game(2, seed=9)
        while not rota.is_over(state):
            moves = rota.legal_moves(state)
            state = rota.apply(state, max(moves, key=lambda m: sum(rota.score_move(state, m))))
        assert state.hands == (None, None)
        assert state.stacks == ((), ())
        assert len(state.display) == 4 + 24 + (32 - rota.supply_size(state))

    def test_worked_example_ranking_second_lowest_decides(self) -> None:
        """Worked example, ROTA-19: (7, 8, 9, 9, 10) loses to (7, 9, 9, 10, 10)."""
        tracks = [
            (9, 8, 10, 7, 9),
            (10, 9, 7, 10, 9),
        ]  # sorted: (7, 8, 9, 9, 10), (7, 9, 9, 10, 10)
        result = rota.outcome(position({(0, 0): "RRRR"}, hands=[None, None], tracks=tracks))
        assert result is not None
        assert result.scores == tuple(tracks)
        assert result.ranking == (frozenset({1}), frozenset({0}))
        assert result.reason.startswith("ROTA-18")

    def test_rule_book_three_player_example(self) -> None:
        """ROTA-19: all lowest 7; Anna's next is 8, Beata's and Chris's 9; then 9 < 10."""
        anna, beata, chris = (8, 7, 10, 10, 10), (9, 11, 7, 9, 11), (10, 7, 9, 10, 10)
        state = position({(0, 0): "RRRR"}, hands=[None] * 3, tracks=[anna, beata, chris])
        result = rota.outcome(state)
        assert result is not None
        assert result.ranking == (frozenset({2}), frozenset({1}), frozenset({0}))

    def test_identical_sorted_scores_share_a_place(self) -> None:
        """ROTA-19: the colours do not matter; equal sorted scores share the place."""
        tracks = [(1, 2, 3, 4, 5), (5, 4, 3, 2, 1), (0, 9, 9, 9, 9)]
        state = position({(0, 0): "RRRR"}, hands=[None] * 3, tracks=tracks)
        result = rota.outcome(state)
        assert result is not None
        assert result.ranking == (frozenset({0, 1}), frozenset({2}))
        assert result.place(1) == 1
        assert result.place(2) == 2

    def test_solo_result_is_the_lowest_colour(self) -> None:
        """ROTA-20: one player's result is the lowest of the five tracks."""
        state = position({(0, 0): "RRRR"}, hands=[None], tracks=[(9, 4, 12, 6, 5)])
        result = rota.outcome(state)
        assert result is not None
        assert result.scores == (4,)
        assert result.winners == frozenset({0})

    def test_not_over_while_an_extra_turn_is_pending(self) -> None:
        """ROTA-18: the last player's extra turns come before the end."""
        state = position({(0, 0): "RRRR"}, hands=[None, None], seat=1, extra_tile="GGGG")
        assert not rota.is_over(state)
        assert rota.outcome(state) is None
        assert rota.to_move(state) == (1,)
