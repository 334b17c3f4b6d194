"""Tests for examples/companion.py: scripted sessions at a real table, typed through stdin."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any, ClassVar

import tilegames
from tilegames import CHANCE
from tilegames.records import loads, replay

COMPANION = Path(__file__).parent.parent / "examples" / "companion.py"


def run(*args: str, stdin: str = "", cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run the companion with ``args``, ``stdin`` typed in."""
    return subprocess.run(
        [sys.executable, str(COMPANION), *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=120,
        check=False,
    )


def final_state(game: str, entries: list[str], **options: Any) -> Any:
    """The position after ``entries``, played with the rules directly."""
    rules = tilegames.get(game)
    state = rules.new_game(chance="explicit", **options)
    for text in entries:
        state = rules.apply(state, rules.parse_move(text, state))
    return state


def until_seat(game: str, entries: list[str]) -> list[str]:
    """``entries`` then the first legal outcome at each chance step, until a seat is to move."""
    rules = tilegames.get(game)
    state = final_state(game, entries, players=2)
    entries = list(entries)
    while rules.to_move(state) == (CHANCE,):
        move = rules.legal_moves(state)[0]
        entries.append(rules.format_move(move))
        state = rules.apply(state, move)
    return entries


def saved_state(path: Path) -> Any:
    """The final position of the record in ``path``."""
    return replay(loads(path.read_text(encoding="utf-8")))[-1]


class TestAxio:
    """AXIO: draws named and unseen, a scored placement, undo, the record."""

    DEAL: ClassVar[list[str]] = [
        "+BB",
        "+RG",
        "+RG",
        "+RG",
        "+RG",
        "+RG",
        "?",
        "?",
        "?",
        "?",
        "?",
        "?",
    ]

    def test_session(self, tmp_path: Path) -> None:
        """Refusals name their rule; B1,-5/B2,-5 scores blue 1; undo; the record replays."""
        script = [
            *self.DEAL,
            "?",  # seat 0 is to place: no draw now
            "R1,-5/R2,-5",  # seat 0 holds no RR
            "B1,-5/B2,-5",
            "undo",
            "B1,-5/B2,-5",
            "?",  # seat 0's refill, unseen
            "quit",
        ]
        result = run("axio", "--save", "game.txt", stdin="\n".join(script) + "\n", cwd=tmp_path)
        assert result.returncode == 0, result.stderr
        out = result.stdout
        refusals = [line for line in out.splitlines() if line.startswith("Refused")]
        assert len(refusals) == 2
        assert all("(AXIO-" in line for line in refusals)
        assert "Taken back: B1,-5/B2,-5." in out
        # The blue half on 1,-5 lines up with the blue start symbol at 0,-5: blue 1, no more.
        assert "seat 0    0  0  1  0  0  0     5" in out
        played = [*self.DEAL, "B1,-5/B2,-5", "?"]
        assert saved_state(tmp_path / "game.txt") == final_state("axio", played, players=2)

    def test_unseen_option(self, tmp_path: Path) -> None:
        """--unseen enters ? at each of the deal's twelve draws; then seat 0 is to place."""
        result = run("axio", "--unseen", "--save", "g.txt", stdin="quit\n", cwd=tmp_path)
        assert result.returncode == 0, result.stderr
        assert result.stdout.count("> ? (entered for you: --unseen)") == 12
        assert "Entry 13: seat 0 to place." in result.stdout
        assert loads((tmp_path / "g.txt").read_text()).moves == ("?",) * 12


class TestAxioRota:
    """AXIO Rota: the start square is seen, a hand draw may be unseen, --load resumes."""

    def test_session(self, tmp_path: Path) -> None:
        """RGB. is refused (the set writes .RGB); ? refused at the start square, then accepted."""
        script = ["+RGBO", "+RGB.", "+GBOP", "?", "+ROPB", "+RBOP", "?", "+RPOB", "save"]
        result = run("axio-rota", "--save", "g.txt", stdin="\n".join(script) + "\n", cwd=tmp_path)
        assert result.returncode == 0, result.stderr
        refusals = [line for line in result.stdout.splitlines() if line.startswith("Refused")]
        assert len(refusals) == 2
        assert refusals[0].startswith("Refused '+RGB.'")
        assert "(ROTA-7)" in refusals[0]
        assert refusals[1].startswith("Refused '?'")
        assert "(ROTA-21)" in refusals[1]
        played = ["+RGBO", "+GBOP", "+ROPB", "+RBOP", "?", "+RPOB"]
        assert saved_state(tmp_path / "g.txt") == final_state("axio-rota", played, players=2)
        assert "seat 0 to place" in result.stdout

        resumed = run("axio-rota", "--load", "g.txt", stdin="undo\nquit\n", cwd=tmp_path)
        assert resumed.returncode == 0, resumed.stderr
        assert "Resumed g.txt after 6 entries." in resumed.stdout
        assert "Taken back: +RPOB." in resumed.stdout


class TestAztack:
    """Aztack: every stone is seen, a stone is laid once."""

    def test_session(self, tmp_path: Path) -> None:
        """? and a second lay:0 are refused; a placement is played; the record replays."""
        setup = until_seat("aztack", ["lay:0"])
        rules = tilegames.get("aztack")
        state = final_state("aztack", setup, players=2)
        placement = rules.format_move(rules.legal_moves(state)[0])
        script = ["lay:0", "?", "lay:0", *setup[1:], placement, "quit"]
        result = run("aztack", "--save", "g.txt", stdin="\n".join(script) + "\n", cwd=tmp_path)
        assert result.returncode == 0, result.stderr
        refusals = [line for line in result.stdout.splitlines() if line.startswith("Refused")]
        assert refusals[0].startswith("Refused '?': Aztack has no unseen draw")
        assert refusals[1].startswith("Refused 'lay:0'")
        assert "(AZT-8)" in refusals[1]
        assert len(refusals) == 2
        played = [*setup, placement]
        assert saved_state(tmp_path / "g.txt") == final_state("aztack", played, players=2)


class TestPolygon:
    """Polygon: the start draw, the die, the turn's two tiles."""

    def test_session(self, tmp_path: Path) -> None:
        """A roll during a draw is refused with its rule; 5 beats 1, so seat 0 places."""
        script = ["?", "=C", "+5", "+1", "=D", "=S", "+2", "+3", "quit"]
        result = run("polygon", "--save", "g.txt", stdin="\n".join(script) + "\n", cwd=tmp_path)
        assert result.returncode == 0, result.stderr
        refusals = [line for line in result.stdout.splitlines() if line.startswith("Refused")]
        assert refusals[0].startswith("Refused '?': Polygon has no unseen draw")
        assert refusals[1].startswith("Refused '=C'")
        assert "(POLY-7)" in refusals[1]
        assert refusals[2].startswith("Refused '=S'")
        assert "(POLY-10)" in refusals[2]
        assert len(refusals) == 3
        assert "Entry 6: seat 0 to place." in result.stdout
        played = ["+5", "+1", "=D", "+2", "+3"]
        assert saved_state(tmp_path / "g.txt") == final_state("polygon", played, players=2)


class TestNoArguments:
    """``.ci/run`` runs every example with no arguments."""

    def test_demo(self, tmp_path: Path) -> None:
        """Usage and the scripted AXIO Rota demonstration, then exit 0."""
        result = run(cwd=tmp_path)
        assert result.returncode == 0, result.stderr
        assert result.stdout.startswith("usage: companion.py")
        assert "Taken back: +RPBO." in result.stdout
