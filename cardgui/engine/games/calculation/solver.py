"""Calculation's solver: full knowledge of the cards to come, as Klondike's
and FreeCell's solvers have of the face-down cards.

``solve(game, budget)`` answers for the position in ``game``: WINNABLE with
the steps (engine moves and deals) that win it, IMPOSSIBLE when every
position reachable under the rules was searched, or UNKNOWN when the budget
ran out.  The budget is counted in positions, never in time:
``POSITIONS_PER_SECOND`` converts the seconds the player gives.

Positions are kept by rank (``ranks``): suits never matter in Calculation.

The search runs in two stages that share the budget.

1. *Directed*: a depth-first search that plays every card it can to a
   foundation as soon as it can (trying each foundation when two take it),
   puts the hand card on the waste pile where it is needed soonest before the
   card it covers, and abandons a position as soon as the relaxed game (see
   ``relaxed``) fails to clear when played greedily.  It finds most wins
   quickly, but it skips moves, so when it fails it proves nothing.
2. *Complete*: a depth-first search over every move the rules allow, with
   only these reductions, each of which loses no win:

   * suits are ignored and waste piles are interchangeable (positions are
     compared by ranks, with the piles sorted; of two identical piles only
     one is tried as a destination);
   * after the hand card goes to a waste pile the next card is turned at once
     (a foundation move made in between touches another pile, or takes that
     very card, which the hand could have played directly; either way the
     same position comes from making it first);
   * once no card is left to turn, the hand card is never put on a waste pile
     (it can wait in the hand for its foundation, and covering a pile gains
     nothing);
   * a position whose relaxed game cannot be won is lost (proof in
     ``relaxed``); the relaxed search has a cap, and when it cannot tell, the
     position is searched;
   * a position found lost is remembered.

   When it has searched everything without a win, the position is IMPOSSIBLE.

Every relaxed position examined counts against the budget as well as every
search position, so a second of budget buys about the same work in both
stages.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from ...piles import foundation
from ...search.budget import Budget
from ...search.result import SearchResult, Verdict
from .candidates import (
    HAND_DOWN,
    HAND_UP,
    TO_FOUNDATION,
    candidate_actions,
    destinations,
    takers,
)
from .game import Calculation
from .position import FOUNDATIONS, HAND, STOCK, waste_pile
from .ranks import (
    DEAL_ACTION,
    WON_SCORE,
    Action,
    actions_to_steps,
    rank_counts,
)
from .relaxed import clears_greedily, relaxed_verdict

# Measured on the development machine (2 cores, Python 3.11): positions per
# second of the two stages mixed over deals 1-200; see bench/calculation_advisor.py.
POSITIONS_PER_SECOND = 40_000
DEPTH_FIRST_SHARE = 0.25       # of the budget, for the directed stage's plain depth-first pass
DIRECTED_SHARE = 0.75          # of the budget, spent by then, with limited discrepancy
RELAXED_CAP = 200              # relaxed positions one pruning question may cost
_CANCEL_EVERY = 1024
_EVERY = 1 << 30                # an allowance no search reaches
_DEPTH_NEEDED = 2_000          # recursion: at most 48 deals and 48 plays, with frames to spare



class _OutOfBudget(Exception):
    pass


@dataclass
class _Position:
    """The position by ranks: ``order`` the cards to turn, first first (the
    first ``turned`` of them are gone), ``hand`` the hand card or 0."""

    order: list[int]
    turned: int
    hand: int
    piles: list[list[int]]
    heights: list[int]

    @classmethod
    def of(cls, game: Calculation) -> _Position:
        hand = game.pile(HAND).top
        return cls(order=[card.rank for card in reversed(game.pile(STOCK).cards)],
                   turned=0,
                   hand=hand.rank if hand is not None else 0,
                   piles=[[card.rank for card in game.pile(waste_pile(n)).cards]
                          for n in range(1, FOUNDATIONS + 1)],
                   heights=[len(game.pile(foundation(n))) for n in range(1, FOUNDATIONS + 1)])


class _Counter:
    """Positions spent so far, against a limit; asks ``cancelled`` now and then."""

    def __init__(self, limit: int, check_cancelled: Callable[[], None]) -> None:
        self.limit = limit
        self.spent = 0
        self._check_cancelled = check_cancelled

    def spend(self, positions: int = 1) -> None:
        before = self.spent
        self.spent += positions
        if self.spent // _CANCEL_EVERY != before // _CANCEL_EVERY:
            self._check_cancelled()
        if self.spent > self.limit:
            raise _OutOfBudget()


def solve(game: Calculation, budget: Budget) -> SearchResult:
    """Search the position in ``game`` (which is not changed) for a win.

    Returns WINNABLE with the steps that win it (each one a ``Move`` or
    ``DEAL`` the game's ``apply`` accepts, in order), IMPOSSIBLE when the whole
    reachable space was searched without a win, or UNKNOWN when the budget ran
    out first.  The same position and budget always give the same answer.

    Raises:
        SearchCancelled: if ``budget.cancelled`` says so during the search.
    """
    started = time.perf_counter()
    position = _Position.of(game)
    counter = _Counter(budget.positions(POSITIONS_PER_SECOND), budget.check_cancelled)
    old_limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old_limit, _DEPTH_NEEDED))
    try:
        verdict, actions = _run(position, counter)
    finally:
        sys.setrecursionlimit(old_limit)
    return SearchResult(verdict, actions_to_steps(actions), counter.spent,
                        time.perf_counter() - started)


def _run(position: _Position, counter: _Counter) -> tuple[Verdict, list[Action]]:
    full_limit = counter.limit
    for stage, share in ((_Directed, DEPTH_FIRST_SHARE), (_Directed, DIRECTED_SHARE)):
        counter.limit = max(1, int(full_limit * share))
        searcher = stage(position, counter, discrepancies=share == DIRECTED_SHARE)
        try:
            actions = searcher.search()
        except _OutOfBudget:
            continue
        if actions is not None:
            return Verdict.WINNABLE, actions
        break            # the directed moves are exhausted: only the complete stage can tell
    counter.limit = full_limit
    try:
        actions = _Complete(position, counter).search()
    except _OutOfBudget:
        return Verdict.UNKNOWN, []
    if actions is None:
        return Verdict.IMPOSSIBLE, []
    return Verdict.WINNABLE, actions


class _Search:
    """What both stages share: the position being changed in place, the line
    of actions that led to it, and the positions found lost."""

    def __init__(self, start: _Position, counter: _Counter) -> None:
        self.order = start.order
        self.piles = [list(pile) for pile in start.piles]
        self.heights = list(start.heights)
        self.to_come = rank_counts(start.order)
        self.counter = counter
        self.line: list[Action] = []
        self.lost: set[tuple[object, ...]] = set()
        self._start_hand = start.hand

    def search(self) -> list[Action] | None:
        """The actions that win from the start, or None if this stage finds none."""
        return list(self.line) if self._visit(0, self._start_hand) else None

    def _visit(self, turned: int, hand: int) -> bool:
        raise NotImplementedError

    def key(self, turned: int, hand: int) -> tuple[object, ...]:
        heights = self.heights
        return (turned, hand, tuple(sorted(tuple(pile) for pile in self.piles)),
                heights[0], heights[1], heights[2], heights[3])

    def with_hand(self, hand: int) -> list[list[int]]:
        return self.piles + [[hand]] if hand else self.piles

    def turn_up(self, turned: int) -> bool:
        """Deal the next card and search on; True if that wins."""
        rank = self.order[turned]
        self.to_come[rank] -= 1
        self.line.append(DEAL_ACTION)
        if self._visit(turned + 1, rank):
            return True
        self.line.pop()
        self.to_come[rank] += 1
        return False

    def hand_to_pile(self, turned: int, hand: int, pile: int) -> bool:
        """Put the hand card on ``pile``, deal the next card and search on."""
        self.piles[pile].append(hand)
        self.line.append(HAND_DOWN[pile])
        if self.turn_up(turned):
            return True
        self.line.pop()
        self.piles[pile].pop()
        return False

    def pile_to_foundation(self, turned: int, hand: int, pile: int, number: int) -> bool:
        rank = self.piles[pile].pop()
        self.heights[number] += 1
        self.line.append(TO_FOUNDATION[pile][number])
        if self._visit(turned, hand):
            return True
        self.line.pop()
        self.heights[number] -= 1
        self.piles[pile].append(rank)
        return False

    def hand_to_foundation(self, turned: int, number: int) -> bool:
        self.heights[number] += 1
        self.line.append(HAND_UP[number])
        if self._visit(turned, 0):
            return True
        self.line.pop()
        self.heights[number] -= 1
        return False

    def takers(self, rank: int) -> list[int]:
        return takers(rank, self.heights)

    def destinations_in_order(self, rank: int) -> list[int]:
        return destinations(rank, self.piles, self.heights)


class _Directed(_Search):
    """Stage 1: eager plays, heuristic order, greedy relaxed pruning, searched
    with limited discrepancy: first the line that takes the preferred choice
    everywhere, then lines that depart from it in more and more places (a
    departure to the k-th choice costs k), so that one early misjudgement does
    not trap the search in the subtree below it."""

    def __init__(self, start: _Position, counter: _Counter, discrepancies: bool) -> None:
        super().__init__(start, counter)
        self.failed_with: dict[tuple[object, ...], int] = {}
        self.cut = False
        self.discrepancies = discrepancies

    def search(self) -> list[Action] | None:
        allowance = 0 if self.discrepancies else _EVERY
        while True:
            self.cut = False
            if self._visit_within(0, self._start_hand, allowance):
                return list(self.line)
            if not self.cut:
                return None
            allowance += 1

    def _visit(self, turned: int, hand: int) -> bool:
        raise AssertionError("the directed stage visits with an allowance")

    def _visit_within(self, turned: int, hand: int, allowance: int) -> bool:
        heights = self.heights
        if heights[0] + heights[1] + heights[2] + heights[3] == WON_SCORE:
            return True
        key = self.key(turned, hand)
        if self.failed_with.get(key, -1) >= allowance:
            return False
        self.counter.spend()
        if not clears_greedily(self.to_come, self.with_hand(hand), heights):
            self.failed_with[key] = _EVERY
            return False
        for pile, cards in enumerate(self.piles):
            takers = self.takers(cards[-1]) if cards else []
            if takers:
                for number, left in self._within(takers, allowance):
                    if self._pile_up(turned, hand, pile, number, left):
                        return True
                return self._failed(key, allowance)
        if hand:
            takers = self.takers(hand)
            if takers:
                for number, left in self._within(takers, allowance):
                    if self._hand_up(turned, number, left):
                        return True
            elif turned < len(self.order):
                for pile, left in self._within(self.destinations_in_order(hand), allowance):
                    if self._hand_down(turned, hand, pile, left):
                        return True
        elif turned < len(self.order) and self._deal(turned, allowance):
            return True
        return self._failed(key, allowance)

    def _within(self, options: list[int], allowance: int) -> Iterator[tuple[int, int]]:
        """Each option with the allowance left after choosing it; stops (and
        notes the cut) where the allowance runs out."""
        for rank_in_order, option in enumerate(options):
            if rank_in_order > allowance:
                self.cut = True
                return
            yield option, allowance - rank_in_order

    def _failed(self, key: tuple[object, ...], allowance: int) -> bool:
        self.failed_with[key] = max(self.failed_with.get(key, -1), allowance)
        return False

    def _pile_up(self, turned: int, hand: int, pile: int, number: int, allowance: int) -> bool:
        rank = self.piles[pile].pop()
        self.heights[number] += 1
        self.line.append(TO_FOUNDATION[pile][number])
        if self._visit_within(turned, hand, allowance):
            return True
        self.line.pop()
        self.heights[number] -= 1
        self.piles[pile].append(rank)
        return False

    def _hand_up(self, turned: int, number: int, allowance: int) -> bool:
        self.heights[number] += 1
        self.line.append(HAND_UP[number])
        if self._visit_within(turned, 0, allowance):
            return True
        self.line.pop()
        self.heights[number] -= 1
        return False

    def _hand_down(self, turned: int, hand: int, pile: int, allowance: int) -> bool:
        self.piles[pile].append(hand)
        self.line.append(HAND_DOWN[pile])
        if self._deal(turned, allowance):
            return True
        self.line.pop()
        self.piles[pile].pop()
        return False

    def _deal(self, turned: int, allowance: int) -> bool:
        rank = self.order[turned]
        self.to_come[rank] -= 1
        self.line.append(DEAL_ACTION)
        if self._visit_within(turned + 1, rank, allowance):
            return True
        self.line.pop()
        self.to_come[rank] += 1
        return False


class _Complete(_Search):
    """Stage 2: every move, only the reductions in the module's docstring."""

    def _visit(self, turned: int, hand: int) -> bool:
        heights = self.heights
        if heights[0] + heights[1] + heights[2] + heights[3] == WON_SCORE:
            return True
        key = self.key(turned, hand)
        if key in self.lost:
            return False
        self.counter.spend()
        if self._relaxed_lost(hand):
            self.lost.add(key)
            return False
        for action in candidate_actions(self.piles, heights, hand, len(self.order) - turned):
            kind = action.kind
            if kind == "waste-foundation":
                won = self.pile_to_foundation(turned, hand, action.waste, action.foundation)
            elif kind == "hand-foundation":
                won = self.hand_to_foundation(turned, action.foundation)
            elif kind == "hand-waste":
                won = self.hand_to_pile(turned, hand, action.waste)
            else:
                won = self.turn_up(turned)
            if won:
                return True
        self.lost.add(key)
        return False

    def _relaxed_lost(self, hand: int) -> bool:
        won, examined = relaxed_verdict(self.to_come, self.with_hand(hand), self.heights,
                                        RELAXED_CAP)
        self.counter.spend(examined)
        return won is False
