"""AXIO's names and values: colours, tiles, sizes, the moves, the State and the View.

Everything here is data: the rules that read it are in :mod:`._rules`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

import attrs

from tilegames._core.basics import WIDE_INT
from tilegames._core.chance import Unseen as _BaseUnseen
from tilegames._core.checks import is_int_pair
from tilegames._core.rules import OPTIONAL, Seat
from tilegames._core.state import CachedState, Drawable, summary
from tilegames.geometry import hexagon
from tilegames.geometry.hexagon import Hex

# ---------------------------------------------------------------------------
# Names: cells, colours, tiles, sizes
# ---------------------------------------------------------------------------

Cell = int
"""A cell number of the playing area, in reading order (see ``playing_area``)."""

PairIndex = int
"""The number of a pair of adjacent cells in the area's pair table."""

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

STANDARD, TEAM, SOLO = MODES
NAME: Final = "axio"
"""The registry name: ``tilegames.get(NAME)``."""
TITLE: Final = "AXIO"
"""The game's title, as its documents and pictures write it."""
# What entry points expect, in their WrongTypeError messages.
A_STATE: Final = f"an {TITLE} State"
A_POSITION: Final = f"an {TITLE} State or View"
A_MOVE: Final = f"an {TITLE} move (Place, SwapChoice, Decline, Draw or Unseen)"
_START_RADIUS: Final = 5  # the start cells are the corners of this ring (AXIO-4)
AREA_RADIUS: Final[Mapping[int, int]] = {1: 5, 2: 5, 3: 6, 4: 7}
"""The radius of the playing area by the number of players (AXIO-3)."""
MAX_TILES: Final = 1024
NO_POINTS: Final[Points] = (0, 0, 0, 0, 0, 0)
STAGES: Final[Mapping[str, tuple[int, ...]]] = {
    STANDARD: (TRACK_CAP,),
    TEAM: (TRACK_CAP, TEAM_CAP),
    SOLO: (TRACK_CAP, TEAM_CAP),
}
"""Per mode, the stages of a track (AXIO-10, AXIO-18, AXIO-20); the last is the final cap."""
FINAL: Final[Mapping[str, int]] = {mode: stages[-1] for mode, stages in STAGES.items()}
"""Per mode, the final cap of a track: all six there wins at once (AXIO-14)."""
RACK: Final[Mapping[str, int]] = {STANDARD: RACK_SIZE, TEAM: RACK_SIZE, SOLO: SOLO_RACK_SIZE}
"""Per mode, the size of a full rack."""
SEATS: Final[Mapping[str, tuple[int, ...]]] = {STANDARD: (2, 3, 4), TEAM: (4,), SOLO: (1,)}
"""Per mode, the player counts it allows (AXIO-3, AXIO-17, AXIO-20)."""
_SEATS_TEXT: Final = {STANDARD: "2 to 4 players", TEAM: "4 players", SOLO: "1 player"}


def seats_problem(mode: str, seats: int) -> str:
    """Why a ``mode`` game is not for ``seats`` players, or ``""`` (AXIO-3, AXIO-17, AXIO-20)."""
    if seats in SEATS[mode]:
        return ""
    return f"a {mode} game is for {_SEATS_TEXT[mode]}, not {seats} (AXIO-3, AXIO-17, AXIO-20)"


def _standard_tiles() -> tuple[Tile, ...]:
    """The 120 tiles of AXIO-2: 6 of each two-colour pair, 5 of each double, in colour order."""
    result: list[Tile] = []
    for low in range(len(COLOURS)):
        for high in range(low, len(COLOURS)):
            result.extend([(low, high)] * (5 if low == high else 6))
    return tuple(result)


STANDARD_TILES: Final[tuple[Tile, ...]] = _standard_tiles()
"""The 120 tiles of the standard set (AXIO-2), as data, sorted.

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


def owner_of(mode: str, seat: Seat) -> int:
    """The index in :attr:`State.tracks` of the seat's tracks (its team's in a team game)."""
    return seat % 2 if mode == TEAM else seat


# ---------------------------------------------------------------------------
# Moves
# ---------------------------------------------------------------------------


def _reading_key(cell: Hex) -> tuple[int, int]:
    return cell[1], cell[0]


@attrs.frozen
class Place:
    """Place a tile: colour ``colours[0]`` on ``cells[0]`` and ``colours[1]`` on ``cells[1]``.

    The tile placed is the rack tile with these two colours (AXIO-7). A
    placement has one form: the two hexes are stored in reading order (the
    smaller ``r`` first, then the smaller ``q``), so the same placement given
    the other way round compares equal.

    Construction checks the types of the fields only; whether the cells are
    adjacent, on the board and empty, the colours real and the tile in the
    rack is for :func:`~tilegames.axio.why_illegal` to say.

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
        if type(cells) is not tuple or len(cells) != 2 or not all(map(is_int_pair, cells)):
            msg = (
                f"a placement's cells must be a tuple of two (q, r) tuples of ints, not {cells!r}"
            )
            raise TypeError(msg)
        if not is_int_pair(colours):
            msg = f"a placement's colours must be a tuple of two ints 0..5, not {colours!r}"
            raise TypeError(msg)
        if _reading_key(cells[1]) < _reading_key(cells[0]):
            object.__setattr__(self, "cells", (cells[1], cells[0]))
            object.__setattr__(self, "colours", (colours[1], colours[0]))

    def __str__(self) -> str:
        """The move in notation (see :func:`~tilegames.axio.format_move`)."""
        from tilegames.axio._notation import format_move  # notation imports this module

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
        return "swap" if self.swap else "keep"


SWAP: Final = SwapChoice(True)
"""Swap the rack's remaining tiles for new ones (AXIO-12)."""
KEEP: Final = SwapChoice(False)
"""Decline the swap: keep the rack and refill it (AXIO-12, AXIO-13)."""


@attrs.frozen
class Decline:
    """Decline one pending bonus placement (AXIO-11, changed in spec v2): it is forfeited.

    Offered, after the bonus placements, whenever a bonus placement is owed
    (:attr:`State.bonuses` positive). Declining the last one owed ends the
    turn's placements as a forfeited bonus does: the swap choice if AXIO-12
    offers it, else the refill (AXIO-13). The class has no fields: every
    ``Decline()`` equals :data:`DECLINE`.

    >>> str(DECLINE), Decline() == DECLINE
    ('decline', True)
    """

    def __str__(self) -> str:
        """The move in notation: ``decline``."""
        return "decline"


DECLINE: Final = Decline()
"""Decline the pending bonus placement (AXIO-11)."""


@attrs.frozen
class Draw:
    """A chance outcome of an explicit game: ``tile`` drawn from the bag (AXIO-6, AXIO-13).

    The drawing seat is the state's :attr:`State.seat`; the tile goes into its
    rack. Written ``+`` and the tile, such as ``+RB``.

    >>> str(Draw((0, 2))), Draw((2, 0)) == Draw((0, 2))
    ('+RB', True)

    Raises:
        TypeError: if ``tile`` is not a tuple of two ints.
    """

    tile: Tile
    """The tile drawn, lower colour first (put in that order by construction)."""

    def __attrs_post_init__(self) -> None:
        """Check the field's type and put the lower colour first."""
        tile: object = self.tile
        if not is_int_pair(tile):
            msg = f"a drawn tile must be a tuple of two ints 0..5, not {tile!r}"
            raise TypeError(msg)
        if tile[1] < tile[0]:
            object.__setattr__(self, "tile", (tile[1], tile[0]))

    def __str__(self) -> str:
        """The outcome in notation: ``+`` and the tile's two letters."""
        from tilegames.axio._notation import format_move  # notation imports this module

        return format_move(self)


@attrs.frozen
class Unseen(_BaseUnseen):
    """A draw entered without naming the tile: an explicit game's hidden draw (AXIO-22).

    Listed by ``legal_moves`` at every chance step beside the :class:`Draw`
    outcomes, never by ``chance_outcomes``. The drawing seat's rack gets an
    unidentified tile; it is named when it is placed, and must then be a tile
    of the unidentified pool (the bag and the unidentified rack tiles). Written
    ``?``. Every ``Unseen()`` equals :data:`UNSEEN`.
    """

    def __str__(self) -> str:
        """The outcome in notation: ``?``."""
        return "?"


UNSEEN: Final = Unseen()
"""The unseen draw (AXIO-22): a tile drawn that the person entering the game cannot see."""

Move = Place | SwapChoice | Decline | Draw | Unseen
"""A move: a :class:`Place`, a :class:`SwapChoice` when a swap is offered,
:data:`DECLINE` when a bonus placement is owed; in an explicit game, at a
chance step, a :class:`Draw` or :data:`UNSEEN`. Every game's ``Move`` is the
union of its moves."""

AnyMove = Move
"""The same union as ``Move`` (its name before ``Move`` was the union in every game)."""

MOVE_TYPES: Final = (Place, SwapChoice, Decline, Draw, Unseen)
"""Every concrete move class."""

_new_place = object.__new__
set_slot = object.__setattr__


def fast_place(cells: tuple[Hex, Hex], colours: tuple[Colour, Colour]) -> Place:
    """A Place built without the checks of ``__init__``: the fields are known to be canonical.

    The trick: allocate the slotted instance and set its two slots directly,
    as ``__init__`` would; used only by ``LegalMoves``, whose cells come from
    the pair table (already in reading order).
    """
    move = _new_place(Place)
    set_slot(move, "cells", cells)
    set_slot(move, "colours", colours)
    return move


# ---------------------------------------------------------------------------
# States and views
# ---------------------------------------------------------------------------


Index = tuple[int, bool]
"""Facts derived from a state's fields, cached in the state: ``(empty, over)``, the set of
pairs of adjacent empty cells (bit ``i`` for pair ``i``) and whether the game has ended
(AXIO-14, AXIO-15, AXIO-21). A plain tuple: one is built per ``apply``, and a tuple is
several times cheaper to build than an object with an ``__init__``."""


class _Listed:
    """The last placement that a :class:`~tilegames.axio._moves.LegalMoves` built.

    A memo that ``legal_moves`` writes and ``apply`` reads: ``(state, move,
    pair)``, so that applying a move just taken from ``legal_moves(state)``
    (the move itself and the state, both compared by identity) skips checking
    it again. It is written as one tuple, so a reader never sees a move with
    another's state or pair; it holds on to one state and one move at most.
    """

    __slots__ = ("last",)

    def __init__(self) -> None:
        self.last: tuple[State, Place, int] | None = None
        """The state, the placement and its pair number, or ``None``."""


LISTED: Final = _Listed()
"""The one memo of the last placement listed (see :class:`_Listed`)."""


@attrs.frozen(repr=False, getstate_setstate=False)
class State(CachedState):
    """A position of AXIO: everything, hidden parts included.

    States are immutable and compare, hash and pickle by value; build the
    first with ``new_game`` and the next with ``apply``. ``str(state)`` is
    the plain-text picture of ``render_text``; ``repr(state)`` is one line,
    ``<axio State: 2 players, turn 0, seat 1 to move>``.

    The fields below are the whole game, the component set included. A state
    also caches a private index (the set of empty adjacent pairs, whether the
    game is over); it is not compared, hashed or pickled, and is rebuilt (and
    the fields checked) when missing, so a position can be made by hand with
    :func:`attrs.evolve`.
    """

    mode: str
    """The variant: ``"standard"``, ``"team"`` or ``"solo"`` (see :data:`MODES`)."""
    cells: tuple[int, ...]
    """The playing area by cell number (reading order, see ``playing_area``): the
    colour on each cell, or :data:`EMPTY`. The start cells hold their colours (AXIO-4)."""
    tracks: tuple[Points, ...]
    """The score tracks in :data:`COLOURS` order: one per seat, or per team in a team
    game (team A, seats 0 and 2, then team B, seats 1 and 3; AXIO-17)."""
    racks: tuple[tuple[Tile, ...], ...]
    """Per seat, the tiles in its rack, sorted (private to the seat, AXIO-22)."""
    bag: tuple[Tile, ...]
    """The tiles in the bag in drawing order, next first (hidden from everyone, AXIO-22)."""
    seat: Seat
    """The seat whose turn it is; once the game is over, the seat that moved last. At a
    chance step of an explicit game (:attr:`draws` positive), the seat that draws."""
    turn: int = 0
    """The number of the turn in progress, counted from 0 (so it is also the number of
    turns finished before it); once the game is over, the last turn's. The first round
    is turns ``0 .. players - 1`` (AXIO-8). Bonus placements and the swap choice belong
    to the turn. (Polygon's ``turn`` is the same number counted from 1.)"""
    bonuses: int = 0
    """Bonus placements owed to the seat to move, the current placement included: when
    positive, the seat places a bonus tile or declines it (AXIO-11)."""
    deciding: bool = False
    """Whether the seat to move must choose to swap or keep its rack (AXIO-12)."""
    revealed: tuple[Tile, ...] = ()
    """The tiles the previous move set aside in a swap, shown to all (AXIO-22); else empty.
    In an explicit game, during the draws of a swap they are still set aside (not in
    :attr:`bag`); they go back to the bag after the last draw."""
    seed: int = attrs.field(default=0, metadata=WIDE_INT)
    """The seed of the next random event (the reshuffle after a swap); hidden from everyone."""
    tiles: tuple[Tile, ...] | None = attrs.field(default=None, metadata=OPTIONAL)
    """The game's component set, sorted, when it is not :data:`STANDARD_TILES`; else ``None``."""
    explicit: bool = attrs.field(default=False, metadata=OPTIONAL)
    """Whether chance is explicit (``new_game(chance="explicit")``): each draw is a step of
    its own and :attr:`bag` is an unordered multiset, sorted."""
    draws: int = attrs.field(default=0, metadata=OPTIONAL)
    """Explicit games: the draws still to make, one chance step each, into the rack of
    :attr:`seat`; chance is to move while positive. Always 0 in a seeded game."""
    unknown: tuple[int, ...] = attrs.field(default=(), metadata=OPTIONAL)
    """Explicit games with unseen draws: per seat, the unidentified tiles in its rack
    (besides the known ones in :attr:`racks`); ``()`` when there are none. While any
    is positive, :attr:`bag` holds the unidentified pool: the bag and those tiles."""
    _index: Index | None = attrs.field(default=None, init=False, eq=False, repr=False)

    def __str__(self) -> str:
        """The plain-text picture of the board and the scores (``render_text``)."""
        from tilegames.axio._draw import render_text  # the picture imports this module

        return render_text(self)

    def __repr__(self) -> str:
        """One line: the seats, the mode unless standard, explicit chance, the turn, who moves."""
        return summary(self, len(self.racks), _facts(self))


@attrs.frozen(repr=False)
class View(Drawable):
    """What one seat may see of a state (AXIO-22): built by ``view``.

    The board, every track, the rack and bag sizes, whose turn it is, the
    tiles revealed by a swap, the component set, and this seat's own rack;
    never another rack, the bag's content or order, or the seed. ``str(view)``
    is the same picture as for a state, plus the seat's rack; ``board``,
    ``scores`` and ``playing_area`` read a view as they read a state.
    """

    seat: Seat | None
    """The seat this view is for; ``None`` in the public view (an onlooker's)."""
    mode: str
    """The variant, as in :attr:`State.mode`."""
    to_move: tuple[Seat, ...]
    """The seats that may move now: ``(seat,)``, or ``()`` once the game is over."""
    cells: tuple[int, ...]
    """The board, as in :attr:`State.cells`."""
    tracks: tuple[Points, ...]
    """The score tracks, as in :attr:`State.tracks`."""
    rack: tuple[Tile, ...]
    """This seat's own rack, sorted; empty in the public view."""
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
    tiles: tuple[Tile, ...] | None = attrs.field(default=None, metadata=OPTIONAL)
    """The component set, as in :attr:`State.tiles` (public: the box says what is in it)."""
    explicit: bool = attrs.field(default=False, metadata=OPTIONAL)
    """Whether chance is explicit, as in :attr:`State.explicit`."""
    draws: int = attrs.field(default=0, metadata=OPTIONAL)
    """Draws still to make, as in :attr:`State.draws` (public: the table sees them drawn)."""
    drawer: Seat = attrs.field(default=0, metadata=OPTIONAL)
    """While :attr:`draws` is positive, the seat that draws (:attr:`State.seat`); else 0."""
    unknown: tuple[int, ...] = attrs.field(default=(), metadata=OPTIONAL)
    """Unidentified rack tiles per seat, as in :attr:`State.unknown`."""

    def __str__(self) -> str:
        """The plain-text picture (``render_text``)."""
        from tilegames.axio._draw import render_text  # the picture imports this module

        return render_text(self)

    def __repr__(self) -> str:
        """One line, as a state's, naming the seat the view is for."""
        seats = len(self.rack_sizes)
        return summary(self, seats, _facts(self), seat=self.seat, to_move=self.to_move)


def _facts(position: State | View) -> list[str]:
    """What a state's or view's repr says besides the seats and who moves."""
    facts = [] if position.mode == STANDARD else [f"{position.mode} mode"]
    if position.explicit:
        facts.append("explicit chance")
    return [*facts, f"turn {position.turn}"]
