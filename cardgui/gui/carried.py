"""The cards of a drag, carried as one picture while they follow the pointer.

A dragged run overlaps itself: drawn card by card, every frame of the drag
blends each card's whole pixmap, most of it hidden under the next card.
Carried as one pixmap, a frame blends the run's outline once, so a twelve-card
run costs a frame about what one card does.  When the drag ends the cards are
put down where the picture is, and the scene moves them on from there.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainter, QPixmap
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPixmapItem, QGraphicsScene

from .layout import Rect
from .sprites import DRAG_Z, CardSprite


class CarriedCards:
    """``sprites`` (a pile's cards from the one picked up, bottom first)
    lifted above the table, grabbed at scene point ``point``."""

    def __init__(self, scene: QGraphicsScene, sprites: list[CardSprite], point: QPointF) -> None:
        self.sprites = sprites
        outline = QRectF()
        for sprite in sprites:
            outline = outline.united(sprite.sceneBoundingRect())
        self._offsets = [sprite.pos() - outline.topLeft() for sprite in sprites]
        self._card_size = sprites[0].boundingRect().size()
        self.item: QGraphicsItem = sprites[0]
        if len(sprites) > 1:
            self.item = self._picture(scene, sprites, outline)
            for sprite in sprites:
                sprite.hide()
        self.item.setZValue(DRAG_Z)
        self._grab = self.item.pos() - point

    def _picture(self, scene: QGraphicsScene, sprites: list[CardSprite],
                 outline: QRectF) -> QGraphicsPixmapItem:
        """One pixmap of the run as it lies, placed where it lies in ``scene``."""
        ratio = sprites[0].pixmap().devicePixelRatio()
        picture = QPixmap(math.ceil(outline.width() * ratio), math.ceil(outline.height() * ratio))
        picture.setDevicePixelRatio(ratio)
        picture.fill(Qt.GlobalColor.transparent)
        painter = QPainter(picture)
        for sprite, offset in zip(sprites, self._offsets):
            painter.drawPixmap(offset, sprite.pixmap())
        painter.end()
        # Made by the scene, not constructed here: an item Python constructs
        # asks Python whether it overrides each virtual call, on every frame.
        item = scene.addPixmap(picture)
        item.setShapeMode(QGraphicsPixmapItem.ShapeMode.BoundingRectShape)
        item.setTransformationMode(Qt.TransformationMode.FastTransformation)
        item.setPos(outline.topLeft())
        return item

    def follow(self, point: QPointF) -> None:
        """Move the cards with the pointer, now at scene point ``point``."""
        self.item.setPos(point + self._grab)

    def first_card(self) -> Rect:
        """Where the card picked up is now, in scene coordinates."""
        place = self.item.pos() + self._offsets[0]
        return Rect(place.x(), place.y(), self._card_size.width(), self._card_size.height())

    def put_down(self) -> None:
        """Show the cards themselves where the picture is, still above the
        table (the scene then moves them to their places).  Doing it twice
        does nothing more."""
        if self.item is self.sprites[0] or self.item.scene() is None:
            return
        origin = self.item.pos()
        for number, (sprite, offset) in enumerate(zip(self.sprites, self._offsets)):
            sprite.setPos(origin + offset)
            sprite.setZValue(DRAG_Z + number)
            sprite.show()
        self.item.scene().removeItem(self.item)
