"""Calculation's solver: full knowledge of the cards to come, as Klondike's
and FreeCell's solvers have of the face-down cards.

``solve(game, budget)`` answers for the position in ``game``: WINNABLE with
the steps (engine moves and deals) that win it, IMPOSSIBLE when every
position reachable under the rules was searched (up to the safe reductions
below), or UNKNOWN when the budget ran out.  The budget is counted in
positions, never in time: ``POSITIONS_PER_SECOND`` converts the seconds the
player gives.  Positions are kept by rank (``ranks``): suits never matter.

Method
------
Nearly every deal can be won by a player who knows the cards to come (the
bench finds no deal among 1-1,000 proven impossible), so the search is built
to find wins fast, and to prove a loss only when it must.

1. *Directed*: depth-first search over the lines that play every card it can
   to a foundation as soon as it can (trying each foundation when two take
   it), put the hand card on a foundation when one takes it, and otherwise
   on the waste pile where it is needed soonest before the card it covers
   (``solver_search.cover_cost``); a position whose relaxed game (see
   ``relaxed``) does not clear when played tops first
   (``relaxed.clears_tops_first``) is abandoned.  That single play proves
   nothing when it fails, so the stage may abandon a winnable position: it is
   a filter, and only the complete stage may say IMPOSSIBLE.  How good the
   filter is matters as much as the order: the relaxed game played foundation
   by foundation (``relaxed.clears_greedily``), the filter before, failed
   624,000 times in deal 337's first million directed positions, and 263,000
   of those relaxed games can be won (43,000 cannot; the rest were not
   decided within 200 relaxed positions), so the stage pruned away the lines
   that win.  With it, deals
   337, 469, 765 and 831 were unknown at 10 s; tops first wins them within
   0.5, 0.4, 0.1 and 2.0 million positions.  Such searches are
   heavy-tailed: a misjudged early placement can trap one in a huge subtree
   that holds no win.  So the stage runs again and again with a growing
   allowance of positions (100,000, then half as many again each time), every
   run after the first reordering the piles at random (the same seeds every
   time): by near-ties in one run, by up to a few places' cost in the next,
   and so on in turn (``solver_search.JITTERS``; with near-ties alone deals
   71, 115, 445, 765 and 952 of 1-1,000 were unknown at 10 s), remembering
   across runs the positions found failed.
   This is the restart strategy of satisfiability solvers (Gomes, Selman and
   Kautz, "Boosting combinatorial search through randomization", 1998): on
   deals 1-1,000 it wins with a tenth of the positions one long run needs.
   The directed lines are a small part of the game, so when a run has tried
   them all without a win, nothing is proven yet:
2. *Complete*: depth-first search over every line the rules allow, with only
   the reductions below, each of which loses no win.  When it has searched
   everything without a win, the position is IMPOSSIBLE.  It gets what is
   left of the budget.

Positions found failed are kept in a table (two generations of about a
million positions each, so memory stays bounded: a forgotten position is only
searched again); the directed stage's table is cleared before the complete
stage, since a directed failure proves nothing.  The searches themselves are
in ``solver_search``: in C where it was built, else in Python, with the same
answers.

The complete stage's reductions, and why each is safe
-----------------------------------------------------
Call a line that ends with all 52 cards up a win.  Each waste-pile card
carries the set of foundations it may still go to (``relaxed.with_set``; at
first every foundation).  A line *respects* the sets when it never puts a
card on a foundation outside its set.  The claim is: if some win from a
position respects the sets, the search from that position finds one.  It
holds by induction on the moves left, since every reduction leaves, of any
win it skips, a respecting win among the branches it keeps.  The argument
each rule leans on is *moving earlier*: if a card c goes from a waste pile
or the hand to foundation f in a win, and f takes c's rank now, then putting
c on f at once and playing the rest of the win unchanged (leaving out c's
move, and putting on c's pile, below where c lay, whatever the win put on c)
is a win too.  Nothing goes onto f before c in the win (f needs c's rank
until then), and the pile holds the same cards above the one under c.

1. Suits are ignored and waste piles are interchangeable: positions are
   compared by ranks, with the piles sorted, and of two identical piles only
   one is tried as a source or a destination.
2. A card that only one foundation can still take (the others have passed
   its rank, or are outside its set) goes there as soon as it takes it: the
   card must go there in any win, so moving earlier applies.  Kings have no
   rule of their own: "any king up at once, they are alike" loses wins.  With
   foundation 4 wanting its king, foundation 1 its queen, a king alone on one
   pile and another on the queen, only the king on the queen may go up first
   (the first such position found, by the brute-force test, was deal 1283's
   ending; the complete stage called it impossible).
3. Now or never: when a foundation f takes the top card c of a waste pile
   (of its set), the search tries putting c on f now, and else removes f from
   c's set for good.  A win that puts c on f at any later time becomes, by
   moving earlier, a win that puts it there now; a win that never does
   respects the smaller set.  A waste-pile card whose set is left with no
   foundation that still takes its rank can never go up: the position is
   lost.  The same for the hand card: when f takes it, it goes to f, or onto
   a waste pile with f (and every other foundation that takes it now) left
   out of its set.
4. After the hand card goes onto a waste pile, the next card is turned at
   once: a foundation move made in between could be made before (it does
   not touch the new card, which could otherwise have gone up straight from
   the hand), and the same position follows.
5. Once no card is left to turn, the hand card is never put on a waste pile:
   it may wait in the hand for its foundation, and covering a pile gains
   nothing.
6. A position whose relaxed game, with the sets, cannot be won is lost (proof
   in ``relaxed``); that search has a cap, and when it cannot tell, the
   position is searched.
7. A position found failed (all its branches searched, with these sets) is
   remembered, its sets in its key.  Every move either puts a card up, turns
   a card, or shrinks a set, so no position repeats on a line.

Nothing else is left out: every waste-pile top and hand card that a
foundation of its set takes, and every waste pile for the hand card, are
tried.  The tests compare verdicts with a search over the engine's own moves
that prunes nothing.
"""

from __future__ import annotations

import time

from ...moves import DEAL, Move, Step
from ...piles import foundation
from ...search.budget import Budget
from ...search.result import SearchResult, Verdict
from .game import Calculation
from .position import FOUNDATIONS, HAND, STOCK, waste_pile
from .solver_search import Start, search

# Positions the compiled search counts a second of processor time on the
# project's machine, on the deals that need the most: a budget of s seconds
# allows s times this many.  Easy deals count 1.0 million a second (deals 13
# and 20), but a search of millions of positions waits on memory: deals 1-1,000
# quietly (bench/calculation_solver.py, load 0.7-1.0), the five slowest
# counted 546,000 (831), 564,000 (765), 616,000 (337), 629,000 (790) and
# 691,000 (469) a second, so the figure was 540,000, below the slowest.  The
# tops-first filter costs more a position: paired with the search before it
# on the same deals and positions (1.5 million each of deals 115, 614, 557,
# 831, 1321, 1592 and 1786, three interleaved rounds, processor time, load
# 3.4-3.8), it counts 0.851 [0.814, 0.889] as many a second, so 540,000
# becomes 450,000.  The pure-Python search, used where no C compiler was
# found, counts the same positions and so gives the same answers, 50 to 100
# times slower (processor time, deals 10, 13, 14 and 16, and deal 48's first
# 300,000 positions).
POSITIONS_PER_SECOND = 450_000


def solve(game: Calculation, budget: Budget) -> SearchResult:
    """Search the position in ``game`` (which is not changed) for a win.

    Returns WINNABLE with the steps that win it (each one a ``Move`` or
    ``DEAL`` the game's ``apply`` accepts, in order), IMPOSSIBLE when the whole
    reachable space was searched without a win, or UNKNOWN when the budget ran
    out first.  The same position and budget always give the same answer,
    with or without the compiled search.

    Raises:
        SearchCancelled: if ``budget.cancelled`` says so during the search.
    """
    began = time.perf_counter()
    outcome = search(start_of(game), budget.positions(POSITIONS_PER_SECOND),
                     budget.check_cancelled)
    seconds = time.perf_counter() - began
    if outcome.won is None:
        return SearchResult(Verdict.UNKNOWN, (), outcome.positions, seconds)
    if not outcome.won:
        return SearchResult(Verdict.IMPOSSIBLE, (), outcome.positions, seconds)
    return SearchResult(Verdict.WINNABLE, engine_steps(outcome.line), outcome.positions, seconds)


def start_of(game: Calculation) -> Start:
    """The position in ``game`` by ranks."""
    hand = game.pile(HAND).top
    return Start(order=tuple(card.rank for card in reversed(game.pile(STOCK).cards)),
                 hand=hand.rank if hand is not None else 0,
                 piles=tuple(tuple(card.rank for card in game.pile(waste_pile(n)).cards)
                             for n in range(1, FOUNDATIONS + 1)),
                 heights=tuple(len(game.pile(foundation(n))) for n in range(1, FOUNDATIONS + 1)))


def engine_steps(line: tuple[int, ...]) -> tuple[Step, ...]:
    """The search's action codes (``solver_search``) as engine steps."""
    return tuple(engine_step(code) for code in line)


def engine_step(code: int) -> Step:
    """One action code as an engine step.

    Raises:
        ValueError: for a code no action has.
    """
    if code == 0:
        return DEAL
    if 1 <= code <= 4:
        return Move(HAND, foundation(code))
    if 5 <= code <= 8:
        return Move(HAND, waste_pile(code - 4))
    if 9 <= code <= 24:
        pile, number = divmod(code - 9, 4)
        return Move(waste_pile(pile + 1), foundation(number + 1))
    raise ValueError(f"no action has the code {code}")
