"""Mixins for the frozen attrs classes of a game's states and views.

A game's ``State`` may carry private caches (an index of the board, kept for
speed) as attrs fields with ``init=False, eq=False``: :class:`CachedState`
pickles the other fields only. Both mixins make a value show itself in
Jupyter as its SVG picture.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

import attrs

from tilegames._core.rules import game_of

__all__ = ["CachedState", "Drawable"]


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
