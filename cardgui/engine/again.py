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
    """Checked ``move``, ``play`` and ``again`` that keep the memory for ``M``.

    A game using it provides ``all_destinations`` (every place a card fits, in
    order), ``destinations`` (where a typed name sends it), ``_carry`` (move
    without checking, do the follow-ups, set the memory) and ``_locate_again``.
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

    def move(self, source: PileId, index: int, target: PileId) -> Outcome:
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
        return self._transaction(f"move {self._piles[source].cards[index]}",
                                 lambda: self._carry(source, index, target, later))

    def play(self, source: PileId, index: int) -> Outcome:
        """Send the card to its first place in ``destinations``.

        Raises:
            IllegalMove: if the card cannot be picked up or has nowhere to go.
        """
        reason = self.pick_up_refusal(source, index)
        if reason:
            raise IllegalMove(reason)
        card = self._piles[source].cards[index]
        places = self.destinations(source, index)
        if not places:
            raise IllegalMove(self._nowhere_to_go(card))
        return self._transaction(f"play {card}",
                                 lambda: self._carry(source, index, places[0], tuple(places[1:])))

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
