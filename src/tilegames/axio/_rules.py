"""AXIO's rules: setup, reading a state, checking, scoring and applying a move, the result."""

from __future__ import annotations

from bisect import insort
from collections.abc import Iterable, Mapping, Sequence
from typing import cast

from tilegames._core import rng
from tilegames._core.chance import CHANCE, EXPLICIT, chance_mode
from tilegames._core.checks import bounded_set, check_players, check_seat, shown, wrong_type
from tilegames._core.errors import ConfigurationError
from tilegames._core.refusal import Refusal, explain
from tilegames._core.rules import Outcome, Seat
from tilegames._core.tracks import all_at, lowest_colour_outcome
from tilegames.axio._explicit import Racks, draw_outcome, name_unseen
from tilegames.axio._model import (
    A_MOVE,
    A_POSITION,
    A_STATE,
    AREA_RADIUS,
    EMPTY,
    FINAL,
    LISTED,
    MAX_TILES,
    MODES,
    MOVE_TYPES,
    NAME,
    NO_POINTS,
    RACK,
    RACK_SIZE,
    SEATS,
    SOLO,
    STANDARD,
    STANDARD_TILES,
    TEAM,
    TITLE,
    AnyMove,
    Colour,
    Decline,
    Index,
    PairIndex,
    Points,
    State,
    SwapChoice,
    Tile,
    View,
    owner_of,
    seats_problem,
    set_slot,
)
from tilegames.axio._moves import (
    LegalMoves,
    Placed,
    checked_move,
    index_of,
    line_points,
    refusal_error,
    scored_tracks,
    sizes_of,
    swap_offered,
)
from tilegames.axio._notation import carried_set, check_tiles
from tilegames.axio._tables import GEOMETRY, GEOMETRY_BY_RADIUS, TILE_OF
from tilegames.axio._validate import check_hand_made
from tilegames.geometry.hexagon import Hex

# ---------------------------------------------------------------------------
# Setup (AXIO-3 .. AXIO-6)
# ---------------------------------------------------------------------------


def new_game(
    players: int | None = None,
    *,
    seed: int | None = None,
    mode: str | None = None,
    tiles: Iterable[Tile | str] | None = None,
    chance: str = "seeded",
) -> State:
    """Start a game: shuffle the bag and fill the racks (AXIO-3 .. AXIO-6).

    The shuffled bag is dealt in order: 6 tiles to each seat's rack in seat
    order (1 in solo), the rest stay in the bag. Seat 0 starts. The state
    carries its mode and, when it is not the standard one, its set.

    >>> state = new_game(players=3, seed=1)
    >>> rack_sizes(state), bag_size(state), len(playing_area(state))
    ((6, 6, 6), 102, 127)
    >>> new_game(mode="team", seed=1).mode, new_game(players=1, seed=1).mode
    ('team', 'solo')

    Args:
        players: the number of seats: 2 to 4 in the standard game (2 by
            default), 4 in a team game, 1 in solo. ``None`` takes the mode's
            default.
        seed: the shuffle's seed; ``None`` draws a fresh one.
        mode: ``"standard"``, ``"team"`` or ``"solo"``; ``None`` means solo for
            one player and standard otherwise.
        tiles: a custom set instead of ``STANDARD_TILES``: each tile two
            colours 0..5 (in either order) or a string such as ``"RB"`` (see
            ``parse_tile``); enough to fill every rack.
        chance: ``"explicit"``: every draw is a chance step of its own, the
            deal first (see ``chance_outcomes``), so the game starts before the
            deal's first draw (``to_move`` is ``(CHANCE,)``); the seed is only
            kept in the state.

    Result and errors as :meth:`tilegames.Rules.new_game`.

    .. versionchanged:: 0.1.0 the ``chance`` option.
    """
    explicit = chance_mode(chance) == EXPLICIT
    chosen_mode, count = _check_setup(players, mode)
    size = RACK[chosen_mode]
    chosen = STANDARD_TILES if tiles is None else check_tiles(_given_set(tiles), count * size)
    if explicit:  # the bag has no order; nothing is drawn from the seed: kept as given (0 when
        # none), so a game replays exactly
        bag, carried = tuple(sorted(chosen)), rng.normalize_seed(0 if seed is None else seed)
    else:
        bag, carried = rng.shuffled(rng.normalize_seed(seed), chosen)
    geometry = GEOMETRY_BY_RADIUS[AREA_RADIUS[count]]
    owners = 2 if chosen_mode == TEAM else count
    state = State(
        mode=chosen_mode,
        cells=geometry.initial_cells,
        tracks=(NO_POINTS,) * owners,
        racks=((),) * count,
        bag=bag,
        seat=0,
        seed=carried,
        tiles=None if tiles is None else carried_set(chosen),
        explicit=explicit,
        draws=size,
    )
    set_slot(state, "_index", (geometry.initial_empty, False))
    return _draw(state)  # the deal (AXIO-6), seat by seat


def _given_set(tiles: object) -> tuple[Tile | str, ...]:
    """The ``tiles`` option as a tuple, read no further than one tile past the largest set.

    Reading stops there so that an endless iterable is refused by the size
    check instead of filling memory.
    """
    return tuple(bounded_set("tiles", tiles, MAX_TILES, "('RB', (0, 2))"))


def _check_setup(players: object, mode: object) -> tuple[str, int]:
    if mode is not None and mode not in MODES:
        msg = f"mode must be one of {', '.join(map(repr, MODES))} or None, not {shown(mode)}"
        raise ConfigurationError(msg)
    count: int | None = None
    if players is not None:
        count = check_players(TITLE, players, 1, 4)
    chosen = str(mode) if mode is not None else SOLO if count == 1 else STANDARD
    if count is None:
        count = SEATS[chosen][0]
    problem = seats_problem(chosen, count)
    if problem:
        raise ConfigurationError(problem)
    return chosen, count


# ---------------------------------------------------------------------------
# Reading a state
# ---------------------------------------------------------------------------


def players(state: State) -> int:
    """The number of seats."""
    if type(state) is not State:
        wrong_type("axio.players", A_STATE, state)
    return len(state.racks)


def is_over(state: State) -> bool:
    """Whether the game has ended (AXIO-14, AXIO-15, AXIO-21).

    It has ended when no two adjacent empty cells remain, when no player holds
    a tile, or when a player (team) has every track at the final cap.
    """
    if type(state) is not State:
        wrong_type("axio.is_over", A_STATE, state)
    index = state._index or index_of(check_hand_made(state))  # one not made by the rules
    return index[1]


def to_move(state: State) -> tuple[Seat, ...]:
    """The seat that may move, as a 1-tuple, or ``()`` once the game is over (AXIO-6).

    At a chance step of an explicit game (a draw is due), ``(CHANCE,)``.
    """
    if type(state) is not State:
        wrong_type("axio.to_move", A_STATE, state)
    return () if is_over(state) else (CHANCE,) if state.draws else (state.seat,)


def _check_position(function: str, position: object) -> None:
    if type(position) is not State and type(position) is not View:
        wrong_type(function, A_POSITION, position)


def scores(state: State | View) -> tuple[Points, ...]:
    """Per seat, its six tracks in ``COLOURS`` order (partners show their team's)."""
    _check_position("axio.scores", state)
    if state.mode != TEAM:
        return state.tracks
    team_a, team_b = state.tracks
    return team_a, team_b, team_a, team_b


def rack(state: State, seat: Seat) -> tuple[Tile, ...]:
    """The tiles in a seat's rack, sorted (private to that seat, AXIO-22).

    Raises:
        SeatError: if the seat is not in the game (a ``ValueError``).
    """
    if type(state) is not State:
        wrong_type("axio.rack", A_STATE, state)
    return state.racks[check_seat(seat, len(state.racks))]


def rack_sizes(state: State) -> tuple[int, ...]:
    """Per seat, the number of tiles in its rack (public, AXIO-22)."""
    if type(state) is not State:
        wrong_type("axio.rack_sizes", A_STATE, state)
    return tuple(sizes_of(state.racks, state.unknown))


def bag_size(state: State) -> int:
    """The number of tiles left in the bag (public, AXIO-22)."""
    if type(state) is not State:
        wrong_type("axio.bag_size", A_STATE, state)
    return len(state.bag) - sum(state.unknown)


def playing_area(state: State | View) -> tuple[Hex, ...]:
    """The cells of the playing area (AXIO-3) in reading order: cell number ``i`` is entry ``i``.

    >>> area = playing_area(new_game(players=2, seed=0))
    >>> len(area), area[0], area[-1]
    (91, (0, -5), (0, 5))
    """
    _check_position("axio.playing_area", state)
    return GEOMETRY[len(state.cells)].area.cells


def board(state: State | View) -> Mapping[Hex, Colour]:
    """Every coloured cell, start cells included, by ``(q, r)``: its colour (AXIO-1 order).

    >>> sorted(board(new_game(seed=3)).items())[:2]
    [((-5, 0), 3), ((-5, 5), 4)]
    """
    _check_position("axio.board", state)
    cells = GEOMETRY[len(state.cells)].area.cells
    return {cells[i]: colour for i, colour in enumerate(state.cells) if colour != EMPTY}


def solo_score(points: Sequence[int]) -> int:
    """The solo score (AXIO-21): the three lowest tracks, lowest first, two digits each.

    >>> solo_score((14, 30, 12, 18, 36, 20)), solo_score((5, 12, 14, 20, 20, 20))
    (121418, 51214)

    Raises:
        WrongTypeError: if ``points`` is not a tuple or list of ints.
    """
    if type(points) not in (tuple, list) or not all(type(p) is int for p in points):
        wrong_type("axio.solo_score", "a tuple of ints (one per colour)", points)
    low, middle, high = sorted(points)[:3]
    return low * 10_000 + middle * 100 + high


def view(state: State, seat: Seat | None) -> View:
    """What ``seat`` may see (AXIO-22): the state without hidden parts.

    ``seat=None`` gives the public view, an onlooker's: no rack's tiles at
    all (:attr:`View.rack` is empty), only their numbers.

    In an explicit game the view shows that chance is to move
    (``to_move == (CHANCE,)``), the draws due and how many unseen tiles each
    rack holds, and only this seat's own tiles: never another seat's draws.

    Arguments, result and errors as :meth:`tilegames.Rules.view`.
    """
    if type(state) is not State:
        wrong_type("axio.view", A_STATE, state)
    racks = state.racks
    if seat is not None and (type(seat) is not int or not 0 <= seat < len(racks)):
        check_seat(seat, len(racks), public=True)  # raises
    unknown, draws = state.unknown, state.draws
    # to_move and rack_sizes, inline: a view is made at every step of a learning environment
    moving = () if is_over(state) else (CHANCE,) if draws else (state.seat,)
    if unknown:  # explicit games with unseen draws
        sizes = tuple(len(held) + hidden for held, hidden in zip(racks, unknown, strict=False))
    else:
        sizes = tuple(map(len, racks))
    return View(  # positional, in field order (tests/axio check the order): faster
        seat,
        state.mode,
        moving,
        state.cells,
        state.tracks,
        () if seat is None else racks[seat],
        sizes,
        len(state.bag) - sum(unknown),
        state.turn,
        state.bonuses,
        state.deciding,
        state.revealed,
        state.tiles,
        state.explicit,
        draws,
        state.seat if draws else 0,
        unknown,
    )


# ---------------------------------------------------------------------------
# The legal moves
# ---------------------------------------------------------------------------


def legal_moves(state: State) -> LegalMoves:
    """Every legal move of the seat to move, in the stable order of :class:`LegalMoves`.

    Empty once the game is over. Each distinct placement is listed once: two
    identical tiles in a rack give the same moves, and a double is not listed
    turned round. While a bonus placement is owed, :data:`DECLINE` comes last,
    after the bonus placements (AXIO-11).

    >>> from tilegames.axio import new_game
    >>> state = new_game(seed=5, tiles=["RB"] * 12)
    >>> moves = legal_moves(state)
    >>> len(moves)     # 54 pairs next to the six start cells (AXIO-8), 2 ways round
    108
    >>> str(moves[0]), str(moves[1])
    ('R1,-5/B2,-5', 'B1,-5/R2,-5')

    Arguments, result and errors as :meth:`tilegames.Rules.legal_moves`.
    """
    if type(state) is State and state._index is None:  # a state not made by the rules
        check_hand_made(state)
    return LegalMoves(state)


def why_illegal(state: State, move: AnyMove) -> str | None:
    """``None`` if ``move`` is legal, else the reason in words with the rule id.

    >>> from tilegames.axio import Place, new_game
    >>> state = new_game(seed=1)
    >>> why_illegal(state, Place(((0, 0), (2, 0)), (0, 0)))
    'cells (0, 0) and (2, 0) are not adjacent (AXIO-7)'

    Arguments, result and errors as :meth:`tilegames.Rules.why_illegal`.
    """
    _check_arguments("axio.why_illegal", state, move)
    try:
        checked_move(state, move)
    except Refusal as refusal:
        return explain(refusal)
    return None


def _check_arguments(function: str, state: State, move: object) -> None:
    """Entry checks off the hot path: a State (checked if the rules did not make it), a move."""
    if type(state) is not State or type(move) not in MOVE_TYPES:
        _wrong_arguments(function, state, move)
    if state._index is None:  # a state not made by the rules
        check_hand_made(state)


def _checked(function: str, state: State, move: AnyMove) -> Placed | None:
    """Check a move up front, as ``checked_move`` does; an illegal one raises the public error.

    The arguments' kinds first, then a hand-made state, then the rules.
    """
    _check_arguments(function, state, move)
    try:
        return checked_move(state, move)
    except Refusal as refusal:
        raise refusal_error(state, move, refusal) from None


def _wrong_arguments(function: str, state: object, move: object) -> None:
    """Raise the WrongTypeError for whichever of a state and a move is of the wrong kind."""
    if type(state) is not State:
        wrong_type(function, A_STATE, state)
    wrong_type(function, A_MOVE, move, move=True)


def check_move(function: str, move: object) -> None:
    """Refuse a value that is not an AXIO move, pointing a string at ``parse_move``."""
    if type(move) not in MOVE_TYPES:
        wrong_type(function, A_MOVE, move, move=True)


# ---------------------------------------------------------------------------
# Scoring and applying a move
# ---------------------------------------------------------------------------


def score_move(state: State, move: AnyMove) -> Points:
    """The points per colour the move would score (AXIO-9), before the caps of AXIO-10.

    A swap choice and a decline score nothing.

    Arguments, result and errors as :meth:`tilegames.Rules.score_move`.
    """
    listed = LISTED.last
    if listed is not None and listed[1] is move and listed[0] is state and not state.explicit:
        # the very placement that legal_moves(state) built: legal, as in apply
        pair = listed[2]
        first, second = move.colours
    else:
        placed = _checked("axio.score_move", state, move)
        if placed is None:
            return NO_POINTS
        pair, first, second = placed
    rays_first, rays_second = GEOMETRY[len(state.cells)].rays[pair]
    points = [0, 0, 0, 0, 0, 0]
    points[first] += line_points(state.cells, rays_first, first)
    points[second] += line_points(state.cells, rays_second, second)
    return cast(Points, tuple(points))


def apply(state: State, move: AnyMove) -> State:
    """Play a move: place and score (AXIO-7 .. AXIO-11), decline a bonus, or choose to swap.

    In an explicit game, also a chance outcome at a chance step: a
    :class:`Draw` or :data:`UNSEEN`; the rack is then refilled by such steps.

    After a placement the points go to the mover's (team's) tracks, capped
    (AXIO-10, AXIO-18); each colour reaching a stage owes a bonus placement,
    made at once from the same rack or declined (AXIO-11): :data:`DECLINE`
    forfeits one owed placement. When the placements end (the last bonus
    placed or declined), the returned state asks the seat to swap or keep if
    AXIO-12 offers a swap; otherwise the rack is refilled (AXIO-13) and the
    turn passes to the next seat holding a tile. In solo the tile drawn for a
    declined bonus stays in the rack: it is the next turn's tile. The game
    ends as AXIO-14, AXIO-15 and AXIO-21 say.

    Arguments, result and errors as :meth:`tilegames.Rules.apply`.
    """
    listed = LISTED.last
    if listed is None or listed[1] is not move or listed[0] is not state:
        placed = _checked("axio.apply", state, move)
        if placed is None:  # a chance outcome, a decline or a swap choice
            if state.draws:  # a chance step of an explicit game: the tile drawn, then what follows
                racks, bag, unknown = draw_outcome(state, move)
                return _after_draw(state, racks, bag, unknown, state.draws - 1)
            if type(move) is Decline:
                return _decline(state)
            return _choose(state, cast(SwapChoice, move).swap)
        pair, first, second = placed
    else:  # the very placement that legal_moves(state) built: legal by construction, so its
        # check is skipped (the move is frozen; its pair was remembered; the state has its index)
        pair = listed[2]
        first, second = move.colours
    return _place(state, cast(Index, state._index)[0], pair, first, second)


def _place(state: State, empty: int, pair: PairIndex, first: Colour, second: Colour) -> State:
    """Apply a checked placement of ``first`` and ``second`` on the cells of ``pair``.

    ``empty`` is the state's set of empty pairs (from its index).
    """
    cells = state.cells
    geometry = GEOMETRY[len(cells)]
    # AXIO-9: five rays per hex, counted on the board before the tile (the twin is never on
    # them), only for a hex with a neighbour of its colour (most have none: one call to see
    # it, instead of five rays).
    near_first, near_second = geometry.near[pair]
    rays_first, rays_second = geometry.rays[pair]
    gained_first = line_points(cells, rays_first, first) if first in near_first(cells) else 0
    gained_second = line_points(cells, rays_second, second) if second in near_second(cells) else 0
    mode, seat = state.mode, state.seat
    owner = seat % 2 if mode == TEAM else seat  # owner_of, inline
    all_tracks, reached = state.tracks, 0
    if gained_first or gained_second:
        all_tracks, reached = scored_tracks(
            all_tracks, owner, first, gained_first, second, gained_second, mode
        )
    a, b = geometry.pair_cells[pair]
    filled = list(cells)
    filled[a] = first
    filled[b] = second
    empty &= geometry.pair_keeps[pair]
    held = list(state.racks[seat])
    cells, bag = tuple(filled), state.bag
    tile = TILE_OF[first, second]
    try:
        held.remove(tile)
    except ValueError:  # explicit games: named from an unseen rack tile, it leaves the pool
        return _after_placement(state, cells, all_tracks, owner, held, empty, reached, tile)
    if reached or state.bonuses > 1 or not empty or state.explicit:
        return _after_placement(state, cells, all_tracks, owner, held, empty, reached)
    # The usual cases of a seeded game: the turn's placements are over and no stage was
    # reached, so the game goes on; _after_placement's solo case or its last two cases,
    # with the draws of _draw, inline: calls less.
    if mode == SOLO:  # AXIO-20: draw the next turn's tile; an empty bag ends the game
        over = not bag
        racks: tuple[tuple[Tile, ...], ...] = (bag[:1],)
        bag = bag[1:]
        turn = state.turn + (not over)
        after = State(  # positional, in field order (tests/axio check the order): faster
            mode, cells, all_tracks, racks, bag, seat, turn, 0, False, (), state.seed, state.tiles
        )
        set_slot(after, "_index", (empty, over))
        return after
    if not held or not bag:
        return _after_placement(state, cells, all_tracks, owner, held, empty, reached)
    track = all_tracks[owner]
    low = min(track)
    for one, other in held:  # swap_offered, inline: a tile shows a lowest colour
        if track[one] == low or track[other] == low:
            break
    else:  # the rack shows none: a swap is offered (AXIO-12)
        return _after_placement(state, cells, all_tracks, owner, held, empty, reached)
    take = RACK_SIZE - len(held)  # refill (AXIO-13) and pass the turn
    for tile in bag[:take]:  # into the sorted rack: fewer comparisons than a sort
        insort(held, tile)
    bag = bag[take:]
    changed = list(state.racks)  # a list with one item set, then a tuple: faster than (*a, x, *b)
    changed[seat] = tuple(held)
    racks = tuple(changed)
    following = (seat + 1) % len(racks)
    if racks[following]:  # the usual case, before next_seat's search
        seat, over = following, False
    else:
        seat, over = next_seat(racks, seat)
    turn = state.turn + (not over)
    after = State(  # positional, in field order (tests/axio check the order): faster
        mode, cells, all_tracks, racks, bag, seat, turn, 0, False, (), state.seed, state.tiles
    )
    set_slot(after, "_index", (empty, over))
    return after


def _after_placement(
    state: State,
    cells: tuple[int, ...],
    all_tracks: tuple[Points, ...],
    owner: int,
    held: list[Tile],
    empty: int,
    reached: int,
    unseen: Tile | None = None,
) -> State:
    """What follows a placement: the end, a bonus placement, the swap choice or the draws.

    ``held`` is the mover's rack less the tile placed: still sorted (a
    state's racks are sorted, as ``validate`` checks before a state gets its
    index). ``unseen`` is the tile placed when it was one of the rack's unseen
    tiles (explicit games): it leaves the pool. (The usual case of a seeded
    game, the next turn after a placement, is inline in ``_place``.)
    """
    mode, bag, unknown, seat, turn = state.mode, state.bag, state.unknown, state.seat, state.turn
    if unseen is not None:
        bag, unknown = name_unseen(state, unseen)
    bonuses = (state.bonuses - 1 if state.bonuses else 0) + reached
    left = len(bag) - sum(unknown)  # the tiles really in the bag
    size = len(held) + (unknown[seat] if unknown else 0)
    deciding = over = False
    draws = -1  # no draw: the seat moves again, or the game is over
    if not empty or (reached and all_at(all_tracks[owner], FINAL[mode])):
        # AXIO-15 (no pair left) or AXIO-14 (all tracks at the final cap)
        over, bonuses = True, 0
    elif mode == SOLO:
        # AXIO-20: the rack holds one tile; a bonus placement and the next turn alike
        # draw one tile. An empty bag ends the game (AXIO-21).
        over = not left
        turn += not over and not bonuses
        bonuses, draws = (0, -1) if over else (bonuses, 1)
    elif bonuses and size:  # AXIO-11: place a bonus tile from the same rack, no refill
        pass
    elif size and left and swap_offered(all_tracks[owner], held):
        # the turn's placements are over (a bonus with an empty rack is forfeit): AXIO-12
        deciding, bonuses = True, 0
    else:  # the turn's placements are over: refill (AXIO-13), then the turn passes
        bonuses, draws = 0, min(RACK_SIZE - size, left)
    changed = list(state.racks)  # held is sorted: see above
    changed[seat] = tuple(held)
    owed = (bonuses, deciding, (), max(draws, 0))
    after = _next(
        state, over, empty, cells, all_tracks, tuple(changed), bag, unknown, seat, turn, *owed
    )
    return after if draws < 0 else _draw(after)


def _decline(state: State) -> State:
    """Apply a checked decline: one owed bonus placement is forfeited (AXIO-11).

    With more bonuses owed the seat places (or declines) again; declining the
    last goes on as after a turn's last placement. In solo the rack keeps the
    tile drawn for the bonus, and that tile is the next turn's (AXIO-20,
    AXIO-13: the rack of one is full, so nothing is drawn).
    """
    empty = cast(Index, state._index)[0]
    cells, tracks, racks, seat = state.cells, state.tracks, state.racks, state.seat
    if state.mode != SOLO:
        held = list(racks[seat])
        return _after_placement(state, cells, tracks, owner_of(state.mode, seat), held, empty, 0)
    owed = state.bonuses - 1
    turn = state.turn + (not owed)
    return _next(
        state, False, empty, cells, tracks, racks, state.bag, state.unknown, seat, turn, owed
    )


def _choose(state: State, swap: bool) -> State:
    """Apply a checked swap choice (AXIO-12): the rack is refilled (AXIO-13), the turn passes.

    A swap sets the rack aside (shown to all in ``revealed``; its unseen tiles
    are in the pool already), refills it, and then the tiles set aside go back
    into the bag (see :func:`_after_draw`).
    """
    seat, bag, unknown, racks = state.seat, state.bag, state.unknown, state.racks
    left = len(bag) - sum(unknown)  # the tiles really in the bag
    aside: tuple[Tile, ...] = ()
    if swap:
        aside, racks = racks[seat], (*racks[:seat], (), *racks[seat + 1 :])
        if unknown:  # its unseen tiles are in the pool already: they count no longer
            unknown = (*unknown[:seat], 0, *unknown[seat + 1 :])
    take = min(RACK_SIZE - len(racks[seat]) - (unknown[seat] if unknown else 0), left)
    board = (False, cast(Index, state._index)[0], state.cells, state.tracks)
    return _draw(
        _next(state, *board, racks, bag, unknown, seat, state.turn, 0, False, aside, take)
    )


def _draw(state: State) -> State:
    """The draws ``state`` owes into the rack of its seat, then what follows them.

    The transition's one chance step (the deal, AXIO-6; a refill, AXIO-13; a
    swap, AXIO-12; solo's next tile, AXIO-20): a seeded game draws the tiles
    at once from its bag, in its shuffled order; an explicit game stops here,
    chance to move, and goes on from :func:`_after_draw` after the last draw.
    """
    take = state.draws
    if take and state.explicit:
        return state
    racks, bag = state.racks, state.bag
    if take:
        seat = state.seat
        held = list(racks[seat])
        for tile in bag[:take]:  # into the sorted rack: fewer comparisons than a sort
            insort(held, tile)
        racks = (*racks[:seat], tuple(held), *racks[seat + 1 :])
        bag = bag[take:]
    return _after_draw(state, racks, bag, state.unknown, 0)


def next_seat(racks: Sequence[object], seat: Seat) -> tuple[Seat, bool]:
    """The seat after ``seat`` whose rack holds a tile, and ``False``; ``(seat, True)`` if none.

    ``racks`` are the racks themselves or their sizes.
    """
    count = len(racks)
    for step in range(1, count + 1):
        following = (seat + step) % count
        if racks[following]:
            return following, False
    return seat, True


def _after_draw(
    state: State, racks: Racks, bag: tuple[Tile, ...], unknown: tuple[int, ...], draws: int
) -> State:
    """What follows a draw into the rack of ``state.seat``: ``draws`` more, or the game goes on.

    After the last draw of the deal the next seat draws, or seat 0 starts
    (AXIO-6); in solo the tile drawn is placed next (the turn was counted at
    the placement); after a swap's draws the tiles set aside go back and the
    bag is reshuffled (AXIO-12: from the state's seed, or, in an explicit game,
    whose bag has no order, by sorting); then the turn passes.
    """
    empty = cast(Index, state._index)[0]
    board = (False, empty, state.cells, state.tracks)
    seat, turn, bonuses, revealed, seed = (
        state.seat,
        state.turn,
        state.bonuses,
        state.revealed,
        state.seed,
    )
    if draws:  # explicit games: chance draws again, for the same seat and the same turn
        owed = (bonuses, state.deciding, revealed, draws)
        return _next(state, *board, racks, bag, unknown, seat, turn, *owed)
    if empty == GEOMETRY[len(state.cells)].initial_empty:  # the deal (AXIO-6)
        if seat + 1 < len(racks):  # the next seat draws its rack
            size = RACK[state.mode]
            return _draw(
                _next(state, *board, racks, bag, unknown, seat + 1, turn, 0, False, (), size)
            )
        return _next(state, *board, racks, bag, unknown, 0, turn)  # seat 0 starts
    if state.mode == SOLO:
        return _next(state, *board, racks, bag, unknown, seat, turn, bonuses)
    if revealed:  # the end of a swap
        if state.explicit:
            bag = tuple(sorted((*bag, *revealed)))
        else:
            bag, seed = rng.shuffled(seed, bag + revealed)
    seat, over = next_seat(sizes_of(racks, unknown), seat)  # the turn passes
    board = (over, empty, state.cells, state.tracks)
    return _next(
        state, *board, racks, bag, unknown, seat, turn + (not over), 0, False, revealed, 0, seed
    )


def _next(
    state: State,
    over: bool,
    empty: int,
    cells: tuple[int, ...],
    tracks: tuple[Points, ...],
    racks: Racks,
    bag: tuple[Tile, ...],
    unknown: tuple[int, ...],
    seat: Seat,
    turn: int,
    bonuses: int = 0,
    deciding: bool = False,
    revealed: tuple[Tile, ...] = (),
    draws: int = 0,
    seed: int | None = None,
) -> State:
    """The state after ``state`` with the given fields, its index set; the rest kept.

    Built by position, in field order (tests/axio check the order): faster
    than :func:`attrs.evolve`. Unseen tiles all placed are written ``()``.
    """
    if unknown and not any(unknown):
        unknown = ()
    after = State(
        state.mode,
        cells,
        tracks,
        racks,
        bag,
        seat,
        turn,
        bonuses,
        deciding,
        revealed,
        state.seed if seed is None else seed,
        state.tiles,
        state.explicit,
        draws,
        unknown,
    )
    set_slot(after, "_index", (empty, over))
    return after


# ---------------------------------------------------------------------------
# The result (AXIO-14 .. AXIO-16, AXIO-21)
# ---------------------------------------------------------------------------


def _end_reason(state: State) -> str:
    mode = state.mode
    final = FINAL[mode]
    winner = next((o for o, t in enumerate(state.tracks) if all_at(t, final)), None)
    if winner is not None:
        who = {TEAM: f"team {'AB'[winner]}", SOLO: "the solo player"}.get(mode, f"seat {winner}")
        return f"AXIO-14: {who} has all six colours at {final} and wins at once"
    if not index_of(state)[0]:
        return "AXIO-15: no two adjacent empty cells remain"
    if mode == SOLO:
        return "AXIO-21: the bag and the rack are empty"
    return "AXIO-15: no player has a tile left"


def outcome(state: State) -> Outcome | None:
    """The result once the game is over, else ``None``.

    Seats are ranked by their six scores sorted ascending, compared
    lexicographically, higher first; identical sorted scores share a place
    (AXIO-16); partners share their team's place. The scores are each seat's
    tracks (``scores``); in solo the score is ``solo_score``, an int. The
    outcome names the game (``"axio"``) and the mode.
    """
    if not is_over(state):
        return None
    solo = solo_score if state.mode == SOLO else None
    reason = _end_reason(state)
    return lowest_colour_outcome(scores(state), reason, game=NAME, mode=state.mode, solo=solo)
