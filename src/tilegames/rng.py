"""Seeded randomness: the :class:`Stream` every agent's ``choose`` receives, and its helpers.

tilegames draws every random number from SplitMix64, written out in pure
Python, so that a game or a simulation replays exactly from its seed on every
Python and platform. Import the stream from here::

    from tilegames.rng import Stream

    stream = Stream(7)
    stream.randbelow(6)

>>> from tilegames.rng import Stream
>>> Stream(3).randbelow(10) == Stream(3).randbelow(10)
True
"""

from tilegames._core import rng as _rng
from tilegames._core.rng import *  # noqa: F403 (the same functions, at their public home)

__all__ = _rng.__all__

Stream.__module__ = __name__  # noqa: F405 (documented and shown under its public home)
