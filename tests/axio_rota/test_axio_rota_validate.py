"""AXIO Rota states know their whole game: round trips, the carried set, outcomes, validate."""

from __future__ import annotations

import pickle

import attrs
import pytest
from axio_rota_helpers import play

from tilegames import CHANCE, InvalidStateError, Outcome
from tilegames import axio_rota as rota
from tilegames._core import rng
from tilegames.geometry.square import PACK_REACH
from tilegames.serialize import from_json, to_json

# A custom set for one player: 20 tiles (4 for the supply), none of them in the standard set.
CUSTOM = ["RRGG"] * 10 + ["BB.O"] * 10


class TestRoundTrip:
    """Every option of new_game travels inside the state, its views and JSON."""

    @pytest.mark.parametrize("players", [1, 2, 3, 4])
    def test_standard_set_is_not_written(self, players: int) -> None:
        """The standard set is the default: State.tiles is None and JSON has no tiles field."""
        state = rota.new_game(players, seed=5)
        assert state.tiles is None
        assert '"tiles"' not in to_json(state)
        assert from_json(to_json(state), rota.State) == state

    def test_custom_set_round_trips(self) -> None:
        """from_json(to_json(...)) of a custom-set game gives it back, after moves too."""
        state = rota.new_game(1, seed=5, tiles=CUSTOM)
        assert state.tiles == tuple(rota.parse_tile(t) for t in CUSTOM)
        for _ in range(3):
            assert from_json(to_json(state), rota.State) == state
            state = play(state, 1)
        assert state.tiles is not None

    def test_custom_set_in_views_and_pickles(self) -> None:
        """A view shows the set; pickling keeps it; a loaded view validates against it."""
        state = play(rota.new_game(1, seed=2, tiles=CUSTOM), 2)
        seen = rota.view(state, 0)
        assert seen.tiles == state.tiles
        assert from_json(to_json(seen), rota.View) == seen
        assert pickle.loads(pickle.dumps(state)) == state

    def test_determinize_deals_from_the_carried_set(self) -> None:
        """The hidden tiles of a custom-set game are dealt from that set, not the standard one."""
        state = play(rota.new_game(1, seed=2, tiles=CUSTOM), 2)
        sample = rota.determinize(rota.view(state, 0), rng.Stream(4))
        rota.validate(sample)
        assert sample.tiles == state.tiles
        hidden = [*sample.stacks[0], *sample.supply]
        assert set(hidden) <= {rota.parse_tile("RRGG"), rota.parse_tile("BB.O")}

    def test_old_document_without_tiles_still_loads(self) -> None:
        """A document written before State.tiles existed loads with the standard set."""
        state = rota.new_game(2, seed=9)
        assert "tiles" not in to_json(state)
        assert from_json(to_json(state), rota.State).tiles is None

    def test_standard_set_given_explicitly_is_the_standard_one(self) -> None:
        """new_game(tiles=STANDARD_TILES) is the same game as without tiles."""
        given = rota.new_game(2, seed=1, tiles=rota.STANDARD_TILES)
        assert given == rota.new_game(2, seed=1)


class TestValidateAgainstTheCarriedSet:
    """validate checks a state against its own set instead of guessing."""

    def test_custom_set_state_validates_without_a_tiles_argument(self) -> None:
        """No tiles= needed any more: the state carries its set."""
        state = play(rota.new_game(1, seed=3, tiles=CUSTOM), 4)
        rota.validate(state)

    def test_a_tile_not_in_the_carried_set(self) -> None:
        """A standard tile in a custom-set game is refused (ROTA-3)."""
        state = rota.new_game(1, seed=3, tiles=CUSTOM)
        swapped = attrs.evolve(state, supply=(rota.STANDARD_TILES[0], *state.supply[1:]))
        with pytest.raises(InvalidStateError, match=r"State.supply\[0\]: tile .* not in the set"):
            rota.validate(swapped)

    def test_carried_set_too_small(self) -> None:
        """A carried set that cannot be dealt to the seats is refused."""
        state = rota.new_game(1, seed=3, tiles=CUSTOM)
        with pytest.raises(InvalidStateError, match=r"State.tiles: a set of 15 tiles"):
            rota.validate(attrs.evolve(state, tiles=state.tiles[:15]))  # type: ignore[index]

    def test_tiles_argument_serves_old_documents(self) -> None:
        """validate(state, tiles=...) still checks a state that does not carry its set."""
        state = rota.new_game(1, seed=3, tiles=CUSTOM)
        old = attrs.evolve(state, tiles=None)
        rota.validate(old, tiles=CUSTOM)
        with pytest.raises(InvalidStateError, match=r"not in the set"):
            rota.validate(old)


class TestOutcome:
    """An outcome names its game; AXIO Rota has no modes."""

    def finished(self, players: int) -> rota.State:
        state = rota.new_game(players, seed=players)
        while not rota.is_over(state):
            state = play(state, 1)
        return state

    @pytest.mark.parametrize("players", [1, 2])
    def test_game_and_mode(self, players: int) -> None:
        """outcome() fills game="axio-rota" and mode=""; JSON keeps them."""
        result = rota.outcome(self.finished(players))
        assert result is not None
        assert result.game == "axio-rota"
        assert result.mode == ""
        assert from_json(to_json(result), Outcome) == result
        rota.validate(result)

    def test_outcome_of_another_game_or_a_mode_refused(self) -> None:
        """An outcome naming another game or a mode is not an AXIO Rota outcome."""
        result = rota.outcome(self.finished(2))
        assert result is not None
        with pytest.raises(InvalidStateError, match=r"Outcome.game"):
            rota.validate(attrs.evolve(result, game="axio"))
        with pytest.raises(InvalidStateError, match=r"Outcome.mode: AXIO Rota has no modes"):
            rota.validate(attrs.evolve(result, mode="team"))

    def test_old_outcome_without_game_still_checked(self) -> None:
        """An outcome with game "" (an old document) is checked as before: solo by one score."""
        rota.validate(Outcome(scores=(7,), ranking=[{0}]))
        with pytest.raises(InvalidStateError, match=r"a solo score is 0..12"):
            rota.validate(Outcome(scores=(13,), ranking=[{0}]))


class TestEdges:
    """Checks of validate at their edges: the packed cells' reach, the extra turns at a draw."""

    def test_a_cell_one_past_the_pack_reach_on_either_axis(self) -> None:
        """A display cell one past PACK_REACH in x or in y is refused, naming the cell."""
        state = rota.new_game(seed=1)
        (_, tile), *rest = sorted(state.display)
        far = PACK_REACH + 1
        for cell in ((0, far), (far, 0)):
            changed = attrs.evolve(state, display=frozenset([(cell, tile), *rest]))
            with pytest.raises(InvalidStateError) as raised:
                rota.validate(changed)
            assert str(raised.value) == (
                f"State.display: cell {cell} is not (x, y) within +-{PACK_REACH}"
            )

    def test_a_hand_draw_owed_during_extra_turns(self) -> None:
        """ROTA-16: at a chance step that deals a hand tile, no extra turn may be pending."""
        state = rota.new_game(seed=1, chance="explicit")
        steps = 0
        while not (rota.to_move(state) == (CHANCE,) and steps > 8):
            state = rota.apply(state, rota.legal_moves(state)[0])
            steps += 1
        assert state.extra_turns == 0
        rota.validate(state)
        with pytest.raises(InvalidStateError) as raised:
            rota.validate(attrs.evolve(state, extra_turns=1))
        assert str(raised.value) == (
            "State.extra_turns: a seat draws its hand tile after its extra turns (ROTA-16)"
        )

    def test_a_drawer_while_no_one_draws(self) -> None:
        """View.drawer is 0 unless chance is to move: a view naming seat 1 there is refused."""
        state = rota.new_game(2, seed=1, chance="explicit")
        while rota.to_move(state) == (CHANCE,) or state.drawing:
            state = rota.apply(state, rota.legal_moves(state)[0])
        seen = rota.view(state, None)
        assert (seen.to_move, seen.drawing, seen.drawer) == ((0,), "", 0)
        rota.validate(seen)
        with pytest.raises(InvalidStateError) as raised:
            rota.validate(attrs.evolve(seen, drawer=1))
        assert str(raised.value).startswith(
            "View.drawer: does not agree with the rest of the view"
        )
