"""What the table scene draws: a sprite per card, the pill counting a stack's
face-down cards, and a pile's label."""

from __future__ import annotations

import math

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen, QPixmap
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPixmapItem, QGraphicsSimpleTextItem

from ..engine.cards import Card
from ..engine.piles import PileId

DRAG_Z = 10_000      # dragged cards travel above everything else


class CardSprite(QGraphicsPixmapItem):
    """A card on the table; knows which card it is and where the engine has it."""

    def __init__(self, card: Card) -> None:
        super().__init__()
        self.card = card
        self.pile_id: PileId | None = None
        self.index = 0
        self.face_up = False
        self.rendered_width = 0        # the card width its pixmap was made for
        self.setShapeMode(QGraphicsPixmapItem.ShapeMode.BoundingRectShape)
        self.setTransformationMode(Qt.TransformationMode.FastTransformation)


class CountBadge(QGraphicsPixmapItem):
    """A pill on a stack's face-down cards saying how many there are.

    It is a picture drawn once per text and size, not an item that paints
    itself: a drag repaints the badges it passes over on every frame, and a
    pixmap is copied without calling back into Python."""

    def __init__(self) -> None:
        super().__init__()
        self.text = ""
        self.font = QFont()
        self.ratio = 1.0
        self.setZValue(DRAG_Z / 4)
        self.setShapeMode(QGraphicsPixmapItem.ShapeMode.BoundingRectShape)

    def set_text(self, text: str, font: QFont, ratio: float) -> None:
        """Show ``text`` in ``font``, drawn for a device pixel ratio ``ratio``."""
        if (text, font, ratio) == (self.text, self.font, self.ratio) and not self.pixmap().isNull():
            return
        self.text, self.font, self.ratio = text, font, ratio
        metrics = QFontMetricsF(font)
        height = metrics.height() + 2
        box = QRectF(0, 0, max(height, metrics.horizontalAdvance(text) + height * 0.6), height)
        picture = QPixmap(math.ceil(box.width() * ratio), math.ceil(box.height() * ratio))
        picture.setDevicePixelRatio(ratio)
        picture.fill(Qt.GlobalColor.transparent)
        painter = QPainter(picture)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(QColor(255, 255, 255, 200), 1))
        painter.setBrush(QColor(20, 20, 30, 210))
        painter.drawRoundedRect(box.adjusted(0.5, 0.5, -0.5, -0.5), height / 2, height / 2)
        painter.setFont(font)
        painter.setPen(QColor(255, 255, 255))
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
        painter.end()
        self.setPixmap(picture)


class PileLabel(QGraphicsSimpleTextItem):
    """A pile's name just above it: a stack's number, for the shifted-number keys."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.setBrush(QColor(200, 230, 205, 170))     # a colour: see scene.TableScene
        self.setZValue(-0.5)
        # Drawn once into a pixmap: a drag repaints the labels it passes over.
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def set_colours(self, high_contrast: bool, light_table: bool = False) -> None:
        """White in high contrast, dark on a light table, else a pale tint."""
        colour = (QColor(255, 255, 255) if high_contrast
                  else QColor(20, 30, 25, 190) if light_table else QColor(200, 230, 205, 170))
        self.setBrush(colour)
