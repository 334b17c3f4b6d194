"""``tilegames replay``: a game record printed move by move."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

import tilegames
from tilegames._core.rules import Seat
from tilegames.cli._common import format_outcome, read_record
from tilegames.records import replay


def run_replay(args: argparse.Namespace) -> int:
    record = read_record(args.file)
    rules = tilegames.get(record.game)
    states = replay(record)
    players = f"{record.players} player{'s' if record.players > 1 else ''}"
    seed = f", seed {record.seed}" if record.seed is not None else ""
    options = "".join(f", {key}={value}" for key, value in record.options)
    print(f"{rules.title}, {players}{seed}{options}")
    for key, value in record.tags:
        print(f"{key}: {value}")
    notes: dict[int, list[str]] = {}
    for after, text in record.comments:
        notes.setdefault(after, []).append(text)
    if not args.final:
        for text in notes.get(0, ()):
            print(f"# {text}")
        for number, move in enumerate(record.moves, start=1):
            seats = rules.to_move(states[number - 1])
            who = f"seat {seats[0]}: " if len(seats) == 1 else ""
            print()
            print(f"{number}. {who}{move}")
            for text in notes.get(number, ()):
                print(f"# {text}")
            print(states[number])
    print()
    if args.final:
        print(f"After {len(record.moves)} moves:")
        print(states[-1])
    result = rules.outcome(states[-1])
    if result is not None:
        print(format_outcome(result, getattr(rules, "words", None)))
    else:
        print(f"The game is not over: {_seats_text(rules.to_move(states[-1]))} to move.")
    return 0


def _seats_text(seats: Sequence[Seat]) -> str:
    return ", ".join(f"seat {seat}" for seat in seats)


def add_replay(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``replay`` command and its arguments."""
    replay_command = commands.add_parser(
        "replay",
        help="print a game record move by move",
        description="Read a game record (text or JSON, as 'play --save' and 'demo --record' "
        "write it), check every move, and print each move with the position after it.",
    )
    replay_command.add_argument("file", metavar="FILE", help="the record to replay")
    replay_command.add_argument(
        "--final", action="store_true", help="print only the final position and result"
    )
