r"""Aztack: domino stones stacked into a pyramid, matching colours or glyphs.

The package is cut as every game is (see the development guide's table of a
game's modules); this module is the public face: import from here.

The rules are given rule by rule on the Aztack page of this documentation;
every rule id quoted here (``AZT-1`` .. ``AZT-20``) is one of them. In short: twelve stones lie
face up as the base of a pyramid; each player holds twelve stones, face up.
In turn, a player lays one stone flat across two different stones below it so
that both colours, or both glyphs, match the halves it covers; matching both
colours *and* both glyphs lets the player discard a stone as well. Whoever
empties their supply first wins; if everybody is stuck, the fewest stones win.
In the *speed stack* variant there are no turns: anybody who can place may.

A game is a chain of immutable :class:`State` values::

    >>> from tilegames import aztack
    >>> state = aztack.new_game(players=2, seed=7)
    >>> moves = aztack.legal_moves(state)
    >>> len(moves), aztack.format_move(moves[0])
    (86, '0:46@0,0/1,0')
    >>> after = aztack.apply(state, moves[0])
    >>> aztack.to_move(after), aztack.stones_left(after)
    ((1,), (11, 12))

Coordinates are those of :mod:`tilegames.geometry.pyramid`: cell ``(x, y)``,
``x`` along the rows (0..5) and ``y`` across them (0..3); cell number
``y * 6 + x``. Each base stone lies across its row::

            x:  0     1     2     3     4     5
          y 0 +-----+-----+-----+-----+-----+-----+
              |  first row: the stone in column x |
          y 1 |  covers (x, 0) and (x, 1)         |
              +-----+-----+-----+-----+-----+-----+
          y 2 |  second row: (x, 2) and (x, 3)    |
          y 3 |                                   |
              +-----+-----+-----+-----+-----+-----+

A new stone covers two orthogonally adjacent cells, along a row (``(x, y)``
and ``(x + 1, y)``) or across (``(x, y)`` and ``(x, y + 1)``). A
:class:`Place` move names the stone, the cell under its first half and the
cell under its second half: the order of the two cells is the orientation.

How it is fast: see the *Speed* section of the game's page.
"""

from __future__ import annotations

from typing import Final

from tilegames._core.rules import GameRules, Setup
from tilegames.aztack._agents import determinize, evaluate
from tilegames.aztack._choices import choices as choices
from tilegames.aztack._draw import WORDS, render_text
from tilegames.aztack._draw import draw as draw
from tilegames.aztack._draw import move_cells as move_cells
from tilegames.aztack._draw import pictures as pictures
from tilegames.aztack._encoding import encoding as encoding
from tilegames.aztack._explicit import ChanceMoves
from tilegames.aztack._model import (
    BASE_STONES,
    BLUE,
    COLOUR_LETTERS,
    COLOURS,
    DEER,
    DEPTH,
    FLINT,
    FLOWER,
    GLYPH_LETTERS,
    GLYPHS,
    GREEN,
    GREY,
    MAX_PLAYERS,
    MIN_PLAYERS,
    MODES,
    NAME,
    ORANGE,
    RED,
    STANDARD_STONES,
    SUPPLY_SIZE,
    TITLE,
    WATER,
    WIDTH,
    AnyMove,
    Colour,
    Deal,
    Glyph,
    Half,
    Lay,
    Match,
    Move,
    MoveBase,
    Pass,
    Place,
    State,
    Stone,
    StoneSet,
    View,
)
from tilegames.aztack._moves import LegalMoves
from tilegames.aztack._notation import (
    format_half,
    format_move,
    format_stone,
    parse_move,
    parse_stone,
)
from tilegames.aztack._rules import (
    OPTIONS,
    apply,
    can_place,
    chance_outcomes,
    heights,
    is_over,
    legal_moves,
    mode,
    new_game,
    outcome,
    players,
    score_move,
    stones_left,
    supply,
    to_move,
    tops,
    view,
    why_illegal,
)
from tilegames.aztack._validate import validate

__all__ = [
    "BASE_STONES",
    "BLUE",
    "COLOURS",
    "COLOUR_LETTERS",
    "DEER",
    "DEPTH",
    "FLINT",
    "FLOWER",
    "GLYPHS",
    "GLYPH_LETTERS",
    "GREEN",
    "GREY",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "MODES",
    "ORANGE",
    "RED",
    "RULES",
    "STANDARD_STONES",
    "SUPPLY_SIZE",
    "WATER",
    "WIDTH",
    "AnyMove",
    "ChanceMoves",
    "Colour",
    "Deal",
    "Glyph",
    "Half",
    "Lay",
    "LegalMoves",
    "Match",
    "Move",
    "MoveBase",
    "Pass",
    "Place",
    "State",
    "Stone",
    "StoneSet",
    "View",
    "apply",
    "can_place",
    "chance_outcomes",
    "choices",
    "determinize",
    "evaluate",
    "format_half",
    "format_move",
    "format_stone",
    "heights",
    "is_over",
    "legal_moves",
    "mode",
    "new_game",
    "outcome",
    "parse_move",
    "parse_stone",
    "players",
    "render_text",
    "score_move",
    "stones_left",
    "supply",
    "to_move",
    "tops",
    "validate",
    "view",
    "why_illegal",
]

_SETUPS: Final = (
    Setup(2),
    Setup(3),
    Setup(4),
    Setup(2, {"mode": "speed"}),
    Setup(3, {"mode": "speed"}),
    Setup(4, {"mode": "speed"}),
)
RULES: Final[GameRules[State, Move]] = GameRules.collect(
    globals(),
    NAME,
    TITLE,
    _SETUPS,
    move_types=(Place, Pass, Lay, Deal),
    search_endgame=24,
    options=OPTIONS,
    words=WORDS,
)
"""This package's functions as a :class:`~tilegames.Rules`; also ``tilegames.get("aztack")``."""
