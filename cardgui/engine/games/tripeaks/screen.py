"""TriPeaks in the terminal: the board as lines of text, the help, and the
notation's reader (one move a word; see ``notation``).

::

    TriPeaks, deal 5                         Score 0   Chain 0
          ##          ##          ##
        ##  ##      ##  ##      ##  ##
      ##  ##  ##  ##  ##  ##  ##  ##  ##
    7H  3D  7D  AH  9H  5C  10D AC  2H  7C

    Waste  8H    Stock  23 cards

A face-down card shows ``##``, a gone one nothing.  With colour on, red
cards are red.
"""

from __future__ import annotations

from ...cards import Card
from ...commands import Command
from ...terminal_plan import Reads, TerminalSpec
from .game import TriPeaks
from .notation import read_word as notation_word
from .position import STOCK, WASTE, column_of, rows_of_places

SLOT = 4                 # characters a card takes across
_RED = "\x1b[31m"
_PLAIN = "\x1b[0m"


def card_text(card: Card | None, colour: bool = False) -> str:
    """A card three characters wide (``10H``, ``8S ``); ``-- `` for none."""
    if card is None:
        return "-- "
    text = f"{card.name:<3}"
    if colour and card.is_red:
        return _RED + card.name + _PLAIN + " " * (3 - len(card.name))
    return text


def board_lines(game: TriPeaks, colour: bool = False) -> list[str]:
    """The whole board, one string per line, with no trailing spaces."""
    title = f"TriPeaks, deal {game.deal_number}"
    lines = [f"{title:<{SLOT * 10 - 2}}Score {game.score:,}   Chain {game.chain}"]
    for row in rows_of_places():
        line = ""
        for pile_id in row:
            pile = game.pile(pile_id)
            start = round(column_of(pile_id) * SLOT)
            line += " " * (start - len(_visible(line)))
            if not pile.cards:
                line += "   "
            elif pile.is_face_up(0):
                line += card_text(pile.cards[0], colour)
            else:
                line += "## "
        lines.append(line.rstrip())
    stock = game.pile(STOCK)
    lines.append("")
    lines.append(f"Waste  {card_text(game.pile(WASTE).top, colour)}   Stock  {len(stock)} "
                 f"card{'' if len(stock) == 1 else 's'}")
    return [line.rstrip() for line in lines]


def _visible(text: str) -> str:
    """``text`` without its colour codes, to measure it."""
    return text.replace(_RED, "").replace(_PLAIN, "")


def help_lines(game: TriPeaks) -> list[str]:
    """How to play in the terminal: the moves, one a word or a line (the
    loop adds the words every game reads: undo, redo, help, quit)."""
    touching = "king and ace touch" if game.wrap else "king and ace do not touch"
    return [
        "A free card of the peaks goes onto the waste when its rank is one above or",
        f"below the waste's top card, whatever the suits ({touching}).",
        "Type moves separated by spaces or new lines:",
        "  8S      play that card onto the waste (10h, th read the same)",
        "  deal    turn the stock's next card onto the waste (+); the stock goes once",
    ]


def read_word(game: TriPeaks, word: str) -> Command:
    """The command a word of the notation asks for (``8S``, ``deal``).

    Raises:
        ValueError: with a reason a player can read, for a word that is not a move.
    """
    return notation_word(game, word)


def help_pages(game: TriPeaks) -> list[list[str]]:
    return [help_lines(game)]


TERMINAL = TerminalSpec(board_lines, help_pages, Reads.WORDS, read_word)
