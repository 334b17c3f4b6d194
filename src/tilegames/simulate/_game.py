"""One game between agents: its seed, its play and its result."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from tilegames._core import rng
from tilegames._core.chance import CHANCE, settle
from tilegames._core.rules import Outcome, Rules, Seat
from tilegames.agents import Agent, moves_for


@attrs.frozen
class GameResult:
    """One finished game of a simulation."""

    index: int
    """The game's number in the simulation, from 0."""
    seed: int
    """The seed given to ``new_game``; the agents' streams derive from it too."""
    agents: tuple[int, ...]
    """Per seat, the index (in the simulation's list of agents) of the agent playing it."""
    outcome: Outcome
    """The game's result."""
    moves: int
    """The number of moves played."""

    def seat_of(self, agent: int) -> Seat:
        """The seat that agent number ``agent`` played."""
        return self.agents.index(agent)


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a simulation with master seed ``seed``.

    >>> game_seed(1, 0) == game_seed(1, 0) != game_seed(1, 1)
    True
    """
    return rng.derive(seed, "simulate", "game", index)


def play_game(
    rules: Rules[Any, Any],
    agents: Sequence[Agent],
    *,
    seed: int,
    options: Mapping[str, Any] | None = None,
    index: int = 0,
    seats: Sequence[int] | None = None,
    max_moves: int = 100_000,
) -> GameResult:
    """Play one complete game; ``agents[seats[s]]`` plays seat ``s``.

    Each agent sees only its seat's view and draws from its own stream,
    derived from ``seed`` and its seat. When several seats may move at once,
    the one to act is drawn from another stream of the same seed. In a game
    started with ``chance="explicit"`` (pass it in ``options``), chance's
    steps are sampled by their probabilities from a third stream of the seed;
    they are not counted as moves.

    Args:
        rules: the game.
        agents: the agents, one per seat unless ``seats`` says otherwise.
        seed: the seed for ``new_game`` and the agents' streams.
        options: further keyword arguments for ``new_game`` (variants).
        index: the game's number, kept in the result.
        seats: per seat, the index of its agent (by default seat ``s`` plays ``agents[s]``).
        max_moves: the most moves before the game counts as endless.

    Raises:
        RuntimeError: if the game does not end within ``max_moves`` moves.
        IllegalMoveError: if an agent chooses a move that is not legal.
    """
    players = len(seats) if seats is not None else len(agents)
    playing = tuple(seats) if seats is not None else tuple(range(players))
    state = rules.new_game(players, seed=seed, **dict(options or {}))
    streams = [rng.Stream(rng.derive(seed, "agent", seat)) for seat in range(players)]
    turns = rng.Stream(rng.derive(seed, "turns"))
    chance = rng.Stream(rng.derive(seed, "chance"))
    moves = 0
    while not rules.is_over(state):
        if moves >= max_moves:
            msg = f"{rules.name}: game {index} (seed {seed}) did not end within {max_moves} moves"
            raise RuntimeError(msg)
        to_move = rules.to_move(state)
        if to_move == (CHANCE,):  # an explicit game: chance's step, by its probabilities
            state = settle(rules, state, chance)
            continue
        seat = to_move[0] if len(to_move) == 1 else to_move[turns.randbelow(len(to_move))]
        legal = moves_for(rules, state, seat)
        agent = agents[playing[seat]]
        move = agent.choose(rules, seat, rules.view(state, seat), legal, streams[seat])
        state = rules.apply(state, move)
        moves += 1
    outcome = rules.outcome(state)
    if outcome is None:  # pragma: no cover - the contract says otherwise
        msg = f"{rules.name}: the game is over but has no outcome"
        raise RuntimeError(msg)
    return GameResult(index=index, seed=seed, agents=playing, outcome=outcome, moves=moves)


def _play_batch(
    rules: Rules[Any, Any],
    agents: Sequence[Agent],
    players: int,
    options: Mapping[str, Any],
    seed: int,
    indices: Sequence[int],
    rotate: bool,
    max_moves: int,
) -> list[GameResult]:
    """Play games by number: what one executor task runs."""
    results = []
    for index in indices:
        shift = index % len(agents) if rotate else 0
        seats = [(seat + shift) % len(agents) for seat in range(players)]
        results.append(
            play_game(
                rules,
                agents,
                seed=game_seed(seed, index),
                options=options,
                index=index,
                seats=seats,
                max_moves=max_moves,
            )
        )
    return results
