"""Our card art as drawn before, kept on disk: a picture asked for at a size
it was drawn at in an earlier run is read back instead of being drawn again
from its SVG, so the first frame of the next start waits for no drawing
(KPatience keeps its rendered cards the same way; the system decks' pictures
are kept by :mod:`cardgui.carddecks.cache`).

One file per picture and size, in one folder per size: the picture's pixels
(32-bit premultiplied ARGB, row by row) after a header giving its width,
height and the CRC-32 of the SVG it was drawn from (as restyled: a
four-colour face is another picture), so a picture whose SVG has changed is
drawn afresh.  A file is written aside and then renamed, so it is whole or
absent; one that is not exactly what its name and header say is ignored and
drawn over.  Only the :data:`KEPT_SIZES` sizes drawn at last are kept.  Nothing
here stops the window: a folder that cannot be read or written only means
drawing.  No Qt: the pictures are bytes here.
"""

from __future__ import annotations

import os
import stat
import struct
import time
import zlib
from pathlib import Path

MAGIC = b"cardgui art 1\n"
HEADER = struct.Struct("<III")       # width, height, CRC-32 of the SVG drawn
KEPT_SIZES = 3                       # window sizes whose pictures are kept
MAX_SIDE = 4096                      # pixels: a larger picture is not kept


class KeptArt:
    """The pictures kept in ``folder`` (made when first written)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._sizes_seen: set[tuple[int, int]] = set()

    def _file(self, name: str, svg: bytes, width: int, height: int) -> Path:
        return self.folder / f"{width}x{height}" / f"{name}-{zlib.crc32(svg):08x}.argb"

    def recall(self, name: str, svg: bytes, width: int, height: int) -> bytes | None:
        """The pixels of picture ``name`` drawn ``width`` x ``height`` from
        ``svg``, if they are kept; None otherwise."""
        expected = len(MAGIC) + HEADER.size + width * height * 4
        # Not through a link, and not waiting on a pipe someone put there.
        flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
        try:
            descriptor = os.open(self._file(name, svg, width, height), flags)
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
        header = MAGIC + HEADER.pack(width, height, zlib.crc32(svg))
        if len(data) != expected or not data.startswith(header):
            return None
        return data[len(header):]

    def keep(self, name: str, svg: bytes, width: int, height: int, pixels: bytes) -> bool:
        """Keep the pixels of picture ``name`` drawn ``width`` x ``height``
        from ``svg`` (and forget the sizes beyond :data:`KEPT_SIZES`); True if
        they were written.  Never raises."""
        if not (0 < width <= MAX_SIDE and 0 < height <= MAX_SIDE) \
                or len(pixels) != width * height * 4:
            return False
        target = self._file(name, svg, width, height)
        aside = target.with_name(f"{target.name}.{os.getpid()}.new")
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            with open(aside, "wb") as stream:
                stream.write(MAGIC + HEADER.pack(width, height, zlib.crc32(svg)))
                stream.write(pixels)
            os.replace(aside, target)
        except OSError:
            try:
                aside.unlink()
            except OSError:
                pass
            return False
        if (width, height) not in self._sizes_seen:
            self._sizes_seen.add((width, height))
            self._forget_old_sizes(target.parent)
        return True

    def _forget_old_sizes(self, newest: Path) -> None:
        """Keep only the :data:`KEPT_SIZES` size folders drawn into last
        (``newest`` among them)."""
        try:
            others = [path for path in self.folder.iterdir()
                      if path.is_dir() and not path.is_symlink() and path != newest]
            changed = {path: path.stat().st_mtime_ns for path in others}
            # Later than every other, even where the clock's steps are coarse.
            now = max([time.time_ns(), *(when + 1 for when in changed.values())])
            os.utime(newest, ns=(now, now))
            for old in sorted(others, key=changed.__getitem__, reverse=True)[KEPT_SIZES - 1:]:
                for picture in old.iterdir():
                    picture.unlink()
                old.rmdir()
        except OSError:
            pass
