"""Every public function of every game, called with values of the wrong kind.

A caller who passes a State of another game, a View where a State is
needed, a string where a move is needed, or ``None`` gets one documented
error, :class:`~tilegames.WrongTypeError` (also a :class:`TypeError`),
naming what was expected; a seat that is not a seat of the game gets
:class:`~tilegames.SeatError` (also a :class:`ValueError`). No
``AttributeError``, ``KeyError`` or ``IndexError`` escapes from inside.
"""

from __future__ import annotations

import inspect
import itertools
from collections.abc import Callable, Iterator
from types import ModuleType
from typing import Any

import pytest

import tilegames
from step_budget import step_budget
from tilegames import SeatError, TilegamesError, WrongTypeError, axio, axio_rota, aztack, polygon
from tilegames.render import cells_of, to_svg

MODULES: dict[str, ModuleType] = {
    "axio-rota": axio_rota,
    "axio": axio,
    "aztack": aztack,
    "polygon": polygon,
}

with step_budget(500_000):  # built as the module loads: a rules fault fails, it does not hang
    STATES: dict[str, Any] = {name: module.new_game(seed=3) for name, module in MODULES.items()}
    VIEWS: dict[str, Any] = {name: MODULES[name].view(s, 0) for name, s in STATES.items()}
    MOVES: dict[str, Any] = {
        name: MODULES[name].legal_moves(state)[0] for name, state in STATES.items()
    }
INTERNAL = (AttributeError, KeyError, IndexError, RecursionError, UnboundLocalError, NameError)

# The parameters that take a position, and those that take a move.
POSITION_NAMES = ("state", "position", "seen")
MOVE_NAMES = ("move",)


def functions(module: ModuleType) -> Iterator[tuple[str, Callable[..., Any]]]:
    """The public functions of a game module (classes and constants left out)."""
    for name in module.__all__:
        value = getattr(module, name)
        if inspect.isfunction(value):
            yield name, value


def strangers(game: str) -> list[Any]:
    """Values of the wrong kind for any argument: other games' values, builtins, None."""
    others = [STATES[n] for n in MODULES if n != game] + [MOVES[n] for n in MODULES if n != game]
    return [None, "text", "", 7, -1, 2**70, 1.5, (), [], {}, object(), b"x", *others]


def required(function: Callable[..., Any]) -> list[inspect.Parameter]:
    """The positional parameters without a default."""
    return [
        p
        for p in inspect.signature(function).parameters.values()
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) and p.default is p.empty
    ]


def cases(wanted: Callable[[list[inspect.Parameter]], bool]) -> list[Any]:
    """Every public function of every game whose required parameters pass ``wanted``."""
    return [
        pytest.param(game, name, id=f"{game}.{name}")
        for game, module in MODULES.items()
        for name, function in functions(module)
        if wanted(required(function))
    ]


CASES = cases(lambda params: True)
POSITION_CASES = cases(lambda params: bool(params) and params[0].name in POSITION_NAMES)
MOVE_CASES = cases(lambda params: any(p.name in MOVE_NAMES for p in params))


def call(function: Callable[..., Any], args: list[Any]) -> BaseException | None:
    """Call it; return what it raised (an internal error fails the test at once)."""
    try:
        function(*args)
    except INTERNAL as error:  # pragma: no cover (the failure being tested for)
        pytest.fail(
            f"{function.__module__}.{function.__name__}{tuple(args)!r:.200} raised "
            f"{type(error).__name__}: {error}"
        )
    except (TilegamesError, TypeError, ValueError) as error:
        return error
    return None


@pytest.mark.parametrize(("game", "name"), CASES)
def test_no_internal_error_escapes(game: str, name: str) -> None:
    """Any mix of wrong values for the required arguments raises nothing internal."""
    function = getattr(MODULES[game], name)
    params = required(function)
    pool = strangers(game)
    if len(params) <= 2:
        combos: Any = itertools.product(pool, repeat=len(params))
    else:
        combos = (
            tuple(pool[(i * 7 + k) % len(pool)] for k in range(len(params))) for i in range(60)
        )
    for args in combos:
        call(function, list(args))


@pytest.mark.parametrize(("game", "name"), POSITION_CASES)
def test_positions_are_checked(game: str, name: str) -> None:
    """A function taking a position refuses another game's, None and strings: WrongTypeError."""
    function = getattr(MODULES[game], name)
    params = required(function)
    good = good_arguments(game, params)
    for stranger in strangers(game):
        error = call(function, [stranger, *good[1:]])
        assert isinstance(error, WrongTypeError), f"{name}({stranger!r:.60}) raised {error!r}"
        assert "expects" in str(error)


@pytest.mark.parametrize(("game", "name"), MOVE_CASES)
def test_moves_are_checked(game: str, name: str) -> None:
    """A function taking a move refuses other games' moves and strings (pointing at parse_move)."""
    function = getattr(MODULES[game], name)
    params = required(function)
    names = [p.name for p in params]
    index = names.index("move")
    good = good_arguments(game, params)
    written = MODULES[game].format_move(MOVES[game])
    for stranger in [written, None, 3, *(MOVES[n] for n in MODULES if n != game)]:
        args = list(good)
        args[index] = stranger
        error = call(function, args)
        assert isinstance(error, WrongTypeError), f"{name}(..., {stranger!r}) raised {error!r}"
        if isinstance(stranger, str):
            assert "parse_move" in str(error)


def good_arguments(game: str, params: list[inspect.Parameter]) -> list[Any]:
    """Right values by parameter name: the game's state (or view), its move, seat 0."""
    values: dict[str, Any] = {
        "state": STATES[game],
        "position": STATES[game],
        "seen": VIEWS[game],
        "move": MOVES[game],
        "seat": 0,
    }
    return [values.get(p.name) for p in params]


@pytest.mark.parametrize("game", MODULES)
@pytest.mark.parametrize("seat", [-1, 4, 99])
def test_bad_seats(game: str, seat: int) -> None:
    """view() and evaluate() refuse a seat outside the game with SeatError, a ValueError."""
    module = MODULES[game]
    state = STATES[game]
    with pytest.raises(SeatError, match="seat"):
        module.view(state, seat)
    with pytest.raises(SeatError):
        module.evaluate(state, MOVES[game], seat)
    with pytest.raises(ValueError):
        module.view(state, seat)


@pytest.mark.parametrize("game", MODULES)
def test_a_view_is_not_a_state(game: str) -> None:
    """Where a State is needed, the game's own View is refused, naming the State."""
    module = MODULES[game]
    with pytest.raises(WrongTypeError, match="State"):
        module.legal_moves(VIEWS[game])
    with pytest.raises(WrongTypeError, match="State"):
        module.apply(VIEWS[game], MOVES[game])


def test_the_issue_examples() -> None:
    """The two calls that used to crash deep inside now name what was wrong."""
    with pytest.raises(WrongTypeError, match=r"axio_rota\.legal_moves expects .*State"):
        axio_rota.legal_moves(axio.new_game())  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError, match="State or View"):
        to_svg(MOVES["axio"])
    with pytest.raises(WrongTypeError):
        cells_of(STATES["axio"])
    with pytest.raises(TypeError):  # still a TypeError for code that catches the builtin
        axio.apply(STATES["axio"], "R0,1/R1,1")  # type: ignore[arg-type]


def test_game_over_said_once() -> None:
    """The game-over refusal says that the game is over once, with its rule id."""
    for module in MODULES.values():
        state = module.new_game(seed=5)
        while not module.is_over(state):
            state = module.apply(state, module.legal_moves(state)[0])
        move = MOVES[next(n for n, m in MODULES.items() if m is module)]
        with pytest.raises(tilegames.GameOverError) as caught:
            module.apply(state, move)
        assert str(caught.value).count("over") == 1, str(caught.value)


def test_the_cases_cover_the_api() -> None:
    """The position and move cases are not empty: every game's core functions are in them."""
    ids = {param.id for param in POSITION_CASES}
    moved = {param.id for param in MOVE_CASES}
    for game in MODULES:
        assert {f"{game}.legal_moves", f"{game}.view", f"{game}.is_over"} <= ids
        assert {f"{game}.apply", f"{game}.why_illegal", f"{game}.score_move"} <= moved
