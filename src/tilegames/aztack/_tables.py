"""Aztack's tables, built once: cells and their pairs, and per stone set what fits where.

The cell tables come from :mod:`tilegames.geometry.pyramid` at import; the
tables of a stone set are built the first time a game uses the set (the
standard set's at import) and kept in a small cache.
"""

from __future__ import annotations

from collections.abc import Mapping
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
    StoneId,
    StoneSet,
    _half,
    _kind,
)
from tilegames.geometry import pyramid

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
