"""Hint, Demo, Finish, the solver's verdict and winnable deals in the window,
driven as a player drives them."""

from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QPushButton

from cardgui.assist import answers
from cardgui.engine.cards import Card, Suit
from cardgui.engine.games import find_game
from cardgui.engine.games.klondike.position import HAND, top_of
from cardgui.engine.moves import Move
from cardgui.engine.piles import tableau
from cardgui.engine.search.result import Verdict
from cardgui.gui.app import build_window
from tests.engine.klondike_layouts import full_top, layout
from tests.gui.helpers import card_point, put_layout

SEARCH_WAIT_MS = 60_000       # a generous wait for a search on a busy machine
KLONDIKE = find_game("klondike")


def verdict(window):
    return window.help.assistant.verdict


def wait_for_verdict(qtbot, window, words):
    qtbot.waitUntil(lambda: verdict(window) == words, timeout=SEARCH_WAIT_MS)


def shown_fields(window):
    return {label: field.text() for label, field in window.status.fields.items()
            if not field.isHidden()}


def said(window):
    return window.status.message.full_text


def two_queens(played_up=""):
    """Each queen covers the jack the other needs; a black and a red king
    give them somewhere to go.  Playing both kings up first loses."""
    tops = {"S": full_top("S", 10), "H": full_top("H", 10),
            "C": full_top("C", 12), "D": full_top("D", 12)}
    stacks = ["KS JS | QH", "KH JH | QS", "KC", "KD"]
    for king in played_up.split():
        suit = king[1]
        tops[suit] += " " + king
        stacks[stacks.index(king)] = ""
    return layout(stacks, tops=tops)


def marked_box(outline):
    assert outline.isVisible()
    return outline.path().boundingRect()


# -- the verdict -------------------------------------------------------------------------

def test_the_status_bar_says_the_deal_is_winnable(window, qtbot):
    wait_for_verdict(qtbot, window, "Winnable")                 # Klondike 617
    assert shown_fields(window)["Solver"].endswith("Winnable")


def test_a_deal_that_cannot_be_won_says_so(make_window, qtbot):
    window = make_window("klondike", 9)
    wait_for_verdict(qtbot, window, "Cannot be won")


def test_a_move_that_loses_the_game_says_to_undo_and_undo_brings_winnable_back(window, qtbot):
    put_layout(window, two_queens())
    wait_for_verdict(qtbot, window, "Winnable")
    assert window.controller.play(Move(tableau(3), top_of(Suit.CLUBS)))    # KC up
    wait_for_verdict(qtbot, window, "Winnable")                           # KD is left
    assert window.controller.play(Move(tableau(4), top_of(Suit.DIAMONDS)))  # KD up too
    wait_for_verdict(qtbot, window, "No longer winnable: undo to go back")
    window.undo_action.trigger()
    assert verdict(window) == "Winnable"                  # known already: no search


def test_switching_the_verdict_off_stops_its_worker_and_on_starts_it(window, qtbot):
    wait_for_verdict(qtbot, window, "Winnable")
    assert window.help.assistant._judge.running
    option = next(action for action in window.options_menu.actions()
                  if action.text().startswith("Solver's verdict"))
    option.trigger()
    assert not option.isChecked() and not window.help.assistant._judge.running
    assert "Solver" not in shown_fields(window)
    QTest.keyClick(window.view, "+")                  # a gesture starts no search
    assert not window.help.assistant._judge.running and verdict(window) == ""
    option.trigger()
    qtbot.waitUntil(lambda: verdict(window) not in ("", "Thinking…"), timeout=SEARCH_WAIT_MS)
    assert window.settings.game_options("klondike")["solver_verdict"] is True


def test_a_key_pressed_during_a_long_search_is_handled_at_once(make_window, qtbot, monkeypatch):
    monkeypatch.setattr(answers, "VERDICT_SECONDS", 3600.0)
    window = make_window("klondike", 306)             # no verdict within 10 s of search
    assert verdict(window) == "Thinking…"
    qtbot.wait(1000)                                  # the search is under way
    before = window.controller.game.moves_made
    QTest.keyClick(window.view, "+")                  # deal three
    assert window.controller.game.moves_made == before + 1
    assert verdict(window) == "Thinking…"             # its new search goes on meanwhile


# -- Hint ------------------------------------------------------------------------------

def test_hint_outlines_the_card_and_where_it_goes_and_says_it(window, qtbot):
    window.help.hint_action.trigger()                 # Klondike 617
    marks = window.scene.marks
    qtbot.waitUntil(marks.hint_cards.isVisible, timeout=SEARCH_WAIT_MS)
    step = window.help.assistant.answer().steps[0]
    assert step == Move(tableau(2), top_of(Suit.SPADES))
    ace = window.scene.sprites[Card.parse("AS")].sceneBoundingRect()
    assert marked_box(marks.hint_cards).contains(ace.center())
    x, y = window.scene.geometry.pile_origin(top_of(Suit.SPADES))
    assert marked_box(marks.hint_target).contains(QPointF(x + 5, y + 5))
    assert said(window) == "Hint: AS to the top for spades: it leads to a win."
    assert window.controller.session.helped
    QTest.keyClicks(window.view, "AS")                # playing it clears the marks
    assert not marks.hint_cards.isVisible() and not marks.hint_target.isVisible()


def test_a_hint_still_being_looked_for_shows_it_and_a_gesture_ends_the_wait(
        make_window, qtbot, monkeypatch):
    monkeypatch.setattr(answers, "VERDICT_SECONDS", 3600.0)
    window = make_window("klondike", 306)             # no verdict within 10 s of search
    window.help.hint_action.trigger()
    viewport = window.view.viewport()
    qtbot.waitUntil(lambda: said(window) == "Looking for a hint…")
    assert viewport.cursor().shape() == Qt.CursorShape.BusyCursor
    QTest.keyClick(window.view, "+")
    assert viewport.cursor().shape() != Qt.CursorShape.BusyCursor
    assert not window.scene.marks.hint_cards.isVisible()


def test_hint_outlines_a_run_and_its_target_in_a_constructed_position(window, qtbot):
    put_layout(window, two_queens("KC"))              # only QS onto KD still wins
    window.help.hint_action.trigger()
    marks = window.scene.marks
    qtbot.waitUntil(marks.hint_cards.isVisible, timeout=SEARCH_WAIT_MS)
    step = window.help.assistant.answer().steps[0]
    moved = window.controller.game.piles[step.source].cards[-step.count]
    sprite = window.scene.sprites[moved].sceneBoundingRect()
    assert marked_box(marks.hint_cards).contains(sprite.center())
    assert said(window).startswith(f"Hint: {moved} to ")
    window.controller.play(step)
    wait_for_verdict(qtbot, window, "Winnable")       # the hint never lies


def test_hint_marks_the_hand_when_dealing_is_the_way(window, qtbot):
    put_layout(window, layout(["KS", "QS JS 10S 9S 8S 7S 6S 5S 4S 3S | 2S"], hand="AS",
                              tops={suit: full_top(suit, 13) for suit in "HDC"}))
    window.help.hint_action.trigger()
    marks = window.scene.marks
    qtbot.waitUntil(marks.hint_cards.isVisible, timeout=SEARCH_WAIT_MS)
    x, y = window.scene.geometry.pile_origin(HAND)
    assert marked_box(marks.hint_cards).contains(QPointF(x + 5, y + 5))
    assert not marks.hint_target.isVisible()
    assert said(window).startswith("Hint: Deal three cards from the hand")


def test_hint_in_a_lost_position_says_so_and_still_marks_a_move(make_window, qtbot):
    window = make_window("klondike", 9)               # deal 9 cannot be won
    window.help.hint_action.trigger()
    qtbot.waitUntil(lambda: said(window).startswith("Hint: No move leads to a win from here."),
                    timeout=SEARCH_WAIT_MS)
    marks = window.scene.marks
    assert marks.hint_cards.isVisible() or marks.hint_target.isVisible()
    QTest.keyClick(window.view, "+")
    window.help.hint_action.trigger()
    qtbot.waitUntil(lambda: said(window).endswith("Undo to go back."), timeout=SEARCH_WAIT_MS)
    assert said(window).startswith("Hint: No move leads to a win from here.")


def test_hint_in_a_game_with_no_move_left_says_it_is_over(window):
    put_layout(window, two_queens("KC KD"))
    window.help.hint_action.trigger()
    assert said(window) == "The game is over: there is nothing to hint."


# -- Demo ------------------------------------------------------------------------------

def test_demo_wins_a_winnable_klondike_deal_with_undoable_moves(window, qtbot):
    window.help.demo.pace_ms = 1
    window.help.demo_action.trigger()                 # Klondike 617
    assert window.help.demo.running
    qtbot.waitUntil(lambda: window.controller.game.is_won, timeout=4 * SEARCH_WAIT_MS)
    qtbot.waitUntil(lambda: not window.help.demo.running)
    assert said(window) == "Demo played to the end." and not window.help.demo_action.isChecked()
    summary = window.statistics.summary("klondike")
    assert (summary.won, summary.won_helped) == (1, 1)
    window.undo_action.trigger()                      # Demo's moves are ordinary ones
    assert not window.controller.game.is_won


def test_any_key_stops_demo_and_does_nothing_else(window, qtbot):
    window.help.demo.pace_ms = 60_000                 # one move, then a long wait
    window.help.demo_action.trigger()
    qtbot.waitUntil(lambda: window.controller.game.moves_made == 1, timeout=SEARCH_WAIT_MS)
    state = window.controller.game.state()
    QTest.keyClick(window.view, "+")
    assert not window.help.demo.running and window.controller.game.state() == state
    assert said(window) == "Demo stopped: the table is yours again."
    QTest.keyClick(window.view, "+")                  # the next key is the game's again
    assert window.controller.game.moves_made == 2


def test_a_shortcut_stops_demo_and_does_its_command(window, qtbot):
    window.help.demo.pace_ms = 60_000
    window.help.demo_action.trigger()
    qtbot.waitUntil(lambda: window.controller.game.moves_made == 1, timeout=SEARCH_WAIT_MS)
    QTest.keyClick(window.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert not window.help.demo.running and not window.controller.game.can_undo


def test_a_click_stops_demo(window, qtbot):
    window.help.demo.pace_ms = 60_000
    window.help.demo_action.trigger()
    qtbot.waitUntil(lambda: window.controller.game.moves_made == 1, timeout=SEARCH_WAIT_MS)
    QTest.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     Qt.KeyboardModifier.NoModifier, card_point(window, "KD"))
    assert not window.help.demo.running and window.controller.game.moves_made == 1


def test_the_command_line_opens_the_window_with_demo_playing(home, qtbot):
    window = build_window("klondike", 617, demo=True)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: window.help.demo.running)
    assert window.controller.game.deal_number == 617
    window.help.demo.stop()


# -- Finish ----------------------------------------------------------------------------

def every_card_can_go():
    return layout(["| KH QS", "| KS QH"], tops={"S": full_top("S", 11), "H": full_top("H", 11),
                                                  "C": full_top("C", 13), "D": full_top("D", 13)})


def test_finish_is_offered_once_every_card_can_go_and_is_one_undo_step(window):
    put_layout(window, every_card_can_go())
    before = window.controller.game.state()
    assert window.banner.isVisible() and window.banner.title.text() == "Every card can go up"
    assert window.help.finish_action.isEnabled()
    window.banner.choose("Finish")
    assert window.controller.game.is_won
    shown = [button.text() for button in window.banner.findChildren(QPushButton)
             if button.isVisible()]
    assert window.banner.title.text() == "You win!" and shown == ["New game", "Close"]
    assert window.banner.detail.text().startswith("Deal 1 in 1 move,")
    window.undo_action.trigger()
    assert window.controller.game.state() == before


def test_finish_is_not_offered_while_a_card_is_face_down(window):
    put_layout(window, layout(["KH | QS", "| KS QH"],
                              tops={"S": full_top("S", 11), "H": full_top("H", 11),
                                    "C": full_top("C", 13), "D": full_top("D", 13)}))
    assert not window.banner.isVisible() and not window.help.finish_action.isEnabled()
    window.help.finish()
    assert said(window) == "Not every card can go up yet." and not window.controller.game.is_won


def test_finish_by_itself_plays_every_card_up(window, qtbot):
    window.settings.set_game_option("klondike", "finish_itself", True)
    put_layout(window, every_card_can_go())
    qtbot.waitUntil(lambda: window.controller.game.is_won)


# -- winnable deals ----------------------------------------------------------------------

def test_winnable_deals_only_deals_one_the_solver_proves(window, qtbot):
    option = next(action for action in window.options_menu.actions()
                  if action.text().startswith("Winnable deals only"))
    option.trigger()
    for _ in range(3):
        before = window.controller.game
        window.new_action.trigger()
        qtbot.waitUntil(lambda before=before: window.controller.game is not before,
                        timeout=SEARCH_WAIT_MS)
        deal = window.controller.game.deal_number
        assert said(window) == f"Deal {deal}: the solver has proven it winnable."
        assert answers.judge(KLONDIKE, KLONDIKE.new_game(deal), 5).verdict is Verdict.WINNABLE
        assert verdict(window) == "Winnable"           # known with the deal: no search
