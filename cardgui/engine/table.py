"""A table of piles with counters and undo: the part of every game that
changes, kept apart from the rules that decide what may change.

Piles are immutable values kept by id; a change replaces a pile's value.
Every change runs inside ``_transaction``: one gesture, one undo entry, all
or nothing.  ``undo`` and ``redo`` put recorded values back.
"""

from __future__ import annotations

import copy as copy_module
import dataclasses
from typing import Any, Callable, Generic, Mapping, Protocol, Self, TypeVar

from .cards import Card
from .history import Entry, History, entry_between, put_back
from .moves import IllegalMove
from .outcome import Outcome
from .piles import Pile, PileId, Role


class Counters(Protocol):
    """What every game's counters hold: at least the number of moves made."""

    @property
    def moves(self) -> int: ...


CountersT = TypeVar("CountersT", bound=Counters)




class UndoableTable(Generic[CountersT]):
    """Piles by id, counters, and the history that undoes changes to both."""

    def __init__(self, deal: int, piles: Mapping[PileId, Pile], counters: CountersT) -> None:
        self.deal_number = deal
        self._piles: dict[PileId, Pile] = dict(piles)
        self._counters: CountersT = counters
        self.history: History[CountersT] = History()
        self.is_scratch = False       # a copy for reading a line ahead (see ``scratch``)

    # -- reading the layout ------------------------------------------------

    @property
    def piles(self) -> Mapping[PileId, Pile]:
        """Every pile, by its id.  Read only: change piles through moves."""
        return self._piles

    @property
    def counters(self) -> CountersT:
        return self._counters

    def pile(self, pile_id: PileId) -> Pile:
        """The pile called ``pile_id``.

        Raises:
            IllegalMove: if this game has no such pile.
        """
        try:
            return self._piles[pile_id]
        except KeyError:
            raise IllegalMove(f"There is no pile {pile_id} in this game.") from None

    def pile_ids(self, role: Role) -> list[PileId]:
        """The ids of the piles with ``role``, in order."""
        return sorted((pile_id for pile_id in self._piles if pile_id.role is role),
                      key=_by_index)

    def all_cards(self) -> list[Card]:
        """Every card on the table, pile by pile (for checking that none is lost)."""
        return [card for pile_id in sorted(self._piles) for card in self._piles[pile_id].cards]

    @property
    def moves_made(self) -> int:
        return self._counters.moves

    def _transfer(self, source: PileId, index: int, target: PileId) -> tuple[Card, ...]:
        """Move cards without checking; the source's hidden count shrinks if needed."""
        rest, cards = self._piles[source].split(index)
        self._piles[source] = rest
        self._piles[target] = self._piles[target].plus(cards)
        return cards

    def _set_counters(self, **changes: Any) -> None:
        self._counters = dataclasses.replace(self._counters, **changes)  # type: ignore[type-var]

    def _transaction(self, label: str, action: Callable[[], str | None]) -> Outcome:
        """Run ``action`` as one gesture: one undo entry, all or nothing.

        A gesture that changed any pile counts as one move and is one undo
        entry; one that moved no card changes at most the counters (``M``'s
        memory, say) and leaves nothing to undo.

        Raises:
            IllegalMove: whatever ``action`` raised, after restoring every pile
                and counter to its state before the gesture.
        """
        piles_before = dict(self._piles)
        counters_before = self._counters
        try:
            message = action()
        except BaseException:
            self._piles = piles_before
            self._counters = counters_before
            raise
        if self.is_scratch:
            return Outcome(message=message or "")
        moved = self._piles.keys() != piles_before.keys() or any(
            self._piles.get(pile_id) is not pile for pile_id, pile in piles_before.items())
        if not moved:
            return Outcome(message=message or "")
        self._set_counters(moves=self._counters.moves + 1)
        entry = entry_between(label, piles_before, self._piles,
                              counters_before, self._counters)
        assert entry is not None      # a pile changed
        self.history.record(entry)
        return Outcome(entry.changed, message or "")

    # -- undo and redo ---------------------------------------------------------

    @property
    def can_undo(self) -> bool:
        return self.history.can_undo

    @property
    def can_redo(self) -> bool:
        return self.history.can_redo

    def undo(self) -> Outcome:
        """Take back the last gesture exactly.

        Raises:
            IllegalMove: when there is nothing to undo.
        """
        entry = self.history.take_undo()
        put_back(self._piles, entry.before)
        self._counters = entry.counters_before
        return Outcome(entry.changed, f"Undid {entry.label}.")

    def redo(self) -> Outcome:
        """Do again the last gesture undone.

        Raises:
            IllegalMove: when there is nothing to redo.
        """
        entry = self.history.take_redo()
        put_back(self._piles, entry.after)
        self._counters = entry.counters_after
        return Outcome(entry.changed, f"Redid {entry.label}.")

    # -- snapshots -------------------------------------------------------------

    def detached(self) -> Self:
        """A copy in the same position with no history: small to send to a
        solver in another process, and changing it changes nothing here."""
        copy = copy_module.copy(self)
        copy._piles = dict(self._piles)
        copy.history = History()
        return copy

    def scratch(self) -> Self:
        """A copy to read a line ahead on (a solver's line checked, written in
        notation, followed): the same position, whose changes are made by the
        same checked moves but keep no undo entry, count no move and (in a
        game with the book's ``M``) leave ``M`` nothing, which is most of what
        a checked move costs besides the rules.  What a scratch copy says of
        its moves is nothing (``Outcome.changed`` empty)."""
        copy = self.detached()
        copy.is_scratch = True
        return copy

    def state(self) -> tuple[tuple[tuple[PileId, Pile], ...], CountersT]:
        """The whole position as one comparable value (for tests and saves)."""
        return tuple(sorted(self._piles.items())), self._counters

    def restore_state(self, piles: Mapping[PileId, Pile], counters: CountersT,
                      done: list[Entry[CountersT]], undone: list[Entry[CountersT]]) -> None:
        """Take up a position and its history as a checkpoint recorded them;
        the caller has checked that each entry keeps the cards it moves.

        Raises:
            ValueError: if the position does not hold the cards this table
                holds, each once.
        """
        if sorted(card for pile in piles.values() for card in pile.cards) != sorted(
                self.all_cards()):
            raise ValueError("the checkpoint does not hold this deal's cards, each once")
        self._piles, self._counters = dict(piles), counters
        self.history.restore(done, undone)


def _by_index(pile_id: PileId) -> int:
    return pile_id.index
