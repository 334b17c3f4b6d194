"""Aztack's tables: cells, their pairs, what fits where per stone set, and a state's index.

The cell tables come from :mod:`tilegames.geometry.pyramid` at import; the
tables of a stone set are built the first time a game uses the set (the
standard set's at import) and kept in a small cache. A state's
:class:`Index` (its spots with the masks of the stones that fit, and the
supplies as bitmasks) is built from these tables: in full for a new or
hand-built state, and for the state after a placement by redoing only the
pairs of cells that the placement touched (:func:`placed_index`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Final

from tilegames._core.bits import Mask, mask_of
from tilegames.aztack._model import (
    BASE_STONES,
    CELLS,
    COLOURS,
    KINDS,
    PAIRS,
    STANDARD_STONES,
    SUPPLY_SIZE,
    WIDTH,
    XY,
    Cell,
    Colour,
    Index,
    Kind,
    SetInfo,
    Spot,
    State,
    StoneId,
    StoneSet,
)
from tilegames.geometry.pyramid import Pyramid

# ---------------------------------------------------------------------------
# Cells and spots (AZT-4 .. AZT-6)
# ---------------------------------------------------------------------------


def _cell_coordinates() -> tuple[XY, ...]:
    """Cell number -> ``(x, y)``, numbers in reading order (``y * WIDTH + x``)."""
    return tuple((cell % WIDTH, cell // WIDTH) for cell in range(CELLS))


CELL_XY: Final = _cell_coordinates()
"""Cell number -> ``(x, y)``."""
NUMBER: Final[Mapping[XY, Cell]] = {xy: cell for cell, xy in enumerate(CELL_XY)}
"""``(x, y)`` -> cell number, for the cells of the grid only."""
ADJACENT: Final = frozenset(PAIRS) | frozenset((b, a) for a, b in PAIRS)
"""Every pair of adjacent cells, either way round."""


def _base_slots() -> tuple[tuple[Cell, Cell], ...]:
    """Per base stone ``i`` (row by row), its cells ``(x, 2r)`` and ``(x, 2r + 1)`` (AZT-4)."""
    return tuple(
        (2 * row * WIDTH + x, (2 * row + 1) * WIDTH + x)
        for row, x in (divmod(i, WIDTH) for i in range(BASE_STONES))
    )


BASE_SLOTS: Final = _base_slots()
"""Per base stone, its two cells: the first half lies on the first unless turned."""


def _pair_keys() -> tuple[tuple[int, Cell, Cell, int], ...]:
    """Per pair number ``p`` (its place in :data:`PAIRS`): ``(p, a, b, p * 400)``.

    ``p * 400`` is where the pair's entries start in a set's spot table
    (:meth:`SetInfo.spot`): 400 = 20 x 20 kinds of the two faces.
    """
    return tuple((p, a, b, p * KINDS * KINDS) for p, (a, b) in enumerate(PAIRS))


_PAIR_KEYS: Final = _pair_keys()
"""Per pair number, ``(pair number, a, b, first key in a spot table)``, in :data:`PAIRS` order."""


def _pair_numbers() -> tuple[int, ...]:
    """``a * 24 + b`` -> the number of the pair of cells ``a``, ``b`` (either order), or -1."""
    numbers = [-1] * (CELLS * CELLS)
    for p, a, b, _ in _PAIR_KEYS:
        numbers[a * CELLS + b] = numbers[b * CELLS + a] = p
    return tuple(numbers)


PAIR_NUMBER: Final = _pair_numbers()
"""``a * 24 + b`` -> the pair number of two adjacent cells, either order (-1: not adjacent)."""


def _around() -> tuple[tuple[tuple[int, Cell, Cell, int], ...], ...]:
    """Per pair number, the :data:`_PAIR_KEYS` entries of the pairs sharing a cell with it.

    A stone laid on a pair changes the heights, tops and faces of its two
    cells only, so these pairs (the pair itself included: at most 7) are the
    only ones whose spot can change::

            +---+---+---+---+
            |   | ^ | ^ |   |        the stone on a-b (=): the pairs
            +---+---+---+---+        marked <, >, ^ and v, and a-b
            | < | a = b | > |        itself, are looked at again
            +---+---+---+---+
            |   | v | v |   |
            +---+---+---+---+
    """
    return tuple(
        tuple(entry for entry in _PAIR_KEYS if {entry[1], entry[2]} & {a, b})
        for _, a, b, _ in _PAIR_KEYS
    )


_AROUND: Final = _around()
"""Per pair number, the pairs (as :data:`_PAIR_KEYS` entries) that share a cell with it."""


# ---------------------------------------------------------------------------
# The tables of each stone set, kept once built
# ---------------------------------------------------------------------------


_SETS: dict[StoneSet, SetInfo] = {}
"""Stone set -> its tables; the standard set's are built at import."""


def set_info(stones: StoneSet) -> SetInfo:
    """The tables of a stone set, built on first use."""
    info = _SETS.get(stones)
    if info is None:
        if len(_SETS) > 64:  # a bound for programs that make many custom sets
            _SETS.clear()
        info = _SETS[stones] = SetInfo(stones)
    return info


STANDARD: Final = set_info(STANDARD_STONES)


def _colour_sets() -> tuple[tuple[Colour, ...], ...]:
    """Colour bitmask -> the colours in it."""
    return tuple(
        tuple(c for c in range(len(COLOURS)) if mask >> c & 1) for mask in range(1 << len(COLOURS))
    )


_COLOUR_SETS: Final = _colour_sets()
"""Per bitmask of colours (:attr:`SetInfo.colours`), the colours in it."""


def stones_per_colour(info: SetInfo, stones: Iterable[StoneId]) -> list[int]:
    """Per colour, how many of ``stones`` (distinct ids of the set) show it (AZT-9)."""
    counts = [0] * len(COLOURS)
    for stone in stones:
        for colour in _COLOUR_SETS[info.colours[stone]]:
            counts[colour] += 1
    return counts


def base_ok(info: SetInfo, stones: Iterable[StoneId]) -> bool:
    """Whether every colour is on at least two of ``stones``, a base's, each once (AZT-9)."""
    colours = info.colours
    once = twice = 0  # bitmasks of the colours on at least one, two of the stones
    for stone in stones:
        on = colours[stone]
        twice |= once & on
        once |= on
    return twice == (1 << len(COLOURS)) - 1


# ---------------------------------------------------------------------------
# The index a state caches: spots with their masks, supplies as bitmasks
# ---------------------------------------------------------------------------


def full_index(
    info: SetInfo, masks: tuple[Mask, ...], grid: Pyramid, faces: Sequence[Kind]
) -> Index:
    """The index of a state whose setup is done, built from its fields."""
    heights, tops = grid.heights, grid.tops
    table = info.spots
    cells: list[Spot | None] = [None] * len(PAIRS)
    for pair, a, b, key in _PAIR_KEYS:
        height = heights[a]
        if height and height == heights[b] and tops[a] != tops[b]:
            key += faces[a] * KINDS + faces[b]
            cells[pair] = table[key] or info.spot(key)
    return Index(info, masks, tuple(cells))


def _base_keys() -> tuple[tuple[int, Cell, Cell, int], ...]:
    """The :data:`_PAIR_KEYS` entries of the 26 spots of every base (AZT-6).

    In a base every cell has height 1 and two cells show the same stone only
    when they are its two halves, ``(x, 2r)`` and ``(x, 2r + 1)``: every
    other pair is a spot.
    """
    return tuple(
        entry for entry in _PAIR_KEYS if (entry[1] // WIDTH) % 2 or entry[2] != entry[1] + WIDTH
    )


_BASE_KEYS: Final = _base_keys()
"""The pairs that are spots on any base, as :data:`_PAIR_KEYS` entries."""


def base_index(info: SetInfo, masks: tuple[Mask, ...], faces: Sequence[Kind]) -> Index:
    """The index of a state whose pyramid is just its base: :func:`full_index`, quicker."""
    table = info.spots
    cells: list[Spot | None] = [None] * len(PAIRS)
    for pair, a, b, key in _BASE_KEYS:
        key += faces[a] * KINDS + faces[b]
        cells[pair] = table[key] or info.spot(key)
    return Index(info, masks, tuple(cells))


def placed_index(
    index: Index,
    masks: tuple[Mask, ...],
    heights: Sequence[int],
    tops: Sequence[StoneId],
    faces: Sequence[Kind],
    pair: int,
) -> Index:
    """The index after a stone is laid on pair ``pair``; ``heights``, ``tops``, ``faces`` after it.

    Only the pairs sharing a cell with ``pair`` (:data:`_AROUND`) can have
    changed; every other pair keeps its spot, masks included (its faces did
    not change). The result equals ``full_index(info, masks, grid, faces)``.
    """
    info = index.info
    table = info.spots
    cells = list(index.cells)
    for near, a, b, key in _AROUND[pair]:
        height = heights[a]
        if height and height == heights[b] and tops[a] != tops[b]:
            key += faces[a] * KINDS + faces[b]
            cells[near] = table[key] or info.spot(key)
        else:
            cells[near] = None
    return Index(info, masks, tuple(cells))


def passed_index(index: Index) -> Index:
    """The index after a pass: the same tables (nothing on the table changed), fresh caches."""
    after = Index.__new__(Index)
    after.info = index.info
    after.masks = index.masks
    after.cells = index.cells
    after.spots = index.spots
    after.movers = index.movers
    after.over = index.over
    after.shown = index.shown  # the supplies did not change
    return after


def setup_index(info: SetInfo, masks: tuple[Mask, ...]) -> Index:
    """The index of a state whose setup is not finished: nobody can place, chance is to move.

    ``over`` is set too, so that the fast paths stop at their end-of-game
    test, where the setup is told apart (AZT-8 .. AZT-10).
    """
    index = Index(info, masks, (None,) * len(PAIRS))  # no spot, so no mover: over
    index.setup = True
    return index


def setting_up(
    explicit: object,
    heights: Sequence[int],
    supplies: Sequence[Sequence[object]],
    last: Sequence[int],
) -> bool:
    """Whether an explicit game is still being set up: the base or a supply is unfinished."""
    if explicit is not True:
        return False
    if 0 in heights:
        return True
    return not any(last) and any(len(held) < SUPPLY_SIZE for held in supplies)


def index_of(state: State) -> Index:
    """The state's index, built on first use (the rules give the states they make theirs).

    It reads a well-formed state: check a state that the rules did not make
    first (:func:`~tilegames.aztack._validate.check_hand_made`).
    """
    index = state._index
    if index is None:
        info = set_info(state.stones)
        masks = tuple(mask_of(held) for held in state.supplies)
        grid = state.pyramid
        if setting_up(state.explicit, grid.heights, state.supplies, state.last_placed):
            index = setup_index(info, masks)
        else:
            index = full_index(info, masks, grid, state.faces)
        object.__setattr__(state, "_index", index)
    return index
