"""A player who does anything at all: random keys, clicks, drags, menu
commands, game switches, deals, options and resizes on the real window, with
two checks after every action: no card lost or made, and the window draws
what the game plays (every card's sprite where the game has the card)."""

from __future__ import annotations

import random
import weakref
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from cardgui.engine.games import GAMES
from cardgui.gui.controller import Idle
from cardgui.gui.main_window import MainWindow
from tests.gui.helpers import drag

KEYS_BY_NAME = {"\x7f": Qt.Key.Key_Delete, "\b": Qt.Key.Key_Backspace,
                "\r": Qt.Key.Key_Return, "\n": Qt.Key.Key_Return}
NAMED_KEYS = [Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Up, Qt.Key.Key_Down, Qt.Key.Key_Tab,
              Qt.Key.Key_Return, Qt.Key.Key_Escape, Qt.Key.Key_Space, Qt.Key.Key_Backspace]


@dataclass
class Tally:
    """What the run did: actions by kind, and every exception with the
    action that raised it."""

    actions: Counter[str] = field(default_factory=Counter)
    problems: list[str] = field(default_factory=list)


def deck(window: MainWindow) -> list[Any]:
    return sorted(window.controller.game.all_cards())


def drawn_as_played(window: MainWindow) -> list[str]:
    """Where the window's drawing and the game disagree (none, if it draws
    what it plays): a sprite for every card, each where the game has it."""
    scene, game = window.scene, window.controller.game
    wrong = []
    if set(scene.sprites) != set(game.all_cards()):
        return [f"sprites {len(scene.sprites)} for {len(game.all_cards())} cards"]
    if scene.geometry is None or not isinstance(window.controller.interaction, Idle) \
            or scene.celebrating:
        return wrong
    layout = scene.geometry.layout
    # A table may leave out a pile that holds no card (a place of Pyramid's
    # pyramid already cleared, which nothing marks); every card's pile it lays out.
    holding = {pile_id for pile_id, pile in game.piles.items() if pile.cards}
    if not holding <= set(layout.spots) <= set(game.piles):
        return [f"the table lays out {sorted(map(str, layout.spots))} "
                f"for piles {sorted(map(str, game.piles))}"]
    for pile_id in layout.spots:
        pile = game.piles[pile_id]
        places = scene.geometry.card_places(pile_id, pile)
        for card, place in zip(pile.cards, places):
            sprite = scene.sprites[card]
            if (round(sprite.pos().x()), round(sprite.pos().y())) != (round(place.x),
                                                                      round(place.y)):
                wrong.append(f"{card} of {pile_id} drawn at {sprite.pos()}, "
                             f"not ({place.x}, {place.y})")
    return wrong


def random_point(rng: random.Random, window: MainWindow) -> QPoint:
    viewport = window.view.viewport()
    return QPoint(rng.randrange(max(1, viewport.width())), rng.randrange(max(1, viewport.height())))


def play_randomly(window: MainWindow, actions: int, seed: int,
                  on_problem: Callable[[str], None] | None = None,
                  after: Callable[[int], None] | None = None) -> Tally:
    """Do ``actions`` random things to ``window``; what was done and what went
    wrong.  Dialogs that would wait for an answer are answered at random.
    ``after(n)`` is called once the ``n``th action (from 1) and its checks are done."""
    rng = random.Random(seed)
    tally = Tally()
    window.confirm = lambda question: rng.random() < 0.5       # type: ignore[method-assign]
    window.help.demo.pace_ms = 1
    game_ids = list(GAMES)
    # Each game's own cards, held weakly: a game the window has let go of
    # must not be kept alive by the player (it held every game of a long run).
    cards: weakref.WeakKeyDictionary[Any, list[Any]] = weakref.WeakKeyDictionary()
    cards[window.controller.game] = deck(window)

    def key_text() -> str:
        table = window.controller.keys.table
        return rng.choice([key for binding in table.bindings for key in binding.keys]
                          + list("0123456789") or ["+"])

    def do(kind: str) -> None:
        viewport = window.view.viewport()
        if kind == "key":
            text = key_text()
            if text in KEYS_BY_NAME:        # QTest types no DEL: press the key itself
                QTest.keyClick(window.view, KEYS_BY_NAME[text])
            else:
                QTest.keyClicks(window.view, text)
        elif kind == "named key":
            QTest.keyClick(window.view, rng.choice(NAMED_KEYS))
        elif kind == "click":
            QTest.mouseClick(viewport, Qt.MouseButton.LeftButton,
                             Qt.KeyboardModifier.NoModifier, random_point(rng, window))
        elif kind == "double-click":
            point = random_point(rng, window)
            QTest.mouseClick(viewport, Qt.MouseButton.LeftButton,
                             Qt.KeyboardModifier.NoModifier, point)
            QTest.mouseDClick(viewport, Qt.MouseButton.LeftButton,
                              Qt.KeyboardModifier.NoModifier, point)
        elif kind == "drag":
            drag(window, random_point(rng, window), random_point(rng, window),
                 steps=rng.randrange(2, 6))
        elif kind == "undo":
            window.undo_action.trigger()
        elif kind == "redo":
            window.redo_action.trigger()
        elif kind == "new game":
            window.new_action.trigger()
        elif kind == "restart":
            window.restart_action.trigger()
        elif kind == "deal number":
            window._deal_asked(rng.randrange(1, 30000), "for a deal")
        elif kind == "switch game":
            window.switch_game(rng.choice(game_ids))
        elif kind == "hint":
            window.help.hint_action.trigger()
        elif kind == "demo":
            window.help.demo_action.trigger()
        elif kind == "finish":
            window.help.finish_action.trigger()
        elif kind == "option":
            enabled = [action for action in window.options_menu.actions()
                       if action.isCheckable() and action.isEnabled()]
            if enabled:
                rng.choice(enabled).trigger()
        elif kind == "resize":
            window.resize(rng.randrange(500, 1300), rng.randrange(380, 900))
        elif kind == "wait":
            QTest.qWait(rng.randrange(1, 40))

    kinds = (["key"] * 8 + ["named key"] * 4 + ["click"] * 5 + ["double-click"] * 2
             + ["drag"] * 5 + ["undo"] * 2 + ["redo"] + ["new game", "restart", "deal number",
             "switch game", "switch game", "hint", "demo", "finish", "option", "resize", "wait"])
    for number in range(actions):
        kind = rng.choice(kinds)
        tally.actions[kind] += 1
        try:
            do(kind)
            QApplication.processEvents()
        except Exception as error:  # counted, then the run goes on
            tally.problems.append(f"action {number} ({kind}) raised {error!r}")
        game, now_id = window.controller.game, window.controller.info.game_id
        if deck(window) != cards.setdefault(game, deck(window)):
            tally.problems.append(f"action {number} ({kind}): cards lost or made in {now_id}")
            cards[game] = deck(window)
        if not window.help.demo.running:
            wrong = drawn_as_played(window)
            if wrong:
                tally.problems.append(f"action {number} ({kind}) in {now_id}: {wrong[:2]}")
        if tally.problems and on_problem is not None:
            on_problem(tally.problems[-1])
        if after is not None:
            after(number + 1)
    window.help.demo.stop()
    return tally
