"""The ``tilegames`` command (also ``python -m tilegames``).

* ``tilegames games`` lists the games;
* ``tilegames demo GAME`` plays a complete game between bots and prints it;
* ``tilegames play GAME`` plays a game in the terminal against bots
  (``--save FILE`` keeps its record, ``--load FILE`` resumes one);
* ``tilegames replay FILE`` prints a game record move by move;
* ``tilegames simulate GAME`` plays many games between bots and prints a summary.

``GAME`` is a registered name (see ``tilegames games``) or, for a game of
your own, an import reference ``package.module:RULES``.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Iterator, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import tilegames
from tilegames._core import rng
from tilegames._core.chance import CHANCE, sample
from tilegames._core.errors import (
    ConfigurationError,
    RecordError,
    TilegamesError,
    UnknownGameError,
)
from tilegames._core.rules import Outcome, Rules, Seat
from tilegames.agents import AGENTS, Agent, analyse, make_agent, moves_for
from tilegames.plot import check_plot_path, plot_simulation
from tilegames.records import Record, dumps, loads, record_of, replay
from tilegames.simulate import simulate

__all__ = ["main"]

_SHOWN_MOVES = 24  # legal moves listed on each turn of `play`; `moves` lists them all
_GAME_HELP = "the game: a name from 'tilegames games', or package.module:RULES"
_AGENT_NAMES = ", ".join(sorted(AGENTS))


# ---------------------------------------------------------------------------
# Arguments
# ---------------------------------------------------------------------------


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
        help="play a complete game between bots and print it",
        description="Play a complete game between bots (random players unless --agents "
        "says otherwise) and print every move, the final position and the result.",
    )
    _add_game_arguments(demo)
    demo.add_argument(
        "--agents",
        default="random",
        metavar="A,B,...",
        help=f"the bots, seat by seat, repeated round the table ({_AGENT_NAMES}; "
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

    play = commands.add_parser(
        "play",
        help="play a game in the terminal against bots",
        description="Play a game in the terminal against bots. On your turn you see the "
        "board, the scores and your legal moves; type a move in the game's notation, "
        "#N for the N-th listed move, or 'help' (or '?') for the notation and the other "
        "commands.",
    )
    _add_game_arguments(play)
    play.add_argument(
        "--seat", type=int, default=0, metavar="K", help="your seat, from 0 (default: 0)"
    )
    play.add_argument(
        "--agents",
        default="greedy",
        metavar="A,B,...",
        help=f"the bots in the other seats, in seat order, repeated as needed "
        f"({_AGENT_NAMES}; mcts:N for N iterations); default: greedy",
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

    sim = commands.add_parser(
        "simulate",
        help="play many games between bots and print a summary",
        description="Play many complete games between bots, moving them round the table "
        "from game to game, and print win rates with 95% confidence intervals, scores, "
        "the seats' advantage and game lengths. The same seed gives the same games "
        "whatever --jobs says.",
    )
    _add_game_arguments(sim)
    sim.add_argument("--games", type=int, default=100, metavar="N", help="games to play")
    sim.add_argument(
        "--agents",
        default="greedy,random",
        metavar="A,B,...",
        help=f"the agents compared ({_AGENT_NAMES}; mcts:N for N iterations, mcts:Ts for "
        "T seconds a move, mcts:N:Ts for whichever ends first); "
        "by default one per seat, default: greedy,random",
    )
    sim.add_argument(
        "--jobs",
        type=int,
        default=1,
        metavar="J",
        help="worker processes (0: one per core); default: 1, in this process",
    )
    sim.add_argument(
        "--dask",
        default=None,
        metavar="ADDRESS",
        help="run on the Dask scheduler at ADDRESS instead (needs tilegames[dask])",
    )
    sim.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="report progress on standard error: games done, games per second and time "
        "left (a tqdm bar when installed), and a final line (default: on; --no-progress: off)",
    )
    sim.add_argument(
        "--json",
        default=None,
        metavar="FILE",
        help="also write every game and the summary as JSON to FILE",
    )
    sim.add_argument(
        "--csv",
        default=None,
        metavar="FILE",
        help="also write every game and the summary as one CSV table to FILE",
    )
    sim.add_argument(
        "--plot",
        default=None,
        metavar="FILE",
        help="also draw the score distributions and win rates into FILE, a .png or .svg "
        '(needs matplotlib: pip install "tilegames[plot]")',
    )
    sim.set_defaults(seed=0)

    serve = commands.add_parser(
        "serve",
        help="run the game server for frontends (needs tilegames[server])",
        description="Run the game server: rooms that players join from their own browsers, "
        "live updates, bots, and every game kept in a SQLite database (created on first "
        'start). Needs the server extra: pip install "tilegames[server]".',
    )
    serve.add_argument("--host", default="127.0.0.1", help="the address to listen on")
    serve.add_argument("--port", type=int, default=8000, help="the port (0: a free one)")
    serve.add_argument("--db", default="tilegames.sqlite3", help="the SQLite database file")
    return parser


def _serve(args: argparse.Namespace) -> int:
    """``tilegames serve``: run the server until interrupted."""
    try:
        from tilegames.server import serve  # the server extra: imported only here
    except ModuleNotFoundError as error:
        print(f"tilegames: error: {error}", file=sys.stderr)
        return 2
    serve(args.host, args.port, args.db)
    return 0


def _add_game_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", metavar="GAME", help=_GAME_HELP)
    parser.add_argument("--players", type=int, default=None, help="number of players")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a variant option for the game (for example mode=team); repeatable",
    )
    parser.add_argument("--seed", type=int, default=None, help="seed for the game and players")


def _resolve_game(reference: str) -> Rules[Any, Any]:
    """A registered name, or ``package.module:ATTRIBUTE`` naming a game's rules."""
    if ":" not in reference:
        return tilegames.get(reference)
    module_name, _, attribute = reference.partition(":")
    try:
        rules: Rules[Any, Any] = getattr(importlib.import_module(module_name), attribute)
    except (ImportError, AttributeError, ValueError) as error:
        msg = f"cannot load the game {reference!r}: {error}"
        raise UnknownGameError(msg) from None
    return rules


def _options(rules: Rules[Any, Any], players: int | None, pairs: Sequence[str]) -> dict[str, Any]:
    """The ``new_game`` keywords: the first setup with that many players, then ``--option``."""
    setups = rules.setups
    setup = next((s for s in setups if players is None or s.players == players), None)
    options: dict[str, Any] = dict(setup.kwargs) if setup is not None else {}
    if players is not None:
        options["players"] = players
    options.setdefault("players", setups[0].players if setups else 2)
    for pair in pairs:
        name, equals, value = pair.partition("=")
        if not equals or not name:
            msg = f"an option is NAME=VALUE, not {pair!r}"
            raise ConfigurationError(msg)
        options[name] = int(value) if value.lstrip("-").isdigit() else value
    return options


def _agents(text: str) -> list[Agent]:
    specs = [spec for spec in text.split(",") if spec.strip()]
    if not specs:
        msg = f"name at least one agent ({_AGENT_NAMES})"
        raise ConfigurationError(msg)
    return [make_agent(spec) for spec in specs]


# ---------------------------------------------------------------------------
# games, demo
# ---------------------------------------------------------------------------


def _games() -> int:
    for name in tilegames.names():
        rules = tilegames.get(name)
        setups = "; ".join(str(setup) for setup in rules.setups)
        print(f"{name:12} {rules.title} ({setups})")
    return 0


def _format_outcome(result: Outcome, board: str = "") -> str:
    """The end of a game in words: the reason, the ranking, the winners or a solo result.

    ``board`` is the text board of the final position: a score made of several
    numbers (one per colour) is printed under the column letters of its score
    table, and a solo game quotes its ``solo score`` line.
    """
    lines = [f"Game over: {result.reason}" if result.reason else "Game over."]
    if len(result.scores) == 1:
        solo = next((ln for ln in board.splitlines() if ln.startswith("solo score:")), "")
        score = solo.removeprefix("solo score:").strip() or str(result.scores[0])
        lines.append(f"Result: a solo score of {score}; a solo game has no winner")
        return "\n".join(lines)
    rows = [
        (f"  {number}. seat {seat}", " (shared)" if len(place) > 1 else "", result.scores[seat])
        for number, place in enumerate(result.ranking, start=1)
        for seat in sorted(place)
    ]
    tracks = [score for _, _, score in rows if isinstance(score, tuple)]
    if len(tracks) == len(rows):
        width = max(len(label) for label, _, _ in rows) + 1
        headers = _score_headers(board, len(tracks[0]))
        if headers:
            lines.append(" " * width + "".join(f"{header:>3}" for header in headers))
        for (label, shared, _), track in zip(rows, tracks, strict=True):
            lines.append(label.ljust(width) + "".join(f"{v:>3}" for v in track) + shared)
    else:
        lines += [f"{label}{shared}: {score}" for label, shared, score in rows]
    winners = ", ".join(f"seat {seat}" for seat in sorted(result.winners))
    lines.append(f"Winner{'s' if len(result.winners) > 1 else ''}: {winners}")
    return "\n".join(lines)


def _score_headers(board: str, count: int) -> list[str]:
    """The column letters of a text board's score table (``R  G  B ...``), if it has one."""
    for line in board.splitlines():
        words = line.split()
        letters = words[:count]
        if len(letters) == count and all(len(w) == 1 and w.isupper() for w in letters):
            return letters
    return []


def _legend(board: str) -> list[str]:
    """The lines of a text board's ``Legend:`` (heading included), or none."""
    lines = board.splitlines()
    return lines[lines.index("Legend:") :] if "Legend:" in lines else []


def _final_board(board: str, *, legend: bool = True) -> str:
    """A text board followed by the result: its own ``game over`` line left out."""
    shown = _legend(board)
    lines = [line for line in board.splitlines() if not line.startswith("game over")]
    if shown and not legend:
        lines = lines[: len(lines) - len(shown)]
    return "\n".join(lines)


def _chance_move(rules: Rules[Any, Any], state: Any, stream: rng.Stream) -> Any:
    """What chance gives at a chance step: drawn with its probability, else any legal outcome."""
    outcomes = rules.chance_outcomes(state) if rules.chance_outcomes is not None else ()
    if outcomes:
        return sample(outcomes, stream)
    legal = rules.legal_moves(state)
    return legal[stream.randbelow(len(legal))]


def _record(
    rules: Rules[Any, Any],
    options: dict[str, Any],
    seed: int,
    moves: Sequence[Any],
    tags: dict[str, str],
) -> Record:
    """The record of a game the command played (a game given as module:RULES is registered)."""
    if rules.name not in tilegames.names():
        tilegames.register(rules)
    setup = dict(options)
    players = setup.pop("players")
    return record_of(rules.name, moves, players=players, seed=seed, tags=tags, **setup)


def _write_record(path: str, record: Record) -> None:
    text = dumps(record, "json" if path.endswith(".json") else "text")
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as error:
        msg = f"cannot write the record to {path}: {error.strerror or error}"
        raise ConfigurationError(msg) from None


def _read_record(path: str) -> Record:
    try:
        data = Path(path).read_bytes()
    except OSError as error:
        msg = f"cannot read the record {path}: {error.strerror or error}"
        raise RecordError(msg) from None
    try:
        return loads(data)
    except RecordError as error:
        raise RecordError(f"{path}: {error}") from None


def _demo(args: argparse.Namespace) -> int:
    rules = _resolve_game(args.game)
    options = _options(rules, args.players, args.option)
    bots = _agents(args.agents)
    game_seed = rng.normalize_seed(args.seed)
    state = rules.new_game(**options, seed=game_seed)
    players = rules.players(state)
    streams = [rng.Stream(rng.derive(game_seed, "agent", seat)) for seat in range(players)]
    names = ", ".join(f"seat {s}: {bots[s % len(bots)].name}" for s in range(players))
    print(f"{rules.title}, {players} player{'s' if players > 1 else ''}, seed {game_seed}")
    print(names)
    legend = _legend(str(state))
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
            move = _chance_move(rules, state, chance)
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
        _write_record(args.record, _record(rules, options, game_seed, played, tags))
    print()
    board = str(state)
    result = rules.outcome(state)
    print(_final_board(board, legend=args.quiet) if result is not None else board)
    if result is not None:
        print(_format_outcome(result, board))
    return 0


# ---------------------------------------------------------------------------
# play
# ---------------------------------------------------------------------------

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
        self.own = f"{human}:"
        """The seat prefix the person may leave out, when all their moves are written with it."""

    def record(self) -> Record:
        """The record of the game so far."""
        tags = {f"Seat {seat}": bot.name for seat, bot in self.bots.items()}
        tags[f"Seat {self.human}"] = "human"
        moves = [move for _, move in self.history]
        tags = dict(sorted(tags.items()))
        return _record(self.rules, self.options, self.seed, moves, tags)

    def save(self, path: str | None) -> None:
        """Write the record to ``path`` (or --save FILE), saying where."""
        target = path or self.save_path
        if target is None:
            print("Save where? Type 'save FILE', or start with --save FILE.")
            return
        try:
            _write_record(target, self.record())
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
                    _write_record(self.save_path, self.record())
                return True
        print("There is no move of yours to take back.")
        return False

    def run(self) -> int:
        rules = self.rules
        seats = ", ".join(f"seat {s}: {bot.name}" for s, bot in self.bots.items())
        players = f"{self.players} player{'s' if self.players != 1 else ''}"
        print(f"{rules.title}, {players}. You are seat {self.human}.")
        if seats:
            print(f"Bots: {seats}.")
        print(
            "On your turn type a move as listed, #N for the N-th one, or 'help' (or '?') "
            "for the notation and the commands."
        )
        try:
            while not rules.is_over(self.state):
                to_move = rules.to_move(self.state)
                if to_move == (CHANCE,):
                    move = _chance_move(rules, self.state, self.chance)
                    print(f"chance gives {rules.format_move(move)}")
                elif self.human in to_move:
                    move = self.ask()
                    if move is _UNDONE:
                        continue
                    print(f"You play {rules.format_move(move)}.")
                else:
                    seat = to_move[0] if len(to_move) == 1 else to_move[self.pick(len(to_move))]
                    move = self.bot_move(seat)
                    print(f"seat {seat} ({self.bots[seat].name}) plays {rules.format_move(move)}")
                self.history.append((self.state, move))
                self.state = rules.apply(self.state, move)
                if self.save_path is not None:
                    _write_record(self.save_path, self.record())
        except _AbandonError as reason:
            print(f"\n{reason} Game abandoned.")
            if self.save_path is not None:
                print(f"The record so far is in {self.save_path}: --load it to resume.")
            return reason.status
        print()
        board = str(rules.view(self.state, self.human))
        result = rules.outcome(self.state)
        print(_final_board(board) if result is not None else board)
        if result is not None:
            print(_format_outcome(result, board))
            if result.winners == {self.human} and self.players > 1:
                print("You win!")
        return 0

    def pick(self, count: int) -> int:
        return self.turns.randbelow(count)

    def bot_move(self, seat: Seat) -> Any:
        rules = self.rules
        moves = moves_for(rules, self.state, seat)
        view = rules.view(self.state, seat)
        return self.bots[seat].choose(rules, seat, view, moves, self.streams[seat])

    def show(self, moves: Sequence[Any]) -> None:
        print()
        print(self.rules.view(self.state, self.human))
        self.list_moves(moves, limit=_SHOWN_MOVES)

    def shorten(self, moves: Sequence[Any]) -> bool:
        """Whether every move of the person starts with their seat (``0:``), to be left out."""
        return bool(moves) and all(
            self.rules.format_move(move).startswith(self.own) for move in moves
        )

    def list_moves(self, moves: Sequence[Any], *, limit: int | None, text: str = "") -> None:
        cut = len(self.own) if self.shorten(moves) else 0
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

    def ask(self) -> Any:
        moves = moves_for(self.rules, self.state, self.human)
        self.show(moves)
        while True:
            try:
                line = input(f"seat {self.human}> ")
            except EOFError:
                raise _AbandonError("The input ended before the game did.", 1) from None
            if not sys.stdin.isatty():
                print(line)  # echo typed-ahead input, so that a transcript reads as a dialogue
            move = self.read(line.strip(), moves)
            if move is not None:
                return move

    def read(self, text: str, moves: Sequence[Any]) -> Any:
        """The move ``text`` stands for, or ``None`` after explaining why there is none."""
        rules = self.rules
        command, _, rest = text.partition(" ")
        if not text:
            return None
        if text in {"help", "?"}:
            print(_PLAY_HELP)
            self.notation_help(moves)
        elif text in {"quit", "exit"}:
            raise _AbandonError("You left.", 0)
        elif text == "board":
            self.show(moves)
        elif command == "moves":
            self.list_moves(moves, limit=None, text=rest.strip())
        elif text == "undo":
            if self.undo():
                return _UNDONE
        elif command == "save":
            self.save(rest.strip() or None)
        elif text == "hint":
            print(_hint(rules, self.state, self.human))
        elif text.startswith("#"):
            number = text[1:]
            if number.isdigit() and 1 <= int(number) <= len(moves):
                return moves[int(number) - 1]
            print(f"There is no move {text}: the list runs from #1 to #{len(moves)}.")
        else:
            return self.parse(text, moves)
        return None

    def notation_help(self, moves: Sequence[Any]) -> None:
        """How to write a move: the board's legend, and examples from the legal moves."""
        rules = self.rules
        legend = _legend(str(rules.view(self.state, self.human)))
        print(f"\nThe notation of {rules.title} (as the board's legend says):")
        print("\n".join(legend[1:]) if legend else "  the listed moves show it")
        cut = len(self.own) if self.shorten(moves) else 0
        examples = [rules.format_move(move)[cut:] for move in moves[:3]]
        if examples:
            print(f"For example: {', '.join(examples)}.")
        if cut:
            print(f"Your seat is filled in: type {examples[0]} for {self.own}{examples[0]}.")

    def parse(self, text: str, moves: Sequence[Any]) -> Any:
        rules = self.rules
        if self.shorten(moves) and not text.startswith(self.own):
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


def _play(args: argparse.Namespace) -> int:
    rules = _resolve_game(args.game)
    bots = _agents(args.agents)
    history: list[tuple[Any, Any]] = []
    if args.load is not None:
        record = _read_record(args.load)
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
        options = _options(rules, args.players, args.option)
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


# ---------------------------------------------------------------------------
# replay
# ---------------------------------------------------------------------------


def _replay(args: argparse.Namespace) -> int:
    record = _read_record(args.file)
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
        print(_format_outcome(result, str(states[-1])))
    else:
        print(f"The game is not over: {_seats_text(rules.to_move(states[-1]))} to move.")
    return 0


def _seats_text(seats: Sequence[Seat]) -> str:
    return ", ".join(f"seat {seat}" for seat in seats)


# ---------------------------------------------------------------------------
# simulate
# ---------------------------------------------------------------------------


@contextmanager
def _executor(jobs: int, dask_address: str | None) -> Iterator[Executor | None]:
    if dask_address is not None:
        try:
            distributed = importlib.import_module("distributed")  # an optional dependency
        except ImportError:
            msg = "--dask needs Dask: pip install 'tilegames[dask]'"
            raise ConfigurationError(msg) from None
        with distributed.Client(dask_address) as client:
            yield client.get_executor()
        return
    if jobs < 0:
        msg = f"--jobs must be 0 (one per core) or more, not {jobs}"
        raise ConfigurationError(msg)
    if jobs == 1:
        yield None
        return
    with ProcessPoolExecutor(max_workers=jobs or os.cpu_count()) as pool:
        yield pool


def _simulate(args: argparse.Namespace) -> int:
    rules = _resolve_game(args.game)
    options = _options(rules, args.players, args.option)
    players = options.pop("players")
    agents = _agents(args.agents)
    if args.games < 1:
        msg = f"--games must be at least 1, not {args.games}"
        raise ConfigurationError(msg)
    if args.plot is not None:
        try:
            check_plot_path(args.plot)  # before the games, not after them
        except ModuleNotFoundError as error:
            raise ConfigurationError(f"--plot: {error}") from None
    with _executor(args.jobs, args.dask) as executor:
        run = simulate(
            rules,
            agents,
            args.games,
            seed=args.seed,
            players=players,
            options=options,
            executor=executor,
            progress=args.progress,
        )
    print(run)
    if args.json is not None:
        run.write_json(args.json)
        print(f"\njson: {args.json}")
    if args.csv is not None:
        run.write_csv(args.csv)
        print(f"\ncsv: {args.csv}")
    if args.plot is not None:
        print(f"\nplot: {plot_simulation(run, args.plot)}")
    return 0


# ---------------------------------------------------------------------------
# main
# ---------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    parser = _build_parser()
    args = parser.parse_args(argv)
    commands = {
        "demo": _demo,
        "play": _play,
        "replay": _replay,
        "simulate": _simulate,
        "serve": _serve,
    }
    try:
        if args.command == "games":
            return _games()
        if args.command in commands:
            return commands[args.command](args)
    except (TilegamesError, ValueError) as error:
        print(f"tilegames: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\ntilegames: interrupted", file=sys.stderr)
        return 130
    parser.print_help(sys.stderr)
    return 2
