"""Our card art drawn in an earlier run is read back, not drawn again, and
only when it is exactly the picture asked for: same SVG (as restyled), same
size; a damaged, foreign or missing kept file only means drawing again."""

from __future__ import annotations

import os
import shutil

import pytest

from cardgui.engine.cards import Card
from cardgui.gui import kept_art
from cardgui.gui.art import CardArt
from cardgui.gui.kept_art import KeptArt
from cardgui.own_files import own_files

ACE = Card.parse("AS")
WIDTH = 96


def pixels(pixmap) -> bytes:
    return bytes(pixmap.toImage().constBits())


@pytest.fixture
def kept(tmp_path):
    return KeptArt(tmp_path / "art")


def kept_files(kept):
    return sorted(kept.folder.glob("*/*.argb"))


def test_a_picture_drawn_in_an_earlier_run_is_read_back_the_same(qapp, kept):
    first = CardArt(kept=kept)
    drawn = pixels(first.face(ACE, WIDTH))
    assert first.renders == 1 and len(kept_files(kept)) == 1
    later = CardArt(kept=kept)                     # the next start
    assert pixels(later.face(ACE, WIDTH)) == drawn
    assert later.renders == 0


def test_another_size_or_another_style_is_drawn_not_read_back(qapp, kept):
    CardArt(kept=kept).face(ACE, WIDTH)
    other_size = CardArt(kept=kept)
    other_size.face(ACE, WIDTH + 1)
    assert other_size.renders == 1
    four_colour = CardArt(kept=kept)
    four_colour.restyle(four_colour=True, high_contrast=False)
    diamond = Card.parse("AD")
    plain = pixels(CardArt(kept=kept).face(diamond, WIDTH))
    assert pixels(four_colour.face(diamond, WIDTH)) != plain
    assert four_colour.renders == 1


def test_a_changed_svg_is_drawn_afresh(qapp, kept, tmp_path):
    cards = tmp_path / "cards"
    shutil.copytree(own_files() / "cards", cards)
    old = pixels(CardArt(cards, kept=kept).face(ACE, WIDTH))
    svg = cards / "AS.svg"
    svg.write_bytes(svg.read_bytes().replace(b"#fffefb", b"#ffd0d0"))   # a pink card
    changed = CardArt(cards, kept=kept)
    assert pixels(changed.face(ACE, WIDTH)) != old
    assert changed.renders == 1


@pytest.mark.parametrize("damage", ["truncated", "other header", "longer", "link", "pipe"])
def test_a_damaged_or_foreign_kept_file_is_drawn_over(qapp, kept, tmp_path, damage):
    drawn = pixels(CardArt(kept=kept).face(ACE, WIDTH))
    [path] = kept_files(kept)
    data = path.read_bytes()
    path.unlink()
    if damage == "truncated":
        path.write_bytes(data[:-100])
    elif damage == "other header":
        path.write_bytes(data[:len(kept_art.MAGIC)] + b"\x01" + data[len(kept_art.MAGIC) + 1:])
    elif damage == "longer":
        path.write_bytes(data + b"\0" * 4)
    elif damage == "link":
        elsewhere = tmp_path / "elsewhere"
        elsewhere.write_bytes(data)
        path.symlink_to(elsewhere)
    else:
        os.mkfifo(path)                            # reading it would wait for ever
    again = CardArt(kept=kept)
    assert pixels(again.face(ACE, WIDTH)) == drawn
    assert again.renders == 1
    if damage != "pipe":                           # (a pipe cannot be replaced by rename)
        assert path.is_file() and not path.is_symlink() and path.read_bytes() == data


def test_only_the_sizes_drawn_at_last_are_kept(qapp, kept):
    for width in range(WIDTH, WIDTH + kept_art.KEPT_SIZES + 2):
        CardArt(kept=kept).face(ACE, width)
    widths = {int(path.name.split("x")[0]) for path in kept.folder.iterdir()}
    assert len(widths) == kept_art.KEPT_SIZES
    assert WIDTH + kept_art.KEPT_SIZES + 1 in widths      # the last drawn
    assert WIDTH not in widths


def test_a_folder_that_cannot_be_written_only_means_drawing(qapp, tmp_path):
    blocked = tmp_path / "art"
    blocked.write_text("a file where the folder should be")
    art = CardArt(kept=KeptArt(blocked))
    assert not pixels(art.face(ACE, WIDTH)).strip(b"\0") == b""
    assert art.renders == 1
    assert CardArt(kept=KeptArt(blocked)).face(ACE, WIDTH).width() == WIDTH
