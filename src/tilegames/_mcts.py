"""The tree search behind :class:`tilegames.agents.MCTSAgent`, in one process or several.

Private: :mod:`tilegames.agents` documents the agent and re-exports the
helpers defined here (:func:`sample_state`, :func:`mover`, :func:`rewards`).
The search knows no agent: it takes its settings as a :class:`SearchSettings`,
which the agent builds for each decision (the game's own endgame resolved).
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

import attrs

from tilegames._core.chance import settle
from tilegames._core.rng import Stream
from tilegames._core.rules import Outcome, Rules, Seat

StateT = TypeVar("StateT")
MoveT = TypeVar("MoveT")

Evaluate = Callable[[Any, Any, Seat], float]
"""``evaluate(state, move, seat)``: how good a move looks now for the seat; higher is better."""


@attrs.frozen
class SearchSettings:
    """How one decision searches: an :class:`~tilegames.agents.MCTSAgent`'s settings.

    Each field is the agent's setting of the same name (see there), but
    ``endgame``, which is resolved: a number of moves or ``None``, never
    ``"game"``. The search reads nothing else of the agent.
    """

    iterations: int | None
    exploration: float
    prior: float
    width: int
    playout_choices: int
    open_choices: int | None
    horizon: int | None
    endgame: int | None
    evaluate: Evaluate | None
    follow_ups: int
    samples: int | None
    max_playout: int
    follow_up_samples: int
    workers: int


def sample_state(rules: Rules[StateT, Any], view: Any, stream: Stream) -> StateT:
    """A full state consistent with ``view``: ``rules.determinize(view, stream)``.

    A game without ``determinize`` hides nothing, and its view is taken as the
    state itself.
    """
    determinize = rules.determinize
    if determinize is None:
        result: StateT = view
        return result
    return determinize(view, stream)


def mover(rules: Rules[StateT, MoveT], state: StateT, move: MoveT) -> Seat:
    """The seat that makes ``move``: the one seat to move, or the move's own ``seat``.

    When several seats may move at once (a speed variant), each move carries
    its seat as a ``seat`` attribute.

    Raises:
        ValueError: if no seat may move, or several may and the move names none.
    """
    seats = rules.to_move(state)
    if len(seats) == 1:
        return seats[0]
    seat = getattr(move, "seat", None)
    if not seats or not isinstance(seat, int):
        msg = f"cannot tell who makes {rules.format_move(move)!r}: seats to move are {seats}"
        raise ValueError(msg)
    return seat


def rewards(outcome: Outcome) -> tuple[float, ...]:
    """Each seat's result between 0 (last) and 1 (first); tied seats share their places.

    >>> rewards(Outcome(scores=(5, 9, 7), ranking=[{1}, {2}, {0}]))
    (0.0, 1.0, 0.5)
    >>> rewards(Outcome(scores=(4, 4), ranking=[{0, 1}]))
    (0.5, 0.5)
    """
    return _place_rewards(outcome.ranking, len(outcome.scores))


def _place_rewards(ranking: Sequence[frozenset[Seat]], players: int) -> tuple[float, ...]:
    if players == 1:
        return (1.0,)
    result = [0.0] * players
    position = 0
    for place in ranking:
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


class _Search:
    """The tree and the tools of one decision's search."""

    def __init__(
        self, settings: SearchSettings, rules: Rules[Any, Any], evaluate: Evaluate, stream: Stream
    ) -> None:
        self.settings = settings
        self.rules = rules
        self.evaluate = evaluate
        self.stream = stream
        self.root = _Node()
        self.scale = 1.0
        self.horizon = settings.horizon
        """The moves a playout may run before it is cut short (see :meth:`playout`)."""
        self.probe = None if settings.horizon is None else settings.endgame
        """The moves the first playout may run to find the end (then ``None``)."""

    def root_visits(self, move: Any) -> int:
        child = self.root.children.get(move)
        return -1 if child is None else child.visits

    def open_root(
        self, state: Any, seat: Seat, moves: Sequence[Any], more: Callable[[], Any]
    ) -> list[Any]:
        """Rate every move; keep the ``width`` best (ties in random order) with their priors.

        Also sets the scale of ratings: the mean size of a move's rating, what
        one move typically gains, to weigh the gains of playouts cut short.
        The ``follow_ups`` best rated moves after which the seat moves again
        (a turn of several moves) are rated with their best follow-up added
        (:meth:`follow_up`), so that a turn is rated whole. Where chance or
        hidden tiles decide what the seat can do next (an AXIO Rota extra
        turn's tile), the follow-up is the mean over ``follow_up_samples``
        states: ``state`` and more drawn by ``more`` (the same ones for
        every move).
        """
        stream = self.stream
        rated = sorted(
            (-self.evaluate(state, move, seat), stream.randbelow(1 << 30), i)
            for i, move in enumerate(moves)
        )
        self.scale = statistics.fmean(abs(value) for value, _, _ in rated) or 1.0
        looked = self.settings.follow_ups
        if looked:
            states = _Samples(state, more, self.settings.follow_up_samples)
            rated[:looked] = sorted(
                (value - self.follow_up(state, seat, moves[i], states), tie, i)
                for value, tie, i in rated[:looked]
            )
        kept = rated[: self.settings.width]
        best = -kept[0][0]
        weights = [math.exp((-value - best) / self.scale) for value, _, _ in kept]
        total = sum(weights)
        candidates = []
        for (_, _, i), weight in zip(kept, weights, strict=True):
            self.root.children[moves[i]] = _Node(prior=weight / total)
            candidates.append(moves[i])
        return candidates

    def follow_up(
        self, state: Any, seat: Seat, move: Any, others: _Samples | None = None
    ) -> float:
        """The best rating of ``seat``'s next move if ``move`` leaves it to move alone, else 0.

        Read on ``state``; when the seat moves again there and, in the first
        of ``others``, sees something else after the move (chance or hidden
        tiles decide what it may do next: the tile of an AXIO Rota extra
        turn), the mean over ``state`` and every sample of ``others`` (a
        sample where it does not move again counts 0).
        """
        rules = self.rules
        after = self.after(state, seat, move)
        if after is None:
            return 0.0
        first = self.best_next(after, seat)
        if others is None or others.count < 2 or rules.determinize is None:
            return first
        second = self.after(others[1], seat, move)
        if second is not None and rules.view(second, seat) == rules.view(after, seat):
            return first  # what the seat may do next does not depend on the sample
        total = first
        for index in range(1, others.count):
            later = second if index == 1 else self.after(others[index], seat, move)
            total += 0.0 if later is None else self.best_next(later, seat)
        return total / others.count

    def after(self, state: Any, seat: Seat, move: Any) -> Any:
        """The state after ``move`` (and chance), or ``None`` unless ``seat`` moves alone next."""
        rules = self.rules
        after = settle(rules, rules.apply(state, move), self.stream)
        if rules.is_over(after) or rules.to_move(after) != (seat,):
            return None
        return after

    def best_next(self, after: Any, seat: Seat) -> float:
        """The best rating of ``seat``'s moves in ``after``."""
        evaluate = self.evaluate
        legal = self.rules.legal_moves(after)
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
        weight = self.settings.prior

        def score(move: Any) -> float:
            child = children[move]
            mean = child.reward / child.visits if child.visits else 0.5
            return mean + weight * child.prior * total / (1 + child.visits)

        best = max(candidates, key=score)
        return best, children[best]

    def select(self, node: _Node, state: Any) -> tuple[Any, _Node | None]:
        """Open a new move while there is room, else the best by UCB among the legal ones."""
        legal = self.rules.legal_moves(state)
        if len(node.children) < min(self.settings.width, len(legal)):
            move = self.opening(state, legal, node)
            if move is not None:
                return move, None
        available = [move for move in node.children if move in legal]
        if not available:  # none of the opened moves is legal in this sample: open another
            return self.policy(state, legal)[0], None
        children = node.children
        for move in available:
            children[move].available += 1
        exploration = self.settings.exploration
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
        choices = self.settings.open_choices
        if move is None and choices is not None and len(legal) > choices:
            node.ranked = self.ranking(state, legal)
            move = _next_opening(node.ranked, legal, node.children)
        return move

    def ranking(self, state: Any, legal: Sequence[Any]) -> list[Any]:
        """Legal moves (all, or ``open_choices`` random ones), best rated last, ties at random."""
        evaluate, rules, stream = self.evaluate, self.rules, self.stream
        count = len(legal)
        takes = min(count, self.settings.open_choices or count)
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
        choices = self.settings.playout_choices
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
        """Play on from ``state``; each seat's reward, from the end or from ``gains``.

        The decision's first playout probes how near the end is: it may run
        ``endgame`` moves, and when the game ends within them every later
        playout of the decision plays to the end (:attr:`horizon` becomes
        ``None``); otherwise they stop after ``horizon`` moves.
        """
        rules = self.rules
        horizon = self.horizon
        probe = self.probe
        if probe is not None:
            self.probe = None
            horizon = probe
        steps = horizon if horizon is not None else self.settings.max_playout
        for _ in range(steps):
            if rules.is_over(state):
                if probe is not None:
                    self.horizon = None
                return _final_rewards(rules, state)
            move, value = self.policy(state, rules.legal_moves(state))
            if horizon is not None:
                who = mover(rules, state, move)
                gains[who] += self.evaluate(state, move, who) if value is None else value
            state = settle(rules, rules.apply(state, move), self.stream)
        if rules.is_over(state):
            if probe is not None:
                self.horizon = None
            return _final_rewards(rules, state)
        if horizon is not None:
            return _margin_rewards(gains, self.scale)
        msg = f"{rules.name}: a playout did not end within {self.settings.max_playout} moves"
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


# ---------------------------------------------------------------------------
# One search, and several merged
# ---------------------------------------------------------------------------


@attrs.frozen
class SearchResult:
    """What one decision's search found: the move to play and the root's statistics.

    ``children`` holds, for each move searched at the root (best rated first),
    the move, its visits and the sum of its mover's rewards over them (each
    0 to 1); with several workers, the sums over every worker's tree.
    """

    move: Any
    """The move to play: the most visited (among equals, the better rated)."""
    iterations: int
    """Iterations searched, over every worker."""
    children: tuple[tuple[Any, int, float], ...]
    """``(move, visits, reward)`` for each move searched at the root, best rated first."""


@attrs.frozen
class _Samples:
    """The states a decision reads follow-ups on: ``count`` of them.

    The first is given, the others (index 1 on) drawn by ``more`` when first asked for.
    """

    first: Any
    more: Callable[[], Any]
    count: int
    drawn: list[Any] = attrs.field(factory=list)

    def __getitem__(self, index: int) -> Any:
        while len(self.drawn) < index:
            self.drawn.append(self.more())
        return self.drawn[index - 1]


def search_once(
    settings: SearchSettings,
    rules: Rules[Any, Any],
    seat: Seat,
    view: Any,
    moves: Sequence[Any],
    stream: Stream,
    deadline: float | None,
) -> SearchResult:
    """One tree searched in this process until ``settings.iterations`` or ``deadline``."""
    search = _Search(settings, rules, settings.evaluate or evaluator(rules), stream)
    drawn = [sample_state(rules, view, stream)]
    samples = settings.samples

    def more() -> Any:
        state = sample_state(rules, view, stream)
        if samples is None or len(drawn) < samples:
            drawn.append(state)  # a state drawn for follow-ups is searched from too
        return state

    candidates = search.open_root(drawn[0], seat, moves, more)
    if len(candidates) == 1 or rules.players(drawn[0]) == 1:
        return SearchResult(candidates[0], 0, ((candidates[0], 0, 0.0),))
    limit = settings.iterations
    iteration = 0
    while limit is None or iteration < limit:
        if deadline is not None and iteration and time.monotonic() >= deadline:
            break
        if iteration < len(drawn):
            state = drawn[iteration]
        elif samples is not None and len(drawn) >= samples:
            state = drawn[iteration % samples]
        else:
            state = sample_state(rules, view, stream)
            drawn.append(state)
        search.iterate(state, seat, candidates)
        iteration += 1
    children = search.root.children
    stats = tuple((move, children[move].visits, children[move].reward) for move in candidates)
    # The most visited; among equals the better rated (candidates are in that order).
    return SearchResult(max(candidates, key=search.root_visits), iteration, stats)


def merged(results: Sequence[SearchResult]) -> SearchResult:
    """The root statistics of several searches added up, move by move; the most visited wins.

    Moves keep the order in which the searches list them (the first search's
    first), which breaks ties between equally visited moves.
    """
    totals: dict[Any, list[float]] = {}
    for result in results:
        for move, visits, reward in result.children:
            entry = totals.setdefault(move, [0, 0.0])
            entry[0] += visits
            entry[1] += reward
    children = tuple((move, int(visits), reward) for move, (visits, reward) in totals.items())
    best = max(children, key=lambda child: child[1])[0]
    return SearchResult(best, sum(result.iterations for result in results), children)


def parallel_search(
    settings: SearchSettings,
    rules: Rules[Any, Any],
    seat: Seat,
    view: Any,
    moves: Sequence[Any],
    stream: Stream,
    deadline: float | None,
) -> SearchResult:
    """``settings.workers`` searches, one here and the rest in worker processes, merged.

    Each search has its own stream, seeded in turn from ``stream``, so that
    without a clock the result depends only on ``stream`` and the number of
    workers, not on which process finishes first.
    """
    seeds = [stream.randbelow(1 << 62) for _ in range(settings.workers)]
    alone = attrs.evolve(settings, workers=1)
    listed = tuple(moves)
    pool = _pool(settings.workers - 1)
    futures: list[Future[SearchResult]] = [
        pool.submit(search_once, alone, rules, seat, view, listed, Stream(seed), deadline)
        for seed in seeds[1:]
    ]
    try:
        here = search_once(alone, rules, seat, view, listed, Stream(seeds[0]), deadline)
        results = [here, *(future.result() for future in futures)]
    except BrokenProcessPool:  # a worker died: start afresh next time
        _POOLS.pop(settings.workers - 1, None)
        raise
    return merged(results)


_POOLS: dict[int, ProcessPoolExecutor] = {}
"""The worker processes of parallel searches, by their number, started at first use."""


def _pool(size: int) -> ProcessPoolExecutor:
    pool = _POOLS.get(size)
    if pool is None:
        pool = _POOLS[size] = ProcessPoolExecutor(max_workers=size)
    return pool


def evaluator(rules: Rules[Any, Any]) -> Evaluate:
    """The game's ``evaluate``, or a fallback that rates a move by :func:`score_value`."""
    evaluate = rules.evaluate
    if evaluate is not None:
        return evaluate
    return _ScoreEvaluate(rules)


def score_value(score: Any) -> float:
    """A number from what ``score_move`` returned: itself, or the sum of a tuple of numbers.

    Anything else counts as ``0.0``, so that greedy play picks among such moves at random.

    >>> score_value(3), score_value((1, 0, 2)), score_value("?")
    (3.0, 3.0, 0.0)
    """
    if isinstance(score, (int, float)):
        return float(score)
    if isinstance(score, tuple) and all(isinstance(part, (int, float)) for part in score):
        return float(sum(score))
    return 0.0


@attrs.frozen
class _ScoreEvaluate:
    """Rate a move by what ``score_move`` says it scores (picklable, unlike a closure)."""

    rules: Rules[Any, Any]

    def __call__(self, state: Any, move: Any, seat: Seat) -> float:
        return score_value(self.rules.score_move(state, move))
