"""Poker Squares' table: the next card at the left with the score under it,
the 5 x 5 grid, each row's hand at its right and each column's under it."""

from __future__ import annotations

import html

from ...engine.games.pokersquares.game import PokerSquares
from ...engine.games.pokersquares.keys import PokerSquaresKeys
from ...engine.games.pokersquares.position import GRID_CELLS, SIDE, STOCK, cell_position
from ...engine.poker import AMERICAN, ENGLISH, Category
from ...engine.table_plan import Spot, TableLayout, TableSpec
from ..layout import GAP, ROW_GAP
from .pokersquares_labels import PokerSquaresDecorations
from .spec import BestScore

# All in card widths (across) or card heights (down), like the layout's slots.
GRID_LEFT = 1.75         # slots from the stock's left edge to the grid's: room for the score
CELL_STEP = 1.15         # slots from one grid column to the next: room for their hands
CELL_GAP_DOWN = 0.07     # card heights between grid rows
ROW_LABEL_GAP = 0.2      # card widths between a row's last card and its hand
ROW_LABEL_WIDTH = 1.9    # card widths for a row's hand (a long name takes two lines)
COLUMN_LABEL_HEIGHT = 0.45   # card heights under the grid for the columns' hands (two lines)
TOP = 0.1                # card heights above the grid for the column letters


def grid_right_edge() -> float:
    """Where the grid's last column ends, in card widths from the table's left."""
    return (GRID_LEFT + (SIDE - 1) * CELL_STEP) * (1 + GAP) + 1


def pokersquares_table(game: PokerSquares) -> TableLayout:
    """The stock at the top left, the grid beside it, room for the hands."""
    row_step = (1 + CELL_GAP_DOWN) / (1 + ROW_GAP)     # layout rows are 1 + ROW_GAP apart
    top = TOP / (1 + ROW_GAP)
    spots = {STOCK: Spot(0, top, marker="empty", label="Next card")}
    for cell in GRID_CELLS:
        row, column = cell_position(cell)
        spots[cell] = Spot(GRID_LEFT + column * CELL_STEP, top + row * row_step, marker="cell")
    width = grid_right_edge() + ROW_LABEL_GAP + ROW_LABEL_WIDTH      # in card widths
    height = TOP + (SIDE - 1) * (1 + CELL_GAP_DOWN) + 1 + COLUMN_LABEL_HEIGHT   # card heights
    return TableLayout(spots, columns=(width + GAP) / (1 + GAP), rows=height - ROW_GAP)


EXAMPLES = {
    Category.ROYAL_FLUSH: "AH KH QH JH 10H",
    Category.STRAIGHT_FLUSH: "9C 8C 7C 6C 5C",
    Category.FOUR_OF_A_KIND: "KS KH KD KC 3H",
    Category.FULL_HOUSE: "3S 3D 3H QC QD",
    Category.FLUSH: "AD 10D 8D 4D 2D",
    Category.STRAIGHT: "7H 6S 5D 4C 3H",
    Category.THREE_OF_A_KIND: "7S 7D 7C KH 2S",
    Category.TWO_PAIRS: "JH JC 4S 4D 9H",
    Category.PAIR: "10S 10C 8D 5H 2C",
    Category.NOTHING: "QS 9D 7C 4H 2S",
}


def scoring_html() -> str:
    """Both scoring tables, from the engine's own, as one HTML table."""
    rows = "".join(
        f"<tr><td>{html.escape(category.words)}</td><td><code>{EXAMPLES[category]}</code></td>"
        f"<td align=right>{AMERICAN.points(category)}</td>"
        f"<td align=right>{ENGLISH.points(category)}</td></tr>"
        for category in sorted(Category, reverse=True))
    return ("<table cellpadding=3><tr><th align=left>Hand</th><th align=left>For example</th>"
            f"<th>{AMERICAN.title}</th><th>{ENGLISH.title}</th></tr>{rows}</table>")


POKER_SQUARES_RULES = f"""
<h2>Poker Squares</h2>
<p>Also called Poker Solitaire. The hands are named as in Brian Harvey's
<i>Computer Science Logo Style</i>, volume 1, chapter 13 (<i>Planning</i>).</p>
<h3>Play</h3>
<p>Twenty-five cards come from a shuffled deck, one at a time: the next one
lies face up at the top left. Put each into an empty cell of the 5 &times; 5
grid; once placed it stays there. When the grid is full, each of the five rows
and five columns scores as a poker hand, and their sum is your score. There is
no winning or losing: try to beat your best score.</p>
<p>Beside each row and under each column is the hand it makes so far, with
its points; the score under the next card is their running total. While a line
is filling, only pairs, threes and fours count: a straight, a flush or a full
house needs all five cards.</p>
<h3>Placing a card</h3>
<ul>
<li>Drag the next card to an empty cell, or click the cell.</li>
<li>Arrow keys move the cursor (the blue outline); Space or Enter places the
card there.</li>
<li>Or type the cell: its column letter <b>a</b>&ndash;<b>e</b> (left to right),
then its row <b>1</b>&ndash;<b>5</b> (top to bottom). <b>c2</b> is the third cell
of the second row.</li>
</ul>
<p>Undo (Ctrl+Z or U) takes back a card; redo (Ctrl+Shift+Z, Ctrl+Y or Y)
puts it back.</p>
<h3>Scoring</h3>
<p>Choose American or English points under Game &rarr; Options; the choice
applies from the next game, and the best score is kept for each.</p>
{scoring_html()}
<p>An ace is high or low in a straight (A-2-3-4-5 and 10-J-Q-K-A), but a
straight does not turn the corner (K-A-2 is not one). English points rate a
straight above a flush: in Poker Squares a flush is the easier of the two.</p>
"""

POKER_SQUARES_NOTES = (
    "A cell is its column letter a-e (left to right) then its row 1-5 (top to "
    "bottom): c2 is the third cell of the second row.",
    "Mouse: drag the next card to a cell, or click an empty cell.",
    "Undo: Ctrl+Z or U.  Redo: Ctrl+Shift+Z, Ctrl+Y or Y.",
    "Scoring (American or English): Game > Options, from the next game.",
)


def _decorations(game: PokerSquares, keys: PokerSquaresKeys,
                 best_score: BestScore) -> PokerSquaresDecorations:
    return PokerSquaresDecorations(game, keys, best_score, grid_right_edge() + ROW_LABEL_GAP,
                                   ROW_LABEL_WIDTH)


TABLE: TableSpec[PokerSquares, PokerSquaresKeys] = TableSpec(
    pokersquares_table, POKER_SQUARES_RULES, POKER_SQUARES_NOTES, decorations=_decorations)
