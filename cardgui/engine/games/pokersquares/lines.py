"""Poker Squares' rows and columns as a few small integers, for fast play-outs.

A card is a *code*: ``rank_index * 4 + suit_index`` (rank index 0 for the ace
up to 12 for the king, suit index in ``SUITS`` order).  A line (a row or a
column, filling or full) is kept as four integers:

* ``pattern``: the id of its rank multiplicities, largest first (``(2, 1)`` is a
  pair and one odd card), in ``PATTERNS``;
* ``ranks``: a 13-bit mask of the ranks in it (bit 0 the ace);
* ``suits``: a 4-bit mask of the suits in it;
* ``counts``: how many cards of each rank it holds, three bits a rank.

``add`` puts a card into a line; ``category`` names a full line's poker hand
exactly as ``engine.poker.classify`` does (tested against it), so
``line_points`` scores it with a ``ScoringTable``.
"""

from __future__ import annotations

from typing import NamedTuple

from ...cards import SUITS, Card
from ...poker import Category, ScoringTable

SIDE = 5
LINE_COUNT = 2 * SIDE               # five rows, then five columns
RANK_BITS = 13
ALL_RANKS = (1 << RANK_BITS) - 1
SUIT_BITS = (1, 2, 4, 8)
SINGLE_SUIT = frozenset(SUIT_BITS)


def card_code(card: Card) -> int:
    """The code of ``card``: ``rank_index * 4 + suit_index``."""
    return (card.rank - 1) * 4 + SUITS.index(card.suit)


def code_card(code: int) -> Card:
    """The card a code stands for."""
    return Card(code // 4 + 1, SUITS[code % 4])


def _partitions(total: int, largest: int = 4) -> list[tuple[int, ...]]:
    if total == 0:
        return [()]
    found: list[tuple[int, ...]] = []
    for first in range(min(total, largest), 0, -1):
        found.extend((first,) + rest for rest in _partitions(total - first, first))
    return found


PATTERNS: tuple[tuple[int, ...], ...] = tuple(
    pattern for size in range(SIDE + 1) for pattern in _partitions(size))
PATTERN_ID = {pattern: number for number, pattern in enumerate(PATTERNS)}
PATTERN_SIZE: tuple[int, ...] = tuple(sum(pattern) for pattern in PATTERNS)
EMPTY_PATTERN = PATTERN_ID[()]
# Patterns of distinct ranks only: the lines that may still become straights.
DISTINCT_PATTERNS = frozenset(PATTERN_ID[(1,) * size] for size in range(SIDE + 1))


def _grown(pattern: tuple[int, ...], held: int) -> int:
    """The pattern after adding a rank the line already holds ``held`` times
    (-1 where no line can be)."""
    if PATTERN_SIZE[PATTERN_ID[pattern]] == SIDE or (held and held not in pattern):
        return -1
    grown = list(pattern)
    if held:
        grown.remove(held)
    grown.append(held + 1)
    return PATTERN_ID.get(tuple(sorted(grown, reverse=True)), -1)


# GROWN[pattern][held]: the pattern after adding a card whose rank appears
# ``held`` times in the line already.
GROWN: tuple[tuple[int, ...], ...] = tuple(
    tuple(_grown(pattern, held) for held in range(4)) for pattern in PATTERNS)

# The ten runs of five ranks a straight can be, as masks: ace-low to ten-high,
# then ten to ace (the ace above the king).
STRAIGHTS: tuple[int, ...] = tuple(
    sum(1 << rank for rank in range(low, low + SIDE)) for low in range(9)) + (
    (1 << 0) | sum(1 << rank for rank in range(9, 13)),)
ROYAL = STRAIGHTS[-1]
IS_STRAIGHT = frozenset(STRAIGHTS)
# STRAIGHTS_HOLDING[mask]: the runs that contain every rank of ``mask``.
STRAIGHTS_HOLDING: tuple[tuple[int, ...], ...] = tuple(
    tuple(run for run in STRAIGHTS if mask & ~run == 0) for mask in range(1 << RANK_BITS))

_BY_PATTERN = {(4, 1): Category.FOUR_OF_A_KIND, (3, 2): Category.FULL_HOUSE,
               (3, 1, 1): Category.THREE_OF_A_KIND, (2, 2, 1): Category.TWO_PAIRS,
               (2, 1, 1, 1): Category.PAIR}


class Line(NamedTuple):
    """One row or column: see the module."""

    pattern: int = EMPTY_PATTERN
    ranks: int = 0
    suits: int = 0
    counts: int = 0

    @property
    def size(self) -> int:
        return PATTERN_SIZE[self.pattern]


EMPTY_LINE = Line()


def add(line: Line, code: int) -> Line:
    """``line`` with the card ``code`` added.

    Raises:
        ValueError: if the line is full or already holds four of that rank.
    """
    rank, suit = code >> 2, code & 3
    held = (line.counts >> (3 * rank)) & 7
    pattern = GROWN[line.pattern][held] if held < 4 else -1
    if pattern < 0:
        raise ValueError("that card does not fit in this line")
    return Line(pattern, line.ranks | (1 << rank), line.suits | SUIT_BITS[suit],
                line.counts + (1 << (3 * rank)))


def category(pattern: int, ranks: int, suits: int) -> Category:
    """The poker hand of a full line (five cards)."""
    by_ranks = _BY_PATTERN.get(PATTERNS[pattern])
    if by_ranks is not None:
        return by_ranks
    flush = suits in SINGLE_SUIT
    if ranks in IS_STRAIGHT:
        if flush:
            return Category.ROYAL_FLUSH if ranks == ROYAL else Category.STRAIGHT_FLUSH
        return Category.STRAIGHT
    return Category.FLUSH if flush else Category.NOTHING


def line_points(line: Line, table: ScoringTable) -> int:
    """What a full line scores under ``table``."""
    return table.points(category(line.pattern, line.ranks, line.suits))
