r"""AXIO (hexagonal), known as *Ingenious*: two-hex tiles scored along straight lines.

The rules are ``shared/rules/axio.md``; every rule id quoted here (``AXIO-1``
.. ``AXIO-22``) is a rule of that page. In short: players take turns placing
a tile of two coloured hexes from their rack of six on two adjacent empty
cells; each hex scores one point in its colour for every hex of the same
colour in an unbroken straight line from it (five lines per hex, never
towards its twin). A track that reaches 18 earns a bonus placement (AXIO!).
A player whose rack shows none of their lowest colours may swap it. The
player whose lowest colour is highest wins. Team (4 players in two teams,
tracks to 36) and solo (one player, a rack of one tile) games are variants.

A game is a chain of immutable :class:`State` values::

    >>> from tilegames import axio
    >>> state = axio.new_game(players=2, seed=7)
    >>> axio.to_move(state)
    (0,)
    >>> moves = axio.legal_moves(state)
    >>> after = axio.apply(state, moves[0])
    >>> axio.to_move(after)
    (1,)

Coordinates are the axial ``(q, r)`` of :mod:`tilegames.geometry.hexagon`:
``q`` grows to the east, ``r`` to the south-east, and the six directions
are numbered counter-clockwise from the east::

                  2 NW        1 NE
                 (0,-1)      (1,-1)
                      \      /
          3 W (-1,0) -- (q, r) -- (1,0) E 0
                      /      \
                 (-1,1)      (0,1)
                  4 SW        5 SE

The playing area is every hex within 5, 6 or 7 steps of ``(0, 0)``
(AXIO-3); its cells are numbered row by row (``r``, then ``q``) as in
:func:`tilegames.geometry.hexagon.hex_area`, and that numbering is the
*reading order* used for moves and listings.

How it is fast: the state carries, besides its compared fields, a private
index holding the set of empty adjacent pairs as the bits of one integer
(bit ``i`` for pair ``i`` of the area's pair table). ``apply`` clears the
pairs of the two cells it fills with two ``&`` operations; the lazy
:class:`LegalMoves` sequence has length *pairs x rack choices* and decodes an
index with ``divmod`` and a search for the n-th set bit; a placement is
scored along five precomputed rays per hex.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Final, cast

import attrs

from tilegames._core import rng, tracks
from tilegames._core.errors import (
    ConfigurationError,
    GameOverError,
    IllegalMoveError,
    InvalidStateError,
    NotationError,
)
from tilegames._core.moves import LazyMoves
from tilegames._core.rules import GameRules, Outcome, Seat, Setup
from tilegames._core.state import CachedState, Drawable
from tilegames.geometry import hexagon
from tilegames.geometry.hexagon import Hex

__all__ = [
    "BLUE",
    "BOARD_RADIUS",
    "COLOURS",
    "COLOUR_LETTERS",
    "EMPTY",
    "GREEN",
    "KEEP",
    "MODES",
    "ORANGE",
    "PURPLE",
    "RACK_SIZE",
    "RED",
    "RULES",
    "SOLO_RACK_SIZE",
    "STANDARD_TILES",
    "START_CELLS",
    "SWAP",
    "TEAM_CAP",
    "TRACK_CAP",
    "YELLOW",
    "Colour",
    "LegalMoves",
    "Move",
    "Place",
    "Points",
    "State",
    "SwapChoice",
    "Tile",
    "View",
    "apply",
    "bag_size",
    "board",
    "determinize",
    "evaluate",
    "format_move",
    "format_tile",
    "is_over",
    "legal_moves",
    "new_game",
    "outcome",
    "parse_move",
    "parse_tile",
    "playing_area",
    "players",
    "rack",
    "rack_sizes",
    "render_text",
    "score_move",
    "scores",
    "solo_score",
    "to_move",
    "validate",
    "view",
    "why_illegal",
]

# ---------------------------------------------------------------------------
# Names: colours, tiles, sizes
# ---------------------------------------------------------------------------

Colour = int
"""A colour: an index into :data:`COLOURS` (0 red .. 5 purple)."""

RED: Final[Colour] = 0
"""Red, colour 0 (AXIO-1); its start cell is ``(5, 0)``."""
GREEN: Final[Colour] = 1
"""Green, colour 1 (AXIO-1); its start cell is ``(5, -5)``."""
BLUE: Final[Colour] = 2
"""Blue, colour 2 (AXIO-1); its start cell is ``(0, -5)``."""
ORANGE: Final[Colour] = 3
"""Orange, colour 3 (AXIO-1); its start cell is ``(-5, 0)``."""
YELLOW: Final[Colour] = 4
"""Yellow, colour 4 (AXIO-1); its start cell is ``(-5, 5)``."""
PURPLE: Final[Colour] = 5
"""Purple, colour 5 (AXIO-1); its start cell is ``(0, 5)``."""

COLOURS: Final = ("red", "green", "blue", "orange", "yellow", "purple")
"""The six colours in the order of AXIO-1; a colour is its index here."""

COLOUR_LETTERS: Final = "RGBOYP"
"""One letter per colour, in :data:`COLOURS` order."""

EMPTY: Final = -1
"""The value of an empty cell in :attr:`State.cells`."""

Tile = tuple[Colour, Colour]
"""A tile's two colours, the lower colour index first (AXIO-2); a double repeats it."""

Points = tuple[int, int, int, int, int, int]
"""Points (or track values) per colour, in :data:`COLOURS` order."""

TRACK_CAP: Final = 18
"""The top of every score track in the standard game, and the bonus stage (AXIO-5, AXIO-10)."""

TEAM_CAP: Final = 36
"""The top of the team and solo tracks (AXIO-18, AXIO-20)."""

RACK_SIZE: Final = 6
"""Tiles in a full rack (AXIO-6, AXIO-13)."""

SOLO_RACK_SIZE: Final = 1
"""Tiles in the solo player's rack (AXIO-20)."""

BOARD_RADIUS: Final = 7
"""The radius of the whole printed board; the playing area may be smaller (AXIO-3)."""

MODES: Final = ("standard", "team", "solo")
"""The values of ``new_game(mode=...)``."""

_STANDARD, _TEAM, _SOLO = MODES
_START_RADIUS: Final = 5  # the start cells are the corners of this ring (AXIO-4)
_RADIUS: Final[Mapping[int, int]] = {1: 5, 2: 5, 3: 6, 4: 7}  # playing area by players (AXIO-3)
_MAX_TILES: Final = 1024
_LETTER: Final = dict(enumerate(COLOUR_LETTERS))
_NO_POINTS: Final[Points] = (0, 0, 0, 0, 0, 0)


def _standard_tiles() -> tuple[Tile, ...]:
    """The 120 tiles of AXIO-2: 6 of each two-colour pair, 5 of each double, in colour order."""
    result: list[Tile] = []
    for low in range(len(COLOURS)):
        for high in range(low, len(COLOURS)):
            result.extend([(low, high)] * (5 if low == high else 6))
    return tuple(result)


STANDARD_TILES: Final[tuple[Tile, ...]] = _standard_tiles()
"""The 120 tiles of the standard set (AXIO-2), as data.

>>> len(STANDARD_TILES), STANDARD_TILES.count((RED, BLUE)), STANDARD_TILES.count((BLUE, BLUE))
(120, 6, 5)
"""

START_CELLS: Final[tuple[tuple[Hex, Colour], ...]] = tuple(
    zip(hexagon.ring_corners(_START_RADIUS), range(len(COLOURS)), strict=True)
)
"""The six printed start cells and their colours (AXIO-4): the corners of ring 5 in
direction order, red at ``(5, 0)`` then green, blue, orange, yellow, purple.

>>> START_CELLS[0], START_CELLS[5]
(((5, 0), 0), ((0, 5), 5))
"""


# ---------------------------------------------------------------------------
# Moves
# ---------------------------------------------------------------------------


def _reading_key(cell: Hex) -> tuple[int, int]:
    return cell[1], cell[0]


def _is_hex(value: object) -> bool:
    return (
        type(value) is tuple
        and len(value) == 2
        and type(value[0]) is int
        and type(value[1]) is int
    )


@attrs.frozen
class Place:
    """Place a tile: colour ``colours[0]`` on ``cells[0]`` and ``colours[1]`` on ``cells[1]``.

    The tile placed is the rack tile with these two colours (AXIO-7). A
    placement has one form: the two hexes are stored in reading order (the
    smaller ``r`` first, then the smaller ``q``), so the same placement given
    the other way round compares equal.

    Construction checks the types of the fields only; whether the cells are
    adjacent, on the board and empty, the colours real and the tile in the
    rack is for :func:`why_illegal` to say.

    >>> Place(((1, 0), (0, 0)), (BLUE, RED))
    Place(cells=((0, 0), (1, 0)), colours=(0, 2))
    >>> str(Place(((0, 0), (1, 0)), (RED, BLUE)))
    'R0,0/B1,0'

    Raises:
        TypeError: if ``cells`` is not a tuple of two ``(q, r)`` tuples of ints, or
            ``colours`` not a tuple of two ints.
    """

    cells: tuple[Hex, Hex]
    """The two adjacent empty cells ``(q, r)``, in reading order."""
    colours: tuple[Colour, Colour]
    """The colour placed on each of :attr:`cells`, in the same order."""

    def __attrs_post_init__(self) -> None:
        """Check the field types and put the hexes in reading order."""
        cells, colours = self.cells, self.colours
        if type(cells) is not tuple or len(cells) != 2 or not all(map(_is_hex, cells)):
            msg = (
                f"a placement's cells must be a tuple of two (q, r) tuples of ints, not {cells!r}"
            )
            raise TypeError(msg)
        if (
            type(colours) is not tuple
            or len(colours) != 2
            or type(colours[0]) is not int
            or type(colours[1]) is not int
        ):
            msg = f"a placement's colours must be a tuple of two ints 0..5, not {colours!r}"
            raise TypeError(msg)
        if _reading_key(cells[1]) < _reading_key(cells[0]):
            object.__setattr__(self, "cells", (cells[1], cells[0]))
            object.__setattr__(self, "colours", (colours[1], colours[0]))

    def __str__(self) -> str:
        """The move in notation (see :func:`format_move`)."""
        return format_move(self)


@attrs.frozen
class SwapChoice:
    """The choice after a turn's placements when a swap is offered (AXIO-12).

    ``SwapChoice(True)`` (:data:`SWAP`) swaps the rack; ``SwapChoice(False)``
    (:data:`KEEP`) keeps it. Either way the rack is then refilled.

    Raises:
        TypeError: if ``swap`` is not a bool.
    """

    swap: bool
    """Whether to swap the rack (``True``) or keep it (``False``)."""

    def __attrs_post_init__(self) -> None:
        """Refuse a field that is not a bool."""
        swap: object = self.swap
        if type(swap) is not bool:
            msg = f"a swap choice is True (swap) or False (keep), not {swap!r}"
            raise TypeError(msg)

    def __str__(self) -> str:
        """The move in notation: ``swap`` or ``keep``."""
        return format_move(self)


SWAP: Final = SwapChoice(True)
"""Swap the rack's remaining tiles for new ones (AXIO-12)."""
KEEP: Final = SwapChoice(False)
"""Decline the swap: keep the rack and refill it (AXIO-12, AXIO-13)."""

Move = Place | SwapChoice
"""A move: a :class:`Place`, or a :class:`SwapChoice` when a swap is offered."""


_new_place = object.__new__
_set_slot = object.__setattr__


def _fast_place(cells: tuple[Hex, Hex], colours: tuple[Colour, Colour]) -> Place:
    """A Place built without the checks of ``__init__``: the fields are known to be canonical.

    The trick: allocate the slotted instance and set its two slots directly,
    as ``__init__`` would; used only by :class:`LegalMoves`, whose cells come
    from the pair table (already in reading order).
    """
    move = _new_place(Place)
    _set_slot(move, "cells", cells)
    _set_slot(move, "colours", colours)
    return move


# ---------------------------------------------------------------------------
# Geometry tables per playing area
# ---------------------------------------------------------------------------


class _Geometry:
    """Tables of one playing area, indexed by cell number and pair number; built once.

    A *pair* is two adjacent cells of the area, numbered as in
    :attr:`~tilegames.geometry.hexagon.HexArea.pairs` (sorted, so in reading
    order of the first cell, then of the second). Sets of pairs are ints:
    bit ``i`` stands for pair ``i``.
    """

    __slots__ = (
        "area",
        "cell_pairs",
        "initial_cells",
        "initial_empty",
        "pair_cells",
        "pair_hexes",
        "pair_of",
        "radius",
        "rays",
        "start",
        "start_neighbours",
        "start_pairs",
    )

    def __init__(self, radius: int) -> None:
        area = hexagon.hex_area(radius)
        self.area = area
        self.radius = radius
        self.pair_cells: tuple[tuple[int, int], ...] = area.pairs
        """Per pair, its two cell numbers, smaller first."""
        self.pair_hexes: tuple[tuple[Hex, Hex], ...] = tuple(
            (area.cells[a], area.cells[b]) for a, b in area.pairs
        )
        """Per pair, its two hexes in reading order (the form of :attr:`Place.cells`)."""
        self.pair_of: dict[tuple[Hex, Hex], int] = {
            hexes: i for i, hexes in enumerate(self.pair_hexes)
        }
        """The pair number of two hexes in reading order."""
        bits = [0] * area.size
        for i, (a, b) in enumerate(area.pairs):
            bits[a] |= 1 << i
            bits[b] |= 1 << i
        self.cell_pairs: tuple[int, ...] = tuple(bits)
        """Per cell, the set of pairs it belongs to."""
        self.rays: tuple[tuple[tuple[tuple[int, ...], ...], ...], ...] = tuple(
            (_rays_but(area, a, b), _rays_but(area, b, a)) for a, b in area.pairs
        )
        """Per pair, for each of its two cells, the five rays not pointing at the other."""
        self.start: tuple[int, ...] = tuple(area.index[cell] for cell, _ in START_CELLS)
        """The cell numbers of the start cells, in :data:`START_CELLS` order."""
        self.start_neighbours: tuple[tuple[int, ...], ...] = tuple(
            tuple(n for n in area.neighbours[s] if n >= 0) for s in self.start
        )
        """Per start cell, its neighbours inside the area."""
        self.start_pairs: tuple[int, ...] = tuple(
            _union(bits[n] for n in near) for near in self.start_neighbours
        )
        """Per start cell, the pairs with a cell next to it (AXIO-8)."""
        cells = [EMPTY] * area.size
        for number, (_, colour) in zip(self.start, START_CELLS, strict=True):
            cells[number] = colour
        self.initial_cells: tuple[int, ...] = tuple(cells)
        """The board before the first placement: the start cells only (AXIO-4)."""
        self.initial_empty: int = _empty_pairs(self, self.initial_cells)
        """The set of empty pairs of :attr:`initial_cells`."""


def _rays_but(area: hexagon.HexArea, cell: int, twin: int) -> tuple[tuple[int, ...], ...]:
    """The rays of ``cell`` in the five directions other than the one to ``twin`` (AXIO-9)."""
    towards = area.neighbours[cell].index(twin)
    return tuple(area.rays[cell][d] for d in range(6) if d != towards)


def _union(masks: Iterable[int]) -> int:
    result = 0
    for mask in masks:
        result |= mask
    return result


def _empty_pairs(geometry: _Geometry, cells: Sequence[int]) -> int:
    """The set of pairs whose two cells are empty, computed from scratch."""
    mask = 0
    for i, (a, b) in enumerate(geometry.pair_cells):
        if cells[a] == EMPTY and cells[b] == EMPTY:
            mask |= 1 << i
    return mask


def _build_geometries() -> dict[int, _Geometry]:
    return {size: _Geometry(radius) for size, radius in _AREA_SIZES.items()}


_AREA_SIZES: Final = {len(hexagon.area(r)): r for r in sorted(set(_RADIUS.values()))}
_GEOMETRY: Final[Mapping[int, _Geometry]] = _build_geometries()
"""Number of cells of a playing area -> its tables (one per radius 5, 6, 7)."""

_TILE_OF: Final[Mapping[tuple[int, int], Tile]] = {
    (a, b): (min(a, b), max(a, b)) for a in range(len(COLOURS)) for b in range(len(COLOURS))
}
"""Two colours in either order -> the tile showing them."""
_TILES: Final[frozenset[Tile]] = frozenset(_TILE_OF.values())
"""The 21 tiles: every pair of colours, lower first."""


# ---------------------------------------------------------------------------
# States and views
# ---------------------------------------------------------------------------


@attrs.frozen(getstate_setstate=False)
class State(CachedState):
    """A position of AXIO: everything, hidden parts included.

    States are immutable and compare, hash and pickle by value; build the
    first with :func:`new_game` and the next with :func:`apply`.
    ``str(state)`` is the plain-text picture of :func:`render_text`.

    The fields below are the whole game. A state also caches a private index
    (the set of empty adjacent pairs, whether the game is over); it is not
    compared, hashed or pickled, and is rebuilt from the fields when missing,
    so a position can be made by hand with :func:`attrs.evolve`.
    """

    mode: str
    """The variant: ``"standard"``, ``"team"`` or ``"solo"`` (see :data:`MODES`)."""
    cells: tuple[int, ...]
    """The playing area by cell number (reading order, see :func:`playing_area`): the
    colour on each cell, or :data:`EMPTY`. The start cells hold their colours (AXIO-4)."""
    tracks: tuple[Points, ...]
    """The score tracks in :data:`COLOURS` order: one per seat, or per team in a team
    game (team A, seats 0 and 2, then team B, seats 1 and 3; AXIO-17)."""
    racks: tuple[tuple[Tile, ...], ...]
    """Per seat, the tiles in its rack, sorted (private to the seat, AXIO-22)."""
    bag: tuple[Tile, ...]
    """The tiles in the bag in drawing order, next first (hidden from everyone, AXIO-22)."""
    seat: Seat
    """The seat whose turn it is; once the game is over, the seat that moved last."""
    turn: int = 0
    """The number of the turn in progress, from 0; the first round is turns
    ``0 .. players - 1`` (AXIO-8). Bonus placements and the swap choice belong to the turn."""
    bonuses: int = 0
    """Bonus placements owed to the seat to move, the current placement included: when
    positive, the seat is placing a bonus tile (AXIO-11)."""
    deciding: bool = False
    """Whether the seat to move must choose to swap or keep its rack (AXIO-12)."""
    revealed: tuple[Tile, ...] = ()
    """The tiles the previous move set aside in a swap, shown to all (AXIO-22); else empty."""
    seed: int = 0
    """The seed of the next random event (the reshuffle after a swap); hidden from everyone."""
    _index: _Index | None = attrs.field(default=None, init=False, eq=False, repr=False)

    def __str__(self) -> str:
        """The plain-text picture of the board and the scores (:func:`render_text`)."""
        return render_text(self)


@attrs.frozen
class View(Drawable):
    """What one seat may see of a state (AXIO-22): built by :func:`view`.

    The board, every track, the rack and bag sizes, whose turn it is, the
    tiles revealed by a swap, and this seat's own rack; never another rack,
    the bag's content or order, or the seed. ``str(view)`` is the same picture
    as for a state, plus the seat's rack; :func:`board`, :func:`scores` and
    :func:`playing_area` read a view as they read a state.
    """

    seat: Seat
    """The seat this view is for."""
    mode: str
    """The variant, as in :attr:`State.mode`."""
    to_move: tuple[Seat, ...]
    """The seats that may move now: ``(seat,)``, or ``()`` once the game is over."""
    cells: tuple[int, ...]
    """The board, as in :attr:`State.cells`."""
    tracks: tuple[Points, ...]
    """The score tracks, as in :attr:`State.tracks`."""
    rack: tuple[Tile, ...]
    """This seat's own rack, sorted."""
    rack_sizes: tuple[int, ...]
    """Per seat, the number of tiles in its rack."""
    bag_size: int
    """The number of tiles in the bag."""
    turn: int
    """The turn number, as in :attr:`State.turn`."""
    bonuses: int
    """Bonus placements owed to the seat to move, as in :attr:`State.bonuses`."""
    deciding: bool
    """Whether the seat to move is choosing to swap or keep, as in :attr:`State.deciding`."""
    revealed: tuple[Tile, ...]
    """The tiles set aside by a swap on the previous move, as in :attr:`State.revealed`."""

    def __str__(self) -> str:
        """The plain-text picture (:func:`render_text`)."""
        return render_text(self)


class _Index:
    """Facts derived from a state's fields, cached in the state; never changed once made."""

    __slots__ = ("empty", "over")

    def __init__(self, empty: int, over: bool) -> None:
        self.empty = empty
        """The set of pairs of adjacent empty cells (bit ``i`` for pair ``i``)."""
        self.over = over
        """Whether the game has ended (AXIO-14, AXIO-15, AXIO-21)."""


def _index(state: State) -> _Index:
    """The state's index, built and checked on first use (for states not made by ``apply``)."""
    index = state._index
    if index is None:
        geometry = _check_state(state)
        empty = _empty_pairs(geometry, state.cells)
        index = _Index(empty, _ends(state, empty))
        if not index.over and not state.racks[state.seat]:
            msg = f"seat {state.seat} is to move but its rack is empty (AXIO-15)"
            raise InvalidStateError(msg)
        object.__setattr__(state, "_index", index)
    return index


def _ends(state: State, empty: int) -> bool:
    """Whether the game is over: no empty pair, no tile in any rack, or all tracks at the cap."""
    final = _final_cap(state.mode)
    return not empty or not any(state.racks) or any(min(track) == final for track in state.tracks)


def _check_state(state: State) -> _Geometry:
    """Refuse a hand-made state that breaks the game's invariants; return its geometry."""
    problems: list[str] = []
    mode = state.mode
    if mode not in MODES:
        raise InvalidStateError(f"mode {mode!r} is not one of {MODES}")
    seats = len(state.racks) if type(state.racks) is tuple else 0
    if not _players_fit(mode, seats):
        raise InvalidStateError(f"a {mode} game cannot have {seats} racks")
    geometry = _GEOMETRY.get(len(state.cells)) if type(state.cells) is tuple else None
    if geometry is None or geometry.radius != _RADIUS[seats]:
        raise InvalidStateError(
            f"a {seats}-player board has {len(_GEOMETRY_BY_RADIUS[_RADIUS[seats]].area)} cells"
        )
    if any(type(c) is not int or not EMPTY <= c < len(COLOURS) for c in state.cells):
        problems.append("a cell holds something other than a colour 0..5 or EMPTY")
    for number, (cell, colour) in zip(geometry.start, START_CELLS, strict=True):
        if state.cells[number] != colour:
            problems.append(f"start cell {cell} must hold {COLOURS[colour]} (AXIO-4)")
    final = _final_cap(mode)
    owners = 2 if mode == _TEAM else seats
    if len(state.tracks) != owners or any(
        len(track) != len(COLOURS) or any(type(v) is not int or not 0 <= v <= final for v in track)
        for track in state.tracks
    ):
        problems.append(f"tracks must be {owners} tuples of 6 ints 0..{final} (AXIO-5)")
    size = _rack_size(mode)
    for seat, held in enumerate(state.racks):
        if len(held) > size or list(held) != sorted(held) or not set(held) <= _TILES:
            problems.append(f"rack {seat} must be at most {size} tiles (low, high), sorted")
    if not set(state.bag) <= _TILES:
        problems.append("the bag holds something that is not a tile (low, high)")
    if type(state.seat) is not int or not 0 <= state.seat < seats:
        problems.append(f"seat {state.seat!r} is not a seat 0..{seats - 1}")
    if type(state.bonuses) is not int or state.bonuses < 0 or type(state.turn) is not int:
        problems.append("turn and bonuses must be ints, bonuses >= 0")
    if state.deciding and state.bonuses:
        problems.append("a seat cannot owe bonus placements while choosing to swap")
    if problems:
        raise InvalidStateError("; ".join(problems))
    return geometry


_GEOMETRY_BY_RADIUS: Final = {g.radius: g for g in _GEOMETRY.values()}


def _players_fit(mode: str, seats: int) -> bool:
    if mode == _SOLO:
        return seats == 1
    if mode == _TEAM:
        return seats == 4
    return 2 <= seats <= 4


def _final_cap(mode: str) -> int:
    return TRACK_CAP if mode == _STANDARD else TEAM_CAP


def _stages(mode: str) -> tuple[int, ...]:
    return (TRACK_CAP,) if mode == _STANDARD else (TRACK_CAP, TEAM_CAP)


def _rack_size(mode: str) -> int:
    return SOLO_RACK_SIZE if mode == _SOLO else RACK_SIZE


def _owner(mode: str, seat: Seat) -> int:
    """The index in :attr:`State.tracks` of the seat's tracks (its team's in a team game)."""
    return seat % 2 if mode == _TEAM else seat


# ---------------------------------------------------------------------------
# Setup (AXIO-3 .. AXIO-6)
# ---------------------------------------------------------------------------


def new_game(
    players: int | None = None,
    *,
    seed: int | None = None,
    mode: str | None = None,
    tiles: Iterable[Tile | str] | None = None,
) -> State:
    """Start a game: shuffle the bag and fill the racks (AXIO-3 .. AXIO-6).

    The shuffled bag is dealt in order: 6 tiles to each seat's rack in seat
    order (1 in solo), the rest stay in the bag. Seat 0 starts.

    >>> state = new_game(players=3, seed=1)
    >>> rack_sizes(state), bag_size(state), len(playing_area(state))
    ((6, 6, 6), 102, 127)
    >>> new_game(mode="team", seed=1).mode, new_game(players=1, seed=1).mode
    ('team', 'solo')

    Args:
        players: the number of seats: 2 to 4 in the standard game (2 by
            default), 4 in a team game, 1 in solo. ``None`` takes the mode's
            default.
        seed: the shuffle's seed; ``None`` draws a fresh one.
        mode: ``"standard"``, ``"team"`` or ``"solo"``; ``None`` means solo for
            one player and standard otherwise.
        tiles: a custom set instead of :data:`STANDARD_TILES`: each tile two
            colours 0..5 (in either order) or a string such as ``"RB"`` (see
            :func:`parse_tile`); enough to fill every rack.

    Returns:
        The state before seat 0's first placement.

    Raises:
        ConfigurationError: if the players, the mode, the seed or the set (a
            tile named by its index, or the set's size) is not allowed.
    """
    chosen_mode, count = _check_setup(players, mode)
    size = _rack_size(chosen_mode)
    chosen = STANDARD_TILES if tiles is None else _check_tiles(tiles, count * size)
    order, carried = rng.shuffled(rng.normalize_seed(seed), chosen)
    racks = tuple(tuple(sorted(order[size * s : size * (s + 1)])) for s in range(count))
    geometry = _GEOMETRY_BY_RADIUS[_RADIUS[count]]
    owners = 2 if chosen_mode == _TEAM else count
    state = State(
        mode=chosen_mode,
        cells=geometry.initial_cells,
        tracks=(_NO_POINTS,) * owners,
        racks=racks,
        bag=order[size * count :],
        seat=0,
        seed=carried,
    )
    object.__setattr__(state, "_index", _Index(geometry.initial_empty, False))
    return state


def _check_setup(players: object, mode: object) -> tuple[str, int]:
    if mode is not None and mode not in MODES:
        msg = f"mode must be one of {', '.join(map(repr, MODES))} or None, not {mode!r}"
        raise ConfigurationError(msg)
    count: int | None = None
    if players is not None:
        if type(players) is not int or not 1 <= players <= 4:
            msg = f"AXIO is for 1 to 4 players, not {players!r}"
            raise ConfigurationError(msg)
        count = players
    chosen = str(mode) if mode is not None else _SOLO if count == 1 else _STANDARD
    if count is None:
        count = {_STANDARD: 2, _TEAM: 4, _SOLO: 1}[chosen]
    if not _players_fit(chosen, count):
        need = {_STANDARD: "2 to 4 players", _TEAM: "4 players", _SOLO: "1 player"}[chosen]
        msg = f"a {chosen} game is for {need}, not {count} (AXIO-3, AXIO-17, AXIO-20)"
        raise ConfigurationError(msg)
    return chosen, count


def _check_tiles(tiles: Iterable[Tile | str], need: int) -> tuple[Tile, ...]:
    if isinstance(tiles, (str, bytes)):
        msg = "tiles must be a collection of tiles, not one string"
        raise ConfigurationError(msg)
    result: list[Tile] = []
    for index, given in enumerate(tiles):
        tile: Tile | None = None
        if isinstance(given, str):
            try:
                tile = parse_tile(given)
            except NotationError as error:
                msg = f"tile {index} {given!r} is not a tile: {error}"
                raise ConfigurationError(msg) from None
        elif isinstance(given, Sequence) and len(given) == 2:
            low, high = given[0], given[1]
            if type(low) is int and type(high) is int:
                tile = _TILE_OF.get((low, high))
        if tile is None:
            msg = f"tile {index} {given!r} is not two colours 0..5 ({COLOUR_LETTERS}) (AXIO-2)"
            raise ConfigurationError(msg)
        result.append(tile)
    if not need <= len(result) <= _MAX_TILES:
        msg = (
            f"a set of {len(result)} tiles cannot fill the racks: {need} tiles are needed "
            f"(and at most {_MAX_TILES} are allowed) (AXIO-6)"
        )
        raise ConfigurationError(msg)
    return tuple(result)


# ---------------------------------------------------------------------------
# Reading a state
# ---------------------------------------------------------------------------


def players(state: State) -> int:
    """The number of seats."""
    return len(state.racks)


def is_over(state: State) -> bool:
    """Whether the game has ended (AXIO-14, AXIO-15, AXIO-21).

    It has ended when no two adjacent empty cells remain, when no player holds
    a tile, or when a player (team) has every track at the final cap.
    """
    index = state._index
    return (index if index is not None else _index(state)).over


def to_move(state: State) -> tuple[Seat, ...]:
    """The seat that may move, as a 1-tuple, or ``()`` once the game is over (AXIO-6)."""
    return () if is_over(state) else (state.seat,)


def scores(state: State | View) -> tuple[Points, ...]:
    """Per seat, its six tracks in :data:`COLOURS` order (partners show their team's)."""
    if state.mode != _TEAM:
        return state.tracks
    team_a, team_b = state.tracks
    return team_a, team_b, team_a, team_b


def rack(state: State, seat: Seat) -> tuple[Tile, ...]:
    """The tiles in a seat's rack, sorted (private to that seat, AXIO-22).

    Raises:
        ValueError: if the seat is not in the game.
    """
    _check_seat(state, seat)
    return state.racks[seat]


def rack_sizes(state: State) -> tuple[int, ...]:
    """Per seat, the number of tiles in its rack (public, AXIO-22)."""
    return tuple(map(len, state.racks))


def bag_size(state: State) -> int:
    """The number of tiles left in the bag (public, AXIO-22)."""
    return len(state.bag)


def playing_area(state: State | View) -> tuple[Hex, ...]:
    """The cells of the playing area (AXIO-3) in reading order: cell number ``i`` is entry ``i``.

    >>> area = playing_area(new_game(players=2, seed=0))
    >>> len(area), area[0], area[-1]
    (91, (0, -5), (0, 5))
    """
    return _GEOMETRY[len(state.cells)].area.cells


def board(state: State | View) -> Mapping[Hex, Colour]:
    """Every coloured cell, start cells included, by ``(q, r)``: its colour (AXIO-1 order).

    >>> sorted(board(new_game(seed=3)).items())[:2]
    [((-5, 0), 3), ((-5, 5), 4)]
    """
    cells = _GEOMETRY[len(state.cells)].area.cells
    return {cells[i]: colour for i, colour in enumerate(state.cells) if colour != EMPTY}


def solo_score(points: Sequence[int]) -> int:
    """The solo score (AXIO-21): the three lowest tracks, lowest first, two digits each.

    >>> solo_score((14, 30, 12, 18, 36, 20)), solo_score((5, 12, 14, 20, 20, 20))
    (121418, 51214)
    """
    low, middle, high = sorted(points)[:3]
    return low * 10_000 + middle * 100 + high


def _check_seat(state: State, seat: Seat) -> None:
    if type(seat) is not int or not 0 <= seat < len(state.racks):
        msg = f"seat {seat!r} is not in this {len(state.racks)}-player game"
        raise ValueError(msg)


def view(state: State, seat: Seat) -> View:
    """What ``seat`` may see (AXIO-22): the state without hidden parts.

    Raises:
        ValueError: if the seat is not in the game.
    """
    _check_seat(state, seat)
    return View(
        seat=seat,
        mode=state.mode,
        to_move=to_move(state),
        cells=state.cells,
        tracks=state.tracks,
        rack=state.racks[seat],
        rack_sizes=rack_sizes(state),
        bag_size=len(state.bag),
        turn=state.turn,
        bonuses=state.bonuses,
        deciding=state.deciding,
        revealed=state.revealed,
    )


# ---------------------------------------------------------------------------
# Legal moves
# ---------------------------------------------------------------------------


def _ways(tile: Tile) -> tuple[tuple[Colour, Colour], ...]:
    """The ways to lay a tile on a pair: its colours on (first cell, second cell)."""
    low, high = tile
    return ((low, high),) if low == high else ((low, high), (high, low))


_WAYS: Final[Mapping[Tile, tuple[tuple[Colour, Colour], ...]]] = {
    tile: _ways(tile) for tile in _TILES
}


def _choices(held: tuple[Tile, ...]) -> tuple[tuple[Colour, Colour], ...]:
    """The ways to lay the rack's distinct tiles on a pair, tile by tile in rack order.

    The rack is sorted, so ``dict.fromkeys`` keeps its distinct tiles in order.
    """
    return tuple(itertools.chain.from_iterable(map(_WAYS.__getitem__, dict.fromkeys(held))))


def _first_round_pairs(state: State, geometry: _Geometry) -> int:
    """The pairs allowed by AXIO-8: those next to a start cell with no neighbour filled."""
    cells = state.cells
    allowed = 0
    for near, pairs in zip(geometry.start_neighbours, geometry.start_pairs, strict=True):
        if all(cells[n] == EMPTY for n in near):
            allowed |= pairs
    return allowed


def _is_first_placement(state: State) -> bool:
    """Whether the seat to move is making its first placement of the game (AXIO-8)."""
    return state.turn < len(state.racks) and not state.bonuses and not state.deciding


# Masks of the low 2**k bits, for the search for the n-th set bit.
_LOW_BITS: Final = tuple((1 << (1 << k)) - 1 for k in range(12))


def _nth_bit(mask: int, n: int) -> int:
    """The position of the ``n``-th (from 0) set bit of ``mask``, by halving the width.

    At each step the lower half's population count says which half holds it.
    """
    position = 0
    k = max(mask.bit_length() - 1, 0).bit_length()
    while k:
        k -= 1
        low = mask & _LOW_BITS[k]
        count = low.bit_count()
        if n >= count:
            n -= count
            mask >>= 1 << k
            position += 1 << k
        else:
            mask = low
    return position


class LegalMoves(LazyMoves[Move]):
    """The legal moves of a state, as a lazy sequence: moves are built when asked for.

    The order is stable. While placing: by pair of cells (in reading order of
    the first cell, then of the second), then by tile (the rack's distinct
    tiles in sorted order), then the tile's lower colour on the first cell,
    then the reverse (a double once). While choosing to swap: :data:`KEEP`,
    then :data:`SWAP`.

    ``len()`` is *pairs x choices*; indexing decodes a position with
    ``divmod`` and a search for the pair's bit. ``in`` checks one move
    without listing the moves.
    """

    __slots__ = ("_choices", "_count", "_fixed", "_geometry", "_pairs", "_state")

    def __init__(self, state: State) -> None:
        """List the moves of ``state``."""
        index = state._index or _index(state)
        self._state = state
        self._geometry = geometry = _GEOMETRY[len(state.cells)]
        self._fixed: tuple[SwapChoice, ...] | None = None
        self._pairs = 0
        self._choices: tuple[tuple[Colour, Colour], ...] = ()
        if index.over:
            self._fixed = ()
            self._count = 0
        elif state.deciding:
            self._fixed = (KEEP, SWAP)
            self._count = 2
        else:
            pairs = index.empty
            if _is_first_placement(state):
                pairs &= _first_round_pairs(state, geometry)
            self._pairs = pairs
            self._choices = _choices(state.racks[state.seat])
            self._count = pairs.bit_count() * len(self._choices)

    def __len__(self) -> int:
        """The number of legal moves."""
        return self._count

    def _at(self, position: int) -> Move:
        """The move at ``position`` (in range)."""
        if self._fixed is not None:
            return self._fixed[position]
        rank, choice = divmod(position, len(self._choices))
        pair = _nth_bit(self._pairs, rank)
        return _fast_place(self._geometry.pair_hexes[pair], self._choices[choice])

    def __iter__(self) -> Iterator[Move]:
        """Every legal move, in order."""
        if self._fixed is not None:
            yield from self._fixed
            return
        hexes, choices = self._geometry.pair_hexes, self._choices
        mask = self._pairs
        while mask:
            low = mask & -mask
            cells = hexes[low.bit_length() - 1]
            for colours in choices:
                yield _fast_place(cells, colours)
            mask ^= low

    def __contains__(self, move: object) -> bool:
        """Whether ``move`` is a legal move of the state (without listing the moves)."""
        try:
            _checked(self._state, move)
        except _RefusalError:
            return False
        return True


def legal_moves(state: State) -> LegalMoves:
    """Every legal move of the seat to move, in the stable order of :class:`LegalMoves`.

    Empty once the game is over. Each distinct placement is listed once: two
    identical tiles in a rack give the same moves, and a double is not listed
    turned round.

    >>> state = new_game(seed=5, tiles=["RB"] * 12)
    >>> moves = legal_moves(state)
    >>> len(moves)     # 54 pairs next to the six start cells (AXIO-8), 2 ways round
    108
    >>> str(moves[0]), str(moves[1])
    ('R1,-5/B2,-5', 'B1,-5/R2,-5')
    """
    return LegalMoves(state)


# ---------------------------------------------------------------------------
# Checking a move
# ---------------------------------------------------------------------------


class _RefusalError(Exception):
    """Internal: why a move is illegal (the message of an IllegalMoveError), with the rule id."""

    def __init__(self, reason: str, rule: str) -> None:
        super().__init__(reason)
        self.reason = reason
        self.rule = rule


def _checked(state: State, move: object) -> tuple[int, Colour, Colour] | None:
    """Check a move; for a placement return ``(pair, colour on first cell, on second)``.

    Returns ``None`` for a legal swap choice.

    Raises:
        _RefusalError: if the move is illegal.
    """
    index = state._index or _index(state)
    if index.over:
        raise _RefusalError("the game is over", _end_rule(state))
    if type(move) is Place:
        if state.deciding:
            raise _RefusalError(
                f"seat {state.seat} must first choose to swap or keep its rack", "AXIO-12"
            )
        geometry = _GEOMETRY[len(state.cells)]
        pair = geometry.pair_of.get(move.cells)
        colours = move.colours
        tile = _TILE_OF.get(colours)
        if pair is None or tile is None:
            raise _RefusalError(*_shape_problem(geometry, move))
        if not index.empty >> pair & 1:
            raise _RefusalError(_filled_problem(state, geometry, pair), "AXIO-7")
        if (
            state.turn < len(state.racks)  # the first round (AXIO-8), as _is_first_placement
            and not state.bonuses
            and not _first_round_pairs(state, geometry) >> pair & 1
        ):
            raise _RefusalError(
                f"in the first round a placement must put a hex next to a start cell that "
                f"no earlier placement touched; {_free_starts(state, geometry)}",
                "AXIO-8",
            )
        if tile not in state.racks[state.seat]:
            raise _RefusalError(
                f"seat {state.seat} has no {format_tile(tile)} tile in its rack", "AXIO-7"
            )
        return pair, colours[0], colours[1]
    if type(move) is SwapChoice:
        if not state.deciding:
            raise _RefusalError(
                "no swap is offered now: the choice comes after a turn's placements, when "
                "the rack shows none of the seat's lowest colours",
                "AXIO-12",
            )
        return None
    raise _RefusalError(f"{move!r} is a {type(move).__name__}, not an AXIO move", "")


def _shape_problem(geometry: _Geometry, move: Place) -> tuple[str, str]:
    """Why a placement's cells or colours cannot be a tile on this board (AXIO-1..3, AXIO-7)."""
    for colour in move.colours:
        if not 0 <= colour < len(COLOURS):
            return f"{colour} is not a colour 0..5 ({COLOUR_LETTERS})", "AXIO-1"
    first, second = move.cells
    for cell in move.cells:
        if cell not in geometry.area:
            return (
                f"cell {cell} is outside the playing area (radius {geometry.radius})",
                "AXIO-3",
            )
    if first == second:
        return f"both hexes are on cell {first}", "AXIO-7"
    return f"cells {first} and {second} are not adjacent", "AXIO-7"


def _filled_problem(state: State, geometry: _Geometry, pair: int) -> str:
    for number in geometry.pair_cells[pair]:
        colour = state.cells[number]
        if colour != EMPTY:
            kind = "start cell" if number in geometry.start else "cell"
            return f"{kind} {geometry.area.cells[number]} already holds {COLOURS[colour]}"
    return "the cells are not empty"  # pragma: no cover (an empty pair would be listed)


def _free_starts(state: State, geometry: _Geometry) -> str:
    free = [
        f"{cell}"
        for (cell, _), near in zip(START_CELLS, geometry.start_neighbours, strict=True)
        if all(state.cells[n] == EMPTY for n in near)
    ]
    return "untouched start cells: " + ", ".join(free)


def _end_rule(state: State) -> str:
    final = _final_cap(state.mode)
    return "AXIO-14" if any(min(t) == final for t in state.tracks) else "AXIO-15"


def _turn_text(state: State) -> str:
    if is_over(state):
        return "the game is over"
    if state.deciding:
        return f"seat {state.seat} to choose: swap or keep"
    if state.bonuses:
        return f"seat {state.seat} to place a bonus tile ({state.bonuses} owed)"
    return f"seat {state.seat} to place, turn {state.turn}"


def _refused(state: State, move: object, refusal: _RefusalError) -> IllegalMoveError:
    kind = GameOverError if is_over(state) else IllegalMoveError
    written = format_move(move) if isinstance(move, (Place, SwapChoice)) else repr(move)
    return kind(written, refusal.reason, rule=refusal.rule, turn=_turn_text(state))


def why_illegal(state: State, move: Move) -> str | None:
    """``None`` if ``move`` is legal, else the reason in words with the rule id.

    >>> state = new_game(seed=1)
    >>> why_illegal(state, Place(((0, 0), (2, 0)), (RED, RED)))
    'cells (0, 0) and (2, 0) are not adjacent (AXIO-7)'
    """
    try:
        _checked(state, move)
    except _RefusalError as refusal:
        return f"{refusal.reason} ({refusal.rule})" if refusal.rule else refusal.reason
    return None


# ---------------------------------------------------------------------------
# Scoring and applying a move
# ---------------------------------------------------------------------------


def _line_points(cells: tuple[int, ...], rays: tuple[tuple[int, ...], ...], colour: int) -> int:
    """AXIO-9 for one hex: same-coloured hexes in unbroken lines along the given rays."""
    points = 0
    for ray in rays:
        for number in ray:
            if cells[number] != colour:
                break
            points += 1
    return points


def score_move(state: State, move: Move) -> Points:
    """The points per colour the move would score (AXIO-9), before the caps of AXIO-10.

    A swap choice scores nothing.

    Raises:
        IllegalMoveError: if the move is not legal.
    """
    try:
        placed = _checked(state, move)
    except _RefusalError as refusal:
        raise _refused(state, move, refusal) from None
    if placed is None:
        return _NO_POINTS
    pair, first, second = placed
    rays_first, rays_second = _GEOMETRY[len(state.cells)].rays[pair]
    points = [0, 0, 0, 0, 0, 0]
    points[first] += _line_points(state.cells, rays_first, first)
    points[second] += _line_points(state.cells, rays_second, second)
    return cast(Points, tuple(points))


def apply(state: State, move: Move) -> State:
    """Play a move: place and score (AXIO-7 .. AXIO-11), or choose to swap (AXIO-12).

    After a placement the points go to the mover's (team's) tracks, capped
    (AXIO-10, AXIO-18); each colour reaching a stage owes a bonus placement,
    made at once from the same rack (AXIO-11). When the placements end, the
    returned state asks the seat to swap or keep if AXIO-12 offers a swap;
    otherwise the rack is refilled (AXIO-13) and the turn passes to the next
    seat holding a tile. The game ends as AXIO-14, AXIO-15 and AXIO-21 say.

    Args:
        state: the state to move from; it is not changed.
        move: a legal move (see :func:`legal_moves`).

    Returns:
        The new state.

    Raises:
        GameOverError: if the game is over.
        IllegalMoveError: if the move is not legal; the message has the move in
            notation, the reason, the rule id and whose turn it is.
    """
    try:
        placed = _checked(state, move)
    except _RefusalError as refusal:
        raise _refused(state, move, refusal) from None
    if placed is None:
        return _choose(state, cast(SwapChoice, move).swap)
    return _place(state, *placed)


def _place(state: State, pair: int, first: Colour, second: Colour) -> State:
    """Apply a checked placement of ``first`` and ``second`` on the cells of ``pair``."""
    index = cast(_Index, state._index)
    cells = state.cells
    geometry = _GEOMETRY[len(cells)]
    rays_first, rays_second = geometry.rays[pair]
    # AXIO-9: five rays per hex, counted on the board before the tile (the twin is never on them).
    gained_first = 0
    for ray in rays_first:
        for number in ray:
            if cells[number] != first:
                break
            gained_first += 1
    gained_second = 0
    for ray in rays_second:
        for number in ray:
            if cells[number] != second:
                break
            gained_second += 1
    mode, seat = state.mode, state.seat
    all_tracks = state.tracks
    reached = 0
    if gained_first or gained_second:
        points = [0, 0, 0, 0, 0, 0]
        points[first] += gained_first
        points[second] += gained_second
        owner = _owner(mode, seat)
        mine, stages_reached = tracks.add_points(all_tracks[owner], points, stages=_STAGES[mode])
        reached = len(stages_reached)
        all_tracks = (*all_tracks[:owner], cast(Points, mine), *all_tracks[owner + 1 :])
    a, b = geometry.pair_cells[pair]
    filled = list(cells)
    filled[a] = first
    filled[b] = second
    empty = index.empty & ~(geometry.cell_pairs[a] | geometry.cell_pairs[b])
    racks = state.racks
    held = list(racks[seat])
    held.remove(_TILE_OF[first, second])
    bag = state.bag
    bonuses = (state.bonuses - 1 if state.bonuses else 0) + reached
    turn = state.turn
    deciding = False
    final = _FINAL[mode]
    if not empty or (reached and min(all_tracks[_owner(mode, seat)]) == final):
        over = True  # AXIO-15 (no pair left) or AXIO-14 (all tracks at the final cap)
        bonuses = 0
    elif mode == _SOLO:
        # AXIO-20: the rack holds one tile; a bonus placement and the next turn alike
        # draw one tile. An empty bag ends the game (AXIO-21).
        held = list(bag[:1])
        bag = bag[1:]
        over = not held
        if over:
            bonuses = 0
        elif not bonuses:
            turn += 1
    elif bonuses and held:  # AXIO-11: place a bonus tile from the same rack, no refill
        over = False
    else:  # the turn's placements are over (a bonus with an empty rack is forfeit)
        bonuses = 0
        over = False
        if held and bag and _swap_offered(all_tracks[_owner(mode, seat)], held):
            deciding = True
        else:
            take = RACK_SIZE - len(held)
            held.extend(bag[:take])
            bag = bag[take:]
            held.sort()
            racks = (*racks[:seat], tuple(held), *racks[seat + 1 :])
            return _pass_turn(state, filled, all_tracks, racks, bag, empty, turn)
    held.sort()
    after = State(
        mode=mode,
        cells=tuple(filled),
        tracks=all_tracks,
        racks=(*racks[:seat], tuple(held), *racks[seat + 1 :]),
        bag=bag,
        seat=seat,
        turn=turn,
        bonuses=bonuses,
        deciding=deciding,
        revealed=(),
        seed=state.seed,
    )
    _set_slot(after, "_index", _Index(empty, over))
    return after


_STAGES: Final = {mode: _stages(mode) for mode in MODES}
_FINAL: Final = {mode: _final_cap(mode) for mode in MODES}


def _swap_offered(track: Points, held: Sequence[Tile]) -> bool:
    """AXIO-12: whether the rack shows none of the lowest colours (all tied colours count).

    A tile shows a lowest colour when the track of either of its colours is at the minimum.
    """
    low = min(track)
    return all(track[first] != low and track[second] != low for first, second in held)


def _pass_turn(
    state: State,
    cells: list[int],
    all_tracks: tuple[Points, ...],
    racks: tuple[tuple[Tile, ...], ...],
    bag: tuple[Tile, ...],
    empty: int,
    turn: int,
    *,
    revealed: tuple[Tile, ...] = (),
    seed: int | None = None,
) -> State:
    """End the turn (the mover's rack already refilled): the next seat holding a tile moves."""
    count = len(racks)
    seat = state.seat
    over = True
    for step in range(1, count + 1):
        following = (seat + step) % count
        if racks[following]:
            seat, over = following, False
            break
    after = State(
        mode=state.mode,
        cells=tuple(cells),
        tracks=all_tracks,
        racks=racks,
        bag=bag,
        seat=seat,
        turn=turn if over else turn + 1,
        bonuses=0,
        deciding=False,
        revealed=revealed,
        seed=state.seed if seed is None else seed,
    )
    _set_slot(after, "_index", _Index(empty, over))
    return after


def _choose(state: State, swap: bool) -> State:
    """Apply a checked swap choice (AXIO-12), refill the rack (AXIO-13) and pass the turn."""
    seat = state.seat
    held = state.racks[seat]
    bag = state.bag
    seed = state.seed
    revealed: tuple[Tile, ...] = ()
    if swap:
        # Set the rack aside, refill from the bag, then the set-aside tiles go back and
        # the bag is reshuffled from the state's seed.
        take = min(RACK_SIZE, len(bag))
        new, rest = bag[:take], bag[take:]
        bag, seed = rng.shuffled(seed, rest + held)
        revealed = held
        held = new
    else:
        take = RACK_SIZE - len(held)
        held, bag = held + bag[:take], bag[take:]
    racks = (*state.racks[:seat], tuple(sorted(held)), *state.racks[seat + 1 :])
    return _pass_turn(
        state,
        list(state.cells),
        state.tracks,
        racks,
        bag,
        cast(_Index, state._index).empty,
        state.turn,
        revealed=revealed,
        seed=seed,
    )


# ---------------------------------------------------------------------------
# The result (AXIO-14 .. AXIO-16, AXIO-21)
# ---------------------------------------------------------------------------


def outcome(state: State) -> Outcome | None:
    """The result once the game is over, else ``None``.

    Seats are ranked by their six scores sorted ascending, compared
    lexicographically, higher first; identical sorted scores share a place
    (AXIO-16); partners share their team's place. The scores are each seat's
    tracks (:func:`scores`); in solo the score is :func:`solo_score`, an int.
    """
    if not is_over(state):
        return None
    mode = state.mode
    final = _final_cap(mode)
    winner = next((o for o, t in enumerate(state.tracks) if min(t) == final), None)
    if winner is not None:
        who = {_TEAM: f"team {'AB'[winner]}", _SOLO: "the solo player"}.get(mode, f"seat {winner}")
        reason = f"AXIO-14: {who} has all six colours at {final} and wins at once"
    elif not _index(state).empty:
        reason = "AXIO-15: no two adjacent empty cells remain"
    elif mode == _SOLO:
        reason = "AXIO-21: the bag and the rack are empty"
    else:
        reason = "AXIO-15: no player has a tile left"
    if mode == _SOLO:
        return Outcome(scores=(solo_score(state.tracks[0]),), ranking=[{0}], reason=reason)
    per_seat = scores(state)
    return Outcome(scores=per_seat, ranking=tracks.rank_lowest_colour(per_seat), reason=reason)


# ---------------------------------------------------------------------------
# Notation
# ---------------------------------------------------------------------------


def format_tile(tile: Tile) -> str:
    """A tile as two colour letters, lower colour first.

    >>> format_tile((RED, PURPLE)), format_tile((BLUE, BLUE))
    ('RP', 'BB')
    """
    return _LETTER.get(tile[0], "?") + _LETTER.get(tile[1], "?")


def parse_tile(text: str) -> Tile:
    """Read a tile written as two colour letters of :data:`COLOUR_LETTERS`, in either order.

    >>> parse_tile("pr"), parse_tile("BB")
    ((0, 5), (2, 2))

    Raises:
        NotationError: if the text is not two colour letters.
    """
    written = text.strip().upper() if isinstance(text, str) else ""
    if len(written) != 2 or any(letter not in COLOUR_LETTERS for letter in written):
        msg = f"a tile is two letters of {COLOUR_LETTERS}, such as 'RB' or 'YY', not {text!r}"
        raise NotationError(msg)
    return _TILE_OF[COLOUR_LETTERS.index(written[0]), COLOUR_LETTERS.index(written[1])]


def format_move(move: Move) -> str:
    """Write a move: ``Cq,r/Cq,r`` for a placement, ``swap`` or ``keep`` for a swap choice.

    A placement gives each hex's colour letter and cell, in reading order.

    >>> format_move(Place(((-1, 2), (0, 2)), (GREEN, YELLOW)))
    'G-1,2/Y0,2'
    >>> format_move(SWAP), format_move(KEEP)
    ('swap', 'keep')
    """
    if type(move) is SwapChoice:
        return "swap" if move.swap else "keep"
    place = cast(Place, move)
    (q0, r0), (q1, r1) = place.cells
    c0, c1 = place.colours
    return f"{_LETTER.get(c0, str(c0))}{q0},{r0}/{_LETTER.get(c1, str(c1))}{q1},{r1}"


_HEX_TEXT: Final = r"\s*([A-Za-z])\s*([+-]?\d+)\s*,\s*([+-]?\d+)\s*"
_PLACEMENT: Final = re.compile(_HEX_TEXT + "/" + _HEX_TEXT)


def parse_move(text: str, state: State | None = None) -> Move:
    """Read a move written as by :func:`format_move`.

    Spaces are ignored, letters may be lower case, and the two hexes of a
    placement may come in either order. The notation needs no context;
    ``state`` is accepted for the common API (:class:`~tilegames.Rules`).
    Whether the move is legal is for :func:`why_illegal` to say.

    >>> parse_move("B1,0 / r0,0")
    Place(cells=((0, 0), (1, 0)), colours=(0, 2))
    >>> parse_move(" Keep ")
    SwapChoice(swap=False)

    Raises:
        NotationError: saying what is wrong with the text.
    """
    given: object = text
    if not isinstance(given, str):
        msg = f"a move is written as text, not {type(given).__name__} {given!r}"
        raise NotationError(msg)
    written = given.strip().lower()
    if written in ("swap", "keep"):
        return SWAP if written == "swap" else KEEP
    match = _PLACEMENT.fullmatch(text)
    if match is None:
        msg = (
            f"{text!r} is not a move: write a placement as colour letter and q,r for each "
            "hex, such as 'R0,0/B1,0', or 'swap' or 'keep'"
        )
        raise NotationError(msg)
    l0, q0, r0, l1, q1, r1 = match.groups()
    colours = []
    for letter in (l0, l1):
        if letter.upper() not in COLOUR_LETTERS:
            msg = f"{letter!r} in {text!r} is not a colour letter of {COLOUR_LETTERS}"
            raise NotationError(msg)
        colours.append(COLOUR_LETTERS.index(letter.upper()))
    return Place(((int(q0), int(r0)), (int(q1), int(r1))), (colours[0], colours[1]))


# ---------------------------------------------------------------------------
# Plain-text picture
# ---------------------------------------------------------------------------


def render_text(position: State | View) -> str:
    """Draw the board as offset rows of colour letters, then the scores and whose turn it is.

    Each row ``r`` lists its cells from west to east, one letter per hex
    (``.`` for an empty cell, lower case for a printed start cell), shifted
    half a hex per row as the hexes lie. The first cell of row ``r`` has
    ``q = max(-R, -R - r)`` for the area's radius ``R``. A view also shows
    its seat's rack.

    >>> print(render_text(new_game(players=2, seed=0)))
     -5      b . . . . g
     -4     . . . . . . .
     -3    . . . . . . . .
     -2   . . . . . . . . .
     -1  . . . . . . . . . .
      0 o . . . . . . . . . r
      1  . . . . . . . . . .
      2   . . . . . . . . .
      3    . . . . . . . .
      4     . . . . . . .
      5      y . . . . p
              R  G  B  O  Y  P  rack
    seat 0    0  0  0  0  0  0     6  to move
    seat 1    0  0  0  0  0  0     6
    bag: 108 tiles
    """
    geometry = _GEOMETRY[len(position.cells)]
    radius = geometry.radius
    starts = set(geometry.start)
    lines: list[str] = []
    number = 0
    for r in range(-radius, radius + 1):
        width = 2 * radius + 1 - abs(r)
        letters = []
        for _ in range(width):
            colour = position.cells[number]
            letter = "." if colour == EMPTY else COLOUR_LETTERS[colour]
            letters.append(letter.lower() if number in starts else letter)
            number += 1
        lines.append(f"{r:>3} " + " " * abs(r) + " ".join(letters))
    if isinstance(position, View):
        sizes, bag, moving = position.rack_sizes, position.bag_size, position.to_move
    else:
        sizes, bag, moving = rack_sizes(position), len(position.bag), to_move(position)
    lines.append("          " + "  ".join(COLOUR_LETTERS) + "  rack")
    team = position.mode == _TEAM
    for seat, (track, size) in enumerate(zip(scores(position), sizes, strict=True)):
        name = f"seat {seat}" + (f" {'AB'[seat % 2]}" if team else "  ")
        row = name + "".join(f"{value:>3}" for value in track) + f"{size:>6}"
        lines.append(row + ("  to move" if seat in moving else ""))
    lines.append(f"bag: {bag} tiles")
    if position.bonuses:
        lines.append(f"bonus placement ({position.bonuses} owed, AXIO-11)")
    if position.deciding and moving:
        lines.append(f"seat {moving[0]} chooses: swap or keep (AXIO-12)")
    if position.revealed:
        shown = " ".join(map(format_tile, position.revealed))
        lines.append(f"swapped and returned to the bag: {shown}")
    if position.mode == _SOLO:
        lines.append(f"solo score: {solo_score(position.tracks[0]):06d}")
    if not moving:
        lines.append("game over")
    if isinstance(position, View):
        held = " ".join(map(format_tile, position.rack)) or "nothing"
        lines.append(f"seat {position.seat} holds {held}")
    return "\n".join(lines)


# ---------------------------------------------------------------------------
# For agents: a rating of moves and states sampled from a view
# ---------------------------------------------------------------------------

_BONUS_VALUE: Final = 6.0  # what a bonus placement (AXIO-11) is worth to evaluate


def evaluate(state: State, move: Move, seat: Seat) -> float:
    """How good ``move`` looks for ``seat`` right now: points weighed towards the lowest colours.

    A player (a team) is ranked by the lowest colour first (AXIO-16), so a
    point counts for more on a low track: the rating is the fall, over the
    six colours, of the squared distance to the final cap (divided by it),
    the points capped as :func:`apply` caps them, plus 6 for every colour
    that reaches a cap and earns a bonus placement (AXIO-11). A swap choice
    rates 0. The agents of :mod:`tilegames.agents` use it through :data:`RULES`.

    >>> state = new_game(seed=1)
    >>> max(evaluate(state, move, 0) for move in legal_moves(state)) > 0
    True
    """
    points = score_move(state, move)
    if not any(points):
        return 0.0
    mode = state.mode
    final = _FINAL[mode]
    value = 0.0
    for old, gained in zip(state.tracks[_owner(mode, seat)], points, strict=True):
        cap = next((stage for stage in _STAGES[mode] if old < stage), final)
        new = min(cap, old + gained)
        value += ((final - old) ** 2 - (final - new) ** 2) / final
        if new == cap > old:
            value += _BONUS_VALUE
    return value


def determinize(seen: View, stream: rng.Stream) -> State:
    """A state that ``seen`` cannot tell from the true one, the hidden tiles dealt at random.

    The board, tracks, turn, the seat's own rack and any revealed tiles are
    copied from the view. The other tiles of the standard set (AXIO-2) are
    split at random between the board and the rest: the board keeps colours,
    not which two cells made a tile, so the board's share is a random set of
    tiles whose colours add up to the placed hexes exactly. The rest is dealt
    to the other racks and the bag in the sizes the view shows, the revealed
    tiles of a swap in the bag (they went back, AXIO-12); while another seat
    decides on a swap, its rack shows none of its lowest colours, as the
    offer tells everyone. The seed of a later reshuffle is drawn too. The view
    does not show a custom set; its hidden tiles are then guessed from the
    standard set. Only the view is read.

    >>> state = new_game(players=3, seed=4)
    >>> sample = determinize(view(state, 1), rng.Stream(2))
    >>> view(sample, 1) == view(state, 1)
    True
    """
    pool = list(STANDARD_TILES)
    for tile in (*seen.rack, *seen.revealed):
        if tile in pool:
            pool.remove(tile)
    needed = [0] * len(COLOURS)
    initial = _GEOMETRY[len(seen.cells)].initial_cells
    for colour, printed in zip(seen.cells, initial, strict=True):
        if colour != EMPTY and printed == EMPTY:
            needed[colour] += 1
    board = _board_tiles(pool, needed, stream)
    for tile in board:
        pool.remove(tile)
    mover = seen.to_move[0] if seen.to_move else seen.seat
    hidden = sum(seen.rack_sizes) - len(seen.rack) + seen.bag_size - len(seen.revealed)
    others = [seat for seat in range(len(seen.rack_sizes)) if seat != seen.seat]
    for _ in range(_DEAL_ATTEMPTS):
        rest = list(stream.shuffled(pool))
        del rest[hidden:]
        while len(rest) < hidden:  # a custom set larger than the standard one
            rest.append(stream.choice(STANDARD_TILES))
        racks = [seen.rack] * len(seen.rack_sizes)
        for seat in others:
            size = seen.rack_sizes[seat]
            racks[seat] = tuple(sorted(rest[:size]))
            del rest[:size]
        track = seen.tracks[_owner(seen.mode, mover)]
        if not seen.deciding or mover == seen.seat or _swap_offered(track, racks[mover]):
            break
    bag = list(stream.shuffled([*rest, *seen.revealed]))
    return State(
        mode=seen.mode,
        cells=seen.cells,
        tracks=seen.tracks,
        racks=tuple(racks),
        bag=tuple(bag),
        seat=mover,
        turn=seen.turn,
        bonuses=seen.bonuses,
        deciding=seen.deciding,
        revealed=seen.revealed,
        seed=stream.randbelow(1 << rng.SEED_BITS),
    )


_DEAL_ATTEMPTS: Final = 1000
"""Random deals tried for a rack that must show none of its seat's lowest colours."""


def _board_tiles(pool: Sequence[Tile], needed: Sequence[int], stream: rng.Stream) -> list[Tile]:
    """A random multiset of tiles from ``pool`` whose colours add up to ``needed`` exactly.

    A depth-first search that decides, kind by kind in a random order, how
    many tiles of that kind lie on the board (the counts tried in a random
    order too), and backs off as soon as the kinds left cannot supply a
    colour's remaining hexes. The true board is one answer, so for the
    standard set an answer exists; for a custom set that has none, no tile
    is put on the board.
    """
    counts: dict[Tile, int] = {}
    for tile in pool:
        counts[tile] = counts.get(tile, 0) + 1
    kinds = list(stream.shuffled(sorted(counts)))
    colours = len(needed)
    # supply[i][c]: the hexes of colour c that kinds i, i + 1, ... could give at most
    supply = [[0] * colours for _ in range(len(kinds) + 1)]
    for i in range(len(kinds) - 1, -1, -1):
        supply[i] = list(supply[i + 1])
        for colour in kinds[i]:
            supply[i][colour] += counts[kinds[i]]
    need = list(needed)
    chosen: list[Tile] = []

    def search(i: int) -> bool:
        if not any(need):
            return True
        if i == len(kinds) or any(n > a for n, a in zip(need, supply[i], strict=True)):
            return False
        tile = kinds[i]
        first, second = tile
        most = min(counts[tile], need[first] // 2 if first == second else need[first])
        if first != second:
            most = min(most, need[second])
        for take in stream.shuffled(range(most + 1)):
            need[first] -= take
            need[second] -= take
            chosen.extend([tile] * take)
            if search(i + 1):
                return True
            del chosen[len(chosen) - take :]
            need[first] += take
            need[second] += take
        return False

    search(0)
    return chosen


# ---------------------------------------------------------------------------
# Checking a state, view or outcome made outside the rules (from JSON, by hand)
# ---------------------------------------------------------------------------


def _invalid(where: str, problem: str) -> InvalidStateError:
    return InvalidStateError(f"{where}: {problem}")


def _check_seat_count(where: str, per_seat: object) -> int:
    """Check a tuple with one entry per seat; return the number of seats (AXIO-3)."""
    if type(per_seat) is not tuple or not 1 <= len(per_seat) <= len(_RADIUS):
        count = len(per_seat) if type(per_seat) is tuple else per_seat
        raise _invalid(where, f"{count!r} seats; AXIO is for 1 to {len(_RADIUS)} players")
    return len(per_seat)


def _check_mode(where: str, mode: object, seats: int) -> str:
    """Check the variant and that it allows ``seats`` players (AXIO-3, AXIO-17, AXIO-20)."""
    if type(mode) is not str or mode not in MODES:
        raise _invalid(where, f"{mode!r} is not one of {', '.join(map(repr, MODES))}")
    if not _players_fit(mode, seats):
        need = {_STANDARD: "2 to 4 players", _TEAM: "4 players", _SOLO: "1 player"}[mode]
        raise _invalid(
            where, f"a {mode} game is for {need}, not {seats} (AXIO-3, AXIO-17, AXIO-20)"
        )
    return mode


def _check_tracks(where: str, all_tracks: object, mode: str, seats: int) -> tuple[Points, ...]:
    """One track per colour for each seat (each team), within the mode's cap (AXIO-5)."""
    owners = 2 if mode == _TEAM else seats
    if type(all_tracks) is not tuple or len(all_tracks) != owners:
        count = len(all_tracks) if type(all_tracks) is tuple else all_tracks
        whose = "one per team (AXIO-17)" if mode == _TEAM else "one per seat (AXIO-5)"
        raise _invalid(where, f"{count!r} sets of tracks; this game has {owners}, {whose}")
    final = _final_cap(mode)
    for owner, track in enumerate(all_tracks):
        if type(track) is not tuple or len(track) != len(COLOURS):
            raise _invalid(f"{where}[{owner}]", f"{track!r} is not 6 track values (AXIO-5)")
        for colour, value in enumerate(track):
            if type(value) is not int or not 0 <= value <= final:
                raise _invalid(
                    f"{where}[{owner}][{colour}]",
                    f"{value!r} is off the track: {mode} tracks run 0..{final} "
                    "(AXIO-5, AXIO-10, AXIO-18)",
                )
    return cast(tuple[Points, ...], all_tracks)


def _check_cells(where: str, cells: object, seats: int) -> tuple[_Geometry, list[int]]:
    """Check the board (AXIO-3, AXIO-4, AXIO-7); return its geometry and placed hexes by colour.

    A placed hex is a coloured cell that is not a start cell; each lies next
    to another placed hex, its tile's twin.
    """
    geometry = _GEOMETRY_BY_RADIUS[_RADIUS[seats]]
    area = geometry.area
    if type(cells) is not tuple or len(cells) != area.size:
        count = len(cells) if type(cells) is tuple else cells
        raise _invalid(
            where,
            f"{count!r} cells; the playing area of a {seats}-player game has {area.size} "
            f"(radius {geometry.radius}, AXIO-3)",
        )
    for number, colour in enumerate(cells):
        if type(colour) is not int or not EMPTY <= colour < len(COLOURS):
            raise _invalid(
                f"{where}[{number}]", f"{colour!r} is not a colour 0..5 or EMPTY (-1) (AXIO-1)"
            )
    board_cells = cast(tuple[int, ...], cells)
    for number, (cell, colour) in zip(geometry.start, START_CELLS, strict=True):
        if board_cells[number] != colour:
            raise _invalid(
                f"{where}[{number}]",
                f"start cell {cell} must hold {COLOURS[colour]} ({colour}), "
                f"not {board_cells[number]} (AXIO-4)",
            )
    starts = set(geometry.start)
    placed = [0] * len(COLOURS)
    for number, colour in enumerate(board_cells):
        if colour == EMPTY or number in starts:
            continue
        placed[colour] += 1
        if not any(
            n >= 0 and n not in starts and board_cells[n] != EMPTY for n in area.neighbours[number]
        ):
            raise _invalid(
                f"{where}[{number}]",
                f"cell {area.cells[number]} holds a hex with no placed hex next to it, but "
                "a tile's two hexes lie on adjacent cells (AXIO-7)",
            )
    return geometry, placed


def _check_tile_tuple(where: str, tiles: object, *, ordered: bool = False) -> tuple[Tile, ...]:
    """A tuple of tiles (AXIO-2), sorted when ``ordered``."""
    if type(tiles) is not tuple:
        raise _invalid(where, f"expected a tuple of tiles, got {tiles!r}")
    for i, tile in enumerate(tiles):
        if (
            type(tile) is not tuple
            or len(tile) != 2
            or type(tile[0]) is not int
            or type(tile[1]) is not int
            or tile not in _TILES
        ):
            raise _invalid(
                f"{where}[{i}]", f"{tile!r} is not a tile: two colours 0..5, lower first (AXIO-2)"
            )
    checked = cast(tuple[Tile, ...], tiles)
    if ordered and list(checked) != sorted(checked):
        raise _invalid(where, "the tiles are not in sorted order")
    return checked


def _check_rack_size(where: str, size: int, mode: str) -> None:
    most = _rack_size(mode)
    if size > most:
        raise _invalid(
            where, f"{size} tiles; a {mode} rack holds at most {most} (AXIO-6, AXIO-13, AXIO-20)"
        )


def _check_number(where: str, value: object, *, most: int | None = None) -> int:
    """An int of at least 0 (and at most ``most``)."""
    if type(value) is not int or value < 0 or (most is not None and value > most):
        bound = "at least 0" if most is None else f"0..{most}"
        raise _invalid(where, f"{value!r} is not an int {bound}")
    return value


def _set_counts(tiles: Iterable[Tile | str] | None) -> dict[Tile, int]:
    """The set's tiles (:data:`STANDARD_TILES`, or ``tiles``), each with its number of copies."""
    counts: dict[Tile, int] = {}
    for tile in STANDARD_TILES if tiles is None else _check_tiles(tiles, 1):
        counts[tile] = counts.get(tile, 0) + 1
    return counts


def _take_tiles(where: str, counts: dict[Tile, int], tiles: Sequence[Tile]) -> None:
    """Take each tile from the set's counts; a tile not left there is an error (AXIO-2)."""
    for i, tile in enumerate(tiles):
        left = counts.get(tile, 0)
        if not left:
            problem = (
                "appears more often than the set holds it"
                if tile in counts
                else "is not in the set"
            )
            raise _invalid(f"{where}[{i}]", f"tile {format_tile(tile)} {problem} (AXIO-2)")
        counts[tile] = left - 1


def _hexes_of(counts: Mapping[Tile, int]) -> list[int]:
    """The number of hexes of each colour on the tiles of ``counts``."""
    hexes = [0] * len(COLOURS)
    for (low, high), copies in counts.items():
        hexes[low] += copies
        hexes[high] += copies
    return hexes


def _check_placed_tiles(where: str, placed: Sequence[int], rest: Mapping[Tile, int]) -> None:
    """The placed hexes are exactly the hexes of ``rest``, the tiles held nowhere else (AXIO-2)."""
    tiles_left = sum(rest.values())
    shown = sum(placed)
    if shown < 2 * tiles_left:
        missing = (2 * tiles_left - shown + 1) // 2
        raise _invalid(
            where,
            f"{missing} tiles of the set are nowhere: {tiles_left} tiles are in no rack and "
            f"not in the bag, so {2 * tiles_left} hexes should be placed, but the board "
            f"shows {shown} (AXIO-2)",
        )
    if shown > 2 * tiles_left:
        raise _invalid(
            where,
            f"the board shows {shown} placed hexes, but the {tiles_left} tiles of the set "
            f"in no rack and not in the bag have only {2 * tiles_left} (AXIO-2)",
        )
    due = _hexes_of(rest)
    for colour, (count, expected) in enumerate(zip(placed, due, strict=True)):
        if count != expected:
            raise _invalid(
                f"{where}.cells",
                f"{count} {COLOURS[colour]} hexes are placed, but the tiles in no rack and "
                f"not in the bag have {expected} (AXIO-2)",
            )


def _stages_reached(track: Points, mode: str) -> int:
    """How many stages (AXIO-11, AXIO-18) the colours of ``track`` have reached in all."""
    return sum(value >= stage for value in track for stage in _STAGES[mode])


def _check_flow(
    where: str,
    mode: str,
    all_tracks: tuple[Points, ...],
    *,
    mover: Seat | None,
    sizes: Sequence[int],
    held: tuple[Tile, ...] | None,
    bag_size: int,
    turn: int,
    bonuses: int,
    deciding: bool,
    revealed: tuple[Tile, ...],
    placed_tiles: int,
    pairs_left: bool,
) -> None:
    """Whose turn it is, bonuses, the swap choice and the revealed tiles agree (AXIO-6..15).

    ``mover`` is the seat to move, ``None`` once the game is over; ``held``
    its rack when known; ``pairs_left`` whether two adjacent cells are empty.
    """
    final = _final_cap(mode)
    done = {owner for owner, track in enumerate(all_tracks) if min(track) == final}
    if len(done) > 1:
        raise _invalid(
            f"{where}.tracks",
            f"{len(done)} players (teams) have all six colours at {final}, but the first to "
            "get there wins at once (AXIO-14)",
        )
    if placed_tiles < turn:
        raise _invalid(
            f"{where}.turn",
            f"turn {turn} is under way after {placed_tiles} placements, but every turn "
            "places a tile (AXIO-7)",
        )
    if not any(sizes) and bag_size and pairs_left and not done:
        raise _invalid(
            f"{where}.bag",
            f"no rack holds a tile but the bag holds {bag_size}: racks are refilled from "
            "the bag until the game ends (AXIO-13)",
        )
    if mover is None:
        for name, value in (("bonuses", bonuses), ("deciding", deciding), ("revealed", revealed)):
            if value:
                raise _invalid(
                    f"{where}.{name}",
                    f"{value!r}, but the game is over (AXIO-14, AXIO-15, AXIO-21)",
                )
        return
    if not sizes[mover]:
        raise _invalid(f"{where}.seat", f"seat {mover} is to move but holds no tile (AXIO-15)")
    if all(sizes) and mover != turn % len(sizes):
        raise _invalid(
            f"{where}.seat",
            f"seat {mover} cannot be on turn {turn}: while every rack holds tiles, seats "
            "take turns in order from seat 0 (AXIO-6)",
        )
    track = all_tracks[_owner(mode, mover)]
    if bonuses > _stages_reached(track, mode):
        raise _invalid(
            f"{where}.bonuses",
            f"{bonuses} bonus placements owed, but the seat's colours have reached "
            f"{_stages_reached(track, mode)} stages, each earning one (AXIO-11, AXIO-18)",
        )
    if bonuses and mode != _SOLO and sizes[mover] >= RACK_SIZE:
        raise _invalid(
            f"{where}.bonuses",
            f"a bonus placement is owed, but seat {mover}'s rack is full: it is not refilled "
            "before its bonus placements (AXIO-11)",
        )
    if deciding:
        if bonuses:
            raise _invalid(
                f"{where}.deciding",
                "the seat owes bonus placements, but the swap choice comes after the turn's "
                "placements (AXIO-11, AXIO-12)",
            )
        if mode == _SOLO:
            raise _invalid(
                f"{where}.deciding", "the solo player is never offered a swap (AXIO-20)"
            )
        if not 0 < sizes[mover] < RACK_SIZE or not bag_size:
            raise _invalid(
                f"{where}.deciding",
                f"a swap is offered after a placement, with tiles left in the rack and in "
                f"the bag, but the rack holds {sizes[mover]} and the bag {bag_size} (AXIO-12)",
            )
        if held is not None and not _swap_offered(track, held):
            raise _invalid(
                f"{where}.deciding",
                f"seat {mover}'s rack shows one of its lowest colours, so no swap is offered "
                "(AXIO-12)",
            )
    if revealed:
        if mode == _SOLO or deciding or bonuses:
            raise _invalid(
                f"{where}.revealed",
                "tiles are revealed by a swap, which ends a turn: never in solo, never while "
                "choosing or owing a bonus (AXIO-12, AXIO-20)",
            )
        if len(revealed) >= RACK_SIZE or len(revealed) > bag_size:
            raise _invalid(
                f"{where}.revealed",
                f"{len(revealed)} tiles were set aside after a placement and returned to a "
                f"bag of {bag_size} (AXIO-12)",
            )


def _validate_state(state: State, tiles: Iterable[Tile | str] | None) -> None:
    seats = _check_seat_count("State.racks", state.racks)
    mode = _check_mode("State.mode", state.mode, seats)
    all_tracks = _check_tracks("State.tracks", state.tracks, mode, seats)
    geometry, placed = _check_cells("State.cells", state.cells, seats)
    racks = [
        _check_tile_tuple(f"State.racks[{s}]", held, ordered=True)
        for s, held in enumerate(state.racks)
    ]
    for s, held in enumerate(racks):
        _check_rack_size(f"State.racks[{s}]", len(held), mode)
    bag = _check_tile_tuple("State.bag", state.bag)
    revealed = _check_tile_tuple("State.revealed", state.revealed, ordered=True)
    seat = _check_number("State.seat", state.seat, most=seats - 1)
    turn = _check_number("State.turn", state.turn)
    bonuses = _check_number("State.bonuses", state.bonuses)
    if type(state.deciding) is not bool:
        raise _invalid("State.deciding", f"{state.deciding!r} is not a bool")
    _check_number("State.seed", state.seed, most=(1 << rng.SEED_BITS) - 1)
    counts = _set_counts(tiles)
    for s, held in enumerate(racks):
        _take_tiles(f"State.racks[{s}]", counts, held)
    _take_tiles("State.bag", counts, bag)
    _check_placed_tiles("State", placed, counts)
    for i, tile in enumerate(revealed):
        if revealed.count(tile) > bag.count(tile):
            raise _invalid(
                f"State.revealed[{i}]",
                f"tile {format_tile(tile)} was set aside in a swap and returned to the bag, "
                "but the bag does not hold it (AXIO-12)",
            )
    empty = _empty_pairs(geometry, state.cells)
    over = _ends(state, empty)
    for owner, track in enumerate(all_tracks):
        if min(track) == _final_cap(mode) and owner != _owner(mode, seat):
            who = f"team {'AB'[owner]}" if mode == _TEAM else f"seat {owner}"
            raise _invalid(
                "State.seat",
                f"{seat}, but the game ended when {who} got all six colours to the end of the "
                "track, so it moved last (AXIO-14)",
            )
    _check_flow(
        "State",
        mode,
        all_tracks,
        mover=None if over else seat,
        sizes=[len(held) for held in racks],
        held=racks[seat],
        bag_size=len(bag),
        turn=turn,
        bonuses=bonuses,
        deciding=state.deciding,
        revealed=revealed,
        placed_tiles=sum(placed) // 2,
        pairs_left=bool(empty),
    )
    _check_state(state)  # the checks of a hand-made state's index, as a last guard


def _validate_view(seen: View, tiles: Iterable[Tile | str] | None) -> None:
    seats = _check_seat_count("View.rack_sizes", seen.rack_sizes)
    mode = _check_mode("View.mode", seen.mode, seats)
    all_tracks = _check_tracks("View.tracks", seen.tracks, mode, seats)
    geometry, placed = _check_cells("View.cells", seen.cells, seats)
    seat = _check_number("View.seat", seen.seat, most=seats - 1)
    sizes = [
        _check_number(f"View.rack_sizes[{s}]", size, most=_rack_size(mode))
        for s, size in enumerate(seen.rack_sizes)
    ]
    held = _check_tile_tuple("View.rack", seen.rack, ordered=True)
    if len(held) != sizes[seat]:
        raise _invalid(
            "View.rack", f"{len(held)} tiles, but rack_sizes[{seat}] says {sizes[seat]}"
        )
    bag_size = _check_number("View.bag_size", seen.bag_size)
    revealed = _check_tile_tuple("View.revealed", seen.revealed, ordered=True)
    turn = _check_number("View.turn", seen.turn)
    bonuses = _check_number("View.bonuses", seen.bonuses)
    if type(seen.deciding) is not bool:
        raise _invalid("View.deciding", f"{seen.deciding!r} is not a bool")
    moving = seen.to_move
    if type(moving) is not tuple or len(moving) > 1:
        raise _invalid("View.to_move", f"{moving!r} is not () or (seat,)")
    mover = _check_number("View.to_move[0]", moving[0], most=seats - 1) if moving else None
    counts = _set_counts(tiles)
    set_size = sum(counts.values())
    _take_tiles("View.rack", counts, held)
    _take_tiles("View.revealed", counts, revealed)
    due = _hexes_of(counts)
    for colour, (count, most) in enumerate(zip(placed, due, strict=True)):
        if count > most:
            raise _invalid(
                "View.cells",
                f"{count} {COLOURS[colour]} hexes are placed, but the set has {most} outside "
                "this seat's rack and the revealed tiles (AXIO-2)",
            )
    if sum(placed) % 2 or sum(placed) // 2 + sum(sizes) + bag_size != set_size:
        raise _invalid(
            "View.bag_size",
            f"{bag_size}: with {sum(placed)} placed hexes and {sum(sizes)} tiles in the racks, "
            f"the bag must hold the rest of a set of {set_size} tiles (AXIO-2)",
        )
    empty = _empty_pairs(geometry, seen.cells)
    final = _final_cap(mode)
    over = not empty or not any(sizes) or any(min(track) == final for track in all_tracks)
    if over != (mover is None):
        state_of = "over" if over else "not over"
        raise _invalid(
            "View.to_move", f"{moving!r}, but the game is {state_of} (AXIO-14, AXIO-15)"
        )
    _check_flow(
        "View",
        mode,
        all_tracks,
        mover=mover,
        sizes=sizes,
        held=held if mover == seat else None,
        bag_size=bag_size,
        turn=turn,
        bonuses=bonuses,
        deciding=seen.deciding,
        revealed=revealed,
        placed_tiles=sum(placed) // 2,
        pairs_left=bool(empty),
    )


def _is_solo_score(score: int) -> bool:
    """Whether ``score`` is three tracks 0..36 written lowest first, two digits each (AXIO-21)."""
    low, middle, high = score // 10_000, score // 100 % 100, score % 100
    return score >= 0 and low <= middle <= high <= TEAM_CAP


def _validate_outcome(result: Outcome) -> None:
    scores = result.scores
    count = _check_seat_count("Outcome.scores", scores)
    if count == 1:
        (score,) = scores
        if type(score) is not int or not _is_solo_score(score):
            raise _invalid(
                "Outcome.scores[0]",
                f"{score!r} is not a solo score: the three lowest tracks (0..{TEAM_CAP}), lowest "
                "first, two digits each (AXIO-21)",
            )
        return
    team = count == 4 and scores[0] == scores[2] and scores[1] == scores[3]
    cap = TEAM_CAP if team else TRACK_CAP
    for seat, track in enumerate(scores):
        if type(track) is not tuple or len(track) != len(COLOURS):
            raise _invalid(f"Outcome.scores[{seat}]", f"{track!r} is not 6 track values (AXIO-5)")
        for colour, value in enumerate(track):
            if type(value) is not int or not 0 <= value <= cap:
                raise _invalid(
                    f"Outcome.scores[{seat}][{colour}]",
                    f"{value!r} is off the track: tracks run 0..{TRACK_CAP}, 0..{TEAM_CAP} for "
                    "teams, whose partners share their tracks (AXIO-5, AXIO-18)",
                )
    checked = cast(tuple[Points, ...], scores)
    done = {seat % 2 if team else seat for seat, track in enumerate(checked) if min(track) == cap}
    if len(done) > 1:
        raise _invalid(
            "Outcome.scores",
            f"{len(done)} players (teams) have all six colours at {cap}, but the first to "
            "get there wins at once (AXIO-14)",
        )
    if result.ranking != tracks.rank_lowest_colour(checked):
        raise _invalid(
            "Outcome.ranking",
            "the places do not follow the scores: lowest colour first, then the next (AXIO-16)",
        )


def validate(
    value: State | View | Outcome | Move, *, tiles: Iterable[Tile | str] | None = None
) -> None:
    """Check a state, view or outcome made outside the rules, for example loaded from JSON.

    A state passes when the game could have reached it:

    * one to four seats, as many as its mode allows (2 to 4 standard, 4 in a
      team game, 1 solo), a board of the playing area's size (AXIO-3) with
      its six start cells in their colours (AXIO-4), and every placed hex
      next to another placed hex (a tile's twin);
    * tracks for each seat (each team) within 0..18, or 0..36 in team and
      solo games, and at most one player (team) with every colour at the end
      of the track;
    * every tile of the set (:data:`STANDARD_TILES`, or ``tiles``) exactly
      once: the racks and the bag hold no tile more often than the set, and
      the placed hexes are, colour by colour, the hexes of the tiles that are
      in no rack and not in the bag (the board keeps colours, not which two
      cells a tile covered);
    * racks sorted, of at most 6 tiles (1 solo); a seat and a turn in range,
      the seats taking turns in order while every rack holds tiles, no more
      turns than placements, and a seat to move that holds a tile;
    * bonus placements owed (``bonuses``) no more than the stages its
      colours have reached, a swap choice (``deciding``) only where AXIO-12
      offers one, revealed tiles back in the bag, and none of these once the
      game is over.

    A view passes the same checks on what it shows (its own rack, the rack
    and bag sizes, whose turn it is). An outcome needs one to four seats:
    a solo score made of three tracks 0..36 (AXIO-21), or six tracks per
    seat within the caps, ranked as AXIO-16 says. A move is checked by its
    constructor, so any :class:`Place` or :class:`SwapChoice` passes.
    :mod:`tilegames.serialize` calls this on everything it loads.

    >>> state = new_game(seed=2)
    >>> validate(state)
    >>> validate(attrs.evolve(state, tracks=((0, 0, 19, 0, 0, 0), (0,) * 6)))
    Traceback (most recent call last):
    ...
    tilegames._core.errors.InvalidStateError: State.tracks[0][2]: 19 is off the track: ...

    Args:
        value: what to check.
        tiles: the game's custom set, if it was not started with the standard one.

    Raises:
        InvalidStateError: naming the field and the problem.
        ConfigurationError: if ``tiles`` is not a set of tiles.
    """
    if isinstance(value, State):
        _validate_state(value, tiles)
    elif isinstance(value, View):
        _validate_view(value, tiles)
    elif isinstance(value, Outcome):
        _validate_outcome(value)


# ---------------------------------------------------------------------------
# The bundle for generic code
# ---------------------------------------------------------------------------

RULES: Final[GameRules[State, Move]] = GameRules(
    name="axio",
    title="AXIO",
    setups=(
        Setup(2),
        Setup(3),
        Setup(4),
        Setup(4, {"mode": "team"}),
        Setup(1, {"mode": "solo"}),
    ),
    new_game=new_game,
    players=players,
    to_move=to_move,
    legal_moves=legal_moves,
    apply=apply,
    why_illegal=why_illegal,
    score_move=score_move,
    is_over=is_over,
    outcome=outcome,
    view=view,
    parse_move=parse_move,
    format_move=format_move,
    evaluate=evaluate,
    determinize=determinize,
    validate=validate,
)
"""This module's functions as a :class:`~tilegames.Rules`; also ``tilegames.get("axio")``."""
