"""Our card art as it was on the table when the window last closed, kept on
disk: at the next start, a picture asked for at a size kept is read back
instead of being drawn again from its SVG, so the first frame waits for no
drawing (KPatience keeps its rendered cards the same way; the system decks'
pictures are kept by :mod:`cardgui.carddecks.cache`).

One file per picture, in one folder per size (``<width>x<height>``): the
picture's pixels (32-bit premultiplied ARGB, row by row) after a header
giving its width, height, the CRC-32 of what it was drawn from and the
CRC-32 of the pixels.  What it was drawn from (the caller's ``source``) is
the SVG as restyled plus how it was drawn, so a four-colour face, a changed
SVG or another drawing of it is another picture.  A file is written aside and
then renamed, so it is whole or absent; one that is not exactly what its
name and header say is ignored (and drawn over at the next keeping).  Only
the :data:`KEPT_SIZES` sizes used last are kept.  Nothing here stops the
window: a folder that cannot be read or written only means drawing.  No
Qt: the pictures are bytes here.
"""

from __future__ import annotations

import os
import re
import stat
import struct
import time
import zlib
from pathlib import Path

from ..store import paths

MAGIC = b"cardgui art 2\n"
HEADER = struct.Struct("<IIII")     # width, height, CRC-32 of the source, CRC-32 of the pixels
KEPT_SIZES = 3                      # window sizes whose pictures are kept
MAX_SIDE = 4096                     # pixels: a larger picture is not kept
SIZE_FOLDER = re.compile(r"[0-9]+x[0-9]+")
PICTURE_FILE = re.compile(r".+-[0-9a-f]{8}\.argb(\.[0-9]+\.new)?")


def art_folder() -> Path:
    """Where the pictures are kept: ``art`` in cardgui's cache folder
    (:func:`cardgui.store.paths.cache_dir`: by default ``~/.cache/cardgui/art``)."""
    return paths.cache_dir() / "art"


class KeptArt:
    """The pictures kept in ``folder`` (by default :func:`art_folder`; made
    when first written)."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder if folder is not None else art_folder()
        self._sizes_used: set[tuple[int, int]] = set()

    def _file(self, name: str, source: bytes, width: int, height: int) -> Path:
        return self.folder / f"{width}x{height}" / f"{name}-{zlib.crc32(source):08x}.argb"

    def recall(self, name: str, source: bytes, width: int, height: int) -> bytes | None:
        """The pixels of picture ``name`` drawn ``width`` x ``height`` from
        ``source``, if they are kept; None otherwise."""
        expected = len(MAGIC) + HEADER.size + width * height * 4
        # Not through a link, not waiting on a pipe someone put there, and
        # not in a text mode that would change the bytes (Windows).
        flags = (os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
                 | getattr(os, "O_BINARY", 0))
        path = self._file(name, source, width, height)
        try:
            descriptor = os.open(path, flags)
        except OSError:
            return None
        with os.fdopen(descriptor, "rb") as stream:
            try:
                info = os.fstat(stream.fileno())
                if not stat.S_ISREG(info.st_mode) or info.st_size != expected:
                    return None
                data = stream.read(expected + 1)
            except OSError:
                return None
        if len(data) != expected or not data.startswith(MAGIC):
            return None
        pixels = data[len(MAGIC) + HEADER.size:]
        if HEADER.unpack_from(data, len(MAGIC)) != (width, height, zlib.crc32(source),
                                                    zlib.crc32(pixels)):
            return None
        self._used(path.parent, width, height)
        return pixels

    def keep(self, pictures: list[tuple[str, bytes, int, int, bytes]]) -> int:
        """Keep ``pictures``, each (name, source, width, height, pixels),
        and forget the sizes beyond :data:`KEPT_SIZES`; how many were written.
        Never raises."""
        written = 0
        for name, source, width, height, pixels in pictures:
            if not (0 < width <= MAX_SIDE and 0 < height <= MAX_SIDE) \
                    or len(pixels) != width * height * 4:
                continue
            target = self._file(name, source, width, height)
            if target.is_file() and self.recall(name, source, width, height) == pixels:
                continue                     # kept already, as it is
            aside = target.with_name(f"{target.name}.{os.getpid()}.new")
            try:
                target.parent.mkdir(parents=True, exist_ok=True)
                with open(aside, "wb") as stream:
                    stream.write(MAGIC + HEADER.pack(width, height, zlib.crc32(source),
                                                     zlib.crc32(pixels)))
                    stream.write(pixels)
                os.replace(aside, target)
            except OSError:
                try:
                    aside.unlink()
                except OSError:
                    pass
                continue
            written += 1
            self._used(target.parent, width, height)
        return written

    def _used(self, folder: Path, width: int, height: int) -> None:
        """A size was used in this run: its folder becomes the newest, and
        the sizes beyond :data:`KEPT_SIZES` are forgotten (once a run each)."""
        if (width, height) in self._sizes_used:
            return
        self._sizes_used.add((width, height))
        try:
            others = [path for path in self.folder.iterdir() if path != folder
                      and SIZE_FOLDER.fullmatch(path.name) and not path.is_symlink()
                      and path.is_dir()]
            changed = {path: path.stat().st_mtime_ns for path in others}
            # Later than every other, even where the clock's steps are coarse.
            now = max([time.time_ns(), *(when + 1 for when in changed.values())])
            os.utime(folder, ns=(now, now))
        except OSError:
            return
        for old in sorted(others, key=changed.__getitem__, reverse=True)[KEPT_SIZES - 1:]:
            _forget(old)


def _forget(folder: Path) -> None:
    """Remove a size folder's pictures (only files named as ours), then the
    folder if nothing else is in it; what cannot be removed stays."""
    try:
        entries = list(folder.iterdir())
    except OSError:
        return
    for entry in entries:
        if PICTURE_FILE.fullmatch(entry.name) and (entry.is_symlink() or entry.is_file()):
            try:
                entry.unlink()
            except OSError:
                pass
    try:
        folder.rmdir()
    except OSError:
        pass
