"""Could the waste piles still be cleared if every card to come were free?

The *relaxed game* keeps the waste piles as they are, but lets every card
still to come (and the hand card) go to a foundation at any moment, without
ever waiting on a waste pile.  It needs only how many of each rank are still
to come, never their order, so a player may ask it too.

If the relaxed game cannot be won, neither can the real one: take any real
win and play its foundation moves in the same order in the relaxed game.  A
card that was on a waste pile is uncovered in the relaxed game no later than
in the real one (the cards that lay above it went up at the same moments,
and the relaxed game never covers it with new cards); a card still to come
is free.  So each move is allowed and the relaxed game is won too.  The
solver prunes on this, and the advisor avoids placements that fail it.

The solver's complete stage also marks each waste-pile card with the
foundations it may still go to (``with_set``: the rank in the low four bits,
one bit a foundation above them; see ``solver``).  The relaxed game then
keeps those marks: a marked card goes only to a foundation of its set.  The
argument above holds unchanged for real wins that respect the marks.

``clears_greedily`` plays the relaxed game one way only (a waste-pile top
before a card to come, foundations in order): when it clears everything,
that is a proof the relaxed game can be won; when it fails, the relaxed game
may still be winnable by other choices.  ``relaxed_search`` settles those
cases by searching the relaxed game, within a cap.  ``clears_tops_first``
is another single way of playing, which gives a card to come away only when
no waste-pile top can go up anywhere; it clears many relaxed games that
``clears_greedily`` does not (the solver's directed stage prunes on it).
"""

from __future__ import annotations

from collections.abc import Sequence

from .position import FOUNDATIONS
from .ranks import FULL, SEQUENCE, WON_SCORE

ALL_FOUNDATIONS = (1 << FOUNDATIONS) - 1
_FOUNDATIONS = range(FOUNDATIONS)


def with_set(rank: int, allowed: int) -> int:
    """A marked card: ``rank``, going only to the foundations whose bits are
    set in ``allowed`` (bit 0 for foundation 1)."""
    return rank | allowed << 4


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
        for number in _FOUNDATIONS:
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


def clears_tops_first(pool: Sequence[int], piles: Sequence[Sequence[int]],
                      heights: Sequence[int]) -> bool:
    """True if the relaxed game is won by playing it in rounds: in each round
    every foundation in turn takes a waste-pile top of the rank it needs (the
    first pile's, counting from 0) if there is one; only when a round moves
    nothing does a free card go up, to the first foundation that needs a rank
    with no card on the waste piles, else to the first foundation whose rank
    is free at all; then the rounds start again.  ``pool`` counts the free
    cards by rank (the cards to come and the hand card); ``piles`` hold ranks.

    Why this order: a free card given to the wrong foundation is what makes
    ``clears_greedily`` fail on relaxed games that can be won.  When a rank's
    copies lie buried in the waste piles, the foundation that reaches the rank
    first should have a free one, and the one that reaches it last the buried
    one, whose pile has had longest to clear; moving the waste piles first and
    every foundation a card a round keeps the foundations near the order in
    which they reach their ranks.  True proves the relaxed game winnable;
    False proves nothing (the search still decides those)."""
    free = list(pool)
    lengths = [len(pile) for pile in piles]
    height = list(heights)
    on_piles = [0] * (FULL + 1)
    for pile in piles:
        for rank in pile:
            on_piles[rank] += 1
    while True:
        moved = False
        for number in _FOUNDATIONS:
            if height[number] >= FULL:
                continue
            rank = SEQUENCE[number][height[number]]
            for index, pile in enumerate(piles):
                if lengths[index] and pile[lengths[index] - 1] == rank:
                    lengths[index] -= 1
                    on_piles[rank] -= 1
                    height[number] += 1
                    moved = True
                    break
        if not moved:
            number = _first_free_taker(free, height, on_piles)
            if number < 0:
                break
            free[SEQUENCE[number][height[number]]] -= 1
            height[number] += 1
    return sum(height) == WON_SCORE


def _first_free_taker(free: Sequence[int], height: Sequence[int], on_piles: Sequence[int]) -> int:
    """The foundation ``clears_tops_first`` gives a free card to, or -1."""
    for uncontested in (True, False):
        for number in _FOUNDATIONS:
            if height[number] < FULL:
                rank = SEQUENCE[number][height[number]]
                if free[rank] and not (uncontested and on_piles[rank]):
                    return number
    return -1


def clears_greedily_marked(stacks: Sequence[Sequence[int]], pool: Sequence[int],
                           heights: Sequence[int]) -> bool:
    """``clears_greedily`` for marked cards (``with_set``): a waste-pile top
    goes only to a foundation of its set; ``pool`` counts the free cards by
    rank.  True proves the relaxed game winnable; False proves nothing."""
    free = list(pool)
    lengths = [len(stack) for stack in stacks]
    height = list(heights)
    moved = True
    while moved:
        moved = False
        for number in _FOUNDATIONS:
            while height[number] < FULL:
                rank = SEQUENCE[number][height[number]]
                for index, stack in enumerate(stacks):
                    length = lengths[index]
                    if length and stack[length - 1] & 15 == rank \
                            and stack[length - 1] >> (4 + number) & 1:
                        lengths[index] -= 1
                        break
                else:
                    if not free[rank]:
                        break
                    free[rank] -= 1
                height[number] += 1
                moved = True
    return sum(height) == WON_SCORE


class _CapReached(Exception):
    pass


def relaxed_search(stacks: Sequence[Sequence[int]], pool: Sequence[int],
                   heights: Sequence[int], cap: int) -> tuple[bool | None, int]:
    """Whether the relaxed game with marked cards (``with_set``) can be won:
    (True, n), (False, n), or (None, n) when ``cap`` positions were not
    enough to tell; n is the number of relaxed positions examined (at most
    ``cap`` + 1).  ``stacks`` are the non-empty waste piles, bottom to top;
    ``pool`` counts the free cards by rank.

    Two kinds of move are made without trying the alternatives, because they
    are never worse: filling a foundation with a free card when no waste-pile
    card of that rank may go there (its place will be filled by a free card
    anyway, and free cards are alike); and playing a waste-pile top to a
    foundation of its set when it is the only card of its rank on the waste
    piles (a free card can stand in for it wherever else it would have gone,
    and its pile is uncovered sooner).  Everything else is searched,
    remembering the (foundation heights, pile lengths) already found lost.
    """
    searcher = _RelaxedSearch([tuple(stack) for stack in stacks], cap)
    try:
        won = searcher.search(list(heights), [len(stack) for stack in stacks], list(pool))
    except _CapReached:
        return None, searcher.examined
    return won, searcher.examined


def relaxed_verdict(to_come: Sequence[int], piles: Sequence[Sequence[int]],
                    heights: Sequence[int], cap: int) -> tuple[bool | None, int]:
    """``relaxed_search`` for unmarked waste piles of ranks (each card may go
    to any foundation) and ``to_come`` free cards, after ``clears_greedily``
    (which costs nothing when it clears)."""
    if clears_greedily(to_come, piles, heights):
        return True, 0
    stacks = [[with_set(rank, ALL_FOUNDATIONS) for rank in pile] for pile in piles if pile]
    return relaxed_search(stacks, to_come, heights, cap)


class _RelaxedSearch:
    def __init__(self, stacks: list[tuple[int, ...]], cap: int) -> None:
        self.stacks = stacks
        self.cap = cap
        self.lost: set[tuple[int, ...]] = set()
        self.examined = 0

    def search(self, height: list[int], lengths: list[int], pool: list[int]) -> bool:
        self.close(height, lengths, pool)
        if sum(height) == WON_SCORE:
            return True
        key = tuple(height + lengths)
        if key in self.lost:
            return False
        self.examined += 1
        if self.examined > self.cap:
            raise _CapReached()
        stacks = self.stacks
        for number in _FOUNDATIONS:
            if height[number] >= FULL:
                continue
            rank = SEQUENCE[number][height[number]]
            for index, stack in enumerate(stacks):
                length = lengths[index]
                if not length:
                    continue
                card = stack[length - 1]
                if card & 15 != rank or not card >> (4 + number) & 1:
                    continue
                if any(lengths[other] == length and stacks[other][:length] == stack[:length]
                       for other in range(index)):
                    continue        # a pile alike to an earlier one: the same
                lengths[index] -= 1
                height[number] += 1
                won = self.search(list(height), list(lengths), list(pool))
                height[number] -= 1
                lengths[index] += 1
                if won:
                    return True
            if pool[rank]:
                pool[rank] -= 1
                height[number] += 1
                won = self.search(list(height), list(lengths), list(pool))
                height[number] -= 1
                pool[rank] += 1
                if won:
                    return True
        self.lost.add(key)
        return False

    def close(self, height: list[int], lengths: list[int], pool: list[int]) -> None:
        """Make the moves that are never worse (see ``relaxed_search``) until none is left."""
        stacks = self.stacks
        moved = True
        while moved:
            moved = False
            for number in _FOUNDATIONS:
                while height[number] < FULL:
                    rank = SEQUENCE[number][height[number]]
                    of_rank = for_this = 0
                    holder = -1
                    for index, stack in enumerate(stacks):
                        for card in stack[:lengths[index]]:
                            if card & 15 == rank:
                                of_rank += 1
                                holder = index
                                if card >> (4 + number) & 1:
                                    for_this += 1
                    if not for_this and pool[rank]:
                        pool[rank] -= 1
                    elif of_rank == 1 and for_this == 1 and \
                            stacks[holder][lengths[holder] - 1] & 15 == rank:
                        lengths[holder] -= 1
                    else:
                        break
                    height[number] += 1
                    moved = True
