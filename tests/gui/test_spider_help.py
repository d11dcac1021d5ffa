"""Spider's help in the window, driven as a player drives it: Hint marks the
first move of a winning line (one suit) or, where no win is known in time,
says so and still marks the best move the solver has; Demo plays to the
win; winnable deals only; the screen reader's names for the table."""

from PySide6.QtGui import QAccessible

from cardgui.assist import answers
from cardgui.engine.games.spider.game import Spider
from cardgui.engine.search.check import wins
from tests.engine.spider_layouts import layout, run
from tests.gui.helpers import put_layout

SEARCH_WAIT_MS = 60_000       # a generous wait for a search on a busy machine


def said(window):
    return window.status.message.full_text


def test_a_hint_marks_the_first_move_of_a_winning_line(make_window, qtbot):
    window = make_window("spider", 5)
    window.help.hint_action.trigger()
    marks = window.scene.marks
    qtbot.waitUntil(marks.hint_cards.isVisible, timeout=SEARCH_WAIT_MS)
    game = window.controller.game
    line = window.help.assistant.answer().steps
    assert wins(game, line)
    assert said(window).startswith("Hint: ") and said(window).endswith(": it leads to a win.")
    assert marks.hint_target.isVisible()


def test_a_four_suit_hint_out_of_time_says_so_and_still_marks_a_move(make_window, qtbot,
                                                                      monkeypatch):
    # The hint comes from the verdict's search: a short one keeps the test
    # short on a busy machine (a four-suit deal is out of any budget here).
    monkeypatch.setattr(answers, "VERDICT_SECONDS", 0.3)
    window = make_window("spider", 3)
    put_layout(window, Spider(3, suits=4))
    window.help.hint_action.trigger()
    qtbot.waitUntil(lambda: said(window).startswith("Hint: "), timeout=SEARCH_WAIT_MS)
    assert said(window).startswith("Hint: The solver has not found a way to win in time.")
    assert window.scene.marks.hint_cards.isVisible()


def test_demo_plays_the_last_run_off_and_wins(make_window, qtbot):
    window = make_window("spider", 5)
    put_layout(window, layout([run("S", 13, 11), "2S", "AS"], off=["S"] * 7, suits=1))
    window.help.demo.pace_ms = 1
    window.help.demo_action.trigger()
    qtbot.waitUntil(lambda: window.controller.game.is_won, timeout=SEARCH_WAIT_MS)
    qtbot.waitUntil(lambda: not window.help.demo.running)
    assert window.controller.game.runs_off == 8


def test_winnable_deals_only_deals_one_the_solver_proves(make_window, qtbot):
    window = make_window("spider", 5)
    option = next(action for action in window.options_menu.actions()
                  if action.text().startswith("Winnable deals only"))
    option.trigger()
    before = window.controller.game
    window.new_action.trigger()
    qtbot.waitUntil(lambda: window.controller.game is not before, timeout=SEARCH_WAIT_MS)
    deal = window.controller.game.deal_number
    assert said(window) == f"Deal {deal}: the solver has proven it winnable."


def test_the_screen_reader_reads_the_stock_columns_and_foundations(make_window):
    window = make_window("spider", 5)
    table = QAccessible.queryAccessibleInterface(window.view)
    names = [table.child(index).text(QAccessible.Text.Name)
             for index in range(table.childCount())]
    assert names[0] == "the stock, 50 cards, all face down, 5 deals left"
    assert names[1:9] == [f"foundation {number}, empty" for number in range(1, 9)]
    assert names[9] == "column 1, 6 cards, 5 face down, jack of spades on top"
    assert names[18].startswith("column 10, 5 cards, 4 face down")
    column = table.child(9)
    assert column.child(5).text(QAccessible.Text.Name) == "jack of spades, column 1, 6th of 6"
