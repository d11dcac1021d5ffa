"""TriPeaks' notation: one word a move, for the terminal program and the
solver's lines.

=========  ==============================================================
``8S``     play that card of the peaks onto the waste (``10h``, ``th`` read
           the same)
``deal``   turn the stock's next card onto the waste (``+`` reads the same)
=========  ==============================================================

``cardgui solve tripeaks --json`` writes its moves in this notation; fed one
a line to ``cardgui text tripeaks``, they replay the solution.
"""

from __future__ import annotations

from typing import Iterable

from ...cards import Card, CardError
from ...commands import Command
from ...moves import Deal, Step
from .game import TriPeaks

DEAL_WORDS = ("deal", "+")


def read_word(game: TriPeaks, word: str) -> Command:
    """The command one word of the notation asks for (whether the rules
    allow it is the game's to say, when it is performed).

    Raises:
        ValueError: with a reason a player can read, for a word that is not
            a move of the notation.
    """
    text = word.strip()
    if text.lower() in DEAL_WORDS:
        return Command("deal")
    try:
        card = Card.parse(text)
    except CardError as error:
        raise ValueError(f"{text!r} is not a move: write a card of the peaks, like 8S, "
                         f"or deal ({error})") from None
    return Command("play_card", (card.name,))


def step_word(game: TriPeaks, step: Step) -> str:
    """``step`` in the notation, from ``game``'s position."""
    if isinstance(step, Deal):
        return "deal"
    return game.pile(step.source).cards[-1].name


def step_words(game: TriPeaks, steps: Iterable[Step]) -> list[str]:
    """The steps in the notation, one word a move, from ``game``'s position
    (``game`` itself is left unchanged).

    Raises:
        IllegalMove: for a step the rules refuse.
    """
    copy = game.detached()
    words = []
    for step in steps:
        words.append(step_word(copy, step))
        copy.apply(step)
    return words
