"""View › Deck: our deck with its two forms, every deck installed, the
backs and the table's colours, as they are when the menu opens."""

from __future__ import annotations

from PySide6.QtGui import QColor

from tests.carddecks.fixture_decks import (
    only_these_data_dirs,
    write_aisleriot_theme,
    write_kde_deck,
)
from tests.gui.test_decks_window import WAIT_MS, wait_for_deck


def entries(window) -> list[tuple[str, bool, bool]]:
    """(text, checkable and checked, enabled) for every entry of View › Deck
    as it opens, sections as ``== name``."""
    menu = window.deck_menu.menu
    window.deck_menu.fill()
    return [(f"== {action.text()}" if action.isSeparator() else action.text(),
             action.isChecked(), action.isEnabled()) for action in menu.actions()]


def action(window, text: str):
    window.deck_menu.fill()
    return next(action for action in window.deck_menu.menu.actions() if action.text() == text)


def test_it_lists_our_deck_every_deck_found_the_backs_and_the_table(window, tmp_path,
                                                                  monkeypatch):
    write_kde_deck(tmp_path, "svg-fixture", "Fixture")
    write_aisleriot_theme(tmp_path, "bonded.svgz")
    only_these_data_dirs(monkeypatch, tmp_path)
    assert window.menus.view.actions()[-1].menu() is window.deck_menu.menu
    assert [text for text, _, _ in entries(window)] == [
        "== Deck", "cardgui's own", "    Four colours: diamonds blue, clubs green",
        "    High contrast: black table, solid pile markers",
        "Bonded (AisleRiot)", "Fixture (KDE)",
        "== Card back", "The deck's own back", "Blue lattice", "Red lattice", "Green lattice",
        "== Table", "Green baize", "Blue", "Burgundy", "Slate", "Other colour\u2026"]
    checked = [text for text, on, _ in entries(window) if on]
    assert checked == ["cardgui's own", "The deck's own back", "Green baize"]


def test_choosing_a_deck_from_the_menu(window, tmp_path, monkeypatch, qtbot):
    write_kde_deck(tmp_path, "svg-fixture", "Fixture")
    only_these_data_dirs(monkeypatch, tmp_path)
    action(window, "Fixture (KDE)").trigger()
    assert ("Fixture (KDE) (opening\u2026)", True, True) in entries(window)
    wait_for_deck(qtbot, window, "Fixture")
    assert ("Fixture (KDE)", True, True) in entries(window)
    action(window, "cardgui's own").trigger()
    assert window.decks.current is None


def test_with_no_deck_installed_it_says_so(window, tmp_path, monkeypatch):
    only_these_data_dirs(monkeypatch, tmp_path)
    assert ("No KDE or AisleRiot card decks are installed", False, False) in entries(window)


def test_our_decks_forms_are_the_same_settings_as_in_game_options(window):
    action(window, "    Four colours: diamonds blue, clubs green").trigger()
    assert window.settings["four_colour"] is True and window.scene.art.four_colour
    window.options_menu.aboutToShow.emit()
    mirrored = [entry for entry in window.options_menu.actions()
                if entry.text().startswith("Four-colour deck")]
    assert mirrored and mirrored[0].isChecked()
    action(window, "    High contrast: black table, solid pile markers").trigger()
    assert window.scene.backgroundBrush().color() == QColor(0, 0, 0)
    assert ("    In high contrast the table is black", False, False) in entries(window)


def test_a_system_deck_keeps_its_colours_and_the_menu_says_so(window, tmp_path, monkeypatch,
                                                             qtbot):
    write_kde_deck(tmp_path, "svg-fixture", "Fixture")
    only_these_data_dirs(monkeypatch, tmp_path)
    window.settings["four_colour"] = True
    window.decks.choose("Fixture")
    qtbot.waitUntil(lambda: window.decks.current is not None, timeout=WAIT_MS)
    assert ("    Fixture keeps its own colours: four colours are for cardgui's own deck",
            False, False) in entries(window)


def test_any_colour_for_the_table(window, monkeypatch):
    monkeypatch.setattr("cardgui.gui.deck_menu.QColorDialog.getColor",
                        lambda colour, parent, title: QColor("#806040"))
    action(window, "Other colour\u2026").trigger()
    assert window.scene.backgroundBrush().color() == QColor("#806040")
    assert ("Other colour (#806040)\u2026", True, True) in entries(window)
    monkeypatch.setattr("cardgui.gui.deck_menu.QColorDialog.getColor",
                        lambda colour, parent, title: QColor())           # cancelled
    action(window, "Other colour (#806040)\u2026").trigger()
    assert window.scene.backgroundBrush().color() == QColor("#806040")
    action(window, "Burgundy").trigger()
    assert window.settings["table_colour"] == "#6a1f2d"


def test_a_back_from_the_menu(window):
    action(window, "Green lattice").trigger()
    assert window.settings["card_back"] == "green" and window.scene.art.back_choice == "green"
