"""For the eyes: a four-colour deck, a high-contrast table, full screen, and
cards drawn for the screen's scale factor."""

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtTest import QTest

from cardgui.engine.cards import Card
from cardgui.gui.art import FOUR_COLOURS, restyled


def option(window, text):
    return next(action for action in window.options_menu.actions()
                if action.text().startswith(text))


def test_the_four_colour_deck_recolours_diamonds_and_clubs_only():
    face = b'<path fill="#c8102e"/><path fill="#1b1b1f"/>'
    assert FOUR_COLOURS["D"] in restyled(face, "7D", True, False)
    assert FOUR_COLOURS["C"] in restyled(face, "QC", True, False)
    assert restyled(face, "7H", True, False) == face
    assert restyled(face, "7D", False, False) == face


def test_high_contrast_makes_faint_markers_solid():
    marker = b'<rect stroke-opacity="0.5" fill-opacity="0.1"/>'
    assert restyled(marker, "empty", False, True) == b'<rect stroke-opacity="1" fill-opacity="1"/>'


def pixel_colours(window, card):
    image = window.scene.sprites[Card.parse(card)].pixmap().toImage()
    return {image.pixelColor(x, y).name() for x in range(0, image.width(), 3)
            for y in range(0, image.height(), 3)}


def test_the_options_redraw_the_table(window):
    before = pixel_colours(window, "AD")
    option(window, "Four-colour deck").trigger()
    assert window.settings["four_colour"]
    after = pixel_colours(window, "AD")
    assert after != before and any(QColor(name).blue() > 150 and QColor(name).red() < 80
                                   for name in after)
    option(window, "High-contrast table").trigger()
    assert window.scene.backgroundBrush().color() == QColor(0, 0, 0)


def test_f11_goes_full_screen_and_back(window):
    QTest.keyClick(window, Qt.Key.Key_F11)
    assert window.full_screen_action.isChecked() and window.isFullScreen()
    QTest.keyClick(window, Qt.Key.Key_F11)
    assert not window.isFullScreen()


def test_cards_are_drawn_for_the_screen_s_pixel_ratio(window):
    window.scene.relayout(1000, 700, 2.0)
    sprite = window.scene.sprites[Card.parse("AD")]
    assert sprite.pixmap().devicePixelRatio() == 2.0
    assert sprite.pixmap().width() == 2 * window.scene.geometry.card_width
