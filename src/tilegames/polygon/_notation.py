"""The notation: ``V@Q,R`` places tile ``V`` on space ``(Q, R)``; ``V@-`` sets it aside.

In an explicit game chance's outcomes are written ``+V`` (tile ``V`` drawn)
and ``=C``, ``=D``, ``=S`` (the die shows the blue circle, the red diamond or
the gold star).
"""

from __future__ import annotations

import re
from typing import Final

from tilegames._core import checks
from tilegames._core.errors import NotationError
from tilegames._core.notation import MAX_DIGITS as _MAX_DIGITS
from tilegames._core.notation import TOO_BIG as _TOO_BIG
from tilegames._core.notation import ascii_only as _ascii
from tilegames._core.notation import integer as _integer
from tilegames.polygon._model import (
    ORDER,
    SYMBOL_LETTERS,
    TITLE,
    VALUES,
    AnyMove,
    Draw,
    Place,
    Roll,
    State,
    View,
)

_MOVE_TEXT: Final = re.compile(r"\s*([^@\s]+)\s*@\s*(?:(-)|([+-]?[0-9]+)\s*,\s*([+-]?[0-9]+))\s*")
"""A move; ASCII digits only (``\\d`` would take other scripts' digits)."""
_FORM: Final = (
    "write V@Q,R or V@-, for example '3@1,-2', 'W@0,1' or 'X2@-' (in an explicit game, "
    "a draw +V such as '+X2', or a roll =C, =D or =S)"
)
_OUTCOME_TEXT: Final = re.compile(r"\s*([+=])\s*([A-Za-z0-9]+)\s*")
"""A chance outcome: ``+V`` (a draw) or ``=C`` / ``=D`` / ``=S`` (a roll)."""


def format_move(move: AnyMove) -> str:
    """Write a move as ``V@Q,R`` (place tile ``V`` on space ``(Q, R)``) or ``V@-`` (set aside).

    A chance outcome of an explicit game: ``+V`` (tile ``V`` drawn), or ``=C``,
    ``=D``, ``=S`` (the die's symbol).

    >>> format_move(Place("W", (-2, 3))), format_move(Place("X3", None))
    ('W@-2,3', 'X3@-')
    >>> format_move(Draw("X2")), format_move(Roll(1))
    ('+X2', '=D')

    Arguments, result and errors as :meth:`tilegames.Rules.format_move`.
    """
    if type(move) is Draw or type(move) is Roll:
        return str(move)
    if type(move) is not Place:
        checks.wrong_type(
            "polygon.format_move", f"a {TITLE} move (Place, Draw or Roll)", move, move=True
        )
    if move.space is not None and not all(-_TOO_BIG < n < _TOO_BIG for n in move.space):
        msg = f"a space coordinate of {_MAX_DIGITS + 1} or more digits cannot be written"
        raise NotationError(msg)
    return str(move)


def parse_move(text: str, state: State | View | None = None) -> AnyMove:
    """Read a move written as by :func:`format_move`; letters may be lower case.

    Apart from spaces the text is ASCII: digits other than ``0``-``9`` (such
    as U+0661, the Arabic-Indic one) are refused, and a number has at most 640 digits.

    The notation needs no context; ``state`` is accepted for the common API
    (:class:`~tilegames.Rules`). Whether the move is legal is for
    :func:`~tilegames.polygon.why_illegal` to say.

    >>> parse_move("x2@1,-2")
    Place(tile='X2', space=(1, -2))
    >>> parse_move(" 4@- ")
    Place(tile='4', space=None)
    >>> parse_move("+x3"), parse_move("=s")
    (Draw(tile='X3'), Roll(symbol=2))

    Arguments, result and errors as :meth:`tilegames.Rules.parse_move`.
    """
    if state is not None and type(state) is not State and type(state) is not View:
        checks.wrong_type("polygon.parse_move", f"a {TITLE} State or View (or None)", state)
    if isinstance(text, str):
        _ascii(text)
    outcome = _OUTCOME_TEXT.fullmatch(text) if isinstance(text, str) else None
    if outcome is not None:
        return _outcome(text, outcome.group(1), outcome.group(2).upper())
    found = _MOVE_TEXT.fullmatch(text) if isinstance(text, str) else None
    if found is None:
        msg = f"{text!r} is not a move: {_FORM}"
        raise NotationError(msg)
    written, aside, q, r = found.groups()
    tile = written.upper()
    if tile not in ORDER:
        msg = f"{written!r} in {text!r} is not a tile value; values are {', '.join(VALUES)}"
        raise NotationError(msg)
    return Place(tile, None if aside else (_integer(q, text), _integer(r, text)))


def _outcome(text: str, sign: str, written: str) -> Draw | Roll:
    """A chance outcome from its sign (``+`` a draw, ``=`` a roll) and what follows."""
    if sign == "+":
        if written not in ORDER:
            msg = f"{written!r} in {text!r} is not a tile value; values are {', '.join(VALUES)}"
            raise NotationError(msg)
        return Draw(written)
    if len(written) != 1 or written not in SYMBOL_LETTERS:
        msg = (
            f"{written!r} in {text!r} is not a die symbol; write =C (blue circle), "
            "=D (red diamond) or =S (gold star)"
        )
        raise NotationError(msg)
    return Roll(SYMBOL_LETTERS.index(written))
