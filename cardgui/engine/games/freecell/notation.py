"""FreeCell's standard move notation, as FreeCell Pro and ``fc-solve -snx`` write it.

A move is two characters, source then destination: ``1``-``8`` a column,
``a``-``d`` a free cell, and as a destination ``h`` the foundations.  A run
onto an empty column is written with ``v`` and the number of cards in
hexadecimal (``38v3``).  Without ``v``, a move onto a column with cards takes
the run that fits there, and a move onto an empty column takes one card.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from ...commands import Command
from ...moves import IllegalMove, Move, Step
from ...piles import PileId, Role, cell, tableau
from ...rules import alternate_descending
from .game import FreeCell
from .position import CELL_LETTERS, place_name

_NOTATION = re.compile(r"^([1-8a-d])([1-8a-dh])(?:v([0-9a-f]+))?$", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class StandardMove:
    """One move as written: where from, where to (None: the foundations), and
    the number of cards when ``v`` gave it."""

    source: PileId
    target: PileId | None
    count: int | None = None

    def __str__(self) -> str:
        written = _letter(self.source) + ("h" if self.target is None else _letter(self.target))
        return written + (f"v{self.count:x}" if self.count is not None else "")


def _pile(char: str) -> PileId:
    char = char.lower()
    return tableau(int(char)) if char.isdigit() else cell(CELL_LETTERS.index(char) + 1)


def _letter(pile_id: PileId) -> str:
    if pile_id.role is Role.CELL:
        return CELL_LETTERS[pile_id.index - 1]
    return str(pile_id.index)


def parse_standard(text: str) -> StandardMove:
    """The move written as ``text``: ``58``, ``3a``, ``bh``, ``27v4``.

    Raises:
        ValueError: if the text is not a move in standard notation.
    """
    match = _NOTATION.match(text.strip())
    if not match:
        raise ValueError(f"{text!r} is not a move: write source (1-8 or a-d) then "
                         "destination (1-8, a-d or h), like 58, 3a or bh.")
    source_char, target_char, count_text = match.groups()
    source = _pile(source_char)
    target = None if target_char.lower() == "h" else _pile(target_char)
    count = int(count_text, 16) if count_text is not None else None
    if count is not None:
        if count < 1:
            raise ValueError(f"{text!r}: a move takes at least one card")
        if source.role is not Role.TABLEAU or target is None or target.role is not Role.TABLEAU:
            raise ValueError(f"{text!r}: v counts cards only from a column to a column")
    return StandardMove(source, target, count)


def resolve(game: FreeCell, move: StandardMove) -> Move:
    """The engine's move for ``move`` in this position, not yet checked
    against the rules (``game.apply`` checks it).

    Raises:
        IllegalMove: if the source is empty or, for ``h``, the card's suit
            has no foundation yet.
    """
    source = game.pile(move.source)
    if source.is_empty:
        raise IllegalMove(f"There is no card in {place_name(move.source)}.")
    top = source.cards[-1]
    if move.target is None:
        place = game.foundation_for(top)
        if place is None:
            raise IllegalMove(f"{top} cannot go up yet: its foundation has not started.")
        return Move(move.source, place, 1)
    if move.count is not None:
        return Move(move.source, move.target, move.count)
    onto = game.pile(move.target).top
    if move.target.role is Role.CELL or onto is None:
        return Move(move.source, move.target, 1)
    for index in range(len(source) - 1, -1, -1):
        if alternate_descending(source.cards[index], onto, empty_takes_king_only=False) is None:
            return Move(move.source, move.target, len(source) - index)
    return Move(move.source, move.target, 1)


def standard_command(game: FreeCell, text: str) -> Command:
    """The command a move written in standard notation asks of ``game`` (a
    drag of those cards), not yet checked against the rules.

    Raises:
        ValueError: if the text is not a move, or (``IllegalMove``) names an
            empty pile or more cards than the pile holds.
    """
    move = parse_standard(text)
    engine_move = resolve(game, move)
    if engine_move.count > len(game.pile(engine_move.source)):
        raise IllegalMove(f"{place_name(move.source).capitalize()} has only "
                          f"{len(game.pile(engine_move.source))} cards, not {engine_move.count}.")
    return game.command_for(engine_move)


def standard_move(game: FreeCell, move: Move) -> StandardMove:
    """``move`` as standard notation writes it in this position: ``h`` for
    any foundation, and ``v`` with the count only for more than one card
    onto an empty column (elsewhere the run that fits is understood).

    Raises:
        IllegalMove: if the rules refuse the move here.
    """
    reason = game.refusal(move.source, len(game.pile(move.source)) - move.count, move.target)
    if reason:
        raise IllegalMove(reason)
    return _written(game, move)


def _written(game: FreeCell, move: Move) -> StandardMove:
    """``move`` as standard notation writes it, not asking the rules."""
    if move.target.role is Role.FOUNDATION:
        return StandardMove(move.source, None)
    onto_empty = move.target.role is Role.TABLEAU and game.pile(move.target).is_empty
    return StandardMove(move.source, move.target,
                        move.count if onto_empty and move.count > 1 else None)


def standard_notation(game: FreeCell, steps: Iterable[Step]) -> list[str]:
    """The moves ``steps`` make from ``game``'s position (applied one by one
    with autoplay off, as a solver's steps are), written in standard
    notation.  Played in order on the same position with autoplay off, the
    words make the same moves.  ``game`` itself is not changed.

    Raises:
        IllegalMove: at the first step the rules refuse (or a ``DEAL``,
            which FreeCell has not).
    """
    copy = game.scratch()
    copy.autoplay = False
    words = []
    for step in steps:
        if not isinstance(step, Move):
            raise IllegalMove("FreeCell has no cards to deal.")
        word = str(_written(copy, step))
        copy.apply(step)                # which asks the rules
        words.append(word)
    return words
