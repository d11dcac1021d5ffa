"""Small dialogs: choosing a deal number, reading the rules, about."""

from __future__ import annotations

import html
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from .. import __version__
from ..store.stats import Summary


def parse_deal_number(text: str, highest: int) -> tuple[int | None, str]:
    """(the deal number, "") if ``text`` names one from 1 to ``highest``;
    otherwise (None, what is wrong)."""
    cleaned = text.strip().replace(",", "").replace("_", "")
    if not cleaned:
        return None, "Type a deal number."
    if not (cleaned.isascii() and cleaned.isdecimal()):
        return None, f"{text.strip()!r} is not a whole number."
    number = int(cleaned)
    if not 1 <= number <= highest:
        return None, f"Deals run from 1 to {highest:,}."
    return number, ""


class DealNumberDialog(QDialog):
    """Asks for a deal number from 1 to ``highest`` and refuses anything else,
    saying why, without closing."""

    def __init__(self, title: str, current: int, highest: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"{title}: select deal number")
        self.highest = highest
        self.number: int | None = None
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(f"Deal number (1 to {highest:,}):"))
        self.field = QLineEdit(str(current))
        self.field.selectAll()
        layout.addWidget(self.field)
        self.problem = QLabel()
        self.problem.setStyleSheet("color: #b00020;")
        layout.addWidget(self.problem)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.field.textChanged.connect(lambda _: self.problem.clear())

    def accept(self) -> None:
        number, problem = parse_deal_number(self.field.text(), self.highest)
        if number is None:
            self.problem.setText(problem)
            return
        self.number = number
        super().accept()


class TextDialog(QDialog):
    """A read-only page of text (rules, keys), closed with Escape or Close."""

    def __init__(self, title: str, html: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.resize(560, 520)
        layout = QVBoxLayout(self)
        page = QTextBrowser()
        page.setHtml(html)
        page.setOpenExternalLinks(False)
        layout.addWidget(page)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)


def statistics_html(rows: list[tuple[str, Summary]]) -> str:
    """A table of each game's played and won counts, best time and best score."""
    def cell(text: str) -> str:
        return f"<td style='padding:3px 12px 3px 0'>{html.escape(text)}</td>"

    def seconds(value: float | None) -> str:
        if value is None:
            return "—"
        minutes, rest = divmod(int(value), 60)
        return f"{minutes}:{rest:02}"

    body = "".join(
        "<tr>" + cell(title) + cell(str(summary.played)) + cell(str(summary.won))
        + cell(f"{summary.win_rate:.0%}" if summary.played else "—")
        + cell(seconds(summary.best_seconds))
        + cell("—" if summary.best_score is None else str(summary.best_score)) + "</tr>"
        for title, summary in rows)
    head = "".join(f"<th align='left' style='padding-right:12px'>{name}</th>" for name in
                   ("Game", "Played", "Won", "Won %", "Fastest win", "Best score"))
    return (f"<h3>Statistics</h3><table><tr>{head}</tr>{body}</table>"
            "<p>A game counts once, when it ends or is given up after a move; undoing "
            "past its end and finishing again can only improve its result.</p>")


def about_html(games: list[str]) -> str:
    return (f"<h2>cardgui {__version__}</h2>"
            "<p>A solitaire suite on one shared rules engine: "
            + ", ".join(games) + ".</p>"
            "<p>Klondike plays exactly as the program in Brian Harvey's "
            "<i>Computer Science Logo Style</i>, volume 2, chapter 4, with its one-key "
            "commands.</p><p>Card art drawn by cardgui's own script.</p>")


def show_modeless(dialog: QDialog) -> Any:
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.show()
    return dialog
