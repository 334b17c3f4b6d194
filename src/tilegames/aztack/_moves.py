"""Aztack's move generator and its move checks (AZT-6 .. AZT-19, AZT-8 .. AZT-10).

:class:`LegalMoves` lists the moves lazily from a state's index (its spots
with the masks of the stones that fit, and the supplies as bitmasks, built
in ``_tables.py``), and :func:`check` says why one move or chance outcome
of an explicit game's setup is illegal, raising a
:class:`~tilegames._core.refusal.Refusal`.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Iterator
from typing import Final, overload

import attrs

from tilegames._core.bits import Mask, iter_bits, mask_of, nth_bit
from tilegames._core.chance import CHANCE
from tilegames._core.moves import LazyMoves
from tilegames._core.refusal import Refusal
from tilegames._core.rules import Seat
from tilegames.aztack._model import (
    BASE_STONES,
    CELLS,
    COLOURS,
    DEPTH,
    MOVE_TYPES,
    TITLE,
    WIDTH,
    AnyMove,
    Cell,
    Deal,
    Index,
    Kind,
    Lay,
    Match,
    Move,
    Pass,
    Place,
    SetInfo,
    State,
    StoneId,
    half_of,
)
from tilegames.aztack._notation import format_half, format_move, format_stone
from tilegames.aztack._tables import (
    ADJACENT,
    CELL_XY,
    NUMBER,
)
from tilegames.geometry.pyramid import NO_STONE, Pyramid

# ---------------------------------------------------------------------------
# Legal moves
# ---------------------------------------------------------------------------


class _Hand:
    """One seat's stones, as the move generator uses them."""

    __slots__ = ("held", "info", "listed", "rest")

    def __init__(self, info: SetInfo, held: tuple[StoneId, ...], mask: Mask) -> None:
        """The hand of the stones ``held`` (ascending), whose bitmask is ``mask``."""
        self.info = info
        self.held = held
        self.listed = mask_of(_canonical(info, held)) if info.twins else mask
        """The stones whose placements are listed: one of each alike group (the lowest id)."""
        self.rest = len(held) - 1
        """How many discards a bonus placement offers (when no two stones are alike)."""

    def discards(self, stone: StoneId) -> tuple[StoneId, ...]:
        """The stones that may be discarded after placing ``stone`` with the bonus, ascending."""
        others = tuple(s for s in self.held if s != stone)
        return _canonical(self.info, others) if self.info.twins else others

    def bonus_count(self, bonus: Mask) -> int:
        """The moves of the bonus stones in ``bonus``: each without a discard, or with one."""
        if not self.info.twins:
            return bonus.bit_count() * (self.rest + 1)
        return sum(1 + len(self.discards(stone)) for stone in iter_bits(bonus))

    def count(self, stones: Mask, bonus: Mask) -> int:
        """The moves of ``stones`` on one spot one way, ``bonus`` of them with the bonus."""
        return stones.bit_count() + (self.bonus_count(bonus) - bonus.bit_count() if bonus else 0)


def _canonical(info: SetInfo, held: Iterable[StoneId]) -> tuple[StoneId, ...]:
    """Of each group of alike stones among ``held``, the lowest id (``held`` ascending)."""
    seen: set[StoneId] = set()
    result = []
    twin = info.twin
    for stone in held:
        if twin[stone] not in seen:
            seen.add(twin[stone])
            result.append(stone)
    return tuple(result)


_Group = tuple[Seat, Cell, Cell, Mask, Mask]
"""``(seat, a, b, stones, bonus stones)``: the moves on spot ``a < b``, both ways.

The masks hold both orientations, as the spot's masks do (:data:`Spot`):
the low ``shift`` bits (:attr:`SetInfo.shift`) the stones laid first half on
``a``, the bits above them the stones laid first half on ``b``."""

_Listing = tuple[Pass | None, list[_Group], list[int], dict[Seat, _Hand]]
"""The legal moves of a state as :func:`_listing` lays them out."""

_NONE: _Listing = (None, [], [], {})
"""The layout of no moves at all (the game is over); never changed."""


def _listing(state: State, index: Index) -> _Listing:
    """Lay out the legal moves of a state that is not over (see :class:`LegalMoves`).

    Returns ``(only, groups, ends, hands)``: ``only`` is the one move of a
    turn-game seat that cannot place (its :class:`Pass`), else ``None``;
    ``groups`` are the moves on one spot (:data:`_Group`), and ``ends[i]``
    is the number of moves in ``groups[: i + 1]``; ``hands`` are the seats'
    hands, made when first needed (:meth:`LegalMoves._hand`).
    """
    groups: list[_Group] = []
    ends: list[int] = []
    hands: dict[Seat, _Hand] = {}
    turn = state.whose_turn
    if turn is not None and turn not in index.movers:
        return Pass(turn), groups, ends, hands
    info = index.info
    shift = info.shift
    group, end = groups.append, ends.append  # (bound once: the loop below is the hot one)
    total = 0
    for seat in index.movers if turn is None else (turn,):
        if info.twins:  # one stone of each alike group (AZT-2): the slow way, kept apart
            hand = hands[seat] = _Hand(info, state.supplies[seat], index.masks[seat])
            total = _twins_listing(hand, seat, index, total, groups, ends)
            continue
        held = index.masks[seat]
        held |= held << shift  # the seat's stones, for both orientations at once
        rest = len(state.supplies[seat]) - 1  # the discards a bonus placement offers
        for a, b, fit, exact, _ in index.spots:
            stones = fit & held
            if stones:
                total += stones.bit_count()
                bonus = exact & stones
                if bonus:  # each bonus stone also with each discard (AZT-13)
                    total += bonus.bit_count() * rest
                group((seat, a, b, stones, bonus))
                end(total)
    return None, groups, ends, hands


def _twins_listing(
    hand: _Hand, seat: Seat, index: Index, total: int, groups: list[_Group], ends: list[int]
) -> int:
    """Lay out one seat's moves in a set with alike stones; return the new total."""
    shift = index.info.shift
    low = (1 << shift) - 1
    held = hand.listed | hand.listed << shift
    for a, b, fit, exact, _ in index.spots:
        stones = fit & held
        if stones:
            bonus = exact & stones
            total += hand.count(stones & low, bonus & low) + hand.count(
                stones >> shift, bonus >> shift
            )
            groups.append((seat, a, b, stones, bonus))
            ends.append(total)
    return total


class LegalMoves(LazyMoves[Move]):
    """The legal moves of a state, as a lazy sequence: moves are built when asked for.

    A sequence of :class:`Move` (the public element type, kept for callers'
    annotations); each item is one of :data:`AnyMove`.

    The order is stable:

    1. by seat (only the speed stack lists several seats);
    2. by spot, in reading order of its cells ``(a, b)`` with ``a < b`` by
       cell number ``y * 6 + x`` (the order of
       :func:`tilegames.geometry.pyramid.adjacent_pairs`);
    3. by orientation: the stone's first half on ``a``, then on ``b``;
    4. by stone id;
    5. by discard: none first, then each stone that may go, by id (AZT-13).

    A turn-game seat that cannot place has the one move :class:`Pass` (AZT-14).

    ``len()`` is a sum of bit counts over the spots; indexing finds the spot
    by bisection and walks at most one seat's stones. The move built last by
    indexing is noted in the state's index, so that
    :func:`~tilegames.aztack.apply` need not check it again.
    """

    __slots__ = ("_ends", "_groups", "_hands", "_index", "_only", "_state")

    def __init__(self, state: State, index: Index) -> None:
        """List the moves of ``state``, whose index is ``index``."""
        self._state = state
        self._index = index
        # Laid out anew at each call, not kept in the index: random play asks once a state,
        # and a search keeping many states alive would keep every layout alive too.
        listing = _NONE if index.over else _listing(state, index)
        self._only, self._groups, self._ends, self._hands = listing

    def __len__(self) -> int:
        """The number of legal moves."""
        if self._only is not None:
            return 1
        ends = self._ends
        return ends[-1] if ends else 0

    @overload
    def __getitem__(self, position: int) -> Move: ...

    @overload
    def __getitem__(self, position: slice) -> tuple[Move, ...]: ...

    def __getitem__(self, position: int | slice) -> Move | tuple[Move, ...]:
        """The move at an index (negative counts from the end), or a tuple for a slice.

        Raises:
            IndexError: if the index is out of range.
        """
        ends = self._ends
        if type(position) is int and ends and 0 <= position < ends[-1]:  # a placement, first
            move = self._build(position)
            self._index.picked = move  # as in _at
            return move
        return super().__getitem__(position)

    def _hand(self, seat: Seat) -> _Hand:
        """The seat's hand, made on first use (with alike stones, by the listing)."""
        hand = self._hands.get(seat)
        if hand is None:
            state = self._state
            hand = _Hand(self._index.info, state.supplies[seat], self._index.masks[seat])
            self._hands[seat] = hand
        return hand

    def _at(self, position: int) -> AnyMove:
        move = self._build(position)
        self._index.picked = move  # a cache: this move is legal in the state (see apply)
        return move

    def _build(self, position: int) -> AnyMove:
        """The move at ``position`` (``0 <= position < len(self)``)."""
        only = self._only
        if only is not None:
            return only
        ends = self._ends
        slot = bisect.bisect_right(ends, position)
        seat, a, b, stones, bonus = self._groups[slot]
        offset = position - (ends[slot - 1] if slot else 0)
        shift = self._index.info.shift
        first = stones & ((1 << shift) - 1)  # first half on a (the low bits), then on b
        if not bonus:  # one move per stone: the offset-th stone
            count = first.bit_count()
            if offset < count:
                stone = nth_bit(first, offset)
            else:
                stone = nth_bit(stones >> shift, offset - count)
                a, b = b, a
            # Made once per set: building and checking a Place costs more than the lookup.
            key = ((seat * shift + stone) * CELLS + a) * CELLS + b
            places = self._index.info.places
            move = places.get(key)
            if move is None:
                move = places[key] = Place(seat, stone, CELL_XY[a], CELL_XY[b])
            return move
        hand = self._hand(seat)
        count = hand.count(first, bonus & ((1 << shift) - 1))
        if offset < count:
            return _walk(hand, seat, a, b, first, bonus, offset)
        return _walk(hand, seat, b, a, stones >> shift, bonus >> shift, offset - count)

    def __iter__(self) -> Iterator[Move]:
        """Every legal move, in order."""
        if self._only is not None:
            yield self._only
            return
        shift = self._index.info.shift
        for seat, a, b, stones, bonus in self._groups:
            for first, second, laid, bonused in (
                (a, b, stones & ((1 << shift) - 1), bonus),
                (b, a, stones >> shift, bonus >> shift),
            ):
                one, two = CELL_XY[first], CELL_XY[second]
                for stone in iter_bits(laid):
                    yield Place(seat, stone, one, two)
                    if bonused >> stone & 1:
                        for discard in self._hand(seat).discards(stone):
                            yield Place(seat, stone, one, two, discard)

    def __contains__(self, move: object) -> bool:
        """Whether ``move`` is a legal move of the state (without listing the moves)."""
        if type(move) not in MOVE_TYPES or self._index.over:
            return False
        try:
            check_move(self._state, self._index, move)  # type: ignore[arg-type]
        except Refusal:
            return False
        return True


def _walk(
    hand: _Hand, seat: Seat, first: Cell, second: Cell, stones: Mask, bonus: Mask, offset: int
) -> Place:
    """The ``offset``-th move laying one of ``stones`` on ``first``, ``second`` (with bonuses).

    ``bonus`` may hold bits above the stones' (the other orientation): only
    the bits of ``stones`` are read.
    """
    for stone in iter_bits(stones):
        if bonus >> stone & 1:
            choices = hand.discards(stone)
            if offset <= len(choices):
                discard = choices[offset - 1] if offset else None
                return Place(seat, stone, CELL_XY[first], CELL_XY[second], discard)
            offset -= len(choices) + 1
        elif offset:
            offset -= 1
        else:
            return Place(seat, stone, CELL_XY[first], CELL_XY[second])
    raise AssertionError(offset)  # pragma: no cover (the counts add up)


def seats_to_move(index: Index, turn: Seat | None) -> tuple[Seat, ...]:
    """The seats that may move (:func:`~tilegames.aztack.to_move`) by a state's index and turn."""
    if index.over:
        return (CHANCE,) if index.setup else ()
    return index.movers if turn is None else (turn,)


# ---------------------------------------------------------------------------
# The one move check (AZT-6, AZT-7, AZT-11 .. AZT-14, AZT-17)
# ---------------------------------------------------------------------------


def end_rule(state: State) -> str:
    """The rule that ended the game: an empty supply, or nobody able to place."""
    if not all(state.supplies):
        return "AZT-18" if state.whose_turn is None else "AZT-15"
    return "AZT-18" if state.whose_turn is None else "AZT-16"


def check(state: State, index: Index, move: AnyMove) -> Match:
    """What a legal move matches (``NONE`` for a pass or a chance outcome); else raise Refusal.

    The one check behind :func:`why_illegal`, :func:`apply` and
    :func:`score_move`: first whether the game is over, then the rules of a
    seat's move (:func:`check_move`) or of a chance outcome.
    """
    if index.over and not index.setup:
        rule = end_rule(state)
        raise Refusal("the game is over", rule)
    if isinstance(move, (Lay, Deal)):  # the exact types: the rules take no other
        _check_chance(state, index, move)
        return Match.NONE
    return check_move(state, index, move)


def check_move(state: State, index: Index, move: Place | Pass) -> Match:
    """What a legal move of a game not over matches (``NONE`` for a pass); else raise Refusal.

    Also behind ``in`` :func:`legal_moves`.
    """
    if index.setup:
        raise _chance_to_move(state, move.seat)
    seat, count, turn = move.seat, len(state.supplies), state.whose_turn
    if not 0 <= seat < count:
        raise Refusal(f"seat {seat} is not in this {count}-player game")
    if turn is not None and seat != turn:
        raise Refusal(f"it is seat {turn}'s turn, not seat {seat}'s", "AZT-11")
    if type(move) is Pass:
        if turn is None:
            raise Refusal("there is no passing in the speed stack", "AZT-17")
        if seat in index.movers:
            raise Refusal(f"seat {seat} can place a stone, so it may not pass", "AZT-14")
        return Match.NONE
    assert isinstance(move, Place)  # for mypy: the move types are Place and Pass
    a, b = _check_spot(state, index, move)
    found = _check_match(state, index, move, a, b)
    if move.discard is not None:
        _check_discard(state, index, move, move.discard, found)
    return found


def _chance_to_move(state: State, seat: Seat) -> Refusal:
    """The refusal of a seat's move while chance sets the game up (AZT-8 .. AZT-10)."""
    if 0 in state.pyramid.heights:
        doing, rule = "the base is still being laid", "AZT-8"
    else:
        doing, rule = "the stones are still being dealt", "AZT-10"
    return Refusal(
        f"chance is to move, not seat {seat}: {doing}; enter the chance outcome first "
        "(legal_moves lists them)",
        rule,
    )


def _not_held(state: State, seat: Seat, stone: StoneId) -> str:
    return f"stone {stone} is not one of seat {seat}'s stones {list(state.supplies[seat])}"


def _check_spot(state: State, index: Index, move: Place) -> tuple[Cell, Cell]:
    """The stone is the seat's and the two cells are a spot (AZT-6); return the cells."""
    seat, stone = move.seat, move.stone
    if stone < 0 or not index.masks[seat] >> stone & 1:
        raise Refusal(_not_held(state, seat, stone), "AZT-12")
    for cell in (move.first, move.second):
        if cell not in NUMBER:
            raise Refusal(f"cell {cell} is off the {WIDTH}x{DEPTH} grid of the base", "AZT-6")
    a, b = NUMBER[move.first], NUMBER[move.second]
    if (a, b) not in ADJACENT:
        raise Refusal(f"cells {move.first} and {move.second} are not side by side", "AZT-6")
    grid = state.pyramid
    ha, hb = grid.heights[a], grid.heights[b]
    if ha != hb:
        raise Refusal(
            f"cells {move.first} and {move.second} have heights {ha} and {hb}: "
            "the stone would not lie flat",
            "AZT-6",
        )
    if grid.tops[a] == grid.tops[b]:
        raise Refusal(
            f"cells {move.first} and {move.second} both show stone {grid.tops[a]}: "
            "a stone must bridge two different stones",
            "AZT-6",
        )
    return a, b


def _check_match(state: State, index: Index, move: Place, a: Cell, b: Cell) -> Match:
    """The stone matches the halves beneath (AZT-12), and is its alike group's listed one."""
    info, stone = index.info, move.stone
    k1, k2 = info.kinds[stone]
    fa, fb = state.faces[a], state.faces[b]
    found = match_of(k1, k2, fa, fb)
    if not found:
        why = _mismatch(stone, k1, k2, fa, fb)
        raise Refusal(why, "AZT-12")
    if a > b and info.doubles >> stone & 1:
        turned = format_move(attrs.evolve(move, first=CELL_XY[b], second=CELL_XY[a]))
        raise Refusal(
            f"stone {stone} {format_stone(info.stones[stone])} has two halves alike: "
            f"turned round it lies the same, the move {turned}",
            "AZT-7",
        )
    if info.twins:
        listed = _canonical(info, state.supplies[move.seat])
        if stone not in listed:
            alike = next(s for s in listed if info.twin[s] == info.twin[stone])
            raise Refusal(
                f"stone {stone} is alike to stone {alike} of the same supply; "
                f"that placement is the move with stone {alike}",
                "AZT-2",
            )
    return found


def _check_discard(
    state: State, index: Index, move: Place, discard: StoneId, found: Match
) -> None:
    """A discard needs the bonus and another of the seat's stones (AZT-13)."""
    seat, stone = move.seat, move.stone
    if found != Match.BOTH:
        raise Refusal(
            f"only a placement matching both colours and both glyphs may discard; "
            f"this one matches {'colours' if found == Match.COLOUR else 'glyphs'} only",
            "AZT-13",
        )
    if discard == stone:
        raise Refusal(f"stone {stone} cannot be placed and discarded at once", "AZT-13")
    if discard < 0 or not index.masks[seat] >> discard & 1:
        raise Refusal(_not_held(state, seat, discard), "AZT-13")
    info = index.info
    others = [held for held in state.supplies[seat] if held != stone]
    if info.twins and discard not in _canonical(info, others):
        raise Refusal(
            f"stone {discard} is alike to a lower stone of the same supply; "
            "discard that one instead (the same choice)",
            "AZT-13",
        )


def listed_match(state: State, index: Index, move: AnyMove) -> Match:
    """What a move built by ``legal_moves(state)`` matches, without :func:`check_move`.

    Only for a legal move (the one the listing handed out last, its index's
    ``picked``): a pass matches ``NONE``, a placement what its stone's halves
    match on the two cells beneath.
    """
    if type(move) is not Place:
        return Match.NONE
    k1, k2 = index.info.kinds[move.stone]
    faces = state.faces
    return match_of(k1, k2, faces[NUMBER[move.first]], faces[NUMBER[move.second]])


def match_of(k1: Kind, k2: Kind, fa: Kind, fb: Kind) -> Match:
    """What stone halves ``k1, k2`` match on faces ``fa, fb`` (AZT-12, AZT-13)."""
    colours = len(COLOURS)
    found = 0
    if k1 % colours == fa % colours and k2 % colours == fb % colours:
        found = 1  # Match.COLOUR
    if k1 // colours == fa // colours and k2 // colours == fb // colours:
        found += 2  # Match.GLYPH
    return _MATCHES[found]  # the members by value: enum's | costs more than the test


_MATCHES: Final = (Match.NONE, Match.COLOUR, Match.GLYPH, Match.BOTH)
"""The :class:`Match` of each value, 0 to 3 (``COLOUR`` is 1 and ``GLYPH`` 2)."""


def _mismatch(stone: StoneId, k1: Kind, k2: Kind, fa: Kind, fb: Kind) -> str:
    laid = format_half(half_of(k1)) + format_half(half_of(k2))
    below = f"{format_half(half_of(fa))} and {format_half(half_of(fb))}"
    colours = len(COLOURS)
    first = (k1 % colours == fa % colours, k1 // colours == fa // colours)
    second = (k2 % colours == fb % colours, k2 // colours == fb // colours)
    if (first[0] and second[1]) or (first[1] and second[0]):
        return (
            f"stone {stone} {laid} on {below} matches one half by colour and the other by "
            "glyph only; both colours or both glyphs must match"
        )
    return f"stone {stone} {laid} on {below} matches neither both colours nor both glyphs"


# ---------------------------------------------------------------------------
# The check of a chance outcome (AZT-8 .. AZT-10, AZT-20)
# ---------------------------------------------------------------------------


def bag_of(state: State) -> list[StoneId]:
    """The stones neither in the base nor dealt, ascending: the ones chance draws from."""
    used = {top for top in state.pyramid.tops if top != NO_STONE}
    for held in state.supplies:
        used.update(held)
    return [stone for stone in range(len(state.stones)) if stone not in used]


def _base_laid(grid: Pyramid) -> int:
    """How many base stones are laid (during the setup every cell has height 0 or 1)."""
    return sum(1 for height in grid.heights if height) // 2


def _check_chance(state: State, index: Index, move: Lay | Deal) -> None:
    """Raise :class:`Refusal` unless ``move`` is an outcome of the chance step (game not over)."""
    written = format_move(move)
    laying = type(move) is Lay
    rule = "AZT-8" if laying else "AZT-10"
    if not index.setup:
        seats = ", ".join(
            map(str, index.movers if state.whose_turn is None else (state.whose_turn,))
        )
        raise Refusal(
            f"{written} is a chance outcome, but the table is set up and seat {seats} is to "
            f"move: chance decides nothing more in {TITLE}",
            "AZT-20",
        )
    if laying != (0 in state.pyramid.heights):
        if laying:
            raise Refusal(
                f"the base is laid; chance deals the stones now (deal:N), not {written}", "AZT-10"
            )
        raise Refusal(
            f"the base is not laid yet ({_base_laid(state.pyramid)} of {BASE_STONES} stones); "
            f"chance lays the next base stone (lay:N or lay:Nr), not {written}",
            "AZT-8",
        )
    stone = move.stone
    count = len(state.stones)
    if not 0 <= stone < count:
        raise Refusal(f"stone {stone} is not in the set of {count} stones (ids 0..{count - 1})")
    tops = state.pyramid.tops
    if stone in tops:
        raise Refusal(
            f"stone {stone} is not in the bag: it lies in the base at "
            f"{CELL_XY[tops.index(stone)]}",
            rule,
        )
    for seat, held in enumerate(state.supplies):
        if stone in held:
            raise Refusal(f"stone {stone} is not in the bag: it was dealt to seat {seat}", rule)
    info = index.info
    if info.twins:
        lowest = next(s for s in bag_of(state) if info.twin[s] == info.twin[stone])
        if lowest != stone:
            raise Refusal(
                f"stone {stone} is alike to stone {lowest}, also in the bag: that outcome is "
                f"written with stone {lowest}",
                "AZT-2",
            )
    if type(move) is Lay and move.turned and info.doubles >> stone & 1:
        raise Refusal(
            f"stone {stone} {format_stone(info.stones[stone])} has two halves alike: turned "
            f"round it lies the same, the outcome lay:{stone}",
            "AZT-7",
        )
