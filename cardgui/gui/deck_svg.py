"""A system deck's SVG document, checked whole before any of it is shown,
and drawn one picture at a time (with QtSvg).

Opening a deck reads its file within the limits of
:mod:`cardgui.carddecks.reading`, has QtSvg parse it, and refuses it, with
a message a player can act on, unless every one of the 53 pictures (52
faces and the back) is there and draws something where its format says the
card is (:mod:`cardgui.carddecks.elements`).  So a deck is used whole or not
at all: never half a deck of its faces beside ours.

This runs in the deck renderer's own process (:mod:`.deck_process`): QtSvg
takes up to a second to parse the largest decks and holds Python's lock
while it does, and a document that made it crash would take only that
process with it.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from PySide6.QtCore import (
    QByteArray,
    QMessageLogContext,
    QRectF,
    Qt,
    QtMsgType,
    qInstallMessageHandler,
)
from PySide6.QtGui import QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

from ..carddecks.elements import (
    BACK,
    GRID_COLUMNS,
    GRID_ROWS,
    described,
    element_id,
    grid_cell,
    picture_names,
)
from ..carddecks.found import DeckFormat, InstalledDeck
from ..carddecks.reading import DeckRefused, svg_document

MIN_ASPECT, MAX_ASPECT = 1.0, 2.0    # a card's height / width: taller than wide, not a strip
NAMED_MISSING = 4                    # missing pictures named in a refusal; the rest counted


@contextmanager
def qt_warnings() -> Iterator[list[str]]:
    """Collects what Qt says while the block runs (QtSvg's reasons for
    refusing a document), instead of printing it."""
    said: list[str] = []

    def keep(kind: QtMsgType, context: QMessageLogContext, message: str) -> None:
        said.append(message)

    previous = qInstallMessageHandler(keep)
    try:
        yield said
    finally:
        qInstallMessageHandler(previous)


class DeckDrawing:
    """A deck whose every picture can be drawn; ``aspect`` is its cards'
    height divided by their width."""

    def __init__(self, deck: InstalledDeck) -> None:
        """Read and check ``deck``.

        Raises:
            DeckRefused: if its file cannot be read within the limits, is not
                an SVG document QtSvg can draw, lacks any of the 53 pictures,
                or draws one of them nowhere or out of its place.
        """
        self.deck = deck
        document = svg_document(deck.path)
        with qt_warnings() as said:
            renderer = QSvgRenderer(QByteArray(document))
        if not renderer.isValid():
            reason = f": Qt says \"{said[0].strip()}\"" if said else ""
            raise DeckRefused(f"{deck.path} is not an SVG picture Qt can draw{reason}")
        self._renderer = renderer
        self._suit_first = (deck.format is DeckFormat.AISLERIOT
                            and not renderer.elementExists(element_id("AC"))
                            and renderer.elementExists(element_id("AC", suit_first=True)))
        self._check_every_picture_is_there()
        self._cell = self._grid_cell_size() if deck.format is DeckFormat.AISLERIOT else None
        self._bounds = {picture: self._picture_bounds(picture) for picture in picture_names()}
        back = self._bounds[BACK]
        self.aspect = back.height() / back.width()
        if not MIN_ASPECT <= self.aspect <= MAX_ASPECT:
            raise DeckRefused(f"its cards are {back.width():.0f} by {back.height():.0f}: "
                              "cardgui's tables need cards taller than they are wide "
                              f"(at most {MAX_ASPECT:.0f} times)")

    def _check_every_picture_is_there(self) -> None:
        missing = [picture for picture in picture_names()
                   if not self._renderer.elementExists(element_id(picture, self._suit_first))]
        if not missing:
            return
        named = ", ".join(described(picture) for picture in missing[:NAMED_MISSING])
        more = len(missing) - NAMED_MISSING
        raise DeckRefused(f"it lacks {len(missing)} of the 53 pictures a deck needs: {named}"
                          + (f" and {more} more" if more > 0 else "")
                          + f" (no element {element_id(missing[0], self._suit_first)!r})")

    def _grid_cell_size(self) -> tuple[float, float]:
        box = self._renderer.viewBoxF()
        width, height = box.width() / GRID_COLUMNS, box.height() / GRID_ROWS
        if not (_finite(width, height) and width > 0 and height > 0):
            raise DeckRefused("its picture has no size, so it cannot be AisleRiot's grid of "
                              "13 by 5 cards")
        return width, height

    def _picture_bounds(self, picture: str) -> QRectF:
        """Where the card of ``picture`` is in the document: its element's
        bounds (KDE), or its cell of the grid (AisleRiot), checked to hold
        the element."""
        bounds = self._renderer.boundsOnElement(element_id(picture, self._suit_first))
        if not (_finite(bounds.x(), bounds.y(), bounds.width(), bounds.height())
                and bounds.width() > 0 and bounds.height() > 0):
            raise DeckRefused(f"its picture of {described(picture)} draws nothing")
        if self._cell is None:
            return bounds
        width, height = self._cell
        column, row = grid_cell(picture)
        cell = QRectF(column * width, row * height, width, height)
        if not cell.contains(bounds.center()):
            raise DeckRefused(f"its picture of {described(picture)} is not in its place in "
                              "AisleRiot's grid of 13 by 5 cards")
        return cell

    def draw(self, picture: str, width: int, height: int) -> QImage:
        """``picture`` (a card's name, or ``back``) drawn ``width`` by ``height`` pixels.

        Raises:
            KeyError: if ``picture`` is not one of the deck's 53 pictures.
            ValueError: if the size is not positive.
        """
        card = self._bounds[picture]
        if width < 1 or height < 1:
            raise ValueError(f"a picture must be at least 1 pixel each way, not {width}x{height}")
        element = element_id(picture, self._suit_first)
        scale_x, scale_y = width / card.width(), height / card.height()
        drawn = self._renderer.boundsOnElement(element)
        target = QRectF((drawn.x() - card.x()) * scale_x, (drawn.y() - card.y()) * scale_y,
                        drawn.width() * scale_x, drawn.height() * scale_y)
        image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        painter.setClipRect(QRectF(0, 0, width, height))
        self._renderer.render(painter, element, target)
        painter.end()
        return image


def _finite(*values: Any) -> bool:
    return all(math.isfinite(value) for value in values)
