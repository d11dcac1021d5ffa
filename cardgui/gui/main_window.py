"""The main window: the table, its menus and toolbar, the command panel and
the status bar, wired to the controller."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QIcon, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QMainWindow,
    QMessageBox,
    QToolBar,
)

from ..engine.games import GAMES
from ..engine.keyboard import Request
from ..store.saves import SaveFile
from ..store.settings import Settings
from ..store.stats import Statistics
from .art import CardArt
from .celebration import celebrate
from .controller import TableController
from .dialogs import (
    DealNumberDialog,
    TextDialog,
    about_html,
    show_modeless,
    statistics_html,
)
from .options_menu import fill_options_menu
from .overlay import Banner, BellFlash
from .panels import CommandPanel, StatusLine, keys_html
from .scene import TableScene
from .table_view import TableView
from .tables import TABLES

QUIT_DELAY_MS = 500


def clock(seconds: float) -> str:
    minutes, seconds = divmod(int(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02}:{seconds:02}" if hours else f"{minutes}:{seconds:02}"


def score_report(score: int, variant: str, best_before: int | None) -> str:
    """The final score, and how it stands against the best before it."""
    shown = f" ({variant.capitalize()})" if variant else ""
    best = score if best_before is None else max(score, best_before)
    news = " A new best!" if best_before is not None and score > best_before else ""
    return f"Final score: {score}{shown}.\nBest so far: {best}.{news}"


class MainWindow(QMainWindow):
    """One window, one game at a time."""

    def __init__(self, controller: TableController, settings: Settings, saves: SaveFile,
                 statistics: Statistics, art: CardArt) -> None:
        super().__init__()
        self.controller, self.settings, self.saves, self.statistics = (
            controller, settings, saves, statistics)
        self.scene = TableScene(art, self)
        self.scene.animations_enabled = settings["animations"]
        self.view = TableView(self.scene, controller, self)
        self.setCentralWidget(self.view)
        self.flash = BellFlash(self.view.viewport())
        self.banner = Banner(self.view.viewport())
        self.view.resized.connect(self._on_resized)
        self.panel = CommandPanel()
        self.dock = QDockWidget("Commands", self)
        self.dock.setObjectName("commands")
        self.dock.setWidget(self.panel)
        self.dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetClosable)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.dock)
        self.dock.setVisible(settings["command_panel"])
        self.status = StatusLine(self.statusBar())
        self._build_actions()
        self._build_menus()
        self.ticker = QTimer(self)
        self.ticker.timeout.connect(self._update_status)
        self.ticker.start(1000)
        controller.changed.connect(self._on_changed)
        controller.message.connect(self._on_message)
        controller.game_replaced.connect(self._on_game_replaced)
        controller.pending_changed.connect(lambda _: self._after_key())
        controller.finished.connect(self._on_finished)
        controller.request.connect(self._on_request)
        self.resize(1100, 760)
        self._on_game_replaced()

    # -- actions and menus ---------------------------------------------------------

    def _action(self, text: str, slot: Any, shortcuts: Any = (), icon: str = "") -> QAction:
        action = QAction(text, self)
        if icon:
            action.setIcon(QIcon.fromTheme(icon))
        if isinstance(shortcuts, QKeySequence.StandardKey):
            action.setShortcuts(shortcuts)
        elif shortcuts:
            action.setShortcuts([QKeySequence(shortcut) for shortcut in shortcuts])
        action.triggered.connect(slot)
        return action

    def _build_actions(self) -> None:
        self.new_action = self._action("&New game", self.new_game, ["Ctrl+N", "F2"], "document-new")
        self.restart_action = self._action("&Restart this deal", self.restart, ["Ctrl+R"],
                                           "view-refresh")
        self.deal_action = self._action("&Select deal number…", self.select_deal, ["Ctrl+D"])
        self.quit_action = self._action("&Quit", self.close, ["Ctrl+Q"], "application-exit")
        self.undo_action = self._action("&Undo", self.controller.undo, ["Ctrl+Z"], "edit-undo")
        self.redo_action = self._action("&Redo", self.controller.redo,
                                        ["Ctrl+Shift+Z", "Ctrl+Y"], "edit-redo")
        self.panel_action = self.dock.toggleViewAction()
        self.panel_action.setText("&Command panel")
        self.panel_action.setShortcut(QKeySequence("F9"))
        # triggered, not toggled: closing the window hides the dock too, and that
        # must not be remembered as the player's choice.
        self.panel_action.triggered.connect(lambda shown: self._remember("command_panel", shown))
        self.animation_action = self._action("&Animations", self._toggle_animations)
        self.animation_action.setCheckable(True)
        self.animation_action.setChecked(self.settings["animations"])
        self.rules_action = self._action("&Rules of the game", self.show_rules, ["F1"],
                                         "help-contents")
        self.keys_action = self._action("&Keys", self.show_keys)
        self.statistics_action = self._action("S&tatistics", self.show_statistics)
        self.about_action = self._action("&About cardgui", self.show_about)
        self.game_actions = QActionGroup(self)
        for info in GAMES.values():
            if info.game_id not in TABLES:
                continue
            action = QAction(info.title, self, checkable=True)
            action.setData(info.game_id)
            action.triggered.connect(lambda _=False, game_id=info.game_id: self.switch_game(game_id))
            self.game_actions.addAction(action)

    def _build_menus(self) -> None:
        bar = self.menuBar()
        game = bar.addMenu("&Game")
        game.addActions([self.new_action, self.restart_action, self.deal_action])
        switch = game.addMenu("S&witch game")
        switch.addActions(self.game_actions.actions())
        self.options_menu = game.addMenu("&Options")
        game.addSeparator()
        game.addAction(self.statistics_action)
        game.addSeparator()
        game.addAction(self.quit_action)
        edit = bar.addMenu("&Edit")
        edit.addActions([self.undo_action, self.redo_action])
        view = bar.addMenu("&View")
        view.addActions([self.panel_action, self.animation_action])
        help_menu = bar.addMenu("&Help")
        help_menu.addActions([self.rules_action, self.keys_action, self.about_action])
        tools = QToolBar("Game", self)
        tools.setObjectName("toolbar")
        tools.setMovable(False)
        tools.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        tools.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        tools.addActions([self.new_action, self.restart_action, self.undo_action, self.redo_action])
        self.addToolBar(tools)

    def _remember(self, key: str, value: Any) -> None:
        self.settings[key] = value

    def _toggle_animations(self, on: bool) -> None:
        self.scene.animations_enabled = on
        self._remember("animations", on)

    # -- games ------------------------------------------------------------------------

    def new_game(self) -> None:
        if self._may_abandon():
            self.controller.new_game()

    def restart(self) -> None:
        if self._may_abandon():
            self.controller.restart()

    def switch_game(self, game_id: str) -> None:
        if game_id == self.controller.info.game_id or self._may_abandon():
            self.controller.new_game(game_id)
        else:
            self._check_current_game()

    def select_deal(self) -> None:
        info = self.controller.info
        dialog = DealNumberDialog(info.title, self.controller.game.deal_number,
                                  info.highest_deal, self)
        if dialog.exec() and dialog.number is not None and self._may_abandon():
            self.controller.new_game(info.game_id, dialog.number)

    def _may_abandon(self) -> bool:
        """True if there is no game in progress, or the player agrees to give it up
        (it then counts as lost in the statistics)."""
        game = self.controller.game
        if game.moves_made == 0 or game.is_over:
            return True
        if not self.confirm("Give up this game and deal another?"):
            return False
        self._record(won=False)
        return True

    def confirm(self, question: str) -> bool:
        answer = QMessageBox.question(self, "cardgui", question,
                                      QMessageBox.StandardButton.Yes
                                      | QMessageBox.StandardButton.No,
                                      QMessageBox.StandardButton.Yes)
        return answer == QMessageBox.StandardButton.Yes

    def _record(self, won: bool) -> None:
        """Record the game in play; its score only if it is over, since the
        score of a game given up is no result to beat."""
        game, controller = self.controller.game, self.controller
        try:
            controller.statistics_row = self.statistics.record(
                game.game_id, game.deal_number, won, game.moves_made, controller.elapsed,
                game.score if game.is_over else None, game.variant, controller.statistics_row)
        except Exception as error:  # statistics must never cost the player a game
            self.status.say(f"Statistics could not be saved: {error}")

    def best_score(self, game: Any) -> int | None:
        """The best score recorded for ``game``'s id and variant, or None."""
        try:
            return self.statistics.summary(game.game_id, game.variant).best_score
        except Exception:  # statistics must never cost the player a game
            return None

    def _set_option(self, option: Any, value: Any) -> None:
        self.settings.set_game_option(self.controller.info.game_id, option.name, value)
        if option.now:
            if self.controller.set_option(option.name, value):
                self._save()
        else:
            self.status.say(f"{option.label}: from the next game on.")

    # -- controller signals -------------------------------------------------------------

    def _on_game_replaced(self) -> None:
        controller = self.controller
        info = controller.info
        self.banner.hide()
        spec = TABLES[info.game_id]
        self.scene.show_game(controller.game, spec.layout,
                             spec.decorations(self.best_score) if spec.decorations else None)
        self.view.relayout()
        self._refresh_decorations()
        self.panel.show_keys(f"{info.title} commands", controller.keys.table, list(spec.notes))
        fill_options_menu(self.options_menu, spec.options,
                          self.settings.game_options(info.game_id), self._set_option)
        self.setWindowTitle(f"{info.title} {controller.game.deal_number} — cardgui")
        self._check_current_game()
        self.settings["last_game"] = info.game_id
        self.status.say(f"{info.title}, deal {controller.game.deal_number}.")
        self._update_status()
        self._save()
        self._on_resized()
        if controller.game.is_over:      # a finished game restored from the save
            self._show_end_banner(controller.game.is_won, self.best_score(controller.game))

    def _check_current_game(self) -> None:
        for action in self.game_actions.actions():
            action.setChecked(action.data() == self.controller.info.game_id)

    def _on_changed(self, outcome: Any) -> None:
        self.banner.hide()
        self.scene.sync(animate=True)
        self._refresh_decorations()
        self._update_status()
        self._save()

    def _after_key(self) -> None:
        self._refresh_decorations()      # a cursor may have moved
        self._update_status()

    def _refresh_decorations(self) -> None:
        self.scene.update_decorations(self.controller.game, self.controller.keys)

    def _on_message(self, text: str, bell: bool) -> None:
        self.status.say(text)           # an empty message clears an old refusal
        if bell:
            self.flash.flash()
            QApplication.beep()

    def _on_finished(self, won: bool) -> None:
        game = self.controller.game
        best_before = self.best_score(game)
        self._record(won)
        self._refresh_decorations()      # they may show the best score
        if won and self.scene.animations_enabled:
            celebrate(self.scene)
        self._show_end_banner(won, best_before)

    def _show_end_banner(self, won: bool, best_before: int | None) -> None:
        game = self.controller.game
        if won:
            self.banner.present(
                "You win!",
                f"Deal {game.deal_number} in {game.moves_made} moves, "
                f"{clock(self.controller.elapsed)}.",
                [("New game", self.controller.new_game), ("Close", lambda: None)])
        elif game.is_stuck or game.score is None:
            score = f"Score: {game.score}. " if game.score is not None else ""
            self.banner.present(
                "No card can move again",
                score + "Undo some moves and try another way, or deal a new game.",
                [("Undo", self.controller.undo), ("New game", self.controller.new_game)])
        else:                             # played for a score, not won or lost
            self.banner.present("Game over", score_report(game.score, game.variant, best_before),
                                [("New game", self.controller.new_game),
                                 ("Close", self.view.setFocus)])

    def _on_request(self, request: Request) -> None:
        if request is Request.HELP:
            self.dock.show()
            self.show_keys()
        elif request is Request.REDISPLAY:
            self.view.relayout()
            self._refresh_decorations()
            self.status.say("Redisplayed.")
        elif request is Request.NEW_GAME:
            self.new_game()
        elif request is Request.QUIT:
            self.status.say("X: quitting. This game is saved and comes back next time.")
            QTimer.singleShot(QUIT_DELAY_MS, self.close)

    def _on_resized(self) -> None:
        self.banner.recentre()
        self._refresh_decorations()
        geometry = self.scene.geometry
        if geometry is not None:
            self.view.setMinimumSize(*geometry.minimum_size())

    # -- status and saving ---------------------------------------------------------------

    def _update_status(self) -> None:
        controller, game = self.controller, self.controller.game
        self.status.show_fields([("Deal", str(game.deal_number)),
                                 ("Moves", str(game.moves_made)),
                                 ("Time", clock(controller.elapsed))]
                                + game.status_items()
                                + [("Typing", controller.keys.pending)])
        self.undo_action.setEnabled(game.can_undo)
        self.redo_action.setEnabled(game.can_redo)

    def _save(self) -> None:
        try:
            self.saves.save(self.controller.log, self.controller.elapsed)
        except OSError as error:
            self.status.say(f"The game could not be saved: {error}")

    def closeEvent(self, event: QCloseEvent) -> None:
        self._save()
        self.settings["window_geometry"] = bytes(self.saveGeometry().toHex().data()).decode()
        super().closeEvent(event)

    # -- help -------------------------------------------------------------------------------

    def show_rules(self) -> None:
        info = self.controller.info
        show_modeless(TextDialog(f"Rules of {info.title}", TABLES[info.game_id].rules, self))

    def show_keys(self) -> None:
        info = self.controller.info
        show_modeless(TextDialog(f"{info.title} keys", keys_html(
            f"{info.title} commands", self.controller.keys.table,
            list(TABLES[info.game_id].notes)), self))

    def show_statistics(self) -> None:
        rows = []
        try:
            for info in GAMES.values():
                for variant in self.statistics.variants(info.game_id) or [""]:
                    title = info.title + (f" ({variant.title()})" if variant else "")
                    rows.append((title, self.statistics.summary(info.game_id, variant)))
        except Exception as error:  # statistics must never cost the player a game
            self.status.say(f"Statistics could not be read: {error}")
            return
        show_modeless(TextDialog("Statistics", statistics_html(rows), self))

    def show_about(self) -> None:
        QMessageBox.about(self, "About cardgui",
                          about_html([info.title for info in GAMES.values()]))
