"""How long a search may run, and how it is stopped early.

A budget is given in seconds, as players and the command line think of it,
but a search counts positions, not seconds: each solver converts the seconds
at its own fixed rate (the positions a second it searches on the machine it
was measured on).  So the same position with the same budget always gets the
same answer, on a fast machine or a busy one; only the wall time differs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable


class SearchCancelled(Exception):
    """A search was stopped because its answer is no longer wanted."""


@dataclass(frozen=True, slots=True)
class Budget:
    """``seconds`` of search at a solver's rate; ``cancelled``, if given, is
    asked now and then, and a search stops with ``SearchCancelled`` once it
    says True (the window's solver does this when a new gesture comes)."""

    seconds: float
    cancelled: Callable[[], bool] | None = None

    def __post_init__(self) -> None:
        if not self.seconds > 0:
            raise ValueError(f"a budget must be a positive number of seconds, not {self.seconds!r}")

    def positions(self, positions_per_second: int) -> int:
        """The most positions a search at that rate may visit."""
        return max(1, int(self.seconds * positions_per_second))

    def check_cancelled(self) -> None:
        """Raise ``SearchCancelled`` if the answer is no longer wanted.

        Raises:
            SearchCancelled: if ``cancelled`` says so.
        """
        if self.cancelled is not None and self.cancelled():
            raise SearchCancelled()
