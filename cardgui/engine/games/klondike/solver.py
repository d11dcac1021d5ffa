"""Is this Klondike position winnable, and how?  A search that knows every card.

``solve(game, budget)`` answers for any position of Harvey's Klondike (draw
three, unlimited passes, a card moves with the cards on it, nothing comes back
down from the top): WINNABLE with the engine steps that win, IMPOSSIBLE when
every position reachable under the rules was searched (up to the safe
pruning below), or UNKNOWN when the budget's positions ran out.  Like
KPatience's and Solvitaire's solvers it sees the face-down cards and the
hand's order, which the player cannot.

Method
------
Depth-first search over ``CompactPosition`` values with a transposition
table, moves ordered best first (``solver_moves.generate``).  Deals are not
moves of their own: a move from the pile names any card that dealing can
bring to the top of the pile, with the deals that bring it there (Solvitaire
and lonelybot treat the stock the same way).  Positions that are alike for
winning share one table entry, whose key keeps only each stack's face-down
cards and bottom face-up card (in a fixed order of stacks: which stack holds
what does not matter), the foundations, the hand and pile, and the pile
position up to the positions dealing connects (``compact.settled_position``).
Which face-up card lies on which is left out of the key by the twin lemma
below.  A position is also passed over when the table holds the same
position with the pile at a size from which dealing reaches this one: that
one was searched without a win, and whatever this one could win, it could
win by dealing first.  The budget is counted in positions expanded, at
``POSITIONS_PER_SECOND`` a second, never by the clock.

Every move the search makes is irreversible: it puts a card up, or plays a
card from the pile, or turns a face-down card up, or empties a stack and
fills it with a king from the pile or from over face-down cards.  So no
position repeats on a line (none is alike to one before it on the line),
the search needs no cycle check, and a position found in the table was
searched to the end without a win.

Twin lemma.  Call two cards of the same rank and colour twins.  If twins u
and t both lie face up on the stacks, exchanging the runs that lie on them
(either may be empty) gives a position that can be won exactly when the
first can.  A winning line from one is played from the other with every move
onto, off or of the cards above u made above t and the other way round;
each move stays legal, since what fits on u fits on t.  Only u or t going
up needs the difference: it needs nothing on it, so just before it the run
lying on its twin in the copy is moved across (the twin is free then, as its
counterpart is in the line), after which the two lines are in the same
position.  Any two arrangements of the face-up cards with the same bottom
cards differ by such exchanges, so the key may leave the arrangement out.

Pruning, and why each is safe
-----------------------------
Call a line of moves that ends with every card up a win.  Each rule below
leaves out only moves such that, whenever the position can be won at all,
some winning line starts with a move the solver keeps: a winning line that
breaks a rule at its first move is turned into one that does not, which is
no longer and has fewer moves of the kinds rules 3 and 5 leave out.  The
rules assume, as play always keeps, that each stack's face-up cards form a
run (alternating colours, one rank down); ``solve`` refuses other positions.

1. Safe cards up (``SAFE_UP_FIRST``, ``SAFE_CARD_GOES_UP``).  Call a card c of
   rank r *safe* when it fits its top and either r <= 2 or all four cards
   of rank r-2 are up (the book's ``upsafep``), or both cards of rank r-1
   of the other colour are up (``solver_moves.safe_up``).  A safe card from
   the pile or a stack goes up, never onto a stack (for the book's safe
   cards the keys cannot do that), and a safe card on top of a stack goes
   up before anything else is tried.
   Take any winning line L (for a card from the pile, from the moment L
   moves it) and let L' put c up at once, then play L with these changes,
   keeping a set X of cards that are up in L' but on the stacks in L (first
   X = {c}): a move of cards from X is left out; a move in L of a card d
   onto a card of X is played in L' as d up, and d joins X.  Only cards of
   rank r-1 can go onto c (by the book's rule every lower card is already
   up, and nothing comes back down), and d of rank r-1 fits its top because
   its r-2 is up; nothing can go onto d.  By the other rule nothing can go
   onto c at all, and X stays {c}.  So the X cards always lie at the top of their
   stacks in L, L' has the same stacks with them taken off (and perhaps one
   more face-down card turned up, which only adds moves), its foundations
   hold at least L's, and its hand and pile are the same (c left the pile,
   if it was there, at the same moment in both).  Every other move of L is
   legal in L', and L' ends won.
2. A stack that is a king and the run on it, with nothing under it, moved to
   an empty stack (``KING_STACK_TO_EMPTY``) gives the same position with
   the stacks in another order; the line without it wins and is shorter.  A
   king moved to an empty stack goes to the first one
   (``LATER_EMPTY_STACK``): the empty stacks are alike, and the book's keys
   send it there.
3. A run moved off a face-up card u onto its twin's place (neither turning
   a card up nor emptying a stack) is kept only when u goes up at once
   (``UNCOVERS_NOTHING_USEFUL``): the move is a twin exchange, so by the
   lemma the rest of the line can be played without it, moving a run across
   only just before u or its twin goes up.
4. Dealing changes nothing but the pile, and commutes with every other
   move, so deals are made only on the way to a pile card played at once
   (``DEAL_ALONE``); the pile positions dealing connects are alike.
5. A run R that empties its stack X (its bottom card not a king) onto a
   card t is kept only when a king then moves to an empty stack
   (``EMPTIES_FOR_NO_KING``).  Play the rest of the line leaving R where it
   was: a move of R's cards or onto R is made the same; a move of t (with R
   on it in the line) moves t alone; a move of R's bottom card onto another
   card w is left out (R now "lies on" w, which stays free in the copy);
   R's bottom card going up empties X in both.  Only a king moving into X
   needs it empty: just before it, move R onto the card it lies on in the
   line (free in the copy), and the two lines meet.

Nothing else is left out: every face-up run that turns a card up, every
stack top that fits its top, and every card dealing can bring to the pile's
top, onto every stack it fits, is tried.  The tests compare verdicts with an
exhaustive search over the engine's own moves on small positions, and check
each category on random positions.

How our rules differ from Solvitaire's and lonelybot's (draw three,
unlimited passes, about 82% of deals winnable): nothing comes back down from
the top here, which they allow, so a few of their wins (those that need a
card brought down to hold another) are losses here, and our winnable share
should come out a little lower.  Dealing is the same: three at a time, the
last one or two when fewer are left, the pile turned over when the hand is
empty (the book turns it and deals in one keystroke, which changes no
position that can be reached).  Our deals are the book's shuffle, not
theirs, so only the shares compare, not deal by deal.
"""

from __future__ import annotations

import time
from typing import Sequence

from ...cards import SUITS
from ...moves import DEAL, Move, Step
from ...piles import PileId, tableau
from ...search.budget import Budget
from ...search.result import SearchResult, Verdict
from .compact import CompactPosition
from .game import Klondike
from .position import PILE, top_of
from .solver_moves import PILE_SOURCE, TOP_TARGET, SolverMove, apply_one
from .solver_search import search

# Positions expanded a second of wall time by the compiled search on the
# project's machine (2 cores shared by four jobs, bench/klondike_solver.py):
# 400,000 in searches of up to 200,000 positions, 130,000-240,000 in searches
# of millions, whose table no longer fits the caches (about 600,000 a second
# of processor time).  A budget of s seconds allows s times this many.  The
# pure-Python search, used where no C compiler was found, expands the same
# positions and so gives the same answers, some 25 times slower (5,000-25,000
# a second) and with far more memory (some 300 bytes a position, 0.6 GB for
# a 10-second budget, against 40-80 for the compiled table).
POSITIONS_PER_SECOND = 200_000


def solve(game: Klondike, budget: Budget) -> SearchResult:
    """Search the position ``game`` is in (the game is left unchanged).

    Returns WINNABLE with engine steps (``Move`` and ``DEAL``) that replay
    through ``game.apply`` to a win, IMPOSSIBLE when no line of play wins,
    or UNKNOWN when the budget ran out first.  The same position and budget
    always give the same answer, with or without the compiled search.

    Raises:
        ValueError: if a stack's face-up cards are not a run, which no game
            in play can show (only a hand-written position).
        SearchCancelled: if ``budget.cancelled`` says so during the search.
    """
    if game.draw != 3 or game.pass_limit is not None:
        return SearchResult(Verdict.UNKNOWN)      # this search deals three, pass after pass
    start = CompactPosition.of(game)
    if not start.is_regular():
        raise ValueError("every stack's face-up cards must run down in alternating colours")
    began = time.perf_counter()
    outcome = search(start, budget.positions(POSITIONS_PER_SECOND), budget.check_cancelled)
    seconds = time.perf_counter() - began
    if outcome.won is None:
        return SearchResult(Verdict.UNKNOWN, (), outcome.positions, seconds)
    if not outcome.won:
        # Without taking cards back down, a loss is only proven for the book's rules.
        verdict = Verdict.UNKNOWN if game.take_back else Verdict.IMPOSSIBLE
        return SearchResult(verdict, (), outcome.positions, seconds)
    return SearchResult(Verdict.WINNABLE, engine_steps(start, outcome.moves),
                        outcome.positions, seconds)


def engine_steps(start: CompactPosition, moves: Sequence[SolverMove]) -> tuple[Step, ...]:
    """The solver's moves from ``start`` as engine steps."""
    stacks, tops, stock, position = start.stacks, start.tops, start.stock, start.position
    steps: list[Step] = []
    for move in moves:
        part: SolverMove | None = move
        while part is not None:
            if part.source == PILE_SOURCE:
                steps.extend([DEAL] * part.deals)
                card = stock[part.stock_index]
                source: PileId = PILE
            else:
                stack = stacks[part.source]
                card = stack[len(stack) - part.cards]
                source = tableau(part.source + 1)
            steps.append(Move(source, _target(part.target, card), part.cards))
            stacks, tops, stock, position = apply_one(part, stacks, tops, stock, position)
            part = part.then
    return tuple(steps)


def _target(target: int, card: int) -> PileId:
    if target == TOP_TARGET:
        return top_of(SUITS[card & 3])
    return tableau(target + 1)
