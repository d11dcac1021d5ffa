"""Demo: the game plays itself from where it is, at a pace a person can
follow, until it ends or the player presses a key or clicks.

Each step is made as the player's gesture for it would be (through the
controller and the session), so it animates as usual, is saved, and Undo
takes it back.  In Klondike and FreeCell the steps are the solver's winning
line for the position; in Calculation and Poker Squares they come from the
advisor, which sees only what the player sees.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication

from ..assist.answers import Hint
from ..engine.search.result import Verdict
from .assistant import Assistant
from .controller import TableController

PACE_MS = 650                 # between two of Demo's moves
MODIFIER_KEYS = (Qt.Key.Key_Shift, Qt.Key.Key_Control, Qt.Key.Key_Alt, Qt.Key.Key_Meta,
                 Qt.Key.Key_AltGr, Qt.Key.Key_CapsLock)
STOPPING_EVENTS = (QEvent.Type.KeyPress, QEvent.Type.MouseButtonPress,
                   QEvent.Type.ShortcutOverride)


class Demo(QObject):
    """Plays the game in play, one step every ``pace_ms``."""

    stopped = Signal(str)           # why it stopped, in words

    def __init__(self, controller: TableController, assistant: Assistant,
                 parent: Any = None) -> None:
        super().__init__(parent)
        self.controller, self.assistant = controller, assistant
        self.running = False
        self.pace_ms = PACE_MS
        self._swallowing: int | None = None    # the key that stopped Demo, still to come
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._next)
        assistant.line_ready.connect(self._line_came)
        assistant.advice_ready.connect(self._advice_came)

    def start(self) -> str:
        """Start playing; what to tell the player ("" when it cannot start:
        the reason comes by ``stopped``)."""
        game = self.controller.game
        if game.is_over:
            self.stopped.emit("The game is over: Demo has nothing to play.")
            return ""
        self.running = True
        self.controller.session.mark_helped()
        application = QApplication.instance()
        if application is not None:
            application.installEventFilter(self)
        self._next()
        return "Demo: the game plays itself.  Press any key or click to stop it."

    def stop(self, why: str = "Demo stopped.") -> None:
        """Stop playing (nothing happens if it is not)."""
        if not self.running:
            return
        self.running = False
        self._timer.stop()
        if self._swallowing is None:
            self._stop_filtering()
        self.stopped.emit(why)

    def _stop_filtering(self) -> None:
        application = QApplication.instance()
        if application is not None:
            application.removeEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Any key or click stops Demo, and does nothing else: the key is
        claimed from any shortcut it has (Ctrl+Z) and swallowed until it is
        let go."""
        kind = event.type()
        if self._swallowing is not None and isinstance(event, QKeyEvent) \
                and event.key() == self._swallowing:
            if kind == QEvent.Type.ShortcutOverride:     # asked again: still claimed
                event.accept()
                return True
            if kind == QEvent.Type.KeyPress:
                return True
            if kind == QEvent.Type.KeyRelease and not event.isAutoRepeat():
                self._swallowing = None
                self._stop_filtering()
                return True
        if not self.running or kind not in STOPPING_EVENTS:
            return False
        if isinstance(event, QKeyEvent) and event.key() in MODIFIER_KEYS:
            return False                # Ctrl alone is not yet a key: Ctrl+Z will be
        if isinstance(event, QKeyEvent):
            if kind == QEvent.Type.ShortcutOverride:
                event.accept()          # so the shortcut does not fire; the press follows
            self._swallowing = event.key()      # until it is let go
        self.stop("Demo stopped: the table is yours again.")
        return True

    def _next(self) -> None:
        if not self.running:
            return
        game = self.controller.game
        if game.is_over:
            self.stop("Demo played to the end." if game.is_won
                      else "Demo played to the end: no move is left.")
            return
        if self.controller.info.advisor is not None:
            self.assistant.ask_demo_advice()
        else:
            self.assistant.ask_line()

    def _line_came(self) -> None:
        if not self.running:
            return
        result = self.assistant.answer()
        if result is None:
            return
        if result.verdict is Verdict.IMPOSSIBLE:
            self.stop("Demo stopped: no move leads to a win from here.  Undo to go back.")
        elif result.verdict is Verdict.UNKNOWN or not result.steps:
            self.stop("Demo stopped: the solver found no way to win from here in time.")
        else:
            self._play(Hint(result.steps[0], ""))

    def _advice_came(self, hint: Hint) -> None:
        if self.running:
            if hint.step is None:
                self.stop(f"Demo stopped: {hint.words}")
            else:
                self._play(hint)

    def _play(self, hint: Hint) -> None:
        assert hint.step is not None
        if not self.controller.play(hint.step):
            self.stop("Demo stopped: its move was refused.")
            return
        self._timer.start(self.pace_ms)
