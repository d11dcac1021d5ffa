"""Where a game's piles sit on a table, in card slots: a plan any front end
can draw, with the game's rules page and its notes for the command panel.

Plain data, no toolkit: a game's package can say how its table looks without
importing Qt, and the window turns the plan into pixels (``gui/layout.py``).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any, Callable, Generic, Mapping, TypeVar

from .piles import PileId


class Fan(enum.Enum):
    NONE = "none"       # a neat pile: only the top card shows
    DOWN = "down"       # a tableau stack: every card's top strip shows
    RIGHT = "right"     # the draw-three pile: the last few cards fan sideways


@dataclass(frozen=True, slots=True)
class Spot:
    """Where one pile sits: column and row in slots, how it fans, its marker."""

    column: float
    row: float
    fan: Fan = Fan.NONE
    marker: str = "empty"
    fan_last: int = 3           # for Fan.RIGHT: how many top cards fan out
    badge: bool = False         # show the number of face-down cards
    label: str = ""             # shown just above the pile (a stack's number)
    z: float = 0.0              # where spots overlap (a pyramid's rows), higher lies on top


@dataclass(frozen=True, slots=True)
class TableLayout:
    """A game's table: its spots, and how many slots wide and card-heights tall
    it needs (fans included) so the card size can be chosen to fit."""

    spots: Mapping[PileId, Spot]
    columns: float
    rows: float


GameT = TypeVar("GameT")
KeysT = TypeVar("KeysT")


@dataclass(frozen=True)
class TableSpec(Generic[GameT, KeysT]):
    """A game's table: where its piles sit for a game in play, its rules page
    (HTML), notes for the command panel, and ``decorations``, if any: what
    makes the extra things a window draws for a game, its keys and the
    window's best-score lookup (labels beside Poker Squares' rows, say).
    Decorations are the window's business and may use its toolkit; the rest
    is plain data."""

    layout: Callable[[GameT], TableLayout]
    rules: str = ""
    notes: tuple[str, ...] = ()
    decorations: Callable[[GameT, KeysT, Callable[[Any], "int | None"]], Any] | None = None
