"""Tools for testing games against the tilegames contract, ours and yours.

:func:`check_rules` plays random legal games of any :class:`~tilegames.Rules`
and checks the common contract at every step, like pgx's ``api_test`` and
OpenSpiel's ``random_sim_test``. Run it in your own tests when you write a
game or wrap one of ours::

    from tilegames import axio_rota
    from tilegames.testing import check_rules

    def test_axio_rota_conforms():
        check_rules(axio_rota.RULES, games=50, seed=1)


Hypothesis strategies for your own property-based tests live in
:mod:`tilegames.testing.strategies` (they need ``hypothesis``, from
``pip install "tilegames[test]"``); its main names are importable from here
too, on first use. Without Hypothesis, :func:`check_rules` still works, and
asking for a strategy raises a :class:`ModuleNotFoundError` that names the
command to run.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

from tilegames.testing._checker import CheckReport, ConformanceError, check_rules

if TYPE_CHECKING:
    from tilegames.testing.strategies import RulesStateMachine, legal_move, moves, states

__all__ = [
    "CheckReport",
    "ConformanceError",
    "RulesStateMachine",
    "check_rules",
    "legal_move",
    "moves",
    "states",
]

_FROM_STRATEGIES = frozenset({"RulesStateMachine", "legal_move", "moves", "states"})


def _hypothesis_setup_hook() -> None:
    """Hypothesis's entry point: make ``st.from_type`` draw states of the built-in games.

    Hypothesis calls it while it is being imported. If that import came from
    :mod:`tilegames.testing.strategies` itself, that module registers the
    games once it is complete.
    """
    strategies = sys.modules.get("tilegames.testing.strategies")
    if strategies is not None and not hasattr(strategies, "register_type_strategies"):
        return  # being imported: it registers the games at its end
    from tilegames.testing.strategies import register_type_strategies  # needs hypothesis

    register_type_strategies()


def __getattr__(name: str) -> Any:
    """Import the Hypothesis strategies only when they are asked for."""
    if name in _FROM_STRATEGIES:
        from tilegames.testing import strategies  # without hypothesis: names the extra

        return getattr(strategies, name)
    msg = f"module {__name__!r} has no attribute {name!r}"
    raise AttributeError(msg)
