"""Steps written as the cells a player types (``c3``), so that a line of play
replays in ``cardgui text pokersquares``."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ...moves import Move, Step
from .position import GRID_CELLS, STOCK, cell_name


def cell_of(step: Step) -> str:
    """The cell ``step`` places the next card in: ``c3``.

    Raises:
        ValueError: for a step that does not place the next card in a cell.
    """
    if not isinstance(step, Move) or step.source != STOCK or step.count != 1 \
            or step.target not in GRID_CELLS:
        raise ValueError(f"{step} does not place the next card in a cell")
    return cell_name(step.target)


def cells_of(steps: Iterable[Step]) -> list[str]:
    """The cells of ``steps``, one a step.

    Raises:
        ValueError: as ``cell_of`` does.
    """
    return [cell_of(step) for step in steps]


def cell_words(game: Any, steps: Iterable[Step]) -> list[str]:
    """``cells_of(steps)``, for a line played from ``game``'s position (as
    the registry's ``words`` are called; the cells do not depend on it).

    Raises:
        ValueError: as ``cell_of`` does.
    """
    return cells_of(steps)
