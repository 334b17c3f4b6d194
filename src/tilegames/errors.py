"""The exceptions tilegames raises, one class per kind of failure, under :class:`TilegamesError`.

Catch them from here (or from :mod:`tilegames` itself)::

    from tilegames.errors import IllegalMoveError
"""

from tilegames._core.errors import (
    ConfigurationError,
    GameOverError,
    IllegalMoveError,
    InvalidStateError,
    NotationError,
    SeatError,
    TilegamesError,
    UnknownGameError,
    WrongTypeError,
)

__all__ = [
    "ConfigurationError",
    "GameOverError",
    "IllegalMoveError",
    "InvalidStateError",
    "NotationError",
    "SeatError",
    "TilegamesError",
    "UnknownGameError",
    "WrongTypeError",
]

for _error in (
    ConfigurationError,
    GameOverError,
    IllegalMoveError,
    InvalidStateError,
    NotationError,
    SeatError,
    TilegamesError,
    UnknownGameError,
    WrongTypeError,
):
    _error.__module__ = __name__  # tracebacks name tilegames.errors, the public home
del _error
