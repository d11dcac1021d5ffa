"""Spider in the window: a drag of a run, a click on the stock, a
double-click, typed keys, the suits option, and a 54-card column that stays
on the table at the window's smallest size."""

from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest

from cardgui.engine.cards import Card, Suit
from cardgui.engine.games.spider.game import Spider
from cardgui.engine.games.spider.position import STOCK
from cardgui.engine.games.spider.table import spider_table
from cardgui.engine.piles import Pile, tableau
from cardgui.gui.layout import Geometry
from tests.engine.spider_layouts import layout, names
from tests.gui.helpers import drag, pile_point, put_layout

ROW = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S"


def point_on(window, column: int, index: int, dy: float = 0.08):
    """A point on the visible strip of the card at ``index`` of a column."""
    card = window.controller.game.pile(tableau(column)).cards[index]
    box = window.scene.sprites[card].sceneBoundingRect()
    return window.view.mapFromScene(QPointF(box.x() + box.width() / 2,
                                            box.y() + box.height() * dy))


def test_the_window_shows_kpatiences_deal(make_window):
    window = make_window("spider", 5)
    game = window.controller.game
    assert game.suits == 1 and len(game.all_cards()) == 104
    assert names(game, 1)[-1] == Spider(5).pile(tableau(1)).top.name
    assert window.windowTitle().startswith("Spider 5")


def test_a_dragged_run_moves_whole_and_a_mixed_one_is_refused(make_window):
    window = make_window("spider", 5)
    put_layout(window, layout(["#2C 9S 8S 7S", "10H", "9D 8H 7C"] + ["KD"] * 2 + ["KC"] * 2
                              + ["KH"] * 2 + ["QD"], stock=[ROW]))
    game = window.controller.game
    before = game.state()
    drag(window, point_on(window, 3, 0), pile_point(window, tableau(2), dy=0.6))
    assert game.state() == before
    assert "cannot move with the cards on it" in window.status.message.full_text
    drag(window, point_on(window, 1, 1), pile_point(window, tableau(2), dy=0.6))
    assert names(game, 2) == ["10H", "9S", "8S", "7S"] and names(game, 1) == ["2C"]


def test_a_click_on_the_stock_deals_a_row(make_window):
    window = make_window("spider", 5)
    put_layout(window, layout(["#2C 9S", "10H", "9D"] + ["KD"] * 2 + ["KC"] * 2 + ["KH"] * 2
                              + ["QD"], stock=[ROW]))
    game = window.controller.game
    QTest.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=pile_point(window, STOCK))
    assert game.deals_left == 0 and names(game, 1)[-1] == "AS" and names(game, 10)[-1] == "10S"


def test_a_double_click_sends_a_run_to_its_best_place(make_window):
    window = make_window("spider", 5)
    put_layout(window, layout(["#2C 8S 7S", "9H", "9S"]))
    game = window.controller.game
    QTest.mouseDClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                      pos=point_on(window, 1, 1))
    assert names(game, 3) == ["9S", "8S", "7S"] and names(game, 1) == ["2C"]


def test_typed_keys_play_as_the_engine_does(make_window):
    window = make_window("spider", 5)
    put_layout(window, layout(["#2C 8S 7S", "9H", "9S"]))
    game = window.controller.game
    QTest.keyClicks(window.view, "8s")
    assert names(game, 3) == ["9S", "8S", "7S"]
    QTest.keyClicks(window.view, "u")
    assert names(game, 1) == ["#2C", "8S", "7S"]


def test_the_suits_are_an_option_from_the_next_game_on_and_remembered(make_window):
    window = make_window("spider", 5)
    four = next(action for action in window.options_menu.actions()
                if action.text() == "4 suits (hard)")
    four.trigger()
    assert window.controller.game.suits == 1
    assert "from the next game" in window.status.message.full_text
    window.controller.new_game("spider", 5)
    assert window.controller.game.suits == 4 and window.controller.game.variant == "4 suits"
    assert window.settings.game_options("spider")["suits"] == "4"


def test_a_54_card_column_stays_on_the_table_at_the_smallest_size():
    cards = tuple(Card(13 - index % 13, Suit.SPADES, index // 13) for index in range(54))
    plan = spider_table(Spider(1))
    width, height = Geometry(plan, 1000, 1000).minimum_size()
    geometry = Geometry(plan, width, height)
    for hidden in (0, 5):
        column = Pile(cards, hidden)
        for number in (1, 10):
            places = geometry.card_places(tableau(number), column)
            assert places[-1].y + geometry.card_height <= height
            assert places[-1].x + geometry.card_width <= width
    assert geometry.card_width >= 36
