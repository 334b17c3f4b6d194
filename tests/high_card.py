"""High card: a tiny card game with hidden hands, for testing agents and determinization.

Rules (ids CARD-n): CARD-1 the cards are numbered 1..N, shuffled; each seat
is dealt two, the rest form the deck. CARD-2 a turn plays a card from the
hand onto the table; it scores its number if it beats the card on top, else
nothing. CARD-3 the player then draws from the deck while it lasts. CARD-4
the game ends when every hand is empty; the highest total wins, ties share.
A seat sees its own hand, the table, the totals and the sizes of the other
hands and of the deck; ``determinize`` deals the unseen cards at random.

``tests/test_agents_cards.py`` checks the game against the contract and its
determinization against the view, as a game of the library must be checked.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from tilegames import (
    ConfigurationError,
    GameOverError,
    GameRules,
    IllegalMoveError,
    NotationError,
    Outcome,
    Setup,
    rank_by,
    rng,
)

HAND = 2


@attrs.frozen
class State:
    cards: int
    """How many cards the game has: 1..cards."""
    hands: tuple[tuple[int, ...], ...]
    """Per seat, its cards, sorted (hidden from the others)."""
    deck: tuple[int, ...]
    """The deck, top first (hidden)."""
    table: tuple[int, ...]
    """The cards played, in order; the last is on top."""
    totals: tuple[int, ...]
    """Per seat, its points."""
    turn: int
    """The seat to move."""
    seed: int
    """The generator state (unused after the deal)."""


@attrs.frozen
class View:
    seat: int | None
    cards: int
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    deck_size: int
    table: tuple[int, ...]
    totals: tuple[int, ...]
    turn: int


@attrs.frozen
class Move:
    card: int
    """The card to play."""


def new_game(players: int = 2, *, seed: int | None = None, cards: int = 9) -> State:
    if not 2 <= players <= 3 or cards < HAND * players:
        msg = f"high card is for 2 or 3 players with {HAND} cards each, not {players} of {cards}"
        raise ConfigurationError(msg)
    deck, carried = rng.shuffled(rng.normalize_seed(seed), range(1, cards + 1))
    hands = tuple(tuple(sorted(deck[HAND * s : HAND * s + HAND])) for s in range(players))
    return State(
        cards=cards,
        hands=hands,
        deck=deck[HAND * players :],
        table=(),
        totals=(0,) * players,
        turn=0,
        seed=carried,
    )


def players(state: State) -> int:
    return len(state.hands)


def is_over(state: State) -> bool:
    return not any(state.hands)


def to_move(state: State) -> tuple[int, ...]:
    return () if is_over(state) else (state.turn,)


def legal_moves(state: State) -> Sequence[Move]:
    return () if is_over(state) else tuple(Move(card) for card in state.hands[state.turn])


def why_illegal(state: State, move: Move) -> str | None:
    if is_over(state):
        return "the game is over (CARD-4)"
    if move.card not in state.hands[state.turn]:
        return f"seat {state.turn} does not hold card {move.card} (CARD-2)"
    return None


def score_move(state: State, move: Move) -> int:
    return move.card if not state.table or move.card > state.table[-1] else 0


def apply(state: State, move: Move) -> State:
    reason = why_illegal(state, move)
    if reason is not None:
        error = GameOverError if is_over(state) else IllegalMoveError
        raise error(format_move(move), reason, turn=f"seat {state.turn} to move")
    seat = state.turn
    hand = [card for card in state.hands[seat] if card != move.card]
    deck = state.deck
    if deck:
        hand, deck = [*hand, deck[0]], deck[1:]
    hands = list(state.hands)
    hands[seat] = tuple(sorted(hand))
    totals = list(state.totals)
    totals[seat] += score_move(state, move)
    turn = (seat + 1) % len(hands)
    while hands[turn] == () and any(hands):
        turn = (turn + 1) % len(hands)
    return attrs.evolve(
        state,
        hands=tuple(hands),
        deck=deck,
        table=(*state.table, move.card),
        totals=tuple(totals),
        turn=turn,
    )


def outcome(state: State) -> Outcome | None:
    if not is_over(state):
        return None
    return Outcome(
        scores=state.totals, ranking=rank_by(state.totals), reason="CARD-4", game="high-card"
    )


def view(state: State, seat: int | None) -> View:
    return View(
        seat=seat,
        cards=state.cards,
        hand=() if seat is None else state.hands[seat],  # None: the public view, no hand
        hand_sizes=tuple(len(hand) for hand in state.hands),
        deck_size=len(state.deck),
        table=state.table,
        totals=state.totals,
        turn=state.turn,
    )


def determinize(seen: View, stream: rng.Stream) -> State:
    """Deal the cards the seat has not seen at random: other hands, then the deck."""
    known = set(seen.hand) | set(seen.table)
    unseen = list(stream.shuffled(card for card in range(1, seen.cards + 1) if card not in known))
    hands = []
    for seat, size in enumerate(seen.hand_sizes):
        if seat == seen.seat:
            hands.append(seen.hand)
        else:
            hands.append(tuple(sorted(unseen[:size])))
            del unseen[:size]
    return State(
        cards=seen.cards,
        hands=tuple(hands),
        deck=tuple(unseen),
        table=seen.table,
        totals=seen.totals,
        turn=seen.turn,
        seed=stream.randbelow(1 << 62),
    )


def format_move(move: Move) -> str:
    return str(move.card)


def parse_move(text: str, state: State) -> Move:
    if not text.strip().isdigit():
        msg = f"expected a card number, got {text!r}"
        raise NotationError(msg)
    return Move(int(text))


RULES: GameRules[State, Move] = GameRules(
    name="high-card",
    title="High card",
    setups=(Setup(2), Setup(3), Setup(2, {"cards": 5})),
    new_game=new_game,
    players=players,
    to_move=to_move,
    legal_moves=legal_moves,
    apply=apply,
    why_illegal=why_illegal,
    score_move=score_move,
    is_over=is_over,
    outcome=outcome,
    view=view,
    parse_move=parse_move,
    format_move=format_move,
    determinize=determinize,
)


def reached(seed: int, moves: int, players: int = 2) -> State:
    """The state after ``moves`` first-listed moves from a seeded deal."""
    state = new_game(players, seed=seed)
    for _ in range(moves):
        if is_over(state):
            break
        state = apply(state, legal_moves(state)[-1])
    return state
