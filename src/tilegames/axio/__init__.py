r"""AXIO (hexagonal), known as *Ingenious*: two-hex tiles scored along straight lines.

The package is cut as every game is (see the development guide's table of a
game's modules); this module is the public face: import from here.

Every rule id quoted here (``AXIO-1`` .. ``AXIO-22``) is a rule of the AXIO
page of this documentation. In short: players take turns placing
a tile of two coloured hexes from their rack of six on two adjacent empty
cells; each hex scores one point in its colour for every hex of the same
colour in an unbroken straight line from it (five lines per hex, never
towards its twin). A track that reaches 18 earns a bonus placement (AXIO!),
which the player may make or decline. A player whose rack shows none of their
lowest colours may swap it. The
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

Coordinates are the axial ``(q, r)`` of :mod:`tilegames.geometry.hexagon`
(``q`` grows to the east, ``r`` to the south-east; that module draws the six
directions, numbered counter-clockwise from the east).

The playing area is every hex within 5, 6 or 7 steps of ``(0, 0)``
(AXIO-3); its cells are numbered row by row (``r``, then ``q``) as in
:func:`tilegames.geometry.hexagon.hex_area`, and that numbering is the
*reading order* used for moves and listings.

How it is fast: see the *Speed* section of the game's page (a private index
of the empty adjacent pairs, as the bits of one integer, carried in the state).
"""

from __future__ import annotations

from typing import Final

from tilegames._core.rules import GameRules, Setup
from tilegames.axio._agents import determinize, evaluate
from tilegames.axio._checks import OPTIONS
from tilegames.axio._choices import choices as choices
from tilegames.axio._draw import WORDS, render_text
from tilegames.axio._draw import draw as draw
from tilegames.axio._draw import move_cells as move_cells
from tilegames.axio._draw import pictures as pictures
from tilegames.axio._encoding import encoding as encoding
from tilegames.axio._explicit import chance_outcomes
from tilegames.axio._model import (
    BLUE,
    BOARD_RADIUS,
    COLOUR_LETTERS,
    COLOURS,
    DECLINE,
    EMPTY,
    GREEN,
    KEEP,
    MODES,
    NAME,
    ORANGE,
    PURPLE,
    RACK_SIZE,
    RED,
    SOLO_RACK_SIZE,
    STANDARD_TILES,
    START_CELLS,
    SWAP,
    TEAM_CAP,
    TITLE,
    TRACK_CAP,
    UNSEEN,
    YELLOW,
    AnyMove,
    Colour,
    Decline,
    Draw,
    Move,
    Place,
    Points,
    State,
    SwapChoice,
    Tile,
    Unseen,
    View,
)
from tilegames.axio._moves import LegalMoves, format_moves
from tilegames.axio._notation import (
    format_move,
    format_tile,
    parse_move,
    parse_tile,
)
from tilegames.axio._rules import (
    apply,
    bag_size,
    board,
    is_over,
    legal_moves,
    new_game,
    outcome,
    players,
    playing_area,
    rack,
    rack_sizes,
    score_move,
    scores,
    solo_score,
    to_move,
    view,
    why_illegal,
)
from tilegames.axio._validate import validate

__all__ = [
    "BLUE",
    "BOARD_RADIUS",
    "COLOURS",
    "COLOUR_LETTERS",
    "DECLINE",
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
    "UNSEEN",
    "YELLOW",
    "AnyMove",
    "Colour",
    "Decline",
    "Draw",
    "LegalMoves",
    "Move",
    "Place",
    "Points",
    "State",
    "SwapChoice",
    "Tile",
    "Unseen",
    "View",
    "apply",
    "bag_size",
    "board",
    "chance_outcomes",
    "choices",
    "determinize",
    "evaluate",
    "format_move",
    "format_moves",
    "format_tile",
    "is_over",
    "legal_moves",
    "new_game",
    "outcome",
    "parse_move",
    "parse_tile",
    "players",
    "playing_area",
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

_SETUPS: Final = (
    Setup(2),
    Setup(3),
    Setup(4),
    Setup(4, {"mode": "team"}),
    Setup(1, {"mode": "solo"}),
)
RULES: Final[GameRules[State, Move]] = GameRules.collect(
    globals(),
    NAME,
    TITLE,
    _SETUPS,
    move_types=(Place, SwapChoice, Decline, Draw, Unseen),
    options=OPTIONS,
    words=WORDS,
)
"""The package's functions as a :class:`~tilegames.Rules`; also ``tilegames.get("axio")``."""
