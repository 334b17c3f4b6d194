"""A memo of one entry, found by the identity of its key: the last value worked out.

A search asks the same question of the same object many times in a row
(MCTS samples one view hundreds of times; a frontend walks one position's
choices part by part), so the rules keep the answer for the last object
asked about. The key is compared by identity, never by equality, and the
memo holds on to one key and one value at most.

>>> last = LastOf[object, int]()
>>> key = object()
>>> last.get(key) is None
True
>>> last.put(key, 3)
3
>>> last.get(key), last.get(object())
(3, None)
"""

from __future__ import annotations

from typing import Generic, TypeVar

__all__ = ["LastOf"]

K = TypeVar("K")
V = TypeVar("V")


class LastOf(Generic[K, V]):
    """The value kept for the last key put, by the key's identity.

    It is one attribute written whole, so a reader in another thread sees
    an old entry or a new one, never a key with another key's value.
    """

    __slots__ = ("_entry",)

    def __init__(self) -> None:
        self._entry: tuple[K, V] | None = None

    def get(self, key: K) -> V | None:
        """The value put with this very ``key`` last, else ``None``."""
        entry = self._entry  # read once: another thread may replace it
        if entry is not None and entry[0] is key:
            return entry[1]
        return None

    def put(self, key: K, value: V) -> V:
        """Keep ``value`` for ``key`` (forgetting the entry before); return ``value``."""
        self._entry = (key, value)
        return value
