"""Run the conformance checker over every registered game.

The same check our own test suite runs: random legal games, with the whole
contract (legal moves and apply agree, apply never mutates, notation round
trips, views hide the seed, games end, seeds replay) checked at every step.
Use it on a game of your own after ``tilegames.register(MY_RULES)``.
"""

from __future__ import annotations

import tilegames
from tilegames.testing import check_rules


def main() -> None:
    names = tilegames.names()
    if not names:
        print("no games registered")
    for name in names:
        report = check_rules(tilegames.get(name), games=5, seed=2026)
        print(report)


if __name__ == "__main__":
    main()
