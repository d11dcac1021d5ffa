"""Hint, Demo and the solver's verdict in FreeCell, Calculation and Poker
Squares, driven as a player drives them: the solver's answers where it may
know every card (the verdict, FreeCell's hints and Demo), the advisor's,
which sees only what the player sees, for Calculation's and Poker Squares'
hints and Demo."""

import pytest
from PySide6.QtTest import QTest

from cardgui.engine.games.calculation.advisor import advise_game as advise_calculation
from cardgui.engine.games.calculation.advisor import play_deal as play_calculation_deal
from cardgui.engine.games.pokersquares.advisor import advise_game as advise_poker_squares
from cardgui.engine.moves import DEAL, Move
from cardgui.engine.search.check import wins
from cardgui.gui import assistant as assistant_module

SEARCH_WAIT_MS = 60_000       # a generous wait for a search on a busy machine


def verdict(window):
    return window.help.assistant.verdict


def said(window):
    return window.status.message.full_text


def shown_fields(window):
    return {label: field.text() for label, field in window.status.fields.items()
            if not field.isHidden()}


@pytest.fixture
def fast_advice(monkeypatch):
    """The advisor thinks less a card in Demo, so a whole game fits a test."""
    monkeypatch.setattr(assistant_module, "DEMO_ADVICE_SECONDS", 0.02)


def play_demo_to_the_end(window, qtbot):
    window.help.demo.pace_ms = 1
    window.help.demo_action.trigger()
    assert window.help.demo.running
    qtbot.waitUntil(lambda: window.controller.game.is_over, timeout=4 * SEARCH_WAIT_MS)
    qtbot.waitUntil(lambda: not window.help.demo.running)


# -- FreeCell: the solver, with autoplay on as the window plays --------------------------

def test_freecell_617_is_winnable_and_demo_wins_it_with_help_recorded(make_window, qtbot):
    window = make_window("freecell", 617)
    assert window.controller.game.autoplay
    qtbot.waitUntil(lambda: verdict(window) == "Winnable", timeout=SEARCH_WAIT_MS)
    assert shown_fields(window)["Solver"].endswith("Winnable")
    play_demo_to_the_end(window, qtbot)
    assert window.controller.game.is_won
    assert said(window) == "Demo played to the end."
    summary = window.statistics.summary("freecell")
    assert (summary.won, summary.won_helped) == (1, 1)
    window.undo_action.trigger()                      # Demo's moves are ordinary ones
    assert not window.controller.game.is_won


def test_a_freecell_hint_marks_the_first_move_of_a_winning_line(make_window, qtbot):
    window = make_window("freecell", 6)
    window.help.hint_action.trigger()
    marks = window.scene.marks
    qtbot.waitUntil(marks.hint_cards.isVisible, timeout=SEARCH_WAIT_MS)
    game = window.controller.game
    line = window.help.assistant.answer().steps
    assert wins(game, line)                           # for the game as it is, autoplay on
    step = line[0]
    moved = game.piles[step.source].cards[-step.count]
    sprite = window.scene.sprites[moved].sceneBoundingRect()
    assert marks.hint_cards.path().boundingRect().contains(sprite.center())
    assert marks.hint_target.isVisible()
    assert said(window).startswith(f"Hint: {moved.name}") and said(window).endswith(
        ": it leads to a win.")
    assert window.controller.play(step)
    qtbot.waitUntil(lambda: verdict(window) == "Winnable", timeout=SEARCH_WAIT_MS)


# -- Calculation: the solver judges, the advisor hints and plays ------------------------

def test_calculation_has_a_verdict_and_hints_what_the_advisor_advises(make_window, qtbot):
    window = make_window("calculation", 5)
    qtbot.waitUntil(lambda: verdict(window) == "Winnable", timeout=SEARCH_WAIT_MS)
    QTest.keyClick(window.view, " ")                  # turn up the first card
    assert window.controller.game.moves_made == 1
    game = window.controller.game
    advice = advise_calculation(game.detached(), 0.3)
    window.help.hint_action.trigger()
    qtbot.waitUntil(lambda: said(window).startswith("Hint: "), timeout=SEARCH_WAIT_MS)
    assert said(window) == f"Hint: {advice.reason}"
    assert isinstance(advice.step, Move)
    marks = window.scene.marks
    assert marks.hint_cards.isVisible() and marks.hint_target.isVisible()
    assert window.controller.session.helped


def test_a_calculation_hint_to_turn_a_card_marks_the_stock(make_window, qtbot):
    window = make_window("calculation", 5)
    assert advise_calculation(window.controller.game.detached(), 0.3).step == DEAL
    window.help.hint_action.trigger()
    qtbot.waitUntil(lambda: said(window).startswith("Hint: Turn up the next card"),
                    timeout=SEARCH_WAIT_MS)
    assert window.scene.marks.hint_cards.isVisible()
    assert not window.scene.marks.hint_target.isVisible()


def test_a_calculation_hint_at_the_end_gives_the_exact_chance(make_window, qtbot):
    window = make_window("calculation", 18)
    for step in play_calculation_deal(18).steps:        # the advisor's own line, to its end
        if window.controller.game.cards_left <= 4 and "chance of winning" in advise_calculation(
                window.controller.game.detached(), 0.3).reason:
            break
        assert window.controller.play(step)
    advice = advise_calculation(window.controller.game.detached(), 0.3)
    window.help.hint_action.trigger()
    qtbot.waitUntil(lambda: said(window).startswith("Hint: "), timeout=SEARCH_WAIT_MS)
    assert said(window) == f"Hint: {advice.reason}"
    assert "chance of winning" in said(window)


def test_demo_plays_calculation_to_its_end_as_the_advisor_would(make_window, qtbot,
                                                                 fast_advice):
    window = make_window("calculation", 5)
    play_demo_to_the_end(window, qtbot)
    game = window.controller.game
    assert game.is_over and said(window).startswith("Demo played to the end")
    assert window.statistics.summary("calculation").played == 1


# -- Poker Squares: the advisor alone ------------------------------------------------------

def test_poker_squares_has_no_verdict_and_its_hint_names_card_and_cell(make_window, qtbot):
    window = make_window("pokersquares", 42)
    assert "Solver" not in shown_fields(window)
    game = window.controller.game
    advice = advise_poker_squares(game.detached(), 0.3)
    window.help.hint_action.trigger()
    qtbot.waitUntil(lambda: said(window).startswith("Hint: "), timeout=SEARCH_WAIT_MS)
    assert said(window) == f"Hint: {advice.reason}"
    assert advice.reason.startswith(f"{game.next_card} to ")
    assert window.scene.marks.hint_target.isVisible()
    assert verdict(window) == ""


def test_demo_fills_the_poker_squares_grid(make_window, qtbot, fast_advice):
    window = make_window("pokersquares", 42)
    play_demo_to_the_end(window, qtbot)
    game = window.controller.game
    assert game.is_over and all(card is not None for row in game.grid() for card in row)
    summary = window.statistics.summary("pokersquares", "american")
    assert summary.played == 1 and summary.best_score == game.score


@pytest.mark.parametrize("game_id, finishes", [("klondike", True), ("freecell", True),
                                               ("calculation", False),
                                               ("pokersquares", False)])
def test_the_command_panel_offers_finish_only_where_there_is_one(make_window, game_id,
                                                                  finishes):
    panel = make_window(game_id, 5).panel.toPlainText()
    assert "Ctrl+H shows a hint" in panel
    assert ("Ctrl+F plays every card up" in panel) is finishes


def options_named(window):
    return [action.text() for action in window.options_menu.actions()]


@pytest.mark.parametrize("game_id, solvable", [("freecell", True), ("calculation", True),
                                               ("pokersquares", False)])
def test_the_solver_s_options_are_offered_where_there_is_a_solver(make_window, game_id,
                                                                  solvable):
    named = options_named(make_window(game_id, 5))
    assert any(text.startswith("Winnable deals only") for text in named) is solvable
    assert any(text.startswith("Solver's verdict") for text in named) is solvable


def test_winnable_deals_only_in_calculation_deals_one_the_solver_proves(make_window, qtbot):
    window = make_window("calculation", 5)
    option = next(action for action in window.options_menu.actions()
                  if action.text().startswith("Winnable deals only"))
    option.trigger()
    before = window.controller.game
    window.new_action.trigger()
    qtbot.waitUntil(lambda: window.controller.game is not before, timeout=SEARCH_WAIT_MS)
    deal = window.controller.game.deal_number
    assert said(window) == f"Deal {deal}: the solver has proven it winnable."
    assert verdict(window) == "Winnable"
