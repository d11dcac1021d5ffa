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

import array
import heapq
import time
import zlib
from random import Random

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
    Expander,
    Packed,
    PackedMove,
    apply,
    autoplay,
    key,
    pack,
    pack_card,
)
from .position import CELLS, COLUMNS, FOUNDATIONS

POSITIONS_PER_SECOND = 18_000
"""Positions expanded a second of processor time on the machine the solver
was measured on: 18,045 ± 741 over the deals of 1,000 positions or more in
a sample of 2,000 Microsoft deals (``bench/freecell_solver.py --sample 2000
--seed 7``; 2 cores, Python 3.11)."""

CANCEL_CHECK_INTERVAL = 2048
"""Positions expanded between asking the budget whether to stop."""

GREEDY_FIRST = 300
"""Positions expanded greedily before the random draws begin: most deals are
won by then, and the draws would only slow them."""

RANDOM_TURN = 3
"""After ``GREEDY_FIRST``, every third position expanded is drawn at random
from a random kind."""

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
        steps = tuple(_Translator(game).steps(opening, start, path))
    return SearchResult(verdict, steps, search.expanded, time.perf_counter() - started)


class _Search:
    """One search from ``start``, expanding at most ``limit`` positions.

    The next position is the best-scored one (greedy best-first, ties to
    the one queued last, so the search dives rather than widens), except
    that after the first ``GREEDY_FIRST`` positions every third one is drawn
    at random from a random *kind*, a kind being the cards up and the score
    of what lies in the way (type-based exploration, after Xie, Müller,
    Holte and Imai, AAAI 2014).  The draws take the search out of the
    plateaus where the score misleads it, where the slowest deals spent
    nearly all their time.  The random numbers are seeded from the start
    position, so the search is the same every time.
    """

    def __init__(self, start: Packed, limit: int) -> None:
        self.start = start
        self.limit = limit
        self.expanded = 0
        # Each position expanded gets the next number, and these arrays hold,
        # for each number, the number of the position it was reached from
        # and the move from there (packed in one int); a path to a win is
        # read back through them.  Positions queued but never expanded (most
        # of them) get no number.
        self.parents = array.array("l")
        self.moves = array.array("l")

    def run(self, budget: Budget) -> tuple[Verdict, list[PackedMove]]:
        """The verdict, and for WINNABLE the moves from ``start`` to the win.

        Raises:
            SearchCancelled: when the budget says to stop.
        """
        start = self.start
        parents, moves = self.parents, self.moves
        start_key = key(start)
        if start[2] == WON:
            return Verdict.WINNABLE, []
        # Every key reached, to True once its position has been expanded: a
        # position may wait both in the queue and in its kind, and is
        # expanded from whichever gives it first.
        expanded_keys = {start_key: False}
        score = Scorer().score
        expand = Expander().successors
        random = Random(zlib.crc32(start_key))
        best, in_the_way = score(start)
        # An entry: (score, -order queued, position, key, parent's number, move).
        entry = (best, 0, start, start_key, _NO_PARENT, (0, 0, 0))
        queue = [entry]
        kinds: dict[tuple[int, int], list[_Entry]] = {(sum(start[2]), in_the_way): [entry]}
        kind_names = list(kinds)
        queued = 0
        pop, push = heapq.heappop, heapq.heappush
        join = b"\0".join
        limit = self.limit
        expanded = 0
        while True:
            if expanded >= limit:
                self.expanded = expanded
                return Verdict.UNKNOWN, []
            if expanded % CANCEL_CHECK_INTERVAL == 0:
                budget.check_cancelled()
            chosen: _Entry | None = None
            if expanded >= GREEDY_FIRST and expanded % RANDOM_TURN == 0:
                while kind_names:
                    candidate = _draw(kinds, kind_names, random)
                    if not expanded_keys[candidate[3]]:
                        chosen = candidate
                        break
            # Every entry waits in the queue as well as in its kind, so once
            # the queue is empty every position reached has been expanded.
            while chosen is None and queue:
                candidate = pop(queue)
                if not expanded_keys[candidate[3]]:
                    chosen = candidate
            if chosen is None:
                self.expanded = expanded
                return Verdict.IMPOSSIBLE, []
            _, _, position, position_key, parent, (source, target, count) = chosen
            expanded_keys[position_key] = True
            number = expanded
            parents.append(parent)
            moves.append(source | target << 7 | count << 11)
            expanded += 1
            for made, child in expand(position):
                columns, cells, found = child
                child_key = join(sorted(columns)) + b"\1" + cells     # packed.key
                if child_key in expanded_keys:
                    continue
                expanded_keys[child_key] = False
                if found == WON:
                    self.expanded = expanded
                    return Verdict.WINNABLE, self._path(number) + [made]
                queued -= 1
                child_score, in_the_way = score(child)
                entry = (child_score, queued, child, child_key, number, made)
                push(queue, entry)
                kind = (found[0] + found[1] + found[2] + found[3], in_the_way)
                members = kinds.get(kind)
                if members is None:
                    kinds[kind] = members = []
                    kind_names.append(kind)
                members.append(entry)

    def _path(self, number: int) -> list[PackedMove]:
        """The moves from the start to the position numbered ``number``."""
        path = []
        while self.parents[number] != _NO_PARENT:
            path.append(_unpack_move(self.moves[number]))
            number = self.parents[number]
        path.reverse()
        return path


_Entry = tuple[int, int, Packed, bytes, int, PackedMove]


def _draw(kinds: dict[tuple[int, int], list[_Entry]], names: list[tuple[int, int]],
          random: Random) -> _Entry:
    """Take out an entry at random from a kind chosen at random (forgetting
    a kind once it is empty)."""
    place = random.randrange(len(names))
    name = names[place]
    members = kinds[name]
    index = random.randrange(len(members))
    members[index], members[-1] = members[-1], members[index]
    entry = members.pop()
    if not members:
        names[place] = names[-1]
        names.pop()
        del kinds[name]
    return entry


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

    def steps(self, opening: list[tuple[int, int]], start: Packed,
              path: list[PackedMove]) -> list[Move]:
        """The engine's moves for the safe plays ``opening`` (which take the
        game's position to ``start``), then for each move of ``path`` and the
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
                    else position[0][source][-1])
            return self._up(source, card)
        if target == TO_CELL:
            slot = self.cells.index(None)
            self.cells[slot] = position[0][source][-1]
            return Move(self._source(source), CELLS[slot], 1)
        return Move(self._source(source), COLUMNS[target], count)
