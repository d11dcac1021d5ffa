"""Demo: the game plays itself from where it is, at a pace a person can
follow, until it ends or the player presses a key or clicks.

Each step is made as the player's gesture for it would be (through the
controller and the session), so it animates as usual, is saved, and Undo
takes it back.  In Klondike and FreeCell the steps are the solver's winning
line for the position, or, where no line wins, the line that puts the most
cards up, played as far as it goes; in Calculation and Poker Squares they
come from the advisor, which sees only what the player sees.  A game counts
as helped once Demo has made a move in it.

A plain key or a click stops Demo and does nothing else; a window shortcut
(Ctrl+Q, Ctrl+Z, F1 ...) stops it and does its command, except Demo's own,
which only stops it.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtWidgets import QApplication

from ..assist.answers import Hint
from ..engine.search.result import Verdict
from .assistant import Assistant
from .controller import TableController

MODIFIER_KEYS = (Qt.Key.Key_Shift, Qt.Key.Key_Control, Qt.Key.Key_Alt, Qt.Key.Key_Meta,
                 Qt.Key.Key_AltGr, Qt.Key.Key_CapsLock)
SHORTCUT_MODIFIERS = (Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier
                      | Qt.KeyboardModifier.MetaModifier)
STOPPING_EVENTS = (QEvent.Type.KeyPress, QEvent.Type.MouseButtonPress,
                   QEvent.Type.ShortcutOverride)


class Demo(QObject):
    """Plays the game in play, one step every ``pace_ms`` milliseconds."""

    stopped = Signal(str)           # why it stopped, in words
    said = Signal(str)              # what it is doing, when that changes

    def __init__(self, controller: TableController, assistant: Assistant, pace_ms: int,
                 parent: Any = None) -> None:
        super().__init__(parent)
        self.controller, self.assistant = controller, assistant
        self.running = False
        self.pace_ms = pace_ms
        self.own_keys: list[QKeySequence] = []      # Demo's own shortcut: it only stops Demo
        self._swallowing: int | None = None    # the key that stopped Demo, still to come
        self._played = 0                       # moves made since it started
        self._lost = False                     # it plays a line that does not win
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._next)
        assistant.line_ready.connect(self._line_came)
        assistant.advice_ready.connect(self._advice_came)

    def start(self) -> None:
        """Start playing.  What it does is told by ``said`` and, when it
        stops (at once, if there is nothing to play), by ``stopped``."""
        game = self.controller.game
        if game.is_over:
            self.stopped.emit("The game is over: Demo has nothing to play.")
            return
        self.running, self._played, self._lost = True, 0, False
        application = QApplication.instance()
        if application is not None:
            application.installEventFilter(self)
        self.said.emit("Demo: the game plays itself.  Press any key or click to stop it.")
        self._next()

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
        """Any key or click stops Demo.  A plain key or a click does nothing
        else: the key is swallowed until it is let go.  A window shortcut
        goes on to do its command, but for Demo's own."""
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
        if isinstance(event, QKeyEvent) and self._is_shortcut(event) \
                and not self._is_own(event):
            self.stop("Demo stopped.")
            return False                # the shortcut does what it does
        if isinstance(event, QKeyEvent):
            if kind == QEvent.Type.ShortcutOverride:
                event.accept()          # so the shortcut does not fire; the press follows
            self._swallowing = event.key()      # until it is let go
        self.stop("Demo stopped: the table is yours again.")
        return True

    @staticmethod
    def _is_shortcut(event: QKeyEvent) -> bool:
        function_key = Qt.Key.Key_F1.value <= event.key() <= Qt.Key.Key_F35.value
        return bool(event.modifiers() & SHORTCUT_MODIFIERS) or function_key

    def _is_own(self, event: QKeyEvent) -> bool:
        pressed = QKeySequence(event.keyCombination())
        return any(pressed.matches(own) == QKeySequence.SequenceMatch.ExactMatch
                   for own in self.own_keys)

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
        if result.verdict is Verdict.WINNABLE and result.steps:
            self._play(Hint(result.steps[0], ""))
            return
        if not result.best:
            self.stop(self._how_far(result.verdict))
            return
        if not self._lost:
            self._lost = True
            self.said.emit("Demo: no move leads to a win from here, so it plays the line "
                           "that puts the most cards up." if result.verdict is
                           Verdict.IMPOSSIBLE else
                           "Demo: the solver found no win in time, so it plays the line "
                           "that puts the most cards up.")
        self._play(Hint(result.best[0], ""))

    def _how_far(self, verdict: Verdict) -> str:
        """Why Demo stops where no line wins, and how far it got."""
        game = self.controller.game
        cards = f"{game.progress} card{'' if game.progress == 1 else 's'} up"
        if not self._played:
            why = ("no move leads to a win from here" if verdict is Verdict.IMPOSSIBLE
                   else "the solver found no way to win from here in time")
            return f"Demo stopped: {why}, and no move puts a card up ({cards}).  Undo to go back."
        moved = f"{self._played} move{'' if self._played == 1 else 's'}"
        return (f"Demo played as far as the line goes: {moved}, {cards}; "
                "no move leads to a win.  Undo to go back.")

    def _advice_came(self, hint: Hint) -> None:
        if self.running:
            if hint.step is None:
                self.stop(f"Demo stopped: {hint.words}")
            else:
                self._play(hint)

    def _play(self, hint: Hint) -> None:
        assert hint.step is not None
        if not self._played:
            self.controller.session.mark_helped()     # before a move that may end the game
        if not self.controller.play(hint.step):
            self.stop("Demo stopped: its move was refused.")
            return
        self._played += 1
        self._timer.start(self.pace_ms)
