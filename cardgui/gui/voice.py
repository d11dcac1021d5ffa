"""How the window tells the player something, in one place: the status bar's
message, a screen reader's announcement, the notice bar for trouble that
must be read, and the log of everything said, which the Messages window
shows whole (a status bar cuts a long message short)."""

from __future__ import annotations

import time
from dataclasses import dataclass

from PySide6.QtCore import QObject, Signal

from .announcer import Announcer
from .overlay import NoticeBar
from .panels import StatusLine

KEPT = 500           # messages the log keeps, newest last


@dataclass(frozen=True, slots=True)
class Said:
    """One message, when it was said, and whether it was trouble (a notice)."""

    at: float
    text: str
    trouble: bool = False


class Voice(QObject):
    """Says things to the player through the status bar, the screen reader
    and the notice bar, and keeps a log of them."""

    logged = Signal(object)       # a Said, just added to the log

    def __init__(self, status: StatusLine, announcer: Announcer, notice: NoticeBar,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._status, self._announcer, self._notice = status, announcer, notice
        self.log: list[Said] = []

    def say(self, text: str, urgent: bool = False) -> None:
        """In the status bar and to a screen reader (``urgent``: at once)."""
        self.show(text)
        self.announce(text, urgent)

    def show(self, text: str) -> None:
        """In the status bar only (an empty text clears an old refusal)."""
        self._status.say(text)
        self._keep(text)

    def announce(self, text: str, urgent: bool = False) -> None:
        """To a screen reader only (what the table shows anyway, say)."""
        self._announcer.announce(text, urgent)

    def tell(self, text: str) -> None:
        """Trouble with our files and the like: in the notice bar, which
        stays until it is closed, and to a screen reader."""
        self._notice.tell(text)
        self._announcer.announce(text, urgent=True)
        self._keep(text, trouble=True)

    def _keep(self, text: str, trouble: bool = False) -> None:
        if not text or (self.log and self.log[-1].text == text):
            return
        said = Said(time.time(), text, trouble)
        self.log.append(said)
        del self.log[:-KEPT]
        self.logged.emit(said)
