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
class State:
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

    def __getstate__(self) -> dict[str, object]:
        """Pickle the fields only, not the cached index."""
        return {name: getattr(self, name) for name in _STATE_FIELDS}

    def __setstate__(self, values: Mapping[str, object]) -> None:
        """Restore the fields; the index is rebuilt on first use."""
        for name, value in values.items():
            object.__setattr__(self, name, value)
        object.__setattr__(self, "_index", None)

    def __str__(self) -> str:
        """The plain-text picture of the board and the scores (:func:`render_text`)."""
        return render_text(self)


_STATE_FIELDS: Final = tuple(field.name for field in attrs.fields(State) if field.init)


@attrs.frozen
class View:
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
)
"""This module's functions as a :class:`~tilegames.Rules`; also ``tilegames.get("axio")``."""
