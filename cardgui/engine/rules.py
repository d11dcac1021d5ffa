"""Small building rules shared by the games, each a pure question about cards.

Each returns None when the cards may be laid, or the reason they may not, in
words a player reads in the status bar.
"""

from __future__ import annotations

from typing import Sequence

from .cards import ACE, KING, Card, rank_word


def fits_alternate_descending(card: Card, onto: Card | None, *,
                              empty_takes_king_only: bool) -> bool:
    """The quick form of ``alternate_descending``: just whether ``card`` fits."""
    if onto is None:
        return card.rank == KING or not empty_takes_king_only
    return onto.rank == card.rank + 1 and card.suit.is_red != onto.suit.is_red


def alternate_descending(card: Card, onto: Card | None, *,
                         empty_takes_king_only: bool) -> str | None:
    """May ``card`` go onto ``onto``: opposite colour, one rank lower?

    ``onto`` None means an empty pile, which takes only a king when
    ``empty_takes_king_only`` and any card otherwise.
    """
    if onto is None:
        if empty_takes_king_only and card.rank != KING:
            return f"Only a king may go onto an empty stack, not {card}."
        return None
    if not card.is_opposite_colour(onto):
        return f"{card} cannot go onto {onto}: the colours must alternate."
    if onto.rank != card.rank + 1:
        return f"{card} cannot go onto {onto}: it must be one rank lower."
    return None


def same_suit_ascending(card: Card, onto: Card | None) -> str | None:
    """May ``card`` go onto a foundation whose top is ``onto`` (None: empty)?"""
    if onto is None:
        if card.rank != ACE:
            return f"{card} cannot start a foundation: only an ace can."
        return None
    if card.suit is not onto.suit:
        return f"{card} cannot go onto {onto}: a foundation holds one suit."
    if card.rank != onto.rank + 1:
        return (f"{card} cannot go up yet: it needs the {rank_word(card.rank - 1)} "
                "of its suit first.")
    return None


def is_alternating_run(cards: Sequence[Card]) -> bool:
    """True when each card lies on one of the opposite colour and one rank higher."""
    return all(upper.rank + 1 == lower.rank and upper.is_opposite_colour(lower)
               for lower, upper in zip(cards, cards[1:]))
