"""A solver's answer: winnable (with the steps), impossible, or unknown."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Callable

from ..moves import Step


class Verdict(enum.Enum):
    """What a search found out about a position."""

    WINNABLE = "winnable"       # the steps lead to a win
    IMPOSSIBLE = "impossible"   # every position reachable under the rules was searched
    UNKNOWN = "unknown"         # the budget ran out first


@dataclass(frozen=True, slots=True)
class SearchResult:
    """A verdict; for ``WINNABLE`` the steps from the position to the win,
    each checked by the engine when replayed; otherwise, in ``best``, the
    steps to the most cards up the search found (what Hint and Demo offer
    in a lost game; empty if it has none); how many positions were
    searched; and the seconds it took (for reports only: the verdict never
    depends on them)."""

    verdict: Verdict
    steps: tuple[Step, ...] = ()
    positions: int = 0
    seconds: float = 0.0
    best: tuple[Step, ...] = ()

    def __post_init__(self) -> None:
        if self.steps and self.verdict is not Verdict.WINNABLE:
            raise ValueError(f"only a winnable verdict comes with steps, not {self.verdict.value}")
        if self.best and self.verdict is Verdict.WINNABLE:
            raise ValueError("a winnable verdict comes with its winning steps, not a best line")


def decided(won: bool | None, winning_steps: Callable[[], tuple[Step, ...]], positions: int,
            seconds: float) -> SearchResult:
    """The result of a search that answered ``won`` (None: out of budget):
    WINNABLE with ``winning_steps()`` (called only then), IMPOSSIBLE, or
    UNKNOWN."""
    if won is None:
        return SearchResult(Verdict.UNKNOWN, (), positions, seconds)
    if not won:
        return SearchResult(Verdict.IMPOSSIBLE, (), positions, seconds)
    return SearchResult(Verdict.WINNABLE, winning_steps(), positions, seconds)
