"""The win's celebration never freezes: any key or click during it finishes
it at once, cleanly, and undo or redo put every card where the game has it."""

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtTest import QTest

from tests.gui.helpers import put_layout, sprite_positions
from tests.gui.test_window_lifecycle import nearly_won


def placed(window):
    """Where the scene would put every card now, as the game has it."""
    geometry, game = window.scene.geometry, window.controller.game
    where = {}
    for pile_id in geometry.layout.spots:
        pile = game.piles[pile_id]
        for card, place in zip(pile.cards, geometry.card_places(pile_id, pile)):
            where[card.name] = (place.x, place.y)
    return where


def win_with_animations(window):
    QTest.qWait(150)            # let the new window's last re-layout pass first
    window.scene.animations_enabled = True
    put_layout(window, nearly_won())
    QTest.keyClicks(window.view, "p")
    assert window.controller.game.is_won and window.scene.celebrating


def test_a_key_during_the_celebration_finishes_it_and_does_nothing_else(window):
    win_with_animations(window)
    state = window.controller.game.state()
    QTest.keyClick(window.view, Qt.Key.Key_P)
    assert not window.scene.celebrating
    assert window.controller.game.state() == state
    assert "pile is empty" not in window.status.message.full_text
    rosette = sprite_positions(window)
    QTest.qWait(50)                                   # nothing moves any more
    assert sprite_positions(window) == rosette


def test_undo_redo_then_a_key_within_half_a_second_leaves_no_card_heaped(window, qtbot):
    win_with_animations(window)
    QTest.keySequence(window, QKeySequence("Ctrl+Z"))
    assert not window.controller.game.is_won
    # every card glides back to the table
    qtbot.waitUntil(lambda: sprite_positions(window) == placed(window), timeout=3000)
    QTest.keySequence(window, QKeySequence("Ctrl+Y"))
    assert window.controller.game.is_won and window.scene.celebrating
    QTest.qWait(100)
    QTest.keyClick(window.view, Qt.Key.Key_P)
    assert not window.scene.celebrating
    positions = list(sprite_positions(window).values())
    assert len(set(positions)) == 52                  # a full ring, no heap
    QTest.keySequence(window, QKeySequence("Ctrl+Z"))
    qtbot.waitUntil(lambda: sprite_positions(window) == placed(window), timeout=3000)


def test_a_click_during_the_celebration_finishes_it(window):
    win_with_animations(window)
    QTest.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=window.view.mapFromScene(QPointF(5, 5)))
    assert not window.scene.celebrating
