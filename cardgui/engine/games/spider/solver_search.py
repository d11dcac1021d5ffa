"""The Spider solver's beam search, in pure Python and, where it was built,
compiled (``_search.c``): the same positions in the same order, so the same
answers; only the speed differs.

``search(start, stock, limit, width, check_cancelled)`` searches from a
packed position (``packed.py``) in rounds.  A round goes level by level,
one move a level: it makes every move from every position kept at this
level, leaves out the positions seen already (kept at an earlier level, or
made earlier at this one), and keeps at most ``width`` of the new positions
for each number of rows left in the stock, the best scored (``score``), ties
to the one made first.  A round stops when a level has no new position, or
after ``DEPTH_CAP`` levels.  A round that ran out of new positions without
leaving any out has searched every position reachable; otherwise the next
round starts again with the width doubled.  The positions counted are those
expanded (each position of a level whose moves are made), over all rounds;
the search stops when ``limit`` is reached.

Where no win is found, the search also gives the line to the best position
it kept: the lowest ``score`` of all, the first kept on a tie (within a
round, in the order kept; between rounds, the earlier round), if any scores
better than the start: what Hint and Demo offer when no line is known to win.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType
from typing import Callable, Sequence

from .packed import DEAL_MOVE, RANK_MASK, Packed, PackedMove, apply, is_won, key, moves

CANCEL_CHECK_INTERVAL = 1024
KING = 13

# The score's weights (``_search.c`` has the same).
HIDDEN_WEIGHT = 6
HARD_BREAK_WEIGHT = 4
SOFT_BREAK_WEIGHT = 1
LOOSE_BOTTOM_WEIGHT = 2
STOCK_WEIGHT = 4
EMPTY_WEIGHT = 5
OFF_WEIGHT = 20
DEPTH_CAP = 400
"""The most levels a round goes down before it counts as having left
positions out (its last level unexpanded)."""

_compiled: ModuleType | None
try:
    from . import _search as _compiled  # type: ignore[attr-defined, no-redef]
except ImportError:      # built without a C compiler: the pure-Python search
    _compiled = None

COMPILED = _compiled is not None


@dataclass(frozen=True, slots=True)
class SearchOutcome:
    """``won``: True (``moves`` win), False (no position wins), or None (the
    limit came first); ``positions`` expanded; ``best``, where no win was
    found, the moves to the best-scored position kept (empty if none scores
    better than the start)."""

    won: bool | None
    positions: int
    moves: tuple[PackedMove, ...] = ()
    best: tuple[PackedMove, ...] = ()


def column_score(column: bytes, face_down: int) -> int:
    """One column's part of ``score``."""
    if not column:
        return -EMPTY_WEIGHT
    total = HIDDEN_WEIGHT * face_down
    if face_down == 0 and column[0] & RANK_MASK != KING:
        total += LOOSE_BOTTOM_WEIGHT
    for index in range(face_down + 1, len(column)):
        lower, upper = column[index - 1], column[index]
        if lower == upper + 1:
            continue
        if lower & RANK_MASK == (upper & RANK_MASK) + 1:
            total += SOFT_BREAK_WEIGHT
        else:
            total += HARD_BREAK_WEIGHT
    return total


def score(position: Packed) -> int:
    """How far a position looks from a win (lower is better): its face-down
    cards; within each column, the face-up cards not on the card of their
    own suit one rank higher, those one rank lower in another suit counting
    as much or less; columns standing on a face-up card other than a king;
    the cards still in the stock; less for empty columns and runs gone off."""
    columns, hidden, rows, off = position
    return (sum(column_score(column, face_down) for column, face_down in zip(columns, hidden))
            + STOCK_WEIGHT * len(columns) * rows - OFF_WEIGHT * off)


def search(start: Packed, stock: Sequence[bytes], limit: int, width: int,
           check_cancelled: Callable[[], None], compiled: bool | None = None
           ) -> SearchOutcome:
    """Search from ``start`` (with the stock's rows ``stock``), expanding at
    most ``limit`` positions, the first round ``width`` wide, calling
    ``check_cancelled`` every ``CANCEL_CHECK_INTERVAL`` positions.
    ``compiled`` None uses the compiled search where it was built; True or
    False ask for one (True raises RuntimeError where it was not built).

    Raises:
        whatever ``check_cancelled`` raises.
    """
    if compiled is None:
        compiled = COMPILED
    if compiled:
        if _compiled is None:
            raise RuntimeError("the compiled Spider search was not built")
        columns, hidden, rows, off = start
        status, positions, path, best = _compiled.search(
            columns, hidden, rows, off, tuple(stock), limit, width, check_cancelled)
        best_moves = tuple(map(tuple, best))
        if status < 0:
            return SearchOutcome(None, positions, best=best_moves)
        return SearchOutcome(status == 1, positions, tuple(map(tuple, path)), best_moves)
    return _Search(stock, limit, check_cancelled).run(start, width)


class _OutOfBudget(Exception):
    """The limit of positions is reached."""


class _Search:
    """The pure-Python search: rounds of a beam, widening."""

    def __init__(self, stock: Sequence[bytes], limit: int,
                 check_cancelled: Callable[[], None]) -> None:
        self.stock = tuple(stock)
        self.limit = limit
        self.check_cancelled = check_cancelled
        self.positions = 0
        self.best: tuple[PackedMove, ...] = ()
        self.best_score = 0
        # This round's kept positions and its best one (score, number).
        self._kept: list[tuple[Packed, int, PackedMove]] = []
        self._round_best = (0, 0)

    def run(self, start: Packed, width: int) -> SearchOutcome:
        if is_won(start):
            return SearchOutcome(True, 0)
        self.best_score = score(start)
        try:
            while True:
                try:
                    found, discarded = self._round(start, width)
                finally:
                    self._note_best()
                if found is not None:
                    return SearchOutcome(True, self.positions, found)
                if not discarded:
                    return SearchOutcome(False, self.positions, best=self.best)
                width *= 2
        except _OutOfBudget:
            return SearchOutcome(None, self.positions, best=self.best)

    def _note_best(self) -> None:
        """At a round's end, even one cut short: its best kept position, if
        better than the best of the rounds before, gives the best line."""
        best_score, number = self._round_best
        if number and best_score < self.best_score:
            self.best_score = best_score
            self.best = self._path(self._kept, number)

    def _round(self, start: Packed, width: int
               ) -> tuple[tuple[PackedMove, ...] | None, bool]:
        """(the winning moves, or None; whether any position was left out).

        Raises:
            _OutOfBudget: when the limit is reached.
        """
        stock = self.stock
        # Kept positions by number: the position, the number it came from, the move.
        kept: list[tuple[Packed, int, PackedMove]] = [(start, -1, (0, 0, 0))]
        self._kept = kept
        self._round_best = (self.best_score, 0)
        seen = {key(start)}
        level = [0]
        discarded = False
        depth = 0
        while level:
            if depth == DEPTH_CAP:
                return None, True        # positions were left unexpanded
            depth += 1
            # (rows left, score, order made, parent's number, move, position)
            made: list[tuple[int, int, int, int, PackedMove, Packed]] = []
            for number in level:
                if self.positions >= self.limit:
                    raise _OutOfBudget()
                self.positions += 1
                if self.positions % CANCEL_CHECK_INTERVAL == 0:
                    self.check_cancelled()
                position = kept[number][0]
                columns, hidden = position[0], position[1]
                parts = [column_score(column, face_down)
                         for column, face_down in zip(columns, hidden)]
                whole = sum(parts) - OFF_WEIGHT * position[3]
                for move in moves(position):
                    child = apply(position, move, stock)
                    if is_won(child):
                        return self._path(kept, number) + (move,), discarded
                    if move == DEAL_MOVE:
                        child_score = score(child)
                    else:
                        source, target, _ = move
                        child_score = (whole - parts[source] - parts[target]
                                       + column_score(child[0][source], child[1][source])
                                       + column_score(child[0][target], child[1][target])
                                       - OFF_WEIGHT * (child[3] - position[3])
                                       + STOCK_WEIGHT * len(columns) * child[2])
                    made.append((child[2], child_score, len(made), number, move, child))
            # Keep the first ``width`` new positions of each group in this
            # order; of a position made twice, the first made comes first.
            made.sort(key=lambda entry: entry[:3])
            level = []
            group, in_group, full = -1, 0, False
            for rows, child_score, _, parent, move, child in made:
                if rows != group:
                    group, in_group, full = rows, 0, False
                if full:
                    continue
                child_key = key(child)
                if child_key in seen:
                    continue
                if in_group == width:
                    discarded = full = True
                    continue
                in_group += 1
                seen.add(child_key)
                if child_score < self._round_best[0]:
                    self._round_best = (child_score, len(kept))
                level.append(len(kept))
                kept.append((child, parent, move))
        return None, discarded

    @staticmethod
    def _path(kept: list[tuple[Packed, int, PackedMove]], number: int
              ) -> tuple[PackedMove, ...]:
        path = []
        while kept[number][1] >= 0:
            path.append(kept[number][2])
            number = kept[number][1]
        return tuple(reversed(path))
