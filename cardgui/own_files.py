"""Where cardgui's own files are: its card art, icons and desktop entry.

They are installed beside its code as the package ``cardgui.resources``
(pyproject.toml maps the repository's ``resources/`` to it), so the package's
folder is theirs wherever and however cardgui is installed: a wheel, an
editable install, the PyInstaller bundle (which keeps them as files beside
the package's byte code).  Found through the package rather than
:mod:`importlib.resources`, whose import (zipfile, tempfile and more) the
window's start would pay for nothing: no installation of cardgui is zipped.
"""

from __future__ import annotations

import importlib
from pathlib import Path


def own_files() -> Path:
    """The folder of cardgui's own files (``cards/``, ``icons/``,
    ``cardgui.desktop``).

    Raises:
        FileNotFoundError: if cardgui was installed without them.
    """
    package = importlib.import_module("cardgui.resources")   # mapped, so not a name mypy sees
    where = getattr(package, "__file__", None)
    if where is None:
        raise FileNotFoundError("this cardgui was installed without its own files "
                                "(the package cardgui.resources has no folder)")
    return Path(where).parent
