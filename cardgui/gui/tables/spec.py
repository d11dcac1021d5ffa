"""What the window adds to a game's table plan (``engine/table_plan.py``):
the decorations it draws for some games (labels, a cursor), and the
best-score lookup it gives them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Protocol

from ...engine.game import Game

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
