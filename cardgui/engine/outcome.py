"""What a gesture did, and how a game ended."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Iterable

from .cards import Card
from .piles import PileId


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a gesture did: the piles it changed and a word for the player."""

    changed: frozenset[PileId] = frozenset()
    message: str = ""

    @property
    def did_anything(self) -> bool:
        return bool(self.changed)


class Ending(enum.Enum):
    """How a game ended."""

    WON = "won"
    NO_MOVES = "no move left"     # not won, and no card can ever move again
    FINISHED = "finished"         # a game played for a score, over with its final score


def played_up(cards: Iterable[Card]) -> str:
    """``"Played up 2H 2S."``, or ``""`` when no card went up."""
    names = " ".join(card.name for card in cards)
    return f"Played up {names}." if names else ""
