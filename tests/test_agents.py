"""Tests for tilegames.agents: the generic helpers and the three agents, on small test games."""

from __future__ import annotations

import pickle
from typing import Any

import attrs
import pytest

import high_card as cards
import tilegames
import toy_game
from tiers import size
from tilegames import ConfigurationError, GameRules, Outcome
from tilegames._mcts import _Node, _Search
from tilegames.agents import (
    ENDGAMES,
    Agent,
    GreedyAgent,
    MCTSAgent,
    RandomAgent,
    endgame_for,
    evaluator,
    make_agent,
    mover,
    moves_for,
    rewards,
    sample_state,
    score_value,
)
from tilegames.rng import Stream
from tilegames.simulate import simulate


def toy_state(marks: str, turn: int) -> toy_game.State:
    """A noughts-and-crosses position from rows of 'x' (seat 0), 'o' (seat 1) and '.'."""
    symbols = {"x": 0, "o": 1, ".": toy_game.EMPTY}
    board = [toy_game.EMPTY] * 9
    for y, row in enumerate(marks.split("/")):
        for x, mark in enumerate(row):
            board[toy_game.GRID.cell(x, y)] = symbols[mark]
    return toy_game.State(board=tuple(board), turn=turn, seed=0)


toy_determinize = toy_game.determinize
TOY = toy_game.RULES
BARE_TOY = attrs.evolve(toy_game.RULES, determinize=None)
"""The toy game without its determinize, as a game that hides nothing would be."""


def loose(rules: GameRules[Any, Any]) -> GameRules[Any, Any]:
    """The same rules, typed for mixing in functions of other test games."""
    return rules


def order(move: toy_game.Move) -> int:
    """A move's cell in reading order, as a rating to test openings with."""
    x, y = move.cell
    return 3 * y + x


def decide(agent: Agent, rules: Any, state: Any, seed: int = 0) -> Any:
    """The agent's move for the seat to move in ``state``."""
    seat = rules.to_move(state)[0]
    moves = rules.legal_moves(state)
    return agent.choose(rules, seat, rules.view(state, seat), moves, Stream(seed))


class TestRulesMembers:
    """The optional members evaluate and determinize of GameRules."""

    def test_default_to_none(self) -> None:
        """A game that gives neither has both as None."""
        bare = GameRules(
            name="bare",
            title="Bare",
            setups=toy_game.RULES.setups,
            new_game=toy_game.new_game,
            players=toy_game.players,
            to_move=toy_game.to_move,
            legal_moves=toy_game.legal_moves,
            apply=toy_game.apply,
            why_illegal=toy_game.why_illegal,
            score_move=toy_game.score_move,
            is_over=toy_game.is_over,
            outcome=toy_game.outcome,
            view=toy_game.view,
            parse_move=toy_game.parse_move,
            format_move=toy_game.format_move,
        )
        assert bare.evaluate is None
        assert bare.determinize is None
        assert bare.draw is None

    def test_given_members_are_kept(self) -> None:
        """A game may bundle its own evaluate and determinize."""
        rated = attrs.evolve(TOY, evaluate=lambda state, move, seat: 1.0)
        assert rated.determinize is toy_determinize
        assert rated.evaluate is not None
        assert rated.evaluate(toy_state(".../.../...", 0), toy_game.Move((0, 0)), 0) == 1.0


class TestSampleState:
    """sample_state() asks the game's determinize, or takes the view as the state."""

    def test_uses_determinize(self) -> None:
        """With determinize, the sample comes from it, drawn from the stream."""
        state = cards.new_game(seed=4)
        sample = sample_state(cards.RULES, cards.view(state, 1), Stream(2))
        assert isinstance(sample, cards.State)
        assert sample == cards.determinize(cards.view(state, 1), Stream(2))

    def test_without_determinize_the_view_is_the_state(self) -> None:
        """A game with nothing hidden hands its view over unchanged."""
        view = toy_game.view(toy_state("x../.o./...", 0), 0)
        assert sample_state(loose(BARE_TOY), view, Stream(1)) is view


class TestScoreValue:
    """score_value() turns what score_move returns into a number."""

    @pytest.mark.parametrize(
        ("score", "expected"),
        [(0, 0.0), (7, 7.0), (2.5, 2.5), (True, 1.0), ((1, 2, 3), 6.0), ((), 0.0)],
    )
    def test_numbers(self, score: object, expected: float) -> None:
        """Numbers count as themselves, tuples of numbers as their sum."""
        assert score_value(score) == expected

    @pytest.mark.parametrize("score", [None, "3", (1, "2"), [1, 2]])
    def test_anything_else_is_zero(self, score: object) -> None:
        """What is not a number or a tuple of numbers rates 0."""
        assert score_value(score) == 0.0


class TestEvaluator:
    """evaluator() prefers the game's evaluate, else rates by score_move."""

    def test_falls_back_on_score_move(self) -> None:
        """Without evaluate, a winning move of the toy game rates 1 and others 0."""
        state = toy_state("xx./oo./...", 0)
        evaluate = evaluator(toy_game.RULES)
        assert evaluate(state, toy_game.Move((2, 0)), 0) == 1.0
        assert evaluate(state, toy_game.Move((2, 2)), 0) == 0.0

    def test_fallback_pickles(self) -> None:
        """The fallback travels to worker processes."""
        evaluate = evaluator(toy_game.RULES)
        state = toy_state("xx./oo./...", 0)
        again = pickle.loads(pickle.dumps(evaluate))
        assert again(state, toy_game.Move((2, 0)), 0) == 1.0

    def test_uses_the_games_evaluate(self) -> None:
        """A game's evaluate is returned as it is."""

        def prefer_corners(state: Any, move: toy_game.Move, seat: int) -> float:
            return float(move.cell in {(0, 0), (2, 0), (0, 2), (2, 2)})

        rules = attrs.evolve(toy_game.RULES, evaluate=prefer_corners)
        assert evaluator(rules) is prefer_corners


@attrs.frozen
class SpeedMove:
    seat: int
    value: int


class TestMoverAndMovesFor:
    """mover() and moves_for() find whose move it is, also when several seats may move."""

    def test_one_seat_to_move(self) -> None:
        """On a turn, every legal move is the seat to move's."""
        state = toy_state("x../.../...", 1)
        moves = toy_game.legal_moves(state)
        assert mover(toy_game.RULES, state, moves[0]) == 1
        assert moves_for(toy_game.RULES, state, 1) == moves
        assert moves_for(toy_game.RULES, state, 0) == ()

    def test_several_seats_to_move(self) -> None:
        """When several seats may move, each move's seat attribute says whose it is."""
        listed = (SpeedMove(0, 1), SpeedMove(1, 2), SpeedMove(0, 3))
        rules = attrs.evolve(
            loose(toy_game.RULES), to_move=lambda s: (0, 1), legal_moves=lambda s: listed
        )
        assert moves_for(rules, None, 0) == (SpeedMove(0, 1), SpeedMove(0, 3))
        assert moves_for(rules, None, 1) == (SpeedMove(1, 2),)
        assert mover(rules, None, SpeedMove(1, 2)) == 1

    def test_a_move_without_seat_is_refused(self) -> None:
        """With several seats to move, a move that names none is an error, not a guess."""
        rules = attrs.evolve(loose(toy_game.RULES), to_move=lambda s: (0, 1))
        with pytest.raises(ValueError, match="cannot tell who makes"):
            mover(rules, None, toy_game.Move((0, 0)))


class TestRewards:
    """rewards() maps an outcome to results between 0 and 1."""

    def test_four_players_with_a_tie(self) -> None:
        """Two seats sharing second place split the rewards of places 2 and 3."""
        result = Outcome(scores=(1, 2, 3, 4), ranking=[{3}, {1, 2}, {0}])
        assert rewards(result) == (0.0, 0.5, 0.5, 1.0)

    def test_solo(self) -> None:
        """One seat always gets 1."""
        assert rewards(Outcome(scores=(5,), ranking=[{0}])) == (1.0,)


class TestRandomAgent:
    """RandomAgent picks uniformly from the stream."""

    def test_every_move_is_picked(self) -> None:
        """Over many draws each move comes up, and only listed moves do."""
        agent = RandomAgent()
        stream = Stream(5)
        picked = {agent.choose(loose(TOY), 0, None, ("a", "b", "c"), stream) for _ in range(60)}
        assert picked == {"a", "b", "c"}

    def test_same_stream_same_choice(self) -> None:
        """The choice depends only on the stream."""
        moves = tuple(range(100))
        first = [RandomAgent().choose(loose(TOY), 0, None, moves, Stream(8)) for _ in range(3)]
        assert len(set(first)) == 1


class TestGreedyAgent:
    """GreedyAgent plays the best-rated move."""

    def test_takes_the_win(self) -> None:
        """With a line to complete, it completes it."""
        state = toy_state("xx./oo./...", 0)
        assert decide(GreedyAgent(), TOY, state) == toy_game.Move((2, 0))

    def test_plays_the_highest_card_that_scores(self) -> None:
        """In high card it plays the card worth most now: the highest that beats the table."""
        state = attrs.evolve(cards.new_game(seed=1), hands=((3, 8), (1, 2)), table=(5,))
        assert decide(GreedyAgent(), cards.RULES, state) == cards.Move(8)
        low = attrs.evolve(state, table=(9,), hands=((3, 8), (1, 2)))
        assert decide(GreedyAgent(), cards.RULES, low) in {cards.Move(3), cards.Move(8)}

    def test_ties_are_broken_at_random(self) -> None:
        """Among equally rated moves, different streams pick different ones."""
        state = toy_state(".../.x./...", 1)
        picks = {decide(GreedyAgent(), TOY, state, seed) for seed in range(30)}
        assert len(picks) > 3

    def test_own_evaluate(self) -> None:
        """An evaluate given to the agent overrides the game's."""
        corner = GreedyAgent(evaluate=lambda state, move, seat: -move.cell[0] - move.cell[1])
        assert decide(corner, TOY, toy_state(".../.../...", 0)) == toy_game.Move((0, 0))

    def test_beats_random(self) -> None:
        """Over 60 games of noughts and crosses greedy wins more than random."""
        run = simulate(TOY, [GreedyAgent(), RandomAgent()], 60, seed=2)
        greedy, rand = run.summary.agents
        assert greedy.wins > rand.wins


class TestMCTSAgent:
    """MCTSAgent searches sampled states and plays the most visited move."""

    def test_takes_the_win(self) -> None:
        """With a line to complete, it completes it."""
        state = toy_state("xx./oo./...", 0)
        assert decide(MCTSAgent(iterations=60), TOY, state) == toy_game.Move((2, 0))

    def test_blocks_the_threat(self) -> None:
        """It blocks the opponent's open line, which greedy play ignores."""
        state = toy_state("oo./.x./..x", 0)
        assert decide(MCTSAgent(iterations=300), TOY, state) == toy_game.Move((2, 0))

    def test_only_move(self) -> None:
        """With one legal move it plays it without searching."""
        state = toy_state("xox/oxo/ox.", 0)
        assert decide(MCTSAgent(), TOY, state) == toy_game.Move((2, 2))

    def test_reads_only_the_view(self) -> None:
        """Two high-card deals that look the same to the seat give the same choice."""
        state = cards.reached(seed=11, moves=2)
        hidden = tuple(sorted(state.deck[:2]))
        other = attrs.evolve(
            state, hands=(state.hands[0], hidden), deck=(*state.hands[1], *state.deck[2:])
        )
        assert other != state
        assert cards.view(other, 0) == cards.view(state, 0)
        agent = MCTSAgent(iterations=50)
        assert decide(agent, cards.RULES, state, 3) == decide(agent, cards.RULES, other, 3)

    def test_searches_sampled_states(self) -> None:
        """Every state it searches from comes from determinize of its own view."""
        seen: list[Any] = []

        def spy(view: cards.View, stream: Stream) -> cards.State:
            seen.append(view)
            return cards.determinize(view, stream)

        rules = attrs.evolve(cards.RULES, determinize=spy)
        state = cards.reached(seed=7, moves=1)
        decide(MCTSAgent(iterations=25), rules, state)
        assert len(seen) == 25
        assert all(view == cards.view(state, 1) for view in seen)

    def test_reuses_a_fixed_number_of_samples(self) -> None:
        """With samples=N, N states are sampled and then searched from in turn."""
        seen: list[cards.State] = []

        def spy(view: cards.View, stream: Stream) -> cards.State:
            seen.append(cards.determinize(view, stream))
            return seen[-1]

        rules = attrs.evolve(cards.RULES, determinize=spy)
        state = cards.reached(seed=7, moves=1)
        decide(MCTSAgent(iterations=25, samples=4), rules, state)
        assert len(seen) == 4

    def test_rates_a_node_once(self) -> None:
        """A node rates all its legal moves once and opens them best first, one per call."""
        state = toy_state("x../.o./...", 0)
        legal = TOY.legal_moves(state)
        calls: list[Any] = []

        def rate(state: Any, move: Any, seat: int) -> float:
            calls.append(move)
            return float(order(move))  # the later cell the better

        search = _Search(MCTSAgent()._settings(TOY), TOY, rate, Stream(1))
        node = _Node()
        opened = []
        for _ in range(len(legal) + 1):
            move = search.opening(state, legal, node)
            if move is not None:
                node.children[move] = _Node()
                opened.append(move)
        assert len(calls) == len(legal)
        assert opened == sorted(legal, key=order, reverse=True)

    def test_rates_open_choices_moves_once(self) -> None:
        """With open_choices=k and more legal moves, a node rates at most k of them, once."""
        state = toy_state("x../.../...", 1)
        legal = TOY.legal_moves(state)
        calls: list[Any] = []

        def rate(state: Any, move: Any, seat: int) -> float:
            calls.append(move)
            return float(order(move))

        search = _Search(MCTSAgent(open_choices=3)._settings(TOY), TOY, rate, Stream(1))
        node = _Node()
        first = search.opening(state, legal, node)
        assert 1 <= len(calls) <= 3
        assert first == max(calls, key=order)
        opened = [first]
        node.children[first] = _Node()
        while len(opened) < len(set(calls)):  # the rest of the first draw, best first
            move = search.opening(state, legal, node)
            node.children[move] = _Node()
            opened.append(move)
        assert len(calls) == len(set(calls)) <= 3
        assert opened == sorted(set(calls), key=order, reverse=True)
        search.opening(state, legal, node)  # the draw is used up: another is rated
        assert 3 < len(calls) <= 6

    def test_beats_greedy_at_noughts_and_crosses(self) -> None:
        """Over 30 games (8 in the everyday tier) MCTS takes most of the points from greedy play
        (mean place under 1.2)."""
        games = size(everyday=8, deep=30)
        run = simulate(TOY, [MCTSAgent(iterations=100), GreedyAgent()], games, seed=3)
        search, greedy = run.summary.agents
        assert search.wins > 3 * greedy.wins
        assert search.mean_place < 1.2

    @pytest.mark.parametrize(
        "settings",
        [
            {"horizon": None},
            {"open_choices": 3, "playout_choices": 1},
            {"prior": 0.0, "width": 9},
        ],
    )
    def test_settings_still_block(self, settings: dict[str, Any]) -> None:
        """Playouts to the end, sampled openings and no prior all find the block."""
        state = toy_state("oo./.x./..x", 0)
        agent = MCTSAgent(iterations=300, **settings)
        assert decide(agent, TOY, state) == toy_game.Move((2, 0))

    def test_endless_playout(self) -> None:
        """A playout that never ends stops the search with an error naming the game."""
        endless = attrs.evolve(
            loose(TOY), is_over=lambda s: False, apply=lambda s, m: s, to_move=lambda s: (0,)
        )
        agent = MCTSAgent(iterations=5, horizon=None, max_playout=30)
        with pytest.raises(RuntimeError, match="toy: a playout did not end within 30 moves"):
            decide(agent, endless, toy_state(".../.x./...", 0))

    @pytest.mark.parametrize(
        ("field", "value"),
        [
            ("iterations", 0),
            ("width", 0),
            ("playout_choices", 0),
            ("open_choices", 0),
            ("samples", 0),
        ],
    )
    def test_validates(self, field: str, value: int) -> None:
        """Counts below one are refused, naming the field."""
        settings: dict[str, Any] = {field: value}
        with pytest.raises(ValueError, match=field):
            MCTSAgent(**settings)

    def test_pickles(self) -> None:
        """The agent travels to worker processes and keeps its settings."""
        agent = MCTSAgent(iterations=30, exploration=1.2, width=4)
        assert pickle.loads(pickle.dumps(agent)) == agent

    def test_solo_plays_the_best_rated(self) -> None:
        """In a one-player game it plays the best-rated move, as greedy does."""
        solo = attrs.evolve(TOY, players=lambda state: 1)
        state = toy_state("xx./oo./...", 0)
        assert decide(MCTSAgent(iterations=5), solo, state) == toy_game.Move((2, 0))


def two_step(state: toy_game.State, move: toy_game.Move, seat: int) -> float:
    """A rating where (0, 0) is worth 1 now and (1, 1) worth 10 once (2, 2) is taken."""
    if move.cell == (0, 0):
        return 1.0
    if move.cell == (1, 1) and state.board[toy_game.GRID.cell(2, 2)] != toy_game.EMPTY:
        return 10.0
    return 0.0


class TestFollowUps:
    """A root move after which the same seat moves again is rated with its best follow-up."""

    # One seat that always moves again: every turn is a run of moves.
    RUNS = attrs.evolve(TOY, players=lambda state: 1, to_move=lambda state: (0,))

    def test_a_turn_is_rated_whole(self) -> None:
        """(2, 2) rates 0 but opens (1, 1) for 10: 0 + 10 beats (0, 0)'s 1 + 1."""
        agent = MCTSAgent(iterations=5, evaluate=two_step)
        assert decide(agent, self.RUNS, toy_state(".../.../...", 0)) == toy_game.Move((2, 2))

    def test_off_rates_moves_alone(self) -> None:
        """With ``follow_ups=0`` the best move alone, (0, 0), is played, as greedy plays it."""
        agent = MCTSAgent(iterations=5, evaluate=two_step, follow_ups=0)
        assert decide(agent, self.RUNS, toy_state(".../.../...", 0)) == toy_game.Move((0, 0))
        greedy = GreedyAgent(evaluate=two_step)
        assert decide(greedy, self.RUNS, toy_state(".../.../...", 0)) == toy_game.Move((0, 0))

    def test_only_the_best_rated_are_looked_at(self) -> None:
        """With ``follow_ups=1`` only (0, 0), the best alone, is looked at again."""
        agent = MCTSAgent(iterations=5, evaluate=two_step, follow_ups=1)
        assert decide(agent, self.RUNS, toy_state(".../.../...", 0)) == toy_game.Move((0, 0))

    def test_no_follow_up_when_the_other_seat_moves(self) -> None:
        """In noughts and crosses the turn passes, so a follow-up adds nothing."""
        search = _Search(MCTSAgent()._settings(TOY), TOY, two_step, Stream(0))
        state = toy_state(".../.../...", 0)
        assert search.follow_up(state, 0, toy_game.Move((2, 2))) == 0.0
        runs = _Search(MCTSAgent()._settings(self.RUNS), self.RUNS, two_step, Stream(0))
        assert runs.follow_up(state, 0, toy_game.Move((2, 2))) == 10.0
        assert runs.follow_up(state, 0, toy_game.Move((0, 1))) == 1.0

    def test_no_follow_up_after_the_end(self) -> None:
        """A move that ends the game has no follow-up."""
        search = _Search(MCTSAgent()._settings(self.RUNS), self.RUNS, two_step, Stream(0))
        assert search.follow_up(toy_state("xx./oo./...", 0), 0, toy_game.Move((2, 0))) == 0.0

    def test_refuses_negative(self) -> None:
        with pytest.raises(ValueError, match="follow_ups must be at least 0, not -1"):
            MCTSAgent(follow_ups=-1)


class TestEndgame:
    """Near the end every playout plays to the end (``endgame``), by default in Aztack only."""

    def playout_horizon(self, agent: MCTSAgent, rules: Any, state: Any) -> int | None:
        """The horizon of the decision's later playouts, after its first (probing) one."""
        search = _Search(agent._settings(rules), rules, evaluator(rules), Stream(3))
        search.playout(state, [0.0] * rules.players(state))
        horizon: int | None = search.horizon
        return horizon

    def test_a_game_ending_within_endgame_moves_is_played_out(self) -> None:
        """Noughts and crosses ends within 9 moves of an empty board: no horizon after."""
        empty = toy_state(".../.../...", 0)
        assert self.playout_horizon(MCTSAgent(endgame=9), TOY, empty) is None

    def test_a_game_not_ending_within_them_keeps_the_horizon(self) -> None:
        """No game of noughts and crosses ends in 2 moves from an empty board."""
        empty = toy_state(".../.../...", 0)
        assert self.playout_horizon(MCTSAgent(endgame=2), TOY, empty) == 4
        assert self.playout_horizon(MCTSAgent(endgame=None), TOY, empty) == 4

    def test_the_default_is_each_game_own(self) -> None:
        assert MCTSAgent().endgame == "game"
        assert ENDGAMES == {"aztack": 24}
        aztack, axio = tilegames.get("aztack"), tilegames.get("axio")
        assert endgame_for("game", aztack) == 24
        assert endgame_for("game", axio) is None
        assert endgame_for(None, aztack) is None
        assert endgame_for(8, axio) == 8

    @pytest.mark.parametrize(("game", "expected"), [("aztack", None), ("axio-rota", 4)])
    def test_near_the_end_of_a_real_game(self, game: str, expected: int | None) -> None:
        """Three moves before the end, Aztack's default plays out; AXIO Rota's keeps 4."""
        rules = tilegames.get(game)
        states = [rules.new_game(2, seed=8)]
        stream = Stream(8)
        while not rules.is_over(states[-1]):
            legal = rules.legal_moves(states[-1])
            states.append(rules.apply(states[-1], legal[stream.randbelow(len(legal))]))
        near = states[-4]
        view = rules.view(near, rules.to_move(near)[0])
        state = sample_state(rules, view, Stream(5))
        assert self.playout_horizon(MCTSAgent(), rules, state) == expected

    @pytest.mark.parametrize("wrong", ["soon", True, 0, -3, 2.5])
    def test_refuses_anything_else(self, wrong: object) -> None:
        with pytest.raises(ValueError, match="endgame must be"):
            MCTSAgent(endgame=wrong)  # type: ignore[arg-type]


class TestMakeAgent:
    """make_agent() builds agents from short descriptions."""

    @pytest.mark.parametrize(
        ("spec", "agent"),
        [
            ("random", RandomAgent()),
            ("greedy", GreedyAgent()),
            ("mcts", MCTSAgent()),
            ("mcts:40", MCTSAgent(iterations=40)),
            (" greedy ", GreedyAgent()),
        ],
    )
    def test_known(self, spec: str, agent: Agent) -> None:
        """Each name gives its agent; mcts:N sets the iterations."""
        assert make_agent(spec) == agent

    @pytest.mark.parametrize(
        "spec",
        [
            "alphazero",
            "greedy:3",
            "mcts:0",
            "mcts:x",
            "",
            "mcts:\u00b9",  # a superscript one: a digit to str.isdigit, not to int()
            "mcts:" + "9" * 5000,  # more digits than int() reads
            "mcts:9:w" + "9" * 5000,
        ],
        ids=["alphazero", "greedy-3", "mcts-0", "mcts-x", "empty", "superscript", "digits", "w"],
    )
    def test_unknown(self, spec: str) -> None:
        """Anything else is a ConfigurationError that lists the agents."""
        with pytest.raises(ConfigurationError, match="mcts"):
            make_agent(spec)

    def test_names(self) -> None:
        """The names used in tables."""
        names = [make_agent(s).name for s in ("random", "greedy", "mcts:7")]
        assert names == ["random", "greedy", "mcts(7)"]
