r"""Polygon: hex tiles on a hex board, a die of symbols, and groupings of three.

The package is cut as every game is (see the development guide's table of a
game's modules); this module is the public face: import from here.

Every rule id quoted here (``POLY-1`` .. ``POLY-16``) is a rule of the
Polygon page of the documentation, which also lists each ``[decision]``
taken where the rule sheet is silent. In short: each turn the player rolls
the die for a symbol (blue circle, red diamond or gold star), draws two
tiles and places them one at a time next to tiles in play through a corner
of that symbol, or stacks them on other tiles. Three tiles meeting at a
corner of the turn's symbol form a *grouping*; a grouping whose values make
a combination (three of a kind, a run, three WILD, with WILD and X tiles as
any number) scores. The highest total when the bag runs out wins.

A game is a chain of immutable :class:`State` values; the die roll and the
draw happen inside :func:`apply` at the end of each turn, from the seed the
state carries::

    >>> from tilegames import polygon
    >>> state = polygon.new_game(players=2, seed=7)
    >>> polygon.to_move(state), polygon.drawn(state)
    ((1,), ('2', '4'))
    >>> moves = polygon.legal_moves(state)
    >>> after = polygon.apply(state, moves[0])
    >>> polygon.drawn(after)
    ('4',)

The board is the radius-4 area of :mod:`tilegames.geometry.hexagon` (61
spaces, numbered row by row as :data:`SPACES`). A space is ``(q, r)``
in axial coordinates, ``q`` to the east and ``r`` to the south-east. Three
spaces ``(q, r), (q+1, r), (q, r+1)`` meet at a *scoring corner* of symbol
``(q - r) % 3`` (POLY-5)::

        (q,r) --- (q+1,r)         each space touches three scoring corners,
             \   /                one of each symbol; two neighbouring spaces
            (q,r+1)               share exactly one of them

How it is fast: see the *Speed* section of the game's page.

A state knows its whole game: a custom set, scoring table or printed board
given to :func:`new_game` travels in it (:attr:`State.tiles`,
:attr:`State.scoring`, :attr:`State.board`), so that every state
round-trips through :mod:`tilegames.serialize` and :func:`validate` counts
its tiles against its set. The rules are those of spec v2: every placement,
stacking included, needs a corner of the turn's symbol shared with another
played tile (POLY-11), and a WILD goes only on a number (POLY-12).

``new_game(..., chance="explicit")`` makes every random event a step of the
chance seat (:data:`tilegames.CHANCE`): each tile of the start-order draw
and of each turn's draw is a :class:`Draw`, each turn's die a :class:`Roll`,
with exact probabilities from :func:`chance_outcomes`. Drawn tiles are
public (POLY-16), so Polygon has no unseen draw.
"""

from __future__ import annotations

from typing import Final

from tilegames._core.rules import GameRules, Setup
from tilegames.polygon._agents import determinize, evaluate
from tilegames.polygon._choices import choices as choices
from tilegames.polygon._draw import WORDS, render_text
from tilegames.polygon._draw import draw as draw
from tilegames.polygon._draw import move_cells as move_cells
from tilegames.polygon._draw import pictures as pictures
from tilegames.polygon._encoding import encoding as encoding
from tilegames.polygon._model import (
    CIRCLE,
    COMBINATIONS,
    DIAMOND,
    DIE_FACES,
    MAX_PLAYERS,
    MAX_POINTS,
    MIN_PLAYERS,
    NAME,
    PRINTED,
    RADIUS,
    SPACES,
    STANDARD_BOARD,
    STANDARD_TILES,
    STAR,
    START,
    SYMBOLS,
    TITLE,
    VALUES,
    WILD,
    X2,
    X3,
    Action,
    AnyMove,
    Draw,
    Move,
    Place,
    Printing,
    Roll,
    Scoring,
    State,
    Symbol,
    Value,
    View,
)
from tilegames.polygon._moves import LegalMoves
from tilegames.polygon._notation import format_move, parse_move
from tilegames.polygon._rules import (
    OPTIONS,
    apply,
    bag_size,
    chance_outcomes,
    combination_value,
    drawn,
    is_over,
    legal_moves,
    new_game,
    outcome,
    placed,
    players,
    printed_tiles,
    score_move,
    scoring_of,
    scoring_table,
    stacks,
    start_draw,
    starter,
    to_move,
    totals,
    turn_symbol,
    view,
    why_illegal,
)
from tilegames.polygon._tables import STANDARD_SCORING
from tilegames.polygon._validate import validate

__all__ = [
    "CIRCLE",
    "COMBINATIONS",
    "DIAMOND",
    "DIE_FACES",
    "MAX_PLAYERS",
    "MAX_POINTS",
    "MIN_PLAYERS",
    "PRINTED",
    "RADIUS",
    "RULES",
    "SPACES",
    "STANDARD_BOARD",
    "STANDARD_SCORING",
    "STANDARD_TILES",
    "STAR",
    "START",
    "SYMBOLS",
    "VALUES",
    "WILD",
    "X2",
    "X3",
    "Action",
    "AnyMove",
    "Draw",
    "LegalMoves",
    "Move",
    "Place",
    "Printing",
    "Roll",
    "Scoring",
    "State",
    "Symbol",
    "Value",
    "View",
    "apply",
    "bag_size",
    "chance_outcomes",
    "choices",
    "combination_value",
    "determinize",
    "drawn",
    "evaluate",
    "format_move",
    "is_over",
    "legal_moves",
    "new_game",
    "outcome",
    "parse_move",
    "placed",
    "players",
    "printed_tiles",
    "render_text",
    "score_move",
    "scoring_of",
    "scoring_table",
    "stacks",
    "start_draw",
    "starter",
    "to_move",
    "totals",
    "turn_symbol",
    "validate",
    "view",
    "why_illegal",
]


_SETUPS: Final = (Setup(2), Setup(3), Setup(4))
RULES: Final[GameRules[State, Move]] = GameRules.collect(
    globals(), NAME, TITLE, _SETUPS, move_types=(Place, Draw, Roll), options=OPTIONS, words=WORDS
)
"""This package's functions as a :class:`~tilegames.Rules`; also ``tilegames.get("polygon")``."""
