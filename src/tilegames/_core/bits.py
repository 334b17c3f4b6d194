"""Bit-set helpers: small sets of numbered things (cells, pairs, stones) held in one int.

A set of numbers ``0 .. n - 1`` is the int whose bit ``i`` is set when ``i``
is in the set (a :data:`Mask`). Python ints are arbitrary-precision, so a
mask holds a whole board; ``&``, ``|`` and ``int.bit_count`` do the set work.

>>> mask = mask_of([1, 4, 6])
>>> mask, list(iter_bits(mask)), nth_bit(mask, 2)
(82, [1, 4, 6], 6)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Final

__all__ = ["Mask", "iter_bits", "mask_of", "nth_bit"]

Mask = int
"""A set of small non-negative numbers: bit ``i`` set means ``i`` is in the set."""


def mask_of(numbers: Iterable[int]) -> Mask:
    """The mask holding each of ``numbers`` (each ``>= 0``)."""
    mask = 0
    for number in numbers:
        mask |= 1 << number
    return mask


def iter_bits(mask: Mask) -> Iterator[int]:
    """The numbers in ``mask``, ascending.

    The lowest set bit is ``mask & -mask`` (two's complement keeps only it).
    """
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


# Masks of the low 2**k bits, for halving a mask in the search for the n-th set bit.
_LOW_BITS: Final = tuple((1 << (1 << k)) - 1 for k in range(16))


def _byte_positions() -> tuple[tuple[int, ...], ...]:
    """For each byte value, the positions of its set bits, lowest first."""
    return tuple(tuple(bit for bit in range(8) if byte >> bit & 1) for byte in range(256))


_BYTE_POSITIONS: Final = _byte_positions()


def nth_bit(mask: Mask, n: int) -> int:
    """The number of the ``n``-th (from 0) set bit of ``mask``.

    The mask is halved while it is wider than 32 bits (the lower half's
    population count says which half holds the bit), then read a byte at a
    time from a table of each byte's set positions: a few steps for a board
    of hundreds of bits. The caller makes sure that
    ``0 <= n < mask.bit_count()``.

    >>> [nth_bit(0b101100, n) for n in range(3)]
    [2, 3, 5]
    >>> nth_bit(1 << 300 | 1 << 7, 1)
    300
    """
    position = 0
    k = mask.bit_length().bit_length()  # the width 2**k covers the mask
    while k > 5:  # 2**5 = 32 bits: from there a byte at a time is quicker
        k -= 1
        low = mask & _LOW_BITS[k]
        count = low.bit_count()
        if n >= count:
            n -= count
            mask >>= 1 << k
            position += 1 << k
        else:
            mask = low
    while True:
        found = _BYTE_POSITIONS[mask & 0xFF]
        if n < len(found):
            return position + found[n]
        n -= len(found)
        mask >>= 8
        position += 8
