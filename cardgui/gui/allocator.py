"""Memory the window frees goes back to the system (#30).

The window allocates large blocks and frees them again all the time: the
backing store and the table's pixmaps at every new window size, a deck's
pictures scaled while the renderer draws the new size, the rules and keys
pages' documents.  GNU libc serves a block of 128 KiB or more with its own
mapping, given back when freed, but raises that threshold to the size of
the largest such block freed so far (up to 32 MiB); from then on blocks of
that size come from the heap, and a heap's free memory below a block still
in use is kept by the process.  Measured over 2,000 random actions
(``bench/random_actions_memory.py``): resident memory grew by 15.7 MB, all
of it memory freed but kept; with the threshold fixed, by 5.2 MB.

So the threshold is fixed at glibc's own starting value, which turns off
its raising.  Elsewhere (another C library, another system) nothing is done.
A threshold the user set (``MALLOC_MMAP_THRESHOLD_``) is left as it is.
"""

from __future__ import annotations

import ctypes
import os
import sys

M_MMAP_THRESHOLD = -3             # mallopt's parameter number, from glibc's <malloc.h>
MMAP_THRESHOLD = 128 * 1024       # glibc's starting value, in bytes
USER_SETTING = "MALLOC_MMAP_THRESHOLD_"


def return_freed_memory() -> bool:
    """Fix glibc's threshold for serving a block with its own mapping (see
    the module's docstring); True if it was set here, False where this is
    not glibc or the user has set it."""
    if not sys.platform.startswith("linux") or not _glibc() or USER_SETTING in os.environ:
        return False
    try:
        libc = ctypes.CDLL("libc.so.6")
        return bool(libc.mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD))
    except (OSError, AttributeError):
        return False


def _glibc() -> bool:
    """True if this process runs on GNU libc (asked of the C library itself,
    as :func:`platform.libc_ver` does, without importing :mod:`platform`)."""
    try:
        version = os.confstr("CS_GNU_LIBC_VERSION")
    except (AttributeError, ValueError, OSError):
        return False
    return version is not None and version.startswith("glibc")
