"""Every text board (``render_text``) has coordinates on both axes and a legend (issue 17).

The coordinates are read off the printed axes, as a person would, and must
agree with the notation of the moves: after a move, exactly the cells its
notation names look different on the board.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

import tilegames
from tilegames.rng import Stream

SETUPS = [
    pytest.param(name, setup, id=f"{name}-{setup}")
    for name in ("axio-rota", "axio", "aztack", "polygon")
    for setup in tilegames.get(name).setups
]
_CELL = re.compile(r"(-?\d+),(-?\d+)")
_HEX_ROW = re.compile(r"^\s*(-?\d+) (.*?)\s*q=(-?\d+)\.\.(-?\d+)$")
_GRID_ROW = re.compile(r"^\s*(-?\d+) \|")

Board = dict[tuple[int, int], str]


def _hex_board(lines: list[str]) -> Board:
    """Row ``r`` on the left, its ``q`` range on the right, one token per cell between."""
    cells: Board = {}
    for line in lines:
        match = _HEX_ROW.match(line)
        if match:
            r, first, last = int(match[1]), int(match[3]), int(match[4])
            tokens = match[2].split()
            assert len(tokens) == last - first + 1, line
            cells.update({(first + i, r): token for i, token in enumerate(tokens)})
    return cells


def _grid_board(lines: list[str], height: int, width: int) -> Board:
    """Column numbers across the top, row numbers down the left; a cell under its number.

    A cell is ``width`` characters of ``height`` lines, starting under the
    column number's last two characters.
    """
    columns = [(int(m[0]), m.end()) for m in re.finditer(r"-?\d+", lines[0])]
    assert columns, f"no column numbers in {lines[0]!r}"
    cells: Board = {}
    for index, line in enumerate(lines):
        match = _GRID_ROW.match(line)
        if match is None or index == 0:
            continue
        y = int(match[1])
        block = lines[index : index + height]
        for x, end in columns:
            cells[x, y] = "/".join(row[end - 2 : end - 2 + width] for row in block)
    return cells


def read_board(name: str, text: str) -> Board:
    """The cells of a text board by the coordinates printed on its axes."""
    lines = text.split("\nLegend:\n")[0].splitlines()
    if name in ("axio", "polygon"):
        return _hex_board(lines)
    if name == "axio-rota":
        return _grid_board(lines, height=2, width=2)
    return _grid_board(lines, height=1, width=3)  # aztack: "2Gt" under " 2"


def changed(before: Board, after: Board) -> set[tuple[int, int]]:
    """The cells that look different (a cell new to the board counts when not blank)."""
    new = {cell for cell, token in after.items() if cell not in before and token.strip(" /")}
    return {cell for cell in before if after.get(cell) != before[cell]} | new


def _cells_named(text: str) -> set[tuple[int, int]]:
    return {(int(x), int(y)) for x, y in _CELL.findall(text)}


def _game(name: str, setup: tilegames.Setup, seed: int) -> tuple[Any, Any]:
    rules = tilegames.get(name)
    return rules, rules.new_game(**setup.kwargs, seed=seed)


class TestLegend:
    @pytest.mark.parametrize(("name", "setup"), SETUPS)
    def test_every_board_ends_with_a_legend(self, name: str, setup: tilegames.Setup) -> None:
        """States and every seat's view end with 'Legend:' and indented lines of it."""
        rules, state = _game(name, setup, seed=1)
        for text in [str(state), *(str(rules.view(state, s)) for s in range(setup.players))]:
            _, heading, legend = text.partition("\nLegend:\n")
            assert heading, text
            lines = legend.splitlines()
            assert 3 <= len(lines) <= 6
            assert all(line.startswith("  ") and len(line) <= 80 for line in lines)
            assert "move" in legend

    @pytest.mark.parametrize(
        ("name", "symbol"),
        [("axio-rota", "R red"), ("axio", "Y yellow"), ("aztack", "1Yt"), ("polygon", "X3:2")],
    )
    def test_legend_explains_the_symbols(self, name: str, symbol: str) -> None:
        """The symbols a newcomer meets are in the legend."""
        assert symbol in str(tilegames.get(name).new_game(seed=2)).split("Legend:")[1]


class TestCoordinates:
    @pytest.mark.parametrize(("name", "setup"), SETUPS)
    def test_both_axes_are_numbered(self, name: str, setup: tilegames.Setup) -> None:
        """Every cell of the board is found by the numbers printed on its axes."""
        _, state = _game(name, setup, seed=3)
        board = read_board(name, str(state))
        assert board
        assert len({x for x, _ in board}) > 1
        assert len({y for _, y in board}) > 1

    @pytest.mark.parametrize(("name", "setup"), SETUPS)
    def test_a_move_changes_the_cells_its_notation_names(
        self, name: str, setup: tilegames.Setup
    ) -> None:
        """After each of 12 random moves, the cells read off the axes that changed are the
        cells written in the move's notation (none for a swap, pass or set-aside)."""
        rules, state = _game(name, setup, seed=4)
        stream = Stream(4)
        placed = 0
        for _ in range(12):
            if rules.is_over(state):
                break
            legal = rules.legal_moves(state)
            move = legal[stream.randbelow(len(legal))]
            text = rules.format_move(move)
            after = rules.apply(state, move)
            before_board = read_board(name, str(state))
            after_board = read_board(name, str(after))
            assert changed(before_board, after_board) == _cells_named(text), text
            placed += bool(_cells_named(text))
            state = after
        assert placed


class TestChance:
    @pytest.mark.parametrize("name", ["axio-rota", "axio", "aztack", "polygon"])
    def test_a_pending_chance_step_is_said(self, name: str) -> None:
        """At a chance step of an explicit-chance game the board says what chance decides."""
        rules = tilegames.get(name)
        state = rules.new_game(seed=1, chance="explicit")
        assert rules.to_move(state) == (tilegames.CHANCE,)
        for text in (str(state), str(rules.view(state, 0))):
            lines = [line for line in text.splitlines() if line.startswith("Chance: ")]
            assert len(lines) == 1, text

    @pytest.mark.parametrize("name", ["axio-rota", "axio", "aztack", "polygon"])
    def test_no_chance_line_in_a_seeded_game(self, name: str) -> None:
        """A seeded game has no chance step, and its board says none."""
        assert "Chance:" not in str(tilegames.get(name).new_game(seed=1))
