"""A table for any game, laid out from its piles' roles: the stock and waste at
the top left, then free cells, foundations at the top right, the tableau
fanned below, a grid of cells in rows below that.  A game registered without a
table of its own gets this one."""

from __future__ import annotations

import math
from typing import Any

from ...engine.game import Game
from ...engine.piles import PileId, Role
from ...engine.table_plan import Fan, Spot, TableLayout, TableSpec

TABLEAU_ROWS = 3.0     # card heights left for a fanned tableau
MARKERS = {Role.STOCK: "redeal", Role.WASTE: "empty", Role.FOUNDATION: "foundation",
           Role.TABLEAU: "empty", Role.CELL: "cell", Role.GRID: "cell"}


def default_table(game: Game[Any]) -> TableLayout:
    """Every pile of ``game`` placed by its role, so that none overlaps another."""
    spots: dict[PileId, Spot] = {}
    top_left = game.pile_ids(Role.STOCK) + game.pile_ids(Role.WASTE) + game.pile_ids(Role.CELL)
    foundations = game.pile_ids(Role.FOUNDATION)
    tableau = game.pile_ids(Role.TABLEAU)
    grid = game.pile_ids(Role.GRID)
    grid_side = math.ceil(math.sqrt(len(grid))) if grid else 0
    columns = max(len(top_left) + len(foundations) + (1 if top_left and foundations else 0),
                  len(tableau), grid_side, 1)
    for column, pile_id in enumerate(top_left):
        fan = Fan.RIGHT if pile_id.role is Role.WASTE else Fan.NONE
        spots[pile_id] = Spot(column, 0, fan, marker=MARKERS[pile_id.role],
                              label=str(pile_id))
    for number, pile_id in enumerate(foundations):
        spots[pile_id] = Spot(columns - len(foundations) + number, 0,
                              marker=MARKERS[pile_id.role], label=str(pile_id))
    row = 1.0 if top_left or foundations else 0.0
    for column, pile_id in enumerate(tableau):
        spots[pile_id] = Spot(column, row, Fan.DOWN, marker=MARKERS[pile_id.role],
                              label=str(pile_id))
    if tableau:
        row += TABLEAU_ROWS
    for number, pile_id in enumerate(grid):
        spots[pile_id] = Spot(number % grid_side, row + number // grid_side,
                              marker=MARKERS[pile_id.role], label=str(pile_id))
    if grid:
        row += math.ceil(len(grid) / grid_side)
    return TableLayout(spots, columns=columns, rows=max(row, 1.0))


TABLE: TableSpec[Game[Any], Any] = TableSpec(default_table)
