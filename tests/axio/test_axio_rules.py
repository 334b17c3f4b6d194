"""Tests for :mod:`tilegames.axio`, built by hand from the AXIO rules.

Positions are made by hand with :func:`position`; every expected number is
worked out from the rule text in the comment beside it.
"""

from __future__ import annotations

import pickle
from collections import Counter
from collections.abc import Mapping, Sequence

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import tilegames
from tilegames import axio, cli
from tilegames.axio import BLUE, DECLINE, GREEN, KEEP, ORANGE, PURPLE, RED, SWAP, YELLOW, Place
from tilegames.geometry import hexagon
from tilegames.geometry.hexagon import Hex

# AXIO-3: the playing area's radius by setup.
RADIUS = {(2, "standard"): 5, (3, "standard"): 6, (4, "standard"): 7, (4, "team"): 7}
RADIUS[1, "solo"] = 5
LETTERS = "RGBOYP"  # AXIO-1 order
START = {(5, 0): RED, (5, -5): GREEN, (0, -5): BLUE, (-5, 0): ORANGE, (-5, 5): YELLOW}
START[0, 5] = PURPLE  # AXIO-4: round ring 5 from +q in direction order


def tile(text: str) -> axio.Tile:
    """A tile from two colour letters, lower colour first."""
    a, b = (LETTERS.index(letter) for letter in text)
    return min(a, b), max(a, b)


def tiles(text: str) -> tuple[axio.Tile, ...]:
    """Tiles from space-separated letter pairs, sorted as a rack is."""
    return tuple(sorted(tile(word) for word in text.split()))


def in_order(text: str) -> tuple[axio.Tile, ...]:
    """Tiles from space-separated letter pairs, in the order given (as a bag is)."""
    return tuple(tile(word) for word in text.split())


def place(text: str) -> Place:
    """A placement written as 'R0,0/B1,0' (the notation under test is not used here)."""
    first, second = text.split("/")
    cells = []
    colours = []
    for part in (first, second):
        q, r = part[1:].split(",")
        cells.append((int(q), int(r)))
        colours.append(LETTERS.index(part[0]))
    return Place((cells[0], cells[1]), (colours[0], colours[1]))


def position(
    players: int = 2,
    *,
    mode: str = "standard",
    placed: Mapping[Hex, str] | None = None,
    racks: Sequence[str] | None = None,
    tracks: Sequence[Sequence[int]] | None = None,
    bag: str = "",
    seat: int = 0,
    turn: int | None = None,
    bonuses: int = 0,
    deciding: bool = False,
    seed: int = 1,
) -> axio.State:
    """A hand-made position: coloured cells by letter, racks and bag as tile words.

    The turn defaults to one past the first round, so that placement is free.
    """
    radius = RADIUS[players, mode]
    cells = hexagon.area(radius)  # the state's cell numbering (documented)
    board = [START.get(cell, axio.EMPTY) for cell in cells]
    for cell, letter in (placed or {}).items():
        board[cells.index(cell)] = LETTERS.index(letter)
    owners = 2 if mode == "team" else players
    return axio.State(
        mode=mode,
        cells=tuple(board),
        tracks=tuple(tuple(t) for t in (tracks or [(0,) * 6] * owners)),  # type: ignore[misc]
        racks=tuple(tiles(r) for r in (racks or ["RB GY OP RG BO YP"] * players)),
        bag=in_order(bag),
        seat=seat,
        turn=players if turn is None else turn,
        bonuses=bonuses,
        deciding=deciding,
        seed=seed,
    )


def reds(*cells: Hex) -> dict[Hex, str]:
    return dict.fromkeys(cells, "R")


class TestComponents:
    def test_six_colours_in_rule_order(self) -> None:
        """AXIO-1: red, green, blue, orange, yellow, purple, as indices 0..5."""
        assert axio.COLOURS == ("red", "green", "blue", "orange", "yellow", "purple")
        assert (RED, GREEN, BLUE, ORANGE, YELLOW, PURPLE) == (0, 1, 2, 3, 4, 5)
        assert axio.COLOUR_LETTERS == LETTERS

    def test_standard_set(self) -> None:
        """AXIO-2: 120 tiles, 6 of each of the 15 mixed pairs and 5 of each of the 6 doubles."""
        counts = Counter(axio.STANDARD_TILES)
        assert len(axio.STANDARD_TILES) == 120
        assert len(counts) == 21
        for (low, high), count in counts.items():
            assert low <= high
            assert count == (5 if low == high else 6)

    def test_each_colour_on_forty_hexes(self) -> None:
        """AXIO-2: each colour is on 5 mixed pairs x 6 tiles + 5 doubles x 2 hexes = 40 hexes."""
        hexes = Counter(colour for t in axio.STANDARD_TILES for colour in t)
        assert hexes == dict.fromkeys(range(6), 40)

    @pytest.mark.parametrize(
        ("players", "mode", "cells"),
        [(2, None, 91), (3, None, 127), (4, None, 169), (4, "team", 169), (1, "solo", 91)],
    )
    def test_playing_area_by_players(self, players: int, mode: str | None, cells: int) -> None:
        """AXIO-3: radius 5 (91 cells) for 2 and solo, 6 (127) for 3, 7 (169) for 4 and teams."""
        state = axio.new_game(players, seed=0, mode=mode)
        area = axio.playing_area(state)
        assert len(area) == len(set(area)) == cells == len(state.cells)
        radius = {91: 5, 127: 6, 169: 7}[cells]
        assert all(hexagon.length(cell) <= radius for cell in area)

    @pytest.mark.parametrize("setup", axio.RULES.setups, ids=str)
    def test_start_cells(self, setup: tilegames.Setup) -> None:
        """AXIO-4: the six start cells are coloured from the start, red at +q then round."""
        state = axio.new_game(**setup.kwargs, seed=3)
        assert dict(axio.board(state)) == START
        assert dict(axio.START_CELLS) == START

    @pytest.mark.parametrize("setup", axio.RULES.setups, ids=str)
    def test_tracks_start_at_zero(self, setup: tilegames.Setup) -> None:
        """AXIO-5: every seat's six tracks start at 0."""
        state = axio.new_game(**setup.kwargs, seed=3)
        assert axio.scores(state) == ((0,) * 6,) * setup.players


class TestSetup:
    @pytest.mark.parametrize(
        ("setup", "rack", "bag"),
        [
            (tilegames.Setup(2), 6, 108),
            (tilegames.Setup(3), 6, 102),
            (tilegames.Setup(4), 6, 96),
            (tilegames.Setup(4, {"mode": "team"}), 6, 96),
            (tilegames.Setup(1, {"mode": "solo"}), 1, 119),
        ],
        ids=str,
    )
    def test_racks_and_bag(self, setup: tilegames.Setup, rack: int, bag: int) -> None:
        """AXIO-6: each seat draws 6 tiles (solo 1); the other tiles stay in the bag."""
        state = axio.new_game(**setup.kwargs, seed=9)
        assert axio.rack_sizes(state) == (rack,) * setup.players
        assert axio.bag_size(state) == bag
        dealt = [t for seat in range(setup.players) for t in axio.rack(state, seat)]
        assert sorted(dealt + list(state.bag)) == sorted(axio.STANDARD_TILES)

    def test_racks_come_off_the_shuffled_bag_in_seat_order(self) -> None:
        """AXIO-6: with a custom set in a known order, seat 0 gets the first six tiles."""
        words = "RR GG BB OO YY PP RG RB RO RY RP GB GO"
        state = axio.new_game(2, seed=4, tiles=words.split())
        everything = sorted(tiles(words))
        assert sorted(axio.rack(state, 0) + axio.rack(state, 1) + state.bag) == everything

    def test_player_zero_starts(self) -> None:
        """AXIO-6: seat 0 moves first, in turn 0."""
        state = axio.new_game(3, seed=5)
        assert axio.to_move(state) == (0,)
        assert state.turn == 0

    def test_seed_decides_the_shuffle(self) -> None:
        """AXIO-6: the same seed gives the same game, another seed another bag."""
        assert axio.new_game(2, seed=11) == axio.new_game(2, seed=11)
        assert axio.new_game(2, seed=11).bag != axio.new_game(2, seed=12).bag

    def test_fresh_seed(self) -> None:
        """seed=None draws a fresh shuffle (two such games almost surely differ)."""
        assert axio.new_game(seed=None).bag != axio.new_game(seed=None).bag

    def test_modes_default_their_player_counts(self) -> None:
        """Solo implies one player, team four; one player alone means solo."""
        assert axio.players(axio.new_game(mode="solo", seed=1)) == 1
        assert axio.players(axio.new_game(mode="team", seed=1)) == 4
        assert axio.new_game(1, seed=1).mode == "solo"
        assert axio.new_game(seed=1).mode == "standard"
        assert axio.players(axio.new_game(seed=1)) == 2

    @pytest.mark.parametrize(
        ("players", "mode"),
        [(0, None), (5, None), (1, "standard"), (2, "team"), (3, "solo"), ("2", None)],
    )
    def test_bad_setups(self, players: object, mode: str | None) -> None:
        """Player counts outside the rules are a ConfigurationError."""
        with pytest.raises(tilegames.ConfigurationError):
            axio.new_game(players, seed=1, mode=mode)  # type: ignore[arg-type]

    def test_bad_mode_and_seed(self) -> None:
        """An unknown mode or a seed that is not an int is a ConfigurationError."""
        with pytest.raises(tilegames.ConfigurationError, match="mode"):
            axio.new_game(2, mode="teams")
        with pytest.raises(tilegames.ConfigurationError, match="seed"):
            axio.new_game(2, seed="7")  # type: ignore[arg-type]

    def test_custom_tiles(self) -> None:
        """A custom set may be letter pairs or colour pairs in either order."""
        state = axio.new_game(2, seed=1, tiles=["BR"] * 6 + [(BLUE, RED)] * 6)
        assert axio.rack(state, 0) == axio.rack(state, 1) == ((RED, BLUE),) * 6
        assert state.bag == ()

    @pytest.mark.parametrize("bad", [["RX"] * 12, [(0, 6)] * 12, [(0,)] * 12, ["RB"] * 11, "RB"])
    def test_bad_custom_tiles(self, bad: object) -> None:
        """Tiles that are not two colours, or too few to fill the racks, are refused (AXIO-2)."""
        with pytest.raises(tilegames.ConfigurationError):
            axio.new_game(2, seed=1, tiles=bad)  # type: ignore[arg-type]


class TestPlacement:
    def test_free_placement_counts_every_empty_pair(self) -> None:
        """AXIO-7: on the radius-5 area 240 pairs touch; 18 include a start cell: 222 x 2 ways."""
        # A hexagon of radius 5 has 6 corners with 3 neighbours inside and 24 other
        # border cells with 4: (91 * 6 - 6 * 3 - 24 * 2) / 2 = 240 pairs. Each start
        # cell is a corner, so 6 * 3 = 18 pairs hold one.
        state = position(racks=["RB", "GY"])
        assert len(axio.legal_moves(state)) == 222 * 2

    def test_either_way_round(self) -> None:
        """AXIO-7: a mixed tile goes either way round; a double only one way."""
        state = position(racks=["RB RR", "GY"])
        moves = set(axio.legal_moves(state))
        assert place("R0,0/B1,0") in moves
        assert place("B0,0/R1,0") in moves
        assert place("R0,0/R1,0") in moves
        assert len(axio.legal_moves(state)) == 222 * 3

    def test_same_placement_written_backwards_is_the_same_move(self) -> None:
        """A placement given in the other order is the same move (listed once)."""
        assert place("B1,0/R0,0") == place("R0,0/B1,0")
        assert hash(place("B1,0/R0,0")) == hash(place("R0,0/B1,0"))

    def test_no_need_to_touch_after_the_first_round(self) -> None:
        """AXIO-7: after the first round a tile may lie away from every other hex."""
        state = position(racks=["RB", "GY"])
        assert axio.why_illegal(state, place("R0,0/B1,0")) is None

    def test_apply_lays_the_tile_and_takes_it_from_the_rack(self) -> None:
        """AXIO-7, AXIO-13: the hexes land as given; the rack loses the tile and refills."""
        state = position(racks=["RB GY OP RG BO YP", "GY"], bag="RR GG BB")
        after = axio.apply(state, place("B0,0/R1,0"))
        assert axio.board(after)[0, 0] == BLUE
        assert axio.board(after)[1, 0] == RED
        # Tracks stay 0, so every colour is lowest and the rack shows some: no swap.
        assert axio.rack(after, 0) == tiles("GY OP RG BO YP RR")
        assert after.bag == in_order("GG BB")
        assert axio.to_move(after) == (1,)
        assert after.turn == state.turn + 1

    @pytest.mark.parametrize(
        ("move", "rule", "words"),
        [
            ("R0,0/B2,0", "AXIO-7", "not adjacent"),
            ("R0,0/B0,0", "AXIO-7", "both hexes"),
            ("R5,0/B4,0", "AXIO-7", "start cell (5, 0) already holds red"),
            ("R1,1/B2,1", "AXIO-7", "cell (1, 1) already holds yellow"),
            ("R5,1/B4,1", "AXIO-3", "outside the playing area"),
            ("G0,0/Y1,0", "AXIO-7", "no GY tile"),
        ],
    )
    def test_refused_placements(self, move: str, rule: str, words: str) -> None:
        """AXIO-7: a placement needs two adjacent empty cells of the area and a rack tile."""
        state = position(placed={(1, 1): "Y"}, racks=["RB", "GY"])
        reason = axio.why_illegal(state, place(move))
        assert reason is not None
        assert words in reason
        assert reason.endswith(f"({rule})")
        with pytest.raises(tilegames.IllegalMoveError) as caught:
            axio.apply(state, place(move))
        assert caught.value.rule == rule

    def test_a_colour_outside_zero_to_five_is_refused(self) -> None:
        """AXIO-1: a placement naming colour 6 is an IllegalMoveError, not a crash."""
        state = position(racks=["RB", "GY"])
        with pytest.raises(tilegames.IllegalMoveError, match="AXIO-1"):
            axio.apply(state, Place(((0, 0), (1, 0)), (RED, 6)))

    def test_cell_outside_radius_five_is_inside_radius_six(self) -> None:
        """AXIO-3: (5, 1) is off the two-player area but on the three-player one."""
        assert axio.why_illegal(position(3, racks=["RB"] * 3), place("R5,1/B4,1")) is None


class TestFirstRound:
    # Next to each start cell (a corner of the radius-5 area) lie 3 cells, in a path;
    # the pairs holding one of them: 3 + 5 + 3 edges to empty cells, less the 2 inside
    # the path counted twice = 9 per start cell, 54 in all.
    FIRST_PAIRS_2P = 54

    def test_first_placement_next_to_a_start_cell(self) -> None:
        """AXIO-8: the first placement must touch a start cell: 54 pairs, 2 ways each."""
        state = position(racks=["RB", "GY"], turn=0)
        assert len(axio.legal_moves(state)) == self.FIRST_PAIRS_2P * 2

    def test_rack_of_distinct_tiles(self) -> None:
        """AXIO-8: six different mixed tiles give 12 ways per pair; doubles one way."""
        state = position(racks=["RB GY OP RG BO YP", "RR"], turn=0)
        assert len(axio.legal_moves(state)) == self.FIRST_PAIRS_2P * 12
        state = position(racks=["RR GG RB RB BG YP", "RR"], turn=0)
        assert len(axio.legal_moves(state)) == self.FIRST_PAIRS_2P * (1 + 1 + 2 + 2 + 2)

    @pytest.mark.parametrize(
        ("players", "mode", "per_start"),
        # Radius 6: the neighbours of (5, 0) have 3, 4, 4, 6, 6, 6 cells around them
        # inside the area: 29 - 6 (the start cell) - 6 (pairs between them) = 17.
        # Radius 7: all six have 6: 36 - 6 - 6 = 24.
        [(3, "standard", 17), (4, "standard", 24), (4, "team", 24)],
    )
    def test_larger_areas(self, players: int, mode: str, per_start: int) -> None:
        """AXIO-8 on radius 6 and 7, where the start cells lie inside the area."""
        state = position(players, mode=mode, racks=["RB"] * players, turn=0)
        assert len(axio.legal_moves(state)) == 6 * per_start * 2

    def test_touched_start_cell_is_taken(self) -> None:
        """AXIO-8: the second player may not use the start cell the first one touched."""
        state = position(racks=["RB", "GY"], turn=0)
        after = axio.apply(state, place("R4,0/B3,0"))  # (4, 0) is next to red's (5, 0)
        assert after.turn == 1
        assert len(axio.legal_moves(after)) == 5 * 9 * 2
        reason = axio.why_illegal(after, place("G4,1/Y3,1"))  # (4, 1) also touches (5, 0)
        assert reason is not None
        assert "AXIO-8" in reason

    def test_one_hex_next_to_the_start_cell_is_enough(self) -> None:
        """AXIO-8: (4, 1) touches the start cell (5, 0) and (3, 1) does not: allowed both ways."""
        state = position(racks=["RB", "GY"], turn=0)
        assert axio.why_illegal(state, place("R3,1/B4,1")) is None
        assert axio.why_illegal(state, place("B3,1/R4,1")) is None

    def test_away_from_start_cells_refused(self) -> None:
        """AXIO-8: in the first round a tile away from every start cell is refused."""
        state = position(racks=["RB", "GY"], turn=0)
        with pytest.raises(tilegames.IllegalMoveError) as caught:
            axio.apply(state, place("R0,0/B1,0"))
        assert caught.value.rule == "AXIO-8"

    def test_team_game_restricts_all_four_first_placements(self) -> None:
        """AXIO-8 [decision]: in a team game each of the four players' first placements."""
        state = position(4, mode="team", racks=["RB RB"] * 4, turn=0)
        for move in ("R4,0/B3,0", "R4,-4/B3,-3", "R0,-4/B0,-3"):  # touch red, green, blue
            state = axio.apply(state, place(move))
        assert axio.to_move(state) == (3,)
        assert len(axio.legal_moves(state)) == 3 * 24 * 2
        state = axio.apply(state, place("R-4,0/B-3,0"))  # orange
        assert state.turn == 4
        assert axio.why_illegal(state, place("R0,0/B1,0")) is None

    def test_solo_restricts_only_the_first_placement(self) -> None:
        """AXIO-8 [decision]: solo restricts its single first placement."""
        state = position(1, mode="solo", racks=["RB"], bag="GY RB", turn=0)
        assert len(axio.legal_moves(state)) == self.FIRST_PAIRS_2P * 2
        after = axio.apply(state, place("R4,0/B3,0"))
        assert after.turn == 1
        assert axio.why_illegal(after, place("G0,0/Y1,0")) is None

    def test_bonus_placement_is_not_a_first_placement(self) -> None:
        """AXIO-8: only a player's first placement is bound; a bonus placement is free."""
        state = position(racks=["RB", "GY"], turn=0, bonuses=1)
        assert len(axio.legal_moves(state)) == 222 * 2 + 1  # and the decline (AXIO-11)


class TestScoring:
    def test_worked_example_line_of_three(self) -> None:
        """AXIO-9 worked example: red at (1,0),(2,0),(3,0); R(0,0)+B(-1,0) scores red 3, blue 0."""
        state = position(placed=reds((1, 0), (2, 0), (3, 0)))
        assert axio.score_move(state, place("R0,0/B-1,0")) == (3, 0, 0, 0, 0, 0)

    def test_worked_example_double(self) -> None:
        """AXIO-9 worked example: double red on (0,0)+(1,0) by reds at -1,-2 and 2: red 3."""
        state = position(placed=reds((-1, 0), (-2, 0), (2, 0)), racks=["RR", "GY"])
        assert axio.score_move(state, place("R0,0/R1,0")) == (3, 0, 0, 0, 0, 0)

    def test_worked_example_gap_and_other_colour(self) -> None:
        """AXIO-9 worked example: red, gap (or blue), red: a red at (0,0) scores 1 on that line."""
        gap = position(placed=reds((1, 0), (3, 0)))
        assert axio.score_move(gap, place("R0,0/B0,1")) == (1, 0, 0, 0, 0, 0)
        blue = position(placed={(1, 0): "R", (2, 0): "B", (3, 0): "R"})
        assert axio.score_move(blue, place("R0,0/B0,1")) == (1, 0, 0, 0, 0, 0)

    def test_line_stops_at_the_board_edge_and_counts_the_start_cell(self) -> None:
        """AXIO-4, AXIO-9: reds at (3,0), (4,0), the red start (5,0): 3 points, then the edge."""
        state = position(placed=reds((3, 0), (4, 0)))
        assert axio.score_move(state, place("R2,0/B1,0")) == (3, 0, 0, 0, 0, 0)

    def test_start_cell_alone_scores(self) -> None:
        """AXIO-4: a red next to the red start cell scores 1 for it."""
        state = position()
        assert axio.score_move(state, place("R4,1/B3,1")) == (1, 0, 0, 0, 0, 0)

    def test_five_lines_per_hex(self) -> None:
        """AXIO-9: a hex scores along all five lines away from its twin."""
        # Red at (0,0) with its twin blue at (-1,0) (west): reds east, north-east,
        # north-west, south-west and south-east score 1 each; blue scores the blue
        # west of it, and the reds beside it do not count for blue.
        placed = reds((1, 0), (1, -1), (0, -1), (-1, 1), (0, 1))
        placed[-2, 0] = "B"
        state = position(placed=placed)
        assert axio.score_move(state, place("R0,0/B-1,0")) == (5, 0, 1, 0, 0, 0)

    def test_never_towards_the_twin(self) -> None:
        """AXIO-9: a double's two hexes never count for each other."""
        state = position(racks=["RR", "GY"])
        assert axio.score_move(state, place("R0,0/R1,0")) == (0,) * 6

    def test_line_beyond_the_twin_does_not_count(self) -> None:
        """AXIO-9: the direction pointing at the twin is not scored, even past the twin."""
        state = position(placed=reds((2, 0)))
        assert axio.score_move(state, place("R0,0/B1,0")) == (0,) * 6

    def test_both_hexes_score_their_colours(self) -> None:
        """AXIO-9: each hex scores in its own colour; the scores add per colour."""
        placed = {(1, 0): "R", (2, 0): "R", (-2, 0): "B", (-3, 0): "B", (-4, 0): "B"}
        state = position(placed=placed)
        assert axio.score_move(state, place("R0,0/B-1,0")) == (2, 0, 3, 0, 0, 0)

    def test_points_before_the_cap(self) -> None:
        """score_move gives the points before capping: red 17 scoring 3 says 3."""
        state = position(placed=reds((1, 0), (2, 0), (3, 0)), tracks=[(17, 0, 0, 0, 0, 0)] * 2)
        assert axio.score_move(state, place("R0,0/B-1,0")) == (3, 0, 0, 0, 0, 0)

    def test_swap_choice_scores_nothing(self) -> None:
        """A swap choice is not a placement: it scores nothing."""
        state = position(racks=["BO", "GY"], deciding=True, bag="RR")
        assert axio.score_move(state, SWAP) == (0,) * 6


# Four reds in line with (0,0): three east and one north-west (worked examples).
FOUR_RED = reds((1, 0), (2, 0), (3, 0), (0, -1))


class TestCapAndBonus:
    def test_worked_example_cap(self) -> None:
        """AXIO-10, AXIO-11: red at 16 scoring 4 -> 18, 2 points lost, one bonus placement."""
        state = position(
            placed=FOUR_RED,
            racks=["RB GY GO BP YP OO", "RG"],
            tracks=[(16, 5, 5, 5, 5, 5), (0,) * 6],
            bag="RR GG BB",
        )
        after = axio.apply(state, place("R0,0/B-1,0"))
        assert axio.scores(after)[0] == (18, 5, 5, 5, 5, 5)
        assert after.bonuses == 1
        assert axio.to_move(after) == (0,)
        # AXIO-11 [decision]: no refill before the bonus placement.
        assert axio.rack(after, 0) == tiles("GY GO BP YP OO")
        assert after.bag == state.bag
        assert after.turn == state.turn

    def test_after_the_bonus_the_turn_ends_with_a_refill(self) -> None:
        """AXIO-11, AXIO-13: the bonus placement uses the rack; then it refills to 6."""
        state = position(
            placed=FOUR_RED,
            racks=["RB GY GO BP YP OO", "RG"],
            tracks=[(16, 5, 5, 5, 5, 5), (0,) * 6],
            bag="RR GG BB",
        )
        after = axio.apply(state, place("R0,0/B-1,0"))
        after = axio.apply(after, place("G0,3/Y1,3"))  # scores nothing
        # Lowest colours are green .. purple at 5; the rack shows them: no swap offered.
        assert after.bonuses == 0
        assert axio.rack(after, 0) == tiles("GO BP YP OO RR GG")
        assert after.bag == tiles("BB")
        assert axio.to_move(after) == (1,)

    def test_several_colours_in_one_placement(self) -> None:
        """AXIO-11: red and blue both reaching 18 in one placement owe two bonuses."""
        placed = {**FOUR_RED, (-2, 0): "B"}
        state = position(
            placed=placed, racks=["RB GY GO", "RG"], tracks=[(16, 5, 17, 5, 5, 5), (0,) * 6]
        )
        after = axio.apply(state, place("R0,0/B-1,0"))
        assert axio.scores(after)[0] == (18, 5, 18, 5, 5, 5)
        assert after.bonuses == 2

    def test_two_bonuses_are_placed_one_after_the_other(self) -> None:
        """AXIO-11: with two bonuses owed, the seat places twice more before the turn ends."""
        placed = {**FOUR_RED, (-2, 0): "B"}
        state = position(
            placed=placed,
            racks=["RB GY GO BO", "RG"],
            tracks=[(16, 5, 17, 5, 5, 5), (0,) * 6],
            bag="RR GG BB",
        )
        after = axio.apply(state, place("R0,0/B-1,0"))
        after = axio.apply(after, place("G0,3/Y1,3"))  # scores nothing: one bonus left
        assert after.bonuses == 1
        assert axio.to_move(after) == (0,)
        assert axio.rack(after, 0) == tiles("GO BO")
        after = axio.apply(after, place("G-3,3/O-2,3"))
        assert after.bonuses == 0
        assert axio.to_move(after) == (1,)
        assert axio.rack(after, 0) == tiles("BO RR GG BB")

    def test_bonuses_chain(self) -> None:
        """AXIO-11: a bonus placement that reaches 18 in another colour earns one more."""
        placed = {(1, 0): "G"}
        state = position(
            placed=placed,
            racks=["GB GY GO", "RG"],
            tracks=[(18, 17, 5, 5, 5, 5), (0,) * 6],
            bonuses=1,
        )
        after = axio.apply(state, place("G0,0/B-1,0"))
        assert axio.scores(after)[0] == (18, 18, 5, 5, 5, 5)
        assert after.bonuses == 1
        assert axio.to_move(after) == (0,)

    def test_bonus_forfeit_with_an_empty_rack(self) -> None:
        """AXIO-11 [decision]: a player whose rack is empty forfeits the bonus."""
        state = position(placed=FOUR_RED, racks=["RB", "GY"], tracks=[(16, 5, 5, 5, 5, 5)] * 2)
        after = axio.apply(state, place("R0,0/B-1,0"))
        assert axio.scores(after)[0][RED] == 18
        assert after.bonuses == 0
        assert axio.to_move(after) == (1,)

    def test_full_track_gains_nothing_and_no_second_bonus(self) -> None:
        """AXIO-10: a track at 18 stays at 18; reaching it again earns nothing."""
        state = position(
            placed=FOUR_RED, racks=["RB GY GO", "RG"], tracks=[(18, 5, 5, 5, 5, 5), (0,) * 6]
        )
        after = axio.apply(state, place("R0,0/B-1,0"))
        assert axio.scores(after)[0] == (18, 5, 5, 5, 5, 5)
        assert after.bonuses == 0
        assert axio.to_move(after) == (1,)


class TestDecline:
    """AXIO-11 (changed in spec v2): each owed bonus placement may be declined."""

    def red_bonus(self, **options: object) -> axio.State:
        """The worked example: red at 16 scores 4 with R0,0/B-1,0 -> 18, one bonus owed."""
        values: dict[str, object] = {
            "placed": FOUR_RED,
            "racks": ["RB GY GO BP YP OO", "RG"],
            "tracks": [(16, 5, 5, 5, 5, 5), (0,) * 6],
            "bag": "RR GG BB",
        }
        values.update(options)
        state = position(**values)  # type: ignore[arg-type]
        return axio.apply(state, place("R0,0/B-1,0"))

    def test_offered_last_beside_the_bonus_placements(self) -> None:
        """While a bonus is owed the moves are the bonus placements and then one decline."""
        owing = self.red_bonus()
        assert owing.bonuses == 1
        listed = list(axio.legal_moves(owing))
        assert listed[-1] == DECLINE
        assert listed.count(DECLINE) == 1
        # The same position owing nothing lists exactly the placements.
        placements = list(axio.legal_moves(attrs.evolve(owing, bonuses=0)))
        assert DECLINE not in placements
        assert listed == [*placements, DECLINE]
        assert axio.legal_moves(owing)[len(placements)] == DECLINE
        assert axio.legal_moves(owing)[-1] == DECLINE
        assert DECLINE in axio.legal_moves(owing)

    def test_refused_when_no_bonus_is_owed(self) -> None:
        """The limit: one bonus owed, a decline is legal; none owed, it is refused (AXIO-11)."""
        owing = self.red_bonus()
        assert axio.why_illegal(owing, DECLINE) is None
        not_owing = attrs.evolve(owing, bonuses=0)
        reason = axio.why_illegal(not_owing, DECLINE)
        assert reason is not None
        assert "no bonus placement is pending" in reason
        assert reason.endswith("(AXIO-11)")
        assert DECLINE not in axio.legal_moves(not_owing)
        with pytest.raises(tilegames.IllegalMoveError, match=r"'decline'.*\(AXIO-11\)"):
            axio.apply(not_owing, DECLINE)
        with pytest.raises(tilegames.IllegalMoveError, match="AXIO-11"):
            axio.score_move(not_owing, DECLINE)
        fresh = axio.new_game(seed=4)
        assert axio.why_illegal(fresh, DECLINE) == reason

    def test_refused_while_choosing_to_swap_and_after_the_end(self) -> None:
        """The swap choice owes no bonus (AXIO-11, AXIO-12); a finished game takes no move."""
        choosing = position(racks=["BO", "GY"], deciding=True, bag="RR", turn=2)
        assert "(AXIO-11)" in str(axio.why_illegal(choosing, DECLINE))
        assert list(axio.legal_moves(choosing)) == [KEEP, SWAP]
        over = position(racks=["", ""], tracks=[(5,) * 6, (4,) * 6])
        assert axio.is_over(over)
        with pytest.raises(tilegames.GameOverError):
            axio.apply(over, DECLINE)

    def test_a_decline_scores_nothing(self) -> None:
        """score_move of a legal decline is zero in every colour."""
        assert axio.score_move(self.red_bonus(), DECLINE) == (0, 0, 0, 0, 0, 0)

    def test_declining_the_last_bonus_refills_and_passes(self) -> None:
        """AXIO-11, AXIO-13: declined, the bonus is gone; the rack is refilled, seat 1 moves."""
        owing = self.red_bonus()
        after = axio.apply(owing, DECLINE)
        assert after.bonuses == 0
        assert after.cells == owing.cells
        assert after.tracks == owing.tracks == ((18, 5, 5, 5, 5, 5), (0,) * 6)
        # Lowest colours are green .. purple at 5 and the rack shows them: no swap offer.
        # The five tiles left, and RR from the bag to make six.
        assert axio.rack(after, 0) == tiles("GY GO BP YP OO RR")
        assert after.bag == in_order("GG BB")
        assert axio.to_move(after) == (1,)
        assert after.turn == owing.turn + 1
        assert not after.deciding

    def test_declining_one_of_two(self) -> None:
        """AXIO-11: declining forfeits one owed placement; the other is still owed."""
        placed = {**FOUR_RED, (-2, 0): "B"}
        state = position(
            placed=placed,
            racks=["RB GY GO BO", "RG"],
            tracks=[(16, 5, 17, 5, 5, 5), (0,) * 6],
            bag="RR GG BB",
        )
        owing = axio.apply(state, place("R0,0/B-1,0"))
        assert owing.bonuses == 2
        after = axio.apply(owing, DECLINE)
        assert after.bonuses == 1
        assert axio.to_move(after) == (0,)
        assert after.turn == owing.turn
        assert axio.rack(after, 0) == tiles("GY GO BO")  # not refilled in between
        assert after.bag == owing.bag
        assert (after.cells, after.tracks) == (owing.cells, owing.tracks)
        assert list(axio.legal_moves(after))[-1] == DECLINE
        # The second may be placed (or declined too).
        placed_bonus = axio.apply(after, place("G0,3/Y1,3"))
        assert placed_bonus.bonuses == 0
        assert axio.to_move(placed_bonus) == (1,)
        assert axio.rack(placed_bonus, 0) == tiles("GO BO RR GG BB")
        both = axio.apply(after, DECLINE)
        assert axio.rack(both, 0) == tiles("GY GO BO RR GG BB")
        assert both.bag == ()
        assert axio.to_move(both) == (1,)

    def test_declining_the_last_bonus_can_offer_the_swap(self) -> None:
        """AXIO-11, AXIO-12: after the declined bonus the swap is offered as after placements."""
        # Red reaches 18; the colours at 3 are the lowest; the rack keeps RR only.
        owing = self.red_bonus(racks=["RB RR", "RG"], tracks=[(16, 3, 3, 3, 3, 3), (0,) * 6])
        assert owing.bonuses == 1
        assert axio.rack(owing, 0) == tiles("RR")
        after = axio.apply(owing, DECLINE)
        assert after.deciding
        assert axio.to_move(after) == (0,)
        assert list(axio.legal_moves(after)) == [KEEP, SWAP]
        kept = axio.apply(after, KEEP)
        assert axio.rack(kept, 0) == tiles("RR RR GG BB")
        # Placing RR instead empties the rack: nothing to swap, the refill follows.
        placed = axio.apply(owing, place("R0,3/R1,3"))
        assert not placed.deciding
        assert axio.rack(placed, 0) == tiles("RR GG BB")

    def test_team_decline(self) -> None:
        """AXIO-11, AXIO-18: in a team game the bonus at 18 may be declined; team tracks stay."""
        state = position(
            4,
            mode="team",
            placed=FOUR_RED,
            racks=["RB GY", "RG", "BB", "OO"],
            tracks=[(16, 5, 5, 5, 5, 5), (0,) * 6],
            bag="PP YY",
        )
        owing = axio.apply(state, place("R0,0/B-1,0"))
        assert (owing.bonuses, owing.tracks[0]) == (1, (18, 5, 5, 5, 5, 5))
        after = axio.apply(owing, DECLINE)
        assert after.bonuses == 0
        assert after.tracks == owing.tracks
        assert axio.rack(after, 0) == tiles("GY PP YY")
        assert axio.to_move(after) == (1,)

    def test_solo_decline_keeps_the_drawn_tile(self) -> None:
        """AXIO-20 + decision: the tile drawn for a declined bonus is the next turn's tile."""
        state = position(
            1,
            mode="solo",
            placed=FOUR_RED,
            racks=["RB"],
            tracks=[(16, 1, 1, 1, 1, 1)],
            bag="GY OP",
        )
        owing = axio.apply(state, place("R0,0/B-1,0"))
        assert (owing.bonuses, axio.rack(owing, 0), owing.bag) == (1, tiles("GY"), in_order("OP"))
        assert list(axio.legal_moves(owing))[-1] == DECLINE
        after = axio.apply(owing, DECLINE)
        assert after.bonuses == 0
        assert after.turn == state.turn + 1
        assert axio.rack(after, 0) == tiles("GY")  # kept: the rack of one is full
        assert after.bag == in_order("OP")  # nothing drawn, nothing returned
        assert DECLINE not in axio.legal_moves(after)
        following = axio.apply(after, place("G0,3/Y1,3"))
        assert axio.rack(following, 0) == tiles("OP")
        assert following.bag == ()
        assert following.turn == state.turn + 2

    def test_solo_declining_one_of_two(self) -> None:
        """AXIO-20: with two bonuses owed, a decline keeps the tile for the other one."""
        state = position(
            1,
            mode="solo",
            placed={**FOUR_RED, (-2, 0): "B"},
            racks=["RB"],
            tracks=[(16, 1, 17, 1, 1, 1)],
            bag="GY OP",
        )
        owing = axio.apply(state, place("R0,0/B-1,0"))
        assert owing.bonuses == 2
        after = axio.apply(owing, DECLINE)
        assert (after.bonuses, after.turn) == (1, owing.turn)
        assert (axio.rack(after, 0), after.bag) == (tiles("GY"), in_order("OP"))

    def test_state_is_not_changed(self) -> None:
        """apply(state, DECLINE) leaves the state it was given as it was."""
        owing = self.red_bonus()
        copy = pickle.loads(pickle.dumps(owing))
        axio.apply(owing, DECLINE)
        assert owing == copy


class TestSwap:
    # Red is the lowest colour; the rack shows no red after the blue-yellow tile goes.
    def no_red(self, **options: object) -> axio.State:
        values: dict[str, object] = {
            "racks": ["BY BO YP GB OO GP", "RG"],
            "tracks": [(2, 3, 3, 3, 3, 3), (0,) * 6],
            "bag": "RR RG RB RO RY RP GG",
        }
        values.update(options)
        return position(**values)  # type: ignore[arg-type]

    def test_offered_as_a_move_of_its_own(self) -> None:
        """AXIO-12: with none of the lowest colours left, the seat chooses keep or swap."""
        after = axio.apply(self.no_red(), place("B0,0/Y1,0"))
        assert after.deciding
        assert axio.to_move(after) == (0,)
        assert list(axio.legal_moves(after)) == [KEEP, SWAP]
        assert axio.rack(after, 0) == tiles("BO YP GB OO GP")  # not refilled yet

    def test_swap_takes_six_new_tiles_and_returns_the_old(self) -> None:
        """AXIO-12: the rack goes aside, six are drawn, the old ones go back, the bag is mixed."""
        deciding = axio.apply(self.no_red(), place("B0,0/Y1,0"))
        after = axio.apply(deciding, SWAP)
        assert axio.rack(after, 0) == tiles("RR RG RB RO RY RP")
        assert sorted(after.bag) == sorted(tiles("GG BO YP GB OO GP"))
        assert after.revealed == tiles("BO YP GB OO GP")
        assert after.seed != deciding.seed
        assert axio.to_move(after) == (1,)
        assert not after.deciding

    def test_reshuffle_comes_from_the_seed(self) -> None:
        """AXIO-12: the reshuffled bag depends on the state's seed only, reproducibly."""
        orders = set()
        for seed in range(8):
            deciding = axio.apply(self.no_red(seed=seed), place("B0,0/Y1,0"))
            again = axio.apply(self.no_red(seed=seed), place("B0,0/Y1,0"))
            assert axio.apply(deciding, SWAP).bag == axio.apply(again, SWAP).bag
            orders.add(axio.apply(deciding, SWAP).bag)
        assert len(orders) > 1

    def test_keep_refills(self) -> None:
        """AXIO-12, AXIO-13: keeping refills the rack to 6 from the bag."""
        deciding = axio.apply(self.no_red(), place("B0,0/Y1,0"))
        after = axio.apply(deciding, KEEP)
        assert axio.rack(after, 0) == tiles("BO YP GB OO GP RR")
        assert after.bag == in_order("RG RB RO RY RP GG")
        assert after.revealed == ()
        assert axio.to_move(after) == (1,)

    def test_not_offered_when_the_rack_shows_a_lowest_colour(self) -> None:
        """AXIO-12: a red tile left in the rack means no swap; the turn passes."""
        state = self.no_red(racks=["BY BO YP GB OO RP", "RG"])
        after = axio.apply(state, place("B0,0/Y1,0"))
        assert not after.deciding
        assert axio.to_move(after) == (1,)

    def test_all_tied_lowest_colours_count(self) -> None:
        """AXIO-12: red and green tie lowest; a green tile in the rack blocks the swap."""
        tied = self.no_red(tracks=[(2, 2, 3, 3, 3, 3), (0,) * 6])
        assert not axio.apply(tied, place("B0,0/Y1,0")).deciding  # GB and GP show green
        no_green = self.no_red(
            tracks=[(2, 2, 3, 3, 3, 3), (0,) * 6], racks=["BY BO YP BB OO OP", "RG"]
        )
        assert axio.apply(no_green, place("B0,0/Y1,0")).deciding

    def test_swap_with_a_short_bag(self) -> None:
        """AXIO-12: with 3 tiles in the bag the swapped rack holds 3; the old 5 go back."""
        deciding = axio.apply(self.no_red(bag="RR RG RB"), place("B0,0/Y1,0"))
        after = axio.apply(deciding, SWAP)
        assert axio.rack(after, 0) == tiles("RR RG RB")
        assert sorted(after.bag) == sorted(tiles("BO YP GB OO GP"))

    def test_not_offered_with_an_empty_bag(self) -> None:
        """AXIO-12 [decision]: with nothing to draw there is no swap to offer."""
        after = axio.apply(self.no_red(bag=""), place("B0,0/Y1,0"))
        assert not after.deciding
        assert axio.rack(after, 0) == tiles("BO YP GB OO GP")
        assert axio.to_move(after) == (1,)

    def test_offered_after_the_bonus_placements(self) -> None:
        """AXIO-12: the swap comes after all placements, bonuses included."""
        state = self.no_red(placed=dict.fromkeys([(1, 0), (2, 0)], "Y"))
        state = attrs.evolve(state, tracks=((2, 3, 3, 3, 16, 3), (0,) * 6))
        after = axio.apply(state, place("B0,-1/Y0,0"))  # yellow 16 + 2 = 18: bonus
        assert after.bonuses == 1
        assert not after.deciding
        after = axio.apply(after, place("B0,3/O1,3"))
        assert after.deciding

    def test_refill_with_a_short_bag(self) -> None:
        """AXIO-13: the refill draws what the bag holds when it has fewer than needed."""
        state = position(racks=["RB GY OP RG BO YP", "RG"], bag="")
        after = axio.apply(state, place("R0,0/B1,0"))
        assert axio.rack(after, 0) == tiles("GY OP RG BO YP")

    def test_choice_refused_when_not_offered(self) -> None:
        """AXIO-12: swap or keep is only a move while the choice is pending."""
        state = position()
        with pytest.raises(tilegames.IllegalMoveError) as caught:
            axio.apply(state, SWAP)
        assert caught.value.rule == "AXIO-12"

    def test_placement_refused_while_choosing(self) -> None:
        """AXIO-12: while the choice is pending, no tile may be placed."""
        deciding = axio.apply(self.no_red(), place("B0,0/Y1,0"))
        assert axio.why_illegal(deciding, place("B0,2/O1,2")) is not None


class TestEnd:
    def test_immediate_win_at_all_eighteen(self) -> None:
        """AXIO-14: the sixth colour reaching 18 ends the game at once, bonus or not."""
        state = position(
            placed={(1, 0): "P"},
            racks=["BP GY", "RG"],
            tracks=[(18, 18, 18, 18, 18, 17), (3,) * 6],
        )
        after = axio.apply(state, place("P0,0/B-1,0"))
        assert axio.is_over(after)
        assert axio.to_move(after) == ()
        result = axio.outcome(after)
        assert result is not None
        assert result.winners == {0}
        assert "AXIO-14" in result.reason

    def test_no_two_adjacent_empty_cells(self) -> None:
        """AXIO-15: the game ends when no two adjacent empty cells remain."""
        area = hexagon.area(5)
        left_empty = {(0, 0), (1, 0), (-3, 0)}  # (-3, 0) alone has no empty neighbour
        filled = {cell: "Y" for cell in area if cell not in left_empty and cell not in START}
        state = position(placed=filled, racks=["RB", "GY"])
        assert len(axio.legal_moves(state)) == 2
        after = axio.apply(state, place("R0,0/B1,0"))
        assert axio.is_over(after)
        assert len(axio.legal_moves(after)) == 0
        result = axio.outcome(after)
        assert result is not None
        assert "AXIO-15" in result.reason
        assert "no two adjacent empty cells remain" in result.reason  # AXIO-15's first ending
        assert after.bonuses == 0  # the game is over: no bonus placement is owed
        with pytest.raises(tilegames.GameOverError):
            axio.apply(after, place("G-3,0/Y-2,0"))

    def test_nobody_holds_a_tile(self) -> None:
        """AXIO-15: the game ends when the last tile is placed and the bag is empty."""
        state = position(racks=["RB", ""], bag="")
        after = axio.apply(state, place("R0,0/B1,0"))
        assert axio.is_over(after)
        result = axio.outcome(after)
        assert result is not None
        assert "AXIO-15" in result.reason
        assert "no player has a tile left" in result.reason  # AXIO-15's second ending

    def test_seat_with_an_empty_rack_is_passed_over(self) -> None:
        """AXIO-15 [decision]: while another seat holds a tile, an empty-handed seat is skipped."""
        state = position(3, racks=["RB", "", "GY"], bag="")
        after = axio.apply(state, place("R0,0/B1,0"))
        assert axio.to_move(after) == (2,)

    def test_worked_example_tie_break(self) -> None:
        """AXIO-16 worked example: A lowest 10; B and C lowest 9, then 12, then 14 vs 13."""
        state = position(
            3,
            racks=["", "", ""],
            tracks=[(10, 10, 10, 11, 12, 13), (9, 12, 14, 15, 15, 15), (13, 9, 18, 12, 13, 18)],
        )
        result = axio.outcome(state)
        assert result is not None
        assert result.ranking == (frozenset({0}), frozenset({1}), frozenset({2}))
        assert result.scores == state.tracks

    def test_identical_sorted_scores_share_the_place(self) -> None:
        """AXIO-16: the same sorted scores in different colours share a place."""
        state = position(
            3,
            racks=["", "", ""],
            tracks=[(1, 2, 3, 4, 5, 6), (6, 5, 4, 3, 2, 1), (0, 9, 9, 9, 9, 9)],
        )
        result = axio.outcome(state)
        assert result is not None
        assert result.ranking == (frozenset({0, 1}), frozenset({2}))

    def test_no_outcome_before_the_end(self) -> None:
        """The outcome is None while the game goes on."""
        assert axio.outcome(axio.new_game(seed=2)) is None


class TestTeam:
    def test_partners_share_tracks(self) -> None:
        """AXIO-17: seats 0 and 2 are team A; seat 2's points go to the shared tracks."""
        state = position(4, mode="team", placed=FOUR_RED, racks=["RB"] * 4, seat=2, turn=6)
        after = axio.apply(state, place("R0,0/B-1,0"))
        assert after.tracks == ((4, 0, 0, 0, 0, 0), (0,) * 6)
        assert axio.scores(after) == ((4, 0, 0, 0, 0, 0), (0,) * 6) * 2

    def test_worked_example_stop_at_eighteen_then_carry_on(self) -> None:
        """AXIO-18 worked example: red 16 gains 5 -> 18 (3 lost), bonus; later +3 -> 21."""
        placed = {**FOUR_RED, (0, -2): "R", (-3, 3): "R", (-2, 3): "R", (-1, 3): "R"}
        state = position(
            4,
            mode="team",
            placed=placed,
            racks=["RB RB GO", "RG", "RG", "RG"],
            tracks=[(16, 1, 1, 1, 1, 1), (0,) * 6],
        )
        after = axio.apply(state, place("R0,0/B-1,0"))  # red 3 east + 2 north-west = 5
        assert after.tracks[0] == (18, 1, 1, 1, 1, 1)
        assert after.bonuses == 1
        after = axio.apply(after, place("R0,3/B0,4"))  # red 3 to the west
        assert after.tracks[0] == (21, 1, 1, 1, 1, 1)
        assert after.bonuses == 0

    def test_bonus_at_thirty_six_and_nothing_past_it(self) -> None:
        """AXIO-18: reaching 36 earns another bonus; points past 36 are lost."""
        state = position(
            4,
            mode="team",
            placed=FOUR_RED,
            racks=["RB RB GO", "RG", "RG", "RG"],
            tracks=[(34, 1, 1, 1, 1, 1), (0,) * 6],
        )
        after = axio.apply(state, place("R0,0/B-1,0"))
        assert after.tracks[0][RED] == 36
        assert after.bonuses == 1
        at_cap = attrs.evolve(state, tracks=((36, 1, 1, 1, 1, 1), (0,) * 6))
        after = axio.apply(at_cap, place("R0,0/B-1,0"))
        assert after.tracks[0][RED] == 36
        assert after.bonuses == 0

    def test_eighteen_everywhere_is_no_team_win(self) -> None:
        """AXIO-19: a team with every colour at 18 plays on; it wins at 36."""
        near = position(
            4,
            mode="team",
            placed={(1, 0): "P"},
            racks=["BP GY", "RG", "RG", "RG"],
            tracks=[(18, 18, 18, 18, 18, 17), (0,) * 6],
        )
        assert not axio.is_over(axio.apply(near, place("P0,0/B-1,0")))
        full = attrs.evolve(near, tracks=((36, 36, 36, 36, 36, 35), (0,) * 6))
        after = axio.apply(full, place("P0,0/B-1,0"))
        assert axio.is_over(after)
        result = axio.outcome(after)
        assert result is not None
        assert result.ranking == (frozenset({0, 2}), frozenset({1, 3}))
        assert "AXIO-14" in result.reason

    def test_swap_uses_the_team_tracks(self) -> None:
        """AXIO-19: seat 2's swap looks at team A's lowest colour."""
        state = position(
            4,
            mode="team",
            racks=["RG", "RG", "BY BO", "RG"],
            tracks=[(2, 3, 3, 3, 3, 3), (9, 0, 9, 9, 9, 9)],
            bag="RR",
            seat=2,
            turn=6,
        )
        after = axio.apply(state, place("B0,0/Y1,0"))
        assert after.deciding  # team A's lowest is red; BO shows none

    def test_team_outcome_scores_per_seat(self) -> None:
        """AXIO-17: in the outcome partners show their team's tracks and share a place."""
        state = position(
            4, mode="team", racks=["", "", "", ""], tracks=[(5,) * 6, (4, 9, 9, 9, 9, 9)]
        )
        result = axio.outcome(state)
        assert result is not None
        assert result.scores == ((5,) * 6, (4, 9, 9, 9, 9, 9)) * 2
        assert result.ranking == (frozenset({0, 2}), frozenset({1, 3}))


class TestSolo:
    def test_rack_of_one_refilled_after_each_placement(self) -> None:
        """AXIO-20: draw one tile, place it, draw the next."""
        state = axio.new_game(mode="solo", seed=3)
        assert axio.rack_sizes(state) == (1,)
        move = axio.legal_moves(state)[0]
        after = axio.apply(state, move)
        assert axio.rack(after, 0) == tuple(sorted(state.bag[:1]))
        assert after.bag == state.bag[1:]
        assert after.turn == 1
        assert axio.to_move(after) == (0,)

    def test_bonus_at_eighteen_draws_a_tile(self) -> None:
        """AXIO-20: reaching 18 earns a bonus placement, which draws one tile and places it."""
        state = position(
            1,
            mode="solo",
            placed=FOUR_RED,
            racks=["RB"],
            tracks=[(16, 1, 1, 1, 1, 1)],
            bag="GY OP",
        )
        after = axio.apply(state, place("R0,0/B-1,0"))
        assert after.tracks == ((18, 1, 1, 1, 1, 1),)
        assert after.bonuses == 1
        assert axio.rack(after, 0) == tiles("GY")
        assert after.turn == state.turn
        after = axio.apply(after, place("G0,3/Y1,3"))
        assert after.bonuses == 0
        assert after.turn == state.turn + 1
        assert axio.rack(after, 0) == tiles("OP")

    def test_bonus_at_thirty_six(self) -> None:
        """AXIO-20: the solo tracks run to 36 with a second bonus there."""
        state = position(
            1, mode="solo", placed=FOUR_RED, racks=["RB"], tracks=[(33, 1, 1, 1, 1, 1)], bag="GY"
        )
        after = axio.apply(state, place("R0,0/B-1,0"))
        assert after.tracks == ((36, 1, 1, 1, 1, 1),)
        assert after.bonuses == 1

    def test_game_ends_when_bag_and_rack_are_empty(self) -> None:
        """AXIO-21: the last tile placed with an empty bag ends the solo game."""
        state = position(1, mode="solo", racks=["RB"], tracks=[(14, 30, 12, 18, 36, 20)])
        after = axio.apply(state, place("R0,0/B1,0"))
        assert axio.is_over(after)
        result = axio.outcome(after)
        assert result is not None
        assert result.scores == (121418,)
        assert result.ranking == (frozenset({0}),)
        assert "AXIO-21" in result.reason

    def test_solo_score_worked_examples(self) -> None:
        """AXIO-21 worked examples: 12, 14, 18 -> 121418; 5, 12, 14 -> 051214 = 51214."""
        assert axio.solo_score((12, 14, 18, 20, 30, 36)) == 121418
        assert axio.solo_score((14, 5, 36, 12, 20, 20)) == 51214

    def test_no_swap_in_solo(self) -> None:
        """AXIO-12, AXIO-20: the solo rack is empty after each placement: nothing to swap."""
        state = position(1, mode="solo", racks=["BY"], tracks=[(2, 3, 3, 3, 3, 3)], bag="BB OO")
        after = axio.apply(state, place("B0,0/Y1,0"))
        assert not after.deciding
        assert axio.rack(after, 0) == tiles("BB")

    def test_immediate_win_at_thirty_six(self) -> None:
        """AXIO-14, AXIO-20: all six at 36 ends the solo game: 363636."""
        state = position(
            1,
            mode="solo",
            placed={(1, 0): "P"},
            racks=["BP"],
            tracks=[(36, 36, 36, 36, 36, 35)],
            bag="RR",
        )
        after = axio.apply(state, place("P0,0/B-1,0"))
        result = axio.outcome(after)
        assert result is not None
        assert result.scores == (363636,)


class TestView:
    def test_own_rack_only(self) -> None:
        """AXIO-22: a view holds the seat's rack and the public facts, no other rack."""
        state = position(racks=["RB GY", "OP"], bag="RR GG")
        mine = axio.view(state, 0)
        assert mine.rack == tiles("RB GY")
        assert mine.rack_sizes == (2, 1)
        assert mine.bag_size == 2
        assert mine.cells == state.cells
        assert mine.to_move == (0,)
        assert axio.view(state, 1).rack == tiles("OP")

    def test_hidden_parts_do_not_change_the_view(self) -> None:
        """AXIO-22: states differing only in another rack, the bag order or the seed look alike."""
        state = position(racks=["RB GY", "OP RR"], bag="RR GG BB")
        other = attrs.evolve(
            state, racks=(tiles("RB GY"), tiles("YY BB")), bag=in_order("BB GG RR")
        )
        other = attrs.evolve(other, seed=12345678901)
        assert other != state
        assert axio.view(other, 0) == axio.view(state, 0)

    def test_no_hidden_item_in_any_view(self) -> None:
        """AXIO-22: no view carries the seed, the bag or another seat's rack."""
        state = axio.new_game(3, seed=2024)
        for seat in range(3):
            seen = axio.view(state, seat)
            names = {field.name for field in attrs.fields(axio.View)}
            assert not {"seed", "bag", "racks"} & names
            values = attrs.asdict(seen, recurse=False).values()
            assert state.seed not in values
            others = [axio.rack(state, s) for s in range(3) if s != seat]
            assert all(rack not in values for rack in others)

    def test_revealed_tiles_are_public(self) -> None:
        """AXIO-22: the tiles set aside by a swap are in every seat's view."""
        state = position(racks=["BY BO", "RG"], tracks=[(2, 3, 3, 3, 3, 3), (0,) * 6], bag="RR GG")
        after = axio.apply(axio.apply(state, place("B0,0/Y1,0")), SWAP)
        assert axio.view(after, 1).revealed == tiles("BO")

    def test_bad_seat(self) -> None:
        """A seat outside the game is a ValueError."""
        with pytest.raises(ValueError, match="seat 2"):
            axio.view(axio.new_game(seed=1), 2)
        with pytest.raises(ValueError, match="seat -1"):
            axio.rack(axio.new_game(seed=1), -1)


class TestNotation:
    def test_format(self) -> None:
        """A placement is colour letter and q,r per hex, in reading order; swap and keep."""
        assert axio.format_move(place("B1,0/R0,0")) == "R0,0/B1,0"
        assert str(place("G-1,2/Y0,2")) == "G-1,2/Y0,2"
        assert str(place("P0,4/O-1,5")) == "P0,4/O-1,5"  # row 4 before row 5
        assert (str(SWAP), str(KEEP)) == ("swap", "keep")
        assert str(DECLINE) == axio.format_move(DECLINE) == "decline"  # AXIO-11, spec v2

    def test_parse_any_order_and_case(self) -> None:
        """Parsing accepts either hex first, lower case and spaces."""
        assert axio.parse_move(" b1,0 / R0,0 ") == place("R0,0/B1,0")
        assert axio.parse_move("SWAP") == SWAP
        assert axio.parse_move("keep", axio.new_game(seed=1)) == KEEP
        assert axio.parse_move(" Decline ") == axio.parse_move("DECLINE") == DECLINE
        assert axio.parse_move("decline", axio.new_game(seed=1)) == axio.Decline()

    @pytest.mark.parametrize(
        "text", ["", "R0,0", "R0,0/B1", "X0,0/B1,0", "R0;0/B1,0", "swapp", "declined", "de cline"]
    )
    def test_parse_errors(self, text: str) -> None:
        """Text that is not a move is a NotationError."""
        with pytest.raises(tilegames.NotationError):
            axio.parse_move(text)

    def test_parse_error_for_non_text(self) -> None:
        """A non-string is a WrongTypeError, not a crash."""
        with pytest.raises(tilegames.WrongTypeError):
            axio.parse_move(7)  # type: ignore[arg-type]

    @given(
        st.tuples(st.integers(-9, 9), st.integers(-9, 9)),
        st.sampled_from(range(6)),
        st.sampled_from(range(6)),
        st.integers(-9, 9),
        st.integers(-9, 9),
    )
    def test_round_trip(self, cell: Hex, first: int, second: int, q: int, r: int) -> None:
        """parse_move(format_move(m)) == m for any placement, even an illegal one."""
        move = Place((cell, (q, r)), (first, second))
        assert axio.parse_move(axio.format_move(move)) == move
        for choice in (SWAP, KEEP, DECLINE):
            assert axio.parse_move(str(choice)) == choice
            assert axio.parse_move(axio.format_move(choice)) == choice

    def test_tiles(self) -> None:
        """Tiles are two colour letters, lower colour first; parsing takes either order."""
        assert axio.format_tile((RED, PURPLE)) == "RP"
        assert axio.parse_tile("pr") == (RED, PURPLE)
        assert axio.parse_tile("YY") == (YELLOW, YELLOW)
        with pytest.raises(tilegames.NotationError):
            axio.parse_tile("RGB")
        for t in set(axio.STANDARD_TILES):
            assert axio.parse_tile(axio.format_tile(t)) == t


class TestMoveClasses:
    def test_place_is_stored_in_reading_order(self) -> None:
        """A placement keeps the hex with smaller r (then q) first, colours following."""
        move = Place(((1, 0), (1, -1)), (RED, BLUE))
        assert move.cells == ((1, -1), (1, 0))
        assert move.colours == (BLUE, RED)

    @pytest.mark.parametrize(
        ("cells", "colours"),
        [
            ([(0, 0), (1, 0)], (0, 1)),
            (((0, 0), (1, 0.0)), (0, 1)),
            (((0, 0), (1, 0)), (0, True)),
            (((0, 0),), (0, 1)),
            (((0, 0), (1, 0)), "RB"),
        ],
    )
    def test_place_types(self, cells: object, colours: object) -> None:
        """Fields of the wrong type are a TypeError at construction."""
        with pytest.raises(TypeError):
            Place(cells, colours)  # type: ignore[arg-type]

    def test_swap_choice_is_a_bool(self) -> None:
        """SwapChoice takes a bool only."""
        with pytest.raises(TypeError):
            axio.SwapChoice(1)  # type: ignore[arg-type]
        assert axio.SwapChoice(True) == SWAP

    def test_moves_pickle_and_hash(self) -> None:
        """Moves are values: they pickle and hash by value."""
        move = place("R0,0/B1,0")
        assert pickle.loads(pickle.dumps(move)) == move
        assert len({move, place("B1,0/R0,0"), SWAP, axio.SwapChoice(True)}) == 2


class TestErrors:
    def test_illegal_move_error_names_move_rule_and_turn(self) -> None:
        """apply's error has the move in notation, the rule id and whose turn it is."""
        state = position(racks=["RB", "GY"])
        with pytest.raises(tilegames.IllegalMoveError) as caught:
            axio.apply(state, place("G0,0/Y1,0"))
        error = caught.value
        assert error.move == "G0,0/Y1,0"
        assert error.rule == "AXIO-7"
        assert "seat 0" in error.turn
        assert "G0,0/Y1,0" in str(error)

    def test_not_a_move(self) -> None:
        """A value that is not a move is a WrongTypeError; `in` just says no."""
        state = position()
        with pytest.raises(tilegames.WrongTypeError, match="parse_move"):
            axio.apply(state, "R0,0/B1,0")  # type: ignore[arg-type]
        with pytest.raises(tilegames.WrongTypeError):
            axio.why_illegal(state, None)  # type: ignore[arg-type]
        listed: Sequence[object] = axio.legal_moves(state)
        assert "R0,0/B1,0" not in listed

    def test_refusal_leaves_the_state_alone(self) -> None:
        """A refused move changes nothing."""
        state = position()
        before = pickle.dumps(state)
        with pytest.raises(tilegames.IllegalMoveError):
            axio.apply(state, place("R5,0/B4,0"))
        assert pickle.dumps(state) == before

    def test_apply_does_not_mutate(self) -> None:
        """apply returns a new state and leaves its argument as it was."""
        state = axio.new_game(seed=8)
        copy = pickle.loads(pickle.dumps(state))
        axio.apply(state, axio.legal_moves(state)[5])
        assert state == copy

    @pytest.mark.parametrize(
        "change",
        [
            {"cells": (0,) * 91},
            {"cells": (axio.EMPTY,) * 90},
            {"tracks": ((0,) * 6,)},
            {"tracks": ((19, 0, 0, 0, 0, 0), (0,) * 6)},
            {"racks": (tiles("RB GY OP RG BO YP RR"), ())},
            {"racks": (((0, 7),), ())},
            {"mode": "duo"},
            {"seat": 2},
            {"bag": ((3, 1),)},
            {"racks": ((), tiles("RB"))},
        ],
    )
    def test_invalid_hand_made_states(self, change: dict[str, object]) -> None:
        """A hand-made state that breaks an invariant is an InvalidStateError on first use."""
        state = attrs.evolve(position(), **change)  # type: ignore[arg-type]
        with pytest.raises(tilegames.InvalidStateError):
            axio.legal_moves(state)


class TestRender:
    def test_small_position(self) -> None:
        """The board is offset rows of letters: '.' empty, lower case for start cells."""
        state = position(placed={(0, 0): "R", (1, 0): "B"}, racks=["RB GY", "OP"], bag="RR")
        lines = axio.render_text(state).splitlines()
        assert lines[0] == "  r"
        assert lines[1] == " -5      b . . . . g       q=0..5"
        assert lines[6] == "  0 o . . . . R B . . . r  q=-5..5"
        assert lines[11] == "  5      y . . . . p       q=-5..0"
        assert lines[12] == "          R  G  B  O  Y  P  rack"
        assert lines[13] == "seat 0    0  0  0  0  0  0     2  to move"
        assert lines[14] == "seat 1    0  0  0  0  0  0     1"
        assert lines[15] == "bag: 1 tiles"
        assert lines[16] == "Legend:"
        assert str(state) == axio.render_text(state)

    def test_view_shows_its_rack(self) -> None:
        """A view's picture ends with its own rack."""
        state = position(racks=["RB GY", "OP"])
        board = str(axio.view(state, 0)).partition("\nLegend:\n")[0]
        assert board.endswith("seat 0 holds RB GY")

    def test_team_solo_and_end(self) -> None:
        """Team rows name the team; solo shows its score; a finished game says so."""
        team = str(axio.new_game(mode="team", seed=1))
        assert "seat 2 A" in team
        assert "seat 3 B" in team
        solo = position(1, mode="solo", racks=[""], tracks=[(5, 12, 14, 20, 20, 20)])
        assert "solo score: 051214 (the three lowest tracks, two digits each, AXIO-21)" in str(
            solo
        )
        assert "game over" in str(solo)


class TestRegistry:
    def test_registered(self) -> None:
        """The game is registered as 'axio' with the default setup first."""
        assert tilegames.get("axio") is axio.RULES
        assert axio.RULES.setups[0] == tilegames.Setup(2)
        assert {str(s) for s in axio.RULES.setups} >= {
            "4 players, mode=team",
            "1 player, mode=solo",
        }

    def test_demo_command(self, capsys: pytest.CaptureFixture[str]) -> None:
        """'tilegames demo axio' plays a game and prints the board and the result."""
        assert cli.main(["demo", "axio", "--seed", "3", "--quiet"]) == 0
        out = capsys.readouterr().out
        assert "Game over" in out
        assert "  R  G  B  O  Y  P" in out

    def test_demo_solo(self, capsys: pytest.CaptureFixture[str]) -> None:
        """'tilegames demo axio --players 1' plays the solo game."""
        assert cli.main(["demo", "axio", "--players", "1", "--seed", "5", "--quiet"]) == 0
        assert "solo score" in capsys.readouterr().out
