"""The least any Python and PySide6 program pays to paint a card table: the
floor under cardgui's start-up (run by ``bench/window_startup.py --floor``;
not part of the tests).

    python bench/startup_floor.py

It does only what every such program must: start the interpreter, import
QtCore, QtGui and QtWidgets, make the QApplication, and show a window the
size of cardgui's whose QGraphicsView paints a green table with the 28
cards of a Klondike deal, as plain white pixmaps (no card art, no game, no
menus, no saved files).  It then stays open like the programs measured.
"""

import sys

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPainter, QPixmap
from PySide6.QtWidgets import QApplication, QGraphicsScene, QGraphicsView, QMainWindow

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
    window.setWindowTitle("floor")
    window.resize(1100, 760)
    window.show()
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
