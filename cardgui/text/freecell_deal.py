"""``cardgui deal freecell N``: print Microsoft FreeCell deal N as the Rosetta
Code task lays it out.

Seven rows of eight cards in dealing order (the eighth row holds four),
single spaces between cards, ``T`` for ten::

    JD 2D 9H JC 5D 7H 7C 5H
    KD KC 9S 5S AD QC KH 3H
    ...
    6S 9C 2H 6H

Reading down a column gives that column of the deal, bottom to top.
"""

from __future__ import annotations

import re
from typing import IO, Sequence

from ..engine.cards import Card
from ..engine.deals import MICROSOFT_MAX_DEAL, microsoft_deal

ROW_LENGTH = 8
USAGE = f"usage: cardgui deal freecell N   (N a whole number from 1 to {MICROSOFT_MAX_DEAL})"


def deal_rows(cards: Sequence[Card]) -> list[str]:
    """The cards in dealing order, eight to a row, as the Rosetta task prints them."""
    return [" ".join(card.short_name for card in cards[start:start + ROW_LENGTH])
            for start in range(0, len(cards), ROW_LENGTH)]


def parse_deal_number(text: str) -> int:
    """The deal number written as ``text``: ASCII digits only, 1 to 2^33-1.

    Raises:
        ValueError: saying what is wrong with it.
    """
    if not re.fullmatch(r"[0-9]+", text):
        raise ValueError(f"{text!r} is not a deal number: give a whole number "
                         f"from 1 to {MICROSOFT_MAX_DEAL}")
    number = int(text)
    if not 1 <= number <= MICROSOFT_MAX_DEAL:
        raise ValueError(f"deal {number} does not exist: FreeCell deals run "
                         f"from 1 to {MICROSOFT_MAX_DEAL}")
    return number


def main(args: list[str], stdout: IO[str], stderr: IO[str]) -> int:
    """Print the deal named by ``args`` (exactly one number); returns the exit
    status: 0, or 2 with a message on ``stderr`` for anything else."""
    if len(args) != 1:
        problem = "no deal number given" if not args else \
            "give one deal number, not " + " ".join(args)
        stderr.write(f"cardgui deal freecell: {problem}\n{USAGE}\n")
        return 2
    try:
        number = parse_deal_number(args[0])
    except ValueError as error:
        stderr.write(f"cardgui deal freecell: {error}\n{USAGE}\n")
        return 2
    stdout.write("\n".join(deal_rows(microsoft_deal(number))) + "\n")
    return 0
