"""AXIO Rota's field checks, shared by the documents that hold the same fields.

A custom set given to :func:`new_game`, the shapes, types and ranges of a
state (:func:`check_state`: what the fast path relies on before it indexes a
state it did not make) and the fields a state and a view share. They know
nothing of the rules' computations; the checks of a reachable game are in
:mod:`~tilegames.axio_rota._validate`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import islice
from typing import NoReturn, cast

from tilegames._core import checks
from tilegames._core.errors import ConfigurationError
from tilegames._core.notation import read_tile
from tilegames._core.rules import Seat
from tilegames._core.tracks import check_tracks
from tilegames.axio_rota._model import (
    COLOURS,
    DRAWINGS,
    MAX_PLAYERS,
    MAX_TILES,
    STACK_SIZE,
    STANDARD_TILES,
    START_TILES,
    TITLE,
    TRACK_CAP,
    State,
    Tile,
    tile_problem,
)
from tilegames.axio_rota._notation import format_tile, parse_tile
from tilegames.axio_rota._tables import canonical
from tilegames.geometry import square
from tilegames.geometry.square import Cell

_invalid = checks.invalid


def wrong_state(function: str, state: object) -> NoReturn:
    """Refuse an argument that is no state of this game."""
    checks.wrong_type(f"axio_rota.{function}", f"an {TITLE} State", state)


def wrong_move(function: str, move: object) -> NoReturn:
    """Refuse an argument that is no move of this game."""
    checks.wrong_type(
        f"axio_rota.{function}",
        f"an {TITLE} move (Place, Draw, Unseen or Reveal)",
        move,
        move=True,
    )


# ---------------------------------------------------------------------------
# A custom set given to new_game (or to validate for an old document)
# ---------------------------------------------------------------------------


def _tile_of(given: object) -> Tile | str:
    """A tile of a custom set given as its four corners; else why it is none (ROTA-2)."""
    tile = tuple(given) if isinstance(given, Sequence) and len(given) == 4 else given
    return tile_problem(tile) or cast(Tile, tile)


def read_tiles(tiles: object) -> tuple[Tile, ...]:
    """The tiles of a custom set given to ``new_game``, each read and checked, in order.

    Reading stops one tile past the largest set (4096), so an endless iterable is
    refused by the size check of :func:`check_set`.

    Raises:
        ConfigurationError: for one string, something that is no collection,
            or a tile (named by index) that is not allowed.
    """
    if isinstance(tiles, (str, bytes)):
        msg = "tiles must be a collection of tiles, not one string"
        raise ConfigurationError(msg)
    try:  # read one tile past the largest set, no further: an endless iterable is refused
        given_tiles = islice(cast("Iterable[object]", tiles), MAX_TILES + 1)
        return tuple(
            read_tile(index, given, parse_tile, _tile_of, "ROTA-2")
            for index, given in enumerate(given_tiles)
        )
    except TypeError:
        msg = f"tiles must be a collection of tiles, not {tiles!r:.60}"
        raise ConfigurationError(msg) from None


def check_set(tiles: Iterable[Tile | str], players: int) -> tuple[Tile, ...]:
    """The custom set as tiles, checked for ROTA-2 and for a deal to ``players`` seats.

    Reading stops one tile past the largest set (4096), so an endless iterable is
    refused by the size check.

    Raises:
        ConfigurationError: naming the tile (by index) or the size that is not allowed.
    """
    result = read_tiles(tiles)
    need = START_TILES + STACK_SIZE * players
    if not need <= len(result) <= MAX_TILES:
        size = f"more than {MAX_TILES}" if len(result) > MAX_TILES else f"{len(result)}"
        msg = (
            f"tiles: a set of {size} tiles cannot be dealt to {players} player(s): the start "
            f"square takes {START_TILES} and each stack {STACK_SIZE}, so at least {need} "
            f"tiles are needed (and at most {MAX_TILES}) (ROTA-7, ROTA-8)"
        )
        raise ConfigurationError(msg)
    return result


# ---------------------------------------------------------------------------
# Fields shared by states and views
# ---------------------------------------------------------------------------


def check_count(where: str, count: int, players: int) -> None:
    if count != players:
        raise _invalid(where, f"{count} entries for {players} seats (one per seat)")


def check_tile(where: str, tile: object) -> Tile:
    problem = tile_problem(tile)
    if problem:
        raise _invalid(where, f"{tile!r} is not a tile: {problem} (ROTA-2)")
    return cast(Tile, tile)


def check_tiles(where: str, tiles: object) -> list[Tile]:
    if type(tiles) is not tuple:
        raise _invalid(where, "expected a tuple of tiles")
    return [check_tile(f"{where}[{i}]", tile) for i, tile in enumerate(tiles)]


def check_seat_tracks(where: str, all_tracks: object) -> int:
    """Check the score tracks; return the number of seats."""
    if type(all_tracks) is not tuple or not 1 <= len(all_tracks) <= MAX_PLAYERS:
        count = len(all_tracks) if type(all_tracks) is tuple else all_tracks
        raise _invalid(where, f"{count!r} seats; {TITLE} is for 1 to {MAX_PLAYERS} players")
    check_tracks(where, all_tracks, colours=len(COLOURS), cap=TRACK_CAP, rules="ROTA-4, ROTA-14")
    return len(all_tracks)


def _check_cell(where: str, cell: object) -> Cell:
    if not checks.is_int_pair(cell) or not square.packable(cell[0], cell[1]):
        raise _invalid(where, f"cell {cell!r} is not (x, y) within +-{square.PACK_REACH}")
    return cell


def check_placed(where: str, display: object) -> dict[Cell, Tile]:
    """Check the display's cells and tiles; return them by cell."""
    if type(display) is not frozenset:
        raise _invalid(where, "the display is a frozenset of (cell, tile) pairs")
    placed: dict[Cell, Tile] = {}
    for entry in display:
        if type(entry) is not tuple or len(entry) != 2:
            raise _invalid(where, f"{entry!r} is not a (cell, tile) pair")
        cell = _check_cell(where, entry[0])
        if cell in placed:
            raise _invalid(where, f"cell {cell} holds two tiles")
        placed[cell] = check_tile(f"{where} at {cell}", entry[1])
    return placed


def check_seat_number(where: str, seat: object, count: int) -> Seat:
    if type(seat) is not int or not 0 <= seat < count:
        raise _invalid(where, f"{seat!r} is not a seat of this {count}-player game")
    return seat


def check_extra_shape(where: str, extra_turns: object, extra_tile: object) -> None:
    checks.check_int(f"{where}.extra_turns", extra_turns)
    if extra_tile is not None:
        check_tile(f"{where}.extra_tile", extra_tile)


def check_set_field(where: str, tiles: object, players: int) -> tuple[Tile, ...]:
    """The set a value carries: the standard one (``None``) or a custom set for its seats."""
    if tiles is None:
        return STANDARD_TILES
    chosen = check_tiles(where, tiles)
    need = START_TILES + STACK_SIZE * players
    if not need <= len(chosen) <= MAX_TILES:
        raise _invalid(
            where,
            f"a set of {len(chosen)} tiles cannot be dealt to {players} player(s): "
            f"{need} to {MAX_TILES} tiles (ROTA-7, ROTA-8)",
        )
    return tuple(chosen)


def check_drawing(where: str, drawing: object) -> None:
    if drawing not in DRAWINGS or type(drawing) is not str:
        raise _invalid(where, f"{drawing!r} is not one of {DRAWINGS}")


def check_bits(where: str, bits: object, count: int) -> int:
    return checks.check_int(where, bits, 0, (1 << count) - 1)


def _written(tile: Tile) -> str:
    return f"tile {format_tile(tile)}"


def take_tiles(where: str, counts: dict[Tile, int], tiles: Iterable[Tile]) -> None:
    checks.take(where, counts, [canonical(tile) for tile in tiles], _written, "ROTA-3")


def in_reading_order(placed: dict[Cell, Tile]) -> list[Tile]:
    return [placed[cell] for cell in sorted(placed, key=lambda xy: xy[::-1])]


def check_set_order(where: str, pool: Sequence[Tile], the_set: Sequence[Tile]) -> None:
    """The pool lists tiles of the set as the set lists them, in its order."""
    rest = iter(the_set)
    for i, tile in enumerate(pool):
        if not any(listed == tile for listed in rest):
            raise _invalid(
                f"{where}[{i}]",
                f"{_written(tile)} is out of the set's order, or is not a tile of the set as "
                "the set lists it (ROTA-3)",
            )


def check_pool_size(
    owner: str, size: int, start_left: int, stacks: Sequence[int], supply: int, unseen: int
) -> None:
    """Refuse the pool of a ``"State"`` or ``"View"`` that does not hold the tiles out of sight.

    Those are the start tiles still to lay, the stacks, the supply and the
    hands drawn unseen (ROTA-3, ROTA-9); ``size`` is the pool's length.
    """
    need = start_left + sum(stacks) + supply + unseen.bit_count()
    if size != need:
        if owner == "State":
            tiles, hands = "unidentified", "hands drawn unseen"
        else:
            tiles, hands = "out of sight", "hidden hands"
        raise _invalid(
            f"{owner}.pool",
            f"{size} tiles {tiles}, but {start_left} start tiles to lay, "
            f"{sum(stacks)} in the stacks, {supply} in the supply and "
            f"{unseen.bit_count()} {hands} make {need} (ROTA-3, ROTA-9)",
        )


# ---------------------------------------------------------------------------
# States: what the fast path relies on
# ---------------------------------------------------------------------------


def _check_seeded_defaults(state: State) -> None:
    """A seeded game keeps the fields of explicit chance at their defaults."""
    if state.stack_counts != () or state.supply_count != 0 or state.drawing or state.unseen:
        raise _invalid(
            "State.pool",
            "stack_counts, supply_count, drawing and unseen belong to an explicit game, "
            "whose pool is set; a seeded game keeps them at their defaults",
        )


def _check_counts_left(state: State, count: int) -> None:
    """The face-down tiles an explicit game counts: per stack, and in the supply."""
    counts = state.stack_counts
    if type(counts) is not tuple:
        raise _invalid("State.stack_counts", "expected a tuple with one entry per seat")
    check_count("State.stack_counts", len(counts), count)
    for s, size in enumerate(counts):
        checks.check_int(f"State.stack_counts[{s}]", size, 0, STACK_SIZE)
    checks.check_int("State.supply_count", state.supply_count, 0, MAX_TILES)


def _check_unseen_hands(state: State, count: int) -> None:
    """A seat holds a hand tile drawn unseen only with no known tile in hand (ROTA-22)."""
    unseen = check_bits("State.unseen", state.unseen, count)
    for s in range(count):
        if unseen >> s & 1 and state.hands[s] is not None:
            raise _invalid(
                f"State.unseen[{s}]",
                f"seat {s} holds a known tile, so it holds no tile drawn unseen (ROTA-22)",
            )


def _check_explicit_shape(state: State, count: int) -> None:
    """The fields of an explicit game: set exactly when :attr:`State.pool` is."""
    if state.pool is None:
        _check_seeded_defaults(state)
        return
    check_tiles("State.pool", state.pool)
    _check_counts_left(state, count)
    check_drawing("State.drawing", state.drawing)
    _check_unseen_hands(state, count)
    if any(state.stacks) or state.supply:
        raise _invalid(
            "State.stacks",
            "an explicit game keeps its face-down tiles in its pool; stacks and supply are empty",
        )


def check_extent(state: State) -> None:
    """Refuse a state whose display could grow past the packed coordinates."""
    left = len(state.supply) + sum(map(len, state.stacks)) + len(state.hands) + 1
    if state.pool is not None:
        left += len(state.pool)
    reach = max((max(abs(x), abs(y)) for (x, y), _ in state.display), default=0)
    if reach + left + 1 >= square.PACK_REACH + 1:
        raise _invalid(
            "State.display",
            f"the display reaches coordinate {reach} with {left} tiles still to place; "
            f"cells must stay within +-{square.PACK_REACH}",
        )


def _check_seats(state: State) -> int:
    """The tracks, the hands and the stacks, one per seat, and the seat to move."""
    count = check_seat_tracks("State.tracks", state.tracks)
    for name in ("hands", "stacks"):
        value = getattr(state, name)
        if type(value) is not tuple:
            raise _invalid(f"State.{name}", "expected a tuple with one entry per seat")
        check_count(f"State.{name}", len(value), count)
    check_seat_number("State.seat", state.seat, count)
    for s, held in enumerate(state.hands):
        if held is not None:
            check_tile(f"State.hands[{s}]", held)
    for s, stack in enumerate(state.stacks):
        check_tiles(f"State.stacks[{s}]", stack)
    return count


def check_state(state: State) -> dict[Cell, Tile]:
    """Check what the fast path relies on: shapes, types, ranges, tiles; return the display.

    Every state that the rules index without having made it (built by hand,
    unpickled, changed with ``attrs.evolve``) passes here first.

    Raises:
        InvalidStateError: naming the field and the problem.
    """
    count = _check_seats(state)
    check_tiles("State.supply", state.supply)
    check_extra_shape("State", state.extra_turns, state.extra_tile)
    check_set_field("State.tiles", state.tiles, count)
    _check_explicit_shape(state, count)
    placed = check_placed("State.display", state.display)
    check_extent(state)
    return placed
