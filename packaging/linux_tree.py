"""Lay out the Linux program folder (the .deb's /opt/cardgui): cardgui and
the parts of PySide6 it uses, run by the system's own Python.

    python packaging/linux_tree.py FOLDER

FOLDER (made afresh) gets:

- ``cardgui``: the program, a Python script run by ``/usr/bin/python3.X``
  (the version building it; the package depends on it) in isolated mode
  without ``site`` (``-IS``): nothing of the user's Python environment is
  read, and the folder's ``lib`` is the only place added to the path.
- ``lib/cardgui``: cardgui as pip installs it from this checkout (its
  compiled searches built where a compiler is, its card art and icons as
  the package ``cardgui.resources``).
- ``lib/PySide6``, ``lib/shiboken6``: from the build's environment, only
  what cardgui uses: the Qt modules QtCore, QtGui, QtWidgets and QtSvg, the
  Qt libraries they and the kept plugins need (followed through each
  library's DT_NEEDED), and the plugins a table needs (X11 and offscreen
  platforms, GL integration, SVG icons and images, compose-key input).

Every module is byte code compiled ahead, in place of its source (Python
finds ``name.pyc`` where ``name.py`` would be): nothing to compile, check
against a source or unpack at a start.

Why not a PyInstaller bundle, as on Windows and macOS
(packaging/cardgui.spec)?  A bundle embeds Python from its shared library,
and Debian's ``libpython3.X.so`` runs Python code with about 24% more
instructions than Debian's own ``python3.X``, which is built statically
with link-time and profile-guided optimisation (importing cardgui's command
line and Klondike's solver: 240.6 against 194.2 million instructions,
counted by callgrind); the bundle's run-time hooks also imported PySide6 in
every process it started, the help's workers included.  Run by the system's
Python, the installed program starts as ``./play`` does.

Raises SystemExit with a message if something it needs is missing.
"""

from __future__ import annotations

import compileall
import os
import pathlib
import py_compile
import shutil
import subprocess
import sys
import sysconfig

ROOT = pathlib.Path(__file__).resolve().parent.parent
USED_QT_MODULES = ("QtCore", "QtGui", "QtWidgets", "QtSvg")
# The Qt plugins kept, by plugin folder; a folder not named keeps none.
QT_PLUGINS = {
    "platforms": {"libqxcb.so", "libqoffscreen.so"},
    "xcbglintegrations": {"libqxcb-glx-integration.so", "libqxcb-egl-integration.so"},
    "iconengines": {"libqsvgicon.so"},
    "imageformats": {"libqsvg.so"},
    "platforminputcontexts": {"libcomposeplatforminputcontextplugin.so"},
}
PYSIDE_PYTHON_FILES = ("__init__.py", "_config.py", "_git_pyside_version.py")
INSTALLED_LIB = "/opt/cardgui/lib"      # where the package puts the folder's lib

LAUNCHER = '''#!{python} -IS
"""cardgui, as the Debian package installs it: the program's modules are in
the folder "lib" beside this file, run by the system's Python (see
packaging/linux_tree.py in cardgui's source)."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.realpath(__file__)), "lib"))

if __name__ == "__main__":       # not again in the processes multiprocessing spawns
    from cardgui.cli import main

    sys.exit(main())
'''


def site_packages() -> pathlib.Path:
    """The build environment's site-packages, where PySide6 is installed."""
    return pathlib.Path(sysconfig.get_paths()["purelib"])


def install_cardgui(lib: pathlib.Path, work: pathlib.Path) -> None:
    """cardgui from this checkout into ``lib``, as pip installs it, without
    its dependencies; from a fresh copy, so nothing a former build left in
    the source tree comes along."""
    source = work / "source"
    shutil.rmtree(source, ignore_errors=True)
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(
        ".git", ".venv", "venv", "build", "dist", "*.egg-info", "__pycache__", ".*_cache",
        ".hypothesis", "*.so"))
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
                    "--no-compile", "--disable-pip-version-check", "--target", str(lib),
                    str(source)], check=True, stdin=subprocess.DEVNULL)
    for needed in (lib / "cardgui" / "resources" / "cards" / "AS.svg",
                   lib / "cardgui" / "resources" / "icons" / "cardgui.svg"):
        if not needed.is_file():
            raise SystemExit(f"cardgui's art is missing from the installed package: {needed}")
    for leftover in lib.glob("*.dist-info"):
        shutil.rmtree(leftover)
    for source in [*lib.rglob("*.c"), *lib.rglob("*.h")]:     # of the compiled searches
        source.unlink()
    shutil.rmtree(lib / "bin", ignore_errors=True)     # pip's console scripts: not ours to run


def needed_libraries(path: pathlib.Path) -> list[str]:
    """The DT_NEEDED entries of the ELF file ``path`` (by ``objdump -p``)."""
    dump = subprocess.run(["objdump", "-p", str(path)], check=True, capture_output=True,
                          text=True).stdout
    return [line.split()[1] for line in dump.splitlines() if line.strip().startswith("NEEDED")]


def copy_pyside(lib: pathlib.Path) -> None:
    """The parts of PySide6 and shiboken6 cardgui uses, from the build's
    environment into ``lib``."""
    installed = site_packages()
    pyside, qt = installed / "PySide6", installed / "PySide6" / "Qt"
    if not (pyside / "QtCore.abi3.so").is_file():
        raise SystemExit(f"PySide6 is not installed in {installed}")
    shutil.copytree(installed / "shiboken6", lib / "shiboken6", ignore=shutil.ignore_patterns(
        "include", "*.pyi", "__pycache__", "py.typed"))
    target = lib / "PySide6"
    target.mkdir()
    for name in PYSIDE_PYTHON_FILES:
        if (pyside / name).is_file():
            shutil.copy2(pyside / name, target / name)
    roots = [pyside / f"{module}.abi3.so" for module in USED_QT_MODULES]
    roots += sorted(pyside.glob("libpyside6.abi3.so.*"))
    for folder, names in QT_PLUGINS.items():
        roots += [qt / "plugins" / folder / name for name in sorted(names)
                  if (qt / "plugins" / folder / name).is_file()]
    # The Qt libraries the roots need, and the ones those need in turn.
    available = {path.name: path for path in (qt / "lib").iterdir() if ".so" in path.name}
    kept: dict[str, pathlib.Path] = {}
    queue = list(roots)
    while queue:
        for name in needed_libraries(queue.pop()):
            if name in available and name not in kept:
                kept[name] = available[name]
                queue.append(available[name])
    for path in roots + list(kept.values()):
        destination = target / path.relative_to(pyside)
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, destination)


def compile_in_place(lib: pathlib.Path) -> None:
    """Byte code for every module in ``lib``, written where its source was
    (``name.pyc`` beside it), then the sources removed.  A traceback names
    the module's file as it is installed (under :data:`INSTALLED_LIB`), not
    as it was on the machine that built it."""
    if not compileall.compile_dir(str(lib), quiet=1, legacy=True, optimize=0,
                                  stripdir=str(lib), prependdir=INSTALLED_LIB,
                                  invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH):
        raise SystemExit("some of the program's modules do not compile")
    for source in lib.rglob("*.py"):
        source.unlink()
    for cache in lib.rglob("__pycache__"):
        shutil.rmtree(cache)


def strip_libraries(folder: pathlib.Path) -> None:
    """Debug symbols are dead weight in an installed program."""
    for path in folder.rglob("*.so*"):
        if path.is_file() and not path.is_symlink():
            subprocess.run(["strip", "--strip-unneeded", str(path)], check=True)


def lay_out(folder: pathlib.Path) -> None:
    """The program folder in ``folder`` (emptied first)."""
    python = f"/usr/bin/python{sys.version_info.major}.{sys.version_info.minor}"
    if os.path.realpath(sys.executable) != os.path.realpath(python):
        raise SystemExit(f"build with the system's Python ({python}), not {sys.executable}: "
                         "the package runs its modules with it")
    shutil.rmtree(folder, ignore_errors=True)
    lib = folder / "lib"
    lib.mkdir(parents=True)
    install_cardgui(lib, folder.parent / (folder.name + "-work"))
    shutil.rmtree(folder.parent / (folder.name + "-work"))
    copy_pyside(lib)
    compile_in_place(lib)
    strip_libraries(lib)
    launcher = folder / "cardgui"
    launcher.write_text(LAUNCHER.format(python=python), encoding="utf-8")
    launcher.chmod(0o755)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    lay_out(pathlib.Path(sys.argv[1]).resolve())
