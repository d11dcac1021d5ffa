"""One-key commands for Spider, in the spirit of Harvey's solitaire program.

``SpiderKeys(game).press("8")``, then ``.press("S")`` plays the eight of
spades, with the run on it, to its best place: a column whose top is the
nine of spades, else a nine of another suit, else an empty column.  Of the
copies of a card (two of each with four suits, up to eight of each spade
with one), the one with the best place moves: building in suit before
building on another suit before an empty column, and on a tie the one in
the leftmost column.  ``+`` deals a row; a shifted column number (``! @ #
$ % ^ & * ( )`` for columns 1-10) moves the longest part of that column's
run that a column takes.  Each key is translated into a command; a refused
key rings the bell, says why and changes nothing.
"""

from __future__ import annotations

from ...commands import Command
from ...keyboard import SESSION_KEYS, SHIFTED_DIGITS, BookKeys, KeyBinding, KeyTable
from .game import Spider

SPIDER_KEYS = KeyTable([
    KeyBinding("SHDC", "card", "Play that card and the run on it: rank A 2 … 10 J Q K "
               "(or T), then suit S H D C; it goes onto a card one higher in its suit, "
               "else in another suit, else to an empty column", "card"),
    KeyBinding("+=", "+ =", "Deal a row of ten cards (no column may be empty)", "deal"),
    KeyBinding(SHIFTED_DIGITS, "! @ # …", "Move a column's run: shifted column number "
               "! @ # $ % ^ & * ( ) for columns 1-10", "column"),
    KeyBinding(" \b\x7f", "Del", "Forget a half-typed card (also Backspace, Space)", "rubout"),
    *SESSION_KEYS,
])


class SpiderKeys(BookKeys):
    """Interprets keystrokes for one game of Spider."""

    table = SPIDER_KEYS
    game: Spider

    # -- actions, named in the key table ---------------------------------------

    def _card(self, key: str) -> Command:
        return Command("play_card", (self.reader.take_card(key).name,))

    def _deal(self, key: str) -> Command:
        self.reader.require_nothing_pending(key)
        return Command("deal")

    def _column(self, key: str) -> Command:
        self.reader.require_nothing_pending(key)
        return Command("move_column_run", (SHIFTED_DIGITS.index(key) + 1,))
