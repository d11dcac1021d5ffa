"""Which run of a column a shifted column number moves, and where."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...cards import Card
from ...moves import IllegalMove
from ...piles import PileId
from .position import COLUMNS

if TYPE_CHECKING:
    from .game import FreeCell


def column_run(game: "FreeCell", source: PileId) -> tuple[int, PileId]:
    """(the index in ``source`` of the first card to move, the column it goes
    to): the longest run of the column that some column with cards takes (the
    leftmost on a tie); if none takes any of it, as much of it as may go to
    the first empty column.

    Raises:
        IllegalMove: if the column is empty or no column takes its cards.
    """
    pile = game.pile(source)
    if pile.is_empty:
        raise IllegalMove(f"Column {source.index} is empty.")
    start = len(pile) - 1
    while start > 0 and game.pick_up_refusal(source, start - 1) is None:
        start -= 1
    best: tuple[int, PileId] | None = None
    for target in COLUMNS:
        if game.piles[target].is_empty or target == source:
            continue
        for index in range(start, len(pile)):
            if game.drop_refusal(source, index, target) is None:
                if best is None or index < best[0]:
                    best = (index, target)
                break
    if best is None:
        empty = next((column for column in COLUMNS if game.piles[column].is_empty), None)
        index = max(start, len(pile) - game.run_limit(onto_empty=True))
        if empty is not None and index > 0:     # moving a whole column changes nothing
            best = (index, empty)
    if best is None:
        raise IllegalMove(_no_column_reason(game, source.index, pile.cards[start:]))
    return best


def _no_column_reason(game: "FreeCell", number: int, run: tuple[Card, ...]) -> str:
    if len(run) == 1:
        return f"No column takes {run[0]} from column {number}."
    shown = f"{run[0]}-{run[-1]}"
    return (f"No column takes any of {shown} from column {number}"
            f" (you can move at most {game.run_limit()} cards onto a column now).")
