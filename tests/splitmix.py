"""SplitMix64 run backwards, for tests that need a seed whose next draw is a given value.

Steele, Lea and Flood's output function is a bijection of 64-bit words: each
``z ^ (z >> k)`` is undone by repeating it, each product by multiplying by
the constant's inverse modulo ``2**64``. Written from the published
algorithm, not from :mod:`tilegames._core.rng`.
"""

from __future__ import annotations

__all__ = ["seed_drawing"]

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


def _unshift(z: int, k: int) -> int:
    """The ``x`` with ``x ^ (x >> k) == z``."""
    x = z
    for _ in range(64 // k + 1):
        x = z ^ (x >> k)
    return x


def seed_drawing(value: int) -> int:
    """The seed whose next SplitMix64 draw is ``value`` (``0 <= value < 2**64``)."""
    z = _unshift(value, 31)
    z = _unshift(z * pow(0x94D049BB133111EB, -1, 1 << 64) & _MASK, 27)
    z = _unshift(z * pow(0xBF58476D1CE4E5B9, -1, 1 << 64) & _MASK, 30)
    return (z - _GAMMA) & _MASK
