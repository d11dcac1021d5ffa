"""Klondike in a terminal: the book's solitaire screen, drawn as lines of
text, read a keystroke at a time.

Tops across the top, the stacks below with the number of face-down cards
above each (the chapter's reader asked for the count instead of a dash), the
hand's count and the pile's card at the bottom.  As in the book, red cards
print plainly and black ones in reverse video ("standout"); with colour on,
red cards are also red.
"""

from __future__ import annotations

from ...cards import SUITS
from ...keyboard import KeyTable
from ...piles import Role
from ...terminal_plan import TerminalSpec, card_text
from .game import Klondike
from .keys import klondike_key_table
from .position import HAND, PILE, top_of

COLUMN = 5


def board_lines(game: Klondike, colour: bool = False) -> list[str]:
    """The whole board, one string per screen line."""
    lines = [f"Solitaire, deal {game.deal_number}", ""]
    tops = "   ".join(f"{suit.letter}: {card_text(game.pile(top_of(suit)).top, colour)}"
                      for suit in SUITS)
    lines += ["Top  " + tops, ""]
    stacks = [game.pile(stack) for stack in game.pile_ids(Role.TABLEAU)]
    lines.append("".join(f"{number:>3}  " for number in range(1, len(stacks) + 1)).rstrip())
    lines.append("".join(f"[{pile.hidden}]  " if pile.hidden else " " * COLUMN
                         for pile in stacks).rstrip())
    depth = max((len(pile.shown) for pile in stacks), default=0)
    for row in range(depth):
        cells = [(" " + card_text(pile.shown[row], colour) + " ") if row < len(pile.shown)
                 else " " * COLUMN for pile in stacks]
        lines.append("".join(cells).rstrip())
    lines.append("")
    hand = game.pile(HAND)
    passes = game.passes if game.pass_limit is None else f"{game.passes} of {game.pass_limit}"
    score = "" if game.score is None else f"   Score {dict(game.status_items())['Score']}"
    lines.append(f"Hand: {len(hand):<3} Pile: {card_text(game.pile(PILE).top, colour)}"
                 f"   Pass {passes}   Moves {game.moves_made}{score}")
    return lines


def help_pages(game: Klondike) -> list[list[str]]:
    """The book's instructions, one page, and this variant's rules."""
    note = game.rules_note()
    return [help_lines(klondike_key_table(game.draw)) + (["", note] if note else [])]


def help_lines(table: KeyTable) -> list[str]:
    """The book's instructions, generated from the key table."""
    return (["Welcome to solitaire", "", "Here are the commands you can type:"]
            + ["    " + line for line in table.help_lines()]
            + ["",
               "A card consists of a rank:",
               "   A 2 3 4 5 6 7 8 9 10 J Q K  or T for 10",
               "followed by a suit:",
               "   H S D C",
               "or followed by . to play all possible suits up",
               "",
               "If you make a mistake, hit delete or backspace.",
               "",
               "To move an entire stack,",
               "   hit the shifted stack number:",
               "     ! @ # $ % ^ & for stacks",
               "     1 2 3 4 5 6 7"])


TERMINAL = TerminalSpec(board_lines, help_pages)
