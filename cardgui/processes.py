"""The processes cardgui starts: the help's workers, the deck renderer and a
batch run's pool.  Each is spawned (a fresh interpreter, never a fork of the
window's threads and display connection), and :mod:`multiprocessing` is
imported only when the first one starts, not with the window.  The one
exception is a batch run's pool on Linux outside a bundle (``batch_context``):
a terminal command with no window and no thread, whose workers are forked.

In the Windows and macOS installers the fresh interpreter is the bundle's
own executable, which its entry point (``packaging/cardgui_main.py``) turns
into the child asked for; elsewhere it is the Python running cardgui."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from multiprocessing.context import ForkContext, SpawnContext


def spawning() -> SpawnContext:
    """The context every process cardgui starts comes from."""
    import multiprocessing
    import multiprocessing.process

    if getattr(sys, "frozen", False):
        # The bundle's main script is no file a child could run again: keep
        # its path as the bundle gives it, so the child sees it as its own
        # __main__ (as PyInstaller's multiprocessing hook does, which the
        # bundle leaves out: it imported multiprocessing at every start).
        multiprocessing.process.ORIGINAL_DIR = None  # type: ignore[attr-defined]
    return multiprocessing.get_context("spawn")


def batch_context() -> ForkContext | SpawnContext:
    """The context a batch run's workers (``cardgui solve --deals``) come
    from: forked on Linux, when not in a bundle, else ``spawning``'s.

    A batch run is a terminal command: it has no window, no display
    connection and no thread of its own when its pool starts, so a fork
    copies nothing unsafe, and its workers start with the modules the
    command has already imported.  A spawned worker starts an interpreter
    and imports them again, and the pool a resource tracker besides: 0.28 s
    of processor time a run on two cores (``cardgui solve freecell --deals
    1-2``: 0.49 s spawned, 0.21 s forked, medians of 12 runs).  macOS
    (where system libraries may not survive a fork) and Windows (no fork)
    spawn, as does a bundle, whose own executable is what a spawned child
    runs.
    """
    import multiprocessing

    if sys.platform == "linux" and not getattr(sys, "frozen", False):
        return multiprocessing.get_context("fork")
    return spawning()
