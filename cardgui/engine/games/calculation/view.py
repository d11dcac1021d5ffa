"""What a Calculation player sees, and nothing more.

``view_of(game)`` copies out the hand card, the waste piles, the foundations,
how many cards are still face down and which cards have been seen.  It keeps
no reference to the game and never reads the order of the face-down cards,
so an advisor given a view cannot peek: it knows which cards are still to
come (every card not yet seen) but not in what order.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...cards import Card, full_deck
from ...piles import foundation
from .game import Calculation
from .position import FOUNDATIONS, HAND, STOCK, WASTE_PILES, waste_pile


@dataclass(frozen=True, slots=True)
class CalculationView:
    """A player's view of a game of Calculation.

    ``waste`` and ``foundations`` list each pile bottom to top, waste pile 1 and
    foundation 1 first; ``cards_left`` counts the cards still face down (the
    hand card not included); ``seen`` holds every card turned up so far, the
    four starters included.
    """

    hand: Card | None
    waste: tuple[tuple[Card, ...], ...]
    foundations: tuple[tuple[Card, ...], ...]
    cards_left: int
    seen: frozenset[Card]

    @property
    def unseen(self) -> frozenset[Card]:
        """The cards still face down, as a set: what is to come, not its order."""
        return frozenset(full_deck()) - self.seen

    @property
    def score(self) -> int:
        """Cards on the foundations."""
        return sum(len(pile) for pile in self.foundations)


def view_of(game: Calculation) -> CalculationView:
    """The player's view of ``game``'s position."""
    hand = game.pile(HAND).top
    waste = tuple(game.pile(waste_pile(n)).cards for n in range(1, WASTE_PILES + 1))
    foundations = tuple(game.pile(foundation(n)).cards for n in range(1, FOUNDATIONS + 1))
    seen = {card for pile in waste + foundations for card in pile}
    if hand is not None:
        seen.add(hand)
    return CalculationView(hand, waste, foundations, len(game.pile(STOCK)), frozenset(seen))
