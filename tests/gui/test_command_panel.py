"""The command panel gives the table its room: it is as wide as its text
needs (not a fixed share of the window), the player can close it from its
title or with F9 and it stays closed, and the table takes the room it
leaves."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QAbstractButton

from cardgui.engine.keyboard import KeyBinding, KeyTable
from cardgui.gui.app import build_window
from cardgui.gui.panels import CommandPanel


def table_of(*summaries: str) -> KeyTable:
    return KeyTable(KeyBinding(chr(ord("A") + index), chr(ord("A") + index), summary, "x")
                    for index, summary in enumerate(summaries))


def settle(qtbot, window) -> None:
    qtbot.waitUntil(lambda: abs(window.panel.width() - window.panel.text_width) <= 1,
                    timeout=5000)


@pytest.mark.parametrize("game_id", ["klondike", "freecell", "calculation", "pokersquares"])
def test_the_panel_is_as_wide_as_its_text_needs(make_window, qtbot, game_id):
    window = make_window(game_id, 617)
    settle(qtbot, window)
    panel = window.panel
    assert panel.width() == pytest.approx(panel.text_width, abs=1)
    assert panel.text_width == panel.measure(window.controller.keys.table)
    assert window.dock.width() < window.width() * 0.25
    # Every key stays on one line beside its summary: the keys' column is whole.
    assert panel.document().idealWidth() <= panel.viewport().width() + 1


def test_short_commands_make_a_narrower_panel(qapp):
    panel = CommandPanel()
    short = panel.measure(table_of("Undo", "Redo", "Deal", "Quit"))
    long = panel.measure(table_of(*["Play that card where the program finds a place for it, "
                                    "then the next"] * 4))
    assert short < long
    assert long <= panel.measure(table_of("x " * 400))      # a summary wraps, at most so wide


def test_the_panel_follows_the_game_it_lists(make_window, qtbot):
    window = make_window("calculation", 617)
    settle(qtbot, window)
    calculation = window.panel.width()
    window.switch_game("pokersquares")
    settle(qtbot, window)
    assert window.panel.width() != calculation


def test_closing_the_panel_from_its_title_is_remembered(make_window, qtbot, home):
    window = make_window()
    close = window.dock.findChild(QAbstractButton, "qt_dockwidget_closebutton")
    assert close is not None and close.isVisible()
    close.click()
    assert not window.dock.isVisible() and window.settings["command_panel"] is False
    window.close()
    again = build_window(None, None)
    qtbot.addWidget(again)
    again.show()
    assert not again.dock.isVisible()
    assert again.panel_action.text() == "&Command panel" and not again.panel_action.isChecked()


def test_f9_and_the_view_menu_bring_it_back(make_window, qtbot):
    window = make_window()
    window.dock.findChild(QAbstractButton, "qt_dockwidget_closebutton").click()
    action = window.panel_action
    assert action in window.menus.view.actions()
    assert action.shortcut() == QKeySequence("F9")
    action.trigger()                      # what F9 and View > Command panel do
    assert window.dock.isVisible() and window.settings["command_panel"] is True


def test_the_table_takes_the_room_the_panel_leaves(make_window, qtbot):
    window = make_window("klondike", 617)
    settle(qtbot, window)
    with_panel = window.scene.geometry.card_width
    view_width = window.view.width()
    window.panel_action.trigger()
    qtbot.waitUntil(lambda: window.view.width() > view_width, timeout=5000)
    qtbot.waitUntil(lambda: window.scene.geometry.card_width > with_panel, timeout=5000)


def test_the_status_bar_survives_a_new_layout_while_its_fields_change(qapp):
    """Adding a field can lay the window out again at once, and the window
    then fits the fields: half of them are there, the rest not yet."""
    from PySide6.QtWidgets import QStatusBar

    from cardgui.gui.panels import StatusLine

    class EagerBar(QStatusBar):
        def addPermanentWidget(self, widget, stretch=0):
            super().addPermanentWidget(widget, stretch)
            status.fit()                          # as a resize in between does

    bar = EagerBar()
    status = StatusLine(bar)
    status.show_fields([("Deal", "5"), ("Moves", "0")])
    status.show_fields([("Deal", "6"), ("Score", "10"), ("Moves", "2")])
    assert [field.text() for field in status.fields.values()] == ["Deal: 6", "Score: 10",
                                                                  "Moves: 2"]
