"""Game › Options: the options of the game in play, as its registry entry lists them."""

from __future__ import annotations

from typing import Any, Callable

from PySide6.QtGui import QActionGroup
from PySide6.QtWidgets import QMenu

from ..engine.options import OptionSpec


def fill_options_menu(menu: QMenu, options: tuple[OptionSpec, ...], stored: dict[str, Any],
                      choose: Callable[[OptionSpec, Any], None], title: str = "") -> None:
    """Replace the menu's entries with ``options``, under ``title`` if given."""
    menu.clear()
    for group in menu.findChildren(QActionGroup):
        group.deleteLater()
    add_options(menu, options, stored, choose, title)


def add_options(menu: QMenu, options: tuple[OptionSpec, ...], stored: dict[str, Any],
                choose: Callable[[OptionSpec, Any], None], title: str = "") -> None:
    """Add an on/off entry per plain option and a section of exclusive choices
    per option with choices, under ``title`` if given; ``choose(option,
    value)`` is called when the player picks one.  ``stored`` holds the
    current values."""
    if title and options:
        menu.addSection(title)
    for option in options:
        current = stored.get(option.name, option.default)
        if not option.choices:
            action = menu.addAction(option.label)
            action.setCheckable(True)
            action.setChecked(bool(current))
            action.toggled.connect(lambda on, option=option: choose(option, bool(on)))
            continue
        group = QActionGroup(menu)
        menu.addSection(option.label)
        for label, value in option.choices:
            action = menu.addAction(label)
            action.setCheckable(True)
            action.setChecked(value == current)
            group.addAction(action)
            action.triggered.connect(
                lambda _=False, option=option, value=value: choose(option, value))
