"""Help that never goes silent and never tells what a player cannot see
(#23): Hint and Demo in lost games, shortcuts at any moment, the window's
command panel, messages read whole, the statistics' headline, Demo's pace."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from cardgui.engine.games.freecell.game import FreeCell
from cardgui.engine.search.result import Verdict
from cardgui.gui.help_controls import PACES_MS
from tests.gui.helpers import put_layout
from tests.gui.test_celebration import win_with_animations

SEARCH_WAIT_MS = 60_000


def said(window):
    return window.status.message.full_text


def lost(window, qtbot):
    qtbot.waitUntil(lambda: window.help.assistant.answer() is not None
                    and window.help.assistant.answer().verdict is Verdict.IMPOSSIBLE,
                    timeout=SEARCH_WAIT_MS)


@pytest.mark.parametrize("game_id, deal", [("klondike", 1), ("freecell", 11982)])
def test_hint_in_a_lost_deal_outlines_a_move_and_says_no_move_wins(make_window, qtbot,
                                                                    game_id, deal):
    window = make_window(game_id, deal)
    lost(window, qtbot)
    window.help.hint_action.trigger()
    qtbot.waitUntil(lambda: said(window).startswith("Hint: No move leads to a win"),
                    timeout=SEARCH_WAIT_MS)
    assert window.scene.marks.hint_cards.isVisible() or window.scene.marks.hint_target.isVisible()
    assert "puts the most cards up" in said(window) or "this one moves" in said(window)


@pytest.mark.parametrize("game_id, deal", [("klondike", 1), ("freecell", 11982)])
def test_demo_in_a_lost_deal_plays_the_best_line_then_says_how_far_it_got(
        make_window, qtbot, game_id, deal):
    window = make_window(game_id, deal)
    lost(window, qtbot)
    window.help.demo.pace_ms = 1
    window.help.demo_action.trigger()
    qtbot.waitUntil(lambda: not window.help.demo.running, timeout=4 * SEARCH_WAIT_MS)
    text = said(window)
    assert "Demo" in text and ("cards up" in text or "card up" in text), text
    assert "plays itself" not in text                  # never a status that is not so
    if window.controller.game.moves_made:
        assert window.controller.session.helped
        assert text.startswith("Demo played as far as the line goes")
    else:
        assert not window.controller.session.helped


def test_ctrl_q_during_demo_leaves(window, qtbot):
    window.help.demo.pace_ms = 60_000
    window.help.demo_action.trigger()
    qtbot.waitUntil(lambda: window.controller.game.moves_made == 1, timeout=SEARCH_WAIT_MS)
    QTest.keyClick(window.view, Qt.Key.Key_Q, Qt.KeyboardModifier.ControlModifier)
    assert not window.isVisible()


def test_ctrl_z_during_demo_stops_it_and_undoes(window, qtbot):
    window.help.demo.pace_ms = 60_000
    window.help.demo_action.trigger()
    qtbot.waitUntil(lambda: window.controller.game.moves_made == 1, timeout=SEARCH_WAIT_MS)
    QTest.keyClick(window.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert not window.help.demo.running and not window.controller.game.can_undo


def test_ctrl_e_during_demo_only_stops_it(window, qtbot):
    window.help.demo.pace_ms = 60_000
    window.help.demo_action.trigger()
    qtbot.waitUntil(lambda: window.controller.game.moves_made == 1, timeout=SEARCH_WAIT_MS)
    QTest.keyClick(window.view, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    QTest.qWait(50)
    assert not window.help.demo.running and window.controller.game.moves_made == 1


def test_ctrl_q_during_the_celebration_leaves_at_the_first_press(window):
    win_with_animations(window)
    QTest.keyPress(window.view, Qt.Key.Key_Control)
    QTest.keyClick(window.view, Qt.Key.Key_Q, Qt.KeyboardModifier.ControlModifier)
    assert not window.isVisible()


def test_ctrl_q_leaves_from_a_dialog_too(window, qtbot):
    from cardgui.gui.statistics_dialog import StatisticsDialog

    window.statistics_action.trigger()
    dialog = window.findChild(StatisticsDialog)
    assert dialog is not None and dialog.isVisible()
    dialog.activateWindow()
    dialog.games.setFocus()
    QTest.keyClick(dialog.games, Qt.Key.Key_Q, Qt.KeyboardModifier.ControlModifier)
    assert not window.isVisible() and not dialog.isVisible()


def test_a_stray_x_asks_before_leaving_a_game_in_progress(window, monkeypatch):
    questions = []
    monkeypatch.setattr(window, "confirm", lambda text: questions.append(text) or False)
    QTest.keyClicks(window.view, "+x")
    assert questions and "is saved" in questions[0] and window.isVisible()
    assert said(window).startswith("Staying")


def test_x_with_no_game_in_progress_leaves_without_asking(window, qtbot, monkeypatch):
    monkeypatch.setattr(window, "confirm", lambda text: pytest.fail("asked"))
    QTest.keyClicks(window.view, "x")
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=5000)


def test_the_panel_lists_only_what_does_something_in_the_window(window):
    shown = window.panel.toPlainText()
    assert "Redisplay the board" not in shown and "Retype these instructions" not in shown
    assert "Show these keys in a window" in shown and "asks first" in shown


def test_every_message_can_be_read_whole_in_the_message_log(window):
    from cardgui.gui.message_log import MessageLog

    window.resize(500, 400)
    long = "A long message " * 20 + "that ends here."
    window.voice.say(long)
    assert window.status.message.text() != long          # the status bar cuts it short
    window.messages_action.trigger()
    log = window.findChild(MessageLog)
    assert log is not None
    items = [log.messages.item(row).text() for row in range(log.messages.count())]
    assert any(item.endswith(long) for item in items)
    window.voice.say("And one more.")
    assert log.messages.item(log.messages.count() - 1).text().endswith("And one more.")


def test_freecell_after_a_win_shows_no_run_limit(make_window):
    fields = dict(_won_freecell().status_items())
    assert "Run limit" not in fields and fields["Cards up"] == "52"
    window = make_window("freecell", 1)
    put_layout(window, _won_freecell())
    window.update_status()
    shown = [label for label, field in window.status.fields.items() if not field.isHidden()]
    assert "Run limit" not in shown and "Cards up" in shown


def _won_freecell() -> FreeCell:
    game = FreeCell(1)
    data = game.to_json()
    suits = ["H", "S", "D", "C"]
    data["columns"] = [[] for _ in range(8)]
    data["freecells"] = [None] * 4
    data["foundations"] = {suit: [f"{rank}{suit}" for rank in
                                  "A 2 3 4 5 6 7 8 9 10 J Q K".split()] for suit in suits}
    return FreeCell.from_json(data)


def test_demo_s_pace_is_a_setting_and_the_default_plays_a_deal_in_well_under_40_s(window):
    assert window.help.demo.pace_ms == PACES_MS["normal"] <= 300    # ~115 moves: under 35 s
    window.options.apply_window_options()
    window.settings["demo_pace"] = "fast"
    window.options.apply_window_options()
    assert window.help.demo.pace_ms == PACES_MS["fast"] < PACES_MS["normal"] < PACES_MS["slow"]
    labels = [action.text() for action in window.options_menu.actions()]
    assert any(label.startswith("Slow") for label in labels)


def test_a_typed_card_not_in_play_tells_nothing_of_where_it_is(window):
    hidden = [card for pile_id, pile in window.controller.game.piles.items()
              for card in pile.concealed][:3]
    answers = set()
    for card in hidden:
        QTest.keyClicks(window.view, card.name)
        answers.add(said(window).replace(card.name, "*"))
    assert len(answers) == 1 and "not in play" in answers.pop()
