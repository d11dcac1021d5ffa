"""The end of a game of Calculation worked out exactly: every move a player
may make, over every order of the cards still to come.

``chance_of_winning`` is the probability of a win with the best play from a
position, for a player who sees what any player sees (the waste piles, the
foundations, the hand card and which cards are still face down, not their
order), every order of the face-down cards being equally likely.  Best play
here means over every legal move, in any order: a waste-pile top may go to
any foundation that takes it or wait; a hand card may go to any foundation
that takes it or onto any waste pile; the next card is turned up only once
the hand is empty.  Nothing is played "at once" by a rule of thumb: the
last cards of a game are where that loses (a ten played up to the
foundation that takes it now, when another will want it once the cards
above a buried ten have gone up; a hand card played up when it should wait
on a pile).

It is a search by expectation over the cards turned up and by maximum
over the moves, kept in ``memo`` by position with the waste piles in any
order (they are interchangeable).  Every move raises a foundation, empties
the hand or turns a card up, so no line repeats a position and the search
ends.  Its cost grows steeply with the cards to come: it is for the end of
a game (the advisor's ``ExactSearch``).

The search is compiled where a C compiler built ``_endgame.c``: the same
search step for step (the same moves in the same order, the same positions
kept and counted against the same limit, the same arithmetic), so it gives
identical values and runs out of positions at the same point, about ten
times faster (0.7 million positions a processor second against 62,000, on
the same heavy endings, the machine loaded twice over).  ``compiled`` None
uses it where it was built.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .position import FOUNDATIONS, WASTE_PILES
from .ranks import (
    DEAL_ACTION,
    FULL,
    SLOT,
    WON_SCORE,
    Action,
    fitting,
    hand_to_foundation,
    hand_to_waste,
    pile_key,
    waste_to_foundation,
)

_WASTE_UP = tuple(tuple(waste_to_foundation(pile, number) for number in range(FOUNDATIONS))
                  for pile in range(WASTE_PILES))
_HAND_UP = tuple(hand_to_foundation(number) for number in range(FOUNDATIONS))
_HAND_DOWN = tuple(hand_to_waste(pile) for pile in range(WASTE_PILES))

try:
    from . import _endgame as _compiled  # type: ignore[attr-defined]
except ImportError:      # built without a C compiler: the pure-Python search
    _compiled = None

COMPILED = _compiled is not None

Piles = tuple[tuple[int, ...], ...]
Key = tuple[Piles, tuple[int, ...], int, tuple[int, ...]]
NO_HAND = 0


class TooManyPositions(Exception):
    """The search would work out more positions than it was allowed."""


class _Worked(dict[Key, float]):
    """The positions worked out, and how many may be."""

    def __init__(self, limit: int | None) -> None:
        super().__init__()
        self.limit = limit


def chance_of_winning(piles: Sequence[Sequence[int]], heights: Sequence[int], hand: int,
                      to_come: Sequence[int], limit: int | None = None,
                      compiled: bool | None = None) -> float:
    """The probability of winning from this position with the best play (see
    the module): ``piles`` the waste piles by rank bottom to top, ``heights``
    the cards on each foundation, ``hand`` the hand card's rank (``NO_HAND``
    when the hand is empty), ``to_come[rank]`` how many of each rank are still
    face down.  ``compiled`` None uses the compiled search where it was built.

    Raises:
        TooManyPositions: if more than ``limit`` positions (when given) would
            be worked out.
        ValueError: if a foundation holds more than a full foundation's cards
            (compiled: or the position is not one of a game's).
        RuntimeError: if ``compiled`` is True but the search was not built.
    """
    _check(heights)
    search = _compiled_search(compiled)
    if search is not None:
        chance: float | None = search.chance_of_winning(piles, heights, hand, to_come,
                                                        _no_limit(limit))
        if chance is None:
            raise TooManyPositions(f"more than {limit} positions")
        return chance
    return _value(pile_key(piles), tuple(heights), hand, tuple(to_come), _Worked(limit))


def _compiled_search(compiled: bool | None) -> Any:
    """The compiled search module to use, or None for the pure-Python one.

    Raises:
        RuntimeError: if ``compiled`` is True but it was not built.
    """
    if compiled is None:
        compiled = COMPILED
    if compiled and _compiled is None:
        raise RuntimeError("the compiled Calculation endgame was not built (no C compiler?)")
    return _compiled if compiled else None


def _no_limit(limit: int | None) -> int:
    return -1 if limit is None else limit


def _check(heights: Sequence[int]) -> None:
    if any(not 0 <= height <= FULL for height in heights):
        raise ValueError(f"a foundation holds 0 to {FULL} cards, not {list(heights)}")


def move_values(piles: Sequence[Sequence[int]], heights: Sequence[int], hand: int,
                to_come: Sequence[int], limit: int | None = None,
                compiled: bool | None = None) -> list[tuple[Action, float]]:
    """Every move from this position (as for ``chance_of_winning``) with the
    probability of winning after it with the best play: each waste-pile top
    to each foundation that takes it (waste pile by waste pile), then the hand
    card to each foundation that takes it and onto each waste pile (the
    first of several alike), or, with the hand empty and cards to come,
    turning the next card up.  ``compiled`` as for ``chance_of_winning``.

    Raises:
        TooManyPositions: if more than ``limit`` positions (when given) would
            be worked out, all moves together.
        ValueError: if a foundation holds more than a full foundation's cards
            (compiled: or the position is not one of a game's).
        RuntimeError: if ``compiled`` is True but the search was not built.
    """
    _check(heights)
    counts = tuple(to_come)
    start = tuple(tuple(pile) for pile in piles)
    search = _compiled_search(compiled)
    if search is not None:
        values: list[float] | None = search.move_values(start, heights, hand, counts,
                                                        _no_limit(limit))
        if values is None:
            raise TooManyPositions(f"more than {limit} positions")
        actions = [action for action, *_ in _moves(start, tuple(heights), hand)]
        if hand == NO_HAND and any(counts):
            actions.append(DEAL_ACTION)
        return list(zip(actions, values, strict=True))
    memo = _Worked(limit)
    found = [(action, _value(after_piles, after_heights, after_hand, counts, memo))
             for action, after_piles, after_heights, after_hand
             in _moves(start, tuple(heights), hand)]
    if hand == NO_HAND and any(counts):
        found.append((DEAL_ACTION, _dealt(pile_key(start), tuple(heights), counts, memo)))
    return found


def _value(piles: Piles, heights: tuple[int, ...], hand: int, to_come: tuple[int, ...],
           memo: _Worked) -> float:
    if sum(heights) == WON_SCORE:
        return 1.0
    key = (piles, heights, hand, to_come)
    known = memo.get(key)
    if known is not None:
        return known
    if memo.limit is not None and len(memo) >= memo.limit:
        raise TooManyPositions(f"more than {memo.limit} positions")
    forced = _forced(piles, heights, hand)
    if forced is not None:
        best = _value(*forced, to_come, memo)
        memo[key] = best
        return best
    best = 0.0
    for _, after_piles, after_heights, after_hand in _moves(piles, heights, hand):
        value = _value(after_piles, after_heights, after_hand, to_come, memo)
        if value > best:
            best = value
            if best == 1.0:
                memo[key] = best
                return best
    if hand == NO_HAND and any(to_come):
        best = max(best, _dealt(piles, heights, to_come, memo))
    memo[key] = best
    return best


def _dealt(piles: Piles, heights: tuple[int, ...], to_come: tuple[int, ...],
           memo: _Worked) -> float:
    """The chance of winning from turning the next card up (the hand empty,
    some card to come): each rank as likely as its copies to come."""
    weighted = 0.0
    counts = list(to_come)
    for rank, copies in enumerate(to_come):
        if copies:
            counts[rank] -= 1
            weighted += copies * _value(piles, heights, rank, tuple(counts), memo)
            counts[rank] += 1
    return weighted / sum(to_come)


def _forced(piles: Piles, heights: tuple[int, ...],
            hand: int) -> tuple[Piles, tuple[int, ...], int] | None:
    """The position after a move no other beats, if there is one: a waste-pile
    top or the hand card going up to the only foundation that still wants its
    rank (see ``only_taker``)."""
    for number, pile in enumerate(piles):
        if pile:
            taker = only_taker(pile[-1], heights)
            if taker is not None:
                rest = piles[:number] + (pile[:-1],) + piles[number + 1:]
                return pile_key(rest), _raised(heights, taker), hand
    if hand != NO_HAND:
        taker = only_taker(hand, heights)
        if taker is not None:
            return piles, _raised(heights, taker), NO_HAND
    return None


def only_taker(rank: int, heights: Sequence[int]) -> int | None:
    """The foundation that takes ``rank`` now, if no other still wants that
    rank, now or later; else None.  Then that card is the last of its rank
    off the foundations, and playing it up at once is never worse than
    anything else: until it goes up its foundation can take nothing, every
    other move can be made as well after it (a card that would have covered
    it covers the card beneath instead), and once it is up the two positions
    are the same."""
    takers = fitting(rank, heights)
    if len(takers) != 1:
        return None
    taker = takers[0]
    if any(SLOT[number][rank] >= heights[number]
           for number in range(len(heights)) if number != taker):
        return None
    return taker


def _moves(piles: Piles, heights: tuple[int, ...],
           hand: int) -> list[tuple[Action, Piles, tuple[int, ...], int]]:
    """Every move but turning a card up, with the position it leads to (its
    waste piles in ``pile_key``'s order; the move's pile numbers count in
    ``piles``' own): each waste-pile top to each foundation that takes it,
    then the hand card to each foundation that takes it and onto each waste
    pile; of several piles alike, only the first."""
    found = []
    for number, pile in enumerate(piles):
        if not pile or pile in piles[:number]:
            continue
        for taker in fitting(pile[-1], heights):
            rest = piles[:number] + (pile[:-1],) + piles[number + 1:]
            found.append((_WASTE_UP[number][taker], pile_key(rest), _raised(heights, taker), hand))
    if hand != NO_HAND:
        for taker in fitting(hand, heights):
            found.append((_HAND_UP[taker], pile_key(piles), _raised(heights, taker), NO_HAND))
        for number, pile in enumerate(piles):
            if pile not in piles[:number]:
                covered = piles[:number] + (pile + (hand,),) + piles[number + 1:]
                found.append((_HAND_DOWN[number], pile_key(covered), heights, NO_HAND))
    return found


def _raised(heights: tuple[int, ...], number: int) -> tuple[int, ...]:
    return heights[:number] + (heights[number] + 1,) + heights[number + 1:]
