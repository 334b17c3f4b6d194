"""Tests for :mod:`tilegames._core.bits` against the obvious list of set bits."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from step_budget import step_budget
from tilegames._core.bits import iter_bits, mask_of, nth_bit


def positions(mask: int) -> list[int]:
    """The slow, obvious version: test every bit up to the mask's length."""
    return [bit for bit in range(mask.bit_length()) if mask >> bit & 1]


numbers = st.sets(st.integers(min_value=0, max_value=1500), min_size=1, max_size=200)


class TestBits:
    def test_edges(self) -> None:
        """A single bit, a full byte, and bits either side of a byte and a word boundary.

        Each answer comes within a bounded number of steps: a fault in the byte table
        fails here, it does not loop for ever.
        """
        with step_budget(20_000):
            assert nth_bit(1, 0) == 0
            assert [nth_bit(0xFF, n) for n in range(8)] == list(range(8))
            assert [nth_bit(1 << 7 | 1 << 8, n) for n in range(2)] == [7, 8]
            assert [nth_bit(1 << 63 | 1 << 64, n) for n in range(2)] == [63, 64]
        assert list(iter_bits(0)) == []
        assert mask_of([]) == 0

    @given(numbers)
    def test_mask_of_and_iter_bits_invert(self, chosen: set[int]) -> None:
        """iter_bits lists exactly the numbers put in, ascending."""
        assert list(iter_bits(mask_of(chosen))) == sorted(chosen)

    @given(numbers, st.data())
    def test_nth_bit_is_the_nth_position(self, chosen: set[int], data: st.DataObject) -> None:
        """nth_bit agrees with the n-th of the positions, for masks of any width."""
        mask = mask_of(chosen)
        n = data.draw(st.integers(min_value=0, max_value=len(chosen) - 1))
        assert nth_bit(mask, n) == positions(mask)[n]

    def test_every_width(self) -> None:
        """Random masks of every width up to 512 bits (AXIO's sets of pairs reach 462), every n."""
        chooser = random.Random(7)
        for width in [*range(1, 80), 127, 128, 129, 240, 255, 256, 257, 330, 462, 511, 512]:
            for _ in range(20):
                mask = chooser.getrandbits(width) | 1 << (width - 1)
                expected = positions(mask)
                for n in range(mask.bit_count()):
                    assert nth_bit(mask, n) == expected[n], (mask, n)

    def test_single_bits(self) -> None:
        """A mask of one bit, anywhere."""
        for bit in range(520):
            assert nth_bit(1 << bit, 0) == bit
