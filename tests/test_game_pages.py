"""The game pages have the same section headings in the same order (issue 17).

Each page under docs/games/ that documents a game has its title, then the
same first-level sections (``-`` underlines) and, within them, the same
second-level sections (``~`` underlines), in the same order. Deeper levels
(a variant's own subsection) and rubrics may differ from game to game.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[1] / "docs" / "games"

GAMES = ("axio-rota", "axio", "aztack", "polygon")

COMMON = [
    "The rules",
    "The rules / Components",
    "The rules / Geometry",
    "The rules / Setup",
    "The rules / A turn",
    "The rules / End and result",
    "The rules / Variants",
    "The rules / In pictures",
    "The rules / Hidden information",
    "Decisions",
    "Options and words",
    "Options and words / Options",
    "Options and words / Words",
    "Coordinates and notation",
    "A worked example",
    "A walk through the API",
    "Explicit chance",
    "Speed",
    "Reference",
]
"""The headings of the first two levels below the title, a subsection after its section."""

_UNDERLINE = re.compile(r"^([=\-~^\"'`#*+.:_])\1{2,}\s*$")


def headings(text: str) -> list[tuple[str, str]]:
    """Every section heading of an underlined-only reST page: (underline character, title)."""
    lines = text.splitlines()
    found = []
    for i in range(1, len(lines)):
        title = lines[i - 1]
        if (
            _UNDERLINE.match(lines[i])
            and title.strip()
            and not _UNDERLINE.match(title)
            and len(lines[i].rstrip()) >= len(title.rstrip())
            and (i < 2 or not lines[i - 2].strip())
        ):
            found.append((lines[i][0], title.strip()))
    return found


def outline(text: str) -> list[str]:
    """The headings of the first two levels below the page title, in order.

    Levels go by the order in which underline characters first appear, as
    docutils assigns them: the first is the title, the next two are kept.
    """
    found = headings(text)
    levels: list[str] = []
    for char, _ in found:
        if char not in levels:
            levels.append(char)
    assert len(levels) >= 3, f"expected a title and two levels of sections, found {levels}"
    first, second = levels[1], levels[2]
    result: list[str] = []
    section = ""
    for char, title in found:
        if char == first:
            section = title
            result.append(title)
        elif char == second:
            result.append(f"{section} / {title}")
    return result


def test_the_pages_share_their_outline() -> None:
    """The four game pages have the same two top levels of headings, in the same order."""
    outlines = {game: outline((DOCS / f"{game}.rst").read_text()) for game in GAMES}
    first = outlines[GAMES[0]]
    for game, found in outlines.items():
        assert found == first, f"docs/games/{game}.rst: {found} != {GAMES[0]}'s {first}"


@pytest.mark.parametrize("game", GAMES)
def test_the_outline_is_the_common_one(game: str) -> None:
    """Each page has the documented common outline, so a change to one shows up here."""
    assert outline((DOCS / f"{game}.rst").read_text()) == COMMON


def test_the_outline_reader_keeps_two_levels_only() -> None:
    """A third level (a variant's own section) is not part of the outline."""
    page = "Game\n====\n\nThe rules\n---------\n\nSetup\n~~~~~\n\nSolo\n^^^^\n\nSpeed\n-----\n"
    assert outline(page) == ["The rules", "The rules / Setup", "Speed"]
