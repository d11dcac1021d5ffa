"""The window with files it cannot use now: a saved game another window owns
or that cannot be read is left as it is and said; results the statistics
could not take wait and are written at the next start, and said."""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import subprocess
import sys

from PySide6.QtTest import QTest

from cardgui.gui.app import build_window
from tests.hostile_disk import as_nobody, nobody_folder, nobody_owned, root_owned

KLONDIKE_SAVE = "games/klondike.json"


def good_save(deal=5, commands=(("deal",), ("deal",))):
    return {"format": 2, "elapsed": 3.0, "game": "klondike", "deal": deal, "options": {},
            "commands": [list(command) for command in commands], "keyboard": {"typing": ""}}


def test_a_save_another_window_owns_is_left_to_it(home, qtbot):
    environment = {**os.environ, "CARDGUI_HOME": str(home), "QT_QPA_PLATFORM": "offscreen"}
    first = subprocess.Popen([sys.executable, "-m", "cardgui", "klondike", "--deal", "617"],
                             env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        save = home / KLONDIKE_SAVE
        def owned_and_dealt() -> bool:
            try:
                return (json.loads(save.read_text())["deal"] == 617 and
                        (home / "games" / "klondike.json.lock").read_text().strip()
                        == str(first.pid))
            except (OSError, ValueError):
                return False
        qtbot.waitUntil(owned_and_dealt, timeout=60_000)
        before = save.read_bytes()
        second = build_window("klondike", None)
        qtbot.addWidget(second)
        told = second.notice.text.text()
        assert "another cardgui window" in told and f"process {first.pid}" in told
        assert "new deal, which is not saved" in told
        QTest.keyClicks(second.view, "+++")
        assert second.controller.game.moves_made == 3
        second.controller.new_game()
        QTest.keyClicks(second.view, "+")
        second.close()
        assert save.read_bytes() == before
    finally:
        first.terminate()
        first.wait(60)
    assert json.loads(save.read_text())["deal"] == 617


def test_an_unreadable_save_is_said_left_alone_and_opened_once_readable(qtbot, monkeypatch,
                                                                       tmp_path):
    # Whatever the window imports or reads on first use, it does as root first:
    # nobody cannot reach this Python's own files.
    monkeypatch.setenv("CARDGUI_HOME", str(tmp_path))
    build_window("klondike", None).close()
    with nobody_folder() as home:
        monkeypatch.setenv("CARDGUI_HOME", str(home))
        with as_nobody():
            (home / "games").mkdir()
        save = home / KLONDIKE_SAVE
        save.write_text(json.dumps(good_save(deal=11)))
        root_owned(save, 0o600)
        with as_nobody():
            window = build_window("klondike", None)
            qtbot.addWidget(window)
            assert "could not be read" in window.notice.text.text()
            QTest.keyClicks(window.view, "++")
            window.close()
        assert json.loads(save.read_text())["deal"] == 11          # left as it was
        nobody_owned(save)
        with as_nobody():
            again = build_window("klondike", None)
            qtbot.addWidget(again)
            assert again.controller.game.deal_number == 11
            assert again.controller.game.moves_made == 2
            again.close()


@contextlib.contextmanager
def held(path):
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        yield
    finally:
        holder.execute("ROLLBACK")
        holder.close()


def test_results_of_a_busy_database_are_written_at_the_next_start(home, qtbot):
    from cardgui.store.stats import Statistics
    database = home / "statistics.sqlite3"
    Statistics(database).record("klondike", 1, True, 10, 5.0)
    with held(database):
        window = build_window("klondike", 617)
        qtbot.addWidget(window)
        window.show()
        qtbot.waitUntil(lambda: window.statistics._opened)
        for _ in range(3):
            QTest.keyClicks(window.view, "+")
            window.controller.session.give_up()
            window.controller.new_game()
        assert window.statistics.waiting == 3
        window.close()
    after = build_window("klondike", None)
    qtbot.addWidget(after)
    after.show()
    qtbot.waitUntil(lambda: "3 results" in after.notice.text.text())
    assert Statistics(database).summary("klondike").played == 4
