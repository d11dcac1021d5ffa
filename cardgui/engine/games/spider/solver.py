"""Is this Spider position winnable, and how?  A search that knows every card.

``solve(game, budget)`` answers for any position of Spider: WINNABLE with the
engine steps that win, IMPOSSIBLE when every position reachable under the
rules was searched, or UNKNOWN when the budget's positions ran out.  Like
KPatience's solver it sees the face-down cards and the stock's order, which
the player cannot.

Method
------
A beam search over packed positions (``packed.py``), in rounds
(``solver_search.py``).  A round goes one move a level: from every position
kept at a level it makes every move the rules allow, drops the positions
already kept (at any level of the round) or already made at this level, and
keeps, of the new positions with the same number of rows left in the stock,
the ``width`` best by ``solver_search.score`` (fewest face-down cards and
cards out of suit order, most empty columns and runs off).  Keeping a beam
for each number of rows left, as KPatience's newer solver does, lets the
search go on after every deal at once, rather than the positions before a
deal crowding out those after it.  A round ends when a level has no new
position or after ``DEPTH_CAP`` levels; if it left any position out (for
room, or at the depth cap), the next round starts again twice as wide.  The
first win made is the answer; without one, the line to the best-scored
position kept (``best``) is what Hint and Demo offer.  Ties in the score go to the position made
first, in the fixed order of ``packed.moves``, so the same position and
budget always give the same answer.  The budget is counted in positions
expanded, over all rounds, at ``POSITIONS_PER_SECOND`` a second, never by
the clock.

Why IMPOSSIBLE holds
--------------------
A round that left nothing out, neither for room nor at the depth cap, was a
breadth-first search with a complete record of the positions kept: every
position it made was either kept or equal (by ``packed.key``) to one kept
before, and every kept position was expanded.  So it reached every position
reachable from the start, up to that equality, and none was won.  Only
such a round answers IMPOSSIBLE.  Two things make positions equal, and
neither loses a win:

1. While the stock holds cards, positions are equal only when they are the
   same: the same cards in every column, in order, with the same face-down
   counts, and the same rows left.
2. Once the stock is empty, positions whose columns are the same up to
   their order are equal.  The rules treat every column alike (a run goes
   onto any column whose top is one rank higher, or any empty column; a
   completed run goes off from any column); the one rule that tells columns
   apart, a deal giving each its own card, no longer applies.  Renaming the
   columns turns any winning line from one position into a winning line
   from the other.

For the same reason ``packed.moves`` leaves out, once the stock is empty,
moves to an empty column other than the first (they give positions equal to
the same move to the first one) and a whole column moved to an empty one
(that gives the position itself back).  With cards in the stock these are
all kept: a run in column 3 and one in column 9 get different cards when
the stock is dealt.  Nothing else is left out: every part of every movable
run onto every column that takes it, and every deal the rules allow.

The moves and their effects are the engine's: a face-down card left on top
turns up, and a run from king to ace of one suit goes off by itself, after a
move or a deal.  The tests check, over random positions, that the moves the
solver makes are exactly the moves the engine allows (up to the equalities
above) and lead where the engine goes, and replay every line it returns.

How our rules differ from KPatience's: it deals with a column empty, which
Windows (and we) refuse; so a deal it wins only that way is not winnable here.
"""

from __future__ import annotations

import time
from typing import Sequence

from ...moves import DEAL, Move, Step
from ...search.budget import Budget
from ...search.result import SearchResult, Verdict
from .game import Spider
from .packed import DEAL_MOVE, PackedMove, pack
from .position import COLUMNS
from .solver_search import search

POSITIONS_PER_SECOND = 100_000
"""Positions a second of budget, set from the compiled search and low on
purpose: ``bench/spider_solver.py`` measured 120,000 to 220,000 positions a
processor second on a machine shared by several jobs (load 8.6 on 2 cores),
and the default budget of 10 s (a million positions) took 6.6 processor
seconds and 135 MB on a four-suit deal.  The pure-Python search expands the
same positions in the same order, more slowly."""

BEAM_WIDTH = 50
"""How many positions the first round keeps at a level for each number of
rows left in the stock."""


def solve(game: Spider, budget: Budget) -> SearchResult:
    """Search the position ``game`` is in (the game is left unchanged).

    Returns WINNABLE with engine steps (``Move`` and ``DEAL``) that replay
    through ``game.apply`` to a win, IMPOSSIBLE when no line of play wins,
    or UNKNOWN when the budget ran out first; for these two, ``best`` is the
    line to the best-scored position the search kept (most runs off, fewest
    cards face down or out of order), which Hint and Demo offer.  The same position and budget
    always give the same answer, with or without the compiled search.

    Raises:
        SearchCancelled: if ``budget.cancelled`` says so during the search.
    """
    start, stock = pack(game)
    began = time.perf_counter()
    outcome = search(start, stock, budget.positions(POSITIONS_PER_SECOND), BEAM_WIDTH,
                     budget.check_cancelled)
    seconds = time.perf_counter() - began
    best = engine_steps(outcome.best)
    if outcome.won is None:
        return SearchResult(Verdict.UNKNOWN, (), outcome.positions, seconds, best)
    if not outcome.won:
        return SearchResult(Verdict.IMPOSSIBLE, (), outcome.positions, seconds, best)
    return SearchResult(Verdict.WINNABLE, engine_steps(outcome.moves), outcome.positions,
                        seconds)


def engine_steps(moves: Sequence[PackedMove]) -> tuple[Step, ...]:
    """The solver's moves as engine steps."""
    return tuple(DEAL if move == DEAL_MOVE else Move(COLUMNS[move[0]], COLUMNS[move[1]], move[2])
                 for move in moves)
