"""Spider's numbered deals, card for card as KPatience deals them.

Deal ``n`` with ``s`` suits here is KPatience's Spider deal ``n`` with ``s``
suits (KDE's kpat, ``src/spider.cpp`` and ``src/shuffle.h``), so that the two
programs can be compared on the same layouts and a player can look a deal up
in either.  How KPatience makes one:

1. The pack: two copies of a four-suit list, rank by rank.  For each copy,
   for each rank ace to king, one card of each suit in the list: clubs,
   diamonds, hearts, spades with four suits; hearts, spades, hearts, spades
   with two; spades four times with one.  104 cards.
2. The shuffle: for ``i`` from 104 down to 2, the generator of Microsoft's
   C library (``seed = 214013 * seed + 2531011`` modulo 2^32, seeded with the
   deal number, drawing ``(seed >> 16) & 0x7fff``) picks ``j = draw % i``
   and the cards at ``i - 1`` and ``j`` change places.
3. The deal takes cards from the end of the shuffled list: 44 face down to
   the columns in turn (column 1, 2, ... 10, 1, 2, ...: five each in the
   first four, four in the others), then 10 face up, continuing the turn
   (columns 5 to 10, then 1 to 4), then five rows of ten for the stock.
   The row dealt first is the one taken first; its last card taken is the
   one that goes to column 1, its first to column 10.

A card's ``deck`` tells apart the copies of one card: the ``k``-th copy of
a card made in step 1 (counting from 0) has ``deck`` ``k``.  With four
suits that is the copy of the pack, 0 or 1; with two, 0 to 3; with one,
the eight spades of a rank are decks 0 to 7.  So every physical card is a
distinct value, and a deal's 104 cards are 104 different ``Card`` values.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...cards import RANKS, Card, Suit

SUIT_COUNTS = (1, 2, 4)
COLUMN_COUNT = 10
FACE_DOWN_DEALT = 44
ROW = COLUMN_COUNT             # a deal from the stock: one card to every column
STOCK_ROWS = 5
COPIES = 2                     # of the four-suit list, in KPatience's pack

# KPatience keeps a list of four suits whatever the count, so that the game
# numbers stay the same (spider.cpp, createDeck).
_PACK_SUITS: dict[int, tuple[Suit, ...]] = {
    1: (Suit.SPADES,) * 4,
    2: (Suit.HEARTS, Suit.SPADES, Suit.HEARTS, Suit.SPADES),
    4: (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES),
}

SUITS_IN_PLAY: dict[int, tuple[Suit, ...]] = {
    count: tuple(suit for suit in Suit if suit in _PACK_SUITS[count]) for count in SUIT_COUNTS}
"""The suits each form of the game is played with, in the book's order."""


def check_suits(suits: int | str) -> int:
    """The number of suits ``suits`` names (1, 2 or 4, as a number or its
    digit).

    Raises:
        ValueError: for anything else.
    """
    if isinstance(suits, str) and suits.strip().isdigit():
        suits = int(suits)
    if isinstance(suits, bool) or suits not in SUIT_COUNTS:
        raise ValueError(f"Spider is played with 1, 2 or 4 suits, not {suits!r}")
    return int(suits)


def pack(suits: int) -> list[Card]:
    """KPatience's unshuffled pack of 104 cards for ``suits`` suits, each
    copy numbered by its ``deck``."""
    made: dict[tuple[int, Suit], int] = {}
    cards = []
    for _ in range(COPIES):
        for rank in RANKS:
            for suit in _PACK_SUITS[suits]:
                copy = made.get((rank, suit), 0)
                made[rank, suit] = copy + 1
                cards.append(Card(rank, suit, copy))
    return cards


def kpatience_shuffle(cards: list[Card], seed: int) -> list[Card]:
    """``cards`` shuffled as KPatience's ``KpatShuffle::shuffled`` does with
    ``seed`` (a new list)."""
    result = list(cards)
    state = seed & 0xFFFFFFFF
    for length in range(len(result), 1, -1):
        state = (214013 * state + 2531011) & 0xFFFFFFFF
        draw = (state >> 16) & 0x7FFF
        chosen = draw % length
        result[length - 1], result[chosen] = result[chosen], result[length - 1]
    return result


@dataclass(frozen=True, slots=True)
class SpiderDeal:
    """A deal laid out: each column's face-down cards and its face-up card
    (bottom to top), and the stock's rows in the order they are dealt, each
    row's cards in column order (the first goes onto column 1)."""

    face_down: tuple[tuple[Card, ...], ...]
    face_up: tuple[Card, ...]
    rows: tuple[tuple[Card, ...], ...]


def spider_deal(number: int, suits: int) -> SpiderDeal:
    """KPatience's Spider deal ``number`` with ``suits`` suits.

    Raises:
        ValueError: if ``suits`` is not 1, 2 or 4.
    """
    suits = check_suits(suits)
    taken = kpatience_shuffle(pack(suits), number)[::-1]    # in the order taken
    face_down: list[list[Card]] = [[] for _ in range(COLUMN_COUNT)]
    for index in range(FACE_DOWN_DEALT):
        face_down[index % COLUMN_COUNT].append(taken[index])
    up_cards: list[Card | None] = [None] * COLUMN_COUNT
    for index in range(FACE_DOWN_DEALT, FACE_DOWN_DEALT + COLUMN_COUNT):
        up_cards[index % COLUMN_COUNT] = taken[index]
    rows = []
    start = FACE_DOWN_DEALT + COLUMN_COUNT
    for row in range(STOCK_ROWS):
        pile = taken[start + row * ROW:start + (row + 1) * ROW]
        rows.append(tuple(reversed(pile)))      # the top of the pile goes first
    face_up = tuple(card for card in up_cards if card is not None)
    assert len(face_up) == COLUMN_COUNT
    return SpiderDeal(tuple(map(tuple, face_down)), face_up, tuple(rows))
