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

FLASH_MS = 180


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
        super().__init__(parent)
        self.table = parent
        self.choices: list[QPushButton] = []
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
        self.hide()

    def present(self, title: str, detail: str,
                choices: list[tuple[str, Callable[[], Any]]]) -> None:
        """Show the banner; each choice is a button label and what it does.
        The first choice is the default (Enter)."""
        self.title.setText(title)
        self.detail.setText(detail)
        for old in self.choices:
            self.buttons.removeWidget(old)
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
