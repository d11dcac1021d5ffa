"""The book's ``M`` ("move same card again"), a feature a game opts into.

A game that has ``M`` derives from ``MovesAgain`` and keeps two counters,
``again_card`` and ``again_places``.  Every move through the base game's one
checked ``move`` then remembers the card moved and the places it fits after the
one it went to, in the game's own order (``all_destinations``); ``again``
moves it, with the cards on it, on to the next of them through that same
``move``.  The memory lives in the counters, so undo puts it back too.

As in the book's ``playcard``, which empties its list of places before it
looks for any, a card that may be picked up but has nowhere to go leaves
nothing for ``M`` (see ``Game.play``); and a card that went to its last place
(the top, in Klondike) has no next place either.
"""

from __future__ import annotations

import abc
from typing import Protocol, TypeVar

from .cards import Card
from .game import Game
from .moves import IllegalMove
from .outcome import Outcome
from .piles import PileId


class AgainCounters(Protocol):
    """Counters of a game with ``M``: the moves made and ``M``'s memory."""

    @property
    def moves(self) -> int: ...

    @property
    def again_card(self) -> Card | None: ...

    @property
    def again_places(self) -> tuple[PileId, ...]: ...


AgainCountersT = TypeVar("AgainCountersT", bound=AgainCounters)


class MovesAgain(Game[AgainCountersT]):
    """A game with the book's ``M``.  It provides ``all_destinations`` (every
    place a card fits, in order) and ``_locate_again`` (where the remembered
    card lies now); its counters have ``again_card`` and ``again_places``."""

    @abc.abstractmethod
    def all_destinations(self, source: PileId, index: int) -> list[PileId]:
        """Every place the card fits, in the game's order."""

    @abc.abstractmethod
    def _locate_again(self, card: Card) -> tuple[PileId, int]:
        """Where the card to move again lies now.

        Raises:
            IllegalMove: if it can no longer be moved (gone up, say).
        """

    def _places_after(self, source: PileId, index: int,
                      target: PileId) -> tuple[PileId, ...] | None:
        places = self.all_destinations(source, index)
        return tuple(places[places.index(target) + 1:]) if target in places else ()

    def _remember_places(self, card: Card, next_places: tuple[PileId, ...] | None) -> None:
        if next_places is not None:
            self._set_counters(again_card=card, again_places=next_places)

    def _forget_places(self) -> None:
        self._set_counters(again_card=None, again_places=())

    def again(self) -> Outcome:
        """``M``: move the last card moved on to its next place.

        Raises:
            IllegalMove: if no card is remembered, it has no other place, or
                it cannot be moved from where it is now.
        """
        card, places = self._counters.again_card, self._counters.again_places
        if card is None:
            raise IllegalMove("There is no card for M to move again: none has moved yet, "
                              "or the last play found no place for its card.")
        if not places:
            raise IllegalMove(f"{card} has no other place to go.")
        source, index = self._locate_again(card)
        return self.move(source, index, places[0], label=f"move {card} again",
                         next_places=places[1:])
