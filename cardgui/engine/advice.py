"""What an advisor answers: a step and the reason for it, in words for the
player; or that there is nothing left to advise."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .game import Game
from .moves import Step


@dataclass(frozen=True, slots=True)
class Advice:
    """The step to make (``game.apply(step)`` carries it out) and why, in a
    sentence for the player."""

    step: Step
    reason: str


class NoAdvice(ValueError):
    """There is nothing left to do: the game is over."""


def play_alone(game: Game[Any], advise: Callable[[Game[Any]], Advice]) -> list[Step]:
    """Play ``game`` to its end by ``advise`` alone, every step through the
    engine's checked moves, until it is over or there is nothing to advise;
    the steps.  ``game`` is changed.

    Raises:
        IllegalMove: if the engine refuses an advised step (a bug in the advisor).
    """
    steps: list[Step] = []
    while not game.is_over:
        try:
            advice = advise(game)
        except NoAdvice:
            break
        game.apply(advice.step)
        steps.append(advice.step)
    return steps
