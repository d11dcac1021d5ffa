"""Could the waste piles still be cleared if every card to come were free?

The *relaxed game* keeps the waste piles (and the hand card, as a pile of one)
as they are, but lets every card still to come go to a foundation at any
moment, without ever waiting on a waste pile.  It needs only how many of
each rank are still to come, never their order, so a player may ask it too.

If the relaxed game cannot be won, neither can the real one: take any real
win and play its foundation moves in the same order in the relaxed game.  A
card that was on a waste pile is uncovered in the relaxed game no later than
in the real one (the cards that lay above it went up at the same moments,
and the relaxed game never covers it with new cards); a card still to come
is free.  So each move is allowed and the relaxed game is won too.  The
solver prunes on this, and the advisor avoids placements that fail it.

``clears_greedily`` plays the relaxed game one way only (a waste-pile top
before a card to come, foundations in order): when it clears everything,
that is a proof the relaxed game can be won; when it fails, the relaxed game
may still be winnable by other choices.  ``relaxed_verdict`` settles those
cases by searching the relaxed game, within a cap.
"""

from __future__ import annotations

from collections.abc import Sequence

from .position import FOUNDATIONS
from .ranks import FULL, SEQUENCE, WON_SCORE


def clears_greedily(to_come: Sequence[int], piles: Sequence[Sequence[int]],
                    heights: Sequence[int]) -> bool:
    """True if the relaxed game is won by always filling each foundation with a
    waste-pile top of the rank it needs, else with a card to come, foundation
    by foundation until none moves.  ``to_come[rank]`` counts the cards of that
    rank still to come.  True proves the relaxed game winnable; False proves
    nothing."""
    pool = list(to_come)
    stacks = [list(pile) for pile in piles if pile]
    height = list(heights)
    moved = True
    while moved:
        moved = False
        for number in range(FOUNDATIONS):
            sequence = SEQUENCE[number]
            filled = height[number]
            while filled < FULL:
                rank = sequence[filled]
                for stack in stacks:
                    if stack and stack[-1] == rank:
                        stack.pop()
                        break
                else:
                    if not pool[rank]:
                        break
                    pool[rank] -= 1
                filled += 1
                moved = True
            height[number] = filled
    return sum(height) == WON_SCORE


class _CapReached(Exception):
    pass


def relaxed_verdict(to_come: Sequence[int], piles: Sequence[Sequence[int]],
                    heights: Sequence[int], cap: int) -> tuple[bool | None, int]:
    """Whether the relaxed game can be won: (True, n), (False, n), or (None, n)
    when ``cap`` positions were not enough to tell; n is the number of relaxed
    positions examined.

    Two kinds of move are made without trying the alternatives, because they
    are never worse in the relaxed game: filling a foundation with a card to
    come when no waste pile holds that rank (all the rank's open places will
    be filled from the cards to come, so earlier costs nothing); and playing a
    waste-pile top when it is the only card of its rank on the waste piles
    (a later use of it elsewhere can be made with a card to come instead, and
    the pile is uncovered sooner).  Everything else is searched, remembering
    the (foundation heights, pile lengths) already found lost.
    """
    if clears_greedily(to_come, piles, heights):
        return True, 0
    stacks = [tuple(pile) for pile in piles if pile]
    lost: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()
    examined = 0

    def search(height: list[int], lengths: list[int], pool: list[int]) -> bool:
        nonlocal examined
        _close(stacks, height, lengths, pool)
        if sum(height) == WON_SCORE:
            return True
        key = (tuple(height), tuple(lengths))
        if key in lost:
            return False
        examined += 1
        if examined > cap:
            raise _CapReached()
        for number in range(FOUNDATIONS):
            if height[number] >= FULL:
                continue
            rank = SEQUENCE[number][height[number]]
            tops_seen: set[tuple[int, ...]] = set()
            for index, stack in enumerate(stacks):
                length = lengths[index]
                if length and stack[length - 1] == rank and stack[:length] not in tops_seen:
                    tops_seen.add(stack[:length])
                    next_lengths = list(lengths)
                    next_lengths[index] -= 1
                    if search(_raised(height, number), next_lengths, list(pool)):
                        return True
            if pool[rank]:
                next_pool = list(pool)
                next_pool[rank] -= 1
                if search(_raised(height, number), list(lengths), next_pool):
                    return True
        lost.add(key)
        return False

    try:
        won = search(list(heights), [len(stack) for stack in stacks], list(to_come))
    except _CapReached:
        return None, examined
    return won, examined


def _raised(height: list[int], number: int) -> list[int]:
    raised = list(height)
    raised[number] += 1
    return raised


def _close(stacks: Sequence[tuple[int, ...]], height: list[int], lengths: list[int],
           pool: list[int]) -> None:
    """Make the moves that are never worse (see ``relaxed_verdict``) until none is left."""
    moved = True
    while moved:
        moved = False
        for number in range(FOUNDATIONS):
            while height[number] < FULL:
                rank = SEQUENCE[number][height[number]]
                holders = [index for index, stack in enumerate(stacks)
                           if rank in stack[:lengths[index]]]
                if not holders and pool[rank]:
                    pool[rank] -= 1
                elif (len(holders) == 1
                      and stacks[holders[0]][:lengths[holders[0]]].count(rank) == 1
                      and stacks[holders[0]][lengths[holders[0]] - 1] == rank):
                    lengths[holders[0]] -= 1
                else:
                    break
                height[number] += 1
                moved = True
