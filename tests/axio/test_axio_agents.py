"""AXIO's evaluate and determinize, and the agents playing it."""

from __future__ import annotations

import itertools
from collections import Counter
from typing import cast

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tiers
from tiers import examples, size
from tilegames import IllegalMoveError, axio
from tilegames._core import rng
from tilegames.agents import Agent, GreedyAgent, MCTSAgent, RandomAgent
from tilegames.axio import _agents as axio_agents
from tilegames.axio._agents import _board_tiles
from tilegames.simulate import simulate
from tilegames.testing.strategies import states

SOME = settings(
    max_examples=examples(20, everyday=5), suppress_health_check=[HealthCheck.too_slow]
)


def hidden_shuffled(state: axio.State, seat: int, seed: int) -> axio.State:
    """The state with the tiles hidden from ``seat`` (other racks, the bag) dealt again."""
    others = [s for s in range(len(state.racks)) if s != seat]
    hidden = [t for s in others for t in state.racks[s]] + list(state.bag)
    pool = list(rng.shuffled(seed, hidden)[0])
    racks = list(state.racks)
    for s in others:
        racks[s] = tuple(sorted(pool[: len(state.racks[s])]))
        del pool[: len(state.racks[s])]
    return attrs.evolve(state, racks=tuple(racks), bag=tuple(pool), seed=seed)


def first_bonus(state: axio.State) -> axio.State:
    """The first state owing a bonus placement when each move scores the most of a sample."""
    while not state.bonuses:
        assert not axio.is_over(state), "no bonus placement in this game"
        moves = axio.legal_moves(state)
        sample = moves[:: max(1, len(moves) // 300)]
        state = axio.apply(state, max(sample, key=lambda m: sum(axio.score_move(state, m))))
    return state


class TestDeterminize:
    """determinize(view, stream) samples states the seat cannot tell from the truth."""

    @SOME
    @given(states(axio.RULES, max_moves=80), st.integers(0, 2**32))
    def test_consistent_with_every_view(self, state: axio.State, seed: int) -> None:
        """Each seat's sample passes validate, shows it its view, and offers the same moves."""
        for seat in range(axio.players(state)):
            seen = axio.view(state, seat)
            sample = axio.determinize(seen, rng.Stream(seed))
            axio.validate(sample)  # the board's colours are made of the tiles not elsewhere
            assert axio.view(sample, seat) == seen
            assert axio.is_over(sample) == axio.is_over(state)
            if seat in axio.to_move(state):
                assert list(axio.legal_moves(sample)) == list(axio.legal_moves(state))

    @SOME
    @given(states(axio.RULES, max_moves=60), st.integers(0, 2**32), st.integers(0, 2**32))
    def test_never_reads_hidden_tiles(self, state: axio.State, seed: int, deal: int) -> None:
        """A state that differs only in tiles hidden from seat 0 gives the very same samples."""
        other = hidden_shuffled(state, 0, deal)
        assert axio.view(other, 0) == axio.view(state, 0)
        ours = axio.determinize(axio.view(state, 0), rng.Stream(seed))
        assert axio.determinize(axio.view(other, 0), rng.Stream(seed)) == ours

    def test_another_seats_swap_offer_conditions_its_rack(self) -> None:
        """AXIO-12: a swap offered to seat 3 tells every seat its rack shows no lowest colour.

        A 4-player game Hypothesis found: seat 3 is offered a swap with three
        colours tied lowest, so almost no random rack avoids them all; a
        sample must deal seat 3 only tiles showing none of them.
        """
        state = axio.new_game(players=4, seed=2**64 - 1)
        for move in _SWAP_OFFERED_TO_SEAT_3.split():
            state = axio.apply(state, axio.parse_move(move))
        assert state.deciding
        assert axio.to_move(state) == (3,)
        track = axio.scores(state)[3]
        low = {colour for colour, points in enumerate(track) if points == min(track)}
        assert len(low) == 3
        for seat in range(3):
            seen = axio.view(state, seat)
            for seed in range(20):
                sample = axio.determinize(seen, rng.Stream(seed))
                axio.validate(sample)
                assert axio.view(sample, seat) == seen
                assert not any(set(tile) & low for tile in axio.rack(sample, 3))

    @pytest.mark.parametrize(
        "options", [{"players": 2}, {"mode": "team"}, {"mode": "solo"}], ids=str
    )
    def test_a_pending_bonus(self, options: dict[str, object]) -> None:
        """AXIO-11, AXIO-22: an owed bonus is public; samples list the same moves, decline last."""
        state = first_bonus(axio.new_game(seed=11, **options))  # type: ignore[arg-type]
        for seat in range(axio.players(state)):
            seen = axio.view(state, seat)
            assert (seen.bonuses, seen.to_move) == (state.bonuses, (state.seat,))
            sample = axio.determinize(seen, rng.Stream(seat))
            assert axio.view(sample, seat) == seen
            if seat == state.seat:
                listed = list(axio.legal_moves(sample))
                assert listed == list(axio.legal_moves(state))
                assert listed[-1] == axio.DECLINE
                declined = axio.apply(sample, axio.DECLINE)
                assert declined.bonuses == state.bonuses - 1

    def test_hidden_tiles_come_from_the_set(self) -> None:
        """Early in a game, racks and bag hold the tiles of the set not in view."""
        state = axio.new_game(players=2, seed=3)
        sample = axio.determinize(axio.view(state, 0), rng.Stream(4))
        held = Counter([*sample.racks[1], *sample.bag])
        assert held == Counter(axio.STANDARD_TILES) - Counter(state.racks[0])
        assert sample.racks[1] != state.racks[1] or sample.bag != state.bag


def board_shares(pool: list[tuple[int, int]], needed: list[int]) -> bool:
    """Whether some multiset of ``pool``'s tiles shows exactly ``needed`` hexes per colour
    (every choice of counts tried: the slow, obvious way)."""
    kinds = Counter(pool)
    choices = [range(count + 1) for count in kinds.values()]
    for takes in itertools.product(*choices):
        hexes = [0] * 6
        for (first, second), take in zip(kinds, takes, strict=True):
            hexes[first] += take
            hexes[second] += take
        if hexes == needed:
            return True
    return False


tiles_st = st.tuples(st.integers(0, 5), st.integers(0, 5)).map(lambda t: (min(t), max(t)))


class TestBoardTiles:
    """The board's share of a sample: tiles of the pool whose colours add up exactly."""

    @settings(max_examples=examples(300))
    @given(
        pool=st.lists(tiles_st, max_size=9),
        taken=st.lists(st.booleans(), min_size=9, max_size=9),
        guess=st.lists(st.integers(0, 5), min_size=6, max_size=6),
        solvable=st.booleans(),
        seed=st.integers(0, 2**32),
    )
    def test_an_exact_share_whenever_one_exists(
        self,
        pool: list[tuple[int, int]],
        taken: list[bool],
        guess: list[int],
        solvable: bool,
        seed: int,
    ) -> None:
        """A share is a sub-multiset of the pool with exactly the hexes needed; none is
        found only when the brute force finds none either."""
        needed = guess
        if solvable:  # the hexes of a part of the pool: an answer exists
            needed = [0] * 6
            for tile, take in zip(pool, taken, strict=False):
                if take:
                    needed[tile[0]] += 1
                    needed[tile[1]] += 1
        share = _board_tiles(pool, needed, rng.Stream(seed))
        assert not Counter(share) - Counter(pool)
        hexes = [0] * 6
        for first, second in share:
            hexes[first] += 1
            hexes[second] += 1
        if hexes != needed:
            assert share == []
            assert not board_shares(pool, needed)


class TestBoardShares:
    """A position's samples choose among a few board shares, each searched for once."""

    def test_determinize_depends_on_view_and_stream_alone(self) -> None:
        """The same view and stream give the same sample, with or without the kept shares."""
        state = axio.new_game(players=2, seed=5)
        for _ in range(30):
            state = axio.apply(state, axio.legal_moves(state)[0])
        seen = axio.view(state, 1)
        kept = [axio.determinize(seen, rng.Stream(seed)) for seed in range(12)]
        axio_agents._shares.clear()
        again = [axio.determinize(seen, rng.Stream(seed)) for seed in range(12)]
        assert again == kept
        assert len({sample.racks for sample in kept}) > 1

    def test_shares_are_kept_per_position(self) -> None:
        """Each share is an exact answer; a position keeps at most _SHARES of them."""
        # Colours 3.. need nothing, so (2, 3) and (3, 3) stay off; blue's one hex needs
        # (1, 2); green's other hex one (0, 1); red's other two hexes (0, 0). One answer.
        pool = [(0, 1), (0, 1), (1, 2), (2, 3), (0, 0), (3, 3)]
        needed = [3, 2, 1, 0, 0, 0]
        axio_agents._shares.clear()
        shares = [axio_agents._board_share(pool, needed, rng.Stream(s)) for s in range(40)]
        assert all(sorted(share) == [(0, 0), (0, 1), (1, 2)] for share in shares)
        kept = axio_agents._shares[(tuple(pool), tuple(needed))]
        assert len(kept) == axio_agents._SHARES
        assert all(share is not None for share in kept)  # 40 draws reached all eight


class TestEvaluate:
    """evaluate() weighs points towards the lowest colours and rewards reaching a cap."""

    def scoring_move(self) -> tuple[axio.State, axio.Place, int, int]:
        """A first move that scores in exactly one colour: (state, move, colour, points)."""
        state = axio.new_game(seed=2)
        for move in axio.legal_moves(state):
            points = axio.score_move(state, move)
            colours = [c for c, p in enumerate(points) if p]
            if len(colours) == 1:
                return state, cast(axio.Place, move), colours[0], points[colours[0]]
        raise AssertionError("no one-colour move")

    def with_track(self, state: axio.State, colour: int, value: int) -> axio.State:
        tracks = cast(axio.Points, tuple(value if c == colour else 9 for c in range(6)))
        return attrs.evolve(state, tracks=(tracks, state.tracks[1]))

    def test_low_tracks_count_more(self) -> None:
        """p points at distance d from 18 rate (d^2 - (d-p)^2) / 18."""
        state, move, colour, points = self.scoring_move()
        for track in (0, 4, 8):
            rated = axio.evaluate(self.with_track(state, colour, track), move, 0)
            assert rated == ((18 - track) ** 2 - (18 - track - points) ** 2) / 18

    def test_reaching_the_cap(self) -> None:
        """Points that reach 18 are capped there and add 6 for the bonus placement."""
        state, move, colour, points = self.scoring_move()
        rated = axio.evaluate(self.with_track(state, colour, 18 - points), move, 0)
        assert rated == points**2 / 18 + 6
        assert axio.evaluate(self.with_track(state, colour, 18), move, 0) == 0

    def test_swap_choice_rates_nothing(self) -> None:
        """Swapping or keeping scores no points."""
        stream = rng.Stream(5)
        state = axio.new_game(seed=2)
        for _ in range(5_000):  # a swap choice (AXIO-12) comes within a few random games
            if state.deciding:
                break
            if axio.is_over(state):
                state = axio.new_game(seed=stream.randbelow(1000))
            moves = axio.legal_moves(state)
            state = axio.apply(state, moves[stream.randbelow(len(moves))])
        assert state.deciding, "no swap choice in 5,000 random moves (AXIO-12)"
        seat = state.seat
        assert axio.evaluate(state, axio.SWAP, seat) == axio.evaluate(state, axio.KEEP, seat) == 0

    def test_bundled(self) -> None:
        """RULES carries evaluate and determinize for generic code."""
        assert axio.RULES.evaluate is axio.evaluate
        assert axio.RULES.determinize is axio.determinize


def nearly_full(bonuses: int = 1, *, green: bool = True) -> axio.State:
    """Seat 0 owes a bonus placement on a board full of blue but for (0,0), (1,0), (2,0).

    Green lies at (3, 0). The rack is RR and GG; red is at the cap (18). So the
    legal moves are RR or GG on either of the two empty pairs, and the decline
    (AXIO-11): 5 moves. Only GG on (1,0)+(2,0) scores: its (2,0) hex sees the
    green (3,0), green +1 (AXIO-9); red at 18 gains nothing (AXIO-10). Without
    the green (``green=False``, blue there) no placement scores.
    """
    area = axio.playing_area(axio.new_game(seed=0))
    cells = [
        axio.BLUE if colour == axio.EMPTY else colour for colour in axio.new_game(seed=0).cells
    ]
    for cell in ((0, 0), (1, 0), (2, 0)):
        cells[area.index(cell)] = axio.EMPTY
    if green:
        cells[area.index((3, 0))] = axio.GREEN
    return axio.State(
        mode="standard",
        cells=tuple(cells),
        tracks=((18, 5, 5, 5, 5, 5), (0,) * 6),
        racks=(((0, 0), (1, 1)), ((2, 3),)),
        bag=((4, 4),),
        seat=0,
        turn=2,
        bonuses=bonuses,
    )


BEST = axio.Place(((1, 0), (2, 0)), (axio.GREEN, axio.GREEN))


class TestDeclineRating:
    """A decline (AXIO-11) rates below every placement: a one-move rating never prefers it."""

    def test_the_position(self) -> None:
        """The hand-built position lists four placements and the decline; one scores."""
        state = nearly_full()
        moves = list(axio.legal_moves(state))
        assert len(moves) == 5
        assert moves[-1] == axio.DECLINE
        scoring = [m for m in moves if any(axio.score_move(state, m))]
        assert scoring == [BEST]
        assert axio.score_move(state, BEST) == (0, 1, 0, 0, 0, 0)

    def test_decline_rates_below_every_placement(self) -> None:
        """Placements rate 0 or more (points only add); the decline rates -0.01."""
        state = nearly_full()
        placements = [m for m in axio.legal_moves(state) if m != axio.DECLINE]
        rated = [axio.evaluate(state, m, 0) for m in placements]
        assert min(rated) == 0.0  # red at the cap: RR gains nothing
        assert max(rated) == (13**2 - 12**2) / 18  # green 5 -> 6, 13 then 12 from 18
        assert axio.evaluate(state, axio.DECLINE, 0) == -0.01
        assert axio.evaluate(state, axio.DECLINE, 0) < min(rated)

    def test_decline_is_rated_only_when_legal(self) -> None:
        """With no bonus owed a decline is illegal, and evaluate says so (AXIO-11)."""
        with pytest.raises(IllegalMoveError, match="AXIO-11"):
            axio.evaluate(nearly_full(bonuses=0), axio.DECLINE, 0)

    def test_greedy_picks_the_best_rated(self) -> None:
        """Greedy plays the best-rated move of placements and decline: never the decline."""
        state = nearly_full()
        seen = axio.view(state, 0)
        moves = axio.legal_moves(state)
        for seed in range(20):
            assert GreedyAgent().choose(axio.RULES, 0, seen, moves, rng.Stream(seed)) == BEST

    def test_greedy_places_when_nothing_scores(self) -> None:
        """With every placement rated 0 greedy still places: the decline is below, not tied."""
        state = nearly_full(green=False)
        assert not any(any(axio.score_move(state, m)) for m in axio.legal_moves(state))
        seen = axio.view(state, 0)
        moves = axio.legal_moves(state)
        chosen = {
            GreedyAgent().choose(axio.RULES, 0, seen, moves, rng.Stream(seed))
            for seed in range(40)
        }
        assert axio.DECLINE not in chosen
        assert len(chosen) > 1  # the placements tie and are picked at random

    def test_greedy_declines_when_its_rating_prefers_it(self) -> None:
        """The decline reaches the agents through evaluate: rated best, greedy plays it."""
        state = nearly_full()
        seen = axio.view(state, 0)
        agent = GreedyAgent(evaluate=rate_decline_high)
        chosen = agent.choose(axio.RULES, 0, seen, axio.legal_moves(state), rng.Stream(1))
        assert chosen == axio.DECLINE

    def test_mcts_declines_when_its_rating_prefers_it(self) -> None:
        """MCTS searches the decline like any move; rated far best, it is played."""
        state = nearly_full()
        seen = axio.view(state, 0)
        agent = MCTSAgent(iterations=20, evaluate=rate_decline_high)
        chosen = agent.choose(axio.RULES, 0, seen, axio.legal_moves(state), rng.Stream(3))
        assert chosen == axio.DECLINE

    def test_mcts_with_the_game_rating_plays_a_legal_move(self) -> None:
        """With the game's rating MCTS plays a legal move of the position (five to choose)."""
        state = nearly_full()
        seen = axio.view(state, 0)
        moves = axio.legal_moves(state)
        chosen = MCTSAgent(iterations=20).choose(axio.RULES, 0, seen, moves, rng.Stream(3))
        assert chosen in moves


def rate_decline_high(state: axio.State, move: axio.Move, seat: int) -> float:
    """A rating that prefers declining (10) to anything else (the game's own rating)."""
    return 10.0 if move == axio.DECLINE else axio.evaluate(state, move, seat)


class TestAgentsPlay:
    """The agents play AXIO through its rules."""

    def test_greedy_beats_random(self) -> None:
        """Greedy wins most of 10 games against random (4 everyday: then all of them).

        Over 20 seeds of 4 games each greedy won all 80.
        """
        games = size(everyday=4, deep=10)
        run = simulate(axio.RULES, [GreedyAgent(), RandomAgent()], games, seed=4)
        assert len(run.games) == games
        assert run.summary.agents[0].win_rate > 0.75

    def test_mcts_in_the_team_game(self) -> None:
        """A small MCTS plays a complete team game with partners.

        Under ``--deep`` one team is two such searches; everyday the search
        holds seat 0 alone, its partner and the other team random, and does
        not look at follow-ups (a root move's follow-up costs a rating of
        every move after it).
        """
        if tiers.DEEP:
            agents: list[Agent] = [MCTSAgent(iterations=4), RandomAgent()]
        else:
            searcher = MCTSAgent(iterations=4, follow_ups=0)
            agents = [searcher, RandomAgent(), RandomAgent(), RandomAgent()]
        run = simulate(
            axio.RULES,
            agents,
            1,
            seed=2,
            players=4,
            options={"mode": "team"},
        )
        assert len(run.games[0].outcome.scores) == 4


_SWAP_OFFERED_TO_SEAT_3 = """
P4,1/B3,2 P7,-7/G6,-6 O-6,-1/R-6,0 Y0,6/B0,7 Y4,-2/O4,-1 R0,-7/O1,-7 O2,-6/G1,-5
R2,-7/G3,-7 R2,-4/Y2,-3 B-1,-6/Y-2,-5 G-1,-1/B-1,0 R-1,-4/R0,-4 Y-5,3/Y-6,4 R1,-4/P0,-3
P3,-3/G4,-3 B-4,-2/R-5,-1 P3,-5/B3,-4 Y4,-7/R5,-7 O-3,-4/G-2,-4 R-3,-2/O-4,-1 O-4,1/Y-5,2
R0,-2/Y0,-1 G6,-5/Y5,-4 P-2,3/Y-2,4 O7,-3/O6,-2 P3,0/O4,0 O-4,0/P-3,0 Y6,-7/R5,-6
Y1,2/Y0,3 O-7,3/P-7,4 R0,0/R1,0 B-1,-3/O-1,-2 R0,-6/R1,-6 P4,-6/P4,-5 P7,-2/G6,-1
R-1,1/G0,1 R-4,-3/G-3,-3 O1,-3/P1,-2 Y6,-4/G5,-3 R-3,1/P-3,2 R-2,-2/O-2,-1 G2,-2/O1,-1
R3,-6/G2,-5 R7,-5/B7,-4 R5,-2/R5,-1 G3,-2/G3,-1 R7,-1/P6,0 B2,-1/P2,0
"""
"""Moves of a 4-player game (seed 2**64 - 1) after which seat 3 is offered a swap."""
