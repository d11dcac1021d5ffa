"""Poker Squares in a terminal: the grid drawn as lines of text, cells read
a word at a time.

Column letters across the top, row numbers down the side, each row's hand
and points beside it, each column's hand and points listed below, then the
running total, the next card and how many are left.  A line with no cards
yet shows no hand.  With colour on, red cards are red and black ones in
reverse video, as on the Klondike screen.
"""

from __future__ import annotations

from ...commands import Command
from ...terminal_plan import Reads, TerminalSpec, card_text
from .game import Line, PokerSquares
from .position import COLUMN_LETTERS, cell_name, parse_cell

HAND_WIDTH = 31          # room for the longest name, "full house (threes and queens)"


def _hand_text(line: Line) -> str:
    """A line's hand and points, or nothing while it has no cards."""
    if all(card is None for card in line.cards):
        return ""
    return f"{line.name:<{HAND_WIDTH}} {line.points:>3}"


def grid_lines(game: PokerSquares, colour: bool = False) -> list[str]:
    """The whole table, one string per screen line."""
    lines = [f"Poker Squares, deal {game.deal_number}, {game.scoring.title} scoring", ""]
    lines.append(("     " + "".join(f"{letter:<5}" for letter in COLUMN_LETTERS)).rstrip())
    for number, row in enumerate(game.rows(), 1):
        cells = "".join(card_text(card, colour) + "  " for card in row.cards)
        lines.append(f"{number:>2}   {cells}  {_hand_text(row)}".rstrip())
    lines += ["", "Columns:"]
    for letter, column in zip(COLUMN_LETTERS, game.columns()):
        lines.append(f"  {letter}  {_hand_text(column)}".rstrip())
    card = game.next_card
    if card is not None:
        lines += ["", f"Score {game.score}   Next {card_text(card, colour).rstrip()}"
                      f"   Cards left {game.cards_left}"]
    return lines


def help_pages(game: PokerSquares) -> list[list[str]]:
    return [["Poker Squares: put each card into an empty cell of the grid.",
             "Rows and columns score as poker hands.", "",
             "Type cells, separated by spaces, then Enter:",
             "    a1 \u2026 e5  Place the next card in that cell: column a-e (left to right),",
             "             then row 1-5 (top to bottom)"]]


def read_cell(game: PokerSquares, word: str) -> Command:
    """The command a cell's name asks for: place the next card there.

    Raises:
        IllegalMove: if the word names no cell.
    """
    return Command("place", (cell_name(parse_cell(word)),))


def final_words(game: PokerSquares) -> str:
    """How the game stands once the grid is full."""
    return f"The grid is full: final score {game.score}." if game.is_over else ""


TERMINAL = TerminalSpec(grid_lines, help_pages, Reads.WORDS, read_cell, ending=final_words)
