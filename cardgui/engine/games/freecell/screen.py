"""FreeCell in a terminal: the board as lines of text, moves read in
standard notation a word at a time.

Free cells (named ``a``-``d``, as standard notation names them) and the
foundations along the top, the eight numbered columns below, each read top
of the screen (bottom of the column) downwards::

    FreeCell, deal 1                               Moves 0
      a   b   c   d          foundations
     --  --  --  --          --  --  --  --

      1   2   3   4   5   6   7   8
     JD  2D  9H  JC  5D  7H  7C  5H
     ...
"""

from __future__ import annotations

from ...cards import Card
from ...terminal_plan import Reads, TerminalSpec
from .game import FreeCell
from .notation import standard_command
from .position import CELL_LETTERS, CELLS, COLUMNS, FOUNDATIONS

SLOT = 4
_RED = "\x1b[31m"
_PLAIN = "\x1b[0m"
_GAP = " " * 9


def card_text(card: Card | None, colour: bool = False) -> str:
    """A card in a four-column slot, right-aligned (``" 10H"``); ``--`` for none."""
    if card is None:
        return "  --"
    text = f"{card.name:>{SLOT}}"
    if colour and card.is_red:
        return text.replace(card.name, _RED + card.name + _PLAIN)
    return text


def board_lines(game: FreeCell, colour: bool = False) -> list[str]:
    """The whole board, one string per line, with no trailing spaces, and
    while play goes on what a move may carry."""
    title = f"FreeCell, deal {game.deal_number}"
    lines = [f"{title:<{SLOT * 8 + 15}}Moves {game.moves_made}"]
    lines.append("".join(f"{letter:>{SLOT}}" for letter in CELL_LETTERS) + _GAP + " foundations")
    lines.append("".join(card_text(game.pile(pile_id).top, colour) for pile_id in CELLS)
                 + _GAP + "".join(card_text(game.pile(pile_id).top, colour)
                                  for pile_id in FOUNDATIONS))
    lines.append("")
    lines.append("".join(f"{number:>{SLOT}}" for number in range(1, len(COLUMNS) + 1)))
    columns = [game.pile(pile_id).cards for pile_id in COLUMNS]
    for row in range(max(1, max(len(cards) for cards in columns))):
        lines.append("".join(card_text(cards[row], colour) if row < len(cards)
                             else ("  --" if row == 0 else " " * SLOT)
                             for cards in columns).rstrip())
    if not game.is_over:
        lines += ["", status_line(game)]
    return [line.rstrip() for line in lines]


def status_line(game: FreeCell) -> str:
    """What a move may carry now."""
    cells, empties, limit = game.free_cells, game.empty_columns(), game.run_limit()
    return (f"{cells} free cell{_s(cells)}, {empties} empty column{_s(empties)}: "
            f"a move may carry {limit} card{_s(limit)} onto a column.")


def _s(count: int) -> str:
    return "" if count == 1 else "s"


HELP_LINES = [
    "Type moves in standard notation, separated by spaces or new lines:",
    "  a source, 1-8 (a column) or a-d (a free cell),",
    "  then a destination, 1-8, a-d or h (the foundations): 58  3a  bh",
    "  a move onto a column with cards takes the run that fits there;",
    "  onto an empty column it takes one card, or add v and the number",
    "  of cards in hexadecimal: 27v4.",
]


def help_pages(game: FreeCell) -> list[list[str]]:
    return [list(HELP_LINES)]


TERMINAL = TerminalSpec(board_lines, help_pages, Reads.WORDS, standard_command)
