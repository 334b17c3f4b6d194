"""An agent that ignores every clock, for the tests of the bots' time limit.

In a module of its own, importing nothing heavy: the server's bot worker
processes unpickle it by importing this module.
"""

from __future__ import annotations

import time
from typing import Any

import attrs


@attrs.frozen
class Sleeper:
    """An agent that ignores every clock: it thinks for ``seconds``, then plays the first move."""

    seconds: float
    name = "sleeper"

    def choose(self, rules: Any, seat: int, view: Any, moves: Any, stream: Any) -> Any:
        time.sleep(self.seconds)
        return moves[0]


@attrs.frozen
class Failing:
    """An agent that raises instead of choosing."""

    name = "failing"

    def choose(self, rules: Any, seat: int, view: Any, moves: Any, stream: Any) -> Any:
        raise RuntimeError("this agent always fails")
