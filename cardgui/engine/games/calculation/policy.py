"""How the advisor plays a hand card, by ranks, without knowing what comes next.

``choices`` lists what can be done with the hand card (each foundation that
takes it, each distinct waste pile), each with the position it leads to once
every waste-pile top that fits has gone up.  ``quick_choice`` is the rule of
thumb the advisor's simulations play by: a foundation when one takes the
card; otherwise the waste pile where the card is needed soonest before the
card it covers (``cover_cost``), skipping piles that would leave the relaxed
game unwinnable.  ``playout`` plays a whole imagined future by that rule.
``chance_of_winning`` is exact: the probability of a win with the best play,
averaged over every order of the cards to come (for the last few cards only).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .position import FOUNDATIONS
from .ranks import (
    FULL,
    SLOT,
    WON_SCORE,
    Action,
    distance,
    fitting,
    hand_to_foundation,
    hand_to_waste,
    pile_key,
    play_up,
)
from .relaxed import clears_greedily

EMPTY_PILE_COST = 3            # cover_cost of an empty pile for any card but a king
NOWHERE_GOOD = 150             # cover_cost when no foundation takes the card first


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
    played = play_up(new_piles, new_heights)
    return Choice(action, tuple(tuple(pile) for pile in new_piles), tuple(new_heights),
                  tuple(played))


def cover_cost(rank: int, pile: Sequence[int], heights: Sequence[int]) -> int:
    """How bad it is to put ``rank`` on ``pile``: 0 for a king on a king or on an
    empty pile; ``EMPTY_PILE_COST`` for another card on an empty pile; else the
    fewest places between the card and the one it covers on a foundation that
    takes both, the new card first; ``NOWHERE_GOOD`` plus how much sooner the
    covered card is wanted when no foundation takes them in that order."""
    if not pile:
        return 0 if rank == FULL else EMPTY_PILE_COST
    top = pile[-1]
    if rank == FULL and top == FULL:
        return 0
    best = NOWHERE_GOOD
    for number in range(FOUNDATIONS):
        slot = SLOT[number][rank]
        top_slot = SLOT[number][top]
        if slot >= heights[number] and top_slot >= heights[number] and 0 < top_slot - slot < best:
            best = top_slot - slot
    if best == NOWHERE_GOOD:
        best += max(0, distance(rank, heights) - distance(top, heights))
    return best


def quick_choice(rank: int, piles: list[list[int]], heights: list[int],
                 to_come: Sequence[int]) -> Action:
    """The rule-of-thumb play of the hand card ``rank`` (see the module),
    made on ``piles`` and ``heights`` in place, waste-pile tops played up after.
    ``to_come`` counts the ranks still to come after this card."""
    takers = fitting(rank, heights)
    if takers:
        heights[takers[0]] += 1
        play_up(piles, heights)
        return hand_to_foundation(takers[0])
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
    play_up(piles, heights)
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


def chance_of_winning(piles: Sequence[Sequence[int]], heights: Sequence[int],
                      to_come: list[int], memo: dict[object, float]) -> float:
    """The probability of winning from this position (no hand card), placing
    each card to come as well as possible once it is seen and playing every
    waste-pile top up as soon as it fits, over every order of the cards
    ``to_come`` counts, all equally likely.  Exponential in the number of
    cards to come: for the end of a game only.  ``memo`` keeps positions
    already worked out (pass the same dict for one position's choices)."""
    total = sum(to_come)
    if total == 0:
        return 1.0 if sum(heights) == WON_SCORE else 0.0
    key = (pile_key(piles), tuple(heights), tuple(to_come))
    known = memo.get(key)
    if known is not None:
        return known
    weighted = 0.0
    for rank in range(1, len(to_come)):
        copies = to_come[rank]
        if not copies:
            continue
        to_come[rank] -= 1
        best = 0.0
        for choice in choices(rank, piles, heights):
            value = chance_of_winning(choice.piles, choice.heights, to_come, memo)
            if value > best:
                best = value
                if best == 1.0:
                    break
        to_come[rank] += 1
        weighted += copies * best
    chance = weighted / total
    memo[key] = chance
    return chance

