"""Polygon's explicit chance (issue 14): chance steps, exact probabilities, agreement with seeds.

The expected probabilities are worked out by hand from the bag's contents
and the die (two faces of each symbol, POLY-3); the agreement test plays
seeded games and feeds their draws, as outcomes, to explicit games.

The everyday tier plays fewer random games than ``--deep`` (each test says
both sizes).
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Any

import attrs
import pytest

import tilegames
from tiers import size
from tilegames import polygon
from tilegames._core import rng
from tilegames._core.chance import sample
from tilegames.errors import ConfigurationError, IllegalMoveError, InvalidStateError, NotationError
from tilegames.polygon import CIRCLE, DIAMOND, STAR, Draw, Place, Roll, State, View
from tilegames.serialize import from_json, to_json

CHANCE = tilegames.CHANCE
Position = tuple[Any, ...]
AGREEING_GAMES = size(everyday=30, deep=200)
"""Random games per player count that the two modes play alike."""


def explicit(players: int = 2, **options: Any) -> State:
    """A new explicit game."""
    return polygon.new_game(players, seed=1, chance="explicit", **options)


def play(state: State, *texts: str) -> State:
    """Apply moves and outcomes written in notation."""
    for text in texts:
        state = polygon.apply(state, polygon.parse_move(text, state))
    return state


def outcomes(state: State) -> list[tuple[str, Fraction]]:
    """The chance outcomes in notation, with their probabilities."""
    return [(str(outcome), p) for outcome, p in polygon.chance_outcomes(state)]


def started(players: int = 2, **options: Any) -> State:
    """An explicit game whose start draw is won by seat 0 with a WILD (others draw a 1)."""
    state = explicit(players, **options)
    return play(state, "+W", *["+1"] * (players - 1))


# ---------------------------------------------------------------------------
# Probabilities on hand-built positions
# ---------------------------------------------------------------------------


class TestProbabilities:
    def test_three_ones_and_a_wild(self) -> None:
        """A bag of three 1 and one WILD gives 3/4 and 1/4, then 2/3 and 1/3."""
        state = explicit(tiles=["1", "W", "1", "1"])
        assert polygon.to_move(state) == (CHANCE,)
        assert outcomes(state) == [("+1", Fraction(3, 4)), ("+W", Fraction(1, 4))]
        state = play(state, "+1")
        assert outcomes(state) == [("+1", Fraction(2, 3)), ("+W", Fraction(1, 3))]

    def test_standard_set_first_draw(self) -> None:
        """The 49 tiles: each number 8/49, WILD 5/49, X2 and X3 2/49 (POLY-2)."""
        eights, five, two = Fraction(8, 49), Fraction(5, 49), Fraction(2, 49)
        expected = [(f"+{n}", eights) for n in "12345"]
        expected += [("+W", five), ("+X2", two), ("+X3", two)]
        assert outcomes(explicit()) == expected

    def test_roll_of_the_first_turn(self) -> None:
        """The first roll shows each symbol with 2/6 = 1/3 (POLY-3, POLY-9)."""
        state = started()
        assert state.step == "roll"
        assert polygon.to_move(state) == (CHANCE,)
        third = Fraction(1, 3)
        assert outcomes(state) == [("=C", third), ("=D", third), ("=S", third)]

    def test_roll_of_the_second_turn_differs(self) -> None:
        """Turn 2 re-rolls the first turn's symbol: the other two have 1/2 each (POLY-9)."""
        state = play(started(tiles=["W", "1", "2", "3", "4", "5"]), "=D")
        state = play(state, "+2", "+3")
        assert polygon.to_move(state) == (0,)
        state = polygon.apply(state, polygon.legal_moves(state)[0])
        state = polygon.apply(state, polygon.legal_moves(state)[0])
        assert state.turn == 2
        assert state.step == "roll"
        assert polygon.to_move(state) == (CHANCE,)
        half = Fraction(1, 2)
        assert outcomes(state) == [("=C", half), ("=S", half)]
        reason = polygon.why_illegal(state, Roll(DIAMOND))
        assert reason is not None
        assert "POLY-9" in reason

    def test_turn_draws_from_what_is_left(self) -> None:
        """After the start draw the bag is the set less the START tile, and it shrinks per draw."""
        state = play(started(tiles=["W", "1", "1", "2", "5"]), "=S")
        # Set W 1 1 2 5; W lies on START: the bag holds 1 1 2 5.
        assert outcomes(state) == [
            ("+1", Fraction(1, 2)),
            ("+2", Fraction(1, 4)),
            ("+5", Fraction(1, 4)),
        ]
        state = play(state, "+1")
        assert state.first_drawn == ("1",)
        assert polygon.drawn(state) == ()
        third = Fraction(1, 3)
        assert outcomes(state) == [("+1", third), ("+2", third), ("+5", third)]
        state = play(state, "+5")
        assert polygon.drawn(state) == ("1", "5")
        assert state.first_drawn == ()
        assert polygon.to_move(state) == (0,)
        assert polygon.chance_outcomes(state) == ()

    def test_last_tile_is_drawn_alone(self) -> None:
        """A bag of one gives one draw with probability 1, then the seat places (POLY-10)."""
        state = play(started(tiles=["W", "1", "2", "3"]), "=C", "+2", "+3")
        assert polygon.drawn(state) == ("2", "3")
        assert polygon.to_move(state) == (0,)
        state = polygon.apply(state, polygon.legal_moves(state)[0])
        state = polygon.apply(state, polygon.legal_moves(state)[0])
        assert state.step == "roll"
        assert polygon.bag_size(state) == 1
        state = play(state, "=D")
        assert outcomes(state) == [("+1", Fraction(1))]
        state = play(state, "+1")
        state = polygon.apply(state, polygon.legal_moves(state)[0])
        assert polygon.is_over(state)
        assert polygon.to_move(state) == ()
        assert polygon.outcome(state) is not None

    def test_tie_draws_again_from_the_rest(self) -> None:
        """Tied seats draw again, in seat order, from the tiles not yet drawn (POLY-7)."""
        state = play(explicit(3), "+W", "+3", "+W")
        assert state.step == "start"
        assert state.start_draw == (((0, "W"), (1, "3"), (2, "W")),)
        with pytest.raises(InvalidStateError, match="under way"):
            polygon.starter(state)
        # 49 less W, 3, W: 46 tiles, 3 WILD among them.
        assert dict(outcomes(state))["+W"] == Fraction(3, 46)
        assert dict(outcomes(state))["+3"] == Fraction(7, 46)
        state = play(state, "+5")
        assert state.start_draw[-1] == ((0, "5"),)
        state = play(state, "+4")
        assert polygon.stacks(state)[(0, 0)] == ("5",)
        assert polygon.starter(state) == 0
        assert state.seat == 0
        assert state.step == "roll"
        # Every drawn tile but the START 5 goes back: 48 tiles, seven 5.
        assert polygon.bag_size(state) == 48
        assert state.bag.count("5") == 7
        polygon.validate(state)

    def test_tie_that_cannot_be_drawn_out_returns_every_tile(self) -> None:
        """Two 5 drawn from 5 5 1: one tile left for two seats, so all three go back (POLY-7)."""
        state = play(explicit(tiles=["5", "5", "1"]), "+5", "+5")
        assert state.step == "start"
        assert polygon.bag_size(state) == 3
        assert outcomes(state) == [("+1", Fraction(1, 3)), ("+5", Fraction(2, 3))]
        polygon.validate(state)
        state = play(state, "+1", "+5")
        assert polygon.starter(state) == 1
        assert state.seat == 1
        assert state.bag == ("1", "5")
        polygon.validate(state)


# ---------------------------------------------------------------------------
# Steps, legality, notation
# ---------------------------------------------------------------------------


class TestHandMade:
    """A chance step of a state built by hand is checked before the rules read it."""

    def test_a_start_draw_already_decided(self) -> None:
        """POLY-7: a decided draw is over, its winner's tile on START: not a start step."""
        decided = attrs.evolve(explicit(), start_draw=(((0, "W"), (1, "3")),))
        said = (
            "State.start_draw[0]: seat 0 won the draw, so its tile lies on START "
            "and the draw is over (POLY-7)"
        )
        for asking in (
            lambda: polygon.legal_moves(decided),
            lambda: polygon.chance_outcomes(decided),
            lambda: polygon.why_illegal(decided, Draw("3")),
            lambda: polygon.apply(decided, Draw("3")),
        ):
            with pytest.raises(InvalidStateError) as refused:
                asking()
            assert str(refused.value) == said

    def test_a_bag_of_no_tiles(self) -> None:
        """POLY-2: a bag holds tile values; legal_moves at a chance step checks it too."""
        state = attrs.evolve(explicit(), bag=("Z",))
        for asking in (polygon.legal_moves, polygon.chance_outcomes):
            with pytest.raises(InvalidStateError) as refused:
                asking(state)
            assert str(refused.value) == (
                "State.bag[0]: 'Z' is not one of 1, 2, 3, 4, 5, W, X2, X3"
            )


class TestSteps:
    def test_seeded_is_the_default(self) -> None:
        """chance='seeded' is the game of today; any other word is refused."""
        assert polygon.new_game(3, seed=5, chance="seeded") == polygon.new_game(3, seed=5)
        assert polygon.chance_outcomes(polygon.new_game(seed=5)) == ()
        with pytest.raises(ConfigurationError, match="explicit"):
            polygon.new_game(seed=5, chance="random")

    def test_explicit_keeps_its_options(self) -> None:
        """The set, table and board travel in an explicit state; the seed is kept as given."""
        state = polygon.new_game(seed=9, chance="explicit", board={(1, 1): "X3"})
        assert state.seed == 9
        assert state.explicit is True
        assert polygon.printed_tiles(state) == {(1, 1): "X3"}
        assert polygon.stacks(state)[(0, 0)] == ()

    def test_order_of_the_steps(self) -> None:
        """Start draw, then per turn: roll, draws, placements."""
        state = explicit()
        steps: list[str] = []
        stream = rng.Stream(4)
        while not polygon.is_over(state) and len(steps) < 30:
            steps.append(state.step or "play")
            if state.step:
                state = polygon.apply(state, sample(polygon.chance_outcomes(state), stream))
            else:
                state = polygon.apply(state, polygon.legal_moves(state)[0])
        assert steps[0] == "start"
        assert "roll" in steps
        first_roll = steps.index("roll")
        assert set(steps[:first_roll]) == {"start"}
        assert steps[first_roll : first_roll + 10] == ["roll", "draw", "draw", "play", "play"] * 2

    def test_refusals_name_the_rule(self) -> None:
        """Tiles not in the bag, outcomes at a seat's step, placements at chance's step."""
        state = explicit(tiles=["1", "1", "W"])
        reason = polygon.why_illegal(state, Draw("5"))
        assert reason == "tile 5 is not in the bag, which holds 1 1 W (POLY-7)"
        assert "POLY-7" in (polygon.why_illegal(state, Roll(CIRCLE)) or "")
        assert "chance is to move" in (polygon.why_illegal(state, Place("1", (0, 1))) or "")
        with pytest.raises(IllegalMoveError, match="not in the bag"):
            polygon.apply(state, Draw("X3"))
        state = play(started(tiles=["W", "1", "2", "3"]), "=C")
        reason = polygon.why_illegal(state, Draw("5"))
        assert reason == "tile 5 is not in the bag, which holds 1 2 3 (POLY-10)"
        assert "not a die roll" in (polygon.why_illegal(state, Roll(STAR)) or "")
        at_roll = started()
        assert "not a draw (POLY-9)" in (polygon.why_illegal(at_roll, Draw("1")) or "")
        placing = play(state, "+1", "+2")
        reason = polygon.why_illegal(placing, Draw("3"))
        assert reason is not None
        assert "seat 0 is to place" in reason
        assert "POLY-10" in reason
        with pytest.raises(IllegalMoveError, match="seat 0 is to place"):
            polygon.apply(placing, Roll(CIRCLE))
        with pytest.raises(IllegalMoveError, match="chance is to move"):
            polygon.apply(state, Place("1", (0, 1)))

    def test_a_refusal_says_what_chance_is_to_do(self) -> None:
        """A placement at a chance step is refused naming the step chance is at: a seat's
        start-order draw (POLY-7), the turn's roll (POLY-9) or the turn's draw (POLY-10)."""
        placement = Place("1", (0, 1))
        at_start = play(explicit(3), "+W")
        assert polygon.why_illegal(at_start, placement) == (
            "chance is to move: seat 1 draws a tile for the start order, not a placement (POLY-7)"
        )
        at_roll = started()
        assert polygon.why_illegal(at_roll, placement) == (
            "chance is to move: the die is rolled for turn 1, not a placement (POLY-9)"
        )
        at_draw = play(started(tiles=["W", "1", "2", "3"]), "=C")
        assert polygon.why_illegal(at_draw, placement) == (
            "chance is to move: a tile is drawn for turn 1, not a placement (POLY-10)"
        )

    def test_outcomes_after_the_end_are_refused(self) -> None:
        """Once the game is over a draw is refused as any move is (POLY-15)."""
        state = play(started(tiles=["W", "1"]), "=C", "+1")
        state = polygon.apply(state, polygon.legal_moves(state)[0])
        assert polygon.is_over(state)
        with pytest.raises(tilegames.GameOverError):
            polygon.apply(state, Draw("1"))
        assert "POLY-15" in (polygon.why_illegal(state, Roll(0)) or "")

    def test_notation_round_trips(self) -> None:
        """+V and =C/=D/=S round-trip, in either case."""
        every: list[Draw | Roll] = [Draw(v) for v in polygon.VALUES]
        every += [Roll(s) for s in range(3)]
        for outcome in every:
            assert polygon.parse_move(polygon.format_move(outcome)) == outcome
        assert polygon.parse_move(" + x2 ") == Draw("X2")
        assert polygon.parse_move("=d") == Roll(DIAMOND)
        for text in ("+7", "=X", "=CD", "+"):
            with pytest.raises(NotationError):
                polygon.parse_move(text)

    def test_outcome_classes_check_their_fields(self) -> None:
        """Draw takes a value, Roll a symbol 0..2."""
        with pytest.raises(ValueError, match="one of"):
            Draw("6")
        with pytest.raises(TypeError):
            Draw(3)  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="0, 1 or 2"):
            Roll(3)
        with pytest.raises(TypeError):
            Roll("C")  # type: ignore[arg-type]

    def test_scores_and_ratings_of_outcomes(self) -> None:
        """An outcome scores 0 and rates 0.0; the checks still apply."""
        state = explicit()
        assert polygon.score_move(state, Draw("1")) == 0
        assert polygon.evaluate(state, Draw("1"), 0) == 0.0
        with pytest.raises(IllegalMoveError):
            polygon.score_move(state, Roll(0))

    def test_choices_of_a_chance_step(self) -> None:
        """The step-by-step choices offer the outcomes as one part."""
        choice = polygon.choices(explicit(tiles=["1", "1", "W"]))
        assert choice.kind == "outcome"
        assert list(choice.options) == [Draw("1"), Draw("W")]
        assert polygon._choices.path(Roll(STAR)) == (("outcome", Roll(STAR)),)


# ---------------------------------------------------------------------------
# The invariants of check_rules, at every step of random explicit games
# ---------------------------------------------------------------------------


def random_explicit(players: int, seed: int, **options: Any) -> list[State]:
    """Every state of a random explicit game, chance sampled by its probabilities."""
    state = polygon.new_game(players, seed=seed, chance="explicit", **options)
    stream = rng.Stream(seed)
    states = [state]
    while not polygon.is_over(state):
        listed = polygon.chance_outcomes(state)
        if listed:
            move: polygon.Action = sample(listed, stream)
        else:
            moves = polygon.legal_moves(state)
            move = moves[stream.randbelow(len(moves))]
        state = polygon.apply(state, move)
        states.append(state)
    return states


class TestInvariants:
    @pytest.mark.parametrize("players", [2, 3, 4])
    def test_every_step(self, players: int) -> None:
        """At chance steps exactly: to_move is (CHANCE,), the listing is the outcomes.

        Three random games under ``--deep``, one in the everyday tier.
        """
        for seed in range(size(everyday=1, deep=3)):
            for state in random_explicit(players, seed):
                listed = polygon.chance_outcomes(state)
                at_chance = polygon.to_move(state) == (CHANCE,)
                assert at_chance == bool(listed) == bool(state.step)
                if at_chance:
                    assert list(polygon.legal_moves(state)) == [o for o, _ in listed]
                    assert all(type(p) is Fraction and p > 0 for _, p in listed)
                    assert sum(p for _, p in listed) == 1
                    assert len({o for o, _ in listed}) == len(listed)
                polygon.validate(state)
                for seat in range(players):
                    seen = polygon.view(state, seat)
                    polygon.validate(seen)
                    assert seen.to_move == polygon.to_move(state)
                    back = polygon.determinize(seen, rng.Stream(seed))
                    assert back.explicit is True
                    assert polygon.view(back, seat) == seen
            assert polygon.outcome(state) is not None

    def test_check_rules_on_small_sets_in_both_modes(self) -> None:
        """The shared checker passes with sets that force ties, restarts and short games.

        Twelve games under ``--deep``, three (one per set) in the everyday tier.
        """
        from tilegames._core.rules import Setup
        from tilegames.testing import check_rules

        setups = [
            Setup(2, {"tiles": ("5", "5", "5", "1", "2")}),
            Setup(4, {"tiles": ("W", "W", "1", "X2")}),
            Setup(3, {"tiles": ("1",) * 6 + ("2", "W")}),
        ]
        games = size(everyday=3, deep=12)
        report = check_rules(polygon.RULES, games=games, seed=5, setups=setups, json=True)
        assert report.games == games

    def test_every_state_and_outcome_round_trips_as_json(self) -> None:
        """Explicit states, views and outcomes save and load; seeded states write no new field."""
        for state in random_explicit(2, 7)[::5]:
            assert from_json(to_json(state), State) == state
            seen = polygon.view(state, 1)
            assert from_json(to_json(seen), View) == seen
            for outcome, _ in polygon.chance_outcomes(state):
                assert from_json(to_json(outcome), type(outcome)) == outcome
        seeded = to_json(polygon.new_game(seed=3))
        for field in ('"explicit"', '"chance"', '"step"', '"first_drawn"'):
            assert field not in seeded

    def test_pictures_of_every_kind_of_step(self) -> None:
        """render_text and the SVG picture do not fail on explicit states and views."""
        from tilegames.render import to_svg

        kinds = set()
        for state in random_explicit(2, 3)[:12]:
            kinds.add(state.step)
            for value in (state, polygon.view(state, 0)):
                assert polygon.render_text(value)
                assert "<svg" in to_svg(value)
        assert kinds == {"start", "roll", "draw", ""}


# ---------------------------------------------------------------------------
# The two modes agree
# ---------------------------------------------------------------------------


def position(state: State) -> Position:
    """What a seeded and an explicit state share at a seat's step.

    Everything but the seed (an explicit game's seeds nothing) and the bag's
    order (an explicit bag is its contents; the order is chance's): the
    board, totals, seat, turn, symbol, tiles to place, placements, tiles set
    aside, the start draw, the bag as a multiset, and whose move it is.
    """
    return (
        state.stacks,
        state.totals,
        state.seat,
        state.turn,
        state.symbol,
        state.drawn,
        state.placed,
        state.aside,
        state.start_draw,
        sorted(Counter(state.bag).items()),
        polygon.to_move(state),
        polygon.is_over(state),
    )


def fed(explicit_state: State, seeded: State) -> State:
    """Feed the seeded state's roll and draws as outcomes, until a seat is to move."""
    state = explicit_state
    if state.step == "start":
        for draws in seeded.start_draw:
            for _, tile in draws:
                state = polygon.apply(state, Draw(tile))
    if state.step == "roll":
        state = polygon.apply(state, Roll(seeded.symbol))
        for tile in seeded.drawn:
            state = polygon.apply(state, Draw(tile))
    assert polygon.to_move(state) != (CHANCE,)
    return state


def agree(players: int, seed: int, tiles: tuple[str, ...] | None = None) -> int:
    """Play a seeded game at random and its explicit twin; return the player moves."""
    seeded = polygon.new_game(players, seed=seed, tiles=tiles)
    state = fed(polygon.new_game(players, seed=seed, tiles=tiles, chance="explicit"), seeded)
    chooser = rng.Stream(rng.derive(seed, "agree"))
    count = 0
    while True:
        assert position(state) == position(seeded)
        if polygon.is_over(seeded):
            break
        moves = polygon.legal_moves(seeded)
        move = moves[chooser.randbelow(len(moves))]
        seeded = polygon.apply(seeded, move)
        state = fed(polygon.apply(state, move), seeded)
        count += 1
    assert polygon.outcome(state) == polygon.outcome(seeded)
    return count


class TestAgreement:
    @pytest.mark.parametrize("players", [2, 3, 4])
    def test_seeded_draws_fed_to_explicit_games(self, players: int) -> None:
        """200 random games per setup (30 in the everyday tier): equal positions after every
        move, equal outcomes."""
        moves = sum(agree(players, seed) for seed in range(AGREEING_GAMES))
        assert moves > AGREEING_GAMES * 40

    def test_small_sets_with_ties_and_restarts(self) -> None:
        """Small custom sets force start ties and restarts; the modes still agree."""
        restarts = 0
        for seed in range(200):
            tiles = ("5", "5", "5", "1", "2") if seed % 2 else ("W", "W", "1", "X2")
            agree(2 + seed % 3, seed, tiles)
            rounds = polygon.new_game(2 + seed % 3, seed=seed, tiles=tiles).start_draw
            restarts += sum(len(r) for r in rounds) > len(tiles)
        assert restarts > 0


# ---------------------------------------------------------------------------
# Views: every draw is public (POLY-16)
# ---------------------------------------------------------------------------


class TestViews:
    def test_every_seat_sees_the_same(self) -> None:
        """Drawn tiles are face up: no seat's view hides a draw from another."""
        state = play(started(3), "=C", "+2")
        views = [polygon.view(state, seat) for seat in range(3)]
        assert all(attrs.evolve(v, seat=0) == views[0] for v in views)
        assert views[0].first_drawn == ("2",)
        assert views[0].to_move == (CHANCE,)
        assert views[0].step == "draw"
        assert views[0].explicit is True

    def test_no_unseen_outcome(self) -> None:
        """Polygon lists no Unseen: every outcome is named (POLY-16)."""
        state = explicit()
        assert not hasattr(polygon, "Unseen")
        assert not any(isinstance(m, tilegames.Unseen) for m in polygon.legal_moves(state))


# ---------------------------------------------------------------------------
# validate: the new fields, one step over refused and at the limit accepted
# ---------------------------------------------------------------------------


def refused(value: State | View, match: str) -> None:
    with pytest.raises(InvalidStateError, match=match):
        polygon.validate(value)


class TestValidate:
    def test_drawing_holds_at_most_one_tile(self) -> None:
        """One tile being drawn passes; two are refused (the draw ends with the second)."""
        state = play(started(tiles=["W", "1", "2", "3"]), "=C", "+1")
        polygon.validate(state)
        refused(attrs.evolve(state, first_drawn=("1", "2"), bag=("3",)), "2 tiles")

    def test_drawing_only_in_a_draw_step(self) -> None:
        """A tile being drawn at the roll step is refused."""
        state = started(tiles=["W", "1", "2", "3"])
        polygon.validate(state)
        refused(attrs.evolve(state, first_drawn=("1",), bag=("2", "3")), "only in a 'draw' step")

    def test_chance_fields_of_a_seeded_game(self) -> None:
        """A seeded state has no chance step and a known mode."""
        state = polygon.new_game(seed=2)
        refused(attrs.evolve(state, step="roll", drawn=()), "seeded game has no chance")
        not_a_bool = "State.explicit: 'explicit' is not a bool"
        refused(attrs.evolve(state, explicit="explicit"), not_a_bool)  # type: ignore[arg-type]
        refused(attrs.evolve(state, explicit=1), "is not a bool")  # type: ignore[arg-type]
        refused(attrs.evolve(state, step="deal"), "is not one of")

    def test_explicit_bag_is_in_order(self) -> None:
        """An explicit bag is its contents in VALUES order."""
        state = play(started(tiles=["W", "1", "2", "3"]), "=C")
        refused(attrs.evolve(state, bag=("3", "2", "1")), "VALUES order")

    def test_start_step(self) -> None:
        """During the start draw START is empty, the seat 0, and bag plus drawn is the set."""
        state = play(explicit(3), "+W", "+3")
        polygon.validate(state)
        refused(attrs.evolve(state, seat=1), "no seat has won")
        stacks = list(state.stacks)
        stacks[polygon.SPACES.index((0, 0))] = ("W",)
        refused(attrs.evolve(state, stacks=tuple(stacks)), "START holds a tile")
        refused(attrs.evolve(state, bag=state.bag[1:]), "nowhere")
        refused(attrs.evolve(state, totals=(0, 10, 0)), "every total is 0")
        decided = ((0, "W"), (1, "3"), (2, "1"))
        refused(attrs.evolve(state, start_draw=(decided,), bag=state.bag[1:]), "won the draw")
        unfinished = ((0, "W"),)
        refused(
            attrs.evolve(state, start_draw=(unfinished, ((0, "3"),))),
            "after an unfinished one",
        )

    def test_a_start_round_holds_one_pair_per_drawing_seat_at_most(self) -> None:
        """POLY-7: each round has 1 to 3 (seat, tile) pairs with three seats; 0 or 4 refused."""
        state = explicit(3)
        bag = list(state.bag)
        for tile in ("W", "W", "1"):
            bag.remove(tile)
        tie = ((0, "W"), (1, "W"), (2, "1"))  # three pairs: seats 0 and 1 draw again
        polygon.validate(attrs.evolve(state, start_draw=(tie,), bag=tuple(bag)))
        for wrong in ((), (*tie, (0, "2"))):
            refused(
                attrs.evolve(state, start_draw=(wrong,), bag=tuple(bag)),
                r"State\.start_draw\[0\]: expected 1 to 3 \(seat, tile\) pairs",
            )

    def test_no_chance_step_with_an_empty_bag(self) -> None:
        """POLY-15: the turn that empties the bag is the last; a roll from a bag of 1 is not."""
        state = play(started(tiles=["W", "1", "2", "3"]), "=C", "+1", "+2", "1@1,0", "2@0,1")
        assert (state.step, state.turn, state.bag) == ("roll", 2, ("3",))
        polygon.validate(state)
        refused(
            attrs.evolve(state, bag=()),
            r"State\.step: 'roll' with an empty bag: the game ended with the turn that emptied "
            r"it \(POLY-15\)",
        )

    def test_nothing_placed_before_the_roll_and_draw(self) -> None:
        """POLY-9, POLY-10: a turn places its tiles once both are drawn, not at a chance step."""
        start = polygon.SPACES.index((0, 0))  # holds a played tile: a placed space may name it
        roll = started(tiles=["W", "1", "2", "3"])
        drawing = play(roll, "=C", "+1")
        for state in (roll, drawing):
            polygon.validate(state)
            refused(
                attrs.evolve(state, placed=(start,)),
                r"State\.placed: placements before the turn's roll and draw \(POLY-9, POLY-10\)",
            )

    def test_start_rounds_are_a_tuple(self) -> None:
        """The start-order draw's rounds are a tuple (a state is immutable), even when empty."""
        state = play(explicit(3), "+W", "+3")
        refused(attrs.evolve(state, start_draw=list(state.start_draw)), "tuple of rounds")  # type: ignore[arg-type]
        refused(attrs.evolve(explicit(3), start_draw=[]), "tuple of rounds")  # type: ignore[arg-type]

    def test_start_step_restart(self) -> None:
        """After a tie that cannot be drawn out the whole set is back in the bag."""
        state = play(explicit(tiles=["5", "5", "1"]), "+5", "+5")
        polygon.validate(state)
        refused(attrs.evolve(state, bag=("1",)), "nowhere")

    def test_turn_counter_at_a_chance_step(self) -> None:
        """A roll step must follow whole turns: one tile too few in the bag is refused."""
        state = play(started(tiles=["W", "1", "2", "3", "4"]), "=C", "+1", "+2")
        state = polygon.apply(state, polygon.legal_moves(state)[0])
        state = polygon.apply(state, polygon.legal_moves(state)[0])
        assert state.step == "roll"
        polygon.validate(state)
        refused(attrs.evolve(state, bag=("3",), aside=("4",)), "waits for chance")

    def test_first_roll_symbol(self) -> None:
        """Before the first roll the symbol is 0."""
        state = started()
        refused(attrs.evolve(state, symbol=STAR), "not rolled yet")

    def test_view_to_move_at_a_chance_step(self) -> None:
        """A view at a chance step names the chance seat."""
        seen = polygon.view(started(), 1)
        polygon.validate(seen)
        refused(attrs.evolve(seen, to_move=(0,)), "to_move")
        start = polygon.view(explicit(), 0)
        polygon.validate(start)
        refused(attrs.evolve(start, to_move=()), "chance draws")

    def test_outcomes_pass(self) -> None:
        """Any Draw or Roll is a well-formed outcome."""
        polygon.validate(Draw("X3"))
        polygon.validate(Roll(STAR))
