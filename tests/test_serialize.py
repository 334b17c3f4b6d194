"""tilegames.serialize: JSON round trips, strict loading, views without secrets."""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tilegames
from document_mutations import mutate, mutations
from golden_positions import golden
from tilegames import InvalidStateError, Outcome, axio, axio_rota, aztack, polygon
from tilegames.rng import Stream
from tilegames.serialize import FORMAT, VERSION, from_dict, from_json, game_of, to_dict, to_json

GAMES = {"axio-rota": axio_rota, "axio": axio, "aztack": aztack, "polygon": polygon}
VALIDATED = ("axio", "axio-rota", "aztack", "polygon")  # the games whose rules offer ``validate``


def positions(name: str, seed: int, players: int | None = None) -> Iterator[tuple[Any, Any]]:
    """Every state of a random game of ``name`` from ``seed``, with the move that led there."""
    rules = tilegames.get(name)
    count = players if players is not None else rules.setups[seed % len(rules.setups)].players
    state = rules.new_game(count, seed=seed)
    stream = Stream(seed)
    move = None
    while True:
        yield state, move
        if rules.is_over(state):
            return
        moves = rules.legal_moves(state)
        move = moves[stream.randbelow(len(moves))]
        state = rules.apply(state, move)


def document(
    name: str, seed: int, step: int, players: int | None = None
) -> tuple[Any, dict[str, Any]]:
    """A state some way into a random game, with its document."""
    found = None
    for number, (position, _) in enumerate(positions(name, seed, players)):
        found = position
        if number == step:
            break
    return found, to_dict(found)


class TestRoundTrip:
    """Every reachable state, view, move and outcome loads back equal to what was written."""

    @pytest.mark.parametrize("name", sorted(GAMES))
    @settings(max_examples=4, deadline=None)
    @given(seed=st.integers(0, 2**64 - 1))
    def test_random_games(self, name: str, seed: int) -> None:
        """Each state of a random game, every seat's view, each move and the outcome round-trip."""
        module = GAMES[name]
        rules = tilegames.get(name)
        state = None
        for number, (state, move) in enumerate(positions(name, seed)):
            if move is not None:
                assert from_json(to_json(move), module.Move) == move
            if number % 5:
                continue  # every fifth state in full, to keep the test quick
            loaded = from_json(to_json(state), module.State)
            assert loaded == state
            assert rules.to_move(loaded) == rules.to_move(state)
            assert len(rules.legal_moves(loaded)) == len(rules.legal_moves(state))
            for seat in range(rules.players(state)):
                seen = rules.view(state, seat)
                assert from_json(to_json(seen), module.View) == seen
        result = rules.outcome(state)
        assert result is not None
        assert from_json(to_json(result, game=name), Outcome) == result

    def test_equal_values_equal_text(self) -> None:
        """Equal states give identical text, whatever the order their sets were built in."""
        state = axio_rota.new_game(seed=4)
        again = attrs.evolve(state, display=frozenset(sorted(state.display, reverse=True)))
        assert to_json(again) == to_json(state)

    def test_indent(self) -> None:
        """``indent`` pretty-prints the same document."""
        move = polygon.Move("W", (1, 2))
        assert json.loads(to_json(move, indent=2)) == json.loads(to_json(move))
        assert "\n" in to_json(move, indent=2)


class TestEnvelope:
    """The envelope: format, version, game and type, checked before the data."""

    def test_fields(self) -> None:
        """A document names the format, its version, the game and the class."""
        written = to_dict(polygon.Move("3", None))
        assert written == {
            "format": FORMAT,
            "version": VERSION,
            "game": "polygon",
            "type": "Move",
            "data": {"tile": "3", "space": None},
        }

    @pytest.mark.parametrize(
        ("change", "message"),
        [
            ({"format": "other"}, "format: expected 'tilegames'"),
            ({"version": 2}, "version: this tilegames reads version 1, not 2"),
            ({"version": True}, "version: this tilegames reads version 1, not true"),
            ({"game": "chess"}, "game: no game named 'chess'"),
            ({"game": "axio-rota"}, "the document is of 'axio-rota', but a Move of 'polygon'"),
            ({"type": "State"}, "type: expected 'Move', got \"State\""),
            ({"extra": 1}, "document: unknown field 'extra'"),
            ({"data": []}, "Move: expected an object of Move fields, got []"),
        ],
    )
    def test_refused(self, change: dict[str, Any], message: str) -> None:
        """A wrong envelope is an InvalidStateError naming the field."""
        written = {**to_dict(polygon.Move("3", None)), **change}
        with pytest.raises(InvalidStateError) as raised:
            from_dict(written, polygon.Move)
        assert message in str(raised.value)

    def test_missing_field(self) -> None:
        """A document without ``data`` is refused."""
        written = to_dict(polygon.Move("3", None))
        del written["data"]
        with pytest.raises(InvalidStateError, match="document: missing field 'data'"):
            from_dict(written, polygon.Move)

    @pytest.mark.parametrize(
        ("text", "message"),
        [
            ("{", "document: not JSON"),
            ("[" * 100_000 + "]" * 100_000, "document: nested too deeply"),
            ('{"format": NaN}', "document: NaN is not a JSON number"),
            ('{"format": "tilegames", "format": "tilegames"}', "the key 'format' appears twice"),
            ("7", "document: expected a JSON object, got 7"),
            ("1" * 5000, "document: not JSON"),
        ],
    )
    def test_not_a_document(self, text: str, message: str) -> None:
        """Text that is not a JSON object, or strict JSON, is refused."""
        with pytest.raises(InvalidStateError, match=message):
            from_json(text, polygon.Move)

    def test_outcome_needs_its_game(self) -> None:
        """An outcome made by hand without its game needs ``game=`` to be written."""
        result = Outcome(scores=(1, 2), ranking=[{1}, {0}])
        with pytest.raises(InvalidStateError, match="pass game=NAME"):
            to_json(result)
        with pytest.raises(InvalidStateError, match="no game named 'go'"):
            to_json(result, game="go")

    def test_outcome_saves_on_its_own(self) -> None:
        """A game's outcome names its game: it saves alone and loads as tilegames.Outcome."""
        state = polygon.new_game(seed=4)
        while not polygon.is_over(state):
            state = polygon.apply(state, polygon.legal_moves(state)[0])
        result = polygon.outcome(state)
        assert result is not None
        assert result.game == "polygon"
        text = to_json(result)
        assert '"game":"polygon"' in text
        assert text.count('"game"') == 1  # the envelope names it; data leaves it out
        assert from_json(text, Outcome) == result
        with pytest.raises(InvalidStateError, match="cannot be written as one of 'axio'"):
            to_json(result, game="axio")

    def test_outcome_game_in_data_must_agree(self) -> None:
        """A document whose data names another game than its envelope is refused."""
        text = to_json(Outcome(scores=(1, 2), ranking=[{1}, {0}]), game="polygon")
        tampered = text.replace('"data":{', '"data":{"game":"axio",')
        with pytest.raises(InvalidStateError, match="differs from the document's game"):
            from_json(tampered, Outcome)

    def test_optional_fields_are_left_out_at_default(self) -> None:
        """A field added after version 1 is written only when set, and may be missing."""
        standard = polygon.new_game(seed=2)
        assert '"tiles"' not in to_json(standard)
        custom = polygon.new_game(seed=2, tiles=["1", "2", "3", "4", "5", "W"] * 8)
        assert '"tiles"' in to_json(custom)
        assert from_json(to_json(custom), polygon.State) == custom

    def test_class_of_another_game(self) -> None:
        """``game=`` must agree with the class's own game."""
        with pytest.raises(InvalidStateError, match="cannot be written as one of 'axio'"):
            to_json(polygon.Move("3", None), game="axio")

    def test_not_a_document_class(self) -> None:
        """Only classes of registered games and outcomes are written."""
        with pytest.raises(TypeError, match="cannot write a dict"):
            to_json({"a": 1})
        with pytest.raises(InvalidStateError, match="not a class of a registered game"):
            game_of(dict)
        with pytest.raises(TypeError, match="not a class that tilegames documents hold"):
            from_json("{}", int)

    def test_union_and_base_classes(self) -> None:
        """A union or a base class accepts each of its classes, and no other."""
        assert from_json(to_json(axio.SWAP), axio.Move) == axio.SWAP
        passing = aztack.Pass(1)
        assert from_json(to_json(passing), aztack.Move) == passing
        with pytest.raises(InvalidStateError, match="type: expected 'Pass' or 'Place'"):
            from_json(to_json(aztack.new_game(seed=1)), aztack.Move)
        written = {**to_dict(passing), "type": "Move"}
        with pytest.raises(
            InvalidStateError, match="type: expected 'Pass' or 'Place', got \"Move\""
        ):
            from_dict(written, aztack.Move)  # the abstract base is no game's move class


class TestFieldTypes:
    """Each field is read as its declared type, strictly."""

    @pytest.mark.parametrize(
        ("data", "message"),
        [
            (
                {"cell": [1, -1], "rotation": "3", "named": None},
                'Move.rotation: expected an int, got "3"',
            ),
            (
                {"cell": [1, -1], "rotation": 3.0, "named": None},
                "Move.rotation: expected an int, got 3.0",
            ),
            (
                {"cell": [1, -1], "rotation": True, "named": None},
                "Move.rotation: expected an int, got true",
            ),
            (
                {"cell": [1, -1], "rotation": 7, "named": None},
                "Move: a move's rotation must be an int 0..3",
            ),
            (
                {"cell": [1], "rotation": 0, "named": None},
                "Move.cell: expected an array of 2 items, got 1",
            ),
            ({"cell": {"x": 1}, "rotation": 0, "named": None}, "Move.cell: expected an array"),
            (
                {"cell": [2**70, 0], "rotation": 0, "named": None},
                "Move.cell[0]: 1180591620717411303424 is out of range",
            ),
            ({"cell": [1, -1], "rotation": 0, "named": "red"}, "Move.named: expected an int"),
            ({"cell": [1, -1], "rotation": 0}, "Move: missing field 'named'"),
            ({"cell": [1, -1], "rotation": 0, "named": None, "x": 1}, "Move: unknown field 'x'"),
        ],
    )
    def test_move_fields(self, data: dict[str, Any], message: str) -> None:
        """Wrong types, counts, ranges and names are refused with the field's path."""
        written = {**to_dict(axio_rota.Move((0, 0), 0)), "data": data}
        with pytest.raises(InvalidStateError) as raised:
            from_dict(written, axio_rota.Move)
        assert message in str(raised.value)

    def test_set_with_a_repeat(self) -> None:
        """A frozenset written with the same item twice is refused."""
        written = to_dict(axio_rota.new_game(seed=3))
        display = written["data"]["display"]
        display.append(copy.deepcopy(display[0]))
        with pytest.raises(InvalidStateError, match=r"State.display: .* appears twice"):
            from_dict(written, axio_rota.State)


def _refused(written: dict[str, Any], kind: Any, message: str) -> None:
    with pytest.raises(InvalidStateError) as raised:
        from_dict(written, kind)
    assert message in str(raised.value)


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
        _refused(written, axio_rota.State, "appears more often than the set holds it (ROTA-3)")

    def test_tile_missing(self) -> None:
        """A supply tile taken away leaves a tile of the set nowhere."""
        _, written = self.state()
        written["data"]["supply"].pop()
        _refused(written, axio_rota.State, "State: 1 tiles of the set are nowhere")

    def test_tile_not_in_set(self) -> None:
        """A tile with two empty corners is not a tile."""
        _, written = self.state()
        written["data"]["supply"][0] = [None, None, 1, 2]
        _refused(written, axio_rota.State, "State.supply[0]: (None, None, 1, 2) is not a tile")

    def test_score_over_cap(self) -> None:
        """A track above 12 is off the track."""
        _, written = self.state()
        written["data"]["tracks"][1][4] = 13
        _refused(written, axio_rota.State, "State.tracks[1][4]: 13 is off the track")

    def test_too_many_players(self) -> None:
        """Five seats do not fit a game for 1 to 4."""
        _, written = self.state()
        written["data"]["tracks"] += [[0] * 5] * 3
        _refused(written, axio_rota.State, "5 seats; AXIO Rota is for 1 to 4 players")

    def test_seat_out_of_range(self) -> None:
        """The seat to move must be one of the seats."""
        _, written = self.state()
        written["data"]["seat"] = 2
        _refused(written, axio_rota.State, "State.seat: 2 is not a seat of this 2-player game")

    def test_far_cell(self) -> None:
        """A cell far off the grid's coordinates is refused before any index is built."""
        _, written = self.state()
        written["data"]["display"][0][0] = [40000, 0]
        _refused(written, axio_rota.State, "State.display: cell (40000, 0) is not (x, y) within")

    def test_two_tiles_on_a_cell(self) -> None:
        """Two different tiles on one cell are refused."""
        _, written = self.state()
        display = written["data"]["display"]
        display.append(
            [display[0][0], [0, 1, 2, 3] if display[0][1] != [0, 1, 2, 3] else [0, 1, 3, 2]]
        )
        _refused(written, axio_rota.State, "holds two tiles")

    def test_loose_tile(self) -> None:
        """A tile that shares no edge with the rest is refused."""
        _, written = self.state()
        display = written["data"]["display"]
        far = max(display, key=lambda entry: abs(entry[0][0]) + abs(entry[0][1]))
        far[0] = [far[0][0] + 30, far[0][1]]
        _refused(written, axio_rota.State, "is not joined edge to edge to the rest (ROTA-11)")

    def test_unearned_extra_turn(self) -> None:
        """Extra turns are owed only for colours at 12."""
        _, written = self.state()
        written["data"]["extra_turns"] = 2
        _refused(written, axio_rota.State, "State.extra_turns")

    def test_view_with_a_tile_twice(self) -> None:
        """A view whose hand is a tile already on the display (turned or not) shows it twice."""
        state, _ = self.state()
        seen = axio_rota.view(state, 0)
        on_display = sorted(seen.display)[0][1]
        written = to_dict(attrs.evolve(seen, hand=on_display))
        _refused(written, axio_rota.View, "appears more often than the set holds it")

    def test_outcome_ranking_must_follow_scores(self) -> None:
        """An outcome whose places contradict ROTA-19 is refused."""
        result = Outcome(scores=((3, 4, 5, 6, 7), (4, 4, 5, 6, 7)), ranking=[{0}, {1}])
        _refused(to_dict(result, game="axio-rota"), Outcome, "Outcome.ranking")

    def test_outcome_ranking_that_breaks_outcome(self) -> None:
        """A ranking that does not place every seat once is refused by Outcome itself."""
        written = to_dict(Outcome(scores=(3, 5), ranking=[{1}, {0}]), game="polygon")
        written["data"]["ranking"] = [[1], [1]]
        _refused(written, Outcome, "Outcome: ranking [[1], [1]] must place each")

    def test_custom_set(self) -> None:
        """A game of a custom set carries its set: it loads, and is checked against it."""
        tiles = ["RGBO"] * 40
        state = axio_rota.new_game(players=2, seed=3, tiles=tiles)
        axio_rota.validate(state)
        assert from_json(to_json(state), axio_rota.State) == state
        with pytest.raises(InvalidStateError, match="RGBO appears more often than the set"):
            axio_rota.validate(attrs.evolve(state, tiles=None))  # as if of the standard set


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
        _refused(written, polygon.State, "tile 5 appears more often than the set holds it")

    def test_tile_missing(self) -> None:
        """A tile taken out of the bag is missing from the set."""
        _, written = self.state()
        written["data"]["bag"].pop()
        _refused(written, polygon.State, "State: 1 tiles of the set are nowhere")

    def test_printed_tile_removed(self) -> None:
        """A printed space must keep its printed tile at the bottom."""
        _, written = self.state()
        written["data"]["stacks"][0] = []
        _refused(
            written,
            polygon.State,
            "State.stacks[0] (space 0,-4): the stack must start with its printed X2",
        )

    def test_negative_total(self) -> None:
        """A total below 0 is refused."""
        _, written = self.state()
        written["data"]["totals"][0] = -1
        _refused(written, polygon.State, "State.totals[0]: -1 is not a total")

    def test_player_count(self) -> None:
        """One seat does not fit a game for 2 to 4."""
        _, written = self.state()
        written["data"]["totals"] = [0]
        _refused(written, polygon.State, "1 seats; Polygon is for 2 to 4 players")

    def test_seat_out_of_turn(self) -> None:
        """The seat to move follows from the start draw and the turn number."""
        state, written = self.state()
        written["data"]["seat"] = 1 - state.seat
        _refused(written, polygon.State, "State.seat")

    def test_space_number_out_of_range(self) -> None:
        """A placed space number off the board is refused."""
        _, written = self.state()
        written["data"]["placed"] = [61]
        written["data"]["drawn"] = written["data"]["drawn"][:1]
        _refused(written, polygon.State, "is not a space number 0..60")

    def test_view_bag_size(self) -> None:
        """A view's bag size must match its contents."""
        state, _ = self.state()
        written = to_dict(polygon.view(state, 0))
        written["data"]["bag_size"] += 1
        _refused(written, polygon.View, "View.bag_size")

    def test_outcome_ranking(self) -> None:
        """The highest total must come first."""
        written = to_dict(Outcome(scores=(10, 20), ranking=[{0}, {1}]), game="polygon")
        _refused(written, Outcome, "Outcome.ranking: the places do not follow the totals")


class TestMutatedDocuments:
    """Changed documents are refused (InvalidStateError) or load to a state the rules accept."""

    @pytest.mark.parametrize("name", VALIDATED)
    @settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(
        seed=st.integers(0, 50),
        step=st.integers(0, 40),
        changes=st.lists(mutations(), min_size=1, max_size=3),
    )
    def test_refused_or_valid(self, name: str, seed: int, step: int, changes: list[Any]) -> None:
        """No crash but InvalidStateError; whatever loads is valid, playable and round-trips."""
        module = GAMES[name]
        rules = tilegames.get(name)
        state, written = document(name, seed, step)
        seen = to_dict(rules.view(state, 0))
        for change in changes:
            mutate(written, change)
            mutate(seen, change)
        for mutated, kind in ((written, module.State), (seen, module.View)):
            try:
                loaded = from_dict(mutated, kind)
            except InvalidStateError:
                continue
            module.validate(loaded)
            assert from_json(to_json(loaded), kind) == loaded
            if kind is module.State:
                moves = rules.legal_moves(loaded)
                assert rules.is_over(loaded) == (len(moves) == 0)
                if moves:
                    rules.apply(loaded, moves[0])


class TestViewsHideSecrets:
    """A view's JSON shows no hidden tile and no seed."""

    @pytest.mark.parametrize("name", ["axio-rota", "polygon"])
    @settings(max_examples=10, deadline=None)
    @given(seed=st.integers(0, 2**64 - 1), step=st.integers(0, 30), other=st.integers(0, 2**32))
    def test_hidden_parts_do_not_show(self, name: str, seed: int, step: int, other: int) -> None:
        """Resampling the hidden parts (hands, stacks, bag order, seed) leaves the view's JSON."""
        rules = tilegames.get(name)
        state, _ = document(name, seed, step)
        assert rules.determinize is not None
        for seat in range(rules.players(state)):
            seen = rules.view(state, seat)
            text = to_json(seen)
            resampled = rules.determinize(seen, Stream(other))
            assert resampled != state or step == 0
            assert to_json(rules.view(resampled, seat)) == text
            seed_value = getattr(state, "seed", None)
            if seed_value is not None:
                assert str(seed_value) not in text
                assert '"seed"' not in text

    def test_axio_rota_hands(self) -> None:
        """Another seat's hand tile, and the stacks and supply, are not in a view's document."""
        state, _ = document("axio-rota", 8, 3)
        data = to_dict(axio_rota.view(state, 0))["data"]
        assert set(data) == {
            "seat",
            "to_move",
            "display",
            "tracks",
            "hand",
            "stack_sizes",
            "supply_size",
            "extra_tile",
            "extra_turns",
        }
        assert data["hand"] == list(state.hands[0])

    def test_axio_racks_and_bag(self) -> None:
        """AXIO: other racks, the bag's order and the seed do not change a view's JSON."""
        state, _ = document("axio", 9, 6, players=2)
        text = to_json(axio.view(state, 0))
        bag = state.bag
        swapped = attrs.evolve(
            state,
            racks=(state.racks[0], tuple(sorted(bag[: len(state.racks[1])])), *state.racks[2:]),
            bag=tuple(reversed(bag[len(state.racks[1]) :] + state.racks[1])),
            seed=state.seed ^ 0xFFFF,
        )
        assert to_json(axio.view(swapped, 0)) == text
        assert str(state.seed) not in text


DATA = Path(__file__).parent / "data" / "json"


def golden_kinds(name: str) -> dict[str, Any]:
    """Per part of a game's golden files (``<game>-<part>.json``), the class it loads as."""
    module = GAMES[name]
    return {"state": module.State, "view": module.View, "move": module.Move, "outcome": Outcome}


def golden_values(name: str) -> dict[str, Any]:
    """Per part of a game's golden files, the value made from its hand-built position."""
    position = golden(name)
    return {
        "state": position.state,
        "view": tilegames.get(name).view(position.state, 1),
        "move": position.move,
        "outcome": position.outcome,
    }


class TestGoldenFiles:
    """Golden documents in tests/data/json pin the format: any change to it fails here.

    For each game, ``<game>-state.json`` holds the position built by hand in
    tests/golden_positions.py (no random game, no seeded shuffle; two
    players, one turn each, seat 0 to move), ``<game>-view.json`` seat 1's
    view of it, ``<game>-move.json`` the legal move for seat 0 written there
    in notation and ``<game>-outcome.json`` the finished game's outcome
    built there:

    * axio-rota: the start square, seat 0's tile on (1, -1) and seat 1's on
      (0, 1) naming purple, tracks 0 0 1 0 1 and 0 1 0 0 1; move
      ``1,0:3``; seat 0 first on its highest track (ROTA-19).
    * axio: RG by the red start and PP by the purple start, tracks red 1
      and purple 2, turn 2; move ``R3,0/O2,0``; seat 0 first on its
      second-lowest track (AXIO-16).
    * aztack: stones 19 and 1 at height 2 over the first two base columns,
      stone 58 discarded by the bonus, 11 and 10 stones left; move
      ``0:30@0,0/0,1``; 2 stones each, seat 1 first as the more recent
      placer (AZT-16).
    * polygon: turn 3, totals 25 and 20, the star rolled, 5 and W drawn;
      move ``W@2,-1``; 145 each, one shared place (POLY-15).

    The files were written once from these values with
    ``to_json(value, game=name, indent=1)`` and read by hand against the
    positions' docstrings: the display, board, pyramid or stacks cell by
    cell, the tracks and totals, the hidden tiles present in the state and
    absent from the view (sizes only; Polygon's bag contents, which are
    public, sorted), the outcome's ranking and ``mode`` ("standard" for
    AXIO, "turns" for Aztack, left out at its default for AXIO Rota and
    Polygon), and no ``game`` inside an outcome's data (the envelope
    names it).
    """

    @pytest.mark.parametrize("name", sorted(GAMES))
    def test_positions_are_legal(self, name: str) -> None:
        """Each hand-built position validates and is playable; its move scores as counted."""
        module = GAMES[name]
        rules = tilegames.get(name)
        position = golden(name)
        for value in (*golden_values(name).values(), rules.view(position.state, 0)):
            module.validate(value)
        assert rules.legal_moves(position.state)
        assert position.move in rules.legal_moves(position.state)
        assert module.score_move(position.state, position.move) == position.points
        assert rules.apply(position.state, position.move) != position.state
        assert rules.outcome(position.state) is None

    @pytest.mark.parametrize("name", sorted(GAMES))
    def test_documents_unchanged(self, name: str) -> None:
        """Today's documents of the same values are the stored text, and the text loads back."""
        kinds = golden_kinds(name)
        for part, value in golden_values(name).items():
            stored = (DATA / f"{name}-{part}.json").read_text()
            assert to_json(value, game=name, indent=1) + "\n" == stored, part
            assert from_json(stored, kinds[part]) == value

    def test_documents_load(self) -> None:
        """Every golden document, and no other file, still loads with today's code (format pin)."""
        found = {path.name for path in DATA.iterdir()}
        assert found == {f"{name}-{part}.json" for name in GAMES for part in golden_kinds(name)}
        for name in GAMES:
            for part, kind in golden_kinds(name).items():
                loaded = from_json((DATA / f"{name}-{part}.json").read_text(), kind)
                owner = loaded.game if part == "outcome" else game_of(type(loaded)).name
                assert owner == name, (name, part)


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
        _refused(written, aztack.State, "holds a stone that is also elsewhere")

    def test_supply_over_a_deal(self) -> None:
        """A supply of more than twelve stones is refused."""
        state, written = self.state()
        top = set(state.pyramid.tops)
        held = {s for supply in state.supplies for s in supply}
        spare = [s for s in range(len(state.stones)) if s not in top | held]
        written["data"]["supplies"][0] = sorted([*written["data"]["supplies"][0], *spare[:5]])
        _refused(written, aztack.State, "State.supplies[0]")

    def test_player_count(self) -> None:
        """Five seats do not fit a game for 2 to 4."""
        _, written = self.state()
        written["data"]["supplies"] += [[], [], []]
        written["data"]["last_placed"] += [0, 0, 0]
        _refused(written, aztack.State, "State.supplies: expected one supply for each of 2 to 4")

    def test_outcome_over_cap(self) -> None:
        """An outcome counts at most twelve stones a seat."""
        written = to_dict(Outcome(scores=(13, 0), ranking=[{1}, {0}]), game="aztack")
        _refused(written, Outcome, "Outcome.scores: expected 2 to 4 stone counts 0..12")


class TestOlderDocuments:
    """Documents written before the games became packages (tests/data/json_v1) still load.

    They were the golden files of the first release, kept as they were
    written: no state carries a ``tiles`` field, no outcome a ``game`` or
    ``mode``. The fields added since are optional, so every one loads,
    validates, and writes back to the very same text.
    """

    @pytest.mark.parametrize("path", sorted((DATA.parent / "json_v1").glob("*.json")), ids=str)
    def test_loads_and_writes_back_the_same(self, path: Path) -> None:
        """Each old document loads as its class and is written again unchanged."""
        stored = path.read_text()
        game, part = path.stem.rsplit("-", 1)
        module = {"axio": axio, "axio-rota": axio_rota, "aztack": aztack, "polygon": polygon}[game]
        kind = {"state": module.State, "view": module.View, "move": module.Move}.get(part, Outcome)
        value = from_json(stored, kind)
        assert to_json(value, game=game, indent=1) + "\n" == stored
        if kind is Outcome:
            assert (value.game, value.mode) == (game, "")  # the envelope names the game

    def test_all_four_games_are_kept(self) -> None:
        """The old documents cover every game and every kind of document."""
        names = {path.stem for path in (DATA.parent / "json_v1").glob("*.json")}
        parts = ("state", "view", "move", "outcome")
        assert names == {
            f"{g}-{p}" for g in ("axio", "axio-rota", "aztack", "polygon") for p in parts
        }
