"""A check for games whose ``determinize`` lets the samples of one view share a cached index."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from tilegames import Rules
from tilegames._core import rng


def check_samples_share_a_right_index(
    rules: Rules[Any, Any], seen: Any, seeds: Sequence[int], field: str
) -> None:
    """The samples of ``seen`` share the index in ``field``, and play as states built without it.

    Each sample is compared with an equal copy made by ``attrs.evolve``, which
    starts with no index and so builds its own from scratch: the same legal
    moves in the same order, and the same states after the first few.
    """
    samples = [rules.determinize(seen, rng.Stream(seed)) for seed in seeds]  # type: ignore[misc]
    for sample in samples:
        fresh = attrs.evolve(sample)  # equal, without the shared index
        assert getattr(fresh, field) is None
        assert list(rules.legal_moves(sample)) == list(rules.legal_moves(fresh))
        assert getattr(sample, field) is getattr(samples[0], field)
        for move in list(rules.legal_moves(sample))[:5]:
            assert rules.apply(sample, move) == rules.apply(fresh, move)
