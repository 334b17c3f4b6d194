"""What a check of a game's rules reports: its failure and its counts."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from tilegames._core.rules import Setup


class ConformanceError(AssertionError):
    """A game broke the contract; the message says how to reproduce it.

    Attributes hold the evidence: the game's name, the setup, the game's seed,
    the moves played (in the game's notation) and the problem.
    """

    game: str
    """The registry name of the game."""
    setup: Setup
    """The player count and options of the failing game."""
    seed: int
    """The seed given to ``new_game``."""
    moves: tuple[str, ...]
    """The moves applied before the failure, in notation."""
    problem: str
    """What went wrong."""

    def __init__(
        self, problem: str, *, game: str, setup: Setup, seed: int, moves: Sequence[str]
    ) -> None:
        self.game = game
        self.setup = setup
        self.seed = seed
        self.moves = tuple(moves)
        self.problem = problem
        shown = " ".join(self.moves[-40:])
        if len(self.moves) > 40:
            shown = f"... ({len(self.moves) - 40} earlier) " + shown
        msg = (
            f"{game} ({setup}), seed={seed}, after {len(self.moves)} moves: {problem}\n"
            f"  moves: [{shown}]\n"
            f"  reproduce: state = rules.new_game(**{setup.kwargs!r}, seed={seed}); then "
            "state = rules.apply(state, rules.parse_move(m, state)) for each move m"
        )
        super().__init__(msg)

    def __reduce__(self) -> tuple[object, ...]:
        """Pickle with the keyword arguments (exceptions keep only ``args``)."""
        return (
            _rebuild_error,
            (self.problem, self.game, self.setup, self.seed, self.moves),
        )


def _rebuild_error(
    problem: str, game: str, setup: Setup, seed: int, moves: tuple[str, ...]
) -> ConformanceError:
    return ConformanceError(problem, game=game, setup=setup, seed=seed, moves=moves)


@attrs.frozen
class CheckReport:
    """What :func:`check_rules` did, for a test log or a user's curiosity."""

    game: str
    """The registry name of the game checked."""
    games: int
    """Complete games played."""
    moves: int
    """Moves applied in those games."""
    legal_checked: int
    """Listed moves checked to apply, round-trip and leave the state untouched."""
    illegal_checked: int
    """Unlisted moves checked to be rejected."""
    longest: int
    """The most moves in one game."""
    setups: tuple[Setup, ...]
    """The setups the games cycled through."""

    def __str__(self) -> str:
        """Summarise the run in one line."""
        return (
            f"{self.game}: {self.games} games, {self.moves} moves (longest {self.longest}), "
            f"{self.legal_checked} legal and {self.illegal_checked} illegal moves checked"
        )
