"""A Sphinx directive that draws a game position at build time with tilegames.render.

Usage in a page, once ``conf.py`` loads this extension::

    .. tilegames-picture:: polygon
       :seed: 7
       :moves: 12
       :players: 2
       :seat: 0

It starts the game with ``new_game(players, seed=seed)``, plays ``moves``
random legal moves (drawn from a stream seeded by ``seed``), and inserts
:func:`tilegames.render.to_svg` of the position (of ``seat``'s view when
``:seat:`` is given), with the last move outlined and the cells of the legal moves marked, into
the HTML output.

Register it in ``conf.py`` with::

    sys.path.insert(0, os.path.abspath("_ext"))
    extensions.append("tilegames_pictures")
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sphinx.application import Sphinx

# Sphinx is imported inside setup() only: pytest collects docs/ in environments without it.


def picture(game: str, *, seed: int, moves: int, players: int | None, seat: int | None) -> str:
    """The SVG of a position reached by random legal moves from a seeded game."""
    import tilegames
    from tilegames.render import cells_of, to_svg
    from tilegames.rng import Stream

    rules = tilegames.get(game)
    state = rules.new_game(players or rules.setups[0].players, seed=seed)
    stream = Stream(seed)
    last = None
    for _ in range(moves):
        if rules.is_over(state):
            break
        legal = rules.legal_moves(state)
        last = legal[stream.randbelow(len(legal))]
        state = rules.apply(state, last)
    shown = state if seat is None else rules.view(state, seat)
    targets = set()
    if not rules.is_over(state):
        for move in rules.legal_moves(state):
            for key in cells_of(move):
                x, y = key.split(",")
                targets.add((int(x), int(y)))
    return to_svg(shown, last_move=last, targets=targets)


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the ``tilegames-picture`` directive."""
    from docutils import nodes
    from docutils.parsers.rst import directives
    from sphinx.util.docutils import SphinxDirective

    class PictureDirective(SphinxDirective):
        required_arguments = 1
        option_spec = {  # noqa: RUF012 (docutils reads a plain dict)
            "seed": directives.nonnegative_int,
            "moves": directives.nonnegative_int,
            "players": directives.positive_int,
            "seat": directives.nonnegative_int,
        }

        def run(self) -> list[nodes.Node]:
            svg = picture(
                self.arguments[0],
                seed=self.options.get("seed", 1),
                moves=self.options.get("moves", 10),
                players=self.options.get("players"),
                seat=self.options.get("seat"),
            )
            html = f'<div class="tilegames-picture">{svg}</div>'
            return [nodes.raw("", html, format="html")]

    app.add_directive("tilegames-picture", PictureDirective)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
