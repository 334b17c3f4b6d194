"""AXIO's public functions at their edges: wrong types, bad seats, the end, round trips.

Expected values are worked out by hand from the AXIO rules (rule ids in the
comments) and from the API contract: a value of the wrong kind is a
WrongTypeError naming what was expected, a seat out of range a SeatError.
"""

from __future__ import annotations

import pickle
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import attrs
import pytest

import tilegames
from tilegames import GameOverError, Outcome, SeatError, WrongTypeError, axio, axio_rota
from tilegames._core import rng
from tilegames.render import cells_of, to_svg
from tilegames.serialize import from_json, to_json

STATE = axio.new_game(seed=3)
VIEW = axio.view(STATE, 0)
MOVE = axio.legal_moves(STATE)[0]
STRANGER = axio_rota.new_game(seed=3)  # a State of another game

# Every public function taking a state, called with its other arguments valid.
ON_STATE: dict[str, Callable[[Any], object]] = {
    "players": axio.players,
    "is_over": axio.is_over,
    "to_move": axio.to_move,
    "legal_moves": axio.legal_moves,
    "LegalMoves": axio.LegalMoves,
    "rack_sizes": axio.rack_sizes,
    "bag_size": axio.bag_size,
    "outcome": axio.outcome,
    "rack": lambda s: axio.rack(s, 0),
    "view": lambda s: axio.view(s, 0),
    "apply": lambda s: axio.apply(s, MOVE),
    "why_illegal": lambda s: axio.why_illegal(s, MOVE),
    "score_move": lambda s: axio.score_move(s, MOVE),
    "evaluate": lambda s: axio.evaluate(s, MOVE, 0),
}
# Those that read a state or a view alike.
ON_POSITION: dict[str, Callable[[Any], object]] = {
    "scores": axio.scores,
    "board": axio.board,
    "playing_area": axio.playing_area,
    "render_text": axio.render_text,
}
# Those that take a move.
ON_MOVE: dict[str, Callable[[Any], object]] = {
    "apply": lambda m: axio.apply(STATE, m),
    "why_illegal": lambda m: axio.why_illegal(STATE, m),
    "score_move": lambda m: axio.score_move(STATE, m),
    "evaluate": lambda m: axio.evaluate(STATE, m, 0),
    "format_move": axio.format_move,
}


def finished(seed: int = 4, **options: Any) -> axio.State:
    """A game played to its end by always taking the first legal move."""
    state = axio.new_game(seed=seed, **options)
    while not axio.is_over(state):
        state = axio.apply(state, axio.legal_moves(state)[0])
    return state


class TestWrongTypes:
    @pytest.mark.parametrize("name", sorted(ON_STATE))
    @pytest.mark.parametrize(
        "given", [STRANGER, VIEW, None, "R0,0/B1,0"], ids=["other-game", "view", "none", "text"]
    )
    def test_state_functions(self, name: str, given: object) -> None:
        """Another game's State, a View, None or text where a State is needed: WrongTypeError."""
        with pytest.raises(WrongTypeError, match="expects an AXIO State"):
            ON_STATE[name](given)

    @pytest.mark.parametrize("name", sorted(ON_POSITION))
    @pytest.mark.parametrize("given", [STRANGER, None, MOVE], ids=["other-game", "none", "move"])
    def test_position_functions(self, name: str, given: object) -> None:
        """A State or a View is accepted; anything else is a WrongTypeError."""
        ON_POSITION[name](STATE)
        ON_POSITION[name](VIEW)
        with pytest.raises(WrongTypeError, match="expects an AXIO State or View"):
            ON_POSITION[name](given)

    @pytest.mark.parametrize("name", sorted(ON_MOVE))
    def test_text_for_a_move_points_at_parse_move(self, name: str) -> None:
        """A move written as text is refused with a pointer to parse_move."""
        with pytest.raises(WrongTypeError, match=r"axio\.parse_move\(text, state\)"):
            ON_MOVE[name]("R0,0/B1,0")

    @pytest.mark.parametrize("name", sorted(ON_MOVE))
    @pytest.mark.parametrize("given", [None, axio_rota.Place((1, -1), 0), (0, 1)], ids=repr)
    def test_not_a_move(self, name: str, given: object) -> None:
        """None, another game's move or a tuple where a move is needed: WrongTypeError."""
        with pytest.raises(WrongTypeError, match="an AXIO move"):
            ON_MOVE[name](given)

    def test_why_illegal_keeps_its_answers_for_moves(self) -> None:
        """For moves of the game why_illegal still answers None or a reason."""
        assert axio.why_illegal(STATE, MOVE) is None
        assert axio.why_illegal(STATE, axio.SWAP) == (
            "no swap is offered now: the choice comes after a turn's placements, when the rack "
            "shows none of the seat's lowest colours (AXIO-12)"
        )

    def test_membership_is_no_error(self) -> None:
        """`x in legal_moves(state)` answers False for anything that is no legal move."""
        moves: Sequence[object] = axio.legal_moves(STATE)
        assert MOVE in moves
        assert None not in moves
        assert str(MOVE) not in moves

    @pytest.mark.parametrize(
        "call",
        [
            lambda: axio.parse_move(None),  # type: ignore[arg-type]
            lambda: axio.parse_move("swap", STRANGER),  # type: ignore[arg-type]
            lambda: axio.parse_tile(7),  # type: ignore[arg-type]
            lambda: axio.format_tile("RB"),  # type: ignore[arg-type]
            lambda: axio.solo_score(None),  # type: ignore[arg-type]
            lambda: axio.determinize(STATE, rng.Stream(1)),  # type: ignore[arg-type]
            lambda: axio.determinize(VIEW, None),  # type: ignore[arg-type]
            lambda: axio.validate(STRANGER),  # type: ignore[arg-type]
            lambda: axio.validate(None),  # type: ignore[arg-type]
        ],
    )
    def test_other_arguments(self, call: Callable[[], object]) -> None:
        """Notation, tiles, solo scores, determinize and validate check their arguments too."""
        with pytest.raises(WrongTypeError):
            call()

    def test_parse_move_takes_a_view_or_nothing(self) -> None:
        """The state argument of parse_move may be a State, a View or None."""
        assert axio.parse_move("keep", VIEW) == axio.parse_move("keep") == axio.KEEP


class TestSeats:
    @pytest.mark.parametrize("seat", [-1, 2, 4])
    def test_seat_out_of_range(self, seat: int) -> None:
        """A two-player game has seats 0 and 1 only: SeatError, also a ValueError."""
        for call in (axio.view, axio.rack):
            with pytest.raises(SeatError, match=f"seat {seat} is not in this game"):
                call(STATE, seat)
        with pytest.raises(ValueError, match=r"seats 0\.\.1"):
            axio.evaluate(STATE, MOVE, seat)

    @pytest.mark.parametrize("seat", ["0", 1.0, True])
    def test_seat_not_an_int(self, seat: object) -> None:
        """A seat that is no int is a WrongTypeError (None: the public view, tested apart)."""
        with pytest.raises(WrongTypeError, match=r"a seat is an int 0\.\.1"):
            axio.view(STATE, seat)  # type: ignore[arg-type]

    def test_team_and_solo_seats(self) -> None:
        """A team game has seats 0..3 (AXIO-17), a solo game seat 0 only (AXIO-20)."""
        team = axio.new_game(mode="team", seed=1)
        assert axio.view(team, 3).seat == 3
        with pytest.raises(SeatError):
            axio.view(team, 4)
        with pytest.raises(SeatError):
            axio.view(axio.new_game(players=1, seed=1), 1)


class TestGameOver:
    def test_message_says_it_once(self) -> None:
        """After the end, apply names the move and the rule once, with no turn text."""
        state = finished()
        rule = "AXIO-14" if any(min(t) == axio.TRACK_CAP for t in state.tracks) else "AXIO-15"
        move = axio.Place(((0, 0), (1, 0)), (axio.RED, axio.BLUE))
        with pytest.raises(GameOverError) as caught:
            axio.apply(state, move)
        assert str(caught.value) == f"illegal move 'R0,0/B1,0': the game is over ({rule})"
        assert caught.value.turn == ""
        assert str(caught.value).count("over") == 1
        assert axio.why_illegal(state, move) == f"the game is over ({rule})"

    def test_score_move_after_the_end(self) -> None:
        """score_move refuses alike."""
        with pytest.raises(GameOverError, match=r"the game is over \(AXIO-1[45]\)$"):
            axio.score_move(finished(5), axio.KEEP)

    def test_illegal_move_keeps_its_turn_text(self) -> None:
        """Before the end, the turn is still named."""
        with pytest.raises(tilegames.IllegalMoveError, match=r"; seat 0 to place, turn 0$"):
            axio.apply(STATE, axio.SWAP)


# Every option of new_game away from its default.
OPTIONS = [
    {"players": 3},
    {"players": 4},
    {"mode": "team"},
    {"players": 1},
    {"mode": "solo"},
    {"tiles": ["RB"] * 12},
    {"tiles": [(2, 0)] * 6 + ["GG", "YP"] * 3},
    {"players": 1, "tiles": ["OO", "PY"]},
    {"mode": "team", "tiles": ["RB", "GY", "OP"] * 10},
]


class TestRoundTrip:
    @pytest.mark.parametrize("options", OPTIONS, ids=repr)
    def test_state_and_view_round_trip(self, options: dict[str, Any]) -> None:
        """A state (and a view) of every setup and set reads back equal, and plays on alike."""
        state = axio.new_game(seed=5, **options)
        for _ in range(7):
            if axio.is_over(state):
                break
            state = axio.apply(state, axio.legal_moves(state)[-1])
        loaded = from_json(to_json(state), axio.State)
        assert loaded == state
        assert list(axio.legal_moves(loaded)) == list(axio.legal_moves(state))
        assert pickle.loads(pickle.dumps(state)) == state
        seen = axio.view(state, 0)
        assert from_json(to_json(seen), axio.View) == seen

    def test_the_set_travels_in_the_state(self) -> None:
        """A custom set is carried sorted; the standard set, in any order, as None."""
        state = axio.new_game(seed=5, tiles=["BR"] * 11 + ["GG"])
        assert state.tiles == ((0, 2),) * 11 + ((1, 1),)
        assert axio.view(state, 1).tiles == state.tiles
        assert axio.apply(state, axio.legal_moves(state)[0]).tiles == state.tiles
        shuffled = list(reversed(axio.STANDARD_TILES))
        assert axio.new_game(seed=5, tiles=shuffled).tiles is None
        assert axio.new_game(seed=5).tiles is None

    def test_standard_documents_do_not_change(self) -> None:
        """The standard set is left out of a document, as before states carried it."""
        assert '"tiles"' not in to_json(STATE)
        assert '"tiles"' not in to_json(VIEW)
        assert '"tiles":[[0,2],' in to_json(axio.new_game(seed=5, tiles=["RB"] * 12))

    def test_determinize_deals_from_the_carried_set(self) -> None:
        """A sample's hidden tiles come from the game's own set."""
        custom = ["RB"] * 10 + ["GY"] * 10
        state = axio.new_game(seed=2, tiles=custom)
        sample = axio.determinize(axio.view(state, 0), rng.Stream(3))
        everything = Counter([*sample.racks[0], *sample.racks[1], *sample.bag])
        assert everything == Counter({(0, 2): 10, (1, 4): 10})
        axio.validate(sample)


class TestOutcome:
    @pytest.mark.parametrize(
        ("options", "mode"),
        [({}, "standard"), ({"mode": "team"}, "team"), ({"players": 1}, "solo")],
    )
    def test_names_game_and_mode(self, options: dict[str, Any], mode: str) -> None:
        """outcome() says which game it ends and in which mode."""
        result = axio.outcome(finished(**options))
        assert result is not None
        assert (result.game, result.mode) == ("axio", mode)
        assert tilegames.game_of(result) is axio.RULES
        assert from_json(to_json(result), Outcome) == result

    def test_none_before_the_end(self) -> None:
        """No outcome while the game goes on."""
        assert axio.outcome(STATE) is None


class TestRulesBundle:
    def test_owned_types_and_pictures(self) -> None:
        """RULES names the game's classes and its picture functions."""
        rules = axio.RULES
        assert rules.state_type is axio.State
        assert rules.view_type is axio.View
        assert set(rules.move_types) == {
            axio.Place,
            axio.SwapChoice,
            axio.Decline,
            axio.Draw,
            axio.Unseen,
        }
        assert rules.chance_outcomes is axio.chance_outcomes
        assert rules.draw is not None
        assert rules.move_cells is not None
        assert tilegames.game_of(axio.SWAP) is rules
        assert tilegames.game_of(axio.DECLINE) is rules

    def test_to_svg_is_the_game_picture(self) -> None:
        """render.to_svg gives the game's own drawing, for states and views."""
        assert axio.RULES.draw is not None
        for value in (STATE, VIEW):
            assert to_svg(value) == axio.RULES.draw(value, last_move=None, targets=[])
        assert STATE._repr_svg_() == to_svg(STATE)
        assert cells_of(axio.Place(((1, 0), (0, 0)), (0, 2))) == ("0,0", "1,0")
        assert cells_of(axio.KEEP) == ()
        assert cells_of(axio.DECLINE) == ()
        assert axio.move_cells(axio.DECLINE) == ()

    def test_public_names(self) -> None:
        """Every public name is importable from tilegames.axio."""
        assert len(axio.__all__) == len(set(axio.__all__)) == 63
        assert {"Draw", "Unseen", "UNSEEN", "chance_outcomes", "format_moves"} <= set(axio.__all__)
        assert {"Decline", "DECLINE", "choices"} <= set(axio.__all__)
        for name in axio.__all__:
            assert getattr(axio, name) is not None
        assert attrs.has(axio.State)


class TestDocsPage:
    """The AXIO page lists the decisions of the rules specification."""

    # The rules the specification marks **[decision]** (spec v2): AXIO-3 (the solo
    # board), AXIO-4 (start colours), AXIO-8 (first round of teams and solo), and
    # AXIO-11 twice (the decline; no refill before a bonus).
    SPEC_DECISIONS = ("AXIO-3", "AXIO-4", "AXIO-8", "AXIO-11")

    def decisions_section(self) -> str:
        page = Path(__file__).parents[2] / "docs" / "games" / "axio.rst"
        lines = page.read_text().splitlines()
        start = next(
            i for i, line in enumerate(lines) if "Decisions" in line and set(lines[i + 1]) == {"-"}
        )
        end = next(
            i for i in range(start + 2, len(lines) - 1) if set(lines[i + 1] or " ") == {"-"}
        )
        return "\n".join(lines[start + 2 : end])

    def test_one_table_with_every_spec_decision(self) -> None:
        """One table, in the section itself (no subsection), names every [decision] rule."""
        section = self.decisions_section()
        assert section.count(".. list-table::") == 1
        assert not any(set(line) in ({"~"}, {"^"}, {"="}) for line in section.splitlines())
        rows = section.split("   * - ")[2:]  # past the text and the header row
        spec_rows = [row for row in rows if row.splitlines()[1].strip() == "- spec"]
        named = {rule.strip() for row in spec_rows for rule in row.splitlines()[0].split(",")}
        assert named == set(self.SPEC_DECISIONS)
        assert sum(row.startswith("AXIO-11\n") for row in spec_rows) == 2
        assert any("declined" in row and "solo" in row for row in rows)  # the solo tile
