r"""AXIO Rota: square tiles whose coloured corners meet in circles.

The package is cut as every game is (see the development guide's table of a
game's modules); this module is the public face: import from here.

Every rule id quoted here (``ROTA-1`` .. ``ROTA-22``) is a rule of the
game's page in the documentation (:doc:`/games/axio-rota`). In short: players take
turns placing the tile in their hand next to the display, score each corner
of it for the matching colour symbols of the other tiles meeting at that
corner's grid vertex (its *circle*), and earn an extra turn (AXIO!) for each
colour that reaches 12. The player whose lowest colour is highest wins.

A game is a chain of immutable :class:`State` values::

    >>> from tilegames import axio_rota as rota
    >>> state = rota.new_game(players=2, seed=7)
    >>> move = rota.legal_moves(state)[0]
    >>> rota.format_move(move), rota.score_move(state, move)
    ('-1,-2:0', (0, 0, 0, 0, 0))
    >>> rota.to_move(rota.apply(state, move))
    (1,)

Coordinates are those of :mod:`tilegames.geometry.square`: cell ``(x, y)``
with ``x`` to the right and ``y`` down, and a tile's corners numbered
clockwise from the top left. The start square covers the four cells around
grid vertex ``(0, 0)``::

          x = -1    x = 0
        +-------+-------+
        | 0   1 | 0   1 |   y = -1
        | 3   2 | 3   2 |
        +-------(0,0)---+          the centre vertex (0, 0)
        | 0   1 | 0   1 |   y = 0
        | 3   2 | 3   2 |
        +-------+-------+

A state carries everything it was started with, so it round-trips through
JSON on its own; a custom set travels in :attr:`State.tiles`::

    >>> from tilegames.serialize import from_json, to_json
    >>> custom = rota.new_game(seed=5, tiles=["RGBO"] * 16, players=1)
    >>> from_json(to_json(custom), rota.State) == custom
    True
"""

from __future__ import annotations

from typing import Final

from tilegames._core.rules import GameRules, Setup
from tilegames.axio_rota._agents import determinize, evaluate
from tilegames.axio_rota._choices import choices as choices
from tilegames.axio_rota._draw import WORDS, render_text
from tilegames.axio_rota._draw import draw as draw
from tilegames.axio_rota._draw import move_cells as move_cells
from tilegames.axio_rota._draw import pictures as pictures
from tilegames.axio_rota._encoding import encoding as encoding
from tilegames.axio_rota._model import (
    BLUE,
    COLOUR_LETTERS,
    COLOURS,
    GREEN,
    MOVE_TYPES,
    NAME,
    ORANGE,
    PURPLE,
    RED,
    STACK_SIZE,
    STANDARD_TILES,
    TITLE,
    TRACK_CAP,
    UNSEEN,
    AnyMove,
    Colour,
    Draw,
    Move,
    Place,
    Points,
    Reveal,
    State,
    Tile,
    Unseen,
    View,
)
from tilegames.axio_rota._moves import LegalMoves
from tilegames.axio_rota._notation import format_move, format_tile, parse_move, parse_tile
from tilegames.axio_rota._rules import (
    OPTIONS,
    apply,
    chance_outcomes,
    hand,
    is_over,
    legal_moves,
    new_game,
    outcome,
    players,
    score_move,
    scores,
    stack_sizes,
    supply_size,
    tile_to_place,
    tiles_on_display,
    to_move,
    view,
    why_illegal,
)
from tilegames.axio_rota._tables import START_CELLS
from tilegames.axio_rota._validate import validate

__all__ = [
    "BLUE",
    "COLOURS",
    "COLOUR_LETTERS",
    "GREEN",
    "ORANGE",
    "PURPLE",
    "RED",
    "RULES",
    "STACK_SIZE",
    "STANDARD_TILES",
    "START_CELLS",
    "TRACK_CAP",
    "UNSEEN",
    "AnyMove",
    "Colour",
    "Draw",
    "LegalMoves",
    "Move",
    "Place",
    "Points",
    "Reveal",
    "State",
    "Tile",
    "Unseen",
    "View",
    "apply",
    "chance_outcomes",
    "choices",
    "determinize",
    "evaluate",
    "format_move",
    "format_tile",
    "hand",
    "is_over",
    "legal_moves",
    "new_game",
    "outcome",
    "parse_move",
    "parse_tile",
    "players",
    "render_text",
    "score_move",
    "scores",
    "stack_sizes",
    "supply_size",
    "tile_to_place",
    "tiles_on_display",
    "to_move",
    "validate",
    "view",
    "why_illegal",
]

_SETUPS: Final = (Setup(2), Setup(1), Setup(3), Setup(4))
RULES: Final[GameRules[State, Move]] = GameRules.collect(
    globals(), NAME, TITLE, _SETUPS, move_types=MOVE_TYPES, options=OPTIONS, words=WORDS
)
"""This package's functions as a :class:`~tilegames.Rules`; also ``tilegames.get("axio-rota")``."""
