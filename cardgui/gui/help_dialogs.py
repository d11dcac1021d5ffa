"""The Help menu's windows: the rules of the game in play, its keys, the
statistics and About."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QMessageBox

from ..engine.registry import GAMES
from .dialogs import TextDialog, about_html, show_modeless
from .panel_notes import panel_notes
from .panels import keys_html
from .statistics_dialog import StatisticsDialog

if TYPE_CHECKING:
    from .main_window import MainWindow


def show_rules(window: MainWindow) -> None:
    info = window.controller.info
    show_modeless(TextDialog(f"Rules of {info.title}", window.table().rules, window))


def show_keys(window: MainWindow) -> None:
    info = window.controller.info
    show_modeless(TextDialog(f"{info.title} keys", keys_html(
        f"{info.title} commands", window.controller.keys.table,
        panel_notes(window.table(), window.controller)),
        window))


def show_statistics(window: MainWindow) -> None:
    """The statistics of the game in play (nothing while they cannot be opened)."""
    if window.statistics is not None:
        show_modeless(StatisticsDialog(window.statistics, window.controller.info.game_id,
                                       window.confirm, window))


def show_about(window: MainWindow) -> None:
    QMessageBox.about(window, "About cardgui", about_html([info.title for info in GAMES.values()]))
