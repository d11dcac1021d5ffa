"""Is this FreeCell position winnable, and how?  ``solve`` answers from any
position, under the engine's rules.

The search
    Best-first, by the ``heuristic`` score, with every third position drawn
    at random instead (see ``_Search``).  Every position reached is
    remembered by its ``packed.key`` and none is expanded twice.  The search
    is complete: when no position is left to expand, every position
    reachable from the start has been searched (up to the pruning below),
    and the answer is IMPOSSIBLE.  A win found is WINNABLE with its steps;
    running out of budget first is UNKNOWN.  Ties in the score go by the
    order positions were queued and the random draws are seeded from the
    start position, so the same position and budget always give the same
    answer.

What is left out, and why no win is lost
    1. Safe cards go up at once.  After every move, each card that
       ``limits.is_safe_up`` calls safe (the engine's autoplay rule) goes up
       before the next move is chosen, so positions with such a card still
       down are never expanded.  This loses no win.  The only cards ever
       laid on a card of rank r are the two of the other colour and rank
       r-1.  For r >= 3 the rule asks that both be up already, and cards
       never come back from a foundation; for r = 2 they are aces, which
       can always go up instead (while an ace is down, at most three suits
       have started, so a foundation is empty); nothing is laid on an ace.
       So take any winning line, play the safe card up first, then follow
       the line, leaving out the moves of that card, carrying the runs it
       was in without it, and sending up at once any ace the line lays on
       it.  Every column and free cell then holds the same cards as in the
       line or fewer, so the free cells, the empty columns and the supermove
       limit are the same or larger, every move is still allowed, and the
       line still wins.
    2. Positions that differ only in which column or free cell holds what are
       one position (``packed.key``): the rules treat every column alike and
       every free cell alike, so their futures are the same up to names.
    3. Moves that lead to the key of another move from the same position, or
       back to the same key, are not generated (``packed.successors``): a card
       from one free cell to another, cards onto an empty column other than
       the first, a whole column onto an empty one.

    The tests check, over random positions, that every move generated is
    legal in the engine and leads where the engine goes, and that every move
    the engine allows and the solver leaves out falls under 2 or 3.

What a position costs
    The budget's seconds become positions expanded at ``POSITIONS_PER_SECOND``,
    this solver's rate measured on the development machine (2 cores, Python
    3.11) by ``bench/freecell_solver.py``; the clock never decides a verdict.

The steps returned are engine moves, to be applied with autoplay off: every
card that goes up, safely or not, is its own step.
"""

from __future__ import annotations

import time
import zlib

from ...moves import Move
from ...piles import PileId
from ...search.budget import Budget
from ...search.result import SearchResult, Verdict
from .game import FreeCell
from .packed import (
    CELL_SOURCE,
    TO_CELL,
    TO_FOUNDATION,
    Packed,
    PackedMove,
    apply,
    autoplay,
    key,
    pack,
    pack_card,
)
from .position import CELLS, COLUMNS, FOUNDATIONS
from .search import IMPOSSIBLE, WINNABLE, search

POSITIONS_PER_SECOND = 18_000
"""Positions expanded a second of processor time on the machine the solver
was measured on: 18,045 ± 741 over the deals of 1,000 positions or more in
a sample of 2,000 Microsoft deals (``bench/freecell_solver.py --sample 2000
--seed 7``; 2 cores, Python 3.11)."""


def solve(game: FreeCell, budget: Budget, compiled: bool | None = None) -> SearchResult:
    """Whether ``game``'s position can be won, and how.

    WINNABLE comes with the steps from this position to the win, engine
    moves for ``game.apply`` on a copy with autoplay off; IMPOSSIBLE means
    every position reachable under the rules was searched; UNKNOWN, that
    ``budget`` ran out first.  ``game`` itself is not changed.  ``compiled``
    None uses the compiled search where it was built; True or False ask
    for one (the answer is the same).

    Raises:
        SearchCancelled: when ``budget.cancelled`` says to stop.
        RuntimeError: if ``compiled`` is True and it was not built.
    """
    started = time.perf_counter()
    start, opening = autoplay(pack(game))
    outcome = search(start, budget.positions(POSITIONS_PER_SECOND),
                     zlib.crc32(key(start)), budget.check_cancelled, compiled)
    seconds = time.perf_counter() - started
    if outcome.status == WINNABLE:
        steps = tuple(_Translator(game).steps(opening, start, outcome.moves))
        return SearchResult(Verdict.WINNABLE, steps, outcome.positions,
                            time.perf_counter() - started)
    verdict = Verdict.IMPOSSIBLE if outcome.status == IMPOSSIBLE else Verdict.UNKNOWN
    return SearchResult(verdict, (), outcome.positions, seconds)


class _Translator:
    """Writes packed moves as the engine's moves, following which free cell
    holds which card and which foundation holds which suit."""

    def __init__(self, game: FreeCell) -> None:
        piles = game.piles
        self.cells: list[int | None] = [
            pack_card(piles[cell].cards[0]) if piles[cell].cards else None for cell in CELLS]
        self.foundations: list[int | None] = [
            pack_card(piles[pile].cards[0]) & 3 if piles[pile].cards else None
            for pile in FOUNDATIONS]

    def steps(self, opening: list[tuple[int, int]], start: Packed,
              path: tuple[PackedMove, ...]) -> list[Move]:
        """The engine's moves for the safe plays ``opening`` (which take the
        game's position to ``start``), then for each move of ``path`` (in the
        terms of the canonical position it is made from) and the safe plays
        after it."""
        result = [self._up(source, card) for source, card in opening]
        position = start
        for move in path:
            move = _on_table(position, move)
            result.append(self._move(position, move))
            position, plays = autoplay(apply(position, move))
            result += [self._up(source, card) for source, card in plays]
        return result

    def _source(self, source: int) -> PileId:
        if source < CELL_SOURCE:
            return COLUMNS[source]
        slot = self.cells.index(source - CELL_SOURCE)
        self.cells[slot] = None
        return CELLS[slot]

    def _up(self, source: int, card: int) -> Move:
        suit = card & 3
        if suit not in self.foundations:
            self.foundations[self.foundations.index(None)] = suit
        return Move(self._source(source), FOUNDATIONS[self.foundations.index(suit)], 1)

    def _move(self, position: Packed, move: PackedMove) -> Move:
        source, target, count = move
        if target == TO_FOUNDATION:
            card = (source - CELL_SOURCE if source >= CELL_SOURCE
                    else position[0][source][-1])
            return self._up(source, card)
        if target == TO_CELL:
            slot = self.cells.index(None)
            self.cells[slot] = position[0][source][-1]
            return Move(self._source(source), CELLS[slot], 1)
        return Move(self._source(source), COLUMNS[target], count)


def _on_table(position: Packed, move: PackedMove) -> PackedMove:
    """``move``, made in the canonical form of ``position``, with its
    columns named as ``position`` has them: the ``k``-th column sorted is
    ``position``'s column ``order[k]`` (the sort is stable, so of the empty
    columns, which alone can be alike, the first sorted is the first)."""
    columns = position[0]
    order = sorted(range(len(columns)), key=columns.__getitem__)
    source, target, count = move
    if source < CELL_SOURCE:
        source = order[source]
    if target < TO_CELL:
        target = order[target]
    return source, target, count
