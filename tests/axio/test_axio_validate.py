"""AXIO's one validator: the guard of hand-made states, the carried set, outcomes by mode.

The rules checked are those of the AXIO page: the set (AXIO-2), the tracks
and their caps (AXIO-5, AXIO-10, AXIO-18), teams (AXIO-17), solo (AXIO-20,
AXIO-21) and the ranking (AXIO-16).
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from tilegames import InvalidStateError, Outcome, axio

STATE = axio.new_game(seed=3)
CUSTOM = ["RB"] * 12 + ["GG"] * 3


def refused(value: object, where: str) -> str:
    """validate refuses the value naming ``where`` first; the message is returned."""
    with pytest.raises(InvalidStateError) as caught:
        axio.validate(value)  # type: ignore[arg-type]
    assert str(caught.value).startswith(where), str(caught.value)
    return str(caught.value)


class TestGuard:
    @pytest.mark.parametrize(
        ("change", "where"),
        [
            ({"seed": -1}, "State.seed"),
            ({"seed": 2**64}, "State.seed"),
            ({"turn": -1}, "State.turn"),
            ({"deciding": True, "bonuses": 1}, "State.deciding"),
            ({"tiles": ()}, "State.tiles"),
            ({"racks": (STATE.racks[0], ()), "seat": 1}, "State.seat"),
        ],
    )
    def test_hand_made_state_refused_on_first_use(
        self, change: dict[str, Any], where: str
    ) -> None:
        """The rules check the fields of a hand-made state once, naming the field."""
        state = attrs.evolve(STATE, **change)
        with pytest.raises(InvalidStateError, match=f"^{where}"):
            axio.legal_moves(state)

    def test_guard_is_lighter_than_validate(self) -> None:
        """A position made by hand for a test plays, though the set does not add up."""
        state = attrs.evolve(STATE, bag=())
        assert len(axio.legal_moves(state)) > 0
        refused(state, "State")  # 108 tiles of the set are nowhere (AXIO-2)

    def test_seed_at_its_limits(self) -> None:
        """Seeds are 0 .. 2**64 - 1: both ends pass."""
        for seed in (0, 2**64 - 1):
            axio.validate(attrs.evolve(STATE, seed=seed))


class TestCarriedSet:
    def test_custom_set_checked_against_itself(self) -> None:
        """A state of a custom set passes without naming the set; an extra tile does not."""
        state = axio.new_game(players=2, seed=5, tiles=CUSTOM)
        axio.validate(state)
        axio.validate(axio.view(state, 0))
        message = refused(attrs.evolve(state, bag=(*state.bag, (0, 2))), "State.bag[")
        assert "tile RB appears more often than the set holds it (AXIO-2)" in message

    def test_given_set_still_wins(self) -> None:
        """validate(value, tiles=...) checks against the set given (older documents)."""
        state = axio.new_game(players=2, seed=5, tiles=CUSTOM)
        legacy = attrs.evolve(state, tiles=None)
        refused(legacy, "State.racks[")
        axio.validate(legacy, tiles=CUSTOM)

    def test_the_set_field(self) -> None:
        """The set is sorted, not empty, and the standard set is written as None."""
        state = axio.new_game(players=2, seed=5, tiles=CUSTOM)
        assert state.tiles is not None
        refused(attrs.evolve(state, tiles=state.tiles[::-1]), "State.tiles")
        refused(attrs.evolve(STATE, tiles=axio.STANDARD_TILES), "State.tiles")
        refused(attrs.evolve(STATE, tiles=((0, 7),)), "State.tiles[0]")


def two_seats(first: tuple[int, ...], mode: str) -> Outcome:
    return Outcome(scores=(first, (0,) * 6), ranking=[{0}, {1}], game="axio", mode=mode)


class TestOutcome:
    def test_standard_cap_edge(self) -> None:
        """A standard track runs to 18 (AXIO-5): 18 passes, 19 is refused."""
        axio.validate(two_seats((18, 1, 1, 1, 1, 1), "standard"))
        refused(two_seats((19, 1, 1, 1, 1, 1), "standard"), "Outcome.scores[0][0]")

    def test_team_uses_its_mode(self) -> None:
        """A team outcome runs to 36 (AXIO-18) and partners share tracks (AXIO-17)."""
        a, b = (36, 1, 1, 1, 1, 1), (0,) * 6
        team = Outcome(scores=(a, b, a, b), ranking=[{0, 2}, {1, 3}], game="axio", mode="team")
        axio.validate(team)
        split = attrs.evolve(team, scores=(a, b, b, b), ranking=[{0}, {1, 2, 3}])
        refused(split, "Outcome.scores")
        over = (37, 1, 1, 1, 1, 1)
        refused(attrs.evolve(team, scores=(over, b, over, b)), "Outcome.scores[0][0]")

    def test_mode_must_fit_the_seats(self) -> None:
        """A team outcome has 4 seats, a solo one 1 (AXIO-17, AXIO-20)."""
        refused(two_seats((1,) * 6, "team"), "Outcome.mode")
        refused(two_seats((1,) * 6, "duo"), "Outcome.mode")

    def test_solo_score_edge(self) -> None:
        """A solo score is three tracks of at most 36, lowest first (AXIO-21)."""
        solo = Outcome(scores=(363636,), ranking=[{0}], game="axio", mode="solo")
        axio.validate(solo)
        refused(attrs.evolve(solo, scores=(363637,)), "Outcome.scores[0]")

    def test_old_outcome_without_mode(self) -> None:
        """Without a mode, four seats whose partners agree read as a team game, as before."""
        a, b = (20, 1, 1, 1, 1, 1), (0,) * 6
        old = Outcome(scores=(a, b, a, b), ranking=[{0, 2}, {1, 3}])
        axio.validate(old)
        refused(attrs.evolve(old, mode="standard"), "Outcome.scores[0][0]")

    def test_other_game(self) -> None:
        """An outcome naming another game is refused."""
        refused(attrs.evolve(two_seats((1,) * 6, ""), game="polygon"), "Outcome.game")
