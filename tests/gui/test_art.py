"""The card art: every picture exists and renders, the cache renders once per
size, high-DPI pixmaps are sharp, and the committed SVG is what the generator
writes."""

from __future__ import annotations

import subprocess
import sys
from importlib.resources import files
from pathlib import Path

import pytest
from PySide6.QtCore import QByteArray, QSize, qInstallMessageHandler
from PySide6.QtGui import QImage
from PySide6.QtSvg import QSvgRenderer

from cardgui.engine.cards import Card, full_deck
from cardgui.gui.art import CARD_ASPECT, MARKERS, OWN_BACKS, CardArt, card_height

REPOSITORY = Path(__file__).resolve().parents[2]
CARDS = files("cardgui.resources") / "cards"
ICON_SIZES = (16, 22, 24, 32, 48, 64, 128, 256)
BACK_FILES = {file: choice for choice, file in OWN_BACKS.items()}     # back, back-red, ...
ALL_PICTURES = [card.name for card in full_deck()] + [*BACK_FILES, *MARKERS]


@pytest.fixture
def art(qapp) -> CardArt:
    return CardArt()


def _picture(art: CardArt, name: str, width: int, dpr: float = 1.0):
    if name in BACK_FILES:
        art.choose_back(BACK_FILES[name])
        return art.back(width, dpr)
    if name in MARKERS:
        return art.marker(name, width, dpr)
    return art.face(Card.parse(name), width, dpr)


def _pixels(pixmap) -> bytes:
    image = pixmap.toImage().convertToFormat(QImage.Format.Format_ARGB32)
    return bytes(image.constBits())


class TestEveryPicture:
    @pytest.mark.parametrize("name", ALL_PICTURES)
    def test_renders_to_a_non_blank_pixmap_of_the_asked_size(self, art, name):
        pixmap = _picture(art, name, 71)
        assert pixmap.size() == QSize(71, card_height(71))
        image = pixmap.toImage()
        centre_alpha = image.pixelColor(35, 50).alpha()
        colours = {image.pixel(x, y) for x in range(0, 71, 3) for y in range(0, card_height(71), 3)}
        assert len(colours) > 2, f"{name} rendered blank"
        if name in MARKERS:
            assert centre_alpha < 128, f"the marker {name} should let the table show through"
        else:
            assert centre_alpha == 255, f"{name} should be opaque"

    @pytest.mark.parametrize("name", ALL_PICTURES)
    def test_is_transparent_outside_its_rounded_corners(self, art, name):
        image = _picture(art, name, 120).toImage()
        right, bottom = image.width() - 1, image.height() - 1
        for x, y in ((0, 0), (right, 0), (0, bottom), (right, bottom)):
            assert image.pixelColor(x, y).alpha() == 0, f"{name} corner {(x, y)} is not transparent"

    def test_the_faces_are_52_different_pictures(self, art):
        pictures = {_pixels(art.face(card, 60)) for card in full_deck()}
        assert len(pictures) == 52

    def test_the_backs_and_markers_differ_from_each_other(self, art):
        pictures = {_pixels(_picture(art, name, 60)) for name in [*BACK_FILES, *MARKERS]}
        assert len(pictures) == len(BACK_FILES) + len(MARKERS)


class TestTheSvgFiles:
    @pytest.mark.parametrize("name", ALL_PICTURES)
    def test_share_one_five_by_seven_view_box_and_parse_without_qt_warnings(self, qapp, name):
        data = (CARDS / f"{name}.svg").read_bytes()
        assert b'viewBox="0 0 250 350"' in data
        warnings: list[str] = []
        previous = qInstallMessageHandler(lambda kind, context, message: warnings.append(message))
        try:
            renderer = QSvgRenderer(QByteArray(data))
        finally:
            qInstallMessageHandler(previous)
        assert renderer.isValid()
        assert warnings == []

    @pytest.mark.parametrize("name", ALL_PICTURES + ["../icons/cardgui"])
    def test_use_only_what_qt_svg_draws_well(self, name):
        text = (CARDS / f"{name}.svg").read_text(encoding="utf-8")
        for forbidden in ("<text", "<filter", "<mask", "<clipPath", "<use", "<style", "<image",
                          "<pattern", "class=", "style="):
            assert forbidden not in text, f"{name}.svg uses {forbidden}"

    def test_every_pixmap_size_has_the_card_aspect(self):
        assert CARD_ASPECT == pytest.approx(350 / 250)
        assert [card_height(width) for width in (50, 71, 100, 250)] == [70, 99, 140, 350]


class TestTheCache:
    def test_renders_each_picture_once_per_size(self, art):
        first = art.face(Card.parse("QH"), 80)
        assert art.renders == 1
        again = art.face(Card.parse("QH"), 80)
        assert art.renders == 1
        assert again.cacheKey() == first.cacheKey()
        art.face(Card.parse("QS"), 80)
        art.back(80)
        art.marker("empty", 80)
        assert art.renders == 4
        for _ in range(10):
            art.face(Card.parse("QS"), 80)
            art.back(80)
        assert art.renders == 4

    def test_a_new_size_renders_again_and_drops_the_old_size(self, art):
        art.face(Card.parse("7C"), 80)
        art.face(Card.parse("7C"), 96)
        assert art.renders == 2
        art.face(Card.parse("7C"), 80)
        assert art.renders == 3, "pixmaps of another size should have been dropped"

    def test_a_new_pixel_ratio_renders_again(self, art):
        art.back(80, 1.0)
        art.back(80, 2.0)
        assert art.renders == 2

    def test_a_pixmap_at_ratio_two_has_twice_the_physical_pixels(self, art):
        pixmap = art.face(Card.parse("10D"), 90, 2.0)
        assert pixmap.devicePixelRatio() == 2.0
        assert (pixmap.width(), pixmap.height()) == (180, 2 * card_height(90))
        logical = pixmap.deviceIndependentSize()
        assert (logical.width(), logical.height()) == (90, card_height(90))

    def test_a_fractional_pixel_ratio_rounds_to_whole_pixels(self, art):
        pixmap = art.back(100, 1.25)
        assert (pixmap.width(), pixmap.height()) == (125, 175)

    def test_refuses_an_unknown_marker_with_the_names_it_knows(self, art):
        with pytest.raises(ValueError, match="redeal"):
            art.marker("stock", 80)
        assert art.renders == 0

    @pytest.mark.parametrize("width, dpr", [(0, 1.0), (-5, 1.0), (80, 0.0)])
    def test_refuses_a_size_that_is_not_positive(self, art, width, dpr):
        with pytest.raises(ValueError, match="positive"):
            art.back(width, dpr)


class TestTheGenerator:
    def test_reproduces_the_committed_files_byte_for_byte(self, tmp_path):
        subprocess.run([sys.executable, str(REPOSITORY / "tools" / "make_art.py"), str(tmp_path)],
                       check=True, capture_output=True)
        made = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*.svg"))
        committed = sorted(p.relative_to(REPOSITORY / "cardgui" / "resources").as_posix()
                           for p in (REPOSITORY / "cardgui" / "resources").rglob("*.svg"))
        assert made == committed
        assert len(made) == 52 + len(OWN_BACKS) + len(MARKERS) + 1
        for relative in made:
            assert (tmp_path / relative).read_bytes() == \
                (REPOSITORY / "cardgui" / "resources" / relative).read_bytes(), \
                f"{relative} differs from the generator's output: run python tools/make_art.py"

    def test_names_each_card_in_its_title(self):
        for card in full_deck():
            text = (CARDS / f"{card.name}.svg").read_text(encoding="utf-8")
            assert f"<title>{card.words}</title>" in text


class TestTheIcon:
    @pytest.mark.parametrize("size", ICON_SIZES)
    def test_has_a_png_for_each_desktop_size(self, qapp, size):
        png = files("cardgui.resources") / "icons" / "hicolor" / f"{size}x{size}" / "apps" / "cardgui.png"
        image = QImage.fromData(png.read_bytes())
        assert (image.width(), image.height()) == (size, size)
        assert image.pixelColor(size // 2, size // 2).alpha() == 255
