"""One owner at a time for a saved game: the window that holds it.

Two windows saving one game would each write over the other's moves, so the
window that opens a game first owns its save, and another window on the same
game plays without saving to it.  The owner holds an advisory lock on a
small file beside the save (``<game>.lock``, holding the owner's process id
for the message the other window gives).  The system drops the lock when the
owner's process ends, however it ends, so a window killed with kill -9 leaves
no stale owner; the lock file itself stays (removing it could race with a
window taking it).

The owner is a process: every ``Owner`` of one path in a process shares the
one lock (a window makes a new one each time it opens the save, and a test
may open one game twice in one process).  On POSIX the lock is ``flock``; on
Windows, ``msvcrt.locking`` on the file's first byte.
"""

from __future__ import annotations

import os
import pathlib
import sys

LOCK_SUFFIX = ".lock"
_HELD: dict[str, int] = {}      # this process's locks: the lock file's path, its descriptor


class Owner:
    """Ownership of the file ``path`` by this process: claimed with ``claim``,
    held until ``release`` or the end of the process."""

    def __init__(self, path: pathlib.Path) -> None:
        self.path = path
        self.lock_path = path.with_name(path.name + LOCK_SUFFIX)
        self._key = os.path.abspath(self.lock_path)

    @property
    def held(self) -> bool:
        return self._key in _HELD

    def claim(self) -> str:
        """Take ownership if no other process holds it: "" if it is this
        process's now (or no lock can be made here, where no save can be
        written either), else who holds it, in words (``process 1234``).
        Never waits."""
        if self._key in _HELD:
            return ""
        try:
            self.lock_path.parent.mkdir(parents=True, exist_ok=True)
            handle = os.open(self.lock_path, os.O_RDWR | os.O_CREAT
                             | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0),
                             0o644)
        except OSError:
            return ""
        if not _try_lock(handle):
            holder = _read_holder(handle)
            os.close(handle)
            return f"process {holder}" if holder else "another process"
        try:
            os.ftruncate(handle, 0)
            os.write(handle, f"{os.getpid()}\n".encode())
        except OSError:
            pass                           # the id is only for the other window's message
        _HELD[self._key] = handle
        return ""

    def release(self) -> None:
        """Let another process take it (closing the file drops the lock)."""
        handle = _HELD.pop(self._key, None)
        if handle is not None:
            os.close(handle)


def _try_lock(handle: int) -> bool:
    """Lock ``handle``'s file if no one else has it locked; never waits."""
    if sys.platform == "win32":
        import msvcrt

        try:
            msvcrt.locking(handle, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    import fcntl

    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    except OSError:
        return True          # no locks on this file system: nothing to guard with
    return True


def _read_holder(handle: int) -> str:
    try:
        text = os.pread(handle, 32, 0).decode("ascii", "replace").strip()
    except (OSError, AttributeError):
        return ""
    return text if text.isdigit() else ""
