"""Aztack's explicit chance: the setup as a chain of chance steps (AZT-8 .. AZT-10).

In a game started with ``new_game(..., chance="explicit")`` nothing is
shuffled. The state starts with an empty grid and empty supplies, and chance
is to move (``to_move`` is ``(CHANCE,)``) until the table is set up:

1. the twelve base stones, row by row and in each row column by column
   (the order of :func:`tilegames.geometry.pyramid.base`), one :class:`Lay`
   each: the stone and whether it lies turned round (AZT-8);
2. if the twelfth stone leaves a colour on fewer than two base stones
   (AZT-9), the base goes back into the bag and is laid again from the
   first stone, as further :class:`Lay` steps;
3. twelve stones to seat 0, one :class:`Deal` each, then twelve to seat 1,
   and so on (AZT-10). The stones left in the bag are out of play.

Every stone is face up (AZT-10, AZT-20): nothing dealt is hidden from any
seat, so Aztack has no unseen outcome. Here are the outcomes only, with
their probabilities. Applying one is the setup step of ``_rules.py`` that a
seeded game takes too, with the stones it draws from its seed; whether an
outcome is legal is said by ``_moves.check``.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

from tilegames.aztack._model import (
    AnyMove,
    Deal,
    Index,
    Lay,
    Move,
    SetInfo,
    State,
    StoneId,
)
from tilegames.aztack._moves import LegalMoves, bag_of

Outcomes = tuple[tuple[AnyMove, Fraction], ...]
"""Chance outcomes with their probabilities, as :func:`outcomes` gives them."""


def _distinct(info: SetInfo, bag: list[StoneId]) -> list[tuple[StoneId, int]]:
    """Each look of stone in the bag once: the lowest id of each alike group, with its count."""
    if not info.twins:
        return [(stone, 1) for stone in bag]
    counts: dict[StoneId, int] = {}
    first: dict[StoneId, StoneId] = {}
    for stone in bag:
        group = first.setdefault(info.twin[stone], stone)
        counts[group] = counts.get(group, 0) + 1
    return list(counts.items())


def outcomes(state: State, info: SetInfo) -> Outcomes:
    """The outcomes of the chance step of a state being set up (see the module).

    With their exact probabilities, as :func:`~tilegames.aztack.chance_outcomes` gives them.
    """
    bag = bag_of(state)
    total = len(bag)
    found: list[tuple[AnyMove, Fraction]] = []
    if 0 in state.pyramid.heights:
        doubles = info.doubles
        for stone, count in _distinct(info, bag):
            if doubles >> stone & 1:  # both halves alike: turned round it lies the same
                found.append((Lay(stone), Fraction(count, total)))
            else:
                half = Fraction(count, 2 * total)
                found.append((Lay(stone), half))
                found.append((Lay(stone, turned=True), half))
    else:
        found.extend(
            (Deal(stone), Fraction(count, total)) for stone, count in _distinct(info, bag)
        )
    return tuple(found)


class ChanceMoves(LegalMoves):
    """The legal moves at a chance step: the outcomes of :func:`outcomes`, in that order."""

    __slots__ = ("_outcomes",)

    def __init__(self, state: State, index: Index) -> None:
        """List the chance outcomes of ``state`` (being set up), whose index is ``index``."""
        self._state = state
        self._index = index
        self._only = None
        self._groups = []
        self._ends = []
        self._hands = {}
        self._outcomes = tuple(move for move, _ in outcomes(state, index.info))

    def __len__(self) -> int:
        """The number of distinct outcomes."""
        return len(self._outcomes)

    def _at(self, position: int) -> AnyMove:
        return self._outcomes[position]

    def __iter__(self) -> Iterator[Move]:
        """The outcomes, in order."""
        return iter(self._outcomes)

    def __contains__(self, move: object) -> bool:
        """Whether ``move`` is one of the outcomes."""
        return move in self._outcomes
