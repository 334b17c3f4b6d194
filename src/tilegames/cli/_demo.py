"""``tilegames demo``: a complete game between bots, printed move by move."""

from __future__ import annotations

import argparse
from typing import Any

from tilegames._core import rng
from tilegames._core.chance import CHANCE
from tilegames.agents import moves_for
from tilegames.cli._common import (
    AGENT_NAMES,
    add_game_arguments,
    bots_of,
    chance_move,
    final_board,
    format_outcome,
    legend_lines,
    new_game_options,
    record_of_game,
    resolve_game,
    write_record,
)


def run_demo(args: argparse.Namespace) -> int:
    rules = resolve_game(args.game)
    options = new_game_options(rules, args.players, args.option)
    bots = bots_of(args.agents)
    game_seed = rng.normalize_seed(args.seed)
    state = rules.new_game(**options, seed=game_seed)
    players = rules.players(state)
    streams = [rng.Stream(rng.derive(game_seed, "agent", seat)) for seat in range(players)]
    names = ", ".join(f"seat {s}: {bots[s % len(bots)].name}" for s in range(players))
    print(f"{rules.title}, {players} player{'s' if players > 1 else ''}, seed {game_seed}")
    print(names)
    legend = legend_lines(rules)
    if not args.quiet:
        print("Each numbered line is a move: the seat, then the move in the game's notation.")
        if legend:
            print("How to read the moves and the board (the board's legend):")
            print("\n".join(legend[1:]))
        print()
    turn = 0
    played: list[Any] = []
    chance = rng.Stream(rng.derive(game_seed, "chance"))
    while not rules.is_over(state):
        seats = rules.to_move(state)
        if seats == (CHANCE,):
            move = chance_move(rules, state, chance)
            who = "chance"
        else:
            seat = seats[0] if len(seats) == 1 else seats[streams[0].randbelow(len(seats))]
            moves = moves_for(rules, state, seat)
            bot = bots[seat % len(bots)]
            move = bot.choose(rules, seat, rules.view(state, seat), moves, streams[seat])
            who = f"seat {seat}"
        if not args.quiet:
            turn += 1
            print(f"{turn:4}. {who}: {rules.format_move(move)}")
        state = rules.apply(state, move)
        played.append(move)
    if args.record is not None:
        tags = {f"Seat {s}": bots[s % len(bots)].name for s in range(players)}
        write_record(args.record, record_of_game(rules, options, game_seed, played, tags))
    print()
    board = str(state)
    result = rules.outcome(state)
    print(final_board(board, rules, legend=args.quiet) if result is not None else board)
    if result is not None:
        print(format_outcome(result, getattr(rules, "words", None)))
    return 0


def add_demo(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``demo`` command and its arguments."""
    demo = commands.add_parser(
        "demo",
        help="play a complete game between bots and print it",
        description="Play a complete game between bots (random players unless --agents "
        "says otherwise) and print every move, the final position and the result.",
    )
    add_game_arguments(demo)
    demo.add_argument(
        "--agents",
        default="random",
        metavar="A,B,...",
        help=f"the bots, seat by seat, repeated round the table ({AGENT_NAMES}; "
        "mcts:N for N iterations); default: random",
    )
    demo.add_argument(
        "--quiet", action="store_true", help="print only the final position and result"
    )
    demo.add_argument(
        "--record",
        default=None,
        metavar="FILE",
        help="also write the game's record to FILE (JSON if FILE ends in .json, else text)",
    )
