"""``cardgui poker 3s qc 3d 3h qd``: the chapter's ``pokerhand`` at the shell.

Prints the hand's name (``full house (threes and queens)``) and exits 0.  Cards
are written as in the chapter (``3s``, ``qc``, ``10d``), in any case, with ``t``
also for ten.  Five cards name a hand; six or seven name the best five of
them, as in seven-card stud.  Anything else (fewer than five or more than
seven cards, an unknown card, a card twice) prints one line on stderr saying
what is wrong and exits with status 2.
"""

from __future__ import annotations

from typing import IO, Sequence

from ..engine.cards import Card, CardError
from ..engine.poker import HAND_SIZE, MOST_CARDS, describe

USAGE = "usage: cardgui poker CARD CARD CARD CARD CARD [CARD [CARD]]   (like: 3s qc 3d 3h qd)"
BAD_USAGE = 2


def main(args: Sequence[str], stdout: IO[str], stderr: IO[str]) -> int:
    """Name the poker hand the cards in ``args`` make; returns the exit status."""
    try:
        cards = read_hand(args)
    except ValueError as error:
        stderr.write(f"cardgui poker: {error}\n{USAGE}\n")
        return BAD_USAGE
    stdout.write(describe(cards) + "\n")
    return 0


def read_hand(texts: Sequence[str]) -> list[Card]:
    """Five to seven distinct cards from their names.

    Raises:
        ValueError: for an unknown card, too few or too many cards, or a card
            given twice; the message says which.
    """
    cards = []
    for text in texts:
        try:
            cards.append(Card.parse(text))
        except CardError:
            raise ValueError(f"{text!r} is not a card: write a rank (A, 2-10 or T, J, Q, K) "
                             "then a suit (H, S, D, C), like 10h or qs") from None
    if not HAND_SIZE <= len(cards) <= MOST_CARDS:
        raise ValueError(f"a poker hand needs {HAND_SIZE} to {MOST_CARDS} cards; "
                         f"you gave {len(cards)}")
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise ValueError(f"{card} is given twice; a deck has one of each card")
        seen.add(card)
    return cards
