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
and lonelybot treat the stock the same way).  The table's key puts the
stacks in a fixed order (which stack holds what does not change what can be
won) and treats alike the pile positions that dealing connects
(``compact.settled_position``).  The budget is counted in positions
expanded, at ``POSITIONS_PER_SECOND`` a second, never by the clock.

Every move the search makes is irreversible in this sense: it puts a card
up, or plays a card from the pile, or turns a face-down card up, or empties
a stack.  So no position repeats on a line and the search needs no cycle
check; the table only saves work.

Pruning, and why each is safe
-----------------------------
Call a line of moves that ends with every card up a win.  Each rule below
leaves out moves only where some move it keeps still leads to a position
that can be won whenever the position can be won at all; since each kept
move makes progress as above, the search reaches a won position.  The rules
assume, as play always keeps, that each stack's face-up cards form a run
(alternating colours, one rank down); ``solve`` refuses other positions.

1. Safe cards up (``SAFE_UP_FIRST``, ``SAFE_CARD_GOES_UP``).  Call a card c of
   rank r *safe* when it fits its top and r <= 2 or all four cards of rank
   r-2 are up (the book's ``upsafep``).  A safe card from the pile or a
   stack goes up, never onto a stack (the book's keys cannot do that), and
   a safe card on top of a stack goes up before anything else is tried.
   Take any winning line L from the position and let L' put c up first, then
   play L with these changes, keeping a set X of cards that are up in L' but
   on the stacks in L (first X = {c}): a move of cards from X is left out;
   a move in L of a card d onto a card of X is played in L' as d up, and d
   joins X.  Only cards of rank r-1 can go onto c (every lower card is
   already up, and nothing comes back down), and d of rank r-1 fits its top
   because its r-2 is up; nothing can go onto d.  So the X cards always lie
   at the top of their stacks in L, L' has the same stacks with them taken
   off (and perhaps one more face-down card turned up, which only adds
   moves), its foundations hold at least L's, and its hand and pile are the
   same (c, if from the pile, left it in both lines at the same moment).
   Every other move of L is legal in L', and L' ends won.
2. A stack that is a king and the run on it, with nothing under it, moved to
   an empty stack (``KING_STACK_TO_EMPTY``) gives the same position with
   the stacks in another order; any win after it works before it.  A king
   moved to an empty stack goes to the first one (``LATER_EMPTY_STACK``):
   the empty stacks are alike, and the book's keys send it there.
3. Cards moved off a face-up card u onto another card t (neither turning a
   card up nor emptying a stack) are kept only when u goes up at once
   (``UNCOVERS_NOTHING_USEFUL``).  u and t have the same rank and colour,
   so whatever lies on one could lie on the other.  Take a winning line
   that starts with such a move, and play the rest of it with the runs on u
   and on t exchanged (every move onto, off or of the cards above u is made
   above t, and the other way round); each move stays legal.  The only move
   of the line that needs the difference is u or t going up, which needs
   nothing on it: just before it, move whatever lies on it over to the
   other twin (it is free then, because in the line that card is covered by
   nothing either) - a move off a face-up card that is followed at once by
   that card going up, which the solver keeps.  The new line is as long as
   the old one and has one fewer move of the left-out kind; repeat.
4. Dealing changes nothing but the pile, and commutes with every other
   move, so deals are made only on the way to a pile card played at once
   (``DEAL_ALONE``); the pile positions dealing connects are alike.

Nothing else is left out: every face-up run that turns a card up, every run
that empties its stack, every stack top that fits its top, and every card
dealing can bring to the pile's top, onto every stack it fits, is tried.
The tests compare verdicts with an exhaustive search over the engine's own
moves on small positions, and check each category on random positions.

How our rules differ from Solvitaire's and lonelybot's: nothing comes back
down from the top (they allow it), so some of their wins are not wins here;
and a move to the top is forced only for the book's safe cards.  Dealing is
the same (three at a time, the last one or two when fewer are left,
unlimited passes).
"""

from __future__ import annotations

import time
from typing import Callable

from ...cards import SUITS
from ...moves import DEAL, Move, Step
from ...piles import PileId, tableau
from ...search.budget import Budget
from ...search.result import SearchResult, Verdict
from .compact import CompactPosition, settled_position
from .game import Klondike
from .position import PILE, top_of
from .solver_moves import (
    PILE_SOURCE,
    TOP_TARGET,
    SolverMove,
    Stacks,
    Tops,
    apply,
    apply_one,
    generate,
)

# Positions expanded a second by this module under CPython 3.11 on the
# project's machine (bench/klondike_solver.py, deals 1-200, median of the
# per-deal rates); a budget of s seconds allows s times this many.
POSITIONS_PER_SECOND = 20_000
CANCEL_CHECK_INTERVAL = 1024


class _OutOfBudget(Exception):
    """The budget's positions are used up."""


def solve(game: Klondike, budget: Budget) -> SearchResult:
    """Search the position ``game`` is in (the game is left unchanged).

    Returns WINNABLE with engine steps (``Move`` and ``DEAL``) that replay
    through ``game.apply`` to a win, IMPOSSIBLE when no line of play wins,
    or UNKNOWN when the budget ran out first.  The same position and budget
    always give the same answer.

    Raises:
        ValueError: if a stack's face-up cards are not a run, which no game
            in play can show (only a hand-written position).
        SearchCancelled: if ``budget.cancelled`` says so during the search.
    """
    start = CompactPosition.of(game)
    if not start.is_regular():
        raise ValueError("every stack's face-up cards must run down in alternating colours")
    began = time.perf_counter()
    search = _Search(budget.positions(POSITIONS_PER_SECOND), budget.check_cancelled)
    try:
        found = search.visit(start.stacks, start.tops, start.stock, start.position)
    except _OutOfBudget:
        return SearchResult(Verdict.UNKNOWN, (), search.positions, time.perf_counter() - began)
    seconds = time.perf_counter() - began
    if not found:
        return SearchResult(Verdict.IMPOSSIBLE, (), search.positions, seconds)
    return SearchResult(Verdict.WINNABLE, engine_steps(start, search.path),
                        search.positions, seconds)


class _Search:
    """One depth-first search: the positions seen, and the line being tried."""

    def __init__(self, limit: int, check_cancelled: Callable[[], None]) -> None:
        self.limit = limit
        self.check_cancelled = check_cancelled
        self.positions = 0
        self.seen: set[tuple[bytes, Tops, bytes, int]] = set()
        self.path: list[SolverMove] = []

    def visit(self, stacks: Stacks, tops: Tops, stock: bytes, position: int) -> bool:
        """True, leaving the winning line in ``path``, if this position wins.

        Raises:
            _OutOfBudget: when the budget's positions are used up.
        """
        if tops == (13, 13, 13, 13):
            return True
        key = (b"\xff".join(sorted([stack[:stack[0] + 2] for stack in stacks])),
               tops, stock, settled_position(len(stock), position))
        if key in self.seen:
            return False
        self.seen.add(key)
        self.positions += 1
        if self.positions > self.limit:
            raise _OutOfBudget()
        if not self.positions % CANCEL_CHECK_INTERVAL:
            self.check_cancelled()
        for move in generate(stacks, tops, stock, position):
            self.path.append(move)
            if move.then is None:
                after = apply_one(move, stacks, tops, stock, position)
            else:
                after = apply(move, stacks, tops, stock, position)
            if self.visit(*after):
                return True
            self.path.pop()
        return False


def engine_steps(start: CompactPosition, moves: list[SolverMove]) -> tuple[Step, ...]:
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
