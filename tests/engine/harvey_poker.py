"""An independent poker classifier for the tests: Brian Harvey's ``pokerhand``
(Computer Science Logo Style, "Example: Finding Poker Hands", in
/work/shared/reference/harvey-poker-hands.txt) restated for five cards.  It
shares nothing with ``cardgui.engine.poker`` but the ``Card`` type, so a
score added up with it checks the engine's scoring rather than repeating it.

Like the chapter, it counts the cards of each rank (``rankarray``) and asks
the most restrictive question first; a straight is five ranks in a row with
no gap (``nogap``), the ace low, and ten to ace (``ace.highp``) is the one
straight with the ace high.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardgui.engine.cards import Card

# The points of each of Harvey's answers, from the rules of Poker Squares.
AMERICAN_POINTS = {"royal flush": 100, "straight flush": 75, "four of a kind": 50,
                   "full house": 25, "flush": 20, "straight": 15, "three of a kind": 10,
                   "two pairs": 5, "one pair": 2, "nothing!": 0}
ENGLISH_POINTS = {"royal flush": 30, "straight flush": 30, "four of a kind": 16,
                  "full house": 10, "flush": 5, "straight": 12, "three of a kind": 6,
                  "two pairs": 3, "one pair": 1, "nothing!": 0}
POINTS = {"american": AMERICAN_POINTS, "english": ENGLISH_POINTS}


def pokerhand(cards: Sequence[Card]) -> str:
    """Harvey's words for the five ``cards``: "four of a kind" ... "nothing!"."""
    if len(cards) != 5:
        raise ValueError(f"pokerhand takes five cards, not {len(cards)}")
    ranks = [card.rank for card in cards]          # ace 1, jack 11, queen 12, king 13
    suits = {card.suit for card in cards}
    rankarray = [ranks.count(rank) for rank in range(1, 14)]
    flush = len(suits) == 1
    if 4 in rankarray:
        return "four of a kind"
    if 3 in rankarray and 2 in rankarray:
        return "full house"
    if 3 in rankarray:
        return "three of a kind"
    if 2 in rankarray:
        return "one pair" if rankarray.count(2) == 1 else "two pairs"
    if sorted(ranks) == [1, 10, 11, 12, 13]:
        return "royal flush" if flush else "straight"
    smallest = min(ranks)
    if all(rank <= 13 and rankarray[rank - 1] == 1 for rank in range(smallest, smallest + 5)):
        return "straight flush" if flush else "straight"
    if flush:
        return "flush"
    return "nothing!"


def grid_score(grid: Sequence[Sequence[Card]], scoring: str) -> int:
    """The score of a full five-by-five ``grid`` (rows of cards): each row and
    each column scored by ``pokerhand`` and the table ``scoring`` names."""
    points = POINTS[scoring]
    columns = [[row[column] for row in grid] for column in range(5)]
    return sum(points[pokerhand(line)] for line in [*grid, *columns])
