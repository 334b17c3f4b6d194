"""The concrete bundle of a game's functions, and the registry of games.

Generic code (agents, simulation, the command line, :func:`tilegames.testing.check_rules`)
knows a game only through its :class:`Rules`: a bundle of the game module's
functions, available as ``tilegames.<game>.RULES`` or ``tilegames.get(name)``.
This module is the one door to that contract inside the library: it holds
:class:`GameRules` and the registry, and re-exports the protocol
(:mod:`tilegames._core.protocol`) and the values every game shares
(:mod:`tilegames._core.basics`).
"""

from __future__ import annotations

import difflib
import importlib
import inspect
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any, Final, Generic, TypeVar

import attrs

from tilegames._core.basics import OPTIONAL as OPTIONAL
from tilegames._core.basics import Options as Options
from tilegames._core.basics import Outcome, Score, Seat, Setup, rank_by
from tilegames._core.basics import new_game_kwargs as new_game_kwargs
from tilegames._core.basics import sorted_options as sorted_options
from tilegames._core.checks import OWNER_OF, wrong_type
from tilegames._core.errors import UnknownGameError, WrongTypeError
from tilegames._core.options import Option, option_keywords
from tilegames._core.protocol import Pictures, Rules
from tilegames._core.rng import Stream
from tilegames._core.words import Words

__all__ = [
    "GameRules",
    "Outcome",
    "Pictures",
    "Rules",
    "Score",
    "Seat",
    "Setup",
    "game_of",
    "get",
    "names",
    "rank_by",
    "register",
]

StateT = TypeVar("StateT")
MoveT = TypeVar("MoveT")


@attrs.frozen
class GameRules(Generic[StateT, MoveT]):
    """The concrete :class:`Rules` of a game: its module's functions, bundled.

    A game package's face ends with :meth:`collect`, which takes the members
    from the package by name::

        RULES = GameRules.collect(globals(), NAME, TITLE, SETUPS, move_types=(Place, Pass))

    Instances compare by their functions and pickle by reference to them.
    Each field is the member of :class:`Rules` with the same name, and these
    fields are the one list of the members: :meth:`collect` and the checks
    of the contract read them. The optional ``format_moves``, ``evaluate``,
    ``determinize``, ``validate``, ``chance_outcomes``, ``choices``,
    ``pictures``, ``encoding``, ``draw``, ``move_cells`` and
    ``search_endgame`` default to ``None``.
    ``state_type``, ``view_type`` and ``move_types`` name the classes the
    game owns: :func:`game_of` finds a value's game through them, and so do
    JSON, pictures and every other tool.
    """

    name: str
    title: str
    setups: tuple[Setup, ...]
    new_game: Callable[..., StateT]
    players: Callable[[StateT], int]
    to_move: Callable[[StateT], tuple[Seat, ...]]
    legal_moves: Callable[[StateT], Sequence[MoveT]]
    apply: Callable[[StateT, MoveT], StateT]
    why_illegal: Callable[[StateT, MoveT], str | None]
    score_move: Callable[[StateT, MoveT], Any]
    is_over: Callable[[StateT], bool]
    outcome: Callable[[StateT], Outcome | None]
    view: Callable[[StateT, Seat | None], Any]
    parse_move: Callable[[str, StateT], MoveT]
    format_move: Callable[[MoveT], str]
    format_moves: Callable[[Sequence[MoveT]], list[str]] | None = None
    evaluate: Callable[[StateT, MoveT, Seat], float] | None = None
    determinize: Callable[[Any, Stream], StateT] | None = None
    validate: Callable[[Any], None] | None = None
    chance_outcomes: Callable[[StateT], tuple[tuple[MoveT, Fraction], ...]] | None = None
    choices: Callable[..., Any] | None = None
    pictures: Pictures | None = None
    encoding: Any | None = None
    state_type: type | None = None
    view_type: type | None = None
    move_types: tuple[type, ...] = ()
    draw: Callable[..., str] | None = None
    move_cells: Callable[[MoveT], tuple[tuple[int, int], ...]] | None = None
    search_endgame: int | None = None
    options: tuple[Option, ...] | None = None
    words: Words | None = None

    def __repr__(self) -> str:
        """Name the game rather than listing every function."""
        return f"<GameRules {self.name!r}>"

    @classmethod
    def collect(
        cls,
        namespace: Mapping[str, Any],
        name: str,
        title: str,
        setups: tuple[Setup, ...],
        **fields: Any,
    ) -> GameRules[Any, Any]:
        """Bundle what a game defines under the names of :class:`Rules`.

        A game package's face ends with
        ``RULES = GameRules.collect(globals(), NAME, TITLE, SETUPS, move_types=(Place,))``:
        every member of :class:`GameRules` but ``name``, ``title``,
        ``setups``, the classes and ``search_endgame`` (a number, given in
        ``fields`` where the game has one) is taken from ``namespace`` by its name
        (the required ``new_game`` .. ``format_move``, the optional
        ``format_moves``, ``evaluate``, ``determinize``, ``validate``, ``chance_outcomes``,
        ``choices``, ``pictures``, ``encoding``, ``draw`` and
        ``move_cells``), and so are the classes ``State`` (as
        ``state_type``) and ``View`` (as ``view_type``), unless given in
        ``fields``.

        Raises:
            TypeError: naming a required function that the namespace lacks, a
                name that is one letter or two away from a member the
                namespace lacks (``determinise`` for ``determinize``), or a
                member that is not a function taking the member's arguments.
        """
        found = {
            member: namespace[member]
            for member in _BY_NAME
            if member in namespace and member not in fields
        }
        for member, kind in (("state_type", "State"), ("view_type", "View")):
            if member not in fields and isinstance(namespace.get(kind), type):
                found[member] = namespace[kind]
        given = {**found, **fields}
        missing = [member for member in _REQUIRED if member not in given]
        if missing:
            msg = f"the game defines no {', '.join(missing)}: GameRules needs every Rules function"
            raise TypeError(msg + _misspelt(namespace, missing))
        for member in _BY_NAME:
            if member not in given and (hint := _misspelt(namespace, [member])):
                msg = f"the game defines no {member}, but{hint[1:]}"
                raise TypeError(msg)
        for member, value in found.items():
            _check_shape(member, value)
        rules = cls(name=name, title=title, setups=setups, **found, **fields)
        if rules.options is not None:
            _check_declared(rules)
        return rules


_GIVEN: Final = (
    "name",
    "title",
    "setups",
    "state_type",
    "view_type",
    "move_types",
    "search_endgame",
    "options",
    "words",
)
"""The fields of :class:`GameRules` that :meth:`~GameRules.collect` does not take by name."""
_BY_NAME: Final = tuple(f.name for f in attrs.fields(GameRules) if f.name not in _GIVEN)
_MEMBERS: Final = frozenset(f.name for f in attrs.fields(GameRules))
_REQUIRED: Final = tuple(
    f.name for f in attrs.fields(GameRules) if f.default is attrs.NOTHING and f.name not in _GIVEN
)


def _check_declared(rules: GameRules[Any, Any]) -> None:
    """Refuse declared options that are not ``new_game``'s keywords with their defaults.

    A setup with an option that is not declared is refused too.
    """
    keywords = option_keywords(rules.new_game)
    declared = {option.name: option.default for option in rules.options or ()}
    if declared != keywords:
        msg = (
            f"{rules.name}'s options {declared} are not the keywords of its new_game "
            f"with their defaults {keywords}"
        )
        raise TypeError(msg)
    for setup in rules.setups:
        unknown = [name for name, _ in setup.options if name not in declared]
        if unknown:
            msg = f"{rules.name}'s setup {setup} has an option it does not declare: {unknown[0]}"
            raise TypeError(msg)


def _misspelt(namespace: Mapping[str, Any], members: Iterable[str]) -> str:
    """A hint naming what in ``namespace`` looks like one of ``members`` (or ``""``).

    A member's own name is no misspelling of another (``format_move`` of
    ``format_moves``).
    """
    others = [name for name in namespace if name not in _MEMBERS]
    close = [
        f"{near!r} for {member!r}"
        for member in members
        for near in difflib.get_close_matches(member, others, n=1, cutoff=0.85)
    ]
    return f"; it defines {', '.join(close)}: a misspelt name?" if close else ""


def _arity(member: str) -> int | None:
    """How many arguments :class:`Rules` passes to a member, read from its field's type."""
    kind = attrs.fields_dict(GameRules)[member].type
    found = re.match(r"Callable\[\[([^\]]*)\]", kind) if isinstance(kind, str) else None
    return None if found is None else len(found.group(1).split(","))


def _check_shape(member: str, value: object) -> None:
    """Refuse a collected member that cannot serve as ``member``, naming it."""
    if member == "encoding":
        return
    if member == "pictures":
        if not isinstance(value, Pictures):
            msg = f"the game's pictures is {type(value).__name__}, not a Pictures"
            raise TypeError(msg)
        return
    if not callable(value):
        msg = f"the game's {member} is {type(value).__name__}, not a function"
        raise TypeError(msg)
    count = _arity(member)
    if count is None:  # Callable[..., X]: any arguments
        return
    try:
        signature = inspect.signature(value)
    except (TypeError, ValueError):  # a builtin without a signature: nothing to read
        return
    try:
        signature.bind(*range(count))
    except TypeError:
        msg = f"the game's {member}{signature} cannot take the {count} arguments Rules passes"
        raise TypeError(msg) from None


# The registry: a name maps to its Rules, or to the module that defines RULES
# (imported on first use, so that ``import tilegames`` stays cheap).
_BUILTIN: dict[str, str] = {
    "axio": "tilegames.axio",
    "axio-rota": "tilegames.axio_rota",
    "aztack": "tilegames.aztack",
    "polygon": "tilegames.polygon",
}
_REGISTRY: dict[str, Rules[Any, Any] | str] = dict(_BUILTIN)
_OWNERS: dict[type, str] = {}  # class -> game name, filled by game_of


def register(rules: Rules[Any, Any], *, replace: bool = False) -> None:
    """Make a game available under ``rules.name`` to :func:`get` and :func:`names`.

    Raises:
        ValueError: if the name is taken and ``replace`` is false.
    """
    if rules.name in _REGISTRY and not replace:
        msg = f"a game named {rules.name!r} is already registered; pass replace=True"
        raise ValueError(msg)
    _REGISTRY[rules.name] = rules
    _OWNERS.clear()


def names() -> tuple[str, ...]:
    """The names of every registered game, sorted.

    >>> isinstance(names(), tuple)
    True
    """
    return tuple(sorted(_REGISTRY))


def get(name: str) -> Rules[Any, Any]:
    """Return the :class:`Rules` of the game registered as ``name``.

    Raises:
        UnknownGameError: naming the games that are known.
        WrongTypeError: if ``name`` is not a str.
    """
    if not isinstance(name, str):
        wrong_type("tilegames.get", "a game's name (a str)", name)
    try:
        entry = _REGISTRY[name]
    except KeyError:
        known = ", ".join(names()) or "none"
        msg = f"no game named {name!r}; known games: {known}"
        raise UnknownGameError(msg) from None
    if isinstance(entry, str):
        rules: Rules[Any, Any] = importlib.import_module(entry).RULES
        _REGISTRY[name] = entry = rules
    return entry


def _owned(rules: Rules[Any, Any]) -> tuple[type, ...]:
    kinds = (getattr(rules, "state_type", None), getattr(rules, "view_type", None))
    return (*(kind for kind in kinds if kind is not None), *getattr(rules, "move_types", ()))


def _owner(kind: type) -> str | None:
    """The name of the registered game whose state, view or move class ``kind`` is, or ``None``."""
    name = _OWNERS.get(kind)
    if name is None:
        for candidate in names():
            for owned in _owned(get(candidate)):
                _OWNERS.setdefault(owned, candidate)
        name = _OWNERS.get(kind)
    return name


def _owner_title(kind: type) -> str | None:
    """The title of the game that owns ``kind``, for messages (:data:`checks.OWNER_OF`)."""
    try:
        name = _owner(kind)
    except Exception:  # a registered game that fails to import: the message names no game
        return None
    return None if name is None else get(name).title


OWNER_OF[:] = [_owner_title]


def game_of(value: object) -> Rules[Any, Any]:
    """The :class:`Rules` of the registered game that a value (or class) belongs to.

    A state, view or move belongs to the game whose ``state_type``,
    ``view_type`` or ``move_types`` names its class; an :class:`Outcome` to
    the game it names.

    >>> from tilegames import axio_rota
    >>> game_of(axio_rota.new_game(seed=1)).name, game_of(axio_rota.Place).name
    ('axio-rota', 'axio-rota')

    Raises:
        WrongTypeError: if no registered game owns it.
    """
    if type(value) is Outcome:
        if value.game:
            return get(value.game)
        msg = "this Outcome does not name its game (its game field is empty)"
        raise WrongTypeError(msg)
    kind = value if isinstance(value, type) else type(value)
    name = _owner(kind)
    if name is None:
        what = kind.__name__ if isinstance(value, type) else f"a {kind.__name__}"
        msg = (
            f"{what} is not a state, view or move of a registered game "
            f"(known games: {', '.join(names())})"
        )
        raise WrongTypeError(msg)
    return get(name)
