"""Small dialogs: choosing a deal number, reading the rules, about."""

from __future__ import annotations

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

    def __init__(self, title: str, current: int, highest: int,
                 parent: QWidget | None = None) -> None:
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
