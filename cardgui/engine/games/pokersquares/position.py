"""Poker Squares' piles by name: the stock and the 25 cells of the grid.

``S1`` is the stock, the cards still to come, whose top card (the next one)
lies face up and the rest face down; ``G1``-``G25`` are the grid's cells, row
by row (``G1``-``G5`` the top row, left to right).  The player names a cell by
its column letter ``a``-``e`` (left to right) then its row digit ``1``-``5``
(top to bottom): ``c2`` is the third cell of the second row, ``G8``.  In the
Python API rows and columns count from 0.
"""

from __future__ import annotations

import re

from ...moves import IllegalMove
from ...piles import PileId, Role, stock

SIDE = 5
CELL_COUNT = SIDE * SIDE
COLUMN_LETTERS = "abcde"
STOCK = stock()
_CELL_NAME = re.compile(r"^([a-e])([1-5])$")


def grid_cell(row: int, column: int) -> PileId:
    """The pile of the cell in ``row`` and ``column`` (both from 0)."""
    if not (0 <= row < SIDE and 0 <= column < SIDE):
        raise ValueError(f"there is no cell in row {row}, column {column}")
    return PileId(Role.GRID, row * SIDE + column + 1)


GRID_CELLS: tuple[PileId, ...] = tuple(grid_cell(row, column)
                                       for row in range(SIDE) for column in range(SIDE))


def cell_position(cell: PileId) -> tuple[int, int]:
    """(row, column), both from 0, of a grid cell's pile."""
    return divmod(cell.index - 1, SIDE)


def cell_name(cell: PileId) -> str:
    """The player's name of a grid cell's pile: ``G8`` is ``c2``."""
    row, column = cell_position(cell)
    return f"{COLUMN_LETTERS[column]}{row + 1}"


def parse_cell(text: str) -> PileId:
    """The grid cell a player names: ``c2`` (any case) is column c, row 2.

    Raises:
        IllegalMove: if the text names no cell.
    """
    match = _CELL_NAME.match(text.strip().lower())
    if not match:
        raise IllegalMove(f"{text.strip()!r} is not a cell: name a column a-e, then a "
                          "row 1-5, like c3.")
    return grid_cell(int(match.group(2)) - 1, COLUMN_LETTERS.index(match.group(1)))
