"""AXIO's notation: tiles as letter pairs; moves ``Cq,r/Cq,r``, ``swap``, ``keep``, ``decline``.

Chance outcomes of an explicit game: ``+RB`` (a draw) and ``?`` (an unseen draw).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Final

from tilegames._core.checks import wrong_type
from tilegames._core.errors import ConfigurationError, NotationError
from tilegames._core.notation import MAX_DIGITS as _MAX_DIGITS
from tilegames._core.notation import TOO_BIG as _TOO_BIG
from tilegames._core.notation import ascii_only as _ascii
from tilegames._core.notation import integer as _integer
from tilegames._core.notation import read_tile
from tilegames.axio._model import (
    A_MOVE,
    BOARD_RADIUS,
    COLOUR_LETTERS,
    DECLINE,
    KEEP,
    MAX_TILES,
    MOVE_TYPES,
    STANDARD_TILES,
    SWAP,
    TITLE,
    UNSEEN,
    AnyMove,
    Colour,
    Decline,
    Draw,
    Place,
    State,
    SwapChoice,
    Tile,
    Unseen,
    View,
)
from tilegames.axio._tables import TILE_OF
from tilegames.geometry.hexagon import Hex, hex_area

_LETTER: Final = dict(enumerate(COLOUR_LETTERS))
"""Colour -> its letter."""
_HEX_TEXT: Final = r"\s*([A-Za-z])\s*([+-]?[0-9]+)\s*,\s*([+-]?[0-9]+)\s*"
"""One hex of a placement; ASCII digits only (``\\d`` would take other scripts' digits)."""
_PLACEMENT: Final = re.compile(_HEX_TEXT + "/" + _HEX_TEXT)
_WORDS: Final[dict[str, SwapChoice | Decline]] = {
    str(move): move for move in (SWAP, KEEP, DECLINE)
}
"""The moves written as one word: ``swap``, ``keep``, ``decline``."""


def _letter(colour: object) -> str:
    """A colour's letter, or ``?`` for anything that is no colour."""
    return _LETTER[colour] if type(colour) is int and colour in _LETTER else "?"


def format_tile(tile: Tile) -> str:
    """A tile as two colour letters, lower colour first.

    >>> format_tile((0, 5)), format_tile((2, 2))
    ('RP', 'BB')

    A value that is no colour is written ``?`` (so that a message can show a
    broken tile); :func:`parse_tile` refuses such text.

    Raises:
        WrongTypeError: if ``tile`` is not a pair.
    """
    if type(tile) is not tuple or len(tile) != 2:
        wrong_type("axio.format_tile", "a tile (two colours)", tile)
    return _letter(tile[0]) + _letter(tile[1])


def parse_tile(text: str) -> Tile:
    """Read a tile written as two colour letters of ``COLOUR_LETTERS``, in either order.

    >>> parse_tile("pr"), parse_tile("BB")
    ((0, 5), (2, 2))

    Raises:
        NotationError: if the text is not two colour letters (ASCII).
        WrongTypeError: if ``text`` is not a string.
    """
    if type(text) is not str:
        wrong_type("axio.parse_tile", "a tile written as text", text)
    _ascii(text)
    written = text.strip().upper()
    if len(written) != 2 or any(letter not in COLOUR_LETTERS for letter in written):
        msg = f"a tile is two letters of {COLOUR_LETTERS}, such as 'RB' or 'YY', not {text!r}"
        raise NotationError(msg)
    return TILE_OF[COLOUR_LETTERS.index(written[0]), COLOUR_LETTERS.index(written[1])]


def format_move(move: AnyMove) -> str:
    """Write a move: ``Cq,r/Cq,r`` (placement), ``swap`` or ``keep`` (swap choice), ``decline``.

    ``decline`` declines a bonus placement (AXIO-11). A placement gives each
    hex's colour letter and cell, in reading order. The chance outcomes of an
    explicit game are ``+`` and a tile (:class:`Draw`, such as ``+RB``) and
    ``?`` (:data:`UNSEEN`).

    >>> format_move(Place(((-1, 2), (0, 2)), (1, 4)))
    'G-1,2/Y0,2'
    >>> format_move(SWAP), format_move(KEEP), format_move(DECLINE)
    ('swap', 'keep', 'decline')
    >>> format_move(Draw((4, 1))), format_move(UNSEEN)
    ('+GY', '?')

    Arguments, result and errors as :meth:`tilegames.Rules.format_move`; a coordinate
    of more than 640 digits is a NotationError.
    """
    kind = type(move)
    if kind is SwapChoice or kind is Decline or kind is Unseen:
        return "?" if kind is Unseen else str(move)
    if kind is Draw:
        return "+" + format_tile(move.tile)  # type: ignore[union-attr]
    if kind is not Place:
        wrong_type("axio.format_move", A_MOVE, move, move=True)
    (q0, r0), (q1, r1) = move.cells  # type: ignore[union-attr]
    if not all(-_TOO_BIG < number < _TOO_BIG for number in (q0, r0, q1, r1)):
        msg = f"a cell coordinate of {_MAX_DIGITS + 1} or more digits cannot be written"
        raise NotationError(msg)
    c0, c1 = move.colours  # type: ignore[union-attr]
    return f"{_LETTER.get(c0, str(c0))}{q0},{r0}/{_LETTER.get(c1, str(c1))}{q1},{r1}"


def _cell_texts() -> dict[Hex, str]:
    """Each cell of the widest playing area (AXIO-3) as a placement writes it: ``q,r``."""
    return {(q, r): f"{q},{r}" for q, r in hex_area(BOARD_RADIUS).cells}


_CELL_TEXT: Final = _cell_texts()


def _cell_text(cell: Hex) -> str:
    """A cell as a placement writes it; one off the widest area is written as format_move does."""
    text = _CELL_TEXT.get(cell)
    if text is None:
        q, r = cell
        if not (-_TOO_BIG < q < _TOO_BIG and -_TOO_BIG < r < _TOO_BIG):
            msg = f"a cell coordinate of {_MAX_DIGITS + 1} or more digits cannot be written"
            raise NotationError(msg)
        text = f"{q},{r}"
    return text


def format_placements(
    pairs: Iterable[tuple[Hex, Hex]], tiles: Sequence[tuple[Colour, Colour]]
) -> list[str]:
    """Every placement of each of ``tiles`` on each pair of cells, in notation, pair by pair.

    The text of ``Place(cells, colours)`` as :func:`format_move` writes it,
    for each pair of ``pairs`` (its two cells in reading order) and, within
    a pair, each ``(colours)`` of ``tiles`` in the order given (the colour on
    the first cell first): the order of a listing of legal placements. Each
    cell's text is made once a pair, each tile's letters once in all.

    >>> format_placements([((0, 0), (1, 0))], [(0, 2), (2, 0)])
    ['R0,0/B1,0', 'B0,0/R1,0']

    Raises:
        NotationError: for a cell coordinate of more than 640 digits.
    """
    letters = [(_LETTER.get(a, str(a)), _LETTER.get(b, str(b))) for a, b in tiles]
    written: list[str] = []
    for first, second in pairs:
        one, two = _cell_text(first), _cell_text(second)
        written += [f"{a}{one}/{b}{two}" for a, b in letters]
    return written


def parse_move(text: str, state: State | View | None = None) -> AnyMove:
    """Read a move written as by :func:`format_move`.

    Spaces are ignored, letters may be lower case, and the two hexes of a
    placement may come in either order. Apart from spaces the text is ASCII:
    digits other than ``0``-``9`` (such as U+0661, the Arabic-Indic one)
    are refused, and a number has at most 640 digits. The notation needs no
    context; ``state`` is accepted for the common API
    (:class:`~tilegames.Rules`). Whether the move is legal is for ``why_illegal`` to say.

    >>> parse_move("B1,0 / r0,0")
    Place(cells=((0, 0), (1, 0)), colours=(0, 2))
    >>> parse_move(" Keep ")
    SwapChoice(swap=False)
    >>> parse_move("DECLINE")
    Decline()
    >>> parse_move("+ br"), parse_move("?")
    (Draw(tile=(0, 2)), Unseen())

    Arguments, result and errors as :meth:`tilegames.Rules.parse_move`.
    """
    if type(text) is not str:
        wrong_type("axio.parse_move", "a move written as text", text)
    if state is not None and type(state) is not State and type(state) is not View:
        wrong_type("axio.parse_move", f"an {TITLE} State, View or None as state", state)
    _ascii(text)
    written = text.strip().lower()
    fixed = _WORDS.get(written)
    if fixed is not None:
        return fixed
    if written == "?":
        return UNSEEN
    if written.startswith("+"):
        try:
            return Draw(parse_tile(written[1:]))
        except NotationError as error:
            msg = f"{text!r} is not a draw: write '+' and a tile, such as '+RB' ({error})"
            raise NotationError(msg) from None
    match = _PLACEMENT.fullmatch(text)
    if match is None:
        msg = (
            f"{text!r} is not a move: write a placement as colour letter and q,r for each "
            "hex, such as 'R0,0/B1,0', or 'swap', 'keep' or 'decline'"
        )
        raise NotationError(msg)
    l0, q0, r0, l1, q1, r1 = match.groups()
    colours = []
    for letter in (l0, l1):
        if letter.upper() not in COLOUR_LETTERS:
            msg = f"{letter!r} in {text!r} is not a colour letter of {COLOUR_LETTERS}"
            raise NotationError(msg)
        colours.append(COLOUR_LETTERS.index(letter.upper()))
    cells = ((_integer(q0, text), _integer(r0, text)), (_integer(q1, text), _integer(r1, text)))
    return Place(cells, (colours[0], colours[1]))


def written_move(move: object) -> str:
    return format_move(move) if type(move) in MOVE_TYPES else repr(move)  # type: ignore[arg-type]


# ---------------------------------------------------------------------------
# The set given to new_game
# ---------------------------------------------------------------------------


def _tile_of(given: object) -> Tile | str:
    """A tile of a custom set given as two colours 0..5, in either order; else why it is none."""
    if isinstance(given, Sequence) and len(given) == 2:
        low, high = given[0], given[1]
        if type(low) is int and type(high) is int and (low, high) in TILE_OF:
            return TILE_OF[low, high]
    return f"a tile is two colours 0..5 ({COLOUR_LETTERS}) in either order, or two letters"


def check_tiles(tiles: Iterable[Tile | str], need: int) -> tuple[Tile, ...]:
    """The tiles of a custom set, in the order given; at least ``need`` of them."""
    if isinstance(tiles, (str, bytes)):
        msg = "tiles must be a collection of tiles, not one string"
        raise ConfigurationError(msg)
    result = tuple(
        read_tile(index, given, parse_tile, _tile_of, "AXIO-2")
        for index, given in enumerate(tiles)
    )
    if not need <= len(result) <= MAX_TILES:
        msg = (
            f"a set of {len(result)} tiles cannot fill the racks: {need} tiles are needed "
            f"(and at most {MAX_TILES} are allowed) (AXIO-6)"
        )
        raise ConfigurationError(msg)
    return result


def carried_set(tiles: tuple[Tile, ...]) -> tuple[Tile, ...] | None:
    """The form a state carries a set in: sorted, or ``None`` for the standard set."""
    ordered = tuple(sorted(tiles))
    return None if ordered == STANDARD_TILES else ordered
