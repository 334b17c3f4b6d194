"""Tests for tilegames.testing.strategies: states, moves, the state machine and from_type."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, Phase, find, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import invariant, run_state_machine_as_test

import high_card as cards
import tilegames
import tilegames.testing
import toy_game
from tilegames import axio_rota
from tilegames.testing.strategies import (
    RulesStateMachine,
    legal_move,
    moves,
    register_type_strategies,
    rules_for,
    states,
)

QUICK = settings(max_examples=40, suppress_health_check=[HealthCheck.too_slow])
MACHINE = settings(max_examples=15, stateful_step_count=20)


def marks(state: toy_game.State) -> tuple[int, int]:
    """How many marks each seat has on the toy board."""
    return state.board.count(0), state.board.count(1)


class TestStates:
    """states() draws states reached by legal play."""

    @QUICK
    @given(states(toy_game.RULES))
    def test_reachable_boards(self, state: toy_game.State) -> None:
        """Toy boards have marks that alternate (counts differ by at most one)."""
        x, o = marks(state)
        assert abs(x - o) <= 1
        assert toy_game.why_illegal(state, toy_game.Move((9, 9))) is not None

    @QUICK
    @given(states(cards.RULES, min_moves=3, max_moves=5))
    def test_move_range(self, state: cards.State) -> None:
        """min_moves..max_moves cards are on the table (a game of 9 cards lasts 9 moves)."""
        assert 3 <= len(state.table) <= 5

    def test_shrinks_to_the_start(self) -> None:
        """The simplest state is the first setup's new game from seed 0."""
        assert find(states(toy_game.RULES), lambda s: True) == toy_game.new_game(seed=0)

    def test_shrinks_towards_short_games(self) -> None:
        """The simplest state with at least three cards played has exactly three."""
        played = find(states(cards.RULES), lambda s: len(s.table) >= 3)
        assert len(played.table) == 3

    def test_setups_are_drawn(self) -> None:
        """Every setup of a game can be drawn, and setups= limits them."""
        three = find(states(cards.RULES), lambda s: cards.players(s) == 3)
        assert cards.players(three) == 3
        five = find(states(cards.RULES, setups=[tilegames.Setup(2, {"cards": 5})]), bool)
        assert five.cards == 5

    def test_explicit_chance_states(self) -> None:
        """chance= draws explicit games too, chance steps included; both modes by request."""
        at_chance = find(
            states(axio_rota.RULES, chance=("explicit",), max_moves=3),
            lambda s: axio_rota.to_move(s) == (tilegames.CHANCE,),
        )
        axio_rota.validate(at_chance)
        both = states(axio_rota.RULES, chance=("seeded", "explicit"), max_moves=0)
        seeded = find(both, lambda s: axio_rota.to_move(s) != (tilegames.CHANCE,))
        assert axio_rota.to_move(seeded) == (0,)  # a seeded game starts with seat 0 to move
        with pytest.raises(tilegames.ConfigurationError, match="'seeded' or 'explicit'"):
            states(axio_rota.RULES, chance=("random",))
        with pytest.raises(ValueError, match="names no mode"):
            states(axio_rota.RULES, chance=())

    @pytest.mark.parametrize(("low", "high"), [(-1, 3), (4, 3)])
    def test_bad_range(self, low: int, high: int) -> None:
        """A negative or empty range of moves is refused."""
        with pytest.raises(ValueError, match="min_moves"):
            states(toy_game.RULES, min_moves=low, max_moves=high)

    def test_no_setups(self) -> None:
        """A game without setups needs setups=."""
        with pytest.raises(ValueError, match="declares no setups"):
            states(attrs.evolve(toy_game.RULES, setups=()))


class TestLegalMove:
    """legal_move() draws one of the listed moves."""

    @QUICK
    @given(st.data())
    def test_listed(self, data: st.DataObject) -> None:
        """The drawn move is listed and applies."""
        state = data.draw(states(axio_rota.RULES, max_moves=20))
        if axio_rota.is_over(state):
            return
        move = data.draw(legal_move(axio_rota.RULES, state))
        assert move in axio_rota.legal_moves(state)
        axio_rota.apply(state, move)

    def test_shrinks_to_the_first(self) -> None:
        """The simplest legal move is the first listed."""
        state = toy_game.new_game(seed=2)
        assert find(legal_move(toy_game.RULES, state), bool) == toy_game.legal_moves(state)[0]

    def test_none_when_over(self) -> None:
        """A finished game has no legal move to draw."""
        over = find(states(toy_game.RULES), toy_game.is_over)
        assert legal_move(toy_game.RULES, over).is_empty


class TestMoves:
    """moves() draws legal and illegal moves of the game."""

    def test_draws_both(self) -> None:
        """Some drawn moves are legal, some are not."""
        state = toy_game.new_game(seed=1)
        listed = toy_game.legal_moves(state)
        strategy = moves(state, toy_game.RULES)
        assert find(strategy, lambda m: m in listed) in listed
        illegal = find(strategy, lambda m: m not in listed)
        assert toy_game.why_illegal(state, illegal) is not None

    def test_pool(self) -> None:
        """Moves of the pool are drawn too."""
        state = toy_game.apply(toy_game.new_game(seed=1), toy_game.Move((1, 1)))
        strategy = moves(state, toy_game.RULES, pool=[toy_game.Move((1, 1))])
        assert find(strategy, lambda m: m == toy_game.Move((1, 1))) == toy_game.Move((1, 1))

    @QUICK
    @given(st.data())
    def test_registered_game_without_rules(self, data: st.DataObject) -> None:
        """For a registered game the rules are found from the state: refusals agree."""
        state = data.draw(states(axio_rota.RULES, max_moves=10))
        move = data.draw(moves(state))
        listed = move in axio_rota.legal_moves(state)
        assert (axio_rota.why_illegal(state, move) is None) == listed


class TestRulesFor:
    """rules_for() finds a registered game from its state's class."""

    def test_registered(self) -> None:
        """An AXIO Rota state belongs to AXIO Rota."""
        assert rules_for(axio_rota.new_game(seed=1)) is axio_rota.RULES

    def test_unregistered(self) -> None:
        """The toy game is not registered: a LookupError says to pass rules."""
        with pytest.raises(LookupError, match="pass rules="):
            rules_for(toy_game.new_game(seed=1))


class ToyMachine(RulesStateMachine):
    """Noughts and crosses, with an invariant of our own."""

    game = toy_game.RULES
    checked = 0

    @invariant()
    def marks_alternate(self) -> None:
        x, o = marks(self.state)
        assert abs(x - o) <= 1

    def check_move(self, before: Any, move: Any, after: Any) -> None:
        ToyMachine.checked += 1
        assert sum(marks(after)) == sum(marks(before)) + 1


def lenient_apply(state: toy_game.State, move: toy_game.Move) -> toy_game.State:
    """The toy game's apply, but it lets a mark overwrite another: a bug to catch."""
    if not all(0 <= xy < 3 for xy in move.cell):
        raise tilegames.IllegalMoveError(str(move.cell), "off the board")
    board = list(state.board)
    board[toy_game.GRID.cell(*move.cell)] = state.turn
    return attrs.evolve(state, board=tuple(board), turn=1 - state.turn)


class BrokenMachine(RulesStateMachine):
    """A toy game whose apply accepts taken cells."""

    game = attrs.evolve(toy_game.RULES, apply=lenient_apply)


class NoGameMachine(RulesStateMachine):
    """A subclass that forgot to name its game."""


class TestRulesStateMachine:
    """RulesStateMachine plays games, checks refusals and runs users' invariants."""

    def test_toy_game_passes(self) -> None:
        """A correct game passes, and check_move sees the moves played."""
        ToyMachine.checked = 0
        run_state_machine_as_test(ToyMachine, settings=MACHINE)
        assert ToyMachine.checked > 0

    def test_hidden_hands_pass(self) -> None:
        """High card passes too."""

        class CardMachine(RulesStateMachine):
            game = cards.RULES

        run_state_machine_as_test(CardMachine, settings=MACHINE)

    def test_catches_a_bug(self) -> None:
        """An apply that accepts an unlisted move is caught."""
        with pytest.raises(AssertionError, match="apply accepted"):
            run_state_machine_as_test(
                BrokenMachine,
                settings=settings(
                    max_examples=100, database=None, phases=[Phase.generate], derandomize=True
                ),
            )

    def test_needs_rules(self) -> None:
        """A subclass without rules is a TypeError that says what to set."""
        with pytest.raises(TypeError, match="must set `game"):
            NoGameMachine()


@attrs.frozen
class Unregistered:
    """A class no game makes."""


class TestFromType:
    """st.from_type() draws states of the built-in games (Hypothesis's entry point)."""

    def test_builtin_game(self) -> None:
        """from_type(axio_rota.State) draws AXIO Rota states, simplest the new game of seed 0."""
        start = find(st.from_type(axio_rota.State), lambda s: True)
        assert start == axio_rota.new_game(players=2, seed=0)

    def test_register_a_game_of_your_own(self) -> None:
        """register_type_strategies() adds a game that is not built in."""
        register_type_strategies([cards.RULES])
        drawn = find(st.from_type(cards.State), lambda s: len(s.table) >= 2)
        assert len(drawn.table) == 2

    def test_hook_registers_builtin_games(self) -> None:
        """The entry point's hook registers every built-in game's state class."""
        tilegames.testing._hypothesis_setup_hook()
        for name in tilegames.names():
            rules = tilegames.get(name)
            state = rules.new_game(**rules.setups[0].kwargs, seed=0)
            assert rules_for(state) is rules
