"""Calculation's cards: the four starters, and the hand of a numbered deal or
of the stacked test deck.

Becker's hint is followed: the ace, two, three and four of clubs start the
foundations, and the other 48 cards, the hand, are shuffled.  A numbered deal
takes the suite's seeded shuffle of the whole deck (``book_shuffle``) and
leaves the four starters out, so every deal number from 1 to 2^31-1 gives the
same hand on every machine, and every order of the 48 is equally likely.

The stacked test hand stands in for her ``SetTestDeck.cc``, which we do not
have.  It is built to pass through the position her sample display shows
(after its first nineteen cards: score 11, 5H in the hand, 30 cards left) and
then to run to 52 with the requests in ``cardgui/resources/calculation/TEST``, using
all four waste piles, playing from each of them to the foundations, wrapping
round the king on foundations 2, 3 and 4, and finishing every foundation.
"""

from __future__ import annotations

from ...cards import Card, parse_cards
from ...deals import book_shuffle

STACKED_DEAL = 0          # the deal number of the stacked test deck

STARTERS: tuple[Card, ...] = tuple(parse_cards(["AC", "2C", "3C", "4C"]))

# Turned up first to last.  The first nineteen make Becker's sample position.
STACKED_HAND_NAMES: tuple[str, ...] = (
    "KS", "10H", "6D", "10S", "8C", "9C", "9D", "QS", "QC", "QH",
    "8D", "JD", "5C", "9S", "2H", "6H", "6S", "5D", "5H",
    "4S", "QD", "8S", "KH", "7H", "AD", "3S", "10D", "5S", "JC",
    "KD", "9H", "2S", "AH", "7C", "JH", "8H", "10C", "2D", "3H",
    "4D", "JS", "AS", "4H", "7S", "3D", "KC", "6C", "7D",
)


def shuffled_hand(deal: int) -> list[Card]:
    """The 48 cards of deal ``deal`` in the order they are turned up, first first."""
    return [card for card in book_shuffle(deal) if card not in STARTERS]


def stacked_hand() -> list[Card]:
    """The stacked test hand in the order it is turned up, first first."""
    return parse_cards(STACKED_HAND_NAMES)
