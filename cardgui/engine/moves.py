"""Moves as small frozen values with a text form that round-trips.

``Move(source, target, count)`` takes the top ``count`` cards of ``source`` and
lays them, in the same order, on ``target``.  Its text is ``T3>T6x2``;
``Move.parse(str(move)) == move`` always holds.  ``DEAL`` is the other thing a
player may do: deal or turn cards from the stock, as the game does when its
stock is clicked.  A ``Step`` is either; solvers and advisors answer in steps.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .piles import PileId

_MOVE_PATTERN = re.compile(r"^\s*([A-Za-z]\d+)\s*>\s*([A-Za-z]\d+)\s*(?:x\s*(\d+))?\s*$")


class IllegalMove(ValueError):
    """A move the rules refuse.  ``str()`` of it is the reason, in words for a player."""


@dataclass(frozen=True, slots=True)
class Move:
    """Move the top ``count`` cards of ``source`` onto ``target``."""

    source: PileId
    target: PileId
    count: int = 1

    def __post_init__(self) -> None:
        if self.count < 1:
            raise ValueError(f"a move takes at least one card, not {self.count}")

    def __str__(self) -> str:
        suffix = "" if self.count == 1 else f"x{self.count}"
        return f"{self.source}>{self.target}{suffix}"

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> "Move":
        """The move written as ``T3>T6x2`` (``x1`` may be left out).

        Raises:
            ValueError: if the text is not a move.
        """
        match = _MOVE_PATTERN.match(text)
        if not match:
            raise ValueError(f"{text!r} is not a move like T3>T6x2")
        count = int(match.group(3)) if match.group(3) else 1
        return cls(PileId.parse(match.group(1)), PileId.parse(match.group(2)), count)


@dataclass(frozen=True, slots=True)
class Deal:
    """Deal or turn cards from the stock, as the game does when it is clicked."""

    def __str__(self) -> str:
        return "deal"

    def __repr__(self) -> str:
        return "DEAL"


DEAL = Deal()

Step = Move | Deal
"""One thing a player does: move cards, or deal from the stock."""
