"""Aztack's moves picked part by part, as a person plays: stone, cell, second cell, discard.

A person takes a stone from their supply, lays its first half on a cell and
its second half on a neighbouring cell (the order is the stone's
orientation, AZT-7), and after a placement matching both colours and both
glyphs may discard another stone (AZT-13). :func:`choices` offers:

1. ``"stone"``: the id of a stone in the seat's supply (of stones alike,
   only the lowest id, as ``legal_moves`` lists them); when the only move is
   to pass (AZT-14), the one part is ``"pass"`` with the option ``"pass"``;
2. ``"cell"``: the cell ``(x, y)`` under the first half;
3. ``"second_cell"``: the cell under the second half (a stone whose halves
   are alike is offered one way round only, so it has one path);
4. ``"discard"``: only for a placement that earns the bonus and leaves a
   stone to discard: ``None`` (discard nothing) or a stone's id.

In the speed stack several seats may place at once: pass ``seat`` to get
that seat's choices, or the first part is the ``"seat"``.

>>> from tilegames import aztack
>>> state = aztack.new_game(seed=3)
>>> first = choices(state)
>>> first.kind, list(first.options)[:3]
('stone', [5, 11, 57])
>>> choices(state, (5,)).kind, choices(state, (5, (1, 0))).kind
('cell', 'second_cell')
>>> str(choices(state, (5, (1, 0), (0, 0))).move)
'0:5@1,0/0,0'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from tilegames._core.checks import wrong_type
from tilegames._core.choices import Part, choices_function
from tilegames.aztack._model import NAME, TITLE, Move, Pass, Place, State
from tilegames.aztack._rules import legal_moves, to_move

__all__ = ["choices", "path_maker"]


def path_maker(moves: Sequence[Move]) -> Callable[[Move], tuple[Part, ...]]:
    """A function giving each of ``moves`` its parts, in the order :func:`choices` offers them.

    The ``"discard"`` part is there for every placement of a stone on cells
    where some listed move discards.

    >>> path = path_maker([Place(0, 5, (1, 0), (0, 0)), Place(0, 5, (1, 0), (0, 0), 7)])
    >>> path(Place(0, 5, (1, 0), (0, 0)))
    (('stone', 5), ('cell', (1, 0)), ('second_cell', (0, 0)), ('discard', None))
    """
    discarding = {
        (move.seat, move.stone, move.first, move.second)
        for move in moves
        if type(move) is Place and move.discard is not None
    }

    def path(move: Move) -> tuple[Part, ...]:
        if type(move) is Pass:
            return (("pass", "pass"),)
        if type(move) is not Place:
            wrong_type(f"{NAME}.choices", f"an {TITLE} move", move, move=True)
        parts: tuple[Part, ...] = (
            ("stone", move.stone),
            ("cell", move.first),
            ("second_cell", move.second),
        )
        if (move.seat, move.stone, move.first, move.second) in discarding:
            return (*parts, ("discard", move.discard))
        return parts

    return path


choices: Final = choices_function(
    __name__, NAME, TITLE, State, to_move, legal_moves, path_maker, "stone, cells, discard"
)
