"""The independent check of a solver's claim: its winning line, replayed
through the engine's checked moves on a copy of the position, must win."""

from __future__ import annotations

from typing import Any, Sequence

from ..game import Game
from ..moves import IllegalMove, Step
from .result import SearchResult, Verdict


class LineDoesNotWin(AssertionError):
    """A solver claimed a win its line does not reach: a bug in the solver."""


def wins(game: Game[Any], steps: Sequence[Step]) -> bool:
    """True if ``steps``, played from ``game``'s position by the engine's
    rules, win; ``game`` itself is not changed."""
    copy = game.scratch()
    try:
        for step in steps:
            copy.apply(step)
    except IllegalMove:
        return False
    return copy.is_won


def still_winning(game: Game[Any], steps: Sequence[Step]) -> tuple[Step, ...] | None:
    """What is left of a winning line after the position changed: ``steps``
    played from ``game``'s position, leaving out those the engine now refuses
    (an automatic play made them already), if that wins; else None.  The
    answer is proven the way ``wins`` proves one; ``game`` is not changed."""
    copy = game.scratch()
    kept = []
    for step in steps:
        try:
            copy.apply(step)
        except IllegalMove:
            continue
        kept.append(step)
    return tuple(kept) if copy.is_won else None


def replays(game: Game[Any], steps: Sequence[Step]) -> bool:
    """True if every one of ``steps``, played from ``game``'s position by the
    engine's rules, is allowed; ``game`` itself is not changed."""
    copy = game.scratch()
    try:
        for step in steps:
            copy.apply(step)
    except IllegalMove:
        return False
    return True


def checked(game: Game[Any], result: SearchResult) -> SearchResult:
    """``result`` for ``game``'s position, once a winning line is seen to win
    (and a best line for a position not won, to replay).

    Raises:
        LineDoesNotWin: if the verdict is winnable and the line does not win,
            or a best line does not replay.
    """
    if result.verdict is Verdict.WINNABLE and not wins(game, result.steps):
        raise LineDoesNotWin(f"the solver's line of {len(result.steps)} steps for "
                             f"{game.title} deal {game.deal_number} does not win")
    if result.best and not replays(game, result.best):
        raise LineDoesNotWin(f"the solver's best line for {game.title} deal "
                             f"{game.deal_number} does not replay")
    return result
