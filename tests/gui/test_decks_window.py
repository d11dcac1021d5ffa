"""System decks in the window: our deck paints the first frame, a chosen
deck replaces it whole once drawn, is remembered, follows the table's size,
and a deck that cannot be used is refused by name while the table keeps the
deck it had.  Backs and the table's colour are chosen and remembered; the
screen reader reads the same cards whatever the deck."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtGui import QAccessible, QColor

from cardgui.carddecks import cache
from cardgui.carddecks.found import OWN_DECK
from cardgui.engine.cards import Card
from cardgui.gui.app import build_window
from cardgui.gui.art import CardArt
from cardgui.gui.layout import CARD_ASPECT
from cardgui.store.settings import DEFAULTS
from tests.carddecks.fixture_decks import (
    BACK_COLOUR,
    deck_svg,
    only_these_data_dirs,
    picture_colour,
    write_aisleriot_theme,
    write_kde_deck,
)

WAIT_MS = 60_000        # the deck renderer is a fresh process: slow on a busy machine


@pytest.fixture
def decks(tmp_path, monkeypatch):
    """A data folder with a whole KDE deck ("Fixture"), a whole AisleRiot
    theme ("Bonded") and a partial KDE deck ("Partial"); the system's own
    folders are never looked in."""
    data = tmp_path / "data"
    write_kde_deck(data, "svg-fixture", "Fixture")
    write_aisleriot_theme(data, "bonded.svgz")
    write_kde_deck(data, "svg-partial", "Partial", deck_svg(missing=("QH", "2C")))
    only_these_data_dirs(monkeypatch, data)
    return data


def centre_colour(pixmap) -> QColor:
    image = pixmap.toImage()
    return image.pixelColor(image.width() // 2, image.height() // 2)


def face_colour(window, name: str) -> QColor:
    return centre_colour(window.scene.sprites[Card.parse(name)].pixmap())


def face_down(window):
    return next(sprite for sprite in window.scene.sprites.values() if not sprite.face_up)


def wait_for_deck(qtbot, window, name: str) -> None:
    qtbot.waitUntil(lambda: window.decks.current is not None
                    and window.decks.current.name == name, timeout=WAIT_MS)


def stored_settings(home) -> dict:
    """The settings as the next start will read them."""
    path = home / "settings.json"
    return {**DEFAULTS, **(json.loads(path.read_text()) if path.exists() else {})}


class TestChoosingADeck:
    def test_a_kde_deck_replaces_every_picture_and_is_remembered(self, window, decks, qtbot,
                                                                home):
        window.decks.choose("fixture")
        wait_for_deck(qtbot, window, "Fixture")
        assert face_colour(window, "8C") == QColor(picture_colour("8C"))   # stack 1, face up
        assert centre_colour(face_down(window).pixmap()) == QColor(BACK_COLOUR)
        assert window.scene.geometry.aspect == pytest.approx(1.5, abs=0.05)
        assert stored_settings(home)["deck"] == "Fixture"
        assert window.status.message.full_text == "The cards are Fixture (KDE)."

    def test_an_aisleriot_theme_is_drawn_from_its_grid(self, window, decks, qtbot):
        window.decks.choose("Bonded")
        wait_for_deck(qtbot, window, "Bonded")
        assert face_colour(window, "AS") == QColor(picture_colour("AS"))
        assert window.scene.geometry.aspect == 1.5

    def test_the_pictures_are_drawn_for_the_screens_pixel_ratio(self, window, decks, qtbot):
        window.decks.choose("Fixture")
        wait_for_deck(qtbot, window, "Fixture")
        ratio = window.scene.device_pixel_ratio
        pixmap = window.scene.sprites[Card.parse("8C")].pixmap()
        assert pixmap.devicePixelRatio() == ratio
        assert pixmap.width() == round(window.scene.geometry.card_width * ratio)

    def test_a_new_size_is_drawn_afresh_not_left_scaled(self, window, decks, qtbot):
        window.decks.choose("Fixture")
        wait_for_deck(qtbot, window, "Fixture")
        before = window.scene.geometry.card_width
        window.resize(800, 600)
        qtbot.waitUntil(lambda: window.scene.geometry.card_width != before, timeout=5000)
        qtbot.waitUntil(lambda: window.scene.art.pictures.size[0] == window.scene.geometry.card_width
                        * window.scene.device_pixel_ratio, timeout=WAIT_MS)
        pixmap = window.scene.sprites[Card.parse("8C")].pixmap()
        assert pixmap.width() == window.scene.geometry.card_width
        assert centre_colour(pixmap) == QColor(picture_colour("8C"))

    def test_back_to_our_own_deck(self, window, decks, qtbot, home):
        ours = face_colour(window, "8C")
        window.decks.choose("Fixture")
        wait_for_deck(qtbot, window, "Fixture")
        window.decks.choose(OWN_DECK)
        assert window.decks.current is None and window.scene.art.pictures is None
        assert window.scene.geometry.aspect == CARD_ASPECT
        assert face_colour(window, "8C") == ours
        assert stored_settings(home)["deck"] == OWN_DECK
        assert not window.decks.renderer.running          # its memory is given back


class TestRefusals:
    def test_a_partial_deck_is_refused_by_name_and_the_table_keeps_its_deck(
            self, window, decks, qtbot, home):
        window.decks.choose("Fixture")
        wait_for_deck(qtbot, window, "Fixture")
        window.decks.choose("Partial")
        qtbot.waitUntil(lambda: window.decks.pending is None, timeout=WAIT_MS)
        told = window.notice.text.text()
        assert told.startswith("The deck Partial (KDE) cannot be used: it lacks 2 of the 53 "
                               "pictures a deck needs")
        assert told.endswith("The table keeps the deck Fixture (KDE).")
        assert window.decks.current.name == "Fixture"
        assert face_colour(window, "8C") == QColor(picture_colour("8C"))
        assert stored_settings(home)["deck"] == "Fixture"

    def test_a_file_that_is_not_svg_is_refused_and_ours_stays(self, window, decks, qtbot,
                                                             home):
        write_kde_deck(decks, "svg-fake", "Fake", b"\x89PNG\r\n\x1a\n" + b"\x00" * 64,
                       picture="fake.svgz", compressed=False)
        ours = face_colour(window, "8C")
        window.decks.choose("Fake")
        qtbot.waitUntil(lambda: window.decks.pending is None, timeout=WAIT_MS)
        assert "The deck Fake (KDE) cannot be used:" in window.notice.text.text()
        assert "fake.svgz is named .svgz but is not compressed SVG: it looks like a PNG " \
            "image.  The table keeps cardgui's own deck." in window.notice.text.text()
        assert window.scene.art.pictures is None and face_colour(window, "8C") == ours
        assert stored_settings(home)["deck"] == OWN_DECK

    def test_a_deck_no_longer_installed(self, window, decks, qtbot, home):
        window.decks.choose("Gone")
        told = window.notice.text.text()
        assert told.startswith("No card deck called \u201cGone\u201d is installed (cardgui "
                               f"looked in {decks / 'carddecks'}")
        assert window.scene.art.pictures is None
        assert stored_settings(home)["deck"] == OWN_DECK


class TestRemembered:
    def test_our_deck_paints_the_first_frame_then_the_remembered_deck_comes(
            self, decks, home, qtbot):
        (home / "settings.json").write_text(json.dumps({"deck": "Fixture"}))
        window = build_window("klondike", 617)
        qtbot.addWidget(window)
        window.show()
        assert window.scene.art.pictures is None and window.decks.pending is None
        qtbot.waitSignal(window.settled, timeout=5000)
        qtbot.waitUntil(lambda: window.first_frame.done, timeout=5000)
        wait_for_deck(qtbot, window, "Fixture")
        assert face_colour(window, "8C") == QColor(picture_colour("8C"))

    def test_a_deck_drawn_before_comes_from_disk_without_its_renderer(self, make_window,
                                                                      decks, qtbot):
        first = make_window()
        first.decks.choose("Fixture")
        wait_for_deck(qtbot, first, "Fixture")
        deck = first.decks.current
        qtbot.waitUntil(lambda: cache.recall(deck) is not None, timeout=WAIT_MS)
        first.close()
        second = make_window()
        qtbot.waitUntil(lambda: second.first_frame.done, timeout=5000)
        assert second.decks.current == deck
        assert face_colour(second, "8C") == QColor(picture_colour("8C"))
        assert not second.decks.renderer.running       # the size is the one kept

    def test_the_command_lines_deck_is_chosen_and_remembered(self, decks, home, qtbot):
        window = build_window("klondike", 617, deck="Bonded")
        qtbot.addWidget(window)
        window.show()
        assert stored_settings(home)["deck"] == OWN_DECK     # nothing written before it shows
        wait_for_deck(qtbot, window, "Bonded")
        assert stored_settings(home)["deck"] == "Bonded"

    def test_the_command_lines_deck_refused_is_not_remembered(self, decks, home, qtbot):
        (home / "settings.json").write_text(json.dumps({"deck": "Fixture"}))
        window = build_window("klondike", 617, deck="Partial")
        qtbot.addWidget(window)
        window.show()
        qtbot.waitUntil(lambda: "Partial" in window.notice.text.text(), timeout=WAIT_MS)
        assert "The table shows the deck chosen before, Fixture." in window.notice.text.text()
        wait_for_deck(qtbot, window, "Fixture")
        assert stored_settings(home)["deck"] == "Fixture"

    def test_the_command_lines_own_deck_is_remembered(self, decks, home, qtbot):
        (home / "settings.json").write_text(json.dumps({"deck": "Fixture"}))
        window = build_window("klondike", 617, deck=OWN_DECK)
        qtbot.addWidget(window)
        window.show()
        qtbot.waitUntil(lambda: stored_settings(home)["deck"] == OWN_DECK, timeout=5000)
        assert window.decks.pending is None and window.scene.art.pictures is None

    def test_a_remembered_deck_that_is_gone_is_told_and_forgotten(self, decks, home, qtbot):
        (home / "settings.json").write_text(json.dumps({"deck": "Vanished"}))
        window = build_window("klondike", 617)
        qtbot.addWidget(window)
        window.show()
        qtbot.waitUntil(lambda: "Vanished" in window.notice.text.text(), timeout=5000)
        assert stored_settings(home)["deck"] == OWN_DECK


class TestBacksAndTable:
    def test_our_backs_with_any_deck_and_the_decks_own(self, window, decks, qtbot, home):
        card = face_down(window)

        def field() -> QColor:                    # the field above the back's medallion
            image = card.pixmap().toImage()
            return image.pixelColor(image.width() // 2, image.height() // 5)
        blue = field()
        assert blue.blue() > blue.red()
        window.decks.choose_back("red")
        assert field().red() > field().blue() and stored_settings(home)["card_back"] == "red"
        window.decks.choose("Fixture")
        wait_for_deck(qtbot, window, "Fixture")
        assert field().red() > field().blue()     # ours, drawn to the deck's shape
        assert card.pixmap().height() == window.scene.geometry.card_height
        window.decks.choose_back("deck")
        assert centre_colour(card.pixmap()) == QColor(BACK_COLOUR)
        with pytest.raises(ValueError):
            window.decks.choose_back("tartan")

    def test_the_table_colour_is_chosen_and_remembered(self, window, home, qtbot):
        window.decks.choose_table_colour(QColor("#1d4e74"))
        assert window.scene.backgroundBrush().color() == QColor("#1d4e74")
        window.decks.choose_table_colour(QColor())         # a cancelled colour dialog
        assert stored_settings(home)["table_colour"] == "#1d4e74"
        window.close()
        again = build_window("klondike", 617)
        qtbot.addWidget(again)
        assert again.scene.backgroundBrush().color() == QColor("#1d4e74")

    def test_high_contrast_keeps_the_table_black_whatever_its_colour(self, window):
        window.decks.choose_table_colour(QColor("#eeeeee"))
        window.scene.restyle(False, True)
        assert window.scene.backgroundBrush().color() == QColor(0, 0, 0)
        window.scene.restyle(False, False)
        assert window.scene.backgroundBrush().color() == QColor("#eeeeee")

    def test_pile_labels_turn_dark_on_a_light_table(self, window):
        label = next(iter(window.scene.labels.values()))
        pale = label.brush().color()
        window.decks.choose_table_colour(QColor("#f0f0e0"))
        assert label.brush().color().lightnessF() < 0.3 < pale.lightnessF()


class TestEveryDeckForEveryone:
    def test_four_colours_are_ours_and_a_system_deck_keeps_its_own(self, window, decks,
                                                                  qtbot):
        window.settings["four_colour"] = True
        window.options.apply_window_options()
        window.decks.choose("Fixture")
        wait_for_deck(qtbot, window, "Fixture")
        assert face_colour(window, "8C") == QColor(picture_colour("8C"))
        assert "Fixture keeps its own colours" in window.status.message.full_text

    def test_the_screen_reader_reads_the_same_cards_with_any_deck(self, window, decks, qtbot):
        def names():
            table = QAccessible.queryAccessibleInterface(window.view)
            return [table.child(pile).child(card).text(QAccessible.Text.Name)
                    for pile in range(table.childCount())
                    for card in range(table.child(pile).childCount())]
        before = names()
        window.decks.choose("Fixture")
        wait_for_deck(qtbot, window, "Fixture")
        assert names() == before

    def test_a_card_is_still_found_under_the_pointer_at_the_decks_shape(self, window, decks,
                                                                       qtbot):
        window.decks.choose("Fixture")
        wait_for_deck(qtbot, window, "Fixture")
        geometry = window.scene.geometry
        sprite = window.scene.sprites[Card.parse("AD")]          # the top of stack 7
        bottom = QPointF(sprite.pos().x() + geometry.card_width / 2,
                         sprite.pos().y() + geometry.card_height - 2)
        assert window.scene.sprite_at(bottom) is sprite


def test_the_art_scales_what_it_has_and_asks_for_the_new_size(qapp, tmp_path):
    from PySide6.QtGui import QImage

    from cardgui.carddecks.found import DeckFormat, InstalledDeck
    from cardgui.gui.art import DeckPictures

    art = CardArt()
    wanted = []
    art.size_wanted = lambda width, height: wanted.append((width, height))
    images = {}
    for name in ["AH", "back"]:
        image = QImage(20, 30, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(QColor(picture_colour(name)))
        images[name] = image
    deck = InstalledDeck("Fixture", DeckFormat.KDE, tmp_path / "x.svgz")
    art.use_pictures(DeckPictures(deck, 1.5, (20, 30), images))
    assert art.aspect == 1.5
    assert art.face(Card.parse("AH"), 20).size().toTuple() == (20, 30) and wanted == []
    bigger = art.face(Card.parse("AH"), 40, 2.0)
    assert bigger.size().toTuple() == (80, 120) and bigger.devicePixelRatio() == 2.0
    assert centre_colour(bigger) == QColor(picture_colour("AH"))
    art.back(40, 2.0)
    assert wanted == [(80, 120)]                  # asked once for the size
    renders = art.renders
    art.marker("empty", 40, 2.0)
    assert art.renders == renders + 1             # the markers are always ours
    assert art.marker("empty", 40).size().toTuple() == (40, 60)
