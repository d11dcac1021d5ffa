"""Spider's table: the stock at the top left and the eight foundations along
the top right (as AisleRiot lays Spider out), the ten columns below; its
rules page and its notes for the command panel.

The stock and the completed runs sit above the columns, not below them as
in Windows and KPatience, because the window squeezes a long column's fan to
end at the bottom of the table: anything below the columns would be covered.
"""

from __future__ import annotations

from typing import Any

from ...table_plan import Fan, Spot, TableLayout, TableSpec
from .game import Spider
from .position import COLUMNS, FOUNDATIONS, STOCK

ROWS = 5.6
"""Card heights the table asks for: the top row, and below it room for a
column of about thirty cards at the fan's ordinary tightest; a longer one
(Spider's may grow past fifty) is squeezed further by the window, never off
the table (``tests/gui/test_spider_window.py`` checks a 54-card column at the
smallest size).  Ten columns then make the cards as wide as the table allows,
as in KPatience, not small for the sake of a column that seldom comes."""


def spider_table(game: Spider) -> TableLayout:
    """The stock at the top left, the foundations from the third slot on,
    the columns below, numbered 1 to 10."""
    # Plain outlines: an empty stock does not turn over, and a foundation
    # takes a whole run by itself, never a card dropped on it.
    spots = {STOCK: Spot(0, 0, marker="empty", badge=True)}
    for number, pile_id in enumerate(FOUNDATIONS):
        spots[pile_id] = Spot(2 + number, 0, marker="empty")
    for number, column in enumerate(COLUMNS):
        spots[column] = Spot(number, 1, Fan.DOWN, marker="empty", label=str(column.index))
    return TableLayout(spots, columns=len(COLUMNS), rows=ROWS)


SPIDER_RULES = """
<h2>Spider</h2>
<p>With KPatience's numbered deals: deal 5 with four suits here is deal 5 of
KPatience's Spider with four suits. Play with one suit (all spades, the
easiest), two (hearts and spades) or four: <i>Game &rsaquo; Options</i>, from
the next game on.</p>
<h3>The layout</h3>
<p>Two packs, 104 cards. Ten <b>columns</b>: six cards in each of the first
four and five in the others, only the top card face up. The other 50 are
the <b>stock</b>, at the top left. The eight places along the top take the
runs you complete.</p>
<h3>Moves</h3>
<ul>
<li>A <b>run</b> is a card with cards of its own suit on it, each one rank
lower (9&spades; 8&spades; 7&spades;). A run, or the top part of one, moves as a
whole onto a card one rank higher than its bottom card, of any suit, or onto
an empty column. A single card is a run of one: it moves from the top of its
column.</li>
<li>When a column's face-down card is left on top, it turns face up.</li>
<li>Click the stock to <b>deal</b> a row: one card face up onto every column.
You may deal only when no column is empty.</li>
<li>A run of thirteen cards of one suit, king down to ace, goes off to the top
by itself. You win when all eight are off.</li>
</ul>
<h3>Score</h3>
<p>As in Windows: 500 to start, one point less for every move (a deal is
one), 100 more for every run that goes off. Undo takes a move back, its point
included.</p>
<h3>Mouse and keys</h3>
<p>Drag a card with the run on it. Double-click a card, or type its name
(<b>8S</b>, <b>TH</b>, <b>10h</b>), to send it with its run to its best place:
onto a card one higher of its own suit, else of another suit, else an empty
column. With several copies of a card, the one with the best place moves (on a
tie, the leftmost). <b>+</b> deals; shifted column numbers <b>! @ # $ % ^ &amp;
* ( )</b> move the longest part of that column's run that another column
takes.</p>
"""

SPIDER_NOTES = (
    "A card is a rank (A 2 3 4 5 6 7 8 9 10 J Q K, or T for 10) then a suit "
    "(S H D C): 8S, TH or 10h. It moves with the run on it, onto a card one "
    "higher of its own suit if it can.",
    "Undo: Ctrl+Z or U.  Redo: Ctrl+Shift+Z, Ctrl+Y or Y.",
)

TABLE: TableSpec[Any, Any] = TableSpec(spider_table, SPIDER_RULES, SPIDER_NOTES)
