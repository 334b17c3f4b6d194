"""The contract every game fulfils: the :class:`Rules` protocol, and its :class:`Pictures`.

Generic code (agents, simulation, the command line, :func:`tilegames.testing.check_rules`)
knows a game only through its :class:`Rules`: a bundle of the game module's
functions, available as ``tilegames.<game>.RULES`` or ``tilegames.get(name)``.
The concrete bundle, :class:`~tilegames.GameRules`, and the registry are in
:mod:`tilegames._core.rules`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from typing import Any, Protocol, TypeVar

import attrs

from tilegames._core.basics import Outcome, Seat, Setup
from tilegames._core.options import Option
from tilegames._core.rng import Stream
from tilegames._core.words import Words

__all__ = ["Pictures", "Rules"]

StateT = TypeVar("StateT")
MoveT = TypeVar("MoveT")


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
    def format_moves(self) -> Callable[[Sequence[MoveT]], list[str]] | None:
        """Optional: many moves in notation at once, as :meth:`format_move` writes each.

        ``format_moves(moves)`` returns ``[format_move(move) for move in
        moves]``, the same texts in the same order, for any sequence of the
        game's moves; a game gives one when it writes a whole listing of
        :meth:`legal_moves` much faster than move by move (AXIO's placements
        are pairs of cells times tiles: each cell's text is made once, and no
        move object is built). The server sends every legal move of a turn in
        notation. ``None``: callers write the moves one by one.
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

        A game with chance says its mode on every State and View by one name:
        ``explicit``, a bool, ``True`` exactly in a game started with
        ``chance="explicit"`` (a field in most games, a property where the
        game's data already tells).
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
    def options(self) -> tuple[Option, ...] | None:
        """Optional: the keyword options of :meth:`new_game`, declared.

        A tuple of :class:`~tilegames.Option`, one for each keyword of
        ``new_game`` besides ``players`` and ``seed``: its ``name``, the
        ``type`` of its written form (the form records and the server keep:
        ``str``, ``tuple[str, ...]``, ...), its ``default``, the ``choices``
        allowed when they are few, a one-line ``doc``, and ``written``, the
        game's reader of every form ``new_game`` takes. Records, the server,
        the command line and the docs' options tables read it, through
        :func:`tilegames.check_options`. ``None``: the game declares none;
        its options are passed to ``new_game`` as given.
        """
        ...

    @property
    def words(self) -> Words | None:
        """Optional: the game's words, declared (:class:`~tilegames.Words`).

        The letter and word of each letter its boards and pieces use
        (``letters``), the word of each colour or symbol by number
        (``colours``), the words of a seat's score tracks in the order of
        its score (``tracks``), what a one-number score counts (``score``,
        and ``lower_is_better``), the kinds of :class:`~tilegames.Choice`
        that pick a piece or a cell (``pieces``, ``cells``), the text
        board's ``legend`` and ``piece(position, move)``, the short name of
        the piece a move lays (its picture's title). The text board, the
        command line and the server's history in words read them.
        ``None``: the game declares none.
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
