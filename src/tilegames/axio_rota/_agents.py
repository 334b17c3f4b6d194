"""For agents: AXIO Rota's rating of moves, and states sampled from a view."""

from __future__ import annotations

from typing import Final

from tilegames._core import checks, rng, tracks
from tilegames._core.memo import LastOf
from tilegames._core.rules import Seat
from tilegames.axio_rota._checks import check_state, wrong_move, wrong_state
from tilegames.axio_rota._explicit import dealt_in_order, explicit_state
from tilegames.axio_rota._model import (
    STAGES,
    STANDARD_TILES,
    TITLE,
    AnyMove,
    Board,
    Draw,
    Place,
    Reveal,
    State,
    Tile,
    Unseen,
    View,
)
from tilegames.axio_rota._moves import index_of, mover_of
from tilegames.axio_rota._rules import score_move
from tilegames.axio_rota._tables import canonical

_EXTRA_TURN_BONUS = 4.0  # what a colour reaching 12 is worth: it earns an extra turn


def evaluate(state: State, move: AnyMove, seat: Seat) -> float:
    """How good ``move`` looks for ``seat`` right now: points weighed towards the lowest colours.

    A player is ranked by the lowest colour first (ROTA-19), so a point counts
    for more on a low track: the rating is the fall, over the five colours, of
    the squared distance to 12 (divided by 12), plus 4 for every colour the
    move brings to 12 (each earns an extra turn, ROTA-15); see
    :func:`tilegames._core.tracks.rate_points`. A :class:`Reveal` is rated
    as its placement; chance's outcomes (:class:`Draw`, :data:`UNSEEN`) are
    rated 0.0.

    Arguments, result and errors as :meth:`tilegames.Rules.evaluate`.

    >>> from tilegames.axio_rota import legal_moves, new_game
    >>> state = new_game(seed=1)
    >>> move = legal_moves(state)[0]
    >>> evaluate(state, move, 0) >= 0
    True
    """
    if type(state) is not State:
        wrong_state("evaluate", state)
    if type(move) not in (Place, Draw, Unseen, Reveal):
        wrong_move("evaluate", move)
    points = score_move(state, move)
    if type(move) is Draw or type(move) is Unseen:
        checks.check_seat(seat, len(state.tracks))
        return 0.0
    before = state.tracks[checks.check_seat(seat, len(state.tracks))]
    return tracks.rate_points(before, points, stages=STAGES, bonus=_EXTRA_TURN_BONUS)


def _holds_tile(seen: View, seat: Seat) -> bool:
    """Whether ``seat`` holds a hand tile, worked out from what ``seen`` shows.

    A seat draws a new tile at the end of each turn while its stack lasts
    (ROTA-16); seats take turns in order from seat 0, so a seat with an empty
    stack still holds its last tile until its turn in the final round comes.
    """
    if seat == seen.seat:
        return seen.hand is not None
    sizes = seen.stack_sizes
    current = mover_of(seen)
    if current is None:  # every tile used up (ROTA-18)
        return False
    if not seen.to_move:  # the winner placed last and drew no more (ROTA-17)
        if seat == current:
            return False
    elif seat == current:
        return seen.extra_tile is None
    if sizes[seat] > 0:
        return True
    return seat > current or any(size > 0 for size in sizes)


def _unseen(seen: View, the_set: tuple[Tile, ...]) -> list[Tile]:
    """The tiles of the set that ``seen`` does not show, in the set's order."""
    unseen: dict[Tile, list[Tile]] = {}
    for tile in the_set:
        unseen.setdefault(canonical(tile), []).append(tile)
    visible = [corners for _, corners in seen.display]
    visible += [tile for tile in (seen.hand, seen.extra_tile) if tile is not None]
    for tile in visible:
        copies = unseen.get(canonical(tile))
        if copies:
            copies.pop()
    return [tile for copies in unseen.values() for tile in copies]


def determinize(seen: View, stream: rng.Stream) -> State:
    """A state that ``seen`` cannot tell from the true one, the hidden tiles dealt at random.

    The display, tracks, turn, set and the seat's own hand are copied from
    the view; the tiles it has not seen (the game's set, :attr:`View.tiles`
    or the standard set of ROTA-3, less those on the display, in its hand and
    drawn for an extra turn) are shuffled from ``stream`` and dealt to the
    other seats' hands, the stacks and the supply in the sizes the view
    shows. A view of an explicit game gives an explicit state: the hands
    the view does not show (:attr:`View.unseen`) are drawn from
    :attr:`View.pool` with ``stream``, the rest stays unidentified in the
    state's pool, face down for chance to turn up (so does the seat's own
    hand if it was drawn unseen).

    Arguments, result and errors as :meth:`tilegames.Rules.determinize`.

    >>> from tilegames.axio_rota import new_game, view
    >>> state = new_game(players=2, seed=4)
    >>> sample = determinize(view(state, 0), rng.Stream(1))
    >>> view(sample, 0) == view(state, 0)
    True
    """
    if type(seen) is not View:
        checks.wrong_type("axio_rota.determinize", f"an {TITLE} View", seen)
    if not isinstance(stream, rng.Stream):
        checks.wrong_type("axio_rota.determinize", "a tilegames.rng.Stream", stream)
    if seen.explicit:
        return explicit_state(seen, stream)
    the_set = STANDARD_TILES if seen.tiles is None else seen.tiles
    holders = [s for s in range(len(seen.tracks)) if s != seen.seat and _holds_tile(seen, s)]
    needed = sum(seen.stack_sizes) + seen.supply_size + len(holders)
    pool = list(stream.shuffled(_unseen(seen, the_set)))
    filled = len(pool) < needed
    while len(pool) < needed:  # a view of a larger set than it carries (an old document)
        pool.append(stream.choice(the_set))
    mover = mover_of(seen)
    hands: list[Tile | None] = [None] * len(seen.tracks)
    if seen.seat is not None:
        hands[seen.seat] = seen.hand
    for seat in holders:
        hands[seat] = pool.pop()
    stacks, rest = dealt_in_order(pool, seen.stack_sizes)
    state = State(
        display=seen.display,
        tracks=seen.tracks,
        hands=tuple(hands),
        stacks=stacks,
        supply=rest[: seen.supply_size],
        seat=(seen.seat or 0) if mover is None else mover,
        extra_tile=seen.extra_tile,
        extra_turns=seen.extra_turns,
        tiles=seen.tiles,
    )
    # A search samples one view many times. The samples deal the same unseen tiles in
    # another order, so the first is checked as any state the rules index and the rest
    # share its display's index (a Board never changes); a view whose set falls short,
    # filled up at random, has each sample checked.
    board = None if filled else _last_index.get(seen)
    if board is not None:
        object.__setattr__(state, "_index", board)
    else:
        check_state(state)
        _last_index.put(seen, index_of(state))
    return state


_last_index: Final = LastOf[View, Board]()
"""The last view sampled and the display index of its samples (see :func:`determinize`)."""
