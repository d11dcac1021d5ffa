"""The solver's two searches, in pure Python and, where it was built,
compiled (``_search.c``): the same positions in the same order, so the same
answers; the compiled one is 50 to 100 times faster.

``search(start, limit, check_cancelled)`` searches from a ``Start`` (the
position by ranks) until it wins, runs out of positions, or has searched
every position.  What the two stages do and why their reductions are safe is
told in the ``solver`` module; this one holds the mechanics, which the C file
follows statement by statement:

* a *line* is a list of action codes (``DEAL``, ``hand_up(f)``,
  ``hand_down(p)``, ``pile_up(p, f)``), foundations and piles counted from 0;
* a position's *key* is bytes: the cards turned, the hand card, the four
  foundation heights, then the waste piles in sorted order (piles are
  interchangeable), each card a byte, each pile ended by a zero byte;
* the positions counted are the ones expanded (not found in the table) and,
  in the complete stage, every position of the relaxed game examined;
* the table of failed positions keeps two generations of at most
  ``GENERATION`` keys: when the newer fills, the older is dropped (bounded
  memory; forgetting a position costs only searching it again).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from types import ModuleType
from typing import Callable, Sequence

from ...search.splitmix import SplitMix
from .ranks import FULL, SEQUENCE, SLOT, WON_SCORE
from .relaxed import (
    ALL_FOUNDATIONS,
    clears_greedily_marked,
    clears_tops_first,
    relaxed_search,
    with_set,
)

CANCEL_CHECK_INTERVAL = 1024
# The directed stage's first run looks at FIRST_RUN positions, each next one
# at half as many again; the later runs add 0..j-1 at random to four times a
# pile's cost, j taken from JITTERS in turn: the small jitter only reorders
# near-ties, the larger ones let a pile up to a few places worse go first
# (of deals 1-1,000, 71, 115, 445 and 952 were unknown at 10 s with 8 alone;
# with 8, 16 and 32 in turn each is won within 2.1 million positions).
FIRST_RUN = 100_000
JITTERS = (8, 16, 32)
RELAXED_CAP = 200          # relaxed positions one pruning question of the complete stage may cost
GENERATION = 1 << 20       # keys in each of the table's two generations
_DEPTH_NEEDED = 5_000      # Python frames: a few for each of at most some 300 moves and choices

KING = FULL
_FOUNDATIONS = range(4)
_PILES = range(4)

# Action codes.  A line of them is what the search answers; ``solver`` turns
# them into engine steps.
DEAL = 0


def hand_up(number: int) -> int:
    return 1 + number


def hand_down(pile: int) -> int:
    return 5 + pile


def pile_up(pile: int, number: int) -> int:
    return 9 + 4 * pile + number


_compiled: ModuleType | None
try:
    from . import _search as _compiled  # type: ignore[attr-defined, no-redef]
except ImportError:      # built without a C compiler: the pure-Python search
    _compiled = None

COMPILED = _compiled is not None

WON, FAILED, STOPPED = 1, 0, -1


@dataclass(frozen=True, slots=True)
class Start:
    """A position by ranks: ``order`` the cards still to turn, first first;
    ``hand`` the hand card (0 for none); ``piles`` the four waste piles,
    bottom to top; ``heights`` the cards on each foundation."""

    order: tuple[int, ...]
    hand: int
    piles: tuple[tuple[int, ...], ...]
    heights: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SearchOutcome:
    """``won``: True (``line`` wins), False (no line wins), or None (the
    limit came first); ``positions`` counted."""

    won: bool | None
    positions: int
    line: tuple[int, ...] = ()


def search(start: Start, limit: int, check_cancelled: Callable[[], None],
           compiled: bool | None = None, directed: bool = True,
           first_run: int = FIRST_RUN) -> SearchOutcome:
    """Search from ``start``, counting at most about ``limit`` positions,
    calling ``check_cancelled`` whenever the count passes a multiple of
    ``CANCEL_CHECK_INTERVAL``.  ``compiled`` None uses the compiled search
    where it was built; True or False ask for one (True raises RuntimeError
    where it was not built).  ``directed`` False leaves out the directed
    stage, and ``first_run`` sets its first run's positions (both for tests).

    Raises:
        whatever ``check_cancelled`` raises.
    """
    if compiled is None:
        compiled = COMPILED
    if compiled:
        if _compiled is None:
            raise RuntimeError("the compiled Calculation search was not built")
        status, positions, line = _compiled.search(
            bytes(start.order), start.hand, tuple(bytes(pile) for pile in start.piles),
            bytes(start.heights), limit, check_cancelled, directed, first_run)
        return SearchOutcome(None if status < 0 else status == WON, positions, tuple(line))
    old_limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old_limit, _DEPTH_NEEDED))
    try:
        return _Search(start, limit, check_cancelled).run(directed, first_run)
    finally:
        sys.setrecursionlimit(old_limit)


class _Table:
    """Keys of positions that failed, in two generations (see the module)."""

    def __init__(self) -> None:
        self.newer: set[bytes] = set()
        self.older: set[bytes] = set()

    def __contains__(self, key: bytes) -> bool:
        return key in self.newer or key in self.older

    def add(self, key: bytes) -> None:
        self.newer.add(key)
        if len(self.newer) >= GENERATION:
            self.older = self.newer
            self.newer = set()


def cover_cost(rank: int, pile: Sequence[int], heights: Sequence[int]) -> int:
    """How bad it is to put ``rank`` on ``pile`` (the lower the better): 0 for
    a king on a king or on an empty pile, 3 for another card on an empty
    pile, else the fewest places between the card and the one it covers on a
    foundation that takes both, the new card first; 150 when none does.
    ``pile`` holds ranks (the complete stage strips its cards' sets first)."""
    if not pile:
        return 0 if rank == KING else 3
    top = pile[-1] & 15
    if rank == KING and top == KING:
        return 0
    best = 150
    for number in _FOUNDATIONS:
        slot, top_slot = SLOT[number][rank], SLOT[number][top]
        height = heights[number]
        if slot >= height and top_slot >= height and 0 < top_slot - slot < best:
            best = top_slot - slot
    return best


class _Stopped(Exception):
    """The limit is reached."""


class _Search:
    """Both stages over one position changed in place (see ``solver``)."""

    def __init__(self, start: Start, limit: int, check_cancelled: Callable[[], None]) -> None:
        self.start = start
        self.order = start.order
        self.cards = len(start.order)
        self.limit = limit
        self.stop_at = limit
        self.positions = 0
        self.checked_at = 0
        self.check_cancelled = check_cancelled
        self.table = _Table()
        self.random = SplitMix(0)
        self.jitter = 0
        self.piles: list[list[int]] = []
        self.heights: list[int] = []
        self.to_come: list[int] = []
        self.line: list[int] = []
        self.closed_cards: list[int] = []
        self.reset()

    def reset(self) -> None:
        """Back to the start (a search stopped at the limit leaves its
        position half made)."""
        start = self.start
        self.piles = [list(pile) for pile in start.piles]
        self.heights = list(start.heights)
        self.to_come = [0] * (FULL + 1)
        for rank in start.order:
            self.to_come[rank] += 1
        self.line = []
        self.closed_cards = []

    # -- the whole search ---------------------------------------------------------

    def run(self, directed: bool, first_run: int) -> SearchOutcome:
        size = max(1, first_run)
        run = 0
        while directed:
            self.reset()
            self.stop_at = min(self.positions + size, self.limit)
            self.random = SplitMix(run)
            self.jitter = JITTERS[(run - 1) % len(JITTERS)] if run else 0
            try:
                result = self.directed(0, self.start.hand)
            except _Stopped:
                result = STOPPED
            if result == WON:
                return SearchOutcome(True, self.positions, tuple(self.line))
            if result == FAILED:
                break       # every directed line tried: only the complete stage can tell
            if self.positions >= self.limit:
                return SearchOutcome(None, self.positions)
            size = size * 3 // 2
            run += 1
        self.stop_at = self.limit
        self.table = _Table()
        self.reset()
        self.piles = [[with_set(rank, ALL_FOUNDATIONS) for rank in pile] for pile in self.piles]
        try:
            result = self.complete(0, self.start.hand)
        except _Stopped:
            return SearchOutcome(None, self.positions)
        if result == WON:
            return SearchOutcome(True, self.positions, tuple(self.line))
        return SearchOutcome(False, self.positions)

    def expand(self) -> None:
        """Count a position; stop at the limit; ask about cancelling now and then."""
        self.positions += 1
        if self.positions // CANCEL_CHECK_INTERVAL != self.checked_at // CANCEL_CHECK_INTERVAL:
            self.checked_at = self.positions
            self.check_cancelled()
        if self.positions > self.stop_at:
            raise _Stopped()

    def key(self, turned: int, hand: int) -> bytes:
        heights = self.heights
        piles = sorted(bytes(pile) for pile in self.piles)
        return b"".join([bytes((turned, hand, heights[0] | heights[1] << 4,
                                heights[2] | heights[3] << 4)),
                         piles[0], b"\0", piles[1], b"\0", piles[2], b"\0", piles[3], b"\0"])

    def distinct_piles(self) -> list[int]:
        """Pile numbers, leaving out a pile alike to an earlier one."""
        piles = self.piles
        return [number for number in _PILES
                if not any(piles[other] == piles[number] for other in range(number))]

    def need(self, number: int) -> int:
        height = self.heights[number]
        return SEQUENCE[number][height] if height < FULL else 0

    # -- stage 1: directed ----------------------------------------------------------

    def directed(self, turned: int, hand: int) -> int:
        heights, piles, line = self.heights, self.piles, self.line
        if sum(heights) == WON_SCORE:
            return WON
        key = self.key(turned, hand)
        if key in self.table:
            return FAILED
        self.expand()
        if not clears_tops_first(self.pool(hand), piles, heights):
            self.table.add(key)
            return FAILED
        for pile_number in _PILES:
            pile = piles[pile_number]
            if not pile:
                continue
            rank = pile[-1]
            takers = [number for number in _FOUNDATIONS if self.need(number) == rank]
            if not takers:
                continue
            for number in takers:
                pile.pop()
                heights[number] += 1
                line.append(pile_up(pile_number, number))
                result = self.directed(turned, hand)
                if result != FAILED:
                    return result
                line.pop()
                heights[number] -= 1
                pile.append(rank)
            self.table.add(key)
            return FAILED
        if hand:
            takers = [number for number in _FOUNDATIONS if self.need(number) == hand]
            if takers:
                for number in takers:
                    heights[number] += 1
                    line.append(hand_up(number))
                    result = self.directed(turned, 0)
                    if result != FAILED:
                        return result
                    line.pop()
                    heights[number] -= 1
            elif turned < self.cards:
                for pile_number in self.directed_order(hand):
                    piles[pile_number].append(hand)
                    line.append(hand_down(pile_number))
                    result = self.directed_deal(turned)
                    if result != FAILED:
                        return result
                    line.pop()
                    piles[pile_number].pop()
        elif turned < self.cards:
            result = self.directed_deal(turned)
            if result != FAILED:
                return result
        self.table.add(key)
        return FAILED

    def pool(self, hand: int) -> list[int]:
        """The relaxed game's free cards by rank: the cards to come and the hand card."""
        pool = list(self.to_come)
        if hand:
            pool[hand] += 1
        return pool

    def directed_order(self, hand: int) -> list[int]:
        """The distinct piles for the hand card, best first: by four times
        ``cover_cost``, plus a random jitter in every run but the first."""
        scored = []
        for number in self.distinct_piles():
            score = 4 * cover_cost(hand, self.piles[number], self.heights)
            if self.jitter:
                score += self.random.below(self.jitter)
            scored.append((score, number))
        scored.sort()
        return [number for _, number in scored]

    def directed_deal(self, turned: int) -> int:
        rank = self.order[turned]
        self.to_come[rank] -= 1
        self.line.append(DEAL)
        result = self.directed(turned + 1, rank)
        if result != FAILED:
            return result
        self.line.pop()
        self.to_come[rank] += 1
        return FAILED

    # -- stage 2: complete ------------------------------------------------------------

    def alive(self, rank: int) -> int:
        """The foundations that have not yet passed ``rank``'s place, as bits."""
        heights = self.heights
        found = 0
        for number in _FOUNDATIONS:
            if SLOT[number][rank] >= heights[number]:
                found |= 1 << number
        return found

    def forced(self, rank: int, allowed: int) -> int:
        """The foundation a card of ``rank`` that may go only to ``allowed``
        goes to at once, or -1 (the complete stage's rule 2)."""
        allowed &= self.alive(rank)
        if allowed and not allowed & (allowed - 1):
            number = allowed.bit_length() - 1
            if self.need(number) == rank:
                return number
        return -1

    def close(self) -> int | None:
        """Make the forced moves of the waste-pile tops (rule 2: a card only
        one foundation can still take goes there); returns how many were made
        (to undo), or None when a top can go nowhere any more (the position
        is lost)."""
        piles, heights, line = self.piles, self.heights, self.line
        made = 0
        changed = True
        while changed:
            changed = False
            for pile_number in _PILES:
                pile = piles[pile_number]
                if not pile:
                    continue
                card = pile[-1]
                rank = card & 15
                if not card >> 4 & self.alive(rank):
                    self.undo_closed(made)
                    return None
                number = self.forced(rank, card >> 4)
                if number >= 0:
                    pile.pop()
                    heights[number] += 1
                    line.append(pile_up(pile_number, number))
                    self.closed_cards.append(card)
                    made += 1
                    changed = True
        return made

    def undo_closed(self, made: int) -> None:
        for _ in range(made):
            code = self.line.pop() - 9
            self.heights[code % 4] -= 1
            self.piles[code // 4].append(self.closed_cards.pop())

    def complete(self, turned: int, hand: int) -> int:
        made = self.close()
        if made is None:
            return FAILED
        result = self.complete_closed(turned, hand)
        if result == FAILED:
            self.undo_closed(made)
        return result

    def complete_closed(self, turned: int, hand: int) -> int:
        heights, piles, line = self.heights, self.piles, self.line
        if hand:
            number = self.forced(hand, ALL_FOUNDATIONS)
            if number >= 0:
                heights[number] += 1
                line.append(hand_up(number))
                result = self.complete(turned, 0)
                if result == FAILED:
                    line.pop()
                    heights[number] -= 1
                return result
        if sum(heights) == WON_SCORE:
            return WON
        key = self.key(turned, hand)
        if key in self.table:
            return FAILED
        self.expand()
        if self.relaxed_lost(hand):
            self.table.add(key)
            return FAILED
        for pile_number in self.distinct_piles():
            pile = piles[pile_number]
            if not pile:
                continue
            card = pile[-1]
            rank = card & 15
            for number in _FOUNDATIONS:
                if card >> (4 + number) & 1 and self.need(number) == rank:
                    # Now (rule 3's first branch) ...
                    pile.pop()
                    heights[number] += 1
                    line.append(pile_up(pile_number, number))
                    result = self.complete(turned, hand)
                    if result != FAILED:
                        return result
                    line.pop()
                    heights[number] -= 1
                    pile.append(card)
                    # ... or never.
                    pile[-1] = card & ~(1 << (4 + number))
                    result = self.complete(turned, hand)
                    if result != FAILED:
                        return result
                    pile[-1] = card
                    self.table.add(key)
                    return FAILED
        if hand:
            fitting = 0
            for number in _FOUNDATIONS:
                if self.need(number) == hand:
                    fitting |= 1 << number
                    heights[number] += 1
                    line.append(hand_up(number))
                    result = self.complete(turned, 0)
                    if result != FAILED:
                        return result
                    line.pop()
                    heights[number] -= 1
            allowed = self.alive(hand) & ~fitting
            if turned < self.cards and allowed:
                card = with_set(hand, allowed)
                for pile_number in self.complete_order(hand):
                    piles[pile_number].append(card)
                    line.append(hand_down(pile_number))
                    result = self.complete_deal(turned)
                    if result != FAILED:
                        return result
                    line.pop()
                    piles[pile_number].pop()
        elif turned < self.cards:
            result = self.complete_deal(turned)
            if result != FAILED:
                return result
        self.table.add(key)
        return FAILED

    def complete_order(self, hand: int) -> list[int]:
        scored = [(cover_cost(hand, self.piles[number], self.heights), number)
                  for number in self.distinct_piles()]
        scored.sort()
        return [number for _, number in scored]

    def complete_deal(self, turned: int) -> int:
        rank = self.order[turned]
        self.to_come[rank] -= 1
        self.line.append(DEAL)
        result = self.complete(turned + 1, rank)
        if result != FAILED:
            return result
        self.line.pop()
        self.to_come[rank] += 1
        return FAILED

    def relaxed_lost(self, hand: int) -> bool:
        """True when the relaxed game with sets cannot be won (rule 6),
        counting the relaxed positions examined."""
        pool = self.pool(hand)
        stacks = [pile for pile in self.piles if pile]
        if clears_greedily_marked(stacks, pool, self.heights):
            return False
        won, examined = relaxed_search(stacks, pool, self.heights, RELAXED_CAP)
        self.positions += examined
        return won is False
