"""Where cardgui's own files are: its card art, icons and desktop entry.

They live in the package ``cardgui.resources``, the folder ``resources``
beside this module, so they are found wherever and however cardgui is
installed (a wheel, an editable install, the PyInstaller bundle, which keeps
them as files beside the package's byte code) and never through the working
directory.  Found by path rather than through :mod:`importlib.resources`,
whose import (zipfile, tempfile and more) the window's start would pay for
nothing: no installation of cardgui is zipped.
"""

from __future__ import annotations

from pathlib import Path


def own_files() -> Path:
    """The folder of cardgui's own files (``cards/``, ``icons/``,
    ``cardgui.desktop``).

    Raises:
        FileNotFoundError: if cardgui was installed without them.
    """
    folder = Path(__file__).parent / "resources"
    if not (folder / "cards").is_dir():
        raise FileNotFoundError(f"this cardgui was installed without its own files: "
                                f"{folder / 'cards'} is not a folder")
    return folder
