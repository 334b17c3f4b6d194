"""Aztack's tables: cells, their pairs, what fits where per stone set, and a state's index.

The cell tables come from :mod:`tilegames.geometry.pyramid` at import; the
tables of a stone set are built the first time a game uses the set (the
standard set's at import) and kept in a small cache. A state's
:class:`_Index` (its spots with the masks of the stones that fit, and the
supplies as bitmasks) is built from these tables: in full for a new or
hand-built state, and for the state after a placement by redoing only the
pairs of cells that the placement touched (:func:`_placed_index`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Final

from tilegames._core.bits import Mask, mask_of
from tilegames.aztack._model import (
    _CELLS,
    _KINDS,
    COLOURS,
    DEPTH,
    GLYPHS,
    STANDARD_STONES,
    WIDTH,
    XY,
    Cell,
    Colour,
    Kind,
    Place,
    Stone,
    StoneId,
    StoneSet,
    _half,
    _Index,
    _kind,
    _Spot,
)
from tilegames.geometry import pyramid
from tilegames.geometry.pyramid import Pyramid

# ---------------------------------------------------------------------------
# Cells and spots (AZT-4 .. AZT-6)
# ---------------------------------------------------------------------------


def _cell_coordinates() -> tuple[XY, ...]:
    """Cell number -> ``(x, y)``, numbers in reading order (``y * WIDTH + x``)."""
    return tuple((cell % WIDTH, cell // WIDTH) for cell in range(_CELLS))


_XY: Final = _cell_coordinates()
"""Cell number -> ``(x, y)``."""
_NUMBER: Final[Mapping[XY, Cell]] = {xy: cell for cell, xy in enumerate(_XY)}
"""``(x, y)`` -> cell number, for the cells of the grid only."""
_PAIRS: Final = pyramid.adjacent_pairs(WIDTH, DEPTH)
"""The 38 pairs of adjacent cells ``(a, b)``, ``a < b``, in the order moves are listed."""
_ADJACENT: Final = frozenset(_PAIRS) | frozenset((b, a) for a, b in _PAIRS)
"""Every pair of adjacent cells, either way round."""


def _pair_keys() -> tuple[tuple[int, Cell, Cell, int], ...]:
    """Per pair number ``p`` (its place in :data:`_PAIRS`): ``(p, a, b, p * 400)``.

    ``p * 400`` is where the pair's entries start in a set's spot table
    (:meth:`_Set.spot`): 400 = 20 x 20 kinds of the two faces.
    """
    return tuple((p, a, b, p * _KINDS * _KINDS) for p, (a, b) in enumerate(_PAIRS))


_PAIR_KEYS: Final = _pair_keys()
"""Per pair number, ``(pair number, a, b, first key in a spot table)``, in :data:`_PAIRS` order."""


def _pair_numbers() -> tuple[int, ...]:
    """``a * 24 + b`` -> the number of the pair of cells ``a``, ``b`` (either order), or -1."""
    numbers = [-1] * (_CELLS * _CELLS)
    for p, a, b, _ in _PAIR_KEYS:
        numbers[a * _CELLS + b] = numbers[b * _CELLS + a] = p
    return tuple(numbers)


_PAIR_NUMBER: Final = _pair_numbers()
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
# Per-set tables: which stones fit on which pair of halves
# ---------------------------------------------------------------------------


class _Set:
    """The tables of one stone set, built once per set.

    ``fit[a * 20 + b]`` is the bitmask (bit ``i`` for stone ``i``) of the
    stones whose first half may cover a half of kind ``a`` and second half a
    half of kind ``b``: both colours or both glyphs match (AZT-12);
    ``exact[...]`` those whose halves are exactly ``a`` and ``b`` (both
    colours and both glyphs, the bonus of AZT-13).
    """

    # No __slots__ here or in _Index: tools that walk a state's values through
    # its fields and slots (the conformance checker's search for seeds) then
    # stop at these caches instead of visiting hundreds of table entries.

    stones: StoneSet
    kinds: tuple[tuple[Kind, Kind], ...]
    """Per stone, the kinds of its first and second half."""
    fit: tuple[Mask, ...]
    exact: tuple[Mask, ...]
    doubles: Mask
    """Bitmask of the stones whose two halves are alike: turned round they lie the same."""
    twin: tuple[StoneId, ...]
    """Per stone, the lowest id of a stone alike (same halves, either way round)."""
    twins: bool
    """Whether any two stones of the set are alike."""
    colours: tuple[Mask, ...]
    """Per stone, the bitmask of the colours on it."""
    by_id: tuple[Stone, ...]
    """The stones by id, as a plain tuple (for ``map(by_id.__getitem__, ids)``)."""
    places: dict[int, Place]
    """The placements without a discard handed out so far, by ``((seat * shift + stone) * 24
    + first cell) * 24 + second cell``: moves are values, so the move generator builds each
    one once per set (at most 4 seats x stones x 76 ways to lie) instead of once a state."""
    shift: int
    """The number of stones: a spot's masks hold its second orientation this many bits up."""
    masks: tuple[tuple[Mask, Mask, Mask], ...]
    """Per pair of faces ``fa * 20 + fb``, the masks of a spot on them (all of :data:`_Spot`
    but its cells)."""
    spots: list[_Spot | None]
    """The spot table: the spot of pair ``p`` with faces ``fa``, ``fb`` (on its cells
    ``a < b``) at ``p * 400 + fa * 20 + fb``; ``None`` until first needed (:meth:`spot`)."""

    def __init__(self, stones: StoneSet) -> None:
        self.stones = stones
        self.kinds = tuple((_kind(s.halves[0]), _kind(s.halves[1])) for s in stones)
        by_colours = [0] * len(COLOURS) ** 2
        by_glyphs = [0] * len(GLYPHS) ** 2
        exact = [0] * _KINDS**2
        for bit, ((c1, g1), (c2, g2)) in enumerate(s.halves for s in stones):
            by_colours[c1 * len(COLOURS) + c2] |= 1 << bit
            by_glyphs[g1 * len(GLYPHS) + g2] |= 1 << bit
            exact[_kind((c1, g1)) * _KINDS + _kind((c2, g2))] |= 1 << bit
        fit = []
        for a in range(_KINDS):
            (ca, ga) = _half(a)
            for b in range(_KINDS):
                (cb, gb) = _half(b)
                fit.append(by_colours[ca * len(COLOURS) + cb] | by_glyphs[ga * len(GLYPHS) + gb])
        self.fit = tuple(fit)
        self.exact = tuple(exact)
        self.doubles = mask_of(i for i, (k1, k2) in enumerate(self.kinds) if k1 == k2)
        first: dict[frozenset[Kind], StoneId] = {}
        self.twin = tuple(first.setdefault(frozenset(k), i) for i, k in enumerate(self.kinds))
        self.twins = len(first) < len(stones)
        self.colours = tuple((1 << c1) | (1 << c2) for c1, c2 in (s.colours for s in stones))
        self.by_id = tuple(stones)
        self.shift = len(stones)
        self.places = {}
        self.masks = self._spot_masks()
        self.spots = [None] * (len(_PAIRS) * _KINDS * _KINDS)

    def spot(self, key: int) -> _Spot:
        """The spot table's entry ``key`` (see :attr:`spots`), built on first use."""
        found = self.spots[key]
        if found is None:
            pair, faces = divmod(key, _KINDS * _KINDS)
            found = self.spots[key] = _PAIRS[pair] + self.masks[faces]
        return found

    def _spot_masks(self) -> tuple[tuple[Mask, Mask, Mask], ...]:
        """Per pair of faces ``fa * 20 + fb``, the masks of a spot (:data:`_Spot`) on them."""
        turnable = ~self.doubles
        shift = self.shift
        found = []
        for fa in range(_KINDS):
            for fb in range(_KINDS):
                ab, ba = fa * _KINDS + fb, fb * _KINDS + fa
                fab, fba = self.fit[ab], self.fit[ba] & turnable
                xab, xba = self.exact[ab], self.exact[ba] & turnable
                found.append((fab | fba << shift, xab | xba << shift, fab | fba))
        return tuple(found)


_SETS: dict[StoneSet, _Set] = {}
"""Stone set -> its tables; the standard set's are built at import."""


def _set_info(stones: StoneSet) -> _Set:
    """The tables of a stone set, built on first use."""
    info = _SETS.get(stones)
    if info is None:
        if len(_SETS) > 64:  # a bound for programs that make many custom sets
            _SETS.clear()
        info = _SETS[stones] = _Set(stones)
    return info


_STANDARD: Final = _set_info(STANDARD_STONES)


def _colour_sets() -> tuple[tuple[Colour, ...], ...]:
    """Colour bitmask -> the colours in it."""
    return tuple(
        tuple(c for c in range(len(COLOURS)) if mask >> c & 1) for mask in range(1 << len(COLOURS))
    )


_COLOUR_SETS: Final = _colour_sets()
"""Per bitmask of colours (:attr:`_Set.colours`), the colours in it."""


def _stones_per_colour(info: _Set, stones: Iterable[StoneId]) -> list[int]:
    """Per colour, how many of ``stones`` (distinct ids of the set) show it (AZT-9)."""
    counts = [0] * len(COLOURS)
    for stone in stones:
        for colour in _COLOUR_SETS[info.colours[stone]]:
            counts[colour] += 1
    return counts


# ---------------------------------------------------------------------------
# The index a state caches: spots with their masks, supplies as bitmasks
# ---------------------------------------------------------------------------


def _full_index(
    info: _Set, masks: tuple[Mask, ...], grid: Pyramid, faces: Sequence[Kind]
) -> _Index:
    """The index of a state whose setup is done, built from its fields."""
    heights, tops = grid.heights, grid.tops
    table = info.spots
    cells: list[_Spot | None] = [None] * len(_PAIRS)
    for pair, a, b, key in _PAIR_KEYS:
        height = heights[a]
        if height and height == heights[b] and tops[a] != tops[b]:
            key += faces[a] * _KINDS + faces[b]
            cells[pair] = table[key] or info.spot(key)
    return _Index(info, masks, tuple(cells))


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


def _base_index(info: _Set, masks: tuple[Mask, ...], faces: Sequence[Kind]) -> _Index:
    """The index of a state whose pyramid is just its base: :func:`_full_index`, quicker."""
    table = info.spots
    cells: list[_Spot | None] = [None] * len(_PAIRS)
    for pair, a, b, key in _BASE_KEYS:
        key += faces[a] * _KINDS + faces[b]
        cells[pair] = table[key] or info.spot(key)
    return _Index(info, masks, tuple(cells))


def _placed_index(
    index: _Index,
    masks: tuple[Mask, ...],
    heights: Sequence[int],
    tops: Sequence[StoneId],
    faces: Sequence[Kind],
    pair: int,
) -> _Index:
    """The index after a stone is laid on pair ``pair``; ``heights``, ``tops``, ``faces`` after it.

    Only the pairs sharing a cell with ``pair`` (:data:`_AROUND`) can have
    changed; every other pair keeps its spot, masks included (its faces did
    not change). The result equals ``_full_index(info, masks, grid, faces)``.
    """
    info = index.info
    table = info.spots
    cells = list(index.cells)
    for near, a, b, key in _AROUND[pair]:
        height = heights[a]
        if height and height == heights[b] and tops[a] != tops[b]:
            key += faces[a] * _KINDS + faces[b]
            cells[near] = table[key] or info.spot(key)
        else:
            cells[near] = None
    return _Index(info, masks, tuple(cells))


def _passed_index(index: _Index) -> _Index:
    """The index after a pass: the same tables (nothing on the table changed), fresh caches."""
    after = _Index.__new__(_Index)
    after.info = index.info
    after.masks = index.masks
    after.cells = index.cells
    after.spots = index.spots
    after.movers = index.movers
    after.over = index.over
    after.shown = index.shown  # the supplies did not change
    return after


def _setup_index(info: _Set, masks: tuple[Mask, ...]) -> _Index:
    """The index of a state whose setup is not finished: nobody can place, chance is to move.

    ``over`` is set too, so that the fast paths stop at their end-of-game
    test, where the setup is told apart (AZT-8 .. AZT-10).
    """
    index = _Index.__new__(_Index)
    index.info = info
    index.masks = masks
    index.cells = (None,) * len(_PAIRS)
    index.spots = []
    index.movers = ()
    index.over = True
    index.setup = True
    return index
