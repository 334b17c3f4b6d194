"""AXIO's one validator: states (both chance modes), views, moves and outcomes.

:func:`validate` runs the field checks of :mod:`._checks` and then checks
that the game could have reached the value: the component set accounted for,
whose turn it is, bonuses, the swap choice and the draws of explicit chance.
:func:`check_hand_made` is the lighter check the rules run on a state they
did not make, before its index is built.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple, cast

from tilegames._core.checks import invalid, wrong_type
from tilegames._core.rules import Outcome, Seat
from tilegames._core.tracks import all_at, check_ranking, check_tracks
from tilegames.axio._checks import (
    check_fields,
    check_mode,
    check_one_winner,
    check_placed_tiles,
    check_seat_count,
    check_swap_after_bonuses,
    check_view_fields,
    hexes_of,
    placed_hexes,
    set_counts,
    take_tiles,
)
from tilegames.axio._model import (
    BOARD_RADIUS,
    COLOUR_LETTERS,
    COLOURS,
    FINAL,
    MOVE_TYPES,
    NAME,
    RACK,
    RACK_SIZE,
    SOLO,
    STAGES,
    TEAM,
    TEAM_CAP,
    TITLE,
    TRACK_CAP,
    AnyMove,
    Draw,
    Place,
    Points,
    State,
    Tile,
    View,
    owner_of,
)
from tilegames.axio._moves import build_index, game_ends, index_of, sizes_of, swap_offered
from tilegames.axio._notation import format_tile
from tilegames.axio._tables import TILES, empty_pairs
from tilegames.geometry import hexagon


def check_hand_made(state: State) -> State:
    """Check a state the rules did not make (its index not built yet), before its first use.

    Returns the state, its index built (see :func:`._moves.index_of`).

    Every field of the right type, shape and range (:func:`._checks.check_fields`),
    and a seat to move that holds a tile (AXIO-15); lighter than :func:`validate`:
    the set need not add up, so that a position can be made by hand for a test.
    """
    check_fields(state)
    seat = state.seat
    over = build_index(state)[1]  # never while a draw is due
    if not over and not state.draws and not sizes_of(state.racks, state.unknown)[seat]:
        raise invalid("State.seat", f"seat {seat} is to move but holds no tile (AXIO-15)")
    index_of(state)
    return state


# ---------------------------------------------------------------------------
# Whose turn it is: the flow of a state or a view
# ---------------------------------------------------------------------------


class _Flow(NamedTuple):
    """Whose turn it is and what it owes, read off a state or a view, for ``validate``."""

    where: str  # "State" or "View", for messages
    mode: str
    tracks: tuple[Points, ...]
    mover: Seat | None  # the seat to move (or to draw), None once the game is over
    sizes: Sequence[int]  # per seat, the tiles in its rack, unseen ones included
    held: tuple[Tile, ...] | None  # the mover's rack when known
    bag_size: int  # the tiles really in the bag (not the unseen rack tiles)
    turn: int
    bonuses: int
    deciding: bool
    revealed: tuple[Tile, ...]
    placed_tiles: int
    pairs_left: bool  # whether two adjacent cells are empty


def _flow(
    position: State | View,
    mover: Seat | None,
    sizes: Sequence[int],
    held: tuple[Tile, ...] | None,
    bag_size: int,
    placed: Sequence[int],
    empty: int,
) -> _Flow:
    """The flow of a state or a view: its own fields, and what its checks found."""
    return _Flow(
        type(position).__name__,
        position.mode,
        position.tracks,
        mover,
        sizes,
        held,
        bag_size,
        position.turn,
        position.bonuses,
        position.deciding,
        position.revealed,
        sum(placed) // 2,
        bool(empty),
    )


def _stages_reached(track: Points, mode: str) -> int:
    """How many stages (AXIO-11, AXIO-18) the colours of ``track`` have reached in all."""
    return sum(value >= stage for value in track for stage in STAGES[mode])


def _check_flow(flow: _Flow) -> None:
    """Whose turn it is, bonuses, the swap choice and the revealed tiles agree (AXIO-6..15)."""
    where, final = flow.where, FINAL[flow.mode]
    done = {owner for owner, track in enumerate(flow.tracks) if all_at(track, final)}
    check_one_winner(f"{where}.tracks", done, final)
    _check_full_racks(flow)
    if not any(flow.sizes) and flow.bag_size and flow.pairs_left and not done:
        raise invalid(
            f"{where}.bag",
            f"no rack holds a tile but the bag holds {flow.bag_size}: racks are refilled from "
            "the bag until the game ends (AXIO-13)",
        )
    if flow.mover is None:
        for name in ("bonuses", "deciding", "revealed"):
            if getattr(flow, name):
                raise invalid(
                    f"{where}.{name}",
                    f"{getattr(flow, name)!r}, but the game is over (AXIO-14, AXIO-15, AXIO-21)",
                )
    else:
        _check_mover(flow, flow.mover)
        if flow.deciding:
            _check_deciding(flow, flow.mover)
        if flow.revealed:
            _check_revealed(flow)
    this_turn = int(flow.mover is None or bool(flow.bonuses) or flow.deciding)
    _check_placements(flow, this_turn)


def _check_placements(flow: _Flow, this_turn: int) -> None:
    """The tiles on the board agree with the turn number and the bonuses (AXIO-7, AXIO-11).

    Every turn before the current one placed a tile; the current one has too
    when ``this_turn`` is 1 (it owes a bonus, offers the swap, refills the
    rack, or ended the game). Every other placement was a bonus placement,
    earned by a colour reaching a stage (tracks never fall) and not still
    owed. Before the first placement every track is at 0 (AXIO-5, AXIO-9).
    """
    where, turn = flow.where, flow.turn
    if flow.placed_tiles < turn + this_turn:
        raise invalid(
            f"{where}.turn",
            f"turn {turn} is under way after {flow.placed_tiles} placements, but every "
            f"turn places a tile, so at least {turn + this_turn} are on the board (AXIO-7)",
        )
    stages = sum(_stages_reached(track, flow.mode) for track in flow.tracks)
    most = turn + this_turn + stages - flow.bonuses
    if flow.placed_tiles > most:
        raise invalid(
            f"{where}.turn",
            f"turn {turn} with {flow.placed_tiles} tiles on the board, but {turn + this_turn} "
            f"turns and {stages - flow.bonuses} bonus placements (one per stage reached, "
            f"{flow.bonuses} still owed) place at most {most} (AXIO-7, AXIO-11)",
        )
    if not flow.placed_tiles and any(any(track) for track in flow.tracks):
        raise invalid(
            f"{where}.tracks",
            f"{flow.tracks!r}, but no tile is placed yet: tracks start at 0 and only "
            "placements score (AXIO-5, AXIO-9)",
        )


def _check_chance_step(flow: _Flow, drawer: Seat, draws: int) -> bool:
    """An explicit game's draws agree with the deal and the turn; whether a draw is due.

    A draw after the deal comes at the end of the drawer's turn, which has
    placed its tile; in solo the turn was counted at the placement, unless
    a bonus placement is owed, whose tile is drawn (AXIO-20). The other
    racks are full while the bag holds a rack's worth (AXIO-13).
    """
    _check_explicit_flow(flow, drawer, draws)
    if draws and flow.placed_tiles:
        drawing = flow._replace(mover=drawer)
        _check_full_racks(drawing)
        _check_earned(drawing, drawer)
        _check_placements(drawing, int(bool(flow.bonuses)) if flow.mode == SOLO else 1)
    elif draws:
        _check_placements(flow, 0)  # the deal: every track at 0
    return bool(draws)


def _check_full_racks(flow: _Flow) -> None:
    """While the bag holds a rack's worth, every rack is full but the mover's (AXIO-13).

    A rack is refilled at the end of each turn; it stays short only when the bag
    ran out, or after a swap from a bag of fewer than six tiles, which leaves at
    most five tiles in the bag; only a swap puts tiles back (AXIO-12). A swap is
    offered only while the bag holds a tile and draws at least one, so while the
    bag holds any tile no rack is empty but the mover's.
    """
    full = flow.bag_size >= RACK_SIZE
    if flow.mode == SOLO or not flow.bag_size or not (full or any(flow.sizes)):
        return  # every rack empty beside a bag of tiles: the flow's own check says so
    least = RACK_SIZE if full else 1
    short = [seat for seat, size in enumerate(flow.sizes) if size < least]
    # The mover's rack may be short mid-turn; once the game is over, the last mover's
    # (the game may end mid-turn, AXIO-14), a seat that no view shows.
    in_use = {flow.mover} if flow.mover is not None else set(short[:1])
    for seat in short:
        if seat not in in_use:
            field = "racks" if flow.where == "State" else "rack_sizes"
            refilled = (
                f"racks are refilled to {RACK_SIZE} at the end of each turn (AXIO-13)"
                if full
                else "a rack is refilled at the end of each turn and a swap draws at least "
                "one tile (AXIO-12, AXIO-13)"
            )
            raise invalid(
                f"{flow.where}.{field}[{seat}]",
                f"seat {seat} holds {flow.sizes[seat]} tiles while the bag holds "
                f"{flow.bag_size}, but {refilled}",
            )


def _check_mover(flow: _Flow, mover: Seat) -> None:
    """The seat to move holds a tile, takes its turn in order, and owes bonuses it earned."""
    where, sizes, bonuses = flow.where, flow.sizes, flow.bonuses
    if not sizes[mover]:
        raise invalid(f"{where}.seat", f"seat {mover} is to move but holds no tile (AXIO-15)")
    if all(sizes) and mover != flow.turn % len(sizes):
        raise invalid(
            f"{where}.seat",
            f"seat {mover} cannot be on turn {flow.turn}: while every rack holds tiles, seats "
            "take turns in order from seat 0 (AXIO-6)",
        )
    _check_earned(flow, mover)
    if bonuses and flow.mode != SOLO and sizes[mover] >= RACK_SIZE:
        raise invalid(
            f"{where}.bonuses",
            f"a bonus placement is owed, but seat {mover}'s rack is full: it is not refilled "
            "before its bonus placements (AXIO-11)",
        )


def _check_earned(flow: _Flow, mover: Seat) -> None:
    """The bonus placements owed are no more than the stages the seat's colours reached."""
    reached = _stages_reached(flow.tracks[owner_of(flow.mode, mover)], flow.mode)
    if flow.bonuses > reached:
        raise invalid(
            f"{flow.where}.bonuses",
            f"{flow.bonuses} bonus placements owed, but the seat's colours have reached "
            f"{reached} stages, each earning one (AXIO-11, AXIO-18)",
        )


def _check_deciding(flow: _Flow, mover: Seat) -> None:
    """A swap is offered only where AXIO-12 offers it."""
    where = f"{flow.where}.deciding"
    check_swap_after_bonuses(where, flow.bonuses)
    if flow.mode == SOLO:
        raise invalid(where, "the solo player is never offered a swap (AXIO-20)")
    size = flow.sizes[mover]
    if not 0 < size < RACK_SIZE or not flow.bag_size:
        raise invalid(
            where,
            f"a swap is offered after a placement, with tiles left in the rack and in "
            f"the bag, but the rack holds {size} and the bag {flow.bag_size} (AXIO-12)",
        )
    track = flow.tracks[owner_of(flow.mode, mover)]
    if flow.held is not None and not swap_offered(track, flow.held):
        raise invalid(
            where,
            f"seat {mover}'s rack shows one of its lowest colours, so no swap is offered "
            "(AXIO-12)",
        )


def _check_revealed(flow: _Flow) -> None:
    """Tiles are revealed only by a swap, at most a rack's worth, and went back to the bag."""
    where, revealed = f"{flow.where}.revealed", flow.revealed
    if flow.mode == SOLO or flow.deciding or flow.bonuses:
        raise invalid(
            where,
            "tiles are revealed by a swap, which ends a turn: never in solo, never while "
            "choosing or owing a bonus (AXIO-12, AXIO-20)",
        )
    if len(revealed) >= RACK_SIZE or len(revealed) > flow.bag_size:
        raise invalid(
            where,
            f"{len(revealed)} tiles were set aside after a placement and returned to a "
            f"bag of {flow.bag_size} (AXIO-12)",
        )


# ---------------------------------------------------------------------------
# Explicit chance: the deal and the refills (AXIO-6, AXIO-13)
# ---------------------------------------------------------------------------


def _check_drawer(where: str, drawer: int, turn: int, sizes: Sequence[int]) -> None:
    """A refill's drawer is the seat whose turn it is (AXIO-6, AXIO-13).

    Once the deal is over, a seat draws at the end of its own turn (or after its
    swap), before the turn passes; while every other rack holds tiles, turns go
    round in seat order from seat 0, so the drawer is seat ``turn % players``.
    """
    players = len(sizes)
    others_hold = all(size for seat, size in enumerate(sizes) if seat != drawer)
    if others_hold and drawer != turn % players:
        raise invalid(
            where,
            f"seat {drawer} draws on turn {turn}, but a seat refills at the end of its own "
            f"turn and, while every rack holds tiles, turn {turn} is seat "
            f"{turn % players}'s (AXIO-6, AXIO-13)",
        )


def _check_explicit_flow(flow: _Flow, drawer: Seat, draws: int) -> None:
    """An explicit state's or view's draws agree with the deal, the turn and the bag.

    Before the first placement the racks are dealt seat by seat, before turn 0
    (AXIO-6). After it, the seat whose turn it is refills its rack to the
    full size, or until the bag is empty (AXIO-13, AXIO-20). No draw is due
    once the game has ended (AXIO-14, AXIO-15); tiles set aside during the
    draws are a swap's: fewer than a rack's worth, never in solo (AXIO-12).
    """
    kind, sizes, bag, size = flow.where, flow.sizes, flow.bag_size, RACK[flow.mode]
    if bag < draws:
        bag_text = (
            f", but the bag holds {bag} tiles" if kind == "State" else f" from a bag of {bag}"
        )
        raise invalid(f"{kind}.draws", f"{draws} draws are due{bag_text} (AXIO-13)")
    if not flow.placed_tiles:
        _check_deal(flow, drawer, draws, size)
    if not flow.placed_tiles or not draws:
        return
    _check_drawer(f"{kind}.{'seat' if kind == 'State' else 'drawer'}", drawer, flow.turn, sizes)
    if sizes[drawer] + draws != size and draws != bag:
        raise invalid(
            f"{kind}.draws",
            f"{draws} draws are due into a rack of {sizes[drawer]} from a bag of {bag}, but a "
            f"rack is refilled to {size}, or until the bag is empty (AXIO-13, AXIO-20)",
        )
    final = FINAL[flow.mode]
    if not flow.pairs_left or any(all_at(track, final) for track in flow.tracks):
        raise invalid(
            f"{kind}.draws",
            f"a draw is due, but the game is over: no two adjacent cells are empty (AXIO-15) "
            f"or a player has all six colours at {final} (AXIO-14)",
        )
    if flow.revealed and (flow.mode == SOLO or len(flow.revealed) >= RACK_SIZE):
        raise invalid(
            f"{kind}.revealed",
            f"{len(flow.revealed)} tiles set aside during the draws, but a swap sets aside "
            "the 1 to 5 tiles left in a rack, and never in solo (AXIO-12, AXIO-20)",
        )


def _check_deal(flow: _Flow, drawer: Seat, draws: int, size: int) -> None:
    """The deal (AXIO-6): racks filled in seat order, before turn 0, until all are full."""
    kind, sizes = flow.where, list(flow.sizes)
    dealt = [size] * drawer + [size - draws] + [0] * (len(sizes) - drawer - 1)
    if draws and flow.turn:
        raise invalid(
            f"{kind}.turn", f"{flow.turn}, but the deal comes before turn 0 (AXIO-6, AXIO-8)"
        )
    if draws and sizes != dealt:
        field = "racks" if kind == "State" else "rack_sizes"
        raise invalid(
            f"{kind}.{field}",
            f"the deal gives {size} tiles to each seat in seat order (AXIO-6): while "
            f"seat {drawer} draws with {draws} to go, the racks hold {dealt}, not {sizes}",
        )
    if not draws and sizes != [size] * len(sizes) and flow.bag_size:
        raise invalid(f"{kind}.draws", "0, but the deal is not finished (AXIO-6)")


# ---------------------------------------------------------------------------
# States and views
# ---------------------------------------------------------------------------


def _validate_state(state: State, tiles: Iterable[Tile | str] | None) -> None:
    geometry = check_fields(state)
    placed = placed_hexes("State.cells", geometry, state.cells)
    setting_aside = bool(state.draws and state.revealed)  # a swap's draws (explicit games)
    _check_state_set(state, placed, tiles, setting_aside)
    sizes = sizes_of(state.racks, state.unknown)
    empty = empty_pairs(geometry, state.cells)
    seat = state.seat
    held = None if sizes[seat] != len(state.racks[seat]) else state.racks[seat]
    flow = _flow(state, seat, sizes, held, len(state.bag) - sum(state.unknown), placed, empty)
    if state.explicit and _check_chance_step(flow, seat, state.draws):
        return
    for i, tile in enumerate(state.revealed):
        if not setting_aside and state.revealed.count(tile) > state.bag.count(tile):
            raise invalid(
                f"State.revealed[{i}]",
                f"tile {format_tile(tile)} was set aside in a swap and returned to the bag, "
                "but the bag does not hold it (AXIO-12)",
            )
    _check_last_mover(state)
    over = game_ends(state, empty, sizes)
    _check_flow(flow._replace(mover=None) if over else flow)


def _check_state_set(
    state: State, placed: Sequence[int], tiles: Iterable[Tile | str] | None, aside: bool
) -> None:
    """Every tile of the set once: in a rack, the bag, set ``aside`` or on the board (AXIO-2)."""
    counts = set_counts(state, tiles)
    for s, held in enumerate(state.racks):
        take_tiles(f"State.racks[{s}]", counts, held)
    take_tiles("State.bag", counts, state.bag)
    if aside:
        take_tiles("State.revealed", counts, state.revealed)
    check_placed_tiles("State", placed, counts)


def _check_last_mover(state: State) -> None:
    """A player (team) with every colour at the final cap won at once: it moved last (AXIO-14)."""
    final, seat = FINAL[state.mode], state.seat
    for owner, track in enumerate(state.tracks):
        if all_at(track, final) and owner != owner_of(state.mode, seat):
            who = f"team {'AB'[owner]}" if state.mode == TEAM else f"seat {owner}"
            raise invalid(
                "State.seat",
                f"{seat}, but the game ended when {who} got all six colours to the end of the "
                "track, so it moved last (AXIO-14)",
            )


def _validate_view(seen: View, tiles: Iterable[Tile | str] | None) -> None:
    geometry, sizes, mover = check_view_fields(seen)
    placed = placed_hexes("View.cells", geometry, seen.cells)
    counts = set_counts(seen, tiles)
    set_size = sum(counts.values())
    take_tiles("View.rack", counts, seen.rack)
    take_tiles("View.revealed", counts, seen.revealed)
    due = hexes_of(counts)
    for colour, (found, most) in enumerate(zip(placed, due, strict=True)):
        if found > most:
            raise invalid(
                "View.cells",
                f"{found} {COLOURS[colour]} hexes are placed, but the set has {most} outside "
                "this seat's rack and the revealed tiles (AXIO-2)",
            )
    bag_size = seen.bag_size
    aside = len(seen.revealed) if seen.draws else 0  # a swap's set-aside tiles (explicit)
    if sum(placed) % 2 or sum(placed) // 2 + sum(sizes) + bag_size + aside != set_size:
        raise invalid(
            "View.bag_size",
            f"{bag_size}: with {sum(placed)} placed hexes and {sum(sizes)} tiles in the racks, "
            f"the bag must hold the rest of a set of {set_size} tiles (AXIO-2)",
        )
    empty = empty_pairs(geometry, seen.cells)
    own = seen.seat is not None and mover == seen.seat
    held = seen.rack if own and not seen.unknown else None
    flow = _flow(seen, mover, sizes, held, bag_size, placed, empty)
    if seen.explicit and _check_chance_step(flow, seen.drawer, seen.draws):
        return
    over = game_ends(seen, empty, sizes)
    if over != (mover is None):
        state_of = "over" if over else "not over"
        raise invalid(
            "View.to_move", f"{seen.to_move!r}, but the game is {state_of} (AXIO-14, AXIO-15)"
        )
    _check_flow(flow)


# ---------------------------------------------------------------------------
# Outcomes
# ---------------------------------------------------------------------------


def _is_solo_score(score: int) -> bool:
    """Whether ``score`` is three tracks 0..36 written lowest first, two digits each (AXIO-21)."""
    low, middle, high = score // 10_000, score // 100 % 100, score % 100
    return score >= 0 and low <= middle <= high <= TEAM_CAP


def _outcome_mode(result: Outcome, seats: int) -> str:
    """The outcome's mode; for an old outcome without one, read off the scores as before."""
    if result.game not in ("", NAME):
        raise invalid("Outcome.game", f"{result.game!r} is not {NAME!r}")
    if result.mode:
        return check_mode("Outcome.mode", result.mode, seats)
    scores = result.scores
    if seats == 1:
        return SOLO
    return TEAM if seats == 4 and scores[0] == scores[2] and scores[1] == scores[3] else "standard"


def _validate_outcome(result: Outcome) -> None:
    scores = result.scores
    mode = _outcome_mode(result, check_seat_count("Outcome.scores", scores))
    if mode == SOLO:
        (score,) = scores
        if type(score) is not int or not _is_solo_score(score):
            raise invalid(
                "Outcome.scores[0]",
                f"{score!r} is not a solo score: the three lowest tracks (0..{TEAM_CAP}), lowest "
                "first, two digits each (AXIO-21)",
            )
        return
    team = mode == TEAM
    if team and (scores[0] != scores[2] or scores[1] != scores[3]):
        raise invalid("Outcome.scores", "partners share their team's tracks (AXIO-17)")
    cap = FINAL[mode]
    checked = check_tracks(
        "Outcome.scores",
        scores,
        colours=len(COLOURS),
        cap=cap,
        rules="AXIO-5, AXIO-18",
        runs=f"tracks run 0..{TRACK_CAP}, 0..{TEAM_CAP} for teams and solo",
    )
    done = {seat % 2 if team else seat for seat, track in enumerate(checked) if all_at(track, cap)}
    check_one_winner("Outcome.scores", done, cap)
    check_ranking(result.ranking, checked, "AXIO-16")


def validate(
    value: State | View | Outcome | AnyMove, *, tiles: Iterable[Tile | str] | None = None
) -> None:
    """Check a state, view or outcome made outside the rules, for example loaded from JSON.

    A state passes when the game could have reached it:

    * one to four seats, as many as its mode allows (2 to 4 standard, 4 in a
      team game, 1 solo), a board of the playing area's size (AXIO-3) with
      its six start cells in their colours (AXIO-4), and every placed hex
      next to another placed hex (a tile's twin);
    * tracks for each seat (each team) within 0..18, or 0..36 in team and
      solo games, and at most one player (team) with every colour at the end
      of the track;
    * every tile of its set (:data:`STANDARD_TILES`, or the custom set it
      carries in ``tiles``) exactly once: the racks and the bag hold no tile
      more often than the set, and the placed hexes are, colour by colour,
      the hexes of the tiles that are in no rack and not in the bag (the
      board keeps colours, not which two cells a tile covered);
    * racks sorted, of at most 6 tiles (1 solo); a seat and a turn in range,
      the seats taking turns in order while every rack holds tiles, and a
      seat to move that holds a tile;
    * the tiles on the board agree with the turn: one for each turn begun
      (the current one once it has placed), and at most one more for each
      stage its tracks reached (a bonus placement) and not still owed; while
      the bag holds six tiles or more, every rack but the mover's is full
      (the last mover's, once the game is over);
    * bonus placements owed (``bonuses``) no more than the stages its
      colours have reached, a swap choice (``deciding``) only where AXIO-12
      offers one, revealed tiles back in the bag, and none of these once the
      game is over; every track at 0 before the first placement;
    * at a chance step of an explicit game: the deal in seat order before
      turn 0 (AXIO-6), or a refill by the seat whose turn it is, to a full
      rack or until the bag is empty (AXIO-13), in a game that goes on, its
      turn agreeing with the tiles placed (AXIO-20 in solo).

    The rules run the first checks (every field of the right type, shape
    and range) on any hand-made state on its first use. A view passes the
    same checks on what it shows (its own rack, the rack and bag sizes,
    whose turn it is), at a chance step and during the deal too. An outcome
    needs one to four seats, as its ``mode`` allows: a solo score made of
    three tracks 0..36 (AXIO-21), or six tracks per seat within the mode's
    cap (partners alike), ranked as AXIO-16 says.
    An outcome without a mode (from an older document) is read as solo for
    one seat, as a team game for four seats whose partners' tracks agree,
    else as a standard game. A move passes when it could be made in some game:
    a :class:`Place` of two colours 0..5 on two adjacent cells of the largest
    board, a :class:`Draw` of a tile (two colours 0..5); any :class:`SwapChoice`,
    :class:`Decline` or :data:`UNSEEN` passes. :mod:`tilegames.serialize`
    calls this on everything it loads.

    >>> import attrs
    >>> from tilegames.axio import new_game
    >>> state = new_game(seed=2)
    >>> validate(state)
    >>> validate(attrs.evolve(state, tracks=((0, 0, 19, 0, 0, 0), (0,) * 6)))
    Traceback (most recent call last):
    ...
    tilegames.errors.InvalidStateError: State.tracks[0][2]: 19 is off the track: ...

    Arguments and errors as :attr:`tilegames.Rules.validate`; ``tiles`` is the set to check
    against instead of the one the value carries (for values written before states carried
    their set): one that is no set of tiles is a ConfigurationError.
    """
    kind = type(value)
    if kind is State:
        _validate_state(cast(State, value), tiles)
    elif kind is View:
        _validate_view(cast(View, value), tiles)
    elif kind is Outcome:
        _validate_outcome(cast(Outcome, value))
    elif kind is Place:
        _validate_place(cast(Place, value))
    elif kind is Draw:
        _validate_draw(cast(Draw, value))
    elif kind not in MOVE_TYPES:
        wrong_type("axio.validate", f"an {TITLE} State, View, move or Outcome", value)


def _validate_place(move: Place) -> None:
    """A placement's colours are colours (AXIO-1), its cells adjacent cells of the board.

    The cells lie on the largest board (AXIO-3), next to each other (AXIO-7).
    Whether they lie on this game's board, and are free, is for
    :func:`why_illegal` to say: a move alone does not know its game.
    """
    for i, colour in enumerate(move.colours):
        if not 0 <= colour < len(COLOURS):
            raise invalid(f"Place.colours[{i}]", f"{colour} is not a colour 0..5 (AXIO-1)")
    for i, cell in enumerate(move.cells):
        if hexagon.length(cell) > BOARD_RADIUS:
            raise invalid(
                f"Place.cells[{i}]",
                f"{cell} lies off every playing area (radius {BOARD_RADIUS}, AXIO-3)",
            )
    first, second = move.cells
    if hexagon.distance(first, second) != 1:
        raise invalid(
            "Place.cells",
            f"{first} and {second} are not adjacent, but a tile's two hexes lie on "
            "adjacent cells (AXIO-7)",
        )


def _validate_draw(move: Draw) -> None:
    """A drawn tile is a tile of two colours 0..5, lower first (AXIO-1, AXIO-2)."""
    if move.tile not in TILES:
        raise invalid(
            "Draw.tile",
            f"{move.tile!r} is not a tile: two colours 0..5 ({COLOUR_LETTERS}), lower first "
            "(AXIO-1, AXIO-2)",
        )
