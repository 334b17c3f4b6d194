"""The conformance checker: random legal games, the whole contract checked at every step."""

from __future__ import annotations

import pickle
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from typing import Any, Generic, TypeVar

from tilegames import serialize
from tilegames._core import rng
from tilegames._core.chance import CHANCE, EXPLICIT, SEEDED, Unseen, chance_mode, sample
from tilegames._core.errors import IllegalMoveError, UnknownGameError
from tilegames._core.rules import Outcome, Rules, Setup, get
from tilegames.testing._report import CheckReport, ConformanceError
from tilegames.testing._values import (
    _HIDDEN_NAMES,
    _attributes,
    _carries,
    _hidden_name,
    _mutations,
    _walk,
)

__all__ = ["CheckReport", "ConformanceError", "check_rules"]


StateT = TypeVar("StateT")


MoveT = TypeVar("MoveT")


_FULL_CHECK_LIMIT = 2_000  # legal move lists up to this length are enumerated in full


_SAMPLED_INDICES = 64  # indices compared between indexing and iteration otherwise
_WRITTEN_EVERY = 4  # a game's format_moves, if it has one, is checked every fourth step


_POOL_SIZE = 256  # moves remembered from earlier states, offered again as candidates


def check_rules(
    rules: Rules[StateT, MoveT],
    *,
    games: int = 20,
    seed: int = 0,
    setups: Iterable[Setup] | None = None,
    max_moves: int = 10_000,
    legal_samples: int = 4,
    illegal_samples: int = 8,
    candidates: Callable[[StateT], Iterable[MoveT]] | None = None,
    json: bool | None = None,
    chance: Sequence[str] | None = None,
) -> CheckReport:
    """Play random legal games and check the contract of :class:`~tilegames.Rules` throughout.

    Games cycle through ``setups`` (by default every setup the game declares).
    At every step the checker verifies that

    * ``to_move`` is empty exactly when ``is_over``, and ``outcome`` is ``None``
      exactly until then, and consistent (one score per seat) after;
    * a game that is not over has a legal move, and the listed moves are
      distinct, hashable, and the same by indexing, iteration and ``in``;
    * with ``format_moves``, the listing written at once is the list of each
      listed move's ``format_move``, in order (every fourth step: evenly
      spaced places of a long listing, all of a short one);
    * sampled listed moves (and the one played) are accepted by ``why_illegal``
      and ``apply``, round-trip through ``format_move``/``parse_move``, and
      applying them leaves the state unchanged (compared by value with a copy
      and by pickle);
    * moves that are not listed (moves of earlier states, mutated copies of
      listed moves, and any ``candidates`` the caller provides) are rejected:
      ``why_illegal`` gives a reason and ``apply`` raises
      :class:`~tilegames.IllegalMoveError`, and nothing else;
    * states pickle and hash, and compare equal after the trip; ``players`` is
      the setup's count;
    * every seat's ``view`` is deterministic, pickles, and carries no
      attribute named ``seed`` or ``rng`` and not the state's seed value;
      so is the public view ``view(state, None)`` (an onlooker's), whose
      ``seat``, where it has one, is ``None``; and with ``determinize``, the
      public view leaks nothing a seat's view hides from another seat: for
      each seat, a state sampled from that seat's view has the very same
      public view;
    * once over, no move is listed and every move is refused;
    * ``new_game`` with the same seed gives the same state, and replaying
      the game's moves from their notation gives the same final state;
    * the game ends within ``max_moves`` moves;
    * with ``json``, every state, view, played move and the outcome survive a
      round trip through :mod:`tilegames.serialize` (loading validates them);
    * in a game started with ``chance="explicit"``, ``to_move`` is
      ``(CHANCE,)`` exactly where ``chance_outcomes`` lists outcomes; these
      are distinct, their probabilities are positive fractions summing to 1,
      and they are the listed moves apart from an unseen draw
      (:class:`~tilegames.chance.Unseen`), in the same order; the step
      played there is sampled by those probabilities. Everywhere else, and
      in a seeded game always, ``chance_outcomes`` is ``()``.

    Moves are chosen uniformly at random from a seeded generator, so a run is
    reproducible from ``seed``.

    Args:
        rules: the game under test.
        games: how many complete games to play.
        seed: the master seed; each game derives its own from it.
        setups: the player counts and options to cycle through.
        max_moves: the most moves a game may take before it counts as endless.
        legal_samples: listed moves per state checked beyond the one played.
        illegal_samples: unlisted candidate moves per state checked to be rejected.
        candidates: an optional source of extra moves to try per state (legal or
            not), such as every placement on every cell.
        json: whether to check the JSON round trips; by default, when the game
            is registered under its name (:func:`tilegames.register`).
        chance: the chance modes to alternate between (``"seeded"``,
            ``"explicit"``); by default both when the game has
            ``chance_outcomes``, else ``("seeded",)``.

    Returns:
        A :class:`CheckReport` of what was checked.

    Raises:
        ConformanceError: at the first breach, with the seed and the moves
            that reproduce it.
    """
    chosen = tuple(setups) if setups is not None else tuple(rules.setups)
    if not chosen:
        msg = f"{rules.name} declares no setups; pass setups=..."
        raise ValueError(msg)
    if json is None:
        json = _registered(rules)
    if chance is None:
        chance = (SEEDED, EXPLICIT) if rules.chance_outcomes is not None else (SEEDED,)
    modes = tuple(chance_mode(mode) for mode in chance)
    if not modes:
        msg = "chance names no mode; pass 'seeded', 'explicit' or both"
        raise ValueError(msg)
    totals = _Totals()
    for number in range(games):
        setup = chosen[(number // len(modes)) % len(chosen)]
        game_seed = rng.derive(seed, rules.name, "game", number)
        stream = rng.Stream(rng.derive(seed, rules.name, "moves", number))
        checked = _Game(rules, setup, game_seed, stream, max_moves, candidates, totals)
        checked.json = json
        checked.explicit = modes[number % len(modes)] == EXPLICIT
        checked.play(legal_samples, illegal_samples)
    return CheckReport(
        game=rules.name,
        games=games,
        moves=totals.moves,
        legal_checked=totals.legal,
        illegal_checked=totals.illegal,
        longest=totals.longest,
        setups=chosen,
    )


def _registered(rules: Rules[Any, Any]) -> bool:
    try:
        return get(rules.name) is rules
    except UnknownGameError:
        return False


class _Totals:
    __slots__ = ("illegal", "legal", "longest", "moves")

    def __init__(self) -> None:
        self.moves = self.legal = self.illegal = self.longest = 0


class _Game(Generic[StateT, MoveT]):
    """One checked game; methods raise ConformanceError with the game's history."""

    def __init__(
        self,
        rules: Rules[StateT, MoveT],
        setup: Setup,
        seed: int,
        stream: rng.Stream,
        max_moves: int,
        candidates: Callable[[StateT], Iterable[MoveT]] | None,
        totals: _Totals,
    ) -> None:
        self.rules = rules
        self.setup = setup
        self.seed = seed
        self.stream = stream
        self.max_moves = max_moves
        self.candidates = candidates
        self.totals = totals
        self.history: list[str] = []
        self.pool: list[MoveT] = []
        self.json = False
        self.explicit = False
        self.public_stream = rng.Stream(rng.derive(seed, "public view"))

    @property
    def kwargs(self) -> dict[str, Any]:
        """``new_game``'s arguments: the setup's, and ``chance="explicit"`` when explicit."""
        return {**self.setup.kwargs, **({"chance": EXPLICIT} if self.explicit else {})}

    def fail(self, problem: str) -> ConformanceError:
        if self.explicit:
            problem = f"(chance='explicit') {problem}"
        return ConformanceError(
            problem, game=self.rules.name, setup=self.setup, seed=self.seed, moves=self.history
        )

    def play(self, legal_samples: int, illegal_samples: int) -> None:
        rules = self.rules
        state = self.guard("new_game", rules.new_game, **self.kwargs, seed=self.seed)
        again = self.guard("new_game", rules.new_game, **self.kwargs, seed=self.seed)
        if again != state:
            raise self.fail("new_game with the same seed gave two different states")
        self.check_state(state)
        while not rules.is_over(state):
            if len(self.history) >= self.max_moves:
                raise self.fail(f"the game did not end within {self.max_moves} moves")
            moves = self.guard("legal_moves", rules.legal_moves, state)
            listed = self.check_listing(state, moves)
            if rules.format_moves is not None and not len(self.history) % _WRITTEN_EVERY:
                self.check_written(rules.format_moves, moves)
            outcomes = self.check_chance(state, moves)
            if outcomes:
                played = sample(outcomes, self.stream)
            else:
                played = moves[self.stream.randbelow(len(moves))]
            for _ in range(min(legal_samples, len(moves))):
                self.check_legal(state, moves[self.stream.randbelow(len(moves))])
            self.check_illegal_candidates(state, moves, listed, played, illegal_samples)
            state = self.check_legal(state, played)
            self.history.append(rules.format_move(played))
            self.remember(played)
            self.check_state(state)
        self.check_over(state)
        self.check_replay(state)
        self.totals.moves += len(self.history)
        self.totals.longest = max(self.totals.longest, len(self.history))

    def guard(self, what: str, function: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """Call a function of the game; an unexpected exception becomes a ConformanceError."""
        try:
            return function(*args, **kwargs)
        except ConformanceError:
            raise
        except Exception as error:
            raise self.fail(f"{what} raised {type(error).__name__}: {error}") from error

    def check_state(self, state: StateT) -> None:
        rules = self.rules
        over = self.guard("is_over", rules.is_over, state)
        seats = self.guard("to_move", rules.to_move, state)
        result = self.guard("outcome", rules.outcome, state)
        players = self.guard("players", rules.players, state)
        if players != self.setup.players:
            raise self.fail(f"players(state) is {players}, the setup has {self.setup.players}")
        if over != (not seats):
            raise self.fail(f"is_over is {over} but to_move is {seats!r}")
        if seats == (CHANCE,) and not self.explicit:
            raise self.fail("to_move is (CHANCE,) in a seeded game")
        outside = seats != (CHANCE,) and any(not 0 <= seat < players for seat in seats)
        if outside or len(set(seats)) != len(seats):
            raise self.fail(f"to_move {seats!r} names seats outside 0..{players - 1} or twice")
        if not over and result is not None:
            raise self.fail(f"outcome is {result!r} before the game is over")
        if over:
            if not isinstance(result, Outcome):
                raise self.fail(f"the game is over but outcome is {result!r}")
            if len(result.scores) != players:
                raise self.fail(f"outcome has {len(result.scores)} scores for {players} seats")
            if result.game != rules.name:
                raise self.fail(f"the outcome names the game {result.game!r}, not {rules.name!r}")
            self.check_value("outcome", result)
        self.check_value("state", state)
        seeds = {  # the state's seeds, which no view may carry
            v for v in _attributes(state, _HIDDEN_NAMES) if isinstance(v, int) and v > 1 << 16
        }
        for seat in range(players):
            self.check_view(state, seat, seeds)
        self.check_public(state, players, seeds)

    def check_chance(self, state: StateT, moves: Sequence[MoveT]) -> tuple[tuple[MoveT, Any], ...]:
        """Check ``chance_outcomes`` against ``to_move`` and the listing; the outcomes."""
        rules = self.rules
        if rules.chance_outcomes is None:
            return ()
        outcomes = tuple(self.guard("chance_outcomes", rules.chance_outcomes, state))
        at_chance = rules.to_move(state) == (CHANCE,)
        if not at_chance:
            if outcomes:
                raise self.fail(f"chance_outcomes lists {len(outcomes)} outcomes at a seat's step")
            return ()
        if not outcomes:
            raise self.fail("to_move is (CHANCE,) but chance_outcomes is empty")
        chances = [p for _, p in outcomes]
        if not all(isinstance(p, Fraction) and p > 0 for p in chances) or sum(chances) != 1:
            raise self.fail(
                f"chance probabilities {chances} are not positive Fractions summing to 1"
            )
        named = [move for move in moves if not isinstance(move, Unseen)]
        if named != [outcome for outcome, _ in outcomes]:
            raise self.fail("chance_outcomes and legal_moves (without Unseen) differ")
        return outcomes

    def check_value(self, what: str, value: object) -> None:
        """Values must hash, pickle (and with ``json``, save as JSON), and come back equal."""
        try:
            digest = hash(value)
            back = pickle.loads(pickle.dumps(value))
        except Exception as error:
            raise self.fail(f"the {what} does not hash and pickle: {error!r}") from error
        if back != value or hash(back) != digest:
            raise self.fail(f"the {what} is not equal to itself after a pickle round trip")
        if self.json:
            text = self.guard(f"to_json({what})", serialize.to_json, value)
            loaded = self.guard(f"from_json({what})", serialize.from_json, text, type(value))
            if loaded != value:
                raise self.fail(f"the {what} is not equal to itself after a JSON round trip")

    def check_view(self, state: StateT, seat: int | None, state_seeds: set[int]) -> None:
        rules = self.rules
        view = self.guard("view", rules.view, state, seat)
        if self.guard("view", rules.view, state, seat) != view:
            raise self.fail(f"view(state, {seat}) differs between two calls")
        self.check_value(f"view of seat {seat}", view)
        if not _carries(view, state_seeds):
            return
        for path, value in _walk(view):  # the walk again, to say where
            if _hidden_name(path.rsplit(".", 1)[-1]):
                raise self.fail(f"view(state, {seat}) carries {path} = {value!r}")
            if isinstance(value, int) and not isinstance(value, bool) and value in state_seeds:
                raise self.fail(f"view(state, {seat}) carries the state's seed at {path}")

    def check_public(self, state: StateT, players: int, state_seeds: set[int]) -> None:
        """The public view: a view like the others, which no seat's secret changes."""
        rules = self.rules
        public = self.guard("view", rules.view, state, None)
        self.check_view(state, None, state_seeds)
        if getattr(public, "seat", None) is not None:
            raise self.fail(f"view(state, None).seat is {public.seat!r}, not None")
        if rules.determinize is None:
            return
        for seat in range(players):
            seen = self.guard("view", rules.view, state, seat)
            sample = self.guard("determinize", rules.determinize, seen, self.public_stream)
            if self.guard("view", rules.view, sample, None) != public:
                raise self.fail(
                    f"view(state, None) differs in a state that seat {seat} cannot tell from "
                    f"this one (determinize(view(state, {seat}))): the public view shows "
                    f"something seat {seat}'s view hides"
                )

    def check_listing(self, state: StateT, moves: Sequence[MoveT]) -> frozenset[MoveT] | None:
        """Check the listed moves; return them as a set when enumerated in full."""
        count = len(moves)
        if count == 0:
            raise self.fail("the game is not over but legal_moves is empty")
        if count <= _FULL_CHECK_LIMIT:
            as_list = list(moves)
            if len(as_list) != count:
                raise self.fail(f"len(legal_moves) is {count} but iteration gives {len(as_list)}")
            listed = frozenset(as_list)
            if len(listed) != count:
                twice = next(m for i, m in enumerate(as_list) if m in as_list[:i])
                raise self.fail(f"legal_moves lists {self.text(twice)} more than once")
            indices: Iterable[int] = range(count)
        else:
            listed = None
            indices = {self.stream.randbelow(count) for _ in range(_SAMPLED_INDICES)}
            as_list = None
        for index in indices:
            move = moves[index]
            if as_list is not None and as_list[index] != move:
                raise self.fail(f"legal_moves[{index}] differs from the {index}th move iterated")
            if move not in moves:
                raise self.fail(f"legal_moves[{index}] = {self.text(move)} is not `in` the list")
        return listed

    def check_written(
        self, format_moves: Callable[[Sequence[MoveT]], list[str]], moves: Sequence[MoveT]
    ) -> None:
        """``format_moves`` writes the listing as ``format_move`` writes each move, in order."""
        written = self.guard("format_moves", format_moves, moves)
        count = len(moves)
        if type(written) is not list or len(written) != count:
            got = f"{len(written)} texts" if type(written) is list else repr(type(written))
            raise self.fail(f"format_moves(legal_moves) gave {got} for {count} moves")
        places: Iterable[int] = range(count)
        if count > _FULL_CHECK_LIMIT:  # evenly spaced, and the last: the stream is not drawn
            places = [*range(0, count, count // _SAMPLED_INDICES), count - 1]
        for index in places:
            one = self.guard("format_move", self.rules.format_move, moves[index])
            if written[index] != one:
                raise self.fail(
                    f"format_moves(legal_moves)[{index}] is {written[index]!r}, "
                    f"but format_move gives {one!r}"
                )

    def check_legal(self, state: StateT, move: MoveT) -> StateT:
        """A listed move must be accepted, round-trip, and leave the state as it was."""
        rules = self.rules
        self.totals.legal += 1
        self.check_value("move", move)
        text = self.text(move)
        reason = self.guard("why_illegal", rules.why_illegal, state, move)
        if reason is not None:
            raise self.fail(f"listed move {text} is refused by why_illegal: {reason}")
        written = self.guard("format_move", rules.format_move, move)
        parsed = self.guard(f"parse_move({written!r})", rules.parse_move, written, state)
        if parsed != move:
            raise self.fail(f"parse_move(format_move(m)) gave {parsed!r}, not m = {move!r}")
        self.guard(f"score_move({text})", rules.score_move, state, move)
        pickled = pickle.dumps(state)
        before = pickle.loads(pickled)  # a copy: far quicker than copy.deepcopy
        try:
            after: StateT = rules.apply(state, move)
        except Exception as error:
            problem = f"apply refused listed move {text}: {type(error).__name__}: {error}"
            raise self.fail(problem) from error
        if state != before or pickle.dumps(state) != pickled:
            raise self.fail(f"apply({text}) changed the state it was given")
        return after

    def check_illegal_candidates(
        self,
        state: StateT,
        moves: Sequence[MoveT],
        listed: frozenset[MoveT] | None,
        played: MoveT,
        samples: int,
    ) -> None:
        pool: list[MoveT] = list(_mutations(played))
        if self.pool:
            pool.extend(self.pool[self.stream.randbelow(len(self.pool))] for _ in range(samples))
        if self.candidates is not None:
            extra: list[MoveT] = list(self.guard("candidates", self.candidates, state))
            pool.extend(extra[self.stream.randbelow(len(extra))] for _ in range(samples) if extra)
        for candidate in pool:
            contained = self.guard("`in` legal_moves", moves.__contains__, candidate)
            if listed is not None and contained != (candidate in listed):
                raise self.fail(
                    f"`{self.text(candidate)} in legal_moves` is {contained}, "
                    "but enumerating the list says otherwise"
                )
            if contained:
                self.check_legal(state, candidate)
            else:
                self.check_refused(state, candidate)

    def check_refused(self, state: StateT, move: MoveT) -> None:
        """An unlisted move must be refused by why_illegal and apply, state untouched."""
        rules = self.rules
        self.totals.illegal += 1
        text = self.text(move)
        reason = self.guard(f"why_illegal({text})", rules.why_illegal, state, move)
        if not isinstance(reason, str) or not reason:
            raise self.fail(f"why_illegal({text}) gave {reason!r} for a move not listed")
        before = pickle.loads(pickle.dumps(state))  # a copy: far quicker than copy.deepcopy
        try:
            rules.apply(state, move)
        except IllegalMoveError:
            pass
        except Exception as error:
            problem = (
                f"apply({text}), a move not listed, raised {type(error).__name__} "
                f"instead of IllegalMoveError: {error}"
            )
            raise self.fail(problem) from error
        else:
            raise self.fail(f"apply accepted {text}, which legal_moves does not list")
        if state != before:
            raise self.fail(f"apply({text}) changed the state while refusing the move")

    def check_over(self, state: StateT) -> None:
        rules = self.rules
        moves = self.guard("legal_moves", rules.legal_moves, state)
        if len(moves):
            raise self.fail(f"the game is over but legal_moves lists {len(moves)} moves")
        for move in self.pool[-8:]:
            self.check_refused(state, move)

    def check_replay(self, final: StateT) -> None:
        rules = self.rules
        state = rules.new_game(**self.kwargs, seed=self.seed)
        for text in self.history:
            move = self.guard(f"parse_move({text!r})", rules.parse_move, text, state)
            state = self.guard(f"apply({text}) on replay", rules.apply, state, move)
        if state != final:
            raise self.fail("replaying the moves from the same seed gave a different state")

    def remember(self, move: MoveT) -> None:
        if len(self.pool) < _POOL_SIZE:
            self.pool.append(move)
        else:
            self.pool[self.stream.randbelow(_POOL_SIZE)] = move

    def text(self, move: MoveT) -> str:
        try:
            return repr(self.rules.format_move(move))
        except Exception:
            return repr(move)
