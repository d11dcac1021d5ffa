"""How promising a packed FreeCell position looks: the orders in which the
solver expands positions.  Lower is better.  They decide only how soon a
solution is found, never whether one is: the search they order is complete.

Two scores, each a weighted sum of the same measures of a position:

* cards up on the foundations (each one is progress);
* for each suit, the cards lying on its next card (what must come off
  before that card can go up: Heineman's staged-deepening measure);
* cards lying on a card of lower rank in the same column (each must move
  before that card goes up);
* cards under each column's top run (those a run cannot carry away);
* empty free cells and empty columns (room to move);
* the moves made from the start (``PATIENT`` only), so that, as in weighted
  A*, a position reached by a long detour waits behind one reached directly.

``GREEDY`` drives the search towards cards up; ``PATIENT`` values room and
order more, and the moves spent.  The search takes turns between them (see
``search``).  Their weights were chosen by measuring the positions searched
over Microsoft's deals 1-8000, trying each weight a step up and down.  Once
the search expanded positions in two stages (``search``), ``GREEDY``'s
weights for room (free cells and empty columns) were tried again from 4 to
10 over deals 1-2000: 6 for each (was 8) reaches 14% fewer positions there,
and 18% and 15% fewer over deals 2001-4000 and 4001-6000, which were not
used to choose.
"""

from __future__ import annotations

from dataclasses import dataclass

from .packed import KING, Found, Packed, run_length
from .position import CELL_COUNT


@dataclass(frozen=True, slots=True)
class Weights:
    """How much each measure counts in a score."""

    cards_up: int
    depth: int
    disorder: int
    under_run: int
    free_cell: int
    empty_column: int
    moves: int


GREEDY = Weights(cards_up=5, depth=2, disorder=2, under_run=0, free_cell=6, empty_column=6,
                 moves=0)
PATIENT = Weights(cards_up=3, depth=1, disorder=3, under_run=1, free_cell=12, empty_column=8,
                  moves=1)

# Each column's two shares, GREEDY's in the low bits: sums of them never carry
# from one into the other (GREEDY's share of a whole position is at most
# 2 x 52 + 2 x 4 x 51 = 512).
_SHIFT = 16
_LOW = (1 << _SHIFT) - 1


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
    """Each column's shares of the two scores while the foundations stand at
    ``found``, packed in one int.  Filled in as columns are first asked for."""

    def __init__(self, found: Found, orders: dict[bytes, tuple[int, int]]) -> None:
        super().__init__()
        self._next_cards = [(rank + 1) * 4 + suit for suit, rank in enumerate(found)
                            if rank < KING]
        self._orders = orders

    def __missing__(self, column: bytes) -> int:
        order = self._orders.get(column)
        if order is None:
            order = self._orders[column] = (disorder(column), len(column) - run_length(column))
        out_of_order, under_run = order
        depths = 0
        for card in self._next_cards:
            at = column.find(card)
            if at >= 0:
                depths += len(column) - 1 - at
        greedy = GREEDY.disorder * out_of_order + GREEDY.depth * depths
        patient = (PATIENT.disorder * out_of_order + PATIENT.depth * depths
                   + PATIENT.under_run * under_run)
        value = self[column] = greedy | patient << _SHIFT
        return value


class Scorer:
    """Scores the positions of one search.  Columns recur from position to
    position, so each column's shares are worked out once for each height
    of the foundations and then looked up."""

    def __init__(self) -> None:
        self._orders: dict[bytes, tuple[int, int]] = {}
        self._tables: dict[Found, _ColumnScores] = {}

    def score(self, position: Packed, moves: int) -> tuple[int, int, int]:
        """The position's ``GREEDY`` score; the part of it that counts what
        lies in the way (the cards on lower cards and on each suit's next
        card, weighted); and its ``PATIENT`` score, ``moves`` being the
        moves made to reach it."""
        columns, cells, found = position
        table = self._tables.get(found)
        if table is None:
            table = self._tables[found] = _ColumnScores(found, self._orders)
        shares = sum(map(table.__getitem__, columns))
        in_the_way = shares & _LOW
        free = CELL_COUNT - len(cells)
        empty = columns.count(b"")
        up = found[0] + found[1] + found[2] + found[3]
        greedy = (in_the_way - GREEDY.free_cell * free - GREEDY.empty_column * empty
                  - GREEDY.cards_up * up)
        patient = ((shares >> _SHIFT) + PATIENT.moves * moves - PATIENT.free_cell * free
                   - PATIENT.empty_column * empty - PATIENT.cards_up * up)
        return greedy, in_the_way, patient
