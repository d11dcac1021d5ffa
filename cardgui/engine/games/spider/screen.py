"""Spider in a terminal: the board as lines of text, the help, and the
words a player types, one move a word (``notation.py``)::

    Spider, 4 suits, deal 5                        Score 500  Moves 0
    Stock: 5 deals left   Off: 0 of 8

       1   2   3   4   5   6   7   8   9  10
      ##  ##  ##  ##  ##  ##  ##  ##  ##  ##
      ...
      JC  9C  8S  KH 10C  8D  QS  QH  5C  6D

Each column reads down the screen from its bottom card; ``##`` is a card
face down.
"""

from __future__ import annotations

from ...cards import Card
from ...commands import Command
from ...moves import Deal
from ...terminal_plan import Reads, TerminalSpec
from .game import Spider
from .notation import DEAL_WORD, parse_step
from .position import COLUMNS, FOUNDATIONS

SLOT = 4
FACE_DOWN = "##"
_RED = "\x1b[31m"
_PLAIN = "\x1b[0m"


def card_text(card: Card | None, face_up: bool = True, colour: bool = False) -> str:
    """A card in a four-column slot, right-aligned (``" 10H"``); ``##`` face down."""
    if card is None:
        return " " * SLOT
    if not face_up:
        return f"{FACE_DOWN:>{SLOT}}"
    text = f"{card.name:>{SLOT}}"
    if colour and card.is_red:
        return text.replace(card.name, _RED + card.name + _PLAIN)
    return text


def board_lines(game: Spider, colour: bool = False) -> list[str]:
    """The whole board, one string per line, with no trailing spaces."""
    title = f"Spider, {game.variant}, deal {game.deal_number}"
    figures = f"Score {game.score}  Moves {game.moves_made}"
    left = game.deals_left
    off = [game.pile(pile_id).cards[0].suit.letter for pile_id in FOUNDATIONS
           if game.pile(pile_id).cards]
    lines = [f"{title:<{SLOT * 10 - len(figures) + 2}}  {figures}",
             f"Stock: {left} deal{'' if left == 1 else 's'} left   "
             f"Off: {game.runs_off} of {len(FOUNDATIONS)}" + (f" ({' '.join(off)})" if off else ""),
             "",
             "".join(f"{column.index:>{SLOT}}" for column in COLUMNS)]
    piles = [game.pile(column) for column in COLUMNS]
    for row in range(max(1, max(len(pile) for pile in piles))):
        lines.append("".join(
            card_text(pile.cards[row], pile.is_face_up(row), colour) if row < len(pile)
            else (f"{'--':>{SLOT}}" if row == 0 else " " * SLOT) for pile in piles))
    return [line.rstrip() for line in lines]


HELP_LINES = [
    "Type one move a word, separated by spaces or new lines:",
    "  the column to move from, then the column to move to, 1-9 and 0 for 10:",
    "  37 moves column 3's run onto column 7 (the part that fits there, or onto",
    "  an empty column all of it); 37x2 moves only the top two cards.",
    "  A run is cards of one suit, each one rank lower; it goes onto a card one",
    "  rank higher of any suit, or onto an empty column.",
    f"  {DEAL_WORD}: deal a row of ten cards (no column may be empty).",
    "A king-to-ace run of one suit goes off by itself; all eight off wins.",
]


def help_pages(game: Spider) -> list[list[str]]:
    """How to play in the terminal: the words it reads (the loop adds the
    words every game reads: undo, redo, help, quit)."""
    return [list(HELP_LINES)]


def read_word(game: Spider, word: str) -> Command:
    """The command a typed word asks for: a move (``37``, ``37x2``) or
    ``d`` to deal.

    Raises:
        ValueError: with a reason for the player, if the word is neither,
            or a move names an empty column or takes more cards than its
            column holds.
    """
    step = parse_step(game, word.strip().lower())
    if isinstance(step, Deal):
        return Command("deal")
    pile = game.pile(step.source)
    if step.count > len(pile):
        raise ValueError(f"Column {step.source.index} holds {len(pile)} "
                         f"card{'' if len(pile) == 1 else 's'}, not {step.count}.")
    return Command("move", (str(step.source), len(pile) - step.count, str(step.target)))


TERMINAL = TerminalSpec(board_lines, help_pages, Reads.WORDS, read_word)
