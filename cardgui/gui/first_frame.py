"""The window's first frame, and the work that waits for it.

The table is painted first; what the first frame does not show (opening the
statistics, starting the help's worker processes) is done just after it.
Nothing is lost by waiting: if no frame comes (a window started hidden, say),
the work is done after :data:`FALLBACK_MS` all the same, and anything that
needs it earlier does it itself (the statistics open when first used).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QTimer, Signal
from PySide6.QtWidgets import QWidget

from .. import timeline

FALLBACK_MS = 1500      # the work that waits for the first frame is done by then anyway


class FirstFrame(QObject):
    """Says once, with ``painted``, just after ``widget`` has been painted for
    the first time (or after :data:`FALLBACK_MS` if it has not been)."""

    painted = Signal()

    def __init__(self, widget: QWidget, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._widget = widget
        self.done = False
        widget.installEventFilter(self)
        self._fallback = QTimer(self)
        self._fallback.setSingleShot(True)
        self._fallback.timeout.connect(self._tell)
        self._fallback.start(FALLBACK_MS)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint and watched is self._widget:
            timeline.stamp("first layout")
            self._widget.removeEventFilter(self)
            self._fallback.start(0)        # once this paint has reached the screen
        return False

    def _tell(self) -> None:
        if not self.done:
            self.done = True
            timeline.stamp("first paint")
            self.painted.emit()
