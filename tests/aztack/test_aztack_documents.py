"""Aztack's ``validate``, reached through loading JSON documents: states it cannot reach."""

from __future__ import annotations

import copy
import functools
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from serialize_documents import document, refused
from tiers import examples
from tilegames import CHANCE, InvalidStateError, Outcome, aztack
from tilegames.aztack import StoneSet
from tilegames.chance import sample
from tilegames.rng import Stream
from tilegames.serialize import from_dict, to_dict

XY = tuple[int, int]


class TestAztackValidation:
    """Aztack's ``validate``, reached through loading."""

    def state(self) -> tuple[aztack.State, dict[str, Any]]:
        return document("aztack", 4, 6, players=2)

    def test_a_valid_state_loads(self) -> None:
        """The document of a reachable state loads."""
        state, written = self.state()
        assert from_dict(written, aztack.State) == state

    def test_stone_twice(self) -> None:
        """A stone held by both seats is refused."""
        _, written = self.state()
        supplies = written["data"]["supplies"]
        supplies[1] = sorted({*supplies[1], supplies[0][0]})
        refused(written, aztack.State, "holds a stone that is also elsewhere")

    def test_supply_over_a_deal(self) -> None:
        """A supply of more than twelve stones is refused."""
        state, written = self.state()
        top = set(state.pyramid.tops)
        held = {s for supply in state.supplies for s in supply}
        spare = [s for s in range(len(state.stones)) if s not in top | held]
        written["data"]["supplies"][0] = sorted([*written["data"]["supplies"][0], *spare[:5]])
        refused(written, aztack.State, "State.supplies[0]")

    def test_player_count(self) -> None:
        """Five seats do not fit a game for 2 to 4."""
        _, written = self.state()
        written["data"]["supplies"] += [[], [], []]
        written["data"]["last_placed"] += [0, 0, 0]
        refused(written, aztack.State, "State.supplies: expected one supply for each of 2 to 4")

    def test_outcome_over_cap(self) -> None:
        """An outcome counts at most twelve stones a seat."""
        written = to_dict(Outcome(scores=(13, 0), ranking=[{1}, {0}]), game="aztack")
        refused(written, Outcome, "Outcome.scores: expected 2 to 4 stone counts 0..12")


@functools.cache
def setting_up(until: Callable[[aztack.State], bool], players: int = 2) -> aztack.State:
    """The first state of an explicit speed stack's setup (AZT-8 .. AZT-10) where ``until`` holds.

    Chance's steps are sampled from seed 5: the base is laid, laid again if
    AZT-9 says so, then the supplies are dealt.
    """
    state = aztack.new_game(players, mode="speed", seed=5, chance="explicit")
    stream = Stream(5)
    while not until(state):
        assert aztack.to_move(state) == (CHANCE,), "the setup ended first"
        state = aztack.apply(state, sample(aztack.chance_outcomes(state), stream))
    return state


def half_laid(state: aztack.State) -> bool:
    return sum(state.pyramid.heights) == 12


def dealing(state: aztack.State) -> bool:
    """Seat 0 dealt its twelve, seat 1 being dealt."""
    return len(state.supplies[1]) == 5


SETUP_STEPS = (half_laid, dealing)


def with_top(written: dict[str, Any], cell: int, stone: int) -> dict[str, Any]:
    """A copy of the document ``written`` with the top stone of ``cell`` changed."""
    changed = copy.deepcopy(written)
    changed["data"]["pyramid"]["tops"][cell] = stone
    return changed


class TestSetupDocuments:
    """A state or view during an explicit game's setup loads only when the base is laid
    in order, one whole stone a place (AZT-4, AZT-8), and the supplies dealt in seat order,
    twelve each (AZT-10), from a set that can finish the setup."""

    def test_the_setup_loads(self) -> None:
        """Every state of a setup and each seat's view load, and the view gives the state."""
        state = aztack.new_game(2, mode="speed", seed=6, chance="explicit")
        stream = Stream(6)
        while aztack.to_move(state) == (CHANCE,):
            assert from_dict(to_dict(state), aztack.State) == state
            for seat in range(2):
                seen = from_dict(to_dict(aztack.view(state, seat)), aztack.View)
                assert aztack.determinize(seen, Stream(seat)) == state
            state = aztack.apply(state, sample(aztack.chance_outcomes(state), stream))

    @settings(max_examples=examples(100), deadline=None)
    @given(
        step=st.sampled_from(SETUP_STEPS),
        cell=st.integers(0, 23),
        stone=st.integers(-1, 59),
        as_view=st.booleans(),
    )
    def test_any_top_changed(
        self, step: Callable[[aztack.State], bool], cell: int, stone: int, as_view: bool
    ) -> None:
        """Any one top stone changed, in a state or a view during the setup, is refused."""
        state = setting_up(step)
        value: Any = aztack.view(state, 1) if as_view else state
        written = to_dict(value)
        assume(written["data"]["pyramid"]["tops"][cell] != stone)
        with pytest.raises(InvalidStateError):
            from_dict(with_top(written, cell, stone), type(value))

    def test_a_base_stone_split_during_the_deal(self) -> None:
        """The case found: a speed stack's view during the deal, the top of (0, 0) changed to a
        stone of the bag that shows the half there: refused, naming AZT-4."""
        state = setting_up(dealing)
        used = {*state.pyramid.tops, *(s for held in state.supplies for s in held)}
        spare = next(s for s in state.stones if s.id not in used)
        colour, glyph = spare.halves[0]
        written = with_top(to_dict(aztack.view(state, 0)), 0, spare.id)
        written["data"]["faces"][0] = glyph * len(aztack.COLOURS) + colour
        refused(written, aztack.View, "View.pyramid.tops: base place 0 at (0, 0) holds stones")
        refused(written, aztack.View, "(AZT-4, AZT-8)")

    def test_a_supply_of_twelve_and_of_thirteen(self) -> None:
        """Seat 0 holds its twelve while seat 1 is dealt; a thirteenth is refused (AZT-10)."""
        state = setting_up(dealing)
        aztack.validate(state)
        used = {*state.pyramid.tops, *state.supplies[0], *state.supplies[1]}
        spare = min(s for s in range(len(state.stones)) if s not in used)
        over = attrs.evolve(
            state, supplies=(tuple(sorted({*state.supplies[0], spare})), state.supplies[1])
        )
        for value, where in ((over, "State"), (aztack.view(over, 1), "View")):
            refused(to_dict(value), type(value), f"{where}.supplies[0]: 13 stones")

    def test_a_set_that_cannot_deal(self) -> None:
        """Thirty-six stones set up two seats (12 + 2 x 12), not three (AZT-8, AZT-10)."""
        stones = StoneSet(aztack.STANDARD_STONES[:36])
        two = aztack.new_game(2, seed=1, stones=stones, chance="explicit")
        aztack.validate(two)
        three = attrs.evolve(two, supplies=((),) * 3, last_placed=(0,) * 3)
        refused(to_dict(three), aztack.State, "State.stones: a set of 36 stones")
        refused(to_dict(aztack.view(three, 0)), aztack.View, "View.stones: a set of 36 stones")

    def test_a_set_with_a_colour_on_one_stone(self) -> None:
        """Red on one stone never makes a base that AZT-9 keeps: refused; on two, it loads."""
        no_red = [s.halves for s in aztack.STANDARD_STONES if aztack.RED not in s.colours]
        red = [s.halves for s in aztack.STANDARD_STONES if aztack.RED in s.colours]
        start = aztack.new_game(2, seed=1, chance="explicit")
        for reds, ok in ((1, False), (2, True)):
            halves = [*no_red[: 36 - reds], *red[:reds]]
            custom = StoneSet(aztack.Stone(i, pair) for i, pair in enumerate(halves))
            written = to_dict(attrs.evolve(start, stones=custom))
            if ok:
                from_dict(written, aztack.State)
            else:
                refused(written, aztack.State, "State.stones: red is on 1 stone(s)")


class TestMoveDocuments:
    """A move document loads only when some game could see the move (AZT-6, AZT-13)."""

    @settings(max_examples=examples(100), deadline=None)
    @given(
        first=st.tuples(st.integers(0, 5), st.integers(0, 3)),
        second=st.tuples(st.integers(0, 5), st.integers(0, 3)),
    )
    def test_place_on_two_cells(self, first: XY, second: XY) -> None:
        """A placement loads when its cells are orthogonally adjacent, and reads back."""
        written = to_dict(aztack.Place(0, 7, first, second))
        (x0, y0), (x1, y1) = first, second
        if abs(x0 - x1) + abs(y0 - y1) == 1:
            loaded = from_dict(written, aztack.Move)
            assert aztack.parse_move(str(loaded), None) == loaded
        else:
            refused(written, aztack.Move, "Place.second")

    def test_cells_one_apart(self) -> None:
        """Next to each other along or across the rows: loads; diagonal or two apart: refused."""
        for second in ((1, 0), (0, 1)):
            from_dict(to_dict(aztack.Place(0, 7, (0, 0), second)), aztack.Move)
        for second in ((1, 1), (2, 0), (0, 2), (0, 0)):
            refused(to_dict(aztack.Place(0, 7, (0, 0), second)), aztack.Move, "(AZT-6)")

    def test_discard_of_the_stone_placed(self) -> None:
        """The bonus discards another stone (AZT-13): the stone placed is refused."""
        from_dict(to_dict(aztack.Place(1, 7, (0, 0), (1, 0), discard=8)), aztack.Move)
        written = to_dict(aztack.Place(1, 7, (0, 0), (1, 0), discard=7))
        refused(written, aztack.Move, "Place.discard: stone 7 is the one placed")
