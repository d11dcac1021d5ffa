"""The window's actions, menus and toolbar: what each command is called, its
shortcut and its icon.  What the actions do is the window's business."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QActionGroup, QIcon, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu, QToolBar

from ..engine.registry import GameInfo


def make_action(parent: QObject, text: str, slot: Callable[..., Any],
                shortcuts: Sequence[str] = (), icon: str = "",
                checkable: bool = False) -> QAction:
    """An action with its shortcuts and themed icon, calling ``slot`` when triggered."""
    action = QAction(text, parent)
    if icon:
        action.setIcon(QIcon.fromTheme(icon))
    if shortcuts:
        action.setShortcuts([QKeySequence(shortcut) for shortcut in shortcuts])
    action.setCheckable(checkable)
    action.triggered.connect(slot)
    return action


@dataclass
class Menus:
    """The menus that change with the game in play, and the toolbar."""

    options: QMenu
    games: QActionGroup
    toolbar: QToolBar
    view: QMenu


def build_menus(window: QMainWindow, games: Sequence[GameInfo],
                switch_to: Callable[[str], None], actions: dict[str, QAction]) -> Menus:
    """Game, Edit, View and Help menus and the toolbar, from ``actions`` (by
    name: new, restart, deal, hint, demo, finish, statistics, quit, undo,
    redo, panel, messages, animations, full screen, rules, keys, about) and one
    Switch-game entry per registered game."""
    group = QActionGroup(window)
    for info in games:
        action = QAction(info.title, window, checkable=True)
        action.setData(info.game_id)
        action.triggered.connect(lambda _=False, game_id=info.game_id: switch_to(game_id))
        group.addAction(action)
    bar = window.menuBar()
    game = bar.addMenu("&Game")
    game.addActions([actions["new"], actions["restart"], actions["deal"]])
    switch = game.addMenu("S&witch game")
    switch.addActions(group.actions())
    options = game.addMenu("&Options")
    game.addSeparator()
    game.addActions([actions["hint"], actions["demo"], actions["finish"]])
    game.addSeparator()
    game.addAction(actions["statistics"])
    game.addSeparator()
    game.addAction(actions["quit"])
    edit = bar.addMenu("&Edit")
    edit.addActions([actions["undo"], actions["redo"]])
    view = bar.addMenu("&View")
    view.addActions([actions["panel"], actions["messages"], actions["animations"],
                     actions["full screen"]])
    help_menu = bar.addMenu("&Help")
    help_menu.addActions([actions["rules"], actions["keys"], actions["about"]])
    tools = QToolBar("Game", window)
    tools.setObjectName("toolbar")
    tools.setMovable(False)
    tools.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    tools.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
    tools.addActions([actions["new"], actions["restart"], actions["undo"], actions["redo"],
                      actions["hint"], actions["demo"]])
    window.addToolBar(tools)
    return Menus(options, group, tools, view)
