"""Pyramid's table: the pyramid in the middle, each row lying half over the
one above it; the stock and the waste at the top left, the discard pile at
the top right (as Microsoft's); its rules page and panel notes."""

from __future__ import annotations

from typing import Any

from ...table_plan import Spot, TableLayout, TableSpec
from .game import Pyramid
from .position import DISCARD, ROWS, STOCK, WASTE, place

ROW_STEP = 0.5 / 1.22     # half a card height, in the layout's rows (a card and its gap)
HEIGHT = (ROWS - 1) * 0.5 + 1     # the pyramid's height in card heights


def pyramid_table(game: Pyramid) -> TableLayout:
    """Each card of the pyramid still there on a spot of its own, half a
    card right of and half a card below the one it covers, lying over it;
    places already cleared have no spot, so nothing marks them."""
    spots = {STOCK: Spot(0, 0, marker="redeal", badge=True),
             WASTE: Spot(1, 0, marker="empty"),
             DISCARD: Spot(ROWS - 1, 0, marker="empty")}
    for row in range(1, ROWS + 1):
        for number in range(1, row + 1):
            pile_id = place(row, number)
            if game.piles[pile_id].cards:
                spots[pile_id] = Spot((ROWS - row) / 2 + number - 1, (row - 1) * ROW_STEP,
                                      z=row)
    return TableLayout(spots, columns=ROWS, rows=HEIGHT - 0.12)


PYRAMID_RULES = """
<h2>Pyramid</h2>
<p>As Microsoft Solitaire Collection plays it.</p>
<h3>The layout</h3>
<p>Twenty-eight cards lie face up in a pyramid of seven rows; each card is
covered by the two below it. The other 24 cards are the <b>stock</b>, at the
top left, face down but for its top card. The <b>waste</b> is beside it, the
<b>discard pile</b> at the top right.</p>
<h3>Play</h3>
<ul>
<li>A card is <b>free</b> when no card of the pyramid covers it; the stock's
and the waste's top cards are free too.</li>
<li>Two free cards whose ranks add up to 13 go off together: ace and queen,
2 and jack, 3 and 10, 4 and 9, 5 and 8, 6 and 7. A king goes off alone.</li>
<li>Click the stock to turn its top card onto the waste. When the stock is
empty, a click turns the waste over to make it again: three passes through
the stock in all (Game &rsaquo; Options changes this for the next game).</li>
</ul>
<p>You win when the pyramid is cleared, whatever is left in the stock and
the waste.</p>
<h3>Score</h3>
<p>5 points for each pair or king that goes off; for each row cleared, from
the bottom up, 25, 50, 75, 100, 150, 250 and 500 points (1,290 at most).</p>
<h3>Mouse and keys</h3>
<p>Drag a free card onto another that makes 13 with it, or a king onto the
discard pile. Or click one card and then the other (the status bar says which
card is chosen; click it again to let go); click a king, or double-click a
card to pair it with the first free card that makes 13 with it. To pair the
stock's top card, choose its partner first and then click the stock. Type a
card's name (<b>8S</b>, <b>TD</b>, <b>10d</b>) to choose it, and the next to
pair them; <b>+</b> turns the stock.</p>
"""

PYRAMID_NOTES = (
    "A card is a rank (A 2 3 4 5 6 7 8 9 10 J Q K, or T for 10) then a suit "
    "(H S D C): 8S, TD or 10d. Type two that make 13 to pair them off.",
    "Undo: Ctrl+Z or U.  Redo: Ctrl+Shift+Z, Ctrl+Y or Y.",
)

TABLE: TableSpec[Pyramid, Any] = TableSpec(pyramid_table, PYRAMID_RULES, PYRAMID_NOTES)
