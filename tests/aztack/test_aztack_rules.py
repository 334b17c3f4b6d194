"""Tests of :mod:`tilegames.aztack` built by hand from its rules (AZT-1 .. AZT-20).

Most positions are built directly as :class:`~tilegames.aztack.State` values:

* on the *red world*, a custom set whose twelve base stones are all ``RtRt``
  (red flint twice), so that every base spot shows red flint on both cells and
  what fits where can be counted by hand;
* on a base of standard stones (``BASE`` of :mod:`aztack_positions`),
  whose top halves are drawn there.
"""

from __future__ import annotations

import copy
import pickle
from collections.abc import Iterator, Sequence

import attrs
import aztack_positions as endgames
import pytest
from hypothesis import given
from hypothesis import strategies as st

import tilegames
from tiers import size
from tilegames import (
    ConfigurationError,
    GameOverError,
    IllegalMoveError,
    InvalidStateError,
    NotationError,
    WrongTypeError,
    aztack,
)
from tilegames.aztack import Match, Pass, Place, Stone, StoneSet
from tilegames.geometry.pyramid import Pyramid

# ---------------------------------------------------------------------------
# The red world
# ---------------------------------------------------------------------------

RED_WORLD = StoneSet(
    Stone(i, aztack.parse_stone(text))
    for i, text in enumerate(
        ["RtRt"] * 12  # 0..11: the base
        + ["RfRf", "RfRf"]  # 12, 13: red twice: fit every spot by colour (alike)
        + ["GfGf", "GfGf"]  # 14, 15: green flower: fit nowhere (alike)
        + ["RtRt"]  # 16: exactly what every base spot shows: the bonus
        + ["RfRt"]  # 17: red twice, halves unlike: fits by colour either way round
        + ["GtGt"]  # 18: flint twice: fits every spot by glyph
        + ["YdYd", "YdYd"]  # 19, 20: fit nowhere (alike)
    )
)
RF, RF2, GF, GF2, RT, RFT, GT, YD, YD2 = range(12, 21)
BASE_SPOTS = {((x, y), (x + 1, y)) for y in range(4) for x in range(5)} | {
    ((x, 1), (x, 2)) for x in range(6)
}
"""AZT-6 on a fresh base: 5 spots along each of the 4 lines of cells, and 6 across the seam
between the two rows; cells (x, 0)-(x, 1) and (x, 2)-(x, 3) are one stone each."""


def world(
    supplies: Sequence[Sequence[int]],
    *,
    mode: str = "turns",
    turn: int = 0,
    last_placed: Sequence[int] | None = None,
    placed: Sequence[tuple[int, tuple[int, int], tuple[int, int]]] = (),
    stones: StoneSet = RED_WORLD,
) -> aztack.State:
    """A red-world position: base stones 0..11 row by row (AZT-4), then ``placed`` stones.

    Each placement is ``(stone, first cell, second cell)`` and is laid by hand:
    both cells rise by one and show the stone's halves (AZT-6).
    """
    heights, tops, faces = [1] * 24, [0] * 24, [0] * 24
    for index in range(12):
        row, x = divmod(index, 6)
        for y, (colour, glyph) in zip((2 * row, 2 * row + 1), stones[index].halves, strict=True):
            tops[y * 6 + x] = index
            faces[y * 6 + x] = glyph * 5 + colour
    for stone, first, second in placed:
        for (x, y), (colour, glyph) in zip((first, second), stones[stone].halves, strict=True):
            heights[y * 6 + x] += 1
            tops[y * 6 + x] = stone
            faces[y * 6 + x] = glyph * 5 + colour
    return aztack.State(
        stones=stones,
        pyramid=Pyramid(6, 4, tuple(heights), tuple(tops)),
        faces=tuple(faces),
        supplies=tuple(tuple(sorted(held)) for held in supplies),
        whose_turn=None if mode == "speed" else turn,
        last_placed=tuple(last_placed or (0,) * len(supplies)),
    )


def cells_of(moves: Sequence[aztack.Move]) -> set[tuple[tuple[int, int], tuple[int, int]]]:
    return {(m.first, m.second) for m in moves if isinstance(m, Place)}


def numbers(value: object) -> Iterator[int]:
    """Every int inside nested dicts, tuples and lists."""
    if isinstance(value, int):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from numbers(item)
    elif isinstance(value, (tuple, list)):
        for item in value:
            yield from numbers(item)


def reason(state: aztack.State, move: aztack.Move) -> str:
    found = aztack.why_illegal(state, move)
    assert found is not None, f"{move} is legal"
    with pytest.raises(IllegalMoveError) as refused:
        aztack.apply(state, move)
    assert refused.value.reason in found
    assert refused.value.move == str(move)
    return found


# ---------------------------------------------------------------------------
# Components (AZT-1 .. AZT-3)
# ---------------------------------------------------------------------------


class TestStandardSet:
    def test_the_rule_of_azt_3(self) -> None:
        """AZT-3: for every kind k and offset d in (1, 5, 12), the stone (k, k + d mod 20)."""
        expected = {(k, (k + d) % 20) for k in range(20) for d in (1, 5, 12)}
        found = {
            tuple(glyph * 5 + colour for colour, glyph in s.halves) for s in aztack.STANDARD_STONES
        }
        assert found == expected
        assert len(aztack.STANDARD_STONES) == 60

    def test_each_half_kind_on_six_halves_and_stones_distinct(self) -> None:
        """AZT-3: each of the 20 half kinds is on exactly 6 halves, no two stones alike."""
        halves = [h for s in aztack.STANDARD_STONES for h in s.halves]
        assert {halves.count((c, g)) for c in range(5) for g in range(4)} == {6}
        assert len({frozenset(s.halves) for s in aztack.STANDARD_STONES}) == 60

    def test_ids_are_indices(self) -> None:
        """A stone's id is its index in the set."""
        assert [s.id for s in aztack.STANDARD_STONES] == list(range(60))

    def test_orders_of_azt_1(self) -> None:
        """AZT-1: colours green, orange, grey, blue, red; glyphs flower, water, deer, flint."""
        assert aztack.COLOURS == ("green", "orange", "grey", "blue", "red")
        assert aztack.GLYPHS == ("flower", "water", "deer", "flint")
        assert (aztack.GREY, aztack.RED, aztack.DEER, aztack.FLINT) == (2, 4, 2, 3)

    def test_stone_text(self) -> None:
        """A stone is written colour capital and glyph letter per half, and read back."""
        stone = Stone(7, ((aztack.GREY, aztack.FLINT), (aztack.BLUE, aztack.WATER)))
        assert str(stone) == "YtBw"
        assert aztack.parse_stone("YtBw") == stone.halves
        assert (stone.colours, stone.glyphs) == ((2, 3), (3, 1))
        with pytest.raises(NotationError, match="GfOw"):
            aztack.parse_stone("GfO")

    def test_bad_stones_are_refused(self) -> None:
        """A half outside 5 colours x 4 glyphs, or a bad id, is refused at construction."""
        with pytest.raises(ValueError, match=r"colour must be 0\.\.4"):
            Stone(0, ((5, 0), (0, 0)))
        with pytest.raises(TypeError):
            Stone(0, ((0, 0),))
        with pytest.raises(ValueError, match=">= 0"):
            Stone(-1, ((0, 0), (0, 0)))

    def test_stone_sets_compare_pickle_and_copy(self) -> None:
        """A StoneSet compares by value, pickles, and copies as itself (it is immutable)."""
        again = StoneSet(list(RED_WORLD))
        assert again == RED_WORLD
        assert hash(again) == hash(RED_WORLD)
        assert pickle.loads(pickle.dumps(RED_WORLD)) == RED_WORLD
        assert copy.deepcopy(RED_WORLD) is RED_WORLD
        assert RED_WORLD != aztack.STANDARD_STONES
        with pytest.raises(ValueError, match="id 0"):
            StoneSet([Stone(1, ((0, 0), (0, 0)))])


# ---------------------------------------------------------------------------
# Setup (AZT-4, AZT-8 .. AZT-11)
# ---------------------------------------------------------------------------


class TestSetup:
    def test_a_set_with_a_colour_on_one_stone(self) -> None:
        """AZT-9: every colour on two stones of the base at least; the refusal names the
        colour short of it (red, on one), not a colour on exactly two (green)."""
        stones = ["GfOf", "GwOw", "RfBf", *["OfYf", "YwBw", "BdOd"] * 11]
        with pytest.raises(ConfigurationError) as refused:
            aztack.new_game(2, seed=1, stones=stones)
        assert str(refused.value) == (
            "red is on 1 stone(s) of the set; the base needs every colour on at least 2 "
            "stones (AZT-9)"
        )

    @pytest.mark.parametrize("players", [2, 3, 4])
    def test_deal(self, players: int) -> None:
        """AZT-8, AZT-10: 12 base stones, 12 per seat, all distinct, the rest out of play."""
        state = aztack.new_game(players=players, seed=players)
        base = set(state.pyramid.tops)
        held = [set(h) for h in state.supplies]
        assert len(base) == 12
        assert [len(h) for h in held] == [12] * players
        everything = set.union(base, *held)
        assert len(everything) == 12 + 12 * players
        assert aztack.stones_left(state) == (12,) * players

    def test_base_layout(self) -> None:
        """AZT-4: two rows of six, each stone across its row: (x, 0)-(x, 1) and (x, 2)-(x, 3)."""
        for seed in range(20):
            state = aztack.new_game(seed=seed)
            tops = aztack.tops(state)
            assert set(aztack.heights(state).values()) == {1}
            for x in range(6):
                assert tops[(x, 0)][0] == tops[(x, 1)][0] != tops[(x, 2)][0] == tops[(x, 3)][0]

    def test_base_shows_both_halves_of_each_stone_in_either_orientation(self) -> None:
        """AZT-8: a base stone shows its two halves, its first half up or down at random."""
        turned = set()
        for seed in range(40):
            state = aztack.new_game(seed=seed)
            tops = aztack.tops(state)
            for x in range(6):
                for near in (0, 2):
                    stone, *top = tops[(x, near)]
                    _, *bottom = tops[(x, near + 1)]
                    halves = state.stones[stone].halves
                    assert (tuple(top), tuple(bottom)) in (halves, halves[::-1])
                    turned.add((tuple(top), tuple(bottom)) == halves[::-1])
        assert turned == {False, True}

    def test_every_colour_on_two_base_stones(self) -> None:
        """AZT-9: in every base, each colour is on at least two different stones."""
        for seed in range(200):
            state = aztack.new_game(seed=seed, players=4)
            base = {state.stones[s] for s in state.pyramid.tops}
            for colour in range(5):
                assert sum(colour in stone.colours for stone in base) >= 2, (seed, colour)

    def test_rare_colour_forces_a_reshuffle(self) -> None:
        """AZT-9 [decision]: with red on only two stones of the set, both are in every base."""
        stones = ["RfRf", "RwRw"] + ["GfOf", "YwBw", "OdYt", "BtGd"] * 9
        for seed in range(10):
            state = aztack.new_game(seed=seed, stones=stones)
            assert {0, 1} <= set(state.pyramid.tops)

    def test_seed_fixes_the_deal(self) -> None:
        """The same seed gives the same state; other seeds other deals; no seed is kept."""
        assert aztack.new_game(seed=5) == aztack.new_game(seed=5)
        assert len({aztack.new_game(seed=s) for s in range(10)}) == 10
        assert aztack.players(aztack.new_game()) == 2
        assert "seed" not in {f.name for f in attrs.fields(aztack.State)}

    def test_turns_and_modes(self) -> None:
        """AZT-11: seat 0 starts the turn game; the speed stack has no turn (AZT-17)."""
        assert aztack.new_game(seed=1).whose_turn == 0
        assert aztack.mode(aztack.new_game(seed=1)) == "turns"
        speed = aztack.new_game(seed=1, mode="speed", players=3)
        assert speed.whose_turn is None
        assert aztack.mode(speed) == "speed"

    @pytest.mark.parametrize(
        ("kwargs", "message"),
        [
            ({"players": 1}, "2 to 4 players"),
            ({"players": 5}, "2 to 4 players"),
            ({"players": True}, "2 to 4 players"),
            ({"mode": "fast"}, "mode must be"),
            ({"seed": "x"}, "seed must be"),
            ({"stones": ["GfOw"] * 30}, "at least 36"),
            ({"stones": "GfOw"}, "not one string"),
            ({"stones": 5}, "must be a collection of stones"),
            ({"stones": ["GfOw", "Gf"] * 20}, "stone 1 'Gf' is not a stone"),
            ({"stones": [((0, 0), (9, 0))] * 40}, "stone 0"),
            ({"stones": ["RfRf"] + ["GfOf", "YwBw"] * 20}, "red is on 1 stone"),
        ],
    )
    def test_bad_configurations(self, kwargs: dict[str, object], message: str) -> None:
        """Bad players, modes, seeds and sets raise ConfigurationError saying why."""
        with pytest.raises(ConfigurationError, match=message):
            aztack.new_game(**kwargs)  # type: ignore[arg-type]

    def test_custom_set_in_every_form(self) -> None:
        """A custom set may be given as Stones, pairs of halves or strings, ids by position."""
        texts = ["GfOf", "YwBw", "OdYt", "BtGd", "RfRw"] * 8
        pairs = [aztack.parse_stone(t) for t in texts]
        stones = [Stone(99, p) for p in pairs]
        states = [aztack.new_game(seed=3, stones=given) for given in (texts, pairs, stones)]
        assert states[0] == states[1] == states[2]
        assert [s.id for s in states[0].stones] == list(range(40))


# ---------------------------------------------------------------------------
# Spots (AZT-5 .. AZT-7)
# ---------------------------------------------------------------------------


class TestSpots:
    def test_base_spots(self) -> None:
        """AZT-6: on the base, a stone fitting everywhere has exactly the 26 base spots."""
        state = world([[RF], [GF]])
        moves = aztack.legal_moves(state)
        assert cells_of(moves) == BASE_SPOTS
        assert len(moves) == 26  # a double is listed one way round (AZT-7)

    def test_both_orientations(self) -> None:
        """AZT-7: a stone with unlike halves may lie either way round: 52 placements."""
        moves = aztack.legal_moves(world([[RFT], [GF]]))
        expected = BASE_SPOTS | {(b, a) for a, b in BASE_SPOTS}
        assert cells_of(moves) == expected
        assert len(moves) == 52

    def test_a_stone_on_the_base_removes_four_spots(self) -> None:
        """AZT-6: a stone on (0,1)-(1,1) takes away the 4 base spots touching those cells."""
        state = world([[RF], [GF]], placed=[(RFT, (0, 1), (1, 1))])
        lost = {((0, 1), (1, 1)), ((1, 1), (2, 1)), ((0, 1), (0, 2)), ((1, 1), (1, 2))}
        assert cells_of(aztack.legal_moves(state)) == BASE_SPOTS - lost

    def test_second_level_spot(self) -> None:
        """AZT-6: two raised stones side by side make spots one level up, across them."""
        state = world(
            [[RF], [GF]], placed=[(RFT, (0, 1), (1, 1)), (16, (0, 2), (1, 2))], last_placed=(1, 2)
        )
        found = cells_of(aztack.legal_moves(state))
        assert {((0, 1), (0, 2)), ((1, 1), (1, 2))} <= found
        assert aztack.heights(state)[(0, 1)] == aztack.heights(state)[(0, 2)] == 2

    def test_same_stone_is_no_bridge(self) -> None:
        """AZT-6: a stone's own two halves are not a spot."""
        text = reason(world([[RF], [GF]]), Place(0, RF, (3, 0), (3, 1)))
        assert "bridge two different stones" in text
        assert "(AZT-6)" in text

    def test_unequal_heights(self) -> None:
        """AZT-6: the stone must lie flat: the two cells must have the same height."""
        state = world([[RF], [GF]], placed=[(RFT, (0, 1), (1, 1))])
        assert "heights 1 and 2" in reason(state, Place(0, RF, (1, 0), (1, 1)))

    def test_not_adjacent_and_off_the_grid(self) -> None:
        """AZT-6: two cells side by side, on the grid (stones never overhang)."""
        state = world([[RF], [GF]])
        assert "not side by side" in reason(state, Place(0, RF, (0, 0), (2, 0)))
        assert "not side by side" in reason(state, Place(0, RF, (0, 1), (1, 2)))
        assert "off the 6x4 grid" in reason(state, Place(0, RF, (5, 0), (6, 0)))
        assert "off the 6x4 grid" in reason(state, Place(0, RF, (0, -1), (0, 0)))

    def test_double_turned_round_is_the_same_move(self) -> None:
        """AZT-7: a stone with alike halves is listed once per spot; turned round it is refused."""
        text = reason(world([[RF], [GF]]), Place(0, RF, (1, 0), (0, 0)))
        assert "0:12@0,0/1,0" in text
        assert "(AZT-7)" in text


# ---------------------------------------------------------------------------
# Matching and the bonus (AZT-12, AZT-13) on the standard base
# ---------------------------------------------------------------------------

# On endgames.BASE, cells (1, 1) and (2, 1) show Gw (green water, of stone 1)
# and Ow (orange water, of stone 4). Standard stones used, none of them in the
# base (AZT-3): 15 GwOw, 18 OwYw, 26 BwGf, 30 GdOd, 47 GtYw.
GW_CELL, OW_CELL = (1, 1), (2, 1)


def on_base(*held: int) -> aztack.State:
    return endgames.build([list(held), [59]])


class TestMatching:
    def test_colour_match(self) -> None:
        """AZT-12, rule sheet example 1: GdOd on Gw, Ow matches both colours, not the glyphs."""
        state = on_base(30)
        move = Place(0, 30, GW_CELL, OW_CELL)
        assert aztack.why_illegal(state, move) is None
        assert aztack.score_move(state, move) is Match.COLOUR

    def test_glyph_match(self) -> None:
        """AZT-12, rule sheet example 2: OwYw on Gw, Ow matches both glyphs (water)."""
        state = on_base(18)
        move = Place(0, 18, GW_CELL, OW_CELL)
        assert aztack.score_move(state, move) is Match.GLYPH
        assert move in aztack.legal_moves(state)

    def test_mixed_match_is_illegal(self) -> None:
        """AZT-12, rule sheet example 3: GtYw matches one half by colour, one by glyph: no."""
        state = on_base(47, 26)
        text = reason(state, Place(0, 47, GW_CELL, OW_CELL))
        assert "one half by colour and the other by glyph" in text
        assert "(AZT-12)" in text
        # BwGf turned round: Bw on Ow by glyph, Gf on Gw by colour.
        assert "by colour and the other" in reason(state, Place(0, 26, OW_CELL, GW_CELL))

    def test_orientation_decides(self) -> None:
        """AZT-7, AZT-12: GdOd fits first half on Gw; turned round it matches nothing."""
        state = on_base(30)
        assert aztack.why_illegal(state, Place(0, 30, GW_CELL, OW_CELL)) is None
        assert "matches neither" in reason(state, Place(0, 30, OW_CELL, GW_CELL))

    def test_bonus_both(self) -> None:
        """AZT-13, rule sheet example 4: GwOw on Gw, Ow matches both: the bonus."""
        state = on_base(15, 30, 18)
        assert aztack.score_move(state, Place(0, 15, GW_CELL, OW_CELL)) is Match.BOTH
        assert aztack.score_move(state, Place(0, 15, OW_CELL, GW_CELL)) is Match.GLYPH

    def test_bonus_moves_listed(self) -> None:
        """AZT-13: the bonus placement is listed without a discard and with each other stone."""
        state = on_base(15, 30, 18)
        here = [
            m
            for m in aztack.legal_moves(state)
            if isinstance(m, Place) and (m.stone, m.first, m.second) == (15, GW_CELL, OW_CELL)
        ]
        assert [m.discard for m in here] == [None, 18, 30]

    def test_bonus_discard_applied(self) -> None:
        """AZT-13: the discard leaves the supply with the placed stone; the turn passes."""
        state = on_base(15, 30, 18)
        after = aztack.apply(state, Place(0, 15, GW_CELL, OW_CELL, discard=18))
        assert after.supplies[0] == (30,)
        assert after.whose_turn == 1
        assert aztack.tops(after)[GW_CELL] == (15, aztack.GREEN, aztack.WATER)
        assert aztack.tops(after)[OW_CELL] == (15, aztack.ORANGE, aztack.WATER)
        assert aztack.heights(after)[GW_CELL] == 2

    def test_discard_needs_the_bonus(self) -> None:
        """AZT-13: a colour-only placement may not discard."""
        text = reason(on_base(30, 18), Place(0, 30, GW_CELL, OW_CELL, discard=18))
        assert "colours only" in text
        assert "(AZT-13)" in text

    def test_discard_must_be_another_held_stone(self) -> None:
        """AZT-13: the discard is one of the mover's other stones."""
        state = on_base(15, 30)
        assert "placed and discarded" in reason(state, Place(0, 15, GW_CELL, OW_CELL, 15))
        assert "not one of seat 0's" in reason(state, Place(0, 15, GW_CELL, OW_CELL, 59))
        assert "not one of seat 0's" in reason(state, Place(0, 15, GW_CELL, OW_CELL, -1))

    def test_stone_must_be_held(self) -> None:
        """AZT-12: a seat places one of its own stones."""
        state = on_base(30)
        assert "not one of seat 0's stones" in reason(state, Place(0, 18, GW_CELL, OW_CELL))
        assert "not one of seat 0's stones" in reason(state, Place(0, 600, GW_CELL, OW_CELL))

    def test_bonus_count_by_hand(self) -> None:
        """AZT-13 on the red world: RtRt with two others: 26 spots x 3, RfRf 26, GfGf none."""
        state = world([[RT, RF, GF], [YD]])
        assert len(aztack.legal_moves(state)) == 26 * 3 + 26


# ---------------------------------------------------------------------------
# Turns and passes (AZT-11, AZT-14)
# ---------------------------------------------------------------------------


class TestTurns:
    def test_seats_take_turns(self) -> None:
        """AZT-11: play passes in seat order, round the table."""
        state = world([[RF, RFT], [GT, RT], [RF2, YD]])
        for expected in (0, 1, 2, 0):
            assert aztack.to_move(state) == (expected,)
            state = aztack.apply(state, aztack.legal_moves(state)[0])

    def test_not_your_turn(self) -> None:
        """AZT-11: only the seat to move may move."""
        state = world([[RF], [GT]])
        assert "seat 0's turn" in reason(state, Place(1, GT, (0, 0), (1, 0)))
        assert "seat 0's turn" in reason(state, Pass(1))

    def test_pass_only_when_stuck(self) -> None:
        """AZT-14: a seat that cannot place has the pass as its only move, and stays in."""
        state = world([[GF, YD], [RF]])
        assert list(aztack.legal_moves(state)) == [Pass(0)]
        assert aztack.score_move(state, Pass(0)) is Match.NONE
        after = aztack.apply(state, Pass(0))
        assert after.whose_turn == 1
        assert after.supplies == state.supplies
        assert len(aztack.legal_moves(after)) == 26

    def test_no_pass_while_a_placement_is_legal(self) -> None:
        """AZT-14: passing is refused while the seat can place."""
        text = reason(world([[RF], [GF]]), Pass(0))
        assert "may not pass" in text
        assert "(AZT-14)" in text


# ---------------------------------------------------------------------------
# End and result (AZT-15, AZT-16)
# ---------------------------------------------------------------------------


class TestEnd:
    def test_emptying_by_placing_wins_at_once(self) -> None:
        """AZT-15: placing the last stone wins, though another seat could still place."""
        after = aztack.apply(world([[RF], [RF2, RFT]]), Place(0, RF, (0, 0), (1, 0)))
        assert aztack.is_over(after)
        assert aztack.to_move(after) == ()
        result = aztack.outcome(after)
        assert result is not None
        assert result.winners == {0}
        assert result.scores == (0, 2)
        assert result.reason.startswith("AZT-15")

    def test_emptying_by_discarding_wins_at_once(self) -> None:
        """AZT-15: a bonus placement discarding the last other stone wins."""
        after = aztack.apply(world([[RT, GF], [RF]]), Place(0, RT, (0, 0), (1, 0), discard=GF))
        result = aztack.outcome(after)
        assert result is not None
        assert result.winners == {0}

    def test_nobody_can_place_fewest_wins(self) -> None:
        """AZT-16: when nobody can place, the fewest stones win."""
        state = world([[GF2, YD], [GF]], last_placed=(2, 1))
        assert aztack.is_over(state)
        result = aztack.outcome(state)
        assert result is not None
        assert result.winners == {1}
        assert result.ranking == (frozenset({1}), frozenset({0}))
        # one seat alone holds the fewest: no tie is named
        assert result.reason == (
            "AZT-16: nobody can place; seat 1 has the fewest stones left (1 stone) and wins"
        )

    @pytest.mark.parametrize(("last", "winner"), [((2, 3), 1), ((3, 2), 0), ((0, 1), 1)])
    def test_tie_goes_to_the_most_recent_placer(self, last: tuple[int, int], winner: int) -> None:
        """AZT-16: among seats tied for fewest, the one that placed most recently wins."""
        result = aztack.outcome(world([[GF], [GF2]], last_placed=last))
        assert result is not None
        assert result.winners == {winner}
        assert result.reason == (
            "AZT-16: nobody can place; seats 0 and 1 have the fewest stones left "
            f"(1 stone each) and seat {winner} placed most recently and wins"
        )

    def test_tie_without_placements_is_shared(self) -> None:
        """AZT-16: tied seats that never placed share the win."""
        result = aztack.outcome(world([[GF], [GF2], [YD, YD2]], last_placed=(0, 0, 3)))
        assert result is not None
        assert result.winners == {0, 1}
        assert result.ranking == (frozenset({0, 1}), frozenset({2}))

    def test_the_game_ends_when_the_last_one_is_stuck(self) -> None:
        """AZT-16: once nobody can place, the game ends at once, without passes."""
        state = world([[RF, GF], [YD]], last_placed=(0, 4))
        after = aztack.apply(state, Place(0, RF, (0, 0), (1, 0)))
        # Seat 0 keeps GfGf, seat 1 YdYd: neither fits anywhere; both hold one stone
        # and seat 0 placed last.
        assert aztack.is_over(after)
        assert aztack.legal_moves(after)[:] == ()
        result = aztack.outcome(after)
        assert result is not None
        assert result.winners == {0}
        assert result.reason.startswith("AZT-16")

    def test_moves_after_the_end(self) -> None:
        """A finished game lists no move and refuses every move with GameOverError."""
        state = world([[GF], [GF2]])
        assert len(aztack.legal_moves(state)) == 0
        assert aztack.to_move(state) == ()
        with pytest.raises(GameOverError) as refused:
            aztack.apply(state, Pass(0))
        assert str(refused.value) == "illegal move '0:pass': the game is over (AZT-16)"
        assert aztack.why_illegal(state, Pass(0)) == "the game is over (AZT-16)"


# ---------------------------------------------------------------------------
# Speed stack (AZT-17 .. AZT-19)
# ---------------------------------------------------------------------------


class TestSpeed:
    def test_every_seat_that_can_place_may_move(self) -> None:
        """AZT-17: to_move names every seat with a placement; moves carry their seat."""
        state = world([[RF, GF], [GF2], [GT]], mode="speed")
        assert aztack.to_move(state) == (0, 2)
        moves = aztack.legal_moves(state)
        assert [m.seat for m in moves] == [0] * 26 + [2] * 26
        assert "1:" not in " ".join(map(str, moves))

    def test_no_turn_order(self) -> None:
        """AZT-17: the same seat may place twice in a row."""
        state = world([[RF, RFT, GT], [GF]], mode="speed")
        state = aztack.apply(state, Place(0, RF, (0, 0), (1, 0)))
        state = aztack.apply(state, Place(0, GT, (4, 0), (5, 0)))
        assert aztack.to_move(state) == (0,)

    def test_no_passing(self) -> None:
        """AZT-17: passing does not exist in the speed stack."""
        state = world([[RF], [GF]], mode="speed")
        assert "no passing" in reason(state, Pass(1))
        assert "no passing" in reason(state, Pass(0))

    def test_a_stuck_seat_cannot_place(self) -> None:
        """AZT-17: a seat without a fitting stone has no move."""
        state = world([[RF], [GF]], mode="speed")
        assert "matches neither" in reason(state, Place(1, GF, (0, 0), (1, 0)))

    def test_last_placer_wins(self) -> None:
        """AZT-18: when nobody can place, the last placer wins, fewest stones do not matter."""
        state = world([[GF, YD, GF2], [GT, RF]], mode="speed", last_placed=(2, 1))
        state = aztack.apply(state, Place(1, GT, (0, 0), (1, 0)))
        assert aztack.to_move(state) == (1,)
        # Seat 1 places RfRf where only it fits; the flint on GtGt blocks nothing.
        state = aztack.apply(state, aztack.legal_moves(state)[0])
        assert aztack.is_over(state)
        result = aztack.outcome(state)
        assert result is not None
        assert result.winners == {1}
        assert result.reason.startswith("AZT-18")

    def test_last_placer_wins_with_more_stones(self) -> None:
        """AZT-18: the last placer wins though another seat holds fewer stones."""
        result = aztack.outcome(world([[GF, YD, GF2], [GT]], mode="speed", last_placed=(2, 1)))
        assert result is None  # seat 1 can still place
        result = aztack.outcome(world([[GF, YD, YD2], [GF2]], mode="speed", last_placed=(2, 1)))
        assert result is not None
        assert result.winners == {0}
        assert result.scores == (3, 1)

    def test_emptying_wins(self) -> None:
        """AZT-18: placing one's last stone wins at once."""
        after = aztack.apply(world([[RF], [GT, RFT]], mode="speed"), Place(0, RF, (0, 0), (1, 0)))
        result = aztack.outcome(after)
        assert result is not None
        assert result.winners == {0}

    def test_bonus_applies(self) -> None:
        """AZT-19 [decision]: the bonus discard works as in the turn game."""
        state = world([[RT, GF], [GT]], mode="speed")
        after = aztack.apply(state, Place(0, RT, (0, 0), (1, 0), discard=GF))
        assert aztack.is_over(after)
        assert aztack.outcome(after) is not None

    def test_nobody_ever_placed_is_shared(self) -> None:
        """AZT-18 [decision]: stuck from the start, nobody placed: every seat shares the win."""
        result = aztack.outcome(world([[GF], [GF2, YD]], mode="speed"))
        assert result is not None
        assert result.winners == {0, 1}


# ---------------------------------------------------------------------------
# Alike stones in a custom set (AZT-2): each physical choice listed once
# ---------------------------------------------------------------------------


class TestAlikeStones:
    def test_alike_stones_listed_once(self) -> None:
        """Two alike stones in a supply give one set of placements, with the lowest id."""
        state = world([[RF, RF2], [GF]])
        moves = aztack.legal_moves(state)
        assert len(moves) == 26
        assert {m.stone for m in moves if isinstance(m, Place)} == {RF}
        assert "alike to stone 12" in reason(state, Place(0, RF2, (0, 0), (1, 0)))

    def test_alike_discards_listed_once(self) -> None:
        """Discarding either of two alike stones is one choice: the lower id is listed."""
        state = world([[RT, GF, GF2], [YD]])
        assert len(aztack.legal_moves(state)) == 26 * 2
        assert "alike" in reason(state, Place(0, RT, (0, 0), (1, 0), discard=GF2))
        assert aztack.why_illegal(state, Place(0, RT, (0, 0), (1, 0), discard=GF)) is None

    def test_a_twin_of_the_placed_stone_may_be_discarded(self) -> None:
        """Placing one of two alike RtRt, the other may be discarded."""
        stones = StoneSet([*RED_WORLD, Stone(21, ((4, 3), (4, 3)))])
        state = world([[RT, 21], [YD]], stones=stones)
        moves = aztack.legal_moves(state)
        assert len(moves) == 26 * 2
        assert {m.discard for m in moves if isinstance(m, Place)} == {None, 21}


# ---------------------------------------------------------------------------
# The lazy sequence, notation, states and views
# ---------------------------------------------------------------------------


def order_key(move: aztack.Move) -> tuple[int, ...]:
    """The documented order: seat, spot (cells a < b by y*6+x), orientation, stone, discard."""
    assert isinstance(move, Place)
    first = move.first[1] * 6 + move.first[0]
    second = move.second[1] * 6 + move.second[0]
    a, b = min(first, second), max(first, second)
    discard = -1 if move.discard is None else move.discard
    return (move.seat, a, b, first != a, move.stone, discard)


class TestLegalMoves:
    @pytest.mark.parametrize(("seed", "mode"), [(1, "turns"), (2, "turns"), (3, "speed")])
    def test_documented_order(self, seed: int, mode: str) -> None:
        """Moves come by seat, spot, orientation, stone, then discard (none first)."""
        moves = list(aztack.legal_moves(aztack.new_game(players=3, seed=seed, mode=mode)))
        keys = [order_key(m) for m in moves]
        assert keys == sorted(keys)
        assert len(set(moves)) == len(moves)

    def test_indexing_agrees_with_iteration(self) -> None:
        """Indexing (also negative, and slices) gives the moves of iteration, in order."""
        state = aztack.new_game(seed=9, mode="speed", players=4)
        moves = aztack.legal_moves(state)
        listed = list(moves)
        assert [moves[i] for i in range(len(moves))] == listed
        assert moves[-1] == listed[-1]
        assert moves[3:9] == tuple(listed[3:9])
        with pytest.raises(IndexError):
            moves[len(moves)]
        assert all(m in moves for m in listed[::17])
        assert Pass(0) not in moves
        assert "0:pass" not in moves  # type: ignore[comparison-overlap]

    def test_pass_sequence(self) -> None:
        """A stuck seat's sequence holds the pass alone."""
        moves = aztack.legal_moves(world([[GF], [RF]]))
        assert (len(moves), moves[0], moves[-1], list(moves)) == (1, Pass(0), Pass(0), [Pass(0)])
        assert repr(moves) == "<LegalMoves: 1 moves>"


class TestNotation:
    def test_examples(self) -> None:
        """Placements are S:N@X,Y/X,Y with xD for a discard; passes are S:pass."""
        assert str(Place(0, 17, (2, 0), (2, 1))) == "0:17@2,0/2,1"
        assert aztack.format_move(Place(3, 5, (4, 3), (5, 3), 41)) == "3:5@4,3/5,3x41"
        assert aztack.parse_move("2:pass") == Pass(2)
        assert aztack.parse_move(" 1 : 9 @ 0,3 / 0,2 x 7 ") == Place(1, 9, (0, 3), (0, 2), 7)
        assert aztack.parse_move("1:PASS") == Pass(1)

    def test_seat_may_be_left_out_in_the_turn_game(self) -> None:
        """Without a seat, a move is the seat to move's; the speed stack needs the seat."""
        state = aztack.apply(world([[RF], [GT]]), Place(0, RF, (0, 0), (1, 0)))
        assert aztack.parse_move("18@2,0/3,0", state) == Place(1, 18, (2, 0), (3, 0))
        assert aztack.parse_move("pass", state) == Pass(1)
        with pytest.raises(NotationError, match="does not name its seat"):
            aztack.parse_move("18@2,0/3,0", world([[RF], [GT]], mode="speed"))
        with pytest.raises(NotationError, match="does not name its seat"):
            aztack.parse_move("pass")

    @pytest.mark.parametrize(
        "text", ["", "0:", "0:12@0,0", "0:12@0,0-1,0", "a:pass", "0:12@0,0/1,0x"]
    )
    def test_bad_text(self, text: str) -> None:
        """Text that is not a move raises NotationError showing the form."""
        with pytest.raises(NotationError, match="S:N@X,Y/X,Y"):
            aztack.parse_move(text)

    def test_not_text(self) -> None:
        """A non-string is refused with WrongTypeError, not a crash."""
        with pytest.raises(WrongTypeError, match="written as text"):
            aztack.parse_move(12)  # type: ignore[arg-type]

    @given(
        st.integers(-9, 99),
        st.integers(-9, 999),
        st.tuples(st.integers(-9, 99), st.integers(-9, 99)),
        st.tuples(st.integers(-9, 99), st.integers(-9, 99)),
        st.none() | st.integers(-9, 999),
    )
    def test_round_trip(
        self,
        seat: int,
        stone: int,
        first: tuple[int, int],
        second: tuple[int, int],
        discard: int | None,
    ) -> None:
        """parse_move(format_move(m)) == m for every placement and pass, even out of range."""
        for move in (Place(seat, stone, first, second, discard), Pass(seat)):
            assert aztack.parse_move(aztack.format_move(move)) == move
            assert str(move) == aztack.format_move(move)


class TestMoveValues:
    def test_types_are_checked(self) -> None:
        """Moves refuse fields of the wrong type at construction."""
        with pytest.raises(TypeError, match="seat"):
            Place("0", 1, (0, 0), (1, 0))  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="first cell"):
            Place(0, 1, [0, 0], (1, 0))  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="discard"):
            Place(0, 1, (0, 0), (1, 0), True)
        with pytest.raises(TypeError, match="seat"):
            Pass(None)  # type: ignore[arg-type]

    def test_wrong_objects_are_illegal(self) -> None:
        """apply refuses a non-move with WrongTypeError; a bad seat is an illegal move."""
        state = world([[RF], [GF]])
        with pytest.raises(WrongTypeError, match="parse_move"):
            aztack.apply(state, "0:pass")  # type: ignore[arg-type]
        assert "not in this 2-player game" in reason(state, Pass(7))
        assert "not in this 2-player game" in reason(state, Place(-1, RF, (0, 0), (1, 0)))

    def test_error_names_the_turn(self) -> None:
        """The error carries the move, the rule and whose turn it is."""
        with pytest.raises(IllegalMoveError) as refused:
            aztack.apply(world([[RF], [GF]]), Pass(0))
        assert (refused.value.move, refused.value.rule) == ("0:pass", "AZT-14")
        assert refused.value.turn == "seat 0 to move"
        speed = world([[RF], [GT]], mode="speed")
        with pytest.raises(IllegalMoveError) as refused:
            aztack.apply(speed, Pass(0))
        assert refused.value.turn == "speed stack: seats 0, 1 can place"


class TestState:
    def test_apply_is_pure(self) -> None:
        """apply returns a new state and leaves its argument as it was."""
        state = aztack.new_game(seed=4)
        before = copy.deepcopy(state)
        after = aztack.apply(state, aztack.legal_moves(state)[5])
        assert state == before
        assert after != state

    def test_pickle_and_hash(self) -> None:
        """States pickle without their cache, compare and hash by value, and play on."""
        state = aztack.new_game(seed=6, players=3)
        state = aztack.apply(state, aztack.legal_moves(state)[0])
        back = pickle.loads(pickle.dumps(state))
        assert back == state
        assert hash(back) == hash(state)
        assert list(aztack.legal_moves(back)) == list(aztack.legal_moves(state))

    def test_readers(self) -> None:
        """heights, tops, supply and stones_left read a hand-built position."""
        state = world([[RF, GT], [YD]], placed=[(RFT, (0, 1), (1, 1))], last_placed=(1, 0))
        assert aztack.heights(state)[(0, 1)] == 2
        assert aztack.heights(state)[(0, 0)] == 1
        assert aztack.tops(state)[(0, 1)] == (RFT, aztack.RED, aztack.FLOWER)
        assert aztack.tops(state)[(1, 1)] == (RFT, aztack.RED, aztack.FLINT)
        assert aztack.tops(state)[(5, 3)] == (11, aztack.RED, aztack.FLINT)
        assert [s.id for s in aztack.supply(state, 0)] == [RF, GT]
        assert aztack.stones_left(state) == (2, 1)
        with pytest.raises(ValueError, match="seat 2"):
            aztack.supply(state, 2)

    @pytest.mark.parametrize(
        ("change", "message"),
        [
            ({"supplies": ((RF,),)}, "supplies"),
            ({"supplies": ((GF, RF), (YD,))}, "ascending"),
            ({"supplies": ((RF,), (RF,))}, "elsewhere"),
            ({"supplies": ((3,), (YD,))}, "elsewhere"),
            ({"whose_turn": 2}, "whose_turn"),
            ({"faces": (0,) * 24}, "halves its cells show"),
            ({"stones": tuple(RED_WORLD)}, "StoneSet"),
            ({"last_placed": (0, -1)}, "last_placed"),
        ],
    )
    def test_broken_states_are_refused(self, change: dict[str, object], message: str) -> None:
        """A hand-built state breaking an invariant raises InvalidStateError on first use."""
        broken = attrs.evolve(world([[RF], [YD]]), **change)  # type: ignore[arg-type]
        with pytest.raises(InvalidStateError, match=message):
            aztack.legal_moves(broken)

    def test_render(self) -> None:
        """The picture: heights and top halves, lines between stones, supplies, the turn."""
        state = world([[RF, GT], [YD]], placed=[(RFT, (0, 1), (1, 1))], last_placed=(1, 0))
        assert str(state) == "\n".join(
            [
                "     0    1    2    3    4    5",
                "   +----+----+----+----+----+----+",
                " 0 |1Rt |1Rt |1Rt |1Rt |1Rt |1Rt |",
                "   +----+----+    +    +    +    +",
                " 1 |2Rf  2Rt |1Rt |1Rt |1Rt |1Rt |",
                "   +----+----+----+----+----+----+",
                " 2 |1Rt |1Rt |1Rt |1Rt |1Rt |1Rt |",
                "   +    +    +    +    +    +    +",
                " 3 |1Rt |1Rt |1Rt |1Rt |1Rt |1Rt |",
                "   +----+----+----+----+----+----+",
                "seat 0: 2 stones, to move",
                "  12:RfRf 18:GtGt",
                "seat 1: 1 stone",
                "  19:YdYd",
                "Legend:",
                "  a cell shows its height, then the colour and glyph of the half on top:",
                "  G green, O orange, Y grey, B blue, R red; f flower, w water, d deer,",
                "  t flint (1Yt: height 1, a grey flint). Columns x across, rows y down.",
                "  A move S:N@x,y/x,y: seat S lays stone N, first half over cell x,y, second",
                "  over the other; xD after it discards stone D (bonus); S:pass passes.",
            ]
        )
        assert aztack.render_text(state) == str(state)
        over = str(world([[GF], [YD]], mode="speed")).partition("\nLegend:\n")[0]
        assert over.endswith("game over")


class TestValidate:
    @pytest.mark.parametrize("setup", aztack.RULES.setups, ids=str)
    def test_reachable_values_pass(self, setup: tilegames.Setup) -> None:
        """Every state, view and outcome of random games passes validate.

        Three games per setup under ``--deep``, one in the everyday tier.
        """
        for seed in range(size(everyday=1, deep=3)):
            state = aztack.new_game(**setup.kwargs, seed=seed)
            while True:
                aztack.validate(state)
                for seat in range(aztack.players(state)):
                    aztack.validate(aztack.view(state, seat))
                moves = aztack.legal_moves(state)
                if not moves:
                    break
                state = aztack.apply(state, moves[len(moves) // 2])
            result = aztack.outcome(state)
            assert result is not None
            aztack.validate(result)
        assert aztack.RULES.validate is aztack.validate

    @pytest.mark.parametrize(
        ("change", "message"),
        [
            ({"last_placed": (3, 0)}, r"State\.last_placed: placement 3 of 1"),
            ({"last_placed": (1, 1)}, r"State\.last_placed"),
            ({"whose_turn": None, "last_placed": (0, 0, 0)}, r"State\.last_placed"),
        ],
    )
    def test_unreachable_states(self, change: dict[str, object], message: str) -> None:
        """A state no game could reach is refused, naming the field."""
        state = world([[RF], [YD]], placed=[(RT, (0, 0), (1, 0))], last_placed=(1, 0))
        aztack.validate(state)
        with pytest.raises(InvalidStateError, match=message):
            aztack.validate(attrs.evolve(state, **change))  # type: ignore[arg-type]

    def test_too_many_stones(self) -> None:
        """A supply holds at most 12 stones; the set must hold every stone in play."""
        full = endgames.build([list(range(12, 25)), [59]])
        with pytest.raises(InvalidStateError, match=r"State\.supplies\[0\]: 13 stones"):
            aztack.validate(full)
        state = world([[RF], [YD]])
        high = attrs.evolve(state.pyramid, heights=(3,) * 24)  # 24 stones placed on the base
        with pytest.raises(InvalidStateError, match=r"State\.stones: 38 stones in play"):
            aztack.validate(attrs.evolve(state, pyramid=high))

    def test_split_base_stone(self) -> None:
        """AZT-4: a base stone that nothing covers shows on both of its cells."""
        state = world([[RF], [YD]])
        tops = list(state.pyramid.tops)
        # Base stones 0 and 1 lying along the first row instead of across it:
        # stone 0 on (0, 0) and (1, 0), stone 1 on (0, 1) and (1, 1).
        tops[0], tops[1], tops[6], tops[7] = 0, 0, 1, 1
        broken = attrs.evolve(state, pyramid=attrs.evolve(state.pyramid, tops=tuple(tops)))
        assert len(aztack.legal_moves(broken)) == 26  # its shape is fine: the rules work
        with pytest.raises(InvalidStateError, match="split"):
            aztack.validate(broken)

    def test_views_and_outcomes(self) -> None:
        """A view whose mode and turn disagree, or an outcome of 13 stones, is refused."""
        seen = aztack.view(aztack.new_game(seed=1), 0)
        with pytest.raises(InvalidStateError, match=r"View\.mode"):
            aztack.validate(attrs.evolve(seen, mode="speed"))
        with pytest.raises(InvalidStateError, match=r"View\.supplies"):
            aztack.validate(attrs.evolve(seen, supplies=(seen.supplies[0], seen.supplies[0])))
        with pytest.raises(InvalidStateError, match=r"Outcome\.scores"):
            aztack.validate(tilegames.Outcome(scores=(13, 2), ranking=[{1}, {0}]))
        aztack.validate(Pass(0))


class TestView:
    def test_views_show_everything_but_stones_out_of_play(self) -> None:
        """AZT-10, AZT-20: every seat sees the board and every supply; only the seat differs."""
        state = aztack.new_game(seed=8, players=3)
        views = [aztack.view(state, seat) for seat in range(3)]
        assert {attrs.evolve(v, seat=0) for v in views} == {views[0]}
        assert views[1].supplies[2] == aztack.supply(state, 2)
        assert views[0].pyramid == state.pyramid
        assert str(views[2]) == str(state)
        assert aztack.supply(views[0], 1) == aztack.supply(state, 1)
        assert aztack.heights(views[0]) == aztack.heights(state)

    def test_stones_out_of_play_are_not_in_views(self) -> None:
        """AZT-20: a view lists no stone out of play; a custom set travels whole."""
        one = world([[RF], [GT]])
        seen = aztack.view(one, 1)
        shown = {s.id for held in seen.supplies for s in held}
        assert shown == {RF, GT}
        assert seen.stones == RED_WORLD
        assert aztack.view(aztack.new_game(seed=1), 0).stones is None

    def test_no_seed(self) -> None:
        """A view holds no seed: none of its fields is named so or carries the seed's value."""
        seen = aztack.view(aztack.new_game(seed=123456789), 0)
        assert not any("seed" in f.name for f in attrs.fields(aztack.View))
        assert 123456789 not in set(numbers(attrs.asdict(seen)))


# ---------------------------------------------------------------------------
# Registration
# ---------------------------------------------------------------------------


class TestRegistration:
    def test_registered(self) -> None:
        """The game is registered as aztack with 2..4 players in turns and in the speed stack."""
        rules = tilegames.get("aztack")
        assert rules is aztack.RULES
        assert [str(s) for s in rules.setups] == [
            "2 players",
            "3 players",
            "4 players",
            "2 players, mode=speed",
            "3 players, mode=speed",
            "4 players, mode=speed",
        ]
