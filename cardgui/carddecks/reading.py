"""Reading a deck's files within limits, before anything parses them.

A deck comes from a folder anyone with write access to a data folder can
fill, so every file is read the same careful way:

- links are followed one at a time, at most :data:`MAX_LINKS` deep, and a
  loop of links is named as such (not left to the operating system's
  ``ELOOP``, which says only "too many levels");
- only a regular file is opened (never a folder, a device such as
  ``/dev/zero``, or a named pipe that would block the reader forever), and
  it is opened without following a link and without blocking, then checked
  again, so that it cannot be swapped for something else in between;
- its size is checked before it is read (:data:`MAX_FILE_BYTES`, 32 MiB:
  the largest deck KDE ships, Dondorf, is 3.2 MB compressed), and no more
  than the limit is ever read, whatever the size said;
- a compressed SVGZ is decompressed only up to :data:`MAX_SVG_BYTES` (64
  MiB: Dondorf is 11.5 MB unpacked), so a small file that unpacks to
  gigabytes stops at the limit;
- what comes out must look like an SVG document (its first element is
  ``<svg``) before it is handed to an SVG parser: a PNG, a ZIP or a text
  file named ``.svgz`` is refused by name.

Every refusal is a :class:`DeckRefused` whose message says what is wrong in
words a player can act on; the caller names the deck.
"""

from __future__ import annotations

import errno
import os
import re
import stat
import zlib
from pathlib import Path

MAX_LINKS = 8                     # symbolic links followed, one after another
MAX_FILE_BYTES = 32 * 1024 * 1024
MAX_SVG_BYTES = 64 * 1024 * 1024
MAX_INDEX_BYTES = 64 * 1024       # a KDE deck's index.desktop
GZIP_MAGIC = b"\x1f\x8b"
_SNIFF_BYTES = 64 * 1024          # how far into the document its first element may lie

# What a file that is not an SVG document most likely is, by its first bytes.
_MAGIC_WORDS = (
    (b"\x89PNG", "a PNG image"),
    (b"\xff\xd8\xff", "a JPEG image"),
    (b"GIF8", "a GIF image"),
    (b"PK\x03\x04", "a ZIP archive"),
    (b"%PDF", "a PDF document"),
    (b"\x7fELF", "a program"),
    (b"BZh", "a bzip2 archive"),
    (b"\xfd7zXZ", "an xz archive"),
)
# Before the first element an XML document may have a declaration, comments,
# processing instructions and a document type (with an internal subset).
_PROLOGUE = re.compile(
    rb"\A(?:\xef\xbb\xbf)?(?:\s+|<\?.*?\?>|<!--.*?-->|<!DOCTYPE(?:[^\[>]|\[.*?\])*>)*",
    re.DOTALL)
_SVG_ROOT = re.compile(rb"<(?:[A-Za-z_][\w.-]*:)?svg[\s>/]")


class DeckRefused(Exception):
    """A deck's file cannot be used; the message says why (the caller names the deck)."""


def resolve(path: Path, max_links: int = MAX_LINKS) -> Path:
    """The file ``path`` names, its links followed one at a time.

    Raises:
        DeckRefused: if it is missing, if its links go round in a loop, or if
            they are more than ``max_links`` deep.
    """
    seen: list[Path] = []
    current = Path(os.path.abspath(path))
    while True:
        try:
            info = os.lstat(current)
        except FileNotFoundError:
            raise DeckRefused(f"{current} does not exist"
                              + (f" (a link led there from {path})" if seen else "")) from None
        except OSError as error:
            raise DeckRefused(f"{current} cannot be read ({error.strerror or error})") from None
        if not stat.S_ISLNK(info.st_mode):
            return current
        if current in seen:
            raise DeckRefused(f"{path} is a loop of links (it leads back to {current})")
        if len(seen) >= max_links:
            raise DeckRefused(f"{path} is a chain of more than {max_links} links")
        seen.append(current)
        try:
            target = os.readlink(current)
        except OSError as error:
            raise DeckRefused(f"the link {current} cannot be read "
                              f"({error.strerror or error})") from None
        current = Path(os.path.normpath(current.parent / target))


def read_limited(path: Path, limit: int) -> bytes:
    """The bytes of the regular file ``path`` (links followed as
    :func:`resolve` does), at most ``limit`` of them.

    Raises:
        DeckRefused: if the file is missing, behind a loop or too deep a chain
            of links, not a regular file, larger than ``limit`` or unreadable.
    """
    real = resolve(path)
    try:
        info = os.stat(real, follow_symlinks=False)
    except OSError as error:
        raise DeckRefused(f"{real} cannot be read ({error.strerror or error})") from None
    _check_regular(real, info, limit)
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        descriptor = os.open(real, flags)
    except OSError as error:
        if error.errno == errno.ELOOP:
            raise DeckRefused(f"{real} became a link while it was being read") from None
        raise DeckRefused(f"{real} cannot be read ({error.strerror or error})") from None
    with os.fdopen(descriptor, "rb") as stream:
        _check_regular(real, os.fstat(stream.fileno()), limit)   # the file opened, not a swap
        data = stream.read(limit + 1)
    if len(data) > limit:
        raise DeckRefused(f"{real} is larger than {_size(limit)}")
    return data


def _check_regular(path: Path, info: os.stat_result, limit: int) -> None:
    if stat.S_ISDIR(info.st_mode):
        raise DeckRefused(f"{path} is a folder, not a file")
    if not stat.S_ISREG(info.st_mode):
        raise DeckRefused(f"{path} is not a plain file (a device, pipe or socket)")
    if info.st_size > limit:
        raise DeckRefused(f"{path} is {_size(info.st_size)}: more than the {_size(limit)} "
                          "a card deck may take")


def svg_document(path: Path) -> bytes:
    """The SVG document in ``path`` (SVG, or SVGZ: gzip-compressed SVG),
    decompressed, checked to look like an SVG document.

    Raises:
        DeckRefused: as :func:`read_limited` does; if the compressed data is
            damaged or unpacks to more than :data:`MAX_SVG_BYTES`; if the
            document is not SVG (saying what it looks like instead).
    """
    data = read_limited(path, MAX_FILE_BYTES)
    if data.startswith(GZIP_MAGIC):
        data = _gunzip(path, data)
    elif path.suffix.lower() == ".svgz" and not _looks_like_svg(data):
        raise DeckRefused(f"{path} is named .svgz but is not compressed SVG: "
                          f"it looks like {_what_it_is(data)}")
    if not _looks_like_svg(data):
        raise DeckRefused(f"{path} is not an SVG picture: it looks like {_what_it_is(data)}")
    return data


def _gunzip(path: Path, data: bytes) -> bytes:
    unpacker = zlib.decompressobj(wbits=16 + zlib.MAX_WBITS)    # gzip framing
    try:
        document = unpacker.decompress(data, MAX_SVG_BYTES + 1)
    except zlib.error as error:
        raise DeckRefused(f"{path} is damaged: its compressed data cannot be unpacked "
                          f"({error})") from None
    if len(document) > MAX_SVG_BYTES:
        raise DeckRefused(f"{path} unpacks to more than {_size(MAX_SVG_BYTES)}, more than a "
                          "card deck may take")
    if not unpacker.eof:
        raise DeckRefused(f"{path} is damaged: its compressed data ends too soon")
    return document


def _looks_like_svg(data: bytes) -> bool:
    """True if the document's first element (after the XML prologue) is ``svg``."""
    head = data[:_SNIFF_BYTES]
    prologue = _PROLOGUE.match(head)
    start = prologue.end() if prologue else 0
    return _SVG_ROOT.match(head, start) is not None


def _what_it_is(data: bytes) -> str:
    for magic, words in _MAGIC_WORDS:
        if data.startswith(magic):
            return words
    if data.startswith(GZIP_MAGIC):
        return "compressed data"
    if not data.strip():
        return "an empty file"
    head = data[:_SNIFF_BYTES]
    try:
        head[:len(head) - 3 if len(head) == _SNIFF_BYTES else None].decode("utf-8")
    except UnicodeDecodeError:
        return "binary data"
    return "an XML document of another kind" if head.lstrip().startswith(b"<") else "plain text"


def _size(count: int) -> str:
    return f"{count / (1024 * 1024):.0f} MiB" if count >= 1024 * 1024 else f"{count} bytes"
