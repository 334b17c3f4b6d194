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
