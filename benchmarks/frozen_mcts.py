"""A frozen copy of tilegames' MCTS agent as it was before the search-strength work.

It is kept here, outside the package, so that a stronger search can be measured
against the one it replaces, at the same time budget (``benchmarks/strength.py``
plays it as ``frozen:0.25s``, ``frozen:300``...). The code below is
``tilegames.agents.MCTSAgent`` and its search as of commit abfdcc2, renamed
``FrozenMCTSAgent`` (``frozen(...)`` in tables), with the helpers it used
copied in. It reaches a game through its ``Rules`` as then:
``rules.evaluate`` (the greedy player's rating, which the search work leaves
unchanged), ``rules.determinize`` and the chance helper ``settle``.

Do not improve this file: it is the baseline. The one addition is
:data:`ITERATIONS`, which counts the iterations searched in this process, for
the benchmark's report of iterations a move.
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import attrs

from tilegames import Outcome, Rules
from tilegames.chance import settle
from tilegames.rng import Stream

Seat = int
StateT = TypeVar("StateT")
MoveT = TypeVar("MoveT")
Evaluate = Callable[[Any, Any, Seat], float]

ITERATIONS = [0]
"""Iterations searched by every :class:`FrozenMCTSAgent` in this process so far."""


def sample_state(rules: Rules[StateT, Any], view: Any, stream: Stream) -> StateT:
    """A full state consistent with ``view`` (the view itself for a game hiding nothing)."""
    determinize = rules.determinize
    if determinize is None:
        result: StateT = view
        return result
    return determinize(view, stream)


def score_value(score: Any) -> float:
    """A number from what ``score_move`` returned: itself, or the sum of a tuple of numbers."""
    if isinstance(score, (int, float)):
        return float(score)
    if isinstance(score, tuple) and all(isinstance(part, (int, float)) for part in score):
        return float(sum(score))
    return 0.0


def evaluator(rules: Rules[Any, Any]) -> Evaluate:
    """The game's ``evaluate``, or a fallback that rates a move by :func:`score_value`."""
    evaluate = rules.evaluate
    if evaluate is not None:
        return evaluate
    return _ScoreEvaluate(rules)


@attrs.frozen
class _ScoreEvaluate:
    rules: Rules[Any, Any]

    def __call__(self, state: Any, move: Any, seat: Seat) -> float:
        return score_value(self.rules.score_move(state, move))


def mover(rules: Rules[StateT, MoveT], state: StateT, move: MoveT) -> Seat:
    """The seat that makes ``move``: the one seat to move, or the move's own ``seat``."""
    seats = rules.to_move(state)
    if len(seats) == 1:
        return seats[0]
    seat = getattr(move, "seat", None)
    if not seats or not isinstance(seat, int):
        msg = f"cannot tell who makes {rules.format_move(move)!r}: seats to move are {seats}"
        raise ValueError(msg)
    return seat


def rewards(outcome: Outcome) -> tuple[float, ...]:
    """Each seat's result between 0 (last) and 1 (first); tied seats share their places."""
    players = len(outcome.scores)
    if players == 1:
        return (1.0,)
    result = [0.0] * players
    position = 0
    for place in outcome.ranking:
        middle = position + (len(place) - 1) / 2
        for seat in place:
            result[seat] = 1.0 - middle / (players - 1)
        position += len(place)
    return tuple(result)


class _Node:
    """A node of the search tree: the statistics of the move that leads to it."""

    __slots__ = ("available", "children", "prior", "ranked", "reward", "visits")

    def __init__(self, prior: float = 0.0) -> None:
        self.children: dict[Any, _Node] = {}
        self.ranked: list[Any] | None = None
        """The moves not yet opened, best rated last; rated once, in the first sample
        that opens a move here."""
        self.visits = 0
        """Iterations that went through this node."""
        self.reward = 0.0
        """Sum of the rewards of the seat that made the move, over those iterations."""
        self.available = 1
        """Iterations in which the move was legal when its parent was reached."""
        self.prior = prior
        """At the root, the share the move's rating gives it before any search."""

    def ucb(self, exploration: float) -> float:
        """The upper confidence bound that selection maximises (with availability counts)."""
        return self.reward / self.visits + exploration * math.sqrt(
            math.log(self.available) / self.visits
        )


@attrs.frozen
class FrozenMCTSAgent:
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
    not replay exactly.
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

    @iterations.validator
    def _iterations_or_clock(
        self, attribute: attrs.Attribute[int | None], value: int | None
    ) -> None:
        if value is None:
            if self.seconds is None:
                msg = "FrozenMCTSAgent needs iterations, seconds or both"
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

    @open_choices.validator
    @samples.validator
    def _positive_or_none(self, attribute: attrs.Attribute[int | None], value: int | None) -> None:
        if value is not None and value < 1:
            msg = f"{attribute.name} must be None or at least 1, not {value}"
            raise ValueError(msg)

    @property
    def name(self) -> str:
        """``"mcts(N)"`` for ``N`` iterations, ``"mcts(2s)"`` or ``"mcts(N, 2s)"`` with a clock."""
        parts = [] if self.iterations is None else [str(self.iterations)]
        if self.seconds is not None:
            parts.append(f"{self.seconds:g}s")
        return f"frozen({', '.join(parts)})"

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
        search = _Search(self, rules, self.evaluate or evaluator(rules), stream)
        first = sample_state(rules, view, stream)
        candidates: list[MoveT] = search.open_root(first, seat, moves)
        if len(candidates) == 1 or rules.players(first) == 1:
            return candidates[0]
        deadline = None if self.seconds is None else time.monotonic() + self.seconds
        drawn = [first]
        iteration = 0
        while self.iterations is None or iteration < self.iterations:
            if deadline is not None and iteration and time.monotonic() >= deadline:
                break
            if iteration < len(drawn):
                state = drawn[iteration]
            elif self.samples is not None and len(drawn) >= self.samples:
                state = drawn[iteration % self.samples]
            else:
                state = sample_state(rules, view, stream)
                drawn.append(state)
            search.iterate(state, seat, candidates)
            iteration += 1
        ITERATIONS[0] += iteration  # the one line added: counts for benchmarks/strength.py
        # The most visited; among equals the better rated (candidates are in that order).
        return max(candidates, key=search.root_visits)


class _Search:
    """The tree and the tools of one decision of a :class:`FrozenMCTSAgent`."""

    def __init__(
        self, agent: FrozenMCTSAgent, rules: Rules[Any, Any], evaluate: Evaluate, stream: Stream
    ) -> None:
        self.agent = agent
        self.rules = rules
        self.evaluate = evaluate
        self.stream = stream
        self.root = _Node()
        self.scale = 1.0

    def root_visits(self, move: Any) -> int:
        child = self.root.children.get(move)
        return -1 if child is None else child.visits

    def open_root(self, state: Any, seat: Seat, moves: Sequence[Any]) -> list[Any]:
        """Rate every move; keep the ``width`` best (ties in random order) with their priors.

        Also sets the scale of ratings: the mean size of a move's rating, what
        one move typically gains, to weigh the gains of playouts cut short.
        The ``follow_ups`` best rated moves after which the seat moves again
        (a turn of several moves) are rated with their best follow-up added
        (:meth:`follow_up`), so that a turn is rated whole.
        """
        stream = self.stream
        rated = sorted(
            (-self.evaluate(state, move, seat), stream.randbelow(1 << 30), i)
            for i, move in enumerate(moves)
        )
        self.scale = statistics.fmean(abs(value) for value, _, _ in rated) or 1.0
        looked = self.agent.follow_ups
        if looked:
            rated[:looked] = sorted(
                (value - self.follow_up(state, seat, moves[i]), tie, i)
                for value, tie, i in rated[:looked]
            )
        kept = rated[: self.agent.width]
        best = -kept[0][0]
        weights = [math.exp((-value - best) / self.scale) for value, _, _ in kept]
        total = sum(weights)
        candidates = []
        for (_, _, i), weight in zip(kept, weights, strict=True):
            self.root.children[moves[i]] = _Node(prior=weight / total)
            candidates.append(moves[i])
        return candidates

    def follow_up(self, state: Any, seat: Seat, move: Any) -> float:
        """The best rating of ``seat``'s next move if ``move`` leaves it to move alone, else 0."""
        rules = self.rules
        after = settle(rules, rules.apply(state, move), self.stream)
        if rules.is_over(after) or rules.to_move(after) != (seat,):
            return 0.0
        evaluate = self.evaluate
        legal = rules.legal_moves(after)
        return max((evaluate(after, other, seat) for other in legal), default=0.0)

    def iterate(self, state: Any, seat: Seat, candidates: Sequence[Any]) -> None:
        """One walk down the tree, one new node, one playout, and the rewards back up."""
        rules = self.rules
        path: list[tuple[_Node, Seat]] = []
        gains = [0.0] * rules.players(state)
        move, node = self.select_root(candidates)
        who = seat
        while True:
            path.append((node, who))
            gains[who] += self.evaluate(state, move, who)
            state = settle(rules, rules.apply(state, move), self.stream)
            if node.visits == 0 or rules.is_over(state):
                break
            move, child = self.select(node, state)
            who = mover(rules, state, move)
            if child is None:
                child = node.children[move] = _Node()
            node = child
        result = self.playout(state, gains)
        for child, mover_seat in path:
            child.visits += 1
            child.reward += result[mover_seat]

    def select_root(self, candidates: Sequence[Any]) -> tuple[Any, _Node]:
        """PUCT over the candidates: mean reward plus a prior share of the visits."""
        children = self.root.children
        total = math.sqrt(1 + sum(children[move].visits for move in candidates))
        weight = self.agent.prior

        def score(move: Any) -> float:
            child = children[move]
            mean = child.reward / child.visits if child.visits else 0.5
            return mean + weight * child.prior * total / (1 + child.visits)

        best = max(candidates, key=score)
        return best, children[best]

    def select(self, node: _Node, state: Any) -> tuple[Any, _Node | None]:
        """Open a new move while there is room, else the best by UCB among the legal ones."""
        legal = self.rules.legal_moves(state)
        if len(node.children) < min(self.agent.width, len(legal)):
            move = self.opening(state, legal, node)
            if move is not None:
                return move, None
        available = [move for move in node.children if move in legal]
        if not available:  # none of the opened moves is legal in this sample: open another
            return self.policy(state, legal)[0], None
        children = node.children
        for move in available:
            children[move].available += 1
        exploration = self.agent.exploration
        best = max(available, key=lambda move: children[move].ucb(exploration))
        return best, children[best]

    def opening(self, state: Any, legal: Sequence[Any], node: _Node) -> Any:
        """The move to open next at ``node``: the best rated not yet opened, or ``None``.

        A node rates its moves once, in the first sample that opens one: all
        its legal moves, or ``open_choices`` of them drawn at random when it
        has more (and another such draw when those are used up). It opens
        them best first; a later sample (other hidden tiles) skips those it
        cannot play.
        """
        if node.ranked is None:
            node.ranked = self.ranking(state, legal)
        move = _next_opening(node.ranked, legal, node.children)
        choices = self.agent.open_choices
        if move is None and choices is not None and len(legal) > choices:
            node.ranked = self.ranking(state, legal)
            move = _next_opening(node.ranked, legal, node.children)
        return move

    def ranking(self, state: Any, legal: Sequence[Any]) -> list[Any]:
        """Legal moves (all, or ``open_choices`` random ones), best rated last, ties at random."""
        evaluate, rules, stream = self.evaluate, self.rules, self.stream
        count = len(legal)
        takes = min(count, self.agent.open_choices or count)
        drawn = takes < count  # draw ``takes`` at random, or take every move in order
        rated: list[tuple[float, int, int, Any]] = []
        seen: set[Any] = set()
        # Each move is rated as soon as it is taken from the listing: a game may then
        # know it for one of the state's own legal moves and skip checking it again.
        for i in range(takes):
            move = legal[stream.randbelow(count) if drawn else i]
            if drawn:
                if move in seen:  # each drawn move once
                    continue
                seen.add(move)
            value = evaluate(state, move, mover(rules, state, move))
            rated.append((value, stream.randbelow(1 << 30), i, move))
        rated.sort()
        return [move for _, _, _, move in rated]

    def policy(self, state: Any, legal: Sequence[Any]) -> tuple[Any, float | None]:
        """The best rated of ``playout_choices`` random legal moves, with its rating.

        The rating is ``None`` when only one move was drawn (nothing was rated).
        """
        stream = self.stream
        move = legal[stream.randbelow(len(legal))]
        choices = self.agent.playout_choices
        if choices == 1 or len(legal) == 1:
            return move, None
        who = mover(self.rules, state, move)
        best = self.evaluate(state, move, who)
        for _ in range(choices - 1):
            other = legal[stream.randbelow(len(legal))]
            value = self.evaluate(state, other, who)
            if value > best:
                move, best = other, value
        return move, best

    def playout(self, state: Any, gains: list[float]) -> tuple[float, ...]:
        """Play on from ``state``; each seat's reward, from the end or from ``gains``."""
        rules = self.rules
        horizon = self.agent.horizon
        steps = horizon if horizon is not None else self.agent.max_playout
        for _ in range(steps):
            if rules.is_over(state):
                return _final_rewards(rules, state)
            move, value = self.policy(state, rules.legal_moves(state))
            if horizon is not None:
                who = mover(rules, state, move)
                gains[who] += self.evaluate(state, move, who) if value is None else value
            state = settle(rules, rules.apply(state, move), self.stream)
        if rules.is_over(state):
            return _final_rewards(rules, state)
        if horizon is not None:
            return _margin_rewards(gains, self.scale)
        msg = f"{rules.name}: a playout did not end within {self.agent.max_playout} moves"
        raise RuntimeError(msg)


def _next_opening(ranked: list[Any], legal: Sequence[Any], opened: dict[Any, _Node]) -> Any:
    """Take the best-rated move of ``ranked`` (best last) that is legal and not yet opened."""
    for index in range(len(ranked) - 1, -1, -1):
        move = ranked[index]
        if move in opened:  # opened by the fallback of select, or drawn again
            del ranked[index]
        elif move in legal:
            del ranked[index]
            return move
    return None


def _margin_rewards(gains: Sequence[float], scale: float) -> tuple[float, ...]:
    if len(gains) == 1:
        return (1.0,)
    total = sum(gains)
    others = len(gains) - 1
    return tuple(
        0.5 + 0.5 * math.tanh((gain - (total - gain) / others) / (2 * scale)) for gain in gains
    )


def _final_rewards(rules: Rules[Any, Any], state: Any) -> tuple[float, ...]:
    outcome = rules.outcome(state)
    if outcome is None:  # pragma: no cover - the contract says otherwise
        msg = f"{rules.name}: the game is over but has no outcome"
        raise RuntimeError(msg)
    return rewards(outcome)
