"""What an advisor answers: a step and the reason for it, in words for the
player; or that there is nothing left to advise."""

from __future__ import annotations

from dataclasses import dataclass

from .moves import Step


@dataclass(frozen=True, slots=True)
class Advice:
    """The step to make (``game.apply(step)`` carries it out) and why, in a
    sentence for the player."""

    step: Step
    reason: str


class NoAdvice(ValueError):
    """There is nothing left to do: the game is over."""
