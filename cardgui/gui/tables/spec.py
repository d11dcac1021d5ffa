"""What the window needs to know about a game beyond its rules: where its piles
sit, its rules page, notes for the command panel, and extra things drawn on
the table (labels, a cursor).  A game's registry entry names its spec."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Generic, Protocol, TypeVar

from ...engine.game import Game
from ..layout import TableLayout

if TYPE_CHECKING:
    from ..scene import TableScene


BestScore = Callable[[Game[Any]], "int | None"]
"""The best score recorded so far for a game's id and variant (None before any):
the window gives one to a table's decorations when it makes them."""


class Decorations(Protocol):
    """Extra items a game draws on the table (hand names beside rows, a cursor,
    the rank a foundation needs next), made for one game and its keys.  They
    show state; they decide nothing."""

    def update(self, scene: "TableScene") -> None:
        """Bring the items up to date with the game, its keys and the geometry."""


GameT = TypeVar("GameT", bound=Game[Any])
KeysT = TypeVar("KeysT")


@dataclass(frozen=True)
class TableSpec(Generic[GameT, KeysT]):
    """A game's table: where its piles sit for a game in play, its rules page,
    notes for the command panel, and ``decorations``, if any, which makes the
    decorations for a game, its keys and the window's best-score lookup."""

    layout: Callable[[GameT], TableLayout]
    rules: str = ""
    notes: tuple[str, ...] = ()
    decorations: Callable[[GameT, KeysT, BestScore], Decorations] | None = None
