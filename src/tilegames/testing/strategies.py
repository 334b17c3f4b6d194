"""Hypothesis strategies and a state machine for property-based tests of any game.

Build reachable states by random legal play, draw legal (or deliberately
doubtful) moves, and run a stateful test that you extend with your own
invariants:

>>> from hypothesis import given, settings, strategies as st
>>> import tilegames
>>> from tilegames.testing.strategies import legal_move, states
>>> rules = tilegames.get("axio-rota")
>>> @settings(max_examples=10)
... @given(states(rules, max_moves=30), st.data())
... def test_a_move_keeps_the_seat_count(state, data):
...     if not rules.is_over(state):
...         move = data.draw(legal_move(rules, state))
...         assert rules.players(rules.apply(state, move)) == rules.players(state)
>>> test_a_move_keeps_the_seat_count()

Everything reaches the game through its :class:`~tilegames.Rules`. Shrinking
goes towards the first setup, seed 0, short games and the first listed moves.
A failing state of a registered game is reported as the game that reaches
it, ``final_state(Record(game=..., players=..., seed=..., moves=(...)))``
(:func:`tilegames.records.final_state`): paste it to replay the failure.
Installing tilegames also registers, through Hypothesis's entry point, a
strategy for the state class of every built-in game, so that
``st.from_type(axio_rota.State)`` draws reachable states.

This module needs Hypothesis, from the ``test`` extra
(``pip install "tilegames[test]"``); without it, importing the module says so.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, ClassVar, Generic, TypeVar

import attrs

from tilegames._core.chance import SEEDED, chance_mode
from tilegames._core.errors import IllegalMoveError, RecordError, UnknownGameError
from tilegames._core.extras import optional_imports
from tilegames._core.rng import SEED_BITS
from tilegames._core.rules import Rules, Setup, get, names
from tilegames.records import Record, final_state
from tilegames.records._record import _played, _written
from tilegames.testing._values import _mutations

with optional_imports(__name__, "test", "hypothesis"):
    from hypothesis import strategies as st
    from hypothesis.stateful import (
        RuleBasedStateMachine,
        initialize,
        invariant,
        precondition,
        rule,
    )

__all__ = [
    "RulesStateMachine",
    "legal_move",
    "moves",
    "register_type_strategies",
    "rules_for",
    "states",
]

StateT = TypeVar("StateT")
MoveT = TypeVar("MoveT")

_SEEDS = st.integers(min_value=0, max_value=(1 << SEED_BITS) - 1)


def _setups(rules: Rules[Any, Any], setups: Iterable[Setup] | None) -> tuple[Setup, ...]:
    chosen = tuple(setups) if setups is not None else tuple(rules.setups)
    if not chosen:
        msg = f"{rules.name} declares no setups; pass setups=..."
        raise ValueError(msg)
    return chosen


def states(
    rules: Rules[StateT, Any],
    *,
    setups: Iterable[Setup] | None = None,
    min_moves: int = 0,
    max_moves: int = 200,
    chance: Iterable[str] = ("seeded",),
) -> st.SearchStrategy[StateT]:
    """States reached by random legal play from a new game.

    Draws a setup, a seed for ``new_game``, a number of moves between
    ``min_moves`` and ``max_moves``, and then each move by its index in the
    legal moves; play stops early when the game ends, so finished games are
    drawn too. Shrinks towards the first setup, seed 0, fewer moves and the
    first listed moves.

    For a registered game (``tilegames.get(rules.name) is rules``) each
    state is drawn as the :class:`~tilegames.records.Record` of its game,
    mapped through :func:`~tilegames.records.final_state`: a failing example
    then prints as that call, a few lines that replay the state. Another
    game's states print as their fields.

    Args:
        rules: the game.
        setups: the setups to draw from (by default every setup of the game).
        min_moves: the fewest moves to play (fewer only if the game ends first).
        max_moves: the most moves to play.
        chance: the chance modes to draw from (``"seeded"``, ``"explicit"``);
            in an explicit game chance's steps count as moves and their
            outcomes are drawn like any listed move (an unseen draw included).

    Raises:
        ValueError: for no setups or a bad range of moves.
        ConfigurationError: for a chance mode that is not one of the two.
    """
    chosen = _setups(rules, setups)
    modes = tuple(chance_mode(mode) for mode in chance)
    if not modes:
        msg = "chance names no mode; pass 'seeded', 'explicit' or both"
        raise ValueError(msg)
    if modes != (SEEDED,):
        chosen = tuple(
            Setup(
                setup.players,
                {**dict(setup.options), **({"chance": mode} if mode != SEEDED else {})},
            )
            for setup in chosen
            for mode in modes
        )
    if not 0 <= min_moves <= max_moves:
        msg = f"need 0 <= min_moves <= max_moves, got {min_moves} and {max_moves}"
        raise ValueError(msg)
    if _replayable(rules, chosen):
        return _games(rules, chosen, min_moves, max_moves).map(final_state)
    return _states(rules, chosen, min_moves, max_moves)


def _replayable(rules: Rules[Any, Any], setups: tuple[Setup, ...]) -> bool:
    """Whether :func:`final_state` replays the games of these setups through the registry.

    The game must be the one registered under its name, and a record must
    hold every setup's options.
    """
    try:
        if get(rules.name) is not rules:
            return False
        for setup in setups:
            _written(rules, setup.players, 0, setup.options, ())
    except (UnknownGameError, RecordError):
        return False
    return True


@st.composite
def _states(
    draw: st.DrawFn,
    rules: Rules[StateT, Any],
    setups: tuple[Setup, ...],
    min_moves: int,
    max_moves: int,
) -> StateT:
    """The last state of a drawn game."""
    return _play(draw, rules, setups, min_moves, max_moves).state


@st.composite
def _games(
    draw: st.DrawFn,
    rules: Rules[Any, Any],
    setups: tuple[Setup, ...],
    min_moves: int,
    max_moves: int,
) -> Record:
    """The record of a drawn game; :func:`final_state` finds its last state without replaying."""
    game = _play(draw, rules, setups, min_moves, max_moves)
    setup = game.setup
    return _played(rules, setup.players, game.seed, setup.options, game.moves, game.state)


@attrs.frozen
class _Game(Generic[StateT, MoveT]):
    """A game played by :func:`_play`."""

    setup: Setup
    """The setup drawn."""
    seed: int
    """The seed drawn, given to ``new_game``."""
    moves: tuple[MoveT, ...]
    """The moves played, in order."""
    state: StateT
    """The state they lead to."""
    listed: Sequence[MoveT]
    """The last non-empty list of legal moves."""


def _play(
    draw: st.DrawFn,
    rules: Rules[StateT, MoveT],
    setups: tuple[Setup, ...],
    min_moves: int,
    max_moves: int,
) -> _Game[StateT, MoveT]:
    """Play a drawn game from a drawn setup and seed."""
    setup = draw(st.sampled_from(setups), label="setup")
    seed = draw(_SEEDS, label="seed")
    length = draw(st.integers(min_moves, max_moves), label="moves")
    state = rules.new_game(**setup.kwargs, seed=seed)
    listed: Sequence[MoveT] = ()
    played: list[MoveT] = []
    for _ in range(length):
        if rules.is_over(state):
            break
        listed = rules.legal_moves(state)
        played.append(listed[draw(st.integers(0, len(listed) - 1))])
        state = rules.apply(state, played[-1])
    if not rules.is_over(state):
        listed = rules.legal_moves(state)
    return _Game(setup, seed, tuple(played), state, listed)


@st.composite
def _elsewhere(draw: st.DrawFn, rules: Rules[Any, MoveT], setups: tuple[Setup, ...]) -> MoveT:
    """A move that was legal somewhere in another drawn game."""
    listed = _play(draw, rules, setups, 0, 60).listed
    return listed[draw(st.integers(0, len(listed) - 1))]


def legal_move(rules: Rules[StateT, MoveT], state: StateT) -> st.SearchStrategy[MoveT]:
    """One legal move of ``state``, shrinking towards the first listed.

    A finished game has none: the strategy then draws nothing (the example is
    rejected), so it composes with :func:`states` that may end games.
    """
    listed = rules.legal_moves(state)
    if not len(listed):
        return st.nothing()
    return st.integers(0, len(listed) - 1).map(listed.__getitem__)


def moves(
    state: StateT,
    rules: Rules[StateT, MoveT] | None = None,
    *,
    pool: Iterable[MoveT] = (),
) -> st.SearchStrategy[MoveT]:
    """Moves of the game that may or may not be legal in ``state``: for testing refusals.

    Draws a legal move, a copy of one with a field nudged (an int moved by
    one, a ``None`` filled in), a move from ``pool`` (for example the moves
    played earlier), or a legal move of another state with as many seats.
    Compare ``move in rules.legal_moves(state)`` with what ``why_illegal``
    and ``apply`` say.

    Args:
        state: the state to offer the moves to.
        rules: the game; by default found by the state's class (:func:`rules_for`).
        pool: further moves to draw from.
    """
    game: Rules[StateT, MoveT] = rules if rules is not None else rules_for(state)
    listed = game.legal_moves(state)
    choices: list[st.SearchStrategy[MoveT]] = []
    if len(listed):
        some_legal = legal_move(game, state)
        choices.append(some_legal)
        choices.append(some_legal.flatmap(_nudged))
    extra = tuple(pool)
    if extra:
        choices.append(st.sampled_from(extra))
    seats = game.players(state)
    alike = [setup for setup in game.setups if setup.players == seats]
    if alike:
        choices.append(_elsewhere(game, tuple(alike)))
    if not choices:
        return st.nothing()
    return st.one_of(choices)


def _nudged(move: MoveT) -> st.SearchStrategy[MoveT]:
    variants: list[MoveT] = _mutations(move)
    return st.sampled_from(variants) if variants else st.just(move)


# ---------------------------------------------------------------------------
# From a state's class to its game, and st.from_type
# ---------------------------------------------------------------------------

_RULES_BY_TYPE: dict[type, Rules[Any, Any]] = {}


def _state_type(rules: Rules[Any, Any]) -> type:
    """The class of the game's states: its ``state_type``, else that of a new game's state.

    Read when Hypothesis loads (its plugin hook), so a game that names its
    state class starts no game then.
    """
    named = getattr(rules, "state_type", None)
    if isinstance(named, type):
        return named
    setup = rules.setups[0]
    return type(rules.new_game(**setup.kwargs, seed=0))


def rules_for(state: object) -> Rules[Any, Any]:
    """The registered game whose states are of the class of ``state``.

    Raises:
        LookupError: if no registered game makes states of that class.
    """
    cls = type(state)
    if cls not in _RULES_BY_TYPE:
        for name in names():
            rules = get(name)
            _RULES_BY_TYPE.setdefault(_state_type(rules), rules)
    try:
        return _RULES_BY_TYPE[cls]
    except KeyError:
        msg = f"no registered game makes states of class {cls.__qualname__}; pass rules=..."
        raise LookupError(msg) from None


def register_type_strategies(games: Sequence[Rules[Any, Any]] | None = None) -> None:
    """Make ``st.from_type(StateClass)`` draw :func:`states` of each game.

    Installing tilegames does this for the built-in games when Hypothesis is
    imported; call it for a game of your own (or one registered later).
    A game that fails to start is skipped: its own tests show why.

    Args:
        games: the games, by default every registered one.
    """
    chosen: list[Rules[Any, Any]] = []
    if games is not None:
        chosen = list(games)
    else:
        for name in names():
            try:
                chosen.append(get(name))
            except Exception:  # a broken game must not break Hypothesis
                continue
    for rules in chosen:
        try:
            cls = _state_type(rules)
        except Exception:
            continue
        _RULES_BY_TYPE[cls] = rules
        st.register_type_strategy(cls, states(rules))


# ---------------------------------------------------------------------------
# Stateful testing
# ---------------------------------------------------------------------------


def _not_over(machine: RulesStateMachine) -> bool:
    return not machine.game.is_over(machine.state)


class RulesStateMachine(RuleBasedStateMachine):
    """A Hypothesis state machine that plays a game; subclass it with your invariants.

    Set :attr:`game` (and optionally :attr:`setups`) in the subclass. Each
    run starts a game from a drawn setup and seed, then mixes two steps:
    playing a legal move (:meth:`check_move` sees each) and offering a
    doubtful move (:func:`moves`), which must be refused exactly when it is
    not listed, leaving the state unchanged. Built-in invariants check that
    ``to_move``, ``is_over`` and ``outcome`` agree; add your own with
    ``@invariant()`` methods reading :attr:`state`::

        from hypothesis.stateful import invariant
        from tilegames import axio_rota
        from tilegames.testing.strategies import RulesStateMachine

        class AxioRotaMachine(RulesStateMachine):
            game = axio_rota.RULES

            @invariant()
            def tracks_stay_capped(self):
                assert all(max(t) <= 12 for t in axio_rota.scores(self.state))

        TestAxioRota = AxioRotaMachine.TestCase

    Hypothesis runs at most 50 steps by default; raise ``stateful_step_count``
    in ``TestCase.settings`` to reach the ends of long games.
    """

    game: ClassVar[Rules[Any, Any]]
    """The game under test: set it in the subclass (``rules`` is Hypothesis's own name)."""
    setups: ClassVar[Sequence[Setup] | None] = None
    """The setups to draw from; ``None`` for every setup of the game."""

    state: Any
    """The current state."""
    setup: Setup
    """The setup of this run's game."""
    seed: int
    """The seed of this run's game."""
    history: list[Any]
    """The moves played so far."""

    def __init__(self) -> None:
        """Refuse to run without a game."""
        if not hasattr(type(self), "game"):
            msg = f"{type(self).__name__} must set `game = <module>.RULES`"
            raise TypeError(msg)
        super().__init__()
        self.history = []

    @initialize(data=st.data())
    def start(self, data: st.DataObject) -> None:
        """Start a game from a drawn setup and seed."""
        chosen = _setups(self.game, self.setups)
        self.setup = data.draw(st.sampled_from(chosen), label="setup")
        self.seed = data.draw(_SEEDS, label="seed")
        self.state = self.game.new_game(**self.setup.kwargs, seed=self.seed)

    @precondition(_not_over)
    @rule(data=st.data())
    def play(self, data: st.DataObject) -> None:
        """Play a drawn legal move."""
        listed = self.game.legal_moves(self.state)
        move = listed[data.draw(st.integers(0, len(listed) - 1), label="move index")]
        before = self.state
        after = self.game.apply(before, move)
        self.check_move(before, move, after)
        self.state = after
        self.history.append(move)

    @rule(data=st.data())
    def offer(self, data: st.DataObject) -> None:
        """Offer a doubtful move: it is refused exactly when it is not listed."""
        rules, state = self.game, self.state
        move = data.draw(moves(state, rules, pool=self.history[-16:]), label="offered")
        listed = move in rules.legal_moves(state)
        reason = rules.why_illegal(state, move)
        text = rules.format_move(move)
        if listed:
            assert reason is None, f"{text} is listed but why_illegal says {reason!r}"
            return
        assert reason, f"{text} is not listed but why_illegal gives no reason"
        try:
            rules.apply(state, move)
        except IllegalMoveError:
            pass
        else:
            raise AssertionError(f"apply accepted {text}, which legal_moves does not list")
        assert self.state == state, f"refusing {text} changed the state"

    def check_move(self, before: Any, move: Any, after: Any) -> None:
        """Override to check each move played: the states before and after it."""

    @invariant()
    def over_exactly_when_no_one_moves(self) -> None:
        """``to_move`` is empty exactly when ``is_over``."""
        assert self.game.is_over(self.state) == (not self.game.to_move(self.state))

    @invariant()
    def outcome_exactly_when_over(self) -> None:
        """``outcome`` is ``None`` exactly until the game is over, then has a score per seat."""
        result = self.game.outcome(self.state)
        if self.game.is_over(self.state):
            assert result is not None
            assert len(result.scores) == self.game.players(self.state)
        else:
            assert result is None


# Importing this module registers the built-in games with st.from_type, as the entry
# point does when Hypothesis is imported first (see tilegames.testing).
register_type_strategies()
