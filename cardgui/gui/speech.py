"""What a screen reader says of the table: a card's name and place, a pile's
name and what it holds.  Plain words from the game; no Qt, no rules.

    eight of spades, stack 3, 4th of 6
    face-down card, stack 5, 2nd of 6
    foundation 2, 3 cards, three of hearts on top
    free cell b, empty
    cell c2, eight of spades, row 2: pair so far
"""

from __future__ import annotations

import re
from collections.abc import Collection
from typing import Any

from ..engine.cards import Card
from ..engine.game import Game
from ..engine.piles import PileId


def ordinal(number: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th`` ... ``11th``, ``21st``."""
    if 10 <= number % 100 <= 20:
        return f"{number}th"
    return f"{number}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(number % 10, 'th') }"


def card_name(game: Game[Any], pile_id: PileId, index: int) -> str:
    """A card in words and where it lies; a face-down card says only that."""
    pile = game.piles[pile_id]
    card = pile.cards[index]
    what = card.words if pile.is_face_up(index) else "face-down card"
    return f"{what}, {game.pile_name(pile_id)}, {ordinal(index + 1)} of {len(pile)}"


def pile_name(game: Game[Any], pile_id: PileId) -> str:
    """A pile's name, what it holds and its top card, and anything else a
    player sees about it (what a foundation needs next, say)."""
    pile = game.piles[pile_id]
    parts = [game.pile_name(pile_id)]
    if pile.is_empty:
        parts.append("empty")
    elif len(pile) == 1:
        parts.append(pile.cards[0].words if pile.is_face_up(0) else "one face-down card")
    else:
        parts.append(f"{len(pile)} cards")
        if pile.hidden:
            parts.append(f"{pile.hidden} face down" if pile.hidden < len(pile)
                         else "all face down")
        if pile.is_face_up(len(pile) - 1):
            top = pile.cards[-1]
            parts.append(f"{top.words} on top")
    return ", ".join(parts + game.pile_notes(pile_id))


def spoken_change(game: Game[Any], changed: Collection[PileId]) -> str:
    """The piles a gesture changed, each as ``pile_name`` says it, in the
    table's order ("" for none)."""
    return "; ".join(pile_name(game, pile_id) for pile_id in game.piles if pile_id in changed)


# A card's short name as the game's messages write it: "AS", "10D", "TC".
_SHORT_NAME = re.compile(r"\b(?:10|[2-9AJQKT])[SHDC]\b")


def spoken(text: str) -> str:
    """``text`` with each card's short name in words, as a screen reader
    should say it: "AS to the top." becomes "ace of spades to the top." (a
    reader would say "as")."""
    return _SHORT_NAME.sub(lambda match: Card.parse(match.group()).words, text)
