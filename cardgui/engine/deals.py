"""Numbered deals: the same number gives the same cards, on every machine.

* ``microsoft_deal(n)``: Microsoft FreeCell's deal ``n`` (1 to 2^31-1), with
  FreeCell Pro's extension up to 2^33-1, as the Rosetta Code task describes.
* ``book_shuffle(n)``: Harvey's ``shuffle`` (swap the last card with a random
  one, then the one before it, ...) driven by a generator seeded with ``n``.
"""

from __future__ import annotations

import random
from typing import Iterator

from .cards import RANKS, Card, Suit, full_deck

MAX_DEAL = 2**31 - 1
MICROSOFT_MAX_DEAL = 2**33 - 1
_MS_SUIT_ORDER = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
# Microsoft's deck before the shuffle, made once: cards are immutable, and a
# range of deals solved deals thousands.
_MS_DECK = tuple(Card(rank, suit) for rank in RANKS for suit in _MS_SUIT_ORDER)


def microsoft_random(seed: int) -> Iterator[int]:
    """The random numbers Microsoft's deal ``seed`` draws, endlessly.

    Below 2^31 this is Microsoft C's ``rand()``; from 2^31 to 2^32-1 every
    number also has bit 15 set; from 2^32 on, the generator is seeded with
    ``seed - 2^32`` and yields 16-bit numbers plus one (FreeCell Pro).
    """
    if seed >= 2**32:
        state = seed - 2**32
        while True:
            state = (state * 214013 + 2531011) & 0xFFFFFFFF
            yield ((state >> 16) & 0xFFFF) + 1
    high_bit = 0x8000 if seed >= 2**31 else 0
    state = seed
    while True:
        state = (state * 214013 + 2531011) & 0x7FFFFFFF
        yield (state >> 16) | high_bit


def microsoft_deal(number: int) -> list[Card]:
    """The 52 cards of Microsoft deal ``number`` in dealing order.

    Dealt across eight columns, card ``i`` goes to column ``i % 8``.

    Raises:
        ValueError: if ``number`` is not from 1 to 2^33-1.
    """
    if isinstance(number, bool) or not isinstance(number, int) \
            or not 1 <= number <= MICROSOFT_MAX_DEAL:
        raise ValueError(f"FreeCell deal numbers run from 1 to {MICROSOFT_MAX_DEAL}, "
                         f"not {number!r}")
    deck = list(_MS_DECK)
    numbers = microsoft_random(number)
    dealt: list[Card] = []
    while deck:
        index = next(numbers) % len(deck)
        deck[index], deck[-1] = deck[-1], deck[index]
        dealt.append(deck.pop())
    return dealt


def book_shuffle(number: int) -> list[Card]:
    """Harvey's ``shuffle`` of the book's deck, seeded with ``number``.

    Returns the shuffled deck in the book's list order: the first card is
    the first one dealt.  The same number always gives the same order
    (``random.random()`` is guaranteed stable for a given seed).
    """
    deck = full_deck()
    generator = random.Random(number)
    for length in range(len(deck), 0, -1):
        choice = int(generator.random() * length)
        deck[choice], deck[length - 1] = deck[length - 1], deck[choice]
    return deck


def random_deal_number(highest: int = 2**31 - 1) -> int:
    """A fresh deal number from 1 to ``highest``, from the system's entropy."""
    return random.SystemRandom().randint(1, highest)


def check_deal_number(number: int, highest: int = MAX_DEAL) -> int:
    """``number`` if it is a deal number from 1 to ``highest``.

    Raises:
        ValueError: otherwise, saying what the range is.
    """
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= highest:
        raise ValueError(f"deal number must be a whole number from 1 to {highest}, not {number!r}")
    return number
