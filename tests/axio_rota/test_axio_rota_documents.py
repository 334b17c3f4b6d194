"""AXIO Rota's ``validate``, reached through loading JSON documents: states it cannot reach."""

from __future__ import annotations

import copy
from typing import Any

import attrs
import pytest

from serialize_documents import document, refused
from tilegames import InvalidStateError, Outcome, axio_rota
from tilegames.serialize import from_dict, from_json, to_dict, to_json


class TestAxioRotaValidation:
    """AXIO Rota's ``validate``, reached through loading: states the game cannot reach."""

    def state(self) -> tuple[axio_rota.State, dict[str, Any]]:
        return document("axio-rota", 5, 9, players=2)

    def test_a_valid_state_loads(self) -> None:
        """The document of a reachable state loads."""
        state, written = self.state()
        assert from_dict(written, axio_rota.State) == state

    def test_tile_twice(self) -> None:
        """A supply tile replaced by a copy of a stack tile appears twice."""
        _, written = self.state()
        data = written["data"]
        data["supply"][0] = copy.deepcopy(data["stacks"][0][0])
        refused(written, axio_rota.State, "appears more often than the set holds it (ROTA-3)")

    def test_tile_missing(self) -> None:
        """A supply tile taken away leaves a tile of the set nowhere."""
        _, written = self.state()
        written["data"]["supply"].pop()
        refused(written, axio_rota.State, "State: 1 tiles of the set are nowhere")

    def test_tile_not_in_set(self) -> None:
        """A tile with two empty corners is not a tile."""
        _, written = self.state()
        written["data"]["supply"][0] = [None, None, 1, 2]
        refused(written, axio_rota.State, "State.supply[0]: (None, None, 1, 2) is not a tile")

    def test_score_over_cap(self) -> None:
        """A track above 12 is off the track."""
        _, written = self.state()
        written["data"]["tracks"][1][4] = 13
        refused(written, axio_rota.State, "State.tracks[1][4]: 13 is off the track")

    def test_too_many_players(self) -> None:
        """Five seats do not fit a game for 1 to 4."""
        _, written = self.state()
        written["data"]["tracks"] += [[0] * 5] * 3
        refused(written, axio_rota.State, "5 seats; AXIO Rota is for 1 to 4 players")

    def test_seat_out_of_range(self) -> None:
        """The seat to move must be one of the seats."""
        _, written = self.state()
        written["data"]["seat"] = 2
        refused(written, axio_rota.State, "State.seat: 2 is not a seat of this 2-player game")

    def test_far_cell(self) -> None:
        """A cell far off the grid's coordinates is refused before any index is built."""
        _, written = self.state()
        written["data"]["display"][0][0] = [40000, 0]
        refused(written, axio_rota.State, "State.display: cell (40000, 0) is not (x, y) within")

    def test_two_tiles_on_a_cell(self) -> None:
        """Two different tiles on one cell are refused."""
        _, written = self.state()
        display = written["data"]["display"]
        display.append(
            [display[0][0], [0, 1, 2, 3] if display[0][1] != [0, 1, 2, 3] else [0, 1, 3, 2]]
        )
        refused(written, axio_rota.State, "holds two tiles")

    def test_loose_tile(self) -> None:
        """A tile that shares no edge with the rest is refused."""
        _, written = self.state()
        display = written["data"]["display"]
        far = max(display, key=lambda entry: abs(entry[0][0]) + abs(entry[0][1]))
        far[0] = [far[0][0] + 30, far[0][1]]
        refused(written, axio_rota.State, "is not joined edge to edge to the rest (ROTA-11)")

    def test_unearned_extra_turn(self) -> None:
        """Extra turns are owed only for colours at 12."""
        _, written = self.state()
        written["data"]["extra_turns"] = 2
        refused(written, axio_rota.State, "State.extra_turns")

    def test_view_with_a_tile_twice(self) -> None:
        """A view whose hand is a tile already on the display (turned or not) shows it twice."""
        state, _ = self.state()
        seen = axio_rota.view(state, 0)
        on_display = sorted(seen.display)[0][1]
        written = to_dict(attrs.evolve(seen, hand=on_display))
        refused(written, axio_rota.View, "appears more often than the set holds it")

    def test_outcome_ranking_must_follow_scores(self) -> None:
        """An outcome whose places contradict ROTA-19 is refused."""
        result = Outcome(scores=((3, 4, 5, 6, 7), (4, 4, 5, 6, 7)), ranking=[{0}, {1}])
        refused(to_dict(result, game="axio-rota"), Outcome, "Outcome.ranking")

    def test_outcome_ranking_that_breaks_outcome(self) -> None:
        """A ranking that does not place every seat once is refused by Outcome itself."""
        written = to_dict(Outcome(scores=(3, 5), ranking=[{1}, {0}]), game="polygon")
        written["data"]["ranking"] = [[1], [1]]
        refused(written, Outcome, "Outcome: ranking [[1], [1]] must place each")

    def test_custom_set(self) -> None:
        """A game of a custom set carries its set: it loads, and is checked against it."""
        tiles = ["RGBO"] * 40
        state = axio_rota.new_game(players=2, seed=3, tiles=tiles)
        axio_rota.validate(state)
        assert from_json(to_json(state), axio_rota.State) == state
        with pytest.raises(InvalidStateError, match="RGBO appears more often than the set"):
            axio_rota.validate(attrs.evolve(state, tiles=None))  # as if of the standard set
