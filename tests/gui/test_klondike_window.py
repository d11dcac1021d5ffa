"""The Klondike window driven as a player drives it: drags, clicks, keys, undo."""

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtTest import QTest

from cardgui.engine.cards import Card
from cardgui.engine.games.klondike.game import Klondike
from cardgui.engine.games.klondike.position import HAND, PILE
from cardgui.engine.piles import tableau
from tests.engine.klondike_layouts import layout
from tests.gui.helpers import card_point, drag, pile_point, put_layout, sprite_positions
from tests.played import keyed


def names(game, pile_id):
    return [card.name for card in game.pile(pile_id).cards]


def test_a_real_drag_moves_a_run_of_cards(window):
    put_layout(window, layout(["10D", "2C | 9S 8H 7C", "KH"]))
    drag(window, card_point(window, "9S"), pile_point(window, tableau(1), dy=0.6))
    game = window.controller.game
    assert names(game, tableau(1)) == ["10D", "9S", "8H", "7C"]
    assert names(game, tableau(2)) == ["2C"] and game.pile(tableau(2)).hidden == 0
    # the sprites went where the engine says
    assert window.scene.sprites[Card.parse("7C")].pile_id == tableau(1)


def test_a_drop_asks_the_rules_once_and_moves_only_the_piles_it_changed(window, monkeypatch):
    put_layout(window, layout(["10D", "2C | 9S 8H 7C", "KH"]))
    game, scene = window.controller.game, window.scene
    asked, synced = [], []
    refusal, sync = type(game).refusal, scene.sync

    # On the class, not the game: the game itself goes to the help's worker
    # process after the move, and a function of this test cannot travel.
    def counted_refusal(self, *arguments):
        asked.append(arguments)
        return refusal(self, *arguments)

    def recorded_sync(*arguments, **keywords):
        synced.append(keywords.get("piles"))
        return sync(*arguments, **keywords)
    monkeypatch.setattr(type(game), "refusal", counted_refusal)
    monkeypatch.setattr(scene, "sync", recorded_sync)
    drag(window, card_point(window, "9S"), pile_point(window, tableau(1), dy=0.6))
    assert names(game, tableau(1)) == ["10D", "9S", "8H", "7C"]
    assert len(asked) == 1                            # the move's own check, once
    assert [set(piles) for piles in synced] == [{tableau(1), tableau(2)}]


def test_a_refused_drop_changes_nothing_and_says_why(window):
    put_layout(window, layout(["10D", "2C | 9S 8H 7C", "KH"]))
    before_state = window.controller.game.state()
    before_sprites = sprite_positions(window)
    drag(window, card_point(window, "8H"), pile_point(window, tableau(3), dy=0.6))
    assert window.controller.game.state() == before_state
    assert sprite_positions(window) == before_sprites        # glided back
    assert "8H cannot go onto KH" in window.status.message.full_text


def test_a_card_does_not_follow_the_pointer_until_it_has_moved_four_pixels(window):
    put_layout(window, layout(["10D", "9S"]))
    viewport = window.view.viewport()
    sprite = window.scene.sprites[Card.parse("9S")]
    start, before = card_point(window, "9S"), sprite.pos()
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    QTest.mouseMove(viewport, start + QPoint(3, 0))
    assert sprite.pos() == before                    # 3 px: still a press, not a drag
    QTest.mouseMove(viewport, start + QPoint(5, 0))
    assert sprite.pos() == before + QPointF(5, 0)    # past the threshold it follows
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                       start + QPoint(5, 0))


def test_a_press_and_release_within_the_threshold_is_a_click_not_a_drop(window):
    put_layout(window, layout(["10D", "9S"]))
    before = window.controller.game.state()
    point = card_point(window, "9S")
    drag(window, point, point + QPoint(3, 0), steps=3)
    assert window.controller.game.state() == before
    assert not window.flash.is_flashing              # no refused drop: a click on a card


def test_clicking_the_hand_deals_and_the_empty_hand_turns_the_pile_over(window, qtbot):
    game = window.controller.game
    hand_point = pile_point(window, HAND)
    for _ in range(8):
        QTest.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=hand_point)
    assert len(game.pile(HAND)) == 0 and len(game.pile(PILE)) == 24
    QTest.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=hand_point)
    assert len(game.pile(HAND)) == 21 and game.passes == 2


def test_double_click_sends_a_card_where_its_name_would(window):
    put_layout(window, layout(["9D", "9H", "8C"]))
    QTest.mouseDClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                      pos=card_point(window, "8C"))
    assert names(window.controller.game, tableau(1)) == ["9D", "8C"]


def test_typed_keys_play_a_known_deal_as_the_engine_does(window):
    keys = "++P+P!@#W8S10hm+=+P" + "G"[:0]
    for key in keys:
        QTest.keyClicks(window.view, key)
    expected = keyed(Klondike(617))
    for key in keys:
        expected.press(key)
    assert window.controller.game.state() == expected.game.state()
    assert window.controller.game.moves_made > 0


def test_the_half_typed_name_shows_in_the_status_bar(window):
    QTest.keyClicks(window.view, "1")
    QTest.keyClicks(window.view, "0")
    assert window.status.fields["Typing"].text() == "Typing: 10"
    QTest.keyClick(window.view, Qt.Key.Key_Backspace)
    assert not window.status.fields["Typing"].isVisible()


def test_a_refused_key_rings_the_bell(window):
    QTest.keyClicks(window.view, "z")
    assert window.flash.is_flashing
    assert "not a command" in window.status.message.full_text


def test_undo_and_redo_through_their_shortcuts(window, qtbot):
    game = window.controller.game
    start = game.state()
    assert not window.undo_action.isEnabled() and not window.redo_action.isEnabled()
    QTest.keyClicks(window.view, "+")
    after = game.state()
    assert window.undo_action.isEnabled()
    QTest.keyClick(window.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert game.state() == start and window.redo_action.isEnabled()
    QTest.keyClick(window.view, Qt.Key.Key_Z,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert game.state() == after
    QTest.keyClick(window.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    QTest.keyClick(window.view, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)
    assert game.state() == after


def test_a_resize_re_lays_out_the_table(window, qtbot):
    width_before = window.scene.geometry.card_width
    positions_before = sprite_positions(window)
    window.resize(700, 520)
    qtbot.waitUntil(lambda: window.scene.geometry.card_width < width_before)
    assert sprite_positions(window) != positions_before
    sprite = window.scene.sprites[Card.parse("8C")]
    assert sprite.pixmap().width() == round(window.scene.geometry.card_width
                                            * sprite.pixmap().devicePixelRatio())
    scene_rect = window.scene.sceneRect()
    assert scene_rect.width() == window.view.viewport().width()
    for item in window.scene.sprites.values():
        assert scene_rect.contains(item.sceneBoundingRect())


def test_click_to_move_is_an_option_and_plays_a_card_with_one_click(window):
    put_layout(window, layout(["9D", "9H", "8C"], hand="2C 3D"))
    game = window.controller.game
    QTest.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=card_point(window, "8C"))
    assert names(game, tableau(3)) == ["8C"]              # off: a click does not move
    option = next(action for action in window.options_menu.actions()
                  if action.text().startswith("Click to move"))
    option.trigger()
    assert window.settings["click_to_move"]
    QTest.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=card_point(window, "8C"))
    assert names(game, tableau(1)) == ["9D", "8C"]        # where a double-click sends it
    QTest.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=pile_point(window, HAND))
    assert names(game, PILE) == ["3D", "2C"]              # the hand still deals by a click


def test_a_drop_that_misses_every_pile_says_why_the_card_went_back(window):
    put_layout(window, layout(["10D", "9S"]))
    before = window.controller.game.state()
    geometry = window.scene.geometry
    empty_felt = window.view.mapFromScene(QPointF(geometry.width - 10, geometry.height - 10))
    drag(window, card_point(window, "9S"), empty_felt)
    assert window.controller.game.state() == before
    assert "9S went back" in window.status.message.full_text
