"""TriPeaks in the window: a click or a drag plays a card onto the waste,
a click on the stock turns a card, face-down cards stay put, typed names."""

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from cardgui.engine.games.tripeaks.position import STOCK, WASTE
from cardgui.engine.piles import tableau
from tests.gui.helpers import card_point, drag, pile_point


def names(game, pile_id):
    return [card.name for card in game.pile(pile_id).cards]


def click(window, point):
    QTest.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     Qt.KeyboardModifier.NoModifier, point)


def test_the_window_shows_deal_5_with_its_peaks_face_down(make_window):
    window = make_window("tripeaks", 5)
    game = window.controller.game
    assert window.windowTitle().startswith("TriPeaks 5")
    sprites = window.scene.sprites
    assert not sprites[game.pile(tableau(1)).cards[0]].face_up
    assert sprites[game.pile(tableau(19)).cards[0]].face_up
    assert names(game, WASTE) == ["KC"]


def test_a_click_plays_a_card_that_fits(make_window):
    window = make_window("tripeaks", 5)
    game = window.controller.game
    click(window, card_point(window, "AC", dy=0.5))         # the ace touches the king
    assert names(game, WASTE) == ["KC", "AC"] and game.score == 100


def test_a_drag_onto_the_waste_plays_a_card(make_window):
    window = make_window("tripeaks", 5)
    game = window.controller.game
    drag(window, card_point(window, "QC", dy=0.5), pile_point(window, WASTE))
    assert names(game, WASTE) == ["KC", "QC"]


def test_a_click_on_a_card_that_does_not_fit_says_why(make_window):
    window = make_window("tripeaks", 5)
    click(window, card_point(window, "8S", dy=0.5))
    assert window.status.message.full_text == (
        "8S cannot go onto KC: it must be one rank above or below.")


def test_a_click_on_the_stock_turns_a_card_and_ends_the_chain(make_window):
    window = make_window("tripeaks", 5)
    game = window.controller.game
    click(window, card_point(window, "AC", dy=0.5))
    click(window, pile_point(window, STOCK))
    assert len(game.pile(WASTE)) == 3 and game.chain == 0 and len(game.pile(STOCK)) == 22


def test_a_face_down_card_is_not_dragged(make_window):
    window = make_window("tripeaks", 5)
    game = window.controller.game
    before = game.state()
    hidden = game.pile(tableau(10)).cards[0].name
    drag(window, card_point(window, hidden, dy=0.15), pile_point(window, WASTE))
    assert game.state() == before


def test_typed_names_play_cards(make_window):
    window = make_window("tripeaks", 5)
    QTest.keyClicks(window.view, "ac")
    assert names(window.controller.game, WASTE) == ["KC", "AC"]


SEARCH_WAIT_MS = 60_000       # a generous wait for a search on a busy machine


def test_the_verdict_and_a_hint_come_from_the_solver(make_window, qtbot):
    window = make_window("tripeaks", 5)
    qtbot.waitUntil(lambda: window.help.assistant.verdict == "Winnable", timeout=SEARCH_WAIT_MS)
    window.help.hint_action.trigger()
    qtbot.waitUntil(window.scene.marks.hint_cards.isVisible, timeout=SEARCH_WAIT_MS)
    assert window.status.message.full_text.endswith(": it leads to a win.")


def test_demo_clears_the_peaks(make_window, qtbot):
    window = make_window("tripeaks", 5)
    window.help.demo.pace_ms = 1
    window.help.demo_action.trigger()
    qtbot.waitUntil(lambda: window.controller.game.is_over, timeout=4 * SEARCH_WAIT_MS)
    assert window.controller.game.is_won


def test_the_wrap_option_is_offered(make_window):
    window = make_window("tripeaks", 5)
    named = [action.text() for action in window.options_menu.actions()]
    assert "King and ace are next to each other" in named
