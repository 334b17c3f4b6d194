"""Polygon's field checks: the parts of a document that states and views share.

:func:`check_public` checks the fields a :class:`~tilegames.polygon.State`
and a :class:`~tilegames.polygon.View` share (the seats' totals, the chance
fields, the carried table and board, the stacks, the drawn, placed and set
aside tiles, the turn and the carried set) for the shape the rules rely on.
The readers of ``new_game``'s options are here too (:func:`check_set`,
:func:`check_scoring`, :func:`check_printing` and :func:`check_numbers` of
``scoring_table``, POLY-2, POLY-4, POLY-7, POLY-14), since a carried set,
table or board is checked by them. Nothing here knows the rules'
computations; messages read ``"where: problem"``.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Mapping
from typing import Final

from tilegames._core.checks import bounded_set, invalid, shown
from tilegames._core.errors import ConfigurationError
from tilegames.geometry.hexagon import Hex
from tilegames.polygon._model import (
    CELL,
    COMBINATIONS,
    DRAW,
    MAX_PLAYERS,
    MAX_POINTS,
    MAX_TILES,
    MIN_PLAYERS,
    ORDER,
    PLAY,
    PRINTABLE,
    RADIUS,
    RANK,
    SIZE,
    SPACES,
    STANDARD_BOARD,
    STANDARD_SORTED,
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
    Printing,
    Scoring,
    Stack,
    State,
    Value,
    View,
    combination_key,
    printed_of,
    sorted_values,
)
from tilegames.polygon._tables import STANDARD_SCORING, printed_depth

# ---------------------------------------------------------------------------
# The set of new_game (POLY-2, POLY-7)
# ---------------------------------------------------------------------------


def read_values(tiles: object) -> tuple[Value, ...]:
    """The values of a custom set given to ``new_game``, read case-insensitively, in order.

    Reading stops one tile past the largest set, so that an endless iterable
    is refused by the size check of :func:`check_set`.

    Raises:
        ConfigurationError: for a set that is no collection of values.
    """
    given_tiles = list(bounded_set("tiles", tiles, MAX_TILES, "['1', 'W', 'X2']"))
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
    return tuple(result)


def check_set(tiles: object, players: int) -> tuple[Value, ...]:
    """The values of a custom set given to ``new_game``, read case-insensitively, in order.

    Raises:
        ConfigurationError: for a set that is no collection of values, has
            fewer tiles than players (or more than the largest set allowed),
            or whose tiles all rank the same in the start draw (POLY-7).
    """
    result = read_values(tiles)
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


def check_totals(where: str, values: object) -> int:
    """Check the totals; return the number of seats."""
    if type(values) is not tuple or not MIN_PLAYERS <= len(values) <= MAX_PLAYERS:
        count = len(values) if type(values) is tuple else values
        raise invalid(
            where, f"{count!r} seats; {TITLE} is for {MIN_PLAYERS} to {MAX_PLAYERS} players"
        )
    for seat, total in enumerate(values):
        if type(total) is not int or total < 0:
            raise invalid(f"{where}[{seat}]", f"{total!r} is not a total of points (POLY-8)")
    return len(values)


def check_values(where: str, values: object) -> tuple[Value, ...]:
    if type(values) is not tuple:
        raise invalid(where, "expected a tuple of tile values")
    for i, value in enumerate(values):
        if type(value) is not str or value not in ORDER:
            raise invalid(f"{where}[{i}]", f"{value!r} is not one of {', '.join(VALUES)}")
    return values


def _check_stack(here: str, stack: object, printed: Value | None) -> None:
    """One space's stack: its printed tile at the bottom, and POLY-12 between neighbours."""
    values = check_values(here, stack)
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
    explicit, step, drawing = value.explicit, value.step, value.first_drawn
    if type(explicit) is not bool:
        raise invalid(f"{where}.explicit", f"{explicit!r} is not a bool")
    if type(step) is not str or step not in STEPS:
        raise invalid(f"{where}.step", f"{step!r} is not one of {', '.join(map(repr, STEPS))}")
    values = check_values(f"{where}.first_drawn", drawing)
    if not explicit and step != PLAY:
        raise invalid(f"{where}.step", f"{step!r}: a seeded game has no chance steps")
    if step != DRAW and values:
        raise invalid(
            f"{where}.first_drawn", "a tile is being drawn only in a 'draw' step (POLY-10)"
        )
    if len(values) > 1:
        raise invalid(
            f"{where}.first_drawn",
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
    values = check_values(where, drawn)
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
    printing: Printing | None,
) -> None:
    if type(placed) is not tuple:
        raise invalid(where, "expected a tuple of space numbers")
    for cell in placed:
        if type(cell) is not int or not 0 <= cell < SIZE:
            raise invalid(where, f"{cell!r} is not a space number 0..{SIZE - 1}")
        if len(board[cell]) <= printed_depth(printing)[cell]:
            raise invalid(where, f"space {SPACES[cell]} holds no played tile (POLY-10)")
    if len(placed) + len(drawn) > 2:
        raise invalid(where, f"{len(placed)} placed and {len(drawn)} drawn: a turn has 2 tiles")


def _check_tiles(where: str, tiles: object, count: int) -> tuple[Value, ...]:
    """Check the carried set (``None`` for the standard one); return the set."""
    if tiles is None:
        return STANDARD_TILES
    values = check_values(where, tiles)
    if values != sorted_values(values):
        raise invalid(where, "the set is listed in VALUES order")
    if values == STANDARD_SORTED:
        raise invalid(where, "the standard set is written as null (POLY-2)")
    problem = _set_problem(values, count)
    if problem:
        raise invalid(where, problem)
    return values


def check_public(where: str, value: State | View) -> int:
    """The checks of the fields a state and a view share; return the number of seats."""
    count = check_totals(f"{where}.totals", value.totals)
    starting = _check_chance(where, value)
    _check_carried(f"{where}.scoring", value.scoring, check_scoring, STANDARD_SCORING)
    _check_carried(f"{where}.board", value.board, check_printing, STANDARD_BOARD)
    board = _check_board(f"{where}.stacks", value.stacks, value.board, starting)
    drawn = _check_drawn(f"{where}.drawn", value.drawn)
    check_values(f"{where}.aside", value.aside)
    _check_turn(where, value.turn, value.symbol)
    _check_tiles(f"{where}.tiles", value.tiles, count)
    _check_placed(f"{where}.placed", value.placed, drawn, board, value.board)
    return count
