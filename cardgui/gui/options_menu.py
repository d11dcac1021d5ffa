"""Game › Options: the options of the game in play, as its registry entry
lists them, the help's options for it, and the window's for every game."""

from __future__ import annotations

from typing import Any, Callable

from PySide6.QtGui import QActionGroup
from PySide6.QtWidgets import QMenu

from ..engine.options import OptionSpec
from ..store.settings import Settings
from .controller import TableController
from .help_controls import PACE, PACES_MS, HelpControls
from .scene import TableScene
from .voice import Voice

WINDOW_OPTIONS = (
    OptionSpec("click_to_move", "Click to move: one click plays a card", False),
    OptionSpec("four_colour", "Four-colour deck: diamonds blue, clubs green", False),
    OptionSpec("high_contrast", "High-contrast table", False),
    OptionSpec("demo_pace", "Demo's pace", PACE,
               choices=(("Slow (a move in 0.65 s)", "slow"), ("Normal (0.25 s)", "normal"),
                        ("Fast (0.1 s)", "fast"))),
)


class OptionsMenu:
    """The Options menu of one window, filled for the game in play: the
    game's options (kept in ``settings``, given to ``controller``'s game),
    ``help``'s, and those of every game (click to move, the card faces of
    ``scene``)."""

    def __init__(self, menu: QMenu, controller: TableController, settings: Settings,
                 help: HelpControls, voice: Voice, scene: TableScene) -> None:
        self.menu, self.controller, self.settings = menu, controller, settings
        self.help, self.voice, self.scene = help, voice, scene

    def fill(self) -> None:
        """The game's options, then the help's, then those of every game."""
        info = self.controller.info
        stored = self.settings.game_options(info.game_id)
        fill_options_menu(self.menu, info.options, stored, self._set_game_option,
                          title=info.title)
        add_options(self.menu, self.help.options(), stored, self.help.set_option,
                    title="Help")
        add_options(self.menu, WINDOW_OPTIONS, self.settings.values,
                    self._set_window_option, title="Every game")

    def _set_game_option(self, option: OptionSpec, value: Any) -> None:
        self.settings.set_game_option(self.controller.info.game_id, option.name, value)
        if option.now:
            self.controller.set_option(option.name, value)
        else:
            self.voice.say(f"{option.label}: from the next game on.")

    def _set_window_option(self, option: OptionSpec, value: Any) -> None:
        self.settings[option.name] = value
        self.apply_window_options()

    def apply_window_options(self) -> None:
        """Make the window as the options for every game say."""
        settings = self.settings
        self.controller.click_to_move = bool(settings["click_to_move"])
        self.help.set_demo_pace(PACES_MS.get(settings["demo_pace"], PACES_MS[PACE]))
        self.scene.restyle(bool(settings["four_colour"]), bool(settings["high_contrast"]))


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
