"""Klondike's variants in the window: chosen in Game › Options (remembered,
from the next game on), said in the command panel, scored in the status bar."""

from __future__ import annotations

from PySide6.QtTest import QTest

from cardgui.engine.games.klondike.position import PILE
from cardgui.engine.games.klondike.solver import solve
from cardgui.engine.search.budget import Budget
from cardgui.engine.search.check import wins
from cardgui.engine.search.result import Verdict


def choose(window, label):
    action = next(action for action in window.options_menu.actions() if action.text() == label)
    action.trigger()


def test_options_choose_the_rules_of_the_next_game_and_are_remembered(window):
    choose(window, "One card at a time")
    choose(window, "Three passes")
    choose(window, "Standard (Windows)")
    assert window.settings.game_options("klondike") == {"draw": 1, "passes": "3",
                                                         "scoring": "standard"}
    assert window.controller.game.is_book                     # from the next game on
    window.controller.new_game(deal=617)
    game = window.controller.game
    assert (game.draw, game.pass_limit, game.scoring) == (1, 3, "standard")
    assert game.piles == type(game)(617).piles                # the same layout
    QTest.keyClick(window.view, "+")
    assert len(game.piles[PILE]) == 1                          # + deals one card
    shown = window.panel.toPlainText()
    assert "Deal one card onto pile" in shown and "This game: one card a deal" in shown
    fields = {label: field.text() for label, field in window.status.fields.items()
              if not field.isHidden()}
    assert any(text.endswith("1 of 3") for text in fields.values())
    assert "Score" in fields


def test_vegas_shows_dollars_and_a_cumulative_total(window):
    choose(window, "Vegas, cumulative")
    window.controller.new_game(deal=5)
    window.update_status()
    fields = {label: field.text() for label, field in window.status.fields.items()
              if not field.isHidden()}
    assert fields["Score"].endswith("$-52") and fields["Total"].endswith("$-52")


def test_a_draw_one_hint_is_the_first_step_of_a_checked_win(window, qtbot):
    choose(window, "One card at a time")
    window.controller.new_game(deal=5)
    window.help.hint_action.trigger()
    marks = window.scene.marks
    qtbot.waitUntil(marks.hint_cards.isVisible, timeout=60_000)
    answer = window.help.assistant.answer()
    assert answer.verdict is Verdict.WINNABLE
    assert wins(window.controller.game, answer.steps)
    assert window.status.message.full_text.endswith("it leads to a win.")


def test_a_lost_draw_one_deal_hints_the_solver_s_best_line(window, qtbot):
    choose(window, "One card at a time")
    choose(window, "One pass")
    window.controller.new_game(deal=15)                         # impossible in one pass
    qtbot.waitUntil(lambda: window.help.assistant.answer() is not None, timeout=60_000)
    answer = window.help.assistant.answer()
    assert answer.verdict is Verdict.IMPOSSIBLE
    # The solver's own line (searched to the end, so any budget gives it),
    # not the generic fallback's.
    assert answer.best == solve(window.controller.game, Budget(1)).best != ()
    window.help.hint_action.trigger()
    qtbot.waitUntil(lambda: window.status.message.full_text.startswith(
        "Hint: No move leads to a win"), timeout=60_000)
    assert window.scene.marks.hint_cards.isVisible() or window.scene.marks.hint_target.isVisible()
