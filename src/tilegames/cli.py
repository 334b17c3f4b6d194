"""The ``tilegames`` command (also ``python -m tilegames``).

``tilegames games`` lists the games; ``tilegames demo GAME`` plays a complete
game between random players and prints it.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

import tilegames
from tilegames._core import rng
from tilegames._core.errors import TilegamesError
from tilegames._core.rules import Outcome, Rules

__all__ = ["main"]


def _build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tilegames",
        description="Exact, fast, typed rules engines for tile-laying board games.",
    )
    parser.add_argument(
        "--version", action="version", version=f"tilegames {tilegames.__version__}"
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    commands.add_parser("games", help="list the games", description="List the games.")
    demo = commands.add_parser(
        "demo",
        help="play a complete game between random players and print it",
        description="Play a complete game between random players and print every move, "
        "the final position and the result.",
    )
    demo.add_argument("game", metavar="GAME", help="the game's name (see 'tilegames games')")
    demo.add_argument("--players", type=int, default=None, help="number of players")
    demo.add_argument("--seed", type=int, default=None, help="seed for the game and players")
    demo.add_argument(
        "--quiet", action="store_true", help="print only the final position and result"
    )
    return parser


def _games() -> int:
    for name in tilegames.names():
        rules = tilegames.get(name)
        setups = "; ".join(str(setup) for setup in rules.setups)
        print(f"{name:12} {rules.title} ({setups})")
    return 0


def _format_outcome(result: Outcome) -> str:
    lines = [f"Game over: {result.reason}" if result.reason else "Game over."]
    for number, place in enumerate(result.ranking, start=1):
        for seat in sorted(place):
            shared = " (shared)" if len(place) > 1 else ""
            lines.append(f"  {number}. seat {seat}{shared}: {result.scores[seat]}")
    winners = ", ".join(f"seat {seat}" for seat in sorted(result.winners))
    lines.append(f"Winner{'s' if len(result.winners) > 1 else ''}: {winners}")
    return "\n".join(lines)


def _demo(rules: Rules[Any, Any], players: int | None, seed: int | None, quiet: bool) -> int:
    game_seed = rng.normalize_seed(seed)
    setup = rules.setups[0]
    options = dict(setup.kwargs)
    if players is not None:
        options["players"] = players
    state = rules.new_game(**options, seed=game_seed)
    chooser = rng.Stream(rng.derive(game_seed, "demo players"))
    print(f"{rules.title}, {options['players']} players, seed {game_seed}")
    turn = 0
    while not rules.is_over(state):
        moves = rules.legal_moves(state)
        move = moves[chooser.randbelow(len(moves))]
        seats = rules.to_move(state)
        if not quiet:
            turn += 1
            mover = f"seat {seats[0]}" if len(seats) == 1 else "any seat"
            print(f"{turn:4}. {mover}: {rules.format_move(move)}")
        state = rules.apply(state, move)
    print()
    print(state)
    result = rules.outcome(state)
    if result is not None:
        print(_format_outcome(result))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    parser = _build_parser()
    args = parser.parse_args(argv)
    try:
        if args.command == "games":
            return _games()
        if args.command == "demo":
            return _demo(tilegames.get(args.game), args.players, args.seed, args.quiet)
    except TilegamesError as error:
        print(f"tilegames: error: {error}", file=sys.stderr)
        return 2
    parser.print_help(sys.stderr)
    return 2
