"""The notes under a game's keys, in the command panel and the Keys window:
the game's own, how the keyboard focus works, and the help's keys."""

from __future__ import annotations

from typing import Any

from ..engine.table_plan import TableSpec
from .controller import TableController

FOCUS_NOTE = ("Keyboard focus: the arrow keys or Tab show it and move it over the piles and "
              "cards; Enter or Space picks up the cards from the focused one up and puts "
              "them down on another pile; Escape puts them back, then hides the focus.  "
              "A screen reader reads the focused card or pile.")


def help_note(can_finish: bool) -> str:
    """The note on the help, for a game with Finish or without."""
    note = ("Help: Ctrl+H shows a hint (the cards to move and where, outlined in pink); "
            "Ctrl+E starts or stops Demo, which plays from here (any key or click stops it)")
    return note + ("; Ctrl+F plays every card up once all can go." if can_finish else ".")


def panel_notes(spec: TableSpec[Any, Any], controller: TableController) -> list[str]:
    """The notes for the game in play: its table's, the focus note where its
    keys have no cursor of their own, and the help's."""
    notes = [note for note in [controller.game.rules_note()] if note] + list(spec.notes)
    if controller.keys.cursor_pile is None:
        notes.append(FOCUS_NOTE)
    notes.append(help_note(controller.game.can_finish))
    return notes
