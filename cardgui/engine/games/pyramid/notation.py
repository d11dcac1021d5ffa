"""Pyramid's notation: one word a move, for the terminal program and the
solver's lines.

=========  ==============================================================
``8S+5H``  the two free cards go off together (their ranks make 13); the
           order does not matter, and ``10h+3c`` or ``th+3c`` read the same
``KS``     a free king goes off alone
``deal``   turn the stock's top card onto the waste, or, with the stock
           empty, turn the waste over (``+`` reads the same)
=========  ==============================================================

A card is free in the pyramid when no card covers it, and on the stock or
the waste when it is the top card.  ``cardgui solve pyramid --json`` writes
its moves in this notation; fed one a line to ``cardgui text pyramid``, they
replay the solution.
"""

from __future__ import annotations

from typing import Iterable

from ...cards import KING, Card, CardError
from ...commands import Command
from ...moves import Deal, Step
from .game import Pyramid
from .position import DISCARD

DEAL_WORDS = ("deal", "+")
PAIR_SIGN = "+"


def read_word(game: Pyramid, word: str) -> Command:
    """The command one word of the notation asks for, in ``game``'s position
    (whether the rules allow it is the game's to say, when it is performed).

    Raises:
        ValueError: with a reason a player can read, for a word that is not
            a move of the notation.
    """
    text = word.strip()
    if text.lower() in DEAL_WORDS:
        return Command("deal")
    first, sign, second = text.partition(PAIR_SIGN)
    try:
        if sign:
            return Command("pair_cards", (Card.parse(first).name, Card.parse(second).name))
        card = Card.parse(text)
    except CardError as error:
        raise ValueError(f"{text!r} is not a move: write two cards that make 13 as 8S+5H, "
                         f"a king as KS, or deal ({error})") from None
    if card.rank != KING:
        raise ValueError(f"{card} goes off only with a card that makes 13 with it: "
                         f"write it as {card}+..., like 8S+5H.")
    return Command("king_off", (card.name,))


def step_word(game: Pyramid, step: Step) -> str:
    """``step`` in the notation, from ``game``'s position."""
    if isinstance(step, Deal):
        return "deal"
    card = game.pile(step.source).cards[-1]
    if step.target == DISCARD:
        return card.name
    partner = game.free_card(step.target)
    return f"{card}{PAIR_SIGN}{partner}"


def step_words(game: Pyramid, steps: Iterable[Step]) -> list[str]:
    """The steps in the notation, one word a move, from ``game``'s position
    (``game`` itself is left unchanged).

    Raises:
        IllegalMove: for a step the rules refuse.
    """
    copy = game.scratch()
    words = []
    for step in steps:
        words.append(step_word(copy, step))
        copy.apply(step)
    return words
