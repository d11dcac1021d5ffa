"""What a Poker Squares player sees, and nothing more.

``view_of(game)`` copies out the grid, the next card and the scoring table.
It keeps no reference to the game and never reads the cards after the next
one, so an advisor given a view cannot peek: it knows which cards are out
(in the grid, or the next card) and so which may still come, but not which
of them will, nor in what order.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...cards import Card, full_deck
from .game import PokerSquares


@dataclass(frozen=True, slots=True)
class PokerSquaresView:
    """A player's view: ``grid`` holds the 25 cells row by row (``a1`` to
    ``e1``, then ``a2`` ...), None where empty; ``next_card`` is the card to
    place (None once the grid is full); ``scoring`` names the table in play."""

    grid: tuple[Card | None, ...]
    next_card: Card | None
    scoring: str

    @property
    def cards_out(self) -> frozenset[Card]:
        """The cards in the grid and the next card."""
        out = {card for card in self.grid if card is not None}
        if self.next_card is not None:
            out.add(self.next_card)
        return frozenset(out)

    @property
    def unseen(self) -> frozenset[Card]:
        """The cards that may still come: every card not out."""
        return frozenset(full_deck()) - self.cards_out


def view_of(game: PokerSquares) -> PokerSquaresView:
    """The player's view of ``game``'s position."""
    grid = tuple(card for row in game.grid() for card in row)
    return PokerSquaresView(grid, game.next_card, game.scoring.name)
