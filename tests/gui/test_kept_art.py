"""Our card art kept as the window closed is read back at the next start,
not drawn again, and only when it is exactly the picture asked for: same SVG
(as restyled), same drawing, same size; a damaged, foreign or missing kept
file only means drawing again."""

from __future__ import annotations

import os
import shutil

import pytest

from cardgui.engine.cards import Card
from cardgui.gui import art as art_module
from cardgui.gui import kept_art
from cardgui.gui.art import CardArt
from cardgui.gui.kept_art import KeptArt
from cardgui.own_files import own_files

ACE = Card.parse("AS")
WIDTH = 96


def pixels(pixmap) -> bytes:
    image = pixmap.toImage()             # named: its bits must outlive the read
    return bytes(image.constBits())


@pytest.fixture
def kept(tmp_path):
    return KeptArt(tmp_path / "art")


def kept_files(kept):
    return sorted(kept.folder.glob("*/*.argb"))


def drawn_and_kept(kept, card=ACE, width=WIDTH, folder=None):
    """A window's art that showed ``card`` and then closed: its pixels."""
    art = CardArt(folder, kept=kept)
    shown = pixels(art.face(card, width))
    art.keep_pictures()
    return shown


def test_a_picture_kept_as_the_window_closed_is_read_back_the_same(qapp, kept):
    art = CardArt(kept=kept)
    drawn = pixels(art.face(ACE, WIDTH))
    assert art.renders == 1 and kept_files(kept) == []     # nothing written while drawing
    assert art.keep_pictures() == 1 and len(kept_files(kept)) == 1
    later = CardArt(kept=kept)                     # the next start
    assert pixels(later.face(ACE, WIDTH)) == drawn
    assert later.renders == 0
    assert later.keep_pictures() == 0              # kept already, as it is


def test_another_size_another_style_or_another_drawing_is_drawn_not_read_back(
        qapp, kept, monkeypatch):
    drawn_and_kept(kept)
    other_size = CardArt(kept=kept)
    other_size.face(ACE, WIDTH + 1)
    assert other_size.renders == 1
    diamond = Card.parse("AD")
    plain = drawn_and_kept(kept, diamond)
    four_colour = CardArt(kept=kept)
    four_colour.restyle(four_colour=True, high_contrast=False)
    assert pixels(four_colour.face(diamond, WIDTH)) != plain
    assert four_colour.renders == 1
    monkeypatch.setattr(art_module, "DRAWING", art_module.DRAWING + ", drawn otherwise")
    redrawn = CardArt(kept=kept)
    redrawn.face(ACE, WIDTH)
    assert redrawn.renders == 1


def test_a_changed_svg_is_drawn_afresh(qapp, kept, tmp_path):
    cards = tmp_path / "cards"
    shutil.copytree(own_files() / "cards", cards)
    old = drawn_and_kept(kept, folder=cards)
    svg = cards / "AS.svg"
    svg.write_bytes(svg.read_bytes().replace(b"#fffefb", b"#ffd0d0"))   # a pink card
    changed = CardArt(cards, kept=kept)
    assert pixels(changed.face(ACE, WIDTH)) != old
    assert changed.renders == 1


@pytest.mark.parametrize("damage", ["truncated", "other header", "pixels", "longer", "link",
                                    "pipe"])
def test_a_damaged_or_foreign_kept_file_is_drawn_and_kept_over(qapp, kept, tmp_path, damage):
    drawn = drawn_and_kept(kept)
    [path] = kept_files(kept)
    data = path.read_bytes()
    path.unlink()
    if damage == "truncated":
        path.write_bytes(data[:-100])
    elif damage == "other header":
        path.write_bytes(data[:len(kept_art.MAGIC)] + b"\x01" + data[len(kept_art.MAGIC) + 1:])
    elif damage == "pixels":                       # the right length, a pixel changed
        path.write_bytes(data[:-4] + bytes(4 * [0x7f]))
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
    assert again.keep_pictures() == 1
    assert path.is_file() and not path.is_symlink() and path.read_bytes() == data


def test_only_the_sizes_used_last_are_kept_and_reading_one_back_is_using_it(qapp, kept):
    drawn_and_kept(kept, width=WIDTH)              # the size the player starts at
    for width in range(WIDTH + 1, WIDTH + kept_art.KEPT_SIZES + 2):
        start = KeptArt(kept.folder)               # a run of its own
        CardArt(kept=start).face(ACE, WIDTH)       # each start reads it back ...
        drawn_and_kept(start, width=width)         # ... then the window closes another size
    widths = {int(path.name.split("x")[0]) for path in kept.folder.iterdir()}
    assert len(widths) == kept_art.KEPT_SIZES
    assert WIDTH in widths and WIDTH + kept_art.KEPT_SIZES + 1 in widths
    assert WIDTH + 1 not in widths


def test_forgetting_a_size_removes_only_our_pictures(qapp, kept):
    drawn_and_kept(kept, width=WIDTH)
    [folder] = kept.folder.iterdir()
    (folder / "notes.txt").write_text("someone else's")
    (kept.folder / "mine").mkdir()                 # not a size folder: left alone
    for width in range(WIDTH + 1, WIDTH + kept_art.KEPT_SIZES + 1):
        drawn_and_kept(kept, width=width)
    assert [path.name for path in folder.iterdir()] == ["notes.txt"]
    assert (kept.folder / "mine").is_dir()


def test_a_folder_that_cannot_be_written_only_means_drawing(qapp, tmp_path):
    blocked = tmp_path / "art"
    blocked.write_text("a file where the folder should be")
    art = CardArt(kept=KeptArt(blocked))
    assert pixels(art.face(ACE, WIDTH)).strip(b"\0") != b""
    assert art.keep_pictures() == 0 and art.renders == 1
    assert CardArt(kept=KeptArt(blocked)).face(ACE, WIDTH).width() == WIDTH


def test_the_window_keeps_its_pictures_as_it_closes_and_the_next_reads_them_back(
        make_window, home):
    first = make_window("klondike", 617)
    assert first.scene.art.renders > 0
    first.close()
    assert kept_art.art_folder().is_relative_to(home)           # the test's own cache
    assert list(kept_art.art_folder().glob("*/*.argb"))
    second = make_window(None, None)
    assert second.scene.art.renders == 0           # every picture read back
