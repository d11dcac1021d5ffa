"""View › Messages: everything the window has said, whole and in order, for
a message the status bar cut short or that went by too fast; a screen reader
reads it as a list."""

from __future__ import annotations

import time

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QListWidget, QVBoxLayout, QWidget

from .voice import Said, Voice


def line(said: Said) -> str:
    """A message with the time it was said (and, for trouble, that it was)."""
    when = time.strftime("%H:%M:%S", time.localtime(said.at))
    return f"{when}  {'Problem: ' if said.trouble else ''}{said.text}"


class MessageLog(QDialog):
    """The log of ``voice``, newest last, kept up to date while it is open."""

    def __init__(self, voice: Voice, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Messages")
        self.resize(620, 360)
        layout = QVBoxLayout(self)
        self.messages = QListWidget()
        self.messages.setWordWrap(True)
        self.messages.setAccessibleName("Messages, newest last")
        self.messages.addItems([line(said) for said in voice.log])
        layout.addWidget(self.messages)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        voice.logged.connect(self._add)
        self.messages.scrollToBottom()
        self.messages.setCurrentRow(self.messages.count() - 1)

    def _add(self, said: Said) -> None:
        self.messages.addItem(line(said))
        self.messages.scrollToBottom()
