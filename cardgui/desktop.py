"""A menu item for people who installed cardgui with pip or pipx.

``cardgui --install-desktop-entry`` writes, under ``$XDG_DATA_HOME`` (by
default ``~/.local/share``):

    applications/cardgui.desktop
    icons/hicolor/<N>x<N>/apps/cardgui.png     each size the package ships
    icons/hicolor/scalable/apps/cardgui.svg

and ``cardgui --uninstall-desktop-entry`` removes exactly those files.  The
entry is the one the ``.deb`` installs (``cardgui/resources/cardgui.desktop``), with
``Exec`` pointing at the command that installed it, by its full path, because
the desktop's menu need not search the ``PATH`` a shell has.

Standard library only: no Qt is needed to install a menu item.
"""

from __future__ import annotations

import errno
import os
import pathlib
import secrets
import sys
import unicodedata
from typing import Iterator, Sequence, TextIO

from .own_files import own_files

APP_ID = "cardgui"
COMMAND_NAMES = ("cardgui", "cardgui-gui", "cardgui.exe", "cardgui-gui.exe")
# Characters the desktop entry spec reserves in an Exec argument: such an
# argument must be written in double quotes.
_RESERVED = set(" \t\n\"'\\><~|&;$*?#()`")
# What no value of a desktop entry may hold: control characters (the spec's
# strings exclude them; of those only tab, newline and return have escapes,
# and a path holding one is a trap, not a folder someone chose), a byte that
# is not UTF-8 (Python's stand-in for it, a lone surrogate), and the line and
# paragraph separators some readers take for the end of a line.
_UNWRITABLE = ("Cc", "Cs", "Zl", "Zp")


class UnsafePath(ValueError):
    """A path cardgui will not write into a desktop entry, or through; ``str()`` says why."""


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


def _check_writable(text: str) -> None:
    """Refuse ``text`` if it holds what no desktop entry may hold.

    Raises:
        UnsafePath: saying which character, escaped.
    """
    for character in text:
        if unicodedata.category(character) in _UNWRITABLE:
            raise UnsafePath(
                f"the command {ascii(text)} holds a control character or a byte that is "
                f"not UTF-8 ({ascii(character)}), which a desktop entry cannot hold; "
                "install cardgui in a folder whose path has none")


def exec_value(argv: Sequence[str]) -> str:
    """``argv`` written as the value of an ``Exec`` key.

    Quoting follows the desktop entry spec: an argument with a reserved
    character goes in double quotes with ``"`` `` ` `` ``$`` ``\\`` escaped by a
    backslash, ``%`` is doubled, and then, the value being a string, every
    backslash is doubled again.

    Raises:
        UnsafePath: if an argument holds a control character (see
            ``_UNWRITABLE``), or the program's path an equals sign, which the
            spec forbids there.
    """
    words = []
    for argument in argv:
        _check_writable(argument)
        argument = argument.replace("%", "%%")
        if any(character in _RESERVED for character in argument):
            escaped = "".join("\\" + c if c in '"`$\\' else c for c in argument)
            argument = f'"{escaped}"'
        words.append(argument.replace("\\", "\\\\"))
    if argv and "=" in argv[0]:
        raise UnsafePath(f"the program {ascii(argv[0])} has an equals sign in its path, which "
                         "the desktop entry spec does not allow in Exec; install cardgui in "
                         "a folder whose path has none")
    return " ".join(words)


def string_value(text: str) -> str:
    """``text`` as the value of a key of type string (``TryExec``): a backslash
    doubled, a space at either end written ``\\s`` (readers strip them).

    Raises:
        UnsafePath: if it holds a control character (see ``_UNWRITABLE``).
    """
    _check_writable(text)
    escaped = text.replace("\\", "\\\\")
    if escaped.startswith(" "):
        escaped = "\\s" + escaped[1:]
    if escaped.endswith(" "):
        escaped = escaped[:-1] + "\\s"
    return escaped


def entry_text(argv: Sequence[str]) -> str:
    """The packaged desktop entry with ``Exec`` (and ``TryExec``) set to run ``argv``.

    Raises:
        UnsafePath: if ``argv`` cannot be written into a desktop entry.
    """
    template = (own_files() / "cardgui.desktop").read_text(encoding="utf-8")
    lines = []
    for line in template.splitlines():
        if line.startswith("Exec="):
            lines.append(f"TryExec={string_value(argv[0])}")
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
    icons = own_files() / "icons"
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


# -- writing without following a link ----------------------------------------------------
#
# The data folder itself is the user's to choose (a link to another disk is
# theirs); below it, every folder is opened without following a link, and
# every file written is a new file of a random name (never one that exists,
# never a link) renamed over its place, which replaces a link there rather
# than writing through it.

_FOLDER = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_CLOEXEC", 0)
_NO_LINK = getattr(os, "O_NOFOLLOW", 0)


def _open_folder(base: pathlib.Path, below: pathlib.PurePath, create: bool) -> int:
    """A descriptor of the folder ``base / below``, each folder below ``base``
    opened without following a link (and made, with ``create``).

    Raises:
        UnsafePath: if one of them is a link, or not a folder.
        FileNotFoundError: if one is missing (and not ``create``).
        OSError: if one cannot be made or opened.
    """
    if create:
        base.mkdir(parents=True, exist_ok=True)
    folder = os.open(base, _FOLDER)
    reached = base
    try:
        for name in below.parts:
            reached = reached / name
            if create:
                try:
                    os.mkdir(name, 0o755, dir_fd=folder)
                except FileExistsError:
                    pass
            try:
                inner = os.open(name, _FOLDER | _NO_LINK, dir_fd=folder)
            except OSError as error:
                if error.errno in (errno.ELOOP, errno.ENOTDIR, errno.EMLINK):
                    what = ("a link" if os.path.islink(reached) else "not a folder")
                    raise UnsafePath(f"{reached} is {what}: cardgui writes nothing through "
                                     "it (remove it, or install the menu entry by hand)") from None
                raise
            os.close(folder)
            folder = inner
    except BaseException:
        os.close(folder)
        raise
    return folder


def _write_file(folder: int, name: str, content: bytes) -> None:
    """Write ``name`` in the open ``folder``: a new file beside it, then renamed
    over it (a link at ``name`` is replaced, never followed).

    Raises:
        OSError: if it cannot be written.
    """
    temporary = f".{name}.{secrets.token_hex(8)}.part"
    handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NO_LINK
                     | getattr(os, "O_CLOEXEC", 0), 0o644, dir_fd=folder)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(content)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, name, src_dir_fd=folder, dst_dir_fd=folder)
    except BaseException:
        try:
            os.unlink(temporary, dir_fd=folder)
        except OSError:
            pass
        raise


def install(base: pathlib.Path, argv: Sequence[str]) -> list[pathlib.Path]:
    """Write the entry running ``argv`` and the icons under ``base``; returns
    the files written.  Every folder on the way is checked (and made) before
    any file is written.

    Raises:
        UnsafePath: if ``argv`` cannot be written into an entry, or a folder
            below ``base`` on the way is a link.
        FileNotFoundError: if the package has no icon.
        OSError: if a file cannot be written.
    """
    text = entry_text(argv).encode("utf-8")
    icons = packaged_icons()
    targets = [(icon_path(base, folder), content) for folder, content in sorted(icons.items())]
    # Written last and whole, so a menu never shows an entry without its icon.
    targets.append((entry_path(base), text))
    folders: dict[pathlib.Path, int] = {}
    try:
        for path, _ in targets:
            if path.parent not in folders:
                folders[path.parent] = _open_folder(base, path.parent.relative_to(base), True)
        for path, content in targets:
            _write_file(folders[path.parent], path.name, content)
    finally:
        for descriptor in folders.values():
            os.close(descriptor)
    return [path for path, _ in targets]


def _subfolders(folder: int) -> Iterator[str]:
    """The names of the folders (not links) in the open ``folder``."""
    with os.scandir(folder) as entries:
        names = [entry.name for entry in entries if entry.is_dir(follow_symlinks=False)]
    yield from sorted(names)


def uninstall(base: pathlib.Path) -> list[pathlib.Path]:
    """Remove cardgui's entry and icons under ``base``, of every size; returns
    the files removed (none if none were there).  A folder that is a link is
    not entered: nothing of cardgui's is written through one.

    Raises:
        OSError: if a file cannot be removed.
    """
    places = [(pathlib.PurePath("applications"), [f"{APP_ID}.desktop"])]
    try:
        hicolor = _open_folder(base, pathlib.PurePath("icons", "hicolor"), False)
    except (FileNotFoundError, UnsafePath):
        pass
    else:
        try:
            places += [(pathlib.PurePath("icons", "hicolor", size, "apps"),
                        [f"{APP_ID}.png", f"{APP_ID}.svg"]) for size in _subfolders(hicolor)]
        finally:
            os.close(hicolor)
    removed = []
    for below, names in places:
        try:
            folder = _open_folder(base, below, False)
        except (FileNotFoundError, UnsafePath):
            continue
        try:
            for name in names:
                try:
                    os.unlink(name, dir_fd=folder)       # a link is removed, not followed
                except FileNotFoundError:
                    continue
                removed.append(base / below / name)
        finally:
            os.close(folder)
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
    except (OSError, UnsafePath) as error:
        print(f"cardgui: {error}", file=err)
        return 1
    return 0
