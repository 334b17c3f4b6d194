"""SVG pictures of every game's states and views, in pure standard-library Python.

:func:`to_svg` draws a state or a view as a person would recognise the
physical game: the AXIO Rota display with its coloured corners meeting in
circles, the hexagonal AXIO board with its start symbols, the Aztack pyramid
of stones with their heights, the Polygon board of hex tiles split into three
rhombi with their stack heights; the scores or totals beside it. It can
outline the last move and mark the cells a frontend lets a person click.

>>> from tilegames import polygon
>>> from tilegames.render import to_svg
>>> state = polygon.new_game(seed=7)
>>> moves = polygon.legal_moves(state)
>>> picture = to_svg(state, targets=[move.space for move in moves])
>>> len(moves), picture.count('class="target"')  # four moves onto two spaces
(4, 2)

Every element that stands for a placed tile or stone has ``class="piece"``;
a target has ``class="target"`` and ``data-cell="X,Y"``, the same key that
:func:`cell_key` gives and :func:`cells_of` lists for a move, so that a web
page can find which moves a click may mean. Equal positions give identical
text. States show themselves in Jupyter through ``_repr_svg_``.

For a person choosing a move (:func:`tilegames.Choice`), :func:`piece_svg`
draws one tile or stone in a rotation, and ``to_svg(state, move=...)`` the
position with the move laid and the lines or groupings it scores
highlighted; ``recent=`` marks the moves of the other seats since the
person's previous turn. The marks are classes on the pieces: ``preview``
(the move laid), ``scored`` (what it scores with) and ``recent`` (with
``data-recent="1"`` for the oldest), drawn as glows of their own so that
they look like neither the yellow dashed targets nor a board's printed
symbols.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tilegames._core.checks import wrong_type
from tilegames._core.errors import IllegalMoveError, WrongTypeError
from tilegames._core.rules import Rules, game_of, get
from tilegames._core.svg import cell_key

__all__ = ["cell_key", "cells_of", "laid_svg", "piece_svg", "to_svg"]

_STYLE = (
    "<style>"
    "g.recent{filter:drop-shadow(0 0 2px #d81b60) drop-shadow(0 0 3px #d81b60)}"
    "g.preview{filter:drop-shadow(0 0 2px #111) drop-shadow(0 0 4px #fff)}"
    "g.scored{filter:drop-shadow(0 0 2px #00a84f) drop-shadow(0 0 4px #00a84f)}"
    "g.preview.scored{filter:drop-shadow(0 0 2px #111) drop-shadow(0 0 4px #00a84f)}"
    "</style>"
)
"""The look of the marks: glows, unlike the targets' yellow dashes and the printed symbols."""


def _game(value: object, function: str, what: str) -> Rules[Any, Any]:
    try:
        return game_of(value)
    except WrongTypeError:
        wrong_type(function, what, value)


def to_svg(
    position: object,
    *,
    last_move: object | None = None,
    targets: Iterable[tuple[int, int] | None] = (),
    move: object | None = None,
    recent: Iterable[object] = (),
) -> str:
    """Draw a state or a view of any registered game as an SVG document.

    The picture is the game's own (its :attr:`~tilegames.Rules.draw`); a game
    of your own gets one by giving ``draw`` in its :class:`~tilegames.GameRules`.

    Args:
        position: a ``State`` or ``View`` of a game.
        last_move: a move to outline (usually the one that led here), or ``None``.
        targets: cells to mark as clickable (for example those of the legal
            moves, :func:`cells_of`); ``None`` entries are ignored.
        move: a legal move to show laid (class ``preview``), with the pieces
            it scores with (class ``scored``: AXIO's lines, AXIO Rota's
            matching corners, Polygon's groupings, an Aztack stone that
            matches); only the board changes, nothing is drawn or refilled.
            A state is drawn as its mover's view, so that the picture shows
            nothing hidden from that seat.
        recent: moves to mark as recent (class ``recent``, ``data-recent``
            counting from 1 for the first given), for example every seat's
            moves since the person's previous turn.

    Returns:
        The SVG text, the same for equal arguments.

    Raises:
        WrongTypeError: if the position is not a state or view of a
            registered game that draws pictures (a :class:`TypeError`).
        IllegalMoveError: if ``move`` is given with a state and is not legal there.

    >>> from tilegames import axio_rota
    >>> state = axio_rota.new_game(seed=1)
    >>> picture = to_svg(state, move=axio_rota.Place((1, 0), 2))
    >>> picture.count('class="piece preview')
    1
    """
    what = "a State or View of a game that draws pictures"
    rules = _game(position, "render.to_svg", what)
    kinds = (rules.state_type, rules.view_type)
    draw = rules.draw
    if type(position) not in kinds or draw is None:
        wrong_type("render.to_svg", what, position)
    if last_move is not None and type(last_move) not in rules.move_types:
        wrong_type("render.to_svg", f"a move of {rules.title} as last_move", last_move)
    marked = sorted({(c[0], c[1]) for c in targets if c is not None}, key=lambda c: c[::-1])
    classes: dict[str, list[tuple[str, int]]] = {}
    for number, earlier in enumerate(recent, start=1):
        if type(earlier) not in rules.move_types:
            wrong_type("render.to_svg", f"moves of {rules.title} in recent", earlier)
        for selector in _marks(rules, earlier):
            classes.setdefault(selector, []).append(("recent", number))
    if move is not None:
        if type(move) not in rules.move_types:
            wrong_type("render.to_svg", f"a move of {rules.title} as move", move)
        scored = rules.pictures.scored if rules.pictures is not None else None
        for selector in scored(position, move) if scored is not None else ():
            classes.setdefault(selector, []).append(("scored", 0))
        for selector in _marks(rules, move):
            classes.setdefault(selector, []).append(("preview", 0))
        position = _laid(rules, position, move)
    text: str = draw(position, last_move=last_move, targets=marked)
    return _marked(text, classes) if classes else text


def _marks(rules: Rules[Any, Any], move: object) -> tuple[str, ...]:
    """The attributes that pick out the pieces a move lays (its cells, or the game's own)."""
    marks = rules.pictures.marks if rules.pictures is not None else None
    if marks is not None:
        found: tuple[str, ...] = marks(move)
        return found
    cells = rules.move_cells(move) if rules.move_cells is not None else ()
    return tuple(f'data-cell="{cell_key(cell)}"' for cell in cells)


def _laid(rules: Rules[Any, Any], position: object, move: object) -> object:
    """The position with the move laid, as its mover sees it; nothing else changed."""
    if type(position) is rules.state_type:
        reason = rules.why_illegal(position, move)
        if reason is not None:
            raise IllegalMoveError(rules.format_move(move), reason)
        seat = getattr(move, "seat", None)
        if seat is None:
            movers = rules.to_move(position)
            seat = movers[0] if movers and movers[0] >= 0 else 0
        position = rules.view(position, seat)
    placed = rules.pictures.placed if rules.pictures is not None else None
    if placed is None or type(position) is not rules.view_type:
        return position
    return placed(position, move)


def _marked(text: str, classes: dict[str, list[tuple[str, int]]]) -> str:
    """Add the mark classes to the piece groups that the selectors pick, and their style.

    ``classes`` maps an attribute (``data-cell="1,0"``) to ``(class, number)``
    pairs; a number above 0 is written as ``data-recent``.
    """
    lines = text.split("\n")
    start = '<g class="'
    for index, line in enumerate(lines):
        if not line.startswith(start):
            continue
        found = [
            mark
            for selector, marks in classes.items()
            if f" {selector} " in line or f" {selector}>" in line
            for mark in marks
        ]
        if not found:
            continue
        names = " ".join(dict.fromkeys(name for name, _ in found))
        numbers = [number for _, number in found if number]
        head, rest = line[len(start) :].split('"', 1)
        extra = f' data-recent="{numbers[-1]}"' if numbers else ""
        lines[index] = f'{start}{head} {names}"{extra}{rest}'
    lines.insert(1, _STYLE)
    return "\n".join(lines)


def piece_svg(
    game: str | Rules[Any, Any], piece: object, *, rotation: int = 0, **options: Any
) -> str:
    """Draw one tile or stone of a game, turned, as a small SVG (rack buttons, previews).

    Args:
        game: the game's registry name or :class:`~tilegames.Rules`.
        piece: an AXIO Rota tile (four corners), an AXIO tile (two colours),
            an Aztack :class:`~tilegames.aztack.Stone` (or its two halves),
            or a Polygon value (``"3"``).
        rotation: AXIO Rota: quarter turns clockwise (0..3); AXIO: sixths of
            a turn (0..5); Aztack: 0 along a row, 1 across, 2 and 3 the same
            turned round; Polygon: ignored.
        options: the game's own: ``size`` (the side in user units, 48 by
            default) and, for AXIO Rota, ``named`` (the colour shown in the
            empty corner).

    >>> piece_svg("axio-rota", (0, 1, 2, None), rotation=1, named=3).startswith("<svg")
    True

    Raises:
        UnknownGameError: if no game has that name.
        WrongTypeError: if the game draws no pieces, or the piece or rotation
            is not one of the game's.
    """
    rules = get(game) if isinstance(game, str) else game
    piece_of = rules.pictures.piece if rules.pictures is not None else None
    if piece_of is None:
        wrong_type("render.piece_svg", "a game that draws pieces", rules)
    text: str = piece_of(piece, rotation=rotation, **options)
    return text


def cells_of(move: object) -> tuple[str, ...]:
    """The keys (:func:`cell_key`) of the cells a move places on; ``()`` if it places nothing.

    >>> from tilegames import axio_rota
    >>> cells_of(axio_rota.Place((1, -2), 0))
    ('1,-2',)

    Raises:
        WrongTypeError: if the value is not a move of a registered game that
            draws pictures (a :class:`TypeError`).
    """
    what = "a move of a game that draws pictures"
    rules = _game(move, "render.cells_of", what)
    move_cells = rules.move_cells
    if type(move) not in rules.move_types or move_cells is None:
        wrong_type("render.cells_of", what, move)
    return tuple(map(cell_key, move_cells(move)))


def laid_svg(position: object, move: object, *, size: float = 48.0) -> str | None:
    """Draw the tile or stone a move lays, as it lies (turned, a named colour shown).

    For a frontend's choices: the rack tile or stone of an option, a
    rotation, a named colour. ``None`` for a move that lays nothing (a pass,
    a swap decision).

    >>> from tilegames import axio_rota
    >>> state = axio_rota.new_game(seed=1)
    >>> laid_svg(state, axio_rota.Place((1, 0), 1)).startswith("<svg")
    True

    Raises:
        WrongTypeError: if the position is not a state or view of a game that
            draws pieces, or the move not one of its moves.
    """
    what = "a State or View of a game that draws pieces"
    rules = _game(position, "render.laid_svg", what)
    laid = rules.pictures.laid if rules.pictures is not None else None
    if type(position) not in (rules.state_type, rules.view_type) or laid is None:
        wrong_type("render.laid_svg", what, position)
    if type(move) not in rules.move_types:
        wrong_type("render.laid_svg", f"a move of {rules.title}", move)
    text: str | None = laid(position, move, size=size)
    return text
