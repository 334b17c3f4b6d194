"""Checks shared by every game: argument types, seats, and the helpers of ``validate``.

Entry points of a game check their arguments with one ``type(x) is State``
test and call :func:`wrong_type` when it fails, so the hot path pays one
comparison. A game's ``validate`` builds its messages with :func:`invalid`
(``"where: problem"``) and counts a component set with :func:`count` and
:func:`take`.

>>> str(invalid("State.tracks[1]", "13 is over the cap 12 (ROTA-16)"))
'State.tracks[1]: 13 is over the cap 12 (ROTA-16)'
>>> counts = count(["RB", "RB", "GG"])
>>> take("State.racks[0]", counts, ["RB"], str); counts["RB"]
1
"""

from __future__ import annotations

import reprlib
from collections.abc import Callable, Hashable, Iterable, Iterator
from itertools import islice
from typing import Any, NoReturn, TypeGuard, TypeVar

from tilegames._core.errors import ConfigurationError, InvalidStateError, SeatError, WrongTypeError

__all__ = [
    "bounded_set",
    "check_int",
    "check_players",
    "check_seat",
    "count",
    "invalid",
    "shown",
    "take",
    "wrong_type",
]

T = TypeVar("T", bound=Hashable)


def shown(value: object, limit: int = 60) -> str:
    """``repr(value)`` cut to ``limit`` characters; a value with no repr is described instead.

    Error messages show the evidence through it. An int of more than 4,300
    digits has no ``repr`` (Python's digit limit raises ``ValueError``), nor
    has a container holding one.

    >>> shown("x" * 100, limit=12), shown(10**5000)
    ("'xxxxxxxx...", '<an int of about 5000 digits>')
    """
    try:
        text = reprlib.repr(value)
    except ValueError:
        if isinstance(value, int):
            return f"<an int of about {int(value.bit_length() * 0.30103)} digits>"
        return f"<a {type(value).__name__} that cannot be shown>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


OWNER_OF: list[Callable[[type], str | None]] = []
"""The registry's answer to "which game owns this class?" (the game's title, or ``None``).

:mod:`tilegames._core.rules` puts its lookup here when it is imported: the
checks sit below the registry and cannot import it, and a message names a
value's game as the registry knows it, never from the module its class is in.
"""


def _described(value: object) -> str:
    kind = type(value)
    if value is None:
        return "None"
    owner = OWNER_OF[0](kind) if OWNER_OF else None
    if owner is not None:
        return f"a {kind.__name__} of {owner}"
    if kind.__module__.startswith("tilegames."):  # the library's own values: named alone
        return kind.__name__
    return f"a {kind.__name__} ({shown(value)})"


def wrong_type(function: str, what: str, value: object, *, move: bool = False) -> NoReturn:
    """Raise the :class:`~tilegames.WrongTypeError` for a bad argument.

    Args:
        function: the public function that was called, e.g. ``"axio.apply"``.
        what: what it expected, e.g. ``"an AXIO State"``.
        value: what it was given.
        move: whether a move was expected: a string then earns a pointer to
            the game's ``parse_move``.

    >>> wrong_type("axio.apply", "an AXIO move", "P0,1/1,1", move=True)
    Traceback (most recent call last):
    ...
    tilegames.errors.WrongTypeError: axio.apply expects an AXIO move, got a str
    ('P0,1/1,1'); read notation with axio.parse_move(text, state) first
    """
    msg = f"{function} expects {what}, got {_described(value)}"
    if move and isinstance(value, str):
        game = function.split(".")[0]
        msg += f"; read notation with {game}.parse_move(text, state) first"
    raise WrongTypeError(msg)


def check_seat(seat: object, players: int, *, public: bool = False) -> int:
    """Return ``seat`` if it is a seat of a game of ``players``; else raise.

    ``public``: the caller also takes ``None`` (a view's onlooker), and the
    message says so.

    Raises:
        WrongTypeError: if the seat is not an int.
        SeatError: if it is not in ``0 .. players - 1``.
    """
    if type(seat) is not int:
        also = " (or None, the public view)" if public else ""
        msg = f"a seat is an int 0..{players - 1}{also}, got {_described(seat)}"
        raise WrongTypeError(msg)
    if not 0 <= seat < players:
        msg = f"seat {seat} is not in this game (seats 0..{players - 1})"
        raise SeatError(msg)
    return seat


def is_int_pair(value: object) -> TypeGuard[tuple[int, int]]:
    """Whether ``value`` is a tuple of two ints (bools and other int subclasses are not).

    A hex ``(q, r)``, a cell ``(x, y)``, two colours: what a move's fields hold.
    """
    return (
        type(value) is tuple
        and len(value) == 2
        and type(value[0]) is int
        and type(value[1]) is int
    )


def invalid(where: str, problem: str) -> InvalidStateError:
    """The error for a value that ``validate`` refuses: ``"where: problem"``."""
    return InvalidStateError(f"{where}: {problem}")


def check_int(where: str, value: object, low: int = 0, high: int | None = None) -> int:
    """Return ``value`` if it is an int in ``low .. high`` (no bound when ``high`` is ``None``).

    Raises:
        InvalidStateError: naming ``where`` otherwise (a bool is no int here).
    """
    if type(value) is not int or value < low or (high is not None and value > high):
        bound = f"at least {low}" if high is None else f"{low}..{high}"
        raise invalid(where, f"{shown(value)} is not an int {bound}")
    return value


def bounded_set(what: str, given: object, limit: int, example: str) -> Iterator[Any]:
    """The items of a component set given to ``new_game``, read up to one past ``limit``.

    Reading stops there so that an endless iterable is refused by the
    caller's size check instead of filling memory. ``what`` names the items
    (``"tiles"``) and ``example`` shows a set of them in messages.

    >>> list(bounded_set("tiles", iter(range(10)), 3, "('RB',)"))
    [0, 1, 2, 3]

    Raises:
        ConfigurationError: for one string, or a value that is no iterable.
    """
    if isinstance(given, (str, bytes)):
        msg = f"{what} must be a collection of {what}, not one string"
        raise ConfigurationError(msg)
    if not isinstance(given, Iterable):
        msg = f"{what} must be a collection of {what} such as {example}, not {given!r:.60}"
        raise ConfigurationError(msg)
    return islice(given, limit + 1)


def check_players(title: str, players: object, low: int, high: int) -> int:
    """Return the player count given to a game's ``new_game`` if it is an int in ``low .. high``.

    >>> check_players("Polygon", 5, 2, 4)
    Traceback (most recent call last):
    ...
    tilegames.errors.ConfigurationError: Polygon is for 2 to 4 players, not 5

    Raises:
        ConfigurationError: naming the game and its player counts otherwise.
    """
    if type(players) is not int or not low <= players <= high:
        msg = f"{title} is for {low} to {high} players, not {shown(players)}"
        raise ConfigurationError(msg)
    return players


def count(items: Iterable[T]) -> dict[T, int]:
    """Each distinct item of a component set with its number of copies."""
    counts: dict[T, int] = {}
    for item in items:
        counts[item] = counts.get(item, 0) + 1
    return counts


def take(
    where: str,
    counts: dict[T, int],
    items: Iterable[T],
    written: Callable[[T], str],
    rule: str = "",
) -> None:
    """Take each item from ``counts``; one that is not left there is an error.

    Args:
        where: the field the items come from, for the message.
        counts: the components still unaccounted for (changed in place).
        items: the components found in the field.
        written: how a component is written in messages.
        rule: the rule id that fixes the component set.

    Raises:
        InvalidStateError: naming ``where[i]`` for the first item too many.
    """
    for i, item in enumerate(items):
        left = counts.get(item, 0)
        if not left:
            problem = (
                "appears more often than the set holds it"
                if item in counts
                else ("is not in the set")
            )
            suffix = f" ({rule})" if rule else ""
            raise invalid(f"{where}[{i}]", f"{written(item)} {problem}{suffix}")
        counts[item] = left - 1
