"""AXIO's fixed actions and observations for :mod:`tilegames.envs` (see ``_core.encoding``).

The playing area has ``N`` cells and ``E`` adjacent pairs (AXIO-3: radius 5
for 1 and 2 players, 6 for 3, 7 for 4; N = 91, 127, 169 and E = 240, 342,
462). Actions, ``36 * E + 3`` of them (8643, 12315, 16635):

``pair * 36 + first * 6 + second``
    :class:`Place` on adjacent pair ``pair`` (numbered as the area's pairs:
    sorted cell numbers, the cells in reading order), colour ``first`` on its
    first cell and ``second`` on its second (colours 0..5, AXIO-1 order);
``36 * E``, ``36 * E + 1``, ``36 * E + 2``
    :data:`SWAP`, :data:`KEEP` and :data:`DECLINE`.

Observation parts; tracks and seats are counted from the viewer (index 0 is
its own seat, or its own team in a team game):

``board`` (6, N)
    1 where a cell holds that colour (start cells included).
``rack`` (6, 6), ``revealed`` (6, 6)
    the tiles of the seat's rack, and those a swap just set aside: the count
    of tile ``(a, b)`` at ``[a][b]`` and at ``[b][a]``.
``tracks`` (T, 6)
    the score tracks (T = 1 solo, 2 in a team game, else one per seat).
``rack_sizes`` (players,), ``to_move`` (players,)
    each seat's rack size; 1 for the seat to move.
``phase`` (4,)
    bonus placements owed, whether the seat to move chooses to swap, the bag
    size and the turn number.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from tilegames._core.encoding import Bits, Block, Encoding, Part
from tilegames._core.rules import Seat, Setup
from tilegames.axio._model import (
    AREA_RADIUS,
    COLOURS,
    DECLINE,
    KEEP,
    LISTED,
    SWAP,
    TEAM,
    TITLE,
    Decline,
    Place,
    State,
    SwapChoice,
    Tile,
    View,
    fast_place,
)
from tilegames.axio._moves import LegalMoves, index_of
from tilegames.axio._rules import view as view_of
from tilegames.axio._tables import GEOMETRY, GEOMETRY_BY_RADIUS, Geometry
from tilegames.axio._validate import check_hand_made

_C: Final = len(COLOURS)
WAYS: Final = _C * _C
"""Actions per pair: the colour on the first cell times the colour on the second."""


def _geometry(position: Any) -> Geometry:
    if isinstance(position, Setup):
        return GEOMETRY_BY_RADIUS[AREA_RADIUS[position.players]]
    return GEOMETRY[len(position.cells)]


def size(position: Any) -> int:
    """The number of actions of the position's playing area (see the module docs)."""
    return len(_geometry(position).pair_cells) * WAYS + 3


def action_of(position: Any, move: Any) -> int:
    """The action of a move (see the module docs)."""
    geometry = _geometry(position)
    kind = type(move)
    if kind is Place:
        pair: int = geometry.pair_of.get(move.cells, -1)
        first, second = move.colours
        if pair < 0 or not (0 <= first < _C and 0 <= second < _C):
            msg = f"placement {move} is not on two adjacent cells of the area in {TITLE} colours"
            raise ValueError(msg)
        return int(pair * WAYS + first * _C + second)
    base = len(geometry.pair_cells) * WAYS
    if kind is SwapChoice:
        return base if move.swap else base + 1
    if kind is Decline:
        return base + 2
    msg = f"not an {TITLE} move: {move!r}"
    raise ValueError(msg)


def move_of(position: Any, action: int, seat: Seat = 0) -> Any:
    """The move of an action (see the module docs)."""
    geometry = _geometry(position)
    base = len(geometry.pair_cells) * WAYS
    if type(action) is not int or not 0 <= action < base + 3:
        msg = f"an {TITLE} action here is an int 0..{base + 2}, not {action!r}"
        raise ValueError(msg)
    if action >= base:
        return (SWAP, KEEP, DECLINE)[action - base]
    pair, way = divmod(action, WAYS)
    return Place(geometry.pair_hexes[pair], divmod(way, _C))


def legal_actions(state: Any, moves: Sequence[Any]) -> list[Block]:
    """The actions of the legal moves, in their order, without building the moves.

    The trick: :class:`LegalMoves` holds its placements as a mask of pairs
    times a tuple of colour choices, in the order it lists them; the actions
    are one block, the pairs' first actions plus each choice's offset (and the
    decline comes last), so no :class:`Place` is made. Any other sequence of
    moves is read move by move.
    """
    if type(moves) is LegalMoves and moves._fixed is None:
        ways = [first * _C + second for first, second in moves._choices]
        blocks: list[Block] = [(Bits(moves._pairs, WAYS), ways)]
        if moves._count > moves._placements:
            blocks.append(((len(_geometry(state).pair_cells) * WAYS + 2,), (0,)))
        return blocks
    return [((0,), [action_of(state, move) for move in moves])]


def move_in(state: Any, moves: Sequence[Any], action: int) -> Any:
    """The placement of ``action`` among the legal ``moves``, or ``None`` (see ``Encoding``).

    The trick: in :class:`LegalMoves` a placement is a free pair of its mask
    times a colour choice of its tuple; when the action's pair and choice are
    both there, the move is the one the list would give, and it is made as
    the list makes it (no checks, and remembered with its pair in
    ``LISTED``, so that ``apply`` knows it for legal). Searching the list for
    its index would cost more: the rank of the pair among the set bits.
    """
    if type(moves) is not LegalMoves or moves._fixed is not None:
        return None
    pair, way = divmod(action, WAYS)
    if not moves._pairs >> pair & 1:  # not a free pair: the decline, or no placement
        return None
    colours = divmod(way, _C)
    if colours not in moves._choices:
        return None
    move = fast_place(moves._hexes[pair], colours)
    LISTED.last = (moves._state, move, pair)  # as LegalMoves does for a move it lists
    return move


def _tiles(tiles: Sequence[Tile]) -> list[int]:
    counts = [0] * WAYS
    if not tiles:  # the revealed tiles, on most turns
        return counts
    for low, high in tiles:
        counts[low * _C + high] += 1
        if low != high:
            counts[high * _C + low] += 1
    return counts


def observe(view: View) -> Mapping[str, Part]:
    """The observation of the view's seat (see the module docs)."""
    cells = view.cells
    players = len(view.rack_sizes)
    first = view.seat or 0  # the public view (seat None) is seen from seat 0's side
    seats = [(first + i) % players for i in range(players)]
    tracks = view.tracks
    own = first % 2 if view.mode == TEAM else first
    rows = [tracks[(own + i) % len(tracks)] for i in range(len(tracks))]
    movers = view.to_move
    return {
        "board": Part((_C, len(cells)), cells, onehot=True),
        "rack": Part((_C, _C), _tiles(view.rack)),
        "revealed": Part((_C, _C), _tiles(view.revealed)),
        "tracks": Part((len(rows), _C), [points for row in rows for points in row]),
        "rack_sizes": Part((players,), [view.rack_sizes[s] for s in seats]),
        "to_move": Part((players,), [int(s in movers) for s in seats]),
        "phase": Part((4,), [view.bonuses, int(view.deciding), view.bag_size, view.turn]),
    }


_NO_TILES: Final = (0,) * WAYS
"""The counts of no tiles (the revealed tiles, on most turns), shared: never written to."""
_FLAGS: Final = tuple(
    tuple(tuple(int(i == first) for i in range(players)) for first in range(players))
    for players in range(5)
)
"""``_FLAGS[players][i]``: 1 for the ``i``-th seat counted from the viewer, 0 for the others."""


def observe_state(state: Any, seat: Seat) -> Sequence[Sequence[float]]:
    """The values of the parts of ``observe(view(state, seat))``, in order (the fast path).

    Read from the state's public fields and the seat's own rack, as
    :func:`~tilegames.axio.view` shows them, with fewer Python steps: the
    board is the state's cells as they are, the rows of seats are turned by
    slicing, ``to_move`` is looked up (AXIO has 1 to 4 seats). A state of an
    explicit game holding unseen tiles goes through the view.
    """
    if type(state) is not State or state.unknown:
        return _values_of_view(view_of(state, seat))
    racks, tracks = state.racks, state.tracks
    players = len(racks)
    if type(seat) is not int or not 0 <= seat < players:
        return _values_of_view(view_of(state, seat))  # the view says what is wrong
    own = seat % 2 if state.mode == TEAM else seat
    index = state._index or index_of(check_hand_made(state))  # one not made by the rules
    if index[1] or state.draws:  # over, or a chance step: no seat moves
        flags: Sequence[int] = (0,) * players
    else:
        flags = _FLAGS[players][(state.seat - seat) % players]
    sizes, revealed = tuple(map(len, racks)), state.revealed
    return (
        state.cells,
        _tiles(racks[seat]),
        _tiles(revealed) if revealed else _NO_TILES,
        sum(tracks[own:] + tracks[:own], ()),
        sizes[seat:] + sizes[:seat],
        flags,
        (state.bonuses, int(state.deciding), len(state.bag), state.turn),
    )


def _values_of_view(view: View) -> list[Sequence[float]]:
    return [part.values for part in observe(view).values()]


def points(view: View, seat: Seat) -> tuple[int, ...]:
    """The seat's (or its team's) score on each colour track, in AXIO-1 order."""
    own = seat % 2 if view.mode == TEAM else seat
    return tuple(view.tracks[own])


encoding: Final = Encoding.collect(globals())
"""AXIO's :class:`~tilegames._core.encoding.Encoding`."""
