"""Mixins for the frozen attrs classes of a game's states and views.

A game's ``State`` may carry private caches (an index of the board, kept for
speed) as attrs fields with ``init=False, eq=False``: :class:`CachedState`
pickles the other fields only. Both mixins make a value show itself in
Jupyter as its SVG picture, and :func:`summary` writes the one-line repr
that every game gives its states and views.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import cast

import attrs

from tilegames._core.chance import CHANCE
from tilegames._core.rules import Seat, game_of

__all__ = ["CachedState", "Drawable", "summary"]


def summary(
    position: object,
    players: int,
    facts: Iterable[str] = (),
    *,
    seat: Seat | None = None,
    to_move: Sequence[Seat] | None = None,
) -> str:
    """The one-line repr of a state or view: its game, the seats, what the game says, who moves.

    Every game writes it the same way, in place of the attrs repr that
    lists every field (hundreds of lines of board and bag)::

        <polygon State: 2 players, turn 1, seat 0 to move>
        <axio View for seat 1: 4 players, team mode, turn 3, seat 3 to move>
        <aztack State: 3 players, speed mode, 5 stones placed, seats 0, 1 and 2 to move>

    The game is the registered one that owns the value's class
    (:func:`~tilegames.game_of`), and who moves is its ``to_move``; a value
    no registered game owns is written without them. The repr is for
    people: it names no hidden part and cannot rebuild the value.

    Args:
        position: the state or view.
        players: its number of seats.
        facts: the game's own words for the position, such as its mode and
            how far it has come (``"team mode"``, ``"turn 3"``).
        seat: the seat a view is for; ``None`` for a state.
        to_move: the seats that may move, for a view (that holds them);
            ``None`` to ask the game's ``to_move``.
    """
    kind = type(position).__name__ + ("" if seat is None else f" for seat {seat}")
    parts = [f"{players} player" + ("" if players == 1 else "s"), *facts]
    # A repr never raises: a value no game owns, or a hand-made state its game
    # refuses, is still shown, with what could be found out.
    try:
        rules = game_of(position)
    except Exception:
        return f"<{kind}: {', '.join(parts)}>"
    if to_move is None:
        try:
            to_move = rules.to_move(position)
        except Exception:
            return f"<{rules.name} {kind}: {', '.join(parts)}>"
    return f"<{rules.name} {kind}: {', '.join([*parts, _movers(to_move)])}>"


def _movers(seats: Sequence[Seat]) -> str:
    """``"seat 0 to move"``, ``"seats 0 and 2 to move"``, ``"chance to move"``, ``"game over"``."""
    if not seats:
        return "game over"
    if tuple(seats) == (CHANCE,):
        return "chance to move"
    if len(seats) == 1:
        return f"seat {seats[0]} to move"
    *others, last = (str(seat) for seat in seats)
    return f"seats {', '.join(others)} and {last} to move"


class Drawable:
    """Mixin: Jupyter shows the value as its SVG picture."""

    __slots__ = ()

    def _repr_svg_(self) -> str | None:
        """The SVG picture that the value's game draws (its Rules' ``draw``), for Jupyter.

        ``None`` (Jupyter then shows the repr) when the game draws no picture.
        """
        draw = getattr(game_of(self), "draw", None)
        if draw is None:
            return None
        text: str = draw(self, last_move=None, targets=[])
        return text


class CachedState(Drawable):
    """Mixin for a slotted attrs state whose ``init=False`` fields are caches.

    Pickling keeps the fields that ``__init__`` takes and leaves the caches
    out; unpickling sets them to their defaults, to be rebuilt on first use.
    Declare the class with ``@attrs.frozen(getstate_setstate=False)`` so
    that attrs keeps these methods.
    """

    __slots__ = ()

    def __getstate__(self) -> dict[str, object]:
        """The fields that ``__init__`` takes, by name."""
        fields = attrs.fields(cast("type[attrs.AttrsInstance]", type(self)))
        return {field.name: getattr(self, field.name) for field in fields if field.init}

    def __setstate__(self, values: Mapping[str, object]) -> None:
        """Restore the fields; the caches go back to their defaults.

        A field that the pickle lacks (one added to the class after it was
        pickled, such as an optional component set) takes its default too.
        """
        for name, value in values.items():
            object.__setattr__(self, name, value)
        for field in attrs.fields(cast("type[attrs.AttrsInstance]", type(self))):
            if not field.init or (field.name not in values and field.default is not attrs.NOTHING):
                object.__setattr__(self, field.name, field.default)
