"""Klondike's table: where its piles sit, its rules page and panel notes."""

from __future__ import annotations

from typing import Any

from ...cards import SUITS
from ...game import Game
from ...piles import Role
from ...table_plan import Fan, Spot, TableLayout, TableSpec
from .position import HAND, PILE, top_of


def klondike_table(game: Game[Any]) -> TableLayout:
    """The hand and the pile at the top left, the four tops at the top right,
    the stacks below (seven, or up to ten with the hidden command)."""
    stacks = game.pile_ids(Role.TABLEAU)
    columns = max(7, len(stacks))
    spots = {HAND: Spot(0, 0, marker="redeal"),
             PILE: Spot(1, 0, Fan.RIGHT, marker="empty", fan_last=3)}
    for number, suit in enumerate(SUITS):
        spots[top_of(suit)] = Spot(columns - 4 + number, 0, marker=f"foundation-{suit.letter}")
    for number, stack in enumerate(stacks):
        spots[stack] = Spot(number, 1, Fan.DOWN, marker="empty-K", badge=True,
                            label=str(stack.index))
    return TableLayout(spots, columns=columns, rows=3.9)

KLONDIKE_RULES = """
<h2>Klondike, as Brian Harvey's program plays it</h2>
<p>From <i>Computer Science Logo Style</i>, volume 2, chapter 4.</p>
<h3>The layout</h3>
<p>Seven stacks: the first has one card face up, each next one has one more
face-down card beneath its face-up card. The other 24 cards are the
<b>hand</b>, face down at the top left; cards are dealt from it onto the
<b>pile</b> beside it. The four piles at the top right are <b>the top</b>,
one for each suit.</p>
<h3>Moves</h3>
<ul>
<li>Deal three cards from the hand onto the pile (fewer if fewer are left).
With the hand empty, the pile turns over to become the hand again, in its
original order. There is no limit to the passes.</li>
<li>The pile's top card or a stack's uncovered card goes to the top if it is
an ace, or the next rank of its suit.</li>
<li>The pile's top card or any face-up stack card, with the cards on it, goes
onto a stack whose uncovered card is of the opposite colour and one rank
higher. Only a king (with the cards on it) goes onto an empty stack.</li>
<li>When a stack's face-up cards are gone, its top face-down card turns up.
The number on a stack's face-down cards counts them; the number above each
stack is the stack's own, for the shifted-number keys.</li>
</ul>
<p>You win when all 52 cards are on the top. When no card can ever move again,
the game says so.</p>
<h3>Where a card goes by itself</h3>
<p>Double-click a card, or type its name, and the program finds its place as
the book's does: straight to the top when that is possible and <i>safe</i>
(aces and twos always; any other card when every card two ranks lower is
already up); otherwise the first stack, counting from the left, that takes
it, and the top last. <b>M</b> moves the same card on to the next place.</p>
<h3>Mouse</h3>
<p>Drag a face-up card (the cards on it come along) and drop it on a pile.
Click the hand to deal. Double-click a card to play it.</p>
"""

KLONDIKE_NOTES = (
    "A card is a rank (A 2 3 4 5 6 7 8 9 10 J Q K, or T for 10) then a suit "
    "(H S D C), like 8S or 10H. A rank then . plays every suit of it up.",
    "Undo: Ctrl+Z or U.  Redo: Ctrl+Shift+Z, Ctrl+Y or Y.",
)

TABLE: TableSpec[Game[Any], Any] = TableSpec(klondike_table, KLONDIKE_RULES, KLONDIKE_NOTES)
