"""What the window needs to know about a game beyond its rules: where its piles
sit, its rules page, notes for the command panel, extra things drawn on the
table (labels, a cursor), and the options a player may set."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Protocol

from ..engine.game import Game
from .layout import TableLayout

if TYPE_CHECKING:
    from .scene import TableScene


BestScore = Callable[[Game[Any]], "int | None"]
"""The best score recorded so far for a game's id and variant (None before any):
the window gives one to a table's decorations when it makes them."""


class Decorations(Protocol):
    """Extra items a game draws on the table (hand names beside rows, a cursor,
    the rank a foundation needs next).  They show state; they decide nothing."""

    def update(self, scene: "TableScene", game: Game[Any], keys: Any) -> None:
        """Bring the items up to date with the game, its keys and the geometry."""


@dataclass(frozen=True)
class OptionSpec:
    """A game option the player sets from the Game menu.

    ``choices`` empty means an on/off option; otherwise (label, value) pairs.
    ``now`` says whether it changes the game in play or only the next ones.
    """

    name: str
    label: str
    default: Any
    choices: tuple[tuple[str, Any], ...] = ()
    now: bool = True


@dataclass(frozen=True)
class TableSpec:
    """``decorations``, if any, makes a game's decorations from the window's
    best-score lookup."""

    layout: Callable[[Game[Any]], TableLayout]
    rules: str = ""
    notes: tuple[str, ...] = ()
    decorations: Callable[[BestScore], Decorations] | None = None
    options: tuple[OptionSpec, ...] = ()
