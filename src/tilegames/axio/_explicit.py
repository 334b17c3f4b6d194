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

from collections.abc import Sequence
from fractions import Fraction
from typing import cast

from tilegames._core.chance import uniform
from tilegames._core.checks import check_int, invalid, wrong_type
from tilegames._core.rules import Seat
from tilegames._core.tracks import add_points, all_at
from tilegames.axio._model import (
    _A_STATE,
    _FINAL,
    _RACK,
    _SOLO,
    _STAGES,
    RACK_SIZE,
    AnyMove,
    Draw,
    Place,
    Points,
    State,
    SwapChoice,
    Tile,
    View,
    _Flow,
    _Index,
    _owner,
    _set_slot,
)
from tilegames.axio._tables import _GEOMETRY, _TILE_OF


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

    Raises:
        WrongTypeError: if ``state`` is not an AXIO State.
    """
    if type(state) is not State:
        wrong_type("axio.chance_outcomes", _A_STATE, state)
    if not state.draws:  # a state with draws owed is never over: no test of the end
        return ()
    return tuple((Draw(tile), p) for tile, p in uniform(state.bag))


def _sizes(
    state: State, racks: tuple[tuple[Tile, ...], ...], unknown: tuple[int, ...]
) -> list[int]:
    return [len(held) + (unknown[s] if unknown else 0) for s, held in enumerate(racks)]


def _real_bag(bag: tuple[Tile, ...], unknown: tuple[int, ...]) -> int:
    """The tiles really in the bag: the pool less the unidentified rack tiles."""
    return len(bag) - sum(unknown)


def _new(state: State, over: bool, empty: int, **changes: object) -> State:
    """A state like ``state`` with ``changes``, its index set (explicit games only)."""
    fields = {
        "mode": state.mode,
        "cells": state.cells,
        "tracks": state.tracks,
        "racks": state.racks,
        "bag": state.bag,
        "seat": state.seat,
        "turn": state.turn,
        "bonuses": 0,
        "deciding": False,
        "revealed": (),
        "seed": state.seed,
        "tiles": state.tiles,
        "explicit": True,
        "draws": 0,
        "unknown": state.unknown,
    }
    fields.update(changes)
    unknown = cast(tuple[int, ...], fields["unknown"])
    if unknown and not any(unknown):
        fields["unknown"] = ()
    after = State(**fields)  # type: ignore[arg-type]
    _set_slot(after, "_index", (empty, over))
    return after


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
    sizes = _sizes(state, racks, unknown)
    count, seat = len(racks), state.seat
    for step in range(1, count + 1):
        following = (seat + step) % count
        if sizes[following]:
            return _new(state, False, empty, seat=following, turn=state.turn + 1, **changes)
    return _new(state, True, empty, **changes)


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
    keep = {"bonuses": state.bonuses, "deciding": state.deciding, "revealed": state.revealed}
    if draws:
        return _new(
            state, False, empty, racks=racks, bag=bag, unknown=unknown, draws=draws, **keep
        )
    geometry = _GEOMETRY[len(state.cells)]
    if state.cells == geometry.initial_cells:  # the deal (AXIO-6): the next seat, or seat 0 starts
        following = seat + 1
        if following < len(racks):
            size = _RACK[state.mode]
            return _new(
                state,
                False,
                empty,
                racks=racks,
                bag=bag,
                unknown=unknown,
                seat=following,
                draws=size,
            )
        return _new(state, False, empty, racks=racks, bag=bag, unknown=unknown, seat=0)
    if state.mode == _SOLO:  # AXIO-20: the tile drawn is placed next (the turn was counted)
        return _new(
            state, False, empty, racks=racks, bag=bag, unknown=unknown, bonuses=state.bonuses
        )
    revealed = state.revealed
    if revealed:  # the end of a swap: the set-aside tiles go back, the bag is "reshuffled"
        bag = tuple(sorted((*bag, *revealed)))
    return _pass_turn(state, empty, racks=racks, bag=bag, unknown=unknown, revealed=revealed)


def _refill_or_pass(
    state: State,
    empty: int,
    racks: tuple[tuple[Tile, ...], ...],
    bag: tuple[Tile, ...],
    unknown: tuple[int, ...],
    **changes: object,
) -> State:
    """Refill the mover's rack by draws (AXIO-13), or pass the turn when nothing is to draw."""
    size = len(racks[state.seat]) + (unknown[state.seat] if unknown else 0)
    take = min(RACK_SIZE - size, _real_bag(bag, unknown))
    if take > 0:
        return _new(
            state, False, empty, racks=racks, bag=bag, unknown=unknown, draws=take, **changes
        )
    return _pass_turn(state, empty, racks=racks, bag=bag, unknown=unknown, **changes)


def _swap_possible(track: Points, known: tuple[Tile, ...]) -> bool:
    """AXIO-12 with unidentified tiles: the known tiles show none of the lowest colours."""
    low = min(track)
    return all(track[a] != low and track[b] != low for a, b in known)


def _apply_place(state: State, place: Place, pair: int, first: int, second: int) -> State:
    """Apply a checked placement in an explicit game (AXIO-7 .. AXIO-11, then the draws)."""
    from tilegames.axio._rules import _line_points

    cells, seat, mode = state.cells, state.seat, state.mode
    geometry = _GEOMETRY[len(cells)]
    rays_first, rays_second = geometry.rays[pair]
    gained = [0, 0, 0, 0, 0, 0]
    gained[first] += _line_points(cells, rays_first, first)
    gained[second] += _line_points(cells, rays_second, second)
    owner = _owner(mode, seat)
    mine, reached_stages = add_points(state.tracks[owner], gained, stages=_STAGES[mode])
    tracks = (*state.tracks[:owner], cast(Points, tuple(mine)), *state.tracks[owner + 1 :])
    reached = len(reached_stages)
    a, b = geometry.pair_cells[pair]
    filled = list(cells)
    filled[a], filled[b] = first, second
    empty = cast(_Index, state._index)[0] & ~(geometry.cell_pairs[a] | geometry.cell_pairs[b])
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
        return _new(
            state,
            over,
            empty,
            turn=turn,
            bonuses=0 if over else bonuses,
            draws=int(not over),
            **common,
        )
    size = len(racks[seat]) + (unknown[seat] if unknown else 0)
    if bonuses and size:
        return _new(state, False, empty, bonuses=bonuses, **common)
    if size and _real_bag(bag, unknown) and _swap_possible(tracks[owner], racks[seat]):
        return _new(state, False, empty, deciding=True, **common)
    del common["racks"], common["bag"], common["unknown"]
    return _refill_or_pass(state, empty, racks, bag, unknown, **common)


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
        return _refill_or_pass(state, empty, state.racks, bag, unknown)
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


def _check_explicit(state: State | View, seats: int) -> None:
    """The fields of explicit chance: ``explicit``, ``draws`` and ``unknown`` (AXIO-6, AXIO-13)."""
    kind = type(state).__name__
    if type(state.explicit) is not bool:
        raise invalid(f"{kind}.explicit", f"{state.explicit!r} is not a bool")
    if not state.explicit:
        if state.draws or state.unknown:
            field = "draws" if state.draws else "unknown"
            raise invalid(
                f"{kind}.{field}", "draws are chance steps only in an explicit game (AXIO-13)"
            )
        return
    if isinstance(state, State) and list(state.bag) != sorted(state.bag):
        raise invalid(
            "State.bag",
            "an explicit game's bag is its contents in sorted order (chance orders the draws)",
        )
    size = _RACK[state.mode]
    unknown = state.unknown
    if type(unknown) is not tuple or (unknown and len(unknown) != seats):
        raise invalid(f"{kind}.unknown", f"{unknown!r} is not () or one count per seat")
    for s, hidden in enumerate(unknown):
        check_int(f"{kind}.unknown[{s}]", hidden, 0, size)
    if unknown and not any(unknown):
        raise invalid(f"{kind}.unknown", "no unseen tile is written as (), not as zeros")
    sizes = (
        [len(held) for held in state.racks] if isinstance(state, State) else list(state.rack_sizes)
    )
    for s, hidden in enumerate(unknown):
        if type(state) is View and hidden > sizes[s]:
            raise invalid(
                f"{kind}.unknown[{s}]",
                f"{hidden} unseen tiles, but rack_sizes[{s}] says the rack holds {sizes[s]}",
            )
        if sizes[s] + hidden > size and type(state) is State:
            raise invalid(
                f"{kind}.unknown[{s}]",
                f"{hidden} unseen tiles beside {sizes[s]} known ones; a rack holds at most "
                f"{size} (AXIO-6, AXIO-13)",
            )
    drawer = (
        state.seat
        if isinstance(state, State)
        else check_int("View.drawer", state.drawer, 0, seats - 1)
    )
    if isinstance(state, View) and state.drawer and not state.draws:
        raise invalid("View.drawer", f"{state.drawer}, but no draw is due: it is 0")
    held = sizes[drawer] + (unknown[drawer] if unknown and type(state) is State else 0)
    check_int(f"{kind}.draws", state.draws, 0, size - held)
    # In solo a bonus placement draws its tile first (AXIO-20): the draw comes while it is owed.
    if state.draws and (state.deciding or (state.bonuses and state.mode != _SOLO)):
        raise invalid(
            f"{kind}.draws",
            "a rack is refilled after the turn's placements and the swap choice (AXIO-11..13)",
        )


def _check_drawer(where: str, drawer: int, turn: int, sizes: Sequence[int]) -> None:
    """A refill's drawer is the seat whose turn it is (AXIO-6, AXIO-13).

    Once the deal is over, a seat draws at the end of its own turn (or after its
    swap), before the turn passes; while every other rack holds tiles, turns go
    round in seat order from seat 0, so the drawer is seat ``turn % players``.
    """
    players = len(sizes)
    others_hold = all(size for seat, size in enumerate(sizes) if seat != drawer)
    if others_hold and drawer != turn % players:
        raise invalid(
            where,
            f"seat {drawer} draws on turn {turn}, but a seat refills at the end of its own "
            f"turn and, while every rack holds tiles, turn {turn} is seat "
            f"{turn % players}'s (AXIO-6, AXIO-13)",
        )


def _check_explicit_flow(flow: _Flow, drawer: Seat, draws: int) -> None:
    """An explicit state's or view's draws agree with the deal, the turn and the bag.

    Before the first placement the racks are dealt seat by seat, before turn 0
    (AXIO-6). After it, the seat whose turn it is refills its rack to the
    full size, or until the bag is empty (AXIO-13, AXIO-20). No draw is due
    once the game has ended (AXIO-14, AXIO-15); tiles set aside during the
    draws are a swap's: fewer than a rack's worth, never in solo (AXIO-12).
    """
    kind, sizes, bag, size = flow.where, flow.sizes, flow.bag_size, _RACK[flow.mode]
    if bag < draws:
        bag_text = (
            f", but the bag holds {bag} tiles" if kind == "State" else f" from a bag of {bag}"
        )
        raise invalid(f"{kind}.draws", f"{draws} draws are due{bag_text} (AXIO-13)")
    if not flow.placed_tiles:
        _check_deal(flow, drawer, draws, size)
    if not flow.placed_tiles or not draws:
        return
    _check_drawer(f"{kind}.{'seat' if kind == 'State' else 'drawer'}", drawer, flow.turn, sizes)
    if sizes[drawer] + draws != size and draws != bag:
        raise invalid(
            f"{kind}.draws",
            f"{draws} draws are due into a rack of {sizes[drawer]} from a bag of {bag}, but a "
            f"rack is refilled to {size}, or until the bag is empty (AXIO-13, AXIO-20)",
        )
    final = _FINAL[flow.mode]
    if not flow.pairs_left or any(all_at(track, final) for track in flow.tracks):
        raise invalid(
            f"{kind}.draws",
            f"a draw is due, but the game is over: no two adjacent cells are empty (AXIO-15) "
            f"or a player has all six colours at {final} (AXIO-14)",
        )
    if flow.revealed and (flow.mode == _SOLO or len(flow.revealed) >= RACK_SIZE):
        raise invalid(
            f"{kind}.revealed",
            f"{len(flow.revealed)} tiles set aside during the draws, but a swap sets aside "
            "the 1 to 5 tiles left in a rack, and never in solo (AXIO-12, AXIO-20)",
        )


def _check_deal(flow: _Flow, drawer: Seat, draws: int, size: int) -> None:
    """The deal (AXIO-6): racks filled in seat order, before turn 0, until all are full."""
    kind, sizes = flow.where, list(flow.sizes)
    dealt = [size] * drawer + [size - draws] + [0] * (len(sizes) - drawer - 1)
    if draws and flow.turn:
        raise invalid(
            f"{kind}.turn", f"{flow.turn}, but the deal comes before turn 0 (AXIO-6, AXIO-8)"
        )
    if draws and sizes != dealt:
        field = "racks" if kind == "State" else "rack_sizes"
        raise invalid(
            f"{kind}.{field}",
            f"the deal gives {size} tiles to each seat in seat order (AXIO-6): while "
            f"seat {drawer} draws with {draws} to go, the racks hold {dealt}, not {sizes}",
        )
    if not draws and sizes != [size] * len(sizes) and flow.bag_size:
        raise invalid(f"{kind}.draws", "0, but the deal is not finished (AXIO-6)")
