"""Opening a system deck with QtSvg: a whole deck in either format draws
every picture where its format says the card is; a broken, partial or
hostile one is refused, by name of what is wrong, before any of it shows."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor

from cardgui.carddecks.elements import BACK, picture_names
from cardgui.carddecks.found import DeckFormat, InstalledDeck
from cardgui.carddecks.reading import DeckRefused
from cardgui.gui.deck_svg import DeckDrawing
from tests.carddecks.fixture_decks import (
    CELL_HEIGHT,
    CELL_WIDTH,
    deck_svg,
    picture_colour,
    write_aisleriot_theme,
    write_kde_deck,
)


def kde(tmp_path, svg=None, compressed=True) -> InstalledDeck:
    return InstalledDeck("Fixture", DeckFormat.KDE,
                         write_kde_deck(tmp_path, "svg-fixture", "Fixture", svg, compressed))


def aisleriot(tmp_path, svg=None, name="fixture.svgz") -> InstalledDeck:
    return InstalledDeck("Fixture", DeckFormat.AISLERIOT,
                         write_aisleriot_theme(tmp_path, name, svg))


def refused(deck: InstalledDeck) -> str:
    with pytest.raises(DeckRefused) as raised:
        DeckDrawing(deck)
    return str(raised.value)


@pytest.mark.parametrize("make", [
    lambda path: kde(path),
    lambda path: kde(path, compressed=False),
    lambda path: aisleriot(path),
    lambda path: aisleriot(path, deck_svg(suit_first=False), "plain.svg"),
], ids=["kde-svgz", "kde-svg", "aisleriot-suit-first", "aisleriot-rank-first"])
def test_every_picture_is_drawn_in_its_own_colour(qapp, tmp_path, make):
    drawing = DeckDrawing(make(tmp_path))
    assert drawing.aspect == pytest.approx(CELL_HEIGHT / CELL_WIDTH, abs=0.05)
    for picture in picture_names():
        image = drawing.draw(picture, 40, 60)
        assert (image.width(), image.height()) == (40, 60)
        assert image.pixelColor(20, 30) == QColor(picture_colour(picture)), picture
        assert image.pixelColor(0, 0).alpha() < 255      # the rounded corner


def test_an_aisleriot_card_is_its_grid_cell_as_aisleriot_draws_it(qapp, tmp_path):
    drawing = DeckDrawing(aisleriot(tmp_path))
    assert drawing.aspect == CELL_HEIGHT / CELL_WIDTH
    image = drawing.draw(BACK, CELL_WIDTH * 2, CELL_HEIGHT * 2)
    # The fixture's card leaves two units of its cell clear all round: four pixels here.
    assert [image.pixelColor(x, CELL_HEIGHT).alpha() for x in range(3)] == [0, 0, 0]
    assert image.pixelColor(5, CELL_HEIGHT) == QColor(0, 0, 0)


def test_a_picture_drawn_large_is_sharp_not_scaled_up(qapp, tmp_path):
    drawing = DeckDrawing(kde(tmp_path))
    image = drawing.draw("QH", 400, 600)
    row = [image.pixelColor(x, 300).name(QColor.NameFormat.HexArgb) for x in range(60)]
    fill = QColor(picture_colour("QH")).name(QColor.NameFormat.HexArgb)
    plain = {"#00000000", "#ff000000", fill}
    # From clear to the black border to the fill, with no more than a pixel
    # of blending at each of the two edges: drawn at this size, not enlarged.
    assert fill in row and "#ff000000" in row
    assert sum(colour not in plain for colour in row) <= 2


class TestRefusals:
    def test_a_partial_deck_names_what_it_lacks(self, qapp, tmp_path):
        message = refused(kde(tmp_path, deck_svg(missing=("QH", "10C", BACK))))
        assert message.startswith("it lacks 3 of the 53 pictures a deck needs: ")
        assert "the queen of hearts" in message and "the ten of clubs" in message
        assert "the back" in message

    def test_many_missing_pictures_are_counted_not_all_named(self, qapp, tmp_path):
        missing = tuple(name for name in picture_names() if name.endswith("S"))
        message = refused(kde(tmp_path, deck_svg(missing=missing)))
        assert "it lacks 13 of the 53" in message and "and 9 more" in message

    def test_an_svg_qt_cannot_read(self, qapp, tmp_path):
        message = refused(kde(tmp_path, '<svg xmlns="http://www.w3.org/2000/svg"><g></svg>'))
        assert "is not an SVG picture Qt can draw" in message

    def test_a_loop_of_references_inside_the_document(self, qapp, tmp_path):
        looped = deck_svg().replace(
            '</svg>', '<g id="a"><use xlink:href="#b"/></g><g id="b"><use xlink:href="#a"/></g>'
                      '</svg>').replace('<svg ', '<svg xmlns:xlink="http://www.w3.org/1999/xlink" ')
        message = refused(kde(tmp_path, looped))
        assert "is not an SVG picture Qt can draw: Qt says" in message
        assert "Cycles" in message or "cycl" in message.lower()

    def test_entities_that_would_expand_without_end(self, qapp, tmp_path):
        entities = "".join(f'<!ENTITY l{n + 1} "' + f"&l{n};" * 10 + '">' for n in range(9))
        laughs = (f'<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY l0 "lol">{entities}]>'
                  + deck_svg().split("?>", 1)[1].replace("</svg>", "<text>&l9;</text></svg>"))
        assert "is not an SVG picture Qt can draw" in refused(kde(tmp_path, laughs))

    def test_a_picture_out_of_its_place_in_aisleriots_grid(self, qapp, tmp_path):
        message = refused(aisleriot(tmp_path, deck_svg(suit_first=True, misplace="7D")))
        assert message == ("its picture of the seven of diamonds is not in its place in "
                           "AisleRiot's grid of 13 by 5 cards")

    def test_a_picture_that_draws_nothing(self, qapp, tmp_path):
        empty = deck_svg().replace('<g id="king_spade">', '<g id="king_spade"><g/></g><g>')
        assert refused(kde(tmp_path, empty)) == "its picture of the king of spades draws nothing"

    def test_cards_wider_than_tall(self, qapp, tmp_path):
        message = refused(aisleriot(tmp_path, deck_svg(suit_first=True, cell=(90, 60))))
        assert "need cards taller than they are wide" in message

    def test_a_file_that_is_not_svg_is_refused_before_qt_sees_it(self, qapp, tmp_path):
        assert "it looks like a PNG image" in refused(kde(tmp_path, b"\x89PNG\r\n\x1a\n"
                                                      + b"\x00" * 64, compressed=False))
