"""A failing property over states() prints a short game that replays the state; short reprs."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings

import tilegames
from tiers import size
from tilegames import Outcome, Setup, axio_rota, aztack, polygon, records
from tilegames._core.state import summary
from tilegames.records import Record, final_state
from tilegames.testing.strategies import states

REPORT = settings(
    database=None,
    derandomize=True,
    max_examples=60,
    suppress_health_check=[HealthCheck.too_slow],
)

# How far a game has come, in each built-in game's own fields: a property that
# fails once a game is past its first turns needs one (a new built-in game
# fails the test below until it is named here).
PROGRESS: dict[str, Callable[[Any], int]] = {
    "axio": lambda state: state.turn,  # turns begun after the first
    "axio-rota": lambda state: len(state.display) - 4,  # tiles placed after the start square
    "aztack": lambda state: max(state.last_placed),  # stones placed
    "polygon": lambda state: state.turn - 1,  # turns begun after the first
}
TOO_FAR = 2
MAX_MOVES = size(everyday=20, deep=30)
"""The longest game drawn: well past TOO_FAR in every game and chance mode (shorter
draws, and so shorter shrinks, in the everyday tier)."""
HEADS = ("Falsifying example", "Failing test case")  # older and newer Hypothesis


def falsified(
    rules: tilegames.Rules[Any, Any], *, chance: tuple[str, ...] = ("seeded",)
) -> tuple[str, Any]:
    """What Hypothesis reports for a property that fails past the first turns, and the state."""
    failing: list[Any] = []
    progress = PROGRESS[rules.name]

    @REPORT
    @given(states(rules, max_moves=MAX_MOVES, chance=chance))
    def never_far(state: Any) -> None:
        failing.append(state)
        assert progress(state) <= TOO_FAR

    with pytest.raises(AssertionError) as caught:
        never_far()
    return example(caught.value), failing[-1]


def example(error: BaseException) -> str:
    """The failing example among the notes Hypothesis adds to the error (not its explanation)."""
    notes = getattr(error, "__notes__", [])
    found = [note for note in notes if note.startswith(HEADS)]
    assert len(found) == 1, notes
    return str(found[0])


def finished(name: str) -> Record:
    """The record of a whole game of two, each seat playing its last listed move."""
    rules = tilegames.get(name)
    state = rules.new_game(2, seed=1)
    played = []
    while not rules.is_over(state):
        played.append(rules.legal_moves(state)[-1])
        state = rules.apply(state, played[-1])
    return records.record_of(
        name, played, players=2, seed=1, tags={"Event": "Test"}, comments=[(1, "first")]
    )


def replayed(report: str) -> tuple[Any, list[Record]]:
    """The state the reported call rebuilds, and the records it was given."""
    head, _, call = report.partition(": ")
    assert head in HEADS, report
    given_records: list[Record] = []

    def replay_state(record: Record) -> Any:
        given_records.append(record)
        return final_state(record)

    namespace = {"Record": Record, "final_state": replay_state, "never_far": lambda state: state}
    return eval(call, namespace), given_records  # the text Hypothesis printed


class TestFailingExamples:
    """A failure of states() is reported as final_state(Record(...))."""

    @pytest.mark.parametrize("name", tilegames.names())
    def test_short_and_replayable(self, name: str) -> None:
        """The report is a few lines naming the game and seed; pasted back, it is the state."""
        rules = tilegames.get(name)
        report, state = falsified(rules)
        assert len(report.splitlines()) < 15, report
        assert "final_state(" in report
        assert "Record(" in report
        assert f"game={name!r}" in report
        assert "seed=" in report
        again, given_records = replayed(report)
        assert again == state
        (record,) = given_records
        assert record.seed is not None
        assert f"seed={record.seed}," in report
        assert len(record.moves) > TOO_FAR  # a short game, but one with moves to replay

    def test_explicit_chance(self) -> None:
        """An explicit game's record carries the chance option and its outcomes replay."""
        report, state = falsified(polygon.RULES, chance=("explicit",))
        assert "('chance', 'explicit')" in report
        again, (record,) = replayed(report)
        assert again == state
        assert dict(record.options) == {"chance": "explicit"}

    def test_the_record_is_one_records_accept(self) -> None:
        """The printed record round-trips through both formats and replays to the state."""
        report, state = falsified(tilegames.get("axio"))
        _, (record,) = replayed(report)
        for format in ("text", "json"):
            assert records.loads(records.dumps(record, format=format)) == record
        assert records.replay(record)[-1] == state

    def test_custom_setup(self) -> None:
        """A setup's options (here a custom set of tiles) are written into the record."""
        rules = polygon.RULES
        tiles = ("1",) * 10 + ("2",) * 10 + ("3",) * 10
        setup = Setup(2, {"tiles": tiles})

        @REPORT
        @given(states(rules, setups=[setup], max_moves=5))
        def the_standard_set(state: Any) -> None:
            assert state.tiles is None

        with pytest.raises(AssertionError) as caught:
            the_standard_set()
        report = example(caught.value)
        assert "('tiles', (" in report
        assert len(report.splitlines()) < 15, report

    def test_unregistered_rules_draw_plain_states(self) -> None:
        """Rules that are not the registered game of their name are played, not recorded."""
        copy = attrs.evolve(polygon.RULES)
        assert copy == polygon.RULES
        assert copy is not polygon.RULES
        seen: list[Any] = []

        @settings(REPORT, max_examples=5)
        @given(states(copy, max_moves=3))
        def collect(state: Any) -> None:
            seen.append(state)

        collect()
        assert all(type(state) is polygon.State for state in seen)


class TestReprs:
    """States, views and records print in one line."""

    @pytest.mark.parametrize("name", tilegames.names())
    def test_state_and_view(self, name: str) -> None:
        """A new game's state and a view of it name the game, in under 200 characters."""
        rules = tilegames.get(name)
        state = rules.new_game(2, seed=1)
        for text in (repr(state), repr(rules.view(state, 1))):
            assert len(text) < 200, text
            assert "\n" not in text
            assert name in text
            assert "2 players" in text

    @pytest.mark.parametrize("name", tilegames.names())
    def test_a_finished_game(self, name: str) -> None:
        """A finished game's repr says so."""
        state = final_state(finished(name))
        assert tilegames.get(name).is_over(state)
        assert repr(state).endswith(", game over>")

    def test_a_refused_state_still_prints(self) -> None:
        """A hand-made state its game refuses prints without who moves; repr never raises."""
        state = axio_rota.new_game(2, seed=1)
        broken = attrs.evolve(state, hands=((0, None, None, 1), None))  # two empty corners
        with pytest.raises(tilegames.InvalidStateError):
            axio_rota.to_move(broken)
        assert repr(broken) == repr(state).rpartition(", seat")[0] + ">"

    def test_a_value_no_game_owns(self) -> None:
        """Without a game to ask, the summary names the class and the facts given."""
        assert summary(object(), 1, ["turn 2"]) == "<object: 1 player, turn 2>"

    def test_seats_moving_at_once(self) -> None:
        """Aztack's speed stack names every seat that may move, and its mode."""
        text = repr(aztack.new_game(3, seed=1, mode="speed"))
        assert "speed mode" in text
        assert text.endswith(", seats 0, 1 and 2 to move>")

    def test_equality_is_by_value_still(self) -> None:
        """States that print alike still differ by their hidden fields; equal ones hash alike."""
        one = polygon.new_game(2, seed=1)
        other = attrs.evolve(one, seed=one.seed + 1)  # the next die roll's generator
        assert repr(one) == repr(other)
        assert one != other
        assert one == polygon.new_game(2, seed=1)
        assert hash(one) == hash(polygon.new_game(2, seed=1))

    @pytest.mark.parametrize("name", tilegames.names())
    def test_record_repr_round_trips(self, name: str) -> None:
        """A record's repr, evaluated, is an equal record, tags, comments and result included."""
        record = finished(name)
        assert record.result is not None
        assert eval(repr(record), {"Record": Record, "Outcome": Outcome}) == record

    def test_record_repr_leaves_defaults_out(self) -> None:
        """Fields at their defaults (no seed, tags, comments or result) are not written."""
        record = Record(game="polygon", players=2, moves=(), options=[("chance", "explicit")])
        text = repr(record)
        assert text.startswith("Record(game='polygon', players=2, ")
        for name in ("seed", "tags", "comments", "result"):
            assert f"{name}=" not in text
        assert eval(text, {"Record": Record}) == record
