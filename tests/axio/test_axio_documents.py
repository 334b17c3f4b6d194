"""AXIO's ``validate``, its JSON round trips and its pictures in Jupyter.

Broken states are made by hand from real positions, one field at a time, and
each must be refused with an :class:`~tilegames.InvalidStateError` naming
that field; every state of random games must pass and load back equal.
The rules quoted are those of the AXIO rules page (docs/games/axio.rst).
"""

from __future__ import annotations

import copy
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Iterator
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tiers
import tilegames
from document_mutations import mutate, mutations
from tiers import examples, size
from tilegames import InvalidStateError, Outcome, Setup, axio
from tilegames.geometry import hexagon
from tilegames.render import to_svg
from tilegames.rng import Stream
from tilegames.serialize import from_dict, from_json, to_dict, to_json

SETUPS = axio.RULES.setups  # 2, 3 and 4 players, team, solo
SETUP_IDS = [str(setup) for setup in SETUPS]
SVG = "{http://www.w3.org/2000/svg}"


def game(setup: Setup, seed: int) -> Iterator[tuple[axio.State, axio.Move | None]]:
    """Every state of a game of ``setup`` from ``seed``, with the move that led there.

    Three moves in four are the best-scoring of a sample of the legal moves,
    so that tracks reach 18 and bonus placements and swaps happen; the rest
    are random, and so are the swap choices. One owed bonus placement in
    three is declined (AXIO-11).
    """
    state = axio.new_game(seed=seed, **setup.kwargs)
    stream = Stream(seed)
    move: axio.Move | None = None
    for _ in range(2_000):  # far more than any game takes: a fault fails here, not hangs
        yield state, move
        if axio.is_over(state):
            return
        moves = axio.legal_moves(state)
        if state.bonuses and not stream.randbelow(3):
            move = axio.DECLINE
        elif state.deciding or not stream.randbelow(4):
            move = moves[stream.randbelow(len(moves))]
        else:
            sample = moves[:: max(1, len(moves) // 200)]
            move = max(sample, key=lambda m: sum(axio.score_move(state, m)))
        state = axio.apply(state, move)
    raise AssertionError("the game did not end within 2,000 moves")


def reached(setup: Setup, seed: int, steps: int) -> axio.State:
    """The state ``steps`` moves into the game of ``setup`` from ``seed`` (or its end)."""
    found = None
    for number, (state, _) in enumerate(game(setup, seed)):
        found = state
        if number == steps:
            break
    assert found is not None
    return found


def first_where(setup: Setup, seed: int, test: Any) -> axio.State:
    """The first state of the game of ``setup`` from ``seed`` for which ``test`` holds."""
    for state, _ in game(setup, seed):
        if test(state):
            return state
    raise AssertionError("no such state in the game")  # pragma: no cover


def refused(value: object, where: str, words: str = "") -> str:
    """``validate`` refuses ``value``, naming ``where`` first and saying ``words``.

    A ``where`` ending in ``[`` names a field and leaves its index open.
    """
    with pytest.raises(InvalidStateError) as raised:
        axio.validate(value)  # type: ignore[arg-type]
    message = str(raised.value)
    assert message.startswith(where if where.endswith("[") else f"{where}: "), message
    assert words in message, message
    return message


def loaded_refused(written: dict[str, Any], kind: Any, where: str, words: str = "") -> None:
    """Loading the document ``written`` is refused, naming ``where`` and saying ``words``."""
    with pytest.raises(InvalidStateError) as raised:
        from_dict(written, kind)
    message = str(raised.value)
    assert message.startswith(f"{where}: "), message
    assert words in message, message


TWO = Setup(2)
TEAM = Setup(4, {"mode": "team"})
SOLO = Setup(1, {"mode": "solo"})


def placed_hexes(state: axio.State | axio.View) -> int:
    """The number of coloured cells that are not start cells."""
    starts = {cell for cell, _ in axio.START_CELLS}
    return sum(1 for cell in axio.board(state) if cell not in starts)


class TestReachable:
    """Every state, view and outcome of real games passes and loads back equal."""

    @pytest.mark.parametrize("setup", SETUPS, ids=SETUP_IDS)
    @settings(max_examples=examples(3, everyday=1), deadline=None)
    @given(seed=st.integers(0, 2**64 - 1))
    def test_random_games(self, setup: Setup, seed: int) -> None:
        """Each state, each seat's view and the outcome pass validate and round-trip JSON.

        Every state is validated; every fourth (every sixteenth everyday) and
        every unusual one is also round-tripped with its views.
        """
        state = None
        every = size(everyday=24, deep=4)
        for number, (state, move) in enumerate(game(setup, seed)):
            axio.validate(state)
            if move is not None:
                assert from_json(to_json(move), axio.Move) == move
            if number % every and not (state.bonuses or state.deciding or state.revealed):
                continue  # every fourth (sixteenth) state in full, and every unusual one
            loaded = from_json(to_json(state), axio.State)
            assert loaded == state
            assert axio.to_move(loaded) == axio.to_move(state)
            assert list(axio.legal_moves(loaded)) == list(axio.legal_moves(state))
            for seat in range(axio.players(state)):
                seen = axio.view(state, seat)
                axio.validate(seen)
                assert from_json(to_json(seen), axio.View) == seen
        assert state is not None
        result = axio.outcome(state)
        assert result is not None
        axio.validate(result)
        assert from_json(to_json(result, game="axio"), Outcome) == result

    @pytest.mark.parametrize("setup", SETUPS, ids=SETUP_IDS)
    def test_games_with_bonuses_and_swaps_pass(self, setup: Setup) -> None:
        """Fixed games meet bonus placements, declines and (but in solo) swaps; all pass.

        Games 0, 1 and 2 of each setup under ``--deep``; everyday games 0 and 2,
        which between them meet every kind in every setup.
        """
        seen = Counter[str]()
        for seed in range(3) if tiers.DEEP else (0, 2):
            for state, move in game(setup, seed):
                seen["declined"] += move == axio.DECLINE
                axio.validate(state)
                axio.validate(axio.view(state, state.seat))
                seen.update(
                    kind
                    for kind, present in (
                        ("bonus", state.bonuses),
                        ("deciding", state.deciding),
                        ("revealed", state.revealed),
                    )
                    if present
                )
        assert seen["bonus"] > 0
        assert seen["declined"] > 0
        if setup.players > 1:  # AXIO-20: the solo player never swaps
            assert seen["deciding"] > 0
            assert seen["revealed"] > 0

    def test_immediate_win(self) -> None:
        """A seat that gets all six tracks to 18 ends the game having moved last (AXIO-14)."""
        state = first_where(
            TWO,
            11,
            lambda s: (
                not s.deciding
                and not s.bonuses
                and s.turn >= 2
                and any(axio.score_move(s, m)[axio.RED] for m in axio.legal_moves(s))
            ),
        )
        scoring = next(m for m in axio.legal_moves(state) if axio.score_move(state, m)[axio.RED])
        tracks = list(state.tracks)
        tracks[state.seat] = (17, 18, 18, 18, 18, 18)
        won = axio.apply(attrs.evolve(state, tracks=tuple(tracks)), scoring)
        assert axio.is_over(won)
        assert min(won.tracks[state.seat]) == axio.TRACK_CAP
        axio.validate(won)
        axio.validate(axio.outcome(won))  # type: ignore[arg-type]
        refused(attrs.evolve(won, seat=1 - state.seat), "State.seat", "AXIO-14")

    def test_custom_set(self) -> None:
        """A game of a custom set carries the set, and is checked against it."""
        custom = ["RB"] * 12 + ["GG"] * 3
        state = axio.new_game(players=2, seed=5, tiles=custom)
        axio.validate(state)
        axio.validate(axio.view(state, 0))
        assert from_json(to_json(state), axio.State) == state
        standard = attrs.evolve(state, tiles=None)  # the same position claimed of the standard set
        refused(standard, "State.racks[1][", "RB appears more often than the set holds it")

    def test_rules_and_moves(self) -> None:
        """``RULES.validate`` is this function, and moves pass (their constructors check them)."""
        assert axio.RULES.validate is axio.validate
        assert tilegames.get("axio").validate is axio.validate
        axio.validate(axio.SWAP)
        axio.validate(axio.DECLINE)
        axio.validate(axio.Place(((0, 0), (1, 0)), (axio.RED, axio.BLUE)))

    def test_decline_documents(self) -> None:
        """A decline (AXIO-11) is written as a Decline with no fields and loads back."""
        text = to_json(axio.DECLINE)
        assert from_json(text, axio.Move) == axio.DECLINE
        assert from_json(text, axio.Decline) == axio.DECLINE
        written = to_dict(axio.DECLINE)
        assert (written["game"], written["type"], written["data"]) == ("axio", "Decline", {})
        assert from_dict(written, axio.Move) == axio.DECLINE
        loaded_refused({**written, "data": {"swap": True}}, axio.Move, "Decline", "'swap'")


class TestBrokenStates:
    """Hand-made states the rules cannot reach, each refused naming the field."""

    def test_a_tile_duplicated_at_the_start(self) -> None:
        """A bag tile replaced by a copy of a rack tile is one copy more than the set (AXIO-2)."""
        state = axio.new_game(players=2, seed=3)
        copied = state.racks[0][0]
        other = next(i for i, t in enumerate(state.bag) if t != copied)
        bag = list(state.bag)
        bag[other] = copied
        message = refused(attrs.evolve(state, bag=tuple(bag)), "State.bag[", "AXIO-2")
        assert f"tile {axio.format_tile(copied)} appears more often than the set" in message

    def test_a_tile_duplicated_during_the_game(self) -> None:
        """A copy of a tile whose twin is on the board upsets the board's colours (AXIO-2)."""
        state = reached(TWO, 5, 12)
        held = Counter(state.bag) + Counter(t for rack in state.racks for t in rack)
        placed = Counter(axio.STANDARD_TILES) - held  # the tiles that are on the board
        copied = next(iter(placed))
        other = next(i for i, t in enumerate(state.bag) if t != copied)
        bag = list(state.bag)
        bag[other] = copied
        refused(attrs.evolve(state, bag=tuple(bag)), "State.cells", "hexes are placed")

    def test_a_tile_missing(self) -> None:
        """A tile taken out of the bag is nowhere (AXIO-2)."""
        written = to_dict(reached(TWO, 5, 12))
        written["data"]["bag"].pop()
        loaded_refused(written, axio.State, "State", "1 tiles of the set are nowhere")

    def test_a_hex_added_to_the_board(self) -> None:
        """A hex painted next to a placed tile is one hex more than the tiles off the racks."""
        state = reached(TWO, 5, 12)
        area = axio.playing_area(state)
        starts = {cell for cell, _ in axio.START_CELLS}
        placed = [c for c in axio.board(state) if c not in starts]
        beside = next(
            (q + dq, r + dr)
            for q, r in placed
            for dq, dr in ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
            if (q + dq, r + dr) in area and state.cells[area.index((q + dq, r + dr))] == -1
        )
        cells = list(state.cells)
        cells[area.index(beside)] = axio.GREEN
        hexes = placed_hexes(state)
        message = refused(attrs.evolve(state, cells=tuple(cells)), "State", "(AXIO-2)")
        assert f"the board shows {hexes + 1} placed hexes" in message

    def test_a_lone_hex(self) -> None:
        """A placed hex with no placed hex beside it has lost its twin (AXIO-7)."""
        state = axio.new_game(players=2, seed=3)
        area = axio.playing_area(state)
        cells = list(state.cells)
        centre, neighbour = area.index((0, 0)), area.index((-2, 0))
        tile = state.bag[-1]
        cells[centre], cells[neighbour] = tile
        broken = attrs.evolve(state, cells=tuple(cells), bag=state.bag[:-1])
        message = refused(broken, "State.cells[", "no placed hex next to it")
        assert "(AXIO-7)" in message

    def test_track_over_the_cap(self) -> None:
        """A track above 18 is off the track (AXIO-5)."""
        written = to_dict(reached(TWO, 5, 12))
        written["data"]["tracks"][1][4] = 19
        loaded_refused(written, axio.State, "State.tracks[1][4]", "19 is off the track")

    def test_team_tracks_run_to_36(self) -> None:
        """Team tracks may stand above 18 but not above 36 (AXIO-18)."""
        state = reached(TEAM, 2, 8)
        axio.validate(attrs.evolve(state, tracks=((36, 20, 3, 0, 0, 0), state.tracks[1])))
        broken = attrs.evolve(state, tracks=(state.tracks[0], (0, 0, 37, 0, 0, 0)))
        refused(broken, "State.tracks[1][2]", "team tracks run 0..36")

    def test_negative_track(self) -> None:
        """A track below 0 is off the track."""
        state = axio.new_game(players=3, seed=1)
        refused(
            attrs.evolve(state, tracks=((0,) * 6, (0, -1, 0, 0, 0, 0), (0,) * 6)),
            "State.tracks[1][1]",
        )

    def test_start_cell_recoloured(self) -> None:
        """A start cell painted another colour is refused (AXIO-4)."""
        state = reached(TWO, 5, 6)
        cells = list(state.cells)
        red_start = axio.playing_area(state).index((5, 0))
        cells[red_start] = axio.BLUE
        written = to_dict(state)
        written["data"]["cells"] = cells
        loaded_refused(
            written, axio.State, f"State.cells[{red_start}]", "start cell (5, 0) must hold red"
        )

    def test_start_cell_emptied(self) -> None:
        """A start cell left empty is refused (AXIO-4)."""
        state = axio.new_game(mode="solo", seed=2)
        cells = list(state.cells)
        purple_start = axio.playing_area(state).index((0, 5))
        cells[purple_start] = axio.EMPTY
        refused(attrs.evolve(state, cells=tuple(cells)), f"State.cells[{purple_start}]", "purple")

    def test_rack_of_seven(self) -> None:
        """A rack holds at most six tiles (AXIO-6, AXIO-13)."""
        state = reached(TWO, 5, 12)
        rack = tuple(sorted((*state.racks[1], state.bag[0])))
        assert len(rack) == 7
        broken = attrs.evolve(state, racks=(state.racks[0], rack), bag=state.bag[1:])
        refused(broken, "State.racks[1]", "7 tiles; a standard rack holds at most 6")

    def test_solo_rack_of_two(self) -> None:
        """The solo rack holds one tile (AXIO-20)."""
        state = axio.new_game(mode="solo", seed=2)
        rack = tuple(sorted((*state.racks[0], state.bag[0])))
        broken = attrs.evolve(state, racks=(rack,), bag=state.bag[1:])
        refused(broken, "State.racks[0]", "2 tiles; a solo rack holds at most 1")

    def test_unsorted_rack(self) -> None:
        """Racks are kept sorted."""
        state = axio.new_game(players=2, seed=4)
        rack = tuple(sorted(state.racks[0], reverse=True))
        assert rack != state.racks[0]
        refused(attrs.evolve(state, racks=(rack, state.racks[1])), "State.racks[0]", "sorted")

    def test_not_a_tile(self) -> None:
        """A bag entry with a colour outside 0..5 is not a tile (AXIO-1, AXIO-2)."""
        written = to_dict(axio.new_game(players=2, seed=4))
        written["data"]["bag"][3] = [2, 6]
        loaded_refused(written, axio.State, "State.bag[3]", "is not a tile")

    @pytest.mark.parametrize("seat", [2, -1])
    def test_seat_out_of_range(self, seat: int) -> None:
        """The seat to move must be one of the two seats."""
        written = to_dict(reached(TWO, 5, 12))
        written["data"]["seat"] = seat
        loaded_refused(written, axio.State, "State.seat", f"{seat} is not an int 0..1")

    def test_seat_out_of_order(self) -> None:
        """While every rack holds tiles, turn ``t`` belongs to seat ``t mod players`` (AXIO-6)."""
        state = reached(Setup(3), 5, 12)
        assert all(state.racks)
        wrong = (state.turn + 1) % 3
        refused(attrs.evolve(state, seat=wrong), "State.seat", "AXIO-6")

    def test_turn_beyond_placements(self) -> None:
        """Every turn places a tile, so there are no more turns than placed tiles (AXIO-7)."""
        state = axio.new_game(players=2, seed=4)
        refused(attrs.evolve(state, turn=2), "State.turn", "after 0 placements")

    @pytest.mark.parametrize(
        ("setup", "mode", "words"),
        [
            (TWO, "team", "a team game is for 4 players, not 2"),
            (TWO, "solo", "a solo game is for 1 player, not 2"),
            (Setup(3), "team", "a team game is for 4 players, not 3"),
            (SOLO, "standard", "a standard game is for 2 to 4 players, not 1"),
            (SOLO, "team", "a team game is for 4 players, not 1"),
            (TWO, "duo", "'duo' is not one of"),
        ],
    )
    def test_mode_and_players_disagree(self, setup: Setup, mode: str, words: str) -> None:
        """The mode allows only its player counts (AXIO-3, AXIO-17, AXIO-20)."""
        written = to_dict(reached(setup, 1, 3))
        written["data"]["mode"] = mode
        loaded_refused(written, axio.State, "State.mode", words)

    def test_team_tracks_per_seat(self) -> None:
        """A four-player standard state called a team game has four tracks, not two (AXIO-17)."""
        state = reached(Setup(4), 1, 3)
        refused(attrs.evolve(state, mode="team"), "State.tracks", "one per team")

    def test_five_players(self) -> None:
        """AXIO is for one to four players."""
        state = axio.new_game(players=4, seed=1)
        refused(attrs.evolve(state, racks=(*state.racks, ())), "State.racks", "5 seats")

    def test_board_of_another_size(self) -> None:
        """A two-player board is the radius-5 area (AXIO-3)."""
        state = axio.new_game(players=2, seed=1)
        three = axio.new_game(players=3, seed=1)
        refused(attrs.evolve(state, cells=three.cells), "State.cells", "has 91")

    @pytest.mark.parametrize(("players", "area"), [(2, 91), (3, 127), (4, 169)])
    def test_board_one_cell_short(self, players: int, area: int) -> None:
        """A board one cell short of its playing area is refused, counting the cells (AXIO-3)."""
        state = axio.new_game(players=players, seed=1)
        assert len(state.cells) == area
        message = refused(attrs.evolve(state, cells=state.cells[:-1]), "State.cells")
        assert message.startswith(f"State.cells: {area - 1} cells; "), message
        assert f"a {players}-player game has {area} " in message

    def test_seed_out_of_range(self) -> None:
        """The seed is a 64-bit number."""
        state = axio.new_game(players=2, seed=1)
        refused(attrs.evolve(state, seed=1 << 64), "State.seed")

    def test_unearned_bonus(self) -> None:
        """A bonus placement is owed only for a colour that reached 18 (AXIO-11)."""
        state = reached(TWO, 5, 12)
        assert max(state.tracks[state.seat]) < axio.TRACK_CAP
        refused(attrs.evolve(state, bonuses=1), "State.bonuses", "AXIO-11")

    def test_swap_choice_not_offered(self) -> None:
        """No swap while the rack shows a lowest colour; at 0 every colour is lowest (AXIO-12)."""
        state = axio.new_game(players=2, seed=4)
        rack, tile = state.racks[0][:-1], state.racks[0][-1]
        moved = attrs.evolve(state, racks=(rack, state.racks[1]), bag=(*state.bag, tile))
        axio.validate(moved)
        refused(attrs.evolve(moved, deciding=True), "State.deciding", "lowest colours")

    def test_swap_choice_with_a_full_rack(self) -> None:
        """The swap choice comes after a placement, so the rack is not full (AXIO-12)."""
        state = axio.new_game(players=2, seed=4)
        refused(attrs.evolve(state, deciding=True), "State.deciding", "the rack holds 6")

    def test_swap_choice_during_bonuses(self) -> None:
        """The swap choice comes after the bonus placements, never during them (AXIO-12)."""
        state = first_where(TWO, 0, lambda s: s.bonuses > 0)
        refused(attrs.evolve(state, deciding=True), "State.deciding", "bonus placements")

    def test_solo_never_swaps(self) -> None:
        """The solo player is never offered a swap (AXIO-20)."""
        state = reached(SOLO, 1, 5)
        refused(attrs.evolve(state, deciding=True), "State.deciding", "AXIO-20")

    def test_revealed_tiles_are_in_the_bag(self) -> None:
        """Tiles revealed by a swap went back into the bag (AXIO-12)."""
        state = first_where(TWO, 2, lambda s: bool(s.revealed))
        axio.validate(state)
        scarce = min(set(axio.STANDARD_TILES), key=state.bag.count)
        copies = state.bag.count(scarce)
        assert copies < axio.RACK_SIZE - 1
        revealed = (scarce,) * (copies + 1)
        refused(attrs.evolve(state, revealed=revealed), "State.revealed[0]", "AXIO-12")

    def test_bonus_after_the_end(self) -> None:
        """Once the game is over no bonus placement is owed."""
        state = reached(TWO, 4, 10_000)
        assert axio.is_over(state)
        refused(attrs.evolve(state, bonuses=1), "State.bonuses", "the game is over")


class TestBrokenViews:
    """Views that no state gives, each refused naming the field."""

    def view(self) -> axio.View:
        """Seat 1's view some way into a two-player game."""
        return axio.view(reached(TWO, 5, 12), 1)

    def test_rack_disagrees_with_its_size(self) -> None:
        """The seat's rack has as many tiles as its rack size says."""
        seen = self.view()
        refused(attrs.evolve(seen, rack=seen.rack[1:]), "View.rack", "rack_sizes[1]")

    def test_bag_size(self) -> None:
        """The board, the racks and the bag hold the 120 tiles (AXIO-2)."""
        seen = self.view()
        written = to_dict(seen)
        written["data"]["bag_size"] += 1
        loaded_refused(written, axio.View, "View.bag_size", "a set of 120 tiles")

    def test_rack_tile_over_the_set(self) -> None:
        """A rack of six copies of a double shows more than the set's five (AXIO-2)."""
        seen = self.view()
        assert len(seen.rack) == axio.RACK_SIZE
        double = (axio.GREEN, axio.GREEN)
        refused(attrs.evolve(seen, rack=(double,) * 6), "View.rack[5]", "appears more often")

    def test_to_move_of_a_game_in_progress(self) -> None:
        """A game in progress has a seat to move."""
        refused(attrs.evolve(self.view(), to_move=()), "View.to_move", "not over")

    def test_track_over_the_cap(self) -> None:
        """A view's tracks are checked as a state's are."""
        seen = self.view()
        refused(
            attrs.evolve(seen, tracks=(seen.tracks[0], (0, 0, 0, 0, 0, 19))), "View.tracks[1][5]"
        )

    def test_start_cell_recoloured(self) -> None:
        """A view's start cells hold their colours (AXIO-4)."""
        seen = self.view()
        cells = list(seen.cells)
        yellow_start = axio.playing_area(seen).index((-5, 5))
        cells[yellow_start] = axio.RED
        refused(attrs.evolve(seen, cells=tuple(cells)), f"View.cells[{yellow_start}]", "yellow")

    def test_mode(self) -> None:
        """A two-seat view is not of a team game."""
        refused(attrs.evolve(self.view(), mode="team"), "View.mode", "4 players, not 2")


COLOUR_NUMBERS = st.integers(-(2**53 - 1), 2**53 - 1)
"""Any int a document may hold where no seed is (what JavaScript reads exactly), as a colour."""
ON_BOARD = hexagon.area(axio.BOARD_RADIUS)
"""The cells of the whole printed board (AXIO-3)."""
CELL_PAIRS = st.sampled_from(ON_BOARD).flatmap(
    lambda cell: st.tuples(
        st.just(cell), st.sampled_from(hexagon.neighbours(cell)) | st.sampled_from(ON_BOARD)
    )
)
"""Two cells of the board, or a cell of the board and one next to it (on the board or not)."""


def move_document(move: axio.Move, **data: Any) -> dict[str, Any]:
    """The document of ``move`` with the fields in ``data`` written over."""
    written = to_dict(move)
    written["data"].update(data)
    return written


class TestBrokenMoves:
    """A move document loads only when the move could be made in some game, and its
    notation then reads back as the same move (AXIO-1, AXIO-2, AXIO-7)."""

    @settings(max_examples=examples(200), deadline=None)
    @given(first=COLOUR_NUMBERS, second=COLOUR_NUMBERS)
    def test_draw_of_a_colour_outside_the_six(self, first: int, second: int) -> None:
        """A Draw whose tile has a colour outside 0..5 is refused, naming the rule."""
        written = move_document(axio.Draw((0, 1)), tile=[first, second])
        if 0 <= first < 6 and 0 <= second < 6:
            loaded = from_dict(written, axio.Move)
            assert axio.parse_move(str(loaded)) == loaded
        else:
            loaded_refused(written, axio.Move, "Draw.tile", "AXIO-1")

    def test_draw_colours_at_the_edges(self) -> None:
        """Every tile of colours 0..5 loads and reads back; -1 and 6 next to them do not."""
        for low in range(6):
            for high in range(6):
                loaded = from_dict(move_document(axio.Draw((0, 1)), tile=[low, high]), axio.Move)
                assert axio.parse_move(str(loaded)) == loaded == axio.Draw((low, high))
        for tile in ([-1, 0], [0, 6], [6, 6], [-1, -1]):
            loaded_refused(move_document(axio.Draw((0, 1)), tile=tile), axio.Move, "Draw.tile")

    @settings(max_examples=examples(200), deadline=None)
    @given(
        cells=CELL_PAIRS,
        colours=st.tuples(st.integers(-2, 7), st.integers(-2, 7)),
    )
    def test_place_on_two_cells(
        self, cells: tuple[tuple[int, int], tuple[int, int]], colours: tuple[int, int]
    ) -> None:
        """A Place loads when its cells are adjacent cells of the board and its colours are
        colours; it then reads back from its notation."""
        written = move_document(
            axio.Place(((0, 0), (1, 0)), (0, 0)),
            cells=[list(cells[0]), list(cells[1])],
            colours=list(colours),
        )
        on_board = all(hexagon.length(cell) <= axio.BOARD_RADIUS for cell in cells)
        if on_board and hexagon.distance(*cells) == 1 and all(0 <= c < 6 for c in colours):
            loaded = from_dict(written, axio.Move)
            assert axio.parse_move(str(loaded)) == loaded
            return
        with pytest.raises(InvalidStateError, match=r"^Place\.(cells|colours).*AXIO-[137]"):
            from_dict(written, axio.Move)

    def test_place_one_cell_apart(self) -> None:
        """Cells next to each other load; a cell between them, or one cell twice, is refused."""
        move = axio.Place(((0, 0), (1, 0)), (0, 1))
        from_dict(to_dict(move), axio.Move)
        for second in ([2, 0], [0, 0], [1, 1]):
            written = move_document(move, cells=[[0, 0], second])
            loaded_refused(written, axio.Move, "Place.cells", "AXIO-7")


class TestBrokenOutcomes:
    """Outcomes no game ends with."""

    def test_score_over_the_cap(self) -> None:
        """Two-player tracks end at 18 (AXIO-5)."""
        result = Outcome(scores=((19, 3, 3, 3, 3, 3), (2,) * 6), ranking=[{0}, {1}])
        refused(result, "Outcome.scores[0][0]", "off the track")

    def test_team_scores(self) -> None:
        """Partners share tracks to 36 (AXIO-17, AXIO-18); others stop at 18."""
        a, b = (30, 20, 19, 25, 22, 21), (10, 12, 14, 16, 18, 20)
        axio.validate(Outcome(scores=(a, b, a, b), ranking=[{0, 2}, {1, 3}]))
        other = (30, 20, 19, 25, 22, 20)
        refused(
            Outcome(scores=(a, b, other, b), ranking=[{0}, {2}, {1, 3}]), "Outcome.scores[0][0]"
        )

    def test_ranking(self) -> None:
        """The lowest colour decides the places (AXIO-16)."""
        result = Outcome(scores=((2, 9, 9, 9, 9, 9), (3, 4, 4, 4, 4, 4)), ranking=[{0}, {1}])
        loaded_refused(to_dict(result, game="axio"), Outcome, "Outcome.ranking", "AXIO-16")

    def test_two_winners_at_the_cap(self) -> None:
        """Only the first player to get all six colours to 18 gets there (AXIO-14)."""
        result = Outcome(scores=((18,) * 6, (18,) * 6), ranking=[{0, 1}])
        refused(result, "Outcome.scores", "AXIO-14")

    @pytest.mark.parametrize("score", [121418, 51214, 0, 363636])
    def test_solo_scores(self, score: int) -> None:
        """A solo score is three tracks 0..36, lowest first, two digits each (AXIO-21)."""
        axio.validate(Outcome(scores=(score,), ranking=[{0}]))

    @pytest.mark.parametrize("score", [141218, 370000, 363637, -1])
    def test_not_solo_scores(self, score: int) -> None:
        """Out of order, or a track past 36, is no solo score (AXIO-21)."""
        refused(Outcome(scores=(score,), ranking=[{0}]), "Outcome.scores[0]", "AXIO-21")

    def test_player_count(self) -> None:
        """Five seats do not fit AXIO."""
        scores = tuple((seat,) * 6 for seat in range(5))
        refused(
            Outcome(scores=scores, ranking=[{4}, {3}, {2}, {1}, {0}]), "Outcome.scores", "5 seats"
        )


class TestMutatedDocuments:
    """Changed documents are refused, or load to a state the rules accept and can play on."""

    @settings(
        max_examples=examples(60, everyday=8),
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
    )
    @given(
        setup=st.sampled_from(SETUPS),
        seed=st.integers(0, 30),
        step=st.integers(0, 60),
        changes=st.lists(mutations(), min_size=1, max_size=3),
    )
    def test_refused_or_valid(
        self, setup: Setup, seed: int, step: int, changes: list[Any]
    ) -> None:
        """No error but InvalidStateError; whatever loads passes, round-trips and plays on."""
        state = reached(setup, seed, step)
        written, seen = to_dict(state), to_dict(axio.view(state, 0))
        for change in changes:
            mutate(written, change)
            mutate(seen, change)
        documents: list[tuple[dict[str, Any], Any]] = [(written, axio.State), (seen, axio.View)]
        for mutated, kind in documents:
            try:
                loaded: Any = from_dict(copy.deepcopy(mutated), kind)
            except InvalidStateError:
                continue
            axio.validate(loaded)
            assert from_json(to_json(loaded), kind) == loaded
            if kind is axio.State:
                moves = axio.legal_moves(loaded)
                assert axio.is_over(loaded) == (len(moves) == 0)
                if moves:
                    axio.apply(loaded, moves[0])
                    axio.apply(loaded, moves[len(moves) - 1])


class TestPictures:
    """States and views show themselves in Jupyter as SVG."""

    @pytest.mark.parametrize("setup", SETUPS, ids=SETUP_IDS)
    def test_repr_svg(self, setup: Setup) -> None:
        """``_repr_svg_`` is ``to_svg``: an SVG document with one piece per placed hex."""
        state = reached(setup, 7, 9)
        for value in (state, axio.view(state, 0)):
            svg = value._repr_svg_()
            assert svg == to_svg(value)
            root = ET.fromstring(svg)
            assert root.tag == f"{SVG}svg"
            pieces = [e for e in root.iter() if e.get("class") == "piece"]
            assert len(pieces) == placed_hexes(value)


class TestExplicitBagOrder:
    """An explicit game's bag is a multiset kept sorted: one position, one document.

    In an explicit game chance names each draw (AXIO-13), so the bag's order
    means nothing; it is kept in sorted order, so that two equal positions are
    equal states and ``chance_outcomes`` lists the draws in one order.
    """

    @settings(max_examples=examples(50), deadline=None)
    @given(st.sampled_from(SETUPS), st.integers(0, 2**32), st.randoms(use_true_random=False))
    def test_any_other_order_is_refused(self, setup: Setup, seed: int, random: Any) -> None:
        """A shuffled bag is refused by validate and by loading, naming State.bag."""
        state = axio.RULES.new_game(**setup.kwargs, seed=seed, chance="explicit")
        assert list(state.bag) == sorted(state.bag)
        bag = list(state.bag)
        random.shuffle(bag)
        if bag == sorted(bag):
            return
        changed = attrs.evolve(state, bag=tuple(bag))
        with pytest.raises(InvalidStateError, match=r"State\.bag"):
            axio.validate(changed)
        document = to_dict(state)
        document["data"]["bag"] = to_dict(changed)["data"]["bag"]
        with pytest.raises(InvalidStateError, match=r"State\.bag"):
            from_dict(document, axio.State)

    def test_a_seeded_bag_is_in_drawing_order(self) -> None:
        """A seeded game's bag is the shuffle itself: its order is kept and checked by no sort."""
        state = axio.new_game(players=2, seed=0)
        assert list(state.bag) != sorted(state.bag)
        axio.validate(state)
