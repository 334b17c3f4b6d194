"""The demo command plays any registered game to its end and prints the result."""

from __future__ import annotations

import pytest

import toy_game
from tilegames import cli
from tilegames._core import rules as rules_module


@pytest.fixture(autouse=True)
def _toy_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """Register the toy game for one test only."""
    monkeypatch.setitem(rules_module._REGISTRY, "toy", toy_game.RULES)


class TestDemo:
    def test_plays_to_the_end(self, capsys: pytest.CaptureFixture[str]) -> None:
        """A seeded demo prints 5 to 9 numbered moves, the final state and the winners."""
        assert cli.main(["demo", "toy", "--seed", "4"]) == 0
        out = capsys.readouterr().out
        numbered = [line for line in out.splitlines() if line.strip()[:2].rstrip(".").isdigit()]
        assert 5 <= len(numbered) <= 9
        assert "Game over" in out
        assert "Winner" in out

    def test_same_seed_same_game(self, capsys: pytest.CaptureFixture[str]) -> None:
        """The seed fixes the game and the players' choices."""
        cli.main(["demo", "toy", "--seed", "11"])
        first = capsys.readouterr().out
        cli.main(["demo", "toy", "--seed", "11"])
        assert capsys.readouterr().out == first

    def test_bad_player_count_is_a_clean_error(self, capsys: pytest.CaptureFixture[str]) -> None:
        """A setup the game refuses gives exit status 2 and the game's reason, no traceback."""
        assert cli.main(["demo", "toy", "--players", "3"]) == 2
        assert "2 players, not 3" in capsys.readouterr().err

    def test_unknown_game_lists_known_ones(self, capsys: pytest.CaptureFixture[str]) -> None:
        """An unknown game name is refused with the list of games."""
        assert cli.main(["demo", "no-such-game"]) == 2
        assert "toy" in capsys.readouterr().err


class TestDemoAgents:
    """``demo --agents`` names the bots, seat by seat."""

    def test_named_bots_play(self, capsys: pytest.CaptureFixture[str]) -> None:
        """The header names each seat's bot; the game is played to the end."""
        assert cli.main(["demo", "toy", "--seed", "2", "--agents", "mcts:30,greedy"]) == 0
        out = capsys.readouterr().out
        assert "seat 0: mcts(30), seat 1: greedy" in out
        assert "Game over" in out

    def test_unknown_agent(self, capsys: pytest.CaptureFixture[str]) -> None:
        """An unknown bot is a clean error naming the known ones."""
        assert cli.main(["demo", "toy", "--agents", "deep-blue"]) == 2
        assert "known agents: greedy, mcts, random" in capsys.readouterr().err


class TestDemoReadable:
    """What a newcomer reads in a demo (issue 17): how to read moves, one end, clear results."""

    def test_first_lines_say_how_to_read_the_moves(
        self, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """The legend of the board comes before the first move, and not again at the end."""
        assert cli.main(["demo", "axio", "--seed", "3"]) == 0
        lines = capsys.readouterr().out.splitlines()
        assert lines[2] == (
            "Each numbered line is a move: the seat, then the move in the game's notation."
        )
        assert lines[3] == "How to read the moves and the board (the board's legend):"
        assert lines[4] == "  R red, G green, B blue, O orange, Y yellow, P purple, . empty;"
        assert lines[9] == ""
        assert lines[10].startswith("   1. seat 0: ")
        assert "Legend:" not in lines

    def test_quiet_keeps_the_legend_under_the_board(
        self, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """Without the moves, the final board keeps its own legend."""
        assert cli.main(["demo", "polygon", "--seed", "3", "--quiet"]) == 0
        out = capsys.readouterr().out
        assert "How to read the moves" not in out
        assert "Legend:\n  1..5 numbers, W wild, X2 X3 multipliers" in out

    @pytest.mark.parametrize("name", ["axio-rota", "axio", "aztack", "polygon", "toy"])
    def test_the_end_is_said_once(self, name: str, capsys: pytest.CaptureFixture[str]) -> None:
        """The board's 'game over' line gives way to the result's 'Game over: reason'."""
        assert cli.main(["demo", name, "--seed", "3", "--quiet"]) == 0
        out = capsys.readouterr().out
        assert out.lower().count("game over") == 1
        assert "Game over" in out

    def test_ranking_keeps_the_colour_headers(self, capsys: pytest.CaptureFixture[str]) -> None:
        """Tracks in the ranking stand under the colour letters of the score table."""
        assert cli.main(["demo", "axio-rota", "--seed", "3", "--quiet"]) == 0
        end = capsys.readouterr().out.split("Game over: ")[1].splitlines()
        assert end[1:] == [
            "              R  G  B  O  P",
            "  1. seat 0   2  3  1  1  1 (shared)",
            "  1. seat 1   1  1  1  2  3 (shared)",
            "Winners: seat 0, seat 1",
        ]

    def test_solo_game_has_a_result_not_a_winner(self, capsys: pytest.CaptureFixture[str]) -> None:
        """A solo AXIO Rota demo says what its score is (the lowest track) and names no winner."""
        assert cli.main(["demo", "axio-rota", "--players", "1", "--seed", "1", "--quiet"]) == 0
        out = capsys.readouterr().out
        assert "Winner" not in out
        result = out.splitlines()[-1]
        assert result == (
            "Result: a solo score of 0 (the lowest track, ROTA-20); a solo game has no winner"
        )
        assert "seat 0   1  1  0  3  1      0" in out  # blue, the lowest track, is at 0

    def test_aztack_end_reason_reads(self, capsys: pytest.CaptureFixture[str]) -> None:
        """Aztack's end names the seat with the fewest stones left, in a sentence."""
        assert cli.main(["demo", "aztack", "--seed", "3", "--quiet"]) == 0
        out = capsys.readouterr().out
        assert (
            "Game over: AZT-16: nobody can place; seat 0 has the fewest stones left (1 stone) "
            "and wins" in out
        )
        assert "seat 0: 1 stone\n" in out
        assert "seat 1: 2 stones\n" in out
