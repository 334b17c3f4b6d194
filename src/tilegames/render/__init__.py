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
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tilegames._core.checks import wrong_type
from tilegames._core.errors import WrongTypeError
from tilegames._core.rules import Rules, game_of
from tilegames._core.svg import cell_key

__all__ = ["cell_key", "cells_of", "to_svg"]


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
) -> str:
    """Draw a state or a view of any registered game as an SVG document.

    The picture is the game's own (its :attr:`~tilegames.Rules.draw`); a game
    of your own gets one by giving ``draw`` in its :class:`~tilegames.GameRules`.

    Args:
        position: a ``State`` or ``View`` of a game.
        last_move: a move to outline (usually the one that led here), or ``None``.
        targets: cells to mark as clickable (for example those of the legal
            moves, :func:`cells_of`); ``None`` entries are ignored.

    Returns:
        The SVG text, the same for equal arguments.

    Raises:
        WrongTypeError: if the position is not a state or view of a
            registered game that draws pictures (a :class:`TypeError`).
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
    text: str = draw(position, last_move=last_move, targets=marked)
    return text


def cells_of(move: object) -> tuple[str, ...]:
    """The keys (:func:`cell_key`) of the cells a move places on; ``()`` if it places nothing.

    >>> from tilegames import axio_rota
    >>> cells_of(axio_rota.Move((1, -2), 0))
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
