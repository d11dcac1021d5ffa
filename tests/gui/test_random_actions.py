"""Anything a player may do, in any order, in every game: no action raises,
no card is lost or made, and the window always draws what the game plays
(#30: switching games with the keyboard focus on a pile the new game lacks
broke the window)."""

from __future__ import annotations

import zlib

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from cardgui.engine.games import GAMES
from tests.gui.random_actions import drawn_as_played, play_randomly


def test_switching_games_with_the_focus_on_a_pile_the_new_game_lacks(make_window):
    window = make_window("klondike", 617)
    for _ in range(8):
        QTest.keyClick(window.view, Qt.Key.Key_Right)        # the focus on the hand, say
    window.switch_game("freecell")
    assert window.controller.info.game_id == "freecell"
    assert drawn_as_played(window) == []
    QTest.keyClick(window.view, Qt.Key.Key_Right)
    assert window.controller.focus is not None
    assert window.controller.focus.pile_id in window.controller.game.piles


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_short_random_run_finds_nothing(make_window, qtbot, game_id):
    window = make_window(game_id, 5)
    with qtbot.capture_exceptions() as raised:
        tally = play_randomly(window, 120, seed=zlib.crc32(game_id.encode()) % 1000)
    assert tally.problems == [] and [str(error) for error in raised] == []


@pytest.mark.slow
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_thousands_of_random_actions_find_nothing(make_window, qtbot, game_id):
    # 600 a game, thousands over all the games, keeps the suite within CI's
    # minutes; bench/ plays longer runs.
    window = make_window(game_id, 7)
    with qtbot.capture_exceptions() as raised:
        tally = play_randomly(window, 600, seed=17)
    assert sum(tally.actions.values()) == 600
    assert tally.problems == [] and [str(error) for error in raised] == []
