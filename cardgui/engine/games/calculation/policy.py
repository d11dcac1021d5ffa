"""How the advisor plays a hand card, by ranks, without knowing what comes next.

``choices`` lists what can be done with the hand card (each foundation that
takes it, each distinct waste pile), each with the position it leads to once
every waste-pile top that fits has gone up (``settle``).  ``quick_choice`` is
the rule of thumb the advisor's simulations play by: a foundation when one
takes the card (``foundation_for`` picks among several); otherwise the
waste pile where the card is needed soonest before the card it covers
(``cover_cost``), skipping piles that would leave the relaxed game
unwinnable.  ``playout`` plays a whole imagined future by that rule.

The advisor is only as good as its play-outs can tell placements apart, so
the rule's own strength matters.  Over the same 40,000 random hands
(``bench/calculation_rule_of_thumb.py``) it won 11.2% alone when it priced
a card on its own rank as a block and gave a card wanted by two foundations
to the first; 14.5% with the first fixed (``cover_cost``); 19.1% with the
second too (``foundation_for``); 20.0% when, with nowhere good to go, it
also spares the piles holding cards wanted soon (``BURIED_COST``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .position import FOUNDATIONS
from .ranks import (
    FULL,
    NOTHING,
    SEQUENCE,
    SLOT,
    Action,
    distance,
    fitting,
    hand_to_foundation,
    hand_to_waste,
    waste_to_foundation,
)
from .relaxed import clears_greedily

EMPTY_PILE_COST = 3            # cover_cost of an empty pile for any card but a king
NOWHERE_GOOD = 150             # cover_cost when no foundation takes the card first
BURIED_COST = 3                # ... plus this a place the pile's soonest card is wanted sooner
LATEST = FULL - 1              # the most places ahead a foundation may want a card


@dataclass(frozen=True, slots=True)
class Choice:
    """One thing to do with the hand card, and the position it leads to after
    the waste-pile tops that fit have gone up (``played`` lists those)."""

    action: Action
    piles: tuple[tuple[int, ...], ...]
    heights: tuple[int, ...]
    played: tuple[Action, ...]


def choices(rank: int, piles: Sequence[Sequence[int]], heights: Sequence[int]) -> list[Choice]:
    """Everything the hand card ``rank`` may do: each foundation that takes it,
    then each waste pile (only one of several identical piles)."""
    found: list[Choice] = []
    for number in fitting(rank, heights):
        found.append(_after(hand_to_foundation(number), piles, heights, None, number))
    seen: set[tuple[int, ...]] = set()
    for number, pile in enumerate(piles):
        contents = tuple(pile)
        if contents in seen:
            continue
        seen.add(contents)
        found.append(_after(hand_to_waste(number), piles, heights, (number, rank), None))
    return found


def _after(action: Action, piles: Sequence[Sequence[int]], heights: Sequence[int],
           placed: tuple[int, int] | None, raised: int | None) -> Choice:
    new_piles = [list(pile) for pile in piles]
    new_heights = list(heights)
    if placed is not None:
        new_piles[placed[0]].append(placed[1])
    if raised is not None:
        new_heights[raised] += 1
    played = settle(new_piles, new_heights)
    return Choice(action, tuple(tuple(pile) for pile in new_piles), tuple(new_heights),
                  tuple(played))


def cover_cost(rank: int, pile: Sequence[int], heights: Sequence[int]) -> int:
    """How bad it is to put ``rank`` on ``pile``: 0 for a king on an empty pile,
    or for a card on one of its own rank; ``EMPTY_PILE_COST`` for another card
    on an empty pile; else the fewest places between the card and the one it
    covers on a foundation that takes both, the new card first; with no such
    foundation, ``NOWHERE_GOOD``, plus how much sooner the covered card is
    wanted, plus ``BURIED_COST`` for each place the pile's soonest-wanted card
    is wanted sooner than ``LATEST`` places ahead.

    A card on its own rank blocks nothing: the first time a foundation wants
    that rank the top one goes up, before the one beneath could be wanted
    (kings, wanted last, are the case the rule of thumb always knew)."""
    if not pile:
        return 0 if rank == FULL else EMPTY_PILE_COST
    top = pile[-1]
    if rank == top:
        return 0
    best = NOWHERE_GOOD
    for number in range(FOUNDATIONS):
        slot = SLOT[number][rank]
        top_slot = SLOT[number][top]
        if slot >= heights[number] and top_slot >= heights[number] and 0 < top_slot - slot < best:
            best = top_slot - slot
    if best == NOWHERE_GOOD:
        best += max(0, distance(rank, heights) - distance(top, heights))
        soonest = min(LATEST, min(distance(card, heights) for card in pile))
        best += BURIED_COST * (LATEST - soonest)
    return best


def foundation_for(rank: int, piles: Sequence[Sequence[int]],
                   heights: Sequence[int]) -> int | None:
    """Of the foundations that take ``rank`` now, the one the rule of thumb
    gives it (None if none does): the one whose next card is on the most
    waste-pile tops (it goes up at once), then the one with the fewest cards,
    then the first."""
    best: int | None = None
    best_key = (-1, 0)
    for number in fitting(rank, heights):
        after = heights[number] + 1
        following = SEQUENCE[number][after] if after < FULL else NOTHING
        key = ((sum(1 for pile in piles if pile and pile[-1] == following), FULL - after)
               if following != NOTHING else (0, 0))
        if best is None or key > best_key:
            best, best_key = number, key
    return best


def settle(piles: list[list[int]], heights: list[int]) -> list[Action]:
    """Play waste-pile tops to the foundations until none fits, pile by pile,
    each to the foundation ``foundation_for`` gives it, changing ``piles``
    and ``heights``; returns what was played."""
    played: list[Action] = []
    moved = True
    while moved:
        moved = False
        for pile_number, pile in enumerate(piles):
            while pile:
                number = foundation_for(pile[-1], piles, heights)
                if number is None:
                    break
                pile.pop()
                heights[number] += 1
                played.append(waste_to_foundation(pile_number, number))
                moved = True
    return played


def quick_choice(rank: int, piles: list[list[int]], heights: list[int],
                 to_come: Sequence[int]) -> Action:
    """The rule-of-thumb play of the hand card ``rank`` (see the module),
    made on ``piles`` and ``heights`` in place, waste-pile tops played up after.
    ``to_come`` counts the ranks still to come after this card."""
    number = foundation_for(rank, piles, heights)
    if number is not None:
        heights[number] += 1
        settle(piles, heights)
        return hand_to_foundation(number)
    ranked = sorted(range(len(piles)), key=lambda number: (cover_cost(rank, piles[number],
                                                                       heights), number))
    chosen = ranked[0]
    for number in ranked:
        piles[number].append(rank)
        unwinds = clears_greedily(to_come, piles, heights)
        piles[number].pop()
        if unwinds:
            chosen = number
            break
    piles[chosen].append(rank)
    settle(piles, heights)
    return hand_to_waste(chosen)


def playout(piles: Sequence[Sequence[int]], heights: Sequence[int], future: Sequence[int],
            to_come: Sequence[int]) -> int:
    """The score (cards on the foundations) after playing ``future``, the
    cards to come in an imagined order, by ``quick_choice``.  ``to_come``
    counts the ranks of ``future``."""
    board = [list(pile) for pile in piles]
    height = list(heights)
    remaining = list(to_come)
    for rank in future:
        remaining[rank] -= 1
        quick_choice(rank, board, height, remaining)
    return sum(height)

