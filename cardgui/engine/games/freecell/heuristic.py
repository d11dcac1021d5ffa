"""How promising a packed FreeCell position looks: the order in which the
solver expands positions.  Lower is better.  It decides only how soon a
solution is found, never whether one is: the search it orders is complete.

The score adds up, with weights found by measuring the positions searched
over samples of Microsoft's deals 1-32000:

* cards up on the foundations (each one is progress);
* for each suit, the cards lying on its next card (what must come off
  before that card can go up: Heineman's staged-deepening measure);
* cards lying on a card of lower rank in the same column (each must move
  before that card goes up);
* empty free cells and empty columns (room to move).
"""

from __future__ import annotations

from .packed import KING, Found, Packed
from .position import CELL_COUNT

CARDS_UP_WEIGHT = 5
DEPTH_WEIGHT = 2
DISORDER_WEIGHT = 2
FREE_CELL_WEIGHT = 8
EMPTY_COLUMN_WEIGHT = 8


def disorder(column: bytes) -> int:
    """How many cards of ``column`` lie above a card of lower rank."""
    lowest = KING + 1
    count = 0
    for card in column:
        rank = card >> 2
        if rank > lowest:
            count += 1
        elif rank < lowest:
            lowest = rank
    return count


class _ColumnScores(dict[bytes, int]):
    """Each column's share of the score while the foundations stand at
    ``found``: its disorder and the depth of any suit's next card in it.
    Filled in as columns are first asked for."""

    def __init__(self, found: Found, disorders: dict[bytes, int]) -> None:
        super().__init__()
        self._next_cards = [(rank + 1) * 4 + suit for suit, rank in enumerate(found)
                            if rank < KING]
        self._disorders = disorders

    def __missing__(self, column: bytes) -> int:
        value = self._disorders.get(column)
        if value is None:
            value = self._disorders[column] = disorder(column)
        value *= DISORDER_WEIGHT
        for card in self._next_cards:
            at = column.find(card)
            if at >= 0:
                value += DEPTH_WEIGHT * (len(column) - 1 - at)
        self[column] = value
        return value


class Scorer:
    """Scores the positions of one search.  Columns recur from position to
    position, so each column's share is worked out once for each height of
    the foundations and then looked up."""

    def __init__(self) -> None:
        self._disorders: dict[bytes, int] = {}
        self._tables: dict[Found, _ColumnScores] = {}

    def score(self, position: Packed) -> tuple[int, int]:
        """The position's score (lower is more promising), and the part of
        it that counts what lies in the way: the cards lying on lower cards
        and on each suit's next card, weighted."""
        columns, cells, found = position
        table = self._tables.get(found)
        if table is None:
            table = self._tables[found] = _ColumnScores(found, self._disorders)
        in_the_way = sum(map(table.__getitem__, columns))
        return (in_the_way
                - FREE_CELL_WEIGHT * (CELL_COUNT - len(cells))
                - EMPTY_COLUMN_WEIGHT * columns.count(b"")
                - CARDS_UP_WEIGHT * (found[0] + found[1] + found[2] + found[3])), in_the_way
