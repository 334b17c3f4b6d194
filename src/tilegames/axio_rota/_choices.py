"""AXIO Rota's moves picked part by part, as a person plays: cell, rotation, colour.

A person holds the one tile to place, picks an empty cell next to the
display, turns the tile, and names a colour for its empty corner when that
corner touches another tile (ROTA-12, ROTA-13). :func:`choices` offers:

1. ``"cell"``: the cell;
2. ``"rotation"``: quarter turns clockwise, 0..3; a rotation that gives the
   same corners as a smaller one is not offered (``legal_moves`` lists each
   physical placement once), so a symmetric tile has one path per placement;
3. ``"colour"``: the colour named for the empty corner, only when the move
   names one.

In an explicit game a chance step offers one part, ``"tile"``: a tile turned
up, or :data:`~tilegames.axio_rota.UNSEEN`; a seat holding a tile drawn unseen
picks the ``"tile"`` it names first, then the three parts above.

>>> from tilegames import axio_rota
>>> state = axio_rota.new_game(seed=1)
>>> first = choices(state)
>>> first.kind, len(first.options), first.move
('cell', 8, None)
>>> turn = choices(state, ((1, 0),))
>>> turn.kind, list(turn.options)
('rotation', [0, 1, 2, 3])
>>> done = choices(state, ((1, 0), 2))
>>> done.kind, str(done.move)
('done', '1,0:2')
"""

from __future__ import annotations

from typing import Final

from tilegames._core.checks import wrong_type
from tilegames._core.choices import Part, choices_function
from tilegames.axio_rota._model import NAME, TITLE, AnyMove, Draw, Place, Reveal, State, Unseen
from tilegames.axio_rota._rules import legal_moves, to_move


def path(move: AnyMove) -> tuple[Part, ...]:
    """The parts of a move in the order :func:`choices` offers them.

    >>> path(Place((1, -1), 3, 2))
    (('cell', (1, -1)), ('rotation', 3), ('colour', 2))
    """
    if type(move) is Draw:
        return (("tile", move.tile),)
    if type(move) is Unseen:
        return (("tile", move),)
    if type(move) is Reveal:
        return (("tile", move.tile), *path(move.move))
    if type(move) is not Place:
        wrong_type("axio_rota.choices", f"an {TITLE} move", move, move=True)
    parts: tuple[Part, ...] = (("cell", move.cell), ("rotation", move.rotation))
    return parts if move.named is None else (*parts, ("colour", move.named))


choices: Final = choices_function(
    __name__,
    NAME,
    TITLE,
    State,
    to_move,
    legal_moves,
    lambda moves: path,
    "cell, rotation, colour",
)
