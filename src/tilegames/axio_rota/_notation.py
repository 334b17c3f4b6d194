"""AXIO Rota's notation: tiles as 4 letters, moves as ``X,Y:R`` or ``X,Y:RC``."""

from __future__ import annotations

import re
from typing import Final

from tilegames._core import checks
from tilegames._core.errors import NotationError
from tilegames._core.notation import MAX_DIGITS as _MAX_DIGITS
from tilegames._core.notation import TOO_BIG as _TOO_BIG
from tilegames._core.notation import ascii_only as _ascii
from tilegames._core.notation import integer as _integer
from tilegames.axio_rota._model import (
    COLOUR_LETTERS,
    LETTER,
    TITLE,
    UNSEEN,
    AnyMove,
    Draw,
    Place,
    Reveal,
    State,
    Tile,
    Unseen,
    View,
)

_INTEGER: Final = re.compile(r"[+-]?[0-9]+")
"""An integer as notation writes it, in ASCII digits (``\\d`` takes any script's)."""
_MOVE_FORM: Final = (
    "write X,Y:R or X,Y:RC, for example '0,-2:1' or '1,0:3B' (or +TILE, ?, TILE@X,Y:R in "
    "an explicit game)"
)


def _letter(corner: object) -> str:
    """A corner's letter: its colour's, ``.`` for empty, ``?`` for anything else."""
    if corner is None:
        return "."
    return LETTER[corner] if type(corner) is int and corner in LETTER else "?"


def format_tile(tile: Tile) -> str:
    """A tile as 4 letters, clockwise from the top left, ``.`` for the empty corner.

    A corner that is no colour is written ``?`` (so that a message can show
    a broken tile); :func:`parse_tile` refuses such text.

    >>> format_tile((0, 1, None, 4))
    'RG.P'

    Raises:
        WrongTypeError: if ``tile`` is not a tuple.
    """
    if type(tile) is not tuple:
        checks.wrong_type("axio_rota.format_tile", "a tile (a tuple of 4 corners)", tile)
    return "".join(map(_letter, tile))


def parse_tile(text: str) -> Tile:
    """Read a tile written as by :func:`format_tile` (letters in any case).

    >>> parse_tile("rg.p")
    (0, 1, None, 4)

    Raises:
        NotationError: if the text is not 4 letters of ``RGBOP.``, or has more
            than one empty corner (ROTA-2).
        WrongTypeError: if ``text`` is not a string.
    """
    if type(text) is not str:
        checks.wrong_type("axio_rota.parse_tile", "a tile's text such as 'RGB.'", text)
    _ascii(text)
    written = text.strip().upper()
    if len(written) != 4 or any(letter not in COLOUR_LETTERS + "." for letter in written):
        msg = (
            f"a tile is 4 letters of {COLOUR_LETTERS} or '.' (empty), clockwise from the "
            f"top left, such as 'RGB.', not {text!r}"
        )
        raise NotationError(msg)
    if written.count(".") > 1:
        msg = f"tile {text!r} has {written.count('.')} empty corners; a tile has at most one"
        raise NotationError(msg)
    a, b, c, d = (None if letter == "." else COLOUR_LETTERS.index(letter) for letter in written)
    return a, b, c, d


def format_move(move: AnyMove) -> str:
    """Write a move as ``X,Y:R`` or ``X,Y:RC``: the cell, the rotation, the named colour.

    ``R`` is the number of quarter turns clockwise (0..3) and ``C`` the letter
    of the named colour (:data:`COLOUR_LETTERS`), written only when a colour
    is named. In an explicit game, chance's outcomes are ``+`` and a tile
    (:class:`Draw`) or ``?`` (:data:`UNSEEN`), and a seat placing a tile
    drawn unseen writes the tile, ``@``, then the placement (:class:`Reveal`).

    >>> format_move(Place((0, -2), 1))
    '0,-2:1'
    >>> format_move(Place((-3, 1), 0, 3))
    '-3,1:0O'
    >>> format_move(Draw((0, 1, 2, None))), format_move(UNSEEN)
    ('+RGB.', '?')
    >>> format_move(Reveal((0, 1, 2, 3), Place((1, 0), 2)))
    'RGBO@1,0:2'

    Arguments, result and errors as :meth:`tilegames.Rules.format_move`; a coordinate
    of more than 640 digits is a NotationError.
    """
    if type(move) is Draw or type(move) is Unseen:
        return str(move)
    if type(move) is Reveal:
        return format_tile(move.tile) + "@" + format_move(move.move)
    if type(move) is not Place:
        checks.wrong_type(
            "axio_rota.format_move",
            f"an {TITLE} move (Place, Draw, Unseen or Reveal)",
            move,
            move=True,
        )
    for number in move.cell:
        if not -_TOO_BIG < number < _TOO_BIG:
            msg = f"cell coordinate of {_MAX_DIGITS + 1} or more digits cannot be written"
            raise NotationError(msg)
    return str(move)


def parse_move(text: str, state: State | View | None = None) -> AnyMove:
    """Read a move written as by :func:`format_move`.

    Spaces around the text are ignored and the colour letter may be lower
    case. Apart from spaces the text is ASCII: digits other than ``0``-``9``
    (such as U+0661, the Arabic-Indic one) are refused, and a number has at
    most 640 digits. The notation needs no context; ``state`` is accepted for
    the common API (:class:`~tilegames.Rules`). Whether the move is legal is for
    :func:`why_illegal` to say.

    >>> parse_move("0,-2:1")
    Place(cell=(0, -2), rotation=1, named=None)
    >>> parse_move(" -3,1:0o ") == Place((-3, 1), 0, 3)
    True
    >>> parse_move("+rgb."), parse_move("?")
    (Draw(tile=(0, 1, 2, None)), Unseen())
    >>> parse_move("RGBO@1,0:2") == Reveal((0, 1, 2, 3), Place((1, 0), 2))
    True

    Arguments, result and errors as :meth:`tilegames.Rules.parse_move`.
    """
    if type(text) is not str:
        checks.wrong_type("axio_rota.parse_move", "a move's text such as '0,-2:1'", text)
    if state is not None and type(state) is not State and type(state) is not View:
        checks.wrong_type("axio_rota.parse_move", f"an {TITLE} State, View or None", state)
    _ascii(text)
    written = text.strip()
    if not written:
        msg = f"{text!r} is not a move: {_MOVE_FORM}"
        raise NotationError(msg)
    if written == "?":
        return UNSEEN
    if written[:1] == "+" and written[1:2].upper() in COLOUR_LETTERS + ".":
        return Draw(parse_tile(written[1:]))
    named_tile, at, placement = written.rpartition("@")
    if at:
        placed = _placement(placement, placement)
        return Reveal(parse_tile(named_tile), placed)
    return _placement(written, text)


def _placement(written: str, text: str) -> Place:
    """Read ``X,Y:R`` or ``X,Y:RC`` (``text`` is what the message quotes)."""
    place, colon, turn = written.partition(":")
    if not colon:
        msg = f"{text!r} has no ':' between the cell and the rotation: {_MOVE_FORM}"
        raise NotationError(msg)
    xs, comma, ys = place.partition(",")
    if not comma or not _INTEGER.fullmatch(xs) or not _INTEGER.fullmatch(ys):
        msg = f"the cell {place!r} in {text!r} must be two integers X,Y such as '0,-2'"
        raise NotationError(msg)
    if not turn or turn[0] not in "0123":
        msg = (
            f"the rotation in {text!r} must be one digit 0..3 (quarter turns clockwise) "
            f"right after the ':', not {turn[:1]!r}"
        )
        raise NotationError(msg)
    letter = turn[1:].upper()
    if len(letter) > 1 or (letter and letter not in COLOUR_LETTERS):
        msg = (
            f"after the rotation, {text!r} may only name a colour with one letter of "
            f"{COLOUR_LETTERS}, not {turn[1:]!r}"
        )
        raise NotationError(msg)
    named = COLOUR_LETTERS.index(letter) if letter else None
    return Place((_integer(xs, text), _integer(ys, text)), int(turn[0]), named)
