"""What the window holds on to stays the same however long it is played
(#30: memory grew by a hundred megabytes and more over 8,000 random
actions): a game left is let go, by the window and by the random player that
measures it, and switching games or dealing again leaves as many Qt objects
and scene items as before."""

from __future__ import annotations

import gc
import weakref
from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent, QObject

from cardgui.engine.game import Game
from cardgui.engine.games import GAMES
from tests.gui.random_actions import play_randomly


def settle() -> None:
    """Run what Qt deferred (deleteLater) and collect Python's cycles."""
    QCoreApplication.processEvents()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    gc.collect()


def live_games() -> int:
    return sum(1 for item in gc.get_objects() if isinstance(item, Game))


IN_PLAY_OR_ON_THEIR_WAY = 3
"""Games alive at most: the one in play, and a copy on its way to each of
the help's two workers (held until the queue's thread has sent it)."""


def held(window: Any) -> tuple[int, int]:
    """The window's Qt objects and its scene's items."""
    settle()
    return len(window.findChildren(QObject)), len(window.scene.items())


def test_the_random_player_keeps_no_game_the_window_let_go(make_window):
    window = make_window("klondike", 5)
    first: list[weakref.ref[Any]] = []

    def after(number: int) -> None:
        if number == 1:
            first.append(weakref.ref(window.controller.game))
            window.controller.new_game(deal=6)
        elif number == 3:
            settle()
            assert first[0]() is None, "the first game is still held"

    tally = play_randomly(window, 3, seed=1, after=after)
    assert sum(tally.actions.values()) == 3 and first


def test_switching_games_again_and_again_holds_no_more(make_window):
    window = make_window("klondike", 5)
    order = list(GAMES)
    for game_id in order:                       # every game met once: its table loaded
        window.switch_game(game_id)
    before = held(window)
    for game_id in order:
        window.switch_game(game_id)
    assert held(window) == before
    assert live_games() <= IN_PLAY_OR_ON_THEIR_WAY


def test_dealing_again_and_again_holds_no_more(make_window):
    window = make_window("freecell", 5)
    for deal in range(6, 9):
        window.controller.new_game(deal=deal)
    before = held(window)
    for deal in range(10, 16):
        window.controller.new_game(deal=deal)
        window.restart_action.trigger()
    assert held(window) == before
    assert live_games() <= IN_PLAY_OR_ON_THEIR_WAY
