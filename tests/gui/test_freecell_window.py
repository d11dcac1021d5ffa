"""FreeCell in the window: drags of runs within the limit, double-clicks, the
keys, the autoplay option and the whole range of deal numbers."""

import json

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor
from PySide6.QtTest import QTest

from cardgui.engine.games.freecell.game import FreeCell
from cardgui.engine.piles import cell, foundation, tableau
from cardgui.gui.app import build_window
from cardgui.gui.scene import TABLE_GREEN
from tests.engine.freecell_layouts import layout
from tests.gui.helpers import card_point, drag, pile_point, put_layout, sprite_positions
from tests.played import keyed


def names(game, pile_id):
    return [card.name for card in game.pile(pile_id).cards]


def test_the_window_shows_microsoft_deal_617(make_window):
    window = make_window("freecell", 617)
    assert names(window.controller.game, tableau(1)) == ["7D", "10D", "10H", "KD", "4C", "4S", "JD"]
    assert window.windowTitle().startswith("FreeCell 617")


def test_a_drag_moves_a_run_within_the_limit_and_refuses_beyond_it(make_window):
    window = make_window("freecell", 1)
    # One free cell and no empty column: runs of at most two cards move.
    put_layout(window, layout(["10D", "2C 9S 8H 7C", "KH", "QS", "9C", "5S", "4S", "3S"],
                              cells="5H 6H 7H -"))
    game = window.controller.game
    before = game.state()
    drag(window, card_point(window, "9S"), pile_point(window, tableau(1), dy=0.6))
    assert game.state() == before
    assert "at most 2 cards" in window.status.message.full_text
    drag(window, card_point(window, "8H"), pile_point(window, tableau(5), dy=0.6))
    assert names(game, tableau(5)) == ["9C", "8H", "7C"]
    assert names(game, tableau(2)) == ["2C", "9S"]


def test_a_dragged_run_is_drawn_whole_under_the_pointer_and_goes_back_whole(make_window):
    window = make_window("freecell", 1)
    put_layout(window, layout(["10D", "2C 9S 8H 7C", "KH", "QS", "9C", "5S", "4S", "3S"],
                              cells="5H 6H 7H -"))
    places, items = sprite_positions(window), len(window.scene.items())
    viewport = window.view.viewport()
    start = card_point(window, "8H")
    end = QPoint(viewport.width() - 3 * window.scene.geometry.card_width // 2,
                 viewport.height() - 2 * window.scene.geometry.card_height)
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    for step in range(1, 9):
        QTest.mouseMove(viewport, start + (end - start) * step / 8)
    frame = viewport.grab().toImage()
    below = end + QPoint(0, round(window.scene.geometry.card_height * 0.95))   # on the 7C
    for point in (end, below):
        assert frame.pixelColor(point) != QColor(TABLE_GREEN), f"no card drawn at {point}"
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end)
    assert sprite_positions(window) == places                   # dropped on nothing: back
    assert len(window.scene.items()) == items
    assert all(sprite.isVisible() for sprite in window.scene.sprites.values())
    frame = viewport.grab().toImage()
    assert frame.pixelColor(end) == QColor(TABLE_GREEN)


def test_double_click_sends_a_card_up_or_else_to_a_free_cell(make_window):
    window = make_window("freecell", 1)
    put_layout(window, layout(["KH AS", "QD 9C"]))
    viewport = window.view.viewport()
    QTest.mouseDClick(viewport, Qt.MouseButton.LeftButton, pos=card_point(window, "AS"))
    game = window.controller.game
    assert [c.name for pile in game.pile_ids(foundation(1).role) for c in game.pile(pile).cards] == ["AS"]
    QTest.mouseDClick(viewport, Qt.MouseButton.LeftButton, pos=card_point(window, "9C"))
    assert names(game, cell(1)) == ["9C"]


def test_typed_keys_play_as_the_engine_does(make_window):
    window = make_window("freecell", 617)
    keys = "8S!@ah M"
    for key in keys:
        QTest.keyClicks(window.view, key)
    expected = keyed(FreeCell(617))
    for key in keys:
        expected.press(key)
    assert window.controller.game.state() == expected.game.state()


def test_autoplay_can_be_turned_off_from_the_options(make_window, home, qtbot):
    window = make_window("freecell", 1)
    option = next(action for action in window.options_menu.actions() if action.isCheckable())
    assert option.isChecked() and window.controller.game.autoplay
    option.trigger()
    assert not window.controller.game.autoplay
    settings = json.loads((home / "settings.json").read_text())
    assert settings["options"]["freecell"]["autoplay"] is False
    # the saved game replays with the same switch
    window.close()
    again = build_window(None, None)
    qtbot.addWidget(again)
    assert again.controller.game.autoplay is False


def test_deal_numbers_up_to_2_to_the_33_minus_1(make_window):
    window = make_window("freecell", 2**33 - 1)
    assert window.controller.game.deal_number == 2**33 - 1
    assert window.controller.info.highest_deal == 2**33 - 1


def test_the_last_game_played_comes_back_at_the_next_start(make_window, home, qtbot):
    window = make_window("freecell", 617)
    window.close()
    second = build_window(None, None)
    qtbot.addWidget(second)
    assert second.controller.info.game_id == "freecell"
    assert json.loads((home / "settings.json").read_text())["last_game"] == "freecell"


def test_switching_games_from_the_menu(make_window):
    window = make_window("klondike", 5)
    action = next(a for a in window.game_actions.actions() if a.data() == "freecell")
    action.trigger()
    assert window.controller.info.game_id == "freecell"
    assert window.windowTitle().startswith("FreeCell")
