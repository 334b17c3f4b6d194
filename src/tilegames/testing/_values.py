"""What the checks read inside values: moves nudged into illegal ones, a view walked for seeds."""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence, Set
from typing import Any

import attrs

_HIDDEN_NAMES = ("seed", "rng")  # attribute names that a view must never carry
_DEPTH = 12  # how deep a walk goes into a value


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


@functools.cache
def _compared(cls: type) -> tuple[str, ...]:
    """The names of a class's parts that a walk goes into: compared attrs fields, public slots."""
    if attrs.has(cls):  # a field left out of comparisons is a cache, not content
        return tuple(field.name for field in attrs.fields(cls) if field.eq)
    slots = getattr(cls, "__slots__", ())
    return tuple(name for name in slots if isinstance(name, str) and not name.startswith("_"))


def _parts(value: object) -> Iterable[tuple[str | int, object]]:
    """The parts of ``value`` a walk goes into, each with its key.

    A key is an attribute's name, an item's index (an int), or a dict item's
    key written as in a path (``[key]``).
    """
    if isinstance(value, (str, bytes, int, float, type(None))):
        return ()
    if isinstance(value, dict):
        return [(f"[{key!r}]", item) for key, item in value.items()]
    if isinstance(value, (tuple, list, frozenset, set)):
        return enumerate(value)
    cls: type = type(value)
    if attrs.has(cls):
        return [(name, getattr(value, name)) for name in _compared(cls)]
    return [(name, getattr(value, name)) for name in _compared(cls) if hasattr(value, name)]


def _walk(value: object, path: str = "view", depth: int = 0) -> Iterable[tuple[str, object]]:
    """Every value reachable through compared attrs fields, public slots and containers."""
    if depth > _DEPTH:
        return
    yield path, value
    for key, part in _parts(value):
        if type(key) is int:
            inner = f"{path}[{key}]"
        elif str(key).startswith("["):
            inner = f"{path}{key}"
        else:
            inner = f"{path}.{key}"
        yield from _walk(part, inner, depth + 1)


def _carries(value: object, seeds: Set[int], name: str = "view", depth: int = 0) -> bool:
    """Whether :func:`_walk` meets a hidden name or one of ``seeds`` (quick: builds no path).

    ``name`` is the last part of the value's path, as :func:`check_view` reads
    it; an index after it (``[3]``) can neither make nor unmake a hidden name.
    """
    if depth > _DEPTH:
        return False
    if _hidden_name(name) or (
        isinstance(value, int) and not isinstance(value, bool) and value in seeds
    ):
        return True
    for key, part in _parts(value):
        if type(key) is int:
            inner = name
        elif str(key).startswith("["):
            inner = f"{name}{key}".rsplit(".", 1)[-1]
        else:
            inner = str(key)
        if _carries(part, seeds, inner, depth + 1):
            return True
    return False
