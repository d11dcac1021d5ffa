"""Can this TriPeaks position be won, and how?  A search that knows every card.

``solve(game, budget)`` answers for any position of ``TriPeaks`` (king and
ace touching or not): WINNABLE with the engine steps that clear the peaks,
IMPOSSIBLE when every position reachable under the rules was searched (up to
the safe pruning below), or UNKNOWN when the budget's positions ran out.
Like mchung94's solver it knows the face-down cards and the stock's order,
which the player cannot see.

Method
------
Depth-first search over packed positions (``search.Compact``: a bit for each
card of the peaks still there, the stock's pointer, the rank on the waste)
with a table of the positions entered.  Turning cards from the stock is one
move however many cards it turns: "turn up to the stock's card k", which
lands k on the waste.  Moves are tried in a fixed order: the cards that fit
the waste, those that leave most cards fitting the card played first, then
turning the stock to each rank not yet on offer, nearest first.  The budget
is counted in positions expanded, at ``POSITIONS_PER_SECOND`` a second,
never by the clock.  Every move plays a card or moves the pointer on, so no
position repeats on a line.

Pruning, and why each is safe
-----------------------------
Call a position *good* when some line from it clears the peaks, and its
*distance* the fewest moves such a line takes (a turn of several cards
counting one).  Each rule leaves out only positions that are not good, or
positions P such that a position Q already entered reaches everything P
reaches in no more moves ("Q covers P"); then from every good position
entered some good position is entered at a smaller distance, so a cleared
position is entered and the search finds it.

1. Only the rank on the waste matters, not the card: two positions with the
   same cards left, the same pointer and the same rank on top play alike.
2. The same cards and rank on the waste with the pointer later
   (``_Search.enter``): Q, with the pointer earlier, covers P.  Q's plays
   are P's, and each leads to the position P's leads to but with the
   pointer earlier; P's turn up to the stock's card k is a turn Q makes too
   (turning its extra cards on the way).  So the table keeps, for each set of
   cards and rank on top, the earliest pointer entered, and a position with
   a later one is not entered.
3. A turn that lands a rank already on offer (the waste's own, or a nearer
   card's of the same turn) is not tried (``_Search.successors``): the
   position it leads to is covered by the position it is made from (or by
   the nearer turn's), by rule 2's argument.  A shortest line never makes
   such a turn: leaving it out, and playing on as from the position before,
   wins in one move fewer.
4. A position where some card left can never be played is not good
   (``_Search.hopeless``): a card goes onto a card of the rank next to its
   own, and the card it goes onto is the one on the waste now, a card of the
   stock still to come, or a card of the peaks played just before it, which
   cannot be one of the cards it lies over (they go only after it).  When no
   card left is any of these, the peaks are never cleared.

Nothing else is left out.  The tests compare the verdicts with a search over
the engine's own moves on small positions, and replay every line through the
engine.

Our rules are those of mchung94's solver, whose figures the bench prints:
28 cards in the peaks, one card starting the waste, 23 in the stock turned
once through one at a time, king and ace touching, won when the peaks are
cleared.  Only our deals differ (the book's shuffle), so the shares compare,
not the deals.
"""

from __future__ import annotations

import time
from typing import Sequence

from ...moves import DEAL, Move, Step
from ...search.budget import Budget
from ...search.result import SearchResult, decided
from .game import TriPeaks
from .position import PLACES, STOCK, WASTE
from .search import PLAY, Compact, search
from .search import Move as SolverMove

# Positions expanded a second of wall time by the compiled search on the
# project's machine (2 cores shared with other jobs, load 12-16:
# bench/pyramid_tripeaks_solver.py measured 450,000 for Pyramid and 447,000
# for TriPeaks over deals 1-10,000).
# A budget of s seconds allows s times this many.  The pure-Python search,
# used where no C compiler was found, expands the same positions in the
# same order, so it gives the same answers, more slowly.
POSITIONS_PER_SECOND = 400_000


def compact(game: TriPeaks) -> Compact:
    """The position ``game`` is in, packed for the search."""
    ranks, mask = [], 0
    for index, pile_id in enumerate(PLACES):
        cards = game.piles[pile_id].cards
        ranks.append(cards[0].rank if cards else 0)
        if cards:
            mask |= 1 << index
    stock = tuple(card.rank for card in game.piles[STOCK].cards[::-1])
    top = game.piles[WASTE].top
    return Compact(tuple(ranks), mask, stock, 0, top.rank if top else 0, game.wrap)


def solve(game: TriPeaks, budget: Budget) -> SearchResult:
    """Search the position ``game`` is in (the game is left unchanged).

    Returns WINNABLE with engine steps (``Move`` and ``DEAL``) that replay
    through ``game.apply`` to a win, IMPOSSIBLE when no line of play wins,
    or UNKNOWN when the budget ran out first.  The same position and budget
    always give the same answer, with or without the compiled search.

    Raises:
        SearchCancelled: if ``budget.cancelled`` says so during the search.
    """
    start = compact(game)
    began = time.perf_counter()
    outcome = search(start, budget.positions(POSITIONS_PER_SECOND), budget.check_cancelled)
    seconds = time.perf_counter() - began
    return decided(outcome.won, lambda: engine_steps(start, outcome.moves),
                   outcome.positions, seconds)


def engine_steps(start: Compact, moves: Sequence[SolverMove]) -> tuple[Step, ...]:
    """The search's moves from ``start`` as engine steps."""
    pointer = start.pointer
    steps: list[Step] = []
    for kind, number in moves:
        if kind == PLAY:
            steps.append(Move(PLACES[number], WASTE))
        else:
            steps.extend([DEAL] * (number + 1 - pointer))
            pointer = number + 1
    return tuple(steps)
