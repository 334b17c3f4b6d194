"""AXIO's field checks: the types, ranges and counts that states, views and outcomes share.

Each check names the field it refuses (``State.tracks[0][2]``) and raises
:class:`~tilegames.errors.InvalidStateError`; none reads the rules'
computations (the index, scoring, the end rule): those checks are
:mod:`._validate`'s.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence, Set
from typing import Final, cast

from tilegames._core import rng
from tilegames._core.chance import CHANCE
from tilegames._core.checks import bounded_set, check_int, count, invalid, is_int_pair, shown, take
from tilegames._core.options import CHANCE_OPTION, Option
from tilegames._core.rules import Seat
from tilegames._core.tracks import check_tracks
from tilegames.axio._model import (
    AREA_RADIUS,
    COLOURS,
    EMPTY,
    FINAL,
    MAX_TILES,
    MODES,
    RACK,
    SOLO,
    STANDARD_TILES,
    START_CELLS,
    TEAM,
    TITLE,
    Points,
    State,
    Tile,
    View,
    seats_problem,
)
from tilegames.axio._notation import check_tiles, format_tile
from tilegames.axio._tables import GEOMETRY_BY_RADIUS, TILES, Geometry

# ---------------------------------------------------------------------------
# One field at a time
# ---------------------------------------------------------------------------


def check_seat_count(where: str, per_seat: object) -> int:
    """Check a tuple with one entry per seat; return the number of seats (AXIO-3)."""
    if type(per_seat) is not tuple or not 1 <= len(per_seat) <= len(AREA_RADIUS):
        seats = len(per_seat) if type(per_seat) is tuple else per_seat
        raise invalid(where, f"{seats!r} seats; {TITLE} is for 1 to {len(AREA_RADIUS)} players")
    return len(per_seat)


def check_mode(where: str, mode: object, seats: int) -> str:
    """Check the variant and that it allows ``seats`` players (AXIO-3, AXIO-17, AXIO-20)."""
    if type(mode) is not str or mode not in MODES:
        raise invalid(where, f"{shown(mode)} is not one of {', '.join(map(repr, MODES))}")
    problem = seats_problem(mode, seats)
    if problem:
        raise invalid(where, problem)
    return mode


def _check_tracks(where: str, all_tracks: object, mode: str, seats: int) -> tuple[Points, ...]:
    """One track per colour for each seat (each team), within the mode's cap (AXIO-5)."""
    owners = 2 if mode == TEAM else seats
    if type(all_tracks) is not tuple or len(all_tracks) != owners:
        found = len(all_tracks) if type(all_tracks) is tuple else all_tracks
        whose = "one per team (AXIO-17)" if mode == TEAM else "one per seat (AXIO-5)"
        raise invalid(where, f"{found!r} sets of tracks; this game has {owners}, {whose}")
    final = FINAL[mode]
    checked = check_tracks(
        where,
        all_tracks,
        colours=len(COLOURS),
        cap=final,
        rules="AXIO-5, AXIO-10, AXIO-18",
        runs=f"{mode} tracks run 0..{final}",
    )
    return cast(tuple[Points, ...], checked)


def check_one_winner(where: str, done: Set[int], final: int) -> None:
    """At most one player (team) has every colour at the final cap (AXIO-14)."""
    if len(done) > 1:
        raise invalid(
            where,
            f"{len(done)} players (teams) have all six colours at {final}, but the first to "
            "get there wins at once (AXIO-14)",
        )


def _check_board(where: str, cells: object, seats: int) -> Geometry:
    """The board's size (AXIO-3), colours (AXIO-1) and start cells (AXIO-4)."""
    geometry = GEOMETRY_BY_RADIUS[AREA_RADIUS[seats]]
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
        if not is_int_pair(tile) or tile not in TILES:
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
    most = RACK[mode]
    if len(rack) > most:
        raise invalid(
            where,
            f"{len(rack)} tiles; a {mode} rack holds at most {most} (AXIO-6, AXIO-13, AXIO-20)",
        )
    return rack


def check_set(where: str, tiles: object) -> tuple[Tile, ...]:
    """The component set a value carries: ``None`` (standard) or a sorted custom set (AXIO-2)."""
    if tiles is None:
        return STANDARD_TILES
    checked = _check_tile_tuple(where, tiles, ordered=True)
    if not 1 <= len(checked) <= MAX_TILES:
        raise invalid(where, f"a set of {len(checked)} tiles; a set has 1 to {MAX_TILES}")
    if checked == STANDARD_TILES:
        raise invalid(where, "the standard set is written as null (None), not tile by tile")
    return checked


# ---------------------------------------------------------------------------
# Every field of a state or a view
# ---------------------------------------------------------------------------


def _check_table(position: State | View, per_seat: str) -> tuple[int, str, Geometry]:
    """The seats (the entries of field ``per_seat``), the mode, the tracks and the board."""
    kind = type(position).__name__
    seats = check_seat_count(f"{kind}.{per_seat}", getattr(position, per_seat))
    mode = check_mode(f"{kind}.mode", position.mode, seats)
    geometry = _check_board(f"{kind}.cells", position.cells, seats)
    _check_tracks(f"{kind}.tracks", position.tracks, mode, seats)
    return seats, mode, geometry


def check_swap_after_bonuses(where: str, bonuses: int) -> None:
    """No swap choice while bonus placements are owed (AXIO-11, AXIO-12)."""
    if bonuses:
        raise invalid(
            where,
            "the seat owes bonus placements, but the swap choice comes after the turn's "
            "placements (AXIO-11, AXIO-12)",
        )


def check_fields(state: State) -> Geometry:
    """Every field of a state of the right type, shape and range; return its geometry."""
    seats, mode, geometry = _check_table(state, "racks")
    check_int("State.seat", state.seat, 0, seats - 1)
    check_int("State.turn", state.turn)
    check_int("State.bonuses", state.bonuses)
    check_int("State.seed", state.seed, 0, (1 << rng.SEED_BITS) - 1)
    for s, held in enumerate(state.racks):
        _check_rack(f"State.racks[{s}]", held, mode)
    _check_tile_tuple("State.bag", state.bag)
    _check_tile_tuple("State.revealed", state.revealed, ordered=True)
    if type(state.deciding) is not bool:
        raise invalid("State.deciding", f"{state.deciding!r} is not a bool")
    if state.deciding:
        check_swap_after_bonuses("State.deciding", state.bonuses)
    check_set("State.tiles", state.tiles)
    _check_explicit(state, seats)
    return geometry


def check_view_fields(seen: View) -> tuple[Geometry, list[int], Seat | None]:
    """Every field of a view of the right type, shape and range: (geometry, sizes, mover)."""
    seats, mode, geometry = _check_table(seen, "rack_sizes")
    seat = None if seen.seat is None else check_int("View.seat", seen.seat, 0, seats - 1)
    sizes = [
        check_int(f"View.rack_sizes[{s}]", size, 0, RACK[mode])
        for s, size in enumerate(seen.rack_sizes)
    ]
    _check_explicit(seen, seats)
    held = _check_tile_tuple("View.rack", seen.rack, ordered=True)
    if seat is None:  # the public view shows no rack
        if held:
            raise invalid("View.rack", f"{len(held)} tiles in the public view, which shows none")
    elif len(held) + (seen.unknown[seat] if seen.unknown else 0) != sizes[seat]:
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


def _check_explicit(position: State | View, seats: int) -> None:
    """The fields of explicit chance: ``explicit``, ``draws`` and ``unknown`` (AXIO-6, AXIO-13)."""
    where = type(position).__name__
    if type(position.explicit) is not bool:
        raise invalid(f"{where}.explicit", f"{position.explicit!r} is not a bool")
    if not position.explicit:
        if position.draws or position.unknown:
            field = "draws" if position.draws else "unknown"
            raise invalid(
                f"{where}.{field}", "draws are chance steps only in an explicit game (AXIO-13)"
            )
        return
    size = RACK[position.mode]
    if type(position) is State:
        held = _check_state_unknown(position, seats, size)
    else:
        held = _check_view_unknown(cast(View, position), seats, size)
    check_int(f"{where}.draws", position.draws, 0, size - held)
    # In solo a bonus placement draws its tile first (AXIO-20): the draw comes while it is owed.
    if position.draws and (position.deciding or (position.bonuses and position.mode != SOLO)):
        raise invalid(
            f"{where}.draws",
            "a rack is refilled after the turn's placements and the swap choice (AXIO-11..13)",
        )


def _check_unknown(where: str, unknown: object, seats: int, size: int) -> tuple[int, ...]:
    """The unseen tiles per seat: ``()``, or one count 0..``size`` per seat, not all 0."""
    if type(unknown) is not tuple or (unknown and len(unknown) != seats):
        raise invalid(where, f"{unknown!r} is not () or one count per seat")
    for s, hidden in enumerate(unknown):
        check_int(f"{where}[{s}]", hidden, 0, size)
    if unknown and not any(unknown):
        raise invalid(where, "no unseen tile is written as (), not as zeros")
    return cast(tuple[int, ...], unknown)


def _check_state_unknown(state: State, seats: int, size: int) -> int:
    """An explicit state's bag and unseen tiles; return the tiles the drawing seat holds."""
    if list(state.bag) != sorted(state.bag):
        raise invalid(
            "State.bag",
            "an explicit game's bag is its contents in sorted order (chance orders the draws)",
        )
    unknown = _check_unknown("State.unknown", state.unknown, seats, size)
    for s, hidden in enumerate(unknown):
        known = len(state.racks[s])
        if known + hidden > size:
            raise invalid(
                f"State.unknown[{s}]",
                f"{hidden} unseen tiles beside {known} known ones; a rack holds at most "
                f"{size} (AXIO-6, AXIO-13)",
            )
    seat = state.seat
    return len(state.racks[seat]) + (unknown[seat] if unknown else 0)


def _check_view_unknown(seen: View, seats: int, size: int) -> int:
    """An explicit view's unseen tiles and drawer; return the tiles the drawing seat holds."""
    sizes = seen.rack_sizes
    for s, hidden in enumerate(_check_unknown("View.unknown", seen.unknown, seats, size)):
        if hidden > sizes[s]:
            raise invalid(
                f"View.unknown[{s}]",
                f"{hidden} unseen tiles, but rack_sizes[{s}] says the rack holds {sizes[s]}",
            )
    drawer = check_int("View.drawer", seen.drawer, 0, seats - 1)
    if seen.drawer and not seen.draws:
        raise invalid("View.drawer", f"{seen.drawer}, but no draw is due: it is 0")
    return sizes[drawer]


# ---------------------------------------------------------------------------
# The component set: every tile once
# ---------------------------------------------------------------------------


def set_counts(value: State | View, tiles: Iterable[Tile | str] | None) -> dict[Tile, int]:
    """The set's tiles with their copies: ``tiles`` if given, else the set the value carries."""
    kind = type(value).__name__
    chosen = check_set(f"{kind}.tiles", value.tiles) if tiles is None else check_tiles(tiles, 1)
    return count(chosen)


def placed_hexes(where: str, geometry: Geometry, cells: tuple[int, ...]) -> list[int]:
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


def take_tiles(where: str, counts: dict[Tile, int], tiles: Sequence[Tile]) -> None:
    take(where, counts, tiles, lambda tile: f"tile {format_tile(tile)}", "AXIO-2")


def hexes_of(counts: Mapping[Tile, int]) -> list[int]:
    """The number of hexes of each colour on the tiles of ``counts``."""
    hexes = [0] * len(COLOURS)
    for (low, high), copies in counts.items():
        hexes[low] += copies
        hexes[high] += copies
    return hexes


def check_placed_tiles(where: str, placed: Sequence[int], rest: Mapping[Tile, int]) -> None:
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
    due = hexes_of(rest)
    for colour, (found, expected) in enumerate(zip(placed, due, strict=True)):
        if found != expected:
            raise invalid(
                f"{where}.cells",
                f"{found} {COLOURS[colour]} hexes are placed, but the tiles in no rack and "
                f"not in the bag have {expected} (AXIO-2)",
            )


# ---------------------------------------------------------------------------
# The options of new_game
# ---------------------------------------------------------------------------


def written_tiles(tiles: object) -> tuple[str, ...]:
    """A custom set as records write it: each tile's letters (``"RB"``), in the order given.

    >>> written_tiles([(0, 2), "gy"])
    ('RB', 'GY')

    Raises:
        ConfigurationError: as :func:`new_game` raises it for a tile that is not one.
    """
    return tuple(
        format_tile(tile)
        for tile in check_tiles(bounded_set("tiles", tiles, MAX_TILES, "('RB', (0, 2))"), 0)
    )


OPTIONS: Final = (
    Option(
        "mode",
        str,
        None,
        "'standard' (2 to 4 players), 'team' (4 players in two teams) or 'solo' (1 player); "
        "None: solo for one player, else standard",
        choices=MODES,
    ),
    Option(
        "tiles",
        tuple[str, ...],
        None,
        "a custom set instead of the standard one: each tile two colour letters ('RB'), "
        "enough to fill every rack; None: the standard set (AXIO-2)",
        written=written_tiles,
    ),
    CHANCE_OPTION,
)
"""The options of :func:`new_game`, declared (:attr:`tilegames.Rules.options`)."""
