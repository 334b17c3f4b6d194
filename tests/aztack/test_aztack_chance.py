"""Aztack with explicit chance (issue 14): the setup as chance steps (AZT-8 .. AZT-10).

In ``new_game(..., chance="explicit")`` each base stone laid (with its
orientation) and each stone dealt is a step of the chance seat; a base that
breaks AZT-9 goes back into the bag and is laid again from scratch. Every
stone is face up (AZT-10, AZT-20), so Aztack has no unseen outcome.
Expected probabilities are worked out by hand from the bag's contents.
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import attrs
import pytest

from step_budget import step_budget
from tiers import size
from tilegames import CHANCE, ConfigurationError, IllegalMoveError, InvalidStateError, aztack
from tilegames.aztack import Deal, Lay, Move, Place, State, View
from tilegames.errors import NotationError
from tilegames.geometry.pyramid import NO_STONE
from tilegames.serialize import from_json, to_json

STONES = aztack.STANDARD_STONES
SETUPS = [(players, mode) for mode in ("turns", "speed") for players in (2, 3, 4)]
GAMES_PER_SETUP = size(everyday=6, deep=100)
THOROUGH_GAMES = size(everyday=2, deep=10)
"""The first games of each setup that check every chance step and compare full lists."""


def _kinds(stone: int, stones: Any = STONES) -> tuple[int, int]:
    (c1, g1), (c2, g2) = stones[stone].halves
    return g1 * 5 + c1, g2 * 5 + c2


def draws_of(seeded: State) -> list[Move]:
    """The chance outcomes that set up ``seeded``: its base row by row, then each supply.

    The base stone of place ``i`` (column ``x``, row ``r``) lies on cells
    ``(x, 2r)`` and ``(x, 2r + 1)``; it is turned when the first of those
    shows its second half. A seat's stones are dealt in id order: the order
    within a supply changes nothing (a supply is a set, kept ascending).
    """
    outcomes: list[Move] = []
    for slot in range(12):
        row, x = divmod(slot, 6)
        near = 2 * row * 6 + x
        stone = seeded.pyramid.tops[near]
        k1, k2 = _kinds(stone, seeded.stones)
        turned = k1 != k2 and seeded.faces[near] != k1
        outcomes.append(Lay(stone, turned=turned))
    outcomes.extend(Deal(stone) for held in seeded.supplies for stone in held)
    return outcomes


def position(state: State) -> tuple[object, ...]:
    """What a seeded and an explicit game share: everything but the ``explicit`` flag.

    The pyramid (heights and top stones), the faces on top (so orientations),
    the supplies (ascending ids: multisets), the turn, the placement numbers
    (tie-break of AZT-16 and result of AZT-18), the seats to move and whether
    the game is over; the stone set is the same by construction. Nothing
    else is in a state, so equal projections are equal games.
    """
    return (
        state.stones,
        state.pyramid,
        state.faces,
        state.supplies,
        state.whose_turn,
        state.last_placed,
        aztack.to_move(state),
        aztack.is_over(state),
    )


def check_chance_step(state: State) -> None:
    """The invariants of a chance step (what ``check_rules`` will check)."""
    outcomes = aztack.chance_outcomes(state)
    assert aztack.to_move(state) == (CHANCE,)
    assert outcomes
    assert [m for m, _ in outcomes] == list(aztack.legal_moves(state))
    assert all(type(p) is Fraction and p > 0 for _, p in outcomes)
    assert sum(p for _, p in outcomes) == 1
    assert len({m for m, _ in outcomes}) == len(outcomes)
    assert not aztack.is_over(state)
    assert aztack.outcome(state) is None


def set_up(
    players: int = 2, mode: str = "turns", seed: int = 1, *, check: bool = True
) -> tuple[State, State]:
    """A seeded game and the explicit game fed its draws, both at their first player step.

    With ``check``, the invariants of every chance step are checked on the way.
    """
    seeded = aztack.new_game(players, seed=seed, mode=mode)
    state = aztack.new_game(players, seed=seed, mode=mode, chance="explicit")
    for outcome in draws_of(seeded):
        if check:
            check_chance_step(state)
            assert aztack.why_illegal(state, outcome) is None
        state = aztack.apply(state, outcome)
    return seeded, state


def explicit_start(players: int = 2, **options: Any) -> State:
    return aztack.new_game(players, seed=0, chance="explicit", **options)


# A base of standard stones 0..11 holds every colour on two stones (AZT-9):
# stones 3k..3k+2 carry kinds k, k+1, k+5, k+12 (k = 0..3), colours k and
# k+1 mod 5, so green, orange, grey and blue on several, red on (3, 4) and
# (2, 14) = stones 9 and 8.
GOOD_BASE = tuple(Lay(stone) for stone in range(12))
NO_RED = tuple(s.id for s in STONES if 4 not in s.colours)[:12]
"""Twelve stones without red: a base breaking AZT-9."""


def laid(state: State, outcomes: Any) -> State:
    for outcome in outcomes:
        state = aztack.apply(state, outcome)
    return state


class TestStart:
    def test_explicit_game_starts_before_the_first_base_stone(self) -> None:
        """AZT-8: no stone laid, nothing dealt, chance to move."""
        state = explicit_start(3)
        assert state.explicit
        assert set(state.pyramid.heights) == {0}
        assert set(state.pyramid.tops) == {NO_STONE}
        assert state.supplies == ((), (), ())
        check_chance_step(state)

    def test_seeded_game_has_no_chance_step(self) -> None:
        """The default mode is the game of today: no chance outcomes, no flag."""
        state = aztack.new_game(2, seed=5)
        assert aztack.chance_outcomes(state) == ()
        assert not state.explicit
        assert state == aztack.new_game(2, seed=5, chance="seeded")
        assert '"explicit"' not in to_json(state)

    def test_bad_chance_mode_is_refused(self) -> None:
        """Only 'seeded' and 'explicit'."""
        with pytest.raises(ConfigurationError, match="chance"):
            aztack.new_game(2, chance="dice")

    def test_seed_is_checked_but_decides_nothing(self) -> None:
        """Explicit games accept seed= and do not depend on it."""
        assert explicit_start(2) == aztack.new_game(2, seed=99, chance="explicit")
        with pytest.raises(ConfigurationError):
            aztack.new_game(2, seed="x", chance="explicit")  # type: ignore[arg-type]


class TestProbabilities:
    def test_first_base_stone(self) -> None:
        """AZT-8: 60 stones either way round: 120 outcomes of 1/120, by id, unturned first."""
        outcomes = aztack.chance_outcomes(explicit_start())
        assert len(outcomes) == 120
        assert outcomes[:3] == (
            (Lay(0), Fraction(1, 120)),
            (Lay(0, turned=True), Fraction(1, 120)),
            (Lay(1), Fraction(1, 120)),
        )
        assert {p for _, p in outcomes} == {Fraction(1, 120)}

    def test_after_five_base_stones(self) -> None:
        """55 stones left in the bag: 110 outcomes of 1/110; a laid stone is not one of them."""
        state = laid(explicit_start(), GOOD_BASE[:5])
        outcomes = aztack.chance_outcomes(state)
        assert len(outcomes) == 110
        assert {p for _, p in outcomes} == {Fraction(1, 110)}
        assert Lay(3) not in {m for m, _ in outcomes}

    def test_deal(self) -> None:
        """AZT-10: after the base, 48 stones: seat 0 gets one of them, 1/48 each, by id."""
        state = laid(explicit_start(), GOOD_BASE)
        outcomes = aztack.chance_outcomes(state)
        assert outcomes[0] == (Deal(12), Fraction(1, 48))
        assert [m for m, _ in outcomes] == [Deal(s) for s in range(12, 60)]
        state = laid(state, [Deal(s) for s in range(12, 23)])
        assert state.supplies == (tuple(range(12, 23)), ())
        assert {p for _, p in aztack.chance_outcomes(state)} == {Fraction(1, 37)}
        state = aztack.apply(state, Deal(40))  # seat 0's twelfth
        assert state.supplies == ((*range(12, 23), 40), ())
        assert aztack.chance_outcomes(state)[0] == (Deal(23), Fraction(1, 36))

    def test_a_set_without_alike_stones(self) -> None:
        """Standard stones 0..35 hold no two alike and no double: each stone lies either way
        round with chance 1/72 at the first base stone (AZT-7, AZT-8)."""
        custom = [str(s) for s in STONES[:36]]
        state = aztack.new_game(2, seed=0, stones=custom, chance="explicit")
        outcomes = dict(aztack.chance_outcomes(state))
        expected = {Lay(i, turned=t): Fraction(1, 72) for i in range(36) for t in (False, True)}
        assert outcomes == expected
        check_chance_step(state)

    def test_alike_stones_and_doubles(self) -> None:
        """A custom set: alike stones are one outcome with their summed chance; a double unturned.

        Set of 36: standard stones 0..32, a double RdRd (33), RfOw (34) and
        OwRf (35), alike. Bag of 36: a plain stone 1/72 each way; RdRd 2/72
        (one orientation); RfOw/OwRf 2/72 each way, written with id 34.
        """
        custom = [str(s) for s in STONES[:33]] + ["RdRd", "RfOw", "OwRf"]
        state = aztack.new_game(2, seed=0, stones=custom, chance="explicit")
        outcomes = dict(aztack.chance_outcomes(state))
        assert len(outcomes) == 33 * 2 + 1 + 2
        assert outcomes[Lay(0)] == outcomes[Lay(0, turned=True)] == Fraction(1, 72)
        assert outcomes[Lay(33)] == Fraction(1, 36)
        assert Lay(33, turned=True) not in outcomes
        assert outcomes[Lay(34)] == outcomes[Lay(34, turned=True)] == Fraction(1, 36)
        assert Lay(35) not in outcomes
        assert sum(outcomes.values()) == 1
        check_chance_step(state)
        assert "alike to stone 34" in str(aztack.why_illegal(state, Lay(35)))
        assert "AZT-7" in str(aztack.why_illegal(state, Lay(33, turned=True)))

    def test_three_alike_and_one_other(self) -> None:
        """A bag of three alike stones and one other: 3/4 and 1/4."""
        custom = [str(s) for s in STONES[:35]] + ["RdRt", "RdRt", "RdRt", "BfBw"]
        state = aztack.new_game(2, seed=0, stones=custom, chance="explicit")
        state = laid(state, [*GOOD_BASE, *(Deal(s) for s in range(12, 35))])
        assert aztack.chance_outcomes(state) == (
            (Deal(35), Fraction(3, 4)),
            (Deal(38), Fraction(1, 4)),
        )
        after = aztack.apply(state, Deal(35))
        assert aztack.to_move(after) == (0,)
        assert aztack.chance_outcomes(after) == ()


class TestRedeal:
    def test_base_breaking_azt9_is_laid_again_from_scratch(self) -> None:
        """AZT-9: twelve stones without red go back; chance lays a new base from the start."""
        state = laid(explicit_start(), [Lay(s) for s in NO_RED[:11]])
        check_chance_step(state)
        assert Lay(NO_RED[11]) in aztack.legal_moves(state)
        again = aztack.apply(state, Lay(NO_RED[11]))
        assert again == explicit_start()
        check_chance_step(again)
        assert len(aztack.chance_outcomes(again)) == 120

    def test_base_meeting_azt9_goes_on_to_the_deal(self) -> None:
        """AZT-9 met: the base stays and dealing starts."""
        state = laid(explicit_start(), GOOD_BASE)
        assert set(state.pyramid.heights) == {1}
        assert type(aztack.legal_moves(state)[0]) is Deal


class TestAgreement:
    @pytest.mark.parametrize(("players", "mode"), SETUPS)
    def test_seeded_draws_fed_to_explicit_game_agree(self, players: int, mode: str) -> None:
        """Issue 14: for 100 seeded games per setup, equal positions after every move and outcome.

        The everyday tier plays 6 games per setup. The first 10 games of each
        setup (2 in the everyday tier) also check every chance step's invariants
        and compare the full lists of legal moves (the rest compare their
        lengths, to keep the test quick).
        """
        agreed = 0
        for seed in range(GAMES_PER_SETUP):
            thorough = seed < THOROUGH_GAMES
            seeded, state = set_up(players, mode, seed, check=thorough)
            assert position(state) == position(seeded)
            assert state.explicit
            picks = random.Random(seed)
            while not aztack.is_over(seeded):
                moves = aztack.legal_moves(seeded)
                if thorough:
                    assert list(moves) == list(aztack.legal_moves(state))
                else:
                    assert len(moves) == len(aztack.legal_moves(state))
                move = moves[picks.randrange(len(moves))]
                seeded, state = aztack.apply(seeded, move), aztack.apply(state, move)
                assert position(state) == position(seeded)
                assert aztack.chance_outcomes(state) == ()
            assert aztack.outcome(state) == aztack.outcome(seeded)
            agreed += 1
        assert agreed == GAMES_PER_SETUP


class TestRefusals:
    def test_player_move_at_a_chance_step(self) -> None:
        """AZT-8 / AZT-10: a seat's move waits for chance; an IllegalMoveError, not game over."""
        start = explicit_start()
        move = Place(0, 5, (0, 0), (1, 0))
        assert "AZT-8" in str(aztack.why_illegal(start, move))
        assert "chance is to move" in str(aztack.why_illegal(start, move))
        dealing = laid(start, GOOD_BASE)
        assert "AZT-10" in str(aztack.why_illegal(dealing, aztack.Pass(0)))
        with pytest.raises(IllegalMoveError) as error:
            aztack.apply(start, move)
        assert type(error.value) is IllegalMoveError

    def test_outcome_at_a_player_step(self) -> None:
        """Chance decides nothing after the setup (AZT-20)."""
        _, state = set_up()
        reason = str(aztack.why_illegal(state, Deal(59)))
        assert "chance outcome" in reason
        assert reason.endswith("(AZT-20)")
        with pytest.raises(IllegalMoveError):
            aztack.apply(state, Lay(0))

    def test_stone_not_in_the_bag(self) -> None:
        """A stone laid or dealt already, or not in the set, is not in the bag."""
        state = laid(explicit_start(), [*GOOD_BASE, Deal(30)])
        assert "lies in the base" in str(aztack.why_illegal(state, Deal(4)))
        assert "dealt to seat 0" in str(aztack.why_illegal(state, Deal(30)))
        assert "not in the set" in str(aztack.why_illegal(state, Deal(60)))
        # Ids run 0..59 in a two-player set (AZT-2): -1 is no stone, not an empty place.
        for outcome in (Deal(-1), Deal(-2)):
            assert aztack.why_illegal(state, outcome) == (
                f"stone {outcome.stone} is not in the set of 60 stones (ids 0..59)"
            )
        assert aztack.why_illegal(explicit_start(), Lay(-1)) == (
            "stone -1 is not in the set of 60 stones (ids 0..59)"
        )
        assert "lies in the base" in str(
            aztack.why_illegal(laid(explicit_start(), [Lay(7)]), Lay(7))
        )

    def test_wrong_kind_of_outcome(self) -> None:
        """Laying during the deal, or dealing during the base, is refused."""
        start = explicit_start()
        assert "AZT-8" in str(aztack.why_illegal(start, Deal(3)))
        assert "AZT-10" in str(aztack.why_illegal(laid(start, GOOD_BASE), Lay(30)))

    def test_legal_moves_and_apply_agree_at_a_chance_step(self) -> None:
        """Every listed outcome applies; outcomes not listed raise."""
        state = laid(explicit_start(), GOOD_BASE[:11])
        listed = set(aztack.legal_moves(state))
        for stone in range(62):
            for move in (Lay(stone), Lay(stone, turned=True), Deal(stone)):
                assert (move in listed) == (aztack.why_illegal(state, move) is None)
                assert (move in aztack.legal_moves(state)) == (move in listed)
        assert aztack.score_move(state, Lay(20)) == aztack.Match.NONE
        assert aztack.evaluate(state, Lay(20), 0) == 0.0
        assert aztack.evaluate(state, Lay(20), CHANCE) == 0.0
        with pytest.raises(IllegalMoveError):
            aztack.evaluate(state, Lay(0), CHANCE)  # laid already


class TestViews:
    def test_views_during_the_setup_show_everything_and_chance_to_move(self) -> None:
        """AZT-10: all face up; no seat's view hides anything, so there is no Unseen."""
        state = laid(explicit_start(3), [*GOOD_BASE, *(Deal(s) for s in range(12, 20))])
        views = [aztack.view(state, seat) for seat in range(3)]
        for seen in views:
            assert seen.to_move == (CHANCE,)
            assert seen.explicit
            assert [s.id for s in seen.supplies[0]] == list(range(12, 20))
            assert attrs.evolve(seen, seat=0) == views[0]
            aztack.validate(seen)
            assert aztack.determinize(seen, None) == state  # type: ignore[arg-type]
        assert not hasattr(aztack, "UNSEEN")
        assert not hasattr(aztack, "Unseen")

    def test_view_of_explicit_game_after_setup(self) -> None:
        """After the setup the view is the seeded game's, flagged explicit."""
        seeded, state = set_up(2, "turns", 3)
        assert attrs.evolve(aztack.view(state, 1), explicit=False) == aztack.view(seeded, 1)
        assert aztack.determinize(aztack.view(state, 1), None) == state  # type: ignore[arg-type]


class TestValidate:
    def test_every_setup_step_validates(self) -> None:
        """States and views of each step of a setup pass validate."""
        state = explicit_start(2, mode="speed")
        for outcome in draws_of(aztack.new_game(2, seed=8, mode="speed")):
            aztack.validate(state)
            aztack.validate(aztack.view(state, 1))
            state = aztack.apply(state, outcome)
        aztack.validate(state)

    def test_base_laid_in_order(self) -> None:
        """Places fill in order: the sixth stone alone (a gap) refused; five laid accepted."""
        five = laid(explicit_start(), GOOD_BASE[:5])
        aztack.validate(five)
        grid = five.pyramid
        heights, tops = list(grid.heights), list(grid.tops)
        for cell in (4, 10):  # take place 4 (cells (4, 0), (4, 1)) away ...
            heights[cell], tops[cell] = 0, NO_STONE
        for cell in (5, 11):  # ... and lay stone 4 at place 5
            heights[cell], tops[cell] = 1, 4
        faces = list(five.faces)
        faces[5], faces[11], faces[4], faces[10] = faces[4], faces[10], 0, 0
        gap = attrs.evolve(
            five,
            pyramid=attrs.evolve(grid, heights=tuple(heights), tops=tuple(tops)),
            faces=tuple(faces),
        )
        with pytest.raises(InvalidStateError, match="in order"):
            aztack.validate(gap)

    def test_empty_place_shows_no_face(self) -> None:
        """An empty base place has face 0."""
        five = laid(explicit_start(), GOOD_BASE[:5])
        faces = list(five.faces)
        faces[6] = 3
        with pytest.raises(InvalidStateError, match="face"):
            aztack.validate(attrs.evolve(five, faces=tuple(faces)))

    def test_an_empty_place_of_a_part_laid_base_shows_face_0(self) -> None:
        """AZT-4, AZT-8: place 5, cells (5, 0) and (5, 1), is empty after five stones: face 0."""
        five = laid(explicit_start(), GOOD_BASE[:5])
        assert five.pyramid.heights[5] == five.pyramid.heights[11] == 0  # place 5's cells
        for cell in (5, 11):
            faces = list(five.faces)
            faces[cell] = 1
            with pytest.raises(InvalidStateError) as raised:
                aztack.validate(attrs.evolve(five, faces=tuple(faces)))
            assert str(raised.value) == (
                "State.faces: empty base place 5 shows a face (expected 0)"
            )
        aztack.validate(five)  # every face of the empty places 0: accepted

    def test_no_deal_before_the_base_is_laid(self) -> None:
        """A stone dealt with 11 base stones laid is refused; with 12 accepted."""
        eleven = laid(explicit_start(), GOOD_BASE[:11])
        with pytest.raises(InvalidStateError, match="dealt"):
            aztack.validate(attrs.evolve(eleven, supplies=((30,), ())))
        aztack.validate(attrs.evolve(aztack.apply(eleven, GOOD_BASE[11]), supplies=((30,), ())))

    def test_the_rules_refuse_a_deal_before_the_base_is_laid(self) -> None:
        """AZT-8, AZT-10: a hand-made state with a stone dealt and one base place empty.

        The rules' own check of a hand-made state refuses it before reading it;
        the same stone dealt once the twelfth base stone lies is read as usual.
        """
        eleven = laid(explicit_start(), GOOD_BASE[:11])
        early = attrs.evolve(eleven, supplies=((30,), ()))
        calls: list[Callable[[State], object]] = [
            aztack.legal_moves,
            aztack.chance_outcomes,
            lambda state: aztack.why_illegal(state, GOOD_BASE[11]),
        ]
        for call in calls:
            with pytest.raises(InvalidStateError) as raised:
                call(early)
            assert str(raised.value) == (
                "State.supplies: stones are dealt only once the base is laid (AZT-10)"
            )
        dealing = attrs.evolve(aztack.apply(eleven, GOOD_BASE[11]), supplies=((30,), ()))
        assert aztack.why_illegal(dealing, Deal(31)) is None

    def test_seats_dealt_in_order(self) -> None:
        """Seat 1 holds stones only once seat 0 holds 12: 11 + 1 refused, 12 + 1 accepted."""
        base = laid(explicit_start(), GOOD_BASE)
        with pytest.raises(InvalidStateError, match="dealt in order"):
            aztack.validate(attrs.evolve(base, supplies=(tuple(range(12, 23)), (40,))))
        aztack.validate(attrs.evolve(base, supplies=(tuple(range(12, 24)), (40,))))

    def test_laid_base_meets_azt9(self) -> None:
        """A complete base without red in a state being dealt is refused (it is laid again)."""
        base = laid(explicit_start(), GOOD_BASE)
        bad = laid(explicit_start(), [Lay(s) for s in NO_RED[:11]])
        near, far = 5 + 12, 5 + 18  # place 11: cells (5, 2), (5, 3)
        heights, tops = list(bad.pyramid.heights), list(bad.pyramid.tops)
        heights[near] = heights[far] = 1
        tops[near] = tops[far] = NO_RED[11]
        faces = list(bad.faces)
        faces[near], faces[far] = _kinds(NO_RED[11])
        broken = attrs.evolve(
            bad,
            pyramid=attrs.evolve(bad.pyramid, heights=tuple(heights), tops=tuple(tops)),
            faces=tuple(faces),
        )
        with pytest.raises(InvalidStateError, match="AZT-9"):
            aztack.validate(broken)
        aztack.validate(base)

    def test_no_placement_or_other_turn_during_setup(self) -> None:
        """Nobody has placed and seat 0 starts (AZT-11)."""
        five = laid(explicit_start(), GOOD_BASE[:5])
        with pytest.raises(InvalidStateError, match="last_placed"):
            aztack.validate(attrs.evolve(five, last_placed=(1, 0)))
        with pytest.raises(InvalidStateError, match="turn"):
            aztack.validate(attrs.evolve(five, whose_turn=1))
        aztack.validate(attrs.evolve(five, whose_turn=0))

    def test_flag_must_be_a_bool(self) -> None:
        """State.explicit and View.explicit are True or False."""
        five = laid(explicit_start(), GOOD_BASE[:5])
        with pytest.raises(InvalidStateError, match="explicit"):
            aztack.validate(attrs.evolve(five, explicit=1))  # type: ignore[arg-type]
        seen = aztack.view(five, 0)
        with pytest.raises(InvalidStateError, match="explicit"):
            aztack.validate(attrs.evolve(seen, explicit="yes"))  # type: ignore[arg-type]

    def test_view_to_move_is_chance(self) -> None:
        """A view of the setup says chance is to move; () or a seat is refused."""
        seen = aztack.view(laid(explicit_start(), GOOD_BASE[:5]), 0)
        aztack.validate(seen)
        for wrong in ((), (0,)):
            with pytest.raises(InvalidStateError, match="to_move"):
                aztack.validate(attrs.evolve(seen, to_move=wrong))

    def test_unflagged_partial_base_is_refused(self) -> None:
        """A seeded state never has an empty base place."""
        five = laid(explicit_start(), GOOD_BASE[:5])
        with pytest.raises(InvalidStateError):
            aztack.validate(attrs.evolve(five, explicit=False))

    def test_outcomes_validate(self) -> None:
        """Lay and Deal name a stone id 0..239."""
        aztack.validate(Lay(239, turned=True))
        with pytest.raises(InvalidStateError):
            aztack.validate(Deal(240))

    @pytest.mark.parametrize("kind", [Lay, Deal])
    def test_an_outcome_altered_to_a_seat(self, kind: type[Lay] | type[Deal]) -> None:
        """A chance outcome's seat is CHANCE (AZT-8, AZT-10): one altered by hand is refused."""
        outcome = kind(3)  # a fresh object: the one altered is used nowhere else
        object.__setattr__(outcome, "seat", 0)
        message = f"{kind.__name__}.seat: a chance outcome's seat is -1, not 0"
        with pytest.raises(InvalidStateError, match=message):
            aztack.validate(outcome)


class TestValues:
    def test_notation_round_trips(self) -> None:
        """lay:N, lay:Nr, deal:N."""
        for move in (Lay(0), Lay(17, turned=True), Deal(59)):
            assert aztack.parse_move(str(move)) == move
        assert aztack.parse_move(" LAY 3 R ") == Lay(3, turned=True)
        with pytest.raises(NotationError):
            aztack.parse_move("deal:3r")

    def test_json_round_trips(self) -> None:
        """Explicit states (during and after setup), views and outcomes."""
        state = laid(explicit_start(3), [*GOOD_BASE, Deal(20), Deal(21)])
        _, after = set_up(2, "speed", 4)
        for value in (state, after, aztack.view(state, 2), aztack.view(after, 0)):
            assert from_json(to_json(value), type(value)) == value
        for move in (Lay(4), Lay(5, turned=True), Deal(6)):
            assert from_json(to_json(move), type(move)) == move

    def test_pickle_and_rebuilt_index(self) -> None:
        """A pickled setup state (its cache dropped) is still waiting for chance."""
        state = laid(explicit_start(), GOOD_BASE[:7])
        again = pickle.loads(pickle.dumps(state))
        assert again == state
        assert again._index is None
        assert aztack.to_move(again) == (CHANCE,)
        assert list(aztack.legal_moves(again)) == list(aztack.legal_moves(state))

    def test_pictures_do_not_crash(self) -> None:
        """render_text and draw of every kind of explicit state."""
        states = [
            explicit_start(),
            laid(explicit_start(), GOOD_BASE[:7]),
            laid(explicit_start(), [*GOOD_BASE, Deal(30)]),
            set_up()[1],
        ]
        for state in states:
            assert aztack.render_text(state)
            assert aztack.render_text(aztack.view(state, 0))
            assert "<svg" in aztack.draw(state, last_move=None, targets=[])

    def test_choices_at_a_chance_step(self) -> None:
        """The one part of a chance step is the outcome."""
        state = laid(explicit_start(), GOOD_BASE[:3])
        first = aztack.choices(state)
        assert first.kind == "outcome"
        assert list(first.options) == list(aztack.legal_moves(state))

    def test_setup_work_is_bounded(self) -> None:
        """A whole setup of 4 seats runs in bounded work."""
        with step_budget(3_000_000):
            set_up(4, "turns", 11)


def test_view_type_is_public() -> None:
    """View carries the flag as an optional field."""
    assert attrs.fields_dict(View)["explicit"].default is False
    assert attrs.fields_dict(State)["explicit"].default is False
