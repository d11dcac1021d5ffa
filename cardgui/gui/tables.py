"""Every game's table, by game id.  A game appears in the window once it has one."""

from __future__ import annotations

from . import calculation_table, freecell_table, klondike_table, pokersquares_table
from .table_spec import TableSpec

TABLES: dict[str, TableSpec] = {
    "klondike": klondike_table.SPEC,
    "freecell": freecell_table.SPEC,
    "calculation": calculation_table.SPEC,
    "pokersquares": pokersquares_table.SPEC,
}
