"""AXIO's explicit chance (``new_game(chance="explicit")``): draws as steps of their own.

In an explicit game the bag is an unordered multiset (a sorted tuple) and
every tile drawn is a chance step: :attr:`State.draws` counts the draws
still owed to the rack of :attr:`State.seat`. The steps come in the order
of the table:

1. the deal (AXIO-6): six draws for seat 0, then six for seat 1, ... (one in solo);
2. after a turn's placements, the refill (AXIO-13): one draw per missing tile,
   as long as the bag has tiles; then the turn passes;
3. after :data:`SWAP` (AXIO-12): the remaining tiles are set aside (kept in
   :attr:`State.revealed`), the rack is refilled by draws from the bag, and
   then the set-aside tiles go back into the bag (the reshuffle: the bag has
   no order) and the turn passes;
4. in solo (AXIO-20), after each placement, one draw (the next tile), unless the bag is empty.

An :data:`UNSEEN` draw adds an unidentified tile to the drawing seat's rack
(:attr:`State.unknown`); the tile stays in :attr:`State.bag`, which then
holds the *pool* (the real bag and every unidentified rack tile, one
multiset). Naming a tile at placement takes it from the pool.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Final, cast

from tilegames._core.chance import uniform
from tilegames._core.checks import wrong_type
from tilegames._core.tracks import all_at
from tilegames.axio._model import (
    _A_STATE,
    _FINAL,
    _NO_POINTS,
    _RACK,
    _RADIUS,
    _SOLO,
    _TEAM,
    RACK_SIZE,
    AnyMove,
    Draw,
    Place,
    Points,
    State,
    SwapChoice,
    Tile,
    _Index,
    _owner,
    _set_slot,
)
from tilegames.axio._moves import (
    _evolved,
    _line_points,
    _next_seat,
    _rack_sizes,
    _scored,
    _swap_offered,
)
from tilegames.axio._notation import _carried
from tilegames.axio._tables import _GEOMETRY, _GEOMETRY_BY_RADIUS, _TILE_OF


def chance_outcomes(state: State) -> tuple[tuple[AnyMove, Fraction], ...]:
    """The draws chance may make now, each distinct tile once, with exact probabilities.

    ``()`` unless ``state`` is a chance step of an explicit game. The tile
    drawn is uniform over the bag: a tile with ``k`` copies among ``n`` has
    probability ``k/n``, in tile order (as ``legal_moves`` lists them). After
    unseen draws, the bag is the pool of unidentified tiles (the real bag and
    the unseen rack tiles): nothing tells them apart, so the next tile drawn
    is uniform over the pool. :data:`UNSEEN` is never listed here.

    >>> from tilegames.axio import new_game
    >>> state = new_game(players=2, seed=1, tiles=["RB"] * 9 + ["GG"] * 3, chance="explicit")
    >>> [(str(draw), p) for draw, p in chance_outcomes(state)]
    [('+RB', Fraction(3, 4)), ('+GG', Fraction(1, 4))]

    Arguments, result and errors as :attr:`tilegames.Rules.chance_outcomes`.
    """
    if type(state) is not State:
        wrong_type("axio.chance_outcomes", _A_STATE, state)
    if not state.draws:  # a state with draws owed is never over: no test of the end
        return ()
    return tuple((Draw(tile), p) for tile, p in uniform(state.bag))


def _explicit_game(
    chosen_mode: str, count: int, chosen: tuple[Tile, ...], seed: int, standard: bool
) -> State:
    """The state of an explicit game before the deal: empty racks, the whole set in the bag."""
    geometry = _GEOMETRY_BY_RADIUS[_RADIUS[count]]
    state = State(
        mode=chosen_mode,
        cells=geometry.initial_cells,
        tracks=(_NO_POINTS,) * (2 if chosen_mode == _TEAM else count),
        racks=((),) * count,
        bag=tuple(sorted(chosen)),
        seat=0,
        seed=seed,
        tiles=None if standard else _carried(chosen),
        explicit=True,
        draws=_RACK[chosen_mode],
    )
    _set_slot(state, "_index", (geometry.initial_empty, False))
    return state


_DRAWN: Final = ("racks", "bag", "unknown")
"""The fields a draw changes."""


def _real_bag(bag: tuple[Tile, ...], unknown: tuple[int, ...]) -> int:
    """The tiles really in the bag: the pool less the unidentified rack tiles."""
    return len(bag) - sum(unknown)


def _new(state: State, over: bool, empty: int, **changes: object) -> State:
    """A state like ``state`` with ``changes``, its index set (explicit games only).

    What ``changes`` does not give is reset: no bonus owed, no swap choice,
    nothing revealed, no draw due; unseen tiles all placed are written ``()``.
    """
    fields = {"bonuses": 0, "deciding": False, "revealed": (), "draws": 0, **changes}
    unknown = cast(tuple[int, ...], fields.get("unknown", state.unknown))
    if unknown and not any(unknown):
        fields["unknown"] = ()
    return _evolved(state, (empty, over), **fields)


def _with_rack(
    racks: tuple[tuple[Tile, ...], ...], seat: int, held: tuple[Tile, ...]
) -> tuple[tuple[Tile, ...], ...]:
    return (*racks[:seat], tuple(sorted(held)), *racks[seat + 1 :])


def _with_unknown(state: State, seat: int, change: int) -> tuple[int, ...]:
    unknown = list(state.unknown or (0,) * len(state.racks))
    unknown[seat] += change
    return tuple(unknown)


def _pass_turn(state: State, empty: int, **changes: object) -> State:
    """End the turn: the next seat holding a tile (known or not) moves, else the game ends."""
    racks = cast(tuple[tuple[Tile, ...], ...], changes.get("racks", state.racks))
    unknown = cast(tuple[int, ...], changes.get("unknown", state.unknown))
    seat, over = _next_seat(_rack_sizes(racks, unknown), state.seat)
    if over:
        return _new(state, True, empty, **changes)
    return _new(state, False, empty, seat=seat, turn=state.turn + 1, **changes)


def _apply_draw(state: State, move: AnyMove) -> State:
    """Apply a checked chance outcome: the tile (or an unseen one) goes to the drawing seat."""
    seat = state.seat
    empty = cast(_Index, state._index)[0]
    racks, bag, unknown = state.racks, state.bag, state.unknown
    if type(move) is Draw:
        pool = list(bag)
        pool.remove(move.tile)
        bag = tuple(pool)
        racks = _with_rack(racks, seat, (*racks[seat], move.tile))
    else:
        unknown = _with_unknown(state, seat, 1)
    draws = state.draws - 1
    drawn = {"racks": racks, "bag": bag, "unknown": unknown}
    if draws:
        owed = {"bonuses": state.bonuses, "deciding": state.deciding, "revealed": state.revealed}
        return _new(state, False, empty, draws=draws, **drawn, **owed)
    if state.cells == _GEOMETRY[len(state.cells)].initial_cells:  # the deal (AXIO-6)
        if seat + 1 < len(racks):  # the next seat draws its rack
            return _new(state, False, empty, seat=seat + 1, draws=_RACK[state.mode], **drawn)
        return _new(state, False, empty, seat=0, **drawn)  # seat 0 starts
    if state.mode == _SOLO:  # AXIO-20: the tile drawn is placed next (the turn was counted)
        return _new(state, False, empty, bonuses=state.bonuses, **drawn)
    revealed = state.revealed
    if revealed:  # the end of a swap: the set-aside tiles go back, the bag is "reshuffled"
        drawn["bag"] = tuple(sorted((*bag, *revealed)))
    return _pass_turn(state, empty, revealed=revealed, **drawn)


def _refill_or_pass(state: State, empty: int, **changes: Any) -> State:
    """Refill the mover's rack by draws (AXIO-13), or pass the turn when nothing is to draw."""
    seat = state.seat
    racks, bag, unknown = (changes.get(name, getattr(state, name)) for name in _DRAWN)
    size = len(racks[seat]) + (unknown[seat] if unknown else 0)
    take = min(RACK_SIZE - size, _real_bag(bag, unknown))
    if take > 0:
        return _new(state, False, empty, draws=take, **changes)
    return _pass_turn(state, empty, **changes)


def _apply_place(state: State, place: Place, pair: int, first: int, second: int) -> State:
    """Apply a checked placement in an explicit game (AXIO-7 .. AXIO-11, then the draws)."""
    cells, seat, mode = state.cells, state.seat, state.mode
    geometry = _GEOMETRY[len(cells)]
    rays_first, rays_second = geometry.rays[pair]
    owner = _owner(mode, seat)
    gained_first = _line_points(cells, rays_first, first)
    gained_second = _line_points(cells, rays_second, second)
    tracks, reached = _scored(
        state.tracks, owner, first, gained_first, second, gained_second, mode
    )
    a, b = geometry.pair_cells[pair]
    filled = list(cells)
    filled[a], filled[b] = first, second
    empty = cast(_Index, state._index)[0] & geometry.pair_keeps[pair]
    tile = _TILE_OF[first, second]
    held = list(state.racks[seat])
    bag, unknown = state.bag, state.unknown
    if tile in held:
        held.remove(tile)
    else:  # named from an unidentified slot: it leaves the pool
        pool = list(bag)
        pool.remove(tile)
        bag = tuple(pool)
        unknown = _with_unknown(state, seat, -1)
        if not any(unknown):
            unknown = ()
    racks = _with_rack(state.racks, seat, tuple(held))
    return _after_placement(
        state, tuple(filled), tracks, owner, racks, bag, unknown, empty, reached
    )


def _after_placement(
    state: State,
    cells: tuple[int, ...],
    tracks: tuple[Points, ...],
    owner: int,
    racks: tuple[tuple[Tile, ...], ...],
    bag: tuple[Tile, ...],
    unknown: tuple[int, ...],
    empty: int,
    reached: int,
) -> State:
    """As the seeded ``_after_placement``, with the draws left to chance."""
    mode, seat = state.mode, state.seat
    bonuses = (state.bonuses - 1 if state.bonuses else 0) + reached
    common = {"cells": cells, "tracks": tracks, "racks": racks, "bag": bag, "unknown": unknown}
    if not empty or (reached and all_at(tracks[owner], _FINAL[mode])):
        return _new(state, True, empty, **common)
    if mode == _SOLO:
        over = not _real_bag(bag, unknown)
        turn = state.turn + (not over and not bonuses)
        owed = 0 if over else bonuses
        return _new(state, over, empty, turn=turn, bonuses=owed, draws=int(not over), **common)
    size = len(racks[seat]) + (unknown[seat] if unknown else 0)
    if bonuses and size:
        return _new(state, False, empty, bonuses=bonuses, **common)
    if size and _real_bag(bag, unknown) and _swap_offered(tracks[owner], racks[seat]):
        return _new(state, False, empty, deciding=True, **common)
    return _refill_or_pass(state, empty, **common)


def _apply_decline(state: State) -> State:
    """Apply a checked decline in an explicit game (AXIO-11)."""
    empty = cast(_Index, state._index)[0]
    if state.mode == _SOLO:
        owed = state.bonuses - 1
        return _new(state, False, empty, bonuses=owed, turn=state.turn + (not owed))
    owner = _owner(state.mode, state.seat)
    return _after_placement(
        state, state.cells, state.tracks, owner, state.racks, state.bag, state.unknown, empty, 0
    )


def _apply_choice(state: State, swap: bool) -> State:
    """Apply a checked swap choice in an explicit game (AXIO-12): the draws follow."""
    empty = cast(_Index, state._index)[0]
    seat, bag, unknown = state.seat, state.bag, state.unknown
    if not swap:
        return _refill_or_pass(state, empty)
    # The rack is set aside: its known tiles in `revealed` until the draws end; its
    # unidentified tiles are already in the pool, where they return.
    take = min(RACK_SIZE, _real_bag(bag, unknown))
    if unknown:
        unknown = _with_unknown(state, seat, -unknown[seat])
    racks = _with_rack(state.racks, seat, ())
    return _new(
        state, False, empty, racks=racks, unknown=unknown, draws=take, revealed=state.racks[seat]
    )


def _apply_explicit(state: State, move: AnyMove, placed: tuple[int, int, int] | None) -> State:
    """Apply a checked move of an explicit game (a draw goes to ``_apply_draw``)."""
    if placed is not None:
        return _apply_place(state, cast(Place, move), *placed)
    if type(move) is SwapChoice:
        return _apply_choice(state, move.swap)
    return _apply_decline(state)
