"""The exceptions tilegames raises, one class per kind of failure, under :class:`TilegamesError`.

Catch them from here (or from :mod:`tilegames` itself)::

    from tilegames.errors import IllegalMoveError
"""

from tilegames._core import errors as _errors
from tilegames._core.errors import *  # noqa: F403 (the same classes, at their public home)

__all__ = _errors.__all__

for _name in __all__:
    getattr(_errors, _name).__module__ = __name__  # tracebacks name tilegames.errors
