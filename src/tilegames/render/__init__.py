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
>>> len(moves), picture.count('class="target"')  # five moves onto three spaces
(5, 3)

Every element that stands for a placed tile or stone has ``class="piece"``;
a target has ``class="target"`` and ``data-cell="X,Y"``, the same key that
:func:`cell_key` gives and :func:`cells_of` lists for a move, so that a web
page can find which moves a click may mean. Equal positions give identical
text. States show themselves in Jupyter through ``_repr_svg_``.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from typing import Any, Final

from tilegames.render._svg import cell_key

__all__ = ["cell_key", "cells_of", "to_svg"]

_RENDERERS: Final = {
    "tilegames.axio_rota": "tilegames.render.axio_rota",
    "tilegames.axio": "tilegames.render.axio",
    "tilegames.aztack": "tilegames.render.aztack",
    "tilegames.polygon": "tilegames.render.polygon",
}


def _renderer(value: object) -> Any:
    module = type(value).__module__
    name = _RENDERERS.get(module)
    if name is None:
        msg = f"no picture for a {type(value).__name__} of {module}"
        raise TypeError(msg)
    return importlib.import_module(name)


def to_svg(
    position: object,
    *,
    last_move: object | None = None,
    targets: Iterable[tuple[int, int] | None] = (),
) -> str:
    """Draw a state or a view of any of the four games as an SVG document.

    Args:
        position: a ``State`` or ``View`` of a game.
        last_move: a move to outline (usually the one that led here), or ``None``.
        targets: cells to mark as clickable (for example those of the legal
            moves, :func:`cells_of`); ``None`` entries are ignored.

    Returns:
        The SVG text, the same for equal arguments.

    Raises:
        TypeError: if the position is not of a game that can be drawn.
    """
    renderer = _renderer(position)
    marked = sorted({(c[0], c[1]) for c in targets if c is not None}, key=lambda c: c[::-1])
    text: str = renderer.draw(position, last_move=last_move, targets=marked)
    return text


def cells_of(move: object) -> tuple[str, ...]:
    """The keys (:func:`cell_key`) of the cells a move places on; ``()`` if it places nothing.

    >>> from tilegames import axio_rota
    >>> cells_of(axio_rota.Move((1, -2), 0))
    ('1,-2',)

    Raises:
        TypeError: if the move is not of a game that can be drawn.
    """
    cells: tuple[tuple[int, int], ...] = _renderer(move).move_cells(move)
    return tuple(map(cell_key, cells))
