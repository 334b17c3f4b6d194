"""Seeded randomness carried inside game states.

A game state holds one integer, its *seed*. Every random event of a game (the
shuffle at setup, a die roll, a reshuffle of the bag) is a pure function of
that integer and returns the result together with the seed to store in the
next state. ``apply`` therefore stays a pure function, and a game replays
exactly from its first seed and its moves, on every Python version and
platform: the generator is SplitMix64, written out here, not :mod:`random`.

>>> from tilegames._core import rng
>>> values, seed = rng.shuffled(7, "abcde")
>>> values == rng.shuffled(7, "abcde")[0]
True
>>> sorted(values)
['a', 'b', 'c', 'd', 'e']
>>> roll, next_seed = rng.randbelow(seed, 6)
>>> 0 <= roll < 6 and next_seed != seed
True
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Iterable, Sequence
from typing import TypeVar

from tilegames._core.checks import shown
from tilegames._core.errors import ConfigurationError, WrongTypeError

__all__ = [
    "SEED_BITS",
    "Seed",
    "Stream",
    "choice",
    "derive",
    "fresh_seed",
    "next_u64",
    "normalize_seed",
    "randbelow",
    "shuffled",
]

T = TypeVar("T")

Seed = int
"""A generator state: an integer in ``0 <= seed < 2**64``."""

SEED_BITS = 64
"""Seeds and draws are integers of this many bits."""
_MASK = (1 << SEED_BITS) - 1
_GAMMA = 0x9E3779B97F4A7C15  # SplitMix64's increment (the golden ratio in 64 bits)


def _limits(most: int) -> tuple[int, ...]:
    """Per ``n < most``, the bound below which a 64-bit draw is kept for ``randbelow(n)``.

    The largest multiple of ``n`` not above ``2**64``: draws at or above it are
    rejected, so that every remainder is equally likely (no modulo bias).
    """
    return (0, *(((1 << SEED_BITS) // n) * n for n in range(1, most)))


_LIMITS = _limits(1025)
"""The rejection bounds of :func:`_limits` for the ``n`` of shuffles and dice."""


def fresh_seed() -> Seed:
    """Return a new seed from the operating system's randomness."""
    return secrets.randbits(SEED_BITS)


def normalize_seed(seed: int | None) -> Seed:
    """Turn a user's ``seed=`` argument into a generator state.

    ``None`` draws a fresh seed; any integer is reduced modulo ``2**64``.

    Raises:
        ConfigurationError: if ``seed`` is not an integer (``bool`` included).
    """
    if seed is None:
        return fresh_seed()
    if isinstance(seed, bool) or not isinstance(seed, int):
        msg = f"seed must be an int or None, not {type(seed).__name__} {shown(seed)}"
        raise ConfigurationError(msg)
    return seed & _MASK


def next_u64(seed: Seed) -> tuple[int, Seed]:
    """Draw 64 random bits.

    Returns:
        ``(value, next_seed)``: the value in ``0 <= value < 2**64`` and the seed
        to carry on with.
    """
    state = (seed + _GAMMA) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31), state


def randbelow(seed: Seed, n: int) -> tuple[int, Seed]:
    """Draw an integer uniformly from ``range(n)``, without modulo bias.

    Any positive bound works. A bound up to ``2**64`` takes one 64-bit draw
    (and another in the rare case one is rejected); a larger one takes the
    fewest 64-bit draws whose ``2**(64 * words)`` values cover it, joined
    high word first, with the same rejection of the incomplete top block.

    >>> value, _ = randbelow(5, 3 * 2**100)
    >>> 0 <= value < 3 * 2**100
    True

    Raises:
        WrongTypeError: if ``n`` is not an int (``bool`` included).
        ConfigurationError: if ``n < 1``; it is a ``ValueError``.
    """
    if type(n) is int and 0 < n <= _WORDS:  # every bound the games and agents draw from
        limit = _LIMITS[n] if n < _TABLE else (_WORDS // n) * n  # no modulo bias
    else:
        return _randbelow_checked(seed, n)
    while True:
        value, seed = next_u64(seed)
        if value < limit:
            return value % n, seed


_TABLE = len(_LIMITS)
"""Bounds below this have their rejection bound in :data:`_LIMITS`."""
_WORDS = 1 << SEED_BITS
"""How many values one 64-bit draw takes."""


def _randbelow_checked(seed: Seed, n: object) -> tuple[int, Seed]:
    """:func:`randbelow` for a bound above ``2**64``, of an int subclass, or no bound at all."""
    bound = _bound(n)
    if bound < 1:
        msg = f"randbelow needs n >= 1, got {shown(bound)}"
        raise ConfigurationError(msg)
    if bound <= _WORDS:
        return randbelow(seed, bound)
    return _randbelow_wide(seed, bound)


def _bound(n: object) -> int:
    """``randbelow``'s bound as an int: an ``int`` subclass other than ``bool``."""
    if isinstance(n, bool) or not isinstance(n, int):
        msg = f"randbelow's bound must be an int, not {type(n).__name__} {shown(n)}"
        raise WrongTypeError(msg)
    return int(n)


def _randbelow_wide(seed: Seed, n: int) -> tuple[int, Seed]:
    """:func:`randbelow` for ``n > 2**64``: several 64-bit draws make one wide value.

    ``words`` draws cover ``2**(64 * words) >= n``; values at or above the
    largest multiple of ``n`` in that range are rejected, which happens less
    than half of the time, so the expected number of tries is below two.
    """
    words = -(-(n - 1).bit_length() // SEED_BITS)  # the fewest that cover n values
    span = 1 << (SEED_BITS * words)
    limit = (span // n) * n
    while True:
        value = 0
        for _ in range(words):
            word, seed = next_u64(seed)
            value = (value << SEED_BITS) | word
        if value < limit:
            return value % n, seed


def choice(seed: Seed, items: Sequence[T]) -> tuple[T, Seed]:
    """Pick one item uniformly.

    Raises:
        ValueError: if ``items`` is empty.
    """
    if not items:
        msg = "cannot choose from an empty sequence"
        raise ValueError(msg)
    index, seed = randbelow(seed, len(items))
    return items[index], seed


def shuffled(seed: Seed, items: Iterable[T]) -> tuple[tuple[T, ...], Seed]:
    """Return the items in a uniformly random order (Fisher-Yates) and the next seed."""
    stream = Stream(seed)
    result = stream.shuffled(items)
    return result, stream.seed


def derive(seed: Seed, *keys: int | str) -> Seed:
    """Derive an independent child seed, for example one per game of a simulation.

    The child depends on the seed and on every key, and on nothing else.

    >>> derive(1, "game", 0) == derive(1, "game", 0) != derive(1, "game", 1)
    True
    """
    text = repr((seed & _MASK, *keys)).encode()  # the same state gives the same child
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big")


class Stream:
    """A cursor over the generator for a function that draws many times.

    It is mutable, so it never goes into a state: a function creates one from
    the state's seed, draws, and stores :attr:`seed` in the state it returns.

    >>> stream = Stream(3)
    >>> a = stream.randbelow(10)
    >>> b = stream.randbelow(10)
    >>> Stream(3).randbelow(10) == a
    True
    """

    __slots__ = ("seed",)

    seed: Seed
    """The generator state after the draws made so far."""

    def __init__(self, seed: Seed) -> None:
        self.seed = seed

    def randbelow(self, n: int) -> int:
        """Draw an integer uniformly from ``range(n)`` (see :func:`randbelow`)."""
        value, self.seed = randbelow(self.seed, n)
        return value

    def choice(self, items: Sequence[T]) -> T:
        """Pick one item uniformly (see :func:`choice`)."""
        item, self.seed = choice(self.seed, items)
        return item

    def shuffled(self, items: Iterable[T]) -> tuple[T, ...]:
        """Return the items in a uniformly random order.

        Fisher-Yates with :func:`randbelow` for every swap; the generator is
        written out inline (the same draws, the same rejections, the same
        result as calling :func:`randbelow`), because a game's setup shuffle
        is a tenth of a random playout and three calls a swap were most of it.
        """
        pool = list(items)
        seed = self.seed
        limits, mask, gamma = _LIMITS, _MASK, _GAMMA  # locals: read once, not per swap
        for i in range(len(pool) - 1, 0, -1):
            n = i + 1
            limit = limits[n] if n < len(limits) else ((1 << SEED_BITS) // n) * n
            while True:
                seed = (seed + gamma) & mask  # next_u64, inline
                z = ((seed ^ (seed >> 30)) * 0xBF58476D1CE4E5B9) & mask
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
                z ^= z >> 31
                if z < limit:
                    break
            j = z % n
            pool[i], pool[j] = pool[j], pool[i]
        self.seed = seed
        return tuple(pool)
