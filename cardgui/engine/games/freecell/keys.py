"""One-key commands for FreeCell, in the spirit of Harvey's solitaire program.

``FreeCellKeys(game).press("8")``, then ``.press("S")`` plays the eight of
spades (with any run on it) where it can go: its foundation when going up is
safe, else a column it builds on, else a free cell.  ``M`` moves the same card
on to its next place; a shifted column number (``! @ # $ % ^ & *``) moves
that column's longest run that another column takes.  Each key returns a
``Response``; a refused key rings the bell, says why, forgets any half-typed
card name and changes nothing.
"""

from __future__ import annotations

from ...commands import Command
from ...keyboard import SESSION_KEYS, BookKeys, KeyBinding, KeyTable
from .game import FreeCell

COLUMN_KEYS = "!@#$%^&*"    # shift 1 … shift 8 on a US keyboard

FREECELL_KEYS = KeyTable([
    KeyBinding("HSDC", "card", "Play that card: rank A 2 … 10 J Q K (or T), then suit "
               "H S D C; it goes up if safe, else onto a column, else to a free cell", "card"),
    KeyBinding("M", "M", "Move same card again, to its next place", "again"),
    KeyBinding(COLUMN_KEYS, "! @ # …", "Move the longest run of a column: shifted column "
               "number ! @ # $ % ^ & * for columns 1-8", "column"),
    KeyBinding("W", "W", "Play every safe card up to the foundations", "play_up"),
    KeyBinding(" \b\x7f", "Del", "Forget a half-typed card (also Backspace, Space)", "rubout"),
    *SESSION_KEYS,
])


class FreeCellKeys(BookKeys):
    """Interprets keystrokes for one game of FreeCell."""

    table = FREECELL_KEYS
    game: FreeCell

    # -- actions, named in the key table ---------------------------------------

    def _card(self, key: str) -> Command:
        return Command("play_card", (self.reader.take_card(key).name,))

    def _again(self, key: str) -> Command:
        self.reader.require_nothing_pending(key)
        return Command("again")

    def _column(self, key: str) -> Command:
        self.reader.require_nothing_pending(key)
        return Command("move_column_run", (COLUMN_KEYS.index(key) + 1,))

    def _play_up(self, key: str) -> Command:
        self.reader.require_nothing_pending(key)
        return Command("play_up")
