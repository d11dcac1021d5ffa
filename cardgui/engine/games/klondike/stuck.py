"""When a game of Klondike has no move left.

No shown card fits anywhere now (a king alone in its stack moving to an empty
one changes nothing), and no card the hand can bring to the top of the pile,
pass after pass, fits anywhere either.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from ...cards import Card
from ...piles import Role
from ...rules import fits_alternate_descending
from .position import HAND, PILE

if TYPE_CHECKING:
    from .game import Klondike


def no_move_left(game: "Klondike", per_deal: int, passes_left: int | None = None) -> bool:
    """True when no card of ``game`` can ever move again (``per_deal`` cards a
    deal, ``passes_left`` more times through the hand; None: unlimited)."""
    piles = game.piles
    for stack in game.pile_ids(Role.TABLEAU):
        pile = piles[stack]
        for index in range(pile.hidden, len(pile)):
            for place in game.all_destinations(stack, index):
                pointless = (index == 0 and place.role is Role.TABLEAU and piles[place].is_empty)
                if not pointless:
                    return False
    for foundation in game.pile_ids(Role.FOUNDATION):
        pile = piles[foundation]
        if pile.cards and game.pick_up_refusal(foundation, len(pile) - 1) is None \
                and game.all_destinations(foundation, len(pile) - 1):
            return False                  # a card may come back down (take-back)
    return not any(_fits_anywhere(game, card) for card in cards_dealing_shows(
        piles[HAND].cards, piles[PILE].cards, per_deal, passes_left))


def _fits_anywhere(game: "Klondike", card: Card) -> bool:
    if card.rank == game.top_rank(card.suit) + 1:
        return True
    return any(fits_alternate_descending(card, game.piles[stack].top, empty_takes_king_only=True)
               for stack in game.pile_ids(Role.TABLEAU))


def cards_dealing_shows(hand: Sequence[Card], pile: Sequence[Card], per_deal: int,
                        passes_left: int | None = None) -> set[Card]:
    """Every card that can come to the top of the pile by dealing alone, pass
    after pass (``hand`` and ``pile`` bottom to top, ``per_deal`` a deal,
    ``passes_left`` more turns of the pile; None: unlimited)."""
    hand, pile = list(hand), list(pile)
    shown: set[Card] = set()
    seen: set[tuple[int, int]] = set()
    while (len(hand), len(pile)) not in seen and (hand or pile):
        seen.add((len(hand), len(pile)))
        if pile:
            shown.add(pile[-1])
        if not hand:
            if passes_left is not None:
                if passes_left == 0:
                    break
                passes_left -= 1
                seen.clear()          # a new pass: the sizes repeat, the passes left do not
            hand, pile = pile[::-1], []
        for _ in range(per_deal):
            if hand:
                pile.append(hand.pop())
    if pile:
        shown.add(pile[-1])
    return shown
