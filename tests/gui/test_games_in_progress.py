"""A game in progress is never lost: switching games keeps each game's game;
New game, Restart and another deal each ask a question that says what they
give up, and a game given up counts as lost by one rule."""

from PySide6.QtTest import QTest

from cardgui.gui.app import build_window


def played_some(window, keys="+++"):
    QTest.keyClicks(window.view, keys)
    assert window.controller.session.in_progress


def asked(window, monkeypatch, answer):
    questions = []
    monkeypatch.setattr(window, "confirm", lambda question: questions.append(question) or answer)
    return questions


def test_switching_games_keeps_each_game_in_progress(make_window, monkeypatch):
    window = make_window("klondike", 617)
    questions = asked(window, monkeypatch, False)
    played_some(window)
    klondike = window.controller.game.state()
    window.switch_game("freecell")
    assert window.controller.info.game_id == "freecell" and not questions
    assert "Klondike deal 617 (3 moves) is kept" in window.status.message.full_text
    QTest.keyClicks(window.view, "1")
    window.switch_game("klondike")
    assert window.controller.game.deal_number == 617
    assert window.controller.game.state() == klondike
    assert window.controller.game.can_undo
    assert window.statistics.summary("klondike").played == 0      # nothing given up


def test_each_game_in_progress_survives_a_restart_of_the_program(make_window, qtbot):
    window = make_window("klondike", 617)
    played_some(window)
    state = window.controller.game.state()
    window.switch_game("calculation")
    QTest.keyClicks(window.view, " 1")
    calculation = window.controller.game.state()
    window.close()
    again = build_window("klondike", None)
    qtbot.addWidget(again)
    assert again.controller.game.state() == state
    again.switch_game("calculation")
    assert again.controller.game.state() == calculation


def test_new_game_asks_what_it_gives_up_and_counts_it_as_lost(window, monkeypatch):
    questions = asked(window, monkeypatch, False)
    played_some(window)
    state = window.controller.game.state()
    window.new_action.trigger()
    assert questions == ["Give up Klondike deal 617 (3 moves) and deal a new one?  "
                         "It counts as a loss in the statistics."]
    assert window.controller.game.state() == state
    monkeypatch.setattr(window, "confirm", lambda question: True)
    window.new_action.trigger()
    assert window.controller.game.moves_made == 0
    summary = window.statistics.summary("klondike")
    assert (summary.played, summary.won) == (1, 0)


def test_restart_asks_too_and_deals_the_same_number_again(window, monkeypatch):
    questions = asked(window, monkeypatch, True)
    played_some(window)
    window.restart_action.trigger()
    assert questions == ["Give up Klondike deal 617 (3 moves) and start it again from the "
                         "beginning?  It counts as a loss in the statistics."]
    assert window.controller.game.deal_number == 617 and window.controller.game.moves_made == 0
    assert window.statistics.summary("klondike").played == 1


def test_no_question_when_nothing_would_be_lost(window, monkeypatch):
    questions = asked(window, monkeypatch, False)
    window.new_action.trigger()
    window.restart_action.trigger()
    assert questions == [] and window.statistics.summary("klondike").played == 0


def test_a_deal_asked_on_the_command_line_asks_before_giving_up_a_game(make_window, qtbot,
                                                                       monkeypatch):
    window = make_window("klondike", 617)
    played_some(window)
    state = window.controller.game.state()
    window.close()
    questions = []
    monkeypatch.setattr("cardgui.gui.main_window.MainWindow.confirm",
                        lambda self, question: questions.append(question) or False)
    kept = build_window("klondike", 9)
    qtbot.addWidget(kept)
    qtbot.waitUntil(lambda: bool(questions))
    assert questions[0].startswith("Give up Klondike deal 617 (3 moves) for deal 9")
    assert kept.controller.game.state() == state
    monkeypatch.setattr("cardgui.gui.main_window.MainWindow.confirm",
                        lambda self, question: True)
    given_up = build_window("klondike", 9)
    qtbot.addWidget(given_up)
    qtbot.waitUntil(lambda: given_up.controller.game.deal_number == 9)
    assert given_up.statistics.summary("klondike").played == 1
