"""Every game's docs page lists every [decision] of its rules spec, in one Decisions section.

The rules specs (spec v2) mark each reading they choose where the original
rules are silent or unclear as **[decision]**; the ids below are those rules.
Each game's page must name every one of them in the section whose heading
contains "Decisions", in that section's own text (not in a subsection),
with the player counts where the spec decides them.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[1] / "docs" / "games"

DECISIONS: dict[str, tuple[str, ...]] = {
    "axio-rota": ("ROTA-3", "ROTA-11", "ROTA-13"),
    "axio": ("AXIO-3", "AXIO-4", "AXIO-8", "AXIO-11"),
    "aztack": ("AZT-3", "AZT-4", "AZT-9", "AZT-15", "AZT-16", "AZT-19", "players"),
    "polygon": (
        *("POLY-2", "POLY-3", "POLY-4", "POLY-7", "POLY-11", "POLY-12", "POLY-14"),
        "players",
    ),
}
"""Per game, the rule ids marked [decision] in its spec, and "players" where the spec
decides the player count (Aztack and Polygon: "the seed gives no count")."""

_UNDERLINE = re.compile(r"^([=\-~^\"'`#*+.:_])\1{2,}\s*$")


def decisions_section(text: str) -> str:
    """The text of the section whose heading contains "Decisions", up to the next heading."""
    lines = text.splitlines()
    headings = [
        i
        for i in range(1, len(lines))
        if _UNDERLINE.match(lines[i])
        and lines[i - 1].strip()
        and not _UNDERLINE.match(lines[i - 1])
    ]
    starts = [i for i in headings if "Decisions" in lines[i - 1]]
    assert len(starts) == 1, f"expected one section headed 'Decisions', found {len(starts)}"
    start = starts[0]
    following = [i - 1 for i in headings if i > start]
    end = following[0] if following else len(lines)
    return "\n".join(lines[start + 1 : end])


@pytest.mark.parametrize("game", sorted(DECISIONS))
def test_every_decision_is_listed(game: str) -> None:
    """The Decisions section of the page names every [decision] rule of the spec."""
    section = decisions_section((DOCS / f"{game}.rst").read_text())
    missing = [rule for rule in DECISIONS[game] if not re.search(rf"\b{rule}\b", section)]
    assert not missing, f"docs/games/{game}.rst's Decisions section lacks {missing}"


def test_the_section_parser_finds_only_the_section_itself() -> None:
    """Text under a subsection of the Decisions section does not count."""
    page = (
        "Rules\n=====\n\nROTA-1\n\nDecisions\n---------\n\nROTA-3 here\n\nMore\n~~~~\n\nROTA-11\n"
    )
    section = decisions_section(page)
    assert "ROTA-3" in section
    assert "ROTA-11" not in section
