"""A move picked part by part, as a person makes it: :class:`Choice` and the shared builder.

A game's ``choices(state, picked=())`` answers "what does the person pick
next?": given the parts of a move picked so far, it returns a :class:`Choice`
with the ``kind`` of the next part (a documented name from :data:`KINDS`),
its ``options`` (each option mapped to the legal moves it still leads to) and
``move`` (the move once only one is left). A game says only how a move splits
into parts, in order (its *path*); :func:`build_choices` does the rest, the
same way for every game:

- The options of a part come in the order in which ``legal_moves`` first
  lists a move through them (a documented, stable order).
- Walking every path from ``picked=()`` reaches every legal move exactly once:
  two moves never share a path, and one path never ends inside another.
- At a chance step (``to_move`` is ``(CHANCE,)``) the one part is the
  ``"outcome"``: each legal move is an option of its own.
- Where several seats may move at once (a speed mode), the first part is the
  ``"seat"``, unless ``choices`` is given the ``seat`` that picks.

>>> path_of = lambda move: (("tile", move[0]), ("cell", move[1]))
>>> choice = build_choices("game", [("a", 1), ("a", 2), ("b", 1)], path_of, ())
>>> choice.kind, list(choice.options), choice.move
('tile', ['a', 'b'], None)
>>> build_choices("game", [("a", 1), ("a", 2), ("b", 1)], path_of, ("b",)).move
('b', 1)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, Final, Generic, Protocol, TypeVar

import attrs

from tilegames._core.chance import CHANCE
from tilegames._core.checks import shown, wrong_type
from tilegames._core.errors import IllegalMoveError, WrongTypeError
from tilegames._core.memo import LastOf
from tilegames._core.rules import Seat

__all__ = [
    "DONE",
    "KINDS",
    "Choice",
    "ChoicesFunction",
    "Part",
    "build_choices",
    "choices_function",
    "game_choices",
    "move_path",
]

M = TypeVar("M")
S = TypeVar("S")
S_contra = TypeVar("S_contra", contravariant=True)

Part = tuple[str, Hashable]
"""One part of a move's path: the kind of part and the option picked for it."""

DONE: Final = "done"
"""The ``kind`` of a :class:`Choice` once every part is picked: no options, ``move`` set."""

KINDS: Final = {
    "tile": "a tile from the rack (AXIO), or from the drawn tiles (Polygon)",
    "stone": "a stone from the seat's supply, by id (Aztack)",
    "cell": "the cell a tile or stone (its first half, its lower colour) goes on",
    "second_cell": "the cell of the other half of a two-cell tile or stone",
    "rotation": "quarter turns clockwise of the tile as it is held (AXIO Rota)",
    "colour": "the colour named for a tile's empty corner (AXIO Rota)",
    "discard": "a stone to discard with a bonus, or None for none (Aztack)",
    "swap": '"swap" or "keep" the rack (AXIO)',
    "pass": 'the only move is to pass: the one option "pass" (Aztack)',
    "seat": "which of several seats that may move at once picks (a speed mode)",
    "outcome": "the outcome of a chance step (a tile drawn, a die face)",
    DONE: "nothing left to pick: the move is complete",
}
"""Every ``kind`` a game's choices may name, with what its options are."""


def _frozen_options(options: Mapping[Hashable, tuple[Any, ...]]) -> Mapping[Hashable, Any]:
    return MappingProxyType(dict(options))


@attrs.frozen
class Choice(Generic[M]):
    """The next part of a move to pick: its kind, its options, and the move once it is known.

    A game's ``choices`` makes them (for example ``axio_rota.choices``);
    ``options`` is a read-only mapping, in the order the game documents.

    >>> choice = Choice("rotation", {0: ("move 0",), 2: ("move 2",)})
    >>> choice.kind, list(choice.options), choice.move, choice.moves
    ('rotation', [0, 2], None, ('move 0', 'move 2'))

    .. versionadded:: 0.1.0
    """

    kind: str
    """The kind of part to pick next, one of :data:`KINDS` (:data:`DONE` once complete)."""
    options: Mapping[Hashable, tuple[M, ...]] = attrs.field(
        converter=_frozen_options, eq=False, hash=False
    )
    """Each option (in a documented order) mapped to the legal moves it still leads to."""
    move: M | None = None
    """The move, once the parts picked leave only one; else ``None``."""

    @property
    def moves(self) -> tuple[M, ...]:
        """Every legal move the parts picked so far still lead to, option by option."""
        if not self.options:
            return () if self.move is None else (self.move,)
        return tuple(move for moves in self.options.values() for move in moves)


def _hashable(game: str, picked: object) -> tuple[Hashable, ...]:
    if not isinstance(picked, (tuple, list)):
        msg = (
            f"{game}.choices: picked must be a tuple of the options picked so far, "
            f"not {shown(picked)}"
        )
        raise WrongTypeError(msg)
    for index, option in enumerate(picked):
        try:
            hash(option)
        except TypeError:
            msg = (
                f"{game}.choices: picked[{index}] = {shown(option)} is not an option "
                "(options are hashable values: tuples, ints, strings, None)"
            )
            raise WrongTypeError(msg) from None
    return tuple(picked)


def _listed(options: Iterable[Hashable], limit: int = 8) -> str:
    items = [repr(option) for option in options]
    more = f" and {len(items) - limit} more" if len(items) > limit else ""
    return ", ".join(items[:limit]) + more


class _Node:
    """A node of the tree of paths: the kind of the next part and a child per option."""

    __slots__ = ("children", "kind", "moves")

    def __init__(self) -> None:
        self.kind = DONE
        self.children: dict[Hashable, _Node] = {}
        self.moves: tuple[Any, ...] = ()


def _tree(game: str, moves: Sequence[M], path_of: Callable[[M], Sequence[Part]]) -> _Node:
    """The tree of every move's path; each node knows the moves below it."""
    root = _Node()
    below: dict[int, list[M]] = {}
    nodes = [root]
    ends: list[tuple[_Node, M]] = []
    for move in moves:
        node = root
        below.setdefault(id(node), []).append(move)
        for depth, (kind, option) in enumerate(path_of(move)):
            if node.children and node.kind != kind:  # a game's bug
                msg = f"{game}.choices: paths disagree at part {depth}: {node.kind} or {kind}"
                raise AssertionError(msg)
            node.kind = kind
            child = node.children.get(option)
            if child is None:
                child = node.children[option] = _Node()
                nodes.append(child)
            node = child
            below.setdefault(id(node), []).append(move)
        ends.append((node, move))
    for node, move in ends:
        if node.children:  # a game's bug
            msg = f"{game}.choices: the path of {move} ends inside another move's path"
            raise AssertionError(msg)
    for node in nodes:
        node.moves = tuple(below.get(id(node), ()))
        if len(node.moves) > 1 and not node.children:  # a game's bug
            msg = f"{game}.choices: moves {node.moves[:2]} share one path"
            raise AssertionError(msg)
    return root


def _walk(game: str, root: _Node, picked: object) -> Choice[Any]:
    """Follow ``picked`` down the tree; the :class:`Choice` at the node reached."""
    chosen = _hashable(game, picked)
    node = root
    for depth, option in enumerate(chosen):
        if not node.children:
            if not node.moves:
                reason = f"{game}.choices: there is no legal move to pick"
            else:
                reason = (
                    f"{game}.choices: {len(chosen)} parts picked, but the "
                    f"move {node.moves[0]} is complete after {depth}"
                )
            raise IllegalMoveError(shown(chosen), reason)
        child = node.children.get(option)
        if child is None:
            reason = (
                f"{game}.choices: picked[{depth}] = {shown(option)} is not a {node.kind} "
                f"offered after {shown(chosen[:depth])}; the options are "
                f"{_listed(node.children)}"
            )
            raise IllegalMoveError(shown(chosen), reason)
        node = child
    only = node.moves[0] if len(node.moves) == 1 else None
    options = {option: child.moves for option, child in node.children.items()}
    return Choice(node.kind, options, only)


def build_choices(
    game: str,
    moves: Sequence[M],
    path_of: Callable[[M], Sequence[Part]],
    picked: object,
) -> Choice[M]:
    """The :class:`Choice` after ``picked``, from the legal moves and how each splits into parts.

    Args:
        game: the game's name for error messages.
        moves: the legal moves, in ``legal_moves`` order.
        path_of: a move's parts, in the order a person picks them.
        picked: the options picked so far.

    Raises:
        WrongTypeError: if ``picked`` is not a tuple (or list) of hashable options.
        IllegalMoveError: if an option picked is not offered at its step
            (naming the step, the option and what was offered), or if more
            parts are picked than the move has.
    """
    return _walk(game, _tree(game, moves, path_of), picked)


# The tree of the last state asked about, by identity: a frontend or a test
# walking one position's choices step by step builds it once.
_last: Final = LastOf[object, tuple[object, _Node]]()


def game_choices(
    game: str,
    state: S,
    to_move: Callable[[S], tuple[Seat, ...]],
    legal_moves: Callable[[S], Sequence[M]],
    path_maker: Callable[[Sequence[M]], Callable[[M], Sequence[Part]]],
    picked: object,
    seat: object = None,
) -> Choice[M]:
    """A game's ``choices``: :func:`build_choices` with chance steps and several movers handled.

    ``path_maker(moves)`` gives the function that splits each legal move into
    its parts (``lambda moves: path`` where a move's parts do not depend on
    the other legal moves). The tree of paths of the last state asked about is
    kept, so that walking one position part by part builds it once. Chance
    steps and several movers (each move carries its ``seat``) are handled as
    the module docs say; ``seat`` keeps the moves of that seat.

    Raises:
        WrongTypeError: if ``seat`` is not an int, or ``picked`` is malformed.
        IllegalMoveError: if ``seat`` may not move now, and as :func:`build_choices`.
    """
    movers = to_move(state)
    if seat is not None:
        if type(seat) is not int:
            msg = f"{game}.choices: seat must be an int or None, not {shown(seat)}"
            raise WrongTypeError(msg)
        if seat not in movers:
            reason = f"{game}.choices: seat {seat} may not move now (to move: {list(movers)})"
            raise IllegalMoveError(f"seat={seat}", reason)
    cached = _last.get(state)
    if cached is not None and cached[0] == seat:
        return _walk(game, cached[1], picked)
    _hashable(game, picked)
    moves = legal_moves(state)
    path_of = path_maker(moves)
    if movers == (CHANCE,):
        root = _tree(game, moves, _outcome_path)
    elif len(movers) > 1 and seat is not None:
        mine = [move for move in moves if getattr(move, "seat", None) == seat]
        root = _tree(game, mine, path_of)
    elif len(movers) > 1:

        def seat_first(move: M) -> Sequence[Part]:
            return (("seat", getattr(move, "seat", None)), *path_of(move))

        root = _tree(game, moves, seat_first)
    else:
        root = _tree(game, moves, path_of)
    _last.put(state, (seat, root))
    return _walk(game, root, picked)


class ChoicesFunction(Protocol[S_contra, M]):
    """A game's ``choices(state, picked=(), *, seat=None)``, made by :func:`choices_function`."""

    def __call__(
        self, state: S_contra, picked: Sequence[object] = (), *, seat: int | None = None
    ) -> Choice[M]:
        """The next part of a move to pick after ``picked`` (see the module docs)."""
        ...


def choices_function(
    module: str,
    game: str,
    title: str,
    state_type: type[S],
    to_move: Callable[[S], tuple[Seat, ...]],
    legal_moves: Callable[[S], Sequence[M]],
    path_maker: Callable[[Sequence[M]], Callable[[M], Sequence[Part]]],
    parts: str,
) -> ChoicesFunction[S, M]:
    """A game's ``choices`` function: its state's type checked, then :func:`game_choices`.

    ``module`` is the name of the module that binds the function to the name
    ``choices`` (so that it pickles by reference, as a process pool needs),
    ``game`` the registry name, ``title`` the game's name for people,
    ``parts`` names the parts of a move for the function's docstring; the
    rest as :func:`game_choices`.
    """
    where = f"{game.replace('-', '_')}.choices"
    a_state = f"{'an' if title[0] in 'AEIOU' else 'a'} {title} State"

    def choices(state: S, picked: Sequence[object] = (), *, seat: int | None = None) -> Choice[M]:
        if type(state) is not state_type:
            wrong_type(where, a_state, state)
        return game_choices(game, state, to_move, legal_moves, path_maker, picked, seat)

    choices.__module__, choices.__qualname__ = module, "choices"
    choices.__annotations__ = {  # what help() and the docs show: the game's own State
        "state": state_type,
        "picked": Sequence[object],
        "seat": int | None,
        "return": Choice[Any],
    }
    choices.__doc__ = (
        f"The next part of a move to pick after ``picked``: {parts} (see the module docs).\n\n"
        "Arguments, result and errors as :attr:`tilegames.Rules.choices`."
    )
    _PATH_MAKERS[choices] = path_maker
    return choices


_PATH_MAKERS: Final[dict[object, Callable[[Sequence[Any]], Callable[[Any], Sequence[Part]]]]] = {}
"""Each ``choices`` that :func:`choices_function` made, and how its game splits a move."""


def move_path(choices: object, move: object) -> tuple[Part, ...] | None:
    """The parts of one legal move, from the move alone: no legal move is listed.

    The path a ``choices`` made by :func:`choices_function` walks down to
    ``move`` (what a move's words need), without the tree of every legal
    move's path that walking ``choices`` builds (an AXIO opening has 1,500
    moves). Two differences from the walk: a part that only some moves
    through the same earlier parts have is left out when ``move`` has
    nothing to pick there (Aztack's ``"discard"`` of nothing, offered where
    another placement of the stone on the same cells discards), and neither
    a chance step's ``"outcome"`` nor a speed mode's ``"seat"`` part is
    added (the caller knows whether the state has them).

    ``None`` for a ``choices`` made otherwise (a game of one's own).

    >>> from tilegames import axio_rota
    >>> move_path(axio_rota.RULES.choices, axio_rota.parse_move("1,0:2"))
    (('cell', (1, 0)), ('rotation', 2))
    """
    maker = _PATH_MAKERS.get(choices)
    return None if maker is None else tuple(maker((move,))(move))


def _outcome_path(move: object) -> Sequence[Part]:
    return (("outcome", move),)
