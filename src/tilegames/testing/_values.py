"""What the checks read inside values: moves nudged into illegal ones, a view walked for seeds."""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

_HIDDEN_NAMES = ("seed", "rng")  # attribute names that a view must never carry


def _mutations(move: object) -> list[Any]:
    """Copies of an attrs move with one field nudged: ints by one, a None filled in."""
    cls = type(move)
    if not attrs.has(cls):
        return []
    result: list[Any] = []
    for field in attrs.fields(cls):
        if not field.init:
            continue
        value = getattr(move, field.name)
        optional = "None" in str(field.type)
        for other in _nudged(value, optional=optional):
            try:
                result.append(attrs.evolve(move, **{field.name: other}))  # type: ignore[misc]
            except (TypeError, ValueError):
                continue  # the move class itself refuses the value: nothing to check
    return result


def _nudged(value: object, *, optional: bool) -> list[object]:
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, int):
        return [value - 1, value + 1, *([None] if optional else [])]
    if value is None:
        return [0, 1]
    if (
        isinstance(value, tuple)
        and value
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        nudged: list[object] = []
        for i in range(len(value)):
            for delta in (-1, 1):
                nudged.append((*value[:i], value[i] + delta, *value[i + 1 :]))
        return nudged
    return []


@functools.lru_cache(maxsize=4096)
def _hidden_name(name: str) -> bool:
    """Whether an attribute's name (with any ``[i]`` after it) names a seed or a stream."""
    return any(hidden in name.lower() for hidden in _HIDDEN_NAMES)


def _attributes(value: object, names: Sequence[str]) -> list[object]:
    """The values of the attributes of ``value`` whose names contain one of ``names``."""
    return [v for path, v in _walk(value) if any(n in path.rsplit(".", 1)[-1] for n in names)]


def _walk(value: object, path: str = "view", depth: int = 0) -> Iterable[tuple[str, object]]:
    """Every value reachable through compared attrs fields, public slots and containers."""
    if depth > 12:
        return
    yield path, value
    if isinstance(value, (str, bytes, int, float, type(None))):
        return
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _walk(item, f"{path}[{key!r}]", depth + 1)
        return
    if isinstance(value, (tuple, list, frozenset, set)):
        for index, item in enumerate(value):
            yield from _walk(item, f"{path}[{index}]", depth + 1)
        return
    cls = type(value)
    if attrs.has(cls):
        for field in attrs.fields(cls):
            if field.eq:  # a field left out of comparisons is a cache, not content
                yield from _walk(getattr(value, field.name), f"{path}.{field.name}", depth + 1)
        return
    for name in getattr(type(value), "__slots__", ()):
        if isinstance(name, str) and not name.startswith("_") and hasattr(value, name):
            yield from _walk(getattr(value, name), f"{path}.{name}", depth + 1)
