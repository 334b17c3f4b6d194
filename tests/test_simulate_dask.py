"""simulate() on a real Dask cluster of local worker processes (needs tilegames[dask])."""

from __future__ import annotations

import pytest

import high_card as cards
from tilegames.agents import GreedyAgent, MCTSAgent, RandomAgent
from tilegames.simulate import simulate

distributed = pytest.importorskip("distributed")


class TestDaskExecutor:
    """Client.get_executor() runs the games in other processes, with the same results."""

    def test_same_results_as_in_process(self) -> None:
        """Two worker processes of a LocalCluster play exactly the in-process games."""
        agents = [MCTSAgent(iterations=10), GreedyAgent(), RandomAgent()]
        here = simulate(cards.RULES, agents, 12, seed=5, players=3)
        with (
            distributed.LocalCluster(
                n_workers=2,
                threads_per_worker=1,
                processes=True,
                dashboard_address=None,
                host="127.0.0.1",
            ) as cluster,
            distributed.Client(cluster) as client,
        ):
            pids = set(client.run(lambda: __import__("os").getpid()).values())
            there = simulate(
                cards.RULES, agents, 12, seed=5, players=3, executor=client.get_executor(), batch=2
            )
        assert len(pids) == 2
        assert there.games == here.games
        assert str(there) == str(here)
