"""Can this Pyramid position be won, and how?  A search that knows every card.

``solve(game, budget)`` answers for any position of ``Pyramid`` (any passes
through the stock): WINNABLE with the engine steps that clear the pyramid,
IMPOSSIBLE when every position reachable under the rules was searched (up to
the safe pruning below), or UNKNOWN when the budget's positions ran out.  Like
mchung94's solver it knows the order of the stock, as a player who has looked
through it once does.

Method
------
Depth-first search over packed positions (``search.Compact``: a bit for each
card still there, the stock's pointer, the passes left) with a table of the
positions entered, moves tried in a fixed order: pairs first (the pyramid's
free cards from the top row down, then the stock's top card, then the
waste's), then turning a card, then turning the waste over.  The budget is
counted in positions expanded, the relaxation's included (below), at
``POSITIONS_PER_SECOND`` a second, never by the clock.

No position repeats on a line with a limit of passes (each move takes cards
off, moves the pointer on, or uses up a pass), so the table needs no cycle
check; with no limit, the table is the visited set of a plain depth-first
search, which enters every position reachable.

Pruning, and why each is safe
-----------------------------
Call a position *good* when some line from it clears the pyramid, and its
*distance* the fewest moves such a line takes.  Each rule below leaves out
only positions that are not good, or positions P such that a position Q
already entered reaches everything P reaches in no more moves; then from
every good position entered some good position is entered at a smaller
distance, so a clearing position is entered and the search finds it.

1. A free king goes off at once, as the only move tried (``search.successors``).
   Take a line L that clears the pyramid from the position, and let L' take
   the king off first and then play L, leaving out L's own king move and any
   turn of the stock that L makes while the king is the stock's top card.
   Every other move of L is legal in L' at its turn: the king pairs with
   nothing, so no pair of L uses it; cards it covered in the pyramid are
   free earlier; a card of L's waste that lay on the king lies on the card
   below it instead, and a card lying under the king in the waste is only
   freed sooner; in the stock the cards keep their order.  The waste is
   turned over at the same moments (the stock empties in both when L's does,
   having held the same cards but the king).  So L' clears the pyramid and
   is no longer than L.
2. The same cards, the same pointer, fewer passes left (``Compact.left``):
   a position entered with at least as many passes left reaches, move for
   move, everything this one does (turning the waste over is the only move
   that needs a pass), so this one is not entered.
3. The relaxation (``search._Search.relaxation_wins``).  Let every card of
   the stock and the waste be free at all times: the pyramid's cards pair
   among themselves or with any card of the stock's and waste's that makes
   13.  Every line of the real game is a line of this easier one (leaving out
   the turns of the stock and the pairs within it), so a position whose
   relaxation cannot clear the pyramid is not good, and neither it nor any
   position after it is searched.  The relaxation is searched exactly, with
   kings going off first (rule 1 holds there too) and its own table; only
   the pyramid's cards and the count of each rank left in the stock and the
   waste matter to it.  It settles most deals that cannot be won before the
   real search starts (66 of the first 68 in the book's deals 1-200): a card
   whose partners all cover it or lie under it, or pairs that would have to
   go off before each other.

Nothing else is left out.  The tests compare the verdicts with a search over
the engine's own moves on small positions, and replay every line through the
engine.

How our rules compare with mchung94's solver (whose figures the bench prints):
the same, as far as his code shows: the stock's top card is free and pairs
with the waste's top card and with the pyramid's; kings go off alone from
anywhere they are free; the waste is turned over twice (three passes); the
game is won when the pyramid is cleared.  Only our deals differ (the book's
shuffle), so the shares compare, not the deals.
"""

from __future__ import annotations

import time
from typing import Sequence

from ...moves import DEAL, Move, Step
from ...piles import PileId
from ...search.budget import Budget
from ...search.result import SearchResult, decided
from .game import Pyramid
from .position import DISCARD, PLACES, STOCK, WASTE
from .search import (
    DRAW,
    KING_OFF,
    TURN_OVER,
    UNLIMITED,
    Compact,
    next_card,
    search,
    waste_top,
)
from .search import (
    PLACES as PLACE_COUNT,
)
from .search import Move as SolverMove

# Positions expanded a second of wall time by the compiled search on the
# project's machine (2 cores shared with other jobs, load 12-16:
# bench/pyramid_tripeaks_solver.py measured 450,000 for Pyramid and 447,000
# for TriPeaks over deals 1-10,000).
# A budget of s seconds allows s times this many.  The pure-Python search,
# used where no C compiler was found, expands the same positions in the
# same order, so it gives the same answers, more slowly.
POSITIONS_PER_SECOND = 400_000


def compact(game: Pyramid) -> Compact:
    """The position ``game`` is in, packed for the search."""
    ranks = [0] * PLACE_COUNT
    mask = 0
    for index, pile_id in enumerate(PLACES):
        card = game.piles[pile_id].top
        if card is not None:
            ranks[index] = card.rank
            mask |= 1 << index
    cycle = list(game.piles[WASTE].cards) + list(game.piles[STOCK].cards[::-1])
    for offset, card in enumerate(cycle):
        ranks.append(card.rank)
        mask |= 1 << (PLACE_COUNT + offset)
    left = UNLIMITED if game.passes_left is None else game.passes_left
    return Compact(tuple(ranks), mask, PLACE_COUNT + len(game.piles[WASTE]), left)


def solve(game: Pyramid, budget: Budget) -> SearchResult:
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
    mask, left = start.mask, start.left
    pointer = next_card(mask, start.pointer)
    steps: list[Step] = []

    def pile_of(index: int) -> PileId:
        if index < PLACE_COUNT:
            return PLACES[index]
        if index == pointer:
            return STOCK
        if index == waste_top(mask, pointer):
            return WASTE
        raise AssertionError(f"card {index} of the search is not free")

    for first, second in moves:
        if first == DRAW:
            steps.append(DEAL)
            pointer = next_card(mask, pointer + 1)
            continue
        if first == TURN_OVER:
            steps.append(DEAL)
            pointer = next_card(mask, PLACE_COUNT)
            left = left - 1 if left > 0 else left
            continue
        source = pile_of(first)
        target = DISCARD if second == KING_OFF else pile_of(second)
        steps.append(Move(source, target))
        mask &= ~(1 << first)
        if second != KING_OFF:
            mask &= ~(1 << second)
        pointer = next_card(mask, pointer)
    return tuple(steps)
