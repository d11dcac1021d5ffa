"""packaging/build-deb: the program folder, the .deb built from it, and the
proof that what the .deb installs starts.

The package is built once for this module (about 30-50 seconds here), then
inspected with dpkg-deb, unpacked into a temporary folder and its program
started offscreen until it has drawn the table once.
"""

from __future__ import annotations

import os
import pathlib
import shutil
import stat
import subprocess
import sys

import pytest

from cardgui import __version__

pytestmark = pytest.mark.slow
ROOT = pathlib.Path(__file__).resolve().parents[2]
QT_NEEDS = ("libegl1", "libgl1", "libxcb1", "libfontconfig1", "libxkbcommon0")
ICON_SIZES = ("16x16", "22x22", "24x24", "32x32", "48x48", "64x64", "128x128", "256x256")
USED_QT_MODULES = {"QtCore", "QtGui", "QtWidgets", "QtSvg"}


@pytest.fixture(scope="module")
def deb() -> pathlib.Path:
    if shutil.which("dpkg-deb") is None:
        pytest.skip("builds a .deb: needs a Debian-like system (dpkg-deb)")
    built = subprocess.run([str(ROOT / "packaging" / "build-deb")], cwd="/", stdin=subprocess.DEVNULL,
                           capture_output=True, text=True, timeout=1200)
    assert built.returncode == 0, built.stderr[-4000:]
    print(built.stderr[-1000:])
    return pathlib.Path(built.stdout.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def unpacked(deb, tmp_path_factory) -> pathlib.Path:
    folder = tmp_path_factory.mktemp("unpacked")
    subprocess.run(["dpkg-deb", "-x", str(deb), str(folder)], check=True, timeout=300)
    return folder


def field(deb: pathlib.Path, name: str) -> str:
    return subprocess.run(["dpkg-deb", "-f", str(deb), name], check=True, capture_output=True,
                          text=True).stdout.strip()


def ar_members(path: pathlib.Path) -> list[str]:
    """The member names of an ar archive (a .deb is one)."""
    data = path.read_bytes()
    assert data.startswith(b"!<arch>\n")
    names, offset = [], 8
    while offset + 60 <= len(data):
        header = data[offset:offset + 60]
        names.append(header[:16].decode().strip().rstrip("/"))
        size = int(header[48:58].decode())
        offset += 60 + size + size % 2
    return names


def test_the_package_is_named_by_version_and_architecture(deb):
    architecture = subprocess.run(["dpkg", "--print-architecture"], capture_output=True,
                                  text=True, check=True).stdout.strip()
    assert deb == ROOT / "dist" / f"cardgui_{__version__}_{architecture}.deb"
    assert field(deb, "Package") == "cardgui"
    assert field(deb, "Version") == __version__
    assert field(deb, "Architecture") == architecture


def test_it_is_compressed_with_zstd(deb):
    assert ar_members(deb) == ["debian-binary", "control.tar.zst", "data.tar.zst"]


def test_it_depends_on_the_system_libraries_qt_needs_as_installed_here(deb):
    depends = [part.split("(")[0].strip() for part in field(deb, "Depends").split(",")]
    for library in QT_NEEDS:
        assert library in depends
    # Each one names a real package: the ones this machine runs the program with.
    status = subprocess.run(["dpkg-query", "-W", "-f=${Status}\\n", *depends],
                            capture_output=True, text=True)
    assert status.returncode == 0, status.stderr
    assert all(line.endswith("installed") for line in status.stdout.splitlines())


def test_it_suggests_the_card_deck_packages_and_bundles_none_of_their_art(deb, unpacked):
    suggests = [part.strip() for part in field(deb, "Suggests").split(",")]
    assert suggests == ["kdegames-card-data-kf5 | kdegames-card-data", "aisleriot"]
    share = unpacked / "usr" / "share"
    assert not (share / "carddecks").exists() and not (share / "aisleriot").exists()
    assert not list(unpacked.rglob("*.svgz")) and not list(unpacked.rglob("index.desktop"))


def test_it_installs_the_program_the_command_the_entry_and_the_icons(unpacked):
    program = unpacked / "opt" / "cardgui" / "cardgui"
    assert program.is_file() and program.stat().st_mode & stat.S_IXOTH
    command = unpacked / "usr" / "bin" / "cardgui"
    assert command.is_symlink() and os.readlink(command) == "/opt/cardgui/cardgui"
    assert (unpacked / "usr" / "share" / "applications" / "cardgui.desktop").is_file()
    hicolor = unpacked / "usr" / "share" / "icons" / "hicolor"
    for size in ICON_SIZES:
        assert (hicolor / size / "apps" / "cardgui.png").is_file(), size
    assert (hicolor / "scalable" / "apps" / "cardgui.svg").is_file()
    assert (unpacked / "usr" / "share" / "doc" / "cardgui" / "copyright").is_file()


def test_the_program_is_run_by_the_systems_python_which_the_package_depends_on(deb, unpacked):
    shebang = (unpacked / "opt" / "cardgui" / "cardgui").read_text().splitlines()[0]
    assert shebang.startswith("#!/usr/bin/python3.") and shebang.endswith(" -IS")
    python = shebang[2:].split()[0]
    assert os.path.realpath(python) == os.path.realpath(sys.executable)   # what .venv is made from
    depends = [part.split("(")[0].strip() for part in field(deb, "Depends").split(",")]
    assert pathlib.Path(python).name in depends


def test_the_program_starts_through_a_link_as_usr_bin_cardgui_is_one(unpacked, tmp_path):
    link = tmp_path / "bin" / "cardgui"
    link.parent.mkdir()
    link.symlink_to(unpacked / "opt" / "cardgui" / "cardgui")
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "LANG": "C.UTF-8"}
    version = subprocess.run([str(link), "--version"], env=env, cwd=tmp_path,
                             capture_output=True, text=True, timeout=60)
    assert version.returncode == 0, version.stderr
    assert version.stdout.strip() == f"cardgui {__version__}"


def test_its_modules_are_byte_code_compiled_ahead_with_no_source_to_check(unpacked):
    lib = unpacked / "opt" / "cardgui" / "lib"
    assert (lib / "cardgui" / "cli.pyc").is_file() and (lib / "PySide6" / "__init__.pyc").is_file()
    assert not list(lib.rglob("*.py")) and not list(lib.rglob("__pycache__"))
    # A traceback names the file where the package installs it.
    code = (lib / "cardgui" / "cli.pyc").read_bytes()
    assert b"/opt/cardgui/lib/cardgui/cli.py" in code


def test_the_card_art_and_icon_are_inside_the_program_folder(unpacked):
    resources = unpacked / "opt" / "cardgui" / "lib" / "cardgui" / "resources"
    faces = [f"{rank}{suit}.svg" for rank in "A 2 3 4 5 6 7 8 9 10 J Q K".split() for suit in "HSDC"]
    for name in faces + ["back.svg", "back-red.svg", "back-green.svg"]:
        assert (resources / "cards" / name).is_file(), name
    assert (resources / "icons" / "cardgui.svg").is_file()


def test_the_program_folder_leaves_out_the_qt_modules_cardgui_does_not_use(unpacked):
    pyside = unpacked / "opt" / "cardgui" / "lib" / "PySide6"
    modules = {path.name.split(".")[0] for path in pyside.glob("Qt*.so")}
    assert modules == USED_QT_MODULES
    libraries = {path.name for path in (pyside / "Qt" / "lib").iterdir()}
    assert not any(name.startswith(("libQt6Qml", "libQt6Quick", "libQt6WebEngine", "libQt6Network"))
                   for name in libraries), sorted(libraries)


def test_the_desktop_entry_is_valid_and_starts_the_installed_command(unpacked):
    entry = unpacked / "usr" / "share" / "applications" / "cardgui.desktop"
    validator = shutil.which("desktop-file-validate")
    assert validator, "desktop-file-validate is missing (apt-get install desktop-file-utils)"
    result = subprocess.run([validator, str(entry)], capture_output=True, text=True)
    assert result.returncode == 0 and not result.stdout.strip(), result.stdout
    values = dict(line.split("=", 1) for line in entry.read_text().splitlines() if "=" in line)
    assert values["Categories"] == "Game;CardGame;"
    assert values["Exec"] == "cardgui"      # /usr/bin/cardgui, on every desktop's PATH
    assert values["Icon"] == "cardgui"


def test_the_unpacked_program_starts_draws_its_first_frame_and_quits_cleanly(unpacked, tmp_path):
    program = unpacked / "opt" / "cardgui" / "cardgui"
    # An empty working folder and a bare environment: nothing found by accident.
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "LANG": "C.UTF-8",
           "CARDGUI_HOME": str(tmp_path / "data"), "QT_QPA_PLATFORM": "offscreen",
           "CARDGUI_EXIT_AFTER_FIRST_FRAME": "1"}
    version = subprocess.run([str(program), "--version"], env=env, cwd=tmp_path,
                             capture_output=True, text=True, timeout=60)
    assert version.stdout.strip() == f"cardgui {__version__}"
    started = subprocess.run([str(program), "klondike", "--deal", "1"], env=env, cwd=tmp_path,
                             capture_output=True, text=True, timeout=120)
    assert started.returncode == 0, started.stderr
    # The help's workers started after the first frame, and multiprocessing's
    # resource tracker with them: each must run as what it was started for,
    # not as the program reading its arguments as a command line.
    assert "usage: cardgui" not in started.stderr, started.stderr
    reports = [line.split() for line in started.stdout.splitlines()]
    assert len(reports) == 1 and reports[0][0] == "first-frame" and reports[0][1].isdigit(), \
        started.stdout
    print(f"first frame after {reports[0][1]} ms")
    # It closed as a player closes it: the game was saved where it was told.
    assert (tmp_path / "data" / "games" / "klondike.json").is_file()


def test_the_unpacked_program_runs_the_processes_it_spawns(unpacked, tmp_path):
    # A batch run solves its deals in worker processes (forked on Linux,
    # ``processes.batch_context``; the help's spawned workers are checked
    # above): each must still find the program's modules and answer.
    program = unpacked / "opt" / "cardgui" / "cardgui"
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "LANG": "C.UTF-8",
           "CARDGUI_HOME": str(tmp_path / "data"), "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run([str(program), "solve", "freecell", "--deals", "1-4"], env=env,
                          cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "usage: cardgui" not in done.stderr, done.stderr
    solved = [line for line in done.stdout.splitlines()
              if line.startswith("deal ") and ": winnable in " in line]
    assert len(solved) == 4, done.stdout
    assert "4 deals: 4 winnable" in done.stdout, done.stdout
