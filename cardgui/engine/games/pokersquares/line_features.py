"""The features by which a filling row or column is valued.

A line is judged by a few features, not by its exact cards (the "hand
abstraction" of Neller, Messinger and Yang, EAAI 2016, with more of the
board's context, as the MacEwan entry BeeMo weighed its hand patterns):

* whether it is a row or a column (a player who builds flushes in the
  columns and pairs in the rows plays the two differently);
* its rank pattern (``lines.PATTERNS``: nothing yet, a pair, two pairs ...);
* its flush: dead (two suits, or too few of its suit unseen to fill it), or
  live with 0-2, 3-5, or 6 and more unseen cards of its suit to spare;
* how many runs of five (0, 1, 2, 3 and more) could still make it a straight
  with ranks that are unseen, when its ranks are all different;
* its *outs*: unseen cards of the ranks it holds (0 to 5 and more);
* its *rivals*, for a live flush: how many other filling lines hold only
  that suit too (0, 1, 2 and more), the lines that will want the same cards.

and by how many cards are still to come in the game.  A line's value is
the mean of what such lines finally scored (``line_values``).  "Unseen" means
neither in the grid nor the card in hand: what a player may count.

A key is ``base + rivals * RIVAL_STRIDE``: ``line_key`` gives the base and the
suit whose rivals count (or ``NO_RIVALS``), because a line's rivals change
when a card goes into *another* line, and the play-outs count them once for
all the lines of a board (``playout``).
"""

from __future__ import annotations

from collections.abc import Sequence

from .lines import (
    DISTINCT_PATTERNS,
    PATTERN_SIZE,
    PATTERNS,
    SIDE,
    SINGLE_SUIT,
    STRAIGHTS_HOLDING,
    SUIT_BITS,
)

ORIENTATIONS = 2              # a row, a column
FLUSH_STATES = 4
STRAIGHT_STATES = 4
OUT_STATES = 6
RIVAL_STATES = 3
KEY_COUNT = ORIENTATIONS * len(PATTERNS) * FLUSH_STATES * STRAIGHT_STATES * OUT_STATES \
    * RIVAL_STATES
RIVAL_STRIDE = 1
NO_RIVALS = -1
CARDS_IN_GAME = 25
# Unseen cards of a live flush's suit beyond those it needs: the lower bound
# of each flush state above "dead".
FLUSH_SPARE = (0, 3, 6)


def line_key(column: int, pattern: int, ranks: int, suits: int, suits_unseen: Sequence[int],
             ranks_unseen: Sequence[int], live_ranks: int) -> tuple[int, int]:
    """The key of a filling line with no rivals, and the suit (0-3) whose
    other filling lines are its rivals, or ``NO_RIVALS`` when rivals do not
    count (its flush is dead).

    ``column`` is 1 for a column, 0 for a row; ``suits_unseen[s]`` and
    ``ranks_unseen[r]`` count the unseen cards of each suit and rank;
    ``live_ranks`` is the mask of ranks with an unseen card.
    """
    size = PATTERN_SIZE[pattern]
    flush = straight = outs = 0
    rival_suit = NO_RIVALS
    if size:
        if suits in SINGLE_SUIT:
            suit = SUIT_BITS.index(suits)
            spare = suits_unseen[suit] - (SIDE - size)
            if spare >= 0:
                rival_suit = suit
                flush = 1 + (spare >= FLUSH_SPARE[1]) + (spare >= FLUSH_SPARE[2])
        if pattern in DISTINCT_PATTERNS:
            for run in STRAIGHTS_HOLDING[ranks]:
                if run & ~ranks & ~live_ranks == 0:
                    straight += 1
                    if straight == STRAIGHT_STATES - 1:
                        break
        held = ranks
        while held and outs < OUT_STATES - 1:
            lowest = held & -held
            outs += ranks_unseen[lowest.bit_length() - 1]
            held ^= lowest
        outs = min(outs, OUT_STATES - 1)
    key = ((((column * len(PATTERNS) + pattern) * FLUSH_STATES + flush) * STRAIGHT_STATES
            + straight) * OUT_STATES + outs) * RIVAL_STATES
    return key, rival_suit


def with_rivals(key: int, rivals: int) -> int:
    """``key`` (from ``line_key``) for a line with ``rivals`` rivals."""
    return key + min(rivals, RIVAL_STATES - 1) * RIVAL_STRIDE
