"""Helpers shared by the AXIO Rota tests: tiles and positions written by hand, a quick game.

Nothing here calls the engine to work out an expected value.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from random_games import every_state
from tilegames import axio_rota as rota
from tilegames.axio_rota import State, Tile
from tilegames.geometry.square import Cell

# Colours by hand, in the order of ROTA-1.
R, G, B, O, P = 0, 1, 2, 3, 4  # noqa: E741 (the colours' initials, as in the notation)
LETTERS: dict[str, int | None] = {"R": R, "G": G, "B": B, "O": O, "P": P, ".": None}
NO_POINTS = (0, 0, 0, 0, 0)


def tile(text: str) -> Tile:
    """A tile from 4 letters, clockwise from the top left (written here, not parse_tile)."""
    a, b, c, d = (LETTERS[letter] for letter in text)
    return (a, b, c, d)


def position(
    display: Mapping[Cell, str],
    *,
    hands: Sequence[str | None] = ("RGBO",),
    tracks: Sequence[tuple[int, int, int, int, int]] | None = None,
    stacks: Sequence[Sequence[str]] | None = None,
    supply: Sequence[str] = (),
    seat: int = 0,
    extra_tile: str | None = None,
    extra_turns: int = 0,
) -> State:
    """A state built field by field: the display, hands, stacks and supply as letters."""
    count = len(hands)
    return State(
        display=frozenset((cell, tile(text)) for cell, text in display.items()),
        tracks=tuple(tracks) if tracks is not None else (NO_POINTS,) * count,
        hands=tuple(None if h is None else tile(h) for h in hands),
        stacks=tuple(tuple(map(tile, s)) for s in stacks) if stacks else ((),) * count,
        supply=tuple(map(tile, supply)),
        seat=seat,
        extra_tile=None if extra_tile is None else tile(extra_tile),
        extra_turns=extra_turns,
    )


def placements(state: State) -> list[rota.Place]:
    """A seat's legal moves, each checked to be a placement (seeded games have no other)."""
    moves = list(rota.legal_moves(state))
    placed = [move for move in moves if isinstance(move, rota.Place)]
    assert len(placed) == len(moves), "a seat of a seeded game only places tiles"
    return placed


def same_up_to_rotation(a: Tile, b: Tile) -> bool:
    """Whether tile ``b`` is tile ``a`` turned by some number of quarter turns."""
    return any(tuple(a[(i - k) % 4] for i in range(4)) == b for k in range(4))


# The circle of the worked examples: vertex (0, 0), where four cells meet:
#
#      cell (-1,-1) "GGRG"  |  cell (0,-1) "BBGR"
#        corner 2 = R       |    corner 3 = R
#      -------------- vertex (0, 0) --------------
#        corner 1 = B       |    corner 0 = placed
#      cell (-1, 0) "OBGO"  |  cell (0, 0): the new tile
#
# The new tile's other corners: corner 1 at vertex (1, 0) meets only the
# corner 2 of "BBGR" (G); corner 3 at vertex (0, 1) meets only the corner 2 of
# "OBGO" (G); corner 2 at vertex (1, 1) meets no tile.
RED_RED_BLUE = {(-1, -1): "GGRG", (0, -1): "BBGR", (-1, 0): "OBGO"}
# The same circle with red at the corner 1 of (-1, 0) too: red, red, red.
FULL_RED = {(-1, -1): "GGRG", (0, -1): "BBGR", (-1, 0): "ORGO"}

# A start square of four "RGBO" tiles, and the 8 cells sharing an edge with it.
START = {(-1, -1): "RGBO", (0, -1): "RGBO", (-1, 0): "RGBO", (0, 0): "RGBO"}
AROUND_START = frozenset([(-1, -2), (0, -2), (1, -1), (1, 0), (0, 1), (-1, 1), (-2, 0), (-2, -1)])


def play(state: State, count: int) -> State:
    """Play ``count`` moves, always the middle one of the list."""
    for _ in range(count):
        listed = rota.legal_moves(state)
        state = rota.apply(state, listed[len(listed) // 2])
    return state


def positions(players: int, seed: int) -> list[State]:
    """Every state of one seeded random game, the last (over) included."""
    return every_state(rota.RULES, players, seed)
