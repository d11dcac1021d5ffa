"""The book's ``M`` ("move same card again"), for games that have it.

Every move remembers the card moved and the places it could have gone after
the one it went to, in the game's own order; ``M`` moves it (with the cards
on it) on to the next of them.  The memory lives in the game's counters
(``again_card``, ``again_places``), so undo puts it back too.
"""

from __future__ import annotations

import abc
from typing import Any

from .cards import Card
from .game import Game, Outcome
from .moves import IllegalMove
from .piles import PileId


class MovesAgain(Game[Any]):
    """Checked ``move`` and ``again`` that keep the memory for ``M``.

    A game using it provides ``all_destinations`` (every place a card fits, in
    order), ``_carry`` (move without checking, do the follow-ups, set the
    memory) and ``_locate_again``.  The base class's ``play`` moves a card to
    the first of its ``destinations``; as long as those are ``all_destinations``
    or their first entry alone, ``move`` then remembers exactly the places after
    it, as the book's ``playcard`` leaves them for ``M``.
    """

    @abc.abstractmethod
    def all_destinations(self, source: PileId, index: int) -> list[PileId]:
        """Every place the card fits, in the game's order."""

    @abc.abstractmethod
    def _carry(self, source: PileId, index: int, target: PileId,
               later: tuple[PileId, ...]) -> str | None:
        """Move without checking, do the follow-ups, remember ``later`` for M."""

    @abc.abstractmethod
    def _locate_again(self, card: Card) -> tuple[PileId, int]:
        """Where the card to move again lies now.

        Raises:
            IllegalMove: if it can no longer be moved (gone up, say).
        """

    def move(self, source: PileId, index: int, target: PileId, *,
             label: str | None = None) -> Outcome:
        """Move a card (with those on it) to a place the player chose; ``M``
        afterwards walks on from ``target`` through the places the card fit.

        Raises:
            IllegalMove: with the reason; nothing changes.
        """
        reason = self.refusal(source, index, target)
        if reason:
            raise IllegalMove(reason)
        places = self.all_destinations(source, index)
        later = tuple(places[places.index(target) + 1:]) if target in places else ()
        return self._transaction(label or self._move_label(source, index, target),
                                 lambda: self._carry(source, index, target, later))

    def again(self) -> Outcome:
        """``M``: move the last card moved on to its next place.

        Raises:
            IllegalMove: if no card has moved yet, it has no other place, or
                it cannot be moved from where it is now.
        """
        card, places = self._counters.again_card, self._counters.again_places
        if card is None:
            raise IllegalMove("M moves the last card moved again, but none has moved yet.")
        if not places:
            raise IllegalMove(f"{card} has no other place to go.")
        source, index = self._locate_again(card)
        reason = self.refusal(source, index, places[0])
        if reason:
            raise IllegalMove(reason)
        return self._transaction(f"move {card} again",
                                 lambda: self._carry(source, index, places[0], places[1:]))
