"""Outlines drawn over the table: where dragged cards would land, the
keyboard focus, a hint.  Each is a shape as well as a colour (a thick line,
dashed or not, around a card), so colour is never the only cue."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsPathItem, QGraphicsScene

from ..engine.game import Game
from ..engine.piles import PileId
from .focus import Focus
from .layout import Geometry
from .sprites import DRAG_Z

DROP_COLOUR = QColor(255, 215, 90)
FOCUS_COLOUR = QColor(120, 205, 255)
HELD_COLOUR = QColor(255, 160, 60)
HINT_COLOUR = QColor(255, 80, 210)
MARK_Z = DRAG_Z - 2              # above the cards on the table, below dragged ones


def card_box(geometry: Geometry, game: Game[Any], pile_id: PileId,
             index: int | None) -> QRectF:
    """The part of the table showing card ``index`` of a pile (the visible
    strip of a covered card in a fan), or the empty pile's place (None)."""
    pile = game.piles[pile_id]
    places = geometry.card_places(pile_id, pile)
    if index is None or not places:
        x, y = geometry.pile_origin(pile_id)
        return QRectF(x, y, geometry.card_width, geometry.card_height)
    index = min(index, len(places) - 1)
    place = places[index]
    height = float(geometry.card_height)
    if index + 1 < len(places) and places[index + 1].x == place.x:
        height = max(geometry.card_height * 0.12, places[index + 1].y - place.y)
    return QRectF(place.x, place.y, geometry.card_width, height)


class Outline(QGraphicsPathItem):
    """A rounded outline around one card's box, above the cards."""

    def __init__(self, colour: QColor, width: float, dashed: bool, z: float) -> None:
        super().__init__()
        pen = QPen(colour, width)
        pen.setStyle(Qt.PenStyle.DashLine if dashed else Qt.PenStyle.SolidLine)
        self.setPen(pen)
        self.setZValue(z)
        self.hide()

    def around(self, box: QRectF, radius: float) -> None:
        """Show the outline just outside ``box``."""
        grown = self.pen().widthF() / 2 + 1
        path = QPainterPath()
        path.addRoundedRect(box.adjusted(-grown, -grown, grown, grown), radius, radius)
        self.setPath(path)
        self.show()


Mark = tuple[PileId, int | None]      # a card (its pile and index), or a pile's top (-1)


class TableMarks:
    """The outlines over one scene's cards: the drop target of a drag (solid
    yellow), the keyboard focus (dashed blue), cards picked up with the
    keyboard (solid orange), and a hint: the cards to move (thick solid
    pink) and where they go (dotted pink).  Each remembers what it marks, so
    that the marks follow the cards when the table is laid out again."""

    def __init__(self, scene: QGraphicsScene) -> None:
        self.scene = scene
        self.drop = Outline(DROP_COLOUR, 3, dashed=False, z=MARK_Z)
        self.focus = Outline(FOCUS_COLOUR, 3, dashed=True, z=MARK_Z)
        self.held = Outline(HELD_COLOUR, 4, dashed=False, z=MARK_Z)
        self.hint_cards = Outline(HINT_COLOUR, 5, dashed=False, z=MARK_Z + 1)
        self.hint_target = Outline(HINT_COLOUR, 4, dashed=True, z=MARK_Z + 1)
        self.hint_target.setPen(QPen(HINT_COLOUR, 4, Qt.PenStyle.DotLine))
        self._marked: dict[Outline, Mark | None] = {}
        self.hint: tuple[PileId, int | None, PileId | None] | None = None

    def outlines(self) -> list[Outline]:
        return [self.drop, self.focus, self.held, self.hint_cards, self.hint_target]

    def detach(self) -> None:
        """Take every outline off the scene (before it is cleared), forgetting
        what they marked; they are kept for the next game."""
        for outline in self.outlines():
            if outline.scene() is self.scene:
                self.scene.removeItem(outline)
            outline.hide()
        self._marked = {}
        self.hint = None

    def show_drop_target(self, game: Game[Any], geometry: Geometry,
                         pile_id: PileId | None) -> None:
        """Outline the pile a dragged card would land on (None: no outline)."""
        mark = None if pile_id is None else (pile_id, -1)
        if mark == self._marked.get(self.drop) and (mark is None or self.drop.isVisible()):
            return      # asked on every mouse move of a drag: redrawn only when it changes
        self._mark(game, geometry, self.drop, mark)

    def show_focus(self, game: Game[Any], geometry: Geometry, focus: Focus | None,
                   held: Focus | None) -> None:
        """Outline the keyboard focus and the cards picked up with the
        keyboard; None hides either."""
        self._mark(game, geometry, self.focus, (focus.pile_id, focus.index) if focus else None)
        self._mark(game, geometry, self.held, (held.pile_id, held.index) if held else None)

    def show_hint(self, game: Game[Any], geometry: Geometry, source: PileId | None,
                  index: int | None = None, target: PileId | None = None) -> None:
        """Outline the cards of ``source`` from ``index`` up (the pile's top,
        or its place, when ``index`` is None) and the pile ``target`` they go
        to; ``source`` None hides the hint."""
        self.hint = (source, index, target) if source is not None else None
        self._mark(game, geometry, self.hint_cards,
                   (source, -1 if index is None else index) if source else None)
        self._mark(game, geometry, self.hint_target, (target, -1) if target else None)
        if source is not None and index is not None and self.hint_cards.isVisible():
            pile = game.piles[source]
            box = card_box(geometry, game, source, index)
            for above in range(index + 1, len(pile)):
                box = box.united(card_box(geometry, game, source, above))
            self.hint_cards.around(box, geometry.card_width * 0.06)

    def refresh(self, game: Game[Any], geometry: Geometry) -> None:
        """Mark again what each outline marks, where the cards now are."""
        for outline, mark in list(self._marked.items()):
            if outline not in (self.hint_cards, self.hint_target):
                self._mark(game, geometry, outline, mark)
        if self.hint is not None:
            self.show_hint(game, geometry, *self.hint)

    def _mark(self, game: Game[Any], geometry: Geometry, outline: Outline,
              mark: Mark | None) -> None:
        self._marked[outline] = mark
        if mark is None or mark[0] not in game.piles:
            outline.hide()
            return
        pile_id, index = mark
        if index == -1:                       # the pile's top card, or its place
            index = len(game.piles[pile_id]) - 1 if game.piles[pile_id] else None
        if outline.scene() is not self.scene:
            self.scene.addItem(outline)
        outline.around(card_box(geometry, game, pile_id, index), geometry.card_width * 0.06)
