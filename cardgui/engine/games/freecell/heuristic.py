"""How promising a packed FreeCell position looks: the order in which the
solver expands positions.  Lower is better.  It decides only how soon a
solution is found, never whether one is: the search it orders is complete.

The score adds up, with weights found by measuring positions searched over
Microsoft deals 1-1000 (see ``bench/freecell_solver.py``):

* cards up on the foundations (fewer is worse);
* the cards lying on each suit's next card (the ``depth`` of what must come
  off before it can go up; Heineman's staged-deepening measure);
* cards lying on a card of lower rank in the same column (they must all
  move before that card goes up);
* room to move: (empty free cells + 1) x 2^(empty columns), the supermove
  limit.
"""

from __future__ import annotations

from .packed import KING, Packed
from .position import CELL_COUNT

CARDS_UP_WEIGHT = 5
DEPTH_WEIGHT = 2
DISORDER_WEIGHT = 2
ROOM_WEIGHT = 1


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


class Scorer:
    """Scores positions, remembering each column's disorder (columns repeat
    from one position to the next, so most are looked up, not counted)."""

    def __init__(self) -> None:
        self._disorder: dict[bytes, int] = {}

    def score(self, position: Packed, position_key: bytes) -> int:
        """The position's score; ``position_key`` is its ``packed.key``, in
        which a card's depth is its distance to the end of its column."""
        columns, cells, found = position
        known = self._disorder
        total = 0
        empties = 0
        for column in columns:
            if not column:
                empties += 1
                continue
            value = known.get(column)
            if value is None:
                value = known[column] = disorder(column)
            total += value
        total *= DISORDER_WEIGHT
        depth = 0
        for suit in range(4):
            rank = found[suit]
            if rank < KING:
                at = position_key.find((rank + 1) * 4 + suit)
                if at < 0:          # a position of only some of the cards
                    continue
                end = position_key.find(0, at)
                if end < 0:
                    end = position_key.find(1, at)
                if end > 0:
                    depth += end - at - 1
        return (total + DEPTH_WEIGHT * depth
                - ROOM_WEIGHT * ((CELL_COUNT + 1 - len(cells)) << empties)
                - CARDS_UP_WEIGHT * (found[0] + found[1] + found[2] + found[3]))
