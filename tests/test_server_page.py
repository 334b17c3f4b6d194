"""The server's history in words: one hand-built move of each game, and nothing hidden in them.

The expected words are written by hand from the rule texts and the
hand-counted golden positions (tests/golden_positions.py, whose docstrings
count each move's points): the parts of the move as a person picks them
(the game's ``choices``), the colours and symbols named as the game's text
board names them, and the points per track.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import attrs
import pytest

import tilegames
from golden_positions import golden
from server_support import SERVER_MISSING, needs_server
from tiers import size
from tilegames import rng

pytestmark = needs_server

if not SERVER_MISSING:
    from tilegames.server._rooms import Room, catch_up, room_from, snapshot
    from tilegames.server._store import StoredRoom, StoredSeat
    from tilegames.server._words import move_words

# Each golden position's move, in words (colour order R G B O (Y) P, AXIO-2 and ROTA-2):
EXPECTED = {
    # ROTA-12: 1,0:3 lays GBOP turned three quarter turns on (1, 0); points 0 2 2 1 0.
    "axio-rota": "at 1,0 turned 270\u00b0, +2 green +2 blue +1 orange",
    # AXIO-9: tile RO, red on (3, 0), orange on (2, 0); points 2 0 0 0 0 0.
    "axio": "red/orange at 3,0 and 2,0, +2 red",
    # AZT-12: stone 30 GdOd, Gd on (0, 0), Od on (0, 1): both colours match, no bonus.
    "aztack": "green deer/orange deer at 0,0 and 0,1, matches colour",
    # POLY-14: the WILD on (2, -1) makes 2 W 2, three of a kind: 20; POLY-13: the turn's
    # points count when it ends, and the drawn 5 is still to place.
    "polygon": "wild at 2,-1, the turn so far +20",
}


@pytest.mark.parametrize("game", sorted(EXPECTED))
def test_golden_move_in_words(game: str) -> None:
    """The words of a hand-built move: its parts, the piece named, the points per colour."""
    position = golden(game)
    rules = tilegames.get(game)
    assert move_words(rules, position.state, position.move, 0) == EXPECTED[game]


def test_a_pass_in_words() -> None:
    """AZT-14: a seat that cannot place passes; the history says so in one word."""
    rules = tilegames.get("aztack")
    state, chooser = rules.new_game(2, seed=0), random.Random(0)
    while not rules.is_over(state):
        legal = rules.legal_moves(state)
        if rules.format_move(legal[0]).endswith("pass"):
            break
        state = rules.apply(state, legal[chooser.randrange(len(legal))])
    (passing,) = legal  # passing is allowed only when no placement is (AZT-14)
    assert move_words(rules, state, passing, rules.to_move(state)[0]) == "passed"


def test_a_game_without_choices_says_its_moves_in_notation() -> None:
    """A game whose rules give no choices: the move in its notation, then its points.

    AXIO-9: the golden move (tile RO, red on (3, 0), orange on (2, 0)) scores 2 red.
    """
    position = golden("axio")
    rules = attrs.evolve(tilegames.axio.RULES, choices=None)
    said = move_words(rules, position.state, position.move, 0)
    assert said == f"{rules.format_move(position.move)}, +2 red"


def random_steps(
    rules: Any, state: Any, chooser: random.Random, moves: int
) -> Iterator[tuple[Any, Any, int]]:
    """Up to ``moves`` random legal moves from ``state``: each ``(state, move, its mover)``."""
    for _ in range(moves):
        if rules.is_over(state):
            return
        legal = rules.legal_moves(state)
        move = legal[chooser.randrange(len(legal))]
        seat = getattr(move, "seat", None)
        yield state, move, rules.to_move(state)[0] if seat is None else seat
        state = rules.apply(state, move)


def _hidden_resampled(game: str, moves: int) -> None:
    """Every move's words are the same in any state its mover cannot tell from the true one."""
    rules = tilegames.get(game)
    if rules.determinize is None:
        pytest.skip(f"{rules.title} hides nothing")
    start = rules.new_game(rules.setups[0].players, seed=11)
    steps = random_steps(rules, start, random.Random(game), moves)
    for turn, (state, move, seat) in enumerate(steps):
        other = rules.determinize(rules.view(state, seat), rng.Stream(rng.derive(5, turn)))
        words = move_words(rules, state, move, seat)
        assert words == move_words(rules, other, move, seat), (game, turn)


@pytest.mark.parametrize("game", ["axio", "axio-rota", "polygon"])
def test_words_leak_nothing_hidden(game: str) -> None:
    """The words read nothing a seat cannot see: the hidden tiles resampled change no word."""
    _hidden_resampled(game, 6)


def _stored(game: str, moves: list[str]) -> Any:
    seats = (StoredSeat(0, "Ann", None, None), StoredSeat(1, "Bob", None, None))
    return StoredRoom("room", game, 2, {}, 3, seats, tuple(moves))


@pytest.mark.parametrize("game", ["axio", "axio-rota", "aztack", "polygon"])
def test_history_after_moves_and_after_a_rebuild(game: str) -> None:
    """Moves applied in play and a room rebuilt from its moves give the same history."""
    rules = tilegames.get(game)
    live: Room = room_from(_stored(game, []))
    chooser = random.Random(7)
    for _ in range(4):
        legal = rules.legal_moves(live.state)
        move = legal[chooser.randrange(len(legal))]
        seat = getattr(move, "seat", None)
        seat = rules.to_move(live.state)[0] if seat is None else seat
        expected = move_words(rules, live.state, move, seat)
        live.state = rules.apply(live.state, move)  # as the server commits a move
        live.moves.append(rules.format_move(move))
        live.movers.append(seat)
        live.played.append(move)
        entry = snapshot(live, None)["history"][-1]
        assert entry == {"seat": seat, "move": rules.format_move(move), "text": expected}
    rebuilt = room_from(_stored(game, live.moves))
    assert rebuilt.words == live.words
    assert snapshot(rebuilt, 1)["history"] == snapshot(live, 1)["history"]


@pytest.mark.parametrize("game", ["axio", "polygon"])
def test_catching_up_with_another_process(game: str) -> None:
    """A room takes the moves another process stored after its own, sending each turn.

    A store whose earlier moves are not the room's is refused (the server then
    drops the room from memory and reads it anew).
    """
    rules = tilegames.get(game)
    chooser = random.Random(5)
    state = rules.new_game(2, seed=3)
    first = rules.legal_moves(state)
    texts = []
    for _ in range(4):
        legal = rules.legal_moves(state)
        move = legal[chooser.randrange(len(legal))]
        texts.append(rules.format_move(move))
        state = rules.apply(state, move)
    room: Room = room_from(_stored(game, texts[:2]))
    sent: list[int] = []
    assert catch_up(room, _stored(game, texts), lambda: sent.append(room.turn))
    assert (room.moves, room.state, sent) == (texts, state, [3, 4])
    assert not catch_up(room, _stored(game, texts), lambda: sent.append(0))  # nothing new
    other = next(rules.format_move(m) for m in first if rules.format_move(m) != texts[0])
    for stored in ([other], [other, *texts[1:]]):
        with pytest.raises(ValueError, match="its stored moves are not the ones in memory"):
            catch_up(room, _stored(game, stored), lambda: sent.append(0))
    assert sent == [3, 4]
    assert room.moves == texts


@pytest.mark.parametrize("game", ["axio", "polygon"])
def test_snapshot_text_is_the_snapshot_encoded(game: str) -> None:
    """The text sent is the snapshot as JSON, its history's entries encoded once each.

    Checked at every seat (and a spectator's) after each move, and after the
    room forgets its words and works them out again.
    """
    rules = tilegames.get(game)
    room: Room = room_from(_stored(game, []))
    chooser = random.Random(3)
    for number in range(size(everyday=6, deep=30)):
        if number == 4:
            room.worded = None  # as when a room's words are worked out anew
        for seat in (0, 1, None):
            text = room.snapshot_text(seat)
            assert json.loads(text) == snapshot(room, seat), (game, number, seat)
            assert text == json.dumps(
                snapshot(room, seat), ensure_ascii=False, separators=(",", ":")
            )
        legal = rules.legal_moves(room.state)
        move = legal[chooser.randrange(len(legal))]
        seat = rules.to_move(room.state)[0]
        after = rules.apply(room.state, move)
        words = room.words_for(move, seat, after)
        room.advance(move, rules.format_move(move), seat, after, words)
    assert len(json.loads(room.snapshot_text(None))["history"]) == room.turn > 0


def test_polygon_points_count_when_the_turn_ends() -> None:
    """POLY-13: a turn's points count at its end; the words say so and add up to the totals."""
    rules = tilegames.get("polygon")
    state = rules.new_game(2, seed=5)
    chooser = random.Random(2)
    ended = so_far = 0
    for _ in range(40):
        legal = rules.legal_moves(state)
        move = legal[chooser.randrange(len(legal))]
        seat = rules.to_move(state)[0]
        after = rules.apply(state, move)
        words = move_words(rules, state, move, seat)
        gained = after.totals[seat] - state.totals[seat]
        if "the turn so far" in words:
            so_far += 1
            assert gained == 0, words
            assert rules.to_move(after) == (seat,), words
        elif words.endswith("no points"):
            assert gained == 0, words
        else:
            ended += 1
            assert words.endswith(f", +{gained}"), words
        state = after
    assert ended >= 2  # the seeded game scores a few turns, ...
    assert so_far >= 1  # ... one of them at its first placement already


WORDED = [  # a room's game is seeded: no chance step is ever a move in words
    ("axio", {}),
    ("axio-rota", {}),
    ("aztack", {}),
    ("aztack", {"mode": "speed"}),
    ("polygon", {}),
]


@pytest.mark.parametrize(("game", "options"), WORDED)
def test_words_from_the_move_alone_as_from_every_legal_move(
    game: str, options: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A move's words from its own parts are the words found by walking every legal move's."""
    from tilegames.server import _words

    rules = tilegames.get(game)
    chooser = random.Random(f"{game} {options}")
    start = rules.new_game(2, seed=chooser.randrange(1000), **options)
    played = [
        (state, move, seat, move_words(rules, state, move, seat))
        for state, move, seat in random_steps(rules, start, chooser, size(everyday=10, deep=60))
    ]
    with monkeypatch.context() as patched:
        patched.setattr(_words, "move_path", lambda choices, move: None)  # the walk instead
        walked = [move_words(rules, s, m, seat) for s, m, seat, _ in played]
    assert [words for *_, words in played] == walked
    assert all(rules.format_move(m) not in w for (_, m, _, w) in played)  # parts found


@pytest.mark.parametrize("game", ["axio", "axio-rota", "aztack", "polygon"])
def test_notations_kept_are_the_moves_notation(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The legal moves' notation kept across turns is format_move's, and at most NOTATIONS.

    A game's own bulk writer (AXIO's format_moves) is used as it is, nothing
    kept; without it, its moves are written and kept as every other game's.
    """
    from tilegames.server import _rooms

    monkeypatch.setattr(_rooms, "_notations", {})
    monkeypatch.setattr(_rooms, "NOTATIONS", 40)
    rules = tilegames.get(game)
    assert isinstance(rules, tilegames.GameRules)
    plain = attrs.evolve(rules, format_moves=None)
    chooser = random.Random(game)
    state = rules.new_game(2, seed=4)
    for _ in range(size(everyday=6, deep=40)):
        if rules.is_over(state):
            break
        legal = list(rules.legal_moves(state))
        for _twice in range(2):  # written, then kept
            for written in (rules, plain):
                assert _rooms.notations(written, legal) == [rules.format_move(m) for m in legal]
            assert len(_rooms._notations[rules.name]) <= 40
        state = rules.apply(state, legal[chooser.randrange(len(legal))])
