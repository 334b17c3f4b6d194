"""What every game's notation shares: ASCII only, and numbers of a bounded length.

A notation that round-trips has one spelling, so text outside ASCII (other
scripts' digits such as ARABIC-INDIC DIGIT ONE, look-alike letters such as the
Kelvin sign)
is refused rather than read as ASCII; whitespace of any script is allowed
around the parts. A number has at most :data:`MAX_DIGITS` digits, checked
before ``int()`` sees it, so no interpreter's digit limit is ever reached.

>>> integer("-12", "0,-12:1")
-12
>>> ascii_only("\u0661,0:0")
Traceback (most recent call last):
...
tilegames.errors.NotationError: '\u0661,0:0' holds '\u0661' (U+0661): notation is written in
ASCII, with the digits 0-9 and the letters shown
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Final, TypeVar

from tilegames._core.errors import ConfigurationError, NotationError

__all__ = [
    "MAX_DIGITS",
    "TOO_BIG",
    "ascii_only",
    "integer",
    "is_digits",
    "read_tile",
    "with_legend",
]

T = TypeVar("T")

MAX_DIGITS: Final = 640
"""The most digits a number in notation may have.

640 is the lowest limit :func:`sys.set_int_max_str_digits` accepts, so a
number this long converts under any interpreter setting; a longer one is
refused with a :class:`~tilegames.errors.NotationError` before ``int()`` sees it.
"""

TOO_BIG: Final = 10**MAX_DIGITS
"""The smallest magnitude that notation cannot write (it has ``MAX_DIGITS + 1`` digits)."""


def ascii_only(text: str) -> None:
    """Refuse text with a character outside ASCII other than whitespace (one spelling).

    Raises:
        NotationError: naming the character and its code point.
    """
    for char in text:
        if not char.isascii() and not char.isspace():
            msg = (
                f"{text!r:.80} holds {char!r} (U+{ord(char):04X}): notation is written in "
                "ASCII, with the digits 0-9 and the letters shown"
            )
            raise NotationError(msg)


def is_digits(text: str) -> bool:
    """Whether ``text`` is ASCII digits, at most :data:`MAX_DIGITS` of them: an ``int()``.

    ``str.isdigit`` also says yes to ``"¹"`` and other digits that ``int()`` refuses.

    >>> is_digits("042"), is_digits("\u00b9"), is_digits("-1"), is_digits("")
    (True, False, False, False)
    """
    return text.isascii() and text.isdigit() and len(text) <= MAX_DIGITS


def integer(digits: str, text: str) -> int:
    """``digits`` (an optional sign and ASCII digits, matched by the caller) as an int.

    Args:
        digits: the number as written.
        text: the whole text it came from, for the message.

    Raises:
        NotationError: if it has more than :data:`MAX_DIGITS` digits.
    """
    length = len(digits.lstrip("+-"))
    if length > MAX_DIGITS:
        msg = (
            f"the number {digits[:12]}... in {text!r:.40} is too long: {length} digits, "
            f"and a number in notation has at most {MAX_DIGITS}"
        )
        raise NotationError(msg)
    return int(digits)


def read_tile(
    index: int,
    given: object,
    parse: Callable[[str], T],
    tile_of: Callable[[object], T | str],
    rule: str,
) -> T:
    """Tile ``index`` of a custom set given to ``new_game``: its notation, or its parts.

    A string is read by ``parse`` (the game's ``parse_tile``); any other value
    goes to ``tile_of``, which returns the tile or, in words, why it is none.

    >>> read_tile(0, "RB", tuple, lambda given: "two letters", "AXIO-2")
    ('R', 'B')
    >>> read_tile(3, 7, tuple, lambda given: "two letters", "AXIO-2")
    Traceback (most recent call last):
    ...
    tilegames.errors.ConfigurationError: tile 3 7 is not a tile: two letters (AXIO-2)

    Raises:
        ConfigurationError: naming the tile by its index, and the rule (``rule``).
    """
    if isinstance(given, str):
        try:
            return parse(given)
        except NotationError as error:
            problem = str(error)
    else:
        tile = tile_of(given)
        if not isinstance(tile, str):
            return tile
        problem = tile
    msg = f"tile {index} {given!r} is not a tile: {problem} ({rule})"
    raise ConfigurationError(msg)


def with_legend(lines: Iterable[str], legend: str) -> str:
    r"""A text board (a game's ``render_text``): its lines, then the legend's, indented.

    >>> print(with_legend(["+--+", "|R |"], "R red,\n. empty"))
    +--+
    |R |
    Legend:
      R red,
      . empty
    """
    return "\n".join([*lines, "Legend:", *("  " + line for line in legend.splitlines())])
