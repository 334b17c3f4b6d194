"""Polygon's validation of documents: states, views, moves and outcomes.

:func:`check_state` is the guard that the rules run on a state they did not
make themselves (built by hand, unpickled, loaded) before they first read
its board (:func:`check_hand_made`: once, then the state is indexed): every
field has the shape the rules rely on (:mod:`~tilegames.polygon._checks`).
:func:`validate` runs the same checks and then asks whether the game could
have reached the value: the start-order draw, the seat to move, every tile
of the set exactly once, and what can be told from a final board of the
placement rules of spec v2 (POLY-2, POLY-7, POLY-8, POLY-11, POLY-12); in
an explicit game, its chance step too. Messages read ``"where: problem"``.
"""

from __future__ import annotations

from collections.abc import Iterable

from tilegames._core import checks, rng
from tilegames._core.chance import CHANCE
from tilegames._core.checks import invalid
from tilegames._core.rules import Outcome, Seat, rank_by
from tilegames.polygon._checks import check_public, check_set, check_totals, check_values
from tilegames.polygon._model import (
    CELL,
    MIN_PLAYERS,
    NAME,
    ROLL,
    SPACES,
    STANDARD_TILES,
    START_CELL,
    START_DRAW,
    SYMBOLS,
    TITLE,
    Draw,
    Place,
    Roll,
    State,
    Value,
    View,
    sorted_values,
)
from tilegames.polygon._moves import highest
from tilegames.polygon._tables import LINKS, STANDARD_SCORING, index_of, printed_depth


def check_state(state: State) -> None:
    """Refuse a state whose fields do not have the shape the rules rely on.

    The rules call it on a state they did not make (by hand, unpickled,
    loaded) before they first read its board; :func:`validate` checks more.

    Raises:
        InvalidStateError: naming the field and the problem.
    """
    bag = check_values("State.bag", state.bag)
    if state.explicit is True and bag != sorted_values(bag):  # its type is checked below
        raise invalid(
            "State.bag",
            "an explicit game's bag is its contents in VALUES order (chance orders the draws)",
        )
    if type(state.seed) is not int or not 0 <= state.seed < 1 << rng.SEED_BITS:
        raise invalid("State.seed", f"{state.seed!r} is not a {rng.SEED_BITS}-bit seed")
    count = check_public("State", state)
    checks.check_int("State.seat", state.seat, 0, count - 1)
    _check_step_bag("State", state.step, len(bag))
    if state.step == START_DRAW:  # who draws next is read from the rounds
        _check_start_rounds("State.start_draw", state.start_draw, count, len(_set_of(state, None)))


def check_hand_made(state: State) -> None:
    """Check a state the rules did not make (its index slot is ``None``), then index it.

    A state made by ``new_game`` or ``apply`` has its index and is not checked
    again; a hand-made one is checked once, before its board is first read.

    Raises:
        InvalidStateError: if the state does not have the shape the rules rely on.
    """
    if state._index is None:
        check_state(state)
        index_of(state)


# ---------------------------------------------------------------------------
# History: could the game have reached it? (POLY-2, POLY-7, POLY-8, POLY-10)
# ---------------------------------------------------------------------------


def _check_round(where: str, draws: object, drawing: list[Seat]) -> tuple[tuple[Seat, Value], ...]:
    """Check one round of the start-order draw: the seats that should draw, and their tiles."""
    if type(draws) is not tuple or any(
        type(pair) is not tuple or len(pair) != 2 for pair in draws
    ):
        raise invalid(where, "expected a tuple of (seat, tile) pairs")
    seats = [seat for seat, _ in draws]
    if seats != drawing:
        raise invalid(where, f"seats {seats} drew; {drawing} should have (POLY-7)")
    check_values(where, tuple(value for _, value in draws))
    return draws


def _check_start_draw(where: str, value: State | View, count: int) -> Seat:
    """Check the start-order draw (POLY-7) against the START tile; return the seat that won it."""
    where, rounds = f"{where}.start_draw", value.start_draw
    if type(rounds) is not tuple or not rounds:
        raise invalid(where, "expected at least one round of draws")
    drawing = list(range(count))
    winner = -1
    for number, given in enumerate(rounds):
        here = f"{where}[{number}]"
        if winner >= 0:
            raise invalid(here, "a round after the draw was decided")
        draws = _check_round(here, given, drawing)
        drawing = highest(draws)
        if len(drawing) == 1:
            winner = drawing[0]
            if dict(draws)[winner] != value.stacks[START_CELL][0]:
                raise invalid(
                    here, f"seat {winner} won the draw, so its tile lies on START (POLY-7)"
                )
    if winner < 0:
        raise invalid(where, "the draw ends with seats still tied (POLY-7)")
    return winner


def _check_start_rounds(where: str, rounds: object, count: int, set_size: int) -> list[Value]:
    """An undecided start-order draw of an explicit game (POLY-7); the tiles out of the bag.

    Rounds as in :func:`_check_start_draw`, the last one possibly unfinished
    and none decided; a round that ends tied when the bag holds fewer tiles
    than the tied seats need returns every drawn tile to the bag.
    """
    if type(rounds) is not tuple:
        raise invalid(where, "expected a tuple of rounds")
    drawing = list(range(count))
    held: list[Value] = []
    unfinished = False
    for number, given in enumerate(rounds):
        here = f"{where}[{number}]"
        if unfinished:
            raise invalid(here, "a round after an unfinished one (POLY-7)")
        if type(given) is not tuple or not 0 < len(given) <= len(drawing):
            raise invalid(here, f"expected 1 to {len(drawing)} (seat, tile) pairs")
        draws = _check_round(here, given, drawing[: len(given)])
        held.extend(value for _, value in draws)
        unfinished = len(draws) < len(drawing)
        if unfinished:
            continue
        drawing = highest(draws)
        if len(drawing) == 1:
            raise invalid(
                here,
                f"seat {drawing[0]} won the draw, so its tile lies on START and the "
                "draw is over (POLY-7)",
            )
        if set_size - len(held) < len(drawing):  # the tie cannot be drawn out
            held = []
    return held


def _check_starting(
    where: str, value: State | View, tiles: tuple[Value, ...], bag: tuple[Value, ...]
) -> None:
    """An explicit game during its start-order draw: nothing but the draw has happened.

    ``bag`` is the bag's contents (a state's bag, a view's ``bag_contents``).
    """
    if any(value.totals) or value.turn != 1 or value.symbol or value.aside:
        raise invalid(
            where,
            "the start-order draw is under way, so every total is 0, the turn 1, the "
            "symbol 0 and no tile is aside (POLY-7, POLY-8)",
        )
    if _played(value):
        raise invalid(f"{where}.stacks", "a played tile before the start-order draw ended")
    held = _check_start_rounds(
        f"{where}.start_draw", value.start_draw, len(value.totals), len(tiles)
    )
    name = "bag" if type(value) is State else "bag_contents"
    _check_set(where, tiles, {"start_draw": held, name: bag})


def _check_step_bag(where: str, step: str, bag_size: int) -> None:
    """A chance step draws or rolls for a turn, so the bag holds a tile (POLY-15)."""
    if step and not bag_size:
        raise invalid(
            f"{where}.step",
            f"{step!r} with an empty bag: the game ended with the turn that emptied it (POLY-15)",
        )


def _check_progress(where: str, value: State | View, bag_size: int) -> None:
    if value.step:
        _check_step_bag(where, value.step, bag_size)
        if value.placed:
            raise invalid(
                f"{where}.placed", "placements before the turn's roll and draw (POLY-9, POLY-10)"
            )
        if value.step == ROLL and value.turn == 1 and value.symbol:
            raise invalid(
                f"{where}.symbol", "the first turn's die is not rolled yet: the symbol is 0"
            )
        return
    if not value.drawn and bag_size:
        raise invalid(f"{where}.drawn", "no tile is drawn but the bag is not empty (POLY-10)")


def _check_set(where: str, tiles: tuple[Value, ...], parts: dict[str, Iterable[Value]]) -> None:
    """Every tile of the set is in sight or in the bag exactly once (POLY-2)."""
    counts = checks.count(tiles)
    for field, values in parts.items():
        checks.take(f"{where}.{field}", counts, values, "tile {}".format, "POLY-2")
    left = sum(counts.values())
    if left:
        missing = next(value for value, n in counts.items() if n)
        raise invalid(where, f"{left} tiles of the set are nowhere, such as {missing} (POLY-2)")


def _check_counters(
    where: str, value: State | View, bag_size: int, set_size: int, first: Seat
) -> None:
    """The turn number, the bag, the drawn and placed tiles and the totals agree (POLY-10, 13).

    Past the start draw, which leaves every tile but the START tile in the bag
    (POLY-7), turn ``t`` has drawn ``2t`` tiles in all, or ``2t - 1`` when the
    bag held one tile for its draw; the bag is then empty (POLY-10).
    """
    turn, drawn, placed = value.turn, value.drawn, value.placed
    out = set_size - 1 - bag_size  # tiles drawn in turns 1 .. turn
    this_turn = out - 2 * (turn - 1)  # drawn for this turn: 2, or 1 from a bag of one
    if value.step and this_turn != len(value.first_drawn):
        raise invalid(
            f"{where}.turn",
            f"turn {turn} waits for chance ({value.step!r}) with {len(value.first_drawn)} tiles "
            f"drawn, but {out} tiles of the set of {set_size} have left the bag since the "
            f"start draw (bag {bag_size}): each turn before draws 2 (POLY-10)",
        )
    if value.step:
        pass
    elif this_turn != 2 and (bag_size or this_turn != 1):
        raise invalid(
            f"{where}.turn",
            f"turn {turn}, but {out} tiles of the set of {set_size} have left the bag since "
            f"the start draw (bag {bag_size}): each turn draws 2, one only from a bag of one, "
            "so the bag and the turn disagree (POLY-10)",
        )
    if not drawn and placed:
        raise invalid(
            f"{where}.placed",
            f"{len(placed)} placed after the game's last turn was scored: a turn's "
            "placements are cleared when it ends (POLY-13, POLY-15)",
        )
    if len(placed) + len(drawn) > this_turn:
        raise invalid(
            f"{where}.placed",
            f"{len(placed)} placed and {len(drawn)} drawn, but turn {turn} drew "
            f"{this_turn} from a bag of {this_turn} (POLY-10)",
        )
    if drawn and this_turn - len(placed) - len(drawn) > len(value.aside):
        raise invalid(
            f"{where}.aside",
            f"turn {turn} drew {this_turn} tiles, {len(placed)} placed and {len(drawn)} still "
            f"to place, so one was set aside, but {len(value.aside)} are aside (POLY-11)",
        )
    count = len(value.totals)
    scored = turn if not drawn and not value.step else turn - 1  # turns over and scored
    best = max(points for _, points in (value.scoring or STANDARD_SCORING))
    for seat, total in enumerate(value.totals):
        # Seat ``first`` plays turns 1, 1 + count, ...; each turn credits at most
        # one grouping to each of its two tiles (POLY-13).
        offset = (seat - first) % count
        turns = (scored - 1 - offset) // count + 1 if scored > offset else 0
        if total > 2 * best * turns:
            raise invalid(
                f"{where}.totals[{seat}]",
                f"{total} points from {turns} scored turns: a turn scores at most two "
                f"groupings of at most {best} (POLY-13)",
            )


def _check_placements(where: str, value: State | View) -> None:
    """Each tile placed this turn was placed by the turn's symbol (POLY-11).

    Each placement shared a corner of the turn's symbol with another space
    holding a played tile then, and played spaces stay played. (A turn names
    at most one space here: after its second tile it is over.)
    """
    depth = printed_depth(value.board)
    symbol = value.symbol
    played = 0
    for cell, stack in enumerate(value.stacks):
        if len(stack) > depth[cell]:
            played |= 1 << cell
    for cell in value.placed:
        if not LINKS[cell][symbol] & played:
            raise invalid(
                f"{where}.placed",
                f"space {SPACES[cell]} shares no {SYMBOLS[symbol]} corner with another "
                "space holding a played tile, yet a tile was placed there this turn (POLY-11)",
            )


def _played(value: State | View) -> list[Value]:
    """The played tiles of a board (its printed tiles left out)."""
    depth = printed_depth(value.board)
    return [tile for cell, stack in enumerate(value.stacks) for tile in stack[depth[cell] :]]


def _check_connected(where: str, value: State | View) -> None:
    """Every played tile joins START through played tiles (POLY-11).

    Each placement shares a corner with another space holding a played tile,
    and a space once played stays played, so the played spaces of a reachable
    board are linked to START, corner by corner. (Which symbol each placement
    used, and whether a tile stacked in the past was reached then, cannot be
    told from the final board.)
    """
    depth = printed_depth(value.board)
    played = {cell for cell, stack in enumerate(value.stacks) if len(stack) > depth[cell]}
    found, pending = {START_CELL}, [START_CELL]
    while pending:
        links = LINKS[pending.pop()]
        for cell in played - found:
            if any(link >> cell & 1 for link in links):
                found.add(cell)
                pending.append(cell)
    cut_off = sorted(played - found)
    if cut_off:
        space = SPACES[cut_off[0]]
        raise invalid(
            f"{where}.stacks",
            f"{len(cut_off)} played spaces, such as {space}, share no corner with the "
            "played tiles around START: a tile goes only next to a played tile (POLY-11)",
        )


def _check_history(
    where: str, value: State | View, tiles: tuple[Value, ...], bag: tuple[Value, ...], first: Seat
) -> None:
    """The checks of a state or view past the start-order draw that ``first`` won.

    ``bag`` is the bag's contents (a state's bag, a view's ``bag_contents``).
    """
    _check_progress(where, value, len(bag))
    _check_connected(where, value)
    name = "bag" if type(value) is State else "bag_contents"
    parts = {"stacks": _played(value), "drawn": value.drawn, name: bag}
    _check_set(where, tiles, {**parts, "aside": value.aside, "first_drawn": value.first_drawn})
    _check_counters(where, value, len(bag), len(tiles), first)
    _check_placements(where, value)


def _validate_state(state: State, tiles: tuple[Value, ...]) -> None:
    check_state(state)
    count = len(state.totals)
    if state.step == START_DRAW:
        if state.seat:
            raise invalid("State.seat", "no seat has won the start-order draw yet: it is 0")
        _check_starting("State", state, tiles, state.bag)
        return
    first = _check_start_draw("State", state, count)
    if state.seat != (first + state.turn - 1) % count:
        raise invalid(
            "State.seat",
            f"{state.seat!r} cannot play turn {state.turn}: seat {first} started, and seats "
            "take turns in order (POLY-8)",
        )
    _check_history("State", state, tiles, state.bag, first)


def _validate_view(seen: View, tiles: tuple[Value, ...]) -> None:
    count = check_public("View", seen)
    if seen.seat is not None:  # None: the public view
        checks.check_int("View.seat", seen.seat, 0, count - 1)
    contents = check_values("View.bag_contents", seen.bag_contents)
    if contents != sorted_values(contents):
        raise invalid("View.bag_contents", "the tiles are listed in VALUES order")
    if seen.bag_size != len(contents):
        raise invalid(
            "View.bag_size", f"{seen.bag_size!r} tiles, but the contents list {len(contents)}"
        )
    if seen.step == START_DRAW:
        if seen.to_move != (CHANCE,):
            raise invalid("View.to_move", f"{seen.to_move!r}: chance draws for the start order")
        _check_starting("View", seen, tiles, contents)
        return
    first = _check_start_draw("View", seen, count)
    expected = ((first + seen.turn - 1) % count,) if seen.drawn else ()
    if seen.step:
        expected = (CHANCE,)
    if seen.to_move != expected:
        raise invalid("View.to_move", f"{seen.to_move!r}, but the turn says {expected} (POLY-8)")
    _check_history("View", seen, tiles, contents, first)


def _validate_outcome(result: Outcome) -> None:
    if result.game not in ("", NAME):
        raise invalid("Outcome.game", f"{result.game!r} is not {NAME!r}")
    if result.mode:
        raise invalid("Outcome.mode", f"{result.mode!r}: {TITLE} has no modes")
    check_totals("Outcome.scores", result.scores)
    if result.ranking != rank_by(result.scores):
        raise invalid("Outcome.ranking", "the places do not follow the totals (POLY-15)")


def _set_of(value: State | View, tiles: Iterable[Value] | None) -> tuple[Value, ...]:
    """The set to count a value's tiles against: its own, else ``tiles``, else the standard."""
    if value.tiles is None and tiles is not None:
        return check_set(tiles, MIN_PLAYERS)
    return STANDARD_TILES if value.tiles is None else value.tiles


def validate(
    value: State | View | Outcome | Place | Draw | Roll, *, tiles: Iterable[Value] | None = None
) -> None:
    """Check a state, view or outcome made outside the rules, for example loaded from JSON.

    A state passes when the game could have reached it: two to four seats
    with totals of at least 0, 61 stacks with the printed tiles at the bottom
    and never a tile on one of its own value, a tile on START, a start-order
    draw that picks the seat of the START tile, a seat to move that follows
    from it and the turn number, at most two tiles to a turn, and every tile
    of its set (:attr:`State.tiles`, else :data:`STANDARD_TILES`) exactly
    once across the board, the drawn tiles, the bag and the tiles set aside.
    A view passes the same checks on what it shows. An outcome needs the
    places that POLY-15 gives its totals, and no mode (Polygon has none; an
    outcome from an older document, without game and mode, is checked the
    same way). A move is checked by its constructor, so any :class:`Place`
    on the board passes, and so does any :class:`Draw` or :class:`Roll`.
    A state of an explicit game (``chance="explicit"``) passes the same
    checks at a seat's step, and at a chance step those of its step: during
    the start-order draw nothing else has happened and the tiles drawn and the
    bag make up the set; at a roll or draw the turn's tiles drawn so far
    (:attr:`State.first_drawn`) agree with the turn and the bag.
    :mod:`tilegames.serialize` calls this on everything it loads.

    >>> import attrs
    >>> from tilegames import polygon
    >>> state = polygon.new_game(seed=2)
    >>> validate(state)
    >>> validate(attrs.evolve(state, bag=state.bag[1:]))
    Traceback (most recent call last):
    ...
    tilegames.errors.InvalidStateError: State: 1 tiles of the set are nowhere, such as ...

    Arguments and errors as :attr:`tilegames.Rules.validate`; ``tiles`` is the game's
    custom set, for a state or view that does not carry its set (written
    before states carried it); a carried set wins.
    """
    if type(value) is State:
        _validate_state(value, _set_of(value, tiles))
    elif type(value) is View:
        _validate_view(value, _set_of(value, tiles))
    elif type(value) is Outcome:
        _validate_outcome(value)
    elif type(value) is Place:
        if value.space is not None and value.space not in CELL:
            raise invalid("Place.space", f"{value.space} is not a space of the board (POLY-4)")
    elif type(value) is not Draw and type(value) is not Roll:
        checks.wrong_type(
            "polygon.validate", "a Polygon State, View, Place, Draw, Roll or Outcome", value
        )
