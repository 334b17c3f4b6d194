"""AXIO's explicit chance (issue 14): draws as chance steps, exact probabilities, unseen draws.

Expected probabilities are worked out by hand from the bag's contents
(AXIO-6, AXIO-13: one tile drawn uniformly from the bag).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from fractions import Fraction
from typing import Any

import attrs
import pytest

from step_budget import step_budget
from tiers import size
from tilegames import CHANCE, IllegalMoveError, InvalidStateError, axio
from tilegames.axio import UNSEEN, Draw, State, Unseen
from tilegames.chance import sample
from tilegames.render import to_svg
from tilegames.rng import Stream
from tilegames.serialize import from_json, to_json

SETUPS = (
    {"players": 2},
    {"players": 3},
    {"players": 4},
    {"mode": "team"},
    {"players": 1},
)
GAMES_PER_SETUP = size(everyday=5, deep=40)  # x 5 setups (deep: 200 seeded games in all)


def _drawn(before: State, after: State) -> list[Draw]:
    """The tiles the seeded game drew between two states, in drawing order.

    A seeded game draws from the front of its ordered bag (AXIO-13), so the
    tiles drawn are the first ones of the bag before the move, as many as the
    bag shrank by. After a swap (AXIO-12) the set-aside tiles (``revealed``,
    shown only right after the swap) went back into the bag before it was
    reshuffled, so they are counted back.
    """
    count = len(before.bag) - len(after.bag) + len(after.revealed)
    return [Draw(tile) for tile in before.bag[:count]]


def position(state: State) -> tuple[object, ...]:
    """What a seeded and an explicit game share between player moves.

    The board, the tracks, the racks and the bag as multisets (an explicit
    bag has no order), whose turn it is and what the seat owes; not the seed
    (an explicit game keeps it only for the record) nor the chance fields.
    """
    return (
        state.mode,
        state.cells,
        state.tracks,
        tuple(tuple(sorted(held)) for held in state.racks),
        tuple(sorted(state.bag)),
        axio.to_move(state),
        state.turn,
        state.bonuses,
        state.deciding,
        state.revealed,
        axio.is_over(state),
    )


def _settle(state: State, outcomes: list[Draw] | None, unseen_for: frozenset[int]) -> State:
    """Apply chance steps from ``outcomes`` (in order) while chance is to move."""
    while axio.to_move(state) == (CHANCE,):
        assert outcomes, "the explicit game wants a draw the seeded game did not make"
        draw = outcomes.pop(0)
        state = axio.apply(state, UNSEEN if state.seat in unseen_for else draw)
    return state


def _replay(
    setup: dict[str, object], seed: int, unseen_for: frozenset[int] = frozenset()
) -> Iterator[tuple[State, State]]:
    """Play a seeded game at random and the same game explicitly; yield both after each move."""
    seeded = axio.new_game(seed=seed, **setup)  # type: ignore[arg-type]
    explicit = axio.new_game(seed=seed, chance="explicit", **setup)  # type: ignore[arg-type]
    count = len(seeded.racks)
    deal = [Draw(tile) for held in seeded.racks for tile in held]
    explicit = _settle(explicit, deal, unseen_for)
    pick = random.Random(seed)
    yield seeded, explicit
    while not axio.is_over(seeded):
        moves = axio.legal_moves(seeded)
        move = moves[pick.randrange(len(moves))]
        after = axio.apply(seeded, move)
        draws = _drawn(seeded, after)
        explicit = axio.apply(explicit, move)
        if explicit.deciding and not after.deciding:  # unseen tiles may hide a lowest colour
            explicit = axio.apply(explicit, axio.KEEP)
        explicit = _settle(explicit, draws, unseen_for)
        seeded = after
        assert count == len(explicit.racks)
        yield seeded, explicit


class TestProbabilities:
    def test_three_red_blue_one_green(self) -> None:
        """A bag of 3 RB and 1 GG: RB with 3/4, GG with 1/4 (AXIO-13)."""
        state = axio.new_game(players=2, seed=0, tiles=["RB"] * 11 + ["GG"], chance="explicit")
        state = attrs.evolve(
            state, bag=((0, 2),) * 3 + ((1, 1),), racks=(((0, 2),) * 4, ()), draws=6, seat=1
        )
        # hand-built: seat 1 is being dealt from a bag of 3 RB and 1 GG
        outcomes = axio.chance_outcomes(state)
        assert outcomes == ((Draw((0, 2)), Fraction(3, 4)), (Draw((1, 1)), Fraction(1, 4)))

    def test_deal_first_draw(self) -> None:
        """The first draw of the standard deal: a pair with 6/120 = 1/20, a double 5/120 = 1/24."""
        state = axio.new_game(players=2, seed=0, chance="explicit")
        outcomes = dict(axio.chance_outcomes(state))
        assert outcomes[Draw((0, 1))] == Fraction(1, 20)
        assert outcomes[Draw((3, 3))] == Fraction(1, 24)
        assert len(outcomes) == 21
        assert sum(outcomes.values()) == 1

    def test_second_draw_takes_the_first_out(self) -> None:
        """After drawing RR, RR has 4/119 and RG 6/119."""
        state = axio.apply(axio.new_game(players=2, seed=0, chance="explicit"), Draw((0, 0)))
        outcomes = dict(axio.chance_outcomes(state))
        assert outcomes[Draw((0, 0))] == Fraction(4, 119)
        assert outcomes[Draw((0, 1))] == Fraction(6, 119)

    def test_seeded_has_no_chance_steps(self) -> None:
        """A seeded game never waits for chance: chance_outcomes is ()."""
        state = axio.new_game(seed=1)
        assert axio.chance_outcomes(state) == ()
        assert axio.to_move(state) == (0,)


def _invariants(state: State) -> None:
    """check_rules' chance invariants at one step."""
    outcomes = axio.chance_outcomes(state)
    moves = list(axio.legal_moves(state))
    if axio.to_move(state) == (CHANCE,):
        assert moves[-1] == UNSEEN
        assert [o for o, _ in outcomes] == moves[:-1]
        assert all(p > 0 for _, p in outcomes)
        assert sum(p for _, p in outcomes) == 1
    else:
        assert outcomes == ()
        assert UNSEEN not in moves


class TestAgreement:
    @pytest.mark.parametrize("setup", SETUPS, ids=lambda s: str(s))
    def test_seeded_and_explicit_agree(self, setup: dict[str, object]) -> None:
        """Feeding a seeded game's draws to an explicit game gives equal positions and outcome."""
        for seed in range(GAMES_PER_SETUP):
            for seeded, explicit in _replay(setup, seed):
                assert position(seeded) == position(explicit), (setup, seed)
            assert axio.outcome(seeded) == axio.outcome(explicit)

    def test_invariants_along_a_game(self) -> None:
        """At every step: to_move is (CHANCE,) exactly at chance steps; outcomes match moves."""
        for setup in SETUPS:
            state = axio.new_game(seed=5, chance="explicit", **setup)
            pick = random.Random(5)
            while not axio.is_over(state):
                _invariants(state)
                assert (axio.to_move(state) == (CHANCE,)) == (state.draws > 0)
                moves = axio.legal_moves(state)
                state = axio.apply(state, moves[pick.randrange(len(moves))])
            axio.validate(state)


class TestUnseen:
    @pytest.mark.parametrize("setup", SETUPS[:4], ids=lambda s: str(s))
    def test_opponents_unseen_same_result(self, setup: dict[str, object]) -> None:
        """Every draw of seat 0's opponents unseen, tiles named at placement: same scores.

        Ten games per setup under ``--deep``, three everyday.
        """
        for seed in range(size(everyday=3, deep=10)):
            unseen = frozenset(range(1, 4))
            for seeded, explicit in _replay(setup, seed, unseen):
                assert seeded.tracks == explicit.tracks
                assert seeded.racks[0] == explicit.racks[0]
                axio.validate(explicit)
            assert axio.outcome(seeded) == axio.outcome(explicit)

    def test_naming_a_tile_not_in_the_pool(self) -> None:
        """A tile placed from an unseen slot must be in the pool (AXIO-7)."""
        state = axio.new_game(players=2, seed=0, tiles=["RB"] * 12, chance="explicit")
        for _ in range(6):
            state = axio.apply(state, UNSEEN)
        for _ in range(6):
            state = axio.apply(state, Draw((0, 2)))
        assert state.unknown == (6, 0)
        assert axio.to_move(state) == (0,)
        move = axio.Place(((1, -5), (2, -5)), (1, 1))  # a GG tile: none in the set
        reason = axio.why_illegal(state, move)
        assert reason is not None
        assert "unseen" in reason
        assert "AXIO-7" in reason
        legal = axio.Place(((1, -5), (2, -5)), (0, 2))
        assert legal in axio.legal_moves(state)

    def test_unseen_then_named(self) -> None:
        """Naming an unseen tile takes it from the pool; the rack count drops."""
        state = axio.new_game(players=2, seed=0, tiles=["RB"] * 12, chance="explicit")
        for _ in range(12):
            state = axio.apply(state, UNSEEN)
        assert axio.rack_sizes(state) == (6, 6)
        assert axio.bag_size(state) == 0
        after = axio.apply(state, axio.Place(((1, -5), (2, -5)), (0, 2)))
        assert after.unknown == (5, 6)
        assert len(after.bag) == 11


class TestRefusals:
    def test_player_move_at_chance_step(self) -> None:
        """A placement while chance is to move is refused (AXIO-13)."""
        state = axio.new_game(players=2, seed=0, chance="explicit")
        reason = axio.why_illegal(state, axio.Place(((1, -5), (2, -5)), (0, 2)))
        assert reason is not None
        assert "chance is to move" in reason
        assert "AXIO-13" in reason

    def test_outcome_at_player_step(self) -> None:
        """A draw at a player's step is refused (AXIO-13)."""
        state = axio.new_game(seed=0)
        reason = axio.why_illegal(state, Draw((0, 0)))
        assert reason is not None
        assert "no draw is due" in reason
        with pytest.raises(IllegalMoveError):
            axio.apply(state, UNSEEN)

    def test_tile_not_in_bag(self) -> None:
        """Drawing a tile the bag does not hold is refused (AXIO-13)."""
        state = axio.new_game(players=2, seed=0, tiles=["RB"] * 12, chance="explicit")
        reason = axio.why_illegal(state, Draw((1, 1)))
        assert reason is not None
        assert "no GG tile is in the bag" in reason

    def test_bad_chance_option(self) -> None:
        """chance= takes 'seeded' or 'explicit' only."""
        with pytest.raises(ValueError, match="explicit"):
            axio.new_game(chance="dice")


class TestNotationAndJson:
    def test_round_trip(self) -> None:
        """+RB and ? round-trip through format_move and parse_move."""
        for move in (Draw((0, 2)), Draw((5, 5)), UNSEEN):
            assert axio.parse_move(axio.format_move(move)) == move
        assert isinstance(axio.parse_move("?"), Unseen)

    def test_json(self) -> None:
        """Explicit states, views and outcomes round-trip through JSON."""
        state = axio.new_game(players=2, seed=4, chance="explicit")
        pick = random.Random(4)
        for step in range(60):
            moves = axio.legal_moves(state)
            state = axio.apply(state, moves[pick.randrange(len(moves))])
            if step % 7 == 0:
                for value in (state, axio.view(state, 1), Draw((0, 3)), UNSEEN):
                    assert from_json(to_json(value), type(value)) == value

    def test_seeded_json_unchanged(self) -> None:
        """A seeded state's JSON has none of the new fields."""
        text = to_json(axio.new_game(seed=4))
        assert "explicit" not in text
        assert "draws" not in text
        assert "unknown" not in text


class TestViews:
    def test_views_hide_other_draws(self) -> None:
        """During the deal a seat sees its own tiles only, and that chance is to move."""
        state = axio.new_game(players=2, seed=0, chance="explicit")
        for _ in range(8):
            state = axio.apply(state, axio.legal_moves(state)[0])
        view1 = axio.view(state, 1)
        view0 = axio.view(state, 0)
        assert view1.to_move == (CHANCE,)
        assert view1.drawer == 1
        assert view1.draws == 4
        assert view1.rack == state.racks[1]
        assert len(view1.rack) == 2
        assert view0.rack == state.racks[0]
        assert not hasattr(view0, "bag")
        axio.validate(view0)
        axio.validate(view1)

    def test_render_does_not_crash(self) -> None:
        """render_text and draw accept explicit states mid-deal and mid-game."""
        state = axio.new_game(players=2, seed=0, chance="explicit")
        assert axio.render_text(state)
        assert to_svg(state)
        state = axio.apply(state, UNSEEN)
        assert axio.render_text(axio.view(state, 0))


class TestValidate:
    def test_draws_at_the_limit(self) -> None:
        """While seat 0 is dealt with 2 tiles, 4 draws are due: 4 passes, 5 is refused."""
        state = axio.new_game(players=2, seed=0, chance="explicit")
        state = axio.apply(axio.apply(state, Draw((0, 0))), Draw((0, 1)))
        axio.validate(attrs.evolve(state))
        with pytest.raises(InvalidStateError, match="draws"):
            axio.validate(attrs.evolve(state, draws=5))
        with pytest.raises(InvalidStateError):
            axio.validate(attrs.evolve(state, draws=3))

    def test_unknown_at_the_limit(self) -> None:
        """A rack of 6 known tiles can hold no unseen one."""
        state = axio.new_game(players=2, seed=0, chance="explicit")
        for _ in range(12):
            state = axio.apply(state, axio.legal_moves(state)[0])
        with pytest.raises(InvalidStateError, match="unknown"):
            axio.validate(attrs.evolve(state, unknown=(1, 0)))

    def test_seeded_with_draws_refused(self) -> None:
        """Draws are chance steps only in an explicit game."""
        state = axio.new_game(seed=0)
        with pytest.raises(InvalidStateError, match="draws"):
            axio.validate(attrs.evolve(state, draws=1))


# ---------------------------------------------------------------------------
# determinize of explicit views, evaluate of outcomes
# ---------------------------------------------------------------------------

RB, GG = (0, 2), (1, 1)
DETERMINIZE_LINES = 2_000_000
"""The step budget of one determinize (as in ``test_axio_near_miss``: the board's search)."""
PLAY_LINES = 5_000_000
"""The step budget of a game played out from a sampled state, chance steps included."""


def _step(state: State, stream: Stream) -> State:
    """One step: chance samples its outcome by probability; a seat moves at random."""
    if axio.to_move(state) == (CHANCE,):
        return axio.apply(state, sample(axio.chance_outcomes(state), stream))
    moves = axio.legal_moves(state)
    return axio.apply(state, moves[stream.randbelow(len(moves))])


def _play_out(state: State, stream: Stream) -> State:
    with step_budget(PLAY_LINES):
        while not axio.is_over(state):
            state = _step(state, stream)
    axio.validate(state)
    return state


def _determinized(state: State, seat: int, seed: int) -> State:
    """Determinize the seat's view of ``state`` and check it against the view; play it out."""
    seen = axio.view(state, seat)
    stream = Stream(seed)
    with step_budget(DETERMINIZE_LINES):
        sample_state = axio.determinize(seen, stream)
    assert sample_state.explicit
    assert (sample_state.draws, sample_state.unknown) == (seen.draws, seen.unknown)
    assert axio.to_move(sample_state) == seen.to_move
    assert axio.view(sample_state, seat) == seen
    axio.validate(sample_state)
    assert sample_state.racks[seat] == state.racks[seat]
    _play_out(sample_state, stream)
    return sample_state


def _until(
    setup: dict[str, object],
    seed: int,
    stop: Callable[[State], bool],
    unseen_for: frozenset[int] = frozenset(),
    choose_swap: bool = False,
) -> State:
    """Play an explicit game (chance sampled, ``UNSEEN`` for ``unseen_for``) until ``stop``."""
    state = axio.new_game(seed=seed, chance="explicit", **setup)  # type: ignore[arg-type]
    stream = Stream(seed)
    while not stop(state):
        assert not axio.is_over(state), "the game ended before the position looked for"
        if state.draws and state.seat in unseen_for:
            state = axio.apply(state, UNSEEN)
        elif choose_swap and state.deciding:
            state = axio.apply(state, axio.SWAP)
        else:
            state = _step(state, stream)
    return state


def _mid_swap(setup: dict[str, object]) -> State:
    """The first step of a swap's refill (AXIO-12) in a game where every offered swap is taken."""
    for seed in range(50):
        try:
            return _until(setup, seed, lambda s: bool(s.draws and s.revealed), choose_swap=True)
        except AssertionError:
            continue
    raise AssertionError("no swap in 50 games")  # pragma: no cover


class TestDeterminizeExplicit:
    def test_mid_deal(self) -> None:
        """Seat 1 dealt 2 of its 6 tiles: the sample owes the same 4 draws to seat 1 (AXIO-6)."""
        state = axio.new_game(players=2, seed=3, chance="explicit")
        for _ in range(8):
            state = axio.apply(state, axio.legal_moves(state)[0])
        for seat in (0, 1):
            sample_state = _determinized(state, seat, seat)
            assert (sample_state.seat, sample_state.draws) == (1, 4)
            assert [len(held) for held in sample_state.racks] == [6, 2]
            assert len(sample_state.bag) == 120 - 8

    def test_first_step(self) -> None:
        """Before the deal nothing is hidden: the sample is the start, its bag the whole set."""
        state = axio.new_game(players=3, seed=1, chance="explicit")
        sample_state = _determinized(state, 2, 7)
        assert sample_state.bag == state.bag
        assert (sample_state.seat, sample_state.draws) == (0, 6)

    def test_after_unseen_draws(self) -> None:
        """Seat 1's draws all unseen: the sample keeps its unknown tiles in the pool (the bag)."""
        state = _until({"players": 2}, 2, lambda s: s.turn >= 3, frozenset({1}))
        assert state.unknown
        assert state.unknown[1] > 0
        for seat in (0, 1):
            sample_state = _determinized(state, seat, 10 + seat)
            assert sample_state.racks[1] == state.racks[1] == ()
            assert len(sample_state.bag) == len(state.bag)  # real bag + 6 unidentified

    def test_after_unseen_draws_mid_refill(self) -> None:
        """A refill in progress with unseen tiles around: same draws, same drawer."""
        state = _until({"players": 3}, 4, lambda s: s.turn >= 2 and s.draws > 0, frozenset({0, 2}))
        for seat in range(3):
            _determinized(state, seat, seat)

    @pytest.mark.parametrize("setup", [{"players": 2}, {"mode": "team"}], ids=str)
    def test_mid_swap_refill(self, setup: dict[str, object]) -> None:
        """During a swap's draws the revealed tiles are set aside, out of the bag (AXIO-12)."""
        state = _mid_swap(setup)
        for seat in range(axio.players(state)):
            sample_state = _determinized(state, seat, seat)
            assert sample_state.revealed == state.revealed
            assert sorted(sample_state.bag) == list(sample_state.bag)
            assert len(sample_state.bag) == len(state.bag)  # the revealed tiles not among them

    def test_solo(self) -> None:
        """Solo: the draw after a placement (AXIO-20) is pending in the sample too."""
        state = _until({"players": 1}, 6, lambda s: s.turn >= 5 and s.draws > 0)
        sample_state = _determinized(state, 0, 1)
        assert sample_state.draws == 1

    def test_team(self) -> None:
        """A team game seen from every seat, at a player's step and at a chance step."""
        setup: dict[str, object] = {"mode": "team"}
        player = _until(setup, 8, lambda s: s.turn >= 6 and not s.draws)
        chance = _until(setup, 8, lambda s: s.turn >= 6 and s.draws > 0)
        for seat in range(4):
            _determinized(player, seat, seat)
            _determinized(chance, seat, seat)

    @pytest.mark.parametrize("setup", SETUPS, ids=str)
    def test_every_step_of_a_game(self, setup: dict[str, object]) -> None:
        """Along a whole game (seat 1's draws unseen), every seat's view at every 10th step.

        The board's share of a sample is found by ``_board_tiles``' search, whose work
        depends on the stream: for some streams it runs far longer (12 million lines
        were seen for one 4-player view, as for seeded views), so this test samples
        every 10th step of the first 150 with one stream each, within the budget of
        the other tests (the late 4-player boards are where the long searches were seen).
        The everyday tier samples every 20th step of the first 150.
        """
        count = 1 if setup.get("players") == 1 else axio.players(axio.new_game(**setup))  # type: ignore[arg-type]
        unseen = frozenset({1}) if count > 1 else frozenset()
        state = axio.new_game(seed=11, chance="explicit", **setup)  # type: ignore[arg-type]
        stream = Stream(11)
        steps = 0
        every = size(everyday=20, deep=10)
        while not axio.is_over(state):
            if steps % every == 0 and steps < 150:
                for seat in range(count):
                    seen = axio.view(state, seat)
                    with step_budget(DETERMINIZE_LINES):
                        sample_state = axio.determinize(seen, Stream(steps + seat))
                    assert axio.view(sample_state, seat) == seen
                    axio.validate(sample_state)
            if state.draws and state.seat in unseen:
                state = axio.apply(state, UNSEEN)
            else:
                state = _step(state, stream)
            steps += 1
        seen = axio.view(state, 0)
        assert axio.view(axio.determinize(seen, Stream(0)), 0) == seen

    def test_seeded_view_gives_a_seeded_state(self) -> None:
        """A seeded view still gives a seeded state (no chance fields)."""
        state = axio.new_game(players=2, seed=5)
        sample_state = axio.determinize(axio.view(state, 0), Stream(1))
        assert not sample_state.explicit
        assert (sample_state.draws, sample_state.unknown) == (0, ())


class TestEvaluateOutcomes:
    def test_outcomes_rate_zero(self) -> None:
        """Every outcome at a chance step rates 0.0 for every seat: agents never choose them."""
        state = axio.new_game(players=2, seed=0, tiles=["RB"] * 9 + ["GG"] * 3, chance="explicit")
        assert list(axio.legal_moves(state)) == [Draw(RB), Draw(GG), UNSEEN]
        for seat in (0, 1):
            for move in axio.legal_moves(state):
                assert axio.evaluate(state, move, seat) == 0.0

    def test_along_a_game(self) -> None:
        """At every chance step of a game every listed outcome, UNSEEN too, rates 0.0."""
        state = axio.new_game(players=2, seed=2, chance="explicit")
        stream = Stream(2)
        while not axio.is_over(state):
            if axio.to_move(state) == (CHANCE,):
                assert {axio.evaluate(state, move, 1) for move in axio.legal_moves(state)} == {0.0}
            state = _step(state, stream)

    def test_illegal_outcomes_refused(self) -> None:
        """A tile not in the bag, or a draw at a player's step, is refused, not rated."""
        state = axio.new_game(players=2, seed=0, tiles=["RB"] * 12, chance="explicit")
        with pytest.raises(IllegalMoveError):
            axio.evaluate(state, Draw(GG), 0)
        for _ in range(12):
            state = axio.apply(state, Draw(RB))
        with pytest.raises(IllegalMoveError):
            axio.evaluate(state, Draw(RB), 0)
        with pytest.raises(IllegalMoveError):
            axio.evaluate(state, UNSEEN, 0)


# ---------------------------------------------------------------------------
# validate: every explicit-chance check, at its limit and one step over
# ---------------------------------------------------------------------------


def _rb_game(size: int, outcomes: list[Draw | Unseen]) -> State:
    """A 2-player explicit game of ``size`` RB tiles after the given outcomes."""
    state = axio.new_game(players=2, seed=0, tiles=["RB"] * size, chance="explicit")
    for outcome in outcomes:
        state = axio.apply(state, outcome)
    return state


def _mid_deal() -> State:
    """20 RB tiles, seat 0 dealt 6, seat 1 dealt 2: seat 1 draws with 4 to go, 12 in the bag."""
    return _rb_game(20, [Draw(RB)] * 8)


def _unseen_refill() -> State:
    """13 RB tiles: seat 0 dealt 6, seat 1 dealt 6 unseen, seat 0 placed one and draws one.

    Racks 5 known and 0 + 6 unseen, one tile placed; the bag (pool) holds the one
    real tile and seat 1's six unidentified ones: 7.
    """
    state = _rb_game(13, [Draw(RB)] * 6 + [UNSEEN] * 6)
    state = axio.apply(state, axio.legal_moves(state)[0])
    assert (state.seat, state.draws, state.unknown, len(state.bag)) == (0, 1, (0, 6), 7)
    return state


def _refused(value: State | axio.View, *fragments: str) -> None:
    with pytest.raises(InvalidStateError) as caught:
        axio.validate(value)
    for fragment in fragments:
        assert fragment in str(caught.value), (fragment, str(caught.value))


class TestValidateExplicit:
    def test_no_tiles_set_aside_at_a_solo_draw(self) -> None:
        """Solo never swaps (AXIO-20): at a solo draw no tile is set aside."""
        state = axio.new_game(players=1, seed=0, tiles=["RO"] * 4, chance="explicit")
        state = axio.apply(axio.apply(state, Draw(RO)), axio.parse_move("R4,0/O3,0"))
        assert axio.to_move(state) == (CHANCE,)
        axio.validate(state)
        # One RO from the bag set aside instead: the set's count still holds (AXIO-2).
        aside = attrs.evolve(state, bag=state.bag[1:], revealed=(RO,))
        _refused(aside, "State.revealed", "AXIO-12, AXIO-20")

    def test_a_swap_sets_aside_at_most_five(self) -> None:
        """A swap sets aside the one to five tiles left in a rack (AXIO-12), never six."""
        state = _mid_swap({"players": 2})
        axio.validate(state)
        extra = 6 - len(state.revealed)  # from the bag, so that the set's count holds (AXIO-2)
        six = tuple(sorted((*state.revealed, *state.bag[:extra])))
        changed = attrs.evolve(state, bag=state.bag[extra:], revealed=six)
        _refused(changed, "State.revealed", "1 to 5 tiles")

    def test_explicit_is_a_bool(self) -> None:
        state = _mid_deal()
        axio.validate(state)
        one: Any = 1  # an int where a bool belongs
        _refused(attrs.evolve(state, explicit=one), "State.explicit", "not a bool")
        view = axio.view(state, 0)
        axio.validate(view)
        _refused(attrs.evolve(view, explicit=one), "View.explicit", "not a bool")

    def test_seeded_without_unknown(self) -> None:
        """A seeded game has no unseen tiles: () passes, (1, 0) is refused (AXIO-13)."""
        state = axio.new_game(seed=0)
        axio.validate(attrs.evolve(state, unknown=()))
        _refused(attrs.evolve(state, unknown=(1, 0)), "State.unknown", "explicit")
        view = axio.view(state, 0)
        _refused(attrs.evolve(view, draws=1), "View.draws", "explicit")

    def test_unknown_one_count_per_seat(self) -> None:
        state = _unseen_refill()
        axio.validate(state)
        _refused(attrs.evolve(state, unknown=(0, 6, 0)), "State.unknown", "one count per seat")
        _refused(attrs.evolve(state, unknown=(6,)), "State.unknown", "one count per seat")

    def test_unknown_count_range(self) -> None:
        """12 RB dealt unseen: (6, 6) passes; 7 is over a rack (AXIO-6), -1 is no count."""
        state = _rb_game(12, [UNSEEN] * 12)
        assert state.unknown == (6, 6)
        axio.validate(state)
        _refused(attrs.evolve(state, unknown=(7, 6)), "State.unknown[0]")
        _refused(attrs.evolve(state, unknown=(6, -1)), "State.unknown[1]")

    def test_no_unknown_is_empty(self) -> None:
        state = _rb_game(12, [Draw(RB)] * 12)
        axio.validate(state)
        _refused(attrs.evolve(state, unknown=(0, 0)), "State.unknown", "not as zeros")

    def test_unknown_and_known_fill_a_rack(self) -> None:
        """0 known + 6 unseen is a full rack; 1 known + 6 unseen is one over (AXIO-13)."""
        state = _unseen_refill()
        axio.validate(state)
        bag = list(state.bag)
        bag.remove(RB)
        over = attrs.evolve(state, racks=(state.racks[0], (RB,)), bag=tuple(bag))
        _refused(over, "State.unknown[1]", "at most 6")

    def test_view_unknown_within_rack_size(self) -> None:
        """A view's unseen count is part of its rack size: 6 of 6 passes, 6 of 5 is refused."""
        view = axio.view(_unseen_refill(), 0)
        assert (view.rack_sizes, view.unknown) == ((5, 6), (0, 6))
        axio.validate(view)
        _refused(attrs.evolve(view, rack_sizes=(5, 5)), "View.unknown[1]", "rack_sizes[1]")

    def test_view_rack_with_unknown(self) -> None:
        """Seat 1's view: no known tile and 6 unseen make its 6; 5 unseen do not."""
        view = axio.view(_unseen_refill(), 1)
        assert (view.rack, view.unknown[1], view.rack_sizes[1]) == ((), 6, 6)
        axio.validate(view)
        _refused(attrs.evolve(view, unknown=(0, 5)), "View.rack", "rack_sizes[1] says 6")

    def test_draws_up_to_a_full_rack(self) -> None:
        """Seat 1 holds 2 of 6: 4 draws due passes, 5 is refused (AXIO-6)."""
        state = _mid_deal()
        axio.validate(state)
        _refused(attrs.evolve(state, draws=5), "State.draws")
        view = axio.view(state, 0)
        axio.validate(view)
        _refused(attrs.evolve(view, draws=5), "View.draws")

    def test_draws_after_the_placements(self) -> None:
        """No draw is due while a bonus is owed or the swap choice is open (AXIO-11..13)."""
        state = _mid_deal()
        _refused(attrs.evolve(state, bonuses=1), "State.draws", "AXIO-11..13")
        _refused(attrs.evolve(state, deciding=True), "State.draws", "AXIO-11..13")

    def test_drawer_is_a_seat(self) -> None:
        """A view's drawer is seat 0 or 1 in a 2-player game: 1 passes, 2 is refused."""
        view = axio.view(_mid_deal(), 0)
        assert view.drawer == 1
        _refused(attrs.evolve(view, drawer=2), "View.drawer")

    def test_drawer_zero_without_draws(self) -> None:
        view = axio.view(_rb_game(20, [Draw(RB)] * 12), 0)
        assert (view.draws, view.drawer) == (0, 0)
        axio.validate(view)
        _refused(attrs.evolve(view, drawer=1), "View.drawer", "no draw is due")

    def test_draws_from_the_real_bag(self) -> None:
        """One draw due with one real tile in the bag passes; with none, refused (AXIO-13).

        The refused state is the same position in a set of 12 tiles: the bag then
        holds only seat 1's six unidentified tiles.
        """
        state = _unseen_refill()
        axio.validate(state)
        short = attrs.evolve(state, bag=state.bag[1:], tiles=(RB,) * 12)
        _refused(short, "State.draws", "the bag holds 0 tiles", "AXIO-13")
        axio.validate(axio.view(state, 0))
        _refused(axio.view(short, 0), "View.draws", "from a bag of 0", "AXIO-13")

    def test_deal_in_seat_order(self) -> None:
        """Mid-deal the racks are [6, 2] with 4 to go; [5, 3] with 3 to go is refused (AXIO-6)."""
        state = _mid_deal()
        _refused(
            attrs.evolve(state, racks=((RB,) * 5, (RB,) * 3), draws=3), "State.racks", "AXIO-6"
        )
        axio.validate(state)
        _refused(attrs.evolve(state, turn=1), "State.turn", "before turn 0", "AXIO-6")

    def test_deal_finished(self) -> None:
        """After 12 draws the deal is over; stopping it at 11 with tiles in the bag is refused."""
        axio.validate(_rb_game(20, [Draw(RB)] * 12))
        short = attrs.evolve(_rb_game(20, [Draw(RB)] * 11), draws=0)
        _refused(short, "State.draws", "the deal is not finished", "AXIO-6")

    def test_chance_to_move_in_a_view(self) -> None:
        view = axio.view(_mid_deal(), 0)
        assert view.to_move == (CHANCE,)
        _refused(attrs.evolve(view, to_move=(1,)), "View.to_move", "chance is to move")

    def test_swap_tiles_set_aside(self) -> None:
        """During a swap's draws the revealed tiles are out of the bag (AXIO-12).

        In the state, one of them also in the bag is a tile too many; in the view,
        a bag one revealed tile larger no longer adds up to the set.
        """
        state = _mid_swap({"players": 2})
        axio.validate(state)
        doubled = attrs.evolve(state, bag=tuple(sorted((*state.bag, state.revealed[0]))))
        _refused(doubled, "State", "AXIO-2")
        view = axio.view(state, 1)
        axio.validate(view)
        _refused(attrs.evolve(view, bag_size=view.bag_size + 1), "View.bag_size", "AXIO-2")


# ---------------------------------------------------------------------------
# Solo: a bonus declined in an explicit game (AXIO-11, AXIO-20)
# ---------------------------------------------------------------------------

RO, GB, YY = (0, 3), (1, 2), (4, 4)  # by hand: colour indices of AXIO-1, lower first


def _solo_turn_one(tiles: list[str], tracks: axio.Points) -> State:
    """An explicit solo game of ``tiles`` (RO first drawn twice), at turn 1 with ``tracks``.

    Turn 0: RO drawn, placed ``R4,0/O3,0`` beside the red start (5, 0) (AXIO-8),
    red +1; RO drawn for turn 1 (AXIO-20). The tracks are then set by hand to
    ``tracks``, one point short of the first stage where asked.
    """
    state = axio.new_game(players=1, seed=0, tiles=tiles, chance="explicit")
    state = axio.apply(state, Draw(RO))
    state = axio.apply(state, axio.parse_move("R4,0/O3,0"))
    assert state.tracks == ((1, 0, 0, 0, 0, 0),)
    state = axio.apply(state, Draw(RO))
    state = attrs.evolve(state, tracks=(tracks,))
    axio.validate(state)
    assert (axio.to_move(state), state.turn, state.racks) == ((0,), 1, ((RO,),))
    return state


def _solo_seeded(explicit: State, bag: tuple[tuple[int, int], ...]) -> State:
    """The seeded twin of an explicit solo state: the same position, the bag in ``bag``'s order."""
    assert sorted(bag) == list(explicit.bag)
    seeded = attrs.evolve(
        axio.new_game(players=1, seed=0, tiles=explicit.tiles),
        cells=explicit.cells,
        tracks=explicit.tracks,
        racks=explicit.racks,
        bag=bag,
        turn=explicit.turn,
    )
    axio.validate(seeded)
    return seeded


# R on (4, -1) looks along +r to the R on (4, 0), then the empty (4, 1): red 1; O on
# (3, -1) looks along +r to the O on (3, 0), then the empty (3, 1): orange 1. Every other
# line from either hex starts on an empty cell or, from (4, -1) towards (3, 0), on orange.
BOTH_LINES = "R4,-1/O3,-1"
BOTH_POINTS = (1, 0, 0, 1, 0, 0)


class TestSoloDecline:
    """A solo bonus declined in an explicit game (AXIO-11, AXIO-20), worked out by hand.

    The set: RO twice, GB three times, YY once. After turn 0 (see
    :func:`_solo_turn_one`) the bag holds GB GB GB YY. In solo the tracks run
    to 36 with the team rule (AXIO-20, AXIO-18): a colour first reaching 18
    earns a bonus placement, and a bonus placement draws one tile and places
    it. Declining forfeits that one placement (AXIO-11); the tile drawn for it
    stays in the rack of one, which is then full, so nothing is drawn
    (AXIO-13) and it is the next turn's tile.
    """

    def test_two_bonuses_declined_one_at_a_time(self) -> None:
        """Red and orange reach 18 at once: two bonuses, one draw, two declines, then the draw."""
        before = _solo_turn_one(["RO"] * 2 + ["GB"] * 3 + ["YY"], (17, 0, 0, 17, 0, 0))
        move = axio.parse_move(BOTH_LINES)
        assert axio.score_move(before, move) == BOTH_POINTS
        placed = axio.apply(before, move)
        # Two colours reach 18: two bonus placements owed, and chance draws the first tile.
        assert placed.tracks == ((18, 0, 0, 18, 0, 0),)
        assert (axio.to_move(placed), placed.bonuses, placed.turn) == ((CHANCE,), 2, 1)
        assert placed.racks == ((),)
        assert axio.chance_outcomes(placed) == (
            (Draw(GB), Fraction(3, 4)),
            (Draw(YY), Fraction(1, 4)),
        )
        assert list(axio.legal_moves(placed)) == [Draw(GB), Draw(YY), UNSEEN]
        assert axio.DECLINE not in axio.legal_moves(placed)
        # A draw due while bonuses are owed: in solo the bonus placement draws first (AXIO-20).
        axio.validate(placed)
        axio.validate(axio.view(placed, 0))
        assert from_json(to_json(placed), State) == placed
        drawn = axio.apply(placed, Draw(GB))
        assert (axio.to_move(drawn), drawn.bonuses, drawn.racks) == ((0,), 2, ((GB,),))
        assert axio.DECLINE in axio.legal_moves(drawn)
        axio.validate(drawn)
        # The first decline: one bonus still owed, the same tile to place, no draw.
        once = axio.apply(drawn, axio.DECLINE)
        assert (axio.to_move(once), once.bonuses, once.turn) == ((0,), 1, 1)
        assert (once.cells, once.tracks, once.racks, once.bag) == (
            drawn.cells,
            drawn.tracks,
            ((GB,),),
            (GB, GB, YY),
        )
        assert axio.chance_outcomes(once) == ()
        assert axio.DECLINE in axio.legal_moves(once)
        axio.validate(once)
        # The second decline ends the turn's placements: turn 2, its tile the GB in the rack.
        twice = axio.apply(once, axio.DECLINE)
        assert (axio.to_move(twice), twice.bonuses, twice.turn, twice.draws) == ((0,), 0, 2, 0)
        assert (twice.cells, twice.tracks, twice.racks, twice.bag) == (
            drawn.cells,
            drawn.tracks,
            ((GB,),),
            (GB, GB, YY),
        )
        assert not axio.is_over(twice)
        assert axio.DECLINE not in axio.legal_moves(twice)
        reason = axio.why_illegal(twice, axio.DECLINE)
        assert reason is not None
        assert "AXIO-11" in reason
        axio.validate(twice)
        # Placing it (nothing alike near the centre) makes chance draw the next tile.
        centre = axio.parse_move("G0,0/B1,0")
        assert axio.score_move(twice, centre) == (0, 0, 0, 0, 0, 0)
        after = axio.apply(twice, centre)
        assert (axio.to_move(after), after.draws, after.bonuses) == ((CHANCE,), 1, 0)
        assert after.tracks == drawn.tracks
        assert axio.chance_outcomes(after) == (
            (Draw(GB), Fraction(2, 3)),
            (Draw(YY), Fraction(1, 3)),
        )
        axio.validate(after)

    def test_seeded_game_agrees(self) -> None:
        """The seeded game given the same draws reaches the same positions (AXIO-11, AXIO-20)."""
        explicit = _solo_turn_one(["RO"] * 2 + ["GB"] * 3 + ["YY"], (17, 0, 0, 17, 0, 0))
        seeded = _solo_seeded(explicit, (GB, YY, GB, GB))
        assert position(seeded) == position(explicit)
        script: list[tuple[str, list[Draw]]] = [
            (BOTH_LINES, [Draw(GB)]),
            ("decline", []),
            ("decline", []),
            ("G0,0/B1,0", [Draw(YY)]),
        ]
        for written, draws in script:
            move = axio.parse_move(written)
            seeded = axio.apply(seeded, move)
            explicit = axio.apply(explicit, move)
            for draw in draws:
                assert axio.to_move(explicit) == (CHANCE,)
                explicit = axio.apply(explicit, draw)
            assert axio.to_move(explicit) != (CHANCE,), written
            assert position(seeded) == position(explicit), written
        assert seeded.racks == explicit.racks == ((YY,),)

    def test_decline_the_bonus_of_the_last_tile(self) -> None:
        """The bonus draws the bag's last tile; declined, it is placed next and the game ends.

        Set RO RO GB, red at 17: the placement scores red 1 (18, a bonus) and
        orange 1; chance draws GB, the only tile left (probability 1). Declined,
        GB stays in the rack: the game goes on (AXIO-21 needs the rack empty
        too); placed, bag and rack are empty and the game is over (AXIO-21).
        """
        before = _solo_turn_one(["RO"] * 2 + ["GB"], (17, 0, 0, 0, 0, 0))
        placed = axio.apply(before, axio.parse_move(BOTH_LINES))
        assert placed.tracks == ((18, 0, 0, 1, 0, 0),)
        assert (axio.to_move(placed), placed.bonuses) == ((CHANCE,), 1)
        assert axio.chance_outcomes(placed) == ((Draw(GB), Fraction(1)),)
        drawn = axio.apply(placed, Draw(GB))
        declined = axio.apply(drawn, axio.DECLINE)
        assert (axio.to_move(declined), declined.bonuses, declined.turn) == ((0,), 0, 2)
        assert (declined.racks, declined.bag, declined.tracks) == (((GB,),), (), placed.tracks)
        assert not axio.is_over(declined)
        assert axio.outcome(declined) is None
        axio.validate(declined)
        over = axio.apply(declined, axio.parse_move("G0,0/B1,0"))
        assert axio.is_over(over)
        assert axio.to_move(over) == ()
        result = axio.outcome(over)
        assert result is not None
        assert result.reason.startswith("AXIO-21")
        assert result.scores == (0,)  # the three lowest tracks: 0, 0, 0 (AXIO-21)


# ---------------------------------------------------------------------------
# Whose turn after a placement: racks with unseen tiles, empty racks, bonuses
# ---------------------------------------------------------------------------

# By hand (AXIO-4): the red start is (5, 0), the blue start (0, -5).
BESIDE_RED = "R4,0/B3,0"  # R looks along E at the red start: red +1; B sees nothing
BESIDE_BLUE = "B1,-5/R2,-5"  # B looks along W at the blue start: blue +1; R sees nothing


def _dealt_rb(seat_1: list[Draw | Unseen]) -> State:
    """12 RB tiles: seat 0 dealt six known, seat 1 dealt ``seat_1``; the bag is then empty."""
    first: list[Draw | Unseen] = [Draw(RB)] * 6
    return _rb_game(12, first + seat_1)


class TestTurnPasses:
    """After a turn the next seat holding a tile, known or unseen, moves (AXIO-6, AXIO-15)."""

    def test_to_a_rack_of_known_and_unseen_tiles(self) -> None:
        """Seat 1 holds 3 known and 3 unseen tiles: after seat 0's turn, seat 1 moves."""
        state = _dealt_rb([Draw(RB), UNSEEN] * 3)
        assert (state.racks[1], state.unknown, axio.bag_size(state)) == ((RB,) * 3, (0, 3), 0)
        after = axio.apply(state, axio.parse_move(BESIDE_RED))
        # The bag is empty: nothing to draw (AXIO-13), no swap (AXIO-12); the turn passes.
        assert (axio.to_move(after), after.turn, after.draws) == ((1,), 1, 0)
        axio.validate(after)

    def test_back_to_the_mover_when_the_others_are_empty(self) -> None:
        """Seat 1's rack is empty and the bag too: seat 0 keeps moving, turn after turn.

        Hand-built at turn 6 with six tiles placed: seat 0 holds the other six,
        seat 1 none. The game ends only when no player has a tile (AXIO-15).
        """
        state = _dealt_rb([Draw(RB)] * 6)
        for _ in range(6):  # any six placements: three turns of each seat
            state = axio.apply(state, axio.legal_moves(state)[0])
        state = attrs.evolve(state, racks=((RB,) * 6, ()))
        axio.validate(state)
        assert (axio.to_move(state), state.turn) == ((0,), 6)
        after = axio.apply(state, axio.legal_moves(state)[0])
        assert (axio.to_move(after), after.turn, after.racks) == ((0,), 7, ((RB,) * 5, ()))
        assert not axio.is_over(after)
        axio.validate(after)

    def test_the_game_ends_when_no_rack_holds_a_tile(self) -> None:
        """All twelve tiles dealt, none left in the bag: after the last tile is placed no seat
        holds a tile, so the game ends at once (AXIO-15), with nobody to move."""
        state = _dealt_rb([Draw(RB)] * 6)
        for _ in range(11):  # eleven of the twelve tiles, any of the legal placements
            assert not axio.is_over(state)
            state = axio.apply(state, axio.legal_moves(state)[0])
        assert sum(map(len, state.racks)) == 1
        last = axio.apply(state, axio.legal_moves(state)[0])
        assert last.racks == ((), ())
        assert axio.is_over(last)
        assert axio.to_move(last) == ()
        assert len(axio.legal_moves(last)) == 0
        outcome = axio.outcome(last)
        assert outcome is not None
        axio.validate(last)

    def test_bonus_with_one_tile_left(self) -> None:
        """Twelve RB tiles, all dealt. After four turns of each seat (any placements) seat 1
        holds two tiles; blue at 17 reaches 18 and one tile is left in the rack: that tile is
        the bonus placement (AXIO-10, AXIO-11), even with the bag empty."""
        state = axio.apply(_dealt_rb([Draw(RB)] * 6), axio.parse_move(BESIDE_RED))
        for _ in range(8):
            state = axio.apply(state, axio.legal_moves(state)[0])
        assert (axio.to_move(state), state.racks) == ((1,), ((RB,), (RB, RB)))
        state = attrs.evolve(state, tracks=(state.tracks[0], (0, 0, 17, 0, 0, 0)))
        axio.validate(state)
        blue = next(m for m in axio.legal_moves(state) if axio.score_move(state, m)[2] > 0)
        after = axio.apply(state, blue)  # any placement that scores blue (an RB tile does)
        assert after.racks[1] == (RB,)
        assert after.tracks[1][2] >= 18
        assert (axio.to_move(after), after.turn, after.bonuses) == ((1,), state.turn, 1)
        assert axio.DECLINE in axio.legal_moves(after)
        axio.validate(after)

    def test_bonus_placement_keeps_the_turn(self) -> None:
        """Blue at 17 reaches 18 with tiles in the rack: one bonus placement, seat 1 still moves.

        AXIO-10, AXIO-11: the rack is not refilled first and the game goes on;
        the bonus may be placed or declined.
        """
        state = axio.apply(_dealt_rb([Draw(RB)] * 6), axio.parse_move(BESIDE_RED))
        assert state.tracks[0] == (1, 0, 0, 0, 0, 0)
        state = attrs.evolve(state, tracks=(state.tracks[0], (0, 0, 17, 0, 0, 0)))
        axio.validate(state)
        after = axio.apply(state, axio.parse_move(BESIDE_BLUE))
        assert after.tracks[1] == (0, 0, 18, 0, 0, 0)
        assert (axio.to_move(after), after.turn, after.bonuses, after.draws) == ((1,), 1, 1, 0)
        assert not axio.is_over(after)
        assert axio.DECLINE in axio.legal_moves(after)
        axio.validate(after)
