"""Undo and redo: one entry per gesture, holding the prior state of what it touched.

An entry keeps, for every pile the gesture touched, its value before and after
(``None`` when the pile did not exist), and the game's counters before and
after.  Undo puts the "before" values back; redo puts the "after" values back.
Piles are immutable values, so keeping them costs no copying.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, Mapping, MutableMapping, TypeVar

from .moves import IllegalMove
from .piles import Pile, PileId

CountersT = TypeVar("CountersT")


@dataclass(frozen=True, slots=True)
class Entry(Generic[CountersT]):
    """What one gesture changed."""

    label: str
    before: tuple[tuple[PileId, Pile | None], ...]
    after: tuple[tuple[PileId, Pile | None], ...]
    counters_before: CountersT
    counters_after: CountersT

    @property
    def changed(self) -> frozenset[PileId]:
        return frozenset(pile_id for pile_id, _ in self.before)


def entry_between(label: str,
                  before: Mapping[PileId, Pile], after: Mapping[PileId, Pile],
                  counters_before: CountersT, counters_after: CountersT,
                  ) -> Entry[CountersT] | None:
    """The entry that turns ``before`` into ``after``, or None if nothing changed."""
    touched = sorted((pile_id for pile_id in before.keys() | after.keys()
                      if before.get(pile_id) is not after.get(pile_id)
                      and before.get(pile_id) != after.get(pile_id)), key=str)
    if not touched and counters_before == counters_after:
        return None
    return Entry(label,
                 tuple((pile_id, before.get(pile_id)) for pile_id in touched),
                 tuple((pile_id, after.get(pile_id)) for pile_id in touched),
                 counters_before, counters_after)


def put_back(piles: MutableMapping[PileId, Pile],
             values: tuple[tuple[PileId, Pile | None], ...]) -> None:
    """Set each named pile to its recorded value, removing those recorded as absent."""
    for pile_id, pile in values:
        if pile is None:
            piles.pop(pile_id, None)
        else:
            piles[pile_id] = pile


class History(Generic[CountersT]):
    """Unlimited undo and redo.  Recording a new entry clears what could be redone."""

    def __init__(self) -> None:
        self._done: list[Entry[CountersT]] = []
        self._undone: list[Entry[CountersT]] = []

    @property
    def can_undo(self) -> bool:
        return bool(self._done)

    @property
    def can_redo(self) -> bool:
        return bool(self._undone)

    def __len__(self) -> int:
        return len(self._done)

    @property
    def next_undo_label(self) -> str | None:
        return self._done[-1].label if self._done else None

    def record(self, entry: Entry[CountersT]) -> None:
        self._done.append(entry)
        self._undone.clear()

    def take_undo(self) -> Entry[CountersT]:
        """The entry to undo, moved to the redo list.

        Raises:
            IllegalMove: when there is nothing to undo.
        """
        if not self._done:
            raise IllegalMove("There is nothing to undo.")
        entry = self._done.pop()
        self._undone.append(entry)
        return entry

    def take_redo(self) -> Entry[CountersT]:
        """The entry to redo, moved back to the undo list.

        Raises:
            IllegalMove: when there is nothing to redo.
        """
        if not self._undone:
            raise IllegalMove("There is nothing to redo.")
        entry = self._undone.pop()
        self._done.append(entry)
        return entry

    def snapshot(self) -> tuple[tuple[Entry[CountersT], ...], tuple[Entry[CountersT], ...]]:
        """(what undo would take back, oldest first; what redo would put back,
        next last): enough to rebuild this history with ``restore``."""
        return tuple(self._done), tuple(self._undone)

    def restore(self, done: list[Entry[CountersT]], undone: list[Entry[CountersT]]) -> None:
        """Take up a history ``snapshot`` gave (after checking it belongs)."""
        self._done, self._undone = list(done), list(undone)
