"""Every game as an OpenSpiel Python game (see :func:`tilegames.envs.openspiel_game`).

Each registered game becomes a ``pyspiel.Game`` named
``"python_tilegames_<game>"`` (``-`` made ``_``), registered with
``pyspiel.register_game`` when this module is imported, with the game
parameters ``players`` and, for a game with variants, ``mode``
(``""``: the game's default). Games are played in the explicit-chance mode
(``new_game(..., chance="explicit")``): every random event is a chance node.

Player actions
    The game's :class:`~tilegames._core.encoding.Encoding`: the same integers
    as in the PettingZoo and Gymnasium environments.
Chance actions
    The index of the outcome in a fixed list of every outcome the setup can
    have (:func:`chance_moves`): AXIO and AXIO Rota, a draw of each distinct
    tile of the set, in the set's sorted order; Aztack, laying each stone of
    the set unturned then turned, by id (AZT-8), then dealing each stone by id
    (AZT-10); Polygon, rolling each symbol (POLY-9), then drawing each value
    of the set in ``VALUES`` order (POLY-7, POLY-10). Unseen draws are never chance outcomes.
What a seat gets
    ``returns()`` at the end only, by place: +1 for a win, -1 for a loss, 0 for a shared
    place; with 3 or 4 seats from +1 (first) to -1 (last) in even steps, tied
    seats sharing their places' mean (as ``reward="outcome"`` of the
    environments). A lone player gets +1.
Observations
    The observation string is the seat's view as text, the tensor the
    encoding's observation parts, one-hot parts expanded, flattened in order.
    The information-state string adds the seat's own actions so far; the
    information-state tensor is the observation tensor.
Several seats at once
    Aztack's speed stack is offered as a sequential game: the seats that may
    move act in turn, each the first seat after the last mover in seat order,
    each move applied as it comes (as in :func:`~tilegames.envs.aec_env`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

import attrs
import numpy as np
import pyspiel

from tilegames._core.chance import CHANCE
from tilegames._core.encoding import Encoding
from tilegames._core.errors import ConfigurationError
from tilegames._core.rules import Rules, Seat, Setup, get, names
from tilegames.agents import moves_for, rewards
from tilegames.envs._common import encoding_of

__all__ = ["chance_moves", "game_name", "load", "load_game", "register"]

PREFIX: Final = "python_tilegames_"
"""The start of every short name that this module registers with OpenSpiel."""


def game_name(rules: Rules[Any, Any]) -> str:
    """The OpenSpiel short name of a game: ``"python_tilegames_axio_rota"`` for AXIO Rota."""
    return PREFIX + rules.name.replace("-", "_")


# ---------------------------------------------------------------------------
# Chance actions: a fixed list of every outcome of a setup, per game.
# ---------------------------------------------------------------------------


def _kind(rules: Rules[Any, Any], name: str) -> Any:
    """The game's move class called ``name``, found through ``rules.move_types``."""
    return next(kind for kind in rules.move_types if kind.__name__ == name)


def _sorted_unique(items: Sequence[Any]) -> list[Any]:
    """The distinct tiles, sorted (tiles are tuples of colours, ``None`` read as -1)."""
    return sorted(set(items), key=lambda tile: tuple(-1 if c is None else c for c in tile))


def _axio_outcomes(rules: Rules[Any, Any], state: Any) -> tuple[Any, ...]:
    """AXIO: a draw of each distinct tile of the set (the whole set is the first bag)."""
    draw = _kind(rules, "Draw")
    return tuple(draw(tile) for tile in _sorted_unique(state.bag))


def _rota_outcomes(rules: Rules[Any, Any], state: Any) -> tuple[Any, ...]:
    """AXIO Rota: a draw of each distinct tile of the set (the whole set is the first pool)."""
    draw = _kind(rules, "Draw")
    return tuple(draw(tile) for tile in _sorted_unique(state.pool))


def _aztack_outcomes(rules: Rules[Any, Any], state: Any) -> tuple[Any, ...]:
    """Aztack: lay each stone unturned then turned (AZT-8), by id; then deal each (AZT-10).

    Every stone of the set with each orientation, so that the bound holds for
    every chance step: the first one alone has two outcomes per stone.
    """
    lay, deal = _kind(rules, "Lay"), _kind(rules, "Deal")
    stones = range(len(state.stones))
    laid = [lay(stone, turned=turned) for stone in stones for turned in (False, True)]
    return (*laid, *(deal(stone) for stone in stones))


_SYMBOLS: Final = 3
"""The symbols of Polygon's die (POLY-3)."""


def _polygon_outcomes(rules: Rules[Any, Any], state: Any) -> tuple[Any, ...]:
    """Polygon: roll each symbol (POLY-9), then draw each value of the set, in its order.

    The first bag holds the tiles of the set, in ``VALUES`` order
    (POLY-7, POLY-10).
    """
    roll, draw = _kind(rules, "Roll"), _kind(rules, "Draw")
    values = list(dict.fromkeys(state.bag))
    return (*(roll(symbol) for symbol in range(_SYMBOLS)), *(draw(value) for value in values))


_OUTCOME_LISTS: Final[dict[str, Callable[[Rules[Any, Any], Any], tuple[Any, ...]]]] = {
    "axio": _axio_outcomes,
    "axio-rota": _rota_outcomes,
    "aztack": _aztack_outcomes,
    "polygon": _polygon_outcomes,
}
"""Per registry name, every chance outcome of a setup, from its first state."""

_PERFECT: Final = frozenset({"aztack", "polygon"})
"""The games that hide nothing once chance is explicit (stones and drawn tiles face up)."""


def chance_moves(rules: Rules[Any, Any], first: Any) -> tuple[Any, ...]:
    """Every chance outcome of a setup, by chance action, from the setup's first state.

    ``()`` for a game without chance.

    Raises:
        ConfigurationError: for a game with chance that has no OpenSpiel numbering.
    """
    if rules.chance_outcomes is None:
        return ()
    listing = _OUTCOME_LISTS.get(rules.name)
    if listing is None:
        msg = (
            f"the game {rules.name!r} has chance steps but no numbering of its chance "
            f"outcomes for OpenSpiel (known: {', '.join(sorted(_OUTCOME_LISTS))})"
        )
        raise ConfigurationError(msg)
    return listing(rules, first)


# ---------------------------------------------------------------------------
# The game
# ---------------------------------------------------------------------------


def _modes(rules: Rules[Any, Any]) -> list[str]:
    """The ``mode`` values among a game's setups, in order."""
    found: list[str] = []
    for setup in rules.setups:
        mode = dict(setup.options).get("mode")
        if isinstance(mode, str) and mode not in found:
            found.append(mode)
    return found


def _game_type(rules: Rules[Any, Any], players: int | None = None) -> Any:
    """The ``pyspiel.GameType`` of a game (of its solo setup when ``players`` is 1)."""
    counts = [setup.players for setup in rules.setups]
    default = rules.setups[0].players
    specification: dict[str, Any] = {"players": default}
    if _modes(rules):
        specification["mode"] = ""
    chance = (
        pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        if rules.chance_outcomes is not None
        else pyspiel.GameType.ChanceMode.DETERMINISTIC
    )
    information = (
        pyspiel.GameType.Information.PERFECT_INFORMATION
        if rules.name in _PERFECT
        else pyspiel.GameType.Information.IMPERFECT_INFORMATION
    )
    utility = (
        pyspiel.GameType.Utility.GENERAL_SUM if players == 1 else pyspiel.GameType.Utility.ZERO_SUM
    )
    return pyspiel.GameType(
        short_name=game_name(rules),
        long_name=f"Python tilegames {rules.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=chance,
        information=information,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(counts),
        min_num_players=min(counts),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=specification,
    )


def _max_game_length(rules: Rules[Any, Any], setup: Setup) -> int:
    """An upper bound on the actions of a game, chance steps included (see each line).

    The bound is generous: OpenSpiel's algorithms use it to size buffers, and
    :func:`pyspiel.random_sim_test` checks every game against it.
    """
    players = setup.players
    if rules.name == "axio":
        # 120 tiles, 91 cells: at most 45 placements; each turn places one tile at
        # least (and bonuses), draws at most a rack (6) twice (refill and swap), and
        # makes one swap choice; the deal is 6 draws per seat.
        turns = 45
        return 6 * players + turns * (1 + 6 + 6 + 2) + 45 * 2
    if rules.name == "axio-rota":
        # 60 tiles, each turned up by chance at most once and placed at most once,
        # plus a draw and a placement per extra turn (from the supply, also tiles).
        return 60 * 4
    if rules.name == "aztack":
        # Laying the base (12 stones) may be repeated when a colour is missing
        # (AZT-9, rare); 12 stones dealt per seat; each turn places or discards a
        # stone, or passes (a round of passes ends the game).
        return 12 * 20 + 12 * players + (12 * players) * (players + 1) + players
    if rules.name == "polygon":
        # The start draw (rounds of draws while seats tie: a few in practice), then
        # per turn a roll, two draws and two placements, a tile each.
        return 40 * players + 5 * 64
    return 100_000  # a custom game: a bound that no game of this library reaches


class Spec:
    """A game and setup, as OpenSpiel's states and observers read it (never copied).

    States hold it instead of their ``pyspiel.Game``: OpenSpiel clones a
    Python state by deep-copying its attributes, and serializes it by
    pickling them; a spec is shared by its copies and pickles as its key.
    """

    def __init__(self, name: str, players: int, mode: str) -> None:
        rules = _REGISTERED[name]
        options: dict[str, Any] = {"mode": mode} if mode else {}
        self.key = (name, players, mode)
        self.rules = rules
        self.encoding: Encoding = encoding_of(rules)
        self.setup = Setup(players, options)
        self.first = rules.new_game(players, seed=0, chance="explicit", **options)
        """The first state: explicit chance, so the seed decides nothing."""
        self.outcomes = chance_moves(rules, self.first)
        """Every chance outcome of the setup; its index is its chance action."""
        self.outcome_action = {move: action for action, move in enumerate(self.outcomes)}
        self.shapes: list[tuple[str, tuple[int, ...]]] = [
            (part_name, part.shape)
            for part_name, part in self.encoding.observe(rules.view(self.first, 0)).items()
        ]

    def __deepcopy__(self, memo: dict[int, Any]) -> Spec:
        """The spec itself: it never changes."""
        return self

    def __reduce__(self) -> tuple[Any, tuple[str, int, str]]:
        """Pickle as the key: the spec is rebuilt (once per process) from it."""
        return spec, self.key


_SPECS: dict[tuple[str, int, str], Spec] = {}


def spec(name: str, players: int, mode: str) -> Spec:
    """The :class:`Spec` of a registered short name, player count and mode, built once."""
    key = (name, players, mode)
    found = _SPECS.get(key)
    if found is None:
        found = _SPECS[key] = Spec(name, players, mode)
    return found


@attrs.frozen
class Node:
    """Where a game stands: its spec, the tilegames state and the last seat to move."""

    spec: Spec
    position: Any
    """The tilegames state (immutable: each action makes a new one)."""
    last: Seat
    """The seat that moved last: the next of several seats that may move comes after it."""

    def __deepcopy__(self, memo: dict[int, Any]) -> Node:
        """The node itself: it never changes (OpenSpiel clones by deep copy)."""
        return self


class TilegamesGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel ships no type hints
    """A tilegames game and setup as an OpenSpiel game (build one with :func:`load`).

    Args:
        params: the OpenSpiel game parameters, ``players`` and (for a game with
            variants) ``mode``.
    """

    short_name: str = ""
    """The OpenSpiel short name the class is registered under (a subclass per game)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        name = self.short_name
        params = dict(params or {})
        rules = _REGISTERED[name]
        players = int(params.get("players", rules.setups[0].players))
        mode = str(params.get("mode", ""))
        self.spec = spec(name, players, mode)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.spec.encoding.size(self.spec.first),
            max_chance_outcomes=len(self.spec.outcomes),
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=None if players == 1 else 0.0,
            max_game_length=_max_game_length(rules, self.spec.setup),
        )
        given = {"players": players, **({"mode": mode} if "mode" in params else {})}
        super().__init__(_game_type(rules, players), info, given)

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        """Pickle as OpenSpiel's string of the game (its short name and parameters)."""
        return load_game, (str(self),)

    def new_initial_state(self) -> TilegamesState:
        """The start of a game: chance to move (or the first seat, in a game without chance)."""
        return TilegamesState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> Observer:
        """The observer of seats' views (an information state with ``perfect_recall``)."""
        if params:
            msg = f"a tilegames observer takes no parameters, not {params!r}"
            raise ValueError(msg)
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return Observer(self.spec, recall)


class TilegamesState(pyspiel.State):  # type: ignore[misc]  # pyspiel ships no type hints
    """An OpenSpiel state over an immutable tilegames state (explicit chance)."""

    def __init__(self, game: TilegamesGame) -> None:
        super().__init__(game)
        found = game.spec
        self.node = Node(found, found.first, found.setup.players - 1)

    @property
    def position(self) -> Any:
        """The tilegames state."""
        return self.node.position

    def current_player(self) -> int:
        """The seat to act; ``PlayerId.CHANCE`` at a chance step, ``TERMINAL`` at the end."""
        node = self.node
        seats = node.spec.rules.to_move(node.position)
        if not seats:
            return int(pyspiel.PlayerId.TERMINAL)
        if seats == (CHANCE,):
            return int(pyspiel.PlayerId.CHANCE)
        if len(seats) == 1:
            return seats[0]
        players, last = node.spec.setup.players, node.last
        return min(seats, key=lambda seat: (seat - last - 1) % players)

    def _legal_actions(self, player: int) -> list[int]:
        """The player's legal actions, ascending."""
        node = self.node
        moves = moves_for(node.spec.rules, node.position, player)
        if not moves:
            return []
        return sorted(node.spec.encoding.actions(node.position, moves))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The chance actions with their probabilities, ascending by action."""
        node = self.node
        rules, index = node.spec.rules, node.spec.outcome_action
        outcomes = rules.chance_outcomes(node.position) if rules.chance_outcomes else ()
        return sorted((index[move], float(p)) for move, p in outcomes)

    def move(self, action: int, player: int | None = None) -> Any:
        """The tilegames move of an action: a chance outcome, or the player's move.

        Raises:
            ValueError: for an action that names nothing in this position.
        """
        if player is None:
            player = self.current_player()
        found = self.node.spec
        if player == pyspiel.PlayerId.CHANCE:
            if not 0 <= action < len(found.outcomes):
                msg = f"chance action {action} is out of range 0..{len(found.outcomes) - 1}"
                raise ValueError(msg)
            return found.outcomes[action]
        return found.encoding.move_of(self.node.position, int(action), player)

    def _apply_action(self, action: int) -> None:
        """Play an action of the player to act (OpenSpiel checks that it is legal)."""
        node = self.node
        player = self.current_player()
        after = node.spec.rules.apply(node.position, self.move(action, player))
        self.node = Node(node.spec, after, player if player >= 0 else node.last)

    def _action_to_string(self, player: int, action: int) -> str:
        """The action in the game's notation (``"action N"`` if it names nothing here)."""
        try:
            move = self.move(action, player)
        except ValueError:
            return f"action {action}"
        return self.node.spec.rules.format_move(move)

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return bool(self.node.spec.rules.is_over(self.node.position))

    def returns(self) -> list[float]:
        """Each seat's result at the end by place, from +1 (first) to -1 (last); 0 until then."""
        node = self.node
        outcome = node.spec.rules.outcome(node.position)
        if outcome is None:
            return [0.0] * node.spec.setup.players
        return [2.0 * share - 1.0 for share in rewards(outcome)]

    def __str__(self) -> str:
        """The whole position as text."""
        return str(self.node.position)


class Observer:
    """OpenSpiel's observer of a seat: its view as text and as one flat float32 tensor.

    ``tensor`` holds the encoding's observation parts in order (one-hot parts
    expanded), and ``dict`` maps each part's name to its slice, shaped.
    """

    def __init__(self, found: Spec, recall: bool) -> None:
        self.spec = found
        self.recall = recall
        sizes = [int(np.prod(shape)) for _, shape in found.shapes]
        self.tensor = np.zeros(sum(sizes), np.float32)
        self.dict: dict[str, Any] = {}
        start = 0
        for (name, shape), size in zip(found.shapes, sizes, strict=True):
            self.dict[name] = self.tensor[start : start + size].reshape(shape)
            start += size

    def set_from(self, state: TilegamesState, player: int) -> None:
        """Fill :attr:`tensor` with the observation of ``player``'s view of ``state``."""
        view = self.spec.rules.view(state.position, player)
        start = 0
        for part in self.spec.encoding.observe(view).values():
            values = part.dense()
            self.tensor[start : start + len(values)] = values
            start += len(values)

    def string_from(self, state: TilegamesState, player: int) -> str:
        """The seat's view as text; with recall, followed by the seat's own actions so far."""
        text = f"seat {player}\n{self.spec.rules.view(state.position, player)}"
        if not self.recall:
            return text
        own = [str(step.action) for step in state.full_history() if step.player == player]
        return f"{text}\nown actions: {' '.join(own)}"


# ---------------------------------------------------------------------------
# Registration
# ---------------------------------------------------------------------------

_REGISTERED: dict[str, Rules[Any, Any]] = {}
"""The OpenSpiel short names registered so far, with their games."""


def register(rules: Rules[Any, Any]) -> str:
    """Register a game with OpenSpiel (once per name) and return its short name."""
    name = game_name(rules)
    if name not in _REGISTERED:
        _REGISTERED[name] = rules
        # OpenSpiel keeps the constructor until the process ends: a class, as in its
        # own Python games (a function or partial left there aborts the exit).
        kind = type(f"Game_{name}", (TilegamesGame,), {"short_name": name})
        pyspiel.register_game(_game_type(rules), kind)
    return name


def load(game: str | Rules[Any, Any], players: int = 2, **options: Any) -> Any:
    """The ``pyspiel.Game`` of a game and setup (see :func:`tilegames.envs.openspiel_game`).

    Raises:
        ConfigurationError: for an option other than ``mode``.
    """
    rules = get(game) if isinstance(game, str) else game
    unknown = sorted(set(options) - {"mode"})
    if unknown:
        msg = (
            f"openspiel_game takes players and mode, not {', '.join(unknown)}: OpenSpiel "
            "games are loaded from their parameters alone"
        )
        raise ConfigurationError(msg)
    params: dict[str, Any] = {"players": players}
    if options.get("mode"):
        params["mode"] = str(options["mode"])
    return pyspiel.load_game(register(rules), params)


def load_game(text: str) -> Any:
    """``pyspiel.load_game(text)``, once this module has registered every game (for pickle)."""
    return pyspiel.load_game(text)


def _register_builtin() -> None:
    """Register every game of the registry that offers an encoding."""
    for name in names():
        rules = get(name)
        if rules.encoding is not None:
            register(rules)


_register_builtin()
