"""Statistics that fit the game: wins and streaks for Klondike and FreeCell,
wins and scores for Calculation, scores (and the target and the book's wins)
for Poker Squares; a Reset that asks first."""

from cardgui.engine.games import find_game
from cardgui.gui.statistics_dialog import StatisticsDialog, summary_html
from cardgui.store.stats import Statistics, streaks


def text(html):
    from PySide6.QtGui import QTextDocument
    document = QTextDocument()
    document.setHtml(html)
    return document.toPlainText()


def test_streaks_count_wins_in_a_row():
    assert streaks([]) == (0, 0)
    assert streaks([True, True, False, True]) == (1, 2)
    assert streaks([False, True, True, True]) == (3, 3)


def test_poker_squares_shows_scores_not_wins_and_losses(tmp_path, qapp):
    stats = Statistics(tmp_path / "s.sqlite3")
    for score in (90, 120, 210, 130):
        stats.record("pokersquares", 1, score >= 200, 25, 60.0, score, "american")
    shown = text(summary_html(find_game("pokersquares"), stats))
    assert "Mean score\n137.5" in shown and "Best score\n210" in shown
    assert "Reached 100\n3" in shown
    assert "Won (200 or more)\n1" in shown and "Won %" not in shown
    assert "English scoring" in shown         # each table, even one not yet played


def test_calculation_shows_its_wins_and_its_scores(tmp_path, qapp):
    stats = Statistics(tmp_path / "s.sqlite3")
    stats.record("calculation", 1, False, 40, 60.0, 31)
    stats.record("calculation", 2, True, 80, 90.0, 52)
    shown = text(summary_html(find_game("calculation"), stats))
    assert "Won alone\n1" in shown and "Won % (alone)\n50%" in shown
    assert "Mean score\n41.5" in shown and "Best score\n52" in shown
    assert "Current winning streak\n1" in shown


def test_klondike_shows_streaks_and_wins_with_help_apart(tmp_path, qapp):
    stats = Statistics(tmp_path / "s.sqlite3")
    for won, helped in ((True, False), (True, False), (False, False), (True, False),
                        (True, True)):
        stats.record("klondike", 1, won, 100, 300.0, helped=helped)
    shown = text(summary_html(find_game("klondike"), stats))
    assert "Won alone\n3" in shown and "Won with help\n1" in shown
    assert "Won % (alone)\n60%" in shown
    # a win with help breaks a streak of wins alone
    assert "Current winning streak\n0" in shown and "Longest winning streak\n2" in shown
    assert "Mean score" not in shown


def test_wins_with_demo_count_in_no_headline_figure(tmp_path, qapp):
    stats = Statistics(tmp_path / "s.sqlite3")
    for seconds in (116.0, 200.0, 150.0):
        stats.record("klondike", 1, True, 100, seconds, helped=True)
    summary = stats.summary("klondike")
    assert (summary.win_rate, summary.current_streak, summary.best_seconds) == (0.0, 0, None)
    shown = text(summary_html(find_game("klondike"), stats))
    assert "Won % (alone)\n0%" in shown and "Fastest win (alone)\n—" in shown
    assert "Won with help\n3" in shown


def test_a_scored_klondike_variant_shows_its_scores_under_its_rules(tmp_path, qapp):
    stats = Statistics(tmp_path / "s.sqlite3")
    variant = "draw 1, 3 passes, vegas cumulative scoring"
    for score in (-27, 13):
        stats.record("klondike", 1, False, 100, 300.0, score, variant)
    stats.record("klondike", 2, True, 100, 300.0)
    shown = text(summary_html(find_game("klondike"), stats))
    assert "Draw 1, 3 passes, vegas cumulative scoring" in shown
    assert "The usual rules" in shown
    assert "Best score\n13" in shown and "Total over the games\n-14" in shown


def test_reset_asks_first_and_forgets_only_that_game(tmp_path, qtbot):
    stats = Statistics(tmp_path / "s.sqlite3")
    stats.record("klondike", 1, True, 100, 300.0)
    stats.record("freecell", 1, True, 100, 300.0)
    questions = []
    dialog = StatisticsDialog(stats, "klondike",
                              lambda question: questions.append(question) or False)
    qtbot.addWidget(dialog)
    dialog.reset_button.click()
    assert questions and "Klondike" in questions[0] and stats.summary("klondike").played == 1
    dialog.confirm = lambda question: True
    dialog.reset_button.click()
    assert stats.summary("klondike").played == 0 and stats.summary("freecell").played == 1
    assert "Played\n0" in dialog.page.toPlainText()
