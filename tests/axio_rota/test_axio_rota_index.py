"""The display index (Board) against a plain index worked out from the display alone.

The index keeps the frontier as two lists in reading order (cells, masks),
marks in each circle which cells around it hold a tile (HELD bits), skips
the neighbours of vertices already touched, and links the placed tiles in a
chain shared between states; ``new_game`` lays the start square from tables
made per tile and cell. Each is compared here with the obvious computation.
"""

from __future__ import annotations

import random

import pytest
from axio_rota_helpers import positions

from tiers import size
from tilegames import axio_rota as rota
from tilegames.axio_rota import Tile
from tilegames.axio_rota._model import COLOURS, COUNT_BITS, HELD, ONE, STANDARD_TILES, Board
from tilegames.axio_rota._moves import LegalMoves
from tilegames.axio_rota._tables import START_CELLS
from tilegames.axio_rota._tables import start_square as _start_square
from tilegames.axio_rota._tables import turned_to as _turned_to
from tilegames.geometry import square
from tilegames.geometry.square import Cell

COLOUR_BITS = (1 << (COUNT_BITS * len(COLOURS))) - 1
START = tuple(cell for cell, _ in START_CELLS)


def laid_one_by_one(drawn: list[Tile]) -> list[Tile]:
    """The start square's tiles turned as ROTA-7 says, tile by tile."""
    return [_turned_to(tile, centre) for (_, centre), tile in zip(START_CELLS, drawn, strict=True)]


def plain_frontier(placed: dict[Cell, Tile]) -> dict[Cell, int]:
    """Empty cells sharing an edge with a tile -> the mask of their corners that a tile touches."""
    touched = {vertex for cell in placed for vertex in square.cell_corners(cell)}
    frontier = {}
    for x, y in placed:
        for near in ((x, y - 1), (x - 1, y), (x + 1, y), (x, y + 1)):
            if near not in placed:
                corners = square.cell_corners(near)
                frontier[near] = sum(1 << j for j, v in enumerate(corners) if v in touched)
    return frontier


def plain_circles(placed: dict[Cell, Tile]) -> dict[Cell, tuple[list[int], int]]:
    """Vertex touched -> (count of each colour there, mask of the corners j lying there)."""
    circles: dict[Cell, tuple[list[int], int]] = {}
    for cell, corners in placed.items():
        for j, vertex in enumerate(square.cell_corners(cell)):
            counts, held = circles.setdefault(vertex, ([0] * len(COLOURS), 0))
            colour = corners[j]
            if colour is not None:
                counts[colour] += 1
            circles[vertex] = (counts, held | 1 << j)
    return circles


def check_board(board: Board, display: frozenset[tuple[Cell, Tile]]) -> None:
    """Every part of the index agrees with the plain one for ``display``."""
    placed = dict(display)
    pack = square.pack
    assert board.cells == {pack(*cell): tile for cell, tile in placed.items()}
    frontier = plain_frontier(placed)
    assert board.frontier == {pack(*cell): mask for cell, mask in frontier.items()}
    assert board.rim == sorted(board.rim)
    assert len(board.rim) == len(board.masks)
    circles = plain_circles(placed)
    assert set(board.circles) == {pack(*vertex) for vertex in circles}
    for vertex, (counts, held) in circles.items():
        value = board.circles[pack(*vertex)]
        assert value & COLOUR_BITS == sum(n * ONE[c] for c, n in enumerate(counts))
        assert value & ~COLOUR_BITS == sum(HELD[j] for j in range(4) if held >> j & 1)
    for cell in placed:
        assert board.holds(pack(*cell))
        assert board.mask(pack(*cell)) is None
    for cell, mask in frontier.items():
        assert not board.holds(pack(*cell))
        assert board.mask(pack(*cell)) == mask


class TestIndex:
    """The index that apply grows, against the plain one."""

    @pytest.mark.parametrize("players", [1, 2, 3, 4])
    def test_every_state_of_random_games(self, players: int) -> None:
        """Cells, circles (counts and HELD bits), frontier cells in order, and masks.

        Every state of 6 seeded games under ``--deep``, of 2 everyday.
        """
        for seed in range(size(everyday=2, deep=6)):
            for state in positions(players, seed):
                board = state._index
                assert board is not None
                check_board(board, state.display)

    def test_built_from_scratch(self) -> None:
        """Board.build, in any order of the display, gives the plain index too."""
        state = positions(2, 3)[-1]
        tiles = list(state.display)
        for order in range(5):
            random.Random(order).shuffle(tiles)
            check_board(Board.build(tiles), state.display)

    def test_a_ring_around_an_empty_cell(self) -> None:
        """An empty cell touched at all four corners but by no edge stays off the frontier.

        Then a tile beside it brings it in with all four corners touching.
        """
        tile: Tile = (0, 1, 2, 3)
        ring = [(x, y) for x in range(-2, 3) for y in range(-2, 3) if max(abs(x), abs(y)) == 2]
        corners = [(-1, -1), (1, -1), (-1, 1), (1, 1)]
        display = frozenset((cell, tile) for cell in ring + corners)
        board = Board.build(display)
        check_board(board, display)
        assert board.mask(square.pack(0, 0)) is None
        grown = board.with_tile(square.pack(0, -1), tile)
        check_board(grown, display | {((0, -1), tile)})
        assert grown.mask(square.pack(0, 0)) == 0b1111
        check_board(board, display)  # the board it grew from is unchanged

    def test_growing_leaves_the_parent_unchanged(self) -> None:
        """Two placements from one state give two indexes; the state's own stays as it was."""
        state = rota.new_game(3, seed=8)
        moves = rota.legal_moves(state)
        first = rota.apply(state, moves[0])
        last = rota.apply(state, moves[len(moves) - 1])
        for after in (state, first, last):
            assert after._index is not None
            check_board(after._index, after.display)


class TestStartSquare:
    """_start_square (tables per tile and cell) against _turned_to and Board.build."""

    def test_standard_tiles(self) -> None:
        """The same laid tiles and index as laying them one by one, for random draws."""
        chooser = random.Random(1)
        for _ in range(300):
            drawn = chooser.sample(STANDARD_TILES, 4)
            laid, board = _start_square(drawn)
            plain = laid_one_by_one(drawn)
            assert laid == plain
            check_board(board, frozenset(zip(START, plain, strict=True)))
            assert board.circles == Board.build(zip(START, plain, strict=True)).circles

    def test_custom_tiles(self) -> None:
        """Tiles outside the standard set, a gap at every corner, are laid the same way."""
        tiles: list[Tile] = [(4, 4, 4, 4), (None, 0, 0, 1), (2, None, 3, 3), (1, 1, None, 0)]
        tiles.append((3, 2, 1, None))
        chooser = random.Random(2)
        for _ in range(50):
            drawn = [chooser.choice(tiles) for _ in range(4)]
            laid, board = _start_square(drawn)
            assert laid == laid_one_by_one(drawn)
            check_board(board, frozenset(zip(START, laid, strict=True)))

    def test_a_custom_game(self) -> None:
        """new_game with a custom set indexes its start square like Board.build."""
        tiles = ["RGB.", "PPPP", ".OBG", "RRGG"] * 5
        for seed in range(10):
            state = rota.new_game(1, seed=seed, tiles=tiles)
            assert state._index is not None
            check_board(state._index, state.display)


class TestLegalMovesReadTheIndex:
    """LegalMoves reads the sorted frontier lists; what _encoding reads still works."""

    def test_frontier_and_sorted(self) -> None:
        """_frontier is the board's frontier; _sorted its cells in reading order."""
        for state in positions(2, 4)[:-1:5]:
            moves = rota.legal_moves(state)
            assert type(moves) is LegalMoves
            assert state._index is not None
            assert moves._frontier == state._index.frontier
            assert moves._sorted() == sorted(state._index.frontier)
