"""Where cardgui keeps its files: the saved game, settings and statistics
(``data_dir``), and the pictures it can draw again (``cache_dir``).

``$CARDGUI_HOME`` wins for the data when set (the tests use it), and holds
the caches too unless ``$XDG_CACHE_HOME`` names their place; otherwise the
platform's places for application data and for caches.
"""

from __future__ import annotations

import os
import pathlib
import sys


def data_dir() -> pathlib.Path:
    """The folder for cardgui's files, created if missing and possible (when it
    cannot be, each file's reader and writer says so in its own words)."""
    override = os.environ.get("CARDGUI_HOME")
    if override:
        folder = pathlib.Path(override)
    elif sys.platform == "win32":
        folder = pathlib.Path(os.environ.get("APPDATA", pathlib.Path.home())) / "cardgui"
    elif sys.platform == "darwin":
        folder = pathlib.Path.home() / "Library" / "Application Support" / "cardgui"
    else:
        base = os.environ.get("XDG_DATA_HOME") or pathlib.Path.home() / ".local" / "share"
        folder = pathlib.Path(base) / "cardgui"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        pass
    return folder


def cache_dir() -> pathlib.Path:
    """The folder for what cardgui can make again (pictures drawn before):
    ``$XDG_CACHE_HOME/cardgui`` when that is set, else ``cache`` in
    ``$CARDGUI_HOME`` when that is set (so a run with its own home does not
    write the user's cache), else ``~/.cache/cardgui``; on Windows and macOS
    beside cardgui's data.  Not created here."""
    base = os.environ.get("XDG_CACHE_HOME", "")
    if base and os.path.isabs(base):
        return pathlib.Path(base) / "cardgui"
    if os.environ.get("CARDGUI_HOME") or sys.platform in ("win32", "darwin"):
        return data_dir() / "cache"
    return pathlib.Path.home() / ".cache" / "cardgui"
