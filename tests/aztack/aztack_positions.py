"""Positions built by hand for the Aztack tests: the standard base of ``BASE``."""

from __future__ import annotations

from collections.abc import Sequence

from tilegames import aztack
from tilegames.geometry.pyramid import Pyramid

STONES = aztack.STANDARD_STONES

# The base: standard stones row by row (AZT-4), each with its first half on the
# lower y. Its top halves, by hand from the set (stone 3k + i is
# (k, k + (1, 5, 12)[i]) with kind k = glyph * 5 + colour, AZT-3):
#
#   y 0:  Gf  Gf  Of  Of  Gf  Of      stones 0  1  4  3  2  5
#   y 1:  Of  Gw  Ow  Yf  Yd  Bd
#   y 2:  Yf  Yf  Yf  Bf  Bf  Bf      stones 6  7  8  9 10 11
#   y 3:  Bf  Yw  Rd  Rf  Bw  Gt
BASE = (0, 1, 4, 3, 2, 5, 6, 7, 8, 9, 10, 11)


def build(supplies: Sequence[Sequence[int]], *, mode: str = "turns") -> aztack.State:
    """A position by hand: BASE as laid out above and the given supplies, seat 0 to move."""
    heights, tops, faces = [1] * 24, [0] * 24, [0] * 24
    for index, stone in enumerate(BASE):
        row, x = divmod(index, 6)
        for y, (colour, glyph) in zip((2 * row, 2 * row + 1), STONES[stone].halves, strict=True):
            tops[y * 6 + x] = stone
            faces[y * 6 + x] = glyph * 5 + colour
    return aztack.State(
        stones=STONES,
        pyramid=Pyramid(6, 4, tuple(heights), tuple(tops)),
        faces=tuple(faces),
        supplies=tuple(tuple(sorted(held)) for held in supplies),
        whose_turn=0 if mode == "turns" else None,
        last_placed=(0,) * len(supplies),
    )
