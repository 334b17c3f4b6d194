"""Per-colour score tracks, shared by both AXIO games.

A seat (or team) has one track per colour, held as a tuple of ints in the
game's colour order. Points are added per scoring (one placement), capped by
*stages*: a single cap such as ``(12,)`` for AXIO Rota, or ``(18, 36)`` for the
team and solo AXIO rule where a colour first stops at 18 for the rest of the
scoring and later carries on to 36.

>>> add_points((11, 0, 5), (3, 0, 1), stages=(12,))
((12, 0, 6), (0,))
>>> add_points((16, 0), (5, 0), stages=(18, 36))   # stops at 18, bonus
((18, 0), (0,))
>>> add_points((18, 0), (3, 0), stages=(18, 36))   # later points carry on
((21, 0), ())
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import cast

from tilegames._core.checks import invalid
from tilegames._core.rules import Outcome, Seat, rank_by

__all__ = [
    "Tracks",
    "add_points",
    "all_at",
    "check_ranking",
    "check_tracks",
    "lowest_colour_outcome",
    "lowest_first",
    "rank_lowest_colour",
    "rate_points",
]

Tracks = tuple[int, ...]
"""One score per colour, in the game's colour order."""


def add_points(
    tracks: Tracks, points: Sequence[int], *, stages: Sequence[int]
) -> tuple[Tracks, tuple[int, ...]]:
    """Add one scoring's points to the tracks.

    Each colour's points are added at once and stop at the first stage above
    the track's value before the scoring; points past it are lost. A track at
    the last stage gains nothing.

    Args:
        tracks: the current score per colour.
        points: the points per colour of this scoring (each ``>= 0``).
        stages: the caps in increasing order; the last is the final cap.

    Returns:
        ``(new_tracks, reached)``: the new scores, and the colours whose track
        reached a stage in this scoring, in colour order (each such colour
        earns a bonus in the AXIO games).

    Raises:
        ValueError: if the lengths differ or a point count is negative.
    """
    if len(points) != len(tracks):
        msg = f"points for {len(points)} colours given to {len(tracks)} tracks"
        raise ValueError(msg)
    new = list(tracks)
    reached: list[int] = []
    for colour, gained in enumerate(points):
        if gained < 0:
            msg = f"negative points {gained} for colour {colour}"
            raise ValueError(msg)
        if not gained:
            continue
        before = tracks[colour]
        stage = next((s for s in stages if s > before), None)
        if stage is None:  # already at the final cap
            continue
        after = min(before + gained, stage)
        new[colour] = after
        if after == stage:
            reached.append(colour)
    return tuple(new), tuple(reached)


def all_at(tracks: Tracks, cap: int) -> bool:
    """Whether every track stands at ``cap`` (the immediate win of the AXIO games)."""
    return all(value == cap for value in tracks)


def lowest_first(tracks: Tracks) -> Tracks:
    """The scores sorted ascending: the key that ranks AXIO players.

    >>> lowest_first((9, 7, 10, 8, 9))
    (7, 8, 9, 9, 10)
    """
    return tuple(sorted(tracks))


def rank_lowest_colour(all_tracks: Sequence[Tracks]) -> tuple[frozenset[Seat], ...]:
    """Rank seats by their sorted scores compared lexicographically (ROTA-19, AXIO-16).

    The lowest colour decides, then the next lowest, and so on; seats with
    identical sorted scores share the place. Which colours they are does not
    matter.

    >>> rank_lowest_colour([(7, 8, 9, 9, 10), (7, 9, 9, 10, 10)])
    (frozenset({1}), frozenset({0}))
    """
    return rank_by([lowest_first(t) for t in all_tracks])


def lowest_colour_outcome(
    per_seat: Sequence[Tracks],
    reason: str,
    *,
    game: str,
    mode: str,
    solo: Callable[[Tracks], int] | None = None,
) -> Outcome:
    """The result of an AXIO game: seats ranked by :func:`rank_lowest_colour` of their tracks.

    A solo game (``solo`` given) scores its one seat ``solo(tracks)``, a single int.

    >>> lowest_colour_outcome([(3, 5), (4, 4)], "over", game="toy", mode="").ranking
    (frozenset({1}), frozenset({0}))
    >>> lowest_colour_outcome([(3, 5)], "over", game="toy", mode="solo", solo=min).scores
    (3,)
    """
    if solo is not None:
        (track,) = per_seat
        return Outcome(scores=(solo(track),), ranking=[{0}], reason=reason, game=game, mode=mode)
    return Outcome(
        scores=tuple(per_seat),
        ranking=rank_lowest_colour(per_seat),
        reason=reason,
        game=game,
        mode=mode,
    )


def check_tracks(
    where: str,
    all_tracks: tuple[object, ...],
    *,
    colours: int,
    cap: int,
    rules: str,
    runs: str = "",
) -> tuple[Tracks, ...]:
    """Check that each owner's tracks are ``colours`` ints in ``0..cap``; return them.

    ``where`` names the field (``"State.tracks"``), ``rules`` the rule ids a
    message quotes (the first for a wrong count of colours) and ``runs`` how
    the message tells the range (``"tracks run 0..cap"`` unless given). The
    number of owners is the caller's to check.

    >>> check_tracks("State.tracks", ((3, 12),), colours=2, cap=12, rules="ROTA-4")
    ((3, 12),)
    >>> check_tracks("State.tracks", ((3, 13),), colours=2, cap=12, rules="ROTA-4")
    ... # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tilegames.errors.InvalidStateError: State.tracks[0][1]: 13 is off the track: ...
    """
    for owner, track in enumerate(all_tracks):
        if type(track) is not tuple or len(track) != colours:
            first = rules.split(",")[0]
            raise invalid(
                f"{where}[{owner}]", f"{track!r} is not {colours} track values ({first})"
            )
        for colour, value in enumerate(track):
            if type(value) is not int or not 0 <= value <= cap:
                raise invalid(
                    f"{where}[{owner}][{colour}]",
                    f"{value!r} is off the track: {runs or f'tracks run 0..{cap}'} ({rules})",
                )
    return cast(tuple[Tracks, ...], all_tracks)


def check_ranking(ranking: object, all_tracks: Sequence[Tracks], rule: str) -> None:
    """Check that an outcome's places follow its tracks, lowest colour first (``rule``)."""
    if ranking != rank_lowest_colour(all_tracks):
        raise invalid(
            "Outcome.ranking",
            f"the places do not follow the scores: lowest colour first, then the next ({rule})",
        )


def rate_points(
    before: Tracks, points: Sequence[int], *, stages: Sequence[int], bonus: float
) -> float:
    """How much a scoring helps a seat ranked by its lowest colour (ROTA-19, AXIO-16).

    A point counts for more on a low track: the rating is the fall, over the
    colours, of the squared distance to the final cap (divided by it), the
    points capped as :func:`add_points` caps them, plus ``bonus`` for every
    colour that reaches a stage (and so earns an extra turn or placement).
    Both AXIO games rate moves with it for their agents.

    >>> round(rate_points((0, 11), (0, 3), stages=(12,), bonus=4), 3)  # (1 - 0) / 12 + 4
    4.083
    """
    final = stages[-1]
    value = 0.0
    for old, gained in zip(before, points, strict=True):
        if not gained:
            continue
        cap = next((stage for stage in stages if old < stage), final)
        new = min(cap, old + gained)
        value += ((final - old) ** 2 - (final - new) ** 2) / final
        if new == cap > old:
            value += bonus
    return value
