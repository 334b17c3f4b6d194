"""A game's words are data (issue 44, item 2): declared once, read by every tool.

Each game's ``RULES.words`` names its colours or symbols, its score tracks in
the order a score gives them, the kinds of choice that pick a piece or a
cell, its text board's legend and the short name of the piece a move lays.
The expected words come from the games' rule pages (colour orders, track
orders, glyphs), not from the code under test.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

import tilegames
import toy_game
from server_support import needs_server
from tiers import size
from tilegames import Words, axio, aztack, polygon
from tilegames._core import rules as core_rules
from tilegames.render import laid_svg
from tilegames.rng import Stream

GAMES = ("axio", "axio-rota", "aztack", "polygon")
SRC = Path(__file__).resolve().parents[1] / "src" / "tilegames"

RULE_PAGE_WORDS: dict[str, dict[str, Any]] = {
    # AXIO-1: six colours, a track each, in the order red, green, blue, orange, yellow, purple.
    "axio": {
        "colours": ("red", "green", "blue", "orange", "yellow", "purple"),
        "tracks": ("red", "green", "blue", "orange", "yellow", "purple"),
        "letters": "RGBOYP",
    },
    # ROTA-1: five colours and their tracks, red, green, blue, orange, purple.
    "axio-rota": {
        "colours": ("red", "green", "blue", "orange", "purple"),
        "tracks": ("red", "green", "blue", "orange", "purple"),
        "letters": "RGBOP",
    },
    # AZT-1: five colours and four glyphs; a score is the stones left, the fewest first.
    "aztack": {
        "colours": ("green", "orange", "grey", "blue", "red"),
        "tracks": (),
        "letters": "GOYBRfwdt",
    },
    # POLY-1: the die's three symbols; a score is a total of points.
    "polygon": {
        "colours": ("blue circle", "red diamond", "gold star"),
        "tracks": (),
        "letters": "W",
    },
}


def positions(game: str, count: int = 12) -> Iterator[tuple[Any, Any, Any]]:
    """(rules, state, move): random legal moves of a seeded game, every setup."""
    rules = tilegames.get(game)
    for setup in rules.setups:
        stream = Stream(len(setup.options) + setup.players)
        state = rules.new_game(seed=3, **setup.kwargs)
        for _ in range(count):
            if rules.is_over(state):
                break
            legal = rules.legal_moves(state)
            move = legal[stream.randbelow(len(legal))]
            yield rules, state, move
            state = rules.apply(state, move)


class TestDeclared:
    """The words each game declares are those of its rule page."""

    @pytest.mark.parametrize("game", GAMES)
    def test_colours_tracks_and_letters(self, game: str) -> None:
        words = tilegames.get(game).words
        assert isinstance(words, Words)
        expected = RULE_PAGE_WORDS[game]
        assert words.colours == expected["colours"]
        assert words.tracks == expected["tracks"]
        assert "".join(letter for letter, _ in words.letters) == expected["letters"]

    @pytest.mark.parametrize("game", GAMES)
    def test_tracks_are_in_the_order_of_scores(self, game: str) -> None:
        """A score of tracks has one number per declared track; the text board's columns agree."""
        rules = tilegames.get(game)
        words = rules.words
        assert words is not None
        for _, state, _ in positions(game, 2):
            view = rules.view(state, None)
            tracks = getattr(view, "tracks", None)
            if tracks is None:
                assert words.tracks == ()
                continue
            assert all(len(track) == len(words.tracks) for track in tracks)
            letters = [words.letter(track) for track in words.tracks]
            assert any(line.split()[: len(letters)] == letters for line in str(view).splitlines())

    @pytest.mark.parametrize("game", GAMES)
    def test_piece_and_cell_kinds_are_choices_the_game_offers(self, game: str) -> None:
        """Every kind of choice the game offers; a cell kind's options are (x, y) cells."""
        rules = tilegames.get(game)
        words = rules.words
        assert words is not None
        assert rules.choices is not None
        offered: set[str] = set()
        for _, state, move in positions(game, size(everyday=2, deep=12)):
            seat = getattr(move, "seat", rules.to_move(state)[0])  # speed: the move's own seat
            picked: tuple[Any, ...] = ()
            choice = rules.choices(state, picked, seat=seat)
            while choice.options:
                offered.add(choice.kind)
                if choice.kind in words.cells:
                    assert all(
                        isinstance(option, tuple) and len(option) == 2 for option in choice.options
                    )
                picked += (next(o for o, moves in choice.options.items() if move in moves),)
                choice = rules.choices(state, picked, seat=seat)
        assert set(words.pieces) | set(words.cells) <= offered


class TestUsed:
    """The text board prints the declared legend; pictures title a piece with its short name."""

    @pytest.mark.parametrize("game", GAMES)
    def test_the_text_board_ends_with_the_declared_legend(self, game: str) -> None:
        rules = tilegames.get(game)
        words = rules.words
        assert words is not None
        legend = "\n".join(["Legend:", *("  " + line for line in words.legend.splitlines())])
        for _, state, _ in positions(game, 3):
            assert str(rules.view(state, None)).endswith("\n" + legend)
        for letter, word in words.letters:
            assert f"{letter} {word}" in words.legend

    @pytest.mark.parametrize("game", GAMES)
    def test_a_laid_pieces_picture_is_titled_with_its_short_name(self, game: str) -> None:
        rules = tilegames.get(game)
        words = rules.words
        assert words is not None
        assert words.piece is not None
        named = 0
        for _, state, move in positions(game):
            view = rules.view(state, rules.to_move(state)[0])
            short = words.piece(view, move)
            picture = laid_svg(view, move)
            if picture is None:
                assert short == ""
                continue
            title = re.search(r"<title>([^<]*)</title>", picture)
            assert title is not None
            assert short
            assert title.group(1).startswith(short)
            named += 1
        assert named

    def test_equal_by_names_alone(self) -> None:
        """The piece and solo functions are left out of the comparison; a name is not."""
        words = axio.RULES.words
        assert words is not None
        assert words.piece is not None
        assert words.solo is not None
        assert attrs.evolve(words, piece=None, solo=None) == words
        assert attrs.evolve(words, legend=words.legend + " ") != words

    def test_spelt_names(self) -> None:
        """A capital starts a part, lower case adds to it; an unknown letter leaves the name."""
        stone = aztack.RULES.words
        assert stone is not None
        assert stone.spelt("OfBd") == "orange flower/blue deer"
        assert polygon.RULES.words is not None
        assert polygon.RULES.words.spelt("W") == "wild"
        assert polygon.RULES.words.spelt("X2") == "X2"


class TestNothingParsesPrintedText:
    """The server's history words and the command line read words, not boards or pictures."""

    @pytest.mark.parametrize(
        "path", ["server/_words.py", "server/_page.py", *(f"cli/{p}" for p in ("_common.py",))]
    )
    def test_no_legend_or_title_parsing(self, path: str) -> None:
        source = (SRC / path).read_text()
        assert 'index("Legend:")' not in source  # no legend cut out of a printed board
        assert "<title>" not in source  # no name read from a picture
        assert "re.compile" not in source or path != "server/_words.py"

    @needs_server
    def test_a_games_words_are_read_from_rules(self) -> None:
        """A game of one's own with other words: the history speaks them."""
        from tilegames.server._words import option_label, track_names

        rules = tilegames.get("axio-rota")
        renamed = Words(
            letters=(("R", "rouge"),),
            colours=("rouge", "vert", "bleu", "orange", "violet"),
            tracks=("rouge", "vert", "bleu", "orange", "violet"),
            cells=("cell",),
        )
        assert isinstance(rules, tilegames.GameRules)
        mine: Any = attrs.evolve(rules, words=renamed)
        assert track_names(mine, 5) == ["rouge", "vert", "bleu", "orange", "violet"]
        state = rules.new_game(seed=1)
        assert option_label(mine, state, "colour", 1, None) == "vert"


class TestMessagesNameTheRegistrysGame:
    """A value of the wrong game is named by the registry, not by its class's module."""

    def test_a_registered_games_title(self) -> None:
        tilegames.register(toy_game.RULES, replace=True)
        try:
            move: Any = toy_game.Move((1, 1))
            with pytest.raises(tilegames.WrongTypeError) as raised:
                aztack.apply(aztack.new_game(seed=1), move)
            assert str(raised.value).endswith(f"got a Move of {toy_game.RULES.title}")
        finally:
            core_rules._REGISTRY.pop("toy", None)
            core_rules._OWNERS.clear()
        with pytest.raises(tilegames.WrongTypeError) as raised:
            aztack.apply(aztack.new_game(seed=1), move)
        assert "got a Move (" in str(raised.value)  # no registered game owns it now


class TestSoloScore:
    """A solo score is said by the game's words, on its text board and at the game's end."""

    def test_axio_says_six_digits(self) -> None:
        """AXIO-21: two digits for each of the three lowest tracks, so 50912 is 050912."""
        words = tilegames.get("axio").words
        assert words is not None
        solo = words.solo
        assert solo is not None
        assert solo(50912).startswith("050912 ")
        assert "AXIO-21" in solo(50912)

    def test_the_end_of_a_solo_game_says_what_its_board_says(self) -> None:
        """The command line's result quotes the words the final board prints, not the board."""
        from tilegames.cli._common import format_outcome

        for name, options in (("axio", {"mode": "solo"}), ("axio-rota", {"players": 1})):
            rules = tilegames.get(name)
            state = rules.new_game(seed=3, **options)
            stream = Stream(3)
            while not rules.is_over(state):
                moves = rules.legal_moves(state)
                state = rules.apply(state, moves[stream.randbelow(len(moves))])
            outcome = rules.outcome(state)
            assert outcome is not None
            line = next(ln for ln in str(state).splitlines() if ln.startswith("solo score: "))
            said = format_outcome(outcome, rules.words).splitlines()[1]
            assert said.startswith(f"Result: a solo score of {line.removeprefix('solo score: ')};")
