"""Calculation in the window: turning cards, drags to waste piles and
foundations, her keys, and the labels saying what each foundation needs."""

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from cardgui.engine.games.calculation.game import Calculation
from cardgui.engine.games.calculation.position import HAND, STOCK, waste_pile
from cardgui.engine.outcome import Outcome
from cardgui.engine.piles import foundation
from tests.gui.helpers import card_point, drag, pile_point, put_layout
from tests.played import keyed


def names(game, pile_id):
    return [card.name for card in game.pile(pile_id).cards]


def test_clicking_the_hand_turns_a_card_and_space_does_too(make_window):
    window = make_window("calculation", 5)
    game = window.controller.game
    QTest.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=pile_point(window, STOCK))
    assert len(game.pile(HAND)) == 1 and game.cards_left == 48
    QTest.keyClicks(window.view, "1")
    QTest.keyClick(window.view, Qt.Key.Key_Space)
    assert len(game.pile(waste_pile(1))) == 1 and len(game.pile(HAND)) == 1


def test_drag_the_hand_card_to_a_waste_pile_and_a_waste_top_to_a_foundation(make_window):
    window = make_window("calculation", 1)
    put_layout(window, Calculation.stacked())
    game = window.controller.game
    QTest.keyClick(window.view, Qt.Key.Key_Space)
    card = game.pile(HAND).top
    drag(window, card_point(window, card.name), pile_point(window, waste_pile(3)))
    assert names(game, waste_pile(3)) == [card.name]
    refused_before = game.state()
    drag(window, card_point(window, card.name), pile_point(window, waste_pile(1)))
    assert game.state() == refused_before            # a waste card goes only up
    assert "only to a foundation" in window.status.message.full_text


def test_keys_play_as_the_engine_does(make_window):
    window = make_window("calculation", 7)
    keys = " 1 2 f 3 4\r !"
    for key in keys:
        if key == "\r":
            QTest.keyClick(window.view, Qt.Key.Key_Return)
        else:
            QTest.keyClicks(window.view, key)
    expected = keyed(Calculation(7))
    for key in keys:
        expected.press(key)
    assert window.controller.game.state() == expected.game.state()


def test_each_foundation_says_what_it_needs_next(make_window):
    window = make_window("calculation", 5)
    labels = window.scene.decorations.needs
    assert [label.text() for label in labels] == ["needs 2", "needs 4", "needs 6", "needs 8"]
    put_layout(window, Calculation.stacked())
    game = window.controller.game
    # play through the engine until foundation 1 grows, and look again
    while len(game.pile(foundation(1))) == 1:
        game.deal()
        if game.destinations(HAND, 0):
            game.play(HAND, 0)
        else:
            game.hand_to_waste(1)
    window.controller.changed.emit(Outcome(frozenset(game.piles)))
    assert window.scene.decorations.needs[0].text() == "needs 3"
    assert "<b" in window.scene.decorations.strip.toHtml()
