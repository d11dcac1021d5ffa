"""What Poker Squares draws on its table besides the cards: each row's and
column's hand so far with its points, the score and the best score, the cell
names a player types, and the keyboard cursor.

Everything shown is read from the engine (``rows()``, ``columns()``,
``score``) and from the window's statistics; nothing here decides a rule.
"""

from __future__ import annotations

import html

from PySide6.QtCore import QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import QColor, QFont, QPainterPath, QPen, QTextOption
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem, QGraphicsTextItem

from ...engine.games.pokersquares.game import Line, PokerSquares
from ...engine.games.pokersquares.keys import PokerSquaresKeys
from ...engine.games.pokersquares.position import COLUMN_LETTERS, SIDE, STOCK, grid_cell
from ..layout import Geometry
from ..scene import TableScene
from ..sprites import DRAG_Z
from .spec import BestScore

FULL_NAME = QColor(255, 255, 255)         # a line with all five cards
PARTIAL_NAME = QColor(196, 222, 204)      # a line still filling: its hand so far
POINTS = "#ffd75a"
NAME_COLOUR = "#c8e6cd"                   # the cell names a-e, 1-5
CURSOR = QColor(120, 205, 255)
LABEL_Z = -0.5


def font_size(geometry: Geometry) -> int:
    """The labels' pixel size for the current card size."""
    return max(9, round(geometry.card_width * 0.155))


class TextBox(QGraphicsTextItem):
    """A block of rich text that is only re-set when it changes."""

    def __init__(self, alignment: Qt.AlignmentFlag) -> None:
        super().__init__()
        self.document().setDocumentMargin(0)
        self.document().setDefaultTextOption(QTextOption(alignment))
        self.setZValue(LABEL_Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.shown = ""

    def show_html(self, text: str, font: QFont, width: float) -> None:
        if self.font() != font:
            self.setFont(font)
        if self.textWidth() != width:
            self.setTextWidth(width)
        if text != self.shown:
            self.shown = text
            self.setHtml(text)

    @property
    def height(self) -> float:
        return self.boundingRect().height()


def move_to(item: QGraphicsItem, x: float, y: float) -> None:
    """Put ``item`` at (x, y), touching it only if it moves: updates come with
    every key, and most leave most labels where they are."""
    if item.pos() != QPointF(x, y):
        item.setPos(x, y)


class PokerSquaresDecorations:
    """The labels, the score and the cursor of one game of Poker Squares.

    ``best_score(game)`` is the best score recorded for the game's scoring.
    A row's hand goes ``row_label_left`` card widths from the table's left
    edge, in ``row_label_width`` card widths, as the layout leaves room for it.
    """

    def __init__(self, game: PokerSquares, keys: PokerSquaresKeys, best_score: BestScore,
                 row_label_left: float, row_label_width: float) -> None:
        self.game, self.keys = game, keys
        self.best_score = best_score
        self.row_label_left = row_label_left
        self.row_label_width = row_label_width
        self.row_labels: list[TextBox] = []
        self.column_labels: list[TextBox] = []
        self.letters: list[TextBox] = []
        self.digits: list[TextBox] = []
        self.panel: TextBox | None = None
        self.cursor: QGraphicsPathItem | None = None

    def update(self, scene: TableScene) -> None:
        """Bring every label, the score and the cursor up to date."""
        game, keys = self.game, self.keys
        geometry = scene.geometry
        if geometry is None:
            return
        if self.panel is None:
            self._build(scene)
        font = QFont()
        font.setPixelSize(font_size(geometry))
        self._show_lines(geometry, game, font)
        self._show_cell_names(geometry, font, keys)
        self._show_panel(geometry, game, font)
        self._show_cursor(geometry, game, keys)

    def _build(self, scene: TableScene) -> None:
        center, left, right = (Qt.AlignmentFlag.AlignHCenter, Qt.AlignmentFlag.AlignLeft,
                               Qt.AlignmentFlag.AlignRight)
        self.row_labels = [TextBox(left) for _ in range(SIDE)]
        self.column_labels = [TextBox(center) for _ in range(SIDE)]
        self.letters = [TextBox(center) for _ in range(SIDE)]
        self.digits = [TextBox(right) for _ in range(SIDE)]
        self.panel = TextBox(left)
        self.cursor = QGraphicsPathItem()
        self.cursor.setZValue(DRAG_Z - 2)      # above the cards, below a dragged one
        for item in (self.row_labels + self.column_labels + self.letters + self.digits
                     + [self.panel, self.cursor]):
            scene.addItem(item)

    # -- the hands ---------------------------------------------------------------------------

    def _show_lines(self, geometry: Geometry, game: PokerSquares, font: QFont) -> None:
        width, height = geometry.card_width, geometry.card_height
        left_x = geometry.origin_x + self.row_label_left * width
        for row, (line, label) in enumerate(zip(game.rows(), self.row_labels)):
            label.show_html(line_html(line), font, self.row_label_width * width)
            _, y = geometry.pile_origin(grid_cell(row, 0))
            move_to(label, left_x, y + (height - label.height) / 2)
        first_x, _ = geometry.pile_origin(grid_cell(0, 0))
        next_x, last_row_y = geometry.pile_origin(grid_cell(SIDE - 1, 1))
        label_width = next_x - first_x - width * 0.06
        for column, (line, label) in enumerate(zip(game.columns(), self.column_labels)):
            label.show_html(line_html(line), font, label_width)
            x, _ = geometry.pile_origin(grid_cell(0, column))
            move_to(label, x + (width - label_width) / 2, last_row_y + height * 1.05)

    # -- the cell names ------------------------------------------------------------------------

    def _show_cell_names(self, geometry: Geometry, font: QFont, keys: PokerSquaresKeys) -> None:
        """Letters above the columns and digits left of the rows; the letter of a
        half-typed cell lights up."""
        width, height = geometry.card_width, geometry.card_height
        pending = keys.pending
        for column, letter in enumerate(self.letters):
            colour = POINTS if COLUMN_LETTERS[column] == pending else NAME_COLOUR
            letter.show_html(f"<b style='color:{colour}'>{COLUMN_LETTERS[column]}</b>",
                             font, width)
            x, y = geometry.pile_origin(grid_cell(0, column))
            move_to(letter, x, y - letter.height - max(4.0, height * 0.03))
        for row, digit in enumerate(self.digits):
            digit.show_html(f"<b style='color:{NAME_COLOUR}'>{row + 1}</b>", font, width * 0.3)
            x, y = geometry.pile_origin(grid_cell(row, 0))
            move_to(digit, x - width * 0.38, y + (height - digit.height) / 2)

    # -- the score -----------------------------------------------------------------------------

    def _show_panel(self, geometry: Geometry, game: PokerSquares, font: QFont) -> None:
        assert self.panel is not None
        width, height = geometry.card_width, geometry.card_height
        x, y = geometry.pile_origin(STOCK)
        grid_x, _ = geometry.pile_origin(grid_cell(0, 0))
        self.panel.show_html(panel_html(game, self.best_score(game), font.pixelSize()), font,
                             grid_x - x - width * 0.45)
        move_to(self.panel, x, y + height * 1.2)

    # -- the cursor ----------------------------------------------------------------------------

    def _show_cursor(self, geometry: Geometry, game: PokerSquares, keys: PokerSquaresKeys) -> None:
        cursor = self.cursor
        assert cursor is not None
        shown = not game.is_over
        if cursor.isVisible() != shown:
            cursor.setVisible(shown)
        if not shown:
            return
        width, height = geometry.card_width, geometry.card_height
        pen_width = max(2.0, width * 0.045)
        if cursor.pen().widthF() != pen_width:
            cursor.setPen(QPen(CURSOR, pen_width))
        outset = pen_width / 2 + 1
        if cursor.path().boundingRect().size() != QSizeF(width + 2 * outset,
                                                         height + 2 * outset):
            path = QPainterPath()
            path.addRoundedRect(QRectF(-outset, -outset, width + 2 * outset,
                                       height + 2 * outset), width * 0.08, width * 0.08)
            cursor.setPath(path)
        move_to(cursor, *geometry.pile_origin(keys.cursor_cell))


def line_html(line: Line) -> str:
    """A row's or column's label: its hand so far, then its points; nothing
    for a line with no card yet.  A full line shows brighter than one filling."""
    if all(card is None for card in line.cards):
        return ""
    colour = (FULL_NAME if line.is_full else PARTIAL_NAME).name()
    style = "" if line.is_full else "font-style:italic;"
    return (f"<span style='color:{colour};{style}'>{html.escape(line.name)}</span><br>"
            f"<b style='color:{POINTS}'>+{line.points}</b>")


def panel_html(game: PokerSquares, best: int | None, size: int) -> str:
    """The score (or final score), the scoring table and the best score so far."""
    over = game.is_over
    heading = "Final score" if over else "Score"
    colour = POINTS if over else "#ffffff"
    best_text = f"Best so far: {best}" if best is not None else "No best score yet"
    count = game.cards_left
    left = "" if over else f"<br>{count} card{'' if count == 1 else 's'} to come"
    return (f"<span style='color:{NAME_COLOUR}'>{heading}</span><br>"
            f"<b style='color:{colour}; font-size:{round(size * 2.4)}px'>{game.score}</b><br>"
            f"<span style='color:#ffffff'>{html.escape(game.scoring.title)} scoring<br>"
            f"{best_text}{left}</span>")
