"""A Sphinx directive that illustrates a rule with a picture drawn at build time.

Usage in a game's page, once ``conf.py`` loads this extension::

    .. tilegames-rule-picture:: rota-circle

       ROTA-12: the caption, which must name the picture's rule id.

Each name below stands for a position reached by chosen moves of a seeded
game (the first that shows the rule, found by a fixed search) and drawn by
:func:`tilegames.render.to_svg`: a move shown laid with the pieces it scores
with, or the cells of a refused move marked. The caption is the directive's
content followed by the move in notation; a caption that does not name the
rule id is a build error, so that no picture loses its rule.

Register it in ``conf.py`` with::

    sys.path.insert(0, os.path.abspath("_ext"))
    extensions.append("tilegames_rule_pictures")
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sphinx.application import Sphinx

# Sphinx is imported inside setup() only: pytest collects docs/ in environments without it.

Picture = tuple[str, str]
"""The SVG and a line saying which move it shows."""


def _points(score: object) -> int:
    """A move's points: the sum of a tuple of tracks, or the number itself."""
    if isinstance(score, tuple):
        return sum(score)
    return score if isinstance(score, int) else 0


def _positions(game: str, seed: int, moves: int = 40, **options: Any) -> Iterator[Any]:
    """The states of a seeded game played by the first legal move each turn."""
    import tilegames

    rules = tilegames.get(game)
    state = rules.new_game(seed=seed, **options)
    for _ in range(moves):
        if rules.is_over(state):
            return
        yield state
        state = rules.apply(state, rules.legal_moves(state)[-1])


def _scoring(game: str, least: int, wanted: Callable[[Any], bool] = lambda _: True) -> Picture:
    """The first position with a legal move scoring ``least`` points or more, shown laid."""
    import tilegames
    from tilegames.render import to_svg

    rules = tilegames.get(game)
    for state in _positions(game, seed=2026):
        scored = [(_points(rules.score_move(state, m)), m) for m in rules.legal_moves(state)]
        chosen = [(p, m) for p, m in scored if wanted(m)]
        points, move = max(chosen, key=lambda pair: pair[0], default=(0, None))
        if move is not None and points >= least:
            text = f"The move shown laid is {rules.format_move(move)}: {points} point(s)."
            return to_svg(state, move=move), text
    msg = f"no {game} position with a move scoring {least} points"
    raise LookupError(msg)


def _stack() -> Picture:
    """Polygon: a tile laid on a stack (POLY-12)."""
    import tilegames
    from tilegames import polygon
    from tilegames.render import to_svg

    rules = tilegames.get("polygon")
    for state in _positions("polygon", seed=2026):
        high = {polygon.SPACES[i] for i, stack in enumerate(state.stacks) if len(stack) > 1}
        for move in rules.legal_moves(state):
            if getattr(move, "space", None) in high:
                text = f"The move shown laid is {rules.format_move(move)}, onto a stack."
                return to_svg(state, move=move), text
    msg = "no Polygon position with a stacking move"
    raise LookupError(msg)


def _bridge(*, legal: bool) -> Picture:
    """Aztack: a stone laid across two stones below (AZT-6), or a spot refused."""
    import tilegames
    from tilegames import aztack
    from tilegames.render import to_svg

    rules = tilegames.get("aztack")
    state = rules.new_game(seed=2026)
    if legal:
        move = rules.legal_moves(state)[0]
        text = f"The move shown laid is {rules.format_move(move)}."
        return to_svg(state, move=move), text
    seat = rules.to_move(state)[0]
    stone = aztack.supply(state, seat)[0].id
    cells = [(x, y) for y in range(aztack.DEPTH) for x in range(aztack.WIDTH)]
    for first in cells:
        for second in ((first[0] + 1, first[1]), (first[0], first[1] + 1)):
            move = aztack.Place(seat, stone, first, second)
            reason = rules.why_illegal(state, move) if second in cells else None
            if reason is not None and "AZT-6" in reason:
                text = f"Marked: {rules.format_move(move)}, refused: {reason}."
                return to_svg(state, targets=[first, second]), text
    msg = "no refused Aztack spot found"
    raise LookupError(msg)


def _named_corner() -> Picture:
    return _scoring("axio-rota", 1, lambda move: move.named is not None)


PICTURES: dict[str, tuple[str, Callable[[], Picture]]] = {
    "rota-circle": ("ROTA-12", lambda: _scoring("axio-rota", 2)),
    "rota-named-corner": ("ROTA-12", _named_corner),
    "axio-lines": ("AXIO-9", lambda: _scoring("axio", 3)),
    "aztack-bridge": ("AZT-6", lambda: _bridge(legal=True)),
    "aztack-refused": ("AZT-6", lambda: _bridge(legal=False)),
    "polygon-grouping": ("POLY-6", lambda: _scoring("polygon", 1)),
    "polygon-stack": ("POLY-12", _stack),
}
"""Each picture's rule id and how it is drawn."""


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the ``tilegames-rule-picture`` directive."""
    from docutils import nodes
    from sphinx.util.docutils import SphinxDirective

    class RulePictureDirective(SphinxDirective):
        required_arguments = 1
        has_content = True

        def run(self) -> list[nodes.Node]:
            name = self.arguments[0]
            if name not in PICTURES:
                msg = f"unknown rule picture {name!r}: one of {', '.join(PICTURES)}"
                raise self.error(msg)
            rule, draw = PICTURES[name]
            caption = " ".join(self.content).strip()
            if rule not in caption:
                raise self.error(f"the caption of {name!r} must name its rule {rule}")
            svg, shown = draw()
            text = html.escape(f"{caption} {shown}")
            figure = (
                f'<figure class="tilegames-rule-picture" data-rule="{rule}">{svg}'
                f"<figcaption>{text}</figcaption></figure>"
            )
            return [nodes.raw("", figure, format="html")]

    app.add_directive("tilegames-rule-picture", RulePictureDirective)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
