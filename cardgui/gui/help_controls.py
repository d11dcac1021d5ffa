"""Hint, Demo, Finish, the solver's verdict and winnable deals, as the
window offers them: the actions, the options, the marks on the table and
what the status bar says.  What they know comes from the ``Assistant``;
Demo plays; the controller makes every move.

The assistant and Demo (and the searches' and workers' modules they bring)
are made when the window has drawn its first frame (``start``), or when
first used if that is sooner: the first frame shows only the actions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import QGraphicsView, QWidget

from ..engine.moves import Deal, Move
from ..engine.options import OptionSpec
from ..engine.piles import Role
from ..store.settings import Settings
from .controller import TableController
from .menus import make_action
from .overlay import Banner
from .scene import TableScene
from .voice import Voice

if TYPE_CHECKING:
    from ..assist.answers import Hint
    from ..engine.search.result import SearchResult
    from .assistant import Assistant
    from .demo import Demo

PACES_MS = {"slow": 650, "normal": 250, "fast": 100}    # between two of Demo's moves
PACE = "normal"
BUSY_AFTER_MS = 300           # a hint not shown by then shows that it is being looked for
FINISH_DELAY_MS = 250         # Finish by itself waits for the last move's glide
VERDICT = OptionSpec("solver_verdict", "Solver's verdict in the status bar", True)
WINNABLE_ONLY = OptionSpec("winnable_only", "Winnable deals only (New game)", False)
FINISH_ITSELF = OptionSpec("finish_itself", "Finish by itself once every card can go up",
                           False)


class HelpControls(QObject):
    """The window's help: one per window.  It marks hints on ``scene``, shows
    the view's pointer busy while it looks, offers Finish on ``banner``, says
    what it does through ``voice``, and keeps its options in ``settings``."""

    verdict_changed = Signal()          # the status bar's verdict is not what it was

    def __init__(self, window: QWidget, controller: TableController, settings: Settings,
                 voice: Voice, scene: TableScene, view: QGraphicsView, banner: Banner) -> None:
        super().__init__(window)
        self.controller, self.settings, self.voice = controller, settings, voice
        self.scene, self.view, self.banner = scene, view, banner
        self._assistant: Assistant | None = None
        self._demo: Demo | None = None
        self._started = False               # the window has drawn its first frame
        self._demo_pace_ms = PACES_MS[PACE]     # between two of Demo's moves
        self.hint_action = make_action(window, "&Hint", self.hint, ["Ctrl+H"], "help-hint")
        self.hint_action.setToolTip("Hint: outline a move that leads to a win (Ctrl+H)")
        self.demo_action = make_action(window, "D&emo", self.toggle_demo, ["Ctrl+E"],
                                       "media-playback-start", checkable=True)
        self.finish_action = make_action(window, "&Finish", self.finish, ["Ctrl+F"])
        self._busy = QTimer(self)
        self._busy.setSingleShot(True)
        self._busy.timeout.connect(self._show_busy)
        self._offered: Any = None           # the position Finish was last offered for
        self._dealing = False

    def start(self) -> None:
        """The window has drawn its first frame: the workers may start, on
        the verdict for the game on the table first."""
        self._started = True
        self.assistant.release()      # made now if not yet, and then never held

    @property
    def assistant(self) -> Assistant:
        """The help's link to its worker processes, made on first use (held
        until ``start`` if that is still to come), already asked about the
        game on the table."""
        return self._made()[0]

    @property
    def demo(self) -> Demo:
        """Demo, made with the assistant (see ``assistant``)."""
        return self._made()[1]

    def _made(self) -> tuple[Assistant, Demo]:
        if self._assistant is None or self._demo is None:
            from .assistant import Assistant
            from .demo import Demo

            assistant = Assistant(self.controller, self)
            if not self._started:
                assistant.hold()
            demo = Demo(self.controller, assistant, self._demo_pace_ms, self)
            demo.own_keys = self.demo_action.shortcuts()
            assistant.verdict_changed.connect(lambda _: self.verdict_changed.emit())
            assistant.hint_ready.connect(self._show_hint)
            assistant.deal_ready.connect(self._deal_found)
            assistant.failed.connect(self.voice.tell)
            demo.stopped.connect(self._demo_stopped)
            demo.said.connect(self.voice.say)
            self._assistant, self._demo = assistant, demo
            self._assistant_on_the_game()
        return self._assistant, self._demo

    @property
    def verdict(self) -> str:
        """What the status bar says of the deal ("" until the assistant is made)."""
        return self._assistant.verdict if self._assistant is not None else ""

    def set_demo_pace(self, pace_ms: int) -> None:
        """Demo plays a step every ``pace_ms`` from now on."""
        self._demo_pace_ms = pace_ms
        if self._demo is not None:
            self._demo.pace_ms = pace_ms

    # -- the options ----------------------------------------------------------------------

    def options(self) -> tuple[OptionSpec, ...]:
        """The help's options for the game in play."""
        found: tuple[OptionSpec, ...] = ()
        if self.controller.info.solver is not None:
            found += (VERDICT, WINNABLE_ONLY)
        if self.controller.game.can_finish:
            found += (FINISH_ITSELF,)
        return found

    def option(self, option: OptionSpec) -> Any:
        """The player's setting of ``option`` for the game in play."""
        stored = self.settings.game_options(self.controller.info.game_id)
        value = stored.get(option.name, option.default)
        return value if option.accepts(value) else option.default

    def set_option(self, option: OptionSpec, value: Any) -> None:
        self.settings.set_game_option(self.controller.info.game_id, option.name, value)
        if option is VERDICT:
            if self._assistant is not None:       # else it is made with this setting
                self._assistant.set_verdicts(bool(value))
        elif option is FINISH_ITSELF:
            self._offered = None
            self._offer_finish()

    # -- the table changed ----------------------------------------------------------------

    def game_replaced(self) -> None:
        if self._demo is not None:
            self._demo.stop("Demo stopped: another game is on the table.")
        self._dealing = False
        self.scene.show_hint(None)
        if self._assistant is not None:     # else it is made on the game on the table
            self._assistant_on_the_game()
        self._offered = None
        self._offer_finish()

    def _assistant_on_the_game(self) -> None:
        assert self._assistant is not None
        self._assistant.verdicts_on = bool(self.option(VERDICT))
        if not self._assistant.verdicts_on:
            self._assistant.set_verdicts(False)
        self._assistant.game_replaced()

    def changed(self) -> None:
        self.scene.show_hint(None)
        self._not_busy()
        if self._assistant is not None:     # else it is made on the position on the table
            self._assistant.position_changed()
        self._offer_finish()

    def shut_down(self) -> None:
        """The window is closing: Demo stops and the workers end."""
        if self._assistant is not None and self._demo is not None:
            self._demo.stop()
            self._assistant.shut_down()

    # -- Hint -----------------------------------------------------------------------------

    def hint(self) -> None:
        """Mark a move that leads to a win (or the advisor's move), or say
        that there is none; it is looked for away from the window."""
        self.demo.stop("Demo stopped.")
        self._busy.start(BUSY_AFTER_MS)
        self.assistant.ask_hint()

    def _show_busy(self) -> None:
        self.view.viewport().setCursor(Qt.CursorShape.BusyCursor)
        self.voice.show("Looking for a hint…")

    def _not_busy(self) -> None:
        self._busy.stop()
        self.view.viewport().unsetCursor()

    def _show_hint(self, hint: Hint) -> None:
        self._not_busy()
        game = self.controller.game
        self.controller.session.mark_helped()
        if isinstance(hint.step, Move):
            index = len(game.piles[hint.step.source]) - hint.step.count
            self.scene.show_hint(hint.step.source, index, hint.step.target)
        elif isinstance(hint.step, Deal):
            stock = next(iter(game.pile_ids(Role.STOCK)), None)
            self.scene.show_hint(stock)
        else:
            self.scene.show_hint(None)
        self.voice.say(f"Hint: {hint.words}" if hint.step is not None else hint.words,
                        urgent=hint.lost)

    # -- Demo -----------------------------------------------------------------------------

    def toggle_demo(self) -> None:
        if self._demo is not None and self._demo.running:
            self._demo.stop()
            return
        self.scene.show_hint(None)
        self.demo.start()
        self.demo_action.setChecked(self.demo.running)

    def _demo_stopped(self, why: str) -> None:
        self.demo_action.setChecked(False)
        self.voice.say(why)

    # -- Finish ---------------------------------------------------------------------------

    def finish(self) -> None:
        """Play every card up, if every card can go; otherwise say why not."""
        if self.controller.game.finishing_steps() is None:
            self.voice.say("Not every card can go up yet.", urgent=True)
            return
        self.controller.finish()

    def _offer_finish(self) -> None:
        """Offer Finish (or, with the option, do it) once every card can go up."""
        game = self.controller.game
        can = game.can_finish and not game.is_over and game.finishing_steps() is not None
        self.finish_action.setEnabled(can)
        position = game.state() if can else None
        demo_running = self._demo is not None and self._demo.running
        if not can or demo_running or position == self._offered:
            return
        self._offered = position
        if self.option(FINISH_ITSELF):
            QTimer.singleShot(FINISH_DELAY_MS, self._finish_itself)
            return
        self.banner.present(
            "Every card can go up",
            "Finish plays them all up as one move (Ctrl+F); Undo takes it back.",
            [("Finish", self.finish), ("Not now", self.view.setFocus)])
        self.voice.say("Every card can go up: Finish (Ctrl+F) plays them all.")

    def _finish_itself(self) -> None:
        if self.controller.game.state() == self._offered:
            self.controller.finish()

    # -- winnable deals ----------------------------------------------------------------------

    @property
    def wants_winnable_deal(self) -> bool:
        return self.controller.info.solver is not None and bool(self.option(WINNABLE_ONLY))

    def new_winnable_game(self) -> None:
        """Deal a new game the solver has proven winnable (looked for away
        from the window; the old game stays on the table meanwhile)."""
        self.demo.stop("Demo stopped.")
        self._dealing = True
        self.view.viewport().setCursor(Qt.CursorShape.BusyCursor)
        self.voice.say("Looking for a deal the solver proves winnable…")
        self.assistant.find_winnable_deal()

    def _deal_found(self, found: tuple[int, SearchResult] | None) -> None:
        if not self._dealing:
            return
        self._dealing = False
        self.view.viewport().unsetCursor()
        if found is None:
            self.controller.new_game()
            self.voice.say("No deal was proven winnable in time: this one is not known to be.")
            return
        deal, result = found
        self.assistant.expect_deal(deal, result)
        self.controller.new_game(deal=deal)
        self.voice.say(f"Deal {deal}: the solver has proven it winnable.")
