"""A game's options, declared once: what ``new_game`` takes besides the players and the seed.

Each game lists its options on its :class:`~tilegames.Rules` as
``options``, a tuple of :class:`Option`. Every layer that starts a game
from options it was given (:func:`tilegames.records.record_of`, the
server's ``POST /api/rooms``, the command line) reads them through
:func:`check_options`: an option the game does not declare, a value it
cannot take or a value that cannot be written down is refused there, with
the message ``new_game`` itself gives; what is accepted comes back in its
*written form* (JSON's scalars and tuples), the one form records and the
server keep. ``new_game`` takes the written form and starts the same game
from it as from the value first given.

>>> mode = Option("mode", str, "turns", "how seats take turns", choices=("turns", "speed"))
>>> mode.check("speed")
'speed'
>>> mode.check("fast")
Traceback (most recent call last):
...
tilegames.errors.ConfigurationError: mode must be one of 'turns', 'speed', not 'fast'
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, Final

import attrs

from tilegames._core.chance import chance_mode
from tilegames._core.checks import shown
from tilegames._core.errors import ConfigurationError

if TYPE_CHECKING:
    from tilegames._core.protocol import Rules

__all__ = ["CHANCE_OPTION", "Option", "check_options", "option_names"]

_SCALARS: Final = (str, int, bool)


def _to_choices(choices: Iterable[Any]) -> tuple[Any, ...]:
    return tuple(choices)


@attrs.frozen
class Option:
    """One keyword option of a game's ``new_game``, declared.

    Args and attributes alike:

    >>> tiles = Option("tiles", tuple[str, ...], None, "a custom set", written=tuple)
    >>> tiles.check(["RB", "GG"])
    ('RB', 'GG')
    >>> tiles.check(None) is None
    True

    .. versionadded:: 0.1.0
    """

    name: str
    """The keyword of ``new_game`` (``"mode"``, ``"tiles"``, ``"chance"``)."""

    type: Any
    """The type of the option's *written form*: a Python type such as ``str``,
    ``tuple[str, ...]`` or ``tuple[tuple[str, int], ...]`` (tuples are JSON
    arrays). ``None`` is also allowed whenever :attr:`default` is ``None``.
    JSON Schema and the TypeScript types are generated from it."""

    default: Any
    """The value ``new_game`` takes when the option is left out (its keyword's default)."""

    doc: str
    """What the option does, in one line (the docs' options tables print it)."""

    choices: tuple[Any, ...] | None = attrs.field(
        default=None, converter=attrs.converters.optional(_to_choices)
    )
    """The values allowed, when they are few (``("standard", "team", "solo")``);
    ``None``: any value of :attr:`type` that the game accepts. A default of
    ``None`` is allowed besides."""

    written: Callable[[Any], Any] | None = attrs.field(default=None, eq=False)
    """The game's reader of every form ``new_game`` takes for this option
    (a mapping, a list, a :class:`tuple` of the game's own pieces...): it
    returns the written form, of :attr:`type`, and raises the
    :class:`~tilegames.ConfigurationError` that ``new_game`` raises for a
    value it refuses. ``None``: the option is a plain str, int or bool,
    taken as it is."""

    room: bool = True
    """Whether a server's room may set it (``chance`` may not: a room's game is seeded)."""

    def check(self, value: object) -> Any:
        """The written form of ``value``: what records and the server keep.

        Raises:
            ConfigurationError: for a value the option does not take, with
                the message ``new_game`` gives for it.
        """
        if value is None and self.default is None:
            return None
        if self.written is not None:
            value = self.written(value)
        elif self.choices is None and not isinstance(value, _SCALARS):
            kind = str(getattr(self.type, "__name__", self.type))
            article = "an" if kind[:1].lower() in "aeiou" else "a"
            msg = f"{self.name} must be {article} {kind}, not {shown(value)}"
            raise ConfigurationError(msg)
        if self.choices is not None and not any(
            value == allowed and type(value) is type(allowed) for allowed in self.choices
        ):  # True == 1: a value of another type is refused even when equal
            allowed = ", ".join(map(repr, self.choices))
            also = " or None" if self.default is None else ""
            msg = f"{self.name} must be one of {allowed}{also}, not {shown(value)}"
            raise ConfigurationError(msg)
        return value


CHANCE_OPTION: Final = Option(
    "chance",
    str,
    "seeded",
    "'seeded': the seed decides every draw and roll; 'explicit': each is a step of the "
    "chance seat, entered as a move",
    choices=("seeded", "explicit"),
    written=chance_mode,
    room=False,
)
"""The ``chance`` option, the same in every game that has chance."""


def option_names(options: Iterable[Option]) -> str:
    """The names of the options, for messages: ``"chance, mode, tiles"`` or ``"none"``."""
    return ", ".join(sorted(option.name for option in options)) or "none"


def option_keywords(new_game: Callable[..., Any]) -> dict[str, Any]:
    """The options ``new_game`` takes: its keyword-only parameters but ``seed``, with defaults.

    A game's declared options are exactly these (checked when its rules are collected).
    """
    return {
        name: parameter.default
        for name, parameter in inspect.signature(new_game).parameters.items()
        if parameter.kind is inspect.Parameter.KEYWORD_ONLY and name != "seed"
    }


def _check_keywords(rules: Rules[Any, Any], pairs: Iterable[tuple[object, object]]) -> None:
    """Refuse an option that a game declaring none does not take by its ``new_game``'s keywords.

    A ``new_game`` that takes ``**options``, or whose signature cannot be read, takes any.
    """
    try:
        parameters = inspect.signature(rules.new_game).parameters.values()
    except (TypeError, ValueError):  # a callable without a signature to read
        return
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters):
        return
    keywords = sorted(option_keywords(rules.new_game))
    for name, _ in pairs:
        if name not in keywords:
            listed = ", ".join(keywords) or "none"
            msg = f"{rules.title} has no option {shown(name)} (its options: {listed})"
            raise ConfigurationError(msg)


def check_options(
    rules: Rules[Any, Any],
    given: Mapping[str, object] | Iterable[tuple[str, object]],
    *,
    room: bool = False,
) -> tuple[tuple[str, Any], ...]:
    """The options given for a game, each checked and in its written form, sorted by name.

    Records, the server and the command line read a game's options through
    it, so that each refuses the same options with the same message and
    keeps the same form of those it accepts.

    Args:
        rules: the game; its :attr:`~tilegames.Rules.options` are the options
            declared (``None``: none are, and the options are taken as given,
            but for a name that is not a keyword of its ``new_game``).
        given: the options, as a mapping or ``(name, value)`` pairs.
        room: refuse a value other than the default for the options a
            server's room may not set (:attr:`Option.room`).

    >>> from tilegames import get
    >>> check_options(get("polygon"), {"board": {}, "tiles": ["w", "x2", "1"]})
    (('board', ()), ('tiles', ('W', 'X2', '1')))
    >>> check_options(get("aztack"), {"chanse": "explicit"})
    Traceback (most recent call last):
    ...
    tilegames.errors.ConfigurationError: Aztack has no option 'chanse' (its options: chance,
    mode, stones)

    Raises:
        ConfigurationError: naming an option the game does not declare (or
            that its ``new_game`` does not take, where none are declared), or
            one given twice, or as :meth:`Option.check` raises it.
    """
    pairs = list(given.items() if isinstance(given, Mapping) else given)
    seen: set[object] = set()
    for name, _ in pairs:
        if name in seen:
            msg = f"the option {shown(name)} is given twice"
            raise ConfigurationError(msg)
        seen.add(name)
    declared: tuple[Option, ...] | None = getattr(rules, "options", None)
    if declared is None:
        _check_keywords(rules, pairs)
        return tuple(sorted(pairs, key=lambda pair: str(pair[0])))
    by_name = {option.name: option for option in declared}
    result = []
    for name, value in pairs:
        option = by_name.get(name) if isinstance(name, str) else None
        if option is None:
            msg = (
                f"{rules.title} has no option {shown(name)} "
                f"(its options: {option_names(declared)})"
            )
            raise ConfigurationError(msg)
        written = option.check(value)
        if room and not option.room and written != option.default:
            msg = f"a room's game is seeded: {name} is inside the rules (no {name!r})"
            raise ConfigurationError(msg)
        result.append((name, written))
    return tuple(sorted(result, key=lambda pair: pair[0]))
