"""``tilegames play``: a game in the terminal between a person and bots."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

from tilegames._core import rng
from tilegames._core.chance import CHANCE
from tilegames._core.errors import (
    ConfigurationError,
)
from tilegames._core.notation import is_digits
from tilegames._core.rules import Rules, Seat
from tilegames.agents import Agent, analyse, moves_for
from tilegames.cli._common import (
    AGENT_NAMES,
    add_game_arguments,
    bots_of,
    chance_move,
    final_board,
    format_outcome,
    legend_lines,
    new_game_options,
    read_record,
    record_of_game,
    resolve_game,
    write_record,
)
from tilegames.records import Record, replay

_SHOWN_MOVES = 24  # legal moves listed on each turn of `play`; `moves` lists them all


_PLAY_HELP = """\
On your turn, type one of:
  a move in the game's notation (the listed moves show it)
  #N            the N-th move of the list
  moves [TEXT]  list every legal move (those containing TEXT)
  board         show the board and the scores again
  hint          the best move a second's search finds, and why
  undo          take back your last move (and the bots' replies to it)
  save [FILE]   write the game's record (to --save FILE when no FILE is given)
  help or ?     this text and the notation
  quit          give up the game"""


_UNDONE: Any = object()  # what ``read`` returns after an undo: ask again from the new state


def _hint(rules: Rules[Any, Any], state: Any, seat: Seat) -> str:
    """The best move of a second's search from ``seat``'s view (at most 5,000 iterations).

    For example ``best: 3,2:1G, wins 71% of 412 searches, scores 4``.
    """
    entries = analyse(rules, state, seconds=1.0, iterations=5000, seat=seat)
    best = entries[0]
    line = f"best: {rules.format_move(best.move)}, "
    if best.visits:
        line += f"wins {best.win_rate:.0%} of {best.visits} searches, "
    else:
        line += "the only move, " if len(entries) == 1 else "the best rated, "
    return line + f"scores {best.points:g}"


class _AbandonError(Exception):
    """The human left the game: 'quit' (status 0), or the end of the input (status 1)."""

    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.status = status


class _Listing:
    """The person's legal moves at one turn: listed, explained, and read from what they type."""

    def __init__(
        self, rules: Rules[Any, Any], state: Any, human: Seat, moves: Sequence[Any]
    ) -> None:
        self.rules = rules
        self.state = state
        self.human = human
        self.moves = moves
        self.own = f"{human}:"
        """The seat prefix the person may leave out, when all their moves are written with it."""
        written = (rules.format_move(move) for move in moves)
        shorten = bool(moves) and all(text.startswith(self.own) for text in written)
        self.cut = len(self.own) if shorten else 0
        """How much of each move's text the list leaves out: the seat prefix, or nothing."""

    def show(self, *, limit: int | None, text: str = "") -> None:
        """List the moves (those containing ``text``), at most ``limit`` of them, numbered."""
        cut, moves = self.cut, self.moves
        numbered = [(i, self.rules.format_move(m)[cut:]) for i, m in enumerate(moves, start=1)]
        if text:
            numbered = [(i, m) for i, m in numbered if text in m]
        shown = numbered if limit is None else numbered[:limit]
        what = f"moves containing {text!r}" if text else "legal moves"
        print(f"Your {what} ({len(numbered)}):")
        cells = [f"#{i} {m}" for i, m in shown]
        width = max((len(c) for c in cells), default=0) + 2
        per_line = max(1, 78 // width)
        for start in range(0, len(cells), per_line):
            print("  " + "".join(c.ljust(width) for c in cells[start : start + per_line]).rstrip())
        if len(shown) < len(numbered):
            print(f"  ... and {len(numbered) - len(shown)} more: type 'moves' to list them all")

    def notation_help(self) -> None:
        """How to write a move: the board's legend, and examples from the legal moves."""
        rules, cut = self.rules, self.cut
        legend = legend_lines(rules)
        print(f"\nThe notation of {rules.title} (as the board's legend says):")
        print("\n".join(legend[1:]) if legend else "  the listed moves show it")
        examples = [rules.format_move(move)[cut:] for move in self.moves[:3]]
        if examples:
            print(f"For example: {', '.join(examples)}.")
        if cut:
            print(f"Your seat is filled in: type {examples[0]} for {self.own}{examples[0]}.")

    def numbered(self, text: str) -> Any:
        """The move ``#N`` names, or ``None`` after saying the list has no such number."""
        number, count = text[1:], len(self.moves)
        if is_digits(number) and 1 <= int(number) <= count:  # not "#¹"
            return self.moves[int(number) - 1]
        print(f"There is no move {text}: the list runs from #1 to #{count}.")
        return None

    def parse(self, text: str) -> Any:
        """The move ``text`` writes, or ``None`` after saying why it is not one of the list."""
        rules, moves = self.rules, self.moves
        if self.cut and not text.startswith(self.own):
            try:
                move = rules.parse_move(self.own + text, self.state)
            except Exception:  # then the text is read as it was typed
                move = None
            if move is not None and move in moves:
                return move
        try:
            move = rules.parse_move(text, self.state)
        except Exception as error:  # any failure to read the input is explained, never raised
            print(f"Cannot read {text!r} as a move: {error}")
            print("Type a move as the list shows it, #N for the N-th one, or 'help'.")
            return None
        if move in moves:
            return move
        try:
            reason = rules.why_illegal(self.state, move)
        except Exception as error:  # a move the rules cannot even judge is still refused
            reason = f"{type(error).__name__}: {error}"
        if reason is None:
            reason = "it is not one of your moves"
        print(f"{text!r} is not allowed: {reason}")
        return None


class _Terminal:
    """A game between a human at one seat and bots at the others."""

    def __init__(
        self,
        rules: Rules[Any, Any],
        state: Any,
        human: Seat,
        bots: Sequence[Agent],
        seed: int,
        *,
        options: dict[str, Any] | None = None,
        save: str | None = None,
        history: Sequence[tuple[Any, Any]] = (),
    ) -> None:
        self.rules = rules
        self.state = state
        self.human = human
        players = rules.players(state)
        self.players = players
        others = [seat for seat in range(players) if seat != human]
        self.bots = {seat: bots[i % len(bots)] for i, seat in enumerate(others)}
        self.streams = [rng.Stream(rng.derive(seed, "agent", seat)) for seat in range(players)]
        self.turns = rng.Stream(rng.derive(seed, "turns"))
        self.seed = seed
        self.options = dict(options) if options is not None else {"players": players}
        self.save_path = save
        self.history: list[tuple[Any, Any]] = list(history)
        """Every move played so far, as ``(state before, move)``: for undo and the record."""
        self.chance = rng.Stream(rng.derive(seed, "chance"))

    def record(self) -> Record:
        """The record of the game so far."""
        tags = {f"Seat {seat}": bot.name for seat, bot in self.bots.items()}
        tags[f"Seat {self.human}"] = "human"
        moves = [move for _, move in self.history]
        tags = dict(sorted(tags.items()))
        return record_of_game(self.rules, self.options, self.seed, moves, tags)

    def save(self, path: str | None) -> None:
        """Write the record to ``path`` (or --save FILE), saying where."""
        target = path or self.save_path
        if target is None:
            print("Save where? Type 'save FILE', or start with --save FILE.")
            return
        try:
            write_record(target, self.record())
        except ConfigurationError as error:
            print(error)
            return
        count = len(self.history)
        print(f"Saved {count} move{'s' if count != 1 else ''} to {target}.")

    def undo(self) -> bool:
        """Take back the human's last move and every move after it; whether there was one."""
        for index in range(len(self.history) - 1, -1, -1):
            before = self.history[index][0]
            if self.human in self.rules.to_move(before):
                taken = [self.rules.format_move(m) for _, m in self.history[index:]]
                del self.history[index:]
                self.state = before
                print(f"Taken back: {', '.join(taken)}.")
                if self.save_path is not None:
                    write_record(self.save_path, self.record())
                return True
        print("There is no move of yours to take back.")
        return False

    def run(self) -> int:
        """Play the game to its end, or until the person leaves; the exit status."""
        self.greet()
        try:
            while not self.rules.is_over(self.state):
                move = self.next_move()
                if move is _UNDONE:
                    continue
                self.history.append((self.state, move))
                self.state = self.rules.apply(self.state, move)
                if self.save_path is not None:
                    write_record(self.save_path, self.record())
        except _AbandonError as reason:
            print(f"\n{reason} Game abandoned.")
            if self.save_path is not None:
                print(f"The record so far is in {self.save_path}: --load it to resume.")
            return reason.status
        self.finish()
        return 0

    def greet(self) -> None:
        """Say what the game is, who plays which seat and how to type a move."""
        seats = ", ".join(f"seat {s}: {bot.name}" for s, bot in self.bots.items())
        players = f"{self.players} player{'s' if self.players != 1 else ''}"
        print(f"{self.rules.title}, {players}. You are seat {self.human}.")
        if seats:
            print(f"Bots: {seats}.")
        print(
            "On your turn type a move as listed, #N for the N-th one, or 'help' (or '?') "
            "for the notation and the commands."
        )

    def next_move(self) -> Any:
        """The next move, from chance, the person or a bot, said aloud; or :data:`_UNDONE`."""
        rules = self.rules
        to_move = rules.to_move(self.state)
        if to_move == (CHANCE,):
            move = chance_move(rules, self.state, self.chance)
            print(f"chance gives {rules.format_move(move)}")
        elif self.human in to_move:
            move = self.ask()
            if move is not _UNDONE:
                print(f"You play {rules.format_move(move)}.")
        else:
            seat = to_move[0] if len(to_move) == 1 else to_move[self.pick(len(to_move))]
            move = self.bot_move(seat)
            print(f"seat {seat} ({self.bots[seat].name}) plays {rules.format_move(move)}")
        return move

    def finish(self) -> None:
        """Show the final board and the result."""
        rules = self.rules
        print()
        board = str(rules.view(self.state, self.human))
        result = rules.outcome(self.state)
        print(final_board(board, rules) if result is not None else board)
        if result is not None:
            print(format_outcome(result, getattr(rules, "words", None)))
            if result.winners == {self.human} and self.players > 1:
                print("You win!")

    def pick(self, count: int) -> int:
        return self.turns.randbelow(count)

    def bot_move(self, seat: Seat) -> Any:
        rules = self.rules
        moves = moves_for(rules, self.state, seat)
        view = rules.view(self.state, seat)
        return self.bots[seat].choose(rules, seat, view, moves, self.streams[seat])

    def show(self, listing: _Listing) -> None:
        print()
        print(self.rules.view(self.state, self.human))
        listing.show(limit=_SHOWN_MOVES)

    def ask(self) -> Any:
        moves = moves_for(self.rules, self.state, self.human)
        listing = _Listing(self.rules, self.state, self.human, moves)
        self.show(listing)
        while True:
            try:
                line = input(f"seat {self.human}> ")
            except EOFError:
                raise _AbandonError("The input ended before the game did.", 1) from None
            if not sys.stdin.isatty():
                print(line)  # echo typed-ahead input, so that a transcript reads as a dialogue
            move = self.read(line.strip(), listing)
            if move is not None:
                return move

    def read(self, text: str, listing: _Listing) -> Any:
        """The move ``text`` stands for, or ``None`` after explaining why there is none."""
        command, _, rest = text.partition(" ")
        if not text:
            return None
        if text in {"help", "?"}:
            print(_PLAY_HELP)
            listing.notation_help()
        elif text in {"quit", "exit"}:
            raise _AbandonError("You left.", 0)
        elif text == "board":
            self.show(listing)
        elif command == "moves":
            listing.show(limit=None, text=rest.strip())
        elif text == "undo":
            return _UNDONE if self.undo() else None
        elif command == "save":
            self.save(rest.strip() or None)
        elif text == "hint":
            print(_hint(self.rules, self.state, self.human))
        elif text.startswith("#"):
            return listing.numbered(text)
        else:
            return listing.parse(text)
        return None


def run_play(args: argparse.Namespace) -> int:
    rules = resolve_game(args.game)
    bots = bots_of(args.agents)
    history: list[tuple[Any, Any]] = []
    if args.load is not None:
        record = read_record(args.load)
        if record.game != rules.name:
            msg = f"{args.load} records a game of {record.game}, not of {rules.name}"
            raise ConfigurationError(msg)
        if record.seed is None:
            msg = f"{args.load} has no seed: play resumes only seeded games"
            raise ConfigurationError(msg)
        states = replay(record)
        history = [
            (before, rules.parse_move(text, before))
            for before, text in zip(states, record.moves, strict=False)  # one state more
        ]
        options = {"players": record.players, **dict(record.options)}
        game_seed = record.seed
        state = states[-1]
    else:
        options = new_game_options(rules, args.players, args.option)
        game_seed = rng.normalize_seed(args.seed)
        state = rules.new_game(**options, seed=game_seed)
    players = rules.players(state)
    if not 0 <= args.seat < players:
        msg = f"--seat must be a seat of this {players}-player game: 0 to {players - 1}"
        raise ConfigurationError(msg)
    terminal = _Terminal(
        rules, state, args.seat, bots, game_seed, options=options, save=args.save, history=history
    )
    if history:
        print(f"Resumed {args.load} after {len(history)} moves.")
    return terminal.run()


def add_play(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``play`` command and its arguments."""
    play = commands.add_parser(
        "play",
        help="play a game in the terminal against bots",
        description="Play a game in the terminal against bots. On your turn you see the "
        "board, the scores and your legal moves; type a move in the game's notation, "
        "#N for the N-th listed move, or 'help' (or '?') for the notation and the other "
        "commands.",
    )
    add_game_arguments(play)
    play.add_argument(
        "--seat", type=int, default=0, metavar="K", help="your seat, from 0 (default: 0)"
    )
    play.add_argument(
        "--agents",
        default="greedy",
        metavar="A,B,...",
        help=f"the bots in the other seats, in seat order, repeated as needed "
        f"({AGENT_NAMES}; mcts:N for N iterations); default: greedy",
    )
    play.add_argument(  # the name before issue 17, kept for old scripts
        "--bots", dest="agents", default=argparse.SUPPRESS, help=argparse.SUPPRESS
    )
    play.add_argument(
        "--save",
        default=None,
        metavar="FILE",
        help="keep the game's record in FILE, written after every move (JSON if FILE ends "
        "in .json, else text); 'save' on your turn writes it too",
    )
    play.add_argument(
        "--load",
        default=None,
        metavar="FILE",
        help="resume the game recorded in FILE (its setup and seed replace --players, "
        "--option and --seed)",
    )
