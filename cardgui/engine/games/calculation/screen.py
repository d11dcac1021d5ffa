"""Calculation in a terminal: Becker's display, her options and help, her
requests read a line at a time.

The display follows her sample: the four foundation sequences, the score, the
hand card above the foundation numbers, the foundations' top cards, how many
cards are left, and every card of the four waste piles, each pile a column
under its number.  Cards are written as everywhere in the suite (``10H``,
``5D``) rather than suit first as her program wrote them (``HT``, ``D5``).
"""

from __future__ import annotations

from typing import Sequence

from ...cards import rank_name
from ...piles import foundation
from ...terminal_plan import Reads, TerminalSpec
from .game import Calculation
from .position import FOUNDATIONS, HAND, SEQUENCES, WASTE_PILES, waste_pile
from .requests import read_request

MARGIN = 16
COLUMN = 4

OPTIONS = ["Options:",
           "P: play new game",
           "M: move <s> <s#> <d> <d#>",
           "D: deal",
           "H: help",
           "Q: quit"]
PROMPT = "Request: "

# Her help text, two screens, mended where it is wrong for this program: the
# starting cards are taken out before the shuffle (her own hint), suit, not
# rank, is unimportant, d turns up one card (not three), the F3 line ended
# "T.K", and the numbers name waste piles or foundations.
HELP_PAGES: tuple[tuple[str, ...], ...] = ((
    "CALCULATION SOLITAIRE",
    "This variation of Solitaire is a relatively simple one.",
    "Layout - The first card for each foundation is taken",
    "out and the rest, the hand, is shuffled.",
    "Initial foundation cards are as follows:",
    "F1: Ace, F2: 2, F3: 3, F4: 4",
    "Suit is unimportant in this game.",
    "Foundations - As they become available, move cards to the",
    "foundations in the following order:",
    "F1: 2,3,4,5,6,7,8,9,T,J,Q,K",
    "F2: 4,6,8,T,Q,A,3,5,7,9,J,K",
    "F3: 6,9,Q,2,5,8,J,A,4,7,T,K",
    "F4: 8,Q,3,7,J,2,6,T,A,5,9,K",
    "Suit is unimportant",
), (
    "Play - Wastepiles can be used as temporary locations for cards",
    "but once placed on a wastepile, a card can ONLY be moved",
    "to a foundation.",
    "Cards can only be moved one at a time.",
    "Empty Wastepiles can only be filled from the Hand.",
    "The card in the Hand MUST be played before the next",
    "deal can proceed.",
    "The card in the Hand may be moved to any wastepile or to",
    "a foundation if appropriate.",
    "Redeal - There is no re-deal in this game.",
    "command: p === Play (i.e. start again);",
    "command: m <s> <s#> <d> <d#>",
    "=== Move a card from source <s> to destination <d>;",
    "Source may be H / W",
    "If source is W, destination MUST be F",
    "NOTE: <s#> and <d#> refer to one of the",
    "waste piles or foundations (numbered 1-4)",
    "command: d === Deal (turn up the next card);",
    "command: h === Help (display the rules);",
    "command: q === Quit (end game);",
))


def _cells(texts: Sequence[str]) -> str:
    return "".join(f"{text:<{COLUMN}}" for text in texts)


def sequence_line(game: Calculation, number: int) -> str:
    """``Foundation 2: 2  4  6 …`` and the rank it needs next (or that it is done)."""
    ranks = " ".join(f"{rank_name(rank):<2}" for rank in SEQUENCES[number - 1])
    needed = game.needs(number)
    return (f"Foundation {number}: {ranks}   "
            + (f"next: {rank_name(needed)}" if needed is not None else "done"))


def board_lines(game: Calculation, colour: bool = False) -> list[str]:
    """Her display, one string per screen line (without the options)."""
    lines = [sequence_line(game, number) for number in range(1, FOUNDATIONS + 1)]
    lines.append(f">> SCORE: {game.score}")
    hand = game.pile(HAND).top
    lines.append(f"{'Hand: ' + (hand.name if hand else '--'):<{MARGIN}}"
                 + _cells([str(n) for n in range(1, FOUNDATIONS + 1)]).rstrip())
    lines.append(" " * MARGIN + _cells(["--"] * FOUNDATIONS).rstrip())
    tops = [game.pile(foundation(n)).top for n in range(1, FOUNDATIONS + 1)]
    lines.append(" " * MARGIN + _cells([top.name if top else "--" for top in tops])
                 + ":: FOUNDATIONS")
    lines.append(" " * MARGIN + "-" * 30)
    lines.append(f"{'Left: ' + str(game.cards_left):<{MARGIN}}:: WASTE PILES")
    piles = [game.pile(waste_pile(n)).cards for n in range(1, WASTE_PILES + 1)]
    for row in range(max(len(pile) for pile in piles)):
        lines.append(" " * MARGIN + _cells([pile[row].name if row < len(pile) else ""
                                            for pile in piles]).rstrip())
    return lines


def state_message(game: Calculation) -> str:
    """What the game says once it is over; empty while play goes on."""
    if game.is_won:
        return f"You win!  SCORE: {game.score}.  P to play again, Q to quit."
    if game.is_stuck:
        return (f"Game over: no card can go to a foundation.  SCORE: {game.score}.  "
                "P for a new game, Q to quit.")
    return ""


def help_pages(game: Calculation) -> list[list[str]]:
    """Her two screens of help."""
    return [list(page) for page in HELP_PAGES]


TERMINAL = TerminalSpec(board_lines, help_pages, Reads.LINES, read_request, prompt=PROMPT,
                        menu=tuple(OPTIONS), ending=state_message)
