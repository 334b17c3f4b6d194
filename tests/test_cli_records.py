"""Tests for records on the command line: play --save/--load, undo, replay, demo --record."""

from __future__ import annotations

import subprocess
from pathlib import Path

import tilegames
from cli_support import run_command
from tilegames import axio_rota
from tilegames.records import loads, replay

DATA = Path(__file__).parent / "data" / "records"


def run(*args: str, cwd: Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """``tilegames ARGS`` with ``stdin`` typed in (in this process in the everyday tier)."""
    return run_command(*args, cwd=cwd, stdin=stdin)


def first_moves(seed: int) -> list[str]:
    """The legal moves of seat 0 at the start of a 2-player AXIO Rota game, as listed."""
    state = axio_rota.new_game(players=2, seed=seed)
    return [str(move) for move in axio_rota.legal_moves(state)]


class TestPlaySave:
    """``play --save FILE`` keeps the record; ``save`` and ``undo`` on the human's turn."""

    def test_save_after_every_move(self, tmp_path: Path) -> None:
        """The file holds the human's move and the bot's reply when the human quits."""
        result = run(
            "play",
            "axio-rota",
            "--seed",
            "3",
            "--save",
            "game.txt",
            cwd=tmp_path,
            stdin="#2\nquit\n",
        )
        assert result.returncode == 0, result.stderr
        assert "The record so far is in game.txt" in result.stdout
        record = loads((tmp_path / "game.txt").read_text(encoding="utf-8"))
        assert (record.game, record.players, record.seed) == ("axio-rota", 2, 3)
        assert record.moves[0] == first_moves(3)[1]
        assert len(record.moves) == 2  # the human's move and the greedy bot's reply
        assert dict(record.tags) == {"Seat 0": "human", "Seat 1": "greedy"}
        assert f"seat 1 (greedy) plays {record.moves[1]}" in result.stdout
        assert len(replay(record)) == 3

    def test_undo_takes_back_the_bots_reply(self, tmp_path: Path) -> None:
        """undo goes back to before the human's last move; the bot's reply goes too."""
        script = "#1\nundo\n#2\nquit\n"
        result = run(
            "play", "axio-rota", "--seed", "3", "--save", "game.json", cwd=tmp_path, stdin=script
        )
        assert result.returncode == 0, result.stderr
        moves = first_moves(3)
        assert f"Taken back: {moves[0]}, " in result.stdout
        record = loads((tmp_path / "game.json").read_text(encoding="utf-8"))
        assert (tmp_path / "game.json").read_text(encoding="utf-8").startswith("{")
        assert record.moves[0] == moves[1]
        assert len(record.moves) == 2

    def test_undo_with_nothing_to_undo(self, tmp_path: Path) -> None:
        """undo before the human has moved says so, and the game goes on."""
        result = run("play", "axio-rota", "--seed", "3", cwd=tmp_path, stdin="undo\nquit\n")
        assert result.returncode == 0
        assert "There is no move of yours to take back." in result.stdout

    def test_undo_twice(self, tmp_path: Path) -> None:
        """Each undo takes back one more of the human's moves."""
        script = "#1\n#1\nundo\nundo\nsave start.txt\nquit\n"
        result = run("play", "axio-rota", "--seed", "3", cwd=tmp_path, stdin=script)
        assert result.returncode == 0, result.stderr
        assert result.stdout.count("Taken back: ") == 2
        assert "Saved 0 moves to start.txt." in result.stdout
        assert loads((tmp_path / "start.txt").read_text(encoding="utf-8")).moves == ()

    def test_save_command(self, tmp_path: Path) -> None:
        """'save FILE' writes the record there; plain 'save' needs --save FILE."""
        result = run(
            "play",
            "axio-rota",
            "--seed",
            "3",
            cwd=tmp_path,
            stdin="#1\nsave\nsave mid.txt\nquit\n",
        )
        assert result.returncode == 0, result.stderr
        assert "Save where? Type 'save FILE'" in result.stdout
        assert "Saved 2 moves to mid.txt." in result.stdout
        assert len(loads((tmp_path / "mid.txt").read_bytes()).moves) == 2


class TestPlayLoad:
    """``play --load FILE`` resumes a saved game."""

    def test_resume(self, tmp_path: Path) -> None:
        """The resumed game starts after the saved moves and saves them again with the new ones."""
        first = run(
            "play", "axio-rota", "--seed", "3", "--save", "a.txt", cwd=tmp_path, stdin="#1\nquit\n"
        )
        assert first.returncode == 0, first.stderr
        saved = loads((tmp_path / "a.txt").read_bytes())
        second = run(
            "play",
            "axio-rota",
            "--load",
            "a.txt",
            "--save",
            "b.txt",
            cwd=tmp_path,
            stdin="#1\nquit\n",
        )
        assert second.returncode == 0, second.stderr
        assert "Resumed a.txt after 2 moves." in second.stdout
        resumed = loads((tmp_path / "b.txt").read_bytes())
        assert resumed.moves[:2] == saved.moves
        assert len(resumed.moves) == 4
        assert resumed.seed == 3
        assert len(replay(resumed)) == 5

    def test_load_of_another_game(self, tmp_path: Path) -> None:
        """A record of another game is a clean error naming both games."""
        result = run("play", "axio", "--load", str(DATA / "polygon.txt"), cwd=tmp_path)
        assert result.returncode == 2
        assert "records a game of polygon, not of axio" in result.stderr

    def test_load_missing_file(self, tmp_path: Path) -> None:
        """A file that is not there is a clean error."""
        result = run("play", "polygon", "--load", "nothing.txt", cwd=tmp_path)
        assert result.returncode == 2
        assert "cannot read the record nothing.txt" in result.stderr
        assert "Traceback" not in result.stderr


class TestReplay:
    """``tilegames replay FILE`` prints a record move by move, or only the end."""

    def test_move_by_move(self, tmp_path: Path) -> None:
        """Each move with its seat and comments, the position after it, and who is to move."""
        result = run("replay", str(DATA / "polygon.txt"), cwd=tmp_path)
        assert result.returncode == 0, result.stderr
        out = result.stdout
        assert out.startswith("Polygon, 2 players, seed 1\nEvent: Golden record (tests)\n")
        assert "\n1. seat 0: 1@0,-1\n" in out
        assert "\n2. seat 0: 3@1,-1\n# 1-2-3 round the red corner at (0,-1): 20 points" in out
        assert "\n3. seat 1: 3@1,0\n" in out
        assert "totals: seat 0: 20, seat 1: 0" in out
        assert out.endswith("The game is not over: seat 0 to move.\n")

    def test_final(self, tmp_path: Path) -> None:
        """--final prints only the last position."""
        result = run("replay", str(DATA / "aztack.json"), "--final", cwd=tmp_path)
        assert result.returncode == 0, result.stderr
        assert "After 3 moves:" in result.stdout
        assert "1. seat 0" not in result.stdout
        assert "seat 0: 9 stones" in result.stdout
        assert "seat 1: 11 stones" in result.stdout

    def test_bad_move_is_named(self, tmp_path: Path) -> None:
        """A record whose third move is illegal fails with the move's number, text and rule."""
        text = (DATA / "axio-rota.txt").read_text(encoding="utf-8")
        (tmp_path / "bad.txt").write_text(
            text.replace("3. 1,-1:1", "3. -1,-2:0"), encoding="utf-8"
        )
        result = run("replay", "bad.txt", cwd=tmp_path)
        assert result.returncode == 2
        assert "move 3 (-1,-2:0): " in result.stderr
        assert "ROTA-11" in result.stderr

    def test_unreadable_file(self, tmp_path: Path) -> None:
        """A file that is not a record names the line at fault."""
        (tmp_path / "notes.txt").write_text("shopping list\n", encoding="utf-8")
        result = run("replay", "notes.txt", cwd=tmp_path)
        assert result.returncode == 2
        assert "notes.txt: line 1: a text record starts with" in result.stderr

    def test_help(self, tmp_path: Path) -> None:
        """replay --help names FILE and --final; play --help names --save and --load."""
        assert "--final" in run("replay", "--help", cwd=tmp_path).stdout
        play_help = run("play", "--help", cwd=tmp_path).stdout
        assert "--save" in play_help
        assert "--load" in play_help
        assert "--record" in run("demo", "--help", cwd=tmp_path).stdout


class TestDemoRecord:
    """``tilegames demo GAME --record FILE``."""

    def test_record_of_the_demo(self, tmp_path: Path) -> None:
        """The record replays to the end the demo printed, and replay --final prints it."""
        result = run(
            "demo", "axio-rota", "--seed", "5", "--quiet", "--record", "demo.json", cwd=tmp_path
        )
        assert result.returncode == 0, result.stderr
        record = loads((tmp_path / "demo.json").read_bytes())
        assert (record.game, record.seed) == ("axio-rota", 5)
        assert dict(record.tags) == {"Seat 0": "random", "Seat 1": "random"}
        assert record.result is not None
        states = replay(record)
        assert tilegames.get("axio-rota").outcome(states[-1]) == record.result
        final = run("replay", "demo.json", "--final", cwd=tmp_path)
        assert final.returncode == 0, final.stderr
        # The demo and the replay end with the same result lines.
        assert result.stdout.split("Game over")[1] == final.stdout.split("Game over")[1]
