"""The least any Python and PySide6 program pays to paint a card table: the
floor under cardgui's start-up (run by ``bench/window_startup.py --floor``;
not part of the tests).

    python bench/startup_floor.py [--chrome PANEL_HTML]

It does only what every such program must: start the interpreter, import
QtCore, QtGui and QtWidgets, make the QApplication, and show a window the
size of cardgui's whose QGraphicsView paints a green table with the 28
cards of a Klondike deal, as plain white pixmaps (no card art, no game, no
menus, no saved files).  It then stays open like the programs measured.

With ``--chrome PANEL_HTML`` the window also has what cardgui's shows around
its table, made the plainest way Qt offers: the menu bar (Game, Edit, View,
Help, with their commands), the toolbar's six commands, a "Commands" dock
at the right whose text browser shows the HTML in the file PANEL_HTML
(``bench/panel_html.py`` prints the one cardgui's window shows), and the
status bar's message and six fields.  That is the least any PySide6
program pays to show cardgui's window, before any of cardgui's own work.
"""

import pathlib
import sys

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPainter, QPixmap
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QGraphicsScene,
    QGraphicsView,
    QLabel,
    QMainWindow,
    QTextBrowser,
)

CARD_WIDTH, CARD_HEIGHT, GAP = 100, 140, 20


def card() -> QPixmap:
    """A white card with a dark border."""
    picture = QPixmap(CARD_WIDTH, CARD_HEIGHT)
    picture.fill(QColor("white"))
    painter = QPainter(picture)
    painter.setPen(QColor(40, 40, 40))
    painter.drawRect(0, 0, CARD_WIDTH - 1, CARD_HEIGHT - 1)
    painter.end()
    return picture


MENUS = {
    "&Game": ["&New game", "&Restart this deal", "&Deal number...", "&Hint", "D&emo",
              "&Finish", "&Statistics", "&Quit"],
    "&Edit": ["&Undo", "&Redo"],
    "&View": ["&Command panel", "&Messages", "&Animations", "&Full screen"],
    "&Help": ["&Rules", "&Keys", "&About cardgui"],
}
TOOLBAR = ["New game", "Restart this deal", "Undo", "Redo", "Hint", "Demo"]
STATUS = ["Deal: 617", "Moves: 0", "Time: 0:00", "Hand: 24", "Pass: 1", "Solver: Winnable"]


def add_chrome(window: QMainWindow, panel_html: str) -> None:
    """cardgui's menus, toolbar, command panel and status bar, plainly."""
    for title, commands in MENUS.items():
        menu = window.menuBar().addMenu(title)
        for command in commands:
            menu.addAction(command)
    tools = window.addToolBar("Game")
    for command in TOOLBAR:
        tools.addAction(command)
    panel = QTextBrowser()
    panel.setHtml(panel_html)
    dock = QDockWidget("Commands", window)
    dock.setWidget(panel)
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
    window.resizeDocks([dock], [230], Qt.Orientation.Horizontal)
    window.statusBar().showMessage("Klondike, deal 617.")
    for field in STATUS:
        window.statusBar().addPermanentWidget(QLabel(field))


def main() -> int:
    app = QApplication(sys.argv[:1])
    scene = QGraphicsScene()
    scene.setBackgroundBrush(QColor(22, 102, 58))
    face = card()
    for column in range(7):
        for row in range(column + 1):
            item = scene.addPixmap(face)
            item.setPos(GAP + column * (CARD_WIDTH + GAP), 200 + row * 24)
    window = QMainWindow()
    view = QGraphicsView(scene)
    view.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
    window.setCentralWidget(view)
    if sys.argv[1:2] == ["--chrome"] and len(sys.argv) > 2:
        add_chrome(window, pathlib.Path(sys.argv[2]).read_text(encoding="utf-8"))
    window.setWindowTitle("floor")
    window.resize(1100, 760)
    window.show()
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
