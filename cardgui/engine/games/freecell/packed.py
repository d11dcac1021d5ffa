"""A FreeCell position packed for search, and the moves the rules allow in it.

A card is one small int, ``rank * 4 + suit`` with the suits in the order
H S D C, so a card is black when its low bit is set.  A column is ``bytes``,
bottom to top.  The free cells are the ``bytes`` of their cards in ascending
order: which cell holds a card does not matter to the rules (any empty cell
takes any card), so it is left out.  The foundations are four ranks, one a
suit in the order H S D C.

The rules are the engine's: the supermove limit is ``limits.supermove_limit``
and the safe plays up come from ``limits.is_safe_up`` (tabled here for packed
values).  The tests hold this module to the engine's ``drop_refusal`` and
autoplay over random positions.

A move is a plain tuple ``(source, target, count)``.  A source below
``CELL_SOURCE`` is a column index; ``CELL_SOURCE + card`` is the free cell
holding ``card``.  A target is a column index, ``TO_CELL`` or
``TO_FOUNDATION``.
"""

from __future__ import annotations

from ...cards import RANKS, SUITS, Card
from .game import FreeCell
from .limits import is_safe_up, supermove_limit
from .position import CELL_COUNT, CELLS, COLUMN_COUNT, COLUMNS

KING = len(RANKS)
COLUMN_INDICES = tuple(range(COLUMN_COUNT))
CELL_SOURCE = 64            # above every column index, so no source is ambiguous
TO_CELL = COLUMN_COUNT
TO_FOUNDATION = COLUMN_COUNT + 1
WON = (KING, KING, KING, KING)

PackedMove = tuple[int, int, int]
Found = tuple[int, int, int, int]


Packed = tuple[tuple[bytes, ...], bytes, Found]
"""One position: ``(columns, cells, found)``, the columns in the engine's
order, the cards in the free cells in ascending order, and the rank each suit
is up to (H S D C).  A plain tuple, as the search makes hundreds of
thousands."""


_PACKED_CARDS: dict[Card, int] = {Card(rank, suit): rank * 4 + number
                                  for rank in RANKS for number, suit in enumerate(SUITS)}


def pack_card(card: Card) -> int:
    """The card as a small int: ``rank * 4 + suit`` (H S D C)."""
    return _PACKED_CARDS[card]


def unpack_card(value: int) -> Card:
    """The card a small int stands for (the inverse of ``pack_card``)."""
    return Card(value >> 2, SUITS[value & 3])


def pack(game: FreeCell) -> Packed:
    """The game's position, packed."""
    piles = game.piles
    columns = tuple(bytes(map(_PACKED_CARDS.__getitem__, piles[column].cards))
                    for column in COLUMNS)
    cells = bytes(sorted(pack_card(piles[cell].cards[0]) for cell in CELLS if piles[cell].cards))
    ranks = game.up_rank()
    return columns, cells, (ranks[SUITS[0]], ranks[SUITS[1]], ranks[SUITS[2]], ranks[SUITS[3]])


def key(position: Packed) -> bytes:
    """The position with the columns taken as a multiset and the cells as a
    set.  Two positions with the same key differ only in which column is
    which, so they have the same moves up to those names and a search need
    visit only one of them.  The foundations are left out: within one search
    they follow from the cards still on the table, since cards never come
    back from a foundation."""
    return b"\0".join(sorted(position[0])) + b"\1" + position[1]


def canonical(position: Packed) -> Packed:
    """The position with its columns sorted (as byte strings: the empty ones
    first), the form the search keeps positions in.  Positions with the same
    ``key`` have the same canonical form."""
    return tuple(sorted(position[0])), position[1], position[2]


def run_length(column: bytes) -> int:
    """How many cards at the top of ``column`` form a run, each one rank
    lower than the card beneath and of the other colour; 0 when it is empty."""
    count = len(column)
    if not count:
        return 0
    length = 1
    upper = column[-1]
    while length < count:
        lower = column[-1 - length]
        if lower >> 2 != (upper >> 2) + 1 or not (lower ^ upper) & 1:
            break
        upper = lower
        length += 1
    return length


def _takes(card: int) -> tuple[int, ...]:
    rank = card >> 2
    if rank <= 1:
        return ()
    return tuple((rank - 1) * 4 + suit for suit in range(4) if (suit ^ card) & 1)


# Each card alone, as a column or cells of one card.
SINGLE = tuple(bytes((card,)) for card in range(4 * (KING + 1)))

# The two cards that may lie on each card in a column, indexed by that card.
TAKES: tuple[tuple[int, ...], ...] = tuple(_takes(card) for card in range(4 * (KING + 1)))

_safe_cache: dict[Found, tuple[int, ...]] = {}


def safe_next(found: Found) -> tuple[int, ...]:
    """The cards that may go up next and would go up safely by
    ``limits.is_safe_up``: for each suit not finished, its next card, if safe."""
    cards = _safe_cache.get(found)
    if cards is None:
        up_rank = {SUITS[suit]: found[suit] for suit in range(4)}
        cards = _safe_cache[found] = tuple(
            (found[suit] + 1) * 4 + suit for suit in range(4)
            if found[suit] < KING and is_safe_up(Card(found[suit] + 1, SUITS[suit]), up_rank))
    return cards


def autoplay(position: Packed) -> tuple[Packed, list[tuple[int, int]]]:
    """Play safe cards up from the cells and the column tops, as the engine's
    autoplay does, until none is left: the position then, and the plays in
    order, each ``(source, card)``.  (The engine may play them in another
    order; where they end up is the same, as playing one safe card up never
    stops another from going up.)"""
    columns, cells, found = position
    changed: list[bytes] | None = None
    played: list[tuple[int, int]] = []
    while True:
        for card in safe_next(found):
            if card in cells:
                cells = cells.replace(SINGLE[card], b"", 1)
                played.append((CELL_SOURCE + card, card))
                break
            current = changed or columns
            for index in COLUMN_INDICES:
                column = current[index]
                if column and column[-1] == card:
                    if changed is None:
                        changed = list(columns)
                    changed[index] = column[:-1]
                    played.append((index, card))
                    break
            else:
                continue
            break
        else:
            break
        found = _raised(found, card)
    if not played:
        return position, played
    return (tuple(changed) if changed else columns, cells, found), played


def apply(position: Packed, move: PackedMove) -> Packed:
    """The position after ``move``, which must be legal here, before any
    card goes up by itself."""
    columns, cells, found = position
    source, target, count = move
    changed = list(columns)
    if source >= CELL_SOURCE:
        cells = cells.replace(SINGLE[source - CELL_SOURCE], b"", 1)
        cards = SINGLE[source - CELL_SOURCE]
    else:
        cards = columns[source][-count:]
        changed[source] = columns[source][:-count]
    if target == TO_FOUNDATION:
        found = _raised(found, cards[0])
    elif target == TO_CELL:
        cells = bytes(sorted(cells + cards))
    else:
        changed[target] += cards
    return tuple(changed), cells, found


def _raised(found: Found, card: int) -> Found:
    suit = card & 3
    return (found[0] + (suit == 0), found[1] + (suit == 1),
            found[2] + (suit == 2), found[3] + (suit == 3))


def successors(position: Packed) -> list[tuple[PackedMove, Packed]]:
    """As ``Expander().successors``, for a single position."""
    return Expander().successors(position)


FIRST_MOVES, LATER_MOVES = 0, 1
"""The two groups of ``Expander.successors``: the moves up and onto cards
first; then to a free cell and onto an empty column."""


class Expander:
    """Makes the moves from positions of one search, remembering the run
    length of each column it has seen (columns recur from position to
    position, so most are looked up rather than counted)."""

    def __init__(self) -> None:
        self._runs: dict[bytes, int] = {}

    def successors(self, position: Packed) -> list[tuple[PackedMove, Packed]]:
        """Every move the rules allow here, each with the position it leads
        to once safe cards have gone up (``autoplay``).  ``position`` must
        already have had its safe cards played up.

        Left out are only moves that lead to the key of another move listed
        or of ``position`` itself: a card from one free cell to another,
        cards onto an empty column other than the first, and a whole column
        onto an empty one.  The moves come in two groups, each in the order
        of ``group_successors``: ``FIRST_MOVES`` then ``LATER_MOVES``."""
        return (self.group_successors(position, FIRST_MOVES)
                + self.group_successors(position, LATER_MOVES))

    def group_successors(self, position: Packed, group: int) -> list[tuple[PackedMove, Packed]]:
        """The moves of ``successors`` in ``group``, with where they lead.
        ``FIRST_MOVES``: each suit's next card up (suits in order), then
        the cards onto each column that is not empty (columns in order,
        hearts and diamonds before spades and clubs).  ``LATER_MOVES``: each
        column's top card to a free cell, each free cell's card to the first
        empty column (cards ascending), then from each column every run
        that may go to the first empty column, shortest first."""
        columns, cells, found = position
        runs = self._runs
        lengths = [0] * COLUMN_COUNT
        for index in COLUMN_INDICES:
            column = columns[index]
            if column:
                length = runs.get(column)
                if length is None:
                    length = runs[column] = run_length(column)
                lengths[index] = length
        if group == LATER_MOVES:
            return _later_successors(position, lengths)
        return _first_successors(position, lengths)


def _first_successors(position: Packed, lengths: list[int]) -> list[tuple[PackedMove, Packed]]:
    """The moves of ``FIRST_MOVES`` with where they lead (``lengths``: the
    run at the top of each column)."""
    columns, cells, found = position
    safe = safe_next(found)
    free = CELL_COUNT - len(cells)
    limit = supermove_limit(free, columns.count(b""))
    movable: dict[int, tuple[int, int]] = {}     # card -> (source, count)
    for index in COLUMN_INDICES:
        count = 1
        for card in columns[index][:-lengths[index] - 1:-1]:
            movable[card] = (index, count)
            count += 1
    for card in cells:
        movable[card] = (CELL_SOURCE + card, 1)
    result: list[tuple[PackedMove, Packed]] = []
    add = result.append
    # Each child is built in place: the columns it changes, the cells and
    # foundations; a safe card newly on top (or a card gone up) calls
    # for autoplay, which otherwise has nothing to do.
    for suit in range(4):
        card = (found[suit] + 1) * 4 + suit
        where = movable.get(card)
        if where is not None and where[1] == 1:
            source = where[0]
            changed = list(columns)
            if source >= CELL_SOURCE:
                new_cells = cells.replace(SINGLE[card], b"", 1)
            else:
                new_cells = cells
                changed[source] = columns[source][:-1]
            add(((source, TO_FOUNDATION, 1),
                 autoplay((tuple(changed), new_cells, _raised(found, card)))[0]))
    for target in COLUMN_INDICES:
        onto = columns[target]
        if not onto:
            continue
        for card in TAKES[onto[-1]]:
            where = movable.get(card)
            if where is None:
                continue
            source, count = where
            if source == target or count > limit:
                continue
            changed = list(columns)
            if source >= CELL_SOURCE:
                changed[target] = onto + SINGLE[card]
                add(((source, target, 1),
                     (tuple(changed), cells.replace(SINGLE[card], b"", 1), found)))
                continue
            column = columns[source]
            changed[source] = rest = column[:-count]
            changed[target] = onto + column[-count:]
            child = (tuple(changed), cells, found)
            add(((source, target, count),
                 autoplay(child)[0] if rest and rest[-1] in safe else child))
    return result


def _later_successors(position: Packed, lengths: list[int]) -> list[tuple[PackedMove, Packed]]:
    """The moves of ``LATER_MOVES`` with where they lead (``lengths``: the
    run at the top of each column)."""
    columns, cells, found = position
    safe = safe_next(found)
    free = CELL_COUNT - len(cells)
    empties = [index for index in COLUMN_INDICES if not columns[index]]
    result: list[tuple[PackedMove, Packed]] = []
    add = result.append
    if free:
        for source in COLUMN_INDICES:
            column = columns[source]
            if not column:
                continue
            changed = list(columns)
            changed[source] = rest = column[:-1]
            child = (tuple(changed), bytes(sorted(cells + column[-1:])), found)
            add(((source, TO_CELL, 1),
                 autoplay(child)[0] if rest and rest[-1] in safe else child))
    if empties:
        target = empties[0]
        empty_limit = supermove_limit(free, len(empties) - 1)
        for card in cells:
            changed = list(columns)
            changed[target] = SINGLE[card]
            add(((CELL_SOURCE + card, target, 1),
                 (tuple(changed), cells.replace(SINGLE[card], b"", 1), found)))
        for source in COLUMN_INDICES:
            column = columns[source]
            for count in range(1, min(lengths[source], empty_limit, len(column) - 1) + 1):
                changed = list(columns)
                changed[source] = rest = column[:-count]
                changed[target] = column[-count:]
                child = (tuple(changed), cells, found)
                add(((source, target, count),
                     autoplay(child)[0] if rest[-1] in safe else child))
    return result
