"""analyse (the moves of a position, best first), and MCTSAgent's root-parallel workers."""

from __future__ import annotations

import pickle

import pytest

import high_card as cards
from tilegames import ConfigurationError
from tilegames import axio_rota as rota
from tilegames.agents import MCTSAgent, MoveAnalysis, SearchResult, analyse, make_agent
from tilegames.rng import Stream

# Colours in the order of ROTA-1; a tile's corners clockwise from the top left.
R, G, B, O, P = 0, 1, 2, 3, 4  # noqa: E741 (the colours' initials)


def one_purple_short() -> rota.State:
    """Seat 0 needs one purple point to have all five tracks at 12 and win at once (ROTA-17).

    The display is one tile at cell (0, 0) whose top-left corner, at grid vertex
    (0, 0), is purple (corners clockwise from the top left: P, R, G, B); no other
    display corner is purple. Seat 0 holds the same tile P, R, G, B. A purple
    point needs its purple corner at vertex (0, 0) (ROTA-12), so only two of its
    placements score it: on cell (-1, 0) with the purple corner turned to the top
    right (one quarter turn clockwise, ROTA-6), and on cell (0, -1) with it at the
    bottom left (three quarter turns). Every other colour of seat 0 is already at
    12 (points past it are lost, ROTA-14). The other seat is as close to winning
    and holds the last tile: after any other placement it may take the purple
    corner itself. Stacks and supply are empty, so no extra turn is earned (ROTA-15).
    """
    tile = (P, R, G, B)
    return rota.State(
        display=frozenset({((0, 0), tile)}),
        tracks=((12, 12, 12, 12, 11), (12, 12, 12, 12, 11)),
        hands=(tile, (P, G, R, O)),
        stacks=((), ()),
        supply=(),
        seat=0,
    )


WINS = {rota.Place((-1, 0), 1), rota.Place((0, -1), 3)}
"""The two placements of :func:`one_purple_short` that score purple (worked out above)."""


class TestAnalyse:
    """analyse(rules, state) lists the mover's moves, the search's choice first."""

    def test_the_winning_placement_comes_first(self) -> None:
        """A placement that wins at once (ROTA-17) is ranked first, winning every search."""
        state = one_purple_short()
        entries = analyse(rota.RULES, state, seconds=None, iterations=150)
        assert entries[0].move in WINS
        assert entries[0].win_rate == 1.0
        assert entries[0].points == 1.0  # one purple point (ROTA-12)
        assert all(entry.win_rate < 1.0 for entry in entries if entry.move not in WINS)

    def test_every_legal_move_once(self) -> None:
        """Each legal move appears once; unsearched moves come last with 0 visits."""
        state = one_purple_short()
        entries = analyse(rota.RULES, state, seconds=None, iterations=40)
        legal = rota.legal_moves(state)
        assert sorted(map(str, (e.move for e in entries))) == sorted(map(str, legal))
        visits = [entry.visits for entry in entries]
        assert sum(visits) == 40
        assert visits[visits.index(0) :] == [0] * visits.count(0)  # the unsearched last
        assert all(0.0 <= entry.win_rate <= 1.0 for entry in entries)

    def test_replays_from_its_seed(self) -> None:
        """With iterations alone, the same seed gives the same analysis."""
        state = cards.reached(seed=5, moves=1)
        first = analyse(cards.RULES, state, seconds=None, iterations=30, seed=4)
        assert analyse(cards.RULES, state, seconds=None, iterations=30, seed=4) == first
        assert all(isinstance(entry, MoveAnalysis) for entry in first)

    def test_entries_are_frozen(self) -> None:
        entry = analyse(cards.RULES, cards.reached(seed=5, moves=1), None, iterations=5)[0]
        with pytest.raises(AttributeError):
            entry.visits = 3  # type: ignore[misc]

    @pytest.mark.parametrize(
        ("kwargs", "message"),
        [
            ({"seconds": None}, "needs seconds, iterations or both"),
            ({"iterations": 5, "seat": 1}, "seat 1 is not to move"),
        ],
    )
    def test_refuses(self, kwargs: dict[str, object], message: str) -> None:
        with pytest.raises(ValueError, match=message):
            analyse(rota.RULES, one_purple_short(), **kwargs)  # type: ignore[arg-type]

    def test_refuses_a_finished_game(self) -> None:
        """After the winning placement the game is over (ROTA-17): nothing to analyse."""
        over = rota.apply(one_purple_short(), rota.Place((-1, 0), 1))
        with pytest.raises(ValueError, match="the game is over"):
            analyse(rota.RULES, over, iterations=5)


class TestWorkers:
    """workers=N searches in N processes; without a clock it replays from its stream."""

    @pytest.mark.parametrize("workers", [1, 2, 3])
    def test_replays_exactly(self, workers: int) -> None:
        state = cards.reached(seed=9, moves=1)
        seat = cards.RULES.to_move(state)[0]
        view = cards.view(state, seat)
        moves = cards.RULES.legal_moves(state)
        agent = MCTSAgent(iterations=20, workers=workers)
        first = agent.search(cards.RULES, seat, view, moves, Stream(6))
        again = agent.search(cards.RULES, seat, view, moves, Stream(6))
        assert first == again
        assert first.iterations == 20 * workers  # each worker searches the iterations
        assert sum(visits for _, visits, _ in first.children) == 20 * workers
        assert agent.choose(cards.RULES, seat, view, moves, Stream(6)) == first.move

    def test_two_workers_merge_two_trees(self) -> None:
        """The merged statistics add the visits of both trees move by move."""
        state = one_purple_short()
        view = rota.view(state, 0)
        moves = rota.legal_moves(state)
        result = MCTSAgent(iterations=50, workers=2).search(rota.RULES, 0, view, moves, Stream(1))
        assert isinstance(result, SearchResult)
        assert result.move in WINS
        assert sum(visits for _, visits, _ in result.children) == 100

    def test_named_and_made(self) -> None:
        agent = make_agent("mcts:0.25s:w2")
        assert isinstance(agent, MCTSAgent)
        assert (agent.seconds, agent.workers, agent.iterations) == (0.25, 2, None)
        assert agent.name == "mcts(0.25s, w2)"
        assert make_agent("mcts:300:w3").name == "mcts(300, w3)"
        assert pickle.loads(pickle.dumps(agent)) == agent

    @pytest.mark.parametrize("spec", ["mcts:w2", "mcts:10:w0", "mcts:10:wx", "mcts:w2:10"])
    def test_bad_descriptions(self, spec: str) -> None:
        with pytest.raises(ConfigurationError, match="worker processes"):
            make_agent(spec)

    def test_refuses_no_workers(self) -> None:
        with pytest.raises(ValueError, match="workers must be at least 1, not 0"):
            MCTSAgent(workers=0)
