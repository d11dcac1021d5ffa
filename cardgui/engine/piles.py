"""Piles: their roles, their names, and the cards in them.

A pile is an immutable value: its cards from bottom to top and how many of the
bottom ones lie face down.  Games keep a mapping from ``PileId`` to ``Pile`` and
replace a pile's value when it changes, so earlier values can be kept for undo
for free.
"""

from __future__ import annotations

import enum
import functools
import re
from dataclasses import dataclass
from typing import Sequence

from .cards import Card


class Role(enum.Enum):
    """What a pile is for.  The value is the one-letter code in pile names."""

    STOCK = "S"        # the book's "hand": face down, dealt from
    WASTE = "W"        # the book's "pile": dealt onto, top card playable
    FOUNDATION = "F"   # the book's "top": built up, the goal
    TABLEAU = "T"      # the book's "stacks", FreeCell's columns
    CELL = "C"         # FreeCell's free cells
    GRID = "G"         # Poker Squares' cells


_PILE_ID_PATTERN = re.compile(r"^([A-Z])(\d+)$")
_PILE_IDS: dict[tuple[str, int], "PileId"] = {}


@functools.total_ordering
@dataclass(frozen=True, slots=True, eq=False)
class PileId:
    """A pile's stable name: a role and a number counted from 1 (``T3``).

    There is one object for each name: ``PileId(Role.TABLEAU, 3)`` is the
    same object every time, so two pile ids are equal exactly when they are
    the same object, and equality and hashing are the interpreter's own
    (pile ids are dictionary keys on every move: a hash written in Python
    was a tenth of what a replayed FreeCell move cost)."""

    role: Role
    index: int

    def __new__(cls, role: Role, index: int) -> PileId:
        name = (role.value, index)
        known = _PILE_IDS.get(name)
        if known is None:
            known = _PILE_IDS[name] = object.__new__(cls)
        return known

    def __reduce__(self) -> tuple[type[PileId], tuple[Role, int]]:
        # Rebuilt, not copied: the one object of its name in this process.
        return PileId, (self.role, self.index)

    def __str__(self) -> str:
        return f"{self.role.value}{self.index}"

    def __repr__(self) -> str:
        return f"PileId.parse({str(self)!r})"

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, PileId):
            return NotImplemented
        return (self.role.value, self.index) < (other.role.value, other.index)

    @classmethod
    def parse(cls, text: str) -> "PileId":
        """The pile named ``text``, as written by ``str()``: ``T3``, ``F1``, ``S1``.

        Raises:
            ValueError: if the text names no pile.
        """
        match = _PILE_ID_PATTERN.match(text.strip().upper())
        if not match:
            raise ValueError(f"{text!r} is not a pile name like T3 or F1")
        try:
            role = Role(match.group(1))
        except ValueError:
            raise ValueError(f"{text!r}: no pile role is called {match.group(1)}") from None
        return cls(role, int(match.group(2)))


def stock() -> PileId:
    return PileId(Role.STOCK, 1)


def waste() -> PileId:
    return PileId(Role.WASTE, 1)


def foundation(number: int) -> PileId:
    return PileId(Role.FOUNDATION, number)


def tableau(number: int) -> PileId:
    return PileId(Role.TABLEAU, number)


def cell(number: int) -> PileId:
    return PileId(Role.CELL, number)


@dataclass(frozen=True, slots=True)
class Pile:
    """Cards from bottom to top; the bottom ``hidden`` of them lie face down."""

    cards: tuple[Card, ...] = ()
    hidden: int = 0

    def __post_init__(self) -> None:
        if not 0 <= self.hidden <= len(self.cards):
            raise ValueError(f"a pile of {len(self.cards)} cards cannot hide {self.hidden}")

    @classmethod
    def face_up(cls, cards: Sequence[Card]) -> "Pile":
        return cls(tuple(cards), 0)

    @classmethod
    def face_down(cls, cards: Sequence[Card]) -> "Pile":
        return cls(tuple(cards), len(cards))

    def __len__(self) -> int:
        return len(self.cards)

    @property
    def is_empty(self) -> bool:
        return not self.cards

    @property
    def top(self) -> Card | None:
        """The card on top, or None when the pile is empty."""
        return self.cards[-1] if self.cards else None

    @property
    def shown(self) -> tuple[Card, ...]:
        """The face-up cards, bottom to top."""
        return self.cards[self.hidden:]

    @property
    def concealed(self) -> tuple[Card, ...]:
        """The face-down cards, bottom to top."""
        return self.cards[:self.hidden]

    def is_face_up(self, index: int) -> bool:
        return self.hidden <= index < len(self.cards)

    def index_of(self, card: Card) -> int | None:
        """Where ``card`` lies in this pile (0 is the bottom), or None."""
        try:
            return self.cards.index(card)
        except ValueError:
            return None

    def plus(self, cards: Sequence[Card]) -> "Pile":
        """This pile with ``cards`` laid face up on top."""
        pile = _new(Pile)       # made unchecked: see _new below
        _set(pile, "cards", self.cards + tuple(cards))
        _set(pile, "hidden", self.hidden)
        return pile

    def split(self, index: int) -> tuple["Pile", tuple[Card, ...]]:
        """Take the cards from ``index`` to the top: (the pile left, the cards taken).

        The hidden count shrinks with the pile; it does not turn a card up.
        """
        rest = self.cards[:index]
        pile = _new(Pile)       # made unchecked: see _new below
        _set(pile, "cards", rest)
        _set(pile, "hidden", min(self.hidden, len(rest)))
        return pile, self.cards[index:]

    def turned_up(self) -> "Pile":
        """This pile with its top card face up (unchanged if it already is)."""
        if self.cards and self.hidden == len(self.cards):
            return Pile(self.cards, self.hidden - 1)
        return self


# How ``plus`` and ``split`` make their piles: a pile's cards with some
# taken off or laid on, never more hidden than there are cards, need no
# check, and every move makes two piles (checking them again took a third
# of the time making one takes).
_new = object.__new__
_set = object.__setattr__
