"""The moves Calculation's solver tries, by ranks, and in what order.

``candidate_actions`` lists, for the complete stage, every move the rules
allow from a position up to the reductions the solver's module documents;
``takers`` and ``destinations`` are the foundations that take a card and the
waste piles worth putting it on, best first by ``cover_cost``.
"""

from __future__ import annotations

from .position import FOUNDATIONS
from .ranks import (
    DEAL_ACTION,
    FULL,
    SEQUENCE,
    SLOT,
    Action,
    hand_to_foundation,
    hand_to_waste,
    waste_to_foundation,
)

# One action object per move, made once.
TO_FOUNDATION = [[waste_to_foundation(pile, number) for number in range(FOUNDATIONS)]
                  for pile in range(FOUNDATIONS)]
HAND_UP = [hand_to_foundation(number) for number in range(FOUNDATIONS)]
HAND_DOWN = [hand_to_waste(pile) for pile in range(FOUNDATIONS)]


def candidate_actions(piles: list[list[int]], heights: list[int], hand: int,
                      cards_left: int) -> list[Action]:
    """The moves the complete stage tries from a position, in the order it
    tries them: each waste-pile top to each foundation that takes it (one
    pile of several identical ones), the hand card to each foundation that
    takes it, the hand card to each waste pile (one of several identical
    ones, best first, and none once no card is left to turn), else a deal
    when the hand is empty and cards are left.  Every rule-allowed move not
    listed is a documented reduction (see the ``solver`` module)."""
    found: list[Action] = []
    seen: set[tuple[int, ...]] = set()
    for pile, cards in enumerate(piles):
        contents = tuple(cards)
        if not cards or contents in seen:
            continue
        seen.add(contents)
        found.extend(TO_FOUNDATION[pile][number] for number in takers(cards[-1], heights))
    if hand:
        found.extend(HAND_UP[number] for number in takers(hand, heights))
        if cards_left:
            found.extend(HAND_DOWN[pile] for pile in destinations(hand, piles, heights))
    elif cards_left:
        found.append(DEAL_ACTION)
    return found


def takers(rank: int, heights: list[int]) -> list[int]:
    return [number for number in range(FOUNDATIONS)
            if heights[number] < FULL and SEQUENCE[number][heights[number]] == rank]


def destinations(rank: int, piles: list[list[int]], heights: list[int]) -> list[int]:
    """The distinct waste piles for a card of ``rank``, best first (by ``cover_cost``)."""
    scored: list[tuple[int, int]] = []
    seen: set[tuple[int, ...]] = set()
    for number, pile in enumerate(piles):
        contents = tuple(pile)
        if contents not in seen:
            seen.add(contents)
            scored.append((cover_cost(rank, pile, heights), number))
    scored.sort()
    return [number for _, number in scored]


def cover_cost(rank: int, pile: list[int], heights: list[int]) -> int:
    """How bad it is to put ``rank`` on ``pile``: the fewest places between it
    and the card it covers on a foundation that takes both, in that order."""
    if not pile:
        return 0 if rank == FULL else 3
    top = pile[-1]
    if rank == FULL and top == FULL:
        return 0
    best = 150
    for number in range(FOUNDATIONS):
        slot = SLOT[number][rank]
        if slot >= heights[number] and SLOT[number][top] >= heights[number]:
            gap = SLOT[number][top] - slot
            if 0 < gap < best:
                best = gap
    return best
