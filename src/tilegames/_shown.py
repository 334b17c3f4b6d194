"""Values shown in error messages as bounded JSON text, for :mod:`tilegames.serialize`."""

from __future__ import annotations

import json
import reprlib
from collections.abc import Iterator, Sequence
from typing import Final, cast

__all__ = ["scalar_text", "shown"]


def shown(value: object, limit: int = 60) -> str:
    """``value`` as JSON text (``repr`` for what JSON lacks), cut at ``limit`` characters.

    Written by a loop over a stack of iterators, never by recursion, and
    stopping once ``limit`` characters are out, so that any value, however
    deep, big or cyclic, is shown in bounded work.
    """
    parts: list[str] = []
    size = 0
    stack: list[Iterator[object]] = [iter((value,))]
    while stack and size <= limit:
        item = next(stack[-1], _END)
        if item is _END:
            stack.pop()
            continue
        if type(item) is _Text:
            text: str = item
        elif type(item) in (list, tuple):
            text = "["
            stack.append(_array_parts(cast("Sequence[object]", item)))
        elif type(item) is dict:
            text = "{"
            stack.append(_object_parts(cast("dict[object, object]", item)))
        else:
            text = scalar_text(item, limit)
        parts.append(text)
        size += len(text)
    text = "".join(parts)
    return text if len(text) <= limit else text[: limit - 3] + "..."


class _Text(str):
    """Punctuation that :func:`_shown` writes as it is."""


_END: Final = object()


def _array_parts(items: Sequence[object]) -> Iterator[object]:
    for i, item in enumerate(items):
        if i:
            yield _Text(", ")
        yield item
    yield _Text("]")


def _object_parts(members: dict[object, object]) -> Iterator[object]:
    for i, (key, item) in enumerate(members.items()):
        if i:
            yield _Text(", ")
        yield _Text(scalar_text(key, 60) + ": ")
        yield item
    yield _Text("}")


def scalar_text(value: object, limit: int) -> str:
    """A value that is no array or object as JSON text, or ``repr``, of bounded size."""
    if value is None or type(value) in (bool, float):
        return json.dumps(value)
    if type(value) is int:
        if value.bit_length() > 4 * limit:  # Python refuses to write ints of 4,300 digits
            return f"<an int of {value.bit_length()} bits>"
        return str(value)
    if type(value) is str:
        return json.dumps(value[: limit + 1])[: limit + 2]
    return reprlib.repr(value)  # reprlib bounds both depth and length
