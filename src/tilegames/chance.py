"""Chance as explicit steps: the chance seat, unseen draws, exact probabilities.

Start any game with ``new_game(..., chance="explicit")`` and every random
event becomes a step of its own, at which ``to_move`` returns
``(CHANCE,)`` and the game's ``chance_outcomes(state)`` gives each outcome
with its exact probability::

    from tilegames import CHANCE, chance

    while not rules.is_over(state):
        if rules.to_move(state) == (CHANCE,):
            outcome = chance.sample(rules.chance_outcomes(state), stream)
        ...

>>> from tilegames.chance import uniform
>>> uniform([1, 1, 2])
((1, Fraction(2, 3)), (2, Fraction(1, 3)))
"""

from tilegames._core import chance as _chance
from tilegames._core.chance import *  # noqa: F403 (the same names, at their public home)

__all__ = _chance.__all__

Unseen.__module__ = __name__  # noqa: F405 (documented and shown under its public home)
