"""Starting the window: the application, the saved game, the last game played.

With ``$CARDGUI_EXIT_AFTER_FIRST_FRAME`` set, the window closes itself as soon
as the table has been painted once (and the work that waits for the first
frame is done), after printing ``first-frame <ms>`` on standard output
(milliseconds from :func:`run_window` being called to the first frame), and
the program exits with status 0.  The packaging tests use it to prove that an
installed binary starts, finds its art and draws.  With
``$CARDGUI_STARTUP_TIMES`` set, the window prints where its start-up time went
(see :mod:`cardgui.timeline`).
"""

from __future__ import annotations

import gc
import os
import sys
import time
from typing import Any, Sequence

from PySide6.QtCore import QByteArray
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication

from .. import __version__, timeline
from ..engine.games import GAMES, find_game
from ..own_files import own_files
from ..store.paths import data_dir
from ..store.saves import SaveFolder
from ..store.settings import Settings
from ..store.stats import Statistics
from .art import CardArt
from .controller import TableController, open_session
from .kept_art import KeptArt
from .main_window import MainWindow
from .shutdown import CloseOnSignals


def application(argv: Sequence[str] | None = None) -> QApplication:
    """The QApplication, created once and named (its icon comes after the
    first frame: :func:`run_window`)."""
    app = QApplication.instance()
    if not isinstance(app, QApplication):
        app = QApplication(list(argv) if argv is not None else sys.argv[:1])
    app.setApplicationName("cardgui")
    app.setApplicationDisplayName("cardgui")
    app.setApplicationVersion(__version__)
    app.setDesktopFileName("cardgui")
    return app


def app_icon() -> QIcon:
    icon = QIcon()
    scalable = own_files() / "icons" / "cardgui.svg"
    if scalable.is_file():
        icon.addFile(str(scalable))
    return icon


def build_window(game_id: str | None, deal: int | None, demo: bool = False,
                 deck: str | None = None, options: dict[str, Any] | None = None) -> MainWindow:
    """The main window on the game asked for (else the game played last), with
    that game's game in progress if one is saved; a ``deal`` asked for is
    offered in its place once the window shows, and with ``demo`` Demo plays
    it (see ``MainWindow.open_as_asked``).  ``deck`` names the deck chosen
    from now on (it is put on the table, and remembered, after the first
    frame: nothing is written before it).  ``options`` (of ``game_id``) are
    the player's choice from now on, and a game in progress started with
    others gives way to a new deal with them, if the player agrees."""
    root = data_dir()
    saves: SaveFolder | None = None
    problems = []
    if root.is_dir():
        saves = SaveFolder(root)
        problems += [saves.clean(), saves.adopt_legacy(set(GAMES))]
    else:
        problems.append(f"cardgui cannot keep its files in {root}: it is not a folder.  "
                        "Nothing will be saved until it is one.")
    settings = Settings()
    statistics = Statistics(open_now=False)    # opened once the window has shown
    problems.append(settings.problem)
    last = settings["last_game"] if settings["last_game"] in GAMES else "klondike"
    info = find_game(game_id or last)
    for name, value in (options or {}).items():
        settings.set_game_option(info.game_id, name, value)
    session, problem = open_session(info, saves, statistics, settings.game_options(info.game_id),
                                    deal)
    if deal is not None and not session.in_progress:
        deal = None        # it is on the table already: no game in progress was in its way
    other_options = any(session.log.options.get(name) != value
                        for name, value in (options or {}).items())
    problems.append(problem)
    timeline.stamp("saved game and settings")
    art = CardArt(kept=KeptArt())        # the pictures kept as the last window closed
    window = MainWindow(TableController(session, saves, settings.game_options), settings, art)
    if os.environ.get("CARDGUI_NO_ANIMATION"):
        window.scene.animations_enabled = False
    geometry = settings["window_geometry"]
    if geometry:
        window.restoreGeometry(QByteArray.fromHex(geometry.encode()))
    told = " ".join(text for text in problems if text)
    if told:
        window.voice.tell(told)
    elif session.game.moves_made:
        window.voice.say(f"Welcome back: {info.title}, deal {session.game.deal_number}, "
                          "is as you left it.")
    if deck is not None:
        window.decks.start_with(deck)        # shown, and remembered, after the first frame
    window.open_as_asked(deal, demo, new_deal=other_options)
    return window


EXIT_AFTER_FIRST_FRAME = "CARDGUI_EXIT_AFTER_FIRST_FRAME"


def _settled(window: MainWindow, started: float, exit_after: bool) -> None:
    """The window has drawn its first frame and done what waited for it:
    turn the garbage collector back on (``cardgui.cli`` turns it off for the
    start), have the memory the window frees from now on given back to the
    system (see :mod:`.allocator`), give the application its icon, print the
    start-up's timeline if asked, and with ``exit_after`` say when the first
    frame came (on stdout) and close."""
    gc.enable()
    # After the first frame: the allocator's module loads ctypes (~10 ms), and
    # what matters is the window's long life, not the blocks of its first frame.
    from .allocator import return_freed_memory

    return_freed_memory()
    # The window manager's icon: drawing it for the first frame cost ~5 ms.
    QApplication.setWindowIcon(app_icon())
    timeline.report()
    if exit_after:
        painted = timeline.stamped("first paint") or time.time()
        print(f"first-frame {(painted - started) * 1000:.0f}", flush=True)
        window.close()
        QApplication.quit()


def run_window(game_id: str | None = None, deal: int | None = None, demo: bool = False,
               deck: str | None = None, options: dict[str, Any] | None = None) -> int:
    """Open the window (with Demo playing if ``demo``, with the deck called
    ``deck`` chosen if given) and run until it closes; returns the exit
    status (128 + the signal's number when a signal closed it)."""
    started = time.time()
    timeline.stamp("imports")
    app = application()
    timeline.stamp("QApplication")
    window = build_window(game_id, deal, demo, deck, options)
    timeline.stamp("window")
    exit_after = bool(os.environ.get(EXIT_AFTER_FIRST_FRAME))
    window.settled.connect(lambda: _settled(window, started, exit_after))
    closer = CloseOnSignals(window)        # SIGTERM, SIGHUP, Ctrl+C: closed as Quit does
    window.show()
    status = app.exec()
    closer.restore()
    return status
