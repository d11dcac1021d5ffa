"""``cardgui --version`` and the menu item a pip or pipx user installs with
``cardgui --install-desktop-entry`` (and removes with ``--uninstall-desktop-entry``)."""

from __future__ import annotations

import os
import pathlib
import shutil
import struct
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardgui import __version__, desktop
from cardgui.cli import main

COMMAND = pathlib.Path(sys.executable).parent / "cardgui"
needs_command = pytest.mark.skipif(
    not COMMAND.is_file(), reason=f"cardgui is not installed as a command beside {sys.executable}")
SIZES = ("16x16", "22x22", "24x24", "32x32", "48x48", "64x64", "128x128", "256x256")


def run(command: list[str], data_home: pathlib.Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "XDG_DATA_HOME": str(data_home)}
    return subprocess.run(command, env=env, capture_output=True, text=True, timeout=60)


def entry_values(path: pathlib.Path) -> dict[str, str]:
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "[Desktop Entry]"
    return dict(line.split("=", 1) for line in lines[1:] if "=" in line)


def exec_argv(value: str) -> list[str]:
    """An Exec value read back as the spec says: string escapes first (``\\\\``
    is one backslash), then arguments split at spaces, double quotes grouping,
    a backslash inside them taking the next character literally; then %% is %."""
    unescaped = value.replace("\\\\", "\\")
    words, word, quoted, index = [], None, False, 0
    while index < len(unescaped):
        character = unescaped[index]
        if quoted and character == "\\":
            index += 1
            word += unescaped[index]
        elif character == '"':
            quoted = not quoted
            word = word or ""
        elif character == " " and not quoted:
            if word is not None:
                words.append(word)
            word = None
        else:
            word = (word or "") + character
        index += 1
    assert not quoted, f"unbalanced quotes in {value!r}"
    if word is not None:
        words.append(word)
    return [word.replace("%%", "%") for word in words]


def string_value(value: str) -> str:
    """A value of type string read back as the spec says: its escapes undone."""
    escapes = {"s": " ", "n": "\n", "t": "\t", "r": "\r", "\\": "\\"}
    text, index = [], 0
    while index < len(value):
        if value[index] == "\\":
            index += 1
            text.append(escapes[value[index]])
        else:
            text.append(value[index])
        index += 1
    return "".join(text)


def png_size(path: pathlib.Path) -> str:
    header = path.read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    width, height = struct.unpack(">II", header[16:24])
    return f"{width}x{height}"


def validate(entry: pathlib.Path) -> None:
    validator = shutil.which("desktop-file-validate")
    if validator is None:
        pytest.skip("needs desktop-file-validate (apt-get install desktop-file-utils)")
    result = subprocess.run([validator, str(entry)], capture_output=True, text=True)
    assert result.returncode == 0 and not result.stdout.strip(), result.stdout + result.stderr


@needs_command
def test_version_prints_the_version(tmp_path):
    result = run([str(COMMAND), "--version"], tmp_path)
    assert result.returncode == 0
    assert result.stdout.strip() == f"cardgui {__version__}"


@needs_command
def test_install_writes_a_valid_entry_that_runs_this_cardgui_and_the_icons(tmp_path):
    result = run([str(COMMAND), "--install-desktop-entry"], tmp_path)
    assert result.returncode == 0, result.stderr

    entry = tmp_path / "applications" / "cardgui.desktop"
    validate(entry)
    values = entry_values(entry)
    assert values["Type"] == "Application"
    assert values["Categories"] == "Game;CardGame;"
    assert values["Icon"] == "cardgui"
    argv = exec_argv(values["Exec"])
    assert argv == [str(COMMAND)]
    assert string_value(values["TryExec"]) == argv[0]      # a path, not a command line
    started = subprocess.run([*argv, "--version"], capture_output=True, text=True, timeout=60)
    assert started.stdout.strip() == f"cardgui {__version__}"

    icons = tmp_path / "icons" / "hicolor"
    for size in SIZES:
        assert png_size(icons / size / "apps" / "cardgui.png") == size
    svg = (icons / "scalable" / "apps" / "cardgui.svg").read_bytes()
    assert b"<svg" in svg


@needs_command
def test_an_odd_path_to_the_command_is_quoted_so_the_entry_still_runs_it(tmp_path):
    odd = tmp_path / 'my "odd" $folder 100%'
    odd.mkdir()
    (odd / "cardgui").symlink_to(COMMAND)
    data_home = tmp_path / "share"
    assert run([str(odd / "cardgui"), "--install-desktop-entry"], data_home).returncode == 0

    entry = data_home / "applications" / "cardgui.desktop"
    validate(entry)
    argv = exec_argv(entry_values(entry)["Exec"])
    assert argv == [str(odd / "cardgui")]
    started = subprocess.run([*argv, "--version"], capture_output=True, text=True, timeout=60)
    assert started.stdout.strip() == f"cardgui {__version__}"


def test_exec_quoting_follows_the_desktop_entry_spec():
    assert desktop.exec_value(["/usr/bin/cardgui"]) == "/usr/bin/cardgui"
    assert desktop.exec_value(["/opt/a b/python", "-m", "cardgui"]) == '"/opt/a b/python" -m cardgui'
    assert desktop.exec_value(['/x"y/cardgui']) == '"/x\\\\"y/cardgui"'
    assert desktop.exec_value(["/x\\y"]) == '"/x\\\\\\\\y"'
    assert desktop.exec_value(["/50%/cardgui"]) == "/50%%/cardgui"


def test_uninstall_removes_the_entry_and_icons_and_nothing_else(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert main(["--install-desktop-entry"]) == 0
    others = [tmp_path / "applications" / "other.desktop",
              tmp_path / "icons" / "hicolor" / "48x48" / "apps" / "other.png"]
    for other in others:
        other.write_text("someone else's")
    assert main(["--uninstall-desktop-entry"]) == 0

    left = sorted(path for path in tmp_path.rglob("*") if path.is_file())
    assert left == sorted(others)
    capsys.readouterr()
    assert main(["--uninstall-desktop-entry"]) == 0
    assert "No cardgui desktop entry" in capsys.readouterr().out


def test_python_m_cardgui_installs_an_entry_running_this_python(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.setattr(sys, "argv", ["/somewhere/cardgui/__main__.py"])
    assert main(["--install-desktop-entry"]) == 0
    argv = exec_argv(entry_values(tmp_path / "applications" / "cardgui.desktop")["Exec"])
    assert argv == [os.path.abspath(sys.executable), "-m", "cardgui"]


def test_without_xdg_data_home_the_entry_goes_under_the_home_folder(tmp_path, monkeypatch):
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert main(["--install-desktop-entry"]) == 0
    assert (tmp_path / ".local" / "share" / "applications" / "cardgui.desktop").is_file()


def test_a_folder_that_cannot_be_written_is_reported_and_exits_1(tmp_path, monkeypatch, capsys):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocker))
    assert main(["--install-desktop-entry"]) == 1
    assert "cardgui:" in capsys.readouterr().err


@pytest.mark.parametrize("words", [["--install-desktop-entry", "klondike"],
                                   ["--install-desktop-entry", "--uninstall-desktop-entry"]])
def test_the_flags_take_no_command_and_exclude_each_other(words, capsys):
    with pytest.raises(SystemExit) as stopped:
        main(words)
    assert stopped.value.code == 2
    assert "error:" in capsys.readouterr().err


# -- hostile paths: control characters, and links left where the entry is written -------

CONTROL = ["\n", "\t", "\r", "\x01", "\x1b", "\x7f", "\x85", "\u2028", "\udcff"]


@pytest.mark.parametrize("character", CONTROL, ids=[repr(c) for c in CONTROL])
def test_a_command_path_with_a_control_character_is_refused_and_nothing_written(
        tmp_path, monkeypatch, capsys, character):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    monkeypatch.setattr(desktop, "launcher", lambda: [f"/opt/odd{character}Exec=evil/cardgui"])
    assert main(["--install-desktop-entry"]) == 1
    line = capsys.readouterr().err.rstrip("\n")
    assert "cardgui:" in line and "control character" in line
    assert "\n" not in line and character not in line      # named, never written raw
    assert not (tmp_path / "share").exists() or not any((tmp_path / "share").rglob("*.*"))


def test_a_program_path_with_an_equals_sign_is_refused(tmp_path):
    with pytest.raises(desktop.UnsafePath, match="equals sign"):
        desktop.install(tmp_path, ["/opt/a=b/cardgui"])
    assert not any(tmp_path.rglob("*.*"))
    desktop.install(tmp_path, ["/usr/bin/python3", "-m", "cardgui", "--x=y"])   # an argument may


def test_a_path_with_spaces_is_a_plain_path_in_tryexec(tmp_path):
    desktop.install(tmp_path, ["/opt/my games/cardgui "])
    values = entry_values(desktop.entry_path(tmp_path))
    assert values["TryExec"] == "/opt/my games/cardgui\\s"
    validate(desktop.entry_path(tmp_path))


# Any text a path may hold but a control character (and a lone surrogate, a byte
# that is not UTF-8): written so that desktop-file-validate passes it and the
# Exec line reads back as the same command.
path_text = st.text(st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")),
                    min_size=1, max_size=30)


@settings(max_examples=120, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(argv=st.lists(path_text, min_size=1, max_size=3))
def test_any_printable_command_gives_a_valid_entry_that_reads_back(tmp_path, argv):
    argv = ["/" + argv[0].replace("=", "-"), *argv[1:]]
    written = desktop.install(tmp_path, argv)
    entry = tmp_path / "applications" / "cardgui.desktop"
    assert entry in written
    validate(entry)
    values = entry_values(entry)
    assert exec_argv(values["Exec"]) == argv
    assert string_value(values["TryExec"]) == argv[0]


def written_paths(base: pathlib.Path) -> list[pathlib.Path]:
    """Every file an install writes under ``base``."""
    return [desktop.icon_path(base, folder) for folder in desktop.packaged_icons()] \
        + [desktop.entry_path(base)]


@pytest.mark.parametrize("where", ["entry", "icon", "old temporary name"])
def test_a_link_at_a_path_it_writes_is_replaced_never_followed(tmp_path, where):
    base, victim = tmp_path / "share", tmp_path / "victim.txt"
    victim.write_text("a stranger's file")
    entry = desktop.entry_path(base)
    link = {"entry": entry, "icon": desktop.icon_path(base, "48x48"),
            "old temporary name": entry.with_name(f".{entry.name}.part")}[where]
    link.parent.mkdir(parents=True)
    link.symlink_to(victim)
    desktop.install(base, ["/usr/bin/cardgui"])
    assert victim.read_text() == "a stranger's file"
    assert [path for path in written_paths(base) if path.is_symlink()] == []
    assert entry_values(entry)["Exec"] == "/usr/bin/cardgui"
    assert sorted(path.name for path in entry.parent.iterdir()
                  if path.name.startswith(".") and path != link) == []   # no temporary left


@pytest.mark.parametrize("folder", ["applications", "icons", "icons/hicolor/48x48",
                                    "icons/hicolor/48x48/apps"])
def test_a_linked_folder_on_the_way_is_refused_and_not_written_through(
        tmp_path, monkeypatch, capsys, folder):
    base, elsewhere = tmp_path / "share", tmp_path / "elsewhere"
    elsewhere.mkdir()
    (base / folder).parent.mkdir(parents=True, exist_ok=True)
    (base / folder).symlink_to(elsewhere, target_is_directory=True)
    monkeypatch.setenv("XDG_DATA_HOME", str(base))
    assert main(["--install-desktop-entry"]) == 1
    err = capsys.readouterr().err
    assert "link" in err and folder.split("/")[-1] in err
    assert list(elsewhere.rglob("*")) == []
    assert not any(path.exists() for path in written_paths(base))      # refused before writing


def test_uninstall_does_not_follow_a_linked_folder(tmp_path, monkeypatch):
    base, elsewhere = tmp_path / "share", tmp_path / "elsewhere"
    (elsewhere / "apps").mkdir(parents=True)
    (elsewhere / "apps" / "cardgui.png").write_text("not ours")
    desktop.install(base, ["/usr/bin/cardgui"])
    (base / "icons" / "hicolor" / "99x99").symlink_to(elsewhere, target_is_directory=True)
    monkeypatch.setenv("XDG_DATA_HOME", str(base))
    assert main(["--uninstall-desktop-entry"]) == 0
    assert (elsewhere / "apps" / "cardgui.png").read_text() == "not ours"
    assert not any(path.exists() for path in written_paths(base))
