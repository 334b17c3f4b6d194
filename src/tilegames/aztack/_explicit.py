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
seat, so Aztack has no unseen outcome. Here are the steps only: the first
state, the outcomes and applying one; whether an outcome is legal is said
by ``_validate.check_chance``.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

import attrs

from tilegames._core.checks import wrong_type
from tilegames.aztack._checks import check_hand_made
from tilegames.aztack._model import (
    A_STATE,
    CELLS,
    DEPTH,
    NAME,
    SUPPLY_SIZE,
    WIDTH,
    AnyMove,
    Deal,
    Index,
    Lay,
    Move,
    SetInfo,
    State,
    StoneId,
)
from tilegames.aztack._moves import LegalMoves, index_of
from tilegames.aztack._tables import BASE_SLOTS, base_ok, setup_index
from tilegames.geometry.pyramid import NO_STONE, Pyramid

Outcomes = tuple[tuple[AnyMove, Fraction], ...]
"""Chance outcomes with their probabilities, as :func:`chance_outcomes` gives them."""


def base_laid(grid: Pyramid) -> int:
    """How many base stones are laid (during the setup every cell has height 0 or 1)."""
    return sum(1 for height in grid.heights if height) // 2


def bag_of(state: State) -> list[StoneId]:
    """The stones neither in the base nor dealt, ascending: the ones chance draws from."""
    used = {top for top in state.pyramid.tops if top != NO_STONE}
    for held in state.supplies:
        used.update(held)
    return [stone for stone in range(len(state.stones)) if stone not in used]


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


def _outcomes(state: State, info: SetInfo) -> Outcomes:
    """The outcomes of the chance step of a state being set up (see the module)."""
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


def chance_outcomes(state: State) -> Outcomes:
    """The outcomes of the chance step ``state`` waits for, with their exact probabilities.

    ``()`` unless chance is to move (always in a seeded game). While the base
    is laid (AZT-8): each stone in the bag, by id, unturned then turned,
    each ``1 / (2 * n)`` for a bag of ``n`` (a stone with two halves alike
    is not listed turned and has ``1 / n``). While the stones are dealt
    (AZT-10): each stone in the bag, by id, ``1 / n``. Stones alike in a
    custom set are one outcome, the lowest id, with their summed chance.

    >>> from tilegames.aztack import new_game
    >>> first = chance_outcomes(new_game(seed=1, chance="explicit"))
    >>> len(first), str(first[0][0]), first[0][1]
    (120, 'lay:0', Fraction(1, 120))

    Arguments, result and errors as :attr:`tilegames.Rules.chance_outcomes`.
    """
    if type(state) is not State:
        wrong_type(f"{NAME}.chance_outcomes", A_STATE, state)
    index = state._index or index_of(check_hand_made(state))
    if not index.setup:
        return ()
    return _outcomes(state, index.info)


class ChanceMoves(LegalMoves):
    """The legal moves at a chance step: the outcomes of :func:`chance_outcomes`, in that order."""

    __slots__ = ("_outcomes",)

    def __init__(self, state: State) -> None:
        """List the chance outcomes of ``state`` (a state being set up)."""
        self._state = state
        self._index = index = state._index or index_of(check_hand_made(state))
        self._only = None
        self._groups = []
        self._ends = []
        self._hands = {}
        self._outcomes = tuple(move for move, _ in _outcomes(state, index.info))

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


def _explicit_start(info: SetInfo, count: int, mode: str) -> State:
    """The first state of an explicit game: no base stone laid, nothing dealt (AZT-8)."""
    state = State(
        stones=info.stones,
        pyramid=Pyramid(width=WIDTH, depth=DEPTH, heights=(0,) * CELLS, tops=(NO_STONE,) * CELLS),
        faces=(0,) * CELLS,
        supplies=((),) * count,
        turn=0 if mode == "turns" else None,
        last_placed=(0,) * count,
        explicit=True,
    )
    object.__setattr__(state, "_index", setup_index(info, (0,) * count))
    return state


def _apply_chance(state: State, index: Index, move: Lay | Deal) -> State:
    """The state after a legal chance outcome (checked by ``_validate.check_chance``)."""
    info = index.info
    if isinstance(move, Lay):
        grid = state.pyramid
        near, far = BASE_SLOTS[base_laid(grid)]
        heights, tops, faces = list(grid.heights), list(grid.tops), list(state.faces)
        heights[near] = heights[far] = 1
        tops[near] = tops[far] = move.stone
        k1, k2 = info.kinds[move.stone]
        faces[near], faces[far] = (k2, k1) if move.turned else (k1, k2)
        if 0 not in heights and not base_ok(info, tuple(tops)):
            # AZT-9: the base goes back into the bag and is laid again, from its first stone.
            heights, tops, faces = [0] * CELLS, [NO_STONE] * CELLS, [0] * CELLS
        after = attrs.evolve(
            state,
            pyramid=attrs.evolve(grid, heights=tuple(heights), tops=tuple(tops)),
            faces=tuple(faces),
        )
    else:
        supplies = state.supplies
        seat = next(seat for seat, held in enumerate(supplies) if len(held) < SUPPLY_SIZE)
        held = tuple(sorted((*supplies[seat], move.stone)))
        after = attrs.evolve(state, supplies=(*supplies[:seat], held, *supplies[seat + 1 :]))
    index_of(after)  # built now, as for every state the rules make
    return after
