"""AXIO Rota's ``validate`` at every limit: hand-built states and views one step over and at it.

Each position is written by hand from the rules (ROTA-7 .. ROTA-18), not from
the engine's output. To keep the tile count easy to follow, most games here
are played with a custom set of identical tiles (ROTA-3 allows any set that
obeys ROTA-2), so that only the counts matter: ``4 + 12 * players + supply``
tiles, of which the display holds whatever the stacks, hands and supply do
not.
"""

from __future__ import annotations

import copy
import itertools
from collections.abc import Sequence
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from document_mutations import mutate, mutations
from serialize_documents import positions
from step_budget import step_budget
from tiers import examples
from tilegames import ConfigurationError, InvalidStateError
from tilegames import axio_rota as rota
from tilegames.axio_rota._checks import check_extent
from tilegames.axio_rota._model import MAX_TILES
from tilegames.geometry import square
from tilegames.rng import Stream
from tilegames.serialize import from_dict, to_dict

ONE_TILE = (0, 1, 2, 3)  # "RGBO": every tile of the sets below
START = ((-1, -1), (0, -1), (-1, 0), (0, 0))  # the 2x2 start square (ROTA-7)
ZERO = (0, 0, 0, 0, 0)
AT_CAP = (12, 0, 0, 0, 0)  # one colour at 12: one extra turn earned (ROTA-15)
ALL_AT_CAP = (12, 12, 12, 12, 12)  # ROTA-17


def game(
    stacks: Sequence[int],
    hands: Sequence[bool],
    *,
    supply: int,
    full: int = 8,
    seat: int = 0,
    tracks: Sequence[tuple[int, int, int, int, int]] | None = None,
    extra: bool = False,
    extra_turns: int = 0,
) -> rota.State:
    """A state of a set of ``4 + 12 * players + full`` identical tiles, built from counts.

    ``stacks`` and ``hands`` give each seat's stack height and whether it
    holds a tile; ``supply`` the tiles left in the supply; ``extra`` whether
    an extra turn's tile is drawn. The display takes the rest: the start
    square and a row of tiles to its right, joined edge to edge.
    """
    players = len(stacks)
    size = 4 + 12 * players + full
    on_display = size - sum(stacks) - sum(hands) - supply - extra
    row = [(x, 0) for x in range(1, on_display - 3)]
    return rota.State(
        display=frozenset((cell, ONE_TILE) for cell in [*START, *row]),
        tracks=tuple(tracks) if tracks is not None else (ZERO,) * players,
        hands=tuple(ONE_TILE if held else None for held in hands),
        stacks=tuple((ONE_TILE,) * height for height in stacks),
        supply=(ONE_TILE,) * supply,
        seat=seat,
        extra_tile=ONE_TILE if extra else None,
        extra_turns=extra_turns,
        tiles=(ONE_TILE,) * size,
    )


def refused(value: rota.State | rota.View, fragment: str) -> None:
    """``validate`` refuses the value with ``fragment`` in its message."""
    with pytest.raises(InvalidStateError) as raised:
        rota.validate(value)
    assert fragment in str(raised.value)


def error_of(value: rota.State | rota.View) -> InvalidStateError:
    """The error ``validate`` raises for the value."""
    with pytest.raises(InvalidStateError) as raised:
        rota.validate(value)
    return raised.value


def loads(value: rota.State | rota.View) -> None:
    """``validate`` accepts the value, and so does loading its document."""
    rota.validate(value)
    assert from_dict(to_dict(value), type(value)) == value


# Seat 1 to move in round 0: seat 0 has placed one tile and drawn (11 + hand).
SECOND_MOVE = {"stacks": (10, 11), "hands": (True, True), "supply": 8, "seat": 1}


class TestAtTheLimit:
    """Positions at a limit load: random games rarely reach them."""

    def test_new_game_counts(self) -> None:
        """The deal itself: 11 in each stack plus a hand, a full supply (ROTA-8, ROTA-9)."""
        loads(game((11, 11), (True, True), supply=8))

    def test_colour_at_twelve(self) -> None:
        """A track at 12 (the cap, ROTA-14) loads, its extra turn taken from the supply."""
        loads(game((10, 11), (True, True), supply=7, seat=1, tracks=(AT_CAP, ZERO)))

    def test_in_the_middle_of_an_extra_turn(self) -> None:
        """Seat 0 placed its hand tile, reached 12 and drew the supply's top tile (ROTA-15)."""
        loads(game((11, 11), (False, True), supply=7, tracks=(AT_CAP, ZERO), extra=True))

    def test_extra_turns_still_owed(self) -> None:
        """Solo, third tile: two colours at 12, one extra turn in progress, one owed (ROTA-15)."""
        tracks = ((12, 12, 0, 0, 0),)
        loads(game((9,), (False,), supply=7, tracks=tracks, extra=True, extra_turns=1))

    def test_last_move_of_the_game(self) -> None:
        """Seat 0 has placed all 12, seat 1 places its last tile (ROTA-16, ROTA-18)."""
        loads(game((0, 0), (False, True), supply=8, seat=1))

    def test_game_over(self) -> None:
        """Every stack and hand used up: the game is over (ROTA-18)."""
        state = game((0, 0), (False, False), supply=8)
        loads(state)
        assert rota.is_over(state)

    def test_winner_on_seat_2(self) -> None:
        """Seat 2 of 3 reaches 12 in all five colours on its move: it wins at once (ROTA-17).

        Seats 0 and 1 have placed 3 tiles each, seat 2 three (the last one
        winning); 4 extra turns from the supply; the fifth colour's lapsed.
        """
        tracks = (ZERO, ZERO, ALL_AT_CAP)
        state = game((8, 8, 9), (True, True, False), supply=0, full=4, seat=2, tracks=tracks)
        loads(state)
        assert rota.is_over(state)

    def test_extra_turn_lapses_on_an_empty_supply(self) -> None:
        """A colour at 12 with the supply used up earns nothing (ROTA-15)."""
        loads(game((10, 11), (True, True), supply=0, full=0, seat=1, tracks=(AT_CAP, ZERO)))

    def test_points_at_the_most_one_tile_scores(self) -> None:
        """One placed tile scores at most 3 per corner: 12 in all (ROTA-12)."""
        loads(game(tracks=((3, 3, 3, 3, 0), ZERO), **SECOND_MOVE))  # type: ignore[arg-type]

    def test_late_game_three_players(self) -> None:
        """Three seats in the last round: seat 0 done, seats 1 and 2 hold their last tiles."""
        loads(game((0, 0, 0), (False, True, True), supply=0, full=0, seat=1))


class TestOneStepOver:
    """One step over each limit is refused, naming the field and the rule."""

    def test_track_over_the_cap(self) -> None:
        """13 is off the track (ROTA-4, ROTA-14)."""
        state = game((10, 11), (True, True), supply=7, seat=1, tracks=((13, 0, 0, 0, 0), ZERO))
        refused(state, "State.tracks[0][0]: 13 is off the track")

    def test_stack_taller_than_a_deal(self) -> None:
        """12 in the stack and one in hand is one more than a seat is dealt (ROTA-8)."""
        refused(game((12, 11), (True, True), supply=8), "State.stacks[0]: 12 tiles in the stack")

    def test_supply_larger_than_dealt(self) -> None:
        """A tile moved from seat 0's stack to the supply: 9 left of 8 dealt there (ROTA-9)."""
        refused(
            game((10, 11), (True, True), supply=9), "State.supply: 9 tiles left of a supply of 8"
        )

    def test_extra_tile_counts_against_the_supply(self) -> None:
        """An extra turn's tile came from the supply: 8 left and one drawn is one too many."""
        state = game((10, 11), (False, True), supply=8, tracks=(AT_CAP, ZERO), extra=True)
        refused(state, "State.supply: 9 tiles left of a supply of 8")

    def test_seat_before_the_mover_one_tile_ahead(self) -> None:
        """Seat 0 has placed 2 while seat 1 to move has placed 0: out of turn (ROTA-10)."""
        state = game((9, 11), (True, True), supply=8, seat=1)
        refused(state, "State.stacks[0]: seat 0 has 9 tiles in its stack")

    def test_seat_before_the_mover_behind(self) -> None:
        """Seat 1 to move while seat 0 has not placed yet (ROTA-10)."""
        refused(game((11, 11), (True, True), supply=8, seat=1), "so seat 0 should have placed 1")

    def test_seat_after_the_mover_ahead(self) -> None:
        """Seat 0 to move, but seat 1 has already placed a tile (ROTA-10)."""
        refused(game((11, 10), (True, True), supply=8), "State.stacks[1]: seat 1 has 10 tiles")

    def test_seat_after_an_extra_turn_mover_ahead(self) -> None:
        """During seat 0's extra turn, seat 1 has placed as many tiles as seat 0 (ROTA-10)."""
        state = game((11, 10), (False, True), supply=7, tracks=(AT_CAP, ZERO), extra=True)
        refused(state, "State.stacks[1]: seat 1 has 10 tiles")

    def test_extra_turn_before_any_placement(self) -> None:
        """An extra turn needs a tile of the mover's stack placed first (ROTA-15)."""
        state = game((12, 11), (False, True), supply=7, tracks=(AT_CAP, ZERO), extra=True)
        refused(state, "has placed no tile of its stack (ROTA-15)")

    def test_hand_during_an_extra_turn(self) -> None:
        """The mover draws only after its extra turns (ROTA-16)."""
        state = game((10, 11), (True, True), supply=7, tracks=(AT_CAP, ZERO), extra=True)
        refused(state, "State.stacks[0]: seat 0 is to move but holds a tile after placing")

    def test_other_seat_without_a_hand(self) -> None:
        """A seat whose stack is not used up holds a tile between its turns (ROTA-16)."""
        state = game((11, 11), (True, False), supply=8)
        refused(state, "State.stacks[1]: seat 1 has 11 tiles")
        state = game((10, 11), (False, True), supply=8, seat=1)
        refused(
            state,
            "State.stacks[0]: seat 0 has 10 tiles in its stack and 0 in hand, and seat 1 to move",
        )

    def test_other_seat_without_a_hand_on_a_matching_count(self) -> None:
        """Seat 0 holds nothing with 11 in its stack: its count fits, its hand does not."""
        state = game((11, 11), (False, True), supply=8, seat=1)
        refused(state, "State.stacks[0]: the seat holds no tile but its stack is not used up")

    def test_game_over_with_a_stack_left(self) -> None:
        """The mover has no tile but a stack left: not an end (ROTA-16, ROTA-18)."""
        state = game((1, 0), (False, False), supply=8)
        refused(state, "State.stacks[0]: the game is over but seat 0 has 1 tiles")

    def test_game_over_with_a_hand_left(self) -> None:
        """The mover has no tile but another seat still holds its last one (ROTA-18)."""
        refused(game((0, 0), (False, True), supply=8), "seat 1 still holds a tile")

    def test_five_colours_at_twelve_in_a_running_game(self) -> None:
        """A seat with all five at 12 ended the game at once: it cannot go on (ROTA-17)."""
        tracks = (ZERO, ZERO, ALL_AT_CAP)
        state = game((8, 8, 8), (True, True, True), supply=0, full=4, tracks=tracks)
        refused(state, "State.tracks: seat 2 has all five colours at 12")

    def test_winner_not_the_last_to_move(self) -> None:
        """The game is over with seat 2 at 12 everywhere, but seat 1 is to move (ROTA-17)."""
        tracks = (ZERO, ZERO, ALL_AT_CAP)
        state = game((8, 9, 9), (True, False, False), supply=0, full=4, seat=1, tracks=tracks)
        refused(state, "State.tracks: seat 2 has all five colours at 12")

    def test_supply_tile_drawn_without_a_colour_at_twelve(self) -> None:
        """A supply tile is drawn only for an extra turn (ROTA-15)."""
        state = game((10, 11), (True, True), supply=7, seat=1)
        refused(state, "State: 1 tiles drawn from a supply of 8 and 0 extra turns owed, but 0")

    def test_extra_turn_not_taken_while_the_supply_lasts(self) -> None:
        """A colour at 12 with tiles in the supply had its extra turn (ROTA-15)."""
        state = game((10, 11), (True, True), supply=8, seat=1, tracks=(AT_CAP, ZERO))
        refused(state, "State: 0 tiles drawn from a supply of 8 and 0 extra turns owed, but 1")

    def test_extra_turn_owed_past_the_earned_ones(self) -> None:
        """An extra turn in progress for one colour at 12 owes no second (ROTA-15)."""
        state = game(
            (11, 11), (False, True), supply=7, tracks=(AT_CAP, ZERO), extra=True, extra_turns=1
        )
        refused(state, "State.extra_turns: 2 extra turns for a seat with 1 colours at 12")

    def test_extra_turns_owed_outside_an_extra_turn(self) -> None:
        """Extra turns are owed only during one (ROTA-15)."""
        state = game((10, 11), (True, True), supply=7, seat=1, tracks=(AT_CAP, ZERO))
        refused(attrs.evolve(state, extra_turns=1), "no extra turn is in progress")

    def test_more_draws_than_colours_at_twelve(self) -> None:
        """Two tiles drawn for one colour at 12, even with the supply used up (ROTA-15)."""
        state = game((10, 11), (True, True), supply=0, full=2, seat=1, tracks=(AT_CAP, ZERO))
        refused(state, "State: 2 tiles drawn from a supply of 2")

    def test_points_past_what_one_tile_scores(self) -> None:
        """13 points from one placed tile (ROTA-12)."""
        state = game(tracks=((3, 3, 3, 3, 1), ZERO), **SECOND_MOVE)  # type: ignore[arg-type]
        refused(state, "State.tracks[0]: 13 points from at most 1 placed tiles")

    def test_points_before_placing(self) -> None:
        """Seat 1 has not placed a tile yet, so it has no points (ROTA-12, ROTA-14)."""
        state = game(tracks=(ZERO, (0, 0, 0, 0, 1)), **SECOND_MOVE)  # type: ignore[arg-type]
        refused(state, "State.tracks[1]: 1 points from at most 0 placed tiles")


BASE = game((11, 11), (True, True), supply=8)
BAD_TILE = (0, None, None, 1)  # two empty corners (ROTA-2)


@pytest.mark.parametrize(
    ("changes", "fragment"),
    [
        ({"tracks": [ZERO, ZERO]}, "State.tracks: [(0, 0, 0, 0, 0), (0, 0, 0, 0, 0)] seats"),
        ({"tracks": ()}, "State.tracks: 0 seats; AXIO Rota is for 1 to 4 players"),
        ({"tracks": (ZERO,) * 5}, "State.tracks: 5 seats"),
        ({"tracks": ((0, 0, 0, 0), ZERO)}, "State.tracks[0]: (0, 0, 0, 0) is not 5 track values"),
        ({"tracks": ([0] * 5, ZERO)}, "State.tracks[0]: [0, 0, 0, 0, 0] is not 5 track values"),
        ({"tracks": ((0, True, 0, 0, 0), ZERO)}, "State.tracks[0][1]: True is off the track"),
        ({"tracks": (ZERO, (0, 0, 0, 0, -1))}, "State.tracks[1][4]: -1 is off the track"),
        ({"hands": [ONE_TILE, ONE_TILE]}, "State.hands: expected a tuple with one entry per seat"),
        ({"hands": (ONE_TILE,)}, "State.hands: 1 entries for 2 seats"),
        ({"stacks": [(), ()]}, "State.stacks: expected a tuple"),
        ({"hands": (BAD_TILE, ONE_TILE)}, "State.hands[0]: (0, None, None, 1) is not a tile"),
        ({"stacks": ((ONE_TILE,) * 11, [ONE_TILE] * 11)}, "State.stacks[1]: expected a tuple"),
        ({"stacks": ((ONE_TILE,) * 10 + (BAD_TILE,), ())}, "State.stacks[0][10]: (0, None"),
        ({"supply": [ONE_TILE] * 8}, "State.supply: expected a tuple of tiles"),
        ({"seat": 2}, "State.seat: 2 is not a seat of this 2-player game"),
        ({"seat": -1}, "State.seat: -1 is not a seat"),
        ({"seat": True}, "State.seat: True is not a seat"),
        ({"extra_turns": -1}, "State.extra_turns: -1 is not an int at least 0"),
        ({"extra_tile": BAD_TILE}, "State.extra_tile: (0, None, None, 1) is not a tile"),
        ({"tiles": [ONE_TILE] * 36}, "State.tiles: expected a tuple of tiles"),
        ({"display": set(BASE.display)}, "State.display: the display is a frozenset"),
        (
            {"display": frozenset([((0, 0),)])},
            "State.display: ((0, 0),) is not a (cell, tile) pair",
        ),
        ({"display": frozenset([5])}, "State.display: 5 is not a (cell, tile) pair"),
        ({"display": frozenset([((0,), ONE_TILE)])}, "State.display: cell (0,) is not (x, y)"),
        ({"display": frozenset([((0.0, 0), ONE_TILE)])}, "cell (0.0, 0) is not (x, y)"),
        ({"display": frozenset([((0, "0"), ONE_TILE)])}, "cell (0, '0') is not (x, y)"),
        ({"display": frozenset([((0, 0), BAD_TILE)])}, "State.display at (0, 0): (0, None"),
    ],
)
def test_shapes_refused(changes: dict[str, Any], fragment: str) -> None:
    """A field of the wrong type, length or range is refused, naming it."""
    refused(attrs.evolve(BASE, **changes), fragment)


@pytest.mark.parametrize(
    ("changes", "fragment"),
    [
        ({"stack_sizes": [11, 11]}, "View.stack_sizes: expected a tuple of sizes"),
        ({"to_move": [0]}, "View.to_move: [0] is not () or (seat,)"),
        ({"hand": BAD_TILE}, "View.hand: (0, None, None, 1) is not a tile"),
        ({"extra_tile": BAD_TILE}, "View.extra_tile: (0, None, None, 1) is not a tile"),
        ({"supply_size": 8.0}, "View.supply_size: 8.0 is not an int"),
        ({"tracks": (ZERO,) * 5}, "View.tracks: 5 seats"),
        ({"tiles": (ONE_TILE,) * 27}, "View.tiles: a set of 27 tiles cannot be dealt to 2"),
        ({"display": frozenset([((0, 0), BAD_TILE)])}, "View.display at (0, 0): (0, None"),
    ],
)
def test_view_shapes_refused(changes: dict[str, Any], fragment: str) -> None:
    """A view's field of the wrong type, length or range is refused, naming it."""
    refused(attrs.evolve(rota.view(BASE, 0), **changes), fragment)


def test_set_of_the_smallest_size_for_the_seats() -> None:
    """Two seats need 4 + 24 = 28 tiles (ROTA-7, ROTA-8): 28 carried loads, 27 is refused."""
    state = game((11, 11), (True, True), supply=0, full=0)
    loads(state)
    refused(attrs.evolve(state, tiles=state.tiles[1:]), "State.tiles: a set of 27 tiles")  # type: ignore[index]


def test_set_of_the_largest_size() -> None:
    """A state may carry a set of 4096 tiles, the most new_game takes; 4097 is refused."""
    state = game((11, 11), (True, True), supply=MAX_TILES - 28, full=MAX_TILES - 28)
    rota.validate(state)
    bigger = game((11, 11), (True, True), supply=MAX_TILES - 27, full=MAX_TILES - 27)
    refused(bigger, "State.tiles: a set of 4097 tiles cannot be dealt to 2 player(s)")


def test_display_reach_at_the_packed_edge() -> None:
    """A tile plus the 33 still to place (8 supply, 22 in stacks, 2 hands, one spare)
    must stay inside the packed coordinates: one cell further out is refused."""
    edge = square.PACK_REACH - 34
    at_edge = attrs.evolve(BASE, display=BASE.display | {((edge, 0), ONE_TILE)})
    check_extent(at_edge)  # the extent alone: this tile is not joined to the rest
    over = attrs.evolve(BASE, display=BASE.display | {((0, -edge - 1), ONE_TILE)})
    refused(over, f"State.display: the display reaches coordinate {edge + 1} with 33 tiles")


def test_display_reach_counts_an_explicit_pool() -> None:
    """In an explicit game the tiles still to place are the pool (the stacks are counts):
    60 of the standard set, plus the spare; one cell further out is refused."""
    explicit = rota.new_game(2, seed=1, chance="explicit")
    assert explicit.pool is not None
    assert len(explicit.pool) == 60
    assert not explicit.supply
    assert not any(explicit.stacks)
    edge = square.PACK_REACH - (60 + 2 + 1) - 1
    check_extent(attrs.evolve(explicit, display=frozenset({((edge, 0), ONE_TILE)})))
    over = attrs.evolve(explicit, display=frozenset({((edge + 1, 0), ONE_TILE)}))
    with pytest.raises(InvalidStateError, match=f"reaches coordinate {edge + 1} with 63 tiles"):
        check_extent(over)


def seen(state: rota.State, seat: int = 0) -> rota.View:
    """The view of a hand-built state, after checking that the state itself is valid."""
    rota.validate(state)
    return rota.view(state, seat)


class TestViews:
    """Views are checked as strictly as states: every count agrees (issue 13)."""

    def test_stack_of_eleven_and_twelve(self) -> None:
        """A stack after the first draw holds at most 11 (ROTA-8); 12 is refused."""
        start = seen(game((11, 11), (True, True), supply=8), 1)
        loads(start)
        bigger = attrs.evolve(start, stack_sizes=(12, 11))
        refused(bigger, "View.stack_sizes[0]: 12 is not an int 0..11")

    def test_supply_size_zero_and_below(self) -> None:
        """An empty supply shows 0; -1 is not a size."""
        state = game((10, 11), (True, True), supply=0, full=0, seat=1, tracks=(AT_CAP, ZERO))
        view = seen(state, 1)
        loads(view)
        refused(attrs.evolve(view, supply_size=-1), "View.supply_size: -1 is not an int")
        refused(attrs.evolve(view, stack_sizes=(10, -1)), "View.stack_sizes[1]: -1 is not")

    def test_seats_in_range(self) -> None:
        """The viewer and the mover are seats of the game; one mover at most (ROTA-10)."""
        view = seen(game((11, 11), (True, True), supply=8), 1)
        refused(attrs.evolve(view, seat=2), "View.seat: 2 is not a seat of this 2-player game")
        refused(attrs.evolve(view, to_move=(2,)), "View.to_move: 2 is not a seat")
        refused(attrs.evolve(view, to_move=(0, 1)), "View.to_move: (0, 1) is not () or (seat,)")
        refused(attrs.evolve(view, stack_sizes=(11,)), "View.stack_sizes: 1 entries for 2 seats")

    def test_one_hidden_tile_too_many_or_too_few(self) -> None:
        """supply_size one over or under what the set leaves is refused (ROTA-3, ROTA-9)."""
        state = game((10, 11), (True, True), supply=6, seat=1, tracks=(AT_CAP, AT_CAP))
        view = seen(state, 0)
        loads(view)
        refused(attrs.evolve(view, supply_size=7), "View: 1 tiles drawn from a supply of 8")
        refused(attrs.evolve(view, supply_size=5), "View: 3 tiles drawn from a supply of 8")

    def test_supply_size_past_the_deal(self) -> None:
        """A supply larger than the deal left is refused even when a winner hides the count."""
        view = seen(game((11, 11), (True, True), supply=8), 0)
        refused(attrs.evolve(view, supply_size=9), "View.supply_size: 9 tiles left of a supply")

    def test_hidden_tiles_do_not_add_up(self) -> None:
        """A display tile deleted: the view hides one tile more than it accounts for."""
        view = seen(game(**SECOND_MOVE), 0)  # type: ignore[arg-type]
        cut = attrs.evolve(view, display=view.display - {((1, 0), ONE_TILE)})
        refused(cut, "View.supply_size: the stacks, the supply and 1 other hands hold 30 tiles")
        assert "but 31 tiles of the set are out of sight" in str(error_of(cut))
        grown = attrs.evolve(view, display=view.display | {((2, 0), ONE_TILE)})
        refused(grown, "hold 30 tiles, but 29 tiles of the set are out of sight")

    def test_to_move_changed(self) -> None:
        """to_move names another seat than the counts allow (ROTA-10)."""
        view = seen(game((11, 11), (True, True), supply=8), 0)
        refused(attrs.evolve(view, to_move=(1,)), "View.stack_sizes[0]: seat 0 has 11 tiles")
        refused(attrs.evolve(view, to_move=()), "the game is over but seat 0 still holds a tile")

    def test_own_hand_missing_on_own_turn(self) -> None:
        """The viewer to move holds no tile and has no extra turn: it has nothing to place."""
        view = seen(game((11, 11), (True, True), supply=8), 0)
        refused(attrs.evolve(view, hand=None), "seat 0 is to move but holds no tile to place")

    def test_own_hand_during_own_extra_turn(self) -> None:
        """The viewer in an extra turn draws only afterwards (ROTA-16)."""
        state = game((11, 11), (False, True), supply=7, tracks=(AT_CAP, ZERO), extra=True)
        view = seen(state, 0)
        loads(view)
        refused(attrs.evolve(view, hand=ONE_TILE), "seat 0 is to move but holds a tile after")

    def test_other_hand_worked_out_from_the_counts(self) -> None:
        """Seat 2's hand is not shown: its stack height must leave it 0 or 1 tile (ROTA-16)."""
        state = game((10, 11, 11), (True, True, True), supply=8, full=8, seat=1)
        view = seen(state, 0)
        loads(view)
        refused(attrs.evolve(view, stack_sizes=(10, 11, 10)), "View.stack_sizes[2]")
        last = seen(game((0, 0, 0), (False, True, True), supply=0, full=0, seat=1), 0)
        loads(last)
        refused(attrs.evolve(last, stack_sizes=(0, 0, 1)), "View.stack_sizes[2]")

    def test_viewer_without_hand_between_turns(self) -> None:
        """The viewer, not to move, with a stack left holds a tile (ROTA-16)."""
        view = seen(game((11, 11), (True, True), supply=8), 1)
        refused(attrs.evolve(view, hand=None), "View.stack_sizes[1]: seat 1 has 11 tiles")

    def test_finished_view(self) -> None:
        """A finished game's view: everything used up; an extra tile there is refused."""
        view = seen(game((0, 0), (False, False), supply=8), 1)
        loads(view)
        refused(attrs.evolve(view, stack_sizes=(0, 1)), "the game is over but seat 1 has 1")
        with_extra = attrs.evolve(view, extra_tile=ONE_TILE, supply_size=7)
        refused(with_extra, "View.extra_tile: an extra turn is in progress in a finished game")

    def test_winner_view(self) -> None:
        """The winner's view of a ROTA-17 end loads; with a hand, or still to move, it does not."""
        tracks = (ZERO, ZERO, ALL_AT_CAP)
        state = game((8, 8, 9), (True, True, False), supply=0, full=4, seat=2, tracks=tracks)
        view = seen(state, 2)
        loads(view)
        assert view.to_move == ()
        refused(attrs.evolve(view, to_move=(2,)), "View.tracks: seat 2 has all five colours")
        refused(attrs.evolve(view, hand=ONE_TILE), "seat 2 is to move but holds a tile after")

    def test_win_seen_by_another_seat(self) -> None:
        """Seat 0's view of seat 2's ROTA-17 win loads: seats 0 and 1 still hold tiles."""
        tracks = (ZERO, ZERO, ALL_AT_CAP)
        state = game((8, 8, 9), (True, True, False), supply=0, full=4, seat=2, tracks=tracks)
        view = seen(state, 0)
        loads(view)
        refused(
            attrs.evolve(view, stack_sizes=(8, 8, 8)),
            "View.stack_sizes[0]: seat 0 has 8 tiles in its stack and 1 in hand",
        )

    def test_extra_turns_in_view(self) -> None:
        """A view owes no extra turn past its colours at 12 (ROTA-15)."""
        state = game((11, 11), (False, True), supply=7, tracks=(AT_CAP, ZERO), extra=True)
        view = seen(state, 1)
        refused(attrs.evolve(view, extra_turns=1), "View.extra_turns: 2 extra turns")


class TestDeterminizeOfNearMisses:
    """A view at a limit determinizes to a state that validate accepts."""

    @pytest.mark.parametrize(
        ("state", "seat"),
        [
            (game((11, 11), (False, True), supply=7, tracks=(AT_CAP, ZERO), extra=True), 1),
            (game((0, 0), (False, True), supply=8, seat=1), 0),
            (game((0, 0, 0), (False, True, True), supply=0, full=0, seat=1), 2),
            (game((0, 0), (False, False), supply=8), 0),
        ],
    )
    def test_sample_is_valid(self, state: rota.State, seat: int) -> None:
        """The sample validates and shows the seat the same view."""
        view = seen(state, seat)
        with step_budget(200_000):
            sample = rota.determinize(view, Stream(3))
        rota.validate(sample)
        assert rota.view(sample, seat) == view

    def test_sample_of_a_win_seen_by_another_seat(self) -> None:
        """Seat 0's view of seat 2's ROTA-17 win (seats 0 and 1 still hold tiles) determinizes."""
        tracks = (ZERO, ZERO, ALL_AT_CAP)
        state = game((8, 8, 9), (True, True, False), supply=0, full=4, seat=2, tracks=tracks)
        view = seen(state, 0)
        loads(view)
        with step_budget(200_000):
            sample = rota.determinize(view, Stream(3))
        rota.validate(sample)


class TestEndlessSet:
    """new_game(tiles=) reads no further than one tile past the largest set."""

    @pytest.mark.parametrize(
        "endless",
        [lambda: itertools.repeat("RGBO"), lambda: itertools.repeat((0, 1, 2, 3))],
    )
    def test_endless_iterable_refused(self, endless: Any) -> None:
        """An endless set is refused by the size check, naming the option."""
        with step_budget(400_000), pytest.raises(ConfigurationError, match=r"tiles: a set of"):
            rota.new_game(1, seed=1, tiles=endless())

    def test_count_is_not_a_set_of_tiles(self) -> None:
        """itertools.count yields ints, not tiles: the first is refused (ROTA-2)."""
        with step_budget(10_000), pytest.raises(ConfigurationError, match=r"tile 0 0"):
            rota.new_game(1, seed=1, tiles=itertools.count())  # type: ignore[arg-type]

    def test_reads_one_tile_past_the_largest_set(self) -> None:
        """Reading stops after tile 4097, the first one too many."""
        read = [0]

        def counted() -> Any:
            while True:
                read[0] += 1
                yield "RGBO"

        with pytest.raises(ConfigurationError, match=r"tiles: a set of more than 4096"):
            rota.new_game(1, seed=1, tiles=counted())
        assert read[0] == MAX_TILES + 1

    def test_not_a_collection(self) -> None:
        """A number or one string is not a set of tiles."""
        with pytest.raises(
            ConfigurationError, match=r"tiles must be a collection of tiles, not 5"
        ):
            rota.new_game(1, seed=1, tiles=5)  # type: ignore[arg-type]
        with pytest.raises(ConfigurationError, match=r"not one string"):
            rota.new_game(1, seed=1, tiles="RGBO" * 16)

    def test_tile_in_notation_that_is_not_one(self) -> None:
        """A string tile that does not parse is named by its index (ROTA-2)."""
        with pytest.raises(ConfigurationError, match=r"tile 2 'RGB' is not a tile: .*\(ROTA-2\)"):
            rota.new_game(1, seed=1, tiles=["RGBO", "RGBO", "RGB", *["RGBO"] * 13])

    def test_largest_set_and_one_more(self) -> None:
        """4096 tiles is the largest set; 4097 is refused as more than 4096."""
        rota.new_game(1, seed=1, tiles=["RGBO"] * MAX_TILES)
        with pytest.raises(ConfigurationError, match=r"tiles: a set of more than 4096 tiles"):
            rota.new_game(1, seed=1, tiles=["RGBO"] * 4097)

    def test_smallest_set_and_one_less(self) -> None:
        """One player needs 4 + 12 = 16 tiles; 15 are refused (ROTA-7, ROTA-8)."""
        rota.new_game(1, seed=1, tiles=["RGBO"] * 16)
        with pytest.raises(ConfigurationError, match=r"tiles: a set of 15 tiles"):
            rota.new_game(1, seed=1, tiles=["RGBO"] * 15)


# ---------------------------------------------------------------------------
# Property: any loaded view determinizes, validates and plays to the end
# ---------------------------------------------------------------------------


def _view_documents() -> list[dict[str, Any]]:
    """Views of real positions at several stages, for every setup and a few seeds."""
    found = []
    for setup, seed in itertools.product(rota.RULES.setups, (1, 2)):
        states = [state for state, _ in positions(rota.RULES.name, seed, setup.players)]
        for index in sorted({0, 1, len(states) // 3, len(states) // 2, len(states) - 2}):
            state = states[index]
            found.append(to_dict(rota.view(state, index % setup.players)))
    return found


VIEW_DOCUMENTS = _view_documents()


@settings(
    max_examples=examples(150),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(
    st.sampled_from(range(len(VIEW_DOCUMENTS))),
    st.lists(mutations(), min_size=1, max_size=2),
    st.integers(0, 2**32),
)
def test_loaded_view_determinizes_to_a_valid_state(
    which: int, changes: list[Any], seed: int
) -> None:
    """Every changed view that loads determinizes, validates and plays out; others are refused."""
    written = copy.deepcopy(VIEW_DOCUMENTS[which])
    for change in changes:
        mutate(written, change)
    try:
        view = from_dict(written, rota.View)
    except InvalidStateError:
        return
    with step_budget(400_000):
        state = rota.determinize(view, Stream(seed))
    rota.validate(state)
    # Each move places one tile of a hand, a stack or the supply (ROTA-11, ROTA-15):
    # the game ends within that many moves.
    most = sum(map(len, state.stacks)) + len(state.supply) + len(state.hands) + 1
    stream = Stream(seed + 1)
    with step_budget(2_000_000):
        for _ in range(most):
            if rota.is_over(state):
                break
            moves = rota.legal_moves(state)
            state = rota.apply(state, moves[stream.randbelow(len(moves))])
    assert rota.is_over(state)


def test_a_set_given_to_validate_must_deal_to_one_seat() -> None:
    """validate(value, tiles=...) checks the set as new_game would for one player: the
    start square's 4 tiles and one stack of 12 (ROTA-7, ROTA-8): 16 load, 15 do not."""
    move = rota.Place((1, 0), 0)
    rota.validate(move, tiles=["RGBO"] * 16)
    with pytest.raises(ConfigurationError, match="at least 16 tiles are needed"):
        rota.validate(move, tiles=["RGBO"] * 15)
