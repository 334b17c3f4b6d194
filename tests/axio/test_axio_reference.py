"""Tests of :mod:`tilegames.axio` against a slow, obvious reference written from the rules.

The reference works on ``(q, r)`` coordinates and dictionaries only, straight
from the text of the AXIO rules: it steps along lines hex by hex,
enumerates placements cell by cell, and moves score pawns one space at a
time. The fast code is compared with it on random positions (hypothesis),
on every move of random games, and on golden counts in
``tests/data/axio_counts.json`` (made by this reference: run this file as a
script to rebuild them).
"""

from __future__ import annotations

import json
import math
import random
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tiers
import tilegames
from tiers import examples, size
from tilegames import axio
from tilegames.axio import DECLINE, KEEP, SWAP, Decline, Place, SwapChoice
from tilegames.geometry.hexagon import Hex

DATA = Path(__file__).parent.parent / "data" / "axio_counts.json"

# Read off the drawing of tilegames.geometry.hexagon: E, NE, NW, W, SW, SE.
STEPS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
START: dict[Hex, int] = {(5, 0): 0, (5, -5): 1, (0, -5): 2, (-5, 0): 3, (-5, 5): 4, (0, 5): 5}
SETUPS = axio.RULES.setups


# ---------------------------------------------------------------------------
# The reference
# ---------------------------------------------------------------------------


def radius_of(state: axio.State) -> int:
    """AXIO-3: 2 players and solo 5, 3 players 6, 4 players and teams 7."""
    return {1: 5, 2: 5, 3: 6, 4: 7}[len(state.racks)]


def inside(cell: Hex, radius: int) -> bool:
    q, r = cell
    return max(abs(q), abs(r), abs(q + r)) <= radius


def step(cell: Hex, d: int) -> Hex:
    return cell[0] + STEPS[d][0], cell[1] + STEPS[d][1]


def adjacent(a: Hex, b: Hex) -> bool:
    return any(step(a, d) == b for d in range(6))


def all_cells(radius: int) -> list[Hex]:
    span = range(-radius, radius + 1)
    return [(q, r) for r in span for q in span if inside((q, r), radius)]


def slow_points(
    board: dict[Hex, int], radius: int, cells: tuple[Hex, Hex], colours: tuple[int, int]
) -> list[int]:
    """AXIO-9: each hex looks along the six directions but the one to its twin and counts
    the same colour in an unbroken line (stopping at empty, other colour or edge)."""
    points = [0] * 6
    for me, twin, colour in ((cells[0], cells[1], colours[0]), (cells[1], cells[0], colours[1])):
        for d in range(6):
            cell = step(me, d)
            if cell == twin:
                continue
            while inside(cell, radius) and board.get(cell) == colour:
                points[colour] += 1
                cell = step(cell, d)
    return points


def empty_pairs(board: dict[Hex, int], radius: int) -> list[tuple[Hex, Hex]]:
    """Every two adjacent empty cells of the area, each pair once."""
    empty = [cell for cell in all_cells(radius) if cell not in board]
    free = set(empty)
    return [(a, step(a, d)) for a in empty for d in range(3) if step(a, d) in free]


def slow_over(state: axio.State) -> bool:
    """AXIO-14, AXIO-15, AXIO-21."""
    final = 18 if state.mode == "standard" else 36
    if any(all(v == final for v in track) for track in state.tracks):
        return True
    if not any(state.racks):
        return True
    return not empty_pairs(dict(axio.board(state)), radius_of(state))


def slow_legal(state: axio.State) -> set[axio.Move]:
    """Every legal move, from the rule text: AXIO-7, AXIO-8, AXIO-11, AXIO-12."""
    if slow_over(state):
        return set()
    if state.deciding:
        return {KEEP, SWAP}
    radius = radius_of(state)
    board = dict(axio.board(state))
    first = state.turn < len(state.racks) and state.bonuses == 0
    untouched = [s for s in START if not any(step(s, d) in board for d in range(6))]
    rack = state.racks[state.seat]
    moves: set[axio.Move] = set()
    for a, b in empty_pairs(board, radius):
        if first and not any(adjacent(x, s) for x in (a, b) for s in untouched):
            continue
        for low, high in rack:
            moves.add(Place((a, b), (low, high)))
            moves.add(Place((a, b), (high, low)))
    if state.bonuses > 0:  # AXIO-11 (spec v2): a pending bonus placement may be declined
        moves.add(DECLINE)
    return moves


def order_key(move: axio.Move) -> tuple[Any, ...]:
    """The documented order of LegalMoves: pair in reading order, tile, lower colour first;
    keep before swap; the decline after every placement."""
    if isinstance(move, SwapChoice):
        return (move.swap,)
    if isinstance(move, Decline):
        return (math.inf,)
    assert isinstance(move, Place), move  # seeded games list no chance outcomes
    (q0, r0), (q1, r1) = move.cells
    low, high = sorted(move.colours)
    return (r0, q0, r1, q1, low, high, move.colours[0] != low)


def slow_step(state: axio.State, move: axio.Move) -> dict[str, Any]:
    """What the rules say the state after a legal move holds.

    The bag after a swap is given sorted (its order is the reshuffle's).
    """
    mode, seat, count = state.mode, state.seat, len(state.racks)
    stages = (18,) if mode == "standard" else (18, 36)
    owner = seat % 2 if mode == "team" else seat
    board = dict(axio.board(state))
    tracks = [list(track) for track in state.tracks]
    racks = [list(rack) for rack in state.racks]
    bag = list(state.bag)
    result: dict[str, Any] = {"bonuses": 0, "deciding": False, "revealed": (), "over": False}

    def refill() -> None:
        take = bag[: 6 - len(racks[seat])]
        racks[seat] += take
        del bag[: len(take)]

    def pass_turn() -> None:
        for ahead in range(1, count + 1):
            following = (seat + ahead) % count
            if racks[following]:
                result.update(seat=following, turn=state.turn + 1)
                return
        result.update(seat=seat, turn=state.turn, over=True)

    def go_on(owed: int) -> None:
        """After a placement or a decline: the next bonus, else the swap offer or the refill."""
        if owed and racks[seat]:  # AXIO-11
            result["bonuses"] = owed
            return
        low = min(tracks[owner])
        lowest = {c for c in range(6) if tracks[owner][c] == low}
        shows = any(set(tile) & lowest for tile in racks[seat])
        if racks[seat] and bag and not shows:  # AXIO-12
            result["deciding"] = True
        else:
            refill()
            pass_turn()

    result.update(seat=seat, turn=state.turn)
    if isinstance(move, SwapChoice):
        if move.swap:  # AXIO-12
            aside = racks[seat]
            racks[seat] = bag[:6]
            bag = sorted(bag[6:] + aside)
            result["revealed"] = tuple(sorted(aside))
        else:
            refill()
        pass_turn()
    elif isinstance(move, Decline):  # AXIO-11: one pending bonus placement is forfeited
        owed = state.bonuses - 1
        if mode == "solo":  # decision: the tile drawn for the bonus stays for the next turn
            result["bonuses"] = owed
            result["turn"] = state.turn + (0 if owed else 1)
        else:
            go_on(owed)
    else:
        assert isinstance(move, Place), move  # seeded games: no Draw or Unseen
        points = slow_points(board, radius_of(state), move.cells, move.colours)
        earned = 0
        for colour, gained in enumerate(points):  # AXIO-10, AXIO-18: one space per point
            for _ in range(gained):
                if tracks[owner][colour] == stages[-1]:
                    break
                tracks[owner][colour] += 1
                if tracks[owner][colour] in stages:
                    earned += 1
                    break
        for cell, colour in zip(move.cells, move.colours, strict=True):
            board[cell] = colour
        racks[seat].remove((min(move.colours), max(move.colours)))
        owed = max(state.bonuses - 1, 0) + earned
        if not empty_pairs(board, radius_of(state)) or all(v == stages[-1] for v in tracks[owner]):
            result["over"] = True  # AXIO-14, AXIO-15
        elif mode == "solo":  # AXIO-20: one tile drawn for a bonus or the next turn
            racks[seat] = bag[:1]
            del bag[:1]
            if not racks[seat]:
                result["over"] = True  # AXIO-21
            else:
                result["bonuses"] = owed
                result["turn"] = state.turn + (0 if owed else 1)
        else:
            go_on(owed)
    result.update(
        board=board,
        tracks=tuple(tuple(track) for track in tracks),
        racks=tuple(tuple(sorted(rack)) for rack in racks),
        bag=tuple(bag),
    )
    return result


def observed(after: axio.State, *, swapped: bool) -> dict[str, Any]:
    """The same facts read off a real state."""
    return {
        "board": dict(axio.board(after)),
        "tracks": after.tracks,
        "racks": after.racks,
        "bag": tuple(sorted(after.bag)) if swapped else after.bag,
        "seat": after.seat,
        "turn": after.turn,
        "bonuses": after.bonuses,
        "deciding": after.deciding,
        "revealed": after.revealed,
        "over": axio.is_over(after),
    }


# ---------------------------------------------------------------------------
# Random positions
# ---------------------------------------------------------------------------


def random_game(setup: tilegames.Setup, seed: int) -> Iterator[tuple[axio.State, axio.Move]]:
    """The (state, move) pairs of one uniformly random game."""
    chooser = random.Random(seed)
    state = axio.new_game(**setup.kwargs, seed=seed)
    while not axio.is_over(state):
        moves = axio.legal_moves(state)
        move = moves[chooser.randrange(len(moves))]
        yield state, move
        state = axio.apply(state, move)


def greedy_game(setup: tilegames.Setup, seed: int) -> Iterator[tuple[axio.State, axio.Move]]:
    """The (state, move) pairs of a game whose moves score the most of 40 random picks.

    Random play rarely takes a track to 18; this player does, often enough to
    reach bonus placements, stages and chains.
    """
    chooser = random.Random(seed)
    state = axio.new_game(**setup.kwargs, seed=seed)
    while not axio.is_over(state):
        moves = axio.legal_moves(state)
        picks = [moves[chooser.randrange(len(moves))] for _ in range(40)]
        move = max(picks, key=lambda m: sum(axio.score_move(state, m)))
        yield state, move
        state = axio.apply(state, move)


def declining_game(setup: tilegames.Setup, seed: int) -> Iterator[tuple[axio.State, axio.Move]]:
    """The (state, move) pairs of a game like ``greedy_game`` that declines half its bonuses.

    At a pending bonus placement it declines (AXIO-11) one time in two, and the
    swap choice is random, so that declines of the first, a middle and the last
    owed placement, with the swap offer or the refill after them, all occur.
    """
    chooser = random.Random(seed)
    state = axio.new_game(**setup.kwargs, seed=seed)
    while not axio.is_over(state):
        moves = axio.legal_moves(state)
        if state.bonuses and chooser.random() < 0.5:
            move: axio.Move = DECLINE
        elif state.deciding:
            move = moves[chooser.randrange(len(moves))]
        else:
            picks = [moves[chooser.randrange(len(moves))] for _ in range(40)]
            move = max(picks, key=lambda m: sum(axio.score_move(state, m)))
        yield state, move
        state = axio.apply(state, move)


def played(setup: tilegames.Setup, seed: int, plies: int) -> tuple[axio.State, list[axio.Move]]:
    """The state after ``plies`` random moves (or the end, if sooner), and those moves."""
    state = axio.new_game(**setup.kwargs, seed=seed)
    history: list[axio.Move] = []
    for state, move in random_game(setup, seed):
        if len(history) == plies:
            return state, history
        history.append(move)
    return axio.apply(state, history[-1]) if history else state, history


@st.composite
def random_boards(draw: st.DrawFn) -> tuple[axio.State, Place]:
    """A board with random colours on random cells, and a tile for an empty pair in the rack."""
    setup = draw(st.sampled_from(SETUPS))
    state = axio.new_game(**setup.kwargs, seed=draw(st.integers(0, 2**32)))
    radius = radius_of(state)
    cells = all_cells(radius)
    colours = list(state.cells)
    fill = draw(st.floats(0.0, 0.9))
    chooser = random.Random(draw(st.integers(0, 2**32)))
    for number, cell in enumerate(cells):
        if cell not in START and chooser.random() < fill:
            colours[number] = chooser.randrange(6)
    board = {cell: c for cell, c in zip(cells, colours, strict=True) if c != axio.EMPTY}
    pairs = empty_pairs(board, radius)
    a, b = pairs[chooser.randrange(len(pairs))] if pairs else ((0, 0), (1, 0))
    colours[cells.index(a)] = colours[cells.index(b)] = axio.EMPTY
    ca, cb = draw(st.integers(0, 5)), draw(st.integers(0, 5))
    racks = (((min(ca, cb), max(ca, cb)),), *state.racks[1:])
    turn = len(state.racks)
    hand = axio.State(
        mode=state.mode,
        cells=tuple(colours),
        tracks=state.tracks,
        racks=racks,
        bag=state.bag,
        seat=0,
        turn=turn,
    )
    return hand, Place((a, b), (ca, cb))


# ---------------------------------------------------------------------------
# Tests
# ---------------------------------------------------------------------------


class TestReferenceScorer:
    @given(random_boards())
    def test_scorer_matches_reference(self, case: tuple[axio.State, Place]) -> None:
        """AXIO-9: score_move equals the hex-by-hex reference on random boards."""
        state, move = case
        expected = slow_points(dict(axio.board(state)), radius_of(state), move.cells, move.colours)
        assert list(axio.score_move(state, move)) == expected

    def test_reference_on_worked_example(self) -> None:
        """The reference itself gives the spec's worked example (red 3, blue 0)."""
        board = {(1, 0): 0, (2, 0): 0, (3, 0): 0}
        assert slow_points(board, 5, ((0, 0), (-1, 0)), (0, 2)) == [3, 0, 0, 0, 0, 0]


class TestReferenceLegalMoves:
    @settings(max_examples=examples(60))
    @given(st.sampled_from(SETUPS), st.integers(0, 2**32), st.integers(0, 90))
    def test_same_moves_as_reference(self, setup: tilegames.Setup, seed: int, plies: int) -> None:
        """AXIO-7, AXIO-8, AXIO-12: legal_moves lists exactly the reference's moves, once each."""
        state, _ = played(setup, seed, plies)
        moves = axio.legal_moves(state)
        listed = list(moves)
        assert len(listed) == len(moves) == len(set(listed))
        assert set(listed) == slow_legal(state)
        assert listed == sorted(listed, key=order_key)
        assert all(moves[i] == listed[i] for i in range(0, len(listed), 97))

    @pytest.mark.parametrize("setup", SETUPS, ids=str)
    @pytest.mark.parametrize("plies", [0, 12])
    def test_listed_and_applied_agree_both_ways(self, setup: tilegames.Setup, plies: int) -> None:
        """Every placement on every pair of the whole board: listed iff apply accepts it.

        The everyday tier tries every pair with a thirtieth of the colour
        pairs (a different share on each pair), the deep tier a third.
        """
        state, _ = played(setup, 7 + plies, plies)
        listed = set(axio.legal_moves(state))
        cells = all_cells(axio.BOARD_RADIUS + 1)
        pairs = [(a, step(a, d)) for a in cells for d in range(3)]
        accepted = refused = 0
        share = size(everyday=30, deep=3)
        for index, (a, b) in enumerate(pairs):
            for ca in range(6):
                for cb in range(6):
                    if (index + ca + cb) % share:
                        continue
                    move = Place((a, b), (ca, cb))
                    if move in listed:
                        assert axio.why_illegal(state, move) is None
                        accepted += 1
                    else:
                        assert move not in axio.legal_moves(state)
                        assert axio.why_illegal(state, move) is not None
                        refused += 1
                        if refused % 11 == 0:  # apply agrees with why_illegal: a sample
                            with pytest.raises(tilegames.IllegalMoveError):
                                axio.apply(state, move)
        index_of = {frozenset(pair): index for index, pair in enumerate(pairs)}  # either way round
        placements = [m for m in listed if isinstance(m, Place)]
        assert all(frozenset(m.cells) in index_of for m in placements)  # each one was tried
        tried = [
            m for m in placements if (index_of[frozenset(m.cells)] + sum(m.colours)) % share == 0
        ]
        assert accepted == len(tried)  # and accepted (all of them in the deep tier)
        for legal in listed:
            axio.apply(state, legal)

    def test_golden_counts(self) -> None:
        """Move counts and scores of recorded positions, made by the reference, still hold."""
        cases = json.loads(DATA.read_text())
        assert len(cases) >= 30
        bonuses = 0
        for case in cases:
            setup = tilegames.Setup(case["players"], case["options"])
            state = axio.new_game(**setup.kwargs, seed=case["seed"])
            for text in case["moves"]:
                state = axio.apply(state, axio.parse_move(text, state))
            assert len(axio.legal_moves(state)) == case["count"], case
            for text, points in case["scores"].items():
                assert list(axio.score_move(state, axio.parse_move(text, state))) == points
            bonuses += state.bonuses > 0
        assert bonuses >= len(SETUPS)  # a pending bonus per setup: the decline is counted


class TestReferenceApply:
    @pytest.mark.parametrize("setup", SETUPS, ids=str)
    def test_every_move_of_random_games(self, setup: tilegames.Setup) -> None:
        """AXIO-9 .. AXIO-21: apply gives what the reference says, at every move of 6 games
        (2 everyday)."""
        for seed in range(size(everyday=2, deep=6)):
            for state, move in random_game(setup, 1000 + seed):
                after = axio.apply(state, move)
                swapped = move == SWAP
                assert observed(after, swapped=swapped) == slow_step(state, move), (seed, move)

    @pytest.mark.parametrize("setup", SETUPS, ids=str)
    def test_every_move_of_greedy_games(self, setup: tilegames.Setup) -> None:
        """AXIO-10, AXIO-11, AXIO-18: with bonuses reached, apply still matches the reference.

        Every move of 6 greedy games (2 everyday).
        """
        bonuses = 0
        for seed in range(size(everyday=2, deep=6)):
            for state, move in greedy_game(setup, 2000 + seed):
                after = axio.apply(state, move)
                swapped = move == SWAP
                assert observed(after, swapped=swapped) == slow_step(state, move), (seed, move)
                bonuses += after.bonuses > 0
        assert bonuses > 0

    @pytest.mark.parametrize("setup", SETUPS, ids=str)
    def test_every_move_of_declining_games(self, setup: tilegames.Setup) -> None:
        """AXIO-11 (spec v2): games that decline half their bonuses match the reference.

        Every move of 8 games (thousands of moves over the setups) is checked:
        the state after it, and the legal moves before it, list and order, at
        every decline and every third move (the reference lists slowly; the
        properties above compare the listings of random positions). The
        everyday tier compares the state after every move, the listing at every
        decline and every 24th move, and stops after the game in which it has
        played 80 moves and met a decline of the last placement.
        """
        declines = last_declines = moves = 0
        every = size(everyday=24, deep=8)
        least = size(everyday=80, deep=150)
        for seed in range(8):
            if not tiers.DEEP and moves > least and last_declines:
                break  # the everyday tier stops once it has met every kind of decline
            for step, (state, move) in enumerate(declining_game(setup, 3000 + seed)):
                after = axio.apply(state, move)
                if step % every == 0 or move == DECLINE:
                    listed = list(axio.legal_moves(state))
                    assert listed == sorted(slow_legal(state), key=order_key), (seed, move)
                swapped = move == SWAP
                expected = slow_step(state, move)
                assert observed(after, swapped=swapped) == expected, (seed, move)
                moves += 1
                declines += move == DECLINE
                last_declines += move == DECLINE and after.bonuses == 0
        assert moves > least
        assert declines > 0
        assert last_declines > 0

    @pytest.mark.parametrize("setup", SETUPS, ids=str)
    def test_random_games_keep_their_tiles(self, setup: tilegames.Setup) -> None:
        """Tiles are neither made nor lost; tracks stay within their caps; games end (60 random
        games, 20 everyday)."""
        final = 18 if setup.kwargs.get("mode", "standard") == "standard" else 36
        swaps = 0
        for seed in range(size(everyday=20, deep=60)):
            pairs = list(random_game(setup, seed))
            swaps += sum(move == SWAP for _, move in pairs)
            state = axio.apply(*pairs[-1])
            hexes = Counter(axio.board(state).values())
            everything = Counter(c for t in axio.STANDARD_TILES for c in t)
            in_hand = Counter(c for rack in state.racks for t in rack for c in t)
            in_bag = Counter(c for t in state.bag for c in t)
            starts = Counter(START.values())
            assert hexes + in_hand + in_bag == everything + starts
            assert all(0 <= v <= final for track in state.tracks for v in track)
            result = axio.outcome(state)
            assert result is not None
            assert len(result.scores) == setup.players
        if setup.kwargs.get("mode") != "solo":
            assert swaps > 0  # the swap is reached in random play


# ---------------------------------------------------------------------------
# Rebuilding the golden data: PYTHONPATH=tests python tests/axio/test_axio_reference.py
# ---------------------------------------------------------------------------


def _reference_path(
    setup: tilegames.Setup, seed: int, plies: int, *, to_bonus: bool = False
) -> tuple[axio.State, list[axio.Move]]:
    """A position reached by moves the reference picks, and those moves.

    Each move is a random pick from the reference's sorted legal moves
    (``random_game``'s picks, as long as the game agrees with the reference),
    or, with ``to_bonus``, the best-scoring by :func:`slow_points` of 60 such
    picks, until the first pending bonus placement (AXIO-11).
    """
    chooser = random.Random(seed)
    state = axio.new_game(**setup.kwargs, seed=seed)
    history: list[axio.Move] = []
    while len(history) < plies and not slow_over(state):
        if to_bonus and state.bonuses:
            break
        legal = sorted(slow_legal(state), key=order_key)
        move = legal[chooser.randrange(len(legal))]
        if to_bonus and not state.deciding:
            board, radius = dict(axio.board(state)), radius_of(state)
            picks = [legal[chooser.randrange(len(legal))] for _ in range(60)]
            move = max(
                picks,
                key=lambda m: (
                    sum(slow_points(board, radius, m.cells, m.colours))
                    if isinstance(m, Place)
                    else -1
                ),
            )
        history.append(move)
        state = axio.apply(state, move)
    return state, history


def _golden_case(
    setup: tilegames.Setup, seed: int, state: axio.State, history: list[axio.Move]
) -> dict[str, Any]:
    """One recorded position: its moves, the reference's move count and some scores."""
    legal = sorted(slow_legal(state), key=order_key)
    board = dict(axio.board(state))
    chooser = random.Random(seed)
    sample = chooser.sample(legal, min(5, len(legal)))
    scores = {
        axio.format_move(m): slow_points(board, radius_of(state), m.cells, m.colours)
        for m in sample
        if isinstance(m, Place)
    }
    if DECLINE in legal:  # AXIO-11: a decline scores nothing
        scores[axio.format_move(DECLINE)] = [0] * 6
    return {
        "players": setup.players,
        "options": dict(setup.options),
        "seed": seed,
        "moves": [axio.format_move(m) for m in history],
        "count": len(legal),
        "scores": scores,
    }


def _golden() -> list[dict[str, Any]]:
    """Positions of random games with their move counts and some scores, by the reference.

    Per setup, five positions of random games and one at a pending bonus
    placement, where the count includes the decline (AXIO-11, spec v2).
    """
    cases = []
    for setup in SETUPS:
        for seed, plies in ((1, 0), (2, 1), (3, 6), (4, 17), (5, 30)):
            state, history = _reference_path(setup, seed, plies)
            cases.append(_golden_case(setup, seed, state, history))
        state, history = _reference_path(setup, 6, 400, to_bonus=True)
        if not state.bonuses:
            raise AssertionError(f"{setup}: no bonus placement reached from seed 6")
        cases.append(_golden_case(setup, 6, state, history))
    return cases


if __name__ == "__main__":
    DATA.parent.mkdir(exist_ok=True)
    lines = ",\n".join(json.dumps(case) for case in _golden())
    DATA.write_text(f"[\n{lines}\n]\n")
    sys.stdout.write(f"wrote {DATA}\n")
