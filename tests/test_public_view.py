"""The public view ``view(state, None)``: what an onlooker at the table sees.

The rules behind each expectation: AXIO-22 (a rack is seen by its owner
only), ROTA-21 and ROTA-22 (a hand tile likewise), AZT-10/AZT-20 and POLY-16
(every supply and the bag's contents are public, so an onlooker sees what a
seat sees).
"""

from __future__ import annotations

import attrs
import pytest

import high_card
import tilegames
from tilegames import (
    InvalidStateError,
    SeatError,
    WrongTypeError,
    axio,
    axio_rota,
    aztack,
    polygon,
)
from tilegames.serialize import from_json, to_json
from tilegames.testing import ConformanceError, check_rules


class TestHiddenTiles:
    """The public view shows no seat's hidden tiles, only how many there are."""

    def test_axio_no_rack(self) -> None:
        """AXIO-22: no rack's tiles; the rack sizes stay (6 tiles each at the start)."""
        state = axio.new_game(players=3, seed=11)
        public = axio.view(state, None)
        assert public.seat is None
        assert public.rack == ()
        assert public.rack_sizes == (6, 6, 6)
        assert public == attrs.evolve(axio.view(state, 0), seat=None, rack=())

    def test_axio_rota_no_hand(self) -> None:
        """ROTA-21/22: no hand tile; in an explicit game every held tile joins the unknown pool."""
        state = axio_rota.new_game(players=2, seed=11)
        public = axio_rota.view(state, None)
        assert public.seat is None
        assert public.hand is None
        assert public == attrs.evolve(axio_rota.view(state, 0), seat=None, hand=None)
        explicit = axio_rota.new_game(players=2, seed=11, chance="explicit")
        while axio_rota.to_move(explicit) == (tilegames.CHANCE,):
            explicit = axio_rota.apply(explicit, axio_rota.legal_moves(explicit)[0])
        shown = axio_rota.view(explicit, None)
        assert shown.hand is None
        assert shown.unseen == 0b11  # both seats hold a tile it does not show
        own = axio_rota.view(explicit, 0)
        assert own.hand is not None
        assert shown.pool is not None
        assert own.pool is not None
        assert len(shown.pool) == len(own.pool) + 1  # seat 0's tile too

    @pytest.mark.parametrize("module", [aztack, polygon], ids=["aztack", "polygon"])
    def test_open_games_show_what_a_seat_sees(self, module: object) -> None:
        """AZT-10/20, POLY-16: nothing is hidden from a seat, so the onlooker sees the same."""
        game = tilegames.game_of(module.State)  # type: ignore[attr-defined]
        state = game.new_game(3, seed=5)
        assert game.view(state, None) == attrs.evolve(game.view(state, 1), seat=None)

    @pytest.mark.parametrize("name", ["axio", "axio-rota", "aztack", "polygon"])
    def test_json_round_trip(self, name: str) -> None:
        """A public view is written and read like any view, its seat null."""
        rules = tilegames.get(name)
        public = rules.view(rules.new_game(2, seed=3), None)
        text = to_json(public)
        assert '"seat":null' in text
        assert from_json(text, rules.view_type) == public

    def test_a_public_view_with_a_rack_is_refused(self) -> None:
        """Loading refuses a public AXIO view that shows a rack (no game makes one)."""
        state = axio.new_game(players=2, seed=2)
        forged = attrs.evolve(axio.view(state, 0), seat=None)
        with pytest.raises(InvalidStateError, match=r"View\.rack"):
            from_json(to_json(forged), axio.View)

    def test_a_public_view_with_a_hand_is_refused(self) -> None:
        """Loading refuses a public AXIO Rota view that shows a hand."""
        state = axio_rota.new_game(players=2, seed=2)
        forged = attrs.evolve(axio_rota.view(state, 0), seat=None)
        with pytest.raises(InvalidStateError, match=r"View\.hand"):
            from_json(to_json(forged), axio_rota.View)


class TestSeatArgument:
    """A seat given to view is an int of the game or None; the message names both."""

    @pytest.mark.parametrize("name", ["axio", "axio-rota", "aztack", "polygon"])
    def test_wrong_seats(self, name: str) -> None:
        rules = tilegames.get(name)
        state = rules.new_game(3, seed=2)
        for seat in ("0", 1.0, True, (0,)):
            with pytest.raises(
                WrongTypeError, match=r"^a seat is an int 0\.\.2 \(or None, the public view\)"
            ):
                rules.view(state, seat)  # type: ignore[arg-type]
        for seat in (3, -1):
            with pytest.raises(
                SeatError, match=rf"^seat {seat} is not in this game \(seats 0\.\.2\)"
            ):
                rules.view(state, seat)


class TestChecker:
    """check_rules finds a public view that leaks a seat's secret."""

    def test_a_leaking_public_view_fails(self) -> None:
        """A High card whose public view shows seat 0's hand breaks the contract."""

        def leaky(state: high_card.State, seat: int | None) -> high_card.View:
            shown = high_card.view(state, 0 if seat is None else seat)
            return shown if seat is not None else attrs.evolve(shown, seat=None)

        broken = attrs.evolve(high_card.RULES, view=leaky)
        with pytest.raises(ConformanceError, match="the public view shows something seat 1"):
            check_rules(broken, games=1, seed=1, json=False)

    def test_a_public_view_naming_a_seat_fails(self) -> None:
        """The public view's seat is None."""

        def named(state: high_card.State, seat: int | None) -> high_card.View:
            return high_card.view(state, 0 if seat is None else seat)

        broken = attrs.evolve(high_card.RULES, view=named)
        with pytest.raises(ConformanceError, match=r"view\(state, None\)\.seat is 0"):
            check_rules(broken, games=1, seed=1, json=False)
