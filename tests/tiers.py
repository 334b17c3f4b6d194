"""The size of a test in each tier: the everyday ``python -m pytest`` and ``--deep``.

Every test runs in both tiers. The deep tier (``python -m pytest --deep``)
runs each at full size; the everyday tier runs the heavy ones smaller: fewer
random games, a sample of the paths, fewer Hypothesis examples. A test says
both sizes where it is declared::

    GAMES = size(everyday=2, deep=6)

    @settings(max_examples=examples(150))
    def test_...

``tests/conftest.py`` sets :data:`DEEP` from the command line before any test
module is imported, so module-level sizes (parametrisations included) see it.
"""

from __future__ import annotations

DEEP = False
"""True under ``--deep``; set by ``tests/conftest.py`` when pytest starts."""

EVERYDAY_SHARE = 5
"""The everyday tier runs about a fifth of a property's deep examples."""


def size(everyday: int, deep: int) -> int:
    """``everyday`` in the everyday tier, ``deep`` under ``--deep``."""
    return deep if DEEP else everyday


def examples(deep: int, everyday: int | None = None) -> int:
    """Hypothesis's ``max_examples`` for a property: ``deep`` under ``--deep``.

    The everyday tier runs ``everyday`` examples, by default a fifth of
    ``deep`` and at least 5 (or ``deep`` itself when that is smaller).
    """
    if everyday is None:
        everyday = min(deep, max(5, deep // EVERYDAY_SHARE))
    return size(everyday, deep)
