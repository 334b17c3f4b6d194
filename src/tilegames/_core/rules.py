"""The contract every game fulfils, the result of a finished game, and the registry.

Generic code (agents, simulation, the command line, :func:`tilegames.testing.check_rules`)
knows a game only through its :class:`Rules`: a bundle of the game module's
functions, available as ``tilegames.<game>.RULES`` or ``tilegames.get(name)``.
"""

from __future__ import annotations

import difflib
import importlib
import inspect
import re
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any, Final, Generic, Protocol, TypeVar, Union

import attrs

from tilegames._core.checks import wrong_type
from tilegames._core.errors import UnknownGameError, WrongTypeError
from tilegames._core.rng import Stream

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
K = TypeVar("K")

Seat = int
"""A player's seat number, ``0 .. players - 1``; play passes from a seat to the next."""

Score = Union[int, tuple[int, ...]]  # noqa: UP007 (a runtime alias on 3.10)
"""A seat's final score: a number, or one number per colour track."""


def _to_scores(scores: Iterable[Score]) -> tuple[Score, ...]:
    return tuple(scores)


def _to_ranking(places: Iterable[Iterable[Seat]]) -> tuple[frozenset[Seat], ...]:
    return tuple(frozenset(place) for place in places)


OPTIONAL: Final = {"optional": True}
"""attrs metadata of a field added after version 1 of the JSON format.

:mod:`tilegames.serialize` leaves such a field out of a document while it
holds its default, and a document without it loads with the default, so
documents written before the field existed still load.
"""


@attrs.frozen
class Outcome:
    """The result of a finished game.

    A game's ``outcome`` fills in ``game`` and ``mode``, so that an outcome
    knows which game it ends and :mod:`tilegames.serialize` can save and load
    it on its own.

    >>> result = Outcome(scores=(7, 9, 9), ranking=[{1, 2}, {0}])
    >>> sorted(result.winners), result.place(0)
    ([1, 2], 2)
    """

    scores: tuple[Score, ...] = attrs.field(converter=_to_scores)
    """Each seat's final score, by seat (the game documents what a score is)."""

    ranking: tuple[frozenset[Seat], ...] = attrs.field(converter=_to_ranking)
    """The places, best first; seats that tie share a place (a frozenset)."""

    reason: str = ""
    """Why the game ended, in words, with the rule id (for example ``"ROTA-17 ..."``)."""

    game: str = attrs.field(default="", kw_only=True, metadata=OPTIONAL)
    """The registry name of the game (:func:`tilegames.get`), or ``""`` if not known."""

    mode: str = attrs.field(default="", kw_only=True, metadata=OPTIONAL)
    """The game's mode or variant when it has several (``"team"``, ``"speed"``), else ``""``."""

    def __attrs_post_init__(self) -> None:
        """Check that there are seats and that the ranking places each exactly once."""
        if not self.scores:
            msg = "an outcome needs at least one seat"
            raise ValueError(msg)
        seats = [seat for place in self.ranking for seat in place]
        if sorted(seats) != list(range(len(self.scores))) or any(not p for p in self.ranking):
            msg = (
                f"ranking {[sorted(p) for p in self.ranking]} must place each of the "
                f"{len(self.scores)} seats exactly once, in non-empty places"
            )
            raise ValueError(msg)

    @property
    def winners(self) -> frozenset[Seat]:
        """The seats in first place (several when they share it)."""
        return self.ranking[0]

    def place(self, seat: Seat) -> int:
        """The 1-based place of a seat; tied seats share the place number.

        Raises:
            ValueError: if the seat is not in the game.
        """
        for number, place in enumerate(self.ranking, start=1):
            if seat in place:
                return number
        msg = f"seat {seat} is not in this game (seats 0..{len(self.scores) - 1})"
        raise ValueError(msg)


def rank_by(keys: Sequence[K], *, higher_is_better: bool = True) -> tuple[frozenset[Seat], ...]:
    """Rank seats by a comparable key per seat; equal keys share a place.

    >>> rank_by([(7, 8), (7, 9), (7, 8)])
    (frozenset({1}), frozenset({0, 2}))
    >>> rank_by([3, 1, 2], higher_is_better=False)
    (frozenset({1}), frozenset({2}), frozenset({0}))
    """
    order = sorted(range(len(keys)), key=keys.__getitem__, reverse=higher_is_better)  # type: ignore[arg-type]
    places: list[set[Seat]] = []
    previous: object = object()
    for seat in order:
        if places and keys[seat] == previous:
            places[-1].add(seat)
        else:
            places.append({seat})
            previous = keys[seat]
    return tuple(frozenset(place) for place in places)


Options = tuple[tuple[str, Any], ...]
"""Keyword options of ``new_game`` besides the player count and the seed.

``(name, value)`` pairs sorted by name: the one options type of
:class:`Setup` and :class:`tilegames.records.Record`.
"""


def sorted_options(pairs: Iterable[tuple[str, Hashable]]) -> Options:
    """The pairs sorted by name, as :class:`Setup` and records keep them."""
    return tuple(sorted(pairs, key=lambda pair: str(pair[0])))


def new_game_kwargs(players: int, options: Options, **more: Any) -> dict[str, Any]:
    """The keyword arguments of ``new_game``: the players, ``more`` (a seed), the options.

    >>> new_game_kwargs(2, (("mode", "team"),), seed=7)
    {'players': 2, 'seed': 7, 'mode': 'team'}
    """
    return {"players": players, **more, **dict(options)}


def _to_options(options: Mapping[str, Hashable] | Iterable[tuple[str, Hashable]]) -> Options:
    return sorted_options(options.items() if isinstance(options, Mapping) else options)


@attrs.frozen
class Setup:
    """One way to start a game: a player count and the keyword options of ``new_game``.

    >>> str(Setup(4, {"mode": "team"}))
    '4 players, mode=team'
    """

    players: int
    """The number of seats."""

    options: Options = attrs.field(default=(), converter=_to_options)
    """Further keyword arguments for ``new_game``, as sorted ``(name, value)`` pairs."""

    def __attrs_post_init__(self) -> None:
        """Refuse a player count hidden among the options."""
        if any(key == "players" for key, _ in self.options):
            msg = "give the player count as Setup(players, ...), not as an option"
            raise ValueError(msg)

    @property
    def kwargs(self) -> dict[str, Any]:
        """The keyword arguments for ``new_game``, ``players`` included."""
        return new_game_kwargs(self.players, self.options)

    def __str__(self) -> str:
        """Describe the setup in words."""
        text = f"{self.players} player" + ("" if self.players == 1 else "s")
        return ", ".join([text, *(f"{key}={value}" for key, value in self.options)])


class Rules(Protocol[StateT, MoveT]):
    """What generic code may ask of a game: the module-level functions of its module.

    ``StateT`` and ``MoveT`` are the game's state and move classes. Every game
    module exposes an instance as ``RULES``.
    """

    @property
    def name(self) -> str:
        """The registry name, for example ``"axio-rota"``."""
        ...

    @property
    def title(self) -> str:
        """The game's name for people, for example ``"AXIO Rota"``."""
        ...

    @property
    def setups(self) -> tuple[Setup, ...]:
        """Every supported player count and variant, the default first."""
        ...

    def new_game(self, players: int = ..., *, seed: int | None = None, **options: Any) -> StateT:
        """Start a game.

        Args:
            players: the number of seats (the game's default when left out).
            seed: the seed of every chance step of a seeded game; ``None``
                draws a fresh one. Equal seeds and options give equal games.
            options: the game's variants (``mode=``, ``chance="explicit"``,
                a custom set, ...), as its page documents them.

        Returns:
            The first state: the first seat to move, or chance in an explicit game.

        Raises:
            ConfigurationError: for a player count or an option the game does
                not allow, naming it and the rule.
            WrongTypeError: for an argument of the wrong type.
        """
        ...

    def players(self, state: StateT) -> int:
        """The number of seats in the game.

        Raises:
            WrongTypeError: if ``state`` is not a state of the game.
        """
        ...

    def to_move(self, state: StateT) -> tuple[Seat, ...]:
        """The seats that may move now; ``()`` exactly when the game is over.

        ``(CHANCE,)`` while an explicit game waits for chance.

        Raises:
            WrongTypeError: if ``state`` is not a state of the game.
            InvalidStateError: if a state the rules did not make breaks them.
        """
        ...

    def legal_moves(self, state: StateT) -> Sequence[MoveT]:
        """Every legal move, each distinct physical choice once, in a documented order.

        Returns:
            A sequence (often lazy: a move is built when it is read) in the
            order the game's page gives; ``()`` once the game is over.

        Raises:
            WrongTypeError: if ``state`` is not a state of the game.
            InvalidStateError: if a state the rules did not make breaks them.
        """
        ...

    def apply(self, state: StateT, move: MoveT) -> StateT:
        """The state after the move.

        Args:
            state: the state to move from; it is not changed.
            move: a legal move (one of ``legal_moves(state)``, or equal to one).

        Returns:
            The new state.

        Raises:
            GameOverError: if the game is over.
            IllegalMoveError: if the move is not legal; the message has the
                move in notation, the reason, the rule id and whose turn it is.
            WrongTypeError: if ``state`` or ``move`` is not of the game.
            InvalidStateError: if a state the rules did not make breaks them.
        """
        ...

    def why_illegal(self, state: StateT, move: MoveT) -> str | None:
        """``None`` for a legal move, else the reason in words with the rule id.

        ``why_illegal(state, move) is None`` exactly when ``move`` is in
        ``legal_moves(state)``; once the game is over the reason says so.

        Raises:
            WrongTypeError: if ``state`` or ``move`` is not of the game.
            InvalidStateError: if a state the rules did not make breaks them.
        """
        ...

    def score_move(self, state: StateT, move: MoveT) -> Any:
        """What the move would score, without applying it (the game documents the type).

        Raises:
            GameOverError: if the game is over.
            IllegalMoveError: if the move is not legal, as :meth:`apply` says.
            WrongTypeError: if ``state`` or ``move`` is not of the game.
        """
        ...

    def is_over(self, state: StateT) -> bool:
        """Whether the game has ended (``to_move`` is then ``()``).

        Raises:
            WrongTypeError: if ``state`` is not a state of the game.
        """
        ...

    def outcome(self, state: StateT) -> Outcome | None:
        """The result once the game is over, else ``None``; its ``game`` is :attr:`name`.

        Returns:
            An :class:`~tilegames.Outcome`: one score per seat as the game
            counts it, the places best first (tied seats share one), the
            reason in words with the rule id, and the mode where the game has
            several.

        Raises:
            WrongTypeError: if ``state`` is not a state of the game.
        """
        ...

    def view(self, state: StateT, seat: Seat | None) -> Any:
        """What the seat may see: the state without the parts hidden from it.

        Args:
            state: the position.
            seat: the seat that looks, ``0 .. players - 1``; or ``None`` for
                the public view, what an onlooker at the table sees (a
                server's spectators): no seat's hidden tiles.

        Returns:
            The game's ``View`` (or the state itself in a game that hides
            nothing): what is public, and what ``seat`` alone may see. The
            public view is of the same class, its ``seat`` ``None``; it holds
            nothing that a seat's view hides from another seat
            (:func:`tilegames.testing.check_rules` checks it), and
            :mod:`tilegames.serialize` writes it like any view.

        Raises:
            SeatError: if there is no such seat.
            WrongTypeError: if ``state`` is not a state of the game.
        """
        ...

    def parse_move(self, text: str, state: StateT) -> MoveT:
        """Read a move in the game's notation.

        Args:
            text: the move as :meth:`format_move` writes it.
            state: the position it is read in (some notations name pieces
                the position knows).

        Raises:
            NotationError: for text that is not a move of the game, saying
                what was expected.
            WrongTypeError: if ``text`` is not a string.
        """
        ...

    def format_move(self, move: MoveT) -> str:
        """Write a move in the game's notation (the inverse of ``parse_move``).

        Raises:
            WrongTypeError: if ``move`` is not a move of the game.
        """
        ...

    @property
    def evaluate(self) -> Callable[[StateT, MoveT, Seat], float] | None:
        """Optional: how good a move looks right now for a seat, higher is better.

        Greedy play and search use it to rank moves. A game gives one when its
        :meth:`score_move` alone is a poor guide (the AXIO games weigh the
        lowest colours); ``None`` lets :mod:`tilegames.agents` fall back on
        :meth:`score_move` when it returns a number or a tuple of numbers.
        """
        ...

    @property
    def determinize(self) -> Callable[[Any, Stream], StateT] | None:
        """Optional: a full state consistent with a view, its hidden parts sampled.

        ``determinize(view, stream)`` returns a state that the seat of ``view``
        cannot tell from the true one: the visible parts as in the view, the
        hidden ones (tiles in a bag, other seats' racks, the seed) drawn at
        random from ``stream`` among those consistent with it. It must read
        nothing but the view, so that a search built on it cannot cheat.
        ``None`` means the game hides nothing: its ``view`` is a state that
        agents can search from.

        In a game where several seats may move at once (``to_move`` names more
        than one), each move carries its seat as a ``seat`` attribute.
        """
        ...

    @property
    def chance_outcomes(self) -> Callable[[StateT], tuple[tuple[MoveT, Fraction], ...]] | None:
        """Optional: the outcomes of the chance step a state waits for, with their probabilities.

        In a game started with ``chance="explicit"``, ``to_move(state)`` is
        ``(CHANCE,)`` while chance decides (a tile drawn, a die rolled), and
        ``chance_outcomes(state)`` gives each distinct outcome once with its
        exact probability (:class:`fractions.Fraction`, summing to 1); ``()``
        at any other step. An unseen draw (:class:`tilegames.chance.Unseen`)
        is a legal move there but never one of these outcomes. ``None``: the
        game has no chance at all.
        """
        ...

    @property
    def choices(self) -> Callable[..., Any] | None:
        """Optional: a move picked part by part, as a person makes it.

        ``choices(state, picked=(), *, seat=None)`` gives the next part to
        pick after the parts in ``picked`` (the options picked so far, one a
        part), as a :class:`~tilegames.Choice`: its ``kind`` (a documented
        name such as ``"tile"`` or ``"cell"``), its ``options`` (a mapping
        from each option to the legal moves it still leads to, in the order
        ``legal_moves`` first lists a move through each) and ``move`` (the
        move once only one is left, else ``None``). ``seat`` is the seat that
        picks (one that may move now; in a mode where several seats move at
        once, any of them), or ``None``. ``None``: the game offers no such
        help.

        The function raises :class:`~tilegames.WrongTypeError` if the state is
        not the game's, ``picked`` is not a tuple of hashable options or
        ``seat`` is not an int, and :class:`~tilegames.IllegalMoveError` if a
        part picked is not offered (naming it and the options), more parts are
        picked than the move has, or ``seat`` may not move now.
        """
        ...

    @property
    def pictures(self) -> Pictures | None:
        """Optional: pieces, previews and highlights for :mod:`tilegames.render`."""
        ...

    @property
    def encoding(self) -> Any | None:
        """Optional: fixed integer actions and array observations, for :mod:`tilegames.envs`."""
        ...

    @property
    def state_type(self) -> type | None:
        """The game's State class (tooling finds a value's game through it)."""
        ...

    @property
    def view_type(self) -> type | None:
        """The game's View class, or ``None`` when ``view`` returns a State."""
        ...

    @property
    def move_types(self) -> tuple[type, ...]:
        """The game's move classes (every class a move can be an instance of)."""
        ...

    @property
    def draw(self) -> Callable[..., str] | None:
        """Optional: the SVG picture of a state or view, for :func:`tilegames.render.to_svg`.

        ``draw(position, *, last_move, targets)`` returns SVG text; ``targets``
        is a sorted list of ``(x, y)`` cells to mark as clickable.
        ``None``: the game has no picture.
        """
        ...

    @property
    def move_cells(self) -> Callable[[MoveT], tuple[tuple[int, int], ...]] | None:
        """Optional: the cells a move places on, as in its picture (``()`` for none)."""
        ...

    @property
    def search_endgame(self) -> int | None:
        """Optional: the game's ``endgame`` for :class:`~tilegames.agents.MCTSAgent`.

        An agent left at ``endgame="game"`` plays every playout to the end once
        a decision's first playout ends the game within this many moves.
        ``None``: never (playouts stop after the agent's ``horizon``).
        """
        ...

    @property
    def validate(self) -> Callable[[Any], None] | None:
        """Optional: check a state, view or outcome of the game made outside its rules.

        ``validate(value)`` returns quietly for a value that the game could
        have reached (the fields in range, every tile or stone of the set
        exactly once, scores within their caps, a player count the game
        allows) and raises :class:`~tilegames.InvalidStateError` naming the
        field and the problem otherwise. :mod:`tilegames.serialize` calls it
        on everything it loads, so that no document makes a broken state.
        ``None`` means the game offers no such check.
        """
        ...


@attrs.frozen
class Pictures:
    """What a game draws besides whole positions: pieces, previews and highlights.

    :mod:`tilegames.render` uses it for :func:`~tilegames.render.piece_svg`,
    :func:`~tilegames.render.laid_svg` and ``to_svg(..., move=, recent=)``.
    A game offers it as ``pictures`` in its :class:`GameRules`.
    """

    piece: Callable[..., str]
    """``piece(piece, *, rotation, **options)``: the SVG of one tile or stone."""
    placed: Callable[[Any, Any], Any]
    """``placed(view, move)``: the view with the move's piece laid, nothing else changed."""
    scored: Callable[[Any, Any], Iterable[str]]
    """``scored(position, move)``: SVG attribute selectors of the pieces the move scores with."""
    laid: Callable[..., str | None]
    """``laid(position, move, *, size)``: the SVG of the piece a move lays, or ``None``."""
    marks: Callable[[Any], tuple[str, ...]] | None = None
    """``marks(move)``: selectors of the pieces a move lays, when not found by its cells."""


@attrs.frozen
class GameRules(Generic[StateT, MoveT]):
    """The concrete :class:`Rules` of a game: its module's functions, bundled.

    A game package's face ends with :meth:`collect`, which takes the members
    from the package by name::

        RULES = GameRules.collect(globals(), NAME, TITLE, SETUPS, move_types=(Place, Pass))

    Instances compare by their functions and pickle by reference to them.
    Each field is the member of :class:`Rules` with the same name, and these
    fields are the one list of the members: :meth:`collect` and the checks
    of the contract read them. The optional ``evaluate``, ``determinize``,
    ``validate``, ``chance_outcomes``, ``choices``, ``pictures``,
    ``encoding``, ``draw``, ``move_cells`` and ``search_endgame`` default
    to ``None``.
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
        ``evaluate``, ``determinize``, ``validate``, ``chance_outcomes``,
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
        return cls(name=name, title=title, setups=setups, **found, **fields)


_GIVEN: Final = (
    "name",
    "title",
    "setups",
    "state_type",
    "view_type",
    "move_types",
    "search_endgame",
)
"""The fields of :class:`GameRules` that :meth:`~GameRules.collect` does not take by name."""
_BY_NAME: Final = tuple(f.name for f in attrs.fields(GameRules) if f.name not in _GIVEN)
_REQUIRED: Final = tuple(
    f.name for f in attrs.fields(GameRules) if f.default is attrs.NOTHING and f.name not in _GIVEN
)


def _misspelt(namespace: Mapping[str, Any], members: Iterable[str]) -> str:
    """A hint naming what in ``namespace`` looks like one of ``members`` (or ``""``)."""
    close = [
        f"{near!r} for {member!r}"
        for member in members
        for near in difflib.get_close_matches(member, list(namespace), n=1, cutoff=0.85)
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


def game_of(value: object) -> Rules[Any, Any]:
    """The :class:`Rules` of the registered game that a value (or class) belongs to.

    A state, view or move belongs to the game whose ``state_type``,
    ``view_type`` or ``move_types`` names its class; an :class:`Outcome` to
    the game it names.

    >>> from tilegames import axio_rota
    >>> game_of(axio_rota.new_game(seed=1)).name, game_of(axio_rota.Move).name
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
    name = _OWNERS.get(kind)
    if name is None:
        for candidate in names():
            rules = get(candidate)
            for owned in _owned(rules):
                _OWNERS.setdefault(owned, candidate)
        name = _OWNERS.get(kind)
    if name is None:
        what = kind.__name__ if isinstance(value, type) else f"a {kind.__name__}"
        msg = (
            f"{what} is not a state, view or move of a registered game "
            f"(known games: {', '.join(names())})"
        )
        raise WrongTypeError(msg)
    return get(name)
