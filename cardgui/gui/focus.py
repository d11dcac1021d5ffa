"""The keyboard focus on the table: which pile, and which card of it, the
arrow keys and Tab have reached.  Plain geometry of the game's table layout;
no Qt, no rules.

Left and Right, and Tab and Shift+Tab, go from pile to pile in reading order
(the layout's rows, top to bottom, each left to right).  Up and Down go from
card to card within a fanned pile's face-up cards, and past its ends to the
nearest pile in the row above or below.  On a pile the focus rests on its top
card, or on the pile itself when it is empty.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine.game import Game
from ..engine.piles import PileId
from .layout import Fan, TableLayout

DIRECTIONS = ("Left", "Right", "Up", "Down", "Tab", "Backtab")


@dataclass(frozen=True, slots=True)
class Focus:
    """A pile, and the card of it (``index``; None on an empty pile)."""

    pile_id: PileId
    index: int | None


def reading_order(layout: TableLayout) -> list[PileId]:
    """The piles of a layout in reading order: rows top to bottom, each left
    to right."""
    return sorted(layout.spots, key=lambda pile_id: (layout.spots[pile_id].row,
                                                     layout.spots[pile_id].column))


def resting(game: Game[Any], pile_id: PileId) -> Focus:
    """The focus on a pile: its top card, or the pile itself when empty."""
    count = len(game.piles[pile_id])
    return Focus(pile_id, count - 1 if count else None)


def first(game: Game[Any], layout: TableLayout) -> Focus:
    """Where the focus starts: the first pile, in reading order, that holds a
    face-up card (else the first pile)."""
    order = reading_order(layout)
    for pile_id in order:
        pile = game.piles[pile_id]
        if pile.cards and pile.is_face_up(len(pile) - 1):
            return resting(game, pile_id)
    return resting(game, order[0])


def settle(game: Game[Any], layout: TableLayout, focus: Focus | None) -> Focus:
    """``focus`` kept valid after the game changed: on its pile if the pile is
    still there (on the same card if it still lies there face up, else on the
    top card), else where the focus starts."""
    if focus is None or focus.pile_id not in layout.spots or focus.pile_id not in game.piles:
        return first(game, layout)
    pile = game.piles[focus.pile_id]
    if focus.index is not None and focus.index < len(pile) and pile.is_face_up(focus.index):
        return focus
    return resting(game, focus.pile_id)


def moved(game: Game[Any], layout: TableLayout, focus: Focus | None, direction: str) -> Focus:
    """Where the focus goes from ``focus`` (None: not yet placed) for one of
    ``DIRECTIONS``."""
    if focus is None:
        return first(game, layout)
    focus = settle(game, layout, focus)
    order = reading_order(layout)
    here = order.index(focus.pile_id)
    if direction in ("Right", "Tab"):
        return resting(game, order[(here + 1) % len(order)])
    if direction in ("Left", "Backtab"):
        return resting(game, order[(here - 1) % len(order)])
    pile = game.piles[focus.pile_id]
    fanned = layout.spots[focus.pile_id].fan is Fan.DOWN
    if direction == "Up":
        if fanned and focus.index is not None and focus.index > pile.hidden:
            return Focus(focus.pile_id, focus.index - 1)
        return resting(game, _neighbour(layout, focus.pile_id, -1))
    if fanned and focus.index is not None and focus.index < len(pile) - 1:
        return Focus(focus.pile_id, focus.index + 1)
    target = _neighbour(layout, focus.pile_id, +1)
    if target == focus.pile_id:
        return focus
    spot = layout.spots[target]
    count = len(game.piles[target])
    if spot.fan is Fan.DOWN and count:    # into a fan from above: its first face-up card
        return Focus(target, min(game.piles[target].hidden, count - 1))
    return resting(game, target)


def _neighbour(layout: TableLayout, pile_id: PileId, step: int) -> PileId:
    """The pile in the row above (``step`` -1) or below (+1) nearest in column;
    ``pile_id`` itself when there is none."""
    spots = layout.spots
    here = spots[pile_id]
    rows = sorted({spot.row for spot in spots.values()})
    at = rows.index(here.row) + step
    if not 0 <= at < len(rows):
        return pile_id
    candidates = [other for other, spot in spots.items() if spot.row == rows[at]]
    return min(candidates, key=lambda other: (abs(spots[other].column - here.column),
                                              spots[other].column))
