"""The fast Aztack checked against the slow reference of :mod:`aztack_reference_impl`."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from aztack_reference_impl import (
    CELLS,
    as_tuple,
    can_place,
    from_state,
    is_over,
    matches,
    moves,
    play,
    winners,
)
from hypothesis import given
from hypothesis import strategies as st

from tilegames import IllegalMoveError, aztack
from tilegames._core import rng

# ---------------------------------------------------------------------------
# The fast code against the reference
# ---------------------------------------------------------------------------


def random_line(seed: int, count: int, mode: str, length: int) -> Iterator[aztack.State]:
    """The states of a random game from ``new_game(seed)``, at most ``length`` moves in."""
    state = aztack.new_game(players=count, seed=seed, mode=mode)
    stream = rng.Stream(seed)
    yield state
    for _ in range(length):
        listed = aztack.legal_moves(state)
        if not listed:
            return
        state = aztack.apply(state, listed[stream.randbelow(len(listed))])
        yield state


games = st.tuples(
    st.integers(min_value=0, max_value=2**32),
    st.integers(min_value=2, max_value=4),
    st.sampled_from(aztack.MODES),
    st.integers(min_value=0, max_value=40),
)


class TestAgainstReference:
    @given(games)
    def test_legal_moves_are_the_reference_moves(self, game: tuple[int, int, str, int]) -> None:
        """AZT-6, AZT-12..14, AZT-17: the listed moves are exactly the reference's, once each."""
        *_, state = random_line(*game)
        listed = [as_tuple(move) for move in aztack.legal_moves(state)]
        expected = moves(from_state(state))
        assert len(listed) == len(set(listed))
        assert sorted(listed, key=repr) == sorted(expected, key=repr)

    @given(games)
    def test_every_step_agrees(self, game: tuple[int, int, str, int]) -> None:
        """Along a random game, each state, the end and the winners agree with the reference."""
        seed, count, mode, length = game
        state = aztack.new_game(players=count, seed=seed, mode=mode)
        pos = from_state(state)  # from here on, the reference keeps its own books
        stream = rng.Stream(seed)
        for _ in range(length):
            listed = aztack.legal_moves(state)
            if not listed:
                break
            move = listed[stream.randbelow(len(listed))]
            state = aztack.apply(state, move)
            pos = play(pos, as_tuple(move))
            assert from_state(state) == pos
        assert aztack.is_over(state) == is_over(pos)
        if is_over(pos):
            result = aztack.outcome(state)
            assert result is not None
            assert set(result.winners) == winners(pos)
            assert result.scores == tuple(len(hand) for hand in pos.hands)
        elif pos.turn is None:
            seats = [seat for seat in range(len(pos.hands)) if can_place(pos, seat)]
            assert aztack.to_move(state) == tuple(seats)
        else:
            assert aztack.to_move(state) == (pos.turn,)

    @given(games)
    def test_can_place_is_the_references(self, game: tuple[int, int, str, int]) -> None:
        """can_place: the seat holds a stone that fits on some spot; no seat once it is over."""
        *_, state = random_line(*game)
        pos = from_state(state)
        over = is_over(pos)
        for seat in range(len(pos.hands)):
            assert aztack.can_place(state, seat) == (not over and can_place(pos, seat)), seat

    @pytest.mark.parametrize("mode", aztack.MODES)
    def test_nobody_can_place_after_the_end(self, mode: str) -> None:
        """Once a supply is empty the game is over (AZT-15, AZT-18): no seat can place."""
        state = aztack.new_game(players=2, seed=3, mode=mode)
        while not aztack.is_over(state):
            state = aztack.apply(state, aztack.legal_moves(state)[0])
        pos = from_state(state)
        assert is_over(pos)
        assert [aztack.can_place(state, seat) for seat in range(2)] == [False, False]

    @given(games, st.data())
    def test_unlisted_moves_are_refused(
        self, game: tuple[int, int, str, int], data: st.DataObject
    ) -> None:
        """Moves the reference does not list are refused by apply and why_illegal, with a rule."""
        *_, state = random_line(*game)
        pos = from_state(state)
        legal = set(moves(pos))
        seat = data.draw(st.integers(0, len(pos.hands) - 1))
        stone = data.draw(st.sampled_from(sorted(pos.halves)))
        first = data.draw(st.sampled_from(CELLS))
        second = data.draw(st.sampled_from(CELLS))
        discard = data.draw(st.none() | st.sampled_from(sorted(pos.halves)))
        tried: list[aztack.Move] = [aztack.Place(seat, stone, first, second, discard)]
        move = data.draw(st.sampled_from([*tried, aztack.Pass(seat)]))
        reason = aztack.why_illegal(state, move)
        if as_tuple(move) in legal:
            assert reason is None
            aztack.apply(state, move)
        else:
            assert reason is not None
            assert "AZT-" in reason
            with pytest.raises(IllegalMoveError) as refused:
                aztack.apply(state, move)
            assert refused.value.reason in reason


# Custom sets from few half kinds, so that alike stones and stones with two
# halves alike are common. The first ten stones put every colour on two
# stones, as new_game requires (AZT-9).
EVERY_COLOUR = ["GfOf", "YfBf", "RfGf", "OwYw", "BwRw"] * 2
few_halves = st.sampled_from(["Gf", "Gw", "Rf", "Rw", "Gt"])
custom_stones = st.lists(st.tuples(few_halves, few_halves).map("".join), min_size=26, max_size=40)


class TestCustomSetsAgainstReference:
    @given(custom_stones, st.integers(0, 2**32), st.sampled_from(aztack.MODES), st.integers(0, 30))
    def test_alike_stones_and_doubles(
        self, stones: list[str], seed: int, mode: str, length: int
    ) -> None:
        """With many alike stones and doubles, the moves are the reference's, once each."""
        state = aztack.new_game(seed=seed, mode=mode, stones=EVERY_COLOUR + stones)
        stream = rng.Stream(seed)
        for _ in range(length):
            listed = aztack.legal_moves(state)
            if not listed:
                break
            state = aztack.apply(state, listed[stream.randbelow(len(listed))])
        found = [as_tuple(move) for move in aztack.legal_moves(state)]
        assert len(found) == len(set(found))
        assert sorted(found, key=repr) == sorted(moves(from_state(state)), key=repr)


class TestReferenceItself:
    def test_reference_reads_a_fresh_base(self) -> None:
        """AZT-4/AZT-5: the reference sees 24 cells of height 1 under 12 base stones."""
        pos = from_state(aztack.new_game(seed=11))
        assert set(pos.height.values()) == {1}
        assert len({stone for stone, _ in pos.top.values()}) == 12

    def test_mixed_match_is_no_match(self) -> None:
        """AZT-12: one colour plus one glyph does not count."""
        green_flower, red_water = (0, 0), (4, 1)
        assert matches((green_flower, (3, 1)), (green_flower, red_water)) == (False, True)
        assert matches(((0, 3), (4, 2)), (green_flower, red_water)) == (True, False)
        assert matches(((0, 3), (1, 1)), (green_flower, red_water)) == (False, False)
