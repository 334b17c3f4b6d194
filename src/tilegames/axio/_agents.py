"""For agents: a rating of moves, and states sampled from a view."""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from typing import Final

from tilegames._core import rng
from tilegames._core.checks import check_seat, wrong_type
from tilegames._core.rules import Seat
from tilegames._core.tracks import all_at, rate_points
from tilegames.axio._checks import check_set
from tilegames.axio._model import (
    A_STATE,
    COLOURS,
    EMPTY,
    FINAL,
    STAGES,
    TITLE,
    AnyMove,
    Decline,
    State,
    Tile,
    View,
    owner_of,
)
from tilegames.axio._moves import swap_offered
from tilegames.axio._rules import check_move, score_move
from tilegames.axio._tables import GEOMETRY

_BONUS_VALUE: Final = 6.0  # what a bonus placement (AXIO-11) is worth to evaluate
_DECLINE_VALUE: Final = -0.01
"""What declining a bonus placement (AXIO-11) rates: a little below any placement.

A placement never rates below 0 (points only add), and the smallest gain a point
brings is 1/36; a decline rates below every placement, so a one-move rating never
prefers it, and only a search that looks further (MCTS) may find it better."""


def evaluate(state: State, move: AnyMove, seat: Seat) -> float:
    """How good ``move`` looks for ``seat`` right now: points weighed towards the lowest colours.

    A player (a team) is ranked by the lowest colour first (AXIO-16), so a
    point counts for more on a low track: the rating is the fall, over the
    six colours, of the squared distance to the final cap (divided by it),
    the points capped as ``apply`` caps them, plus 6 for every colour that
    reaches a cap and earns a bonus placement (AXIO-11). A swap choice rates
    0. A chance outcome of an explicit game (a :class:`Draw` or :data:`UNSEEN`,
    legal only at a chance step) rates 0.0: it scores nothing, and agents
    never choose outcomes (chance does, by ``chance_outcomes``). Declining a
    bonus placement (:data:`DECLINE`) rates -0.01: a placement never rates
    below 0, so this rating never prefers a decline
    to a bonus placement (it rates no placement's drawbacks, such as lines
    opened for the opponents); the greedy agent never declines, and MCTS
    searches a decline only when it is among its ``width`` best-rated moves,
    and plays it only when its playouts find it better.

    Arguments, result and errors as :meth:`tilegames.Rules.evaluate`.

    >>> from tilegames.axio import legal_moves, new_game
    >>> state = new_game(seed=1)
    >>> max(evaluate(state, move, 0) for move in legal_moves(state)) > 0
    True
    """
    if type(state) is not State:
        wrong_type("axio.evaluate", A_STATE, state)
    check_move("axio.evaluate", move)
    check_seat(seat, len(state.racks))
    points = score_move(state, move)  # checks that the move is legal
    if type(move) is Decline:
        return _DECLINE_VALUE
    if not any(points):
        return 0.0
    mode = state.mode
    before = state.tracks[owner_of(mode, seat)]
    return rate_points(before, points, stages=STAGES[mode], bonus=_BONUS_VALUE)


def determinize(seen: View, stream: rng.Stream) -> State:
    """A state that ``seen`` cannot tell from the true one, the hidden tiles dealt at random.

    The board, tracks, turn, the seat's own rack and any revealed tiles are
    copied from the view. The other tiles of the game's set (the one the view
    carries, AXIO-2) are split at random between the board and the rest: the
    board keeps colours, not which two cells made a tile, so the board's
    share is a random set of tiles whose colours add up to the placed hexes
    exactly. The rest is dealt to the other racks and the bag in the sizes
    the view shows, the revealed tiles of a swap in the bag (they went back,
    AXIO-12); while another seat decides on a swap, its rack shows none of
    its lowest colours, as the offer tells everyone. The seed of a later
    reshuffle is drawn too.

    An explicit view (``seen.explicit``) gives an explicit state with the
    view's ``draws`` and ``unknown``: while a draw is due (``to_move`` is
    ``(CHANCE,)``) the drawing seat is :attr:`View.drawer`. Each other rack
    gets its known tiles (its size less its unidentified ones) and the bag
    holds the pool: the real bag and every unidentified rack tile, sorted
    (an explicit bag has no order). During a swap's draws the revealed tiles
    are set aside, out of the bag, as in the true state.

    Arguments, result and errors as :meth:`tilegames.Rules.determinize`.

    >>> from tilegames.axio import new_game, view
    >>> state = new_game(players=3, seed=4)
    >>> sample = determinize(view(state, 1), rng.Stream(2))
    >>> view(sample, 1) == view(state, 1)
    True
    """
    if type(seen) is not View:
        wrong_type("axio.determinize", f"an {TITLE} View", seen)
    if not isinstance(stream, rng.Stream):
        wrong_type("axio.determinize", "a tilegames Stream", stream)
    the_set = check_set("View.tiles", seen.tiles)
    pool = list(the_set)
    for tile in (*seen.rack, *seen.revealed):
        if tile in pool:
            pool.remove(tile)
    needed = [0] * len(COLOURS)
    initial = GEOMETRY[len(seen.cells)].initial_cells
    for colour, printed in zip(seen.cells, initial, strict=True):
        if colour != EMPTY and printed == EMPTY:
            needed[colour] += 1
    for tile in _board_share(pool, needed, stream):
        pool.remove(tile)
    if seen.explicit:
        return _determinize_explicit(seen, pool, stream, the_set)
    mover = seen.to_move[0] if seen.to_move else _last_mover(seen)
    racks, rest = _deal(seen, pool, mover, stream, the_set)
    return _dealt(seen, racks, tuple(stream.shuffled([*rest, *seen.revealed])), mover, stream)


def _determinize_explicit(
    seen: View, pool: list[Tile], stream: rng.Stream, the_set: Sequence[Tile]
) -> State:
    """The explicit state of :func:`determinize`: chance steps and unidentified tiles kept."""
    mover = seen.to_move[0] if seen.to_move else _last_mover(seen)
    if seen.draws:  # chance is to move: the seat that draws
        mover = seen.drawer
    aside = bool(seen.draws and seen.revealed)  # a swap's draws: the tiles are set aside
    racks, rest = _deal(seen, pool, mover, stream, the_set, aside=aside)
    back = () if aside else seen.revealed
    return _dealt(seen, racks, tuple(sorted([*rest, *back])), mover, stream, explicit=True)


def _dealt(
    seen: View,
    racks: tuple[tuple[Tile, ...], ...],
    bag: tuple[Tile, ...],
    mover: Seat,
    stream: rng.Stream,
    *,
    explicit: bool = False,
) -> State:
    """The state of :func:`determinize`: what ``seen`` shows, with ``racks`` and ``bag`` dealt.

    An ``explicit`` state keeps the view's pending draws and unidentified tiles.
    """
    return State(
        mode=seen.mode,
        cells=seen.cells,
        tracks=seen.tracks,
        racks=racks,
        bag=bag,
        seat=mover,
        turn=seen.turn,
        bonuses=seen.bonuses,
        deciding=seen.deciding,
        revealed=seen.revealed,
        seed=stream.randbelow(1 << rng.SEED_BITS),
        tiles=seen.tiles,
        explicit=explicit,
        draws=seen.draws if explicit else 0,
        unknown=seen.unknown if explicit else (),
    )


def _last_mover(seen: View) -> Seat:
    """The seat that moved last in a finished game, as far as the view can tell.

    A seat (or team) that got every colour to the end of the track won at
    once, so it moved last (AXIO-14): for a team, the view's seat when on
    that team, else the team's first seat. Otherwise any seat could have
    ended the game (AXIO-15), and the view's own seat is kept.
    """
    final = FINAL[seen.mode]
    mine = 0 if seen.seat is None else seen.seat  # the public view: seat 0's side
    for owner, track in enumerate(seen.tracks):
        if all_at(track, final):
            return mine if owner_of(seen.mode, mine) == owner else owner
    return mine


def _deal(
    seen: View,
    pool: list[Tile],
    mover: Seat,
    stream: rng.Stream,
    the_set: Sequence[Tile],
    *,
    aside: bool = False,
) -> tuple[tuple[tuple[Tile, ...], ...], list[Tile]]:
    """The other seats' racks dealt from ``pool``, and the tiles left for the bag.

    The pool is shuffled and dealt in seat order. While another seat decides
    on a swap, everyone knows its rack shows none of its lowest colours
    (AXIO-12): that rack takes the first tiles of the shuffled pool that show
    none, which is a uniform draw among such tiles, as the offer conditions
    the deal. In an explicit view a rack gets its known tiles only (its
    unidentified ones stay in the rest, the pool); the revealed tiles are in
    the bag unless set ``aside`` (a swap's draws), and then not among the
    hidden tiles.
    """
    hidden = sum(seen.rack_sizes) - len(seen.rack) + seen.bag_size
    if not aside:
        hidden -= len(seen.revealed)
    unknown = seen.unknown or (0,) * len(seen.rack_sizes)
    rest = list(stream.shuffled(pool))
    del rest[hidden:]
    while len(rest) < hidden:  # a view that does not add up: guessed from the set
        rest.append(stream.choice(the_set))
    racks = [seen.rack] * len(seen.rack_sizes)
    if seen.deciding and mover != seen.seat:
        size = seen.rack_sizes[mover] - unknown[mover]
        track = seen.tracks[owner_of(seen.mode, mover)]
        shown = [i for i, tile in enumerate(rest) if swap_offered(track, (tile,))][:size]
        if len(shown) < size:  # a view that does not add up: the first tiles
            shown = list(range(size))
        racks[mover] = tuple(sorted(rest[i] for i in shown))
        for i in reversed(shown):
            del rest[i]
    for seat in range(len(seen.rack_sizes)):
        if seat != seen.seat and not (seen.deciding and seat == mover):
            size = seen.rack_sizes[seat] - unknown[seat]
            racks[seat] = tuple(sorted(rest[:size]))
            del rest[:size]
    return tuple(racks), rest


_SHARES: Final = 8
"""The board's shares a position's samples choose from (see :func:`_board_share`)."""
_SHARES_KEPT: Final = 64
"""Positions whose shares are kept, at most (the memo starts afresh past them)."""
_shares: dict[tuple[tuple[Tile, ...], tuple[int, ...]], list[tuple[Tile, ...] | None]] = {}


def _board_share(pool: list[Tile], needed: list[int], stream: rng.Stream) -> list[Tile]:
    """One of :data:`_SHARES` random board shares of the position, chosen with ``stream``.

    Share ``i`` is :func:`_board_tiles` from a stream seeded by the position
    itself (the pool and the hexes needed) and ``i``, so it depends on
    nothing else and is searched for once: a search that samples a position
    hundreds of times pays for at most :data:`_SHARES` board searches, and
    ``determinize`` stays a function of its view and stream alone.
    """
    key = (tuple(pool), tuple(needed))
    shares = _shares.get(key)
    if shares is None:
        if len(_shares) >= _SHARES_KEPT:
            _shares.clear()
        shares = _shares[key] = [None] * _SHARES
    index = stream.randbelow(_SHARES)
    share = shares[index]
    if share is None:
        seed = zlib.crc32(repr((key, index)).encode())
        share = shares[index] = tuple(_board_tiles(pool, needed, rng.Stream(seed)))
    return list(share)


_ATTEMPT_NODES: Final = 4_000
"""Search nodes one random attempt of :func:`_board_tiles` may visit before it starts afresh."""
_ATTEMPTS: Final = 12
"""Random attempts before the last one, which runs to its end."""


class _ExhaustedError(Exception):
    """An attempt of :func:`_board_tiles` used up its nodes."""


def _board_tiles(pool: Sequence[Tile], needed: Sequence[int], stream: rng.Stream) -> list[Tile]:
    """A random multiset of tiles from ``pool`` whose colours add up to ``needed`` exactly.

    A depth-first search that decides, kind by kind in a random order, how
    many tiles of that kind lie on the board (the counts tried in a random
    order too). It tries only the counts that leave each of the kind's two
    colours no more hexes to find than the kinds after it could supply (so
    a count the later kinds force is not searched for), and remembers the
    (kind, hexes needed) pairs that have no answer. An unlucky order can
    make such a search long, so an attempt that visits more than
    :data:`_ATTEMPT_NODES` nodes starts afresh
    in a new random order; after :data:`_ATTEMPTS` such attempts the last
    one, with the kinds tried fewest first, runs to its end. The true board is
    one answer, so for the carried set an answer exists; for a set that has
    none, no tile is put on the board.
    """
    counts: dict[Tile, int] = {}
    for tile in pool:
        counts[tile] = counts.get(tile, 0) + 1
    for _ in range(_ATTEMPTS):
        try:
            return _board_attempt(counts, needed, stream.shuffled(sorted(counts)), stream, True)
        except _ExhaustedError:
            continue
    rarest = sorted(counts, key=lambda tile: (counts[tile], tile))
    return _board_attempt(counts, needed, rarest, stream, False)


def _board_attempt(
    counts: dict[Tile, int],
    needed: Sequence[int],
    kinds: Sequence[Tile],
    stream: rng.Stream,
    limited: bool,
) -> list[Tile]:
    """One search of :func:`_board_tiles` over the kinds in the given order."""
    colours = len(needed)
    # supply[i][c]: the hexes of colour c that kinds i, i + 1, ... could give at most
    supply = [[0] * colours for _ in range(len(kinds) + 1)]
    for i in range(len(kinds) - 1, -1, -1):
        supply[i] = list(supply[i + 1])
        for colour in kinds[i]:
            supply[i][colour] += counts[kinds[i]]
    need = list(needed)
    chosen: list[Tile] = []
    failed: set[tuple[int, tuple[int, ...]]] = set()  # (kind, hexes still needed) with no answer
    nodes = [0]
    last = len(kinds)

    def search(i: int) -> bool:
        if not any(need):
            return True
        if i == last:
            return False
        key = (i, tuple(need))
        if key in failed:  # each (kind, need) is searched once
            return False
        nodes[0] += 1
        if limited and nodes[0] > _ATTEMPT_NODES:
            raise _ExhaustedError
        tile = kinds[i]
        first, second = tile
        rest = supply[i + 1]  # what the kinds after this one can still give
        # The tiles of this kind to take: at most what is left of it and what its colours
        # still need, at least what the later kinds cannot give (the bounds of every later
        # step, checked here once, so that a forced count is not searched for).
        if first == second:
            low = max(0, need[first] - rest[first] + 1) // 2
            high = min(counts[tile], need[first] // 2)
        else:
            low = max(0, need[first] - rest[first], need[second] - rest[second])
            high = min(counts[tile], need[first], need[second])
        if low < high:
            takes: Sequence[int] = stream.shuffled(range(low, high + 1))
        elif low == high:
            takes = (low,)
        else:
            takes = ()
        for take in takes:
            need[first] -= take
            need[second] -= take
            chosen.extend([tile] * take)
            if search(i + 1):
                return True
            del chosen[len(chosen) - take :]
            need[first] += take
            need[second] += take
        failed.add(key)
        return False

    # Every colour's need within what all the kinds can give: each step keeps its two
    # colours within what the later kinds can give, and leaves the others alone.
    if all(n <= a for n, a in zip(need, supply[0], strict=True)):
        search(0)
    return chosen
