"""One validator for AXIO: states, views and outcomes made outside the rules.

The field checks (:func:`_check_fields`) guard every hand-made state on its
first use (the rules build its index through :func:`_guard`); :func:`validate`
runs them and then checks that the game could have reached the value: the
component set accounted for, whose turn it is, bonuses and the swap choice.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import cast

from tilegames._core import rng
from tilegames._core.chance import CHANCE
from tilegames._core.checks import check_int, count, invalid, shown, take, wrong_type
from tilegames._core.rules import Outcome, Seat
from tilegames._core.tracks import all_at, rank_lowest_colour
from tilegames.axio._explicit import _check_explicit, _check_explicit_flow
from tilegames.axio._model import (
    _FINAL,
    _MAX_TILES,
    _MOVE_TYPES,
    _RACK,
    _RADIUS,
    _SEATS,
    _SEATS_TEXT,
    _SOLO,
    _STAGES,
    _TEAM,
    BOARD_RADIUS,
    COLOUR_LETTERS,
    COLOURS,
    EMPTY,
    MODES,
    NAME,
    RACK_SIZE,
    STANDARD_TILES,
    START_CELLS,
    TEAM_CAP,
    TITLE,
    TRACK_CAP,
    AnyMove,
    Draw,
    Place,
    Points,
    State,
    Tile,
    View,
    _ends,
    _Flow,
    _Index,
    _owner,
    _rack_sizes,
    _swap_offered,
)
from tilegames.axio._notation import _check_tiles, format_tile
from tilegames.axio._tables import _GEOMETRY_BY_RADIUS, _TILES, _empty_pairs, _Geometry
from tilegames.geometry import hexagon

# ---------------------------------------------------------------------------
# Field checks: the guard of every hand-made state
# ---------------------------------------------------------------------------


def _check_seat_count(where: str, per_seat: object) -> int:
    """Check a tuple with one entry per seat; return the number of seats (AXIO-3)."""
    if type(per_seat) is not tuple or not 1 <= len(per_seat) <= len(_RADIUS):
        seats = len(per_seat) if type(per_seat) is tuple else per_seat
        raise invalid(where, f"{seats!r} seats; {TITLE} is for 1 to {len(_RADIUS)} players")
    return len(per_seat)


def _check_mode(where: str, mode: object, seats: int) -> str:
    """Check the variant and that it allows ``seats`` players (AXIO-3, AXIO-17, AXIO-20)."""
    if type(mode) is not str or mode not in MODES:
        raise invalid(where, f"{shown(mode)} is not one of {', '.join(map(repr, MODES))}")
    if seats not in _SEATS[mode]:
        need = _SEATS_TEXT[mode]
        raise invalid(
            where, f"a {mode} game is for {need}, not {seats} (AXIO-3, AXIO-17, AXIO-20)"
        )
    return mode


def _check_tracks(where: str, all_tracks: object, mode: str, seats: int) -> tuple[Points, ...]:
    """One track per colour for each seat (each team), within the mode's cap (AXIO-5)."""
    owners = 2 if mode == _TEAM else seats
    if type(all_tracks) is not tuple or len(all_tracks) != owners:
        found = len(all_tracks) if type(all_tracks) is tuple else all_tracks
        whose = "one per team (AXIO-17)" if mode == _TEAM else "one per seat (AXIO-5)"
        raise invalid(where, f"{found!r} sets of tracks; this game has {owners}, {whose}")
    final = _FINAL[mode]
    for owner, track in enumerate(all_tracks):
        if type(track) is not tuple or len(track) != len(COLOURS):
            raise invalid(f"{where}[{owner}]", f"{track!r} is not 6 track values (AXIO-5)")
        for colour, value in enumerate(track):
            if type(value) is not int or not 0 <= value <= final:
                raise invalid(
                    f"{where}[{owner}][{colour}]",
                    f"{value!r} is off the track: {mode} tracks run 0..{final} "
                    "(AXIO-5, AXIO-10, AXIO-18)",
                )
    return cast(tuple[Points, ...], all_tracks)


def _check_board(where: str, cells: object, seats: int) -> _Geometry:
    """The board's size (AXIO-3), colours (AXIO-1) and start cells (AXIO-4)."""
    geometry = _GEOMETRY_BY_RADIUS[_RADIUS[seats]]
    size = geometry.area.size
    if type(cells) is not tuple or len(cells) != size:
        found = len(cells) if type(cells) is tuple else cells
        raise invalid(
            where,
            f"{found!r} cells; the playing area of a {seats}-player game has {size} "
            f"(radius {geometry.radius}, AXIO-3)",
        )
    for number, colour in enumerate(cells):
        if type(colour) is not int or not EMPTY <= colour < len(COLOURS):
            raise invalid(
                f"{where}[{number}]", f"{colour!r} is not a colour 0..5 or EMPTY (-1) (AXIO-1)"
            )
    for number, (cell, colour) in zip(geometry.start, START_CELLS, strict=True):
        if cells[number] != colour:
            raise invalid(
                f"{where}[{number}]",
                f"start cell {cell} must hold {COLOURS[colour]} ({colour}), "
                f"not {cells[number]} (AXIO-4)",
            )
    return geometry


def _check_tile_tuple(where: str, tiles: object, *, ordered: bool = False) -> tuple[Tile, ...]:
    """A tuple of tiles (AXIO-2), sorted when ``ordered``."""
    if type(tiles) is not tuple:
        raise invalid(where, f"expected a tuple of tiles, got {tiles!r}")
    for i, tile in enumerate(tiles):
        if (
            type(tile) is not tuple
            or len(tile) != 2
            or type(tile[0]) is not int
            or type(tile[1]) is not int
            or tile not in _TILES
        ):
            raise invalid(
                f"{where}[{i}]", f"{tile!r} is not a tile: two colours 0..5, lower first (AXIO-2)"
            )
    checked = cast(tuple[Tile, ...], tiles)
    if ordered and list(checked) != sorted(checked):
        raise invalid(where, "the tiles are not in sorted order")
    return checked


def _check_rack(where: str, held: object, mode: str) -> tuple[Tile, ...]:
    """A sorted rack of at most the mode's rack size (AXIO-6, AXIO-13, AXIO-20)."""
    rack = _check_tile_tuple(where, held, ordered=True)
    most = _RACK[mode]
    if len(rack) > most:
        raise invalid(
            where,
            f"{len(rack)} tiles; a {mode} rack holds at most {most} (AXIO-6, AXIO-13, AXIO-20)",
        )
    return rack


def _check_set(where: str, tiles: object) -> tuple[Tile, ...]:
    """The component set a value carries: ``None`` (standard) or a sorted custom set (AXIO-2)."""
    if tiles is None:
        return STANDARD_TILES
    checked = _check_tile_tuple(where, tiles, ordered=True)
    if not 1 <= len(checked) <= _MAX_TILES:
        raise invalid(where, f"a set of {len(checked)} tiles; a set has 1 to {_MAX_TILES}")
    if checked == STANDARD_TILES:
        raise invalid(where, "the standard set is written as null (None), not tile by tile")
    return checked


def _check_fields(state: State) -> _Geometry:
    """Every field of a state of the right type, shape and range; return its geometry."""
    seats = _check_seat_count("State.racks", state.racks)
    mode = _check_mode("State.mode", state.mode, seats)
    _check_tracks("State.tracks", state.tracks, mode, seats)
    geometry = _check_board("State.cells", state.cells, seats)
    for s, held in enumerate(state.racks):
        _check_rack(f"State.racks[{s}]", held, mode)
    _check_tile_tuple("State.bag", state.bag)
    _check_tile_tuple("State.revealed", state.revealed, ordered=True)
    check_int("State.seat", state.seat, 0, seats - 1)
    check_int("State.turn", state.turn)
    check_int("State.bonuses", state.bonuses)
    if type(state.deciding) is not bool:
        raise invalid("State.deciding", f"{state.deciding!r} is not a bool")
    if state.deciding and state.bonuses:
        raise invalid(
            "State.deciding",
            "the seat owes bonus placements, but the swap choice comes after the turn's "
            "placements (AXIO-11, AXIO-12)",
        )
    check_int("State.seed", state.seed, 0, (1 << rng.SEED_BITS) - 1)
    _check_set("State.tiles", state.tiles)
    _check_explicit(state, seats)
    return geometry


def _guard(state: State) -> _Index:
    """The index of a state made outside ``apply``, its fields checked first."""
    geometry = _check_fields(state)
    empty = _empty_pairs(geometry, state.cells)
    over = _ends(state, empty, _rack_sizes(state))
    if state.draws:
        return empty, False
    if not over and not _rack_sizes(state)[state.seat]:
        raise invalid("State.seat", f"seat {state.seat} is to move but holds no tile (AXIO-15)")
    return empty, over


# ---------------------------------------------------------------------------
# Could the game have reached it: the set, the board, the turn
# ---------------------------------------------------------------------------


def _placed_hexes(where: str, geometry: _Geometry, cells: tuple[int, ...]) -> list[int]:
    """The placed hexes by colour; each lies next to another placed hex, its twin (AXIO-7)."""
    area = geometry.area
    starts = set(geometry.start)
    placed = [0] * len(COLOURS)
    for number, colour in enumerate(cells):
        if colour == EMPTY or number in starts:
            continue
        placed[colour] += 1
        if not any(
            n >= 0 and n not in starts and cells[n] != EMPTY for n in area.neighbours[number]
        ):
            raise invalid(
                f"{where}[{number}]",
                f"cell {area.cells[number]} holds a hex with no placed hex next to it, but "
                "a tile's two hexes lie on adjacent cells (AXIO-7)",
            )
    return placed


def _take_tiles(where: str, counts: dict[Tile, int], tiles: Sequence[Tile]) -> None:
    """Take each tile from the set's counts; a tile not left there is an error (AXIO-2)."""
    take(where, counts, tiles, lambda tile: f"tile {format_tile(tile)}", "AXIO-2")


def _hexes_of(counts: Mapping[Tile, int]) -> list[int]:
    """The number of hexes of each colour on the tiles of ``counts``."""
    hexes = [0] * len(COLOURS)
    for (low, high), copies in counts.items():
        hexes[low] += copies
        hexes[high] += copies
    return hexes


def _check_placed_tiles(where: str, placed: Sequence[int], rest: Mapping[Tile, int]) -> None:
    """The placed hexes are exactly the hexes of ``rest``, the tiles held nowhere else (AXIO-2)."""
    tiles_left = sum(rest.values())
    shown = sum(placed)
    if shown < 2 * tiles_left:
        missing = (2 * tiles_left - shown + 1) // 2
        raise invalid(
            where,
            f"{missing} tiles of the set are nowhere: {tiles_left} tiles are in no rack and "
            f"not in the bag, so {2 * tiles_left} hexes should be placed, but the board "
            f"shows {shown} (AXIO-2)",
        )
    if shown > 2 * tiles_left:
        raise invalid(
            where,
            f"the board shows {shown} placed hexes, but the {tiles_left} tiles of the set "
            f"in no rack and not in the bag have only {2 * tiles_left} (AXIO-2)",
        )
    due = _hexes_of(rest)
    for colour, (found, expected) in enumerate(zip(placed, due, strict=True)):
        if found != expected:
            raise invalid(
                f"{where}.cells",
                f"{found} {COLOURS[colour]} hexes are placed, but the tiles in no rack and "
                f"not in the bag have {expected} (AXIO-2)",
            )


def _stages_reached(track: Points, mode: str) -> int:
    """How many stages (AXIO-11, AXIO-18) the colours of ``track`` have reached in all."""
    return sum(value >= stage for value in track for stage in _STAGES[mode])


def _check_flow(flow: _Flow) -> None:
    """Whose turn it is, bonuses, the swap choice and the revealed tiles agree (AXIO-6..15)."""
    where, final = flow.where, _FINAL[flow.mode]
    done = {owner for owner, track in enumerate(flow.tracks) if all_at(track, final)}
    if len(done) > 1:
        raise invalid(
            f"{where}.tracks",
            f"{len(done)} players (teams) have all six colours at {final}, but the first to "
            "get there wins at once (AXIO-14)",
        )
    _check_full_racks(flow)
    if not any(flow.sizes) and flow.bag_size and flow.pairs_left and not done:
        raise invalid(
            f"{where}.bag",
            f"no rack holds a tile but the bag holds {flow.bag_size}: racks are refilled from "
            "the bag until the game ends (AXIO-13)",
        )
    if flow.mover is None:
        for name in ("bonuses", "deciding", "revealed"):
            if getattr(flow, name):
                raise invalid(
                    f"{where}.{name}",
                    f"{getattr(flow, name)!r}, but the game is over (AXIO-14, AXIO-15, AXIO-21)",
                )
    else:
        _check_mover(flow, flow.mover)
        if flow.deciding:
            _check_deciding(flow, flow.mover)
        if flow.revealed:
            _check_revealed(flow)
    this_turn = int(flow.mover is None or bool(flow.bonuses) or flow.deciding)
    _check_placements(flow, this_turn)


def _check_placements(flow: _Flow, this_turn: int) -> None:
    """The tiles on the board agree with the turn number and the bonuses (AXIO-7, AXIO-11).

    Every turn before the current one placed a tile; the current one has too
    when ``this_turn`` is 1 (it owes a bonus, offers the swap, refills the
    rack, or ended the game). Every other placement was a bonus placement,
    earned by a colour reaching a stage (tracks never fall) and not still
    owed. Before the first placement every track is at 0 (AXIO-5, AXIO-9).
    """
    where, turn = flow.where, flow.turn
    if flow.placed_tiles < turn + this_turn:
        raise invalid(
            f"{where}.turn",
            f"turn {turn} is under way after {flow.placed_tiles} placements, but every "
            f"turn places a tile, so at least {turn + this_turn} are on the board (AXIO-7)",
        )
    stages = sum(_stages_reached(track, flow.mode) for track in flow.tracks)
    most = turn + this_turn + stages - flow.bonuses
    if flow.placed_tiles > most:
        raise invalid(
            f"{where}.turn",
            f"turn {turn} with {flow.placed_tiles} tiles on the board, but {turn + this_turn} "
            f"turns and {stages - flow.bonuses} bonus placements (one per stage reached, "
            f"{flow.bonuses} still owed) place at most {most} (AXIO-7, AXIO-11)",
        )
    if not flow.placed_tiles and any(any(track) for track in flow.tracks):
        raise invalid(
            f"{where}.tracks",
            f"{flow.tracks!r}, but no tile is placed yet: tracks start at 0 and only "
            "placements score (AXIO-5, AXIO-9)",
        )


def _check_chance_step(flow: _Flow, drawer: Seat, draws: int) -> bool:
    """An explicit game's draws agree with the deal and the turn; whether a draw is due.

    A draw after the deal comes at the end of the drawer's turn, which has
    placed its tile; in solo the turn was counted at the placement, unless
    a bonus placement is owed, whose tile is drawn (AXIO-20). The other
    racks are full while the bag holds a rack's worth (AXIO-13).
    """
    _check_explicit_flow(flow, drawer, draws)
    if draws and flow.placed_tiles:
        drawing = flow._replace(mover=drawer)
        _check_full_racks(drawing)
        _check_earned(drawing, drawer)
        _check_placements(drawing, int(bool(flow.bonuses)) if flow.mode == _SOLO else 1)
    elif draws:
        _check_placements(flow, 0)  # the deal: every track at 0
    return bool(draws)


def _check_full_racks(flow: _Flow) -> None:
    """While the bag holds a rack's worth, every rack is full but the mover's (AXIO-13).

    A rack is refilled at the end of each turn; it stays short only when the bag
    ran out, or after a swap from a bag of fewer than six tiles, which leaves at
    most five tiles in the bag; only a swap puts tiles back (AXIO-12).
    """
    if flow.mode == _SOLO or flow.bag_size < RACK_SIZE:
        return
    short = [seat for seat, size in enumerate(flow.sizes) if size < RACK_SIZE]
    # The mover's rack may be short mid-turn; once the game is over, the last mover's
    # (the game may end mid-turn, AXIO-14), a seat that no view shows.
    in_use = {flow.mover} if flow.mover is not None else set(short[:1])
    for seat in short:
        if seat not in in_use:
            field = "racks" if flow.where == "State" else "rack_sizes"
            raise invalid(
                f"{flow.where}.{field}[{seat}]",
                f"seat {seat} holds {flow.sizes[seat]} tiles while the bag holds "
                f"{flow.bag_size}, but racks are refilled to {RACK_SIZE} at the end of each "
                "turn (AXIO-13)",
            )


def _check_mover(flow: _Flow, mover: Seat) -> None:
    """The seat to move holds a tile, takes its turn in order, and owes bonuses it earned."""
    where, sizes, bonuses = flow.where, flow.sizes, flow.bonuses
    if not sizes[mover]:
        raise invalid(f"{where}.seat", f"seat {mover} is to move but holds no tile (AXIO-15)")
    if all(sizes) and mover != flow.turn % len(sizes):
        raise invalid(
            f"{where}.seat",
            f"seat {mover} cannot be on turn {flow.turn}: while every rack holds tiles, seats "
            "take turns in order from seat 0 (AXIO-6)",
        )
    _check_earned(flow, mover)
    if bonuses and flow.mode != _SOLO and sizes[mover] >= RACK_SIZE:
        raise invalid(
            f"{where}.bonuses",
            f"a bonus placement is owed, but seat {mover}'s rack is full: it is not refilled "
            "before its bonus placements (AXIO-11)",
        )


def _check_earned(flow: _Flow, mover: Seat) -> None:
    """The bonus placements owed are no more than the stages the seat's colours reached."""
    reached = _stages_reached(flow.tracks[_owner(flow.mode, mover)], flow.mode)
    if flow.bonuses > reached:
        raise invalid(
            f"{flow.where}.bonuses",
            f"{flow.bonuses} bonus placements owed, but the seat's colours have reached "
            f"{reached} stages, each earning one (AXIO-11, AXIO-18)",
        )


def _check_deciding(flow: _Flow, mover: Seat) -> None:
    """A swap is offered only where AXIO-12 offers it."""
    where = f"{flow.where}.deciding"
    if flow.bonuses:
        raise invalid(
            where,
            "the seat owes bonus placements, but the swap choice comes after the turn's "
            "placements (AXIO-11, AXIO-12)",
        )
    if flow.mode == _SOLO:
        raise invalid(where, "the solo player is never offered a swap (AXIO-20)")
    size = flow.sizes[mover]
    if not 0 < size < RACK_SIZE or not flow.bag_size:
        raise invalid(
            where,
            f"a swap is offered after a placement, with tiles left in the rack and in "
            f"the bag, but the rack holds {size} and the bag {flow.bag_size} (AXIO-12)",
        )
    track = flow.tracks[_owner(flow.mode, mover)]
    if flow.held is not None and not _swap_offered(track, flow.held):
        raise invalid(
            where,
            f"seat {mover}'s rack shows one of its lowest colours, so no swap is offered "
            "(AXIO-12)",
        )


def _check_revealed(flow: _Flow) -> None:
    """Tiles are revealed only by a swap, at most a rack's worth, and went back to the bag."""
    where, revealed = f"{flow.where}.revealed", flow.revealed
    if flow.mode == _SOLO or flow.deciding or flow.bonuses:
        raise invalid(
            where,
            "tiles are revealed by a swap, which ends a turn: never in solo, never while "
            "choosing or owing a bonus (AXIO-12, AXIO-20)",
        )
    if len(revealed) >= RACK_SIZE or len(revealed) > flow.bag_size:
        raise invalid(
            where,
            f"{len(revealed)} tiles were set aside after a placement and returned to a "
            f"bag of {flow.bag_size} (AXIO-12)",
        )


def _counts(value: State | View, tiles: Iterable[Tile | str] | None) -> dict[Tile, int]:
    """The set's tiles with their copies: ``tiles`` if given, else the set the value carries."""
    kind = type(value).__name__
    chosen = _check_set(f"{kind}.tiles", value.tiles) if tiles is None else _check_tiles(tiles, 1)
    return count(chosen)


def _validate_state(state: State, tiles: Iterable[Tile | str] | None) -> None:
    geometry = _check_fields(state)
    placed = _placed_hexes("State.cells", geometry, state.cells)
    counts = _counts(state, tiles)
    for s, held in enumerate(state.racks):
        _take_tiles(f"State.racks[{s}]", counts, held)
    _take_tiles("State.bag", counts, state.bag)
    setting_aside = bool(state.draws and state.revealed)  # a swap's draws (explicit games)
    if setting_aside:
        _take_tiles("State.revealed", counts, state.revealed)
    _check_placed_tiles("State", placed, counts)
    sizes = _rack_sizes(state)
    empty = _empty_pairs(geometry, state.cells)
    seat = state.seat
    flow = _Flow(
        "State",
        state.mode,
        state.tracks,
        mover=seat,
        sizes=sizes,
        held=None if sizes[seat] != len(state.racks[seat]) else state.racks[seat],
        bag_size=len(state.bag) - sum(state.unknown),
        turn=state.turn,
        bonuses=state.bonuses,
        deciding=state.deciding,
        revealed=state.revealed,
        placed_tiles=sum(placed) // 2,
        pairs_left=bool(empty),
    )
    if state.explicit and _check_chance_step(flow, seat, state.draws):
        return
    for i, tile in enumerate(state.revealed):
        if not setting_aside and state.revealed.count(tile) > state.bag.count(tile):
            raise invalid(
                f"State.revealed[{i}]",
                f"tile {format_tile(tile)} was set aside in a swap and returned to the bag, "
                "but the bag does not hold it (AXIO-12)",
            )
    final = _FINAL[state.mode]
    for owner, track in enumerate(state.tracks):
        if all_at(track, final) and owner != _owner(state.mode, seat):
            who = f"team {'AB'[owner]}" if state.mode == _TEAM else f"seat {owner}"
            raise invalid(
                "State.seat",
                f"{seat}, but the game ended when {who} got all six colours to the end of the "
                "track, so it moved last (AXIO-14)",
            )
    over = _ends(state, empty, sizes)
    _check_flow(flow._replace(mover=None) if over else flow)


def _check_view_fields(seen: View) -> tuple[_Geometry, list[int], Seat | None]:
    """Every field of a view of the right type, shape and range: (geometry, sizes, mover)."""
    seats = _check_seat_count("View.rack_sizes", seen.rack_sizes)
    mode = _check_mode("View.mode", seen.mode, seats)
    _check_tracks("View.tracks", seen.tracks, mode, seats)
    geometry = _check_board("View.cells", seen.cells, seats)
    seat = check_int("View.seat", seen.seat, 0, seats - 1)
    sizes = [
        check_int(f"View.rack_sizes[{s}]", size, 0, _RACK[mode])
        for s, size in enumerate(seen.rack_sizes)
    ]
    _check_explicit(seen, seats)
    held = _check_tile_tuple("View.rack", seen.rack, ordered=True)
    if len(held) + (seen.unknown[seat] if seen.unknown else 0) != sizes[seat]:
        raise invalid("View.rack", f"{len(held)} tiles, but rack_sizes[{seat}] says {sizes[seat]}")
    check_int("View.bag_size", seen.bag_size)
    _check_tile_tuple("View.revealed", seen.revealed, ordered=True)
    check_int("View.turn", seen.turn)
    check_int("View.bonuses", seen.bonuses)
    if type(seen.deciding) is not bool:
        raise invalid("View.deciding", f"{seen.deciding!r} is not a bool")
    moving = seen.to_move
    if seen.draws:
        if moving != (CHANCE,):
            raise invalid("View.to_move", f"{moving!r}, but a draw is due: chance is to move")
        return geometry, sizes, None
    if type(moving) is not tuple or len(moving) > 1:
        raise invalid("View.to_move", f"{moving!r} is not () or (seat,)")
    mover = check_int("View.to_move[0]", moving[0], 0, seats - 1) if moving else None
    return geometry, sizes, mover


def _validate_view(seen: View, tiles: Iterable[Tile | str] | None) -> None:
    geometry, sizes, mover = _check_view_fields(seen)
    placed = _placed_hexes("View.cells", geometry, seen.cells)
    counts = _counts(seen, tiles)
    set_size = sum(counts.values())
    _take_tiles("View.rack", counts, seen.rack)
    _take_tiles("View.revealed", counts, seen.revealed)
    due = _hexes_of(counts)
    for colour, (found, most) in enumerate(zip(placed, due, strict=True)):
        if found > most:
            raise invalid(
                "View.cells",
                f"{found} {COLOURS[colour]} hexes are placed, but the set has {most} outside "
                "this seat's rack and the revealed tiles (AXIO-2)",
            )
    bag_size = seen.bag_size
    aside = len(seen.revealed) if seen.draws else 0  # a swap's set-aside tiles (explicit)
    if sum(placed) % 2 or sum(placed) // 2 + sum(sizes) + bag_size + aside != set_size:
        raise invalid(
            "View.bag_size",
            f"{bag_size}: with {sum(placed)} placed hexes and {sum(sizes)} tiles in the racks, "
            f"the bag must hold the rest of a set of {set_size} tiles (AXIO-2)",
        )
    empty = _empty_pairs(geometry, seen.cells)
    flow = _Flow(
        "View",
        seen.mode,
        seen.tracks,
        mover=mover,
        sizes=sizes,
        held=seen.rack if mover == seen.seat and not seen.unknown else None,
        bag_size=bag_size,
        turn=seen.turn,
        bonuses=seen.bonuses,
        deciding=seen.deciding,
        revealed=seen.revealed,
        placed_tiles=sum(placed) // 2,
        pairs_left=bool(empty),
    )
    if seen.explicit and _check_chance_step(flow, seen.drawer, seen.draws):
        return
    over = _ends(seen, empty, sizes)
    if over != (mover is None):
        state_of = "over" if over else "not over"
        raise invalid(
            "View.to_move", f"{seen.to_move!r}, but the game is {state_of} (AXIO-14, AXIO-15)"
        )
    _check_flow(flow)


# ---------------------------------------------------------------------------
# Outcomes
# ---------------------------------------------------------------------------


def _is_solo_score(score: int) -> bool:
    """Whether ``score`` is three tracks 0..36 written lowest first, two digits each (AXIO-21)."""
    low, middle, high = score // 10_000, score // 100 % 100, score % 100
    return score >= 0 and low <= middle <= high <= TEAM_CAP


def _outcome_mode(result: Outcome, seats: int) -> str:
    """The outcome's mode; for an old outcome without one, read off the scores as before."""
    if result.game not in ("", NAME):
        raise invalid("Outcome.game", f"{result.game!r} is not {NAME!r}")
    if result.mode:
        return _check_mode("Outcome.mode", result.mode, seats)
    scores = result.scores
    if seats == 1:
        return _SOLO
    return (
        _TEAM if seats == 4 and scores[0] == scores[2] and scores[1] == scores[3] else "standard"
    )


def _check_outcome_tracks(scores: tuple[object, ...], cap: int) -> tuple[Points, ...]:
    for seat, track in enumerate(scores):
        if type(track) is not tuple or len(track) != len(COLOURS):
            raise invalid(f"Outcome.scores[{seat}]", f"{track!r} is not 6 track values (AXIO-5)")
        for colour, value in enumerate(track):
            if type(value) is not int or not 0 <= value <= cap:
                raise invalid(
                    f"Outcome.scores[{seat}][{colour}]",
                    f"{value!r} is off the track: tracks run 0..{TRACK_CAP}, 0..{TEAM_CAP} for "
                    "teams and solo (AXIO-5, AXIO-18)",
                )
    return cast(tuple[Points, ...], scores)


def _validate_outcome(result: Outcome) -> None:
    scores = result.scores
    mode = _outcome_mode(result, _check_seat_count("Outcome.scores", scores))
    if mode == _SOLO:
        (score,) = scores
        if type(score) is not int or not _is_solo_score(score):
            raise invalid(
                "Outcome.scores[0]",
                f"{score!r} is not a solo score: the three lowest tracks (0..{TEAM_CAP}), lowest "
                "first, two digits each (AXIO-21)",
            )
        return
    team = mode == _TEAM
    if team and (scores[0] != scores[2] or scores[1] != scores[3]):
        raise invalid("Outcome.scores", "partners share their team's tracks (AXIO-17)")
    cap = _FINAL[mode]
    checked = _check_outcome_tracks(scores, cap)
    done = {seat % 2 if team else seat for seat, track in enumerate(checked) if all_at(track, cap)}
    if len(done) > 1:
        raise invalid(
            "Outcome.scores",
            f"{len(done)} players (teams) have all six colours at {cap}, but the first to "
            "get there wins at once (AXIO-14)",
        )
    if result.ranking != rank_lowest_colour(checked):
        raise invalid(
            "Outcome.ranking",
            "the places do not follow the scores: lowest colour first, then the next (AXIO-16)",
        )


def validate(
    value: State | View | Outcome | AnyMove, *, tiles: Iterable[Tile | str] | None = None
) -> None:
    """Check a state, view or outcome made outside the rules, for example loaded from JSON.

    A state passes when the game could have reached it:

    * one to four seats, as many as its mode allows (2 to 4 standard, 4 in a
      team game, 1 solo), a board of the playing area's size (AXIO-3) with
      its six start cells in their colours (AXIO-4), and every placed hex
      next to another placed hex (a tile's twin);
    * tracks for each seat (each team) within 0..18, or 0..36 in team and
      solo games, and at most one player (team) with every colour at the end
      of the track;
    * every tile of its set (:data:`STANDARD_TILES`, or the custom set it
      carries in ``tiles``) exactly once: the racks and the bag hold no tile
      more often than the set, and the placed hexes are, colour by colour,
      the hexes of the tiles that are in no rack and not in the bag (the
      board keeps colours, not which two cells a tile covered);
    * racks sorted, of at most 6 tiles (1 solo); a seat and a turn in range,
      the seats taking turns in order while every rack holds tiles, and a
      seat to move that holds a tile;
    * the tiles on the board agree with the turn: one for each turn begun
      (the current one once it has placed), and at most one more for each
      stage its tracks reached (a bonus placement) and not still owed; while
      the bag holds six tiles or more, every rack but the mover's is full
      (the last mover's, once the game is over);
    * bonus placements owed (``bonuses``) no more than the stages its
      colours have reached, a swap choice (``deciding``) only where AXIO-12
      offers one, revealed tiles back in the bag, and none of these once the
      game is over; every track at 0 before the first placement;
    * at a chance step of an explicit game: the deal in seat order before
      turn 0 (AXIO-6), or a refill by the seat whose turn it is, to a full
      rack or until the bag is empty (AXIO-13), in a game that goes on, its
      turn agreeing with the tiles placed (AXIO-20 in solo).

    The rules run the first checks (every field of the right type, shape
    and range) on any hand-made state on its first use. A view passes the
    same checks on what it shows (its own rack, the rack and bag sizes,
    whose turn it is), at a chance step and during the deal too. An outcome
    needs one to four seats, as its ``mode`` allows: a solo score made of
    three tracks 0..36 (AXIO-21), or six tracks per seat within the mode's
    cap (partners alike), ranked as AXIO-16 says.
    An outcome without a mode (from an older document) is read as solo for
    one seat, as a team game for four seats whose partners' tracks agree,
    else as a standard game. A move passes when it could be made in some game:
    a :class:`Place` of two colours 0..5 on two adjacent cells of the largest
    board, a :class:`Draw` of a tile (two colours 0..5); any :class:`SwapChoice`,
    :class:`Decline` or :data:`UNSEEN` passes. :mod:`tilegames.serialize`
    calls this on everything it loads.

    >>> import attrs
    >>> from tilegames.axio import new_game
    >>> state = new_game(seed=2)
    >>> validate(state)
    >>> validate(attrs.evolve(state, tracks=((0, 0, 19, 0, 0, 0), (0,) * 6)))
    Traceback (most recent call last):
    ...
    tilegames.errors.InvalidStateError: State.tracks[0][2]: 19 is off the track: ...

    Args:
        value: what to check.
        tiles: the set to check against instead of the one the value carries
            (for values written before states carried their set).

    Raises:
        InvalidStateError: naming the field and the problem.
        ConfigurationError: if ``tiles`` is not a set of tiles.
        WrongTypeError: if the value is no AXIO state, view, move or outcome.
    """
    kind = type(value)
    if kind is State:
        _validate_state(cast(State, value), tiles)
    elif kind is View:
        _validate_view(cast(View, value), tiles)
    elif kind is Outcome:
        _validate_outcome(cast(Outcome, value))
    elif kind is Place:
        _validate_place(cast(Place, value))
    elif kind is Draw:
        _validate_draw(cast(Draw, value))
    elif kind not in _MOVE_TYPES:
        wrong_type("axio.validate", f"an {TITLE} State, View, move or Outcome", value)


def _validate_place(move: Place) -> None:
    """A placement's colours are colours (AXIO-1), its cells adjacent cells of the board.

    The cells lie on the largest board (AXIO-3), next to each other (AXIO-7).
    Whether they lie on this game's board, and are free, is for
    :func:`why_illegal` to say: a move alone does not know its game.
    """
    for i, colour in enumerate(move.colours):
        if not 0 <= colour < len(COLOURS):
            raise invalid(f"Place.colours[{i}]", f"{colour} is not a colour 0..5 (AXIO-1)")
    for i, cell in enumerate(move.cells):
        if hexagon.length(cell) > BOARD_RADIUS:
            raise invalid(
                f"Place.cells[{i}]",
                f"{cell} lies off every playing area (radius {BOARD_RADIUS}, AXIO-3)",
            )
    first, second = move.cells
    if hexagon.distance(first, second) != 1:
        raise invalid(
            "Place.cells",
            f"{first} and {second} are not adjacent, but a tile's two hexes lie on "
            "adjacent cells (AXIO-7)",
        )


def _validate_draw(move: Draw) -> None:
    """A drawn tile is a tile of two colours 0..5, lower first (AXIO-1, AXIO-2)."""
    if move.tile not in _TILES:
        raise invalid(
            "Draw.tile",
            f"{move.tile!r} is not a tile: two colours 0..5 ({COLOUR_LETTERS}), lower first "
            "(AXIO-1, AXIO-2)",
        )
