"""The conformance checker passes a correct game and catches each kind of breach."""

from __future__ import annotations

import pickle
import random
from collections.abc import Sequence

import attrs
import pytest

import toy_game
from tilegames import GameRules, IllegalMoveError, Outcome, Setup
from tilegames._core import rng
from tilegames.testing import CheckReport, ConformanceError, check_rules
from tilegames.testing import _checker as checker
from toy_game import Move, State


def broken(**functions: object) -> GameRules[State, Move]:
    """A copy of the toy game's rules with some functions replaced."""
    return attrs.evolve(toy_game.RULES, **functions)  # type: ignore[arg-type]


def mutating_apply(state: State, move: Move) -> State:
    """Marks the cell on the given state itself, bypassing frozen."""
    after = toy_game.apply(state, move)
    object.__setattr__(state, "board", after.board)
    return after


def listing_taken_cells(state: State) -> Sequence[Move]:
    """Lists every cell, taken or not, while the game runs."""
    if toy_game.is_over(state):
        return ()
    return tuple(Move(toy_game.GRID.xy(i)) for i in range(9))


def overwriting_apply(state: State, move: Move) -> State:
    """Accepts a taken cell and overwrites its mark."""
    reason = toy_game.why_illegal(state, move)
    if reason is not None and "taken" not in reason:
        return toy_game.apply(state, move)
    board = list(state.board)
    board[toy_game.GRID.cell(*move.cell)] = state.turn
    return attrs.evolve(state, board=tuple(board), turn=1 - state.turn)


def crashing_apply(state: State, move: Move) -> State:
    """Looks the cell up before checking it: off-board cells raise KeyError."""
    {toy_game.GRID.xy(i): i for i in range(9)}[move.cell]
    return toy_game.apply(state, move)


def endless_apply(state: State, move: Move) -> State:
    """Clears the board whenever a game would end."""
    after = toy_game.apply(state, move)
    if toy_game.is_over(after):
        after = attrs.evolve(after, board=(toy_game.EMPTY,) * 9)
    return after


def early_outcome(state: State) -> Outcome | None:
    """Reports a result before the end."""
    return Outcome(scores=(0, 0), ranking=[{0, 1}])


def sticky_to_move(state: State) -> tuple[int, ...]:
    """Names a seat even when the game is over."""
    return (state.turn,)


def spaced_format(move: Move) -> str:
    """Writes 'x y', which parse_move does not read."""
    return f"{move.cell[0]} {move.cell[1]}"


def written_at_once(moves: Sequence[Move]) -> list[str]:
    """A correct bulk writer: each move's notation, in order."""
    return [toy_game.format_move(move) for move in moves]


def reversed_at_once(moves: Sequence[Move]) -> list[str]:
    """Writes the listing backwards: the texts of other moves at most places."""
    return written_at_once(moves)[::-1]


def one_short_at_once(moves: Sequence[Move]) -> list[str]:
    """Leaves the last move out."""
    return written_at_once(moves)[:-1]


def seedless_new_game(players: int = 2, *, seed: int | None = None) -> State:
    """Ignores the seed: each call draws its own."""
    return toy_game.new_game(players, seed=random.getrandbits(64))


def leaky_view(state: State, seat: int) -> State:
    """Shows the whole state, seed included."""
    return state


@attrs.frozen
class Kept:
    """Part of a view: a number kept under a name that says nothing."""

    number: int


@attrs.frozen
class Disguised:
    """A view that holds the state's seed under a harmless name, deep in a tuple."""

    board: tuple[int, ...]
    kept: tuple[Kept, ...]


@attrs.frozen
class Counter:
    """Part of a view: how many numbers a stream has given (a hidden name: ``rng``)."""

    rng_draws: int


@attrs.frozen
class Nested:
    """A view with an attribute named for a stream, in an item of a tuple."""

    board: tuple[int, ...]
    inner: tuple[Counter, ...]


def disguised_view(state: State, seat: int) -> Disguised:
    """Shows the seed's value as ``kept[1].number``."""
    return Disguised(state.board, (Kept(0), Kept(state.seed)))


def nested_view(state: State, seat: int) -> Nested:
    """Shows ``inner[0].rng_draws``, a name that no view may carry."""
    return Nested(state.board, (Counter(0),))


def wrong_outcome(state: State) -> Outcome | None:
    """Gives one score too few."""
    result = toy_game.outcome(state)
    return None if result is None else Outcome(scores=(0,), ranking=[{0}])


class TestCheckRulesOnACorrectGame:
    def test_passes_and_reports(self) -> None:
        """A correct game passes, and the report counts what was checked."""
        report = check_rules(toy_game.RULES, games=30, seed=3)
        assert isinstance(report, CheckReport)
        assert report.games == 30
        assert report.game == "toy"
        assert 5 * 30 <= report.moves <= 9 * 30  # a game takes 5 to 9 moves
        assert report.longest <= 9
        assert report.legal_checked >= report.moves
        assert report.illegal_checked > 0
        assert report.setups == (Setup(2),)
        assert "30 games" in str(report)

    def test_same_seed_same_report(self) -> None:
        """The checker's own choices replay from its seed."""
        assert check_rules(toy_game.RULES, games=10, seed=9) == check_rules(
            toy_game.RULES, games=10, seed=9
        )

    def test_setups_must_not_be_empty(self) -> None:
        """An empty setup list is a usage error, not a silent pass."""
        with pytest.raises(ValueError, match="setups"):
            check_rules(toy_game.RULES, setups=())

    def test_a_bulk_writer_is_checked(self) -> None:
        """A game's correct format_moves passes; the checker calls it on the listings."""
        calls: list[int] = []

        def counted(moves: Sequence[Move]) -> list[str]:
            calls.append(len(moves))
            return written_at_once(moves)

        check_rules(broken(format_moves=counted), games=5, seed=1)
        assert calls, "format_moves was never checked"

    def test_a_long_listing_is_written_and_checked_at_spaced_places(
        self, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """Past the full-check limit, evenly spaced places and the last one are compared."""
        monkeypatch.setattr(checker, "_FULL_CHECK_LIMIT", 2)
        monkeypatch.setattr(checker, "_SAMPLED_INDICES", 3)  # 0, 3, 6 of 9: 8 only as the last

        def last_wrong(moves: Sequence[Move]) -> list[str]:  # on the empty board's 9 alone
            written = written_at_once(moves)
            return [*written[:-1], "9,9"] if len(moves) == 9 else written

        with pytest.raises(ConformanceError, match=r"format_moves\(legal_moves\)\[\d+\] is '9,9'"):
            check_rules(broken(format_moves=last_wrong), games=5, seed=1)

    def test_candidates_are_checked(self) -> None:
        """Caller-provided candidates (every cell, legal or not) are checked both ways."""
        every_cell = [Move((x, y)) for x in range(-1, 4) for y in range(-1, 4)]
        plain = check_rules(toy_game.RULES, games=5, seed=1)
        more = check_rules(toy_game.RULES, games=5, seed=1, candidates=lambda s: every_cell)
        assert (
            more.illegal_checked + more.legal_checked > plain.illegal_checked + plain.legal_checked
        )


class TestCheckRulesCatchesBrokenGames:
    @pytest.mark.parametrize(
        ("functions", "message"),
        [
            ({"apply": mutating_apply}, "changed the state it was given"),
            ({"legal_moves": listing_taken_cells}, "listed move '.*' is refused"),
            ({"apply": overwriting_apply}, "which legal_moves does not list"),
            ({"apply": crashing_apply}, "raised KeyError instead of IllegalMoveError"),
            ({"apply": endless_apply}, "did not end within 60 moves"),
            ({"outcome": early_outcome}, "before the game is over"),
            ({"to_move": sticky_to_move}, "is_over is True but to_move is"),
            ({"format_move": spaced_format}, "parse_move"),
            ({"new_game": seedless_new_game}, "same seed gave two different states"),
            ({"view": leaky_view}, "carries view.seed"),
            ({"view": disguised_view}, r"carries the state's seed at view\.kept\[1\]\.number"),
            ({"view": nested_view}, r"carries view\.inner\[0\]\.rng_draws = 0"),
            ({"outcome": wrong_outcome}, "1 scores for 2 seats"),
            ({"format_moves": reversed_at_once}, r"format_moves\(legal_moves\)\[0\] is"),
            ({"format_moves": one_short_at_once}, r"gave \d+ texts for \d+ moves"),
        ],
        ids=[
            "apply-mutates",
            "lists-illegal-move",
            "accepts-unlisted-move",
            "crashes-on-unlisted-move",
            "never-ends",
            "outcome-before-end",
            "to-move-after-end",
            "notation-does-not-round-trip",
            "ignores-seed",
            "view-leaks-seed",
            "view-leaks-seed-value",
            "view-leaks-stream-name",
            "outcome-wrong-size",
            "bulk-notation-out-of-order",
            "bulk-notation-short",
        ],
    )
    def test_breach_is_reported(self, functions: dict[str, object], message: str) -> None:
        """Each deliberately broken copy fails with a message naming its breach."""
        rules = broken(**functions)
        with pytest.raises(ConformanceError, match=message) as caught:
            check_rules(rules, games=20, seed=5, max_moves=60)
        error = caught.value
        assert error.game == "toy"
        assert error.setup == Setup(2)
        assert "reproduce" in str(error)

    def test_error_reproduces(self) -> None:
        """The seed and moves in the error rebuild the state where the breach shows."""
        rules = broken(apply=overwriting_apply)
        with pytest.raises(ConformanceError) as caught:
            check_rules(rules, games=20, seed=5)
        error = caught.value
        state = rules.new_game(**error.setup.kwargs, seed=error.seed)
        for text in error.moves:
            state = rules.apply(state, rules.parse_move(text, state))
        taken = [Move(toy_game.GRID.xy(i)) for i, m in enumerate(state.board) if m != -1]
        assert taken, "the breach needs a taken cell to overwrite"
        with pytest.raises(IllegalMoveError):
            toy_game.apply(state, taken[0])
        assert rules.apply(state, taken[0]) is not None  # the broken apply accepts it

    def test_error_pickles(self) -> None:
        """A ConformanceError survives pickling (for process-pool test runners)."""
        error = ConformanceError("boom", game="toy", setup=Setup(2), seed=1, moves=["0,0"])
        back = pickle.loads(pickle.dumps(error))
        assert (back.problem, back.seed, back.moves, str(back)) == (
            "boom",
            1,
            ("0,0",),
            str(error),
        )


class TestToyGame:
    def test_first_player_comes_from_the_seed(self) -> None:
        """TOY: the seed decides who starts, and both seats can start."""
        starters = {toy_game.new_game(seed=s).turn for s in range(20)}
        assert starters == {0, 1}
        first, _ = rng.randbelow(rng.normalize_seed(4), 2)
        assert toy_game.new_game(seed=4).turn == first

    def test_three_in_a_row_wins(self) -> None:
        """TOY-3: a full column wins for its owner."""
        board = (0, 1, -1, 0, 1, -1, 0, -1, -1)
        state = State(board=board, turn=1, seed=0)
        result = toy_game.outcome(state)
        assert result is not None
        assert result.winners == frozenset({0})
        assert toy_game.to_move(state) == ()
