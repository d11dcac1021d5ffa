"""What the table scene draws: a sprite per card, the pill counting a stack's
face-down cards, and a pile's label."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPen
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


class CountBadge(QGraphicsItem):
    """A pill on a stack's face-down cards saying how many there are."""

    def __init__(self) -> None:
        super().__init__()
        self.text = ""
        self.font = QFont()
        self._box = self._measure()
        self.setZValue(DRAG_Z / 4)

    def set_text(self, text: str, font: QFont) -> None:
        self.prepareGeometryChange()
        self.text, self.font = text, font
        self._box = self._measure()

    def _measure(self) -> QRectF:
        metrics = QFontMetricsF(self.font)
        height = metrics.height() + 2
        return QRectF(0, 0, max(height, metrics.horizontalAdvance(self.text) + height * 0.6),
                      height)

    def boundingRect(self) -> QRectF:
        # Asked for on every frame the view paints: measured once per text.
        return QRectF(self._box)

    def paint(self, painter: QPainter, option: Any, widget: Any = None) -> None:
        box = self.boundingRect()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(QColor(255, 255, 255, 200), 1))
        painter.setBrush(QColor(20, 20, 30, 210))
        painter.drawRoundedRect(box.adjusted(0.5, 0.5, -0.5, -0.5), box.height() / 2,
                                box.height() / 2)
        painter.setFont(self.font)
        painter.setPen(QColor(255, 255, 255))
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, self.text)


class PileLabel(QGraphicsSimpleTextItem):
    """A pile's name just above it: a stack's number, for the shifted-number keys."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.setBrush(QBrush(QColor(200, 230, 205, 170)))
        self.setZValue(-0.5)

    def set_high_contrast(self, on: bool) -> None:
        self.setBrush(QBrush(QColor(255, 255, 255) if on else QColor(200, 230, 205, 170)))
