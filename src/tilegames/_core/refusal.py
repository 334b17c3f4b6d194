"""One way to say why a move is illegal: a reason in words and the rule id.

Every game checks a move in one function that raises :class:`Refusal` at
the first broken rule (and returns what ``apply`` needs otherwise).
``why_illegal`` turns the refusal into text with :func:`explain`; ``apply``
turns it into the public :class:`~tilegames.IllegalMoveError` (or
:class:`~tilegames.GameOverError`) with :func:`illegal_move`.

>>> refusal = Refusal("cell (5, 5) is taken", "ROTA-11")
>>> explain(refusal)
'cell (5, 5) is taken (ROTA-11)'
>>> str(illegal_move("5,5:0", refusal, turn="seat 0 to move"))
"illegal move '5,5:0': cell (5, 5) is taken (ROTA-11); seat 0 to move"
>>> str(illegal_move("5,5:0", Refusal("the game is over", "ROTA-18"), over=True))
"illegal move '5,5:0': the game is over (ROTA-18)"
"""

from __future__ import annotations

from tilegames._core.errors import GameOverError, IllegalMoveError

__all__ = ["Refusal", "explain", "illegal_move"]


class Refusal(Exception):  # noqa: N818 (not an error to callers: a move check's answer)
    """Why a move is illegal: raised inside a game's move check, never to a caller.

    Args:
        reason: what is wrong, in words, with the evidence.
        rule: the id of the rule that forbids the move (``"AXIO-7"``), or ``""``.
    """

    reason: str
    """What is wrong, in words."""
    rule: str
    """The rule id, or ``""``."""

    def __init__(self, reason: str, rule: str = "") -> None:
        super().__init__(reason, rule)
        self.reason = reason
        self.rule = rule


def explain(refusal: Refusal) -> str:
    """The text ``why_illegal`` returns: the reason, then the rule id in brackets."""
    return f"{refusal.reason} ({refusal.rule})" if refusal.rule else refusal.reason


def illegal_move(
    written: str, refusal: Refusal, *, turn: str = "", over: bool = False
) -> IllegalMoveError:
    """The error ``apply`` raises for a refused move.

    Args:
        written: the move in the game's notation (or its ``repr`` if it is no move).
        refusal: why it is illegal.
        turn: whose turn it is, in words (left out once the game is over, since
            the reason says so already).
        over: whether the game has ended: the error is then a
            :class:`~tilegames.GameOverError`.
    """
    if over:
        return GameOverError(written, refusal.reason, rule=refusal.rule)
    return IllegalMoveError(written, refusal.reason, rule=refusal.rule, turn=turn)
