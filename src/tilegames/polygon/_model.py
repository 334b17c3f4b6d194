"""Polygon's names, its move, its State and its View (POLY-1 .. POLY-4, POLY-16).

The small things come first: symbols, tile values, the board's spaces and
the standard set; then the classes that hold them. Nothing here knows the
rules of play: that is :mod:`tilegames.polygon._rules`.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Mapping, Sequence
from typing import Final

import attrs

from tilegames._core.basics import WIDE_INT, formerly, formerly_named, warn_renamed
from tilegames._core.bits import Mask
from tilegames._core.chance import EXPLICIT, SEEDED
from tilegames._core.checks import is_int_pair
from tilegames._core.rules import OPTIONAL, Seat
from tilegames._core.state import CachedState, Drawable, summary
from tilegames.geometry import hexagon
from tilegames.geometry.hexagon import Hex

NAME: Final = "polygon"
"""The game's registry name (:func:`tilegames.get`), also written in its outcomes."""
TITLE: Final = "Polygon"
"""The game's name for people, in messages."""

# ---------------------------------------------------------------------------
# Names: symbols, values, the board
# ---------------------------------------------------------------------------

Symbol = int
"""A symbol: an index into :data:`SYMBOLS` (0 blue circle, 1 red diamond, 2 gold star)."""

CIRCLE: Final[Symbol] = 0
"""The blue circle."""
DIAMOND: Final[Symbol] = 1
"""The red diamond."""
STAR: Final[Symbol] = 2
"""The gold star."""

SYMBOLS: Final = ("blue circle", "red diamond", "gold star")
"""The three symbols with their colours (POLY-1); a symbol is its index here."""

DIE_FACES: Final[tuple[Symbol, ...]] = (CIRCLE, CIRCLE, DIAMOND, DIAMOND, STAR, STAR)
"""The six faces of the die, two of each symbol (POLY-3)."""

Value = str
"""A tile's value as written: ``"1"`` .. ``"5"``, ``"W"`` (WILD), ``"X2"`` or ``"X3"``."""

WILD: Final[Value] = "W"
"""The WILD tile: any number, and three of them make 100 (POLY-14)."""
X2: Final[Value] = "X2"
"""The doubling tile: any number, and the grouping's value times 2 (POLY-14)."""
X3: Final[Value] = "X3"
"""The tripling tile: any number, and the grouping's value times 3 (POLY-14)."""

VALUES: Final[tuple[Value, ...]] = ("1", "2", "3", "4", "5", WILD, X2, X3)
"""Every tile value (POLY-2), in the order used to list drawn tiles and moves."""

ORDER: Final[Mapping[Value, int]] = {value: i for i, value in enumerate(VALUES)}
"""Each value's position in :data:`VALUES`: the order of drawn tiles, moves and bag contents."""
RANK: Final[Mapping[Value, int]] = {"1": 1, "2": 2, "3": 3, "4": 4, "5": 5, X2: 6, X3: 7, WILD: 8}
"""The start-order draw (POLY-7): WILD beats X3 beats X2 beats every number."""
FACTOR: Final[Mapping[Value, int]] = {X2: 2, X3: 3}
"""The multiplier of each X tile (POLY-14)."""

MIN_PLAYERS: Final = 2
"""The fewest seats of a game."""
MAX_PLAYERS: Final = 4
"""The most seats of a game."""
RADIUS: Final = 4
"""The board is the hexagon of this radius around START (POLY-4)."""
MAX_TILES: Final = 4096
"""The largest custom set accepted."""

Cell = int
"""A space by number: its position in :data:`SPACES`; bit ``n`` of a mask is space ``n``."""

BOARD: Final = hexagon.hex_area(RADIUS)
"""The radius-4 area with its tables (cells by number, down corners)."""

SPACES: Final[tuple[Hex, ...]] = BOARD.cells
"""The 61 spaces ``(q, r)`` by number: row by row (``r``), then west to east (``q``).

A :class:`State` indexes its stacks by these numbers; moves are listed in this order.

>>> len(SPACES), SPACES[0], SPACES[30]
(61, (0, -4), (0, 0))
"""

CELL: Final[Mapping[Hex, Cell]] = BOARD.index
"""Each space's number."""
SIZE: Final = len(SPACES)
"""The number of spaces, 61."""

START: Final[Hex] = (0, 0)
"""The START space at the centre, where the start tile lies (POLY-4, POLY-7)."""
START_CELL: Final[Cell] = CELL[START]
"""The number of the START space."""


def _printed_spaces() -> dict[Hex, Value]:
    """The printed tiles of POLY-4: WILD on ring 3's corners, X2 on ring 4's corners."""
    printed = dict.fromkeys(hexagon.ring_corners(3), WILD)
    printed.update(dict.fromkeys(hexagon.ring_corners(4), X2))
    return printed


PRINTED: Final[Mapping[Hex, Value]] = _printed_spaces()
"""The spaces with a printed tile and its value (POLY-4, a [decision] of the spec).

>>> sorted(space for space, value in PRINTED.items() if value == "W")
[(-3, 0), (-3, 3), (0, -3), (0, 3), (3, -3), (3, 0)]
"""

PRINTED_DEPTH: Final[tuple[int, ...]] = tuple(int(space in PRINTED) for space in SPACES)
"""Per space number, how many tiles at the bottom of its stack are printed (0 or 1)."""

PRINTABLE: Final[tuple[Value, ...]] = (WILD, X2, X3)
"""The values a printed tile may have (POLY-4, POLY-14: a printed WILD or X tile)."""

Printing = tuple[tuple[Hex, Value], ...]
"""The printed tiles of a board as data: ``((q, r), value)`` pairs in space-number order.

The form of ``new_game(board=...)`` once read, and of :attr:`State.board`.
"""

STANDARD_BOARD: Final[Printing] = tuple(
    (space, PRINTED[space]) for space in SPACES if space in PRINTED
)
"""The printed tiles of POLY-4 in the form of ``new_game(board=...)``.

>>> STANDARD_BOARD[:2]
(((0, -4), 'X2'), ((4, -4), 'X2'))
"""


def printed_of(board: Printing | None) -> Mapping[Hex, Value]:
    """The printed tiles of a board by space (``None``: the standard :data:`PRINTED`)."""
    return PRINTED if board is None else dict(board)


Combination = tuple[Value, Value, Value]
"""Three tile values in :data:`VALUES` order: one row of a scoring table."""

COMBINATIONS: Final[tuple[Combination, ...]] = tuple(
    itertools.combinations_with_replacement(VALUES, 3)
)
"""Every multiset of three tile values (120), in :data:`VALUES` order: the rows of a table.

>>> len(COMBINATIONS), COMBINATIONS[0], COMBINATIONS[-1]
(120, ('1', '1', '1'), ('X3', 'X3', 'X3'))
"""

Scoring = tuple[tuple[str, int], ...]
"""A complete scoring table as data (POLY-14): one ``(combination, points)`` row for
each of the 120 :data:`COMBINATIONS`, in that order, the combination written with
hyphens (``"1-2-3"``, ``"2-W-X3"``). The form of :attr:`State.scoring`."""

MAX_POINTS: Final = 1000
"""The most points one row of a scoring table may give (the spec's table tops at 150)."""


def combination_key(values: Sequence[Value]) -> str:
    """A row's name in a scoring table: the three values in :data:`VALUES` order, hyphenated.

    >>> combination_key(["4", "W", "2"])
    '2-4-W'
    """
    return "-".join(sorted(values, key=ORDER.__getitem__))


def _standard_tiles() -> tuple[Value, ...]:
    """The 49 tiles of POLY-2 (a [decision]): 8 of each number, 5 WILD, 2 X2, 2 X3."""
    numbers = tuple(value for value in VALUES[:5] for _ in range(8))
    return (*numbers, *(WILD,) * 5, *(X2,) * 2, *(X3,) * 2)


STANDARD_TILES: Final[tuple[Value, ...]] = _standard_tiles()
"""The 49 tiles of the standard set (POLY-2), as data.

>>> len(STANDARD_TILES), STANDARD_TILES.count("3"), STANDARD_TILES.count("W")
(49, 8, 5)
"""

Stack = tuple[Value, ...]
"""A space's tiles, bottom to top, its printed tile included; ``()`` when empty."""
Round = tuple[tuple[Seat, Value], ...]
"""One round of the start-order draw: the ``(seat, tile)`` pairs, in seat order."""

Step = str
"""What an explicit-chance game waits for (:attr:`State.step`): one of :data:`STEPS`."""
PLAY: Final[Step] = ""
"""A seat places a drawn tile (or the game is over): no chance step is due."""
START_DRAW: Final[Step] = "start"
"""Chance draws a tile of the start-order draw for the next seat that draws (POLY-7)."""
ROLL: Final[Step] = "roll"
"""Chance rolls the die for the turn (POLY-9)."""
DRAW: Final[Step] = "draw"
"""Chance draws one of the turn's tiles from the bag (POLY-10)."""
STEPS: Final[tuple[Step, ...]] = (PLAY, START_DRAW, ROLL, DRAW)
"""Every value of :attr:`State.step`."""
SYMBOL_LETTERS: Final = "CDS"
"""The die symbols as written in a roll's notation (circle, diamond, star), by symbol."""


def sorted_values(values: Sequence[Value]) -> tuple[Value, ...]:
    """Tiles in :data:`VALUES` order (the drawn tiles, a bag's contents, a set)."""
    if len(values) == 2:  # the drawn tiles, on the hot path
        a, b = values
        return (a, b) if ORDER[a] <= ORDER[b] else (b, a)
    return tuple(sorted(values, key=ORDER.__getitem__))


@functools.lru_cache(maxsize=32)
def bag_contents(bag: tuple[Value, ...]) -> tuple[Value, ...]:
    """A bag's tiles in :data:`VALUES` order: what a :class:`View` shows of it.

    Cached per bag: the states of one turn share their bag, and a view is
    asked for each seat of each state, so most views find the sort done.
    """
    return sorted_values(bag)


STANDARD_SORTED: Final = sorted_values(STANDARD_TILES)
"""The standard set in :data:`VALUES` order: an explicit game's first bag; a carried set
equal to it is written as ``None``."""


# ---------------------------------------------------------------------------
# Moves, states and views
# ---------------------------------------------------------------------------


def _check_tile(whose: str, tile: object) -> None:
    """Refuse a tile that is no value; ``whose`` is ``"a move"`` or ``"a draw"``."""
    if type(tile) is not str:
        msg = f"{whose}'s tile must be a value string such as '3' or 'W', not {tile!r}"
        raise TypeError(msg)
    if tile not in ORDER:
        msg = f"{whose}'s tile must be one of {', '.join(VALUES)}, not {tile!r}"
        raise ValueError(msg)


@formerly_named("Move")  # its name before Move was the union of every move
@attrs.frozen
class Place:
    """Place one of the drawn tiles on a space, or set it aside.

    ``tile`` names which drawn tile is placed (the player chooses the order,
    POLY-10). ``space`` is where it goes: an empty space or the top of a
    stack; ``None`` sets the tile aside, allowed only when it has no legal
    place (POLY-11).

    Construction checks the shape of the fields only; whether the move is
    legal depends on the state (:func:`~tilegames.polygon.why_illegal`).

    >>> str(Place("X2", (1, -2))), str(Place("3", None))
    ('X2@1,-2', '3@-')

    .. versionchanged:: 0.1.0 named ``Place``; it was ``Move``, which is now the union of
       every move (a document of type ``"Move"`` still loads, deprecated).

    Raises:
        TypeError: if a field has the wrong type.
        ValueError: if the tile is not one of :data:`VALUES`.
    """

    tile: Value
    """The value of the drawn tile to place, one of :data:`VALUES`."""
    space: Hex | None
    """The space ``(q, r)`` to place it on, or ``None`` to set it aside."""

    def __attrs_post_init__(self) -> None:
        """Refuse fields that cannot describe a placement."""
        _check_tile("a move", self.tile)
        space = self.space
        if space is not None and not is_int_pair(space):
            msg = f"a move's space must be a tuple (q, r) of two ints or None, not {space!r}"
            raise TypeError(msg)

    def __str__(self) -> str:
        """The move in notation: ``V@Q,R``, or ``V@-`` for a tile set aside."""
        space = self.space
        if space is None:
            return f"{self.tile}@-"
        return f"{self.tile}@{space[0]},{space[1]}"


@attrs.frozen
class Draw:
    """A chance outcome: one tile drawn from the bag (POLY-7, POLY-10).

    Only a game started with ``chance="explicit"`` has chance steps: a tile of
    the start-order draw, or one of the turn's tiles. Drawn tiles are shown
    face up (POLY-16), so every seat sees every draw and there is no unseen
    draw in Polygon.

    >>> str(Draw("X2")), str(Draw("4"))
    ('+X2', '+4')

    Raises:
        TypeError: if the tile is not a string.
        ValueError: if the tile is not one of :data:`VALUES`.
    """

    tile: Value
    """The value of the tile drawn, one of :data:`VALUES`."""

    def __attrs_post_init__(self) -> None:
        """Refuse a tile that is no value."""
        _check_tile("a draw", self.tile)

    def __str__(self) -> str:
        """The draw in notation: ``+V``."""
        return f"+{self.tile}"


@attrs.frozen
class Roll:
    """A chance outcome: the symbol the die shows for the turn (POLY-3, POLY-9).

    Only a game started with ``chance="explicit"`` has chance steps. The die
    has two faces of each symbol, so the outcomes are the three symbols; on
    the game's second turn the roll that stands is one of the two symbols
    other than the first turn's (the repeated rolls change nothing, so they
    are one step).

    >>> str(Roll(0)), str(Roll(2))
    ('=C', '=S')

    Raises:
        TypeError: if the symbol is not an int.
        ValueError: if the symbol is not 0, 1 or 2.
    """

    symbol: Symbol
    """The symbol rolled: 0 blue circle, 1 red diamond, 2 gold star."""

    def __attrs_post_init__(self) -> None:
        """Refuse a symbol that is not one of the three."""
        if type(self.symbol) is not int:
            msg = f"a roll's symbol must be an int 0..2, not {self.symbol!r}"
            raise TypeError(msg)
        if not 0 <= self.symbol < len(SYMBOLS):
            msg = f"a roll's symbol must be 0, 1 or 2 ({', '.join(SYMBOLS)}), not {self.symbol}"
            raise ValueError(msg)

    def __str__(self) -> str:
        """The roll in notation: ``=C``, ``=D`` or ``=S``."""
        return f"={SYMBOL_LETTERS[self.symbol]}"


Move = Place | Draw | Roll
"""Every move of Polygon: a :class:`Place`, or in an explicit game chance's :class:`Draw`
or :class:`Roll`; ``isinstance(x, Move)`` works.

.. versionchanged:: 0.1.0
   ``Move`` is the union of the move classes, as every game's ``Move`` is; the
   placement class it named is :class:`Place`.
"""
AnyMove = Move
"""The same union as ``Move`` (its name before ``Move`` was the union in every game)."""
#: Deprecated alias of AnyMove, kept for one release.
Action = AnyMove

DRAWS: Final[Mapping[Value, Draw]] = {value: Draw(value) for value in VALUES}
"""The chance outcome drawing each value: ``legal_moves`` hands these out, not new ones."""
ROLLS: Final[tuple[Roll, ...]] = tuple(Roll(symbol) for symbol in range(len(SYMBOLS)))
"""The chance outcome rolling each symbol, by symbol."""


def _move_table() -> dict[Value, tuple[Place, ...]]:
    """Every possible Place, per tile value: its placements by space number, then its discard."""
    return {
        value: (*(Place(value, space) for space in SPACES), Place(value, None)) for value in VALUES
    }


MOVES: Final[Mapping[Value, tuple[Place, ...]]] = _move_table()
"""Per tile value, the :class:`Place` placing it on each space, by space number, then (at
index ``-1``) the one setting it aside.

Moves are values, so ``LegalMoves`` hands out these instead of building new ones.

>>> MOVES["3"][30], MOVES["3"][-1]
(Place(tile='3', space=(0, 0)), Place(tile='3', space=None))
"""


BoardIndex = tuple[Mask, tuple[Mask, Mask, Mask], dict[Value, Mask]]
"""Bit masks over the space numbers, for fast legal places: ``(played, reach, blocked)``.

* ``played``: the spaces whose top tile is a played tile (the START tile included);
* ``reach``: per symbol, the spaces sharing a corner of that symbol with a played tile;
* ``blocked``: per tile value, the spaces it may never go on (POLY-12): those topped
  by the same value and, for a WILD, those topped by a WILD or an X tile. Every
  value of :data:`VALUES` is a key (0 when nothing blocks it).

A tile's legal places this turn are ``reach[symbol] & ~blocked[value]``
(:func:`places`). A :class:`State` caches an index (built by
``_tables.index_of``, updated by ``_tables.with_tile`` for the one space a
placement changes). It is a plain tuple because one is made per placement,
and a tuple is the cheapest object to make. Indexes are shared (by the
states of a turn after a tile is set aside, and by every game started on
the same board with the same START tile), so nothing may change one, its
``blocked`` included.
"""

X_TILES: Final = frozenset((X2, X3))
"""The X tiles: any number, and they multiply (POLY-14); a WILD may not cover one (POLY-12)."""


def places(index: BoardIndex, symbol: Symbol, value: Value) -> Mask:
    """The spaces where a tile of ``value`` may go this turn (POLY-11, POLY-12).

    Spec v2: every placement, stacking included, needs a corner of the
    turn's symbol shared with another space holding a played tile (the
    ``reach`` of that symbol); then never on the same value, and a WILD
    only on a number (the ``blocked`` spaces of the value).
    """
    _, reach, blocked = index
    return reach[symbol] & ~blocked[value]


_FORMERLY_CHANCE: Final = formerly("chance", optional=True, values={SEEDED: False, EXPLICIT: True})
"""The metadata of :attr:`State.explicit` and :attr:`View.explicit`: named ``chance`` before,
and the text of ``new_game``'s mode (deprecated, read for one release)."""
_MODES: Final = (SEEDED, EXPLICIT)
"""The deprecated ``chance`` attribute's answer, by :attr:`State.explicit`."""

set_slot: Final = object.__setattr__
"""Sets a slot of a new, frozen :class:`State` left out of ``__init__`` (its board index);
bound once for the hot path."""


@attrs.frozen(repr=False, getstate_setstate=False)
class State(CachedState):
    """A position of Polygon: everything, hidden parts included.

    States are immutable and compare, hash and pickle by value; build the
    first with :func:`~tilegames.polygon.new_game` and the next with
    :func:`~tilegames.polygon.apply`. A state is always inside a turn (the die
    rolled, the tiles drawn) until the game is over. ``str(state)`` is the
    plain-text picture of :func:`~tilegames.polygon.render_text`;
    ``repr(state)`` is one line, ``<polygon State: 2 players, turn 1, seat 0 to move>``.

    The fields below are the whole game, the set it was started with
    included. A state also caches a private index of the board for speed; it
    is not compared, hashed or pickled, and is rebuilt from :attr:`stacks`
    when missing.
    """

    stacks: tuple[Stack, ...]
    """Per space number (see :data:`SPACES`), its stack bottom to top, printed tile included.

    An empty space has ``()``; a printed space starts as ``("W",)`` or
    ``("X2",)`` and the START space as ``(start tile,)``. Only the top counts
    (POLY-12).
    """
    totals: tuple[int, ...]
    """Per seat, the running total (POLY-8)."""
    seat: Seat
    """The seat whose turn it is; once the game is over, the seat that played the last turn."""
    turn: int
    """The number of the turn in progress, counted from 1 (one more than the number of
    turns finished before it); once the game is over, the last turn's. (AXIO's ``turn``
    is the same number counted from 0.)"""
    symbol: Symbol
    """This turn's die symbol (POLY-9); the last turn's once the game is over."""
    drawn: tuple[Value, ...]
    """The drawn tiles not yet placed this turn, in :data:`VALUES` order (public, POLY-16).

    Empty exactly when the game is over.
    """
    placed: tuple[Cell, ...]
    """The space numbers where tiles were placed this turn, in order (discards leave none)."""
    bag: tuple[Value, ...]
    """The tiles still in the bag, the next to be drawn first (hidden, POLY-16)."""
    seed: int = attrs.field(metadata=WIDE_INT)
    """The generator state for the next die roll (hidden)."""
    aside: tuple[Value, ...] = ()
    """Tiles set aside unplayed because they had no legal place (POLY-11), in order."""
    start_draw: tuple[Round, ...] = ()
    """The start-order draw (POLY-7): per round, the ``(seat, tile)`` drawn, in seat order.

    Every seat draws in the first round; only the seats tied for highest draw
    in the next. The last round has a single highest tile: its seat starts,
    and that tile lies on START.
    """
    tiles: tuple[Value, ...] | None = attrs.field(default=None, metadata=OPTIONAL)
    """The game's set in :data:`VALUES` order when it is not :data:`STANDARD_TILES`, else ``None``.

    ``new_game(tiles=...)`` puts it here, so that the state knows its whole
    game: it round-trips through JSON and ``validate`` checks it against its set.
    """
    scoring: Scoring | None = attrs.field(default=None, metadata=OPTIONAL)
    """The game's scoring table (POLY-14) when it is not the spec's, else ``None``.

    ``new_game(scoring=...)`` puts it here, complete (120 rows, see
    :data:`Scoring`), so that the game replays, saves and loads with it.
    Added with spec v2.
    """
    board: Printing | None = attrs.field(default=None, metadata=OPTIONAL)
    """The board's printed tiles (POLY-4, POLY-14) when not :data:`STANDARD_BOARD`, else ``None``.

    ``new_game(board=...)`` puts them here; the bottom of each printed
    space's stack in :attr:`stacks` is its printed tile.
    Added with spec v2.
    """
    explicit: bool = attrs.field(default=False, metadata=_FORMERLY_CHANCE)
    """Whether chance is explicit (``new_game(chance="explicit")``): each random event is a
    step of its own (:attr:`step`). ``False`` in a seeded game (the default).

    In an explicit game :attr:`bag` holds the bag's contents in
    :data:`VALUES` order (the order of the draws is chance's, not the
    state's) and :attr:`seed` seeds nothing: it is kept for the record.

    .. versionchanged:: 0.1.0 named ``explicit`` (a bool, as in every game); it was
       ``chance``, the text ``"seeded"`` or ``"explicit"`` (``State.chance`` still reads
       it, deprecated, and a document holding ``"chance"`` still loads, deprecated).
    """
    step: Step = attrs.field(default=PLAY, metadata=OPTIONAL)
    """The chance step an explicit game waits for, one of :data:`STEPS`; ``""`` otherwise.

    ``"start"``: the start-order draw is under way (START is still empty,
    the seat, turn and symbol are 0, 1 and 0). ``"roll"``: the turn's die is
    to be rolled (:attr:`symbol` still shows the previous turn's, or 0
    before the first roll). ``"draw"``: the turn's tiles are being drawn
    (:attr:`first_drawn`). Always ``""`` in a seeded game.
    """
    first_drawn: tuple[Value, ...] = attrs.field(
        default=(), metadata=formerly("drawing", optional=True)
    )
    """In an explicit game's ``"draw"`` step, the tile drawn so far this turn (at most one).

    The turn's tiles move to :attr:`drawn` once both are drawn (or the one
    the bag held), so that :attr:`drawn` is not empty exactly when a seat
    is to place.

    .. versionchanged:: 0.1.0 named ``first_drawn``; it was ``drawing``, which in AXIO
       Rota names the chance step (``State.drawing`` still reads it, deprecated, and
       a document holding ``"drawing"`` still loads, deprecated).
    """
    _index: BoardIndex | None = attrs.field(default=None, init=False, eq=False, repr=False)

    def __str__(self) -> str:
        """The plain-text picture of the board and the totals (``render_text``)."""
        from tilegames.polygon._draw import render_text  # late: _draw imports this module

        return render_text(self)

    def __repr__(self) -> str:
        """One line: the seats, explicit chance, the turn, who moves."""
        return summary(self, len(self.totals), _facts(self.explicit, self.turn))

    @property
    def drawing(self) -> tuple[Value, ...]:
        """Deprecated: :attr:`first_drawn` (``drawing`` goes in the next release)."""
        warn_renamed("polygon.State.drawing", "State.first_drawn")
        return self.first_drawn

    @property
    def chance(self) -> str:
        """Deprecated: :attr:`explicit` in words, ``"explicit"`` or ``"seeded"`` (goes next)."""
        warn_renamed("polygon.State.chance", "State.explicit (a bool)")
        return _MODES[self.explicit]


@attrs.frozen(repr=False)
class View(Drawable):
    """What any seat may see of a state (POLY-16): built by :func:`~tilegames.polygon.view`.

    Everything but the bag's order and the seed: the board, the totals, the
    die, the drawn tiles and which tiles are left in the bag. ``str(view)`` is
    the same picture as for a state; :func:`~tilegames.polygon.determinize`
    samples a state from it.
    """

    seat: Seat | None
    """The seat this view is for; ``None`` in the public view (an onlooker's)."""
    to_move: tuple[Seat, ...]
    """The seats that may move now: ``(seat to move,)``, ``(CHANCE,)`` at a chance step of an
    explicit game, or ``()`` once the game is over."""
    stacks: tuple[Stack, ...]
    """Every stack, as in :attr:`State.stacks`."""
    totals: tuple[int, ...]
    """Every seat's running total."""
    turn: int
    """The number of the current turn, as in :attr:`State.turn`."""
    symbol: Symbol
    """This turn's die symbol."""
    drawn: tuple[Value, ...]
    """The drawn tiles not yet placed, as in :attr:`State.drawn`."""
    placed: tuple[Cell, ...]
    """The space numbers placed on this turn, as in :attr:`State.placed`."""
    bag_size: int
    """The number of tiles in the bag."""
    bag_contents: tuple[Value, ...]
    """The tiles in the bag, in :data:`VALUES` order: which they are is public (every
    tile of the set not in sight), the order they will be drawn in is not."""
    aside: tuple[Value, ...]
    """The tiles set aside, as in :attr:`State.aside`."""
    start_draw: tuple[Round, ...]
    """The start-order draw, as in :attr:`State.start_draw`."""
    tiles: tuple[Value, ...] | None = attrs.field(default=None, metadata=OPTIONAL)
    """The game's set, as in :attr:`State.tiles` (public: the box says what is in it)."""
    scoring: Scoring | None = attrs.field(default=None, metadata=OPTIONAL)
    """The game's scoring table, as in :attr:`State.scoring` (public)."""
    board: Printing | None = attrs.field(default=None, metadata=OPTIONAL)
    """The board's printed tiles, as in :attr:`State.board` (public)."""
    explicit: bool = attrs.field(default=False, metadata=_FORMERLY_CHANCE)
    """Whether chance is explicit, as in :attr:`State.explicit` (public).

    .. versionchanged:: 0.1.0 named ``explicit``; it was ``chance`` (see :attr:`State.explicit`).
    """
    step: Step = attrs.field(default=PLAY, metadata=OPTIONAL)
    """The chance step the game waits for, as in :attr:`State.step` (public)."""
    first_drawn: tuple[Value, ...] = attrs.field(
        default=(), metadata=formerly("drawing", optional=True)
    )
    """The tile drawn so far in a ``"draw"`` step, as in :attr:`State.first_drawn` (public).

    .. versionchanged:: 0.1.0 named ``first_drawn``; it was ``drawing`` (see
       :attr:`State.first_drawn`).
    """

    def __str__(self) -> str:
        """The plain-text picture (``render_text``)."""
        from tilegames.polygon._draw import render_text  # late: _draw imports this module

        return render_text(self)

    def __repr__(self) -> str:
        """One line, as a state's, naming the seat the view is for."""
        facts = _facts(self.explicit, self.turn)
        return summary(self, len(self.totals), facts, seat=self.seat, to_move=self.to_move)

    @property
    def drawing(self) -> tuple[Value, ...]:
        """Deprecated: :attr:`first_drawn` (``drawing`` goes in the next release)."""
        warn_renamed("polygon.View.drawing", "View.first_drawn")
        return self.first_drawn

    @property
    def chance(self) -> str:
        """Deprecated: :attr:`explicit` in words, ``"explicit"`` or ``"seeded"`` (goes next)."""
        warn_renamed("polygon.View.chance", "View.explicit (a bool)")
        return _MODES[self.explicit]


def _facts(explicit: bool, turn: int) -> list[str]:
    """What a state's or view's repr says besides the seats and who moves."""
    return [*(["explicit chance"] if explicit else []), f"turn {turn}"]
