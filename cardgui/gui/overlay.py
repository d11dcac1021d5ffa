"""Things drawn over the table: the bell's flash and the end-of-game banner."""

from __future__ import annotations

from typing import Any, Callable

from PySide6.QtCore import QRectF, Qt, QTimer, QVariantAnimation
from PySide6.QtGui import QColor, QPainter, QPaintEvent
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ..store.files import excerpt

FLASH_MS = 180
NOTICE_MOST = 600          # characters of one notice: the store quotes files in excerpt already
NOTICE_LINES = 6           # notices shown at once, the newest


class BellFlash(QWidget):
    """A brief pale flash over the whole table: the bell made visible."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.table = parent
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setAttribute(Qt.WidgetAttribute.WA_NoSystemBackground)
        self._strength = 0.0
        self._fade = QVariantAnimation(self)
        self._fade.setStartValue(1.0)
        self._fade.setEndValue(0.0)
        self._fade.setDuration(FLASH_MS)
        self._fade.valueChanged.connect(self._set_strength)
        self._fade.finished.connect(self.hide)
        self.hide()

    def flash(self) -> None:
        self.setGeometry(self.table.rect())
        self.raise_()
        self.show()
        self._fade.stop()
        self._fade.start()

    @property
    def is_flashing(self) -> bool:
        return self.isVisible()

    def _set_strength(self, value: float) -> None:
        self._strength = value
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.fillRect(self.rect(), QColor(255, 235, 200, int(90 * self._strength)))
        painter.setPen(QColor(255, 120, 80, int(220 * self._strength)))
        painter.drawRect(QRectF(self.rect()).adjusted(1, 1, -2, -2))


class Banner(QFrame):
    """A message over the middle of the table with a row of buttons."""

    def __init__(self, parent: QWidget) -> None:
        """Hidden, and empty until first presented: its labels, buttons and
        style sheet cost the window's first frame (about 10 ms) and are not
        on it."""
        super().__init__(parent)
        self.table = parent
        self.choices: list[QPushButton] = []
        self.hide()

    def _build(self) -> None:
        if self.layout() is not None:       # built already
            return
        self.setObjectName("banner")
        self.setStyleSheet(
            "#banner { background: rgba(10, 30, 20, 225); border-radius: 14px; }"
            "#banner QLabel { color: white; }"
            "#banner QPushButton { padding: 6px 18px; }")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(28, 20, 28, 20)
        self.title = QLabel()
        self.title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        font = self.title.font()
        font.setPointSizeF(font.pointSizeF() * 1.8)
        font.setBold(True)
        self.title.setFont(font)
        self.detail = QLabel()
        self.detail.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.detail.setWordWrap(True)
        self.buttons = QHBoxLayout()
        layout.addWidget(self.title)
        layout.addWidget(self.detail)
        layout.addLayout(self.buttons)

    def present(self, title: str, detail: str,
                choices: list[tuple[str, Callable[[], Any]]]) -> None:
        """Show the banner; each choice is a button label and what it does.
        The first choice is the default (Enter)."""
        self._build()
        self.title.setText(title)
        self.detail.setText(detail)
        for old in self.choices:
            self.buttons.removeWidget(old)
            old.hide()            # at once: deleteLater waits for the event loop
            old.deleteLater()
        self.choices = []
        for number, (label, action) in enumerate(choices):
            button = QPushButton(label)
            button.setAutoDefault(number == 0)
            button.setDefault(number == 0)
            button.clicked.connect(lambda _=False, act=action: self._choose(act))
            self.buttons.addWidget(button)
            self.choices.append(button)
        self.adjustSize()
        self.recentre()
        self.show()
        self.raise_()
        if self.choices:
            QTimer.singleShot(0, self.choices[0].setFocus)

    def _choose(self, action: Callable[[], Any]) -> None:
        self.hide()
        action()

    def recentre(self) -> None:
        self.move((self.table.width() - self.width()) // 2,
                  (self.table.height() - self.height()) // 3)

    def button_labels(self) -> list[str]:
        return [button.text() for button in self.choices]

    def choose(self, label: str) -> None:
        """Press the button with this label (for keyboard users and tests).

        Raises:
            KeyError: if no button has that label.
        """
        for button in self.choices:
            if button.text() == label:
                button.click()
                return
        raise KeyError(label)


class NoticeBar(QFrame):
    """A message across the top of the table that stays until the player
    closes it (or a minute passes): for what went wrong with a file, which
    must be read, not glimpsed in the status bar."""

    SHOWN_MS = 60_000

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.table = parent
        self.setObjectName("notice")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(12, 6, 6, 6)
        self.text = QLabel()
        self.text.setWordWrap(True)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        close = QPushButton("Close")
        close.clicked.connect(self.hide)
        layout.addWidget(self.text, 1)
        layout.addWidget(close)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.hide)
        self.hide()

    def tell(self, text: str) -> None:
        """Show ``text`` (after the notices still showing, unless it is one of
        them, and only the newest ``NOTICE_LINES``), cut to an excerpt if it
        is long."""
        if not self.styleSheet():       # set when first shown (see Banner)
            self.setStyleSheet(
                "#notice { background: rgb(255, 244, 206); border-bottom: 1px solid #c8a84b; }"
                "#notice QLabel { color: #3a2f00; }")
        text = excerpt(text, NOTICE_MOST)
        shown = self.text.text().split("\n") if not self.isHidden() else []
        if text not in shown:
            # The newest few: trouble told at every move must not grow the bar for ever.
            self.text.setText("\n".join([*shown, text][-NOTICE_LINES:]))
        self.refit()
        self.show()
        self.raise_()
        self._timer.start(self.SHOWN_MS)

    def refit(self) -> None:
        """Span the table's width, as tall as the text needs."""
        self.setFixedWidth(self.table.width())
        self.adjustSize()
        self.move(0, 0)
