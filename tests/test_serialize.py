"""tilegames.serialize: JSON round trips, strict loading, views without secrets."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tilegames
from document_mutations import mutate, mutations
from golden_positions import golden
from serialize_documents import document, positions
from tilegames import InvalidStateError, Outcome, axio, axio_rota, aztack, polygon
from tilegames.rng import Stream
from tilegames.serialize import FORMAT, VERSION, from_dict, from_json, game_of, to_dict, to_json

GAMES = {"axio-rota": axio_rota, "axio": axio, "aztack": aztack, "polygon": polygon}
VALIDATED = ("axio", "axio-rota", "aztack", "polygon")  # the games whose rules offer ``validate``


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
    def testrefused(self, change: dict[str, Any], message: str) -> None:
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


def test_a_class_without_fields_says_so() -> None:
    """An unknown field in a document of a field-less move names the class, not an empty list."""
    written = to_dict(axio.DECLINE)
    written["data"] = {"swap": True}
    with pytest.raises(InvalidStateError, match=r"unknown field 'swap' \(a Decline has none\)"):
        from_dict(written, axio.Move)
