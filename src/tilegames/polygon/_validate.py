"""One validator for Polygon: hand-made states before first use, and loaded documents.

:func:`check_state` is the guard that the rules run on a state they did not
make themselves (built by hand, unpickled, loaded) before indexing its
board: every field has the shape the rules rely on. :func:`validate` runs
the same checks and then asks whether the game could have reached the
value: the start-order draw, the seat to move, every tile of the set
exactly once, and what can be told from a final board of the placement rules
of spec v2 (POLY-2, POLY-7, POLY-8, POLY-11, POLY-12). It also reads the
scoring table and the printed board of ``new_game`` (POLY-4, POLY-14).
Messages read ``"where: problem"``.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Mapping
from typing import Final

from tilegames._core import checks, rng
from tilegames._core.chance import CHANCE
from tilegames._core.checks import invalid, shown
from tilegames._core.errors import ConfigurationError
from tilegames._core.rules import Outcome, Seat, rank_by
from tilegames.geometry.hexagon import Hex
from tilegames.polygon._model import (
    CELL,
    COMBINATIONS,
    DRAW,
    MAX_PLAYERS,
    MAX_POINTS,
    MAX_TILES,
    MIN_PLAYERS,
    NAME,
    ORDER,
    PLAY,
    PRINTABLE,
    RADIUS,
    RANK,
    ROLL,
    SIZE,
    SPACES,
    STANDARD_BOARD,
    STANDARD_TILES,
    START,
    START_CELL,
    START_DRAW,
    STEPS,
    SYMBOLS,
    TITLE,
    VALUES,
    WILD,
    Combination,
    Draw,
    Move,
    Printing,
    Roll,
    Scoring,
    Stack,
    State,
    Value,
    View,
    combination_key,
    printed_depth,
    printed_of,
    sorted_values,
)
from tilegames.polygon._tables import LINKS, STANDARD_SCORING

_SET_FORM: Final = "a collection of values such as ['1', 'W', 'X2']"
_STANDARD_SORTED: Final = sorted_values(STANDARD_TILES)

# ---------------------------------------------------------------------------
# The set of new_game (POLY-2, POLY-7)
# ---------------------------------------------------------------------------


def check_set(tiles: object, players: int) -> tuple[Value, ...]:
    """The values of a custom set given to ``new_game``, read case-insensitively, in order.

    Raises:
        ConfigurationError: for a set that is no collection of values, has
            fewer tiles than players (or more than the largest set allowed),
            or whose tiles all rank the same in the start draw (POLY-7).
    """
    if isinstance(tiles, (str, bytes)):
        msg = f"tiles must be {_SET_FORM}, not one string"
        raise ConfigurationError(msg)
    if not isinstance(tiles, Iterable):
        msg = f"tiles must be {_SET_FORM}, not {shown(tiles)}"
        raise ConfigurationError(msg)
    # Read no further than one tile past the largest set, so that an endless
    # iterable is refused by the size check below instead of read forever.
    given_tiles = list(itertools.islice(tiles, MAX_TILES + 1))
    result: list[Value] = []
    for position, given in enumerate(given_tiles):
        value = given.strip().upper() if isinstance(given, str) else None
        if value is None or value not in ORDER:
            msg = (
                f"tiles: tile {position} {shown(given)} is not a tile value; values are "
                f"{', '.join(VALUES)} (POLY-2)"
            )
            raise ConfigurationError(msg)
        result.append(value)
    problem = _set_problem(result, players)
    if problem:
        msg = f"tiles: {problem}"
        raise ConfigurationError(msg)
    return tuple(result)


def _set_problem(values: list[Value] | tuple[Value, ...], players: int) -> str:
    """Why a set of known values cannot be played by ``players``, or ``""``."""
    if not players <= len(values) <= MAX_TILES:
        return (
            f"a set of {len(values)} tiles does not fit {players} players: the start draw "
            f"needs one tile per player (and at most {MAX_TILES} tiles are allowed) (POLY-7)"
        )
    if len({RANK[value] for value in values}) < 2:
        return (
            f"every tile of the set ranks the same in the start draw ({values[0]}), so the "
            "players' tie could never break; give at least two different values (POLY-7)"
        )
    return ""


# ---------------------------------------------------------------------------
# The scoring table and the printed board of new_game (POLY-4, POLY-14)
# ---------------------------------------------------------------------------

_NUMBERS: Final = frozenset("12345")
_SCORING_FORM: Final = (
    "a table such as {'1-1-1': 10, ...} or [('1-1-1', 10), ...], one row per "
    "combination of three values"
)
_BOARD_FORM: Final = "printed tiles such as {(3, 0): 'W', (4, 0): 'X2'} or [((3, 0), 'W'), ...]"


def _rows(given: object, form: str, what: str) -> list[tuple[object, object]]:
    """The ``(key, value)`` rows of a mapping or of a collection of pairs."""
    if isinstance(given, (str, bytes)) or not isinstance(given, Iterable):
        msg = f"{what} must be {form}, not {given!r}"
        raise ConfigurationError(msg)
    items = list(given.items()) if isinstance(given, Mapping) else list(given)
    for item in items:
        if not isinstance(item, (tuple, list)) or len(item) != 2:
            msg = f"{what}: {item!r} is not a pair; {what} must be {form}"
            raise ConfigurationError(msg)
    return [(key, value) for key, value in items]


def _combination(key: object) -> Combination:
    """Three tile values read from ``"1-2-3"`` (any order, any case) or a sequence of three."""
    parts = re.split(r"[\s,-]+", key.strip()) if isinstance(key, str) else key
    if isinstance(parts, (list, tuple)) and len(parts) == 3:
        values = [part.strip().upper() for part in parts if isinstance(part, str)]
        if len(values) == 3 and all(value in ORDER for value in values):
            a, b, c = sorted(values, key=ORDER.__getitem__)
            return (a, b, c)
    msg = (
        f"scoring: {key!r} is not a combination of three tile values such as '2-3-4' "
        f"or '1-W-X2'; values are {', '.join(VALUES)} (POLY-14)"
    )
    raise ConfigurationError(msg)


def _points(key: str, points: object) -> int:
    if type(points) is not int or not 0 <= points <= MAX_POINTS:
        msg = f"scoring: {key} is worth {points!r}; points are an int from 0 to {MAX_POINTS}"
        raise ConfigurationError(msg)
    return points


def _read_points(given: object, what: str) -> dict[Combination, int]:
    """The rows of a table by combination, each given once, with points in range."""
    table: dict[Combination, int] = {}
    for key, points in _rows(given, _SCORING_FORM, what):
        values = _combination(key)
        name = combination_key(values)
        if values in table:
            msg = f"{what}: the combination {name} is given twice (POLY-14)"
            raise ConfigurationError(msg)
        table[values] = _points(name, points)
    return table


def check_scoring(scoring: object) -> Scoring:
    """A complete scoring table given to ``new_game``, in the form of :data:`Scoring`.

    Raises:
        ConfigurationError: for a table that is no collection of
            ``(combination, points)`` rows, names a combination that is not
            three tile values or gives one twice, gives points that are not an
            int from 0 to :data:`MAX_POINTS`, or leaves a combination out.
    """
    table = _read_points(scoring, "scoring")
    missing = [values for values in COMBINATIONS if values not in table]
    if missing:
        msg = (
            f"scoring: the table is incomplete: {len(missing)} of the {len(COMBINATIONS)} "
            f"combinations of three values are missing, such as {combination_key(missing[0])}; "
            "give each its points, 0 for no combination, or build the table with "
            "polygon.scoring_table(...) (POLY-14)"
        )
        raise ConfigurationError(msg)
    return tuple((combination_key(values), table[values]) for values in COMBINATIONS)


def check_numbers(combinations: object, three_wild: object) -> dict[Combination, int]:
    """The arguments of ``scoring_table``: combinations of numbers only, and three WILD.

    Raises:
        ConfigurationError: as :func:`check_scoring` for each row, for a
            combination with a WILD or an X tile (the rules fill those in),
            and for points of three WILD out of range.
    """
    table = _read_points(combinations, "scoring_table")
    for values in table:
        if not _NUMBERS.issuperset(values):
            msg = (
                f"scoring_table: {combination_key(values)} holds a WILD or an X tile, whose "
                "points follow from the number combinations and the rules of POLY-14; give "
                "numbers only, or a complete table to new_game(scoring=...)"
            )
            raise ConfigurationError(msg)
    _points("W-W-W", three_wild)
    return table


def _space(where: str, given: object) -> Hex:
    """A space of the board, not START, read from a pair of ints."""
    if (
        not isinstance(given, (tuple, list))
        or len(given) != 2
        or any(type(part) is not int for part in given)
    ):
        msg = f"{where}: {given!r} is not a space (q, r) of two ints"
        raise ConfigurationError(msg)
    space = (given[0], given[1])
    if space not in CELL:
        msg = f"{where}: {space} is outside the radius-{RADIUS} board (POLY-4)"
        raise ConfigurationError(msg)
    if space == START:
        msg = (
            f"{where}: {space} is START, where the start tile lies; nothing is printed "
            "there (POLY-7)"
        )
        raise ConfigurationError(msg)
    return space


def check_printing(board: object) -> Printing:
    """The printed tiles given to ``new_game(board=...)``, in the form of :data:`Printing`.

    Raises:
        ConfigurationError: for something that is no collection of
            ``(space, value)`` pairs, a space off the board, START, a space
            given twice, or a value that is not WILD, X2 or X3.
    """
    printed: dict[Hex, Value] = {}
    for given, value in _rows(board, _BOARD_FORM, "board"):
        space = _space("board", given)
        tile = value.strip().upper() if isinstance(value, str) else None
        if tile not in PRINTABLE:
            msg = (
                f"board: the tile printed on {space} is {value!r}; a printed tile is a WILD "
                f"or an X tile ({', '.join(PRINTABLE)}) (POLY-4)"
            )
            raise ConfigurationError(msg)
        if space in printed:
            msg = f"board: {space} is given twice"
            raise ConfigurationError(msg)
        printed[space] = tile
    return tuple((space, printed[space]) for space in SPACES if space in printed)


def _check_carried(where: str, given: object, check: object, standard: object) -> None:
    """A carried table or board: exactly the form its reader writes, and not the default."""
    if given is None:
        return
    if type(given) is not tuple:
        raise invalid(where, "expected a tuple of rows")
    try:
        read = check(given)  # type: ignore[operator]
    except ConfigurationError as error:
        raise invalid(where, str(error)) from None
    if read != given:
        raise invalid(where, "the rows are not in their written form and order")
    if given == standard:
        raise invalid(where, "the spec's own is written as null (POLY-14)")


# ---------------------------------------------------------------------------
# Fields: the shape the rules rely on
# ---------------------------------------------------------------------------


def _check_totals(where: str, values: object) -> int:
    """Check the totals; return the number of seats."""
    if type(values) is not tuple or not MIN_PLAYERS <= len(values) <= MAX_PLAYERS:
        count = len(values) if type(values) is tuple else values
        raise invalid(
            where, f"{count!r} seats; Polygon is for {MIN_PLAYERS} to {MAX_PLAYERS} players"
        )
    for seat, total in enumerate(values):
        if type(total) is not int or total < 0:
            raise invalid(f"{where}[{seat}]", f"{total!r} is not a total of points (POLY-8)")
    return len(values)


def _check_values(where: str, values: object) -> tuple[Value, ...]:
    if type(values) is not tuple:
        raise invalid(where, "expected a tuple of tile values")
    for i, value in enumerate(values):
        if type(value) is not str or value not in ORDER:
            raise invalid(f"{where}[{i}]", f"{value!r} is not one of {', '.join(VALUES)}")
    return values


def _check_stack(here: str, stack: object, printed: Value | None) -> None:
    """One space's stack: its printed tile at the bottom, and POLY-12 between neighbours."""
    values = _check_values(here, stack)
    if printed is not None and (not values or values[0] != printed):
        raise invalid(here, f"the stack must start with its printed {printed} (POLY-4)")
    for below, above in itertools.pairwise(values):
        if below == above:
            raise invalid(here, f"{above} lies on a tile of its own value (POLY-12)")
        if above == WILD and below not in _NUMBERS:
            raise invalid(
                here,
                f"a WILD lies on {below}: a WILD goes only on a number tile 1..5 "
                "(POLY-12, changed in spec v2)",
            )


def _check_board(
    where: str, board: object, printing: Printing | None, starting: bool
) -> tuple[Stack, ...]:
    """Check the stacks (POLY-4, POLY-12) against the printed tiles.

    ``starting``: an explicit game's start-order draw is under way, so START is empty.
    """
    if type(board) is not tuple or len(board) != SIZE:
        raise invalid(where, f"expected a tuple of {SIZE} stacks, one per space")
    printed = printed_of(printing)
    for cell, stack in enumerate(board):
        space = SPACES[cell]
        here = f"{where}[{cell}] (space {space[0]},{space[1]})"
        _check_stack(here, stack, printed.get(space))
    if starting:
        if board[START_CELL]:
            raise invalid(
                where, "START holds a tile while the start-order draw is under way (POLY-7)"
            )
    elif not board[START_CELL]:
        raise invalid(where, "START holds no tile (POLY-7)")
    return board


def _check_chance(where: str, value: State | View) -> bool:
    """The chance fields: the mode, the step and the tile being drawn; whether it is starting."""
    chance, step, drawing = value.chance, value.step, value.drawing
    if type(chance) is not str or chance not in ("seeded", "explicit"):
        raise invalid(f"{where}.chance", f"{chance!r} is not 'seeded' or 'explicit'")
    if type(step) is not str or step not in STEPS:
        raise invalid(f"{where}.step", f"{step!r} is not one of {', '.join(map(repr, STEPS))}")
    values = _check_values(f"{where}.drawing", drawing)
    if chance == "seeded" and step != PLAY:
        raise invalid(f"{where}.step", f"{step!r}: a seeded game has no chance steps")
    if step != DRAW and values:
        raise invalid(f"{where}.drawing", "a tile is being drawn only in a 'draw' step (POLY-10)")
    if len(values) > 1:
        raise invalid(
            f"{where}.drawing",
            f"{len(values)} tiles: the turn's draw ends with its second tile (POLY-10)",
        )
    if step != PLAY and value.drawn:
        raise invalid(
            f"{where}.drawn",
            f"tiles to place during the {step!r} step: a turn's tiles are placed once drawn "
            "(POLY-10)",
        )
    return step == START_DRAW


def _check_drawn(where: str, drawn: object) -> tuple[Value, ...]:
    values = _check_values(where, drawn)
    if len(values) > 2 or values != sorted_values(values):
        raise invalid(where, "one or two tiles, in VALUES order (POLY-10)")
    return values


def _check_turn(where: str, turn: object, symbol: object) -> int:
    if type(turn) is not int or turn < 1:
        raise invalid(f"{where}.turn", f"{turn!r} is not a turn number (from 1)")
    if type(symbol) is not int or not 0 <= symbol < len(SYMBOLS):
        raise invalid(f"{where}.symbol", f"{symbol!r} is not a symbol 0..{len(SYMBOLS) - 1}")
    return turn


def _check_placed(
    where: str,
    placed: object,
    drawn: tuple[Value, ...],
    board: tuple[Stack, ...],
    depth: tuple[int, ...],
) -> None:
    if type(placed) is not tuple:
        raise invalid(where, "expected a tuple of space numbers")
    for cell in placed:
        if type(cell) is not int or not 0 <= cell < SIZE:
            raise invalid(where, f"{cell!r} is not a space number 0..{SIZE - 1}")
        if len(board[cell]) <= depth[cell]:
            raise invalid(where, f"space {SPACES[cell]} holds no played tile (POLY-10)")
    if len(placed) + len(drawn) > 2:
        raise invalid(where, f"{len(placed)} placed and {len(drawn)} drawn: a turn has 2 tiles")


def _check_tiles(where: str, tiles: object, count: int) -> tuple[Value, ...]:
    """Check the carried set (``None`` for the standard one); return the set."""
    if tiles is None:
        return STANDARD_TILES
    values = _check_values(where, tiles)
    if values != sorted_values(values):
        raise invalid(where, "the set is listed in VALUES order")
    if values == _STANDARD_SORTED:
        raise invalid(where, "the standard set is written as null (POLY-2)")
    problem = _set_problem(values, count)
    if problem:
        raise invalid(where, problem)
    return values


def _check_public(where: str, value: State | View) -> int:
    """The checks of the fields a state and a view share; return the number of seats."""
    count = _check_totals(f"{where}.totals", value.totals)
    starting = _check_chance(where, value)
    _check_carried(f"{where}.scoring", value.scoring, check_scoring, STANDARD_SCORING)
    _check_carried(f"{where}.board", value.board, check_printing, STANDARD_BOARD)
    board = _check_board(f"{where}.stacks", value.stacks, value.board, starting)
    drawn = _check_drawn(f"{where}.drawn", value.drawn)
    _check_values(f"{where}.aside", value.aside)
    _check_turn(where, value.turn, value.symbol)
    _check_placed(f"{where}.placed", value.placed, drawn, board, printed_depth(value.board))
    _check_tiles(f"{where}.tiles", value.tiles, count)
    return count


def check_state(state: State) -> None:
    """Refuse a state whose fields do not have the shape the rules rely on.

    The rules call it on a state they did not make (by hand, unpickled,
    loaded) before they first read its board; :func:`validate` checks more.

    Raises:
        InvalidStateError: naming the field and the problem.
    """
    count = _check_public("State", state)
    bag = _check_values("State.bag", state.bag)
    if state.chance == "explicit" and bag != sorted_values(bag):
        raise invalid(
            "State.bag",
            "an explicit game's bag is its contents in VALUES order (chance orders the draws)",
        )
    checks.check_int("State.seat", state.seat, 0, count - 1)
    if type(state.seed) is not int or not 0 <= state.seed < 1 << rng.SEED_BITS:
        raise invalid("State.seed", f"{state.seed!r} is not a {rng.SEED_BITS}-bit seed")


# ---------------------------------------------------------------------------
# History: could the game have reached it? (POLY-2, POLY-7, POLY-8, POLY-10)
# ---------------------------------------------------------------------------


def _check_round(where: str, draws: object, drawing: list[Seat]) -> tuple[tuple[Seat, Value], ...]:
    """Check one round of the start-order draw: the seats that should draw, and their tiles."""
    if type(draws) is not tuple or any(
        type(pair) is not tuple or len(pair) != 2 for pair in draws
    ):
        raise invalid(where, "expected a tuple of (seat, tile) pairs")
    seats = [seat for seat, _ in draws]
    if seats != drawing:
        raise invalid(where, f"seats {seats} drew; {drawing} should have (POLY-7)")
    _check_values(where, tuple(value for _, value in draws))
    return draws


def _check_start_draw(where: str, rounds: object, count: int, start_tile: Value) -> Seat:
    """Check the start-order draw (POLY-7); return the seat that won it."""
    if type(rounds) is not tuple or not rounds:
        raise invalid(where, "expected at least one round of draws")
    drawing = list(range(count))
    winner = -1
    for number, given in enumerate(rounds):
        here = f"{where}[{number}]"
        if winner >= 0:
            raise invalid(here, "a round after the draw was decided")
        draws = _check_round(here, given, drawing)
        best = max(RANK[value] for _, value in draws)
        drawing = [seat for seat, value in draws if RANK[value] == best]
        if len(drawing) == 1:
            winner = drawing[0]
            if dict(draws)[winner] != start_tile:
                raise invalid(
                    here, f"seat {winner} won the draw, so its tile lies on START (POLY-7)"
                )
    if winner < 0:
        raise invalid(where, "the draw ends with seats still tied (POLY-7)")
    return winner


def _check_progress(where: str, value: State | View, bag_size: int) -> None:
    if value.step:
        if not bag_size:
            raise invalid(
                f"{where}.step",
                f"{value.step!r} with an empty bag: the game ended with the turn that "
                "emptied it (POLY-15)",
            )
        if value.placed:
            raise invalid(
                f"{where}.placed", "placements before the turn's roll and draw (POLY-9, POLY-10)"
            )
        if value.step == ROLL and value.turn == 1 and value.symbol:
            raise invalid(
                f"{where}.symbol", "the first turn's die is not rolled yet: the symbol is 0"
            )
        return
    if not value.drawn and bag_size:
        raise invalid(f"{where}.drawn", "no tile is drawn but the bag is not empty (POLY-10)")


def _check_set(where: str, tiles: tuple[Value, ...], parts: dict[str, Iterable[Value]]) -> None:
    """Every tile of the set is in sight or in the bag exactly once (POLY-2)."""
    counts = checks.count(tiles)
    for field, values in parts.items():
        checks.take(f"{where}.{field}", counts, values, "tile {}".format, "POLY-2")
    left = sum(counts.values())
    if left:
        missing = next(value for value, n in counts.items() if n)
        raise invalid(where, f"{left} tiles of the set are nowhere, such as {missing} (POLY-2)")


def _check_counters(
    where: str, value: State | View, bag_size: int, set_size: int, first: Seat
) -> None:
    """The turn number, the bag, the drawn and placed tiles and the totals agree (POLY-10, 13).

    Past the start draw, which leaves every tile but the START tile in the bag
    (POLY-7), turn ``t`` has drawn ``2t`` tiles in all, or ``2t - 1`` when the
    bag held one tile for its draw; the bag is then empty (POLY-10).
    """
    turn, drawn, placed = value.turn, value.drawn, value.placed
    out = set_size - 1 - bag_size  # tiles drawn in turns 1 .. turn
    this_turn = out - 2 * (turn - 1)  # drawn for this turn: 2, or 1 from a bag of one
    if value.step and this_turn != len(value.drawing):
        raise invalid(
            f"{where}.turn",
            f"turn {turn} waits for chance ({value.step!r}) with {len(value.drawing)} tiles "
            f"drawn, but {out} tiles of the set of {set_size} have left the bag since the "
            f"start draw (bag {bag_size}): each turn before draws 2 (POLY-10)",
        )
    if value.step:
        pass
    elif this_turn != 2 and (bag_size or this_turn != 1):
        raise invalid(
            f"{where}.turn",
            f"turn {turn}, but {out} tiles of the set of {set_size} have left the bag since "
            f"the start draw (bag {bag_size}): each turn draws 2, one only from a bag of one, "
            "so the bag and the turn disagree (POLY-10)",
        )
    if not drawn and placed:
        raise invalid(
            f"{where}.placed",
            f"{len(placed)} placed after the game's last turn was scored: a turn's "
            "placements are cleared when it ends (POLY-13, POLY-15)",
        )
    if len(placed) + len(drawn) > this_turn:
        raise invalid(
            f"{where}.placed",
            f"{len(placed)} placed and {len(drawn)} drawn, but turn {turn} drew "
            f"{this_turn} from a bag of {this_turn} (POLY-10)",
        )
    if drawn and this_turn - len(placed) - len(drawn) > len(value.aside):
        raise invalid(
            f"{where}.aside",
            f"turn {turn} drew {this_turn} tiles, {len(placed)} placed and {len(drawn)} still "
            f"to place, so one was set aside, but {len(value.aside)} are aside (POLY-11)",
        )
    count = len(value.totals)
    scored = turn if not drawn and not value.step else turn - 1  # turns over and scored
    best = max(points for _, points in (value.scoring or STANDARD_SCORING))
    for seat, total in enumerate(value.totals):
        # Seat ``first`` plays turns 1, 1 + count, ...; each turn credits at most
        # one grouping to each of its two tiles (POLY-13).
        offset = (seat - first) % count
        turns = (scored - 1 - offset) // count + 1 if scored > offset else 0
        if total > 2 * best * turns:
            raise invalid(
                f"{where}.totals[{seat}]",
                f"{total} points from {turns} scored turns: a turn scores at most two "
                f"groupings of at most {best} (POLY-13)",
            )


def _check_placements(where: str, value: State | View) -> None:
    """Each tile placed this turn was placed by the turn's symbol (POLY-11).

    Each placement shared a corner of the turn's symbol with another space
    holding a played tile then, and played spaces stay played. (A turn names
    at most one space here: after its second tile it is over.)
    """
    depth = printed_depth(value.board)
    symbol = value.symbol
    played = 0
    for cell, stack in enumerate(value.stacks):
        if len(stack) > depth[cell]:
            played |= 1 << cell
    for cell in value.placed:
        if not LINKS[cell][symbol] & played:
            raise invalid(
                f"{where}.placed",
                f"space {SPACES[cell]} shares no {SYMBOLS[symbol]} corner with another "
                "space holding a played tile, yet a tile was placed there this turn (POLY-11)",
            )


def _played(value: State | View) -> list[Value]:
    """The played tiles of a board (its printed tiles left out)."""
    depth = printed_depth(value.board)
    return [tile for cell, stack in enumerate(value.stacks) for tile in stack[depth[cell] :]]


def _check_connected(where: str, value: State | View) -> None:
    """Every played tile joins START through played tiles (POLY-11).

    Each placement shares a corner with another space holding a played tile,
    and a space once played stays played, so the played spaces of a reachable
    board are linked to START, corner by corner. (Which symbol each placement
    used, and whether a tile stacked in the past was reached then, cannot be
    told from the final board.)
    """
    depth = printed_depth(value.board)
    played = {cell for cell, stack in enumerate(value.stacks) if len(stack) > depth[cell]}
    found, pending = {START_CELL}, [START_CELL]
    while pending:
        links = LINKS[pending.pop()]
        for cell in played - found:
            if any(link >> cell & 1 for link in links):
                found.add(cell)
                pending.append(cell)
    cut_off = sorted(played - found)
    if cut_off:
        space = SPACES[cut_off[0]]
        raise invalid(
            f"{where}.stacks",
            f"{len(cut_off)} played spaces, such as {space}, share no corner with the "
            "played tiles around START: a tile goes only next to a played tile (POLY-11)",
        )


def _starter(where: str, value: State | View, count: int) -> Seat:
    """The seat that won the start-order draw, checked against the START tile (POLY-7)."""
    start_tile = value.stacks[START_CELL][0]
    return _check_start_draw(f"{where}.start_draw", value.start_draw, count, start_tile)


def _validate_state(state: State, tiles: tuple[Value, ...]) -> None:
    check_state(state)
    count = len(state.totals)
    if state.step == START_DRAW:
        if state.seat:
            raise invalid("State.seat", "no seat has won the start-order draw yet: it is 0")
        from tilegames.polygon._chance import validate_start  # late: _chance imports this

        validate_start("State", state, tiles, "bag")
        return
    first = _starter("State", state, count)
    if state.seat != (first + state.turn - 1) % count:
        raise invalid(
            "State.seat",
            f"{state.seat!r} cannot play turn {state.turn}: seat {first} started, and seats "
            "take turns in order (POLY-8)",
        )
    _check_progress("State", state, len(state.bag))
    _check_connected("State", state)
    parts = {"stacks": _played(state), "drawn": state.drawn, "bag": state.bag}
    _check_set("State", tiles, {**parts, "aside": state.aside, "drawing": state.drawing})
    _check_counters("State", state, len(state.bag), len(tiles), first)
    _check_placements("State", state)


def _validate_view(seen: View, tiles: tuple[Value, ...]) -> None:
    count = _check_public("View", seen)
    checks.check_int("View.seat", seen.seat, 0, count - 1)
    contents = _check_values("View.bag_contents", seen.bag_contents)
    if contents != sorted_values(contents):
        raise invalid("View.bag_contents", "the tiles are listed in VALUES order")
    if seen.bag_size != len(contents):
        raise invalid(
            "View.bag_size", f"{seen.bag_size!r} tiles, but the contents list {len(contents)}"
        )
    if seen.step == START_DRAW:
        if seen.to_move != (CHANCE,):
            raise invalid("View.to_move", f"{seen.to_move!r}: chance draws for the start order")
        from tilegames.polygon._chance import validate_start  # late: _chance imports this

        validate_start("View", seen, tiles, "bag_contents")
        return
    first = _starter("View", seen, count)
    expected = ((first + seen.turn - 1) % count,) if seen.drawn else ()
    if seen.step:
        expected = (CHANCE,)
    if seen.to_move != expected:
        raise invalid("View.to_move", f"{seen.to_move!r}, but the turn says {expected} (POLY-8)")
    _check_progress("View", seen, len(contents))
    _check_connected("View", seen)
    parts = {"stacks": _played(seen), "drawn": seen.drawn, "bag_contents": contents}
    _check_set("View", tiles, {**parts, "aside": seen.aside, "drawing": seen.drawing})
    _check_counters("View", seen, len(contents), len(tiles), first)
    _check_placements("View", seen)


def _validate_outcome(result: Outcome) -> None:
    if result.game not in ("", NAME):
        raise invalid("Outcome.game", f"{result.game!r} is not {NAME!r}")
    if result.mode:
        raise invalid("Outcome.mode", f"{result.mode!r}: {TITLE} has no modes")
    _check_totals("Outcome.scores", result.scores)
    if result.ranking != rank_by(result.scores):
        raise invalid("Outcome.ranking", "the places do not follow the totals (POLY-15)")


def _set_of(value: State | View, tiles: Iterable[Value] | None) -> tuple[Value, ...]:
    """The set to count a value's tiles against: its own, else ``tiles``, else the standard."""
    if value.tiles is None and tiles is not None:
        return check_set(tiles, MIN_PLAYERS)
    return STANDARD_TILES if value.tiles is None else value.tiles


def validate(
    value: State | View | Outcome | Move | Draw | Roll, *, tiles: Iterable[Value] | None = None
) -> None:
    """Check a state, view or outcome made outside the rules, for example loaded from JSON.

    A state passes when the game could have reached it: two to four seats
    with totals of at least 0, 61 stacks with the printed tiles at the bottom
    and never a tile on one of its own value, a tile on START, a start-order
    draw that picks the seat of the START tile, a seat to move that follows
    from it and the turn number, at most two tiles to a turn, and every tile
    of its set (:attr:`State.tiles`, else :data:`STANDARD_TILES`) exactly
    once across the board, the drawn tiles, the bag and the tiles set aside.
    A view passes the same checks on what it shows. An outcome needs the
    places that POLY-15 gives its totals, and no mode (Polygon has none; an
    outcome from an older document, without game and mode, is checked the
    same way). A move is checked by its constructor, so any :class:`Move`
    on the board passes, and so does any :class:`Draw` or :class:`Roll`.
    A state of an explicit game (``chance="explicit"``) passes the same
    checks at a seat's step, and at a chance step those of its step: during
    the start-order draw nothing else has happened and the tiles drawn and the
    bag make up the set; at a roll or draw the turn's tiles drawn so far
    (:attr:`State.drawing`) agree with the turn and the bag.
    :mod:`tilegames.serialize` calls this on everything it loads.

    >>> import attrs
    >>> from tilegames import polygon
    >>> state = polygon.new_game(seed=2)
    >>> validate(state)
    >>> validate(attrs.evolve(state, bag=state.bag[1:]))
    Traceback (most recent call last):
    ...
    tilegames.errors.InvalidStateError: State: 1 tiles of the set are nowhere, such as ...

    Args:
        value: what to check.
        tiles: the game's custom set, for a state or view that does not carry
            its set (written before states carried it); a carried set wins.

    Raises:
        InvalidStateError: naming the field and the problem.
        WrongTypeError: if the value is no Polygon State, View, Move or Outcome.
    """
    if type(value) is State:
        _validate_state(value, _set_of(value, tiles))
    elif type(value) is View:
        _validate_view(value, _set_of(value, tiles))
    elif type(value) is Outcome:
        _validate_outcome(value)
    elif type(value) is Move:
        if value.space is not None and value.space not in CELL:
            raise invalid("Move.space", f"{value.space} is not a space of the board (POLY-4)")
    elif type(value) is not Draw and type(value) is not Roll:
        checks.wrong_type(
            "polygon.validate", "a Polygon State, View, Move, Draw, Roll or Outcome", value
        )
