"""Pyramid in the window: pairs by a drag, by two clicks and by a
double-click, kings off with a click, the stock, typed names, and clicks
that land on the card under the pointer where cards overlap."""

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from cardgui.engine.games.pyramid.position import DISCARD, STOCK, WASTE, place
from tests.gui.helpers import card_point, drag, pile_point


def names(game, pile_id):
    return [card.name for card in game.pile(pile_id).cards]


def click(window, point):
    QTest.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     Qt.KeyboardModifier.NoModifier, point)


def test_the_window_shows_deal_5_with_the_rows_lying_over_each_other(make_window):
    window = make_window("pyramid", 5)
    game = window.controller.game
    assert window.windowTitle().startswith("Pyramid 5")
    assert names(game, place(1, 1)) == ["5C"] and names(game, place(7, 1)) == ["8C"]
    sprites = window.scene.sprites
    upper, lower = (sprites[game.pile(place(row, 1)).top] for row in (6, 7))
    assert lower.zValue() > upper.zValue()                          # the lower row on top
    assert lower.sceneBoundingRect().intersects(upper.sceneBoundingRect())


def test_a_drag_of_one_card_onto_another_that_makes_13_pairs_them_off(make_window):
    window = make_window("pyramid", 5)
    game = window.controller.game
    drag(window, card_point(window, "8C", dy=0.5), card_point(window, "5S", dy=0.5))
    assert names(game, DISCARD) == ["5S", "8C"]
    assert place(7, 1) not in window.scene.geometry.layout.spots       # no marker left behind


def test_a_drag_onto_a_card_that_does_not_make_13_goes_back_with_the_reason(make_window):
    window = make_window("pyramid", 5)
    game = window.controller.game
    before = game.state()
    drag(window, card_point(window, "8C", dy=0.5), card_point(window, "8H", dy=0.5))
    assert game.state() == before
    assert "make 16, not 13" in window.status.message.full_text


def test_a_click_on_one_card_and_then_its_partner_pairs_them(make_window):
    window = make_window("pyramid", 5)
    game = window.controller.game
    click(window, card_point(window, "8C", dy=0.5))
    assert game.chosen == place(7, 1)
    assert "Chose 8C" in window.status.message.full_text
    click(window, card_point(window, "5S", dy=0.5))
    assert names(game, DISCARD) == ["5S", "8C"]
    assert window.controller.game.score == 5


def test_a_double_click_pairs_a_card_with_its_first_partner(make_window):
    window = make_window("pyramid", 5)
    game = window.controller.game
    QTest.mouseDClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                      Qt.KeyboardModifier.NoModifier, card_point(window, "8C", dy=0.5))
    assert sorted(names(game, DISCARD)) == ["5S", "8C"]


def test_a_click_on_the_stock_turns_its_card_and_a_click_on_a_king_sends_it_off(make_window):
    window = make_window("pyramid", 5)
    game = window.controller.game
    click(window, pile_point(window, STOCK))
    assert names(game, WASTE) == ["KC"]
    click(window, card_point(window, "KC", dy=0.5))
    assert names(game, DISCARD) == ["KC"] and not game.pile(WASTE).cards


def test_a_click_lands_on_the_card_whose_strip_it_is_on(make_window):
    window = make_window("pyramid", 5)
    # The visible strip of row 6's first card, 7D, which row 7 covers.
    click(window, card_point(window, "7D", dy=0.15))
    assert window.status.message.full_text == "7D is covered: only free cards go off."
    assert window.controller.game.chosen is None


def test_typed_names_pair_cards(make_window):
    window = make_window("pyramid", 5)
    QTest.keyClicks(window.view, "8c5s")
    assert names(window.controller.game, DISCARD) == ["5S", "8C"]


SEARCH_WAIT_MS = 60_000       # a generous wait for a search on a busy machine


def test_the_verdict_and_a_hint_come_from_the_solver(make_window, qtbot):
    window = make_window("pyramid", 5)
    qtbot.waitUntil(lambda: window.help.assistant.verdict == "Winnable", timeout=SEARCH_WAIT_MS)
    window.help.hint_action.trigger()
    qtbot.waitUntil(window.scene.marks.hint_cards.isVisible, timeout=SEARCH_WAIT_MS)
    assert window.status.message.full_text.endswith(": it leads to a win.")


def test_an_impossible_deal_says_so(make_window, qtbot):
    window = make_window("pyramid", 7)
    qtbot.waitUntil(lambda: window.help.assistant.verdict == "Cannot be won",
                    timeout=SEARCH_WAIT_MS)


def test_demo_clears_the_pyramid(make_window, qtbot):
    window = make_window("pyramid", 5)
    window.help.demo.pace_ms = 1
    window.help.demo_action.trigger()
    qtbot.waitUntil(lambda: window.controller.game.is_over, timeout=4 * SEARCH_WAIT_MS)
    assert window.controller.game.is_won


def test_winnable_deals_only_deals_one_the_solver_proves(make_window, qtbot):
    window = make_window("pyramid", 7)
    option = next(action for action in window.options_menu.actions()
                  if action.text().startswith("Winnable deals only"))
    option.trigger()
    before = window.controller.game
    window.new_action.trigger()
    qtbot.waitUntil(lambda: window.controller.game is not before, timeout=SEARCH_WAIT_MS)
    deal = window.controller.game.deal_number
    assert window.status.message.full_text == f"Deal {deal}: the solver has proven it winnable."


def test_the_passes_option_is_offered_for_the_next_game(make_window):
    window = make_window("pyramid", 5)
    named = [action.text() for action in window.options_menu.actions()]
    assert "Unlimited passes" in named and "Three passes (Microsoft's)" in named
