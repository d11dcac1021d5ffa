"""The table as a screen reader reads it (through Qt's accessibility
interfaces, in the process), the keyboard focus over piles and cards, and
what is announced."""

from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible
from PySide6.QtTest import QTest

from cardgui.engine.games.klondike.position import PILE
from cardgui.engine.piles import tableau
from cardgui.gui.focus import Focus
from tests.engine.klondike_layouts import layout
from tests.gui.helpers import put_layout


def tree(window):
    table = QAccessible.queryAccessibleInterface(window.view)
    piles = [table.child(index) for index in range(table.childCount())]
    return table, piles


def names_of(interface):
    return [interface.child(index).text(QAccessible.Text.Name)
            for index in range(interface.childCount())]


def test_every_pile_and_every_card_is_an_accessible_object(make_window):
    window = make_window("klondike", 617)
    table, piles = tree(window)
    assert table.text(QAccessible.Text.Name) == "card table"
    assert [pile.role() for pile in piles] == [QAccessible.Role.List] * 13
    assert piles[0].text(QAccessible.Text.Name) == "the hand, 24 cards, all face down"
    assert piles[2].text(QAccessible.Text.Name) == "the top for hearts, empty"
    cards = [name for pile in piles for name in names_of(pile)]
    assert len(cards) == 52
    assert sum(name.startswith("face-down card") for name in cards) == 24 + 21
    stack7 = names_of(piles[12])
    assert stack7[0] == "face-down card, stack 7, 1st of 7"
    assert stack7[6] == "ace of diamonds, stack 7, 7th of 7"
    assert piles[12].child(6).parent().text(QAccessible.Text.Name).startswith("stack 7")


def test_the_arrow_keys_move_the_focus_and_the_accessible_focus(make_window):
    window = make_window("klondike", 617)
    table, _ = tree(window)
    QTest.keyClick(window.view, Qt.Key.Key_Down)
    assert window.controller.focus == Focus(tableau(1), 0)
    assert table.focusChild().text(QAccessible.Text.Name) == "eight of clubs, stack 1, 1st of 1"
    QTest.keyClick(window.view, Qt.Key.Key_Tab)
    assert table.focusChild().text(QAccessible.Text.Name) == "ace of spades, stack 2, 2nd of 2"
    assert window.scene.marks.focus.isVisible()
    QTest.keyClick(window.view, Qt.Key.Key_Escape)
    assert window.controller.focus is None and not window.scene.marks.focus.isVisible()


def test_enter_picks_up_and_puts_down_a_move_the_rules_allow(window):
    put_layout(window, layout(["10D", "KH", "QC | 9S 8H"]))
    game = window.controller.game
    for key in (Qt.Key.Key_Down, Qt.Key.Key_Tab, Qt.Key.Key_Tab, Qt.Key.Key_Up):
        QTest.keyClick(window.view, key)
    assert window.controller.focus == Focus(tableau(3), 1)            # the nine of spades
    QTest.keyClick(window.view, Qt.Key.Key_Return)
    assert window.controller.held == Focus(tableau(3), 1)
    assert "Picked up nine of spades and 1 on it" in window.status.message.full_text
    QTest.keyClick(window.view, Qt.Key.Key_Backtab)
    QTest.keyClick(window.view, Qt.Key.Key_Backtab)
    QTest.keyClick(window.view, Qt.Key.Key_Return)
    assert [card.name for card in game.pile(tableau(1)).cards] == ["10D", "9S", "8H"]
    assert window.controller.held is None


def test_a_drop_the_rules_refuse_says_why_and_escape_puts_back(window):
    put_layout(window, layout(["10D", "KH", "QC | 9S 8H"]))
    state = window.controller.game.state()
    QTest.keyClick(window.view, Qt.Key.Key_Down)
    QTest.keyClick(window.view, Qt.Key.Key_Return)                    # picks up 10D
    QTest.keyClick(window.view, Qt.Key.Key_Tab)
    QTest.keyClick(window.view, Qt.Key.Key_Tab)
    QTest.keyClick(window.view, Qt.Key.Key_Return)                    # onto QC: refused
    assert window.controller.game.state() == state
    assert "10D cannot go onto 8H" in window.status.message.full_text or \
        "cannot go onto" in window.status.message.full_text
    QTest.keyClick(window.view, Qt.Key.Key_Return)                    # picks up 8H
    QTest.keyClick(window.view, Qt.Key.Key_Escape)
    assert window.controller.held is None and window.controller.game.state() == state


def test_the_book_keys_are_untouched_until_the_focus_is_shown(make_window):
    window = make_window("calculation", 5)
    QTest.keyClick(window.view, Qt.Key.Key_Space)                     # her Space turns a card
    assert window.controller.game.cards_left == 48
    QTest.keyClicks(window.view, "1")
    assert window.controller.focus is None


def test_poker_squares_focus_is_its_own_cursor(make_window):
    window = make_window("pokersquares", 7)
    table, _ = tree(window)
    QTest.keyClick(window.view, Qt.Key.Key_Right)
    assert table.focusChild().text(QAccessible.Text.Name) == "cell b1, empty"
    QTest.keyClick(window.view, Qt.Key.Key_Return)                     # places the card, as ever
    assert window.controller.game.cards_left == 24


def listen_to_announcements(monkeypatch):
    """What the window announces, as it goes, whichever way it announces."""
    said = []
    original = QAccessible.updateAccessibility

    def listen(event):
        if event.type() == QAccessible.Event.Announcement:                # elsewhere
            said.append(event.message())
        elif event.type() == QAccessible.Event.ObjectShow:                 # Linux: Orca
            interface = event.accessibleInterface()
            assert interface.role() == QAccessible.Role.Notification
            said.append(interface.text(QAccessible.Text.Name))
        return original(event)
    monkeypatch.setattr(QAccessible, "updateAccessibility", listen)
    return said


def test_moves_refusals_and_the_end_are_announced(window, monkeypatch):
    said = listen_to_announcements(monkeypatch)
    put_layout(window, layout(["10D", "9S", "KH"]))
    QTest.keyClicks(window.view, "9S")
    QTest.keyClicks(window.view, "P")
    assert "nine of spades to stack 1." in said      # card names in words
    assert any("pile is empty" in text for text in said)


def test_a_deal_the_game_says_nothing_of_is_announced_by_what_it_changed(window, monkeypatch):
    said = listen_to_announcements(monkeypatch)
    QTest.keyClick(window.view, "+")                  # Klondike 617: deal three
    game = window.controller.game
    top = game.piles[PILE].cards[-1]
    assert said[-1] == (f"the hand, 21 cards, all face down; "
                        f"the pile, 3 cards, {top.words} on top")
    assert window.status.message.full_text == ""      # the status bar stays as it was


def test_the_announcer_is_the_status_bars_message_as_a_notification(window):
    interface = QAccessible.queryAccessibleInterface(window.status.message)
    assert interface.role() == QAccessible.Role.Notification
    QTest.keyClicks(window.view, "P")                 # the pile is empty: refused
    assert "pile is empty" in window.status.message.full_text
    assert interface.text(QAccessible.Text.Name) == window.status.message.full_text
