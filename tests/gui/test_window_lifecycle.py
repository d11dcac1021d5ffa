"""The window's game life: winning, getting stuck, new games, deal numbers,
saving and restoring, and bad saved files."""

import json

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from cardgui.engine.games import GAMES
from cardgui.engine.games.klondike.game import Klondike
from cardgui.engine.keyboard import Request
from cardgui.gui.app import build_window
from cardgui.gui.dialogs import DealNumberDialog, parse_deal_number
from cardgui.gui.statistics_dialog import StatisticsDialog
from tests.engine.klondike_layouts import full_top, layout
from tests.gui.helpers import put_layout


def nearly_won() -> Klondike:
    tops = {suit: full_top(suit, 13) for suit in "SDC"}
    tops["H"] = full_top("H", 12)
    return Klondike.from_json({"deal": 9, "hand": [], "pile": ["KH"],
                               "stacks": [{"hidden": [], "shown": []}] * 7,
                               "foundations": {s: t.split() for s, t in tops.items()}})


def test_a_win_is_celebrated_and_offers_a_new_game(window, home):
    put_layout(window, nearly_won())
    QTest.keyClicks(window.view, "p")
    assert window.controller.game.is_won
    assert window.banner.isVisible() and window.banner.title.text() == "You win!"
    assert window.banner.button_labels() == ["New game", "Close"]
    window.banner.choose("New game")
    assert not window.controller.game.is_won and window.controller.game.moves_made == 0
    summary = window.statistics.summary("klondike")
    assert (summary.played, summary.won) == (1, 1)


def test_a_stuck_game_says_so_and_offers_undo(window):
    put_layout(window, layout(["9S", "4D", "KH | 8H"], hand="2C 3D", pile="QD"))
    assert not window.controller.game.is_stuck
    QTest.keyClicks(window.view, "#")          # 8H onto 9S; then nothing can move
    assert window.controller.game.is_stuck
    assert window.banner.title.text() == "No card can move again"
    window.banner.choose("Undo")
    assert not window.controller.game.is_stuck and not window.banner.isVisible()


def test_g_asks_before_giving_up_a_game_in_progress(window, monkeypatch):
    questions = []
    monkeypatch.setattr(window, "confirm", lambda question: questions.append(question) or False)
    QTest.keyClicks(window.view, "+")
    state = window.controller.game.state()
    QTest.keyClicks(window.view, "g")
    assert questions and window.controller.game.state() == state
    monkeypatch.setattr(window, "confirm", lambda question: True)
    QTest.keyClicks(window.view, "g")
    assert window.controller.game.moves_made == 0


def test_x_quits_after_saying_so(window, qtbot):
    QTest.keyClicks(window.view, "x")
    assert "quitting" in window.status.message.full_text
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=3000)


def test_help_key_shows_the_keys(window, qtbot):
    seen = []
    window.controller.request.connect(seen.append)
    QTest.keyClicks(window.view, "?")
    assert seen == [Request.HELP] and window.dock.isVisible()


def test_the_deal_number_dialog_refuses_bad_numbers_and_takes_good_ones(qtbot):
    dialog = DealNumberDialog("Klondike", 5, 2**31 - 1)
    qtbot.addWidget(dialog)
    for text, problem in [("0", "1 to"), ("abc", "not a whole number"), ("", "Type"),
                          ("2147483648", "1 to")]:
        dialog.field.setText(text)
        dialog.accept()
        assert problem in dialog.problem.text() and dialog.number is None
    dialog.field.setText("617")
    dialog.accept()
    assert dialog.number == 617
    assert parse_deal_number("8,589,934,591", 2**33 - 1) == (2**33 - 1, "")


def test_restart_deals_the_same_number_again(window, monkeypatch):
    monkeypatch.setattr(window, "confirm", lambda question: True)
    QTest.keyClicks(window.view, "+")
    window.restart_action.trigger()
    assert window.controller.game.state() == Klondike(617).state()


def test_the_game_in_progress_comes_back_at_the_next_start(make_window, home, qtbot):
    first = make_window("klondike", 617)
    QTest.keyClicks(first.view, "++p10")          # a half-typed name too
    state = first.controller.game.state()
    first.close()
    second = build_window(None, None)
    qtbot.addWidget(second)
    assert second.controller.game.state() == state
    assert second.controller.keys.pending == "10"
    assert "Welcome back" in second.status.message.full_text
    assert second.controller.game.can_undo


def test_a_corrupt_saved_game_is_reported_and_set_aside(home, qtbot):
    (home / "current-game.json").write_text('{"format": 1, "game": "klondike", "deal": 5,'
                                            ' "entries": [["move", "T9", 0, "T1"]]}')
    window = build_window(None, None)
    qtbot.addWidget(window)
    assert "saved game could not be" in window.notice.text.text()
    assert (home / "current-game.json.bad").exists()
    assert window.controller.game.moves_made == 0


def test_a_saved_file_that_is_not_json_is_reported(home, qtbot):
    (home / "current-game.json").write_text("{not json")
    window = build_window(None, None)
    qtbot.addWidget(window)
    assert "not valid JSON" in window.notice.text.text()


def test_animations_can_be_turned_off_from_the_view_menu(window, home):
    window.animation_action.trigger()
    assert json.loads((home / "settings.json").read_text())["animations"] is False


def test_a_game_is_counted_once_however_often_its_end_is_undone(window):
    put_layout(window, nearly_won())
    QTest.keyClicks(window.view, "p")
    for _ in range(2):
        QTest.keyClick(window.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
        QTest.keyClick(window.view, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)
    summary = window.statistics.summary("klondike")
    assert (summary.played, summary.won) == (1, 1)


def test_the_command_panel_stays_as_the_player_left_it(make_window, home, qtbot):
    first = make_window()
    assert first.dock.isVisible()
    first.close()
    second = build_window(None, None)
    qtbot.addWidget(second)
    second.show()
    assert second.dock.isVisible()
    second.panel_action.trigger()              # the player hides it
    second.close()
    third = build_window(None, None)
    qtbot.addWidget(third)
    third.show()
    assert not third.dock.isVisible()


def test_a_corrupt_statistics_file_does_not_stop_the_start(home, qtbot):
    (home / "statistics.sqlite3").write_bytes(b"garbage" * 500)
    window = build_window("klondike", 3)
    qtbot.addWidget(window)
    assert window.controller.game.deal_number == 3
    window.show()                 # the statistics are opened, and set aside, once it shows
    qtbot.waitUntil(lambda: "afresh" in window.notice.text.text())


def test_a_stored_option_the_game_refuses_is_ignored(home, qtbot):
    (home / "settings.json").write_text('{"options": {"pokersquares": {"scoring": "bogus"}}}')
    window = build_window("pokersquares", 3)
    qtbot.addWidget(window)
    assert window.controller.game.variant == "american"


def test_an_arrow_key_in_klondike_moves_the_keyboard_focus_without_the_bell(window):
    QTest.keyClick(window.view, Qt.Key.Key_Left)
    assert not window.flash.is_flashing
    assert window.controller.focus is not None and window.scene.marks.focus.isVisible()


def test_a_finished_game_restored_from_the_save_shows_its_banner(make_window, qtbot):
    first = make_window("pokersquares", 8)
    for cell in (column + row for row in "12345" for column in "abcde"):
        QTest.keyClicks(first.view, cell)
    assert first.controller.game.is_over and first.banner.isVisible()
    first.close()
    second = build_window(None, None)
    qtbot.addWidget(second)
    assert second.controller.game.is_over
    assert second.banner.title.text() == "Game over"
    assert second.statistics.summary("pokersquares", "american").played == 1


def test_the_statistics_dialog_offers_every_game_and_shows_the_one_in_play(window, qtbot):
    put_layout(window, nearly_won())
    QTest.keyClicks(window.view, "p")
    window.statistics_action.trigger()
    dialog = next(widget for widget in window.findChildren(StatisticsDialog)
                  if widget.isVisible())
    titles = [dialog.games.itemText(index) for index in range(dialog.games.count())]
    assert titles == [info.title for info in GAMES.values()]
    assert titles[:4] == ["Klondike", "FreeCell", "Calculation", "Poker Squares"]
    text = dialog.page.toPlainText()
    assert "Klondike" in text and "100%" in text and "Longest winning streak" in text
