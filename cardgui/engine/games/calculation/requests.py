"""Steps written as Katrin Becker's requests, so that a line of play replays in
``cardgui text calculation``: ``d`` deals, ``m h f 2`` puts the hand card on
foundation 2, ``m h w 3`` on waste pile 3, ``m w 1 f 4`` plays waste pile 1's
top card to foundation 4.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ...moves import Deal, Step
from ...piles import Role
from .position import HAND


def request_of(step: Step) -> str:
    """Becker's request for ``step``.

    Raises:
        ValueError: for a move her requests cannot say (a move of more than one
            card, or between piles her requests do not name).
    """
    if isinstance(step, Deal):
        return "d"
    if step.count != 1:
        raise ValueError(f"{step} moves {step.count} cards; her requests move one")
    target = step.target
    if step.source == HAND and target.role in (Role.FOUNDATION, Role.TABLEAU):
        return f"m h {'f' if target.role is Role.FOUNDATION else 'w'} {target.index}"
    if step.source.role is Role.TABLEAU and target.role is Role.FOUNDATION:
        return f"m w {step.source.index} f {target.index}"
    raise ValueError(f"{step} is not a move her requests can say")


def requests_of(steps: Iterable[Step]) -> list[str]:
    """Becker's requests for ``steps``, one a step.

    Raises:
        ValueError: as ``request_of`` does.
    """
    return [request_of(step) for step in steps]


def request_words(game: Any, steps: Iterable[Step]) -> list[str]:
    """``requests_of(steps)``, for a line played from ``game``'s position (as
    the registry's ``words`` are called; the requests do not depend on it).

    Raises:
        ValueError: as ``request_of`` does.
    """
    return requests_of(steps)
