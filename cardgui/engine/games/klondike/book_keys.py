"""Engine steps written as the book's keystrokes, so a solution replays by hand.

``book_keys(game, steps)`` gives the keys that make ``steps`` from the
position ``game`` is in: ``+`` for a deal; for a move, the card (``P`` for the
pile's top card, the shifted stack number ``! @ # $ % ^ &`` when it is the
bottom face-up card of its stack, else its name such as ``8S`` or ``10H``)
and then one ``M`` for each place the book's ``playcard`` would try before the
one wanted.  ``KlondikeKeys`` and ``cardgui text klondike`` read them back,
in every variant (``+`` deals one card or three, as the game does).  The
book has no key that takes a card back down from the top, so a line that
does cannot be written in its keys; ``step_words`` writes any line.
"""

from __future__ import annotations

from typing import Iterable

from ...keyboard import SHIFTED_DIGITS
from ...moves import Deal, Step
from ...piles import PileId, Role
from .game import Klondike
from .position import PILE

AGAIN_KEY, DEAL_KEY, PILE_KEY = "M", "+", "P"


def book_keys(game: Klondike, steps: Iterable[Step]) -> str:
    """The keystrokes that make ``steps``, one after another, from ``game``'s
    position (``game`` itself is left unchanged).

    Raises:
        ValueError: for a step the keys cannot make: a card taken back down
            from the top, a card that is safe to go up sent onto a stack, or
            a step the rules refuse.
    """
    copy = game.detached()
    keys: list[str] = []
    for step in steps:
        if isinstance(step, Deal):
            keys.append(DEAL_KEY)
            copy.deal()
            continue
        if step.source.role is Role.FOUNDATION:
            raise ValueError(f"{step}: the book's keys cannot take a card back down from "
                             "the top (the line can be written as moves instead)")
        pile = copy.pile(step.source)
        index = len(pile) - step.count
        reason = copy.refusal(step.source, index, step.target)
        if reason:
            raise ValueError(f"{step}: {reason}")
        keys.append(_card_key(copy, step.source, index))
        keys.append(AGAIN_KEY * _agains(copy, step.source, index, step.target))
        copy.apply(step)
    return "".join(keys)


def _card_key(game: Klondike, source: PileId, index: int) -> str:
    """The key that picks the card at ``index`` of ``source``."""
    if source == PILE:
        return PILE_KEY
    pile = game.pile(source)
    if source.role is Role.TABLEAU and index == pile.hidden:
        return SHIFTED_DIGITS[source.index - 1]
    return pile.cards[index].name


def _agains(game: Klondike, source: PileId, index: int, target: PileId) -> int:
    """How many ``M`` after the card key take the card to ``target``.

    Raises:
        ValueError: if the book's ``playcard`` never offers ``target``.
    """
    first = game.destinations(source, index)
    places = game.all_destinations(source, index)
    if first and first[0] == target:
        return 0
    if first != places or target not in places:
        card = game.pile(source).cards[index]
        raise ValueError(f"the book's keys cannot send {card} to {target}: "
                         f"it goes to {first[0] if first else 'nowhere'}")
    return places.index(target)


def step_words(game: Klondike, steps: Iterable[Step]) -> list[str]:
    """The steps as the engine writes them (``T3>T6x2``, ``deal``), one a move."""
    return [str(step) for step in steps]
