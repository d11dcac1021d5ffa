"""Is this FreeCell position winnable, and how?  ``solve`` answers from any
position, under the engine's rules.

The search
    Best-first: the position with the best ``heuristic`` score is expanded
    next, every position reached is remembered by its ``packed.key``, and
    none is expanded twice.  The search is complete: when no position is left
    to expand, every position reachable from the start has been searched
    (up to the pruning below), and the answer is IMPOSSIBLE.  A win found is
    WINNABLE with its steps; running out of budget first is UNKNOWN.  Ties in
    the score go to the position reached first, so the same position and
    budget always give the same answer.

What is left out, and why no win is lost
    1. Safe cards go up at once.  After every move, each card that
       ``limits.is_safe_up`` calls safe (the engine's autoplay rule) goes up
       before the next move is chosen, so positions with such a card still
       down are never expanded.  This loses no win: a safe card of rank r has
       both cards of the other colour and rank r-1 on the foundations, and
       cards never come back from a foundation, so nothing can ever be laid
       on it.  In any winning line, playing it up at once and then the same
       moves, minus the moves of that card and with it left out of the runs
       it would have been carried in, is still legal (each pile holds the
       same cards or fewer, so the free cells, the empty columns and the
       supermove limit are the same or larger) and still wins.
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

import heapq
import time

from ...moves import Move
from ...piles import PileId
from ...search.budget import Budget
from ...search.result import SearchResult, Verdict
from .game import FreeCell
from .heuristic import Scorer
from .packed import (
    CELL_SOURCE,
    TO_CELL,
    TO_FOUNDATION,
    WON,
    Packed,
    PackedMove,
    apply,
    autoplay,
    key,
    pack,
    pack_card,
    successors,
)
from .position import CELLS, COLUMNS, FOUNDATIONS

POSITIONS_PER_SECOND = 20_000
"""Positions expanded a second on the machine the solver was measured on."""

CANCEL_CHECK_INTERVAL = 2048
"""Positions expanded between asking the budget whether to stop."""

_NO_PARENT = -1


def solve(game: FreeCell, budget: Budget) -> SearchResult:
    """Whether ``game``'s position can be won, and how.

    WINNABLE comes with the steps from this position to the win, engine
    moves for ``game.apply`` on a copy with autoplay off; IMPOSSIBLE means
    every position reachable under the rules was searched; UNKNOWN, that
    ``budget`` ran out first.  ``game`` itself is not changed.

    Raises:
        SearchCancelled: when ``budget.cancelled`` says to stop.
    """
    started = time.perf_counter()
    start, opening = autoplay(pack(game))
    search = _Search(start, budget.positions(POSITIONS_PER_SECOND))
    verdict, path = search.run(budget)
    steps: tuple[Move, ...] = ()
    if verdict is Verdict.WINNABLE:
        steps = tuple(_Translator(game).steps(pack(game), opening, start, path))
    return SearchResult(verdict, steps, search.expanded, time.perf_counter() - started)


class _Search:
    """One best-first search from ``start``, expanding at most ``limit``
    positions."""

    def __init__(self, start: Packed, limit: int) -> None:
        self.start = start
        self.limit = limit
        self.expanded = 0
        # Every key reached, numbered; for each number, the number of the
        # position it was first reached from and the move (packed in one int).
        self.numbers: dict[bytes, int] = {}
        self.parents: list[int] = []
        self.moves: list[int] = []

    def run(self, budget: Budget) -> tuple[Verdict, list[PackedMove]]:
        """The verdict, and for WINNABLE the moves from ``start`` to the win.

        Raises:
            SearchCancelled: when the budget says to stop.
        """
        start = self.start
        numbers, parents, moves = self.numbers, self.parents, self.moves
        start_key = key(start)
        numbers[start_key] = 0
        parents.append(_NO_PARENT)
        moves.append(0)
        if start.found == WON:
            return Verdict.WINNABLE, []
        scorer = Scorer()
        score = scorer.score
        queue = [(score(start, start_key), 0, start)]
        pop, push = heapq.heappop, heapq.heappush
        limit = self.limit
        expanded = 0
        while queue:
            if expanded >= limit:
                self.expanded = expanded
                return Verdict.UNKNOWN, []
            if expanded % CANCEL_CHECK_INTERVAL == 0:
                budget.check_cancelled()
            _, number, position = pop(queue)
            expanded += 1
            for move, child in successors(position):
                child_key = key(child)
                if child_key in numbers:
                    continue
                child_number = len(parents)
                numbers[child_key] = child_number
                parents.append(number)
                moves.append(_pack_move(move))
                if child.found == WON:
                    self.expanded = expanded
                    return Verdict.WINNABLE, self._path(child_number)
                push(queue, (score(child, child_key), child_number, child))
        self.expanded = expanded
        return Verdict.IMPOSSIBLE, []

    def _path(self, number: int) -> list[PackedMove]:
        """The moves from the start to the position numbered ``number``."""
        path = []
        while self.parents[number] != _NO_PARENT:
            path.append(_unpack_move(self.moves[number]))
            number = self.parents[number]
        path.reverse()
        return path


def _pack_move(move: PackedMove) -> int:
    source, target, count = move
    return source | target << 7 | count << 11


def _unpack_move(value: int) -> PackedMove:
    return value & 0x7F, value >> 7 & 0xF, value >> 11


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

    def steps(self, position: Packed, opening: list[tuple[int, int]], start: Packed,
              path: list[PackedMove]) -> list[Move]:
        """The engine's moves for the safe plays ``opening`` (which take
        ``position`` to ``start``) and then each move of ``path`` with the
        safe plays after it."""
        result = [self._up(source, card) for source, card in opening]
        position = start
        for move in path:
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
                    else position.columns[source][-1])
            return self._up(source, card)
        if target == TO_CELL:
            slot = self.cells.index(None)
            self.cells[slot] = position.columns[source][-1]
            return Move(self._source(source), CELLS[slot], 1)
        return Move(self._source(source), COLUMNS[target], count)
