"""AXIO's explicit chance (``new_game(chance="explicit")``): draws as steps of their own.

In an explicit game the bag is an unordered multiset (a sorted tuple) and
every tile drawn is a chance step: :attr:`State.draws` counts the draws
still owed to the rack of :attr:`State.seat`. The steps come in the order
of the table:

1. the deal (AXIO-6): six draws for seat 0, then six for seat 1, ... (one in solo);
2. after a turn's placements, the refill (AXIO-13): one draw per missing tile,
   as long as the bag has tiles; then the turn passes;
3. after :data:`SWAP` (AXIO-12): the remaining tiles are set aside (kept in
   :attr:`State.revealed`), the rack is refilled by draws from the bag, and
   then the set-aside tiles go back into the bag (the reshuffle: the bag has
   no order) and the turn passes;
4. in solo (AXIO-20), after each placement, one draw (the next tile), unless the bag is empty.

The steps themselves are the transition's (``_rules``): it stops where a seeded
game would draw, and goes on after the last draw. This module holds the chance
step only: its outcomes and their probabilities, applying one, and the pool.

An :data:`UNSEEN` draw adds an unidentified tile to the drawing seat's rack
(:attr:`State.unknown`); the tile stays in :attr:`State.bag`, which then
holds the *pool* (the real bag and every unidentified rack tile, one
multiset). Naming a tile at placement takes it from the pool.
"""

from __future__ import annotations

from fractions import Fraction

from tilegames._core.chance import uniform
from tilegames._core.checks import wrong_type
from tilegames.axio._model import A_STATE, AnyMove, Draw, State, Tile


def chance_outcomes(state: State) -> tuple[tuple[AnyMove, Fraction], ...]:
    """The draws chance may make now, each distinct tile once, with exact probabilities.

    ``()`` unless ``state`` is a chance step of an explicit game. The tile
    drawn is uniform over the bag: a tile with ``k`` copies among ``n`` has
    probability ``k/n``, in tile order (as ``legal_moves`` lists them). After
    unseen draws, the bag is the pool of unidentified tiles (the real bag and
    the unseen rack tiles): nothing tells them apart, so the next tile drawn
    is uniform over the pool. :data:`UNSEEN` is never listed here.

    >>> from tilegames.axio import new_game
    >>> state = new_game(players=2, seed=1, tiles=["RB"] * 9 + ["GG"] * 3, chance="explicit")
    >>> [(str(draw), p) for draw, p in chance_outcomes(state)]
    [('+RB', Fraction(3, 4)), ('+GG', Fraction(1, 4))]

    Arguments, result and errors as :attr:`tilegames.Rules.chance_outcomes`.
    """
    if type(state) is not State:
        wrong_type("axio.chance_outcomes", A_STATE, state)
    if not state.draws:  # a state with draws owed is never over: no test of the end
        return ()
    return tuple((Draw(tile), p) for tile, p in uniform(state.bag))


Racks = tuple[tuple[Tile, ...], ...]
"""Per seat, the tiles of its rack."""


def _without(pool: tuple[Tile, ...], tile: Tile) -> tuple[Tile, ...]:
    """The pool (a sorted multiset) less one copy of ``tile``."""
    left = list(pool)
    left.remove(tile)
    return tuple(left)


def _counted(state: State, seat: int, change: int) -> tuple[int, ...]:
    """The unseen tiles per seat, ``change`` added to ``seat``'s."""
    unknown = list(state.unknown or (0,) * len(state.racks))
    unknown[seat] += change
    return tuple(unknown)


def draw_outcome(state: State, move: AnyMove) -> tuple[Racks, tuple[Tile, ...], tuple[int, ...]]:
    """Apply a checked chance outcome: the racks, the bag and the unseen tiles after it.

    The tile drawn (or an unseen one) goes into the rack of the drawing seat,
    :attr:`State.seat`; a named tile leaves the bag, an unseen one stays in
    the pool.
    """
    seat, racks = state.seat, state.racks
    if type(move) is Draw:
        held = tuple(sorted((*racks[seat], move.tile)))
        racks = (*racks[:seat], held, *racks[seat + 1 :])
        return racks, _without(state.bag, move.tile), state.unknown
    return racks, state.bag, _counted(state, seat, 1)


def name_unseen(state: State, tile: Tile) -> tuple[tuple[Tile, ...], tuple[int, ...]]:
    """The bag and the unseen tiles once the seat to move names an unseen rack tile ``tile``.

    The tile leaves the pool, and the seat holds one unseen tile less.
    """
    return _without(state.bag, tile), _counted(state, state.seat, -1)
