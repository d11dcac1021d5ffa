"""Which element of a deck's SVG document draws which card.

Both formats name a card's element after its rank and suit in words:

- KDE (libkdegames' ``KCardDeck::elementName``): ``<rank>_<suit>``, the rank
  ``1`` to ``10``, ``jack``, ``queen`` or ``king`` and the suit ``club``,
  ``diamond``, ``heart`` or ``spade`` (``1_club``, ``queen_heart``), and
  ``back``.  The element's bounds are the card: KPatience draws the
  element's bounding box over the whole card, and takes the card's shape
  from the back's bounds.
- AisleRiot (``ar_card_get_node_by_suit_and_rank_snprintf``): the same
  words, as ``#1_club``; the themes it ships were renamed to ``club_1``
  (``cards/fix-card-ids.ed``), so both orders are accepted, whichever the
  document has.  An AisleRiot theme is a grid of 13 columns (ace to king)
  by 5 rows (clubs, diamonds, hearts, spades, then the jokers and the back
  in the third column): AisleRiot draws a card's element with its grid cell
  as the card (``ar-card-theme-svg.c``), so the card's shape is the cell's.

No Qt: this module only names things.
"""

from __future__ import annotations

from cardgui.engine.cards import Card, Suit, full_deck

BACK = "back"
"""The picture name (and the element id in both formats) of the card back."""

SUIT_WORDS = {Suit.CLUBS: "club", Suit.DIAMONDS: "diamond", Suit.HEARTS: "heart",
              Suit.SPADES: "spade"}
RANK_WORDS = {**{rank: str(rank) for rank in range(1, 11)}, 11: "jack", 12: "queen", 13: "king"}
GRID_COLUMNS, GRID_ROWS = 13, 5
SUIT_ROWS = {Suit.CLUBS: 0, Suit.DIAMONDS: 1, Suit.HEARTS: 2, Suit.SPADES: 3}
BACK_CELL = (2, 4)           # column, row: after the black and the red joker


def picture_names() -> list[str]:
    """Every picture a deck must have: the 52 faces by card name (``10H``), then the back."""
    return [card.name for card in sorted(full_deck())] + [BACK]


def element_id(picture: str, suit_first: bool = False) -> str:
    """The element id drawing ``picture`` (a card name, or :data:`BACK`):
    ``queen_heart``, or with ``suit_first`` ``heart_queen``.

    Raises:
        CardError: if ``picture`` is neither a card's name nor the back.
    """
    if picture == BACK:
        return BACK
    card = Card.parse(picture)
    rank, suit = RANK_WORDS[card.rank], SUIT_WORDS[card.suit]
    return f"{suit}_{rank}" if suit_first else f"{rank}_{suit}"


def grid_cell(picture: str) -> tuple[int, int]:
    """The (column, row) of ``picture``'s cell in an AisleRiot theme's grid.

    Raises:
        CardError: if ``picture`` is neither a card's name nor the back.
    """
    if picture == BACK:
        return BACK_CELL
    card = Card.parse(picture)
    return card.rank - 1, SUIT_ROWS[card.suit]


def described(picture: str) -> str:
    """A picture in words, for a message: ``the queen of hearts``, ``the back``."""
    return "the back" if picture == BACK else f"the {Card.parse(picture).words}"
