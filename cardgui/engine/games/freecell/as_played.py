"""The solver's answer for the game as the player has it, autoplay included.

``solver.solve`` gives its winning line as moves for a copy with autoplay off:
every card that goes up is its own step.  With autoplay on, the engine sends
the safe ones up by itself, perhaps in another order and so onto other
foundations, so the line is rewritten by card: a step whose card is already
up is left out, and a card going up goes to the foundation the game has for
its suit.  Nothing else changes, since autoplay only ever does what the line
was about to do (both play exactly the safe cards, after every move).
The line is followed on scratch copies (``Game.scratch``); the
answer is then checked as every solver's is (``search.check``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ...moves import IllegalMove, Move, Step
from ...piles import Role
from ...search.budget import Budget
from ...search.result import SearchResult, Verdict
from .game import FreeCell
from .solver import solve


def solve_as_played(game: FreeCell, budget: Budget) -> SearchResult:
    """``solver.solve``'s answer, with a winning line that plays on ``game``
    as it is, its autoplay on or off.  ``game`` itself is not changed.

    Raises:
        SearchCancelled: when ``budget.cancelled`` says to stop.
    """
    result = solve(game, budget)
    if result.verdict is not Verdict.WINNABLE or not game.autoplay:
        return result
    return replace(result, steps=tuple(steps_as_played(game, result.steps)))


def steps_as_played(game: FreeCell, steps: Sequence[Step]) -> list[Move]:
    """``steps``, a line for ``game``'s position with autoplay off, as moves
    for ``game`` with its own autoplay setting.  ``game`` is not changed.

    Raises:
        IllegalMove: if a step is not a move the rules allow with autoplay off.
    """
    plain = game.scratch()
    plain.autoplay = False
    played = game.scratch()
    kept: list[Move] = []
    for step in steps:
        if not isinstance(step, Move):
            raise IllegalMove("FreeCell has no cards to deal.")
        card = plain.pile(step.source).cards[-step.count]
        plain.apply(step)
        source, _ = played.find(card)
        if step.target.role is Role.FOUNDATION:
            if source.role is Role.FOUNDATION:
                continue            # autoplay sent it up already
            target = played.foundation_for(card)
            if target is None:
                raise IllegalMove(f"{card} cannot go up yet.")
        else:
            target = step.target
        move = Move(source, target, step.count)
        played.apply(move)
        kept.append(move)
    return kept
