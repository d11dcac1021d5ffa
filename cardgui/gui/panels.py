"""The command panel (generated from the game's key table) and the status bar."""

from __future__ import annotations

import html
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QLabel, QSizePolicy, QStatusBar, QTextBrowser

from ..engine.keyboard import KeyTable


def keys_html(title: str, table: KeyTable, notes: list[str] | None = None) -> str:
    """The key table as HTML: one row per visible binding, keys in bold."""
    rows = "".join(
        f"<tr><td style='padding:2px 10px 2px 0; white-space:nowrap'><b><code>"
        f"{html.escape(binding.label)}</code></b></td><td>{html.escape(binding.summary)}</td></tr>"
        for binding in table.visible())
    extra = "".join(f"<p>{html.escape(note)}</p>" for note in notes or [])
    return f"<h3>{html.escape(title)}</h3><table>{rows}</table>{extra}"


class CommandPanel(QTextBrowser):
    """The list of commands at the right of the table."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setOpenLinks(False)
        self.setMinimumWidth(220)

    def show_keys(self, title: str, table: KeyTable, notes: list[str] | None = None) -> None:
        self.setHtml(keys_html(title, table, notes))


class ElidedLabel(QLabel):
    """A one-line label that ends with "…" when its text does not fit, and
    shows the whole text as its tooltip."""

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


class StatusLine:
    """The status bar: a message at the left, the game's figures at the right."""

    def __init__(self, bar: QStatusBar) -> None:
        self.bar = bar
        self.message = ElidedLabel()
        bar.addWidget(self.message, 1)
        self.fields: dict[str, QLabel] = {}

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
        for label, value in items:
            field = self.fields[label]
            field.setText(f"{label}: {value}" if value else "")
            field.setVisible(bool(value))
