"""What dealing from Klondike's hand can bring to the top of the pile."""

from __future__ import annotations

from typing import Sequence

from ...cards import Card


def cards_dealing_shows(hand: Sequence[Card], pile: Sequence[Card], per_deal: int) -> set[Card]:
    """Every card that can come to the top of the pile by dealing alone, pass
    after pass (``hand`` and ``pile`` bottom to top, ``per_deal`` a deal)."""
    hand, pile = list(hand), list(pile)
    shown: set[Card] = set()
    seen: set[tuple[int, int]] = set()
    while (len(hand), len(pile)) not in seen and (hand or pile):
        seen.add((len(hand), len(pile)))
        if pile:
            shown.add(pile[-1])
        if not hand:
            hand, pile = pile[::-1], []
        for _ in range(per_deal):
            if hand:
                pile.append(hand.pop())
    if pile:
        shown.add(pile[-1])
    return shown
