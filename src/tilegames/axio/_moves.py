"""AXIO's computations on a well-formed position: the index, scoring, the move check, the moves.

The state's index is built here and cached in the state; it checks nothing:
a state not made by the rules is checked by the public function that meets
it (see ``_rules``) before its index is built.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import cast, overload

from tilegames._core.bits import Mask, iter_bits, nth_bit
from tilegames._core.checks import wrong_type
from tilegames._core.errors import IllegalMoveError
from tilegames._core.moves import LazyMoves
from tilegames._core.refusal import Refusal, illegal_move
from tilegames._core.tracks import all_at
from tilegames.axio._model import (
    A_STATE,
    COLOUR_LETTERS,
    COLOURS,
    DECLINE,
    EMPTY,
    FINAL,
    KEEP,
    LISTED,
    MOVE_TYPES,
    START_CELLS,
    SWAP,
    UNSEEN,
    AnyMove,
    Colour,
    Decline,
    Draw,
    Index,
    PairIndex,
    Place,
    Points,
    State,
    SwapChoice,
    Tile,
    Unseen,
    View,
    fast_place,
    set_slot,
)
from tilegames.axio._notation import format_move, format_placements, format_tile, written_move
from tilegames.axio._tables import (
    GEOMETRY,
    TILE_OF,
    TRACK_STEPS,
    WAYS_BY_NUMBER,
    Geometry,
    Ray,
    empty_pairs,
)

Placed = tuple[PairIndex, Colour, Colour]
"""A checked placement: the pair, the colour on its first cell, the colour on its second."""

Problem = tuple[str, str]
"""Why a move is illegal: the reason in words and the rule id, as a :class:`Refusal` holds them."""


def sizes_of(racks: tuple[tuple[Tile, ...], ...], unknown: tuple[int, ...]) -> list[int]:
    """Per seat, the tiles in its rack, unseen ones (``unknown``, explicit games) included."""
    return [len(held) + (unknown[s] if unknown else 0) for s, held in enumerate(racks)]


def game_ends(position: State | View, empty: Mask, sizes: Sequence[int]) -> bool:
    """Whether the game is over: no empty pair, no tile in any rack, or all tracks at the cap.

    The end rule (AXIO-14, AXIO-15, AXIO-21) on a state's or a view's fields:
    ``empty`` is its set of empty pairs, ``sizes`` its rack sizes.
    """
    final = FINAL[position.mode]
    return not empty or not any(sizes) or any(all_at(track, final) for track in position.tracks)


def build_index(state: State) -> Index:
    """A state's index built from its fields: its empty pairs, whether the game is over.

    A state is never over while a draw is due (the deal, a refill). The
    fields are taken as they are: a state not made by the rules is checked
    first by the public function that meets it.
    """
    empty = empty_pairs(GEOMETRY[len(state.cells)], state.cells)
    if state.draws:
        return empty, False
    return empty, game_ends(state, empty, sizes_of(state.racks, state.unknown))


def index_of(state: State) -> Index:
    """The state's index, built and cached in the state on first use (it checks nothing)."""
    index = state._index
    if index is None:
        index = build_index(state)
        set_slot(state, "_index", index)
    return index


def _choices(held: tuple[Tile, ...]) -> tuple[tuple[Colour, Colour], ...]:
    """The ways to lay the rack's distinct tiles on a pair, tile by tile in rack order.

    The rack is sorted, so equal tiles are neighbours: a tile equal to the one
    before it adds nothing. A tile is looked up by its number ``6 * low +
    high`` in ``WAYS_BY_NUMBER`` (a plain loop over ints: about twice as fast
    as chaining ``_WAYS`` over ``dict.fromkeys(held)``, which hashes tuples).
    """
    ways = WAYS_BY_NUMBER
    result: tuple[tuple[Colour, Colour], ...] = ()
    previous = -1
    for low, high in held:
        number = 6 * low + high
        if number != previous:
            result += ways[number]
            previous = number
    return result


def _first_round_pairs(state: State, geometry: Geometry) -> Mask:
    """The pairs allowed by AXIO-8: those next to a start cell with no neighbour filled.

    A start cell's neighbours are all empty when the highest colour on them is
    :data:`EMPTY` (-1, below every colour); they are read in one call each.
    """
    cells = state.cells
    allowed = 0
    for near, pairs in zip(geometry.start_near, geometry.start_pairs, strict=True):
        if max(near(cells), default=EMPTY) == EMPTY:
            allowed |= pairs
    return allowed


# ---------------------------------------------------------------------------
# Scoring (AXIO-9, AXIO-10, AXIO-12)
# ---------------------------------------------------------------------------


def line_points(cells: tuple[int, ...], rays: tuple[Ray, ...], colour: Colour) -> int:
    """AXIO-9 for one hex: same-coloured hexes in unbroken lines along the given rays."""
    points = 0
    for ray in rays:
        for number in ray:
            if cells[number] != colour:
                break
            points += 1
    return points


def scored_tracks(
    all_tracks: tuple[Points, ...],
    owner: int,
    first: Colour,
    gained_first: int,
    second: Colour,
    gained_second: int,
    mode: str,
) -> tuple[tuple[Points, ...], int]:
    """The tracks after a placement's points, capped (AXIO-10, AXIO-18), and the stages reached.

    Each colour's track moves by the table ``TRACK_STEPS`` (``add_points``
    for one colour, looked up). A double's two hexes score for one colour,
    added at once (as ``add_points`` adds a colour's points of one scoring).
    """
    steps = TRACK_STEPS[mode]
    track = list(all_tracks[owner])
    if first == second:
        track[first], reached = steps[track[first]][gained_first + gained_second]
    else:
        track[first], reached = steps[track[first]][gained_first]
        track[second], more = steps[track[second]][gained_second]
        reached += more
    changed = list(all_tracks)  # faster than `(*a, x, *b)`
    changed[owner] = cast(Points, tuple(track))
    return tuple(changed), reached


def swap_offered(track: Points, held: Sequence[Tile]) -> bool:
    """AXIO-12: whether the rack shows none of the lowest colours (all tied colours count).

    A tile shows a lowest colour when the track of either of its colours is at the minimum.
    """
    low = min(track)
    for first, second in held:  # noqa: SIM110 (all() over a generator is slower: hot path)
        if track[first] == low or track[second] == low:
            return False
    return True


# ---------------------------------------------------------------------------
# Checking a move
# ---------------------------------------------------------------------------


def checked_move(state: State, move: AnyMove) -> Placed | None:
    """Check a move of the game; for a placement return its pair and colours.

    Returns ``None`` for a legal chance outcome, swap choice or decline. The
    rules are read in turn; the first one the move breaks is raised, once, at
    the end.

    Raises:
        Refusal: if the move is illegal.
    """
    index = state._index or index_of(state)
    kind = type(move)
    problem: Problem | None = None
    if index[1]:
        problem = "the game is over", _end_rule(state)
    elif state.draws:
        problem = _draw_problem(state, move)
    elif kind is SwapChoice:
        if not state.deciding:
            problem = (
                "no swap is offered now: the choice comes after a turn's placements, when "
                "the rack shows none of the seat's lowest colours",
                "AXIO-12",
            )
    elif kind is Decline:
        if not state.bonuses:
            problem = (
                "no bonus placement is pending: only a bonus placement may be declined, "
                "and one is owed only when the track of a colour reaches a cap",
                "AXIO-11",
            )
    elif kind is not Place:
        problem = (
            f"{_drawn(move)} is a chance outcome, but no draw is due: seat {state.seat} is "
            "to move (racks are refilled after a turn's placements)",
            "AXIO-13",
        )
    elif state.deciding:
        problem = f"seat {state.seat} must first choose to swap or keep its rack", "AXIO-12"
    else:
        place: Place = move  # type: ignore[assignment]  # the callers let moves only in
        geometry = GEOMETRY[len(state.cells)]
        pair = geometry.pair_of.get(place.cells)
        colours = place.colours
        tile = TILE_OF.get(colours)
        if pair is None or tile is None:
            problem = _shape_problem(geometry, place)
        elif not index[0] >> pair & 1:
            problem = _filled_problem(state, geometry, pair), "AXIO-7"
        elif (
            state.turn < len(state.racks)  # the seat's first placement (AXIO-8)
            and not state.bonuses
            and not _first_round_pairs(state, geometry) >> pair & 1
        ):
            problem = (
                f"in the first round a placement must put a hex next to a start cell that "
                f"no earlier placement touched; {_free_starts(state, geometry)}",
                "AXIO-8",
            )
        elif tile not in state.racks[state.seat] and not _could_hold(state, tile):
            problem = _not_held(state, tile), "AXIO-7"
        else:
            return pair, colours[0], colours[1]
    if problem is not None:
        raise Refusal(*problem)
    return None


def _drawn(move: object) -> str:
    """A chance outcome for a message: ``the draw +RB`` or ``the unseen draw``."""
    if type(move) is Draw:
        return f"the draw +{format_tile(move.tile)}"
    return "the unseen draw ?"


def _unknown(state: State, seat: int) -> int:
    """The unidentified tiles in a seat's rack (explicit games with unseen draws)."""
    unknown = state.unknown
    return unknown[seat] if unknown else 0


def _could_hold(state: State, tile: Tile) -> bool:
    return _unknown(state, state.seat) > 0 and tile in state.bag


def _not_held(state: State, tile: Tile) -> str:
    seat, name = state.seat, format_tile(tile)
    if _unknown(state, seat):
        return (
            f"seat {seat} has no {name} tile in its rack, and none of its "
            f"{_unknown(state, seat)} unseen tiles can be one: no {name} is left unidentified "
            "(in the bag or an unseen rack tile)"
        )
    return f"seat {seat} has no {name} tile in its rack"


def _draw_problem(state: State, move: AnyMove) -> Problem | None:
    """At a chance step: a draw of a tile the bag may hold, or the unseen draw (AXIO-13)."""
    kind = type(move)
    if kind is Unseen:
        return None
    if kind is not Draw:
        return (
            f"chance is to move: seat {state.seat} draws a tile ({state.draws} to draw), "
            "so no player may move now; enter the tile drawn (+RB) or ? if it is unseen",
            "AXIO-13",
        )
    tile = cast(Draw, move).tile
    if tile not in state.bag:
        return (
            f"no {format_tile(tile)} tile is in the bag (tiles left to draw: "
            f"{len(set(state.bag))} kinds, {len(state.bag)} tiles)",
            "AXIO-13",
        )
    return None


def _shape_problem(geometry: Geometry, move: Place) -> tuple[str, str]:
    """Why a placement's cells or colours cannot be a tile on this board (AXIO-1..3, AXIO-7)."""
    for colour in move.colours:
        if not 0 <= colour < len(COLOURS):
            return f"{colour} is not a colour 0..5 ({COLOUR_LETTERS})", "AXIO-1"
    first, second = move.cells
    for cell in move.cells:
        if cell not in geometry.area:
            return (
                f"cell {cell} is outside the playing area (radius {geometry.radius})",
                "AXIO-3",
            )
    if first == second:
        return f"both hexes are on cell {first}", "AXIO-7"
    return f"cells {first} and {second} are not adjacent", "AXIO-7"


def _filled_problem(state: State, geometry: Geometry, pair: PairIndex) -> str:
    for number in geometry.pair_cells[pair]:
        colour = state.cells[number]
        if colour != EMPTY:
            kind = "start cell" if number in geometry.start else "cell"
            return f"{kind} {geometry.area.cells[number]} already holds {COLOURS[colour]}"
    return "the cells are not empty"  # pragma: no cover (an empty pair would be listed)


def _free_starts(state: State, geometry: Geometry) -> str:
    free = [
        f"{cell}"
        for (cell, _), near in zip(START_CELLS, geometry.start_neighbours, strict=True)
        if all(state.cells[n] == EMPTY for n in near)
    ]
    return "untouched start cells: " + ", ".join(free)


def _end_rule(state: State) -> str:
    final = FINAL[state.mode]
    return "AXIO-14" if any(all_at(t, final) for t in state.tracks) else "AXIO-15"


def _turn_text(state: State) -> str:
    if state.draws:
        return f"chance to draw for seat {state.seat} ({state.draws} to draw)"
    if state.deciding:
        return f"seat {state.seat} to choose: swap or keep"
    if state.bonuses:
        return f"seat {state.seat} to place a bonus tile or decline ({state.bonuses} owed)"
    return f"seat {state.seat} to place, turn {state.turn}"


def refusal_error(state: State, move: AnyMove, refusal: Refusal) -> IllegalMoveError:
    """The error ``apply`` and ``score_move`` raise (a GameOverError once the game is over)."""
    over = (state._index or index_of(state))[1]  # is_over
    return illegal_move(
        written_move(move), refusal, turn="" if over else _turn_text(state), over=over
    )


# ---------------------------------------------------------------------------
# The legal moves
# ---------------------------------------------------------------------------


class LegalMoves(LazyMoves[AnyMove]):
    """The legal moves of a state, as a lazy sequence: moves are built when asked for.

    The order is stable. While placing: by pair of cells (in reading order of
    the first cell, then of the second), then by tile (the rack's distinct
    tiles in sorted order), then the tile's lower colour on the first cell,
    then the reverse (a double once). While a bonus placement is owed, the
    bonus placements in that order and then, last, :data:`DECLINE`
    (AXIO-11). While choosing to swap: :data:`KEEP`, then :data:`SWAP`. At a
    chance step of an explicit game: a :class:`Draw` of each distinct tile in
    the bag, in tile order, then :data:`UNSEEN`. A seat holding unseen tiles
    places any tile it could hold: its known tiles and those of the pool.

    ``len()`` is *pairs x choices* (plus one for the decline); indexing
    decodes a position with ``divmod`` and a search for the pair's bit.
    ``in`` checks one move without listing the moves.
    """

    __slots__ = (
        "_choices",
        "_count",
        "_fixed",
        "_hexes",
        "_pairs",
        "_placements",
        "_state",
        "_width",
    )

    def __init__(self, state: State) -> None:
        """List the moves of ``state``."""
        if type(state) is not State:
            wrong_type("axio.legal_moves", A_STATE, state)
        pairs, over = state._index or index_of(state)
        self._state = state
        if not over and not state.draws and not state.deciding:  # placing: the hot path
            geometry = GEOMETRY[len(state.cells)]
            seat = state.seat
            if state.turn < len(state.racks) and not state.bonuses:
                # the seat's first placement (AXIO-8): its first turn, no bonus owed
                pairs &= _first_round_pairs(state, geometry)
            held = state.racks[seat]
            unknown = state.unknown
            if unknown and unknown[seat]:  # any tile of the pool may be held
                held = tuple(sorted({*held, *state.bag}))
            self._choices = choices = _choices(held)
            self._width = width = len(choices)
            self._hexes = geometry.pair_hexes
            self._pairs: Mask = pairs
            self._placements = placements = pairs.bit_count() * width
            self._count = placements + (state.bonuses > 0)  # the decline, AXIO-11
            self._fixed: tuple[AnyMove, ...] | None = None
            return
        if over:
            fixed: tuple[AnyMove, ...] = ()
        elif state.draws:  # a chance step of an explicit game
            fixed = (*(Draw(tile) for tile in dict.fromkeys(state.bag)), UNSEEN)
        else:  # deciding
            fixed = (KEEP, SWAP)
        self._fixed = fixed
        self._count = self._placements = len(fixed)
        self._choices = ()
        self._width = self._pairs = 0
        self._hexes = ()

    def __len__(self) -> int:
        """The number of legal moves."""
        return self._count

    @overload
    def __getitem__(self, index: int) -> AnyMove: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[AnyMove, ...]: ...

    def __getitem__(self, index: int | slice) -> AnyMove | tuple[AnyMove, ...]:
        """The move at an index, as :meth:`LazyMoves.__getitem__`; an int in range goes first."""
        if type(index) is int and 0 <= index < self._count:  # random play's pick: one call
            # _at, inline for a placement (one call less on the hot path)
            if self._fixed is not None or index >= self._placements:
                return self._at(index)
            rank, choice = divmod(index, self._width)
            pair = nth_bit(self._pairs, rank)
            move = fast_place(self._hexes[pair], self._choices[choice])
            LISTED.last = (self._state, move, pair)
            return move
        return super().__getitem__(index)

    def _at(self, position: int) -> AnyMove:
        """The move at ``position`` (in range).

        A placement is remembered in the state's index with its pair, so that
        ``apply`` knows it for legal without checking it (see ``_Listed``).
        """
        if self._fixed is not None:
            return self._fixed[position]
        if position >= self._placements:
            return DECLINE
        rank, choice = divmod(position, self._width)
        pair = nth_bit(self._pairs, rank)
        move = fast_place(self._hexes[pair], self._choices[choice])
        LISTED.last = (self._state, move, pair)
        return move

    def __iter__(self) -> Iterator[AnyMove]:
        """Every legal move, in order."""
        if self._fixed is not None:
            yield from self._fixed
            return
        hexes, choices = self._hexes, self._choices
        for pair in iter_bits(self._pairs):
            cells = hexes[pair]
            for colours in choices:
                yield fast_place(cells, colours)
        if self._count > self._placements:
            yield DECLINE

    def __contains__(self, move: object) -> bool:
        """Whether ``move`` is a legal move of the state (without listing the moves)."""
        if type(move) not in MOVE_TYPES:
            return False
        try:
            checked_move(self._state, move)  # type: ignore[arg-type]
        except Refusal:
            return False
        return True


def format_moves(moves: Sequence[AnyMove]) -> list[str]:
    """Moves in notation: ``[format_move(move) for move in moves]``, made faster.

    The optional :attr:`tilegames.Rules.format_moves`. A listing of
    :func:`legal_moves` while placing is written from what it is made of,
    pair by pair and tile by tile (:func:`format_placements`): no
    :class:`Place` is built and each cell's text is made once a pair, about
    six times as fast as move by move (an opening lists 1,700 placements);
    any other sequence is written move by move.

    Raises:
        WrongTypeError: for an item that is not a move of the game.
    """
    if type(moves) is LegalMoves and moves._fixed is None:
        hexes = moves._hexes
        written = format_placements(
            (hexes[pair] for pair in iter_bits(moves._pairs)), moves._choices
        )
        if moves._count > moves._placements:
            written.append(format_move(DECLINE))
        return written
    return [format_move(move) for move in moves]
