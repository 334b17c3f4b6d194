"""The exceptions tilegames raises: one class per kind of failure.

Every class derives from :class:`TilegamesError`; those about bad input also
derive from :class:`ValueError`, so code that already catches ``ValueError``
keeps working.
"""

from __future__ import annotations

__all__ = [
    "ConfigurationError",
    "GameOverError",
    "IllegalMoveError",
    "InvalidStateError",
    "NotationError",
    "RecordError",
    "SeatError",
    "TilegamesError",
    "UnknownGameError",
    "WrongTypeError",
]


class TilegamesError(Exception):
    """Base class of every error raised on purpose by tilegames."""


class IllegalMoveError(TilegamesError, ValueError):
    """A well-formed move that the rules do not allow in this state.

    The message names the move, the rule it breaks (a rule id such as
    ``ROTA-11``) and whose turn it is. The parts are kept as attributes so
    that a frontend can show them separately.

    Args:
        move: the move as written in the game's notation.
        reason: why the move is not allowed, in words.
        rule: the id of the rule that forbids it, or ``""``.
        turn: a short description of the state's turn, or ``""``.
    """

    move: str
    """The rejected move in the game's notation."""
    reason: str
    """Why the move is not allowed, in words."""
    rule: str
    """The rule id (for example ``"ROTA-11"``), or ``""``."""
    turn: str
    """Whose turn it was, in words, or ``""``."""

    def __init__(self, move: str, reason: str, *, rule: str = "", turn: str = "") -> None:
        self.move = move
        self.reason = reason
        self.rule = rule
        self.turn = turn
        msg = f"illegal move {move!r}: {reason}"
        if rule:
            msg += f" ({rule})"
        if turn:
            msg += f"; {turn}"
        super().__init__(msg)

    def __reduce__(self) -> tuple[object, ...]:
        """Pickle with the keyword arguments too (exceptions only keep ``args``)."""
        return (_rebuild_illegal, (type(self), self.move, self.reason, self.rule, self.turn))


def _rebuild_illegal(
    cls: type[IllegalMoveError], move: str, reason: str, rule: str, turn: str
) -> IllegalMoveError:
    return cls(move, reason, rule=rule, turn=turn)


class GameOverError(IllegalMoveError):
    """A move was offered to a game that has already ended."""


class NotationError(TilegamesError, ValueError):
    """Text that does not parse as a move of the game's notation."""


class InvalidStateError(TilegamesError, ValueError):
    """A state that breaks an invariant of its game (for example, loaded from JSON)."""


class ConfigurationError(TilegamesError, ValueError):
    """A game cannot be set up as asked: players out of range, unknown variant, bad set."""


class UnknownGameError(TilegamesError, LookupError):
    """No game is registered under the requested name."""


class WrongTypeError(TilegamesError, TypeError):
    """A function was given a value of the wrong kind.

    For example a State of another game, a View where a State is needed, or
    a string where a move is needed (read it with the game's ``parse_move``
    first). The message names what was expected and what was given.
    """


class SeatError(TilegamesError, ValueError):
    """A seat number that is not a seat of the game (seats are ``0 .. players - 1``)."""


class RecordError(TilegamesError, ValueError):
    """A game record that cannot be read or replayed (:mod:`tilegames.records`).

    When a move is at fault, :attr:`number` is its 1-based number in the
    record and :attr:`move` its text; the message gives both and the reason,
    with the rule id.
    """

    def __init__(
        self, message: str, *, number: int | None = None, move: str | None = None
    ) -> None:
        """Keep the move's number and text, and lead the message with them."""
        self.number = number
        self.move = move
        if number is not None:
            message = f"move {number} ({move}): {message}"
        super().__init__(message)
