"""TriPeaks' table: the three peaks across the top, each row lying half over
the one above it; the stock and the waste below them, in the middle (as
Microsoft's); its rules page and panel notes."""

from __future__ import annotations

from typing import Any

from ...table_plan import Spot, TableLayout, TableSpec
from .game import TriPeaks
from .position import PLACES, STOCK, WASTE, column_of, row_of

ROW_STEP = 0.5 / 1.22          # half a card height, in the layout's rows
PEAKS_HEIGHT = 3 * 0.5 + 1     # in card heights
BELOW = (PEAKS_HEIGHT + 0.25) / 1.22     # the stock's row, a little under the peaks
WIDTH = 10


def tripeaks_table(game: TriPeaks) -> TableLayout:
    """Each card of the peaks still there on a spot of its own, lying over
    the card it covers; places already cleared have no spot."""
    spots = {STOCK: Spot(WIDTH / 2 - 1, BELOW, marker="empty", badge=True),
             WASTE: Spot(WIDTH / 2, BELOW, marker="empty")}
    for pile_id in PLACES:
        if game.piles[pile_id].cards:
            row = row_of(pile_id)
            spots[pile_id] = Spot(column_of(pile_id), (row - 1) * ROW_STEP, z=row)
    return TableLayout(spots, columns=WIDTH, rows=PEAKS_HEIGHT + 0.25 + 1 - 0.12)


TRIPEAKS_RULES = """
<h2>TriPeaks</h2>
<p>As Microsoft Solitaire Collection plays it.</p>
<h3>The layout</h3>
<p>Twenty-eight cards make three peaks of four rows that share their bottom
row: the bottom row of ten lies face up, the 18 cards above it face down.
One card starts the <b>waste</b>; the other 23 are the <b>stock</b>.</p>
<h3>Play</h3>
<ul>
<li>A card of the peaks that no card covers turns face up.</li>
<li>A face-up card goes onto the waste when its rank is one above or one below
the waste's top card, whatever the suits. King and ace are next to each other
(Game &rsaquo; Options can part them, from the next game).</li>
<li>Click the stock to turn its next card onto the waste. The stock goes
through once.</li>
</ul>
<p>You win when the three peaks are cleared, whatever is left in the stock.</p>
<h3>Score</h3>
<p>A card played from the peaks scores 100, and each next card of the same
<b>chain</b> 200 more (100, 300, 500, ...); turning a card from the stock
ends the chain. Clearing a peak scores 500 for the first, 1,000 for the
second and 5,000 for the third.</p>
<h3>Mouse and keys</h3>
<p>Click a face-up card to play it, or drag it onto the waste. Type a card's
name (<b>8S</b>, <b>TD</b>, <b>10d</b>) to play it; <b>+</b> turns the
stock.</p>
"""

TRIPEAKS_NOTES = (
    "A card is a rank (A 2 3 4 5 6 7 8 9 10 J Q K, or T for 10) then a suit "
    "(H S D C): 8S, TD or 10d. It goes onto the waste.",
    "Undo: Ctrl+Z or U.  Redo: Ctrl+Shift+Z, Ctrl+Y or Y.",
)

TABLE: TableSpec[TriPeaks, Any] = TableSpec(tripeaks_table, TRIPEAKS_RULES, TRIPEAKS_NOTES)
