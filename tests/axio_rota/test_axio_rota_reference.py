"""AXIO Rota against slow, obvious references written here from the rules.

The references work on a plain dict of placed tiles and recompute everything
from scratch: the corners of a circle (ROTA-5, ROTA-12), the legal moves
(ROTA-6, ROTA-11, ROTA-13), and a whole turn (ROTA-14 .. ROTA-17). They are
anchored to hand-worked examples first, then compared with the engine on
many random positions and games.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from pathlib import Path

import attrs
import pytest
from axio_rota_helpers import FULL_RED, RED_RED_BLUE, B, G, O, P, R, placements, tile
from hypothesis import given, settings
from hypothesis import strategies as st

from tiers import examples
from tilegames import IllegalMoveError
from tilegames import axio_rota as rota
from tilegames._core import rng
from tilegames.axio_rota import Place, State, Tile
from tilegames.geometry.square import Cell

Placed = Mapping[Cell, Tile]

# ---------------------------------------------------------------------------
# The references
# ---------------------------------------------------------------------------


def ref_turn(t: Tile, quarter_turns: int) -> Tile:
    """Turn a tile clockwise one quarter at a time: the value at corner i goes to i + 1."""
    for _ in range(quarter_turns):
        t = (t[3], t[0], t[1], t[2])
    return t


def ref_corner_vertex(cell: Cell, corner: int) -> Cell:
    """The grid vertex of a corner: 0 top left, 1 top right, 2 bottom right, 3 bottom left."""
    x, y = cell
    return [(x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1)][corner]


def ref_circle(vertex: Cell) -> list[tuple[Cell, int]]:
    """The four (cell, corner) pairs meeting at a vertex, from the picture of the grid."""
    x, y = vertex
    return [((x, y), 0), ((x - 1, y), 1), ((x - 1, y - 1), 2), ((x, y - 1), 3)]


def ref_touches(placed: Placed, cell: Cell, corner: int) -> bool:
    """Whether another tile has a corner at this corner's vertex."""
    vertex = ref_corner_vertex(cell, corner)
    return any(other in placed for other, _ in ref_circle(vertex) if other != cell)


def ref_score(placed: Placed, cell: Cell, corners: Tile, named: int | None) -> tuple[int, ...]:
    """ROTA-12 as written: each corner against the other corners of its circle."""
    points = [0, 0, 0, 0, 0]
    for corner in range(4):
        colour = corners[corner] if corners[corner] is not None else named
        if colour is None:
            continue
        for other, other_corner in ref_circle(ref_corner_vertex(cell, corner)):
            if other != cell and other in placed and placed[other][other_corner] == colour:
                points[colour] += 1
    return tuple(points)


def ref_legal_moves(placed: Placed, held: Tile) -> list[Place]:
    """ROTA-6, ROTA-11, ROTA-13 by brute force, in the documented order."""
    xs = [x for x, _ in placed]
    ys = [y for _, y in placed]
    result = []
    for y in range(min(ys) - 1, max(ys) + 2):
        for x in range(min(xs) - 1, max(xs) + 2):
            near = [(x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)]
            if (x, y) in placed or not any(n in placed for n in near):
                continue
            seen: list[Tile] = []
            for k in range(4):
                corners = ref_turn(held, k)
                if corners in seen:
                    continue
                seen.append(corners)
                empty = [c for c in range(4) if corners[c] is None]
                if empty and ref_touches(placed, (x, y), empty[0]):
                    result += [Place((x, y), k, colour) for colour in range(5)]
                else:
                    result.append(Place((x, y), k))
    return result


def ref_apply(state: State, move: Place) -> State:
    """One placement and what follows it, ROTA-12 .. ROTA-18, on plain values."""
    seat = state.seat
    held = state.extra_tile if state.extra_tile is not None else state.hands[seat]
    assert held is not None
    corners = ref_turn(held, move.rotation)
    points = ref_score(dict(state.display), move.cell, corners, move.named)
    before = state.tracks[seat]
    a, b, c, d, e = (min(12, v + p) for v, p in zip(before, points, strict=True))
    after = (a, b, c, d, e)
    earned = sum(1 for v, w in zip(before, after, strict=True) if v < 12 and w == 12)
    tracks = list(state.tracks)
    tracks[seat] = after
    hands = list(state.hands)
    if state.extra_tile is None:
        hands[seat] = None  # the hand tile is placed
    stacks = list(state.stacks)
    supply = state.supply
    owed = state.extra_turns + earned
    extra_tile: Tile | None = None
    extra_turns = 0
    if after == (12, 12, 12, 12, 12):  # ROTA-17: the game stops here
        next_seat = seat
    elif owed and supply:  # ROTA-15: an extra turn with the supply's top tile
        extra_tile, supply, extra_turns = supply[0], supply[1:], owed - 1
        next_seat = seat
    else:  # ROTA-16: the draw, and the next seat
        if stacks[seat]:
            hands[seat], stacks[seat] = stacks[seat][0], stacks[seat][1:]
        next_seat = (seat + 1) % len(hands)
    return State(
        display=state.display | {(move.cell, corners)},
        tracks=tuple(tracks),
        hands=tuple(hands),
        stacks=tuple(stacks),
        supply=supply,
        seat=next_seat,
        extra_tile=extra_tile,
        extra_turns=extra_turns,
    )


def solo(placed: Placed, held: Tile) -> State:
    """A one-seat state with this display and this tile in hand."""
    return State(
        display=frozenset(placed.items()),
        tracks=((0, 0, 0, 0, 0),),
        hands=(held,),
        stacks=((),),
        supply=(),
        seat=0,
    )


# ---------------------------------------------------------------------------
# The references agree with the worked examples
# ---------------------------------------------------------------------------


def placed_from(display: Mapping[Cell, str]) -> dict[Cell, Tile]:
    return {cell: tile(text) for cell, text in display.items()}


class TestReferences:
    """The slow references reproduce the spec's worked examples."""

    def test_reference_scorer_on_the_worked_examples(self) -> None:
        """Red, red, blue around a placed red: +2; named red +2, blue +1; three reds +3."""
        circle = placed_from(RED_RED_BLUE)
        assert ref_score(circle, (0, 0), tile("ROGP"), None) == (2, 0, 0, 0, 0)
        assert ref_score(circle, (0, 0), tile(".OGP"), R) == (2, 0, 0, 0, 0)
        assert ref_score(circle, (0, 0), tile(".OGP"), B) == (0, 0, 1, 0, 0)
        assert ref_score(placed_from(FULL_RED), (0, 0), tile("ROGP"), None) == (3, 0, 0, 0, 0)
        only_empty = placed_from({(0, -1): "RRR."})
        for colour in (R, G, B, O, P):
            assert ref_score(only_empty, (0, 0), tile(".GGG"), colour) == (0, 0, 0, 0, 0)

    def test_reference_moves_around_one_tile(self) -> None:
        """Around one tile: 4 cells; a tile with an empty corner names on 2 of 4 turns."""
        one = placed_from({(0, 0): "RRRR"})
        assert len(ref_legal_moves(one, tile("RGBO"))) == 16
        assert len(ref_legal_moves(one, tile("RGRG"))) == 8
        assert len(ref_legal_moves(one, tile("RG.B"))) == 4 * (2 * 5 + 2)

    def test_reference_turn(self) -> None:
        """A quarter turn clockwise moves corner i's colour to corner i + 1."""
        assert ref_turn(tile("RGBO"), 1) == tile("ORGB")
        assert ref_turn(tile("RGBO"), 4) == tile("RGBO")


# ---------------------------------------------------------------------------
# Random positions: the engine agrees with the references
# ---------------------------------------------------------------------------

corner_values = st.sampled_from([None, R, G, B, O, P])
tiles = st.tuples(corner_values, corner_values, corner_values, corner_values).filter(
    lambda t: t.count(None) <= 1
)
STEPS = [(0, -1), (1, 0), (0, 1), (-1, 0)]


@st.composite
def displays(draw: st.DrawFn) -> dict[Cell, Tile]:
    """A connected display of 1..20 random tiles (repeated colours and empties common)."""
    cells: list[Cell] = [(draw(st.integers(-5, 5)), draw(st.integers(-5, 5)))]
    for _ in range(draw(st.integers(0, 19))):
        x, y = draw(st.sampled_from(cells))
        dx, dy = draw(st.sampled_from(STEPS))
        if (x + dx, y + dy) not in cells:
            cells.append((x + dx, y + dy))
    return {cell: draw(tiles) for cell in cells}


def candidates(placed: Placed) -> Iterator[Place]:
    """Every placement on and around the display: all cells, turns and names."""
    xs = [x for x, _ in placed]
    ys = [y for _, y in placed]
    for y in range(min(ys) - 2, max(ys) + 3):
        for x in range(min(xs) - 2, max(xs) + 3):
            for k in range(4):
                for named in (None, R, G, B, O, P):
                    yield Place((x, y), k, named)


class TestAgainstReferences:
    """The fast engine equals the slow references on random positions."""

    @given(displays(), tiles)
    def test_legal_moves_equal_the_reference(self, placed: dict[Cell, Tile], held: Tile) -> None:
        """ROTA-6, ROTA-11, ROTA-13: the same moves in the same order."""
        assert list(rota.legal_moves(solo(placed, held))) == ref_legal_moves(placed, held)

    @given(displays(), tiles)
    def test_scores_equal_the_reference(self, placed: dict[Cell, Tile], held: Tile) -> None:
        """ROTA-12: every legal move scores what the reference scorer says."""
        state = solo(placed, held)
        for move in placements(state):
            expected = ref_score(placed, move.cell, ref_turn(held, move.rotation), move.named)
            assert rota.score_move(state, move) == expected

    @settings(max_examples=examples(40, everyday=5))
    @given(displays(), tiles)
    def test_listing_why_illegal_and_apply_agree_both_ways(
        self, placed: dict[Cell, Tile], held: Tile
    ) -> None:
        """Every listed move applies; every other placement around the display is refused."""
        state = solo(placed, held)
        listed = rota.legal_moves(state)
        as_set = set(listed)
        assert len(as_set) == len(listed)
        accepted = set()
        for move in candidates(placed):
            reason = rota.why_illegal(state, move)
            assert (move in listed) == (move in as_set)
            if move in as_set:
                assert reason is None
                assert rota.apply(state, move) == ref_apply(state, move)
                accepted.add(move)
            else:
                assert isinstance(reason, str)
                assert reason
                with pytest.raises(IllegalMoveError) as caught:
                    rota.apply(state, move)
                assert f"{caught.value.reason} ({caught.value.rule})" == reason
        assert accepted == as_set  # every listed move lies within the candidates' box

    @settings(max_examples=examples(40, everyday=5))
    @given(
        st.integers(0, 2**64 - 1),
        st.integers(1, 4),
        st.sampled_from([0.0, 0.6, 0.95]),
        st.randoms(use_true_random=False),
    )
    def test_whole_games_in_lockstep(
        self, seed: int, players: int, greed: float, chooser: random.Random
    ) -> None:
        """Whole games (greedy play reaches extra turns): listing, scores, each next state."""
        state = rota.new_game(players, seed=seed)
        while not rota.is_over(state):
            placed = dict(state.display)
            held = rota.tile_to_place(state)
            assert held is not None
            listed = rota.legal_moves(state)
            assert list(listed) == ref_legal_moves(placed, held)
            for move in [listed[chooser.randrange(len(listed))] for _ in range(4)]:
                assert isinstance(move, rota.Place)
                expected = ref_score(placed, move.cell, ref_turn(held, move.rotation), move.named)
                assert rota.score_move(state, move) == expected
            if chooser.random() < greed:
                move = max(listed, key=lambda m: sum(rota.score_move(state, m)))
            else:
                move = listed[chooser.randrange(len(listed))]
            assert isinstance(move, rota.Place)
            after = rota.apply(state, move)
            assert after == ref_apply(state, move)
            assert list(rota.legal_moves(attrs.evolve(after))) == list(rota.legal_moves(after))
            state = after
        assert state.extra_tile is None


# ---------------------------------------------------------------------------
# Golden counts, written by the references alone
# ---------------------------------------------------------------------------

GOLDEN = Path(__file__).parent.parent / "data" / "axio_rota_counts.txt"
GOLDEN_GAMES = [(seed, seed % 4 + 1) for seed in range(1, 9)]  # (seed, players)


def ref_new_game(players: int, seed: int) -> State:
    """ROTA-7 .. ROTA-9 with the documented deal, from the seeded shuffle of the rng module."""
    order, _ = rng.shuffled(seed, rota.STANDARD_TILES)
    # The start square in reading order, with each cell's corner at the centre vertex (0, 0).
    square = [((-1, -1), 2), ((0, -1), 3), ((-1, 0), 1), ((0, 0), 0)]
    display = []
    for (cell, centre), t in zip(square, order[:4], strict=True):
        turns = (centre - t.index(None)) % 4 if None in t else 0
        display.append((cell, ref_turn(t, turns)))
    stacks = [order[4 + 12 * seat : 16 + 12 * seat] for seat in range(players)]
    return State(
        display=frozenset(display),
        tracks=((0, 0, 0, 0, 0),) * players,
        hands=tuple(stack[0] for stack in stacks),
        stacks=tuple(stack[1:] for stack in stacks),
        supply=order[4 + 12 * players :],
        seat=0,
    )


def golden_line(seed: int, players: int) -> str:
    """One game by the references: per placement, the legal moves and their total points.

    Placement ``k`` plays the move at index ``(7 * k + 3) % count`` of the list.
    """
    state = ref_new_game(players, seed)
    counts = []
    k = 0
    while state.extra_tile is not None or state.hands[state.seat] is not None:
        placed = dict(state.display)
        held = state.extra_tile if state.extra_tile is not None else state.hands[state.seat]
        assert held is not None
        listed = ref_legal_moves(placed, held)
        total = sum(
            sum(ref_score(placed, m.cell, ref_turn(held, m.rotation), m.named)) for m in listed
        )
        counts.append(f"{len(listed)}/{total}")
        state = ref_apply(state, listed[(7 * k + 3) % len(listed)])
        k += 1
        if any(t == (12, 12, 12, 12, 12) for t in state.tracks):
            break
    return f"seed={seed} players={players}: " + " ".join(counts)


def write_golden() -> None:
    """Rewrite the golden file from the references (run this file as a script)."""
    header = [
        "# AXIO Rota golden counts, computed by the slow references of",
        "# tests/test_axio_rota_reference.py (run it as a script to rewrite this file).",
        "# Per game, per placement: the number of legal moves / their total points;",
        "# placement k plays the move at index (7k + 3) mod count.",
    ]
    lines = [golden_line(seed, players) for seed, players in GOLDEN_GAMES]
    GOLDEN.write_text("\n".join(header + lines) + "\n")


class TestGolden:
    """The engine reproduces the golden counts of seeded games."""

    def test_seeded_games_match_the_golden_counts(self) -> None:
        """Setup, listing and scores of 8 seeded games, as the references computed them."""
        lines = [line for line in GOLDEN.read_text().splitlines() if not line.startswith("#")]
        assert len(lines) == len(GOLDEN_GAMES)
        for line, (seed, players) in zip(lines, GOLDEN_GAMES, strict=True):
            head, _, body = line.partition(": ")
            assert head == f"seed={seed} players={players}"
            state = rota.new_game(players, seed=seed)
            for k, expected in enumerate(body.split()):
                listed = rota.legal_moves(state)
                total = sum(sum(rota.score_move(state, m)) for m in listed)
                assert f"{len(listed)}/{total}" == expected, (seed, k)
                state = rota.apply(state, listed[(7 * k + 3) % len(listed)])
            assert rota.is_over(state)


if __name__ == "__main__":
    write_golden()
