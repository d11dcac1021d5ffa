"""A Klondike position packed small for the solver, read from the game.

Cards are small integers, ``(rank - 1) * 4 + suit`` with the suits in the
book's order (hearts, spades, diamonds, clubs), so a card's colour is its
lowest bit (hearts and diamonds even: red) and its rank is ``card >> 2``
plus one.  A stack is a ``bytes`` value: its first byte is how many of its
cards lie face down, the rest are its cards bottom to top.  The hand and the
pile are one sequence in dealing order, the pile's cards first (bottom to
top) and then the hand's in the order they will be dealt, with ``position``
the number of cards in the pile: dealing moves ``position`` on and turning
the pile over sets it back to 0, so the sequence itself only changes when a
card is played from the pile.  The foundations ("the top") are four ranks.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Sequence

from ...cards import KING, SUITS, Card
from ...piles import Role
from .game import Klondike
from .position import HAND, PILE, top_of

DEAL_COUNT = 3
CARD_COUNT = 52
KING_RANK_INDEX = KING - 1        # ``card >> 2`` of a king


def card_code(card: Card) -> int:
    """The solver's integer for ``card``."""
    return (card.rank - 1) * 4 + SUITS.index(card.suit)


def fits_on(card: int, onto: int) -> bool:
    """True when ``card`` may lie on ``onto`` in a stack: one rank lower, the
    other colour."""
    return (onto >> 2) == (card >> 2) + 1 and (onto ^ card) & 1 == 1


def is_run(cards: Sequence[int]) -> bool:
    """True when each card lies on one it fits (an alternating run down)."""
    return all(fits_on(upper, lower) for lower, upper in zip(cards, cards[1:]))


@dataclass(frozen=True, slots=True)
class CompactPosition:
    """A whole Klondike position, as the solver keeps it.

    ``stacks`` hold one ``bytes`` per stack (hidden count, then cards bottom
    to top); ``tops`` the rank showing on each foundation (0: empty) in suit
    order; ``stock`` the pile then the hand in dealing order; ``position``
    how many of ``stock`` are in the pile.
    """

    stacks: tuple[bytes, ...]
    tops: tuple[int, int, int, int]
    stock: bytes
    position: int

    @classmethod
    def of(cls, game: Klondike) -> "CompactPosition":
        """The position ``game`` is in, face-down cards and all."""
        stacks = []
        for stack in game.pile_ids(Role.TABLEAU):
            pile = game.pile(stack)
            stacks.append(bytes([pile.hidden]) + bytes(card_code(card) for card in pile.cards))
        tops = tuple(len(game.pile(top_of(suit))) for suit in SUITS)
        pile_cards = [card_code(card) for card in game.pile(PILE).cards]
        # The engine's hand runs bottom to top with the next card dealt last.
        hand_cards = [card_code(card) for card in reversed(game.pile(HAND).cards)]
        return cls(tuple(stacks), (tops[0], tops[1], tops[2], tops[3]),
                   bytes(pile_cards + hand_cards), len(pile_cards))

    @property
    def is_won(self) -> bool:
        return self.tops == (KING, KING, KING, KING)

    def is_regular(self) -> bool:
        """True when every stack's face-up cards form an alternating run down,
        as they always do in play (a hand-written position may break it)."""
        return all(is_run(stack[1 + stack[0]:]) for stack in self.stacks)


@functools.lru_cache(maxsize=1024)
def deal_positions(length: int, position: int) -> tuple[tuple[int, int], ...]:
    """Every pile size dealing alone reaches from ``position`` in a stock of
    ``length`` cards, each with the fewest deals (``+``) that reach it, in
    the order dealing reaches them; ``(position, 0)`` first.

    A deal moves three cards, or the one or two left; with the hand empty it
    turns the pile over and deals at once, as the book's ``hand3`` does.
    """
    reached = [(position, 0)]
    seen = {position}
    deals = 0
    while length:
        position = min(position + DEAL_COUNT, length) if position < length \
            else min(DEAL_COUNT, length)
        deals += 1
        if position in seen:
            break
        seen.add(position)
        reached.append((position, deals))
    return tuple(reached)


def settled_position(length: int, position: int) -> int:
    """``position`` where it matters, else -1 for the positions that are alike.

    From a pile of a multiple of three cards, or an empty hand, dealing
    reaches every other such pile size and the empty hand, and nothing else:
    those positions reach one another, so whatever one can win the others
    can.  From the empty pile dealing reaches the same ones, and no card can
    be played from an empty pile, so it is alike too."""
    if position % DEAL_COUNT == 0 or position == length:
        return -1
    return position
