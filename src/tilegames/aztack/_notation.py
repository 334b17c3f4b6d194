"""Aztack's notation: stones as ``GfOw``, moves as ``S:N@X,Y/X,Y[xD]`` or ``S:pass``.

Every writer has its reader, and they invert each other.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final, TypeVar

from tilegames._core.checks import wrong_type
from tilegames._core.errors import NotationError
from tilegames._core.notation import MAX_DIGITS as _MAX_DIGITS
from tilegames._core.notation import TOO_BIG as _TOO_BIG
from tilegames._core.notation import ascii_only as _ascii
from tilegames._core.notation import integer as _integer
from tilegames.aztack._model import (
    A_MOVE,
    COLOUR_LETTERS,
    GLYPH_LETTERS,
    NAME,
    TITLE,
    Deal,
    Half,
    Lay,
    Move,
    Pass,
    Place,
    State,
    Stone,
    View,
    check_half,
    check_halves,
)

# ---------------------------------------------------------------------------
# Stones (AZT-2)
# ---------------------------------------------------------------------------

_HALF: Final = "a half (colour, glyph) of two ints"
_STONE: Final = "a Stone or its halves ((colour, glyph), (colour, glyph))"
_T = TypeVar("_T")


def _read(function: str, check: Callable[[object], _T], value: object, expected: str) -> _T:
    """``check(value)``: its TypeError a WrongTypeError, its ValueError a NotationError."""
    try:
        return check(value)
    except TypeError:
        wrong_type(f"{NAME}.{function}", expected, value)
    except ValueError as error:
        raise NotationError(f"{NAME}.{function}: {error}") from None


def format_half(half: Half) -> str:
    """A half as its colour capital and glyph letter.

    >>> from tilegames.aztack import FLINT, GREY
    >>> format_half((GREY, FLINT))
    'Yt'

    Raises:
        WrongTypeError: if ``half`` is not a tuple of two ints.
        NotationError: if the colour is not 0..4 or the glyph not 0..3 (a
            ``ValueError``, as before).
    """
    colour, glyph = _read("format_half", check_half, half, _HALF)
    return COLOUR_LETTERS[colour] + GLYPH_LETTERS[glyph]


def format_stone(stone: Stone | tuple[Half, Half]) -> str:
    """A stone (or a pair of halves) as four letters: first half, then second.

    >>> from tilegames.aztack import FLOWER, GREEN, ORANGE, WATER
    >>> format_stone(((GREEN, FLOWER), (ORANGE, WATER)))
    'GfOw'

    Raises:
        WrongTypeError: if ``stone`` is neither a :class:`Stone` nor two halves.
        NotationError: if a colour or glyph is out of range (a ``ValueError``,
            as before).
    """
    if type(stone) is Stone:
        first, second = stone.halves
    else:
        first, second = _read("format_stone", check_halves, stone, _STONE)
    return (
        COLOUR_LETTERS[first[0]]
        + GLYPH_LETTERS[first[1]]
        + COLOUR_LETTERS[second[0]]
        + GLYPH_LETTERS[second[1]]
    )


_HALF_TEXT: Final = f"([{COLOUR_LETTERS}])([{GLYPH_LETTERS}])"
_STONE_TEXT: Final = re.compile(_HALF_TEXT * 2)


def parse_stone(text: str) -> tuple[Half, Half]:
    """Read a stone's halves written as by :func:`format_stone`.

    >>> parse_stone("GfOw")
    ((0, 0), (1, 1))

    Raises:
        WrongTypeError: if ``text`` is not a string.
        NotationError: if the text is not a colour capital and glyph letter, twice.
    """
    if type(text) is not str:
        wrong_type(f"{NAME}.parse_stone", "a stone written as text, such as 'GfOw'", text)
    _ascii(text)
    found = _STONE_TEXT.fullmatch(text.strip())
    if found is None:
        msg = (
            f"a stone is written as two halves, each a colour of {COLOUR_LETTERS} and a glyph "
            f"of {GLYPH_LETTERS}, such as 'GfOw', not {text!r}"
        )
        raise NotationError(msg)
    c1, g1, c2, g2 = found.groups()
    return (
        (COLOUR_LETTERS.index(c1), GLYPH_LETTERS.index(g1)),
        (COLOUR_LETTERS.index(c2), GLYPH_LETTERS.index(g2)),
    )


# ---------------------------------------------------------------------------
# Moves
# ---------------------------------------------------------------------------


def format_move(move: Move) -> str:
    """Write a move as ``S:N@X,Y/X,Y`` or ``S:N@X,Y/X,YxD``, or a pass as ``S:pass``.

    ``S`` is the seat, ``N`` the stone's id, then the cell under its first
    half and the cell under its second half, and ``D`` the id of the stone
    discarded with the bonus, if any.

    >>> format_move(Place(1, 17, (2, 0), (3, 0)))
    '1:17@2,0/3,0'
    >>> format_move(Place(0, 5, (4, 3), (4, 2), discard=41))
    '0:5@4,3/4,2x41'
    >>> format_move(Pass(2))
    '2:pass'

    The chance outcomes of an explicit game's setup are ``lay:N`` (base
    stone ``N`` laid, first half on the row's first cell), ``lay:Nr`` (laid
    turned round) and ``deal:N`` (stone ``N`` dealt):

    >>> format_move(Lay(17, turned=True)), format_move(Deal(3))
    ('lay:17r', 'deal:3')

    Arguments, result and errors as :meth:`tilegames.Rules.format_move`.
    """
    if type(move) is Place:
        (x1, y1), (x2, y2) = move.first, move.second
        _writable(move.seat, move.stone, x1, y1, x2, y2, move.discard or 0)
        discard = "" if move.discard is None else f"x{move.discard}"
        return f"{move.seat}:{move.stone}@{x1},{y1}/{x2},{y2}{discard}"
    if type(move) is Lay or type(move) is Deal:
        _writable(move.stone)
        if isinstance(move, Lay):
            return f"lay:{move.stone}{'r' if move.turned else ''}"
        return f"deal:{move.stone}"
    if type(move) is not Pass:
        wrong_type(f"{NAME}.format_move", A_MOVE, move, move=True)
    _writable(move.seat, what="seat")
    return f"{move.seat}:pass"


def _writable(*numbers: int, what: str = "number") -> None:
    """Refuse a number too long to write (a NotationError naming ``what`` it is)."""
    if not all(-_TOO_BIG < number < _TOO_BIG for number in numbers):
        msg = f"a {what} of {_MAX_DIGITS + 1} or more digits cannot be written"
        raise NotationError(msg)


_NUMBER_TEXT: Final = r"[+-]?[0-9]+"
"""A number: ASCII digits only (``\\d`` would take other scripts' digits)."""
_PLACE_TEXT: Final = re.compile(
    rf"(?:(?P<seat>{_NUMBER_TEXT}):)?(?P<stone>{_NUMBER_TEXT})@"
    rf"(?P<x1>{_NUMBER_TEXT}),(?P<y1>{_NUMBER_TEXT})/(?P<x2>{_NUMBER_TEXT}),(?P<y2>{_NUMBER_TEXT})"
    rf"(?:x(?P<discard>{_NUMBER_TEXT}))?"
)
_PASS_TEXT: Final = re.compile(rf"(?:(?P<seat>{_NUMBER_TEXT}):)?pass")
_CHANCE_TEXT: Final = re.compile(
    rf"(?P<kind>lay|deal):?(?P<chance_stone>{_NUMBER_TEXT})(?P<turned>r)?"
)
_MOVE_FORM: Final = (
    "write S:N@X,Y/X,Y (seat, stone, first cell, second cell), ...xD to discard, or S:pass"
)
_CHANCE_FORM: Final = "chance outcomes are written lay:N, lay:Nr (turned round) and deal:N"


def parse_move(text: str, state: State | View | None = None) -> Move:
    """Read a move written as by :func:`format_move`.

    Spaces are ignored and ``pass``/``x`` may be in capitals. Apart from
    spaces the text is ASCII: digits other than ``0``-``9`` (such as
    U+0661, the Arabic-Indic one) are refused, and a number has at most 640 digits. In the turn
    game the seat may be left out (``17@2,0/3,0``): it is then the seat to
    move of ``state`` (a state or a view). Whether the move is legal is for
    :func:`why_illegal`.

    >>> parse_move("1:17@2,0/3,0")
    Place(seat=1, stone=17, first=(2, 0), second=(3, 0), discard=None)
    >>> parse_move(" 0 : 5 @ 4,3 / 4,2 X41 ") == Place(0, 5, (4, 3), (4, 2), 41)
    True
    >>> parse_move("lay:17r"), parse_move("deal 3")
    (Lay(seat=-1, stone=17, turned=True), Deal(seat=-1, stone=3))

    Arguments, result and errors as :meth:`tilegames.Rules.parse_move`; text that
    leaves the seat out where no single seat is to move is a NotationError too.
    """
    if type(text) is not str:
        wrong_type(f"{NAME}.parse_move", "a move written as text", text)
    if state is not None and type(state) is not State and type(state) is not View:
        wrong_type(f"{NAME}.parse_move", f"an {TITLE} State or View (or None)", state)
    _ascii(text)
    written = "".join(text.split()).lower()
    chance = _CHANCE_TEXT.fullmatch(written)
    if chance is not None:
        stone = _integer(chance["chance_stone"], text)
        if chance["kind"] == "deal":
            if chance["turned"]:
                msg = f"{text!r}: a dealt stone is not turned ({_CHANCE_FORM})"
                raise NotationError(msg)
            return Deal(stone)
        return Lay(stone, turned=chance["turned"] is not None)
    found = _PLACE_TEXT.fullmatch(written) or _PASS_TEXT.fullmatch(written)
    if found is None and written.startswith(("lay", "deal")):
        msg = f"{text!r} is not an {TITLE} chance outcome: {_CHANCE_FORM}"
        raise NotationError(msg)
    if found is None:
        msg = f"{text!r} is not an {TITLE} move: {_MOVE_FORM}"
        raise NotationError(msg)
    parts = found.groupdict()
    seat_text = parts.pop("seat")
    if seat_text is not None:
        seat = _integer(seat_text, text)
    elif state is not None and state.whose_turn is not None:
        seat = state.whose_turn
    else:
        msg = f"{text!r} does not name its seat: in the speed stack moves name it ({_MOVE_FORM})"
        raise NotationError(msg)
    if "stone" not in parts:
        return Pass(seat)
    discard = parts["discard"]
    return Place(
        seat,
        _integer(parts["stone"], text),
        (_integer(parts["x1"], text), _integer(parts["y1"], text)),
        (_integer(parts["x2"], text), _integer(parts["y2"], text)),
        None if discard is None else _integer(discard, text),
    )
