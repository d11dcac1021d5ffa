"""Hint, Demo, Finish, the solver's verdict and winnable deals, as the
window offers them: the actions, the options, the marks on the table and
what the status bar says.  What they know comes from the ``Assistant``;
Demo plays; the controller makes every move."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import QGraphicsView, QWidget

from ..assist.answers import Hint
from ..engine.moves import Deal, Move
from ..engine.options import OptionSpec
from ..engine.piles import Role
from ..engine.search.result import SearchResult
from ..store.settings import Settings
from .assistant import Assistant
from .controller import TableController
from .demo import Demo
from .menus import make_action
from .overlay import Banner
from .scene import TableScene
from .voice import Voice

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
        self.assistant = Assistant(self.controller, self)
        self.demo = Demo(self.controller, self.assistant, self)
        self.hint_action = make_action(window, "&Hint", self.hint, ["Ctrl+H"], "help-hint")
        self.hint_action.setToolTip("Hint: outline a move that leads to a win (Ctrl+H)")
        self.demo_action = make_action(window, "D&emo", self.toggle_demo, ["Ctrl+E"],
                                       "media-playback-start", checkable=True)
        self.finish_action = make_action(window, "&Finish", self.finish, ["Ctrl+F"])
        self.demo.own_keys = self.demo_action.shortcuts()
        self._busy = QTimer(self)
        self._busy.setSingleShot(True)
        self._busy.timeout.connect(self._show_busy)
        self._offered: Any = None           # the position Finish was last offered for
        self._dealing = False
        self.assistant.verdict_changed.connect(lambda _: self.verdict_changed.emit())
        self.assistant.hint_ready.connect(self._show_hint)
        self.assistant.deal_ready.connect(self._deal_found)
        self.assistant.failed.connect(voice.tell)
        self.demo.stopped.connect(self._demo_stopped)
        self.demo.said.connect(voice.say)

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
            self.assistant.set_verdicts(bool(value))
        elif option is FINISH_ITSELF:
            self._offered = None
            self._offer_finish()

    # -- the table changed ----------------------------------------------------------------

    def game_replaced(self) -> None:
        self.demo.stop("Demo stopped: another game is on the table.")
        self._dealing = False
        self.scene.show_hint(None)
        self.assistant.verdicts_on = bool(self.option(VERDICT))
        if not self.assistant.verdicts_on:
            self.assistant.set_verdicts(False)
        self.assistant.game_replaced()
        self._offered = None
        self._offer_finish()

    def changed(self) -> None:
        self.scene.show_hint(None)
        self._not_busy()
        self.assistant.position_changed()
        self._offer_finish()

    def shut_down(self) -> None:
        self.demo.stop()
        self.assistant.shut_down()

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
        if self.demo.running:
            self.demo.stop()
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
        if not can or self.demo.running or position == self._offered:
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
