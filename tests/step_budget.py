"""A step budget for tests: work is bounded by counting executed lines, never by a clock.

``with step_budget(100_000): determinize(view, stream)`` fails with
:class:`BudgetExceededError` (an ``AssertionError``) as soon as the code inside has
executed more than 100,000 lines of Python, so a test of "bounded work" fails
by an assertion instead of hanging, and gives the same verdict on any machine.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any

__all__ = ["BudgetExceededError", "step_budget"]


class BudgetExceededError(AssertionError):
    """The code under test ran more lines than its budget allowed."""


@contextmanager
def step_budget(lines: int) -> Iterator[list[int]]:
    """Run the block with a budget of ``lines`` executed lines; yields ``[lines used]``."""
    used = [0]

    def trace(frame: FrameType, event: str, arg: Any) -> Any:
        if event == "line":
            used[0] += 1
            if used[0] > lines:
                sys.settrace(None)
                raise BudgetExceededError(f"more than {lines:,} lines run: unbounded work?")
        return trace

    previous = sys.gettrace()
    sys.settrace(trace)
    try:
        yield used
    finally:
        sys.settrace(previous)
