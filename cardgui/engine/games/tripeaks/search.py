"""The TriPeaks solver's search, in pure Python and, where it was built,
compiled (``_search.c``): the same positions in the same order, so the same
answers and the same counts; the compiled one is much faster.

A position is packed into numbers (``Compact``): ``ranks`` of the 28 places
of the peaks (row by row from the top; 0 where the card has gone), ``mask``
a bit for each card still there, ``stock`` the ranks of the stock's cards
in the order they are turned, ``pointer`` the next of them, ``top`` the rank
on the waste (0: an empty waste, on which any card goes), and ``wrap``
whether king and ace touch.  ``solver.py`` says why the search is right.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType
from typing import Callable

from .position import COVERING
from .position import PLACES as PLACE_IDS

CANCEL_CHECK_INTERVAL = 1024
PLACES = 28
KING = 13

# Bits of the two places lying over each place; and of the places each one
# lies over, directly or not (they can go only after it).
COVERS: tuple[int, ...] = tuple(
    sum(1 << (other.index - 1) for other in COVERING[pile_id]) for pile_id in PLACE_IDS)


def _lies_over() -> tuple[int, ...]:
    over = [0] * PLACES
    for index in range(PLACES):
        for under in range(PLACES):
            if COVERS[under] >> index & 1:
                over[index] |= 1 << under
    changed = True
    while changed:
        changed = False
        for index in range(PLACES):
            wider = over[index]
            for under in range(PLACES):
                if over[index] >> under & 1:
                    wider |= over[under]
            if wider != over[index]:
                over[index], changed = wider, True
    return tuple(over)


LIES_OVER: tuple[int, ...] = _lies_over()

# The places each place lies over directly (two, or one at a peak's edge).
UNDER: tuple[tuple[int, ...], ...] = tuple(
    tuple(under for under in range(PLACES) if COVERS[under] >> index & 1)
    for index in range(PLACES))

# A move: (PLAY, place) plays that place's card; (TURN, k) turns the stock's
# cards up to its card k, which lands on top.
PLAY, TURN = 0, 1
Move = tuple[int, int]

_compiled: ModuleType | None
try:
    from . import _search as _compiled  # type: ignore[attr-defined, no-redef]
except ImportError:      # built without a C compiler: the pure-Python search
    _compiled = None

COMPILED = _compiled is not None


@dataclass(frozen=True, slots=True)
class Compact:
    """A position as the search sees it (see the module's docstring)."""

    ranks: tuple[int, ...]
    mask: int
    stock: tuple[int, ...]
    pointer: int
    top: int
    wrap: bool


@dataclass(frozen=True, slots=True)
class SearchOutcome:
    """``won``: True (``moves`` win), False (no line wins), or None (the limit
    came first); ``positions`` expanded."""

    won: bool | None
    positions: int
    moves: tuple[Move, ...] = ()


class _OutOfBudget(Exception):
    """The limit of positions is reached."""


class _Search:
    """One search from one position, in pure Python."""

    def __init__(self, start: Compact, limit: int, check_cancelled: Callable[[], None]) -> None:
        self.ranks, self.stock, self.wrap = start.ranks, start.stock, start.wrap
        self.limit = limit
        self.check_cancelled = check_cancelled
        self.positions = 0
        self.lowest: dict[int, int] = {}      # (cards, top) -> lowest pointer entered
        self.touching = tuple(sum(1 << index for index in range(PLACES)
                                  if self.touch(start.ranks[index], rank))
                              for rank in range(KING + 1))
        # The last card of the stock that touches each rank (-1: none).
        self.last_touching = tuple(max((number for number, other in enumerate(start.stock)
                                        if self.touch(other, rank)), default=-1)
                                   for rank in range(KING + 1))

    def touch(self, rank: int, top: int) -> bool:
        """True when a card of ``rank`` may go onto ``top`` (0: the empty waste)."""
        apart = abs(rank - top)
        return top == 0 or apart == 1 or (self.wrap and apart == KING - 1)

    def enter(self, mask: int, pointer: int, top: int) -> bool:
        """True if the position is to be expanded: the same cards with the same
        rank on the waste were not entered with the pointer here or earlier.
        Counts it.

        Raises:
            _OutOfBudget: once the limit is passed.
        """
        key = mask | top << PLACES
        lowest = self.lowest.get(key)
        if lowest is not None and lowest <= pointer:
            return False
        self.lowest[key] = pointer
        self.positions += 1
        if self.positions % CANCEL_CHECK_INTERVAL == 0:
            self.check_cancelled()
        if self.positions > self.limit:
            raise _OutOfBudget()
        return True

    def hopeless(self, mask: int, pointer: int, top: int) -> bool:
        """True when some card left can never be played: nothing it could go
        onto is left (the waste's top, a card of the stock still to come, or a
        card of the peaks that does not lie over it)."""
        ranks = self.ranks
        rest = mask
        while rest:
            bit = rest & -rest
            rest ^= bit
            index = bit.bit_length() - 1
            rank = ranks[index]
            if mask & self.touching[rank] & ~LIES_OVER[index] & ~bit:
                continue
            if self.last_touching[rank] >= pointer or self.touch(rank, top):
                continue
            return True
        return False

    def successors(self, mask: int, pointer: int, top: int) -> list[tuple[int, int, int, Move]]:
        """The positions one move leads to, in the order they are tried: the
        cards that fit, those leaving most cards that fit them first; then
        turning the stock up to each card whose rank is not on the waste yet,
        nearest first, one for each rank."""
        if self.hopeless(mask, pointer, top):
            return []
        ranks = self.ranks
        free = [index for index in range(PLACES) if mask >> index & 1 and not mask & COVERS[index]]
        free_bits = sum(1 << index for index in free)
        plays = []
        for index in free:
            rank = ranks[index]
            if not self.touch(rank, top):
                continue
            rest = mask & ~(1 << index)
            freed = 0           # the cards it lay over that nothing covers now
            for under in UNDER[index]:
                if rest >> under & 1 and not rest & COVERS[under]:
                    freed |= 1 << under
            follow = ((free_bits & ~(1 << index)) | freed) & self.touching[rank]
            plays.append((-follow.bit_count(), index))
        plays.sort()
        found = [(mask & ~(1 << index), pointer, ranks[index], (PLAY, index))
                 for _, index in plays]
        seen = {top}
        for number in range(pointer, len(self.stock)):
            rank = self.stock[number]
            if rank not in seen:
                seen.add(rank)
                found.append((mask, number + 1, rank, (TURN, number)))
        return found

    def run(self, start: Compact) -> SearchOutcome:
        mask, pointer, top = start.mask, start.pointer, start.top
        if not mask:
            return SearchOutcome(True, 0)
        try:
            self.enter(mask, pointer, top)
            children = [self.successors(mask, pointer, top)]
            tried = [0]
            path: list[Move] = []
            while children:
                at = tried[-1]
                if at == len(children[-1]):
                    children.pop()
                    tried.pop()
                    if path:
                        path.pop()
                    continue
                tried[-1] = at + 1
                mask, pointer, top, move = children[-1][at]
                if not mask:
                    return SearchOutcome(True, self.positions, tuple(path) + (move,))
                if not self.enter(mask, pointer, top):
                    continue
                path.append(move)
                children.append(self.successors(mask, pointer, top))
                tried.append(0)
            return SearchOutcome(False, self.positions)
        except _OutOfBudget:
            return SearchOutcome(None, self.positions)


def search(start: Compact, limit: int, check_cancelled: Callable[[], None],
           compiled: bool | None = None) -> SearchOutcome:
    """Search from ``start``, expanding at most ``limit`` positions, calling
    ``check_cancelled`` every ``CANCEL_CHECK_INTERVAL`` of them.  ``compiled``
    None uses the compiled search where it was built; True or False ask for
    one (True raises RuntimeError where it was not built).

    Raises:
        whatever ``check_cancelled`` raises.
    """
    if compiled is None:
        compiled = COMPILED
    if compiled:
        if _compiled is None:
            raise RuntimeError("the compiled TriPeaks search was not built")
        status, positions, moves = _compiled.search(start.ranks, COVERS, start.mask,
                                                    start.stock, start.pointer, start.top,
                                                    start.wrap, limit, check_cancelled)
        won = None if status < 0 else bool(status)
        return SearchOutcome(won, positions, tuple(tuple(move) for move in moves))
    return _Search(start, limit, check_cancelled).run(start)
