"""The Poker Squares grid, drawn as lines of text.

Column letters across the top, row numbers down the side, each row's hand
and points beside it, each column's hand and points listed below, then the
running total, the next card and how many are left.  A line with no cards
yet shows no hand.  With colour on, red cards are red and black ones in
reverse video, as on the Klondike screen.
"""

from __future__ import annotations

from ..engine.games.pokersquares.game import Line, PokerSquares
from ..engine.games.pokersquares.position import COLUMN_LETTERS
from ..engine.keyboard import KeyTable
from .klondike_screen import card_text

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
    lines.append("")
    card = game.next_card
    if card is None:
        lines.append(f"The grid is full: final score {game.score}.")
    else:
        lines.append(f"Score {game.score}   Next {card_text(card, colour).rstrip()}"
                     f"   Cards left {game.cards_left}")
    return lines


def help_lines(table: KeyTable, actions: frozenset[str]) -> list[str]:
    """The commands the terminal reads, generated from the game's key table
    (only the bindings whose actions are in ``actions``)."""
    return (["Poker Squares: put each card into an empty cell of the grid.",
             "Rows and columns score as poker hands.", "",
             "Type cells or commands, separated by spaces, then Enter:"]
            + ["    " + f"{binding.label:<8} {binding.summary}"
               for binding in table.visible() if binding.action in actions])
