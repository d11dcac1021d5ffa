"""The command panel (generated from the game's key table) and the status bar."""

from __future__ import annotations

import html
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QLabel, QSizePolicy, QStatusBar, QTextBrowser

from ..engine.keyboard import KeyTable

PANEL_WIDTH = 220          # the command panel's narrowest


def keys_html(title: str, table: KeyTable, notes: list[str] | None = None) -> str:
    """The key table as the window lists it, as HTML: one row per binding
    that does something in the window, keys in bold."""
    rows = "".join(
        f"<tr><td style='padding:2px 10px 2px 0; white-space:nowrap'><b><code>"
        f"{html.escape(label)}</code></b></td><td>{html.escape(summary)}</td></tr>"
        for label, summary in table.in_window())
    extra = "".join(f"<p>{html.escape(note)}</p>" for note in notes or [])
    return f"<h3>{html.escape(title)}</h3><table>{rows}</table>{extra}"


class CommandPanel(QTextBrowser):
    """The list of commands at the right of the table."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setOpenLinks(False)
        self.setMinimumWidth(PANEL_WIDTH)

    def show_keys(self, title: str, table: KeyTable, notes: list[str] | None = None) -> None:
        self.setHtml(keys_html(title, table, notes))


class ElidedLabel(QLabel):
    """A one-line label that ends with "…" when its text does not fit, and
    shows the whole text as its tooltip (and to a screen reader, and whole in
    View › Messages)."""

    def __init__(self) -> None:
        super().__init__()
        self.full_text = ""
        self.setMinimumWidth(80)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)

    def set_full_text(self, text: str) -> None:
        self.full_text = text
        self.setToolTip(text)
        self._fit()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()

    def _fit(self) -> None:
        self.setText(self.fontMetrics().elidedText(self.full_text, Qt.TextElideMode.ElideRight,
                                                   max(0, self.width() - 4)))


SHORT_LABELS = {"Deal": "#", "Moves": "Mv", "Time": "", "Hand": "H", "Pass": "P",
                "Free cells": "Cells", "Empty columns": "Empty", "Run limit": "Run",
                "Cards up": "Up", "Score": "Sc", "Left": "Left", "Next": "Next",
                "Cards left": "Left", "Scoring": "", "Solver": "", "Typing": ""}
MESSAGE_ROOM = 160          # pixels the message keeps however narrow the window
FIELD_SPACING = 14


def field_forms(label: str, value: str) -> list[str]:
    """A status field's text, longest first: ``Deal: 617``, ``# 617``, ``617``."""
    short = SHORT_LABELS.get(label, label[:4])
    return [f"{label}: {value}", f"{short} {value}".strip(), value]


class StatusLine:
    """The status bar: a message at the left, the game's figures at the right.
    When the figures do not fit beside the message, they shorten their labels,
    then drop them; the whole text is always in each field's tooltip."""

    def __init__(self, bar: QStatusBar) -> None:
        self.bar = bar
        self.message = ElidedLabel()
        bar.addWidget(self.message, 1)
        self.fields: dict[str, QLabel] = {}
        self._items: list[tuple[str, str]] = []

    def say(self, text: str) -> None:
        self.message.set_full_text(text)

    def show_fields(self, items: list[tuple[str, str]]) -> None:
        """Show (label, value) pairs, adding or removing fields as the game needs."""
        wanted = [label for label, _ in items]
        if wanted != list(self.fields):
            for field in self.fields.values():
                self.bar.removeWidget(field)
                field.deleteLater()
            self.fields = {}
            for label in wanted:
                field = QLabel()
                field.setObjectName(f"status-{label.lower().replace(' ', '-')}")
                self.bar.addPermanentWidget(field)
                self.fields[label] = field
        self._items = items
        self.fit()

    def fit(self) -> None:
        """Choose the longest form of the fields that fits beside the message."""
        shown = [(label, value) for label, value in self._items if value]
        room = self.bar.width() - MESSAGE_ROOM
        metrics = self.bar.fontMetrics()
        for form in range(3):
            texts = {label: field_forms(label, value)[form] for label, value in shown}
            width = sum(metrics.horizontalAdvance(text) + FIELD_SPACING
                        for text in texts.values())
            if width <= room or form == 2:
                break
        for label, value in self._items:
            field = self.fields[label]
            field.setText(texts.get(label, ""))
            field.setToolTip(f"{label}: {value}" if value else "")
            field.setVisible(bool(value))
