"""The features by which a filling row or column is valued.

A line is judged by a few features, not by its exact cards (Neller, Messinger
and Yang's "hand abstraction" for Poker Squares, EAAI 2016):

* its rank pattern (``lines.PATTERNS``: nothing yet, a pair, two pairs ...);
* whether a flush is still *live*: all its cards one suit, and enough of that
  suit unseen to fill it;
* how many runs of five (0, 1, or 2 and more) could still make it a straight
  with ranks that are unseen, when its ranks are all different;
* its *outs*: unseen cards of the ranks it holds (0, 1, 2, 3 or more);
* how many cards are still to come in the game.

``line_values.VALUES`` holds what lines with each key finally scored, as
``training`` learned it.  "Unseen" means not in the grid and not the card in
hand: what a player may count.
"""

from __future__ import annotations

from collections.abc import Sequence

from .lines import (
    DISTINCT_PATTERNS,
    PATTERN_SIZE,
    PATTERNS,
    SINGLE_SUIT,
    STRAIGHTS_HOLDING,
    SUIT_BITS,
)

FLUSH_STATES = 2
STRAIGHT_STATES = 3
OUT_STATES = 4
KEY_COUNT = len(PATTERNS) * FLUSH_STATES * STRAIGHT_STATES * OUT_STATES
CARDS_IN_GAME = 25


def line_key(pattern: int, ranks: int, suits: int, suits_unseen: Sequence[int],
             ranks_unseen: Sequence[int], live_ranks: int) -> int:
    """The features of a filling line as one number below ``KEY_COUNT``.

    ``suits_unseen[s]`` and ``ranks_unseen[r]`` count the unseen cards of each
    suit and rank; ``live_ranks`` is the mask of ranks with an unseen card.
    """
    size = PATTERN_SIZE[pattern]
    if size == 0:
        return 0
    flush = 0
    if suits in SINGLE_SUIT and suits_unseen[SUIT_BITS.index(suits)] >= 5 - size:
        flush = 1
    straight = 0
    if pattern in DISTINCT_PATTERNS:
        for run in STRAIGHTS_HOLDING[ranks]:
            if run & ~ranks & ~live_ranks == 0:
                straight += 1
                if straight == STRAIGHT_STATES - 1:
                    break
    outs = 0
    held = ranks
    while held and outs < OUT_STATES - 1:
        lowest = held & -held
        outs += ranks_unseen[lowest.bit_length() - 1]
        held ^= lowest
    outs = min(outs, OUT_STATES - 1)
    return ((pattern * FLUSH_STATES + flush) * STRAIGHT_STATES + straight) * OUT_STATES + outs
