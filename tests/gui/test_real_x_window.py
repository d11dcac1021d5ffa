"""The real program in a real X window under Xvfb, driven by xdotool: a drag
with the mouse, some of the book's keys, and X to quit.

Skips, saying why, where Xvfb, xdotool or ImageMagick's ``import`` is missing
(the README's test command installs them).
"""

from __future__ import annotations

import json
import os
import pathlib
import shutil
import subprocess
import sys
import time

import pytest

from cardgui.engine.games import find_game
from cardgui.engine.games.klondike.game import Klondike
from cardgui.engine.games.klondike.table import klondike_table
from cardgui.engine.piles import tableau
from cardgui.gui.layout import Geometry
from cardgui.session import GameSession
from cardgui.store.replay import GameLog
from cardgui.store.saves import SavedGame
from tests.played import keyed

pytestmark = pytest.mark.slow
TOOLS = ["Xvfb", "xdotool", "import"]
TABLE_GREEN = (22, 102, 58)


@pytest.fixture
def x_display():
    missing = [tool for tool in TOOLS if shutil.which(tool) is None]
    if missing:
        pytest.skip(f"needs {', '.join(missing)} (apt-get install xvfb xdotool imagemagick)")
    server = subprocess.Popen(["Xvfb", "-displayfd", "1", "-screen", "0", "1280x800x24",
                               "-nolisten", "tcp"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    try:
        number = server.stdout.readline().decode().strip()
        assert number.isdigit(), "Xvfb did not report its display"
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(timeout=10)


def xdotool(display: str, *args: str) -> str:
    return subprocess.run(["xdotool", *args], env={**os.environ, "DISPLAY": display},
                          capture_output=True, text=True, timeout=30).stdout.strip()


def table_rect(display: str, folder: pathlib.Path) -> tuple[int, int, int, int]:
    """The table's rectangle on screen, found as the extent of its green."""
    from PySide6.QtGui import QImage

    shot = folder / "screen.png"
    subprocess.run(["import", "-window", "root", str(shot)], check=True, timeout=30,
                   env={**os.environ, "DISPLAY": display})
    image = QImage(str(shot))

    def green(x: int, y: int) -> bool:
        colour = image.pixelColor(x, y)
        return (colour.red(), colour.green(), colour.blue()) == TABLE_GREEN

    column = next(x for x in range(image.width()) if any(green(x, y) for y in range(0, 400, 4)))
    ys = [y for y in range(image.height()) if green(column + 2, y)]
    top, bottom = ys[0], ys[-1]
    row = bottom - 3
    xs = [x for x in range(image.width()) if green(x, row)]
    return xs[0], top, xs[-1] - xs[0] + 1, bottom - top + 1


def saved_commands(home: pathlib.Path) -> list[list]:
    try:
        return json.loads((home / "games" / "klondike.json").read_text())["commands"]
    except (FileNotFoundError, ValueError, KeyError):
        return []


def wait_for(condition, timeout: float = 20.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.1)
    return False


def test_drag_keys_and_quit_in_a_real_window(x_display, tmp_path):
    env = {**os.environ, "DISPLAY": x_display, "QT_QPA_PLATFORM": "xcb",
           "CARDGUI_HOME": str(tmp_path), "CARDGUI_NO_ANIMATION": "1"}
    # Output goes to a file, not a pipe: a help worker may hold a pipe open
    # after the window is gone, and reading it would then wait for ever.
    output_file = tmp_path / "output.txt"
    with output_file.open("wb") as output:
        program = subprocess.Popen([sys.executable, "-m", "cardgui", "klondike", "--deal", "1"],
                                   env=env, stdout=output, stderr=subprocess.STDOUT,
                                   stdin=subprocess.DEVNULL)
    try:
        window = xdotool(x_display, "search", "--sync", "--onlyvisible", "--name", "Klondike 1")
        assert window, "the window did not appear"
        # No window manager runs here to give the new window the keyboard focus.
        xdotool(x_display, "windowfocus", "--sync", window.split()[0])
        assert wait_for(lambda: (tmp_path / "games" / "klondike.json").exists())
        time.sleep(0.5)
        left, top, width, height = table_rect(x_display, tmp_path)
        game = Klondike(1)
        geometry = Geometry(klondike_table(game), width, height)
        # Deal 1: the queen of clubs alone in stack 1 goes onto the king of diamonds.
        x1, y1 = geometry.pile_origin(tableau(1))
        x6, y6 = geometry.card_places(tableau(6), game.pile(tableau(6)))[-1].x, \
            geometry.card_places(tableau(6), game.pile(tableau(6)))[-1].y
        start = (left + x1 + geometry.card_width / 2, top + y1 + geometry.card_height / 2)
        end = (left + x6 + geometry.card_width / 2, top + y6 + geometry.card_height * 0.7)
        steps = [(start[0] + (end[0] - start[0]) * i / 10, start[1] + (end[1] - start[1]) * i / 10)
                 for i in range(1, 11)]
        xdotool(x_display, "mousemove", "--sync", str(int(start[0])), str(int(start[1])))
        xdotool(x_display, "mousedown", "1")
        for x, y in steps:
            xdotool(x_display, "mousemove", "--sync", str(int(x)), str(int(y)))
        xdotool(x_display, "mouseup", "1")
        assert wait_for(lambda: ["move", "T1", 0, "T6"] in saved_commands(tmp_path)), \
            f"the drag did not move the card: {saved_commands(tmp_path)}"
        xdotool(x_display, "type", "--delay", "60", "++=")
        assert wait_for(lambda: saved_commands(tmp_path)[-3:] == [["deal"]] * 3)
        # What the window did is exactly what the engine does with the same input.
        log = GameLog.from_json({"game": "klondike", "deal": 1,
                                 "commands": saved_commands(tmp_path)})
        replayed = GameSession.restore(find_game("klondike"), SavedGame(log)).game
        expected = keyed(Klondike(1))
        expected.game.move(tableau(1), 0, tableau(6))
        for key in "++=":
            expected.press(key)
        assert replayed.state() == expected.game.state()
        # X in a game in progress asks first; Return takes the default, Yes.
        xdotool(x_display, "type", "x")
        def question() -> str:
            found = xdotool(x_display, "search", "--onlyvisible", "--name", "^cardgui$").split()
            return found[0] if found else ""
        assert wait_for(lambda: bool(question())), "X did not ask before leaving a game in progress"
        xdotool(x_display, "windowfocus", "--sync", question())
        xdotool(x_display, "key", "Return")
        assert program.wait(timeout=20) == 0
    finally:
        program.kill()
        program.wait(timeout=10)
        text = output_file.read_text(errors="replace")
        if text.strip():
            print(text)
