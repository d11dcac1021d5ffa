"""The book's ``M`` ("move same card again"): a memory a game keeps.

A game with ``M`` (Klondike, FreeCell) keeps an ``AgainMemory`` in its
counters, so undo puts it back with the rest.  Every checked move remembers
the card moved and the places it fits after the one it went to, in the
game's own order (``after_move``); ``M`` moves the card on to the first of
them and remembers the rest (``next_place``).

As in the book's ``playcard``, which empties its list of places before it
looks for any, a card that may be picked up but has nowhere to go leaves
nothing for ``M`` (``FORGOTTEN``); and a card that went to its last place
(the top, in Klondike) has no next place either.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from .cards import Card
from .moves import IllegalMove
from .piles import PileId


@dataclass(frozen=True, slots=True)
class AgainMemory:
    """What ``M`` moves: the card last moved, and the places it fits after
    the one it went to, in order."""

    card: Card | None = None
    places: tuple[PileId, ...] = ()

    @classmethod
    def after_move(cls, card: Card, fitting: Sequence[PileId], target: PileId) -> AgainMemory:
        """The memory after ``card`` went to ``target``, where ``fitting`` are
        all the places it fitted before it moved, in the game's order."""
        if target not in fitting:
            return cls(card)
        return cls(card, tuple(fitting[fitting.index(target) + 1:]))

    def next_place(self) -> tuple[Card, PileId, AgainMemory]:
        """The card ``M`` moves, where to, and the memory once it has.

        Raises:
            IllegalMove: if no card is remembered, or it has no other place.
        """
        if self.card is None:
            raise IllegalMove("There is no card for M to move again: none has moved yet, "
                              "or the last play found no place for its card.")
        if not self.places:
            raise IllegalMove(f"{self.card} has no other place to go.")
        return self.card, self.places[0], AgainMemory(self.card, self.places[1:])


FORGOTTEN = AgainMemory()
