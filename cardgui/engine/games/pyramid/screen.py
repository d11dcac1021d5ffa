"""Pyramid in the terminal: the board as lines of text, the help, and the
notation's reader (one move a word; see ``notation``).

::

    Pyramid, deal 5                        Score 0   Pass 1 of 3
                            QS
                          4H  5C
                        ...
    KD  JC  2H  10S  ...

    Stock  8D (23 in all)   Waste  --   Discard  --

A gone card leaves ``..``; the stock shows its top card, which is free.
With colour on, red cards are red and covered cards dim.
"""

from __future__ import annotations

from ...cards import Card
from ...commands import Command
from ...terminal_plan import Reads, TerminalSpec
from .game import Pyramid
from .notation import read_word as notation_word
from .position import DISCARD, ROWS, STOCK, WASTE, place

SLOT = 4                 # characters a card takes in a row
_RED = "\x1b[31m"
_DIM = "\x1b[2m"
_PLAIN = "\x1b[0m"


def card_text(card: Card | None, colour: bool = False, free: bool = True) -> str:
    """A card three characters wide (``10H``, ``8S ``); ``.. `` for none."""
    if card is None:
        return ".. "
    text = f"{card.name:<3}"
    if not colour:
        return text
    style = (_RED if card.is_red else "") + ("" if free else _DIM)
    return style + card.name + _PLAIN + " " * (3 - len(card.name)) if style else text


def board_lines(game: Pyramid, colour: bool = False) -> list[str]:
    """The whole board, one string per line, with no trailing spaces."""
    limit = "no limit" if game.pass_limit is None else str(game.pass_limit)
    title = f"Pyramid, deal {game.deal_number}"
    lines = [f"{title:<{SLOT * ROWS}}  Score {game.score}   Pass {game.pass_number} of {limit}"]
    for row in range(1, ROWS + 1):
        cells = []
        for number in range(1, row + 1):
            pile_id = place(row, number)
            card = game.pile(pile_id).top
            cells.append(card_text(card, colour, free=game.free_card(pile_id) is not None))
        indent = " " * ((ROWS - row) * SLOT // 2)
        lines.append((indent + " ".join(cells)).rstrip())
    stock, waste, gone = game.pile(STOCK), game.pile(WASTE), game.pile(DISCARD)
    lines.append("")
    lines.append(f"Stock  {card_text(stock.top, colour)}({len(stock)} in all)   "
                 f"Waste  {card_text(waste.top, colour)}({len(waste)})   "
                 f"Discard  {len(gone)} cards")
    chosen = game.chosen
    if chosen is not None:
        lines.append(f"Chosen: {game.free_card(chosen)}")
    return [line.rstrip() for line in lines]


def help_lines(game: Pyramid) -> list[str]:
    """How to play in the terminal: the moves, one a word or a line (the
    loop adds the words every game reads: undo, redo, help, quit)."""
    return [
        "Pairs of free cards whose ranks make 13 go off (A 1, J 11, Q 12); a king alone.",
        "Type moves separated by spaces or new lines:",
        "  8S+5H   the two free cards go off together (10h+3c, th+3c read the same)",
        "  KS      a free king goes off alone",
        "  deal    turn the stock's top card onto the waste, or turn the waste over (+)",
        "Free: a pyramid card no card covers, and the stock's and the waste's top cards.",
    ]


def read_word(game: Pyramid, word: str) -> Command:
    """The command a word of the notation asks for (``8S+5H``, ``KS``, ``deal``).

    Raises:
        ValueError: with a reason a player can read, for a word that is not a move.
    """
    return notation_word(game, word)


def help_pages(game: Pyramid) -> list[list[str]]:
    return [help_lines(game)]


TERMINAL = TerminalSpec(board_lines, help_pages, Reads.WORDS, read_word)
