"""Poker Squares in the window, played as a player plays it: drags, clicks,
the cursor and typed cells, the hands beside and under the lines, the final
score and the best score for each scoring."""

import re

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtTest import QTest

from cardgui.engine.cards import Card
from cardgui.engine.games.pokersquares.position import (
    GRID_CELLS,
    SIDE,
    STOCK,
    cell_name,
    grid_cell,
)
from cardgui.engine.poker import AMERICAN, ENGLISH, Category
from cardgui.gui.app import build_window
from cardgui.gui.tables.pokersquares import TABLE
from tests.engine.test_pokersquares import KNOWN_DEAL, KNOWN_GRID, fill_known_grid
from tests.gui.helpers import card_point, drag, pile_point

DEAL = 5


@pytest.fixture
def window(make_window):
    return make_window("pokersquares", DEAL)


def click(window, pile_id):
    QTest.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=pile_point(window, pile_id))


def keys(window, text):
    QTest.keyClicks(window.view, text)


def label_texts(labels):
    return [label.toPlainText() for label in labels]


def cell_rect(window, cell) -> QRectF:
    geometry = window.scene.geometry
    x, y = geometry.pile_origin(cell)
    return QRectF(x, y, geometry.card_width, geometry.card_height)


def known_cells():
    """Where each card of the known deal goes to make the known hands."""
    return {Card.parse(text): grid_cell(row, column)
            for row, line in enumerate(KNOWN_GRID) for column, text in enumerate(line.split())}


def fill_but_one(window):
    """Place all but the last card of the known grid; return the last cell."""
    where, game = known_cells(), window.controller.game
    while game.cards_left > 1:
        assert window.controller.click(where[game.next_card])
    return where[game.next_card]


# -- placing a card ---------------------------------------------------------------------------

def test_a_real_drag_takes_the_next_card_from_the_stock_to_a_cell(window):
    game = window.controller.game
    card = game.next_card
    drag(window, card_point(window, card.name, dy=0.5), pile_point(window, grid_cell(2, 3)))
    assert game.card_at("d3") == card
    assert window.scene.sprites[card].pile_id == grid_cell(2, 3)
    assert window.scene.sprites[card].pos() == cell_rect(window, grid_cell(2, 3)).topLeft()
    assert window.scene.sprites[game.next_card].face_up       # the new next card shows


def test_a_drag_onto_a_taken_cell_goes_back_and_says_why(window):
    game = window.controller.game
    first = game.next_card
    click(window, grid_cell(0, 0))
    state = game.state()
    card = game.next_card
    drag(window, card_point(window, card.name, dy=0.5), pile_point(window, grid_cell(0, 0)))
    assert game.state() == state
    assert window.scene.sprites[card].pile_id == STOCK
    assert f"a1 already holds {first}" in window.status.message.full_text


def test_a_click_on_an_empty_cell_places_the_next_card(window):
    game = window.controller.game
    card = game.next_card
    click(window, grid_cell(4, 0))
    assert game.card_at("a5") == card
    assert window.status.message.full_text == f"{card} to a5."


def test_clicks_on_a_taken_cell_or_the_stock_say_how_to_play(window):
    game = window.controller.game
    click(window, grid_cell(1, 1))
    state = game.state()
    click(window, grid_cell(1, 1))
    assert "b2 already holds" in window.status.message.full_text and window.flash.is_flashing
    click(window, STOCK)
    assert "drag it there, click the cell" in window.status.message.full_text
    assert game.state() == state


def test_a_double_click_on_an_empty_cell_places_one_card_without_a_bell(window):
    game = window.controller.game
    card = game.next_card
    viewport, point = window.view.viewport(), pile_point(window, grid_cell(3, 2))
    # what a real double-click delivers: a click, then the double-click and its release
    QTest.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=point)
    QTest.mouseDClick(viewport, Qt.MouseButton.LeftButton, pos=point)
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=point)
    assert game.card_at("c4") == card and game.moves_made == 1
    assert not window.flash.is_flashing
    assert window.status.message.full_text == f"{card} to c4."


def test_arrows_move_the_outlined_cursor_and_space_or_enter_place(window):
    game, cursor = window.controller.game, window.scene.decorations.cursor
    assert cursor.isVisible()
    assert cursor.sceneBoundingRect().contains(cell_rect(window, grid_cell(0, 0)))
    QTest.keyClick(window.view, Qt.Key.Key_Right)
    QTest.keyClick(window.view, Qt.Key.Key_Down)
    assert cursor.sceneBoundingRect().contains(cell_rect(window, grid_cell(1, 1)))
    card = game.next_card
    QTest.keyClick(window.view, Qt.Key.Key_Space)
    assert game.card_at("b2") == card
    # the cursor moved on to the next empty cell, c2
    assert cursor.sceneBoundingRect().contains(cell_rect(window, grid_cell(1, 2)))
    QTest.keyClick(window.view, Qt.Key.Key_Up)
    card = game.next_card
    QTest.keyClick(window.view, Qt.Key.Key_Return)
    assert game.card_at("c1") == card


def test_a_typed_cell_places_and_its_letter_lights_up_while_half_typed(window):
    game = window.controller.game
    card = game.next_card
    keys(window, "e")
    letters = window.scene.decorations.letters
    assert "#ffd75a" in letters[4].toHtml() and "#ffd75a" not in letters[0].toHtml()
    assert window.status.fields["Typing"].text() == "Typing: e"
    keys(window, "4")
    assert game.card_at("e4") == card
    assert "#ffd75a" not in letters[4].toHtml()
    keys(window, "e4")
    assert "e4 already holds" in window.status.message.full_text


# -- what the table shows ----------------------------------------------------------------------

def test_the_labels_show_the_engines_hands_and_points_beside_and_under_the_lines(window):
    window.controller.new_game("pokersquares", KNOWN_DEAL)
    last = fill_but_one(window)
    game, decorations = window.controller.game, window.scene.decorations
    for lines, labels in ((game.rows(), decorations.row_labels),
                          (game.columns(), decorations.column_labels)):
        assert label_texts(labels) == [f"{line.name}\n+{line.points}" for line in lines]
    assert "Score\n" + str(game.score) in decorations.panel.toPlainText()
    click(window, last)
    expected = fill_known_grid("american")
    assert label_texts(decorations.row_labels) == [
        f"{line.name}\n+{line.points}" for line in expected.rows()]
    assert label_texts(decorations.column_labels)[0] == "pair of threes\n+2"
    for row in range(SIDE):      # each row's hand at its right, level with it
        label = decorations.row_labels[row].sceneBoundingRect()
        cell = cell_rect(window, grid_cell(row, SIDE - 1))
        assert label.left() > cell.right() and cell.top() <= label.center().y() <= cell.bottom()
    for column in range(SIDE):   # each column's hand under it
        label = decorations.column_labels[column].sceneBoundingRect()
        cell = cell_rect(window, grid_cell(SIDE - 1, column))
        assert label.top() > cell.bottom() and cell.left() < label.center().x() < cell.right()


def test_an_empty_line_shows_no_hand(window):
    click(window, grid_cell(2, 3))
    decorations = window.scene.decorations
    rows, columns = label_texts(decorations.row_labels), label_texts(decorations.column_labels)
    assert [bool(text) for text in rows] == [False, False, True, False, False]
    assert [bool(text) for text in columns] == [False, False, False, True, False]
    name = window.controller.game.rows()[2].name
    assert name.startswith("nothing (") and rows[2] == columns[3] == f"{name}\n+0"


def test_undo_and_redo_put_back_the_card_and_the_labels(window):
    game, decorations = window.controller.game, window.scene.decorations
    keys(window, "a1")
    labels = label_texts(decorations.row_labels)
    placed = game.state()
    QTest.keyClick(window.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert game.card_at("a1") is None and label_texts(decorations.row_labels)[0] == ""
    assert window.scene.sprites[game.next_card].pile_id == STOCK
    QTest.keyClick(window.view, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)
    assert game.state() == placed and label_texts(decorations.row_labels) == labels
    keys(window, "u")
    assert game.card_at("a1") is None


# -- the end of a game and the best score ------------------------------------------------------

def test_the_last_card_shows_the_final_score_and_records_it(window):
    window.controller.new_game("pokersquares", KNOWN_DEAL)
    click(window, fill_but_one(window))
    score = fill_known_grid("american").score
    assert window.banner.isVisible() and window.banner.title.text() == "Game over"
    assert window.banner.detail.text() == f"Final score: {score} (American).\nBest so far: {score}."
    assert window.banner.button_labels() == ["New game", "Close"]
    panel = window.scene.decorations.panel.toPlainText()
    assert f"Final score\n{score}\nAmerican scoring\nBest so far: {score}" in panel
    assert not window.scene.decorations.cursor.isVisible()
    summary = window.statistics.summary("pokersquares", "american")
    assert (summary.played, summary.won, summary.best_score) == (1, 0, score)
    window.banner.choose("Close")
    assert not window.banner.isVisible() and window.controller.game.is_over


def test_the_best_score_is_kept_for_each_scoring(window):
    window.statistics.record("pokersquares", 1, False, 25, 60.0, 120, "american")
    window.statistics.record("pokersquares", 2, False, 25, 60.0, 30, "english")
    window.controller.new_game("pokersquares", KNOWN_DEAL)
    assert "Best so far: 120" in window.scene.decorations.panel.toPlainText()
    click(window, fill_but_one(window))
    american = fill_known_grid("american").score
    assert window.banner.detail.text() == f"Final score: {american} (American).\nBest so far: 120."
    english_action = next(action for action in window.options_menu.actions()
                          if action.text() == "English")
    english_action.trigger()
    assert window.controller.game.variant == "american"        # from the next game on
    assert "from the next game" in window.status.message.full_text
    window.banner.choose("New game")
    window.controller.new_game("pokersquares", KNOWN_DEAL)
    assert window.controller.game.variant == "english"
    assert "English scoring\nBest so far: 30" in window.scene.decorations.panel.toPlainText()
    click(window, fill_but_one(window))
    english = fill_known_grid("english").score
    assert english > 30
    assert window.banner.detail.text() == (f"Final score: {english} (English).\n"
                                           f"Best so far: {english}. A new best!")
    assert window.statistics.summary("pokersquares", "american").best_score == 120
    assert window.statistics.summary("pokersquares", "english").best_score == english


def test_a_game_given_up_records_no_score(window, monkeypatch):
    monkeypatch.setattr(window, "confirm", lambda question: True)
    keys(window, "a1b1")
    window.new_game()
    summary = window.statistics.summary("pokersquares", "american")
    assert (summary.played, summary.best_score) == (1, None)


def test_clicks_drags_and_keys_come_back_with_the_saved_game(window, qtbot):
    game = window.controller.game
    click(window, grid_cell(0, 4))
    drag(window, card_point(window, game.next_card.name, dy=0.5),
         pile_point(window, grid_cell(3, 3)))
    keys(window, "b2")
    QTest.keyClick(window.view, Qt.Key.Key_Space)
    state = game.state()
    window.close()
    again = build_window(None, None)
    qtbot.addWidget(again)
    assert again.controller.game.state() == state and again.controller.game.moves_made == 4


def test_a_resize_lays_out_the_grid_and_the_labels_again(window, qtbot):
    keys(window, "a1b1c1a2a3a4")
    decorations = window.scene.decorations
    width_before = window.scene.geometry.card_width
    label_before = decorations.row_labels[0].pos()
    window.resize(860, 620)
    qtbot.waitUntil(lambda: window.scene.geometry.card_width < width_before)
    assert decorations.row_labels[0].pos() != label_before
    scene_rect = window.scene.sceneRect()
    sprites = [sprite.sceneBoundingRect() for sprite in window.scene.sprites.values()]
    labels = [item for item in decorations.row_labels + decorations.column_labels
              + [decorations.panel] if item.toPlainText()]
    for item in labels:
        box = item.sceneBoundingRect()
        assert scene_rect.contains(box)
        assert not any(box.intersects(sprite) for sprite in sprites)
    for cell in GRID_CELLS:
        card = window.controller.game.card_at(cell_name(cell))
        if card is not None:
            assert window.scene.sprites[card].pos() == cell_rect(window, cell).topLeft()



def test_the_rules_give_both_scoring_tables_from_the_engine():
    rules = TABLE.rules
    for category in Category:
        row = (f"<td>{category.words}</td><td><code>[^<]*</code></td>"
               f"<td align=right>{AMERICAN.points(category)}</td>"
               f"<td align=right>{ENGLISH.points(category)}</td>")
        assert re.search(row, rules), category
