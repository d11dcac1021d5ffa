"""Helpers for driving the real window in tests."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtTest import QTest

from cardgui.engine.cards import Card
from cardgui.gui.main_window import MainWindow
from cardgui.session import GameSession


def card_point(window: MainWindow, name: str, dx: float = 0.5, dy: float = 0.08) -> QPoint:
    """A point on the visible strip of a card, in viewport coordinates."""
    sprite = window.scene.sprites[Card.parse(name)]
    box = sprite.sceneBoundingRect()
    return window.view.mapFromScene(QPointF(box.x() + box.width() * dx,
                                            box.y() + box.height() * dy))


def pile_point(window: MainWindow, pile_id, dy: float = 0.5) -> QPoint:
    geometry = window.scene.geometry
    x, y = geometry.pile_origin(pile_id)
    return window.view.mapFromScene(QPointF(x + geometry.card_width / 2,
                                            y + geometry.card_height * dy))


def drag(window: MainWindow, start: QPoint, end: QPoint, steps: int = 8) -> None:
    """A real drag on the viewport: press, several moves, release."""
    viewport = window.view.viewport()
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    for step in range(1, steps + 1):
        point = start + (end - start) * step / steps
        QTest.mouseMove(viewport, point)
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end)


def put_layout(window: MainWindow, game) -> None:
    """Show a fixed layout in the window (for tests of particular positions)."""
    controller = window.controller
    controller.replace(GameSession.around(controller.info, game,
                                          statistics=controller.session.statistics))


def sprite_positions(window: MainWindow) -> dict[str, tuple[float, float]]:
    return {card.name: (sprite.pos().x(), sprite.pos().y())
            for card, sprite in window.scene.sprites.items()}
