"""Calculation's table: the cards left and the hand card at the top left, the
four foundations at the top right, each labelled with the rank it needs next,
the four waste piles fanned below them, and her sequence strip at the left."""

from __future__ import annotations

import html
from typing import Any

from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import QGraphicsSimpleTextItem, QGraphicsTextItem

from ...engine.cards import rank_name
from ...engine.games.calculation.game import Calculation
from ...engine.games.calculation.position import (
    FOUNDATIONS,
    HAND,
    SEQUENCES,
    STOCK,
    WASTE_PILES,
    waste_pile,
)
from ...engine.piles import foundation
from ...engine.table_plan import Fan, Spot, TableLayout, TableSpec
from ..scene import TableScene
from .spec import BestScore

LABEL_COLOUR = QColor(235, 245, 235)


def calculation_table(game: Calculation) -> TableLayout:
    spots = {STOCK: Spot(0, 0, marker="empty"), HAND: Spot(1, 0, marker="empty", label="hand")}
    for number in range(1, FOUNDATIONS + 1):
        spots[foundation(number)] = Spot(2 + number, 0, marker="foundation")
    for number in range(1, WASTE_PILES + 1):
        spots[waste_pile(number)] = Spot(2 + number, 1, Fan.DOWN, marker="empty",
                                         label=f"waste {number}")
    return TableLayout(spots, columns=3 + FOUNDATIONS, rows=4.6)


class CalculationLabels:
    """What each foundation needs next (above it) and her sequence strip."""

    def __init__(self, game: Calculation, keys: Any, best_score: BestScore) -> None:
        self.game = game
        self.needs: list[QGraphicsSimpleTextItem] = []
        self.strip: QGraphicsTextItem | None = None

    def update(self, scene: TableScene) -> None:
        game = self.game
        geometry = scene.geometry
        if geometry is None:
            return
        if not self.needs or self.needs[0].scene() is not scene:
            self._create(scene)
        font = QFont()
        font.setPixelSize(max(9, round(geometry.card_height * 0.1)))
        font.setBold(True)
        for number, label in enumerate(self.needs, 1):
            wanted = game.needs(number)
            label.setFont(font)
            label.setText(f"needs {rank_name(wanted)}" if wanted else "done")
            x, y = geometry.pile_origin(foundation(number))
            box = label.boundingRect()
            label.setPos(x + (geometry.card_width - box.width()) / 2,
                         y - box.height() - geometry.card_height * 0.015)
        assert self.strip is not None
        self.strip.setHtml(self._strip_html(game, geometry.card_height))
        x, y = geometry.pile_origin(STOCK)
        self.strip.setPos(x, y + geometry.card_height * (1 + 0.3))
        self.strip.setTextWidth(geometry.card_width * 3)

    def _create(self, scene: TableScene) -> None:
        self.needs = []
        for _ in range(FOUNDATIONS):
            label = QGraphicsSimpleTextItem()
            label.setBrush(QBrush(LABEL_COLOUR))
            label.setZValue(-0.5)
            scene.addItem(label)
            self.needs.append(label)
        self.strip = QGraphicsTextItem()
        self.strip.setZValue(-0.5)
        scene.addItem(self.strip)

    @staticmethod
    def _strip_html(game: Calculation, card_height: int) -> str:
        """Her four sequences, the ranks already built dimmed, the next one bold."""
        size = max(9, round(card_height * 0.085))
        rows = []
        for number, ranks in enumerate(SEQUENCES, 1):
            built = len(game.piles[foundation(number)])
            cells = []
            for position, rank in enumerate(ranks):
                name = html.escape(rank_name(rank))
                if position < built:
                    cells.append(f"<span style='color:#8fb89c'>{name}</span>")
                elif position == built:
                    cells.append(f"<b style='color:#ffe08a'>{name}</b>")
                else:
                    cells.append(f"<span style='color:#e8f2ea'>{name}</span>")
            rows.append(f"<tr><td style='color:#e8f2ea; padding-right:6px'>F{number}</td>"
                        f"<td>{' '.join(cells)}</td></tr>")
        return (f"<div style='font-size:{size}px'><table cellspacing='2'>"
                + "".join(rows) + "</table></div>")


CALCULATION_RULES = """
<h2>Calculation</h2>
<p>As Katrin Becker's assignment specifies it.</p>
<h3>The layout</h3>
<p>The four <b>foundations</b> start with an ace, a two, a three and a four.
Suits never matter in this game. The other 48 cards are shuffled into the
<b>hand</b>, face down at the top left.</p>
<h3>Foundations count</h3>
<p>Foundation 1 builds by ones, foundation 2 by twos, 3 by threes and 4 by fours,
wrapping round after the king, each ending at the king:</p>
<table cellspacing="6">
<tr><td>F1</td><td>A 2 3 4 5 6 7 8 9 10 J Q K</td></tr>
<tr><td>F2</td><td>2 4 6 8 10 Q A 3 5 7 9 J K</td></tr>
<tr><td>F3</td><td>3 6 9 Q 2 5 8 J A 4 7 10 K</td></tr>
<tr><td>F4</td><td>4 8 Q 3 7 J 2 6 10 A 5 9 K</td></tr>
</table>
<p>The label above each foundation says the rank it needs next; the strip at
the left shows all four sequences, the next rank of each in bold.</p>
<h3>Play</h3>
<ul>
<li>Turn up one card at a time (click the hand or press Space). It must be
played before the next is turned: onto a foundation that takes it, or onto any
of the four waste piles.</li>
<li>A waste pile's top card may go only to a foundation.</li>
<li>There is no redeal.</li>
</ul>
<p>The score is the number of cards on the foundations: 4 at the start, 52
wins. The game is over when the hand is used up and neither the turned-up card
nor any waste pile's top can go to a foundation.</p>
"""

CALCULATION_NOTES = (
    "Names of cards starting with 1-4 are typed after an apostrophe: '2H, '10D "
    "('1C is the ace), because 1-4 alone put the hand card on a waste pile.",
    "Undo: Ctrl+Z or U.  Redo: Ctrl+Shift+Z, Ctrl+Y or Y.",
)

TABLE: TableSpec[Calculation, Any] = TableSpec(
    calculation_table, CALCULATION_RULES, CALCULATION_NOTES, decorations=CalculationLabels)
