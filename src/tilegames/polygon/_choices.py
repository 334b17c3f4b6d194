"""Polygon's moves picked part by part, as a person plays: tile, then space.

Each placement of the turn is one move: the person picks which drawn tile to
place (POLY-10), then the space for it (an empty space or the top of a
stack), or sets it aside when it has no legal place (POLY-11).
:func:`choices` offers:

1. ``"tile"``: a drawn tile's value (``"3"``, ``"W"``, ``"X2"``);
2. ``"cell"``: the space ``(q, r)``, or ``"aside"`` to set the tile aside.

At a chance step of an explicit game the one part is the ``"outcome"``:
each :class:`Draw` or :class:`Roll` is an option of its own.

>>> from tilegames import polygon
>>> state = polygon.new_game(seed=7)
>>> first = choices(state)
>>> first.kind, list(first.options)
('tile', ['2', '4'])
>>> space = choices(state, ("4",))
>>> space.kind, list(space.options)
('cell', [(1, 0), (0, 1)])
>>> str(choices(state, ("4", (0, 1))).move)
'4@0,1'
"""

from __future__ import annotations

from typing import Final

from tilegames._core.checks import wrong_type
from tilegames._core.choices import Part, choices_function
from tilegames.polygon._model import NAME, TITLE, AnyMove, Draw, Place, Roll, State
from tilegames.polygon._rules import legal_moves, to_move

__all__ = ["ASIDE", "choices", "path"]

ASIDE = "aside"
"""The ``"cell"`` option that sets the tile aside (``Place(tile, None)``)."""


def path(move: AnyMove) -> tuple[Part, ...]:
    """The parts of a move in the order :func:`choices` offers them.

    >>> path(Place("X2", (1, -2))), path(Place("3", None))
    ((('tile', 'X2'), ('cell', (1, -2))), (('tile', '3'), ('cell', 'aside')))
    """
    if type(move) is Draw or type(move) is Roll:
        return (("outcome", move),)
    if type(move) is not Place:
        wrong_type("polygon.choices", f"a {TITLE} move", move, move=True)
    return (("tile", move.tile), ("cell", ASIDE if move.space is None else move.space))


choices: Final = choices_function(
    __name__, NAME, TITLE, State, to_move, legal_moves, lambda moves: path, "tile, then space"
)
