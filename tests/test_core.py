"""Tests for the core contract: Outcome, rank_by, Setup, the registry and the errors."""

from __future__ import annotations

import itertools
import pickle
import sys
import types
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import texts
import tilegames
from tilegames import (
    ConfigurationError,
    GameOverError,
    GameRules,
    IllegalMoveError,
    InvalidStateError,
    NotationError,
    Outcome,
    Setup,
    TilegamesError,
    UnknownGameError,
    WrongTypeError,
)
from tilegames._core import checks
from tilegames._core import errors as errors_module
from tilegames._core import rules as rules_module
from tilegames._core.state import CachedState
from tilegames._core.tracks import check_tracks

score_lists = st.lists(st.integers(min_value=0, max_value=4), min_size=1, max_size=6)


def slow_rank(keys: list[int], higher_is_better: bool = True) -> list[set[int]]:
    """Group seats by key, best distinct key first."""
    distinct = sorted(set(keys), reverse=higher_is_better)
    return [{seat for seat, key in enumerate(keys) if key == value} for value in distinct]


def make_rules(name: str, title: str = "Dummy") -> GameRules[int, str]:
    """A game whose state is a counter that ends at 3 and whose only move is "+"."""

    def outcome(state: int) -> Outcome | None:
        return Outcome(scores=(state,), ranking=[{0}]) if state >= 3 else None

    return GameRules(
        name=name,
        title=title,
        setups=(Setup(1), Setup(1, {"fast": True})),
        new_game=lambda players=1, *, seed=None, **options: 0,
        players=lambda state: 1,
        to_move=lambda state: () if state >= 3 else (0,),
        legal_moves=lambda state: () if state >= 3 else ("+",),
        apply=lambda state, move: state + 1,
        why_illegal=lambda state, move: None,
        score_move=lambda state, move: 1,
        is_over=lambda state: state >= 3,
        outcome=outcome,
        view=lambda state, seat: state,
        parse_move=lambda text, state: text,
        format_move=lambda move: move,
    )


@pytest.fixture
def registry(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """A private copy of the registry for one test; monkeypatch restores the real one."""
    private = dict(rules_module._REGISTRY)
    monkeypatch.setattr(rules_module, "_REGISTRY", private)
    return private


class TestOutcome:
    """Outcome validates its ranking and answers who won."""

    def test_docstring_example(self) -> None:
        """Scores 7, 9, 9 with seats 1 and 2 sharing first: winners {1, 2}, seat 0 second."""
        result = Outcome(scores=(7, 9, 9), ranking=[{1, 2}, {0}])
        assert result.winners == frozenset({1, 2})
        assert result.place(0) == 2
        assert result.place(1) == result.place(2) == 1

    def test_converts_containers(self) -> None:
        """Lists become tuples and places become frozensets."""
        result = Outcome(scores=[3, 5], ranking=[[1], [0]], reason="ROTA-18 stacks empty")
        assert result.scores == (3, 5)
        assert result.ranking == (frozenset({1}), frozenset({0}))
        assert result.reason == "ROTA-18 stacks empty"

    def test_track_scores(self) -> None:
        """A score may be one number per colour."""
        result = Outcome(scores=[(7, 8, 9), (7, 9, 9)], ranking=[{1}, {0}])
        assert result.scores[1] == (7, 9, 9)

    @pytest.mark.parametrize(
        "ranking",
        [
            [{0}],  # seat 1 missing
            [{0}, {0, 1}],  # seat 0 twice
            [{0}, {1}, {2}],  # a seat that does not exist
            [{0, 1}, set()],  # an empty place
            [{1}, {-1}],  # a negative seat
            [],
        ],
    )
    def test_invalid_ranking(self, ranking: list[set[int]]) -> None:
        """A ranking must place each seat exactly once in non-empty places."""
        with pytest.raises(ValueError, match="exactly once"):
            Outcome(scores=(1, 2), ranking=ranking)

    def test_no_seats(self) -> None:
        """An outcome without seats is rejected (it would have no winners)."""
        with pytest.raises(ValueError, match="at least one seat"):
            Outcome(scores=(), ranking=())

    def test_place_of_unknown_seat(self) -> None:
        """Asking for a seat not in the game raises ValueError."""
        result = Outcome(scores=(1, 2), ranking=[{1}, {0}])
        with pytest.raises(ValueError, match="seat 2 is not in this game"):
            result.place(2)

    @given(score_lists)
    def test_places_follow_ranking(self, scores: list[int]) -> None:
        """With rank_by's ranking, place() counts the distinct better scores plus one."""
        result = Outcome(scores=scores, ranking=tilegames.rank_by(scores))
        for seat, score in enumerate(scores):
            assert result.place(seat) == 1 + len({s for s in scores if s > score})
        assert result.winners == {seat for seat, s in enumerate(scores) if s == max(scores)}

    def test_value_semantics(self) -> None:
        """Outcomes are frozen, compare and hash by value, and pickle."""
        a = Outcome(scores=(1, 2), ranking=[{1}, {0}], reason="r")
        b = Outcome(scores=[1, 2], ranking=[[1], [0]], reason="r")
        assert a == b
        assert hash(a) == hash(b)
        assert pickle.loads(pickle.dumps(a)) == a
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            a.reason = "other"  # type: ignore[misc]


class TestRankBy:
    """rank_by() groups equal keys."""

    def test_examples(self) -> None:
        """The docstring's examples: tuple keys, and lower is better."""
        assert tilegames.rank_by([(7, 8), (7, 9), (7, 8)]) == (
            frozenset({1}),
            frozenset({0, 2}),
        )
        assert tilegames.rank_by([3, 1, 2], higher_is_better=False) == (
            frozenset({1}),
            frozenset({2}),
            frozenset({0}),
        )

    def test_all_tied(self) -> None:
        """Equal keys all share first place."""
        assert tilegames.rank_by([4, 4, 4]) == (frozenset({0, 1, 2}),)

    def test_empty(self) -> None:
        """No seats, no places."""
        assert tilegames.rank_by([]) == ()

    @given(score_lists, st.booleans())
    def test_matches_reference(self, keys: list[int], higher: bool) -> None:
        """Places are the seats of each distinct key, best key first."""
        ranking = tilegames.rank_by(keys, higher_is_better=higher)
        assert [set(place) for place in ranking] == slow_rank(keys, higher)

    @given(score_lists)
    def test_ties_share_places(self, keys: list[int]) -> None:
        """Two seats share a place exactly when their keys are equal."""
        ranking = tilegames.rank_by(keys)
        place = {seat: i for i, group in enumerate(ranking) for seat in group}
        for s, t in itertools.combinations(range(len(keys)), 2):
            assert (place[s] == place[t]) == (keys[s] == keys[t])
            assert (place[s] < place[t]) == (keys[s] > keys[t])


class TestSetup:
    """Setup describes a player count and options."""

    def test_players_is_not_an_option(self) -> None:
        """A 'players' key among the options is refused: the count has its own field."""
        with pytest.raises(ValueError, match="player count"):
            Setup(2, {"players": 3})

    def test_docstring_example(self) -> None:
        """Four players in team mode reads '4 players, mode=team'."""
        assert str(Setup(4, {"mode": "team"})) == "4 players, mode=team"

    def test_singular(self) -> None:
        """One player is '1 player'."""
        assert str(Setup(1)) == "1 player"

    def test_options_sorted(self) -> None:
        """Options are stored as sorted pairs, from a mapping or from pairs."""
        a = Setup(2, {"tiles": "mini", "mode": "solo"})
        b = Setup(2, [("mode", "solo"), ("tiles", "mini")])
        assert a.options == (("mode", "solo"), ("tiles", "mini"))
        assert a == b
        assert hash(a) == hash(b)
        assert str(a) == "2 players, mode=solo, tiles=mini"

    def test_kwargs(self) -> None:
        """kwargs holds players and every option, ready for new_game(**kwargs)."""
        assert Setup(3, {"mode": "team"}).kwargs == {"players": 3, "mode": "team"}
        assert Setup(2).kwargs == {"players": 2}


class TestGameRules:
    """GameRules bundles a game's functions."""

    def test_repr_names_game(self) -> None:
        """The repr names the game instead of listing the functions."""
        assert repr(make_rules("dummy")) == "<GameRules 'dummy'>"

    def test_plays_through_bundle(self) -> None:
        """The bundled functions are callable as the protocol describes."""
        game = make_rules("dummy")
        state = game.new_game(1, seed=3)
        while not game.is_over(state):
            state = game.apply(state, game.legal_moves(state)[0])
        assert game.to_move(state) == ()
        assert game.outcome(state) == Outcome(scores=(3,), ranking=[{0}])


class TestCollect:
    """GameRules.collect bundles a namespace's functions by their Rules names."""

    def test_takes_functions_by_name(self) -> None:
        """Every member function found in the namespace is taken; fields given win."""
        import toy_game

        rules = GameRules.collect(vars(toy_game), "t", "T", (Setup(2),))
        assert rules.apply is toy_game.apply
        assert rules.determinize is toy_game.determinize
        assert rules.evaluate is None  # the toy game rates no moves
        assert (rules.state_type, rules.view_type) == (toy_game.State, toy_game.View)
        assert rules.move_types == ()  # never guessed: name them
        other = GameRules.collect(vars(toy_game), "t", "T", (Setup(2),), apply=toy_game.view)
        assert other.apply is toy_game.view

    def test_a_missing_function_is_named(self) -> None:
        """A namespace without a required Rules function is refused, naming it."""
        with pytest.raises(TypeError, match="defines no to_move, legal_moves, apply"):
            GameRules.collect({"new_game": print, "players": print}, "t", "T", (Setup(2),))

    def test_a_misspelt_member_is_named(self) -> None:
        """A name one letter or two from a member the namespace lacks is refused, naming both."""
        import toy_game

        namespace = dict(vars(toy_game))
        namespace["determinise"] = namespace.pop("determinize")
        with pytest.raises(TypeError, match="no determinize, but it defines 'determinise'"):
            GameRules.collect(namespace, "t", "T", (Setup(2),))
        namespace = dict(vars(toy_game))
        namespace["to_mov"] = namespace.pop("to_move")
        with pytest.raises(TypeError, match=r"defines no to_move.*'to_mov' for 'to_move'"):
            GameRules.collect(namespace, "t", "T", (Setup(2),))

    def test_a_member_of_the_wrong_shape_is_named(self) -> None:
        """A member that is no function, or takes other arguments than Rules passes, is refused."""
        import toy_game

        for name, value, message in (
            ("validate", 3, "validate is int, not a function"),
            ("apply", lambda state: state, r"apply\(state\) cannot take the 2 arguments"),
            ("pictures", print, "pictures is builtin_function_or_method, not a Pictures"),
        ):
            namespace = {**vars(toy_game), name: value}
            with pytest.raises(TypeError, match=message):
                GameRules.collect(namespace, "t", "T", (Setup(2),))

    def test_the_protocol_and_the_fields_name_the_same_members(self) -> None:
        """Rules (the documented contract) and GameRules (the bundle) list one set of members."""
        documented = {name for name in vars(tilegames.Rules) if not name.startswith("_")} - {
            "register"
        }
        assert documented == {field.name for field in attrs.fields(GameRules)}


class TestGameOf:
    """game_of(): the registered game a value belongs to."""

    def test_an_outcome_belongs_to_the_game_it_names(self) -> None:
        """An Outcome is owned by the game of its ``game`` field, whatever its scores."""
        for name in tilegames.names():
            outcome = Outcome(scores=(1, 2), ranking=[{1}, {0}], game=name)
            assert tilegames.game_of(outcome) is tilegames.get(name)

    def test_an_outcome_without_a_game_is_refused(self) -> None:
        """An Outcome with an empty ``game`` names no game: WrongTypeError, saying so."""
        with pytest.raises(WrongTypeError) as raised:
            tilegames.game_of(Outcome(scores=(1, 2), ranking=[{1}, {0}]))
        assert str(raised.value) == "this Outcome does not name its game (its game field is empty)"


class TestCheckTracks:
    """check_tracks(): one tuple of track values per owner, each on the track."""

    def test_a_track_of_the_wrong_length(self) -> None:
        """A tuple of one value where two colours are tracked is refused, naming the owner."""
        with pytest.raises(InvalidStateError) as raised:
            check_tracks("State.tracks", ((3, 12), (3,)), colours=2, cap=12, rules="ROTA-4")
        assert str(raised.value) == "State.tracks[1]: (3,) is not 2 track values (ROTA-4)"

    def test_a_value_below_the_track(self) -> None:
        """A track runs from 0: -1 is refused, naming the owner and the colour."""
        with pytest.raises(InvalidStateError) as raised:
            check_tracks("State.tracks", ((3, 12), (0, -1)), colours=2, cap=12, rules="ROTA-4")
        assert (
            str(raised.value)
            == "State.tracks[1][1]: -1 is off the track: tracks run 0..12 (ROTA-4)"
        )

    def test_tracks_not_in_a_tuple(self) -> None:
        """A list of the right length is no tuple of track values: refused too."""
        with pytest.raises(InvalidStateError) as raised:
            check_tracks("State.tracks", ([3, 12],), colours=2, cap=12, rules="ROTA-4")
        assert str(raised.value) == "State.tracks[0]: [3, 12] is not 2 track values (ROTA-4)"

    def test_a_count_of_colours_quotes_the_first_rule(self) -> None:
        """Of several rule ids, a wrong count of colours quotes the first (the one of colours)."""
        with pytest.raises(InvalidStateError) as raised:
            check_tracks("State.tracks", ((3,),), colours=2, cap=12, rules="ROTA-4, ROTA-14")
        assert str(raised.value) == "State.tracks[0]: (3,) is not 2 track values (ROTA-4)"


class _Index:
    """A number that is no int but says which int it stands for (as NumPy's integers do)."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value


class TestLegalMovesIndex:
    """A listing is indexed as a sequence: by ints and by what stands for one."""

    def test_an_index_that_is_no_int(self) -> None:
        moves = tilegames.get("polygon").legal_moves(tilegames.get("polygon").new_game(seed=7))
        count = len(moves)
        assert count > 1
        assert moves[_Index(0)] == moves[0]  # type: ignore[call-overload]
        assert moves[_Index(-1)] == moves[count - 1]  # type: ignore[call-overload]
        assert moves[_Index(-count)] == moves[0]  # type: ignore[call-overload]
        with pytest.raises(IndexError, match=f"out of range for {count} moves"):
            moves[_Index(-count - 1)]  # type: ignore[call-overload]

    @pytest.mark.parametrize("game", ["axio", "axio-rota", "aztack", "polygon"])
    def test_one_past_either_end(self, game: str) -> None:
        """Indexes run from -len to len - 1, as a sequence's do; one past either end is refused."""
        rules = tilegames.get(game)
        moves = rules.legal_moves(rules.new_game(seed=7))
        count = len(moves)
        listed = list(moves)
        assert moves[count - 1] == listed[count - 1]
        assert moves[-count] == listed[0]
        for index in (count, -count - 1):
            with pytest.raises(IndexError) as refused:
                moves[index]
            assert str(refused.value) == (
                f"legal move index {index} out of range for {count} moves"
            )


class TestTake:
    """checks.take(): each item taken from the set's counts; one not left there is refused."""

    def test_a_component_not_in_the_set(self) -> None:
        counts = checks.count(["RB", "GG"])
        with pytest.raises(InvalidStateError) as raised:
            checks.take("State.bag", counts, ["GG", "OO"], "tile {}".format, "AXIO-2")
        assert str(raised.value) == "State.bag[1]: tile OO is not in the set (AXIO-2)"

    def test_one_too_many(self) -> None:
        """The set's last copy is taken; the next is one more than the set holds."""
        counts = checks.count(["RB", "RB"])
        checks.take("State.bag", counts, ["RB", "RB"], str)
        assert counts["RB"] == 0
        with pytest.raises(InvalidStateError) as raised:
            checks.take("State.racks[0]", counts, ["RB"], str)
        said = "State.racks[0][0]: RB appears more often than the set holds it"
        assert str(raised.value) == said


class TestRegistry:
    """register(), names() and get()."""

    def test_unknown_game_lists_known(self, registry: dict[str, Any]) -> None:
        """get() of an unknown name raises UnknownGameError naming the known games."""
        tilegames.register(make_rules("zzz-first"))
        tilegames.register(make_rules("zzz-second"))
        with pytest.raises(UnknownGameError, match="no game named 'nope'") as info:
            tilegames.get("nope")
        assert "zzz-first" in str(info.value)
        assert "zzz-second" in str(info.value)

    def test_unknown_game_with_empty_registry(self, registry: dict[str, Any]) -> None:
        """With nothing registered the message says so."""
        registry.clear()
        with pytest.raises(UnknownGameError, match="known games: none"):
            tilegames.get("axio")

    def test_unknown_game_is_lookup_error(self, registry: dict[str, Any]) -> None:
        """UnknownGameError is a LookupError and a TilegamesError."""
        with pytest.raises(LookupError):
            tilegames.get("not-a-game")
        assert issubclass(UnknownGameError, TilegamesError)

    def test_register_then_get(self, registry: dict[str, Any]) -> None:
        """A registered game is returned by get() and listed by names()."""
        game = make_rules("zzz-dummy")
        tilegames.register(game)
        assert tilegames.get("zzz-dummy") is game
        assert "zzz-dummy" in tilegames.names()

    def test_names_sorted(self, registry: dict[str, Any]) -> None:
        """names() is a sorted tuple."""
        tilegames.register(make_rules("zzz-b"))
        tilegames.register(make_rules("zzz-a"))
        result = tilegames.names()
        assert isinstance(result, tuple)
        assert list(result) == sorted(result)
        assert result.index("zzz-a") < result.index("zzz-b")

    def test_reregister_refused(self, registry: dict[str, Any]) -> None:
        """Registering a taken name without replace raises and keeps the first game."""
        first = make_rules("zzz-dup", "First")
        tilegames.register(first)
        with pytest.raises(ValueError, match="already registered"):
            tilegames.register(make_rules("zzz-dup", "Second"))
        assert tilegames.get("zzz-dup") is first

    def test_replace(self, registry: dict[str, Any]) -> None:
        """replace=True swaps the game registered under a name."""
        tilegames.register(make_rules("zzz-dup", "First"))
        second = make_rules("zzz-dup", "Second")
        tilegames.register(second, replace=True)
        assert tilegames.get("zzz-dup") is second

    def test_lazy_module_entry(
        self, registry: dict[str, Any], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """A name mapped to a module path imports it on first get() and returns its RULES."""
        module = types.ModuleType("zzz_lazy_game")
        game = make_rules("zzz-lazy")
        module.RULES = game  # type: ignore[attr-defined]
        monkeypatch.setitem(sys.modules, "zzz_lazy_game", module)
        registry["zzz-lazy"] = "zzz_lazy_game"
        assert "zzz-lazy" in tilegames.names()
        assert tilegames.get("zzz-lazy") is game
        assert registry["zzz-lazy"] is game

    def test_fixture_isolates(self, registry: dict[str, Any]) -> None:
        """The test registry is not the one other tests see (guards the fixture itself)."""
        tilegames.register(make_rules("zzz-isolated"))
        assert rules_module._REGISTRY is registry
        assert "zzz-isolated" in rules_module._REGISTRY


class TestErrors:
    """The exception hierarchy and IllegalMoveError's message and pickling."""

    def test_illegal_move_hierarchy(self) -> None:
        """IllegalMoveError is a ValueError and a TilegamesError."""
        error = IllegalMoveError("a1", "occupied", rule="ROTA-11", turn="seat 0 to move")
        assert isinstance(error, ValueError)
        assert isinstance(error, TilegamesError)

    def test_message_has_the_evidence(self) -> None:
        """The message names the move, the reason, the rule id and the turn."""
        error = IllegalMoveError("b2@E", "not next to a tile", rule="ROTA-11", turn="turn 4")
        text = str(error)
        for part in ("b2@E", "not next to a tile", "ROTA-11", "turn 4"):
            assert part in text
        assert text == "illegal move 'b2@E': not next to a tile (ROTA-11); turn 4"

    def test_message_without_rule_or_turn(self) -> None:
        """Without a rule or a turn the message has no empty brackets or separator."""
        assert str(IllegalMoveError("x", "bad")) == "illegal move 'x': bad"

    def test_attributes(self) -> None:
        """The parts are kept as attributes."""
        error = IllegalMoveError("m", "r", rule="AXIO-7", turn="t")
        assert (error.move, error.reason, error.rule, error.turn) == ("m", "r", "AXIO-7", "t")

    @given(texts.text(), texts.text(), texts.text(), texts.text())
    def test_pickle_round_trip(self, move: str, reason: str, rule: str, turn: str) -> None:
        """Pickling keeps the class, attributes and message."""
        error = IllegalMoveError(move, reason, rule=rule, turn=turn)
        copy = pickle.loads(pickle.dumps(error))
        assert type(copy) is IllegalMoveError
        assert (copy.move, copy.reason, copy.rule, copy.turn) == (move, reason, rule, turn)
        assert str(copy) == str(error)

    def test_game_over_is_illegal_move(self) -> None:
        """GameOverError is an IllegalMoveError and pickles as itself."""
        error = GameOverError("+", "the game is over", rule="ROTA-18", turn="game over")
        assert isinstance(error, IllegalMoveError)
        assert isinstance(error, ValueError)
        copy = pickle.loads(pickle.dumps(error))
        assert type(copy) is GameOverError
        assert (copy.move, copy.rule, copy.turn) == ("+", "ROTA-18", "game over")

    @pytest.mark.parametrize("cls", [NotationError, InvalidStateError, ConfigurationError])
    def test_input_errors_are_value_errors(self, cls: type[TilegamesError]) -> None:
        """Errors about bad input are ValueErrors under TilegamesError."""
        assert issubclass(cls, ValueError)
        assert issubclass(cls, TilegamesError)
        with pytest.raises(ValueError, match="msg"):
            raise cls("msg")

    def test_public_names(self) -> None:
        """tilegames re-exports the core names (the same objects), with a sorted __all__."""
        for name in errors_module.__all__:
            assert getattr(tilegames, name) is getattr(errors_module, name)
        for name in rules_module.__all__:
            assert getattr(tilegames, name) is getattr(rules_module, name)
        assert list(tilegames.__all__) == sorted(tilegames.__all__)


@attrs.frozen(getstate_setstate=False)
class _Cached(CachedState):
    """A state with one field and one cache, for the CachedState tests."""

    value: int
    _cache: list[int] | None = attrs.field(default=None, init=False, eq=False, repr=False)
    added: str = "standard"
    """A field added later, with a default (as the games' optional component sets)."""


class TestCachedState:
    """Pickling a state keeps its fields and drops its caches."""

    def test_cache_is_not_pickled(self) -> None:
        """The cache is left out of the pickle and comes back as its default."""
        state = _Cached(7)
        object.__setattr__(state, "_cache", [1, 2, 3])
        assert state.__getstate__() == {"value": 7, "added": "standard"}
        back = pickle.loads(pickle.dumps(state))
        assert back == state
        assert back.value == 7
        assert back._cache is None

    def test_a_field_added_later_takes_its_default(self) -> None:
        """A pickle made before a field existed loads with the field at its default."""
        state = _Cached(7, "custom")
        back = _Cached.__new__(_Cached)
        back.__setstate__({"value": 7})  # what an older version pickled
        assert back == _Cached(7)
        assert back.added == "standard" != state.added


class TestRepr:
    """A position's repr, as the docstring of its shared writer shows it."""

    def test_one_player_or_several(self) -> None:
        """The seats are counted in words: 1 player, 2 players."""
        axio = tilegames.get("axio")
        solo = axio.new_game(1, seed=1, mode="solo")
        assert repr(solo) == "<axio State: 1 player, solo mode, turn 0, seat 0 to move>"
        assert repr(axio.new_game(2, seed=1)) == "<axio State: 2 players, turn 0, seat 0 to move>"
