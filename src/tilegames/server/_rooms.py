"""Rooms: a game in play, its seats and its moves, and what each client may be shown.

Nothing here knows a web framework or a database: :mod:`tilegames.server._app`
turns requests into these calls and keeps rooms in a
:class:`~tilegames.server.Store`. Every game is reached through its
:class:`~tilegames.Rules` only.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from collections.abc import Callable, Sequence
from typing import Any, Final

import attrs

import tilegames
from tilegames import records, serialize
from tilegames._core.errors import TilegamesError
from tilegames._core.names import MAX_NAME, player_name
from tilegames._core.options import check_options
from tilegames.agents import make_agent, moves_for
from tilegames.server._store import StoredRoom, StoredSeat
from tilegames.server._words import move_words

__all__ = [
    "MAX_MOVE",
    "MAX_NAME",
    "Refused",
    "Room",
    "catch_up",
    "hash_token",
    "new_room",
    "room_from",
    "snapshot",
]

MAX_MOVE: Final = 200
"""The longest move text read, in characters: every game's notation is far shorter."""
_ROOM_FIELDS: Final = frozenset({"game", "players", "options", "seed", "bots"})
_SEED_LIMIT: Final = 1 << 64


class Refused(Exception):  # noqa: N818 (an answer to a client, not an error of the server)
    """A request the server does not carry out: the HTTP status and the reason."""

    def __init__(self, status: int, reason: str, retry_after: int | None = None) -> None:
        super().__init__(status, reason)
        self.status = status
        self.reason = reason
        self.retry_after = retry_after
        """For a 429 or a 503: the seconds after which the request may succeed."""


def hash_token(token: str) -> str:
    """The SHA-256 hex digest of a seat's token: all the server keeps of it."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


@attrs.define(eq=False)
class Room:
    """A room in play: the true state (never sent) and everything the store keeps."""

    room: str
    rules: tilegames.Rules[Any, Any]
    players: int
    options: dict[str, Any]
    seed: int
    seats: list[StoredSeat]
    state: Any
    moves: list[str] = attrs.field(factory=list)
    """Every accepted move in notation, in order."""
    movers: list[int] = attrs.field(factory=list)
    """The seat that made each move."""
    played: list[Any] = attrs.field(factory=list)
    """Every accepted move, as the game's move object."""
    bot_busy: bool = False
    """A bot of the room is thinking (one at a time per room)."""
    writing: int = 0
    """The room's writes to the store not yet committed (the room stays in memory meanwhile)."""
    _seen: dict[int | None, tuple[Any, Any, list[str]]] = attrs.field(factory=dict)
    _seen_turn: int = -1
    _texts: dict[int | None, str] = attrs.field(factory=dict)
    _texts_of: tuple[int, tuple[StoredSeat, ...]] | None = None
    words: list[str] = attrs.field(factory=list)
    """The first moves in words, as the history shows them (:func:`move_words`)."""
    worded: Any = None
    """The state after the moves in :attr:`words` (``None``: not known, worked out anew)."""
    _entries: list[str] = attrs.field(factory=list)
    """The JSON text of the first entries of :meth:`history`, each encoded once."""
    used: float = 0.0
    """When the room was last asked for (:func:`time.monotonic`): idle rooms leave memory."""

    @property
    def turn(self) -> int:
        """The number of moves applied so far."""
        return len(self.moves)

    def _word_all(self) -> None:
        """Give every move its words (:attr:`words`), once.

        The words of a move are worked out once, from the state before it,
        when it is accepted (:meth:`advance`), and kept in the store with the
        move; a move added otherwise gets its words here, once.
        """
        state = self.worded
        if state is None:
            self.words.clear()
            self._entries.clear()
            state = self.rules.new_game(self.players, seed=self.seed, **tupled(self.options))
        for number in range(len(self.words), len(self.played)):
            move, before = self.played[number], state
            state = self.rules.apply(before, move)
            self.words.append(move_words(self.rules, before, move, self.movers[number], state))
        self.worded = state

    def history(self) -> list[dict[str, Any]]:
        """Every move so far: its seat, its notation and its words."""
        self._word_all()
        return [
            {"seat": seat, "move": move, "text": text}
            for seat, move, text in zip(self.movers, self.moves, self.words, strict=True)
        ]

    def history_text(self) -> str:
        """:meth:`history` as JSON text; each entry is encoded once, when first asked for.

        A snapshot holds the whole history, so encoding it anew for every
        snapshot would cost a game's length at every move.
        """
        self._word_all()
        for number in range(len(self._entries), len(self.words)):
            entry = {
                "seat": self.movers[number],
                "move": self.moves[number],
                "text": self.words[number],
            }
            self._entries.append(json.dumps(entry, ensure_ascii=False, separators=(",", ":")))
        return f"[{','.join(self._entries)}]"

    def words_for(self, move: Any, seat: int, after: Any) -> str:
        """The words of a move of ``seat`` from the room's state to ``after``, for the history."""
        self._word_all()  # every earlier move in words first, as the history shows them
        return move_words(self.rules, self.state, move, seat, after)

    def advance(self, move: Any, notation: str, seat: int, after: Any, words: str) -> None:
        """Take an accepted move: its notation, its seat, the state after it and its words."""
        self._word_all()
        self.state = after
        self.moves.append(notation)
        self.movers.append(seat)
        self.played.append(move)
        self.words.append(words)
        self.worded = after

    def seat_of(self, token: str | None) -> int | None:
        """The seat whose token this is, or ``None``; every seat compared in constant time."""
        if token is None:
            return None
        digest = hash_token(token)
        found = None
        for seat in self.seats:
            if seat.token_hash is not None and hmac.compare_digest(digest, seat.token_hash):
                found = seat.seat
        return found

    def seen(self, seat: int | None) -> tuple[Any, Any, list[str]]:
        """The seat's view, its document and the legal moves in notation, made once a turn.

        A move is answered and broadcast to every listener of the room: each
        seat's part is worked out once (an AXIO opening has 1,500 legal moves).
        """
        if self._seen_turn != self.turn:
            self._seen.clear()
            self._seen_turn = self.turn
        found = self._seen.get(seat)
        if found is None:
            rules, state = self.rules, self.state
            view = rules.view(state, seat)
            moves = () if seat is None else moves_for(rules, state, seat)
            legal = notations(rules, moves)
            found = self._seen[seat] = (view, serialize.to_dict(view), legal)
        return found

    def snapshot_text(self, seat: int | None) -> str:
        """The seat's :func:`snapshot` as JSON text, encoded once a turn and shared.

        Every live client of the seat and every answer to it (the move's
        answer, a ``GET`` of the room) until the next move or the next seat
        taken is given the same text; only the text is kept (not the view,
        its document and the legal moves it was made of).
        """
        made = (self.turn, tuple(self.seats))
        if self._texts_of != made:
            self._texts.clear()
            self._texts_of = made
        text = self._texts.get(seat)
        if text is None:
            shown = snapshot(self, seat, history=False)  # the history is added as text, last
            head = json.dumps(shown, ensure_ascii=False, separators=(",", ":"))
            text = self._texts[seat] = f'{head[:-1]},"history":{self.history_text()}}}'
            self._seen.pop(seat, None)  # the text is all that is kept of it (memory)
        return text

    def bot_to_move(self, state: Any = None) -> int | None:
        """A bot's seat that may move now (or in ``state``), or ``None``."""
        moving = set(self.rules.to_move(self.state if state is None else state))
        return next((s.seat for s in self.seats if s.bot and s.seat in moving), None)

    def play(self, seat: int, text: str) -> tuple[Any, Any]:
        """The move ``text`` of ``seat`` and the state after it; the room is not changed.

        Raises:
            Refused: 400 for notation that does not parse, 403 for a move of
                another seat, 409 for a move the rules refuse (the reason names
                the rule).
        """
        rules = self.rules
        try:
            move = rules.parse_move(text, self.state)
        except TilegamesError as error:
            raise Refused(400, f"{text!r} is not a move of {rules.title}: {error}") from None
        owner = getattr(move, "seat", seat)
        if owner != seat:
            raise Refused(403, f"{text} is a move of seat {owner}, and you hold seat {seat}")
        reason = rules.why_illegal(self.state, move)
        if reason is not None:
            raise Refused(409, f"{text}: {reason}")
        return move, rules.apply(self.state, move)

    def record(self) -> str:
        """The game's record in the text format of :mod:`tilegames.records`."""
        tags = {f"Seat {s.seat}": s.name or "(free)" for s in self.seats}
        record = records.record_of(
            self.rules.name,
            self.moves,
            players=self.players,
            seed=self.seed,
            tags=tags,
            **tupled(self.options),
        )
        return records.dumps(record)


NOTATIONS: Final = 50_000
"""The most moves whose notation is kept, per game (about 400 bytes each, the move included)."""
_notations: Final[dict[str, dict[Any, str]]] = {}


def notations(rules: tilegames.Rules[Any, Any], moves: Sequence[Any]) -> list[str]:
    """The moves in notation: by the game's ``format_moves``, else each written once.

    A game's bulk writer (the optional :attr:`tilegames.Rules.format_moves`)
    writes a whole listing at once: AXIO's, up to 1,700 placements a turn,
    from their pairs of cells and tiles without building a move. Without
    one, a move's notation depends on the move alone (``format_move`` takes
    nothing else), and a game's moves repeat from turn to turn and room to
    room: each is written once for every room of the game, kept per game up
    to :data:`NOTATIONS` moves (then forgotten, and kept anew).
    """
    bulk = getattr(rules, "format_moves", None)  # a Rules made before it was a member: None
    if bulk is not None:
        written: list[str] = bulk(moves)
        return written
    known = _notations.setdefault(rules.name, {})
    written = []
    for move in moves:
        text = known.get(move)
        if text is None:
            if len(known) >= NOTATIONS:
                known.clear()
            text = known[move] = rules.format_move(move)
        written.append(text)
    return written


def catch_up(room: Room, stored: StoredRoom, each: Callable[[], None]) -> bool:
    """Take the seats and moves that another process stored; whether anything changed.

    ``each`` is called once the seats are taken and after each move (the live
    clients are sent every turn).

    Raises:
        ValueError: when the stored moves are not the room's followed by more.
    """
    known = min(room.turn, len(stored.moves))
    if list(stored.moves[:known]) != room.moves[:known]:
        raise ValueError("its stored moves are not the ones in memory")
    changed = False
    for held in stored.seats:
        if held.token_hash is not None and room.seats[held.seat].token_hash is None:
            room.seats[held.seat] = held
            changed = True
    if changed:
        each()
    rules = room.rules
    for number in range(room.turn, len(stored.moves)):
        text = stored.moves[number]
        try:
            move = rules.parse_move(text, room.state)
            reason = rules.why_illegal(room.state, move)
        except (tilegames.TilegamesError, TypeError, ValueError) as error:
            raise ValueError(f"its move {number} does not read: {error}") from None
        if reason is not None:
            raise ValueError(f"its move {number} is against the rules: {reason}")
        seat = stored.movers[number] if stored.movers else rules.to_move(room.state)[0]
        after = rules.apply(room.state, move)
        if number < len(stored.words):
            words = stored.words[number]
        else:
            words = room.words_for(move, seat, after)
        room.advance(move, text, seat, after, words)
        each()
        changed = True
    return changed


def tupled(value: Any) -> Any:
    """JSON arrays as tuples, as ``new_game`` takes its options."""
    if isinstance(value, list):
        return tuple(tupled(item) for item in value)
    if isinstance(value, dict):
        return {key: tupled(item) for key, item in value.items()}
    return value


def _seed(value: object) -> int:
    """A seed from a request: an int (or, as JavaScript sends a big one, a string of digits)."""
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 20:
        value = int(value)
    if type(value) is not int or not 0 <= value < _SEED_LIMIT:
        raise Refused(400, "seed must be a whole number from 0 to 2**64 - 1 (digits as a string)")
    return value


def new_room(body: object) -> StoredRoom:
    """The room a ``POST /api/rooms`` body asks for, checked; its game is started once.

    Raises:
        Refused: 400 naming the first field that is wrong.
    """
    if not isinstance(body, dict):
        raise Refused(400, 'send a JSON object such as {"game": "axio-rota"}')
    unknown = sorted(set(body) - _ROOM_FIELDS)
    if unknown:
        raise Refused(
            400, f"unknown field {unknown[0]!r} (fields: {', '.join(sorted(_ROOM_FIELDS))})"
        )
    name = body.get("game")
    if not isinstance(name, str) or name not in tilegames.names():
        raise Refused(
            400, f"game must be one of {', '.join(tilegames.names())}, not {_short(name)}"
        )
    rules = tilegames.get(name)
    players = body.get("players", rules.setups[0].players)
    if type(players) is not int:
        raise Refused(400, f"players must be a whole number, not {_short(players)}")
    given = body.get("options", {})
    if not isinstance(given, dict):
        raise Refused(400, "options must be an object of new_game's keyword options")
    seed = secrets.randbits(64) if body.get("seed") is None else _seed(body["seed"])
    try:  # as records check them: each option kept in its written form, which a record holds
        options = dict(check_options(rules, tupled(given), room=True))
        rules.new_game(players, seed=seed, **options)
    except (TilegamesError, TypeError, ValueError) as error:
        raise Refused(400, f"{rules.title} cannot start that game: {error}") from None
    bots = _bots(body.get("bots", {}), players)
    seats = tuple(
        StoredSeat(seat, bots.get(seat, ""), bots.get(seat), None) for seat in range(players)
    )
    return StoredRoom(secrets.token_urlsafe(16), name, players, options, seed, seats)


def _bots(bots: object, players: int) -> dict[int, str]:
    if not isinstance(bots, dict):
        raise Refused(400, 'bots must map seats to agents, such as {"1": "greedy"}')
    found: dict[int, str] = {}
    for key, spec in bots.items():
        if _seat_of(key, players) is None:
            raise Refused(400, f"bots: {_short(key)} is not a seat 0..{players - 1}")
        try:  # a bot's description is its seat's name: the one rule of names
            spec = player_name(spec)
        except TilegamesError:
            raise Refused(400, f"bots: seat {key}'s agent must be a short description") from None
        try:
            agent = make_agent(spec)
        except TilegamesError as error:
            raise Refused(400, f"bots: seat {key}: {error}") from None
        if getattr(agent, "workers", 1) != 1:
            raise Refused(400, f"bots: seat {key}: a bot here searches in one process (no :wN)")
        found[int(key)] = spec
    return found


def room_from(stored: StoredRoom) -> Room:
    """The room in play that a stored room describes: its game replayed move by move.

    The stored words of the moves are taken as they are; the moves stored
    without words get theirs here (:attr:`StoredRoom.words` is then shorter
    than the room's :attr:`Room.words`).

    Raises:
        ValueError: for a room stored wrong, saying what: a game not
            registered, seats that do not match the players, options its game
            does not start with, a move that does not read, that the rules
            refuse or that is stored as another seat's.
    """
    if stored.game not in tilegames.names():
        raise ValueError(f"its game {_short(stored.game)} is not registered here")
    rules = tilegames.get(stored.game)
    players, seats = stored.players, stored.seats
    if type(players) is not int or [seat.seat for seat in seats] != list(range(players)):
        raise ValueError(f"its seats do not match its {_short(players)} players")
    if len(stored.movers) not in (0, len(stored.moves)) or len(stored.words) > len(stored.moves):
        raise ValueError("its moves, their seats and their words do not match")
    try:
        state = rules.new_game(players, seed=stored.seed, **tupled(stored.options))
    except (TilegamesError, TypeError, ValueError) as error:
        raise ValueError(f"{rules.title} cannot start its game: {error}") from None
    room = Room(stored.room, rules, players, stored.options, stored.seed, list(seats), state)
    for number, text in enumerate(stored.moves):
        try:
            move = rules.parse_move(text, room.state)
            reason = rules.why_illegal(room.state, move)
        except (TilegamesError, TypeError, ValueError) as error:
            raise ValueError(
                f"its move {number}, {_short(text)}, does not read: {error}"
            ) from None
        if reason is not None:
            raise ValueError(f"its move {number}, {_short(text)}, is against the rules: {reason}")
        seat = getattr(move, "seat", None)
        if seat is None:
            seat = rules.to_move(room.state)[0]
        if stored.movers and stored.movers[number] != seat:
            raise ValueError(
                f"its move {number}, {_short(text)}, is stored as seat "
                f"{_short(stored.movers[number])}'s and is seat {seat}'s"
            )
        before, room.state = room.state, rules.apply(room.state, move)
        if number < len(stored.words):
            words = stored.words[number]
        else:
            words = move_words(rules, before, move, seat, room.state)
        room.words.append(words)
        room.moves.append(text)
        room.movers.append(seat)
        room.played.append(move)
    room.worded = room.state
    return room


def _short(value: object) -> str:
    """A value from a request, for an error message: JSON text of at most 40 characters."""
    try:
        text = json.dumps(value)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _plain(value: Any) -> Any:
    """A score as JSON: numbers, lists of numbers, or the game's own text."""
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    if isinstance(value, bool) or not isinstance(value, int):
        return str(value)
    return value


def running_scores(view: Any) -> list[Any]:
    """Each seat's score so far, as the view shows it: tracks, totals, or stones left."""
    for name in ("tracks", "totals"):
        if hasattr(view, name):
            return [_plain(score) for score in getattr(view, name)]
    return [len(stones) for stones in getattr(view, "supplies", ())]


def seats_of(room: Room) -> list[dict[str, Any]]:
    """The seats as answers show them: number, name, bot, and whether taken."""
    return [
        {
            "seat": s.seat,
            "name": s.name,
            "bot": s.bot,
            "taken": s.bot is not None or s.token_hash is not None,
        }
        for s in room.seats
    ]


def snapshot(room: Room, seat: int | None, *, history: bool = True) -> dict[str, Any]:
    """What the seat (``None``: a spectator) may know of the room, as a JSON object.

    ``history=False`` leaves the last field, ``"history"``, out (see
    :meth:`Room.snapshot_text`, which adds it as text).
    """
    rules, state = room.rules, room.state
    view, document, legal = room.seen(seat)
    outcome = rules.outcome(state)
    return {
        "room": room.room,
        "game": rules.name,
        "turn": room.turn,
        "to_move": list(rules.to_move(state)),
        "view": document,
        "legal": legal,
        "scores": running_scores(view) if outcome is None else _plain(outcome.scores),
        "over": outcome is not None,
        "outcome": None if outcome is None else json.loads(serialize.to_json(outcome)),
        "seats": seats_of(room),
        **({"history": room.history()} if history else {}),
    }


def check_name(body: object) -> str:
    """The player's name from a ``POST .../seats/N`` body.

    Raises:
        Refused: 400 for a body that is not ``{"name": TEXT}``.
    """
    if not isinstance(body, dict) or set(body) - {"name"}:
        raise Refused(400, 'send {"name": TEXT}')
    try:  # the one rule of names, as records check a seat's name
        name = player_name(body.get("name", ""))
    except TilegamesError:
        msg = f"name must be printable text of at most {MAX_NAME} characters"
        raise Refused(400, msg) from None
    return name or "player"


def check_move_body(body: object) -> tuple[str, int]:
    """The move and the turn from a ``POST .../moves`` body.

    Raises:
        Refused: 400 for a body that is not ``{"move": NOTATION, "turn": T}``.
    """
    if (
        not isinstance(body, dict)
        or set(body) != {"move", "turn"}
        or not isinstance(body["move"], str)
        or type(body["turn"]) is not int
        or len(body["move"]) > MAX_MOVE
    ):
        raise Refused(400, 'send {"move": NOTATION, "turn": T}, T the turn the move answers')
    return body["move"], body["turn"]


def _seat_of(text: object, players: int) -> int | None:
    """The seat ``text`` names (plain digits, at most three), or ``None``."""
    if isinstance(text, str) and text.isascii() and text.isdigit() and len(text) <= 3:
        seat = int(text)
        return seat if seat < players else None
    return None


def seat_number(text: str, players: int) -> int:
    """A seat from a path segment."""
    seat = _seat_of(text, players)
    if seat is None:
        raise Refused(404, f"no seat {_short(text)} in this room (seats 0..{players - 1})")
    return seat
