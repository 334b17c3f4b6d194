"""Players for any game: random, greedy and Monte Carlo tree search.

An agent is anything with a :meth:`~Agent.choose` method that picks one of
the legal moves, seeing only what its seat may see (the game's ``view``) and
drawing any randomness from the seeded :class:`~tilegames.rng.Stream`
it is handed, so that a game between agents replays exactly from its seed.
Agents reach a game only through its :class:`~tilegames.Rules`:

>>> import tilegames
>>> from tilegames.agents import RandomAgent
>>> from tilegames.simulate import play_game
>>> result = play_game(tilegames.get("axio-rota"), [RandomAgent(), RandomAgent()], seed=5)
>>> result.moves > 0 and len(result.outcome.scores) == 2
True

Two optional members of a game's rules feed the agents: ``evaluate`` ranks a
move for greedy play (without it, the number that ``score_move`` returns
serves), and ``determinize`` samples a full state consistent with a view, so
that an agent can look ahead in a game with hidden tiles without peeking at
them (without it, the game's view must itself be a state to search from).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, Literal, Protocol, TypeVar

import attrs

from tilegames._core.errors import ConfigurationError
from tilegames._core.notation import is_digits
from tilegames._core.rng import Stream
from tilegames._core.rules import Rules, Seat, get, names
from tilegames._mcts import (
    Evaluate,
    SearchResult,
    SearchSettings,
    evaluator,
    mover,
    parallel_search,
    rewards,
    sample_state,
    score_value,
    search_once,
)

__all__ = [
    "AGENTS",
    "ENDGAMES",
    "Agent",
    "Evaluate",
    "GreedyAgent",
    "MCTSAgent",
    "MoveAnalysis",
    "RandomAgent",
    "SearchResult",
    "analyse",
    "evaluator",
    "make_agent",
    "mover",
    "moves_for",
    "rewards",
    "sample_state",
    "score_value",
]

StateT = TypeVar("StateT")
MoveT = TypeVar("MoveT")


class Agent(Protocol):
    """A player: picks a move from what its seat sees.

    Implementations must be picklable (to travel to worker processes) and keep
    no memory between calls that changes their choices, so that a simulation
    gives the same games on any executor. Subclassing :class:`Agent` is
    optional, but lets a list of different agents type-check as agents.
    """

    @property
    def name(self) -> str:
        """A short name for tables, for example ``"greedy"`` or ``"mcts(300)"``."""
        ...

    def choose(
        self,
        rules: Rules[Any, MoveT],
        seat: Seat,
        view: Any,
        moves: Sequence[MoveT],
        stream: Stream,
    ) -> MoveT:
        """Pick one of ``moves`` for ``seat``.

        Args:
            rules: the game.
            seat: the seat the agent plays.
            view: what that seat may see (``rules.view(state, seat)``).
            moves: the seat's legal moves, never empty.
            stream: the only source of randomness the agent may draw from.

        Returns:
            One of ``moves``.
        """
        ...


# ---------------------------------------------------------------------------
# What agents ask of a game, with the generic fallbacks
# ---------------------------------------------------------------------------


def moves_for(rules: Rules[StateT, MoveT], state: StateT, seat: Seat) -> Sequence[MoveT]:
    """The legal moves of ``seat``: all of them on its turn, its own when several seats may move.

    Returns an empty tuple when the seat may not move.
    """
    seats = rules.to_move(state)
    if seat not in seats:
        return ()
    moves = rules.legal_moves(state)
    if len(seats) == 1:
        return moves
    return tuple(move for move in moves if getattr(move, "seat", None) == seat)


class _Endgames(Mapping[str, int]):
    """Each registered game's ``search_endgame``, by the game's name, read from its rules.

    A read-only view of the registry: a game whose rules set none is not listed.
    """

    def __getitem__(self, name: str) -> int:
        endgame = get(name).search_endgame if name in names() else None
        if endgame is None:
            raise KeyError(name)
        return endgame

    def __iter__(self) -> Iterator[str]:
        return (name for name in names() if get(name).search_endgame is not None)

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def __repr__(self) -> str:
        return repr(dict(self))


ENDGAMES: Mapping[str, int] = _Endgames()
"""Each game's ``endgame`` for an :class:`MCTSAgent` left at its default (``"game"``), by the
game's name: its rules' ``search_endgame``; a game not listed has none (``None``).

Aztack's 24: at a quarter second a move the search with it won 76.2% of 400 games
against the search before it, which the search without it drew (49.0%); in the other
games playouts to the end did not pay at that budget (AXIO 50.0%, AXIO Rota 47.5%,
Polygon 45.8% of 60 games with 8).
"""


def endgame_for(endgame: int | str | None, rules: Rules[Any, Any]) -> int | None:
    """The ``endgame`` a search uses: the agent's own, or for ``"game"`` the game's own."""
    if isinstance(endgame, str):  # "game", the one text the agent's validator lets in
        return rules.search_endgame
    return endgame


# ---------------------------------------------------------------------------
# The agents
# ---------------------------------------------------------------------------


@attrs.frozen
class RandomAgent(Agent):
    """Plays a legal move chosen uniformly at random.

    >>> from tilegames.rng import Stream
    >>> RandomAgent().choose(None, 0, None, ["a", "b", "c"], Stream(1)) in "abc"
    True
    """

    @property
    def name(self) -> str:
        """``"random"``."""
        return "random"

    def choose(
        self,
        rules: Rules[Any, MoveT],
        seat: Seat,
        view: Any,
        moves: Sequence[MoveT],
        stream: Stream,
    ) -> MoveT:
        """Pick a move uniformly (see :meth:`Agent.choose`)."""
        return moves[stream.randbelow(len(moves))]


@attrs.frozen
class GreedyAgent(Agent):
    """Plays the move that looks best right now; ties are broken at random.

    Moves are rated by ``evaluate`` if given, else by the game's own
    ``evaluate``, else by what ``score_move`` returns (see :func:`evaluator`),
    on a state sampled from the view (:func:`sample_state`).
    """

    evaluate: Evaluate | None = None
    """A rating to use instead of the game's; it must pickle to run in worker processes."""

    @property
    def name(self) -> str:
        """``"greedy"``."""
        return "greedy"

    def choose(
        self,
        rules: Rules[Any, MoveT],
        seat: Seat,
        view: Any,
        moves: Sequence[MoveT],
        stream: Stream,
    ) -> MoveT:
        """Pick a best-rated move (see :meth:`Agent.choose`)."""
        if len(moves) == 1:
            return moves[0]
        evaluate = self.evaluate or evaluator(rules)
        state = sample_state(rules, view, stream)
        best: list[MoveT] = []
        best_value = -math.inf
        for move in moves:
            value = evaluate(state, move, seat)
            if value > best_value:
                best, best_value = [move], value
            elif value == best_value:
                best.append(move)
        return best[stream.randbelow(len(best))]


@attrs.frozen
class MCTSAgent(Agent):
    """Monte Carlo tree search over any game, with determinization for hidden information.

    Each iteration samples a state consistent with the agent's view
    (:func:`sample_state`), so the search never sees the true hidden tiles;
    it then walks down a tree shared by all samples (information-set MCTS:
    a child counts only in the samples where its move is legal), opens one
    new node, plays on for a few moves and credits every move on the way
    with its mover's reward. The move visited most at the root is played.

    The game's rating of moves (:func:`evaluator`) guides the search
    throughout. At the root only the ``width`` best-rated moves are searched,
    and each starts with a share of the visits that grows with its rating
    (PUCT, weighted by ``prior``), so the search leaves the greedy choice
    only on evidence. A root move after which the same seat moves again (the
    first placement of a Polygon turn, a placement that earns an AXIO bonus
    placement or an AXIO Rota extra turn) is rated with its best follow-up
    added (``follow_ups``), so that a turn of several moves is rated whole.
    Deeper, a node opens at most ``width`` moves, the best rated first: it
    rates its legal moves once (all of them, or ``open_choices`` random ones
    when it has more), not at every opening.
    Playouts play the best rated of ``playout_choices`` random legal moves.
    A playout that ends the game rewards each seat by its place
    (:func:`rewards`); one cut short after ``horizon`` moves rewards each
    seat by how far the ratings of its moves since the root are ahead of
    the others'.

    In a one-player game every playout ends in first place, so there is
    nothing to search for: the agent plays the best-rated move, its
    follow-up included.

    At most ``samples`` states are sampled per decision and then searched
    from in turn, since a sample can cost more than an iteration (a new
    state's indexes are built again, and AXIO's board keeps colours, not
    tiles, so a sample searches for the tiles under them). Over 400 games
    per game against greedy play, 50 samples for 300 iterations won as
    often as a new sample every iteration (``samples=None``), within the
    noise, and searched faster.

    The search runs ``iterations`` iterations, or for ``seconds`` of the
    clock, or with both, until the first of the two is reached. Without a
    clock the choice depends only on the stream, so a simulation replays
    exactly from its seed; with ``seconds`` the number of iterations depends
    on the machine and its load, and so do the choices: such simulations do
    not replay exactly. The clock starts when :meth:`choose` is called, so
    the budget covers the rating of the root moves too.

    With ``workers=N`` (N > 1) the search runs in N processes at once, this
    one and N - 1 worker processes started at the first such search and kept
    for the next ones (root parallelism): each searches a tree of its own,
    with its own stream seeded from ``stream``, for ``iterations`` iterations
    and/or until the same deadline, and their root statistics are added up
    move by move; the move visited most over all of them is played. Without
    a clock the choice still depends only on the stream and ``workers``.
    """

    iterations: int | None = attrs.field(default=300)
    """Iterations (samples, walks and playouts) per move; ``None``: as ``seconds`` allow."""
    seconds: float | None = attrs.field(default=None, kw_only=True)
    """A time budget per move, in seconds of :func:`time.monotonic`; ``None``: no clock."""
    exploration: float = 0.7
    """The exploration constant of the upper confidence bound below the root; rewards are 0..1."""
    prior: float = 1.5
    """The weight of the ratings' prior at the root (0: plain UCB over the candidates)."""
    width: int = attrs.field(default=8)
    """The most moves searched from one node (the best rated at the root)."""
    playout_choices: int = attrs.field(default=2)
    """Random legal moves drawn at each playout step, the best rated played (1: random)."""
    open_choices: int | None = attrs.field(default=32)
    """Random legal moves a node below the root draws and rates, once, to open the best
    rated first (another draw when they are used up); ``None``: all its legal moves."""
    horizon: int | None = 4
    """Moves after which a playout stops and rewards the ratings' lead; ``None``: to the end."""
    endgame: int | Literal["game"] | None = attrs.field(default="game", kw_only=True)
    """Near the end, every playout plays to the end: when a decision's first playout ends the
    game within this many moves of its own, the decision's playouts have no ``horizon``
    (the first runs that far to find out); ``None``: never; ``"game"``: the game's own
    setting, its rules' ``search_endgame``, as :data:`ENDGAMES` lists them (24 in Aztack,
    ``None`` in the other games)."""
    evaluate: Evaluate | None = None
    """A rating of moves to use instead of the game's (see :class:`GreedyAgent`)."""
    follow_ups: int = attrs.field(default=64)
    """At the root, the best rated moves (at most this many) that are looked at once more:
    when the seat moves again after one (a turn of several moves), the move is rated with
    the best rating of its follow-up added; 0: never."""
    samples: int | None = attrs.field(default=50)
    """Hidden states sampled per decision at most, then reused in turn (a sample costs a
    ``determinize``); ``None``: a new sample every iteration."""
    max_playout: int = 100_000
    """A playout that has not ended after this many moves stops the search with an error."""
    follow_up_samples: int = attrs.field(default=1, kw_only=True)
    """States a root move's follow-up is read on, averaged, when the game hides what the seat
    can do next (the tile of an AXIO Rota extra turn); the first is the search's own first
    sample, the others are searched from too."""
    workers: int = attrs.field(default=1, kw_only=True)
    """Processes searching at once (root parallel, results merged); 1: this process alone."""

    @iterations.validator
    def _iterations_or_clock(
        self, attribute: attrs.Attribute[int | None], value: int | None
    ) -> None:
        if value is None:
            if self.seconds is None:
                msg = "MCTSAgent needs iterations, seconds or both"
                raise ValueError(msg)
            return
        self._positive(attribute, value)

    @seconds.validator
    def _positive_seconds(
        self, attribute: attrs.Attribute[float | None], value: float | None
    ) -> None:
        if value is not None and not (isinstance(value, (int, float)) and value > 0):
            msg = f"seconds must be None or a positive number, not {value!r}"
            raise ValueError(msg)

    def _positive(self, attribute: attrs.Attribute[Any], value: int) -> None:
        if value < 1:
            msg = f"{attribute.name} must be at least 1, not {value}"
            raise ValueError(msg)

    @width.validator
    @follow_up_samples.validator
    @workers.validator
    def _positive_width(self, attribute: attrs.Attribute[int], value: int) -> None:
        self._positive(attribute, value)

    @playout_choices.validator
    def _positive_choices(self, attribute: attrs.Attribute[int], value: int) -> None:
        self._positive(attribute, value)

    @follow_ups.validator
    def _not_negative(self, attribute: attrs.Attribute[int], value: int) -> None:
        if value < 0:
            msg = f"{attribute.name} must be at least 0, not {value}"
            raise ValueError(msg)

    @endgame.validator
    def _endgame(self, attribute: attrs.Attribute[Any], value: object) -> None:
        if value == "game":
            return
        if isinstance(value, bool) or not (value is None or isinstance(value, int)):
            msg = f'endgame must be None, "game" or a whole number, not {value!r}'
            raise ValueError(msg)
        self._positive_or_none(attribute, value)

    @open_choices.validator
    @samples.validator
    def _positive_or_none(self, attribute: attrs.Attribute[int | None], value: int | None) -> None:
        if value is not None and value < 1:
            msg = f"{attribute.name} must be None or at least 1, not {value}"
            raise ValueError(msg)

    @property
    def name(self) -> str:
        """``"mcts(N)"`` for ``N`` iterations, ``"mcts(2s)"`` or ``"mcts(N, 2s)"`` with a clock.

        Several workers add ``w`` and their number: ``"mcts(0.25s, w2)"``.
        """
        parts = [] if self.iterations is None else [str(self.iterations)]
        if self.seconds is not None:
            parts.append(f"{self.seconds:g}s")
        if self.workers > 1:
            parts.append(f"w{self.workers}")
        return f"mcts({', '.join(parts)})"

    def choose(
        self,
        rules: Rules[Any, MoveT],
        seat: Seat,
        view: Any,
        moves: Sequence[MoveT],
        stream: Stream,
    ) -> MoveT:
        """Search, then play the root move visited most (see :meth:`Agent.choose`)."""
        if len(moves) == 1:
            return moves[0]
        move: MoveT = self.search(rules, seat, view, moves, stream).move
        return move

    def search(
        self,
        rules: Rules[Any, MoveT],
        seat: Seat,
        view: Any,
        moves: Sequence[MoveT],
        stream: Stream,
    ) -> SearchResult:
        """Search as :meth:`choose` does; the move it plays and what the search found.

        Arguments as :meth:`Agent.choose`. :func:`analyse` reads the result.
        """
        if not moves:
            msg = "MCTSAgent.search needs at least one legal move"
            raise ValueError(msg)
        if len(moves) == 1:
            return SearchResult(moves[0], 0, ((moves[0], 0, 0.0),))
        deadline = None if self.seconds is None else time.monotonic() + self.seconds
        settings = self._settings(rules)
        if self.workers > 1:
            return parallel_search(settings, rules, seat, view, moves, stream, deadline)
        return search_once(settings, rules, seat, view, moves, stream, deadline)

    def _settings(self, rules: Rules[Any, Any]) -> SearchSettings:
        """What the search reads of this agent, for ``rules`` (the game's endgame resolved)."""
        return SearchSettings(
            iterations=self.iterations,
            exploration=self.exploration,
            prior=self.prior,
            width=self.width,
            playout_choices=self.playout_choices,
            open_choices=self.open_choices,
            horizon=self.horizon,
            endgame=endgame_for(self.endgame, rules),
            evaluate=self.evaluate,
            follow_ups=self.follow_ups,
            samples=self.samples,
            max_playout=self.max_playout,
            follow_up_samples=self.follow_up_samples,
            workers=self.workers,
        )


# ---------------------------------------------------------------------------
# Analysis: the moves of a position, best first
# ---------------------------------------------------------------------------


@attrs.frozen
class MoveAnalysis:
    """One move of a position as :func:`analyse` found it."""

    move: Any
    """The move: one of the position's legal moves."""
    visits: int
    """The searches (iterations) that began with this move; 0 for a move not searched."""
    win_rate: float
    """The mover's mean result over those searches, 0 to 1: 1 for a first place (or, for a
    search cut short, a clear lead), 0.5 for even; 0.0 for a move not searched."""
    points: float
    """What the move scores now (``score_move``; a per-colour score counts its sum)."""


def analyse(
    rules: Rules[Any, Any],
    state: Any,
    seconds: float | None = 1.0,
    *,
    iterations: int | None = None,
    seed: int = 0,
    agent: MCTSAgent | None = None,
    seat: Seat | None = None,
) -> tuple[MoveAnalysis, ...]:
    """The legal moves of the seat to move, best first, as the search sees them.

    The search is :class:`MCTSAgent`'s (``agent``, by default
    ``MCTSAgent()``, with ``seconds`` and ``iterations`` as given) from the
    mover's view: it sees no more than the mover does. Moves are ordered as
    the agent would choose: most visited first (its choice), ties by win
    rate; the moves the search left out (those outside its ``width``
    best-rated) follow with ``visits`` 0, in the order of their points.
    With ``iterations`` alone the analysis depends only on ``seed``.

    >>> import tilegames
    >>> rules = tilegames.get("aztack")
    >>> state = rules.new_game(players=2, seed=3)
    >>> best = analyse(rules, state, seconds=None, iterations=50)[0]
    >>> best.move in rules.legal_moves(state), best.visits > 0, 0 <= best.win_rate <= 1
    (True, True, True)

    Args:
        rules: the game.
        state: the position (a state, not a view).
        seconds: the time to search for; ``None``: ``iterations`` alone.
        iterations: the most iterations to search; ``None``: ``seconds`` alone.
        seed: the seed of the search's stream.
        agent: the search's settings (its ``iterations`` and ``seconds`` are replaced).
        seat: the seat whose moves to analyse; ``None``: the first seat to move.

    Returns:
        One :class:`MoveAnalysis` per legal move of the seat.

    Raises:
        ValueError: if the game is over, chance or no seat is to move, ``seat``
            is not to move, or both ``seconds`` and ``iterations`` are ``None``.
    """
    if rules.is_over(state):
        msg = f"{rules.name}: the game is over, there is no move to analyse"
        raise ValueError(msg)
    seats = [seat for seat in rules.to_move(state) if 0 <= seat < rules.players(state)]
    if not seats:
        msg = f"{rules.name}: no seat is to move (chance is), there is no move to analyse"
        raise ValueError(msg)
    if seconds is None and iterations is None:
        msg = "analyse needs seconds, iterations or both"
        raise ValueError(msg)
    if seat is not None and seat not in seats:
        msg = f"{rules.name}: seat {seat!r} is not to move (seats to move: {seats})"
        raise ValueError(msg)
    searcher = attrs.evolve(agent or MCTSAgent(), iterations=iterations, seconds=seconds)
    seat = seats[0] if seat is None else seat
    moves = moves_for(rules, state, seat)
    result = searcher.search(rules, seat, rules.view(state, seat), moves, Stream(seed))
    points = {move: score_value(rules.score_move(state, move)) for move in moves}
    searched = [
        MoveAnalysis(move, visits, reward / visits if visits else 0.0, points[move])
        for move, visits, reward in result.children
        if visits
    ]
    searched.sort(key=lambda entry: (entry.move != result.move, -entry.visits, -entry.win_rate))
    seen = {entry.move for entry in searched}
    rest = sorted((move for move in moves if move not in seen), key=lambda move: -points[move])
    return (*searched, *(MoveAnalysis(move, 0, 0.0, points[move]) for move in rest))


# ---------------------------------------------------------------------------
# Agents by name
# ---------------------------------------------------------------------------

AGENTS: dict[str, Callable[..., Agent]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "mcts": MCTSAgent,
}
"""The agents by name, for :func:`make_agent`, the command line and simulations."""


def make_agent(spec: str) -> Agent:
    """Build an agent from a short description: ``"random"``, ``"greedy"`` or ``"mcts"``.

    ``"mcts:400"`` is an MCTS agent of 400 iterations, ``"mcts:2s"`` one that
    searches for 2 seconds a move and ``"mcts:400:2s"`` one that stops at
    whichever comes first; ``":w2"`` at the end searches in 2 processes at
    once (``workers=2``): ``"mcts:0.25s:w2"``.

    >>> make_agent("mcts:50").name, make_agent("mcts:50:0.5s").name
    ('mcts(50)', 'mcts(50, 0.5s)')
    >>> make_agent("mcts:0.25s:w2").name
    'mcts(0.25s, w2)'

    Raises:
        ConfigurationError: naming the known agents, if the description is not one of them.
    """
    name, _, argument = spec.strip().partition(":")
    factory = AGENTS.get(name)
    if factory is None:
        known = ", ".join(sorted(AGENTS))
        msg = f"no agent named {name!r}; known agents: {known} "
        msg += "(mcts:N for N iterations, mcts:Ts for T seconds a move, :wK for K processes)"
        raise ConfigurationError(msg)
    if not argument:
        return factory()
    if factory is MCTSAgent:
        agent = _mcts_agent(argument.split(":"))
        if agent is not None:
            return agent
    msg = (
        f"cannot read agent {spec!r}: only mcts takes an argument: a positive number of "
        "iterations, a time per move in seconds, or both (mcts:400, mcts:2s, mcts:400:2s), "
        "then optionally a number of worker processes (mcts:0.25s:w2)"
    )
    raise ConfigurationError(msg)


def _mcts_agent(parts: Sequence[str]) -> MCTSAgent | None:
    """The agent of ``mcts:PARTS`` (iterations, seconds, then workers), or ``None``."""
    iterations: int | None = None
    seconds: float | None = None
    workers = 1
    if len(parts) > 1 and parts[-1][:1] == "w":
        count = parts[-1][1:]
        if not (is_digits(count) and 0 < int(count) <= 256):
            return None
        workers, parts = int(count), parts[:-1]
    for part in parts:
        if is_digits(part) and int(part) > 0 and iterations is None:
            iterations = int(part)
        elif part.endswith("s") and seconds is None and _seconds(part[:-1]) is not None:
            seconds = _seconds(part[:-1])
        else:
            return None
    if iterations is None and seconds is None:
        return None
    return MCTSAgent(iterations=iterations, seconds=seconds, workers=workers)


def _seconds(text: str) -> float | None:
    """A positive number of seconds written in ASCII digits, else ``None``."""
    if not text or len(text) > 12 or not text.replace(".", "", 1).isdigit() or not text.isascii():
        return None
    value = float(text)
    return value if value > 0 else None
