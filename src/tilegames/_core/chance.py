"""Chance as explicit steps: the chance seat, the unseen draw, exact probabilities.

Every game starts in one of two chance modes (``new_game(..., chance=...)``):

``"seeded"`` (the default)
    Every random event (a shuffle, a draw, a die roll) comes from the seed
    inside the state, as a pure function of it: ``to_move`` never names the
    chance seat, and a game replays exactly from its seed and its moves.

``"explicit"``
    Every random event is a step of its own. ``to_move(state)`` returns
    ``(CHANCE,)``, ``legal_moves(state)`` lists each distinct outcome once (a
    tile drawn, a die face, ...), the game's ``chance_outcomes(state)`` gives
    each with its exact probability (:class:`fractions.Fraction`, summing to
    1) and ``apply(state, outcome)`` applies the one that happened: a
    companion app enters the real draw, a search samples one, a log replays.

A draw that the person entering the game cannot see (an opponent's rack
tile) is entered as the game's :class:`Unseen` outcome: it is listed by
``legal_moves`` beside the tiles but not by ``chance_outcomes``, and the tile
is named only when it is placed or revealed.

>>> from fractions import Fraction
>>> draw = uniform({"red": 2, "blue": 1})
>>> draw
(('red', Fraction(2, 3)), ('blue', Fraction(1, 3)))
>>> sample(draw, Stream(7)) in ("red", "blue")
True
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any, Final, Literal, TypeVar

import attrs

from tilegames._core.checks import shown, wrong_type
from tilegames._core.errors import ConfigurationError, WrongTypeError
from tilegames._core.rng import Stream

__all__ = [
    "CHANCE",
    "CHANCE_MODES",
    "EXPLICIT",
    "SEEDED",
    "ChanceMode",
    "Unseen",
    "chance_mode",
    "sample",
    "settle",
    "uniform",
]

T = TypeVar("T")
H = TypeVar("H", bound=Hashable)
S = TypeVar("S")

CHANCE: Final = -1
"""The chance seat: ``to_move(state) == (CHANCE,)`` when chance decides the next step.

An int like a seat, as OpenSpiel's chance player; it never scores.
"""

ChanceMode = Literal["seeded", "explicit"]
SEEDED: Final = "seeded"
"""Chance comes from the seed inside the state (the default)."""
EXPLICIT: Final = "explicit"
"""Each random event is a step of its own, entered with ``apply``."""
CHANCE_MODES: Final = (SEEDED, EXPLICIT)


def chance_mode(value: object) -> ChanceMode:
    """Check ``new_game``'s ``chance=`` option.

    >>> chance_mode("explicit")
    'explicit'

    Raises:
        ConfigurationError: naming the two modes, for anything else.
    """
    if value == SEEDED and isinstance(value, str):
        return SEEDED
    if value == EXPLICIT and isinstance(value, str):
        return EXPLICIT
    msg = f"chance must be 'seeded' or 'explicit', not {shown(value)}"
    raise ConfigurationError(msg)


@attrs.frozen
class Unseen:
    """A chance outcome entered without naming it: a draw the person cannot see.

    Each game that hides draws has its own subclass (``axio.Unseen``, ...)
    and constant (``axio.UNSEEN``), written ``?`` in its notation. It is a
    legal move at a chance step of an explicit game beside the named
    outcomes, but never one of ``chance_outcomes``: their probabilities
    describe the real draw. The drawn tile is named later, when it is placed
    or revealed, and must then be one that could have been drawn.
    """


def uniform(pool: Mapping[H, int] | Iterable[H]) -> tuple[tuple[H, Fraction], ...]:
    """The outcomes of drawing one item from ``pool``, each distinct item once.

    ``pool`` is a multiset: a mapping from item to how many there are, or the
    items themselves with repeats. Outcomes keep the pool's order (first
    appearance) and have probability ``count / total``.

    >>> uniform("aab")
    (('a', Fraction(2, 3)), ('b', Fraction(1, 3)))

    Raises:
        WrongTypeError: if ``pool`` is not a mapping or an iterable, an item
            is not hashable, or a count is not an int.
        ConfigurationError: if the pool is empty or a count is not positive;
            it is a ``ValueError``.
    """
    counts: dict[H, int] = {}
    if not isinstance(pool, (Mapping, Iterable)):
        wrong_type("chance.uniform", "a mapping or an iterable of items", pool)
    try:
        if isinstance(pool, Mapping):
            counts.update(pool)
        else:
            for item in pool:
                counts[item] = counts.get(item, 0) + 1
    except TypeError:  # an item that is no dict key
        wrong_type("chance.uniform", "hashable items", pool)
    for count in counts.values():
        if isinstance(count, bool) or not isinstance(count, int):
            msg = f"a pool's count is an int, not {type(count).__name__} {shown(count)}"
            raise WrongTypeError(msg)
    total = sum(counts.values())
    if total <= 0 or any(count <= 0 for count in counts.values()):
        msg = "drawing from an empty pool, or one with a count that is not positive"
        raise ConfigurationError(msg)
    return tuple((item, Fraction(count, total)) for item, count in counts.items())


def sample(outcomes: Sequence[tuple[T, Fraction]], stream: Stream) -> T:
    """Pick one outcome with exactly its probability, from ``stream``.

    Uses integer arithmetic only (the common denominator of the
    probabilities), so the choice replays exactly from the stream's seed.
    A probability is a :class:`~fractions.Fraction` (or an ``int``, 0 or 1),
    never a float: chance is exact. Any denominator works, however large.

    Raises:
        WrongTypeError: if ``outcomes`` is not a sequence of ``(outcome,
            probability)`` pairs, a probability is not a ``Fraction`` or an
            ``int``, or ``stream`` is not a :class:`~tilegames.rng.Stream`.
        ConfigurationError: if there are no outcomes, or the probabilities
            are negative or do not sum to 1; it is a ``ValueError``.
    """
    if not isinstance(stream, Stream):
        wrong_type("chance.sample", "a tilegames.rng.Stream", stream)
    probabilities = _probabilities(outcomes)
    denominator = math.lcm(*(p.denominator for p in probabilities))
    weights = [p.numerator * (denominator // p.denominator) for p in probabilities]
    if sum(weights) != denominator or min(weights) < 0:
        msg = "chance probabilities must be non-negative and sum to 1"
        raise ConfigurationError(msg)
    roll = stream.randbelow(denominator)
    for (outcome, _), weight in zip(outcomes, weights, strict=True):
        if roll < weight:
            return outcome
        roll -= weight
    raise AssertionError("unreachable: the weights sum to the denominator")  # pragma: no cover


def _probabilities(outcomes: object) -> list[Fraction]:
    """The probabilities of :func:`sample`'s outcomes, each checked, as Fractions."""
    if not isinstance(outcomes, Sequence) or isinstance(outcomes, (str, bytes)):
        wrong_type("chance.sample", "a sequence of (outcome, probability) pairs", outcomes)
    if not outcomes:
        msg = "no chance outcomes to sample from"
        raise ConfigurationError(msg)
    probabilities = []
    for pair in outcomes:
        if not isinstance(pair, (tuple, list)) or len(pair) != 2:
            msg = f"chance.sample expects (outcome, probability) pairs, got {shown(pair)}"
            raise WrongTypeError(msg)
        probability = pair[1]
        if isinstance(probability, bool) or not isinstance(probability, (Fraction, int)):
            msg = (
                f"a chance probability is a Fraction (or an int), not "
                f"{type(probability).__name__} {shown(probability)}"
            )
            raise WrongTypeError(msg)
        # A Fraction as it is (copying one is slow before Python 3.11), an int made one.
        probabilities.append(
            probability if type(probability) is Fraction else Fraction(probability)
        )
    return probabilities


def settle(rules: Any, state: S, stream: Stream) -> S:
    """Play chance's steps from ``state`` by their probabilities until a seat is to move.

    ``rules`` is the game's :class:`~tilegames.Rules`; a state that does not
    wait for chance (any state of a seeded game) comes back as it is.

    Raises:
        WrongTypeError: if ``rules`` is not a game's rules (it has no
            ``to_move`` and ``apply``), ``stream`` is not a
            :class:`~tilegames.rng.Stream`, or ``state`` is not a state of
            the game (as the game's ``to_move`` raises it).
    """
    if not (callable(getattr(rules, "to_move", None)) and callable(getattr(rules, "apply", None))):
        wrong_type("chance.settle", "a game's Rules (tilegames.get(name))", rules)
    if not isinstance(stream, Stream):
        wrong_type("chance.settle", "a tilegames.rng.Stream", stream)
    chance_outcomes = getattr(rules, "chance_outcomes", None)
    while chance_outcomes is not None and rules.to_move(state) == (CHANCE,):
        state = rules.apply(state, sample(chance_outcomes(state), stream))
    return state
