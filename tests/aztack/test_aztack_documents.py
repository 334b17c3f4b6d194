"""Aztack's ``validate``, reached through loading JSON documents: states it cannot reach."""

from __future__ import annotations

from typing import Any

from serialize_documents import document, refused
from tilegames import Outcome, aztack
from tilegames.serialize import from_dict, to_dict


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
