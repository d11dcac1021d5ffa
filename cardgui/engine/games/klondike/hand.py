"""Klondike's hand and pile: dealing three at a time, and turning the pile
over when the hand is empty, as the book's ``hand3`` and ``deal`` do."""

from __future__ import annotations

from dataclasses import dataclass

from ...again import MovesAgain
from ...cards import Card
from ...moves import IllegalMove
from ...outcome import Outcome
from ...piles import Pile, PileId
from .position import HAND, PILE

DEAL_COUNT = 3


@dataclass(frozen=True, slots=True)
class KlondikeCounters:
    """Everything besides the piles that undo must put back."""

    moves: int = 0
    redeals: int = 0                     # times the pile was turned over into the hand
    again_card: Card | None = None       # the last card moved, for M
    again_places: tuple[PileId, ...] = ()  # where M sends it next, in order


class KlondikeHand(MovesAgain[KlondikeCounters]):
    """Dealing from the hand onto the pile; the rest of the rules are ``Klondike``'s."""

    @property
    def passes(self) -> int:
        """Which pass through the hand this is, counting from 1."""
        return self._counters.redeals + 1

    def deal(self) -> Outcome:
        """``+``: deal three cards from the hand onto the pile (fewer if fewer are
        left).  With the hand empty the pile turns over to become the hand, in
        its original order, and dealing goes on in the same keystroke.

        Raises:
            IllegalMove: if the hand and the pile are both empty.
        """
        self._check_something_to_deal()

        def deal_three() -> str | None:
            self._deal_one()
            for _ in range(DEAL_COUNT - 1):
                if not self._piles[HAND].is_empty:
                    self._deal_one()
            return None
        return self._transaction("deal", deal_three)

    def deal_one(self) -> Outcome:
        """The hidden ``8(``: deal a single card onto the pile.

        Raises:
            IllegalMove: if the hand and the pile are both empty.
        """
        self._check_something_to_deal()
        return self._transaction("deal one card", self._deal_one)

    def _check_something_to_deal(self) -> None:
        if self._piles[HAND].is_empty and self._piles[PILE].is_empty:
            raise IllegalMove("The hand and the pile are both empty.")

    def _deal_one(self) -> None:
        """The book's ``deal``: turn the pile over if the hand is empty, then
        move the hand's next card onto the pile."""
        if self._piles[HAND].is_empty:
            self._piles[HAND] = Pile.face_down(self._piles[PILE].cards[::-1])
            self._piles[PILE] = Pile()
            self._set_counters(redeals=self._counters.redeals + 1)
        self._transfer(HAND, len(self._piles[HAND]) - 1, PILE)

