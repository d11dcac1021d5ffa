"""The solver's depth-first search, in pure Python and, where it was built,
compiled (``_search.c``): the same positions in the same order, so the same
answers; the compiled one is some 25 times faster.

``search(start, limit, check_cancelled)`` searches from a ``CompactPosition``
until it wins, runs out of positions, or has searched every position.  The
positions it counts are those it expands (each new entry of its table).
"""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType
from typing import Callable

from .compact import CompactPosition, settled_position
from .solver_moves import SolverMove, Stacks, Tops, apply, apply_one, generate

CANCEL_CHECK_INTERVAL = 1024

_compiled: ModuleType | None
try:
    from . import _search as _compiled  # type: ignore[attr-defined, no-redef]
except ImportError:      # built without a C compiler: the pure-Python search
    _compiled = None

COMPILED = _compiled is not None


@dataclass(frozen=True, slots=True)
class SearchOutcome:
    """``won``: True (``moves`` win), False (no position wins), or None (the
    limit came first); ``positions`` expanded."""

    won: bool | None
    positions: int
    moves: tuple[SolverMove, ...] = ()


class _OutOfBudget(Exception):
    """The limit of positions is reached."""


def search(start: CompactPosition, limit: int, check_cancelled: Callable[[], None],
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
            raise RuntimeError("the compiled Klondike search was not built")
        status, positions, path = _compiled.search(start.stacks, start.tops, start.stock,
                                                   start.position, limit, check_cancelled)
        if status < 0:
            return SearchOutcome(None, positions)
        return SearchOutcome(status == 1, positions, tuple(_chained(parts) for parts in path))
    pure = _Search(limit, check_cancelled)
    try:
        won = pure.visit(start.stacks, start.tops, start.stock, start.position)
    except _OutOfBudget:
        return SearchOutcome(None, pure.positions)
    return SearchOutcome(won, pure.positions, tuple(pure.path) if won else ())


def _chained(parts: tuple[tuple[int, int, int, int, int], ...]) -> SolverMove:
    """A move from the compiled search's parts, each made after the one before."""
    move: SolverMove | None = None
    for source, cards, target, deals, stock_index in reversed(parts):
        move = SolverMove(source, cards, target, deals, stock_index, move)
    assert move is not None
    return move


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
            _OutOfBudget: when the limit of positions is reached.
        """
        if tops == (13, 13, 13, 13):
            return True
        tableau = b"\xff".join(sorted([stack[:stack[0] + 2] for stack in stacks]))
        settled = settled_position(len(stock), position)
        key = (tableau, tops, stock, settled)
        seen = self.seen
        if key in seen:
            return False
        # The same position with the pile where dealing reaches this one was
        # searched already, without a win: neither can this one win.
        dealt_to = range(1, len(stock)) if settled < 0 else range(position - 3, 0, -3)
        for earlier in dealt_to:
            if earlier % 3 and (tableau, tops, stock, earlier) in seen:
                return False
        seen.add(key)
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
