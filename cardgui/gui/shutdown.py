"""Closing the window when the system asks the program to end.

SIGTERM (a logout, ``kill``, a service manager), SIGHUP (the terminal that
started it closed) and SIGINT (Ctrl+C there) close the window as Quit does:
the game is saved and the help's workers are stopped.  Python hears of a
signal only when its own code runs, and Qt's event loop may run no Python
code for a long while, so the signal is handed to Qt through a pipe
(``signal.set_wakeup_fd``) that a ``QSocketNotifier`` watches; the window is
closed from the event loop, never from inside whatever Python code happened
to be running when the signal came.
"""

from __future__ import annotations

import os
import signal
from typing import Any

from PySide6.QtCore import QObject, QSocketNotifier
from PySide6.QtWidgets import QApplication, QWidget

CLOSING_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP", "SIGINT")
                        if hasattr(signal, name))


class CloseOnSignals(QObject):
    """While it lives, the signals of ``CLOSING_SIGNALS`` close ``window`` and
    end the event loop; ``received`` is then the signal's number."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self.window = window
        self.received: int | None = None
        self._reader, self._writer = os.pipe()
        for end in (self._reader, self._writer):
            os.set_blocking(end, False)
        self._previous_wakeup = signal.set_wakeup_fd(self._writer)
        self._previous = {number: signal.signal(number, self._note) for number in CLOSING_SIGNALS}
        self._notifier = QSocketNotifier(self._reader, QSocketNotifier.Type.Read, self)
        self._notifier.activated.connect(self._woken)

    def _note(self, number: int, frame: Any) -> None:
        """The Python-level handler: only notes the signal (the pipe wakes Qt)."""
        if self.received is None:
            self.received = number

    def _woken(self) -> None:
        try:
            numbers = os.read(self._reader, 64)
        except OSError:
            return
        if self.received is None:
            closing = [number for number in numbers if number in CLOSING_SIGNALS]
            if not closing:
                return
            self.received = closing[0]
        self.window.close()
        QApplication.exit(128 + self.received)

    def restore(self) -> None:
        """Give the signals back to whatever handled them before."""
        self._notifier.setEnabled(False)
        signal.set_wakeup_fd(self._previous_wakeup)
        for number, handler in self._previous.items():
            signal.signal(number, handler)
        os.close(self._reader)
        os.close(self._writer)
