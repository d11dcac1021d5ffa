"""FreeCell's table: free cells and foundations along the top, eight columns
below; its rules page, panel notes and the autoplay option."""

from __future__ import annotations

from typing import Any

from ...game import Game
from ...table_plan import Fan, Spot, TableLayout, TableSpec
from .position import CELL_LETTERS, CELLS, COLUMNS, FOUNDATIONS


def freecell_table(game: Game[Any]) -> TableLayout:
    spots = {}
    for number, free_cell in enumerate(CELLS):
        spots[free_cell] = Spot(number, 0, marker="cell", label=CELL_LETTERS[number])
    for number, pile_id in enumerate(FOUNDATIONS):
        spots[pile_id] = Spot(4 + number, 0, marker="foundation")
    for number, column in enumerate(COLUMNS):
        spots[column] = Spot(number, 1, Fan.DOWN, marker="empty", label=str(column.index))
    return TableLayout(spots, columns=len(COLUMNS), rows=4.3)


FREECELL_RULES = """
<h2>FreeCell</h2>
<p>With Microsoft's numbered deals: deal 617 here is deal 617 in Windows,
FreeCell Pro, KPatience and PySolFC. Deals run from 1 to 8,589,934,591
(FreeCell Pro's extension of Microsoft's 1 to 2,147,483,647).</p>
<h3>The layout</h3>
<p>All 52 cards are dealt face up into eight columns. Along the top are four
<b>free cells</b> (a to d), each holding one card, and four <b>foundations</b>.</p>
<h3>Moves</h3>
<ul>
<li>A column's bottom card goes onto another column's bottom card of the
opposite colour and one rank higher, into an empty free cell, or onto its
foundation (an ace on an empty one, then up by suit).</li>
<li>Any card may go into an empty column.</li>
<li>A card in a free cell stays in that cell until it moves on to a column or
a foundation.</li>
<li>A run of cards in alternating colours moves as a unit when there are
enough free places to move it one card at a time: at most
(free cells + 1) &times; 2<sup>empty columns</sup> cards (an empty column
you are moving onto does not count).</li>
</ul>
<p>You win when all 52 cards are on the foundations.</p>
<h3>Playing safe cards up</h3>
<p>With <i>Game &rsaquo; Options &rsaquo; Play safe cards up automatically</i>
on, after each move any card that can no longer be needed goes up by itself:
aces and twos always, and any other card when both cards of the opposite colour
one rank lower are already up. This is part of the same move for Undo.</p>
<h3>Mouse and keys</h3>
<p>Drag a card or a run. Double-click a card to send it to its foundation, or
else to a free cell. Type a card's name (<b>8S</b>, <b>TD</b>, <b>10d</b>) to
play it where it can go; <b>M</b> moves it on to its next place; shifted column
numbers <b>! @ # $ % ^ &amp; *</b> move the longest run of that column.</p>
"""

FREECELL_NOTES = (
    "A card is a rank (A 2 3 4 5 6 7 8 9 10 J Q K, or T for 10) then a suit "
    "(H S D C): 8S, TD or 10d. It goes up when that is safe, else onto a column, "
    "else to a free cell.",
    "Undo: Ctrl+Z or U.  Redo: Ctrl+Shift+Z, Ctrl+Y or Y.",
)

TABLE: TableSpec[Game[Any], Any] = TableSpec(freecell_table, FREECELL_RULES, FREECELL_NOTES)
