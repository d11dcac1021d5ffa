"""Spider positions packed small for the solver, and the moves on them.

A packed position is a tuple ``(columns, hidden, rows, off)``:

* ``columns``: ten ``bytes``, each a column's cards bottom to top, face-down
  ones included, a card as one byte: its rank (1-13) plus 16 times its
  suit's place in ``SUITS`` (hearts 0, spades 1, diamonds 2, clubs 3).
  Which copy of a card it is does not matter to the rules and is dropped.
* ``hidden``: ten counts, how many of each column's bottom cards lie face down.
* ``rows``: how many rows the stock still holds; ``stock[-rows]`` of the
  solver's ``stock`` is the next (the stock's cards never change, so they
  are kept once, outside the positions).
* ``off``: how many runs have gone off.

``moves`` lists what the rules allow, ``apply`` makes a move as the engine
does (a face-down card left on top turns up, a completed run goes off), and
``key`` says which positions are the same for winning.  The rules are the
engine's (``game.py``); the tests hold the two together, move by move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from ...cards import SUITS, Card
from .deal import COLUMN_COUNT
from .position import COLUMNS, FOUNDATIONS, RUN, STOCK, stock_rows

if TYPE_CHECKING:
    from .game import Spider

Columns = tuple[bytes, ...]
Packed = tuple[Columns, bytes, int, int]
PackedMove = tuple[int, int, int]
"""(source column, target column, cards) counted from 0; ``DEAL_MOVE`` deals."""

DEAL_MOVE: PackedMove = (COLUMN_COUNT, 0, 0)
RANK_MASK = 0x0F
SUIT_SHIFT = 4
_ALL = range(COLUMN_COUNT)


def pack_card(card: Card) -> int:
    return card.rank | SUITS.index(card.suit) << SUIT_SHIFT


def pack(game: "Spider") -> tuple[Packed, tuple[bytes, ...]]:
    """``game``'s position packed, and its stock's rows packed in the order
    they are dealt (each in column order)."""
    piles = game.piles
    columns = tuple(bytes(pack_card(card) for card in piles[column].cards)
                    for column in COLUMNS)
    hidden = bytes(piles[column].hidden for column in COLUMNS)
    rows = tuple(bytes(pack_card(card) for card in row) for row in stock_rows(piles[STOCK]))
    off = sum(1 for pile_id in FOUNDATIONS if piles[pile_id].cards)
    return (columns, hidden, len(rows), off), rows


def run_length(column: bytes, hidden: int) -> int:
    """How many cards at the top of ``column`` form the run that may move:
    face up, one suit, each one rank below the card under it."""
    top = len(column) - 1
    if top < 0:
        return 0
    length = 1
    while top - length >= hidden and column[top - length] == column[top - length + 1] + 1:
        length += 1
    return length


def moves(position: Packed) -> list[PackedMove]:
    """Every move the rules allow, in a fixed order: for each source column
    left to right, for each target left to right, the run part that fits a
    target with cards (one at most), or every part of the run onto an empty
    target; then dealing, if allowed.  With the stock empty, where the
    columns' order no longer matters, a run goes only to the first empty
    column and never the whole of a column to an empty one: those moves
    lead to positions with the same ``key`` as others listed."""
    columns, hidden, rows, _ = position
    found: list[PackedMove] = []
    empties = [target for target in _ALL if not columns[target]]
    if rows == 0 and empties:
        empties = empties[:1]
    for source in _ALL:
        column = columns[source]
        if not column:
            continue
        length = run_length(column, hidden[source])
        top_rank = column[-1] & RANK_MASK
        whole = length == len(column)
        for target in _ALL:
            if target == source:
                continue
            onto = columns[target]
            if onto:
                count = (onto[-1] & RANK_MASK) - top_rank
                if 1 <= count <= length:
                    found.append((source, target, count))
            elif target in empties:
                for count in range(1, length + 1):
                    if count == length and whole and rows == 0:
                        continue
                    found.append((source, target, count))
    if rows and not empties:
        found.append(DEAL_MOVE)
    return found


def apply(position: Packed, move: PackedMove, stock: Sequence[bytes]) -> Packed:
    """The position after ``move``, as the engine makes it: the face-down
    card left on top of the source turns up; a run from king to ace of one
    suit on top of a column goes off, and the card under it turns up.
    ``stock`` is the rows ``pack`` gave."""
    columns, hidden, rows, off = position
    new_columns = list(columns)
    new_hidden = bytearray(hidden)
    if move == DEAL_MOVE:
        row = stock[len(stock) - rows]
        for target in _ALL:
            new_columns[target] = columns[target] + row[target:target + 1]
        changed: Sequence[int] = _ALL
        rows -= 1
    else:
        source, target, count = move
        column = columns[source]
        cut = len(column) - count
        new_columns[source] = column[:cut]
        new_columns[target] = columns[target] + column[cut:]
        if cut and cut == hidden[source]:
            new_hidden[source] = cut - 1
        changed = (target,)
    for target in changed:
        column = new_columns[target]
        if len(column) - new_hidden[target] >= RUN and column[-1] & RANK_MASK == 1 \
                and run_length(column, new_hidden[target]) >= RUN:
            cut = len(column) - RUN
            new_columns[target] = column[:cut]
            if cut and cut == new_hidden[target]:
                new_hidden[target] = cut - 1
            off += 1
    return tuple(new_columns), bytes(new_hidden), rows, off


def key(position: Packed) -> bytes:
    """Equal for positions that are the same for winning.  While the stock
    holds cards, the columns' order matters (a deal gives each column its
    own card); once it is empty the rules treat every column alike, and the
    columns are sorted.  The first byte is the rows left, so the two kinds of
    key never meet; a card is never ``0xff``, so the separators are plain."""
    columns, hidden, rows, _ = position
    if rows:
        return bytes((rows,)) + hidden + b"\xff".join(columns)
    return b"\x00" + b"\xff".join(sorted(bytes((hidden[index],)) + columns[index]
                                         for index in _ALL))


def is_won(position: Packed) -> bool:
    return position[3] == 8

