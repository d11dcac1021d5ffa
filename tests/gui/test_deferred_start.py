"""What the window leaves until just after its first frame still arrives:
the statistics (a game finished before they are opened is recorded), the
solver's verdict (its worker starts late but answers), the saved game and
the settings; and the wait ends even if no frame ever comes."""

from PySide6.QtTest import QTest
from PySide6.QtWidgets import QWidget

from cardgui.assist.worker import Worker
from cardgui.gui.app import build_window
from cardgui.gui.first_frame import FirstFrame
from cardgui.gui.help_controls import PACES_MS, VERDICT
from cardgui.store.stats import Statistics

SEARCH_WAIT_MS = 60_000        # a generous wait for a search on a busy machine
SHOWN_WAIT_MS = 10_000


def shown(window, qtbot):
    qtbot.addWidget(window)
    window.resize(1100, 760)
    window.show()
    qtbot.waitUntil(lambda: window.first_frame.done, timeout=SHOWN_WAIT_MS)
    return window


def test_until_the_first_frame_no_worker_runs_nothing_is_written_and_the_statistics_are_closed(
        home, qtbot):
    window = build_window("klondike", 617)
    qtbot.addWidget(window)
    save = home / "games" / "klondike.json"
    assert window.help._assistant is None         # the help is made after it
    assert not window.statistics._opened
    assert not save.exists()
    window.show()
    qtbot.waitUntil(lambda: window.first_frame.done, timeout=SHOWN_WAIT_MS)
    assert window.statistics._opened and window.statistics.available
    assert save.is_file()


def test_the_verdict_asked_for_before_the_first_frame_arrives_after_it(home, qtbot):
    window = shown(build_window("klondike", 617), qtbot)
    qtbot.waitUntil(lambda: window.help.assistant.verdict == "Winnable", timeout=SEARCH_WAIT_MS)
    assert window.status.fields["Solver"].text().endswith("Winnable")


def test_the_help_is_made_after_the_first_frame_and_a_hint_asked_before_it_is_answered(
        home, qtbot):
    window = build_window("klondike", 617)
    qtbot.addWidget(window)
    assert window.help._assistant is None         # only its actions are on the first frame
    window.help.hint_action.trigger()             # Ctrl+H before the first frame: made, held
    assert window.help._assistant is not None and not window.help.assistant._judge.running
    shown(window, qtbot)
    qtbot.waitUntil(window.scene.marks.hint_cards.isVisible, timeout=SEARCH_WAIT_MS)
    assert any(said.text.startswith("Hint: AS to the top for spades") for said in window.voice.log)


def test_a_window_closed_before_its_first_frame_starts_no_worker(home, qtbot):
    window = build_window("klondike", 617)
    qtbot.addWidget(window)
    window.close()
    qtbot.waitUntil(lambda: window.first_frame.done, timeout=SHOWN_WAIT_MS)   # its fallback
    assert window.help._assistant is None         # so no worker of its own started


def test_options_saved_reach_the_help_made_after_the_first_frame(home, qtbot):
    first = shown(build_window("klondike", 617), qtbot)
    first.settings["demo_pace"] = "slow"
    first.help.set_option(VERDICT, False)
    first.close()
    second = build_window(None, None)
    assert second.help._assistant is None
    shown(second, qtbot)
    assert second.help.demo.pace_ms == PACES_MS["slow"]
    assert not second.help.assistant.verdicts_on and second.help.verdict == ""


def test_a_game_given_up_before_the_statistics_are_opened_is_recorded(home, qtbot):
    window = build_window("klondike", 617)
    qtbot.addWidget(window)
    QTest.keyClicks(window.view, "+")             # a game in progress
    assert not window.statistics._opened
    assert window.controller.session.give_up()
    shown(window, qtbot)
    summary = Statistics().summary("klondike")
    assert (summary.played, summary.won) == (1, 0)


def test_a_game_recorded_before_open_is_kept_when_opened_later(home):
    early = Statistics(open_now=False)
    row = early.record("freecell", 617, True, 80, 120.0)
    early.open()                                  # as the window does after its first frame
    assert row > 0 and early.available
    assert Statistics().summary("freecell").won == 1


def test_the_game_saved_on_closing_comes_back_in_the_next_window(home, qtbot):
    first = shown(build_window("klondike", 617), qtbot)
    QTest.keyClicks(first.view, "+")              # deal three cards onto the pile
    dealt = first.controller.game.to_json()
    assert first.controller.game.moves_made == 1
    first.close()
    second = shown(build_window(None, None), qtbot)
    assert second.controller.game.to_json() == dealt


def test_a_setting_saved_is_in_force_at_the_first_frame(home, qtbot):
    first = shown(build_window("freecell", 617), qtbot)
    first.settings["four_colour"] = True
    first.close()
    second = shown(build_window(None, None), qtbot)
    assert second.controller.game.deal_number == 617 and second.scene.art.four_colour


def test_a_worker_held_answers_only_the_newest_question_once_released(qtbot):
    worker = Worker()
    worker.hold()
    try:
        worker.ask("verdict", "klondike", "stale question")
        newest = worker.ask("nothing", "klondike")
        assert not worker.running
        worker.release()
        assert worker.running
        answers = []
        qtbot.waitUntil(lambda: bool(answers.extend(worker.answers()) or answers),
                        timeout=SEARCH_WAIT_MS)
        assert [answer.number for answer in answers] == [newest]
    finally:
        worker.stop()


def test_without_a_frame_the_waiting_work_is_done_all_the_same(qtbot):
    hidden = QWidget()
    qtbot.addWidget(hidden)
    waiter = FirstFrame(hidden)
    with qtbot.waitSignal(waiter.painted, timeout=SHOWN_WAIT_MS):
        pass                          # never shown: the fallback says so
    assert waiter.done


def test_the_application_gets_its_icon_once_the_window_has_settled(home, qtbot):
    from PySide6.QtGui import QIcon
    from PySide6.QtWidgets import QApplication

    from cardgui.gui import app

    QApplication.setWindowIcon(QIcon())
    window = shown(build_window("klondike", 617), qtbot)
    assert QApplication.windowIcon().isNull()
    app._settled(window, 0.0, exit_after=False)
    assert not QApplication.windowIcon().isNull()


def test_the_collector_is_off_for_the_start_and_on_again_once_the_window_has_settled(
        home, qtbot, monkeypatch):
    import gc

    from cardgui import cli
    from cardgui.gui import app

    enabled_at_the_start = []
    monkeypatch.setattr(app, "run_window",
                        lambda *args: enabled_at_the_start.append(gc.isenabled()) or 0)
    try:
        assert cli.main(["klondike", "--deal", "617"]) == 0
        assert enabled_at_the_start == [False]
        window = shown(build_window("klondike", 617), qtbot)
        app._settled(window, 0.0, exit_after=False)
        assert gc.isenabled()
    finally:
        gc.enable()
