"""The Help menu's windows: the rules of the game in play, its keys, the
statistics and About, each given what it shows."""

from __future__ import annotations

from typing import Callable, Sequence

from PySide6.QtWidgets import QMessageBox, QWidget

from ..engine.keyboard import KeyTable
from ..store.stats import Statistics
from .dialogs import TextDialog, about_html, show_modeless
from .panels import keys_html
from .statistics_dialog import StatisticsDialog


def show_rules(parent: QWidget, title: str, rules: str) -> None:
    show_modeless(TextDialog(f"Rules of {title}", rules, parent))


def show_keys(parent: QWidget, title: str, table: KeyTable, notes: list[str]) -> None:
    show_modeless(TextDialog(f"{title} keys", keys_html(f"{title} commands", table, notes),
                             parent))


def show_statistics(parent: QWidget, statistics: Statistics | None, game_id: str,
                    confirm: Callable[[str], bool]) -> None:
    """The statistics of ``game_id`` (nothing while they cannot be opened)."""
    if statistics is not None:
        show_modeless(StatisticsDialog(statistics, game_id, confirm, parent))


def show_about(parent: QWidget, titles: Sequence[str]) -> None:
    QMessageBox.about(parent, "About cardgui", about_html(list(titles)))
