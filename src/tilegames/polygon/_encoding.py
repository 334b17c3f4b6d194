"""Polygon's fixed actions and observations for :mod:`tilegames.envs` (see ``_core.encoding``).

Actions (496, every setup): ``value * 62 + place``, where ``value`` is the
tile's index in :data:`VALUES` (``1 .. 5, W, X2, X3``) and ``place`` the
space number (reading order of :data:`SPACES`, 0..60) or 61 to set the tile
aside (POLY-11).

Observation parts, seats counted from the viewer (index 0 is the seat itself):

``board`` (9, 61)
    rows 0..7: 1 where a tile of that value is on top of the space; row 8:
    the number of tiles on the space (its printed tile included).
``placed`` (61,)
    1 on the spaces placed on this turn.
``drawn``, ``bag``, ``aside`` (8,)
    how many tiles of each value are drawn (to place now), in the bag, set aside.
``die`` (3,)
    this turn's symbol, one-hot (circle, diamond, star).
``totals`` (players,), ``to_move`` (players,)
    every seat's running total; 1 for the seat to move.
``turn`` (1,)
    the turn number.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from tilegames._core.encoding import Block, Encoding, Part
from tilegames._core.rules import Seat
from tilegames.polygon._model import CELL, ORDER, SIZE, SPACES, SYMBOLS, TITLE, VALUES, Place, View

PLACES: Final = SIZE + 1
"""Per value, the spaces and the place aside (the last)."""
ASIDE: Final = SIZE
"""The place number of setting a tile aside."""
ACTIONS: Final = len(VALUES) * PLACES


def size(position: Any) -> int:
    """The number of actions: the same for every setup (:data:`ACTIONS`)."""
    return ACTIONS


def action_of(position: Any, move: Place) -> int:
    """The action of a move (see the module docs)."""
    if type(move) is not Place:
        msg = f"not a {TITLE} move: {move!r}"
        raise ValueError(msg)
    space = move.space
    if space is None:
        place = ASIDE
    else:
        place = CELL.get(space, -1)
        if place < 0:
            msg = f"space {space} of move {move} is not on the board"
            raise ValueError(msg)
    return ORDER[move.tile] * PLACES + place


def move_of(position: Any, action: int, seat: Seat = 0) -> Place:
    """The move of an action (see the module docs)."""
    if type(action) is not int or not 0 <= action < ACTIONS:
        msg = f"a {TITLE} action is an int 0..{ACTIONS - 1}, not {action!r}"
        raise ValueError(msg)
    value, place = divmod(action, PLACES)
    return Place(VALUES[value], None if place == ASIDE else SPACES[place])


def legal_actions(state: Any, moves: Sequence[Place]) -> list[Block]:
    """The actions of the legal moves, without the checks of :func:`action_of`."""
    order, cell = ORDER, CELL
    actions = [
        order[m.tile] * PLACES + (ASIDE if m.space is None else cell[m.space]) for m in moves
    ]
    return [((0,), actions)]


def _counts(values: Sequence[str]) -> list[int]:
    counts = [0] * len(VALUES)
    for value in values:
        counts[ORDER[value]] += 1
    return counts


def observe(view: View) -> Mapping[str, Part]:
    """The observation of the view's seat (see the module docs)."""
    board = [0] * ((len(VALUES) + 1) * SIZE)
    heights = len(VALUES) * SIZE
    order = ORDER
    for cell, stack in enumerate(view.stacks):
        if stack:
            board[order[stack[-1]] * SIZE + cell] = 1
            board[heights + cell] = len(stack)
    placed = [0] * SIZE
    for cell in view.placed:
        placed[cell] = 1
    players = len(view.totals)
    first = view.seat or 0  # the public view (seat None) is seen from seat 0's side
    seats = [(first + i) % players for i in range(players)]
    die = [0] * len(SYMBOLS)
    die[view.symbol] = 1
    movers = view.to_move
    return {
        "board": Part((len(VALUES) + 1, SIZE), board),
        "placed": Part((SIZE,), placed),
        "drawn": Part((len(VALUES),), _counts(view.drawn)),
        "bag": Part((len(VALUES),), _counts(view.bag_contents)),
        "aside": Part((len(VALUES),), _counts(view.aside)),
        "die": Part((len(SYMBOLS),), die),
        "totals": Part((players,), [view.totals[s] for s in seats]),
        "to_move": Part((players,), [int(s in movers) for s in seats]),
        "turn": Part((1,), [view.turn]),
    }


def points(view: View, seat: Seat) -> tuple[int, ...]:
    """The seat's running total."""
    return (view.totals[seat],)


encoding: Final = Encoding.collect(globals())
"""Polygon's :class:`~tilegames._core.encoding.Encoding`."""
