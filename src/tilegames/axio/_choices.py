"""AXIO's moves picked part by part, as a person plays: tile, cell, second cell.

A person takes a tile from the rack, puts one half on a cell, then the other
half on a neighbouring cell. :func:`choices` offers the parts in that order:

1. ``"tile"``: a rack tile ``(a, b)`` (lower colour first), or ``"decline"``
   while a bonus placement is owed (AXIO-11);
2. ``"cell"``: the cell of the tile's **lower** colour ``a``; for a double
   (``a == b``) the cell of the two that comes first in reading order, so
   that a double on two cells has one path;
3. ``"second_cell"``: the cell of the other half.

When a swap is offered (AXIO-12) the only part is ``"swap"``, with the
options ``"swap"`` and ``"keep"``.

>>> from tilegames import axio
>>> state = axio.new_game(seed=1)
>>> first = choices(state)
>>> first.kind, sorted(first.options)[:2]
('tile', [(0, 2), (1, 4)])
>>> choices(state, ((0, 2), (1, -5))).kind
'second_cell'
>>> str(choices(state, ((0, 2), (1, -5), (2, -5))).move)
'R1,-5/B2,-5'
"""

from __future__ import annotations

from typing import Final

from tilegames._core.checks import wrong_type
from tilegames._core.choices import Part, choices_function
from tilegames.axio._model import NAME, TITLE, AnyMove, Decline, Place, State, SwapChoice
from tilegames.axio._rules import legal_moves, to_move


def path(move: AnyMove) -> tuple[Part, ...]:
    """The parts of a move in the order :func:`choices` offers them.

    >>> from tilegames.axio._model import Place
    >>> path(Place(((0, 0), (1, 0)), (2, 0)))
    (('tile', (0, 2)), ('cell', (1, 0)), ('second_cell', (0, 0)))
    """
    if type(move) is SwapChoice:
        return (("swap", "swap" if move.swap else "keep"),)
    if type(move) is Decline:
        return (("tile", "decline"),)
    if type(move) is not Place:
        wrong_type("axio.choices", f"an {TITLE} move", move, move=True)
    (one, two), (a, b) = move.cells, move.colours
    if b < a:
        one, two = two, one
    return (("tile", (min(a, b), max(a, b))), ("cell", one), ("second_cell", two))


choices: Final = choices_function(
    __name__,
    NAME,
    TITLE,
    State,
    to_move,
    legal_moves,
    lambda moves: path,
    "tile, cell, second cell",
)
