"""Random changes to JSON documents, for tests that every changed document loads or is refused."""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import strategies as st

__all__ = ["mutate", "mutations"]


def mutations() -> st.SearchStrategy[Any]:
    """A change to a document: replace, drop or add a value somewhere inside it."""
    leaf = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-5, 70),
        st.integers(),
        st.sampled_from(["W", "X2", "5", "", "x"]),
        st.floats(allow_nan=False),
    )
    value = st.recursive(leaf, lambda inner: st.lists(inner, max_size=4), max_leaves=6)
    return st.tuples(
        st.sampled_from(["replace", "drop", "add", "repeat", "swap", "nudge", "nudge"]),
        st.integers(0, 10**6),
        value,
    )


def _containers(node: Any, found: list[Any]) -> list[Any]:
    if isinstance(node, (list, dict)):
        found.append(node)
        for child in node.values() if isinstance(node, dict) else node:
            _containers(child, found)
    return found


def mutate(written: dict[str, Any], change: tuple[str, int, Any]) -> None:
    kind, where, value = change
    value = copy.deepcopy(value)  # a value Hypothesis gives twice must not end up inside itself
    containers = _containers(written["data"], [])
    target = containers[where % len(containers)]
    keys = list(target) if isinstance(target, dict) else list(range(len(target)))
    if not keys:
        if isinstance(target, list):
            target.append(value)
        return
    key = keys[where % len(keys)]
    if kind == "swap" and isinstance(target, list):  # two items trade places
        other = (where // 7) % len(target)
        target[key], target[other] = target[other], target[key]
    elif kind == "nudge":  # a number one up or down: often still in range
        if type(target[key]) is int:
            target[key] += 1 if where % 2 else -1
    elif kind == "replace":
        target[key] = value
    elif kind == "drop":
        del target[key]
    elif kind == "add":
        if isinstance(target, dict):
            target[f"extra{where}"] = value
        else:
            target.insert(where % (len(target) + 1), value)
    else:
        if isinstance(target, list):
            target.append(copy.deepcopy(target[key]))
        else:
            target[key] = copy.deepcopy(target[key])
