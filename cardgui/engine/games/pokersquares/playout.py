"""A Poker Squares grid as plain integers, and the greedy player that the
advisor's play-outs and the value training use.

``Board`` holds the 25 cells as card codes (``lines.card_code``; -1 empty),
the ten lines as ``lines.Line`` fields kept in parallel lists, and the counts
of unseen cards by suit and rank.  ``Judge`` values lines with a
``line_values`` table and places a card where the sum of line values grows
most.  Nothing here reads a deal: play-outs get their cards from the caller.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...poker import Category, ScoringTable
from .line_features import line_key
from .lines import (
    ALL_RANKS,
    EMPTY_PATTERN,
    GROWN,
    LINE_COUNT,
    PATTERN_SIZE,
    SIDE,
    SUIT_BITS,
    category,
)

# LINES_OF[cell]: the row and the column through a cell (rows 0-4, columns 5-9).
LINES_OF: tuple[tuple[int, int], ...] = tuple(
    (cell // SIDE, SIDE + cell % SIDE) for cell in range(SIDE * SIDE))
RANK_COUNT = 13
SUIT_COUNT = 4


class Board:
    """A grid being filled, with what is unseen (see the module)."""

    __slots__ = (
        "cells",
        "counts",
        "empty",
        "live_ranks",
        "pattern",
        "ranks",
        "ranks_unseen",
        "suits",
        "suits_unseen",
    )

    def __init__(self) -> None:
        self.cells = [-1] * (SIDE * SIDE)
        self.pattern = [EMPTY_PATTERN] * LINE_COUNT
        self.ranks = [0] * LINE_COUNT
        self.suits = [0] * LINE_COUNT
        self.counts = [0] * LINE_COUNT
        self.empty = list(range(SIDE * SIDE))
        self.suits_unseen = [RANK_COUNT] * SUIT_COUNT
        self.ranks_unseen = [SUIT_COUNT] * RANK_COUNT
        self.live_ranks = ALL_RANKS

    def copy(self) -> Board:
        twin = Board.__new__(Board)
        twin.cells = self.cells[:]
        twin.pattern = self.pattern[:]
        twin.ranks = self.ranks[:]
        twin.suits = self.suits[:]
        twin.counts = self.counts[:]
        twin.empty = self.empty[:]
        twin.suits_unseen = self.suits_unseen[:]
        twin.ranks_unseen = self.ranks_unseen[:]
        twin.live_ranks = self.live_ranks
        return twin

    @property
    def to_come(self) -> int:
        """Cards still to be placed."""
        return len(self.empty)

    def see(self, code: int) -> None:
        """Count ``code`` as seen (it is placed, or is the card in hand)."""
        rank = code >> 2
        self.suits_unseen[code & 3] -= 1
        self.ranks_unseen[rank] -= 1
        if not self.ranks_unseen[rank]:
            self.live_ranks &= ~(1 << rank)

    def place(self, cell: int, code: int) -> None:
        """Put ``code`` into the empty ``cell`` (the caller has ``see``-n it)."""
        self.cells[cell] = code
        self.empty.remove(cell)
        rank = code >> 2
        shift = 3 * rank
        for line in LINES_OF[cell]:
            held = (self.counts[line] >> shift) & 7
            self.pattern[line] = GROWN[self.pattern[line]][held]
            self.ranks[line] |= 1 << rank
            self.suits[line] |= SUIT_BITS[code & 3]
            self.counts[line] += 1 << shift

    def score(self, points: Sequence[int]) -> int:
        """The points of the ten lines of a full grid; ``points[category]``."""
        return sum(points[category(self.pattern[line], self.ranks[line], self.suits[line])]
                   for line in range(LINE_COUNT))


def points_by_category(table: ScoringTable) -> list[int]:
    return [table.points(kind) for kind in Category]


class Judge:
    """Values lines with one scoring's learned table and places cards greedily.

    With ``frozen`` it reads the unseen counts once, from the board it is made
    with, and remembers each line's features: fast for the many play-outs of
    one decision, at the price of ignoring the cards the play-out itself
    turns.  Without, it reads the board it is asked about every time (the
    exact features, for training).
    """

    def __init__(self, values: Sequence[Sequence[float]], points: Sequence[int],
                 frozen: Board | None = None) -> None:
        self.values = values
        self.points = points
        self.frozen = frozen
        self._keys: dict[tuple[int, int, int], int] = {}

    def line_value(self, board: Board, pattern: int, ranks: int, suits: int,
                   to_come: int) -> float:
        """What a line with these fields is worth with ``to_come`` cards to come."""
        if PATTERN_SIZE[pattern] == SIDE:
            return self.points[category(pattern, ranks, suits)]
        source = self.frozen
        if source is None:
            key = line_key(pattern, ranks, suits, board.suits_unseen, board.ranks_unseen,
                           board.live_ranks)
        else:
            fields = (pattern, ranks, suits)
            known = self._keys.get(fields)
            if known is None:
                known = line_key(pattern, ranks, suits, source.suits_unseen,
                                 source.ranks_unseen, source.live_ranks)
                self._keys[fields] = known
            key = known
        return self.values[key][to_come]

    def gains(self, board: Board, code: int) -> list[float]:
        """For each line, how much its value grows if ``code`` joins it (0 for full lines)."""
        rank = code >> 2
        shift = 3 * rank
        bit = 1 << rank
        suit = SUIT_BITS[code & 3]
        to_come = board.to_come
        grown: list[float] = [0.0] * LINE_COUNT
        for line in range(LINE_COUNT):
            pattern = board.pattern[line]
            if PATTERN_SIZE[pattern] == SIDE:
                continue
            ranks, suits = board.ranks[line], board.suits[line]
            after = GROWN[pattern][(board.counts[line] >> shift) & 7]
            if after < 0:
                grown[line] = -1e9
                continue
            grown[line] = (self.line_value(board, after, ranks | bit, suits | suit, to_come - 1)
                           - self.line_value(board, pattern, ranks, suits, to_come))
        return grown

    def best_cell(self, board: Board, code: int) -> int:
        """The empty cell where ``code`` raises the sum of line values most
        (the first such cell, row by row, on a tie)."""
        grown = self.gains(board, code)
        best_cell = board.empty[0]
        best = -1e18
        for cell in board.empty:
            row, column = LINES_OF[cell]
            gain = grown[row] + grown[column]
            if gain > best:
                best = gain
                best_cell = cell
        return best_cell

    def play_out(self, board: Board, future: Sequence[int]) -> int:
        """Fill ``board`` (changed in place) greedily with the cards ``future``,
        in order, and return its score."""
        for code in future[:board.to_come]:
            if self.frozen is None:
                board.see(code)
            board.place(self.best_cell(board, code), code)
        return board.score(self.points)

