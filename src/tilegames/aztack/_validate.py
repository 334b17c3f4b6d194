"""Aztack's one validator: states, views, moves and outcomes made outside the rules.

:func:`_check_state` is the one path for states: with ``full=False`` it
checks the shape that every function needs (a hand-built state is checked
so when its index is first built); :func:`validate` adds (``full=True``)
what a game could have reached, for values loaded from documents. Views are
checked by the same parts, against the set they carry.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

from tilegames._core.bits import mask_of
from tilegames._core.chance import CHANCE
from tilegames._core.checks import invalid, wrong_type
from tilegames._core.rules import Outcome
from tilegames.aztack._model import (
    _CELLS,
    _KINDS,
    _MAX_STONES,
    BASE_STONES,
    COLOURS,
    DEPTH,
    MAX_PLAYERS,
    MIN_PLAYERS,
    MODES,
    NAME,
    STANDARD_STONES,
    SUPPLY_SIZE,
    WIDTH,
    Deal,
    Lay,
    Move,
    Pass,
    Place,
    State,
    StoneId,
    StoneSet,
    View,
    _Index,
    _kind,
    _setting_up,
)
from tilegames.aztack._tables import (
    _ADJACENT,
    _NUMBER,
    _PAIRS,
    _XY,
    _full_index,
    _Set,
    _set_info,
    _stones_per_colour,
)
from tilegames.geometry.pyramid import NO_STONE, Pyramid

# ---------------------------------------------------------------------------
# The parts, shared by states and views
# ---------------------------------------------------------------------------


def _check_seats(kind: str, supplies: object, last_placed: object, turn: object) -> int:
    """Check the per-seat fields; return the number of seats."""
    if type(supplies) is not tuple or not MIN_PLAYERS <= len(supplies) <= MAX_PLAYERS:
        raise invalid(f"{kind}.supplies", "expected one supply for each of 2 to 4 seats")
    count = len(supplies)
    if (
        type(last_placed) is not tuple
        or len(last_placed) != count
        or any(type(n) is not int or n < 0 for n in last_placed)
    ):
        raise invalid(f"{kind}.last_placed", f"expected {count} ints >= 0, got {last_placed!r}")
    if turn is not None and (type(turn) is not int or not 0 <= turn < count):
        raise invalid(f"{kind}.turn", f"{turn!r} is neither None nor a seat 0..{count - 1}")
    return count


def _check_grid(kind: str, grid: object, faces: object, *, partial: bool = False) -> Pyramid:
    """Check the pyramid and the faces of a state or view (``partial``: a base being laid)."""
    if not isinstance(grid, Pyramid) or (grid.width, grid.depth) != (WIDTH, DEPTH):
        raise invalid(f"{kind}.pyramid", f"expected a {WIDTH}x{DEPTH} Pyramid")
    if min(grid.heights) < (0 if partial else 1):
        raise invalid(f"{kind}.pyramid.heights", "every cell has the base under it (AZT-4)")
    if type(faces) is not tuple or len(faces) != _CELLS:
        raise invalid(f"{kind}.faces", f"expected a tuple of {_CELLS} half kinds")
    if any(type(f) is not int or not 0 <= f < _KINDS for f in faces):
        raise invalid(f"{kind}.faces", "half kinds are ints 0..19 (glyph * 5 + colour)")
    return grid


def _check_tops(kind: str, stones: StoneSet, grid: Pyramid, faces: Sequence[int]) -> None:
    """Each top is a stone of the set on one cell or two side by side, showing its halves."""
    if any(not 0 <= top < len(stones) for top in grid.tops if top != NO_STONE):
        raise invalid(f"{kind}.pyramid.tops", f"a stone id is not in the set of {len(stones)}")
    showing: dict[StoneId, list[int]] = {}
    for cell, top in enumerate(grid.tops):
        if top != NO_STONE:  # a cell of a base still being laid (an explicit game's setup)
            showing.setdefault(top, []).append(cell)
    for top, cells in showing.items():
        halves = stones[top].halves
        kinds = (_kind(halves[0]), _kind(halves[1]))
        shown = sorted(faces[cell] for cell in cells)
        if len(cells) > 2 or (len(cells) == 2 and tuple(cells) not in _ADJACENT):
            raise invalid(
                f"{kind}.pyramid.tops", f"stone {top} on cells {[_XY[c] for c in cells]}"
            )
        if (len(cells) == 2 and shown != sorted(kinds)) or not set(shown) <= set(kinds):
            raise invalid(f"{kind}.faces", f"stone {top} does not have the halves its cells show")


def _check_held(kind: str, stones: StoneSet, supplies: Sequence[object], grid: Pyramid) -> None:
    """Each supply holds distinct ids of the set, ascending, found nowhere else."""
    seen: set[StoneId] = set()
    tops = set(grid.tops)
    for seat, held in enumerate(supplies):
        field = f"{kind}.supplies[{seat}]"
        if type(held) is not tuple or any(type(s) is not int for s in held):
            raise invalid(field, f"expected a tuple of stone ids, got {held!r}")
        if list(held) != sorted(set(held)) or any(not 0 <= s < len(stones) for s in held):
            raise invalid(field, f"{held!r} must be distinct ids of the set, ascending")
        if seen & set(held) or set(held) & tops:
            raise invalid(field, "holds a stone that is also elsewhere (another supply or a top)")
        seen |= set(held)


def _placed(grid: Pyramid) -> int:
    """How many stones were placed on the base: each raises two cells by one."""
    return (sum(grid.heights) - _CELLS) // 2


_Tiling = int
"""Stones lying flat over some cells: bit ``i`` for a stone on the ``i``-th pair of ``_PAIRS``."""

_BASE_TILING: Final[_Tiling] = sum(
    1 << i for i, (a, b) in enumerate(_PAIRS) if b == a + WIDTH and (a // WIDTH) % 2 == 0
)
"""The base (AZT-4): cell ``(x, 2r)`` with ``(x, 2r + 1)``, one stone across each row."""


def _tilings(cells: set[int], allowed: list[int]) -> list[_Tiling]:
    """Every way to cover exactly ``cells`` with stones on the allowed pairs (indices in _PAIRS).

    The lowest uncovered cell pairs with its right or its lower neighbour (its
    other neighbours are lower, so already covered): a 6 x 4 grid has 281 ways
    at most, so the work is bounded.
    """
    by_cell: dict[int, list[int]] = {}
    for i in allowed:
        by_cell.setdefault(_PAIRS[i][0], []).append(i)
    found: list[_Tiling] = []

    def cover(left: set[int], tiling: _Tiling) -> None:
        if not left:
            found.append(tiling)
            return
        low = min(left)
        for i in by_cell.get(low, ()):
            other = _PAIRS[i][1]
            if other in left:
                cover(left - {low, other}, tiling | 1 << i)

    cover(cells, 0)
    return found


def _check_layers(kind: str, grid: Pyramid) -> None:
    """The heights and tops are a stack of whole stones that the rules could build (AZT-4, AZT-6).

    Level ``h`` is the layer of stones lying at height ``h``: it covers
    exactly the cells of height ``h`` or more, each stone on two adjacent
    cells (AZT-6, it lies flat), level 1 being the base (AZT-4). A cell of
    height ``h`` shows the stone of level ``h`` on it: a stone shown on two
    cells covers those two, a stone shown on one cell has its other half under
    a higher cell. Each stone bridges two stones of the level below (AZT-6),
    so no stone lies on the same two cells as the one beneath it. Built level
    by level, such a stack can be placed in that order, so these are all the
    checks the shape of a pyramid needs.
    """
    heights, tops = grid.heights, grid.tops
    showing: dict[int, set[int]] = {}
    for cell, top in enumerate(tops):
        showing.setdefault(top, set()).add(cell)
    below: list[_Tiling] = []
    for level in range(1, max(heights) + 1):
        cells = {c for c in range(_CELLS) if heights[c] >= level}
        allowed = []
        for i, (a, b) in enumerate(_PAIRS):
            if level == 1 and not _BASE_TILING >> i & 1:
                continue
            if heights[a] < level or heights[b] < level:
                continue
            if all(
                heights[end] > level
                or showing[tops[end]] == {a, b}
                or (len(showing[tops[end]]) == 1 and heights[a + b - end] > level)
                for end in (a, b)
            ):
                allowed.append(i)
        layer = _tilings(cells, allowed)
        if not layer:
            where = [_XY[c] for c in sorted(cells)]
            raise invalid(
                f"{kind}.pyramid",
                f"level {level} (cells {where}) is not covered by whole stones lying flat "
                "under the tops shown (AZT-4, AZT-6)",
            )
        if level > 1:
            layer = [t for t in layer if any(not t & under for under in below)]
            if not layer:
                raise invalid(
                    f"{kind}.pyramid",
                    f"level {level} cannot be laid so that every stone bridges two stones of "
                    f"level {level - 1}: one would lie on the same two cells as the one beneath "
                    "(AZT-6)",
                )
        below = layer


def _check_reached(
    kind: str,
    stones: StoneSet,
    grid: Pyramid,
    supplies: Sequence[Sequence[object]],
    last: Sequence[int],
) -> None:
    """What a game could have reached: sizes, the pyramid, placement numbers, stones in play."""
    if (sum(grid.heights) - _CELLS) % 2:
        raise invalid(f"{kind}.pyramid.heights", "each stone raises two cells: the sum is odd")
    for seat, held in enumerate(supplies):
        if len(held) > SUPPLY_SIZE:
            raise invalid(f"{kind}.supplies[{seat}]", f"{len(held)} stones; a seat draws 12")
    for row in range(DEPTH // 2):
        for x in range(WIDTH):
            near, far = 2 * row * WIDTH + x, (2 * row + 1) * WIDTH + x
            uncovered = grid.heights[near] == grid.heights[far] == 1
            if uncovered and grid.tops[near] != grid.tops[far]:
                raise invalid(
                    f"{kind}.pyramid.tops", f"base stone at {_XY[near]} is split (AZT-4)"
                )
    placed = _placed(grid)
    made = [n for n in last if n]
    if len(set(made)) != len(made) or any(n > placed for n in made):
        worst = max(made, default=0)
        raise invalid(f"{kind}.last_placed", f"placement {worst} of {placed} made so far")
    in_play = BASE_STONES + placed + sum(map(len, supplies))
    if in_play > len(stones):
        raise invalid(f"{kind}.stones", f"{in_play} stones in play, the set has fewer")
    if max(made, default=0) != placed:
        raise invalid(
            f"{kind}.last_placed",
            f"the latest placement is {max(made, default=0)}, but {placed} stones were placed",
        )
    if len(stones) >= BASE_STONES + SUPPLY_SIZE * len(supplies):
        _check_counts(kind, [len(held) for held in supplies], last, placed)
    _check_layers(kind, grid)


def _check_counts(kind: str, left: Sequence[int], last: Sequence[int], placed: int) -> None:
    """The stones each seat has left agree with the placements it made (AZT-10, AZT-13, AZT-15).

    A seat that never placed still holds its 12 stones. A seat that placed
    ``p`` times, its latest being placement ``last``, has given up ``p``
    stones and at most ``p`` bonus discards: ``p <= 12 - left <= 2 * p`` and
    ``p <= last``. The placements ``1 .. placed`` are shared out so that each
    seat's latest is its ``last``; a supply empties only on the game's latest
    placement (the game then ends).
    """
    for seat, (n, latest) in enumerate(zip(left, last, strict=True)):
        if latest == 0 and n != SUPPLY_SIZE:
            raise invalid(
                f"{kind}.supplies[{seat}]",
                f"{n} stones, but the seat never placed: it holds the {SUPPLY_SIZE} it drew",
            )
        if latest and n == SUPPLY_SIZE:
            raise invalid(
                f"{kind}.supplies[{seat}]", f"{n} stones, but the seat placed (placement {latest})"
            )
        if n == 0 and latest != placed:
            raise invalid(
                f"{kind}.supplies[{seat}]",
                f"empty after placement {latest}, but the game goes on to {placed} (AZT-15)",
            )
    # Seats by their latest placement: the q = p - 1 earlier placements of a
    # seat are numbers below its latest that are no seat's latest. The latest
    # numbers nest, so the seats fit when each prefix fits (Hall's condition);
    # the sums that each prefix can reach form an interval.
    made = sorted((latest, seat) for seat, latest in enumerate(last) if latest)
    low = high = 0
    for rank, (latest, seat) in enumerate(made):
        given = SUPPLY_SIZE - left[seat]
        room = latest - 1 - rank  # earlier numbers that are no seat's latest
        low += (given + 1) // 2 - 1
        high = min(high + min(given, latest) - 1, room)
        if low > high:
            break
    if made and not low <= placed - len(made) <= high:
        raise invalid(
            f"{kind}.supplies",
            f"stones left {tuple(left)} do not agree with {placed} placements and latest "
            f"placements {tuple(last)}: each placement gives up one stone and at most one "
            "bonus discard (AZT-13)",
        )


class _Play(NamedTuple):
    """What the turn and setup checks read of a state or a view (``kind`` names which)."""

    kind: str
    info: _Set
    grid: Pyramid
    faces: Sequence[int]
    supplies: Sequence[Sequence[StoneId]]
    turn: int | None
    last: Sequence[int]


def _check_turn(play: _Play) -> _Index:
    """The turn agrees with the passes since the latest placement (AZT-11, AZT-14, AZT-15).

    In the turn game the turn goes to the next seat after a placement, and a
    seat passes only while it cannot place and someone can (AZT-14); nothing
    changes on a pass. So the seats from the one after the latest placer
    (seat 0 before any placement) up to the seat to move have all passed:
    none of them can place now, and none passed if the game is over. Returns
    the index of the position, for the checks that read it.
    """
    kind, info, grid, faces, supplies, turn, last = play
    index = _full_index(info, tuple(map(mask_of, supplies)), grid, faces)
    if turn is None:
        return index
    count = len(supplies)
    latest = max(last)
    seat = (last.index(latest) + 1) % count if latest else 0
    passed = []
    while seat != turn:
        passed.append(seat)
        seat = (seat + 1) % count
    if passed and index.over:
        raise invalid(
            f"{kind}.turn",
            f"seat {turn} to move, but seats {passed} passed after the game was over (AZT-14)",
        )
    could = [seat for seat in passed if seat in index.movers]
    if could:
        raise invalid(
            f"{kind}.turn",
            f"seat {turn} to move, so seats {passed} passed since the latest placement, but "
            f"seat {could[0]} can place and may not pass (AZT-14)",
        )
    return index


def _check_setup(play: _Play) -> None:
    """An explicit game being set up (AZT-8 .. AZT-10): a base laid in order, then a deal.

    The base stones are laid row by row, column by column: the first ``n``
    base places hold a stone each (height 1 on both its cells), the others
    are empty (height 0, face 0). Until the base is laid nothing is dealt;
    a laid base has every colour on two stones (AZT-9, else it would have
    been laid again); seats are dealt in order, so a seat holds stones only
    when every seat before it holds twelve. Nobody has placed, and the turn
    is seat 0's (or ``None`` in the speed stack).
    """
    kind, info, grid, faces, supplies, turn, last = play
    heights = grid.heights
    laid = 0
    for slot in range(BASE_STONES):
        row, x = divmod(slot, WIDTH)
        near = 2 * row * WIDTH + x
        far = near + WIDTH
        pair = (heights[near], heights[far])
        if pair == (1, 1) and laid == slot:
            laid += 1
            if grid.tops[near] != grid.tops[far]:
                raise invalid(
                    f"{kind}.pyramid.tops",
                    f"base place {slot} at {_XY[near]} holds stones {grid.tops[near]} and "
                    f"{grid.tops[far]}, but a base stone covers both its cells (AZT-4, AZT-8)",
                )
        elif pair != (0, 0):
            raise invalid(
                f"{kind}.pyramid",
                f"base place {slot} at {_XY[near]}: heights {pair}, after {laid} places laid; "
                "the base is laid in order, row by row, one whole stone a place (AZT-4, AZT-8)",
            )
        elif faces[near] or faces[far]:
            raise invalid(f"{kind}.faces", f"empty base place {slot} shows a face (expected 0)")
    if any(last):
        raise invalid(f"{kind}.last_placed", "nobody places before the setup is done")
    if turn not in (0, None):
        raise invalid(f"{kind}.turn", f"seat 0 starts (AZT-11), not seat {turn}")
    sizes = [len(held) for held in supplies]
    if laid < BASE_STONES and any(sizes):
        raise invalid(f"{kind}.supplies", "stones are dealt only once the base is laid (AZT-10)")
    if laid == BASE_STONES and min(_stones_per_colour(info, set(grid.tops))) < 2:
        raise invalid(
            f"{kind}.pyramid",
            "a colour is on fewer than 2 base stones: such a base is laid again (AZT-9)",
        )
    for seat, size in enumerate(sizes):
        if size > SUPPLY_SIZE:
            raise invalid(
                f"{kind}.supplies[{seat}]",
                f"{size} stones, but a seat is dealt {SUPPLY_SIZE} (AZT-10)",
            )
    for seat in range(1, len(sizes)):
        if sizes[seat] and sizes[seat - 1] < SUPPLY_SIZE:
            raise invalid(
                f"{kind}.supplies[{seat}]",
                f"seat {seat} holds stones while seat {seat - 1} has {sizes[seat - 1]} of its "
                f"{SUPPLY_SIZE}: seats are dealt in order (AZT-10)",
            )
    _check_set_deals(kind, info, len(sizes))


def _check_set_deals(kind: str, info: _Set, players: int) -> None:
    """The set can finish the setup: a base of every colour twice, then the deal (AZT-8..AZT-10).

    As :func:`~tilegames.aztack.new_game` asks of a set: ``12 + 12 * players``
    stones, and every colour on two stones, or no base would ever be kept.
    """
    count, need = len(info.stones), BASE_STONES + SUPPLY_SIZE * players
    if count < need:
        raise invalid(
            f"{kind}.stones",
            f"a set of {count} stones cannot be set up for {players} seats: the base takes "
            f"{BASE_STONES} and each supply {SUPPLY_SIZE}, {need} in all (AZT-8, AZT-10)",
        )
    on = _stones_per_colour(info, range(count))
    if min(on) < 2:
        raise invalid(
            f"{kind}.stones",
            f"{COLOURS[on.index(min(on))]} is on {min(on)} stone(s) of the set, but a base "
            "is laid again until every colour is on two of its stones (AZT-9)",
        )


# ---------------------------------------------------------------------------
# States, views, outcomes
# ---------------------------------------------------------------------------


def _check_state(state: State, *, full: bool = False) -> _Set:
    """Check a state made outside the rules; return its set's tables.

    With ``full=False``, what every function needs on a hand-built state
    (checked when its index is first built): the fields' types and sizes,
    supplies apart from the tops, tops showing halves of their stones. With
    ``full=True`` (:func:`validate`), also what a game could have reached.

    Raises:
        InvalidStateError: naming the field and the problem.
    """
    stones = state.stones
    if not isinstance(stones, StoneSet):
        raise invalid("State.stones", f"expected a StoneSet, got {type(stones).__name__}")
    explicit = state.explicit
    if type(explicit) is not bool:
        raise invalid("State.explicit", f"expected True or False, got {explicit!r}")
    _check_seats("State", state.supplies, state.last_placed, state.turn)
    grid = _check_grid("State", state.pyramid, state.faces, partial=explicit)
    _check_tops("State", stones, grid, state.faces)
    _check_held("State", stones, state.supplies, grid)
    info = _set_info(stones)
    play = _Play("State", info, grid, state.faces, state.supplies, state.turn, state.last_placed)
    if _setting_up(explicit, grid.heights, state.supplies, state.last_placed):
        if full:
            _check_setup(play)
        elif 0 in grid.heights and any(state.supplies):
            raise invalid("State.supplies", "stones are dealt only once the base is laid")
    elif full:
        _check_reached("State", stones, grid, state.supplies, state.last_placed)
        _check_turn(play)
    return info


def _view_ids(seen: View, stones: StoneSet) -> tuple[tuple[StoneId, ...], ...]:
    """The ids of the stones in each supply of a view, each stone checked against the set."""
    supplies: list[tuple[StoneId, ...]] = []
    for seat, held in enumerate(seen.supplies):
        field = f"View.supplies[{seat}]"
        if type(held) is not tuple:
            raise invalid(field, "expected a tuple of Stone")
        for stone in held:
            if not (0 <= getattr(stone, "id", -1) < len(stones) and stones[stone.id] == stone):
                raise invalid(field, f"{stone!r} is not a stone of the game's set")
        supplies.append(tuple(stone.id for stone in held))
    return tuple(supplies)


def _check_view(seen: View) -> None:
    """A view passes the checks of a state on what it shows, against the set it carries."""
    count = _check_seats("View", seen.supplies, seen.last_placed, seen.turn)
    if type(seen.explicit) is not bool:
        raise invalid("View.explicit", f"expected True or False, got {seen.explicit!r}")
    grid = _check_grid("View", seen.pyramid, seen.faces, partial=seen.explicit)
    if seen.mode not in MODES or (seen.mode == "speed") != (seen.turn is None):
        raise invalid("View.mode", f"{seen.mode!r} does not agree with turn {seen.turn!r}")
    if type(seen.seat) is not int or not 0 <= seen.seat < count:
        raise invalid("View.seat", f"{seen.seat!r} is not a seat 0..{count - 1}")
    moving = seen.to_move
    stones = STANDARD_STONES if seen.stones is None else seen.stones
    if seen.stones is not None and not isinstance(seen.stones, StoneSet):
        raise invalid("View.stones", f"expected a StoneSet or None, got {seen.stones!r}")
    if _setting_up(seen.explicit, grid.heights, seen.supplies, seen.last_placed):
        if moving != (CHANCE,):
            raise invalid("View.to_move", f"{moving!r}, but chance is to move: (-1,)")
        _check_tops("View", stones, grid, seen.faces)
        supplies = _view_ids(seen, stones)
        _check_held("View", stones, supplies, grid)
        info = _set_info(stones)
        _check_setup(_Play("View", info, grid, seen.faces, supplies, seen.turn, seen.last_placed))
        return
    if (
        type(moving) is not tuple
        or list(moving) != sorted(set(moving))
        or not set(moving) <= set(range(count))
    ):
        raise invalid("View.to_move", f"{moving!r} must be distinct seats, ascending")
    if seen.stones is not None and not isinstance(seen.stones, StoneSet):
        raise invalid("View.stones", f"expected a StoneSet or None, got {seen.stones!r}")
    stones = STANDARD_STONES if seen.stones is None else seen.stones
    _check_tops("View", stones, grid, seen.faces)
    supplies = _view_ids(seen, stones)
    _check_held("View", stones, supplies, grid)
    _check_reached("View", stones, grid, supplies, seen.last_placed)
    info = _set_info(stones)
    index = _check_turn(
        _Play("View", info, grid, seen.faces, supplies, seen.turn, seen.last_placed)
    )
    expected = () if index.over else index.movers if seen.turn is None else (seen.turn,)
    if moving != expected:
        raise invalid("View.to_move", f"{moving!r}, but the seats that may move are {expected}")


def _check_outcome(result: Outcome) -> None:
    """2 to 4 scores of 0..12 stones; with a mode, a ranking that the mode's rules give.

    An outcome that names no mode (a document written before outcomes did)
    is checked by its scores only.
    """
    scores = result.scores
    if not MIN_PLAYERS <= len(scores) <= MAX_PLAYERS or any(
        type(n) is not int or not 0 <= n <= SUPPLY_SIZE for n in scores
    ):
        raise invalid("Outcome.scores", f"expected 2 to 4 stone counts 0..12, got {scores!r}")
    if result.game not in ("", NAME):
        raise invalid("Outcome.game", f"{result.game!r} is not {NAME!r}")
    if result.mode == "":
        return
    if result.mode not in MODES:
        raise invalid("Outcome.mode", f"{result.mode!r} is not one of {MODES}")
    _check_ranking(result, [n for n in scores if isinstance(n, int)])  # all are ints


def _check_ranking(result: Outcome, left: list[int]) -> None:
    """The ranking that the outcome's mode gives for these stones left (AZT-15, AZT-16)."""
    emptied = [seat for seat, n in enumerate(left) if n == 0]
    if emptied and (len(emptied) > 1 or result.winners != {emptied[0]}):
        raise invalid("Outcome.ranking", "the seat that emptied its supply wins alone (AZT-15)")
    if result.mode == "turns":
        most = [max(left[seat] for seat in place) for place in result.ranking]
        fewest = [min(left[seat] for seat in place) for place in result.ranking]
        if any(low < high for high, low in zip(most, fewest[1:], strict=False)):
            raise invalid("Outcome.ranking", "fewer stones left rank higher (AZT-16)")


def validate(value: State | View | Outcome | Move) -> None:
    """Check a state, view or outcome made outside the rules, for example loaded from JSON.

    A state passes when its fields have the right shapes (as every function
    needs) and the game could have reached it: at most 12 stones per supply,
    the base stones side by side where nothing covers them (AZT-4), as many
    stones in play as the set holds, placement numbers that count the
    placements on the pyramid (the latest is their number), heights and tops
    that are a stack of whole stones each bridging two of the level below
    (AZT-4 .. AZT-6), stones left that agree with each seat's placements and
    bonus discards (AZT-10, AZT-13; a supply empties only on the latest
    placement, AZT-15; checked when the set is large enough to deal), and a
    turn that only seats unable to place have passed on to (AZT-14). A view
    passes the same checks on what it shows, against the set it carries (the
    standard set when it carries none), its mode agreeing with its turn and
    its ``to_move`` with the position. An outcome needs 2 to 4 scores
    of 0 to 12 stones and, when it names its mode, a ranking that mode gives
    (the seat that emptied its supply first alone; in the turn game, fewer
    stones ranked higher). A move passes when some game could see it: a seat
    0..3 (chance's for :class:`Lay` and :class:`Deal`), stone ids below 240,
    and a :class:`Place` on two adjacent cells of the base whose discard, if
    any, is another stone. A state or view during the setup of an explicit
    game passes when the base is laid in order, one whole stone a place, the
    supplies dealt in seat order, at most 12 each, and its set can finish the
    setup. :mod:`tilegames.serialize` calls this on everything it loads.

    >>> import attrs
    >>> from tilegames.aztack import new_game
    >>> state = new_game(seed=2)
    >>> validate(state)
    >>> validate(attrs.evolve(state, last_placed=(0, 3)))
    Traceback (most recent call last):
    ...
    tilegames.errors.InvalidStateError: State.last_placed: placement 3 of 0 made so far

    Raises:
        InvalidStateError: naming the field and the problem.
        WrongTypeError: if the value is no state, view, move or outcome of Aztack.
    """
    if isinstance(value, State):
        _check_state(value, full=True)
    elif isinstance(value, View):
        _check_view(value)
    elif isinstance(value, Outcome):
        _check_outcome(value)
    elif isinstance(value, (Place, Pass, Lay, Deal)):
        _check_move(value)
    else:
        wrong_type("aztack.validate", "an Aztack State, View, move or Outcome", value)


def _check_move(move: Place | Pass | Lay | Deal) -> None:
    """A move names a seat 0..3; a placement stone ids of the largest set and two cells.

    The cells are adjacent cells of the base (AZT-6) and a bonus discard is
    another stone than the one placed (AZT-13). Whether the seat holds the
    stones and the cells fit is for ``why_illegal`` to say: a move alone
    does not know its game.
    """
    kind = type(move).__name__
    if isinstance(move, (Lay, Deal)):
        if move.seat != CHANCE:
            raise invalid(f"{kind}.seat", f"a chance outcome's seat is {CHANCE}, not {move.seat}")
        if not 0 <= move.stone < _MAX_STONES:
            raise invalid(f"{kind}.stone", f"{move.stone} is not a stone id 0..{_MAX_STONES - 1}")
        return
    if not 0 <= move.seat < MAX_PLAYERS:
        raise invalid(f"{kind}.seat", f"{move.seat} is not a seat 0..{MAX_PLAYERS - 1}")
    if not isinstance(move, Place):
        return
    for field, stone in (("stone", move.stone), ("discard", move.discard)):
        if stone is not None and not 0 <= stone < _MAX_STONES:
            raise invalid(f"Place.{field}", f"{stone} is not a stone id 0..{_MAX_STONES - 1}")
    for field, cell in (("first", move.first), ("second", move.second)):
        if cell not in _XY:
            raise invalid(f"Place.{field}", f"{cell} is not a cell of the {WIDTH}x{DEPTH} base")
    if (_NUMBER[move.first], _NUMBER[move.second]) not in _ADJACENT:
        raise invalid(
            "Place.second",
            f"{move.second} is not next to {move.first}, but a stone covers two orthogonally "
            "adjacent cells (AZT-6)",
        )
    if move.discard == move.stone:
        raise invalid(
            "Place.discard",
            f"stone {move.stone} is the one placed, but the bonus discards another of the "
            "seat's stones (AZT-13)",
        )
