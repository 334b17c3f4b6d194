"""Tests for :mod:`tilegames._core.rng`, against SplitMix64 written out here."""

from __future__ import annotations

import contextlib
import enum
import hashlib
import os
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import texts
from splitmix import seed_drawing
from step_budget import step_budget
from tilegames import ConfigurationError, WrongTypeError
from tilegames._core import rng

TWO_64 = 2**64
seeds = st.integers(min_value=0, max_value=TWO_64 - 1)
bounds = st.one_of(
    st.integers(min_value=1, max_value=100),
    st.integers(min_value=1, max_value=TWO_64),
)
items = st.lists(st.integers(min_value=0, max_value=5), max_size=30)
keys = st.lists(
    st.one_of(st.integers(min_value=-5, max_value=5), texts.text(max_size=3)), max_size=3
)


class SplitMix64:
    """Steele, Lea and Flood's SplitMix64 (2014), transcribed from the published C.

    ``z = (x += 0x9e3779b97f4a7c15); z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9;
    z = (z ^ (z >> 27)) * 0x94d049bb133111eb; return z ^ (z >> 31);``
    with all arithmetic modulo 2**64.
    """

    def __init__(self, state: int) -> None:
        self.state = state

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) % TWO_64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) % TWO_64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) % TWO_64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Unbiased draw from range(n): reject values in the incomplete top block."""
        while True:
            value = self.next()
            if value < TWO_64 - TWO_64 % n:
                return value % n

    def below_wide(self, n: int) -> int:
        """Unbiased draw from range(n), any n: the fewest 64-bit words covering n, high first."""
        words = max(1, -(-(n - 1).bit_length() // 64))
        span = 2 ** (64 * words)
        while True:
            value = 0
            for _ in range(words):
                value = value * TWO_64 + self.next()
            if value < span - span % n:
                return value % n

    def shuffle(self, values: list[Any]) -> list[Any]:
        """Durstenfeld's Fisher-Yates: swap position i with a random j <= i, i from the top."""
        values = list(values)
        for i in reversed(range(1, len(values))):
            j = self.below(i + 1)
            values[i], values[j] = values[j], values[i]
        return values


class TestReference:
    """The reference SplitMix64 itself gives the published sequence."""

    def test_published_values_from_zero(self) -> None:
        """From state 0 the first outputs are the published test vector."""
        generator = SplitMix64(0)
        assert [generator.next() for _ in range(4)] == [
            0xE220A8397B1DCDAF,
            0x6E789E6AA1B965F4,
            0x06C45D188009454F,
            0xF88BB8A8724C81EC,
        ]


class TestStreamShuffle:
    """Early in the module, as a fault in the inline loop would hang later tests."""

    def test_the_same_as_the_function(self) -> None:
        """Stream.shuffled, written out inline, is rng.shuffled: the same order and the same
        next seed, for short lists and one past the table of bounds, in bounded steps."""
        for length in (0, 1, 2, 3, 17, len(rng._LIMITS) + 3):
            values = list(range(length))
            stream = rng.Stream(99)
            with step_budget(200_000):
                order = stream.shuffled(values)
            assert (order, stream.seed) == rng.shuffled(99, values)


class TestNextU64:
    """next_u64() is SplitMix64."""

    def test_pinned_values_from_zero(self) -> None:
        """State 0 gives 0xE220A8397B1DCDAF, then the next published values."""
        seed = 0
        outputs = []
        for _ in range(4):
            value, seed = rng.next_u64(seed)
            outputs.append(value)
        assert outputs == [
            0xE220A8397B1DCDAF,
            0x6E789E6AA1B965F4,
            0x06C45D188009454F,
            0xF88BB8A8724C81EC,
        ]
        assert seed == (4 * 0x9E3779B97F4A7C15) % TWO_64

    @given(seeds)
    def test_matches_reference(self, seed: int) -> None:
        """Value and next seed agree with the reference for any 64-bit state."""
        generator = SplitMix64(seed)
        value, following = rng.next_u64(seed)
        assert value == generator.next()
        assert following == generator.state
        assert 0 <= value < TWO_64


class TestRandbelow:
    """randbelow() draws without modulo bias."""

    @given(seeds, bounds)
    def test_matches_reference(self, seed: int, n: int) -> None:
        """The value and next seed agree with the reference rejection sampler."""
        generator = SplitMix64(seed)
        with counted_draws():
            value, following = rng.randbelow(seed, n)
        assert value == generator.below(n)
        assert following == generator.state
        assert 0 <= value < n

    def test_rejection_bounds_table(self) -> None:
        """The precomputed bounds are the largest multiples of n not above 2**64."""
        for n in range(1, len(rng._LIMITS)):
            limit = rng._LIMITS[n]
            assert limit % n == 0
            assert limit <= TWO_64 < limit + n

    def test_long_shuffle_past_the_table(self) -> None:
        """A shuffle longer than the table of bounds still agrees with the reference."""
        values = list(range(len(rng._LIMITS) + 40))
        generator = SplitMix64(99)
        with step_budget(200_000):  # a broken loop fails here instead of hanging
            result, following = rng.shuffled(99, values)
        assert list(result) == generator.shuffle(values)
        assert following == generator.state

    def test_rejects_top_block(self) -> None:
        """A first draw in the incomplete top block is rejected and the next one used."""
        n = 3 * 2**62  # only one full block: values >= n are rejected
        seed = next(s for s in range(1000) if SplitMix64(s).next() >= n)
        reference = SplitMix64(seed)
        reference.next()  # the rejected draw
        value, following = rng.randbelow(seed, n)
        assert value == reference.below(n)
        assert following == reference.state

    @given(seeds)
    def test_one_choice(self, seed: int) -> None:
        """range(1) always gives 0 and still moves the seed on."""
        value, following = rng.randbelow(seed, 1)
        assert value == 0
        assert following != seed

    @pytest.mark.parametrize("n", [0, -3])
    def test_rejects_empty_range(self, n: int) -> None:
        """n < 1 is an error."""
        with counted_draws(), pytest.raises(ValueError, match="n >= 1"):
            rng.randbelow(5, n)

    @pytest.mark.parametrize("n", [1, 2])
    def test_smallest_ranges_are_drawn(self, n: int) -> None:
        """range(1) and range(2) are drawn, not refused: one draw each."""
        with counted_draws() as calls:
            value, _ = rng.randbelow(5, n)
        assert value == SplitMix64(5).below(n)
        assert calls[0] == 1

    def test_around_the_end_of_the_table(self) -> None:
        """Bounds at, just before and just past the end of the table of rejection bounds."""
        end = len(rng._LIMITS)
        for n in range(end - 3, end + 4):
            for seed in range(5):
                generator = SplitMix64(seed)
                with counted_draws():
                    value, following = rng.randbelow(seed, n)
                assert (value, following) == (generator.below(n), generator.state)

    @pytest.mark.parametrize(("seed", "n"), [(1, 6), (2024, 10), (99, 37)])
    def test_roughly_uniform(self, seed: int, n: int) -> None:
        """Counts of 1000 * n draws pass a loose chi-square bound (fixed seeds: cannot flake)."""
        draws = 1000 * n
        stream = rng.Stream(seed)
        counts = Counter(stream.randbelow(n) for _ in range(draws))
        assert set(counts) == set(range(n))
        expected = draws / n
        chi_square = sum((counts[v] - expected) ** 2 / expected for v in range(n))
        # Mean n - 1, standard deviation sqrt(2 (n - 1)); 10 deviations above is far out.
        assert chi_square < (n - 1) + 10 * (2 * (n - 1)) ** 0.5


class TestWideBounds:
    """randbelow() draws from any positive bound, above 2**64 too, and never loops for long."""

    @given(seeds, st.integers(min_value=TWO_64 + 1, max_value=2**600))
    def test_matches_reference(self, seed: int, n: int) -> None:
        """Above 2**64 the value and next seed agree with the wide reference sampler."""
        generator = SplitMix64(seed)
        with counted_draws():
            value, following = rng.randbelow(seed, n)
        assert value == generator.below_wide(n)
        assert following == generator.state
        assert 0 <= value < n

    @given(seeds, bounds)
    def test_narrow_bounds_are_the_one_word_draw(self, seed: int, n: int) -> None:
        """Up to 2**64 the wide sampler is the one-word sampler: games replay as before."""
        assert SplitMix64(seed).below_wide(n) == SplitMix64(seed).below(n)

    @given(seeds, st.integers(min_value=TWO_64 + 1, max_value=2**300))
    def test_few_draws(self, seed: int, n: int) -> None:
        """A wide bound takes a few 64-bit draws, not an endless loop (the old hang)."""
        with counted_draws() as calls:
            value = rng.Stream(seed).randbelow(n)
        assert 0 <= value < n
        words = -(-(n - 1).bit_length() // 64)
        assert calls[0] % words == 0
        assert calls[0] <= 40 * words  # each try is rejected with chance below 1/2

    def test_rejects_the_top_block_of_two_words(self) -> None:
        """n = 2**127 + 1: a two-word value at or above n (about half of them) is drawn again.

        Over 40 seeds some first tries are rejected, and every result and next
        seed agrees with the reference, so a bound wider than the incomplete
        block (which would keep a biased value) is caught.
        """
        n = 2**127 + 1
        rejected = 0
        for seed in range(40):
            reference = SplitMix64(seed)
            first = reference.next() * TWO_64 + reference.next()
            rejected += first >= n
            reference = SplitMix64(seed)
            with counted_draws():
                value, following = rng.randbelow(seed, n)
            assert value == reference.below_wide(n)
            assert following == reference.state
        assert rejected >= 10

    def test_a_draw_equal_to_the_bound_is_rejected(self) -> None:
        """A draw exactly at the rejection bound is in the incomplete block: drawn again.

        With n the first draw itself (one word, above 2**63, and two words,
        above 2**127) the bound is n, the first draw equals it, and only the
        second try counts.
        """
        seed = next(s for s in range(100) if SplitMix64(s).next() >= 2**63)
        generator = SplitMix64(seed)
        n = generator.next()
        assert rng.randbelow(seed, n) == (generator.next() % n, generator.state)
        seed = next(s for s in range(100) if SplitMix64(s).next() >= 2**63)
        generator = SplitMix64(seed)
        n = generator.next() * TWO_64 + generator.next()
        again = (generator.next() * TWO_64 + generator.next()) % n
        with counted_draws():
            assert rng.randbelow(seed, n) == (again, generator.state)

    @pytest.mark.parametrize("power", [64, 128, 192])
    def test_a_power_of_two_takes_its_words_and_no_more(self, power: int) -> None:
        """2**64 is one word, 2**128 two, 2**192 three: every value kept, none rejected."""
        words = power // 64
        for seed in range(5):
            generator = SplitMix64(seed)
            value = 0
            for _ in range(words):
                value = value * TWO_64 + generator.next()
            with counted_draws() as calls:
                assert rng.randbelow(seed, 2**power) == (value, generator.state)
            assert calls[0] == words

    def test_just_above_one_word(self) -> None:
        """2**64 + 1, the smallest bound past one word, is drawn from two words."""
        with counted_draws():
            values = {rng.randbelow(seed, TWO_64 + 1)[0] for seed in range(50)}
        assert len(values) == 50
        assert any(value >= TWO_64 // 2 for value in values)
        for seed in range(50):
            reference = SplitMix64(seed)
            assert rng.randbelow(seed, TWO_64 + 1) == (
                reference.below_wide(TWO_64 + 1),
                reference.state,
            )

    def test_top_values_uniform(self) -> None:
        """With n = 3 * 2**100, the top third each value falls in comes up about equally."""
        n = 3 * 2**100
        stream = rng.Stream(28)
        with counted_draws():
            counts = Counter(stream.randbelow(n) // 2**100 for _ in range(3000))
        assert set(counts) == {0, 1, 2}
        chi_square = sum((counts[v] - 1000) ** 2 / 1000 for v in range(3))
        assert chi_square < 2 + 10 * 2**0.5

    def test_an_int_subclass_is_its_int(self) -> None:
        """A bound of an int subclass (an IntEnum member, say) draws as the plain int does."""

        class Faces(enum.IntEnum):
            ONE = 1
            SIX = 6
            WIDE = 2**70

        for bound in Faces:
            assert rng.randbelow(9, bound) == rng.randbelow(9, int(bound))  # value and seed
            assert type(rng.randbelow(9, bound)[0]) is int

    @pytest.mark.parametrize("n", [2.0, "6", None, True, 6.5])
    def test_refuses_a_bound_that_is_no_int(self, n: object) -> None:
        """A bound that is not an int is a WrongTypeError naming it, from the Stream too."""
        with pytest.raises(WrongTypeError, match="randbelow's bound must be an int"):
            rng.Stream(1).randbelow(n)  # type: ignore[arg-type]

    @pytest.mark.parametrize("n", [0, -1, -(2**70)])
    def test_refuses_an_empty_range(self, n: int) -> None:
        """n < 1 is the library's ConfigurationError (a ValueError)."""
        with pytest.raises(ConfigurationError, match="n >= 1"):
            rng.Stream(1).randbelow(n)


@contextlib.contextmanager
def counted_draws() -> Iterator[list[int]]:
    """Count the 64-bit draws randbelow makes; stop it after 10,000 (a hang), then restore."""
    calls = [0]
    draw = rng.next_u64

    def counted(seed: int) -> tuple[int, int]:
        calls[0] += 1
        if calls[0] > 10_000:
            raise AssertionError("randbelow made 10,000 draws without returning")
        return draw(seed)

    rng.next_u64 = counted
    try:
        yield calls
    finally:
        rng.next_u64 = draw


class TestChoice:
    """choice() picks through randbelow()."""

    @given(seeds, st.lists(st.integers(), min_size=1, max_size=20))
    def test_matches_reference(self, seed: int, values: list[int]) -> None:
        """The item is values[reference draw] and the seed moves like randbelow."""
        generator = SplitMix64(seed)
        item, following = rng.choice(seed, values)
        assert item == values[generator.below(len(values))]
        assert following == generator.state

    def test_empty(self) -> None:
        """Choosing from nothing is an error."""
        with pytest.raises(ValueError, match="empty"):
            rng.choice(3, [])


class TestShuffled:
    """shuffled() is a seeded Fisher-Yates shuffle."""

    @given(seeds, items)
    def test_is_permutation(self, seed: int, values: list[int]) -> None:
        """The result holds the same items with the same multiplicities."""
        result, _ = rng.shuffled(seed, values)
        assert isinstance(result, tuple)
        assert Counter(result) == Counter(values)

    @given(seeds, items)
    def test_same_seed_same_result(self, seed: int, values: list[int]) -> None:
        """Shuffling twice from one seed gives the same order and the same next seed."""
        assert rng.shuffled(seed, values) == rng.shuffled(seed, iter(values))

    @given(seeds, st.lists(st.integers(), max_size=30))
    def test_matches_reference(self, seed: int, values: list[int]) -> None:
        """The order and next seed agree with the reference Fisher-Yates."""
        generator = SplitMix64(seed)
        result, following = rng.shuffled(seed, values)
        assert list(result) == generator.shuffle(values)
        assert following == generator.state

    @given(seeds, st.lists(st.integers(), max_size=1))
    def test_short_sequences_keep_seed(self, seed: int, values: list[int]) -> None:
        """Nothing to shuffle draws nothing: the seed is returned unchanged."""
        assert rng.shuffled(seed, values) == (tuple(values), seed)

    @pytest.mark.parametrize("length", [3, 5, 7, 1000, 1030, 1100])
    def test_a_draw_at_the_bound_is_rejected(self, length: int) -> None:
        """The first swap of a list of ``length`` draws from range(length): a first draw
        exactly at its rejection bound (the largest multiple of ``length`` not above 2**64)
        is in the incomplete block and drawn again, in the table and past it."""
        bound = TWO_64 - TWO_64 % length
        seed = seed_drawing(bound)
        assert SplitMix64(seed).next() == bound
        values = list(range(length))
        generator = SplitMix64(seed)
        with step_budget(200_000):
            result, following = rng.shuffled(seed, values)
        assert list(result) == generator.shuffle(values)
        assert following == generator.state
        first = SplitMix64(seed)
        assert rng.randbelow(seed, length) == (first.below(length), first.state)

    def test_every_order_of_three_appears(self) -> None:
        """Over 600 fixed seeds all 6 orders of three items appear, each at least 50 times."""
        counts = Counter(rng.shuffled(seed, "abc")[0] for seed in range(600))
        assert len(counts) == 6
        assert min(counts.values()) >= 50


class TestStream:
    """Stream agrees with the pure functions."""

    @given(seeds, st.lists(st.integers(min_value=1, max_value=50), max_size=10))
    def test_randbelow_sequence(self, seed: int, ns: list[int]) -> None:
        """A stream's draws equal chaining randbelow() by hand."""
        stream = rng.Stream(seed)
        for n in ns:
            value, seed = rng.randbelow(seed, n)
            assert stream.randbelow(n) == value
            assert stream.seed == seed

    @given(seeds, st.lists(st.integers(), min_size=1, max_size=10), items)
    def test_choice_and_shuffled(self, seed: int, options: list[int], values: list[int]) -> None:
        """Stream.choice then Stream.shuffled equal choice() then shuffled() chained."""
        stream = rng.Stream(seed)
        item, seed = rng.choice(seed, options)
        order, seed = rng.shuffled(seed, values)
        assert stream.choice(options) == item
        assert stream.shuffled(values) == order
        assert stream.seed == seed

    def test_slots(self) -> None:
        """A stream has no instance dictionary (it only holds the seed)."""
        stream = rng.Stream(1)
        with pytest.raises(AttributeError):
            stream.other = 2  # type: ignore[attr-defined]


class TestDerive:
    """derive() gives child seeds."""

    def test_same_generator_state_same_child(self) -> None:
        """Seeds equal modulo 2**64 are the same generator state, so derive the same child."""
        assert rng.derive(5, "k") == rng.derive(5 + 2**64, "k")

    @given(seeds, keys)
    def test_deterministic_and_in_range(self, seed: int, path: list[int | str]) -> None:
        """The same seed and keys give the same 64-bit child."""
        child = rng.derive(seed, *path)
        assert child == rng.derive(seed, *path)
        assert 0 <= child < TWO_64

    @given(seeds, keys)
    def test_the_64_bit_blake2b_of_the_state_and_keys(
        self, seed: int, path: list[int | str]
    ) -> None:
        """The child is BLAKE2b's 8-byte digest of the generator state and keys, big-endian."""
        text = repr((seed % TWO_64, *path)).encode()
        expected = int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big")
        assert rng.derive(seed, *path) == expected

    @given(seeds, keys, keys)
    def test_different_keys_differ(
        self, seed: int, a: list[int | str], b: list[int | str]
    ) -> None:
        """Different key paths give different children."""
        if a != b:
            assert rng.derive(seed, *a) != rng.derive(seed, *b)

    @given(seeds, seeds, keys)
    def test_different_seeds_differ(self, s: int, t: int, path: list[int | str]) -> None:
        """Different parent seeds give different children."""
        if s != t:
            assert rng.derive(s, *path) != rng.derive(t, *path)

    def test_int_and_str_keys_differ(self) -> None:
        """The key 0 and the key "0" are different keys."""
        assert rng.derive(1, 0) != rng.derive(1, "0")

    def test_examples(self) -> None:
        """The docstring's game-per-index example."""
        assert rng.derive(1, "game", 0) == rng.derive(1, "game", 0)
        assert rng.derive(1, "game", 0) != rng.derive(1, "game", 1)


class TestNormalizeSeed:
    """normalize_seed() validates the user's seed."""

    @given(st.integers())
    def test_reduces_modulo_2_64(self, seed: int) -> None:
        """Any integer becomes seed mod 2**64 (negative ones too)."""
        assert rng.normalize_seed(seed) == seed % TWO_64

    def test_none_draws_fresh(self) -> None:
        """None draws a fresh 64-bit seed; two draws differ."""
        a, b = rng.normalize_seed(None), rng.normalize_seed(None)
        assert 0 <= a < TWO_64
        assert 0 <= b < TWO_64
        assert a != b

    @pytest.mark.parametrize("bad", [True, False, "7", 7.0, b"7", [7]])
    def test_rejects_non_integers(self, bad: object) -> None:
        """bool, str, float and others raise ConfigurationError naming the type."""
        with pytest.raises(ConfigurationError, match=type(bad).__name__):
            rng.normalize_seed(bad)  # type: ignore[arg-type]

    def test_configuration_error_is_value_error(self) -> None:
        """Callers catching ValueError catch a bad seed too."""
        with pytest.raises(ValueError, match="seed must be"):
            rng.normalize_seed("seven")  # type: ignore[arg-type]

    def test_fresh_seed_range(self) -> None:
        """fresh_seed() gives 64-bit values."""
        assert all(0 <= rng.fresh_seed() < TWO_64 for _ in range(100))
        assert rng.SEED_BITS == 64


SCRIPT = """
from tilegames._core import rng
print(rng.shuffled(7, range(20)), rng.randbelow(123, 1000), rng.derive(5, "game", 3))
"""


class TestReproducibleAcrossRuns:
    """Results depend on nothing but the seed."""

    def test_pinned_shuffle(self) -> None:
        """shuffled(7, range(10)) equals the reference Fisher-Yates over SplitMix64."""
        generator = SplitMix64(7)
        expected = generator.shuffle(list(range(10)))
        assert rng.shuffled(7, range(10)) == (tuple(expected), generator.state)

    def test_same_in_fresh_processes(self) -> None:
        """Two interpreters with different hash seeds print what this process computes."""
        expected = f"{rng.shuffled(7, range(20))} {rng.randbelow(123, 1000)} "
        expected += f"{rng.derive(5, 'game', 3)}\n"
        for hash_seed in ("1", "2"):
            env = {**os.environ, "PYTHONHASHSEED": hash_seed}
            result = subprocess.run(
                [sys.executable, "-c", SCRIPT],
                capture_output=True,
                text=True,
                env=env,
                check=True,
                timeout=60,
            )
            assert result.stdout == expected
