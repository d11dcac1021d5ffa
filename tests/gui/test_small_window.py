"""A small window (640 x 480) keeps the cards readable: the command panel, and
in a low window the toolbar, step aside for the table and come back when
there is room; the status bar shortens its fields instead of clipping them."""

import pytest

READABLE = 50


def resize_and_settle(window, qtbot, width, height):
    """Resize, then wait until the table has been laid out for the new size
    (it re-lays itself at most every 60 ms while resizing; a busy machine
    may take longer) and a little more, for the panel's step aside."""
    window.resize(width, height)
    viewport = window.view.viewport()
    for _ in range(2):          # the panel stepping aside resizes the table once more
        qtbot.waitUntil(lambda: (window.scene.geometry.width, window.scene.geometry.height)
                        == (viewport.width(), viewport.height()), timeout=10_000)
        qtbot.wait(100)


def status_fits(window):
    bar = window.statusBar()
    for field in window.status.fields.values():
        if not field.isVisible():
            continue
        if field.fontMetrics().horizontalAdvance(field.text()) > field.width() + 1:
            return False
        if field.mapTo(window, field.rect().topRight()).x() > bar.width():
            return False
    return True


@pytest.mark.parametrize("game_id", ["klondike", "freecell", "calculation", "pokersquares"])
def test_at_640_by_480_the_cards_stay_readable_and_the_status_fits(make_window, qtbot,
                                                                    game_id):
    window = make_window(game_id, 617)
    assert window.dock.isVisible()
    resize_and_settle(window, qtbot, 640, 480)
    assert window.scene.geometry.card_width >= READABLE
    assert status_fits(window)
    assert window.settings["command_panel"]        # stepping aside is not the player's choice


def test_the_panel_comes_back_when_there_is_room(make_window, qtbot):
    window = make_window("klondike", 617)
    resize_and_settle(window, qtbot, 640, 480)
    assert not window.dock.isVisible()
    resize_and_settle(window, qtbot, 1100, 760)
    assert window.dock.isVisible() and window.menus.toolbar.isVisible()
    assert window.status.fields["Deal"].text() == "Deal: 617"       # room for whole words
