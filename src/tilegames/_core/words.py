"""A game's words, declared once: its colours or symbols, score tracks, pieces and cells.

Each game gives a :class:`Words` on its :class:`~tilegames.Rules` as
``words``. The text board prints its :attr:`~Words.legend`, the pictures
title a piece with its short name, and every tool that speaks of a game
(the command line's score table, the server's history in words, a
frontend) reads the names here instead of parsing the printed board.

>>> words = Words(
...     letters=(("R", "red"), ("G", "green"), ("f", "flower")),
...     colours=("red", "green"),
...     tracks=("red", "green"),
... )
>>> words.word("G"), words.letter("green"), words.spelt("RGf")
('green', 'G', 'red/green flower')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import attrs

__all__ = ["Words"]


def _pairs(pairs: Iterable[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    return tuple((letter, word) for letter, word in pairs)


@attrs.frozen
class Words:
    """The names a game gives its colours or symbols, score tracks, pieces and cells.

    Two are equal when their names are: the functions :attr:`piece` and
    :attr:`solo` are left out of the comparison.

    .. versionadded:: 0.1.0
    """

    letters: tuple[tuple[str, str], ...] = attrs.field(default=(), converter=_pairs)
    """Each letter of the game's boards and piece names with its word, in the
    legend's order: ``(("R", "red"), ("G", "green"), ...)``. A capital starts
    a part of a piece's name (a colour, a half), lower-case letters add to it."""

    colours: tuple[str, ...] = ()
    """The word of each colour or die symbol by its number, the number that
    moves, states and views use: colour ``i`` is ``colours[i]``."""

    tracks: tuple[str, ...] = ()
    """The word of each score track of a seat, in the order
    :attr:`tilegames.Outcome.scores` and a view's running scores give them
    (``("red", "green", ...)``); ``()`` when a seat's score is one number."""

    score: str = "points"
    """What a score counts when it is one number (``"points"``, ``"stones left"``)."""

    lower_is_better: bool = False
    """Whether the lowest score ranks first."""

    pieces: tuple[str, ...] = ()
    """The kinds of :class:`~tilegames.Choice` that pick the piece a move lays
    (``"tile"``, ``"stone"``)."""

    cells: tuple[str, ...] = ()
    """The kinds of :class:`~tilegames.Choice` that pick a cell or space
    (``"cell"``, ``"second_cell"``); their options are ``(x, y)`` cells."""

    legend: str = ""
    """What the text board prints below its ``Legend:`` line: the letters and
    the move notation explained, lines indented by two spaces."""

    piece: Callable[[Any, Any], str] | None = attrs.field(default=None, eq=False)
    """``piece(position, move)``: the short name of the piece ``move`` lays
    from ``position`` (a state or a seat's view), in :attr:`letters`
    (``"RG"``, ``"OfOw"``), as the pictures title it; ``""`` for a move that
    lays none. ``None``: the game names no pieces."""

    solo: Callable[[int], str] | None = attrs.field(default=None, eq=False)
    """``solo(score)``: a solo game's score in words, as the text board's
    ``solo score:`` line and the end of a solo game print it
    (``"050912 (the three lowest tracks, two digits each, AXIO-21)"``).
    ``None``: the score is printed as its number."""

    def word(self, letter: str) -> str:
        """The word of a letter, or the letter itself when it has none."""
        return next((word for known, word in self.letters if known == letter), letter)

    def letter(self, word: str) -> str:
        """The letter of a word (a track's column in the text board), or the word itself."""
        return next((letter for letter, known in self.letters if known == word), word)

    def spelt(self, name: str) -> str:
        """A piece's short name in words; a name with a letter not in :attr:`letters` as it is.

        A capital starts a part (a colour, a half), lower-case letters add to it.
        """
        known = dict(self.letters)
        if not name or not all(letter in known for letter in name):
            return name
        parts: list[list[str]] = []
        for letter in name:
            if letter.isupper() or not parts:
                parts.append([])
            parts[-1].append(known[letter])
        return "/".join(" ".join(words) for words in parts)
