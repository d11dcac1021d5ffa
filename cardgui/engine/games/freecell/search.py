"""The FreeCell solver's search, in pure Python and, where it was built,
compiled (``_search.c``): the same positions in the same order, so the same
verdict, the same line and the same count of positions.

``search(start, limit, seed, check_cancelled)`` searches from a packed
position whose safe cards are up, until it wins, has reached ``limit``
positions, or has expanded every position it reached.  It counts the
positions it reaches, not those it expands: each one reached is kept and
scored, so their count is what a search costs in time and memory.  What
it searches and why nothing it leaves out loses a win is in ``solver``'s
docstring; this module is the order.

Positions are kept *canonical*: the columns sorted as byte strings (so the
empty ones come first), the free cells' cards ascending.  Positions that
differ only in which column or cell holds what are then one value, and a
position's moves name the columns in that order (``packed.successors`` on
the canonical position).  The moves returned are in those terms: column
``k`` of a move is the ``k``-th column of the position the move is made
from, sorted (``solver`` maps them back to the table's columns).

The order of expansion
    Every position reached gets the next number (the start 0) and waits in
    three places: a queue by its ``heuristic.GREEDY`` score, a queue by its
    ``heuristic.PATIENT`` score, and its *kind*, a kind being the cards up
    and the part of the greedy score that counts what lies in the way.  The
    positions are expanded in turns of three: the first is drawn at random
    from a random kind (type-based exploration, after Xie, Müller, Holte
    and Imai, AAAI 2014), the second is the patient queue's best, the third
    the greedy queue's best; in a queue, ties go to the position reached
    last, so the search dives rather than widens.  The first
    ``GREEDY_FIRST`` positions are all from the queues (most deals are won
    by then), and a turn whose source holds nothing unexpanded takes the
    greedy queue's best.

    A position is expanded in two stages, each from whichever place gives
    it next (``_Search._expand``).  The first makes its ``FIRST_MOVES``
    (cards up, and onto other cards); if any of them reached a position
    not met before, the position waits again in both queues, its scores
    raised by ``GREEDY_LATER`` and ``PATIENT_LATER``, for its second stage,
    its ``LATER_MOVES`` (to a free cell, to an empty column); else it goes
    on to them at once.  A position leaves the greedy queue only once both
    stages are done, so once that queue is empty every position reached
    has been wholly expanded: the stages change the order, never what is
    searched.  Most deals are won before the later moves of most positions
    are made, and those moves are most of the moves: over deals 1-2000,
    the two stages reach a third fewer positions than expanding each
    position whole.  Freecell Solver's depth-first scans work the same
    way, trying groups of moves in turn (its ``-to`` test orders, the
    moves up and onto other cards first, the moves to free cells last)
    and making the next group only when the earlier ones led nowhere.

    Taking turns between unlike orders, as Röger and Helmert found for
    planning (ICAPS 2010) and as Freecell Solver's presets run several
    scans over one table of positions, helps where one order is misled:
    the greedy order alone dives into long plateaus, which the patient
    order, counting the moves spent, and the random draws leave.  Over
    Microsoft's deals 1-32,000 (before the two stages below) the three
    together expanded 326 positions a deal on average, where the greedy
    order with the draws alone expanded 514; 3,449 at the 99th percentile,
    against 7,886.

    The random numbers are SplitMix64, seeded by the caller, and a number
    below n is the next one mod n: plain integer arithmetic that C repeats
    exactly.
"""

from __future__ import annotations

import array
import heapq
from dataclasses import dataclass
from types import ModuleType
from typing import Callable

from ...search.splitmix import SplitMix
from .heuristic import Scorer
from .packed import FIRST_MOVES, LATER_MOVES, WON, Expander, Packed, PackedMove, canonical

CANCEL_CHECK_INTERVAL = 2048
"""Positions expanded between asking whether to stop."""

GREEDY_FIRST = 300
"""Positions expanded from the two queues alone before the random draws
begin: most deals are won by then, and the draws would only slow them."""

TURN = 3
"""Positions expanded in a turn: one at random, one patient, one greedy."""
RANDOM_DRAW, PATIENT_BEST = 0, 1

GREEDY_LATER, PATIENT_LATER = 16, 4
"""What a position's greedy and patient scores are raised by when it waits
again, for its ``LATER_MOVES``, after its ``FIRST_MOVES`` were made."""

UNEXPANDED, HALF_EXPANDED, EXPANDED = 0, 1, 2
"""A position's stages: none of its moves made, its ``FIRST_MOVES`` made,
all made."""

SCORE_OFFSET = 1024
"""Added to a score to make it positive in the queues' keys (a score is at
least -356)."""

_LOW = 0xFFFFFFFF
_MASK = (1 << 64) - 1
_NO_PARENT = -1

_compiled: ModuleType | None
try:
    from . import _search as _compiled  # type: ignore[attr-defined, no-redef]
except ImportError:      # built without a C compiler: the pure-Python search
    _compiled = None

COMPILED = _compiled is not None

WINNABLE, IMPOSSIBLE, OUT_OF_BUDGET = 1, 0, -1


@dataclass(frozen=True, slots=True)
class SearchOutcome:
    """``status``: ``WINNABLE`` (``moves`` win), ``IMPOSSIBLE`` (every
    position reached was expanded) or ``OUT_OF_BUDGET``; ``positions``
    reached, the start among them; ``moves`` from the canonical start,
    each in the terms of the canonical position it is made from."""

    status: int
    positions: int
    moves: tuple[PackedMove, ...] = ()


def search(start: Packed, limit: int, seed: int, check_cancelled: Callable[[], None],
           compiled: bool | None = None) -> SearchOutcome:
    """Search from ``start`` (its safe cards up) until ``limit`` positions
    have been reached (it expands none after that; the last one expanded
    may take it past the limit), drawing random numbers from ``seed``, and
    calling ``check_cancelled`` every ``CANCEL_CHECK_INTERVAL`` positions
    expanded.  ``compiled`` None uses the compiled search where it was
    built; True or False ask for one.

    Raises:
        RuntimeError: if ``compiled`` is True and it was not built.
        MemoryError: if the positions reached do not fit in memory.
        whatever ``check_cancelled`` raises.
    """
    if compiled is None:
        compiled = COMPILED
    start = canonical(start)
    if compiled:
        if _compiled is None:
            raise RuntimeError("the compiled FreeCell search was not built")
        columns, cells, found = start
        status, positions, path = _compiled.search(columns, cells, found, limit,
                                                   seed & _MASK, check_cancelled)
        return SearchOutcome(status, positions, tuple(path))
    return _Search(start, limit, seed, check_cancelled).run()


class _Search:
    """One search: the positions reached, by number, and the queues."""

    def __init__(self, start: Packed, limit: int, seed: int,
                 check_cancelled: Callable[[], None]) -> None:
        self.start = start
        self.limit = limit
        self.random = SplitMix(seed)
        self.check_cancelled = check_cancelled
        # For each position reached, by number: the number of the one it was
        # reached from and the move from there, packed in one int.
        self.parents = array.array("q", [_NO_PARENT])
        self.moves = array.array("q", [0])
        # And how many moves from the start it was reached by.
        self.depths = array.array("q", [0])
        self.score = score = Scorer().score
        self.expander = Expander()
        # Each position reached, until it is wholly expanded, and its stage;
        # its number, by key.
        self.positions: list[Packed | None] = [start]
        self.stage = bytearray([UNEXPANDED])
        self.seen = {b"\0".join(start[0]) + b"\1" + start[1]: 0}
        greedy, in_the_way, patient = score(start, 0)
        # Queue keys: the score (made positive), then the number, reversed.
        self.queue = [(greedy + SCORE_OFFSET) << 32 | _LOW]
        self.patient_queue = [(patient + SCORE_OFFSET) << 32 | _LOW]
        # The kinds, and those with members unexpanded, in the order drawn from.
        self.kinds: dict[tuple[int, int], list[int]] = {(sum(start[2]), in_the_way): [0]}
        self.names = list(self.kinds)

    def run(self) -> SearchOutcome:
        if self.start[2] == WON:
            return SearchOutcome(WINNABLE, 1)
        limit, parents, stage = self.limit, self.parents, self.stage
        queue, patient_queue, names = self.queue, self.patient_queue, self.names
        pop = heapq.heappop
        count = 0
        while True:
            if len(parents) >= limit:
                return SearchOutcome(OUT_OF_BUDGET, len(parents))
            if count % CANCEL_CHECK_INTERVAL == 0:
                self.check_cancelled()
            chosen = -1
            turn = count % TURN
            if turn == RANDOM_DRAW and count >= GREEDY_FIRST:
                while names:
                    candidate = self._draw(self.kinds, names)
                    if stage[candidate] != EXPANDED:
                        chosen = candidate
                        break
            elif turn == PATIENT_BEST:
                while patient_queue:
                    candidate = _LOW - (pop(patient_queue) & _LOW)
                    if stage[candidate] != EXPANDED:
                        chosen = candidate
                        break
            # Every position waits in the queue, as well as elsewhere, until
            # it is wholly expanded, so once the queue is empty every
            # position reached has been.
            while chosen < 0 and queue:
                candidate = _LOW - (pop(queue) & _LOW)
                if stage[candidate] != EXPANDED:
                    chosen = candidate
            if chosen < 0:
                return SearchOutcome(IMPOSSIBLE, len(parents))
            count += 1
            won = self._expand(chosen)
            if won >= 0:
                return SearchOutcome(WINNABLE, len(parents), self._path(won))

    def _expand(self, chosen: int) -> int:
        """Expand the position numbered ``chosen`` one stage further: the
        number of a won position reached, else -1.  The first stage reaches
        the positions of its ``FIRST_MOVES`` and, if any was new, queues it
        again for the rest, its scores raised by ``GREEDY_LATER`` and
        ``PATIENT_LATER``; the second, or the first when none of the first
        moves led anywhere new, reaches those of its ``LATER_MOVES``."""
        position = self.positions[chosen]
        assert position is not None
        depth = self.depths[chosen]
        if self.stage[chosen] == UNEXPANDED:
            self.stage[chosen] = HALF_EXPANDED
            added, won = self._reach(chosen, depth + 1,
                                     self.expander.group_successors(position, FIRST_MOVES))
            if won >= 0:
                return won
            if added:
                greedy, _, patient = self.score(position, depth)
                heapq.heappush(self.queue,
                               (greedy + GREEDY_LATER + SCORE_OFFSET) << 32 | (_LOW - chosen))
                heapq.heappush(self.patient_queue,
                               (patient + PATIENT_LATER + SCORE_OFFSET) << 32 | (_LOW - chosen))
                return -1
        self.stage[chosen] = EXPANDED
        self.positions[chosen] = None
        return self._reach(chosen, depth + 1,
                           self.expander.group_successors(position, LATER_MOVES))[1]

    def _reach(self, parent: int, depth: int,
               children: list[tuple[PackedMove, Packed]]) -> tuple[int, int]:
        """Number and queue the positions of ``children`` not reached before,
        reached from the position numbered ``parent`` in ``depth`` moves:
        how many were new, and the number of a won one (then the rest are
        left), else -1."""
        parents, moves, depths = self.parents, self.moves, self.depths
        positions, seen, stage, score = self.positions, self.seen, self.stage, self.score
        queue, patient_queue, kinds = self.queue, self.patient_queue, self.kinds
        push, join = heapq.heappush, b"\0".join
        added = 0
        for (source, target, cards), child in children:
            columns = tuple(sorted(child[0]))
            cells, found = child[1], child[2]
            child_key = join(columns) + b"\1" + cells
            if child_key in seen:
                continue
            number = len(positions)
            seen[child_key] = number
            parents.append(parent)
            moves.append(source | target << 7 | cards << 11)
            depths.append(depth)
            added += 1
            if found == WON:
                return added, number
            child = (columns, cells, found)
            positions.append(child)
            stage.append(UNEXPANDED)
            greedy, in_the_way, patient = score(child, depth)
            push(queue, (greedy + SCORE_OFFSET) << 32 | (_LOW - number))
            push(patient_queue, (patient + SCORE_OFFSET) << 32 | (_LOW - number))
            kind = (found[0] + found[1] + found[2] + found[3], in_the_way)
            members = kinds.get(kind)
            if members is None:
                kinds[kind] = members = []
                self.names.append(kind)
            members.append(number)
        return added, -1

    def _draw(self, kinds: dict[tuple[int, int], list[int]],
              names: list[tuple[int, int]]) -> int:
        """Take out a position at random from a kind chosen at random
        (forgetting a kind once it is empty)."""
        place = self.random.below(len(names))
        name = names[place]
        members = kinds[name]
        index = self.random.below(len(members))
        members[index], members[-1] = members[-1], members[index]
        number = members.pop()
        if not members:
            names[place] = names[-1]
            names.pop()
            del kinds[name]
        return number

    def _path(self, number: int) -> tuple[PackedMove, ...]:
        """The moves from the start to the position numbered ``number``."""
        path = []
        while self.parents[number] != _NO_PARENT:
            value = self.moves[number]
            path.append((value & 0x7F, value >> 7 & 0xF, value >> 11))
            number = self.parents[number]
        path.reverse()
        return tuple(path)
