"""Pictures for a person choosing a move (issue 18): pieces, a move laid, recent moves."""

from __future__ import annotations

import random
import re

import pytest

import tilegames
from tiers import size
from tilegames import WrongTypeError, axio, axio_rota, aztack, polygon
from tilegames.render import piece_svg, to_svg


def marked(picture: str, name: str) -> list[str]:
    """The data-cell (or data-stone) of every piece group carrying class ``name``."""
    found = []
    for line in picture.splitlines():
        match = re.match(r'<g class="([^"]*)"(.*)>$', line)
        if match and name in match.group(1).split():
            key = re.search(r'data-(?:cell|stone)="([^"]*)"', match.group(2))
            assert key is not None
            found.append(key.group(1))
    return found


class TestPieceSvg:
    """One tile or stone, turned."""

    def test_rota_rotations_differ(self) -> None:
        """The four quarter turns of a tile with four colours are four pictures."""
        pictures = {piece_svg("axio-rota", (0, 1, 2, 3), rotation=r) for r in range(4)}
        assert len(pictures) == 4

    def test_rota_named_fills_empty_corner(self) -> None:
        """Naming a colour draws the empty corner in it (no dashed empty corner left)."""
        empty = piece_svg("axio-rota", (0, 1, 2, None))
        named = piece_svg("axio-rota", (0, 1, 2, None), named=4)
        assert "stroke-dasharray" in empty
        assert "stroke-dasharray" not in named
        assert "#7b3fa8" in named  # purple

    def test_each_game(self) -> None:
        """Every game draws its pieces; Aztack across is taller than wide."""
        assert piece_svg("axio", (0, 5)).startswith("<svg")
        assert piece_svg("polygon", "X2").count("X2") >= 1
        stone = aztack.STANDARD_STONES[0]
        along = piece_svg("aztack", stone, rotation=0)
        across = piece_svg(tilegames.get("aztack"), stone, rotation=1)
        size = re.compile(r'width="([\d.]+)" height="([\d.]+)"')
        w0, h0 = map(float, size.search(along).groups())  # type: ignore[union-attr]
        w1, h1 = map(float, size.search(across).groups())  # type: ignore[union-attr]
        assert w0 > h0
        assert h1 > w1

    def test_bad_piece(self) -> None:
        """A piece or rotation of the wrong kind is a WrongTypeError."""
        with pytest.raises(WrongTypeError):
            piece_svg("axio-rota", (0, 1))
        with pytest.raises(WrongTypeError):
            piece_svg("axio-rota", (0, 1, 2, 3), rotation=4)
        with pytest.raises(WrongTypeError):
            piece_svg("axio", (0, 6))
        with pytest.raises(WrongTypeError):
            piece_svg("polygon", "7")
        with pytest.raises(WrongTypeError):
            piece_svg("aztack", ((0, 0),))


class TestMoveLaid:
    """``to_svg(state, move=...)``: the move laid, what it scores highlighted."""

    def test_rota_by_hand(self) -> None:
        """Seed 1, the hand tile (G, P, B, O) on 1,0: unturned, its green corner meets green."""
        state = axio_rota.new_game(seed=1)
        # The display: (0,-1) has corners (R, G, B, O): its corner 2 (bottom right) is green
        # and meets corner 0 (top left) of cell (1, 0) at the vertex (1, 0).
        assert dict(state.display)[(0, -1)] == (0, 2, 1, 3)
        assert axio_rota.tile_to_place(state) == (1, 4, 2, 3)
        picture = to_svg(state, move=axio_rota.Place((1, 0), 0))
        assert marked(picture, "preview") == ["1,0"]
        assert sorted(marked(picture, "scored")) == ["0,-1", "1,0"]
        assert axio_rota.score_move(state, axio_rota.Place((1, 0), 0)) == (0, 1, 0, 0, 0)
        # Turned twice, (B, O, G, P): blue at vertex (1,0) meets O and G; purple at (1,1) meets B.
        turned = to_svg(state, move=axio_rota.Place((1, 0), 2))
        assert marked(turned, "scored") == []
        assert marked(turned, "preview") == ["1,0"]

    def test_axio_by_hand(self) -> None:
        """Seed 1: blue on 1,-5 beside the blue start 0,-5 scores that line; red there does not."""
        state = axio.new_game(seed=1)
        blue = axio.Place(((1, -5), (2, -5)), (axio.BLUE, axio.RED))
        picture = to_svg(state, move=blue)
        assert sorted(marked(picture, "scored")) == ["0,-5", "1,-5"]
        assert sorted(marked(picture, "preview")) == ["1,-5", "2,-5"]
        red = axio.Place(((1, -5), (2, -5)), (axio.RED, axio.BLUE))
        assert marked(to_svg(state, move=red), "scored") == []

    def test_view_keeps_hidden_tiles(self) -> None:
        """A state is drawn as the mover's view: no other rack appears, no tile is drawn."""
        state = axio.new_game(seed=1, players=2)
        move = axio.legal_moves(state)[0]
        picture = to_svg(state, move=move)
        assert picture == to_svg(axio.view(state, 0), move=move)

    def test_illegal_move(self) -> None:
        """An illegal move with a state is refused."""
        state = axio_rota.new_game(seed=1)
        with pytest.raises(tilegames.IllegalMoveError):
            to_svg(state, move=axio_rota.Place((5, 5), 0))

    @pytest.mark.parametrize("name", ["axio", "axio-rota", "aztack", "polygon"])
    def test_scored_iff_points(self, name: str) -> None:
        """Over random positions, a move highlights something exactly when it scores."""
        rules = tilegames.get(name)
        pick = random.Random(5)
        checked = 0
        kinds: set[bool] = set()
        positions = size(everyday=40, deep=150)
        for seed in range(4):
            state = rules.new_game(seed=seed)
            while not rules.is_over(state) and checked < positions:
                moves = rules.legal_moves(state)
                for move in pick.sample(list(moves), min(4, len(moves))):
                    points = rules.score_move(state, move)
                    scores = bool(sum(points)) if isinstance(points, tuple) else bool(points)
                    picture = to_svg(state, move=move)
                    assert bool(marked(picture, "scored")) == scores, (str(move), points)
                    kinds.add(scores)
                    checked += 1
                state = rules.apply(state, moves[pick.randrange(len(moves))])
        assert checked >= positions
        assert True in kinds  # some move scored, and was highlighted (in Aztack every one)


class TestRecent:
    """``recent=``: the moves since the person's previous turn, numbered."""

    def test_numbered(self) -> None:
        """Two placements are marked recent, numbered in the order given."""
        state = polygon.new_game(seed=7)
        first = polygon.legal_moves(state)[0]
        after = polygon.apply(state, first)
        second = polygon.legal_moves(after)[0]
        final = polygon.apply(after, second)
        picture = to_svg(final, recent=[first, second])
        assert isinstance(first, polygon.Place)  # a seeded game: placements, no chance outcomes
        assert isinstance(second, polygon.Place)
        assert first.space is not None
        assert second.space is not None
        keys = {f"{q},{r}" for q, r in (first.space, second.space)}
        assert set(marked(picture, "recent")) == keys
        assert 'data-recent="2"' in picture
        assert "<style>" in picture

    def test_aztack_by_stone(self) -> None:
        """Aztack marks the stone laid, by its id."""
        state = aztack.new_game(seed=3)
        move = aztack.legal_moves(state)[0]
        assert isinstance(move, aztack.Place)
        picture = to_svg(aztack.apply(state, move), recent=[move])
        assert marked(picture, "recent") == [str(move.stone)]

    def test_wrong_move(self) -> None:
        """A recent move of another game is a WrongTypeError."""
        with pytest.raises(WrongTypeError):
            to_svg(polygon.new_game(seed=7), recent=[axio.DECLINE])
