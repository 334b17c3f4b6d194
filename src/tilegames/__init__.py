"""tilegames: exact, fast, typed rules engines for tile-laying board games.

Every game is a module of pure functions over immutable states::

    from tilegames import axio_rota as game

    state = game.new_game(players=2, seed=7)
    state = game.apply(state, game.legal_moves(state)[0])

Generic code reaches a game through its :class:`Rules`, by name:

>>> import tilegames
>>> isinstance(tilegames.names(), tuple)
True
"""

from tilegames import chance, errors, rng
from tilegames._core.chance import CHANCE, Unseen
from tilegames._core.choices import Choice
from tilegames._core.errors import (
    ConfigurationError,
    GameOverError,
    IllegalMoveError,
    InvalidStateError,
    NotationError,
    RecordError,
    SeatError,
    TilegamesError,
    UnknownGameError,
    WrongTypeError,
)
from tilegames._core.moves import LazyMoves
from tilegames._core.options import Option, check_options
from tilegames._core.rules import (
    GameRules,
    Outcome,
    Pictures,
    Rules,
    Score,
    Seat,
    Setup,
    game_of,
    get,
    names,
    rank_by,
    register,
)
from tilegames._core.words import Words

__version__ = "0.1.0.dev0"

__all__ = [
    "CHANCE",
    "Choice",
    "ConfigurationError",
    "GameOverError",
    "GameRules",
    "IllegalMoveError",
    "InvalidStateError",
    "LazyMoves",
    "NotationError",
    "Option",
    "Outcome",
    "Pictures",
    "RecordError",
    "Rules",
    "Score",
    "Seat",
    "SeatError",
    "Setup",
    "TilegamesError",
    "UnknownGameError",
    "Unseen",
    "Words",
    "WrongTypeError",
    "__version__",
    "chance",
    "check_options",
    "errors",
    "game_of",
    "get",
    "names",
    "rank_by",
    "register",
    "rng",
]
