"""A scorekeeper for a game played with real tiles at a real table.

The game runs with explicit chance (``new_game(..., chance="explicit")``):
every draw and die roll is a step of the chance seat, and you enter what
happened at the table, in the game's notation, as you enter each placement.
The rules check every entry, refuse an illegal one with the rule it breaks,
and the board shows the scores, the bonuses owed and whose turn it is.

    python examples/companion.py GAME [--players N] [--option NAME=VALUE]
                                      [--unseen] [--save FILE] [--load FILE]

At each step, type one of:

* an entry in notation: a chance outcome (``+RB`` in AXIO, ``+RGB.`` in
  AXIO Rota, ``lay:N``/``deal:N`` in Aztack, ``+V`` or ``=C`` in Polygon)
  or a placement, as the list of examples shows;
* ``?`` for a draw you cannot see (a tile going into a hidden rack, in AXIO
  and AXIO Rota): the tile is named later, when it is placed;
* ``moves [TEXT]``, ``undo``, ``save [FILE]``, ``help`` or ``quit``.

``--unseen`` enters ``?`` for you at every draw where the game offers it;
``--save FILE`` writes the record (text format) on ``save``, on ``quit``, at
the end of the input and at the end of the game; ``--load FILE`` resumes a
record. Run with no arguments, it prints its usage and plays a short
scripted AXIO Rota session.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import tilegames
from tilegames import CHANCE, Outcome, Rules, TilegamesError, Unseen, records

SHOWN = 8
"""How many of the entries allowed next are shown as examples."""

HELP = """\
Type one of:
  an entry in notation  a draw, a die roll or a placement, as the examples show
  ?                     a draw you cannot see (named later, when the tile is placed)
  moves [TEXT]          list every entry allowed now (those containing TEXT)
  undo                  take back the last entry you typed
  save [FILE]           write the record (to --save FILE when no FILE is given)
  help                  this text
  quit                  stop (the record is saved first with --save)"""

DEMO = (
    "+RGBO",  # the start square's four tiles, turned up in reading order (ROTA-7)
    "+RGB.",  # not a tile of the set: refused (ROTA-7), the set writes it .RGB
    "+GBOP",
    "+ROPB",
    "+RBOP",
    "?",  # seat 0 draws its hand tile unseen
    "+RPBO",  # seat 1's hand tile
    "undo",
    "+RPOB",
    "quit",
)
"""The demonstration run with no arguments: a few steps of AXIO Rota."""


class Table:
    """The game at the table: every state so far and the entries that led to them."""

    def __init__(
        self,
        rules: Rules[Any, Any],
        players: int,
        options: dict[str, Any],
        *,
        unseen: bool = False,
        save: str | None = None,
        lines: Iterator[str] | None = None,
    ) -> None:
        self.rules = rules
        self.players = players
        self.options = {**options, "chance": "explicit"}
        self.states = [rules.new_game(players=players, **self.options)]
        self.moves: list[str] = []
        """Every entry so far, in notation, chance outcomes included."""
        self.typed: list[bool] = []
        """For each entry, whether it was typed (not entered by ``--unseen``)."""
        self.tags: tuple[tuple[str, str], ...] = ()
        self.unseen = unseen
        self.save_path = save
        self.lines = lines

    @property
    def state(self) -> Any:
        """The position now."""
        return self.states[-1]

    def load(self, path: str) -> None:
        """Resume the record in ``path``: its setup replaces this one's, its moves are replayed."""
        record = records.loads(Path(path).read_bytes())
        options = dict(record.options)
        if record.game != self.rules.name or options.get("chance") != "explicit":
            msg = f"{path} is not a record of {self.rules.name} with chance='explicit'"
            raise tilegames.ConfigurationError(msg)
        self.players, self.options, self.tags = record.players, options, record.tags
        self.states = records.replay(record)
        self.moves = list(record.moves)
        self.typed = [True] * len(self.moves)

    def record(self) -> records.Record:
        """The record of the game so far."""
        return records.record_of(
            self.rules.name, self.moves, players=self.players, tags=self.tags, **self.options
        )

    def save(self, path: str | None) -> None:
        """Write the record (text format) to ``path`` or the ``--save`` file."""
        target = path or self.save_path
        if target is None:
            print("Save where? Type 'save FILE', or start with --save FILE.")
            return
        try:
            Path(target).write_text(records.dumps(self.record()), encoding="utf-8")
        except OSError as error:
            print(f"Cannot write {target}: {error.strerror or error}")
            return
        print(f"Saved {len(self.moves)} entries to {target}.")

    def play(self, move: Any, *, typed: bool = True) -> None:
        """Apply a legal entry."""
        self.moves.append(self.rules.format_move(move))
        self.typed.append(typed)
        self.states.append(self.rules.apply(self.state, move))

    def undo(self) -> None:
        """Take back the last typed entry and the ``?`` entered for you after it."""
        if True not in self.typed:
            print("There is nothing to take back.")
            return
        taken: list[str] = []
        while True:
            taken.insert(0, self.moves.pop())
            self.states.pop()
            if self.typed.pop():
                break
        print(f"Taken back: {' '.join(taken)}.")

    def run(self) -> int:
        """Follow the game to its end, the end of the input or ``quit``."""
        rules = self.rules
        print(f"{rules.title}, {self.players} player{'s' * (self.players != 1)}, explicit chance.")
        print("Type 'help' for the commands.")
        while not rules.is_over(self.state):
            moves = rules.legal_moves(self.state)
            unseen = self.unseen_draw(moves)
            if self.unseen and unseen is not None:
                print(f"{len(self.moves) + 1}> ? (entered for you: --unseen)")
                self.play(unseen, typed=False)
                continue
            self.show(moves, unseen)
            if not self.ask(moves):
                if self.save_path is not None:
                    self.save(None)
                return 0
        print()
        print(self.state)
        result = rules.outcome(self.state)
        if result is not None:
            print(describe(result))
        if self.save_path is not None:
            self.save(None)
        return 0

    def unseen_draw(self, moves: Sequence[Any]) -> Any:
        """The game's unseen draw when it is one of ``moves`` (chance steps only), else None."""
        if self.rules.to_move(self.state) != (CHANCE,):
            return None
        return next((move for move in moves if isinstance(move, Unseen)), None)

    def due(self) -> str:
        """Who or what is to move next, in words."""
        to_move = self.rules.to_move(self.state)
        if to_move == (CHANCE,):
            return "chance: enter the draw or die roll that happened at the table"
        seats = " or ".join(f"seat {seat}" for seat in to_move)
        return f"{seats} to place"

    def show(self, moves: Sequence[Any], unseen: Any) -> None:
        """The board with its scores, who is to move, and examples of what may be entered."""
        print()
        print(str(self.state).partition("\nLegend:")[0])
        print(f"Entry {len(self.moves) + 1}: {self.due()}.")
        named = [self.rules.format_move(moves[i]) for i in range(min(SHOWN + 1, len(moves)))]
        named = [text for text in named if text != "?"][:SHOWN]
        more = len(moves) - len(named) - (unseen is not None)
        print(f"Allowed ({len(moves)} in all): {' '.join(named)}" + (" ..." if more else ""))
        if unseen is not None:
            print("  or ? for a draw you cannot see (the tile is named when it is placed)")

    def ask(self, moves: Sequence[Any]) -> bool:
        """Read lines until one is entered; False to stop (``quit`` or the end of the input)."""
        while True:
            line = self.read(f"{len(self.moves) + 1}> ")
            if line is None:
                print("The input ended.")
                return False
            text = line.strip()
            command, _, rest = text.partition(" ")
            if text == "quit":
                return False
            if text == "help":
                print(HELP)
                legend = str(self.state).partition("\nLegend:")[2]
                print(f"The notation of {self.rules.title}:{legend}" if legend else "")
            elif text == "undo":
                self.undo()
                return True
            elif command == "save":
                self.save(rest.strip() or None)
            elif command == "moves":
                listed = [self.rules.format_move(move) for move in moves]
                print(" ".join(entry for entry in listed if rest.strip() in entry))
            elif text and self.enter(text, moves):
                return True

    def enter(self, text: str, moves: Sequence[Any]) -> bool:
        """Play ``text`` if the rules allow it, else say why not; whether it was played."""
        rules = self.rules
        try:
            move = rules.parse_move(text, self.state)
        except TilegamesError as error:
            if text == "?":
                print(f"Refused '?': {rules.title} has no unseen draw; name what you see. {error}")
            else:
                print(f"Cannot read {text!r}: {error}")
            return False
        reason = rules.why_illegal(self.state, move)
        if reason is None and move not in moves:
            reason = "it is not one of the entries allowed now ('moves' lists them)"
        if reason is not None:
            print(f"Refused {text!r}: {reason}")
            return False
        self.play(move)
        return True

    def read(self, prompt: str) -> str | None:
        """One line of input, echoed when it is not typed at a terminal; None at its end."""
        if self.lines is None and sys.stdin.isatty():
            try:
                return input(prompt)
            except EOFError:
                return None
        line = next(self.lines, None) if self.lines is not None else sys.stdin.readline() or None
        if line is not None:
            print(prompt + line.rstrip("\n"))
        return line


def describe(result: Outcome) -> str:
    """The result: the places, best first, with each seat's score, and the reason."""
    lines = ["Result:"]
    for number, place in enumerate(result.ranking, start=1):
        for seat in sorted(place):
            shared = " (shared)" if len(place) > 1 else ""
            lines.append(f"  {number}. seat {seat}{shared}: {result.scores[seat]}")
    if result.reason:
        lines.append(f"  {result.reason}")
    return "\n".join(lines)


def parser() -> argparse.ArgumentParser:
    """The command line."""
    command = argparse.ArgumentParser(
        prog="companion.py",
        description="Keep the score of a game played at a real table: enter every draw, "
        "die roll and placement in the game's notation.",
    )
    command.add_argument("game", nargs="?", help=f"one of {', '.join(tilegames.names())}")
    command.add_argument("--players", type=int, help="the number of seats")
    command.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    command.add_argument("--unseen", action="store_true", help="enter ? at every unseen draw")
    command.add_argument("--save", metavar="FILE", help="keep the record in FILE")
    command.add_argument("--load", metavar="FILE", help="resume the record in FILE")
    return command


def setup(rules: Rules[Any, Any], players: int | None, pairs: Sequence[str]) -> dict[str, Any]:
    """The ``new_game`` keywords: the game's first setup with that many players, then options."""
    chosen = next((s for s in rules.setups if players is None or s.players == players), None)
    options: dict[str, Any] = dict(chosen.kwargs) if chosen is not None else {}
    options["players"] = players if players is not None else rules.setups[0].players
    for pair in pairs:
        name, equals, value = pair.partition("=")
        if not equals or not name:
            msg = f"an option is NAME=VALUE, not {pair!r}"
            raise tilegames.ConfigurationError(msg)
        options[name] = int(value) if value.lstrip("-").isdigit() else value
    return options


def main(argv: Sequence[str] | None = None) -> int:
    """Run the companion; with no game, print the usage and play the demonstration."""
    args = parser().parse_args(argv)
    if args.game is None:
        parser().print_usage()
        print("\nA demonstration, as if typed:\n")
        return Table(tilegames.get("axio-rota"), 2, {}, lines=iter(DEMO)).run()
    try:
        rules = tilegames.get(args.game)
        options = setup(rules, args.players, args.option)
        players = options.pop("players")
        table = Table(rules, players, options, unseen=args.unseen, save=args.save)
        if args.load is not None:
            table.load(args.load)
            print(f"Resumed {args.load} after {len(table.moves)} entries.")
    except (TilegamesError, OSError) as error:
        print(f"companion.py: {error}", file=sys.stderr)
        return 2
    return table.run()


if __name__ == "__main__":
    sys.exit(main())
