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
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NoReturn

from tilegames._core.checks import wrong_type
from tilegames._core.choices import Choice, Part, game_choices, same_path
from tilegames.axio._model import _A_STATE, NAME, TITLE, AnyMove, Decline, Place, State, SwapChoice
from tilegames.axio._rules import legal_moves, to_move

__all__ = ["choices", "path"]


def path(move: AnyMove) -> tuple[Part, ...]:
    """The parts of a move in the order :func:`choices` offers them.

    >>> from tilegames.axio._model import Place
    >>> path(Place(((0, 0), (1, 0)), (2, 0)))
    (('tile', (0, 2)), ('cell', (1, 0)), ('second_cell', (0, 0)))
    """
    if type(move) is Place:
        (one, two), (a, b) = move.cells, move.colours
        if b < a:
            one, two = two, one
        return (("tile", (min(a, b), max(a, b))), ("cell", one), ("second_cell", two))
    if type(move) is SwapChoice:
        return (("swap", "swap" if move.swap else "keep"),)
    if type(move) is Decline:
        return (("tile", "decline"),)
    return _not_a_move(move)


def _not_a_move(move: object) -> NoReturn:
    wrong_type("axio.choices", f"an {TITLE} move", move, move=True)


def choices(
    state: State, picked: Sequence[object] = (), *, seat: int | None = None
) -> Choice[AnyMove]:
    """The next part of a move to pick after ``picked``: tile, cell, second cell (see above).

    >>> from tilegames import axio
    >>> state = axio.new_game(seed=1)
    >>> first = choices(state)
    >>> first.kind, sorted(first.options)[:2]
    ('tile', [(0, 2), (1, 4)])
    >>> choices(state, ((0, 2), (1, -5))).kind
    'second_cell'
    >>> str(choices(state, ((0, 2), (1, -5), (2, -5))).move)
    'R1,-5/B2,-5'

    Args:
        state: the position.
        picked: the options picked so far, one per part.
        seat: the seat that picks (it must be the seat to move), or ``None``.

    Returns:
        A :class:`~tilegames.Choice`: the ``kind`` of the next part, its
        ``options`` (in the order ``legal_moves`` first lists a move through
        each), and ``move`` once only one legal move is left.

    Raises:
        WrongTypeError: if ``state`` is no AXIO State or ``picked`` not a tuple.
        IllegalMoveError: if a part picked is not offered, naming it and the options.
    """
    if type(state) is not State:
        wrong_type("axio.choices", _A_STATE, state)
    return game_choices(NAME, state, to_move, legal_moves, same_path(path), picked, seat)
