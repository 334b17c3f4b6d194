"""Golden positions built by hand: one small mid-game position of a two-player game per game.

The golden JSON documents (``tests/data/json``) and pictures
(``tests/data/svg``) are made from these values, so that no change in the
order of ``legal_moves``, in a seeded shuffle or in a random player can
move a format pin. Each position is written out field by field with the
public constructors: what the players see by hand, the hidden tiles of
AXIO Rota and AXIO (stacks, supply, bag) as the rest of the standard set
in sorted written form, Polygon's bag in an order chosen by hand. Its
scores are counted by hand from the rules, and the count is written in
its docstring. In every position seat 0 is to move after one turn by each
seat; it comes with the move seat 1 made last, a legal move for seat 0
written in notation, what that move scores, and the outcome of a finished
game, also built by hand.

``TestGoldenFiles`` (tests/test_serialize.py) checks that each position
passes its game's ``validate``, is playable, and that the hand-counted
score of its move is the library's.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Final

import attrs

from tilegames import Outcome, axio, axio_rota, aztack, polygon
from tilegames.geometry import hexagon
from tilegames.geometry.pyramid import Pyramid

__all__ = ["POSITIONS", "SEED", "Golden", "golden"]

SEED: Final = 2026
"""The seed stored in the states that carry one (AXIO's reshuffle, Polygon's die)."""


@attrs.frozen
class Golden:
    """A hand-built position and the values that the golden files take from it."""

    state: Any
    """The position: seat 0 to move, after one turn by each seat."""
    last: Any
    """The move seat 1 made last, which led to :attr:`state` (outlined in the picture)."""
    move: Any
    """A legal move of :attr:`state`, read from notation written by hand."""
    points: Any
    """What ``score_move(state, move)`` gives, counted by hand."""
    outcome: Outcome
    """The outcome of a finished two-player game, built by hand."""


def _rest(the_set: Iterable[str], used: Iterable[str]) -> list[str]:
    """The tiles of a set that a position shows nowhere, in written form, sorted.

    Both arguments are tiles in one written form (for AXIO Rota, the tile
    turned so that its letters read smallest).

    Raises:
        ValueError: if ``used`` holds a tile more often than the set does.
    """
    left = Counter(the_set)
    left.subtract(used)
    over = sorted(tile for tile, count in left.items() if count < 0)
    if over:
        msg = f"the position uses more of {over} than the set holds"
        raise ValueError(msg)
    return sorted(left.elements())


# ---------------------------------------------------------------------------
# AXIO Rota
# ---------------------------------------------------------------------------

# The display, each tile as its corners clockwise from the top left
# (``format_tile``), turned as it lies; a tile (a, b, c, d) is drawn
#
#                x = -1    x = 0     x = 1
#              +-------+-------+-------+
#     y = -1   | R   G | G   P | P   G |
#              | O   B | B   O | B   O |
#              +-------+-------+-------+
#     y = 0    | R   O | R   B |
#              | P   B | P   G |
#              +-------+-------+
#     y = 1            | .   G |
#                      | O   B |
#                      +-------+
#
# The four around vertex (0, 0) are the start square (no empty corner, so
# none is turned, ROTA-7); (1, -1) is seat 0's tile, (0, 1) seat 1's.
_ROTA_START: Final = {(-1, -1): "RGBO", (0, -1): "GPOB", (-1, 0): "ROBP", (0, 0): "RBGP"}
_ROTA_PLACED: Final = {(1, -1): "PGOB", (0, 1): ".GBO"}
_ROTA_HANDS: Final = ("GBOP", "RGOP")


def _rota_written(tile: str) -> str:
    """A tile's written form up to turning: of its four turns, the one that reads smallest."""
    return min(tile[k:] + tile[:k] for k in range(4))


def axio_rota_position() -> Golden:
    """AXIO Rota, two players: one tile each beside the start square, seat 0 to move.

    * Seat 0 placed its hand tile GOBP turned once, PGOB, on (1, -1)
      (``1,-1:1``): corner 0 (P) at vertex (1, -1) meets the P of (0, -1),
      purple 1; corner 3 (B) at vertex (1, 0) meets the O of (0, -1) and the
      B of (0, 0), blue 1; corners 1 and 2 touch no tile (ROTA-12). Tracks
      R G B O P = 0 0 1 0 1.
    * Seat 1 placed .GBO unturned on (0, 1), naming purple (``0,1:0P``):
      the empty corner at vertex (0, 1) meets the P of (0, 0) and the B of
      (-1, 0), and counts as the named purple, purple 1 (ROTA-12, ROTA-13);
      corner 1 (G) at vertex (1, 1) meets the G of (0, 0), green 1. Tracks
      0 1 0 0 1.
    * Each seat then drew (ROTA-16): seat 0 holds GBOP, seat 1 RGOP; each
      stack holds 10 tiles and the supply 32 (ROTA-8, ROTA-9): the other 52
      tiles of the standard set, each turned to read smallest and sorted by
      its letters, 10 to each stack, then the supply.
    * The move ``1,0:3`` lays GBOP turned three times, BOPG, on (1, 0):
      B at vertex (1, 0) meets O, B, B, blue 2; O at (2, 0) meets the O of
      (1, -1), orange 1; P at (2, 1) meets nothing; G at (1, 1) meets the G
      of (0, 0) and of (0, 1), green 2: points 0 2 2 1 0.
    * Outcome: tracks 9 12 8 10 7 against 8 7 11 9 10; sorted, 7 8 9 10 12
      against 7 8 9 10 11, equal up to the highest, so seat 0 wins (ROTA-19).
    """
    tile = axio_rota.parse_tile
    display = {**_ROTA_START, **_ROTA_PLACED}
    shown = [*display.values(), *_ROTA_HANDS]
    hidden = _rest(
        (_rota_written(axio_rota.format_tile(t)) for t in axio_rota.STANDARD_TILES),
        map(_rota_written, shown),
    )
    stacks = tuple(tuple(map(tile, hidden[10 * seat : 10 * seat + 10])) for seat in (0, 1))
    state = axio_rota.State(
        display=frozenset((cell, tile(text)) for cell, text in display.items()),
        tracks=((0, 0, 1, 0, 1), (0, 1, 0, 0, 1)),
        hands=(tile(_ROTA_HANDS[0]), tile(_ROTA_HANDS[1])),
        stacks=stacks,
        supply=tuple(map(tile, hidden[20:])),
        seat=0,
    )
    result = Outcome(
        scores=((9, 12, 8, 10, 7), (8, 7, 11, 9, 10)),
        ranking=[{0}, {1}],
        reason="ROTA-18: every player has placed all 12 tiles of their stack",
        game=axio_rota.RULES.name,
        mode="",
    )
    return Golden(
        state=state,
        last=axio_rota.parse_move("0,1:0P", state),
        move=axio_rota.parse_move("1,0:3", state),
        points=(0, 2, 2, 1, 0),
        outcome=result,
    )


# ---------------------------------------------------------------------------
# AXIO
# ---------------------------------------------------------------------------

# The placed hexes (q, r) -> colour letter; the start cells (AXIO-4), drawn
# in small letters, are added from START_CELLS. Rows r = -1, 0, 4 and 5 of
# the radius-5 area as render_text draws them (row r runs from
# q = max(-5, -5 - r) to min(5, 5 - r)):
#
#     r = -1    . . . . . . . . G .        G on (4, -1)
#     r =  0   o . . . . . . . . R r       R on (4, 0), the red start on (5, 0)
#     r =  4       . . . . . P P           P on (0, 4) and (1, 4)
#     r =  5        y . . . . p            the purple start on (0, 5)
_AXIO_PLACED: Final = {(4, 0): "R", (4, -1): "G", (0, 4): "P", (1, 4): "P"}
_AXIO_PLACED_TILES: Final = ("RG", "PP")
_AXIO_RACKS: Final = ("RO GB BY OP YY GP", "RB RY GG GO BP OY")
_AXIO_RADIUS: Final = 5  # the playing area of two players (AXIO-3)


def axio_position() -> Golden:
    """AXIO, two players (standard): one tile each in the first round, seat 0 to move.

    * Seat 0 placed RG, R on (4, 0) next to the red start cell, G on (4, -1)
      (``R4,0/G4,-1``, AXIO-8): R looks east to the red start (5, 0), red 1;
      its other lines (NE, W, SW, SE) start on empty cells and NW is its
      twin; G sees no green (AXIO-9). Tracks R G B O Y P = 1 0 0 0 0 0.
    * Seat 1 placed PP on (0, 4) and (1, 4) (``P0,4/P1,4``), next to the
      purple start (0, 5), which no placement had touched (AXIO-8): (0, 4)
      looks south-east and (1, 4) south-west to the purple start, 1 each;
      the twins never count each other (AXIO-9). Tracks 0 0 0 0 0 2.
    * No swap was offered (each rack shows a lowest colour, AXIO-12); both
      racks were refilled to 6 (AXIO-13): seat 0 holds RO GB BY OP YY GP,
      seat 1 RB RY GG GO BP OY. The bag holds the other 106 tiles, sorted
      by their letters.
      Turn 2 (the first round is over), seed 2026.
    * The move ``R3,0/O2,0``: R on (3, 0) looks east along R (4, 0) and the
      red start (5, 0), red 2; north-east is the G at (4, -1), which stops
      the line; O on (2, 0) sees nothing: points 2 0 0 0 0 0.
    * Outcome: tracks 14 9 16 11 18 12 against 10 15 9 13 17 18; sorted,
      9 11 12 14 16 18 against 9 10 13 15 17 18: equal lowest, then 11 beats
      10, so seat 0 wins (AXIO-16). The board is full (AXIO-15).
    """
    colour = dict(zip(axio.COLOUR_LETTERS, range(len(axio.COLOURS)), strict=True))
    board = dict(axio.START_CELLS)
    board.update({cell: colour[letter] for cell, letter in _AXIO_PLACED.items()})
    area = hexagon.hex_area(_AXIO_RADIUS).cells
    racks = tuple(
        tuple(sorted(axio.parse_tile(text) for text in rack.split())) for rack in _AXIO_RACKS
    )
    shown = [*_AXIO_PLACED_TILES, *" ".join(_AXIO_RACKS).split()]
    hidden = _rest(map(axio.format_tile, axio.STANDARD_TILES), shown)
    state = axio.State(
        mode="standard",
        cells=tuple(board.get(cell, axio.EMPTY) for cell in area),
        tracks=((1, 0, 0, 0, 0, 0), (0, 0, 0, 0, 0, 2)),
        racks=racks,
        bag=tuple(map(axio.parse_tile, hidden)),
        seat=0,
        turn=2,
        seed=SEED,
    )
    result = Outcome(
        scores=((14, 9, 16, 11, 18, 12), (10, 15, 9, 13, 17, 18)),
        ranking=[{0}, {1}],
        reason="AXIO-15: no two adjacent empty cells remain",
        game=axio.RULES.name,
        mode="standard",
    )
    return Golden(
        state=state,
        last=axio.parse_move("P0,4/P1,4", state),
        move=axio.parse_move("R3,0/O2,0", state),
        points=(2, 0, 0, 0, 0, 0),
        outcome=result,
    )


# ---------------------------------------------------------------------------
# Aztack
# ---------------------------------------------------------------------------

# The pyramid from above, row y = 0 first, x = 0 .. 5 in each row: per cell
# "height:top stone:top half" (the half as colour capital and glyph letter).
# The base (AZT-4) is, by column, stones 0 15 21 9 42 57 in the first row
# and 3 24 36 51 54 48 in the second, each with its first half on the lower
# y; stone 19 (seat 0's) covers (0, 1) and (1, 1), stone 1 (seat 1's)
# covers (0, 0) and (1, 0), both at height 2.
_AZTACK_PYRAMID: Final = """
    2:1:Gf   2:1:Gw   1:21:Yw  1:9:Bf   1:42:Rd  1:57:Rt
    2:19:Ow  2:19:Od  1:21:Bw  1:9:Rf   1:42:Gt  1:57:Gf
    1:3:Of   1:24:Bw  1:36:Yd  1:51:Yt  1:54:Bt  1:48:Ot
    1:3:Yf   1:24:Rw  1:36:Bd  1:51:Bt  1:54:Rt  1:48:Yt
"""
_AZTACK_SUPPLIES: Final = (
    (2, 6, 13, 17, 25, 30, 32, 40, 44, 49, 55),
    (4, 8, 11, 22, 27, 34, 38, 46, 52, 59),
)


def _aztack_grid(picture: str) -> tuple[Pyramid, tuple[int, ...]]:
    """The pyramid and the faces (half kinds, ``glyph * 5 + colour``) of a picture as above."""
    heights: list[int] = []
    tops: list[int] = []
    faces: list[int] = []
    for cell in picture.split():
        height, top, half = cell.split(":")
        heights.append(int(height))
        tops.append(int(top))
        colour = aztack.COLOUR_LETTERS.index(half[0])
        glyph = aztack.GLYPH_LETTERS.index(half[1])
        faces.append(glyph * len(aztack.COLOURS) + colour)
    grid = Pyramid(
        width=aztack.WIDTH, depth=aztack.DEPTH, heights=tuple(heights), tops=tuple(tops)
    )
    return grid, tuple(faces)


def aztack_position() -> Golden:
    """Aztack, two players, in turns: one stone each on the base, seat 0 to move.

    * The base: every colour on at least two base stones (AZT-9): green on
      0 15 42 57, orange on 0 15 3 48, grey on 21 3 36 51 48, blue on 21 9
      24 36 51 54, red on 9 42 57 24 54.
    * Seat 0 laid stone 19 OwOd with Ow on (0, 1) over Of (base stone 0) and
      Od on (1, 1) over Ow (base stone 15) (``0:19@0,1/1,1``): both colours
      match, the glyphs do not, a colour match (AZT-12).
    * Seat 1 laid stone 1 GfGw with Gf on (0, 0) over Gf (stone 0) and Gw on
      (1, 0) over Gw (stone 15): colours and glyphs match, the bonus, and it
      discarded stone 58 RtRf (``1:1@0,0/1,0x58``, AZT-13).
    * Stones left 11 and 10 of the 12 each was dealt (AZT-10); placements 1
      (seat 0) and 2 (seat 1); the other 24 stones are out of play.
    * The move ``0:30@0,0/0,1`` lays stone 30 GdOd at height 2 across
      stones 1 and 19: Gd on Gf, Od on Ow, a colour match: ``Match.COLOUR``.
    * Outcome: nobody can place, each seat holds 2 stones and seat 1 placed
      most recently, so seat 1 wins (AZT-16).
    """
    grid, faces = _aztack_grid(_AZTACK_PYRAMID)
    state = aztack.State(
        stones=aztack.STANDARD_STONES,
        pyramid=grid,
        faces=faces,
        supplies=_AZTACK_SUPPLIES,
        whose_turn=0,
        last_placed=(1, 2),
    )
    result = Outcome(
        scores=(2, 2),
        ranking=[{1}, {0}],
        reason=(
            "AZT-16: nobody can place; seat 1 with 2 stones left, of seats 0, 1, "
            "placed most recently and wins"
        ),
        game=aztack.RULES.name,
        mode="turns",
    )
    return Golden(
        state=state,
        last=aztack.parse_move("1:1@0,0/1,0x58", state),
        move=aztack.parse_move("0:30@0,0/0,1", state),
        points=aztack.Match.COLOUR,
        outcome=result,
    )


# ---------------------------------------------------------------------------
# Polygon
# ---------------------------------------------------------------------------

# The played tiles by space (q, r); the printed WILD and X2 tiles (POLY-4)
# are added from PRINTED. Around START (0, 0):
#
#     r = -1        1 (0,-1)   2 (1,-1)
#     r =  0   3 (0,0)   2 (1,0)
#     r =  1  4 (0,1)
_POLYGON_PLAYED: Final = {(0, 0): "3", (1, 0): "2", (0, 1): "4", (0, -1): "1", (1, -1): "2"}
_POLYGON_DRAWN: Final = ("5", "W")
# The bag, next tile first, in an order chosen by hand (not sorted, so that
# the view's bag contents, which are sorted, show what the view hides): the
# other 42 tiles of the standard set, 7 each of 1 3 4 5, 6 of 2, 4 WILD and
# 2 each of X2 and X3.
_POLYGON_BAG: Final = (
    "4 1 X2 5 3 2 W 1 4 5 3 2 1 X3 4 5 3 2 W 1 4 5 3 2 1 X2 4 5 3 W 2 1 4 5 3 X3 2 1 4 5 3 W"
)


def polygon_position() -> Golden:
    """Polygon, two players: two turns played, seat 0 to place at the start of turn 3.

    * The start draw: seat 0 drew 3, seat 1 drew 1; seat 0 starts and its 3
      lies on START, the 1 went back into the bag (POLY-7).
    * Turn 1, seat 0, blue circle: 2 on (1, 0) and 4 on (0, 1). The circle
      corner {(0, 0), (1, 0), (0, 1)} (anchor (0, 0), symbol q - r = 0) holds
      3 2 4, the run 2-3-4: 25 (POLY-13, POLY-14).
    * Turn 2, seat 1, red diamond (a roll other than seat 0's first, POLY-9):
      1 on (0, -1) and 2 on (1, -1). The diamond corner {(0, -1), (1, -1),
      (0, 0)} (anchor (0, -1), symbol q - r = 1) holds 1 2 3, the run 1-2-3:
      20. Totals 25 and 20.
    * Turn 3, seat 0, gold star, drawn 5 and W, none placed yet; the bag
      holds the other 42 tiles in a hand-chosen order; seed 2026.
    * The move ``W@2,-1``: the star corner {(1, -1), (2, -1), (1, 0)} (anchor
      (1, -1), symbol q - r = 2) then holds 2 W 2; the WILD stands for 2,
      three of a kind: 20 if the turn ended there (``score_move``).
    * Outcome: totals 145 and 145 share first place (POLY-15).
    """
    stacks = tuple(
        ((polygon.PRINTED[space],) if space in polygon.PRINTED else ())
        + ((_POLYGON_PLAYED[space],) if space in _POLYGON_PLAYED else ())
        for space in polygon.SPACES
    )
    state = polygon.State(
        stacks=stacks,
        totals=(25, 20),
        seat=0,
        turn=3,
        symbol=polygon.STAR,
        drawn=_POLYGON_DRAWN,
        placed=(),
        bag=tuple(_POLYGON_BAG.split()),
        seed=SEED,
        start_draw=(((0, "3"), (1, "1")),),
    )
    result = Outcome(
        scores=(145, 145),
        ranking=[{0, 1}],
        reason="POLY-15: the bag ran out and the turn that emptied it is played",
        game=polygon.RULES.name,
        mode="",
    )
    return Golden(
        state=state,
        last=polygon.parse_move("2@1,-1", state),
        move=polygon.parse_move("W@2,-1", state),
        points=20,
        outcome=result,
    )


POSITIONS: Final[Mapping[str, Callable[[], Golden]]] = {
    "axio-rota": axio_rota_position,
    "axio": axio_position,
    "aztack": aztack_position,
    "polygon": polygon_position,
}
"""Each game's registry name -> the function that builds its golden position."""


def golden(name: str) -> Golden:
    """The golden position of the game registered as ``name``."""
    return POSITIONS[name]()
