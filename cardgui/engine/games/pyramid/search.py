"""The Pyramid solver's search, in pure Python and, where it was built,
compiled (``_search.c``): the same positions in the same order, so the same
answers and the same counts; the compiled one is much faster.

A position is packed into numbers (``Compact``): card ``i`` of the deck
order is a pyramid place (0-27, row by row from the top) or a card of the
stock's cycle (28 on: the waste from the bottom up, then the stock from the
top down); ``mask`` has a bit for each card still there; ``pointer`` is the
stock's top card (the cards of the cycle below it are the waste, whose top is
the nearest one still there); ``left`` is how many more times the waste may
be turned over (-1: no limit).  ``solver.py`` says why the search is right.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType
from typing import Callable, Sequence

CANCEL_CHECK_INTERVAL = 1024
PLACES = 28
PYRAMID = (1 << PLACES) - 1
KING = 13
SUM = 13
UNLIMITED = -1
RANK_BITS = 3                     # a count of 0-4 cards of a rank, in the pool
END = 63                          # the pointer of an empty stock

# The two places below each place (none for the bottom row), as bits.
COVERS: tuple[int, ...] = tuple(
    0 if row == 6 else (0b11 << ((row + 1) * (row + 2) // 2 + number))
    for row in range(7) for number in range(row + 1))

# A move: (first, second) card indices; second KING_OFF for a king alone;
# (DRAW, DRAW) turns the stock's top card; (TURN_OVER, TURN_OVER) turns the
# waste over.
KING_OFF, DRAW, TURN_OVER = -1, -2, -3
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
    pointer: int
    left: int


@dataclass(frozen=True, slots=True)
class SearchOutcome:
    """``won``: True (``moves`` win), False (no line wins), or None (the limit
    came first); ``positions`` expanded, the relaxation's included."""

    won: bool | None
    positions: int
    moves: tuple[Move, ...] = ()


def next_card(mask: int, pointer: int) -> int:
    """The first card still there from ``pointer`` on (the stock's top card),
    or ``END`` when the stock is empty."""
    rest = mask >> pointer
    if not rest:
        return END
    return pointer + (rest & -rest).bit_length() - 1


def waste_top(mask: int, pointer: int) -> int:
    """The waste's top card: the last card still there below ``pointer``, or -1."""
    below = mask & ~PYRAMID & ((1 << pointer) - 1)
    return below.bit_length() - 1 if below else -1


def pool_of(ranks: Sequence[int], mask: int) -> int:
    """How many cards of each rank but the king the stock and waste hold,
    packed ``RANK_BITS`` bits a rank."""
    pool = 0
    for index in range(PLACES, len(ranks)):
        if mask >> index & 1 and ranks[index] != KING:
            pool += 1 << (RANK_BITS * (ranks[index] - 1))
    return pool


class _OutOfBudget(Exception):
    """The limit of positions is reached."""


class _Search:
    """One search from one position, in pure Python."""

    def __init__(self, start: Compact, limit: int, check_cancelled: Callable[[], None]) -> None:
        self.ranks = start.ranks
        self.length = len(start.ranks)
        self.limit = limit
        self.check_cancelled = check_cancelled
        self.positions = 0
        self.seen: dict[int, int] = {}
        self.relaxed: dict[int, bool] = {}

    def count(self) -> None:
        self.positions += 1
        if self.positions % CANCEL_CHECK_INTERVAL == 0:
            self.check_cancelled()

    # -- the relaxation: every card of the stock and the waste free at all times --

    def relaxation_wins(self, pyramid: int, pool: int) -> bool:
        """Could the pyramid be cleared if every card left in the stock and the
        waste were free whenever wanted?  Exact for that easier game."""
        if not pyramid:
            return True
        key = pyramid | pool << PLACES
        known = self.relaxed.get(key)
        if known is not None:
            return known
        self.count()
        ranks = self.ranks
        free = [index for index in range(PLACES)
                if pyramid >> index & 1 and not pyramid & COVERS[index]]
        result = False
        king = next((index for index in free if ranks[index] == KING), None)
        if king is not None:
            result = self.relaxation_wins(pyramid & ~(1 << king), pool)
        else:
            for number, first in enumerate(free):
                rank = ranks[first]
                for second in free[number + 1:]:
                    if rank + ranks[second] == SUM and self.relaxation_wins(
                            pyramid & ~(1 << first) & ~(1 << second), pool):
                        result = True
                        break
                if result:
                    break
                unit = 1 << (RANK_BITS * (SUM - rank - 1))
                if (pool >> (RANK_BITS * (SUM - rank - 1))) & 0b111 and self.relaxation_wins(
                        pyramid & ~(1 << first), pool - unit):
                    result = True
                    break
        self.relaxed[key] = result
        return result

    # -- the game itself ---------------------------------------------------------------

    def successors(self, mask: int, pointer: int, left: int, pool: int
                   ) -> list[tuple[int, int, int, int, Move]]:
        """The positions one move leads to, in the order they are tried."""
        ranks, length = self.ranks, self.length
        free = [index for index in range(PLACES)
                if mask >> index & 1 and not mask & COVERS[index]]
        top = waste_top(mask, pointer)
        if pointer < length:
            free.append(pointer)
        if top >= 0:
            free.append(top)
        for index in free:
            if ranks[index] == KING:
                rest = mask & ~(1 << index)
                return [(rest, next_card(rest, pointer), left, pool, (index, KING_OFF))]
        found = []
        for number, first in enumerate(free):
            rank = ranks[first]
            for second in free[number + 1:]:
                if rank + ranks[second] != SUM:
                    continue
                rest = mask & ~(1 << first) & ~(1 << second)
                rest_pool = pool
                for index in (first, second):
                    if index >= PLACES:
                        rest_pool -= 1 << (RANK_BITS * (ranks[index] - 1))
                if self.relaxation_wins(rest & PYRAMID, rest_pool):
                    found.append((rest, next_card(rest, pointer), left, rest_pool,
                                  (first, second)))
        if pointer < length:
            found.append((mask, next_card(mask, pointer + 1), left, pool, (DRAW, DRAW)))
        elif top >= 0 and left != 0:
            found.append((mask, next_card(mask, PLACES), left - 1 if left > 0 else left, pool,
                          (TURN_OVER, TURN_OVER)))
        return found

    def enter(self, mask: int, pointer: int, left: int) -> bool:
        """True if the position is to be expanded: neither it nor the same
        cards with more passes left was entered before.  Counts it.

        Raises:
            _OutOfBudget: once the limit is passed.
        """
        key = mask << 6 | pointer
        if self.seen.get(key, -2) >= left:
            return False
        self.seen[key] = left
        self.count()
        if self.positions > self.limit:
            raise _OutOfBudget()
        return True

    def run(self, start: Compact) -> SearchOutcome:
        mask, left = start.mask, start.left
        pointer = next_card(mask, start.pointer)
        pool = pool_of(self.ranks, mask)
        if not mask & PYRAMID:
            return SearchOutcome(True, 0)
        try:
            if not self.relaxation_wins(mask & PYRAMID, pool):
                return SearchOutcome(False, self.positions)
            self.enter(mask, pointer, left)
            children = [self.successors(mask, pointer, left, pool)]
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
                mask, pointer, left, pool, move = children[-1][at]
                if not mask & PYRAMID:
                    return SearchOutcome(True, self.positions, tuple(path) + (move,))
                if not self.enter(mask, pointer, left):
                    continue
                path.append(move)
                children.append(self.successors(mask, pointer, left, pool))
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
            raise RuntimeError("the compiled Pyramid search was not built")
        status, positions, moves = _compiled.search(start.ranks, start.mask, start.pointer,
                                                    start.left, limit, check_cancelled)
        won = None if status < 0 else bool(status)
        return SearchOutcome(won, positions, tuple(tuple(move) for move in moves))
    return _Search(start, limit, check_cancelled).run(start)
