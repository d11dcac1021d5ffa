"""The main window: the table, its menus and toolbar, the command panel and
the status bar, wired to the controller.  The game's log, clock, saving and
statistics belong to the controller's session; the window asks the player
and shows what happened."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QApplication, QMainWindow

from .. import timeline
from ..engine.game import Game
from ..engine.keyboard import Request
from ..engine.outcome import Outcome
from ..engine.registry import GAMES, load
from ..engine.table_plan import TableSpec
from ..session import GameSession
from ..store.settings import Settings
from .announcer import Announcer
from .art import CardArt
from .controller import TableController
from .deck_choice import DeckChoice
from .deck_menu import DeckMenu
from .end_words import clock
from .first_frame import FirstFrame
from .game_end import GameEnd
from .help_controls import HelpControls
from .menus import build_menus, make_action
from .options_menu import OptionsMenu
from .overlay import Banner, BellFlash, NoticeBar
from .panel_notes import panel_notes
from .panels import CommandPanel, PanelDock, StatusLine
from .room import RoomForCards
from .scene import TableScene
from .speech import spoken_change
from .table_view import TableView
from .voice import Voice

QUIT_DELAY_MS = 500
STATISTICS_RETRY_MS = 5000     # how often results waiting for busy statistics try again


def describe(session: GameSession) -> str:
    """A game in play, as a question names it: ``Klondike deal 617 (12 moves)``."""
    moves = session.game.moves_made
    return (f"{session.info.title} deal {session.game.deal_number} "
            f"({moves} move{'' if moves == 1 else 's'})")


class MainWindow(QMainWindow):
    """One window, one game at a time."""

    settled = Signal()      # the work that waited for the first frame is done

    def __init__(self, controller: TableController, settings: Settings, art: CardArt) -> None:
        super().__init__()
        self.controller, self.settings = controller, settings
        self.statistics = controller.session.statistics
        self._tables: dict[str, TableSpec[Any, Any]] = {}
        self._carried: tuple[Any, int] | None = None    # Vegas cumulative: the games before
        self._closed = False
        self.scene = TableScene(art, self)
        self.scene.animations_enabled = settings["animations"]
        self.view = TableView(self.scene, controller, self)
        self.setCentralWidget(self.view)
        self.first_frame = FirstFrame(self.view.viewport(), self)
        self.first_frame.painted.connect(self._after_first_frame)
        self.flash = BellFlash(self.view.viewport())
        self.banner = Banner(self.view.viewport())
        self.notice = NoticeBar(self.view.viewport())
        self.view.resized.connect(self._on_resized)
        self.panel = CommandPanel()
        self.dock = PanelDock("Commands", self.panel, self)
        self.dock.closed.connect(lambda: self._remember("command_panel", False))
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.dock)
        self.dock.setVisible(settings["command_panel"])
        self.status = StatusLine(self.statusBar())
        self.announcer = Announcer(self.status.message)
        self.voice = Voice(self.status, self.announcer, self.notice, self)
        self.decks = DeckChoice(art, self.scene, settings, self.voice.tell, self.voice.say, self)
        self._build_actions()
        self.help = HelpControls(self, controller, settings, self.voice, self.scene, self.view,
                                 self.banner)
        self.help.verdict_changed.connect(self.update_status)
        self.end = GameEnd(controller, self.scene, self.view, self.banner, self.voice,
                           self.best_score, self.new_game)
        self.named_actions.update(hint=self.help.hint_action, demo=self.help.demo_action,
                                  finish=self.help.finish_action)
        self.menus = build_menus(self, list(GAMES.values()), self.switch_game, self.named_actions)
        self.room = RoomForCards(self.view, self.dock, self.menus.toolbar, settings)
        self.options_menu, self.game_actions = self.menus.options, self.menus.games
        self.options = OptionsMenu(self.options_menu, controller, settings, self.help,
                                   self.voice, self.scene)
        self.options_menu.aboutToShow.connect(self.options.fill)   # as the Deck menu left them
        self.deck_menu = DeckMenu(self.menus.view.addMenu("&Deck"), self.decks, settings,
                                  self.options.apply_window_options, self)
        self.ticker = QTimer(self)
        self.ticker.timeout.connect(self.update_status)
        self.ticker.start(1000)
        controller.changed.connect(self._on_changed)
        controller.message.connect(self._on_message)
        controller.game_replaced.connect(self._on_game_replaced)
        controller.pending_changed.connect(lambda _: self._after_key())
        controller.finished.connect(self.end.game_ended)
        controller.request.connect(self._on_request)
        controller.problem.connect(self.voice.tell)
        controller.focus_changed.connect(self._on_focus_changed)
        self.statistics_timer = QTimer(self)
        self.statistics_timer.timeout.connect(self._write_waiting_statistics)
        self.statistics_timer.start(STATISTICS_RETRY_MS)
        self.resize(1100, 760)
        self._on_game_replaced()
        self.options.apply_window_options()
        self.view.setFocus()          # the keys go to the table once the window is active

    def _after_first_frame(self) -> None:
        """What the first frame did not need: the game on the table is saved
        (a game just opened has no move to lose, and saving waits for the
        disk), the statistics are opened (a problem with them is told; a
        best score shows), the help is made and its workers start on what was asked of
        them meanwhile.  ``settled`` is said even if one of them fails (what
        waits for it, the garbage collector included, must not wait for ever)."""
        try:
            self.controller.session.save()
            if self.statistics is not None:
                self.statistics.open()
                if self.statistics.problem:
                    self.voice.tell(self.statistics.problem)
                self.scene.update_decorations()
            if not self._closed:          # closed before its first frame: nothing starts
                self.help.start()
                self.decks.start()
        finally:
            timeline.stamp("after the first frame")
            self.settled.emit()

    # -- actions -----------------------------------------------------------------------------

    def _build_actions(self) -> None:
        controller = self.controller
        self.new_action = make_action(self, "&New game", self.new_game, ["Ctrl+N", "F2"],
                                      "document-new")
        self.restart_action = make_action(self, "&Restart this deal", self.restart, ["Ctrl+R"],
                                          "view-refresh")
        self.deal_action = make_action(self, "&Select deal number…", self.select_deal,
                                       ["Ctrl+D"])
        self.quit_action = make_action(self, "&Quit", self.quit, ["Ctrl+Q"], "application-exit")
        # Ctrl+Q works whatever window of ours has the keys: a dialog, the Keys window.
        self.quit_action.setShortcutContext(Qt.ShortcutContext.ApplicationShortcut)
        self.undo_action = make_action(self, "&Undo", controller.undo, ["Ctrl+Z"], "edit-undo")
        self.redo_action = make_action(self, "&Redo", controller.redo,
                                       ["Ctrl+Shift+Z", "Ctrl+Y"], "edit-redo")
        self.panel_action = self.dock.toggleViewAction()
        self.panel_action.setText("&Command panel")
        self.panel_action.setShortcut("F9")
        # triggered, not toggled: closing the window hides the dock too, and that
        # must not be remembered as the player's choice.
        self.panel_action.triggered.connect(lambda shown: self._remember("command_panel", shown))
        self.animation_action = make_action(self, "&Animations", self._toggle_animations,
                                            checkable=True)
        self.animation_action.setChecked(self.settings["animations"])
        self.messages_action = make_action(self, "&Messages…", self.show_messages, ["Ctrl+L"])
        self.full_screen_action = make_action(self, "&Full screen", self._toggle_full_screen,
                                              ["F11"], "view-fullscreen", checkable=True)
        self.rules_action = make_action(self, "&Rules of the game", self.show_rules, ["F1"],
                                        "help-contents")
        self.keys_action = make_action(self, "&Keys", self.show_keys)
        self.statistics_action = make_action(self, "S&tatistics", self.show_statistics)
        self.about_action = make_action(self, "&About cardgui", self.show_about)
        self.named_actions = {
            "new": self.new_action, "restart": self.restart_action, "deal": self.deal_action,
            "quit": self.quit_action, "undo": self.undo_action, "redo": self.redo_action,
            "panel": self.panel_action, "animations": self.animation_action,
            "full screen": self.full_screen_action, "messages": self.messages_action,
            "rules": self.rules_action, "keys": self.keys_action,
            "statistics": self.statistics_action, "about": self.about_action}

    # The dialogs' modules are imported when first opened: the first frame
    # shows none of them.

    def show_messages(self) -> None:
        """The log of every message, whole (the status bar cuts long ones short)."""
        from .dialogs import show_modeless
        from .message_log import MessageLog

        show_modeless(MessageLog(self.voice, self))

    def show_rules(self) -> None:
        from . import help_dialogs

        help_dialogs.show_rules(self, self.controller.info.title, self.table().rules)

    def show_keys(self) -> None:
        from . import help_dialogs

        controller = self.controller
        help_dialogs.show_keys(self, controller.info.title, controller.keys.table,
                               panel_notes(self.table(), controller))

    def show_statistics(self) -> None:
        from . import help_dialogs

        help_dialogs.show_statistics(self, self.statistics, self.controller.info.game_id,
                                     self.confirm)

    def show_about(self) -> None:
        from . import help_dialogs

        help_dialogs.show_about(self, [info.title for info in GAMES.values()])

    def _remember(self, key: str, value: Any) -> None:
        self.settings[key] = value

    def _toggle_full_screen(self, on: bool) -> None:
        if on:
            self.showFullScreen()
        else:
            self.showNormal()

    def _toggle_animations(self, on: bool) -> None:
        self.scene.animations_enabled = on
        self._remember("animations", on)

    # -- games -----------------------------------------------------------------------------------

    def new_game(self) -> None:
        if not self._may_give_up("and deal a new one"):
            return
        if self.help.wants_winnable_deal:
            self.help.new_winnable_game()
        else:
            self.controller.new_game()

    def restart(self) -> None:
        deal = self.controller.game.deal_number
        if self._may_give_up("and start it again from the beginning"):
            self.controller.new_game(deal=deal)

    def switch_game(self, game_id: str) -> None:
        """Put ``game_id``'s game on the table; the one left is kept for later."""
        if game_id == self.controller.info.game_id:
            return
        left = self.controller.session
        kept = left.in_progress
        problem = self.controller.switch_to(game_id)
        if problem:
            self.voice.tell(problem)
        elif kept:
            self.voice.say(f"{describe(left)} is kept: switch back to it at any time.")

    def select_deal(self) -> None:
        from .dialogs import DealNumberDialog

        info = self.controller.info
        dialog = DealNumberDialog(info.title, self.controller.game.deal_number,
                                  info.highest_deal, self)
        if dialog.exec() and dialog.number is not None:
            self._deal_asked(dialog.number, f"for deal {dialog.number}")

    def open_as_asked(self, deal: int | None, demo: bool, new_deal: bool = False) -> None:
        """Play ``deal`` of the game in play (or, ``new_deal``, a new deal
        with the options the command line gave), and start Demo, as the
        command line asked; a game in progress is given up only if the player
        agrees, asked once the window shows (and Demo waits for the answer)."""
        wanted = deal is not None or new_deal
        what = f"for deal {deal}" if deal is not None else "for a new deal with these options"

        def deal_asked() -> None:
            if wanted and self._may_give_up(f"{what}, as the command line asks"):
                self.controller.new_game(deal=deal)
            if demo:
                self.help.toggle_demo()
        if wanted and not self.controller.session.in_progress:
            self.controller.new_game(deal=deal)
            wanted = False
        if wanted or demo:      # once the window shows (and the help may start)
            self.first_frame.painted.connect(deal_asked)

    def _deal_asked(self, deal: int, words: str) -> None:
        if self._may_give_up(words):
            self.controller.new_game(deal=deal)

    def _may_give_up(self, what_instead: str) -> bool:
        """True if there is no game in progress, or the player agrees to give
        it up ``what_instead`` (it then counts as lost, as every give-up does)."""
        session = self.controller.session
        if not session.in_progress:
            return True
        if not self.confirm(f"Give up {describe(session)} {what_instead}?  "
                            "It counts as a loss in the statistics."):
            return False
        session.give_up()
        return True

    def confirm(self, question: str) -> bool:
        from PySide6.QtWidgets import QMessageBox  # here: its enums need not be made at start

        answer = QMessageBox.question(self, "cardgui", question,
                                      QMessageBox.StandardButton.Yes
                                      | QMessageBox.StandardButton.No,
                                      QMessageBox.StandardButton.Yes)
        return answer == QMessageBox.StandardButton.Yes

    def best_score(self, game: Game[Any], excluding: int | None = None) -> int | None:
        """The best score recorded for ``game``'s id and variant, leaving out
        the row ``excluding``; None if there is none."""
        if self.statistics is None:
            return None
        try:
            return self.statistics.summary(game.game_id, game.variant, excluding).best_score
        except Exception:  # statistics must never cost the player a game
            return None

    def table(self) -> TableSpec[Any, Any]:
        """The table of the game in play, as its registry entry names it."""
        info = self.controller.info
        if info.game_id not in self._tables:
            self._tables[info.game_id] = load(info.table)
        return self._tables[info.game_id]

    # -- controller signals -------------------------------------------------------------------

    def _on_game_replaced(self) -> None:
        controller = self.controller
        info, game = controller.info, controller.game
        self.banner.hide()
        spec = self.table()
        decorations = (spec.decorations(game, controller.keys, self.best_score)
                       if spec.decorations else None)
        self.scene.show_game(game, spec.layout, decorations)
        controller.layout_of = spec.layout
        controller.settle_focus()
        self.view.relayout()
        self.scene.update_decorations()
        self.panel.show_keys(f"{info.title} commands", controller.keys.table,
                             panel_notes(spec, controller))
        self.options.fill()
        self.setWindowTitle(f"{info.title} {game.deal_number} — cardgui")
        self._check_current_game()
        self.settings["last_game"] = info.game_id
        self.voice.say(f"{info.title}, deal {game.deal_number}.")
        self._on_focus_changed()
        self.help.game_replaced()
        self.update_status()
        self._on_resized()
        if game.ending is not None:      # a finished game restored from the save
            self.end.show_banner(game.ending, self.best_score(
                game, excluding=controller.session.statistics_row))

    def _check_current_game(self) -> None:
        for action in self.game_actions.actions():
            action.setChecked(action.data() == self.controller.info.game_id)

    def _on_changed(self, outcome: Outcome) -> None:
        self.banner.hide()
        self.scene.sync(animate=True, piles=outcome.changed)
        self.scene.update_decorations()
        self.help.changed()
        self.update_status()
        self.view.accessible.piles_changed(outcome.changed)

    def _on_focus_changed(self) -> None:
        self.scene.show_focus(self.controller.focused, self.controller.held)
        self.view.accessible.focus_moved()

    def _after_key(self) -> None:
        self.scene.update_decorations()      # a cursor may have moved
        self.update_status()
        if self.controller.keys.cursor_pile is not None:
            self._on_focus_changed()         # the game's own cursor is the focus

    def _on_message(self, text: str, bell: bool) -> None:
        self.voice.show(text)           # an empty message clears an old refusal
        # A gesture the game says nothing of (Klondike's deal) is still heard.
        spoken = text or spoken_change(self.controller.game, self.controller.last_changed)
        self.voice.announce(spoken, urgent=bell)
        if bell:
            self.flash.flash()
            QApplication.beep()

    def _on_request(self, request: Request) -> None:
        if request is Request.HELP:
            self.dock.show()
            self.show_keys()
        elif request is Request.REDISPLAY:
            self.view.relayout()
            self.scene.update_decorations()
            self.voice.show("Redisplayed.")
        elif request is Request.NEW_GAME:
            self.new_game()
        elif request is Request.QUIT:
            # The book's X leaves at once only where nothing is lost; a game in
            # progress is saved, but a stray X should not end a player's session.
            session = self.controller.session
            if session.in_progress:
                if self.confirm(f"Leave cardgui?  {describe(session)} is saved and comes "
                                "back next time."):
                    self.quit()
                else:
                    self.voice.say("Staying.  Ctrl+Q or X leaves.")
                return
            self.voice.say("X: quitting.")
            QTimer.singleShot(QUIT_DELAY_MS, self.quit)

    def _on_resized(self) -> None:
        if self.scene.geometry is not None and self.room.fit(self.scene.geometry):
            self.voice.show("The command panel steps aside to keep the cards readable; "
                            "F9 brings it back.")
        self.status.fit()
        self.banner.recentre()
        if self.notice.isVisible():
            self.notice.refit()
        self.scene.update_decorations()
        geometry = self.scene.geometry
        if geometry is not None:
            self.view.setMinimumSize(*geometry.minimum_size())

    def _write_waiting_statistics(self) -> None:
        """Results that waited for busy statistics are written once they are free."""
        if self.statistics is None or not self.statistics.waiting:
            return
        try:
            if self.statistics.flush():
                self.voice.say("The results that waited have been written to the statistics.")
        except Exception as error:  # statistics must never cost the player a game
            self.voice.tell(f"Results could not be written to the statistics: {error}")

    # -- status and closing ---------------------------------------------------------------------

    def update_status(self) -> None:
        """The status bar's figures, the solver's verdict and the undo actions, as they are now."""
        controller, game = self.controller, self.controller.game
        self.status.show_fields([("Deal", str(game.deal_number)),
                                 ("Moves", str(game.moves_made)),
                                 ("Time", clock(controller.session.elapsed))]
                                + game.status_items() + self._carried_total()
                                + [("Solver", self.help.verdict),
                                   ("Typing", controller.keys.pending)])
        self.undo_action.setEnabled(game.can_undo)
        self.redo_action.setEnabled(game.can_redo)

    def _carried_total(self) -> list[tuple[str, str]]:
        """In a variant whose score is kept over a run of games (Vegas,
        cumulative), the total: the games before this one, and this one."""
        game, session = self.controller.game, self.controller.session
        if not game.carries_score or self.statistics is None or game.score is None:
            return []
        key = (game.game_id, game.variant, session.statistics_row)
        if self._carried is None or self._carried[0] != key:
            try:
                before = self.statistics.summary(game.game_id, game.variant,
                                                 excluding=session.statistics_row).total_score
            except Exception:  # statistics must never cost the player a game
                return []
            self._carried = (key, before)
        return [("Total", f"${self._carried[1] + game.score}")]

    def quit(self) -> None:
        """Leave: close any dialog of ours still open (a modal one first, so
        that it does not hold the program), then the window, which saves."""
        modal = QApplication.activeModalWidget()
        while modal is not None and modal is not self:
            modal.close()
            QApplication.processEvents()
            if QApplication.activeModalWidget() is modal:
                break                        # it would not close: do not spin
            modal = QApplication.activeModalWidget()
        for widget in QApplication.topLevelWidgets():
            if widget is not self and widget.isVisible() and widget.parent() is self:
                widget.close()
        self.close()

    def closeEvent(self, event: QCloseEvent) -> None:
        self._closed = True
        self.help.shut_down()
        self.decks.stop()
        self.scene.art.keep_pictures()           # read back at the next start
        self.controller.session.save()
        if self.controller.saves is not None:
            self.controller.saves.release()        # another window may own our saves now
        self.settings["window_geometry"] = bytes(self.saveGeometry().toHex().data()).decode()
        super().closeEvent(event)
