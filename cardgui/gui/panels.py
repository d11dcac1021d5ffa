"""The command panel (generated from the game's key table) and the status bar."""

from __future__ import annotations

import html
import math
from typing import Any

from PySide6.QtCore import QSize, Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent, QFontMetrics, QResizeEvent, QTextDocument
from PySide6.QtWidgets import (
    QDockWidget,
    QLabel,
    QMainWindow,
    QSizePolicy,
    QStatusBar,
    QTextBrowser,
    QWidget,
)

from ..engine.keyboard import KeyTable

NARROWEST_PANEL = 120      # the player may narrow the panel this far, not further
SUMMARY_EMS = 14           # a command's summary wraps at most this many "M" widths wide
CELL_GAP = 10              # between the key and its summary (the table's cell padding)


def keys_html(title: str, table: KeyTable, notes: list[str] | None = None) -> str:
    """The key table as the window lists it, as HTML: one row per binding
    that does something in the window, keys in bold."""
    rows = "".join(
        f"<tr><td style='padding:2px {CELL_GAP}px 2px 0; white-space:nowrap'><b><code>"
        f"{html.escape(label)}</code></b></td><td>{html.escape(summary)}</td></tr>"
        for label, summary in table.in_window())
    extra = "".join(f"<p>{html.escape(note)}</p>" for note in notes or [])
    return f"<h3>{html.escape(title)}</h3><table>{rows}</table>{extra}"


def _median(values: list[int]) -> float:
    """The median of ``values`` (not empty), as ``statistics.median`` gives
    it; that module, and the fractions and decimals it imports, need not be
    loaded before the first frame."""
    ordered = sorted(values)
    middle = len(ordered) // 2
    if len(ordered) % 2:
        return ordered[middle]
    return (ordered[middle - 1] + ordered[middle]) / 2


class CommandPanel(QTextBrowser):
    """The list of commands at the right of the table, as wide as its text
    needs (``text_width``), so that the table keeps the rest of the window.

    What its text needs: the widest key, then room for a summary as wide as
    the middle one of the game's summaries (half of them fit on one line,
    the longer ones wrap), but never less than its longest word nor more
    than :data:`SUMMARY_EMS`; the notes below wrap to that width.
    ``width_needed`` says the width has changed."""

    width_needed = Signal(int)

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setOpenLinks(False)
        self.setMinimumWidth(NARROWEST_PANEL)
        self.text_width = NARROWEST_PANEL

    def show_keys(self, title: str, table: KeyTable, notes: list[str] | None = None) -> None:
        self.setHtml(keys_html(title, table, notes))
        width = self.measure(table)
        if width != self.text_width:
            self.text_width = width
            self.updateGeometry()
            self.width_needed.emit(width)

    def measure(self, table: KeyTable) -> int:
        """The panel's width for ``table``'s keys and summaries, in pixels,
        frame, margins and scroll bar included."""
        listed = [summary for _, summary in table.in_window()]
        metrics = QFontMetrics(self.font())
        summaries = [metrics.horizontalAdvance(summary) for summary in listed]
        longest_word = max((metrics.horizontalAdvance(word) for summary in listed
                            for word in summary.split()), default=0)
        summary_width = max(longest_word, min(_median(summaries) if summaries else 0,
                                              SUMMARY_EMS * metrics.horizontalAdvance("M")))
        # The table laid out as the panel lays it out, its summaries' column
        # fixed at that width: its width counts the cells' padding and spacing.
        document = QTextDocument()
        document.setDefaultFont(self.font())
        document.setDocumentMargin(0)
        document.setHtml(keys_html("", table).replace(
            "<td>", f"<td width='{math.ceil(summary_width)}'>"))
        document.setTextWidth(1)        # as narrow as it goes: each column at its least
        margins = 2 * (self.document().documentMargin() + self.frameWidth())
        # The scroll bar's own width, as its style gives it (asked of the bar:
        # QStyle's enumerations cost the start a dozen Python enums).
        scroll_bar = self.verticalScrollBar().sizeHint().width()
        return max(NARROWEST_PANEL, math.ceil(document.idealWidth() + margins + scroll_bar))

    def sizeHint(self) -> QSize:
        return QSize(self.text_width, super().sizeHint().height())


class PanelDock(QDockWidget):
    """The dock that holds the command panel, with a close button in its
    title; ``closed`` says the player closed it (not the window, nor the
    table stepping it aside).  It takes the width its panel's text needs
    whenever that changes or the dock comes back."""

    closed = Signal()

    def __init__(self, title: str, panel: CommandPanel, parent: QWidget | None = None) -> None:
        super().__init__(title, parent)
        self.panel = panel
        self.setObjectName("commands")
        self.setWidget(panel)
        self.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetClosable)
        self.setToolTip("The keys of the game in play.  Close it, or press F9, to give "
                        "the table its room; F9 brings it back.")
        # Later, not in the middle of what changed the text (a new game
        # being put on the table): the window is laid out once, after it.
        panel.width_needed.connect(lambda _: QTimer.singleShot(0, self.fit_to_text))
        self.visibilityChanged.connect(lambda shown: shown and QTimer.singleShot(
            0, self.fit_to_text))

    def fit_to_text(self) -> None:
        """As wide as the panel's text needs (the table takes the rest)."""
        window = self.parentWidget()
        if isinstance(window, QMainWindow) and self.isVisible():
            window.resizeDocks([self], [self.panel.text_width], Qt.Orientation.Horizontal)

    def closeEvent(self, event: QCloseEvent) -> None:
        super().closeEvent(event)
        if event.isAccepted():
            self.closed.emit()


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
            # Adding a field can lay the window out again at once, and a new
            # size fits the fields: there are none to fit until all are here.
            old, self.fields, self._items = self.fields, {}, []
            for field in old.values():
                self.bar.removeWidget(field)
                field.deleteLater()
            fields = {}
            for label in wanted:
                field = QLabel()
                field.setObjectName(f"status-{label.lower().replace(' ', '-')}")
                self.bar.addPermanentWidget(field)
                fields[label] = field
            self.fields = fields
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
