"""Golden positions of explicit-chance games, built by hand: one per game, chance to move.

The golden documents ``tests/data/json/<game>-chance-state.json`` and
``<game>-chance-view.json`` are made from these values, as the other golden
documents are from :mod:`golden_positions`: each position is written out
field by field with the public constructors, and each is the golden
position of :mod:`golden_positions` taken on by the rules' own steps, so
that what it holds is known from that position's hand-checked docstring.
In every one chance is to move (``to_move(state) == (CHANCE,)``), so that the
view's document holds ``"to_move": [-1]`` and pins the public value of
:data:`tilegames.CHANCE`.

Each comes with what chance may do there, counted by hand from the rules
(every tile out of sight equally likely to come next), one outcome and who
moves after it, and facts of the kept view. ``TestGoldenChanceFiles``
(tests/test_golden_chance.py) checks them and the documents.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any, Final

import attrs

from golden_positions import SEED, _aztack_grid, golden
from tilegames import axio, axio_rota, aztack, polygon
from tilegames.geometry import hexagon

__all__ = ["CHANCE_PARTS", "CHANCE_POSITIONS", "GoldenChance", "golden_chance"]

CHANCE_PARTS: Final = ("chance-state", "chance-view")
"""The parts of each game's chance documents: ``<game>-chance-state.json`` and ``-view``."""


@attrs.frozen
class GoldenChance:
    """A hand-built position of an explicit game at a chance step, and what follows there."""

    state: Any
    """The position: an explicit game, chance to move."""
    seat: int
    """The seat whose view is kept (``<game>-chance-view.json``)."""
    outcomes: tuple[tuple[Any, Fraction], ...]
    """``chance_outcomes(state)``, counted by hand, in the order the game lists them."""
    unseen: bool
    """Whether the legal moves also list the game's unseen draw (after the outcomes)."""
    outcome: Any
    """One of :attr:`outcomes`."""
    then: tuple[int, ...]
    """``to_move`` after :attr:`outcome`."""
    view_facts: Mapping[str, Any]
    """Fields of the kept view and their values, by hand."""


# ---------------------------------------------------------------------------
# AXIO
# ---------------------------------------------------------------------------

_AXIO_IN_SIGHT: Final = "RG PP RO GB BY OP YY GP RB RY GG GO BP OY"
"""The 14 tiles in sight: RG and PP placed, RO placed now, seat 0's five and seat 1's six."""


def axio_chance_position() -> GoldenChance:
    """AXIO, two players: seat 0 has played the golden move and draws one tile (AXIO-13).

    * The golden position (tests/golden_positions.py), then seat 0's move
      ``R3,0/O2,0``: red +2, tracks red 3 and purple 2; seat 0's rack GB BY
      OP YY GP shows green, one of its lowest colours (all but red at 0), so
      no swap is offered (AXIO-12) and the rack is refilled: one draw due
      (AXIO-13), chance to move. Turn 2, seed 2026 (kept for the record).
    * The bag: the same 106 tiles, sorted as tiles, lower colour first (an
      explicit bag is a multiset, kept sorted).
      A tile is drawn with probability (copies left) / 106, the copies left
      being 6 per pair and 5 per double (AXIO-2) less those in sight: 21
      outcomes, from RR 5/106 to PP 4/106.
    * ``+RR`` fills the rack to 6: the turn passes to seat 1.
    * Seat 1's view: racks of 5 and 6, a bag of 106, one draw due to seat 0.
    """
    base = golden("axio").state
    area = hexagon.hex_area(5).cells
    cells = list(base.cells)
    cells[area.index((3, 0))] = axio.RED
    cells[area.index((2, 0))] = axio.ORANGE
    rack = tuple(axio.parse_tile(text) for text in ["BY", "GB", "GP", "OP", "YY"])
    state = axio.State(
        mode="standard",
        cells=tuple(cells),
        tracks=((3, 0, 0, 0, 0, 0), (0, 0, 0, 0, 0, 2)),
        racks=(tuple(sorted(rack)), base.racks[1]),
        bag=tuple(sorted(base.bag)),
        seat=0,
        turn=2,
        seed=SEED,
        explicit=True,
        draws=1,
    )
    in_sight = Counter(axio.parse_tile(text) for text in _AXIO_IN_SIGHT.split())
    outcomes = tuple(
        (axio.Draw((low, high)), Fraction((5 if low == high else 6) - in_sight[low, high], 106))
        for low in range(6)
        for high in range(low, 6)
    )
    facts = {"to_move": (-1,), "rack_sizes": (5, 6), "bag_size": 106, "draws": 1, "drawer": 0}
    return GoldenChance(state, 1, outcomes, True, axio.Draw((0, 0)), (1,), facts)


# ---------------------------------------------------------------------------
# AXIO Rota
# ---------------------------------------------------------------------------


def _rota_written(tile: axio_rota.Tile) -> str:
    """A tile's written form up to turning: of its four turns, the one that reads smallest."""
    text = axio_rota.format_tile(tile)
    return min(text[k:] + text[:k] for k in range(4))


def axio_rota_chance_position() -> GoldenChance:
    """AXIO Rota, two players: seat 0 has played the golden move and draws (ROTA-16).

    * The golden position (tests/golden_positions.py), then seat 0's move
      ``1,0:3``: BOPG on (1, 0), points 0 2 2 1 0, tracks 0 2 3 1 1 against
      0 1 0 0 1. No colour at 12, so no extra turn (ROTA-15): seat 0 draws
      its stack's top tile, chance to move (``drawing`` "stack").
    * Seat 1's hand was drawn unseen (bit 1 of ``unseen``): its RGOP is in
      the pool with the 52 tiles face down, 53 tiles in the standard set's
      order: the set less the 7 on the display. Stacks 10 and 10, supply 32.
    * Each of the 53 (all different, ROTA-3) comes next with 1/53; UNSEEN
      is also legal (a draw into a hand). The pool's first tile, GBPO (the
      set's first tile not on the display; RGBO lies at (-1, -1)), drawn:
      seat 1 is to move, with its unseen tile.
    * Seat 1's view: its own hand unseen, the same 53 tiles out of sight.
    """
    base = golden("axio-rota").state
    display = dict(base.display)
    display[1, 0] = axio_rota.parse_tile("BOPG")
    shown = {_rota_written(tile) for tile in display.values()}
    pool = tuple(tile for tile in axio_rota.STANDARD_TILES if _rota_written(tile) not in shown)
    state = axio_rota.State(
        display=frozenset(display.items()),
        tracks=((0, 2, 3, 1, 1), (0, 1, 0, 0, 1)),
        hands=(None, None),
        stacks=((), ()),
        supply=(),
        seat=0,
        pool=pool,
        stack_counts=(10, 10),
        supply_count=32,
        drawing="stack",
        unseen=0b10,
    )
    outcomes = tuple((axio_rota.Draw(tile), Fraction(1, 53)) for tile in pool)
    facts = {
        "to_move": (-1,),
        "hand": None,
        "stack_sizes": (10, 10),
        "supply_size": 32,
        "unseen": 0b10,
        "drawing": "stack",
        "drawer": 0,
    }
    first = axio_rota.Draw(axio_rota.parse_tile("GBPO"))
    return GoldenChance(state, 1, outcomes, True, first, (1,), facts)


# ---------------------------------------------------------------------------
# Aztack
# ---------------------------------------------------------------------------

# The golden base (tests/golden_positions.py) before any placement: stone 0 lies
# Gf Of over (0, 0) and (0, 1), stone 15 Gw Ow over (1, 0) and (1, 1), as that
# position's docstring says; the other ten as its picture shows them.
_AZTACK_BASE: Final = """
    1:0:Gf   1:15:Gw  1:21:Yw  1:9:Bf   1:42:Rd  1:57:Rt
    1:0:Of   1:15:Ow  1:21:Bw  1:9:Rf   1:42:Gt  1:57:Gf
    1:3:Of   1:24:Bw  1:36:Yd  1:51:Yt  1:54:Bt  1:48:Ot
    1:3:Yf   1:24:Rw  1:36:Bd  1:51:Bt  1:54:Rt  1:48:Yt
"""
_AZTACK_BASE_STONES: Final = (0, 15, 21, 9, 42, 57, 3, 24, 36, 51, 54, 48)
_AZTACK_DEALT: Final = (
    (2, 6, 13, 17, 19, 25, 30, 32, 40, 44, 49, 55),
    (1, 4, 8, 11, 22, 27, 34, 38, 46, 52, 58),
)


def aztack_chance_position() -> GoldenChance:
    """Aztack, two players, explicit: the deal's last stone is to come (AZT-10).

    * The golden base laid (every colour on two base stones, AZT-9); seat 0
      dealt its 12 (the golden supply and stone 19), seat 1 eleven (the
      golden supply but stone 59, and stones 1 and 58): chance deals seat 1's
      twelfth.
    * The bag: the 25 stones neither in the base nor dealt, each dealt with
      1/25 (the 60 standard stones all differ, AZT-3), by id.
    * Dealing stone 59 ends the setup: seat 0 starts (AZT-11).
    * Seat 1's view: supplies of 12 and 11, nobody has placed.
    """
    grid, faces = _aztack_grid(_AZTACK_BASE)
    state = aztack.State(
        stones=aztack.STANDARD_STONES,
        pyramid=grid,
        faces=faces,
        supplies=_AZTACK_DEALT,
        whose_turn=0,
        last_placed=(0, 0),
        explicit=True,
    )
    used = {*_AZTACK_BASE_STONES, *_AZTACK_DEALT[0], *_AZTACK_DEALT[1]}
    outcomes = tuple(
        (aztack.Deal(stone), Fraction(1, 25)) for stone in range(60) if stone not in used
    )
    facts = {"to_move": (-1,), "whose_turn": 0, "last_placed": (0, 0), "explicit": True}
    return GoldenChance(state, 1, outcomes, False, aztack.Deal(59), (0,), facts)


# ---------------------------------------------------------------------------
# Polygon
# ---------------------------------------------------------------------------

_POLYGON_BAG_COUNTS: Final = {"1": 7, "2": 6, "3": 7, "4": 7, "5": 7, "W": 5, "X2": 2, "X3": 2}
"""The bag while turn 3's second tile is to come: the golden bag's 42 and the W not yet drawn."""


def polygon_chance_position() -> GoldenChance:
    """Polygon, two players, explicit: turn 3's second tile is to come (POLY-10).

    * The golden position (tests/golden_positions.py) one step earlier: the
      star rolled, the 5 drawn (``first_drawn``), the W still in the bag. The
      bag, in the order of the values (an explicit bag has no order), holds
      7 each of 1 3 4 5, 6 of 2, 5 WILD and 2 each of X2 and X3: 43 tiles;
      each value comes next with its count / 43 (POLY-10, POLY-16).
    * Drawing the W completes the turn's two tiles: seat 0 places them.
    * Seat 1's view: a bag of 43, every tile of it public, the 5 drawn.
    """
    base = golden("polygon").state
    bag = tuple(value for value, count in _POLYGON_BAG_COUNTS.items() for _ in range(count))
    state = polygon.State(
        stacks=base.stacks,
        totals=(25, 20),
        seat=0,
        turn=3,
        symbol=polygon.STAR,
        drawn=(),
        placed=(),
        bag=bag,
        seed=SEED,
        start_draw=base.start_draw,
        explicit=True,
        step="draw",
        first_drawn=("5",),
    )
    outcomes = tuple(
        (polygon.Draw(value), Fraction(count, 43)) for value, count in _POLYGON_BAG_COUNTS.items()
    )
    facts = {"to_move": (-1,), "bag_size": 43, "bag_contents": bag, "first_drawn": ("5",)}
    return GoldenChance(state, 1, outcomes, False, polygon.Draw("W"), (0,), facts)


CHANCE_POSITIONS: Final[Mapping[str, Callable[[], GoldenChance]]] = {
    "axio-rota": axio_rota_chance_position,
    "axio": axio_chance_position,
    "aztack": aztack_chance_position,
    "polygon": polygon_chance_position,
}
"""Each game's registry name -> the function that builds its explicit-chance position."""


def golden_chance(name: str) -> GoldenChance:
    """The explicit-chance golden position of the game registered as ``name``."""
    return CHANCE_POSITIONS[name]()
