"""Spider's moves written one word a move, for the terminal and the solver.

* ``37``: column 3 onto column 7 (``0`` is column 10).  Onto a column with
  cards it takes the part of column 3's movable run that fits there (the
  card one rank below column 7's top, with the cards on it); onto an empty
  column, the whole run that may move.
* ``37x2``: only the top two cards (``x`` and a count): a part of the run
  onto an empty column, or a count to say exactly what a move takes.
* ``d``: deal a row from the stock.

Solutions are written this way (``solution_words``), so that the words fed
one a line to ``cardgui text spider`` replay them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ...moves import DEAL, Deal, IllegalMove, Move, Step
from ...piles import PileId, Role, tableau
from .game import Spider

DEAL_WORD = "d"
_MOVE = re.compile(r"^([0-9])([0-9])(?:x([0-9]+))?$", re.IGNORECASE)


def column_digit(column: PileId) -> str:
    """The digit that names ``column``: ``1``-``9``, and ``0`` for column 10."""
    return str(column.index % 10)


def _column(digit: str) -> PileId:
    return tableau(int(digit) or 10)


def parse_step(game: Spider, word: str) -> Step:
    """The step ``word`` asks for in ``game``'s position: ``DEAL`` or a
    ``Move`` of the top ``count`` cards (not yet checked against the rules:
    ``game.apply`` checks it).

    Raises:
        ValueError: if the word is not a move in this notation.
        IllegalMove: if the source column is empty, or no card of its run
            goes onto the target's top.
    """
    text = word.strip()
    if text.lower() == DEAL_WORD:
        return DEAL
    match = _MOVE.match(text)
    if not match:
        raise ValueError(f"{word!r} is not a move: write the column to move from and the "
                         "column to move to, 1-9 and 0 for 10 (37, or 30 for 3 onto 10), "
                         "x and a count for part of a run (37x2), or d to deal.")
    source, target = _column(match.group(1)), _column(match.group(2))
    if match.group(3) is not None:
        count = int(match.group(3))
        if count < 1:
            raise ValueError(f"{word!r}: a move takes at least one card")
        return Move(source, target, count)
    return Move(source, target, default_count(game, source, target))


def default_count(game: Spider, source: PileId, target: PileId) -> int:
    """How many cards ``37`` (no count) takes from ``source`` to ``target``.

    Raises:
        IllegalMove: if ``source`` is empty, or ``target`` has cards and no
            card of the run fits on its top.
    """
    pile = game.pile(source)
    if source.role is not Role.TABLEAU or pile.is_empty:
        raise IllegalMove(f"Column {source.index} is empty.")
    start = game.run_start(source)
    onto = game.pile(target).top
    if onto is None or target == source:
        return len(pile) - start
    for index in range(start, len(pile)):
        if pile.cards[index].rank + 1 == onto.rank:
            return len(pile) - index
    run = pile.cards[start:]
    shown = run[0].name if len(run) == 1 else f"{run[0]} to {run[-1]}"
    raise IllegalMove(f"Nothing from column {source.index} ({shown}) goes onto {onto}: "
                      f"it takes a card one rank lower.")


def step_word(game: Spider, step: Step) -> str:
    """``step`` written as a word for ``game``'s position: ``d``, ``37``
    when ``37`` alone takes those cards, else ``37x2``."""
    if isinstance(step, Deal):
        return DEAL_WORD
    word = column_digit(step.source) + column_digit(step.target)
    try:
        plain = default_count(game, step.source, step.target)
    except IllegalMove:
        plain = None
    return word if plain == step.count else f"{word}x{step.count}"


def solution_words(game: Spider, steps: Iterable[Step]) -> list[str]:
    """``steps``, a line of play from ``game``'s position, one word each,
    written for the position each is played in.  ``game`` is not changed.

    Raises:
        IllegalMove: if a step is not allowed where it comes.
    """
    copy = game.detached()
    words = []
    for step in steps:
        words.append(step_word(copy, step))
        copy.apply(step)
    return words

