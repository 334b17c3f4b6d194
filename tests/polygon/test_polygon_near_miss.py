"""Hand-built near misses for every check of Polygon's ``validate`` (issue 13).

Each limit gets a case one step over it (refused, with the message fragment
naming the field and the rule) and a case exactly at it (accepted). The
positions are built from the rules text: the start draw leaves every tile but
the START tile in the bag (POLY-7), each turn draws two tiles, one from a bag
of one (POLY-10), and a turn scores at most one grouping per placed tile
(POLY-13). Work that a fault could make endless runs under a step budget, so
a fault fails by an assertion, never by a hang.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from document_mutations import mutate, mutations
from step_budget import step_budget
from tiers import examples
from tilegames import (
    ConfigurationError,
    InvalidStateError,
    NotationError,
    WrongTypeError,
    polygon,
)
from tilegames.chance import sample
from tilegames.polygon import CIRCLE, DIAMOND, SPACES, State, View
from tilegames.polygon._tables import printed_depth
from tilegames.rng import Stream
from tilegames.serialize import from_dict, to_dict

# Six tiles: whoever wins the start draw, its tile lies on START and the other
# drawn tiles go back (POLY-7), so the bag holds 5 after it; turn 1 draws 2 (bag 3),
# turn 2 draws 2 (bag 1), turn 3
# draws the last 1 (bag 0) and is the last turn (POLY-10, POLY-15).
SMALL = ("1", "2", "3", "4", "5", "W")
START_CELL = SPACES.index((0, 0))
EAST = SPACES.index((1, 0))  # shares START's circle corner {(0,0), (1,0), (0,1)} only
WILD_CORNER = SPACES.index((3, 0))  # a printed WILD (POLY-4)
EMPTY = SPACES.index((-2, 1))  # empty at the start

BUDGET = 400_000  # lines for validating and playing out a 49-tile game


def first_moves(state: State, stop: Callable[[State], bool]) -> State:
    """Play the first legal move until ``stop`` holds (at most 60 moves: 48 tiles to place)."""
    for _ in range(60):
        if stop(state):
            return state
        state = polygon.apply(state, polygon.legal_moves(state)[0])
    raise AssertionError("stop never held")


def small_turn(turn: int, seed: int = 1) -> State:
    """The SMALL game at the first placement of ``turn`` (``turn=4``: the game is over)."""
    state = polygon.new_game(2, seed=seed, tiles=SMALL)
    return first_moves(
        state, lambda s: polygon.is_over(s) or (s.turn == turn and not s.placed and not s.aside)
    )


def refused(value: State | View, *fragments: str) -> None:
    """``validate`` refuses ``value`` with a message holding every fragment."""
    with step_budget(BUDGET), pytest.raises(InvalidStateError) as raised:
        polygon.validate(value)
    for fragment in fragments:
        assert fragment in str(raised.value), (fragment, str(raised.value))


def accepted(value: State | View) -> None:
    """``validate`` accepts ``value``, and its seat-0 view is accepted too."""
    with step_budget(BUDGET):
        polygon.validate(value)
        if type(value) is State:
            polygon.validate(polygon.view(value, 0))


def with_stacks(state: State, changes: dict[int, tuple[str, ...]]) -> tuple[tuple[str, ...], ...]:
    """The state's stacks with some spaces replaced."""
    return tuple(changes.get(cell, stack) for cell, stack in enumerate(state.stacks))


def played_cell(state: State) -> int:
    """A space other than START holding a played tile (over its printed tile, if any)."""
    depth = printed_depth(state.board)
    return next(c for c, s in enumerate(state.stacks) if c != START_CELL and len(s) > depth[c])


def circle_start(seed: int = 1, players: int = 2) -> State:
    """A standard game at turn 1 with the circle rolled (any roll is possible on turn 1)."""
    return attrs.evolve(polygon.new_game(players, seed=seed), symbol=CIRCLE)


def placed_east(state: State) -> State:
    """``state`` with its first drawn tile placed on EAST this turn."""
    tile = state.drawn[0]
    return attrs.evolve(
        state,
        stacks=with_stacks(state, {EAST: (*state.stacks[EAST], tile)}),
        drawn=state.drawn[1:],
        placed=(*state.placed, EAST),
    )


# ---------------------------------------------------------------------------
# The counters: turn number, bag, drawn and placed tiles, totals (POLY-10, 13)
# ---------------------------------------------------------------------------


class TestTurnAndBag:
    """Turn t has drawn 2t tiles since the start draw, 2t - 1 from a bag of one (POLY-10)."""

    def test_turn_1001_with_a_full_bag_is_refused(self) -> None:
        """The issue's document: turn 1001 with an empty board and 46 tiles in the bag."""
        state = polygon.new_game(2, seed=3)
        written = to_dict(state)
        assert polygon.bag_size(state) == 46
        written["data"]["turn"] = 1001
        with (
            step_budget(BUDGET),
            pytest.raises(InvalidStateError, match=r"State\.turn: turn 1001"),
        ):
            from_dict(written, State)
        seen = to_dict(polygon.view(state, 0))
        seen["data"]["turn"] = 1001
        with step_budget(BUDGET), pytest.raises(InvalidStateError, match=r"View\.turn: turn 1001"):
            from_dict(seen, View)

    @pytest.mark.parametrize("players", [2, 3, 4])
    def test_turn_one_step_off(self, players: int) -> None:
        """Turn 1 with 2 tiles out is accepted; turns 0 (shape), 2 and 1 + players refused."""
        state = polygon.new_game(players, seed=5)
        accepted(state)
        # One full round later the seat to move is the same, so only the bag disagrees.
        refused(
            attrs.evolve(state, turn=1 + players), f"State.turn: turn {1 + players}", "POLY-10"
        )
        with pytest.raises(InvalidStateError, match=r"State\.turn: 0 is not a turn number"):
            polygon.validate(attrs.evolve(state, turn=0))

    def test_view_turn_one_step_off(self) -> None:
        """A view's turn agrees with its bag as a state's does."""
        state = polygon.new_game(2, seed=5)
        seen = polygon.view(state, 1)
        accepted(seen)
        refused(attrs.evolve(seen, turn=3, to_move=seen.to_move), "View.turn: turn 3", "POLY-10")

    def test_last_turn_draws_one(self) -> None:
        """Turn 3 of SMALL drew the last tile alone: accepted; as turn 2 or 4 it is refused."""
        last = small_turn(3)
        assert (len(last.drawn), len(last.bag)) == (1, 0)
        accepted(last)
        for turn in (2, 4):  # 3 tiles, or none, for the turn: never from a bag of one
            seat = (polygon.starter(last) + turn - 1) % 2
            refused(attrs.evolve(last, turn=turn, seat=seat), f"State.turn: turn {turn}")

    def test_one_tile_drawn_while_the_bag_holds_more(self) -> None:
        """A turn drew one tile only from a bag of one: one tile back in the bag is refused."""
        state = small_turn(2)
        assert (len(state.drawn), len(state.bag)) == (2, 1)
        accepted(state)
        kept, back = state.drawn
        refused(
            attrs.evolve(state, drawn=(kept,), bag=(*state.bag, back)),
            "State.turn: turn 2",
            "bag 2",
        )

    def test_game_over_counts(self) -> None:
        """The final state of SMALL: turn 3, nothing drawn, nothing placed."""
        final = small_turn(4)
        assert polygon.is_over(final)
        assert final.turn == 3
        accepted(final)
        refused(attrs.evolve(final, turn=4, seat=1 - final.seat), "State.turn: turn 4")


class TestPlacedAndDrawn:
    """The tiles of the current turn: placed + drawn + set aside = the turn's draw."""

    def test_nothing_placed_after_the_game(self) -> None:
        """Once the last turn is scored, its placements are cleared (POLY-13, POLY-15)."""
        final = small_turn(4)
        played = played_cell(final)
        refused(attrs.evolve(final, placed=(played,)), "State.placed: 1 placed after")

    def test_three_tiles_in_one_turn(self) -> None:
        """One placed and one drawn is a full turn; two drawn and one placed is refused."""
        state = circle_start()
        one = placed_east(state)
        accepted(one)
        # The placed tile drawn again from the bag: three tiles for the turn.
        extra = attrs.evolve(one, drawn=state.drawn, bag=one.bag[1:])
        with pytest.raises(InvalidStateError, match="1 placed and 2 drawn: a turn has 2 tiles"):
            polygon.validate(extra)

    def test_more_than_the_last_draw(self) -> None:
        """The last turn drew one tile: one drawn and one placed is refused."""
        last = small_turn(3)
        played = played_cell(last)
        # The tile placed earlier counted as this turn's: 2 tiles, but the turn drew 1.
        refused(attrs.evolve(last, placed=(played,)), "State.placed", "drew 1")

    def test_discard_must_be_aside(self) -> None:
        """A turn's tile neither placed, drawn nor aside is refused; aside, it is accepted."""
        state = circle_start()
        tile, rest = state.drawn[0], state.drawn[1:]
        aside = attrs.evolve(state, drawn=rest, aside=(tile,))
        accepted(aside)
        # The tile lies on the board, but no placement of this turn names it.
        hidden = attrs.evolve(state, drawn=rest, stacks=with_stacks(state, {EAST: (tile,)}))
        refused(hidden, "State.aside", "0 are aside", "POLY-11")
        accepted(attrs.evolve(hidden, placed=(EAST,)))


class TestTotals:
    """A turn scores at most two groupings of the table's best row (POLY-13)."""

    def test_nothing_scored_on_turn_1(self) -> None:
        """Before any turn is scored every total is 0; 1 point is refused."""
        state = polygon.new_game(3, seed=2)
        accepted(state)
        for seat in range(3):
            totals = tuple(int(s == seat) for s in range(3))
            refused(attrs.evolve(state, totals=totals), f"State.totals[{seat}]: 1 points")

    def test_one_turn_each(self) -> None:
        """At turn 3 of 3 seats, the first two seats scored once (300 at most), the third not."""
        state = first_moves(polygon.new_game(3, seed=2), lambda s: s.turn == 3)
        first = polygon.starter(state)
        second, third = (first + 1) % 3, (first + 2) % 3
        top = [0, 0, 0]
        top[first], top[second] = 300, 300
        accepted(attrs.evolve(state, totals=tuple(top)))
        for seat, extra in ((first, 301), (second, 301), (third, 1)):
            over = list(top)
            over[seat] = extra
            refused(attrs.evolve(state, totals=tuple(over)), f"State.totals[{seat}]")

    def test_the_last_turn_counts_once_over(self) -> None:
        """The final state scores the last turn too: its seat may hold 2 turns' worth."""
        final = small_turn(4)  # turns 1 and 3 are the starter's, turn 2 the other's
        first = final.seat
        assert first == polygon.starter(final)
        top = [0, 0]
        top[first], top[1 - first] = 600, 300
        accepted(attrs.evolve(final, totals=tuple(top)))
        top[first] = 601
        refused(attrs.evolve(final, totals=tuple(top)), f"State.totals[{first}]")

    def test_the_table_sets_the_bound(self) -> None:
        """With a table whose best row is 1000, one scored turn may bring 2000."""
        table = polygon.scoring_table({"1-1-1": 10}, three_wild=1000)
        state = polygon.new_game(2, seed=4, tiles=SMALL, scoring=table)
        state = first_moves(state, lambda s: s.turn == 2)
        first = polygon.starter(state)
        top = [0, 0]
        top[first] = 2000
        accepted(attrs.evolve(state, totals=tuple(top)))
        top[first] = 2001
        refused(attrs.evolve(state, totals=tuple(top)), "at most 1000")

    def test_negative_total(self) -> None:
        """A total below 0 is refused; 0 is accepted (POLY-8)."""
        state = polygon.new_game(2, seed=2)
        refused(attrs.evolve(state, totals=(-1, 0)), "State.totals[0]: -1", "POLY-8")


class TestPlacedSpaces:
    """Spaces named in ``placed`` hold a tile placed there by the turn's symbol."""

    def test_empty_or_printed_only(self) -> None:
        """An empty space or a printed tile alone is refused; a played tile is accepted."""
        state = placed_east(circle_start())
        accepted(state)
        refused(attrs.evolve(state, placed=(EMPTY,)), "holds no played tile")
        refused(attrs.evolve(state, placed=(WILD_CORNER,)), "holds no played tile")

    def test_placed_by_the_turns_symbol(self) -> None:
        """EAST shares only a circle corner with START: placed under the diamond, refused."""
        state = placed_east(circle_start())
        accepted(state)
        refused(attrs.evolve(state, symbol=DIAMOND), "shares no red diamond corner", "POLY-11")


# ---------------------------------------------------------------------------
# The start-order draw (POLY-7)
# ---------------------------------------------------------------------------


class TestStartDrawChecks:
    """The rounds of the start draw as validate reads them."""

    def test_a_round_after_a_win(self) -> None:
        """A decided draw with one round more is refused; the decided draw alone is accepted."""
        state = polygon.new_game(2, seed=1, tiles=SMALL)
        accepted(state)
        winner = polygon.starter(state)
        extra = ((winner, "W"),)
        refused(
            attrs.evolve(state, start_draw=(*state.start_draw, extra)),
            "State.start_draw[1]: a round after the draw was decided",
        )

    def test_tied_rounds(self) -> None:
        """A tie then its break is accepted; the tie alone, or the wrong seats again, refused."""
        state = polygon.new_game(2, seed=1, tiles=SMALL)
        start = state.stacks[START_CELL][0]
        assert start != "1"
        tie = ((0, "1"), (1, "1"))
        rounds = (tie, ((0, "1"), (1, start)))  # seat 1 starts: it moves on turn 1
        accepted(attrs.evolve(state, start_draw=rounds, seat=1))
        refused(attrs.evolve(state, start_draw=(tie,), seat=1), "seats still tied")
        refused(
            attrs.evolve(state, start_draw=(tie, ((1, start),)), seat=1),
            "State.start_draw[1]: seats [1] drew; [0, 1] should have",
        )
        refused(
            attrs.evolve(state, start_draw=(*rounds, ((1, start),)), seat=1),
            "State.start_draw[2]: a round after the draw was decided",
        )

    def test_a_round_is_a_tuple_of_pairs(self) -> None:
        """Each round is a tuple of (seat, tile) pairs: a list, or a pair of three, is refused."""
        state = polygon.new_game(2, seed=1, tiles=SMALL)
        (first, *rest) = state.start_draw
        bad_rounds: tuple[Any, ...] = (
            list(first),
            ((*first[0], "1"), *first[1:]),
            (first[0][:1], *first[1:]),
        )
        for bad in bad_rounds:
            refused(
                attrs.evolve(state, start_draw=(bad, *rest)),
                "State.start_draw[0]: expected a tuple of (seat, tile) pairs",
            )

    def test_start_tile_is_the_winners(self) -> None:
        """The winning tile lies on START; another tile there is refused."""
        state = polygon.new_game(2, seed=1, tiles=SMALL)
        start = state.stacks[START_CELL][0]
        winner = polygon.starter(state)
        other = tuple(sorted(((winner, "W" if start != "W" else "5"), (1 - winner, "1"))))
        refused(attrs.evolve(state, start_draw=(other,)), "its tile lies on START")

    def test_at_least_one_round(self) -> None:
        """POLY-7: a game past its start draw has drawn at least once; one round is accepted."""
        state = polygon.new_game(2, seed=1, tiles=SMALL)
        assert len(state.start_draw) == 1
        accepted(state)
        refused(
            attrs.evolve(state, start_draw=()),
            "State.start_draw: expected at least one round of draws",
        )


class TestStartDrawBag:
    """The bag of the start draw is reshuffled only when the tied seats cannot all draw."""

    def test_exactly_enough_tiles_do_not_reshuffle(self) -> None:
        """Two 4s tie; the bag then holds exactly 1 and 2 for the two tied seats: drawn as is."""
        ties = 0
        for seed in range(40):
            with step_budget(50_000):
                state = polygon.new_game(2, seed=seed, tiles=["4", "4", "1", "2"])
            rounds = polygon.start_draw(state)
            if sorted(tile for _, tile in rounds[0]) == ["4", "4"]:
                ties += 1
                assert len(rounds) == 2
                assert sorted(tile for _, tile in rounds[1]) == ["1", "2"]
                assert state.stacks[START_CELL] == ("2",)
            accepted(state)
        assert ties > 2  # one draw in six is a tie

    def test_one_tile_short_reshuffles(self) -> None:
        """Two 4s tie with one tile left: everything goes back and the tied seats draw again."""
        ties = 0
        for seed in range(40):
            with step_budget(50_000):
                state = polygon.new_game(2, seed=seed, tiles=["4", "4", "1"])
            rounds = polygon.start_draw(state)
            ties += len(rounds) > 1
            for draws in rounds[1:]:
                assert [seat for seat, _ in draws] == [0, 1]
            accepted(state)
        assert ties > 2  # one draw in three is a tie


# ---------------------------------------------------------------------------
# The shape checks, one step over and at each limit
# ---------------------------------------------------------------------------


def _base() -> State:
    return placed_east(circle_start(seed=2))


SHAPE_CASES: list[tuple[str, Callable[[State], State], Callable[[State], State] | None, str]] = [
    (
        "seats",
        lambda s: attrs.evolve(s, totals=(0,) * 5),
        None,
        "State.totals: 5 seats",
    ),
    ("one seat", lambda s: attrs.evolve(s, totals=(0,)), None, "State.totals: 1 seats"),
    ("symbol", lambda s: attrs.evolve(s, symbol=3), None, "State.symbol: 3 is not a symbol"),
    ("symbol low", lambda s: attrs.evolve(s, symbol=-1), None, "State.symbol: -1"),
    (
        "seat",
        lambda s: attrs.evolve(s, seat=2),
        None,
        "State.seat: 2 is not an int 0..1",
    ),
    (
        "placed range",
        lambda s: attrs.evolve(s, placed=(61,)),
        lambda s: attrs.evolve(s, placed=(60,), stacks=with_stacks(s, {60: ("X2", "3")})),
        "61 is not a space number 0..60",
    ),
    (
        "seed",
        lambda s: attrs.evolve(s, seed=1 << 64),
        lambda s: attrs.evolve(s, seed=(1 << 64) - 1),
        "State.seed",
    ),
    (
        "seed low",
        lambda s: attrs.evolve(s, seed=-1),
        lambda s: attrs.evolve(s, seed=0),
        "State.seed",
    ),
    (
        "stacks",
        lambda s: attrs.evolve(s, stacks=s.stacks[:-1]),
        None,
        "expected a tuple of 61 stacks",
    ),
    (
        "start empty",
        lambda s: attrs.evolve(s, stacks=with_stacks(s, {START_CELL: ()})),
        None,
        "START holds no tile",
    ),
    (
        "same value",
        lambda s: attrs.evolve(s, stacks=with_stacks(s, {EAST: ("3", "3")})),
        lambda s: attrs.evolve(s, stacks=with_stacks(s, {EAST: ("3", "4")})),
        "lies on a tile of its own value",
    ),
    (
        "wild on x",
        lambda s: attrs.evolve(s, stacks=with_stacks(s, {EAST: ("X3", "W")})),
        lambda s: attrs.evolve(s, stacks=with_stacks(s, {EAST: ("5", "W")})),
        "a WILD lies on X3",
    ),
    (
        "printed bottom",
        lambda s: attrs.evolve(s, stacks=with_stacks(s, {WILD_CORNER: ()})),
        None,
        "must start with its printed W",
    ),
    (
        "drawn order",
        lambda s: attrs.evolve(s, drawn=("5", "1"), placed=()),
        lambda s: attrs.evolve(s, drawn=("1", "5"), placed=()),
        "in VALUES order",
    ),
    (
        "drawn three",
        lambda s: attrs.evolve(s, drawn=("1", "2", "3")),
        None,
        "one or two tiles",
    ),
]


@pytest.mark.parametrize(
    ("over", "at", "fragment"),
    [case[1:] for case in SHAPE_CASES],
    ids=[case[0] for case in SHAPE_CASES],
)
def test_shape_near_misses(
    over: Callable[[State], State], at: Callable[[State], State] | None, fragment: str
) -> None:
    """Each shape check refuses one step over its limit; the value at it passes the shape check."""
    base = _base()
    from tilegames.polygon._validate import check_state

    with pytest.raises(InvalidStateError) as raised:
        check_state(over(base))
    assert fragment in str(raised.value), str(raised.value)
    if at is not None:
        check_state(at(base))


class TestSeatCounts:
    """Two to four seats (MIN_PLAYERS, MAX_PLAYERS): both ends accepted."""

    @pytest.mark.parametrize("players", [2, 4])
    def test_ends(self, players: int) -> None:
        """A fresh game of 2 and of 4 seats validates, state and view."""
        accepted(polygon.new_game(players, seed=9))


class TestProgressAndSet:
    """The game is over only with an empty bag; every tile of the set exactly once."""

    def test_over_with_tiles_in_the_bag(self) -> None:
        """Nothing drawn with a tile in the bag is refused; the real end is accepted."""
        final = small_turn(4)
        accepted(final)
        last = small_turn(3)
        refused(attrs.evolve(last, drawn=(), bag=last.drawn), "no tile is drawn but the bag")

    def test_tile_too_many_or_missing(self) -> None:
        """One tile more than the set is refused, one fewer too."""
        state = polygon.new_game(2, seed=2)
        refused(attrs.evolve(state, bag=(*state.bag, "W")), "State.bag[", "POLY-2")
        refused(attrs.evolve(state, bag=state.bag[1:]), "1 tiles of the set are nowhere")


class TestViewChecks:
    """A view is checked as strictly as a state."""

    def test_view_fields(self) -> None:
        """Seat, bag size, bag order and the seat to move of a view, one step off."""
        seen = polygon.view(_base(), 1)
        accepted(seen)
        refused(attrs.evolve(seen, seat=2), "View.seat: 2")
        refused(attrs.evolve(seen, bag_size=seen.bag_size + 1), "View.bag_size")
        refused(attrs.evolve(seen, bag_contents=seen.bag_contents[::-1]), "View.bag_contents")
        refused(attrs.evolve(seen, to_move=(1 - seen.to_move[0],)), "View.to_move")
        refused(attrs.evolve(seen, to_move=()), "View.to_move")
        refused(attrs.evolve(seen, totals=(1, 0)), "View.totals[0]: 1 points")
        refused(attrs.evolve(seen, symbol=DIAMOND), "View.placed", "red diamond")


class TestTupleFields:
    """A state is immutable: its tiles set aside and its spaces placed are tuples, not lists."""

    def test_aside_is_a_tuple_of_tile_values(self) -> None:
        """POLY-11: the tiles set aside, as a list, are refused; the same tuple is accepted."""
        state = small_turn(2)
        accepted(attrs.evolve(state, aside=()))
        refused(
            attrs.evolve(state, aside=[]),  # type: ignore[arg-type]
            "State.aside: expected a tuple of tile values",
        )

    def test_placed_is_a_tuple_of_space_numbers(self) -> None:
        """POLY-10: this turn's placed spaces, as a list, are refused; as a tuple accepted."""
        state = _base()
        accepted(state)
        assert state.placed == (EAST,)
        refused(
            attrs.evolve(state, placed=[EAST]),  # type: ignore[arg-type]
            "State.placed: expected a tuple of space numbers",
        )


# ---------------------------------------------------------------------------
# Arguments: combination_value and new_game(tiles=...)
# ---------------------------------------------------------------------------


class TestArguments:
    """Bad arguments raise the library's errors, naming the rule or the option."""

    @pytest.mark.parametrize(
        ("values", "count"),
        [(["1", "2"], "not 2"), (["1", "1", "1", "1"], "not more than 3"), ([], "not 0")],
    )
    def test_combination_value_count(self, values: list[str], count: str) -> None:
        """Two or four values is a NotationError naming POLY-14; three is a grouping."""
        with pytest.raises(NotationError, match=rf"three tiles, {count}.*POLY-14"):
            polygon.combination_value(values)
        assert polygon.combination_value(["1", "1", "1"]) == 10

    def test_combination_value_endless(self) -> None:
        """An endless iterable is read no further than a fourth value."""
        with step_budget(10_000), pytest.raises(NotationError, match="not more than 3"):
            polygon.combination_value(itertools.repeat("1"))

    @pytest.mark.parametrize("values", ["111", b"111", 5, None])
    def test_combination_value_not_tiles(self, values: Any) -> None:
        """One string, bytes or a non-collection is a WrongTypeError."""
        with pytest.raises(WrongTypeError, match=r"polygon\.combination_value expects"):
            polygon.combination_value(values)

    def test_endless_set(self) -> None:
        """An endless ``tiles`` is refused as 4097 tiles; 4096 are accepted."""
        with step_budget(400_000), pytest.raises(ConfigurationError, match=r"^tiles: .*4097"):
            polygon.new_game(tiles=itertools.repeat("1"))
        with step_budget(2_000_000):
            state = polygon.new_game(2, seed=1, tiles=iter(["1"] * 4095 + ["W"]))
        assert polygon.bag_size(state) == 4096 - 1 - 2


# ---------------------------------------------------------------------------
# Changed views that load determinize, validate and play to the end
# ---------------------------------------------------------------------------


def _sample_views() -> list[View]:
    """Views of real positions: start, middle and end of games of every setup."""
    views: list[View] = []
    for setup in polygon.RULES.setups:
        for seed in (1, 2):
            state = polygon.new_game(setup.players, seed=seed)
            states = [state]
            for number in itertools.count():
                if polygon.is_over(state):
                    break
                moves = polygon.legal_moves(state)
                state = polygon.apply(state, moves[(number * 7 + seed) % len(moves)])
                states.append(state)
            for position in (states[0], states[len(states) // 2], states[-2], states[-1]):
                views.append(polygon.view(position, seed % setup.players))
    return views


VIEWS = _sample_views()


@settings(max_examples=examples(150), suppress_health_check=[HealthCheck.too_slow])
@given(
    which=st.integers(0, len(VIEWS) - 1),
    changes=st.lists(mutations(), min_size=1, max_size=3),
    seed=st.integers(0, 2**32),
    choice=st.integers(0, 2**16),
)
def test_changed_views_determinize_and_play(
    which: int, changes: list[tuple[str, int, Any]], seed: int, choice: int
) -> None:
    """A changed view either is refused with InvalidStateError or samples a playable state."""
    written = to_dict(VIEWS[which])
    for change in changes:
        mutate(written, change)
    try:
        with step_budget(BUDGET):
            seen = from_dict(written, View)
    except InvalidStateError:
        return
    with step_budget(BUDGET):
        state = polygon.determinize(seen, Stream(seed))
        polygon.validate(state)
    assert polygon.view(state, seen.seat) == seen
    # Every move places or sets aside one drawn tile, and every tile in the bag is
    # drawn once (POLY-10): the game ends after exactly drawn + bag moves.
    left = len(seen.drawn) + seen.bag_size
    with step_budget(BUDGET):
        for number in range(left):
            assert not polygon.is_over(state)
            moves = polygon.legal_moves(state)
            state = polygon.apply(state, moves[(choice + number) % len(moves)])
        assert polygon.is_over(state)
        polygon.validate(state)


class TestMutationSurvivors:
    """Checks a mutation run found untested (each fault made every test pass, or hang)."""

    def test_a_set_whose_tiles_all_rank_alike_is_refused(self) -> None:
        """POLY-7: the start draw of ten 3s could never break a tie; two values can."""
        with step_budget(200_000), pytest.raises(ConfigurationError, match="ranks the same"):
            polygon.new_game(2, seed=1, tiles=["3"] * 10)
        with step_budget(200_000):
            polygon.new_game(2, seed=1, tiles=["3"] * 9 + ["4"])  # at the limit: one apart

    def test_printed_tiles_checks_its_argument(self) -> None:
        with pytest.raises(WrongTypeError, match="printed_tiles"):
            polygon.printed_tiles(None)  # type: ignore[arg-type]

    def test_a_loaded_move_off_the_board_is_refused(self) -> None:
        """A Place document naming a space the board does not have (radius 4, POLY-4)."""
        document = to_dict(polygon.Place("3", (0, 1)))
        assert from_dict(document, polygon.Place) == polygon.Place("3", (0, 1))
        document["data"]["space"] = [5, 0]  # one step past the rim at (4, 0)
        with pytest.raises(InvalidStateError, match=r"Place\.space"):
            from_dict(document, polygon.Place)


class TestMoreMutationSurvivors:
    """Found by the second mutation run, on the code with explicit chance."""

    def test_scoring_table_three_wild_defaults_to_the_spec(self) -> None:
        """POLY-14: three WILD tiles score 100 unless the card says otherwise."""
        assert dict(polygon.scoring_table({"1-1-1": 10}))["W-W-W"] == 100
        assert dict(polygon.scoring_table({"1-1-1": 10}, three_wild=60))["W-W-W"] == 60

    def test_no_tile_to_place_before_the_draw(self) -> None:
        """POLY-10: at the roll of an explicit game's turn no tile waits to be placed."""
        stream = Stream(1)
        state = polygon.new_game(2, seed=1, chance="explicit")
        for _ in range(100):
            if state.step == "roll":
                break
            outcomes = polygon.chance_outcomes(state)
            state = polygon.apply(state, sample(outcomes, stream))
        assert state.step == "roll"
        assert state.drawn == ()
        polygon.validate(state)
        bag = list(state.bag)
        bag.remove("3")  # the tile comes out of the bag: only the step is wrong
        early = attrs.evolve(state, bag=tuple(bag), drawn=("3",))
        with pytest.raises(InvalidStateError, match=r"State\.drawn: tiles to place during"):
            polygon.validate(early)
