"""Our own files, written so that a crash never leaves half a file, and read
so that nothing they contain can stop the program.

Only regular files are read, never through a link, never more than a size
limit, and only JSON of plain values (no ``NaN``, no ``Infinity``, no number
too large for a float, no nesting deep enough to exhaust the stack).  A file
that is damaged is set aside under a name that never overwrites one set aside
before; one that merely cannot be read or written now (its permissions, a
full disk) is never replaced, moved or set aside.  A message about a file
quotes only an ``excerpt`` of what was read from it.  Temporary files left by
an interrupted write are cleaned up.
"""

from __future__ import annotations

import errno
import json
import math
import os
import pathlib
import stat
import tempfile
import time
from typing import Any

MAX_BYTES = 16 * 1024 * 1024      # far above any real save or settings file
TEMPORARY_SUFFIX = ".tmp"
STALE_SECONDS = 60                # a temporary file this old belongs to no write in progress


EXCERPT_MOST = 160                # characters of a file's text a message may quote


class UnusableFile(ValueError):
    """A file of ours that exists but cannot be used; ``str()`` says why."""


def excerpt(text: str, most: int = EXCERPT_MOST) -> str:
    """``text`` if it is at most ``most`` characters, else its beginning and
    end with how much was left out between them: what a message may quote of
    anything read from a file (a field of megabytes must not reach a label)."""
    if len(text) <= most:
        return text
    head, tail = text[:most * 2 // 3], text[-(most // 4):]
    return f"{head}…[{len(text) - len(head) - len(tail):,} characters]…{tail}"


def write_json_atomically(path: pathlib.Path, data: Any) -> None:
    """Write ``data`` as JSON to ``path``: a temporary file beside it, flushed to
    disk, then renamed over the old one, so readers see the old or the new
    file, never a torn one.  A link at ``path`` is replaced, never followed;
    a file there that we may not write (read-only) is left as it is.

    Raises:
        PermissionError: if the file at ``path`` is read-only.
        OSError: if the folder cannot be written (or the disk is full).
        ValueError, TypeError: if ``data`` is not plain JSON data.
    """
    if path.exists() and not path.is_symlink() and not may_write(path):
        raise PermissionError(errno.EACCES, f"{path.name} is read-only", str(path))
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data, separators=(",", ":"), allow_nan=False)
    handle, temporary = tempfile.mkstemp(prefix=path.name + ".", suffix=TEMPORARY_SUFFIX,
                                         dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException:
        pathlib.Path(temporary).unlink(missing_ok=True)
        raise


def may_write(path: pathlib.Path) -> bool:
    """Whether this process may write the existing file ``path`` (as the user it
    acts as)."""
    effective = os.access in os.supports_effective_ids
    return os.access(path, os.W_OK, effective_ids=effective)


def read_bytes(path: pathlib.Path, limit: int = MAX_BYTES) -> bytes:
    """The bytes of the regular file ``path``, read without following a link
    and without waiting on a pipe.

    Raises:
        FileNotFoundError: if there is no such file.
        UnusableFile: if it is a link, a pipe, a device or a folder, or larger
            than ``limit``.
        OSError: if it cannot be read.
    """
    try:
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0)
                             | getattr(os, "O_NONBLOCK", 0))
    except OSError as error:
        if isinstance(error, FileNotFoundError):
            raise
        if path.is_symlink():
            raise UnusableFile(f"{path.name} is a link, not a file of cardgui's") from None
        raise
    with os.fdopen(descriptor, "rb") as stream:
        info = os.fstat(stream.fileno())
        if not stat.S_ISREG(info.st_mode):
            raise UnusableFile(f"{path.name} is not an ordinary file")
        if info.st_size > limit:
            raise UnusableFile(f"{path.name} is {info.st_size:,} bytes, more than any file "
                               f"of cardgui's ({limit:,})")
        data = stream.read(limit + 1)
    if len(data) > limit:
        raise UnusableFile(f"{path.name} is larger than any file of cardgui's")
    return data


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number cardgui writes")


def _finite(text: str) -> float:
    number = float(text)
    if not math.isfinite(number):
        raise ValueError(f"{text} is too large a number")
    return number


def read_json(path: pathlib.Path, limit: int = MAX_BYTES) -> Any:
    """The JSON in the regular file ``path`` (see ``read_bytes``).

    Raises:
        FileNotFoundError: if there is no such file.
        UnusableFile: if it cannot be used, saying why.
        OSError: if it cannot be read.
    """
    data = read_bytes(path, limit)
    try:
        return json.loads(data.decode("utf-8"), parse_constant=_refuse_constant,
                          parse_float=_finite)
    except UnicodeDecodeError:
        raise UnusableFile(f"{path.name} is not text") from None
    except RecursionError:
        raise UnusableFile(f"{path.name} nests too deep to be a file of cardgui's") from None
    except ValueError as error:
        raise UnusableFile(f"{path.name} is not valid JSON ({error})") from None


def set_aside(path: pathlib.Path) -> pathlib.Path | None:
    """Move an unusable file out of the way (kept for a bug report) as
    ``<name>.bad``, or ``<name>.2.bad`` and so on: never over one set aside
    before.  The new path, or None if it could not be moved."""
    for number in range(1, 1000):
        target = path.with_name(path.name + (".bad" if number == 1 else f".{number}.bad"))
        if target.exists() or target.is_symlink():
            continue
        try:
            os.rename(path, target)
            return target
        except OSError:
            return None
    return None


def clean_temporary_files(folder: pathlib.Path, now: float | None = None) -> int:
    """Remove temporary files an interrupted write left in ``folder`` (older
    than a minute, so no write in progress loses one); how many were removed."""
    now = time.time() if now is None else now
    removed = 0
    try:
        candidates = list(folder.glob("*" + TEMPORARY_SUFFIX))
    except OSError:
        return 0
    for candidate in candidates:
        try:
            info = candidate.lstat()
            if stat.S_ISREG(info.st_mode) and now - info.st_mtime > STALE_SECONDS:
                candidate.unlink()
                removed += 1
        except OSError:
            continue
    return removed
