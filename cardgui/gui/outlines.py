"""Outlines drawn over the table: where dragged cards would land, the
keyboard focus, a hint.  Each is a shape as well as a colour (a thick line,
dashed or not, around a card), so colour is never the only cue."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsPathItem

from ..engine.game import Game
from ..engine.piles import PileId
from .layout import Geometry


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
