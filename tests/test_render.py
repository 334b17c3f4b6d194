"""tilegames.render: SVG pictures of every game."""

from __future__ import annotations

import pickle
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tilegames
from golden_positions import golden
from tilegames import WrongTypeError, axio, axio_rota, aztack, polygon
from tilegames._core.svg import hex_centre as centre
from tilegames._core.svg import hex_corners as corners
from tilegames.geometry import hexagon
from tilegames.polygon import _draw as polygon_picture
from tilegames.render import cell_key, cells_of, to_svg
from tilegames.rng import Stream
from tilegames.serialize import from_json, to_json

GAMES = {"axio-rota": axio_rota, "axio": axio, "aztack": aztack, "polygon": polygon}
SVG = "{http://www.w3.org/2000/svg}"
DATA = Path(__file__).parent / "data" / "svg"


def position(name: str, seed: int, steps: int, players: int = 2) -> tuple[Any, Any]:
    """The state after ``steps`` random moves of a game from ``seed``, and the last move."""
    rules = tilegames.get(name)
    state = rules.new_game(players, seed=seed)
    stream = Stream(seed)
    move = None
    for _ in range(steps):
        if rules.is_over(state):
            break
        moves = rules.legal_moves(state)
        move = moves[stream.randbelow(len(moves))]
        state = rules.apply(state, move)
    return state, move


def parse_key(key: str) -> tuple[int, int]:
    """The cell of a key ``"X,Y"``."""
    x, y = key.split(",")
    return int(x), int(y)


def pieces(svg: str) -> list[ET.Element]:
    """The elements marked as placed tiles or stones."""
    root = ET.fromstring(svg)
    return [e for e in root.iter() if e.get("class") == "piece"]


def placed_count(name: str, state: Any) -> int:
    """How many tiles or stones a person sees placed, counted from the state's own fields."""
    if name == "axio-rota":
        return len(state.display)
    if name == "axio":
        starts = {cell for cell, _ in axio.START_CELLS}
        return sum(
            1
            for cell, colour in zip(axio.playing_area(state), state.cells, strict=True)
            if colour != axio.EMPTY and cell not in starts
        )
    if name == "aztack":
        return len(set(state.pyramid.tops))
    return sum(
        1
        for space, stack in zip(polygon.SPACES, state.stacks, strict=True)
        if len(stack) > (space in polygon.PRINTED)
    )


class TestToSvg:
    """``to_svg`` for the states and views of every game."""

    @pytest.mark.parametrize("name", sorted(GAMES))
    @settings(max_examples=5, deadline=None)
    @given(seed=st.integers(0, 2**32), steps=st.integers(0, 40))
    def test_one_piece_per_placed_tile(self, name: str, seed: int, steps: int) -> None:
        """The SVG parses as XML and has one piece per placed tile or visible stone."""
        state, _ = position(name, seed, steps)
        svg = to_svg(state)
        root = ET.fromstring(svg)
        assert root.tag == f"{SVG}svg"
        assert len(pieces(svg)) == placed_count(name, state)
        seen = tilegames.get(name).view(state, 0)
        assert len(pieces(to_svg(seen))) == placed_count(name, state)

    @pytest.mark.parametrize("name", sorted(GAMES))
    def test_equal_states_equal_pictures(self, name: str) -> None:
        """Equal states (one rebuilt from pickle, one from JSON) draw identically."""
        state, move = position(name, 7, 12)
        module = GAMES[name]
        copies = [pickle.loads(pickle.dumps(state)), from_json(to_json(state), module.State)]
        drawn = to_svg(state, last_move=move)
        for other in copies:
            assert other is not state
            assert to_svg(other, last_move=move) == drawn

    @pytest.mark.parametrize("name", sorted(GAMES))
    def test_targets_and_last_move(self, name: str) -> None:
        """Legal target cells are marked once each with their keys; the last move is outlined."""
        rules = tilegames.get(name)
        state, move = position(name, 3, 6)
        moves = rules.legal_moves(state)
        keys = {key for m in moves for key in cells_of(m)}
        cells = [parse_key(key) for key in keys]
        root = ET.fromstring(to_svg(state, last_move=move, targets=cells))
        marked = [e.get("data-cell", "") for e in root.iter() if e.get("class") == "target"]
        assert sorted(marked) == sorted(keys)
        outlined = [e for e in root.iter() if e.get("class") == "last-move"]
        assert len(outlined) == len(cells_of(move))

    @pytest.mark.parametrize("name", sorted(GAMES))
    def test_scores_beside_the_board(self, name: str) -> None:
        """Each seat's score or total is drawn, with its value in ``data-score``."""
        state, _ = position(name, 5, 30)
        root = ET.fromstring(to_svg(state))
        scores = {
            e.get("data-seat", ""): e.get("data-score", "")
            for e in root.iter()
            if e.get("class") == "score"
        }
        assert sorted(scores) == [str(seat) for seat in range(2)]
        if name == "polygon":
            assert scores == {str(s): str(t) for s, t in enumerate(state.totals)}
        elif name == "aztack":
            assert scores == {str(s): str(len(held)) for s, held in enumerate(state.supplies)}
        else:
            assert scores == {str(s): ",".join(map(str, t)) for s, t in enumerate(state.tracks)}

    def test_text_is_escaped(self) -> None:
        """Text inside the picture is XML-escaped (the game's title, the labels)."""
        svg = to_svg(axio_rota.new_game(seed=1))
        assert "<title>AXIO Rota</title>" in svg
        ET.fromstring(svg)

    def test_not_a_game(self) -> None:
        """Anything but a game's state or view (a move for cells_of) is a WrongTypeError."""
        with pytest.raises(WrongTypeError, match="to_svg expects a State or View"):
            to_svg({})
        with pytest.raises(WrongTypeError, match="to_svg expects a State or View"):
            to_svg(polygon.Place("3", (1, 2)))
        with pytest.raises(WrongTypeError, match="last_move"):
            to_svg(polygon.new_game(seed=1), last_move=axio_rota.Place((0, 0), 0))
        with pytest.raises(WrongTypeError, match="cells_of expects a move"):
            cells_of("3@1,2")
        with pytest.raises(TypeError):  # still a TypeError for code that catches the builtin
            cells_of(polygon.new_game(seed=1))

    def test_repr_svg(self) -> None:
        """States and views of AXIO Rota, Aztack and Polygon show themselves in Jupyter."""
        state = polygon.new_game(seed=3)
        assert state._repr_svg_() == to_svg(state)
        seen = axio_rota.view(axio_rota.new_game(seed=3), 1)
        assert seen._repr_svg_() == to_svg(seen)
        stacked = aztack.new_game(seed=3)
        assert stacked._repr_svg_() == to_svg(stacked)
        assert aztack.view(stacked, 0)._repr_svg_() == to_svg(aztack.view(stacked, 0))


class TestCells:
    """``cells_of`` and ``cell_key``: how a page finds the moves of a clicked cell."""

    def test_cells_of_each_kind_of_move(self) -> None:
        """Placements list their cells; moves that place nothing list none."""
        assert cells_of(axio_rota.Place((2, -1), 1)) == ("2,-1",)
        assert cells_of(axio.Place(((1, 0), (0, 0)), (0, 2))) == ("0,0", "1,0")
        assert cells_of(axio.SWAP) == ()
        assert cells_of(aztack.Place(0, 3, (1, 0), (1, 1))) == ("1,0", "1,1")
        assert cells_of(aztack.Pass(1)) == ()
        assert cells_of(polygon.Place("W", (0, -3))) == ("0,-3",)
        assert cells_of(polygon.Place("W", None)) == ()
        assert cell_key((-4, 0)) == "-4,0"


class TestPolygonRhombi:
    """The three rhombi of each Polygon tile point at the scoring corners of their symbols."""

    def test_rhombi_of_a_corner_meet(self) -> None:
        """For every scoring corner, its three spaces' rhombi of its symbol share their tip."""
        origin = (0.0, 0.0)
        for anchor in polygon.SPACES:
            members = hexagon.down_corner(anchor)
            symbol = hexagon.corner_symbol(anchor)
            tips = set()
            for space in members:
                ring = corners(centre(space, 10, origin), 10)
                angles = dict(polygon_picture._rhombus_angles(space))
                tip = ring[round((angles[symbol] - 30) / 60)]
                tips.add((round(tip[0], 6), round(tip[1], 6)))
            assert len(tips) == 1, (anchor, tips)


class TestGoldenPictures:
    """Golden SVG files in tests/data/svg pin the pictures of the hand-built positions.

    ``<game>.svg`` is ``to_svg`` of seat 0's view of the game's position in
    tests/golden_positions.py (no random game, no seeded shuffle), with seat
    1's last move outlined and the cells of seat 0's legal moves marked:
    AXIO Rota's six tiles with the ten free cells around them, AXIO's six
    start cells, RG and the outlined PP, Aztack's base with two stones at
    height 2 (stone 1 outlined), Polygon's five played tiles and twelve
    printed ones with the outlined 2 on (1, -1) and nine marked spaces (spec v2:
    no stacking without the turn's symbol).
    Each file was written once, rendered to PNG (``rsvg-convert``) and
    looked at against the position's docstring: the tiles, hexes or stones
    and their colours and glyphs cell by cell, the heights, the outline of
    the last move, the marked cells, the scores beside the board, and seat
    0's own hand or rack (Aztack: both supplies; Polygon: the die and the
    drawn tiles). A deliberate change to the drawing means looking again and
    replacing the files.
    """

    @pytest.mark.parametrize("name", sorted(GAMES))
    def test_pictures_unchanged(self, name: str) -> None:
        """The picture of the hand-built position, with targets and the last move, is stored."""
        rules = tilegames.get(name)
        position = golden(name)
        cells = [parse_key(k) for m in rules.legal_moves(position.state) for k in cells_of(m)]
        drawn = to_svg(rules.view(position.state, 0), last_move=position.last, targets=cells)
        assert drawn + "\n" == (DATA / f"{name}.svg").read_text()


class TestDocsPictures:
    """The docs' ``tilegames-picture`` directive draws real positions at build time."""

    def test_picture_of_a_position(self) -> None:
        """The directive draws ``to_svg`` of the described position, legal-move cells marked."""
        sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "docs" / "_ext"))
        try:
            import tilegames_pictures  # type: ignore[import-not-found]
        finally:
            sys.path.pop(0)
        state, move = position("aztack", 3, 8)
        targets = {parse_key(k) for m in aztack.legal_moves(state) for k in cells_of(m)}
        assert targets, "the position has legal moves to mark"
        expected = to_svg(aztack.view(state, 0), last_move=move, targets=targets)
        drawn = tilegames_pictures.picture("aztack", seed=3, moves=8, players=2, seat=0)
        assert drawn == expected
