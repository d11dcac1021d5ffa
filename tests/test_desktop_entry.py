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
    assert exec_argv(values["TryExec"]) == argv[:1]
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
