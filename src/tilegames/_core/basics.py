"""The values every game and tool shares: seats, scores, outcomes and setups.

:class:`Outcome` is the result of a finished game, :class:`Setup` one way to
start one. Their public home is :mod:`tilegames` (and, inside the library,
:mod:`tilegames._core.rules`, which re-exports them).
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import Any, Final, TypeVar, Union

import attrs

__all__ = [
    "OPTIONAL",
    "WIDE_INT",
    "Options",
    "Outcome",
    "Score",
    "Seat",
    "Setup",
    "former_names",
    "formerly",
    "formerly_named",
    "new_game_kwargs",
    "rank_by",
    "sorted_options",
    "warn_renamed",
]

K = TypeVar("K")


Seat = int
"""A player's seat number, ``0 .. players - 1``; play passes from a seat to the next."""

Score = Union[int, tuple[int, ...]]  # noqa: UP007 (a runtime alias on 3.10)
"""A seat's final score: a number, or one number per colour track."""


def _to_scores(scores: Iterable[Score]) -> tuple[Score, ...]:
    return tuple(scores)


def _to_ranking(places: Iterable[Iterable[Seat]]) -> tuple[frozenset[Seat], ...]:
    return tuple(frozenset(place) for place in places)


OPTIONAL: Final = {"optional": True}
"""attrs metadata of a field added after version 1 of the JSON format.

:mod:`tilegames.serialize` leaves such a field out of a document while it
holds its default, and a document without it loads with the default, so
documents written before the field existed still load.
"""

WIDE_INT: Final = {"wide_int": True}
"""attrs metadata of an int field that may hold any 64-bit number (a seed).

:mod:`tilegames.serialize` writes such a value beyond ``2**53 - 1`` either way
as a string of its decimal digits. Every other int of a document is a JSON
number within ``-(2**53 - 1) .. 2**53 - 1``, which JavaScript reads exactly:
writing refuses a larger one, and so do reading and the JSON Schemas.
"""


def formerly(
    name: str, *, optional: bool = False, values: Mapping[object, object] | None = None
) -> dict[str, object]:
    """Attrs metadata of a renamed field: a document that still holds it as ``name`` loads.

    :mod:`tilegames.serialize` writes the field under its new name; reading
    the former one is deprecated (it warns with :class:`DeprecationWarning`)
    and lasts one release. ``optional`` marks the field :data:`OPTIONAL` too.

    ``values`` is for a field whose values changed with its name: each value
    the former field held (a JSON value: a string, a number, a boolean or
    ``null``), with what the field holds for it now. A document holding the
    former name with another value is refused. Only the former name reads
    through it: the field under its new name reads as declared.

    >>> formerly("chance", values={"seeded": False, "explicit": True})
    {'formerly': 'chance', 'formerly_values': {'seeded': False, 'explicit': True}}
    """
    return {
        "formerly": name,
        **({"optional": True} if optional else {}),
        **({"formerly_values": dict(values)} if values is not None else {}),
    }


T = TypeVar("T")
_FORMER_NAMES: Final = "_tilegames_former_names"


def formerly_named(*names: str) -> Callable[[type[T]], type[T]]:
    """Class decorator: a document whose ``"type"`` is one of ``names`` loads as this class.

    For a class renamed: :mod:`tilegames.serialize` writes its new name, and
    reading a former one is deprecated (it warns with
    :class:`DeprecationWarning`) and lasts one release.
    """

    def mark(kind: type[T]) -> type[T]:
        setattr(kind, _FORMER_NAMES, names)
        return kind

    return mark


def former_names(kind: type) -> tuple[str, ...]:
    """The names a document may still give ``kind`` (see :func:`formerly_named`)."""
    names: tuple[str, ...] = kind.__dict__.get(_FORMER_NAMES, ())
    return names


def warn_renamed(old: str, new: str, *, stacklevel: int = 3) -> None:
    """Warn that ``old`` is deprecated: it is ``new`` now, and goes in the next release."""
    msg = f"{old} is deprecated: it is {new} now (the old name goes in the next release)"
    warnings.warn(msg, DeprecationWarning, stacklevel=stacklevel)


@attrs.frozen
class Outcome:
    """The result of a finished game.

    A game's ``outcome`` fills in ``game`` and ``mode``, so that an outcome
    knows which game it ends and :mod:`tilegames.serialize` can save and load
    it on its own.

    >>> result = Outcome(scores=(7, 9, 9), ranking=[{1, 2}, {0}])
    >>> sorted(result.winners), result.place(0)
    ([1, 2], 2)
    """

    scores: tuple[Score, ...] = attrs.field(converter=_to_scores)
    """Each seat's final score, by seat (the game documents what a score is)."""

    ranking: tuple[frozenset[Seat], ...] = attrs.field(converter=_to_ranking)
    """The places, best first; seats that tie share a place (a frozenset)."""

    reason: str = ""
    """Why the game ended, in words, with the rule id (for example ``"ROTA-17 ..."``)."""

    game: str = attrs.field(default="", kw_only=True, metadata=OPTIONAL)
    """The registry name of the game (:func:`tilegames.get`), or ``""`` if not known."""

    mode: str = attrs.field(default="", kw_only=True, metadata=OPTIONAL)
    """The game's mode or variant when it has several (``"team"``, ``"speed"``), else ``""``."""

    def __attrs_post_init__(self) -> None:
        """Check that there are seats and that the ranking places each exactly once."""
        if not self.scores:
            msg = "an outcome needs at least one seat"
            raise ValueError(msg)
        seats = [seat for place in self.ranking for seat in place]
        if sorted(seats) != list(range(len(self.scores))) or any(not p for p in self.ranking):
            msg = (
                f"ranking {[sorted(p) for p in self.ranking]} must place each of the "
                f"{len(self.scores)} seats exactly once, in non-empty places"
            )
            raise ValueError(msg)

    @property
    def winners(self) -> frozenset[Seat]:
        """The seats in first place (several when they share it)."""
        return self.ranking[0]

    def place(self, seat: Seat) -> int:
        """The 1-based place of a seat; tied seats share the place number.

        Raises:
            ValueError: if the seat is not in the game.
        """
        for number, place in enumerate(self.ranking, start=1):
            if seat in place:
                return number
        msg = f"seat {seat} is not in this game (seats 0..{len(self.scores) - 1})"
        raise ValueError(msg)


def rank_by(keys: Sequence[K], *, higher_is_better: bool = True) -> tuple[frozenset[Seat], ...]:
    """Rank seats by a comparable key per seat; equal keys share a place.

    >>> rank_by([(7, 8), (7, 9), (7, 8)])
    (frozenset({1}), frozenset({0, 2}))
    >>> rank_by([3, 1, 2], higher_is_better=False)
    (frozenset({1}), frozenset({2}), frozenset({0}))
    """
    order = sorted(range(len(keys)), key=keys.__getitem__, reverse=higher_is_better)  # type: ignore[arg-type]
    places: list[set[Seat]] = []
    previous: object = object()
    for seat in order:
        if places and keys[seat] == previous:
            places[-1].add(seat)
        else:
            places.append({seat})
            previous = keys[seat]
    return tuple(frozenset(place) for place in places)


Options = tuple[tuple[str, Any], ...]
"""Keyword options of ``new_game`` besides the player count and the seed.

``(name, value)`` pairs sorted by name: the one options type of
:class:`Setup` and :class:`tilegames.records.Record`.
"""


def sorted_options(pairs: Iterable[tuple[str, Hashable]]) -> Options:
    """The pairs sorted by name, as :class:`Setup` and records keep them."""
    return tuple(sorted(pairs, key=lambda pair: str(pair[0])))


def new_game_kwargs(players: int, options: Options, **more: Any) -> dict[str, Any]:
    """The keyword arguments of ``new_game``: the players, ``more`` (a seed), the options.

    >>> new_game_kwargs(2, (("mode", "team"),), seed=7)
    {'players': 2, 'seed': 7, 'mode': 'team'}
    """
    return {"players": players, **more, **dict(options)}


def _to_options(options: Mapping[str, Hashable] | Iterable[tuple[str, Hashable]]) -> Options:
    return sorted_options(options.items() if isinstance(options, Mapping) else options)


@attrs.frozen
class Setup:
    """One way to start a game: a player count and the keyword options of ``new_game``.

    >>> str(Setup(4, {"mode": "team"}))
    '4 players, mode=team'
    """

    players: int
    """The number of seats."""

    options: Options = attrs.field(default=(), converter=_to_options)
    """Further keyword arguments for ``new_game``, as sorted ``(name, value)`` pairs."""

    def __attrs_post_init__(self) -> None:
        """Refuse a player count hidden among the options."""
        if any(key == "players" for key, _ in self.options):
            msg = "give the player count as Setup(players, ...), not as an option"
            raise ValueError(msg)

    @property
    def kwargs(self) -> dict[str, Any]:
        """The keyword arguments for ``new_game``, ``players`` included."""
        return new_game_kwargs(self.players, self.options)

    def __str__(self) -> str:
        """Describe the setup in words."""
        text = f"{self.players} player" + ("" if self.players == 1 else "s")
        return ", ".join([text, *(f"{key}={value}" for key, value in self.options)])
