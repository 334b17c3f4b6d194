"""Aztack's field checks, shared by states and views: shapes, sizes, the set, the pyramid.

Each raises :class:`~tilegames.InvalidStateError` naming the field and the
problem; none of them knows the rules' computations (spots, who can place).
The validator (``_validate.py``) puts them together: the check of a state
that the rules did not make, and what a game could have reached.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from tilegames._core.checks import invalid
from tilegames._core.errors import ConfigurationError
from tilegames.aztack._model import (
    BASE_STONES,
    CELLS,
    COLOURS,
    DEPTH,
    KINDS,
    MAX_PLAYERS,
    MAX_STONES,
    MIN_PLAYERS,
    PAIRS,
    SUPPLY_SIZE,
    WIDTH,
    SetInfo,
    State,
    StoneId,
    StoneSet,
    kind_of,
)
from tilegames.aztack._tables import (
    ADJACENT,
    BASE_SLOTS,
    CELL_XY,
    set_info,
    stones_per_colour,
)
from tilegames.geometry.pyramid import NO_STONE, Pyramid

# ---------------------------------------------------------------------------
# The fields of a state or a view
# ---------------------------------------------------------------------------


def check_seats(kind: str, supplies: object, last_placed: object, turn: object) -> int:
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
        raise invalid(f"{kind}.whose_turn", f"{turn!r} is neither None nor a seat 0..{count - 1}")
    return count


def check_grid(kind: str, grid: object, faces: object, *, partial: bool = False) -> Pyramid:
    """Check the pyramid and the faces of a state or view (``partial``: a base being laid)."""
    if not isinstance(grid, Pyramid) or (grid.width, grid.depth) != (WIDTH, DEPTH):
        raise invalid(f"{kind}.pyramid", f"expected a {WIDTH}x{DEPTH} Pyramid")
    if min(grid.heights) < (0 if partial else 1):
        raise invalid(f"{kind}.pyramid.heights", "every cell has the base under it (AZT-4)")
    if type(faces) is not tuple or len(faces) != CELLS:
        raise invalid(f"{kind}.faces", f"expected a tuple of {CELLS} half kinds")
    if any(type(f) is not int or not 0 <= f < KINDS for f in faces):
        raise invalid(f"{kind}.faces", "half kinds are ints 0..19 (glyph * 5 + colour)")
    return grid


def check_tops(kind: str, stones: StoneSet, grid: Pyramid, faces: Sequence[int]) -> None:
    """Each top is a stone of the set on one cell or two side by side, showing its halves."""
    if any(not 0 <= top < len(stones) for top in grid.tops if top != NO_STONE):
        raise invalid(f"{kind}.pyramid.tops", f"a stone id is not in the set of {len(stones)}")
    showing: dict[StoneId, list[int]] = {}
    for cell, top in enumerate(grid.tops):
        if top != NO_STONE:  # a cell of a base still being laid (an explicit game's setup)
            showing.setdefault(top, []).append(cell)
    for top, cells in showing.items():
        halves = stones[top].halves
        kinds = (kind_of(halves[0]), kind_of(halves[1]))
        shown = sorted(faces[cell] for cell in cells)
        if len(cells) > 2 or (len(cells) == 2 and tuple(cells) not in ADJACENT):
            raise invalid(
                f"{kind}.pyramid.tops", f"stone {top} on cells {[CELL_XY[c] for c in cells]}"
            )
        if (len(cells) == 2 and shown != sorted(kinds)) or not set(shown) <= set(kinds):
            raise invalid(f"{kind}.faces", f"stone {top} does not have the halves its cells show")


def check_held(kind: str, stones: StoneSet, supplies: Sequence[object], grid: Pyramid) -> None:
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


def check_state_fields(state: State) -> Pyramid:
    """The fields' types and sizes, supplies apart from the tops, tops showing their halves."""
    stones = state.stones
    if not isinstance(stones, StoneSet):
        raise invalid("State.stones", f"expected a StoneSet, got {type(stones).__name__}")
    explicit = state.explicit
    if type(explicit) is not bool:
        raise invalid("State.explicit", f"expected True or False, got {explicit!r}")
    check_seats("State", state.supplies, state.last_placed, state.whose_turn)
    grid = check_grid("State", state.pyramid, state.faces, partial=explicit)
    check_held("State", stones, state.supplies, grid)
    check_tops("State", stones, grid, state.faces)
    return grid


def check_set(stones: StoneSet, players: int, field: str = "") -> SetInfo:
    """The set can set up a game of ``players`` seats (AZT-8 .. AZT-10); return its tables.

    ``12 + 12 * players`` stones, and every colour on two of them, or no base
    would ever be kept (AZT-9). Without ``field`` the check is
    :func:`~tilegames.aztack.new_game`'s: a :class:`~tilegames.ConfigurationError`,
    also for a set of more than 240 stones. With it, a document's: an
    :class:`~tilegames.InvalidStateError` naming ``field``.
    """
    count, need = len(stones), BASE_STONES + SUPPLY_SIZE * players
    if not field and not need <= count <= MAX_STONES:
        msg = (
            f"a set of {count} stones cannot be dealt to {players} players: the base "
            f"takes {BASE_STONES} and each supply {SUPPLY_SIZE}, so at least {need} stones "
            f"are needed (and at most {MAX_STONES}) (AZT-8, AZT-10)"
        )
        raise ConfigurationError(msg)
    if count < need:
        raise invalid(
            field,
            f"a set of {count} stones cannot be set up for {players} seats: the base takes "
            f"{BASE_STONES} and each supply {SUPPLY_SIZE}, {need} in all (AZT-8, AZT-10)",
        )
    info = set_info(stones)
    on = stones_per_colour(info, range(count))
    if min(on) >= 2:
        return info
    if not field:
        colour = next(colour for colour, having in enumerate(on) if having < 2)
        msg = (
            f"{COLOURS[colour]} is on {on[colour]} stone(s) of the set; the base needs every "
            "colour on at least 2 stones (AZT-9)"
        )
        raise ConfigurationError(msg)
    raise invalid(
        field,
        f"{COLOURS[on.index(min(on))]} is on {min(on)} stone(s) of the set, but a base "
        "is laid again until every colour is on two of its stones (AZT-9)",
    )


# ---------------------------------------------------------------------------
# What a game could have reached: the pyramid and the placements
# ---------------------------------------------------------------------------


_Tiling = int
"""Stones lying flat over some cells: bit ``i`` for a stone on the ``i``-th pair of ``PAIRS``."""

_BASE_TILING: Final[_Tiling] = sum(1 << PAIRS.index(slot) for slot in BASE_SLOTS)
"""The base (AZT-4): cell ``(x, 2r)`` with ``(x, 2r + 1)``, one stone across each row."""


def _tilings(cells: set[int], allowed: list[int]) -> list[_Tiling]:
    """Every way to cover exactly ``cells`` with stones on the allowed pairs (indices in PAIRS).

    The lowest uncovered cell pairs with its right or its lower neighbour (its
    other neighbours are lower, so already covered): a 6 x 4 grid has 281 ways
    at most, so the work is bounded.
    """
    by_cell: dict[int, list[int]] = {}
    for i in allowed:
        by_cell.setdefault(PAIRS[i][0], []).append(i)
    found: list[_Tiling] = []

    def cover(left: set[int], tiling: _Tiling) -> None:
        if not left:
            found.append(tiling)
            return
        low = min(left)
        for i in by_cell.get(low, ()):
            other = PAIRS[i][1]
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
    heights = grid.heights
    showing: dict[int, set[int]] = {}
    for cell, top in enumerate(grid.tops):
        showing.setdefault(top, set()).add(cell)
    below: list[_Tiling] = []
    for level in range(1, max(heights) + 1):
        cells = {c for c in range(CELLS) if heights[c] >= level}
        layer = _tilings(cells, _lying(grid, showing, level))
        if not layer:
            where = [CELL_XY[c] for c in sorted(cells)]
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


def _lying(grid: Pyramid, showing: dict[int, set[int]], level: int) -> list[int]:
    """The pairs (indices in ``PAIRS``) where a stone of ``level`` may lie under the tops shown.

    Both cells reach the level, and each end is covered higher up, or shows
    this stone on the two cells, or shows it alone with the other cell higher
    (its other half is under that cell). The base lies across its rows only.
    """
    heights, tops = grid.heights, grid.tops
    allowed = []
    for i, (a, b) in enumerate(PAIRS):
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
    return allowed


def check_reached(
    kind: str,
    stones: StoneSet,
    grid: Pyramid,
    supplies: Sequence[Sequence[object]],
    last: Sequence[int],
) -> None:
    """What a game could have reached: sizes, the pyramid, placement numbers, stones in play."""
    if (sum(grid.heights) - CELLS) % 2:
        raise invalid(f"{kind}.pyramid.heights", "each stone raises two cells: the sum is odd")
    for seat, held in enumerate(supplies):
        if len(held) > SUPPLY_SIZE:
            raise invalid(f"{kind}.supplies[{seat}]", f"{len(held)} stones; a seat draws 12")
    for near, far in BASE_SLOTS:
        uncovered = grid.heights[near] == grid.heights[far] == 1
        if uncovered and grid.tops[near] != grid.tops[far]:
            raise invalid(
                f"{kind}.pyramid.tops", f"base stone at {CELL_XY[near]} is split (AZT-4)"
            )
    placed = (sum(grid.heights) - CELLS) // 2  # each stone placed raises two cells by one
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
