"""A menu item for people who installed cardgui with pip or pipx.

``cardgui --install-desktop-entry`` writes, under ``$XDG_DATA_HOME`` (by
default ``~/.local/share``):

    applications/cardgui.desktop
    icons/hicolor/<N>x<N>/apps/cardgui.png     each size the package ships
    icons/hicolor/scalable/apps/cardgui.svg

and ``cardgui --uninstall-desktop-entry`` removes exactly those files.  The
entry is the one the ``.deb`` installs (``resources/cardgui.desktop``), with
``Exec`` pointing at the command that installed it, by its full path, because
the desktop's menu need not search the ``PATH`` a shell has.

Standard library only: no Qt is needed to install a menu item.
"""

from __future__ import annotations

import os
import pathlib
import sys
from importlib.resources import files
from typing import Sequence, TextIO

APP_ID = "cardgui"
COMMAND_NAMES = ("cardgui", "cardgui-gui", "cardgui.exe", "cardgui-gui.exe")
# Characters the desktop entry spec reserves in an Exec argument: such an
# argument must be written in double quotes.
_RESERVED = set(" \t\n\"'\\><~|&;$*?#()`")


def data_home() -> pathlib.Path:
    """``$XDG_DATA_HOME`` if it is set to an absolute path, else ``~/.local/share``."""
    value = os.environ.get("XDG_DATA_HOME", "")
    if value and os.path.isabs(value):
        return pathlib.Path(value)
    return pathlib.Path.home() / ".local" / "share"


def launcher() -> list[str]:
    """The command line that starts this installation of cardgui.

    A frozen bundle starts itself; the ``cardgui`` script that is running
    (pip's or pipx's) is named by its absolute path; otherwise (``python -m
    cardgui``) the interpreter that is running, with ``-m cardgui``.
    """
    if getattr(sys, "frozen", False):
        return [os.path.abspath(sys.executable)]
    script = pathlib.Path(sys.argv[0]) if sys.argv and sys.argv[0] else None
    if script is not None and script.name in COMMAND_NAMES and script.is_file():
        return [os.path.abspath(script)]
    return [os.path.abspath(sys.executable), "-m", "cardgui"]


def exec_value(argv: Sequence[str]) -> str:
    """``argv`` written as the value of an ``Exec`` key.

    Quoting follows the desktop entry spec: an argument with a reserved
    character goes in double quotes with ``"`` `` ` `` ``$`` ``\\`` escaped by a
    backslash, ``%`` is doubled, and then, the value being a string, every
    backslash is doubled again.
    """
    words = []
    for argument in argv:
        argument = argument.replace("%", "%%")
        if any(character in _RESERVED for character in argument):
            escaped = "".join("\\" + c if c in '"`$\\' else c for c in argument)
            argument = f'"{escaped}"'
        words.append(argument.replace("\\", "\\\\"))
    return " ".join(words)


def entry_text(argv: Sequence[str]) -> str:
    """The packaged desktop entry with ``Exec`` (and ``TryExec``) set to run ``argv``."""
    template = (files("cardgui.resources") / "cardgui.desktop").read_text(encoding="utf-8")
    lines = []
    for line in template.splitlines():
        if line.startswith("Exec="):
            lines.append(f"TryExec={exec_value(argv[:1])}")
            lines.append(f"Exec={exec_value(argv)}")
        elif not line.startswith("TryExec="):
            lines.append(line)
    return "\n".join(lines) + "\n"


def packaged_icons() -> dict[str, bytes]:
    """The icon files to install: hicolor sub-folder (``48x48``, ``scalable``)
    to content.

    Raises:
        FileNotFoundError: if the package has no scalable icon.
    """
    icons = files("cardgui.resources") / "icons"
    scalable = icons / "cardgui.svg"
    if not scalable.is_file():
        raise FileNotFoundError("this cardgui was installed without its icon "
                                "(cardgui/resources/icons/cardgui.svg is missing)")
    found = {"scalable": scalable.read_bytes()}
    hicolor = icons / "hicolor"
    if hicolor.is_dir():
        for size in hicolor.iterdir():
            png = size / "apps" / "cardgui.png"
            if png.is_file():
                found[size.name] = png.read_bytes()
    return found


def entry_path(base: pathlib.Path) -> pathlib.Path:
    return base / "applications" / f"{APP_ID}.desktop"


def icon_path(base: pathlib.Path, folder: str) -> pathlib.Path:
    suffix = "svg" if folder == "scalable" else "png"
    return base / "icons" / "hicolor" / folder / "apps" / f"{APP_ID}.{suffix}"


def install(base: pathlib.Path, argv: Sequence[str]) -> list[pathlib.Path]:
    """Write the entry running ``argv`` and the icons under ``base``; returns
    the files written.

    Raises:
        FileNotFoundError: if the package has no icon.
        OSError: if a file cannot be written.
    """
    icons = packaged_icons()
    written = []
    for folder, content in sorted(icons.items()):
        path = icon_path(base, folder)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content)
        written.append(path)
    entry = entry_path(base)
    entry.parent.mkdir(parents=True, exist_ok=True)
    # Written last and whole, so a menu never shows an entry without its icon.
    partial = entry.with_name(f".{entry.name}.part")
    partial.write_text(entry_text(argv), encoding="utf-8")
    os.replace(partial, entry)
    written.append(entry)
    return written


def uninstall(base: pathlib.Path) -> list[pathlib.Path]:
    """Remove cardgui's entry and icons under ``base``, of every size; returns
    the files removed (none if none were there).

    Raises:
        OSError: if a file cannot be removed.
    """
    candidates = [entry_path(base)]
    hicolor = base / "icons" / "hicolor"
    if hicolor.is_dir():
        candidates += sorted(hicolor.glob(f"*/apps/{APP_ID}.png"))
        candidates += sorted(hicolor.glob(f"*/apps/{APP_ID}.svg"))
    removed = []
    for path in candidates:
        if path.is_file() or path.is_symlink():
            path.unlink()
            removed.append(path)
    return removed


def main(install_entry: bool, out: TextIO, err: TextIO) -> int:
    """``--install-desktop-entry`` (``install_entry``) or
    ``--uninstall-desktop-entry``; returns the exit status (1 if it failed)."""
    if sys.platform in ("win32", "darwin"):
        print("Desktop entries are for Linux and other freedesktop.org desktops; on "
              "Windows and macOS the installer makes the shortcuts.", file=err)
        return 1
    base = data_home()
    try:
        if install_entry:
            argv = launcher()
            written = install(base, argv)
            print(f"Installed {entry_path(base)}, which runs {' '.join(argv)}, and "
                  f"{len(written) - 1} icons under {base / 'icons' / 'hicolor'}.", file=out)
        else:
            removed = uninstall(base)
            if removed:
                print(f"Removed {len(removed)} files:", *removed, sep="\n  ", file=out)
            else:
                print(f"No cardgui desktop entry or icon was installed under {base}.", file=out)
    except OSError as error:
        print(f"cardgui: {error}", file=err)
        return 1
    return 0
