"""The pictures of the system decks drawn lately, kept on disk, so that a
deck chosen before shows right after the first frame at the next start,
without waiting for its renderer (KPatience keeps its rendered cards the
same way).

One file per deck, holding its 53 pictures at the size they were last drawn
(32-bit premultiplied ARGB, row by row, in :func:`picture_names` order),
after a header naming the deck's file as it was then (its path, size and
time of change: a deck changed since is drawn afresh) and the cards' shape.
At most :data:`KEPT` decks are kept; each file is written whole or not at
all (written aside, then renamed).  A file that does not match its header
exactly is ignored and removed.  No Qt: the pictures are bytes here.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from pathlib import Path

from ..store import paths
from .elements import picture_names
from .found import InstalledDeck
from .reading import DeckRefused, read_limited

MAGIC = b"cardgui deck pictures 1\n"
KEPT = 4                          # decks whose pictures are kept
MAX_SIDE = 4096                   # pixels; a larger picture in a header is not believed
MAX_CACHE_BYTES = 256 * 1024 * 1024
MAX_HEADER_BYTES = 8192


@dataclass(frozen=True, slots=True)
class CachedPictures:
    """A deck's pictures as kept: each ``width`` x ``height``, cards ``aspect`` high."""

    aspect: float
    width: int
    height: int
    pixels: dict[str, bytes]


def decks_folder() -> Path:
    """Where the pictures are kept: ``decks`` in cardgui's cache folder
    (:func:`cardgui.store.paths.cache_dir`: by default ``~/.cache/cardgui/decks``)."""
    return paths.cache_dir() / "decks"


def _file_for(deck: InstalledDeck, folder: Path) -> Path:
    key = hashlib.sha256(f"{deck.format.value}\0{deck.path}".encode()).hexdigest()[:24]
    return folder / f"{key}.cards"


def _identity(deck: InstalledDeck) -> dict[str, object] | None:
    """The deck's file as it is now (None if it cannot be looked at)."""
    try:
        info = os.stat(deck.path)
    except OSError:
        return None
    return {"format": deck.format.value, "path": str(deck.path), "size": info.st_size,
            "changed": info.st_mtime_ns}


def store(deck: InstalledDeck, aspect: float, width: int, height: int,
          pixels: dict[str, bytes], folder: Path | None = None) -> bool:
    """Keep ``deck``'s pictures (replacing any kept before, and the oldest
    deck's beyond :data:`KEPT`); True if they were written.  Never raises:
    a cache that cannot be written only means drawing again next time."""
    folder = decks_folder() if folder is None else folder
    identity = _identity(deck)
    names = picture_names()
    if identity is None or set(pixels) != set(names) or not (
            0 < width <= MAX_SIDE and 0 < height <= MAX_SIDE) or any(
            len(pixels[name]) != width * height * 4 for name in names):
        return False
    header = json.dumps({**identity, "aspect": aspect, "width": width,
                         "height": height}).encode() + b"\n"
    target = _file_for(deck, folder)
    aside = target.with_name(f"{target.name}.{os.getpid()}.new")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with open(aside, "wb") as stream:
            stream.write(MAGIC + header)
            for name in names:
                stream.write(pixels[name])
        os.replace(aside, target)
        _keep_the_newest(folder)
    except OSError:
        try:
            aside.unlink()
        except OSError:
            pass
        return False
    return True


def _keep_the_newest(folder: Path) -> None:
    kept = sorted(folder.glob("*.cards"), key=lambda path: path.stat().st_mtime_ns,
                  reverse=True)
    for old in kept[KEPT:]:
        old.unlink(missing_ok=True)


def recall(deck: InstalledDeck, folder: Path | None = None) -> CachedPictures | None:
    """The pictures kept for ``deck``, if they were drawn from its file as
    it is now; None otherwise (a file that does not hold what its header
    says is removed)."""
    folder = decks_folder() if folder is None else folder
    path = _file_for(deck, folder)
    if not path.exists():
        return None
    identity = _identity(deck)
    try:
        data = read_limited(path, MAX_CACHE_BYTES)
        if not data.startswith(MAGIC):
            raise ValueError("not a cache file")
        end = data.index(b"\n", len(MAGIC), len(MAGIC) + MAX_HEADER_BYTES)
        header = json.loads(data[len(MAGIC):end])
        width, height, aspect = int(header["width"]), int(header["height"]), \
            float(header["aspect"])
        size = width * height * 4
        names = picture_names()
        if not (0 < width <= MAX_SIDE and 0 < height <= MAX_SIDE and 0.5 < aspect < 4) \
                or len(data) != end + 1 + size * len(names):
            raise ValueError("its pictures are not the size its header says")
    except (DeckRefused, ValueError, KeyError, TypeError, json.JSONDecodeError):
        path.unlink(missing_ok=True)
        return None
    if identity is None or {key: header.get(key) for key in identity} != identity:
        return None                   # the deck changed since: it is drawn afresh
    start = end + 1
    pixels = {name: data[start + index * size:start + (index + 1) * size]
              for index, name in enumerate(names)}
    return CachedPictures(aspect, width, height, pixels)
