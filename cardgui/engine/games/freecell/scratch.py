"""Moves made ahead on a scratch copy of a FreeCell game.

A copy made only to read a line ahead (to write it in standard notation,
or to rewrite it for a game with autoplay on) is thrown away afterwards,
so it needs only what a checked move does to the cards: the move is asked
of the rules (``refusal``), its cards are carried (``_transfer``) and, in a
game with autoplay on, the safe cards go up (``_play_safe_cards_up``), as
``Game.move`` does them.  What the checked move adds besides (an undo
entry, the moves made, M's memory) changes no card and is most of its
cost, so it is left out here.  A line meant for a game in play is still
replayed through its checked moves (``search.check``).
"""

from __future__ import annotations

from ...moves import IllegalMove, Move
from .game import FreeCell


def move_ahead(copy: FreeCell, move: Move) -> None:
    """Make ``move`` on ``copy``, a scratch copy, as its checked move would
    leave the cards (safe cards up if ``copy.autoplay``), recording nothing.

    Raises:
        IllegalMove: with the reason, if the rules refuse; nothing changes.
    """
    index = len(copy.pile(move.source)) - move.count
    reason = copy.refusal(move.source, index, move.target)
    if reason:
        raise IllegalMove(reason)
    copy._transfer(move.source, index, move.target)
    if copy.autoplay:
        copy._play_safe_cards_up()
