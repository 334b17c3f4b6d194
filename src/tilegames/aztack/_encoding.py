"""Aztack's fixed actions and observations for :mod:`tilegames.envs` (see ``_core.encoding``).

A seat holds at most :data:`SUPPLY_SIZE` (12) stones, ascending by id: a
stone is named by its *slot*, its place in that order. The 6 x 4 grid has 38
adjacent pairs, 76 ordered ones (``(a, b)`` then ``(b, a)`` for each pair of
:func:`~tilegames.geometry.pyramid.adjacent_pairs`, cell numbers
``y * 6 + x``). Actions, the same for every setup, 11857 of them, each for
the seat that acts (a move carries its seat, AZT-17; in the speed stack every
seat has these actions):

``(slot * 76 + way) * 13 + discard``
    :class:`Place` of the stone in ``slot`` with its first half on the first
    cell of ordered pair ``way`` and its second on the other; ``discard`` 0
    for none, ``1 + slot`` to discard the stone in that slot (AZT-13);
``11856``
    :class:`Pass` (AZT-14).

Observation parts; seats are counted from the viewer (index 0 is its own):

``faces`` (20, 24)
    1 where the top half of a cell is of kind ``glyph * 5 + colour``.
``heights`` (24,)
    the stones under each cell.
``supplies`` (players, 12, 40)
    per seat and slot, a one-hot of the stone's first half kind (0..19) and
    of its second (20..39); all 0 for an empty slot.
``to_move`` (players,), ``recent`` (players,)
    1 for each seat that may move; each seat's rank by its last placement
    (0: has not placed, higher: more recent).
``turn_based`` (1,)
    1 in a turn game, 0 in the speed stack.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from tilegames._core.encoding import Block, Encoding, Part
from tilegames._core.rules import Seat
from tilegames.aztack._model import (
    COLOURS,
    DEPTH,
    KINDS,
    PAIRS,
    SUPPLY_SIZE,
    TITLE,
    WIDTH,
    Pass,
    Place,
    State,
    View,
)
from tilegames.aztack._tables import CELL_XY

WAYS: Final = tuple(
    way for a, b in PAIRS for way in ((CELL_XY[a], CELL_XY[b]), (CELL_XY[b], CELL_XY[a]))
)
"""The ordered pairs of adjacent cells, as ``(x, y)`` cells, each pair both ways in turn."""
WAY_OF: Final = {way: i for i, way in enumerate(WAYS)}
DISCARDS: Final = SUPPLY_SIZE + 1
PASS_ACTION: Final = SUPPLY_SIZE * len(WAYS) * DISCARDS
ACTIONS: Final = PASS_ACTION + 1


def _held(position: Any, seat: Seat) -> tuple[int, ...]:
    """The ids of the stones the seat holds, ascending."""
    if type(position) is View:
        return tuple(stone.id for stone in position.supplies[seat])
    if type(position) is State:
        return position.supplies[seat]
    msg = (
        f"an {TITLE} action names a stone by its slot in the seat's supply: "
        f"give a State or View, not {position!r}"
    )
    raise ValueError(msg)


def size(position: Any) -> int:
    """The number of actions: the same for every setup (:data:`ACTIONS`)."""
    return ACTIONS


def _slot(held: tuple[int, ...], stone: int, move: Any) -> int:
    try:
        slot = held.index(stone)
    except ValueError:
        msg = f"move {move}: seat {move.seat} holds no stone {stone}"
        raise ValueError(msg) from None
    if slot >= SUPPLY_SIZE:
        msg = f"move {move}: stone {stone} is past slot {SUPPLY_SIZE - 1} of the supply"
        raise ValueError(msg)
    return slot


def action_of(position: Any, move: Any) -> int:
    """The action of a move (see the module docs)."""
    kind = type(move)
    if kind is Pass:
        return PASS_ACTION
    if kind is not Place:
        msg = f"not an {TITLE} move: {move!r}"
        raise ValueError(msg)
    way = WAY_OF.get((move.first, move.second), -1)
    if way < 0:
        msg = f"move {move}: its cells are not adjacent cells of the grid"
        raise ValueError(msg)
    held = _held(position, move.seat)
    discard = 0 if move.discard is None else 1 + _slot(held, move.discard, move)
    return (_slot(held, move.stone, move) * len(WAYS) + way) * DISCARDS + discard


def move_of(position: Any, action: int, seat: Seat = 0) -> Any:
    """The move of ``seat`` that an action stands for (see the module docs)."""
    if type(action) is not int or not 0 <= action < ACTIONS:
        msg = f"an {TITLE} action is an int 0..{ACTIONS - 1}, not {action!r}"
        raise ValueError(msg)
    if action == PASS_ACTION:
        return Pass(seat)
    spot, discard = divmod(action, DISCARDS)
    slot, way = divmod(spot, len(WAYS))
    held = _held(position, seat)
    if slot >= len(held) or discard > len(held):
        msg = (
            f"action {action} names slot {max(slot, discard - 1)}, "
            f"but seat {seat} holds {len(held)} stones"
        )
        raise ValueError(msg)
    first, second = WAYS[way]
    return Place(seat, held[slot], first, second, None if discard == 0 else held[discard - 1])


def legal_actions(state: Any, moves: Sequence[Any]) -> list[Block]:
    """The actions of the legal moves (through :func:`action_of`, with each seat's slots once)."""
    slots: dict[Seat, dict[int, int]] = {}
    result = []
    ways, width = WAY_OF, len(WAYS)
    for move in moves:
        if type(move) is Pass:
            result.append(PASS_ACTION)
            continue
        seat = move.seat
        slot = slots.get(seat)
        if slot is None:
            slot = slots[seat] = {stone: i for i, stone in enumerate(_held(state, seat))}
        discard = 0 if move.discard is None else 1 + slot[move.discard]
        result.append(
            (slot[move.stone] * width + ways[move.first, move.second]) * DISCARDS + discard
        )
    return [((0,), result)]


def observe(view: View) -> Mapping[str, Part]:
    """The observation of the view's seat (see the module docs)."""
    cells = WIDTH * DEPTH
    faces = [0] * (KINDS * cells)
    for cell, kind in enumerate(view.faces):
        if kind >= 0:
            faces[kind * cells + cell] = 1
    players = len(view.supplies)
    first = view.seat or 0  # the public view (seat None) is seen from seat 0's side
    seats = [(first + i) % players for i in range(players)]
    colours = len(COLOURS)
    supplies = [0] * (players * SUPPLY_SIZE * 2 * KINDS)
    for row, seat in enumerate(seats):
        for slot, stone in enumerate(view.supplies[seat][:SUPPLY_SIZE]):
            at = (row * SUPPLY_SIZE + slot) * 2 * KINDS
            (c1, g1), (c2, g2) = stone.halves
            supplies[at + g1 * colours + c1] = 1
            supplies[at + KINDS + g2 * colours + c2] = 1
    order = sorted(set(view.last_placed))
    movers = view.to_move
    return {
        "faces": Part((KINDS, cells), faces),
        "heights": Part((cells,), list(view.pyramid.heights)),
        "supplies": Part((players, SUPPLY_SIZE, 2 * KINDS), supplies),
        "to_move": Part((players,), [int(s in movers) for s in seats]),
        "recent": Part(
            (players,),
            [order.index(view.last_placed[s]) + (0 if order[0] == 0 else 1) for s in seats],
        ),
        "turn_based": Part((1,), [int(view.whose_turn is not None)]),
    }


def points(view: View, seat: Seat) -> tuple[int, ...]:
    """Minus the stones the seat still holds: it gains a point per stone placed or discarded."""
    return (-len(view.supplies[seat]),)


encoding: Final = Encoding.collect(globals())
"""Aztack's :class:`~tilegames._core.encoding.Encoding`."""
