"""The shared conformance checker over every game of the library and every setup it declares.

``tilegames.testing.check_rules`` plays random legal games and checks the
whole :class:`~tilegames.Rules` contract at every step: legal_moves and
apply agree both ways, apply never mutates, states, views, moves and
outcomes round-trip through pickle and JSON, views carry no seed, games end,
seeds replay exactly. Beside the checker's own unlisted moves (mutations,
moves of earlier states), each game offers near misses built from its
public move classes: placements on and around every cell.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import pytest

import tilegames
from tiers import size
from tilegames import Setup, axio, axio_rota, aztack, polygon
from tilegames.testing import check_rules

GAMES = 1
"""Random games per setup, in both tiers (the deep tier samples more moves at each step). The
mutation runs of the test suite caught no fault more with two games a setup than with one."""


def rota_near_misses(state: axio_rota.State) -> list[axio_rota.Place]:
    """Every rotation and named colour on and around the display: mostly illegal."""
    placed = axio_rota.tiles_on_display(state)
    if not placed:  # an explicit game before its start square is laid
        return []
    xs = [x for x, _ in placed]
    ys = [y for _, y in placed]
    result = []
    for y in range(min(ys) - 1, max(ys) + 2):
        for x in range(min(xs) - 1, max(xs) + 2):
            named = (x + y) % 5
            result += [axio_rota.Place((x, y), k, n) for k in range(4) for n in (None, named)]
    return result


def axio_near_misses(state: axio.State) -> list[axio.Move]:
    """Every colour pair on cells next to a placed hex, both ways round: mostly illegal."""
    board = axio.board(state)
    result: list[axio.Move] = [axio.SWAP, axio.KEEP, axio.DECLINE]
    for (q, r), colour in sorted(board.items())[:12]:
        for dq, dr in ((1, 0), (0, 1), (-1, 1)):
            first, second = (q + dq, r + dr), (q + 2 * dq, r + 2 * dr)
            result.append(axio.Place((first, second), (colour, (colour + 1) % 6)))
            result.append(axio.Place((second, first), (colour, colour)))
    return result


_PAIRS = [((x, y), (x + 1, y)) for y in range(4) for x in range(5)] + [
    ((x, y), (x, y + 1)) for y in range(3) for x in range(6)
]


def aztack_near_misses(state: aztack.State) -> list[aztack.Move]:
    """Each seat's first stones on every pair of adjacent cells, either way round, and passes."""
    pairs = _PAIRS + [(b, a) for a, b in _PAIRS]
    moves: list[aztack.Move] = []
    for seat, held in enumerate(state.supplies):
        moves.append(aztack.Pass(seat))
        for stone in held[:3]:
            moves.extend(aztack.Place(seat, stone, first, second) for first, second in pairs)
            moves.extend(aztack.Place(seat, stone, (0, 1), (0, 2), other) for other in held)
    return moves


def polygon_near_misses(state: polygon.State) -> list[polygon.Place]:
    """Every drawn tile (and a WILD) on every space, and the discards: mostly illegal."""
    tiles = {*polygon.drawn(state), "W"}
    return [
        polygon.Place(tile, space) for tile in sorted(tiles) for space in [*polygon.SPACES, None]
    ]


NEAR_MISSES: dict[str, Callable[[Any], Iterable[Any]]] = {
    "axio-rota": rota_near_misses,
    "axio": axio_near_misses,
    "aztack": aztack_near_misses,
    "polygon": polygon_near_misses,
}

DEEP_ONLY = {
    "axio: 3 players",
    "axio: 4 players",
    "axio: 4 players, mode=team",
    "axio-rota: 3 players",
    "axio-rota: 4 players",
    "aztack: 3 players",
    "aztack: 4 players",
    "aztack: 3 players, mode=speed",
    "aztack: 4 players, mode=speed",
}
"""The longest games (a second to three each, checked at every step), left to the deep
tier; every game stays in the everyday tier, and every kind of setup (solo, two, three and
four players in Polygon, speed), and the per-game tests play these setups there."""

CASES = [
    pytest.param(
        name,
        setup,
        id=f"{name}: {setup}",
        marks=[pytest.mark.deep_only("one of the longest setups")]
        if f"{name}: {setup}" in DEEP_ONLY
        else [],
    )
    for name in ("axio-rota", "axio", "aztack", "polygon")
    for setup in tilegames.get(name).setups
]


@pytest.mark.parametrize(("name", "setup"), CASES)
def test_check_rules(name: str, setup: Setup) -> None:
    """The whole contract holds at every step of random games of this setup."""
    rules = tilegames.get(name)
    games = GAMES
    report = check_rules(
        rules,
        games=games,
        seed=2026,
        setups=[setup],
        candidates=NEAR_MISSES[name],
        legal_samples=size(everyday=1, deep=2),
        illegal_samples=size(everyday=2, deep=6),
    )
    assert report.games == games
    assert report.moves >= games  # every game takes at least one move
    assert report.illegal_checked > report.moves  # near misses were refused too


def test_every_game_is_covered() -> None:
    """Every game the library registers has near misses here, so none is left unchecked."""
    assert sorted(NEAR_MISSES) == sorted(tilegames.names())


def test_the_deep_only_setups_are_setups() -> None:
    """Each setup left to the deep tier is one the games declare (a renamed one fails here)."""
    assert {case.id for case in CASES} >= DEEP_ONLY


@pytest.mark.parametrize(
    ("name", "setup"),
    [
        pytest.param(
            "axio-rota",
            Setup(2, {"tiles": ("RRR.", "GGGG", "RGRG") * size(everyday=10, deep=20)}),
            id="rota",
        ),
        pytest.param(
            "polygon",
            Setup(3, {"tiles": ("2", "1", "1", "1", "1", "W") * size(everyday=5, deep=14)}),
            id="poly",
        ),
    ],
)
def test_custom_sets(name: str, setup: Setup) -> None:
    """Custom component sets keep the contract (extra turns, discards), JSON included.

    One game of each; the everyday tier deals half as many tiles of the same kinds.
    """
    report = check_rules(tilegames.get(name), games=1, seed=7, setups=[setup])
    assert report.games == 1
