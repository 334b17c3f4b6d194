"""Tests for :mod:`tilegames.chance`'s helpers: exact draws, any denominator, wrong types refused.

The games' explicit chance steps are tested in each game's chance tests;
here are ``uniform``, ``sample`` and ``settle`` themselves, as a caller
outside the games uses them (a companion app, a search, a log replay).
"""

from __future__ import annotations

import decimal
import math
import types
from collections import Counter
from fractions import Fraction
from itertools import pairwise
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import texts
import tilegames
from step_budget import step_budget
from tiers import examples
from tilegames import CHANCE
from tilegames.chance import sample, settle, uniform
from tilegames.errors import ConfigurationError, WrongTypeError
from tilegames.rng import Stream

GAMES = tilegames.names()

# Values that are not what a parameter takes: each helper refuses them by type.
JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.floats(allow_nan=True),
    texts.text(max_size=5),
    st.binary(max_size=5),
    st.complex_numbers(),
    st.decimals(allow_nan=False).map(decimal.Decimal),
    st.just(object()),
    st.dictionaries(texts.text(max_size=2), st.integers(), max_size=2),
)


def reference_pick(outcomes: list[tuple[Any, Fraction]], roll: Fraction) -> Any:
    """The outcome whose slice of [0, 1) holds ``roll``, slices laid out in order."""
    low = Fraction(0)
    for outcome, probability in outcomes:
        if low <= roll < low + probability:
            return outcome
        low += probability
    raise AssertionError("roll outside [0, 1)")


@st.composite
def distributions(draw: st.DrawFn, *, wide: bool) -> list[tuple[int, Fraction]]:
    """Outcomes 0, 1, ... with probabilities summing to 1, cut from [0, 1) at random.

    ``wide``: the first outcome has probability exactly 1 / d for a d above
    2**64, so the common denominator is that large.
    """
    bound = st.integers(2**64 + 1, 2**200) if wide else st.integers(1, 2**40)
    denominator = draw(bound, label="denominator")
    cuts = draw(st.lists(st.integers(0, denominator), max_size=5), label="cuts")
    edges = [0, *sorted({1, *cuts} if wide else cuts), denominator]
    return [(i, Fraction(b - a, denominator)) for i, (a, b) in enumerate(pairwise(edges))]


class TestSample:
    """sample picks each outcome with exactly its probability, for any denominator."""

    @given(st.integers(0, 2**64 - 1), distributions(wide=True))
    @settings(max_examples=examples(200), deadline=None)
    def test_wide_denominators_return(
        self, seed: int, outcomes: list[tuple[int, Fraction]]
    ) -> None:
        """Denominators above 2**64 (the old hang) give an outcome of the list, replayably."""
        assert sum(p for _, p in outcomes) == 1
        assert math.lcm(*(p.denominator for _, p in outcomes)) > 2**64
        with step_budget(20_000):  # a few draws, not an endless loop
            picked = sample(outcomes, Stream(seed))
        assert picked in [outcome for outcome, _ in outcomes]
        assert sample(outcomes, Stream(seed)) == picked

    @given(st.integers(0, 2**64 - 1), distributions(wide=False))
    @settings(max_examples=examples(200), deadline=None)
    def test_picks_the_slice_of_the_roll(
        self, seed: int, outcomes: list[tuple[int, Fraction]]
    ) -> None:
        """The pick is the outcome whose slice holds roll / denominator, roll uniform below it."""
        denominator = math.lcm(*(probability.denominator for _, probability in outcomes))
        roll = Stream(seed).randbelow(denominator)
        assert sample(outcomes, Stream(seed)) == reference_pick(
            outcomes, Fraction(roll, denominator)
        )

    def test_frequencies_follow_a_wide_distribution(self) -> None:
        """Outcomes of probability 1/3 + e, 2/3 - e with a denominator of 70 bits come up 1:2."""
        n = 3 * 2**68 + 1  # no common factor with 3: the two denominators join to n
        outcomes = [("a", Fraction(2**68 + 1, n)), ("b", Fraction(2**69, n))]
        stream = Stream(28)
        with step_budget(1_000_000):
            counts = Counter(sample(outcomes, stream) for _ in range(3000))
        assert 900 <= counts["a"] <= 1100  # mean 1000, standard deviation about 26
        assert counts["a"] + counts["b"] == 3000

    def test_zero_probability_never_comes_up(self) -> None:
        """An outcome of probability 0 (an int 0 is allowed) is never picked."""
        stream = Stream(3)
        never_or_always: list[tuple[str, Any]] = [("never", 0), ("always", 1)]
        assert {sample(never_or_always, stream) for _ in range(200)} == {"always"}

    @pytest.mark.parametrize(
        "outcomes",
        [
            [],
            [("a", Fraction(1, 2))],
            [("a", Fraction(3, 2)), ("b", Fraction(-1, 2))],
            [("a", Fraction(1, 2)), ("b", Fraction(1, 3))],
        ],
    )
    def test_refuses_a_distribution_that_is_none(self, outcomes: list[Any]) -> None:
        """No outcomes, a sum other than 1, or a negative probability: ConfigurationError."""
        with pytest.raises(ConfigurationError) as caught:
            sample(outcomes, Stream(1))
        assert isinstance(caught.value, ValueError)
        expected = "no chance outcomes" if not outcomes else "sum to 1"
        assert expected in str(caught.value)

    @given(JUNK)
    @settings(max_examples=examples(100))
    def test_refuses_a_stream_that_is_none(self, stream: object) -> None:
        """sample(outcomes, None) and any other non-Stream is a WrongTypeError."""
        with pytest.raises(WrongTypeError, match=r"chance\.sample"):
            sample([("a", Fraction(1))], stream)  # type: ignore[arg-type]

    @given(JUNK.filter(lambda value: not isinstance(value, bool)))
    @settings(max_examples=examples(100))
    def test_refuses_outcomes_that_are_no_sequence(self, outcomes: object) -> None:
        """Outcomes that are not a sequence of pairs (None, a string, a number...) are refused."""
        if outcomes == {} or outcomes == "" or outcomes == b"":
            outcomes = None  # empty containers are no pairs either, but test one kind at a time
        with pytest.raises(WrongTypeError):
            sample(outcomes, Stream(1))  # type: ignore[arg-type]

    @given(JUNK)
    @settings(max_examples=examples(100))
    def test_refuses_a_probability_that_is_no_fraction(self, probability: object) -> None:
        """Strings, floats, decimals, bools... as a probability: WrongTypeError, never a draw."""
        outcomes = [("a", probability), ("b", Fraction(0))]
        with pytest.raises(WrongTypeError, match="probability"):
            sample(outcomes, Stream(1))  # type: ignore[arg-type]

    @pytest.mark.parametrize("pair", [("a",), ("a", Fraction(1), "x"), "ab", 5, None])
    def test_refuses_an_outcome_that_is_no_pair(self, pair: object) -> None:
        """Each outcome is an (outcome, probability) pair."""
        with pytest.raises(WrongTypeError, match="pairs"):
            sample([pair], Stream(1))  # type: ignore[arg-type]


class TestUniform:
    """uniform draws one item of a multiset, each with count / total."""

    def test_counts_by_hand(self) -> None:
        """Three red and one blue: 3/4 and 1/4, in the pool's order."""
        assert uniform({"red": 3, "blue": 1}) == (
            ("red", Fraction(3, 4)),
            ("blue", Fraction(1, 4)),
        )
        assert uniform(["b", "a", "b"]) == (("b", Fraction(2, 3)), ("a", Fraction(1, 3)))

    @pytest.mark.parametrize("pool", [{}, [], {"a": 0}, {"a": 2, "b": -1}, {"a": 1, "b": 0}])
    def test_refuses_an_empty_pool(self, pool: Any) -> None:
        """An empty pool or a count that is not positive: ConfigurationError, a ValueError."""
        with pytest.raises(ConfigurationError):
            uniform(pool)

    @pytest.mark.parametrize("pool", [None, 5, 2.5])
    def test_refuses_a_pool_that_is_no_collection(self, pool: Any) -> None:
        """A pool is a mapping of counts or an iterable of items."""
        with pytest.raises(WrongTypeError, match="a mapping or an iterable"):
            uniform(pool)

    def test_refuses_items_that_are_no_keys(self) -> None:
        """Items are told apart as dict keys: a list among them is refused."""
        with pytest.raises(WrongTypeError, match="hashable"):
            uniform([["a"], ["b"]])  # type: ignore[type-var]

    @pytest.mark.parametrize("count", [1.5, "2", None, True, Fraction(1, 2)])
    def test_refuses_a_count_that_is_no_int(self, count: object) -> None:
        """A count is an int."""
        with pytest.raises(WrongTypeError, match="count"):
            uniform({"a": count})


class TestSettle:
    """settle plays chance's steps until a seat is to move, and refuses what is not a game."""

    @pytest.mark.parametrize("name", GAMES)
    def test_settles_a_new_explicit_game(self, name: str) -> None:
        """A new explicit game waits for chance (its first draw); settled, a seat is to move."""
        rules = tilegames.get(name)
        state = rules.new_game(players=2, chance="explicit")
        assert rules.to_move(state) == (CHANCE,)
        settled = settle(rules, state, Stream(5))
        assert rules.to_move(settled) != (CHANCE,)
        assert settled == settle(rules, state, Stream(5))
        assert settle(rules, settled, Stream(6)) is settled  # nothing left to settle

    @pytest.mark.parametrize("member", ["to_move", "apply"])
    def test_refuses_rules_with_half_the_contract(self, member: str) -> None:
        """Rules need both to_move and apply: an object with one of them is refused at once."""
        rules = tilegames.get("polygon")
        half = types.SimpleNamespace(**{member: getattr(rules, member)})
        state = rules.new_game(players=2, chance="explicit")
        with pytest.raises(WrongTypeError, match=r"chance\.settle"):
            settle(half, state, Stream(1))

    @given(JUNK)
    @settings(max_examples=examples(50))
    def test_refuses_rules_that_are_none(self, rules: object) -> None:
        """settle(None, state, stream) and any other non-rules: WrongTypeError."""
        state = tilegames.get("polygon").new_game(players=2, chance="explicit")
        with pytest.raises(WrongTypeError, match=r"chance\.settle"):
            settle(rules, state, Stream(1))

    @given(JUNK)
    @settings(max_examples=examples(50))
    def test_refuses_a_stream_that_is_none(self, stream: object) -> None:
        """settle(rules, state, None): WrongTypeError."""
        rules = tilegames.get("polygon")
        state = rules.new_game(players=2, chance="explicit")
        with pytest.raises(WrongTypeError, match=r"chance\.settle"):
            settle(rules, state, stream)  # type: ignore[arg-type]

    @pytest.mark.parametrize("name", GAMES)
    def test_refuses_a_state_of_another_game(self, name: str) -> None:
        """A state that is not the game's: the game's own WrongTypeError."""
        other = next(game for game in GAMES if game != name)
        state = tilegames.get(other).new_game(players=2, chance="explicit")
        with pytest.raises(WrongTypeError):
            settle(tilegames.get(name), state, Stream(1))
        with pytest.raises(WrongTypeError):
            settle(tilegames.get(name), None, Stream(1))
