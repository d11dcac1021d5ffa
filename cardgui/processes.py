"""The processes cardgui starts: the help's workers, the deck renderer and a
batch run's pool.  Each is spawned (a fresh interpreter, never a fork of the
window's threads and display connection), and :mod:`multiprocessing` is
imported only when the first one starts, not with the window.

In the Windows and macOS installers the fresh interpreter is the bundle's
own executable, which its entry point (``packaging/cardgui_main.py``) turns
into the child asked for; elsewhere it is the Python running cardgui."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from multiprocessing.context import SpawnContext


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
