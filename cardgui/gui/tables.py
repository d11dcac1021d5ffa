"""Each game's table: which pile sits where and how it fans.

Only placement: which moves are legal is the engine's business.
"""

from __future__ import annotations

from typing import Any, Callable

from ..engine.cards import SUITS
from ..engine.game import Game
from ..engine.games.klondike import HAND, PILE, top_of
from ..engine.piles import Role
from .layout import Fan, Spot, TableLayout


def klondike_table(game: Game[Any]) -> TableLayout:
    """The hand and the pile at the top left, the four tops at the top right,
    the stacks below (seven, or up to ten with the hidden command)."""
    stacks = game.pile_ids(Role.TABLEAU)
    columns = max(7, len(stacks))
    spots = {HAND: Spot(0, 0, marker="redeal"),
             PILE: Spot(1, 0, Fan.RIGHT, marker="empty", fan_last=3)}
    for number, suit in enumerate(SUITS):
        spots[top_of(suit)] = Spot(columns - 4 + number, 0, marker=f"foundation-{suit.letter}")
    for number, stack in enumerate(stacks):
        spots[stack] = Spot(number, 1, Fan.DOWN, marker="empty-K", badge=True,
                            label=str(stack.index))
    return TableLayout(spots, columns=columns, rows=3.9)


TABLES: dict[str, Callable[[Game[Any]], TableLayout]] = {
    "klondike": klondike_table,
}
