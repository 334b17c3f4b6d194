"""A move picked part by part (issue 18): every game's ``choices`` against its ``legal_moves``.

The property: walking every path of choices from ``picked=()`` reaches
exactly the legal moves, each by exactly one path, and every legal move's
own path leads back to it. It is checked on every position of random games
of every setup of every game (thousands of positions per game). Hand-built
cases check the parts of a game worked out from its rules.
"""

from __future__ import annotations

import pickle
import random
from collections import Counter
from collections.abc import Callable, Hashable, Iterator
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tilegames
from tiers import size
from tilegames import CHANCE, IllegalMoveError, WrongTypeError, axio, axio_rota, aztack, polygon
from tilegames._core.choices import DONE, KINDS, Choice, build_choices, game_choices
from tilegames.axio._choices import choices as axio_choices
from tilegames.axio_rota._choices import choices as rota_choices
from tilegames.aztack._choices import choices as aztack_choices
from tilegames.polygon._choices import choices as polygon_choices

CHOICES: dict[str, Callable[..., Choice[Any]]] = {
    "axio": axio_choices,
    "axio-rota": rota_choices,
    "aztack": aztack_choices,
    "polygon": polygon_choices,
}

POSITIONS = Counter[str]()
"""Positions checked per game, for the count in the report (printed with ``-s``)."""


def walk(
    choices: Callable[..., Choice[Any]],
    state: object,
    picked: tuple[Hashable, ...] = (),
    **seat: Any,
) -> Iterator[tuple[tuple[Hashable, ...], Any]]:
    """Every (path, move) below ``picked``, checking each step's options against the next."""
    choice = choices(state, picked, **seat)
    assert choice.kind in KINDS, choice.kind
    if choice.kind == DONE:
        assert choice.move is not None
        assert not choice.options
        yield picked, choice.move
        return
    assert choice.options, f"no options after {picked}"
    below = [move for moves in choice.options.values() for move in moves]
    assert choice.move == (below[0] if len(below) == 1 else None)
    for option, moves in choice.options.items():
        found = list(walk(choices, state, (*picked, option), **seat))
        assert Counter(move for _, move in found) == Counter(moves), (picked, option)
        yield from found


def check_position(name: str, state: object) -> None:
    """Both ways: the paths give exactly the legal moves, and each move's path gives it back."""
    rules = tilegames.get(name)
    choices = CHOICES[name]
    legal = list(rules.legal_moves(state))
    POSITIONS[name] += 1
    if not legal:
        assert choices(state) == Choice(DONE, {}, None)
        return
    paths = list(walk(choices, state))
    moves = [move for _, move in paths]
    assert Counter(moves) == Counter(legal)
    assert all(count == 1 for count in Counter(moves).values())
    order = {move: index for index, move in enumerate(legal)}
    top = choices(state)
    firsts = [order[moves[0]] for moves in top.options.values()]
    assert firsts == sorted(firsts)  # options in the order legal_moves first reaches them
    for listed in top.options.values():
        assert [order[move] for move in listed] == sorted(order[move] for move in listed)
    for path, move in paths:  # the other way: a move's own path gives it back
        assert choices(state, path).move == move
    movers = rules.to_move(state)
    if len(movers) > 1:  # each seat picks its own
        for seat in movers:
            mine = [move for _, move in walk(choices, state, seat=seat)]
            assert Counter(mine) == Counter(move for move in legal if move.seat == seat)


def new_game(name: str, setup: tilegames.Setup, seed: int, chance: str) -> object:
    """A game of the setup in the given chance mode ("seeded" or "explicit")."""
    return tilegames.get(name).new_game(seed=seed, chance=chance, **setup.kwargs)


def play_and_check(name: str, setup: tilegames.Setup, seed: int, chance: str, every: int) -> None:
    """Play a random game, checking every ``every``-th position and the last."""
    rules = tilegames.get(name)
    state = new_game(name, setup, seed, chance)
    pick = random.Random(seed)
    for step in range(400):
        if step % every == 0 or rules.is_over(state):
            check_position(name, state)
        if rules.is_over(state):
            return
        moves = rules.legal_moves(state)
        state = rules.apply(state, moves[pick.randrange(len(moves))])


@pytest.fixture(scope="module", autouse=True)
def _report_positions() -> Iterator[None]:
    """Print the positions checked per game (seen with ``pytest -s``)."""
    yield
    print(f"\npositions checked by choices: {dict(POSITIONS)}")


def _setups(name: str) -> list[tilegames.Setup]:
    return list(tilegames.get(name).setups)


def _every_path(name: str, examples: int, doc: str, every: int) -> Callable[..., None]:
    """A test playing random games of ``name``: ``examples`` of them, each position.

    The games are shared out evenly over the game's setups, one test per
    setup, so that the test runner can spread the setups over its workers.
    The everyday tier plays two games per setup (one in each chance mode)
    and checks every ``every``-th position of each and its last; the deep
    tier checks every position of all ``examples`` games.
    """
    setups = _setups(name)
    games = size(everyday=2, deep=-(-examples // len(setups)))  # at least ``examples`` in all

    @pytest.mark.parametrize("setup", setups, ids=str)
    @settings(max_examples=games)
    @given(seed=st.integers(0, 2**32), chance=st.sampled_from(["seeded", "explicit"]))
    def test(self: object, setup: tilegames.Setup, seed: int, chance: str) -> None:
        play_and_check(name, setup, seed, chance, every=size(everyday=every, deep=3))

    test.__doc__ = doc
    made: Callable[..., None] = test
    return made


class TestEveryPath:
    """Every path of choices is one legal move, every legal move one path (random games)."""

    test_axio = _every_path("axio", 3, "AXIO: every setup, every position.", every=45)
    test_axio_rota = _every_path(
        "axio-rota", 16, "AXIO Rota: every setup, every position.", every=6
    )
    test_aztack = _every_path(
        "aztack", 15, "Aztack: every setup (the speed stack included), every position.", every=4
    )
    test_polygon = _every_path("polygon", 8, "Polygon: every setup, every position.", every=6)


class TestAxioRota:
    """AXIO Rota: cell, rotation, colour."""

    def test_opening(self) -> None:
        """Seed 1: the 2x2 start square has 8 edge neighbours; the hand tile turns 4 ways."""
        state = axio_rota.new_game(seed=1)
        assert axio_rota.tile_to_place(state) == (1, 4, 2, 3)  # no empty corner, all different
        first = rota_choices(state)
        assert first.kind == "cell"
        square = {(-1, -1), (0, -1), (-1, 0), (0, 0)}
        around = {
            (x + dx, y + dy) for x, y in square for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
        } - square
        assert len(around) == 8
        assert set(first.options) == around
        second = rota_choices(state, ((1, 0),))
        assert second.kind == "rotation"
        assert list(second.options) == [0, 1, 2, 3]
        done = rota_choices(state, ((1, 0), 2))
        assert done.kind == DONE  # no empty corner: no colour to name
        assert done.move == axio_rota.Place((1, 0), 2)

    def test_colour_named_last(self) -> None:
        """A move naming a colour has the colour as its third part."""
        for seed in range(40):
            state = axio_rota.new_game(seed=seed)
            named = [
                move
                for move in axio_rota.legal_moves(state)
                if isinstance(move, axio_rota.Place) and move.named is not None
            ]
            if named:
                move = named[0]
                choice = rota_choices(state, (move.cell, move.rotation))
                assert choice.kind == "colour"
                assert move.named in choice.options
                assert rota_choices(state, (move.cell, move.rotation, move.named)).move == move
                return
        pytest.fail("no opening names a colour in 40 seeds")


class TestAxio:
    """AXIO: tile, cell of the lower colour, second cell; swap or keep; decline."""

    def test_opening(self) -> None:
        """Seed 1: the rack's tiles; red on 1,-5 or blue on 1,-5 are two paths, red first."""
        state = axio.new_game(seed=1)
        rack = axio.rack(state, 0)
        assert rack == ((0, 2), (1, 4), (1, 5), (2, 5), (4, 4), (4, 5))
        first = axio_choices(state)
        assert first.kind == "tile"
        assert set(first.options) <= set(rack)
        red_first = axio_choices(state, ((0, 2), (1, -5), (2, -5)))
        assert red_first.kind == DONE
        assert red_first.move == axio.Place(((1, -5), (2, -5)), (axio.RED, axio.BLUE))
        blue_first = axio_choices(state, ((0, 2), (2, -5), (1, -5)))
        assert blue_first.move == axio.Place(((1, -5), (2, -5)), (axio.BLUE, axio.RED))
        assert axio_choices(state, ((0, 2), (1, -5))).kind == "second_cell"

    def test_double_one_path(self) -> None:
        """A double's first cell is the one first in reading order; the other way is refused."""
        state = axio.new_game(seed=1)
        doubles = [
            m for m in axio.legal_moves(state) if type(m) is axio.Place and m.colours == (4, 4)
        ]
        assert doubles
        move = doubles[0]
        one, two = move.cells  # reading order
        assert axio_choices(state, ((4, 4), one, two)).move == move
        with pytest.raises(IllegalMoveError, match=r"is not a (cell|second_cell) offered"):
            axio_choices(state, ((4, 4), two, one))

    def test_swap(self) -> None:
        """A swap decision offers "swap" and "keep" as the one part."""
        for seed in range(200):
            state = axio.new_game(seed=seed)
            pick = random.Random(seed)
            while not axio.is_over(state):
                if state.deciding:
                    choice = axio_choices(state)
                    assert choice.kind == "swap"
                    assert set(choice.options) == {"swap", "keep"}
                    assert axio_choices(state, ("swap",)).move == axio.SWAP
                    assert axio_choices(state, ("keep",)).move == axio.KEEP
                    return
                moves = axio.legal_moves(state)
                state = axio.apply(state, moves[pick.randrange(len(moves))])
        pytest.fail("no swap decision in 200 games")

    def test_decline(self) -> None:
        """A bonus placement owed (AXIO-11) offers "decline" among the rack's tiles."""
        state = attrs.evolve(axio.new_game(seed=1), turn=6, bonuses=1)
        assert axio.DECLINE in axio.legal_moves(state)
        choice = axio_choices(state)
        assert choice.kind == "tile"
        assert "decline" in choice.options
        assert set(choice.options) - {"decline"} <= set(axio.rack(state, 0))
        assert axio_choices(state, ("decline",)).move == axio.DECLINE
        check_position("axio", state)


class TestPolygon:
    """Polygon: tile, then space (or aside)."""

    def test_opening(self) -> None:
        """Seed 7: tiles 2 and 4 drawn, each onto the two spaces at the start tile's corner."""
        state = polygon.new_game(seed=7)
        first = polygon_choices(state)
        assert first.kind == "tile"
        assert list(first.options) == ["2", "4"]
        second = polygon_choices(state, ("4",))
        assert second.kind == "cell"
        assert list(second.options) == [(1, 0), (0, 1)]
        assert polygon_choices(state, ("4", (0, 1))).move == polygon.Place("4", (0, 1))

    def test_aside(self) -> None:
        """A tile set aside is picked as the cell "aside"."""
        from tilegames.polygon._choices import path

        assert path(polygon.Place("3", None)) == (("tile", "3"), ("cell", "aside"))


class TestAztack:
    """Aztack: stone, first cell, second cell, discard; pass; the speed stack's seats."""

    def test_opening(self) -> None:
        """Seed 3: the first listed move's stone, then its two cells."""
        state = aztack.new_game(seed=3)
        move = aztack.legal_moves(state)[0]
        assert str(move) == "0:5@1,0/0,0"
        assert next(iter(aztack_choices(state).options)) == 5
        assert aztack_choices(state, (5,)).kind == "cell"
        assert aztack_choices(state, (5, (1, 0))).kind == "second_cell"
        assert aztack_choices(state, (5, (1, 0), (0, 0))).move == move

    def test_discard_pass_and_seats(self) -> None:
        """A bonus placement offers None then the stones to discard; a pass; speed seats."""
        seen = set()
        for seed in range(300):
            mode = "speed" if seed % 2 else "turns"
            state = aztack.new_game(seed=seed, mode=mode)
            pick = random.Random(seed)
            while not aztack.is_over(state):
                moves = aztack.legal_moves(state)
                discards = [m for m in moves if type(m) is aztack.Place and m.discard is not None]
                movers = aztack.to_move(state)
                if discards and len(movers) == 1:
                    move = discards[0]
                    choice = aztack_choices(state, (move.stone, move.first, move.second))
                    assert choice.kind == "discard"
                    assert next(iter(choice.options)) is None
                    assert move.discard in choice.options
                    seen.add("discard")
                if any(type(m) is aztack.Pass for m in moves):
                    assert aztack_choices(state).kind == "pass"
                    seen.add("pass")
                if len(movers) > 1:
                    assert aztack_choices(state).kind == "seat"
                    assert list(aztack_choices(state).options) == sorted(movers) or set(
                        aztack_choices(state).options
                    ) <= set(movers)
                    assert aztack_choices(state, seat=movers[-1]).kind == "stone"
                    seen.add("seat")
                state = aztack.apply(state, moves[pick.randrange(len(moves))])
            if len(seen) == 3:
                return
        pytest.fail(f"only {seen} met")


class TestBadPicks:
    """A bad ``picked`` raises the library's errors, naming what was wrong."""

    def test_option_not_offered(self) -> None:
        """An option that is not offered names the step and the options."""
        state = axio_rota.new_game(seed=1)
        with pytest.raises(IllegalMoveError, match=r"picked\[0\] = \(5, 5\) is not a cell"):
            rota_choices(state, ((5, 5),))
        with pytest.raises(IllegalMoveError, match=r"picked\[1\] = 7 is not a rotation"):
            rota_choices(state, ((1, 0), 7))

    def test_too_many_parts(self) -> None:
        """Picking past a complete move is refused."""
        state = axio_rota.new_game(seed=1)
        with pytest.raises(IllegalMoveError, match="complete after 2"):
            rota_choices(state, ((1, 0), 2, 0))

    def test_wrong_types(self) -> None:
        """A picked that is not a tuple, an unhashable option, a wrong state: WrongTypeError."""
        state = polygon.new_game(seed=7)
        with pytest.raises(WrongTypeError, match="picked must be a tuple"):
            polygon_choices(state, "4")
        with pytest.raises(WrongTypeError, match=r"picked\[1\]"):
            polygon_choices(state, ("4", [0, 1]))
        with pytest.raises(WrongTypeError, match="a Polygon State"):
            polygon_choices(axio.new_game(seed=1))  # type: ignore[arg-type]
        with pytest.raises(WrongTypeError, match="seat must be an int"):
            polygon_choices(state, seat="1")  # type: ignore[arg-type]

    def test_seat_not_to_move(self) -> None:
        """A seat that may not move is refused."""
        state = polygon.new_game(seed=7)
        other = 1 - polygon.to_move(state)[0]
        with pytest.raises(IllegalMoveError, match=f"seat {other} may not move"):
            polygon_choices(state, seat=other)

    def test_game_over(self) -> None:
        """Once over there is nothing to pick: DONE without a move; picking is refused."""
        state = aztack.new_game(seed=1)
        pick = random.Random(1)
        while not aztack.is_over(state):
            moves = aztack.legal_moves(state)
            state = aztack.apply(state, moves[pick.randrange(len(moves))])
        assert aztack_choices(state) == Choice(DONE, {}, None)
        with pytest.raises(IllegalMoveError, match="no legal move"):
            aztack_choices(state, (1,))


class TestBuilder:
    """The shared builder on toy moves."""

    def test_order_and_chance(self) -> None:
        """Options follow the listing order; at a chance step each move is an outcome."""
        moves = [("b", 2), ("a", 1), ("b", 1)]
        choice = build_choices("toy", moves, lambda m: (("tile", m[0]), ("cell", m[1])), ())
        assert list(choice.options) == ["b", "a"]
        assert choice.options["b"] == (("b", 2), ("b", 1))
        assert choice.moves == (("b", 2), ("b", 1), ("a", 1))  # option by option

    def test_a_game_bug_is_caught(self) -> None:
        """Two moves on one path, a path ending inside another, kinds that disagree: refused."""
        same = [("a", 1), ("a", 2)]
        with pytest.raises(AssertionError, match="share one path"):
            build_choices("toy", same, lambda m: (("tile", m[0]),), ())
        with pytest.raises(AssertionError, match="ends inside"):
            build_choices("toy", same, lambda m: (("tile", m[0]),) * m[1], ())
        with pytest.raises(AssertionError, match="disagree"):
            build_choices("toy", same, lambda m: ((f"kind{m[1]}", m[0]),), ())

    @pytest.mark.parametrize(
        ("count", "listed"),
        [
            (8, "1, 2, 3, 4, 5, 6, 7, 8"),
            (9, "1, 2, 3, 4, 5, 6, 7, 8 and 1 more"),
            (30, "1, 2, 3, 4, 5, 6, 7, 8 and 22 more"),
        ],
    )
    def test_an_option_not_offered(self, count: int, listed: str) -> None:
        """The refusal names the step, the option and what was offered: eight, then a count."""
        moves = [("a", cell) for cell in range(1, count + 1)]
        with pytest.raises(IllegalMoveError) as refused:
            build_choices("toy", moves, lambda m: (("tile", m[0]), ("cell", m[1])), ("a", 0))
        assert str(refused.value) == (
            "illegal move \"('a', 0)\": toy.choices: picked[1] = 0 is not a cell offered "
            f"after ('a',); the options are {listed}"
        )

    def test_the_moves_of_a_complete_choice(self) -> None:
        """With no option left, moves is the one move reached, or () when there is none."""
        assert Choice(DONE, {}, ("a", 1)).moves == (("a", 1),)
        assert Choice(DONE, {}, None).moves == ()

        def path(move: tuple[str, int]) -> tuple[tuple[str, Hashable], ...]:
            return (("tile", move[0]), ("cell", move[1]))

        choice = build_choices("toy", [("a", 1)], path, ())
        done = build_choices("toy", [("a", 1)], path, ("a", 1))
        assert choice.moves == done.moves == (("a", 1),)

    def test_chance_step(self) -> None:
        """At a chance step the one part is the outcome, each move an option of its own."""
        outcomes = ["red", "blue"]
        choice = game_choices(
            "toy", object(), lambda s: (CHANCE,), lambda s: outcomes, lambda m: _never, ()
        )
        assert choice.kind == "outcome"
        assert dict(choice.options) == {"red": ("red",), "blue": ("blue",)}


def _never(move: object) -> Any:
    raise AssertionError(move)


@pytest.mark.parametrize("name", sorted(CHOICES))
def test_choices_pickle_by_reference(name: str) -> None:
    """A game's ``choices`` crosses into a process pool (simulate's workers) as itself."""
    choices = tilegames.get(name).choices
    assert choices is CHOICES[name]
    assert pickle.loads(pickle.dumps(choices)) is choices
    assert choices.__module__ == f"tilegames.{name.replace('-', '_')}._choices"
