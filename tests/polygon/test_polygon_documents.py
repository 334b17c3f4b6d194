"""Polygon's ``validate``, reached through loading JSON documents: states it cannot reach."""

from __future__ import annotations

from typing import Any

from serialize_documents import document, refused
from tilegames import Outcome, polygon
from tilegames.serialize import from_dict, to_dict


class TestPolygonValidation:
    """Polygon's ``validate``, reached through loading."""

    def state(self) -> tuple[polygon.State, dict[str, Any]]:
        return document("polygon", 6, 7, players=2)

    def test_a_valid_state_loads(self) -> None:
        """The document of a reachable state loads."""
        state, written = self.state()
        assert from_dict(written, polygon.State) == state

    def test_tile_twice(self) -> None:
        """A bag with one more 5 than the set holds is refused."""
        _, written = self.state()
        written["data"]["bag"][0] = "5"
        written["data"]["bag"] += ["5"] * 9
        refused(written, polygon.State, "tile 5 appears more often than the set holds it")

    def test_tile_missing(self) -> None:
        """A tile taken out of the bag is missing from the set."""
        _, written = self.state()
        written["data"]["bag"].pop()
        refused(written, polygon.State, "State: 1 tiles of the set are nowhere")

    def test_printed_tile_removed(self) -> None:
        """A printed space must keep its printed tile at the bottom."""
        _, written = self.state()
        written["data"]["stacks"][0] = []
        refused(
            written,
            polygon.State,
            "State.stacks[0] (space 0,-4): the stack must start with its printed X2",
        )

    def test_negative_total(self) -> None:
        """A total below 0 is refused."""
        _, written = self.state()
        written["data"]["totals"][0] = -1
        refused(written, polygon.State, "State.totals[0]: -1 is not a total")

    def test_player_count(self) -> None:
        """One seat does not fit a game for 2 to 4."""
        _, written = self.state()
        written["data"]["totals"] = [0]
        refused(written, polygon.State, "1 seats; Polygon is for 2 to 4 players")

    def test_seat_out_of_turn(self) -> None:
        """The seat to move follows from the start draw and the turn number."""
        state, written = self.state()
        written["data"]["seat"] = 1 - state.seat
        refused(written, polygon.State, "State.seat")

    def test_space_number_out_of_range(self) -> None:
        """A placed space number off the board is refused."""
        _, written = self.state()
        written["data"]["placed"] = [61]
        written["data"]["drawn"] = written["data"]["drawn"][:1]
        refused(written, polygon.State, "is not a space number 0..60")

    def test_view_bag_size(self) -> None:
        """A view's bag size must match its contents."""
        state, _ = self.state()
        written = to_dict(polygon.view(state, 0))
        written["data"]["bag_size"] += 1
        refused(written, polygon.View, "View.bag_size")

    def test_outcome_ranking(self) -> None:
        """The highest total must come first."""
        written = to_dict(Outcome(scores=(10, 20), ranking=[{0}, {1}]), game="polygon")
        refused(written, Outcome, "Outcome.ranking: the places do not follow the totals")
