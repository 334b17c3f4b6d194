"""Checking AXIO Rota values made outside the rules: hand-made states, loaded documents.

One path: :func:`check_state` is what every state must pass before the fast
path indexes it (the shapes, types and ranges it relies on); :func:`validate`
runs it and then the checks of a reachable game (the start square, the set,
the turn order).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import islice
from typing import cast

from tilegames._core import checks, tracks
from tilegames._core.chance import CHANCE
from tilegames._core.errors import ConfigurationError, NotationError
from tilegames._core.rules import Outcome, Seat
from tilegames.axio_rota._chance import (
    _check_bits,
    _check_explicit_shape,
    _resolved,
    _validate_explicit_view,
)
from tilegames.axio_rota._model import (
    COLOURS,
    DRAWINGS,
    MAX_PLAYERS,
    MAX_TILES,
    NAME,
    STACK_SIZE,
    START_TILES,
    TRACK_CAP,
    AnyMove,
    Draw,
    Move,
    Points,
    Reveal,
    State,
    Tile,
    Unseen,
    View,
    all_at_cap_seat,
    ended,
    tile_problem,
)
from tilegames.axio_rota._notation import format_tile, parse_tile
from tilegames.axio_rota._tables import STANDARD_TILES, START_CELLS, canonical
from tilegames.geometry import square
from tilegames.geometry.square import Cell

_invalid = checks.invalid

# ---------------------------------------------------------------------------
# A custom set given to new_game (or to validate for an old document)
# ---------------------------------------------------------------------------


def _given_tile(index: int, given: object) -> Tile:
    tile: object = given
    if isinstance(given, str):
        try:
            tile = parse_tile(given)
        except NotationError as error:
            msg = f"tile {index} {given!r} is not a tile: {error} (ROTA-2)"
            raise ConfigurationError(msg) from None
    elif isinstance(given, Sequence):
        tile = tuple(given)
    problem = tile_problem(tile)
    if problem:
        msg = f"tile {index} {given!r} is not allowed: {problem} (ROTA-2)"
        raise ConfigurationError(msg)
    return cast(Tile, tile)


def check_set(tiles: Iterable[Tile | str], players: int) -> tuple[Tile, ...]:
    """The custom set as tiles, checked for ROTA-2 and for a deal to ``players`` seats.

    Reading stops one tile past the largest set (4096), so an endless iterable is
    refused by the size check.

    Raises:
        ConfigurationError: naming the tile (by index) or the size that is not allowed.
    """
    if isinstance(tiles, (str, bytes)):
        msg = "tiles must be a collection of tiles, not one string"
        raise ConfigurationError(msg)
    try:  # read one tile past the largest set, no further: an endless iterable is refused
        given_tiles = islice(tiles, MAX_TILES + 1)
        result = tuple(_given_tile(index, given) for index, given in enumerate(given_tiles))
    except TypeError:
        msg = f"tiles must be a collection of tiles, not {tiles!r:.60}"
        raise ConfigurationError(msg) from None
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
# Parts shared by states and views
# ---------------------------------------------------------------------------


def _check_count(where: str, count: int, players: int) -> None:
    if count != players:
        raise _invalid(where, f"{count} entries for {players} seats (one per seat)")


def _check_a_tile(where: str, tile: object) -> Tile:
    problem = tile_problem(tile)
    if problem:
        raise _invalid(where, f"{tile!r} is not a tile: {problem} (ROTA-2)")
    return cast(Tile, tile)


def _check_tiles(where: str, tiles: object) -> list[Tile]:
    if type(tiles) is not tuple:
        raise _invalid(where, "expected a tuple of tiles")
    return [_check_a_tile(f"{where}[{i}]", tile) for i, tile in enumerate(tiles)]


def _check_tracks(where: str, all_tracks: object) -> int:
    """Check the score tracks; return the number of seats."""
    if type(all_tracks) is not tuple or not 1 <= len(all_tracks) <= MAX_PLAYERS:
        count = len(all_tracks) if type(all_tracks) is tuple else all_tracks
        raise _invalid(where, f"{count!r} seats; AXIO Rota is for 1 to {MAX_PLAYERS} players")
    for seat, track in enumerate(all_tracks):
        if type(track) is not tuple or len(track) != len(COLOURS):
            raise _invalid(f"{where}[{seat}]", f"{track!r} is not 5 track values (ROTA-4)")
        for colour, value in enumerate(track):
            if type(value) is not int or not 0 <= value <= TRACK_CAP:
                raise _invalid(
                    f"{where}[{seat}][{colour}]",
                    f"{value!r} is off the track: tracks run 0..{TRACK_CAP} (ROTA-4, ROTA-14)",
                )
    return len(all_tracks)


def _check_cell(where: str, cell: object) -> Cell:
    if (
        type(cell) is not tuple
        or len(cell) != 2
        or type(cell[0]) is not int
        or type(cell[1]) is not int
        or not square.packable(cell[0], cell[1])
    ):
        raise _invalid(where, f"cell {cell!r} is not (x, y) within +-{square.PACK_REACH}")
    return cast(Cell, cell)


def _check_placed(where: str, display: object) -> dict[Cell, Tile]:
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
        placed[cell] = _check_a_tile(f"{where} at {cell}", entry[1])
    return placed


def _check_joined(where: str, placed: dict[Cell, Tile]) -> None:
    """The start square is laid (ROTA-7) and every tile is joined to it edge to edge (ROTA-11)."""
    missing = [cell for cell, _ in START_CELLS if cell not in placed]
    if missing:
        raise _invalid(where, f"the start square's cell {missing[0]} is empty (ROTA-7)")
    reached = {cell for cell, _ in START_CELLS}
    frontier = list(reached)
    while frontier:
        for near in square.neighbours(frontier.pop()):
            if near in placed and near not in reached:
                reached.add(near)
                frontier.append(near)
    if len(reached) != len(placed):
        cell = min(set(placed) - reached, key=lambda xy: xy[::-1])
        raise _invalid(
            where, f"the tile on {cell} is not joined edge to edge to the rest (ROTA-11)"
        )


def _check_seat_number(where: str, seat: object, count: int) -> Seat:
    if type(seat) is not int or not 0 <= seat < count:
        raise _invalid(where, f"{seat!r} is not a seat of this {count}-player game")
    return seat


def _check_extra_shape(where: str, extra_turns: object, extra_tile: object) -> None:
    checks.check_int(f"{where}.extra_turns", extra_turns)
    if extra_tile is not None:
        _check_a_tile(f"{where}.extra_tile", extra_tile)


def _check_extra_earned(where: str, extra_turns: int, extra_tile: object, track: Points) -> None:
    """An extra turn is owed for each colour at 12 (ROTA-15), one at a time from the supply."""
    if extra_tile is None and extra_turns:
        raise _invalid(
            f"{where}.extra_turns",
            f"{extra_turns} extra turns are owed but no extra turn is in progress (ROTA-15)",
        )
    earned = track.count(TRACK_CAP)
    if extra_turns + (extra_tile is not None) > earned:
        raise _invalid(
            f"{where}.extra_turns",
            f"{extra_turns + 1} extra turns for a seat with {earned} colours at {TRACK_CAP}; "
            "each colour earns one (ROTA-15)",
        )


def _check_set_field(where: str, tiles: object, players: int) -> tuple[Tile, ...]:
    """The set a value carries: the standard one (``None``) or a custom set for its seats."""
    if tiles is None:
        return STANDARD_TILES
    chosen = _check_tiles(where, tiles)
    need = START_TILES + STACK_SIZE * players
    if not need <= len(chosen) <= MAX_TILES:
        raise _invalid(
            where,
            f"a set of {len(chosen)} tiles cannot be dealt to {players} player(s): "
            f"{need} to {MAX_TILES} tiles (ROTA-7, ROTA-8)",
        )
    return tuple(chosen)


def _written(tile: Tile) -> str:
    return f"tile {format_tile(tile)}"


def _take(where: str, counts: dict[Tile, int], tiles: Iterable[Tile]) -> None:
    checks.take(where, counts, [canonical(tile) for tile in tiles], _written, "ROTA-3")


def _in_reading_order(placed: dict[Cell, Tile]) -> list[Tile]:
    return [placed[cell] for cell in sorted(placed, key=lambda xy: xy[::-1])]


# ---------------------------------------------------------------------------
# States
# ---------------------------------------------------------------------------


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


def check_state(state: State) -> dict[Cell, Tile]:
    """Check what the fast path relies on: shapes, types, ranges, tiles; return the display.

    Every state that the rules index without having made it (built by hand,
    unpickled, changed with ``attrs.evolve``) passes here first.

    Raises:
        InvalidStateError: naming the field and the problem.
    """
    count = _check_tracks("State.tracks", state.tracks)
    for name in ("hands", "stacks"):
        value = getattr(state, name)
        if type(value) is not tuple:
            raise _invalid(f"State.{name}", "expected a tuple with one entry per seat")
        _check_count(f"State.{name}", len(value), count)
    _check_seat_number("State.seat", state.seat, count)
    for s, held in enumerate(state.hands):
        if held is not None:
            _check_a_tile(f"State.hands[{s}]", held)
    for s, stack in enumerate(state.stacks):
        _check_tiles(f"State.stacks[{s}]", stack)
    _check_tiles("State.supply", state.supply)
    _check_extra_shape("State", state.extra_turns, state.extra_tile)
    _check_set_field("State.tiles", state.tiles, count)
    _check_explicit_shape(state, count)
    placed = _check_placed("State.display", state.display)
    check_extent(state)
    return placed


def _check_set_order(where: str, pool: Sequence[Tile], the_set: Sequence[Tile]) -> None:
    """The pool lists tiles of the set as the set lists them, in its order."""
    rest = iter(the_set)
    for i, tile in enumerate(pool):
        if not any(listed == tile for listed in rest):
            raise _invalid(
                f"{where}[{i}]",
                f"{_written(tile)} is out of the set's order, or is not a tile of the set as "
                "the set lists it (ROTA-3)",
            )


def _check_stack_heights(state: State) -> None:
    for s, stack in enumerate(state.stacks):
        held = int(state.hands[s] is not None)
        if len(stack) + held > STACK_SIZE:
            raise _invalid(
                f"State.stacks[{s}]",
                f"{len(stack)} tiles in the stack and {held} in hand: a seat is "
                f"dealt {STACK_SIZE} (ROTA-8)",
            )


def _check_state_set(state: State, placed: dict[Cell, Tile], the_set: Sequence[Tile]) -> None:
    """Every tile of the set exactly once across the game (ROTA-3, ROTA-9)."""
    extra = [] if state.extra_tile is None else [state.extra_tile]
    counts = checks.count(canonical(tile) for tile in the_set)
    _take("State.display", counts, _in_reading_order(placed))
    _take("State.hands", counts, [held for held in state.hands if held is not None])
    for s, stack in enumerate(state.stacks):
        _take(f"State.stacks[{s}]", counts, stack)
    _take("State.supply", counts, state.supply)
    _take("State.extra_tile", counts, extra)
    left = sum(counts.values())
    if left:
        missing = next(tile for tile, n in counts.items() if n)
        raise _invalid(
            "State",
            f"{left} tiles of the set are nowhere, such as {format_tile(missing)} (ROTA-3)",
        )


def _check_winner(where: str, winner: Seat | None, mover: Seat | None) -> None:
    """A seat with all five colours at 12 ended the game at once, on its own move (ROTA-17)."""
    if winner is not None and winner != mover:
        raise _invalid(
            where,
            f"seat {winner} has all five colours at {TRACK_CAP}, so the game is over and "
            "it was the last to move (ROTA-17)",
        )


# ---------------------------------------------------------------------------
# Counters shared by states and views: turns, the supply, extra turns, points
# ---------------------------------------------------------------------------


def _check_rounds(
    where: str, sizes: Sequence[int], held: Sequence[int | None], mover: Seat, started: bool
) -> list[int]:
    """Seats place in turn from seat 0 (ROTA-10): the stacks agree with whose turn it is.

    A seat has placed ``12 - stack - hand`` tiles of its own (ROTA-8,
    ROTA-16). Seats before the mover (and the mover itself once it has
    placed, during an extra turn or after winning) have placed one more than
    the seats after it. ``held`` is 1 or 0 per seat, or ``None`` where a view
    does not show it; return it worked out in full.

    Raises:
        InvalidStateError: naming the first seat whose count is out of turn.
    """
    if held[mover] is not None and held[mover] == started:
        problem = "holds a tile after placing" if started else "holds no tile to place"
        raise _invalid(
            f"{where}[{mover}]",
            f"seat {mover} is to move but {problem}: a seat places its hand tile, then takes "
            "its extra turns, then draws (ROTA-15, ROTA-16)",
        )
    own = STACK_SIZE - sizes[mover] - (held[mover] or 0)
    if own < started:
        raise _invalid(
            f"{where}[{mover}]",
            f"seat {mover} is in an extra turn but has placed no tile of its stack (ROTA-15)",
        )
    base = own - started
    cut = mover + started
    result: list[int] = []
    for s, size in enumerate(sizes):
        expected = base + (s < cut)
        given = held[s]
        holds = STACK_SIZE - size - expected if given is None else given
        if holds not in (0, 1) or STACK_SIZE - size - holds != expected:
            raise _invalid(
                f"{where}[{s}]",
                f"seat {s} has {size} tiles in its stack and {holds} in hand, and seat {mover} "
                f"to move has placed {own}: seats place in turn from seat 0, so seat {s} should "
                f"have placed {expected} (ROTA-10, ROTA-16)",
            )
        if holds == 0 and size and s != mover:
            raise _invalid(
                f"{where}[{s}]",
                "the seat holds no tile but its stack is not used up; it draws at the end of "
                "its turn (ROTA-16)",
            )
        result.append(holds)
    return result


def _check_over(where: str, sizes: Sequence[int], held: Sequence[int | None]) -> None:
    """A game over without a ROTA-17 winner has every stack and hand used up (ROTA-18)."""
    for s, size in enumerate(sizes):
        if held[s]:
            raise _invalid(
                f"{where}[{s}]",
                f"the game is over but seat {s} still holds a tile to place (ROTA-18)",
            )
        if size:
            raise _invalid(
                f"{where}[{s}]",
                f"the game is over but seat {s} has {size} tiles in its stack; without a seat "
                f"at {TRACK_CAP} in all five colours it ends when every stack is used (ROTA-18)",
            )


def _check_supply_used(
    where: str,
    all_tracks: Sequence[Points],
    supply: int,
    extra_turns: int,
    full: int,
    winner: bool,
) -> None:
    """Every supply tile drawn was an extra turn earned by a colour at 12 (ROTA-15).

    While the supply lasts, every colour at 12 has had its extra turn or is
    owed it, unless the game ended at once (ROTA-17).
    """
    drawn = full - supply
    earned = sum(track.count(TRACK_CAP) for track in all_tracks)
    if drawn + extra_turns > earned or (supply and not winner and drawn + extra_turns < earned):
        raise _invalid(
            where,
            f"{drawn} tiles drawn from a supply of {full} and {extra_turns} extra turns owed, "
            f"but {earned} colours are at {TRACK_CAP}: each earns one extra turn from the "
            "supply while it lasts (ROTA-15)",
        )


def _check_points(
    where: str, all_tracks: Sequence[Points], placed: Sequence[int], extras: int
) -> None:
    """A placed tile scores at most 12 points: 3 per corner (ROTA-12)."""
    for s, track in enumerate(all_tracks):
        most = 12 * (placed[s] + extras)
        if sum(track) > most:
            raise _invalid(
                f"{where}[{s}]",
                f"{sum(track)} points from at most {placed[s] + extras} placed tiles; a tile "
                "scores at most 12, 3 per corner (ROTA-12)",
            )


def _check_counters(
    where: str,
    sizes: Sequence[int],
    held: Sequence[int | None],
    mover: Seat | None,
    counts: tuple[Sequence[Points], int, int, int, bool],
) -> list[int]:
    """The counts of a state or view agree with each other; return who holds a tile.

    ``where`` is ``"State"`` or ``"View"``; ``mover`` is ``None`` once the game
    is over without a winner; ``counts`` holds the tracks, the supply's size,
    its size at the deal, the extra turns owed and whether an extra turn is
    in progress.
    """
    all_tracks, supply, full, extra_turns, extra = counts
    stacks = f"{where}.stacks" if where == "State" else f"{where}.stack_sizes"
    if supply + extra > full:
        field = f"{where}.supply" if where == "State" else f"{where}.supply_size"
        raise _invalid(
            field, f"{supply + extra} tiles left of a supply of {full} at the deal (ROTA-9)"
        )
    winner = any(tracks.all_at(track, TRACK_CAP) for track in all_tracks)
    if mover is None:
        _check_over(stacks, sizes, held)
        holds = [0] * len(sizes)
    else:
        holds = _check_rounds(stacks, sizes, held, mover, extra or winner)
    _check_supply_used(where, all_tracks, supply, extra_turns, full, winner)
    placed = [STACK_SIZE - size - h for size, h in zip(sizes, holds, strict=True)]
    _check_points(f"{where}.tracks", all_tracks, placed, full - supply - extra)
    return holds


def _validate_state(state: State, fallback: Sequence[Tile]) -> None:
    placed = check_state(state)
    the_set = fallback if state.tiles is None else state.tiles
    if state.pool is not None:
        _check_set_order("State.pool", state.pool, the_set)
        state = _resolved(state)
        placed = check_state(state)
    _check_joined("State.display", placed)
    _check_stack_heights(state)
    _check_extra_earned("State", state.extra_turns, state.extra_tile, state.tracks[state.seat])
    _check_state_set(state, placed, the_set)
    winner = all_at_cap_seat(state)
    over = ended(state) and winner is None
    _check_winner("State.tracks", winner, state.seat if ended(state) else None)
    _check_counters(
        "State",
        [len(stack) for stack in state.stacks],
        [int(held is not None) for held in state.hands],
        None if over else state.seat,
        (
            state.tracks,
            len(state.supply),
            len(the_set) - START_TILES - STACK_SIZE * len(state.tracks),
            state.extra_turns,
            state.extra_tile is not None,
        ),
    )


# ---------------------------------------------------------------------------
# Views
# ---------------------------------------------------------------------------


def _check_view_shape(seen: View) -> int:
    """The view's fields have the types and ranges of a game; return the number of seats."""
    count = _check_tracks("View.tracks", seen.tracks)
    _check_seat_number("View.seat", seen.seat, count)
    if type(seen.to_move) is not tuple or len(seen.to_move) > 1:
        raise _invalid("View.to_move", f"{seen.to_move!r} is not () or (seat,)")
    if seen.drawing:
        if seen.to_move != (CHANCE,):
            raise _invalid(
                "View.to_move", f"chance draws, so it is ({CHANCE},), not {seen.to_move}"
            )
    else:
        for moving in seen.to_move:
            _check_seat_number("View.to_move", moving, count)
    sizes = seen.stack_sizes
    if type(sizes) is not tuple:
        raise _invalid("View.stack_sizes", "expected a tuple of sizes")
    _check_count("View.stack_sizes", len(sizes), count)
    top = STACK_SIZE - (seen.pool is None)  # an explicit view can show the deal
    for s, size in enumerate(sizes):
        checks.check_int(f"View.stack_sizes[{s}]", size, 0, top)
    checks.check_int("View.supply_size", seen.supply_size)
    _check_extra_shape("View", seen.extra_turns, seen.extra_tile)
    if seen.hand is not None:
        _check_a_tile("View.hand", seen.hand)
    _check_seat_number("View.turn", seen.turn, count)
    if seen.drawing not in DRAWINGS or type(seen.drawing) is not str:
        raise _invalid("View.drawing", f"{seen.drawing!r} is not one of {DRAWINGS}")
    _check_bits("View.unseen", seen.unseen, count)
    if seen.pool is None:
        if seen.drawing or seen.unseen or seen.turn:
            raise _invalid(
                "View.pool",
                "drawing, unseen and turn belong to a view of an explicit game, whose pool is set",
            )
    else:
        _check_tiles("View.pool", seen.pool)
    return count


def check_view(seen: View) -> dict[Cell, Tile]:
    """Check what drawing and :func:`determinize` rely on; return the display.

    Raises:
        InvalidStateError: naming the field and the problem.
    """
    count = _check_view_shape(seen)
    _check_set_field("View.tiles", seen.tiles, count)
    return _check_placed("View.display", seen.display)


def _validate_view(seen: View, fallback: Sequence[Tile]) -> None:
    placed = check_view(seen)
    the_set = fallback if seen.tiles is None else seen.tiles
    if seen.pool is not None:
        _validate_explicit_view(seen, the_set)
        return
    _check_joined("View.display", placed)
    count = len(seen.tracks)
    track = seen.tracks[seen.to_move[0]] if seen.to_move else (TRACK_CAP,) * len(COLOURS)
    _check_extra_earned("View", seen.extra_turns, seen.extra_tile, cast(Points, track))
    extra = seen.extra_tile is not None
    if extra and not seen.to_move:
        raise _invalid("View.extra_tile", "an extra turn is in progress in a finished game")
    winner = next((s for s, t in enumerate(seen.tracks) if tracks.all_at(t, TRACK_CAP)), None)
    _check_winner("View.tracks", winner, None if seen.to_move else winner)
    mover = seen.to_move[0] if seen.to_move else winner
    held: list[int | None] = [None] * count
    if mover is not None:  # the mover holds its tile until it places it
        held[mover] = int(not extra and winner is None)
    held[seen.seat] = int(seen.hand is not None)
    holds = _check_counters(
        "View",
        seen.stack_sizes,
        held,
        mover,
        (
            seen.tracks,
            seen.supply_size,
            len(the_set) - START_TILES - STACK_SIZE * count,
            seen.extra_turns,
            extra,
        ),
    )
    counts = checks.count(canonical(tile) for tile in the_set)
    _take("View.display", counts, _in_reading_order(placed))
    _take("View.hand", counts, [] if seen.hand is None else [seen.hand])
    _take("View.extra_tile", counts, [] if seen.extra_tile is None else [seen.extra_tile])
    others = sum(holds) - holds[seen.seat]
    hidden = sum(seen.stack_sizes) + seen.supply_size + others
    unseen = sum(counts.values())
    if hidden != unseen:
        raise _invalid(
            "View.supply_size",
            f"the stacks, the supply and {others} other hands hold {hidden} tiles, but "
            f"{unseen} tiles of the set are out of sight (ROTA-3, ROTA-9)",
        )


# ---------------------------------------------------------------------------
# Outcomes
# ---------------------------------------------------------------------------


def _validate_outcome(result: Outcome) -> None:
    if result.game not in ("", NAME):
        raise _invalid("Outcome.game", f"{result.game!r} is not {NAME!r}")
    if result.mode:
        raise _invalid("Outcome.mode", f"AXIO Rota has no modes, not {result.mode!r}")
    scores = result.scores
    if not 1 <= len(scores) <= MAX_PLAYERS:
        raise _invalid(
            "Outcome.scores", f"{len(scores)} seats; AXIO Rota is for 1 to {MAX_PLAYERS} players"
        )
    if len(scores) == 1:  # solo (ROTA-20): the score is the lowest track
        (score,) = scores
        if type(score) is not int or not 0 <= score <= TRACK_CAP:
            raise _invalid("Outcome.scores[0]", f"a solo score is 0..{TRACK_CAP}, not {score!r}")
        return
    _check_tracks("Outcome.scores", scores)
    if result.ranking != tracks.rank_lowest_colour(cast(tuple[Points, ...], scores)):
        raise _invalid(
            "Outcome.ranking",
            "the places do not follow the scores: lowest colour first, then the next (ROTA-19)",
        )


# ---------------------------------------------------------------------------
# The entry point
# ---------------------------------------------------------------------------


def validate(
    value: State | View | Outcome | AnyMove, *, tiles: Iterable[Tile | str] | None = None
) -> None:
    """Check a state, view or outcome made outside the rules, for example loaded from JSON.

    A state passes when the game could have reached it: one to four seats,
    tracks within 0..12, each cell holding one valid tile, the start square
    laid and every tile joined to it edge to edge, every tile of its set
    (:attr:`State.tiles`, or :data:`STANDARD_TILES`) exactly once across the
    display, the hands, the stacks and the supply (tiles on the display in
    any rotation), stacks no taller than a deal, stacks and hands that agree
    with whose turn it is (seats place in turn from seat 0) and with the end
    of the game, one supply tile drawn per colour at 12 while the supply
    lasts, and at most 12 points per tile placed. A view passes the same
    checks, the hands it does not show worked out from the stack sizes, and
    its hidden tiles must number exactly what the set leaves; an
    outcome needs its scores on the tracks and the places that ROTA-19 gives
    them (one score, the lowest track, in a solo game). A move is checked by
    its constructor, so any :class:`Move` passes (and any :class:`Draw`,
    :class:`Reveal` or :data:`UNSEEN`).

    A state of an explicit game must also list in :attr:`State.pool`, in the
    set's order, exactly the tiles it has not identified (the start square
    still to lay, the stacks, the supply and the hands drawn unseen), and
    wait for the draw the rules call for next; it is then checked as the
    seeded state it stands for (the draw made, the pool dealt in order). A
    view of an explicit game passes if it is the view of a valid state drawn
    from it by :func:`determinize`.
    :mod:`tilegames.serialize` calls this on everything it loads.

    >>> import attrs
    >>> from tilegames import axio_rota as rota
    >>> state = rota.new_game(seed=2)
    >>> validate(state)
    >>> validate(attrs.evolve(state, tracks=((0, 0, 13, 0, 0), (0,) * 5)))
    Traceback (most recent call last):
    ...
    tilegames.errors.InvalidStateError: State.tracks[0][2]: 13 is off the track: ...

    Args:
        value: what to check.
        tiles: the game's custom set, for a state or view that does not carry
            its set (one written before states carried it); a value's own
            :attr:`~State.tiles` comes first.

    Raises:
        InvalidStateError: naming the field and the problem.
        ConfigurationError: if ``tiles`` is not a set of valid tiles.
        WrongTypeError: if the value is not an AXIO Rota state, view, move or outcome.
    """
    kind = type(value)
    fallback = STANDARD_TILES if tiles is None else check_set(tiles, 1)
    if kind is State:
        _validate_state(cast(State, value), fallback)
    elif kind is View:
        _validate_view(cast(View, value), fallback)
    elif kind is Outcome:
        _validate_outcome(cast(Outcome, value))
    elif kind not in (Move, Draw, Unseen, Reveal):
        checks.wrong_type("axio_rota.validate", "an AXIO Rota State, View, Move or Outcome", value)
