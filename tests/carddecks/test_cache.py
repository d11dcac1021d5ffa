"""The deck pictures kept on disk: given back exactly while the deck's file
is unchanged, never when it changed or the kept file is damaged, and only
for the few decks used last."""

from __future__ import annotations

import os

import pytest

from cardgui.carddecks import cache
from cardgui.carddecks.elements import picture_names
from cardgui.carddecks.found import DeckFormat, InstalledDeck

from .fixture_decks import write_kde_deck

WIDTH, HEIGHT = 3, 4


def pixels(shade: int = 7) -> dict[str, bytes]:
    return {name: bytes([index % 256, shade, 0, 255]) * (WIDTH * HEIGHT)
            for index, name in enumerate(picture_names())}


@pytest.fixture
def deck(tmp_path) -> InstalledDeck:
    return InstalledDeck("Fixture", DeckFormat.KDE,
                         write_kde_deck(tmp_path / "data", "svg-fixture", "Fixture"))


def test_pictures_kept_come_back_exactly(deck, tmp_path):
    assert cache.store(deck, 1.5, WIDTH, HEIGHT, pixels(), tmp_path)
    kept = cache.recall(deck, tmp_path)
    assert (kept.aspect, kept.width, kept.height) == (1.5, WIDTH, HEIGHT)
    assert kept.pixels == pixels()


def test_a_new_size_replaces_the_old(deck, tmp_path):
    cache.store(deck, 1.5, WIDTH, HEIGHT, pixels(), tmp_path)
    bigger = {name: data * 4 for name, data in pixels(9).items()}
    cache.store(deck, 1.5, WIDTH * 2, HEIGHT * 2, bigger, tmp_path)
    assert cache.recall(deck, tmp_path).pixels == bigger
    assert len(list(tmp_path.glob("*.cards"))) == 1


def test_nothing_is_given_for_a_deck_changed_since(deck, tmp_path):
    cache.store(deck, 1.5, WIDTH, HEIGHT, pixels(), tmp_path)
    info = os.stat(deck.path)
    os.utime(deck.path, ns=(info.st_atime_ns, info.st_mtime_ns + 1_000_000_000))
    assert cache.recall(deck, tmp_path) is None


def test_nothing_is_given_for_a_deck_moved_elsewhere(deck, tmp_path):
    cache.store(deck, 1.5, WIDTH, HEIGHT, pixels(), tmp_path)
    moved = InstalledDeck("Fixture", DeckFormat.KDE, deck.path.with_name("other.svgz"))
    deck.path.rename(moved.path)
    assert cache.recall(moved, tmp_path) is None


@pytest.mark.parametrize("damage", [
    lambda data: data[:-1],                                   # cut short
    lambda data: data + b"\x00",                              # one byte too many
    lambda data: b"not a cache" + data,
    lambda data: data.replace(b'"width": 3', b'"width": 99999'),
    lambda data: data.replace(b'"width": 3', b'"width": "x"'),
    lambda data: cache.MAGIC + b"[1, 2]\n",
])
def test_a_damaged_file_is_ignored_and_removed(deck, tmp_path, damage):
    cache.store(deck, 1.5, WIDTH, HEIGHT, pixels(), tmp_path)
    kept = next(tmp_path.glob("*.cards"))
    kept.write_bytes(damage(kept.read_bytes()))
    assert cache.recall(deck, tmp_path) is None
    assert not kept.exists()


def test_only_the_decks_used_last_are_kept(tmp_path):
    decks = [InstalledDeck(f"D{n}", DeckFormat.KDE,
                           write_kde_deck(tmp_path / "data", f"svg-{n}", f"D{n}"))
             for n in range(cache.KEPT + 2)]
    for number, deck in enumerate(decks):
        cache.store(deck, 1.5, WIDTH, HEIGHT, pixels(), tmp_path)
        # Written now, it is the newest; the order of those before is made plain.
        os.utime(cache._file_for(deck, tmp_path), ns=(0, (number + 1) * 10**9))
    assert len(list(tmp_path.glob("*.cards"))) == cache.KEPT
    assert [cache.recall(deck, tmp_path) is not None for deck in decks] == \
        [False] * 2 + [True] * cache.KEPT


def test_incomplete_pictures_are_not_kept(deck, tmp_path):
    partial = pixels()
    del partial["QH"]
    assert not cache.store(deck, 1.5, WIDTH, HEIGHT, partial, tmp_path)
    wrong = {**pixels(), "QH": b"\x00"}
    assert not cache.store(deck, 1.5, WIDTH, HEIGHT, wrong, tmp_path)
    assert list(tmp_path.glob("*.cards")) == []


def test_a_cache_that_cannot_be_written_is_no_error(deck, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("in the way")
    assert not cache.store(deck, 1.5, WIDTH, HEIGHT, pixels(), blocker / "decks")


def test_the_folder_is_in_xdg_cache_home_else_in_cardgui_home(monkeypatch, tmp_path):
    monkeypatch.delenv("CARDGUI_HOME", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", "/var/cache-of-ann")
    assert str(cache.decks_folder()) == "/var/cache-of-ann/cardgui/decks"
    monkeypatch.setenv("CARDGUI_HOME", str(tmp_path))
    assert str(cache.decks_folder()) == "/var/cache-of-ann/cardgui/decks"
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/is/ignored")
    assert cache.decks_folder() == tmp_path / "cache" / "decks"   # not the user's own cache
    monkeypatch.delenv("CARDGUI_HOME")
    assert cache.decks_folder() == cache.Path.home() / ".cache" / "cardgui" / "decks"
