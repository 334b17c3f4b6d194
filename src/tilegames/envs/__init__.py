"""Every game as a PettingZoo and a Gymnasium environment, for learning agents.

Needs the ``rl`` extra (numpy, gymnasium and pettingzoo)::

    pip install "tilegames[rl]"

:func:`aec_env` gives a PettingZoo ``AECEnv`` in which every seat is an
agent; :func:`gym_env` a Gymnasium ``Env`` in which one seat learns against
agents of :mod:`tilegames.agents`. Both follow PettingZoo's classic games:

Actions
    ``Discrete(n)``: each game numbers every move that any position of the
    setup can have, once and for all (the layout is in the game's
    ``_encoding`` module and in :doc:`/guides/rl`). :func:`action_of` and
    :func:`move_of` translate.
Observations
    ``{"observation": {part: array}, "action_mask": array}``: float32 arrays
    built only from what the seat may see (the game's ``view``), and an int8
    mask that is 1 exactly at the actions of the seat's legal moves.
Rewards
    ``reward="outcome"`` (the default): 0 until the end, then +1 for a win, -1
    for a loss, 0 for a shared place; with 3 or 4 seats, from +1 for first to
    -1 for last, evenly spaced, tied seats sharing their places' mean (a lone
    player gets +1). ``reward="score"``: the points the seat gained in the
    step (summed over colour tracks). ``reward="colours"`` (AXIO games): a
    vector per colour track of the points gained, the multi-objective view of
    momaland.

``gymnasium.make("tilegames/axio-v0", opponent="greedy")`` builds the
Gymnasium environment of each registered game by id.

:func:`openspiel_game` gives an OpenSpiel game of each game and setup, with
explicit chance nodes (the ``openspiel`` extra).

Games are seeded: ``reset(seed=s)`` starts the same game and, with the same
actions, gives the same trajectory. Should a game have chance steps, the
environment plays them itself from its seeded stream; agents never see them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tilegames._core.extras import optional_imports

with optional_imports("tilegames.envs", "rl", "numpy", "gymnasium", "pettingzoo"):
    import gymnasium
    import numpy  # noqa: F401
    import pettingzoo  # noqa: F401

from tilegames._core.rules import Rules, Seat, get, names
from tilegames.envs._common import REWARDS, Table, encoding_of

if TYPE_CHECKING:
    from tilegames.envs._gymnasium import TilegamesGym
    from tilegames.envs._pettingzoo import TilegamesAEC

__all__ = [
    "REWARDS",
    "action_of",
    "action_size",
    "aec_env",
    "gym_env",
    "move_of",
    "openspiel_game",
]


def _register_gym_ids() -> None:
    """Register ``"tilegames/<game>-v0"`` with Gymnasium for every registered game."""
    for name in names():
        env_id = f"tilegames/{name}-v0"
        if env_id not in gymnasium.registry:
            gymnasium.register(env_id, entry_point="tilegames.envs:gym_env", kwargs={"game": name})


def aec_env(
    game: str | Rules[Any, Any],
    players: int = 2,
    *,
    reward: str = "outcome",
    render_mode: str | None = None,
    **options: Any,
) -> TilegamesAEC:
    """A PettingZoo ``AECEnv`` of a game: one agent per seat, ``"player_0"`` first.

    Args:
        game: a registry name such as ``"axio-rota"``, or a game's rules.
        players: the number of seats.
        reward: ``"outcome"``, ``"score"`` or ``"colours"`` (see the module docs).
        render_mode: ``"ansi"`` for the text picture, or ``None``.
        options: further options of the game's ``new_game`` (``mode="speed"``).

    In Aztack's speed stack (``mode="speed"``) the seats that may move take
    turns in seat order, each move applied at once. An action outside the
    mask ends the game: -1 for its agent, 0 for the others.

    >>> env = aec_env("polygon")
    >>> env.reset(seed=1)
    >>> env.agent_selection, int(env.action_space("player_0").n)
    ('player_0', 496)
    """
    from tilegames.envs._pettingzoo import TilegamesAEC

    return TilegamesAEC(Table(game, players, reward, options), render_mode=render_mode)


def gym_env(
    game: str | Rules[Any, Any],
    opponent: str = "random",
    players: int = 2,
    *,
    seat: Seat = 0,
    reward: str = "outcome",
    render_mode: str | None = None,
    **options: Any,
) -> TilegamesGym:
    """A Gymnasium ``Env`` of a game: the learner plays ``seat``, ``opponent`` the others.

    Args:
        game: a registry name such as ``"axio"``, or a game's rules.
        opponent: an agent name that :func:`tilegames.agents.make_agent` knows
            (``"random"``, ``"greedy"``, ``"mcts:200"``).
        players: the number of seats.
        seat: the learner's seat.
        reward: ``"outcome"``, ``"score"`` or ``"colours"`` (see the module docs).
        render_mode: ``"ansi"`` for the text picture, or ``None``.
        options: further options of the game's ``new_game``.

    An action outside the mask ends the episode as a loss (terminated,
    reward -1) and never raises.

    >>> env = gym_env("axio-rota", opponent="greedy")
    >>> observation, info = env.reset(seed=3)
    >>> sorted(observation)
    ['action_mask', 'observation']
    """
    from tilegames.envs._gymnasium import TilegamesGym

    return TilegamesGym(
        Table(game, players, reward, options), opponent, seat=seat, render_mode=render_mode
    )


def openspiel_game(game: str | Rules[Any, Any], players: int = 2, **options: Any) -> Any:
    """An OpenSpiel game (a ``pyspiel.Game``) of a game and setup, with explicit chance nodes.

    Needs the ``openspiel`` extra (``pip install "tilegames[openspiel]"``).
    Every game is registered with OpenSpiel as ``"python_tilegames_<game>"``
    (``-`` made ``_``: ``"python_tilegames_axio_rota"``) when the first one is
    built, so that ``pyspiel.load_game("python_tilegames_axio", {"players": 3})``
    works from then on. Chance steps are chance nodes with their exact
    probabilities; player actions are the numbering of :func:`action_of`;
    chance actions, the returns, the observations and Aztack's speed stack
    are described in :doc:`/guides/rl`.

    Args:
        game: a registry name such as ``"axio"``, or a game's rules.
        players: the number of seats.
        options: ``mode`` for a game with variants (``mode="team"``, ``mode="speed"``).

    Raises:
        ModuleNotFoundError: naming the install command, without open_spiel.
        ConfigurationError: for an option other than ``mode``.
    """
    with optional_imports("tilegames.envs.openspiel_game", "openspiel", "pyspiel"):
        from tilegames.envs._openspiel import load

    return load(game, players, **options)


def action_size(game: str | Rules[Any, Any], players: int = 2, **options: Any) -> int:
    """The number of actions of a game and setup.

    >>> [action_size(game) for game in ("axio", "axio-rota", "aztack", "polygon")]
    [8643, 158688, 11857, 496]
    """
    from tilegames._core.rules import Setup

    rules = get(game) if isinstance(game, str) else game
    return encoding_of(rules).size(Setup(players, options))


def action_of(rules: Rules[Any, Any], position: Any, move: Any) -> int:
    """The action of ``move`` in a game, for a state, view or setup.

    Raises:
        ValueError: for a move that no position of the setup can have.
    """
    return encoding_of(rules).action_of(position, move)


def move_of(rules: Rules[Any, Any], position: Any, action: int, seat: Seat = 0) -> Any:
    """The move of ``seat`` that ``action`` stands for in ``position`` (the inverse of action_of).

    Raises:
        ValueError: for an action out of range or one that names nothing here.
    """
    return encoding_of(rules).move_of(position, action, seat)


_register_gym_ids()
